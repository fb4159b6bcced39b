/* Public entry points: validate, normalize into a plr_problem, let the
 * planner pick a backend and a split, run it, and fill the final states. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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

_Alignas(8) static const unsigned char zeros[PLR_MAX_FIR * 8];

const void *plr_seq_state(const plr_problem *prob, size_t s)
{
    if (prob->count == 1)
        return prob->state;
    return prob->states ? prob->states + s * prob->k * prob->esize : zeros;
}

const void *plr_seq_hist(const plr_problem *prob, size_t s)
{
    if (prob->count == 1)
        return prob->xhist;
    return prob->hists ? prob->hists + s * prob->p * prob->esize : zeros;
}

/* One sequence's y_init block (order values, oldest first) as its state
 * (k values, nearest first), and its x_history block (fir_len-1 values,
 * oldest first) as the p values the taps reach. */
static void state_from_init(const plr_signature *sig, unsigned k, size_t es, const unsigned char *init,
                            unsigned char *state)
{
    for (unsigned j = 0; j < k; j++)
        memcpy(state + j * es, init + (sig->order - 1 - j) * es, es);
}

static void hist_from_history(const plr_signature *sig, unsigned p, size_t es,
                              const unsigned char *history, unsigned char *hist)
{
    unsigned skip = (sig->fir_len - 1) - p; /* history older than the last nonzero tap */
    memcpy(hist, history + skip * es, p * es);
}

void plr_problem_init(const plr_signature *sig, const plr_data *data, plr_problem *prob)
{
    /* every field but the tap tables, whose entries past their count nobody
     * reads (1 KiB of zeros was a tenth of a 1024-element call) */
    memset(prob, 0, offsetof(plr_problem, a));
    memset(&prob->sig, 0, offsetof(plr_problem, state) - offsetof(plr_problem, sig));
    prob->type = sig->type;
    prob->esize = plr_type_size(sig->type);
    prob->x_store = data->x_store ? data->x_store : plr_store_of_type(sig->type);
    prob->y_store = data->y_store ? data->y_store : plr_store_of_type(sig->type);
    prob->xes = plr_store_size(prob->x_store, sig->type);
    prob->yes = plr_store_size(prob->y_store, sig->type);
    prob->converted = prob->x_store != plr_store_of_type(sig->type) ||
                      prob->y_store != plr_store_of_type(sig->type);
    prob->host_only = prob->converted;
    prob->sig = sig;
    prob->n = data->n;
    prob->x = data->x;
    prob->y = data->y;
    prob->count = 1;
    prob->xs = prob->ys = 1;
    prob->xd = prob->yd = (ptrdiff_t)data->n;
    prob->in_place = data->x == data->y;

    build_taps(sig->type, sig->b, 1, sig->order, &prob->b);
    build_taps(sig->type, sig->a, 0, sig->fir_len - 1, &prob->a);
    prob->k = prob->b.lag[prob->b.count - 1]; /* check() guarantees one tap */
    prob->p = prob->a.count ? prob->a.lag[prob->a.count - 1] : 0;

    size_t es = prob->esize;
    /* only the k and p entries anyone reads: a short call pays for every byte */
    memset(prob->state, 0, prob->k * es);
    if (data->y_init) {
        unsigned char src[PLR_MAX_ORDER * 8];
        copy_in(src, data->y_init, sig->order * es);
        state_from_init(sig, prob->k, es, src, prob->state);
    }
    memset(prob->xhist, 0, prob->p * es);
    if (data->x_history && prob->p) {
        unsigned char src[PLR_MAX_FIR * 8];
        copy_in(src, data->x_history, (sig->fir_len - 1) * es);
        hist_from_history(sig, prob->p, es, src, prob->xhist);
    }
    prob->states = prob->hists = NULL;
    prob->finals = NULL;
    int kx = plr_cuda_memory_kind(data->x), ky = data->y == data->x ? kx : plr_cuda_memory_kind(data->y);
    prob->memory = kx > ky ? kx : ky;
}

/* What a call allocates besides the problem: every sequence's state and
 * history when there are several, the caller's y_init (kept for y_final),
 * and the final states. One sequence needs none of it. */
typedef struct call_buffers {
    unsigned char *states, *hists, *init_copy, *finals;
    _Alignas(8) unsigned char finals1[PLR_MAX_ORDER * 8];
} call_buffers;

