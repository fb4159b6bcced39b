/* plr: command-line front end to libplr.
 *
 *   plr run --sig "(0.2: 0.8)" --type f32 --n 100000000 [--device cpu]
 *           [--threads N] [--reps R] [--seed S] [--inplace] [--no-check] [--csv]
 *   plr parse --sig TEXT --type T          print the signature as parsed
 *   plr factors --sig TEXT --type T --m M  print the correction-factor lists
 *   plr devices                            list backends and availability
 *
 * `run` generates random non-zero data, times the call (median of --reps),
 * checks the result against an independent reference (integers exactly,
 * floats against long double within the documented bound) and prints
 * throughput in G elem/s and the maximum error. --csv prints
 *   sig,type,n,device,threads,wall_s,cpu_s,G_elem_per_s,max_error,check
 * where cpu_s is the processor time all threads spent in the call: on a busy
 * machine it measures the work done where wall time measures the waiting.
 * Exit status 0 only if the check passes. */
#define _POSIX_C_SOURCE 200809L
#include "plr.h"
#include "reference.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void usage(FILE *to)
{
    fprintf(to,
            "usage:\n"
            "  plr run --sig SIG --type T --n N [--device auto|serial|cpu|cuda] [--threads N]\n"
            "          [--reps R] [--seed S] [--inplace] [--no-check] [--csv]\n"
            "  plr parse --sig SIG --type T\n"
            "  plr factors --sig SIG --type T [--m M]\n"
            "  plr devices\n"
            "types: i32 i64 u32 u64 f32 f64; SIG e.g. \"(0.2: 0.8)\"\n");
}

typedef struct args {
    const char *cmd, *sig, *type, *device;
    size_t n, m;
    unsigned threads, reps;
    unsigned long long seed;
    int inplace, check, csv;
} args;

static int parse_size(const char *s, size_t *out)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end); /* accepts 1e8 and 2^20 below */
    if (*end == '^') {
        double e = strtod(end + 1, &end);
        v = pow(v, e);
    }
    if (errno || *end || v < 0 || v > 1e15 || v != floor(v))
        return -1;
    *out = (size_t)v;
    return 0;
}

static int parse_args(int argc, char **argv, args *a)
{
    memset(a, 0, sizeof *a);
    a->reps = 5;
    a->seed = 12345;
    a->check = 1;
    a->m = 16;
    if (argc < 2)
        return -1;
    a->cmd = argv[1];
    for (int i = 2; i < argc; i++) {
        const char *o = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(o, "--inplace")) {
            a->inplace = 1;
            continue;
        }
        if (!strcmp(o, "--no-check")) {
            a->check = 0;
            continue;
        }
        if (!strcmp(o, "--csv")) {
            a->csv = 1;
            continue;
        }
        if (!v) {
            fprintf(stderr, "plr: option %s needs a value\n", o);
            return -1;
        }
        i++;
        if (!strcmp(o, "--sig"))
            a->sig = v;
        else if (!strcmp(o, "--type"))
            a->type = v;
        else if (!strcmp(o, "--device"))
            a->device = v;
        else if (!strcmp(o, "--n")) {
            if (parse_size(v, &a->n)) {
                fprintf(stderr, "plr: bad --n '%s'\n", v);
                return -1;
            }
        } else if (!strcmp(o, "--m")) {
            if (parse_size(v, &a->m) || a->m == 0 || a->m > 100000) {
                fprintf(stderr, "plr: bad --m '%s'\n", v);
                return -1;
            }
        } else if (!strcmp(o, "--threads")) {
            size_t t;
            if (parse_size(v, &t) || t == 0 || t > 4096) {
                fprintf(stderr, "plr: bad --threads '%s'\n", v);
                return -1;
            }
            a->threads = (unsigned)t;
        } else if (!strcmp(o, "--reps")) {
            size_t r;
            if (parse_size(v, &r) || r == 0 || r > 1000) {
                fprintf(stderr, "plr: bad --reps '%s'\n", v);
                return -1;
            }
            a->reps = (unsigned)r;
        } else if (!strcmp(o, "--seed")) {
            a->seed = strtoull(v, NULL, 10);
        } else {
            fprintf(stderr, "plr: unknown option %s\n", o);
            return -1;
        }
    }
    return 0;
}

