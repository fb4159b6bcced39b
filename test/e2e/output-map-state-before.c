// An output that reads the state before its update: opus's dc_reject
// (`y = x - m; m = coef*x + VERY_SMALL + (1-coef)*m`, the input term
// materialized), a float high-pass `x[i] - g` after `g = a*g + (1-a)*x[i]`
// (which InstCombine makes `-(a*(g_prev - x[i]))`), backward, in integers
// a running sum of 3*x[i] read before its update, and rows of an image (one
// call for the nest; each row alone where each starts from its own value). In float
// the output as one recurrence would round apart (FloatCombined), so the
// call computes the state and the map loop carries its value one index
// back in a register (`y[i-1]` in the plan). Floats against long double,
// integers exact; in place, apart and overlapping by an offset.
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

#define N 40009
#define VERY_SMALL 1e-30f

// opus/src/opus_encoder.c, dc_reject, one channel.
__attribute__((noinline)) void dc_reject(const float *in, float coef, float *out, float *hp_mem, long len) {
  float coef2 = 1 - coef;
  float m0 = hp_mem[0];
  // REMARK-DAG: output-map-state-before.c:[[@LINE+1]]:{{.*}} input term materialized by a map, output an elementwise map of the state and of other arrays at its index; plan: check(other loads apart from y (a map's load: or exactly y)); ask(3 passes); buffer(where the map's load is y: the state, n elements; else y); map(t -> y); call({{.*}}) y->y in place; map(out = g(y, {{[a-z0-9]+}}, y[i-1]))
  for (long i = 0; i < len; i++) {
    float x = in[i];
    float y = x - m0;
    m0 = coef * x + VERY_SMALL + coef2 * m0;
    out[i] = y;
  }
  hp_mem[0] = m0;
}

// Its two-channel path: the loop split into a loop per channel, each one
// call at stride 2 and its map.
__attribute__((noinline)) void dc_reject2(const float *in, float coef, float *out, float *hp_mem, long len) {
  float coef2 = 1 - coef;
  float m0 = hp_mem[0], m2 = hp_mem[2];
  // REMARK-DAG: output-map-state-before.c:[[@LINE+2]]:{{.*}} call to plr_run_many: {{.*}} layout: y stride 2, x stride 2, input term materialized by a map, output an elementwise map{{.*}}map(out = g(y, {{[a-z0-9]+}}, y[i-1]))
  // REMARK-DAG: output-map-state-before.c:[[@LINE+1]]:{{.*}} call to plr_run_many: {{.*}} layout: y stride 2, x stride 2, input term materialized by a map, output an elementwise map{{.*}}map(out = g(y, {{[a-z0-9]+}}, y[i-1]))
  for (long i = 0; i < len; i++) {
    float x0 = in[2 * i + 0], x1 = in[2 * i + 1];
    float out0 = x0 - m0, out1 = x1 - m2;
    m0 = coef * x0 + VERY_SMALL + coef2 * m0;
    m2 = coef * x1 + VERY_SMALL + coef2 * m2;
    out[2 * i + 0] = out0;
    out[2 * i + 1] = out1;
  }
  hp_mem[0] = m0, hp_mem[2] = m2;
}

// x minus the updated low-pass: InstCombine reads it as a*(x[i] - g_prev).
__attribute__((noinline)) float highpass(float *y, const float *x, long n, float a, float g) {
  // REMARK-DAG: output-map-state-before.c:[[@LINE+1]]:{{.*}} type f32, order 1, output an elementwise map of the state and of other arrays at its index; plan: check(x apart from y); ask(2 passes); call({{.*}}) x->y; map(out = g(y, {{[a-z0-9]+}}, y[i-1]))
  for (long i = 0; i < n; i++) {
    g = a * g + (1 - a) * x[i];
    y[i] = x[i] - g;
  }
  return g;
}

// The anti-causal pass.
__attribute__((noinline)) void highpass_backward(float *y, const float *x, long n, float a) {
  float m = 0.25f;
  // REMARK-DAG: output-map-state-before.c:[[@LINE+1]]:{{.*}} call to plr_run_many: {{.*}} layout: y stride -1, x stride -1 (backward), output an elementwise map of the state and of other arrays at its index; plan: {{.*}}map(out = g(y, {{[a-z0-9]+}}, y[i-1]))
  for (long i = n - 1; i >= 0; i--) {
    y[i] = x[i] - m;
    m = a * x[i] + (1 - a) * m;
  }
}

