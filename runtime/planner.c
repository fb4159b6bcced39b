/* Which backend runs a call, and how its work is divided. Explicit choices
 * are honoured (cuda falls back to the CPU when it cannot run); auto picks
 * the fastest available for the type, order, size and layout, from the cost
 * models calibrated by bench/cpu (see docs/runtime.md). */
#include "internal.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What a cpu call costs besides its per-element work: waking the workers,
 * scratch, the factor lookup (bench/cpu: a few microseconds on awake
 * workers, tens when they sleep). */
#define CPU_CALL_NS 20000.0
/* The cpu backend's cost model is optimistic (it ignores memory traffic and
 * waiting between chunks): it must beat the serial loop by this factor. More
 * so for integers, whose serial loop has a one-cycle add on its chain and
 * whose vector multiplies are slow (bench/cpu/results). Sequences run whole
 * on each worker (no chunks) only share the memory bandwidth. */
#define CPU_MODEL_MARGIN_FLOAT 1.5
#define CPU_MODEL_MARGIN_INT 2.0
#define CPU_MODEL_MARGIN_ACROSS 1.25
/* Sequences shorter than this are handed to workers several at a time. */
#define SEQ_ITEM_ELEMENTS 4096u
/* Fewer adjacent sequences than this run one by one, not as lanes, unless
 * their windows fit in registers (two interleaved channels: one pass over
 * the frames instead of one per channel). */
#define MIN_LANES 4u
/* Lanes: at most this many in a group (its rings hold k+p+3 rows of them),
 * groups in multiples of LANE_MULTIPLE (whole vectors), and shared among
 * workers once each gets LANES_PER_WORKER; fewer lanes are cut into chunks
 * of at least MIN_CHUNK_ROWS positions instead. */
#define MAX_LANE_GROUP 4096u
#define LANE_MULTIPLE 16u
#define LANES_PER_WORKER 32u
#define MIN_CHUNK_ROWS 256u

/* Host arrays on the GPU cost at least the round trip over the link: about
 * 0.018 ns per byte each way with pinned staging (13.8 G elem/s of 4 bytes
 * on the H100/H200 machines, bench/cuda). The cpu model is in cycles; 3 GHz. */
#define HOST_LINK_NS_PER_BYTE 0.018
#define CPU_GHZ 3.0
/* Choosing between the GPU and the cpu backend for host arrays, both models
 * as measured end to end on the 16-core H100 host at 2^28 elements
 * (bench/results/H100-80GB-HBM3-2026-11-21/e2e, 2026-11-21): pageable arrays
 * (what a replaced loop has) reach 74.5% of the pinned round trip, and the
 * cpu model was 1.95-2.9x optimistic there (int prefix sum, float biquad, 4-tap
 * FIR + IIR, double EMA; it leaves out memory traffic and the waits between
 * chunks). With both corrections auto picks the faster backend in all four;
 * without them it kept the float filters on the CPU, 1.3-1.5x slower. */
#define HOST_PAGEABLE_EFFICIENCY 0.745
#define CPU_MODEL_MARGIN_VS_GPU 2.0
/* What the pipeline cannot hide: the first piece's way in and the last
 * one's way out (the whole call below one piece), and a fixed cost per call
 * (streams, events, the launch: 0.29 ms for 2^18 int32 elements, of which
 * the link is 0.10). Measured on the 16-core H100 host (2026-11-24,
 * bench/cpu/experiments/h100-2026-11-24/auto-cuda-vs-cpu.txt): without them
 * auto sent 1080x1920 image rows to the GPU at 2.1 ms, the cpu backend
 * taking 0.69 ms, and 2^20-2^22-element float filters likewise. */
#define GPU_HOST_CALL_NS 150000.0

static size_t total_elements(const plr_problem *prob)
{
    return prob->count * prob->n;
}

static ptrdiff_t mag(ptrdiff_t v)
{
    return v < 0 ? -v : v;
}

/* Sequences (or groups of lanes) cut within: two passes over blocks (one
 * hand-over per pass, no item waiting for another, so that a descheduled
 * worker delays only its own block) for integers, and for floats while the
 * data stays in the caches, so that
 * reading the inputs twice is cheap; a pipeline of chunks beyond (each
 * element read from memory once).
 * PLR_CPU_CUT=pipeline|blocks fixes the choice where both apply, for
 * measuring it. */
