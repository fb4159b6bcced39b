#!/bin/sh
# The host path of a small scan-kernel call, per mark as medians and 90th
# percentiles (PLR_CUDA_HOST_TRACE now keeps every sample: 2026-12-02-launch
# run2 had means only, which a few descheduled calls can make), 2^20 and
# 2^24, processes of their own; and the GPU tests the scan plan's
# refactoring reaches (stages_mix, the trace mark on the scan path alone).
. bench/cuda/device_lib.sh
unpack_libplr
nvidia-smi -L; date -u
for l in 20 24; do
  PLR_CUDA_HOST_TRACE=1 timeout 120 $B/plr-bench --device-only --only "prefix sum,1-stage low-pass" --log2n $l --reps 30 \
    --csv $OUT/trace-$l.csv > $OUT/trace-$l.log 2>&1; echo "== plr-bench 2^$l rc $?"
  grep "prefix sum  \|prefix sum f32\|low-pass\|n=2^" $OUT/trace-$l.log | sed 's/  */ /g' | cut -c1-90
  grep -A20 "host trace" $OUT/trace-$l.log
done
date -u
cuda_test 60 "--big --groups 1"
cuda_test 150 "--quick --groups 2c"
cuda_test 200 "--quick --groups 2c-layouts"
date -u
