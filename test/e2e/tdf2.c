// Transposed direct form II (TDF2) filters: states in locals, loaded from a
// struct before the loop and saved after it, carried from one block of
// samples to the next. The output obeys (b0, b1, b2: -a1, -a2); the first
// outputs of a block whose states are not zero are computed before the call
// and the states after it from the last outputs and inputs. Integers must be
// bit-identical to the untransformed program (and blocks to the whole
// signal); floats are checked against a long double reference.
// REQUIRES: pass
// RUN: %clang -O2 -ffast-math %s -o %t.ref
// RUN: %t.ref > %t.ref.out
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -ffast-math -fpass-plugin=%plr-pass -Rpass=plr %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -o %t.plr 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: env PLR_VERBOSE=1 %t.plr > %t.plr.out 2> %t.plr.err
// RUN: diff %t.ref.out %t.plr.out
// RUN: %FileCheck %s --check-prefix=CALLS < %t.plr.err
// The parallel backend, forced on these small arrays.
// RUN: env PLR_DEVICE=cpu PLR_THREADS=4 %t.plr > %t.cpu.out
// RUN: diff %t.ref.out %t.cpu.out
// The runtime refusing sends every call to the original loop.
// RUN: env PLR_DEVICE=no-such-device %t.plr > %t.fail.out 2>/dev/null
// RUN: diff %t.ref.out %t.fail.out
#include <math.h>
#include <stdio.h>
#include <string.h>

#define N 5003

struct fstate { float z1, z2; };
struct istate { int z1, z2; };
struct i3state { long z1, z2, z3; };

__attribute__((noinline)) void tdf2f(float *y, const float *x, long n, const float *c, struct fstate *s) {
  float b0 = c[0], b1 = c[1], b2 = c[2], a1 = c[3], a2 = c[4];
  float z1 = s->z1, z2 = s->z2;
  // REMARK-DAG: tdf2.c:[[@LINE+1]]:{{.*}} replaced linear recurrence with a call to plr_run: signature {{.*}} type f32, order 2
  for (long i = 0; i < n; i++) {
    float v = b0 * x[i] + z1;
    z1 = b1 * x[i] - a1 * v + z2;
    z2 = b2 * x[i] - a2 * v;
    y[i] = v;
  }
  s->z1 = z1;
  s->z2 = z2;
}

/* In place: x[n-1], x[n-2] are gone after the call; the states need them. */
__attribute__((noinline)) void tdf2f_inplace(float *y, long n, const float *c, struct fstate *s) {
  float b0 = c[0], b1 = c[1], b2 = c[2], a1 = c[3], a2 = c[4];
  float z1 = s->z1, z2 = s->z2;
  // REMARK-DAG: tdf2.c:[[@LINE+1]]:{{.*}} replaced linear recurrence with a call to plr_run: signature {{.*}} type f32, order 2
  for (long i = 0; i < n; i++) {
    float v = b0 * y[i] + z1;
    z1 = b1 * y[i] - a1 * v + z2;
    z2 = b2 * y[i] - a2 * v;
    y[i] = v;
  }
  s->z1 = z1;
  s->z2 = z2;
}

__attribute__((noinline)) void tdf2i(int *y, const int *x, int n, int b1, struct istate *s) {
  int z1 = s->z1, z2 = s->z2;
  // REMARK-DAG: tdf2.c:[[@LINE+1]]:{{.*}} replaced linear recurrence with a call to plr_run: signature (3, {{.*}}, -5: 7, -3), type i32, order 2
  for (int i = 0; i < n; i++) {
    int v = 3 * x[i] + z1;
    z1 = b1 * x[i] + 7 * v + z2;
    z2 = -5 * x[i] - 3 * v;
    y[i] = v;
  }
  s->z1 = z1;
  s->z2 = z2;
}

/* Third order, 64-bit integers, in place. */
__attribute__((noinline)) void tdf3l(long *y, long n, struct i3state *s) {
  long z1 = s->z1, z2 = s->z2, z3 = s->z3;
  // REMARK-DAG: tdf2.c:[[@LINE+1]]:{{.*}} replaced linear recurrence with a call to plr_run: signature (2, 1, -1, 4: 3, -2, 1), type i64, order 3
  for (long i = 0; i < n; i++) {
    long v = 2 * y[i] + z1;
    z1 = y[i] + 3 * v + z2;
    z2 = -y[i] - 2 * v + z3;
    z3 = 4 * y[i] + v;
    y[i] = v;
  }
  s->z1 = z1;
  s->z2 = z2;
  s->z3 = z3;
}

/* First order, from zero, its state returned. */
__attribute__((noinline)) float tdf1f(float *y, const float *x, long n, float b0, float b1, float a1) {
  float z = 0;
  // REMARK-DAG: tdf2.c:[[@LINE+1]]:{{.*}} replaced linear recurrence with a call to plr_run: signature {{.*}} type f32, order 1
  for (long i = 0; i < n; i++) {
    float v = b0 * x[i] + z;
    z = b1 * x[i] - a1 * v;
    y[i] = v;
  }
  return z;
}

static int near(double a, double b, double tol) { return fabs(a - b) <= tol * (1 + fabs(b)); }

