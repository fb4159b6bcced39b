#!/usr/bin/env bash
# The one command of issue #6, on a GPU machine:
#
#   bench/run_all.sh BINDIR [--quick] [--out DIR]
#
# BINDIR holds plr-eval, plr-eval-selftest and libplr.so* (a build's bin/ and
# lib/ copied into one folder, or bin/ with lib/ beside it), and the
# end-to-end programs of bench/e2e/build.sh BINDIR (optional; E2E_BINDIR
# points elsewhere). See bench/README.md for the build. Writes everything
# into bench/results/<device>-<date>/ (device from nvidia-smi, date UTC; with
# --quick: <device>-<date>-quick): raw CSVs, logs, PNG plots and summary.md.
# Budget: under 8 minutes on an H200 without e2e (expected: memory ~10 s,
# gpu ~90 s, ablation ~40 s, cpu ~40 s, frameworks ~90 s, ncu ~80 s; each
# part has a soft budget and a hard time limit, and what a part wrote before
# its limit is kept); --quick takes about 2-3 minutes.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
if [ $# -lt 1 ] || [ ! -d "$1" ]; then
    echo "usage: bench/run_all.sh BINDIR [--quick] [--out DIR]" >&2
    exit 1
fi
BIN=$(cd "$1" && pwd)
shift
quick=0
out=""
while [ $# -gt 0 ]; do
    case "$1" in
    --quick) quick=1 ;;
    --out) out=$2; shift ;;
    *) echo "run_all.sh: unknown argument $1" >&2; exit 1 ;;
    esac
    shift
done
if [ ! -x "$BIN/plr-eval" ]; then
    echo "run_all.sh: $BIN/plr-eval not found (build it with: ninja plr-eval plr-eval-selftest)" >&2
    exit 1
fi
export LD_LIBRARY_PATH="$BIN:$BIN/../lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"

gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)
[ -n "$gpu" ] || gpu="unknown-gpu"
device=$(printf '%s' "$gpu" | sed -e 's/^NVIDIA //' -e 's/[^A-Za-z0-9._-]\{1,\}/-/g' -e 's/^-//' -e 's/-$//')
day=$(date -u +%Y-%m-%d)
if [ -z "$out" ]; then
    out="$root/bench/results/$device-$day"
    [ $quick = 1 ] && out="$out-quick"
fi
mkdir -p "$out"
out=$(cd "$out" && pwd)
log="$out/run_all.log"
: > "$log"
for f in selftest memory gpu ablation cpu frameworks ncu e2e report; do rm -f "$out/$f.log"; done
say() { echo "$@" | tee -a "$log"; }
start=$(date +%s)
status=0

# step NAME LIMIT_S CMD...: runs CMD with a time limit, output in NAME.log
step() {
    local name=$1 limit=$2
    shift 2
    local t0 rc
    t0=$(date +%s)
    say "== $name (limit ${limit}s): $*"
    timeout --kill-after=10 "$limit" "$@" >> "$out/$name.log" 2>&1
    rc=$?
    say "== $name: exit $rc, $(( $(date +%s) - t0 )) s (total $(( $(date +%s) - start )) s)"
    if [ $rc = 124 ] || [ $rc = 137 ]; then
        say "   $name hit its time limit; the rows written before it are kept"
    fi
    [ $rc = 0 ] || status=1
    return 0
}

say "== $(date -u '+%Y-%m-%d %H:%M UTC') $gpu -> $out$([ $quick = 1 ] && echo ' (quick)')"
{
    echo "date: $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
    echo "host: $(hostname)"
    echo "gpu: $(nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.max.mem --format=csv,noheader 2>/dev/null)"
    echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) online"
    # PLR_COMMIT: the commit the binaries were built from (a copied tree may carry a stale .git)
    echo "plr commit: ${PLR_COMMIT:-$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)}"
    echo "bindir: $BIN"
    ls -l "$BIN" 2>/dev/null
    command -v ncu >/dev/null && echo "ncu: $(ncu --version 2>/dev/null | tail -1)"
    python3 --version 2>&1
} > "$out/env.txt"

Q=""
[ $quick = 1 ] && Q="--quick"

# 0. host self-check of the Scan operator (no GPU)
if [ -x "$BIN/plr-eval-selftest" ]; then
    step selftest 60 "$BIN/plr-eval-selftest"
else
    say "== selftest: $BIN/plr-eval-selftest not found, skipped"
fi

# 1. GPU memory per method (Table 2): a fresh process per order, PLR first
rm -f "$out/memory.csv"
for k in 1 2 3; do
    step memory 60 "$BIN/plr-eval" --parts memory --mem-k $k --mem-n 2^26 --csv "$out/memory.csv" --append
done

# 2. throughput vs n with all GPU baselines, and the order sweep
#    (expected ~90 s on an H200; --budget-s is a soft deadline after which
#    the remaining points are skipped with a row saying so, the limit a hard one)
if [ $quick = 1 ]; then
    step gpu 150 "$BIN/plr-eval" --parts main,sweep --quick --budget-s 90 --csv "$out/gpu.csv"
else
    step gpu 280 "$BIN/plr-eval" --parts main,sweep --budget-s 200 --csv "$out/gpu.csv"
fi

# 3. ablation (Figure 10): once with no optimization switched off, then once
#    per PLR_CUDA_DISABLE token (the runtime reads the variable)
rm -f "$out/ablation.csv"
for tok in none exact skip ones truncate; do
    if [ $tok = none ]; then
        step ablation 45 env -u PLR_CUDA_DISABLE "$BIN/plr-eval" --parts ablation $Q --budget-s 25 --csv "$out/ablation.csv" --append
    else
        step ablation 45 env PLR_CUDA_DISABLE=$tok "$BIN/plr-eval" --parts ablation $Q --budget-s 25 --csv "$out/ablation.csv" --append
    fi
done

# 4. CPU baselines on host arrays: serial C loop and PLR's cpu backend
step cpu 80 "$BIN/plr-eval" --parts cpu $Q --budget-s 50 --csv "$out/cpu.csv"

# 5. torch / cupy / jax, with their own device copy for the ratios
step frameworks 150 python3 "$root/bench/gpu/frameworks.py" "$out/frameworks.csv" --budget-s 40 $Q

# 6. L2 / DRAM traffic (Table 3) and instructions per element, via ncu
step ncu 150 bash "$root/bench/gpu/ncu.sh" "$BIN" "$out" $Q

# 7. end-to-end C programs (bench/e2e, another engineer's part): its run.sh
#    takes bench/e2e/build.sh's output folder, which is BINDIR itself when the
#    e2e programs were built into it (see bench/README.md), or E2E_BINDIR.
e2e_bin=${E2E_BINDIR:-$BIN}
if [ ! -f "$root/bench/e2e/run.sh" ]; then
    say "== e2e: HOOK - bench/e2e/run.sh does not exist; nothing run (would be: bench/e2e/run.sh $e2e_bin $out/e2e)"
elif [ ! -x "$e2e_bin/prefix_sum.plr" ]; then
    say "== e2e: skipped - $e2e_bin has no e2e programs (build them into BINDIR with bench/e2e/build.sh BINDIR, or set E2E_BINDIR)"
else
    step e2e 300 sh "$root/bench/e2e/run.sh" "$e2e_bin" "$out/e2e"
fi

# 8. plots and summary.md
step report 60 python3 "$root/bench/gpu/report.py" "$out"

say "== done in $(( $(date +%s) - start )) s, status $status: $out/summary.md"
exit $status
