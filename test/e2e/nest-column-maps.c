// Column nests (each column of an image a sequence, the inner loop walking
// it at the run-time row pitch w) whose output map reads another array at
// the output's index (u[r*w + c], the same run-time stride) or one element
// per column (gain[c]): one plr_run_many over every column, then a map loop
// over the nest reading those arrays. Outputs equal the plain build's
// (integers bit for bit; float within a tolerance of an optnone reference
// in both builds) under auto, cpu with 3 threads and serial; sizes that are
// not powers of two; the map's array inside the output (the check fails,
// the loop runs).
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
// REMARK-NOT: not replaced
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define NOINLINE __attribute__((noinline))

// REMARK: nest-column-maps.c:[[@LINE+4]]:{{.*}} replaced loop nest with one call to plr_run_many: signature (1: a), type i32, order 1; one sequence per iteration of the outer loop, x and y stride a run-time value, output an elementwise map of the state and of other arrays at its index
NOINLINE int col_u(int *out, const int *x, const int *u, long w, long h, int a) {
  for (long c = 0; c < w; c++) {
    int s = 0;
    for (long r = 0; r < h; r++) {
      s = a * s + x[r * w + c];
      out[r * w + c] = u[r * w + c] * s + 3;
    }
  }
  return out[w * h - 1];
}

// REMARK: nest-column-maps.c:[[@LINE+4]]:{{.*}} replaced loop nest with one call to plr_run_many: signature (1: 1), type i32, order 1; one sequence per iteration of the outer loop, x and y stride a run-time value, output an elementwise map of the state and of other arrays at its index
NOINLINE void col_gain(int *out, const int *x, const int *gain, const int *v, long w, long h) {
  for (long c = 0; c < w; c++) {
    int s = 0;
    for (long r = 0; r < h; r++) {
      s += x[r * w + c];
      out[r * w + c] = s * gain[c] - v[r * w + c];
    }
  }
}

// The gain alone (s*gain[c]) is read as a direct form II whose coefficient
// gain[c] is loaded per column: the nest is refused for it, and each column
// is one call at the run-time pitch (until 2026-12-04: only where w == 1).
// REMARK: nest-column-maps.c:[[@LINE+4]]:{{.*}} replaced linear recurrence with a call to plr_run_many: signature (gain[c]: 1), type i32, order 1, layout: x and y stride a run-time value (either sign), output a linear function of the state (direct form II)
NOINLINE void col_gain_only(int *out, const int *x, const int *gain, long w, long h) {
  for (long c = 0; c < w; c++) {
    int s = 0;
    for (long r = 0; r < h; r++) {
      s += x[r * w + c];
      out[r * w + c] = s * gain[c];
    }
  }
}

// REMARK: nest-column-maps.c:[[@LINE+4]]:{{.*}} replaced loop nest with one call to plr_run_many: signature (1: a), type f32, order 1; one sequence per iteration of the outer loop, x and y stride a run-time value, output an elementwise map of the state and of other arrays at its index
NOINLINE void col_f(float *out, const float *x, const float *u, long w, long h, float a) {
  for (long c = 0; c < w; c++) {
    float s = 0;
    for (long r = 0; r < h; r++) {
      s = a * s + x[r * w + c];
      out[r * w + c] = u[r * w + c] * s;
    }
  }
}

__attribute__((optnone, noinline)) static void ref_f(double *out, const float *x, const float *u, long w, long h,
                                                    float a) {
  for (long c = 0; c < w; c++) {
    double s = 0;
    for (long r = 0; r < h; r++) {
      s = a * s + x[r * w + c];
      out[r * w + c] = u[r * w + c] * s;
    }
  }
}

static unsigned seed = 2463534242u;
static int rnd(int range) { /* -range..range, never 0 */
  int v;
  do {
    seed ^= seed << 13, seed ^= seed >> 17, seed ^= seed << 5;
    v = (int)(seed % (2u * (unsigned)range + 1)) - range;
  } while (v == 0);
  return v;
}

static unsigned long hash(const int *v, long n) {
  unsigned long h = 1469598103934665603ul;
  for (long k = 0; k < n; k++)
    h = (h ^ (unsigned)v[k]) * 1099511628211ul;
  return h;
}

int main(void) {
  enum { W = 131, H = 77, N = W * H + 64 };
  int *x = malloc(N * sizeof *x), *u = malloc(N * sizeof *u), *o = malloc(N * sizeof *o), *g = malloc(N * sizeof *g);
  float *xf = malloc(N * sizeof *xf), *uf = malloc(N * sizeof *uf), *of = malloc(N * sizeof *of);
  double *rf = malloc(N * sizeof *rf);
  for (long k = 0; k < N; k++)
    x[k] = rnd(1000), u[k] = rnd(50), g[k] = rnd(9), xf[k] = (float)rnd(1000) / 997.0f, uf[k] = (float)rnd(50) / 47.0f;
  long ws[] = {W, 5, 1}, hs[] = {H, 13, 70};
  for (int t = 0; t < 3; t++) {
    long w = ws[t], h = hs[t];
    for (long k = 0; k < N; k++)
      o[k] = -1;
    int last = col_u(o, x, u, w, h, -3);
    printf("col_u %ldx%ld %lx %d\n", w, h, hash(o, N), last);
    col_gain(o, x, g, u, w, h);
    printf("col_gain %ldx%ld %lx\n", w, h, hash(o, N));
    col_gain_only(o, x, g, w, h);
    printf("col_gain_only %ldx%ld %lx\n", w, h, hash(o, N));
    col_f(of, xf, uf, w, h, 0.75f);
    ref_f(rf, xf, uf, w, h, 0.75f);
    int ok = 1;
    for (long k = 0; k < w * h; k++)
      ok &= fabs(of[k] - rf[k]) <= 1e-4 * (1 + fabs(rf[k]));
    printf("col_f %ldx%ld %s\n", w, h, ok ? "ok" : "BAD");
  }
  /* the map's array inside the output: the check fails, the loop runs */
  for (long k = 0; k < N; k++)
    o[k] = rnd(50);
  col_u(o, x, o + 7, W, H - 1, 2);
  printf("u in out %lx\n", hash(o, N));
  return 0;
}
// OUT: col_u 131x77
// OUT: col_f 131x77 ok
// OUT: col_f 5x13 ok
// OUT: col_f 1x70 ok
// OUT: u in out
// CALLS: plr: (1: -3) i32
// CALLS: plr: (1: 1) i32
// CALLS: plr: (1: 0.75) f32
