// An output map over a cascade: the map's state is the last stage (a
// high-pass as the input minus a two-stage low-pass, a gain or a square of
// the last stage, the high-pass reading the last stage before its update,
// an integer cascade of three sums with the input added back, with stage
// states used after the loop and, composed into one call, without). The
// stage calls leave the last stage in y, the map loop makes the output
// from it and the input. Floats
// against long double, integers exact; apart, in place (the map reads x,
// which the first call would replace: the loop runs as written), short.
// Rows of an image: one call per stage for the nest, then the nest's map
// loop over every row; a gain per row (`k[r]`) leaves each row's loop to be
// replaced alone (NestPlan).
// REQUIRES: pass
// RUN: %clang -O2 -ffast-math %s -lm -o %t.ref
// RUN: %t.ref > %t.ref.out
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -ffast-math -fpass-plugin=%plr-pass -Rpass=plr -Rpass-missed=plr %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -lm -o %t.plr 2>&1 | %FileCheck %s --check-prefix=REMARK
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

#define N 30011

// REMARK-NOT: not replaced

__attribute__((noinline)) float highpass2(float *y, const float *x, long n, float a, float *st) {
  float g1 = st[0], g2 = st[1];
  // REMARK-DAG: cascade-output-map.c:[[@LINE+1]]:{{.*}} a cascade of two recurrences (two calls), output an elementwise map of the state and of other arrays at its index; plan: check(x apart from y); ask(3 passes, 2 stages); call({{.*}}) x->y; call({{.*}}) y->y in place; map(out = g(y, arg2))
  for (long i = 0; i < n; i++) {
    g1 = a * g1 + (1 - a) * x[i];
    g2 = a * g2 + (1 - a) * g1;
    y[i] = x[i] - g2;
  }
  st[0] = g1;
  return g2;
}

// The last stage before its update (dc_reject's order over two stages):
// the map loop carries it one index back in a register.
__attribute__((noinline)) float highpass2_before(float *y, const float *x, long n, float a, float *st) {
  float g1 = st[0], g2 = st[1];
  // REMARK-DAG: cascade-output-map.c:[[@LINE+1]]:{{.*}} a cascade of two recurrences (two calls), output an elementwise map of the state and of other arrays at its index; plan: check(x apart from y); ask(3 passes, 2 stages); call({{.*}}) x->y; call({{.*}}) y->y in place; map(out = g(y, arg2, y[i-1]))
  for (long i = 0; i < n; i++) {
    y[i] = x[i] - g2;
    g1 = a * g1 + (1 - a) * x[i];
    g2 = a * g2 + (1 - a) * g1;
  }
  st[0] = g1;
  return g2;
}

__attribute__((noinline)) void gain2(float *y, const float *x, long n, float a, float k) {
  float g1 = 0, g2 = 0;
  // REMARK-DAG: cascade-output-map.c:[[@LINE+1]]:{{.*}} a cascade of two recurrences (two calls), output an elementwise map of the state; plan: {{.*}}map(out = g(y))
  for (long i = 0; i < n; i++) {
    g1 = a * g1 + (1 - a) * x[i];
    g2 = a * g2 + (1 - a) * g1;
    y[i] = k * g2;
  }
}

__attribute__((noinline)) void square2(double *y, const double *x, long n, double a, double b) {
  double g1 = 0.5, g2 = -0.25;
  // REMARK-DAG: cascade-output-map.c:[[@LINE+1]]:{{.*}} type f64, order 1, a cascade of two recurrences (two calls), output an elementwise map of the state; plan: {{.*}}map(out = g(y))
  for (long i = 0; i < n; i++) {
    g1 = a * g1 + (1 - a) * x[i];
    g2 = b * g2 + (1 - b) * g1;
    y[i] = g2 * g2;
  }
}

__attribute__((noinline)) int32_t sums3(int32_t *y, const int32_t *x, long n) {
  int32_t u = 0, v = 0, w = 0;
  // REMARK-DAG: cascade-output-map.c:[[@LINE+1]]:{{.*}} type i32, order 1, a cascade of three recurrences (three calls), output an elementwise map of the state and of other arrays at its index; plan: {{.*}}map(out = g(y, arg2))
  for (long i = 0; i < n; i++) {
    u += x[i];
    v += u;
    w += v;
    y[i] = w - 3 * x[i];
  }
  return u + v;
}

