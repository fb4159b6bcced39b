#!/usr/bin/env python3
"""Plots and summary.md for one bench/run_all.sh result folder.

    python3 bench/gpu/report.py bench/results/<device>-<date>

Reads the CSVs there (gpu.csv, ablation.csv, memory.csv, cpu.csv,
frameworks.csv, ncu_table3.csv, ncu_sweep.csv; any may be missing) and writes
PNG plots (matplotlib, Agg) and summary.md into the same folder. Every plot
names the device, the date and n. Figures are medians with [min-max] over
the repetitions of one run; see plr_eval.cu for the timing method."""
import csv
import math
import os
import re
import sys
from collections import OrderedDict, defaultdict

OUT = sys.argv[1] if len(sys.argv) > 1 else "."
PLOTS = []
NOTES = []


def read(name):
    p = os.path.join(OUT, name)
    if not os.path.exists(p) or os.path.getsize(p) == 0:
        return []
    with open(p, newline="") as f:
        return [r for r in csv.DictReader(f)]


def fnum(s):
    try:
        return float(s)
    except (TypeError, ValueError):
        return None


def lg(n):
    n = int(n)
    return "2^%d" % (n.bit_length() - 1) if n > 0 and n & (n - 1) == 0 else str(n)


def nrange(ns):
    ns = sorted(set(int(n) for n in ns))
    if not ns:
        return "n = -"
    return "n = %s" % lg(ns[0]) if len(ns) == 1 else "n = %s..%s" % (lg(ns[0]), lg(ns[-1]))


gpu = read("gpu.csv")
abl = read("ablation.csv")
mem = read("memory.csv")
cpu = read("cpu.csv")
fw = read("frameworks.csv")
t3 = read("ncu_table3.csv")
nsw = read("ncu_sweep.csv")
allrows = gpu + abl + mem + cpu + fw
DEVICE = next((r["device"] for r in gpu + abl + mem + fw if r.get("device")), "unknown device")
DATE = next((r["date"] for r in gpu + abl + mem + cpu + fw if r.get("date")), "unknown date")
DAY = DATE[:10]
TAG = "%s, %s" % (DEVICE, DAY)


def timed(r):
    return fnum(r.get("median_ms")) is not None


def cell(r, what="ms"):
    """median [min-max] in ms, or the note/check for untimed rows"""
    if r is None:
        return ""
    if not timed(r):
        c, note = r.get("check", ""), r.get("note", "")
        if "FAIL" in c:
            return c
        return "skipped" if note.startswith("skipped") else "n/a"
    if what == "gelem":
        return "%.2f" % float(r["gelem_s"])
    return "%.4g [%.4g-%.4g]" % (float(r["median_ms"]), float(r["min_ms"]), float(r["max_ms"]))


def md_table(head, rows):
    s = "| " + " | ".join(head) + " |\n|" + "---|" * len(head) + "\n"
    for r in rows:
        s += "| " + " | ".join(str(c).replace("|", "\\|") for c in r) + " |\n"
    return s


try:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    HAVE_MPL = True
except Exception as e:  # summary.md is still written
    HAVE_MPL = False
    NOTES.append("matplotlib not importable (%s): no plots" % e)


def save(fig, name, title):
    fig.suptitle(title, fontsize=10)
    fig.tight_layout(rect=(0, 0, 1, 0.96))
    fig.savefig(os.path.join(OUT, name), dpi=110)
    plt.close(fig)
    PLOTS.append((name, title))


# ---------------------------------------------------------------- throughput vs n
NAMES = {
    "(1: 1)": "prefix sum", "(1: 0, 1)": "2-tuple prefix sum", "(1: 0, 0, 1)": "3-tuple prefix sum",
    "(1: 2, -1)": "2nd-order prefix sum", "(1: 3, -3, 1)": "3rd-order prefix sum",
    "(0.2: 0.8)": "1-stage low-pass", "(0.04: 1.6, -0.64)": "2-stage low-pass",
    "(0.008: 2.4, -1.92, 0.512)": "3-stage low-pass", "(0.9, -0.9: 0.8)": "1-stage high-pass",
    "(0.81, -1.62, 0.81: 1.6, -0.64)": "2-stage high-pass",
    "(0.73, -2.19, 2.19, -0.73: 2.4, -1.9, 0.5)": "3-stage high-pass",
}


