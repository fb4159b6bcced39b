#!/bin/sh
# The rest of the GPU matrix on the binaries that land (b04844c: the scan
# kernel's constant shifts, the scratch allocations): the groups whose
# kernels do not include plr_scan.cuh, batched-test, api-memory-test.
. bench/cuda/device_lib.sh
unpack_libplr
nvidia-smi -L; date -u
cuda_test 150 "--big --groups 2,2b,2d,3,4"
cuda_test 90 "--groups 2k"
cuda_test 200 "--big --groups 5"
timeout 120 $B/batched-test > $OUT/batched-test.log 2>&1; echo "batched-test rc $?: $(tail -1 $OUT/batched-test.log)"
timeout 60 $B/api-memory-test > $OUT/api-memory-test.log 2>&1; echo "api-memory-test rc $?: $(tail -1 $OUT/api-memory-test.log)"
date -u
