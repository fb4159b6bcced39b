#!/usr/bin/env python3
"""Summaries of bench/realcode/run.sh's logs: test results, remarks, calls, build times.

usage: summarize.py RC_DIR PROJECT...   (PROJECT: flac, libsndfile, polybench, opus, opus-fm)
       summarize.py RC_DIR --csv PROJECT...   (one CSV row per code base and build)

Prints, per project, a markdown table (clang vs plr-cc), the missed reasons
grouped by distinct loop, every replaced loop and every missed one with its
location, and what the replaced loops did at run time (from the traces that
bench/realcode/plrtrace.so wrote).
"""
import collections
import os
import re
import statistics
import subprocess
import sys

RC = sys.argv[1]
LOGS = os.path.join(RC, "logs")

REMARK = re.compile(r"^(?P<loc>\S+?):(?P<line>\d+):(?P<col>\d+): remark: (?P<msg>.*?)\s*\[-Rpass(?P<kind>-missed)?=plr\]\s*$")
LOOP_AT = re.compile(r"; in the loop at (?:line (?P<line>\d+), column (?P<col>\d+)|(?P<file>\S+?):(?P<fline>\d+):(?P<fcol>\d+))")
ENTER = re.compile(r"make\[\d+\]: Entering directory '(?P<dir>[^']+)'")


def read(path):
    try:
        with open(path, errors="replace") as f:
            return f.read()
    except FileNotFoundError:
        return None


def reason_of(msg):
    """The reason of a missed remark, without the loop's own numbers."""
    m = re.search(r"not replaced: (.*)", msg)
    r = m.group(1) if m else msg
    if msg.startswith("floating-point recurrence"):
        return "floating point without consent (reassociation)"
    r = r.split(";")[0]
    r = re.sub(r"\(-?[\d.e+-]+(, -?[\d.e+-]+)*: [^)]*\)", "(SIG)", r)
    return r.strip()


def remarks(path, tree):
    """{(file, line, col): (kind, msg)} from one build log; file relative to tree."""
    out = {}
    text = read(path)
    if text is None:
        return out
    cwd = tree
    for raw in text.splitlines():
        e = ENTER.search(raw)
        if e:
            cwd = e.group("dir")
            continue
        m = REMARK.match(raw)
        if not m:
            continue
        loc = m.group("loc")
        full = os.path.normpath(os.path.join(cwd, loc))
        rel = os.path.relpath(full, tree) if tree and full.startswith(tree.rstrip("/") + "/") else loc
        rel = re.sub(r"^\./", "", rel)
        key = (rel, int(m.group("line")), int(m.group("col")))
        # a rejection is located at the instruction it is about and names the
        # loop's start after it: one loop is keyed by the loop's start
        at = LOOP_AT.search(m.group("msg"))
        if at and at.group("file"):
            key = (at.group("file"), int(at.group("fline")), int(at.group("fcol")))
        elif at:
            key = (rel, int(at.group("line")), int(at.group("col")))
        kind = "missed" if m.group("kind") else "passed"
        # a loop inlined into several functions gets several remarks: one loop
        prev = out.get(key)
        if prev is None or (prev[0] == "missed" and kind == "passed"):
            out[key] = (kind, m.group("msg"))
    return out


_trees = {}


def find_in_tree(tree, base):
    """executables named base anywhere under tree (a program run by a relative path)"""
    if tree not in _trees:
        idx = collections.defaultdict(list)
        for d, _, files in os.walk(tree):
            for f in files:
                p = os.path.join(d, f)
                if os.access(p, os.X_OK):
                    idx[f].append(p)
        _trees[tree] = idx
    return _trees[tree].get(base, [])


def resolve(module, offset, tree):
    """function name of a return address (module+offset) with addr2line."""
    cands = [module]
    if not os.path.isabs(module) and tree:
        cands += [os.path.join(tree, module)] + find_in_tree(tree, os.path.basename(module))
    for c in cands:
        if os.path.isfile(c):
            try:
                r = subprocess.run(["addr2line", "-f", "-e", c, hex(int(offset, 16) - 1)],
                                   capture_output=True, text=True, timeout=30)
                fn = r.stdout.splitlines()[0] if r.stdout else "?"
                return f"{fn} ({os.path.basename(c)})"
            except (OSError, subprocess.SubprocessError, ValueError):
                pass
    return f"{os.path.basename(module)}+{offset}"


