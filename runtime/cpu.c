/* The cpu backend: the work of a call (plr_work) on persistent workers.
 *
 * Items are (group, chunk) pairs taken in order from an atomic counter,
 * chunk-major, so that chunk c of every group is handed out before chunk
 * c+1 of any. An item whose preceding chunk has finished (or that starts a
 * sequence) simply runs the serial sweep from the known state: with many
 * groups that is every item, and the call is the serial loop on several
 * cores. Otherwise it follows the paper's single-pass scheme:
 *   1. the inputs (a private copy where strides or lanes require one) and
 *      the FIR part, the chunk's last p inputs published first so that
 *      in-place calls never read an input another worker has overwritten;
 *   2. each tile solved from a zero state, several tiles interleaved so
 *      that their dependency chains overlap (the CPU's Phase 1);
 *   3. wait for the state after the previous chunk, chain it through the
 *      tiles with the k x k tile-transfer matrix from the correction
 *      factors, and publish the chunk's own state at once (Phase 2);
 *   4. correct each tile with the factor lists and its true starting state
 *      while the chunk is still in cache.
 * Lanes (adjacent sequences advancing together) do the same with rows of
 * lanes in place of elements and one local solution per lane.
 * Work is O(nk): 2k multiply-adds per element plus k^2 per tile.
 * A tile whose true starting state is not finite is solved serially from
 * that state instead, so that NaN and Inf travel exactly as in the serial
 * loop. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "internal.h"

#include "pool.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <string.h>

#define TILE PLR_CPU_TILE
#define CHUNK PLR_CPU_CHUNK
#define CHUNK_TILES (CHUNK / TILE)

enum { FLAG_XTAIL = 1, FLAG_STATE = 2, FLAG_SUM = 4, FLAG_PREFIX = 8 };
/* Look-back: how long a chunk waits for a predecessor's sum before it sums
 * that chunk's inputs itself: several times a chunk's own sum from memory
 * with every core streaming (256 KiB at ~9 GB/s per core on 16 cores: 30
 * us), so that a predecessor merely started later is waited for, and one
 * that was descheduled (milliseconds) is not; summing again costs memory
 * traffic, which the look-back is there to save.
 * Built with -DLOOKBACK_SPIN_NS=0, every predecessor not done yet is summed
 * again: how that path is tested (under ThreadSanitizer too). */
#ifndef LOOKBACK_SPIN_NS
#define LOOKBACK_SPIN_NS 100000L
#endif

typedef struct cpu_run {
    const plr_problem *prob;
    const plr_work *work;
    const plr_factors *f; /* for cut sequences: tiles (sequences) or chunks (lanes) */
    bool resolve;         /* step 4 solves tiles again instead of correcting them */
    bool direct_input;    /* t == x (a = {1}): no FIR buffer needed */
    bool sweep_known;     /* a chunk whose state is known runs the plain sweep, not tiles */
    /* blocks, pass 1: how a block's end state is found without its every
     * output: from its last pass1_tail elements (0: from all of them), or,
     * for an integer running sum, as the sum of its inputs */
    size_t pass1_tail;
    bool pass1_sum;
    bool int_running_sum; /* y[i] = t[i] + y[i-1] in integers: tiles solved by vector scans */
    /* blocks' pass 2 or look-back chunks of a unit-stride integer prefix
     * sum whose outputs far exceed the last-level cache: stored past the
     * caches, so that memory carries each output once instead of reading
     * it in first */
    bool stream_out;
    size_t lane_piece_rows; /* lanes' pass 1: rows solved into the scratch at a time */
    size_t items;
    atomic_size_t next;
    atomic_uint *flags;   /* per item: FLAG_XTAIL | FLAG_STATE; look-back: FLAG_SUM | FLAG_PREFIX */
    void *states;         /* per item: the state after it (k values per lane); look-back: its sum */
    void *xtails;         /* per item: its last p inputs (per lane); blocks: the p before it */
    void *starts;         /* blocks: per item, the true state before it; look-back: after it */
    size_t *tail_from;    /* blocks: per sequence, the first block the caller runs after pass 2 */
    struct cpu_worker *workers;
    void (*item_fn)(struct cpu_worker *, size_t group, size_t chunk);
} cpu_run;

