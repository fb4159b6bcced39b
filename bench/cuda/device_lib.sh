# Shared helpers for the device scripts of bench/cuda/experiments (sourced
# on the device machine from the repository root; $OUT is the folder whose
# files come back). B is where the carried binaries are (.carry/bin).
B=${B:-.carry/bin}

# libplr.so.0 carried xz-compressed (the carry limit): unpacked beside the
# binaries, which then find it through LD_LIBRARY_PATH
unpack_libplr() {
    python3 -c "import lzma,shutil; shutil.copyfileobj(lzma.open('$B/libplr.so.0.xz'), open('$B/libplr.so.0','wb'))"
    export LD_LIBRARY_PATH=$B
}

# cuda_test SECONDS "ARGS": the GPU tests with a limit; its last line and
# the first failures printed (SKIP lines left out), its log kept in $OUT
cuda_test() {
    log=$OUT/cuda-test-$(echo "$2" | tr -c 'a-z0-9' '_').log
    timeout "$1" stdbuf -oL "$B/cuda-test" $2 > "$log" 2>&1
    echo "cuda-test $2 rc $?: $(grep -v '^SKIP' "$log" | tail -1)"
    grep -v '^SKIP' "$log" | grep "FAIL" | head -12
}

# sanitize SECONDS TOOL "ARGS": cuda-test under compute-sanitizer
sanitize() {
    log=$OUT/$2-$(echo "$3" | tr -c 'a-z0-9' '_').log
    timeout "$1" compute-sanitizer --tool "$2" "$B/cuda-test" $3 > "$log" 2>&1
    echo "$2 $3 rc $?: $(tail -2 "$log" | tr '\n' ' ')"
}

# compare_libs ROUNDS "ROWS" "LOG2N" NAME...: plr-bench's device rows timed
# with several libraries in alternating processes (a round runs each once:
# the first process of a round can run faster at 2^20, so rounds, not
# repeats in one process), then per row the median % of a copy for each
# library and the last library's samples. NAME new is the carried
# libplr.so.0 (unpack_libplr first); another is $B/libplr-NAME.so.0.xz.
compare_libs() {
    rounds=$1 rows=$2 sizes=$3
    shift 3
    for v in "$@"; do
        [ "$v" = new ] && continue
        mkdir -p "$B/$v"
        python3 -c "import lzma,shutil; shutil.copyfileobj(lzma.open('$B/libplr-$v.so.0.xz'), open('$B/$v/libplr.so.0','wb'))"
    done
    r=1
    while [ "$r" -le "$rounds" ]; do
        for v in "$@"; do
            [ "$v" = new ] && lp=$B || lp=$B/$v
            LD_LIBRARY_PATH=$lp timeout 60 "$B/plr-bench" --device-only --only "$rows" --log2n "$sizes" --reps 15 \
                --csv "$OUT/t$r-$v.csv" > /dev/null 2>&1 || echo "== round $r $v: plr-bench failed"
        done
        r=$((r + 1))
    done
    python3 - "$OUT" "$@" <<'PY'
import csv, sys, glob, collections, statistics
out, libs = sys.argv[1], sys.argv[2:]
v = collections.defaultdict(lambda: collections.defaultdict(list))
for lib in libs:
    for f in sorted(glob.glob('%s/t*-%s.csv' % (out, lib))):
        for row in csv.DictReader(open(f)):
            if row['reference'].startswith('device copy') and 'CUB' not in row['what']:
                v[(row['what'], row['type'], int(row['n']))][lib].append(float(row['ratio']) * 100)
print('%% of copy, medians of %s' % ' / '.join(libs))
for k in sorted(v, key=lambda k: (k[2], k[0])):
    t = v[k]
    print('%-22s %-4s 2^%-2d %s | %s: %s' % (k[0], k[1], k[2].bit_length() - 1,
          ' '.join('%5.1f' % statistics.median(t[l]) if t[l] else '    -' for l in libs), libs[-1],
          ' '.join('%.1f' % x for x in t[libs[-1]])))
PY
}
