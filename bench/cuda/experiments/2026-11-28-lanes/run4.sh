#!/bin/sh
# The whole cuda-test matrix (not --big: its 2^30 cases unchanged and past
# one call's time with the new layout and input-tap groups) and, beside it
# on the same GPU, compute-sanitizer memcheck and racecheck on --tiny (which
# now runs the scan kernel over three tiles in both layouts with input taps).
B=.carry/bin
export LD_LIBRARY_PATH=$B
nvidia-smi -L
for tool in memcheck racecheck; do
    (timeout 560 compute-sanitizer --tool $tool --error-exitcode 9 $B/cuda-test --tiny > $OUT/sanitize-$tool.log 2>&1
     echo "rc $?" >> $OUT/sanitize-$tool.log) &
done
timeout 575 $B/cuda-test > $OUT/cuda-test.log 2>&1
echo "cuda-test rc $?" | tee -a $OUT/cuda-test.log
wait
grep -v '^SKIP' $OUT/cuda-test.log | grep -E "cases|FAIL|above|rc" | head -40
for tool in memcheck racecheck; do
    grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|cuda-test:|^rc' $OUT/sanitize-$tool.log
done
