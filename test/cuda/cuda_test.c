/* GPU tests of the CUDA backend: runs plr_backend_cuda directly (so a silent
 * CPU fallback cannot hide a failure) on every Table 1 signature, orders
 * 1..8, 16, 32, all six types, many sizes, in place, with initial state and
 * x history, on device, managed, pinned and pageable memory, and compares
 * with a serial reference: integers exactly, floats within
 *   |err| <= C * u * H * (max|t| + sum|b| * max|y|),
 * H the l1 norm of the impulse response (the docs/runtime.md form).
 *
 * usage: cuda-test [--quick] [--big] [--seed N] [--groups 1,2,2b,2k,2c,2c-layouts,2d,3,3k,4,5]
 * Exit status 0 and a last line "cuda-test: PASS ..." when all cases pass;
 * exit 77 (skip) when no CUDA device is usable. */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include "internal.h"
#include "cuda/plr_cuda_iface.h"

#include <cuda_runtime_api.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>


static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint64_t next_u64(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}
static double next_unit(void) /* [-1, 1) */
{
    return (double)(next_u64() >> 11) * (2.0 / 9007199254740992.0) - 1.0;
}

enum mem_kind { MK_PAGEABLE, MK_PINNED, MK_DEVICE, MK_MANAGED, MK_COUNT };
static const char *mem_name[] = {"pageable", "pinned", "device", "managed"};

static long cases, failures, declined;

/* ---- problem construction: the API's own, with the state given directly -- */
static void make_problem(const plr_signature *sig, size_t n, const void *x, void *y,
                         const void *state_nearest_first, const void *xhist, plr_problem *prob)
{
    plr_data d = {.n = n, .x = x, .y = y};
    plr_problem_init(sig, &d, prob);
    if (state_nearest_first)
        memcpy(prob->state, state_nearest_first, prob->k * prob->esize);
    if (xhist && prob->p)
        memcpy(prob->xhist, xhist, prob->p * prob->esize);
}

/* ---- references ---------------------------------------------------------- */
static uint64_t get_u(const plr_problem *pr, const void *arr, long long i)
{
    if (pr->esize == 4) {
        uint32_t v;
        memcpy(&v, (const char *)arr + i * 4, 4);
        return v;
    }
    uint64_t v;
    memcpy(&v, (const char *)arr + i * 8, 8);
    return v;
}
static long double get_f(const plr_problem *pr, const void *arr, long long i)
{
    if (pr->type == PLR_F32) {
        float v;
        memcpy(&v, (const char *)arr + i * 4, 4);
        return v;
    }
    double v;
    memcpy(&v, (const char *)arr + i * 8, 8);
    return v;
}

/* x value at index i (negative: history) */
#define XAT(i) ((i) >= 0 ? (i) : 0)

static void ref_int(const plr_problem *pr, const void *x, uint64_t *y)
{
    uint64_t mask = pr->esize == 4 ? 0xffffffffull : ~0ull;
    for (size_t i = 0; i < pr->n; i++) {
        uint64_t acc = 0;
        for (unsigned q = 0; q < pr->a.count; q++) {
            long long li = (long long)i - pr->a.lag[q];
            uint64_t xv = li >= 0 ? get_u(pr, x, li) : get_u(pr, pr->xhist, li + pr->p);
            acc += get_u(pr, pr->a.coef[q], 0) * xv;
        }
        for (unsigned q = 0; q < pr->b.count; q++) {
            long long li = (long long)i - pr->b.lag[q];
            uint64_t yv = li >= 0 ? y[li] : get_u(pr, pr->state, -1 - li);
            acc += get_u(pr, pr->b.coef[q], 0) * yv;
        }
        y[i] = acc & mask;
    }
}

/* long double reference; also max|t|, max|y| */
static void ref_float(const plr_problem *pr, const void *x, long double *y, long double *maxt,
                      long double *maxy)
{
    *maxt = 0;
    *maxy = 0;
    for (unsigned j = 0; j < pr->k; j++)
        if (fabsl(get_f(pr, pr->state, j)) > *maxy)
            *maxy = fabsl(get_f(pr, pr->state, j));
    for (size_t i = 0; i < pr->n; i++) {
        long double t = 0;
        for (unsigned q = 0; q < pr->a.count; q++) {
            long long li = (long long)i - pr->a.lag[q];
            long double xv = li >= 0 ? get_f(pr, x, li) : get_f(pr, pr->xhist, li + pr->p);
            t += get_f(pr, pr->a.coef[q], 0) * xv;
        }
        long double acc = t;
        for (unsigned q = 0; q < pr->b.count; q++) {
            long long li = (long long)i - pr->b.lag[q];
            long double yv = li >= 0 ? y[li] : get_f(pr, pr->state, -1 - li);
            acc += get_f(pr, pr->b.coef[q], 0) * yv;
        }
        y[i] = acc;
        if (fabsl(t) > *maxt)
            *maxt = fabsl(t);
        if (fabsl(acc) > *maxy)
            *maxy = fabsl(acc);
    }
}

static long double impulse_l1(const plr_problem *pr, size_t n)
{
    size_t len = n;
    if (len < 1)
        len = 1;
    long double *h = calloc(len, sizeof *h);
    long double sum = 0;
    size_t quiet = 0;
    for (size_t i = 0; i < len; i++) {
        long double v = i == 0 ? 1.0L : 0.0L;
        for (unsigned q = 0; q < pr->b.count; q++)
            if (i >= pr->b.lag[q])
                v += get_f(pr, pr->b.coef[q], 0) * h[i - pr->b.lag[q]];
        h[i] = v;
        sum += fabsl(v);
        /* a decayed response adds nothing more: stop once it has been
         * negligible for longer than any order */
        quiet = fabsl(v) < 1e-40L * sum ? quiet + 1 : 0;
        if (quiet > 64)
            break;
    }
    free(h);
    return sum;
}

/* ---- one case --------------------------------------------------------------- */
static void *alloc_kind(enum mem_kind mk, size_t bytes)
{
    void *p = NULL;
    if (bytes == 0)
        bytes = 16;
    switch (mk) {
    case MK_PAGEABLE: p = malloc(bytes); break;
    case MK_PINNED:
        if (cudaMallocHost(&p, bytes) != cudaSuccess)
            p = NULL;
        break;
    case MK_DEVICE:
        if (cudaMalloc(&p, bytes) != cudaSuccess)
            p = NULL;
        break;
    case MK_MANAGED:
        if (cudaMallocManaged(&p, bytes, cudaMemAttachGlobal) != cudaSuccess)
            p = NULL;
        break;
    default: break;
    }
    return p;
}
static void free_kind(enum mem_kind mk, void *p)
{
    if (!p)
        return;
    if (mk == MK_PAGEABLE)
        free(p);
    else if (mk == MK_PINNED)
        cudaFreeHost(p);
    else
        cudaFree(p);
}

/* elements between the allocation and x/y (1: neither is 16-byte aligned,
 * so the kernels' element-wise loads run) */
static size_t g_offset;

static void fail(const char *sig, plr_type t, size_t n, enum mem_kind mk, int inplace,
                 const char *fmt, double a, double b, size_t at)
{
    failures++;
    if (failures <= 40) {
        printf("FAIL %s %s n=%zu %s%s offset %zu, %s kernel: ", sig, plr_type_name(t), n, mem_name[mk],
               inplace ? " in-place" : "", g_offset, plrc_last_flat_kernel());
        printf(fmt, a, b, at);
        printf("\n");
    }
}


/* A case's signature, counted as a case; 0 (said as SKIP) where it does not
 * parse for the type. */
static int parse_case(const char *text, plr_type type, plr_signature *sig)
{
    char err[128];
    if (plr_signature_parse(text, type, sig, err, sizeof err) != PLR_OK) {
        printf("SKIP %s %s: %s\n", text, plr_type_name(type), err);
        return 0;
    }
    cases++;
    return 1;
}

