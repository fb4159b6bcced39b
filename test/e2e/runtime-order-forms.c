// Recurrences of run-time order (LPC synthesis) in the forms the fuzzer
// found refused: a gain on the input (y[i] = g*x[i] - s, s started from
// g*x[i], 2*x[i] as a shift; a FIR tap of length 1, signature (g: -a[j]))
// and taps summed from p down to 1 (the taps walk y up from y[i-p]) are
// replaced; so is a factor on the sum (y[i] = x[i] - g*s, x[i] + s*g,
// g*(x[i] - s), h*(g*x[i] - s); g an argument or read from a struct before the loop: every
// b[j] of the signature times g), with g = 1, 0.5, -3, 0 (all taps zero: the
// loop runs), 5 and struct fields; unsigned 32-bit indices
// (RuntimeOrderWrap) are refused with their reason. Outputs equal the plain
// build's (integers bit for bit; floats and doubles within a tolerance of a
// long double reference, in both builds), under auto, cpu with 3 threads
// and serial; p = 0, 1, 2, 5, 17, 32, 33 (0 and 33: the loop runs), sizes
// that are not powers of two, random non-zero data.
// REQUIRES: pass
// RUN: %clang -O2 -ffast-math %s -o %t.ref
// RUN: %t.ref > %t.ref.out
// RUN: %FileCheck %s --check-prefix=OUT < %t.ref.out
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -ffast-math -g -fpass-plugin=%plr-pass -Rpass=plr -Rpass-missed=plr %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -o %t.plr 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: env PLR_VERBOSE=1 %t.plr > %t.plr.out 2> %t.plr.err
// RUN: diff %t.ref.out %t.plr.out
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

// REMARK-DAG: runtime-order-forms.c:[[@LINE+2]]:{{.*}} replaced linear recurrence with a call to plr_run: signature (g: -a[j] for j = 1..p), type f32, order p, {{.*}}signature(from the array: b[j] = -a[j], j = 1..p; a0 = g); ask(1 pass); call(g: b[1..p]) x->y
NOINLINE void gain_f32(float *y, const float *x, const float *a, int n, int p, float g) {
  for (int i = p; i < n; i++) {
    float s = 0;
    for (int j = 1; j <= p; j++)
      s -= a[j] * y[i - j];
    y[i] = g * x[i] + s;
  }
}

// REMARK-DAG: runtime-order-forms.c:[[@LINE+2]]:{{.*}} replaced linear recurrence with a call to plr_run: signature (g: -a[j] for j = 1..p), type i32, order p
NOINLINE void gain_i32(int *y, const int *x, const int *a, int n, int p, int g) {
  for (int i = p; i < n; i++) {
    int s = g * x[i];
    for (int j = 1; j <= p; j++)
      s -= a[j] * y[i - j];
    y[i] = s;
  }
}

// REMARK-DAG: runtime-order-forms.c:[[@LINE+2]]:{{.*}} replaced linear recurrence with a call to plr_run: signature (g: a[j] for j = 1..p), type f64, order p
NOINLINE void gain_f64_plus(double *y, const double *x, const double *a, long n, int p, double g) {
  for (long i = p; i < n; i++) {
    double s = 0;
    for (int j = 1; j <= p; j++)
      s += a[j] * y[i - j];
    y[i] = x[i] * g + s;
  }
}

// REMARK-DAG: runtime-order-forms.c:[[@LINE+2]]:{{.*}} replaced linear recurrence with a call to plr_run: signature (2: -a[j] for j = 1..p), type i64, order p
NOINLINE void twice_i64(long *y, const long *x, const long *a, long n, long p) {
  for (long i = p; i < n; i++) {
    long s = 0;
    for (long j = 1; j <= p; j++)
      s += a[j] * y[i - j];
    y[i] = 2 * x[i] - s;
  }
}

// REMARK-DAG: runtime-order-forms.c:[[@LINE+2]]:{{.*}} replaced linear recurrence with a call to plr_run: signature (1: -a[j] for j = 1..p), type i32, order p
NOINLINE void down_i32(int *y, const int *x, const int *a, int n, int p) {
  for (int i = p; i < n; i++) {
    int s = x[i];
    for (int j = p; j >= 1; j--)
      s -= a[j] * y[i - j];
    y[i] = s;
  }
}

// REMARK-DAG: runtime-order-forms.c:[[@LINE+2]]:{{.*}} replaced linear recurrence with a call to plr_run: signature (1: a[j - 1] for j = 1..p), type f32, order p
NOINLINE void down_f32(float *y, const float *x, const float *a, long n, int p) {
  for (long i = p; i < n; i++) {
    float s = x[i];
    for (int j = p; j >= 1; j--)
      s += a[j - 1] * y[i - j];
    y[i] = s;
  }
}

