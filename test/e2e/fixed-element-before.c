// A fixed element that reads the state's earlier value: clang folds `*last
// = x[i] - s` after `s += x[i]` into -s_prev, and `(s + x[i]) / (i + 1)`
// after `s = a*s - x[i]` into a*s_prev / (i + 1) (recfuzz's fixed form,
// seeds 48, 51, 58, 92); `*last = s` before the update and `*last = s2` of
// an order-2 recurrence read it as written. Only the last iteration's value
// remains: g of y[n-2] (y[n-3]), or of the loop's initial state when n is
// smaller, stored once after the call. Where the element lies inside y the
// check sends the loop to its original form. n = 0 leaves it untouched.
// Integers exact, floats against long double.
// REQUIRES: pass
// RUN: %clang -O2 -ffast-math %s -lm -o %t.ref
// RUN: %t.ref > %t.ref.out
// RUN: env PLR_PASS_MIN_N=0 %clang -O2 -ffast-math -fpass-plugin=%plr-pass -Rpass=plr %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -lm -o %t.plr 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: env PLR_PASS_MIN_N=0 %clang -O2 -ffast-math -fpass-plugin=%plr-pass -Rpass-missed=plr -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=MISSED
// RUN: env PLR_VERBOSE=1 %t.plr > %t.plr.out 2> %t.plr.err
// RUN: diff %t.ref.out %t.plr.out
// RUN: %FileCheck %s --check-prefix=CALLS < %t.plr.err
// RUN: env PLR_DEVICE=cpu PLR_THREADS=3 %t.plr > %t.cpu.out
// RUN: diff %t.ref.out %t.cpu.out
// RUN: %FileCheck --input-file=%t.ref.out %s --check-prefix=OUT
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "Inputs/check.h"

#define N 100003

// MISSED-NOT: not replaced
// OUT-NOT: BAD
// Calls from n = 64 (smaller runs the loop: the values for n <= d are in
// fixed-element-before.ll): prev_sum 4 + 1 (the element past y), 4 each for
// prev_counter, prev_back, before_update and prev2, prev_from 7 (i0 = 0
// and 1, not 1 of n = 64), other_state 1 (s's loop, split from t's).
// CALLS-COUNT-29: n={{[0-9]+}}
// CALLS-NOT: n={{[0-9]+}}

// Seed 92: a sum, an int counter, a counter map beside the element.
__attribute__((noinline)) void prev_sum(long *y, long *z, const long *x, long *last, int n) {
  long s = 3;
  // REMARK-DAG: fixed-element-before.c:[[@LINE+1]]:{{.*}} signature (1: 1), type i64, {{.*}}one fixed element written on every iteration{{.*}} store({{[^ ]+}} = g(y[n-2]) at n-1); map({{[a-z0-9]+}} = g(y, i))
  for (int i = 0; i < n; i++) {
    s += x[i];
    *last = x[i] - s;
    y[i] = s;
    z[i] = s / (i + 1);
  }
}

// Seed 51: the element reads the counter too; y an output map of it.
__attribute__((noinline)) void prev_counter(unsigned long *y, const unsigned long *x, unsigned long *last, long n,
                                            unsigned long a) {
  unsigned long s = 3;
  // REMARK-DAG: fixed-element-before.c:[[@LINE+1]]:{{.*}} output an elementwise map of the state, one fixed element written on every iteration{{.*}} store({{[^ ]+}} = g(y[n-2], i) at n-1); map(out = g(y, i))
  for (long i = 0; i < n; i++) {
    s = a * s - x[i];
    *last = (s + x[i]) / (i + 1);
    y[i] = s + i;
  }
}

// Seed 48: backward, an int counter, the state from memory and back.
__attribute__((noinline)) void prev_back(unsigned long *y, const unsigned long *x, unsigned long *last, int n,
                                         unsigned long *st) {
  unsigned long s = st[0];
  // REMARK-DAG: fixed-element-before.c:[[@LINE+1]]:{{.*}} (backward){{.*}} store({{[^ ]+}} = g(y[n-2]) at n-1); map(out = g(y, i))
  for (int i = n - 1; i >= 0; i--) {
    s += x[i];
    *last = x[i] - s;
    y[i] = s - (unsigned long)i;
  }
  st[0] = s;
}

