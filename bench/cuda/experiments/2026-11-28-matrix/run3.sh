#!/bin/sh
# ncu on the H200 of the scan kernel (plr-bench --profile, 2^26: i32 prefix
# sum, 1-stage low-pass in rows, 2- and 3-stage low-pass in lanes) and of the
# copy it is measured against: why every form is 8-20 points of a copy lower
# here than on the H100. Then the whole plr-bench table at 2^24 and 2^30.
B=.carry/bin
python3 -c "import lzma,shutil; shutil.copyfileobj(lzma.open('$B/libplr.so.0.xz'), open('$B/libplr.so.0','wb'))"
export LD_LIBRARY_PATH=$B
nvidia-smi -L; date -u
S="--section SpeedOfLight --section Occupancy --section WarpStateStats --section SchedulerStats --section ComputeWorkloadAnalysis --section InstructionStats --section MemoryWorkloadAnalysis"
timeout 150 ncu -k regex:plr_scan_kernel $S $B/plr-bench --profile > $OUT/ncu.log 2>&1
timeout 60 ncu -k regex:copy_kernel -c 1 $S $B/plr-bench --device-only --only "prefix sum i32" --log2n 26 --reps 1 > $OUT/ncu-copy.log 2>&1
for f in ncu ncu-copy; do
grep -E "plr_scan_kernel|copy_kernel|Duration|DRAM Throughput|Memory Throughput|Compute \(SM\) Throughput|Issue Slots Busy|Executed Ipc A|No Eligible|Warp Cycles Per Issued|Registers Per|Executed Instructions  |Achieved Occupancy|L2 Hit" $OUT/$f.log | cut -c1-150
done
date -u
timeout 300 $B/plr-bench --device-only --log2n 24,30 --reps 7 --csv $OUT/bench.csv > $OUT/bench.log 2>&1; echo "bench rc $?"
grep -A80 "n=2^30" $OUT/bench.log | grep -v "^ *$" | head -60
date -u
