"""The scan kernel's forms against the single-pass kernel (plr-bench CSV with
--vs-env PLR_CUDA_SCAN=0 rows) -> a bar plot of % of a device copy.
usage: plot_forms.py bench.csv out.png"""
import csv
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

rows = {}
device = date = ""
for r in csv.DictReader(open(sys.argv[1])):
    if r["what"].startswith("copy"):
        continue
    device, date = r["device"], r["date"]
    name = r["what"]
    before = name.endswith("[PLR_CUDA_SCAN=0]")
    base = name.replace(" [PLR_CUDA_SCAN=0]", "")
    if r["type"] != "i32":
        base += " " + r["type"]
    rows[(base, int(r["n"]), before)] = 100 * float(r["ratio"])

names = []
for base, _, _ in rows:
    if base not in names:
        names.append(base)
ns = sorted({n for _, n, _ in rows})
fig, axes = plt.subplots(1, len(ns), figsize=(5 * len(ns), 4.4), sharey=True)
for ax, n in zip(axes, ns):
    xs = range(len(names))
    ax.bar([x - 0.2 for x in xs], [rows.get((b, n, True), 0) for b in names], 0.4,
           label="single-pass kernel (PLR_CUDA_SCAN=0)")
    ax.bar([x + 0.2 for x in xs], [rows.get((b, n, False), 0) for b in names], 0.4, label="scan kernel")
    ax.set_xticks(list(xs))
    ax.set_xticklabels([b.replace(" prefix sum", "\nprefix sum") for b in names], rotation=60, ha="right",
                       fontsize=8)
    ax.set_title(f"n = 2^{n.bit_length() - 1}")
    ax.axhline(85, color="gray", lw=0.6, ls="--")
    ax.axhline(80, color="gray", lw=0.6, ls=":")
axes[0].set_ylabel("% of a device copy (same n, same run)")
axes[0].legend(fontsize=8, loc="lower left")
fig.suptitle(f"Prefix, tuple and 2nd/3rd-order sums, {device}, {date}")
fig.tight_layout()
fig.savefig(sys.argv[2], dpi=110)
