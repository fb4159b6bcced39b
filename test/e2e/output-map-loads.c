// An output map that reads other arrays at the output's index: a gain
// smoother applied to a signal (out[i] = in[i]*g), an envelope (out[i] =
// gain[i]*s - x[i], reading the recurrence's own input too). The call
// computes the state into out, a map loop then applies g with the loop's
// own operations. Integers exact, floats against long double. Where an
// array the map reads overlaps out (in = out + 3), or the map reads x and x
// is out itself, the check before the call sends the loop to its original
// form: the output is still right, and no call is made. (An array the map
// reads that is exactly out: output-map-maybe-y.c.)
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

#include "Inputs/check.h"

#define N 100003

__attribute__((noinline)) float smooth_gain(float *out, const float *in, const float *target, long n, float a, float g) {
  // REMARK-DAG: output-map-loads.c:[[@LINE+1]]:{{.*}} type f32, order 1, output an elementwise map of the state and of other arrays at its index; plan: check(x apart from y or exactly y, other loads apart from y (a map's load: or exactly y)); ask(2 passes); buffer(where the map's load is y: the state, n elements; else y); call({{.*}}) x->y; map(out = g(y, {{[a-z0-9]+}}))
  for (long i = 0; i < n; i++) {
    g = a * g + (1 - a) * target[i];
    out[i] = in[i] * g;
  }
  return g;
}

struct agc {
  float g, a;
};
// The gain kept in a struct, copied in and out around the loop.
__attribute__((noinline)) void agc_run(struct agc *st, float *out, const float *in, const float *target, long n) {
  float g = st->g;
  const float a = st->a;
  // REMARK-DAG: output-map-loads.c:[[@LINE+1]]:{{.*}} type f32, order 1, output an elementwise map of the state and of other arrays at its index
  for (long i = 0; i < n; i++) {
    g = a * g + (1 - a) * target[i];
    out[i] = in[i] * g;
  }
  st->g = g;
}

__attribute__((noinline)) int32_t envelope(int32_t *out, const int32_t *gain, const int32_t *x, long n, int32_t s) {
  // REMARK-DAG: output-map-loads.c:[[@LINE+1]]:{{.*}} signature (1: 1), type i32, order 1, output an elementwise map of the state and of other arrays at its index; plan: check(x apart from y, other loads apart from y (a map's load: or exactly y)); ask(2 passes); buffer(where the map's load is y: the state, n elements; else y); call(1: 1) x->y; map(out = g(y, {{[a-z0-9]+}}, {{[a-z0-9]+}}))
  for (long i = 0; i < n; i++) {
    s += x[i];
    out[i] = gain[i] * s - x[i];
  }
  return s;
}

// A state driven by x, the output adding x fed through a weight: the map
// reads w and x.
__attribute__((noinline)) double weighted(double *y, const double *w, const double *x, long n, double a, double b) {
  double s = 0.25;
  // REMARK-DAG: output-map-loads.c:[[@LINE+1]]:{{.*}} type f64, order 1, output an elementwise map of the state and of other arrays at its index
  for (long i = 0; i < n; i++) {
    s = a * s + b * x[i];
    y[i] = w[i] * s + x[i];
  }
  return s;
}

// Backward: the map walks down too.
__attribute__((noinline)) void backward_gain(float *out, const float *in, const float *target, long n, float a) {
  float g = 1;
  // REMARK-DAG: output-map-loads.c:[[@LINE+1]]:{{.*}} call to plr_run_many: {{.*}} type f32, order 1, layout: y stride -1, x stride -1 (backward), output an elementwise map of the state and of other arrays at its index
  for (long i = n - 1; i >= 0; i--) {
    g = a * g + (1 - a) * target[i];
    out[i] = in[i] * g;
  }
}

// Image rows: one plr_run_many for every row, then the map over every row.
__attribute__((noinline)) void gain_rows(long h, long w, float a, const float *x, const float *gain, float *y) {
  for (long r = 0; r < h; r++) {
    float s = 0;
    // REMARK-DAG: output-map-loads.c:[[@LINE+1]]:{{.*}} replaced loop nest with one call to plr_run_many: {{.*}} type f32, order 1; one sequence per iteration of the outer loop, y stride 1, x stride 1, output an elementwise map of the state and of other arrays at its index
    for (long c = 0; c < w; c++) {
      s = a * s + x[r * w + c];
      y[r * w + c] = gain[r * w + c] * s;
    }
  }
}

