#!/usr/bin/env bash
# PLR on real open-source C code: builds each code base with plain clang 19 and
# with plr-cc (same flags, same -j), runs its own tests both ways, and collects
# what the pass replaced, what it did not replace and why, which replaced loops
# called libplr while the tests ran, and the build times. docs/realcode.md has
# the results and explains every step. Not part of CI; takes about an hour on
# 2 cores with everything on.
#
#   sudo bench/realcode/run.sh setup    # once, as root: deb-src lines, build tools
#   bench/realcode/run.sh flac          # as an ORDINARY user (flac's tests fail as root)
#   bench/realcode/run.sh libsndfile
#   bench/realcode/run.sh polybench
#   bench/realcode/run.sh opus          # -O2, and -O2 -ffast-math --enable-float-approx (opus-fm)
#   bench/realcode/run.sh all           # the four, then the summaries
#   bench/realcode/run.sh buildtimes    # the build timings alone, again
#   bench/realcode/run.sh summary       # print the summaries of what has run
#   bench/realcode/collect.sh RC_DIR bench/realcode/results/DATE   # the small results, to commit
#
# As root (e.g. in a container), run the measurements as an unprivileged user
# that owns RC_DIR and can read this checkout:
#   su USER -s /bin/bash -c 'cd CHECKOUT && RC_DIR=... bench/realcode/run.sh flac'
#
# Environment:
#   PLR_BIN   PLR's bin/ with plr-cc, plr-c++ (default: build/bin of this checkout)
#   RC_DIR    where sources, builds and logs go (default: $HOME/plr-realcode)
#   JOBS      make -j (default 2)
#   REPS      timed clean builds per compiler, the median is reported (default 3)
#   POLYBENCH_GIT  where to clone PolyBench/C from (default: GitHub; any clone
#             holding commit $POLYBENCH_COMMIT will do)
#   PHASES    the steps of flac / libsndfile to run, of: build (configure,
#             build, remarks, -ftime-report) times (REPS timed builds) check
#             (make check, clang and plr-cc) stress (see STRESS; its parts:
#             stress-build stress-auto stress-cpu) decode (flac decode
#             timings); default all, in that order. Each step needs the trees
#             the build step made.
#   STRESS    1 (default): also build with PLR_PASS_MIN_N=64, so that loops far
#             below the call threshold call libplr, and run the tests again
#             with PLR_DEVICE=auto and with PLR_DEVICE=cpu; 0: skip that
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
PLR_BIN=${PLR_BIN:-$root/build/bin}
RC_DIR=${RC_DIR:-$HOME/plr-realcode}
JOBS=${JOBS:-2}
REPS=${REPS:-3}
STRESS=${STRESS:-1}
PHASES=${PHASES:-build times check stress decode}

