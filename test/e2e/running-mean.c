// Maps that read the loop's counter: a running mean beside the running sum
// (mean[i] = sum / (i + 1), int and double), the mean alone (an output map
// of the state and the counter), a counter from a run-time start, a
// backward loop whose map subtracts the counter. The call computes the
// state into y, then the map loop recomputes the counter from its index
// (start + i*step) with the loop's own operations on it. Where the mean's
// array overlaps y or x, the check before the call sends the loop to its
// original form: the results are still right, and no call is made. Rows
// of running means: one call for the nest (the counter from 0 in every
// row, recomputed by the nest's map from its index within the row); with a
// counter that starts from each row's own value, each row's loop is
// replaced alone. Integers exact, floats against long double.
// REQUIRES: pass
// RUN: %clang -O2 -ffast-math %s -lm -o %t.ref
// RUN: %t.ref > %t.ref.out
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -ffast-math -fpass-plugin=%plr-pass -Rpass=plr %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -lm -o %t.plr 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -ffast-math -fpass-plugin=%plr-pass -Rpass-missed=plr -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=MISSED --allow-empty
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

// MISSED-NOT: not replaced

// int counter, int bound: the map divides by the counter plus one.
__attribute__((noinline)) void mean_i(int *y, int *mean, const int *x, int n) {
  int sum = 0;
  // REMARK-DAG: running-mean.c:[[@LINE+1]]:{{.*}} signature (1: 1), type i32, order 1, one other array stored as an elementwise map of the output after the call, the loop's counter recomputed by the map from its index; plan: check(x apart from y or exactly y, [[M:[a-z0-9]+]] apart from x and y); ask(2 passes); call(1: 1) x->y; map([[M]] = g(y, {{[a-z0-9]+}}))
  for (int i = 0; i < n; i++) {
    sum += x[i];
    y[i] = sum;
    mean[i] = sum / (i + 1);
  }
}

__attribute__((noinline)) double mean_d(double *y, double *mean, const double *x, long n) {
  double sum = 0;
  // REMARK-DAG: running-mean.c:[[@LINE+1]]:{{.*}} signature (1: 1), type f64, order 1, one other array stored as an elementwise map of the output after the call, the loop's counter recomputed by the map from its index; plan: check(x apart from y or exactly y, [[M:[a-z0-9]+]] apart from x and y); ask(2 passes); call(1: 1) x->y; map([[M]] = g(y, {{[a-z0-9]+}}))
  for (long i = 0; i < n; i++) {
    sum += x[i];
    y[i] = sum;
    mean[i] = sum / (i + 1);
  }
  return sum;
}

// The mean alone: the state is written into mean, then replaced by the map.
__attribute__((noinline)) void mean_only(double *mean, const double *x, long n) {
  double sum = 0;
  // REMARK-DAG: running-mean.c:[[@LINE+1]]:{{.*}} signature (1: 1), type f64, order 1, output an elementwise map of the state, the loop's counter recomputed by the map from its index; plan: check(x apart from y or exactly y); ask(2 passes); call(1: 1) x->y; map(out = g(y, {{[a-z0-9]+}}))
  for (long i = 0; i < n; i++) {
    sum += x[i];
    mean[i] = sum / (i + 1);
  }
}

// A counter from a run-time start, a weighted sum of state and counter.
__attribute__((noinline)) void from_lo(int64_t *y, int64_t *z, const int64_t *x, long lo, long n) {
  int64_t s = 5;
  // REMARK-DAG: running-mean.c:[[@LINE+1]]:{{.*}} signature (1: 3), type i64, order 1, one other array stored as an elementwise map of the output after the call, the loop's counter recomputed by the map from its index
  for (long i = lo; i < n; i++) {
    s = 3 * s + x[i];
    y[i] = s;
    z[i] = s * (i - lo + 2) + i;
  }
}

// Backward, an int counter counting down.
__attribute__((noinline)) int down(int *y, int *z, const int *x, int n) {
  int s = 0;
  // REMARK-DAG: running-mean.c:[[@LINE+1]]:{{.*}} call to plr_run_many: signature (1: 2), type i32, order 1, layout: y stride -1, x stride -1 (backward), one other array stored as an elementwise map of the output after the call, the loop's counter recomputed by the map from its index
  for (int i = n - 1; i >= 0; i--) {
    s = 2 * s + x[i];
    y[i] = s;
    z[i] = s - 7 * i;
  }
  return s;
}

// Rows of running means: the counter restarts from 0 in each row; one call
// for the nest.
__attribute__((noinline)) void rows(long h, long w, double *y, double *mean, const double *x) {
  for (long r = 0; r < h; r++) {
    double s = 0;
    // REMARK-DAG: running-mean.c:[[@LINE+1]]:{{.*}} replaced loop nest with one call to plr_run_many: signature (1: 1), type f64, order 1; one sequence per iteration of the outer loop, y stride 1, x stride 1, one other array stored as an elementwise map of the output after the call, the loop's counter recomputed by the map from its index
    for (long c = 0; c < w; c++) {
      s += x[r * w + c];
      y[r * w + c] = s;
      mean[r * w + c] = s / (c + 1);
    }
  }
}

