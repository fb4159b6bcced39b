"""Batched layouts on device data: % of a device copy per case and filter, medians over the runs in
one batched-bench CSV (several runs appended), the default beside its variants. usage:
  plot_batched.py results.csv out.png [variant ...]   (variants: seq labels, e.g. 0/nwu 0/zt)"""
import csv
import statistics
import sys
from collections import defaultdict

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

rows = list(csv.DictReader(open(sys.argv[1])))
variants = ["0"] + sys.argv[3:]
pct = defaultdict(list)
cases = []
for r in rows:
    key = (r["case"], r["filter"])
    if key not in cases:
        cases.append(key)
    pct[key + (r["seq"],)].append(float(r["pct_wall"]))
names = {"0": "default", "0/nwu": "tile kernels (PLR_CUDA_WU=0)", "0/zt": "tap-checking bodies (PLR_CUDA_ZT=1)"}
fig, ax = plt.subplots(figsize=(9, 0.34 * len(cases) * len(variants) / 2 + 1.8))
h = 0.8 / len(variants)
for v, var in enumerate(variants):
    vals = [statistics.median(pct[c + (var,)]) if pct[c + (var,)] else float("nan") for c in cases]
    ax.barh([i + v * h for i in range(len(cases))], vals, height=h, label=names.get(var, var))
ax.set_yticks([i + h * (len(variants) - 1) / 2 for i in range(len(cases))])
ax.set_yticklabels(["%s, %s" % c for c in cases], fontsize=8)
ax.invert_yaxis()
ax.axvline(70, color="r", lw=0.8, ls="--")
ax.axvline(100, color="k", lw=0.8)
runs = len(pct[cases[0] + ("0",)])
ax.set_xlabel("wall time of a device copy of the same bytes / of the call, %% (median of %d runs)" % runs)
ax.set_title("%s, %s" % (rows[0]["device"], rows[0]["date"]), fontsize=9)
ax.legend(fontsize=8, loc="lower right")
fig.tight_layout()
fig.savefig(sys.argv[2], dpi=110)
