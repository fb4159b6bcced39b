#!/bin/sh
# run1's taps from registers, and in rows no halo copy for warps past the
# first (the stage keeps x to the end of the last pass there); equal stages
# with input taps now take the scan kernel by default (PLR_CUDA_SCAN_FIR=geo
# leaves them to the single-pass kernel). The high-pass rows against run7's
# library again, then the GPU tests of groups 2c-layouts,2d,3,4 and the
# sanitizers on the final binaries.
B=.carry/bin
O=.carry/old
for d in $B $O; do
    python3 -c "import lzma,shutil; shutil.copyfileobj(lzma.open('$d/libplr.so.0.xz'), open('$d/libplr.so.0','wb'))"
done
export LD_LIBRARY_PATH=$B
nvidia-smi -L
date -u
ONLY="1-stage low-pass,2-stage low-pass,3-stage low-pass,1-stage high-pass,2-stage high-pass,biquad"
$B/plr-bench --device-only --only "$ONLY" --log2n 24,30 --reps 9 --vs-env PLR_CUDA_SCAN_FIR=geo \
    --csv $OUT/bench-new.csv > $OUT/bench-new.log 2>&1
LD_LIBRARY_PATH=$O $B/plr-bench --device-only --only "1-stage high-pass,2-stage high-pass,1-stage low-pass" \
    --log2n 24,30 --reps 9 --csv $OUT/bench-old.csv > $OUT/bench-old.log 2>&1
grep -A100 "n=2^30" $OUT/bench-new.log | grep -v "^ *$" | head -40
echo ---- old
grep -A100 "n=2^30" $OUT/bench-old.log | grep -v "^ *$" | head -20
date -u
PARTS="test sanitize" SANITIZE_TIMEOUT=150 CUDA_TEST_GROUPS=2c-layouts,2d,3,4 \
    timeout 400 sh test/cuda/run_gpu_tests.sh $B $OUT/tests
tail -30 $OUT/tests/last_run.log
date -u
