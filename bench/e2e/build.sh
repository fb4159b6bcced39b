#!/bin/sh
# Builds the end-to-end programs twice - plain clang -O3 and plr-cc -O3 - and
# the device-memory program (nvcc), into one self-contained directory that
# bench/e2e/run.sh runs on a GPU machine (which needs no compiler).
#
#   bench/e2e/build.sh [OUTDIR]           default OUTDIR: build-e2e
#
# PLR_BUILD   the PLR build to use (its bin/plr-cc and lib/libplr.so.0);
#             default build-cuda when it has the CUDA backend, else build.
#             It is used as it is: build it first (cmake/ninja).
# CLANG       plain clang for the baseline (default: the clang plr-cc runs).
# NVCC        default nvcc on the PATH or /usr/local/cuda/bin/nvcc; without
#             one the device program is left out (run.sh then skips it).
#
# Checks, and fails loudly when one does not hold:
#  - the -Rpass=plr remark says the loop marked E2E-LOOP in each program was
#    replaced (the remarks are kept in OUTDIR/logs/);
#  - at small sizes (2^16, the smallest that calls the runtime, and 2^18) the
#    plr build really calls libplr (PLR_VERBOSE=1 prints one line per call)
#    and prints the same checksum as the clang build: identical for the
#    integer program, within 1e-4 (f32) / 1e-10 (f64) of the sum of |y| for
#    the floating-point ones; with PLR_DEVICE=cpu and auto, on this machine.
#    Every run first asks plr_pays: under PLR_DEVICE=cpu the answer must be
#    yes and libplr must be called; under auto the runtime may decline (then
#    the original loop runs and must give the same checksum), and the calls
#    must match its yes answers.
# OUTDIR receives <program>.clang, <program>.plr, device_api, libplr.so.0
# (the binaries find it through an $ORIGIN rpath), BUILDINFO and logs/.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out=${1:-$root/build-e2e}
mkdir -p "$out/logs"
out=$(cd "$out" && pwd)

if [ -z "${PLR_BUILD:-}" ]; then
  PLR_BUILD=$root/build
  if [ -x "$root/build-cuda/bin/plr-cc" ] && nm -D "$root/build-cuda/lib/libplr.so.0" 2>/dev/null | grep -q ' T plrc_run$'; then
    PLR_BUILD=$root/build-cuda
  fi
fi
PLR_BUILD=$(cd "$PLR_BUILD" && pwd)
plrcc=$PLR_BUILD/bin/plr-cc
lib=$PLR_BUILD/lib/libplr.so.0
[ -x "$plrcc" ] || { echo "build.sh: no $plrcc (build PLR first, or set PLR_BUILD)" >&2; exit 1; }
[ -f "$lib" ] || { echo "build.sh: no $lib" >&2; exit 1; }
clang=${CLANG:-$("$plrcc" --show x.c | awk '{print $1}' | tr -d "'")}
command -v "$clang" > /dev/null || { echo "build.sh: no clang '$clang'" >&2; exit 1; }
if nm -D "$lib" | grep -q ' T plrc_run$'; then cuda_lib=yes; else cuda_lib=no; fi
nvcc=${NVCC:-$(command -v nvcc || true)}
[ -n "$nvcc" ] || [ ! -x /usr/local/cuda/bin/nvcc ] || nvcc=/usr/local/cuda/bin/nvcc

fail() {
  echo "build.sh: FAIL: $*" >&2
  exit 1
}

# program and its own flags (the same for both builds); see each file's header
PROGRAMS="prefix_sum biquad ema fir_iir"
flags_of() {
  case $1 in
    prefix_sum) echo "" ;;
    biquad) echo "-Wno-unknown-pragmas" ;; # consent by '#pragma plr recurrence'
    ema | fir_iir) echo "-ffast-math" ;;
  esac
}
# -O3 for the generic x86-64 target: the binaries run on another machine.
CFLAGS="-O3"

cp -L "$lib" "$out/libplr.so.0"
# shellcheck disable=SC2016 # $ORIGIN is for the dynamic linker
rpath='-Wl,-rpath,$ORIGIN'

for p in $PROGRAMS; do
  src=$here/$p.c
  f=$(flags_of "$p")
  line=$(grep -n 'E2E-LOOP' "$src" | head -1 | cut -d: -f1)
  [ -n "$line" ] || fail "$p.c has no E2E-LOOP marker"
  # shellcheck disable=SC2086
  "$clang" $CFLAGS $f -DE2E_BUILD='"clang"' "$src" -o "$out/$p.clang" -lm
  # shellcheck disable=SC2086
  "$plrcc" $CFLAGS $f -DE2E_BUILD='"plr"' -Rpass=plr -Rpass-missed=plr "$src" -o "$out/$p.plr" \
    "$rpath" -lm > "$out/logs/$p.remarks" 2>&1 || { cat "$out/logs/$p.remarks" >&2; fail "plr-cc failed on $p.c"; }
  if ! grep -q "$p.c:$line:[0-9]*: remark: replaced linear recurrence" "$out/logs/$p.remarks"; then
    cat "$out/logs/$p.remarks" >&2
    fail "$p.c:$line: the loop was not replaced (remarks above)"
  fi
  echo "build.sh: $(grep "$p.c:$line:[0-9]*: remark: replaced" "$out/logs/$p.remarks" | sed 's/ \[-Rpass=plr\]//; s|.*/||')"
