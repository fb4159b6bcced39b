#!/bin/sh
# The 3-tuple and 3rd-order sums in lanes from 2^24 elements on a device
# with more than 28 GB/s of DRAM an SM (scan_layout): plr-bench's device
# table at 2^20, 2^24, 2^30 with CUB (bench/results/h200-2026-12-02-lanes3/),
# the two sums at 2^22 and 2^26 in both layouts (the threshold), then
# cuda-test --quick 2c and 2c-layouts (which now checks the default layout
# of both sums past 2^24 in every type).
B=.carry/bin
python3 -c "import lzma,shutil; shutil.copyfileobj(lzma.open('$B/libplr.so.0.xz'), open('$B/libplr.so.0','wb'))"
export LD_LIBRARY_PATH=$B
nvidia-smi -L; date -u
timeout 120 $B/plr-bench --device-only --log2n 20,24,30 --reps 9 --csv $OUT/results.csv > $OUT/table.log 2>&1; echo "table rc $?"
grep "% of copy\|^n=" $OUT/table.log | sed 's/  */ /g; s/ of copy//; s/copy kernel.*//; s/prefix sum/ps/g; s/low-pass/lp/g; s/high-pass/hp/g' | cut -c1-80 | tr '\n' ';'; echo
timeout 60 $B/plr-bench --device-only --only "3-tuple,3rd-order" --log2n 22,26 --reps 9 --csv $OUT/threshold.csv \
  --vs-env PLR_CUDA_SCAN_LAYOUT=rows --vs-env PLR_CUDA_SCAN_LAYOUT=lanes > $OUT/threshold.log 2>&1; echo "threshold rc $?"
grep "% of copy\|^n=" $OUT/threshold.log | sed 's/  */ /g; s/ of copy//; s/copy kernel.*//' | cut -c1-90
date -u
run() { timeout $1 stdbuf -oL $B/cuda-test $2 > $OUT/t.log 2>&1; echo "cuda-test $2 rc $?: $(grep -v '^SKIP' $OUT/t.log | tail -1)"; grep -v '^SKIP' $OUT/t.log | grep "FAIL" | head -8; head -1 $OUT/t.log; }
run 330 "--quick --groups 2c,2c-layouts"
date -u
rm -f $OUT/t.log
