#!/bin/sh
# The higher-order passes with the next step's loads issued before the
# step's arithmetic (PLR_CUDA_KO_PREFETCH, default on) against without
# (=0), in one process: orders 4-32 at 2^24 and 2^30; ncu of order 8's
# passes at 2^26 with it; then the GPU tests the kernel reaches (orders,
# non-finite inputs, ordering, the one-pass kernel's reference) and the
# sanitizers.
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
# where the 3-stage low-pass's warps stall (lanes, 2^26), and the 1-stage's (rows)
timeout 150 bench/cuda/ncu_source.sh $B $OUT/src pole3 'Pole<float, (\(int\))?3' 0 2>&1 | tail -20
timeout 150 bench/cuda/ncu_source.sh $B $OUT/src geo 'Geo<float' 0 2>&1 | tail -20
rm -f $OUT/src/*.ncu-rep
run() { timeout $1 stdbuf -oL $B/cuda-test $2 > $OUT/t.log 2>&1; echo "cuda-test $2 rc $?: $(grep -v '^SKIP' $OUT/t.log | tail -1)"; grep -v '^SKIP' $OUT/t.log | grep "FAIL" | head -8; }
run 120 "--big --groups 2,2b,2d"
run 90 "--groups 2k"
timeout 120 compute-sanitizer --tool memcheck $B/cuda-test --tiny > $OUT/t.log 2>&1; echo "memcheck rc $?: $(tail -2 $OUT/t.log | tr '\n' ' ')"
timeout 120 compute-sanitizer --tool racecheck $B/cuda-test --tiny > $OUT/t.log 2>&1; echo "racecheck rc $?: $(tail -2 $OUT/t.log | tr '\n' ' ')"
rm -f $OUT/t.log
date -u
