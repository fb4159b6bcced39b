// Maps over every index that read the state's earlier value: clang folds
// `d[i] = x[i] - s` after `s += x[i]` into -s_prev, and `d[i] = s - s_prev`
// of s = 3*s + x[i] into 2*s_prev + x[i]; `d[i] = s2` of an order-2
// recurrence reads it two back. The map loop after the call carries y's
// values of the iterations before in registers, from the loop's initial
// state at the first indices (also beside an output map that replaces y[i]
// before index i + 1 reads it). Backward along the recurrence's direction;
// in a nest one call (each sequence from the same value); where d is y or x the check sends the
// loop to its original form. Integers exact, floats against long double.
// REQUIRES: pass
// RUN: %clang -O2 -ffast-math %s -lm -o %t.ref
// RUN: %t.ref > %t.ref.out
// RUN: env PLR_PASS_MIN_N=0 %clang -O2 -ffast-math -fpass-plugin=%plr-pass -Rpass=plr %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -lm -o %t.plr 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: env PLR_PASS_MIN_N=0 %clang -O2 -ffast-math -fpass-plugin=%plr-pass -Rpass-missed=plr -Rpass-analysis=plr -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=MISSED
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
// Calls from n = 64: 4 sizes for each of sum_prev, diff, prev2, back,
// outmap, highpass; one call of 3 sequences each for nest's 1000 and N; 1
// for in place, 1 for d past y (d is y or x, or inside y: no call).
// CALLS-COUNT-28: n={{[0-9]+}}
// CALLS-NOT: n={{[0-9]+}}

// d[i] = x[i] - s after s += x[i]: -s_prev (x may be y exactly).
__attribute__((noinline)) void sum_prev(long *y, long *d, const long *x, long n) {
  long s = 3;
  // REMARK-DAG: map-before.c:[[@LINE+1]]:{{.*}} signature (1: 1), type i64, {{.*}}check(x apart from y or exactly y, {{.*}}call(1: 1) x->y; map({{[a-z0-9]+}} = g(y[i-1]))
  for (long i = 0; i < n; i++) {
    s += x[i];
    d[i] = x[i] - s;
    y[i] = s;
  }
}

// d[i] = s - s_prev: 2*s_prev + x[i].
__attribute__((noinline)) void diff(long *y, long *d, const long *x, long n) {
  long s = -7;
  // REMARK-DAG: map-before.c:[[@LINE+1]]:{{.*}} signature (1: 3), type i64, {{.*}}map({{[a-z0-9]+}} = g(y, y[i-1]))
  for (long i = 0; i < n; i++) {
    long p = s;
    s = 3 * s + x[i];
    y[i] = s;
    d[i] = s - p;
  }
}

// Order 2, two back: 7 at i = 0, 5 at i = 1.
__attribute__((noinline)) void prev2(int *y, int *d, const int *x, long n) {
  int s1 = 5, s2 = 7;
  // REMARK-DAG: map-before.c:[[@LINE+1]]:{{.*}} signature (1: 1, -1), type i32, order 2, {{.*}}map({{[a-z0-9]+}} = g({{[a-z0-9]+}}, y[i-2]))
  for (long i = 0; i < n; i++) {
    int s = s1 - s2 + x[i];
    d[i] = s2 * 3 + x[i];
    s2 = s1;
    s1 = s;
    y[i] = s;
  }
}

// Backward: the iteration before is the element after.
__attribute__((noinline)) void back(unsigned long *y, unsigned long *d, const unsigned long *x, long n,
                                    unsigned long a) {
  unsigned long s = 11;
  // REMARK-DAG: map-before.c:[[@LINE+1]]:{{.*}} (backward){{.*}}call(1: {{[a-z0-9]+}}) x->y, y stride -1, x stride -1; map({{[a-z0-9]+}} = g({{[a-z0-9]+}}, y[i-1]))
  for (long i = n - 1; i >= 0; i--) {
    unsigned long p = s;
    s = a * s + x[i];
    y[i] = s;
    d[i] = x[i] ^ p;
  }
}

// Beside an output map: y[i] holds s + 7i after index i, the map reads s.
__attribute__((noinline)) void outmap(long *y, long *d, const long *x, long n) {
  long s = 2;
  // REMARK-DAG: map-before.c:[[@LINE+1]]:{{.*}} map({{[a-z0-9]+}} = g({{[a-z0-9]+}}, y[i-1])); map(out = g(y, i))
  for (long i = 0; i < n; i++) {
    long p = s;
    s = 3 * s + x[i];
    y[i] = s + 7 * i;
    d[i] = x[i] - p;
  }
}

