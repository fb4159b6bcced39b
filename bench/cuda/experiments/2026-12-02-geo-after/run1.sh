#!/bin/sh
# A first-order filter's input tap after the recurrence (Geo::after,
# kernel name .../after) against the kernel's taps from x
# (PLR_CUDA_SCAN_FIR=taps) in one process, two rounds, 2^20/2^24/2^30;
# then the GPU tests the change reaches (2c, 2c-layouts, 1) and the
# sanitizers.
B=.carry/bin
python3 -c "import lzma,shutil; shutil.copyfileobj(lzma.open('$B/libplr.so.0.xz'), open('$B/libplr.so.0','wb'))"
export LD_LIBRARY_PATH=$B
nvidia-smi -L; date -u
for r in 1 2; do
timeout 120 $B/plr-bench --device-only --only "1-stage high-pass,1-stage low-pass,prefix sum f32" --log2n 20,24,30 --reps 9 \
  --vs-env PLR_CUDA_SCAN_FIR=taps --csv $OUT/hp$r.csv > $OUT/hp$r.log 2>&1; echo "bench $r rc $?"
grep "stage\|prefix" $OUT/hp$r.log | sed 's/  */ /g; s/ of copy//' | cut -c1-90
done
PLR_VERBOSE=1 $B/plr-bench --device-only --only "1-stage high-pass" --log2n 20 --reps 1 2>&1 | grep "scan kernel" | head -2
run() { timeout $1 stdbuf -oL $B/cuda-test $2 > $OUT/t.log 2>&1; echo "cuda-test $2 rc $?: $(grep -v '^SKIP' $OUT/t.log | tail -1)"; grep -v '^SKIP' $OUT/t.log | grep "FAIL" | head -12; }
run 200 "--quick --groups 2c-layouts"
run 150 "--quick --groups 2c"
run 90 "--big --groups 1"
timeout 100 compute-sanitizer --tool memcheck $B/cuda-test --tiny > $OUT/t.log 2>&1; echo "memcheck rc $?: $(tail -2 $OUT/t.log | tr '\n' ' ')"
timeout 100 compute-sanitizer --tool racecheck $B/cuda-test --tiny > $OUT/t.log 2>&1; echo "racecheck rc $?: $(tail -2 $OUT/t.log | tr '\n' ' ')"
rm -f $OUT/t.log
date -u
