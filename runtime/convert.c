/* Calls whose x or y is held in another storage type than the signature's
 * (plr_data.x_store, y_store): int8/int16 samples widened into an int32
 * recurrence, int16 results wrapping through int32, float data in a double
 * recurrence stored rounded.
 *
 * Every backend works on arrays of the arithmetic type and reads its
 * outputs back (the correction pass adds to y, the lanes sweep re-reads
 * y[i-1], the pipeline's in-place calls publish inputs through y), so the
 * narrow arrays cannot be their working arrays. Instead the call runs in
 * pieces: the inputs of a piece are converted into a temporary of the
 * arithmetic type, the backend the planner picks for that piece runs in
 * place on it from the previous piece's final state and input history, and
 * the results are converted into y. A piece holds at most PIECE_ELEMENTS
 * elements (all sequences' positions c0..c0+len, or a group of whole
 * sequences when there are many), so the temporary stays in the caches and
 * its size does not grow with n; for integers the result is bit-identical
 * to one call on the wide arrays (the state is handed over exactly), for
 * floats it is the same recurrence cut at the pieces' borders (each piece
 * starts from the exact state the previous one ended with: within the
 * documented bound). */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- element conversions ------------------------------------------------ */

/* The storage types and the arithmetic types, as C types. Signed and
 * unsigned arithmetic types differ only where a value leaves them (widened
 * into a wider storage, converted to float), so each keeps its own C type. */
#define PLR_FOR_STORES(M, ...)                                                                     \
    M(I8, int8_t, __VA_ARGS__)                                                                     \
    M(U8, uint8_t, __VA_ARGS__)                                                                    \
    M(I16, int16_t, __VA_ARGS__)                                                                   \
    M(U16, uint16_t, __VA_ARGS__)                                                                  \
    M(I32, int32_t, __VA_ARGS__)                                                                   \
    M(U32, uint32_t, __VA_ARGS__)                                                                  \
    M(I64, int64_t, __VA_ARGS__)                                                                   \
    M(U64, uint64_t, __VA_ARGS__)                                                                  \
    M(F32, float, __VA_ARGS__)                                                                     \
    M(F64, double, __VA_ARGS__)
#define PLR_FOR_ARITH(M)                                                                           \
    M(I32, int32_t)                                                                                \
    M(I64, int64_t)                                                                                \
    M(U32, uint32_t)                                                                               \
    M(U64, uint64_t)                                                                               \
    M(F32, float)                                                                                  \
    M(F64, double)

typedef void (*conv_fn)(const void *src, ptrdiff_t ss, size_t n, void *dst, ptrdiff_t ds);

/* n elements src[i*ss] -> dst[i*ds] as C converts them (integer to a
 * narrower integer: modulo 2^bits, as GCC and Clang define it). The unit
 * stride case is its own loop so that it vectorizes. Pairs that
 * plr_store_check refuses (float to integer) are instantiated but never
 * called. */
#define PLR_DEF_CONV(SN, ST, AN, AT)                                                               \
    static void in_##SN##_##AN(const void *src, ptrdiff_t ss, size_t n, void *dst, ptrdiff_t ds)  \
    {                                                                                              \
        const ST *s = src;                                                                         \
        AT *d = dst;                                                                               \
        if (ss == 1 && ds == 1)                                                                    \
            for (size_t i = 0; i < n; i++)                                                         \
                d[i] = (AT)s[i];                                                                   \
        else                                                                                       \
            for (size_t i = 0; i < n; i++)                                                         \
                d[(ptrdiff_t)i * ds] = (AT)s[(ptrdiff_t)i * ss];                                   \
    }                                                                                              \
    static void out_##SN##_##AN(const void *src, ptrdiff_t ss, size_t n, void *dst, ptrdiff_t ds) \
    {                                                                                              \
        const AT *s = src;                                                                         \
        ST *d = dst;                                                                               \
        if (ss == 1 && ds == 1)                                                                    \
            for (size_t i = 0; i < n; i++)                                                         \
                d[i] = (ST)s[i];                                                                   \
        else                                                                                       \
            for (size_t i = 0; i < n; i++)                                                         \
                d[(ptrdiff_t)i * ds] = (ST)s[(ptrdiff_t)i * ss];                                   \
    }
