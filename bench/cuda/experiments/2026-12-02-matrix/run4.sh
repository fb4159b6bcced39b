#!/bin/sh
# f32 prefix sums carried in float (PLR_CUDA_SCAN_CARRY=float, a per-call
# switch of this build: Tuple<float, 1>, adding as the serial loop does)
# against double carries (the library's default): cuda-test with the switch
# set for the whole process (--quick 2c and 2c-layouts, --big 1: every f32
# prefix sum there against the bound, small integers exactly; cuda-test
# itself sets and unsets the switch in 2c's carry cases, the cases after
# them run in double), then plr-bench's f32 prefix sum with --vs-env at 2^20,
# 2^24, 2^30, three processes.
B=.carry/bin
python3 -c "import lzma,shutil; shutil.copyfileobj(lzma.open('$B/libplr.so.0.xz'), open('$B/libplr.so.0','wb'))"
export LD_LIBRARY_PATH=$B
nvidia-smi -L; date -u
for r in 1 2 3; do
  timeout 60 $B/plr-bench --device-only --only "prefix sum f32" --vs-env PLR_CUDA_SCAN_CARRY=float --log2n 20,24,30 --reps 9 > $OUT/bench-$r.log 2>&1
  echo "== round $r rc $?"; grep "%" $OUT/bench-$r.log
done
date -u
for g in "--quick --groups 2c" "--quick --groups 2c-layouts" "--big --groups 1"; do
  PLR_CUDA_SCAN_CARRY=float timeout 150 stdbuf -oL $B/cuda-test $g > $OUT/t.log 2>&1
  echo "cuda-test $g (PLR_CUDA_SCAN_CARRY=float) rc $?: $(grep -v '^SKIP' $OUT/t.log | tail -1)"
  grep -v '^SKIP' $OUT/t.log | grep -i "fail" | head -5
done
date -u
cd $OUT && rm -f t.log
