/* Type-generic building blocks shared by the serial and cpu backends.
 *
 * Included once per element type with
 *   PLR_A    the arithmetic type (uint32_t, uint64_t, float, double)
 *   PLR_SFX  a name suffix (u32, u64, f32, f64)
 *   PLR_FLOAT 1 for floating point
 * Integer element types compute in their unsigned twin so that every
 * operation wraps modulo 2^w; the signed type's storage aliases it.
 *
 * The serial semantics every backend reproduces (the reference):
 *   t[i] = c(a-tap 0)*x[i-lag0] + c(a-tap 1)*x[i-lag1] + ...   (taps in lag order)
 *   y[i] = t[i] + c(b-tap 0)*y[i-lag0] + ...                     (taps in lag order)
 * with absent (zero) coefficients contributing no operation at all. */

#define PLR_CAT2(a, b) a##_##b
#define PLR_CAT(a, b) PLR_CAT2(a, b)
#define PLR_FN(name) PLR_CAT(name, PLR_SFX)

typedef PLR_A PLR_FN(arith);

#ifndef PLR_KERNELS_COMMON
#define PLR_KERNELS_COMMON
#define PLR_INLINE static inline __attribute__((always_inline))
/* Unrolls a vectorized loop four times: a seven-instruction vector loop
 * ran at half speed where it started 8 bytes before a 64-byte line (the
 * 2-core VM's AMD EPYC: image columns at 0.55x the caller's loop or 1.0x,
 * depending on where the linker put the code); four copies of the body are
 * as fast wherever they lie. */
#if defined(__clang__)
#define PLR_UNROLL4 _Pragma("clang loop unroll_count(4)")
#elif defined(__GNUC__)
#define PLR_UNROLL4 _Pragma("GCC unroll 4")
#else
#define PLR_UNROLL4
#endif
#endif

/* Dense recursive coefficients: bd[j] multiplies y[i-1-j]; present[j] says
 * whether that term exists. */
typedef struct PLR_FN(dense) {
    PLR_A bd[PLR_MAX_ORDER];
    bool present[PLR_MAX_ORDER];
} PLR_FN(dense);

static inline void PLR_FN(make_dense)(const plr_taps *b, PLR_FN(dense) *d)
{
    memset(d, 0, sizeof *d);
    for (unsigned q = 0; q < b->count; q++) {
        memcpy(&d->bd[b->lag[q] - 1], b->coef[q], sizeof(PLR_A));
        d->present[b->lag[q] - 1] = true;
    }
}

/* t[0..len) from x[0..len) and hist[0..p) = x[-p..-1]. */
static inline void PLR_FN(fir_block)(PLR_A *restrict t, const PLR_A *restrict x, size_t len,
                              const PLR_A *restrict hist, unsigned p, const plr_taps *a)
{
    if (a->count == 0) {
        memset(t, 0, len * sizeof *t);
        return;
    }
    for (unsigned q = 0; q < a->count; q++) {
        PLR_A c;
        memcpy(&c, a->coef[q], sizeof c);
        unsigned lag = a->lag[q];
        size_t head = lag < len ? lag : len;
        if (q == 0) {
            for (size_t i = 0; i < head; i++)
                t[i] = c * hist[p + i - lag];
            for (size_t i = head; i < len; i++)
                t[i] = c * x[i - lag];
        } else {
            for (size_t i = 0; i < head; i++)
                t[i] = t[i] + c * hist[p + i - lag];
            for (size_t i = head; i < len; i++)
                t[i] = t[i] + c * x[i - lag];
        }
    }
}

/* The last p inputs of (hist ++ x[0..len)), oldest first, into out (may alias hist). */
static inline void PLR_FN(next_history)(PLR_A *out, const PLR_A *hist, const PLR_A *x, size_t len, unsigned p)
{
    PLR_A tmp[PLR_MAX_FIR];
    for (unsigned j = 0; j < p; j++) {
        /* element j of the new history is input index len - p + j */
        ptrdiff_t idx = (ptrdiff_t)len - (ptrdiff_t)p + (ptrdiff_t)j;
        tmp[j] = idx >= 0 ? x[idx] : hist[(ptrdiff_t)p + idx];
    }
    memcpy(out, tmp, p * sizeof *out);
}

/* The state after y[0..len) given the state before it (nearest first, k values). */
static inline void PLR_FN(next_state)(PLR_A *out, const PLR_A *before, const PLR_A *y, size_t len, unsigned k)
{
    PLR_A tmp[PLR_MAX_ORDER];
    for (unsigned j = 0; j < k; j++)
        tmp[j] = j < len ? y[len - 1 - j] : before[j - len];
    memcpy(out, tmp, k * sizeof *out);
}

