#!/bin/bash
# Differential fuzzing of libPLRPass with csmith: each generated program is
# compiled at -O2 without and with the plugin (and linked against libplr),
# both are run, and their checksums compared. The plugin must never crash
# and never change a program's output.
#
#   csmith.sh BUILD_DIR COUNT [FIRST_SEED] [JOBS]
#
# PLR_PASS_MIN_N=0 lowers the call threshold to the pass's floor (64) so
# replaced loops really call the runtime. Prints one line per program
# (seed, verdict, loops replaced) and a tally at the end; exit status 1 if
# any program crashed the compiler or changed its output.
set -u
build=$(cd "$1" && pwd)
count=$2
first=${3:-1}
jobs=${4:-$(nproc)}
CLANG=${CLANG:-/usr/lib/llvm-19/bin/clang}
CSMITH=${CSMITH:-csmith}
inc=${CSMITH_INCLUDE:-/usr/include/csmith}
work=$(mktemp -d "${TMPDIR:-/tmp}/plr-csmith.XXXXXX")
trap 'rm -rf "$work"' EXIT
export build CLANG CSMITH inc work

one() {
  s=$1
  d=$work/$s
  mkdir -p "$d"
  if ! "$CSMITH" --seed "$s" -o "$d/p.c" >/dev/null 2>&1; then
    echo "$s gen-fail 0"; rm -rf "$d"; return
  fi
  if ! timeout 60 "$CLANG" -O2 -w -I"$inc" "$d/p.c" -o "$d/ref" 2>/dev/null; then
    echo "$s ref-compile-fail 0"; rm -rf "$d"; return
  fi
  if ! PLR_PASS_MIN_N=0 timeout 120 "$CLANG" -O2 -w -I"$inc" -fpass-plugin="$build/lib/libPLRPass.so" \
      -Rpass=plr "$d/p.c" -L"$build/lib" -lplr -Wl,-rpath,"$build/lib" -o "$d/plr" 2>"$d/remarks"; then
    echo "$s PLUGIN-COMPILE-FAIL 0"; cp "$d/p.c" "$work/../plr-csmith-fail-$s.c" 2>/dev/null; rm -rf "$d"; return
  fi
  n=$(grep -c "replaced linear recurrence" "$d/remarks")
  timeout 10 "$d/ref" >"$d/ref.out" 2>/dev/null
  rc1=$?
  if [ $rc1 -ne 0 ]; then
    echo "$s ref-timeout-or-crash $n"; rm -rf "$d"; return
  fi
  timeout 20 "$d/plr" >"$d/plr.out" 2>/dev/null
  rc2=$?
  if [ $rc2 -ne 0 ] || ! cmp -s "$d/ref.out" "$d/plr.out"; then
    echo "$s DIFFERENT $n"; cp "$d/p.c" "$work/../plr-csmith-diff-$s.c" 2>/dev/null; rm -rf "$d"; return
  fi
  echo "$s ok $n"
  rm -rf "$d"
}
export -f one

seq "$first" $((first + count - 1)) | xargs -P "$jobs" -I{} bash -c 'one {}' | tee "$work/log"
awk '{ v[$2]++; if ($3 > 0) { progs++; loops += $3 } }
     END { for (k in v) printf "%s: %d\n", k, v[k];
           printf "programs with replaced loops: %d (loops replaced: %d)\n", progs, loops }' "$work/log" | sort
! grep -qE "PLUGIN-COMPILE-FAIL|DIFFERENT" "$work/log"
