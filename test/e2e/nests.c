// Loop nests, strided and backward recurrences, compiled unmodified: rows,
// columns and channels become one plr_run_many per nest; a strided or
// backward loop one sequence of it. Every result is compared with a
// reference the pass does not touch (optnone functions, long double state
// for floats): floats within a relative bound, integers exactly.
// Sizes are not powers of two; inputs are random and non-zero. One nest
// writes rows that the next sequence reads (y one row after x): the
// runtime reports the overlap, writes nothing, and the original nest runs.
// REQUIRES: pass
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -ffast-math -fpass-plugin=%plr-pass -Rpass=plr %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -o %t 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: env PLR_DEVICE=serial PLR_VERBOSE=1 %t > %t.serial 2> %t.serial.err
// RUN: %FileCheck %s --check-prefix=OK < %t.serial
// RUN: %FileCheck %s --check-prefix=CALLS < %t.serial.err
// RUN: env PLR_DEVICE=cpu PLR_THREADS=3 %t | %FileCheck %s --check-prefix=OK
// RUN: %t | %FileCheck %s --check-prefix=OK
// RUN: env PLR_TEST_SCRATCH_FAIL=1 %t | %FileCheck %s --check-prefix=OK
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef long double ld;
static uint64_t seed = 0x9e3779b97f4a7c15u;
static uint32_t rnd(void) {
  seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
  return (uint32_t)(seed >> 16);
}
static float rndf(void) { return ((int)(rnd() % 2001) - 1000) / 997.0f + 0.001f; }
/* the same random values in an array and its reference copy (in-place kernels) */
static void rndf2(float *a, float *b, long n)
{
  for (long i = 0; i < n; i++)
    a[i] = b[i] = rndf();
}
static int failures;

static void check_f(const char *name, const float *got, const ld *want, long n) {
  ld scale = 1, worst = 0;
  for (long i = 0; i < n; i++)
    if (fabsl(want[i]) > scale)
      scale = fabsl(want[i]);
  for (long i = 0; i < n; i++)
    if (fabsl(got[i] - want[i]) > worst)
      worst = fabsl(got[i] - want[i]);
  int ok = worst <= 1e-4L * scale;
  failures += !ok;
  printf("%s %s (max error %.2Lg of %.3Lg)\n", name, ok ? "ok" : "BAD", worst, scale);
}
static void check_i(const char *name, const int32_t *got, const int32_t *want, long n) {
  long bad = 0;
  for (long i = 0; i < n; i++)
    bad += got[i] != want[i];
  failures += bad != 0;
  printf("%s %s (%ld wrong)\n", name, bad ? "BAD" : "ok", bad);
}

// ---- the loops as users write them (the pass replaces them)

