/* plr: command-line front end to libplr.
 *
 *   plr run --sig "(0.2: 0.8)" --type f32 --n 100000000 [--device cpu]
 *           [--threads N] [--reps R] [--seed S] [--inplace] [--no-check] [--csv]
 *           [--count C] [--stride S] [--dist D] [--x-store H] [--y-store H]
 *   plr parse --sig TEXT --type T          print the signature as parsed
 *   plr factors --sig TEXT --type T --m M  print the correction-factor lists
 *   plr devices                            list backends and availability (and why not)
 *   plr --version                          versions of plr, the plr.h it was built with and libplr
 *
 * `run` generates random non-zero data, times the call (median of --reps),
 * checks the result against an independent reference (integers exactly,
 * floats against long double within the documented bound) and prints
 * throughput in G elem/s and the maximum error. With --count, C sequences of
 * n elements laid out with --stride (elements between a sequence's
 * elements; negative: backward) and --dist (between sequences' first
 * elements; default n*|stride|), the same for x and y, run as one
 * plr_run_many call; every sequence is checked. --x-store / --y-store hold
 * x and y in a storage type (i8 u8 i16 u16 i32 u32 i64 u64 f32 f64:
 * plr_data.x_store / y_store): the data is generated in the signature's type
 * and held converted, the reference runs on the held inputs widened, and
 * the outputs are checked as held (integers exactly, floats within the
 * bound plus the rounding to y's storage). --csv prints
 *   sig,type,n,device,threads,wall_s,cpu_s,G_elem_per_s,max_error,check
 * where cpu_s is the processor time all threads spent in the call: on a busy
 * machine it measures the work done where wall time measures the waiting.
 * Exit status 0 only if the check passes. */
#define _POSIX_C_SOURCE 200809L
#include "held.h"
#include "plr.h"
#include "reference.h"

#include <dlfcn.h>
#include <errno.h>
#include <math.h>
#include <limits.h>
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
            "          [--count C] [--stride S] [--dist D]   (C sequences of N, one call)\n"
            "          [--x-store H] [--y-store H]   (x, y held as H: i8 u8 i16 u16 i32 u32 i64 u64 f32 f64)\n"
            "  plr parse --sig SIG --type T\n"
            "  plr factors --sig SIG --type T [--m M]\n"
            "  plr devices\n"
            "  plr --version\n"
            "types: i32 i64 u32 u64 f32 f64; SIG e.g. \"(0.2: 0.8)\"\n");
}