static void run_case(const char *text, plr_type type, size_t n, enum mem_kind mk, int inplace,
                     int with_state)
{
    plr_signature sig;
    if (!parse_case(text, type, &sig))
        return;
    size_t es = plr_type_size(type);
    unsigned char state[PLR_MAX_ORDER * 8], xhist[PLR_MAX_FIR * 8];
    void *hx = malloc(n * es + 16);
    int flt = plr_type_is_float(type);
    for (size_t i = 0; i < n; i++) {
        if (type == PLR_F32) {
            float v = (float)next_unit();
            memcpy((char *)hx + i * es, &v, es);
        } else if (type == PLR_F64) {
            double v = next_unit();
            memcpy((char *)hx + i * es, &v, es);
        } else {
            uint64_t v = next_u64();
            memcpy((char *)hx + i * es, &v, es);
        }
    }
    for (unsigned j = 0; j < PLR_MAX_ORDER; j++) {
        if (type == PLR_F32) {
            float v = with_state ? (float)next_unit() : 0.0f;
            memcpy(state + j * es, &v, es);
            v = with_state ? (float)next_unit() : 0.0f;
            memcpy(xhist + j * es, &v, es);
        } else if (type == PLR_F64) {
            double v = with_state ? next_unit() : 0.0;
            memcpy(state + j * es, &v, es);
            v = with_state ? next_unit() : 0.0;
            memcpy(xhist + j * es, &v, es);
        } else {
            uint64_t v = with_state ? next_u64() : 0;
            memcpy(state + j * es, &v, es);
            v = with_state ? next_u64() : 0;
            memcpy(xhist + j * es, &v, es);
        }
    }

    void *bx = alloc_kind(mk, (n + g_offset) * es);
    void *by = inplace ? bx : alloc_kind(mk, (n + g_offset) * es);
    if (!bx || !by) {
        printf("SKIP %s %s n=%zu %s: allocation failed\n", text, plr_type_name(type), n,
               mem_name[mk]);
        cases--;
        free(hx);
        free_kind(mk, bx);
        if (!inplace)
            free_kind(mk, by);
        return;
    }
    void *dx = (char *)bx + g_offset * es, *dy = (char *)by + g_offset * es;
    cudaMemcpy(dx, hx, n * es, cudaMemcpyDefault);
    if (!inplace) { /* poison: every output must be written */
        if (mk == MK_DEVICE)
            cudaMemset(dy, 0xA5, n * es);
        else
            memset(dy, 0xA5, n * es);
    }
    cudaDeviceSynchronize();

    plr_problem prob, refprob;
    make_problem(&sig, n, dx, dy, state, xhist, &prob);
    make_problem(&sig, n, hx, NULL, state, xhist, &refprob);
    char why[256] = "";
    plr_status s = plr_backend_cuda(&prob, 0, why, sizeof why);
    void *out = malloc(n * es + 16);
    cudaMemcpy(out, dy, n * es, cudaMemcpyDefault);
    if (s != PLR_OK) {
        /* declining is allowed for floats whose factors overflow or grow
         * (the caller falls back to the CPU), but then nothing may be written */
        int untouched = 1;
        for (size_t i = 0; i < n * es; i++)
            if (((unsigned char *)out)[i] != (inplace ? ((unsigned char *)hx)[i] : 0xA5))
                untouched = 0;
        if (flt && strstr(why, "factors") && untouched) {
            declined++;
            cases--;
        } else {
            fail(text, type, n, mk, inplace, "backend returned %g (written: %g) at %zu", s,
                 !untouched, 0);
            printf("     why: %s\n", why);
        }
        free(out);
        goto out;
    }
    if (!flt) {
        uint64_t *ry = malloc((n + 1) * sizeof *ry);
        ref_int(&refprob, hx, ry);
        for (size_t i = 0; i < n; i++) {
            uint64_t v = get_u(&refprob, out, i);
            if (v != ry[i]) {
                fail(text, type, n, mk, inplace, "got %g want %g at %zu", (double)v,
                     (double)ry[i], i);
                break;
            }
        }
        free(ry);
    } else {
        long double *ry = malloc((n + 1) * sizeof *ry), maxt, maxy;
        ref_float(&refprob, hx, ry, &maxt, &maxy);
        /* docs/runtime.md: (2k+8) u H (T + B Y), T = sum|a| max|x| */
        long double sumb = 0, suma = 0, maxx = 0;
        for (unsigned q = 0; q < refprob.b.count; q++)
            sumb += fabsl(get_f(&refprob, refprob.b.coef[q], 0));
        for (unsigned q = 0; q < refprob.a.count; q++)
            suma += fabsl(get_f(&refprob, refprob.a.coef[q], 0));
        for (size_t i = 0; i < n; i++)
            if (fabsl(get_f(&refprob, hx, i)) > maxx)
                maxx = fabsl(get_f(&refprob, hx, i));
        for (unsigned j = 0; j < refprob.p; j++)
            if (fabsl(get_f(&refprob, refprob.xhist, j)) > maxx)
                maxx = fabsl(get_f(&refprob, refprob.xhist, j));
        (void)maxt;
        long double u = type == PLR_F32 ? FLT_EPSILON / 2 : DBL_EPSILON / 2;
        long double H = impulse_l1(&refprob, n);
        long double bound = (2.0L * refprob.k + 8) * u * H * (suma * maxx + sumb * maxy);
        for (size_t i = 0; i < n; i++) {
            long double v = get_f(&refprob, out, i);
            /* where the exact value is beyond the type's range the serial
             * loop overflows too: nothing to compare */
            long double tmax = type == PLR_F32 ? FLT_MAX / 4 : DBL_MAX / 4;
            if (isfinite(ry[i]) && fabsl(ry[i]) < tmax) {
                if (!isfinite(v) || fabsl(v - ry[i]) > bound) {
                    fail(text, type, n, mk, inplace, "got %.9g want %.9g at %zu", (double)v,
                         (double)ry[i], i);
                    printf("     bound %Lg (H %Lg)\n", bound, H);
                    break;
                }
            }
        }
        free(ry);
    }
    free(out);
out:
    free(hx);
    free_kind(mk, bx);
    if (!inplace)
        free_kind(mk, by);
}

/* Table 1 of the paper plus orders 1..8, 16, 32 */
static const char *table1[] = {
    "(1: 1)",
    "(1: 0, 1)",
    "(1: 0, 0, 1)",
    "(1: 2, -1)",
    "(1: 3, -3, 1)",
    "(0.2: 0.8)",
    "(0.04: 1.6, -0.64)",
    "(0.008: 2.4, -1.92, 0.512)",
    "(0.9, -0.9: 0.8)",
    "(0.81, -1.62, 0.81: 1.6, -0.64)",
    "(0.73, -2.19, 2.19, -0.73: 2.4, -1.9, 0.5)",
    /* 7- and 8-stage low-pass (pole 0.8): factors grow to 2.6e4 / 2.1e5 */
    "(0.0000128: 5.6, -13.44, 17.92, -14.336, 6.88128, -1.835008, 0.2097152)",
    "(0.00000256: 6.4, -17.92, 28.672, -28.672, 18.35008, -7.340032, 1.6777216, -0.16777216)",
};

/* orders 1..8, 16, 32: integer signatures with mixed taps (exact mod 2^w),
 * float ones stable (sum|b| < 1) so the bound stays meaningful */
/* "(HEAD: b1, ..., bk)": integer taps that wrap, decaying float ones */
static void taps_sig(const char *head, unsigned k, int flt, char *buf, size_t len)
{
    int o = snprintf(buf, len, "(%s:", head);
    for (unsigned j = 1; j <= k; j++) {
        if (flt)
            o += snprintf(buf + o, len - o, "%s%g", j > 1 ? ", " : " ",
                          j == k ? 0.3 : (j % 3 == 0 ? 0.0 : 0.5 / k));
        else
            o += snprintf(buf + o, len - o, "%s%d", j > 1 ? ", " : " ",
                          j == k ? 3 : (j % 3 == 0 ? 0 : (int)(j % 5) - 2));
    }
    snprintf(buf + o, len - o, ")");
}

/* An order-k signature with an input tap x[i-1] (the orders group) */
static void order_sig(unsigned k, int flt, char *buf, size_t len) { taps_sig("1, 2", k, flt, buf, len); }

/* An order-k signature with no input term but a0*x[i] (the one-pass
 * higher-order kernel's); a0 1 or not */
static void ko_sig(unsigned k, int flt, int scaled, char *buf, size_t len)
{
    taps_sig(scaled ? (flt ? "0.7" : "3") : "1", k, flt, buf, len);
}

/* NaN and Inf in the input, on device memory (orders above 8: the
 * higher-order kernels see them in their first pass and leave the call to
 * the single-pass kernel before writing anything): every output before the
 * first non-finite input is finite, and that element is NaN, +Inf or -Inf as
 * in the serial loop. Beyond it the cuda backend does not follow the serial
 * loop's classes exactly (docs/cuda.md, "Higher orders", non-finite inputs): a decayed
 * carry stops a NaN where the loop carries it on. */
/* run_case on device memory at g_offset, and the kernel that ran it: the
 * scan kernel exactly where `want` says (a case that already failed is not
 * counted twice) */
static void scan_case(const char *sig, plr_type t, size_t n, int inplace, int with_state, int want)
{
    const long before = failures;
    run_case(sig, t, n, MK_DEVICE, inplace, with_state);
    const int took = strncmp(plrc_last_flat_kernel(), "scan", 4) == 0;
    if (failures == before && took != want) {
        failures++;
        printf("FAIL %s %s n=%zu offset %zu: took the %s kernel, expected %s\n", sig, plr_type_name(t), n, g_offset,
               plrc_last_flat_kernel(), want ? "the scan kernel" : "another");
    }
}

