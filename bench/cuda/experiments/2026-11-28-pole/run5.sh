#!/bin/sh
# The whole GPU matrix as it lands: cuda-test --big (test/cuda/last_run.log).
B=.carry/bin
PARTS="test" sh test/cuda/run_gpu_tests.sh $B $OUT/gpu > /dev/null 2>&1
cat $OUT/gpu/last_run.log
grep -E "^FAIL" $OUT/gpu/cuda-test.log | head -20
