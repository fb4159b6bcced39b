#!/bin/sh
# run3 again on the library that lands (Binom's shift_c keeps apply's order
# of sums: run3's 3rd-order i32 sum ran 2 points slower with another), two
# more rounds with the old library first, the scan groups' GPU tests, then
# memcheck and racecheck on --tiny.
. bench/cuda/device_lib.sh
unpack_libplr
mkdir -p $B/old
python3 -c "import lzma,shutil; shutil.copyfileobj(lzma.open('$B/libplr-before.so.0.xz'), open('$B/old/libplr.so.0','wb'))"
nvidia-smi -L; date -u
ROWS="prefix sum,2nd-order prefix sum,3rd-order prefix sum,1-stage low-pass,2-stage low-pass,3-stage low-pass,EMA f64,1-stage high-pass,2-stage high-pass"
for r in 1 2; do
  for lib in old new; do
    [ $lib = new ] && LP=$B || LP=$B/old
    LD_LIBRARY_PATH=$LP timeout 140 $B/plr-bench --device-only --only "$ROWS" --log2n 24,30 --reps 9 \
      --csv $OUT/r$((r+2))-$lib.csv > $OUT/r$((r+2))-$lib.log 2>&1; echo "== round $r $lib rc $?"
  done
done
python3 - $OUT <<'PY'
import csv, sys, glob, collections
out = sys.argv[1]
v = collections.defaultdict(dict)
for f in sorted(glob.glob(out + '/r*-*.csv')):
    tag = f.split('/')[-1][:-4]
    for row in csv.DictReader(open(f)):
        if row['reference'].startswith('device copy'):
            v[(row['what'], row['type'], row['n'])][tag] = float(row['ratio']) * 100
for k in sorted(v):
    t = v[k]
    print('%-28s %-4s %11s ' % k + ' '.join('%s %5.1f' % (x, t[x]) for x in sorted(t)))
PY
date -u
cuda_test 60 "--big --groups 1"
cuda_test 150 "--quick --groups 2c"
cuda_test 200 "--quick --groups 2c-layouts"
date -u
sanitize 200 memcheck "--tiny"
sanitize 200 racecheck "--tiny"
rm -f $OUT/r*-*.log
date -u
