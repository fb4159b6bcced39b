/* Runtime tests: every result is compared with tools/reference.c (integers
 * exactly, floats against long double within the documented bound).
 *
 *   runtime-test <group> [--device serial|cpu|all] [--small]
 *
 * --small (or PLR_TEST_SMALL in the environment, which the ThreadSanitizer
 * suite sets) leaves out the sweeps' sizes above 2^21.
 *
 * Inputs are fresh random non-zero values; the seed is printed (and can be
 * fixed with PLR_TEST_SEED) so a failure can be replayed. Exit status 1 on
 * any failure, with one line per failed case. */
#define _POSIX_C_SOURCE 200809L
#include "internal.h"
#include "plr.h"
#include "reference.h"
#include "test_util.h"

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int use_serial = 1, use_cpu = 1, big = 1;

static plr_options device_options(plr_device dev, unsigned threads)
{
    plr_options o = {dev, threads, 0};
    return o;
}

/* Runs one problem on one device, in place or not, with or without state,
 * and checks output and final state. */
static void check_case(const plr_signature *sig, size_t n, plr_device dev, unsigned threads,
                       int inplace, int with_state, int small_ints, int exact_floats)
{
    size_t es = plr_type_size(sig->type);
    unsigned K = sig->order, P = sig->fir_len - 1;
    char *x = malloc((n + 1) * es), *xin = malloc((n + 1) * es);
    char *y = inplace ? x : malloc((n + 1) * es);
    char xh[PLR_MAX_FIR * 8], yi[PLR_MAX_ORDER * 8], yf[PLR_MAX_ORDER * 8];
    fill(sig->type, xin, n, small_ints);
    memcpy(x, xin, n * es);
    fill(sig->type, xh, P, small_ints);
    fill(sig->type, yi, K, small_ints);
    memset(yf, 0xA5, sizeof yf);

    plr_data d = {.n = n, .x = x, .y = y};
    if (with_state) {
        d.x_history = xh;
        d.y_init = yi;
        d.y_final = yf;
    }
    plr_options o = device_options(dev, threads);
    plr_report rep;
    plr_status s = plr_run_with(sig, &d, &o, &rep);
    char what[160];
    snprintf(what, sizeof what, "[%s x%u%s%s]", plr_device_name(dev), threads,
             inplace ? " inplace" : "", with_state ? " state" : "");
    if (s != PLR_OK) {
        FAIL("%s n=%zu: status %s", what, n, plr_strerror(s));
        goto out;
    }
    /* the cpu backend hands ill-conditioned float signatures to the serial
     * loop (plr_cpu_keeps_bound; the conditioning group checks which) */
    const int kept_bound = dev == PLR_DEVICE_CPU && rep.device == PLR_DEVICE_SERIAL &&
                           plr_type_is_float(sig->type) && strstr(rep.reason, "float bound");
    /* nothing to divide: the cpu backend's work is the serial loop */
    const int one_piece = dev == PLR_DEVICE_CPU && rep.device == PLR_DEVICE_SERIAL && rep.parts == 1;
    if (rep.device != dev && dev != PLR_DEVICE_AUTO && !kept_bound && !one_piece)
        FAIL("%s ran on %s instead", what, plr_device_name(rep.device));
    plr_data rd = d;
    rd.x = xin;
    compare(sig, &rd, y, what, exact_floats);
    if (with_state) {
        /* the final state is y[n-K..n-1], reaching back into y_init */
        char expect[PLR_MAX_ORDER * 8];
        for (unsigned j = 0; j < K; j++) {
            size_t idx = n + j; /* index + K */
            memcpy(expect + j * es, idx >= K ? y + (idx - K) * es : yi + idx * es, es);
        }
        if (memcmp(expect, yf, K * es) != 0)
            FAIL("%s n=%zu: wrong final state", what, n);
    }
out:
    free(xin);
    if (!inplace)
        free(y);
    free(x);
}

static void devices_for(void (*fn)(plr_device, unsigned, void *), void *ctx)
{
    if (use_serial)
        fn(PLR_DEVICE_SERIAL, 1, ctx);
    if (use_cpu) {
        fn(PLR_DEVICE_CPU, 2, ctx);
        fn(PLR_DEVICE_CPU, 3, ctx);
    }
}

/* ---- groups ------------------------------------------------------------- */

static const char *const table1_int[] = {"(1: 1)", "(1: 0, 1)", "(1: 0, 0, 1)", "(1: 2, -1)",
                                         "(1: 3, -3, 1)"};
static const char *const table1_float[] = {
    "(0.2: 0.8)", "(0.04: 1.6, -0.64)", "(0.008: 2.4, -1.92, 0.512)", "(0.9, -0.9: 0.8)",
    "(0.81, -1.62, 0.81: 1.6, -0.64)", "(0.73, -2.19, 2.19, -0.73: 2.4, -1.9, 0.5)"};

typedef struct sweep {
    const plr_signature *sig;
    int small_ints;
} sweep;

static void sweep_sizes(plr_device dev, unsigned threads, void *ctx)
{
    const sweep *sw = ctx;
    size_t k = sw->sig->order;
    size_t sizes[] = {0, 1, 2, k - 1, k, k + 1, 1000003, (1u << 22) + 7};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        if (!big && sizes[i] > 2000000)
            continue;
        check_case(sw->sig, sizes[i], dev, threads, 0, 0, sw->small_ints, 0);
    }
    /* in place and with state at a size that spans several chunks */
    check_case(sw->sig, 100003, dev, threads, 1, 0, sw->small_ints, 0);
    check_case(sw->sig, 100003, dev, threads, 0, 1, sw->small_ints, 0);
    check_case(sw->sig, 100003, dev, threads, 1, 1, sw->small_ints, 0);
    check_case(sw->sig, k > 1 ? k - 1 : 1, dev, threads, 0, 1, sw->small_ints, 0);
}

static void group_table1(void)
{
    const plr_type itypes[] = {PLR_I32, PLR_I64, PLR_U32, PLR_U64};
    const plr_type ftypes[] = {PLR_F32, PLR_F64};
    for (size_t s = 0; s < 5; s++)
        for (size_t t = 0; t < 4; t++) {
            plr_signature sig = parse_or_die(table1_int[s], itypes[t]);
            sweep sw = {&sig, 0};
            devices_for(sweep_sizes, &sw);
        }
    for (size_t s = 0; s < 6; s++)
        for (size_t t = 0; t < 2; t++) {
            plr_signature sig = parse_or_die(table1_float[s], ftypes[t]);
            sweep sw = {&sig, 0};
            devices_for(sweep_sizes, &sw);
        }
}