def signame(sig, fam, k):
    if sig in NAMES and fam in ("table1", "frameworks", ""):
        return NAMES[sig]
    return {"hops": "order-%s prefix sum", "lowpass": "%s-stage low-pass", "stable": "stable filter k=%s"}.get(
        fam, "%s") % k


main = [r for r in gpu if r["part"] == "main"]
sigs = OrderedDict()
for r in main:
    if r["method"] not in ("copy", "memcpy"):
        sigs.setdefault((r["signature"], r["type"]), (r["family"], r["k"]))
copy_by_n = {int(r["n"]): r for r in main if r["method"] == "copy"}
memcpy_by_n = {int(r["n"]): r for r in main if r["method"] == "memcpy"}
fw_by = defaultdict(list)
for r in fw:
    if r["signature"] != "-":
        fw_by[(r["signature"], r["type"])].append(r)
GPU_METHODS = ["plr", "cub", "scan_mat", "scan_mat_full", "scan_fly"]
STYLE = {"plr": dict(color="C3", lw=2.2, marker="o", ms=3), "copy": dict(color="k", ls="--", lw=1.2),
         "memcpy": dict(color="0.5", ls=":", lw=1.2), "cub": dict(color="C0", marker="s", ms=3),
         "scan_mat": dict(color="C2", marker="^", ms=3), "scan_mat_full": dict(color="C2", ls="--", marker="v", ms=3),
         "scan_fly": dict(color="C4", marker="d", ms=3)}


def plot_family(fam, title):
    keys = [k for k, v in sigs.items() if v[0] == fam]
    if not keys or not HAVE_MPL:
        return
    cols = 3 if len(keys) > 4 else len(keys)
    rows = int(math.ceil(len(keys) / cols))
    fig, axes = plt.subplots(rows, cols, figsize=(4.6 * cols, 3.4 * rows), squeeze=False)
    allns = []
    for ax, key in zip(axes.flat, keys):
        sig, typ = key
        for m in ["copy", "memcpy"] + GPU_METHODS:
            if m in ("copy", "memcpy"):
                src = copy_by_n if m == "copy" else memcpy_by_n
                pts = sorted((n, float(r["gelem_s"])) for n, r in src.items() if timed(r))
            else:
                pts = sorted((int(r["n"]), float(r["gelem_s"])) for r in main
                             if r["method"] == m and r["signature"] == sig and r["type"] == typ and timed(r))
            if pts:
                allns += [p[0] for p in pts]
                ax.plot([p[0] for p in pts], [p[1] for p in pts], label=m, **STYLE.get(m, {}))
        byfw = defaultdict(list)
        for r in fw_by.get(key, []):
            if timed(r):
                byfw[r["method"]].append((int(r["n"]), float(r["gelem_s"])))
        for i, (m, pts) in enumerate(sorted(byfw.items())):
            pts.sort()
            ax.plot([p[0] for p in pts], [p[1] for p in pts], label=m, lw=1, marker="x", ms=3, color="C%d" % (5 + i))
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        fam_, k = sigs[key]
        ax.set_title("%s %s %s" % (signame(sig, fam_, k), sig if len(sig) < 34 else sig[:31] + "...)", typ),
                     fontsize=8)
        ax.set_xlabel("n (elements)", fontsize=8)
        ax.set_ylabel("G elements/s", fontsize=8)
        ax.grid(True, which="both", alpha=0.3)
        ax.tick_params(labelsize=7)
        ax.legend(fontsize=6)
    for ax in list(axes.flat)[len(keys):]:
        ax.axis("off")
    save(fig, "throughput_%s.png" % fam, "%s: throughput vs n, data on the device - %s, %s" % (title, TAG, nrange(allns)))


plot_family("table1", "Table 1 signatures (i32 prefix sums, f32 filters)")
plot_family("hops", "Higher-order prefix sums (i32)")
plot_family("lowpass", "Low-pass cascades (f32)")
plot_family("stable", "Random stable filters (f32)")

