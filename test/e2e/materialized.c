// Input terms that are not a FIR of one array are materialized: a clone of
// the loop with the feedback terms zeroed writes t[i] into y, then the
// runtime runs (1: b...) in place. Compiled without and with the plugin,
// outputs compared exactly (integers) or to a long double reference.
// REQUIRES: pass
// RUN: %clang -O2 -ffast-math %s -lm -o %t.ref
// RUN: %t.ref > %t.ref.out
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -ffast-math -fpass-plugin=%plr-pass -Rpass=plr %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -lm -o %t.plr 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: env PLR_VERBOSE=1 %t.plr > %t.plr.out 2> %t.plr.err
// RUN: diff %t.ref.out %t.plr.out
// RUN: %FileCheck %s --check-prefix=CALLS < %t.plr.err
// RUN: env PLR_DEVICE=no-such-device %t.plr > %t.fail.out 2>/dev/null
// RUN: diff %t.ref.out %t.fail.out
#include <math.h>
#include <stdio.h>

#define N 6000

__attribute__((noinline)) void two(int *y, const int *x, const int *z, int n) {
  // REMARK-DAG: materialized.c:[[@LINE+1]]:{{.*}} signature (1: 1), type i32, order 1, input term materialized by a map
  for (int i = 1; i < n; i++) y[i] = x[i] + 3 * z[i - 1] + 7 + y[i - 1];
}

__attribute__((noinline)) long index_term(long *y, long n) {
  long acc = 0;
  // REMARK-DAG: materialized.c:[[@LINE+1]]:{{.*}} signature (1: 2, -1), type i64, order 2, input term materialized by a map
  for (long i = 2; i < n; i++) y[i] = i * i + 2 * y[i - 1] - y[i - 2], acc = y[i];
  return acc;
}

__attribute__((noinline)) void widen(int *y, const short *x, const unsigned char *w, int n) {
  // REMARK-DAG: materialized.c:[[@LINE+1]]:{{.*}} signature (1: -1), type i32, order 1, input term materialized by a map
  for (int i = 1; i < n; i++) y[i] = x[i] * w[i] - y[i - 1];
}

__attribute__((noinline)) void energy(double *y, const double *x, long n) {
  // REMARK-DAG: materialized.c:[[@LINE+1]]:{{.*}} signature (1: 0.9), type f64, order 1, input term materialized by a map
  for (long i = 1; i < n; i++) y[i] = sqrt(x[i] * x[i] + 1) + 0.9 * y[i - 1];
}

__attribute__((noinline)) void gather(int *restrict y, const int *x, const int *idx, int n) {
  // REMARK-DAG: materialized.c:[[@LINE+1]]:{{.*}} signature (1: 1), type i32, order 1, input term materialized by a map
  for (int i = 1; i < n; i++) y[i] = x[idx[i]] + y[i - 1];
}

static unsigned long h;
static void mix(long v) { h = h * 1000003u ^ (unsigned long)v; }

/* Backward, the second array read without restrict: its range walking
 * down is checked apart from y before the clone writes y. */
__attribute__((noinline)) void back_two(int *y, const int *x, const int *z, int n) {
  // REMARK-DAG: materialized.c:[[@LINE+1]]:{{.*}} signature (1: -3), type i32, order 1, layout: y stride -1, x stride -1 (backward), input term materialized by a map
  for (int i = n - 2; i >= 0; i--) y[i] = x[i] * z[i] + 5 - 3 * y[i + 1];
}

int main(void) {
  static int xi[N], zi[N], yi[N];
  static long yl[N];
  static short xs[N];
  static unsigned char wc[N];
  static double xd[N], yd[N];
  unsigned r = 5;
  /* (the generator's state, stored through maps into four arrays: one call, then the maps) */
  // REMARK-DAG: materialized.c:[[@LINE+1]]:{{.*}} signature (1: 1103515245), type i32, order 1, input term materialized by a map, output an elementwise map of the state, four other arrays stored as elementwise maps of the output after the call
  for (int i = 0; i < N; i++) {
    r = r * 1103515245u + 12345u;
    xi[i] = (int)(r >> 8) % 1000 - 500, zi[i] = (int)(r >> 4) % 77, xs[i] = (short)(r >> 12), wc[i] = (unsigned char)r;
    xd[i] = ((int)(r >> 9) % 2001 - 1000) / 1000.0;
  }
  yi[0] = 1;
  two(yi, xi, zi, N);
  for (int i = 0; i < N; i++) mix(yi[i]);
  printf("two %lx\n", h);
  two(zi + 1, xi, zi, N - 1); /* y overlaps z: the map would clobber z, so the loop runs */
  for (int i = 0; i < N; i++) mix(zi[i]);
  printf("overlap %lx\n", h);
  yi[N - 1] = 4;
  back_two(yi, xi, zi, N);
  for (int i = 0; i < N; i++) mix(yi[i]);
  printf("back %lx\n", h);
  back_two(zi, xi, zi + 1, N - 1); /* z walks down over y's elements: the loop runs */
  for (int i = 0; i < N; i++) mix(zi[i]);
  printf("back overlap %lx\n", h);
  yl[0] = 1, yl[1] = 2;
  long last = index_term(yl, N);
  for (int i = 0; i < N; i++) mix(yl[i]);
  printf("index %lx %ld\n", h, last);
  widen(yi, xs, wc, N);
  for (int i = 0; i < N; i++) mix(yi[i]);
  printf("widen %lx\n", h);
  static int idx[N];
  for (int i = 0; i < N; i++) idx[i] = i * 31 % N;
  gather(yi, xi, idx, N);
  for (int i = 0; i < N; i++) mix(yi[i]);
  printf("gather %lx\n", h);
  yd[0] = 0.5;
  energy(yd, xd, N);
  long double e = 0.5L, worst = 0;
  for (int i = 1; i < N; i++) e = sqrtl((long double)xd[i] * xd[i] + 1) + 0.9L * e, worst = fmaxl(worst, fabsl(yd[i] - e));
  printf("energy %s\n", worst < 1e-9 ? "ok" : "bad");
  return 0;
}

// CALLS-COUNT-7: n={{[0-9]+}}
// CALLS-NOT: n={{[0-9]+}}