/* Float prefix sums of small integers are exact below 2^24: any misplaced
 * carry shows up as a wrong value, not as rounding. */
static void exact_float_prefix(plr_device dev, unsigned threads, void *ctx)
{
    (void)ctx;
    /* the 12-tuple is solved twice rather than corrected (cpu step 4) */
    const char *sigs[] = {"(1: 1)", "(1: 0, 1)", "(1: 0, 0, 1)", "(1: 0, 0, 0, 0, 0, 0, 1)",
                          "(1: 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1)"};
    for (size_t s = 0; s < 5; s++)
        for (int t = PLR_F32; t <= PLR_F64; t++) {
            plr_signature sig = parse_or_die(sigs[s], (plr_type)t);
            check_case(&sig, 100003, dev, threads, 0, 0, 1, 1);
            check_case(&sig, 100003, dev, threads, 1, 1, 1, 1);
        }
}

/* b from random poles inside the unit circle: prod (1 - r z^-1). */
static void orders_on(plr_device dev, unsigned threads, void *ctx)
{
    (void)ctx;
    const unsigned orders[] = {1, 2, 3, 4, 5, 6, 7, 8, 16, 32};
    for (size_t oi = 0; oi < sizeof orders / sizeof orders[0]; oi++) {
        unsigned k = orders[oi];
        for (int t = 0; t < PLR_TYPE_COUNT; t++) {
            plr_signature sig;
            memset(&sig, 0, sizeof sig);
            sig.type = (plr_type)t;
            sig.order = k;
            sig.fir_len = 1 + (unsigned)(rnd() % 3);
            if (plr_type_is_float(sig.type)) {
                /* high orders: rounding b to float can move a pole outside
                 * the unit circle (an overflowing filter has no meaningful
                 * error bound), so draw until the rounded filter decays */
                double b[PLR_MAX_ORDER + 1];
                do {
                    stable_coefficients(k, b);
                    for (unsigned j = 1; j <= k; j++)
                        b[j] = sig.type == PLR_F32 ? (double)(float)b[j] : b[j];
                } while (!impulse_response_decays(k, b));
                for (unsigned j = 1; j <= k; j++)
                    sig.b[j].f = b[j];
                for (unsigned j = 0; j < sig.fir_len; j++)
                    sig.a[j].f = sig.type == PLR_F32 ? (double)(float)rnd_unit() : rnd_unit();
            } else {
                for (unsigned j = 1; j <= k; j++)
                    sig.b[j].i = (int64_t)(rnd() % 7) - 3;
                sig.b[k].i = (rnd() & 1) ? 1 : -2; /* b_k != 0 */
                for (unsigned j = 0; j < sig.fir_len; j++)
                    sig.a[j].i = (int64_t)(rnd() % 9) - 4;
            }
            size_t sizes[] = {k - 1, k, k + 1, 33333, 1000003};
            for (size_t si = 0; si < 5; si++)
                check_case(&sig, sizes[si], dev, threads, 0, si == 3, 0, 0);
            check_case(&sig, 70001, dev, threads, 1, 1, 0, 0);
        }
    }
}

/* Split one problem into pieces chained through y_final -> y_init and the
 * inputs' tail -> x_history; the pieces must equal the one-shot result. */
static void chaining(plr_device dev, unsigned threads, void *ctx)
{
    (void)ctx;
    const char *sigs[] = {"(0.81, -1.62, 0.81: 1.6, -0.64)", "(1, 2, 3: 3, -3, 1)"};
    const plr_type types[] = {PLR_F64, PLR_I64};
    for (int s = 0; s < 2; s++) {
        plr_signature sig = parse_or_die(sigs[s], types[s]);
        size_t n = 300007, es = plr_type_size(sig.type);
        unsigned P = sig.fir_len - 1;
        char *x = malloc(n * es), *y1 = malloc(n * es), *y2 = malloc(n * es);
        fill(sig.type, x, n, 0);
        plr_options o = device_options(dev, threads);
        plr_data whole = {.n = n, .x = x, .y = y1};
        plr_run_with(&sig, &whole, &o, NULL);
        char state[PLR_MAX_ORDER * 8] = {0};
        size_t cuts[] = {0, 1, 2, 1000, 77777, 200000, n};
        for (int c = 0; c + 1 < 7; c++) {
            size_t a = cuts[c], len = cuts[c + 1] - a;
            /* the P inputs before the piece, zeros before the array */
            char hist[PLR_MAX_FIR * 8] = {0};
            for (unsigned j = 0; j < P; j++)
                if (a + j >= P)
                    memcpy(hist + j * es, x + (a + j - P) * es, es);
            plr_data d = {.n = len, .x = x + a * es, .y = y2 + a * es, .y_init = state,
                          .y_final = state, .x_history = hist};
            if (plr_run_with(&sig, &d, &o, NULL) != PLR_OK)
                FAIL("chained piece %d failed", c);
        }
        plr_data rd = whole;
        compare(&sig, &rd, y2, "[chained pieces]", 0);
        if (!plr_type_is_float(sig.type) && memcmp(y1, y2, n * es) != 0)
            FAIL("chained pieces differ from the one-shot result (%s)", sigs[s]);
        free(x);
        free(y1);
        free(y2);
    }
}

/* NaN and Inf must land where the serial loop puts them. */
/* NaN and Inf in the middle of where a worker's piece would be (f32 too:
 * its decaying filters let blocks skip all but a block's tail, which must
 * not skip a NaN). */
static void nonfinite(plr_device dev, unsigned threads, void *ctx)
{
    (void)ctx;
    const char *sigs[] = {"(1: 0, 1)", "(1: 2, -1)", "(0.2: 0.8)", "(1: 0, 0, 1)"};
    for (int t = 0; t < 2; t++)
        for (int s = 0; s < 4; s++) {
            const plr_type type = t ? PLR_F32 : PLR_F64;
            plr_signature sig = parse_or_die(sigs[s], type);
            size_t n = 200003, es = plr_type_size(type);
            void *x = malloc(n * es), *y = malloc(n * es), *r = malloc(n * es);
            fill(type, x, n, 0);
            const size_t at[3] = {123457, 150001, 170002};
            const double v[3] = {NAN, INFINITY, -INFINITY};
            for (int q = 0; q < 3; q++) {
                if (t)
                    ((float *)x)[at[q]] = (float)v[q];
                else
                    ((double *)x)[at[q]] = v[q];
            }
            plr_options o = device_options(dev, threads), so = device_options(PLR_DEVICE_SERIAL, 1);
            plr_data d = {.n = n, .x = x, .y = y}, sd = {.n = n, .x = x, .y = r};
            plr_run_with(&sig, &d, &o, NULL);
            plr_run_with(&sig, &sd, &so, NULL);
            size_t bad = 0, first = 0;
            for (size_t i = 0; i < n; i++) {
                double yv = t ? ((float *)y)[i] : ((double *)y)[i];
                double rv = t ? ((float *)r)[i] : ((double *)r)[i];
                int cls_y = isnan(yv) ? 2 : isinf(yv) ? (yv > 0 ? 3 : 4) : 0;
                int cls_r = isnan(rv) ? 2 : isinf(rv) ? (rv > 0 ? 3 : 4) : 0;
                if (cls_y != cls_r && !bad++)
                    first = i;
            }
            cases++;
            if (bad)
                FAIL("[%s x%u] %s %s: %zu elements differ in NaN/Inf class from serial, first at %zu",
                     plr_device_name(dev), threads, sigs[s], plr_type_name(type), bad, first);
            free(x);
            free(y);
            free(r);
        }
}

