// An output that is one recurrence with the input fed through (a direct
// form II, y = s + c*x of a state s before or after its update), with the
// state used after the loop. As one recurrence of y the state's last values
// would be stored nowhere (LiveOut); the output is read as a map of the
// state and the input instead: the call computes the state, the map loop
// makes y, and the state's last values come back from the call. Doubles
// against long double (a bound of 1e-10), integers exact; apart, in place
// (the map reads x, which the call would have replaced: the loop runs as
// written) and with n below the order (the state's values from before the
// loop).
// REQUIRES: pass
// RUN: %clang -O2 -ffast-math %s -lm -o %t.ref
// RUN: %t.ref > %t.ref.out
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -ffast-math -fpass-plugin=%plr-pass -Rpass=plr -Rpass-missed=plr %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -lm -o %t.plr 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: env PLR_VERBOSE=1 %t.plr > %t.plr.out 2> %t.plr.err
// RUN: diff %t.ref.out %t.plr.out
// RUN: %FileCheck %s --check-prefix=CALLS < %t.plr.err
// RUN: env PLR_DEVICE=cpu PLR_THREADS=3 %t.plr > %t.cpu.out
// RUN: diff %t.ref.out %t.cpu.out
// RUN: env PLR_DEVICE=no-such-device %t.plr > %t.fail.out 2>/dev/null
// RUN: diff %t.ref.out %t.fail.out
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "Inputs/check.h"

#define N 30011

// The state before its update: the map carries it one index back.
__attribute__((noinline)) double smooth_live(double *y, const double *x, long n, double a, double *st) {
  double s = 0.5;
  // REMARK-DAG: output-map-live-state.c:[[@LINE+1]]:{{.*}} type f64, order 1, output an elementwise map of the state and of other arrays at its index; plan: check(x apart from y); ask(2 passes); call(1 - arg4: arg4) x->y; map(out = g(y, arg2, y[i-1]))
  for (long i = 0; i < n; i++) {
    double sp = s;
    s = a * s + (1 - a) * x[i];
    y[i] = sp - 1.25 * x[i];
  }
  st[0] = s;
  return s;
}

// Order 2, the output after the update, the state's value one iteration
// back returned (the state at n - 2).
__attribute__((noinline)) double order2_live(double *y, const double *x, long n, double *st, double b2) {
  double s1 = st[0], s2 = st[1];
  // REMARK-DAG: output-map-live-state.c:[[@LINE+1]]:{{.*}} signature (0.469: 0.225, arg5), type f64, order 2, output an elementwise map of the state and of other arrays at its index; plan: check(x apart from y); ask(2 passes); call(0.469: 0.225, arg5) x->y; map(out = g(y, arg2))
  for (long i = 0; i < n; i++) {
    double s = 0.469 * x[i] + 0.225 * s1 + b2 * s2;
    s2 = s1;
    s1 = s;
    y[i] = s - 0.47 * x[i];
  }
  return s2;
}

// Integers, order 2, both state values stored after the loop.
__attribute__((noinline)) void int_live(int32_t *y, const int32_t *x, long n, int32_t *st) {
  int32_t s1 = st[0], s2 = st[1];
  // REMARK-DAG: output-map-live-state.c:[[@LINE+1]]:{{.*}} type i32, order 2, output {{.*}}
  for (long i = 0; i < n; i++) {
    int32_t s = 3 * x[i] + 2 * s1 - s2;
    s2 = s1;
    s1 = s;
    y[i] = s + 5 * x[i];
  }
  st[0] = s1, st[1] = s2;
}

#define REF __attribute__((optnone, noinline))
REF static long double ref_smooth(long double *y, const long double *x, long n, long double a) {
  long double s = 0.5L;
  for (long i = 0; i < n; i++) {
    long double sp = s, xi = x[i];
    s = a * s + (1 - a) * xi;
    y[i] = sp - 1.25L * xi;
  }
  return s;
}
REF static long double ref_order2(long double *y, const long double *x, long n, const double *st, long double b2) {
  long double s1 = st[0], s2 = st[1];
  for (long i = 0; i < n; i++) {
    long double xi = x[i], s = 0.469L * xi + 0.225L * s1 + b2 * s2;
    s2 = s1, s1 = s;
    y[i] = s - 0.47L * xi;
  }
  return s2;
}
REF static void ref_int(int32_t *y, const int32_t *x, long n, int32_t *st) {
  uint32_t s1 = (uint32_t)st[0], s2 = (uint32_t)st[1];
  for (long i = 0; i < n; i++) {
    uint32_t s = 3u * (uint32_t)x[i] + 2u * s1 - s2;
    s2 = s1, s1 = s;
    y[i] = (int32_t)(s + 5u * (uint32_t)x[i]);
  }
  st[0] = (int32_t)s1, st[1] = (int32_t)s2;
}

static double *dbuf, *dsrc;
static long double *lbuf, *lsrc;
static void fill_d(void) {
  for (long i = 0; i < N; i++)
    dbuf[i] = unit(), lbuf[i] = dbuf[i], dsrc[i] = unit(), lsrc[i] = dsrc[i];
}
/* the whole buffer's error and a final state's */
static const char *all_d(long double state_error) { return verdict_d(fmaxl(state_error, worst_d(dbuf, lbuf, N))); }

int main(void) {
  dbuf = malloc(N * sizeof *dbuf), dsrc = malloc(N * sizeof *dsrc);
  lbuf = malloc(N * sizeof *lbuf), lsrc = malloc(N * sizeof *lsrc);
  const long sizes[3] = {N - 1, N - 6, 1};
  for (int place = 0; place < 2; place++)
    for (int k = 0; k < 3; k++) {
      long n = sizes[k];
      const char *how = place ? "in place" : "apart";
      double st[2];
      fill_d();
      double *in = place ? dbuf : dsrc;
      long double *lin = place ? lbuf : lsrc;
      double s = smooth_live(dbuf, in, n, 0.85, st);
      long double ls = ref_smooth(lbuf, lin, n, 0.85L);
      printf("smooth_live %s n=%ld %s (state %s)\n", how, n, all_d(rel(s, ls)),
             st[0] == s ? "stored" : "BAD");
      fill_d();
      st[0] = 0.25, st[1] = -0.5;
      s = order2_live(dbuf, in, n, st, -0.3);
      ls = ref_order2(lbuf, lin, n, st, -0.3L);
      printf("order2_live %s n=%ld %s\n", how, n, all_d(rel(s, ls)));
    }

  int32_t *xi = malloc(N * sizeof *xi), *yi = malloc(N * sizeof *yi), *ri = malloc(N * sizeof *ri);
  for (long n = N - 2; n >= 1; n = n > 2 ? 2 : n - 1) {
    for (long i = 0; i < N; i++)
      xi[i] = (int32_t)next(), yi[i] = ri[i] = (int32_t)next();
    int32_t st[2] = {7, -9}, rst[2] = {7, -9};
    int_live(yi, xi, n, st);
    ref_int(ri, xi, n, rst);
    long bad = st[0] != rst[0] || st[1] != rst[1];
    for (long i = 0; i < N; i++)
      bad += yi[i] != ri[i];
    printf("int_live n=%ld %s %lx\n", n, bad ? "BAD" : "ok", hash(yi, N));
  }
  return 0;
}
// smooth_live and order2_live apart at the two long sizes (in place and
// n = 1 below the threshold: the loop), int_live at N - 2.
// CALLS-COUNT-5: n={{[0-9]+}}
// CALLS-NOT: n={{[0-9]+}}
