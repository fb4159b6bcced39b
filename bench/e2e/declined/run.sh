#!/usr/bin/env bash
# Declined calls against plain clang: rows.c built with plr-cc and with clang
# (-O2 -ffast-math, the default threshold), run in turn (plr-cc, clang, ...)
# PAIRS times per row width; the CPU time (user + sys) of each whole process,
# and the median of the per-pair ratios plr-cc / clang.
#   bench/e2e/declined/run.sh [BUILD_DIR] [PAIRS]   (BUILD_DIR: a PLR build with the pass)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../../../build}
pairs=${2:-9}
out=$(mktemp -d)
"$build/bin/plr-cc" -O2 -ffast-math "$here/rows.c" -o "$out/rows-plr"
/usr/lib/llvm-19/bin/clang -O2 -ffast-math "$here/rows.c" -o "$out/rows-clang"
cpu() { # the CPU seconds of one run of "$@"
  local t
  t=$( { /usr/bin/time -f "%U %S" "$@" >/dev/null; } 2>&1 | tail -1)
  echo "$t" | awk '{print $1 + $2}'
}
echo "width height frames  plr-cc s  clang s  ratio (median of $pairs pairs, min-max)"
for shape in "1920 1080 160" "480 4320 160" "64 32400 160" "16 129600 160"; do
  set -- $shape
  [ "$("$out/rows-plr" "$@")" = "$("$out/rows-clang" "$@")" ] || { echo "outputs differ at $shape"; exit 1; }
  ratios=() ps=() cs=()
  for _ in $(seq "$pairs"); do
    p=$(cpu "$out/rows-plr" "$@"); c=$(cpu "$out/rows-clang" "$@")
    ps+=("$p"); cs+=("$c"); ratios+=("$(awk -v p="$p" -v c="$c" 'BEGIN{print (c > 0 ? p / c : 0)}')")
  done
  med() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}'; }
  lo=$(printf '%s\n' "${ratios[@]}" | sort -g | head -1); hi=$(printf '%s\n' "${ratios[@]}" | sort -g | tail -1)
  printf "%5s %6s %6s  %8s  %7s  %.3f (%.3f-%.3f)\n" "$1" "$2" "$3" "$(med "${ps[@]}")" "$(med "${cs[@]}")" \
    "$(med "${ratios[@]}")" "$lo" "$hi"
done
rm -rf "$out"
