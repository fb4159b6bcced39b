// A cascade stage that reads x besides the stage before it (the form InstCombine gives a direct form II
// output or a distributed stage, recfuzz seed 1034 of RECFUZZ_FORM=chain): x[i] is rewritten over stage 0
// when stage 0 has one input tap a0 and x's coefficient is a known multiple of it; otherwise, and for
// states coupled both ways (a rotation), the loop is left alone. Integers must be bit-identical to the
// untransformed program; floats are checked against a long double reference; the same output with the
// runtime forced and with a runtime that refuses (the fallback).
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

/* DF2 state v0, output 3*v0 + 3*z1, state saved: InstCombine makes the output 3*(a*x[i] + b*z2) */
__attribute__((noinline)) void dfx(int *y, const int *x, long n, int *s, int a, int b) {
  int z1 = s[0], z2 = s[1];
  // REMARK-DAG: cascade-stage-x.c:[[@LINE+1]]:{{.*}} signature (arg5: -1, arg6) then (3, 3, {{.*}}:), type i32, order 2, output a FIR of the state (direct form II): one call, then a map
  for (long i = 0; i < n; i++) {
    int v0 = a * x[i] - z1 + b * z2;
    int v1 = 3 * v0 + 3 * z1;
    z2 = z1;
    z1 = v0;
    y[i] = v1;
  }
  s[0] = z1;
  s[1] = z2;
}

/* e1 = 2*e0 + 3*e1 over e0 = 5*(x[i] + e0): InstCombine reads x in stage 1 (10*(x[i] + e0')) */
__attribute__((noinline)) void emx(long *y, const long *x, long n, long *s) {
  long e0 = s[0], e1 = s[1];
  // REMARK-DAG: cascade-stage-x.c:[[@LINE+1]]:{{.*}} signature (5: 5) then (2: 3), type i64, order 1, a cascade of two recurrences (two calls)
  for (long i = 0; i < n; i++) {
    e0 = 5 * x[i] + 5 * e0;
    e1 = 2 * e0 + 3 * e1;
    y[i] = e1;
  }
  s[0] = e0;
}

/* 7*x[i] is not a multiple of stage 0's 5: not rewritten, not replaced */
__attribute__((noinline)) void emx7(long *y, const long *x, long n) {
  long e0 = 0, e1 = 0;
  // REMARK-DAG: cascade-stage-x.c:[[@LINE+1]]:{{.*}} recurrence not replaced: a loop-carried value is not a delayed copy
  for (long i = 0; i < n; i++) {
    e0 = 5 * x[i] + 5 * e0;
    e1 = 7 * x[i] + e0 + 3 * e1;
    y[i] = e1;
  }
}

/* float, written out: e1 = 0.5*e1 + 0.5*x[i] + 1.5*e0' */
__attribute__((noinline)) void flxc(float *y, const float *x, long n, float *s) {
  float e0 = s[0], e1 = s[1];
  // REMARK-DAG: cascade-stage-x.c:[[@LINE+1]]:{{.*}} signature (0.25: 0.75) then (2: 0.5), type f32, order 1, a cascade of two recurrences (two calls)
  for (long i = 0; i < n; i++) {
    float e0n = 0.25f * x[i] + 0.75f * e0;
    e1 = 0.5f * e1 + 0.5f * x[i] + 1.5f * e0;
    e0 = e0n;
    y[i] = e1;
  }
  s[0] = e0;
}

/* float with 2*a computed before the loop: no factor a to divide by, not replaced */
__attribute__((noinline)) void flxa(float *y, const float *x, long n, float a) {
  float e0 = 0, e1 = 0;
  // REMARK-DAG: cascade-stage-x.c:[[@LINE+1]]:{{.*}} recurrence not replaced: a loop-carried value is not a delayed copy
  for (long i = 0; i < n; i++) {
    float e0n = a * x[i] + (1 - a) * e0;
    e1 = 0.5f * e1 + 2 * a * x[i] + 2 * (1 - a) * e0;
    e0 = e0n;
    y[i] = e1;
  }
}

