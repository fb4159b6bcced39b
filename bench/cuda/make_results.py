"""Turns plr-bench's CSV (and frameworks.py's, if present) into results.md
with the issue's performance bars. usage: make_results.py plr.csv [fw.csv|-] [eval.csv] > results.md
(eval.csv: plr-eval --parts main, for the CUB comparison)"""
import csv
import sys

rows = list(csv.DictReader(open(sys.argv[1])))
fw = list(csv.DictReader(open(sys.argv[2]))) if len(sys.argv) > 2 and sys.argv[2] != "-" else []
ev = list(csv.DictReader(open(sys.argv[3]))) if len(sys.argv) > 3 else []
dev, date = rows[0]["device"], rows[0]["date"]

G30 = 1 << 30
BARS = {  # (what, n) -> required ratio to copy: the CUDA-kernel issue's bars (#13)
    ("prefix sum", G30): 0.90, ("prefix sum f32", G30): 0.90,
    ("2-tuple prefix sum", G30): 0.85, ("3-tuple prefix sum", G30): 0.85,
    ("2nd-order prefix sum", G30): 0.80, ("3rd-order prefix sum", G30): 0.80,
    ("1-stage low-pass", G30): 0.92, ("2-stage low-pass", G30): 0.88, ("3-stage low-pass", G30): 0.85,
    ("prefix sum i64", G30): 0.85, ("EMA f64", G30): 0.85, ("2-stage low-pass f64", G30): 0.85,
    ("order 8", G30): 0.60, ("order 8 f32", G30): 0.60,
    ("order 16", G30): 0.40, ("order 16 f32", G30): 0.40, ("order 32", G30): 0.20, ("order 32 f32", G30): 0.20,
    ("host prefix sum", 1 << 28): 0.70, ("host 3rd-order prefix sum", 1 << 28): 0.70,
}
# FIR parts: within 10% of the same feedback without them (same n, same run)
FIR_PAIRS = [("1-stage high-pass", "1-stage low-pass"), ("2-stage high-pass", "2-stage low-pass"),
             ("3-stage high-pass", "3-stage high-pass feedback only"), ("biquad", "biquad feedback only")]

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

byname = {(r["what"], int(r["n"])): r for r in rows}
pairs = [(a, b, n) for a, b in FIR_PAIRS for n in sorted({int(r["n"]) for r in rows})
         if (a, n) in byname and (b, n) in byname]
if pairs:
    print("\n## FIR parts against the same feedback alone (bar: within 10%)\n")
    print("| with FIR part | feedback alone | n | with | alone | with / alone | met |")
    print("|---|---|---|---|---|---|---|")
    for a, b, n in pairs:
        ra, rb = float(byname[(a, n)]["ratio"]), float(byname[(b, n)]["ratio"])
        q = ra / rb if rb else 0
        print("| %s | %s | %s | %.1f%% | %.1f%% | %.2f | %s |" % (a, b, lg(n), 100 * ra, 100 * rb, q,
                                                            "yes" if q >= 0.9 else "**no**"))

if ev:
    print("\n## Against CUB DeviceScan::InclusiveSum (plr-eval, same process)\n")
    print("| signature | type | n | PLR % of copy | CUB % of copy | PLR / CUB |")
    print("|---|---|---|---|---|---|")
    for r in ev:
        if r["method"] != "plr":
            continue
        cub = [c for c in ev if c["method"] == "cub" and c["n"] == r["n"] and c["type"] == r["type"]
               and c["signature"] == r["signature"]]
        if cub:
            p, c = float(r["ratio_to_copy"]), float(cub[0]["ratio_to_copy"])
            print("| `%s` | %s | %s | %.1f%% | %.1f%% | %.2f |" % (r["signature"], r["type"], lg(r["n"]),
                                                              100 * p, 100 * c, p / c))

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
