// Loops that store the state, or maps of it, to several arrays: the call
// writes the state into the array that stores it as it is, then one map loop
// writes the others (z[i] = s, env[i] = 0.5f*s + 1, flag[i] = s > 0, ...)
// with the loop's own operations. Integers exact, floats against long
// double. Where another stored array overlaps y or x (z = y + 5, z = x + 1),
// or an array a map reads overlaps a stored one, the check before the call
// sends the loop to its original form: the outputs are still right, and no
// call is made.
// REQUIRES: pass
// RUN: %clang -O2 -ffast-math %s -lm -o %t.ref
// RUN: %t.ref > %t.ref.out
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -ffast-math -fpass-plugin=%plr-pass -Rpass=plr %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -lm -o %t.plr 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: env PLR_VERBOSE=1 %t.plr > %t.plr.out 2> %t.plr.err
// RUN: diff %t.ref.out %t.plr.out
// RUN: %FileCheck %s --check-prefix=CALLS < %t.plr.err
// RUN: env PLR_DEVICE=cpu PLR_THREADS=3 %t.plr > %t.cpu.out
// RUN: diff %t.ref.out %t.cpu.out
// RUN: env PLR_DEVICE=no-such-device %t.plr > %t.fail.out 2>/dev/null
// RUN: diff %t.ref.out %t.fail.out
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define N 100003

__attribute__((noinline)) float two(float *y, float *z, const float *x, long n, float a) {
  float s = 0.25f;
  // REMARK-DAG: several-outputs.c:[[@LINE+1]]:{{.*}} type f32, order 1, one other array stored as an elementwise map of the output after the call; plan: check(x apart from y or exactly y, {{[a-z0-9]+}} apart from x and y); ask(2 passes); call({{.*}}) x->y; map({{[a-z0-9]+}} = g(y))
  for (long i = 0; i < n; i++) {
    s = a * s + x[i];
    y[i] = s;
    z[i] = 0.5f * s + 1;
  }
  return s;
}

// The map's array stored first, y (the state itself) second; a copy, and a
// flag of another element type; the last env returned (read from env).
__attribute__((noinline)) int32_t three(int32_t *env, int32_t *y, int32_t *copy, uint8_t *flag, const int32_t *x,
                                        const int32_t *bias, long n, int32_t s) {
  int32_t e = 0;
  // REMARK-DAG: several-outputs.c:[[@LINE+1]]:{{.*}} signature (1: 3), type i32, order 1, three other arrays stored as elementwise maps of the output after the call; plan: check(x apart from y or exactly y, other loads apart from y, {{.*}}); ask(4 passes); call(1: 3) x->y; map({{[a-z0-9]+}} = g(y, {{[a-z0-9]+}})); map({{[a-z0-9]+}} = y); map({{[a-z0-9]+}} = g(y))
  for (long i = 0; i < n; i++) {
    s = 3 * s + x[i];
    e = (s >> 2) + bias[i];
    env[i] = e;
    y[i] = s;
    copy[i] = s;
    flag[i] = s > 0;
  }
  return e;
}

// Every store a map of the state: y's own map runs last.
__attribute__((noinline)) void maps_only(double *lo, double *hi, const double *x, long n, double a) {
  double s = 0;
  // REMARK-DAG: several-outputs.c:[[@LINE+1]]:{{.*}} type f64, order 1, output an elementwise map of the state, one other array stored as an elementwise map of the output after the call; plan: check(x apart from y, {{[a-z0-9]+}} apart from x and y); ask(3 passes); call({{.*}}) x->y; map({{[a-z0-9]+}} = g(y, {{[a-z0-9]+}})); map(out = g(y))
  for (long i = 0; i < n; i++) {
    s = a * s + (1 - a) * x[i];
    lo[i] = 2 * s;
    hi[i] = x[i] - 2 * s;
  }
}

// Strided: every second element of y and z (a map reading x[i] would be at
// another index: refused, reject-output-index.ll).
__attribute__((noinline)) void strided(int64_t *y, int64_t *z, const int64_t *x, long n) {
  int64_t s = 1;
  // REMARK-DAG: several-outputs.c:[[@LINE+1]]:{{.*}} call to plr_run_many: signature (1: 5), type i64, order 1, layout: y stride 2, x stride 1, one other array stored as an elementwise map of the output after the call
  for (long i = 0; i < n; i++) {
    s = 5 * s + x[i];
    y[2 * i] = s;
    z[2 * i] = 3 * s;
  }
}