// REMARK-DAG: nests.c:[[@LINE+4]]:{{.*}} replaced loop nest with one call to plr_run_many: {{.*}} type f32, order 2; one sequence per iteration of the outer loop, y stride 1, x stride 1
__attribute__((noinline)) void rows_causal(int h, int w, float a1, float a2, float b1, float b2, const float *x, float *y) {
  for (int r = 0; r < h; r++) {
    float ym1 = 0, ym2 = 0, xm1 = 0;
    for (int c = 0; c < w; c++) {
      y[r * w + c] = a1 * x[r * w + c] + a2 * xm1 + b1 * ym1 + b2 * ym2;
      xm1 = x[r * w + c], ym2 = ym1, ym1 = y[r * w + c];
    }
  }
}
// REMARK-DAG: nests.c:[[@LINE+4]]:{{.*}} replaced loop nest with one call to plr_run_many: {{.*}} y stride -1, x stride -1 (backward)
__attribute__((noinline)) void rows_anticausal(int h, int w, float a3, float a4, float b1, float b2, const float *x, float *y) {
  for (int r = 0; r < h; r++) {
    float yp1 = 0, yp2 = 0, xp1 = 0, xp2 = 0;
    for (int c = w - 1; c >= 0; c--) {
      y[r * w + c] = a3 * xp1 + a4 * xp2 + b1 * yp1 + b2 * yp2;
      xp2 = xp1, xp1 = x[r * w + c], yp2 = yp1, yp1 = y[r * w + c];
    }
  }
}
// REMARK-DAG: nests.c:[[@LINE+4]]:{{.*}} replaced loop nest with one call to plr_run_many: {{.*}} type f32, order 1; one sequence per iteration of the outer loop, x and y stride a run-time value
__attribute__((noinline)) void columns_inplace(int h, int w, float a, float b, float *img) {
  for (int c = 0; c < w; c++) {
    float s = 0;
    for (int r = 0; r < h; r++) {
      s = a * img[r * w + c] + b * s;
      img[r * w + c] = s;
    }
  }
}
// REMARK-DAG: nests.c:[[@LINE+4]]:{{.*}} replaced loop nest with one call to plr_run_many: {{.*}} x and y stride a run-time value
__attribute__((noinline)) void columns_up(int h, int w, float a, float b, const float *x, float *y) {
  for (int c = 0; c < w; c++) {
    float s = 0;
    for (int r = h - 1; r >= 0; r--) {
      s = a * x[r * w + c] + b * s;
      y[r * w + c] = s;
    }
  }
}
// (nch a variable: with a constant count clang unrolls the channel loop)
// REMARK-DAG: nests.c:[[@LINE+4]]:{{.*}} replaced loop nest with one call to plr_run_many: signature (1, -1: 1), type i32, order 1; one sequence per iteration of the outer loop, x and y stride a run-time value
__attribute__((noinline)) void channels(int nch, long frames, const int32_t *x, int32_t *y) {
  for (int ch = 0; ch < nch; ch++) {
    int32_t s = 0, prev = 0;
    for (long t = 0; t < frames; t++) {
      s += x[t * nch + ch] - prev;
      prev = x[t * nch + ch];
      y[t * nch + ch] = s;
    }
  }
}
// REMARK-DAG: nests.c:[[@LINE+2]]:{{.*}} replaced linear recurrence with a call to plr_run_many: signature (1: 3), type i32, order 1, layout: y stride 3, x stride 2
__attribute__((noinline)) void strided(long n, const int32_t *x, int32_t *y) {
  for (long i = 1; i < n; i++)
    y[3 * i] = x[2 * i] + 3 * y[3 * i - 3];
}
// REMARK-DAG: nests.c:[[@LINE+2]]:{{.*}} replaced linear recurrence with a call to plr_run_many: signature (1: 2, -1), type i32, order 2, layout: y stride -1, x stride -1 (backward)
__attribute__((noinline)) int32_t backward(long n, int32_t *y) {
  for (long i = n - 3; i >= 0; i--)
    y[i] = y[i] + 2 * y[i + 1] - y[i + 2];
  return y[0];
}
// y one row after x: row r of the output is row r + 1 of the input.
// REMARK-DAG: nests.c:[[@LINE+4]]:{{.*}} replaced loop nest with one call to plr_run_many
__attribute__((noinline)) void rows_sum(int h, int w, const int32_t *x, int32_t *y) {
  for (int r = 0; r < h; r++) {
    int32_t s = 0;
    for (int c = 0; c < w; c++) {
      s += x[r * w + c];
      y[r * w + c] = s;
    }
  }
}

