#!/bin/sh
# run2 with a third library: nodrop (PLR_SCAN_ZERO_DROP=0, shifts without
# the zero-power test, GAIN_LATE 1) beside old (PLR_SCAN_GAIN_LATE=0) and
# new (GAIN_LATE 1, the last pass as before); then the GPU tests on new and
# on nodrop (group 2c with its new non-finite cases, 2c-layouts, group 1 at
# the big sizes, groups 2 and 4, memcheck and racecheck over --tiny), each
# within a deadline; logs in one tar.xz.
. bench/cuda/device_lib.sh
unpack_libplr
T0=$(date +%s)
nvidia-smi -L; date -u
ROWS="prefix sum,1-stage low-pass,2-stage low-pass,3-stage low-pass,EMA f64,2-stage low-pass f64,1-stage high-pass,2-stage high-pass"
compare_libs ${ROUNDS:-8} "$ROWS" 24,30 old nodrop new | tee $OUT/medians.txt
tar -C $OUT -cJf $OUT/csv.tar.xz $(cd $OUT && ls t*-*.csv) && rm -f $OUT/t*-*.csv
date -u
L=$OUT/logs; mkdir -p $L
for v in ${TEST_LIBS:-nodrop new}; do
    [ $v = new ] && export LD_LIBRARY_PATH=$B || export LD_LIBRARY_PATH=$B/$v
    for g in "--quick --groups 2c" "--quick --groups 2c-layouts" "--big --groups 1" "--quick --groups 2,4"; do
        [ $(( $(date +%s) - T0 )) -lt ${DEADLINE:-500} ] || { echo "== $v $g: skipped (deadline)"; continue; }
        (OUT=$L; cuda_test 130 "$g")
    done
    for t in memcheck racecheck; do
        [ $(( $(date +%s) - T0 )) -lt ${DEADLINE:-500} ] || { echo "== $v $t: skipped (deadline)"; continue; }
        (OUT=$L; sanitize 60 $t "--tiny")
    done
    for f in $L/*.log; do case $f in *-on-*) ;; *) mv "$f" "${f%.log}-on-$v.log" ;; esac; done
    date -u
done
tar -C $L -cJf $OUT/logs.tar.xz . && rm -rf $L
echo "total $(( $(date +%s) - T0 )) s"