static void free_buffers(call_buffers *cb)
{
    free(cb->states);
    free(cb->hists);
    free(cb->init_copy);
    if (cb->finals != cb->finals1)
        free(cb->finals);
}

static plr_status build_problem(const plr_signature *sig, const plr_data *data, const plr_layout *L,
                                bool in_place, plr_problem *prob, call_buffers *cb)
{
    memset(cb, 0, offsetof(call_buffers, finals1));
    plr_data one = *data;
    if (L->count > 1) /* the per-sequence blocks are read below */
        one.y_init = one.x_history = NULL;
    plr_problem_init(sig, &one, prob);
    prob->count = L->count;
    prob->xs = L->x_stride;
    prob->xd = L->x_dist;
    prob->ys = L->y_stride;
    prob->yd = L->y_dist;
    prob->in_place = in_place;
    const size_t es = prob->esize, count = L->count;
    const unsigned k = prob->k, p = prob->p;
    if (count > 1 && data->y_init) {
        cb->init_copy = malloc(count * sig->order * es);
        cb->states = malloc(count * k * es);
        if (!cb->init_copy || !cb->states)
            return PLR_ERR_NO_MEMORY;
        copy_in(cb->init_copy, data->y_init, count * sig->order * es);
        for (size_t s = 0; s < count; s++)
            state_from_init(sig, k, es, cb->init_copy + s * sig->order * es, cb->states + s * k * es);
        prob->states = cb->states;
    }
    if (count > 1 && data->x_history && p) {
        size_t h = sig->fir_len - 1;
        unsigned char *raw = malloc(count * h * es);
        cb->hists = malloc(count * p * es);
        if (!raw || !cb->hists) {
            free(raw);
            return PLR_ERR_NO_MEMORY;
        }
        copy_in(raw, data->x_history, count * h * es);
        for (size_t s = 0; s < count; s++)
            hist_from_history(sig, p, es, raw + s * h * es, cb->hists + s * p * es);
        free(raw);
        prob->hists = cb->hists;
    }
    if (data->y_final) {
        if (count == 1) {
            cb->finals = cb->finals1;
        } else if (!(cb->finals = malloc(count * k * es))) {
            return PLR_ERR_NO_MEMORY;
        }
        prob->finals = cb->finals;
        if (count == 1 && data->y_init && sig->order > k) {
            /* the older part of y_final may come from y_init (n < order) */
            if (!(cb->init_copy = malloc(sig->order * es)))
                return PLR_ERR_NO_MEMORY;
            copy_in(cb->init_copy, data->y_init, sig->order * es);
        }
    }
    return PLR_OK;
}

/* y_final of each sequence: order values oldest first. The newest k are the
 * backend's final state; with trailing zero b's (order > k) the older ones
 * are read back from y, or from y_init before the start. */
static plr_status write_final_states(const plr_signature *sig, const plr_data *data,
                                     const plr_problem *prob, const call_buffers *cb)
{
    const size_t es = prob->esize, K = sig->order, k = prob->k, count = prob->count, n = prob->n;
    unsigned char one[PLR_MAX_ORDER * 8];
    unsigned char *out = count == 1 ? one : malloc(count * K * es);
    if (!out)
        return PLR_ERR_NO_MEMORY;
    for (size_t s = 0; s < count; s++) {
        unsigned char *o = out + s * K * es;
        for (size_t j = 0; j < k; j++)
            memcpy(o + (K - 1 - j) * es, prob->finals + (s * k + j) * es, es);
        for (size_t j = 0; j < K - k; j++) {
            /* value index n - K + j, below zero: y_init's entry index + K */
            if (n + j >= K) {
                size_t i = n + j - K;
                ptrdiff_t off = (ptrdiff_t)s * prob->yd + (ptrdiff_t)i * prob->ys;
                const unsigned char *at = (const unsigned char *)data->y + off * (ptrdiff_t)prob->yes;
                if (prob->converted) /* y as stored, converted back (docs/runtime.md) */
                    plr_store_to_arith(prob->y_store, prob->type, at, o + j * es);
                else
                    copy_in(o + j * es, at, es);
            } else if (cb->init_copy) {
                memcpy(o + j * es, cb->init_copy + (s * K + n + j) * es, es);
            } else {
                memset(o + j * es, 0, es);
            }
        }
    }
    copy_out(data->y_final, out, count * K * es);
    if (out != one)
        free(out);
    return PLR_OK;
}

