#!/bin/sh
# The scan kernel in other geometries on the H200 (build_variants.sh: only
# plr_k_scan.cu differs): more warps an SM, as more blocks (fewer registers a
# thread: ptxas spills) or a wider block. Each library's plr-bench in its own
# process, twice, round robin, against its own copy; then cuda-test --quick
# --groups 2c-layouts on each variant.
B=.carry/bin
V=.carry/var
unxz() { python3 -c "import lzma,shutil; shutil.copyfileobj(lzma.open('$1/libplr.so.0.xz'), open('$1/libplr.so.0','wb'))"; }
unxz $B
for d in $V/*; do unxz $d; done
nvidia-smi -L; date -u
ONLY="prefix sum,2-tuple,3rd-order,prefix sum f32,1-stage low-pass,2-stage low-pass,3-stage low-pass,1-stage high-pass,2-stage high-pass,EMA f64"
for round in 1 2; do
  for d in $B $V/*; do
    name=$(basename $d); [ $d = $B ] && name=default
    LD_LIBRARY_PATH=$d timeout 60 $B/plr-bench --device-only --only "$ONLY" --log2n 30 --reps 7 \
        --csv $OUT/bench-$name-$round.csv > $OUT/bench-$name-$round.log 2>&1
    echo "== $name round $round rc $?"
    grep "% of copy" $OUT/bench-$name-$round.log | sed 's/  */ /g' | cut -c1-70 | tr '\n' ';'; echo
  done
done
date -u
for d in $V/*; do
  name=$(basename $d)
  LD_LIBRARY_PATH=$d timeout 75 $B/cuda-test --quick --groups 2c-layouts > $OUT/test-$name.log 2>&1
  echo "== cuda-test $name rc $?"; grep -v '^SKIP' $OUT/test-$name.log | tail -2
done
date -u
