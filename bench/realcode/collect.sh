#!/usr/bin/env bash
# collect.sh RC_DIR OUT_DIR: the small results of a run.sh run, for committing:
# the summaries (markdown, CSV), the remarks (remark lines only), test exit
# statuses, build times, -ftime-report, PolyBench comparisons, flac decode
# timings, and the libplr call traces condensed (calls counted per caller,
# signature, type, backend and reason; the traces themselves are 10-70 MB).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
rc=${1:?usage: collect.sh RC_DIR OUT_DIR}
out=${2:?usage: collect.sh RC_DIR OUT_DIR}
logs=$rc/logs
mkdir -p "$out/remarks" "$out/runs" "$out/traces"

# the code bases that ran (opus since 2026-12-03)
projects=
for p in flac libsndfile opus opus-fm; do
    [ -e "$logs/$p-plr.checkrc" ] && projects="$projects $p"
done
[ -e "$logs/polybench-plr-O2.compare" ] && projects="$projects polybench"
[ -n "$projects" ] || { echo "collect.sh: no code base ran in $rc" >&2; exit 1; }
python3 "$here/summarize.py" "$rc" $projects >"$out/summary.md"
python3 "$here/summarize.py" "$rc" --csv $projects >"$out/realcode.csv"

for f in "$logs"/*.remarks.log; do
    grep -a 'remark:' "$f" >"$out/remarks/$(basename "$f")" || true
done
for f in "$logs"/*-plr*.check.log; do # the test programs' remarks (make check compiles them)
    grep -a 'remark:' "$f" >"$out/remarks/$(basename "$f" .log).remarks.log" || true
done
for ext in checkrc buildtimes timereport compare runtime times; do
    for f in "$logs"/*."$ext"; do
        [ -e "$f" ] && cp "$f" "$out/runs/"
    done
done
for f in flac.decodetime polybench-deriche-time flac-decode-probe.log flac-decode-b65535-device.times; do
    [ -e "$logs/$f" ] && cp "$logs/$f" "$out/runs/"
done
# the test suites' outcome lines, per build
for f in "$logs"/*.check.log; do
    b=$(basename "$f" .check.log)
    {
        printf 'exit+seconds: %s\n' "$(cat "$logs/$b.checkrc" 2>/dev/null)"
        printf 'OK/PASSED: %s\n' "$(grep -a -o -E '(\bOK\b|PASSED)' "$f" | wc -l)"
        printf 'FAILED/ERROR lines: %s\n' "$(grep -a -c -E 'FAILED|ERROR' "$f" || true)"
        printf "of them ld.so's preload warning: %s\n" "$(grep -a -c 'cannot be preloaded' "$f" || true)"
        printf 'ok lines: %s\n' "$(grep -a -c -E '\bok\s*$' "$f" || true)"
        grep -a -E '^(PASS|FAIL|ERROR|XFAIL|XPASS|SKIP): |^# (TOTAL|PASS|FAIL)' "$f" || true
    } >"$out/runs/$b.tests.txt"
done
for f in "$logs"/*.trace; do
    # kind, caller (module+offset, RC_DIR dropped), signature, type, answer, reason with numbers as N
    awk -F'\t' -v rc="$rc/" '{ at = $2; sub(rc, "", at); r = $8; gsub(/[0-9.]+/, "N", r);
        print $1 "\t" at "\t" $3 "\t" $4 "\t" $7 "\t" r }' "$f" | sort | uniq -c | sort -rn \
        >"$out/traces/$(basename "$f" .trace).calls.txt"
    awk -F'\t' '{ print $5 }' "$f" | sort -n | uniq -c >"$out/traces/$(basename "$f" .trace).n.txt"
done
{
    echo "date: $(date -u +%Y-%m-%dT%H:%MZ)"
    echo "machine: $(. /etc/os-release && echo "$PRETTY_NAME") $(cat /etc/debian_version), $(nproc) cores, $(uname -r)"
    echo "cpu: $(lscpu | sed -n 's/^Model name: *//p' | head -1)"
    echo "clang: $(clang-19 --version | head -1)"
    echo "PLR checkout: $(git -C "$here/../.." rev-parse --short HEAD); its last change to pass/ runtime/ include/ tools/ CMakeLists.txt:" \
        "$(git -C "$here/../.." log -1 --format='%h %s' -- pass runtime include tools CMakeLists.txt | cut -c1-90)"
    echo "polybench: $(git -c safe.directory="$rc/src/polybench" -C "$rc/src/polybench" rev-parse HEAD 2>/dev/null || echo '?')"
    ls -d "$rc"/src/*.dsc 2>/dev/null | sed 's#.*/#source package: #'
} >"$out/environment.txt"
