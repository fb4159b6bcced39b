#!/bin/sh
# The library's build of this commit (rows: tiles prefetched into L2 two
# issues ahead; lanes: none; lanes with input taps in the lanes' geometry):
# cuda-test --quick 2c-layouts and 2c, --big 4, memcheck and racecheck on
# --tiny, batched-test, api-memory-test. Then the prefetch distance: rows 3
# (r3) and 4 (r4) issues ahead, lanes 1 (l1), against the build's, plr-bench
# 2^24 and 2^30 in their own processes, twice, round robin.
B=.carry/bin
unxz() { python3 -c "import lzma,shutil; shutil.copyfileobj(lzma.open('$1/libplr.so.0.xz'), open('$1/libplr.so.0','wb'))"; }
unxz $B; for d in .carry/var/*; do unxz $d; done
nvidia-smi -L; date -u
export LD_LIBRARY_PATH=$B
timeout 130 stdbuf -oL $B/cuda-test --quick --groups 2c-layouts > $OUT/layouts.log 2>&1; echo "2c-layouts rc $?"; grep -v '^SKIP' $OUT/layouts.log | tail -1
timeout 100 stdbuf -oL $B/cuda-test --quick --groups 2c > $OUT/forms.log 2>&1; echo "2c rc $?"; grep -v '^SKIP' $OUT/forms.log | tail -1
timeout 30 stdbuf -oL $B/cuda-test --big --groups 4 > $OUT/fir.log 2>&1; echo "4 rc $?"; grep -v '^SKIP' $OUT/fir.log | tail -1
for tool in memcheck racecheck; do
  timeout 80 compute-sanitizer --tool $tool --error-exitcode 9 $B/cuda-test --tiny > $OUT/sanitize-$tool.log 2>&1
  echo "$tool rc $?: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|cuda-test: PASS' $OUT/sanitize-$tool.log | tr '\n' ' ')"
done
timeout 50 $B/batched-test > $OUT/batched.log 2>&1; echo "batched-test rc $?: $(tail -1 $OUT/batched.log)"
timeout 40 $B/api-memory-test > $OUT/api.log 2>&1; echo "api-memory-test rc $?: $(tail -1 $OUT/api.log)"
date -u
ONLY="prefix sum,2-tuple,3rd-order,prefix sum f32,1-stage low-pass,2-stage low-pass,3-stage low-pass,1-stage high-pass,2-stage high-pass,EMA f64"
for round in 1 2; do
  for d in $B .carry/var/*; do
    name=$(basename $d)
    LD_LIBRARY_PATH=$d timeout 60 $B/plr-bench --device-only --only "$ONLY" --log2n 24,30 --reps 7 \
        > $OUT/bench-$name-$round.log 2>&1
    echo "== $name round $round rc $?"
    grep "% of copy\|^n=" $OUT/bench-$name-$round.log | sed 's/  */ /g; s/ [0-9.]* ms / /; s/ of copy//; s/copy kernel.*//; s/prefix sum/ps/g; s/low-pass/lp/g; s/high-pass/hp/g' | cut -c1-40 | tr '\n' ';'; echo
  done
done
date -u
