#!/bin/sh
# The scan kernel's forms on an H200 (every number of 2026-11-27/28 so far is
# an H100's): prefix, tuple and 2nd/3rd-order sums, first-order filters and
# equal stages against the single-pass kernel in the same process.
B=.carry/bin
export LD_LIBRARY_PATH=$B
nvidia-smi -L
$B/plr-bench --device-only --only "prefix sum,tuple,1-stage low-pass,2-stage low-pass,3-stage low-pass,EMA f64" \
    --log2n 20,24,30 --reps 9 --vs-env PLR_CUDA_SCAN=0 --csv $OUT/bench.csv 2>&1 | tee $OUT/bench.log
