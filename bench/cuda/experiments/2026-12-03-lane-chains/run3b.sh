#!/bin/sh
# The library that lands (9c41b53), after run3: GPU group 2 and
# compute-sanitizer memcheck and racecheck over --tiny.
. bench/cuda/device_lib.sh
unpack_libplr
nvidia-smi -L; date -u
cuda_test 120 "--quick --groups 2"
sanitize 200 memcheck "--tiny"
sanitize 200 racecheck "--tiny"
date -u
