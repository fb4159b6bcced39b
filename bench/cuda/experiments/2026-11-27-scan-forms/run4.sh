#!/bin/sh
# The first-order form (Geo): 1-stage low-pass f32 and the f64 EMA (with the
# prefix sum f32 and the 2-stage low-pass as controls) against the
# single-pass kernel (PLR_CUDA_SCAN=0) and a copy, then the quick matrix.
B=.carry/bin
export LD_LIBRARY_PATH=$B
nvidia-smi -L
$B/plr-bench --device-only --only "1-stage low-pass,EMA,prefix sum f32,2-stage low-pass" --log2n 20,24,30 \
    --reps 9 --vs-env PLR_CUDA_SCAN=0 --csv $OUT/bench.csv 2>&1 | tee $OUT/bench.log
$B/cuda-test --quick 2>&1 | grep -v '^SKIP' | tail -15 | tee $OUT/quick.log
