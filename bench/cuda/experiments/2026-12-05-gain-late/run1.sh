#!/bin/sh
# PLR_SCAN_GAIN_LATE: the library that would land (new: the gain on the
# totals, 1) against the same tree with the switch at 0 (old: the gain on
# every element in both passes, as before), alternating processes round by
# round (compare_libs), then the scan kernel's GPU test groups on new.
. bench/cuda/device_lib.sh
unpack_libplr
nvidia-smi -L; nvidia-smi --query-gpu=clocks.sm,clocks.mem,temperature.gpu,power.draw --format=csv,noheader; date -u
ROWS="prefix sum,1-stage low-pass,2-stage low-pass,3-stage low-pass,EMA f64,2-stage low-pass f64,1-stage high-pass,2-stage high-pass"
compare_libs ${ROUNDS:-8} "$ROWS" 24,30 old new | tee $OUT/medians.txt
tar -C $OUT -cJf $OUT/csv.tar.xz $(cd $OUT && ls t*-*.csv) && rm -f $OUT/t*-*.csv
date -u
cuda_test 200 "--quick --groups 2c"
cuda_test 240 "--quick --groups 2c-layouts"
date -u
