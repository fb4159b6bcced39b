/* Storage types (plr_data.x_store, y_store): x and y held narrower or
 * otherwise than the signature's type, converted on the way in and out.
 *
 *   store-test random [--cases N]  every valid (type, x_store, y_store) on
 *                                   random layouts, devices, states, in place
 *   store-test wrap                 int16/uint16/int8 results computed the way
 *                                   C code does (narrow loads, int arithmetic,
 *                                   truncating stores) against the runtime
 *   store-test errors               refused conversions and overlaps: their
 *                                   status, nothing written
 *
 * The reference: x converted to the signature's type as C converts, the
 * recurrence from tools/reference.c, its results converted to y's storage;
 * integers bit-exact, floats within the documented bound plus the rounding
 * of a narrower float storage. The seed is printed (PLR_TEST_SEED fixes it). */
#define _POSIX_C_SOURCE 200809L
#include "plr.h"
#include "reference.h"
#include "test_util.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---- one element of any storage, through long double or 64 bits -------- */

static size_t ssize(plr_store s, plr_type t)
{
    return plr_store_size(s, t);
}

/* the storage a PLR_STORE_SIG stands for */
static plr_store norm(plr_store s, plr_type t)
{
    static const plr_store of[] = {PLR_STORE_I32, PLR_STORE_I64, PLR_STORE_U32,
                                   PLR_STORE_U64, PLR_STORE_F32, PLR_STORE_F64};
    return s ? s : of[t];
}

static bool store_float(plr_store s)
{
    return s == PLR_STORE_F32 || s == PLR_STORE_F64;
}

/* the value of element i of a storage array, as long double (floats) or as
 * the integer's value (sign or zero extended, in an int64 / uint64) */
static long double get_ld(plr_store s, const void *a, size_t i)
{
    switch (s) {
    case PLR_STORE_F32: return ((const float *)a)[i];
    case PLR_STORE_F64: return ((const double *)a)[i];
    default: break;
    }
    abort();
}

static uint64_t get_int(plr_store s, const void *a, size_t i)
{
    switch (s) {
    case PLR_STORE_I8: return (uint64_t)(int64_t)((const int8_t *)a)[i];
    case PLR_STORE_U8: return ((const uint8_t *)a)[i];
    case PLR_STORE_I16: return (uint64_t)(int64_t)((const int16_t *)a)[i];
    case PLR_STORE_U16: return ((const uint16_t *)a)[i];
    case PLR_STORE_I32: return (uint64_t)(int64_t)((const int32_t *)a)[i];
    case PLR_STORE_U32: return ((const uint32_t *)a)[i];
    case PLR_STORE_I64: return (uint64_t)((const int64_t *)a)[i];
    case PLR_STORE_U64: return ((const uint64_t *)a)[i];
    default: break;
    }
    abort();
}

/* element i of a storage array from an integer (modulo its width) */
static void put_int(plr_store s, void *a, size_t i, uint64_t v)
{
    switch (s) {
    case PLR_STORE_I8: ((int8_t *)a)[i] = (int8_t)v; break;
    case PLR_STORE_U8: ((uint8_t *)a)[i] = (uint8_t)v; break;
    case PLR_STORE_I16: ((int16_t *)a)[i] = (int16_t)v; break;
    case PLR_STORE_U16: ((uint16_t *)a)[i] = (uint16_t)v; break;
    case PLR_STORE_I32: ((int32_t *)a)[i] = (int32_t)v; break;
    case PLR_STORE_U32: ((uint32_t *)a)[i] = (uint32_t)v; break;
    case PLR_STORE_I64: ((int64_t *)a)[i] = (int64_t)v; break;
    case PLR_STORE_U64: ((uint64_t *)a)[i] = v; break;
    default: abort();
    }
}

