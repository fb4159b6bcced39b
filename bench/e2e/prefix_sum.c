/*
 * prefix_sum.c - inclusive prefix sum of 32-bit integers, written the way
 * one usually writes it: an accumulator. Integer recurrences need no
 * consent; plr-cc replaces the loop with a call to plr_run, signature
 * (1: 1), type i32, and the result is bit-identical.
 */
#include "e2e.h"

__attribute__((noinline)) void prefix_sum(int *y, const int *x, long n)
{
    int s = 0;
    for (long i = 0; i < n; i++) { /* E2E-LOOP */
        s += x[i];
        y[i] = s;
    }
}

int main(int argc, char **argv)
{
    long sizes[E2E_MAX_SIZES], nmax;
    int count = e2e_sizes(argc, argv, sizes, &nmax);
    int *x = e2e_alloc(nmax * sizeof *x), *y = e2e_alloc(nmax * sizeof *y);
    uint32_t r = 1;
    for (long i = 0; i < nmax; i++)
        x[i] = (int)(e2e_rand(&r) % 2001) - 1000;
    e2e_header();
    for (int s = 0; s < count; s++) {
        long n = sizes[s];
        e2e_times t;
        E2E_TIME(t, n, prefix_sum(y, x, n));
        uint64_t h = 0; /* order-sensitive hash of the whole output */
        for (long i = 0; i < n; i++)
            h = (h ^ (uint32_t)y[i]) * 0x100000001b3ull;
        e2e_row_int("prefix_sum", n, &t, h);
    }
    free(x);
    free(y);
    return 0;
}
