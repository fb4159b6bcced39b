#!/bin/sh
# The library that lands: run3's nodrop (PLR_SCAN_ZERO_DROP=0 and
# PLR_SCAN_GAIN_LATE=1 as defaults) with a lane's exclusive state by a
# shuffle over floats (the subtraction only for integers). Against nodrop
# (prev), then every test group of run3 on it.
. bench/cuda/device_lib.sh
unpack_libplr
T0=$(date +%s)
nvidia-smi -L; date -u
ROWS="prefix sum,1-stage low-pass,2-stage low-pass,3-stage low-pass,EMA f64"
compare_libs ${ROUNDS:-4} "$ROWS" 24,30 prev new | tee $OUT/medians.txt
tar -C $OUT -cJf $OUT/csv.tar.xz $(cd $OUT && ls t*-*.csv) && rm -f $OUT/t*-*.csv
date -u
export LD_LIBRARY_PATH=$B
L=$OUT/logs; mkdir -p $L
for g in "--quick --groups 2c" "--quick --groups 2c-layouts" "--big --groups 1" "--quick --groups 2,4"; do
    (OUT=$L; cuda_test 130 "$g")
done
for t in memcheck racecheck; do
    (OUT=$L; sanitize 60 $t "--tiny")
done
tar -C $L -cJf $OUT/logs.tar.xz . && rm -rf $L
echo "total $(( $(date +%s) - T0 )) s"
