#!/bin/bash
# The warm-up kernel's dense body (taps all non-zero: no predicated terms, no
# constant-bank reloads) against the tap-checking body (PLR_CUDA_ZT=1) and
# the tile kernels, in one process per run; then span and warm-up variants.
# usage: run.sh BINDIR OUTDIR   (BINDIR: batched-bench, batched-test, libplr.so.0)
set -u
B=$(cd "$1" && pwd); O=$2
export LD_LIBRARY_PATH=$B
echo "== $(date -u '+%F %H:%M UTC') $(nvidia-smi -L | head -1)"
echo "== batched-test --quick (the warm-up section with zero-tap signatures)"
timeout 150 "$B/batched-test" --quick 2>&1 | grep -E "warm-up|PASS|FAIL" | head -20
X="zt:PLR_CUDA_ZT=1;s32:PLR_CUDA_WU_SPAN=32;s128:PLR_CUDA_WU_SPAN=128;d128:PLR_CUDA_WU_MAXD=128"
for r in 1 2 3; do
  echo "== columns, run $r"
  PLR_BENCH_CASES=columns PLR_BENCH_SEQS=0,51200 PLR_BENCH_EXTRA="$X" \
    timeout 120 "$B/batched-bench" --csv "$O/columns-$r.csv" 2>&1 | grep -v "^$"
done
echo "== interleaved"
PLR_BENCH_CASES=interleaved PLR_BENCH_SEQS=0,51200 PLR_BENCH_EXTRA="zt:PLR_CUDA_ZT=1" \
  timeout 120 "$B/batched-bench" --csv "$O/interleaved.csv" 2>&1 | grep -v "^$"
