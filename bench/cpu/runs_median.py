#!/usr/bin/env python3
"""Medians over several runs of bench/cpu/run_layouts.sh on one machine.

Each ratio is taken inside one run (variants interleaved there), then the
median of those ratios over the runs is reported with its range, so that a
burst of load in one run (a shared host) shows as a wide range rather than
as the figure.

    runs_median.py OUT.md RUNDIR [RUNDIR ...]
"""
import csv
import statistics
import sys


def load(path):
    t = {}
    with open(path) as f:
        for r in csv.DictReader(f):
            t[(r["setting"], r["case"], int(r["n"]), int(r["count"]), r["variant"])] = float(r["seconds"])
    return t


def ratio(run, setting, case, n, count, num, den):
    a, b = run.get((setting, case, n, count, num)), run.get((setting, case, n, count, den))
    return b / a if a and b else None  # den's time / num's time: >1 means num is faster


def fmt(vals):
    vals = [v for v in vals if v is not None]
    if not vals:
        return "-"
    m = statistics.median(vals)
    return f"{m:.2f} ({min(vals):.2f}-{max(vals):.2f})" if len(vals) > 1 else f"{m:.2f}"


def main():
    out, dirs = sys.argv[1], sys.argv[2:]
    runs = [load(d + "/layouts.csv") for d in dirs]
    keys = sorted({k for r in runs for k in r})
    lines = [f"# CPU layouts benchmark: medians over {len(runs)} runs", "",
             "Runs: " + ", ".join(f"`{d}`" for d in dirs) + ".", "",
             "Each ratio is measured inside one run; the table gives the median over the runs and the "
             "range (min-max). `>1` means PLR is faster.", ""]
    for setting, title in (("default", "int32 prefix sums"), ("cut-pipeline", "PLR_CPU_CUT=pipeline"),
                           ("cut-blocks", "PLR_CPU_CUT=blocks"), ("cut-lookback", "PLR_CPU_CUT=lookback"),
                           ("two-busy", "two busy processes beside")):
        ns = sorted({k[2] for k in keys if k[0] == setting and k[1] == "prefix-i32"})
        if not ns:
            continue
        lines += [f"## {title}", "", "| n | plr auto / loop | plr cpu / loop | plr cpu / OpenMP scan | plr cpu / parallel copy |",
                  "|---|---|---|---|---|"]
        for n in ns:
            row = [fmt([ratio(r, setting, "prefix-i32", n, 1, v, d) for r in runs])
                   for v, d in (("plr-auto", "loop"), ("plr-cpu", "loop"), ("plr-cpu", "omp-scan"),
                                ("plr-cpu", "omp-copy"))]
            lines.append(f"| 2^{n.bit_length() - 1} | " + " | ".join(row) + " |")
        lines.append("")
    cases = sorted({(k[1], k[2], k[3]) for k in keys if k[0] == "default" and k[1] != "prefix-i32"})
    if cases:
        lines += ["## images and channels (f32): speed-up over the plain nested loop", "",
                  "| shape | plr serial | plr cpu | plr auto |", "|---|---|---|---|"]
        for case, n, count in cases:
            row = [fmt([ratio(r, "default", case, n, count, v, "loop") for r in runs])
                   for v in ("plr-serial", "plr-cpu", "plr-auto")]
            lines.append(f"| {case} | " + " | ".join(row) + " |")
        lines.append("")
    with open(out, "w") as f:
        f.write("\n".join(lines))


if __name__ == "__main__":
    main()
