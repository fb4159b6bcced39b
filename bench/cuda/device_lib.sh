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
