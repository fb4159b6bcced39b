/* CPU benchmark of libplr against the loops a user would write, in one
 * process, as ratios measured in the same run:
 *
 *   prefix    int32 prefix sums, n = 2^10..2^28: the plain loop, OpenMP 5
 *             scan (reduction(inscan, +)), a parallel copy of the same
 *             bytes, and plr (auto, cpu, serial)
 *   batch     f32 images 1080x1920 and 4096x2160, rows and columns, a
 *             one-pole low-pass and a biquad; 8 interleaved channels x 2^20:
 *             the plain nested loops (the column loop vectorizes across
 *             lanes), and plr_run_many (auto, cpu, serial)
 *
 *   layout-bench prefix|batch [--min-log2 N] [--max-log2 N] [--rounds R] [--csv FILE]
 *                [--only TEXT]   (batch: only the cases whose "shape filter" contains TEXT)
 *
 * Each figure is the median over rounds (variants interleaved round by
 * round, so noise hits them alike) of the median of the repetitions in a
 * round; repetitions fill ~0.2 s. Every plr result is checked against the
 * plain loop (exact for integers, relative 1e-3 for floats). Built with gcc
 * -O3 -fopenmp by bench/cpu/run_layouts.sh. */
#define _POSIX_C_SOURCE 200809L
#include "plr.h"

#include <math.h>
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

typedef void (*variant_fn)(void *ctx);

/* Times each variant `rounds` times, interleaved; median seconds per call. */
static void time_variants(int nv, variant_fn *fns, void **ctxs, int rounds, double *out)
{
    double per[16][64];
    int reps[16];
    for (int v = 0; v < nv; v++) { /* warm up and size the repetitions */
        double t0 = now();
        fns[v](ctxs[v]);
        double t = now() - t0;
        reps[v] = t > 0.05 ? 1 : (int)(0.05 / (t > 1e-7 ? t : 1e-7)) + 1;
        if (reps[v] > 2001)
            reps[v] = 2001;
    }
    for (int r = 0; r < rounds; r++)
        for (int v = 0; v < nv; v++) {
            double ts[2001];
            for (int i = 0; i < reps[v]; i++) {
                double t0 = now();
                fns[v](ctxs[v]);
                ts[i] = now() - t0;
            }
            per[v][r] = median(ts, reps[v]);
        }
    for (int v = 0; v < nv; v++)
        out[v] = median(per[v], rounds);
}

static FILE *csv;
static const char *tag = "default"; /* PLR_BENCH_TAG: the setting the rows were measured under */

/* ---- prefix sums ------------------------------------------------------- */

typedef struct psum {
    size_t n;
    const int32_t *x;
    int32_t *y;
    plr_device dev; /* for the plr variants */
} psum;

static void plain_prefix(void *c)
{
    psum *p = c;
    int32_t s = 0;
    for (size_t i = 0; i < p->n; i++) {
        s += p->x[i];
        p->y[i] = s;
    }
}

static void omp_scan(void *c)
{
    psum *p = c;
    int32_t s = 0;
    const int32_t *x = p->x;
    int32_t *y = p->y;
    const long n = (long)p->n;
#pragma omp parallel for simd reduction(inscan, + : s)
    for (long i = 0; i < n; i++) {
        s += x[i];
#pragma omp scan inclusive(s)
        y[i] = s;
    }
}

static void omp_copy(void *c)
{
    psum *p = c;
    const long n = (long)p->n;
#pragma omp parallel
    {
        long t = omp_get_thread_num(), T = omp_get_num_threads();
        long lo = n * t / T, hi = n * (t + 1) / T;
        memcpy(p->y + lo, p->x + lo, (size_t)(hi - lo) * sizeof(int32_t));
    }
}

static plr_signature prefix_sig;

static void plr_prefix(void *c)
{
    psum *p = c;
    plr_data d = {.n = p->n, .x = p->x, .y = p->y};
    plr_options o = {p->dev, 0, 0};
    if (plr_run_with(&prefix_sig, &d, &o, NULL) != PLR_OK)
        abort();
}

