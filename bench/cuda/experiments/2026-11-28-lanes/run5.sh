#!/bin/sh
# After run4's test fix (the default layout of 8-byte first-order filters
# with input taps is lanes; group 4 with the scan kernel off): cuda-test
# --quick, then the results table (defaults against rows everywhere and the
# single-pass kernel, same process) for bench/results/h100-2026-11-28-lanes.
B=.carry/bin
export LD_LIBRARY_PATH=$B
nvidia-smi -L
$B/cuda-test --quick 2>&1 | grep -v '^SKIP' | grep -E "FAIL|failures|PASS|above" | head -60 | tee $OUT/quick.log
$B/plr-bench --device-only --only "prefix sum,2-tuple,3-tuple,2nd-order,3rd-order,1-stage low-pass,2-stage low-pass,3-stage low-pass,1-stage high-pass,2-stage high-pass,biquad,EMA f64" \
    --log2n 20,24,30 --reps 9 --vs-env PLR_CUDA_SCAN_LAYOUT=rows --vs-env PLR_CUDA_SCAN=0 \
    --csv $OUT/bench.csv 2>&1 | tee $OUT/bench.log | grep -v "^ *$" | grep -A200 "n=2^30"
