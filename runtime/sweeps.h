/* Per-type solvers that sweep part of a layout serially, shared by the
 * serial and cpu backends (included once per type after kernels.h):
 *
 *   seq_run    one sequence, any stride (x[i*xs] -> y[i*ys])
 *   lanes_run  L adjacent sequences advancing together, position by
 *              position, so that each position is one vectorizable pass
 *              over the lanes (image columns, interleaved channels)
 *
 * Both continue from a state and an input history and leave in them the
 * state and history after the part they ran, so a sequence can be run in
 * pieces. They compute exactly what the serial reference computes (the
 * operation order of kernels.h), in place too. */

#ifndef PLR_SWEEPS_COMMON
#define PLR_SWEEPS_COMMON
#define PLR_SWEEP_BLOCK 2048 /* elements per block of the general seq_run */
#define PLR_PREFETCH_ROWS 8  /* rows of a lane group asked for ahead (lanes_run) */
/* The lanes sweep also for AVX2, chosen when the library is loaded (the
 * same operations per lane, contraction off: results bit for bit those of
 * the SSE2 build). Not under ThreadSanitizer: the chooser runs while the
 * library is relocated, before TSan's runtime is up, and crashes there. */
#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define PLR_NO_CLONES 1
#endif
#endif
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__SANITIZE_THREAD__) && !defined(PLR_NO_CLONES)
#define PLR_LANES_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define PLR_LANES_CLONES
#endif
static inline ptrdiff_t plr_off(size_t i, ptrdiff_t stride)
{
    return (ptrdiff_t)i * stride;
}

#if defined(__SSE2__)
#include <emmintrin.h>
/* Integer running sums y[i] = x[i] + y[i-1], four (two) at a time: a scan
 * inside the register (two shifted adds), then the carry of the previous
 * group. Integer addition is associative, so this is exactly the serial
 * loop, with a dependency of one add and one shuffle per vector instead of
 * one add per element. */
/* Two vectors per step: the first's total goes into the second beside the
 * carry chain, which is then one add and one shuffle per eight elements
 * (one vector per step ran at 1.5 cycles per element on the 2-core VM's
 * AMD EPYC, slower than the plain loop; two at 0.75). */
#define PLR_SCAN8_U32(LOAD_X, STORE)                                                               \
    for (; i + 8 <= len; i += 8) {                                                                 \
        __m128i a = LOAD_X(x + i), b = LOAD_X(x + i + 4);                                          \
        a = _mm_add_epi32(a, _mm_slli_si128(a, 4));                                                \
        b = _mm_add_epi32(b, _mm_slli_si128(b, 4));                                                \
        a = _mm_add_epi32(a, _mm_slli_si128(a, 8));                                                \
        b = _mm_add_epi32(b, _mm_slli_si128(b, 8));                                                \
        b = _mm_add_epi32(b, _mm_shuffle_epi32(a, 0xff));                                          \
        a = _mm_add_epi32(a, carry);                                                               \
        b = _mm_add_epi32(b, carry);                                                               \
        STORE((__m128i *)(y + i), a);                                                              \
        STORE((__m128i *)(y + i + 4), b);                                                          \
        carry = _mm_shuffle_epi32(b, 0xff);                                                        \
    }
#define PLR_SCAN4_U64(LOAD_X, STORE)                                                               \
    for (; i + 4 <= len; i += 4) {                                                                 \
        __m128i a = LOAD_X(x + i), b = LOAD_X(x + i + 2);                                          \
        a = _mm_add_epi64(a, _mm_slli_si128(a, 8));                                               \
        b = _mm_add_epi64(b, _mm_slli_si128(b, 8));                                               \
        b = _mm_add_epi64(b, _mm_unpackhi_epi64(a, a));                                            \
        a = _mm_add_epi64(a, carry);                                                               \
        b = _mm_add_epi64(b, carry);                                                               \
        STORE((__m128i *)(y + i), a);                                                              \
        STORE((__m128i *)(y + i + 2), b);                                                          \
        carry = _mm_unpackhi_epi64(b, b);                                                          \
    }
#define PLR_LOADU(p) _mm_loadu_si128((const __m128i *)(p))

/* stream: the outputs are stored past the caches (streaming stores, from
 * the first 16-byte boundary of y), for outputs far larger than the
 * last-level cache, which would otherwise be read in before being
 * overwritten; the fence orders them before whatever announces the end. */
static void plr_prefix_sse_u32(const uint32_t *x, uint32_t *y, size_t len, uint32_t *state, bool stream)
{
    uint32_t w = *state;
    size_t i = 0;
    for (; stream && i < len && ((uintptr_t)(y + i) & 15); i++)
        y[i] = w = x[i] + w;
    __m128i carry = _mm_set1_epi32((int)w);
    if (stream) {
        PLR_SCAN8_U32(PLR_LOADU, _mm_stream_si128)
    } else {
        PLR_SCAN8_U32(PLR_LOADU, _mm_storeu_si128)
    }
    w = (uint32_t)_mm_cvtsi128_si32(carry);
    for (; i < len; i++)
        y[i] = w = x[i] + w;
    if (stream)
        _mm_sfence();
    *state = w;
}

