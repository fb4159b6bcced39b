/* Layout tests for plr_run_many: random layouts (rows, columns, interleaved
 * channels, backward, odd strides, shared inputs, in place) in every type
 * on every CPU device, each sequence compared with tools/reference.c, the
 * final states checked, and every element outside the layout checked
 * untouched; bad layouts return their status with nothing written.
 *
 *   layout-test random [--cases N] [--big] [--device D]
 *   layout-test chunks
 *   layout-test prefix
 *   layout-test lanes-nonfinite
 *   layout-test errors
 *
 * The seed is printed and can be fixed with PLR_TEST_SEED. */
#define _POSIX_C_SOURCE 200809L
#include "plr.h"
#include "reference.h"
#include "test_util.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* One side of a layout in a buffer of its own, with a margin around the
 * footprint so that writes outside it would be seen. */
typedef struct side {
    unsigned char *buf;
    size_t elems;    /* buffer length */
    ptrdiff_t base;  /* element 0 of sequence 0, from the buffer's start */
    ptrdiff_t stride, dist;
} side;

enum { MARGIN = 8 };

static ptrdiff_t at(const side *sd, size_t s, size_t i)
{
    return sd->base + (ptrdiff_t)s * sd->dist + (ptrdiff_t)i * sd->stride;
}

static void side_alloc(side *sd, size_t count, size_t n, ptrdiff_t stride, ptrdiff_t dist, size_t es)
{
    ptrdiff_t ds = (ptrdiff_t)(count - 1) * dist, di = n ? (ptrdiff_t)(n - 1) * stride : 0;
    ptrdiff_t lo = (ds < 0 ? ds : 0) + (di < 0 ? di : 0), hi = (ds > 0 ? ds : 0) + (di > 0 ? di : 0);
    sd->stride = stride;
    sd->dist = dist;
    sd->elems = (size_t)(hi - lo + 1) + 2 * MARGIN;
    sd->base = -lo + MARGIN;
    sd->buf = malloc(sd->elems * es);
    if (!sd->buf) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
}

typedef enum { ROWS, ROWS_BACK, ROWS_DESC, COLS, COLS_BACK, ODD, SHARED, KINDS } kind;
static const char *const kind_names[] = {"rows", "rows-backward", "rows-descending", "columns",
                                         "columns-backward", "odd-strides", "shared-input"};

/* stride and dist of a layout kind for count sequences of n */
static void shape(kind kd, size_t count, size_t n, ptrdiff_t *stride, ptrdiff_t *dist)
{
    ptrdiff_t pad = (ptrdiff_t)(rnd() % 4), N = (ptrdiff_t)n, C = (ptrdiff_t)count;
    switch (kd) {
    case ROWS: *stride = 1, *dist = N + pad; break;
    case ROWS_BACK: *stride = -1, *dist = N + pad; break;
    case ROWS_DESC: *stride = 1, *dist = -(N + pad); break;
    case COLS: *stride = C + pad, *dist = 1; break;
    case COLS_BACK: *stride = -(C + pad), *dist = 1; break;
    case ODD: {
        ptrdiff_t s = rnd() & 1 ? 3 : 7;
        if (rnd() & 1) /* odd-strided rows */
            *stride = s, *dist = N * s + 1;
        else /* lanes s*C apart... interleaved with a stride of C+1 and dist s */
            *stride = s * C + 1, *dist = s;
        break;
    }
    case SHARED: *stride = 1, *dist = 0; break;
    default: *stride = 1, *dist = N; break;
    }
}

static const char *const int_sigs[] = {"(1: 1)", "(1: 0, 1)", "(1: 0, 0, 1)", "(1: 2, -1)",
                                       "(1: 3, -3, 1)", "(3, -1, 2: 2, -1)", "(2, 5: 0, 0, 5)",
                                       "(1, 1, 1, 1: 1)"};
