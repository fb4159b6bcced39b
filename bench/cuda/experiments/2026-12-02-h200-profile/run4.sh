#!/bin/sh
# The build that lands (run2's kernels: the prefetch, no bound on the
# passes' blocks, which run3 tried): orders 4-32 with and without the
# prefetch in one process (two rounds), plr-bench's whole device table with
# CUB (bench/results/h200-2026-12-02-korder-prefetch), the GPU tests the
# kernel reaches, the sanitizers, batched-test and api-memory-test.
B=.carry/bin
python3 -c "import lzma,shutil; shutil.copyfileobj(lzma.open('$B/libplr.so.0.xz'), open('$B/libplr.so.0','wb'))"
export LD_LIBRARY_PATH=$B
nvidia-smi -L; date -u
for r in 1 2; do
timeout 150 $B/plr-bench --device-only --only "order 4,order 8,order 16,order 32" --log2n 24,30 --reps 9 \
  --vs-env PLR_CUDA_KO_PREFETCH=0 --csv $OUT/orders$r.csv > $OUT/orders$r.log 2>&1; echo "bench $r rc $?"
grep "order" $OUT/orders$r.log | sed 's/  */ /g; s/ of copy//; s/PLR_CUDA_KO_PREFETCH=0/off/' | cut -c1-60 | tr '\n' ';'; echo
done
timeout 150 $B/plr-bench --device-only --log2n 20,24,30 --reps 9 --csv $OUT/results.csv > $OUT/table.log 2>&1; echo "table rc $?"
grep "% of copy\|^n=" $OUT/table.log | sed 's/  */ /g; s/ of copy//; s/copy kernel.*//; s/prefix sum/ps/g; s/low-pass/lp/g; s/high-pass/hp/g' | cut -c1-80 | tr '\n' ';'; echo
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
