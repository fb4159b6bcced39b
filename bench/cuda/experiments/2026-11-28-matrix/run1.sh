#!/bin/sh
# The whole GPU matrix on the binaries of 4dfb958 (input taps as a mix of the
# stages, 3e8f6a1; tested before only with --quick 2c-layouts and --tiny under
# the sanitizers), part one: groups 2c-layouts,2d,3,4, memcheck and racecheck
# on --tiny, the layouts and memory-kind programs.
B=.carry/bin
python3 -c "import lzma,shutil; shutil.copyfileobj(lzma.open('$B/libplr.so.0.xz'), open('$B/libplr.so.0','wb'))"
export LD_LIBRARY_PATH=$B
nvidia-smi -L
date -u
PARTS="test sanitize" SANITIZE_TIMEOUT=150 CUDA_TEST_GROUPS=2c-layouts,2d,3,4 \
    timeout 430 sh test/cuda/run_gpu_tests.sh $B $OUT/tests
date -u
timeout 40 $B/batched-test > $OUT/batched-test.log 2>&1; echo "batched-test rc $?"; tail -3 $OUT/batched-test.log
timeout 40 $B/api-memory-test > $OUT/api-memory-test.log 2>&1; echo "api-memory-test rc $?"; tail -3 $OUT/api-memory-test.log
date -u
