// A pragma that is not followed by a loop is an error at the pragma.
// REQUIRES: pass
// RUN: %not %clang -fplugin=%plr-pragma -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=error:

int f(int *y, int n) {
  int s = 0;
  // CHECK-DAG: pragma-errors.c:[[#@LINE+1]]:1: error: '#pragma plr recurrence' must be followed by a for, while or do loop
#pragma plr recurrence
  s = y[0];
  // CHECK-DAG: pragma-errors.c:[[#@LINE+1]]:1: error: '#pragma plr recurrence' must be followed by a for, while or do loop
#pragma plr recurrence
  {
    for (int i = 0; i < n; i++)
      s += y[i];
    // CHECK-DAG: pragma-errors.c:[[#@LINE+1]]:1: error: '#pragma plr recurrence' must be followed by a for, while or do loop
#pragma plr recurrence
  }
  // Other directives and comments may come between the pragma and its loop.
#pragma plr recurrence
#pragma clang loop unroll(disable)
  /* a comment */
  for (int i = 1; i < n; i++)
    y[i] += y[i - 1];
  return s;
}

// CHECK-DAG: pragma-errors.c:[[#@LINE+1]]:1: error: '#pragma plr recurrence' must be followed by a for, while or do loop
#pragma plr recurrence
int g;

#define MARK _Pragma("plr recurrence")
void h(int *y, int n) {
  // CHECK-DAG: pragma-errors.c:[[#@LINE+1]]:3: error: 'plr recurrence' must be written as '#pragma plr recurrence' on the line before the loop
  MARK
  for (int i = 1; i < n; i++)
    y[i] += y[i - 1];
}
// CHECK: 5 errors generated.