#define REF __attribute__((optnone, noinline))
REF static void ref_gain_rows(long h, long w, long double a, const long double *x, const long double *gain,
                              long double *y) {
  for (long r = 0; r < h; r++) {
    long double s = 0;
    for (long c = 0; c < w; c++)
      s = a * s + x[r * w + c], y[r * w + c] = gain[r * w + c] * s;
  }
}
REF static long double ref_smooth_gain(long double *out, const long double *in, const long double *target, long n,
                                       long double a, long double g) {
  for (long i = 0; i < n; i++)
    g = a * g + (1 - a) * target[i], out[i] = in[i] * g;
  return g;
}
REF static int32_t ref_envelope(int32_t *out, const int32_t *gain, const int32_t *x, long n, int32_t s) {
  for (long i = 0; i < n; i++)
    s = (int32_t)((uint32_t)s + (uint32_t)x[i]), out[i] = (int32_t)((uint32_t)gain[i] * (uint32_t)s - (uint32_t)x[i]);
  return s;
}
REF static long double ref_weighted(long double *y, const double *w, const double *x, long n, long double a,
                                    long double b) {
  long double s = 0.25;
  for (long i = 0; i < n; i++)
    s = a * s + b * x[i], y[i] = w[i] * s + x[i];
  return s;
}
REF static void ref_backward_gain(long double *out, const long double *in, const long double *target, long n,
                                  long double a) {
  long double g = 1;
  for (long i = n - 1; i >= 0; i--)
    g = a * g + (1 - a) * target[i], out[i] = in[i] * g;
}

