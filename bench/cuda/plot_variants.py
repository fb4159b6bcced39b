"""plr-bench CSV with --vs-env rows -> bar plot of % of a device copy, one
panel per n, one bar per variant (the default first, then each `[NAME=VALUE]`
in the order the CSV names them).
usage: plot_variants.py bench.csv out.png TITLE [BAR ...]
BAR: a dashed line at that % (the issue's bars)"""
import csv
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

rows, variants, names = {}, [""], []
device = date = ""
for r in csv.DictReader(open(sys.argv[1])):
    if r["what"].startswith("copy"):
        continue
    device, date = r["device"], r["date"]
    name, var = r["what"], ""
    if name.endswith("]"):
        name, var = name[:-1].split(" [")
    if var not in variants:
        variants.append(var)
    if name not in names:
        names.append(name)
    rows[(name, int(r["n"]), var)] = 100 * float(r["ratio"])

ns = sorted({n for _, n, _ in rows})
fig, axes = plt.subplots(1, len(ns), figsize=(5.5 * len(ns), 4.6), sharey=True, squeeze=False)
w = 0.8 / len(variants)
for ax, n in zip(axes[0], ns):
    xs = range(len(names))
    for i, var in enumerate(variants):
        off = (i - (len(variants) - 1) / 2) * w
        ax.bar([x + off for x in xs], [rows.get((b, n, var), 0) for b in names], w, label=var or "default")
    ax.set_xticks(list(xs))
    ax.set_xticklabels(names, rotation=50, ha="right", fontsize=8)
    ax.set_title(f"n = 2^{n.bit_length() - 1}")
    for bar in sys.argv[4:]:
        ax.axhline(float(bar), color="gray", lw=0.6, ls="--")
axes[0][0].set_ylabel("% of a device copy (same n, same run)")
axes[0][0].legend(fontsize=8, loc="lower left")
fig.suptitle(f"{sys.argv[3]}, {device}, {date}")
fig.tight_layout()
fig.savefig(sys.argv[2], dpi=110)
