// A second accumulator next to the recurrence, used after the loop (a
// reduction over the input, a count, a maximum): a copy of the loop without
// its store computes it before the call. Another array it reads is checked
// against y at run time; when they overlap the original loop runs.
// REQUIRES: pass
// RUN: %clang -O2 -ffast-math %s -o %t.ref
// RUN: %t.ref > %t.ref.out
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -ffast-math -fpass-plugin=%plr-pass -Rpass=plr %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -o %t.plr 2>&1 | %FileCheck %s --check-prefix=REMARK
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

__attribute__((noinline)) long sumsq(long *y, const long *x, long n) {
  long s = 0;
  // REMARK-DAG: liveout-reduction.c:[[@LINE+1]]:{{.*}} signature (1: 1), type i64, order 1
  for (long i = 1; i < n; i++) {
    y[i] = x[i] + y[i - 1];
    s += x[i] * x[i];
  }
  return s;
}

/* Two more accumulators, one over another array z (may alias y: checked). */
__attribute__((noinline)) int two(int *y, const int *x, const int *z, int n, int *mx) {
  int acc = 0, cnt = 0, m = -1000;
  // REMARK-DAG: liveout-reduction.c:[[@LINE+1]]:{{.*}} signature (1: 3), type i32, order 1
  for (int i = 0; i < n; i++) {
    acc = 3 * acc + x[i];
    y[i] = acc;
    cnt += z[i] > 0;
    m = z[i] > m ? z[i] : m;
  }
  *mx = m;
  return cnt;
}

/* Floating point: an EMA and the mean of its input. */
__attribute__((noinline)) double ema(double *y, const double *x, long n, double a, double *last) {
  double e = x[0], sum = 0;
  // REMARK-DAG: liveout-reduction.c:[[@LINE+1]]:{{.*}} type f64, order 1
  for (long i = 0; i < n; i++) {
    e = a * x[i] + (1 - a) * e;
    y[i] = e;
    sum += x[i];
  }
  *last = e;
  return sum / n;
}

/* An integer cascade composed into one call, beside a sum of squares of its
 * input: the side copy runs first, then the composed prologue; plr_pays is
 * told two passes (the copy and the call). */
__attribute__((noinline)) unsigned poles(unsigned *y, const unsigned *x, long n) {
  unsigned s1 = 0, s2 = 0, sq = 0;
  // REMARK-DAG: liveout-reduction.c:[[@LINE+1]]:{{.*}} signature (1: 3) then (1: 5) = (1: 8, -15), type i32, order 1, a cascade of two recurrences composed into one recurrence of order 2, FIR length 1 (one call); plan: check(x apart from y); side(copy of the loop without its store); map(first 2 outputs, stage by stage); ask(2 passes, 2 stages); call(1: 8, -15) x->y, after the first outputs
  for (long i = 0; i < n; i++) {
    s1 = 3 * s1 + x[i];
    s2 = 5 * s2 + s1;
    y[i] = s2;
    sq += x[i] * x[i];
  }
  return sq;
}

int main(void) {
  static long xl[N], yl[N];
  static int xi[N], yi[N], zi[N];
  static double xd[N], yd[N];
  for (int i = 0; i < N; i++) xl[i] = i % 7 - 3, xi[i] = i % 5 - 2, zi[i] = (i * 31) % 17 - 8, xd[i] = (i % 11) * 0.25;

  long s = sumsq(yl, xl, N);
  unsigned long h = 0;
  for (int i = 0; i < N; i++) h = h * 1000003u ^ (unsigned long)yl[i];
  printf("sumsq %lx %ld\n", h, s);

  int mx, c = two(yi, xi, zi, N, &mx);
  h = 0;
  for (int i = 0; i < N; i++) h = h * 1000003u ^ (unsigned)yi[i];
  printf("two %lx %d %d\n", h, c, mx);
  /* z overlapping y: the loop's own writes feed the count; the original runs */
  for (int i = 0; i < N; i++) zi[i] = (i * 31) % 17 - 8;
  c = two(zi + 1, xi, zi, N - 1, &mx);
  h = 0;
  for (int i = 0; i < N; i++) h = h * 1000003u ^ (unsigned)zi[i];
  printf("two-overlap %lx %d %d\n", h, c, mx);

  static unsigned xu[N - 3], yu[N - 3];
  for (int i = 0; i < N - 3; i++) xu[i] = ((unsigned)i * 2654435761u >> 7) % 1999 + 1; /* scattered, never zero */
  unsigned sq = poles(yu, xu, N - 3);
  h = 0;
  for (int i = 0; i < N - 3; i++) h = h * 1000003u ^ yu[i];
  printf("poles %lx %u\n", h, sq);

  double last, mean = ema(yd, xd, N, 0.125, &last);
  long double e = xd[0], sum = 0;
  int ok = 1;
  for (int i = 0; i < N; i++) {
    e = 0.125L * xd[i] + 0.875L * e, sum += xd[i];
    ok &= fabs(yd[i] - (double)e) <= 1e-9;
  }
  printf("ema %s\n", ok && fabs(last - (double)e) <= 1e-9 && fabs(mean - (double)(sum / N)) <= 1e-9 ? "ok" : "bad");
  return 0;
}

// Four calls: the overlapping one takes the original loop without a call.
// CALLS-COUNT-4: n={{[0-9]+}}
// CALLS-NOT: n=
