#!/bin/bash
# Steps of 16 against 32 positions for 4-byte types (two builds of libplr,
# -DPLR_CUDA_WU_HU4=16 / 32), alternating, three rounds; each run also times
# the tile kernels (nwu), longer warm-ups (d128: PLR_CUDA_WU_MAXD=128, the
# one-pole's columns on the warm-up kernel) and spans of 128.
# usage: run2.sh BINDIR LIB32DIR OUTDIR
set -u
B=$(cd "$1" && pwd); L32=$(cd "$2" && pwd); O=$3
echo "== $(date -u '+%F %H:%M UTC') $(nvidia-smi -L | head -1)"
for lib in 32; do
  echo "== batched-test --quick, HU4=$lib"
  LD_LIBRARY_PATH=$L32 timeout 150 "$B/batched-test" --quick 2>&1 | grep -E "warm-up|PASS|FAIL" | head -20
done
X="d128:PLR_CUDA_WU_MAXD=128;s128:PLR_CUDA_WU_SPAN=128;s128d128:PLR_CUDA_WU_SPAN=128,PLR_CUDA_WU_MAXD=128"
for r in 1 2 3; do
  for lib in 16 32; do
    [ $lib = 16 ] && L=$B || L=$L32
    for c in columns interleaved; do
      echo "== $c, HU4=$lib, round $r"
      LD_LIBRARY_PATH=$L PLR_BENCH_CASES=$c PLR_BENCH_SEQS=0,51200 PLR_BENCH_EXTRA="$X" \
        timeout 120 "$B/batched-bench" --csv "$O/$c-hu$lib-$r.csv" 2>&1 | grep -v "^$" | grep -v "^device\|^case"
    done
  done
done
cd "$O" && tar czf csv.tgz *.csv && rm -f *.csv