#define TWO_PASS_MAX_BYTES (32u << 20)
#define MIN_BLOCK_ELEMENTS 16384u

static bool two_pass_pays(const plr_problem *prob)
{
    static atomic_int cut = -1; /* 0: decide; 1: pipeline; 2: blocks */
    const int forced = plr_env_switch(&cut, "PLR_CPU_CUT", "pipeline", "blocks");
    if (plr_type_is_float(prob->type)) {
        /* the blocks' states are chained through M^(block/tile): only where
         * the response decays does that not magnify their rounding (a
         * float 2nd-order prefix sum left the bound 1000-fold) */
        plr_factors *f = plr_factors_get(prob, PLR_CPU_TILE);
        bool decays = f && f->h_decayed;
        plr_factors_release(f);
        if (!decays)
            return false;
    }
    if (forced)
        return forced == 2;
    /* integers: blocks at every size (16 cores, int32 prefix sums: 1.0-1.7x
     * the pipeline's speed at 2^24-2^28, bench/cpu/results/h100-host-*) */
    return !plr_type_is_float(prob->type) ||
           (double)prob->count * (double)prob->n * (double)prob->esize <= (double)TWO_PASS_MAX_BYTES;
}

/* Integer running sums at unit strides are cut into chunks of about
 * LOOKBACK_CHUNK_BYTES that find their carry by look-back: each chunk sums
 * its inputs (they stay in the core's L2), publishes the sum, adds up its
 * predecessors' published sums or inclusive prefixes, publishes its own
 * inclusive prefix and scans the inputs from the L2 into y. Memory carries
 * x once and y once, as a copy does; blocks in two passes read x twice
 * (16 cores, int32 at 2^28: blocks 0.72 of a parallel copy). No chunk
 * sleeps on another: a predecessor whose sum is late is summed again by the
 * waiter (not in place). PLR_CPU_CUT=lookback|blocks|pipeline fixes the
 * choice, for measuring it. */
#define LOOKBACK_CHUNK_BYTES (256u << 10)
#define LOOKBACK_ALIGN 64u /* elements: chunks start on whole cache lines of an aligned array */

static bool lookback_pays(const plr_problem *prob)
{
    static atomic_int cut = -1; /* 1: lookback */
    static atomic_int other = -1; /* pipeline or blocks forced */
    if (!plr_cpu_lookback_applies(prob))
        return false;
    if (plr_env_switch(&cut, "PLR_CPU_CUT", "lookback", "lookback"))
        return true;
    return !plr_env_switch(&other, "PLR_CPU_CUT", "pipeline", "blocks");
}

/* PLR_CPU_LANE_GROUP=N: lanes in groups of N, for measuring the choice
 * below (0 or unset: the planner's). */
static size_t forced_lane_group(void)
{
    static atomic_long cached = -1;
    long v = atomic_load_explicit(&cached, memory_order_relaxed);
    if (v < 0) {
        const char *e = getenv("PLR_CPU_LANE_GROUP");
        char *end = NULL;
        long n = e ? strtol(e, &end, 10) : 0;
        v = e && end != e && *end == 0 && n > 0 ? n : 0;
        atomic_store_explicit(&cached, v, memory_order_relaxed);
    }
    return (size_t)v;
}

