#!/bin/sh
# Pole's constant-shift tables trimmed to the 16 powers the kernel uses
# (POWC): run8 found the equal stages 4-5 points slower at 2^20 with all 48
# (the parameters 384-768 bytes larger). Three libraries in one call,
# alternating processes, three rounds: old (6d97248), full (9e0951a's 48
# entries), trim (this one); then the scan groups' GPU tests on trim.
. bench/cuda/device_lib.sh
unpack_libplr
for v in old full; do
  mkdir -p $B/$v
  python3 -c "import lzma,shutil; shutil.copyfileobj(lzma.open('$B/libplr-$v.so.0.xz'), open('$B/$v/libplr.so.0','wb'))"
done
nvidia-smi -L; date -u
ROWS="prefix sum,1-stage low-pass,2-stage low-pass,3-stage low-pass,2-stage high-pass,EMA f64"
for r in 1 2 3; do
  for lib in old full trim; do
    [ $lib = trim ] && LP=$B || LP=$B/$lib
    LD_LIBRARY_PATH=$LP timeout 60 $B/plr-bench --device-only --only "$ROWS" --log2n 20,24,30 --reps 15 \
      --csv $OUT/t$r-$lib.csv > /dev/null 2>&1; echo "== round $r $lib rc $?"
  done
done
python3 - $OUT <<'PY'
import csv, sys, glob, collections, statistics
v = collections.defaultdict(lambda: collections.defaultdict(list))
for f in sorted(glob.glob(sys.argv[1] + '/t*-*.csv')):
    lib = f.split('-')[-1][:-4]
    for row in csv.DictReader(open(f)):
        if row['reference'].startswith('device copy') and 'CUB' not in row['what']:
            v[(row['what'], row['type'], int(row['n']))][lib].append(float(row['ratio']) * 100)
for k in sorted(v, key=lambda k: (k[2], k[0])):
    t = v[k]
    m = {l: statistics.median(t[l]) for l in t}
    print('%-22s %-4s 2^%d medians old %.1f full %.1f trim %.1f | trim %s' % (k[0], k[1], k[2].bit_length() - 1,
          m['old'], m['full'], m['trim'], ' '.join('%.1f' % x for x in t['trim'])))
PY
date -u
cuda_test 60 "--big --groups 1"
cuda_test 150 "--quick --groups 2c"
cuda_test 200 "--quick --groups 2c-layouts"
date -u
