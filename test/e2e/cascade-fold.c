// Outputs that combine several stages of a cascade: DEMA y = 2*e1 - e2 and
// TEMA y = 3*e1 - 3*e2 + e3 (e2 an EMA of e1, e3 of e2), in float, double
// and integers. The stages after the first one the output reads are folded
// into one recurrence over it; its first outputs are computed before its
// call, so its history is real. Integers must be bit-identical to the
// untransformed program; floats are checked against a long double reference.
// REQUIRES: pass
// RUN: %clang -O2 -ffast-math %s -o %t.ref
// RUN: %t.ref > %t.ref.out
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -ffast-math -fpass-plugin=%plr-pass -Rpass=plr -Rpass-missed=plr %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -o %t.plr 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: env PLR_VERBOSE=1 %t.plr > %t.plr.out 2> %t.plr.err
// RUN: diff %t.ref.out %t.plr.out
// RUN: %FileCheck %s --check-prefix=CALLS < %t.plr.err
// RUN: env PLR_DEVICE=cpu PLR_THREADS=4 %t.plr > %t.cpu.out
// RUN: diff %t.ref.out %t.cpu.out
// RUN: env PLR_DEVICE=no-such-device %t.plr > %t.fail.out 2>/dev/null
// RUN: diff %t.ref.out %t.fail.out
#include <math.h>
#include <stdio.h>

#define N 5000

__attribute__((noinline)) void dema(float *y, const float *x, long n, float a, float *e1out) {
  float e1 = x[0], e2 = 0.5f;
  // REMARK-DAG: cascade-fold.c:[[@LINE+1]]:{{.*}} type f32, order 1, an output combining stages 1..2 of a cascade of 2, folded into one recurrence over stage 1 (two calls)
  for (long i = 0; i < n; i++) {
    e1 += a * (x[i] - e1);
    e2 += a * (e1 - e2);
    y[i] = 2 * e1 - e2;
  }
  *e1out = e1;
}

__attribute__((noinline)) void tema(double *y, const double *x, long n, double a) {
  double e1 = 0.25, e2 = -0.5, e3 = 1;
  // REMARK-DAG: cascade-fold.c:[[@LINE+1]]:{{.*}} type f64, order 1, an output combining stages 1..3 of a cascade of 3, folded into one recurrence over stage 1 (two calls)
  for (long i = 0; i < n; i++) {
    e1 = a * x[i] + (1 - a) * e1;
    e2 = a * e1 + (1 - a) * e2;
    e3 = a * e2 + (1 - a) * e3;
    y[i] = 3 * e1 - 3 * e2 + e3;
  }
}

/* TEMA in float: the folded stage would have a double pole; not replaced */
__attribute__((noinline)) void temaf(float *y, const float *x, long n, float a) {
  float e1 = 0, e2 = 0, e3 = 0;
  // REMARK-DAG: cascade-fold.c:[[@LINE+5]]:28: remark: recurrence not replaced: the output combines three or more stages of a float cascade{{.*}}; in the loop at line [[#@LINE+1]], column 3
  for (long i = 0; i < n; i++) {
    e1 += a * (x[i] - e1);
    e2 += a * (e1 - e2);
    e3 += a * (e2 - e3);
    y[i] = 3 * e1 - 3 * e2 + e3;
  }
}

/* Integers: three integrators, the output reads the second and third. */
__attribute__((noinline)) long ints(long *y, const long *x, long n, long u, long v, long w) {
  // REMARK-DAG: cascade-fold.c:[[@LINE+1]]:{{.*}} type i64, order 1, an output combining stages 2..3 of a cascade of 3, folded into one recurrence over stage 2 (three calls)
  for (long i = 0; i < n; i++) {
    u = 3 * u + x[i];
    v += u;
    w = w - 2 * v;
    y[i] = 5 * v + w + 7 * u * 0;
  }
  return u;
}

static int near(double a, double b, double tol) { return fabs(a - b) <= tol * (1 + fabs(b)); }

int main(void) {
  static float x[N], y[N];
  static double xd[N], yd[N];
  static long xl[N], yl[N];
  for (int i = 0; i < N; i++) x[i] = (i * 37 % 101 - 50) / 50.0f, xd[i] = (i % 11 - 5) * 0.1, xl[i] = i % 7 - 3;

  float e1o;
  dema(y, x, N, 0.05f, &e1o);
  long double e1 = x[0], e2 = 0.5f, a = 0.05f;
  int ok = 1;
  for (int i = 0; i < N; i++) {
    e1 += a * (x[i] - e1), e2 += a * (e1 - e2);
    ok &= near(y[i], (double)(2 * e1 - e2), 1e-4);
  }
  printf("dema %s\n", ok && near(e1o, (double)e1, 1e-4) ? "ok" : "bad");

  tema(yd, xd, N, 0.125);
  long double f1 = 0.25, f2 = -0.5, f3 = 1;
  ok = 1;
  for (int i = 0; i < N; i++) {
    f1 = 0.125L * xd[i] + 0.875L * f1, f2 = 0.125L * f1 + 0.875L * f2, f3 = 0.125L * f2 + 0.875L * f3;
    ok &= near(yd[i], (double)(3 * f1 - 3 * f2 + f3), 1e-9);
  }
  printf("tema %s\n", ok ? "ok" : "bad");

  temaf(y, x, N, 0.05f);
  printf("temaf %.3f\n", y[N - 1]);

  long u = ints(yl, xl, N, 1, -2, 3);
  unsigned long h = 0;
  for (int i = 0; i < N; i++) h = h * 1000003u ^ (unsigned long)yl[i];
  printf("ints %lx %ld\n", h, u);
  return 0;
}

// CALLS-COUNT-7: n={{[0-9]+}}
// CALLS-NOT: n=
