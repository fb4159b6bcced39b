#!/bin/sh
# This session's binaries (the scan kernel's NOBAR state sized by its switch,
# plr-bench with CUB's InclusiveSum beside each prefix sum): plr-bench's
# device table at 2^20, 2^24, 2^30 (results.csv), then the first half of the
# GPU matrix through test/cuda/run_gpu_tests.sh: cuda-test --big --groups
# 2c-layouts,2d,3,4, memcheck and racecheck on --tiny, batched-test,
# api-memory-test.
B=.carry/bin
python3 -c "import lzma,shutil; shutil.copyfileobj(lzma.open('$B/libplr.so.0.xz'), open('$B/libplr.so.0','wb'))"
export LD_LIBRARY_PATH=$B
nvidia-smi -L; date -u
timeout 120 $B/plr-bench --device-only --log2n 20,24,30 --reps 9 --csv $OUT/results.csv > $OUT/table.log 2>&1; echo "table rc $?"
grep "% of copy\|^n=" $OUT/table.log | sed 's/  */ /g; s/ of copy//; s/copy kernel.*//; s/prefix sum/ps/g; s/low-pass/lp/g; s/high-pass/hp/g' | cut -c1-80
date -u
PARTS="test sanitize" SANITIZE_TIMEOUT=100 CUDA_TEST_GROUPS=2c-layouts,2d,3,4 \
    timeout 380 sh test/cuda/run_gpu_tests.sh $B $OUT/tests
echo "matrix part 1 rc $?"
date -u
timeout 50 $B/batched-test > $OUT/batched.log 2>&1; echo "batched-test rc $?: $(tail -1 $OUT/batched.log)"
timeout 30 $B/api-memory-test > $OUT/api.log 2>&1; echo "api-memory-test rc $?: $(tail -1 $OUT/api.log)"
date -u
# (at most 8 files come back: cuda-test's log without its SKIP lines)
cd $OUT && grep -v '^SKIP' tests/cuda-test.log > tests/cuda-test.txt; rm -f tests/cuda-test.log api.log