def trace(path, tree):
    """what the replaced loops did at run time"""
    t = {"pays_yes": 0, "pays_no": 0, "runs": collections.Counter(), "callers": collections.Counter(),
         "sigs": collections.Counter(), "no_reasons": collections.Counter(), "n": [],
         "loops": collections.Counter(), "run_reasons": collections.Counter()}
    text = read(path)
    if text is None:
        return t
    cache = {}
    for raw in text.splitlines():
        f = raw.split("\t")
        if len(f) < 8:
            continue
        kind, at, sig, typ, n, count, answer, why = f[:8]
        mod, _, off = at.rpartition("+")
        if at not in cache:
            cache[at] = resolve(mod, off, tree)
        who = cache[at]
        if kind == "pays":
            if answer == "1":
                t["pays_yes"] += 1
            else:
                t["pays_no"] += 1
                t["no_reasons"][re.sub(r"[\d.]+", "N", why)[:120]] += 1
        else:
            t["runs"][answer] += 1
            t["callers"][f"{who} @{off}"] += 1  # one call site: one replaced loop (in one binary)
            # flac and libsndfile build without -g: addr2line gives the function only, so a
            # source loop is its function and signature
            t["loops"][f"{who.split(' (')[0]}: {sig} {typ}"] += 1
            t["sigs"][f"{sig} {typ}"] += 1
            t["n"].append(int(n) * int(count))
            t["run_reasons"][f"{answer}: " + re.sub(r"[\d.]+", "N", why)[:160]] += 1
    return t


def buildtime(tag):
    text = read(os.path.join(LOGS, tag + ".buildtimes"))
    if not text:
        return None
    return statistics.median(float(x) for x in text.split())


def fmt_t(x):
    return "-" if x is None else f"{x:.1f} s"


def calls_cell(t):
    runs = sum(t["runs"].values())
    if not runs and not t["pays_yes"] and not t["pays_no"]:
        return "0", "0"
    dev = ", ".join(f"{k} {v}" for k, v in t["runs"].most_common())
    return (f"{runs} ({dev}) from {len(t['loops'])} replaced loop(s), {len(t['callers'])} call site(s)" if runs else "0",
            str(t["pays_no"]))


def flac_tests(log):
    """flac's test scripts print no total: lines with OK / PASSED, lines with
    FAILED / ERROR (a failing script stops the suite, so a count short of the
    other compiler's means tests did not run)."""
    text = read(log) or ""
    ok = len(re.findall(r"(\bOK\b|PASSED)", text))
    # ld.so's own "ERROR: ld.so: object ... cannot be preloaded" (the tracer
    # missing for a moment) is no test's failure: counted apart
    nopre = len(re.findall(r"(?m)^.*ERROR: ld\.so: object .* cannot be preloaded.*$", text))
    bad = len(re.findall(r"(?m)^.*(FAILED|ERROR).*$", text)) - nopre
    return f"{ok} OK/PASSED, {bad} FAILED/ERROR" + (f" (+{nopre} runs without the tracer)" if nopre else "")


def sndfile_tests(log):
    text = read(log) or ""
    ok = len(re.findall(r"(?m)\bok\s*$", text))
    p = len(re.findall(r"(?m)^PASS: ", text))
    f = len(re.findall(r"(?m)^(FAIL|ERROR): ", text))
    return f"{'PASS' if p and not f else 'FAIL'} (automake: {p} PASS, {f} FAIL; the one test script runs all the suite's programs); {ok} 'ok' checks"


def opus_tests(log):
    text = read(log) or ""
    p = len(re.findall(r"(?m)^PASS: ", text))
    f = len(re.findall(r"(?m)^(FAIL|ERROR|XPASS): ", text))
    return f"{'PASS' if p and not f else 'FAIL'} (automake: {p} PASS, {f} FAIL)"


TESTS = {"flac": flac_tests, "libsndfile": sndfile_tests, "opus": opus_tests, "opus-fm": opus_tests}