# Pinned versions (Debian 12 "bookworm"; PolyBench at a fixed commit).
FLAC_VER=1.4.2+ds-2
SNDFILE_VER=1.2.0-1+deb12u1
OPUS_VER=1.3.1-3
POLYBENCH_GIT=${POLYBENCH_GIT:-https://github.com/MatthiasJReisinger/PolyBenchC-4.2.1}
POLYBENCH_COMMIT=3e872547cef7e5c9909422ef1e6af03cf4e56072

log() { printf '== %s\n' "$*" >&2; }
die() { printf 'run.sh: %s\n' "$*" >&2; exit 1; }

setup() {
    [ "$(id -u)" = 0 ] || die "setup installs packages: run it as root"
    local src=/etc/apt/sources.list.d/debian.sources
    if ! grep -rqs '^Types:.*deb-src' /etc/apt/sources.list.d/ /etc/apt/sources.list; then
        [ -f "$src" ] || die "no $src to copy a deb-src entry from"
        log "adding deb-src entries (a copy of $src)"
        sed 's/^Types: deb$/Types: deb-src/' "$src" >/etc/apt/sources.list.d/debian-src.sources
    fi
    apt-get update
    # dpkg-dev: dpkg-source; autoconf..autogen: regenerating the autotools
    # builds and libsndfile's generated tests; python3: libsndfile's tests;
    # binutils: addr2line for the call traces.
    apt-get install -y --no-install-recommends dpkg-dev autoconf automake libtool pkg-config \
        autogen python3 git binutils make xz-utils ca-certificates
}

preflight() {
    [ "$(id -u)" != 0 ] || die "run the measurements as an ordinary user: flac's test suite fails as root"
    [ -x "$PLR_BIN/plr-cc" ] || die "no $PLR_BIN/plr-cc: build PLR first (scripts/build.sh) or set PLR_BIN"
    command -v clang-19 >/dev/null || die "clang-19 not on PATH"
    mkdir -p "$RC_DIR/src" "$RC_DIR/logs" "$RC_DIR/tools"
    # The call tracer (see plrtrace.c): libplr's entry points logged to $PLR_TRACE.
    # Built only when missing or older than its source, and renamed into
    # place: a test suite of another run.sh may be running with it preloaded.
    local so=$RC_DIR/tools/plrtrace.so
    if [ ! -e "$so" ] || [ "$here/plrtrace.c" -nt "$so" ] || [ "$root/include/plr.h" -nt "$so" ]; then
        cc -O2 -Wall -shared -fPIC -I"$root/include" "$here/plrtrace.c" -ldl -o "$so.tmp.$$"
        mv -f "$so.tmp.$$" "$so"
    fi
}

# PHASES: which steps of a code base run (default all); lets the long test
# runs go separately from the timed builds.
has_phase() { case " $PHASES " in *" $1 "*) return 0 ;; esac; return 1; }

# Median of the numbers on stdin.
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# Seconds (wall) that "$@" takes; its output goes to the file $TIMED_LOG.
timed() {
    local t0 t1
    t0=$(date +%s.%N)
    "$@" >>"$TIMED_LOG" 2>&1
    t1=$(date +%s.%N)
    awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.2f\n", b - a}'
}

# ---- Debian source packages built with autotools ---------------------------

deb_source() { # package version -> prints the unpacked directory
    local pkg=$1 ver=$2 dir
    cd "$RC_DIR/src"
    dir=$(ls -d "$pkg"-*/ 2>/dev/null | head -1 || true)
    if [ -z "$dir" ]; then
        apt-get source --download-only "$pkg=$ver" >&2
        dpkg-source -x "${pkg}_${ver#*:}.dsc" >&2
        dir=$(ls -d "$pkg"-*/ | head -1)
    fi
    echo "$RC_DIR/src/${dir%/}"
}

# at_variant name variant srcdir cc cxx min_n configure-args...
# Configures a fresh copy and builds it; the plr variant once more with the
# remarks on.
at_variant() {
    local name=$1 v=$2 src=$3 cc=$4 cxx=$5 minn=$6
    shift 6
    local tree=$RC_DIR/$name-$v L=$RC_DIR/logs/$name-$v
    log "$name/$v: configure, build"
    rm -rf "$tree" && cp -a "$src" "$tree"
    (cd "$tree" && autoreconf -fi && ./configure CC="$cc" CXX="$cxx" "$@") >"$L.configure.log" 2>&1 \
        || die "configure failed, see $L.configure.log"
    (cd "$tree" && env ${minn:+PLR_PASS_MIN_N=$minn} make -j"$JOBS") >"$L.build.log" 2>&1 \
        || die "build failed, see $L.build.log"
    if [ "$v" = plr ]; then
        # The remarks: one more build, serial so that no two compilers' lines
        # mix, with the commands shown (V=1) for timereport.py.
        log "$name/$v: build with PLR_REMARKS=passed,missed"
        (cd "$tree" && make clean >/dev/null 2>&1 && PLR_REMARKS=passed,missed make -j1 V=1) >"$L.remarks.log" 2>&1
    fi
}