# ---------------------------------------------------------------- order sweep
sweep = [r for r in gpu if r["part"] == "sweep" and r["method"] == "plr"]
sweep_ns = sorted(set(int(r["n"]) for r in sweep))
ninst = {}
for r in nsw:
    if r["method"] == "plr" and fnum(r.get("smsp__inst_executed.sum")):
        ninst[int(r["k"])] = (float(r["smsp__inst_executed.sum"]) * 32 / float(r["n"]), int(r["n"]))
if sweep and HAVE_MPL:
    panels = 3 if ninst else 2
    fig, axes = plt.subplots(1, panels, figsize=(5 * panels, 3.8))
    for n in sweep_ns:
        pts = sorted((int(r["k"]), r) for r in sweep if int(r["n"]) == n and timed(r))
        ks = [p[0] for p in pts]
        axes[0].plot(ks, [float(p[1]["gelem_s"]) for p in pts], marker="o", ms=3, label="PLR n=%s" % lg(n))
        if n in copy_by_n or any(int(r["n"]) == n and r["method"] == "copy" for r in gpu):
            c = copy_by_n.get(n) or next(r for r in gpu if int(r["n"]) == n and r["method"] == "copy")
            axes[0].axhline(float(c["gelem_s"]), ls="--", lw=1, color="k" if n == sweep_ns[-1] else "0.6",
                            label="copy n=%s" % lg(n))
        axes[1].plot(ks, [fnum(p[1]["sm_cycles_per_elem"]) or 0 for p in pts], marker="o", ms=3, label="n=%s" % lg(n))
    axes[0].set_xlabel("order k")
    axes[0].set_ylabel("G elements/s")
    axes[0].set_yscale("log")
    axes[0].legend(fontsize=7)
    axes[0].grid(True, alpha=0.3)
    axes[1].set_xlabel("order k")
    axes[1].set_ylabel("SM cycles per element (time x clock x SMs / n)")
    axes[1].legend(fontsize=7)
    axes[1].grid(True, alpha=0.3)
    if ninst:
        ks = sorted(ninst)
        axes[2].plot(ks, [ninst[k][0] for k in ks], marker="o", ms=3, color="C3")
        axes[2].set_xlabel("order k")
        axes[2].set_ylabel("thread instructions per element (ncu, n=%s)" % lg(ninst[ks[0]][1]))
        axes[2].grid(True, alpha=0.3)
    save(fig, "order_sweep.png", "Order sweep, random stable f32 filters, PLR on device data - %s, %s" % (TAG, nrange(sweep_ns)))

# ---------------------------------------------------------------- ablation
VARIANTS = ["none", "exact", "skip", "ones", "truncate"]
abl_rows = [r for r in abl if r["method"] == "plr"]
abl_ns = sorted(set(int(r["n"]) for r in abl_rows))
abl_sigs = list(OrderedDict.fromkeys((r["signature"], r["type"], r["family"], r["k"]) for r in abl_rows))
abl_at = {}
for r in abl_rows:
    abl_at[(r["signature"], r["type"], int(r["n"]), r["variant"])] = r
if abl_rows and HAVE_MPL:
    n = abl_ns[-1]
    variants = [v for v in VARIANTS if any(k[3] == v for k in abl_at)] + sorted(
        set(k[3] for k in abl_at) - set(VARIANTS))
    fig, ax = plt.subplots(figsize=(max(8, 0.9 * len(abl_sigs) * len(variants) / 3), 4.2))
    w = 0.8 / max(1, len(variants))
    for i, v in enumerate(variants):
        ys, errs = [], [[], []]
        for s in abl_sigs:
            r = abl_at.get((s[0], s[1], n, v))
            g = float(r["gelem_s"]) if r is not None and timed(r) else 0
            ys.append(g)
            if g:
                med, mn, mx = float(r["median_ms"]), float(r["min_ms"]), float(r["max_ms"])
                errs[0].append(g - g * med / mx)
                errs[1].append(g * med / mn - g)
            else:
                errs[0].append(0)
                errs[1].append(0)
        ax.bar([j + i * w for j in range(len(abl_sigs))], ys, w, yerr=errs, capsize=2,
               label="all on" if v == "none" else "PLR_CUDA_DISABLE=%s" % v)
    ax.set_xticks([j + 0.4 - w / 2 for j in range(len(abl_sigs))])
    ax.set_xticklabels(["%s\n%s" % (signame(s[0], s[2], s[3]), s[1]) for s in abl_sigs], fontsize=6, rotation=30,
                       ha="right")
    ax.set_ylabel("G elements/s (bars: median, whiskers: min-max)")
    ax.legend(fontsize=7)
    ax.grid(True, axis="y", alpha=0.3)
    save(fig, "ablation.png", "Ablation: factor optimizations switched off one at a time - %s, n = %s" % (TAG, lg(n)))