// In place: y is also the input, the map writes z.
__attribute__((noinline)) void in_place(float *buf, float *z, long n, float a) {
  float s = 0;
  // REMARK-DAG: several-outputs.c:[[@LINE+1]]:{{.*}} type f32, order 1, one other array stored as an elementwise map of the output after the call; plan: check({{[a-z0-9]+}} apart from y); ask(2 passes); call({{.*}}) y->y in place; map({{[a-z0-9]+}} = g(y))
  for (long i = 0; i < n; i++) {
    s = a * s + buf[i];
    buf[i] = s;
    z[i] = s * s;
  }
}

// Image rows: the state and a map of it stored per row, the map reading x
// and a bias: one plr_run_many, then the maps over every row.
__attribute__((noinline)) void rows(long h, long w, const int32_t *x, int32_t *y, int32_t *env, const int32_t *bias) {
  for (long r = 0; r < h; r++) {
    int32_t s = 0;
    // REMARK-DAG: several-outputs.c:[[@LINE+1]]:{{.*}} replaced loop nest with one call to plr_run_many: signature (1: 3), type i32, order 1; one sequence per iteration of the outer loop, y stride 1, x stride 1, one other array stored as an elementwise map of the output after the call
    for (long c = 0; c < w; c++) {
      s = 3 * s + x[r * w + c];
      y[r * w + c] = s;
      env[r * w + c] = (s >> 2) + bias[r * w + c] - x[r * w + c];
    }
  }
}

// Other shapes whose output another array maps after their calls: a float
// cascade of two low-passes (its first stage returned), an integer chain of
// three integrators (the first returned: one call per stage), transposed
// states loaded and saved (the first outputs peeled).
__attribute__((noinline)) float casc(float *y, float *z, const float *x, long n, float a, float b) {
  float u = 0, v = 0;
  // REMARK-DAG: several-outputs.c:[[@LINE+1]]:{{.*}} a cascade of two recurrences (two calls), one other array stored as an elementwise map of the output after the calls
  for (long i = 0; i < n; i++) {
    u = a * u + (1 - a) * x[i];
    v = b * v + (1 - b) * u;
    y[i] = v;
    z[i] = 2 * v + x[i];
  }
  return u;
}
__attribute__((noinline)) int64_t cic(int64_t *y, int64_t *z, const int64_t *x, long n) {
  int64_t u = 0, v = 0, w = 0;
  // REMARK-DAG: several-outputs.c:[[@LINE+1]]:{{.*}} a cascade of three recurrences (three calls), one other array stored as an elementwise map of the output after the calls
  for (long i = 0; i < n; i++) {
    u += x[i];
    v += u;
    w += v;
    y[i] = w;
    z[i] = w ^ x[i];
  }
  return u;
}
__attribute__((noinline)) void tdf2(double *y, double *z, const double *x, long n, double *st) {
  double z1 = st[0], z2 = st[1];
  // REMARK-DAG: several-outputs.c:[[@LINE+1]]:{{.*}} transposed states (direct form II transposed): the first outputs computed before the call from the states' start, one other array stored as an elementwise map of the output after the call
  for (long i = 0; i < n; i++) {
    double v = 0.5 * x[i] + z1;
    z1 = 0.25 * x[i] - 0.5 * v + z2;
    z2 = 0.125 * x[i] - 0.25 * v;
    y[i] = v;
    z[i] = v * x[i];
  }
  st[0] = z1, st[1] = z2;
}

