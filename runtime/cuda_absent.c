/* The CUDA backend when libplr is built without nvcc. */
#include "internal.h"

#include <stdio.h>

int plr_cuda_available(char *why, size_t whylen)
{
    snprintf(why, whylen, "libplr was built without CUDA (no nvcc at configure time)");
    return 0;
}

plr_status plr_backend_cuda(const plr_problem *prob, int verbose, char *why, size_t whylen)
{
    (void)prob;
    (void)verbose;
    plr_cuda_available(why, whylen);
    return PLR_ERR_BAD_DEVICE;
}

int plr_cuda_memory_kind(const void *p)
{
    (void)p;
    return 0; /* without CUDA in libplr, all memory the library sees is host memory */
}

int plr_cuda_copy(void *dst, const void *src, size_t bytes)
{
    (void)dst;
    (void)src;
    (void)bytes;
    return -1;
}