static int check_i32(const int32_t *a, const int32_t *b, size_t n, const char *what)
{
    for (size_t i = 0; i < n; i++)
        if (a[i] != b[i]) {
            fprintf(stderr, "MISMATCH %s at %zu\n", what, i);
            return 0;
        }
    return 1;
}

static int bench_prefix(int min_log2, int max_log2, int rounds)
{
    char err[100];
    plr_signature_parse("(1: 1)", PLR_I32, &prefix_sig, err, sizeof err);
    size_t nmax = (size_t)1 << max_log2;
    int32_t *x = malloc(nmax * 4), *y = malloc(nmax * 4), *ref = malloc(nmax * 4);
    if (!x || !y || !ref)
        return 1;
    srand(7);
    for (size_t i = 0; i < nmax; i++)
        x[i] = rand() % 2001 - 1000;
    int ok = 1;
    printf("%-8s %12s %12s %12s %12s %12s %12s   (ns/element; ratios: plr auto / loop, plr cpu / omp scan, plr cpu / copy)\n",
           "n", "loop", "omp-scan", "omp-copy", "plr-serial", "plr-cpu", "plr-auto");
    for (int lg = min_log2; lg <= max_log2; lg += 2) {
        size_t n = (size_t)1 << lg;
        psum base = {n, x, y, PLR_DEVICE_AUTO};
        psum ctx[6];
        for (int v = 0; v < 6; v++)
            ctx[v] = base;
        ctx[3].dev = PLR_DEVICE_SERIAL;
        ctx[4].dev = PLR_DEVICE_CPU;
        ctx[5].dev = PLR_DEVICE_AUTO;
        variant_fn fns[6] = {plain_prefix, omp_scan, omp_copy, plr_prefix, plr_prefix, plr_prefix};
        void *ctxs[6] = {&ctx[0], &ctx[1], &ctx[2], &ctx[3], &ctx[4], &ctx[5]};
        psum r = {n, x, ref, 0};
        plain_prefix(&r);
        for (int v = 1; v < 6; v++)
            if (v != 2) {
                memset(y, 0, n * 4);
                fns[v](ctxs[v]);
                ok &= check_i32(y, ref, n, "prefix");
            }
        double t[6];
        time_variants(6, fns, ctxs, rounds, t);
        printf("2^%-6d", lg);
        for (int v = 0; v < 6; v++)
            printf(" %12.3f", t[v] * 1e9 / (double)n);
        printf("   auto/loop %.2f  cpu/scan %.2f  cpu/copy %.2f\n", t[0] / t[5], t[1] / t[4], t[2] / t[4]);
        static const char *names[6] = {"loop", "omp-scan", "omp-copy", "plr-serial", "plr-cpu", "plr-auto"};
        for (int v = 0; v < 6; v++)
            fprintf(csv, "%s,prefix-i32,%zu,1,%s,%.9g,%.4f,%.4f\n", tag, n, names[v], t[v], t[0] / t[v],
                    t[1] / t[v]);
        fflush(stdout);
    }
    free(x);
    free(y);
    free(ref);
    return ok ? 0 : 1;
}

/* ---- batches ----------------------------------------------------------- */

typedef struct batch {
    const char *name;
    size_t count, n;       /* sequences of n */
    ptrdiff_t xs, xd;      /* layout (x and y alike) */
    int biquad;
    const float *x;
    float *y;
    plr_device dev;
} batch;

static const float A = 0.2f, B = 0.8f; /* one-pole: y = A x + B y[-1] */
static const float Q0 = 0.0675f, Q1 = 0.135f, Q2 = 0.0675f, P1 = 1.143f, P2 = -0.4128f;