// Histories read per sequence before the call: the first element of each
// row (a summed-area table's first pass, in place), of x and y (a DC
// blocker), the first row above each column (lanes).
// REMARK-DAG: nests.c:[[@LINE+3]]:{{.*}} replaced loop nest with one call to plr_run_many: signature (1: 1), type i32
__attribute__((noinline)) void row_prefix(long h, long w, int32_t *a) {
  for (long r = 0; r < h; r++)
    for (long c = 1; c < w; c++)
      a[r * w + c] += a[r * w + c - 1];
}
// REMARK-DAG: nests.c:[[@LINE+3]]:{{.*}} replaced loop nest with one call to plr_run_many: signature (1, -1: {{.*}}), type f32
__attribute__((noinline)) void dc_block(long h, long w, float R, const float *x, float *y) {
  for (long r = 0; r < h; r++)
    for (long c = 1; c < w; c++)
      y[r * w + c] = x[r * w + c] - x[r * w + c - 1] + R * y[r * w + c - 1];
}
// REMARK-DAG: nests.c:[[@LINE+4]]:{{.*}} replaced loop nest with one call to plr_run_many: {{.*}} x and y stride a run-time value
__attribute__((noinline)) void columns_seeded(long h, long w, float a, const float *x, float *y) {
  for (long c = 0; c < w; c++) {
    float s = y[c];
    for (long r = 1; r < h; r++) {
      s = a * s + x[r * w + c];
      y[r * w + c] = s;
    }
  }
}
// Back to back: each row starts from the previous row's last output (one
// long sequence): not taken as a nest, each row its own (short) call.
// REMARK-DAG: nests.c:[[@LINE+3]]:{{.*}} replaced linear recurrence with a call to plr_run:
__attribute__((noinline)) void back_to_back(long h, long w, int32_t *y) {
  for (long r = 0; r < h; r++)
    for (long c = 0; c < w; c++)
      y[r * w + c + 1] += y[r * w + c];
}

// Carried by the outer loop, the inner loop walking lanes: a summed-area
// table's second pass in place, a vertical IIR of order 2.
// REMARK-DAG: nests.c:[[@LINE+3]]:{{.*}} replaced loop nest with one call to plr_run_many: signature (1: 1), type i32, order 1; carried by the outer loop
__attribute__((noinline)) void sat_columns(long h, long w, int32_t *s) {
  for (long i = 1; i < h; i++)
    for (long j = 0; j < w; j++)
      s[i * w + j] += s[(i - 1) * w + j];
}
// REMARK-DAG: nests.c:[[@LINE+3]]:{{.*}} replaced loop nest with one call to plr_run_many: {{.*}} type f32, order 2; carried by the outer loop
__attribute__((noinline)) void vertical_iir(long h, long w, float a, float b, const float *x, float *y) {
  for (long i = 2; i < h; i++)
    for (long j = 0; j < w; j++)
      y[i * w + j] = a * x[i * w + j] + b * y[(i - 1) * w + j] - 0.25f * y[(i - 2) * w + j];
}

// Carried by an outer loop counting down (the anti-causal column pass
// written row by row), with a delayed input term.
// REMARK-DAG: nests.c:[[@LINE+3]]:{{.*}} replaced loop nest with one call to plr_run_many: signature (1, -1: {{.*}}), type f32, order 1; carried by the outer loop
__attribute__((noinline)) void vertical_up(long h, long w, float a, const float *x, float *y) {
  for (long i = h - 2; i >= 0; i--)
    for (long j = 0; j < w; j++)
      y[i * w + j] = x[i * w + j] - x[(i + 1) * w + j] + a * y[(i + 1) * w + j];
}

// A recursive Gaussian's row pass in place, its state started from the
// row's first pixel (a replicated boundary): read before the call.
// REMARK-DAG: nests.c:[[@LINE+5]]:{{.*}} replaced loop nest with one call to plr_run_many: {{.*}} type f32, order 3; one sequence per iteration of the outer loop, y stride 1
__attribute__((noinline)) void gauss_rows(long h, long w, float B, float b1, float b2, float b3, float *img) {
  for (long r = 0; r < h; r++) {
    float *row = img + r * w;
    float w1 = row[0], w2 = row[0], w3 = row[0];
    for (long c = 0; c < w; c++) {
      float v = B * row[c] + b1 * w1 + b2 * w2 + b3 * w3;
      w3 = w2, w2 = w1, w1 = v;
      row[c] = v;
    }
  }
}

