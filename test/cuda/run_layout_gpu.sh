#!/bin/bash
# GPU checks of the public layouts API (issue 11): layout-test on cuda
# (host memory staged through the pipeline), on the CPU, batched-test, cuda-test,
# sanitizers. Usage: test/cuda/run_layout_gpu.sh BINDIR [OUTDIR]: BINDIR holds
# layout-test, batched-test, cuda-test, api-memory-test and libplr.so.0; the log
# goes to OUTDIR/gpu.log (default $OUT, else .). Last run: last_layout_cuda_run.log.
set -u
B=$(cd "${1:?usage: run_layout_gpu.sh BINDIR [OUTDIR]}" && pwd)
OUT=${2:-${OUT:-.}}
export LD_LIBRARY_PATH=$B
export PATH=$PATH:/usr/local/cuda/bin
L=$OUT/gpu.log
{
echo "== $(date -u '+%F %H:%M UTC') $(nvidia-smi -L | head -1)"
for seed in 101 102 103 104 105 106; do
  echo "== PLR_TEST_SEED=$seed layout-test random --cases 300 --device cuda"
  PLR_TEST_SEED=$seed timeout 200 "$B/layout-test" random --cases 300 --device cuda > "$OUT/lt.log" 2>&1
  echo "rc $? $(tail -1 "$OUT/lt.log")"
  grep "FAIL" "$OUT/lt.log" | cut -c1-400 | head -8
done
echo "== layout-test random --cases 300 --big --device cuda"
PLR_TEST_SEED=7 timeout 200 "$B/layout-test" random --cases 300 --big --device cuda > "$OUT/lt.log" 2>&1
echo "rc $? $(tail -1 "$OUT/lt.log")"; grep FAIL "$OUT/lt.log" | cut -c1-400 | head -8
echo "== layout-test random --cases 300 (serial/cpu/auto on 16 cores), chunks, errors"
for m in "random --cases 300" chunks errors; do
  timeout 200 "$B/layout-test" $m > "$OUT/lt.log" 2>&1
  echo "$m: rc $? $(tail -1 "$OUT/lt.log") ($(grep -m1 '^seed' "$OUT/lt.log"))"
  grep FAIL "$OUT/lt.log" | cut -c1-400 | head -5
done
rm -f "$OUT/lt.log"
echo "== batched-test --seed 7"
timeout 240 "$B/batched-test" --seed 7 2>&1 | tail -6
echo "== batched-test --seed 11"
timeout 240 "$B/batched-test" --seed 11 2>&1 | tail -3
echo "== cuda-test --quick"
timeout 120 "$B/cuda-test" --quick 2>&1 | tail -2
echo "== api-memory-test"
timeout 120 "$B/api-memory-test" 2>&1 | tail -2
echo "== compute-sanitizer --tool memcheck layout-test random --cases 25 --device cuda"
PLR_TEST_SEED=5 timeout 200 compute-sanitizer --tool memcheck "$B/layout-test" random --cases 25 --device cuda 2>&1 | tail -3
echo "== compute-sanitizer --tool memcheck batched-test --tiny"
timeout 200 compute-sanitizer --tool memcheck "$B/batched-test" --tiny 2>&1 | tail -2
} > "$L" 2>&1
cat "$L"