/* x element i (storage xs) as element i of an array of the signature's type */
static void widen(plr_store xs, plr_type t, const void *x, size_t i, void *out, size_t oi)
{
    if (store_float(xs)) {
        long double v = get_ld(xs, x, i);
        if (t == PLR_F32)
            ((float *)out)[oi] = (float)v;
        else
            ((double *)out)[oi] = (double)v;
        return;
    }
    uint64_t u = get_int(xs, x, i);
    bool sgn = xs == PLR_STORE_I8 || xs == PLR_STORE_I16 || xs == PLR_STORE_I32 || xs == PLR_STORE_I64;
    switch (t) {
    case PLR_I32: ((int32_t *)out)[oi] = (int32_t)u; break;
    case PLR_U32: ((uint32_t *)out)[oi] = (uint32_t)u; break;
    case PLR_I64: ((int64_t *)out)[oi] = (int64_t)u; break;
    case PLR_U64: ((uint64_t *)out)[oi] = u; break;
    case PLR_F32: ((float *)out)[oi] = sgn ? (float)(int64_t)u : (float)u; break;
    case PLR_F64: ((double *)out)[oi] = sgn ? (double)(int64_t)u : (double)u; break;
    }
}

/* random non-zero values into n elements of a storage array: integers over
 * their whole range (wrap-around exercised), floats in (-1, 1) */
static void fill_store(plr_store s, void *a, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (store_float(s)) {
            double f = rnd_unit();
            if (s == PLR_STORE_F32)
                ((float *)a)[i] = (float)f;
            else
                ((double *)a)[i] = f;
            continue;
        }
        uint64_t v;
        do {
            v = rnd();
            put_int(s, a, i, v);
        } while (get_int(s, a, i) == 0);
    }
}

/* ---- random cases ------------------------------------------------------- */

static const char *const int_sigs[] = {"(1: 1)",        "(1: 2, -1)",       "(1: 0, 1)",
                                       "(3, -1, 2: 2, -1)", "(1: -3)",     "(2, 5: 0, 0, 5)",
                                       "(1: 3, -3, 1)"};
static const char *const float_sigs[] = {"(0.2: 0.8)", "(0.04: 1.6, -0.64)",
                                         "(0.0675, 0.135, 0.0675: 1.143, -0.4128)",
                                         "(0.5, -0.25: 0.9)", "(1: 0, 0.5)"};

static const plr_store int_stores[] = {PLR_STORE_SIG, PLR_STORE_I8,  PLR_STORE_U8,  PLR_STORE_I16,
                                       PLR_STORE_U16, PLR_STORE_I32, PLR_STORE_U32, PLR_STORE_I64,
                                       PLR_STORE_U64};
static const plr_store float_stores[] = {PLR_STORE_SIG, PLR_STORE_F32, PLR_STORE_F64};
/* where an integer recurrence's results may be held: any integer, or float */
static const plr_store int_y_stores[] = {PLR_STORE_SIG, PLR_STORE_I8,  PLR_STORE_U8,  PLR_STORE_I16,
                                         PLR_STORE_U16, PLR_STORE_I32, PLR_STORE_U32, PLR_STORE_I64,
                                         PLR_STORE_U64, PLR_STORE_F32, PLR_STORE_F64};
#define NELEMS(a) (sizeof(a) / sizeof((a)[0]))

typedef enum { ROWS, ROWS_BACK, COLS, COLS_BACK, KINDS } kind;
static const char *const kind_names[] = {"rows", "rows-backward", "columns", "columns-backward"};

static void shape(kind kd, size_t count, size_t n, ptrdiff_t *stride, ptrdiff_t *dist, ptrdiff_t *base)
{
    ptrdiff_t N = (ptrdiff_t)n, C = (ptrdiff_t)count, pad = (ptrdiff_t)(rnd() % 3);
    switch (kd) {
    case ROWS: *stride = 1, *dist = N + pad, *base = 0; break;
    case ROWS_BACK: *stride = -1, *dist = N + pad, *base = N - 1; break;
    case COLS: *stride = C + pad, *dist = 1, *base = 0; break;
    default: *stride = -(C + pad), *dist = 1, *base = (N - 1) * (C + pad); break;
    }
}

static size_t span_of(size_t count, size_t n, ptrdiff_t stride, ptrdiff_t dist)
{
    ptrdiff_t s = (ptrdiff_t)(count - 1) * (dist < 0 ? -dist : dist) +
                  (n ? (ptrdiff_t)(n - 1) * (stride < 0 ? -stride : stride) : 0);
    return (size_t)s + 1;
}

enum { MARGIN = 4 };

/* One case: type, storages, layout, device; checks outputs, final states,
 * untouched elements and inputs. */
