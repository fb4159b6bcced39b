/* The cpu backend: the paper's single-pass scheme on CPU threads.
 *
 * The array is cut into chunks of CHUNK_TILES tiles of TILE elements. Threads
 * take chunks in order from an atomic counter. For each chunk a thread
 *   1. applies the FIR part into a private buffer (so y may overwrite x),
 *   2. solves every tile from a zero state, several tiles interleaved so that
 *      their dependency chains overlap (the CPU's Phase 1),
 *   3. waits for the global state after the previous chunk, chains it through
 *      the tiles with the k x k tile-transfer matrix built from the correction
 *      factors, and publishes its own global state at once (Phase 2; the
 *      successor never waits for step 4),
 *   4. corrects each tile with the factor lists and its true starting state
 *      while the chunk is still in cache.
 * Work is O(nk): 2k multiply-adds per element plus k^2 per tile.
 * A tile whose true starting state is not finite is solved serially from that
 * state instead, so that NaN and Inf travel exactly as in the serial loop. */
#include "internal.h"

#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#define TILE 512
#define CHUNK_TILES 32
#define CHUNK (TILE * CHUNK_TILES)

enum { FLAG_XTAIL = 1, FLAG_GLOBAL = 2 };

typedef struct cpu_shared {
    const plr_problem *prob;
    const plr_factors *f;
    size_t nchunks;
    bool resolve;      /* step 4 solves tiles again instead of correcting them */
    bool direct_input; /* t == x (a = {1}, not in place): no FIR buffer needed */
    atomic_size_t next;
    atomic_int *flags;      /* per chunk: FLAG_XTAIL | FLAG_GLOBAL */
    unsigned char *globals; /* per chunk: state after it, k values */
    unsigned char *xtails;  /* per chunk: its last p inputs, read before y overwrites them */
} cpu_shared;

typedef struct cpu_worker {
    cpu_shared *sh;
    void *tbuf;         /* CHUNK values */
    void *tile_states;  /* CHUNK_TILES * k: true state before each tile */
    void *tile_ends;    /* CHUNK_TILES * k: local state after each tile */
    bool done[CHUNK_TILES];
    void (*chunk_fn)(struct cpu_worker *, size_t);
} cpu_worker;

static inline void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

/* The predecessor chunk is normally a few microseconds from publishing, so
 * spin; only a long wait (the predecessor's thread was descheduled, e.g. on
 * an oversubscribed machine) yields the core. Yielding early costs a whole
 * scheduler time slice whenever another process is runnable. */
static void wait_flag(atomic_int *flag, int bit)
{
    unsigned spins = 0;
    while (!(atomic_load_explicit(flag, memory_order_acquire) & bit)) {
        if (++spins < (1u << 16))
            cpu_relax();
        else
            sched_yield();
    }
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

static double float_abs(plr_type type, const void *v)
{
    if (type == PLR_F32) {
        float x;
        memcpy(&x, v, sizeof x);
        return fabs((double)x);
    }
    double x;
    memcpy(&x, v, sizeof x);
    return fabs(x);
}

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
    double H = f->h_l1;
    if (prob->n < f->m) {
        /* a short array sees only the start of the response */
        const double bk = float_abs(prob->type, prob->b.coef[prob->b.count - 1]);
        const size_t es = prob->esize;
        const unsigned char *list = (const unsigned char *)f->fac + (size_t)(prob->k - 1) * f->m * es;
        H = 0;
        for (size_t i = 0; i < prob->n; i++)
            H += float_abs(prob->type, list + i * es) / bk;
    }
    if (H < 1)
        H = 1;
    return f->phi * (f->phi + 1) <= 1000.0 * H * f->b_l1;
}

bool plr_cpu_keeps_bound(const plr_problem *prob)
{
    plr_factors *f = plr_factors_get(prob, TILE);
    if (!f)
        return true; /* the backend will report the allocation failure */
    bool ok = keeps_bound(prob, f);
    plr_factors_release(f);
    return ok;
}