// No stage used after the loop: the integer cascade composed into one
// call (its first outputs computed stage by stage), the map after it.
__attribute__((noinline)) void sums3_composed(int32_t *y, const int32_t *x, long n) {
  int32_t u = 0, v = 0, w = 0;
  // REMARK-DAG: cascade-output-map.c:[[@LINE+1]]:{{.*}} a cascade of three recurrences composed into one recurrence of order 3, FIR length 1 (one call); plan: {{.*}}map(out = g(y, arg2))
  for (long i = 0; i < n; i++) {
    u += x[i];
    v += u;
    w += v;
    y[i] = w - 3 * x[i];
  }
}

__attribute__((noinline)) void highpass2_rows(float *img, const float *src, long h, long w, float a) {
  for (long r = 0; r < h; r++) {
    float g1 = 0, g2 = 0;
    // REMARK-DAG: cascade-output-map.c:[[@LINE+1]]:{{.*}} replaced loop nest with one call per stage to plr_run_many: {{.*}}a cascade of two recurrences (two calls), output an elementwise map of the state and of other arrays at its index; plan: {{.*}}map(out = g(y, {{[a-z0-9]+}}))
    for (long c = 0; c < w; c++) {
      float v = src[r * w + c];
      g1 = a * g1 + (1 - a) * v;
      g2 = a * g2 + (1 - a) * g1;
      img[r * w + c] = v - g2;
    }
  }
}

__attribute__((noinline)) void gain2_rows(float *img, const float *src, long h, long w, float a, const float *k) {
  for (long r = 0; r < h; r++) {
    float g1 = 0, g2 = 0, kr = k[r];
    // REMARK-DAG: cascade-output-map.c:[[@LINE+1]]:{{.*}} replaced linear recurrence with a call to plr_run: {{.*}}a cascade of two recurrences (two calls), output an elementwise map of the state; plan: {{.*}}map(out = g(y))
    for (long c = 0; c < w; c++) {
      g1 = a * g1 + (1 - a) * src[r * w + c];
      g2 = a * g2 + (1 - a) * g1;
      img[r * w + c] = kr * g2;
    }
  }
}

#define REF __attribute__((optnone, noinline))
REF static long double ref_highpass2(long double *y, const long double *x, long n, long double a, long double *st) {
  long double g1 = st[0], g2 = st[1];
  for (long i = 0; i < n; i++) {
    long double xi = x[i];
    g1 = a * g1 + (1 - a) * xi;
    g2 = a * g2 + (1 - a) * g1;
    y[i] = xi - g2;
  }
  st[0] = g1;
  return g2;
}
REF static long double ref_highpass2_before(long double *y, const long double *x, long n, long double a,
                                             long double *st) {
  long double g1 = st[0], g2 = st[1];
  for (long i = 0; i < n; i++) {
    y[i] = x[i] - g2;
    g1 = a * g1 + (1 - a) * x[i]; /* (in place: the output just stored) */
    g2 = a * g2 + (1 - a) * g1;
  }
  st[0] = g1;
  return g2;
}
REF static void ref_gain2(long double *y, const long double *x, long n, long double a, long double k) {
  long double g1 = 0, g2 = 0;
  for (long i = 0; i < n; i++) {
    g1 = a * g1 + (1 - a) * x[i];
    g2 = a * g2 + (1 - a) * g1;
    y[i] = k * g2;
  }
}
REF static void ref_square2(long double *y, const long double *x, long n, long double a, long double b) {
  long double g1 = 0.5L, g2 = -0.25L;
  for (long i = 0; i < n; i++) {
    g1 = a * g1 + (1 - a) * x[i];
    g2 = b * g2 + (1 - b) * g1;
    y[i] = g2 * g2;
  }
}
REF static int32_t ref_sums3(int32_t *y, const int32_t *x, long n) {
  uint32_t u = 0, v = 0, w = 0;
  for (long i = 0; i < n; i++) {
    uint32_t xi = (uint32_t)x[i];
    u += xi, v += u, w += v;
    y[i] = (int32_t)(w - 3u * xi);
  }
  return (int32_t)(u + v);
}
REF static void ref_rows(long double *img, const long double *src, long h, long w, long double a, const float *k) {
  for (long r = 0; r < h; r++) {
    long double g1 = 0, g2 = 0;
    for (long c = 0; c < w; c++) {
      long double v = src[r * w + c];
      g1 = a * g1 + (1 - a) * v;
      g2 = a * g2 + (1 - a) * g1;
      img[r * w + c] = k ? k[r] * g2 : v - g2;
    }
  }
}

