/*
 * biquad.c - a second-order IIR low-pass (a biquad in direct form I, the
 * filter state in registers and saved across calls, coefficients in a
 * struct), on float. The file is compiled without -ffast-math: the loop's
 * '#pragma plr recurrence' is the consent to reassociate this one loop
 * (plain clang ignores the pragma, -Wno-unknown-pragmas). Replaced as
 * (b0, b1, b2: -a1, -a2), type f32.
 */
#include "e2e.h"

struct biquad {
    float b0, b1, b2, a1, a2; /* y = b0 x + b1 x1 + b2 x2 - a1 y1 - a2 y2 */
    float x1, x2, y1, y2;     /* state after the last call */
};

__attribute__((noinline)) void biquad_run(struct biquad *f, float *y, const float *x, long n)
{
    const float b0 = f->b0, b1 = f->b1, b2 = f->b2, a1 = f->a1, a2 = f->a2;
    float x1 = f->x1, x2 = f->x2, y1 = f->y1, y2 = f->y2;
#pragma plr recurrence
    for (long i = 0; i < n; i++) { /* E2E-LOOP */
        float xn = x[i];
        float yn = b0 * xn + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
        x2 = x1, x1 = xn;
        y2 = y1, y1 = yn;
        y[i] = yn;
    }
    f->x1 = x1, f->x2 = x2, f->y1 = y1, f->y2 = y2;
}

int main(int argc, char **argv)
{
    long sizes[E2E_MAX_SIZES], nmax;
    int count = e2e_sizes(argc, argv, sizes, &nmax);
    float *x = e2e_alloc(nmax * sizeof *x), *y = e2e_alloc(nmax * sizeof *y);
    uint32_t r = 2;
    for (long i = 0; i < nmax; i++) /* a slow sine plus noise */
        x[i] = sinf((float)(i % 6283) * 0.001f) + (float)(e2e_rand(&r) % 2001) * 0.0005f - 0.5f;
    /* Butterworth low-pass, cutoff 0.1 of the sampling rate (RBJ cookbook) */
    const struct biquad proto = {0.0674553f, 0.1349105f, 0.0674553f, -1.1429805f, 0.4128016f,
                                 0, 0, 0, 0};
    e2e_header();
    for (int s = 0; s < count; s++) {
        long n = sizes[s];
        struct biquad f;
        e2e_times t;
        /* every call starts from rest, so every call computes the same y */
        E2E_TIME(t, n, (f = proto, biquad_run(&f, y, x, n)));
        double sum = 0, asum = 0;
        for (long i = 0; i < n; i++)
            sum += y[i], asum += fabs(y[i]);
        e2e_row_float("biquad", n, &t, sum, asum);
    }
    free(x);
    free(y);
    return 0;
}