def checkrc(tag):
    text = read(os.path.join(LOGS, tag + ".checkrc"))
    return text.split() if text else ["?", "?"]


def loops_table(rem):
    passed = {k: v for k, v in rem.items() if v[0] == "passed"}
    missed = {k: v for k, v in rem.items() if v[0] == "missed"}
    return passed, missed


def print_remarks(title, rem):
    passed, missed = loops_table(rem)
    print(f"\n#### {title}: {len(passed)} replaced, {len(missed)} not replaced (distinct loops)\n")
    if passed:
        print("Replaced:\n")
        for (f, l, c), (_, msg) in sorted(passed.items()):
            print(f"- `{f}:{l}`: {msg.replace('replaced linear recurrence with a call to plr_run: ', '')}")
    if missed:
        print("\nNot replaced, by reason:\n")
        print("| reason | loops | where |")
        print("|---|---:|---|")
        by = collections.defaultdict(list)
        for k, (_, msg) in missed.items():
            by[reason_of(msg)].append(k)
        for r, ks in sorted(by.items(), key=lambda kv: -len(kv[1])):
            where = ", ".join(f"{f}:{l}" for f, l, c in sorted(ks)[:12]) + (" ..." if len(ks) > 12 else "")
            print(f"| {r} | {len(ks)} | {where} |")


def print_trace(title, t):
    runs = sum(t["runs"].values())
    print(f"\n#### run time, {title}: {runs} plr_run calls, plr_pays yes {t['pays_yes']} / no {t['pays_no']}\n")
    if runs:
        n = sorted(t["n"])
        print(f"- elements per call: min {n[0]}, median {n[len(n)//2]}, max {n[-1]}")
        print("- backends: " + ", ".join(f"{k} {v}" for k, v in t["runs"].most_common()))
        print("- callers: " + "; ".join(f"{k} {v}" for k, v in t["callers"].most_common()))
        print("- signatures: " + "; ".join(f"{k} {v}" for k, v in t["sigs"].most_common(8)))
        print(f"- source loops (function and signature; binaries merged): {len(t['loops'])}: "
              + "; ".join(f"{k} {v}" for k, v in t["loops"].most_common()))
        print("- backend chosen, and why (numbers as N): " + "; ".join(f"{k} ({v})" for k, v in t["run_reasons"].most_common(4)))
    for r, c in t["no_reasons"].most_common(3):
        print(f"- declined ({c}): {r}")