/* The loops as written for rows (a sequence at a time). */
static void plain_rows(void *c)
{
    batch *b = c;
    for (size_t s = 0; s < b->count; s++) {
        const float *x = b->x + s * b->xd;
        float *y = b->y + s * b->xd;
        if (!b->biquad) {
            float w = 0;
            for (size_t i = 0; i < b->n; i++)
                y[i] = w = A * x[i] + B * w;
        } else {
            float x1 = 0, x2 = 0, y1 = 0, y2 = 0;
            for (size_t i = 0; i < b->n; i++) {
                float v = Q0 * x[i] + Q1 * x1 + Q2 * x2 + P1 * y1 + P2 * y2;
                x2 = x1, x1 = x[i], y2 = y1, y1 = v;
                y[i] = v;
            }
        }
    }
}

/* The loops as written for columns and interleaved channels: position by
 * position, across the lanes (the inner loop vectorizes). */
static void plain_lanes(void *c)
{
    batch *b = c;
    const size_t L = b->count, W = (size_t)b->xs;
    for (size_t i = 0; i < b->n; i++) {
        const float *x = b->x + i * W;
        float *y = b->y + i * W;
        if (!b->biquad) {
            if (i == 0)
                for (size_t l = 0; l < L; l++)
                    y[l] = A * x[l];
            else
                for (size_t l = 0; l < L; l++)
                    y[l] = A * x[l] + B * y[l - W];
        } else {
            for (size_t l = 0; l < L; l++) {
                float v = Q0 * x[l];
                if (i >= 1)
                    v += Q1 * x[l - W] + P1 * y[l - W];
                if (i >= 2)
                    v += Q2 * x[l - 2 * W] + P2 * y[l - 2 * W];
                y[l] = v;
            }
        }
    }
}

static plr_signature onepole_sig, biquad_sig;

static void plr_batch(void *c)
{
    batch *b = c;
    plr_data d = {.n = b->n, .x = b->x, .y = b->y};
    plr_layout L = {b->count, b->xs, b->xd, b->xs, b->xd};
    plr_options o = {b->dev, 0, 0};
    if (plr_run_many(b->biquad ? &biquad_sig : &onepole_sig, &d, &L, &o, NULL) != PLR_OK)
        abort();
}

static int check_f32(const float *a, const float *b, size_t n, const char *what)
{
    for (size_t i = 0; i < n; i++)
        if (!(fabsf(a[i] - b[i]) <= 1e-3f * (1.0f + fabsf(b[i])))) {
            fprintf(stderr, "MISMATCH %s at %zu: %g vs %g\n", what, i, a[i], b[i]);
            return 0;
        }
    return 1;
}