static void run_case(plr_type type, plr_store xst, plr_store yst, size_t count, size_t n, kind kd,
                     plr_device dev, unsigned threads)
{
    const bool fp = plr_type_is_float(type);
    const char *st = fp ? float_sigs[rnd() % NELEMS(float_sigs)] : int_sigs[rnd() % NELEMS(int_sigs)];
    plr_signature sig = parse_or_die(st, type);
    const size_t es = plr_type_size(type), xes = ssize(xst, type), yes = ssize(yst, type);
    const plr_store X = norm(xst, type), Y = norm(yst, type);
    const unsigned P = sig.fir_len - 1, K = sig.order;
    ptrdiff_t stride, dist, base;
    shape(kd, count, n, &stride, &dist, &base);
    const size_t span = span_of(count, n, stride, dist) + 2 * MARGIN;
    const bool in_place = xes == yes && rnd() % 3 == 0;
    unsigned char *xb = malloc(span * xes), *yb = in_place ? xb : malloc(span * yes);
    fill_store(X, xb, span);
    if (!in_place)
        fill_store(Y, yb, span);
    unsigned char *x0 = malloc(span * xes), *y0 = malloc(span * yes);
    memcpy(x0, xb, span * xes);
    memcpy(y0, yb, span * yes);
    const bool with_state = rnd() & 1;
    unsigned char *xh = malloc((count * P + 1) * es), *yi = malloc((count * K + 1) * es),
                  *yf = malloc((count * K + 1) * es);
    fill(type, xh, count * P, 1);
    fill(type, yi, count * K, 1);
    memset(yf, 0xA5, (count * K + 1) * es);

    plr_data d = {.n = n, .x = xb + (size_t)(MARGIN + base) * xes, .y = yb + (size_t)(MARGIN + base) * yes,
                  .x_store = xst, .y_store = yst};
    if (with_state) {
        d.x_history = xh;
        d.y_init = yi;
        d.y_final = yf;
    }
    plr_layout L = {count, stride, dist, stride, dist};
    plr_options o = {dev, threads, 0};
    plr_report rep;
    char what[400];
    snprintf(what, sizeof what, "%s %s x %s y %s: %zu x %zu %s%s%s on %s x%u", st, plr_type_name(type),
             plr_store_name(xst), plr_store_name(yst), count, n, kind_names[kd],
             in_place ? ", in place" : "", with_state ? ", state" : "", plr_device_name(dev), threads);
    plr_status s = plr_run_many(&sig, &d, &L, &o, &rep);
    cases++;
    if (getenv("STORE_TEST_VERBOSE"))
        printf("%s: %s\n", what, rep.reason);
    if (s != PLR_OK) {
        FAIL("%s: status %s", what, plr_strerror(s));
        goto out;
    }
    /* outside the layout nothing written; the inputs untouched */
    unsigned char *mine = calloc(span, 1);
    for (size_t q = 0; q < count; q++)
        for (size_t i = 0; i < n; i++)
            mine[MARGIN + base + (ptrdiff_t)q * dist + (ptrdiff_t)i * stride] = 1;
    for (size_t e = 0; e < span; e++)
        if (!mine[e] && memcmp(yb + e * yes, y0 + e * yes, yes) != 0) {
            FAIL("%s: element %zu outside the layout was written", what, e);
            break;
        }
    free(mine);
    if (!in_place && memcmp(xb, x0, span * xes) != 0)
        FAIL("%s: the inputs were written", what);

    /* each sequence against the reference in the signature's type */
    unsigned char *xw = malloc((n + 1) * es);
    void *ref = malloc((n + 1) * (fp ? sizeof(long double) : es));
    for (size_t q = 0; q < count; q++) {
        for (size_t i = 0; i < n; i++)
            widen(X, type, x0, (size_t)(MARGIN + base + (ptrdiff_t)q * dist + (ptrdiff_t)i * stride), xw, i);
        plr_data rd = {.n = n, .x = xw};
        if (with_state) {
            rd.x_history = xh + q * P * es;
            rd.y_init = yi + q * K * es;
        }
        if (ref_solve(&sig, &rd, ref)) {
            fprintf(stderr, "out of memory\n");
            exit(2);
        }
        size_t bad = n;
        long double maxerr = 0, bound = 0;
        if (fp) {
            const long double *r = ref;
            bound = ref_error_bound(&sig, &rd, r);
            /* a float result stored as f32 from a double recurrence: one more rounding */
            const long double u = Y == PLR_STORE_F32 && type == PLR_F64 ? ldexpl(1, -24) : 0;
            for (size_t i = 0; i < n && bad == n; i++) {
                long double v = get_ld(Y, yb, (size_t)(MARGIN + base + (ptrdiff_t)q * dist + (ptrdiff_t)i * stride));
                long double e = fabsl(v - r[i]);
                if (e > maxerr)
                    maxerr = e;
                if (!(e <= bound + u * fabsl(r[i])))
                    bad = i;
            }
        } else if (store_float(Y)) {
            /* integer results stored as float: rounded once, as C's (float)s */
            const bool sgn = type == PLR_I32 || type == PLR_I64;
            for (size_t i = 0; i < n && bad == n; i++) {
                uint64_t v = get_int(norm(PLR_STORE_SIG, type), ref, i);
                unsigned char w[8];
                if (Y == PLR_STORE_F32) {
                    float f = sgn ? (float)(int64_t)v : (float)v;
                    memcpy(w, &f, sizeof f);
                } else {
                    double f = sgn ? (double)(int64_t)v : (double)v;
                    memcpy(w, &f, sizeof f);
                }
                if (memcmp(w, yb + (size_t)(MARGIN + base + (ptrdiff_t)q * dist + (ptrdiff_t)i * stride) * yes, yes) != 0)
                    bad = i;
            }
        } else {
            for (size_t i = 0; i < n && bad == n; i++) {
                uint64_t want = get_int(norm(PLR_STORE_SIG, type), ref, i);
                unsigned char w[8];
                put_int(Y, w, 0, want);
                if (memcmp(w, yb + (size_t)(MARGIN + base + (ptrdiff_t)q * dist + (ptrdiff_t)i * stride) * yes, yes) != 0)
                    bad = i;
            }
        }
        if (bad < n) {
            FAIL("%s: sequence %zu differs from the reference first at %zu (max error %.3Le, bound %.3Le)",
                 what, q, bad, maxerr, bound);
            break;
        }
        /* y_final: the state in the signature's type, not as stored */
        for (size_t j = 0; with_state && j < K; j++) {
            ptrdiff_t idx = (ptrdiff_t)n - (ptrdiff_t)K + (ptrdiff_t)j;
            const unsigned char *got = yf + (q * K + j) * es;
            bool ok;
            if (idx < 0) {
                ok = memcmp(got, yi + (q * K + (size_t)(idx + (ptrdiff_t)K)) * es, es) == 0;
            } else if (fp) {
                long double r = ((const long double *)ref)[idx];
                ok = fabsl(ref_value(type, got, 0) - r) <= bound;
            } else {
                ok = memcmp(got, (unsigned char *)ref + (size_t)idx * es, es) == 0;
            }
            if (!ok) {
                FAIL("%s: sequence %zu y_final[%zu] = %.17Lg is not the state", what, q, j,
                     ref_value(type, got, 0));
                break;
            }
        }
    }
    free(xw);
    free(ref);
out:
    free(x0);
    free(y0);
    free(xh);
    free(yi);
    free(yf);
    free(xb);
    if (!in_place)
        free(yb);
}

