// Loop bounds and coefficients read from memory on every iteration, memory
// the loop's stores may write (an int bound beside int data, a float
// coefficient beside float data, no restrict). The pass versions the loop on
// the bound: a copy reads it once before the loop, taken when a run-time
// check finds the bound's bytes outside every byte the stores write in the
// iterations it gives; that copy is replaced as usual (its coefficients
// checked apart from the output by the call's own check). When the bound lies
// inside the written range the loop runs as written, with the bound it
// overwrites, and stops where the plain build's stops: one element past it
// or on it, the bound just before the range or just past it. A bound the
// loop's first store writes is refused (BoundWritten). Outputs equal the
// plain build's, serial and threaded; the float data are small integers and
// halves, exact whatever the association.
// REQUIRES: pass
// RUN: %clang -O2 -ffast-math %s -o %t.ref
// RUN: %t.ref > %t.ref.out
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -ffast-math -g -fpass-plugin=%plr-pass -Rpass=plr -Rpass-missed=plr %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -o %t.plr 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -ffast-math -g -fpass-plugin=%plr-pass -Rpass-analysis=plr -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=ANALYSIS
// RUN: env PLR_VERBOSE=1 %t.plr > %t.plr.out 2> %t.plr.err
// RUN: diff %t.ref.out %t.plr.out
// RUN: %FileCheck %s --check-prefix=CALLS < %t.plr.err
// RUN: env PLR_DEVICE=cpu PLR_THREADS=3 %t.plr > %t.cpu.out
// RUN: diff %t.ref.out %t.cpu.out
#include <stdio.h>
#include <string.h>

#define N 1003

struct cfg { int n; int gain; };
struct lim { int lo; int k; };
struct ema { int n; int state; int alpha; };
struct fcoef { float a; };

__attribute__((noinline)) void prefix(struct cfg *c, int *y, const int *x) {
  // REMARK: bound-versioned.c:[[@LINE+2]]:{{.*}} replaced linear recurrence with a call to plr_run: signature (1: 1), type i32, order 1
  // ANALYSIS: bound-versioned.c:[[@LINE+1]]:{{.*}} the loop's bound, read from memory on every iteration, is read once before a copy of the loop
  for (int i = 1; i < c->n; i++) y[i] = x[i] + y[i - 1];
}

__attribute__((noinline)) void gain(struct cfg *c, int *y, const int *x) {
  int s = 1;
  // REMARK: bound-versioned.c:[[@LINE+1]]:{{.*}} replaced linear recurrence with a call to plr_run: signature (1: c->gain), type i32, order 1
  for (int i = 0; i < c->n - 1; i++) { s = c->gain * s + x[i]; y[i] = s; }
}

__attribute__((noinline)) void half(struct cfg *c, int *y, const int *x) {
  // REMARK: bound-versioned.c:[[@LINE+1]]:{{.*}} replaced linear recurrence with a call to plr_run: signature (1: -1), type i32, order 1
  for (int i = 1; i < c->n / 2; i++) y[i] = x[i] - y[i - 1];
}

__attribute__((noinline)) void back(struct lim *c, int *y, const int *x, int top) {
  // REMARK: bound-versioned.c:[[@LINE+1]]:{{.*}} replaced linear recurrence with a call to plr_run_many: signature (1: c->k), type i32, order 1, layout: y stride -1, x stride -1 (backward)
  for (int i = top; i > c->lo; i--) y[i] = x[i] + c->k * y[i + 1];
}

__attribute__((noinline)) int ema(struct ema *e, int *out, const int *in) {
  // REMARK: bound-versioned.c:[[@LINE+2]]:{{.*}} replaced linear recurrence with a call to plr_run: signature (e->alpha: 1 - e->alpha), type i32, order 1
  // ANALYSIS: bound-versioned.c:[[@LINE+1]]:{{.*}} the state kept in memory is carried in registers in a copy of the loop
  for (int i = 0; i < e->n; i++) { e->state += e->alpha * (in[i] - e->state); out[i] = e->state; }
  return e->state;
}

__attribute__((noinline)) void fema(struct fcoef *c, float *y, const float *x, int n) {
  // REMARK: bound-versioned.c:[[@LINE+1]]:{{.*}} replaced linear recurrence with a call to plr_run: signature (1: c->a), type f32, order 1
  for (int i = 1; i < n; i++) y[i] = x[i] + c->a * y[i - 1];
}

__attribute__((noinline)) void iir2(const float *coef, float *y, const float *x, int n) {
  // REMARK: bound-versioned.c:[[@LINE+1]]:{{.*}} replaced linear recurrence with a call to plr_run: signature (1: *coef, coef[1]), type f32, order 2
  for (int i = 2; i < n; i++) y[i] = x[i] + coef[0] * y[i - 1] + coef[1] * y[i - 2];
}

__attribute__((noinline)) void written(int *y, const int *x) {
  // REMARK: bound-versioned.c:[[@LINE+1]]:{{.*}} recurrence not replaced: the loop's bound is read from memory on every iteration, and the loop's first store writes it
  for (int i = 1; i < y[1]; i++) y[i] = x[i] + y[i - 1];
}

static unsigned h = 2166136261u;
static void mix(const void *p, size_t bytes) {
  const unsigned char *b = p;
  for (size_t k = 0; k < bytes; k++) h = (h ^ b[k]) * 16777619u;
}

static int xi[N + 64];
static float xf[N + 64];

