#!/usr/bin/env python3
"""Merges the raw output of bench/e2e/run.sh into OUTDIR/e2e.csv and e2e.md
(and PNG plots when matplotlib is importable).

    bench/e2e/report.py OUTDIR

Reads OUTDIR/raw/<program>.clang.csv, <program>.plr-<device>.csv with the
PLR_VERBOSE log beside it (<program>.plr-<device>.log: which backend each call
ran on), device_api.csv, and OUTDIR/machine.txt. Every time is a median of
several calls in one process (see e2e.h); speed-ups are ratios of medians
measured in the same run of run.sh.
"""
import csv
import glob
import os
import re
import sys

PROGRAMS = ["prefix_sum", "biquad", "ema", "fir_iir"]
DESCR = {
    "prefix_sum": "prefix sum, int32, `(1: 1)`",
    "biquad": "biquad low-pass, float, `#pragma plr recurrence`, `(b0, b1, b2: -a1, -a2)`",
    "ema": "EMA, double, `-ffast-math`, `(alpha: 1 - alpha)`",
    "fir_iir": "4-tap FIR + 2-pole IIR, float, `-ffast-math`, `(0.25, 0.25, 0.25, 0.25: 1.2, -0.5)`",
}
TOL = {"prefix_sum": 0.0, "biquad": 1e-4, "ema": 1e-10, "fir_iir": 1e-4}
FIELDS = ["section", "program", "build", "plr_device", "mode", "n", "reps", "first_ms",
          "median_ms", "min_ms", "max_ms", "backend", "checksum", "abs_sum", "check",
          "speedup_vs_clang"]


def log2(n):
    n = int(n)
    return "2^%d" % (n.bit_length() - 1) if n & (n - 1) == 0 else str(n)


def read_csv(path):
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return [r for r in csv.DictReader(f) if r.get("n")]


def backends(log):
    """n -> the backend of the last libplr call for that n (PLR_VERBOSE lines)."""
    out = {}
    if not os.path.exists(log):
        return out
    pat = re.compile(r"^plr: .* n=(\d+) -> (\w+)")
    with open(log, errors="replace") as f:
        for line in f:
            m = pat.match(line)
            if m:
                out[m.group(1)] = m.group(2)
    return out


def agree(prog, a, sa, b):
    if a == "" or b == "":
        return False
    if TOL[prog] == 0.0:
        return a == b
    return abs(float(a) - float(b)) <= TOL[prog] * max(float(sa or 0), 1.0)


