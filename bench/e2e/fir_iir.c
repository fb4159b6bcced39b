/*
 * fir_iir.c - a filter with both parts in one loop: a 4-tap moving average
 * (FIR) feeding a damped two-pole resonator (IIR), on float arrays that
 * carry their history in front of index 0 (x[-3..-1], y[-2..-1]), as a
 * block-processing audio or sensor loop keeps it. Compiled with
 * -ffast-math. Replaced as (0.25, 0.25, 0.25, 0.25: 1.2, -0.5), type f32,
 * with the input history and initial state read from memory before i = 0.
 */
#include "e2e.h"

#define HIST 4

__attribute__((noinline)) void fir_iir(float *y, const float *x, long n)
{
    for (long i = 0; i < n; i++) /* E2E-LOOP */
        y[i] = 0.25f * x[i] + 0.25f * x[i - 1] + 0.25f * x[i - 2] + 0.25f * x[i - 3] +
               1.2f * y[i - 1] - 0.5f * y[i - 2];
}

int main(int argc, char **argv)
{
    long sizes[E2E_MAX_SIZES], nmax;
    int count = e2e_sizes(argc, argv, sizes, &nmax);
    float *xb = e2e_alloc((nmax + HIST) * sizeof *xb), *yb = e2e_alloc((nmax + HIST) * sizeof *yb);
    float *x = xb + HIST, *y = yb + HIST;
    uint32_t r = 4;
    for (long i = -HIST; i < nmax; i++)
        x[i] = (float)(e2e_rand(&r) % 2001) * 0.001f - 1.0f;
    y[-2] = 0.5f, y[-1] = -0.25f; /* the state a previous block left */
    e2e_header();
    for (int s = 0; s < count; s++) {
        long n = sizes[s];
        e2e_times t;
        E2E_TIME(t, n, fir_iir(y, x, n));
        double sum = 0, asum = 0;
        for (long i = 0; i < n; i++)
            sum += y[i], asum += fabs(y[i]);
        e2e_row_float("fir_iir", n, &t, sum, asum);
    }
    free(xb);
    free(yb);
    return 0;
}