// The output a[] written over its own bound at element 400, the bound's
// first value `first`, the value the loop stores there `later`.
static void prefix_over_bound(int first, int later) {
  static union { int a[N + 64]; struct { int pad[400]; struct cfg c; } s; } u;
  memset(&u, 0, sizeof u);
  u.a[0] = 7;
  u.s.c.n = first;
  u.s.c.gain = 3;
  int x[N + 64];
  memcpy(x, xi, sizeof x);
  int sum = u.a[0];
  for (int i = 1; i < 400; i++) sum += x[i];
  x[400] = later - sum; /* so that y[400], the bound, becomes `later` */
  prefix(&u.s.c, u.a, x);
  mix(&u, sizeof u);
  printf("over bound %d -> %d: a[399] %d a[400] %d a[401] %d a[450] %d\n", first, later, u.a[399], u.a[400],
         u.a[401], u.a[450]);
}

int main(void) {
  for (int i = 0; i < N + 64; i++) {
    unsigned r = (unsigned)i * 2654435761u;
    int v = (int)((r >> 16) % 97) - 48;
    xi[i] = v ? v : 5;
    xf[i] = (float)((int)((r >> 8) % 13) - 6);
  }

  /* Apart: the struct elsewhere. */
  static int y[N + 8], z[N + 8], w[N + 8], o[N + 8];
  struct cfg c = {N, 3};
  y[0] = 3;
  prefix(&c, y, xi);
  gain(&c, z, xi);
  static int hy[N + 8];
  hy[0] = 4;
  half(&c, hy, xi);
  mix(hy, sizeof hy);
  struct lim l = {6, -1};
  w[N] = 1;
  back(&l, w, xi, N - 1);
  struct ema e = {N, 5, 2};
  int last = ema(&e, o, xi);
  mix(y, sizeof y), mix(z, sizeof z), mix(w, sizeof w), mix(o, sizeof o);
  printf("apart: y %d z %d w %d o %d state %d\n", y[N - 1], z[N - 3], w[7], o[N - 1], last);

  /* The bound inside the output (element 400), the loop as written: */
  prefix_over_bound(430, 401); /* inside: it stops after writing it */
  prefix_over_bound(401, 450); /* the last element written: it goes on to 449 */
  prefix_over_bound(600, 300); /* inside: it stops at once */
  prefix_over_bound(400, 999); /* just past the last element written: the call */

  /* The output over the bound of a struct just before it: apart. */
  static union { int a[N + 8]; struct cfg c; } v;
  v.c.n = 700, v.c.gain = 0;
  prefix(&v.c, &v.a[1], xi); /* writes a[2..700] */
  mix(&v, sizeof v);
  printf("before: a[1] %d a[700] %d a[701] %d\n", v.a[1], v.a[700], v.a[701]);

  /* Coefficients: apart, then inside the output (the loop changes them). */
  static float fy[N + 8], fz[N + 8];
  struct fcoef fc = {1.0f};
  fy[0] = 1.0f;
  fema(&fc, fy, xf, N);
  float coef[2] = {1.0f, -1.0f};
  fz[0] = 1.0f, fz[1] = 2.0f;
  iir2(coef, fz, xf, N);
  mix(fy, sizeof fy), mix(fz, sizeof fz);
  printf("coefficients apart: %g %g\n", fy[N - 1], fz[N - 1]);
  static union { float a[N + 8]; struct { float pad[300]; struct fcoef c; } s; } fu;
  fu.s.c.a = 1.0f;
  float xs[N + 8];
  memcpy(xs, xf, sizeof xs);
  float s = 0;
  for (int i = 1; i < 300; i++) s = xs[i] + s;
  xs[300] = 0.5f - s; /* y[300], the coefficient, becomes 0.5 */
  fema(&fu.s.c, fu.a, xs, N);
  mix(&fu, sizeof fu);
  printf("coefficient inside: %g %g %g\n", fu.a[299], fu.a[300], fu.a[N - 1]);
  static union { float a[N + 8]; struct { float pad[500]; float c[2]; } s; } gu;
  gu.s.c[0] = 1.0f, gu.s.c[1] = -1.0f;
  iir2(gu.s.c, gu.a, xf, 400); /* the coefficients past the range: the call */
  /* inside it: the loop, whose coefficients become y[500] = 0.5 and
   * y[501] = 0.25 from 0 (a stable filter from there) */
  gu.s.c[0] = 0.0f, gu.s.c[1] = 0.0f;
  float xg[N + 8];
  memcpy(xg, xf, sizeof xg);
  xg[500] = 0.5f, xg[501] = 0.0f;
  iir2(gu.s.c, gu.a, xg, N);
  mix(&gu, sizeof gu);
  printf("coefficients inside: %g %g\n", gu.a[499], gu.a[N - 1]);

  static int q[N + 8];
  q[0] = 0, q[1] = 50;
  written(q, xi);
  mix(q, sizeof q);
  printf("written: %d %d hash %08x\n", q[1], q[60], h);
  return 0;
}

// Calls in order: prefix, gain, half, back, ema; prefix with its bound just past
// the written range; the struct before the output; fema, iir2 apart; iir2
// with its coefficients past the range. Every other loop runs as written.
// CALLS: plr: (1: 1) i32 n=1002
// CALLS-NEXT: plr: (1: 3) i32 n=1002
// CALLS-NEXT: plr: (1: -1) i32 n=500
// CALLS-NEXT: plr: (1: -1) i32 1 x n=996 (x stride -1 dist 0, y stride -1 dist 0)
// CALLS-NEXT: plr: (2: -1) i32 n=1003
// CALLS-NEXT: plr: (1: 1) i32 n=399
// CALLS-NEXT: plr: (1: 1) i32 n=699
// CALLS-NEXT: plr: (1: 1) f32 n=1002
// CALLS-NEXT: plr: (1: 1, -1) f32 n=1001
// CALLS-NEXT: plr: (1: 1, -1) f32 n=398
// CALLS-NOT: plr:
