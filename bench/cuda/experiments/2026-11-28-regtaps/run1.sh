#!/bin/sh
# Input taps from registers (a unit's taps reach into the lane's own units
# or, by a shuffle, its neighbour's) against run7's binaries of
# 2026-11-28-lanes (taps through a second stage load a unit), same machine,
# same call. New: the scan kernel's groups of cuda-test --quick (every
# layout, taps in both) and --tiny first.
B=.carry/bin
O=.carry/old
# (both libraries come compressed: the device tool carries 64 MiB)
for d in $B $O; do
    python3 -c "import lzma,shutil; shutil.copyfileobj(lzma.open('$d/libplr.so.0.xz'), open('$d/libplr.so.0','wb'))"
done
export LD_LIBRARY_PATH=$B
nvidia-smi -L
date -u
$B/cuda-test --quick --groups 2c,2c-layouts 2>&1 | grep -v '^SKIP' | grep -E "FAIL|failures|PASS|above" | head -60 | tee $OUT/quick.log
$B/cuda-test --tiny 2>&1 | tail -3 | tee $OUT/tiny.log
ONLY="prefix sum f32,1-stage low-pass,2-stage low-pass,3-stage low-pass,1-stage high-pass,2-stage high-pass,EMA f64"
$B/plr-bench --device-only --only "$ONLY" --log2n 24,30 --reps 9 \
    --vs-env PLR_CUDA_SCAN_FIR=all --vs-env PLR_CUDA_SCAN_LAYOUT=lanes \
    --csv $OUT/bench-new.csv > $OUT/bench-new.log 2>&1
LD_LIBRARY_PATH=$O $B/plr-bench --device-only --only "$ONLY" --log2n 24,30 --reps 9 \
    --vs-env PLR_CUDA_SCAN_FIR=all --vs-env PLR_CUDA_SCAN_LAYOUT=lanes \
    --csv $OUT/bench-old.csv > $OUT/bench-old.log 2>&1
grep -A100 "n=2^30" $OUT/bench-new.log | grep -v "^ *$" | head -60
echo ---- old
grep -A100 "n=2^30" $OUT/bench-old.log | grep -v "^ *$" | head -60
date -u