// Seed 58: from a run-time start, 32 bits, a counter map into z.
__attribute__((noinline)) void prev_from(unsigned *y, unsigned *z, const unsigned *x, unsigned *last, int i0, int n,
                                         unsigned a) {
  unsigned s = 3;
  // REMARK-DAG: fixed-element-before.c:[[@LINE+1]]:{{.*}} signature (1: {{[a-z0-9]+}}), type i32, {{.*}} store({{[^ ]+}} = g(y[n-2]) at n-1); map({{[a-z0-9]+}} = g(y, i))
  for (int i = i0; i < n; i++) {
    s = a * s + x[i];
    *last = x[i] - s;
    y[i] = s;
    z[i] = (s >> 2) + i * 5;
  }
}

// Stored before the update: y[n-2] itself, 0.25f when n = 1.
__attribute__((noinline)) void before_update(float *y, const float *x, float *last, long n, float a) {
  float s = 0.25f;
  // REMARK-DAG: fixed-element-before.c:[[@LINE+1]]:{{.*}} type f32, order 1, one fixed element written on every iteration{{.*}} store({{[^ ]+}} = y[n-2])
  for (long i = 0; i < n; i++) {
    *last = s;
    s = a * s + x[i];
    y[i] = s;
  }
}

// Order 2, the older state: y[n-3]; 5 when n = 2, 7 when n = 1.
__attribute__((noinline)) void prev2(int *y, const int *x, int *last, long n) {
  int s1 = 5, s2 = 7;
  // REMARK-DAG: fixed-element-before.c:[[@LINE+1]]:{{.*}} signature (1: 1, -1), type i32, order 2, one fixed element written on every iteration{{.*}} store({{[^ ]+}} = y[n-3])
  for (long i = 0; i < n; i++) {
    int s = s1 - s2 + x[i];
    *last = s2;
    s2 = s1;
    s1 = s;
    y[i] = s;
  }
}

// The element is a second accumulator, a state of its own: the loop is
// split into a loop per state (distribute.cpp, behind a check that *last
// and y are apart from the other's arrays); s's loop is replaced, t's is a
// reduction kept in memory (refused with that reason) and runs as written.
__attribute__((noinline)) void other_state(int *y, const int *x, const int *w, int *last, long n) {
  unsigned s = 0;
  int t = 0;
  // REMARK-DAG: fixed-element-before.c:[[@LINE+2]]:{{.*}} signature (1: 3), type i32, order 1; plan: check(x apart from y or exactly y)
  // MISSED: fixed-element-before.c:[[@LINE+4]]:{{.*}} not replaced: the loop stores to one fixed element on every iteration (a reduction kept in memory
  for (long i = 0; i < n; i++) {
    s = 3 * s + (unsigned)x[i];
    t += w[i];
    *last = t;
    y[i] = (int)s;
  }
}

// A near miss: the element stored on some iterations only (refused with
// that reason, not the reduction's; the element is the loop's first store).
__attribute__((noinline)) void cond_last(int *y, const int *x, int *last, long n) {
  unsigned s = 0;
  // MISSED: fixed-element-before.c:[[@LINE+4]]:13: remark: recurrence not replaced: the output, or another array the loop stores, is not stored on every iteration; in the loop at line [[#@LINE+1]], column 3
  for (long i = 0; i < n; i++) {
    s = 3 * s + (unsigned)x[i];
    if (x[i] > 0)
      *last = (int)s;
    y[i] = (int)s;
  }
}