static void random_cases(unsigned ncases)
{
    static const size_t counts[] = {1, 1, 1, 2, 3, 7, 100, 3001};
    static const size_t lengths[] = {0, 1, 5, 31, 1000, 4099, 40000, 600001};
    static const plr_device devs[] = {PLR_DEVICE_SERIAL, PLR_DEVICE_CPU, PLR_DEVICE_CPU, PLR_DEVICE_AUTO,
                                      PLR_DEVICE_CUDA};
    for (unsigned c = 0; c < ncases; c++) {
        plr_type t = (plr_type)(rnd() % PLR_TYPE_COUNT);
        bool fp = plr_type_is_float(t);
        plr_store xs = fp ? (rnd() % 3 ? float_stores[rnd() % NELEMS(float_stores)]
                                       : int_stores[1 + rnd() % (NELEMS(int_stores) - 1)])
                          : int_stores[rnd() % NELEMS(int_stores)];
        plr_store ys = fp ? float_stores[rnd() % NELEMS(float_stores)] : int_y_stores[rnd() % NELEMS(int_y_stores)];
        size_t count, n;
        do {
            count = counts[rnd() % NELEMS(counts)];
            n = lengths[rnd() % NELEMS(lengths)];
        } while (count * n > 1300000);
        plr_device dev = devs[rnd() % NELEMS(devs)];
        run_case(t, xs, ys, count, n, (kind)(rnd() % KINDS), dev,
                 dev == PLR_DEVICE_CPU ? 1 + (unsigned)(rnd() % 4) : 0);
    }
    /* every storage pair once on a long sequence cut into pieces, on threads */
    for (int t = 0; t < PLR_TYPE_COUNT; t++) {
        bool fp = plr_type_is_float((plr_type)t);
        const plr_store *xl = fp ? float_stores : int_stores, *yl = fp ? float_stores : int_y_stores;
        size_t nx = fp ? NELEMS(float_stores) : NELEMS(int_stores);
        size_t ny = fp ? NELEMS(float_stores) : NELEMS(int_y_stores);
        for (size_t i = 0; i < nx; i++)
            for (size_t j = 0; j < ny; j++)
                run_case((plr_type)t, xl[i], yl[j], 1, 1048583, ROWS, PLR_DEVICE_CPU, 3);
    }
    /* many sequences: pieces of whole sequences (700 rows or columns of
     * 1000) and of positions across all of them (100 columns of 10007) */
    static const plr_type some[] = {PLR_I32, PLR_U64, PLR_F32, PLR_F64};
    for (size_t t = 0; t < NELEMS(some); t++) {
        bool fp = plr_type_is_float(some[t]);
        plr_store narrow = fp ? PLR_STORE_F32 : PLR_STORE_I16;
        run_case(some[t], narrow, narrow, 700, 1000, (kind)(rnd() % KINDS), PLR_DEVICE_CPU, 2);
        run_case(some[t], narrow, PLR_STORE_SIG, 100, 10007, COLS, PLR_DEVICE_SERIAL, 0);
        run_case(some[t], PLR_STORE_SIG, narrow, 100, 10007, COLS_BACK, PLR_DEVICE_CPU, 3);
    }
}