/* One serial recurrence with K compile-time and the windows of the last K
 * outputs and P (0, 1 or 2) earlier inputs in registers:
 *   y[i*ys] = ac[0]*x[i*xs] + ac[1]*x[i-1] + ac[2]*x[i-2] + sum_j b_j y[i-j]
 * from state (K values, nearest first) and hist (x[-P..-1], oldest first),
 * both left holding the windows after it. Input tap j is present where
 * amask bit j is set (bit 0 always), output taps where d says; absent taps
 * are no operation, the others in lag order, as fir_block and solve_serial
 * compute them. Any stride is as cheap as unit stride, and x may be y (in
 * place). A1: ac[0] is one (the inputs are the FIR sums themselves). */
PLR_INLINE void PLR_FN(solve_window)(const PLR_A *x, ptrdiff_t xs, PLR_A *y, ptrdiff_t ys,
                                     size_t len, const PLR_A *ac, unsigned amask, PLR_A *state,
                                     PLR_A *hist, const PLR_FN(dense) *d, const unsigned K,
                                     const unsigned P, const bool A1)
{
    PLR_A w[PLR_MAX_ORDER], bd[PLR_MAX_ORDER];
    bool present[PLR_MAX_ORDER];
    for (unsigned j = 0; j < K; j++) {
        w[j] = state[j];
        bd[j] = d->bd[j];
        present[j] = d->present[j];
    }
    const PLR_A a0 = ac[0], a1 = P > 0 ? ac[1] : 0, a2 = P > 1 ? ac[2] : 0;
    const bool t1 = P > 0 && (amask & 2u), t2 = P > 1 && (amask & 4u);
    PLR_A h1 = P > 0 ? hist[P - 1] : 0, h2 = P > 1 ? hist[0] : 0; /* x[i-1], x[i-2] */
    for (size_t i = 0; i < len; i++) {
        const PLR_A xi = x[(ptrdiff_t)i * xs];
        PLR_A acc = A1 ? xi : a0 * xi;
        if (t1)
            acc = acc + a1 * h1;
        if (t2)
            acc = acc + a2 * h2;
        for (unsigned j = 0; j < K; j++)
            if (present[j])
                acc = acc + bd[j] * w[j];
        for (unsigned j = K - 1; j > 0; j--)
            w[j] = w[j - 1];
        w[0] = acc;
        h2 = h1;
        h1 = xi;
        y[(ptrdiff_t)i * ys] = acc;
    }
    for (unsigned j = 0; j < K; j++)
        state[j] = w[j];
    if (P > 0)
        hist[P - 1] = h1;
    if (P > 1)
        hist[0] = h2;
}

/* solve_window without input history: y[i*ys] = a0*x[i*xs] + sum_j b_j y[i-j].
 * PREFIX: K = 1 with b1 = 1, a plain running sum, whose chain is one add as
 * in the caller's own loop (d unused). */
PLR_INLINE void PLR_FN(solve_fixed)(const PLR_A *x, ptrdiff_t xs, PLR_A *y, ptrdiff_t ys, size_t len,
                                    PLR_A a0, PLR_A *state, const PLR_FN(dense) *d, const unsigned K,
                                    const bool A1, const bool PREFIX)
{
    if (PREFIX) {
        PLR_A w = state[0];
        for (size_t i = 0; i < len; i++) {
            PLR_A t = A1 ? x[(ptrdiff_t)i * xs] : a0 * x[(ptrdiff_t)i * xs];
            w = t + w;
            y[(ptrdiff_t)i * ys] = w;
        }
        state[0] = w;
        return;
    }
    PLR_FN(solve_window)(x, xs, y, ys, len, &a0, 1u, state, NULL, d, K, 0, A1);
}

/* Any order: the window is read back from y once past the first k outputs. */
static inline void PLR_FN(solve_any)(PLR_A *restrict y, const PLR_A *restrict t, size_t len,
                              const PLR_A *restrict state, const plr_taps *b)
{
    unsigned nt = b->count;
    PLR_A c[PLR_MAX_ORDER];
    unsigned lag[PLR_MAX_ORDER];
    for (unsigned q = 0; q < nt; q++) {
        memcpy(&c[q], b->coef[q], sizeof c[q]);
        lag[q] = b->lag[q];
    }
    unsigned k = lag[nt - 1];
    size_t head = k < len ? k : len;
    for (size_t i = 0; i < head; i++) {
        PLR_A acc = t[i];
        for (unsigned q = 0; q < nt; q++) {
            PLR_A prev = i >= lag[q] ? y[i - lag[q]] : state[lag[q] - 1 - i];
            acc = acc + c[q] * prev;
        }
        y[i] = acc;
    }
    for (size_t i = head; i < len; i++) {
        PLR_A acc = t[i];
        for (unsigned q = 0; q < nt; q++)
            acc = acc + c[q] * y[i - lag[q]];
        y[i] = acc;
    }
}