# at_buildtimes name srcdir configure-args...: REPS clean builds of each
# compiler, clang and plr alternating (the machine is shared: pairs see the
# same load). In trees of their own ($name-clang-timed, $name-plr-timed),
# configured as the others are, so that the timings may run while the test
# suites run in the other trees.
at_buildtimes() {
    local name=$1 src=$2 r v cc cxx
    shift 2
    for v in clang plr; do
        cc=clang-19 cxx=clang++-19
        [ $v = clang ] || cc=$PLR_BIN/plr-cc cxx=$PLR_BIN/plr-c++
        local tree=$RC_DIR/$name-$v-timed L=$RC_DIR/logs/$name-$v-timed
        log "$name/$v: configure the tree for the timed builds"
        rm -rf "$tree" && cp -a "$src" "$tree"
        (cd "$tree" && autoreconf -fi && ./configure CC="$cc" CXX="$cxx" "$@") >"$L.configure.log" 2>&1 \
            || die "configure failed, see $L.configure.log"
        : >"$RC_DIR/logs/$name-$v.buildtimes"
        : >"$L.build.log"
    done
    for ((r = 1; r <= REPS; r++)); do
        for v in clang plr; do
            log "$name/$v: timed clean build $r/$REPS (make -j$JOBS)"
            (cd "$RC_DIR/$name-$v-timed" && make clean >/dev/null 2>&1)
            TIMED_LOG=$RC_DIR/logs/$name-$v-timed.build.log
            (cd "$RC_DIR/$name-$v-timed" && timed make -j"$JOBS") >>"$RC_DIR/logs/$name-$v.buildtimes" \
                || die "build failed, see $TIMED_LOG"
        done
    done
}

# at_check name variant tag [env...]: make check, with the call tracer.
at_check() {
    local name=$1 v=$2 tag=$3
    shift 3
    local tree=$RC_DIR/$name-$v L=$RC_DIR/logs/$name-$tag rc=0
    log "$name/$tag: make check $*"
    rm -f "$L.trace"
    local remarks=
    [ "$v" = clang ] || remarks=passed,missed # the test programs' loops, compiled by make check
    local t0 t1
    t0=$(date +%s)
    (cd "$tree" && env PLR_TRACE="$L.trace" LD_PRELOAD="$RC_DIR/tools/plrtrace.so" \
        ${remarks:+PLR_REMARKS=$remarks} "$@" make -j"$JOBS" check) >"$L.check.log" 2>&1 || rc=$?
    t1=$(date +%s)
    echo "$rc $((t1 - t0))" >"$L.checkrc"
}

at_project() { # name pkg version configure-args...
    local name=$1 pkg=$2 ver=$3
    shift 3
    local src
    src=$(deb_source "$pkg" "$ver")
    if has_phase build; then
        at_variant "$name" clang "$src" clang-19 clang++-19 "" "$@"
        at_variant "$name" plr "$src" "$PLR_BIN/plr-cc" "$PLR_BIN/plr-c++" "" "$@"
        time_report "$name"
    fi
    if has_phase times; then at_buildtimes "$name" "$src" "$@"; fi
    if has_phase check; then
        at_check "$name" clang clang
        at_check "$name" plr plr
    fi
    if [ "$STRESS" = 1 ]; then
        if has_phase stress || has_phase stress-build; then
            at_variant "$name" plr64 "$src" "$PLR_BIN/plr-cc" "$PLR_BIN/plr-c++" 64 "$@"
        fi
        if has_phase stress || has_phase stress-auto; then
            at_check "$name" plr64 plr64-auto PLR_PASS_MIN_N=64
        fi
        if has_phase stress || has_phase stress-cpu; then
            at_check "$name" plr64 plr64-cpu PLR_PASS_MIN_N=64 PLR_DEVICE=cpu
        fi
    fi
    if [ "$name" = flac ] && has_phase decode; then flac_timing; fi
    return 0
}

# -ftime-report on the largest C files of the plr tree: the pass's share.
time_report() {
    local name=$1
    log "$name: -ftime-report on the largest files"
    python3 "$here/timereport.py" "$RC_DIR/$name-plr" "$RC_DIR/logs/$name-plr.remarks.log" 3 \
        >"$RC_DIR/logs/$name.timereport"
}