void plr_work_plan(const plr_problem *prob, unsigned threads, plr_work *w)
{
    const size_t count = prob->count, n = prob->n;
    const size_t T = threads ? threads : 1;
    size_t workers = T;
    /* lanes where the inputs lie closer across sequences than along them
     * (the outputs decide when every sequence reads the same inputs) */
    w->lanes = (count >= MIN_LANES ||
                (prob->xd == 1 && prob->yd == 1 && plr_lanes_narrow(prob, count))) &&
               (prob->xd ? mag(prob->xd) < mag(prob->xs) : mag(prob->yd) < mag(prob->ys));
    bool whole;
    w->strips_declined = false;
    if (w->lanes) {
        /* as wide a stretch of each row as the workers allow (rows streamed
         * whole, as the caller's loop does), in multiples of LANE_MULTIPLE;
         * but strips cost more per element than whole rows, so a sweep
         * bound by memory stays whole on one worker unless the workers'
         * strips together beat it by the margin (2 workers: never) */
        size_t per = count;
        if (T > 1 && count >= LANES_PER_WORKER * T) {
            if (CPU_MODEL_MARGIN_ACROSS * plr_lane_strips_cycles_per_element(prob, (unsigned)T) <
                plr_sweep_cycles_per_element(prob, true)) {
                per = (count + 2 * T - 1) / (2 * T); /* two groups per worker, for balance */
                per = (per + LANE_MULTIPLE - 1) / LANE_MULTIPLE * LANE_MULTIPLE;
            } else {
                w->strips_declined = true;
            }
        }
        const size_t forced = forced_lane_group();
        if (forced) {
            per = forced < count ? forced : count;
            w->strips_declined = false;
        }
        w->group = per < MAX_LANE_GROUP ? per : MAX_LANE_GROUP;
        w->groups = (count + w->group - 1) / w->group;
        w->chunk = PLR_CPU_CHUNK / w->group > MIN_CHUNK_ROWS ? PLR_CPU_CHUNK / w->group : MIN_CHUNK_ROWS;
        /* declined strips are not cut along the rows either: blocks of
         * whole rows read the inputs twice, the pipeline copies them */
        whole = T <= 1 || w->groups >= T || w->strips_declined;
    } else {
        size_t per = n >= SEQ_ITEM_ELEMENTS ? 1 : (SEQ_ITEM_ELEMENTS + n - 1) / (n ? n : 1);
        w->group = per < count ? per : count;
        w->groups = (count + w->group - 1) / w->group;
        w->chunk = PLR_CPU_CHUNK;
        whole = T <= 1 || w->groups >= 4 * T;
    }
    w->two_pass = w->lookback = false;
    if (!whole && !w->lanes && count * n < 2 * MIN_BLOCK_ELEMENTS)
        whole = true; /* not enough for two workers to share */
    if (whole || n <= w->chunk) {
        w->chunks = 1; /* enough groups to go round: sequences run whole */
        w->chunk = n;
    } else if (!w->lanes && lookback_pays(prob)) {
        /* chunks that fit the L2 (items are claimed in order, so they need
         * not balance), about two per worker below that; no more workers
         * than have MIN_BLOCK_ELEMENTS each, as for blocks */
        size_t useful = count * n / MIN_BLOCK_ELEMENTS;
        if (useful < T)
            workers = useful > 1 ? useful : 1;
        const size_t most = LOOKBACK_CHUNK_BYTES / prob->esize;
        size_t per = (2 * workers + count - 1) / count;
        size_t len = (n + (per < 2 ? 2 : per) - 1) / (per < 2 ? 2 : per);
        len = (len + LOOKBACK_ALIGN - 1) / LOOKBACK_ALIGN * LOOKBACK_ALIGN;
        w->chunk = len < most ? len : most;
        w->chunks = (n + w->chunk - 1) / w->chunk;
        w->lookback = w->chunks > 1;
    } else if (two_pass_pays(prob)) {
        /* about two blocks per worker (whole tiles each; lanes: rows of every
         * lane of a group), and no more workers than have MIN_BLOCK_ELEMENTS
         * each: below that, waking and joining them costs more than their
         * share of the work */
        size_t useful = count * n / MIN_BLOCK_ELEMENTS;
        if (useful < T)
            workers = useful > 1 ? useful : 1;
        const size_t seqs = w->lanes ? w->groups : count;
        size_t per = (2 * workers + seqs - 1) / seqs;
        if (per < 2)
            per = 2;
        size_t len = (n + per - 1) / per;
        w->chunk = w->lanes ? len : (len + PLR_CPU_TILE - 1) / PLR_CPU_TILE * PLR_CPU_TILE;
        w->chunks = (n + w->chunk - 1) / w->chunk;
        w->two_pass = w->chunks > 1;
    } else {
        w->chunks = (n + w->chunk - 1) / w->chunk;
    }
    w->parts = w->groups * w->chunks;
    w->workers = (unsigned)(workers < w->parts ? workers : w->parts);
    w->split = T <= 1 || w->parts == 1 ? PLR_SPLIT_NONE
               : w->chunks == 1        ? PLR_SPLIT_ACROSS
               : w->groups == 1        ? PLR_SPLIT_WITHIN
                                       : PLR_SPLIT_BOTH;
}