/* The serial loop over one block, continuing from state (nearest first). */
static inline void PLR_FN(solve_serial)(PLR_A *restrict y, const PLR_A *restrict t, size_t len,
                                 const PLR_A *restrict state, const plr_taps *b,
                                 const PLR_FN(dense) *d, unsigned k)
{
    PLR_A st[PLR_MAX_ORDER];
    if (k <= 8)
        memcpy(st, state, k * sizeof(PLR_A)); /* the caller keeps its state */
    switch (k) {
    case 1: PLR_FN(solve_fixed)(t, 1, y, 1, len, 1, st, d, 1, true, false); break;
    case 2: PLR_FN(solve_fixed)(t, 1, y, 1, len, 1, st, d, 2, true, false); break;
    case 3: PLR_FN(solve_fixed)(t, 1, y, 1, len, 1, st, d, 3, true, false); break;
    case 4: PLR_FN(solve_fixed)(t, 1, y, 1, len, 1, st, d, 4, true, false); break;
    case 5: PLR_FN(solve_fixed)(t, 1, y, 1, len, 1, st, d, 5, true, false); break;
    case 6: PLR_FN(solve_fixed)(t, 1, y, 1, len, 1, st, d, 6, true, false); break;
    case 7: PLR_FN(solve_fixed)(t, 1, y, 1, len, 1, st, d, 7, true, false); break;
    case 8: PLR_FN(solve_fixed)(t, 1, y, 1, len, 1, st, d, 8, true, false); break;
    default: PLR_FN(solve_any)(y, t, len, state, b); break;
    }
}

/* G tiles of length m (tile g at offset g*m), each from its own state
 * (states + g*k, nearest first; NULL: zero), interleaved so that the G
 * dependency chains overlap in the core. The window is read back from y,
 * taps far to near, so that only the last multiply-add of an element waits
 * for the one before. NT is the tap count, a constant when inlined from the
 * dispatch below; only existing terms are computed (see the header). The
 * state after each tile goes to ends + g*k. */
PLR_INLINE void PLR_FN(solve_tiles_g)(PLR_A *restrict y, const PLR_A *restrict t, size_t m,
                                      const PLR_A *restrict states, PLR_A *restrict ends,
                                      const plr_taps *b, const unsigned NT, const unsigned G)
{
    PLR_A c[PLR_MAX_ORDER];
    unsigned lag[PLR_MAX_ORDER];
    for (unsigned q = 0; q < NT; q++) {
        memcpy(&c[q], b->coef[q], sizeof c[q]);
        lag[q] = b->lag[q];
    }
    const unsigned k = lag[NT - 1];
    const size_t head = k < m ? k : m;
    for (unsigned g = 0; g < G; g++) {
        PLR_A *yg = y + g * m;
        const PLR_A *tg = t + g * m;
        for (size_t i = 0; i < head; i++) {
            PLR_A acc = tg[i];
            for (unsigned q = NT; q-- > 0;) {
                PLR_A prev = i >= lag[q] ? yg[i - lag[q]]
                             : states   ? states[g * k + lag[q] - 1 - i]
                                        : 0;
                acc = acc + c[q] * prev;
            }
            yg[i] = acc;
        }
    }
    for (size_t i = head; i < m; i++) {
        for (unsigned g = 0; g < G; g++) {
            PLR_A *yg = y + g * m;
            PLR_A acc = t[g * m + i];
            for (unsigned q = NT; q-- > 0;)
                acc = acc + c[q] * yg[i - lag[q]];
            yg[i] = acc;
        }
    }
    static const PLR_A zero[PLR_MAX_ORDER];
    for (unsigned g = 0; g < G; g++)
        PLR_FN(next_state)(ends + g * k, states ? states + g * k : zero, y + g * m, m, k);
}

/* As solve_tiles_g for dense recurrences (every b_1..b_K present) of low
 * order: the window stays in registers, which shortens each chain by a
 * store-to-load round trip. */
PLR_INLINE void PLR_FN(solve_tiles_dense)(PLR_A *restrict y, const PLR_A *restrict t, size_t m,
                                          const PLR_A *restrict states, PLR_A *restrict ends,
                                          const PLR_FN(dense) *d, const unsigned K,
                                          const unsigned G)
{
    PLR_A w[8][4];
    PLR_A bd[4];
    for (unsigned j = 0; j < K; j++) {
        bd[j] = d->bd[j];
        for (unsigned g = 0; g < G; g++)
            w[g][j] = states ? states[g * K + j] : 0;
    }
    for (size_t i = 0; i < m; i++) {
        for (unsigned g = 0; g < G; g++) {
            PLR_A acc = t[g * m + i];
            for (unsigned j = K; j-- > 0;)
                acc = acc + bd[j] * w[g][j];
            for (unsigned j = K - 1; j > 0; j--)
                w[g][j] = w[g][j - 1];
            w[g][0] = acc;
            y[g * m + i] = acc;
        }
    }
    for (unsigned g = 0; g < G; g++)
        for (unsigned j = 0; j < K; j++)
            ends[g * K + j] = w[g][j];
}

