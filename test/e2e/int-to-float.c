// Integer recurrences stored as float or double (y_store f32/f64): an int,
// unsigned or long state computed exactly and each output rounded once, as
// C's `y[i] = s` does. int and long sums beyond float's 24 bits (so the
// rounding is exercised), unsigned wrap-around converted as unsigned, an
// order-2 state with run-time coefficients (a zero last coefficient keeps
// the loop: the state returned would come back from rounded outputs), rows
// of int8 pixels summed into float, and a backward pass. Compiled without
// and with the plugin; outputs and returned states must be bit for bit the
// plain build's under auto, the threaded backend and the serial one.
// REQUIRES: pass
// RUN: %clang -O2 %s -o %t.ref
// RUN: %t.ref > %t.ref.out
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -fpass-plugin=%plr-pass -Rpass=plr -Rpass-missed=plr %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -o %t.plr 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: env PLR_VERBOSE=1 %t.plr > %t.plr.out 2> %t.plr.err
// RUN: diff %t.ref.out %t.plr.out
// RUN: %FileCheck %s --check-prefix=CALLS < %t.plr.err
// RUN: env PLR_DEVICE=cpu PLR_THREADS=3 PLR_VERBOSE=1 %t.plr > %t.cpu.out 2> %t.cpu.err
// RUN: diff %t.ref.out %t.cpu.out
// RUN: %FileCheck %s --check-prefix=CALLS < %t.cpu.err
// RUN: env PLR_DEVICE=serial PLR_VERBOSE=1 %t.plr > %t.ser.out 2> %t.ser.err
// RUN: diff %t.ref.out %t.ser.out
// RUN: %FileCheck %s --check-prefix=CALLS < %t.ser.err
// The runtime refusing sends every call to the original loop.
// RUN: env PLR_DEVICE=no-such-device %t.plr > %t.fail.out 2>/dev/null
// RUN: diff %t.ref.out %t.fail.out
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define N 200003
#define W 1001
#define H 67

__attribute__((noinline)) int isum_f(float *restrict y, const int *restrict x, int n, int s) {
  // REMARK-DAG: int-to-float.c:[[@LINE+1]]:{{.*}} signature (1: 1), type i32 (y f32), order 1
  for (int i = 0; i < n; i++) { s += x[i]; y[i] = (float)s; }
  return s;
}

/* wraps modulo 2^32 and converts as unsigned (uitofp: type u32) */
__attribute__((noinline)) unsigned ufeed_d(double *restrict y, const unsigned *restrict x, int n) {
  unsigned u = 7;
  // REMARK-DAG: int-to-float.c:[[@LINE+1]]:{{.*}} signature (1: 3), type u32 (y f64), order 1
  for (int i = 0; i < n; i++) { u = 3 * u + x[i]; y[i] = (double)u; }
  return u;
}

/* the same wrapping state converted as signed */
__attribute__((noinline)) void ifeed_f(float *restrict y, const int *restrict x, int n) {
  unsigned u = 7;
  // REMARK-DAG: int-to-float.c:[[@LINE+1]]:{{.*}} signature (1: 3), type i32 (y f32), order 1
  for (int i = 0; i < n; i++) { u = 3 * u + (unsigned)x[i]; y[i] = (float)(int)u; }
}

/* short samples into a long state stored as float */
__attribute__((noinline)) long lsum_f(float *restrict y, const short *restrict x, int n) {
  long s = 1L << 40;
  // REMARK-DAG: int-to-float.c:[[@LINE+1]]:{{.*}} signature (1: 1), type i64 (x i16, y f32), order 1
  for (int i = 0; i < n; i++) { s += x[i]; y[i] = s; }
  return s;
}

/* order 2, coefficients known at run time, the older state returned */
__attribute__((noinline)) int iord2_f(float *restrict y, const int *restrict x, int a, int b, int n) {
  int s1 = 1, s2 = 2;
  // REMARK-DAG: int-to-float.c:[[@LINE+1]]:{{.*}} signature (1: {{a|arg3}}, {{b|arg4}}), type i32 (y f32), order 2
  for (int i = 0; i < n; i++) { int s = x[i] + a * s1 + b * s2; s2 = s1; s1 = s; y[i] = s; }
  return s2;
}

/* int8 pixels summed along rows into float */
__attribute__((noinline)) void rows_f(float *restrict y, const int8_t *restrict x, int h, int w) {
  for (int r = 0; r < h; r++) {
    int s = 0;
    // REMARK-DAG: int-to-float.c:[[@LINE+1]]:{{.*}} replaced loop nest with one call to plr_run_many: signature (1: 1), type i32 (x i8, y f32)
    for (int c = 0; c < w; c++) { s += x[r * w + c]; y[r * w + c] = (float)s; }
  }
}

