#!/bin/sh
# The landing library of 2026-12-05 (HEAD de91830: PLR_SCAN_ZERO_DROP=0,
# PLR_SCAN_GAIN_LATE=1) against the same tree with GAIN_LATE=0 (g0),
# alternating processes, and three timing-only libraries (wrong outputs)
# that leave parts of the SCAN_LANES passes out: abl1 the last pass's lane
# total, head and warp scan (PLR_SCAN_ABL_LAST=1), abl2 its warp scan alone
# (=2), ablf the first pass's steps (PLR_SCAN_ABL_FIRST=1: an add an
# element); the prefix sums against CUB in the same process;
# then orders above 8 on host arrays through the higher-order kernels (the
# new cuda-test group 3k, plr-bench --host-only against PLR_CUDA_KO_HOST=0)
# and the GPU matrix on this library, each part only while
# DEADLINE seconds have not passed; logs in one tar.xz.
. bench/cuda/device_lib.sh
unpack_libplr
T0=$(date +%s)
nvidia-smi -L; nvidia-smi --query-gpu=clocks.sm,clocks.mem,temperature.gpu,power.draw --format=csv,noheader; date -u
ROWS="prefix sum,1-stage low-pass,2-stage low-pass,3-stage low-pass,EMA f64,2-stage low-pass f64,1-stage high-pass,2-stage high-pass"
compare_libs ${ROUNDS:-6} "$ROWS" 24,30 g0 abl1 abl2 ablf new | tee $OUT/medians.txt
# the prefix sums (floats now take a shuffle for a lane's exclusive state)
# against CUB InclusiveSum after each on the same data, three processes
for r in 1 2 3; do
    LD_LIBRARY_PATH=$B timeout 90 $B/plr-bench --device-only --only "prefix sum" --log2n 20,24,30 --reps 15 \
        --csv $OUT/cub$r.csv > /dev/null 2>&1 || echo "== cub round $r failed"
done
python3 - $OUT <<'PY' | tee $OUT/cub.txt
import csv, sys, glob, collections, statistics
v = collections.defaultdict(list)
for f in sorted(glob.glob(sys.argv[1] + '/cub*.csv')):
    for row in csv.DictReader(open(f)):
        if row['reference'].startswith('device copy'):
            v[(row['what'], row['type'], int(row['n']))].append(float(row['ratio']) * 100)
print('% of a copy, medians of 3 processes')
for k in sorted(v, key=lambda k: (k[2], k[1], k[0])):
    print('%-34s %-4s 2^%-2d %6.1f  (%s)' % (k[0], k[1], k[2].bit_length() - 1, statistics.median(v[k]),
          ' '.join('%.1f' % x for x in v[k])))
PY
tar -C $OUT -cJf $OUT/csv.tar.xz $(cd $OUT && ls t*-*.csv cub*.csv) && rm -f $OUT/t*-*.csv $OUT/cub*.csv
date -u
export LD_LIBRARY_PATH=$B
L=$OUT/logs; mkdir -p $L
left() { [ $(( $(date +%s) - T0 )) -lt ${DEADLINE:-430} ] || { echo "== $1: skipped (deadline)"; return 1; }; }
# orders above 8 on host arrays through the higher-order kernels (new)
left 3k && (OUT=$L; cuda_test 110 "--quick --groups 3k")
# and their speed against the general path (PLR_CUDA_KO_HOST=0), 2^26 pageable
left host-bench && for v in 1 0; do
    PLR_CUDA_KO_HOST=$v timeout 100 $B/plr-bench --quick --host-only --log2n 20 --csv $L/host-ko$v.csv 2>&1 |
        grep -E "pinned|host" | sed "s/^/PLR_CUDA_KO_HOST=$v: /"
done
# (the sanitizers with the host path on: --tiny's order-12 pageable cases take it)
for t in memcheck racecheck; do
    left "$t" && (OUT=$L; export PLR_CUDA_KO_HOST=1; sanitize 70 $t "--tiny")
done
for g in "--quick --groups 2c" "--quick --groups 2c-layouts" "--quick --groups 3" "--quick --groups 2" \
         "--big --groups 1" "--quick --groups 4" "--quick --groups 5,2b,2d" "--quick --groups 2k"; do
    left "$g" && (OUT=$L; cuda_test 100 "$g")
done
left batched-test && { timeout 100 $B/batched-test > $L/batched-test.log 2>&1; echo "batched-test rc $?: $(grep -v '^SKIP' $L/batched-test.log | tail -1)"; }
left api-memory-test && { timeout 60 $B/api-memory-test > $L/api-memory-test.log 2>&1; echo "api-memory-test rc $?: $(tail -1 $L/api-memory-test.log)"; }
tar -C $L -cJf $OUT/logs.tar.xz . && rm -rf $L
echo "total $(( $(date +%s) - T0 )) s"