def autotools(name, tests):
    print(f"\n### {name}\n")
    tree_plr = os.path.join(RC, f"{name}-plr")
    rem_build = remarks(os.path.join(LOGS, f"{name}-plr.remarks.log"), tree_plr)
    rem_check = remarks(os.path.join(LOGS, f"{name}-plr.check.log"), tree_plr)
    rem_check = {k: v for k, v in rem_check.items() if k not in rem_build}
    tc = trace(os.path.join(LOGS, f"{name}-clang.trace"), os.path.join(RC, f"{name}-clang"))
    tp = trace(os.path.join(LOGS, f"{name}-plr.trace"), tree_plr)
    rows = [("", "clang-19", "plr-cc")]
    rows.append(("make check exit status, time", "%s, %s s" % tuple(checkrc(f"{name}-clang")),
                 "%s, %s s" % tuple(checkrc(f"{name}-plr"))))
    rows.append(("test results", tests(os.path.join(LOGS, f"{name}-clang.check.log")),
                 tests(os.path.join(LOGS, f"{name}-plr.check.log"))))
    pb, mb = loops_table(rem_build)
    pc, mc = loops_table(rem_check)
    rows.append(("loops replaced (library + programs / test programs)", "-", f"{len(pb)} / {len(pc)}"))
    rows.append(("candidate loops not replaced (same split)", "-", f"{len(mb)} / {len(mc)}"))
    c, d = calls_cell(tp)
    rows.append(("replaced loops that called libplr in the tests", "-", c))
    rows.append(("plr_pays declined", "-", d))
    rows.append((f"build time, make -j{os.environ.get('JOBS', '2')}, median", fmt_t(buildtime(f"{name}-clang")),
                 fmt_t(buildtime(f"{name}-plr"))))
    for r in rows:
        print("| " + " | ".join(r) + " |")
        if r is rows[0]:
            print("|---|---|---|")
    tr = read(os.path.join(LOGS, f"{name}.timereport"))
    if tr:
        print("\n-ftime-report, largest files (plr-cc):\n")
        for line in tr.splitlines():
            print("- " + line.replace("\t", ", "))
    dt = read(os.path.join(LOGS, f"{name}.decodetime"))
    if dt:
        print("\nflac -t (decode + MD5 check) of a 20-minute stereo signal (44.1 kHz, 16 bit), seconds, median of 5:\n")
        print("| file | clang-19 | plr-cc | plr-cc, PLR_PASS_MIN_N=64 |")
        print("|---|---|---|---|")
        rows = collections.OrderedDict()
        for line in dt.splitlines():
            f, v, t = line.split("\t")
            rows.setdefault(f, {})[v] = t
        for f, r in rows.items():
            print(f"| {f} | {r.get('clang', '-')} | {r.get('plr', '-')} | {r.get('plr64', '-')} |")
    print_remarks("library and programs (make)", rem_build)
    print_remarks("test programs (make check)", rem_check)
    print_trace("plr-cc build, default threshold", tp)
    if os.path.exists(os.path.join(LOGS, f"{name}-plr64-auto.checkrc")):
        print(f"\n#### stress: PLR_PASS_MIN_N=64 (every replaced loop with n >= 64 calls libplr)\n")
        print("| run | make check exit, time | test results |")
        print("|---|---|---|")
        for tag in ("plr64-auto", "plr64-cpu"):
            rc = checkrc(f"{name}-{tag}")
            print(f"| {tag} | {rc[0]}, {rc[1]} s | {tests(os.path.join(LOGS, f'{name}-{tag}.check.log'))} |")
        for tag in ("plr64-auto", "plr64-cpu"):
            print_trace(tag, trace(os.path.join(LOGS, f"{name}-{tag}.trace"), os.path.join(RC, f"{name}-plr64")))


def polybench():
    print("\n### polybench\n")
    print("| flags | compiler | outputs vs clang (identical / within print precision / differ / crashed) | loops replaced | not replaced | libplr calls | build (30 kernels), median |")
    print("|---|---|---|---:|---:|---|---|")
    for cfg in ("O2", "fastmath"):
        cmp = read(os.path.join(LOGS, f"polybench-plr-{cfg}.compare")) or "? ? ? ?"
        rem = remarks(os.path.join(LOGS, f"polybench-plr-{cfg}.remarks.log"), os.path.join(RC, "src/polybench"))
        p, m = loops_table(rem)
        t = trace(os.path.join(LOGS, f"polybench-plr-{cfg}.trace"), None)
        c, _ = calls_cell(t)
        print(f"| {cfg} | clang-19 | - | - | - | - | {fmt_t(buildtime(f'polybench-clang-{cfg}'))} |")
        print(f"| {cfg} | plr-cc | {' / '.join(cmp.split()[:4])} | {len(p)} | {len(m)} | {c} | {fmt_t(buildtime(f'polybench-plr-{cfg}'))} |")
        for dev in ("auto", "cpu"):
            cmp = read(os.path.join(LOGS, f"polybench-plr64-{cfg}-{dev}.compare"))
            if cmp:
                t = trace(os.path.join(LOGS, f"polybench-plr64-{cfg}-{dev}.trace"), None)
                c, _ = calls_cell(t)
                print(f"| {cfg} | plr-cc, PLR_PASS_MIN_N=64, PLR_DEVICE={dev} | {' / '.join(cmp.split()[:4])} | | | {c} | |")
    for cfg in ("O2", "fastmath"):
        rem = remarks(os.path.join(LOGS, f"polybench-plr-{cfg}.remarks.log"), os.path.join(RC, "src/polybench"))
        print_remarks(f"-{cfg}", rem)
        for tag in (f"plr-{cfg}", f"plr64-{cfg}-auto", f"plr64-{cfg}-cpu"):
            cmp = read(os.path.join(LOGS, f"polybench-{tag}.compare"))
            if cmp and len(cmp.splitlines()) > 1:
                print(f"\n{tag} outputs:\n")
                print("\n".join(cmp.splitlines()[1:]))
            if os.path.exists(os.path.join(LOGS, f"polybench-{tag}.trace")):
                print_trace(tag, trace(os.path.join(LOGS, f"polybench-{tag}.trace"), None))
    dt = read(os.path.join(LOGS, "polybench-deriche-time"))
    if dt:
        print("\nderiche, EXTRALARGE (7680x4320), kernel seconds, median of 5:\n")
        for line in dt.splitlines():
            print("- " + line)


