#!/usr/bin/env bash
# The main job: install what is missing, build everything, and run the demo
# (on the GPU when there is one, otherwise on the CPU).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh"
mkdir -p "$root/build"
# the CUDA backend for this machine's GPU, or sm_90 alone without one
. "$root/scripts/cuda_archs.sh"
echo "== building (CUDA archs: $cuda_archs, where nvcc is present)"
"$root/scripts/build.sh" -DCMAKE_CUDA_ARCHITECTURES="$cuda_archs" >/dev/null
build=${PLR_BUILD_DIR:-$root/build}
echo
echo "== backends"
"$build/bin/plr" devices
if [ -f "$build/lib/libPLRPass.so" ]; then
  clang=/usr/lib/llvm-19/bin/clang
  ex="$root/examples/filters.c"
  echo
  echo "== examples/filters.c, ordinary C with no mention of PLR, compiled with the plugin"
  echo "   (-Rpass=plr prints each loop the pass replaced)"
  "$clang" -O2 -ffast-math -fpass-plugin="$build/lib/libPLRPass.so" -Rpass=plr "$ex" \
    -L"$build/lib" -lplr -Wl,-rpath,"$build/lib" -lm -o "$build/filters-plr" 2>&1 | sed "s|$root/||"
  "$clang" -O2 -ffast-math "$ex" -lm -o "$build/filters-clang"
  n=$((1 << 24))
  echo
  echo "== run with the plugin (PLR_VERBOSE=1: one line per runtime call), n = $n"
  start=$(date +%s.%N)
  PLR_VERBOSE=1 "$build/filters-plr" $n 2>"$build/filters-plr.err"
  t_plr=$(echo "$(date +%s.%N) - $start" | awk '{print $1 - $3}')
  cat "$build/filters-plr.err"
  echo
  echo "== the same program from plain clang -O2 -ffast-math"
  start=$(date +%s.%N)
  "$build/filters-clang" $n 2>"$build/filters-clang.err"
  t_ref=$(echo "$(date +%s.%N) - $start" | awk '{print $1 - $3}')
  cat "$build/filters-clang.err"
  f_plr=$(sed -n 's/^time in the filter calls: //p' "$build/filters-plr.err")
  f_ref=$(sed -n 's/^time in the filter calls: //p' "$build/filters-clang.err")
  echo
  echo "the five filter calls: plugin ${f_plr}, plain clang ${f_ref}"
  echo "whole program (data generation and long double checks included): plugin ${t_plr}s, plain clang ${t_ref}s"
fi
echo
echo "== a 2-stage low-pass filter, (0.04: 1.6, -0.64), on 2^24 floats, checked against a long double reference"
PLR_VERBOSE=1 "$build/bin/plr" run --sig "(0.04: 1.6, -0.64)" --type f32 --n 2^24 --reps 3
echo
echo "== the same filter on the serial loop, for comparison"
"$build/bin/plr" run --sig "(0.04: 1.6, -0.64)" --type f32 --n 2^24 --reps 3 --device serial
