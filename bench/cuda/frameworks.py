"""torch.cumsum and cupyx.scipy.signal.lfilter on the same sizes as plr-bench,
for the comparison rows of bench/cuda/results.md. Times are medians of host
wall time around call + synchronize, like plr-bench's.
usage: python3 frameworks.py OUT.csv"""
import statistics
import sys
import time


def timeit(fn, sync, reps):
    fn()
    sync()
    ts = []
    for _ in range(reps):
        t0 = time.perf_counter()
        fn()
        sync()
        ts.append(time.perf_counter() - t0)
    return statistics.median(ts)


rows = []
try:
    import torch
    dev = torch.device("cuda")
    for lg in (20, 24, 30):
        n = 1 << lg
        x = torch.randint(0, 1000, (n,), dtype=torch.int32, device=dev)
        t = timeit(lambda: torch.cumsum(x, 0, dtype=torch.int32), torch.cuda.synchronize, 7)
        rows.append(("torch.cumsum", "(1: 1)", "i32", n, t))
        xf = torch.rand((n,), dtype=torch.float32, device=dev)
        t = timeit(lambda: torch.cumsum(xf, 0), torch.cuda.synchronize, 7)
        rows.append(("torch.cumsum", "(1: 1)", "f32", n, t))
        del x, xf
        torch.cuda.empty_cache()
except Exception as e:  # report, do not fail the run
    print("torch:", e)

try:
    import cupy as cp
    from cupyx.scipy import signal
    filters = [("(0.2: 0.8)", [0.2], [1, -0.8]),
               ("(0.04: 1.6, -0.64)", [0.04], [1, -1.6, 0.64]),
               ("(0.008: 2.4, -1.92, 0.512)", [0.008], [1, -2.4, 1.92, -0.512])]
    for lg in (20, 24):
        n = 1 << lg
        x = cp.random.rand(n, dtype=cp.float32)
        for sig, b, a in filters:
            bb = cp.asarray(b, dtype=cp.float32)
            aa = cp.asarray(a, dtype=cp.float32)
            t = timeit(lambda: signal.lfilter(bb, aa, x), cp.cuda.Device().synchronize, 3)
            rows.append(("cupyx.scipy.signal.lfilter", sig, "f32", n, t))
except Exception as e:
    print("cupy:", e)

with open(sys.argv[1], "w") as f:
    f.write("what,signature,type,n,ms\n")
    for w, s, ty, n, t in rows:
        f.write('"%s","%s",%s,%d,%.4f\n' % (w, s, ty, n, t * 1e3))
        print("%-28s %-28s %s n=2^%d %.3f ms" % (w, s, ty, n.bit_length() - 1, t * 1e3))