static void nonfinite_case(const char *text, plr_type type, size_t n)
{
    plr_signature sig;
    if (!parse_case(text, type, &sig))
        return;
    const size_t es = plr_type_size(type), at[3] = {n / 3, n / 2 + 7, n - n / 5};
    const double v[3] = {NAN, INFINITY, -INFINITY};
    void *hx = malloc(n * es), *ref = malloc(n * es), *out = malloc(n * es), *dx = NULL, *dy = NULL;
    for (size_t i = 0; i < n; i++) {
        const double u = next_unit();
        if (type == PLR_F32)
            ((float *)hx)[i] = (float)u;
        else
            ((double *)hx)[i] = u;
    }
    for (int q = 0; q < 3; q++) {
        if (type == PLR_F32)
            ((float *)hx)[at[q]] = (float)v[q];
        else
            ((double *)hx)[at[q]] = v[q];
    }
    cudaMalloc(&dx, n * es);
    cudaMalloc(&dy, n * es);
    cudaMemcpy(dx, hx, n * es, cudaMemcpyHostToDevice);
    plr_options so = {PLR_DEVICE_SERIAL, 1, 0}, co = {PLR_DEVICE_CUDA, 0, 0};
    plr_data sd = {.n = n, .x = hx, .y = ref}, cd = {.n = n, .x = dx, .y = dy};
    const plr_status s1 = plr_run_with(&sig, &sd, &so, NULL), s2 = plr_run_with(&sig, &cd, &co, NULL);
    cudaMemcpy(out, dy, n * es, cudaMemcpyDeviceToHost);
    size_t bad = 0, first = 0;
    for (size_t i = 0; i <= at[0]; i++) {
        const double yv = type == PLR_F32 ? ((float *)out)[i] : ((double *)out)[i];
        const double rv = type == PLR_F32 ? ((float *)ref)[i] : ((double *)ref)[i];
        const int cy = isnan(yv) ? 2 : isinf(yv) ? (yv > 0 ? 3 : 4) : 0;
        const int cr = isnan(rv) ? 2 : isinf(rv) ? (rv > 0 ? 3 : 4) : 0;
        if (cy != cr && !bad++)
            first = i;
    }
    if (s1 != PLR_OK || s2 != PLR_OK || bad) {
        failures++;
        printf("FAIL nonfinite %s %s n=%zu: status %d/%d, %zu elements up to the first non-finite input (%zu) "
               "differ in NaN/Inf class from serial, first at %zu\n",
               text, plr_type_name(type), n, (int)s1, (int)s2, bad, at[0], first);
    }
    cudaFree(dx);
    cudaFree(dy);
    free(hx);
    free(ref);
    free(out);
}

/* The caller's work on the legacy default stream, queued and not waited
 * for, must be done before the call reads x or writes y: a device copy into
 * x and a memset of y, then the call at once, several rounds; integers,
 * compared exactly with the serial loop on the source data. */
static void ordering_case(const char *text, plr_type type, size_t n, int rounds)
{
    plr_signature sig;
    if (!parse_case(text, type, &sig))
        return;
    const size_t es = plr_type_size(type);
    unsigned char *hx = malloc(n * es), *ref = malloc(n * es), *out = malloc(n * es);
    void *src = NULL, *dx = NULL, *dy = NULL;
    for (size_t i = 0; i < n * es; i += 4) {
        const uint32_t v = (uint32_t)next_u64();
        memcpy(hx + i, &v, 4);
    }
    cudaMalloc(&src, n * es);
    cudaMalloc(&dx, n * es);
    cudaMalloc(&dy, n * es);
    cudaMemcpy(src, hx, n * es, cudaMemcpyHostToDevice);
    plr_options so = {PLR_DEVICE_SERIAL, 1, 0}, co = {PLR_DEVICE_CUDA, 0, 0};
    plr_data sd = {.n = n, .x = hx, .y = ref}, cd = {.n = n, .x = dx, .y = dy};
    plr_status s1 = plr_run_with(&sig, &sd, &so, NULL);
    int bad_rounds = 0;
    size_t first = 0;
    for (int r = 0; r < rounds; r++) {
        cudaMemset(dx, 0, n * es);
        cudaDeviceSynchronize();
        cudaMemcpyAsync(dx, src, n * es, cudaMemcpyDeviceToDevice, 0);
        cudaMemsetAsync(dy, 0x5a, n * es, 0);
        const plr_status s2 = plr_run_with(&sig, &cd, &co, NULL);
        cudaMemcpy(out, dy, n * es, cudaMemcpyDeviceToHost);
        if (s2 != PLR_OK || memcmp(out, ref, n * es)) {
            if (!bad_rounds++)
                while (first < n && !memcmp(out + first * es, ref + first * es, es))
                    first++;
        }
    }
    if (s1 != PLR_OK || bad_rounds) {
        failures++;
        printf("FAIL ordering %s %s n=%zu: %d of %d rounds differ from serial (first at %zu): work queued on the "
               "default stream before the call was not finished when it ran\n",
               text, plr_type_name(type), n, bad_rounds, rounds, first);
    }
    cudaFree(src);
    cudaFree(dx);
    cudaFree(dy);
    free(hx);
    free(ref);
    free(out);
}

/* run_case on host memory, and the kernel that ran it: orders above 8 on a
 * forward host array take the higher-order kernels piece by piece
 * ("korder-host"), never the single-pass kernel's general path */
static void host_korder_case(const char *sig, plr_type t, size_t n, enum mem_kind mk, int inplace)
{
    const long before = failures;
    run_case(sig, t, n, mk, inplace, 1);
    if (failures == before && strcmp(plrc_last_flat_kernel(), "korder-host") != 0) {
        failures++;
        printf("FAIL %s %s n=%zu %s%s: took the %s kernel, expected korder-host\n", sig, plr_type_name(t), n,
               mem_name[mk], inplace ? " in place" : "", plrc_last_flat_kernel());
    }
}

/* A NaN in a later piece of a host array at an order above 8: the pieces
 * before it stay the higher-order kernels' (the same outputs as the same
 * input without the NaN), the rest goes through the single-pass kernel
 * from the handed-over state ("korder-host/pipelined"): within `tol` of the
 * serial loop up to the NaN, and NaN there. */
static void host_korder_nonfinite_case(const char *text, plr_type type, size_t n, size_t at, int inplace)
{
    plr_signature sig;
    if (!parse_case(text, type, &sig))
        return;
    cases++;
    const size_t es = plr_type_size(type);
    double *u = malloc(n * sizeof *u);
    void *hx = malloc(n * es), *ref = malloc(n * es), *clean = malloc(n * es), *x = malloc(n * es),
         *y = inplace ? x : malloc(n * es);
    for (size_t i = 0; i < n; i++)
        u[i] = next_unit();
    for (size_t i = 0; i < n; i++) {
        if (type == PLR_F32)
            ((float *)hx)[i] = (float)u[i];
        else
            ((double *)hx)[i] = u[i];
    }
    plr_options so = {PLR_DEVICE_SERIAL, 1, 0}, co = {PLR_DEVICE_CUDA, 0, 0};
    /* without the NaN: the pieces before it */
    memcpy(x, hx, n * es);
    plr_data cd = {.n = n, .x = x, .y = y};
    const plr_status s0 = plr_run_with(&sig, &cd, &co, NULL);
    memcpy(clean, y, n * es);
    if (type == PLR_F32)
        ((float *)hx)[at] = NAN;
    else
        ((double *)hx)[at] = NAN;
    plr_data sd = {.n = n, .x = hx, .y = ref};
    const plr_status s1 = plr_run_with(&sig, &sd, &so, NULL);
    memcpy(x, hx, n * es);
    const plr_status s2 = plr_run_with(&sig, &cd, &co, NULL);
    const char *took = plrc_last_flat_kernel();
    const size_t piece = ((size_t)16 << 20) / es, start = at / piece * piece;
    size_t bad = 0, first = 0;
    double maxr = 0;
    for (size_t i = 0; i < at; i++) {
        const double r = type == PLR_F32 ? ((float *)ref)[i] : ((double *)ref)[i];
        if (fabs(r) > maxr)
            maxr = fabs(r);
    }
    const double tol = (type == PLR_F32 ? 1e-4 : 1e-12) * (1 + maxr);
    for (size_t i = 0; i <= at; i++) {
        const double v = type == PLR_F32 ? ((float *)y)[i] : ((double *)y)[i];
        const double r = type == PLR_F32 ? ((float *)ref)[i] : ((double *)ref)[i];
        const int ok = i < start ? !memcmp((char *)y + i * es, (char *)clean + i * es, es)
                       : i < at  ? fabs(v - r) <= tol
                                 : isnan(v);
        if (!ok && !bad++)
            first = i;
    }
    if (s0 != PLR_OK || s1 != PLR_OK || s2 != PLR_OK || bad || strcmp(took, "korder-host/pipelined") != 0) {
        failures++;
        printf("FAIL nonfinite host %s %s n=%zu%s, NaN at %zu (piece from %zu): status %d/%d/%d, kernel %s, "
               "%zu elements wrong, first at %zu\n",
               text, plr_type_name(type), n, inplace ? " in place" : "", at, start, (int)s0, (int)s1, (int)s2,
               took, bad, first);
    }
    free(u);
    free(hx);
    free(ref);
    free(clean);
    free(x);
    if (!inplace)
        free(y);
}

/* --groups LIST: the groups of main to run (comma-separated; all without
 * it), so that a device call's time limit can take the matrix in parts */
