/* Public entry points: validate, normalize into a plr_problem, let the
 * planner pick a backend, run it, and fill the final state. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "internal.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

static bool ranges_partially_overlap(const void *x, const void *y, size_t bytes)
{
    if (x == y || bytes == 0)
        return false;
    uintptr_t a = (uintptr_t)x, b = (uintptr_t)y;
    return a < b + bytes && b < a + bytes;
}

/* Small arrays the API itself reads or writes may be in GPU memory too. */
static void copy_in(void *dst, const void *src, size_t bytes)
{
    if (plr_cuda_memory_kind(src) != PLR_MEM_DEVICE || plr_cuda_copy(dst, src, bytes) != 0)
        memcpy(dst, src, bytes);
}

static void copy_out(void *dst, const void *src, size_t bytes)
{
    if (plr_cuda_memory_kind(dst) != PLR_MEM_DEVICE || plr_cuda_copy(dst, src, bytes) != 0)
        memcpy(dst, src, bytes);
}

static void build_taps(plr_type type, const plr_coef *c, unsigned first, unsigned last, plr_taps *t)
{
    t->count = 0;
    for (unsigned j = first; j <= last; j++) {
        unsigned char v[8] = {0};
        plr_coef_to_arith(type, c[j], v);
        if (plr_arith_is_zero(type, v))
            continue;
        t->lag[t->count] = j;
        memcpy(t->coef[t->count], v, sizeof v);
        t->count++;
    }
}

void plr_problem_init(const plr_signature *sig, const plr_data *data, plr_problem *prob)
{
    memset(prob, 0, offsetof(plr_problem, state));
    prob->type = sig->type;
    prob->esize = plr_type_size(sig->type);
    prob->sig = sig;
    prob->n = data->n;
    prob->x = data->x;
    prob->y = data->y;

    build_taps(sig->type, sig->b, 1, sig->order, &prob->b);
    build_taps(sig->type, sig->a, 0, sig->fir_len - 1, &prob->a);
    prob->k = prob->b.lag[prob->b.count - 1]; /* check() guarantees one tap */
    prob->p = prob->a.count ? prob->a.lag[prob->a.count - 1] : 0;

    size_t es = prob->esize;
    memset(prob->state, 0, sizeof prob->state);
    if (data->y_init) {
        /* y_init is oldest first over the caller's order; state is nearest first */
        unsigned char src[PLR_MAX_ORDER * 8];
        copy_in(src, data->y_init, sig->order * es);
        for (unsigned j = 0; j < prob->k; j++)
            memcpy(prob->state + j * es, src + (sig->order - 1 - j) * es, es);
    }
    memset(prob->xhist, 0, sizeof prob->xhist);
    if (data->x_history && prob->p) {
        unsigned char src[PLR_MAX_FIR * 8];
        copy_in(src, data->x_history, (sig->fir_len - 1) * es);
        unsigned skip = (sig->fir_len - 1) - prob->p; /* history older than the last nonzero tap */
        memcpy(prob->xhist, src + skip * es, prob->p * es);
    }
    int kx = plr_cuda_memory_kind(data->x), ky = data->y == data->x ? kx : plr_cuda_memory_kind(data->y);
    prob->memory = kx > ky ? kx : ky;
}

/* y_final[j] = y[n-K+j], oldest first, K the caller's order; indices below
 * zero come from y_init (or are zero). Built aside first because callers may
 * pass one buffer as both y_init and y_final. */
static void write_final_state(const plr_signature *sig, const plr_data *data)
{
    size_t es = plr_type_size(sig->type);
    unsigned K = sig->order;
    unsigned char tmp[PLR_MAX_ORDER * 8], init[PLR_MAX_ORDER * 8];
    const unsigned char *y = data->y;
    if (data->y_init)
        copy_in(init, data->y_init, K * es);
    /* the last min(n, K) outputs, then the initial state in front of them */
    size_t from_y = data->n < K ? data->n : K;
    if (from_y)
        copy_in(tmp + (K - from_y) * es, y + (data->n - from_y) * es, from_y * es);
    for (unsigned j = 0; j < K - from_y; j++) {
        size_t idx_plus_k = data->n + j; /* index + K, below K here */
        if (data->y_init)
            memcpy(tmp + j * es, init + idx_plus_k * es, es);
        else
            memset(tmp + j * es, 0, es);
    }
    copy_out(data->y_final, tmp, K * es);
}

static plr_status validate(const plr_signature *sig, const plr_data *data)
{
    if (!sig || !data)
        return PLR_ERR_NULL_POINTER;
    plr_status s = plr_signature_check(sig);
    if (s != PLR_OK)
        return s;
    size_t es = plr_type_size(sig->type);
    if (data->n > SIZE_MAX / es)
        return PLR_ERR_SIZE_OVERFLOW;
    if (data->n > 0 && (!data->x || !data->y))
        return PLR_ERR_NULL_POINTER;
    if (ranges_partially_overlap(data->x, data->y, data->n * es))
        return PLR_ERR_OVERLAP;
    return PLR_OK;
}

