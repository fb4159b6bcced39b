// Recurrences whose index is a narrow unsigned counter widened into the
// address (y[i + 1] = x[i] + 3*y[i] with unsigned char or unsigned short i):
// the address is affine only where the counter does not wrap, so the pass
// reads it in the wide type and its check tests that it does not (SCEV
// no-wrap predicates, as LoopVersioning does). Runs that stay below the
// counter's range call libplr; runs that wrap (a ring buffer) take the loop
// as written. Outputs equal plain clang's bit for bit (integers); floats
// are checked against a long double reference within the float bound.
// REQUIRES: pass
// RUN: %clang -O2 %s -o %t.ref
// RUN: %t.ref > %t.ref.out
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -ffast-math -fpass-plugin=%plr-pass -Rpass=plr -Rpass-missed=plr %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -o %t.plr 2>&1 | %FileCheck %s --check-prefix=REMARK --implicit-check-not=remark:
// RUN: env PLR_VERBOSE=1 %t.plr > %t.plr.out 2> %t.plr.err
// RUN: diff %t.ref.out %t.plr.out
// RUN: %FileCheck %s --check-prefix=CALLS < %t.plr.err
// RUN: env PLR_DEVICE=cpu PLR_THREADS=3 %t.plr > %t.cpu.out
// RUN: diff %t.ref.out %t.cpu.out
#include <stdio.h>

__attribute__((noinline)) void ring8(int *y, const int *x, unsigned char start, int m) {
  unsigned char i = start;
  // REMARK: narrow-index.c:[[@LINE+1]]:{{.*}} replaced linear recurrence with a call to plr_run: signature (1: 3), type i32, order 1; plan: check(x apart from y or exactly y, no narrow index wraps); ask(1 pass); call(1: 3) x->y
  for (int t = 0; t < m; t++, i++) y[i + 1] = x[i] + 3 * y[i];
}

__attribute__((noinline)) void ring16(float *y, const float *x, unsigned short start, int m) {
  unsigned short i = start;
  // REMARK: narrow-index.c:[[@LINE+1]]:{{.*}} replaced linear recurrence with a call to plr_run: signature (1: 0.5), type f32, order 1; plan: check(x apart from y or exactly y, no narrow index wraps); ask(1 pass); call(1: 0.5) x->y
  for (int t = 0; t < m; t++, i++) y[i + 1] = x[i] + 0.5f * y[i];
}

// the same over rows from a start they share: one call for the nest, its
// check testing the counter once for every row
__attribute__((noinline)) void rows8(int *y, const int *x, int rows, unsigned char start, int m) {
  for (long r = 0; r < rows; r++) {
    unsigned char i = start;
    // REMARK: narrow-index.c:[[@LINE+1]]:{{.*}} replaced loop nest with one call to plr_run_many: signature (1: 3), type i32, order 1; one sequence per iteration of the outer loop, y stride 1, x stride 1; plan: check(no sequence writes another's history, no narrow index wraps)
    for (int t = 0; t < m; t++, i++) y[r * 300 + i + 1] = x[r * 300 + i] + 3 * y[r * 300 + i];
  }
}

// each row's counter from its own number: whether it wraps changes from row
// to row, so each row's loop is replaced and checked on its own (NestWrap)
__attribute__((noinline)) void rowsown(int *y, const int *x, int m) {
  for (unsigned char r = 0; r < 10; r++) {
    unsigned char i = r;
    // REMARK: narrow-index.c:[[@LINE+1]]:{{.*}} replaced linear recurrence with a call to plr_run: signature (1: 3), type i32, order 1; plan: check(x apart from y or exactly y, no narrow index wraps)
    for (int t = 0; t < m; t++, i++) y[r * 300 + i + 1] = x[r * 300 + i] + 3 * y[r * 300 + i];
  }
}

// an int index counting down from a bound read through a pointer the stores
// may write (no restrict, bound and data of one type): the bound is read
// once before a copy, whose check also tests that the index does not wrap
struct cfg { long n; long lo; };
__attribute__((noinline)) void bounded(long *y, const long *x, struct cfg *c) {
  // REMARK: narrow-index.c:[[@LINE+1]]:{{.*}} replaced linear recurrence with a call to plr_run_many: signature (1: 3), type i64, order 1, layout: y stride -1, x stride -1 (backward); plan: check(x apart from y or exactly y, no narrow index wraps)
  for (int i = c->n - 1; i > c->lo; i--) y[i] = x[i] + 3 * y[i + 1];
}

// an LPC synthesis filter of run-time order over an unsigned short
// position: the loop carrying it is versioned on the position not wrapping
__attribute__((noinline)) void lpc16(unsigned *y, const unsigned *x, const unsigned *a, unsigned short s, int n,
                                     int p) {
  unsigned short i = s;
  // REMARK: narrow-index.c:[[@LINE+1]]:{{.*}} replaced linear recurrence with a call to plr_run: signature (1: -{{.*}}[j] for j = 1..{{.*}}), type i32, {{.*}}order a run-time value (an inner loop over the taps){{.*}}plan: check(x apart from y or exactly y, coefficients apart from y, no narrow index wraps
  for (int t = 0; t < n; t++, i++) {
    unsigned acc = x[i];
    for (int j = 1; j <= p; j++)
      acc -= a[j] * y[i - j];
    y[i] = acc;
  }
}

