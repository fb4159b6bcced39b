#!/bin/sh
# Runs every GPU test and the GPU benchmark from one place, on a machine with
# an NVIDIA GPU. Usage: test/cuda/run_gpu_tests.sh BINDIR [OUTDIR]
#   BINDIR holds cuda-test, plr-bench and libplr.so.0 (a build's bin/ and lib/
#   copied together; plr-eval too for the CUB comparison), OUTDIR receives the
#   logs (default: .). bench/cuda/make_results.py OUTDIR/results.csv
#   OUTDIR/frameworks.csv OUTDIR/eval.csv > bench/cuda/results.md
# PARTS selects what runs (default "test sanitize bench"). The output of the
# last run is committed as test/cuda/last_run.log and bench/cuda/results.*.
set -u
BIN=$(cd "$1" && pwd)
OUT=${2:-.}
mkdir -p "$OUT"
export LD_LIBRARY_PATH="$BIN${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
status=0
PARTS=${PARTS:-test sanitize bench}
has() { case " $PARTS " in *" $1 "*) return 0;; esac; return 1; }
log="$OUT/last_run.log"
: > "$log"
say() { echo "$@" | tee -a "$log"; }

say "== $(date -u '+%Y-%m-%d %H:%M UTC') $(nvidia-smi -L 2>/dev/null | head -1)"
if has test; then
# (CUDA_TEST_GROUPS: a part of the matrix, `cuda-test --groups`; the whole of
# it has taken more than one device call's 10 minutes since 2026-11-28)
say "== cuda-test --big${CUDA_TEST_GROUPS:+ --groups $CUDA_TEST_GROUPS} (full matrix, then n up to 2^30)"
"$BIN/cuda-test" --big ${CUDA_TEST_GROUPS:+--groups "$CUDA_TEST_GROUPS"} > "$OUT/cuda-test.log" 2>&1 || status=1
grep -v '^SKIP' "$OUT/cuda-test.log" | tail -12 | tee -a "$log"
fi
if has sanitize; then
for tool in memcheck racecheck; do
    say "== compute-sanitizer --tool $tool cuda-test --tiny"
    timeout "${SANITIZE_TIMEOUT:-600}" compute-sanitizer --tool $tool --error-exitcode 9 "$BIN/cuda-test" --tiny \
        > "$OUT/sanitize-$tool.log" 2>&1 || status=1
    grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|cuda-test:' "$OUT/sanitize-$tool.log" | tee -a "$log"
done
fi
if has bench; then
    say "== plr-bench"
    "$BIN/plr-bench" --csv "$OUT/results.csv" > "$OUT/bench.log" 2>&1 || status=1
    cat "$OUT/bench.log" >> "$log"
    say "== frameworks (torch.cumsum, cupyx lfilter)"
    python3 "$(dirname "$0")/../../bench/cuda/frameworks.py" "$OUT/frameworks.csv" >> "$log" 2>&1
    if [ -x "$BIN/plr-eval" ]; then
        say "== plr-eval: PLR against CUB InclusiveSum, same process"
        rm -f "$OUT/eval.csv"
        for n in 2^20 2^24 2^30; do
            "$BIN/plr-eval" --parts main --min-n $n --max-n $n --filter "(1: 1)" --csv "$OUT/eval.csv" \
                --append > "$OUT/eval.log" 2>&1 || status=1
            grep -E '^  (plr|cub) ' "$OUT/eval.log" | cut -c1-110 | tee -a "$log"
        done
    fi
fi
say "== status $status"
exit $status