/* The state after an empty sequence is the state before it. */
static void finals_of_empty(plr_problem *prob)
{
    const size_t bytes = prob->k * prob->esize;
    for (size_t s = 0; s < prob->count; s++)
        memcpy(prob->finals + s * bytes, plr_seq_state(prob, s), bytes);
}

static plr_status validate(const plr_signature *sig, const plr_data *data, const plr_layout *L,
                           bool *in_place, char *why, size_t whylen)
{
    if (!sig || !data)
        return PLR_ERR_NULL_POINTER;
    plr_status s = plr_signature_check(sig);
    if (s != PLR_OK) {
        snprintf(why, whylen, "signature: %s", plr_strerror(s));
        return s;
    }
    s = plr_store_check(sig->type, data, why, whylen);
    if (s == PLR_OK)
        s = plr_final_check(sig, data, why, whylen);
    if (s != PLR_OK)
        return s;
    size_t xes = plr_x_size(sig->type, data), yes = plr_y_size(sig->type, data);
    size_t es = xes > yes ? xes : yes;
    if (data->n > SIZE_MAX / es) {
        snprintf(why, whylen, "n = %zu elements overflows size_t", data->n);
        return PLR_ERR_SIZE_OVERFLOW;
    }
    return plr_layout_check(sig->type, data, L, in_place, why, whylen);
}

static plr_status check_options(const plr_options *opt, char *why, size_t whylen)
{
    if ((unsigned)opt->device > PLR_DEVICE_CUDA) {
        snprintf(why, whylen, "options: device %d is not a plr_device", (int)opt->device);
        return PLR_ERR_BAD_DEVICE;
    }
    if (opt->threads > PLR_MAX_THREADS) {
        snprintf(why, whylen, "options: threads = %u exceeds PLR_MAX_THREADS (%d)", opt->threads,
                 PLR_MAX_THREADS);
        return PLR_ERR_BAD_THREADS;
    }
    return PLR_OK;
}

/* "(0.2: 0.8) f32 n=1000" for a call, "(0.2: 0.8) f32, 1000 elements" for
 * a plr_pays question, and the layout where there is one */
static void describe(const plr_problem *prob, bool question, char *text, size_t len)
{
    char sig[1024];
    if (plr_signature_format(prob->sig, sig, sizeof sig) != PLR_OK)
        snprintf(sig, sizeof sig, "(signature too long to print)");
    if (plr_problem_is_flat(prob))
        snprintf(text, len, question ? "%s %s, %zu elements" : "%s %s n=%zu", sig,
                 plr_type_name(prob->type), prob->n);
    else
        snprintf(text, len, "%s %s %zu x n=%zu (x stride %td dist %td, y stride %td dist %td%s)", sig,
                 plr_type_name(prob->type), prob->count, prob->n, prob->xs, prob->xd, prob->ys,
                 prob->yd, prob->in_place ? ", in place" : "");
}

static void report_line(const plr_problem *prob, const plr_plan *plan)
{
    char text[1200];
    describe(prob, false, text, sizeof text);
    fprintf(stderr, "plr: %s -> %s", text, plr_device_name(plan->device));
    if (plan->device == PLR_DEVICE_CPU)
        fprintf(stderr, " (%u threads)", plan->threads);
    fprintf(stderr, ": %s\n", plan->reason);
}

static void reject_line(const plr_options *opt, plr_status s, const char *why)
{
    if (opt && opt->verbose)
        fprintf(stderr, "plr: call rejected (%s): %s\n", plr_strerror(s), why);
}

/* Runs the plan, falling back where a backend cannot: cuda to cpu (host
 * memory only), cpu to serial. */