static void expect_status(const char *what, plr_status got, plr_status want)
{
    cases++;
    if (got != want)
        FAIL("%s: got '%s', want '%s'", what, plr_strerror(got), plr_strerror(want));
}

static void group_errors(void)
{
    float x[64], y[64], sentinel[64];
    for (int i = 0; i < 64; i++)
        x[i] = (float)i + 1, y[i] = sentinel[i] = -7.5f;
    plr_signature ok = parse_or_die("(0.2: 0.8)", PLR_F32);
    plr_data d = {.n = 64, .x = x, .y = y};
    plr_options o = {PLR_DEVICE_CPU, 2, 0};
    plr_signature sg;

    expect_status("NULL signature", plr_run_with(NULL, &d, &o, NULL), PLR_ERR_NULL_POINTER);
    expect_status("NULL data", plr_run_with(&ok, NULL, &o, NULL), PLR_ERR_NULL_POINTER);
    plr_data dn = d;
    dn.x = NULL;
    expect_status("NULL x with n > 0", plr_run_with(&ok, &dn, &o, NULL), PLR_ERR_NULL_POINTER);
    dn = d;
    dn.y = NULL;
    expect_status("NULL y with n > 0", plr_run_with(&ok, &dn, &o, NULL), PLR_ERR_NULL_POINTER);
    plr_data d0 = {.n = 0, .x = NULL, .y = NULL};
    expect_status("NULL pointers with n == 0", plr_run_with(&ok, &d0, &o, NULL), PLR_OK);
    sg = ok;
    sg.order = 0;
    expect_status("k = 0", plr_run_with(&sg, &d, &o, NULL), PLR_ERR_BAD_ORDER);
    sg = ok;
    sg.order = PLR_MAX_ORDER + 1;
    expect_status("k > max", plr_run_with(&sg, &d, &o, NULL), PLR_ERR_BAD_ORDER);
    sg = ok;
    sg.order = 3;
    sg.b[1].f = 0, sg.b[2].f = 0, sg.b[3].f = 0;
    expect_status("all b zero", plr_run_with(&sg, &d, &o, NULL), PLR_ERR_ZERO_FEEDBACK);
    sg = ok;
    sg.fir_len = 0;
    expect_status("fir_len 0", plr_run_with(&sg, &d, &o, NULL), PLR_ERR_BAD_FIR_LENGTH);
    sg = ok;
    sg.fir_len = PLR_MAX_FIR + 1;
    expect_status("fir_len > max", plr_run_with(&sg, &d, &o, NULL), PLR_ERR_BAD_FIR_LENGTH);
    sg = ok;
    sg.b[1].f = NAN;
    expect_status("NaN coefficient", plr_run_with(&sg, &d, &o, NULL), PLR_ERR_NONFINITE_COEF);
    sg = ok;
    sg.a[0].f = INFINITY;
    expect_status("Inf coefficient", plr_run_with(&sg, &d, &o, NULL), PLR_ERR_NONFINITE_COEF);
    sg = ok;
    sg.b[1].f = 1e300;
    expect_status("f32 coefficient overflow", plr_run_with(&sg, &d, &o, NULL),
                  PLR_ERR_NOT_REPRESENTABLE);
    sg = ok;
    sg.type = (plr_type)42;
    expect_status("bad type", plr_run_with(&sg, &d, &o, NULL), PLR_ERR_BAD_TYPE);
    plr_data big = d;
    big.n = SIZE_MAX / 2;
    expect_status("n * sizeof overflows", plr_run_with(&ok, &big, &o, NULL), PLR_ERR_SIZE_OVERFLOW);
    plr_data ov = d;
    ov.y = x + 1;
    ov.n = 32;
    expect_status("partial overlap", plr_run_with(&ok, &ov, &o, NULL), PLR_ERR_OVERLAP);
    plr_options bad = {(plr_device)9, 1, 0};
    expect_status("bad device", plr_run_with(&ok, &d, &bad, NULL), PLR_ERR_BAD_DEVICE);
    cases++;
    if (memcmp(y, sentinel, sizeof y) != 0)
        FAIL("a failed call wrote to y");

    /* in place and exact aliasing are fine */
    plr_data in = {.n = 64, .x = x, .y = x};
    expect_status("in place", plr_run_with(&ok, &in, &o, NULL), PLR_OK);

    /* the strerror texts are distinct */
    for (int a = 0; a < PLR_STATUS_COUNT; a++)
        for (int b = a + 1; b < PLR_STATUS_COUNT; b++)
            if (!strcmp(plr_strerror((plr_status)a), plr_strerror((plr_status)b)))
                FAIL("statuses %d and %d share a message", a, b);
}

/* plr_signature_from_array: the signature of an LPC synthesis filter whose
 * order the caller knows only at run time. Bad inputs leave sig alone;
 * every type reads its own elements, at either stride, with either sign;
 * the result runs like a parsed signature. */
/* A replaced loop never touched errno, so the calls the pass makes must
 * not either: the threads, the GPU's probe (its driver's files missing on a
 * machine without one), allocations and failed calls all leave it as the
 * caller set it. */
static void expect_errno(const char *what, int want)
{
    cases++;
    if (errno != want)
        FAIL("%s: errno %d (%s), the caller's was %d", what, errno, strerror(errno), want);
}