static const char *const float_sigs[] = {"(0.2: 0.8)", "(0.04: 1.6, -0.64)",
                                         "(0.0675, 0.135, 0.0675: 1.143, -0.4128)", "(1: 1)",
                                         "(0.5, -0.25: 0.9)", "(1: 0, 0.5)"};

static plr_signature random_signature(plr_type type, char *text, size_t len)
{
    if (!plr_type_is_float(type)) {
        const char *t = int_sigs[rnd() % (sizeof int_sigs / sizeof int_sigs[0])];
        snprintf(text, len, "%s", t);
        return parse_or_die(t, type);
    }
    if (rnd() % 3) {
        const char *t = float_sigs[rnd() % (sizeof float_sigs / sizeof float_sigs[0])];
        snprintf(text, len, "%s", t);
        return parse_or_die(t, type);
    }
    /* a random stable filter of order 3..12 with 1..3 input taps */
    static const unsigned orders[] = {3, 5, 8, 12};
    unsigned k = orders[rnd() % 4];
    double b[PLR_MAX_ORDER + 1];
    do
        stable_coefficients(k, b);
    while (!impulse_response_decays(k, b));
    plr_signature sig;
    memset(&sig, 0, sizeof sig);
    sig.type = type;
    sig.order = k;
    sig.fir_len = 1 + (unsigned)(rnd() % 3);
    for (unsigned j = 0; j < sig.fir_len; j++)
        sig.a[j].f = type == PLR_F32 ? (double)(float)rnd_unit() : rnd_unit();
    for (unsigned j = 1; j <= k; j++)
        sig.b[j].f = type == PLR_F32 ? (double)(float)b[j] : b[j];
    plr_signature_format(&sig, text, len);
    return sig;
}

static const plr_device devices[] = {PLR_DEVICE_SERIAL, PLR_DEVICE_CPU, PLR_DEVICE_CPU,
                                     PLR_DEVICE_AUTO};
static int forced_device = -1; /* --device D: every random case on D (e.g. cuda, host memory) */
static bool forced_state;      /* every case with initial and final states */

static void get_elem(const side *sd, size_t es, ptrdiff_t e, void *out)
{
    memcpy(out, sd->buf + (size_t)e * es, es);
}

/* One case: run it, then check every sequence, its final state and the
 * elements around the layout. Signature, output layout, state and in-place
 * are drawn at random. */