plr_status plr_execute(plr_problem *prob, const plr_options *opt, plr_plan *plan)
{
    plr_status s;
    if (plan->device == PLR_DEVICE_CUDA) {
        char why[256] = "";
        s = plr_backend_cuda(prob, opt->verbose, why, sizeof why);
        if (s == PLR_OK)
            return PLR_OK;
        if (prob->memory == PLR_MEM_DEVICE) {
            /* the CPU cannot read device memory: report instead of falling back */
            if (opt->verbose)
                fprintf(stderr, "plr: cuda failed on device memory: %s\n", why);
            return PLR_ERR_DEVICE_FAILED;
        }
        char r[sizeof plan->reason];
        snprintf(r, sizeof r, "cuda failed, falling back: %.150s", why);
        plr_plan_for_cpu(prob, opt->threads ? opt->threads : plr_online_cpus(), r, plan);
    }
    if (plan->device == PLR_DEVICE_CPU && !plr_cpu_keeps_bound(prob, &plan->work))
        plr_plan_serial(prob, "serial: the correction factors dwarf this filter's gain, and their "
                              "rounding could exceed the float bound", plan);
    if (plan->device == PLR_DEVICE_CPU) {
        unsigned ran = 0;
        s = plr_backend_cpu(prob, &plan->work, plan->threads, &ran);
        if (s == PLR_OK) {
            plan->threads = ran;
            return PLR_OK;
        }
        char r[sizeof plan->reason];
        snprintf(r, sizeof r, "cpu backend failed (%s), running serially", plr_strerror(s));
        plr_plan_serial(prob, r, plan);
    }
    return plr_backend_serial(prob, &plan->work);
}

static plr_status run_many(const plr_signature *sig, const plr_data *data, const plr_layout *layout,
                           const plr_options *options, plr_report *report)
{
    char why[256] = "";
    plr_options env;
    if (!options) {
        plr_status s = plr_options_from_env(&env);
        if (s != PLR_OK)
            return s; /* plr_options_from_env said why, once */
        options = &env;
    }
    plr_status s = check_options(options, why, sizeof why);
    if (s != PLR_OK) {
        reject_line(options, s, why);
        return s;
    }
    plr_layout one;
    if (!layout && data) {
        one = (plr_layout){.count = 1, .x_stride = 1, .x_dist = (ptrdiff_t)data->n, .y_stride = 1,
                           .y_dist = (ptrdiff_t)data->n};
        layout = &one;
    }
    bool in_place = false;
    s = layout ? validate(sig, data, layout, &in_place, why, sizeof why) : PLR_ERR_NULL_POINTER;
    if (s != PLR_OK) {
        reject_line(options, s, why[0] ? why : plr_strerror(s));
        return s;
    }

    plr_problem prob;
    call_buffers cb;
    s = build_problem(sig, data, layout, in_place, &prob, &cb);
    if (s != PLR_OK) {
        free_buffers(&cb);
        return s;
    }
    plr_plan plan = {.explain = options->verbose || report};
    if (!prob.converted)
        plr_plan_choose(&prob, options, &plan);
    else if (prob.memory == PLR_MEM_DEVICE) {
        /* the conversion runs on the CPU, which cannot read device memory */
        free_buffers(&cb);
        reject_line(options, PLR_ERR_DEVICE_FAILED,
                    "x or y is in GPU memory and held in a storage type other than the "
                    "signature's: the GPU backend does not convert (docs/cuda.md)");
        return PLR_ERR_DEVICE_FAILED;
    }
    /* how long a call on threads or the GPU took, for plr_pays' fixed cost;
     * not a converted one, whose conversions are no fixed cost */
    const bool timed = plan.device != PLR_DEVICE_SERIAL && !prob.converted;
    struct timespec t0, t1;
    if (timed)
        clock_gettime(CLOCK_MONOTONIC, &t0);
    if (prob.n == 0) {
        if (prob.converted)
            plr_plan_serial(&prob, "no elements", &plan);
        if (prob.finals)
            finals_of_empty(&prob);
    } else if (prob.converted) {
        s = plr_run_converted(&prob, options, &plan);
    } else {
        s = plr_execute(&prob, options, &plan);
    }
    if (s == PLR_OK) {
        if (timed) {
            clock_gettime(CLOCK_MONOTONIC, &t1);
            plr_plan_observe(&prob, &plan,
                             (double)(t1.tv_sec - t0.tv_sec) * 1e9 + (double)(t1.tv_nsec - t0.tv_nsec));
        }
        if (options->verbose)
            report_line(&prob, &plan);
        if (data->y_final)
            s = write_final_states(sig, data, &prob, &cb);
    }
    free_buffers(&cb);
    if (s == PLR_OK && report) {
        report->device = plan.device;
        report->threads = plan.threads;
        report->split = plan.work.split;
        report->parts = plan.work.parts;
        snprintf(report->reason, sizeof report->reason, "%s", plan.reason);
    }
    return s;
}

