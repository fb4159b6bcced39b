#!/bin/sh
# The second-order form (Comp2, companion-matrix powers): 2-stage low-pass f32
# and f64 and a biquad's feedback against the single-pass kernel, with the
# 1-stage low-pass as a control; then the quick matrix.
B=.carry/bin
export LD_LIBRARY_PATH=$B
nvidia-smi -L
$B/plr-bench --device-only --only "1-stage low-pass,2-stage low-pass,biquad feedback only" --log2n 20,24,30 \
    --reps 9 --vs-env PLR_CUDA_SCAN=0 --csv $OUT/bench.csv 2>&1 | tee $OUT/bench.log
$B/cuda-test --quick 2>&1 | grep -v '^SKIP' | tail -15 | tee $OUT/quick.log
