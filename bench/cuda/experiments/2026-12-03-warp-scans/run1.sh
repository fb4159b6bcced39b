#!/bin/sh
# warp_scan as warp_scans over one element (a review finding: one step body,
# not two). The PTX of plr_k_scan.cu differs from cc90df6's in register
# numbering and 30 shared stores typed u32 instead of f32 (272617 vs 272616
# instructions): timed against cc90df6's library (old) in alternating
# processes, three rounds, then the scan groups' GPU tests on the new one.
. bench/cuda/device_lib.sh
unpack_libplr
nvidia-smi -L; date -u
compare_libs 3 "prefix sum,prefix sum f32,2-tuple prefix sum,3rd-order prefix sum,1-stage low-pass,2-stage low-pass,3-stage low-pass,2-stage high-pass,biquad,EMA f64,2-stage low-pass f64,order 8 f32" "24,30" old new
date -u
cuda_test 60 "--big --groups 1"
cuda_test 150 "--quick --groups 2c"
cuda_test 150 "--quick --groups 2c-layouts"
cuda_test 120 "--quick --groups 2"
date -u
