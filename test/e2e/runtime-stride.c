// A single loop whose stride is a run-time value (y[j*C], C a parameter),
// outside any nest that could take it. Its plain forms are one plr_run_many
// at that stride, whatever its value (runtime-stride-alone.c); the others
// are analyzed where the stride is one element and versioned on it (the
// check tests C == 1; any other value runs the loop as written). opus's
// CELT de-emphasis (an input term materialized, transposed states: its
// first output computed before the call) is written for C interleaved
// channels, one channel per pass of a loop around it whose input arrays are
// read through a pointer array (no nest): mono and stereo call the runtime
// (stereo at stride 2), both must give the serial result. Also: a recurrence through memory at that stride
// (C = 3 and -1 called, 0 as written), a backward one at a long stride, an
// input at a second run-time stride (computed into y first, at any C), narrow
// types, x at a run-time stride of its own without restrict (BLAS's incx
// beside incy: both read as one element and tested); and a stride of two
// run-time values (taken at that stride). Integers are compared bit for bit
// with the untransformed program, floats with a double reference.
// REQUIRES: pass
// RUN: %clang -O2 -ffast-math %s -o %t.ref
// RUN: %t.ref > %t.ref.out
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -ffast-math -g -fpass-plugin=%plr-pass -Rpass=plr -Rpass-missed=plr %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -o %t.plr 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: env PLR_VERBOSE=1 %t.plr > %t.plr.out 2> %t.plr.err
// RUN: diff %t.ref.out %t.plr.out
// RUN: %FileCheck %s --check-prefix=CALLS < %t.plr.err
// The parallel backend, forced on these arrays.
// RUN: env PLR_MIN_PARALLEL_N=1 PLR_THREADS=3 %t.plr > %t.par.out
// RUN: diff %t.ref.out %t.par.out
#include <math.h>
#include <stdio.h>

#define N 4099
#define VERY_SMALL 1e-30f

/* opus 1.3.1 celt_decoder.c deemphasis(), float build, downsample 1 */
__attribute__((noinline)) void deemphasis(float *in[], float *pcm, int n, int C, float coef0, float *mem) {
  int c = 0;
  do {
    float *__restrict x = in[c];
    float *__restrict y = pcm + c;
    float m = mem[c];
    // REMARK-DAG: runtime-stride.c:[[@LINE+1]]:{{.*}} signature (1: coef0), type f32, order 1, layout: x and y stride a run-time value (either sign), input term materialized by a map, transposed states: {{.*}}; plan: check({{.*}}the stride whole elements, not 0, at most 1048576 bytes); {{.*}}map(first 1 outputs from the states' start); call(1: coef0) y->y in place, x and y stride a run-time value, after the first outputs; map(out = g(y))
    for (int j = 0; j < n; j++) {
      float tmp = x[j] + VERY_SMALL + m;
      m = coef0 * tmp;
      y[j * C] = tmp * (1 / 32768.f);
    }
    mem[c] = m;
  } while (++c < C);
}

/* through memory, x and y at the same stride, any overlap left to the check */
__attribute__((noinline)) void ufilt(const unsigned *x, unsigned *y, int n, int C, unsigned a) {
  // REMARK-DAG: runtime-stride.c:[[@LINE+1]]:{{.*}} signature (1: a), type i32, order 1, layout: x and y stride a run-time value (either sign); plan: check(x apart from y or exactly y, the stride whole elements, not 0, at most 1048576 bytes)
  for (int j = 1; j < n; j++)
    y[j * C] = a * y[(j - 1) * C] + x[j * C];
}

/* backward (the anti-causal pass), the stride a long */
__attribute__((noinline)) void uback(const unsigned *restrict x, unsigned *restrict y, int n, long s, unsigned a) {
  y[(n - 1) * s] = x[(n - 1) * s];
  // REMARK-DAG: runtime-stride.c:[[@LINE+1]]:{{.*}} signature (1: a), type i32, order 1, layout: x and y stride a run-time value (either sign); plan: check(x apart from y or exactly y, the stride whole elements, not 0, at most 1048576 bytes)
  for (int j = n - 2; j >= 0; j--)
    y[j * s] = a * y[(j + 1) * s] + x[j * s];
}

/* the input at a stride of its own (D): computed into y by the loop's own
 * operations first, at whatever D is */
__attribute__((noinline)) void xother(const unsigned *restrict x, unsigned *restrict y, int n, int C, int D,
                                      unsigned a) {
  // REMARK-DAG: runtime-stride.c:[[@LINE+1]]:{{.*}} signature (1: a), type i32, order 1, layout: x and y stride a run-time value (either sign), input term materialized by a map; plan: check(the stride whole elements, not 0, at most 1048576 bytes); ask(2 passes); map(t -> y); call(1: a) y->y in place
  for (int j = 1; j < n; j++)
    y[j * C] = a * y[(j - 1) * C] + x[j * D];
}