# ---------------------------------------------------------------- memory
mem_by = {}
for r in mem:
    mem_by[(r["method"], int(r["k"]))] = r
MB = 1 << 20
if mem and HAVE_MPL:
    methods = [m for m in ["copy", "plr", "cub", "scan_mat", "scan_fly"] if any(k[0] == m for k in mem_by)]
    fig, ax = plt.subplots(figsize=(7, 3.8))
    w = 0.8 / max(1, len(methods))
    for i, m in enumerate(methods):
        ys = []
        for k in (1, 2, 3):
            r, xy = mem_by.get((m, k)), mem_by.get(("xy", k))
            aux = fnum(r["bytes_aux"]) if r else None
            ys.append(((aux or 0) + float(xy["bytes_aux"])) / MB if (aux is not None and xy) else 0)
        ax.bar([k + i * w for k in range(3)], ys, w, label=m)
    ax.set_xticks([k + 0.4 - w / 2 for k in range(3)])
    ax.set_xticklabels(["order 1", "order 2", "order 3"])
    ax.set_ylabel("MiB (x + y + method's extra)")
    ax.set_yscale("log")
    ax.legend(fontsize=7)
    ax.grid(True, axis="y", alpha=0.3)
    mn = next(iter(mem))["n"]
    save(fig, "memory.png", "GPU memory per method (cudaMemGetInfo deltas, context excluded) - %s, n = %s" % (TAG, lg(mn)))

# ---------------------------------------------------------------- ncu table 3
T3M = [("lts__t_sectors_srcunit_tex_op_read.sum", "L2 read MiB", 32),
       ("lts__t_sectors_srcunit_tex_op_read_lookup_miss.sum", "L2 read-miss MiB", 32),
       ("dram__bytes_read.sum", "DRAM read MiB", 1), ("dram__bytes_write.sum", "DRAM write MiB", 1)]
if t3 and HAVE_MPL:
    have = [m for m in T3M if m[0] in t3[0]]
    labels = ["%s k=%s" % (r["method"], r["k"]) for r in t3]
    fig, ax = plt.subplots(figsize=(max(7, 0.55 * len(t3)), 4))
    w = 0.8 / max(1, len(have))
    for i, (m, lab, mul) in enumerate(have):
        ax.bar([j + i * w for j in range(len(t3))], [float(r[m] or 0) * mul / MB for r in t3], w, label=lab)
    ax.set_xticks([j + 0.4 - w / 2 for j in range(len(t3))])
    ax.set_xticklabels(labels, fontsize=6, rotation=40, ha="right")
    ax.set_ylabel("MiB")
    ax.set_yscale("log")
    ax.legend(fontsize=7)
    ax.grid(True, axis="y", alpha=0.3)
    save(fig, "ncu_table3.png", "Memory traffic per call (ncu, caches flushed) - %s, n = %s" % (TAG, lg(t3[0]["n"])))