static void plr_prefix_sse_u64(const uint64_t *x, uint64_t *y, size_t len, uint64_t *state, bool stream)
{
    uint64_t w = *state;
    size_t i = 0;
    for (; stream && i < len && ((uintptr_t)(y + i) & 15); i++)
        y[i] = w = x[i] + w;
    __m128i carry = _mm_set1_epi64x((long long)w);
    if (stream) {
        PLR_SCAN4_U64(PLR_LOADU, _mm_stream_si128)
    } else {
        PLR_SCAN4_U64(PLR_LOADU, _mm_storeu_si128)
    }
    w = (uint64_t)_mm_cvtsi128_si64(carry);
    for (; i < len; i++)
        y[i] = w = x[i] + w;
    if (stream)
        _mm_sfence();
    *state = w;
}
#endif
#endif

/* y[i] = x[i] + y[i-1] at unit strides with streaming stores where the
 * target has them (see plr_prefix_sse_u32); the plain sweep otherwise. */
static inline void PLR_FN(prefix_streamed)(const PLR_A *x, PLR_A *y, size_t len, PLR_A *state)
{
#if defined(__SSE2__) && !PLR_FLOAT
    if (sizeof(PLR_A) == 4) {
        plr_prefix_sse_u32((const uint32_t *)x, (uint32_t *)y, len, (uint32_t *)state, true);
        return;
    }
    if (sizeof(PLR_A) == 8) {
        plr_prefix_sse_u64((const uint64_t *)x, (uint64_t *)y, len, (uint64_t *)state, true);
        return;
    }
#endif
    PLR_A w = *state;
    for (size_t i = 0; i < len; i++)
        y[i] = w = x[i] + w;
    *state = w;
}

/* Recurrences of order K <= 8 whose input taps are a0*x[i] and at most two
 * earlier inputs run as one fused pass (kernels.h's solve_window on x
 * itself). */

static inline bool PLR_FN(is_one)(const unsigned char *coef)
{
    PLR_A v;
    memcpy(&v, coef, sizeof v);
    return v == (PLR_A)1;
}

/* The input taps at lags 0..2 as dense coefficients ac[0..2]; returns the
 * mask of the taps present (bit j: lag j), for the windows in registers. */
static inline unsigned PLR_FN(dense_inputs3)(const plr_taps *a, PLR_A *ac)
{
    unsigned mask = 0;
    memset(ac, 0, 3 * sizeof(PLR_A));
    for (unsigned q = 0; q < a->count; q++) {
        memcpy(&ac[a->lag[q]], a->coef[q], sizeof(PLR_A));
        mask |= 1u << a->lag[q];
    }
    return mask;
}

/* Whether seq_run takes the fused pass for this problem. */
static inline bool PLR_FN(fusable)(const plr_problem *prob)
{
    return prob->a.count >= 1 && prob->a.lag[0] == 0 && prob->k <= 8 &&
           (prob->p == 0 ? prob->a.count == 1 : prob->p <= 2);
}

/* Each fused loop in a function of its own: inlined into one large
 * function, the loops lost their pointers to spills (measured: a prefix sum
 * at 1.5x the caller's loop). Unit strides get loops of their own too. */
#define PLR_NOINLINE static __attribute__((noinline))

PLR_NOINLINE void PLR_FN(fused_prefix)(const PLR_A *x, ptrdiff_t xs, PLR_A *y, ptrdiff_t ys,
                                       size_t len, PLR_A a0, bool a1, PLR_A *state)
{
#if defined(__SSE2__) && !PLR_FLOAT
    if (xs == 1 && ys == 1 && a1) {
        if (sizeof(PLR_A) == 4)
            plr_prefix_sse_u32((const uint32_t *)x, (uint32_t *)y, len, (uint32_t *)state, false);
        else
            plr_prefix_sse_u64((const uint64_t *)x, (uint64_t *)y, len, (uint64_t *)state, false);
        return;
    }
#endif
    if (xs == 1 && ys == 1) {
        if (a1)
            PLR_FN(solve_fixed)(x, 1, y, 1, len, a0, state, NULL, 1, true, true);
        else
            PLR_FN(solve_fixed)(x, 1, y, 1, len, a0, state, NULL, 1, false, true);
    } else if (a1) {
        PLR_FN(solve_fixed)(x, xs, y, ys, len, a0, state, NULL, 1, true, true);
    } else {
        PLR_FN(solve_fixed)(x, xs, y, ys, len, a0, state, NULL, 1, false, true);
    }
}

