"""prefetch.csv (collect.py) -> a plot: left and middle, this commit's build
(run5 bin: rows and lanes prefetch one tile ahead) against no prefetch in
the same call at 2^24 and 2^30; right, % of a copy at 2^30 by the rows'
prefetch distance (rows forms) over the runs, each point a variant's mean.
usage: plot_prefetch.py prefetch.csv out.png"""
import csv
import sys
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

rows = list(csv.DictReader(open(sys.argv[1])))
mean = defaultdict(list)
for r in rows:
    mean[(r["run"], r["variant"], r["form"], int(r["n"]))].append(float(r["pct"]))
m = {k: sum(v) / len(v) for k, v in mean.items()}
forms = []
for r in rows:
    if r["form"] not in forms:
        forms.append(r["form"])
fig, axes = plt.subplots(1, 3, figsize=(18, 5.2), gridspec_kw={"width_ratios": [2, 2, 1.4]})
for ax, n in zip(axes[:2], (1 << 24, 1 << 30)):
    x = range(len(forms))
    off = [m.get(("run5", "off", f, n), 0) for f in forms]
    on = [m.get(("run5", "bin", f, n), 0) for f in forms]
    ax.bar([i - 0.2 for i in x], off, 0.4, label="no prefetch")
    ax.bar([i + 0.2 for i in x], on, 0.4, label="one tile ahead into L2 (this commit)")
    ax.set_xticks(list(x))
    ax.set_xticklabels(forms, rotation=60, ha="right", fontsize=8)
    ax.set_ylim(50, 100)
    ax.axhline(90, ls="--", c="gray", lw=0.8)
    ax.set_title(f"n = 2^{n.bit_length() - 1}, H200, same call (run5)")
    ax.set_ylabel("% of a device copy (median of 7, mean of 2 rounds)")
    ax.legend(fontsize=8, loc="lower left")
ax = axes[2]
for f in ("prefix sum i32", "2-tuple", "1-stage low-pass", "prefix sum i64"):
    pts = defaultdict(list)
    for r in rows:
        if r["form"] == f and int(r["n"]) == 1 << 30 and r["note"] == "":
            pts[int(r["rows_pf"])].append(float(r["pct"]))
    xs = sorted(pts)
    ax.plot(xs, [sum(pts[k]) / len(pts[k]) for k in xs], "o-", label=f)
ax.set_xlabel("rows: tiles prefetched ahead")
ax.set_title("2^30, every run (rows forms)")
ax.legend(fontsize=8)
fig.tight_layout()
fig.savefig(sys.argv[2], dpi=110)
