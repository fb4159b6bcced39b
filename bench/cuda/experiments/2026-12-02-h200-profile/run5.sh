#!/bin/sh
# The third pass storing each lane's row of outputs from its registers
# (PLR_CUDA_KO_DIRECT=1) against the step's transposition (the default of
# this build), in one process, two rounds, orders 4-32 at 2^24 and 2^30;
# ncu of order 8's passes with it; the GPU tests the kernel reaches and
# the sanitizers, with it.
B=.carry/bin
python3 -c "import lzma,shutil; shutil.copyfileobj(lzma.open('$B/libplr.so.0.xz'), open('$B/libplr.so.0','wb'))"
export LD_LIBRARY_PATH=$B
nvidia-smi -L; date -u
for r in 1 2; do
timeout 150 $B/plr-bench --device-only --only "order 4,order 8,order 16,order 32,7-stage,8-stage" --log2n 24,30 --reps 9 \
  --vs-env PLR_CUDA_KO_DIRECT=1 --csv $OUT/orders$r.csv > $OUT/orders$r.log 2>&1; echo "bench $r rc $?"
grep "order\|stage" $OUT/orders$r.log | sed 's/  */ /g; s/ of copy//; s/PLR_CUDA_KO_DIRECT=1/direct/' | cut -c1-60 | tr '\n' ';'; echo
done
export PLR_CUDA_KO_DIRECT=1
timeout 120 ncu --clock-control none --section SpeedOfLight --section ComputeWorkloadAnalysis --section InstructionStats \
  --section WarpStateStats --section Occupancy --section LaunchStats --kernel-name-base demangled \
  -k "regex:korder_pass" -c 2 -o $OUT/prof $B/plr-bench --profile > $OUT/ncu.log 2>&1; echo "ncu rc $?"
timeout 60 ncu --import $OUT/prof.ncu-rep --page details --csv > $OUT/details.csv 2>&1
python3 bench/cuda/experiments/2026-12-02-h200-profile/summarize_ncu.py $OUT/details.csv --n 67108864
rm -f $OUT/prof.ncu-rep
run() { timeout $1 stdbuf -oL $B/cuda-test $2 > $OUT/t.log 2>&1; echo "cuda-test $2 rc $?: $(grep -v '^SKIP' $OUT/t.log | tail -1)"; grep -v '^SKIP' $OUT/t.log | grep "FAIL" | head -8; }
run 120 "--big --groups 2,2b,2d"
run 90 "--groups 2k"
run 90 "--big --groups 3,4"
timeout 120 compute-sanitizer --tool memcheck $B/cuda-test --tiny > $OUT/t.log 2>&1; echo "memcheck rc $?: $(tail -2 $OUT/t.log | tr '\n' ' ')"
timeout 120 compute-sanitizer --tool racecheck $B/cuda-test --tiny > $OUT/t.log 2>&1; echo "racecheck rc $?: $(tail -2 $OUT/t.log | tr '\n' ' ')"
timeout 90 $B/batched-test > $OUT/t.log 2>&1; echo "batched-test rc $?: $(tail -1 $OUT/t.log)"
timeout 60 $B/api-memory-test > $OUT/t.log 2>&1; echo "api-memory-test rc $?: $(tail -1 $OUT/t.log)"
rm -f $OUT/t.log
date -u
