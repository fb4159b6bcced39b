#!/usr/bin/env python3
"""GPU framework baselines for bench/run_all.sh, in plr-eval's CSV columns.

    python3 bench/gpu/frameworks.py OUT.csv [--quick] [--max-n 2^30] [--only torch,cupy,jax]
                                            [--budget-s 40]

Each framework runs in its own child process (a failure or an out-of-memory
in one cannot take the others down; jax's preallocation is switched off) and
is skipped with a printed reason when it cannot be imported or has no GPU:
  torch   torch.cumsum (int32 prefix sum); torchaudio.functional.lfilter
          (Table 1 filters) when torchaudio imports
  cupy    cupy.cumsum (int32 prefix sum); cupyx.scipy.signal.lfilter
          (the 1-/2-/3-stage low- and high-pass filters of Table 1, f32)
  jax     jax.lax.associative_scan: int32 prefix sum (add), and the 1- and
          2-stage low-pass filters as (matrix, vector) pair scans (f32)
Each child measures a device-to-device copy of the same n with its own
framework, in the same process (ratio_to_copy = copy time / method time).
Timing as plr-eval: host wall time around call + synchronize, one untimed
warm-up (which also compiles jax), median/min/max over 5..15 calls. Each
method's output is checked once (n = 2^16 + 3) against a float64 (integers:
exact) host reference; the float tolerance is the larger of 1e-3 * max(1,
max|y|) and docs/runtime.md's bound, as in plr-eval.
"""
import argparse
import datetime
import math
import os
import subprocess
import sys
import time

COLUMNS = ("method,signature,type,k,n,median_ms,min_ms,max_ms,gelem_s,ratio_to_copy,bytes_aux,check,"
           "part,family,variant,reps,sm_cycles_per_elem,note,device,date")

FILTERS = [  # (signature, a = FIR a0..ap, b = feedback b1..bk), Table 1
    ("(0.2: 0.8)", [0.2], [0.8]),
    ("(0.04: 1.6, -0.64)", [0.04], [1.6, -0.64]),
    ("(0.008: 2.4, -1.92, 0.512)", [0.008], [2.4, -1.92, 0.512]),
    ("(0.9, -0.9: 0.8)", [0.9, -0.9], [0.8]),
    ("(0.81, -1.62, 0.81: 1.6, -0.64)", [0.81, -1.62, 0.81], [1.6, -0.64]),
    ("(0.73, -2.19, 2.19, -0.73: 2.4, -1.9, 0.5)", [0.73, -2.19, 2.19, -0.73], [2.4, -1.9, 0.5]),
]
CHECK_N = (1 << 16) + 3


def parse_n(s):
    s = str(s)
    if "^" in s:
        b, e = s.split("^")
        return int(b) ** int(e)
    if "<<" in s:
        b, e = s.split("<<")
        return int(b) << int(e)
    return int(s)


def lg(n):
    return "2^%d" % (n.bit_length() - 1) if n & (n - 1) == 0 else str(n)


class Writer:
    def __init__(self, path, device, date):
        self.f = open(path, "a")
        self.device, self.date = device, date

    def row(self, method, sig, typ, k, n, st=None, copy=None, aux=None, check="", note="", family="table1"):
        q = lambda s: '"%s"' % str(s).replace('"', '""')
        if st:
            med, mn, mx, reps = st
            t = "%.5f,%.5f,%.5f,%.4f" % (med * 1e3, mn * 1e3, mx * 1e3, n / med / 1e9)
            ratio = "%.4f" % (copy / med) if copy else ""
        else:
            t, ratio, reps = ",,,", "", 0
        self.f.write("%s,%s,%s,%d,%d,%s,%s,%s,%s,frameworks,%s,,%d,,%s,%s,%s\n" % (
            method, q(sig), typ, k, n, t, ratio, "" if aux is None else int(aux), q(check), family, reps,
            q(note), q(self.device), self.date))
        self.f.flush()
        if st:
            print("  %-30s %-28.28s %s n=%-8s %9.4f ms  %6.2f Gelem/s %s %s" % (
                method, sig, typ, lg(n), st[0] * 1e3, n / st[0] / 1e9,
                ("%5.1f%% of copy" % (100 * copy / st[0])) if copy else "", check), flush=True)
        else:
            print("  %-30s %-28.28s %s n=%-8s %s %s" % (method, sig, typ, lg(n), check, note), flush=True)