static void run_case_sig(const char *sig_text, plr_type type, size_t count, size_t n, kind xk,
                         plr_device dev, unsigned threads)
{
    const size_t es = plr_type_size(type);
    char text[1200];
    plr_signature sig;
    if (sig_text) {
        snprintf(text, sizeof text, "%s", sig_text);
        sig = parse_or_die(sig_text, type);
    } else {
        sig = random_signature(type, text, sizeof text);
    }
    const unsigned P = sig.fir_len - 1, K = sig.order;
    kind yk;
    const bool in_place = xk != SHARED && count * n > 0 && rnd() % 4 == 0;
    do
        yk = (kind)(rnd() % KINDS);
    while (yk == SHARED);
    side xs, ys;
    ptrdiff_t stride, dist;
    shape(xk, count, n, &stride, &dist);
    side_alloc(&xs, count, n, stride, dist, es);
    fill(type, xs.buf, xs.elems, rnd() & 1);
    if (in_place) {
        ys = xs;
    } else {
        shape(yk, count, n, &stride, &dist);
        side_alloc(&ys, count, n, stride, dist, es);
        fill(type, ys.buf, ys.elems, 0);
    }
    unsigned char *x0 = malloc(xs.elems * es), *y0 = malloc(ys.elems * es);
    memcpy(x0, xs.buf, xs.elems * es);
    memcpy(y0, ys.buf, ys.elems * es);
    const bool with_state = forced_state || (rnd() & 1);
    unsigned char *xh = malloc((count * P + 1) * es), *yi = malloc((count * K + 1) * es),
                  *yf = malloc((count * K + 1) * es);
    fill(type, xh, count * P, 1);
    fill(type, yi, count * K, 1);
    memset(yf, 0xA5, (count * K + 1) * es);

    plr_options o = {dev, threads, 0};
    plr_data d = {.n = n, .x = xs.buf + (size_t)xs.base * es, .y = ys.buf + (size_t)ys.base * es};
    if (with_state) {
        d.x_history = xh;
        d.y_init = yi;
        d.y_final = yf;
    }
    plr_layout L = {count, xs.stride, xs.dist, ys.stride, ys.dist};
    plr_report rep;
    char what[1600];
    snprintf(what, sizeof what, "%s %s: %zu x %zu, x %s (%td, %td) -> y %s (%td, %td)%s%s on %s x%u",
             text, plr_type_name(type), count, n, kind_names[xk], xs.stride, xs.dist,
             in_place ? "in place" : kind_names[yk], ys.stride, ys.dist, with_state ? ", state" : "",
             "", plr_device_name(dev), threads);
    plr_status s = plr_run_many(&sig, &d, &L, &o, &rep);
    if (getenv("LAYOUT_TEST_VERBOSE"))
        printf("%s: %s\n", what, rep.reason);
    if (s != PLR_OK) {
        FAIL("%s: status %s", what, plr_strerror(s));
        goto out;
    }
    /* every element outside the output layout is as it was; inputs too */
    unsigned char *mine = calloc(ys.elems, 1);
    for (size_t q = 0; q < count; q++)
        for (size_t i = 0; i < n; i++)
            mine[at(&ys, q, i)] = 1;
    for (size_t e = 0; e < ys.elems; e++)
        if (!mine[e] && memcmp(ys.buf + e * es, y0 + e * es, es) != 0) {
            FAIL("%s: element %td outside the layout was written", what, (ptrdiff_t)e - ys.base);
            break;
        }
    free(mine);
    if (!in_place && memcmp(xs.buf, x0, xs.elems * es) != 0)
        FAIL("%s: the inputs were written", what);

    side orig = xs;
    orig.buf = x0;
    unsigned char *xseq = malloc((n + 1) * es), *yseq = malloc((n + 1) * es);
    size_t bad = 0;
    for (size_t q = 0; q < count && bad < 3; q++) {
        for (size_t i = 0; i < n; i++) {
            get_elem(&orig, es, at(&orig, q, i), xseq + i * es);
            get_elem(&ys, es, at(&ys, q, i), yseq + i * es);
        }
        plr_data dq = {.n = n, .x = xseq, .y = yseq};
        if (with_state) {
            dq.x_history = xh + q * P * es;
            dq.y_init = yi + q * K * es;
        }
        char w2[1700];
        snprintf(w2, sizeof w2, "%s, sequence %zu", what, q);
        if (!compare(&sig, &dq, yseq, w2, 0))
            bad++;
        if (with_state)
            for (size_t j = 0; j < K; j++) {
                /* y_final[j] = y[n-K+j], or y_init's entry before the start */
                ptrdiff_t idx = (ptrdiff_t)n - (ptrdiff_t)K + (ptrdiff_t)j;
                const unsigned char *want = idx >= 0 ? yseq + (size_t)idx * es
                                                     : yi + (q * K + (size_t)(idx + (ptrdiff_t)K)) * es;
                if (memcmp(yf + (q * K + j) * es, want, es) != 0) {
                    FAIL("%s: y_final[%zu] = %.17Lg, the output it must equal %.17Lg", w2, j,
                         ref_value(type, yf + (q * K + j) * es, 0), ref_value(type, want, 0));
                    bad++;
                    break;
                }
            }
    }
    free(xseq);
    free(yseq);
out:
    free(x0);
    free(y0);
    free(xh);
    free(yi);
    free(yf);
    free(xs.buf);
    if (!in_place)
        free(ys.buf);
}

