#!/bin/sh
# SCAN_LANES8 (8 compute warps, 8 units a lane, the same 32 KiB tiles: half a
# lane's fixed work a tile per element) against the committed defaults and
# rows, same process, after ncu (run6) counted 58 instructions an element
# for the 3-stage low-pass in lanes; without input taps the kernels no longer
# test for a halo (the prefix sum's count rose from 26 to 30 with it).
# cuda-test --quick first (every layout).
B=.carry/bin
export LD_LIBRARY_PATH=$B
nvidia-smi -L
$B/cuda-test --quick 2>&1 | grep -v '^SKIP' | grep -E "FAIL|failures|PASS|above" | head -60 | tee $OUT/quick.log
$B/plr-bench --device-only --only "prefix sum,2-tuple,3rd-order,1-stage low-pass,2-stage low-pass,3-stage low-pass,1-stage high-pass,EMA f64" \
    --log2n 24,30 --reps 9 --vs-env PLR_CUDA_SCAN_LAYOUT=lanes8 --vs-env PLR_CUDA_SCAN_LAYOUT=rows \
    --csv $OUT/bench.csv 2>&1 | tee $OUT/bench.log | grep -v "^ *$" | grep -A200 "n=2^30"