#define PLR_DEF_CONV_ALL(AN, AT) PLR_FOR_STORES(PLR_DEF_CONV, AN, AT)
PLR_FOR_ARITH(PLR_DEF_CONV_ALL)

#define PLR_TAB_IN(SN, ST, AN, AT) [PLR_STORE_##SN][PLR_##AN] = in_##SN##_##AN,
#define PLR_TAB_IN_ALL(AN, AT) PLR_FOR_STORES(PLR_TAB_IN, AN, AT)
#define PLR_TAB_OUT(SN, ST, AN, AT) [PLR_STORE_##SN][PLR_##AN] = out_##SN##_##AN,
#define PLR_TAB_OUT_ALL(AN, AT) PLR_FOR_STORES(PLR_TAB_OUT, AN, AT)
static const conv_fn conv_in[PLR_STORE_COUNT][PLR_TYPE_COUNT] = {PLR_FOR_ARITH(PLR_TAB_IN_ALL)};
static const conv_fn conv_out[PLR_STORE_COUNT][PLR_TYPE_COUNT] = {PLR_FOR_ARITH(PLR_TAB_OUT_ALL)};

void plr_store_to_arith(plr_store from, plr_type to, const void *src, void *dst)
{
    conv_in[from][to](src, 1, 1, dst, 1);
}

plr_status plr_store_check(plr_type type, const plr_data *data, char *why, size_t whylen)
{
    const plr_store st[2] = {data->x_store, data->y_store};
    for (int side = 0; side < 2; side++) {
        const char *name = side ? "y" : "x";
        if ((unsigned)st[side] >= PLR_STORE_COUNT) {
            snprintf(why, whylen, "%s_store = %d is not a plr_store", name, (int)st[side]);
            return PLR_ERR_BAD_TYPE;
        }
        plr_store s = st[side] ? st[side] : plr_store_of_type(type);
        /* (integer results into float storage are rounded, as C's
         * `y[i] = s` of an int s: defined for every value) */
        if (side == 0 && plr_store_is_float(s) && !plr_type_is_float(type)) {
            snprintf(why, whylen, "%s_store %s for a %s recurrence: float data is not converted to an "
                     "integer type (C leaves it undefined out of range)", name, plr_store_name(s),
                     plr_type_name(type));
            return PLR_ERR_BAD_TYPE;
        }
        if (side == 1 && !plr_store_is_float(s) && plr_type_is_float(type)) {
            snprintf(why, whylen, "y_store %s for a %s recurrence: float results are not stored as "
                     "integers", plr_store_name(s), plr_type_name(type));
            return PLR_ERR_BAD_TYPE;
        }
    }
    return PLR_OK;
}

plr_status plr_final_check(const plr_signature *sig, const plr_data *data, char *why, size_t whylen)
{
    plr_store ys = data->y_store ? data->y_store : plr_store_of_type(sig->type);
    if (!data->y_final || plr_type_is_float(sig->type) || !plr_store_is_float(ys))
        return PLR_OK;
    unsigned char last[8];
    plr_coef_to_arith(sig->type, sig->b[sig->order], last);
    if (!plr_arith_is_zero(sig->type, last))
        return PLR_OK;
    /* y_final's entries older than the last non-zero b are read back from
     * y (write_final_states): rounded floats do not give the integers back */
    snprintf(why, whylen, "y_final of a %s recurrence stored as %s with b%u = 0: its older entries would be "
             "read back from rounded outputs", plr_type_name(sig->type), plr_store_name(ys), sig->order);
    return PLR_ERR_BAD_TYPE;
}

/* ---- the plain loop, for a piece a backend could not run ----------------
 * Once the first piece has written y the call must finish (the caller's
 * fallback would otherwise read half-converted outputs of an in-place
 * call), so a piece whose backend fails (its scratch allocation) runs this
 * loop, which allocates nothing: the taps in lag order, as the serial
 * reference, in the arithmetic type. */