static void run_case(plr_type type, size_t count, size_t n, kind xk, plr_device dev, unsigned threads)
{
    run_case_sig(NULL, type, count, n, xk, dev, threads);
}

static void random_case(size_t limit)
{
    static const size_t counts[] = {1, 2, 3, 4, 5, 8, 16, 17, 64, 100, 333, 1000, 3001};
    static const size_t lengths[] = {0, 1, 2, 5, 31, 100, 1000, 4099, 16387, 40000, 200003, 1000003};
    size_t count, n;
    do {
        count = counts[rnd() % (sizeof counts / sizeof counts[0])];
        n = lengths[rnd() % (sizeof lengths / sizeof lengths[0])];
    } while (count * n > limit);
    plr_device dev = devices[rnd() % (sizeof devices / sizeof devices[0])];
    if (forced_device >= 0)
        dev = (plr_device)forced_device;
    run_case((plr_type)(rnd() % PLR_TYPE_COUNT), count, n, (kind)(rnd() % KINDS), dev,
             dev == PLR_DEVICE_CPU ? 1 + (unsigned)(rnd() % 4) : 0);
}

/* Few long sequences on several workers: the chunk pipeline of the cpu
 * backend, for sequences and for lanes, in every type and layout kind. */
static void group_chunks(void)
{
    static const size_t shapes[][2] = {{1, 100003}, {3, 40000}, {5, 70001}};
    for (int t = 0; t < PLR_TYPE_COUNT; t++)
        for (int kd = 0; kd < KINDS; kd++)
            for (size_t z = 0; z < sizeof shapes / sizeof shapes[0]; z++)
                run_case((plr_type)t, shapes[z][0], shapes[z][1], (kind)kd, PLR_DEVICE_CPU,
                         2 + (unsigned)(rnd() % 3));
    /* Blocks whose last one is shorter than the order: 16 workers cut 333
     * lanes of 1000 rows into blocks of 32, the last of 8, under an order-12
     * filter (a 16-core host's layout-test, 2026-11-27); sequences likewise.
     * y_final must still be the outputs themselves, bit for bit. */
    static const char order12[] =
        "(0.6095845: 1.152956, 1.2734188, -2.0664127, -0.05699563, 1.1476485, -0.44466767, "
        "-0.13989457, 0.14315417, -0.034821574, -0.0007616911, 0.001788358, -0.0002569633)";
    static const size_t short_last[][2] = {{333, 1000}, {333, 1003}, {2, 70007}, {5, 40009}};
    forced_state = true;
    for (size_t z = 0; z < sizeof short_last / sizeof short_last[0]; z++)
        for (int kd = 0; kd < 2; kd++)
            run_case_sig(order12, PLR_F32, short_last[z][0], short_last[z][1], kd ? COLS_BACK : ROWS,
                         PLR_DEVICE_CPU, 16);
    forced_state = false;
}

/* A few adjacent lanes (2, 4, 8, 16: their windows in registers, and the
 * counts beside them that take the row sweep), every signature of order
 * <= 3 with <= 2 earlier input taps and one beyond, columns forward and
 * backward and interleaved with a gap, serial and on 2-4 cpu workers
 * (chunks of positions handed from one worker to the next). */
static void group_narrow(void)
{
    static const size_t counts[] = {2, 3, 4, 8, 16, 5, 9};
    static const size_t lengths[] = {1, 3, 1000, 30011};
    static const kind kinds[] = {COLS, COLS_BACK, ODD};
    for (int t = 0; t < PLR_TYPE_COUNT; t++) {
        const bool fp = plr_type_is_float((plr_type)t);
        const char *const *sigs = fp ? float_sigs : int_sigs;
        const size_t nsigs = fp ? sizeof float_sigs / sizeof float_sigs[0]
                                : sizeof int_sigs / sizeof int_sigs[0];
        for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++)
            for (size_t q = 0; q < nsigs; q++) {
                const size_t n = lengths[rnd() % (sizeof lengths / sizeof lengths[0])];
                const kind kd = kinds[rnd() % (sizeof kinds / sizeof kinds[0])];
                run_case_sig(sigs[q], (plr_type)t, counts[c], n, kd, PLR_DEVICE_SERIAL, 0);
                run_case_sig(sigs[q], (plr_type)t, counts[c], n, kd, PLR_DEVICE_CPU,
                             2 + (unsigned)(rnd() % 3));
            }
    }
}

