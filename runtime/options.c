/* Run options from the environment: PLR_DEVICE, PLR_THREADS, PLR_VERBOSE. */
#include "internal.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *const device_names[] = {"auto", "serial", "cpu", "cuda"};

const char *plr_device_name(plr_device device)
{
    return (unsigned)device < 4 ? device_names[device] : "invalid";
}

plr_status plr_device_parse(const char *name, plr_device *device)
{
    if (!name || !device)
        return PLR_ERR_NULL_POINTER;
    for (unsigned d = 0; d < 4; d++)
        if (strcmp(name, device_names[d]) == 0) {
            *device = (plr_device)d;
            return PLR_OK;
        }
    return PLR_ERR_BAD_DEVICE;
}

int plr_device_available(plr_device device)
{
    char why[160];
    switch (device) {
    case PLR_DEVICE_AUTO:
    case PLR_DEVICE_SERIAL:
    case PLR_DEVICE_CPU:
        return 1;
    case PLR_DEVICE_CUDA:
        return plr_cuda_available(why, sizeof why);
    }
    return 0;
}

/* Read once: sysconf reads a file under /sys on every call (three system
 * calls, a few microseconds: more than a short call's whole work). */
unsigned plr_online_cpus(void)
{
    static atomic_uint cached;
    unsigned v = atomic_load_explicit(&cached, memory_order_relaxed);
    if (!v) {
        long n = sysconf(_SC_NPROCESSORS_ONLN);
        v = n > 0 ? (unsigned)n : 1;
        atomic_store_explicit(&cached, v, memory_order_relaxed);
    }
    return v;
}

int plr_env_switch(atomic_int *cached, const char *name, const char *a, const char *b)
{
    int v = atomic_load_explicit(cached, memory_order_relaxed);
    if (v < 0) {
        const char *e = getenv(name);
        v = e && !strcmp(e, a) ? 1 : e && !strcmp(e, b) ? 2 : 0;
        atomic_store_explicit(cached, v, memory_order_relaxed);
    }
    return v;
}

/* The last-level cache in bytes, read once (glibc's sysconf; 32 MiB where
 * it does not know, as in many virtual machines). */
size_t plr_llc_bytes(void)
{
    static atomic_size_t cached;
    size_t v = atomic_load_explicit(&cached, memory_order_relaxed);
    if (!v) {
        long b = -1;
#ifdef _SC_LEVEL3_CACHE_SIZE
        b = sysconf(_SC_LEVEL3_CACHE_SIZE);
        if (b <= 0)
            b = sysconf(_SC_LEVEL2_CACHE_SIZE);
#endif
        v = b > 0 ? (size_t)b : (size_t)32 << 20;
        atomic_store_explicit(&cached, v, memory_order_relaxed);
    }
    return v;
}

/* An unusable value is said once per process and variable, on stderr,
 * whether or not PLR_VERBOSE is set: calls are rejected (and replaced loops
 * fall back to themselves), which would otherwise go unnoticed. */
static void complain_once(atomic_flag *said, const char *var, const char *value, const char *why)
{
    if (!atomic_flag_test_and_set(said))
        fprintf(stderr, "plr: %s='%s' %s; calls are rejected until it is fixed\n", var, value, why);
}

/* A thread count: decimal digits only (no sign, no blanks), 1..PLR_MAX_THREADS. */
static bool parse_threads(const char *text, unsigned *out)
{
    unsigned long v = 0;
    if (!*text)
        return false;
    for (const char *c = text; *c; c++) {
        if (*c < '0' || *c > '9')
            return false;
        v = v * 10 + (unsigned long)(*c - '0');
        if (v > PLR_MAX_THREADS)
            return false;
    }
    if (v == 0)
        return false;
    *out = (unsigned)v;
    return true;
}

plr_status plr_options_from_env(plr_options *opt)
{
    static atomic_flag said_device = ATOMIC_FLAG_INIT, said_threads = ATOMIC_FLAG_INIT;
    if (!opt)
        return PLR_ERR_NULL_POINTER;
    opt->device = PLR_DEVICE_AUTO;
    opt->threads = 0;
    const char *verb = getenv("PLR_VERBOSE");
    opt->verbose = verb && *verb && strcmp(verb, "0") != 0;

    const char *dev = getenv("PLR_DEVICE");
    if (dev && *dev && plr_device_parse(dev, &opt->device) != PLR_OK) {
        complain_once(&said_device, "PLR_DEVICE", dev, "is not a device (auto, serial, cpu or cuda)");
        return PLR_ERR_BAD_DEVICE;
    }
    const char *thr = getenv("PLR_THREADS");
    if (thr && *thr && !parse_threads(thr, &opt->threads)) {
        char why[80];
        snprintf(why, sizeof why, "is not a thread count (1 to %d, digits only)", PLR_MAX_THREADS);
        complain_once(&said_threads, "PLR_THREADS", thr, why);
        return PLR_ERR_BAD_THREADS;
    }
    return PLR_OK;
}
