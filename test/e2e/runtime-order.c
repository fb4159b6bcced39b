// LPC synthesis (the all-pole filter of speech codecs) with the order a
// run-time value: the taps are an inner loop over p, and the pass replaces
// the loop nest with one call whose signature plr_signature_from_array reads
// from the coefficients at run time. Forms: -= and +=, coefficients a[j],
// a[j-1] and a[p-j], float, double, int, long and unsigned, the sum from zero
// subtracted from x[i], in place, the outer loop from 0 (the history before
// the array is the caller's memory). With a constant order the inner loop is
// unrolled and replaced as before; a fixed-point version (a rounding shift)
// is refused as not linear. The original loop runs for p = 0, p > 32, short
// arrays, and coefficients or inputs overlapping the outputs. Outputs equal
// the plain build's on every device.
// REQUIRES: pass
// RUN: %clang -O2 -ffast-math %s -o %t.ref
// RUN: %t.ref > %t.ref.out
// RUN: %FileCheck %s --check-prefix=OUT < %t.ref.out
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -ffast-math -g -fpass-plugin=%plr-pass -Rpass=plr -Rpass-missed=plr %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -o %t.plr 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: env PLR_VERBOSE=1 %t.plr > %t.plr.out 2> %t.plr.err
// RUN: diff %t.ref.out %t.plr.out
// RUN: grep -c "^plr: (" %t.plr.err | %FileCheck %s --check-prefix=NCALLS
// RUN: %FileCheck %s --check-prefix=CALLS < %t.plr.err
// RUN: env PLR_DEVICE=cpu PLR_THREADS=3 %t.plr > %t.cpu.out
// RUN: diff %t.ref.out %t.cpu.out
// RUN: env PLR_DEVICE=serial %t.plr > %t.serial.out
// RUN: diff %t.ref.out %t.serial.out
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NOINLINE __attribute__((noinline))

// REMARK-DAG: runtime-order.c:[[@LINE+2]]:{{.*}} replaced linear recurrence with a call to plr_run: signature (1: -a[j] for j = 1..p), type f64, order p, order a run-time value
NOINLINE void synth_p(double *y, const double *x, const double *a, int n, int p) {
  for (int i = p; i < n; i++) {
    double s = x[i];
    for (int j = 1; j <= p; j++)
      s -= a[j] * y[i - j];
    y[i] = s;
  }
}

// REMARK-DAG: runtime-order.c:[[@LINE+2]]:{{.*}} signature (1: -a[j] for j = 1..p), type f32, order p, {{.*}}plan: check(x apart from y or exactly y, coefficients apart from y, the taps run, 1 <= p <= 32); signature(from the array: b[j] = -a[j], j = 1..p); ask(1 pass); call(1: b[1..p]) x->y, history y[-p..-1] from memory
NOINLINE void lpc_f32(float *y, const float *x, const float *a, int n, int p) {
  for (int i = p; i < n; i++) {
    float s = x[i];
    for (int j = 1; j <= p; j++)
      s -= a[j] * y[i - j];
    y[i] = s;
  }
}

// REMARK-DAG: runtime-order.c:[[@LINE+2]]:{{.*}} signature (1: a[j - 1] for j = 1..p), type f64, order p
NOINLINE void lpc_plus_prev(double *y, const double *x, const double *a, int n, int p) {
  for (int i = p; i < n; i++) {
    double s = x[i];
    for (int j = 1; j <= p; j++)
      s += a[j - 1] * y[i - j];
    y[i] = s;
  }
}

// REMARK-DAG: runtime-order.c:[[@LINE+2]]:{{.*}} signature (1: -a[{{.*}}p - j] for j = 1..p), type f32, order p
NOINLINE void lpc_rev(float *y, const float *x, const float *a, int n, int p) {
  for (int i = p; i < n; i++) {
    float s = x[i];
    for (int j = 1; j <= p; j++)
      s -= a[p - j] * y[i - j];
    y[i] = s;
  }
}

// REMARK-DAG: runtime-order.c:[[@LINE+2]]:{{.*}} signature (1: -a[j] for j = 1..p), type f32, order p, {{.*}}call(1: b[1..p]) x->y
NOINLINE void lpc_sum0(float *y, const float *x, const float *a, int n, int p) {
  for (int i = p; i < n; i++) {
    float s = 0;
    for (int j = 1; j <= p; j++)
      s += a[j] * y[i - j];
    y[i] = x[i] - s;
  }
}