/* "across 1080 sequences in 360 groups of 3" and the like */
static void describe_work(const plr_problem *prob, const plr_work *w, char *out, size_t len)
{
    const char *unit = w->lanes ? "groups of adjacent lanes" : "groups";
    switch (w->split) {
    case PLR_SPLIT_NONE:
        snprintf(out, len, "%zu sequence%s run whole%s", prob->count, prob->count == 1 ? "" : "s",
                 w->lanes ? ", as lanes" : "");
        break;
    case PLR_SPLIT_ACROSS:
        snprintf(out, len, "across %zu sequences: %zu %s of %zu, each run whole", prob->count,
                 w->groups, unit, w->group);
        break;
    case PLR_SPLIT_WITHIN:
        snprintf(out, len, "within: %zu %s of %zu", w->chunks,
                 w->two_pass ? "blocks in two passes" : w->lookback ? "chunks with look-back" : "chunks",
                 w->chunk);
        break;
    case PLR_SPLIT_BOTH:
        snprintf(out, len, "both: %zu %s of %zu, each cut into %zu %s of %zu", w->groups, unit,
                 w->group, w->chunks,
                 w->two_pass ? "blocks (two passes)" : w->lookback ? "chunks (look-back)" : "chunks",
                 w->chunk);
        break;
    }
}

/* Settles the plan; the reason is formatted only when someone will read it
 * (a short call's whole work costs less than formatting it). */
static void set(plr_plan *plan, const plr_problem *prob, plr_device dev, unsigned threads,
                const char *fmt, ...)
{
    plan->device = dev;
    plan->threads = threads;
    plr_work_plan(prob, dev == PLR_DEVICE_CPU ? threads : 1, &plan->work);
    const bool one_piece = dev == PLR_DEVICE_CPU && plan->work.parts <= 1;
    const bool declined = plan->work.strips_declined;
    if (one_piece) { /* what the cpu backend would run is the serial loop */
        plan->device = PLR_DEVICE_SERIAL;
        plan->threads = 1;
        plr_work_plan(prob, 1, &plan->work);
    }
    plan->reason[0] = 0;
    if (!plan->explain)
        return;
    char why[200], split[120];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    if (one_piece && declined)
        snprintf(plan->reason, sizeof plan->reason,
                 "%.80s; lanes bound by memory: strips on %u threads ~%.2f cycles/element would not "
                 "beat whole rows ~%.2f, so one piece of work, the serial loop",
                 why, threads, plr_lane_strips_cycles_per_element(prob, threads),
                 plr_sweep_cycles_per_element(prob, true));
    else if (one_piece)
        snprintf(plan->reason, sizeof plan->reason, "%s; one piece of work, so the serial loop", why);
    else if (dev == PLR_DEVICE_CUDA)
        snprintf(plan->reason, sizeof plan->reason, "%s", why);
    else {
        describe_work(prob, &plan->work, split, sizeof split);
        snprintf(plan->reason, sizeof plan->reason, "%.150s; %.85s", why, split);
    }
}

void plr_plan_for_cpu(const plr_problem *prob, unsigned threads, const char *why, plr_plan *plan)
{
    set(plan, prob, PLR_DEVICE_CPU, threads, "%s", why);
}

void plr_plan_serial(const plr_problem *prob, const char *why, plr_plan *plan)
{
    set(plan, prob, PLR_DEVICE_SERIAL, 1, "%s", why);
}