#define PLR_DEF_PLAIN(AN, AT, UT)                                                                  \
    static void plain_##AN(const plr_problem *q, AT *y, ptrdiff_t ys, size_t n, AT *state,         \
                           AT *hist)                                                               \
    {                                                                                              \
        UT a[PLR_MAX_FIR], b[PLR_MAX_FIR], win[PLR_MAX_ORDER], xin[PLR_MAX_FIR];                   \
        for (unsigned t = 0; t < q->a.count; t++)                                                  \
            memcpy(&a[t], q->a.coef[t], sizeof(UT));                                               \
        for (unsigned t = 0; t < q->b.count; t++)                                                  \
            memcpy(&b[t], q->b.coef[t], sizeof(UT));                                               \
        for (unsigned j = 0; j < q->k; j++)                                                        \
            memcpy(&win[j], &state[j], sizeof(UT)); /* win[j] = y[i-1-j] */                        \
        for (unsigned j = 0; j < q->p; j++)                                                        \
            memcpy(&xin[q->p - 1 - j], &hist[j], sizeof(UT)); /* xin[j] = x[i-1-j] */              \
        for (size_t i = 0; i < n; i++) {                                                           \
            UT xv, acc = 0;                                                                        \
            memcpy(&xv, &y[(ptrdiff_t)i * ys], sizeof(UT));                                        \
            for (unsigned t = 0; t < q->a.count; t++)                                              \
                acc += a[t] * (q->a.lag[t] ? xin[q->a.lag[t] - 1] : xv);                           \
            for (unsigned t = 0; t < q->b.count; t++)                                              \
                acc += b[t] * win[q->b.lag[t] - 1];                                                \
            for (unsigned j = q->p; j-- > 1;)                                                      \
                xin[j] = xin[j - 1];                                                               \
            if (q->p)                                                                              \
                xin[0] = xv;                                                                       \
            for (unsigned j = q->k; j-- > 1;)                                                      \
                win[j] = win[j - 1];                                                               \
            win[0] = acc;                                                                          \
            memcpy(&y[(ptrdiff_t)i * ys], &acc, sizeof(UT));                                       \
        }                                                                                          \
        for (unsigned j = 0; j < q->k; j++)                                                        \
            memcpy(&state[j], &win[j], sizeof(UT));                                                \
    }
PLR_DEF_PLAIN(u32, uint32_t, uint32_t)
PLR_DEF_PLAIN(u64, uint64_t, uint64_t)
PLR_DEF_PLAIN(f32, float, float)
PLR_DEF_PLAIN(f64, double, double)

/* The problem q's sequences one by one with the plain loop; q->finals
 * receives their states. */
static void run_plain(const plr_problem *q)
{
    const size_t es = q->esize;
    for (size_t s = 0; s < q->count; s++) {
        unsigned char state[PLR_MAX_ORDER * 8], hist[PLR_MAX_FIR * 8];
        memcpy(state, plr_seq_state(q, s), q->k * es);
        memcpy(hist, plr_seq_hist(q, s), q->p * es);
        void *y = (unsigned char *)q->y + (ptrdiff_t)s * q->yd * (ptrdiff_t)es;
        switch (q->type) {
        case PLR_I32:
        case PLR_U32: plain_u32(q, y, q->ys, q->n, (void *)state, (void *)hist); break;
        case PLR_I64:
        case PLR_U64: plain_u64(q, y, q->ys, q->n, (void *)state, (void *)hist); break;
        case PLR_F32: plain_f32(q, y, q->ys, q->n, (void *)state, (void *)hist); break;
        case PLR_F64: plain_f64(q, y, q->ys, q->n, (void *)state, (void *)hist); break;
        }
        memcpy(q->finals + s * q->k * es, state, q->k * es);
    }
}

/* ---- the pieces ---------------------------------------------------------- */

/* Elements of the arithmetic type in one piece's temporary: 4 MiB of i64,
 * within the last-level cache, and enough work per piece (~0.1-1 ms) that
 * a cpu call's start (a few us on awake workers) is small beside it. */
#define PIECE_ELEMENTS ((size_t)1 << 19)
/* Positions per piece at least, when there are many sequences. */
#define PIECE_MIN_POSITIONS ((size_t)1024)

