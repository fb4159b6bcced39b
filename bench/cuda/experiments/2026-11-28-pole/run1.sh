#!/bin/sh
# Two and three equal first-order stages as a form of the scan kernel (Pole):
# the 2-/3-stage low-pass f32, the 2-stage f64 against the single-pass kernel
# (PLR_CUDA_SCAN=0) in the same process, the 1-stage low-pass and the f32
# prefix sum as controls; then the quick matrix.
B=.carry/bin
export LD_LIBRARY_PATH=$B
nvidia-smi -L
$B/plr-bench --device-only --only "prefix sum f32,1-stage low-pass,2-stage low-pass,3-stage low-pass,2-stage low-pass f64" \
    --log2n 20,24,30 --reps 9 --vs-env PLR_CUDA_SCAN=0 --csv $OUT/bench.csv 2>&1 | tee $OUT/bench.log
$B/cuda-test --quick 2>&1 | grep -v '^SKIP' | tail -15 | tee $OUT/quick.log
