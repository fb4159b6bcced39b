#!/bin/sh
# run2's prefetch with the passes compiled for more blocks an SM (order <= 8
# of 4-byte types: five, 96 registers; order 16: four, 128): orders 4-32
# with and without the prefetch in one process at 2^24 and 2^30, ncu of
# order 8's passes; plr-bench's whole device table with CUB (the results
# of the build); the GPU tests the kernel reaches and the sanitizers.
B=.carry/bin
python3 -c "import lzma,shutil; shutil.copyfileobj(lzma.open('$B/libplr.so.0.xz'), open('$B/libplr.so.0','wb'))"
export LD_LIBRARY_PATH=$B
nvidia-smi -L; date -u
timeout 150 $B/plr-bench --device-only --only "order 4,order 8,order 16,order 32" --log2n 24,30 --reps 9 \
  --vs-env PLR_CUDA_KO_PREFETCH=0 --csv $OUT/orders.csv > $OUT/orders.log 2>&1; echo "bench rc $?"
grep "order" $OUT/orders.log | sed 's/  */ /g' | cut -c1-150
timeout 120 ncu --clock-control none --section SpeedOfLight --section ComputeWorkloadAnalysis --section InstructionStats \
  --section WarpStateStats --section Occupancy --section LaunchStats --kernel-name-base demangled \
  -k "regex:korder_pass" -c 2 -o $OUT/prof $B/plr-bench --profile > $OUT/ncu.log 2>&1; echo "ncu rc $?"
timeout 60 ncu --import $OUT/prof.ncu-rep --page details --csv > $OUT/details.csv 2>&1
python3 bench/cuda/experiments/2026-12-02-h200-profile/summarize_ncu.py $OUT/details.csv --n 67108864
rm -f $OUT/prof.ncu-rep
timeout 150 $B/plr-bench --device-only --log2n 20,24,30 --reps 9 --csv $OUT/results.csv > $OUT/table.log 2>&1; echo "table rc $?"
grep "% of copy\|^n=" $OUT/table.log | sed 's/  */ /g; s/ of copy//; s/copy kernel.*//; s/prefix sum/ps/g; s/low-pass/lp/g; s/high-pass/hp/g' | cut -c1-80 | tr '\n' ';'; echo
run() { timeout $1 stdbuf -oL $B/cuda-test $2 > $OUT/t.log 2>&1; echo "cuda-test $2 rc $?: $(grep -v '^SKIP' $OUT/t.log | tail -1)"; grep -v '^SKIP' $OUT/t.log | grep "FAIL" | head -8; }
run 120 "--big --groups 2,2b,2d"
run 90 "--groups 2k"
timeout 120 compute-sanitizer --tool memcheck $B/cuda-test --tiny > $OUT/t.log 2>&1; echo "memcheck rc $?: $(tail -2 $OUT/t.log | tr '\n' ' ')"
timeout 120 compute-sanitizer --tool racecheck $B/cuda-test --tiny > $OUT/t.log 2>&1; echo "racecheck rc $?: $(tail -2 $OUT/t.log | tr '\n' ' ')"
rm -f $OUT/t.log
date -u
