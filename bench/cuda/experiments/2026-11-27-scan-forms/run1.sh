#!/bin/sh
# One device call: the scan kernel's forms (prefix, 2-/3-tuple, 2nd/3rd-order
# prefix sums) against the single-pass kernel (PLR_CUDA_SCAN=0) and a copy
# in one process, then the quick correctness matrix.
B=.carry/bin
export LD_LIBRARY_PATH=$B
nvidia-smi -L
$B/plr-bench --device-only --only "prefix sum" --log2n 20,24,30 --reps 9 --vs-env PLR_CUDA_SCAN=0 \
    --csv $OUT/bench.csv 2>&1 | tee $OUT/bench.log
$B/cuda-test --quick 2>&1 | grep -v '^SKIP' | tail -15 | tee $OUT/quick.log