/* Solves the tiles of one chunk (m long except possibly the last) from the
 * given per-tile states (NULL: zero), writing y and the state after every
 * full tile into ends. */
static inline void PLR_FN(solve_tiles)(PLR_A *restrict y, const PLR_A *restrict t, size_t len,
                                       size_t m, const PLR_A *states, PLR_A *ends,
                                       const plr_taps *b, const PLR_FN(dense) *d, unsigned k)
{
    size_t full = len / m, tile = 0;
#define PLR_TILES(NT, G)                                                                           \
    for (; tile + G <= full; tile += G)                                                            \
        PLR_FN(solve_tiles_g)(y + tile * m, t + tile * m, m, states ? states + tile * k : NULL,    \
                              ends + tile * k, b, NT, G);                                          \
    break
    if (b->count == k && k <= 4) {
#define PLR_DENSE(K, G)                                                                            \
    for (; tile + G <= full; tile += G)                                                            \
        PLR_FN(solve_tiles_dense)(y + tile * m, t + tile * m, m,                                   \
                                  states ? states + tile * k : NULL, ends + tile * k, d, K, G);    \
    break
        switch (k) {
        case 1: PLR_DENSE(1, 8);
        case 2: PLR_DENSE(2, 8);
        case 3: PLR_DENSE(3, 4);
        default: PLR_DENSE(4, 4);
        }
#undef PLR_DENSE
    } else switch (b->count) {
    case 1: PLR_TILES(1, 8);
    case 2: PLR_TILES(2, 8);
    case 3: PLR_TILES(3, 8);
    case 4: PLR_TILES(4, 4);
    case 5: PLR_TILES(5, 4);
    case 6: PLR_TILES(6, 4);
    case 7: PLR_TILES(7, 4);
    case 8: PLR_TILES(8, 4);
    default: PLR_TILES(b->count, 4);
    }
#undef PLR_TILES
    /* the rest one by one */
    static const PLR_A zero[PLR_MAX_ORDER];
    for (size_t off = tile * m; off < len; off += m, tile++) {
        size_t l = len - off < m ? len - off : m;
        const PLR_A *st = states ? states + tile * k : zero;
        PLR_FN(solve_serial)(y + off, t + off, l, st, b, d, k);
        if (l == m)
            PLR_FN(next_state)(ends + tile * k, st, y + off, l, k);
    }
}

/* y[i] += sum_j fac_j[i] * s[j]: the correction of a tile whose true
 * preceding state is s. Lists are cut where they have decayed to zero. */
static inline void PLR_FN(correct_tile)(PLR_A *restrict y, size_t len, const plr_factors *f,
                                 const PLR_A *restrict s)
{
    const PLR_A *fac = f->fac;
    for (unsigned j = 0; j < f->k; j++) {
        PLR_A c = s[j];
        if (c == 0)
            continue;
        size_t l = f->nonzero_len[j] < len ? f->nonzero_len[j] : len;
        const PLR_A *restrict fj = fac + j * f->m;
        if (f->constant[j]) {
            PLR_A add = fj[0] * c;
            for (size_t i = 0; i < l; i++)
                y[i] = y[i] + add;
        } else {
            for (size_t i = 0; i < l; i++)
                y[i] = y[i] + fj[i] * c;
        }
    }
}

/* out = e + M s, where M maps the state before a full tile to the state
 * after it: M[j'][j] = fac_j[m-1-j']. */
static inline void PLR_FN(chain_state)(PLR_A *out, const PLR_A *s, const PLR_A *e, const plr_factors *f)
{
    const PLR_A *fac = f->fac;
    unsigned k = f->k;
    size_t m = f->m;
    PLR_A tmp[PLR_MAX_ORDER];
    for (unsigned jo = 0; jo < k; jo++) {
        PLR_A acc = e[jo];
        for (unsigned j = 0; j < k; j++)
            acc = acc + fac[j * m + m - 1 - jo] * s[j];
        tmp[jo] = acc;
    }
    memcpy(out, tmp, k * sizeof *out);
}

static inline bool PLR_FN(all_finite)(const PLR_A *v, unsigned k)
{
#if PLR_FLOAT
    for (unsigned j = 0; j < k; j++)
        if (!isfinite(v[j]))
            return false;
#else
    (void)v;
    (void)k;
#endif
    return true;
}

static inline bool PLR_FN(all_zero)(const PLR_A *v, unsigned k)
{
    for (unsigned j = 0; j < k; j++)
        if (v[j] != 0)
            return false;
    return true;
}
