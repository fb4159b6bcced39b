// Transposed direct form II filters whose states are struct members or
// globals, updated in memory on every sample (y[i] = tick(f, x[i]), the
// way a filter object is written): the pass carries them in registers in a
// copy of the loop behind a run-time check that the arrays do not overlap
// the struct, and replaces the copy. Floats are checked against a long
// double reference, in one call, in blocks (the states carried from one to
// the next) and in place; unsigned integers must be bit-identical to the
// untransformed program and blocks to the whole signal. A filter struct
// inside its own output array fails the check: the loop runs as written,
// with no call (bit-identical to the plain build).
// REQUIRES: pass
// RUN: %clang -O2 -ffast-math %s -o %t.ref
// RUN: %t.ref > %t.ref.out
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -ffast-math -fpass-plugin=%plr-pass -Rpass=plr -Rpass-missed=plr %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -o %t.plr 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: env PLR_VERBOSE=1 %t.plr > %t.plr.out 2> %t.plr.err
// RUN: diff %t.ref.out %t.plr.out
// RUN: %FileCheck %s --check-prefix=CALLS < %t.plr.err
// RUN: %FileCheck %s --check-prefix=ALIAS < %t.plr.err
// RUN: env PLR_DEVICE=cpu PLR_THREADS=3 %t.plr > %t.cpu.out
// RUN: diff %t.ref.out %t.cpu.out
// The runtime refusing sends every call to the promoted copy.
// RUN: env PLR_DEVICE=no-such-device %t.plr > %t.fail.out 2>/dev/null
// RUN: diff %t.ref.out %t.fail.out
#include <math.h>
#include <stdio.h>
#include <string.h>

#define N 5003

struct biquad { float b0, b1, b2, a1, a2, z1, z2; };
struct ubiquad { unsigned b0, b1, b2, a1, a2, z1, z2; };
struct tdf3 { double b[4], a[3], z[3]; };

static inline float tick(struct biquad *f, float x) {
  float v = f->b0 * x + f->z1;
  f->z1 = f->b1 * x - f->a1 * v + f->z2;
  f->z2 = f->b2 * x - f->a2 * v;
  return v;
}

__attribute__((noinline)) void biquad_run(struct biquad *f, float *y, const float *x, long n) {
  // REMARK-DAG: tdf2-member.c:[[@LINE+1]]:{{.*}} replaced linear recurrence with a call to plr_run: signature {{.*}} type f32, order 2, transposed states
  for (long i = 0; i < n; i++)
    y[i] = tick(f, x[i]);
}

static inline unsigned utick(struct ubiquad *f, unsigned x) {
  unsigned v = f->b0 * x + f->z1;
  f->z1 = f->b1 * x - f->a1 * v + f->z2;
  f->z2 = f->b2 * x - f->a2 * v;
  return v;
}

__attribute__((noinline)) void ubiquad_run(struct ubiquad *f, unsigned *y, const unsigned *x, long n) {
  // REMARK-DAG: tdf2-member.c:[[@LINE+1]]:{{.*}} replaced linear recurrence with a call to plr_run: signature {{.*}} type i32, order 2, transposed states
  for (long i = 0; i < n; i++)
    y[i] = utick(f, x[i]);
}

/* Third order, coefficients and states in array members. */
__attribute__((noinline)) void tdf3_run(struct tdf3 *f, double *y, const double *x, int n) {
  // REMARK-DAG: tdf2-member.c:[[@LINE+1]]:{{.*}} replaced linear recurrence with a call to plr_run: signature {{.*}} type f64, order 3, transposed states
  for (int i = 0; i < n; i++) {
    double v = f->b[0] * x[i] + f->z[0];
    f->z[0] = f->b[1] * x[i] - f->a[0] * v + f->z[1];
    f->z[1] = f->b[2] * x[i] - f->a[1] * v + f->z[2];
    f->z[2] = f->b[3] * x[i] - f->a[2] * v;
    y[i] = v;
  }
}

/* States in globals, coefficients in registers. */
float g1, g2;
__attribute__((noinline)) void global_run(float *y, const float *x, long n, float b0, float b1, float b2, float a1,
                                          float a2) {
  // REMARK-DAG: tdf2-member.c:[[@LINE+1]]:{{.*}} replaced linear recurrence with a call to plr_run: signature {{.*}}, type f32, order 2, transposed states
  for (long i = 0; i < n; i++) {
    float v = b0 * x[i] + g1;
    g1 = b1 * x[i] - a1 * v + g2;
    g2 = b2 * x[i] - a2 * v;
    y[i] = v;
  }
}

static int near(double a, double b, double tol) { return fabs(a - b) <= tol * (1 + fabs(b)); }

static unsigned long rng = 987654321;
static unsigned long next(void) { return rng = rng * 6364136223846793005ul + 1442695040888963407ul, rng >> 33; }

#define BLOCKS(call)                                                                                                 \
  for (long at = 0, k = 0; at < N; k++) {                                                                            \
    long len = k % 2 ? 777 : 1000;                                                                                   \
    if (len > N - at) len = N - at;                                                                                  \
    call;                                                                                                            \
    at += len;                                                                                                       \
  }

static unsigned long hash(const unsigned *v, long n) {
  unsigned long h = 0;
  for (long i = 0; i < n; i++) h = h * 1000003u ^ v[i];
  return h;
}

