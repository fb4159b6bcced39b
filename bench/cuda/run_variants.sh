#!/bin/sh
# One device call: the GPU tests that a kernel change needs, then plr-bench
# rows timed against per-call variants of the runtime in the same process.
# Usage: bench/cuda/run_variants.sh BINDIR OUTDIR [plr-bench args...]
#   BINDIR: cuda-test, plr-bench, libplr.so.0 built here for sm_90.
#   TESTS="quick|full|none" (default quick), SANITIZE=1 for memcheck and
#   racecheck on cuda-test --tiny, BATCHED=1 for batched-test (layouts).
set -u
BIN=$(cd "$1" && pwd)
OUT=$2
shift 2
mkdir -p "$OUT"
export LD_LIBRARY_PATH="$BIN${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
log="$OUT/variants.log"
: > "$log"
say() { echo "$@" | tee -a "$log"; }
status=0
say "== $(date -u '+%Y-%m-%d %H:%M UTC') $(nvidia-smi -L 2>/dev/null | head -1)"
case "${TESTS:-quick}" in
quick) say "== cuda-test --quick"; "$BIN/cuda-test" --quick > "$OUT/cuda-test.log" 2>&1 || status=1 ;;
full) say "== cuda-test"; "$BIN/cuda-test" > "$OUT/cuda-test.log" 2>&1 || status=1 ;;
esac
[ -f "$OUT/cuda-test.log" ] && grep -v '^SKIP' "$OUT/cuda-test.log" | tail -14 | tee -a "$log"
if [ "${BATCHED:-0}" = 1 ]; then
    say "== batched-test --seed 11"
    "$BIN/batched-test" --seed 11 > "$OUT/batched-test.log" 2>&1 || status=1
    grep -v '^SKIP' "$OUT/batched-test.log" | tail -6 | tee -a "$log"
fi
if [ "${SANITIZE:-0}" = 1 ]; then
    for tool in memcheck racecheck; do
        say "== compute-sanitizer --tool $tool cuda-test --tiny"
        timeout 300 compute-sanitizer --tool $tool --error-exitcode 9 "$BIN/cuda-test" --tiny \
            > "$OUT/sanitize-$tool.log" 2>&1 || status=1
        grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|cuda-test:' "$OUT/sanitize-$tool.log" | tee -a "$log"
    done
fi
if [ $# -gt 0 ]; then
    say "== plr-bench $*"
    "$BIN/plr-bench" --device-only --csv "$OUT/variants.csv" "$@" 2>&1 | tee -a "$log" || status=1
fi
say "== status $status"
exit $status