void plr_plan_choose(const plr_problem *prob, const plr_options *opt, plr_plan *plan)
{
    unsigned threads = opt->threads ? opt->threads : plr_online_cpus();
    char why[200];
    if (prob->memory == PLR_MEM_DEVICE) {
        set(plan, prob, PLR_DEVICE_CUDA, 1, "the data is in GPU memory (the CPU cannot read it)");
        return;
    }
    switch (opt->device) {
    case PLR_DEVICE_SERIAL:
        set(plan, prob, PLR_DEVICE_SERIAL, 1, "requested: device serial");
        return;
    case PLR_DEVICE_CPU:
        set(plan, prob, PLR_DEVICE_CPU, threads, "requested: device cpu");
        return;
    case PLR_DEVICE_CUDA:
        if (prob->host_only)
            set(plan, prob, PLR_DEVICE_CPU, threads,
                "cuda requested, but storage types other than the signature's are converted and run "
                "on the CPU (docs/cuda.md); using cpu");
        else if (plr_cuda_available(why, sizeof why))
            set(plan, prob, PLR_DEVICE_CUDA, 1, "requested: device cuda");
        else
            set(plan, prob, PLR_DEVICE_CPU, threads, "cuda requested but unavailable (%.100s); using cpu",
                why);
        return;
    case PLR_DEVICE_AUTO:
        break;
    }
    const double N = (double)total_elements(prob);
    plr_work cw;
    plr_work_plan(prob, threads, &cw);
    bool gpu = N >= PLR_CUDA_MIN_ELEMENTS_AUTO && prob->k <= PLR_CUDA_MAX_K_AUTO &&
               !prob->host_only && plr_cuda_available(why, sizeof why);
    if (gpu && prob->memory == PLR_MEM_MANAGED) {
        set(plan, prob, PLR_DEVICE_CUDA, 1, "auto: managed memory, computed in place on the GPU");
        return;
    }
    if (gpu) {
        /* host arrays travel over the link both ways; the CPU backend may be
         * faster on a many-core host (bench/cuda/results.md) */
        double link_ns = HOST_LINK_NS_PER_BYTE / HOST_PAGEABLE_EFFICIENCY * 2.0 * (double)prob->esize;
        double cpu_ns = CPU_MODEL_MARGIN_VS_GPU * plr_cpu_cycles_per_element(prob, &cw, threads) / CPU_GHZ;
        const double piece = (double)PLR_CUDA_PIECE_BYTES / (double)prob->esize;
        const double gpu_total = (N + (N < piece ? N : piece)) * link_ns + GPU_HOST_CALL_NS;
        if (gpu_total < N * cpu_ns) {
            set(plan, prob, PLR_DEVICE_CUDA, 1,
                "auto: GPU ~%.2f ms (link ~%.2f ns/element, one piece unhidden, %.0f us per call) "
                "beats cpu ~%.2f ms",
                gpu_total / 1e6, link_ns, GPU_HOST_CALL_NS / 1e3, N * cpu_ns / 1e6);
            return;
        }
    }
    /* the serial sweep against the cpu backend with its fixed cost */
    double serial = plr_sweep_cycles_per_element(prob, cw.lanes);
    double margin = cw.chunks == 1 || cw.groups >= threads ? CPU_MODEL_MARGIN_ACROSS
                    : plr_type_is_float(prob->type)        ? CPU_MODEL_MARGIN_FLOAT
                                                           : CPU_MODEL_MARGIN_INT;
    double cpu = margin * plr_cpu_cycles_per_element(prob, &cw, threads);
    double serial_ns = N * serial / CPU_GHZ, cpu_ns = N * cpu / CPU_GHZ + CPU_CALL_NS;
    if (cw.strips_declined && cw.parts <= 1) {
        set(plan, prob, PLR_DEVICE_SERIAL, 1,
            "auto: lanes bound by memory: strips on %u threads ~%.2f cycles/element do not beat "
            "whole rows ~%.2f by %.2fx",
            threads, plr_lane_strips_cycles_per_element(prob, threads), serial,
            CPU_MODEL_MARGIN_ACROSS);
        return;
    }
    if (threads <= 1 || cw.parts <= 1 || cpu_ns >= serial_ns) {
        set(plan, prob, PLR_DEVICE_SERIAL, 1,
            "auto: serial ~%.1f cycles/element, cpu backend ~%.2f with %u threads + %.0f us", serial,
            cpu, threads, CPU_CALL_NS / 1e3);
        return;
    }
    set(plan, prob, PLR_DEVICE_CPU, threads,
        "auto: cpu backend ~%.2f cycles/element with %u threads + %.0f us, serial ~%.1f", cpu,
        threads, CPU_CALL_NS / 1e3, serial);
}