int main(void) {
  static float x[N], y[N], yb[N], yip[N];
  static unsigned xu[N], yu[N], yub[N], alias[N + 16];
  static double xd[N], yd[N];
  for (int i = 0; i < N; i++) {
    x[i] = ((long)(next() % 2001) - 1000) / 1000.0f;
    if (x[i] == 0) x[i] = 0.25f;
    xu[i] = (unsigned)(next() % 201) - 100u;
    if (xu[i] == 0) xu[i] = 7;
    xd[i] = x[i] * 0.5;
  }

  /* float: whole, in blocks, in place in blocks */
  struct biquad f0 = {0.2f, 0.35f, 0.2f, -0.6f, 0.25f, 0.1f, -0.3f}, fw = f0, fb = f0, fp = f0;
  biquad_run(&fw, y, x, N);
  BLOCKS(biquad_run(&fb, yb + at, x + at, len));
  memcpy(yip, x, sizeof x);
  BLOCKS(biquad_run(&fp, yip + at, yip + at, len));
  long double z1 = f0.z1, z2 = f0.z2;
  int ok = 1;
  for (int i = 0; i < N; i++) {
    long double v = f0.b0 * (long double)x[i] + z1;
    z1 = f0.b1 * (long double)x[i] - f0.a1 * v + z2;
    z2 = f0.b2 * (long double)x[i] - f0.a2 * v;
    ok &= near(y[i], (double)v, 1e-4) && near(yb[i], (double)v, 1e-4) && near(yip[i], (double)v, 1e-4);
  }
  for (const struct biquad *s = &fw; s <= &fp; s++)
    ok &= near(s->z1, (double)z1, 1e-4) && near(s->z2, (double)z2, 1e-4) && s->b0 == f0.b0 && s->a2 == f0.a2;
  printf("biquad %s\n", ok ? "ok" : "bad");

  /* the same through globals */
  g1 = 0.1f, g2 = -0.3f;
  global_run(y, x, N, f0.b0, f0.b1, f0.b2, f0.a1, f0.a2);
  ok = near(g1, (double)z1, 1e-4) && near(g2, (double)z2, 1e-4);
  z1 = f0.z1, z2 = f0.z2;
  for (int i = 0; i < N; i++) {
    long double v = f0.b0 * (long double)x[i] + z1;
    z1 = f0.b1 * (long double)x[i] - f0.a1 * v + z2;
    z2 = f0.b2 * (long double)x[i] - f0.a2 * v;
    ok &= near(y[i], (double)v, 1e-4);
  }
  printf("global %s\n", ok ? "ok" : "bad");

  /* unsigned: exact, blocks identical to the whole signal */
  struct ubiquad u0 = {3, 11, -5u, -7u, 3, 9, -4u}, uw = u0, ub = u0;
  ubiquad_run(&uw, yu, xu, N);
  BLOCKS(ubiquad_run(&ub, yub + at, xu + at, len));
  printf("ubiquad %lx %u %u %s\n", hash(yu, N), uw.z1, uw.z2,
         !memcmp(yu, yub, sizeof yu) && uw.z1 == ub.z1 && uw.z2 == ub.z2 ? "blocks ok" : "blocks bad");

  /* the filter inside its own output: y[40..46] overwrites its coefficients
   * and states on the way; the check sends it to the loop as written */
  memcpy(alias, xu, sizeof xu);
  struct ubiquad *fa = (struct ubiquad *)(alias + 40);
  *fa = u0;
  fprintf(stderr, "aliased: begin\n");
  ubiquad_run(fa, alias, xu, N);
  fprintf(stderr, "aliased: end\n");
  printf("aliased %lx\n", hash(alias, N + 16));

  /* double, third order, array members */
  struct tdf3 d = {{0.3, -0.2, 0.15, 0.05}, {-0.5, 0.2, -0.05}, {0.01, -0.02, 0.03}}, d0 = d;
  tdf3_run(&d, yd, xd, N);
  long double w[3] = {d0.z[0], d0.z[1], d0.z[2]};
  ok = 1;
  for (int i = 0; i < N; i++) {
    long double v = d0.b[0] * xd[i] + w[0];
    w[0] = d0.b[1] * xd[i] - d0.a[0] * v + w[1];
    w[1] = d0.b[2] * xd[i] - d0.a[1] * v + w[2];
    w[2] = d0.b[3] * xd[i] - d0.a[2] * v;
    ok &= near(yd[i], (double)v, 1e-10);
  }
  for (int j = 0; j < 3; j++)
    ok &= near(d.z[j], (double)w[j], 1e-10);
  printf("tdf3 %s\n", ok ? "ok" : "bad");
  return 0;
}

// The first two (three) outputs computed before each call from the loaded
// states; the aliased filter makes no call.
// CALLS-DAG: plr: (0.2, 0.35, 0.2: 0.6, -0.25) f32 n=5001
// CALLS-DAG: plr: (0.2, 0.35, 0.2: 0.6, -0.25) f32 n=998
// CALLS-DAG: plr: (0.2, 0.35, 0.2: 0.6, -0.25) f32 n=775
// CALLS-DAG: plr: (3, 11, -5: 7, -3) i32 n=5001
// CALLS-DAG: plr: (3, 11, -5: 7, -3) i32 n=998
// CALLS-DAG: plr: (0.3, -0.2, 0.15, 0.05: 0.5, -0.2, 0.05) f64 n=5000
// ALIAS: aliased: begin
// ALIAS-NEXT: aliased: end