static ptrdiff_t mag(ptrdiff_t v)
{
    return v < 0 ? -v : v;
}

typedef struct pieces {
    plr_problem *prob;
    bool lanes;          /* the temporary holds the piece position by position (columns) */
    size_t L, G;         /* positions and sequences per piece */
    unsigned char *tmp;  /* G*L arithmetic elements */
    unsigned char *st[2], *hs[2]; /* per sequence of a group: state (k), history (p) */
} pieces;

/* Element (s, i) of the temporary of a piece of g sequences and len positions. */
static unsigned char *tmp_at(const pieces *P, size_t g, size_t len, size_t s, size_t i)
{
    size_t e = P->lanes ? i * g + s : s * len + i;
    return P->tmp + e * P->prob->esize;
}

/* x's sequences s0..s0+g-1, positions c0..c0+len-1, into the temporary. */
static void convert_in(const pieces *P, size_t s0, size_t g, size_t c0, size_t len)
{
    const plr_problem *q = P->prob;
    conv_fn f = conv_in[q->x_store][q->type];
    const unsigned char *x = q->x;
    if (P->lanes) /* row by row: each row's lanes are adjacent in memory */
        for (size_t i = 0; i < len; i++)
            f(x + ((ptrdiff_t)s0 * q->xd + (ptrdiff_t)(c0 + i) * q->xs) * (ptrdiff_t)q->xes, q->xd, g,
              tmp_at(P, g, len, 0, i), 1);
    else
        for (size_t s = 0; s < g; s++)
            f(x + ((ptrdiff_t)(s0 + s) * q->xd + (ptrdiff_t)c0 * q->xs) * (ptrdiff_t)q->xes, q->xs,
              len, tmp_at(P, g, len, s, 0), 1);
}

static void convert_out(const pieces *P, size_t s0, size_t g, size_t c0, size_t len)
{
    const plr_problem *q = P->prob;
    conv_fn f = conv_out[q->y_store][q->type];
    unsigned char *y = q->y;
    if (P->lanes)
        for (size_t i = 0; i < len; i++)
            f(tmp_at(P, g, len, 0, i), 1, g,
              y + ((ptrdiff_t)s0 * q->yd + (ptrdiff_t)(c0 + i) * q->ys) * (ptrdiff_t)q->yes, q->yd);
    else
        for (size_t s = 0; s < g; s++)
            f(tmp_at(P, g, len, s, 0), 1, len,
              y + ((ptrdiff_t)(s0 + s) * q->yd + (ptrdiff_t)c0 * q->ys) * (ptrdiff_t)q->yes, q->ys);
}

/* The input history after the piece (the last p of the old history
 * followed by the piece's inputs), taken before the piece overwrites its
 * inputs in the temporary. */
static void next_history(const pieces *P, size_t g, size_t len, const unsigned char *old,
                         unsigned char *next)
{
    const size_t es = P->prob->esize, p = P->prob->p;
    for (size_t s = 0; s < g; s++)
        for (size_t j = 0; j < p; j++) {
            size_t t = len + j; /* position in (old history ++ piece), of p + len values */
            const unsigned char *v = t < p ? old + (s * p + t) * es : tmp_at(P, g, len, s, t - p);
            memcpy(next + (s * p + j) * es, v, es);
        }
}

/* One piece: sequences s0.., g of them, positions c0.., len of them, from
 * the states st[cur] and histories hs[cur] into st[!cur], hs[!cur]. */