# flac's decoder timed on a generated 20-minute stereo signal, encoded two ways:
# -8 (LPC subframes: their restore loop is not replaced) and -l 0 (fixed
# predictors only: every subframe goes through a replaced loop). flac -t
# decodes and checks the MD5 of the result; median of 5.
flac_timing() {
    local out=$RC_DIR/logs/flac.decodetime w=$RC_DIR/flac-signal
    log "flac: decode timings"
    cc -O2 "$here/gen_wav.c" -lm -o "$RC_DIR/tools/gen_wav"
    "$RC_DIR/tools/gen_wav" "$w.wav" 1200
    local enc=$RC_DIR/flac-clang/src/flac/flac
    "$enc" -s -f -8 -o "$w-8.flac" "$w.wav"
    "$enc" -s -f -l 0 -o "$w-fixed.flac" "$w.wav"
    "$enc" -s -f --lax -l 0 -b 65535 -o "$w-fixed-b65535.flac" "$w.wav"
    : >"$out"
    local file v i t0 t1
    for file in "$w-8.flac" "$w-fixed.flac" "$w-fixed-b65535.flac"; do
        for v in clang plr plr64; do : >"$out.$v.$(basename "$file")"; done
        for i in 1 2 3 4 5; do # rounds of the three builds in turn
            for v in clang plr plr64; do
                [ -x "$RC_DIR/flac-$v/src/flac/flac" ] || continue
                t0=$(date +%s.%N)
                "$RC_DIR/flac-$v/src/flac/flac" -t -s "$file" || die "flac-$v -t $file failed"
                t1=$(date +%s.%N)
                awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.3f\n", b - a}' >>"$out.$v.$(basename "$file")"
            done
        done
        for v in clang plr plr64; do
            [ -s "$out.$v.$(basename "$file")" ] || continue
            printf '%s\t%s\t%s\n' "$(basename "$file")" "$v" "$(median <"$out.$v.$(basename "$file")")" >>"$out"
        done
    done
}

# ---- PolyBench/C: 30 kernels, outputs compared with POLYBENCH_DUMP_ARRAYS ----

pb_build() { # variant cc flags...: all 30 kernels (xargs -P JOBS); the time is appended to the variant's buildtimes
    local v=$1 cc=$2
    shift 2
    local src=$RC_DIR/src/polybench out=$RC_DIR/polybench-$v
    mkdir -p "$out" && rm -f "$out"/*.bin "$out"/*.build.log
    local flags="$*" t0 t1
    t0=$(date +%s.%N)
    (cd "$src" && xargs -a utilities/benchmark_list -P "$JOBS" -I{} sh -c \
        'f={}; d=$(dirname $f); b=$(basename $f .c); '"$cc $flags"' -I utilities -I $d utilities/polybench.c $f -lm -o '"$out"'/$b.bin 2>>'"$out"'/$b.build.log') \
        || die "polybench/$v: build failed, see $out/*.build.log"
    t1=$(date +%s.%N)
    awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.2f\n", b - a}' >>"$RC_DIR/logs/polybench-$v.buildtimes"
}

pb_buildtimes() { # cfg flags...: REPS builds with each compiler, alternating
    local cfg=$1 r
    shift
    log "polybench/$cfg: clang and plr-cc, $REPS builds each, alternating"
    rm -f "$RC_DIR/logs/polybench-clang-$cfg.buildtimes" "$RC_DIR/logs/polybench-plr-$cfg.buildtimes"
    for ((r = 1; r <= REPS; r++)); do
        pb_build "clang-$cfg" clang-19 "$@"
        pb_build "plr-$cfg" "$PLR_BIN/plr-cc" "$@"
    done
}

pb_remarks() { # variant flags...: the remarks, one kernel at a time
    local v=$1
    shift
    local src=$RC_DIR/src/polybench
    (cd "$src" && for f in $(cat utilities/benchmark_list); do
        PLR_REMARKS=passed,missed "$PLR_BIN/plr-cc" "$@" -I utilities -I "$(dirname "$f")" -c "$f" -o /dev/null
    done) >"$RC_DIR/logs/polybench-$v.remarks.log" 2>&1
}

pb_run() { # variant tag [env...]: every kernel, its dump kept
    local v=$1 tag=$2
    shift 2
    local out=$RC_DIR/polybench-$v L=$RC_DIR/logs/polybench-$tag
    rm -f "$L.trace"
    mkdir -p "$out/$tag"
    local b t0 t1
    t0=$(date +%s)
    for b in $(sed 's#.*/##; s#\.c$##' "$RC_DIR/src/polybench/utilities/benchmark_list"); do
        env PLR_TRACE="$L.trace" LD_PRELOAD="$RC_DIR/tools/plrtrace.so" "$@" \
            "$out/$b.bin" >"$out/$tag/$b.out" 2>"$out/$tag/$b.dump" || echo "$b: exit $?" >>"$out/$tag/FAILED"
    done
    t1=$(date +%s)
    echo "$((t1 - t0))" >"$L.runtime"
}

