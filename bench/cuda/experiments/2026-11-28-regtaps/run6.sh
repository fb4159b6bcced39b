#!/bin/sh
# run5's mix only without y or x histories (the states solved from them,
# rounded to the carry type, put a 3-stage high-pass at n = 1 outside the
# bound), and the test's expected names built after the mix (run5's test
# binary was built before its own edit). cuda-test --quick of the layouts-and-
# taps group, --tiny under memcheck and racecheck, then the filters again.
B=.carry/bin
python3 -c "import lzma,shutil; shutil.copyfileobj(lzma.open('$B/libplr.so.0.xz'), open('$B/libplr.so.0','wb'))"
export LD_LIBRARY_PATH=$B
date -u
$B/cuda-test --quick --groups 2c-layouts > $OUT/quick-full.log 2>&1; echo "quick rc $?"
grep -v '^SKIP' $OUT/quick-full.log | grep -E "FAIL|failures|PASS|above|bound" | head -30
for tool in memcheck racecheck; do
    timeout 100 compute-sanitizer --tool $tool --error-exitcode 9 $B/cuda-test --tiny > $OUT/$tool.log 2>&1; echo "$tool rc $?"
    grep -E "ERROR SUMMARY|RACECHECK SUMMARY|cuda-test:" $OUT/$tool.log
done
date -u
$B/plr-bench --device-only --only "2-stage low-pass,1-stage high-pass,2-stage high-pass" --log2n 20,24,30 --reps 9 \
    --vs-env PLR_CUDA_SCAN_FIR=taps --csv $OUT/bench.csv > $OUT/bench.log 2>&1
grep -A100 "n=2^20" $OUT/bench.log | grep -v "^ *$" | head -40
date -u