static void group_errno(void)
{
    const size_t n = (size_t)1 << 21;
    float *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
    for (size_t i = 0; i < n; i++)
        x[i] = (float)(i % 7) - 3;
    plr_signature sig = parse_or_die("(0.2: 0.8)", PLR_F32);
    plr_data d = {.n = n, .x = x, .y = y};
    const int mark = 12345;
    /* the environment's device (auto: the GPU probed, else threads), twice:
     * the first call starts the pool and probes, the second reuses them */
    for (int round = 0; round < 2; round++) {
        errno = mark;
        cases++;
        if (plr_run(&sig, &d) != PLR_OK)
            FAIL("plr_run: not ok");
        expect_errno("plr_run, default device", mark);
        errno = mark;
        (void)plr_pays(&sig, &d, 1, 1, 1);
        expect_errno("plr_pays", mark);
        plr_layout two = {.count = 2, .x_stride = 1, .x_dist = (ptrdiff_t)(n / 2), .y_stride = 1,
                          .y_dist = (ptrdiff_t)(n / 2)};
        plr_data half = {.n = n / 2, .x = x, .y = y};
        errno = mark;
        (void)plr_pays_many(&sig, &half, &two, 1, 1, 1, NULL, NULL, 0);
        expect_errno("plr_pays_many", mark);
        errno = mark;
        cases++;
        if (plr_run_many(&sig, &half, &two, NULL, NULL) != PLR_OK)
            FAIL("plr_run_many: not ok");
        expect_errno("plr_run_many", mark);
    }
    plr_options cpu = {PLR_DEVICE_CPU, 3, 0}, gpu = {PLR_DEVICE_CUDA, 0, 0};
    errno = mark;
    cases++;
    if (plr_run_with(&sig, &d, &cpu, NULL) != PLR_OK)
        FAIL("plr_run_with cpu: not ok");
    expect_errno("plr_run_with, cpu x3", mark);
    /* on the GPU: ok where there is one, a failure (nothing written) where
     * there is none; errno kept either way */
    errno = mark;
    (void)plr_run_with(&sig, &d, &gpu, NULL);
    expect_errno("plr_run_with, cuda", mark);
    errno = mark;
    (void)plr_run_with(NULL, &d, &cpu, NULL);
    expect_errno("plr_run_with, a NULL signature", mark);
    /* the scratch memory of the pass's call paths: allocated, failed (the
     * test switch; a real failure sets ENOMEM the same way) and freed */
    errno = mark;
    char *scratch = plr_scratch_alloc(n);
    expect_errno("plr_scratch_alloc", mark);
    cases++;
    if (!scratch)
        FAIL("plr_scratch_alloc(%zu): NULL", n);
    else
        memset(scratch, 1, n);
    errno = mark;
    plr_scratch_free(scratch);
    expect_errno("plr_scratch_free", mark);
    setenv("PLR_TEST_SCRATCH_FAIL", "1", 1);
    errno = mark;
    scratch = plr_scratch_alloc(n);
    expect_errno("plr_scratch_alloc, failing", mark);
    cases++;
    if (scratch)
        FAIL("plr_scratch_alloc under PLR_TEST_SCRATCH_FAIL=1: not NULL");
    unsetenv("PLR_TEST_SCRATCH_FAIL");
    plr_scratch_free(scratch);
    free(x);
    free(y);
}

static void group_from_array(void)
{
    plr_signature sig, sentinel;
    memset(&sentinel, 0x5A, sizeof sentinel);
    const float cf[3] = {0.5f, -0.25f, 0.125f};
    sig = sentinel;
    expect_status("NULL signature", plr_signature_from_array(NULL, PLR_F32, cf, 1, 3, -1), PLR_ERR_NULL_POINTER);
    expect_status("NULL coefficients", plr_signature_from_array(&sig, PLR_F32, NULL, 1, 3, -1),
                  PLR_ERR_NULL_POINTER);
    expect_status("bad type", plr_signature_from_array(&sig, (plr_type)42, cf, 1, 3, -1), PLR_ERR_BAD_TYPE);
    expect_status("count 0", plr_signature_from_array(&sig, PLR_F32, cf, 1, 0, -1), PLR_ERR_BAD_ORDER);
    expect_status("count > max", plr_signature_from_array(&sig, PLR_F32, cf, 1, PLR_MAX_ORDER + 1, -1),
                  PLR_ERR_BAD_ORDER);
    cases++;
    if (memcmp(&sig, &sentinel, sizeof sig) != 0)
        FAIL("from_array: a refused call wrote the signature");
    const double zeros[4] = {0, 0, 0, 0}, nan3[3] = {1, NAN, 2};
    expect_status("all zero", plr_signature_from_array(&sig, PLR_F64, zeros, 1, 4, 1), PLR_ERR_ZERO_FEEDBACK);
    expect_status("NaN", plr_signature_from_array(&sig, PLR_F64, nan3, 1, 3, -1), PLR_ERR_NONFINITE_COEF);

    /* every type, the largest order, strides 1, -1 and 3, both signs:
     * b[j] is c[(j-1)*stride], negated in the element type */
    enum { K = PLR_MAX_ORDER, LEN = 3 * PLR_MAX_ORDER };
    for (int t = 0; t < PLR_TYPE_COUNT; t++) {
        plr_type type = (plr_type)t;
        size_t es = plr_type_size(type);
        unsigned char buf[LEN * 8];
        fill(type, buf, LEN, 1);
        if (type == PLR_I32) { /* -INT32_MIN wraps to itself, as the loop's subtraction */
            int32_t m = INT32_MIN;
            memcpy(buf + 4 * es, &m, sizeof m);
        }
        static const ptrdiff_t strides[3] = {1, -1, 3};
        for (int si = 0; si < 3; si++)
            for (int sign = -1; sign <= 1; sign += 2) {
                ptrdiff_t stride = strides[si];
                const unsigned char *c0 = stride < 0 ? buf + (K - 1) * es : buf;
                plr_status st = plr_signature_from_array(&sig, type, c0, stride, K, sign);
                cases++;
                if (st != PLR_OK) {
                    FAIL("from_array %s stride %td sign %d: %s", plr_type_name(type), stride, sign,
                         plr_strerror(st));
                    continue;
                }
                int ok = sig.type == type && sig.fir_len == 1 && sig.order == K;
                ok &= plr_type_is_float(type) ? sig.a[0].f == 1.0 : sig.a[0].u == 1;
                for (unsigned j = 1; j <= K; j++) {
                    const unsigned char *e = c0 + (ptrdiff_t)(j - 1) * stride * (ptrdiff_t)es;
                    switch (type) {
                    case PLR_I32: {
                        int32_t v;
                        memcpy(&v, e, 4);
                        ok &= sig.b[j].i == (int32_t)(sign < 0 ? 0u - (uint32_t)v : (uint32_t)v);
                        break;
                    }
                    case PLR_U32: {
                        uint32_t v;
                        memcpy(&v, e, 4);
                        ok &= sig.b[j].u == (uint32_t)(sign < 0 ? 0u - v : v);
                        break;
                    }
                    case PLR_I64:
                    case PLR_U64: {
                        uint64_t v;
                        memcpy(&v, e, 8);
                        ok &= sig.b[j].u == (sign < 0 ? 0u - v : v);
                        break;
                    }
                    case PLR_F32: {
                        float v;
                        memcpy(&v, e, 4);
                        ok &= sig.b[j].f == (sign < 0 ? -(double)v : (double)v);
                        break;
                    }
                    case PLR_F64: {
                        double v;
                        memcpy(&v, e, 8);
                        ok &= sig.b[j].f == (sign < 0 ? -v : v);
                        break;
                    }
                    }
                }
                if (!ok)
                    FAIL("from_array %s stride %td sign %d: wrong signature", plr_type_name(type), stride, sign);
            }
    }

    /* the LPC synthesis filter y[i] = x[i] - sum a[j] y[i-j], order 7, run
     * through the library against the loop itself (integers: exactly) */
    enum { N = 1000, P = 7 };
    int32_t a[P + 1], x[N], y[N], yl[N];
    for (int j = 0; j <= P; j++)
        a[j] = (int32_t)(rnd() % 2001) - 1000;
    for (int i = 0; i < N; i++)
        x[i] = (int32_t)(rnd() % 200001) - 100000, yl[i] = x[i];
    for (int i = P; i < N; i++) {
        uint32_t s = (uint32_t)x[i];
        for (int j = 1; j <= P; j++)
            s -= (uint32_t)a[j] * (uint32_t)yl[i - j];
        yl[i] = (int32_t)s;
    }
    memcpy(y, yl, P * sizeof *y);
    plr_options o = {PLR_DEVICE_CPU, 3, 0};
    plr_data d = {.n = N - P, .x = x + P, .y = y + P, .y_init = y};
    expect_status("from_array LPC signature", plr_signature_from_array(&sig, PLR_I32, a + 1, 1, P, -1), PLR_OK);
    expect_status("from_array LPC run", plr_run_with(&sig, &d, &o, NULL), PLR_OK);
    cases++;
    if (memcmp(y, yl, sizeof y) != 0)
        FAIL("from_array: the LPC filter differs from its loop");
}

