#!/bin/sh
# run4's binaries (the build that lands): the groups not yet run on them,
# cuda-test --big 1, 3, 4, group 2k again, api-memory-test.
B=.carry/bin
python3 -c "import lzma,shutil; shutil.copyfileobj(lzma.open('$B/libplr.so.0.xz'), open('$B/libplr.so.0','wb'))"
export LD_LIBRARY_PATH=$B
nvidia-smi -L; date -u
run() { timeout $1 stdbuf -oL $B/cuda-test $2 > $OUT/t.log 2>&1; echo "cuda-test $2 rc $?: $(grep -v '^SKIP' $OUT/t.log | tail -1)"; grep -v '^SKIP' $OUT/t.log | grep "FAIL" | head -8; }
run 300 "--big --groups 1,3,4"
run 100 "--groups 2k"
timeout 60 $B/api-memory-test > $OUT/t.log 2>&1; echo "api-memory-test rc $?: $(tail -1 $OUT/t.log)"
date -u
rm -f $OUT/t.log
