#!/bin/sh
# The build that lands, after run7: the 2nd-order sum joins the 3-tuple and
# 3rd-order sums in lanes from 2^24 on a DRAM-rich device. plr-bench's
# device table with CUB (bench/results/h200-2026-12-02-lanes3/results.csv),
# then cuda-test --quick 2c-layouts (the default layout of the three sums
# past 2^24 in every type) and 2c.
B=.carry/bin
python3 -c "import lzma,shutil; shutil.copyfileobj(lzma.open('$B/libplr.so.0.xz'), open('$B/libplr.so.0','wb'))"
export LD_LIBRARY_PATH=$B
nvidia-smi -L; date -u
timeout 120 $B/plr-bench --device-only --log2n 20,24,30 --reps 9 --csv $OUT/results.csv > $OUT/table.log 2>&1; echo "table rc $?"
grep "% of copy\|^n=" $OUT/table.log | sed 's/  */ /g; s/ of copy//; s/copy kernel.*//; s/prefix sum/ps/g; s/low-pass/lp/g; s/high-pass/hp/g' | cut -c1-80 | tr '\n' ';'; echo
run() { timeout $1 stdbuf -oL $B/cuda-test $2 > $OUT/t.log 2>&1; echo "cuda-test $2 rc $?: $(grep -v '^SKIP' $OUT/t.log | tail -1)"; grep -v '^SKIP' $OUT/t.log | grep "FAIL" | head -8; }
run 200 "--quick --groups 2c-layouts"
run 150 "--quick --groups 2c"
date -u
rm -f $OUT/t.log
