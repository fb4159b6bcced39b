"""Bar chart of plr-bench results at one n: % of a device copy per recurrence, with an earlier run's
figures beside them where the same row exists. usage:
  plot_results.py results.csv out.png [earlier.csv] [log2n]"""
import csv
import sys

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

rows = list(csv.DictReader(open(sys.argv[1])))
old = list(csv.DictReader(open(sys.argv[3]))) if len(sys.argv) > 3 and sys.argv[3] != "-" else []
n = str(1 << int(sys.argv[4] if len(sys.argv) > 4 else 30))
cur = [r for r in rows if r["n"] == n and not r["what"].startswith(("copy", "host", "threshold"))]
prev = {(r["what"], r["type"]): float(r["ratio"]) for r in old if r["n"] == n}
names = ["%s (%s)" % (r["what"], r["type"]) for r in cur]
now = [100 * float(r["ratio"]) for r in cur]
before = [100 * prev.get((r["what"], r["type"]), float("nan")) for r in cur]
fig, ax = plt.subplots(figsize=(9, 0.32 * len(cur) + 1.5))
y = range(len(cur))
ax.barh([i + 0.2 for i in y], now, height=0.4, label="%s (%s)" % (rows[0]["date"], rows[0]["device"]))
if old:
    ax.barh([i - 0.2 for i in y], before, height=0.4, label="%s" % old[0]["date"], alpha=0.6)
ax.set_yticks(list(y))
ax.set_yticklabels(names, fontsize=8)
ax.invert_yaxis()
ax.axvline(100, color="k", lw=0.8)
ax.set_xlabel("%% of a device-to-device copy of the same bytes, n = 2^%d" % (int(n).bit_length() - 1))
ax.legend(fontsize=8, loc="lower right")
fig.tight_layout()
fig.savefig(sys.argv[2], dpi=110)
