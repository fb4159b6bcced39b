// Cascades of two recurrences in one loop (two biquads; an EMA of an EMA;
// integer coupled states): the first stage is never stored, so the runtime
// is called twice, the second time in place. Filter state is read from and
// saved back to a struct (initial and final state of both stages).
// REQUIRES: pass
// RUN: %clang -O2 -ffast-math %s -o %t.ref
// RUN: %t.ref > %t.ref.out
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -ffast-math -fpass-plugin=%plr-pass -Rpass=plr %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -o %t.plr 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: env PLR_VERBOSE=1 %t.plr > %t.plr.out 2> %t.plr.err
// RUN: diff %t.ref.out %t.plr.out
// RUN: %FileCheck %s --check-prefix=CALLS < %t.plr.err
// RUN: env PLR_DEVICE=no-such-device %t.plr > %t.fail.out 2>/dev/null
// RUN: diff %t.ref.out %t.fail.out
#include <math.h>
#include <stdio.h>

#define N 5000

struct st { float x1, x2, s1, s2, y1, y2; };

__attribute__((noinline)) void two_biquads(float *y, const float *x, long n, const float *c, struct st *st) {
  float x1 = st->x1, x2 = st->x2, s1 = st->s1, s2 = st->s2, y1 = st->y1, y2 = st->y2;
  float b0 = c[0], b1 = c[1], b2 = c[2], a1 = c[3], a2 = c[4];
  float d0 = c[5], d1 = c[6], d2 = c[7], e1 = c[8], e2 = c[9];
  // REMARK-DAG: cascade.c:[[@LINE+1]]:{{.*}} type f32, order 2, a cascade of two recurrences (two calls)
  for (long i = 0; i < n; i++) {
    float xn = x[i];
    float s = b0 * xn + b1 * x1 + b2 * x2 - a1 * s1 - a2 * s2;
    float yn = d0 * s + d1 * s1 + d2 * s2 - e1 * y1 - e2 * y2;
    x2 = x1, x1 = xn, s2 = s1, s1 = s, y2 = y1, y1 = yn;
    y[i] = yn;
  }
  st->x1 = x1, st->x2 = x2, st->s1 = s1, st->s2 = s2, st->y1 = y1, st->y2 = y2;
}

__attribute__((noinline)) double dema(double *y, const double *x, long n, double a) {
  double e1 = x[0], e2 = x[0];
  // REMARK-DAG: cascade.c:[[@LINE+1]]:{{.*}} type f64, order 1, a cascade of two recurrences (two calls)
  for (long i = 0; i < n; i++) {
    e1 = a * x[i] + (1 - a) * e1;
    e2 = a * e1 + (1 - a) * e2;
    y[i] = e2;
  }
  return e1 + e2;
}

__attribute__((noinline)) long coupled(long *y, const long *x, long n) {
  long u = 1, v = 2;
  // REMARK-DAG: cascade.c:[[@LINE+1]]:{{.*}} signature (1: 1) then (1: 3), type i64, order 1, a cascade of two recurrences (two calls)
  for (long i = 0; i < n; i++) {
    u = u + x[i];
    v = 3 * v + u;
    y[i] = v;
  }
  return u * 7 + v;
}

static int near(double a, double b, double tol) { return fabs(a - b) <= tol * (1 + fabs(b)); }

int main(void) {
  static float x[N], y[N];
  static double xd[N], yd[N];
  static long xl[N], yl[N];
  for (int i = 0; i < N; i++) x[i] = (i * 37 % 101 - 50) / 50.0f, xd[i] = x[i], xl[i] = i % 7 - 3;

  const float c[10] = {0.2f, 0.4f, 0.2f, -0.6f, 0.2f, 0.3f, 0.1f, 0.3f, 0.5f, 0.1f};
  struct st s = {0.1f, 0.2f, 0.3f, 0.4f, 0.5f, 0.6f};
  two_biquads(y, x, N, c, &s);
  double x1 = 0.1f, x2 = 0.2f, s1 = 0.3f, s2 = 0.4f, y1 = 0.5f, y2 = 0.6f;
  int ok = 1;
  for (int i = 0; i < N; i++) {
    double sn = c[0] * (double)x[i] + c[1] * x1 + c[2] * x2 - c[3] * s1 - c[4] * s2;
    double yn = c[5] * sn + c[6] * s1 + c[7] * s2 - c[8] * y1 - c[9] * y2;
    x2 = x1, x1 = x[i], s2 = s1, s1 = sn, y2 = y1, y1 = yn;
    ok &= near(y[i], yn, 1e-4);
  }
  ok &= near(s.s1, s1, 1e-4) && near(s.s2, s2, 1e-4) && near(s.y1, y1, 1e-4) && near(s.y2, y2, 1e-4);
  ok &= s.x1 == x[N - 1] && s.x2 == x[N - 2];
  printf("biquads %s\n", ok ? "ok" : "bad");

  double r = dema(yd, xd, N, 0.1);
  long double e1 = xd[0], e2 = xd[0];
  ok = 1;
  for (int i = 0; i < N; i++) {
    e1 = 0.1L * xd[i] + 0.9L * e1, e2 = 0.1L * e1 + 0.9L * e2;
    ok &= near(yd[i], (double)e2, 1e-10);
  }
  printf("dema %s\n", ok && near(r, (double)(e1 + e2), 1e-10) ? "ok" : "bad");

  long li = coupled(yl, xl, N);
  unsigned long h = 0;
  for (int i = 0; i < N; i++) h = h * 1000003u ^ (unsigned long)yl[i];
  printf("coupled %lx %ld\n", h, li);
  return 0;
}

// CALLS-COUNT-6: n={{[0-9]+}}