/* ---- does a call pay against the caller's own loop (plr_pays) ----------
 * The caller's loop (per element, in cycles) takes the longest of
 *   - its loop-carried chain: `chain` operations of LOOP_OP_CYCLES each,
 *     shared among `lag` interleaved chains when the nearest term is
 *     y[i-lag] (tuple sums);
 *   - its instructions: per stage a multiply and an add, plus a load, a
 *     store and the count, LOOP_ISSUE per cycle;
 *   - its memory traffic (read x, write y) at LOOP_BYTES_PER_CYCLE.
 * The replacement costs `passes` times what the backend auto picks costs per
 * element, plus CALL_OVERHEAD_NS per pass: the serial backend never pays
 * (it is the same loop behind a call); the cpu backend costs its model (the
 * raw estimate for floats, times CPU_MODEL_MARGIN_INT for integers, whose
 * model is the optimistic one) but at least the memory traffic; the GPU
 * costs the link for host arrays. The call must win by PAY_MARGIN.
 * Constants measured on the 2-core development VM (AMD EPYC, 2026-11-21,
 * test/fuzz/paybench.c and `plr run`, see docs/pass.md): a prefix sum of
 * i64 streams 16 bytes per element in 0.58 ns (9 bytes per cycle at 3 GHz);
 * a float add chain costs 0.9 ns (3 cycles); the cpu backend starts in
 * under 30 us; the float model is within 40% of the measured calls. */
#define LOOP_OP_CYCLES_FLOAT 3.0
#define LOOP_OP_CYCLES_INT 1.0
#define LOOP_ISSUE 4.0
#define LOOP_BYTES_PER_CYCLE 9.0
#define CALL_OVERHEAD_NS 20000.0
#define PAY_MARGIN 1.1
/* What a call costs beyond the model's per-element part, measured: the
 * smallest excess over the last PAY_HISTORY calls per backend (the smallest,
 * because a call can only be slowed by what else runs, and the decision is
 * about this machine's fixed costs: thread wake-ups on a 16-core VM took
 * ~0.4 ms a call where the model says 20 us, bench/results/H100-80GB-HBM3-
 * 2026-11-21/e2e). Until two calls were seen, the model's CALL_OVERHEAD_NS. */
#define PAY_HISTORY 8
static pthread_mutex_t pay_mu = PTHREAD_MUTEX_INITIALIZER;
static unsigned pay_seen[2];                 /* [0] cpu, [1] cuda */
static double pay_excess[2][PAY_HISTORY];

/* the row of pay_seen / pay_excess for a backend; -1: not measured */
static int pay_slot(plr_device dev)
{
    return dev == PLR_DEVICE_CPU ? 0 : dev == PLR_DEVICE_CUDA ? 1 : -1;
}

static double call_overhead_ns(plr_device dev, unsigned *seen)
{
    int b = pay_slot(dev);
    double best = CALL_OVERHEAD_NS;
    *seen = 0;
    if (b < 0)
        return best;
    pthread_mutex_lock(&pay_mu);
    unsigned k = pay_seen[b] > 0 ? pay_seen[b] - 1 : 0;
    if (k > PAY_HISTORY)
        k = PAY_HISTORY;
    for (unsigned i = 0; i < k; i++)
        if (i == 0 || pay_excess[b][i] < best)
            best = pay_excess[b][i];
    pthread_mutex_unlock(&pay_mu);
    *seen = k;
    return best;
}

/* managed memory stays on the GPU: only the kernel's own traffic, a few
 * TB/s on the H100/H200 machines (bench/cuda) */
#define GPU_NS_PER_BYTE 0.0005

/* reading x and writing y, per element, in cycles (as they are held in
 * memory: a narrow storage type streams fewer bytes, for the loop and for
 * a converted call alike) */
static double stream_cycles(const plr_problem *prob)
{
    return (double)(prob->xes + prob->yes) / LOOP_BYTES_PER_CYCLE;
}

/* A converted call (runtime/convert.c) also converts every input into a
 * temporary of the arithmetic type and every result back, on the calling
 * thread: two converting copies within the caches, about half a cycle per
 * element each (vectorized). Not divided among threads. */
#define CONVERT_CYCLES 1.0

/* the replacement's cost per element (cycles) on the backend of `plan` */
static double call_cycles_per_element(const plr_problem *prob, const plr_plan *plan)
{
    if (plan->device == PLR_DEVICE_CUDA) {
        double ns = prob->memory == PLR_MEM_MANAGED ? GPU_NS_PER_BYTE : HOST_LINK_NS_PER_BYTE;
        return ns * 2.0 * (double)prob->esize * CPU_GHZ;
    }
    double mem = stream_cycles(prob);
    const plr_work *w = &plan->work;
    double margin = w->chunks == 1 || w->groups >= plan->threads ? 1.0
                    : plr_type_is_float(prob->type)             ? 1.0
                                                                : CPU_MODEL_MARGIN_INT;
    double call = plr_cpu_cycles_per_element(prob, w, plan->threads) * margin;
    if (call < mem)
        call = mem;
    return prob->converted ? call + CONVERT_CYCLES : call;
}

