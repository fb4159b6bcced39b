#!/bin/sh
# The whole GPU test matrix on the library that lands (9c41b53), in parts
# that each fit a device call: PART=a groups 2c-layouts,2d,3,4; PART=b
# groups 1,2,2b,2c; PART=c group 5 (the --big sizes). Logs in $OUT.
. bench/cuda/device_lib.sh
unpack_libplr
case ${PART:-a} in
a) g=2c-layouts,2d,3,4 ;;
b) g=1,2,2b,2c ;;
c) g=5 ;;
esac
nvidia-smi -L; date -u
timeout ${LIMIT:-560} stdbuf -oL "$B/cuda-test" --big --groups "$g" > "$OUT/cuda-test-matrix-$(echo $g | tr , _).log" 2>&1
echo "cuda-test --big --groups $g rc $?: $(grep -v '^SKIP' "$OUT/cuda-test-matrix-$(echo $g | tr , _).log" | tail -1)"
grep -v '^SKIP' "$OUT/cuda-test-matrix-$(echo $g | tr , _).log" | grep FAIL | head -12
date -u
