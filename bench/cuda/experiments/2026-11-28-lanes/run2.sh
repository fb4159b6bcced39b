#!/bin/sh
# The defaults as they would land (equal stages and 8-byte first-order
# filters in lanes, the rest in rows; the 1- and 2-stage high-pass through
# the scan kernel's input taps) against rows everywhere and the single-pass
# kernel, same process; cuda-test --quick first (both layouts, every form,
# the input-tap cases).
B=.carry/bin
export LD_LIBRARY_PATH=$B
nvidia-smi -L
$B/cuda-test --quick 2>&1 | grep -v '^SKIP' | tail -24 | tee $OUT/quick.log
$B/plr-bench --device-only --only "prefix sum,2-tuple,3-tuple,2nd-order,3rd-order,1-stage low-pass,2-stage low-pass,3-stage low-pass,1-stage high-pass,2-stage high-pass,3-stage high-pass,biquad,EMA f64" \
    --log2n 20,24,30 --reps 9 --vs-env PLR_CUDA_SCAN_LAYOUT=rows --vs-env PLR_CUDA_SCAN=0 \
    --csv $OUT/bench.csv 2>&1 | tee $OUT/bench.log | grep -v "^ *$" | tail -90
