"""Turns plr-bench's CSV (and frameworks.py's, if present) into results.md
with the issue's performance bars. usage: make_results.py plr.csv [fw.csv] > results.md"""
import csv
import sys

rows = list(csv.DictReader(open(sys.argv[1])))
fw = list(csv.DictReader(open(sys.argv[2]))) if len(sys.argv) > 2 else []
dev, date = rows[0]["device"], rows[0]["date"]

BARS = {  # (what, n) -> required ratio to copy
    ("prefix sum", 1 << 30): 0.95, ("2-tuple prefix sum", 1 << 30): 0.90,
    ("3-tuple prefix sum", 1 << 30): 0.90, ("1-stage low-pass", 1 << 30): 0.90,
    ("2-stage low-pass", 1 << 30): 0.85, ("3-stage low-pass", 1 << 30): 0.80,
    ("2nd-order prefix sum", 1 << 30): 0.75, ("3rd-order prefix sum", 1 << 30): 0.75,
    ("order 8", 1 << 30): 0.60, ("prefix sum", 1 << 20): 0.50,
    ("host prefix sum", 1 << 28): 0.70, ("host 3rd-order prefix sum", 1 << 28): 0.70,
}

def lg(n):
    n = int(n)
    return "2^%d" % (n.bit_length() - 1) if n & (n - 1) == 0 else str(n)

print("# CUDA backend benchmark\n")
print("Device: **%s**, %s. Produced by `plr-bench` (bench/cuda/plr_bench.cu) through the public API"
      " with `PLR_DEVICE_CUDA`; medians of host wall time per call (call + synchronize; the copy"
      " reference is timed the same way, the faster of a 16-byte-vector copy kernel and"
      " cudaMemcpy D2D, same n, same run). Ratio = reference time / PLR time.\n" % (dev, date))
print("| recurrence | signature | type | n | PLR ms | reference ms | ratio | bar | met |")
print("|---|---|---|---|---|---|---|---|---|")
for r in rows:
    if r["what"].startswith("threshold"):
        continue
    n = int(r["n"])
    bar = BARS.get((r["what"], n))
    ratio = float(r["ratio"])
    met = "" if bar is None else ("yes" if ratio >= bar else "**no** (%.0f%% of the bar)" % (100 * ratio / bar))
    print("| %s | `%s` | %s | %s | %s | %s | %.1f%% | %s | %s |" % (
        r["what"], r["signature"], r["type"], lg(n), r["plr_ms"], r["reference_ms"], 100 * ratio,
        "" if bar is None else "%.0f%%" % (100 * bar), met))

th = [r for r in rows if r["what"].startswith("threshold")]
if th:
    print("\n## Host arrays: cuda (pipelined, pageable) vs the cpu backend (all cores)\n")
    print("| recurrence | n | cuda ms | cpu ms | cuda speed-up |")
    print("|---|---|---|---|---|")
    for r in th:
        print("| %s | %s | %s | %s | %.2fx |" % (r["what"][10:], lg(r["n"]), r["plr_ms"],
                                                r["reference_ms"], float(r["ratio"])))

if fw:
    print("\n## Against torch.cumsum and cupyx.scipy.signal.lfilter (same run)\n")
    print("| library | signature | type | n | library ms | PLR ms | PLR speed-up |")
    print("|---|---|---|---|---|---|---|")
    for f in fw:
        match = [r for r in rows if r["signature"] == f["signature"] and r["type"] == f["type"]
                 and r["n"] == f["n"] and not r["what"].startswith(("host", "threshold"))]
        if not match:
            continue
        p = float(match[0]["plr_ms"])
        print("| %s | `%s` | %s | %s | %s | %.4f | %.1fx |" % (f["what"], f["signature"], f["type"],
                                                          lg(f["n"]), f["ms"], p, float(f["ms"]) / p))
