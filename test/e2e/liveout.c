// Values used after the loop that are linear in its last inputs and outputs
// (not only the accumulator itself): recovered from the saved last inputs and
// from y_final / the output array after the call.
// REQUIRES: pass
// RUN: %clang -O2 -ffast-math %s -o %t.ref
// RUN: %t.ref > %t.ref.out
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -ffast-math -fpass-plugin=%plr-pass -Rpass=plr %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -o %t.plr 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: env PLR_VERBOSE=1 %t.plr > %t.plr.out 2> %t.plr.err
// RUN: diff %t.ref.out %t.plr.out
// RUN: %FileCheck %s --check-prefix=CALLS < %t.plr.err
#include <math.h>
#include <stdio.h>

#define N 5000

__attribute__((noinline)) int lo(int *y, const int *x, int n) {
  int p = 0;
  // REMARK-DAG: liveout.c:[[@LINE+1]]:{{.*}} signature (1, 1: 3), type i32, order 1
  for (int i = 1; i < n; i++) {
    p = 3 * y[i - 1] + x[i - 1];
    y[i] = x[i] + p;
  }
  return p;
}

__attribute__((noinline)) double lo2(double *y, const double *x, long n, double b) {
  double t = 0, u = 0;
  // REMARK-DAG: liveout.c:[[@LINE+1]]:{{.*}} type f64, order 2
  for (long i = 2; i < n; i++) {
    t = b * y[i - 1] - 0.5 * y[i - 2];
    u = x[i] - x[i - 1];
    y[i] = u + t;
  }
  return t + 2 * u;
}

int main(void) {
  static int x[N], y[N];
  static double xd[N], yd[N];
  for (int i = 0; i < N; i++) x[i] = i % 9 - 4, xd[i] = (i % 9 - 4) * 0.125;
  int r = lo(y, x, N);
  unsigned long h = 0;
  for (int i = 0; i < N; i++) h = h * 1000003u ^ (unsigned)y[i];
  printf("lo %lx %d\n", h, r);
  double r2 = lo2(yd, xd, N, 0.75);
  double t = 0.75 * yd[N - 2] - 0.5 * yd[N - 3], u = xd[N - 1] - xd[N - 2];
  printf("lo2 %s\n", fabs(r2 - (t + 2 * u)) < 1e-9 ? "ok" : "bad");
  return 0;
}

// CALLS-COUNT-2: n={{[0-9]+}}
