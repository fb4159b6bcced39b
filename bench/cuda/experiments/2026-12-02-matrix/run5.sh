#!/bin/sh
# The final build of the session: f32 prefix sums carried in float by default
# (PLR_CUDA_SCAN_CARRY=double carries them in double; cuda-test's carry
# cases now hold (1: 1) and (0.5: 1) f32 and check the carry type by the
# kernel's name). plr-bench's device table at 2^20, 2^24, 2^30 with CUB
# (results.csv), then cuda-test --quick --groups 2c (the carry cases) and
# 2c-layouts (the scan kernel in both layouts), --big --groups 2,2b,2d,3,4,
# memcheck and racecheck on --tiny, batched-test, api-memory-test, and group
# 5 as far as the session's device time goes.
B=.carry/bin
python3 -c "import lzma,shutil; shutil.copyfileobj(lzma.open('$B/libplr.so.0.xz'), open('$B/libplr.so.0','wb'))"
export LD_LIBRARY_PATH=$B
nvidia-smi -L; date -u
timeout 120 $B/plr-bench --device-only --log2n 20,24,30 --reps 9 --csv $OUT/results.csv > $OUT/table.log 2>&1; echo "table rc $?"
grep "% of copy\|^n=" $OUT/table.log | sed 's/  */ /g; s/ of copy//; s/copy kernel.*//; s/prefix sum/ps/g; s/low-pass/lp/g; s/high-pass/hp/g' | cut -c1-80 | tr '\n' ';'; echo
date -u
run() { timeout $1 stdbuf -oL $B/cuda-test $2 > $OUT/t.log 2>&1; echo "cuda-test $2 rc $?: $(grep -v '^SKIP' $OUT/t.log | tail -1)"; grep -v '^SKIP' $OUT/t.log | grep "FAIL" | head -5; }
run 100 "--quick --groups 2c"
run 120 "--quick --groups 2c-layouts"
run 120 "--big --groups 2,2b,2d,3,4"
date -u
for tool in memcheck racecheck; do
  timeout 80 compute-sanitizer --tool $tool --error-exitcode 9 $B/cuda-test --tiny > $OUT/sanitize-$tool.log 2>&1
  echo "$tool rc $?: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|cuda-test: PASS' $OUT/sanitize-$tool.log | tr '\n' ' ')"
done
timeout 50 $B/batched-test > $OUT/t.log 2>&1; echo "batched-test rc $?: $(tail -1 $OUT/t.log)"
timeout 30 $B/api-memory-test > $OUT/t.log 2>&1; echo "api-memory-test rc $?: $(tail -1 $OUT/t.log)"
date -u
run 150 "--big --groups 5"
date -u
rm -f $OUT/t.log
