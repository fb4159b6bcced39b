// A loop alone at a run-time stride through a division (y[i * (C / D)]).
// SCEVExpander will not compute an unsigned division by a value that may
// be zero before the loop; the rewrite reads the program's own division
// where it dominates the preheader (the source divides before the loop, or
// LICM hoisted the division there) and adds none. Strides 1, 2 and 3 call
// the runtime at that stride; C < D makes the stride 0, which the check
// refuses (the loop runs as written); D == 0 where the loop does not run
// (n <= 1, the division in the loop or on the branch that holds it) must
// not trap. Unsigned 64-bit and 32-bit divisions, y's history read back
// from memory at the stride (x at the same stride) or carried in a
// register (x at unit stride), a column nest whose width is the division
// (one call for the nest), and a signed division (negative strides; SCEV
// keeps it a value of its own). Integers, compared bit for bit with the
// untransformed program.
// REQUIRES: pass
// RUN: %clang -O2 %s -o %t.ref
// RUN: %t.ref > %t.ref.out
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -g -fpass-plugin=%plr-pass -Rpass=plr -Rpass-missed=plr %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -o %t.plr 2>&1 | %FileCheck %s --check-prefix=REMARK --implicit-check-not='not replaced'
// RUN: env PLR_VERBOSE=1 %t.plr > %t.plr.out 2> %t.plr.err
// RUN: diff %t.ref.out %t.plr.out
// RUN: %FileCheck %s --check-prefix=CALLS < %t.plr.err
// The parallel backend, forced on these arrays.
// RUN: env PLR_MIN_PARALLEL_N=1 PLR_THREADS=3 %t.plr > %t.par.out
// RUN: diff %t.ref.out %t.par.out
#include <stdio.h>

#define N 4099

/* the division before the loop's guard; y's history from memory, x at
 * the same stride, no restrict (x apart from y or exactly y, tested) */
__attribute__((noinline)) void div_hist(unsigned *y, const unsigned *x, long n, unsigned long C, unsigned long D,
                                        unsigned a) {
  unsigned long s = C / D;
  // REMARK-DAG: runtime-stride-division.c:[[@LINE+1]]:{{.*}} signature (1: a), type i32, order 1, layout: x and y stride a run-time value (either sign); plan: check(x apart from y or exactly y, the stride whole elements, not 0, at most 1048576 bytes); ask(1 pass); call(1: a) x->y, x and y stride a run-time value
  for (long i = 1; i < n; i++)
    y[i * s] = a * y[(i - 1) * s] + x[i * s];
}

/* the division inside the loop, where the source divides on every
 * iteration (none when n == 0); LICM hoists it to the preheader */
__attribute__((noinline)) void div_acc(const unsigned *restrict x, unsigned *restrict y, long n, unsigned long C,
                                       unsigned long D, unsigned a) {
  unsigned s = 0;
  // REMARK-DAG: runtime-stride-division.c:[[@LINE+1]]:{{.*}} signature (1: a), type i32, order 1, layout: y stride a run-time value (either sign), x stride 1; plan: check(x apart from y, the stride whole elements, not 0, at most 1048576 bytes); ask(1 pass); call(1: a) x->y, y stride a run-time value, x stride 1
  for (long i = 0; i < n; i++) {
    s = a * s + x[i];
    y[i * (C / D)] = s;
  }
}

/* the same over unsigned int: the index i * (C / D) wraps in 32 bits
 * (its no-wrap tested before the call) */
__attribute__((noinline)) void div_acc32(const unsigned *restrict x, unsigned *restrict y, unsigned n, unsigned C,
                                         unsigned D, unsigned a) {
  unsigned s = 0;
  // REMARK-DAG: runtime-stride-division.c:[[@LINE+1]]:{{.*}} signature (1: a), type i32, order 1, layout: y stride a run-time value (either sign), x stride 1; plan: check(x apart from y, the stride whole elements, not 0, at most 1048576 bytes, no narrow index wraps); ask(1 pass); call(1: a) x->y, y stride a run-time value, x stride 1
  for (unsigned i = 0; i < n; i++) {
    s = a * s + x[i];
    y[i * (C / D)] = s;
  }
}

/* the division only on the branch that holds the loop */
__attribute__((noinline)) void div_branch(unsigned *y, const unsigned *x, long n, unsigned long C, unsigned long D,
                                          unsigned a) {
  if (n > 1) {
    unsigned long s = C / D;
    // REMARK-DAG: runtime-stride-division.c:[[@LINE+1]]:{{.*}} signature (1: a), type i32, order 1, layout: x and y stride a run-time value (either sign); plan: check(x apart from y or exactly y, the stride whole elements, not 0, at most 1048576 bytes); ask(1 pass); call(1: a) x->y, x and y stride a run-time value
    for (long i = 1; i < n; i++)
      y[i * s] = a * y[(i - 1) * s] + x[i * s];
  }
}