// Integers: the state a running sum of 3*x[i], the output x[i] minus its
// value before the update (alpha0 3: as one recurrence, state_output.c
// takes only 1).
__attribute__((noinline)) int32_t diff_int(int32_t *y, const int32_t *x, long n, int32_t m) {
  // REMARK-DAG: output-map-state-before.c:[[@LINE+1]]:{{.*}} type i32, order 1, output an elementwise map of the state and of other arrays at its index; plan: check(x apart from y); ask(2 passes); call(3: 1) x->y; map(out = g(y, {{[a-z0-9]+}}, y[i-1]))
  for (long i = 0; i < n; i++) {
    y[i] = x[i] - m;
    m += 3 * x[i];
  }
  return m;
}

// Rows of an image: one call for the nest; the map loop over every row
// restarts the register at each row from the state's value before the row
// (0 for all of them).
__attribute__((noinline)) void highpass_rows(float *img, const float *src, long h, long w, float a) {
  for (long r = 0; r < h; r++) {
    float m = 0;
    // REMARK-DAG: output-map-state-before.c:[[@LINE+1]]:{{.*}} replaced loop nest with one call to plr_run_many: {{.*}} one sequence per iteration of the outer loop, y stride 1, x stride 1, output an elementwise map{{.*}}map(out = g(y, {{[a-z0-9]+}}, y[i-1]))
    for (long c = 0; c < w; c++) {
      float v = src[r * w + c];
      img[r * w + c] = v - m;
      m = a * v + (1 - a) * m;
    }
  }
}

// Each row's state starts from the row's first input: the register's
// start is each row's own (NestStateBefore); each row's loop is replaced
// alone.
__attribute__((noinline)) void highpass_rows_from_first(float *img, const float *src, long h, long w, float a) {
  for (long r = 0; r < h; r++) {
    float m = src[r * w];
    // REMARK-DAG: output-map-state-before.c:[[@LINE+1]]:{{.*}} replaced linear recurrence with a call to plr_run: {{.*}}map(out = g(y, {{[a-z0-9]+}}, y[i-1]))
    for (long c = 0; c < w; c++) {
      float v = src[r * w + c];
      img[r * w + c] = v - m;
      m = a * v + (1 - a) * m;
    }
  }
}

#define REF __attribute__((optnone, noinline))
REF static void ref_dc(const long double *in, long double coef, long double *out, long double *hp_mem, long len) {
  long double m0 = hp_mem[0];
  for (long i = 0; i < len; i++) {
    long double x = in[i], y = x - m0;
    m0 = coef * x + VERY_SMALL + (1 - coef) * m0;
    out[i] = y;
  }
  hp_mem[0] = m0;
}
REF static void ref_dc2(const long double *in, long double coef, long double *out, long double *hp_mem, long len) {
  long double m0 = hp_mem[0], m2 = hp_mem[2];
  for (long i = 0; i < len; i++) {
    long double x0 = in[2 * i], x1 = in[2 * i + 1], o0 = x0 - m0, o1 = x1 - m2;
    m0 = coef * x0 + VERY_SMALL + (1 - coef) * m0;
    m2 = coef * x1 + VERY_SMALL + (1 - coef) * m2;
    out[2 * i] = o0, out[2 * i + 1] = o1;
  }
  hp_mem[0] = m0, hp_mem[2] = m2;
}
REF static long double ref_highpass(long double *y, const long double *x, long n, long double a, long double g) {
  for (long i = 0; i < n; i++) {
    g = a * g + (1 - a) * x[i];
    y[i] = x[i] - g;
  }
  return g;
}
REF static void ref_backward(long double *y, const long double *x, long n, long double a) {
  long double m = 0.25L;
  for (long i = n - 1; i >= 0; i--) {
    long double xi = x[i];
    y[i] = xi - m;
    m = a * xi + (1 - a) * m;
  }
}
REF static int32_t ref_diff_int(int32_t *y, const int32_t *x, long n, int32_t m) {
  for (long i = 0; i < n; i++) {
    y[i] = (int32_t)((uint32_t)x[i] - (uint32_t)m);
    m = (int32_t)((uint32_t)m + 3u * (uint32_t)x[i]);
  }
  return m;
}
REF static void ref_rows(long double *img, const long double *src, long h, long w, long double a, int first) {
  for (long r = 0; r < h; r++) {
    long double m = first ? src[r * w] : 0;
    for (long c = 0; c < w; c++) {
      long double v = src[r * w + c];
      img[r * w + c] = v - m;
      m = a * v + (1 - a) * m;
    }
  }
}

