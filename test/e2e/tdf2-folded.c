// Transposed direct form II filters whose first state InstCombine folds into
// itself: with a coefficient of -1 on the output (a1 = 1), `z1 = b1*x[i] -
// v + z2` over `v = b0*x[i] + z1` becomes `z1 = z2 + (b1 - b0)*x[i] - z1`.
// The pass reads z1 back through the output (z1 = y[i] - b0*x[i]) and
// replaces the loop with one call of (b0, b1, b2: -1, -a2). States from zero,
// loaded from a struct and saved after the loop (the signal in blocks must
// give the whole signal's outputs and states), in place, third order in 64
// bits, and a second state folded into a copy of the first. Integers:
// bit-identical to a serial reference (wrapping arithmetic)
// and to the program built without the plugin.
// REQUIRES: pass
// RUN: %clang -O2 %s -o %t.ref
// RUN: %t.ref > %t.ref.out
// RUN: %FileCheck %s --check-prefix=OK < %t.ref.out
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -fpass-plugin=%plr-pass -Rpass=plr %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -o %t.plr 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: env PLR_VERBOSE=1 %t.plr > %t.plr.out 2> %t.plr.err
// RUN: diff %t.ref.out %t.plr.out
// RUN: %FileCheck %s --check-prefix=CALLS < %t.plr.err
// RUN: env PLR_DEVICE=cpu PLR_THREADS=2 %t.plr > %t.cpu.out
// RUN: diff %t.ref.out %t.cpu.out
// The runtime refusing sends every call to the original loop.
// RUN: env PLR_DEVICE=no-such-device %t.plr > %t.fail.out 2>/dev/null
// RUN: diff %t.ref.out %t.fail.out
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define N 4099

struct istate { int32_t z1, z2; };
struct lstate { int64_t z1, z2, z3; };

// REMARK-DAG: tdf2-folded.c:[[@LINE+3]]:{{.*}} replaced linear recurrence with a call to plr_run: signature (2, -2, 3: -1, 5), type i32, order 2, transposed states (direct form II transposed), from zero
__attribute__((noinline)) int32_t fold_zero(int32_t *restrict y, const int32_t *restrict x, int n) {
  int32_t z1 = 0, z2 = 0;
  for (int i = 0; i < n; i++) {
    int32_t v = 2 * x[i] + z1;
    z1 = -2 * x[i] - v + z2;
    z2 = 3 * x[i] + 5 * v;
    y[i] = v;
  }
  return z1 ^ z2;
}

// REMARK-DAG: tdf2-folded.c:[[@LINE+4]]:{{.*}} replaced linear recurrence with a call to plr_run: signature (3, 1, {{.*}}: -1, {{.*}}), type i32, order 2, transposed states (direct form II transposed): the first outputs computed before the call
__attribute__((noinline)) void fold_state(struct istate *s, int32_t *y, const int32_t *x, int n, int32_t b2,
                                          int32_t a2) {
  int32_t z1 = s->z1, z2 = s->z2;
  for (int i = 0; i < n; i++) {
    int32_t v = 3 * x[i] + z1;
    z1 = x[i] - v + z2;
    z2 = b2 * x[i] - a2 * v;
    y[i] = v;
  }
  s->z1 = z1;
  s->z2 = z2;
}

// REMARK-DAG: tdf2-folded.c:[[@LINE+3]]:{{.*}} replaced linear recurrence with a call to plr_run: signature (2, -2, 3: -1, 5), type i32, order 2, transposed states (direct form II transposed): the first outputs computed before the call
__attribute__((noinline)) void fold_inplace(struct istate *s, int32_t *y, int n) {
  int32_t z1 = s->z1, z2 = s->z2;
  for (int i = 0; i < n; i++) {
    int32_t v = 2 * y[i] + z1;
    z1 = -2 * y[i] - v + z2;
    z2 = 3 * y[i] + 5 * v;
    y[i] = v;
  }
  s->z1 = z1;
  s->z2 = z2;
}