class Timer:
    """warm-up + 5..max_reps timed calls; projection guard across sizes"""

    def __init__(self, sync, max_reps, point_s=0.25, max_call_s=0.5):
        self.sync, self.max_reps, self.point_s, self.max_call_s = sync, max_reps, point_s, max_call_s
        self.last = {}

    def skip(self, key, n):
        if key not in self.last:
            return None
        n0, t0 = self.last[key]
        proj = t0 * n / n0
        return "skipped: one call projected at %.2f s (from %s)" % (proj, lg(n0)) if proj > self.max_call_s else None

    def time(self, key, n, fn):
        t0 = time.perf_counter()
        fn()
        self.sync()
        tw = time.perf_counter() - t0
        reps = int(min(self.max_reps, max(5, self.point_s / max(tw, 1e-7))))
        ts = []
        for _ in range(reps):
            a = time.perf_counter()
            fn()
            self.sync()
            ts.append(time.perf_counter() - a)
        ts.sort()
        med = ts[len(ts) // 2] if len(ts) % 2 else 0.5 * (ts[len(ts) // 2 - 1] + ts[len(ts) // 2])
        self.last[key] = (n, med)
        return med, ts[0], ts[-1], len(ts)


# ---------------------------------------------------------------- references
def host_input(n, flt):
    """the same values for every framework: a hash of the index"""
    import numpy as np
    i = np.arange(n, dtype=np.uint64)
    h = (i * np.uint64(2654435761)) & np.uint64(0xffffffff)
    h ^= h >> np.uint64(15)
    h = (h * np.uint64(2246822519)) & np.uint64(0xffffffff)
    h ^= h >> np.uint64(13)
    if flt:
        return ((h >> np.uint64(8)).astype(np.float64) * (2.0 / 16777216.0) - 1.0).astype(np.float32)
    return (h % np.uint64(1000)).astype(np.int32)


def ref_filter(x, a, b):
    """float64 reference of (a: b), in the float32-widened coefficients"""
    import numpy as np
    a = [float(np.float32(v)) for v in a]
    b = [float(np.float32(v)) for v in b]
    x = x.astype(np.float64)
    t = np.zeros_like(x)
    for l, c in enumerate(a):
        t[l:] += c * x[:len(x) - l]
    y = np.zeros_like(x)
    yl = [0.0] * len(b)
    tl = t.tolist()
    out = [0.0] * len(tl)
    for i, ti in enumerate(tl):
        s = ti
        for j, bj in enumerate(b):
            s += bj * yl[j]
        out[i] = s
        yl = [s] + yl[:-1]
    y[:] = out
    return y


def bound(x, a, b, Y):
    """docs/runtime.md: (2k+8) u H (T + B Y)"""
    k, n = len(b), len(x)
    h = [0.0] * n
    H = 0.0
    for i in range(n):
        v = 1.0 if i == 0 else 0.0
        for j in range(1, min(k, i) + 1):
            v += b[j - 1] * h[i - j]
        h[i] = v
        H += abs(v)
        if i > 4096 and abs(v) < 1e-30:
            break
    T = sum(abs(v) for v in a) * float(abs(x).max())
    return (2 * k + 8) * 2.0 ** -24 * H * (T + sum(abs(v) for v in b) * Y)


def check_float(got, x, a, b):
    import numpy as np
    ref = ref_filter(x, a, b)
    got = np.asarray(got, dtype=np.float64)
    if got.shape != ref.shape:
        return "FAIL(shape %s)" % (got.shape,)
    d = np.abs(got - ref)
    err = float(np.nanmax(d)) if not np.isnan(d).any() else math.inf
    Y = float(np.abs(ref).max())
    tol = max(1e-3 * max(1.0, Y), bound(x, a, b, Y))
    return ("ok(%.1e, tol %.1e)" % (err, tol)) if err <= tol else ("FAIL(%.1e, tol %.1e)" % (err, tol))


def check_prefix(got, x):
    import numpy as np
    ref = (np.cumsum(x.astype(np.int64)) & 0xffffffff).astype(np.uint32)
    got = np.asarray(got).astype(np.int64).astype(np.uint32)
    bad = np.nonzero(got != ref)[0]
    return "ok(exact)" if len(bad) == 0 else "FAIL(y[%d]=%d, want %d)" % (bad[0], got[bad[0]], ref[bad[0]])


# ---------------------------------------------------------------- children
def sizes(args):
    lo = 16 if args.quick else 14
    hi = min(args.max_n.bit_length() - 1, 24 if args.quick else 30)
    step = 4 if args.quick else 2
    ns = [1 << e for e in range(lo, hi + 1, step)]
    if ns[-1] != 1 << hi:
        ns.append(1 << hi)
    return ns


def child_torch(args, w_open):
    import torch
    if not torch.cuda.is_available():
        print("torch: skipped, torch.cuda.is_available() is False")
        return
    dev = torch.device("cuda")
    w = w_open(torch.cuda.get_device_name(0))
    sync = torch.cuda.synchronize
    T = Timer(sync, args.reps)
    xi_h = host_input(CHECK_N, False)
    xi = torch.from_numpy(xi_h).to(dev)
    chk = check_prefix(torch.cumsum(xi, 0, dtype=torch.int32).cpu().numpy(), xi_h)
    ta = None
    try:
        import torchaudio.functional as taf
        ta = taf
    except Exception as e:  # optional
        print("torch: torchaudio.functional.lfilter skipped:", str(e).splitlines()[0] if str(e) else type(e).__name__)
    fchk = {}
    if ta is not None:
        xf_h = host_input(CHECK_N, True)
        xf = torch.from_numpy(xf_h).to(dev)
        for sig, a, b in FILTERS:
            try:
                bb = torch.tensor(a + [0.0] * (len(b) + 1 - len(a)), dtype=torch.float32, device=dev)
                aa = torch.tensor([1.0] + [-v for v in b] + [0.0] * (len(a) - len(b) - 1), dtype=torch.float32,
                                  device=dev)
                n_ = max(len(aa), len(bb))
                aa = torch.nn.functional.pad(aa, (0, n_ - len(aa)))
                bb = torch.nn.functional.pad(bb, (0, n_ - len(bb)))
                fchk[sig] = (aa, bb, check_float(ta.lfilter(xf, aa, bb, clamp=False).cpu().numpy(), xf_h, a, b))
            except Exception as e:
                fchk[sig] = (None, None, "FAIL(%s)" % str(e).splitlines()[0][:80])
    copies = {}
    for n in sizes(args):
        try:
            x = torch.randint(0, 1000, (n,), dtype=torch.int32, device=dev)
            y = torch.empty_like(x)
            cp = T.time("copy", n, lambda: y.copy_(x))
            copies[n] = cp[0]
            w.row("copy_torch", "-", "32-bit", 0, n, cp, cp[0], note="Tensor.copy_ device to device")
            why = T.skip("cumsum", n)
            if why:
                w.row("torch.cumsum", "(1: 1)", "i32", 1, n, check=chk, note=why)
            else:
                torch.cuda.reset_peak_memory_stats()
                base = torch.cuda.memory_allocated()
                st = T.time("cumsum", n, lambda: torch.cumsum(x, 0, dtype=torch.int32, out=y))
                aux = torch.cuda.max_memory_allocated() - base
                w.row("torch.cumsum", "(1: 1)", "i32", 1, n, st, cp[0], aux=aux, check=chk,
                      note="bytes_aux: peak of torch's allocator during the calls")
            del x, y
            torch.cuda.empty_cache()
        except torch.cuda.OutOfMemoryError as e:
            print("torch: n=%s out of memory, stopping: %s" % (lg(n), str(e).splitlines()[0]))
            break
    if ta is None:
        return
    for n in sorted(copies):  # torchaudio after the cumsum rows: it may be slow
        try:
            xf = torch.rand((n,), dtype=torch.float32, device=dev) * 2 - 1
            for sig, a, b in FILTERS:
                aa, bb, c = fchk[sig]
                if aa is None:
                    w.row("torchaudio.lfilter", sig, "f32", len(b), n, check=c, note="failed at the check size")
                    continue
                key = "ta" + sig
                why = T.skip(key, n)
                if why:
                    w.row("torchaudio.lfilter", sig, "f32", len(b), n, check=c, note=why)
                    continue
                st = T.time(key, n, lambda: ta.lfilter(xf, aa, bb, clamp=False))
                w.row("torchaudio.lfilter", sig, "f32", len(b), n, st, copies[n], check=c)
            del xf
            torch.cuda.empty_cache()
        except torch.cuda.OutOfMemoryError as e:
            print("torch: n=%s out of memory, stopping: %s" % (lg(n), str(e).splitlines()[0]))
            break


def child_cupy(args, w_open):
    import cupy as cp
    name = cp.cuda.runtime.getDeviceProperties(0)["name"]
    w = w_open(name.decode() if isinstance(name, bytes) else str(name))
    sync = cp.cuda.Device().synchronize
    T = Timer(sync, args.reps)
    try:
        from cupyx.scipy import signal
    except Exception as e:
        signal = None
        print("cupy: cupyx.scipy.signal.lfilter skipped:", e)
    xi_h = host_input(CHECK_N, False)
    chk = check_prefix(cp.asnumpy(cp.cumsum(cp.asarray(xi_h), dtype=cp.int32)), xi_h)
    fchk = {}
    if signal is not None:
        xf_h = host_input(CHECK_N, True)
        xf = cp.asarray(xf_h)
        for sig, a, b in FILTERS:
            bb = cp.asarray(a, dtype=cp.float32)
            aa = cp.asarray([1.0] + [-v for v in b], dtype=cp.float32)
            try:
                out = signal.lfilter(bb, aa, xf)
                fchk[sig] = (aa, bb, check_float(cp.asnumpy(out), xf_h, a, b) + " out dtype %s" % out.dtype)
            except Exception as e:
                fchk[sig] = (None, None, "FAIL(%s)" % str(e).splitlines()[0][:80])
    pool = cp.get_default_memory_pool()
    copies = {}
    for n in sizes(args):
        try:
            x = cp.random.randint(0, 1000, n, dtype=cp.int32)
            y = cp.empty_like(x)
            c = T.time("copy", n, lambda: cp.copyto(y, x))
            copies[n] = c[0]
            w.row("copy_cupy", "-", "32-bit", 0, n, c, c[0], note="cupy.copyto device to device")
            why = T.skip("cumsum", n)
            if why:
                w.row("cupy.cumsum", "(1: 1)", "i32", 1, n, check=chk, note=why)
            else:
                st = T.time("cumsum", n, lambda: cp.cumsum(x, dtype=cp.int32, out=y))
                w.row("cupy.cumsum", "(1: 1)", "i32", 1, n, st, c[0], check=chk,
                      note="CUPY_ACCELERATORS=%s" % os.environ.get("CUPY_ACCELERATORS", "(default)"))
            del x, y
            pool.free_all_blocks()
        except cp.cuda.memory.OutOfMemoryError as e:
            print("cupy: n=%s out of memory, stopping: %s" % (lg(n), e))
            break
    if signal is None:
        return
    for n in sorted(copies):
        try:
            xf = cp.random.rand(n, dtype=cp.float32) * 2 - 1
            for sig, a, b in FILTERS:
                aa, bb, ck = fchk[sig]
                if aa is None:
                    w.row("cupyx.signal.lfilter", sig, "f32", len(b), n, check=ck, note="failed at the check size")
                    continue
                key = "lf" + sig
                why = T.skip(key, n)
                if why:
                    w.row("cupyx.signal.lfilter", sig, "f32", len(b), n, check=ck, note=why)
                    continue
                st = T.time(key, n, lambda: signal.lfilter(bb, aa, xf))
                w.row("cupyx.signal.lfilter", sig, "f32", len(b), n, st, copies[n], check=ck)
            del xf
            pool.free_all_blocks()
        except cp.cuda.memory.OutOfMemoryError as e:
            print("cupy: n=%s out of memory, stopping: %s" % (lg(n), e))
            break


def child_jax(args, w_open):
    os.environ.setdefault("XLA_PYTHON_CLIENT_PREALLOCATE", "false")
    import jax
    import jax.numpy as jnp
    gpus = [d for d in jax.devices() if d.platform == "gpu"]
    if not gpus:
        print("jax: skipped, no GPU device (jax.devices() = %s)" % jax.devices())
        return
    w = w_open(getattr(gpus[0], "device_kind", "gpu"))
    T = Timer(lambda: None, args.reps)  # calls end with block_until_ready

    def filt1(b1, a0):
        def f(x):
            A = jnp.full(x.shape, b1, x.dtype)
            v = a0 * x

            def op(p, q):  # p earlier, q later: (A2 A1, A2 v1 + v2)
                return q[0] * p[0], q[0] * p[1] + q[1]
            return jax.lax.associative_scan(op, (A, v))[1]
        return jax.jit(f)

    def filt2(b1, b2, a0):
        def f(x):
            n = x.shape[0]
            M = jnp.broadcast_to(jnp.array([[b1, b2], [1.0, 0.0]], x.dtype), (n, 2, 2))
            v = jnp.stack([a0 * x, jnp.zeros_like(x)], axis=1)

            def op(p, q):
                m = jnp.einsum("...ij,...jk->...ik", q[0], p[0])
                u = jnp.einsum("...ij,...j->...i", q[0], p[1]) + q[1]
                return m, u
            return jax.lax.associative_scan(op, (M, v))[1][:, 0]
        return jax.jit(f)

    prefix = jax.jit(lambda x: jax.lax.associative_scan(jnp.add, x))
    copy = jax.jit(lambda x: jnp.copy(x))
    cases = [("jax.associative_scan", "(1: 1)", "i32", 1, prefix, None),
             ("jax.associative_scan", "(0.2: 0.8)", "f32", 1, filt1(0.8, 0.2), ([0.2], [0.8])),
             ("jax.associative_scan", "(0.04: 1.6, -0.64)", "f32", 2, filt2(1.6, -0.64, 0.04), ([0.04], [1.6, -0.64]))]
    checks = {}
    for m, sig, typ, k, fn, ab in cases:
        try:
            if ab is None:
                xh = host_input(CHECK_N, False)
                checks[sig] = check_prefix(jax.device_get(fn(jnp.asarray(xh))), xh)
            else:
                xh = host_input(CHECK_N, True)
                checks[sig] = check_float(jax.device_get(fn(jnp.asarray(xh))), xh, *ab)
        except Exception as e:
            checks[sig] = "FAIL(%s)" % str(e).splitlines()[0][:80]
    max_lg = min(args.max_n.bit_length() - 1, 28)
    for n in [v for v in sizes(args) if v <= 1 << max_lg and (v.bit_length() - 1) % 4 == 0]:  # compiles per n
        try:
            xi = jnp.asarray(host_input(n, False))
            xf = jnp.asarray(host_input(n, True))
            cst = T.time("copy", n, lambda: copy(xi).block_until_ready())
            w.row("copy_jax", "-", "32-bit", 0, n, cst, cst[0], note="jitted jnp.copy")
            for m, sig, typ, k, fn, ab in cases:
                x = xi if typ == "i32" else xf
                why = T.skip(sig, n)
                if why:
                    w.row(m, sig, typ, k, n, check=checks[sig], note=why)
                    continue
                try:
                    st = T.time(sig, n, lambda: fn(x).block_until_ready())
                    w.row(m, sig, typ, k, n, st, cst[0], check=checks[sig],
                          note="pairs (k x k matrix, k vector)" if k > 1 or typ == "f32" else "jnp.add")
                except Exception as e:
                    w.row(m, sig, typ, k, n, check="n/a", note="failed: %s" % str(e).splitlines()[0][:100])
                    T.last[sig] = (1, 1e9)
            del xi, xf
        except Exception as e:
            print("jax: n=%s failed, stopping: %s" % (lg(n), str(e).splitlines()[0][:200]))
            break
    if args.max_n > 1 << max_lg:
        print("jax: sizes above 2^%d not run (pair scans need several times n x 24 bytes)" % max_lg)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("csv")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--max-n", default="2^30")
    ap.add_argument("--only", default="torch,cupy,jax")
    ap.add_argument("--budget-s", type=float, default=40.0, help="wall-time limit per framework")
    ap.add_argument("--reps", type=int, default=15)
    ap.add_argument("--child", default=None, help=argparse.SUPPRESS)
    ap.add_argument("--date", default=None, help=argparse.SUPPRESS)
    args = ap.parse_args()
    args.max_n = parse_n(args.max_n)
    if args.quick:
        args.reps = min(args.reps, 7)
    if args.child:
        date = args.date or datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%MZ")
        def w_open(device):
            return Writer(args.csv, device, date)
        try:
            {"torch": child_torch, "cupy": child_cupy, "jax": child_jax}[args.child](args, w_open)
        except ImportError as e:
            print("%s: skipped, not importable: %s" % (args.child, e))
        return 0
    date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%MZ")
    with open(args.csv, "w") as f:
        f.write(COLUMNS + "\n")
    for fw in args.only.split(","):
        fw = fw.strip()
        if fw not in ("torch", "cupy", "jax"):
            print("unknown framework %s" % fw)
            continue
        print("== %s" % fw, flush=True)
        cmd = [sys.executable, os.path.abspath(__file__), args.csv, "--child", fw, "--date", date,
               "--max-n", str(args.max_n), "--reps", str(args.reps)] + (["--quick"] if args.quick else [])
        t0 = time.time()
        try:
            r = subprocess.run(cmd, timeout=args.budget_s)
            if r.returncode:
                print("%s: child exited with %d (rows written before are kept)" % (fw, r.returncode))
        except subprocess.TimeoutExpired:
            print("%s: stopped after its budget of %.0f s (rows written before are kept)" % (fw, args.budget_s))
        print("== %s: %.1f s" % (fw, time.time() - t0), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