// The float high-pass against the low-pass before its update.
__attribute__((noinline)) void highpass(double *y, double *d, const double *x, long n, double a) {
  double g = 0.5;
  // REMARK-DAG: map-before.c:[[@LINE+1]]:{{.*}} type f64, {{.*}}map({{[a-z0-9]+}} = g({{[a-z0-9]+}}, y[i-1]))
  for (long i = 0; i < n; i++) {
    double hp = x[i] - g;
    g = a * g + (1 - a) * x[i];
    y[i] = g;
    d[i] = hp;
  }
}

// A nest: each sequence starts from 1 again: one call for the nest, the
// map loop over every sequence restarting its register from 1.
__attribute__((noinline)) void nest(long *y, long *d, const long *x, long m, long n) {
  for (long j = 0; j < m; j++) {
    long s = 1;
    // REMARK-DAG: map-before.c:[[@LINE+1]]:{{.*}} replaced loop nest with one call to plr_run_many: signature (1: 3), type i64, {{.*}}map({{[a-z0-9]+}} = g({{[a-z0-9]+}}, y[i-1]))
    for (long i = 0; i < n; i++) {
      long p = s;
      s = 3 * s + x[j * n + i];
      y[j * n + i] = s;
      d[j * n + i] = x[j * n + i] - p;
    }
  }
}

#define REF __attribute__((optnone, noinline))
REF static void ref_sum_prev(long *y, long *d, const long *x, long n) {
  long s = 3;
  for (long i = 0; i < n; i++)
    s += x[i], d[i] = x[i] - s, y[i] = s;
}
REF static void ref_diff(long *y, long *d, const long *x, long n) {
  long s = -7;
  for (long i = 0; i < n; i++) {
    long p = s;
    s = 3 * s + x[i], y[i] = s, d[i] = s - p;
  }
}
REF static void ref_prev2(int *y, int *d, const int *x, long n) {
  int s1 = 5, s2 = 7;
  for (long i = 0; i < n; i++) {
    int s = s1 - s2 + x[i];
    d[i] = s2 * 3 + x[i], s2 = s1, s1 = s, y[i] = s;
  }
}
REF static void ref_back(unsigned long *y, unsigned long *d, const unsigned long *x, long n, unsigned long a) {
  unsigned long s = 11;
  for (long i = n - 1; i >= 0; i--) {
    unsigned long p = s;
    s = a * s + x[i], y[i] = s, d[i] = x[i] ^ p;
  }
}
REF static void ref_outmap(long *y, long *d, const long *x, long n) {
  long s = 2;
  for (long i = 0; i < n; i++) {
    long p = s;
    s = 3 * s + x[i], y[i] = s + 7 * i, d[i] = x[i] - p;
  }
}
REF static void ref_highpass(long double *y, long double *d, const long double *x, long n, long double a) {
  long double g = 0.5L;
  for (long i = 0; i < n; i++) {
    long double hp = x[i] - g;
    g = a * g + (1 - a) * x[i], y[i] = g, d[i] = hp;
  }
}
REF static void ref_nest(long *y, long *d, const long *x, long m, long n) {
  for (long j = 0; j < m; j++) {
    long s = 1;
    for (long i = 0; i < n; i++) {
      long p = s;
      s = 3 * s + x[j * n + i], y[j * n + i] = s, d[j * n + i] = x[j * n + i] - p;
    }
  }
}

static const long sizes[] = {0, 1, 2, 3, 63, 64, 65, 1000, N};
#define NSIZES (long)(sizeof sizes / sizeof *sizes)
#define YS (N + 64)

/* y and d filled alike in both, the loop and its reference run, then
 * compared over the whole arrays (nothing written past n). */
#define CASE(name, T, y, d, ry, rd, call, rcall)                                                                       \
    for (long k = 0; k < NSIZES; k++) {                                                                                \
        long n = sizes[k], bad = 0;                                                                                    \
        for (long i = 0; i < YS; i++)                                                                                  \
            y[i] = ry[i] = (T)next(), d[i] = rd[i] = (T)next();                                                        \
        call;                                                                                                          \
        rcall;                                                                                                         \
        DIFF(bad, y, ry, YS);                                                                                          \
        DIFF(bad, d, rd, YS);                                                                                          \
        printf("%s n=%ld %s\n", name, n, bad ? "BAD" : "ok");                                                          \
    }

