#!/bin/sh
# run2 with the input taps read from a halo in shared memory (warp 0: the
# previous tile's last units, brought by the copy engine with the tile), and
# input taps in place left to the single-pass kernel; the same table.
B=.carry/bin
export LD_LIBRARY_PATH=$B
nvidia-smi -L
$B/cuda-test --quick 2>&1 | grep -v '^SKIP' | grep -E "FAIL|failures|PASS|above" | head -80 | tee $OUT/quick.log
$B/plr-bench --device-only --only "prefix sum,2-tuple,3-tuple,2nd-order,3rd-order,1-stage low-pass,2-stage low-pass,3-stage low-pass,1-stage high-pass,2-stage high-pass,3-stage high-pass,biquad,EMA f64" \
    --log2n 20,24,30 --reps 9 --vs-env PLR_CUDA_SCAN_LAYOUT=rows --vs-env PLR_CUDA_SCAN=0 \
    --csv $OUT/bench.csv 2>&1 | tee $OUT/bench.log | grep -v "^ *$" | tail -90
