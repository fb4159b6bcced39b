// A marked loop is an assertion: when it is not replaced, a warning names
// the pragma's file:line and the reason, at -O2 and at -O0 alike.
// REQUIRES: pass
// RUN: %clang -O2 -fplugin=%plr-pragma -fpass-plugin=%plr-pass -c %s -o %t.o 2>&1 | %FileCheck %s --check-prefixes=CHECK,O2 --implicit-check-not=warning:
// RUN: %clang -O0 -fplugin=%plr-pragma -fpass-plugin=%plr-pass -c %s -o %t.o 2>&1 | %FileCheck %s --implicit-check-not=warning:
// RUN: %not %clang -O2 -Werror=pass-failed -fplugin=%plr-pragma -fpass-plugin=%plr-pass -c %s -o %t.o
#include <stdio.h>

void with_call(float *y, const float *x, int n) {
  // CHECK-DAG: warning: loop marked by '#pragma plr recurrence' at {{.*}}pragma-warn.c:[[#@LINE+1]] not replaced: the loop calls a function with side effects (a call inside the loop (even to a pure function the compiler cannot see) keeps it serial) [-Wpass-failed=plr]
#pragma plr recurrence
  for (int i = 1; i < n; i++) {
    y[i] = x[i] + 0.5f * y[i - 1];
    printf("%d\n", i);
  }
}

void no_recurrence(float *y, const float *x, int n) {
  // CHECK-DAG: warning: loop marked by '#pragma plr recurrence' at {{.*}}pragma-warn.c:[[#@LINE+1]] not replaced: no recurrence found
#pragma plr recurrence
  for (int i = 1; i < n; i++)
    y[i] = 2 * x[i];
}

void outer(float *y, const float *x, int n, int m) {
  // CHECK-DAG: warning: loop marked by '#pragma plr recurrence' at {{.*}}pragma-warn.c:[[#@LINE+1]] not replaced: it contains another loop
#pragma plr recurrence
  for (int j = 0; j < m; j++)
    for (int i = 1; i < n; i++)
      y[j * n + i] = x[i] + 0.5f * y[j * n + i - 1];
}

// At -O2 full unrolling removes this loop before the pass runs; at -O0 it is replaced.
void short_constant(float *y, const float *x) {
  // O2-DAG: warning: loop marked by '#pragma plr recurrence' at {{.*}}pragma-warn.c:[[#@LINE+1]] not replaced: the optimizer removed the loop before the pass saw it
#pragma plr recurrence
  for (int i = 1; i < 8; i++)
    y[i] = x[i] + 0.5f * y[i - 1];
}

// An unmarked loop that is not replaced is no business of the pragma.
void unmarked(float *y, const float *x, int n) {
  for (int i = 1; i < n; i++)
    y[i] = x[i] + 0.5f * y[i - 1];
}
