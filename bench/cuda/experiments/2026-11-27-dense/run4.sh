#!/bin/bash
# The warps-per-row kernel's dense body too (H100): quick batched tests with
# the dense and the tap-checking bodies, the default batched-bench three
# times with the tap-checking bodies as a variant (zt: PLR_CUDA_ZT=1) and the
# tile kernels (nwu), then the GPU tests of the layouts.
# usage: run4.sh BINDIR OUTDIR
set -u
B=$(cd "$1" && pwd); O=$2
export LD_LIBRARY_PATH=$B
echo "== $(date -u '+%F %H:%M UTC') $(nvidia-smi -L | head -1)"
for zt in 0 1; do
  echo "== batched-test --quick, PLR_CUDA_ZT=$zt"
  PLR_CUDA_ZT=$zt timeout 150 "$B/batched-test" --quick 2>&1 | grep -E "warm-up|short rows|PASS|FAIL" | head
done
for r in 1 2 3; do
  echo "== batched-bench, run $r"
  PLR_BENCH_SEQS=0,51200 PLR_BENCH_EXTRA="zt:PLR_CUDA_ZT=1" timeout 150 "$B/batched-bench" --csv "$O/bench-$r.csv" 2>&1 | grep -v "^$"
done
bash test/cuda/run_layout_gpu.sh "$B" "$O" > /dev/null 2>&1
echo "== run_layout_gpu.sh"; cat "$O/gpu.log"