// REMARK-DAG: runtime-order.c:[[@LINE+2]]:{{.*}} signature (1: -a[j] for j = 1..p), type f64, order p, {{.*}}plan: check(x apart from y or exactly y, coefficients apart from y
NOINLINE void lpc_from0(double *y, const double *x, const double *a, long n, int p) {
  for (long i = 0; i < n; i++) {
    double s = x[i];
    for (int j = 1; j <= p; j++)
      s -= a[j] * y[i - j];
    y[i] = s;
  }
}

// REMARK-DAG: runtime-order.c:[[@LINE+2]]:{{.*}} signature (1: -a[j] for j = 1..p), type i32, order p
NOINLINE void lpc_i32(int *y, const int *x, const int *a, int n, int p) {
  for (int i = p; i < n; i++) {
    int s = x[i];
    for (int j = 1; j <= p; j++)
      s -= a[j] * y[i - j];
    y[i] = s;
  }
}

// REMARK-DAG: runtime-order.c:[[@LINE+2]]:{{.*}} signature (1: a[j] for j = 1..p), type i64, order p
NOINLINE void lpc_i64(long *y, const long *x, const long *a, long n, long p) {
  for (long i = p; i < n; i++) {
    long s = x[i];
    for (long j = 1; j <= p; j++)
      s += a[j] * y[i - j];
    y[i] = s;
  }
}

// REMARK-DAG: runtime-order.c:[[@LINE+2]]:{{.*}} signature (1: -a[j] for j = 1..p), type i32, order p, {{.*}}plan: check(coefficients apart from y, the taps run, 1 <= p <= 32); {{.*}} y->y in place
NOINLINE void lpc_u32_inplace(unsigned *y, const unsigned *a, int n, int p) {
  for (int i = p; i < n; i++) {
    unsigned s = y[i];
    for (int j = 1; j <= p; j++)
      s -= a[j] * y[i - j];
    y[i] = s;
  }
}

#define P10 10
// REMARK-DAG: runtime-order.c:[[@LINE+2]]:{{.*}} replaced linear recurrence {{.*}} type f64, order 10
NOINLINE void synth_10(double *y, const double *x, const double *a, int n) {
  for (int i = P10; i < n; i++) {
    double s = x[i];
    for (int j = 1; j <= P10; j++)
      s -= a[j] * y[i - j];
    y[i] = s;
  }
}

// REMARK-DAG: runtime-order.c:[[@LINE+6]]:14: remark: recurrence not replaced: the recurrence is not linear; in the loop at line [[#@LINE+2]], column 3
NOINLINE void synth_q(int *y, const int *x, const int *a, int n, int p) {
  for (int i = p; i < n; i++) {
    int s = x[i] << 12;
    for (int j = 1; j <= p; j++)
      s -= a[j] * y[i - j];
    y[i] = s >> 12;
  }
}

/* ---- references: the taps summed in long double (floats) or from the
 * last one down (integers, exact in any order; a loop the pass leaves) */

static uint64_t seed = 88172645463325252ull;
static uint64_t next(void) {
  seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
  return seed;
}
static double unit(void) { /* (-1, 1), never 0 */
  double u;
  do
    u = (double)(next() >> 11) / 9007199254740992.0 * 2 - 1;
  while (u == 0);
  return u;
}
static long inz(long range) { /* -range..range, never 0 */
  long v;
  do
    v = (long)(next() % (2 * (uint64_t)range + 1)) - range;
  while (v == 0);
  return v;
}

enum { PAD = 40, MAXN = 30011 };
/* first: the loop's first i; sign: +1 for +=; coef(j) as the kernel reads */
static long double ref_fp(long double *r, const long double *hist, const double *x, const double *c, int n,
                          int first, int p, int sign, int rev, int prev) {
  long double big = 1;
  for (int i = 0; i < n; i++) {
    if (i < first) {
      r[i] = hist[i];
      continue;
    }
    long double s = x[i];
    for (int j = 1; j <= p; j++) {
      long double yj = i - j >= 0 ? r[i - j] : hist[i - j];
      long double cj = c[rev ? p - j : prev ? j - 1 : j];
      s += sign * cj * yj;
    }
    r[i] = s;
    if (fabsl(s) > big)
      big = fabsl(s);
  }
  return big;
}

/* (-ffast-math folds isnan away) */
static int finite_bits(double v) {
  uint64_t u;
  memcpy(&u, &v, sizeof u);
  return ((u >> 52) & 0x7ff) != 0x7ff;
}

static unsigned long hash(const void *v, size_t bytes) {
  const unsigned char *b = v;
  unsigned long h = 1469598103934665603ul;
  for (size_t k = 0; k < bytes; k++)
    h = (h ^ b[k]) * 1099511628211ul;
  return h;
}

static double xd[MAXN], ad[PAD], yd_buf[PAD + MAXN];
static float xf[MAXN], af[PAD], yf_buf[PAD + MAXN];
static long double hist_buf[PAD + MAXN], ref[MAXN];