double plr_cpu_cycles_per_element(const plr_problem *prob, unsigned threads)
{
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
    double per_tile = k * k / TILE; /* the state chain */
    return (solve_cost(prob) + step4 + fir + per_tile) / (threads ? threads : 1);
}

static bool is_one(plr_type type, const void *v);

static bool uses_input_directly(const plr_problem *prob)
{
    return prob->p == 0 && prob->a.count == 1 && prob->x != prob->y &&
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

static void *worker_main(void *arg)
{
    cpu_worker *w = arg;
    cpu_shared *sh = w->sh;
    for (;;) {
        size_t c = atomic_fetch_add(&sh->next, 1);
        if (c >= sh->nchunks)
            break;
        w->chunk_fn(w, c);
    }
    return NULL;
}

plr_status plr_backend_cpu(const plr_problem *prob, unsigned threads)
{
    if (prob->n == 0)
        return PLR_OK;
    size_t es = prob->esize;
    unsigned k = prob->k, p = prob->p;
    cpu_shared sh = {.prob = prob};
    sh.nchunks = (prob->n + CHUNK - 1) / CHUNK;
    atomic_init(&sh.next, 0);
    if (threads == 0)
        threads = 1;
    if (threads > sh.nchunks)
        threads = (unsigned)sh.nchunks;

    plr_status status = PLR_ERR_NO_MEMORY;
    plr_factors *f = plr_factors_get(prob, TILE);
    cpu_worker *workers = calloc(threads, sizeof *workers);
    pthread_t *tids = calloc(threads, sizeof *tids);
    sh.flags = calloc(sh.nchunks, sizeof *sh.flags);
    sh.globals = malloc(sh.nchunks * k * es);
    sh.xtails = malloc(sh.nchunks * (p ? p : 1) * es);
    if (!f || !workers || !tids || !sh.flags || !sh.globals || !sh.xtails)
        goto out;
    sh.f = f;
    sh.resolve = prefer_resolve(prob, f);
    sh.direct_input = uses_input_directly(prob);
    for (size_t c = 0; c < sh.nchunks; c++)
        atomic_init(&sh.flags[c], 0);

    void (*chunk_fn)(cpu_worker *, size_t) = NULL;
    switch (prob->type) {
    case PLR_I32:
    case PLR_U32: chunk_fn = cpu_chunk_u32; break;
    case PLR_I64:
    case PLR_U64: chunk_fn = cpu_chunk_u64; break;
    case PLR_F32: chunk_fn = cpu_chunk_f32; break;
    case PLR_F64: chunk_fn = cpu_chunk_f64; break;
    }
    for (unsigned i = 0; i < threads; i++) {
        cpu_worker *w = &workers[i];
        w->sh = &sh;
        w->chunk_fn = chunk_fn;
        w->tbuf = malloc(CHUNK * es);
        w->tile_states = malloc(CHUNK_TILES * k * es);
        w->tile_ends = malloc(CHUNK_TILES * k * es);
        if (!w->tbuf || !w->tile_states || !w->tile_ends)
            goto out;
    }

    /* from here on the run cannot fail: a thread that cannot be started
     * leaves its share to the others, and the calling thread always works */
    unsigned started = 0;
    for (unsigned i = 1; i < threads; i++)
        if (pthread_create(&tids[started], NULL, worker_main, &workers[i]) == 0)
            started++;
    worker_main(&workers[0]);
    for (unsigned i = 0; i < started; i++)
        pthread_join(tids[i], NULL);
    status = PLR_OK;

out:
    if (workers)
        for (unsigned i = 0; i < threads; i++) {
            free(workers[i].tbuf);
            free(workers[i].tile_states);
            free(workers[i].tile_ends);
        }
    free(workers);
    free(tids);
    free(sh.flags);
    free(sh.globals);
    free(sh.xtails);
    plr_factors_release(f);
    return status;
}