static unsigned long rng = 12345;
static unsigned long next(void) { return rng = rng * 6364136223846793005ul + 1442695040888963407ul, rng >> 33; }

/* the signal in blocks of 1000 and 777 samples, the state carried */
#define BLOCKS(call)                                                                                                 \
  for (long at = 0, k = 0; at < N; k++) {                                                                            \
    long len = k % 2 ? 777 : 1000;                                                                                   \
    if (len > N - at) len = N - at;                                                                                  \
    call;                                                                                                            \
    at += len;                                                                                                       \
  }

int main(void) {
  static float x[N], y[N], yb[N], yip[N];
  static int xi[N], yi[N], yib[N];
  static long yl[N], ylb[N];
  for (int i = 0; i < N; i++) {
    x[i] = ((long)(next() % 2001) - 1000) / 1000.0f;
    if (x[i] == 0) x[i] = 0.5f;
    xi[i] = (int)(next() % 201) - 100;
    yl[i] = (long)(next() % 101) - 50;
  }
  const float c[5] = {0.2f, 0.35f, 0.2f, -0.6f, 0.25f};

  /* float: whole, in blocks, and in place in blocks */
  struct fstate sw = {0.1f, -0.3f}, sb = sw, sp = sw;
  tdf2f(y, x, N, c, &sw);
  BLOCKS(tdf2f(yb + at, x + at, len, c, &sb));
  memcpy(yip, x, sizeof x);
  BLOCKS(tdf2f_inplace(yip + at, len, c, &sp));
  long double z1 = 0.1f, z2 = -0.3f;
  int ok = 1;
  for (int i = 0; i < N; i++) {
    long double v = c[0] * (long double)x[i] + z1;
    z1 = c[1] * (long double)x[i] - c[3] * v + z2;
    z2 = c[2] * (long double)x[i] - c[4] * v;
    ok &= near(y[i], (double)v, 1e-4) && near(yb[i], (double)v, 1e-4) && near(yip[i], (double)v, 1e-4);
  }
  ok &= near(sw.z1, (double)z1, 1e-4) && near(sw.z2, (double)z2, 1e-4);
  ok &= near(sb.z1, (double)z1, 1e-4) && near(sb.z2, (double)z2, 1e-4);
  ok &= near(sp.z1, (double)z1, 1e-4) && near(sp.z2, (double)z2, 1e-4);
  printf("tdf2f %s\n", ok ? "ok" : "bad");

  /* int: blocks bit-identical to the whole signal */
  struct istate iw = {3, -4}, ib = iw;
  tdf2i(yi, xi, N, 11, &iw);
  BLOCKS(tdf2i(yib + at, xi + at, (int)len, 11, &ib));
  unsigned long h = 0;
  for (int i = 0; i < N; i++) h = h * 1000003u ^ (unsigned)yi[i];
  printf("tdf2i %lx %d %d %s\n", h, iw.z1, iw.z2,
         !memcmp(yi, yib, sizeof yi) && iw.z1 == ib.z1 && iw.z2 == ib.z2 ? "blocks ok" : "blocks bad");

  memcpy(ylb, yl, sizeof yl);
  struct i3state lw = {5, -7, 2}, lb = lw;
  tdf3l(yl, N, &lw);
  BLOCKS(tdf3l(ylb + at, len, &lb));
  h = 0;
  for (int i = 0; i < N; i++) h = h * 1000003u ^ (unsigned long)yl[i];
  printf("tdf3l %lx %ld %ld %ld %s\n", h, lw.z1, lw.z2, lw.z3,
         !memcmp(yl, ylb, sizeof yl) && lw.z1 == lb.z1 && lw.z2 == lb.z2 && lw.z3 == lb.z3 ? "blocks ok"
                                                                                             : "blocks bad");

  float zf = tdf1f(y, x, N, 0.3f, -0.1f, -0.7f);
  long double z = 0;
  ok = 1;
  for (int i = 0; i < N; i++) {
    long double v = 0.3L * x[i] + z;
    z = -0.1L * x[i] + 0.7L * v;
    ok &= near(y[i], (double)v, 1e-4);
  }
  printf("tdf1f %s\n", ok && near(zf, (double)z, 1e-4) ? "ok" : "bad");
  return 0;
}

// Zero start: the whole signal in one call; loaded states: the first outputs
// (two for the biquads, three for the third order) computed before the call.
// CALLS-DAG: plr: (0.3, -0.1: 0.7) f32 n=5003
// CALLS-DAG: plr: (0.2, 0.35, 0.2: 0.6, -0.25) f32 n=5001
// CALLS-DAG: plr: (0.2, 0.35, 0.2: 0.6, -0.25) f32 n=998
// CALLS-DAG: plr: (0.2, 0.35, 0.2: 0.6, -0.25) f32 n=775
// CALLS-DAG: plr: (3, 11, -5: 7, -3) i32 n=5001
// CALLS-DAG: plr: (3, 11, -5: 7, -3) i32 n=998
// CALLS-DAG: plr: (2, 1, -1, 4: 3, -2, 1) i64 n=5000
// CALLS-DAG: plr: (2, 1, -1, 4: 3, -2, 1) i64 n=997