static void report_line(const plr_problem *prob, const plr_plan *plan)
{
    char text[1024];
    if (plr_signature_format(prob->sig, text, sizeof text) != PLR_OK)
        snprintf(text, sizeof text, "(signature too long to print)");
    fprintf(stderr, "plr: %s %s n=%zu -> %s", text, plr_type_name(prob->type), prob->n,
            plr_device_name(plan->device));
    if (plan->device == PLR_DEVICE_CPU)
        fprintf(stderr, " (%u threads)", plan->threads);
    fprintf(stderr, ": %s\n", plan->reason);
}

plr_status plr_run_with(const plr_signature *sig, const plr_data *data, const plr_options *options,
                        plr_report *report)
{
    plr_status s = validate(sig, data);
    if (s != PLR_OK)
        return s;
    plr_options env;
    if (!options) {
        s = plr_options_from_env(&env);
        if (s != PLR_OK)
            return s;
        options = &env;
    }
    if ((unsigned)options->device > PLR_DEVICE_CUDA)
        return PLR_ERR_BAD_DEVICE;

    plr_problem prob;
    plr_problem_init(sig, data, &prob);
    plr_plan plan;
    plr_plan_choose(&prob, options, &plan);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);

    if (plan.device == PLR_DEVICE_CUDA) {
        char why[256] = "";
        s = plr_backend_cuda(&prob, options->verbose, why, sizeof why);
        if (s != PLR_OK && prob.memory == PLR_MEM_DEVICE) {
            /* the CPU cannot read device memory: report instead of falling back */
            if (options->verbose)
                fprintf(stderr, "plr: cuda failed on device memory: %s\n", why);
            return PLR_ERR_DEVICE_FAILED;
        }
        if (s != PLR_OK) {
            plan.device = PLR_DEVICE_CPU;
            plan.threads = options->threads ? options->threads : plr_online_cpus();
            snprintf(plan.reason, sizeof plan.reason, "cuda failed, falling back: %.120s", why);
        }
    }
    if (plan.device == PLR_DEVICE_CPU && !plr_cpu_keeps_bound(&prob)) {
        plan.device = PLR_DEVICE_SERIAL;
        plan.threads = 1;
        snprintf(plan.reason, sizeof plan.reason,
                 "serial: the correction factors dwarf this filter's gain, and their rounding "
                 "could exceed the float bound");
    }
    if (plan.device == PLR_DEVICE_CPU) {
        s = plr_backend_cpu(&prob, plan.threads);
        if (s != PLR_OK) {
            plan.device = PLR_DEVICE_SERIAL;
            plan.threads = 1;
            snprintf(plan.reason, sizeof plan.reason, "cpu backend failed (%s), running serially",
                     plr_strerror(s));
        }
    }
    if (plan.device == PLR_DEVICE_SERIAL) {
        s = plr_backend_serial(&prob);
        if (s != PLR_OK)
            return s;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    plr_plan_observe(&prob, &plan,
                     (double)(t1.tv_sec - t0.tv_sec) * 1e9 + (double)(t1.tv_nsec - t0.tv_nsec));
    if (options->verbose)
        report_line(&prob, &plan);
    if (data->y_final)
        write_final_state(sig, data);
    if (report) {
        report->device = plan.device;
        report->threads = plan.threads;
        snprintf(report->reason, sizeof report->reason, "%s", plan.reason);
    }
    return PLR_OK;
}

plr_status plr_run(const plr_signature *sig, const plr_data *data)
{
    return plr_run_with(sig, data, NULL, NULL);
}

int plr_pays_with(const plr_signature *sig, const plr_data *data, unsigned passes, unsigned stages,
                  unsigned chain, const plr_options *options, char *why, size_t whylen)
{
    char buf[256];
    if (!why || whylen == 0) {
        why = buf;
        whylen = sizeof buf;
    }
    plr_options env;
    if (!options) {
        if (plr_options_from_env(&env) != PLR_OK) {
            snprintf(why, whylen, "yes: unusable options, plr_run will say so");
            return 1;
        }
        options = &env;
    }
    if ((unsigned)options->device > PLR_DEVICE_CUDA || !data) {
        snprintf(why, whylen, "yes: plr_run will reject the call");
        return 1;
    }
    /* The caller may not have set the histories yet (the pass asks first). */
    plr_data d = {.n = data->n, .x = data->x, .y = data->y};
    if (validate(sig, &d) != PLR_OK) {
        snprintf(why, whylen, "yes: plr_run will reject the call");
        return 1;
    }
    plr_problem prob;
    plr_problem_init(sig, &d, &prob);
    plr_loop_shape loop = {passes, stages, chain};
    int pays = plr_plan_pays(&prob, options, &loop, why, whylen);
    if (options->verbose) {
        char text[1024];
        if (plr_signature_format(sig, text, sizeof text) != PLR_OK)
            snprintf(text, sizeof text, "(signature too long to print)");
        fprintf(stderr, "plr: pays? %s %s, %zu elements: %s\n", text, plr_type_name(prob.type), prob.n, why);
    }
    return pays;
}

int plr_pays(const plr_signature *sig, const plr_data *data, unsigned passes, unsigned stages,
             unsigned chain)
{
    return plr_pays_with(sig, data, passes, stages, chain, NULL, NULL, 0);
}
