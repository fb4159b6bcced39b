#!/usr/bin/env python3
"""The PLR pass's share of compile time on the largest C files of a build.

usage: timereport.py TREE BUILDLOG [COUNT]

BUILDLOG is a `make V=1` log of the plr-cc build (run.sh's remarks build):
the compile command of each of the COUNT (3) largest .c files that log
compiles is taken from it, run again with -ftime-report, 5 times, and the
wall time of the passes named plr* (the recognizer/rewriter "plr", the
pragma's "plr-check" and "plr-mark") is set against the wall time of the
whole compile (medians). One line per file, tab-separated.
"""
import os
import re
import shlex
import statistics
import subprocess
import sys
import time

tree, log = sys.argv[1], sys.argv[2]
count = int(sys.argv[3]) if len(sys.argv) > 3 else 3
ENTER = re.compile(r"make\[\d+\]: Entering directory '(?P<dir>[^']+)'")

cmds = {}  # source path (absolute) -> (cwd, argv)
cwd = tree
for raw in open(log, errors="replace"):
    e = ENTER.search(raw)
    if e:
        cwd = e.group("dir")
        continue
    line = raw.strip()
    if line.startswith("libtool: compile:"):
        line = line[len("libtool: compile:"):].strip()
    try:
        argv = shlex.split(line)
    except ValueError:
        continue
    if not argv or not argv[0].endswith("plr-cc") or "-c" not in argv:
        continue
    srcs = [a for a in argv[1:] if a.endswith(".c") and not a.startswith("-")]
    if len(srcs) != 1:
        continue
    src = os.path.normpath(os.path.join(cwd, srcs[0]))
    if src not in cmds and os.path.isfile(src):
        cmds[src] = (cwd, argv)

biggest = sorted(cmds, key=lambda p: -os.path.getsize(p))[:count]
for src in biggest:
    cwd, argv = cmds[src]
    out = []
    skip = False
    for a in argv:
        if skip:
            skip = False
            continue
        if a in ("-o", "-MT", "-MF", "-MQ"):
            skip = True
            continue
        if a in ("-MD", "-MP", "-MMD"):
            continue
        out.append(a)
    out += ["-ftime-report", "-o", "/dev/null"]
    walls, plrs = [], []
    for _ in range(5):
        t0 = time.monotonic()
        r = subprocess.run(out, cwd=cwd, capture_output=True, text=True)
        walls.append(time.monotonic() - t0)
        plr = 0.0
        for line in r.stderr.splitlines():
            m = re.match(r"\s*(?:[\d.]+ \(\s*[\d.]+%\)\s+){3}([\d.]+) \(\s*[\d.]+%\)\s+(plr\S*)\s*$", line)
            if m:
                plr += float(m.group(1))
        plrs.append(plr)
    w, p = statistics.median(walls), statistics.median(plrs)
    lines = sum(1 for _ in open(src, errors="replace"))
    print(f"{os.path.relpath(src, tree)} ({lines} lines)\tcompile {w:.2f} s\tplr passes {p * 1000:.1f} ms\t{100 * p / w:.2f}% of the compile")