done

if [ -n "$nvcc" ]; then
  # shellcheck disable=SC2016 # $ORIGIN is for the dynamic linker
  "$nvcc" -O2 -std=c++17 -I"$root/include" "$here/device_api.cu" -o "$out/device_api" \
    -L"$PLR_BUILD/lib" -lplr -Xlinker -rpath -Xlinker '$ORIGIN' > "$out/logs/device_api.build" 2>&1 ||
    { cat "$out/logs/device_api.build" >&2; fail "nvcc failed on device_api.cu"; }
  echo "build.sh: device_api built with $nvcc"
else
  rm -f "$out/device_api"
  echo "build.sh: no nvcc: device_api (device and managed memory) left out"
fi

# ---- checks at small sizes, on this machine --------------------------------
# compare CHECKSUM_A ABS_A CHECKSUM_B: exact, or within tol * abs_sum
close() {
  awk -v a="$1" -v s="$2" -v b="$3" -v tol="$4" 'BEGIN {
    if (s == "") exit (a == b) ? 0 : 1;
    d = a - b; if (d < 0) d = -d;
    exit (d <= tol * (s > 1 ? s : 1)) ? 0 : 1 }'
}
for p in $PROGRAMS; do
  case $p in ema) tol=1e-10 ;; *) tol=1e-4 ;; esac
  ref=$(E2E_HEADER=0 E2E_REPS=1 "$out/$p.clang" 2^16 2^18) || fail "$p.clang did not run"
  for dev in cpu auto; do
    got=$(E2E_HEADER=0 E2E_REPS=1 PLR_VERBOSE=1 PLR_DEVICE=$dev "$out/$p.plr" 2^16 2^18 2> "$out/logs/$p.check-$dev.err") ||
      { cat "$out/logs/$p.check-$dev.err" >&2; fail "$p.plr did not run (PLR_DEVICE=$dev)"; }
    declined=0
    for n in 65536 262144; do
      err=$out/logs/$p.check-$dev.err
      calls=$(grep -c "^plr: .* n=$n -> " "$err" || true)
      # Each run of the replaced loop first asks plr_pays (PLR_VERBOSE prints
      # the answer), then calls libplr only on yes: the warm-up and the timed
      # run give two questions per size, and the calls must be exactly the
      # yes answers. A forced device is always answered yes, so under
      # PLR_DEVICE=cpu both calls must happen; auto may decline (on a small
      # machine the threaded backend does not beat an integer loop), and a
      # declined run must still print the clang build's checksum.
      yes=$(grep -c "^plr: pays? .*, $n elements: yes" "$err" || true)
      no=$(grep -c "^plr: pays? .*, $n elements: no" "$err" || true)
      [ $((yes + no)) -eq 2 ] || { cat "$err" >&2; fail "$p.plr n=$n PLR_DEVICE=$dev: $((yes + no)) plr_pays answers, expected 2 (is the loop still guarded by plr_pays?)"; }
      [ "$dev" = auto ] || [ "$yes" -eq 2 ] || { cat "$err" >&2; fail "$p.plr n=$n PLR_DEVICE=$dev: plr_pays declined a forced device"; }
      [ "$calls" -eq "$yes" ] || { cat "$err" >&2; fail "$p.plr n=$n PLR_DEVICE=$dev: $calls libplr calls, expected $yes (the yes answers of plr_pays)"; }
      declined=$((declined + no))
      r=$(echo "$ref" | awk -F, -v n=$n '$3 == n')
      g=$(echo "$got" | awk -F, -v n=$n '$3 == n')
      ca=$(echo "$r" | cut -d, -f9) sa=$(echo "$r" | cut -d, -f10) cb=$(echo "$g" | cut -d, -f9)
      close "$ca" "$sa" "$cb" "$tol" || fail "$p n=$n PLR_DEVICE=$dev: checksum $cb, clang build $ca (abs sum '$sa')"
    done
    backend=$(grep "^plr: .* n=262144 -> " "$out/logs/$p.check-$dev.err" | tail -1 | sed 's/.* -> //; s/:.*//')
    [ -n "$backend" ] || backend="the original loop: plr_pays said no"
    [ "$declined" -eq 0 ] || [ "$declined" -eq 4 ] || backend="$backend; $declined of 4 runs declined by plr_pays"
    echo "build.sh: $p: checksums agree at 2^16 and 2^18, PLR_DEVICE=$dev (ran: $backend)"
  done
done

{
  echo "built: $(date -u '+%Y-%m-%d %H:%M UTC') on $(hostname)"
  echo "commit: $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)$(git -C "$root" diff --quiet HEAD -- runtime include pass bench/e2e 2>/dev/null || echo ' (working tree differs)')"
  echo "clang: $("$clang" --version | head -1)"
  echo "plr: $PLR_BUILD (cuda backend: $cuda_lib)"
  echo "nvcc: $([ -n "$nvcc" ] && "$nvcc" --version | tail -1 || echo none)"
  echo "flags: $CFLAGS; biquad -Wno-unknown-pragmas (#pragma plr recurrence); ema, fir_iir -ffast-math"
} > "$out/BUILDINFO"
echo "build.sh: done: $out ($(du -sh "$out" | cut -f1)); run: bench/e2e/run.sh $out OUTDIR"