# ---------------------------------------------------------------- CPU
cpu_rows = [r for r in cpu if r["method"] in ("serial", "plr_cpu")]
cpu_ns = sorted(set(int(r["n"]) for r in cpu_rows))
cpu_at = {(r["method"], r["signature"], r["type"], int(r["n"])): r for r in cpu_rows}
cpu_sigs = list(OrderedDict.fromkeys((r["signature"], r["type"], r["family"], r["k"]) for r in cpu_rows))
if cpu_rows and HAVE_MPL:
    fig, ax = plt.subplots(figsize=(max(8, 0.7 * len(cpu_sigs)), 4))
    w = 0.8 / max(1, len(cpu_ns))
    for i, n in enumerate(cpu_ns):
        ys = []
        for s in cpu_sigs:
            a, b = cpu_at.get(("serial", s[0], s[1], n)), cpu_at.get(("plr_cpu", s[0], s[1], n))
            ys.append(float(a["median_ms"]) / float(b["median_ms"]) if a and b and timed(a) and timed(b) else 0)
        ax.bar([j + i * w for j in range(len(cpu_sigs))], ys, w, label="n=%s" % lg(n))
    ax.axhline(1, color="k", lw=1)
    ax.set_xticks([j + 0.4 - w / 2 for j in range(len(cpu_sigs))])
    ax.set_xticklabels(["%s\n%s" % (signame(s[0], s[2], s[3]), s[1]) for s in cpu_sigs], fontsize=6, rotation=30,
                       ha="right")
    ax.set_ylabel("cpu backend speed-up over the serial loop")
    ax.legend(fontsize=7)
    ax.grid(True, axis="y", alpha=0.3)
    cores = next((re.search(r"(\d+) online", r["note"]).group(1) for r in cpu_rows
                  if re.search(r"(\d+) online", r.get("note", ""))), "?")
    save(fig, "cpu.png", "PLR cpu backend (%s cores) vs the serial C loop (-O2), host arrays - %s, %s" % (
        cores, TAG, nrange(cpu_ns)))

# ---------------------------------------------------------------- summary.md
md = []
env = open(os.path.join(OUT, "env.txt")).read() if os.path.exists(os.path.join(OUT, "env.txt")) else ""
md.append("# PLR evaluation: %s, %s\n" % (DEVICE, DAY))
md.append("Produced by `bench/run_all.sh` (issue #6). Raw rows: `gpu.csv` (throughput, order sweep), "
          "`ablation.csv`, `memory.csv`, `cpu.csv`, `frameworks.csv`, `ncu_*.csv`; logs beside them.\n")
md.append("**Timing.** Every figure is the median over 5-15 calls of the host wall time of one call followed by "
          "`cudaDeviceSynchronize()` (CPU methods: the call), after one untimed warm-up; the spread is given as "
          "[min-max] in ms. G elem/s = n / median. `% of copy` = the faster of a device-to-device copy kernel and "
          "`cudaMemcpyAsync` of the same n, measured in the same run, divided by the method's time. All GPU data is "
          "already on the device; PLR runs through the public API with `PLR_DEVICE_CUDA` (a row fails unless the "
          "report says cuda ran). Below ~2^18 elements the per-call launch and synchronize overhead dominates every "
          "method.\n")
if env:
    md.append("```\n" + "\n".join(l for l in env.splitlines() if not l.startswith(("total", "-", "l", "d"))) + "\n```\n")
md.append("## Plots\n")
for name, title in PLOTS:
    md.append("- [%s](%s): %s" % (name, name, title))
md.append("")

fails = [r for r in allrows if "FAIL" in (r.get("check") or "")]
md.append("## Checks\n")
md.append("Each method's output was verified once per signature at n = 786437 (a non-power of two; frameworks: "
          "2^16+3): PLR against a host reference (integers exact with wrap-around, floats in double), the baselines "
          "against PLR's output; float tolerance: the larger of 1e-3 max(1, max|y|) (the paper's) and "
          "docs/runtime.md's bound.\n")
if fails:
    md.append("**%d rows carry a failed check:**\n" % len(fails))
    md.append(md_table(["method", "signature", "type", "n", "check"],
                       [[r["method"], "`%s`" % r["signature"], r["type"], lg(r["n"]), r["check"]] for r in fails[:60]]))
else:
    md.append("No failed checks.\n")

