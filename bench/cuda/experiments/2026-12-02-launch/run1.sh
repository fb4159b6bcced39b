#!/bin/sh
# The host cost of a small call's launch: launch-cost (an empty kernel by
# stream kind, parameter size, opt-in shared memory), then plr-bench's
# small rows and batched-bench's 1080x1920 images, each in three processes
# (the backend's streams are made at the first call): blocking streams (the
# default), PLR_CUDA_STREAMS=legacy (the legacy default stream itself) and
# =nonblocking; with PLR_CUDA_HOST_TRACE=1 (host time per mark, printed at
# exit).
. bench/cuda/device_lib.sh
unpack_libplr
nvidia-smi -L; date -u
timeout 60 $B/launch-cost
for r in 1 2; do
for v in blocking legacy nonblocking; do
  if [ $v = blocking ]; then unset PLR_CUDA_STREAMS; else export PLR_CUDA_STREAMS=$v; fi
  PLR_CUDA_HOST_TRACE=1 timeout 120 $B/plr-bench --device-only --only "prefix sum,1-stage low-pass" --log2n 20,24 --reps 15 \
    --csv $OUT/small-$v-$r.csv > $OUT/small-$v-$r.log 2>&1; echo "== plr-bench $v round $r rc $?"
  grep "prefix sum  \|prefix sum f32\|low-pass\|n=2^" $OUT/small-$v-$r.log | sed 's/  */ /g' | cut -c1-90
  [ $r = 1 ] && grep -A16 "host trace" $OUT/small-$v-$r.log
  PLR_BENCH_CASES=1080x1920 PLR_BENCH_SEQS=0 timeout 120 $B/batched-bench --reps 15 --csv $OUT/batched-$v-$r.csv > $OUT/batched-$v-$r.log 2>&1
  echo "== batched-bench $v round $r rc $?"; grep -i "1080" $OUT/batched-$v-$r.log | head -8 | cut -c1-150
done
done
unset PLR_CUDA_STREAMS
date -u