static void group_parse(void)
{
    struct {
        const char *text;
        plr_type type;
        plr_status want;
        const char *printed; /* NULL: same as text */
    } cases_[] = {
        {"(1: 1)", PLR_I32, PLR_OK, NULL},
        {"(0.81, -1.62, 0.81: 1.6, -0.64)", PLR_F32, PLR_OK, NULL},
        {"(0.81, -1.62, 0.81: 1.6, -0.64)", PLR_F64, PLR_OK, NULL},
        {"  ( 1 ,2:3 ,  -1 )  ", PLR_I64, PLR_OK, "(1, 2: 3, -1)"},
        {"(1: 2.0, -1e0)", PLR_I32, PLR_OK, "(1: 2, -1)"},
        {"(1: -1)", PLR_U32, PLR_OK, "(1: 4294967295)"},
        {"(1: 18446744073709551615)", PLR_U64, PLR_OK, NULL},
        {"(0.1: 0.3)", PLR_F64, PLR_OK, NULL},
        {"(0.1: 0.3)", PLR_F32, PLR_OK, NULL},
        {"1: 1)", PLR_I32, PLR_ERR_PARSE, NULL},
        {"(1 1)", PLR_I32, PLR_ERR_PARSE, NULL},
        {"(1: 1", PLR_I32, PLR_ERR_PARSE, NULL},
        {"(1: 1) x", PLR_I32, PLR_ERR_PARSE, NULL},
        {"(: 1)", PLR_I32, PLR_ERR_PARSE, NULL},
        {"(1:)", PLR_I32, PLR_ERR_PARSE, NULL},
        {"(1: 0, 0)", PLR_I32, PLR_ERR_ZERO_FEEDBACK, NULL},
        {"(0.5: 1)", PLR_I32, PLR_ERR_NOT_REPRESENTABLE, NULL},
        {"(1: 4294967296)", PLR_I32, PLR_ERR_NOT_REPRESENTABLE, NULL},
        {"(1: 1e39)", PLR_F32, PLR_ERR_NOT_REPRESENTABLE, NULL},
        {"(1: inf)", PLR_F64, PLR_ERR_PARSE, NULL},
        {"(1: 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, "
         "1, 1, 1, 1, 1)",
         PLR_I32, PLR_ERR_BAD_ORDER, NULL},
    };
    for (size_t i = 0; i < sizeof cases_ / sizeof cases_[0]; i++) {
        plr_signature sig;
        char err[200] = "";
        plr_status s = plr_signature_parse(cases_[i].text, cases_[i].type, &sig, err, sizeof err);
        cases++;
        if (s != cases_[i].want) {
            FAIL("parse %s as %s: got '%s' (%s), want '%s'", cases_[i].text,
                 plr_type_name(cases_[i].type), plr_strerror(s), err, plr_strerror(cases_[i].want));
            continue;
        }
        if (s != PLR_OK) {
            if (strncmp(err, "column ", 7) != 0)
                FAIL("parse error for %s names no column: '%s'", cases_[i].text, err);
            continue;
        }
        char out[600];
        plr_signature_format(&sig, out, sizeof out);
        const char *want = cases_[i].printed ? cases_[i].printed : cases_[i].text;
        if (strcmp(out, want) != 0)
            FAIL("format of %s: got %s, want %s", cases_[i].text, out, want);
        plr_signature back;
        if (plr_signature_parse(out, sig.type, &back, NULL, 0) != PLR_OK ||
            memcmp(&back, &sig, sizeof sig) != 0)
            FAIL("%s does not read back to the same signature", out);
    }
    char small[8];
    plr_signature sig = parse_or_die("(0.81, -1.62, 0.81: 1.6, -0.64)", PLR_F64);
    expect_status("format into a small buffer", plr_signature_format(&sig, small, sizeof small),
                  PLR_ERR_BUFFER_TOO_SMALL);
}

