#!/bin/sh
# The whole GPU matrix on 4dfb958's binaries, part two: groups 1,2,2b,2c,
# then the --big sizes (group 5).
B=.carry/bin
python3 -c "import lzma,shutil; shutil.copyfileobj(lzma.open('$B/libplr.so.0.xz'), open('$B/libplr.so.0','wb'))"
export LD_LIBRARY_PATH=$B
date -u
PARTS="test" CUDA_TEST_GROUPS=1,2,2b,2c timeout 400 sh test/cuda/run_gpu_tests.sh $B $OUT/tests
date -u
timeout 160 $B/cuda-test --big --groups 5 > $OUT/big.log 2>&1; echo "big rc $?"
grep -v '^SKIP' $OUT/big.log | tail -8
date -u
