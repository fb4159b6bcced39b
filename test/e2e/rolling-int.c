// Integer rolling means whose divisor is a long: the int sum is widened for
// the division and the quotient truncated on the store,
// trunc(sdiv(sext(sum), D)). The pass reads the conversion as part of an
// output map of the int state (not as a wider state stored truncated), so
// the runtime runs the sum and a map loop divides. Outputs equal the plain
// build's (serial, cpu with 3 threads, auto); random non-zero inputs, sizes
// that are not powers of two, several windows; short arrays and an
// overlapping call run the loop.
// REQUIRES: pass
// RUN: %clang -O2 %s -o %t.ref
// RUN: %t.ref > %t.ref.out
// RUN: %FileCheck %s --check-prefix=OUT < %t.ref.out
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -fpass-plugin=%plr-pass -Rpass=plr -Rpass-missed=plr %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -o %t.plr 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: env PLR_DEVICE=serial PLR_VERBOSE=1 %t.plr > %t.plr.out 2> %t.plr.err
// RUN: diff %t.ref.out %t.plr.out
// RUN: %FileCheck %s --check-prefix=CALLS < %t.plr.err
// RUN: env PLR_DEVICE=cpu PLR_THREADS=3 %t.plr > %t.cpu.out
// RUN: diff %t.ref.out %t.cpu.out
// RUN: %t.plr > %t.auto.out
// RUN: diff %t.ref.out %t.auto.out
// REMARK-NOT: not replaced
#include <stdio.h>
#include <stdlib.h>

#define NOINLINE __attribute__((noinline))

// REMARK: rolling-int.c:[[@LINE+3]]:{{.*}} replaced linear recurrence with a call to plr_run: signature (1: 1), type i32, order 1, input term materialized by a map, output an elementwise map of the state
NOINLINE void mean_long(int *o, const int *I, long n, long D) {
  int sum = 0;
  for (long t = 1; t < n; t++) {
    sum += I[t + D - 1] - I[t - 1];
    o[t] = sum / D;
  }
}

// REMARK: rolling-int.c:[[@LINE+3]]:{{.*}} replaced linear recurrence with a call to plr_run: signature (1: 1), type i32, order 1, input term materialized by a map, output an elementwise map of the state
NOINLINE void mean_back(int *o, const int *I, long n, long D) {
  int sum = 0;
  for (long t = D; t < n; t++) {
    sum += I[t] - I[t - D];
    o[t] = sum / D + 3;
  }
}

// REMARK: rolling-int.c:[[@LINE+3]]:{{.*}} replaced linear recurrence with a call to plr_run: signature (1: 1), type i32, order 1, output an elementwise map of the state
NOINLINE int acc_mean(int *o, const int *x, long n, long D) {
  int sum = 7;
  for (long t = 0; t < n; t++) {
    sum += x[t];
    o[t] = sum / D;
  }
  return sum;
}

// REMARK: rolling-int.c:[[@LINE+3]]:{{.*}} replaced linear recurrence with a call to plr_run: signature (3: 1), type i32, order 1, output an elementwise map of the state
NOINLINE void acc_mean_u(unsigned *o, const unsigned *x, long n, long D) {
  unsigned sum = 0;
  for (long t = 0; t < n; t++) {
    sum += 3 * x[t];
    o[t] = sum / D;
  }
}

static unsigned seed = 2463534242u;
static int rnd(void) { /* -5000..5000, never 0 */
  int v;
  do {
    seed ^= seed << 13, seed ^= seed >> 17, seed ^= seed << 5;
    v = (int)(seed % 10001) - 5000;
  } while (v == 0);
  return v;
}

static unsigned long hash(const int *v, long n) {
  unsigned long h = 1469598103934665603ul;
  for (long k = 0; k < n; k++)
    h = (h ^ (unsigned)v[k]) * 1099511628211ul;
  return h;
}

int main(void) {
  enum { N = 20011, PAD = 256 };
  int *I = malloc((N + PAD) * sizeof *I), *o = malloc((N + PAD) * sizeof *o);
  for (long k = 0; k < N + PAD; k++)
    I[k] = rnd();
  long Ds[] = {1, 7, 64, 199, -3};
  long ns[] = {N, 1000, 65, 5};
  for (int d = 0; d < 5; d++)
    for (int m = 0; m < 4; m++) {
      long D = Ds[d], n = ns[m];
      for (long k = 0; k < N + PAD; k++)
        o[k] = -1;
      if (D > 0) {
        mean_long(o, I, n, D);
        printf("mean_long D=%ld n=%ld %lx\n", D, n, hash(o, n));
        mean_back(o, I, n, D);
        printf("mean_back D=%ld n=%ld %lx\n", D, n, hash(o, n));
      }
      int s = acc_mean(o, I, n, D);
      printf("acc_mean D=%ld n=%ld %lx %d\n", D, n, hash(o, n), s);
      acc_mean_u((unsigned *)o, (const unsigned *)I, n, D);
      printf("acc_mean_u D=%ld n=%ld %lx\n", D, n, hash(o, n));
    }
  /* overlapping: the output one element after the input (the loop runs) */
  for (long k = 0; k < N + PAD; k++)
    o[k] = I[k];
  acc_mean(o + 1, o, N, 5);
  printf("overlap %lx\n", hash(o, N + 1));
  return 0;
}
// OUT: mean_long D=1 n=20011
// OUT: acc_mean_u D=-3 n=5
// OUT: overlap
// CALLS: plr: (1: 1) i32 n=20010
