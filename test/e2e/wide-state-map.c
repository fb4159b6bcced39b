// Output maps of a state wider than its output: a long long sum shifted
// into int (forward, backward, strided, second order, rows, in place at
// run time), an int state shifted into signed char, a long long state as
// the gain of an in-place map over float y, a double sum of float
// data turned into a running mean in float, a double EMA scaled into float.
// The call writes the state into a buffer of its own (the output's slot is
// too small for it) and the map converts it into the output. Compiled
// without and with the plugin; integer outputs and states, and the mean
// (a sum of integers, exact in double, divided as the loop divides), must
// be bit for bit the plain build's under auto, the threaded backend and the
// serial one, and with the runtime refusing (the loops as written); the EMA
// within float's rounding of a long double reference.
// REQUIRES: pass
// RUN: %clang -O2 -fassociative-math -fno-signed-zeros -fno-trapping-math %s -lm -o %t.ref
// RUN: %t.ref > %t.ref.out
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -fassociative-math -fno-signed-zeros -fno-trapping-math -fpass-plugin=%plr-pass -Rpass=plr -Rpass-missed=plr %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -lm -o %t.plr 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: env PLR_VERBOSE=1 %t.plr > %t.plr.out 2> %t.plr.err
// RUN: diff %t.ref.out %t.plr.out
// RUN: %FileCheck %s --check-prefix=CALLS < %t.plr.err
// RUN: env PLR_DEVICE=cpu PLR_THREADS=3 PLR_VERBOSE=1 %t.plr > %t.cpu.out 2> %t.cpu.err
// RUN: diff %t.ref.out %t.cpu.out
// RUN: %FileCheck %s --check-prefix=CALLS < %t.cpu.err
// RUN: env PLR_DEVICE=serial PLR_VERBOSE=1 %t.plr > %t.ser.out 2> %t.ser.err
// RUN: diff %t.ref.out %t.ser.out
// RUN: %FileCheck %s --check-prefix=CALLS < %t.ser.err
// RUN: env PLR_DEVICE=no-such-device %t.plr > %t.fail.out 2>/dev/null
// RUN: diff %t.ref.out %t.fail.out
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define N 100003
#define ROWS 5
#define W 20011

__attribute__((noinline)) long long lsum_shift(int *restrict y, const int *restrict x, int n) {
  long long s = 0;
  // REMARK-DAG: wide-state-map.c:[[@LINE+1]]:{{.*}} signature (1: 1), type i64 (x i32), order 1, output an elementwise map of the state into i32; plan: {{.*}}buffer(the state, n elements: wider than the output); call(1: 1) x->state; map(out = g(state))
  for (int i = 0; i < n; i++) { s += x[i]; y[i] = (int)(s >> 4); }
  return s;
}

__attribute__((noinline)) long long lsum_back(int *restrict y, const int *restrict x, int n) {
  long long s = 7;
  // REMARK-DAG: wide-state-map.c:[[@LINE+1]]:{{.*}} signature (1: 1), type i64 (x i32), order 1, layout: y stride -1, x stride -1 (backward), output an elementwise map of the state into i32
  for (int i = n - 1; i >= 0; i--) { s += x[i]; y[i] = (int)(s >> 3); }
  return s;
}

__attribute__((noinline)) void lsum_stride(int *restrict y, const int *restrict x, int n) {
  long long s = -1;
  // REMARK-DAG: wide-state-map.c:[[@LINE+1]]:{{.*}} signature (1: 1), type i64 (x i32), order 1, layout: y stride 2, x stride 1, output an elementwise map of the state into i32
  for (int i = 0; i < n; i++) { s += x[i]; y[2 * i] = (int)(s >> 2); }
}

/* no restrict: called with y == x (the check's "exactly y") and apart */
__attribute__((noinline)) long long lsum_inplace(int *y, const int *x, int n) {
  long long s = 0;
  // REMARK-DAG: wide-state-map.c:[[@LINE+1]]:{{.*}} signature (1: 1), type i64 (x i32), order 1, output an elementwise map of the state into i32
  for (int i = 0; i < n; i++) { s += x[i]; y[i] = (int)(s >> 5); }
  return s;
}

