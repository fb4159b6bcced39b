// Loop bounds and coefficients read through a struct pointer on every
// iteration. Where type-based alias analysis proves the output's stores
// cannot write the bound (a long bound over int data), LICM hoists it and
// the loop is replaced, the coefficient checked apart from the output at
// run time; where they could (an int bound over int data, no restrict),
// the pass versions the loop on the bound (read once before a copy, taken
// when the stores miss it) and replaces the copy (more cases, the bound
// inside the output among them, in bound-versioned.c). Both print the
// serial result, exactly.
// REQUIRES: pass
// RUN: %clang -O2 %s -o %t.ref
// RUN: %t.ref > %t.ref.out
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -fpass-plugin=%plr-pass -Rpass=plr -Rpass-missed=plr %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -o %t.plr 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: env PLR_VERBOSE=1 %t.plr > %t.plr.out 2> %t.plr.err
// RUN: diff %t.ref.out %t.plr.out
// RUN: %FileCheck %s --check-prefix=CALLS < %t.plr.err
// RUN: env PLR_DEVICE=cpu PLR_THREADS=3 %t.plr > %t.cpu.out
// RUN: diff %t.ref.out %t.cpu.out
#include <stdio.h>

struct lcount { long n; int k; };
struct icount { int n; int k; };

__attribute__((noinline)) void bound_long(struct lcount *c, int *y, const int *x) {
  int s = 1;
  // REMARK: bound-in-memory.c:[[@LINE+1]]:{{.*}} replaced linear recurrence with a call to plr_run: signature (1: {{[^)]+}}), type i32, order 1
  for (long i = 0; i < c->n; i++) { s = c->k * s + x[i]; y[i] = s; }
}

__attribute__((noinline)) void bound_int(struct icount *c, int *y, const int *x) {
  int s = 1;
  // REMARK: bound-in-memory.c:[[@LINE+1]]:{{.*}} replaced linear recurrence with a call to plr_run: signature (1: {{[^)]+}}), type i32, order 1
  for (int i = 0; i < c->n; i++) { s = c->k * s + x[i]; y[i] = s; }
}

// one call each (the second call of bound_long falls back before asking)
// CALLS: plr: (1: 3) i32 n=1003
// CALLS-NEXT: plr: (1: 3) i32 n=1003
// CALLS-NOT: plr:

int main(void) {
  enum { N = 1003 };
  static int x[N], y[N + 4], z[N + 4];
  for (int i = 0; i < N; i++)
    x[i] = (int)(((unsigned)i * 2654435761u) >> 16) % 1000 - 499;
  struct lcount lc = {N, 3};
  struct icount ic = {N, 3};
  bound_long(&lc, y, x);
  bound_int(&ic, z, x);
  /* the output written over the coefficient (not the bound): the run-time
   * check sends the replaced loop to the original, whose coefficient
   * changes after the first output */
  static union { struct lcount c; int a[N + 8]; } u;
  u.c.n = 100, u.c.k = 3;
  bound_long(&u.c, &u.a[2], x);
  unsigned h = 2166136261u;
  for (int i = 0; i < N; i++) h = (h ^ (unsigned)y[i]) * 16777619u, h = (h ^ (unsigned)z[i]) * 16777619u;
  for (int i = 2; i < N + 8; i++) h = (h ^ (unsigned)u.a[i]) * 16777619u;
  printf("hash %08x y[N-1] %d z[N-1] %d u[101] %d\n", h, y[N - 1], z[N - 1], u.a[101]);
  return 0;
}