// Two biquads per channel of planar audio, each channel from a zero state:
// one call per stage over all channels (the second in place).
// REMARK-DAG: nests.c:[[@LINE+4]]:{{.*}} replaced loop nest with one call per stage to plr_run_many: signature (1: 0.5, -0.25) then (1: 0.3, -0.1), type f32, order 2; one sequence per iteration of the outer loop, y stride 1, x stride 1, a cascade of two recurrences (two calls)
__attribute__((noinline)) void eq_channels(long nch, long n, const float *in, float *out) {
  for (long ch = 0; ch < nch; ch++) {
    float a1 = 0, a2 = 0, b1 = 0, b2 = 0;
    for (long i = 0; i < n; i++) {
      float s1 = in[ch * n + i] + 0.5f * a1 - 0.25f * a2;
      a2 = a1, a1 = s1;
      float s2 = s1 + 0.3f * b1 - 0.1f * b2;
      b2 = b1, b1 = s2;
      out[ch * n + i] = s2;
    }
  }
}

// The state started from a value computed in the outer loop (the first
// pixel times a steady-state gain): repeated per row in the gather loop.
// REMARK-DAG: nests.c:[[@LINE+5]]:{{.*}} replaced loop nest with one call to plr_run_many: {{.*}} type f32, order 2; one sequence per iteration of the outer loop, y stride 1
__attribute__((noinline)) void gauss_rows_k(long h, long w, float B, float b1, float b2, float k, float *img) {
  for (long r = 0; r < h; r++) {
    float *row = img + r * w;
    float w1 = row[0] * k, w2 = w1;
    for (long c = 0; c < w; c++) {
      float v = B * row[c] + b1 * w1 + b2 * w2;
      w2 = w1, w1 = v;
      row[c] = v;
    }
  }
}

// An integral image of 8-bit pixels: rows reading the pixels as they are
// held (x_store u8), then columns carried by the outer loop.
// REMARK-DAG: nests.c:[[@LINE+4]]:{{.*}} replaced loop nest with one call to plr_run_many: signature (1: 1), type i32 (x u8), order 1; one sequence per iteration of the outer loop, y stride 1, x stride 1; plan: ask(1 pass); call(1: 1) x->y
__attribute__((noinline)) void integral(long h, long w, const uint8_t *img, int32_t *sat) {
  for (long r = 0; r < h; r++) {
    int32_t s = 0;
    for (long c = 0; c < w; c++) {
      s += img[r * w + c];
      sat[r * w + c] = s;
    }
  }
  for (long r = 1; r < h; r++)
    for (long c = 0; c < w; c++)
      sat[r * w + c] += sat[(r - 1) * w + c];
}

// Output maps over a nest: a box filter along each row (the running sum of
// in[c+2R+1] - in[c], materialized, then divided) and a scaled one-pole.
// REMARK-DAG: nests.c:[[@LINE+5]]:{{.*}} replaced loop nest with one call to plr_run_many: signature (1: 1), type f32, order 1; one sequence per iteration of the outer loop, y stride 1, x stride 1, input term materialized by a map, output an elementwise map of the state
__attribute__((noinline)) void box_rows(long h, long w, long R, const float *in, float *out) {
  long pitch = w + 2 * R + 2;
  for (long r = 0; r < h; r++) {
    float sum = 0;
    for (long c = 1; c < w; c++) {
      sum += in[r * pitch + c + 2 * R + 1] - in[r * pitch + c];
      out[r * w + c] = sum / (2 * R + 1);
    }
  }
}
// REMARK-DAG: nests.c:[[@LINE+4]]:{{.*}} replaced loop nest with one call to plr_run_many: {{.*}} output an elementwise map of the state
__attribute__((noinline)) void scaled_rows(long h, long w, float a, float g, const float *x, float *y) {
  for (long r = 0; r < h; r++) {
    float s = 0;
    for (long c = 0; c < w; c++) {
      s = a * s + x[r * w + c];
      y[r * w + c] = g * s;
    }
  }
}

// ---- references: optnone, which the pass leaves alone

