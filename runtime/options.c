/* Run options from the environment: PLR_DEVICE, PLR_THREADS, PLR_VERBOSE. */
#include "internal.h"

#include <errno.h>
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

unsigned plr_online_cpus(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (unsigned)n : 1;
}

plr_status plr_options_from_env(plr_options *opt)
{
    if (!opt)
        return PLR_ERR_NULL_POINTER;
    opt->device = PLR_DEVICE_AUTO;
    opt->threads = 0;
    opt->verbose = 0;

    const char *dev = getenv("PLR_DEVICE");
    if (dev && *dev && plr_device_parse(dev, &opt->device) != PLR_OK)
        return PLR_ERR_BAD_DEVICE;

    const char *thr = getenv("PLR_THREADS");
    if (thr && *thr) {
        char *end;
        errno = 0;
        unsigned long v = strtoul(thr, &end, 10);
        if (errno || *end || v == 0 || v > 4096 || thr[0] == '-')
            return PLR_ERR_BAD_THREADS;
        opt->threads = (unsigned)v;
    }

    const char *verb = getenv("PLR_VERBOSE");
    opt->verbose = verb && *verb && strcmp(verb, "0") != 0;
    return PLR_OK;
}