typedef struct args {
    const char *cmd, *sig, *type, *device, *x_store, *y_store;
    size_t n, m, count;
    long long stride, dist;
    int has_dist;
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
    a->count = 1;
    a->stride = 1;
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
        else if (!strcmp(o, "--x-store"))
            a->x_store = v;
        else if (!strcmp(o, "--y-store"))
            a->y_store = v;
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
        } else if (!strcmp(o, "--count")) {
            if (parse_size(v, &a->count) || a->count == 0) {
                fprintf(stderr, "plr: bad --count '%s' (at least 1)\n", v);
                return -1;
            }
        } else if (!strcmp(o, "--stride") || !strcmp(o, "--dist")) {
            char *end;
            errno = 0;
            long long q = strtoll(v, &end, 10);
            if (errno || end == v || *end || (q == 0 && !strcmp(o, "--stride"))) {
                fprintf(stderr, "plr: bad %s '%s' (an integer%s)\n", o, v,
                        !strcmp(o, "--stride") ? " other than 0" : "");
                return -1;
            }
            if (!strcmp(o, "--stride")) {
                a->stride = q;
            } else {
                a->dist = q;
                a->has_dist = 1;
            }
        } else if (!strcmp(o, "--threads")) {
            size_t t;
            if (parse_size(v, &t) || t == 0 || t > PLR_MAX_THREADS) {
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
            char *end;
            errno = 0;
            a->seed = strtoull(v, &end, 10);
            /* strtoull would read "xyz" as 0 and "-1" as 2^64-1 */
            if (errno || end == v || *end || v[strspn(v, " \t")] == '-') {
                fprintf(stderr, "plr: bad --seed '%s' (a number from 0 to %llu)\n", v, ULLONG_MAX);
                return -1;
            }
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

/* The signature as text, however long (65 coefficients of up to 24
 * characters each outgrow any fixed buffer); NULL only without memory. */
static char *format_signature(const plr_signature *sig)
{
    for (size_t len = 256;; len *= 2) {
        char *text = malloc(len);
        if (!text)
            return NULL;
        plr_status s = plr_signature_format(sig, text, len);
        if (s == PLR_OK)
            return text;
        free(text);
        if (s != PLR_ERR_BUFFER_TOO_SMALL || len > (1u << 20))
            return NULL;
    }
}

/* plr_options_from_env's status says what is wrong, not where: name the
 * variable and the value that made it fail. */
static void report_env_error(plr_status s)
{
    const char *var = s == PLR_ERR_BAD_DEVICE ? "PLR_DEVICE" : s == PLR_ERR_BAD_THREADS ? "PLR_THREADS" : NULL;
    const char *val = var ? getenv(var) : NULL;
    if (!val)
        fprintf(stderr, "plr: environment: %s\n", plr_strerror(s));
    else if (s == PLR_ERR_BAD_DEVICE)
        fprintf(stderr, "plr: environment: PLR_DEVICE='%s': %s (auto, serial, cpu or cuda)\n", val,
                plr_strerror(s));
    else
        fprintf(stderr, "plr: environment: PLR_THREADS='%s': %s\n", val, plr_strerror(s));
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
        report_env_error(s);
        return 2;
    }
    if (a->device && plr_device_parse(a->device, &opt.device) != PLR_OK) {
        fprintf(stderr, "plr: unknown device '%s' (auto serial cpu cuda)\n", a->device);
        return 2;
    }
    if (a->threads)
        opt.threads = a->threads;

    /* how x and y are held (plr_data.x_store, y_store) */
    plr_store xst = PLR_STORE_SIG, yst = PLR_STORE_SIG;
    const char *names[2] = {a->x_store, a->y_store};
    plr_store *stores[2] = {&xst, &yst};
    for (int k = 0; k < 2; k++) {
        if (names[k] && (plr_store_parse(names[k], stores[k]) != PLR_OK || !held_allowed(*stores[k], sig.type, k))) {
            fprintf(stderr, "plr: bad --%c-store '%s' (%s with --type %s)\n", "xy"[k], names[k],
                    plr_type_is_float(sig.type) ? "f32 or f64"
                    : k                         ? "i8 u8 i16 u16 i32 u32 i64 u64 f32 f64"
                                                : "i8 u8 i16 u16 i32 u32 i64 u64",
                    plr_type_name(sig.type));
            return 2;
        }
    }
    /* the layout's footprint in one buffer per side, element 0 of sequence 0 at `base` */
    size_t es = plr_type_size(sig.type), n = a->n, count = a->count, total;
    size_t xes = plr_store_size(xst, sig.type), yes = plr_store_size(yst, sig.type);
    if (a->inplace && xes != yes) {
        fprintf(stderr, "plr: --inplace needs x and y held in one size (%zu and %zu bytes)\n", xes, yes);
        return 2;
    }
    const long long stride = a->stride;
    const long long dist = a->has_dist ? a->dist : (long long)n * (stride < 0 ? -stride : stride);
    if (__builtin_mul_overflow(count, n, &total) || total > ((size_t)1 << 40)) {
        fprintf(stderr, "plr: --count %zu x --n %zu is too large\n", count, n);
        return 2;
    }
    long long ds = (long long)(count - 1) * dist, di = n ? (long long)(n - 1) * stride : 0;
    long long lo = (ds < 0 ? ds : 0) + (di < 0 ? di : 0), hi = (ds > 0 ? ds : 0) + (di > 0 ? di : 0);
    size_t span = (size_t)(hi - lo + 1), base = (size_t)-lo;
    unsigned char *xb = malloc(span * xes), *xin = malloc(span * xes), *gen = malloc(span * es);
    unsigned char *yb = a->inplace ? xb : malloc(span * yes);
    if (!xb || !yb || !xin || !gen) {
        fprintf(stderr, "plr: cannot allocate %zu elements\n", span);
        return 2;
    }
    fill_random(sig.type, gen, span, a->seed);
    for (size_t i = 0; i < span; i++)
        held_from_sig(xst, sig.type, gen + i * es, xin + i * xes);
    free(gen);
    void *x = xb + base * xes, *y = yb + base * yes;
    plr_layout layout = {count, (ptrdiff_t)stride, (ptrdiff_t)dist, (ptrdiff_t)stride, (ptrdiff_t)dist};

    double *times = calloc(a->reps, sizeof *times);
    double *cpu_times = calloc(a->reps, sizeof *cpu_times);
    if (!times || !cpu_times) {
        fprintf(stderr, "plr: out of memory\n");
        return 2;
    }
    plr_report rep;
    plr_data data = {.n = n, .x = x, .y = y, .x_store = xst, .y_store = yst};
    for (unsigned r = 0; r < a->reps; r++) {
        memcpy(xb, xin, span * xes); /* in place overwrites it */
        double t0 = now_seconds(), c0 = process_cpu_seconds();
        s = plr_run_many(&sig, &data, &layout, &opt, &rep);
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
    double gps = med > 0 ? (double)total / med / 1e9 : 0;

    /* each sequence against the reference, gathered through the layout */
    int ok = 1;
    long double maxerr = 0, bound = 0;
    size_t mismatches = 0;
    const int is_float = plr_type_is_float(sig.type);
    unsigned char *xs = malloc((n ? n : 1) * es), *ys = malloc((n ? n : 1) * yes), *held = malloc(yes);
    void *ref = malloc((n ? n : 1) * (is_float ? sizeof(long double) : es));
    if (a->check && (!xs || !ys || !ref || !held)) {
        fprintf(stderr, "plr: cannot allocate the reference\n");
        return 2;
    }
    for (size_t q = 0; a->check && q < count; q++) {
        for (size_t i = 0; i < n; i++) {
            long long off = (long long)base + (long long)q * dist + (long long)i * stride;
            held_to_sig(xst, sig.type, xin + off * xes, xs + i * es); /* the input as the call reads it */
            memcpy(ys + i * yes, yb + off * yes, yes);
        }
        plr_data rd = {.n = n, .x = xs, .y = NULL};
        if (ref_solve(&sig, &rd, ref)) {
            fprintf(stderr, "plr: cannot allocate the reference\n");
            return 2;
        }
        if (is_float) {
            const long double *rv = ref;
            long double ymax = 0;
            for (size_t i = 0; i < n; i++) {
                long double e = fabsl(held_float(yst, sig.type, ys + i * yes) - rv[i]);
                if (!(e <= maxerr))
                    maxerr = e; /* NaN sticks */
                if (fabsl(rv[i]) > ymax)
                    ymax = fabsl(rv[i]);
            }
            long double b = ref_error_bound(&sig, &rd, rv);
            if (yes < es) /* each output rounded once more, to y's storage */
                b += ymax * ldexpl(1.0L, -24);
            if (b > bound)
                bound = b;
            ok &= maxerr <= b;
        } else {
            for (size_t i = 0; i < n; i++) {
                held_from_sig(yst, sig.type, (char *)ref + i * es, held); /* the exact result, as held */
                mismatches += memcmp(ys + i * yes, held, yes) != 0;
            }
            ok = mismatches == 0;
        }
    }
    free(xs);
    free(ys);
    free(held);
    free(ref);
    if (a->csv) {
        printf("%s,%s,%zu,%s,%u,%.6e,%.6e,%.4f,%.3Le,%s\n", a->sig, plr_type_name(sig.type), total,
               plr_device_name(rep.device), rep.threads, med, cpu_med, gps, maxerr,
               !a->check ? "unchecked" : ok ? "ok" : "FAIL");
    } else {
        char *text = format_signature(&sig);
        printf("signature %s type %s n %zu%s\n", text ? text : a->sig, plr_type_name(sig.type), n,
               a->inplace ? " (in place)" : "");
        if (xst || yst)
            printf("held: x %s, y %s\n", xst ? plr_store_name(xst) : plr_type_name(sig.type),
                   yst ? plr_store_name(yst) : plr_type_name(sig.type));
        if (count > 1 || stride != 1)
            printf("layout: %zu sequence%s, stride %lld, dist %lld\n", count, count == 1 ? "" : "s",
                   stride, dist);
        free(text);
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
        free(yb);
    free(xb);
    return ok ? 0 : 1;
}

static int cmd_parse(const args *a)
{
    plr_signature sig;
    if (load_signature(a, &sig))
        return 2;
    char *text = format_signature(&sig);
    if (!text) {
        fprintf(stderr, "plr: out of memory\n");
        return 2;
    }
    printf("%s %s order %u fir %u\n", text, plr_type_name(sig.type), sig.order, sig.fir_len);
    free(text);
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
    if (!zeros || !out || !init) {
        fprintf(stderr, "plr: out of memory\n");
        return 2;
    }
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
        plr_status s = plr_run_with(&hom, &d, &opt, NULL);
        if (s != PLR_OK) {
            fprintf(stderr, "plr: factors: %s\n", plr_strerror(s));
            free(zeros);
            free(out);
            free(init);
            return 1;
        }
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

/* Why the runtime will not use cuda, in its own words: a call that asks
 * for cuda reports the reason in plr_report (the text inside "unavailable
 * (...)"), which is what PLR_VERBOSE=1 would print. */
static void cuda_unavailable_reason(char *why, size_t len)
{
    int32_t one = 1, out;
    plr_signature sig;
    plr_report rep = {0};
    plr_options opt = {PLR_DEVICE_CUDA, 1, 0};
    plr_data d = {.n = 1, .x = &one, .y = &out};
    snprintf(why, len, "no reason given");
    if (plr_signature_parse("(1: 1)", PLR_I32, &sig, NULL, 0) != PLR_OK ||
        plr_run_with(&sig, &d, &opt, &rep) != PLR_OK)
        return;
    const char *r = rep.reason, *open = strstr(r, "unavailable (");
    if (open) {
        r = open + strlen("unavailable (");
        int depth = 1;
        size_t n = 0;
        for (; r[n]; n++) {
            depth += (r[n] == '(') - (r[n] == ')');
            if (depth == 0)
                break;
        }
        snprintf(why, len, "%.*s", (int)n, r);
    } else {
        snprintf(why, len, "%s", r);
    }
    /* The CUDA runtime says "driver version is insufficient" both when the
     * driver is old and when there is none at all: tell the two apart. */
    if (strstr(why, "insufficient")) {
        void *driver = dlopen("libcuda.so.1", RTLD_LAZY | RTLD_LOCAL);
        if (!driver)
            snprintf(why, len, "no NVIDIA driver (libcuda.so.1 cannot be loaded)");
        else
            dlclose(driver);
    }
}

static int cmd_devices(void)
{
    for (int d = PLR_DEVICE_SERIAL; d <= PLR_DEVICE_CUDA; d++) {
        if (plr_device_available((plr_device)d)) {
            printf("%-7s available\n", plr_device_name((plr_device)d));
            continue;
        }
        char why[sizeof ((plr_report *)0)->reason + 16] = "not built into this libplr";
        if (d == PLR_DEVICE_CUDA)
            cuda_unavailable_reason(why, sizeof why);
        printf("%-7s unavailable: %s\n", plr_device_name((plr_device)d), why);
    }
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
    if (!strcmp(a.cmd, "--version") || !strcmp(a.cmd, "version")) {
        /* The header this tool was compiled with and the library it runs
         * with can differ when an install is mixed. */
        printf("plr %d.%d (libplr %s, plr.h ABI %d)\n", PLR_VERSION_MAJOR, PLR_VERSION_MINOR, plr_version(),
               PLR_ABI_VERSION);
        return 0;
    }
    if (!strcmp(a.cmd, "--help") || !strcmp(a.cmd, "help")) {
        usage(stdout);
        return 0;
    }
    fprintf(stderr, "plr: unknown command '%s'\n", a.cmd);
    usage(stderr);
    return 2;
}
