#!/bin/sh
# run1's library; cuda-test's --tiny set with a first-order filter's tap
# after the recurrence (no histories, in place and not, every type, both
# layouts) under both sanitizers, and once plainly.
B=.carry/bin
python3 -c "import lzma,shutil; shutil.copyfileobj(lzma.open('$B/libplr.so.0.xz'), open('$B/libplr.so.0','wb'))"
export LD_LIBRARY_PATH=$B
nvidia-smi -L; date -u
timeout 60 $B/cuda-test --tiny > $OUT/t.log 2>&1; echo "cuda-test --tiny rc $?: $(tail -1 $OUT/t.log)"
timeout 200 compute-sanitizer --tool memcheck $B/cuda-test --tiny > $OUT/t.log 2>&1; echo "memcheck rc $?: $(tail -2 $OUT/t.log | tr '\n' ' ')"
timeout 200 compute-sanitizer --tool racecheck $B/cuda-test --tiny > $OUT/t.log 2>&1; echo "racecheck rc $?: $(tail -2 $OUT/t.log | tr '\n' ' ')"
rm -f $OUT/t.log
date -u
