#!/bin/sh
# The 3-stage low-pass f32 (lanes) instruction by instruction: ncu's source
# page (SASS, instructions executed and stall samples per line) at 2^26,
# brought back whole (xz) to find what the lane's steps and the warp's scan
# execute beyond the arithmetic (2026-12-02-h200-profile: 522 warp
# instructions a warp and tile in that stretch alone).
. bench/cuda/device_lib.sh
unpack_libplr
nvidia-smi -L; date -u
timeout 200 bench/cuda/ncu_source.sh $B $OUT/src pole3 'Pole<float, (\(int\))?3' 0 2>&1 | tail -22
xz -6 $OUT/src/src_pole3.csv
rm -f $OUT/src/*.ncu-rep
date -u
