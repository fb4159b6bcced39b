#!/bin/sh
# (1) The scan kernel without block-wide barriers among its compute warps
# (PLR_SCAN_NOBAR=1, .carry/var/nobar) against the library's build (the
# barriers; lanes with input taps in the lanes' geometry): correctness first
# (cuda-test --quick 2c-layouts, racecheck and memcheck on --tiny), then
# plr-bench at 2^30 of each in its own process, twice, round robin.
# (2) Why the scan kernel stalls: ncu's stall reasons of plr-bench
# --profile's scan launches (2^26) in both builds.
# (3) The library's build: cuda-test --big on the FIR paths (group 4, lanes
# with input taps in the wider geometry); the host time of a 2^20 prefix-sum
# call split at its marks (PLR_CUDA_HOST_TRACE=1).
B=.carry/bin
V=.carry/var/nobar
unxz() { python3 -c "import lzma,shutil; shutil.copyfileobj(lzma.open('$1/libplr.so.0.xz'), open('$1/libplr.so.0','wb'))"; }
unxz $B; unxz $V
nvidia-smi -L; date -u
LD_LIBRARY_PATH=$V timeout 100 stdbuf -oL $B/cuda-test --quick --groups 2c-layouts > $OUT/nobar-layouts.log 2>&1
echo "nobar 2c-layouts rc $?"; grep -v '^SKIP' $OUT/nobar-layouts.log | tail -2
for tool in racecheck memcheck; do
  LD_LIBRARY_PATH=$V timeout 70 compute-sanitizer --tool $tool --error-exitcode 9 $B/cuda-test --tiny > $OUT/nobar-$tool.log 2>&1
  echo "nobar $tool rc $?"; grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|cuda-test: PASS' $OUT/nobar-$tool.log | head -3
done
date -u
ONLY="prefix sum,2-tuple,3rd-order,prefix sum f32,1-stage low-pass,2-stage low-pass,3-stage low-pass,1-stage high-pass,2-stage high-pass,EMA f64"
for round in 1 2; do
  for d in $B $V; do
    name=$(basename $d)
    LD_LIBRARY_PATH=$d timeout 60 $B/plr-bench --device-only --only "$ONLY" --log2n 30 --reps 7 \
        > $OUT/bench-$name-$round.log 2>&1
    echo "== $name round $round rc $?"
    grep "% of copy" $OUT/bench-$name-$round.log | sed 's/  */ /g; s/ [0-9.]* ms / /; s/ of copy//' | cut -c1-60 | tr '\n' ';'; echo
  done
done
date -u
M=$(echo barrier branch_resolving dispatch_stall drain lg_throttle long_scoreboard math_pipe_throttle membar mio_throttle misc no_instruction not_selected selected short_scoreboard sleeping wait | tr ' ' '\n' | sed 's/.*/smsp__average_warps_issue_stalled_&_per_issue_active.ratio/' | paste -sd,)
for d in $B $V; do
  name=$(basename $d)
  LD_LIBRARY_PATH=$d timeout 75 ncu -k regex:plr_scan_kernel -c 12 --metrics $M,smsp__inst_executed.sum,gpu__time_duration.sum \
      $B/plr-bench --profile > $OUT/ncu-$name.log 2>&1; echo "== ncu $name rc $?"
  awk '/plr_scan_kernel</{k++; split($0,a,"plr_scan_kernel<"); if (k%3==0) {p=1; print "K " substr(a[2],1,64)} else p=0}
       p && /gpu__time_duration/{print "  time " $NF " " $(NF-1)}
       p && /inst_executed/{print "  inst " $NF}
       p && /stalled/{n=$1; sub(/smsp__average_warps_issue_stalled_/,"",n); sub(/_per_issue_active.ratio/,"",n); if ($NF+0 >= 0.15) printf "  %s %s\n", n, $NF}' $OUT/ncu-$name.log
done
date -u
timeout 40 stdbuf -oL $B/cuda-test --big --groups 4 > $OUT/fir.log 2>&1; echo "fir (library build) rc $?"
grep -v '^SKIP' $OUT/fir.log | tail -2
date -u
PLR_CUDA_HOST_TRACE=1 LD_LIBRARY_PATH=$B timeout 30 $B/plr-bench --device-only --only "prefix sum" --log2n 20 --reps 60 > $OUT/trace.log 2>&1
echo "trace rc $?"; grep -v "^ *$" $OUT/trace.log | tail -22
date -u