// The counter from each row's own start (k = r): a call per row.
__attribute__((noinline)) void rows_k(long h, long w, double *y, double *mean, const double *x) {
  for (long r = 0; r < h; r++) {
    double s = 0;
    long k = r;
    // REMARK-DAG: running-mean.c:[[@LINE+1]]:{{.*}} replaced linear recurrence with a call to plr_run: signature (1: 1), type f64, order 1, one other array stored as an elementwise map of the output after the call, the loop's counter recomputed by the map from its index
    for (long c = 0; c < w; c++) {
      s += x[r * w + c];
      y[r * w + c] = s;
      mean[r * w + c] = s / (k + 1);
      k++;
    }
  }
}

#define REF __attribute__((optnone, noinline))
REF static void ref_mean_i(int *y, int *mean, const int *x, int n) {
  int sum = 0;
  for (int i = 0; i < n; i++)
    sum += x[i], y[i] = sum, mean[i] = sum / (i + 1);
}
REF static long double ref_mean_d(long double *y, long double *mean, const long double *x, long n) {
  long double sum = 0;
  for (long i = 0; i < n; i++)
    sum += x[i], y[i] = sum, mean[i] = sum / (i + 1);
  return sum;
}
REF static void ref_from_lo(int64_t *y, int64_t *z, const int64_t *x, long lo, long n) {
  uint64_t s = 5;
  for (long i = lo; i < n; i++) {
    s = 3u * s + (uint64_t)x[i];
    y[i] = (int64_t)s;
    z[i] = (int64_t)(s * (uint64_t)(i - lo + 2) + (uint64_t)i);
  }
}
REF static int ref_down(int *y, int *z, const int *x, int n) {
  uint32_t s = 0;
  for (int i = n - 1; i >= 0; i--) {
    s = 2u * s + (uint32_t)x[i];
    y[i] = (int)s;
    z[i] = (int)(s - 7u * (uint32_t)i);
  }
  return (int)s;
}
REF static void ref_rows(long h, long w, long double *y, long double *mean, const long double *x, long k0) {
  for (long r = 0; r < h; r++) {
    long double s = 0;
    for (long c = 0; c < w; c++)
      s += x[r * w + c], y[r * w + c] = s, mean[r * w + c] = s / ((k0 ? r : 0) + c + 1);
  }
}

/* xorshift: not a linear recurrence, so no call makes the inputs */
static uint32_t rng = 362436069u;
__attribute__((noinline)) static uint32_t next(void) {
  rng ^= rng << 13, rng ^= rng >> 17, rng ^= rng << 5;
  return rng;
}
/* non-zero, in [-1, 1] */
static double unit(void) { return ((int)(next() % 2001) - 1000) / 1000.0 + 0.0005; }

static long double rel(long double got, long double ref) { return fabsl(got - ref) / (1 + fabsl(ref)); }
static long double worst(const double *got, const long double *ref, long n) {
  long double w = 0;
  for (long i = 0; i < n; i++)
    w = fmaxl(w, rel(got[i], ref[i]));
  return w;
}
static const char *verdict(long double w) { return w <= 1e-9L ? "ok" : "BAD"; }
static unsigned long hash(const int *v, long n) {
  unsigned long h = 0;
  for (long i = 0; i < n; i++)
    h = h * 1000003u ^ (uint32_t)v[i];
  return h;
}

static const long sizes[] = {0, 1, 2, 63, 64, 65, 1000, N};
#define NSIZES (long)(sizeof sizes / sizeof *sizes)