// z2 = 2*x[i] + 2*v + z3 is folded too, into z2 = 2*z1 + z3: z1 read back
// through the output where z2 reads it.
// REMARK-DAG: tdf2-folded.c:[[@LINE+3]]:{{.*}} replaced linear recurrence with a call to plr_run: signature (-1, 3, 2, {{.*}}: -1, 2, {{.*}}), type i64, order 3, transposed states (direct form II transposed): the first outputs computed before the call
__attribute__((noinline)) void fold3(struct lstate *s, int64_t *y, const int64_t *x, long n, int64_t b3, int64_t a3) {
  int64_t z1 = s->z1, z2 = s->z2, z3 = s->z3;
  for (long i = 0; i < n; i++) {
    int64_t v = -x[i] + z1;
    z1 = 3 * x[i] - v + z2;
    z2 = 2 * x[i] + 2 * v + z3;
    z3 = b3 * x[i] - a3 * v;
    y[i] = v;
  }
  s->z1 = z1;
  s->z2 = z2;
  s->z3 = z3;
}

// z2 = 2*x[i] + v over v = -2*x[i] + z1 is folded into z2 = z1, a copy of
// the first state's phi: z1 read back through the output there too.
// REMARK-DAG: tdf2-folded.c:[[@LINE+3]]:{{.*}} replaced linear recurrence with a call to plr_run: signature (-2, 3, 2: -4, 1), type i32, order 2, transposed states (direct form II transposed): the first outputs computed before the call
__attribute__((noinline)) void fold_copy(struct istate *s, int32_t *y, const int32_t *x, int n) {
  int32_t z1 = s->z1, z2 = s->z2;
  for (int i = 0; i < n; i++) {
    int32_t v = -2 * x[i] + z1;
    z1 = 3 * x[i] - 4 * v + z2;
    z2 = 2 * x[i] + v;
    y[i] = v;
  }
  s->z1 = z1;
  s->z2 = z2;
}

/* The serial reference: the same filters in unsigned (wrapping) arithmetic,
 * never optimized. */
#define REF __attribute__((optnone, noinline))
REF static void ref2(const int32_t *x, int32_t *y, int n, uint32_t b0, uint32_t b1, uint32_t b2, uint32_t a1,
                     uint32_t a2, int32_t *z1p, int32_t *z2p) {
  uint32_t z1 = (uint32_t)*z1p, z2 = (uint32_t)*z2p;
  for (int i = 0; i < n; i++) {
    uint32_t xi = (uint32_t)x[i], v = b0 * xi + z1;
    z1 = b1 * xi - a1 * v + z2;
    z2 = b2 * xi - a2 * v;
    y[i] = (int32_t)v;
  }
  *z1p = (int32_t)z1;
  *z2p = (int32_t)z2;
}
REF static void ref3(const int64_t *x, int64_t *y, long n, uint64_t b3, uint64_t a3, struct lstate *s) {
  uint64_t z1 = (uint64_t)s->z1, z2 = (uint64_t)s->z2, z3 = (uint64_t)s->z3;
  for (long i = 0; i < n; i++) {
    uint64_t xi = (uint64_t)x[i], v = -xi + z1;
    z1 = 3 * xi - v + z2;
    z2 = 2 * xi + 2 * v + z3;
    z3 = b3 * xi - a3 * v;
    y[i] = (int64_t)v;
  }
  s->z1 = (int64_t)z1;
  s->z2 = (int64_t)z2;
  s->z3 = (int64_t)z3;
}

static uint64_t rng = 977;
static uint64_t next(void) { return rng = rng * 6364136223846793005ull + 1442695040888963407ull, rng >> 33; }
static int32_t nonzero(void) {
  int32_t v = (int32_t)(next() % 2001) - 1000;
  return v ? v : 7;
}

/* the signal in blocks of 1000 and 777 samples, the state carried */
#define BLOCKS(call)                                                                                                 \
  for (long at = 0, k = 0; at < N; k++) {                                                                            \
    long len = k % 2 ? 777 : 1000;                                                                                   \
    if (len > N - at) len = N - at;                                                                                  \
    call;                                                                                                            \
    at += len;                                                                                                       \
  }