int main(void) {
  long *xl = malloc(N * sizeof *xl), *yl = malloc(YS * sizeof *yl), *dl = malloc(YS * sizeof *dl);
  long *ryl = malloc(YS * sizeof *ryl), *rdl = malloc(YS * sizeof *rdl), *xl2 = malloc(YS * sizeof *xl2);
  unsigned long *xu = malloc(N * sizeof *xu), *yu = malloc(YS * sizeof *yu), *du = malloc(YS * sizeof *du);
  unsigned long *ryu = malloc(YS * sizeof *ryu), *rdu = malloc(YS * sizeof *rdu);
  int *xi = malloc(N * sizeof *xi), *yi = malloc(YS * sizeof *yi), *di = malloc(YS * sizeof *di);
  int *ryi = malloc(YS * sizeof *ryi), *rdi = malloc(YS * sizeof *rdi);
  double *xf = malloc(N * sizeof *xf), *yf = malloc(YS * sizeof *yf), *df = malloc(YS * sizeof *df);
  long double *lxf = malloc(N * sizeof *lxf), *lyf = malloc(YS * sizeof *lyf), *ldf = malloc(YS * sizeof *ldf);
  for (long i = 0; i < N; i++) {
    xl[i] = small(), xu[i] = (unsigned long)next() << 20 | next() | 1, xi[i] = (int)small();
    xf[i] = (double)small() / 1000.0, lxf[i] = xf[i];
  }

  CASE("sum_prev", long, yl, dl, ryl, rdl, sum_prev(yl, dl, xl, n), ref_sum_prev(ryl, rdl, xl, n))
  CASE("diff", long, yl, dl, ryl, rdl, diff(yl, dl, xl, n), ref_diff(ryl, rdl, xl, n))
  CASE("prev2", int, yi, di, ryi, rdi, prev2(yi, di, xi, n), ref_prev2(ryi, rdi, xi, n))
  CASE("back", unsigned long, yu, du, ryu, rdu, back(yu, du, xu, n, 0x9E3779B97F4A7C15ul),
       ref_back(ryu, rdu, xu, n, 0x9E3779B97F4A7C15ul))
  CASE("outmap", long, yl, dl, ryl, rdl, outmap(yl, dl, xl, n), ref_outmap(ryl, rdl, xl, n))
  /* nest: 3 sequences of n / 3 (from 64 each calls) */
  CASE("nest", long, yl, dl, ryl, rdl, nest(yl, dl, xl, 3, n / 3), ref_nest(ryl, rdl, xl, 3, n / 3))

  for (long k = 0; k < NSIZES; k++) {
    long n = sizes[k];
    for (long i = 0; i < YS; i++)
      yf[i] = (double)small(), lyf[i] = yf[i], df[i] = (double)small(), ldf[i] = df[i];
    long double w = 0;
    highpass(yf, df, xf, n, 0.875);
    ref_highpass(lyf, ldf, lxf, n, 0.875L);
    for (long i = 0; i < YS; i++)
      w = fmaxl(w, fmaxl(rel(yf[i], lyf[i]), rel(df[i], ldf[i])));
    printf("highpass n=%ld %s\n", n, w <= 1e-9L ? "ok" : "BAD");
  }

  /* aliasing: d is y (d[i] stored over y[i]), d is x (x[i] replaced after
   * the recurrence read it): the check sends both to the loop */
  {
    long bad = 0;
    for (long i = 0; i < YS; i++)
      yl[i] = ryl[i] = (long)next();
    diff(yl, yl, xl, N);
    ref_diff(ryl, ryl, xl, N);
    DIFF(bad, yl, ryl, YS);
    printf("aliasing d=y %s\n", bad ? "BAD" : "ok");
  }
  {
    long bad = 0;
    for (long i = 0; i < YS; i++)
      yl[i] = ryl[i] = (long)next(), xl2[i] = rdl[i] = xl[i % N];
    sum_prev(yl, xl2, xl2, N);
    ref_sum_prev(ryl, rdl, rdl, N);
    DIFF(bad, yl, ryl, YS);
    DIFF(bad, xl2, rdl, YS);
    printf("aliasing d=x %s\n", bad ? "BAD" : "ok");
  }
  /* in place: x is y exactly (the call runs, the map reads y[i-1]) */
  {
    long bad = 0;
    for (long i = 0; i < YS; i++)
      yl[i] = ryl[i] = small(), dl[i] = rdl[i] = (long)next();
    sum_prev(yl, dl, yl, N);
    ref_sum_prev(ryl, rdl, ryl, N);
    DIFF(bad, yl, ryl, YS);
    DIFF(bad, dl, rdl, YS);
    printf("in place x=y %s\n", bad ? "BAD" : "ok");
  }
  /* d just past y (apart: the call runs), d one element into y (y[i+1]
   * stored over d[i] by the next iteration: as written) */
  long off[] = {1000, 1};
  for (int k = 0; k < 2; k++) {
    long bad = 0;
    for (long i = 0; i < YS; i++)
      yl[i] = ryl[i] = (long)next();
    outmap(yl, yl + off[k], xl, 1000);
    ref_outmap(ryl, ryl + off[k], xl, 1000);
    DIFF(bad, yl, ryl, YS);
    printf("aliasing d at y+%ld %s\n", off[k], bad ? "BAD" : "ok");
  }
  return 0;
}
// MISSED-NOT: not replaced
