// Nests whose recurrence starts every sequence from the same non-zero value
// from before the nest (`s = 1`, an argument, two states of a second-order
// filter): the nest is one plr_run_many whose gather loop writes that value
// into every sequence's history. Until 2026-12-04 such a nest was replaced
// with zero histories (only a value computed or read per sequence was
// gathered), and every sequence but the loop's own ran from zero: rows, a
// constant width and a run-time one, forward and backward, int and float.
// Integers are compared bit for bit with the untransformed program, floats
// with a double reference computed without the pass (optnone).
// REQUIRES: pass
// RUN: %clang -O2 -ffast-math %s -o %t.ref
// RUN: %t.ref > %t.ref.out
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -ffast-math -g -fpass-plugin=%plr-pass -Rpass=plr -Rpass-missed=plr %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -o %t.plr 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: env PLR_VERBOSE=1 %t.plr > %t.plr.out 2> %t.plr.err
// RUN: diff %t.ref.out %t.plr.out
// RUN: %FileCheck %s --check-prefix=CALLS < %t.plr.err
// RUN: env PLR_MIN_PARALLEL_N=1 PLR_THREADS=3 %t.plr > %t.par.out
// RUN: diff %t.ref.out %t.par.out
#include <math.h>
#include <stdio.h>

#define H 61
#define W 53

/* rows, each from 1 */
__attribute__((noinline)) void rows(const int *restrict x, int *restrict y, long h, long w) {
  for (long r = 0; r < h; r++) {
    int s = 1;
    // REMARK-DAG: nest-state-value.c:[[@LINE+1]]:{{.*}} replaced loop nest with one call to plr_run_many: signature (1: 3), type i32, order 1; {{.*}}histories gathered
    for (long c = 0; c < w; c++) {
      s = 3 * s + x[r * w + c];
      y[r * w + c] = s;
    }
  }
}

/* columns at a constant width, backward, each from an argument */
__attribute__((noinline)) void cols_up(const int *restrict x, int *restrict y, long h, int g) {
  for (long c = 0; c < W; c++) {
    int s = g;
    // REMARK-DAG: nest-state-value.c:[[@LINE+1]]:{{.*}} replaced loop nest with one call to plr_run_many: signature (1: -5), type i32, order 1; {{.*}}histories gathered
    for (long r = h - 1; r >= 0; r--) {
      s = x[r * W + c] - 5 * s;
      y[r * W + c] = s;
    }
  }
}

/* columns at a run-time width, a second-order float filter from (1, 2) */
__attribute__((noinline)) void cols2(const float *restrict x, float *restrict y, long h, long w) {
  for (long c = 0; c < w; c++) {
    float y1 = 1.0f, y2 = 2.0f;
    // REMARK-DAG: nest-state-value.c:[[@LINE+1]]:{{.*}} replaced loop nest with one call to plr_run_many: signature (1: 0.5, -0.25), type f32, order 2; {{.*}}histories gathered
    for (long r = 0; r < h; r++) {
      float v = x[r * w + c] + 0.5f * y1 - 0.25f * y2;
      y[r * w + c] = v;
      y2 = y1;
      y1 = v;
    }
  }
}

__attribute__((optnone, noinline)) static void ref_cols2(const float *x, double *y, long h, long w) {
  for (long c = 0; c < w; c++) {
    double y1 = 1.0, y2 = 2.0;
    for (long r = 0; r < h; r++) {
      double v = x[r * w + c] + 0.5 * y1 - 0.25 * y2;
      y[r * w + c] = v;
      y2 = y1;
      y1 = v;
    }
  }
}

static unsigned long hash_i(const int *v, long n, unsigned long h) {
  for (long i = 0; i < n; i++)
    h = h * 1000003u ^ (unsigned)v[i];
  return h;
}

static int xi[H * W], yi[H * W];
static float xf[H * W], yf[H * W];
static double rf[H * W];

int main(void) {
  unsigned r = 7;
  for (int i = 0; i < H * W; i++) {
    r = r * 1103515245u + 12345u;
    xi[i] = (int)(r >> 7) - (1 << 23);
    xf[i] = (float)((int)(r >> 9) % 2001 - 1000) / 100.0f;
  }
  rows(xi, yi, H, W);
  printf("rows %lx\n", hash_i(yi, H * W, 3));
  cols_up(xi, yi, H, -7);
  printf("cols_up %lx\n", hash_i(yi, H * W, 5));
  cols2(xf, yf, H, W);
  ref_cols2(xf, rf, H, W);
  double scale = 0;
  int ok = 1;
  for (int i = 0; i < H * W; i++)
    scale = fmax(scale, fabs(rf[i]));
  for (int i = 0; i < H * W; i++)
    ok &= fabs(yf[i] - rf[i]) <= 1e-4 * (scale + fabs(rf[i]));
  printf("cols2 %s\n", ok ? "ok" : "bad");
  return 0;
}

// The generator (an LCG), then the three nests.
// CALLS: plr: (1: 1103515245) i32 n=3233
// CALLS-NEXT: plr: (1: 3) i32 61 x n=53 (x stride 1 dist 53, y stride 1 dist 53)
// CALLS-NEXT: plr: (1: -5) i32 53 x n=61 (x stride -53 dist 1, y stride -53 dist 1)
// CALLS-NEXT: plr: (1: 0.5, -0.25) f32 53 x n=61 (x stride 53 dist 1, y stride 53 dist 1)
// CALLS-NOT: plr: (
