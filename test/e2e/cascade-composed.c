// Integer cascades whose intermediate states are not used after the loop are
// composed into one recurrence (numerators and denominators multiplied, exact
// in wrapping arithmetic): the first outputs are computed before the call
// from the loop's initial state, one call does the rest. Nonzero initial
// states, FIR stages, a direct form II output FIR and coefficients that wrap.
// Results must be bit-identical to the untransformed program.
// REQUIRES: pass
// RUN: %clang -O2 %s -o %t.ref
// RUN: %t.ref > %t.ref.out
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -fpass-plugin=%plr-pass -Rpass=plr %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -o %t.plr 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: env PLR_VERBOSE=1 %t.plr > %t.plr.out 2> %t.plr.err
// RUN: diff %t.ref.out %t.plr.out
// RUN: %FileCheck %s --check-prefix=CALLS < %t.plr.err
// The parallel backend, forced on these small arrays.
// RUN: env PLR_DEVICE=cpu PLR_THREADS=4 %t.plr > %t.cpu.out
// RUN: diff %t.ref.out %t.cpu.out
// The runtime refusing sends every call to the original loop.
// RUN: env PLR_DEVICE=no-such-device %t.plr > %t.fail.out 2>/dev/null
// RUN: diff %t.ref.out %t.fail.out
// At -O3 as well.
// RUN: env PLR_PASS_MIN_N=64 %clang -O3 -fpass-plugin=%plr-pass %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -o %t.o3
// RUN: %t.o3 > %t.o3.out
// RUN: diff %t.ref.out %t.o3.out
#include <stdio.h>

#define N 5000

__attribute__((noinline)) int tri(int *y, const int *x, int n, int a, int u, int v, int w) {
  // REMARK-DAG: cascade-composed.c:[[@LINE+1]]:{{.*}} signature (1: arg4) then (1: 1) then (1: 1), type i32, order 1, a cascade of three recurrences composed into one recurrence of order 3, FIR length 1 (one call)
  for (int i = 0; i < n; i++) {
    u = a * u + x[i];
    v += u;
    w += v;
    y[i] = w;
  }
  return w;
}

__attribute__((noinline)) void cic4(long *y, const long *x, long n, long i1, long i2, long i3, long i4) {
  // REMARK-DAG: cascade-composed.c:[[@LINE+1]]:{{.*}} signature (1: 1) then (1: 1) then (1: 1) then (1: 1) = (1: 4, -6, 4, -1), type i64, order 1, a cascade of four recurrences composed into one recurrence of order 4, FIR length 1 (one call)
  for (long i = 0; i < n; i++) {
    i1 += x[i];
    i2 += i1;
    i3 += i2;
    i4 += i3;
    y[i] = i4;
  }
}

/* Coefficients that overflow: everything modulo 2^32. */
__attribute__((noinline)) void wrap2(unsigned *y, const unsigned *x, int n, unsigned u, unsigned v) {
  // REMARK-DAG: cascade-composed.c:[[@LINE+1]]:{{.*}} signature (1: 1000003) then (1: 3) = (1: 1000006, -3000009), type i32, order 1, a cascade of two recurrences composed into one recurrence of order 2, FIR length 1 (one call)
  for (int i = 0; i < n; i++) {
    u = 1000003u * u + x[i];
    v = 3 * v + u;
    y[i] = v;
  }
}

/* Two direct form II biquads in series: the states are driven by FIRs and
 * the output is a FIR of the last state. */
__attribute__((noinline)) int biquads(int *y, const int *x, int n, int p1, int p2, int q1, int q2) {
  // REMARK-DAG: cascade-composed.c:[[@LINE+1]]:{{.*}} signature (1: 1, -2) then (1, 2, 1: -1, 3) then (2, -1, 1:) = (2, 3, 1, 1, 1: 0, 2, -5, 6), type i32, order 2, a cascade of three stages composed into one recurrence of order 4, FIR length 5 (one call)
  for (int i = 0; i < n; i++) {
    int p = x[i] + p1 - 2 * p2;
    int q = p + 2 * p1 + p2 - q1 + 3 * q2;
    y[i] = 2 * q - q1 + q2;
    p2 = p1, p1 = p, q2 = q1, q1 = q;
  }
  return 0;
}

/* A direct form II with alpha0 = 5 and a FIR of x in the state, nothing
 * used after the loop. */
__attribute__((noinline)) void df2a(long *y, const long *x, long n, long w1) {
  // REMARK-DAG: cascade-composed.c:[[@LINE+1]]:{{.*}} signature (5, 1: 7) then (1, -3:) = (5, -14, -3: 7), type i64, order 1, a cascade of two stages composed into one recurrence of order 1, FIR length 3 (one call)
  for (long i = 1; i < n; i++) {
    long w = 5 * x[i] + x[i - 1] + 7 * w1;
    y[i] = w - 3 * w1;
    w1 = w;
  }
}

static unsigned long hash(const void *p, size_t size, int n) {
  const unsigned char *c = p;
  unsigned long h = 0;
  for (size_t i = 0; i < size * (size_t)n; i++) h = h * 1000003u ^ c[i];
  return h;
}

int main(void) {
  static int xi[N], yi[N];
  static unsigned xu[N], yu[N];
  static long xl[N], yl[N];
  for (int i = 0; i < N; i++) xi[i] = i * 7 % 13 - 6, xu[i] = (unsigned)i * 2654435761u, xl[i] = i % 5 - 2;

  int w = tri(yi, xi, N, 3, 2, -5, 7);
  printf("tri %lx %d\n", hash(yi, sizeof *yi, N), w);
  cic4(yl, xl, N, 1, -2, 3, -4);
  printf("cic4 %lx\n", hash(yl, sizeof *yl, N));
  wrap2(yu, xu, N, 12345, 678);
  printf("wrap2 %lx\n", hash(yu, sizeof *yu, N));
  biquads(yi, xi, N, 3, -1, 4, 1);
  printf("biquads %lx\n", hash(yi, sizeof *yi, N));
  yl[0] = 99;
  df2a(yl, xl, N, 11);
  printf("df2a %lx\n", hash(yl, sizeof *yl, N));
  return 0;
}

// CALLS-COUNT-5: n={{[0-9]+}}
// CALLS-NOT: n=
