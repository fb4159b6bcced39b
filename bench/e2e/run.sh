#!/bin/sh
# Runs the end-to-end programs built by bench/e2e/build.sh and writes
# OUTDIR/e2e.csv and OUTDIR/e2e.md (plus PNG plots when matplotlib is there).
#
#   bench/e2e/run.sh BINDIR OUTDIR
#
# BINDIR is build.sh's output (the programs, device_api, libplr.so.0). Needs
# no compiler: this is the half that runs on the GPU machine. For every
# program: the clang build once, the plr build with PLR_DEVICE=auto, cuda and
# cpu, each over all sizes in one process; then device_api (device, managed
# and host memory through the API, and plain cudaMemcpy of the same bytes).
# Without a usable GPU the CUDA rows are skipped, saying so.
#
# E2E_SIZES    default "2^16..2^28" (any list e2e.h accepts)
# E2E_DEVICES  default "auto cuda cpu"
# E2E_REPS     timed calls per size (default 5, 3 from 2^24 on)
# E2E_TIMEOUT  seconds allowed to each process (default 300)
set -u
[ $# -eq 2 ] || { echo "usage: $0 BINDIR OUTDIR" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
bin=$(cd "$1" && pwd) || exit 2
mkdir -p "$2/raw" || exit 2
out=$(cd "$2" && pwd)
raw=$out/raw
sizes=${E2E_SIZES:-2^16..2^28}
devices=${E2E_DEVICES:-auto cuda cpu}
limit=${E2E_TIMEOUT:-300}
export LD_LIBRARY_PATH="$bin${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
PROGRAMS="prefix_sum biquad ema fir_iir"
start=$(date +%s)
status=0

for p in $PROGRAMS; do
  if [ ! -x "$bin/$p.clang" ] || [ ! -x "$bin/$p.plr" ]; then
    echo "run.sh: $bin has no $p.clang/$p.plr (run bench/e2e/build.sh)" >&2
    exit 2
  fi
done

# Is the GPU usable from libplr? Ask it: one call with PLR_DEVICE=cuda.
probe=$(PLR_DEVICE=cuda PLR_VERBOSE=1 E2E_REPS=1 "$bin/prefix_sum.plr" 2^16 2>&1 >/dev/null | grep '^plr: .* -> ' | tail -1)
case $probe in
  *" -> cuda:"*) gpu=yes ;;
  *) gpu=no ;;
esac

{
  echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "gpu: $(nvidia-smi -L 2>/dev/null | head -1 | sed 's/ (UUID.*//' || true)$([ $gpu = yes ] || echo "none usable (${probe#*: })")"
  echo "host: $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | sed 's/.*: //'), $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo)"
  echo "sizes: $sizes; reps: ${E2E_REPS:-5, 3 from 2^24}"
  sed 's/^/build /' "$bin/BUILDINFO" 2>/dev/null
} > "$out/machine.txt"
cat "$out/machine.txt"

run() { # name, then the command: stdout to raw/name.csv, stderr to raw/name.log
  name=$1
  shift
  t0=$(date +%s)
  timeout "$limit" "$@" > "$raw/$name.csv" 2> "$raw/$name.log"
  rc=$?
  echo "run.sh: $name: $(($(date +%s) - t0)) s$([ $rc -eq 0 ] || echo ", exit $rc (see raw/$name.log)")"
  [ $rc -eq 0 ] || status=1
}

for p in $PROGRAMS; do
  rm -f "$raw/$p".*
  # shellcheck disable=SC2086
  run "$p.clang" "$bin/$p.clang" $sizes
  for d in $devices; do
    if [ "$d" = cuda ] && [ $gpu = no ]; then
      echo "run.sh: $p.plr PLR_DEVICE=cuda skipped: no usable GPU"
      continue
    fi
    # shellcheck disable=SC2086
    run "$p.plr-$d" env PLR_DEVICE="$d" PLR_VERBOSE=1 "$bin/$p.plr" $sizes
  done
done

rm -f "$raw/device_api".*
if [ $gpu = no ]; then
  echo "run.sh: device_api (device and managed memory, transfers) skipped: no usable GPU"
elif [ ! -x "$bin/device_api" ]; then
  echo "run.sh: device_api skipped: not built (no nvcc where build.sh ran)"
else
  # shellcheck disable=SC2086
  run device_api "$bin/device_api" $sizes
fi

python3 "$here/report.py" "$out" || { echo "run.sh: some results disagree with the clang build or failed (e2e.md)"; status=1; }
echo "run.sh: $(($(date +%s) - start)) s in all; $out/e2e.csv, $out/e2e.md"
exit $status
