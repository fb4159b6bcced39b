#!/bin/sh
# PLR_SCAN_LANES_CHAINS: HEAD's library (old) against four variant
# libraries (c1, c2: the first pass's chains; c1L, c2L: and the last pass's,
# PLR_SCAN_LANES_CHAINS_LAST=1), alternating processes round by round as
# compare_libs does (bench/cuda/device_lib.sh) but with a deadline for
# starting a round; then the scan groups' GPU tests on c2L and c1L (between
# them every new code path). Logs and CSVs come back as one tar.xz ($OUT
# takes 8 files).
. bench/cuda/device_lib.sh
RES=$OUT
OUT=/tmp/w
mkdir -p $OUT
T0=$(date +%s)
nvidia-smi -L; nvidia-smi --query-gpu=clocks.sm,clocks.mem,temperature.gpu,power.draw --format=csv,noheader; date -u
LIBS="old c1 c2 c1L c2L"
ROWS="prefix sum,1-stage low-pass,2-stage low-pass,3-stage low-pass,2-stage high-pass,EMA f64,2-stage low-pass f64,3-tuple prefix sum,3rd-order prefix sum"
for v in $LIBS; do
    mkdir -p "$B/$v"
    python3 -c "import lzma,shutil; shutil.copyfileobj(lzma.open('$B/libplr-$v.so.0.xz'), open('$B/$v/libplr.so.0','wb'))"
done
r=1
while [ "$r" -le "${ROUNDS:-3}" ] && [ $(( $(date +%s) - T0 )) -lt "${BENCH_S:-300}" ]; do
    for v in $LIBS; do
        t=$(date +%s)
        LD_LIBRARY_PATH=$B/$v timeout 90 "$B/plr-bench" --device-only --only "$ROWS" --log2n 24,30 --reps 15 \
            --csv "$OUT/t$r-$v.csv" > "$OUT/bench-$r-$v.log" 2>&1 || echo "== round $r $v: plr-bench failed"
        echo "round $r $v: $(( $(date +%s) - t )) s"
    done
    r=$((r + 1))
done
python3 - "$OUT" $LIBS <<'PY' | tee $RES/medians.txt
import csv, sys, glob, collections, statistics
out, libs = sys.argv[1], sys.argv[2:]
v = collections.defaultdict(lambda: collections.defaultdict(list))
for lib in libs:
    for f in sorted(glob.glob('%s/t*-%s.csv' % (out, lib))):
        for row in csv.DictReader(open(f)):
            if row['reference'].startswith('device copy') and 'CUB' not in row['what']:
                v[(row['what'], row['type'], int(row['n']))][lib].append(float(row['ratio']) * 100)
print('%% of copy, medians of %s; then each library\'s samples' % ' / '.join(libs))
for k in sorted(v, key=lambda k: (k[2], k[0])):
    t = v[k]
    print('%-21s %-3s 2^%-2d %s |%s' % (k[0], k[1], k[2].bit_length() - 1,
          ' '.join('%5.1f' % statistics.median(t[l]) if t[l] else '    -' for l in libs),
          ' |'.join(' '.join('%.1f' % x for x in t[l]) for l in libs)))
PY
date -u
for v in ${TEST_LIBS:-c2L c1L}; do
    export LD_LIBRARY_PATH=$B/$v
    echo "== cuda-test on $v"
    cuda_test 60 "--big --groups 1"
    cuda_test 150 "--quick --groups 2c-layouts"
    cuda_test 150 "--quick --groups 2c"
    cuda_test 120 "--quick --groups 2"
    for f in $OUT/cuda-test-*.log; do mv "$f" "${f%.log}-$v.log"; done
    date -u
done
tar -C $OUT -cJf $RES/logs.tar.xz .
echo "total $(( $(date +%s) - T0 )) s"