// REMARK-DAG: runtime-order-forms.c:[[@LINE+2]]:{{.*}} replaced linear recurrence with a call to plr_run: signature (g: -a[j] for j = 1..p), type i64, order p
NOINLINE void down_gain_i64(long *y, const long *x, const long *a, long n, long p, long g) {
  for (long i = p; i < n; i++) {
    long s = 0;
    for (long j = p; j > 0; j--)
      s += a[j] * y[i - j];
    y[i] = g * x[i] - s;
  }
}

// REMARK-DAG: runtime-order-forms.c:[[@LINE+2]]:{{.*}} replaced linear recurrence with a call to plr_run: signature (1: -g*a[j] for j = 1..p), type i32, order p, {{.*}}signature(from the array: b[j] = -g*a[j], j = 1..p)
NOINLINE void gain_on_sum(int *y, const int *x, const int *a, int n, int p, int g) {
  for (int i = p; i < n; i++) {
    int s = 0;
    for (int j = 1; j <= p; j++)
      s += a[j] * y[i - j];
    y[i] = x[i] - g * s;
  }
}

// REMARK-DAG: runtime-order-forms.c:[[@LINE+2]]:{{.*}} replaced linear recurrence with a call to plr_run: signature (1: g*a[j] for j = 1..p), type f32, order p
NOINLINE void sum_gain_f32(float *y, const float *x, const float *a, int n, int p, float g) {
  for (int i = p; i < n; i++) {
    float s = 0;
    for (int j = 1; j <= p; j++)
      s += a[j] * y[i - j];
    y[i] = x[i] + s * g;
  }
}

// h*(g*x[i] - s): a0 = h*g, every coefficient times h.
// REMARK-DAG: runtime-order-forms.c:[[@LINE+2]]:{{.*}} replaced linear recurrence with a call to plr_run: signature (h*g: -h*a[j] for j = 1..p), type f32, order p
NOINLINE void gains_f32(float *y, const float *x, const float *a, int n, int p, float g, float h) {
  for (int i = p; i < n; i++) {
    float s = g * x[i];
    for (int j = 1; j <= p; j++)
      s -= a[j] * y[i - j];
    y[i] = h * s;
  }
}

struct lpc_f64 {
  int order;
  double gain;
};
struct lpc_i64 {
  long order, gain;
};

// The gain read from a struct before the loop (the loop stores doubles, so
// a read of st->gain inside it could not be moved out of it).
// REMARK-DAG: runtime-order-forms.c:[[@LINE+4]]:{{.*}} replaced linear recurrence with a call to plr_run: signature (1: -g*a[j] for j = 1..p), type f64, order p
NOINLINE void struct_gain_f64(double *y, const double *x, const double *a, long n, const struct lpc_f64 *st) {
  double g = st->gain;
  int p = st->order;
  for (long i = p; i < n; i++) {
    double s = 0;
    for (int j = 1; j <= p; j++)
      s += a[j] * y[i - j];
    y[i] = x[i] - g * s;
  }
}

// g*(x[i] - s): a gain on the input and the same factor on the sum.
// REMARK-DAG: runtime-order-forms.c:[[@LINE+3]]:{{.*}} replaced linear recurrence with a call to plr_run: signature (g: -g*a[j] for j = 1..p), type i64, order p
NOINLINE void struct_gain_i64(long *y, const long *x, const long *a, long n, const struct lpc_i64 *st) {
  long g = st->gain, p = st->order;
  for (long i = p; i < n; i++) {
    long s = x[i];
    for (long j = 1; j <= p; j++)
      s -= a[j] * y[i - j];
    y[i] = g * s;
  }
}

// REMARK-DAG: runtime-order-forms.c:[[@LINE+5]]:19: remark: recurrence not replaced: the recurrence's order is a run-time value and the taps read y[i - j] at an index computed in 32-bit unsigned arithmetic{{.*}}; in the loop at line [[#@LINE+2]], column 3
NOINLINE void unsigned_idx(int *y, const int *x, const int *a, unsigned n, unsigned p) {
  for (unsigned i = p; i < n; i++) {
    int s = x[i];
    for (unsigned j = 1; j <= p; j++)
      s -= a[j] * y[i - j];
    y[i] = s;
  }
}

/* ---- references (optnone: never replaced), taps summed in long double */

static uint64_t seed = 0x9e3779b97f4a7c15ull;
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

enum { PAD = 40, MAXN = 20011 };
static long double rf[PAD + MAXN];

