// Recurrences kept in memory (y[i] = b*y[i-1] + x[i] with y and x free to
// alias, so the load of y[i-1] stays a load) are split from the loop's
// other recurrences like those carried in registers: a store that reads no
// carried value but loads the array it writes is a group of its own, and
// a value used after the loop that reads its loads comes from its copy.
// Two channels in place in one buffer (one call each, in place); a memory
// recurrence beside a register one stored as a map (the several-recurrences
// call plan takes neither), its arrays checked before the copies (called
// with y2 inside y1, the loop runs as written); the same with the memory
// recurrence's last value returned; nine channels in place, more than the
// split makes loops, refused (Channels). Every result is compared bit for
// bit with the untransformed program (wrapping integers: exact either way).
// REQUIRES: pass
// RUN: %clang -O2 %s -o %t.ref
// RUN: %t.ref > %t.ref.out
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -g -fpass-plugin=%plr-pass -Rpass=plr -Rpass-missed=plr -Rpass-analysis=plr %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -o %t.plr 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: env PLR_VERBOSE=1 %t.plr > %t.plr.out 2> %t.plr.err
// RUN: diff %t.ref.out %t.plr.out
// RUN: %FileCheck %s --check-prefix=CALLS < %t.plr.err
// The parallel backend, forced on these arrays.
// RUN: env PLR_MIN_PARALLEL_N=1 PLR_THREADS=3 %t.plr > %t.par.out
// RUN: diff %t.ref.out %t.par.out
#include <stdio.h>

#define N 3001

/* Two channels with their own coefficients, in place, in memory. */
__attribute__((noinline)) void inplace_mem(int *buf, int a, int b, long n) {
  // REMARK-DAG: distributed-memory.c:[[@LINE+3]]:{{.*}} the loop's 2 independent recurrences (no state read by another's update, each one's stores apart from every access of the others) are split into 2 loops
  // REMARK-DAG: distributed-memory.c:[[@LINE+2]]:{{.*}} signature (1: a), type i32, order 1, layout: y stride 2, x stride 2; plan: ask(1 pass); call(1: a) y->y in place
  // REMARK-DAG: distributed-memory.c:[[@LINE+1]]:{{.*}} signature (1: b), type i32, order 1, layout: y stride 2, x stride 2; plan: ask(1 pass); call(1: b) y->y in place
  for (long i = 1; i < n; i++) {
    buf[2 * i] = a * buf[2 * i - 2] + buf[2 * i];
    buf[2 * i + 1] = b * buf[2 * i - 1] + buf[2 * i + 1];
  }
}

/* A second-order recurrence in memory beside a register one whose output
 * is a map of its state; no restrict: the copies' ranges checked. */
__attribute__((noinline)) void mixed(int *y1, const int *x, int *y2, long n, int c) {
  int s = 7;
  // REMARK-DAG: distributed-memory.c:[[@LINE+3]]:{{.*}} the loop's 2 independent recurrences {{.*}}pairs of ranges checked before the loop{{.*}} are split into 2 loops
  // REMARK-DAG: distributed-memory.c:[[@LINE+2]]:{{.*}} signature (1: 2, c), type i32, order 2
  // REMARK-DAG: distributed-memory.c:[[@LINE+1]]:{{.*}} signature (1: 3), type i32, order 1{{.*}}output an elementwise map of the state
  for (long i = 2; i < n; i++) {
    y1[i] = x[i] + 2 * y1[i - 1] + c * y1[i - 2];
    s = 3 * s + x[i];
    y2[i] = 5 * s + 1;
  }
}

/* The same with the memory recurrence's last value returned (from its
 * copy) and the register one's state stored after the loop. */
__attribute__((noinline)) int mixed_last(int *y1, const int *x, int *y2, long n, int *st) {
  int s = *st, last = 0;
  // REMARK-DAG: distributed-memory.c:[[@LINE+3]]:{{.*}} the loop's 2 independent recurrences {{.*}} are split into 2 loops
  // REMARK-DAG: distributed-memory.c:[[@LINE+2]]:{{.*}} signature (1: -3), type i32, order 1
  // REMARK-DAG: distributed-memory.c:[[@LINE+1]]:{{.*}} signature (1: 5), type i32, order 1{{.*}}output an elementwise map of the state
  for (long i = 1; i < n; i++) {
    y1[i] = x[i] - 3 * y1[i - 1];
    last = y1[i];
    s = 5 * s + x[i];
    y2[i] = s - 2;
  }
  *st = s;
  return last;
}

