/* Times the loops docs/pass.md quotes ("Measured"), compiled without and
 * with the plugin, and prints a checksum of every output so that the two
 * builds can be compared:
 *
 *   clang -O2 -ffast-math paybench.c -o ref
 *   clang -O2 -ffast-math -fpass-plugin=libPLRPass.so paybench.c -lplr -o plr
 *   ./ref; ./plr; PLR_DEVICE=cpu ./plr      (n = 2^24 by default, argv[1] overrides)
 *
 * Best of 7 runs per loop, in milliseconds. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

__attribute__((noinline)) void prefix_i64(long *y, const long *x, long n) {
  long s = 0;
  for (long i = 0; i < n; i++) {
    s += x[i];
    y[i] = s;
  }
}

__attribute__((noinline)) void prefix_f32(float *y, const float *x, long n) {
  float s = 0;
  for (long i = 0; i < n; i++) {
    s += x[i];
    y[i] = s;
  }
}

__attribute__((noinline)) void lowpass_f32(float *y, const float *x, long n, float a) {
  float s = 0;
  for (long i = 0; i < n; i++) {
    s += a * (x[i] - s);
    y[i] = s;
  }
}

/* CIC-4 integrators, states not kept: composed into one call. */
__attribute__((noinline)) void cic4(long *y, const long *x, long n) {
  long i1 = 0, i2 = 0, i3 = 0, i4 = 0;
  for (long i = 0; i < n; i++) {
    i1 += x[i];
    i2 += i1;
    i3 += i2;
    i4 += i3;
    y[i] = i4;
  }
}

/* The same with every state saved: one call per stage. */
struct cic { long i1, i2, i3, i4; };
__attribute__((noinline)) void cic4_state(long *y, const long *x, long n, struct cic *s) {
  long i1 = s->i1, i2 = s->i2, i3 = s->i3, i4 = s->i4;
  for (long i = 0; i < n; i++) {
    i1 += x[i];
    i2 += i1;
    i3 += i2;
    i4 += i3;
    y[i] = i4;
  }
  s->i1 = i1, s->i2 = i2, s->i3 = i3, s->i4 = i4;
}

/* Four first-order low-pass sections in float: one call per stage. */
__attribute__((noinline)) void lp4(float *y, const float *x, long n, float a) {
  float s1 = 0, s2 = 0, s3 = 0, s4 = 0;
  for (long i = 0; i < n; i++) {
    s1 += a * (x[i] - s1);
    s2 += a * (s1 - s2);
    s3 += a * (s2 - s3);
    s4 += a * (s3 - s4);
    y[i] = s4;
  }
}

static unsigned long sum_bytes(const void *p, size_t bytes) {
  const unsigned char *c = p;
  unsigned long h = 1469598103934665603ul;
  for (size_t i = 0; i < bytes; i += 61)
    h = (h ^ c[i]) * 1099511628211ul;
  return h;
}

#define TIME(name, call, out, bytes)                                                        \
  do {                                                                                      \
    double best = 1e30;                                                                     \
    for (int r = 0; r < 7; r++) {                                                           \
      double t0 = now_ms();                                                                 \
      call;                                                                                 \
      double t = now_ms() - t0;                                                             \
      if (t < best)                                                                         \
        best = t;                                                                           \
    }                                                                                       \
    printf("%-12s %9.2f ms  %016lx\n", name, best, sum_bytes(out, bytes));                   \
  } while (0)

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1l << 24;
  long *xi = malloc(n * sizeof *xi), *yi = malloc(n * sizeof *yi);
  float *xf = malloc(n * sizeof *xf), *yf = malloc(n * sizeof *yf);
  if (!xi || !yi || !xf || !yf)
    return 1;
  srand(1);
  for (long i = 0; i < n; i++) {
    xi[i] = rand() % 1000 - 500;
    xf[i] = (float)(rand() % 64 - 32); /* small integers: float prefix sums stay exact */
  }
  memset(yi, 0, n * sizeof *yi);
  memset(yf, 0, n * sizeof *yf);
  const char *only = argc > 2 ? argv[2] : "";
#define WANT(s) (!*only || strstr(only, s))
  if (WANT("prefix_i64")) TIME("prefix_i64", prefix_i64(yi, xi, n), yi, n * sizeof *yi);
  if (WANT("prefix_f32")) TIME("prefix_f32", prefix_f32(yf, xf, n), yf, n * sizeof *yf);
  if (WANT("lowpass_f32")) TIME("lowpass_f32", lowpass_f32(yf, xf, n, 0.05f), yf, n * sizeof *yf);
  if (WANT("cic4")) TIME("cic4", cic4(yi, xi, n), yi, n * sizeof *yi);
  struct cic st;
  if (WANT("cic4_state")) TIME("cic4_state", (memset(&st, 0, sizeof st), cic4_state(yi, xi, n, &st)), yi, n * sizeof *yi);
  if (WANT("lp4")) TIME("lp4", lp4(yf, xf, n, 0.05f), yf, n * sizeof *yf);
  return 0;
}