#define PLR_FUSED_K(K)                                                                             \
    PLR_NOINLINE void PLR_CAT(PLR_FN(fused_k), K)(const PLR_A *x, ptrdiff_t xs, PLR_A *y,          \
                                                  ptrdiff_t ys, size_t len, PLR_A a0, bool a1,     \
                                                  PLR_A *state, const PLR_FN(dense) *d)            \
    {                                                                                              \
        if (xs == 1 && ys == 1)                                                                    \
            PLR_FN(solve_fixed)(x, 1, y, 1, len, a0, state, d, K, false, false);                   \
        else if (a1)                                                                               \
            PLR_FN(solve_fixed)(x, xs, y, ys, len, a0, state, d, K, true, false);                  \
        else                                                                                       \
            PLR_FN(solve_fixed)(x, xs, y, ys, len, a0, state, d, K, false, false);                 \
    }
#define PLR_FUSED_FIR_K(K)                                                                         \
    PLR_NOINLINE void PLR_CAT(PLR_FN(fused_fir_k), K)(const PLR_A *x, ptrdiff_t xs, PLR_A *y,      \
                                                      ptrdiff_t ys, size_t len, const PLR_A *ac,   \
                                                      unsigned amask, unsigned p, PLR_A *state,    \
                                                      PLR_A *hist, const PLR_FN(dense) *d)         \
    {                                                                                              \
        if (p == 1)                                                                                \
            PLR_FN(solve_window)(x, xs, y, ys, len, ac, amask, state, hist, d, K, 1, false);       \
        else                                                                                       \
            PLR_FN(solve_window)(x, xs, y, ys, len, ac, amask, state, hist, d, K, 2, false);       \
    }
PLR_FUSED_FIR_K(1)
PLR_FUSED_FIR_K(2)
PLR_FUSED_FIR_K(3)
PLR_FUSED_FIR_K(4)
PLR_FUSED_FIR_K(5)
PLR_FUSED_FIR_K(6)
PLR_FUSED_FIR_K(7)
PLR_FUSED_FIR_K(8)
#undef PLR_FUSED_FIR_K

PLR_FUSED_K(1)
PLR_FUSED_K(2)
PLR_FUSED_K(3)
PLR_FUSED_K(4)
PLR_FUSED_K(5)
PLR_FUSED_K(6)
PLR_FUSED_K(7)
PLR_FUSED_K(8)
#undef PLR_FUSED_K

static void PLR_FN(fused_run)(const plr_problem *prob, const PLR_A *x, ptrdiff_t xs, PLR_A *y,
                              ptrdiff_t ys, size_t len, PLR_A *state, PLR_A *hist)
{
    if (prob->p > 0) {
        PLR_A ac[3];
        const unsigned amask = PLR_FN(dense_inputs3)(&prob->a, ac);
        PLR_FN(dense) d;
        PLR_FN(make_dense)(&prob->b, &d);
        static void (*const firs[8])(const PLR_A *, ptrdiff_t, PLR_A *, ptrdiff_t, size_t,
                                     const PLR_A *, unsigned, unsigned, PLR_A *, PLR_A *,
                                     const PLR_FN(dense) *) = {
            PLR_CAT(PLR_FN(fused_fir_k), 1), PLR_CAT(PLR_FN(fused_fir_k), 2),
            PLR_CAT(PLR_FN(fused_fir_k), 3), PLR_CAT(PLR_FN(fused_fir_k), 4),
            PLR_CAT(PLR_FN(fused_fir_k), 5), PLR_CAT(PLR_FN(fused_fir_k), 6),
            PLR_CAT(PLR_FN(fused_fir_k), 7), PLR_CAT(PLR_FN(fused_fir_k), 8)};
        firs[prob->k - 1](x, xs, y, ys, len, ac, amask, prob->p, state, hist, &d);
        return;
    }
    PLR_A a0;
    memcpy(&a0, prob->a.coef[0], sizeof a0);
    const bool a1 = PLR_FN(is_one)(prob->a.coef[0]);
    if (prob->k == 1 && prob->b.count == 1 && PLR_FN(is_one)(prob->b.coef[0])) {
        PLR_FN(fused_prefix)(x, xs, y, ys, len, a0, a1, state);
        return;
    }
    PLR_FN(dense) d;
    PLR_FN(make_dense)(&prob->b, &d);
    static void (*const fns[8])(const PLR_A *, ptrdiff_t, PLR_A *, ptrdiff_t, size_t, PLR_A, bool,
                                PLR_A *, const PLR_FN(dense) *) = {
        PLR_CAT(PLR_FN(fused_k), 1), PLR_CAT(PLR_FN(fused_k), 2), PLR_CAT(PLR_FN(fused_k), 3),
        PLR_CAT(PLR_FN(fused_k), 4), PLR_CAT(PLR_FN(fused_k), 5), PLR_CAT(PLR_FN(fused_k), 6),
        PLR_CAT(PLR_FN(fused_k), 7), PLR_CAT(PLR_FN(fused_k), 8)};
    fns[prob->k - 1](x, xs, y, ys, len, a0, a1, state, &d);
}