/* The serial order of operations in the arithmetic type: a0*x[i], then
 * each earlier input tap, then each output tap, lags ascending, zeros before
 * the first element (docs/runtime.md). Sequence s of rows n apart. */
#define PLAIN_REFERENCE(T)                                                                         \
    static void plain_##T(const plr_signature *sig, const T *x, ptrdiff_t xs, T *y, size_t n)     \
    {                                                                                              \
        T xw[PLR_MAX_FIR] = {0}, yw[PLR_MAX_ORDER + 1] = {0}; /* [j]: x[i-j], y[i-1-j] */          \
        for (size_t i = 0; i < n; i++) {                                                           \
            for (unsigned j = sig->fir_len - 1; j > 0; j--)                                        \
                xw[j] = xw[j - 1];                                                                 \
            xw[0] = x[(ptrdiff_t)i * xs];                                                          \
            T acc = (T)sig->a[0].f * xw[0];                                                        \
            for (unsigned j = 1; j < sig->fir_len; j++)                                            \
                if (sig->a[j].f != 0)                                                              \
                    acc = acc + (T)sig->a[j].f * xw[j];                                            \
            for (unsigned j = 1; j <= sig->order; j++)                                             \
                if (sig->b[j].f != 0)                                                              \
                    acc = acc + (T)sig->b[j].f * yw[j - 1];                                        \
            for (unsigned j = sig->order; j > 0; j--)                                              \
                yw[j] = yw[j - 1];                                                                 \
            yw[0] = acc;                                                                           \
            y[(ptrdiff_t)i * xs] = acc;                                                            \
        }                                                                                          \
    }
PLAIN_REFERENCE(float)
PLAIN_REFERENCE(double)

/* Float rows with up to two earlier input taps (one fused pass with both
 * windows in registers) bit for bit the serial order of operations, at
 * strides 1, 3 and -2 and in place, on the serial backend and across cpu
 * workers. */