/* y[i] = g*x[i] + sign*h*sum_j c(j)*y[i-j], c(j) = a[j + off] */
__attribute__((optnone, noinline)) static long double ref_fp(const double *hist, const double *x, const double *a,
                                                            int n, int p, double g, int sign, double h, int off) {
  long double big = 1;
  for (int i = 0; i < PAD + n; i++)
    rf[i] = hist[i];
  for (int i = p; i < n; i++) {
    long double s = (long double)g * x[i];
    for (int j = 1; j <= p; j++)
      s += sign * (long double)h * a[j + off] * rf[PAD + i - j];
    rf[PAD + i] = s;
    if (fabsl(s) > big)
      big = fabsl(s);
  }
  return big;
}

static const char *close_to(const double *y, int n, long double big, long double rel) {
  for (int i = 0; i < n; i++)
    if (!(fabsl(y[i] - rf[PAD + i]) <= rel * big))
      return "BAD";
  return "ok";
}

static unsigned long hash(const void *v, size_t bytes) {
  const unsigned char *b = v;
  unsigned long h = 1469598103934665603ul;
  for (size_t k = 0; k < bytes; k++)
    h = (h ^ b[k]) * 1099511628211ul;
  return h;
}

static double xd[MAXN], ad[PAD], yd[PAD + MAXN], hd[PAD + MAXN], tmp[PAD + MAXN];
static float xf[MAXN], af[PAD], yf[PAD + MAXN];
static int xi[MAXN], ai[PAD], yi[PAD + MAXN];
static long xl[MAXN], al[PAD], yl[PAD + MAXN];