/* float over an integrator: x[i] = s - s' would lose x's bits, not rewritten, not replaced */
__attribute__((noinline)) void flxi(float *y, const float *x, long n) {
  float s = 0, e1 = 0;
  // REMARK-DAG: cascade-stage-x.c:[[@LINE+1]]:{{.*}} recurrence not replaced: a loop-carried value is not a delayed copy
  for (long i = 0; i < n; i++) {
    e1 = 0.5f * e1 + 3 * x[i] + 2 * s;
    s = s + x[i];
    y[i] = e1;
  }
}

/* states coupled both ways (a rotation): not a cascade, not replaced (docs/pass.md) */
__attribute__((noinline)) void rot(float *y, const float *x, long n, float c, float s) {
  float u = 0, v = 0;
  // REMARK-DAG: cascade-stage-x.c:[[@LINE+1]]:{{.*}} recurrence not replaced: a loop-carried value is not a delayed copy
  for (long i = 0; i < n; i++) {
    float un = c * u - s * v + x[i];
    v = s * u + c * v;
    u = un;
    y[i] = u;
  }
}

static int near(double a, double b, double tol) { return fabs(a - b) <= tol * (1 + fabs(b)); }

static unsigned long hash_l(const long *y, long n) {
  unsigned long h = 0;
  for (long i = 0; i < n; i++) h = h * 1000003u ^ (unsigned long)y[i];
  return h;
}

int main(void) {
  static float x[N], y[N];
  static int xi[N], yi[N];
  static long xl[N], yl[N];
  for (int i = 0; i < N; i++) x[i] = (i * 37 % 101 - 50) / 50.0f, xi[i] = i % 13 - 6, xl[i] = i % 7 - 3;

  int si[2] = {3, -4};
  dfx(yi, xi, N, si, 3, -2);
  unsigned long h = 0;
  for (int i = 0; i < N; i++) h = h * 1000003u ^ (unsigned)yi[i];
  printf("dfx %lx %d %d\n", h, si[0], si[1]);

  long sl[2] = {2, -1};
  emx(yl, xl, N, sl);
  printf("emx %lx %ld\n", hash_l(yl, N), sl[0]);
  emx7(yl, xl, N);
  printf("emx7 %lx\n", hash_l(yl, N));

  float sf[2] = {0.5f, -0.25f};
  flxc(y, x, N, sf);
  long double e0 = 0.5L, e1 = -0.25L;
  int ok = 1;
  for (int i = 0; i < N; i++) {
    e0 = 0.25L * x[i] + 0.75L * e0, e1 = 0.5L * e1 + 2 * e0;
    ok &= near(y[i], (double)e1, 1e-4);
  }
  printf("flxc %s\n", ok && near(sf[0], (double)e0, 1e-4) ? "ok" : "bad");

  flxa(y, x, N, 0.125f);
  e0 = e1 = 0, ok = 1;
  for (int i = 0; i < N; i++) {
    e0 = 0.125L * x[i] + 0.875L * e0, e1 = 0.5L * e1 + 2 * e0;
    ok &= near(y[i], (double)e1, 1e-4);
  }
  printf("flxa %s\n", ok ? "ok" : "bad");

  flxi(y, x, N);
  long double si2 = 0;
  e1 = 0, ok = 1;
  for (int i = 0; i < N; i++) {
    e1 = 0.5L * e1 + 3 * (long double)x[i] + 2 * si2, si2 += x[i];
    ok &= near(y[i], (double)e1, 1e-4);
  }
  printf("flxi %s\n", ok ? "ok" : "bad");

  rot(y, x, N, 0.6f, 0.7f);
  long double u = 0, v = 0;
  ok = 1;
  for (int i = 0; i < N; i++) {
    long double un = 0.6L * u - 0.7L * v + x[i];
    v = 0.7L * u + 0.6L * v, u = un;
    ok &= near(y[i], (double)u, 1e-3);
  }
  printf("rot %s\n", ok ? "ok" : "bad");
  return 0;
}

// (dfx: one call; emx, flxc: two each)
// CALLS-COUNT-5: n={{[0-9]+}}
// CALLS-NOT: n=
