#!/bin/bash
# The pass's end-to-end programs (test/e2e: nests, channels, controllers,
# homogeneous recurrences, rolling sums, output maps reading other arrays,
# several stored arrays), compiled here with the plugin and
# PLR_PASS_MIN_N=64 into DIR with libplr.so.0 beside them (rpath $ORIGIN),
# run on a GPU machine under PLR_DEVICE=cuda and auto: every check must say
# ok, and the cuda runs must have called the GPU backend.
#   run_pass_e2e_gpu.sh DIR [OUTDIR]
set -u
dir=$1
out=${2:-.}
mkdir -p "$out"
log=$out/pass_e2e_gpu.log
fail=0
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$log" 2>&1 || echo "no nvidia-smi" >> "$log"
for prog in nests channels controller homogeneous rolling output-map-loads several-outputs; do
  for dev in cuda auto; do
    echo "== $prog PLR_DEVICE=$dev" >> "$log"
    if ! (cd "$dir" && PLR_DEVICE=$dev PLR_VERBOSE=1 "./$prog" > "$out/$prog.$dev.out" 2> "$out/$prog.$dev.err"); then
      echo "FAIL: $prog exited non-zero" >> "$log"
      fail=1
    fi
    cat "$out/$prog.$dev.out" >> "$log"
    if grep -q "BAD" "$out/$prog.$dev.out"; then
      echo "FAIL: $prog reports BAD" >> "$log"
      fail=1
    fi
    calls=$(grep -c -- "-> cuda" "$out/$prog.$dev.err")
    echo "calls run on cuda: $calls (of $(grep -c -- ' -> ' "$out/$prog.$dev.err"))" >> "$log"
    if [ "$dev" = cuda ] && [ "$calls" -eq 0 ]; then
      echo "FAIL: $prog made no cuda call" >> "$log"
      fail=1
    fi
  done
done
echo "result: $([ $fail = 0 ] && echo all ok || echo FAILURES)" >> "$log"
cat "$log"
exit $fail