def fmt_csv(x):
    return "" if x is None else f"{x:.2f}"


def csv_rows(projects):
    """one row per code base and build: the figures of the tables above"""
    rows = [("code_base", "build", "tests_exit", "tests_seconds", "tests", "loops_replaced",
             "loops_not_replaced", "plr_run_calls", "loops_called", "call_sites", "plr_pays_declined", "build_s_median")]
    for name in projects:
        if name == "polybench":
            for cfg in ("O2", "fastmath"):
                rem = remarks(os.path.join(LOGS, f"polybench-plr-{cfg}.remarks.log"), os.path.join(RC, "src/polybench"))
                p, m = loops_table(rem)
                rows.append((name, f"clang-{cfg}", "", "", "reference", "", "", "", "", "", "",
                             fmt_csv(buildtime(f"polybench-clang-{cfg}"))))
                for tag, bt in ((f"plr-{cfg}", f"polybench-plr-{cfg}"), (f"plr64-{cfg}-auto", None), (f"plr64-{cfg}-cpu", None)):
                    cmp = read(os.path.join(LOGS, f"polybench-{tag}.compare"))
                    if cmp is None:
                        continue
                    t = trace(os.path.join(LOGS, f"polybench-{tag}.trace"), None)
                    same, close, differ, failed = cmp.split()[:4]
                    rows.append((name, tag, failed, (read(os.path.join(LOGS, f"polybench-{tag}.runtime")) or "").strip(),
                                 f"{same} identical/{close} close/{differ} differ vs clang",
                                 len(p) if tag.startswith("plr-") else "", len(m) if tag.startswith("plr-") else "",
                                 sum(t["runs"].values()), len(t["loops"]), len(t["callers"]), t["pays_no"],
                                 fmt_csv(buildtime(bt)) if bt else ""))
            continue
        tests = TESTS[name]
        tree_plr = os.path.join(RC, f"{name}-plr")
        rem = remarks(os.path.join(LOGS, f"{name}-plr.remarks.log"), tree_plr)
        remc = remarks(os.path.join(LOGS, f"{name}-plr.check.log"), tree_plr)
        remc = {k: v for k, v in remc.items() if k not in rem}
        rem.update(remc)
        p, m = loops_table(rem)
        for tag in ("clang", "plr", "plr64-auto", "plr64-cpu"):
            if not os.path.exists(os.path.join(LOGS, f"{name}-{tag}.checkrc")):
                continue
            rc, secs = checkrc(f"{name}-{tag}")
            tree = os.path.join(RC, f"{name}-{tag.split('-')[0]}")
            t = trace(os.path.join(LOGS, f"{name}-{tag}.trace"), tree)
            rows.append((name, tag, rc, secs, tests(os.path.join(LOGS, f"{name}-{tag}.check.log")),
                         len(p) if tag == "plr" else "", len(m) if tag == "plr" else "",
                         sum(t["runs"].values()), len(t["loops"]), len(t["callers"]), t["pays_no"],
                         fmt_csv(buildtime(f"{name}-{tag}")) if tag in ("clang", "plr") else ""))
    import csv
    w = csv.writer(sys.stdout)
    for r in rows:
        w.writerow(r)


if sys.argv[2:3] == ["--csv"]:
    csv_rows(sys.argv[3:])
    sys.exit(0)

for proj in sys.argv[2:]:
    if proj in TESTS:
        autotools(proj, TESTS[proj])
    elif proj == "polybench":
        polybench()
    else:
        sys.exit(f"summarize.py: unknown project {proj}")
