#!/bin/sh
# The lanes layout in its own geometry (24 warps, 48 KiB tiles, 4 stages, 2
# tiles between the passes; rows unchanged): cuda-test --quick on the scan
# groups (2c-layouts with the lanes' tile edges added), the sanitizers on
# --tiny, plr-bench at 2^24 and 2^30, then 2c-layouts in full as far as the
# call's time goes.
B=.carry/bin
python3 -c "import lzma,shutil; shutil.copyfileobj(lzma.open('$B/libplr.so.0.xz'), open('$B/libplr.so.0','wb'))"
export LD_LIBRARY_PATH=$B
nvidia-smi -L; date -u
timeout 150 $B/cuda-test --quick --groups 2c,2c-layouts > $OUT/quick.log 2>&1; echo "quick rc $?"
grep -v '^SKIP' $OUT/quick.log | tail -4
for tool in memcheck racecheck; do
  timeout 60 compute-sanitizer --tool $tool --error-exitcode 9 $B/cuda-test --tiny > $OUT/sanitize-$tool.log 2>&1
  echo "$tool rc $?"; grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|cuda-test: PASS' $OUT/sanitize-$tool.log
done
date -u
timeout 60 $B/plr-bench --device-only --log2n 24,30 --reps 7 --csv $OUT/bench.csv > $OUT/bench.log 2>&1; echo "bench rc $?"
grep "% of copy" $OUT/bench.log | sed 's/  */ /g' | cut -c1-70 | tr '\n' ';'; echo
date -u
timeout 170 $B/cuda-test --groups 2c-layouts > $OUT/layouts.log 2>&1; echo "layouts rc $?"
grep -v '^SKIP' $OUT/layouts.log | tail -3
date -u
