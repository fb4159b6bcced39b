#!/bin/sh
# Equal stages with input taps over floats as a mix of the stages
# (Pole::mixed: y = c_M x + sum_m c_(M-m) s_m, the stages over x itself; no
# taps, halo or shuffle, nothing in the first pass), where scan_mix finds it
# as accurate. cuda-test --quick of the layouts-and-taps group (every
# layout, the switches, the mix checked by the kernel's name), --tiny under
# memcheck, then the filters: default (mix), PLR_CUDA_SCAN_FIR=taps (the
# kernel's taps, run3's way) and =geo (single-pass), same process.
B=.carry/bin
python3 -c "import lzma,shutil; shutil.copyfileobj(lzma.open('$B/libplr.so.0.xz'), open('$B/libplr.so.0','wb'))"
export LD_LIBRARY_PATH=$B
nvidia-smi -L
date -u
$B/cuda-test --quick --groups 2c-layouts 2>&1 | grep -v '^SKIP' | grep -E "FAIL|failures|PASS|above|bound" | head -40 | tee $OUT/quick.log
timeout 120 compute-sanitizer --tool memcheck --error-exitcode 9 $B/cuda-test --tiny > $OUT/memcheck.log 2>&1; echo "memcheck rc $?"
grep -E "ERROR SUMMARY|cuda-test:" $OUT/memcheck.log
date -u
ONLY="2-stage low-pass,3-stage low-pass,1-stage high-pass,2-stage high-pass,biquad"
$B/plr-bench --device-only --only "$ONLY" --log2n 24,30 --reps 9 --vs-env PLR_CUDA_SCAN_FIR=taps \
    --vs-env PLR_CUDA_SCAN_FIR=geo --csv $OUT/bench.csv > $OUT/bench.log 2>&1
grep -A100 "n=2^24" $OUT/bench.log | grep -v "^ *$" | head -60
date -u
