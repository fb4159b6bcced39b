// Cascades of three and more recurrences in one loop: integrators (CIC),
// coupled integer states, a four-stage low-pass of first-order sections, and
// three direct form II biquads in series. One runtime call per stage (the
// last biquad's output FIR is a map); every stage's state is saved after the
// loop. Integers must be bit-identical to the untransformed program; floats
// are checked against a long double reference.
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

#define N 5000

/* u = a*u + x; v += u; w += v (three coupled states). */
__attribute__((noinline)) int tri(int *y, const int *x, int n, int a, int *uv) {
  int u = uv[0], v = uv[1], w = uv[2];
  // REMARK-DAG: cascade-n.c:[[@LINE+1]]:{{.*}} signature (1: arg4) then (1: 1) then (1: 1), type i32, order 1, a cascade of three recurrences (three calls)
  for (int i = 0; i < n; i++) {
    u = a * u + x[i];
    v += u;
    w += v;
    y[i] = w;
  }
  uv[0] = u, uv[1] = v;
  return w;
}

/* The integrator section of a fourth-order CIC filter. */
struct cic { long i1, i2, i3, i4; };

__attribute__((noinline)) void cic4(long *y, const long *x, long n, struct cic *s) {
  long i1 = s->i1, i2 = s->i2, i3 = s->i3, i4 = s->i4;
  // REMARK-DAG: cascade-n.c:[[@LINE+1]]:{{.*}} signature (1: 1) then (1: 1) then (1: 1) then (1: 1), type i64, order 1, a cascade of four recurrences (four calls)
  for (long i = 0; i < n; i++) {
    i1 += x[i];
    i2 += i1;
    i3 += i2;
    i4 += i3;
    y[i] = i4;
  }
  s->i1 = i1, s->i2 = i2, s->i3 = i3, s->i4 = i4;
}

/* Four first-order low-pass sections. */
struct lp { float s1, s2, s3, s4; };

__attribute__((noinline)) void lp4(float *y, const float *x, long n, float a, struct lp *st) {
  float s1 = st->s1, s2 = st->s2, s3 = st->s3, s4 = st->s4;
  // REMARK-DAG: cascade-n.c:[[@LINE+1]]:{{.*}} type f32, order 1, a cascade of four recurrences (four calls)
  for (long i = 0; i < n; i++) {
    s1 += a * (x[i] - s1);
    s2 += a * (s1 - s2);
    s3 += a * (s2 - s3);
    s4 += a * (s3 - s4);
    y[i] = s4;
  }
  st->s1 = s1, st->s2 = s2, st->s3 = s3, st->s4 = s4;
}

/* Three direct form II biquads in series, state kept. */
__attribute__((noinline)) void biquads3(double *y, const double *x, long n, const double c[3][5], double w[3][2]) {
  double p1 = w[0][0], p2 = w[0][1], q1 = w[1][0], q2 = w[1][1], r1 = w[2][0], r2 = w[2][1];
  // REMARK-DAG: cascade-n.c:[[@LINE+1]]:{{.*}} type f64, order 2, a cascade of four stages (three calls, then a FIR map)
  for (long i = 0; i < n; i++) {
    double p = x[i] - c[0][3] * p1 - c[0][4] * p2;
    double o1 = c[0][0] * p + c[0][1] * p1 + c[0][2] * p2;
    double q = o1 - c[1][3] * q1 - c[1][4] * q2;
    double o2 = c[1][0] * q + c[1][1] * q1 + c[1][2] * q2;
    double r = o2 - c[2][3] * r1 - c[2][4] * r2;
    y[i] = c[2][0] * r + c[2][1] * r1 + c[2][2] * r2;
    p2 = p1, p1 = p, q2 = q1, q1 = q, r2 = r1, r1 = r;
  }
  w[0][0] = p1, w[0][1] = p2, w[1][0] = q1, w[1][1] = q2, w[2][0] = r1, w[2][1] = r2;
}

static int near(double a, double b, double tol) { return fabs(a - b) <= tol * (1 + fabs(b)); }

int main(void) {
  static int xi[N], yi[N];
  static long xl[N], yl[N];
  static float x[N], y[N];
  static double xd[N], yd[N];
  for (int i = 0; i < N; i++) {
    xi[i] = i * 7 % 13 - 6, xl[i] = i % 5 - 2;
    x[i] = (i * 37 % 101 - 50) / 50.0f, xd[i] = (i % 11 - 5) * 0.1;
  }

  int uv[2] = {2, -5};
  int w = tri(yi, xi, N, 3, uv);
  unsigned long h = 0;
  for (int i = 0; i < N; i++) h = h * 1000003u ^ (unsigned)yi[i];
  printf("tri %lx %d %d %d\n", h, uv[0], uv[1], w);

  struct cic s = {1, -2, 3, -4};
  cic4(yl, xl, N, &s);
  cic4(yl, xl, N, &s); /* a second block continues from the saved state */
  h = 0;
  for (int i = 0; i < N; i++) h = h * 1000003u ^ (unsigned long)yl[i];
  printf("cic4 %lx %ld %ld %ld %ld\n", h, s.i1, s.i2, s.i3, s.i4);

  struct lp st = {0.5f, 0.25f, -0.25f, 0.125f};
  lp4(y, x, N, 0.05f, &st);
  long double s1 = 0.5f, s2 = 0.25f, s3 = -0.25f, s4 = 0.125f, a = 0.05f;
  int ok = 1;
  for (int i = 0; i < N; i++) {
    s1 += a * (x[i] - s1), s2 += a * (s1 - s2), s3 += a * (s2 - s3), s4 += a * (s3 - s4);
    ok &= near(y[i], (double)s4, 1e-4);
  }
  ok &= near(st.s1, (double)s1, 1e-4) && near(st.s2, (double)s2, 1e-4) && near(st.s3, (double)s3, 1e-4) &&
        near(st.s4, (double)s4, 1e-4);
  printf("lp4 %s\n", ok ? "ok" : "bad");

  const double c[3][5] = {{0.2, 0.4, 0.2, -0.6, 0.2}, {0.3, -0.1, 0.25, -0.5, 0.3}, {1, 2, 1, 0.1, 0.2}};
  double ws[3][2] = {{0.1, -0.2}, {0.3, 0.05}, {-0.4, 0.6}};
  biquads3(yd, xd, N, c, ws);
  long double wr[3][2] = {{0.1, -0.2}, {0.3, 0.05}, {-0.4, 0.6}};
  ok = 1;
  for (int i = 0; i < N; i++) {
    long double in = xd[i];
    for (int k = 0; k < 3; k++) {
      long double v = in - c[k][3] * wr[k][0] - c[k][4] * wr[k][1];
      in = c[k][0] * v + c[k][1] * wr[k][0] + c[k][2] * wr[k][1];
      wr[k][1] = wr[k][0], wr[k][0] = v;
    }
    ok &= near(yd[i], (double)in, 1e-9);
  }
  for (int k = 0; k < 3; k++) ok &= near(ws[k][0], (double)wr[k][0], 1e-9) && near(ws[k][1], (double)wr[k][1], 1e-9);
  printf("biquads3 %s\n", ok ? "ok" : "bad");
  return 0;
}

// CALLS-COUNT-18: n={{[0-9]+}}
