"""Equal first-order stages and first-order filters in the scan kernel, with
f32 carried in float (the default), in double (PLR_CUDA_SCAN_CARRY=double)
and the single-pass kernel (PLR_CUDA_SCAN=0): plr-bench CSV -> bar plot of %
of a device copy.
usage: plot_pole.py bench.csv out.png"""
import csv
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

VARIANTS = [("", "scan kernel (default)"), ("PLR_CUDA_SCAN_CARRY=double", "scan kernel, carries in double"),
            ("PLR_CUDA_SCAN=0", "single-pass kernel")]
rows = {}
device = date = ""
for r in csv.DictReader(open(sys.argv[1])):
    if r["what"].startswith("copy"):
        continue
    device, date = r["device"], r["date"]
    name, var = r["what"], ""
    if name.endswith("]"):
        name, var = name[:-1].split(" [")
    rows[(name, int(r["n"]), var)] = 100 * float(r["ratio"])

names = []
for name, _, _ in rows:
    if name not in names:
        names.append(name)
ns = sorted({n for _, n, _ in rows})
fig, axes = plt.subplots(1, len(ns), figsize=(5 * len(ns), 4.4), sharey=True)
w = 0.27
for ax, n in zip(axes, ns):
    xs = range(len(names))
    for i, (var, label) in enumerate(VARIANTS):
        ax.bar([x + (i - 1) * w for x in xs], [rows.get((b, n, var), 0) for b in names], w, label=label)
    ax.set_xticks(list(xs))
    ax.set_xticklabels(names, rotation=50, ha="right", fontsize=8)
    ax.set_title(f"n = 2^{n.bit_length() - 1}")
    for bar in (92, 88, 85):
        ax.axhline(bar, color="gray", lw=0.6, ls="--")
axes[0].set_ylabel("% of a device copy (same n, same run)")
axes[0].legend(fontsize=8, loc="lower left")
fig.suptitle(f"First-order filters and equal stages, {device}, {date}")
fig.tight_layout()
fig.savefig(sys.argv[2], dpi=110)
