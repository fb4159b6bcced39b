#!/bin/sh
# ncu of the scan kernel at 2^26 with the committed defaults: i32 prefix sum
# and 1-stage low-pass f32 in rows, 2- and 3-stage low-pass f32 in lanes
# (plr-bench --profile; the order-8 launch is the single-pass kernel and not
# matched): why the 3-stage low-pass stays below 85% of a copy.
B=.carry/bin
export LD_LIBRARY_PATH=$B
nvidia-smi -L
ncu -k regex:plr_scan_kernel --section SpeedOfLight --section Occupancy --section WarpStateStats \
    --section SchedulerStats --section ComputeWorkloadAnalysis --section InstructionStats \
    --section MemoryWorkloadAnalysis \
    $B/plr-bench --profile > $OUT/ncu.log 2>&1
grep -E "plr_scan_kernel|Duration|DRAM Throughput|Compute \(SM\) Throughput|Issue Slots Busy|Executed Ipc A|No Eligible|Warp Cycles Per Issued|Registers Per|Executed Instructions  |Shared Memory|Bank" $OUT/ncu.log | cut -c1-160
