#!/usr/bin/env bash
# The CPU layout benchmark (bench/cpu/layout_bench.c) on this machine:
#   prefix sums 2^10..2^MAX against the plain loop, OpenMP scan and a
#   parallel copy; image rows/columns and interleaved channels against the
#   plain nested loops; the same prefix sums with PLR_CPU_CUT=pipeline,
#   =blocks and =lookback; and, unless PLR_BENCH_NO_BUSY=1, with two busy
#   processes beside.
#
#   bench/cpu/run_layouts.sh [OUTDIR]     (default bench/cpu/results/<host>-<date>)
#
# PLR_BENCH_RUNS=N (default 1) makes N runs into OUTDIR/run-1..N and their
# medians in OUTDIR/summary.md (bench/cpu/runs_median.py). Each log starts
# with the machine, the date and the load average, and ends with the load.
#
# Needs gcc with OpenMP (libgomp) and a build of libplr in build/ (or
# PLR_BUILD_DIR). With PLR_BENCH_BIN set to a prebuilt layout-bench, nothing
# is compiled (the GPU host runs the binary built on the development VM;
# linked with -Wl,-rpath,'$ORIGIN/../lib' from build/bin, it finds the
# libplr of the build directory it is copied with).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${PLR_BUILD_DIR:-$root/build}
host=${PLR_BENCH_HOST:-$(hostname -s)}
out=${1:-$root/bench/cpu/results/$host-$(date +%F)}
max=${PLR_BENCH_MAX_LOG2:-28}
rounds=${PLR_BENCH_ROUNDS:-5}
runs=${PLR_BENCH_RUNS:-1}
mkdir -p "$out"
bin=${PLR_BENCH_BIN:-}
if [ -z "$bin" ]; then
  bin=$out/layout-bench
  gcc -O3 -fopenmp -Wall -Wextra -I"$root/include" "$root/bench/cpu/layout_bench.c" \
    -L"$build/lib" -lplr -Wl,-rpath,"$build/lib" -lm -o "$bin"
fi

one_run() {
  local dir=$1
  mkdir -p "$dir"
  local csv=$dir/layouts.csv log=$dir/layouts.log
  echo "setting,case,n,count,variant,seconds,speedup_vs_loop,speedup_vs_omp_scan" > "$csv"
  {
    echo "# $(date -u +%FT%TZ) on $host: $(nproc) processors, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2-)"
    echo "# libplr ${PLR_COMMIT:-$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)}"
    echo "# load average at the start: $(cut -d' ' -f1-3 /proc/loadavg)"
    echo "## prefix sums (default cut)"
    "$bin" prefix --max-log2 "$max" --rounds "$rounds" --csv "$csv"
    echo "## batches"
    "$bin" batch --rounds "$rounds" --csv "$csv"
    for cut in pipeline blocks lookback; do
      echo "## prefix sums, PLR_CPU_CUT=$cut"
      PLR_BENCH_TAG=cut-$cut PLR_CPU_CUT=$cut "$bin" prefix --max-log2 "$max" --rounds "$rounds" --csv "$csv"
    done
    if [ "${PLR_BENCH_NO_BUSY:-0}" != 1 ]; then
      echo "## prefix sums with two busy processes beside"
      busy() { while :; do :; done; }
      busy & b1=$!
      busy & b2=$!
      trap 'kill $b1 $b2 2>/dev/null || true' EXIT
      PLR_BENCH_TAG=two-busy "$bin" prefix --max-log2 24 --rounds "$rounds" --csv "$csv"
      kill $b1 $b2 2>/dev/null || true
      trap - EXIT
    fi
    echo "# $(date -u +%FT%TZ) load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
  } 2>&1 | tee "$log"
}

if [ "$runs" -le 1 ]; then
  one_run "$out"
else
  dirs=()
  for i in $(seq 1 "$runs"); do
    one_run "$out/run-$i"
    dirs+=("$out/run-$i")
  done
  python3 "$root/bench/cpu/runs_median.py" "$out/summary.md" "${dirs[@]}"
fi
echo "results: $out"
