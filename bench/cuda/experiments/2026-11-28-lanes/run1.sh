#!/bin/sh
# The scan kernel's tile layouts: rows (each of a lane's four units scanned
# across the warp, the default until now) against a lane's own four
# consecutive units (SCAN_LANES: stored from the lane; SCAN_LANES_SMEM:
# through the stage, coalesced), same process; correctness first
# (cuda-test --quick, which runs every form and type in every layout).
B=.carry/bin
export LD_LIBRARY_PATH=$B
nvidia-smi -L
$B/cuda-test --quick 2>&1 | grep -v '^SKIP' | tail -14 | tee $OUT/quick.log
$B/plr-bench --device-only --only "prefix sum,2-tuple,3-tuple,2nd-order,3rd-order,1-stage low-pass,2-stage low-pass,3-stage low-pass,EMA f64" \
    --log2n 20,24,30 --reps 9 --vs-env PLR_CUDA_SCAN_LAYOUT=lanes --vs-env PLR_CUDA_SCAN_LAYOUT=lanes_smem \
    --csv $OUT/bench.csv 2>&1 | tee $OUT/bench.log | grep -v "^ *$" | tail -80
