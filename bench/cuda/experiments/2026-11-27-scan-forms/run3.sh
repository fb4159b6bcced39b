#!/bin/sh
# Sanitizers over every path (the tiny matrix now holds a 3-tuple and a
# 3rd-order prefix sum), the API and batched tests, then the whole device
# benchmark table.
B=.carry/bin
export LD_LIBRARY_PATH=$B
PARTS="sanitize" sh test/cuda/run_gpu_tests.sh $B $OUT/tests
echo "== api-memory-test"; $B/api-memory-test 2>&1 | tail -2
echo "== batched-test --quick"; $B/batched-test --quick 2>&1 | grep -v '^SKIP' | tail -3
$B/plr-bench --device-only --csv $OUT/results.csv > $OUT/bench.log 2>&1
cat $OUT/bench.log
