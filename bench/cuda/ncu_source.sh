#!/bin/bash
# Where one PLR kernel's warps stall, instruction by instruction (ncu's
# source-level warp-state sampling on the SASS), for the launches of
# `plr-bench --profile` (prefix sum i32, 2-stage low-pass f32, order 8 i32).
#
#   bench/cuda/ncu_source.sh BINDIR OUTDIR NAME KERNEL_REGEX [SKIP [PROGRAM ARGS...]]
#
# PROGRAM (default: plr-bench --profile) is run from BINDIR, e.g.
# `batched-bench --reps 5 --csv /dev/null` with PLR_BENCH_ONLY set.
# BINDIR holds plr-bench and libplr.so*; KERNEL_REGEX matches the demangled
# name, e.g. 'plr_kernel<unsigned int, .int.1,' (SKIP: matching launches to
# skip, 2 = the third call). Writes OUTDIR/rep_NAME.ncu-rep and
# OUTDIR/src_NAME.csv and prints the stall reasons and the top instructions,
# each with the barrier or wait before it (a barrier stall is charged to the
# instruction after the BAR).
set -eu
bin=$(cd "$1" && pwd); out=$2; name=$3; kre=$4; skip=${5:-0}
shift $(( $# < 5 ? $# : 5 ))
[ $# -gt 0 ] || set -- plr-bench --profile
prog=$1; shift
mkdir -p "$out"
export LD_LIBRARY_PATH="$bin${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
ncu --section WarpStateStats --section SourceCounters --section SpeedOfLight \
    --kernel-name-base demangled -k "regex:$kre" --launch-skip "$skip" -c 1 \
    -o "$out/rep_$name" "$bin/$prog" "$@" > "$out/ncu_$name.log" 2>&1
ncu --import "$out/rep_$name.ncu-rep" --page details 2>&1 |
    grep -E "DRAM Throughput|Duration|Warp Cycles Per Issued" | head -5
ncu --import "$out/rep_$name.ncu-rep" --page source --csv --print-source sass > "$out/src_$name.csv"
python3 - "$out/src_$name.csv" <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1])))
hdr, data = rows[1], rows[2:]
H = {h: i for i, h in enumerate(hdr)}
reasons = [h for h in hdr if h.startswith('stall_') and 'Not Issued' not in h]
S = lambda r: float(r[H['Warp Stall Sampling (All Samples)']] or 0)
tot = sum(S(r) for r in data) or 1
agg = {h: sum(float(r[H[h]] or 0) for r in data) for h in reasons}
print('stall reasons (% of samples):',
      sorted(((round(100 * v / tot, 1), h[6:]) for h, v in agg.items()), reverse=True)[:8])
for i in sorted(range(len(data)), key=lambda i: -S(data[i]))[:14]:
    r = data[i]
    why = sorted(((float(r[H[h]] or 0), h[6:]) for h in reasons), reverse=True)[:2]
    prev = [j for j in range(max(0, i - 40), i)
            if any(t in data[j][1] for t in ('BAR', 'SYNCS', 'DEPBAR', 'NANOSLEEP'))]
    ctx = data[prev[-1]][1].strip()[:40] if prev else ''
    print('%5d %5.1f%% %-48s %s after [%s]' % (i, 100 * S(r) / tot, r[1].strip()[:48],
                                               [(h, int(v)) for v, h in why], ctx))
# the same samples by stretches of code between block barriers (phases of a
# kernel whose warps meet at __syncthreads)
print('by stretch between barriers (first instruction, % of samples, instructions executed, top reasons):')
start, acc = 0, []
def flush(a, b):
    if b <= a:
        return
    seg = data[a:b]
    tot_s = sum(S(r) for r in seg)
    ex = sum(float(r[H['Instructions Executed']] or 0) for r in seg) if 'Instructions Executed' in H else 0
    why = sorted(((sum(float(r[H[h]] or 0) for r in seg), h[6:]) for h in reasons), reverse=True)[:3]
    if tot_s > 0.005 * tot:
        print('  %5d %-36s %5.1f%% %9d %s' % (a, seg[0][1].strip()[:36], 100 * tot_s / tot, ex,
                                             [(h, round(100 * v / tot, 1)) for v, h in why]))
for i, r in enumerate(data):
    if 'BAR' in r[1] and 'SYNC' in r[1]:
        flush(start, i + 1)
        start = i + 1
flush(start, len(data))
PY