/* A worker's scratch, allocated per call for the division at hand. */
typedef struct cpu_worker {
    cpu_run *run;
    /* carved from the thread's own scratch (scratch_get) */
    void *tbuf, *xbuf, *ybuf;        /* a chunk of FIR sums, inputs, outputs */
    void *tile_states, *tile_ends;   /* CHUNK_TILES * k each */
    void *st, *hs, *hs0, *rings;     /* lanes: states, histories, rings */
    void *scratch;                   /* whole groups (group_run) */
    bool done[CHUNK_TILES];
} cpu_worker;

/* The unsigned integer of each float's bits (all_finite_strided). */
typedef uint32_t f32_bits;
typedef uint64_t f64_bits;

/* Item (group g, chunk c): its index, and the positions it covers. */
static inline size_t item_span(const cpu_run *R, size_t g, size_t c, size_t *start, size_t *len)
{
    const plr_work *w = R->work;
    *start = c * w->chunk;
    *len = R->prob->n - *start < w->chunk ? R->prob->n - *start : w->chunk;
    return g * w->chunks + c;
}

/* Lanes in group g (the last group may be narrower). */
static inline size_t lanes_in_group(const plr_problem *prob, const plr_work *w, size_t g)
{
    const size_t s0 = g * w->group;
    return prob->count - s0 < w->group ? prob->count - s0 : w->group;
}

#define PLR_PER_TYPE "cpu_impl.h"
#include "for_each_type.h"

/* Estimated processor cycles per element of the phases, from the shape of
 * the recurrence (used to choose step 4 and by the planner; calibrated with
 * bench/cpu, see docs/runtime.md). */
static double vector_lanes(plr_type type)
{
    switch (type) {
    case PLR_F32: return 8;
    case PLR_F64: return 4;
    case PLR_I32:
    case PLR_U32: return 2; /* vector 32-bit multiplies are slow */
    default: return 1;      /* no vector 64-bit multiply */
    }
}

static double solve_cost(const plr_problem *prob)
{
    return (double)prob->b.count + 1.0; /* a multiply-add per term, plus load and store */
}

static double correct_cost(const plr_problem *prob, const plr_factors *f)
{
    double lists = 0;
    for (unsigned j = 0; j < f->k; j++)
        lists += (f->constant[j] ? 0.25 : 1.0) * (double)f->nonzero_len[j] / (double)f->m;
    return 2.0 * lists / vector_lanes(prob->type) + 0.5;
}

/* Step 4 costs, per element, either the correction (one multiply-add per
 * factor list, for as much of the tile as the list is non-zero; vectorized)
 * or a second solve (one multiply-add per recursive term; scalar, but with
 * the tiles' chains interleaved). Sparse recurrences such as tuple sums,
 * whose lists never decay, are cheaper to solve again. */
static bool prefer_resolve(const plr_problem *prob, const plr_factors *f)
{
    return solve_cost(prob) <= correct_cost(prob, f);
}

static bool uses_input_directly(const plr_problem *prob);

/* A tile solved from a zero state holds values up to about Phi * Y (Phi the
 * largest sum of |factors| into one element, Y the largest |y|), whose
 * rounding the corrections then carry; the documented bound scales with
 * H * B * Y instead. Measured (f32 and f64, 70 random stable filters of
 * orders 4..32 plus Table 1, cpu backend, n = 100003): the error stays below
 * 3% of the bound while Phi^2 / (H B) < 2e4 and reached 1.5x the bound at
 * 3e5 (an order-16 filter with factors of 1e6 where H is 1e5, met in CI).
 * Above Phi (Phi + 1) = 1000 H B the call runs the serial loop (Table 1
 * filters: under 5; the 4-pole low-pass cascade: 4.6). That test needs H,
 * known where the impulse response has decayed within a tile. Where it has
 * not (prefix sums of any order, poles on the unit circle) the tile-to-tile
 * chain multiplies the states' rounding by the factors every tile: the
 * 2nd-order prefix sum (Phi 1025) stays far inside the bound, the 3rd-order
 * one in f32 (Phi 4e5) reached -inf at element 9983 of 1e5 with 2 threads.
 * Those run the serial loop above Phi = 4096. */
