// #pragma plr recurrence marks the loop itself: a marked loop that is the
// unbraced branch of an `if` stays under it, and the marker changes nothing
// the program computes. Built five ways, the output must be the same: gcc
// and clang without the plugins (the pragma is ignored, with a warning under
// -Wall), clang with the pragma plugin only (the marker without the pass),
// and with both plugins, where the three marked loops call the runtime
// exactly when their `if` is taken.
// REQUIRES: pass
// RUN: gcc -O2 -Wall %s -o %t.gcc 2>&1 | %FileCheck %s --check-prefix=GCC
// RUN: %clang -O2 -Wall %s -o %t.ref 2>&1 | %FileCheck %s --check-prefix=CLANG
// RUN: %clang -O2 -Wall -Werror -fplugin=%plr-pragma %s -o %t.mark
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -Wall -Werror -fplugin=%plr-pragma -fpass-plugin=%plr-pass -Rpass=plr %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -o %t.plr 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: %t.gcc > %t.gcc.out
// RUN: %t.ref > %t.ref.out
// RUN: %t.mark > %t.mark.out
// RUN: env PLR_VERBOSE=1 %t.plr > %t.plr.out 2> %t.plr.err
// RUN: diff %t.gcc.out %t.ref.out
// RUN: diff %t.ref.out %t.mark.out
// RUN: diff %t.ref.out %t.plr.out
// RUN: %FileCheck %s --check-prefix=CALLS < %t.plr.err
// The marker is the first statement of the loop's body, under the if.
// RUN: %clang -fplugin=%plr-pragma -fsyntax-only -Xclang -ast-dump %s | %FileCheck %s --check-prefix=AST
// Preprocessing alone keeps the pragma for the compile step that follows.
// RUN: %clang -fplugin=%plr-pragma -E %s | %FileCheck %s --check-prefix=CPP
#include <stdio.h>

enum { N = 1000 };

// GCC: warning: ignoring '#pragma plr recurrence' [-Wunknown-pragmas]
// CLANG: warning: unknown pragma ignored [-Wunknown-pragmas]
// CPP: #pragma plr recurrence

static void sum_if(int take, int *y, const int *x, int n) {
  for (int i = 0; i < n; i++)
    y[i] = -1;
  y[0] = x[0];
  // AST: FunctionDecl {{.*}} sum_if
  // AST: IfStmt
  // AST: ForStmt
  // AST: CompoundStmt
  // AST-NEXT: CallExpr {{.*}} 'int'
  // AST: StringLiteral {{.*}} "plr.recurrence:{{.*}}pragma-semantics.c:[[#@LINE+3]]"
  // REMARK-DAG: pragma-semantics.c:[[#@LINE+3]]:{{.*}} signature (1: 1), type i32
  if (take)
#pragma plr recurrence
    for (int i = 1; i < n; i++)
      y[i] = y[i - 1] + x[i];
}

static long tuple_while(int take, long *y, const long *x, int n) {
  int i = 2;
  y[0] = x[0];
  y[1] = x[1];
  // REMARK-DAG: pragma-semantics.c:[[#@LINE+3]]:{{.*}} signature (1: 0, 1), type i64
  if (take)
#pragma plr recurrence
    while (i < n) {
      y[i] = y[i - 2] + x[i];
      i++;
    }
  else
    y[2] = 7;
  return y[n - 1];
}

static void scaled_do(int take, unsigned *y, const unsigned *x, int n) {
  int i = 1;
  y[0] = 1;
  // REMARK-DAG: pragma-semantics.c:[[#@LINE+3]]:{{.*}} signature (3: 2), type i32
  if (take)
#pragma plr recurrence
    do {
      y[i] = 2 * y[i - 1] + 3 * x[i];
      i++;
    } while (i < n);
}

int main(void) {
  static int x[N], y[N];
  static unsigned xu[N], yu[N];
  static long xl[N], yl[N];
  for (int i = 0; i < N; i++)
    x[i] = (i * 7919) % 13 - 6, xl[i] = x[i], xu[i] = (unsigned)x[i];
  for (int take = 0; take < 2; take++) {
    sum_if(take, y, x, N);
    printf("sum %d: %d %d %d\n", take, y[1], y[N / 2], y[N - 1]);
    yl[N - 1] = 5;
    long last = tuple_while(take, yl, xl, N);
    printf("tuple %d: %ld %ld\n", take, last, yl[2]);
    yu[5] = 9;
    scaled_do(take, yu, xu, N);
    printf("scaled %d: %u %u\n", take, yu[5], yu[N - 1]);
  }
  return 0;
}
// Only the taken branches called the runtime: one call per loop.
// CALLS-COUNT-3: n={{[0-9]+}}
// CALLS-NOT: n=