/* Fill x, the coefficients (|a| summing to < 0.9: stable) and y's history
 * (y[-PAD..-1], y[0..first-1]) with random non-zero values. */
static void fill_fp(int n, int p) {
  for (int i = 0; i < n; i++)
    xd[i] = unit(), xf[i] = (float)xd[i];
  for (int j = 0; j < PAD; j++) {
    ad[j] = p ? unit() * 0.9 / p : unit();
    af[j] = (float)ad[j];
  }
  for (int i = 0; i < PAD + n; i++)
    yd_buf[i] = unit(), yf_buf[i] = (float)yd_buf[i];
}

static void check_fp(const char *name, int n, int p, int first, int sign, int rev, int prev, int is_float) {
  const double *c = ad;
  static double cf[PAD], xx[MAXN];
  if (is_float) { /* the reference reads what the float kernel reads */
    for (int j = 0; j < PAD; j++)
      cf[j] = af[j];
    for (int i = 0; i < n; i++)
      xx[i] = xf[i];
    c = cf;
  }
  for (int i = 0; i < PAD + n; i++)
    hist_buf[i] = is_float ? yf_buf[i] : yd_buf[i];
  /* hist[i] is y[i] as it was before the call */
  long double big = ref_fp(ref, hist_buf + PAD, is_float ? xx : xd, c, n, first, p, sign, rev, prev);
  long double err = 0;
  int finite = 1;
  for (int i = 0; i < n; i++) {
    long double v = is_float ? yf_buf[PAD + i] : yd_buf[PAD + i];
    finite &= finite_bits(is_float ? yf_buf[PAD + i] : yd_buf[PAD + i]);
    if (fabsl(v - ref[i]) > err)
      err = fabsl(v - ref[i]);
  }
  long double tol = (is_float ? 1e-4L : 1e-12L) * big;
  printf("%s p=%d n=%d %s\n", name, p, n, finite && err <= tol ? "ok" : "BAD");
  if (!finite || err > tol)
    fprintf(stderr, "%s p=%d n=%d: error %Lg > %Lg\n", name, p, n, err, tol);
}

static int xi[MAXN], ai[PAD], yi_buf[PAD + MAXN], ri[MAXN + PAD];
static long xl[MAXN], al[PAD], yl_buf[PAD + MAXN], rl[MAXN];

static void check_int(const char *name, int n, int p, const int *y, const int *expect) {
  int same = memcmp(y, expect, (size_t)n * sizeof *y) == 0;
  printf("%s p=%d n=%d %s %lx\n", name, p, n, same ? "ok" : "BAD", hash(y, (size_t)n * sizeof *y));
}