/* One sequence: len elements x[i*xs] -> y[i*ys] from state (k values,
 * nearest first) and hist (p values, oldest first), both updated. Unit
 * strides work on the arrays themselves; others through block buffers. */
static void PLR_FN(seq_run)(const plr_problem *prob, const PLR_A *x, ptrdiff_t xs, PLR_A *y,
                            ptrdiff_t ys, size_t len, PLR_A *state, PLR_A *hist)
{
    if (len == 0)
        return;
    if (PLR_FN(fusable)(prob)) {
        PLR_FN(fused_run)(prob, x, xs, y, ys, len, state, hist);
        return;
    }
    PLR_A t[PLR_SWEEP_BLOCK], xb[PLR_SWEEP_BLOCK], yb[PLR_SWEEP_BLOCK];
    const unsigned k = prob->k, p = prob->p;
    PLR_FN(dense) d;
    PLR_FN(make_dense)(&prob->b, &d);
    for (size_t off = 0; off < len; off += PLR_SWEEP_BLOCK) {
        const size_t l = len - off < PLR_SWEEP_BLOCK ? len - off : PLR_SWEEP_BLOCK;
        const PLR_A *xp = x + plr_off(off, xs);
        if (xs != 1) {
            for (size_t i = 0; i < l; i++)
                xb[i] = xp[plr_off(i, xs)];
            xp = xb;
        }
        PLR_FN(fir_block)(t, xp, l, hist, p, &prob->a);
        /* before y overwrites x when in place */
        PLR_FN(next_history)(hist, hist, xp, l, p);
        PLR_A *yp = ys == 1 ? y + off : yb;
        PLR_FN(solve_serial)(yp, t, l, state, &prob->b, &d, k);
        PLR_FN(next_state)(state, state, yp, l, k);
        if (ys != 1) {
            PLR_A *yo = y + plr_off(off, ys);
            for (size_t i = 0; i < l; i++)
                yo[plr_off(i, ys)] = yb[i];
        }
    }
}

/* ---- lanes ---------------------------------------------------------------
 * L sequences, lane l's element i at x[l*xd + i*xs] / y[l*yd + i*ys]. The
 * window of the last k outputs and of the last p inputs of every lane live
 * in rings of rows (row = one value per lane), so a position reads x once,
 * writes y once, and in-place calls never read an overwritten input. */
typedef struct PLR_FN(lane_rings) {
    size_t L;
    unsigned k, p;
    PLR_A *w;      /* k+1 rows of outputs; row `wh` holds y[i-1] */
    PLR_A *h;      /* p+1 rows of inputs; row `hh` holds x[i-1] */
    PLR_A *t;      /* one row of sums */
    unsigned wh, hh;
} PLR_FN(lane_rings);
/* One spare row in each ring: the row a position writes is never one its
 * taps read, so the compiler can vectorize the pass without alias checks. */

/* Values a lane_rings needs for L lanes: (k+1 + p+1 + 1) * L. */
static inline size_t PLR_FN(rings_size)(const plr_problem *prob, size_t L)
{
    return ((size_t)prob->k + prob->p + 3) * L;
}

static inline void PLR_FN(rings_init)(PLR_FN(lane_rings) *r, const plr_problem *prob, size_t L,
                                      PLR_A *mem)
{
    r->L = L;
    r->k = prob->k;
    r->p = prob->p;
    r->w = mem;
    r->h = mem + (size_t)(r->k + 1) * L;
    r->t = r->h + (size_t)(r->p + 1) * L;
    r->wh = r->hh = 0;
}

/* st[j*L + l] = y[-1-j] of lane l (nearest first); hs[j*L + l] = x[j-p]. */
static void PLR_FN(rings_load)(PLR_FN(lane_rings) *r, const PLR_A *st, const PLR_A *hs)
{
    const size_t L = r->L;
    r->wh = r->k - 1;
    for (unsigned j = 0; j < r->k; j++)
        memcpy(r->w + (size_t)(r->k - 1 - j) * L, st + (size_t)j * L, L * sizeof(PLR_A));
    r->hh = r->p ? r->p - 1 : 0;
    if (r->p)
        memcpy(r->h, hs, (size_t)r->p * L * sizeof(PLR_A));
}

