#!/usr/bin/env python3
"""Compile-time cost of libPLRPass.

Compiles every .c file under the given directories with clang -O2 -c, with
and without -fpass-plugin, alternating (so load on the machine hits both
alike), REPS times, and compares the CPU time (user + system of the clang
processes, which is less sensitive to other load than wall time). The
figure is the total over all files of the per-file minimum over repetitions.

  compile_time.py BUILD_DIR REPS DIR [DIR...]  [-- extra clang flags]
"""
import os
import resource
import subprocess
import sys

CLANG = os.environ.get("CLANG", "/usr/lib/llvm-19/bin/clang")


def cpu_of(cmd):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    r = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return t, r.returncode


def main():
    args = sys.argv[1:]
    extra = []
    if "--" in args:
        extra = args[args.index("--") + 1:]
        args = args[:args.index("--")]
    build, reps, dirs = os.path.abspath(args[0]), int(args[1]), args[2:]
    plugin = os.path.join(build, "lib", "libPLRPass.so")
    files = sorted(os.path.join(r, f) for d in dirs for r, _, fs in os.walk(d) for f in fs if f.endswith(".c"))
    base_total = plr_total = 0.0
    used = 0
    for f in files:
        inc = ["-I" + os.path.dirname(f)]
        common = [CLANG, "-O2", "-w", "-c", "-o", "/dev/null"] + inc + extra + [f]
        base, plr = [], []
        ok = True
        for _ in range(reps):
            t, rc = cpu_of(common)
            ok &= rc == 0
            base.append(t)
            t, rc = cpu_of(common[:1] + ["-fpass-plugin=" + plugin] + common[1:])
            ok &= rc == 0
            plr.append(t)
        if not ok:
            continue  # a file that does not compile on its own (a fragment)
        used += 1
        base_total += min(base)
        plr_total += min(plr)
    print("files compiled: %d of %d, %d repetitions each, clang -O2 -c %s" % (used, len(files), reps, " ".join(extra)))
    print("without plugin: %.2f s CPU" % base_total)
    print("with plugin:    %.2f s CPU" % plr_total)
    print("overhead:       %+.2f%%" % (100.0 * (plr_total - base_total) / base_total))


if __name__ == "__main__":
    main()
