// Transposed direct form II over the rows and columns of an image. States
// zero at the start of each sequence: the nest is one plr_run_many (rows
// forward in float, columns backward in int: a run-time stride). States
// loaded per row (a filter carried across the rows' ends): the nest is not
// taken, each row is one call with its first outputs computed before it.
// Floats against a long double reference, integers bit-identical to the
// untransformed program; in place, and with the output one row after the
// input (the overlap check sends that to the loops as written).
// REQUIRES: pass
// RUN: %clang -O2 -ffast-math %s -o %t.ref
// RUN: %t.ref > %t.ref.out
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -ffast-math -fpass-plugin=%plr-pass -Rpass=plr -Rpass-missed=plr -Rpass-analysis=plr %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -o %t.plr 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: env PLR_VERBOSE=1 %t.plr > %t.plr.out 2> %t.plr.err
// RUN: diff %t.ref.out %t.plr.out
// RUN: %FileCheck %s --check-prefix=CALLS < %t.plr.err
// RUN: env PLR_DEVICE=cpu PLR_THREADS=3 %t.plr > %t.cpu.out
// RUN: diff %t.ref.out %t.cpu.out
// RUN: env PLR_DEVICE=no-such-device %t.plr > %t.fail.out 2>/dev/null
// RUN: diff %t.ref.out %t.fail.out
#include <math.h>
#include <stdio.h>
#include <string.h>

#define W 301
#define H 67

__attribute__((noinline)) void rows_f(float *img, const float *src, long w, long h, const float *c) {
  float b0 = c[0], b1 = c[1], b2 = c[2], a1 = c[3], a2 = c[4];
  for (long r = 0; r < h; r++) {
    float z1 = 0, z2 = 0;
    // REMARK-DAG: tdf2-nest.c:[[@LINE+1]]:{{.*}} replaced loop nest with one call to plr_run_many: signature {{.*}} type f32, order 2; one sequence per iteration of the outer loop, y stride 1, x stride 1, transposed states (direct form II transposed), from zero
    for (long c = 0; c < w; c++) {
      float x = src[r * w + c];
      float v = b0 * x + z1;
      z1 = b1 * x - a1 * v + z2;
      z2 = b2 * x - a2 * v;
      img[r * w + c] = v;
    }
  }
}

__attribute__((noinline)) void cols_back_i(int *img, const int *src, long w, long h, int b1) {
  for (long c = 0; c < w; c++) {
    int z1 = 0, z2 = 0, z3 = 0;
    // REMARK-DAG: tdf2-nest.c:[[@LINE+1]]:{{.*}} replaced loop nest with one call to plr_run_many: signature (3, {{.*}}, -2, 1: 5, -3, 2), type i32, order 3; one sequence per iteration of the outer loop, x and y stride a run-time value
    for (long r = h - 1; r >= 0; r--) {
      int x = src[r * w + c];
      int v = 3 * x + z1;
      z1 = b1 * x + 5 * v + z2;
      z2 = -2 * x - 3 * v + z3;
      z3 = x + 2 * v;
      img[r * w + c] = v;
    }
  }
}

/* States loaded per row: each row computes its first outputs itself. */
__attribute__((noinline)) void rows_loaded_i(int *img, const int *src, long w, long h, const int *s) {
  for (long r = 0; r < h; r++) {
    int z1 = s[0], z2 = s[1];
    // REMARK-DAG: tdf2-nest.c:[[@LINE+2]]:{{.*}} replaced linear recurrence with a call to plr_run: signature (2, -1, 4: 3, -1), type i32, order 2, transposed states (direct form II transposed): the first outputs computed
    // REMARK-DAG: tdf2-nest.c:[[@LINE+1]]:{{.*}} the loop around it is not part of the call (one call per sequence)
    for (long c = 0; c < w; c++) {
      int x = src[r * w + c];
      int v = 2 * x + z1;
      z1 = -x + 3 * v + z2;
      z2 = 4 * x - v;
      img[r * w + c] = v;
    }
  }
}

