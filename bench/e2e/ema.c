/*
 * ema.c - an exponential moving average of doubles, smoothing factor a
 * run-time argument: e = alpha*x + (1 - alpha)*e. Compiled with
 * -ffast-math, which is the consent for every floating-point loop in the
 * file. Replaced as (alpha: 1 - alpha), type f64, the initial state from
 * the accumulator's start value.
 */
#include "e2e.h"

__attribute__((noinline)) double ema(double *y, const double *x, long n, double alpha, double e)
{
    for (long i = 0; i < n; i++) { /* E2E-LOOP */
        e = alpha * x[i] + (1 - alpha) * e;
        y[i] = e;
    }
    return e;
}

int main(int argc, char **argv)
{
    long sizes[E2E_MAX_SIZES], nmax;
    int count = e2e_sizes(argc, argv, sizes, &nmax);
    double *x = e2e_alloc(nmax * sizeof *x), *y = e2e_alloc(nmax * sizeof *y);
    uint32_t r = 3;
    double price = 100.0; /* a random walk */
    for (long i = 0; i < nmax; i++) {
        price += ((double)(e2e_rand(&r) % 2001) - 1000.0) * 1e-4;
        x[i] = price;
    }
    const double alpha = 0.01; /* a run-time value inside ema(), which is not inlined */
    e2e_header();
    for (int s = 0; s < count; s++) {
        long n = sizes[s];
        e2e_times t;
        double last = 0;
        E2E_TIME(t, n, last = ema(y, x, n, alpha, x[0]));
        if (last != y[n - 1]) { /* the value live after the loop must be the last output */
            fprintf(stderr, "ema: returned %.17g, y[n-1] = %.17g\n", last, y[n - 1]);
            return 1;
        }
        double sum = 0, asum = 0;
        for (long i = 0; i < n; i++)
            sum += y[i], asum += fabs(y[i]);
        e2e_row_float("ema", n, &t, sum, asum);
    }
    free(x);
    free(y);
    return 0;
}