int main(void) {
  /* small non-zero values: the int sums stay far from overflow */
  int *xi = malloc(N * sizeof *xi), *buf = malloc((3 * N + 16) * sizeof *buf), *rbuf = malloc((3 * N + 16) * sizeof *rbuf);
  for (long i = 0; i < N; i++)
    xi[i] = ((int)(next() % 2001) - 1000) | 1;
  for (long k = 0; k < NSIZES; k++) {
    int n = (int)sizes[k];
    for (long i = 0; i < 3 * N + 16; i++)
      buf[i] = rbuf[i] = (int)next();
    mean_i(buf, buf + N + 8, xi, n);
    ref_mean_i(rbuf, rbuf + N + 8, xi, n);
    long bad = 0;
    for (long i = 0; i < 3 * N + 16; i++)
      bad += buf[i] != rbuf[i];
    printf("mean_i n=%d %s %lx\n", n, bad ? "BAD" : "ok", hash(buf + N + 8, n));
  }
  /* the mean three elements into y, then one element into x (the loop
   * reads x[i + 1] after writing it as mean[i]): the loop runs as written */
  {
    for (long i = 0; i < 3 * N + 16; i++)
      buf[i] = rbuf[i] = (int)next();
    mean_i(buf, buf + 3, xi, N);
    ref_mean_i(rbuf, rbuf + 3, xi, N);
    long bad = 0;
    for (long i = 0; i < 3 * N + 16; i++)
      bad += buf[i] != rbuf[i];
    printf("mean_i overlapping y %s %lx\n", bad ? "BAD" : "ok", hash(buf, N + 3));
    for (long i = 0; i < 3 * N + 16; i++)
      buf[i] = rbuf[i] = ((int)(next() % 2001) - 1000) | 1;
    mean_i(buf + 2 * N + 8, buf + 1, buf, N);
    ref_mean_i(rbuf + 2 * N + 8, rbuf + 1, rbuf, N);
    bad = 0;
    for (long i = 0; i < 3 * N + 16; i++)
      bad += buf[i] != rbuf[i];
    printf("mean_i overlapping x %s %lx\n", bad ? "BAD" : "ok", hash(buf, N + 1));
  }

  double *xd = malloc(N * sizeof *xd), *yd = malloc((2 * N + 16) * sizeof *yd);
  long double *lx = malloc(N * sizeof *lx), *ryd = malloc((2 * N + 16) * sizeof *ryd);
  for (long i = 0; i < N; i++)
    xd[i] = unit(), lx[i] = xd[i];
  for (long k = 0; k < NSIZES; k++) {
    long n = sizes[k];
    double s = mean_d(yd, yd + N + 8, xd, n);
    long double rs = ref_mean_d(ryd, ryd + N + 8, lx, n);
    printf("mean_d n=%ld %s\n", n, verdict(fmaxl(fmaxl(worst(yd, ryd, n), worst(yd + N + 8, ryd + N + 8, n)), rel(s, rs))));
    mean_only(yd, xd, n);
    ref_mean_d(ryd + N + 8, ryd, lx, n);
    printf("mean_only n=%ld %s\n", n, verdict(worst(yd, ryd, n)));
  }
  /* the mean over y's tail: the loop runs as written */
  {
    long double *lyd = malloc((2 * N + 16) * sizeof *lyd);
    for (long i = 0; i < 2 * N + 16; i++)
      yd[i] = unit(), lyd[i] = yd[i];
    mean_d(yd, yd + 5, xd, N);
    ref_mean_d(lyd, lyd + 5, lx, N);
    printf("mean_d overlapping y %s\n", verdict(worst(yd, lyd, N + 5)));
    free(lyd);
  }

  int64_t *x64 = malloc(N * sizeof *x64), *y64 = calloc(N, sizeof *y64), *z64 = calloc(N, sizeof *z64);
  int64_t *ry64 = calloc(N, sizeof *ry64), *rz64 = calloc(N, sizeof *rz64);
  for (long i = 0; i < N; i++)
    x64[i] = (int64_t)next() << 11 | 1;
  long los[] = {0, 17, N - 1, N - 64, N - 1000};
  for (int k = 0; k < 5; k++) {
    for (long i = 0; i < N; i++)
      y64[i] = z64[i] = ry64[i] = rz64[i] = 0;
    from_lo(y64, z64, x64, los[k], N);
    ref_from_lo(ry64, rz64, x64, los[k], N);
    long bad = 0;
    for (long i = 0; i < N; i++)
      bad += y64[i] != ry64[i] || z64[i] != rz64[i];
    printf("from_lo %ld %s\n", los[k], bad ? "BAD" : "ok");
  }

  int *yi = malloc(N * sizeof *yi), *zi = malloc(N * sizeof *zi), *ryi = malloc(N * sizeof *ryi),
      *rzi = malloc(N * sizeof *rzi);
  for (long k = 0; k < NSIZES; k++) {
    int n = (int)sizes[k];
    int s = down(yi, zi, xi, n), rs = ref_down(ryi, rzi, xi, n);
    long bad = s != rs;
    for (long i = 0; i < n; i++)
      bad += yi[i] != ryi[i] || zi[i] != rzi[i];
    printf("down n=%d %s %lx\n", n, bad ? "BAD" : "ok", hash(zi, n));
  }

  /* 37 rows of 2701 */
  enum { H = 37, W = 2701 };
  double *ry = malloc(H * W * sizeof *ry), *rm = malloc(H * W * sizeof *rm);
  long double *lry = malloc(H * W * sizeof *lry), *lrm = malloc(H * W * sizeof *lrm);
  rows(H, W, ry, rm, xd);
  ref_rows(H, W, lry, lrm, lx, 0);
  printf("rows %s\n", verdict(fmaxl(worst(ry, lry, H * W), worst(rm, lrm, H * W))));
  rows_k(H, W - 3, ry, rm, xd);
  ref_rows(H, W - 3, lry, lrm, lx, 1);
  printf("rows_k %s\n", verdict(fmaxl(worst(ry, lry, H * (W - 3)), worst(rm, lrm, H * (W - 3)))));
  return 0;
}
// mean_i, mean_d and mean_only at 64, 65, 1000 and N (12); from_lo from 0,
// 17, N - 64 and N - 1000 (4, not the one iteration from N - 1); down at
// the four sizes (4); the rows' nest (1); rows_k's 37 rows.
// CALLS-COUNT-58: n={{[0-9]+}}
// CALLS-NOT: n={{[0-9]+}}
