#!/bin/sh
# Lanes in fewer warps: the library (24 compute warps, 48 KiB tiles, four
# stages, two tiles between the passes; ptxas holds them to 72 registers and
# some spill up to 248 bytes) against 20 warps (l20: 40 KiB tiles, 80
# registers, spills up to 180 bytes), 20 in five stages (l20s5) and five
# stages three tiles apart (l20s5d3), 19 warps (l19: 38 KiB tiles, 96
# registers) in four and five stages (l19s5); the lanes forms and three rows
# forms (controls: the 2-/3-tuple sums, the 1-stage low-pass) at 2^24 and
# 2^30, each build in its own process, three rounds round robin. Then the
# host path of a 2^20 prefix sum (PLR_CUDA_HOST_TRACE=1).
B=.carry/bin
unxz() { python3 -c "import lzma,shutil; shutil.copyfileobj(lzma.open('$1/libplr.so.0.xz'), open('$1/libplr.so.0','wb'))"; }
unxz $B; for d in .carry/var/*; do unxz $d; done
nvidia-smi -L; date -u
ONLY="2-tuple,3-tuple,1-stage low-pass,2-stage low-pass,3-stage low-pass,2-stage high-pass,EMA f64"
for round in 1 2 3; do
  for d in $B .carry/var/*; do
    name=$(basename $d)
    LD_LIBRARY_PATH=$d timeout 60 $B/plr-bench --device-only --only "$ONLY" --log2n 24,30 --reps 7 \
        > $OUT/bench-$name-$round.log 2>&1
    echo "== $name round $round rc $?"
    grep "% of copy\|^n=" $OUT/bench-$name-$round.log | grep -v CUB | sed 's/  */ /g; s/ [0-9.]* ms / /; s/ of copy//; s/copy kernel.*//; s/prefix sum/ps/g; s/low-pass/lp/g; s/high-pass/hp/g' | cut -c1-40 | tr '\n' ';'; echo
  done
done
date -u
PLR_CUDA_HOST_TRACE=1 LD_LIBRARY_PATH=$B timeout 60 $B/plr-bench --device-only --only "prefix sum" --log2n 20 --reps 200 > $OUT/trace.log 2>&1
echo "trace rc $?"; cat $OUT/trace.log
date -u
cd $OUT && rm -f bench-*.log