int main(void) {
  static const int ns[] = {999, MAXN};
  static const int ps[] = {0, 1, 2, 5, 17, 32, 33};
  for (unsigned u = 0; u < sizeof ns / sizeof *ns; u++)
    for (unsigned v = 0; v < sizeof ps / sizeof *ps; v++) {
      int n = ns[u], p = ps[v];
      /* floating point: stable taps (|a| summing below 0.9) */
      for (int i = 0; i < n; i++)
        xd[i] = unit(), xf[i] = (float)xd[i];
      for (int j = 0; j < PAD; j++)
        ad[j] = unit() * 0.9 / (p ? p : 1), af[j] = (float)ad[j];
      for (int i = 0; i < PAD + n; i++)
        hd[i] = unit(), yf[i] = (float)hd[i], yd[i] = hd[i];
      float gf = 0.75f;
      for (int i = 0; i < PAD + n; i++)
        tmp[i] = yf[i];
      static double xx[MAXN], aa[PAD];
      for (int i = 0; i < n; i++)
        xx[i] = xf[i];
      for (int j = 0; j < PAD; j++)
        aa[j] = af[j];
      gain_f32(yf + PAD, xf, af, n, p, gf);
      long double big = ref_fp(tmp, xx, aa, n, p, gf, -1, 1, 0);
      for (int i = 0; i < PAD + n; i++)
        tmp[i] = yf[i];
      printf("gain_f32 p=%d n=%d %s\n", p, n, close_to(tmp + PAD, n, big, 1e-4L));

      gain_f64_plus(yd + PAD, xd, ad, n, p, -1.25);
      big = ref_fp(hd, xd, ad, n, p, -1.25, 1, 1, 0);
      printf("gain_f64_plus p=%d n=%d %s\n", p, n, close_to(yd + PAD, n, big, 1e-12L));

      for (int i = 0; i < PAD + n; i++)
        yf[i] = (float)hd[i], tmp[i] = yf[i];
      down_f32(yf + PAD, xf, af, n, p);
      big = ref_fp(tmp, xx, aa, n, p, 1, 1, 1, -1);
      for (int i = 0; i < PAD + n; i++)
        tmp[i] = yf[i];
      printf("down_f32 p=%d n=%d %s\n", p, n, close_to(tmp + PAD, n, big, 1e-4L));

      /* a factor on the sum: taps scaled by 1/|g| to stay stable */
      static const float sgs[] = {1, 0.5f, -3};
      for (unsigned k = 0; k < sizeof sgs / sizeof *sgs; k++) {
        float h = sgs[k];
        for (int j = 0; j < PAD; j++)
          af[j] = (float)(ad[j] / fabs(h)), aa[j] = af[j];
        for (int i = 0; i < PAD + n; i++)
          yf[i] = (float)hd[i], tmp[i] = yf[i];
        sum_gain_f32(yf + PAD, xf, af, n, p, h);
        big = ref_fp(tmp, xx, aa, n, p, 1, 1, h, 0);
        for (int i = 0; i < PAD + n; i++)
          tmp[i] = yf[i];
        printf("sum_gain_f32 g=%g p=%d n=%d %s\n", h, p, n, close_to(tmp + PAD, n, big, 1e-4L));
      }
      for (int j = 0; j < PAD; j++)
        af[j] = (float)ad[j] * 2, aa[j] = af[j];
      for (int i = 0; i < PAD + n; i++)
        yf[i] = (float)hd[i], tmp[i] = yf[i];
      gains_f32(yf + PAD, xf, af, n, p, 0.75f, -0.5f);
      big = ref_fp(tmp, xx, aa, n, p, 0.75 * -0.5, -1, -0.5, 0);
      for (int i = 0; i < PAD + n; i++)
        tmp[i] = yf[i];
      printf("gains_f32 p=%d n=%d %s\n", p, n, close_to(tmp + PAD, n, big, 1e-4L));
      struct lpc_f64 stf = {p, -0.625};
      for (int j = 0; j < PAD; j++)
        aa[j] = ad[j] / 0.625;
      for (int i = 0; i < PAD + n; i++)
        yd[i] = hd[i];
      struct_gain_f64(yd + PAD, xd, aa, n, &stf);
      big = ref_fp(hd, xd, aa, n, p, 1, -1, stf.gain, 0);
      printf("struct_gain_f64 p=%d n=%d %s\n", p, n, close_to(yd + PAD, n, big, 1e-12L));

      /* integers: exact (wrapping), compared as hashes with the plain build */
      for (int i = 0; i < n; i++)
        xi[i] = (int)inz(1 << 30), xl[i] = inz(1l << 40);
      for (int j = 0; j < PAD; j++)
        ai[j] = (int)inz(1000), al[j] = inz(100000);
      for (int i = 0; i < PAD + n; i++)
        yi[i] = (int)inz(1 << 30), yl[i] = inz(1l << 40);
      gain_i32(yi + PAD, xi, ai, n, p, -7);
      printf("gain_i32 p=%d n=%d %lx\n", p, n, hash(yi, sizeof *yi * (size_t)(PAD + n)));
      twice_i64(yl + PAD, xl, al, n, p);
      printf("twice_i64 p=%d n=%d %lx\n", p, n, hash(yl, sizeof *yl * (size_t)(PAD + n)));
      down_i32(yi + PAD, xi, ai, n, p);
      printf("down_i32 p=%d n=%d %lx\n", p, n, hash(yi, sizeof *yi * (size_t)(PAD + n)));
      down_gain_i64(yl + PAD, xl, al, n, p, 3);
      printf("down_gain_i64 p=%d n=%d %lx\n", p, n, hash(yl, sizeof *yl * (size_t)(PAD + n)));
      static const int igs[] = {5, 1, -3, 0};
      for (unsigned k = 0; k < sizeof igs / sizeof *igs; k++) {
        gain_on_sum(yi + PAD, xi, ai, n, p, igs[k]);
        printf("gain_on_sum g=%d p=%d n=%d %lx\n", igs[k], p, n, hash(yi, sizeof *yi * (size_t)(PAD + n)));
      }
      struct lpc_i64 sti = {p, -3};
      struct_gain_i64(yl + PAD, xl, al, n, &sti);
      printf("struct_gain_i64 p=%d n=%d %lx\n", p, n, hash(yl, sizeof *yl * (size_t)(PAD + n)));
      unsigned_idx(yi + PAD, xi, ai, (unsigned)n, (unsigned)p);
      printf("unsigned_idx p=%d n=%d %lx\n", p, n, hash(yi, sizeof *yi * (size_t)(PAD + n)));
    }
  /* overlap: the coefficients inside the outputs (the loop runs) */
  for (int i = 0; i < PAD + 999; i++)
    yi[i] = (int)inz(1000);
  down_i32(yi + PAD, xi, yi + PAD + 500, 999, 5);
  printf("coefficients in y %lx\n", hash(yi, sizeof *yi * (size_t)(PAD + 999)));
  return 0;
}
// OUT: gain_f32 p=0 n=999 ok
// OUT: gain_f32 p=32 n=20011 ok
// OUT: sum_gain_f32 g=-3 p=32 n=20011 ok
// OUT: gains_f32 p=32 n=20011 ok
// OUT: struct_gain_f64 p=32 n=20011 ok
// OUT-NOT: BAD
// CALLS-DAG: plr: (0.75: -
// CALLS-DAG: plr: (-1.25:
// CALLS-DAG: plr: (-7: -
// CALLS-DAG: plr: (2: -
// CALLS-DAG: plr: (3: -
// CALLS-DAG: plr: (-3: -
// CALLS-DAG: plr: (-0.375: 
// CALLS-DAG: plr: call rejected (all recursive coefficients are zero