#define REF __attribute__((optnone, noinline))
REF static void ref_rows(int count, long n, long xs, long xd, long ys, long yd, const ld *a, int f, const ld *b, int k,
                     const float *x, ld *y) {
  for (int s = 0; s < count; s++) {
    ld xh[8] = {0}, yh[8] = {0};
    for (long i = 0; i < n; i++) {
      for (int m = f - 1; m > 0; m--)
        xh[m] = xh[m - 1];
      xh[0] = x[s * xd + i * xs];
      ld v = 0;
      for (int m = 0; m < f; m++)
        v += a[m] * xh[m];
      for (int j = 1; j <= k; j++)
        v += b[j] * yh[j - 1];
      for (int j = k - 1; j > 0; j--)
        yh[j] = yh[j - 1];
      yh[0] = v;
      y[s * yd + i * ys] = v;
    }
  }
}

REF static void ref_channels(int nch, long frames, const int32_t *x, int32_t *y) {
  for (int ch = 0; ch < nch; ch++) {
    uint32_t s = 0, prev = 0;
    for (long t = 0; t < frames; t++)
      s += (uint32_t)x[t * nch + ch] - prev, prev = (uint32_t)x[t * nch + ch], y[t * nch + ch] = (int32_t)s;
  }
}
REF static void ref_strided(long n, const int32_t *x, int32_t *y) {
  for (long i = 1; i < n; i++)
    y[3 * i] = (int32_t)((uint32_t)x[2 * i] + 3u * (uint32_t)y[3 * i - 3]);
}
REF static void ref_backward(long n, int32_t *y) {
  for (long i = n - 3; i >= 0; i--)
    y[i] = (int32_t)((uint32_t)y[i] + 2u * (uint32_t)y[i + 1] - (uint32_t)y[i + 2]);
}
REF static void ref_rows_sum(int h, int w, const int32_t *x, int32_t *y) {
  for (int r = 0; r < h; r++) {
    uint32_t s = 0;
    for (int c = 0; c < w; c++)
      s += (uint32_t)x[r * w + c], y[r * w + c] = (int32_t)s;
  }
}

REF static void ref_row_prefix(long h, long w, int32_t *a) {
  for (long r = 0; r < h; r++)
    for (long c = 1; c < w; c++)
      a[r * w + c] = (int32_t)((uint32_t)a[r * w + c] + (uint32_t)a[r * w + c - 1]);
}
REF static void ref_back_to_back(long h, long w, int32_t *y) {
  for (long r = 0; r < h; r++)
    for (long c = 0; c < w; c++)
      y[r * w + c + 1] = (int32_t)((uint32_t)y[r * w + c + 1] + (uint32_t)y[r * w + c]);
}
REF static void ref_dc_block(long h, long w, ld R, const float *x, const float *y0, ld *y) {
  for (long r = 0; r < h; r++) {
    y[r * w] = y0[r * w];
    for (long c = 1; c < w; c++)
      y[r * w + c] = (ld)x[r * w + c] - x[r * w + c - 1] + R * y[r * w + c - 1];
  }
}
REF static void ref_columns_seeded(long h, long w, ld a, const float *x, const float *y0, ld *y) {
  for (long c = 0; c < w; c++) {
    ld s = y[c] = y0[c];
    for (long r = 1; r < h; r++)
      s = a * s + x[r * w + c], y[r * w + c] = s;
  }
}

REF static void ref_sat_columns(long h, long w, int32_t *s) {
  for (long i = 1; i < h; i++)
    for (long j = 0; j < w; j++)
      s[i * w + j] = (int32_t)((uint32_t)s[i * w + j] + (uint32_t)s[(i - 1) * w + j]);
}
REF static void ref_vertical_iir(long h, long w, ld a, ld b, const float *x, const float *y0, ld *y) {
  for (long i = 0; i < 2 * w; i++)
    y[i] = y0[i];
  for (long i = 2; i < h; i++)
    for (long j = 0; j < w; j++)
      y[i * w + j] = a * x[i * w + j] + b * y[(i - 1) * w + j] - 0.25L * y[(i - 2) * w + j];
}

REF static void ref_integral(long h, long w, const uint8_t *img, int32_t *sat) {
  for (long r = 0; r < h; r++)
    for (long c = 0; c < w; c++) {
      uint32_t s = img[r * w + c];
      if (c)
        s += (uint32_t)sat[r * w + c - 1];
      if (r)
        s += (uint32_t)sat[(r - 1) * w + c];
      if (r && c)
        s -= (uint32_t)sat[(r - 1) * w + c - 1];
      sat[r * w + c] = (int32_t)s;
    }
}

