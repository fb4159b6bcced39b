// Backward filters whose int index counts down from a long bound: clang
// widens i - 1 after 32-bit arithmetic that may wrap, so the output's address
// is affine only where it does not. Counting down to 0, SCEV counts the
// iterations and the pass versions the loop on no-wrap predicates (the
// index's recurrence, and trunc(n) - 1, trunc(n) - 2 in range), and down
// to a long lower bound it counts them under a no-wrap predicate too, and
// two interleaved channels written that way are one call; a column filter
// written row by row with unsigned indices (a recurrence carried by the
// outer loop) is not versioned yet, and the pass says so, with the remedy
// (IndexWraps), instead of passing over it in silence. The same filter
// with the index in the bound's type is replaced and calls libplr, and an
// index read from memory (a histogram) draws no remark at all. Outputs equal
// plain clang's bit for bit.
// REQUIRES: pass
// RUN: %clang -O2 %s -o %t.ref
// RUN: %t.ref > %t.ref.out
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -fpass-plugin=%plr-pass -Rpass=plr -Rpass-missed=plr %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -o %t.plr 2>&1 | %FileCheck %s --check-prefix=REMARK --implicit-check-not=remark:
// RUN: env PLR_VERBOSE=1 %t.plr > %t.plr.out 2> %t.plr.err
// RUN: diff %t.ref.out %t.plr.out
// RUN: %FileCheck %s --check-prefix=CALLS < %t.plr.err
// RUN: env PLR_DEVICE=cpu PLR_THREADS=3 %t.plr > %t.cpu.out
// RUN: diff %t.ref.out %t.cpu.out
#include <stdio.h>
#include <string.h>

__attribute__((noinline)) void wraps(int *y, const int *x, long n) {
  // REMARK: index-wraps.c:[[@LINE+1]]:{{.*}} replaced linear recurrence with a call to plr_run_many: signature (1: 3), type i32, order 1, layout: y stride -1, x stride -1 (backward); plan: check(x apart from y or exactly y, no narrow index wraps)
  for (int i = n - 1; i > 0; i--) y[i - 1] = x[i - 1] + 3 * y[i];
}

__attribute__((noinline)) void lo_bound(int *y, const int *x, long n, long lo) {
  // REMARK: index-wraps.c:[[@LINE+1]]:{{.*}} replaced linear recurrence with a call to plr_run_many: signature (1: 3), type i32, order 1, layout: y stride -1, x stride -1 (backward); plan: check(x apart from y or exactly y, no narrow index wraps)
  for (int i = n - 1; i > lo; i--) y[i - 1] = x[i - 1] + 3 * y[i];
}

__attribute__((noinline)) void chan2(int *y, const int *x, long n) {
  // REMARK: index-wraps.c:[[@LINE+1]]:{{.*}} replaced the loop's recurrences with one call to plr_run_many: signature (1: 3), type i32, order 1; 2 interleaved channels, one recurrence each: y stride -2, x stride -2, channels 1 apart; plan: check(no narrow index wraps)
  for (int i = n - 1; i > 0; i--) {
    y[2 * (i - 1)] = x[2 * (i - 1)] + 3 * y[2 * i];
    y[2 * (i - 1) + 1] = x[2 * (i - 1) + 1] + 3 * y[2 * i + 1];
  }
}

// a column filter written row by row with unsigned indices: carried by the
// outer loop (lanes), whose check does not test no-wrap predicates yet
__attribute__((noinline)) void columns(int *y, const int *x, unsigned rows, unsigned w) {
  for (unsigned r = 1; r < rows; r++)
    // REMARK: index-wraps.c:[[@LINE+2]]:20: remark: recurrence not replaced: the output's index is a value narrower than 64 bits widened after arithmetic that may wrap {{.*}}(give the index the bound's type (long, ptrdiff_t), or the bound the index's (int)); in the loop at line [[#@LINE+1]], column 5
    for (unsigned c = 0; c < w; c++)
      y[r * w + c] = x[r * w + c] + 3 * y[(r - 1) * w + c];
}

__attribute__((noinline)) void long_index(int *y, const int *x, long n) {
  // REMARK: index-wraps.c:[[@LINE+1]]:{{.*}} replaced linear recurrence with a call to plr_run_many: signature (1: 3), type i32, order 1, layout: y stride -1, x stride -1 (backward)
  for (long i = n - 1; i > 0; i--) y[i - 1] = x[i - 1] + 3 * y[i];
}

__attribute__((noinline)) void histogram(int *h, const int *idx, long n) {
  for (int i = 0; i < n; i++) h[idx[i] + 1] = h[idx[i]] + 1;
}

// the replaced loops' calls only
// CALLS-NOT: plr:
// CALLS: plr: (1: 3) i32 1 x n=2999 (x stride -1
// CALLS-NOT: plr:
// CALLS: plr: (1: 3) i32 1 x n=2999 (x stride -1
// CALLS-NOT: plr:
// CALLS: plr: (1: 3) i32 1 x n=2989 (x stride -1
// CALLS-NOT: plr:
// CALLS: plr: (1: 3) i32 2 x n=2999
// CALLS-NOT: plr:

static unsigned state = 12345u;
__attribute__((noinline)) static int rnd(void) {
  state = state * 1103515245u + 12345u;
  return (int)((state >> 9) % 2001u) - 1000;
}

int main(void) {
  enum { N = 3000 };
  static int a[N], b[N], c[N], d[2 * N], x[N], xd[2 * N], h[64], idx[N];
  for (int i = 0; i < N; i++) a[i] = b[i] = c[i] = x[i] = rnd();
  for (int i = 0; i < 2 * N; i++) d[i] = xd[i] = rnd();
  for (int i = 0; i < N; i++) idx[i] = (rnd() + 1000) % 63;
  wraps(a, x, N);
  long_index(b, x, N);
  lo_bound(c, x, N, 10);
  chan2(d, xd, N);
  columns(d, xd, 60, 100);
  histogram(h, idx, N);
  unsigned hash = 2166136261u;
  for (int i = 0; i < N; i++) hash = (hash ^ (unsigned)a[i]) * 16777619u;
  for (int i = 0; i < N; i++) hash = (hash ^ (unsigned)c[i]) * 16777619u;
  for (int i = 0; i < 2 * N; i++) hash = (hash ^ (unsigned)d[i]) * 16777619u;
  for (int i = 0; i < N; i++) hash = (hash ^ (unsigned)b[i]) * 16777619u;
  for (int i = 0; i < 64; i++) hash = (hash ^ (unsigned)h[i]) * 16777619u;
  printf("a[0] %d b[0] %d hash %08x equal %d\n", a[0], b[0], hash, memcmp(a, b, sizeof a) == 0);
  return 0;
}
