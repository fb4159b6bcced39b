#!/usr/bin/env bash
# PolyBench/C 4.2.1 deriche (medley/deriche/deriche.c, unmodified): the
# recursive (IIR) edge filter over the rows and columns of an image, built
# with plain clang 19 and with clang 19 + PLR's pass, -O2 -ffast-math (the
# consent for float recurrences). Checks that the pass replaced the 4
# recurrence nests, that the outputs agree (POLYBENCH_DUMP_ARRAYS at a small
# size, relative tolerance), then times both builds, alternating.
#
#   bench/e2e/deriche/run.sh RESULTS_DIR
#
# Environment:
#   PLR_LIB    directory with libPLRPass.so and libplr.so (default: build/lib of this checkout)
#   PB_DIR     a PolyBench/C checkout at the commit pinned in bench/realcode/run.sh
#              (default: $RC_DIR/src/polybench, RC_DIR default $HOME/plr-realcode;
#              cloned from $POLYBENCH_GIT there when missing, as bench/realcode/run.sh does)
#   SIZES      datasets timed (default "LARGE EXTRALARGE")
#   CHECK_SIZES datasets of the output comparison (default "MEDIUM LARGE")
#   REPS       timed runs of each binary (default 7)
#   CC         the clang 19 (default clang-19)
#   PLR_COMMIT the PLR commit PLR_LIB was built from, for summary.md (default: this checkout's HEAD)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
out=${1:?usage: run.sh RESULTS_DIR}
mkdir -p "$out" && out=$(cd "$out" && pwd)
PLR_LIB=${PLR_LIB:-$root/build/lib}
PLR_LIB=$(cd "$PLR_LIB" && pwd)
RC_DIR=${RC_DIR:-$HOME/plr-realcode}
PB_DIR=${PB_DIR:-$RC_DIR/src/polybench}
SIZES=${SIZES:-LARGE EXTRALARGE}
CHECK_SIZES=${CHECK_SIZES:-MEDIUM LARGE}
REPS=${REPS:-7}
CC=${CC:-clang-19}
die() { printf 'deriche/run.sh: %s\n' "$*" >&2; exit 1; }
log() { printf '== %s\n' "$*" >&2; }

# PolyBench: the URL and commit pinned in bench/realcode/run.sh (one place).
rc=$root/bench/realcode/run.sh
POLYBENCH_COMMIT=$(sed -n 's/^POLYBENCH_COMMIT=//p' "$rc")
POLYBENCH_GIT=${POLYBENCH_GIT:-$(sed -n 's/^POLYBENCH_GIT=\${POLYBENCH_GIT:-\(.*\)}$/\1/p' "$rc")}
[ -n "$POLYBENCH_COMMIT" ] && [ -n "$POLYBENCH_GIT" ] || die "cannot read the PolyBench pin from $rc"
if [ ! -d "$PB_DIR" ]; then
    log "cloning PolyBench/C into $PB_DIR"
    mkdir -p "$(dirname "$PB_DIR")"
    git clone -q "$POLYBENCH_GIT" "$PB_DIR"
    git -C "$PB_DIR" checkout -q "$POLYBENCH_COMMIT"
fi
[ "$(git -c safe.directory="$PB_DIR" -C "$PB_DIR" rev-parse HEAD)" = "$POLYBENCH_COMMIT" ] \
    || die "$PB_DIR is not at $POLYBENCH_COMMIT"
[ -f "$PLR_LIB/libPLRPass.so" ] || die "no $PLR_LIB/libPLRPass.so (set PLR_LIB)"
command -v "$CC" >/dev/null || die "$CC not on PATH"

bin=$(mktemp -d) # the binaries; the plr builds' logs (the remarks) are kept in $out/remarks
trap 'rm -rf "$bin"' EXIT
mkdir -p "$out/remarks"
FLAGS="-O2 -ffast-math"
PLRFLAGS="-fpass-plugin=$PLR_LIB/libPLRPass.so -Rpass=plr"
PLRLINK="-L$PLR_LIB -Wl,-rpath,$PLR_LIB -lplr"
SRC="-I utilities -I medley/deriche utilities/polybench.c medley/deriche/deriche.c"

build() { # name size extra-defines plr(0/1)
    local name=$1 size=$2 defs=$3 plr=$4 cmd
    if [ "$plr" = 1 ]; then
        cmd="$CC $FLAGS $defs -D${size}_DATASET $PLRFLAGS $SRC $PLRLINK -lm -o $bin/$name"
    else
        cmd="$CC $FLAGS $defs -D${size}_DATASET $SRC -lm -o $bin/$name"
    fi
    echo "$cmd" >>"$out/commands.txt"
    (cd "$PB_DIR" && $cmd) >"$bin/$name.build.log" 2>&1 || die "build of $name failed, see $bin/$name.build.log"
    if [ "$plr" = 1 ]; then
        local n
        n=$(grep -c 'deriche.c:.*replaced loop nest with one call to plr_run_many' "$bin/$name.build.log" || true)
        echo "$name: $n nests replaced" >>"$out/remarks.txt"
        cp "$bin/$name.build.log" "$out/remarks/$name.log"
        [ "$n" = 4 ] || die "$name: $n recurrence nests replaced, 4 expected (see $bin/$name.build.log)"
    fi
}

: >"$out/commands.txt"
: >"$out/remarks.txt"

