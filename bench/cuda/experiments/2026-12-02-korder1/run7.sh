#!/bin/sh
# Every scan-kernel form in both layouts on the H200 (the library's choice,
# then PLR_CUDA_SCAN_LAYOUT=rows and =lanes in the same process), 2^24 and
# 2^30, three rounds: which other forms the H200 would rather run the other
# way (EMA f64 0.4 short of its bar, the 1-stage high-pass short of 90% of
# its low-pass).
B=.carry/bin
python3 -c "import lzma,shutil; shutil.copyfileobj(lzma.open('$B/libplr.so.0.xz'), open('$B/libplr.so.0','wb'))"
export LD_LIBRARY_PATH=$B
nvidia-smi -L; date -u
for r in 1 2 3; do
timeout 100 $B/plr-bench --device-only --only "prefix sum,tuple,order prefix,low-pass,high-pass,biquad,EMA" --log2n 24,30 --reps 9 --csv $OUT/layouts$r.csv \
  --vs-env PLR_CUDA_SCAN_LAYOUT=rows --vs-env PLR_CUDA_SCAN_LAYOUT=lanes > $OUT/layouts$r.log 2>&1; echo "round $r rc $?"
done
date -u
