#!/bin/sh
# This commit's binaries (run5's): the rest of the GPU matrix, cuda-test
# --big --groups 1,2,2b,2d,3 and then 5 (n up to 2^30), as far as the
# session's device time goes.
B=.carry/bin
python3 -c "import lzma,shutil; shutil.copyfileobj(lzma.open('$B/libplr.so.0.xz'), open('$B/libplr.so.0','wb'))"
export LD_LIBRARY_PATH=$B
nvidia-smi -L; date -u
timeout 150 stdbuf -oL $B/cuda-test --big --groups 1,2,2b,2d,3 > $OUT/groups.log 2>&1; echo "1,2,2b,2d,3 rc $?"
grep -v '^SKIP' $OUT/groups.log | tail -7
date -u
timeout 150 stdbuf -oL $B/cuda-test --big --groups 5 > $OUT/big.log 2>&1; echo "5 rc $?"
grep -v '^SKIP' $OUT/big.log | tail -2
date -u
