#!/bin/bash
# The committed default (dense body, 32-position steps for 4-byte types, the
# span policy of warmup_geom): the default batched-bench three times, then the
# tap-checking body on the quick batched test, then the GPU tests of the
# layouts (test/cuda/run_layout_gpu.sh).
# usage: run3.sh BINDIR OUTDIR
set -u
B=$(cd "$1" && pwd); O=$2
export LD_LIBRARY_PATH=$B
echo "== $(date -u '+%F %H:%M UTC') $(nvidia-smi -L | head -1)"
for r in 1 2 3; do
  echo "== batched-bench, run $r"
  PLR_BENCH_SEQS=0,51200 timeout 150 "$B/batched-bench" --csv "$O/bench-$r.csv" 2>&1 | grep -v "^$"
done
echo "== batched-test --quick, PLR_CUDA_ZT=1 (the tap-checking body everywhere)"
PLR_CUDA_ZT=1 timeout 150 "$B/batched-test" --quick 2>&1 | grep -E "warm-up|PASS|FAIL" | head -20
bash test/cuda/run_layout_gpu.sh "$B" "$O" > /dev/null 2>&1
echo "== run_layout_gpu.sh"; cat "$O/gpu.log"