if main:
    nmax = max(int(r["n"]) for r in main)
    md.append("## Throughput at n = %s (data on the device)\n" % lg(nmax))
    methods = [m for m in GPU_METHODS if any(r["method"] == m for r in main)]
    rows = []
    c = copy_by_n.get(nmax)
    mc = memcpy_by_n.get(nmax)
    if c:
        rows.append(["copy kernel", "-", "32-bit", cell(c), "%.1f" % float(c["gelem_s"]), "%.0f%%" % (100 * float(c["ratio_to_copy"]))] + [""] * (len(methods) - 1))
    if mc:
        rows.append(["cudaMemcpy", "-", "32-bit", cell(mc), "%.1f" % float(mc["gelem_s"]), "%.0f%%" % (100 * float(mc["ratio_to_copy"]))] + [""] * (len(methods) - 1))
    at = {(r["method"], r["signature"], r["type"]): r for r in main if int(r["n"]) == nmax}
    for (sig, typ), (fam, k) in sigs.items():
        p = at.get(("plr", sig, typ))
        row = [signame(sig, fam, k), "`%s`" % sig, typ, cell(p),
               "%.2f" % float(p["gelem_s"]) if p is not None and timed(p) else "",
               "%.0f%%" % (100 * float(p["ratio_to_copy"])) if p is not None and timed(p) and p["ratio_to_copy"] else ""]
        for m in methods[1:]:
            r = at.get((m, sig, typ))
            row.append("" if r is None else (cell(r) + (" (%.0f%%)" % (100 * float(r["ratio_to_copy"])) if timed(r) and r["ratio_to_copy"] else "")))
        rows.append(row)
    md.append(md_table(["recurrence", "signature", "type", "PLR ms [min-max]", "PLR G elem/s", "PLR % of copy"] +
                       ["%s ms (%% of copy)" % m for m in methods[1:]], rows))
    md.append("`scan_mat` times only the scan of the materialized pairs, as the paper did; `scan_mat_full` adds "
              "building the pairs from x and extracting y. n/a: not built (k > 3) or the pairs do not fit.\n")
    # PLR across n, % of copy
    ns = sorted(set(int(r["n"]) for r in main))
    show = [n for n in ns if n in (1 << 14, 1 << 16, 1 << 18, 1 << 20, 1 << 22, 1 << 24, 1 << 26, 1 << 28, 1 << 30)
            or n & (n - 1)]
    md.append("### PLR across n: G elem/s (% of copy)\n")
    at2 = {(r["signature"], r["type"], int(r["n"])): r for r in main if r["method"] == "plr"}
    rows = []
    for (sig, typ), (fam, k) in sigs.items():
        row = [signame(sig, fam, k), typ]
        for n in show:
            r = at2.get((sig, typ, n))
            row.append("%.2f (%.0f%%)" % (float(r["gelem_s"]), 100 * float(r["ratio_to_copy"]))
                       if r is not None and timed(r) and r["ratio_to_copy"] else ("-" if r is None else "skip"))
        rows.append(row)
    md.append(md_table(["recurrence", "type"] + [lg(n) for n in show], rows))
    slow = [r for r in main if r["method"] == "plr" and "serial loop" in r.get("note", "")]
    if slow:
        md.append("Signatures that PLR runs as the serial loop on one GPU thread (float factors grow beyond the "
                  "f32 limit, docs/cuda.md): %s.\n" % ", ".join(sorted(set("`%s`" % r["signature"] for r in slow))))

if fw:
    md.append("## Frameworks (same machine, own device copy for the ratio)\n")
    nfw = sorted(set(int(r["n"]) for r in fw))
    rows = []
    for r in fw:
        if r["signature"] == "-" or not timed(r):
            continue
        if int(r["n"]) not in (nfw[-1], 1 << 20, 1 << 24, 1 << 28):
            continue
        p = next((x for x in main if x["method"] == "plr" and x["signature"] == r["signature"]
                  and x["type"] == r["type"] and x["n"] == r["n"] and timed(x)), None)
        rows.append([r["method"], "`%s`" % r["signature"], r["type"], lg(r["n"]), cell(r), "%.2f" % float(r["gelem_s"]),
                     "%.0f%%" % (100 * float(r["ratio_to_copy"])) if r["ratio_to_copy"] else "",
                     "%.2fx" % (float(r["median_ms"]) / float(p["median_ms"])) if p else "", r["check"]])
    md.append(md_table(["library", "signature", "type", "n", "ms [min-max]", "G elem/s", "% of its copy",
                        "PLR speed-up", "check"], rows))
    skipped = sorted(set("%s: %s" % (r["method"], r["note"]) for r in fw if not timed(r) and r.get("note")))
    if skipped:
        md.append("Not timed: " + "; ".join(skipped[:10]) + "\n")

