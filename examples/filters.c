/*
 * filters.c - ordinary C recurrences that libPLRPass replaces with calls to
 * libplr. Nothing here mentions PLR; build it either way:
 *
 *   clang -O2 -ffast-math filters.c -lm -o filters
 *   clang -O2 -ffast-math -fpass-plugin=build/lib/libPLRPass.so -Rpass=plr \
 *         filters.c -Lbuild/lib -lplr -Wl,-rpath,build/lib -lm -o filters
 *
 * -ffast-math lets the floating-point filters be reassociated (without it
 * only the integer loops are replaced, and -Rpass-missed=plr says why).
 * Each result is checked against a long double reference; the program
 * prints one line per filter and exits non-zero if any is off, and on
 * stderr the time spent in the five filter calls themselves (generating the
 * data and the long double checks take most of the run, the same either way).
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* Exponential moving average: (alpha: 1 - alpha). */
static void ema(double *y, const double *x, long n, double alpha) {
  double e = x[0];
  for (long i = 0; i < n; i++) {
    e = alpha * x[i] + (1 - alpha) * e;
    y[i] = e;
  }
}

/* Biquad low-pass, direct form I, state kept across calls. */
struct biquad { float b0, b1, b2, a1, a2, x1, x2, y1, y2; };
static void biquad_df1(struct biquad *f, float *y, const float *x, long n) {
  float x1 = f->x1, x2 = f->x2, y1 = f->y1, y2 = f->y2;
  for (long i = 0; i < n; i++) {
    float xn = x[i];
    float yn = f->b0 * xn + f->b1 * x1 + f->b2 * x2 - f->a1 * y1 - f->a2 * y2;
    x2 = x1, x1 = xn, y2 = y1, y1 = yn;
    y[i] = yn;
  }
  f->x1 = x1, f->x2 = x2, f->y1 = y1, f->y2 = y2;
}

/* The same filter in direct form II (state w never stored). */
static void biquad_df2(const struct biquad *f, float *y, const float *x, long n) {
  float w1 = 0, w2 = 0;
  for (long i = 0; i < n; i++) {
    float w = x[i] - f->a1 * w1 - f->a2 * w2;
    y[i] = f->b0 * w + f->b1 * w1 + f->b2 * w2;
    w2 = w1, w1 = w;
  }
}

/* Inclusive prefix sum, in place: (1: 1). */
static void prefix_sum(int64_t *a, long n) {
  for (long i = 1; i < n; i++) a[i] += a[i - 1];
}

/* Rolling mean over D samples (Howes et al., Listing 1). */
#define D 16
static void rolling_mean(int32_t *out, const int32_t *in, long n) {
  int32_t sum = 0;
  for (long t = 0; t < D - 1; t++) sum += in[t];
  for (long t = 1; t < n; t++) {
    sum += in[t + D - 1] - in[t - 1];
    out[t] = sum / D;
  }
}

static double filter_seconds;

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

#define TIMED(call)                                                                                \
  do {                                                                                             \
    double t0_ = now();                                                                            \
    call;                                                                                          \
    filter_seconds += now() - t0_;                                                                 \
  } while (0)

static int check(const char *name, double worst, double tol) {
  printf("%-12s %s\n", name, worst <= tol ? "ok" : "MISMATCH");
  return worst <= tol;
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1L << 20;
  double *xd = malloc(n * sizeof *xd), *yd = malloc(n * sizeof *yd);
  float *xf = malloc(n * sizeof *xf), *yf = malloc(n * sizeof *yf), *zf = malloc(n * sizeof *zf);
  int64_t *p = malloc(n * sizeof *p);
  int32_t *ri = malloc((n + D) * sizeof *ri), *ro = malloc(n * sizeof *ro);
  if (!xd || !yd || !xf || !yf || !zf || !p || !ri || !ro)
    return 2;
  uint32_t r = 1;
  for (long i = 0; i < n + D; i++) {
    r = r * 1664525u + 1013904223u;
    int v = (int)(r >> 16) % 2001 - 1000;
    if (i < n) xd[i] = sin(i * 0.01) + v / 4000.0, xf[i] = (float)xd[i], p[i] = v;
    ri[i] = v;
  }
  int ok = 1;

  TIMED(ema(yd, xd, n, 0.05));
  long double e = xd[0], worst = 0;
  for (long i = 0; i < n; i++) e = 0.05L * xd[i] + 0.95L * e, worst = fmaxl(worst, fabsl(yd[i] - e));
  ok &= check("ema", (double)worst, 1e-9);

  struct biquad f = {0.0675f, 0.135f, 0.0675f, -1.143f, 0.4128f, 0, 0, 0, 0};
  TIMED(biquad_df1(&f, yf, xf, n));
  TIMED(biquad_df2(&f, zf, xf, n));
  long double x1 = 0, x2 = 0, y1 = 0, y2 = 0, w1 = 0, w2 = 0, wd = 0;
  worst = 0;
  for (long i = 0; i < n; i++) {
    long double yn = (long double)f.b0 * xf[i] + (long double)f.b1 * x1 + (long double)f.b2 * x2 -
                     (long double)f.a1 * y1 - (long double)f.a2 * y2;
    x2 = x1, x1 = xf[i], y2 = y1, y1 = yn;
    long double w = xf[i] - (long double)f.a1 * w1 - (long double)f.a2 * w2;
    long double z = (long double)f.b0 * w + (long double)f.b1 * w1 + (long double)f.b2 * w2;
    w2 = w1, w1 = w;
    worst = fmaxl(worst, fabsl(yf[i] - yn));
    wd = fmaxl(wd, fabsl(zf[i] - z));
  }
  ok &= check("biquad-df1", (double)worst, 1e-3);
  ok &= check("biquad-df2", (double)wd, 1e-3);

  int64_t want = 0, bad = 0;
  int64_t *q = malloc(n * sizeof *q);
  for (long i = 0; i < n; i++) q[i] = p[i];
  TIMED(prefix_sum(p, n));
  for (long i = 0; i < n; i++) want += q[i], bad |= p[i] != want;
  ok &= check("prefix-sum", (double)bad, 0);
  free(q);

  TIMED(rolling_mean(ro, ri, n));
  int32_t sum = 0;
  bad = 0;
  for (long t = 0; t < D - 1; t++) sum += ri[t];
  for (long t = 1; t < n; t++) sum += ri[t + D - 1] - ri[t - 1], bad |= ro[t] != sum / D;
  ok &= check("rolling-mean", (double)bad, 0);

  fprintf(stderr, "time in the filter calls: %.1f ms\n", filter_seconds * 1e3);
  free(xd), free(yd), free(xf), free(yf), free(zf), free(p), free(ri), free(ro);
  return ok ? 0 : 1;
}
