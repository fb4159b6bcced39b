#!/bin/sh
# The forms' carry type for f32: equal stages (Pole, default float) and the
# first-order filter (Geo, default double), each against the other carry
# type (PLR_CUDA_SCAN_CARRY) and the single-pass kernel (PLR_CUDA_SCAN=0) in
# the same process; f64 2-stage and the f32 prefix sum as controls; then the
# quick matrix.
B=.carry/bin
export LD_LIBRARY_PATH=$B
nvidia-smi -L
$B/plr-bench --device-only --only "prefix sum f32,1-stage low-pass,2-stage low-pass,3-stage low-pass" \
    --log2n 20,24,30 --reps 9 --vs-env PLR_CUDA_SCAN_CARRY=float --vs-env PLR_CUDA_SCAN_CARRY=double \
    --vs-env PLR_CUDA_SCAN=0 --csv $OUT/bench.csv 2>&1 | tee $OUT/bench.log
$B/cuda-test --quick 2>&1 | grep -v '^SKIP' | tail -15 | tee $OUT/quick.log