if sweep:
    md.append("## Order sweep (random stable f32 filters, k = 1..32)\n")
    md.append("Work per element: `SM cycles/elem` = median time x SM clock x SMs / n (the whole GPU's cycles spent "
              "per element; grows with k once the kernel stops being memory bound)%s.\n" % (
                  "; `instr/elem` = ncu warp instructions x 32 / n" if ninst else ""))
    rows = []
    for k in range(1, 33):
        row = [k]
        for n in sweep_ns:
            r = next((x for x in sweep if int(x["k"]) == k and int(x["n"]) == n), None)
            row += ["%.2f" % float(r["gelem_s"]) if r is not None and timed(r) else "-",
                    "%.0f%%" % (100 * float(r["ratio_to_copy"])) if r is not None and timed(r) and r["ratio_to_copy"] else "-",
                    "%.1f" % fnum(r["sm_cycles_per_elem"]) if r is not None and timed(r) and fnum(r["sm_cycles_per_elem"]) else "-"]
        if ninst:
            row.append("%.1f" % ninst[k][0] if k in ninst else "")
        rows.append(row)
    head = ["k"]
    for n in sweep_ns:
        head += ["G elem/s %s" % lg(n), "% copy", "SM cycles/elem"]
    if ninst:
        head.append("instr/elem")
    md.append(md_table(head, rows))

if abl_rows:
    md.append("## Ablation (Figure 10): PLR_CUDA_DISABLE=<token>\n")
    md.append("One process per token (`exact`, `skip`, `ones`, `truncate`: each switches off one factor "
              "optimization in runtime/cuda) and one with none; G elem/s and the ratio to `none`. Each process "
              "checked its own results (column check).\n")
    variants = [v for v in VARIANTS if any(k[3] == v for k in abl_at)] + sorted(set(k[3] for k in abl_at) - set(VARIANTS))
    for n in abl_ns:
        rows = []
        for s in abl_sigs:
            base = abl_at.get((s[0], s[1], n, "none"))
            row = [signame(s[0], s[2], s[3]), "`%s`" % s[0], s[1]]
            bad = []
            for v in variants:
                r = abl_at.get((s[0], s[1], n, v))
                if r is None or not timed(r):
                    row.append("-")
                    continue
                rel = (" (%.2fx)" % (float(base["median_ms"]) / float(r["median_ms"]))
                       if base is not None and timed(base) and v != "none" else "")
                row.append("%.2f%s" % (float(r["gelem_s"]), rel))
                if "FAIL" in r.get("check", ""):
                    bad.append(v)
            row.append("FAIL: " + ",".join(bad) if bad else "ok")
            rows.append(row)
        md.append("n = %s\n" % lg(n))
        md.append(md_table(["recurrence", "signature", "type"] + variants + ["checks"], rows))
    by_var = defaultdict(set)
    for r in abl_rows:
        by_var[r["variant"]].add((r["signature"], r["type"], r.get("note", "")))
    same = [v for v in by_var if v != "none" and "none" in by_var and by_var[v] == by_var["none"]]
    if same:
        md.append("**Check first:** PLR's own account (PLR_VERBOSE) is identical with and without "
                  "PLR_CUDA_DISABLE=%s: this libplr may not honour the variable, and those columns would then "
                  "only show run-to-run noise.\n" % ",".join(sorted(same)))
    dec = sorted(set((r["variant"], r["note"]) for r in abl_rows if r.get("note")))
    if dec:
        md.append("<details><summary>PLR's own account per variant (PLR_VERBOSE)</summary>\n")
        for v, n_ in dec[:40]:
            md.append("- %s: %s" % (v, n_))
        md.append("\n</details>\n")