static void PLR_FN(rings_store)(const PLR_FN(lane_rings) *r, PLR_A *st, PLR_A *hs)
{
    const size_t L = r->L;
    const unsigned K1 = r->k + 1, P1 = r->p + 1;
    for (unsigned j = 0; j < r->k; j++)
        memcpy(st + (size_t)j * L, r->w + (size_t)((r->wh + K1 - j) % K1) * L, L * sizeof(PLR_A));
    for (unsigned m = 0; m < r->p; m++)
        memcpy(hs + (size_t)(r->p - 1 - m) * L, r->h + (size_t)((r->hh + P1 - m) % P1) * L,
               L * sizeof(PLR_A));
}

/* Row pointers of the taps at the current position: inputs x[i-lag] for
 * the a-taps (lag 0: NULL, the row being read), outputs y[i-lag] for the
 * b-taps. */
static inline void PLR_FN(tap_rows)(const PLR_FN(lane_rings) *r, const plr_taps *a,
                                    const plr_taps *b, const PLR_A **arow, const PLR_A **brow)
{
    const unsigned K1 = r->k + 1, P1 = r->p + 1;
    for (unsigned q = 0; q < a->count; q++)
        arow[q] = a->lag[q] == 0 ? NULL
                                 : r->h + (size_t)((r->hh + P1 - (a->lag[q] - 1)) % P1) * r->L;
    for (unsigned q = 0; q < b->count; q++)
        brow[q] = r->w + (size_t)((r->wh + K1 - (b->lag[q] - 1)) % K1) * r->L;
}

/* One position for every lane once the taps read rows in memory: NA
 * input taps (the first at lag 0) and NB output taps known at compile
 * time, lanes contiguous: a single loop over the lanes, which the compiler
 * vectorizes (the row written is restrict: no other row the pass touches
 * shares its elements; in place, x's row is read through y's pointer).
 * The lanes before the first 32-byte boundary of the row written go one by
 * one, so that the vector loop's 32-byte accesses do not straddle cache
 * lines wherever the rows lie as y's does (malloc's large blocks start 16
 * bytes into a page: every other AVX2 access of the row split in two; on
 * the 2-core VM, 1080x1920 f32 one-pole columns 188 -> 174 us, level with
 * the same loop on an aligned array). Every lane's operations are the same
 * either way. */
PLR_INLINE void PLR_FN(lanes_row_fixed)(const PLR_A *xr, PLR_A *restrict yr, size_t L,
                                        const PLR_A *ac, const PLR_A *const *arow, const PLR_A *bc,
                                        const PLR_A *const *brow, const unsigned NA,
                                        const unsigned NB, const bool IN_PLACE)
{
    size_t head = ((size_t)-(uintptr_t)yr & 31u) / sizeof(PLR_A);
    if (head > L)
        head = L;
    size_t l = 0;
#define PLR_LANE_BODY                                                                              \
    do {                                                                                           \
        PLR_A acc = ac[0] * (IN_PLACE ? yr[l] : xr[l]);                                            \
        for (unsigned q = 1; q < NA; q++)                                                          \
            acc = acc + ac[q] * arow[q][l];                                                        \
        for (unsigned q = 0; q < NB; q++)                                                          \
            acc = acc + bc[q] * brow[q][l];                                                        \
        yr[l] = acc;                                                                               \
    } while (0)
    for (; l < head; l++)
        PLR_LANE_BODY;
    PLR_UNROLL4
    for (; l < L; l++)
        PLR_LANE_BODY;
#undef PLR_LANE_BODY
}

/* One position for every lane, any taps and lane strides: one pass per tap
 * over a row of sums. */
static void PLR_FN(lanes_row_any)(const PLR_FN(lane_rings) *r, const plr_taps *a, const plr_taps *b,
                                  const PLR_A *ac, const PLR_A *bc, const PLR_A *xr, ptrdiff_t xd,
                                  PLR_A *yr, ptrdiff_t yd, const PLR_A *const *arow,
                                  const PLR_A *const *brow, PLR_A *wnew, PLR_A *hnew)
{
    const size_t L = r->L;
    PLR_A *t = r->t;
    if (a->count == 0)
        for (size_t l = 0; l < L; l++)
            t[l] = 0;
    for (unsigned q = 0; q < a->count; q++) {
        const PLR_A c = ac[q], *src = arow[q];
        for (size_t l = 0; l < L; l++) {
            PLR_A v = c * (src ? src[l] : xr[plr_off(l, xd)]);
            t[l] = q == 0 ? v : t[l] + v;
        }
    }
    if (hnew)
        for (size_t l = 0; l < L; l++)
            hnew[l] = xr[plr_off(l, xd)];
    for (unsigned q = 0; q < b->count; q++) {
        const PLR_A c = bc[q], *src = brow[q];
        for (size_t l = 0; l < L; l++)
            t[l] = t[l] + c * src[l];
    }
    for (size_t l = 0; l < L; l++) {
        if (wnew)
            wnew[l] = t[l];
        yr[plr_off(l, yd)] = t[l];
    }
}

