#!/bin/sh
# Where the 4-7 us before a small scan-kernel call's launch go ("params" in
# run1's host traces): the scan path's marks split it (scan plan,
# occupancy, tile states, the rest of the parameters), 2^20 and 2^24 in
# processes of their own, blocking streams (the default).
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
