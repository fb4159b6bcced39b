#!/bin/sh
# plr-bench's whole device table (with CUB) on the binaries that land,
# 2^20, 2^24, 2^30: the committed results of the session
# (bench/results/h200-2026-12-03-table).
. bench/cuda/device_lib.sh
unpack_libplr
nvidia-smi -L; date -u
timeout 500 $B/plr-bench --device-only --log2n 20,24,30 --reps 9 --csv $OUT/results.csv > $OUT/results.log 2>&1
echo "plr-bench rc $?"
grep -E "n=2\^|% of copy" $OUT/results.log | sed 's/  */ /g' | cut -c1-100 | head -120
date -u