/* Rows [i, len) of contiguous lanes whose taps all read rows in memory: few
 * taps, the first at lag 0, and in place only without earlier input taps
 * (their rows are overwritten: the rings keep them). NA, NB and IN_PLACE
 * are constants after inlining. */
PLR_INLINE void PLR_FN(lanes_rows_body)(const plr_taps *a, const plr_taps *b, const PLR_A *ac,
                                        const PLR_A *bc, const PLR_A *x, ptrdiff_t xs, PLR_A *y,
                                        ptrdiff_t ys, size_t L, size_t i, size_t len, bool far,
                                        const unsigned NA, const unsigned NB, const bool IN_PLACE)
{
    const PLR_A *arow[3] = {NULL, NULL, NULL}, *brow[3] = {NULL, NULL, NULL};
    const size_t row_bytes = L * sizeof(PLR_A);
    for (; i < len; i++) {
        if (far && i + PLR_PREFETCH_ROWS < len) {
            const char *xa = (const char *)(x + plr_off(i + PLR_PREFETCH_ROWS, xs));
            const char *ya = (const char *)(y + plr_off(i + PLR_PREFETCH_ROWS, ys));
            for (size_t c = 0; c < row_bytes; c += 64) {
                __builtin_prefetch(xa + c, 0);
                if (!IN_PLACE)
                    __builtin_prefetch(ya + c, 1);
            }
        }
        for (unsigned q = 1; q < NA; q++)
            arow[q] = x + plr_off(i - a->lag[q], xs);
        for (unsigned q = 0; q < NB; q++)
            brow[q] = y + plr_off(i - b->lag[q], ys);
        PLR_FN(lanes_row_fixed)(x + plr_off(i, xs), y + plr_off(i, ys), L, ac, arow, bc, brow, NA, NB,
                                IN_PLACE);
    }
}

/* The same, a function of its own: inlined into lanes_run, the lane loop
 * once peeled (lanes_row_fixed) lost its pointers to the stack (1080x1920
 * one-pole columns 188 -> 220 us on the 2-core VM). */
PLR_LANES_CLONES __attribute__((noinline)) static void
PLR_FN(lanes_rows_fixed)(const plr_taps *a, const plr_taps *b, const PLR_A *ac, const PLR_A *bc,
                         const PLR_A *x, ptrdiff_t xs, PLR_A *y, ptrdiff_t ys, size_t L, size_t i,
                         size_t len, bool in_place, bool far)
{
#define PLR_ROWS(NA, NB)                                                                           \
    case NA * 4 + NB:                                                                              \
        if (in_place)                                                                              \
            PLR_FN(lanes_rows_body)(a, b, ac, bc, x, xs, y, ys, L, i, len, far, NA, NB, true);     \
        else                                                                                       \
            PLR_FN(lanes_rows_body)(a, b, ac, bc, x, xs, y, ys, L, i, len, far, NA, NB, false);    \
        return
    switch (a->count * 4 + b->count) {
        PLR_ROWS(1, 1);
        PLR_ROWS(1, 2);
        PLR_ROWS(1, 3);
        PLR_ROWS(2, 1);
        PLR_ROWS(2, 2);
        PLR_ROWS(2, 3);
        PLR_ROWS(3, 1);
        PLR_ROWS(3, 2);
        PLR_ROWS(3, 3);
    }
#undef PLR_ROWS
}

#define PLR_NL 2
#include "narrow.h"
#undef PLR_NL
#define PLR_NL 4
#include "narrow.h"
#undef PLR_NL
#define PLR_NL 8
#include "narrow.h"
#undef PLR_NL
#define PLR_NL 16
#include "narrow.h"
#undef PLR_NL

/* Contiguous lanes that plr_lanes_narrow admits run with their windows in
 * registers (narrow.h), from and back into the rings; false where that
 * does not apply. */
static bool PLR_FN(lanes_narrow)(const plr_problem *prob, PLR_FN(lane_rings) *r, const PLR_A *x,
                                 ptrdiff_t xs, ptrdiff_t xd, PLR_A *y, ptrdiff_t ys, ptrdiff_t yd,
                                 size_t len)
{
    const size_t L = r->L;
    const unsigned k = r->k, p = r->p;
    if (xd != 1 || yd != 1 || !plr_lanes_narrow(prob, L))
        return false;
    PLR_A ac[3];
    const unsigned amask = PLR_FN(dense_inputs3)(&prob->a, ac);
    PLR_FN(dense) d;
    PLR_FN(make_dense)(&prob->b, &d);
    const unsigned bmask = (unsigned)d.present[0] | (unsigned)d.present[1] << 1 | (unsigned)d.present[2] << 2;
    PLR_A ws[3 * 16], hs[2 * 16];
    PLR_FN(rings_store)(r, ws, hs);
    switch (L) {
    case 2: PLR_CAT(PLR_FN(narrow_run), 2)(x, xs, y, ys, len, ws, hs, ac, amask, d.bd, bmask, k, p); break;
    case 4: PLR_CAT(PLR_FN(narrow_run), 4)(x, xs, y, ys, len, ws, hs, ac, amask, d.bd, bmask, k, p); break;
    case 8: PLR_CAT(PLR_FN(narrow_run), 8)(x, xs, y, ys, len, ws, hs, ac, amask, d.bd, bmask, k, p); break;
    default: PLR_CAT(PLR_FN(narrow_run), 16)(x, xs, y, ys, len, ws, hs, ac, amask, d.bd, bmask, k, p); break;
    }
    PLR_FN(rings_load)(r, ws, hs);
    return true;
}