static bool keeps_bound(const plr_problem *prob, const plr_factors *f)
{
    if (!plr_type_is_float(prob->type))
        return true;
    if (!f->h_decayed)
        return f->phi <= 4096.0;
    double H = f->h_l1; /* calls that cut sequences have at least a chunk of elements */
    if (H < 1)
        H = 1;
    return f->phi * (f->phi + 1) <= 1000.0 * H * f->b_l1;
}

bool plr_cpu_keeps_bound(const plr_problem *prob, const plr_work *work)
{
    if (work->chunks == 1)
        return true; /* sequences run whole: the serial loop's own rounding */
    plr_factors *f = plr_factors_get(prob, TILE);
    if (!f)
        return true; /* the backend will report the allocation failure */
    bool ok = keeps_bound(prob, f);
    plr_factors_release(f);
    return ok;
}

/* A lanes sweep streams every row in and out: per element the input read,
 * the output's cache line read for ownership and written back. One core of
 * the 2-core VM streamed ~17 bytes per cycle through the column sweep
 * (4096x2160 f32, 106 MB in 1.74-2.1 ms at 3 GHz). */
#define LANES_BYTES_PER_CYCLE 16.0
/* A strip narrower than a row (a group of lanes on one worker) streams
 * slower than whole rows: each row's piece ends where the hardware
 * prefetcher has just picked it up. One thread over the 2-core VM's f32
 * one-pole columns in strips of 64-960 lanes: 1080x1920 0.28-0.37 ms
 * against 0.165 in whole rows, 4096x2160 4.0-6.2 ms against 2.16. */
#define LANE_STRIP_PENALTY 2.0

static double lanes_compute_cycles(const plr_problem *prob)
{
    double ops = (double)prob->a.count + (double)prob->b.count + 2.0;
    return ops / vector_lanes(prob->type) + 0.25;
}

static double lanes_memory_cycles(const plr_problem *prob)
{
    return 3.0 * (double)prob->esize / LANES_BYTES_PER_CYCLE;
}

/* The serial sweep of a group per element: the loop's chain or, for
 * lanes, the longer of its vectorized instructions and its traffic. */
double plr_sweep_cycles_per_element(const plr_problem *prob, bool lanes)
{
    if (!lanes)
        return plr_serial_cycles_per_element(prob);
    double compute = lanes_compute_cycles(prob), memory = lanes_memory_cycles(prob);
    return compute > memory ? compute : memory;
}

double plr_lane_strips_cycles_per_element(const plr_problem *prob, unsigned threads)
{
    double t = threads ? threads : 1;
    double compute = lanes_compute_cycles(prob) / t;
    double memory = LANE_STRIP_PENALTY * lanes_memory_cycles(prob) / t;
    return compute > memory ? compute : memory;
}

/* Spread over the workers that have items, each worker's share of the
 * memory traffic stays with it (cores share the bandwidth, which the
 * planner's margin covers). */
double plr_cpu_cycles_per_element(const plr_problem *prob, const plr_work *work, unsigned threads)
{
    double t = threads ? threads : 1;
    if ((double)work->workers < t)
        t = (double)work->workers;
    double sweep = plr_sweep_cycles_per_element(prob, work->lanes);
    if (work->chunks == 1 && work->lanes && work->groups > 1)
        return plr_lane_strips_cycles_per_element(prob, (unsigned)t);
    if (work->chunks == 1 || work->groups >= t)
        return sweep / t; /* every item runs the plain sweep */
    plr_factors *f = plr_factors_get(prob, TILE);
    if (!f)
        return 1e30;
    if (!keeps_bound(prob, f)) {
        plr_factors_release(f); /* such calls run the serial loop */
        return plr_serial_cycles_per_element(prob);
    }
    double step4 = prefer_resolve(prob, f) ? solve_cost(prob) : correct_cost(prob, f);
    double fir = uses_input_directly(prob) ? 0.0 : 0.5 + 0.5 * (double)prob->a.count;
    plr_factors_release(f);
    double k = (double)prob->k;
    if (work->lanes) /* a sweep from zero, the correction, and the rows copied */
        return (2.0 * sweep + 2.0 * k / vector_lanes(prob->type) + 0.5) / t;
    double per_tile = k * k / TILE; /* the state chain */
    return (solve_cost(prob) + step4 + fir + per_tile) / t;
}