#define REF __attribute__((optnone, noinline))
REF static long double ref_casc(long double *y, long double *z, const float *x, long n, long double a, long double b) {
  long double u = 0, v = 0;
  for (long i = 0; i < n; i++)
    u = a * u + (1 - a) * x[i], v = b * v + (1 - b) * u, y[i] = v, z[i] = 2 * v + x[i];
  return u;
}
REF static int64_t ref_cic(int64_t *y, int64_t *z, const int64_t *x, long n) {
  uint64_t u = 0, v = 0, w = 0;
  for (long i = 0; i < n; i++)
    u += (uint64_t)x[i], v += u, w += v, y[i] = (int64_t)w, z[i] = (int64_t)(w ^ (uint64_t)x[i]);
  return (int64_t)u;
}
REF static void ref_tdf2(long double *y, long double *z, const double *x, long n, long double *st) {
  long double z1 = st[0], z2 = st[1];
  for (long i = 0; i < n; i++) {
    long double v = 0.5L * x[i] + z1;
    z1 = 0.25L * x[i] - 0.5L * v + z2;
    z2 = 0.125L * x[i] - 0.25L * v;
    y[i] = v, z[i] = v * x[i];
  }
  st[0] = z1, st[1] = z2;
}
REF static void ref_rows(long h, long w, const int32_t *x, int32_t *y, int32_t *env, const int32_t *bias) {
  for (long r = 0; r < h; r++) {
    int32_t s = 0;
    for (long c = 0; c < w; c++) {
      s = (int32_t)(3u * (uint32_t)s + (uint32_t)x[r * w + c]);
      y[r * w + c] = s;
      env[r * w + c] = (int32_t)((uint32_t)(s >> 2) + (uint32_t)bias[r * w + c] - (uint32_t)x[r * w + c]);
    }
  }
}
REF static long double ref_two(long double *y, long double *z, const long double *x, long n, long double a) {
  long double s = 0.25L;
  for (long i = 0; i < n; i++)
    s = a * s + x[i], y[i] = s, z[i] = 0.5L * s + 1;
  return s;
}
REF static int32_t ref_three(int32_t *env, int32_t *y, int32_t *copy, uint8_t *flag, const int32_t *x,
                             const int32_t *bias, long n, int32_t s) {
  int32_t e = 0;
  for (long i = 0; i < n; i++) {
    s = (int32_t)(3u * (uint32_t)s + (uint32_t)x[i]);
    e = (int32_t)((uint32_t)(s >> 2) + (uint32_t)bias[i]);
    env[i] = e, y[i] = s, copy[i] = s, flag[i] = s > 0;
  }
  return e;
}
REF static void ref_maps_only(long double *lo, long double *hi, const double *x, long n, long double a) {
  long double s = 0;
  for (long i = 0; i < n; i++)
    s = a * s + (1 - a) * x[i], lo[i] = 2 * s, hi[i] = x[i] - 2 * s;
}
REF static void ref_strided(int64_t *y, int64_t *z, const int64_t *x, long n) {
  int64_t s = 1;
  for (long i = 0; i < n; i++)
    s = (int64_t)(5u * (uint64_t)s + (uint64_t)x[i]), y[2 * i] = s, z[2 * i] = (int64_t)(3u * (uint64_t)s);
}
REF static void ref_in_place(long double *buf, long double *z, long n, long double a) {
  long double s = 0;
  for (long i = 0; i < n; i++)
    s = a * s + buf[i], buf[i] = s, z[i] = s * s;
}

/* xorshift: not a linear recurrence, so no call makes the inputs */
static uint32_t rng = 88172645u;
__attribute__((noinline)) static uint32_t next(void) {
  rng ^= rng << 13, rng ^= rng >> 17, rng ^= rng << 5;
  return rng;
}
static float unit(void) { return ((int)(next() % 2001) - 1000) / 1000.0f + 0.0005f; }

static long double worst_f(const float *got, const long double *ref, long n) {
  long double w = 0;
  for (long i = 0; i < n; i++)
    w = fmaxl(w, fabsl(got[i] - ref[i]) / (1 + fabsl(ref[i])));
  return w;
}
static long double worst_d(const double *got, const long double *ref, long n) {
  long double w = 0;
  for (long i = 0; i < n; i++)
    w = fmaxl(w, fabsl(got[i] - ref[i]) / (1 + fabsl(ref[i])));
  return w;
}
static const char *verdict(long double w) { return w <= 1e-4L ? "ok" : "BAD"; }
static unsigned long hash(const int32_t *v, long n) {
  unsigned long h = 0;
  for (long i = 0; i < n; i++)
    h = h * 1000003u ^ (uint32_t)v[i];
  return h;
}

