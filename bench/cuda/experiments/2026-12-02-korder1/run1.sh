#!/bin/sh
# The one-pass higher-order kernel (plr_korder1.cuh), first run: cuda-test's
# new group 2k (every geometry, type, tile edge, in place, states, the
# three passes for misaligned arrays, NaN/Inf) and the old higher-order
# groups 2 and 2b; then plr-bench orders 4 and 8 (i32, f32) at 2^20-2^30,
# the default (geometry 0) against the three passes
# (PLR_CUDA_KORDER_PASSES=3) and geometries 1-3, and the same under
# PLR_CUDA_KORDER=1 at 2^20 and 2^24 (where the default takes the
# single-pass kernel for orders 4-5); racecheck and memcheck on --tiny.
B=.carry/bin
python3 -c "import lzma,shutil; shutil.copyfileobj(lzma.open('$B/libplr.so.0.xz'), open('$B/libplr.so.0','wb'))"
export LD_LIBRARY_PATH=$B
nvidia-smi -L; date -u
run() { timeout $1 stdbuf -oL $B/cuda-test $2 > $OUT/t.log 2>&1; echo "cuda-test $2 rc $?: $(grep -v '^SKIP' $OUT/t.log | tail -1)"; grep -v '^SKIP' $OUT/t.log | grep "FAIL" | head -8; }
run 150 "--groups 2k"
date -u
timeout 120 $B/plr-bench --device-only --only "order 4,order 8" --log2n 20,22,24,26,30 --reps 9 --csv $OUT/orders.csv \
  --vs-env PLR_CUDA_KORDER_PASSES=3 --vs-env PLR_CUDA_KO1_GEOM=1 --vs-env PLR_CUDA_KO1_GEOM=2 --vs-env PLR_CUDA_KO1_GEOM=3 > $OUT/orders.log 2>&1
echo "orders rc $?"; grep "% of copy\|^n=" $OUT/orders.log | sed 's/  */ /g; s/ of copy//; s/copy kernel.*//' | cut -c1-90
date -u
PLR_CUDA_KORDER=1 timeout 60 $B/plr-bench --device-only --only "order 4,order 8,3rd-order" --log2n 20,24 --reps 9 --csv $OUT/forced.csv \
  --vs-env PLR_CUDA_KORDER_PASSES=3 > $OUT/forced.log 2>&1
echo "forced rc $?"; grep "% of copy\|^n=" $OUT/forced.log | sed 's/  */ /g; s/ of copy//; s/copy kernel.*//' | cut -c1-90
date -u
for tool in racecheck memcheck; do
  timeout 90 compute-sanitizer --tool $tool --error-exitcode 9 $B/cuda-test --tiny > $OUT/sanitize-$tool.log 2>&1
  echo "$tool rc $?: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|cuda-test: PASS|cuda-test: FAIL' $OUT/sanitize-$tool.log | tr '\n' ' ')"
done
date -u
run 120 "--quick --groups 2,2b"
date -u
rm -f $OUT/t.log