void *plr_scratch_alloc(size_t bytes)
{
    const int saved = errno;
    /* Read on every allocation, not once: runtime-test turns the switch on
     * and off within one process, and next to the malloc and the call the
     * buffer serves, a getenv costs nothing that shows. */
    const char *fail = getenv("PLR_TEST_SCRATCH_FAIL");
    void *p;
    if (fail && !strcmp(fail, "1")) {
        errno = ENOMEM; /* (as a failed malloc leaves it: the test sees it undone) */
        p = NULL;
    } else {
        p = malloc(bytes ? bytes : 1);
    }
    errno = saved;
    return p;
}

void plr_scratch_free(void *p)
{
    const int saved = errno;
    free(p);
    errno = saved;
}

/* The calls stand in for loops that never touched errno (the pass replaces
 * loops with them): what the threads, the GPU's runtime or an allocation
 * leave in errno is the library's, not the caller's. */
plr_status plr_run_many(const plr_signature *sig, const plr_data *data, const plr_layout *layout,
                        const plr_options *options, plr_report *report)
{
    const int saved = errno;
    const plr_status s = run_many(sig, data, layout, options, report);
    errno = saved;
    return s;
}

plr_status plr_run_with(const plr_signature *sig, const plr_data *data, const plr_options *options,
                        plr_report *report)
{
    return plr_run_many(sig, data, NULL, options, report);
}

plr_status plr_run(const plr_signature *sig, const plr_data *data)
{
    return plr_run_many(sig, data, NULL, NULL, NULL);
}

static int pays_many(const plr_signature *sig, const plr_data *data, const plr_layout *layout,
                     unsigned passes, unsigned stages, unsigned chain, const plr_options *options,
                     char *why, size_t whylen)
{
    char buf[256];
    plr_options env;
    if (!why)
        whylen = 0;
    if (!options) {
        if (plr_options_from_env(&env) != PLR_OK) {
            snprintf(why, whylen, "yes: unusable options, plr_run will say so");
            return 1;
        }
        options = &env;
    }
    if (check_options(options, why, whylen) != PLR_OK || !data) {
        snprintf(why, whylen, "yes: plr_run will reject the call");
        return 1;
    }
    /* The caller may not have set the histories yet (the pass asks first). */
    plr_data d = {.n = data->n, .x = data->x, .y = data->y, .x_store = data->x_store,
                  .y_store = data->y_store};
    plr_layout one = {.count = 1, .x_stride = 1, .x_dist = (ptrdiff_t)d.n, .y_stride = 1,
                      .y_dist = (ptrdiff_t)d.n};
    if (!layout)
        layout = &one;
    bool in_place;
    char vwhy[256];
    if (validate(sig, &d, layout, &in_place, vwhy, sizeof vwhy) != PLR_OK) {
        snprintf(why, whylen, "yes: plr_run will reject the call (%.200s)", vwhy);
        return 1;
    }
    plr_problem prob;
    plr_problem_init(sig, &d, &prob);
    prob.count = layout->count;
    prob.xs = layout->x_stride;
    prob.xd = layout->x_dist;
    prob.ys = layout->y_stride;
    prob.yd = layout->y_dist;
    prob.in_place = in_place;
    plr_loop_shape loop = {passes, stages, chain};
    /* the answer's reason is only formatted for someone who reads it */
    if ((!why || whylen == 0) && options->verbose) {
        why = buf;
        whylen = sizeof buf;
    }
    int pays = plr_plan_pays(&prob, options, &loop, why && whylen ? why : NULL, whylen);
    if (options->verbose) {
        char text[1200];
        describe(&prob, true, text, sizeof text);
        fprintf(stderr, "plr: pays? %s: %s\n", text, why);
    }
    return pays;
}

int plr_pays_many(const plr_signature *sig, const plr_data *data, const plr_layout *layout,
                  unsigned passes, unsigned stages, unsigned chain, const plr_options *options,
                  char *why, size_t whylen)
{
    const int saved = errno; /* (as plr_run_many's) */
    const int pays = pays_many(sig, data, layout, passes, stages, chain, options, why, whylen);
    errno = saved;
    return pays;
}

int plr_pays_with(const plr_signature *sig, const plr_data *data, unsigned passes, unsigned stages,
                  unsigned chain, const plr_options *options, char *why, size_t whylen)
{
    return plr_pays_many(sig, data, NULL, passes, stages, chain, options, why, whylen);
}

int plr_pays(const plr_signature *sig, const plr_data *data, unsigned passes, unsigned stages,
             unsigned chain)
{
    return plr_pays_many(sig, data, NULL, passes, stages, chain, NULL, NULL, 0);
}