static bool is_one(plr_type type, const void *v);

static bool uses_input_directly(const plr_problem *prob)
{
    return prob->p == 0 && prob->a.count == 1 && prob->a.lag[0] == 0 &&
           is_one(prob->type, prob->a.coef[0]);
}

static bool is_one(plr_type type, const void *v)
{
    unsigned char one[8] = {0};
    plr_coef c = {.u = 1};
    if (plr_type_is_float(type))
        c.f = 1.0;
    plr_coef_to_arith(type, c, one);
    return memcmp(v, one, plr_type_size(type)) == 0;
}

static bool worker_alloc(cpu_worker *wk, const plr_problem *prob, const plr_work *w);

static void cpu_job(void *arg, unsigned worker)
{
    cpu_run *R = arg;
    cpu_worker *wk = &R->workers[worker];
    wk->run = R;
    if (!worker_alloc(wk, R->prob, R->work))
        return; /* no scratch: the others take this worker's share */
    const size_t groups = R->work->groups;
    for (;;) {
        size_t id = atomic_fetch_add_explicit(&R->next, 1, memory_order_relaxed);
        if (id >= R->items)
            break;
        R->item_fn(wk, id % groups, id / groups); /* chunk-major */
    }
}

typedef void (*item_fn_t)(cpu_worker *, size_t, size_t);

/* Pass 1 of blocks needs each block's end state only. Where every factor
 * list ends (is exactly zero) within the tile table, the state before the
 * block's last max(nonzero length) + k elements reaches its end state not
 * at all, exactly as in the pipeline's corrections: those elements alone
 * give it. An integer running sum's end state is the sum of its inputs. */
static void pass1_shortcuts(const plr_problem *prob, const plr_factors *f, cpu_run *R)
{
    size_t longest = 0;
    bool ends = true;
    for (unsigned j = 0; j < f->k; j++) {
        if (f->nonzero_len[j] >= f->m)
            ends = false;
        if (f->nonzero_len[j] > longest)
            longest = f->nonzero_len[j];
    }
    R->pass1_tail = ends ? longest + prob->k : 0;
    R->pass1_sum = R->int_running_sum && prob->p == 0 && prob->a.count == 1 && prob->a.lag[0] == 0;
}

bool plr_cpu_lookback_applies(const plr_problem *prob)
{
    return !plr_type_is_float(prob->type) && prob->k == 1 && prob->b.count == 1 &&
           is_one(prob->type, prob->b.coef[0]) && prob->p == 0 && prob->a.count == 1 &&
           prob->a.lag[0] == 0 && is_one(prob->type, prob->a.coef[0]) && prob->xs == 1 &&
           prob->ys == 1;
}

/* Streaming stores for blocks' pass 2 (see cpu_run.stream_out): where the
 * outputs exceed half the last-level cache (16 cores, 300 MiB L3, int32:
 * 0.57 -> 0.89 of a parallel copy at 2^26, 0.62 -> 0.76 at 2^28; slower at
 * 2^22-2^24, whose outputs the caches keep), or as PLR_CPU_STREAM=0|1 says,
 * for measuring it. */
static bool stream_pays(const plr_problem *prob)
{
    static atomic_int forced = -1; /* 0: decide; 1: never; 2: always */
    const int f = plr_env_switch(&forced, "PLR_CPU_STREAM", "0", "1");
    if (!plr_cpu_lookback_applies(prob) || (prob->esize != 4 && prob->esize != 8) || f == 1)
        return false;
    return f == 2 || (double)prob->count * (double)prob->n * (double)prob->esize >
                         0.5 * (double)plr_llc_bytes();
}

