#!/bin/sh
# After the plain-tuple path went back to input-type partials: the forms
# against the single-pass kernel and a copy, then the whole GPU test matrix.
B=.carry/bin
export LD_LIBRARY_PATH=$B
nvidia-smi -L
$B/plr-bench --device-only --only "prefix sum" --log2n 20,24,30 --reps 9 --vs-env PLR_CUDA_SCAN=0 \
    --csv $OUT/bench.csv 2>&1 | tee $OUT/bench.log
PARTS="test" sh test/cuda/run_gpu_tests.sh $B $OUT/tests
