#!/bin/sh
# ncu of the scan kernel at 2^26: i32 prefix sum (Tuple), 1-stage (Geo),
# 2- and 3-stage low-pass f32 (Pole, carried in float): why two and three
# stages stay below the sums.
B=.carry/bin
export LD_LIBRARY_PATH=$B
nvidia-smi -L
ncu -k regex:plr_scan_kernel --section SpeedOfLight --section Occupancy --section WarpStateStats \
    --section SchedulerStats --section ComputeWorkloadAnalysis --section InstructionStats \
    $B/plr-bench --profile > $OUT/ncu.log 2>&1
grep -E "plr_scan_kernel|Duration|DRAM Throughput|Compute \(SM\) Throughput|Issue Slots Busy|Executed Ipc A|No Eligible|Warp Cycles Per Issued|Stall|Registers Per|Executed Instructions  " $OUT/ncu.log | cut -c1-150