REF static void ref_box_rows(long h, long w, long R, const float *in, ld *out) {
  long pitch = w + 2 * R + 2;
  for (long r = 0; r < h; r++) {
    ld sum = 0;
    out[r * w] = 0;
    for (long c = 1; c < w; c++)
      sum += (ld)in[r * pitch + c + 2 * R + 1] - in[r * pitch + c], out[r * w + c] = sum / (2 * R + 1);
  }
}
REF static void ref_scaled_rows(long h, long w, ld a, ld g, const float *x, ld *y) {
  for (long r = 0; r < h; r++) {
    ld s = 0;
    for (long c = 0; c < w; c++)
      s = a * s + x[r * w + c], y[r * w + c] = g * s;
  }
}

REF static void ref_vertical_up(long h, long w, ld a, const float *x, const float *y0, ld *y) {
  for (long j = 0; j < w; j++)
    y[(h - 1) * w + j] = y0[(h - 1) * w + j];
  for (long i = h - 2; i >= 0; i--)
    for (long j = 0; j < w; j++)
      y[i * w + j] = (ld)x[i * w + j] - x[(i + 1) * w + j] + a * y[(i + 1) * w + j];
}

REF static void ref_gauss_rows(long h, long w, ld B, ld b1, ld b2, ld b3, const float *img, ld *out) {
  for (long r = 0; r < h; r++) {
    ld w1 = img[r * w], w2 = w1, w3 = w1;
    for (long c = 0; c < w; c++) {
      ld v = B * img[r * w + c] + b1 * w1 + b2 * w2 + b3 * w3;
      w3 = w2, w2 = w1, w1 = v, out[r * w + c] = v;
    }
  }
}

REF static void ref_eq_channels(long nch, long n, const float *in, ld *out) {
  for (long ch = 0; ch < nch; ch++) {
    ld a1 = 0, a2 = 0, b1 = 0, b2 = 0;
    for (long i = 0; i < n; i++) {
      ld s1 = in[ch * n + i] + 0.5L * a1 - 0.25L * a2;
      a2 = a1, a1 = s1;
      ld s2 = s1 + 0.3L * b1 - 0.1L * b2;
      b2 = b1, b1 = s2, out[ch * n + i] = s2;
    }
  }
}

REF static void ref_gauss_rows_k(long h, long w, ld B, ld b1, ld b2, float k, const float *img, ld *out) {
  for (long r = 0; r < h; r++) {
    ld w1 = img[r * w] * k, w2 = w1;
    for (long c = 0; c < w; c++) {
      ld v = B * img[r * w + c] + b1 * w1 + b2 * w2;
      w2 = w1, w1 = v, out[r * w + c] = v;
    }
  }
}

