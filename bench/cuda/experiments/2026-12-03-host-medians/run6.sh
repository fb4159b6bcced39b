#!/bin/sh
# The batched bars on the H200 as medians: batched-bench's default cases
# (the backend's own choice, PLR_BENCH_SEQS=0) in five processes of their
# own, 15 reps each; the 1080x1920 images were within +-5 points of the 70%
# bar from one run to the next (2026-12-02-launch run1, 2026-12-02-matrix).
. bench/cuda/device_lib.sh
unpack_libplr
nvidia-smi -L; date -u
for r in 1 2 3 4 5; do
  PLR_BENCH_SEQS=0 timeout 90 $B/batched-bench --reps 15 --csv $OUT/batched-$r.csv > $OUT/batched-$r.log 2>&1
  echo "== batched-bench round $r rc $?"
done
python3 - $OUT <<'PY'
import csv, sys, glob, statistics, collections
v = collections.defaultdict(list)
for f in sorted(glob.glob(sys.argv[1] + '/batched-*.csv')):
    for row in csv.DictReader(open(f)):
        v[(row['case'], row['filter'])].append((float(row['pct_wall']), float(row['pct_kernel'])))
for k, xs in v.items():
    print('%-26s %-8s wall %s median %.1f | kernel median %.1f' % (k + (' '.join('%.1f' % a for a, _ in xs),
          statistics.median(a for a, _ in xs), statistics.median(b for _, b in xs))))
PY
rm -f $OUT/batched-*.log
date -u