/* a second-order sum, both states used after the loop */
__attribute__((noinline)) long long lsum2(int *restrict y, const int *restrict x, int n) {
  long long s1 = 3, s2 = 1;
  // REMARK-DAG: wide-state-map.c:[[@LINE+1]]:{{.*}} signature (1: 2, -1), type i64 (x i32), order 2, output an elementwise map of the state into i32
  for (int i = 0; i < n; i++) { long long t = x[i] + 2 * s1 - s2; s2 = s1; s1 = t; y[i] = (int)(t >> 20); }
  return s1 * 31 + s2;
}

/* an int state into signed char: four times the output's size */
__attribute__((noinline)) int isum_char(signed char *restrict y, const int *restrict x, int n) {
  int s = 0;
  // REMARK-DAG: wide-state-map.c:[[@LINE+1]]:{{.*}} signature (1: 1), type i32, order 1, output an elementwise map of the state into i8
  for (int i = 0; i < n; i++) { s += x[i]; y[i] = (signed char)(s >> 12); }
  return s;
}

/* each row's loop alone (a nest's one call does not take a buffer) */
__attribute__((noinline)) void rows_lsum(int *restrict y, const int *restrict x, int rows, int w) {
  for (int r = 0; r < rows; r++) {
    long long s = 0;
    // REMARK-DAG: wide-state-map.c:[[@LINE+1]]:{{.*}} signature (1: 1), type i64 (x i32), order 1, output an elementwise map of the state into i32
    for (int c = 0; c < w; c++) { s += x[r * w + c]; y[r * w + c] = (int)(s >> 6); }
  }
}

/* a gain applied in place (the map reads y as the loop found it) from a
 * wider state: one buffer serves both */
__attribute__((noinline)) void gain_inplace_wide(float *restrict y, const int *restrict x, int n) {
  long long s = 0;
  // REMARK-DAG: wide-state-map.c:[[@LINE+1]]:{{.*}} signature (1: 1), type i64 (x i32), order 1, output an elementwise map of the state and of other arrays at its index into f32; plan: {{.*}}buffer(the state, n elements: wider than the output); call(1: 1) x->state; map(out = g(state, arg1))
  for (int i = 0; i < n; i++) { s += x[i]; y[i] = y[i] * (float)(s >> 20); }
}

/* float data accumulated in double: a running mean */
__attribute__((noinline)) double dmean(float *restrict y, const float *restrict x, int n) {
  double s = 0;
  // REMARK-DAG: wide-state-map.c:[[@LINE+1]]:{{.*}} signature (1: 1), type f64 (x f32), order 1, output an elementwise map of the state into f32, the loop's counter recomputed by the map from its index
  for (int i = 0; i < n; i++) { s += x[i]; y[i] = (float)(s / (double)(i + 1)); }
  return s;
}

__attribute__((noinline)) double ema_gain(float *restrict y, const float *restrict x, int n, double a, double g) {
  double s = 0.25;
  // REMARK-DAG: wide-state-map.c:[[@LINE+1]]:{{.*}} signature (1: arg4), type f64 (x f32), order 1, output an elementwise map of the state into f32
  for (int i = 0; i < n; i++) { s = a * s + x[i]; y[i] = (float)(s * g); }
  return s;
}

static unsigned long h;
static void mix(long v) { h = h * 1000003u ^ (unsigned long)v; }
static void mixf(float v) { uint32_t u; memcpy(&u, &v, 4); mix(u); }
static uint64_t st = 88172645463325252ull;
static uint64_t rnd(void) { st ^= st << 13; st ^= st >> 7; st ^= st << 17; return st; }

static int ix[N], iy[2 * N], iz[N], rx[ROWS * W], ry[ROWS * W];
static signed char cy[N];
static float fx[N], fy[N];

#define DUMP(name, arr, cnt, conv) do { h = 0; for (int i_ = 0; i_ < (cnt); i_++) conv(arr[i_]); printf("%s %lx", name, h); } while (0)