int main(void) {
  /* y and z in one buffer, so that they can overlap */
  float *buf = malloc((3 * N + 16) * sizeof *buf), *x = malloc((N + 8) * sizeof *x);
  long double *lbuf = malloc((3 * N + 16) * sizeof *lbuf), *lx = malloc((N + 8) * sizeof *lx);
  for (long i = 0; i < N + 8; i++)
    x[i] = unit(), lx[i] = x[i];
  for (long i = 0; i < 3 * N + 16; i++)
    buf[i] = unit(), lbuf[i] = buf[i];
  float *y = buf, *z = buf + N + 8;
  long double *ly = lbuf, *lz = lbuf + N + 8;
  float s = two(y, z, x, N, 0.9f);
  long double ls = ref_two(ly, lz, lx, N, 0.9L);
  printf("two %s (state %s)\n", verdict(fmaxl(worst_f(y, ly, N), worst_f(z, lz, N))),
         verdict(fabsl(s - ls) / (1 + fabsl(ls))));
  /* z overlapping y by an offset, then x: the loop runs as written */
  for (long i = 0; i < 3 * N + 16; i++)
    lbuf[i] = buf[i];
  two(buf, buf + 5, x, N, 0.9f);
  ref_two(lbuf, lbuf + 5, lx, N, 0.9L);
  printf("two z overlapping y %s\n", verdict(worst_f(buf, lbuf, N + 5)));
  float *xz = malloc((N + 8) * sizeof *xz);
  for (long i = 0; i < N + 8; i++)
    xz[i] = x[i], lx[i] = x[i];
  two(y, xz + 1, xz, N, 0.9f);
  ref_two(ly, lx + 1, lx, N, 0.9L);
  printf("two z overlapping x %s\n", verdict(fmaxl(worst_f(y, ly, N), worst_f(xz, lx, N + 1))));

  int32_t *xi = malloc(N * sizeof *xi), *bias = malloc((N + 8) * sizeof *bias);
  for (long i = 0; i < N; i++)
    xi[i] = (int32_t)(next() >> 3) | 1;
  for (long i = 0; i < N + 8; i++)
    bias[i] = ((int32_t)(next() % 101) - 50) | 1; /* non-zero */
  int32_t *o[4], *r[4];
  uint8_t *fl = malloc(N), *rfl = malloc(N);
  for (int k = 0; k < 4; k++)
    o[k] = malloc((N + 8) * sizeof *o[k]), r[k] = malloc((N + 8) * sizeof *r[k]);
  int32_t e = three(o[0], o[1], o[2], fl, xi, bias, N, 7);
  int32_t re = ref_three(r[0], r[1], r[2], rfl, xi, bias, N, 7);
  long bad = e != re;
  for (long i = 0; i < N; i++)
    bad += o[0][i] != r[0][i] || o[1][i] != r[1][i] || o[2][i] != r[2][i] || fl[i] != rfl[i];
  printf("three %s %lx %lx\n", bad ? "BAD" : "ok", hash(o[0], N), hash(o[1], N));
  /* bias overlapping env (bias = env + 3): the loop runs */
  for (long i = 0; i < N + 8; i++)
    o[3][i] = r[3][i] = bias[i];
  e = three(o[3], o[1], o[2], fl, xi, o[3] + 3, N - 3, 7);
  re = ref_three(r[3], r[1], r[2], rfl, xi, r[3] + 3, N - 3, 7);
  bad = e != re;
  for (long i = 0; i < N; i++)
    bad += o[3][i] != r[3][i] || o[1][i] != r[1][i];
  printf("three overlapping %s %lx\n", bad ? "BAD" : "ok", hash(o[3], N));

  /* 257 rows of 389; then env overlapping y's next row (env = y + 389): the nest runs */
  enum { H = 257, W = 389 };
  int32_t *yy = malloc(2 * H * W * sizeof *yy), *ry = malloc(2 * H * W * sizeof *ry);
  for (long i = 0; i < 2 * H * W; i++)
    yy[i] = ry[i] = (int32_t)i;
  rows(H, W, xi, yy, yy + H * W, bias);
  ref_rows(H, W, xi, ry, ry + H * W, bias);
  bad = 0;
  for (long i = 0; i < 2 * H * W; i++)
    bad += yy[i] != ry[i];
  printf("rows %s %lx\n", bad ? "BAD" : "ok", hash(yy, 2 * H * W));
  rows(H - 1, W, xi, yy, yy + W, bias);
  ref_rows(H - 1, W, xi, ry, ry + W, bias);
  bad = 0;
  for (long i = 0; i < 2 * H * W; i++)
    bad += yy[i] != ry[i];
  printf("rows overlapping %s %lx\n", bad ? "BAD" : "ok", hash(yy, 2 * H * W));

  double *xd = malloc(N * sizeof *xd), *lo = malloc(N * sizeof *lo), *hi = malloc(N * sizeof *hi);
  long double *rlo = malloc(N * sizeof *rlo), *rhi = malloc(N * sizeof *rhi);
  for (long i = 0; i < N; i++)
    xd[i] = unit();
  maps_only(lo, hi, xd, N, 0.875);
  ref_maps_only(rlo, rhi, xd, N, 0.875L);
  printf("maps_only %s\n", worst_d(lo, rlo, N) + worst_d(hi, rhi, N) < 1e-9L ? "ok" : "BAD");

  int64_t *x64 = malloc(N * sizeof *x64), *y64 = calloc(2 * N, sizeof *y64), *z64 = calloc(2 * N, sizeof *z64);
  int64_t *ry64 = calloc(2 * N, sizeof *ry64), *rz64 = calloc(2 * N, sizeof *rz64);
  for (long i = 0; i < N; i++)
    x64[i] = (int64_t)next() << 7 | 1;
  strided(y64, z64, x64, N / 2);
  ref_strided(ry64, rz64, x64, N / 2);
  bad = 0;
  for (long i = 0; i < 2 * N; i++)
    bad += y64[i] != ry64[i] || z64[i] != rz64[i];
  printf("strided %s\n", bad ? "BAD" : "ok");

  float *cy = malloc(N * sizeof *cy), *cz = malloc(N * sizeof *cz);
  long double *rcy = malloc(N * sizeof *rcy), *rcz = malloc(N * sizeof *rcz);
  float cu = casc(cy, cz, x, N, 0.8f, 0.7f);
  long double rcu = ref_casc(rcy, rcz, x, N, 0.8f, 0.7f);
  printf("casc %s\n", verdict(fmaxl(fmaxl(worst_f(cy, rcy, N), worst_f(cz, rcz, N)), fabsl(cu - rcu))));
  int64_t *cyl = malloc(N * sizeof *cyl), *czl = malloc(N * sizeof *czl);
  int64_t *rcyl = malloc(N * sizeof *rcyl), *rczl = malloc(N * sizeof *rczl);
  int64_t ul = cic(cyl, czl, x64, N), rul = ref_cic(rcyl, rczl, x64, N);
  bad = ul != rul;
  for (long i = 0; i < N; i++)
    bad += cyl[i] != rcyl[i] || czl[i] != rczl[i];
  printf("cic %s\n", bad ? "BAD" : "ok");
  double *ty = malloc(N * sizeof *ty), *tz = malloc(N * sizeof *tz), st2[2] = {0.125, -0.25};
  long double *rty = malloc(N * sizeof *rty), *rtz = malloc(N * sizeof *rtz), rst2[2] = {0.125L, -0.25L};
  tdf2(ty, tz, xd, N, st2);
  ref_tdf2(rty, rtz, xd, N, rst2);
  long double wt = fmaxl(fabsl(st2[0] - rst2[0]), fabsl(st2[1] - rst2[1]));
  printf("tdf2 %s\n", worst_d(ty, rty, N) + worst_d(tz, rtz, N) + wt < 1e-9L ? "ok" : "BAD");

  float *ib = malloc(N * sizeof *ib), *iz = malloc(N * sizeof *iz);
  long double *lib = malloc(N * sizeof *lib), *liz = malloc(N * sizeof *liz);
  for (long i = 0; i < N; i++)
    ib[i] = unit(), lib[i] = ib[i];
  in_place(ib, iz, N, 0.5f);
  ref_in_place(lib, liz, N, 0.5L);
  printf("in_place %s\n", verdict(fmaxl(worst_f(ib, lib, N), worst_f(iz, liz, N))));
  return 0;
}
// two, three, the rows, maps_only, strided, casc (two), cic (three), tdf2,
// in_place; not the four overlapping ones.
// CALLS-COUNT-12: n={{[0-9]+}}
// CALLS-NOT: n={{[0-9]+}}
