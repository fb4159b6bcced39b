#!/usr/bin/env bash
# Configures and builds PLR into build/ (or $PLR_BUILD_DIR). Extra arguments go to cmake.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${PLR_BUILD_DIR:-$root/build}
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release "$@" >"$build.configure.log" 2>&1 \
  || { cat "$build.configure.log"; exit 1; }
grep -E "^-- PLR" "$build.configure.log" || true
ninja -C "$build"