/* The lanes from the rings' state over len positions, leaving the rings
 * with the state after them. The first max(k, p) positions take their taps
 * from the rings; after them, with contiguous lanes, the taps read the
 * earlier rows of y (and of x, unless in place) where they lie, as the
 * caller's own loop would, and the rings are filled from there at the end. */
PLR_LANES_CLONES static void PLR_FN(lanes_run)(const plr_problem *prob, PLR_FN(lane_rings) *r, const PLR_A *x,
                              ptrdiff_t xs, ptrdiff_t xd, PLR_A *y, ptrdiff_t ys, ptrdiff_t yd,
                              size_t len)
{
    if (PLR_FN(lanes_narrow)(prob, r, x, xs, xd, y, ys, yd, len))
        return;
    const plr_taps *a = &prob->a, *b = &prob->b;
    const size_t L = r->L;
    const unsigned k = r->k, p = r->p;
    PLR_A ac[PLR_MAX_FIR], bc[PLR_MAX_ORDER];
    for (unsigned q = 0; q < a->count; q++)
        memcpy(&ac[q], a->coef[q], sizeof(PLR_A));
    for (unsigned q = 0; q < b->count; q++)
        memcpy(&bc[q], b->coef[q], sizeof(PLR_A));
    const bool contiguous = xd == 1 && yd == 1;
    const bool in_place = (const void *)x == (const void *)y && xs == ys && xd == yd;
    const PLR_A *arow[PLR_MAX_FIR], *brow[PLR_MAX_ORDER];
    const size_t head = k > p ? k : p;
    const size_t ring_rows = contiguous && len > head ? head : len;
    size_t i = 0;
    for (; i < ring_rows; i++) {
        PLR_FN(tap_rows)(r, a, b, arow, brow);
        const unsigned wn = (r->wh + 1) % (k + 1), hn = p ? (r->hh + 1) % (p + 1) : 0;
        PLR_FN(lanes_row_any)(r, a, b, ac, bc, x + plr_off(i, xs), xd, y + plr_off(i, ys), yd, arow,
                              brow, r->w + (size_t)wn * L, p ? r->h + (size_t)hn * L : NULL);
        r->wh = wn;
        r->hh = hn;
    }
    if (i == len)
        return;
    /* Rows of a narrow group lie far apart (a column group of 64 floats
     * reads 256 bytes of each 7.5 KiB image row): beyond a page, no hardware
     * prefetcher follows them, and every row would wait for memory. So the
     * rows PREFETCH_ROWS ahead are asked for in advance. */
    const size_t row_bytes = L * sizeof(PLR_A);
    const bool far = (size_t)(xs < 0 ? -xs : xs) * sizeof(PLR_A) > 2 * row_bytes;
    if (a->count >= 1 && a->count <= 3 && a->lag[0] == 0 && b->count <= 3 && !(in_place && p)) {
        PLR_FN(lanes_rows_fixed)(a, b, ac, bc, x, xs, y, ys, L, i, len, in_place, far);
        i = len;
    }
    for (; i < len; i++) {
        const unsigned hn = p ? (r->hh + 1) % (p + 1) : 0;
        if (far && i + PLR_PREFETCH_ROWS < len) {
            const char *xa = (const char *)(x + plr_off(i + PLR_PREFETCH_ROWS, xs));
            const char *ya = (const char *)(y + plr_off(i + PLR_PREFETCH_ROWS, ys));
            for (size_t c = 0; c < row_bytes; c += 64) {
                __builtin_prefetch(xa + c, 0);
                if (!in_place)
                    __builtin_prefetch(ya + c, 1);
            }
        }
        for (unsigned q = 0; q < a->count; q++) {
            const unsigned lag = a->lag[q];
            arow[q] = lag == 0  ? NULL
                      : in_place ? r->h + (size_t)((r->hh + p + 1 - (lag - 1)) % (p + 1)) * L
                                 : x + plr_off(i - lag, xs);
        }
        for (unsigned q = 0; q < b->count; q++)
            brow[q] = y + plr_off(i - b->lag[q], ys);
        PLR_FN(lanes_row_any)(r, a, b, ac, bc, x + plr_off(i, xs), 1, y + plr_off(i, ys), 1, arow,
                              brow, NULL, in_place && p ? r->h + (size_t)hn * L : NULL);
        r->hh = hn;
    }
    /* the rings from memory: the last k outputs, and (not in place) p inputs */
    r->wh = k - 1;
    for (unsigned j = 0; j < k; j++)
        memcpy(r->w + (size_t)(k - 1 - j) * L, y + plr_off(len - 1 - j, ys), L * sizeof(PLR_A));
    if (p && !in_place) {
        r->hh = p - 1;
        for (unsigned m = 0; m < p; m++)
            memcpy(r->h + (size_t)(p - 1 - m) * L, x + plr_off(len - 1 - m, xs), L * sizeof(PLR_A));
    }
}

