// The runtime's decision (plr_pays): built without a user threshold, every
// replaced loop asks libplr first. Here n = 100000: on the auto device the
// loops the model says do not pay (the i64 prefix sum, the composed CIC-4,
// the CIC-4 with its states kept) run as compiled, and the output is the
// untransformed program's either way; forced devices always call.
// REQUIRES: pass
// RUN: %clang -O2 -ffast-math %s -o %t.ref
// RUN: %t.ref > %t.ref.out
// RUN: %clang -O2 -ffast-math -fpass-plugin=%plr-pass -Rpass=plr %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -o %t.plr 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: %clang -O2 -ffast-math -fpass-plugin=%plr-pass -S -emit-llvm -o - %s | %FileCheck %s --check-prefix=IR
// RUN: env PLR_VERBOSE=1 PLR_THREADS=2 %t.plr > %t.auto.out 2> %t.auto.err
// RUN: diff %t.ref.out %t.auto.out
// RUN: %FileCheck %s --check-prefix=AUTO < %t.auto.err
// RUN: env PLR_DEVICE=serial PLR_VERBOSE=1 %t.plr > %t.serial.out 2> %t.serial.err
// RUN: diff %t.ref.out %t.serial.out
// RUN: %FileCheck %s --check-prefix=FORCED < %t.serial.err
// RUN: %FileCheck %s --check-prefix=FORCEDCALLS < %t.serial.err
// RUN: env PLR_DEVICE=cpu PLR_THREADS=3 %t.plr > %t.cpu.out
// RUN: diff %t.ref.out %t.cpu.out
// Short arrays, below plr-min-n (65536 by default): not even the query runs.
// RUN: env PLR_VERBOSE=1 %t.plr 5000 > %t.short.out 2> %t.short.err
// RUN: %t.ref 5000 > %t.ref.short.out
// RUN: diff %t.ref.short.out %t.short.out
// RUN: %FileCheck %s --check-prefix=SHORT --allow-empty < %t.short.err
//
// IR-COUNT-4: call i32 @plr_pays(
//
// The cpu backend does not beat an add per element (without a GPU: on one,
// the link does); on 2 cores auto would not even leave the serial loop.
// AUTO-DAG: plr: pays? (1: 1) i64, 100000 elements: {{(no: (1 pass on cpu|auto would run the serial loop)|yes: 1 pass on cuda)}}
// AUTO-DAG: plr: pays? (1: 4, -6, 4, -1) i64, 99996 elements: {{no|yes: 1 pass on cuda}}
// AUTO-DAG: plr: pays? (1: 1) i64, 100000 elements: no: {{(4 passes|auto would run the serial loop)}}
// A float filter with a three-operation chain does pay.
// AUTO-DAG: plr: pays? (0.05: 0.95) f32, 100000 elements: yes
// AUTO-DAG: plr: (0.05: 0.95) f32 n=100000 -> cpu
//
// FORCED-COUNT-4: yes: requested: device serial
// FORCEDCALLS-COUNT-7: n={{[0-9]+}} -> serial
//
// SHORT-NOT: plr:
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void prefix(long *y, const long *x, long n) {
  long s = 0;
  // REMARK-DAG: pays.c:[[@LINE+1]]:{{.*}} signature (1: 1), type i64, order 1
  for (long i = 0; i < n; i++) {
    s += x[i];
    y[i] = s;
  }
}

__attribute__((noinline)) void cic4(long *y, const long *x, long n) {
  long i1 = 0, i2 = 0, i3 = 0, i4 = 0;
  // REMARK-DAG: pays.c:[[@LINE+1]]:{{.*}} = (1: 4, -6, 4, -1), type i64
  for (long i = 0; i < n; i++) {
    i1 += x[i];
    i2 += i1;
    i3 += i2;
    i4 += i3;
    y[i] = i4;
  }
}

struct cic { long i1, i2, i3, i4; };
__attribute__((noinline)) void cic4_state(long *y, const long *x, long n, struct cic *s) {
  long i1 = s->i1, i2 = s->i2, i3 = s->i3, i4 = s->i4;
  // REMARK-DAG: pays.c:[[@LINE+1]]:{{.*}} a cascade of four recurrences (four calls)
  for (long i = 0; i < n; i++) {
    i1 += x[i];
    i2 += i1;
    i3 += i2;
    i4 += i3;
    y[i] = i4;
  }
  s->i1 = i1, s->i2 = i2, s->i3 = i3, s->i4 = i4;
}

__attribute__((noinline)) void lowpass(float *y, const float *x, long n, float a) {
  float s = 0;
  // REMARK-DAG: pays.c:[[@LINE+1]]:{{.*}} type f32, order 1
  for (long i = 0; i < n; i++) {
    s += a * (x[i] - s);
    y[i] = s;
  }
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 100000;
  long *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
  float *xf = malloc(n * sizeof *xf), *yf = malloc(n * sizeof *yf);
  if (!x || !y || !xf || !yf)
    return 1;
  for (long i = 0; i < n; i++) {
    x[i] = (long)((i * 2654435761u) % 1000) - 500;
    xf[i] = (float)((i * 40503u) % 64) - 32.0f;
  }
  unsigned long h = 0;
  prefix(y, x, n);
  for (long i = 0; i < n; i++)
    h = h * 31 + (unsigned long)y[i];
  printf("prefix %lx %ld\n", h, y[n - 1]);
  cic4(y, x, n);
  for (long i = 0; i < n; i++)
    h = h * 31 + (unsigned long)y[i];
  printf("cic4 %lx %ld\n", h, y[n - 1]);
  struct cic st = {1, 2, 3, 4};
  cic4_state(y, x, n, &st);
  for (long i = 0; i < n; i++)
    h = h * 31 + (unsigned long)y[i];
  printf("cic4_state %lx %ld %ld %ld %ld\n", h, st.i1, st.i2, st.i3, st.i4);
  lowpass(yf, xf, n, 0.05f);
  /* within float reassociation: a filter of small integers, rounded */
  double e = 0;
  for (long i = 0; i < n; i++)
    e += yf[i];
  printf("lowpass %.1f\n", e);
  return 0;
}