bool plr_plan_pays(const plr_problem *prob, const plr_options *opt, const plr_loop_shape *loop,
                   char *why, size_t whylen)
{
    plr_plan plan = {.explain = why != NULL};
    if (!why)
        whylen = 0; /* snprintf writes nothing */
    if (prob->memory == PLR_MEM_DEVICE) {
        snprintf(why, whylen, "yes: the data is in GPU memory");
        return true;
    }
    if (opt->device != PLR_DEVICE_AUTO) {
        snprintf(why, whylen, "yes: requested: device %s", plr_device_name(opt->device));
        return true;
    }
    plr_plan_choose(prob, opt, &plan);
    /* the serial backend runs the caller's loop, except for lanes: their
     * sweep across the sequences is not the nest that walks one after
     * another */
    if (plan.device == PLR_DEVICE_SERIAL && !(plan.work.lanes && prob->count > 1)) {
        snprintf(why, whylen, "no: auto would run the serial loop (%.100s)", plan.reason);
        return false;
    }
    unsigned seen = 0;
    const double overhead = call_overhead_ns(plan.device, &seen);
    bool fp = plr_type_is_float(prob->type);
    unsigned passes = loop->passes ? loop->passes : 1, stages = loop->stages ? loop->stages : 1;
    double chain_ops = loop->chain ? (double)loop->chain : (double)prob->b.count + 1.0;
    double mem = stream_cycles(prob);
    double lp = chain_ops * (fp ? LOOP_OP_CYCLES_FLOAT : LOOP_OP_CYCLES_INT) / (double)prob->b.lag[0];
    double issue = (2.0 * stages + 3.0) / LOOP_ISSUE;
    /* The caller's nest walks one sequence after another (its inner loop
     * is the recurrence), also for columns side by side: its chain bounds
     * it as for one sequence. (Taking it as a sweep across the columns,
     * vectorized, declined PolyBench deriche's column nests at 12 cycles
     * per element of loop against 2.7 of call.) */
    if (issue > lp)
        lp = issue;
    if (mem > lp)
        lp = mem;
    double call = call_cycles_per_element(prob, &plan);
    double n = (double)total_elements(prob);
    double loop_ns = n * lp / CPU_GHZ;
    double calls_ns = passes * (n * call / CPU_GHZ + overhead);
    bool pays = PAY_MARGIN * calls_ns < loop_ns;
    if (!why)
        return pays;
    char oh[64];
    if (seen)
        snprintf(oh, sizeof oh, "%.0f us measured over %u call%s", overhead / 1e3, seen,
                 seen == 1 ? "" : "s");
    else
        snprintf(oh, sizeof oh, "%.0f us (model)", overhead / 1e3);
    snprintf(why, whylen,
             "%s: %u pass%s on %s%s ~%.2f cycles/element each + %s, the loop ~%.2f (%u stage%s, chain %g)",
             pays ? "yes" : "no", passes, passes == 1 ? "" : "es", plr_device_name(plan.device),
             prob->converted ? " with storage conversion" : "", call, oh,
             lp, stages, stages == 1 ? "" : "s", chain_ops);
    return pays;
}

/* Calls whose modelled work is longer than this say more about the
 * per-element model than about fixed costs: not observed. (A 9-million
 * element call 3 ms over its model had made every later call carry 5.5 ms.) */
#define PAY_OBSERVE_MAX_NS 1e6

void plr_plan_observe(const plr_problem *prob, const plr_plan *plan, double elapsed_ns)
{
    int b = pay_slot(plan->device);
    if (b < 0 || prob->memory == PLR_MEM_DEVICE)
        return;
    double model = (double)total_elements(prob) * call_cycles_per_element(prob, plan) / CPU_GHZ;
    double excess = elapsed_ns - model;
    if (excess < 0)
        excess = 0;
    pthread_mutex_lock(&pay_mu);
    unsigned c = pay_seen[b];
    if (c == 0 || model <= PAY_OBSERVE_MAX_NS) {
        pay_seen[b]++;
        if (c > 0) /* the first call of a process starts threads or the GPU context */
            pay_excess[b][(c - 1) % PAY_HISTORY] = excess;
    }
    pthread_mutex_unlock(&pay_mu);
}
