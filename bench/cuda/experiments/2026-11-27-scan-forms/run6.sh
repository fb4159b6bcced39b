#!/bin/sh
# The whole GPU test matrix with the first-order form (cuda-test --big).
B=.carry/bin
export LD_LIBRARY_PATH=$B
PARTS="test" sh test/cuda/run_gpu_tests.sh $B $OUT/tests