/* a signed division: either sign, a negative stride walks down */
__attribute__((noinline)) void div_signed(unsigned *y, const unsigned *x, long n, long C, long D, unsigned a) {
  long s = C / D;
  // REMARK-DAG: runtime-stride-division.c:[[@LINE+1]]:{{.*}} signature (1: a), type i32, order 1, layout: x and y stride a run-time value (either sign); plan: check(x apart from y or exactly y, the stride whole elements, not 0, at most 1048576 bytes); ask(1 pass); call(1: a) x->y, x and y stride a run-time value
  for (long i = 1; i < n; i++)
    y[i * s] = a * y[(i - 1) * s] + x[i * s];
}

/* a column nest whose row width is a division before it: one call for
 * the nest, the width read from the program's division */
__attribute__((noinline)) void div_columns(unsigned *img, long rows, long cols, unsigned long C, unsigned long D,
                                           unsigned a) {
  unsigned long w = C / D;
  for (long c = 0; c < cols; c++)
    // REMARK-DAG: runtime-stride-division.c:[[@LINE+1]]:{{.*}} replaced loop nest with one call to plr_run_many: signature (1: a), type i32, order 1; one sequence per iteration of the outer loop, x and y stride a run-time value
    for (long r = 1; r < rows; r++)
      img[r * w + c] = a * img[(r - 1) * w + c] + img[r * w + c];
}

static unsigned ux[3 * N + 4], uy[3 * N + 4];

static unsigned long hash_u(const unsigned *v, int n, unsigned long h) {
  for (int i = 0; i < n; i++)
    h = h * 1000003u ^ v[i];
  return h;
}

static void reset(void) {
  for (int i = 0; i < 3 * N + 4; i++)
    uy[i] = ux[(i * 7) % (3 * N + 4)];
}

int main(void) {
  unsigned r = 17;
  for (int i = 0; i < 3 * N + 4; i++) {
    r = r * 1103515245u + 12345u;
    ux[i] = r | 1;
  }
  /* C / D: strides 1, 2, 3 (called), 0 (as written) */
  static const unsigned long cd[4][2] = {{5, 5}, {7, 3}, {11, 3}, {2, 5}};
  static const long sizes[2] = {N, N - 6};
  for (int k = 0; k < 4; k++)
    for (int m = 0; m < 2; m++) {
      unsigned long C = cd[k][0], D = cd[k][1];
      long n = sizes[m];
      reset();
      div_hist(uy, ux, n, C, D, 2654435761u);
      printf("div_hist %lu/%lu n=%ld %lx\n", C, D, n, hash_u(uy, 3 * N + 4, 5));
      reset();
      div_acc(ux, uy, n, C, D, 2654435769u);
      printf("div_acc %lu/%lu n=%ld %lx\n", C, D, n, hash_u(uy, 3 * N + 4, 5));
      reset();
      div_acc32(ux, uy, (unsigned)n, (unsigned)C, (unsigned)D, 3u);
      printf("div_acc32 %lu/%lu n=%ld %lx\n", C, D, n, hash_u(uy, 3 * N + 4, 5));
      reset();
      div_branch(uy, ux, n, C, D, 2246822519u);
      printf("div_branch %lu/%lu n=%ld %lx\n", C, D, n, hash_u(uy, 3 * N + 4, 5));
    }
  /* x is y at stride 2 (in place) */
  reset();
  div_hist(uy, uy, N, 8, 4, 5u);
  printf("div_hist in place %lx\n", hash_u(uy, 3 * N + 4, 5));
  /* D == 0 where the program never divides: no trap */
  reset();
  div_acc(ux, uy, 0, 7, 0, 3u);
  div_acc32(ux, uy, 0, 7, 0, 3u);
  div_branch(uy, ux, 1, 7, 0, 3u);
  div_branch(uy, ux, 0, 7, 0, 3u);
  div_hist(uy, ux, 1, 7, 1, 3u);
  printf("no division %lx\n", hash_u(uy, 3 * N + 4, 5));
  /* the column nest: 67 rows of 53 columns at widths 53 and 61, a
   * width of 0 (C < D) */
  static const unsigned long wd[3][2] = {{106, 2}, {61, 1}, {3, 4}};
  for (int k = 0; k < 3; k++) {
    reset();
    div_columns(uy, 67, 53, wd[k][0], wd[k][1], 2654435761u);
    printf("div_columns %lu/%lu %lx\n", wd[k][0], wd[k][1], hash_u(uy, 3 * N + 4, 5));
  }
  /* signed: 3, -2, -3 (called), 0 (as written); y and x from the end for
   * the negative ones */
  static const long sd[4][2] = {{7, 2}, {6, -3}, {3, -1}, {1, 2}};
  for (int k = 0; k < 4; k++) {
    long s = sd[k][0] / sd[k][1];
    unsigned *y = s < 0 ? uy + 3 * N + 3 : uy;
    const unsigned *x = s < 0 ? ux + 3 * N + 3 : ux;
    reset();
    div_signed(y, x, N, sd[k][0], sd[k][1], 2654435761u);
    printf("div_signed %ld/%ld %lx\n", sd[k][0], sd[k][1], hash_u(uy, 3 * N + 4, 5));
  }
  return 0;
}

