#!/usr/bin/env bash
# L2 and DRAM traffic per method (the paper's Table 3) and instructions per
# element over the order sweep, with Nsight Compute. Called by run_all.sh:
#
#   bench/gpu/ncu.sh BINDIR OUTDIR [--quick]
#
# Table 3: plr-eval --parts profile --profile-set table3 at n = 2^26 (2^24
# with --quick): PLR, CUB and Scan (materialized: build / scan / extract
# tagged apart; on the fly) for orders 1-3, and the copy kernel. Every
# method's launches follow a marker kernel whose grid size is its tag id
# (tags in ncu_*_tags.csv); ncu_parse.py sums the metrics per tag into
# ncu_table3.csv / ncu_sweep.csv. Metrics (Hopper names; those the installed
# ncu does not know are dropped, see ncu_status.txt):
#   lts__t_sectors_srcunit_tex_op_read.sum             L2 read sectors from the SMs (x 32 bytes)
#   lts__t_sectors_srcunit_tex_op_read_lookup_miss.sum those that missed in L2 (the paper's "L2 read misses")
#   dram__bytes_read.sum, dram__bytes_write.sum        HBM traffic
#   smsp__inst_executed.sum                            warp instructions (sweep)
#   launch__grid_size                                  to read the markers
# Units: --print-units base (bytes, sectors). ncu flushes the caches before every kernel (--cache-control all, the
# default), so reads are cold as in the paper. Missing ncu, no permission to
# the counters (ERR_NVGPUCTRPERM) or a failure: a line in ncu_status.txt and
# exit 0, so the rest of the run goes on.
set -u
BIN=$1
OUT=$2
quick=0
[ "${3:-}" = "--quick" ] && quick=1
here=$(cd "$(dirname "$0")" && pwd)
status="$OUT/ncu_status.txt"
: > "$status"
note() { echo "$@" | tee -a "$status"; }

NCU=$(command -v ncu || true)
if [ -z "$NCU" ]; then
    for c in /usr/local/cuda/bin/ncu /usr/local/cuda/nsight-compute*/ncu /opt/nvidia/nsight-compute/*/ncu; do
        [ -x "$c" ] && NCU=$c && break
    done
fi
if [ -z "$NCU" ]; then
    note "ncu: not found (PATH, /usr/local/cuda, /opt/nvidia/nsight-compute); Table 3 not measured"
    exit 0
fi
note "ncu: $NCU ($("$NCU" --version 2>/dev/null | tail -1))"

# keep the metrics this ncu knows for device 0
want_t3="lts__t_sectors_srcunit_tex_op_read.sum lts__t_sectors_srcunit_tex_op_read_lookup_miss.sum dram__bytes_read.sum dram__bytes_write.sum launch__grid_size"
want_sw="smsp__inst_executed.sum dram__bytes_read.sum dram__bytes_write.sum gpu__time_duration.sum launch__grid_size"
known=$("$NCU" --query-metrics --devices 0 2>"$OUT/ncu_query.err" | awk '{print $1}')
pick() {
    local m list=""
    for m in $1; do
        if [ -z "$known" ] || printf '%s\n' "$known" | grep -qx "${m%.*}"; then
            list="$list${list:+,}$m"
        else
            echo "ncu: metric $m not listed by --query-metrics" >> "$status"
        fi
    done
    echo "$list"
}
[ -n "$known" ] || note "ncu: --query-metrics failed ($(head -c 300 "$OUT/ncu_query.err")); trying the metrics as named"
m_t3=$(pick "$want_t3")
m_sw=$(pick "$want_sw")

N=2^26
[ $quick = 1 ] && N=2^24
NS=2^24
[ $quick = 1 ] && NS=2^22

run() { # name set n metrics
    local name=$1 set=$2 n=$3 metrics=$4
    rm -f "$OUT/ncu_${name}_raw.csv"
    "$NCU" --csv --page raw --print-units base --metrics "$metrics" --log-file "$OUT/ncu_${name}_raw.csv" \
        "$BIN/plr-eval" --parts profile --profile-set "$set" --profile-n "$n" --max-n "$n" \
        --tags "$OUT/ncu_${name}_tags.csv" --csv "$OUT/ncu_${name}_eval.csv" > "$OUT/ncu_${name}.log" 2>&1
    local rc=$?
    if grep -q "ERR_NVGPUCTRPERM" "$OUT/ncu_${name}.log" "$OUT/ncu_${name}_raw.csv" 2>/dev/null; then
        note "ncu $name: no permission to the GPU performance counters (ERR_NVGPUCTRPERM); needs root or NVreg_RestrictProfilingToAdminUsers=0"
        return 1
    fi
    if [ $rc != 0 ] || [ ! -s "$OUT/ncu_${name}_raw.csv" ]; then
        note "ncu $name: exit $rc; see ncu_${name}.log"
        tail -5 "$OUT/ncu_${name}.log" >> "$status"
        return 1
    fi
    python3 "$here/ncu_parse.py" "$OUT/ncu_${name}_raw.csv" "$OUT/ncu_${name}_tags.csv" "$OUT/ncu_${name}.csv" \
        >> "$status" 2>&1 || { note "ncu $name: parse failed"; return 1; }
    note "ncu $name: ok ($n, metrics $metrics)"
}

# 1st try: the metrics as named; 2nd: those --query-metrics lists; 3rd: DRAM
# only. A retry only when ncu complained about a metric.
tried() { grep -q NVGPUCTRPERM "$status"; }
metric_error() { grep -qi "metric" "$OUT/ncu_$1.log" "$OUT/ncu_$1_raw.csv" 2>/dev/null; }
prev=""
for metrics in "$(echo $want_t3 | tr ' ' ,)" "$m_t3" "$(pick "dram__bytes_read.sum dram__bytes_write.sum")"; do
    [ -n "$metrics" ] && [ "$metrics" != "$prev" ] || continue
    prev=$metrics
    run table3 table3 $N "$metrics" && break
    { tried || ! metric_error table3; } && break
    note "ncu table3: retrying with fewer metrics"
done
if ! tried; then
    prev=""
    for metrics in "$(echo $want_sw | tr ' ' ,)" "$m_sw"; do
        [ -n "$metrics" ] && [ "$metrics" != "$prev" ] || continue
        prev=$metrics
        run sweep sweep $NS "$metrics" && break
        metric_error sweep || break
        note "ncu sweep: retrying with fewer metrics"
    done
fi
exit 0