int main(void) {
  float *buf = malloc(N * sizeof *buf), *src = malloc(N * sizeof *src);
  long double *lbuf = malloc(N * sizeof *lbuf), *lsrc = malloc(N * sizeof *lsrc);
  float mem[1];
  long double lmem[1];

  /* dc_reject in place (opus calls it with in == out), apart, overlapping */
  fill(buf, lbuf, N);
  mem[0] = 0.125f, lmem[0] = 0.125L;
  dc_reject(buf, 0.01f, buf, mem, N);
  ref_dc(lbuf, 0.01L, lbuf, lmem, N);
  printf("dc_reject in place %s (state %s)\n", verdict(worst(buf, lbuf, N)), state(mem[0], lmem[0]));
  fill(buf, lbuf, N), fill(src, lsrc, N);
  mem[0] = -0.5f, lmem[0] = -0.5L;
  dc_reject(src, 0.05f, buf, mem, N - 3);
  ref_dc(lsrc, 0.05L, lbuf, lmem, N - 3);
  printf("dc_reject apart %s (state %s)\n", verdict(worst(buf, lbuf, N)), state(mem[0], lmem[0]));
  fill(buf, lbuf, N);
  mem[0] = 0, lmem[0] = 0;
  dc_reject(buf + 2, 0.05f, buf, mem, N - 2);
  ref_dc(lbuf + 2, 0.05L, lbuf, lmem, N - 2);
  printf("dc_reject overlapping %s (state %s)\n", verdict(worst(buf, lbuf, N)), state(mem[0], lmem[0]));

  /* two channels, apart and in place (the split's check keeps one
   * channel's stores apart from the other's loads: in place, the loop runs) */
  float mem2[3] = {0.25f, 0, -0.125f};
  long double lmem2[3] = {0.25L, 0, -0.125L};
  fill(buf, lbuf, N), fill(src, lsrc, N);
  dc_reject2(src, 0.02f, buf, mem2, N / 2 - 1);
  ref_dc2(lsrc, 0.02L, lbuf, lmem2, N / 2 - 1);
  printf("dc_reject2 apart %s (states %s %s)\n", verdict(worst(buf, lbuf, N)), state(mem2[0], lmem2[0]),
         state(mem2[2], lmem2[2]));
  fill(buf, lbuf, N);
  dc_reject2(buf, 0.02f, buf, mem2, N / 2);
  ref_dc2(lbuf, 0.02L, lbuf, lmem2, N / 2);
  printf("dc_reject2 in place %s (states %s %s)\n", verdict(worst(buf, lbuf, N)), state(mem2[0], lmem2[0]),
         state(mem2[2], lmem2[2]));

  fill(buf, lbuf, N), fill(src, lsrc, N);
  float g = highpass(buf, src, N - 1, 0.9f, 0.5f);
  long double lg = ref_highpass(lbuf, lsrc, N - 1, 0.9L, 0.5L);
  printf("highpass %s (state %s)\n", verdict(worst(buf, lbuf, N)), state(g, lg));
  fill(buf, lbuf, N);
  g = highpass(buf, buf, N, 0.8f, -0.25f);
  lg = ref_highpass(lbuf, lbuf, N, 0.8L, -0.25L);
  printf("highpass in place %s (state %s)\n", verdict(worst(buf, lbuf, N)), state(g, lg));

  fill(buf, lbuf, N), fill(src, lsrc, N);
  highpass_backward(buf, src, N - 7, 0.75f);
  ref_backward(lbuf, lsrc, N - 7, 0.75L);
  printf("highpass_backward %s\n", verdict(worst(buf, lbuf, N)));

  int32_t *xi = malloc(N * sizeof *xi), *yi = malloc(N * sizeof *yi), *ri = malloc(N * sizeof *ri);
  for (long i = 0; i < N; i++)
    xi[i] = (int32_t)next(), yi[i] = ri[i] = (int32_t)next();
  int32_t s = diff_int(yi, xi, N - 2, 7), rs = ref_diff_int(ri, xi, N - 2, 7);
  long bad = s != rs;
  for (long i = 0; i < N; i++)
    bad += yi[i] != ri[i];
  printf("diff_int %s %lx\n", bad ? "BAD" : "ok", hash(yi, N));

  const long h = 3, w = 13331;
  fill(buf, lbuf, h * w), fill(src, lsrc, h * w);
  highpass_rows(buf, src, h, w, 0.6f);
  ref_rows(lbuf, lsrc, h, w, 0.6L, 0);
  printf("highpass_rows %s\n", verdict(worst(buf, lbuf, h * w)));
  fill(buf, lbuf, h * w), fill(src, lsrc, h * w);
  highpass_rows_from_first(buf, src, h, w - 5, 0.7f);
  ref_rows(lbuf, lsrc, h, w - 5, 0.7L, 1);
  printf("highpass_rows_from_first %s\n", verdict(worst(buf, lbuf, h * w)));
  return 0;
}
// dc_reject twice (not overlapping), dc_reject2 apart (a call per
// channel), highpass apart (in place, the map reads x, which the call would
// have replaced), highpass_backward, diff_int, the rows' nest (one call),
// the rows from their first input (three).
// CALLS-COUNT-11: n={{[0-9]+}}
// CALLS-NOT: n={{[0-9]+}}