// The inputs' generator (a recurrence itself), then per stride 1, 2, 3 at
// two sizes: div_hist, div_acc, div_acc32, div_branch; none at stride 0,
// none where the loop does not run; in place at 2; the column nest; the
// signed division at 3, -2, -3 and none at 0.
// CALLS: plr: (1: 1103515245) i32 n=12301
// CALLS-NEXT: plr: (1: -1640531535) i32 n=4098
// CALLS-NEXT: plr: (1: -1640531527) i32 n=4099
// CALLS-NEXT: plr: (1: 3) i32 n=4099
// CALLS-NEXT: plr: (1: -2048144777) i32 n=4098
// CALLS-NEXT: plr: (1: -1640531535) i32 n=4092
// CALLS-NEXT: plr: (1: -1640531527) i32 n=4093
// CALLS-NEXT: plr: (1: 3) i32 n=4093
// CALLS-NEXT: plr: (1: -2048144777) i32 n=4092
// CALLS-NEXT: plr: (1: -1640531535) i32 1 x n=4098 (x stride 2 dist 0, y stride 2 dist 0)
// CALLS-NEXT: plr: (1: -1640531527) i32 1 x n=4099 (x stride 1 dist 0, y stride 2 dist 0)
// CALLS-NEXT: plr: (1: 3) i32 1 x n=4099 (x stride 1 dist 0, y stride 2 dist 0)
// CALLS-NEXT: plr: (1: -2048144777) i32 1 x n=4098 (x stride 2 dist 0, y stride 2 dist 0)
// CALLS-NEXT: plr: (1: -1640531535) i32 1 x n=4092 (x stride 2 dist 0, y stride 2 dist 0)
// CALLS-NEXT: plr: (1: -1640531527) i32 1 x n=4093 (x stride 1 dist 0, y stride 2 dist 0)
// CALLS-NEXT: plr: (1: 3) i32 1 x n=4093 (x stride 1 dist 0, y stride 2 dist 0)
// CALLS-NEXT: plr: (1: -2048144777) i32 1 x n=4092 (x stride 2 dist 0, y stride 2 dist 0)
// CALLS-NEXT: plr: (1: -1640531535) i32 1 x n=4098 (x stride 3 dist 0, y stride 3 dist 0)
// CALLS-NEXT: plr: (1: -1640531527) i32 1 x n=4099 (x stride 1 dist 0, y stride 3 dist 0)
// CALLS-NEXT: plr: (1: 3) i32 1 x n=4099 (x stride 1 dist 0, y stride 3 dist 0)
// CALLS-NEXT: plr: (1: -2048144777) i32 1 x n=4098 (x stride 3 dist 0, y stride 3 dist 0)
// CALLS-NEXT: plr: (1: -1640531535) i32 1 x n=4092 (x stride 3 dist 0, y stride 3 dist 0)
// CALLS-NEXT: plr: (1: -1640531527) i32 1 x n=4093 (x stride 1 dist 0, y stride 3 dist 0)
// CALLS-NEXT: plr: (1: 3) i32 1 x n=4093 (x stride 1 dist 0, y stride 3 dist 0)
// CALLS-NEXT: plr: (1: -2048144777) i32 1 x n=4092 (x stride 3 dist 0, y stride 3 dist 0)
// CALLS-NEXT: plr: (1: 5) i32 1 x n=4098 (x stride 2 dist 0, y stride 2 dist 0, in place)
// The nest at widths 53 and 61; at 0 the runtime refuses the layout and
// the nest runs as written.
// CALLS-NEXT: plr: (1: -1640531535) i32 53 x n=66 (x stride 53 dist 1, y stride 53 dist 1, in place)
// CALLS-NEXT: plr: (1: -1640531535) i32 53 x n=66 (x stride 61 dist 1, y stride 61 dist 1, in place)
// CALLS-NEXT: plr: call rejected (bad layout: {{.*}}x_stride is 0
// CALLS-NEXT: plr: (1: -1640531535) i32 1 x n=4098 (x stride 3 dist 0, y stride 3 dist 0)
// CALLS-NEXT: plr: (1: -1640531535) i32 1 x n=4098 (x stride -2 dist 0, y stride -2 dist 0)
// CALLS-NEXT: plr: (1: -1640531535) i32 1 x n=4098 (x stride -3 dist 0, y stride -3 dist 0)
// CALLS-NOT: plr: (