static int bench_batch(int rounds, const char *only)
{
    char err[100];
    plr_signature_parse("(0.2: 0.8)", PLR_F32, &onepole_sig, err, sizeof err);
    plr_signature_parse("(0.0675, 0.135, 0.0675: 1.143, -0.4128)", PLR_F32, &biquad_sig, err,
                        sizeof err);
    const size_t big = 4096 * 2160;
    float *x = malloc(big * 4), *y = malloc(big * 4), *ref = malloc(big * 4);
    if (!x || !y || !ref)
        return 1;
    srand(11);
    for (size_t i = 0; i < big; i++)
        x[i] = (float)rand() / (float)RAND_MAX - 0.5f;
    struct {
        const char *name;
        size_t h, w; /* image: h rows of w; channels: n frames of c */
        int cols;
    } shapes[] = {{"1080x1920 rows", 1080, 1920, 0},   {"1080x1920 columns", 1080, 1920, 1},
                  {"4096x2160 rows", 2160, 4096, 0},   {"4096x2160 columns", 2160, 4096, 1},
                  {"8ch x 2^20 interleaved", 1u << 20, 8, 1}};
    int ok = 1;
    printf("%-26s %-8s %12s %12s %12s %12s   (ms; auto/loop, cpu/loop)\n", "shape", "filter", "loop",
           "plr-serial", "plr-cpu", "plr-auto");
    for (size_t z = 0; z < sizeof shapes / sizeof shapes[0]; z++)
        for (int bq = 0; bq < 2; bq++) {
            char full[64];
            snprintf(full, sizeof full, "%s %s", shapes[z].name, bq ? "biquad" : "one-pole");
            if (only && !strstr(full, only))
                continue;
            batch base;
            memset(&base, 0, sizeof base);
            base.name = shapes[z].name;
            base.biquad = bq;
            base.x = x;
            base.y = y;
            if (shapes[z].cols) { /* sequences are columns: lanes 1 apart, rows w apart */
                base.count = shapes[z].w;
                base.n = shapes[z].h;
                base.xs = (ptrdiff_t)shapes[z].w;
                base.xd = 1;
            } else {
                base.count = shapes[z].h;
                base.n = shapes[z].w;
                base.xs = 1;
                base.xd = (ptrdiff_t)shapes[z].w;
            }
            batch ctx[4] = {base, base, base, base};
            ctx[1].dev = PLR_DEVICE_SERIAL;
            ctx[2].dev = PLR_DEVICE_CPU;
            ctx[3].dev = PLR_DEVICE_AUTO;
            variant_fn plain = shapes[z].cols ? plain_lanes : plain_rows;
            variant_fn fns[4] = {plain, plr_batch, plr_batch, plr_batch};
            void *ctxs[4] = {&ctx[0], &ctx[1], &ctx[2], &ctx[3]};
            batch r = base;
            r.y = ref;
            plain(&r);
            const size_t total = base.count * base.n;
            for (int v = 1; v < 4; v++) {
                memset(y, 0, total * 4);
                fns[v](ctxs[v]);
                ok &= check_f32(y, ref, total, base.name);
            }
            double t[4];
            time_variants(4, fns, ctxs, rounds, t);
            printf("%-26s %-8s %12.3f %12.3f %12.3f %12.3f   %.2f %.2f\n", base.name,
                   bq ? "biquad" : "one-pole", t[0] * 1e3, t[1] * 1e3, t[2] * 1e3, t[3] * 1e3,
                   t[0] / t[3], t[0] / t[2]);
            static const char *names[4] = {"loop", "plr-serial", "plr-cpu", "plr-auto"};
            for (int v = 0; v < 4; v++)
                fprintf(csv, "%s,%s %s,%zu,%zu,%s,%.9g,%.4f,\n", tag, base.name,
                        bq ? "biquad" : "one-pole", base.n, base.count, names[v], t[v], t[0] / t[v]);
            fflush(stdout);
        }
    free(x);
    free(y);
    free(ref);
    return ok ? 0 : 1;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: layout-bench prefix|batch [--min-log2 N] [--max-log2 N] [--rounds R] [--csv FILE] [--only TEXT]\n");
        return 2;
    }
    int min_log2 = 10, max_log2 = 28, rounds = 5;
    const char *csv_path = NULL, *only = NULL;
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "--max-log2") && i + 1 < argc)
            max_log2 = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--min-log2") && i + 1 < argc)
            min_log2 = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--rounds") && i + 1 < argc)
            rounds = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--csv") && i + 1 < argc)
            csv_path = argv[++i];
        else if (!strcmp(argv[i], "--only") && i + 1 < argc)
            only = argv[++i];
    }
    if (rounds < 1 || rounds > 64)
        rounds = 5;
    if (getenv("PLR_BENCH_TAG"))
        tag = getenv("PLR_BENCH_TAG");
    csv = csv_path ? fopen(csv_path, "a") : fopen("/dev/null", "w");
    if (!csv)
        return 2;
    printf("OpenMP max threads %d\n", omp_get_max_threads());
    int rc = !strcmp(argv[1], "prefix") ? bench_prefix(min_log2, max_log2, rounds)
             : !strcmp(argv[1], "batch") ? bench_batch(rounds, only)
                                         : 2;
    fclose(csv);
    if (rc == 1)
        fprintf(stderr, "layout-bench: a result did not match the plain loop\n");
    return rc;
}