static void group_fused(void)
{
    static const char *const sigs[] = {"(0.0675, 0.135, 0.0675: 1.143, -0.4128)", "(0.5, -0.25: 0.9)",
                                       "(0.3, 0, 0.2: 0.5, 0, 0.1)", "(0.2, 0.1: 0.3, 0.2, 0.1, 0.1, 0.05)",
                                       "(1, 1: 0.5)", "(0.25, 0.5, 0.25: 0, 0, 0, 0, 0, 0, 0, 0.5)"};
    static const ptrdiff_t strides[] = {1, 3, -2};
    const size_t count = 13, n = 10007; /* 13 rows on 3 workers: whole rows (across) */
    for (int t = 0; t < 2; t++) {
        const plr_type type = t ? PLR_F64 : PLR_F32;
        const size_t es = plr_type_size(type);
        for (size_t q = 0; q < sizeof sigs / sizeof sigs[0]; q++)
            for (size_t z = 0; z < sizeof strides / sizeof strides[0]; z++)
                for (int mode = 0; mode < 3; mode++) { /* serial; serial in place; cpu across */
                    cases++;
                    const ptrdiff_t st = strides[z], len = (ptrdiff_t)((n - 1) * (size_t)(st < 0 ? -st : st) + 1);
                    unsigned char *xb = malloc((size_t)len * count * es), *yb = malloc((size_t)len * count * es),
                                  *rb = malloc((size_t)len * count * es);
                    fill(type, xb, (size_t)len * count, 0);
                    memcpy(yb, xb, (size_t)len * count * es);
                    memcpy(rb, xb, (size_t)len * count * es);
                    const ptrdiff_t first = st < 0 ? len - 1 : 0;
                    plr_signature sig = parse_or_die(sigs[q], type);
                    for (size_t s = 0; s < count; s++) {
                        const size_t at = (s * (size_t)len + (size_t)first) * es;
                        if (t)
                            plain_double(&sig, (const double *)(xb + at), st, (double *)(rb + at), n);
                        else
                            plain_float(&sig, (const float *)(xb + at), st, (float *)(rb + at), n);
                    }
                    const bool in_place = mode == 1;
                    plr_data d = {.n = n, .x = xb + (size_t)first * es, .y = (in_place ? xb : yb) + (size_t)first * es};
                    plr_layout lay = {count, st, len, st, len};
                    plr_options o = {mode == 2 ? PLR_DEVICE_CPU : PLR_DEVICE_SERIAL, 3, 0};
                    if (plr_run_many(&sig, &d, &lay, &o, NULL) != PLR_OK)
                        FAIL("fused %s %s stride %td: the call failed", sigs[q], t ? "f64" : "f32", st);
                    else if (memcmp(in_place ? xb : yb, rb, (size_t)len * count * es) != 0)
                        FAIL("fused %s %s stride %td%s: not the serial order's result bit for bit", sigs[q],
                             t ? "f64" : "f32", st, in_place ? " in place" : mode == 2 ? " on cpu" : "");
                    free(xb);
                    free(yb);
                    free(rb);
                }
    }
}

/* Integer prefix sums cut into blocks or into chunks that find their carry
 * by look-back (as PLR_CPU_CUT says; streaming stores under
 * PLR_CPU_STREAM=1): rows at every alignment of y (the row padding), in
 * place or not, forward or descending; the longest in 11-22 look-back
 * chunks of 256 KiB. */
static void group_prefix(void)
{
    static const size_t shapes[][2] = {{1, 100003}, {2, 65537}, {3, 40001}, {1, 262147}, {1, 700001}};
    static const plr_type ints[] = {PLR_I32, PLR_U32, PLR_I64, PLR_U64};
    for (size_t t = 0; t < sizeof ints / sizeof ints[0]; t++)
        for (int rep = 0; rep < 4; rep++)
            for (size_t z = 0; z < sizeof shapes / sizeof shapes[0]; z++)
                run_case_sig("(1: 1)", ints[t], shapes[z][0], shapes[z][1], rep % 2 ? ROWS_DESC : ROWS,
                             PLR_DEVICE_CPU, 2 + (unsigned)(rnd() % 3));
}

/* Lanes cut into blocks with a NaN or an Inf where pass 1 skips inputs (a
 * response that dies out): the outputs must be the serial loop's, bit for
 * bit, the special value travelling exactly as there. */
static void group_lanes_nonfinite(void)
{
    const size_t L = 8, n = 300000;
    const size_t where[] = {10, 70000, 150001, 299990};
    float *x = malloc(L * n * sizeof *x), *y1 = malloc(L * n * sizeof *y1), *y2 = malloc(L * n * sizeof *y2);
    if (!x || !y1 || !y2) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    static const char *const sigs[] = {"(0.2: 0.8)", "(0.0675, 0.135, 0.0675: 1.143, -0.4128)"};
    for (size_t q = 0; q < 2; q++)
        for (size_t w = 0; w < sizeof where / sizeof where[0]; w++) {
            cases++;
            for (size_t i = 0; i < L * n; i++)
                x[i] = (float)rnd_unit();
            x[where[w] * L + w % L] = w % 2 ? INFINITY : NAN;
            plr_signature sig = parse_or_die(sigs[q], PLR_F32);
            plr_data d1 = {.n = n, .x = x, .y = y1}, d2 = {.n = n, .x = x, .y = y2};
            plr_layout lay = {L, (ptrdiff_t)L, 1, (ptrdiff_t)L, 1};
            plr_options ser = {PLR_DEVICE_SERIAL, 0, 0}, cpu = {PLR_DEVICE_CPU, 2 + (unsigned)w % 3, 0};
            if (plr_run_many(&sig, &d1, &lay, &ser, NULL) != PLR_OK ||
                plr_run_many(&sig, &d2, &lay, &cpu, NULL) != PLR_OK)
                FAIL("%s, %s at row %zu: a call failed", sigs[q], w % 2 ? "Inf" : "NaN", where[w]);
            else if (memcmp(y1, y2, L * n * sizeof *y1) != 0)
                FAIL("%s, %s at row %zu: cpu differs from the serial loop", sigs[q], w % 2 ? "Inf" : "NaN",
                     where[w]);
        }
    free(x);
    free(y1);
    free(y2);
}

