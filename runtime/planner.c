/* Which backend runs a call. Explicit choices are honoured (cuda falls back
 * to the CPU when it cannot run); auto picks the fastest available for the
 * type, order and size, using the crossover points measured by
 * bench/cpu (see docs/runtime.md). */
#include "internal.h"

#include <stdio.h>

/* Below this many elements the cpu backend's setup (factor lookup, thread
 * start, per-chunk bookkeeping) costs more than it saves. */
#define CPU_MIN_ELEMENTS (64u * 1024u)
/* The cpu backend's cost model is optimistic (it ignores memory traffic and
 * waiting between chunks): it must beat the serial loop by this factor. More
 * so for integers, whose serial loop has a one-cycle add on its chain and
 * whose vector multiplies are slow (bench/cpu/results). */
#define CPU_MODEL_MARGIN_FLOAT 1.5
#define CPU_MODEL_MARGIN_INT 2.0

/* Host arrays on the GPU cost at least the round trip over the link: about
 * 0.018 ns per byte each way with pinned staging (13.8 G elem/s of 4 bytes
 * on the H100/H200 machines, bench/cuda). The cpu model is in cycles; 3 GHz. */
#define HOST_LINK_NS_PER_BYTE 0.018
#define CPU_GHZ 3.0

static void set(plr_plan *plan, plr_device dev, unsigned threads, const char *why)
{
    plan->device = dev;
    plan->threads = threads;
    snprintf(plan->reason, sizeof plan->reason, "%s", why);
}

void plr_plan_choose(const plr_problem *prob, const plr_options *opt, plr_plan *plan)
{
    unsigned threads = opt->threads ? opt->threads : plr_online_cpus();
    char why[160];
    if (prob->memory == PLR_MEM_DEVICE) {
        set(plan, PLR_DEVICE_CUDA, 1, "the data is in GPU memory (the CPU cannot read it)");
        return;
    }
    switch (opt->device) {
    case PLR_DEVICE_SERIAL:
        set(plan, PLR_DEVICE_SERIAL, 1, "requested: device serial");
        return;
    case PLR_DEVICE_CPU:
        set(plan, PLR_DEVICE_CPU, threads, "requested: device cpu");
        return;
    case PLR_DEVICE_CUDA:
        if (plr_cuda_available(why, sizeof why)) {
            set(plan, PLR_DEVICE_CUDA, 1, "requested: device cuda");
        } else {
            char r[160];
            snprintf(r, sizeof r, "cuda requested but unavailable (%.100s); using cpu", why);
            set(plan, PLR_DEVICE_CPU, threads, r);
        }
        return;
    case PLR_DEVICE_AUTO:
        break;
    }
    bool gpu = prob->n >= PLR_CUDA_MIN_ELEMENTS_AUTO && prob->k <= PLR_CUDA_MAX_K_AUTO &&
               plr_cuda_available(why, sizeof why);
    if (gpu && prob->memory == PLR_MEM_MANAGED) {
        set(plan, PLR_DEVICE_CUDA, 1, "auto: managed memory, computed in place on the GPU");
        return;
    }
    if (gpu) {
        /* host arrays travel over the link both ways; the CPU backend may be
         * faster on a many-core host (bench/cuda/results.md) */
        double link_ns = HOST_LINK_NS_PER_BYTE * 2.0 * (double)prob->esize;
        double cpu_ns = plr_cpu_cycles_per_element(prob, threads) / CPU_GHZ;
        if (link_ns < cpu_ns) {
            snprintf(why, sizeof why, "auto: GPU, link ~%.2f ns/element beats cpu ~%.2f", link_ns,
                     cpu_ns);
            set(plan, PLR_DEVICE_CUDA, 1, why);
            return;
        }
    }
    if (prob->n < CPU_MIN_ELEMENTS) {
        snprintf(why, sizeof why, "auto: n < %u, too small for threads to pay", CPU_MIN_ELEMENTS);
        set(plan, PLR_DEVICE_SERIAL, 1, why);
        return;
    }
    double serial = plr_serial_cycles_per_element(prob);
    double margin = plr_type_is_float(prob->type) ? CPU_MODEL_MARGIN_FLOAT : CPU_MODEL_MARGIN_INT;
    double cpu = margin * plr_cpu_cycles_per_element(prob, threads);
    if (cpu >= serial) {
        snprintf(why, sizeof why,
                 "auto: serial loop ~%.1f cycles/element, cpu backend ~%.1f with %u threads",
                 serial, cpu, threads);
        set(plan, PLR_DEVICE_SERIAL, 1, why);
        return;
    }
    snprintf(why, sizeof why, "auto: cpu backend ~%.1f cycles/element with %u threads, serial ~%.1f",
             cpu, threads, serial);
    set(plan, PLR_DEVICE_CPU, threads, why);
}