int main(void) {
  float *buf = malloc(N * sizeof *buf), *src = malloc(N * sizeof *src);
  long double *lbuf = malloc(N * sizeof *lbuf), *lsrc = malloc(N * sizeof *lsrc);
  const long sizes[3] = {N - 1, N - 10, 3};
  for (int place = 0; place < 2; place++)
    for (int k = 0; k < 3; k++) {
      long n = sizes[k];
      const char *how = place ? "in place" : "apart";
      fill(buf, lbuf, N), fill(src, lsrc, N);
      float st[2] = {0.25f, -0.5f};
      long double lst[2] = {0.25L, -0.5L};
      float g = highpass2(buf, place ? buf : src, n, 0.9f, st);
      long double lg = ref_highpass2(lbuf, place ? lbuf : lsrc, n, 0.9L, lst);
      printf("highpass2 %s n=%ld %s (states %s %s)\n", how, n, verdict(worst(buf, lbuf, N)), state(g, lg),
             state(st[0], lst[0]));
      fill(buf, lbuf, N), fill(src, lsrc, N);
      st[0] = 0.125f, st[1] = 0.75f, lst[0] = 0.125L, lst[1] = 0.75L;
      g = highpass2_before(buf, place ? buf : src, n, 0.85f, st);
      lg = ref_highpass2_before(lbuf, place ? lbuf : lsrc, n, 0.85L, lst);
      printf("highpass2_before %s n=%ld %s (states %s %s)\n", how, n, verdict(worst(buf, lbuf, N)), state(g, lg),
             state(st[0], lst[0]));
      fill(buf, lbuf, N), fill(src, lsrc, N);
      gain2(buf, place ? buf : src, n, 0.8f, 1.5f);
      ref_gain2(lbuf, place ? lbuf : lsrc, n, 0.8L, 1.5L);
      printf("gain2 %s n=%ld %s\n", how, n, verdict(worst(buf, lbuf, N)));
    }

  double *dy = malloc(N * sizeof *dy), *dx = malloc(N * sizeof *dx);
  for (long n = N - 3; n >= 1; n = n > 5 ? 5 : 0) {
    for (long i = 0; i < N; i++)
      dx[i] = unit(), lsrc[i] = dx[i], dy[i] = unit(), lbuf[i] = dy[i];
    square2(dy, dx, n, 0.7, 0.6);
    ref_square2(lbuf, lsrc, n, 0.7L, 0.6L);
    printf("square2 n=%ld %s\n", n, verdict_d(worst_d(dy, lbuf, N)));
  }

  int32_t *xi = malloc(N * sizeof *xi), *yi = malloc(N * sizeof *yi), *ri = malloc(N * sizeof *ri);
  for (long n = N - 2; n >= 1; n = n > 2 ? 2 : n - 1) {
    for (long i = 0; i < N; i++)
      xi[i] = (int32_t)next(), yi[i] = ri[i] = (int32_t)next();
    int32_t s = sums3(yi, xi, n), rs = ref_sums3(ri, xi, n);
    long bad = s != rs;
    DIFF(bad, yi, ri, N);
    printf("sums3 n=%ld %s %lx\n", n, bad ? "BAD" : "ok", hash(yi, N));
    for (long i = 0; i < N; i++)
      yi[i] = ri[i] = 7;
    sums3_composed(yi, xi, n);
    ref_sums3(ri, xi, n);
    bad = 0;
    DIFF(bad, yi, ri, N);
    printf("sums3_composed n=%ld %s %lx\n", n, bad ? "BAD" : "ok", hash(yi, N));
  }

  const long h = 3, w = 9973;
  fill(buf, lbuf, h * w), fill(src, lsrc, h * w);
  highpass2_rows(buf, src, h, w, 0.6f);
  ref_rows(lbuf, lsrc, h, w, 0.6L, NULL);
  printf("highpass2_rows %s\n", verdict(worst(buf, lbuf, h * w)));
  fill(buf, lbuf, h * w);
  highpass2_rows(buf, buf, h, w, 0.6f);
  ref_rows(lbuf, lbuf, h, w, 0.6L, NULL);
  printf("highpass2_rows in place %s\n", verdict(worst(buf, lbuf, h * w)));
  const float gains[3] = {0.5f, 2.0f, -1.25f};
  fill(buf, lbuf, h * w), fill(src, lsrc, h * w);
  gain2_rows(buf, src, h, w - 3, 0.75f, gains);
  ref_rows(lbuf, lsrc, h, w - 3, 0.75L, gains);
  printf("gain2_rows %s\n", verdict(worst(buf, lbuf, h * w)));
  return 0;
}
// highpass2, highpass2_before and gain2 apart at the two long sizes (two
// calls each),
// square2, sums3 and sums3_composed at their long size (two, three and
// one), the rows (two
// calls for the nest; in place, the nest runs as written), the rows with
// their gains (two calls per row).
// CALLS-COUNT-26: n={{[0-9]+}}
// CALLS-NOT: n={{[0-9]+}}