#define REF __attribute__((optnone, noinline))
REF static void ref_prev_sum(long *y, long *z, const long *x, long *last, int n) {
  long s = 3;
  for (int i = 0; i < n; i++)
    s += x[i], *last = x[i] - s, y[i] = s, z[i] = s / (i + 1);
}
REF static void ref_prev_counter(unsigned long *y, const unsigned long *x, unsigned long *last, long n,
                                 unsigned long a) {
  unsigned long s = 3;
  for (long i = 0; i < n; i++)
    s = a * s - x[i], *last = (s + x[i]) / (i + 1), y[i] = s + i;
}
REF static void ref_prev_back(unsigned long *y, const unsigned long *x, unsigned long *last, int n,
                              unsigned long *st) {
  unsigned long s = st[0];
  for (int i = n - 1; i >= 0; i--)
    s += x[i], *last = x[i] - s, y[i] = s - (unsigned long)i;
  st[0] = s;
}
REF static void ref_prev_from(unsigned *y, unsigned *z, const unsigned *x, unsigned *last, int i0, int n,
                              unsigned a) {
  unsigned s = 3;
  for (int i = i0; i < n; i++)
    s = a * s + x[i], *last = x[i] - s, y[i] = s, z[i] = (s >> 2) + i * 5;
}
REF static void ref_before_update(long double *y, const long double *x, long double *last, long n, long double a) {
  long double s = 0.25L;
  for (long i = 0; i < n; i++)
    *last = s, s = a * s + x[i], y[i] = s;
}
REF static void ref_prev2(int *y, const int *x, int *last, long n) {
  int s1 = 5, s2 = 7;
  for (long i = 0; i < n; i++) {
    int s = s1 - s2 + x[i];
    *last = s2, s2 = s1, s1 = s, y[i] = s;
  }
}
REF static void ref_cond_last(int *y, const int *x, int *last, long n) {
  int s = 0;
  for (long i = 0; i < n; i++) {
    s = (int)(3u * (unsigned)s + (unsigned)x[i]);
    if (x[i] > 0)
      *last = s;
    y[i] = s;
  }
}
REF static void ref_other_state(int *y, const int *x, const int *w, int *last, long n) {
  int s = 0, t = 0;
  for (long i = 0; i < n; i++)
    s = (int)(3u * (unsigned)s + (unsigned)x[i]), t += w[i], *last = t, y[i] = s;
}

static const long sizes[] = {0, 1, 2, 3, 63, 64, 65, 1000, N};
#define NSIZES (long)(sizeof sizes / sizeof *sizes)
#define YS (N + 64)

