"""Prefix sums against CUB and a copy (scan probe logs) -> a bar plot.
usage: plot_scan.py probe-i32.log probe-types.log out.png [title]"""
import re
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

rows = {}
for path in sys.argv[1:3]:
    for line in open(path):
        m = re.match(r"(\w+) (.+?)\s+(\d+)\s+([\d.]+)\s+([\d.]+)%\s+([\d.]+)%", line)
        if m:
            t, name, n, ms, pcopy, pcub = m.groups()
            rows[(t, name.strip(), int(n))] = float(pcopy)

show = [("cub", "CUB InclusiveSum (kernel time)"), ("cub+sync", "CUB, waited for (as a call)"),
        ("libplr PLR_CUDA_SCAN=0", "libplr, single-pass kernel (before)"), ("libplr", "libplr, scan kernel (now)")]
cases = [(t, n) for t in ("i32", "f32", "i64", "f64") for n in (1 << 20, 1 << 24, 1 << 29, 1 << 30)
         if (t, "cub", n) in rows]
fig, ax = plt.subplots(figsize=(11, 4.2))
w = 0.8 / len(show)
for i, (key, label) in enumerate(show):
    ax.bar([c + i * w for c in range(len(cases))], [rows.get((t, key, n), 0) for t, n in cases], w, label=label)
ax.set_xticks([c + 0.4 - w / 2 for c in range(len(cases))])
ax.set_xticklabels([f"{t}\n2^{n.bit_length() - 1}" for t, n in cases])
ax.set_ylabel("% of a device copy (same n, same run)")
ax.set_title(sys.argv[4] if len(sys.argv) > 4 else "Prefix sums, scan probe")
ax.legend(fontsize=8, loc="upper left")
ax.set_ylim(0, 100)
fig.tight_layout()
fig.savefig(sys.argv[3], dpi=110)
