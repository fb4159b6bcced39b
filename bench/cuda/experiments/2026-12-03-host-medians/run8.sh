#!/bin/sh
# Small sizes, before and after the constant shifts: run7's table put the
# equal-stage filters 5-7 points lower at 2^20 than 2026-12-02's (the sums
# level); same call, alternating processes (old = 6d97248's library), three
# rounds each way, 2^20 and 2^24.
. bench/cuda/device_lib.sh
unpack_libplr
mkdir -p $B/old
python3 -c "import lzma,shutil; shutil.copyfileobj(lzma.open('$B/libplr-before.so.0.xz'), open('$B/old/libplr.so.0','wb'))"
nvidia-smi -L; date -u
ROWS="prefix sum,1-stage low-pass,2-stage low-pass,3-stage low-pass,2-stage high-pass,EMA f64"
for r in 1 2 3; do
  for lib in old new; do
    [ $lib = new ] && LP=$B || LP=$B/old
    LD_LIBRARY_PATH=$LP timeout 60 $B/plr-bench --device-only --only "$ROWS" --log2n 20,24 --reps 15 \
      --csv $OUT/s$r-$lib.csv > /dev/null 2>&1; echo "== round $r $lib rc $?"
  done
done
python3 - $OUT <<'PY'
import csv, sys, glob, collections, statistics
v = collections.defaultdict(lambda: collections.defaultdict(list))
for f in sorted(glob.glob(sys.argv[1] + '/s*-*.csv')):
    lib = f.split('-')[-1][:-4]
    for row in csv.DictReader(open(f)):
        if row['reference'].startswith('device copy') and 'CUB' not in row['what']:
            v[(row['what'], row['type'], int(row['n']))][lib].append(float(row['ratio']) * 100)
for k in sorted(v, key=lambda k: (k[2], k[0])):
    t = v[k]
    print('%-26s %-4s 2^%d new %s | old %s | median diff %+.1f' % (k[0], k[1], k[2].bit_length() - 1,
          ' '.join('%.1f' % x for x in t['new']), ' '.join('%.1f' % x for x in t['old']),
          statistics.median(t['new']) - statistics.median(t['old'])))
PY
date -u
