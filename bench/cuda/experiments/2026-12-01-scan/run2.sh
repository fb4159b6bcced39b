#!/bin/sh
# (1) The library's build (lanes with input taps in the lanes' geometry):
# cuda-test --big on the FIR paths (group 4), --quick on the scan kernel's
# forms (2c). (2) More bytes on their way (run1: the barrier stalls were
# waits for tiles): tiles prefetched into L2 two issues ahead (pf2), rows
# with two tiles between the passes instead of three (rd2: three stages
# loading instead of two), both (rd2pf2): plr-bench at 2^24 and 2^30 of each
# in its own process, twice, round robin; cuda-test --tiny of each variant.
B=.carry/bin
unxz() { python3 -c "import lzma,shutil; shutil.copyfileobj(lzma.open('$1/libplr.so.0.xz'), open('$1/libplr.so.0','wb'))"; }
unxz $B; for d in .carry/var/*; do unxz $d; done
nvidia-smi -L; date -u
LD_LIBRARY_PATH=$B timeout 60 stdbuf -oL $B/cuda-test --big --groups 4 > $OUT/fir.log 2>&1; echo "fir rc $?"
grep -v '^SKIP' $OUT/fir.log | tail -2
for d in .carry/var/*; do
  LD_LIBRARY_PATH=$d timeout 40 stdbuf -oL $B/cuda-test --tiny > $OUT/tiny-$(basename $d).log 2>&1
  echo "tiny $(basename $d) rc $?: $(grep -v '^SKIP' $OUT/tiny-$(basename $d).log | tail -1)"
done
date -u
ONLY="prefix sum,2-tuple,3rd-order,prefix sum f32,1-stage low-pass,2-stage low-pass,3-stage low-pass,1-stage high-pass,2-stage high-pass,EMA f64"
for round in 1 2; do
  for d in $B .carry/var/*; do
    name=$(basename $d)
    LD_LIBRARY_PATH=$d timeout 60 $B/plr-bench --device-only --only "$ONLY" --log2n 24,30 --reps 7 \
        > $OUT/bench-$name-$round.log 2>&1
    echo "== $name round $round rc $?"
    grep "% of copy\|^n=" $OUT/bench-$name-$round.log | sed 's/  */ /g; s/ [0-9.]* ms / /; s/ of copy//; s/copy kernel.*//' | cut -c1-60 | tr '\n' ';'; echo
  done
done
date -u
LD_LIBRARY_PATH=$B timeout 200 stdbuf -oL $B/cuda-test --quick --groups 2c > $OUT/forms.log 2>&1; echo "forms rc $?"
grep -v '^SKIP' $OUT/forms.log | tail -3
date -u