int main(void) {
  long *xl = malloc(N * sizeof *xl), *yl = malloc(YS * sizeof *yl), *zl = malloc(YS * sizeof *zl);
  long *ryl = malloc(YS * sizeof *ryl), *rzl = malloc(YS * sizeof *rzl);
  unsigned long *xu = malloc(N * sizeof *xu), *yu = malloc(YS * sizeof *yu), *ryu = malloc(YS * sizeof *ryu);
  unsigned *x32 = malloc(N * sizeof *x32), *y32 = malloc(YS * sizeof *y32), *z32 = malloc(YS * sizeof *z32);
  unsigned *ry32 = malloc(YS * sizeof *ry32), *rz32 = malloc(YS * sizeof *rz32);
  int *xi = malloc(N * sizeof *xi), *wi = malloc(N * sizeof *wi), *yi = malloc(YS * sizeof *yi);
  int *ryi = malloc(YS * sizeof *ryi);
  float *xf = malloc(N * sizeof *xf), *yf = malloc(YS * sizeof *yf);
  long double *lxf = malloc(N * sizeof *lxf), *lyf = malloc(YS * sizeof *lyf);
  for (long i = 0; i < N; i++) {
    xl[i] = small(), xu[i] = (unsigned long)next() << 20 | next() | 1, x32[i] = next() | 1;
    xi[i] = (int)small(), wi[i] = (int)small();
    xf[i] = (float)small() / 1000.0f, lxf[i] = xf[i];
  }

  for (long k = 0; k < NSIZES; k++) {
    long n = sizes[k], bad = 0;
    for (long i = 0; i < YS; i++)
      yl[i] = ryl[i] = (long)next(), zl[i] = rzl[i] = (long)next();
    long last = -5, rlast = -5;
    prev_sum(yl, zl, xl, &last, (int)n);
    ref_prev_sum(ryl, rzl, xl, &rlast, (int)n);
    DIFF(bad, yl, ryl, YS);
    DIFF(bad, zl, rzl, YS);
    printf("prev_sum n=%ld %s %ld\n", n, bad || last != rlast ? "BAD" : "ok", last);
  }
  /* the element inside y: at y[5], at y[n-2] (which the element's value
   * reads), just past y (apart: the call runs) */
  long at[] = {5, N - 2, N};
  for (int k = 0; k < 3; k++) {
    long bad = 0;
    for (long i = 0; i < YS; i++)
      yl[i] = ryl[i] = (long)next();
    prev_sum(yl, zl, xl, yl + at[k], N);
    ref_prev_sum(ryl, rzl, xl, ryl + at[k], N);
    DIFF(bad, yl, ryl, YS);
    printf("prev_sum element at %ld %s\n", at[k], bad ? "BAD" : "ok");
  }

  for (long k = 0; k < NSIZES; k++) {
    long n = sizes[k], bad = 0;
    for (long i = 0; i < YS; i++)
      yu[i] = ryu[i] = next();
    unsigned long last = 11, rlast = 11;
    prev_counter(yu, xu, &last, n, 0x9E3779B97F4A7C15ul);
    ref_prev_counter(ryu, xu, &rlast, n, 0x9E3779B97F4A7C15ul);
    DIFF(bad, yu, ryu, YS);
    printf("prev_counter n=%ld %s %lu\n", n, bad || last != rlast ? "BAD" : "ok", last);
  }

  for (long k = 0; k < NSIZES; k++) {
    long n = sizes[k], bad = 0;
    for (long i = 0; i < YS; i++)
      yu[i] = ryu[i] = next();
    unsigned long last = 11, rlast = 11, st = 0x123456789ul, rst = st;
    prev_back(yu, xu, &last, (int)n, &st);
    ref_prev_back(ryu, xu, &rlast, (int)n, &rst);
    DIFF(bad, yu, ryu, YS);
    printf("prev_back n=%ld %s %lu %lu\n", n, bad || last != rlast || st != rst ? "BAD" : "ok", last, st);
  }

  /* from a run-time start: i0 = 0, 1 (one element before it untouched),
   * n - 1 (a single iteration), n - 2 */
  for (long k = 0; k < NSIZES; k++) {
    long n = sizes[k];
    long starts[] = {0, 1, n > 1 ? n - 1 : 0, n > 2 ? n - 2 : 0};
    for (int j = 0; j < 4; j++) {
      long bad = 0;
      for (long i = 0; i < YS; i++)
        y32[i] = ry32[i] = next(), z32[i] = rz32[i] = next();
      unsigned last = 13, rlast = 13;
      prev_from(y32, z32, x32, &last, (int)starts[j], (int)n, 2654435761u);
      ref_prev_from(ry32, rz32, x32, &rlast, (int)starts[j], (int)n, 2654435761u);
      DIFF(bad, y32, ry32, YS);
      DIFF(bad, z32, rz32, YS);
      printf("prev_from n=%ld i0=%ld %s %u\n", n, starts[j], bad || last != rlast ? "BAD" : "ok", last);
    }
  }

  for (long k = 0; k < NSIZES; k++) {
    long n = sizes[k];
    for (long i = 0; i < YS; i++)
      yf[i] = (float)small(), lyf[i] = yf[i];
    float last = 99.0f;
    long double rlast = 99.0L, w = 0;
    before_update(yf, xf, &last, n, 0.75f);
    ref_before_update(lyf, lxf, &rlast, n, 0.75L);
    for (long i = 0; i < YS; i++)
      w = fmaxl(w, rel(yf[i], lyf[i]));
    w = fmaxl(w, rel(last, rlast));
    printf("before_update n=%ld %s\n", n, w <= 1e-4L ? "ok" : "BAD");
  }

  for (long k = 0; k < NSIZES; k++) {
    long n = sizes[k], bad = 0;
    for (long i = 0; i < YS; i++)
      yi[i] = ryi[i] = (int)next();
    int last = -9, rlast = -9;
    prev2(yi, xi, &last, n);
    ref_prev2(ryi, xi, &rlast, n);
    DIFF(bad, yi, ryi, YS);
    printf("prev2 n=%ld %s %d\n", n, bad || last != rlast ? "BAD" : "ok", last);
  }

  {
    long bad = 0;
    for (long i = 0; i < YS; i++)
      yi[i] = ryi[i] = (int)next();
    int last = 0, rlast = 0;
    other_state(yi, xi, wi, &last, N);
    ref_other_state(ryi, xi, wi, &rlast, N);
    DIFF(bad, yi, ryi, YS);
    printf("other_state %s %d\n", bad || last != rlast ? "BAD" : "ok", last);
  }
  {
    long bad = 0;
    for (long i = 0; i < YS; i++)
      yi[i] = ryi[i] = (int)next();
    int last = 0, rlast = 0;
    cond_last(yi, xi, &last, N);
    ref_cond_last(ryi, xi, &rlast, N);
    DIFF(bad, yi, ryi, YS);
    printf("cond_last %s %d\n", bad || last != rlast ? "BAD" : "ok", last);
  }
  return 0;
}
// MISSED-NOT: not replaced
