#!/bin/sh
# Sanitizers (the tiny matrix with a 3-tuple, a 3rd-order sum and first-order
# filters), the API and batched tests, the whole device table, and the forms
# against the single-pass kernel once more.
B=.carry/bin
export LD_LIBRARY_PATH=$B
PARTS="sanitize" sh test/cuda/run_gpu_tests.sh $B $OUT/tests
echo "== api-memory-test"; $B/api-memory-test 2>&1 | tail -1
echo "== batched-test --quick"; $B/batched-test --quick 2>&1 | grep -v '^SKIP' | tail -1
$B/plr-bench --device-only --csv $OUT/results.csv > $OUT/bench.log 2>&1
cat $OUT/bench.log
$B/plr-bench --device-only --only "prefix sum,1-stage low-pass,EMA" --log2n 20,24,30 --reps 9 \
    --vs-env PLR_CUDA_SCAN=0 --csv $OUT/forms.csv > $OUT/forms.log 2>&1
cat $OUT/forms.log