if mem:
    n = int(next(iter(mem))["n"])
    md.append("## GPU memory (Table 2), n = %s, int32\n" % lg(n))
    md.append("MiB in use for x, y and what the method adds (cudaMemGetInfo deltas around its first call in a fresh "
              "process, 2 MiB granularity; includes loaded kernel code; the CUDA context is excluded, unlike the "
              "paper's NVML figures). In brackets: the method's extra MiB.\n")
    methods = [m for m in ["copy", "plr", "cub", "scan_mat", "scan_fly"] if any(k[0] == m for k in mem_by)]
    rows = []
    for k in (1, 2, 3):
        xy = mem_by.get(("xy", k))
        row = ["order %d" % k]
        for m in methods:
            r = mem_by.get((m, k))
            aux = fnum(r["bytes_aux"]) if r else None
            row.append("%.1f (+%.1f)" % ((aux + float(xy["bytes_aux"])) / MB, aux / MB) if aux is not None and xy
                       else ("n/a" if r else ""))
        rows.append(row)
    md.append(md_table([""] + methods, rows))
    notes = sorted(set("%s k=%s: %s" % (r["method"], r["k"], r["note"]) for r in mem if "temp_storage" in r.get("note", "")))
    if notes:
        md.append("\n".join("- " + x for x in notes) + "\n")

if t3:
    n = int(t3[0]["n"])
    have = [m for m in T3M if m[0] in t3[0]]
    md.append("## Memory traffic (Table 3), n = %s, ncu\n" % lg(n))
    md.append("Per method call, summed over its kernels, caches flushed before each kernel; MiB (sectors x 32 B). "
              "Reading the int32 input once is %.0f MiB, writing the output once is %.0f MiB.\n" % (n * 4 / MB, n * 4 / MB))
    rows = [[r["method"], "`%s`" % r["signature"], r["type"], r["k"], r["kernels"]] +
            ["%.1f" % (float(r[m] or 0) * mul / MB) for m, lab, mul in have] for r in t3]
    md.append(md_table(["method", "signature", "type", "k", "kernels"] + [lab for m, lab, mul in have], rows))
st = os.path.join(OUT, "ncu_status.txt")
if os.path.exists(st):
    md.append("ncu status:\n\n```\n" + open(st).read().strip() + "\n```\n")

if cpu_rows:
    md.append("## CPU baselines (host arrays)\n")
    hm = {int(r["n"]): r for r in cpu if r["method"] == "host_memcpy"}
    rows = []
    for s in cpu_sigs:
        for n in cpu_ns:
            a, b = cpu_at.get(("serial", s[0], s[1], n)), cpu_at.get(("plr_cpu", s[0], s[1], n))
            rows.append([signame(s[0], s[2], s[3]), "`%s`" % s[0], s[1], lg(n), cell(a), cell(b),
                         "%.2fx" % (float(a["median_ms"]) / float(b["median_ms"])) if a and b and timed(a) and timed(b) else "",
                         (b or a or {}).get("check", "")])
    md.append("Serial: the plain C loop compiled with -O2 (hand-written with literal coefficients for Table 1, a "
              "generic loop otherwise); cpu: PLR_DEVICE_CPU with all cores. One-core memcpy of the same n: %s.\n" %
              ", ".join("%s %.3f ms" % (lg(n), float(r["median_ms"])) for n, r in sorted(hm.items()) if timed(r)))
    md.append(md_table(["recurrence", "signature", "type", "n", "serial ms [min-max]", "cpu backend ms [min-max]",
                        "speed-up", "check (cpu)"], rows))

log = os.path.join(OUT, "run_all.log")
if os.path.exists(log):
    md.append("## Run log\n\n```\n" + open(log).read().strip() + "\n```\n")
e2e = os.path.join(OUT, "e2e")
if os.path.isdir(e2e):
    md.append("## End to end (bench/e2e)\n")
    md.append("[e2e/e2e.md](e2e/e2e.md)\n" if os.path.exists(os.path.join(e2e, "e2e.md"))
              else "bench/e2e/run.sh wrote no e2e.md; see [e2e/](e2e/) and e2e.log.\n")
if NOTES:
    md.append("Notes: " + "; ".join(NOTES) + "\n")

with open(os.path.join(OUT, "summary.md"), "w") as f:
    f.write("\n".join(md))
print("report: %d plots, summary.md in %s" % (len(PLOTS), OUT))