static void group_factors(void)
{
    /* the paper's §2.3 example: (1: 2, -1) gives 2,3,4,... and -1,-2,-3,... */
    plr_signature sig = parse_or_die("(1: 2, -1)", PLR_I32);
    plr_problem prob;
    memset(&prob, 0, sizeof prob);
    prob.type = PLR_I32;
    prob.esize = 4;
    prob.k = 2;
    prob.b.count = 2;
    prob.b.lag[0] = 1;
    prob.b.lag[1] = 2;
    uint32_t two = 2, minus1 = (uint32_t)-1;
    memcpy(prob.b.coef[0], &two, 4);
    memcpy(prob.b.coef[1], &minus1, 4);
    (void)sig;
    plr_factors *f = plr_factors_get(&prob, 8);
    plr_factors *g = plr_factors_get(&prob, 8);
    cases++;
    if (!f || f != g)
        FAIL("factor cache did not return the cached table");
    const int32_t want0[8] = {2, 3, 4, 5, 6, 7, 8, 9}, want1[8] = {-1, -2, -3, -4, -5, -6, -7, -8};
    if (f && (memcmp(f->fac, want0, sizeof want0) || memcmp((int32_t *)f->fac + 8, want1, sizeof want1)))
        FAIL("factor lists of (1: 2, -1) differ from the paper's example");
    plr_factors_release(f);
    plr_factors_release(g);

    /* prefix sum: one constant list; tuple sums: 0/1 lists; a stable float
     * filter: lists that decay to zero well before m */
    float b08 = 0.8f;
    prob.type = PLR_F32;
    prob.k = 1;
    prob.b.count = 1;
    memcpy(prob.b.coef[0], &b08, 4);
    f = plr_factors_get(&prob, 4096);
    cases++;
    if (!f || f->nonzero_len[0] >= 4096 || f->nonzero_len[0] < 300)
        FAIL("decaying f32 list of (0.2: 0.8) has nonzero length %zu", f ? f->nonzero_len[0] : 0);
    plr_factors_release(f);
    uint64_t one = 1;
    prob.type = PLR_U64;
    prob.esize = 8;
    prob.k = 3;
    prob.b.count = 1;
    prob.b.lag[0] = 3;
    memcpy(prob.b.coef[0], &one, 8);
    f = plr_factors_get(&prob, 100);
    cases++;
    if (!f || !f->zero_one[0] || !f->zero_one[1] || !f->zero_one[2] || f->constant[0])
        FAIL("3-tuple lists are not classified as 0/1 lists");
    plr_factors_release(f);

    /* a typed table: the f64 factors of an f32 signature's rounded
     * coefficients (what the CUDA merges use), cached like the others, the
     * same as a fresh build, and f32's table within one f32 rounding of it.
     * The 8-stage low-pass (pole 0.8): factors up to ~2.1e5. */
    const double b8[8] = {6.4, -17.92, 28.672, -28.672, 18.35008, -7.340032, 1.6777216, -0.16777216};
    float bf[8];
    double bd[8];
    for (int j = 0; j < 8; j++) {
        bf[j] = (float)b8[j];
        bd[j] = bf[j];
    }
    plr_factors *d1 = plr_factors_get_typed(PLR_F64, 8, bd, 4096);
    plr_factors *d2 = plr_factors_get_typed(PLR_F64, 8, bd, 4096);
    plr_factors *db = plr_factors_build(PLR_F64, 8, bd, 4096);
    plr_factors *ff = plr_factors_get_typed(PLR_F32, 8, bf, 4096);
    cases++;
    if (!d1 || d1 != d2 || !db || !ff)
        FAIL("typed factor tables: not cached or not built");
    else if (memcmp(d1->fac, db->fac, 8 * 4096 * sizeof(double)))
        FAIL("typed f64 factor table differs from a fresh build");
    else {
        /* F(j, i) by their own recurrence in long double from the f32 values;
         * errors measured against the lists' peak (the values cross zero) */
        long double peak = 0, worst = 0;
        for (int j0 = 0; j0 < 8; j0++) {
            long double w[8] = {0};
            w[j0] = 1;
            for (int i = 0; i < 200; i++) {
                long double v = 0;
                for (int j = 7; j >= 0; j--)
                    v += (long double)bf[j] * w[j];
                memmove(w + 1, w, 7 * sizeof *w);
                w[0] = v;
                double got = ((const double *)d1->fac)[(size_t)j0 * 4096 + i];
                float got32 = ((const float *)ff->fac)[(size_t)j0 * 4096 + i];
                if (fabsl(v) > peak)
                    peak = fabsl(v);
                if (fabsl(got - v) > worst)
                    worst = fabsl(got - v);
                if (fabsl((long double)got32 - got) > 0x1p-24L * fabsl(got) * 1.0001L)
                    FAIL("f32 factor (%d, %d) is not the f64 one rounded once: %g vs %g", j0, i,
                         (double)got32, got);
            }
        }
        if (worst > 0x1p-36L * peak || peak < 1e5L || peak > 3e5L) /* 2^-12 of an f32 rounding */
            FAIL("f64 factors of the 8-stage low-pass: error %Lg at peak %Lg", worst, peak);
    }
    plr_factors_release(d1);
    plr_factors_release(d2);
    plr_factors_release(db);
    plr_factors_release(ff);
}

typedef struct thread_job {
    int id;
    unsigned long fails;
} thread_job;

static void *concurrent_caller(void *arg)
{
    thread_job *job = arg;
    const char *sigs[] = {"(1: 1)", "(0.2: 0.8)", "(1: 3, -3, 1)", "(0.04: 1.6, -0.64)"};
    const plr_type types[] = {PLR_I64, PLR_F64, PLR_I32, PLR_F32};
    int s = job->id % 4;
    plr_signature sig = parse_or_die(sigs[s], types[s]);
    size_t n = 200000 + (size_t)job->id * 1000, es = plr_type_size(sig.type);
    char *x = malloc(n * es), *y = malloc(n * es);
    uint64_t st = (uint64_t)job->id * 7919 + 1;
    for (size_t i = 0; i < n * es; i++) {
        st = st * 6364136223846793005ull + 1442695040888963407ull;
        x[i] = (char)(st >> 56);
    }
    if (plr_type_is_float(sig.type))
        for (size_t i = 0; i < n; i++) {
            if (sig.type == PLR_F32)
                ((float *)x)[i] = (float)((i * 37 + (size_t)job->id) % 1001) / 1000.0f + 0.001f;
            else
                ((double *)x)[i] = (double)((i * 37 + (size_t)job->id) % 1001) / 1000.0 + 0.001;
        }
    /* the reference, computed once; the callers alternate cpu and serial */
    plr_data rd = {.n = n, .x = x, .y = NULL};
    int is_float = plr_type_is_float(sig.type);
    void *ref = malloc(n * (is_float ? sizeof(long double) : es));
    if (!ref || ref_solve(&sig, &rd, ref)) {
        job->fails++;
        free(ref);
        goto done;
    }
    long double bound = is_float ? ref_error_bound(&sig, &rd, ref) : 0;
    for (int rep = 0; rep < 6; rep++) {
        plr_options o = {rep % 2 ? PLR_DEVICE_SERIAL : PLR_DEVICE_CPU, 3, 0};
        plr_data d = {.n = n, .x = x, .y = y};
        memset(y, 0, n * es);
        if (plr_run_with(&sig, &d, &o, NULL) != PLR_OK) {
            job->fails++;
            continue;
        }
        if (!is_float) {
            if (memcmp(y, ref, n * es))
                job->fails++;
            continue;
        }
        for (size_t i = 0; i < n; i++)
            if (!(fabsl(ref_value(sig.type, y, i) - ((long double *)ref)[i]) <= bound)) {
                job->fails++;
                break;
            }
    }
    free(ref);
done:
    free(x);
    free(y);
    return NULL;
}