def main():
    out = sys.argv[1]
    raw = os.path.join(out, "raw")
    rows = []
    clang = {}
    for p in PROGRAMS:
        for r in read_csv(os.path.join(raw, p + ".clang.csv")):
            clang[(p, r["n"])] = r
            rows.append(dict(section="c", program=p, build="clang", plr_device="-", mode="host",
                             n=r["n"], reps=r["reps"], first_ms=r["first_ms"],
                             median_ms=r["median_ms"], min_ms=r["min_ms"], max_ms=r["max_ms"],
                             backend="serial loop", checksum=r["checksum"], abs_sum=r["abs_sum"],
                             check="-", speedup_vs_clang="1.000"))
        for path in sorted(glob.glob(os.path.join(raw, p + ".plr-*.csv"))):
            dev = path[len(os.path.join(raw, p + ".plr-")):-4]
            ran = backends(path[:-4] + ".log")
            for r in read_csv(path):
                c = clang.get((p, r["n"]))
                sp = "%.3f" % (float(c["median_ms"]) / float(r["median_ms"])) if c else ""
                ok = "-" if not c else ("ok" if agree(p, c["checksum"], c["abs_sum"], r["checksum"])
                                        else "BAD")
                rows.append(dict(section="c", program=p, build="plr", plr_device=dev, mode="host",
                                 n=r["n"], reps=r["reps"], first_ms=r["first_ms"],
                                 median_ms=r["median_ms"], min_ms=r["min_ms"], max_ms=r["max_ms"],
                                 backend=ran.get(r["n"], "original loop"), checksum=r["checksum"],
                                 abs_sum=r["abs_sum"], check=ok, speedup_vs_clang=sp))
    api = read_csv(os.path.join(raw, "device_api.csv"))
    for r in api:
        c = clang.get((r["case"], r["n"]))
        sp = "%.3f" % (float(c["median_ms"]) / float(r["median_ms"])) if c and float(r["median_ms"]) > 0 else ""
        rows.append(dict(section="api", program=r["case"], build="nvcc+libplr", plr_device="-",
                         mode=r["mode"], n=r["n"], reps=r["reps"], first_ms=r["first_ms"],
                         median_ms=r["median_ms"], min_ms=r["min_ms"], max_ms=r["max_ms"],
                         backend=r["backend"], checksum="", abs_sum="", check=r["check"],
                         speedup_vs_clang=sp))
    with open(os.path.join(out, "e2e.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=FIELDS)
        w.writeheader()
        w.writerows(rows)

    machine = open(os.path.join(out, "machine.txt")).read().strip() if os.path.exists(
        os.path.join(out, "machine.txt")) else ""
    md = ["# End to end: C programs built with plr-cc against clang -O3", ""]
    md += ["```", machine, "```", ""] if machine else []
    md += ["Each figure is the median of several calls of the program's own loop (one process per",
           "build and PLR_DEVICE, all sizes in it, one untimed warm-up call per size); `x` is the clang",
           "build's median divided by the plr build's, measured in the same run. `ran` is the backend",
           "libplr chose (from PLR_VERBOSE=1). Host arrays from malloc throughout this first table.",
           "Full data, all sizes: e2e.csv.", ""]
    bad = [r for r in rows if r["check"] in ("BAD", "FAILED")]
    if bad:
        md += ["**%d rows disagree with the clang build or failed** (check column of e2e.csv)." % len(bad), ""]
    devs = sorted({r["plr_device"] for r in rows if r["build"] == "plr"},
                  key=lambda d: ["auto", "cuda", "cpu"].index(d) if d in ("auto", "cuda", "cpu") else 9)
    by = {(r["program"], r["plr_device"], r["n"]): r for r in rows if r["section"] == "c"}
    for p in PROGRAMS:
        ns = [r["n"] for r in rows if r["section"] == "c" and r["program"] == p and r["build"] == "clang"]
        if not ns:
            continue
        md += ["## %s: %s" % (p, DESCR[p]), ""]
        head = "| n | clang ms |" + "".join(" plr %s ms | x | ran |" % d for d in devs)
        md += [head, "|" + "---|" * (2 + 3 * len(devs))]
        for n in ns:
            line = "| %s | %.3f |" % (log2(n), float(by[(p, "-", n)]["median_ms"]))
            for d in devs:
                r = by.get((p, d, n))
                if r:
                    flag = "" if r["check"] == "ok" else " (%s)" % r["check"]
                    line += " %.3f | %s%s | %s |" % (float(r["median_ms"]), r["speedup_vs_clang"], flag,
                                                     r["backend"])
                else:
                    line += " - | - | - |"
            md.append(line)
        md.append("")
    if api:
        md += ["## Device and managed memory, and the share of time in transfers", "",
               "`device_api` (nvcc) calls `plr_run_with` from include/plr.h on the same recurrences:",
               "dev = cudaMalloc arrays (no copies); man = cudaMallocManaged resident on the GPU;",
               "man-h = managed, moved back to the host before each call (the call pays the migration);",
               "page / pin = malloc / cudaMallocHost arrays with PLR_DEVICE=cuda (pipelined copies);",
               "cpu = malloc arrays on the cpu backend; copy = cudaMemcpy of x to the GPU and y back,",
               "the same bytes from malloc memory, timed in the same run.",
               "xfer exposed = 1 - dev / page: the part of a host-array call not explained by the",
               "computation; xfer copy = copy / (copy + dev): the share transfers would take without",
               "overlap. x dev = clang build / dev (the C program's serial loop against the data",
               "already on the GPU).", ""]
        t = {}
        for r in api:
            t[(r["case"], r["n"], r["mode"])] = r
        cases = []
        for r in api:
            if r["case"] not in cases:
                cases.append(r["case"])
        for cs in cases:
            ns = []
            for r in api:
                if r["case"] == cs and r["n"] not in ns:
                    ns.append(r["n"])
            md += ["### %s `%s` %s" % (cs, api[[r["case"] for r in api].index(cs)]["signature"],
                                        api[[r["case"] for r in api].index(cs)]["type"]), "",
                   "| n | dev ms | man ms | man-h ms | page ms | pin ms | cpu ms | copy ms | xfer exposed | xfer copy | x dev |",
                   "|---|---|---|---|---|---|---|---|---|---|---|"]

            def ms(n, m):
                r = t.get((cs, n, m))
                return float(r["median_ms"]) if r else None

            def f(v):
                return "-" if v is None else "%.3f" % v
            for n in ns:
                dev, page, copy = ms(n, "device"), ms(n, "host_pageable"), ms(n, "copy_pageable")
                exposed = "%.0f%%" % (100 * (1 - dev / page)) if dev and page else "-"
                cshare = "%.0f%%" % (100 * copy / (copy + dev)) if dev and copy else "-"
                c = clang.get((cs, n))
                xd = "%.1f" % (float(c["median_ms"]) / dev) if c and dev else "-"
                checks = {t[k]["check"] for k in t if k[0] == cs and k[1] == n} - {"ok", "-"}
                md.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |%s" % (
                    log2(n), f(dev), f(ms(n, "managed")), f(ms(n, "managed_host")), f(page),
                    f(ms(n, "host_pinned")), f(ms(n, "host_cpu")), f(copy), exposed, cshare, xd,
                    " **%s**" % ",".join(sorted(checks)) if checks else ""))
            md.append("")
    else:
        md += ["## Device and managed memory", "", "Not measured in this run (no usable GPU, or device_api not built).", ""]
    with open(os.path.join(out, "e2e.md"), "w") as fmd:
        fmd.write("\n".join(md) + "\n")
    plots(out, rows, api, machine)
    return 1 if bad else 0


