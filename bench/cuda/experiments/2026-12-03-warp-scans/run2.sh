#!/bin/sh
# The rest of the GPU matrix and the sanitizers on the binaries that land
# (5ca3f57: warp_scan over warp_scans; run1 ran groups 1, 2, 2c, 2c-layouts).
. bench/cuda/device_lib.sh
unpack_libplr
nvidia-smi -L; date -u
cuda_test 150 "--big --groups 2b,2d,3,4"
cuda_test 90 "--groups 2k"
cuda_test 200 "--big --groups 5"
timeout 120 $B/batched-test > $OUT/batched-test.log 2>&1; echo "batched-test rc $?: $(tail -1 $OUT/batched-test.log)"
timeout 60 $B/api-memory-test > $OUT/api-memory-test.log 2>&1; echo "api-memory-test rc $?: $(tail -1 $OUT/api-memory-test.log)"
date -u
sanitize 150 memcheck "--tiny"
sanitize 150 racecheck "--tiny"
date -u