static int load_signature(const args *a, plr_signature *sig)
{
    plr_type type;
    if (!a->sig || !a->type) {
        fprintf(stderr, "plr: --sig and --type are required\n");
        return -1;
    }
    if (plr_type_parse(a->type, &type) != PLR_OK) {
        fprintf(stderr, "plr: unknown type '%s' (i32 i64 u32 u64 f32 f64)\n", a->type);
        return -1;
    }
    char err[256];
    plr_status s = plr_signature_parse(a->sig, type, sig, err, sizeof err);
    if (s != PLR_OK) {
        fprintf(stderr, "plr: bad signature \"%s\": %s\n", a->sig, err[0] ? err : plr_strerror(s));
        return -1;
    }
    return 0;
}

static uint64_t next_random(uint64_t *state)
{
    /* splitmix64 */
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Non-zero values: integers in [-1000, 1000], floats in [-1, 1]. */
static void fill_random(plr_type type, void *arr, size_t n, uint64_t seed)
{
    uint64_t st = seed;
    for (size_t i = 0; i < n; i++) {
        uint64_t r = next_random(&st);
        long v = (long)(r % 2000) - 1000;
        if (v >= 0)
            v++;
        double f = ((double)(r >> 11) / 9007199254740992.0) * 2.0 - 1.0;
        if (f == 0)
            f = 0.5;
        switch (type) {
        case PLR_I32: ((int32_t *)arr)[i] = (int32_t)v; break;
        case PLR_I64: ((int64_t *)arr)[i] = v; break;
        case PLR_U32: ((uint32_t *)arr)[i] = (uint32_t)v; break;
        case PLR_U64: ((uint64_t *)arr)[i] = (uint64_t)v; break;
        case PLR_F32: ((float *)arr)[i] = (float)f; break;
        case PLR_F64: ((double *)arr)[i] = f; break;
        }
    }
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static double process_cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static int cmd_run(const args *a)
{
    plr_signature sig;
    if (load_signature(a, &sig))
        return 2;
    plr_options opt;
    plr_status s = plr_options_from_env(&opt);
    if (s != PLR_OK) {
        fprintf(stderr, "plr: environment: %s\n", plr_strerror(s));
        return 2;
    }
    if (a->device && plr_device_parse(a->device, &opt.device) != PLR_OK) {
        fprintf(stderr, "plr: unknown device '%s' (auto serial cpu cuda)\n", a->device);
        return 2;
    }
    if (a->threads)
        opt.threads = a->threads;

    size_t es = plr_type_size(sig.type), n = a->n;
    void *x = malloc(n ? n * es : 1);
    void *y = a->inplace ? x : malloc(n ? n * es : 1);
    void *xin = malloc(n ? n * es : 1);
    if (!x || !y || !xin) {
        fprintf(stderr, "plr: cannot allocate %zu elements\n", n);
        return 2;
    }
    fill_random(sig.type, xin, n, a->seed);

    double *times = calloc(a->reps, sizeof *times);
    double *cpu_times = calloc(a->reps, sizeof *cpu_times);
    plr_report rep;
    plr_data data = {.n = n, .x = x, .y = y};
    for (unsigned r = 0; r < a->reps; r++) {
        memcpy(x, xin, n * es); /* in place overwrites it */
        double t0 = now_seconds(), c0 = process_cpu_seconds();
        s = plr_run_with(&sig, &data, &opt, &rep);
        times[r] = now_seconds() - t0;
        cpu_times[r] = process_cpu_seconds() - c0;
        if (s != PLR_OK) {
            fprintf(stderr, "plr: run failed: %s\n", plr_strerror(s));
            return 1;
        }
    }
    qsort(times, a->reps, sizeof *times, cmp_double);
    qsort(cpu_times, a->reps, sizeof *cpu_times, cmp_double);
    double med = times[a->reps / 2], cpu_med = cpu_times[a->reps / 2];
    double gps = med > 0 ? (double)n / med / 1e9 : 0;

    int ok = 1;
    long double maxerr = 0, bound = 0;
    size_t mismatches = 0;
    if (a->check && n) {
        plr_data rd = {.n = n, .x = xin, .y = NULL};
        int is_float = plr_type_is_float(sig.type);
        void *ref = malloc(n * (is_float ? sizeof(long double) : es));
        if (!ref || ref_solve(&sig, &rd, ref)) {
            fprintf(stderr, "plr: cannot allocate the reference\n");
            return 2;
        }
        if (is_float) {
            const long double *r = ref;
            for (size_t i = 0; i < n; i++) {
                long double e = fabsl(ref_value(sig.type, y, i) - r[i]);
                if (!(e <= maxerr))
                    maxerr = e; /* NaN sticks */
            }
            bound = ref_error_bound(&sig, &rd, r);
            ok = maxerr <= bound;
        } else {
            mismatches = 0;
            for (size_t i = 0; i < n; i++)
                mismatches += memcmp((char *)y + i * es, (char *)ref + i * es, es) != 0;
            ok = mismatches == 0;
        }
        free(ref);
    }
    if (a->csv) {
        printf("%s,%s,%zu,%s,%u,%.6e,%.6e,%.4f,%.3Le,%s\n", a->sig, plr_type_name(sig.type), n,
               plr_device_name(rep.device), rep.threads, med, cpu_med, gps, maxerr,
               !a->check ? "unchecked" : ok ? "ok" : "FAIL");
    } else {
        char text[512];
        plr_signature_format(&sig, text, sizeof text);
        printf("signature %s type %s n %zu%s\n", text, plr_type_name(sig.type), n,
               a->inplace ? " (in place)" : "");
        printf("device %s threads %u (%s)\n", plr_device_name(rep.device), rep.threads, rep.reason);
        printf("median of %u: %.6f s, %.3f G elem/s (%.6f s of processor time)\n", a->reps, med, gps,
               cpu_med);
        if (a->check && plr_type_is_float(sig.type))
            printf("max error %.3Le (bound %.3Le): %s\n", maxerr, bound, ok ? "ok" : "FAIL");
        else if (a->check)
            printf("exact check: %zu mismatches: %s\n", mismatches, ok ? "ok" : "FAIL");
    }
    free(times);
    free(cpu_times);
    free(xin);
    if (!a->inplace)
        free(y);
    free(x);
    return ok ? 0 : 1;
}

static int cmd_parse(const args *a)
{
    plr_signature sig;
    if (load_signature(a, &sig))
        return 2;
    char text[1024];
    plr_signature_format(&sig, text, sizeof text);
    printf("%s %s order %u fir %u\n", text, plr_type_name(sig.type), sig.order, sig.fir_len);
    return 0;
}

static int cmd_factors(const args *a)
{
    plr_signature sig;
    if (load_signature(a, &sig))
        return 2;
    /* the factor lists are the response to unit carries: run the homogeneous
     * recurrence (0: b) from each unit initial state through the library */
    size_t m = a->m, es = plr_type_size(sig.type);
    plr_signature hom = sig;
    hom.fir_len = 1;
    memset(&hom.a[0], 0, sizeof hom.a[0]);
    void *zeros = calloc(m, es), *out = malloc(m * es), *init = calloc(sig.order, es);
    if (!zeros || !out || !init)
        return 2;
    plr_options opt = {PLR_DEVICE_SERIAL, 1, 0};
    for (unsigned j = 0; j < sig.order; j++) {
        memset(init, 0, sig.order * es);
        /* carry y[-1-j] is element order-1-j of the oldest-first state */
        switch (sig.type) {
        case PLR_I32: case PLR_U32: ((uint32_t *)init)[sig.order - 1 - j] = 1; break;
        case PLR_I64: case PLR_U64: ((uint64_t *)init)[sig.order - 1 - j] = 1; break;
        case PLR_F32: ((float *)init)[sig.order - 1 - j] = 1; break;
        case PLR_F64: ((double *)init)[sig.order - 1 - j] = 1; break;
        }
        plr_data d = {.n = m, .x = zeros, .y = out, .y_init = init};
        plr_run_with(&hom, &d, &opt, NULL);
        printf("list %u (carry y[-%u]):", j + 1, j + 1);
        for (size_t i = 0; i < m; i++)
            printf(" %.10Lg", ref_value(sig.type, out, i));
        printf("\n");
    }
    free(zeros);
    free(out);
    free(init);
    return 0;
}

static int cmd_devices(void)
{
    for (int d = PLR_DEVICE_SERIAL; d <= PLR_DEVICE_CUDA; d++)
        printf("%-7s %s\n", plr_device_name((plr_device)d),
               plr_device_available((plr_device)d) ? "available" : "unavailable");
    return 0;
}

int main(int argc, char **argv)
{
    args a;
    if (parse_args(argc, argv, &a)) {
        usage(stderr);
        return 2;
    }
    if (!strcmp(a.cmd, "run"))
        return cmd_run(&a);
    if (!strcmp(a.cmd, "parse"))
        return cmd_parse(&a);
    if (!strcmp(a.cmd, "factors"))
        return cmd_factors(&a);
    if (!strcmp(a.cmd, "devices"))
        return cmd_devices();
    if (!strcmp(a.cmd, "--help") || !strcmp(a.cmd, "help")) {
        usage(stdout);
        return 0;
    }
    fprintf(stderr, "plr: unknown command '%s'\n", a.cmd);
    usage(stderr);
    return 2;
}