# 1. Outputs: dumps of both builds at CHECK_SIZES, PLR with PLR_DEVICE unset and =cpu.
: >"$out/compare.txt"
for c in $CHECK_SIZES; do
    log "output check at $c"
    build clang-$c-dump "$c" "-DPOLYBENCH_DUMP_ARRAYS" 0
    build plr-$c-dump "$c" "-DPOLYBENCH_DUMP_ARRAYS" 1
    "$bin/clang-$c-dump" 2>"$bin/clang.dump" >/dev/null
    (unset PLR_DEVICE; "$bin/plr-$c-dump" 2>"$bin/plr-auto.dump" >/dev/null)
    PLR_DEVICE=cpu "$bin/plr-$c-dump" 2>"$bin/plr-cpu.dump" >/dev/null
    for d in auto cpu; do
        python3 "$here/compare.py" "$bin/clang.dump" "$bin/plr-$d.dump" 1e-4 \
            | sed "s/^/$c plr-$d vs clang: /" | tee -a "$out/compare.txt" >&2
    done
    rm -f "$bin"/*.dump "$bin"/*-dump
done
if grep -q 'DIFFER' "$out/compare.txt"; then die "outputs differ, see $out/compare.txt"; fi

# 2. Timed builds (POLYBENCH_TIME prints the kernel's seconds).
for s in $SIZES; do
    log "build $s"
    build clang-$s "$s" "-DPOLYBENCH_TIME" 0
    build plr-$s "$s" "-DPOLYBENCH_TIME" 1
done

# 3. The runtime's decisions, one run of each size.
: >"$out/verbose.txt"
for s in $SIZES; do
    for d in auto cpu; do
        echo "### $s, PLR_DEVICE=$([ $d = auto ] && echo unset || echo cpu), PLR_VERBOSE=1" >>"$out/verbose.txt"
        if [ $d = auto ]; then
            (unset PLR_DEVICE; PLR_VERBOSE=1 "$bin/plr-$s" 2>>"$out/verbose.txt" >/dev/null)
        else
            PLR_DEVICE=cpu PLR_VERBOSE=1 "$bin/plr-$s" 2>>"$out/verbose.txt" >/dev/null
        fi
    done
done

# 4. Timings: REPS rounds of clang, plr (PLR_DEVICE unset), plr (PLR_DEVICE=cpu).
echo "size,rep,variant,seconds" >"$out/runs.csv"
for s in $SIZES; do
    for ((r = 1; r <= REPS; r++)); do
        log "$s round $r/$REPS"
        t=$("$bin/clang-$s"); echo "$s,$r,clang,$t" >>"$out/runs.csv"
        t=$(unset PLR_DEVICE; "$bin/plr-$s"); echo "$s,$r,plr-auto,$t" >>"$out/runs.csv"
        t=$(PLR_DEVICE=cpu "$bin/plr-$s"); echo "$s,$r,plr-cpu,$t" >>"$out/runs.csv"
    done
done

python3 - "$out/runs.csv" >"$out/medians.md" <<'PY'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1])))
sizes = list(dict.fromkeys(r["size"] for r in rows))
print("| dataset | clang median s | plr (PLR_DEVICE unset) median s | plr (PLR_DEVICE=cpu) median s | clang/plr unset | clang/plr cpu |")
print("|---|---|---|---|---|---|")
for s in sizes:
    m = {v: statistics.median(float(r["seconds"]) for r in rows if r["size"] == s and r["variant"] == v)
         for v in ("clang", "plr-auto", "plr-cpu")}
    print(f"| {s} | {m['clang']:.4f} | {m['plr-auto']:.4f} | {m['plr-cpu']:.4f} | "
          f"{m['clang'] / m['plr-auto']:.2f} | {m['clang'] / m['plr-cpu']:.2f} |")
PY
cat "$out/medians.md"

# 5. summary.md
{
    echo "# deriche (PolyBench/C 4.2.1 medley/deriche), clang 19 vs clang 19 + PLR"
    echo
    echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo "- machine: $(nproc) cores (nproc), $(lscpu | sed -n 's/^Model name: *//p' | head -1), $(uname -srm)"
    echo "- compiler: $($CC --version | head -1)"
    echo "- PLR commit: ${PLR_COMMIT:-$(git -C "$root" rev-parse --short HEAD)} (libPLRPass.so, libplr.so from $PLR_LIB)"
    echo "- PolyBench/C: $POLYBENCH_GIT at $POLYBENCH_COMMIT, deriche.c unmodified"
    echo "- flags: $FLAGS; PLR build adds $PLRFLAGS and links $PLRLINK"
    echo "- runs: $REPS rounds of clang, plr (PLR_DEVICE unset = auto), plr (PLR_DEVICE=cpu), in turn; the kernel's own time (POLYBENCH_TIME); every run in runs.csv"
    echo
    echo "## Recurrence nests replaced (-Rpass=plr, 4 expected)"
    echo
    echo '```'
    cat "$out/remarks.txt"
    grep -h 'deriche.c:.*remark:' "$out/remarks/plr-${SIZES%% *}.log" | sed 's/ \[-Rpass=plr\]//'
    echo '```'
    echo
    echo "## Outputs (POLYBENCH_DUMP_ARRAYS, relative tolerance 1e-4 or one unit of the printed last digit)"
    echo
    echo '```'
    cat "$out/compare.txt"
    echo '```'
    echo
    echo "## Medians (seconds; ratio clang/plr, > 1: PLR faster)"
    echo
    cat "$out/medians.md"
    echo
    echo "## The runtime's decisions (PLR_VERBOSE=1, one run each)"
    echo
    echo '```'
    cat "$out/verbose.txt"
    echo '```'
    echo
    echo "## Commands (run in the PolyBench/C directory)"
    echo
    echo '```'
    cat "$out/commands.txt"
    echo '```'
} >"$out/summary.md"
