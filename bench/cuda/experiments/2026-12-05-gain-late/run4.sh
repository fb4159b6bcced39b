#!/bin/sh
# The library that lands: run3's nodrop (PLR_SCAN_ZERO_DROP=0 and
# PLR_SCAN_GAIN_LATE=1 as defaults) with a lane's exclusive state by a
# shuffle over floats (the subtraction only for integers): run3's test
# groups on it, 2c first (the fix), each only while DEADLINE seconds have
# not passed (the session's device time was nearly spent); then, time left,
# against nodrop (prev) on the prefix sums, the forms the fix reaches.
. bench/cuda/device_lib.sh
unpack_libplr
T0=$(date +%s)
nvidia-smi -L; date -u
L=$OUT/logs; mkdir -p $L
left() { [ $(( $(date +%s) - T0 )) -lt ${DEADLINE:-150} ] || { echo "== $1: skipped (deadline)"; return 1; }; }
for g in "--quick --groups 2c" "--quick --groups 2c-layouts"; do
    left "$g" && (OUT=$L; cuda_test 100 "$g")
done
for t in memcheck racecheck; do
    left "$t" && (OUT=$L; sanitize 40 $t "--tiny")
done
for g in "--big --groups 1" "--quick --groups 2,4"; do
    left "$g" && (OUT=$L; cuda_test 30 "$g")
done
tar -C $L -cJf $OUT/logs.tar.xz . && rm -rf $L
date -u
left "bench" && compare_libs ${ROUNDS:-3} "prefix sum" 24,30 prev new | tee $OUT/medians.txt
echo "total $(( $(date +%s) - T0 )) s"