# Dumps compared: identical bytes, or (fast-math) equal within 1e-6 relative /
# one unit of the printed last digit.
pb_compare() { # ref-dir dir -> "identical close differ failed"
    python3 - "$1" "$2" <<'EOF'
import os, sys
a, b = sys.argv[1:3]
same = close = differ = 0
notes = []
for f in sorted(os.listdir(a)):
    if not f.endswith(".dump"):
        continue
    x = open(os.path.join(a, f)).read()
    y = open(os.path.join(b, f)).read()
    if x == y:
        same += 1
        continue
    xs, ys = x.split(), y.split()
    ok = len(xs) == len(ys)
    worst = 0.0
    if ok:
        for s, t in zip(xs, ys):
            if s == t:
                continue
            try:
                u, v = float(s), float(t)
            except ValueError:
                ok = False
                break
            d = abs(u - v)
            tol = max(0.011, 1e-6 * max(abs(u), abs(v)))  # dumps print 2 decimals
            worst = max(worst, d)
            if d > tol:
                ok = False
    if ok:
        close += 1
        notes.append(f"{f[:-5]}: within print precision (max |diff| {worst:g})")
    else:
        differ += 1
        notes.append(f"{f[:-5]}: DIFFERS")
failed = 0
if os.path.exists(os.path.join(b, "FAILED")):
    failed = len(open(os.path.join(b, "FAILED")).read().splitlines())
print(same, close, differ, failed)
for n in notes:
    print("  " + n)
EOF
}