int main(void) {
  /* one buffer for out and what the map reads, so that they can overlap */
  float *buf = malloc((2 * N + 8) * sizeof *buf), *target = malloc(N * sizeof *target);
  long double *lbuf = malloc((2 * N + 8) * sizeof *lbuf), *ltarget = malloc(N * sizeof *ltarget);
  long double *lref = malloc((2 * N + 8) * sizeof *lref);
  for (long i = 0; i < 2 * N + 8; i++)
    buf[i] = unit(), lbuf[i] = buf[i];
  for (long i = 0; i < N; i++)
    target[i] = unit(), ltarget[i] = target[i];
  float *out = buf, *in = buf + N + 8;
  long double *lout = lref, *lin = lbuf + N + 8;

  float g = smooth_gain(out, in, target, N, 0.9f, 0.5f);
  long double lg = ref_smooth_gain(lout, lin, ltarget, N, 0.9L, 0.5L);
  printf("smooth_gain %s (state %s)\n", verdict(worst(out, lout, N)), verdict(fabsl(g - lg) / (1 + fabsl(lg))));

  struct agc st = {0.5f, 0.95f};
  agc_run(&st, out, in, target, N - 7);
  lg = ref_smooth_gain(lout, lin, ltarget, N - 7, 0.95f, 0.5L);
  printf("agc %s (state %s)\n", verdict(worst(out, lout, N - 7)), verdict(fabsl(st.g - lg) / (1 + fabsl(lg))));

  /* x is out itself: the call runs in place (in apart) */
  float *io = malloc(N * sizeof *io);
  long double *lio = malloc(N * sizeof *lio);
  for (long i = 0; i < N; i++)
    io[i] = target[i], lio[i] = target[i];
  smooth_gain(io, in, io, N, 0.9f, 0.5f);
  ref_smooth_gain(lref, lin, lio, N, 0.9L, 0.5L);
  printf("smooth_gain x is out %s\n", verdict(worst(io, lref, N)));

  backward_gain(out, in, target, N - 1, 0.8f);
  ref_backward_gain(lout, lin, ltarget, N - 1, 0.8L);
  printf("backward_gain %s\n", verdict(worst(out, lout, N - 1)));

  /* in overlapping out by an offset (in = out + 3): the map would read what
   * the call wrote; the loop runs as written */
  for (long i = 0; i < 2 * N + 8; i++)
    lbuf[i] = buf[i];
  smooth_gain(buf, buf + 3, target, N, 0.9f, 0.5f);
  ref_smooth_gain(lbuf, lbuf + 3, ltarget, N, 0.9L, 0.5L);
  printf("smooth_gain overlapping %s\n", verdict(worst(buf, lbuf, N)));

  int32_t *xi = malloc(N * sizeof *xi), *gi = malloc((N + 4) * sizeof *gi), *oi = malloc((N + 4) * sizeof *oi);
  int32_t *ri = malloc((N + 4) * sizeof *ri);
  for (long i = 0; i < N; i++)
    xi[i] = (int32_t)(next() >> 4) | 1;
  for (long i = 0; i < N + 4; i++)
    gi[i] = ((int32_t)(next() % 17) - 8) | 1; /* non-zero */
  int32_t s = envelope(oi, gi, xi, N, 11), rs = ref_envelope(ri, gi, xi, N, 11);
  long bad = s != rs;
  for (long i = 0; i < N; i++)
    bad += oi[i] != ri[i];
  printf("envelope %s %lx\n", bad ? "BAD" : "ok", hash(oi, N));
  /* x is out itself, which the map reads: the loop runs */
  int32_t *xo = malloc(N * sizeof *xo), *xr = malloc(N * sizeof *xr);
  for (long i = 0; i < N; i++)
    xo[i] = xr[i] = xi[i];
  s = envelope(xo, gi, xo, N, 11), rs = ref_envelope(xr, gi, xr, N, 11);
  bad = s != rs;
  for (long i = 0; i < N; i++)
    bad += xo[i] != xr[i];
  printf("envelope x is out %s %lx\n", bad ? "BAD" : "ok", hash(xo, N));
  /* the gain overlapping out (gain = out + 2): the loop runs */
  for (long i = 0; i < N + 4; i++)
    oi[i] = ri[i] = gi[i];
  s = envelope(oi, oi + 2, xi, N, 11), rs = ref_envelope(ri, ri + 2, xi, N, 11);
  bad = s != rs;
  for (long i = 0; i < N; i++)
    bad += oi[i] != ri[i];
  printf("envelope overlapping %s %lx\n", bad ? "BAD" : "ok", hash(oi, N));

  /* 301 rows of 333, the gain in the same buffer as y; then the gain
   * overlapping the next rows of y (gain = y + 333): the nest runs */
  enum { H = 301, W = 333 };
  for (long i = 0; i < 2 * N + 8; i++)
    lbuf[i] = buf[i];
  gain_rows(H, W, 0.75f, target, buf + H * W + 5, buf);
  ref_gain_rows(H, W, 0.75L, ltarget, lbuf + H * W + 5, lbuf);
  printf("gain_rows %s\n", verdict(worst(buf, lbuf, H * W)));
  for (long i = 0; i < 2 * N + 8; i++)
    lbuf[i] = buf[i];
  gain_rows(H, W, 0.75f, target, buf + W, buf);
  ref_gain_rows(H, W, 0.75L, ltarget, lbuf + W, lbuf);
  printf("gain_rows overlapping %s\n", verdict(worst(buf, lbuf, (H + 1) * W)));

  double *xd = malloc(N * sizeof *xd), *wd = malloc(N * sizeof *wd), *yd = malloc(N * sizeof *yd);
  long double *ryd = malloc(N * sizeof *ryd);
  for (long i = 0; i < N; i++)
    xd[i] = unit(), wd[i] = unit();
  double sd = weighted(yd, wd, xd, N, 0.75, 0.5);
  long double rsd = ref_weighted(ryd, wd, xd, N, 0.75L, 0.5L), wdd = fabsl(sd - rsd);
  for (long i = 0; i < N; i++)
    wdd = fmaxl(wdd, fabsl(yd[i] - ryd[i]));
  printf("weighted %s\n", wdd < 1e-9L ? "ok" : "BAD");
  return 0;
}
// smooth_gain, agc, smooth_gain in place, backward_gain, envelope, the rows,
// weighted; not the four overlapping ones.
// CALLS-COUNT-7: n={{[0-9]+}}
// CALLS-NOT: n={{[0-9]+}}