def plots(out, rows, api, machine):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except Exception:
        return
    title = "; ".join(l.split(": ", 1)[-1] for l in machine.splitlines()[:3]) if machine else ""
    fig, axes = plt.subplots(1, len(PROGRAMS), figsize=(4 * len(PROGRAMS), 3.5), sharey=False)
    for ax, p in zip(axes, PROGRAMS):
        for d in ("auto", "cuda", "cpu"):
            pts = [(int(r["n"]), float(r["speedup_vs_clang"])) for r in rows
                   if r["program"] == p and r["plr_device"] == d and r["speedup_vs_clang"]]
            if pts:
                ax.plot([a for a, _ in pts], [b for _, b in pts], marker="o", label="plr " + d)
        ax.axhline(1.0, color="gray", lw=0.8)
        ax.set_xscale("log", base=2)
        ax.set_title(p)
        ax.set_xlabel("n (host arrays)")
        ax.set_ylabel("speed-up over clang -O3")
        ax.legend(fontsize=7)
    fig.suptitle("End to end, plr-cc vs clang -O3 (median of several calls). " + title, fontsize=8)
    fig.tight_layout()
    fig.savefig(os.path.join(out, "e2e_speedup.png"), dpi=110)
    plt.close(fig)
    if not api:
        return
    fig, ax = plt.subplots(figsize=(6, 4))
    for cs in PROGRAMS:
        t = {(r["n"], r["mode"]): float(r["median_ms"]) for r in api if r["case"] == cs}
        pts = [(int(n), 100 * (1 - t[(n, "device")] / t[(n, "host_pageable")]))
               for (n, m) in t if m == "device" and (n, "host_pageable") in t]
        pts.sort()
        if pts:
            ax.plot([a for a, _ in pts], [b for _, b in pts], marker="o", label=cs)
    ax.set_xscale("log", base=2)
    ax.set_ylim(0, 100)
    ax.set_xlabel("n")
    ax.set_ylabel("% of a host-array call not spent computing")
    ax.set_title("Transfers: 1 - device / host pageable. " + title, fontsize=8)
    ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(os.path.join(out, "e2e_transfer.png"), dpi=110)
    plt.close(fig)


if __name__ == "__main__":
    sys.exit(main())
