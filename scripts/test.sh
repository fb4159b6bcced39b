#!/usr/bin/env bash
# All tests: installs what is missing, builds PLR (and ASan+UBSan and TSan
# builds of the runtime), runs the lit suite on each, and ends with
# "N passed, M failed".
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
lit=/usr/lib/llvm-19/build/utils/lit/lit.py
"$root/scripts/setup.sh" || exit 1
logdir=$(mktemp -d)
passed=0 failed=0 skipped=0

count() { # $1: lit output file; adds its summary to the totals
  local p f s
  read -r p f s < <(awk '
    function num(line) { sub(/^[^:]*: */, "", line); return line + 0 }
    /^ *Passed *:/ {p += num($0)}
    /^ *(Failed|Unresolved|Timed Out|Unexpectedly Passed) *:/ {f += num($0)}
    /^ *Unsupported *:/ {s += num($0)}
    END {print p+0, f+0, s+0}' "$1")
  passed=$((passed + p)); failed=$((failed + f)); skipped=$((skipped + s))
}

start=$SECONDS
stage() { echo "== [$((SECONDS - start)) s] $*"; }

# The CUDA backend: for this machine's GPU, or sm_90 alone as a compile check
. "$root/scripts/cuda_archs.sh"

stage "build (release; CUDA archs: $cuda_archs)"
if ! PLR_BUILD_DIR="$root/build" "$root/scripts/build.sh" -DCMAKE_CUDA_ARCHITECTURES="$cuda_archs"; then
  echo "build failed"; echo "0 passed, 1 failed"; exit 1
fi
stage "lit: release build"
python3 "$lit" -v "$root/build/test" 2>&1 | tee "$logdir/release.txt"
grep -qE 'Total Discovered Tests' "$logdir/release.txt" || failed=$((failed + 1))
count "$logdir/release.txt"

if [ "${PLR_SKIP_SANITIZE:-0}" != 1 ]; then
  stage "build (AddressSanitizer + UBSan, runtime only)"
  if PLR_BUILD_DIR="$root/build-sanitize" "$root/scripts/build.sh" -DPLR_SANITIZE=ON -DPLR_BUILD_PASS=OFF -DPLR_CUDA=OFF; then
    stage "lit: sanitizer build (runtime tests)"
    python3 "$lit" -v --filter "runtime/" "$root/build-sanitize/test" 2>&1 | tee "$logdir/sanitize.txt"
    grep -qE 'Total Discovered Tests' "$logdir/sanitize.txt" || failed=$((failed + 1))
    count "$logdir/sanitize.txt"
  else
    echo "sanitizer build failed"; failed=$((failed + 1))
  fi
fi
if [ "${PLR_SKIP_SANITIZE:-0}" != 1 ]; then
  stage "build (ThreadSanitizer, runtime only)"
  if PLR_BUILD_DIR="$root/build-tsan" "$root/scripts/build.sh" -DPLR_TSAN=ON -DPLR_BUILD_PASS=OFF -DPLR_CUDA=OFF; then
    stage "lit: ThreadSanitizer build (the threaded paths: workers, chunk pipelines, concurrent callers)"
    TSAN_OPTIONS="halt_on_error=1 abort_on_error=1" python3 "$lit" -v \
      --filter "runtime/(threads|layouts|layout-chunks|chain|table1)" "$root/build-tsan/test" 2>&1 | tee "$logdir/tsan.txt"
    grep -qE 'Total Discovered Tests' "$logdir/tsan.txt" || failed=$((failed + 1))
    count "$logdir/tsan.txt"
  else
    echo "tsan build failed"; failed=$((failed + 1))
  fi
fi
rm -rf "$logdir"
stage "done"
echo
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