/* ---- whole groups ----------------------------------------------------------
 * Group g of a work division (plr_work), every sequence of it from its
 * initial state to its end, its final states left in prob->finals. The
 * serial backend runs every group this way; the cpu backend does when the
 * sequences are not cut. scratch: group_scratch_size values. */
static inline size_t PLR_FN(group_scratch_size)(const plr_problem *prob, const plr_work *w)
{
    return w->lanes ? ((size_t)prob->k + prob->p) * w->group + PLR_FN(rings_size)(prob, w->group) : 0;
}

/* Lane-major per-sequence values (count blocks of `per` values) to and from
 * the lanes' row layout (v[j*L + l]). given: the caller's array behind `of`
 * (prob->states or prob->hists); where there is none, every lane starts
 * from zeros, filled without a call per lane (those calls were nine
 * tenths of a serial call's fixed cost for 1920 image columns). */
static void PLR_FN(rows_from_seqs)(PLR_A *rows, const plr_problem *prob, size_t s0, size_t L,
                                   unsigned per, const void *(*of)(const plr_problem *, size_t),
                                   const unsigned char *given)
{
    if (prob->count > 1 && !given) {
        memset(rows, 0, (size_t)per * L * sizeof(PLR_A));
        return;
    }
    for (size_t l = 0; l < L; l++) {
        const PLR_A *v = of(prob, s0 + l);
        for (unsigned j = 0; j < per; j++)
            rows[(size_t)j * L + l] = v[j];
    }
}

static void PLR_FN(finals_from_rows)(const plr_problem *prob, size_t s0, size_t L, const PLR_A *rows)
{
    PLR_A *fin = (PLR_A *)prob->finals;
    for (size_t l = 0; l < L; l++)
        for (unsigned j = 0; j < prob->k; j++)
            fin[(s0 + l) * prob->k + j] = rows[(size_t)j * L + l];
}

static void PLR_FN(group_run)(const plr_problem *prob, const plr_work *w, size_t g, PLR_A *scratch)
{
    const size_t s0 = g * w->group;
    const size_t L = prob->count - s0 < w->group ? prob->count - s0 : w->group;
    const PLR_A *x = (const PLR_A *)prob->x;
    PLR_A *y = (PLR_A *)prob->y;
    const unsigned k = prob->k, p = prob->p;
    if (!w->lanes) {
        for (size_t s = s0; s < s0 + L; s++) {
            PLR_A st[PLR_MAX_ORDER], hs[PLR_MAX_FIR];
            memcpy(st, plr_seq_state(prob, s), k * sizeof(PLR_A));
            memcpy(hs, plr_seq_hist(prob, s), p * sizeof(PLR_A));
            PLR_FN(seq_run)(prob, x + plr_off(s, prob->xd), prob->xs, y + plr_off(s, prob->yd),
                            prob->ys, prob->n, st, hs);
            if (prob->finals)
                memcpy((PLR_A *)prob->finals + s * k, st, k * sizeof(PLR_A));
        }
        return;
    }
    PLR_A *st = scratch, *hs = st + (size_t)k * L;
    PLR_FN(lane_rings) r;
    PLR_FN(rings_init)(&r, prob, L, hs + (size_t)p * L);
    PLR_FN(rows_from_seqs)(st, prob, s0, L, k, plr_seq_state, prob->states);
    PLR_FN(rows_from_seqs)(hs, prob, s0, L, p, plr_seq_hist, prob->hists);
    PLR_FN(rings_load)(&r, st, hs);
    PLR_FN(lanes_run)(prob, &r, x + plr_off(s0, prob->xd), prob->xs, prob->xd,
                      y + plr_off(s0, prob->yd), prob->ys, prob->yd, prob->n);
    if (prob->finals) {
        PLR_FN(rings_store)(&r, st, hs);
        PLR_FN(finals_from_rows)(prob, s0, L, st);
    }
}
