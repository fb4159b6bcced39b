// LPC synthesis (the all-pole filter of speech codecs): with the order a
// run-time value the taps are an inner loop, which the pass reports with its
// reason and leaves as compiled; with a constant order the inner loop is
// unrolled and the recurrence replaced (one call). A fixed-point version
// (a rounding shift) is not linear and gets no such reason. Outputs equal
// the plain build's on every device.
// REQUIRES: pass
// RUN: %clang -O2 -ffast-math %s -o %t.ref
// RUN: %t.ref > %t.ref.out
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -ffast-math -g -fpass-plugin=%plr-pass -Rpass=plr -Rpass-missed=plr %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -o %t.plr 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: env PLR_VERBOSE=1 %t.plr > %t.plr.out 2> %t.plr.err
// RUN: diff %t.ref.out %t.plr.out
// RUN: %FileCheck %s --check-prefix=CALLS < %t.plr.err
// RUN: env PLR_DEVICE=cpu PLR_THREADS=3 %t.plr > %t.cpu.out
// RUN: diff %t.ref.out %t.cpu.out
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define N 30000
#define P 10

__attribute__((noinline)) void synth_p(double *y, const double *x, const double *a, int n, int p) {
  // REMARK-DAG: runtime-order.c:[[@LINE+1]]:{{.*}} the recurrence's order is a run-time value
  for (int i = p; i < n; i++) {
    double s = x[i];
    for (int j = 1; j <= p; j++)
      s -= a[j] * y[i - j];
    y[i] = s;
  }
}

__attribute__((noinline)) void synth_10(double *y, const double *x, const double *a, int n) {
  // REMARK-DAG: runtime-order.c:[[@LINE+1]]:{{.*}} replaced linear recurrence {{.*}} type f64, order 10
  for (int i = P; i < n; i++) {
    double s = x[i];
    for (int j = 1; j <= P; j++)
      s -= a[j] * y[i - j];
    y[i] = s;
  }
}

__attribute__((noinline)) void synth_q(int *y, const int *x, const int *a, int n, int p) {
  // REMARK-NOT: runtime-order.c:[[@LINE+1]]:{{.*}} run-time value
  for (int i = p; i < n; i++) {
    int s = x[i] << 12;
    for (int j = 1; j <= p; j++)
      s -= a[j] * y[i - j];
    y[i] = s >> 12;
  }
}

int main(void) {
  /* a stable all-pole filter (the taps' magnitudes sum to 0.757 < 1) */
  static const double c[P + 1] = {0, 0.3, -0.2, 0.1, -0.05, 0.04, -0.03, 0.02, -0.01, 0.005, -0.002};
  static const int ci[P + 1] = {0, 1024, -512, 256, -128, 64, -32, 16, -8, 4, -2};
  double *x = malloc(N * sizeof *x), *y1 = malloc(N * sizeof *y1), *y2 = malloc(N * sizeof *y2);
  int *xi = malloc(N * sizeof *xi), *yi = malloc(N * sizeof *yi);
  unsigned r = 3;
  for (int i = 0; i < N; i++) {
    r = r * 1103515245u + 12345u;
    x[i] = (double)(r >> 8) / (1 << 24) - 0.5;
    xi[i] = (int)(r >> 20) - 2048;
    y1[i] = y2[i] = i < P ? x[i] : 0;
    yi[i] = i < P ? xi[i] : 0;
  }
  synth_p(y1, x, c, N, P);
  synth_10(y2, x, c, N);
  synth_q(yi, xi, ci, N, P);
  /* against the filter in long double */
  long double *ref = malloc(N * sizeof *ref), w1 = 0, w2 = 0;
  for (int i = 0; i < N; i++) {
    long double v = x[i];
    if (i >= P)
      for (int j = 1; j <= P; j++)
        v -= (long double)c[j] * ref[i - j];
    ref[i] = v;
    w1 = fmaxl(w1, fabsl(y1[i] - v));
    w2 = fmaxl(w2, fabsl(y2[i] - v));
  }
  printf("runtime order %s %.4g\n", w1 < 1e-12L ? "ok" : "BAD", y1[N - 1]);
  printf("constant order %s %.4g\n", w2 < 1e-12L ? "ok" : "BAD", y2[N - 1]);
  free(ref);
  printf("fixed point %d %d\n", yi[N / 2], yi[N - 1]);
  free(x), free(y1), free(y2), free(xi), free(yi);
  return 0;
}
// CALLS-COUNT-1: plr: (