/* The item function of a pass: 0 the only one (1 for blocks' second). */
static item_fn_t pick_item_fn(const plr_problem *prob, const plr_work *w, int pass)
{
#define PLR_PICK(SFX)                                                                              \
    return w->chunks == 1             ? group_item_##SFX                                           \
           : w->lanes && w->two_pass ? (pass ? lanes_pass2_##SFX : lanes_pass1_##SFX)             \
           : w->lanes                ? lanes_chunk_##SFX                                          \
           : w->lookback             ? scan_chunk_##SFX                                           \
           : w->two_pass             ? (pass ? block_pass2_##SFX : block_pass1_##SFX)             \
                                     : seq_chunk_##SFX
    switch (prob->type) {
    case PLR_I32:
    case PLR_U32: PLR_PICK(u32);
    case PLR_I64:
    case PLR_U64: PLR_PICK(u64);
    case PLR_F32: PLR_PICK(f32);
    case PLR_F64: PLR_PICK(f64);
    }
#undef PLR_PICK
    return NULL;
}

#define PLR_BY_TYPE(TYPE, CALL)                                                                    \
    switch (TYPE) {                                                                                \
    case PLR_I32:                                                                                  \
    case PLR_U32: CALL(u32); break;                                                                \
    case PLR_I64:                                                                                  \
    case PLR_U64: CALL(u64); break;                                                                \
    case PLR_F32: CALL(f32); break;                                                                \
    case PLR_F64: CALL(f64); break;                                                                \
    }

/* Between the passes of blocks, on the caller: the blocks' true starts. */
static void block_chain(cpu_run *R)
{
#define PLR_CHAIN(SFX) (R->work->lanes ? lanes_chain_##SFX : block_chain_##SFX)(R)
    PLR_BY_TYPE(R->prob->type, PLR_CHAIN)
#undef PLR_CHAIN
}

/* After pass 2, on the caller: what follows a non-finite start, in order. */
static void block_tails(cpu_worker *wk)
{
#define PLR_TAILS(SFX) (wk->run->work->lanes ? lanes_tails_##SFX : block_tails_##SFX)(wk)
    PLR_BY_TYPE(wk->run->prob->type, PLR_TAILS)
#undef PLR_TAILS
}
#undef PLR_BY_TYPE

/* Whether a chunk whose state is known is cheaper as the plain sweep than
 * as tiles (solved, chained, corrected): an add-only chain (prefix sums)
 * beats any second pass; a float filter's multiply-add chain does not. */
static bool sweep_beats_tiles(const plr_problem *prob, const plr_factors *f)
{
    double step4 = prefer_resolve(prob, f) ? solve_cost(prob) : correct_cost(prob, f);
    double fir = uses_input_directly(prob) ? 0.0 : 0.5 + 0.5 * (double)prob->a.count;
    return plr_serial_cycles_per_element(prob) <= solve_cost(prob) + step4 + fir;
}

/* Scratch kept by each thread from call to call: allocating it per call
 * cost a page fault per 4 KiB touched on every worker, milliseconds on 16
 * cores (bench/cpu/results). Freed when the thread ends. */
typedef struct thread_scratch {
    void *mem;
    size_t bytes;
} thread_scratch;

static pthread_key_t scratch_key;
static pthread_once_t scratch_once = PTHREAD_ONCE_INIT;

static void scratch_free(void *p)
{
    thread_scratch *t = p;
    free(t->mem);
    free(t);
}

static void scratch_key_make(void)
{
    pthread_key_create(&scratch_key, scratch_free);
}

static void *scratch_get(size_t bytes)
{
    pthread_once(&scratch_once, scratch_key_make);
    thread_scratch *t = pthread_getspecific(scratch_key);
    if (!t) {
        if (!(t = calloc(1, sizeof *t)))
            return NULL;
        if (pthread_setspecific(scratch_key, t) != 0) {
            free(t);
            return NULL;
        }
    }
    if (t->bytes < bytes) {
        void *m = malloc(bytes);
        if (!m)
            return NULL;
        free(t->mem);
        t->mem = m;
        t->bytes = bytes;
    }
    return t->mem;
}

/* Carves a worker's scratch (sizes in elements) out of its thread's
 * scratch; false without memory (the worker then takes no items). */
/* Lanes in two passes: pass 1 solves a block PLR_CPU_CHUNK values at a
 * time (at least 256 rows), so that its scratch stays in the caches. */
static size_t lane_piece_rows(const plr_work *w)
{
    const size_t rows = PLR_CPU_CHUNK / (w->group ? w->group : 1);
    return rows > 256 ? rows : 256;
}

static bool worker_alloc(cpu_worker *wk, const plr_problem *prob, const plr_work *w)
{
    const size_t es = prob->esize, k = prob->k, p = prob->p, G = w->group;
    size_t sizes[10] = {0};
    void **slots[10] = {&wk->tbuf, &wk->xbuf, &wk->ybuf, &wk->tile_states, &wk->tile_ends,
                        &wk->st, &wk->hs, &wk->hs0, &wk->rings, &wk->scratch};
    if (w->chunks == 1) {
        sizes[9] = group_scratch_size_u32(prob, w); /* elements, whatever the type */
    } else if (w->lanes) {
        if (w->two_pass)
            sizes[2] = lane_piece_rows(w) * G; /* pass 1's thrown-away outputs */
        else
            sizes[1] = w->chunk * G;
        sizes[5] = k * G;
        sizes[6] = p * G;
        sizes[7] = (k > p ? k : p) * G; /* history rows; the chain's next states */
        sizes[8] = (k + p + 3) * G;
    } else if (!w->lookback) { /* look-back chunks need no scratch */
        sizes[0] = sizes[1] = sizes[2] = CHUNK;
        sizes[3] = sizes[4] = CHUNK_TILES * k;
    }
    size_t total = 0;
    for (int i = 0; i < 10; i++)
        total += (sizes[i] * es + 63) / 64 * 64; /* each on its own cache lines */
    unsigned char *at = scratch_get(total ? total : 64);
    if (!at)
        return false;
    for (int i = 0; i < 10; i++) { /* empty slots too point somewhere: memcpy(p, q, 0) needs p, q */
        *slots[i] = at;
        at += (sizes[i] * es + 63) / 64 * 64;
    }
    return true;
}

/* PLR_CPU_TRACE=1 (a measuring switch): where a call's time goes, summed
 * over calls and printed at exit: setup, the (first) pass on the workers,
 * the chaining between passes, the second pass. Meant for one caller at a
 * time (concurrent callers' phases would interleave in the sums). */
static atomic_int trace_on = -1;
static pthread_mutex_t trace_mu = PTHREAD_MUTEX_INITIALIZER;
static double trace_sum[5], trace_t[5];
static long trace_calls;

static double trace_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e6 + (double)t.tv_nsec / 1e3;
}

static void trace_report(void)
{
    if (trace_calls)
        fprintf(stderr,
                "plr: cpu trace: %ld calls, mean us: setup %.1f, pass 1 %.1f, between %.1f, "
                "pass 2 %.1f\n",
                trace_calls, trace_sum[1] / trace_calls, trace_sum[2] / trace_calls,
                trace_sum[3] / trace_calls, trace_sum[4] / trace_calls);
}

/* mark 0 starts a call; marks 1..4 end the phases above (3 may be absent) */
static void trace_mark(int m)
{
    int on = atomic_load_explicit(&trace_on, memory_order_relaxed);
    if (on < 0) {
        on = getenv("PLR_CPU_TRACE") != NULL;
        int expect = -1;
        if (atomic_compare_exchange_strong(&trace_on, &expect, on) && on)
            atexit(trace_report);
    }
    if (!on)
        return;
    pthread_mutex_lock(&trace_mu);
    double t = trace_now();
    trace_t[m] = t;
    if (m > 0) {
        int prev = m - 1;
        while (prev > 0 && trace_t[prev] < trace_t[0])
            prev--;
        trace_sum[m] += t - trace_t[prev];
        if (m == 4)
            trace_calls++;
    }
    pthread_mutex_unlock(&trace_mu);
}

/* y_final is a sequence's last k outputs, bit for bit. Cut into blocks, the
 * state a sequence's last block ends with holds only the outputs that block
 * computed; where it is shorter than the order, the older entries are its
 * chained start (the previous block's end through the factors, equal to
 * that block's outputs only up to rounding: 16 workers cut 1000 rows of an
 * order-12 filter into blocks of 32, the last of 8). So the finals are read
 * back from y once every block is written. */
static void finals_from_outputs(const plr_problem *prob)
{
    const size_t es = prob->esize, k = prob->k, n = prob->n, m = n < k ? n : k;
    const unsigned char *y = prob->y;
    for (size_t s = 0; s < prob->count; s++)
        for (size_t j = 0; j < m; j++)
            memcpy(prob->finals + (s * k + j) * es,
                   y + (plr_off(s, prob->yd) + plr_off(n - 1 - j, prob->ys)) * (ptrdiff_t)es, es);
}

plr_status plr_backend_cpu(const plr_problem *prob, const plr_work *work, unsigned threads,
                           unsigned *ran)
{
    trace_mark(0);
    *ran = 1;
    if (prob->n == 0)
        return PLR_OK;
    const size_t es = prob->esize, k = prob->k, p = prob->p;
    cpu_run R = {.prob = prob, .work = work, .items = work->parts};
    atomic_init(&R.next, 0);
    unsigned nw = threads ? threads : 1;
    if (nw > work->workers)
        nw = work->workers;
    if (nw > R.items)
        nw = (unsigned)R.items;
    plr_status status = PLR_ERR_NO_MEMORY;
    plr_factors *f = NULL;
    R.workers = calloc(nw, sizeof *R.workers);
    if (!R.workers)
        goto out;
    if (work->chunks > 1) {
        f = plr_factors_get(prob, work->lanes ? work->chunk : TILE);
        size_t per = work->group;
        R.flags = calloc(R.items, sizeof *R.flags);
        R.states = malloc(R.items * per * k * es);
        R.xtails = malloc(R.items * per * (p ? p : 1) * es);
        if (!f || !R.flags || !R.states || !R.xtails)
            goto out;
        R.f = f;
        R.resolve = !work->lanes && prefer_resolve(prob, f);
        R.direct_input = uses_input_directly(prob);
        R.sweep_known = sweep_beats_tiles(prob, f);
        R.int_running_sum = !plr_type_is_float(prob->type) && prob->k == 1 && prob->b.count == 1 &&
                            is_one(prob->type, prob->b.coef[0]);
        if (work->two_pass) {
            pass1_shortcuts(prob, f, &R);
            R.stream_out = !work->lanes && R.pass1_sum && stream_pays(prob);
            R.lane_piece_rows = lane_piece_rows(work);
        }
        if (work->two_pass && (!(R.starts = malloc(R.items * per * k * es)) ||
                               !(R.tail_from = malloc(prob->count * sizeof *R.tail_from))))
            goto out;
        if (work->lookback) {
            R.stream_out = stream_pays(prob);
            if (!(R.starts = malloc(R.items * es)))
                goto out;
        }
    }
    R.item_fn = pick_item_fn(prob, work, 0);
    /* the caller's scratch first: without it nothing may start */
    R.workers[0].run = &R;
    if (!worker_alloc(&R.workers[0], prob, work))
        goto out;
    /* from here on the run cannot fail: workers that cannot be started or
     * find no memory leave their share to the others, and the caller always
     * works */
    trace_mark(1);
    *ran = plr_pool_run(nw, cpu_job, &R);
    trace_mark(2);
    if (work->two_pass) {
        block_chain(&R);
        R.item_fn = pick_item_fn(prob, work, 1);
        atomic_store(&R.next, 0);
        trace_mark(3);
        unsigned second = plr_pool_run(nw, cpu_job, &R);
        if (second > *ran)
            *ran = second;
        block_tails(&R.workers[0]);
    }
    if (work->chunks > 1 && prob->finals)
        finals_from_outputs(prob);
    trace_mark(4);
    status = PLR_OK;
out:
    free(R.workers);
    free(R.flags);
    free(R.states);
    free(R.xtails);
    free(R.starts);
    free(R.tail_from);
    plr_factors_release(f);
    return status;
}
