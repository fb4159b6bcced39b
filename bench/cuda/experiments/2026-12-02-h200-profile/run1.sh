#!/bin/sh
# Why the scan kernel's compute-bound forms miss their bars on the H200:
# ncu on the launches of plr-bench --profile (n = 2^26: prefix sum i32,
# 1-, 2-, 3-stage low-pass f32, order 8 i32), speed of light, issue slots,
# instruction counts and warp states; then the batched bars (batched-bench,
# the default cases) on the same build.
B=.carry/bin
python3 -c "import lzma,shutil; shutil.copyfileobj(lzma.open('$B/libplr.so.0.xz'), open('$B/libplr.so.0','wb'))"
export LD_LIBRARY_PATH=$B
nvidia-smi -L; date -u
timeout 240 ncu --clock-control none --section SpeedOfLight --section ComputeWorkloadAnalysis --section InstructionStats \
  --section WarpStateStats --section Occupancy --section LaunchStats --kernel-name-base demangled \
  -k "regex:plr_scan_kernel|plr_kernel|korder" -o $OUT/prof $B/plr-bench --profile > $OUT/ncu.log 2>&1; echo "ncu rc $?"
timeout 60 ncu --import $OUT/prof.ncu-rep --page details --csv > $OUT/details.csv 2>&1; echo "import rc $?"
python3 - $OUT/details.csv <<'PY'
import csv, sys, collections
rows = list(csv.reader(open(sys.argv[1])))
hdr = rows[0]; H = {h: i for i, h in enumerate(hdr)}
want = ["Duration", "DRAM Throughput", "Compute (SM) Throughput", "Executed Ipc Active", "Issue Slots Busy",
        "Executed Instructions", "Registers Per Thread", "Achieved Occupancy", "Block Size", "Grid Size",
        "Warp Cycles Per Issued Instruction", "Theoretical Occupancy"]
by = collections.OrderedDict()
for r in rows[1:]:
    if len(r) < len(hdr): continue
    key = (r[H["ID"]], r[H["Kernel Name"]][:60])
    by.setdefault(key, {})[r[H["Metric Name"]]] = (r[H["Metric Value"]], r[H["Metric Unit"]])
for (i, k), m in by.items():
    print(i, k)
    print("   " + "; ".join("%s %s %s" % (w, m[w][0], m[w][1]) for w in want if w in m))
PY
timeout 200 $B/batched-bench --reps 9 --csv $OUT/batched.csv > $OUT/batched.log 2>&1; echo "batched rc $?"
grep -v "^ *$" $OUT/batched.log | tail -30
date -u
