#!/usr/bin/env bash
# The main job: install what is missing, build everything, and run the demo
# (on the GPU when there is one, otherwise on the CPU).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh"
mkdir -p "$root/build"
"$root/scripts/build.sh" >/dev/null
build=${PLR_BUILD_DIR:-$root/build}
echo
echo "== backends"
"$build/bin/plr" devices
if [ -x "$root/examples/run_demo.sh" ] && [ -f "$build/lib/libPLRPass.so" ]; then
  echo
  "$root/examples/run_demo.sh" "$build"
fi
echo
echo "== a 2-stage low-pass filter, (0.04: 1.6, -0.64), on 2^24 floats, checked against a long double reference"
PLR_VERBOSE=1 "$build/bin/plr" run --sig "(0.04: 1.6, -0.64)" --type f32 --n 2^24 --reps 3
echo
echo "== the same filter on the serial loop, for comparison"
"$build/bin/plr" run --sig "(0.04: 1.6, -0.64)" --type f32 --n 2^24 --reps 3 --device serial