int main(void) {
  static const int ns[] = {1000, 4097, MAXN};
  static const int ps[] = {0, 1, 2, 5, 10, 17, 32, 33};
  for (unsigned a = 0; a < sizeof ns / sizeof *ns; a++)
    for (unsigned b = 0; b < sizeof ps / sizeof *ps; b++) {
      int n = ns[a], p = ps[b];
      double *yd = yd_buf + PAD;
      float *yf = yf_buf + PAD;
      fill_fp(n, p);
      synth_p(yd, xd, ad, n, p);
      check_fp("synth_p", n, p, p, -1, 0, 0, 0);
      fill_fp(n, p);
      lpc_f32(yf, xf, af, n, p);
      check_fp("lpc_f32", n, p, p, -1, 0, 0, 1);
      fill_fp(n, p);
      lpc_plus_prev(yd, xd, ad, n, p);
      check_fp("lpc_plus_prev", n, p, p, 1, 0, 1, 0);
      fill_fp(n, p);
      lpc_rev(yf, xf, af, n, p);
      check_fp("lpc_rev", n, p, p, -1, 1, 0, 1);
      fill_fp(n, p);
      lpc_sum0(yf, xf, af, n, p);
      check_fp("lpc_sum0", n, p, p, -1, 0, 0, 1);
      if (p <= PAD - 1) {
        fill_fp(n, p);
        lpc_from0(yd, xd, ad, n, p);
        check_fp("lpc_from0", n, p, 0, -1, 0, 0, 0);
      }

      /* integers: exact, wrapping */
      int *yi = yi_buf + PAD;
      for (int i = 0; i < n; i++)
        xi[i] = (int)inz(1 << 30);
      for (int j = 0; j < PAD; j++)
        ai[j] = (int)inz(1000);
      for (int i = 0; i < PAD + n; i++)
        yi_buf[i] = (int)inz(1 << 30);
      memcpy(ri, yi, (size_t)n * sizeof *ri);
      for (int i = p; i < n; i++) {
        unsigned s = (unsigned)xi[i];
        for (int j = p; j >= 1; j--)
          s -= (unsigned)ai[j] * (unsigned)ri[i - j];
        ri[i] = (int)s;
      }
      lpc_i32(yi, xi, ai, n, p);
      check_int("lpc_i32", n, p, yi, ri);

      /* in place (unsigned): y[i] starts as x[i] */
      for (int i = 0; i < PAD + n; i++)
        yi_buf[i] = (int)inz(1 << 30);
      memcpy(ri, yi, (size_t)n * sizeof *ri);
      for (int i = p; i < n; i++) {
        unsigned s = (unsigned)ri[i];
        for (int j = p; j >= 1; j--)
          s -= (unsigned)ai[j] * (unsigned)ri[i - j];
        ri[i] = (int)s;
      }
      lpc_u32_inplace((unsigned *)yi, (const unsigned *)ai, n, p);
      check_int("lpc_u32_inplace", n, p, yi, ri);

      long *yl = yl_buf + PAD;
      for (int i = 0; i < n; i++)
        xl[i] = inz(1l << 40);
      for (int j = 0; j < PAD; j++)
        al[j] = inz(100000);
      for (int i = 0; i < PAD + n; i++)
        yl_buf[i] = inz(1l << 40);
      memcpy(rl, yl, (size_t)n * sizeof *rl);
      for (int i = p; i < n; i++) {
        uint64_t s = (uint64_t)xl[i];
        for (int j = p; j >= 1; j--)
          s += (uint64_t)al[j] * (uint64_t)rl[i - j];
        rl[i] = (long)s;
      }
      lpc_i64(yl, xl, al, n, p);
      printf("lpc_i64 p=%d n=%d %s %lx\n", p, n, memcmp(yl, rl, (size_t)n * sizeof *yl) ? "BAD" : "ok",
             hash(yl, (size_t)n * sizeof *yl));
    }

  /* Overlaps the call must not take: coefficients among the outputs (the
   * loop reads coefficients it has overwritten), x one element after y.
   * The original loop runs; the references are that loop's arithmetic. */
  {
    volatile int p5 = 5; /* (a run-time order: the reference loops are left alone) */
    int n = 1000, p = p5, *yi = yi_buf + PAD;
    for (int i = 0; i < PAD + n; i++)
      yi_buf[i] = (int)inz(1000);
    memcpy(ri, yi_buf, sizeof yi_buf[0] * (size_t)(PAD + n));
    int *r = ri + PAD;
    for (int i = p; i < n; i++) {
      unsigned s = (unsigned)xi[i];
      for (int j = p; j >= 1; j--)
        s -= (unsigned)r[500 + j] * (unsigned)r[i - j];
      r[i] = (int)s;
    }
    lpc_i32(yi, xi, yi + 500, n, p);
    check_int("coefficients in y", n, p, yi, r);
    for (int i = 0; i < PAD + n + 1; i++)
      yi_buf[i] = (int)inz(1000);
    memcpy(ri, yi_buf, sizeof yi_buf[0] * (size_t)(PAD + n + 1));
    for (int i = p; i < n; i++) {
      unsigned s = (unsigned)r[i + 1];
      for (int j = p; j >= 1; j--)
        s -= (unsigned)ai[j] * (unsigned)r[i - j];
      r[i] = (int)s;
    }
    lpc_i32(yi, yi + 1, ai, n, p);
    check_int("x overlapping y", n, p, yi, r);
  }

  /* constant order and the fixed-point form: as before */
  {
    int n = 30000;
    double *yd = yd_buf + PAD;
    fill_fp(n, P10);
    synth_10(yd, xd, ad, n);
    check_fp("synth_10", n, P10, P10, -1, 0, 0, 0);
    int *yi = yi_buf + PAD;
    for (int i = 0; i < n; i++)
      xi[i] = (int)inz(2048), yi[i] = i < 10 ? xi[i] : 0;
    for (int j = 0; j < PAD; j++)
      ai[j] = (int)inz(1000) >> 4;
    synth_q(yi, xi, ai, n, 10);
    printf("fixed point %lx\n", hash(yi, (size_t)n * sizeof *yi));
  }
  return 0;
}
// OUT-NOT: BAD
// OUT: fixed point
// The calls: nine kernels at three sizes for p = 1, 2, 5, 10, 17, 32 (p = 0,
// p = 33 and the overlaps run the loop), and synth_10.
// NCALLS: 163
// CALLS-DAG: plr: (1: {{[^,]*}}) f64 n=999
// CALLS-DAG: plr: (1: {{[^,]*}}) f32 n=30010
// CALLS-DAG: plr: (1: {{([^,]*, ){31}[^,]*}}) i64 n=29979
