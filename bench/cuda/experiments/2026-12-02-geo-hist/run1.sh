#!/bin/sh
# A first-order filter's histories after the recurrence (s[-1] = (a1 x[-1]
# + b y[-1]) / (a0 b + a1), geo_after) against the kernel's taps from x
# (PLR_CUDA_SCAN_FIR=taps, how those ran before) in one process, two
# rounds, 2^20/2^24/2^30; then the GPU tests the change reaches (1, 2c,
# 2c-layouts) and the sanitizers on the tiny cases and group 1.
. bench/cuda/device_lib.sh
unpack_libplr
nvidia-smi -L; date -u
for r in 1 2; do
timeout 150 $B/plr-bench --device-only --only "1-stage high-pass,1-stage low-pass,first-order i32" --log2n 20,24,30 --reps 9 \
  --vs-env PLR_CUDA_SCAN_FIR=taps --csv $OUT/hp$r.csv > $OUT/hp$r.log 2>&1; echo "bench $r rc $?"
grep "stage\|first-order" $OUT/hp$r.log | sed 's/  */ /g; s/ of copy//' | cut -c1-100
done
PLR_VERBOSE=1 $B/plr-bench --device-only --only "with histories" --log2n 20 --reps 1 2>&1 | grep "scan kernel\|single" | head -4
cuda_test 90 "--big --groups 1"
cuda_test 200 "--quick --groups 2c"
cuda_test 240 "--quick --groups 2c-layouts"
sanitize 100 memcheck "--tiny"
sanitize 100 racecheck "--tiny"
date -u