static void group_threads(void)
{
    pthread_t th[8];
    thread_job jobs[8];
    for (int i = 0; i < 8; i++) {
        jobs[i].id = i;
        jobs[i].fails = 0;
        pthread_create(&th[i], NULL, concurrent_caller, &jobs[i]);
    }
    for (int i = 0; i < 8; i++) {
        pthread_join(th[i], NULL);
        cases++;
        if (jobs[i].fails)
            FAIL("concurrent caller %d: %lu wrong results", i, jobs[i].fails);
    }
}

static void group_env(void)
{
    plr_options o;
    setenv("PLR_DEVICE", "gpu", 1);
    expect_status("PLR_DEVICE=gpu", plr_options_from_env(&o), PLR_ERR_BAD_DEVICE);
    setenv("PLR_DEVICE", "cpu", 1);
    setenv("PLR_THREADS", "0", 1);
    expect_status("PLR_THREADS=0", plr_options_from_env(&o), PLR_ERR_BAD_THREADS);
    setenv("PLR_THREADS", "3x", 1);
    expect_status("PLR_THREADS=3x", plr_options_from_env(&o), PLR_ERR_BAD_THREADS);
    setenv("PLR_THREADS", "3", 1);
    setenv("PLR_VERBOSE", "1", 1);
    expect_status("valid environment", plr_options_from_env(&o), PLR_OK);
    cases++;
    if (o.device != PLR_DEVICE_CPU || o.threads != 3 || !o.verbose)
        FAIL("environment not read back: device %d threads %u verbose %d", o.device, o.threads,
             o.verbose);
    unsetenv("PLR_DEVICE");
    unsetenv("PLR_THREADS");
    unsetenv("PLR_VERBOSE");
}

/* plr_pays: the decision for the loops docs/pass.md measured on a 2-core
 * machine (two threads, no GPU used: device auto with CUDA unavailable or
 * the arrays too small for it), forced devices, and what is rejected. */
static void expect_pays(const char *text, plr_type type, size_t n, unsigned passes, unsigned stages,
                        unsigned chain, const plr_options *opt, int want)
{
    plr_signature sig = parse_or_die(text, type);
    /* never dereferenced: plr_pays only asks where they live (host memory
     * here); far enough apart not to overlap over n elements */
    plr_data d = {.n = n, .x = (const void *)(uintptr_t)0x100000000u, .y = (void *)(uintptr_t)0x900000000u};
    char why[256];
    int got = plr_pays_with(&sig, &d, passes, stages, chain, opt, why, sizeof why);
    cases++;
    printf("pays %s %s n=%zu passes=%u stages=%u chain=%u device=%s: %d (%s)\n", text, plr_type_name(type), n,
           passes, stages, chain, plr_device_name(opt->device), got, why);
    if (got != want) {
        failures++;
        printf("FAIL: expected %d\n", want);
    }
}

static void group_pays(void)
{
    plr_options two = {.device = PLR_DEVICE_AUTO, .threads = 2, .verbose = 0};
    size_t big_n = (size_t)1 << 24;
    int gpu = plr_device_available(PLR_DEVICE_CUDA);
    /* single stage: a float filter pays, a float prefix sum pays, an i64
     * prefix sum (one add per element, memory bound) does not */
    expect_pays("(0.05: 0.95)", PLR_F32, big_n, 1, 1, 3, &two, 1);
    expect_pays("(1: 1)", PLR_F32, big_n, 1, 1, 1, &two, 1);
    expect_pays("(1: 1)", PLR_I64, big_n, 1, 1, 1, &two, gpu);
    /* CIC-4 composed into one order-4 call: the loop is four adds */
    expect_pays("(1: 4, -6, 4, -1)", PLR_I64, big_n, 1, 4, 1, &two, gpu);
    /* the same, one call per stage: four round trips over the GPU's link
     * cost more than the four adds too */
    expect_pays("(1: 1)", PLR_I64, big_n, 4, 4, 1, &two, 0);
    /* four float low-pass sections, one call each: pays on two cores */
    expect_pays("(0.05: 0.95)", PLR_F32, big_n, 4, 4, 3, &two, 1);
    /* small n: auto would run the serial loop */
    expect_pays("(0.05: 0.95)", PLR_F32, 5000, 1, 1, 3, &two, 0);
    /* chain unknown: taken from the signature */
    expect_pays("(0.05: 0.95)", PLR_F32, big_n, 1, 1, 0, &two, 1);
    /* one thread: the cpu backend cannot beat the i64 loop */
    plr_options one = two;
    one.threads = 1;
    expect_pays("(1: 4, -6, 4, -1)", PLR_I64, big_n, 4, 4, 1, &one, gpu);
    /* a forced device means the user asked for it */
    plr_options forced = two;
    forced.device = PLR_DEVICE_SERIAL;
    expect_pays("(1: 1)", PLR_I64, 5000, 4, 4, 1, &forced, 1);
    forced.device = PLR_DEVICE_CPU;
    expect_pays("(1: 1)", PLR_I64, 5000, 1, 1, 1, &forced, 1);
    /* what plr_run would reject is left to plr_run (and the caller's fallback) */
    plr_signature bad = parse_or_die("(1: 1)", PLR_I64);
    bad.order = 0;
    plr_data d = {.n = 10, .x = &bad, .y = &bad};
    cases++;
    if (plr_pays_with(&bad, &d, 1, 1, 1, &two, NULL, 0) != 1) {
        failures++;
        printf("FAIL: a bad signature should answer 1\n");
    }
    cases++;
    if (plr_pays_with(NULL, &d, 1, 1, 1, &two, NULL, 0) != 1) {
        failures++;
        printf("FAIL: a NULL signature should answer 1\n");
    }

    /* The fixed cost per call is measured once calls were made: before any,
     * the model's; after three cpu calls on host arrays (the first, which
     * starts the threads, not counted), the smallest excess of two. */
    plr_signature lp = parse_or_die("(0.05: 0.95)", PLR_F32);
    size_t n = 300000;
    float *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
    if (!x || !y) {
        printf("FAIL: no memory\n");
        exit(1);
    }
    for (size_t i = 0; i < n; i++)
        x[i] = (float)(i % 97) - 48.0f;
    plr_data real = {.n = n, .x = x, .y = y};
    char why[256];
    plr_pays_with(&lp, &real, 1, 1, 3, &two, why, sizeof why);
    cases++;
    printf("pays before any call: %s\n", why);
    if (!strstr(why, "(model)")) {
        failures++;
        printf("FAIL: expected the model's overhead before any call\n");
    }
    plr_options cpu2 = two;
    cpu2.device = PLR_DEVICE_CPU;
    for (int r = 0; r < 3; r++)
        if (plr_run_with(&lp, &real, &cpu2, NULL) != PLR_OK) {
            printf("FAIL: plr_run_with\n");
            exit(1);
        }
    plr_pays_with(&lp, &real, 1, 1, 3, &two, why, sizeof why);
    cases++;
    printf("pays after three calls: %s\n", why);
    if (!strstr(why, "measured over 2 calls")) {
        failures++;
        printf("FAIL: expected the overhead measured over 2 calls\n");
    }
    free(x);
    free(y);
}

