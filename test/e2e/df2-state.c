// Direct form II filters whose state is kept after the loop (filter state
// saved to a struct and carried from one block of samples to the next): the
// runtime runs the state recurrence, its last values are read from y, and a
// map applies the output FIR in place. Integers must be bit-identical to the
// untransformed program; floats are checked against a long double reference.
// REQUIRES: pass
// RUN: %clang -O2 -ffast-math %s -o %t.ref
// RUN: %t.ref > %t.ref.out
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -ffast-math -fpass-plugin=%plr-pass -Rpass=plr %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -o %t.plr 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: env PLR_VERBOSE=1 %t.plr > %t.plr.out 2> %t.plr.err
// RUN: diff %t.ref.out %t.plr.out
// RUN: %FileCheck %s --check-prefix=CALLS < %t.plr.err
// The parallel backend, forced on these small arrays.
// RUN: env PLR_DEVICE=cpu PLR_THREADS=4 %t.plr > %t.cpu.out
// RUN: diff %t.ref.out %t.cpu.out
// The runtime refusing sends every call to the original loop.
// RUN: env PLR_DEVICE=no-such-device %t.plr > %t.fail.out 2>/dev/null
// RUN: diff %t.ref.out %t.fail.out
#include <math.h>
#include <stdio.h>

#define N 5000

struct fstate { float w1, w2; };

__attribute__((noinline)) void df2f(float *y, const float *x, long n, const float *c, struct fstate *s) {
  float b0 = c[0], b1 = c[1], b2 = c[2], a1 = c[3], a2 = c[4];
  float w1 = s->w1, w2 = s->w2;
  // REMARK-DAG: df2-state.c:[[@LINE+1]]:{{.*}} type f32, order 2, output a FIR of the state (direct form II): one call, then a map
  for (long i = 0; i < n; i++) {
    float w = x[i] - a1 * w1 - a2 * w2;
    y[i] = b0 * w + b1 * w1 + b2 * w2;
    w2 = w1;
    w1 = w;
  }
  s->w1 = w1;
  s->w2 = w2;
}

struct istate { int w1, w2; };

__attribute__((noinline)) void df2i(int *y, const int *x, int n, int b1, struct istate *s) {
  int w1 = s->w1, w2 = s->w2;
  // REMARK-DAG: df2-state.c:[[@LINE+1]]:{{.*}} type i32, order 2, output a FIR of the state (direct form II): one call, then a map
  for (int i = 0; i < n; i++) {
    int w = x[i] + 3 * w1 - 2 * w2;
    y[i] = 2 * w + b1 * w1 - w2;
    w2 = w1;
    w1 = w;
  }
  s->w1 = w1;
  s->w2 = w2;
}

/* alpha0 = 5: the single-recurrence form would have to divide by 5; as a
 * state recurrence and a map it is exact. Only the state's last value is
 * returned. */
__attribute__((noinline)) long df2a(long *y, const long *x, long n, long w1) {
  // REMARK-DAG: df2-state.c:[[@LINE+1]]:{{.*}} signature (5: 7) then (1, -3:), type i64, order 1, output a FIR of the state
  for (long i = 0; i < n; i++) {
    long w = 5 * x[i] + 7 * w1;
    y[i] = w - 3 * w1;
    w1 = w;
  }
  return w1;
}

/* A state driven by a FIR of x (two taps), the output a FIR of the state. */
__attribute__((noinline)) double df2fir(double *y, const double *x, long n, double *w2out) {
  double w1 = 0.25, w2 = -0.5;
  // REMARK-DAG: df2-state.c:[[@LINE+1]]:{{.*}} signature (1, -0.5: 0.9, -0.2) then (1, 0, 1:), type f64, order 2, output a FIR of the state
  for (long i = 1; i < n; i++) {
    double w = x[i] - 0.5 * x[i - 1] + 0.9 * w1 - 0.2 * w2;
    y[i] = w + w2;
    w2 = w1;
    w1 = w;
  }
  *w2out = w2;
  return w1;
}

static int near(double a, double b, double tol) { return fabs(a - b) <= tol * (1 + fabs(b)); }

int main(void) {
  static float x[2 * N], y[2 * N];
  static int xi[N], yi[N];
  static long xl[N], yl[N];
  static double xd[N], yd[N];
  for (int i = 0; i < 2 * N; i++) x[i] = (i * 37 % 101 - 50) / 50.0f;
  for (int i = 0; i < N; i++) xi[i] = i * 7 % 13 - 6, xl[i] = i % 5 - 2, xd[i] = (i % 11 - 5) * 0.1;

  /* a biquad over two blocks: the state saved after the first block starts
   * the second */
  const float c[5] = {0.2f, 0.4f, 0.2f, -0.6f, 0.2f};
  struct fstate s = {0.1f, -0.3f};
  df2f(y, x, N, c, &s);
  df2f(y + N, x + N, N, c, &s);
  long double w1 = 0.1f, w2 = -0.3f;
  int ok = 1;
  for (int i = 0; i < 2 * N; i++) {
    long double w = x[i] - (long double)c[3] * w1 - (long double)c[4] * w2;
    long double yn = c[0] * w + c[1] * w1 + c[2] * w2;
    w2 = w1, w1 = w;
    ok &= near(y[i], (double)yn, 1e-4);
  }
  ok &= near(s.w1, (double)w1, 1e-4) && near(s.w2, (double)w2, 1e-4);
  printf("df2f %s\n", ok ? "ok" : "bad");

  struct istate si = {3, -4};
  df2i(yi, xi, N, 5, &si);
  unsigned long h = 0;
  for (int i = 0; i < N; i++) h = h * 1000003u ^ (unsigned)yi[i];
  printf("df2i %lx %d %d\n", h, si.w1, si.w2);

  long r = df2a(yl, xl, N, 11);
  h = 0;
  for (int i = 0; i < N; i++) h = h * 1000003u ^ (unsigned long)yl[i];
  printf("df2a %lx %ld\n", h, r);

  double w2o, r2 = df2fir(yd, xd, N, &w2o);
  long double v1 = 0.25, v2 = -0.5;
  ok = 1;
  for (int i = 1; i < N; i++) {
    long double w = xd[i] - 0.5L * xd[i - 1] + 0.9L * v1 - 0.2L * v2;
    ok &= near(yd[i], (double)(w + v2), 1e-9);
    v2 = v1, v1 = w;
  }
  printf("df2fir %s\n", ok && near(r2, (double)v1, 1e-9) && near(w2o, (double)v2, 1e-9) ? "ok" : "bad");
  return 0;
}

// CALLS-COUNT-5: n={{[0-9]+}}