static const char *const group_names[] = {"1", "2", "2b", "2k", "2c", "2c-layouts", "2d", "3", "3k", "4", "5"};
static const char *g_groups;
static int want(const char *g)
{
    if (!g_groups)
        return 1;
    const size_t n = strlen(g);
    for (const char *p = g_groups; *p;) {
        const char *e = strchr(p, ',');
        const size_t len = e ? (size_t)(e - p) : strlen(p);
        if (len == n && !strncmp(p, g, n))
            return 1;
        p += len + (e ? 1 : 0);
    }
    return 0;
}
/* every name in LIST is a group (a misspelt one would run nothing) */
static int groups_valid(const char *list)
{
    for (const char *p = list; *p;) {
        const char *e = strchr(p, ',');
        const size_t len = e ? (size_t)(e - p) : strlen(p);
        int known = 0;
        for (size_t k = 0; k < sizeof group_names / sizeof *group_names; k++)
            known |= strlen(group_names[k]) == len && !strncmp(p, group_names[k], len);
        if (!known)
            return 0;
        p += len + (e ? 1 : 0);
    }
    return *list != 0;
}

int main(int argc, char **argv)
{
    int quick = 0, big = 0, tiny = 0, repeat_count = 0;
    const char *repeat_sig = NULL, *repeat_type = NULL;
    size_t repeat_n = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--quick"))
            quick = 1;
        else if (!strcmp(argv[i], "--tiny"))
            tiny = 1;
        else if (!strcmp(argv[i], "--big"))
            big = 1;
        else if (!strcmp(argv[i], "--groups") && i + 1 < argc) {
            g_groups = argv[++i];
            if (!groups_valid(g_groups)) {
                fprintf(stderr, "cuda-test: --groups %s: groups are 1, 2, 2b, 2k, 2c, 2c-layouts, 2d, 3, 3k, 4, 5\n", g_groups);
                return 2;
            }
        } else if (!strcmp(argv[i], "--seed") && i + 1 < argc)
            rng = strtoull(argv[++i], NULL, 0) | 1;
        else if (!strcmp(argv[i], "--repeat") && i + 4 < argc) {
            /* one case again and again with fresh data: --repeat SIG TYPE N COUNT
             * (a failure that comes and goes) */
            repeat_sig = argv[++i];
            repeat_type = argv[++i];
            repeat_n = strtoull(argv[++i], NULL, 0);
            repeat_count = atoi(argv[++i]);
        }
    }
    setvbuf(stdout, NULL, _IOLBF, 0);
    char why[256];
    if (!plr_cuda_available(why, sizeof why)) {
        printf("cuda-test: SKIP: %s\n", why);
        return 77;
    }
    printf("cuda-test: %s\n", why);
    time_t t0 = time(NULL);

    if (repeat_count > 0) {
        plr_type t = PLR_TYPE_COUNT;
        for (int q = 0; q < PLR_TYPE_COUNT; q++)
            if (!strcmp(plr_type_name((plr_type)q), repeat_type))
                t = (plr_type)q;
        if (t == PLR_TYPE_COUNT) {
            printf("cuda-test: unknown type %s\n", repeat_type);
            return 2;
        }
        for (int r = 0; r < repeat_count; r++)
            run_case(repeat_sig, t, repeat_n, MK_DEVICE, 0, 1);
        printf("cuda-test: %s %s %s n=%zu: %ld cases, %ld failures, %ld declined (%s kernel)\n",
               failures ? "FAIL" : "PASS", repeat_sig, repeat_type, repeat_n, cases, failures, declined,
               plrc_last_flat_kernel());
        return failures ? 1 : 0;
    }
    if (tiny) {
        /* for compute-sanitizer: few, small cases over every code path */
        static const size_t ts[] = {1, 1000, 9000};
        static const char *tsig[] = {"(1: 1)", "(1: 0, 0, 1)", "(1: 3, -3, 1)", "(0.2: 0.8)", "(1: 3)",
                                     "(0.008: 2.4, -1.92, 0.512)", "(1: 6, -9)",
                                     "(0.9, -0.9: 0.8)", "(1, -1, 2: 1, 1)",
                                     "(1: 1, 2, 3, 4, 5)", "(1: 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1)"};
        for (size_t s = 0; s < sizeof tsig / sizeof *tsig; s++)
            for (int t = 0; t < PLR_TYPE_COUNT; t++)
                for (size_t z = 0; z < 3; z++)
                    for (int ip = 0; ip < 2; ip++)
                        run_case(tsig[s], (plr_type)t, ts[z], z == 2 ? MK_PAGEABLE : MK_DEVICE, ip,
                                 1);
        /* the scan kernel over three tiles in both layouts, with input taps
         * (a halo from the tile before) */
        static const char *lsig[] = {"(1: 1)", "(0.04: 1.6, -0.64)", "(0.9, -0.9: 0.8)",
                                     "(0.81, -1.62, 0.81: 1.6, -0.64)"};
        static const char *lay[] = {"rows", "lanes"};
        for (int e = 0; e < 2; e++) {
            setenv("PLR_CUDA_SCAN_LAYOUT", lay[e], 1);
            plrc_switches_changed();
            for (size_t s = 0; s < sizeof lsig / sizeof *lsig; s++)
                for (int t = PLR_F32; t <= PLR_F64; t++)
                    run_case(lsig[s], (plr_type)t, 8192 * 2 + 77, MK_DEVICE, 0, 1);
            /* a first-order filter's tap after the recurrence, in place
             * and not, every type, without histories and with them (for
             * integers where a0 b + a1 is odd: (1, -1: 6)) */
            for (int t = 0; t < PLR_TYPE_COUNT; t++)
                for (int ip = 0; ip < 2; ip++)
                    for (int h = 0; h < 2; h++)
                        run_case(plr_type_is_float((plr_type)t) ? "(0.9, -0.9: 0.8)"
                                 : h                            ? "(1, -1: 6)"
                                                                : "(3, -3: 5)",
                                 (plr_type)t, 8192 * 2 + 77, MK_DEVICE, ip, h);
        }
        unsetenv("PLR_CUDA_SCAN_LAYOUT");
        /* the one-pass higher-order kernel over several tiles, and its
         * look-back (a measuring switch; PLR_CUDA_KORDER=1: every order from
         * 2 on) */
        setenv("PLR_CUDA_KORDER", "1", 1);
        setenv("PLR_CUDA_KORDER_PASSES", "1", 1);
        plrc_switches_changed();
        for (int t = 0; t < PLR_TYPE_COUNT; t++) {
            char sig[512];
            ko_sig(8, plr_type_is_float((plr_type)t), 1, sig, sizeof sig);
            run_case(sig, (plr_type)t, 8192 * 5 + 3, MK_DEVICE, t % 2, 1);
        }
        unsetenv("PLR_CUDA_KORDER");
        unsetenv("PLR_CUDA_KORDER_PASSES");
        plrc_switches_changed();
        printf("cuda-test: %s %ld cases, %ld failures, %ld declined\n", failures ? "FAIL" : "PASS",
               cases, failures, declined);
        return failures ? 1 : 0;
    }
    static const size_t sizes_full[] = {0, 1, 2, 3, 31, 255, 1000, 1023, 1024, 1025, 2047, 2048,
                                        2049, 4095, 4096, 4097, 8191, 65537, 1000003, 4194311};
    static const size_t sizes_quick[] = {0, 1, 5, 1000, 4097, 65537};
    const size_t *sizes = quick ? sizes_quick : sizes_full;
    size_t nsizes = quick ? sizeof sizes_quick / sizeof *sizes : sizeof sizes_full / sizeof *sizes;

    if (want("1")) {
        /* 1: every Table 1 signature, every type, every size, device memory */
        for (int t = 0; t < PLR_TYPE_COUNT; t++)
            for (size_t s = 0; s < sizeof table1 / sizeof *table1; s++)
                for (size_t z = 0; z < nsizes; z++)
                    run_case(table1[s], (plr_type)t, sizes[z], MK_DEVICE, 0, (z & 1));
        printf("table1: %ld cases, %ld failures, %lds\n", cases, failures, (long)(time(NULL) - t0));
    }

    if (want("2")) {
        /* 2: orders 1..8, 16, 32 */
        static const unsigned orders[] = {1, 2, 3, 4, 5, 6, 7, 8, 16, 32};
        for (int t = 0; t < PLR_TYPE_COUNT; t++)
            for (size_t o = 0; o < sizeof orders / sizeof *orders; o++) {
                char sig[512];
                order_sig(orders[o], plr_type_is_float((plr_type)t), sig, sizeof sig);
                for (size_t z = 0; z < nsizes; z++)
                    if (!quick || z % 2 == 0)
                        run_case(sig, (plr_type)t, sizes[z], MK_DEVICE, (z % 3) == 1, 1);
            }
        printf("orders: %ld cases, %ld failures, %lds\n", cases, failures, (long)(time(NULL) - t0));
    }

    if (want("2b")) {
        /* 2b: NaN and Inf in the input at orders 9..32 (and 8 under
         * PLR_CUDA_KORDER=1: the same kernels) */
        static const unsigned nf_orders[] = {8, 12, 16, 32};
        for (int t = PLR_F32; t <= PLR_F64; t++)
            for (size_t o = 0; o < sizeof nf_orders / sizeof *nf_orders; o++) {
                char sig[512];
                order_sig(nf_orders[o], 1, sig, sizeof sig);
                nonfinite_case(sig, (plr_type)t, quick ? 65537 : 1000003);
            }
        printf("non-finite: %ld cases, %ld failures, %lds\n", cases, failures, (long)(time(NULL) - t0));
    }

    if (want("2k")) {
        /* 2k: orders 2..8 with no input term but a0*x[i] on device memory,
         * which take the one-pass higher-order kernel (plr_korder1.cuh)
         * under PLR_CUDA_KORDER_PASSES=1 and PLR_CUDA_KORDER=1 (a measuring
         * switch: by default the three passes take orders 6..8 from 2^22
         * elements): each of its geometries (PLR_CUDA_KO1_GEOM), every
         * type, sizes around its tiles (4096 or 8192 elements) and past 32
         * tiles a block (look-back windows left behind), in place or not,
         * with an initial state or not, a0 1 or not; the kernel checked by
         * name, and misaligned arrays checked to take the three passes.
         * Then NaN and Inf inputs at order 8. */
        static const unsigned ko_orders[] = {2, 5, 8};
        static const size_t ko_full[] = {1, 31, 4095, 4097, 8192 * 3 + 5, 1000003, 4194311, 16777259};
        static const size_t ko_quick[] = {1, 4097, 8192 * 3 + 5, 1000003};
        const size_t *ks = quick ? ko_quick : ko_full;
        const size_t nks = quick ? sizeof ko_quick / sizeof *ko_quick : sizeof ko_full / sizeof *ko_full;
        setenv("PLR_CUDA_KORDER", "1", 1);
        setenv("PLR_CUDA_KORDER_PASSES", "1", 1);
        for (int g = 0; g < 4; g++) {
            char gs[8];
            snprintf(gs, sizeof gs, "%d", g);
            setenv("PLR_CUDA_KO1_GEOM", gs, 1);
            plrc_switches_changed();
            for (int t = 0; t < PLR_TYPE_COUNT; t++)
                for (size_t o = 0; o < sizeof ko_orders / sizeof *ko_orders; o++)
                    for (size_t z = 0; z < nks; z++) {
                        /* the largest size for one type a geometry */
                        if (ks[z] > 5000000 && t != (g % 2 ? PLR_F32 : PLR_I32))
                            continue;
                        char sig[512];
                        ko_sig(ko_orders[o], plr_type_is_float((plr_type)t), (int)((z + o) % 2), sig, sizeof sig);
                        for (int off = 0; off < (g == 0 ? 2 : 1); off++) {
                            g_offset = (size_t)off;
                            const long before = failures;
                            run_case(sig, (plr_type)t, ks[z], MK_DEVICE, (int)(z % 2), (int)((z + g) % 3 != 0));
                            const char *want_k = off ? "korder" : "korder1";
                            if (failures == before && strcmp(plrc_last_flat_kernel(), want_k) != 0) {
                                failures++;
                                printf("FAIL %s %s n=%zu offset %d geometry %d: ran the %s kernel, expected %s\n", sig,
                                       plr_type_name((plr_type)t), ks[z], off, g, plrc_last_flat_kernel(), want_k);
                            }
                        }
                        g_offset = 0;
                    }
        }
        unsetenv("PLR_CUDA_KO1_GEOM");
        plrc_switches_changed();
        for (int t = PLR_F32; t <= PLR_F64; t++) {
            char sig[512];
            ko_sig(8, 1, 1, sig, sizeof sig);
            nonfinite_case(sig, (plr_type)t, quick ? 65537 : 1000003);
        }
        unsetenv("PLR_CUDA_KORDER");
        unsetenv("PLR_CUDA_KORDER_PASSES");
        plrc_switches_changed();
        printf("one-pass higher orders: %ld cases, %ld failures, %lds\n", cases, failures, (long)(time(NULL) - t0));
    }

    /* 2c (and 2c-layouts): prefix sums y[i] = a0*x[i] + y[i-1], 2- and 3-tuple sums y[i] =
     * a0*x[i] + y[i-2] (y[i-3]), 2nd- and 3rd-order prefix sums and
     * first-order filters y[i] = a0*x[i] + b*y[i-1] (integer taps that wrap
     * or whose powers vanish mod 2^w, decaying float taps, one close to 1) on
     * device memory, which take the scan kernel (plr_scan.cuh) on sm_90 and
     * newer: every type, tile
     * edges (8192 4-byte or 4096 8-byte elements), a block's several rounds
     * of tiles, gains, in place, initial states; misaligned arrays and
     * PLR_CUDA_SCAN=0 take the single-pass kernel (checked by name) */
    if (want("2c") || want("2c-layouts")) {
        static const size_t scan_full[] = {1, 3, 4, 5, 4095, 4096, 4097, 8191, 8192, 8193, 196609,
                                           8192 * 132 * 7 + 5, 16789561};
        static const size_t scan_quick[] = {3, 4097, 8193, 8192 * 132 * 7 + 5};
        const size_t *ss = quick ? scan_quick : scan_full;
        const size_t nss = quick ? sizeof scan_quick / sizeof *scan_quick : sizeof scan_full / sizeof *scan_full;
        static const char *scan_int[] = {"(1: 1)",       "(3: 1)",          "(7: 1)",        "(1: 0, 1)",
                                         "(5: 0, 1)",    "(1: 0, 0, 1)",    "(3: 0, 0, 1)",  "(1: 2, -1)",
                                         "(5: 2, -1)",   "(1: 3, -3, 1)",   "(7: 3, -3, 1)",  "(1: 3)",
                                         "(2: -5)",      "(1: 2)"};
        static const char *scan_flt[] = {"(1: 1)",          "(0.5: 1)",        "(-1.25: 1)",
                                         "(1: 0, 1)",       "(0.75: 0, 1)",    "(1: 0, 0, 1)",
                                         "(0.5: 0, 0, 1)",  "(1: 2, -1)",      "(-0.75: 2, -1)",
                                         "(1: 3, -3, 1)",   "(0.25: 3, -3, 1)", "(0.2: 0.8)",
                                         "(1: -0.5)",       "(0.001: 0.999999)"};
        int cc = 0;
        cudaDeviceGetAttribute(&cc, cudaDevAttrComputeCapabilityMajor, 0);
        /* (the equal-stage poles: groups 2c and 2c-layouts) */
        static const char *pole_int[] = {"(1: 6, -9)",       "(3: 4, -4)",         "(1: -2, -1)",
                                         "(5: 9, -27, 27)",  "(1: -6, -12, -8)",   "(1: -4, -4)",
                                         "(2: 10, -25)",     "(1: 12, -48, 64)"};
        static const char *pole_flt[] = {"(0.04: 1.6, -0.64)", "(0.008: 2.4, -1.92, 0.512)", "(1: -1, -0.25)",
                                         "(0.5: 1.8, -0.81)",  "(1: 1.5, -0.75, 0.125)",     "(0.001: 1.998, -0.998001)",
                                         "(-2: -2.7, -2.43, -0.729)", "(0.3: 0.2, -0.01)"};
        if (want("2c")) {
            for (int sw = 0; sw < 2; sw++) {
                if (sw)
                    setenv("PLR_CUDA_SCAN", "0", 1);
                plrc_switches_changed();
                for (int t = 0; t < PLR_TYPE_COUNT; t++)
                    for (size_t s = 0; s < sizeof scan_int / sizeof *scan_int; s++)
                        for (size_t z = 0; z < nss; z++)
                            for (int off = 0; off < 2; off++) {
                                if (sw && (off || z % 2))
                                    continue; /* the switch: a few cases suffice */
                                const char *sig = plr_type_is_float((plr_type)t) ? scan_flt[s] : scan_int[s];
                                /* a misaligned f32 3rd-order sum runs the serial loop on the
                                 * device (its factors grow past what the single-pass kernel
                                 * keeps within the bound), whose own f32 rounding grows with
                                 * n^2 and left the parallel bound at 7.5M elements (run4 of
                                 * bench/cuda/experiments/2026-11-27-scan-forms): the loop's
                                 * error, not a kernel's; group 1 covers that path up to 4M */
                                if (off && t == PLR_F32 && strstr(sig, ": 3, -3, 1)") && ss[z] > 4194311)
                                    continue;
                                g_offset = (size_t)off;
                                scan_case(sig, (plr_type)t, ss[z], (int)((z + s) & 1), (int)((z + t) & 1),
                                          !sw && !off && cc >= 9);
                            }
                unsetenv("PLR_CUDA_SCAN");
                plrc_switches_changed();
                g_offset = 0;
            }
            /* float taps that do not decay take the single-pass kernel */
            static const char *scan_not[] = {"(1: 1.5)", "(0.5: -1)", "(0.5: 1.0001)"};
            for (int t = PLR_F32; t <= PLR_F64; t++)
                for (size_t s = 0; s < sizeof scan_not / sizeof *scan_not; s++) {
                    const long before = failures, dec = declined;
                    run_case(scan_not[s], (plr_type)t, 8192 * 3 + 7, MK_DEVICE, 0, 1);
                    /* (a declined call ran no kernel: the name is the last case's) */
                    if (failures == before && declined == dec && strncmp(plrc_last_flat_kernel(), "scan", 4) == 0) {
                        failures++;
                        printf("FAIL %s %s: took the scan kernel, expected another (a tap that does not decay)\n",
                               scan_not[s], plr_type_name((plr_type)t));
                    }
                }
            /* NaN and Inf in the input through the scan kernel's float forms
             * (a prefix sum, first-order filters with poles whose powers
             * underflow within a warp's span, 2- and 3-stage low-pass, a
             * 2nd-order sum): outputs up to the first non-finite input in the
             * serial loop's classes, the scan kernel checked by name */
            static const char *scan_nf[] = {"(1: 1)", "(0.2: 0.8)", "(1: 0.5)", "(1: -0.25)", "(0.04: 1.6, -0.64)",
                                            "(1: 1, -0.25)", "(0.008: 2.4, -1.92, 0.512)", "(1: 1.5, -0.75, 0.125)",
                                            "(1: 2, -1)"};
            for (int t = PLR_F32; t <= PLR_F64; t++)
                for (size_t s = 0; s < sizeof scan_nf / sizeof *scan_nf; s++) {
                    const long before = failures;
                    nonfinite_case(scan_nf[s], (plr_type)t, quick ? 65537 : 1000003);
                    if (failures == before && cc >= 9 && strncmp(plrc_last_flat_kernel(), "scan", 4) != 0) {
                        failures++;
                        printf("FAIL nonfinite %s %s: took the %s kernel, expected the scan kernel\n", scan_nf[s],
                               plr_type_name((plr_type)t), plrc_last_flat_kernel());
                    }
                }
            /* two and three equal first-order stages (a0: 2b, -b^2), (a0: 3b,
             * -3b^2, b^3): integer poles exactly (even, odd, negative, b1 = 2b
             * wrapping), float poles whose taps are rounded from the expansion
             * (the paper's 2- and 3-stage low-pass, negative, near 1); and near
             * misses that must take another kernel: distinct poles, a tap off by
             * more than the tolerance, a pole at or past 1 (floats), b1 odd */
            for (int t = 0; t < PLR_TYPE_COUNT; t++)
                for (size_t s = 0; s < sizeof pole_int / sizeof *pole_int; s++)
                    for (size_t z = 0; z < nss; z++)
                        for (int off = 0; off < 2; off++) {
                            /* (misaligned: a few sizes show the other kernel takes it;
                             * the largest size for the float types only) */
                            if ((off && (z % 2 || ss[z] > 200000)) ||
                                (ss[z] > 8000000 && !plr_type_is_float((plr_type)t)))
                                continue;
                            const char *sig = plr_type_is_float((plr_type)t) ? pole_flt[s] : pole_int[s];
                            g_offset = (size_t)off;
                            scan_case(sig, (plr_type)t, ss[z], (int)((z + s) & 1), (int)((z + t + s) & 1),
                                      !off && cc >= 9);
                        }
            g_offset = 0;
            /* f32 filters and prefix sums carried in float and in double (the
             * measuring switch PLR_CUDA_SCAN_CARRY): both within the bound,
             * both the scan kernel */
            static const char *carry_sig[] = {"(0.2: 0.8)", "(0.001: 0.999999)", "(1: -0.5)", "(0.04: 1.6, -0.64)",
                                              "(0.008: 2.4, -1.92, 0.512)", "(0.001: 1.998, -0.998001)", "(1: 1)",
                                              "(0.5: 1)"};
            static const char *carry_env[] = {"float", "double"};
            static const size_t carry_n[] = {8193, 8192 * 132 * 7 + 5, 16789561};
            for (int e = 0; e < 2; e++) {
                setenv("PLR_CUDA_SCAN_CARRY", carry_env[e], 1);
                plrc_switches_changed();
                for (size_t s = 0; s < sizeof carry_sig / sizeof *carry_sig; s++)
                    for (size_t z = 0; z < (quick ? 2u : 3u); z++) {
                        const long before = failures;
                        scan_case(carry_sig[s], PLR_F32, carry_n[z], (int)(z & 1), (int)((z + s) & 1), cc >= 9);
                        /* (the carry type is in the kernel's name) */
                        const int in_double = strstr(plrc_last_flat_kernel(), "/double") != NULL;
                        if (failures == before && cc >= 9 && in_double != e) {
                            failures++;
                            printf("FAIL %s f32 n=%zu: ran %s\n", carry_sig[s], carry_n[z], plrc_last_flat_kernel());
                        }
                        if (failures != before)
                            printf("  (the failure above: PLR_CUDA_SCAN_CARRY=%s)\n", carry_env[e]);
                    }
            }
            unsetenv("PLR_CUDA_SCAN_CARRY");
            plrc_switches_changed();
        }
        if (want("2c-layouts")) {
            /* both layouts of a tile (PLR_CUDA_SCAN_LAYOUT: rows, or a lane's own
             * units) and the default choice (equal stages and 8-byte first-order
             * filters in lanes, the 3-tuple and 2nd- and 3rd-order sums too
             * from 2^24 elements on a device of more than 28 GB/s of DRAM an
             * SM, the rest in rows) for every form and type: tile
             * edges, a partial last tile, several rounds of tiles, gains, in
             * place, initial states; the kernel's name says which ran */
            static const char *lay_env[] = {NULL, "rows", "lanes"};
            /* tile edges of both geometries: rows 8192 4-byte elements a
             * tile, lanes 12288 (6144 of 8 bytes) */
            static const size_t lay_full[] = {5,     4097,  6143,   6145,  8193, 12287, 12289, 196609,
                                              8192 * 132 * 7 + 5, 12288 * 132 * 4 + 3, 16789561};
            static const size_t lay_quick[] = {5, 8193, 12289, 8192 * 132 * 3 + 5, 12288 * 132 * 2 + 7};
            const size_t *ls = quick ? lay_quick : lay_full;
            const size_t nls = quick ? sizeof lay_quick / sizeof *lay_quick : sizeof lay_full / sizeof *lay_full;
            const size_t nsum = sizeof scan_int / sizeof *scan_int, nfirst = 11; /* scan_*[11..]: first-order filters */
            int mem_khz = 0, bus_bits = 0, sms = 1;
            cudaDeviceGetAttribute(&mem_khz, cudaDevAttrMemoryClockRate, 0);
            cudaDeviceGetAttribute(&bus_bits, cudaDevAttrGlobalMemoryBusWidth, 0);
            cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
            const int dram_rich = 2.0 * mem_khz * 1e3 * (bus_bits / 8) / 1e9 / sms > 28; /* scan_*[5..10]: 3-tuple, 2nd-, 3rd-order */
            for (int e = 0; e < 3 && cc >= 9; e++) {
                if (lay_env[e])
                    setenv("PLR_CUDA_SCAN_LAYOUT", lay_env[e], 1);
                else
                    unsetenv("PLR_CUDA_SCAN_LAYOUT");
                plrc_switches_changed();
                for (int t = 0; t < PLR_TYPE_COUNT; t++)
                    for (size_t s = 0; s < nsum + sizeof pole_int / sizeof *pole_int; s++)
                        for (size_t z = 0; z < nls; z++) {
                            const int fl = plr_type_is_float((plr_type)t), wide = plr_type_size((plr_type)t) == 8;
                            const char *sig = s < nsum ? (fl ? scan_flt[s] : scan_int[s])
                                                       : (fl ? pole_flt[s - nsum] : pole_int[s - nsum]);
                            if (ls[z] > 8000000 && (!fl || (s + z) % 3))
                                continue; /* the largest size: a third of the float cases */
                            const int third = s >= 5 && s <= 10;
                            const int lanes = lay_env[e] ? e == 2
                                                         : (s >= nsum || (s >= nfirst && wide) ||
                                                            (third && dram_rich && ls[z] >= ((size_t)1 << 24)));
                            const char *want = lanes ? "scan-lanes" : "scan";
                            const long before = failures;
                            scan_case(sig, (plr_type)t, ls[z], (int)((z + s) & 1), (int)((z + t + s + e) & 1), 1);
                            if (failures == before && strcmp(plrc_last_flat_kernel(), want) != 0) {
                                failures++;
                                printf("FAIL %s %s n=%zu: ran %s, expected %s (PLR_CUDA_SCAN_LAYOUT=%s)\n", sig,
                                       plr_type_name((plr_type)t), ls[z], plrc_last_flat_kernel(), want,
                                       lay_env[e] ? lay_env[e] : "(unset)");
                            } else if (failures != before) {
                                printf("  (the failure above: PLR_CUDA_SCAN_LAYOUT=%s)\n",
                                       lay_env[e] ? lay_env[e] : "(unset)");
                            }
                        }
            }
            unsetenv("PLR_CUDA_SCAN_LAYOUT");
            plrc_switches_changed();
            /* the 3-tuple, 2nd- and 3rd-order sums past 2^24 elements, every
             * type: lanes by default where DRAM is rich */
            for (int t = 0; t < PLR_TYPE_COUNT && cc >= 9; t++)
                for (size_t s = 5; s <= 9; s += 2) {
                    const char *sig = plr_type_is_float((plr_type)t) ? scan_flt[s] : scan_int[s];
                    const char *want = dram_rich ? "scan-lanes" : "scan";
                    const size_t n = ((size_t)1 << 24) + 3;
                    const long before = failures;
                    scan_case(sig, (plr_type)t, n, t & 1, (int)(s & 1), 1);
                    if (failures == before && strcmp(plrc_last_flat_kernel(), want) != 0) {
                        failures++;
                        printf("FAIL %s %s n=%zu: ran %s, expected %s (default layout)\n", sig,
                               plr_type_name((plr_type)t), n, plrc_last_flat_kernel(), want);
                    }
                }
            /* input taps up to the form's order (the M-stage high-pass, a0 = 0,
             * x histories) in both layouts and the default one, not in place;
             * equal stages over floats as a mix of the stages where that is
             * as accurate (without histories, and all but fir_flt[5], whose
             * pole 0.5 makes the mix's terms cancel: the kernel's own taps
             * take those), never with
             * PLR_CUDA_SCAN_FIR=taps, and carried in double with
             * PLR_CUDA_SCAN_CARRY=double (all checked by the kernel's name);
             * first-order filters, every type, with their taps after the
             * recurrence (in place too), with histories where their state
             * before element 0 can carry them (floats here; integers where
             * a0 b + a1 is odd: fir_int[1], not fir_int[0]), never with
             * PLR_CUDA_SCAN_FIR=taps; the mix of equal stages in place too;
             * with PLR_CUDA_SCAN_FIR=geo equal stages with taps take the
             * single-pass kernel; in place otherwise and deeper taps take
             * another kernel */
            static const char *fir_int[] = {"(3, -3: 5)", "(0, 1: 3)", "(1, -2, 1: 6, -9)", "(2, 7: -4, -4)",
                                            "(2, 1, -1, 4: 9, -27, 27)", "(1, 0, 0, 5: 12, -48, 64)"};
            static const char *fir_flt[] = {"(0.9, -0.9: 0.8)", "(0, 1: -0.5)",
                                            "(0.81, -1.62, 0.81: 1.6, -0.64)", "(0.3, -0.2: 1.8, -0.81)",
                                            "(0.73, -2.19, 2.19, -0.73: 2.4, -1.92, 0.512)",
                                            "(0.5, 0, 0, 0.25: 1.5, -0.75, 0.125)"};
            static const char *fir_lay[] = {"rows", "lanes"};
            static const size_t fir_full[] = {1, 3, 4097, 8193, 196609, 8192 * 132 * 7 + 5, 16789561};
            static const size_t fir_quick[] = {1, 3, 8193, 8192 * 132 * 3 + 5};
            const size_t *fs = quick ? fir_quick : fir_full;
            const size_t nfs = quick ? sizeof fir_quick / sizeof *fir_quick : sizeof fir_full / sizeof *fir_full;
            static const char *fir_env[] = {"rows", "lanes", "(unset)", "PLR_CUDA_SCAN_FIR=geo",
                                            "PLR_CUDA_SCAN_FIR=taps", "PLR_CUDA_SCAN_CARRY=double"};
            for (int e = 0; e < 6 && cc >= 9; e++) {
                /* e = 0, 1: a layout; 2: the default; 3-5: switches */
                if (e < 2)
                    setenv("PLR_CUDA_SCAN_LAYOUT", fir_lay[e], 1);
                else
                    unsetenv("PLR_CUDA_SCAN_LAYOUT");
                if (e == 3 || e == 4)
                    setenv("PLR_CUDA_SCAN_FIR", e == 3 ? "geo" : "taps", 1);
                else
                    unsetenv("PLR_CUDA_SCAN_FIR");
                if (e == 5)
                    setenv("PLR_CUDA_SCAN_CARRY", "double", 1);
                else
                    unsetenv("PLR_CUDA_SCAN_CARRY");
                plrc_switches_changed();
                for (int t = 0; t < PLR_TYPE_COUNT; t++)
                    for (size_t s = 0; s < sizeof fir_int / sizeof *fir_int; s++)
                        for (size_t z = 0; z < nfs; z++) {
                            const int fl = plr_type_is_float((plr_type)t), geo = s < 2; /* fir_*[0..1]: first order */
                            if (fs[z] > 8000000 && (!fl || (s + z) % 2))
                                continue;
                            if (e >= 2 && (z + e) % 2)
                                continue;
                            const long before = failures;
                            const int inplace = (int)((z + s + t) % 3 == 0);
                            const int hist = (int)((z + t + s + e + 1) & 1);
                            const int after = geo && e != 4 && (!hist || fl || s == 1);
                            const int mix = fl && !geo && s != 5 && e != 4 && !hist;
                            const int scan = (!inplace || after || mix) && (e != 3 || geo);
                            scan_case(fl ? fir_flt[s] : fir_int[s], (plr_type)t, fs[z], inplace, hist, scan);
                            /* (by default equal stages and 8-byte first-order filters in lanes) */
                            const int wide = plr_type_size((plr_type)t) == 8;
                            char want[64];
                            snprintf(want, sizeof want, "%s%s%s",
                                     e == 1 || (e >= 2 && (wide || !geo)) ? "scan-lanes" : "scan",
                                     e == 5 && t == PLR_F32 ? "/double" : "", mix ? "/mix" : after ? "/after" : "");
                            if (failures == before && scan && strcmp(plrc_last_flat_kernel(), want) != 0) {
                                failures++;
                                printf("FAIL %s %s n=%zu: ran %s, expected %s\n", fl ? fir_flt[s] : fir_int[s],
                                       plr_type_name((plr_type)t), fs[z], plrc_last_flat_kernel(), want);
                            }
                            if (failures != before)
                                printf("  (the failure above: %s)\n", fir_env[e]);
                        }
            }
            unsetenv("PLR_CUDA_SCAN_LAYOUT");
            unsetenv("PLR_CUDA_SCAN_FIR");
            unsetenv("PLR_CUDA_SCAN_CARRY");
            plrc_switches_changed();
            /* first-order filters with a pole near +-1 (a gain of 1000) and
             * their taps after the recurrence: the low-pass's error weighed
             * by |a0| + |a1|, within the bound; in place and not, without
             * histories and with them (s[-1] then up to |c| / |a0 b + a1|,
             * ~1000 |c| here). A zero that nearly cancels the pole, (1,
             * -0.5: 0.5) and (1, -0.5: 0.45) (|a0 b + a1| below (1 - |b|)
             * (|a0| + |a1|) / 3), keeps the kernel's taps with histories,
             * as does an even a0 b + a1 for integers ((1, -1: 5)). */
            static const char *after_sig[] = {"(0.9995, -0.9995: 0.999)", "(0.5, 0.5: -0.999)", "(1, -0.5: 0.5)",
                                              "(1, -0.5: 0.45)"};
            static const size_t after_n[] = {8193, 8192 * 132 * 3 + 5, 16789561};
            for (int t = PLR_F32; t <= PLR_F64 && cc >= 9; t++)
                for (size_t s = 0; s < sizeof after_sig / sizeof *after_sig; s++)
                    for (size_t z = 0; z < (quick ? 2u : 3u); z++)
                        for (int h = 0; h < 2; h++) {
                            const long before = failures;
                            const int inplace = (int)((z + s + h) & 1), want_after = s < 2 || !h;
                            scan_case(after_sig[s], (plr_type)t, after_n[z], inplace, h, want_after || !inplace);
                            if (failures == before && !strstr(plrc_last_flat_kernel(), "/after") != !want_after) {
                                failures++;
                                printf("FAIL %s %s n=%zu%s: ran %s, expected %s\n", after_sig[s],
                                       plr_type_name((plr_type)t), after_n[z], h ? " with histories" : "",
                                       plrc_last_flat_kernel(),
                                       want_after ? "the taps after the recurrence" : "the kernel's taps");
                            }
                        }
            for (int t = 0; t < PLR_TYPE_COUNT && cc >= 9; t++) {
                if (plr_type_is_float((plr_type)t))
                    continue;
                for (size_t z = 0; z < 2; z++)
                    for (int odd = 0; odd < 2; odd++) {
                        const long before = failures;
                        const char *sig = odd ? "(1, -1: 6)" : "(1, -1: 5)";
                        scan_case(sig, (plr_type)t, after_n[z], 0, 1, 1);
                        if (failures == before && !strstr(plrc_last_flat_kernel(), "/after") != !odd) {
                            failures++;
                            printf("FAIL %s %s n=%zu with histories: ran %s, expected %s\n", sig,
                                   plr_type_name((plr_type)t), after_n[z], plrc_last_flat_kernel(),
                                   odd ? "the taps after the recurrence" : "the kernel's taps");
                        }
                    }
            }
            static const char *fir_not_int[] = {"(1, 0, 1: 3)", "(1, 1, 1, 1: 6, -9)", "(1, 1, 1, 1, 1: 9, -27, 27)",
                                                "(1, 1: 1)"};
            static const char *fir_not_flt[] = {"(1, 0, 1: 0.5)", "(1, 1, 1, 1: 1.6, -0.64)",
                                                "(1, 1, 1, 1, 1: 2.4, -1.92, 0.512)", "(1, 1: 1)"};
            for (int t = 0; t < PLR_TYPE_COUNT; t++)
                for (size_t s = 0; s < sizeof fir_not_int / sizeof *fir_not_int; s++) {
                    const char *sig = plr_type_is_float((plr_type)t) ? fir_not_flt[s] : fir_not_int[s];
                    const long before = failures, dec = declined;
                    run_case(sig, (plr_type)t, 8192 * 3 + 7, MK_DEVICE, 0, 1);
                    if (failures == before && declined == dec && strncmp(plrc_last_flat_kernel(), "scan", 4) == 0) {
                        failures++;
                        printf("FAIL %s %s: took the scan kernel, expected another "
                               "(input taps past the form's order)\n",
                               sig, plr_type_name((plr_type)t));
                    }
                }
        }
        if (want("2c")) {
            static const char *pole_not_int[] = {"(1: 6, -8)", "(1: 3, -2)", "(1: 9, -27, 26)"};
            static const char *pole_not_flt[] = {"(0.04: 1.6, -0.63)", "(1: 1.5, -0.75, 0.1251)",
                                                 "(1: 2, -1.0001)"};
            for (int t = 0; t < PLR_TYPE_COUNT; t++)
                for (size_t s = 0; s < sizeof pole_not_int / sizeof *pole_not_int; s++) {
                    const char *sig = plr_type_is_float((plr_type)t) ? pole_not_flt[s] : pole_not_int[s];
                    const long before = failures, dec = declined;
                    run_case(sig, (plr_type)t, 8192 * 3 + 7, MK_DEVICE, 0, 1);
                    if (failures == before && declined == dec && strncmp(plrc_last_flat_kernel(), "scan", 4) == 0) {
                        failures++;
                        printf("FAIL %s %s: took the scan kernel, expected another (not equal stages)\n", sig,
                               plr_type_name((plr_type)t));
                    }
                }
        }
        printf("scan kernel forms: %ld cases, %ld failures, %lds\n", cases, failures, (long)(time(NULL) - t0));
    }

    /* 2d: ordering with the caller's default-stream work (the single-pass
     * kernel, the scan kernel, 8-byte carries) */
    if (want("2d")) {
        const size_t on = quick ? (size_t)1 << 24 : (size_t)1 << 26;
        ordering_case("(1: 0, 1)", PLR_I32, on, 4);
        ordering_case("(1: 1)", PLR_I32, on, 4);
        ordering_case("(1: 1)", PLR_I64, on, 4);
        ordering_case("(1: 2, -1)", PLR_U64, on / 2, 4);
        printf("ordering: %ld cases, %ld failures, %lds\n", cases, failures, (long)(time(NULL) - t0));
    }

    if (want("3")) {
        /* 3: memory kinds and in place, with state and FIR history */
        static const char *memsigs[] = {"(1: 1)", "(0.9, -0.9: 0.8)", "(1, -1, 2: 1, 1)",
                                        "(0.81, -1.62, 0.81: 1.6, -0.64)", "(1, -1, 2: 0.5, 0.25)"};
        static const size_t memsizes[] = {1, 4097, 1000003, 5000011};
        for (int mk = 0; mk < MK_COUNT; mk++)
            for (size_t s = 0; s < sizeof memsigs / sizeof *memsigs; s++)
                for (int t = 0; t < PLR_TYPE_COUNT; t++)
                    for (size_t z = 0; z < (quick ? 2u : 4u); z++) {
                        /* the largest size spans several pipeline pieces; only
                         * host memory is pipelined */
                        if (z == 3 && (mk == MK_DEVICE || mk == MK_MANAGED))
                            continue;
                        for (int ip = 0; ip < 2; ip++)
                            run_case(memsigs[s], (plr_type)t, memsizes[z], (enum mem_kind)mk, ip, 1);
                    }
        printf("memory kinds: %ld cases, %ld failures, %lds\n", cases, failures, (long)(time(NULL) - t0));
    }

    if (want("3k")) {
        /* 3k: orders above 8 on host arrays (pageable and pinned, in place
         * and not, with state and x history), over one and several
         * pipeline pieces (16 MiB each), through the higher-order kernels;
         * a NaN in a later piece hands the rest to the single-pass kernel */
        setenv("PLR_CUDA_KO_HOST", "1", 1); /* (whatever the library's default) */
        plrc_switches_changed();
        static const unsigned ko_orders[] = {12, 16, 32};
        static const size_t ks_full[] = {1, 1000, 4194304 + 13, 9000011};
        static const size_t ks_quick[] = {1000, 4194304 + 13};
        const size_t *ks = quick ? ks_quick : ks_full;
        const size_t nks = quick ? 2 : 4;
        for (int t = 0; t < PLR_TYPE_COUNT; t++)
            for (size_t o = 0; o < sizeof ko_orders / sizeof *ko_orders; o++) {
                char sig[512];
                order_sig(ko_orders[o], plr_type_is_float((plr_type)t), sig, sizeof sig);
                for (size_t z = 0; z < nks; z++)
                    for (int mk = MK_PAGEABLE; mk <= MK_PINNED; mk++)
                        host_korder_case(sig, (plr_type)t, ks[z], (enum mem_kind)mk, (int)((z + o + mk) & 1));
            }
        for (int t = PLR_F32; t <= PLR_F64; t++) {
            char sig[512];
            order_sig(16, 1, sig, sizeof sig);
            const size_t n = ((size_t)40 << 20) / plr_type_size((plr_type)t) + 77; /* three pieces */
            host_korder_nonfinite_case(sig, (plr_type)t, n, n - n / 7, t == PLR_F64);
        }
        unsetenv("PLR_CUDA_KO_HOST");
        plrc_switches_changed();
        printf("host higher orders: %ld cases, %ld failures, %lds\n", cases, failures, (long)(time(NULL) - t0));
    }

    if (want("4")) {
        /* 4: FIR parts on both paths: the register path (histories up to 4, each
         * warp its own halo) and the shared-memory stage (PLR_CUDA_FIR=stage, and
         * every history above 4); sparse taps, a tap at lag 0 missing, aligned and
         * unaligned arrays, in place (which always takes the stage); the scan
         * kernel switched off (PLR_CUDA_SCAN=0), which would take the
         * first-order ones on aligned arrays (group 2c) */
        static const char *fir_int[] = {"(3, 1: 1)", "(0, 1: 1, 1)", "(1, 0, 0, -1: 1)",
                                        "(1, -1, 1, -1, 1: 2, -1)", "(2, 0, 0, 0, 5: 1, 0, 1)",
                                        "(1, 2, 3, 4, 5, 6: 1)", "(1, -2, 1: 3, -3, 1)"};
        static const char *fir_flt[] = {"(0.5, 0.25: 0.5)", "(0, 1: 0.9)", "(1, 0, 0, -1: 0.7)",
                                        "(0.2, -0.1, 0.3, -0.1, 0.2: 0.5, 0.25)",
                                        "(0.1, 0, 0, 0, 0.4: 1.2, -0.5)",
                                        "(0.1, 0.2, 0.3, 0.2, 0.1, 0.1: 0.6)",
                                        "(0.9, -0.9: 0.8, 0.1, 0.02, 0.01, 0.005, 0.002, 0.001, 0.0005)"};
        static const size_t firsizes_full[] = {1, 2, 3, 5, 511, 4097, 65537, 1000003};
        static const size_t firsizes_quick[] = {3, 4097, 65537};
        const size_t *firsizes = quick ? firsizes_quick : firsizes_full;
        size_t nfir = quick ? 3 : sizeof firsizes_full / sizeof *firsizes_full;
        setenv("PLR_CUDA_SCAN", "0", 1);
        for (int path = 0; path < 2; path++) {
            if (path)
                setenv("PLR_CUDA_FIR", "stage", 1);
            plrc_switches_changed();
            for (int t = 0; t < PLR_TYPE_COUNT; t++)
                for (size_t s = 0; s < sizeof fir_int / sizeof *fir_int; s++)
                    for (size_t z = 0; z < nfir; z++)
                        for (int off = 0; off < 2; off++) {
                            g_offset = (size_t)off;
                            run_case(plr_type_is_float((plr_type)t) ? fir_flt[s] : fir_int[s],
                                     (plr_type)t, firsizes[z], MK_DEVICE, z % 3 == 2, (int)((z + s) & 1));
                        }
            unsetenv("PLR_CUDA_FIR");
            plrc_switches_changed();
            g_offset = 0;
        }
        unsetenv("PLR_CUDA_SCAN");
        plrc_switches_changed();
        printf("fir paths: %ld cases, %ld failures, %lds\n", cases, failures, (long)(time(NULL) - t0));
    }

    /* 5: large sizes (32-bit types up to 2^30) */
    if (big && want("5")) {
        static const size_t bigs[] = {(1u << 30), (1u << 28) + 12345};
        for (size_t z = 0; z < 2; z++) {
            run_case("(1: 1)", PLR_I32, bigs[z], MK_DEVICE, z == 1, 1);
            run_case("(0.2: 0.8)", PLR_F32, bigs[z], MK_DEVICE, 0, 1);
            run_case("(1: 2, -1)", PLR_U32, bigs[z], MK_DEVICE, 0, 1);
        }
        run_case("(0.9, -0.9: 0.8)", PLR_F32, (1u << 28) + 3, MK_PAGEABLE, 1, 1);
        run_case("(1: 1)", PLR_I64, (1u << 27) + 3, MK_MANAGED, 0, 1);
        printf("big: %ld cases, %ld failures, %lds\n", cases, failures, (long)(time(NULL) - t0));
    }

    printf("cuda-test: %s %ld cases, %ld failures, %ld declined (factor growth, nothing "
           "written), %lds\n",
           failures ? "FAIL" : "PASS", cases, failures, declined, (long)(time(NULL) - t0));
    return failures ? 1 : 0;
}
