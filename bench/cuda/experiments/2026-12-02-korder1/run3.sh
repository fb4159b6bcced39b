#!/bin/sh
# The build that lands: the one-pass kernel only under
# PLR_CUDA_KORDER_PASSES=1 (geometry 3 by default), the three passes the
# default again; korder_mats takes any list of lengths and the scan kernel's
# tile states come from the helper both kernels share (host code). Tests:
# cuda-test 2k (the one-pass kernel under the switch), --big 2, 2b, 2d
# (the three passes, non-finite, ordering), --quick 2c and 2c-layouts (the
# scan kernel), memcheck and racecheck on --tiny, batched-test. Then
# plr-bench: order 8 default against the one-pass kernel, and the rows
# forms that miss their bars on the H200 (3-tuple, 3rd-order, 1-stage
# low-pass) against the lanes layout (PLR_CUDA_SCAN_LAYOUT=lanes).
B=.carry/bin
python3 -c "import lzma,shutil; shutil.copyfileobj(lzma.open('$B/libplr.so.0.xz'), open('$B/libplr.so.0','wb'))"
export LD_LIBRARY_PATH=$B
nvidia-smi -L; date -u
run() { timeout $1 stdbuf -oL $B/cuda-test $2 > $OUT/t.log 2>&1; echo "cuda-test $2 rc $?: $(grep -v '^SKIP' $OUT/t.log | tail -1)"; grep -v '^SKIP' $OUT/t.log | grep "FAIL" | head -8; }
run 100 "--groups 2k"
run 150 "--big --groups 2,2b,2d"
run 120 "--quick --groups 2c,2c-layouts"
date -u
for tool in memcheck racecheck; do
  timeout 90 compute-sanitizer --tool $tool --error-exitcode 9 $B/cuda-test --tiny > $OUT/sanitize-$tool.log 2>&1
  echo "$tool rc $?: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|cuda-test: PASS|cuda-test: FAIL' $OUT/sanitize-$tool.log | tr '\n' ' ')"
done
timeout 60 $B/batched-test > $OUT/t.log 2>&1; echo "batched-test rc $?: $(tail -1 $OUT/t.log)"
date -u
timeout 90 $B/plr-bench --device-only --only "order 8,3-tuple,3rd-order,1-stage low-pass" --log2n 20,24,30 --reps 9 --csv $OUT/bench.csv \
  --vs-env PLR_CUDA_KORDER_PASSES=1 --vs-env PLR_CUDA_SCAN_LAYOUT=lanes > $OUT/bench.log 2>&1
echo "bench rc $?"; grep "% of copy\|^n=" $OUT/bench.log | sed 's/  */ /g; s/ of copy//; s/copy kernel.*//' | cut -c1-90
date -u
rm -f $OUT/t.log
