// Floating-point recurrences under -ffast-math: compiled without and with the
// plugin; every result is checked against a long double reference (which
// the pass leaves alone) and only "ok"/"bad" and rounded values are printed,
// since parallel evaluation reassociates.
// REQUIRES: pass
// RUN: %clang -O2 -ffast-math %s -o %t.ref
// RUN: %t.ref > %t.ref.out
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -ffast-math -fpass-plugin=%plr-pass -Rpass=plr %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -o %t.plr 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: env PLR_VERBOSE=1 %t.plr > %t.plr.out 2> %t.plr.err
// RUN: diff %t.ref.out %t.plr.out
// RUN: %FileCheck %s --check-prefix=CALLS < %t.plr.err
// RUN: %FileCheck %s --check-prefix=OUT < %t.plr.out
// Without reassociation allowed nothing is replaced, and the remark says how to allow it.
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -fpass-plugin=%plr-pass -Rpass-missed=plr %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -o %t.strict 2>&1 | %FileCheck %s --check-prefix=STRICT
#include <math.h>
#include <stdio.h>

#define N 4096

struct biquad { float x1, x2, y1, y2; };

__attribute__((noinline)) float leaky(float *y, const float *x, int n, float b) {
  float a = 0;
  // REMARK-DAG: fp-forms.c:[[@LINE+2]]:{{.*}} signature (1: arg4), type f32, order 1
  // STRICT-DAG: fp-forms.c:[[@LINE+1]]:{{.*}} floating-point recurrence (1: arg4) (f32) not replaced: {{.*}}'#pragma plr recurrence', or for the whole file with -ffast-math or with -fassociative-math -fno-signed-zeros -fno-trapping-math together
  for (int i = 0; i < n; i++) {
    a = a * b + x[i];
    y[i] = a;
  }
  return a;
}

__attribute__((noinline)) void ema(double *y, const double *x, int n, double alpha) {
  double e = x[0];
  // REMARK-DAG: fp-forms.c:[[@LINE+1]]:{{.*}} type f64, order 1
  for (int i = 0; i < n; i++) {
    e = alpha * x[i] + (1 - alpha) * e;
    y[i] = e;
  }
}

__attribute__((noinline)) void hist(double *y, const double *x, long n) {
  // REMARK-DAG: fp-forms.c:[[@LINE+1]]:{{.*}} signature (1, 0, -1: 0.5), type f64, order 1
  for (long i = 0; i < n; i++) y[i] = x[i] - x[i - 2] + 0.5 * y[i - 1];
}

__attribute__((noinline)) void resonator(double *y, const double *x, long n, double a1, double a2) {
  // REMARK-DAG: fp-forms.c:[[@LINE+1]]:{{.*}} type f64, order 2
  for (long i = 2; i < n; i++) y[i] = x[i] - a1 * y[i - 1] - a2 * y[i - 2];
}

__attribute__((noinline)) void df1(float *y, const float *x, int n, const float *c, struct biquad *s) {
  float b0 = c[0], b1 = c[1], b2 = c[2], a1 = c[3], a2 = c[4];
  float x1 = s->x1, x2 = s->x2, y1 = s->y1, y2 = s->y2;
  // REMARK-DAG: fp-forms.c:[[@LINE+1]]:{{.*}} type f32, order 2
  for (int i = 0; i < n; i++) {
    float xn = x[i];
    float yn = b0 * xn + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
    x2 = x1, x1 = xn, y2 = y1, y1 = yn;
    y[i] = yn;
  }
  s->x1 = x1, s->x2 = x2, s->y1 = y1, s->y2 = y2;
}

/* long double: not a type the pass replaces, so this is the reference */
static long double ry[N + 8];
static int close_to(double got, long double want, double tol) {
  return fabsl((long double)got - want) <= tol * (1 + fabsl(want));
}
/* Only the verdict is printed: the digits of a reassociated result may differ. */
static void report(const char *name, int ok, double v) { (void)v; printf("%s %s\n", name, ok ? "ok" : "bad"); }

int main(void) {
  static float xf[N], yf[N];
  static double xd[N + 8], yd[N + 8];
  unsigned r = 7;
  for (int i = 0; i < N + 8; i++) {
    r = r * 1103515245u + 12345u;
    xd[i] = ((int)(r >> 9) % 2001 - 1000) / 1000.0;
    if (i < N) xf[i] = (float)xd[i];
  }
  int ok;

  float last = leaky(yf, xf, N, 0.75f);
  long double a = 0;
  ok = 1;
  for (int i = 0; i < N; i++) a = a * 0.75L + xf[i], ok &= close_to(yf[i], a, 1e-4);
  report("leaky", ok && close_to(last, a, 1e-4), last);

  ema(yd, xd, N, 0.125);
  long double e = xd[0];
  ok = 1;
  for (int i = 0; i < N; i++) e = 0.125L * xd[i] + 0.875L * e, ok &= close_to(yd[i], e, 1e-12);
  report("ema", ok, yd[N - 1]);

  yd[2] = 0.25;
  hist(yd + 3, xd + 3, N);
  ry[2] = 0.25;
  ok = 1;
  for (int i = 3; i < N + 3; i++) ry[i] = xd[i] - xd[i - 2] + 0.5L * ry[i - 1], ok &= close_to(yd[i], ry[i], 1e-12);
  report("hist", ok, yd[N + 2]);

  yd[0] = 1, yd[1] = 0.5;
  resonator(yd, xd, N, -1.6, 0.64);
  ry[0] = 1, ry[1] = 0.5;
  ok = 1;
  for (int i = 2; i < N; i++) ry[i] = xd[i] + 1.6L * ry[i - 1] - 0.64L * ry[i - 2], ok &= close_to(yd[i], ry[i], 1e-9);
  report("resonator", ok, yd[N - 1]);

  const float c[5] = {0.2f, 0.4f, 0.2f, -0.6f, 0.2f};
  struct biquad s = {0.5f, -0.5f, 0.25f, 0.125f};
  df1(yf, xf, N, c, &s);
  long double x1 = 0.5L, x2 = -0.5L, y1 = 0.25L, y2 = 0.125L;
  ok = 1;
  for (int i = 0; i < N; i++) {
    long double yn = (long double)c[0] * xf[i] + (long double)c[1] * x1 + (long double)c[2] * x2 -
                     (long double)c[3] * y1 - (long double)c[4] * y2;
    x2 = x1, x1 = xf[i], y2 = y1, y1 = yn;
    ok &= close_to(yf[i], yn, 1e-4);
  }
  ok &= s.x1 == xf[N - 1] && s.x2 == xf[N - 2] && s.y1 == yf[N - 1] && s.y2 == yf[N - 2];
  report("df1", ok, s.y1);
  return 0;
}

// OUT-NOT: bad
// CALLS-COUNT-5: n={{[0-9]+}}