__attribute__((noinline)) void back_d(double *restrict y, const int *restrict x, int n) {
  int s = 0;
  // REMARK-DAG: int-to-float.c:[[@LINE+1]]:{{.*}} signature (1: -2), type i32 (y f64), order 1, layout: y stride -1, x stride -1 (backward)
  for (int i = n - 1; i >= 0; i--) { s = x[i] - 2 * s; y[i] = s; }
}

/* still refused: the float output read back into the integer state */
__attribute__((noinline)) void readback(float *restrict y, const int *restrict x, int n) {
  // REMARK-DAG: int-to-float.c:[[@LINE+1]]:{{.*}} recurrence not replaced: the element type is not
  for (int i = 1; i < n; i++) y[i] = (float)(x[i] + 3 * (int)y[i - 1]);
}

static unsigned long h;
static void mix(long v) { h = h * 1000003u ^ (unsigned long)v; }
static void mixf(float v) { uint32_t u; memcpy(&u, &v, 4); mix(u); }
static void mixd(double v) { uint64_t u; memcpy(&u, &v, 8); mix((long)u); }
static uint64_t st = 88172645463325252ull;
static uint64_t rnd(void) { st ^= st << 13; st ^= st >> 7; st ^= st << 17; return st; }
static long rnz(long m) { long v; do v = (long)(rnd() % (uint64_t)(2 * m + 1)) - m; while (!v); return v; }

static float fy[N], gy[H * W];
static double dy[N];
static int ix[N], sx3[N];
static unsigned ux[N];
static short sx[N];
static int8_t img[H * W];

#define DUMP(name, arr, cnt, conv) do { h = 0; for (int i_ = 0; i_ < (cnt); i_++) conv(arr[i_]); printf("%s %lx", name, h); } while (0)

int main(void) {
  for (int i = 0; i < N; i++) {
    ix[i] = (int)rnz(1 << 30), ux[i] = (unsigned)rnd(), sx[i] = (short)rnz(30000), sx3[i] = (int)rnz(3);
  }
  for (int i = 0; i < H * W; i++) img[i] = (int8_t)rnz(120);

  int s = isum_f(fy, ix, N, 123456789);
  DUMP("isum_f", fy, N, mixf); printf(" %d\n", s);
  unsigned u = ufeed_d(dy, ux, N);
  DUMP("ufeed_d", dy, N, mixd); printf(" %u\n", u);
  ifeed_f(fy, (const int *)ux, N);
  DUMP("ifeed_f", fy, N, mixf); printf("\n");
  long l = lsum_f(fy, sx, N);
  DUMP("lsum_f", fy, N, mixf); printf(" %ld\n", l);
  s = iord2_f(fy, ix, 1, -1, N);
  DUMP("iord2_f", fy, N, mixf); printf(" %d\n", s);
  /* b = 0: the call is not made (y_final's older entry would come from y) */
  s = iord2_f(fy, ix, -2, 0, N);
  DUMP("iord2_f0", fy, N, mixf); printf(" %d\n", s);
  rows_f(gy, img, H, W);
  DUMP("rows_f", gy, H * W, mixf); printf("\n");
  back_d(dy, sx3, N);
  DUMP("back_d", dy, N, mixd); printf("\n");
  fy[0] = 1;
  readback(fy, sx3, 40);
  DUMP("readback", fy, 40, mixf); printf("\n");
  return 0;
}
// Every replaced loop called libplr once, in this order, y held as float.
// CALLS: plr: (1: 1) i32 n=200003 {{.*}}: x i32, y f32 converted
// CALLS-NEXT: plr: (1: 3) u32 n=200003 {{.*}}: x u32, y f64 converted
// CALLS-NEXT: plr: (1: 3) i32 n=200003 {{.*}}: x i32, y f32 converted
// CALLS-NEXT: plr: (1: 1) i64 n=200003 {{.*}}: x i16, y f32 converted
// CALLS-NEXT: plr: (1: 1, -1) i32 n=200003 {{.*}}: x i32, y f32 converted
// CALLS-NEXT: plr: (1: 1) i32 67 x n=1001 {{.*}}: x i8, y f32 converted
// CALLS-NEXT: plr: (1: -2) i32 1 x n=200003 (x stride -1 dist 0, y stride -1 dist 0) {{.*}}: x i32, y f64 converted
// CALLS-NOT: plr: (