int main(void) {
  enum { H = 211, W = 367 };
  long N = (long)H * W;
  float *x = malloc(N * sizeof *x), *y = malloc(N * sizeof *y);
  ld *want = malloc(N * sizeof *want);
  for (long i = 0; i < N; i++)
    x[i] = rndf();
  const float a1 = 0.2f, a2 = -0.1f, a3 = 0.15f, a4 = 0.05f, b1 = 0.8f, b2 = -0.3f;

  rows_causal(H, W, a1, a2, b1, b2, x, y);
  ref_rows(H, W, 1, W, 1, W, (ld[]){a1, a2}, 2, (ld[]){0, b1, b2}, 2, x, want);
  check_f("rows_causal", y, want, N);

  rows_anticausal(H, W, a3, a4, b1, b2, x, y);
  // element 0 of row r is its last: x + r*W + W-1, stride -1
  ref_rows(H, W, -1, W, -1, W, (ld[]){0, a3, a4}, 3, (ld[]){0, b1, b2}, 2, x + W - 1, want + W - 1);
  check_f("rows_anticausal", y, want, N);

  memcpy(y, x, N * sizeof *y);
  columns_inplace(H, W, 0.25f, 0.75f, y);
  ref_rows(W, H, W, 1, W, 1, (ld[]){0.25f}, 1, (ld[]){0, 0.75f}, 1, x, want);
  check_f("columns_inplace", y, want, N);

  columns_up(H, W, 0.5f, -0.45f, x, y);
  ref_rows(W, H, -W, 1, -W, 1, (ld[]){0.5f}, 1, (ld[]){0, -0.45f}, 1, x + (H - 1) * (long)W, want + (H - 1) * (long)W);
  check_f("columns_up", y, want, N);

  // integers: exact, through __int128 state truncated like the loop's wrapping arithmetic
  long frames = N / 6;
  int32_t *xi = malloc(N * sizeof *xi), *yi = malloc((N + W) * sizeof *yi), *wi = malloc((N + W) * sizeof *wi);
  for (long i = 0; i < N; i++)
    xi[i] = (int32_t)rnd() | 1;
  channels(6, frames, xi, yi);
  ref_channels(6, frames, xi, wi);
  check_i("channels", yi, wi, frames * 6);

  long n3 = N / 3;
  for (long i = 0; i < N; i++)
    yi[i] = wi[i] = (int32_t)rnd();
  strided(n3, xi, yi);
  ref_strided(n3, xi, wi);
  check_i("strided", yi, wi, N);

  for (long i = 0; i < N; i++)
    yi[i] = wi[i] = (int32_t)(rnd() % 17) - 8;
  int32_t r0 = backward(N, yi);
  ref_backward(N, wi);
  check_i("backward", yi, wi, N);
  failures += r0 != wi[0];

  // overlapping: y = x + W (sequence r writes the input row r + 1)
  for (long i = 0; i < N + W; i++)
    yi[i] = wi[i] = (int32_t)rnd();
  rows_sum(H, W, yi, yi + W);
  ref_rows_sum(H, W, wi, wi + W);
  check_i("rows_overlapping", yi, wi, N + W);
  for (long i = 0; i < N + W; i++)
    yi[i] = wi[i] = (int32_t)rnd();
  row_prefix(H, W, yi);
  ref_row_prefix(H, W, wi);
  check_i("row_prefix", yi, wi, N);
  back_to_back(H, W, yi);
  ref_back_to_back(H, W, wi);
  check_i("back_to_back", yi, wi, N + 1);

  float *y0 = malloc(N * sizeof *y0);
  rndf2(y0, y, N);
  dc_block(H, W, 0.995f, x, y);
  ref_dc_block(H, W, 0.995f, x, y0, want);
  check_f("dc_block", y, want, N);
  rndf2(y0, y, N);
  columns_seeded(H, W, 0.9f, x, y);
  ref_columns_seeded(H, W, 0.9f, x, y0, want);
  check_f("columns_seeded", y, want, N);
  for (long i = 0; i < N; i++)
    yi[i] = wi[i] = (int32_t)rnd();
  sat_columns(H, W, yi);
  ref_sat_columns(H, W, wi);
  check_i("sat_columns", yi, wi, N);
  rndf2(y0, y, N);
  vertical_iir(H, W, 0.3f, 0.9f, x, y);
  ref_vertical_iir(H, W, 0.3f, 0.9f, x, y0, want);
  check_f("vertical_iir", y, want, N);
  rndf2(y0, y, N);
  vertical_up(H, W, 0.8f, x, y);
  ref_vertical_up(H, W, 0.8f, x, y0, want);
  check_f("vertical_up", y, want, N);
  rndf2(y, y0, N);
  gauss_rows(H, W, 0.4f, 0.9f, -0.4f, 0.1f, y);
  ref_gauss_rows(H, W, 0.4f, 0.9f, -0.4f, 0.1f, y0, want);
  check_f("gauss_rows", y, want, N);
  eq_channels(H, W, x, y);
  ref_eq_channels(H, W, x, want);
  check_f("eq_channels", y, want, N);
  rndf2(y, y0, N);
  gauss_rows_k(H, W, 0.4f, 0.9f, -0.3f, 1.5f, y);
  ref_gauss_rows_k(H, W, 0.4f, 0.9f, -0.3f, 1.5f, y0, want);
  check_f("gauss_rows_k", y, want, N);
  uint8_t *img = malloc(N);
  for (long i = 0; i < N; i++)
    img[i] = (uint8_t)rnd();
  integral(H, W, img, yi);
  ref_integral(H, W, img, wi);
  check_i("integral", yi, wi, N);
  {
    long R = 3, pitch = W + 2 * R + 2;
    float *in = malloc(H * pitch * sizeof *in);
    for (long i = 0; i < H * pitch; i++)
      in[i] = rndf();
    for (long i = 0; i < N; i++)
      y[i] = 0;
    box_rows(H, W, R, in, y);
    ref_box_rows(H, W, R, in, want);
    check_f("box_rows", y, want, N);
    scaled_rows(H, W, 0.7f, 0.3f, x, y);
    ref_scaled_rows(H, W, 0.7f, 0.3f, x, want);
    check_f("scaled_rows", y, want, N);
  }
  printf("%d failed\n", failures);
  return failures != 0;
}
// OK: rows_causal ok
// OK: rows_anticausal ok
// OK: columns_inplace ok
// OK: columns_up ok
// OK: channels ok
// OK: strided ok
// OK: backward ok
// OK: rows_overlapping ok
// OK: row_prefix ok
// OK: back_to_back ok
// OK: dc_block ok
// OK: columns_seeded ok
// OK: sat_columns ok
// OK: vertical_iir ok
// OK: vertical_up ok
// OK: gauss_rows ok
// OK: eq_channels ok
// OK: gauss_rows_k ok
// OK: integral ok
// OK: box_rows ok
// OK: scaled_rows ok
// OK: 0 failed
// Each nest is one call (six of them, the overlapping one declined by the
// runtime with nothing written), each strided or backward loop one.
// CALLS-COUNT-7: plr: ({{.*}}) {{[if][0-9]+}} {{[0-9]+}} x n={{[0-9]+}} {{.*}} -> serial
// CALLS: plr: call rejected (outputs overlap inputs
// CALLS: plr: (1: 1) i32 211 x n=366 {{.*}} in place) -> serial
// CALLS-COUNT-211: plr: (1: 1) i32 n=367 -> serial
// CALLS: plr: (1, -1: 0.995) f32 211 x n=366 {{.*}} -> serial
// CALLS: plr: (1: 0.9) f32 367 x n=210 {{.*}} -> serial
// CALLS: plr: (1: 1) i32 367 x n=210 (x stride 367 dist 1, y stride 367 dist 1, in place) -> serial
// CALLS: plr: (0.3: 0.9, -0.25) f32 367 x n=209 {{.*}} -> serial
// CALLS: plr: (1, -1: 0.8) f32 367 x n=210 (x stride -367 dist 1, y stride -367 dist 1) -> serial
// CALLS: plr: (0.4: 0.9, -0.4, 0.1) f32 211 x n=367 {{.*}} in place) -> serial
// CALLS: plr: (1: 0.5, -0.25) f32 211 x n=367 (x stride 1 dist 367, y stride 1 dist 367) -> serial
// CALLS: plr: (1: 0.3, -0.1) f32 211 x n=367 (x stride 1 dist 367, y stride 1 dist 367, in place) -> serial
// CALLS: plr: (0.4: 0.9, -0.3) f32 211 x n=367 {{.*}} in place) -> serial
// CALLS: plr: (1: 1) i32 211 x n=367 (x stride 1 dist 367, y stride 1 dist 367) -> serial: x u8, y i32 converted
// CALLS: plr: (1: 1) i32 367 x n=210 (x stride 367 dist 1, y stride 367 dist 1, in place) -> serial
// CALLS: plr: (1: 1) f32 211 x n=366 (x stride 1 dist 367, y stride 1 dist 367, in place) -> serial
// CALLS: plr: (1: 0.7) f32 211 x n=367 (x stride 1 dist 367, y stride 1 dist 367) -> serial
// CALLS-NOT: -> serial
