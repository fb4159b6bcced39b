#!/bin/sh
# The library that lands (PLR_SCAN_LANES_CHAINS=2, the kernels with their
# own input taps back on the one-chain first pass): the scan groups of the
# GPU tests once more.
. bench/cuda/device_lib.sh
unpack_libplr
nvidia-smi -L; date -u
cuda_test 60 "--big --groups 1"
cuda_test 150 "--quick --groups 2c-layouts"
cuda_test 150 "--quick --groups 2c"
date -u
