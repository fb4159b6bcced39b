// -O0: a marked loop is still replaced (its function alone gets the passes
// the recognizer needs), and every unmarked function is left exactly as
// -O0 makes it, recurrence or not.
// REQUIRES: pass
// RUN: env PLR_PASS_MIN_N=64 %clang -O0 -g -fplugin=%plr-pragma -fpass-plugin=%plr-pass -Rpass=plr %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -o %t 2>&1 | %FileCheck %s --implicit-check-not=remark: --implicit-check-not=warning:
// RUN: %clang -O0 -g %s -o %t.ref
// RUN: env PLR_VERBOSE=1 %t 2> %t.err > %t.out
// RUN: %t.ref > %t.ref.out
// RUN: diff %t.ref.out %t.out
// RUN: %FileCheck %s --check-prefix=CALLS < %t.err
// The unmarked function's IR, with and without the plugins (metadata numbers aside):
// RUN: %clang -O0 -S -emit-llvm -fplugin=%plr-pragma -fpass-plugin=%plr-pass %s -o %t.plr.ll
// RUN: %clang -O0 -S -emit-llvm %s -o %t.ref.ll
// RUN: sed -n '/^define.*@unmarked/,/^}/p' %t.plr.ll | sed -E 's/![0-9]+/!N/g' > %t.plr.fn
// RUN: sed -n '/^define.*@unmarked/,/^}/p' %t.ref.ll | sed -E 's/![0-9]+/!N/g' > %t.ref.fn
// RUN: %FileCheck %s --check-prefix=FN < %t.ref.fn
// RUN: diff %t.ref.fn %t.plr.fn
// FN: define {{.*}} @unmarked({{.*}} #[[#ATTR:]]
// FN: alloca
// FN-NOT: plr_run
// And the marked function keeps optnone (nothing later optimizes it further).
// RUN: %FileCheck %s --check-prefix=IR < %t.plr.ll
// IR: define {{.*}} @marked({{.*}} #[[#MARKED:]]
// IR: call i32 @plr_run
// IR-NOT: llvm.annotation
// IR: attributes #[[#MARKED]] = { {{.*}}optnone
#include <stdio.h>

enum { N = 1000 };

int marked(int *y, const int *x, int n) {
  int acc = 0;
  // CHECK: pragma-O0.c:[[#@LINE+2]]:{{.*}} remark: replaced {{.*}} signature (1: 1), type i32
#pragma plr recurrence
  for (int i = 0; i < n; i++) {
    acc += x[i];
    y[i] = acc;
  }
  return acc;
}

long unmarked(long *y, int n) {
  for (int i = 1; i < n; i++)
    y[i] += y[i - 1];
  return y[n - 1];
}

int main(void) {
  static int x[N], y[N];
  static long z[N];
  for (int i = 0; i < N; i++)
    x[i] = i % 7 - 3, z[i] = i % 5;
  int s = marked(y, x, N);
  printf("%d %d %d %ld\n", s, y[10], y[N - 1], unmarked(z, N));
  return 0;
}
// CALLS-COUNT-1: n=1000
// CALLS-NOT: n=
