// A rolling sum over a window whose length is known only at run time,
// divided by it (a box filter): the input term I[t+D-1] - I[t-1] is
// materialized into the output, the runtime runs the sum in place, and an
// elementwise map divides. Compared with a long double reference (optnone)
// for several windows, random inputs, a length that is not a power of two.
// REQUIRES: pass
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -ffast-math -fpass-plugin=%plr-pass -Rpass=plr %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -o %t 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: env PLR_DEVICE=serial PLR_VERBOSE=1 %t > %t.out 2> %t.err
// RUN: %FileCheck %s --check-prefix=OK < %t.out
// RUN: %FileCheck %s --check-prefix=CALLS < %t.err
// RUN: env PLR_DEVICE=cpu PLR_THREADS=2 %t | %FileCheck %s --check-prefix=OK
// REMARK: rolling.c:[[@LINE+6]]:{{.*}} replaced linear recurrence with a call to plr_run: signature (1: 1), type f32, order 1, input term materialized by a map, output an elementwise map of the state
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
__attribute__((noinline)) void box(float *o, const float *I, long n, long D) {
  float sum = 0;
  for (long t = 1; t < n; t++) {
    sum += I[t + D - 1] - I[t - 1];
    o[t] = sum / D;
  }
}
__attribute__((optnone, noinline)) static void ref_box(long double *o, const float *I, long n, long D) {
  long double sum = 0;
  for (long t = 1; t < n; t++)
    sum += (long double)I[t + D - 1] - I[t - 1], o[t] = sum / D;
}
int main(void) {
  enum { N = 100003, DMAX = 64 };
  float *I = malloc((N + DMAX) * sizeof *I), *o = malloc(N * sizeof *o);
  long double *w = malloc(N * sizeof *w);
  unsigned r = 12345;
  for (long i = 0; i < N + DMAX; i++)
    r = r * 1103515245u + 12345u, I[i] = (float)((int)(r >> 9) % 2001 - 1000) / 997.0f + 0.001f;
  int bad = 0;
  long Ds[] = {1, 7, 64};
  for (int k = 0; k < 3; k++) {
    long D = Ds[k];
    o[0] = 42;
    box(o, I, N, D);
    ref_box(w, I, N, D);
    long double worst = 0;
    for (long t = 1; t < N; t++)
      if (fabsl(o[t] - w[t]) > worst)
        worst = fabsl(o[t] - w[t]);
    int ok = worst < 1e-3L && o[0] == 42;
    bad += !ok;
    printf("window %ld %s (max error %.2Lg)\n", D, ok ? "ok" : "BAD", worst);
  }
  return bad;
}
// OK: window 1 ok
// OK: window 7 ok
// OK: window 64 ok
// CALLS-COUNT-3: plr: (1: 1) f32 n=100002 -> serial