// the exact result, for the check (long double: no type the pass replaces)
__attribute__((noinline)) static void exact16(long double *ref, const float *x, unsigned short start, int m) {
  unsigned short i = start;
  // REMARK: narrow-index.c:[[@LINE+1]]:{{.*}} recurrence not replaced: the element type is not an integer of 8 to 64 bits, float or double
  for (int t = 0; t < m; t++, i++) ref[i + 1] = x[i] + 0.5L * ref[i];
}

// Only the runs that stay in range call, each once (the rows of rowsown
// whose counter would wrap run as written):
// CALLS-NOT: plr:
// CALLS: plr: (1: 3) i32 n=200
// CALLS-NOT: plr:
// CALLS: plr: (1: 3) i32 3 x n=150 (x stride 1 dist 300, y stride 1 dist 300)
// CALLS-NOT: plr:
// CALLS-COUNT-10: plr: (1: 3) i32 n=150 ->
// CALLS-NOT: plr:
// CALLS-COUNT-7: plr: (1: 3) i32 n=250 ->
// CALLS-NOT: plr:
// CALLS: plr: (1: 3) i64 1 x n=2984 (x stride -1
// CALLS-NEXT: plr: (1: 3) i64 1 x n=1994 (x stride -1
// CALLS-NOT: plr:
// CALLS: plr: (1: -3, -5, -7) i32 n=3000
// CALLS-NOT: plr:
// CALLS: plr: (1: 0.5) f32 n=60000
// CALLS-NOT: plr:

static unsigned state = 12345u;
__attribute__((noinline)) static int rnd(void) {
  state = state * 1103515245u + 12345u;
  return (int)((state >> 9) % 2001u) - 1000;
}

int main(void) {
  static int a[257], xa[257];
  static float f[65537], xf[65537];
  unsigned hash = 2166136261u;
  /* a run within the counter's range, then one that wraps past 255 (the
   * ring buffer the loop was written for) */
  for (int r = 0; r < 2; r++) {
    for (int k = 0; k < 257; k++) a[k] = xa[k] = rnd();
    ring8(a, xa, r ? 200 : 10, r ? 100 : 200);
    for (int k = 0; k < 257; k++) hash = (hash ^ (unsigned)a[k]) * 16777619u;
  }
  static int g[900], xg[900];
  for (int r = 0; r < 2; r++) {
    for (int k = 0; k < 900; k++) g[k] = xg[k] = rnd();
    rows8(g, xg, 3, r ? 180 : 20, 150);
    for (int k = 0; k < 900; k++) hash = (hash ^ (unsigned)g[k]) * 16777619u;
  }
  /* rows 0..9 from i = r: 150 elements never wrap, 250 wrap from row 7 on */
  static int o[3000], xo[3000];
  for (int r = 0; r < 2; r++) {
    for (int k = 0; k < 3000; k++) o[k] = xo[k] = rnd();
    rowsown(o, xo, r ? 250 : 150);
    for (int k = 0; k < 3000; k++) hash = (hash ^ (unsigned)o[k]) * 16777619u;
  }
  static long l[3000], xl[3000];
  static struct cfg cf[2];
  for (int r = 0; r < 3; r++) {
    for (int k = 0; k < 3000; k++) l[k] = xl[k] = rnd();
    /* apart from the data; then the bound inside the range the loop
     * writes (the loop as written runs) */
    struct cfg *c = r < 2 ? &cf[r] : (struct cfg *)&l[1500];
    c->n = r == 1 ? 2000 : 2990;
    c->lo = 5;
    bounded(l, xl, c);
    for (int k = 0; k < 3000; k++) hash = (hash ^ (unsigned)l[k]) * 16777619u;
  }
  static unsigned u[65600], xu[65600], au[8] = {0, 3, 5, 7, 2, 0, 0, 0};
  for (int r = 0; r < 2; r++) {
    for (int k = 0; k < 65600; k++) u[k] = xu[k] = (unsigned)rnd();
    lpc16(u + 8, xu + 8, au, r ? 65000 : 100, r ? 1000 : 3000, 3); /* the second wraps past 65535 */
    for (int k = 0; k < 65600; k++) hash = (hash ^ u[k]) * 16777619u;
  }
  printf("int %08x\n", hash);
  static long double ref[65537];
  for (int r = 0; r < 2; r++) {
    for (int k = 0; k < 65537; k++) ref[k] = f[k] = xf[k] = (float)rnd() / 1000.0f;
    unsigned short start = r ? 65000 : 100;
    int m = r ? 3000 : 60000;
    ring16(f, xf, start, m);
    exact16(ref, xf, start, m);
    long double worst = 0;
    for (int k = 0; k < 65537; k++) {
      long double e = f[k] > ref[k] ? f[k] - ref[k] : ref[k] - f[k];
      worst = e > worst ? e : worst;
    }
    /* |x| <= 1, |y| <= 2: the float bound of docs/runtime.md is under 3e-6 */
    printf("float run %d: %s\n", r, worst <= 3e-6L ? "within the bound" : "OUTSIDE the bound");
  }
  return 0;
}
