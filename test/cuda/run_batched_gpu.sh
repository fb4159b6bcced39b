#!/bin/sh
# The layout (batched) GPU tests and benchmark in one go, on a machine with an
# NVIDIA GPU. Usage: test/cuda/run_batched_gpu.sh BINDIR [OUTDIR]
#   BINDIR holds batched-test, cuda-test, batched-bench and libplr.so.0.
# PARTS selects what runs (default "test regress sanitize bench"). The log is
# committed as test/cuda/last_batched_run.log, the benchmark's CSV under
# bench/cuda/results-batched/.
set -u
BIN=$(cd "$1" && pwd)
OUT=${2:-.}
mkdir -p "$OUT"
export LD_LIBRARY_PATH="$BIN${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
status=0
PARTS=${PARTS:-test regress sanitize bench}
has() { case " $PARTS " in *" $1 "*) return 0;; esac; return 1; }
log="$OUT/last_batched_run.log"
: > "$log"
say() { echo "$@" | tee -a "$log"; }

say "== $(date -u '+%Y-%m-%d %H:%M UTC') $(nvidia-smi -L 2>/dev/null | head -1)"
if has test; then
    say "== batched-test ${BATCHED_ARGS:-} (shapes, forced geometries, random layout matrix)"
    timeout "${TEST_TIMEOUT:-300}" "$BIN/batched-test" ${BATCHED_ARGS:-} > "$OUT/batched-test.log" 2>&1 || status=1
    grep -v '^SKIP' "$OUT/batched-test.log" | tail -50 | tee -a "$log"
fi
if has regress; then
    say "== cuda-test --quick (single arrays, finals via the legacy path)"
    timeout 200 "$BIN/cuda-test" --quick > "$OUT/cuda-test.log" 2>&1 || status=1
    tail -4 "$OUT/cuda-test.log" | tee -a "$log"
fi
if has sanitize; then
    say "== compute-sanitizer --tool memcheck batched-test --tiny"
    timeout "${SANITIZE_TIMEOUT:-200}" compute-sanitizer --tool memcheck --error-exitcode 9 "$BIN/batched-test" --tiny \
        > "$OUT/sanitize-memcheck.log" 2>&1 || status=1
    grep -E 'ERROR SUMMARY|batched-test:|Invalid|FAIL' "$OUT/sanitize-memcheck.log" | head -20 | tee -a "$log"
    say "== compute-sanitizer --tool racecheck batched-test --tiny --cases 20"
    timeout "${SANITIZE_TIMEOUT:-200}" compute-sanitizer --tool racecheck --error-exitcode 9 "$BIN/batched-test" --tiny --cases 20 \
        > "$OUT/sanitize-racecheck.log" 2>&1 || status=1
    grep -E 'RACECHECK SUMMARY|batched-test:|FAIL' "$OUT/sanitize-racecheck.log" | head -20 | tee -a "$log"
fi
if has bench; then
    say "== batched-bench"
    timeout "${BENCH_TIMEOUT:-300}" "$BIN/batched-bench" ${BENCH_ARGS:-} --csv "$OUT/batched_bench.csv" > "$OUT/bench.log" 2>&1 || status=1
    cat "$OUT/bench.log" >> "$log"
    tail -60 "$OUT/bench.log"
fi
if has profile; then
    # ncu on the default geometry of the 4096x2160 biquad rows and columns
    say "== ncu: batched kernel, 4096x2160 biquad, default geometry"
    PLR_BENCH_ONLY="4096x2160 biquad" PLR_BENCH_SEQS=0 timeout "${PROFILE_TIMEOUT:-150}" \
        ncu -k regex:plr_batch_r?kernel --launch-count 10 --section SpeedOfLight --section Occupancy \
        --section LaunchStats --section WarpStateStats "$BIN/batched-bench" --reps 2 --csv "$OUT/ncu-bench.csv" \
        > "$OUT/ncu.log" 2>&1 || say "(ncu failed or timed out: status $?)"
    grep -E "plr_batch_r?kernel|Duration|DRAM Throughput|Memory Throughput|Compute \(SM\) Throughput|Achieved Occupancy|Registers Per Thread|Dynamic Shared|Grid Size|Stall|Warp Cycles Per Issued" \
        "$OUT/ncu.log" | head -80 | tee -a "$log"
fi
say "== status $status"
exit $status