/* Nine channels in place with nine coefficients: more recurrences than
 * the split makes loops (8), and no one call plan takes them. */
__attribute__((noinline)) void nine(int *buf, long n) {
  // REMARK-DAG: distributed-memory.c:[[@LINE+4]]:{{.*}} recurrence not replaced: the loop stores several arrays or elements that are neither interleaved channels of one recurrence
  // REMARK-NOT: distributed-memory.c:[[@LINE+1]]:{{.*}} split into
  for (long i = 1; i < n; i++) {
    buf[9 * i] = 1 * buf[9 * i - 9] + buf[9 * i];
    buf[9 * i + 1] = 2 * buf[9 * i - 8] + buf[9 * i + 1];
    buf[9 * i + 2] = 3 * buf[9 * i - 7] + buf[9 * i + 2];
    buf[9 * i + 3] = 4 * buf[9 * i - 6] + buf[9 * i + 3];
    buf[9 * i + 4] = 5 * buf[9 * i - 5] + buf[9 * i + 4];
    buf[9 * i + 5] = 6 * buf[9 * i - 4] + buf[9 * i + 5];
    buf[9 * i + 6] = 7 * buf[9 * i - 3] + buf[9 * i + 6];
    buf[9 * i + 7] = 8 * buf[9 * i - 2] + buf[9 * i + 7];
    buf[9 * i + 8] = 9 * buf[9 * i - 1] + buf[9 * i + 8];
  }
}

static unsigned long hash(const void *v, size_t bytes, unsigned long h) {
  const unsigned char *p = v;
  for (size_t i = 0; i < bytes; i++)
    h = h * 1000003u ^ p[i];
  return h;
}

static int buf[9 * N], x[N], y1[2 * N], y2[N];

__attribute__((optnone, noinline)) static void fill(int *v, long n, unsigned r) {
  for (long i = 0; i < n; i++) {
    r = r * 1103515245u + 12345u;
    v[i] = (int)(r >> 9) % 2001 - 1000;
  }
}

int main(void) {
  fill(x, N, 3);
  fill(buf, 2 * N, 5);
  inplace_mem(buf, 3, -5, N);
  printf("inplace_mem %lx\n", hash(buf, 2 * N * sizeof *buf, 1));
  fill(y1, 2 * N, 7);
  fill(y2, N, 11);
  mixed(y1, x, y2, N, -7);
  printf("mixed %lx\n", hash(y2, sizeof y2, hash(y1, sizeof y1, 2)));
  /* y2 inside y1's range: the check fails, the loop runs as written */
  fill(y1, 2 * N, 13);
  mixed(y1, x, y1 + N - 5, N, 9);
  printf("mixed overlap %lx\n", hash(y1, sizeof y1, 3));
  /* x inside y1 (x read after y1's stores): as written too */
  fill(y1, 2 * N, 17);
  mixed(y1, y1 + 3, y2, N - 3, 1);
  printf("mixed x in y1 %lx\n", hash(y2, sizeof y2, hash(y1, sizeof y1, 4)));
  fill(y1, 2 * N, 19);
  int st = 4;
  int last = mixed_last(y1, x, y2, N, &st);
  printf("mixed_last %d %d %lx\n", last, st, hash(y2, sizeof y2, hash(y1, sizeof y1, 5)));
  fill(buf, 9 * N, 23);
  nine(buf, N);
  printf("nine %lx\n", hash(buf, sizeof buf, 6));
  return 0;
}

// inplace_mem's two calls in place; mixed's two, none where its arrays
// overlap; mixed_last's two; none for nine.
// CALLS: plr: (1: 3) i32 1 x n=3000 (x stride 2 dist 0, y stride 2 dist 0, in place)
// CALLS-NEXT: plr: (1: -5) i32 1 x n=3000 (x stride 2 dist 0, y stride 2 dist 0, in place)
// CALLS-NEXT: plr: (1: 2, -7) i32 n=2999
// CALLS-NEXT: plr: (1: 3) i32 n=2999
// CALLS-NEXT: plr: (1: -3) i32 n=3000
// CALLS-NEXT: plr: (1: 5) i32 n=3000
// CALLS-NOT: plr: (
