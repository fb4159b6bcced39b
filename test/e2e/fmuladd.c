// FP contraction (clang's default -ffp-contract=on) turns a*b + c into
// llvm.fmuladd; -fassociative-math (with -fno-signed-zeros -fno-trapping-math,
// which it needs) puts reassoc on it, and that is consent enough.
// REQUIRES: pass
// RUN: %clang -O2 -fassociative-math -fno-signed-zeros -fno-trapping-math %s -lm -o %t.ref
// RUN: %t.ref > %t.ref.out
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -fassociative-math -fno-signed-zeros -fno-trapping-math -fpass-plugin=%plr-pass -Rpass=plr -S -emit-llvm -o - %s 2>&1 | %FileCheck %s --check-prefix=IR
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -fassociative-math -fno-signed-zeros -fno-trapping-math -fpass-plugin=%plr-pass %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -lm -o %t.plr
// RUN: env PLR_VERBOSE=1 %t.plr > %t.plr.out 2> %t.plr.err
// RUN: diff %t.ref.out %t.plr.out
// RUN: %FileCheck %s --check-prefix=CALLS < %t.plr.err
#include <math.h>
#include <stdio.h>

#define N 5000

__attribute__((noinline)) void smooth(double *y, const double *x, long n, double b, double c) {
  // IR: fmuladd.c:[[@LINE+1]]:{{.*}} remark: {{.*}}signature (arg5: arg4), type f64, order 1
  for (long i = 1; i < n; i++) y[i] = b * y[i - 1] + c * x[i];
}
// IR-DAG: call reassoc {{.*}}@llvm.fmuladd
// IR-DAG: call i32 @plr_run

int main(void) {
  static double x[N], y[N];
  for (int i = 0; i < N; i++) x[i] = sin(i * 0.1);
  y[0] = 1;
  smooth(y, x, N, 0.9, 0.1);
  long double e = 1, worst = 0;
  for (int i = 1; i < N; i++) e = 0.9L * e + 0.1L * x[i], worst = fmaxl(worst, fabsl(y[i] - e));
  printf("smooth %s\n", worst < 1e-12 ? "ok" : "bad");
  return 0;
}

// CALLS: n=4999