int main(void) {
  /* large values: the long long sums leave int's range within a few steps */
  for (int i = 0; i < N; i++) {
    ix[i] = (int)(rnd() % 4000000001u) - 2000000000;
    if (!ix[i]) ix[i] = 3;
    fx[i] = (float)((int)(rnd() % 2001) - 1000);
  }
  for (int i = 0; i < ROWS * W; i++) rx[i] = (int)(rnd() % 2000000001u) - 1000000000;
  long long s;
  s = lsum_shift(iy, ix, N);
  DUMP("lsum_shift", iy, N, mix); printf(" %lld\n", s);
  s = lsum_back(iy, ix, N);
  DUMP("lsum_back", iy, N, mix); printf(" %lld\n", s);
  for (int i = 0; i < 2 * N; i++) iy[i] = i;
  lsum_stride(iy, ix, N);
  DUMP("lsum_stride", iy, 2 * N, mix); printf("\n");
  s = lsum_inplace(iy, ix, N);
  DUMP("lsum_apart", iy, N, mix); printf(" %lld\n", s);
  memcpy(iz, ix, sizeof iz);
  s = lsum_inplace(iz, iz, N);
  DUMP("lsum_inplace", iz, N, mix); printf(" %lld\n", s);
  for (int i = 0; i < N; i++) iz[i] = ix[i] >> 12;
  s = lsum2(iy, iz, N);
  DUMP("lsum2", iy, N, mix); printf(" %lld\n", s);
  int is = isum_char(cy, ix, N);
  DUMP("isum_char", cy, N, mix); printf(" %d\n", is);
  rows_lsum(ry, rx, ROWS, W);
  DUMP("rows_lsum", ry, ROWS * W, mix); printf("\n");
  for (int i = 0; i < N; i++) fy[i] = (float)(i % 97) - 48;
  gain_inplace_wide(fy, ix, N);
  DUMP("gain_inplace_wide", fy, N, mixf); printf("\n");
  double d = dmean(fy, fx, N);
  DUMP("dmean", fy, N, mixf); printf(" %.17g\n", d);
  /* a short count: the loop as written (below the threshold) */
  s = lsum_shift(iy, ix, 40);
  DUMP("lsum_shift40", iy, 40, mix); printf(" %lld\n", s);

  /* the EMA against a long double reference: within float's rounding */
  d = ema_gain(fy, fx, N, 0.95, 0.125);
  long double e = 0.25L;
  int bad = 0;
  for (int i = 0; i < N; i++) {
    e = 0.95L * e + fx[i];
    long double want = e * 0.125L;
    if (fabsl((long double)fy[i] - want) > 1e-6L * (fabsl(want) + 1)) bad++;
  }
  printf("ema_gain %s %s\n", bad ? "bad" : "ok", fabsl((long double)d - e) < 1e-9L * (fabsl(e) + 1) ? "ok" : "bad");
  return 0;
}
// Every replaced loop above the threshold called libplr once, in this
// order: the state in the signature's own type into its buffer.
// CALLS: plr: (1: 1) i64 n=100003 {{.*}}: x i32
// CALLS-NEXT: plr: (1: 1) i64 1 x n=100003 (x stride -1 dist 0, y stride -1 dist 0) {{.*}}: x i32
// CALLS-NEXT: plr: (1: 1) i64 1 x n=100003 (x stride 1 dist 0, y stride 2 dist 0) {{.*}}: x i32
// CALLS-NEXT: plr: (1: 1) i64 n=100003 {{.*}}: x i32
// CALLS-NEXT: plr: (1: 1) i64 n=100003 {{.*}}: x i32
// CALLS-NEXT: plr: (1: 2, -1) i64 n=100003 {{.*}}: x i32
// CALLS-NEXT: plr: (1: 1) i32 n=100003
// CALLS-NEXT: plr: (1: 1) i64 n=20011 {{.*}}: x i32
// CALLS-NEXT: plr: (1: 1) i64 n=20011 {{.*}}: x i32
// CALLS-NEXT: plr: (1: 1) i64 n=20011 {{.*}}: x i32
// CALLS-NEXT: plr: (1: 1) i64 n=20011 {{.*}}: x i32
// CALLS-NEXT: plr: (1: 1) i64 n=20011 {{.*}}: x i32
// CALLS-NEXT: plr: (1: 1) i64 n=100003 {{.*}}: x i32
// CALLS-NEXT: plr: (1: 1) f64 n=100003 {{.*}}: x f32
// CALLS-NEXT: plr: (1: {{.*}}) f64 n=100003 {{.*}}: x f32
// CALLS-NOT: plr: (