/* ---- bad layouts ------------------------------------------------------- */

static void expect(const char *what, plr_status got, plr_status want, const void *buf,
                   const void *before, size_t bytes)
{
    cases++;
    if (got != want)
        FAIL("%s: status %s, expected %s", what, plr_strerror(got), plr_strerror(want));
    else if (memcmp(buf, before, bytes) != 0)
        FAIL("%s: rejected, but memory was written", what);
}

static void group_errors(void)
{
    plr_signature sig = parse_or_die("(0.5: 0.5)", PLR_F32);
    enum { E = 4096 };
    float *buf = malloc(E * sizeof(float)), *before = malloc(E * sizeof(float));
    fill(PLR_F32, buf, E, 0);
    memcpy(before, buf, E * sizeof(float));
    plr_options o = {PLR_DEVICE_CPU, 2, 0};
    const size_t B = E * sizeof(float);
    float *x = buf, *y = buf + 2048;
    struct {
        const char *what;
        size_t n;
        const void *x, *y;
        plr_layout L;
        plr_status want;
    } bad[] = {
        {"count 0", 10, x, y, {0, 1, 10, 1, 10}, PLR_ERR_BAD_LAYOUT},
        {"x_stride 0", 10, x, y, {2, 0, 10, 1, 10}, PLR_ERR_BAD_LAYOUT},
        {"y_stride 0", 10, x, y, {2, 1, 10, 0, 10}, PLR_ERR_BAD_LAYOUT},
        {"count x n overflows", SIZE_MAX / 2, x, y, {3, 1, 1, 1, 1}, PLR_ERR_SIZE_OVERFLOW},
        {"backward below address 0", 100, (void *)16, y, {1, -1, 0, 1, 100}, PLR_ERR_BAD_LAYOUT},
        {"dist beyond the address space", 10, x, y, {3, 1, PTRDIFF_MAX / 2, 1, 10},
         PLR_ERR_BAD_LAYOUT},
        {"x misaligned", 10, (const char *)x + 1, y, {1, 1, 10, 1, 10}, PLR_ERR_MISALIGNED},
        {"y misaligned", 10, x, (char *)y + 2, {1, 1, 10, 1, 10}, PLR_ERR_MISALIGNED},
        {"y one element after x", 100, x, x + 1, {1, 1, 100, 1, 100}, PLR_ERR_OVERLAP},
        {"outputs of two rows overlap", 100, x, y, {2, 1, 100, 1, 99}, PLR_ERR_OVERLAP},
        {"y_dist 0 with two sequences", 100, x, y, {2, 1, 100, 1, 0}, PLR_ERR_OVERLAP},
        {"columns over a lane of each other", 10, x, y, {8, 4, 1, 4, 1}, PLR_ERR_OVERLAP},
        {"in-place rows read as columns", 8, x, x, {8, 1, 8, 8, 1}, PLR_ERR_OVERLAP},
        {"backward in place shifted by one", 100, x + 200, x + 199, {1, -1, 0, -1, 0}, PLR_ERR_OVERLAP},
    };
    char why[200];
    for (size_t c = 0; c < sizeof bad / sizeof bad[0]; c++) {
        plr_data d = {.n = bad[c].n, .x = bad[c].x, .y = (void *)bad[c].y};
        expect(bad[c].what, plr_run_many(&sig, &d, &bad[c].L, &o, NULL), bad[c].want, buf, before, B);
        /* plr_pays_many answers yes, so that plr_run reports the error */
        cases++;
        if (plr_pays_many(&sig, &d, &bad[c].L, 1, 1, 0, &o, why, sizeof why) != 1)
            FAIL("%s: plr_pays_many said no (%s)", bad[c].what, why);
    }

    /* layouts that share a buffer without sharing elements are fine */
    struct {
        const char *what;
        size_t n;
        const void *x;
        void *y;
        plr_layout L;
    } good[] = {
        {"stereo: left channel into the right", 1000, x, x + 1, {1, 2, 0, 2, 0}},
        {"left halves of rows into right halves as columns", 4, x, x + 4, {4, 1, 8, 8, 1}},
        {"rows in place, backward", 50, x + 49, x + 49, {10, -1, 50, -1, 50}},
        {"every sequence reads the same input", 100, x, y, {7, 1, 0, 1, 100}},
    };
    for (size_t c = 0; c < sizeof good / sizeof good[0]; c++) {
        plr_data d = {.n = good[c].n, .x = good[c].x, .y = good[c].y};
        plr_status s = plr_run_many(&sig, &d, &good[c].L, &o, NULL);
        cases++;
        if (s != PLR_OK)
            FAIL("%s: status %s", good[c].what, plr_strerror(s));
    }
    /* options out of range */
    plr_options many = {PLR_DEVICE_CPU, PLR_MAX_THREADS + 1, 0};
    plr_data d = {.n = 10, .x = x, .y = y};
    expect("threads above PLR_MAX_THREADS", plr_run_many(&sig, &d, NULL, &many, NULL),
           PLR_ERR_BAD_THREADS, buf, buf, B);
    free(buf);
    free(before);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: layout-test random|chunks|narrow|fused|prefix|lanes-nonfinite|errors [--cases N] [--big] [--device D]\n");
        return 2;
    }
    size_t ncases = 150, limit = 400000;
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "--cases") && i + 1 < argc)
            ncases = strtoul(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--big"))
            limit = 4000000;
        else if (!strcmp(argv[i], "--device") && i + 1 < argc) {
            plr_device d;
            if (plr_device_parse(argv[++i], &d) != PLR_OK) {
                fprintf(stderr, "layout-test: unknown device %s\n", argv[i]);
                return 2;
            }
            forced_device = (int)d;
        }
    }
    const char *fixed = getenv("PLR_TEST_SEED");
    uint64_t seed = fixed ? strtoull(fixed, NULL, 10) : (uint64_t)time(NULL) ^ (uint64_t)clock();
    test_seed(seed);
    printf("seed %llu (set PLR_TEST_SEED to replay)\n", (unsigned long long)seed);
    const char *g = argv[1];
    if (!strcmp(g, "random")) {
        for (size_t c = 0; c < ncases; c++)
            random_case(limit);
    } else if (!strcmp(g, "chunks")) {
        group_chunks();
    } else if (!strcmp(g, "fused")) {
        group_fused();
    } else if (!strcmp(g, "narrow")) {
        group_narrow();
    } else if (!strcmp(g, "prefix")) {
        group_prefix();
    } else if (!strcmp(g, "lanes-nonfinite")) {
        group_lanes_nonfinite();
    } else if (!strcmp(g, "errors")) {
        group_errors();
    } else {
        fprintf(stderr, "unknown group %s\n", g);
        return 2;
    }
    printf("%s: %lu cases, %lu failures\n", g, cases, failures);
    return failures ? 1 : 0;
}
