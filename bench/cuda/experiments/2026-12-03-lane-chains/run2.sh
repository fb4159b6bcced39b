#!/bin/sh
# PART=1: HEAD's library (old) against the library with
# PLR_SCAN_LANES_CHAINS=2 as its default (new, from build-gpu) and c2L (2
# and PLR_SCAN_LANES_CHAINS_LAST=1, as in run1), ROUNDS rounds whose order
# turns by one library a round (the first process of a round can run
# faster at 2^24); then the scan groups' GPU tests and memcheck over --tiny
# on new. PART=2: racecheck over --tiny on new, and the scan groups on c1L
# (PLR_SCAN_LANES_CHAINS=1 with _LAST=1: the switches' other code paths).
. bench/cuda/device_lib.sh
RES=$OUT
OUT=/tmp/w
mkdir -p $OUT
T0=$(date +%s)
unpack_libplr
nvidia-smi -L; nvidia-smi --query-gpu=clocks.sm,clocks.mem,temperature.gpu,power.draw --format=csv,noheader; date -u
if [ "${PART:-1}" = 1 ]; then
LIBS="old new c2L"
ROWS="prefix sum,1-stage low-pass,2-stage low-pass,3-stage low-pass,2-stage high-pass,EMA f64,2-stage low-pass f64,3-tuple prefix sum,3rd-order prefix sum"
for v in $LIBS; do
    [ "$v" = new ] && continue
    mkdir -p "$B/$v"
    python3 -c "import lzma,shutil; shutil.copyfileobj(lzma.open('$B/libplr-$v.so.0.xz'), open('$B/$v/libplr.so.0','wb'))"
done
r=1
while [ "$r" -le "${ROUNDS:-12}" ] && [ $(( $(date +%s) - T0 )) -lt "${BENCH_S:-150}" ]; do
    order=$(echo $LIBS | awk -v r=$r '{for (i = 0; i < NF; i++) printf "%s ", $((i + r - 1) % NF + 1)}')
    for v in $order; do
        [ "$v" = new ] && lp=$B || lp=$B/$v
        LD_LIBRARY_PATH=$lp timeout 90 "$B/plr-bench" --device-only --only "$ROWS" --log2n 24,30 --reps 15 \
            --csv "$OUT/t$r-$v.csv" > /dev/null 2>&1 || echo "== round $r $v: plr-bench failed"
    done
    r=$((r + 1))
done
echo "$((r - 1)) rounds"
python3 - "$OUT" $LIBS <<'PY' | tee $RES/medians.txt
import csv, sys, glob, collections, statistics
out, libs = sys.argv[1], sys.argv[2:]
v = collections.defaultdict(lambda: collections.defaultdict(list))
for lib in libs:
    for f in sorted(glob.glob('%s/t*-%s.csv' % (out, lib))):
        for row in csv.DictReader(open(f)):
            if row['reference'].startswith('device copy') and 'CUB' not in row['what']:
                v[(row['what'], row['type'], int(row['n']))][lib].append(float(row['ratio']) * 100)
print('%% of copy, medians of %s (min-max of each)' % ' / '.join(libs))
for k in sorted(v, key=lambda k: (k[2], k[0])):
    t = v[k]
    print('%-21s %-3s 2^%-2d %s | %s' % (k[0], k[1], k[2].bit_length() - 1,
          ' '.join('%5.1f' % statistics.median(t[l]) if t[l] else '    -' for l in libs),
          '  '.join('%.1f-%.1f' % (min(t[l]), max(t[l])) for l in libs)))
PY
date -u
echo "== cuda-test on new"
cuda_test 60 "--big --groups 1"
cuda_test 150 "--quick --groups 2c-layouts"
cuda_test 150 "--quick --groups 2c"
cuda_test 120 "--quick --groups 2"
date -u
sanitize 200 memcheck "--tiny"
else
sanitize 200 racecheck "--tiny"
date -u
mkdir -p "$B/c1L"
python3 -c "import lzma,shutil; shutil.copyfileobj(lzma.open('$B/libplr-c1L.so.0.xz'), open('$B/c1L/libplr.so.0','wb'))"
export LD_LIBRARY_PATH=$B/c1L
echo "== cuda-test on c1L"
cuda_test 60 "--big --groups 1"
cuda_test 150 "--quick --groups 2c-layouts"
cuda_test 150 "--quick --groups 2c"
cuda_test 120 "--quick --groups 2"
fi
date -u
tar -C $OUT -cJf $RES/logs.tar.xz .
echo "total $(( $(date +%s) - T0 )) s"