static void run_piece(pieces *P, int cur, size_t s0, size_t g, size_t c0, size_t len,
                      const plr_options *opt, plr_plan *plan, bool first)
{
    plr_problem *prob = P->prob;
    const size_t es = prob->esize;
    convert_in(P, s0, g, c0, len);
    if (prob->p)
        next_history(P, g, len, P->hs[cur], P->hs[!cur]);

    plr_problem q = *prob;
    q.n = len;
    q.x = q.y = P->tmp;
    q.count = g;
    q.xs = q.ys = P->lanes ? (ptrdiff_t)g : 1;
    q.xd = q.yd = P->lanes ? 1 : (ptrdiff_t)len;
    q.in_place = true;
    q.x_store = q.y_store = plr_store_of_type(prob->type);
    q.xes = q.yes = es;
    q.converted = false;
    q.host_only = true;
    q.memory = PLR_MEM_HOST;
    q.states = q.hists = NULL;
    if (g == 1) {
        memcpy(q.state, P->st[cur], prob->k * es);
        memcpy(q.xhist, P->hs[cur], prob->p * es);
    } else {
        q.states = P->st[cur];
        q.hists = prob->p ? P->hs[cur] : NULL;
    }
    q.finals = P->st[!cur];

    plr_plan qp = {.explain = first && plan->explain};
    plr_plan_choose(&q, opt, &qp);
    if (plr_execute(&q, opt, &qp) != PLR_OK) {
        run_plain(&q);
        plr_plan_serial(&q, "the backend failed on a piece: the plain loop", &qp);
    }
    if (first) {
        *plan = qp;
    } else if (qp.threads > plan->threads) {
        plan->threads = qp.threads;
    }
    convert_out(P, s0, g, c0, len);
}

plr_status plr_run_converted(plr_problem *prob, const plr_options *opt, plr_plan *plan)
{
    const size_t count = prob->count, n = prob->n, es = prob->esize;
    const unsigned k = prob->k, p = prob->p;
    pieces P = {.prob = prob};
    P.lanes = prob->xd ? mag(prob->xd) < mag(prob->xs) : mag(prob->yd) < mag(prob->ys);
    if (count * n <= PIECE_ELEMENTS) {
        P.L = n, P.G = count;
    } else {
        P.L = PIECE_ELEMENTS / count;
        if (P.L < PIECE_MIN_POSITIONS)
            P.L = PIECE_MIN_POSITIONS;
        if (P.L > n)
            P.L = n;
        P.G = PIECE_ELEMENTS / P.L;
        if (P.G > count)
            P.G = count;
    }
    P.tmp = malloc(P.G * P.L * es);
    P.st[0] = malloc(P.G * k * es);
    P.st[1] = malloc(P.G * k * es);
    P.hs[0] = malloc(P.G * (p ? p : 1) * es);
    P.hs[1] = malloc(P.G * (p ? p : 1) * es);
    plr_status s = PLR_OK;
    if (!P.tmp || !P.st[0] || !P.st[1] || !P.hs[0] || !P.hs[1]) {
        s = PLR_ERR_NO_MEMORY; /* nothing written yet */
        goto out;
    }
    const size_t pieces_per_group = (n + P.L - 1) / P.L, groups = (count + P.G - 1) / P.G;
    bool first = true;
    for (size_t s0 = 0; s0 < count; s0 += P.G) {
        const size_t g = count - s0 < P.G ? count - s0 : P.G;
        int cur = 0;
        for (size_t t = 0; t < g; t++) {
            memcpy(P.st[0] + t * k * es, plr_seq_state(prob, s0 + t), k * es);
            memcpy(P.hs[0] + t * p * es, plr_seq_hist(prob, s0 + t), p * es);
        }
        for (size_t c0 = 0; c0 < n; c0 += P.L) {
            const size_t len = n - c0 < P.L ? n - c0 : P.L;
            run_piece(&P, cur, s0, g, c0, len, opt, plan, first);
            first = false;
            cur = !cur;
        }
        if (prob->finals)
            memcpy(prob->finals + s0 * k * es, P.st[cur], g * k * es);
    }
    if (plan->explain) {
        char r[sizeof plan->reason];
        snprintf(r, sizeof r, "x %s, y %s converted in %zu piece%s of %zu x %zu; %.150s",
                 plr_store_name(prob->x_store), plr_store_name(prob->y_store),
                 pieces_per_group * groups, pieces_per_group * groups == 1 ? "" : "s", P.G, P.L,
                 plan->reason);
        memcpy(plan->reason, r, sizeof r);
    }
out:
    free(P.tmp);
    free(P.st[0]);
    free(P.st[1]);
    free(P.hs[0]);
    free(P.hs[1]);
    return s;
}