int main(void) {
  static int32_t x[N], y[N], yb[N], r[N], yp[N];
  static int64_t xl[N], yl[N], ylb[N], rl[N];
  for (int i = 0; i < N; i++) {
    x[i] = nonzero();
    xl[i] = (int64_t)nonzero() * 100003;
  }
  int32_t b2 = 7, a2 = -3;

  /* from zero */
  int32_t h = fold_zero(y, x, N), z1 = 0, z2 = 0;
  ref2(x, r, N, 2, -2, 3, 1, -5, &z1, &z2);
  printf("zero %s\n", !memcmp(y, r, sizeof r) && h == (z1 ^ z2) ? "ok" : "bad");

  /* loaded and saved: whole, in blocks, against the reference */
  struct istate sw = {11, -23}, sb = sw;
  fold_state(&sw, y, x, N, b2, a2);
  BLOCKS(fold_state(&sb, yb + at, x + at, (int)len, b2, a2));
  z1 = 11, z2 = -23;
  ref2(x, r, N, 3, 1, (uint32_t)b2, 1, (uint32_t)a2, &z1, &z2);
  printf("state %s %s\n", !memcmp(y, r, sizeof r) && sw.z1 == z1 && sw.z2 == z2 ? "ok" : "bad",
         !memcmp(yb, r, sizeof r) && sb.z1 == z1 && sb.z2 == z2 ? "ok" : "bad");

  /* in place, in blocks */
  struct istate sp = {-5, 9};
  memcpy(yp, x, sizeof x);
  BLOCKS(fold_inplace(&sp, yp + at, (int)len));
  z1 = -5, z2 = 9;
  ref2(x, r, N, 2, -2, 3, 1, -5, &z1, &z2);
  printf("inplace %s\n", !memcmp(yp, r, sizeof r) && sp.z1 == z1 && sp.z2 == z2 ? "ok" : "bad");

  /* a state folded into a copy of the first, in blocks */
  struct istate sc = {4, 13};
  BLOCKS(fold_copy(&sc, yb + at, x + at, (int)len));
  z1 = 4, z2 = 13;
  ref2(x, r, N, -2, 3, 2, 4, -1, &z1, &z2);
  printf("copy %s\n", !memcmp(yb, r, sizeof r) && sc.z1 == z1 && sc.z2 == z2 ? "ok" : "bad");

  /* third order, 64 bits */
  struct lstate lw = {5, -7, 2}, lb = lw, lr = lw;
  fold3(&lw, yl, xl, N, 4, -2);
  BLOCKS(fold3(&lb, ylb + at, xl + at, len, 4, -2));
  ref3(xl, rl, N, 4, -2, &lr);
  printf("order3 %s %s\n", !memcmp(yl, rl, sizeof rl) && !memcmp(&lw, &lr, sizeof lr) ? "ok" : "bad",
         !memcmp(ylb, rl, sizeof rl) && !memcmp(&lb, &lr, sizeof lr) ? "ok" : "bad");
  unsigned long hh = 0;
  for (int i = 0; i < N; i++) hh = hh * 1000003u ^ (uint32_t)y[i] ^ (uint64_t)yl[i];
  printf("hash %lx\n", hh);
  return 0;
}

// OK: zero ok
// OK: state ok ok
// OK: inplace ok
// OK: copy ok
// OK: order3 ok ok
// CALLS-DAG: plr: (2, -2, 3: -1, 5) i32 n=4099
// CALLS-DAG: plr: (3, 1, 7: -1, 3) i32 n=4097
// CALLS-DAG: plr: (3, 1, 7: -1, 3) i32 n=998
// CALLS-DAG: plr: (2, -2, 3: -1, 5) i32 n=998
// CALLS-DAG: plr: (-2, 3, 2: -4, 1) i32 n=998
// CALLS-DAG: plr: (-1, 3, 2, 4: -1, 2, 2) i64 n=4096
// CALLS-DAG: plr: (-1, 3, 2, 4: -1, 2, 2) i64 n=997