/* ---- wrapping narrow results, as C computes them ----------------------- */

/* y[i] = (T)(a0*x[i] + b1*y[i-1] + b2*y[i-2]) with T narrow: C promotes to
 * int, computes, truncates on the store, and reads y[i-1] back truncated.
 * The runtime computes in i32 from the widened x and y_init and truncates
 * once per element: the same values, because reduction modulo 2^16 (2^8)
 * is a ring homomorphism from Z/2^32. */
#define WRAP_CASE(NAME, T, STORE)                                                                  \
    static void wrap_##NAME(int a0, int b1, int b2, size_t n, unsigned threads)                    \
    {                                                                                              \
        T *x = malloc(n * sizeof(T)), *y = malloc(n * sizeof(T)), *want = malloc(n * sizeof(T));   \
        fill_store(STORE, x, n);                                                                   \
        T h1 = (T)rnd(), h2 = (T)rnd(); /* y[-1], y[-2] as the narrow array holds them */          \
        T p1 = h1, p2 = h2;                                                                        \
        for (size_t i = 0; i < n; i++) {                                                           \
            want[i] = (T)(a0 * x[i] + b1 * p1 + b2 * p2);                                          \
            p2 = p1;                                                                               \
            p1 = want[i];                                                                          \
        }                                                                                          \
        char text[80];                                                                             \
        snprintf(text, sizeof text, "(%d: %d, %d)", a0, b1, b2);                                   \
        plr_signature sig = parse_or_die(text, PLR_I32);                                           \
        int32_t init[2] = {h2, h1}; /* widened as the loop reads them back */                      \
        int32_t fin[2];                                                                            \
        plr_data d = {.n = n, .x = x, .y = y, .y_init = init, .y_final = fin,                     \
                      .x_store = STORE, .y_store = STORE};                                         \
        plr_options o = {threads ? PLR_DEVICE_CPU : PLR_DEVICE_SERIAL, threads, 0};                \
        plr_status s = plr_run_with(&sig, &d, &o, NULL);                                           \
        cases++;                                                                                   \
        if (s != PLR_OK)                                                                           \
            FAIL(#NAME " %s n=%zu: %s", text, n, plr_strerror(s));                                 \
        else if (memcmp(y, want, n * sizeof(T)) != 0)                                              \
            FAIL(#NAME " %s n=%zu on %u threads: differs from the narrow C loop", text, n, threads);  \
        else if ((T)fin[1] != want[n - 1] || (T)fin[0] != want[n - 2])                             \
            FAIL(#NAME " %s n=%zu: y_final not the last outputs modulo the width", text, n);       \
        free(x);                                                                                   \
        free(y);                                                                                   \
        free(want);                                                                                \
    }
WRAP_CASE(i16, int16_t, PLR_STORE_I16)
WRAP_CASE(u16, uint16_t, PLR_STORE_U16)
WRAP_CASE(i8, int8_t, PLR_STORE_I8)
WRAP_CASE(u8, uint8_t, PLR_STORE_U8)

static void wrap_cases(void)
{
    static const int co[][3] = {{1, 1, 0}, {1, 2, -1}, {3, -3, 0}, {1, 0, 1}, {7, 5, -9}, {1, -1, 0}};
    static const size_t ns[] = {2, 1001, 70001, 1048579};
    for (size_t c = 0; c < NELEMS(co); c++)
        for (size_t k = 0; k < NELEMS(ns); k++) {
            unsigned th = k % 2 ? 3 : 0;
            wrap_i16(co[c][0], co[c][1], co[c][2], ns[k], th);
            wrap_u16(co[c][0], co[c][1], co[c][2], ns[k], th);
            wrap_i8(co[c][0], co[c][1], co[c][2], ns[k], th);
            wrap_u8(co[c][0], co[c][1], co[c][2], ns[k], th);
        }
}

/* ---- errors: the status, nothing written -------------------------------- */

static void expect_error(const char *what, const plr_signature *sig, plr_data *d, const plr_layout *L,
                         plr_status want, void *watch, size_t watch_bytes)
{
    unsigned char *before = malloc(watch_bytes);
    memcpy(before, watch, watch_bytes);
    int32_t fin[PLR_MAX_ORDER];
    memset(fin, 0x5A, sizeof fin);
    d->y_final = fin;
    plr_options o = {PLR_DEVICE_CPU, 2, 0};
    plr_status s = plr_run_many(sig, d, L, &o, NULL);
    cases++;
    if (s != want)
        FAIL("%s: status %s, expected %s", what, plr_strerror(s), plr_strerror(want));
    if (memcmp(before, watch, watch_bytes) != 0)
        FAIL("%s: memory written on error", what);
    for (size_t j = 0; j < PLR_MAX_ORDER; j++)
        if (fin[j] != 0x5A5A5A5A) {
            FAIL("%s: y_final written on error", what);
            break;
        }
    free(before);
}

static void error_cases(void)
{
    enum { N = 1000 };
    static _Alignas(16) unsigned char buf[8 * N + 64];
    fill_store(PLR_STORE_U8, buf, sizeof buf);
    plr_signature si = parse_or_die("(1: 1)", PLR_I32), sf = parse_or_die("(0.2: 0.8)", PLR_F64);
    plr_data d;
    /* storage values out of range */
    d = (plr_data){.n = N, .x = buf, .y = buf + 4096, .x_store = (plr_store)11};
    expect_error("x_store 11", &si, &d, NULL, PLR_ERR_BAD_TYPE, buf, sizeof buf);
    d = (plr_data){.n = N, .x = buf, .y = buf + 4096, .y_store = (plr_store)-1};
    expect_error("y_store -1", &si, &d, NULL, PLR_ERR_BAD_TYPE, buf, sizeof buf);
    /* refused conversions */
    d = (plr_data){.n = N, .x = buf, .y = buf + 4096, .x_store = PLR_STORE_F32};
    expect_error("f32 inputs into an i32 recurrence", &si, &d, NULL, PLR_ERR_BAD_TYPE, buf, sizeof buf);
    /* an integer recurrence stored as float, with its state asked for while
     * b_k = 0: older entries would come back from rounded outputs */
    static int32_t init2[2], fin2[2];
    plr_signature sz = parse_or_die("(1: 1, 0)", PLR_I32);
    d = (plr_data){.n = N, .x = buf, .y = buf + 4000, .y_init = init2, .y_final = fin2, .y_store = PLR_STORE_F32};
    expect_error("an i32 recurrence stored as f32, y_final, b2 = 0", &sz, &d, NULL, PLR_ERR_BAD_TYPE, buf,
                 sizeof buf);
    d.y_final = NULL; /* without the state: rounded results, as C stores them */
    plr_options so = {PLR_DEVICE_SERIAL, 0, 0};
    cases++;
    if (plr_run_with(&sz, &d, &so, NULL) != PLR_OK)
        FAIL("an i32 recurrence stored as f32 without y_final: refused");
    d = (plr_data){.n = N, .x = buf, .y = buf + 4096, .y_store = PLR_STORE_I16};
    expect_error("an f64 recurrence stored as i16", &sf, &d, NULL, PLR_ERR_BAD_TYPE, buf, sizeof buf);
    /* different sizes sharing bytes: in place needs one size */
    d = (plr_data){.n = N, .x = buf, .y = buf, .x_store = PLR_STORE_I16};
    expect_error("x i16 and y i32 at one address", &si, &d, NULL, PLR_ERR_OVERLAP, buf, sizeof buf);
    d = (plr_data){.n = N, .x = buf + 2, .y = buf + 1000, .x_store = PLR_STORE_I16, .y_store = PLR_STORE_I16};
    expect_error("i16 y overlapping x by a few elements", &si, &d, NULL, PLR_ERR_OVERLAP, buf, sizeof buf);
    plr_layout cols = {4, 8, 1, 8, 1};
    d = (plr_data){.n = 100, .x = buf, .y = buf + 8, .x_store = PLR_STORE_U8, .y_store = PLR_STORE_I32};
    expect_error("u8 columns and i32 columns sharing bytes", &si, &d, &cols, PLR_ERR_OVERLAP, buf, sizeof buf);
    /* alignment of the storage type, not the signature's */
    d = (plr_data){.n = N, .x = buf, .y = buf + 4097, .y_store = PLR_STORE_I16};
    expect_error("i16 y at an odd address", &si, &d, NULL, PLR_ERR_MISALIGNED, buf, sizeof buf);
    /* odd addresses are fine for bytes */
    d = (plr_data){.n = 10, .x = buf + 1, .y = buf + 4097, .x_store = PLR_STORE_I8, .y_store = PLR_STORE_U8};
    plr_options o = {PLR_DEVICE_SERIAL, 0, 0};
    cases++;
    if (plr_run_with(&si, &d, &o, NULL) != PLR_OK)
        FAIL("i8 -> u8 at odd addresses: refused");
    /* plr_pays answers for converted data, and says it converts when the call would run */
    static float fx[1 << 18];
    char why[300];
    plr_data pd = {.n = 1 << 18, .x = fx, .y = fx, .x_store = PLR_STORE_F32, .y_store = PLR_STORE_F32};
    plr_options autoo = {PLR_DEVICE_AUTO, 4, 0};
    plr_pays_with(&sf, &pd, 1, 1, 0, &autoo, why, sizeof why);
    cases++;
    if (strncmp(why, "no: auto would run the serial loop", 34) != 0 && !strstr(why, "storage conversion"))
        FAIL("plr_pays on converted data: '%s' does not mention the conversion", why);
    pd.x_store = (plr_store)99;
    cases++;
    if (!plr_pays_with(&sf, &pd, 1, 1, 0, &autoo, why, sizeof why) || !strstr(why, "reject"))
        FAIL("plr_pays on a bad storage type: '%s' (must answer yes: plr_run reports it)", why);
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "random";
    unsigned ncases = 150;
    for (int i = 2; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--cases"))
            ncases = (unsigned)atoi(argv[++i]);
    const char *env = getenv("PLR_TEST_SEED");
    uint64_t seed = env ? strtoull(env, NULL, 0) : (uint64_t)time(NULL);
    printf("seed %llu\n", (unsigned long long)seed);
    test_seed(seed);
    if (!strcmp(mode, "random"))
        random_cases(ncases);
    else if (!strcmp(mode, "wrap"))
        wrap_cases();
    else if (!strcmp(mode, "errors"))
        error_cases();
    else {
        fprintf(stderr, "usage: store-test random [--cases N] | wrap | errors\n");
        return 2;
    }
    printf("%s: %lu cases, %lu failures\n", mode, cases, failures);
    return failures != 0;
}
