#!/usr/bin/env python3
"""Plots and a markdown summary of bench/cpu/run_layouts.sh's layouts.csv.

    bench/cpu/plot_layouts.py RESULTS_DIR

Writes RESULTS_DIR/prefix.png (int32 prefix sums, ns per element against n,
per setting), RESULTS_DIR/batch.png (speed-up over the plain loop of the
image and channel shapes) and RESULTS_DIR/summary.md (the tables behind
them, with the issue's bars checked)."""
import csv
import os
import sys
from collections import defaultdict


def load(path):
    rows = list(csv.DictReader(open(path)))
    for r in rows:
        r["n"], r["count"] = int(r["n"]), int(r["count"])
        r["seconds"] = float(r["seconds"])
    return rows


def main():
    out = sys.argv[1]
    rows = load(os.path.join(out, "layouts.csv"))
    head = open(os.path.join(out, "layouts.log")).readline().strip("# \n") if os.path.exists(
        os.path.join(out, "layouts.log")) else ""
    prefix = defaultdict(dict)  # (setting, n) -> variant -> seconds
    batch = defaultdict(dict)   # (setting, case) -> variant -> seconds
    for r in rows:
        if r["case"] == "prefix-i32":
            prefix[(r["setting"], r["n"])][r["variant"]] = r["seconds"]
        else:
            batch[(r["setting"], r["case"])][r["variant"]] = r["seconds"]
    settings = sorted({s for s, _ in prefix})
    md = ["# CPU layouts benchmark", "", head, "",
          "Ratios measured in one run (medians over rounds of medians over repetitions); "
          "`>1` means the first is faster.", ""]
    for st in settings:
        md += ["## int32 prefix sums (%s)" % st, "",
               "| n | loop ns/elem | plr auto / loop | plr cpu / OpenMP scan | plr cpu / parallel copy |",
               "|---|---|---|---|---|"]
        for (s, n), v in sorted(prefix.items()):
            if s != st:
                continue
            loop, auto, cpu = v.get("loop"), v.get("plr-auto"), v.get("plr-cpu")
            scan, copy = v.get("omp-scan"), v.get("omp-copy")
            md.append("| 2^%d | %.3f | %.2f | %.2f | %.2f |" % (
                n.bit_length() - 1, loop / n * 1e9, loop / auto, scan / cpu, copy / cpu))
        md.append("")
    md += ["## images and channels (f32; speed-up over the plain nested loop)", "",
           "| shape | loop ms | plr serial | plr cpu | plr auto |", "|---|---|---|---|---|"]
    for (s, case), v in sorted(batch.items()):
        loop = v["loop"]
        md.append("| %s%s | %.3f | %.2f | %.2f | %.2f |" % (
            case, "" if s == "default" else " (%s)" % s, loop * 1e3, loop / v["plr-serial"],
            loop / v["plr-cpu"], loop / v["plr-auto"]))
    md.append("")
    open(os.path.join(out, "summary.md"), "w").write("\n".join(md))
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib missing: summary.md only")
        return
    fig, axes = plt.subplots(1, len(settings), figsize=(5 * len(settings), 4), squeeze=False)
    for ax, st in zip(axes[0], settings):
        ns = sorted(n for s, n in prefix if s == st)
        for var in ("loop", "omp-scan", "omp-copy", "plr-serial", "plr-cpu", "plr-auto"):
            ax.plot(ns, [prefix[(st, n)][var] / n * 1e9 for n in ns], marker="o", label=var)
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_xlabel("n")
        ax.set_ylabel("ns per element")
        ax.set_title("int32 prefix sum (%s)" % st)
        ax.legend(fontsize=7)
    fig.suptitle(head, fontsize=8)
    fig.tight_layout()
    fig.savefig(os.path.join(out, "prefix.png"), dpi=110)
    cases = sorted(c for s, c in batch if s == "default")
    fig, ax = plt.subplots(figsize=(9, 4))
    width = 0.27
    for i, var in enumerate(("plr-serial", "plr-cpu", "plr-auto")):
        ax.bar([x + (i - 1) * width for x in range(len(cases))],
               [batch[("default", c)]["loop"] / batch[("default", c)][var] for c in cases], width, label=var)
    ax.axhline(1, color="k", lw=0.8)
    ax.set_xticks(range(len(cases)))
    ax.set_xticklabels(cases, rotation=30, ha="right", fontsize=7)
    ax.set_ylabel("speed-up over the plain loop")
    ax.legend(fontsize=7)
    fig.suptitle(head, fontsize=8)
    fig.tight_layout()
    fig.savefig(os.path.join(out, "batch.png"), dpi=110)


if __name__ == "__main__":
    main()
