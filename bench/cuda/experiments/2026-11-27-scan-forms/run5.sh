#!/bin/sh
# Geo with the compute threads' and look-back lanes' powers made once, against
# the single-pass kernel; then the 3rd-order f32 failure of run4 hunted: the
# same case again and again with fresh data (f32, and i32 where any error is
# exact), and the quick matrix.
B=.carry/bin
export LD_LIBRARY_PATH=$B
nvidia-smi -L
$B/plr-bench --device-only --only "1-stage low-pass,EMA,prefix sum f32" --log2n 20,24,30 \
    --reps 9 --vs-env PLR_CUDA_SCAN=0 --csv $OUT/bench.csv 2>&1 | tee $OUT/bench.log
for t in f32 i32 f64; do
    $B/cuda-test --repeat "(1: 3, -3, 1)" $t 7569413 25 2>&1 | grep -v '^SKIP' | tail -6
done | tee $OUT/repeat.log
$B/cuda-test --repeat "(1: 0, 0, 1)" f32 7569413 25 2>&1 | tail -4 | tee -a $OUT/repeat.log
$B/cuda-test --quick 2>&1 | grep -v '^SKIP' | tail -15 | tee $OUT/quick.log
