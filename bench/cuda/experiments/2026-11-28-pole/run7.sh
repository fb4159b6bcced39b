#!/bin/sh
# cuda-test --quick after the review (scan_case helper in cuda-test, Geo and
# Pole sharing power_of_bits: identical PTX).
B=.carry/bin
export LD_LIBRARY_PATH=$B
nvidia-smi -L
$B/cuda-test --quick 2>&1 | grep -v '^SKIP' | tail -12 | tee $OUT/quick.log
