#!/usr/bin/env python3
"""Compile time of one large C file with clang and with PLR's pass plugin.

usage: compile_time.py SOURCE.c PLUGIN.so [RUNS] [-- extra clang flags]

Compiles SOURCE.c `-O2 -c` RUNS times (default 5) with CLANG (default
clang-19) alone and with -fpass-plugin=PLUGIN.so, alternating (clang,
plugin, clang, plugin, ...), so that both see the same load; reports for
each the median wall time and the median CPU time (user + sys of the
compiler's processes, from wait4: less sensitive to other work on the
machine than wall time), and their ratios. Then 3 more compiles with the
plugin and -ftime-report: the time LLVM's pass timer charges to the pass
"plr" (and "plr-*", the pragma's passes, when loaded) against the total of
the optimization pipeline and of the whole compile (medians). Last, one
compile with -Rpass=plr -Rpass-missed=plr: how many loops the pass replaced
and rejected in the file. Writes everything to stdout (tab-separated lines
first, then the raw -ftime-report of the median run to stderr).
"""
import os
import re
import statistics
import subprocess
import sys
import time

args = sys.argv[1:]
extra = []
if "--" in args:
    i = args.index("--")
    args, extra = args[:i], args[i + 1:]
src, plugin = args[0], os.path.abspath(args[1])
runs = int(args[2]) if len(args) > 2 else 5
clang = os.environ.get("CLANG", "clang-19")
base = [clang, "-O2", "-c", src, "-o", "/dev/null"] + extra
variants = {"clang": base, "plugin": base + [f"-fpass-plugin={plugin}"]}


def run(argv):
    t0 = time.monotonic()
    p = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    out, err = p.communicate()
    wall = time.monotonic() - t0
    # communicate() has reaped the child; its rusage is in RUSAGE_CHILDREN deltas
    return wall, p.returncode, err


def cpu_now():
    r = os.times()
    return r.children_user + r.children_system


res = {k: {"wall": [], "cpu": []} for k in variants}
for r in range(runs):
    for k, argv in variants.items():
        c0 = cpu_now()
        wall, rc, err = run(argv)
        cpu = cpu_now() - c0
        if rc != 0:
            sys.exit(f"{k} compile failed (exit {rc}):\n{err}")
        res[k]["wall"].append(wall)
        res[k]["cpu"].append(cpu)
        print(f"run\t{r + 1}\t{k}\twall {wall:.2f} s\tcpu {cpu:.2f} s", flush=True)

med = {k: {m: statistics.median(v[m]) for m in v} for k, v in res.items()}
for k in variants:
    print(f"median\t{k}\twall {med[k]['wall']:.2f} s\tcpu {med[k]['cpu']:.2f} s"
          f"\t(cpu min {min(res[k]['cpu']):.2f} max {max(res[k]['cpu']):.2f})")
for m in ("wall", "cpu"):
    print(f"ratio\t{m}\tplugin / clang = {med['plugin'][m] / med['clang'][m]:.4f}")

# -ftime-report: the pass's own share. clang prints the optimization
# pipeline's "Pass execution timing report" first (the new pass manager: plr
# is there), then the code generator's (legacy PM), then the "Clang front-end
# time report" whose Total is the whole compile. Columns: user, system,
# user+system, wall; the share is taken in CPU (user+system) and in wall time.
ROW = re.compile(r"^\s*((?:[\d.]+ \(\s*[\d.]+%\)\s+){3,4})(.+?)\s*$")
reports = []
for r in range(3):
    wall, rc, err = run(variants["plugin"] + ["-ftime-report"])
    plr = [0.0, 0.0]  # cpu, wall
    pipe = whole = None
    section, npass = None, 0
    for line in err.splitlines():
        if "Pass execution timing report" in line:
            npass += 1
            section = "opt" if npass == 1 else "codegen"
            continue
        if "Clang front-end time report" in line:
            section = "clang"
            continue
        if "timing report" in line or "time report" in line or "Timer" in line:
            section = "other"
            continue
        m = ROW.match(line)
        if not m:
            continue
        cols = [float(x) for x in re.findall(r"([\d.]+) \(\s*[\d.]+%\)", m.group(1))]
        cpu, w = cols[-2], cols[-1]
        name = m.group(2)
        if section == "opt" and name == "Total":
            pipe = (cpu, w)
        elif section == "opt" and (name == "plr" or name.startswith("plr-")):
            plr[0] += cpu
            plr[1] += w
        elif section == "clang" and name == "Total":
            whole = (cpu, w)
    reports.append((plr, pipe, whole, err))
    print(f"time-report\t{r + 1}\tplr passes cpu {plr[0] * 1000:.1f} ms wall {plr[1] * 1000:.1f} ms"
          f"\toptimization pipeline cpu {pipe[0]:.2f} s\twhole compile cpu {whole[0]:.2f} s wall {whole[1]:.2f} s"
          f"\tshare cpu {100 * plr[0] / whole[0]:.3f}% wall {100 * plr[1] / whole[1]:.3f}% of the compile,"
          f" {100 * plr[0] / pipe[0]:.3f}% of the optimization pipeline (cpu)", flush=True)
reports.sort(key=lambda t: t[0][0] / t[2][0])
plr, pipe, whole, err = reports[1]
print(f"time-report\tmedian\tplr passes cpu {plr[0] * 1000:.1f} ms = {100 * plr[0] / whole[0]:.3f}% of the compile's cpu"
      f" ({whole[0]:.2f} s), {100 * plr[0] / pipe[0]:.3f}% of the optimization pipeline's ({pipe[0]:.2f} s);"
      f" wall {100 * plr[1] / whole[1]:.3f}%")
sys.stderr.write(err)

# What the pass did in this file.
wall, rc, err = run(variants["plugin"] + ["-Rpass=plr", "-Rpass-missed=plr"])
passed = sum(1 for l in err.splitlines() if "remark:" in l and "[-Rpass=plr]" in l)
missed = sum(1 for l in err.splitlines() if "remark:" in l and "[-Rpass-missed=plr]" in l)
print(f"remarks\treplaced {passed}\tnot replaced {missed}")
for l in err.splitlines():
    if "remark:" in l and "plr]" in l:
        print(f"remark\t{l}")
