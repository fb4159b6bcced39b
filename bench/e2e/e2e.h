/*
 * e2e.h - what the end-to-end example programs share: argument parsing,
 * timing, and one CSV row per size. Nothing here mentions PLR: the same
 * source is built with plain clang -O3 and with plr-cc -O3 (bench/e2e/build.sh).
 *
 * usage: PROGRAM [N ...]
 *   N is a number (100000), a power of two (2^20) or a range of powers of
 *   two (2^16..2^28); default 2^20. Memory is allocated and the input
 *   generated once, for the largest N; every size then uses a prefix.
 * E2E_REPS=R   timed calls per size (default 5, 3 from 2^24 on); one
 *              untimed warm-up call comes first and is reported as first_ms.
 * E2E_HEADER=0 leaves out the CSV header.
 *
 * Output, one row per size:
 *   program,build,n,reps,first_ms,median_ms,min_ms,max_ms,checksum,abs_sum
 * checksum is exact for integer programs (abs_sum empty) and a sum in double
 * for floating-point ones, to be compared within a tolerance relative to
 * abs_sum (the parallel result is reassociated).
 */
#ifndef E2E_H
#define E2E_H

#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef E2E_BUILD
#define E2E_BUILD "unknown" /* build.sh passes -DE2E_BUILD=\"clang\" or \"plr\" */
#endif

#define E2E_MAX_SIZES 64

static double e2e_now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec * 1e-6;
}

static int e2e_cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static long e2e_parse_one(const char *s)
{
    char *end;
    if (s[0] == '2' && s[1] == '^') {
        long e = strtol(s + 2, &end, 10);
        return (*end == 0 || *end == '.') && e >= 0 && e < 40 ? 1L << e : -1;
    }
    long v = strtol(s, &end, 10);
    return *end == 0 && v > 0 ? v : -1;
}

/* Fills sizes[] from argv; returns the count (exits on a bad argument). */
static int e2e_sizes(int argc, char **argv, long *sizes, long *nmax)
{
    int count = 0;
    for (int a = 1; a < argc; a++) {
        const char *dots = strstr(argv[a], "..");
        long lo = e2e_parse_one(argv[a]), hi = dots ? e2e_parse_one(dots + 2) : lo;
        if (lo <= 0 || hi < lo || (dots && (argv[a][1] != '^' || dots[3] != '^'))) {
            fprintf(stderr, "%s: bad size '%s' (a number, 2^K, or 2^A..2^B)\n", argv[0], argv[a]);
            exit(2);
        }
        for (long n = lo; n <= hi && count < E2E_MAX_SIZES; n = dots ? n * 2 : hi + 1)
            sizes[count++] = n;
    }
    if (count == 0)
        sizes[count++] = 1L << 20;
    *nmax = 0;
    for (int i = 0; i < count; i++)
        if (sizes[i] > *nmax)
            *nmax = sizes[i];
    return count;
}

static int e2e_reps(long n)
{
    const char *r = getenv("E2E_REPS");
    if (r && atoi(r) > 0)
        return atoi(r);
    return n >= (1L << 24) ? 3 : 5;
}

static void e2e_header(void)
{
    const char *h = getenv("E2E_HEADER");
    if (!h || strcmp(h, "0") != 0)
        printf("program,build,n,reps,first_ms,median_ms,min_ms,max_ms,checksum,abs_sum\n");
}

/* Times one size: a warm-up call, then reps timed calls of call(n). */
typedef struct e2e_times {
    int reps;
    double first, median, min, max;
} e2e_times;

#define E2E_TIME(times, n, CALL)                                                                   \
    do {                                                                                           \
        double t_[256];                                                                            \
        (times).reps = e2e_reps(n);                                                                \
        if ((times).reps > 256)                                                                    \
            (times).reps = 256;                                                                    \
        double s_ = e2e_now_ms();                                                                  \
        CALL;                                                                                      \
        (times).first = e2e_now_ms() - s_;                                                         \
        for (int r_ = 0; r_ < (times).reps; r_++) {                                                \
            s_ = e2e_now_ms();                                                                     \
            CALL;                                                                                  \
            t_[r_] = e2e_now_ms() - s_;                                                            \
        }                                                                                          \
        qsort(t_, (times).reps, sizeof t_[0], e2e_cmp);                                            \
        int m_ = (times).reps;                                                                     \
        (times).median = m_ % 2 ? t_[m_ / 2] : 0.5 * (t_[m_ / 2 - 1] + t_[m_ / 2]);                \
        (times).min = t_[0];                                                                       \
        (times).max = t_[m_ - 1];                                                                  \
    } while (0)

static void e2e_row_int(const char *prog, long n, const e2e_times *t, uint64_t checksum)
{
    printf("%s,%s,%ld,%d,%.4f,%.4f,%.4f,%.4f,%016llx,\n", prog, E2E_BUILD, n, t->reps, t->first,
           t->median, t->min, t->max, (unsigned long long)checksum);
    fflush(stdout);
}

static void e2e_row_float(const char *prog, long n, const e2e_times *t, double sum, double abs_sum)
{
    printf("%s,%s,%ld,%d,%.4f,%.4f,%.4f,%.4f,%.17g,%.17g\n", prog, E2E_BUILD, n, t->reps, t->first,
           t->median, t->min, t->max, sum, abs_sum);
    fflush(stdout);
}

/* A small linear congruential generator: the same inputs in every build. */
static uint32_t e2e_rand(uint32_t *state)
{
    *state = *state * 1664525u + 1013904223u;
    return *state >> 8;
}

static void *e2e_alloc(size_t bytes)
{
    void *p = malloc(bytes);
    if (!p) {
        fprintf(stderr, "out of memory (%zu bytes)\n", bytes);
        exit(2);
    }
    memset(p, 0, bytes); /* touch every page before anything is timed */
    return p;
}

#endif