static int near(double a, double b, double tol) { return fabs(a - b) <= tol * (1 + fabs(b)); }

static unsigned long rng = 5551212;
static unsigned long next(void) { return rng = rng * 6364136223846793005ul + 1442695040888963407ul, rng >> 33; }

static unsigned long hash(const int *v, long n) {
  unsigned long h = 0;
  for (long i = 0; i < n; i++) h = h * 1000003u ^ (unsigned)v[i];
  return h;
}

int main(void) {
  static float xf[W * H + W], yf[W * H + W];
  static int xi[W * H + W], yi[W * H + W];
  for (int i = 0; i < W * H + W; i++) {
    xf[i] = ((long)(next() % 2001) - 1000) / 1000.0f;
    if (xf[i] == 0) xf[i] = 0.5f;
    xi[i] = (int)(next() % 201) - 100;
    if (xi[i] == 0) xi[i] = 9;
  }
  const float c[5] = {0.2f, 0.35f, 0.2f, -0.6f, 0.25f};

  /* float rows: separate, in place */
  static float ip[W * H];
  memcpy(ip, xf, sizeof ip);
  rows_f(yf, xf, W, H, c);
  rows_f(ip, ip, W, H, c);
  int ok = 1;
  for (int r = 0; r < H; r++) {
    long double z1 = 0, z2 = 0;
    for (int k = 0; k < W; k++) {
      long double x = xf[r * W + k], v = c[0] * x + z1;
      z1 = c[1] * x - c[3] * v + z2;
      z2 = c[2] * x - c[4] * v;
      ok &= near(yf[r * W + k], (double)v, 1e-4) && near(ip[r * W + k], (double)v, 1e-4);
    }
  }
  printf("rows_f %s\n", ok ? "ok" : "bad");

  /* int columns backward: separate, in place, one row after the input */
  static int copy[W * H + W];
  cols_back_i(yi, xi, W, H, 11);
  printf("cols_back_i %lx\n", hash(yi, W * H));
  memcpy(copy, xi, sizeof copy);
  cols_back_i(copy, copy, W, H, 11);
  printf("cols_back_i in place %lx %s\n", hash(copy, W * H), memcmp(copy, yi, W * H * sizeof *yi) ? "bad" : "ok");
  memcpy(copy, xi, sizeof copy);
  cols_back_i(copy + W, copy, W, H, 11);
  printf("cols_back_i shifted %lx\n", hash(copy, W * H + W));

  /* int rows, states loaded per row */
  const int s[2] = {7, -5};
  rows_loaded_i(yi, xi, W, H, s);
  printf("rows_loaded_i %lx\n", hash(yi, W * H));
  memcpy(copy, xi, sizeof copy);
  rows_loaded_i(copy, copy, W, H, s);
  printf("rows_loaded_i in place %lx %s\n", hash(copy, W * H), memcmp(copy, yi, W * H * sizeof *yi) ? "bad" : "ok");
  return 0;
}

// The nests: one call each (separate, in place); the shifted columns are
// refused by libplr (outputs overlap inputs) and run as written. The loaded
// rows: one call per row, its first two outputs computed before it.
// CALLS-DAG: plr: (0.2, 0.35, 0.2: 0.6, -0.25) f32 67 x n=301
// CALLS-DAG: plr: (3, 11, -2, 1: 5, -3, 2) i32 301 x n=67 (x stride -301
// CALLS-DAG: plr: call rejected (outputs overlap inputs
// CALLS-DAG: plr: (2, -1, 4: 3, -1) i32 n=299
// RUN: grep -c "plr: (2, -1, 4: 3, -1) i32 n=299" %t.plr.err | grep -x 134
// RUN: grep -c "i32 301 x n=67" %t.plr.err | grep -x 2