/* narrow: a short running sum, wrapping, at a short stride */
__attribute__((noinline)) void hsum(const short *restrict x, short *restrict y, int n, short C) {
  short s = 0;
  // REMARK-DAG: runtime-stride.c:[[@LINE+1]]:{{.*}} signature (1: 1), type i32 (x u16, y i16), order 1, layout: x and y stride a run-time value (either sign)
  for (int j = 0; j < n; j++) {
    s += x[j * C];
    y[j * C] = s;
  }
}

/* a stride of two run-time values: the call takes it as it is */
__attribute__((noinline)) void two(const float *restrict x, float *restrict y, int n, long C, long D, float a) {
  float s = 0;
  // REMARK-DAG: runtime-stride.c:[[@LINE+1]]:{{.*}} signature (1: a), type f32, order 1, layout: y stride a run-time value (either sign), x stride 1
  for (int j = 0; j < n; j++) {
    s = a * s + x[j];
    y[j * C * D] = s;
  }
}

/* BLAS's incx beside incy, no restrict: both strides read as one element
 * and both tested (with y and x apart) before the call */
__attribute__((noinline)) void incxy(int n, const unsigned *x, int incx, unsigned *y, int incy, unsigned a) {
  // REMARK-DAG: runtime-stride.c:[[@LINE+1]]:{{.*}} signature (1: a), type i32, order 1, layout: y's and x's strides run-time values, taken where they are one element (incy == 1 and incx == 1; else the loop runs as written); plan: check(x apart from y or exactly y, the strides incy and incx are 1); ask(1 pass); call(1: a) x->y
  for (int j = 1; j < n; j++)
    y[j * incy] = a * y[(j - 1) * incy] + x[j * incx];
}

static int close_to(double got, double want, double scale) { return fabs(got - want) <= 1e-4 * (scale + fabs(want)); }

static unsigned long hash_u(const unsigned *v, int n, unsigned long h) {
  for (int i = 0; i < n; i++)
    h = h * 1000003u ^ v[i];
  return h;
}

int main(void) {
  static float x0[N], x1[N], pcm[2 * N], fy[3 * N];
  static unsigned ux[3 * N], uy[3 * N];
  static short sx[2 * N], sy[2 * N];
  unsigned r = 11;
  for (int i = 0; i < 3 * N; i++) {
    r = r * 1103515245u + 12345u;
    ux[i] = r | 1;
    if (i < N) {
      x0[i] = (float)((int)(r >> 8) % 20001 - 10000);
      x1[i] = (float)((int)(r >> 12) % 2001 - 1000);
    }
    if (i < 2 * N)
      sx[i] = (short)(r >> 9);
  }
  /* de-emphasis, mono then stereo, in blocks of 960 and one short one, the
   * state carried from block to block */
  for (int C = 1; C <= 2; C++) {
    float mem[2] = {123.0f, -45.0f};
    double dm[2] = {123.0, -45.0}, scale = 0;
    int ok = 1;
    for (int b = 0; b < N; b += 960) {
      int n = N - b < 960 ? N - b : 960;
      float *in[2] = {x0 + b, x1 + b};
      deemphasis(in, pcm + C * b, n, C, 0.85f, mem);
      for (int c = 0; c < C; c++)
        for (int j = 0; j < n; j++) {
          double t = (double)in[c][j] + 1e-30 + dm[c];
          dm[c] = 0.85 * t;
          scale = fmax(scale, fabs(t / 32768));
          ok &= close_to(pcm[C * (b + j) + c], t / 32768, scale);
        }
      for (int c = 0; c < C; c++)
        ok &= close_to(mem[c], dm[c], scale * 32768);
    }
    printf("deemphasis C=%d %s\n", C, ok ? "ok" : "bad");
  }
  /* through memory: unit stride (called), 3, 0 and -1 (as written) */
  int strides[4] = {1, 3, 0, -1};
  for (int k = 0; k < 4; k++) {
    int C = strides[k], n = C == 0 ? 50 : N;
    unsigned *y = C < 0 ? uy + 3 * N - 1 : uy;
    const unsigned *x = C < 0 ? ux + 3 * N - 1 : ux;
    for (int i = 0; i < 3 * N; i++)
      uy[i] = ux[(i * 7) % (3 * N)];
    ufilt(x, y, n, C, 2654435761u);
    printf("ufilt C=%d %lx\n", C, hash_u(uy, 3 * N, 5));
  }
  /* in place (x is y) at unit stride */
  for (int i = 0; i < N; i++)
    uy[i] = ux[i];
  ufilt(uy, uy, N, 1, 3u);
  printf("ufilt in place %lx\n", hash_u(uy, N, 5));
  /* x one element ahead of y: the check fails, the loop runs as written
   * (no call) */
  for (int i = 0; i < N + 1; i++)
    uy[i] = ux[i];
  ufilt(uy + 1, uy, N, 1, 5u);
  printf("ufilt overlap %lx\n", hash_u(uy, N + 1, 5));
  for (long s = 1; s <= 2; s++) {
    for (int i = 0; i < 3 * N; i++)
      uy[i] = 0;
    uback(ux, uy, N, s, 0x9e3779b9u);
    printf("uback s=%ld %lx\n", s, hash_u(uy, 3 * N, 7));
  }
  int xd[3][2] = {{1, 1}, {1, 3}, {2, 1}};
  for (int k = 0; k < 3; k++) {
    for (int i = 0; i < 3 * N; i++)
      uy[i] = (unsigned)i;
    xother(ux, uy, N, xd[k][0], xd[k][1], 2246822519u);
    printf("xother C=%d D=%d %lx\n", xd[k][0], xd[k][1], hash_u(uy, 3 * N, 9));
  }
  for (short C = 1; C <= 2; C++) {
    for (int i = 0; i < 2 * N; i++)
      sy[i] = -1;
    hsum(sx, sy, N, C);
    unsigned long h = 3;
    for (int i = 0; i < 2 * N; i++)
      h = h * 1000003u ^ (unsigned short)sy[i];
    printf("hsum C=%d %lx\n", C, h);
  }
  for (int i = 0; i < 3 * N; i++)
    fy[i] = -1.0f;
  two(x0, fy, N, 1, 1, 0.5f);
  double s = 0, scale = 0;
  int ok = 1;
  for (int j = 0; j < N; j++) {
    s = 0.5 * s + x0[j];
    scale = fmax(scale, fabs(s));
    ok &= close_to(fy[j], s, scale);
  }
  printf("two %s\n", ok ? "ok" : "bad");
  /* incxy: both strides 1 (called), either 2 (as written), x inside y
   * (the check fails, as written) */
  int inc[4][3] = {{1, 1, 0}, {2, 1, 0}, {1, 2, 0}, {1, 1, 1}};
  for (int k = 0; k < 4; k++) {
    for (int i = 0; i < 3 * N; i++)
      uy[i] = (unsigned)(i * 3);
    const unsigned *x = inc[k][2] ? uy + 5 : ux;
    incxy(N, x, inc[k][0], uy, inc[k][1], 2654435769u);
    printf("incxy incx=%d incy=%d%s %lx\n", inc[k][0], inc[k][1], inc[k][2] ? " x in y" : "", hash_u(uy, 3 * N, 11));
  }
  return 0;
}

