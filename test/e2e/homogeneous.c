// Recurrences without an input term: an oscillator (s[i] = 2c s[i-1] -
// s[i-2]), Fibonacci counts modulo 2^32, a geometric sequence returned.
// The materializing clone writes zeros, the runtime runs (1: b) in place
// from the histories in memory (or the phi's first value). Integers exact
// against optnone references, the double oscillator within 1e-9 of one.
// REQUIRES: pass
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -ffast-math -fpass-plugin=%plr-pass -Rpass=plr %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -lm -o %t 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: env PLR_DEVICE=serial PLR_VERBOSE=1 %t > %t.out 2> %t.err
// RUN: %FileCheck %s --check-prefix=OK < %t.out
// RUN: %FileCheck %s --check-prefix=CALLS < %t.err
// RUN: env PLR_DEVICE=cpu PLR_THREADS=2 %t | %FileCheck %s --check-prefix=OK
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
// REMARK-DAG: homogeneous.c:[[@LINE+2]]:{{.*}} replaced linear recurrence with a call to plr_run: signature (1: {{.*}}, -1), type f64, order 2, homogeneous
__attribute__((noinline)) void osc(double *s, long n, double c) {
  for (long i = 2; i < n; i++)
    s[i] = 2 * c * s[i - 1] - s[i - 2];
}
// REMARK-DAG: homogeneous.c:[[@LINE+2]]:{{.*}} signature (1: 1, 1), type i32, order 2, homogeneous
__attribute__((noinline)) void fib(uint32_t *f, long n) {
  for (long i = 2; i < n; i++)
    f[i] = f[i - 1] + f[i - 2];
}
// REMARK-DAG: homogeneous.c:[[@LINE+2]]:{{.*}} signature (1: 3), type i64, order 1, homogeneous
__attribute__((noinline)) int64_t geo(int64_t *g, long n, int64_t v) {
  for (long i = 0; i < n; i++) {
    v = 3 * v;
    g[i] = v;
  }
  return v;
}
#define REF __attribute__((optnone, noinline))
REF static void ref_osc(double *s, long n, double c) {
  for (long i = 2; i < n; i++)
    s[i] = 2 * c * s[i - 1] - s[i - 2];
}
REF static void ref_fib(uint32_t *f, long n) {
  for (long i = 2; i < n; i++)
    f[i] = f[i - 1] + f[i - 2];
}
REF static int64_t ref_geo(int64_t *g, long n, int64_t v) {
  for (long i = 0; i < n; i++)
    v = (int64_t)(3 * (uint64_t)v), g[i] = v;
  return v;
}
int main(void) {
  enum { N = 20011 };
  double *s = malloc(N * sizeof *s), *rs = malloc(N * sizeof *rs);
  uint32_t *f = malloc(N * sizeof *f), *rf = malloc(N * sizeof *rf);
  int64_t *g = malloc(N * sizeof *g), *rg = malloc(N * sizeof *rg);
  s[0] = rs[0] = 0, s[1] = rs[1] = sin(0.01);
  f[0] = rf[0] = 3, f[1] = rf[1] = 7;
  osc(s, N, cos(0.01));
  ref_osc(rs, N, cos(0.01));
  fib(f, N);
  ref_fib(rf, N);
  int64_t v = geo(g, N, 5), rv = ref_geo(rg, N, 5);
  double e = 0;
  long bad_f = 0, bad_g = 0;
  for (long i = 0; i < N; i++)
    e = fmax(e, fabs(s[i] - rs[i])), bad_f += f[i] != rf[i], bad_g += g[i] != rg[i];
  printf("osc %s (max error %.2g)\n", e < 1e-9 ? "ok" : "BAD", e);
  printf("fib %s (%ld wrong)\n", bad_f ? "BAD" : "ok", bad_f);
  printf("geo %s (%ld wrong)\n", bad_g || v != rv ? "BAD" : "ok", bad_g);
  return !(e < 1e-9) || bad_f || bad_g || v != rv;
}
// OK: osc ok
// OK: fib ok
// OK: geo ok
// CALLS-COUNT-3: plr: ({{.*}}) {{[if][0-9]+}} n={{[0-9]+}} -> serial
