#!/bin/sh
# The defaults as they land (f32 first-order filters and equal stages carried
# in float) against double carries and the single-pass kernel, same process;
# then compute-sanitizer memcheck and racecheck on cuda-test --tiny.
B=.carry/bin
export LD_LIBRARY_PATH=$B
nvidia-smi -L
$B/plr-bench --device-only --only "prefix sum f32,1-stage low-pass,2-stage low-pass,3-stage low-pass,EMA f64" \
    --log2n 20,24,30 --reps 9 --vs-env PLR_CUDA_SCAN_CARRY=double --vs-env PLR_CUDA_SCAN=0 \
    --csv $OUT/bench.csv 2>&1 | tee $OUT/bench.log
PARTS="sanitize" SANITIZE_TIMEOUT=300 sh test/cuda/run_gpu_tests.sh $B $OUT/gpu > /dev/null 2>&1
cat $OUT/gpu/last_run.log
