#!/bin/sh
# The rest of the GPU matrix on run1's binaries (the scan plan decided once
# moves no other path, checked here): cuda-test --big 2, 2b, 2d, 3, 4, 5,
# 2k, batched-test, api-memory-test, and memcheck on group 1.
. bench/cuda/device_lib.sh
unpack_libplr
nvidia-smi -L; date -u
cuda_test 200 "--big --groups 2,2b,2d,3,4"
cuda_test 100 "--groups 2k"
cuda_test 200 "--big --groups 5"
timeout 120 $B/batched-test > $OUT/batched-test.log 2>&1; echo "batched-test rc $?: $(tail -1 $OUT/batched-test.log)"
timeout 60 $B/api-memory-test > $OUT/api-memory-test.log 2>&1; echo "api-memory-test rc $?: $(tail -1 $OUT/api-memory-test.log)"
sanitize 150 memcheck "--groups 1"
date -u