// Mono: 4 blocks of 960 and one of 259, the first output computed before
// the call (n - 1); stereo the same for each channel at stride 2. ufilt at C = 1, 3, -1, in place;
// uback at s = 1, 2; xother at every (C, D); hsum at C = 1, 2; two;
// incxy with both strides 1.
// CALLS-COUNT-4: plr: (1: 0.85) f32 n=959
// CALLS-NEXT: plr: (1: 0.85) f32 n=258
// CALLS-COUNT-8: plr: (1: 0.85) f32 1 x n=959 (x stride 2 dist 0, y stride 2 dist 0, in place)
// CALLS-NEXT: plr: (1: 0.85) f32 1 x n=258 (x stride 2 dist 0, y stride 2 dist 0, in place)
// CALLS-NEXT: plr: (1: 0.85) f32 1 x n=258 (x stride 2 dist 0, y stride 2 dist 0, in place)
// CALLS-NEXT: plr: (1: -1640531535) i32 n=4098
// CALLS-NEXT: plr: (1: -1640531535) i32 1 x n=4098 (x stride 3 dist 0, y stride 3 dist 0)
// CALLS-NEXT: plr: (1: -1640531535) i32 1 x n=4098 (x stride -1 dist 0, y stride -1 dist 0)
// CALLS-NEXT: plr: (1: 3) i32 n=4098
// CALLS-NEXT: plr: (1: -1640531527) i32 1 x n=4098 (x stride -1 dist 0, y stride -1 dist 0)
// CALLS-NEXT: plr: (1: -1640531527) i32 1 x n=4098 (x stride -2 dist 0, y stride -2 dist 0)
// CALLS-NEXT: plr: (1: -2048144777) i32 n=4098
// CALLS-NEXT: plr: (1: -2048144777) i32 n=4098
// CALLS-NEXT: plr: (1: -2048144777) i32 1 x n=4098 (x stride 2 dist 0, y stride 2 dist 0, in place)
// CALLS-NEXT: plr: (1: 1) i32 n=4099
// CALLS-NEXT: plr: (1: 1) i32 1 x n=4099 (x stride 2 dist 0, y stride 2 dist 0)
// CALLS-NEXT: plr: (1: 0.5) f32 n=4099
// CALLS-NEXT: plr: (1: -1640531527) i32 n=4098
// CALLS-NOT: plr: (