/* Float signatures whose correction factors dwarf their own gain run the
 * serial loop even when the cpu backend is asked for (docs/runtime.md), and
 * ordinary filters do not: which backend ran, and the bound either way. */
static void group_conditioning(void)
{
    static const struct {
        const char *text;
        plr_type type;
        plr_device expect;
    } cases_[] = {
        /* a stable order-16 filter with factors of 1e6 (H 1e5): the cpu
         * backend's error reached 1.5x the bound (CI, 2026-11-21) */
        {"(-0.026268430737730997, 0.9709565557067572, 0.8304846071128587: 8.835028142940502, "
         "-36.90065730270611, 96.7446197964032, -178.2090630275978, 244.4865381652972, "
         "-258.255869545159, 214.13793766390003, -140.84376535090334, 73.80902332580456, "
         "-30.812425494075406, 10.198032198612227, -2.6451727914960346, 0.5244790387779337, "
         "-0.07541544465063542, 0.007018768992426105, -0.000315550567505204)",
         PLR_F64, PLR_DEVICE_SERIAL},
        /* the 3rd-order prefix sum in float: chained states overflowed */
        {"(1: 3, -3, 1)", PLR_F32, PLR_DEVICE_SERIAL},
        {"(1: 3, -3, 1)", PLR_F64, PLR_DEVICE_SERIAL},
        /* ordinary ones stay parallel */
        {"(0.0016: 3.2, -3.84, 2.048, -0.4096)", PLR_F32, PLR_DEVICE_CPU},
        {"(0.0016: 3.2, -3.84, 2.048, -0.4096)", PLR_F64, PLR_DEVICE_CPU},
        {"(1: 2, -1)", PLR_F32, PLR_DEVICE_CPU},
        {"(0.73, -2.19, 2.19, -0.73: 2.4, -1.9, 0.5)", PLR_F32, PLR_DEVICE_CPU},
        {"(1: 0, 0, 1)", PLR_F64, PLR_DEVICE_CPU},
        {"(1: 3, -3, 1)", PLR_I32, PLR_DEVICE_CPU}, /* integers are exact */
    };
    /* 300 elements are one piece of work: the serial loop, whatever the
     * signature; the others are cut into chunks */
    const size_t sizes[] = {300, 40000, 100003};
    for (size_t c = 0; c < sizeof cases_ / sizeof cases_[0]; c++)
        for (size_t z = 0; z < 3; z++) {
            plr_signature sig = parse_or_die(cases_[c].text, cases_[c].type);
            size_t n = sizes[z], es = plr_type_size(sig.type);
            char *x = malloc(n * es), *y = malloc(n * es);
            fill(sig.type, x, n, 0);
            plr_data d = {.n = n, .x = x, .y = y};
            plr_options o = device_options(PLR_DEVICE_CPU, 2);
            plr_report rep;
            if (plr_run_with(&sig, &d, &o, &rep) != PLR_OK) {
                FAIL("%s %s n=%zu: status not ok", cases_[c].text, plr_type_name(sig.type), n);
            } else {
                const plr_device want = n <= PLR_CPU_CHUNK ? PLR_DEVICE_SERIAL : cases_[c].expect;
                if (rep.device != want)
                    FAIL("%s %s n=%zu: ran on %s (%s), expected %s", cases_[c].text,
                         plr_type_name(sig.type), n, plr_device_name(rep.device), rep.reason,
                         plr_device_name(want));
                compare(&sig, &d, y, "[cpu x2 asked]", 0);
            }
            free(x);
            free(y);
        }
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: runtime-test table1|exact|orders|chain|nonfinite|errors|parse|"
                        "factors|threads|env|pays|conditioning|from-array|errno [--device serial|cpu] [--small]\n");
        return 2;
    }
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "--device") && i + 1 < argc) {
            const char *d = argv[++i];
            use_serial = !strcmp(d, "serial") || !strcmp(d, "all");
            use_cpu = !strcmp(d, "cpu") || !strcmp(d, "all");
        } else if (!strcmp(argv[i], "--small")) {
            big = 0;
        }
    }
    if (getenv("PLR_TEST_SMALL"))
        big = 0;
    const char *fixed = getenv("PLR_TEST_SEED");
    uint64_t seed = fixed ? strtoull(fixed, NULL, 10) : (uint64_t)time(NULL) ^ (uint64_t)clock();
    test_seed(seed);
    printf("seed %llu (set PLR_TEST_SEED to replay)\n", (unsigned long long)seed);

    const char *g = argv[1];
    if (!strcmp(g, "table1"))
        group_table1();
    else if (!strcmp(g, "exact"))
        devices_for(exact_float_prefix, NULL);
    else if (!strcmp(g, "orders"))
        devices_for(orders_on, NULL);
    else if (!strcmp(g, "chain"))
        devices_for(chaining, NULL);
    else if (!strcmp(g, "nonfinite"))
        devices_for(nonfinite, NULL);
    else if (!strcmp(g, "errors"))
        group_errors();
    else if (!strcmp(g, "parse"))
        group_parse();
    else if (!strcmp(g, "from-array"))
        group_from_array();
    else if (!strcmp(g, "factors"))
        group_factors();
    else if (!strcmp(g, "threads"))
        group_threads();
    else if (!strcmp(g, "env"))
        group_env();
    else if (!strcmp(g, "pays"))
        group_pays();
    else if (!strcmp(g, "conditioning"))
        group_conditioning();
    else if (!strcmp(g, "errno"))
        group_errno();
    else {
        fprintf(stderr, "unknown group %s\n", g);
        return 2;
    }
    printf("%s: %lu cases, %lu failures\n", g, cases, failures);
    return failures ? 1 : 0;
}