polybench() {
    local src=$RC_DIR/src/polybench
    if [ ! -d "$src" ]; then
        git clone -q "$POLYBENCH_GIT" "$src"
        git -C "$src" checkout -q "$POLYBENCH_COMMIT"
    fi
    [ "$(git -C "$src" rev-parse HEAD)" = "$POLYBENCH_COMMIT" ] || die "$src is not at $POLYBENCH_COMMIT"
    local common="-O2 -DPOLYBENCH_DUMP_ARRAYS -DMEDIUM_DATASET"
    # two flag sets: the default (-O2: float loops need consent, so none is
    # replaced) and -O2 -ffast-math (consent for the whole file), both compilers
    local cfg flags
    for cfg in O2 fastmath; do
        flags=$common
        [ $cfg = O2 ] || flags="$common -ffast-math"
        pb_buildtimes "$cfg" $flags
        pb_run "clang-$cfg" "clang-$cfg"
        pb_remarks "plr-$cfg" $flags
        pb_run "plr-$cfg" "plr-$cfg"
        pb_compare "$RC_DIR/polybench-clang-$cfg/clang-$cfg" "$RC_DIR/polybench-plr-$cfg/plr-$cfg" \
            >"$RC_DIR/logs/polybench-plr-$cfg.compare"
        if [ "$STRESS" = 1 ]; then
            log "polybench/$cfg: plr-cc with PLR_PASS_MIN_N=64"
            PLR_PASS_MIN_N=64 pb_build "plr64-$cfg" "$PLR_BIN/plr-cc" $flags
            local dev
            for dev in auto cpu; do
                pb_run "plr64-$cfg" "plr64-$cfg-$dev" PLR_DEVICE=$dev
                pb_compare "$RC_DIR/polybench-clang-$cfg/clang-$cfg" "$RC_DIR/polybench-plr64-$cfg/plr64-$cfg-$dev" \
                    >"$RC_DIR/logs/polybench-plr64-$cfg-$dev.compare"
            done
        fi
    done
    # deriche at the largest size, timed (POLYBENCH_TIME): 5 rounds of the
    # six binaries in turn, median per binary
    log "polybench: deriche EXTRALARGE timings"
    local v cc i
    for cfg in O2 fastmath; do
        flags="-O2 -DPOLYBENCH_TIME -DEXTRALARGE_DATASET"
        [ $cfg = O2 ] || flags="$flags -ffast-math"
        for v in clang plr plr64; do
            cc=clang-19
            [ $v = clang ] || cc=$PLR_BIN/plr-cc
            [ $v != plr64 ] || cc="env PLR_PASS_MIN_N=64 $PLR_BIN/plr-cc"
            (cd "$src" && $cc $flags -I utilities -I medley/deriche utilities/polybench.c medley/deriche/deriche.c \
                -lm -o "$RC_DIR/polybench-deriche-$v-$cfg.bin")
            : >"$RC_DIR/logs/polybench-deriche-$v-$cfg.times"
        done
    done
    for i in 1 2 3 4 5; do
        for cfg in O2 fastmath; do
            for v in clang plr plr64; do
                "$RC_DIR/polybench-deriche-$v-$cfg.bin" >>"$RC_DIR/logs/polybench-deriche-$v-$cfg.times"
            done
        done
    done
    : >"$RC_DIR/logs/polybench-deriche-time"
    for cfg in O2 fastmath; do
        for v in clang plr plr64; do
            echo "$cfg $v $(median <"$RC_DIR/logs/polybench-deriche-$v-$cfg.times")" >>"$RC_DIR/logs/polybench-deriche-time"
        done
    done
}

# ---- summaries ---------------------------------------------------------------

# opus: its float build as configured by default (-O2), and with
# -ffast-math, which opus accepts only with --enable-float-approx (celt/arch.h):
# the float recurrences the pass may reassociate are replaced only there.
opus() {
    at_project opus opus "$OPUS_VER" --disable-doc
    at_project opus-fm opus "$OPUS_VER" --disable-doc --enable-float-approx "CFLAGS=-g -O2 -ffast-math"
}

summary() { python3 "$here/summarize.py" "$RC_DIR" "$@"; }

cmd=${1:-}
case $cmd in
setup) setup ;;
flac)
    preflight
    at_project flac flac "$FLAC_VER" --disable-ogg --disable-doxygen-docs
    summary flac
    ;;
libsndfile)
    preflight
    at_project libsndfile libsndfile "$SNDFILE_VER" --disable-external-libs --disable-mpeg
    summary libsndfile
    ;;
polybench)
    preflight
    polybench
    summary polybench
    ;;
opus)
    preflight
    opus
    summary opus opus-fm
    ;;
all)
    preflight
    at_project flac flac "$FLAC_VER" --disable-ogg --disable-doxygen-docs
    at_project libsndfile libsndfile "$SNDFILE_VER" --disable-external-libs --disable-mpeg
    polybench
    opus
    summary flac libsndfile polybench opus opus-fm
    ;;
buildtimes)
    # the build timings alone again (after a full run, e.g. when the machine is quieter)
    preflight
    at_buildtimes flac "$(deb_source flac "$FLAC_VER")" --disable-ogg --disable-doxygen-docs
    at_buildtimes libsndfile "$(deb_source libsndfile "$SNDFILE_VER")" --disable-external-libs --disable-mpeg
    pb_buildtimes O2 -O2 -DPOLYBENCH_DUMP_ARRAYS -DMEDIUM_DATASET
    pb_buildtimes fastmath -O2 -DPOLYBENCH_DUMP_ARRAYS -DMEDIUM_DATASET -ffast-math
    summary flac libsndfile polybench
    ;;
summary)
    shift
    [ $# -gt 0 ] || set -- flac libsndfile polybench opus opus-fm
    summary "$@"
    ;;
*) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 2 ;;
esac
