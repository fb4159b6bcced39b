// Mixed storage: a recurrence computed wider than it is held. A double
// state stored as float (y_store f32), float data accumulated in double
// (x_store f32), an int state stored as short or int8_t (y_store i16/i8,
// also when clang re-extends the short state before each use), and
// int8/int16/uint8/uint16 inputs widened into an int or long recurrence
// (x_store, one call where the input used to be materialized first).
// Compiled without and with the plugin; outputs and the states returned
// after the loops must be bit for bit the plain build's, under auto, the
// threaded backend and the serial one. The float kernels run on integer
// data with feedback +-1 (sums beyond float's 24 bits, within double's
// 53), so every double is exact whatever the association and each float
// output is the one rounding of the same value: bit for bit is then what
// both builds must give. PLR_VERBOSE shows every call and its storage.
// REQUIRES: pass
// RUN: %clang -O2 -ffast-math %s -o %t.ref
// RUN: %t.ref > %t.ref.out
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -ffast-math -fpass-plugin=%plr-pass -Rpass=plr -Rpass-missed=plr %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -o %t.plr 2>&1 | %FileCheck %s --check-prefix=REMARK
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
#include <math.h>
#include <stdint.h>
#include <stdio.h>

#define N 200003
#define W 1001
#define H 67

/* ---- a double state stored as float -------------------------------------- */

/* the state returned is the double sum, beyond float's 24 bits */
__attribute__((noinline)) double dsum_f(float *restrict y, const float *restrict x, int n) {
  double s = 0;
  // REMARK-DAG: mixed.c:[[@LINE+1]]:{{.*}} signature (1: 1), type f64 (x f32, y f32), order 1
  for (int i = 0; i < n; i++) { s += x[i]; y[i] = (float)s; }
  return s;
}

/* feedback from a variable (checked non-zero before the call: y_final) */
__attribute__((noinline)) double dfeed_f(float *restrict y, const float *restrict x, double a, double s0, int n) {
  double s = s0;
  // REMARK-DAG: mixed.c:[[@LINE+1]]:{{.*}} signature (1: {{a|arg3}}), type f64 (x f32, y f32), order 1
  for (int i = 0; i < n; i++) { s = a * s + x[i]; y[i] = (float)s; }
  return s;
}

/* float data into a double output */
__attribute__((noinline)) void fdiff_d(double *restrict y, const float *restrict x, int n) {
  // REMARK-DAG: mixed.c:[[@LINE+1]]:{{.*}} signature (1, -1: -1), type f64 (x f32), order 1
  for (int i = 1; i < n; i++) y[i] = (double)x[i] - x[i - 1] - y[i - 1];
}

/* rows of float samples, each accumulated in double from zero */
__attribute__((noinline)) void drows_f(float *restrict y, const float *restrict x, int h, int w) {
  for (int r = 0; r < h; r++) {
    double s = 0;
    // REMARK-DAG: mixed.c:[[@LINE+1]]:{{.*}} replaced loop nest with one call to plr_run_many: signature (1: 1), type f64 (x f32, y f32)
    for (int c = 0; c < w; c++) { s += x[r * w + c]; y[r * w + c] = (float)s; }
  }
}

/* backward, x at stride 2: the strides count each side's own elements */
__attribute__((noinline)) double dback_f(float *restrict y, const float *restrict x, int n) {
  double s = 1;
  // REMARK-DAG: mixed.c:[[@LINE+1]]:{{.*}} signature (1: -1), type f64 (x f32, y f32), order 1, layout: y stride -1, x stride -2 (backward)
  for (int i = n - 1; i >= 0; i--) { s = x[2 * i] - s; y[i] = (float)s; }
  return s;
}

/* still refused: the float output read back (a float recurrence computed
 * in double, rounded each step) */
__attribute__((noinline)) void fback(float *restrict y, const float *restrict x, int n) {
  // REMARK-DAG: mixed.c:[[@LINE+1]]:{{.*}} recurrence not replaced: float data is combined in double precision
  for (int i = 1; i < n; i++) y[i] = x[i] + 0.5 * y[i - 1];
}

/* ---- an int state stored narrower ---------------------------------------- */

/* int state, short output: the state returned is the whole int */
__attribute__((noinline)) int isum16(short *restrict y, const short *restrict x, int n, int s0) {
  int s = s0;
  // REMARK-DAG: mixed.c:[[@LINE+1]]:{{.*}} signature (1: 1), type i32 (x i16, y i16), order 1
  for (int i = 0; i < n; i++) { s += x[i]; y[i] = (short)s; }
  return s;
}

/* a short state returned as short: clang narrows the whole loop to i16
 * (the plain narrow call) */
__attribute__((noinline)) short ssub16(short *restrict y, const short *restrict x, int n, short s0) {
  short s = s0;
  // REMARK-DAG: mixed.c:[[@LINE+1]]:{{.*}} signature (1: -3), type i16 (computed in i32), order 1
  for (int i = 0; i < n; i++) { s = (short)(x[i] - 3 * s); y[i] = s; }
  return s;
}

/* the same without the state returned: clang keeps it in an int register,
 * sign-extended in place (shl/ashr by 16) before each use */
__attribute__((noinline)) void ssub16v(short *restrict y, const short *restrict x, int n) {
  short s = 5;
  // REMARK-DAG: mixed.c:[[@LINE+1]]:{{.*}} signature (1: -3), type i32 (x u16, y i16), order 1
  for (int i = 0; i < n; i++) { s = (short)(x[i] - 3 * s); y[i] = s; }
}

/* unsigned, order 2 through rotated registers (narrowed to i16 too) */
__attribute__((noinline)) unsigned short sord2(unsigned short *restrict y, const unsigned short *restrict x, int n) {
  unsigned short s1 = 7, s2 = 65000;
  // REMARK-DAG: mixed.c:[[@LINE+1]]:{{.*}} signature (1: 5, -1), type i16 (computed in i32), order 2
  for (int i = 0; i < n; i++) { unsigned short s = (unsigned short)(x[i] + 5 * s1 - s2); s2 = s1; s1 = s; y[i] = s; }
  return s1;
}

/* short states carried as stored (i16 phis, extended where used), the
 * older one returned; and returned as int through `& 0xffff` */
__attribute__((noinline)) unsigned short sphi16(unsigned short *restrict y, const int *restrict x, int n) {
  unsigned short s1 = (unsigned short)-2, s2 = (unsigned short)-7;
  // REMARK-DAG: mixed.c:[[@LINE+1]]:{{.*}} signature (65533, 2: -2, 3), type i32 (y i16), order 2
  for (int i = 2; i < n; i++) { unsigned short s = (unsigned short)(-3 * x[i] + 2 * x[i - 1] - 2 * s1 + 3 * s2); s2 = s1; s1 = s; y[i] = s; }
  return s2;
}
__attribute__((noinline)) int sphi16i(unsigned short *restrict y, const int *restrict x, int n) {
  unsigned short s1 = (unsigned short)-7, s2 = (unsigned short)2;
  // REMARK-DAG: mixed.c:[[@LINE+1]]:{{.*}} signature (65533, 2: -2, 3), type i32 (y i16), order 2
  for (int i = 2; i < n; i++) { unsigned short s = (unsigned short)(-3 * x[i] + 2 * x[i - 1] - 2 * s1 + 3 * s2); s2 = s1; s1 = s; y[i] = s; }
  return s1;
}

/* a short state re-extended doubled: ashr(shl(s, 16), 15) */
__attribute__((noinline)) void stwice(short *restrict y, const int8_t *restrict x, int n) {
  short s1 = (short)-9;
  // REMARK-DAG: mixed.c:[[@LINE+1]]:{{.*}} signature (-3, 3, -3: -2), type i32 (x i8, y i16), order 1
  for (int i = 2; i < n; i++) { short s = (short)(-3 * x[i] + 3 * x[i - 1] - 3 * x[i - 2] - 2 * s1); s1 = s; y[i] = s; }
}

/* int state, int8 output, order 2, the full state returned */
__attribute__((noinline)) int iord2_8(int8_t *restrict y, const int8_t *restrict x, int n) {
  int s1 = 1, s2 = -2;
  // REMARK-DAG: mixed.c:[[@LINE+1]]:{{.*}} signature (1: 2, -1), type i32 (x i8, y i8), order 2
  for (int i = 0; i < n; i++) { int s = x[i] + 2 * s1 - s2; s2 = s1; s1 = s; y[i] = (int8_t)s; }
  return s1 * 3 + s2;
}

/* long state, int output */
__attribute__((noinline)) long lsum32(int *restrict y, const int *restrict x, int n) {
  long s = 1L << 40;
  // REMARK-DAG: mixed.c:[[@LINE+1]]:{{.*}} signature (1: 1), type i64 (x i32, y i32), order 1
  for (int i = 0; i < n; i++) { s += x[i]; y[i] = (int)s; }
  return s;
}

/* a short state in int across a nest's rows */
__attribute__((noinline)) void frames_mul(short *restrict y, const short *restrict x, int h, int w) {
  for (int r = 0; r < h; r++) {
    short s = 0;
    // REMARK-DAG: mixed.c:[[@LINE+1]]:{{.*}} replaced loop nest with one call to plr_run_many: signature (1: -3), type i32 (x u16, y i16)
    for (int c = 0; c < w; c++) { s = (short)(x[r * w + c] - 3 * s); y[r * w + c] = s; }
  }
}

/* still refused: the re-extended short state returned as int (its high
 * bits are the loop's, not the runtime's) */
__attribute__((noinline)) int ssub16_wide(short *restrict y, const short *restrict x, int n) {
  short s = 1;
  int last = 0;
  // REMARK-DAG: mixed.c:[[@LINE+1]]:{{.*}} recurrence not replaced: a value computed in the loop is used after it
  for (int i = 0; i < n; i++) { last = x[i] - 3 * s; s = (short)last; y[i] = s; }
  return last;
}

/* ---- narrow input, wide output ------------------------------------------- */

__attribute__((noinline)) void in16(int *restrict y, const short *restrict x, int b, int n) {
  // REMARK-DAG: mixed.c:[[@LINE+1]]:{{.*}} signature (1: {{b|arg3}}), type i32 (x i16), order 1; plan: check(x apart from y); ask(1 pass); call
  for (int i = 1; i < n; i++) y[i] = x[i] + b * y[i - 1];
}

/* backward */
__attribute__((noinline)) void back16(int *restrict y, const short *restrict x, int n) {
  // REMARK-DAG: mixed.c:[[@LINE+1]]:{{.*}} signature (1: 3), type i32 (x i16), order 1, layout: y stride -1, x stride -1 (backward)
  for (int i = n - 2; i >= 0; i--) y[i] = x[i] + 3 * y[i + 1];
}

/* a FIR over uint8 (its history read from memory, widened) */
__attribute__((noinline)) void in8fir(int *restrict y, const uint8_t *restrict x, int n) {
  // REMARK-DAG: mixed.c:[[@LINE+1]]:{{.*}} signature (1, -1: 3), type i32 (x u8), order 1
  for (int i = 1; i < n; i++) y[i] = x[i] - x[i - 1] + 3 * y[i - 1];
}

/* uint16 into long, order 2; x's last element returned (widened) */
__attribute__((noinline)) long inu16(long *restrict y, const unsigned short *restrict x, int n) {
  // REMARK-DAG: mixed.c:[[@LINE+1]]:{{.*}} signature (1: 1, 1), type i64 (x u16), order 2
  for (int i = 2; i < n; i++) y[i] = x[i] + y[i - 1] + y[i - 2];
  return y[n - 1];
}

/* int8 image rows summed into int (an integral image's first pass) */
__attribute__((noinline)) void rowsum8(int *restrict y, const int8_t *restrict x, int h, int w) {
  for (int r = 0; r < h; r++) {
    int s = 0;
    // REMARK-DAG: mixed.c:[[@LINE+1]]:{{.*}} replaced loop nest with one call to plr_run_many: signature (1: 1), type i32 (x i8)
    for (int c = 0; c < w; c++) { s += x[r * w + c]; y[r * w + c] = s; }
  }
}

/* still materialized: two narrow arrays */
__attribute__((noinline)) void two8(int *restrict y, const uint8_t *restrict x, const int8_t *restrict z, int n) {
  // REMARK-DAG: mixed.c:[[@LINE+1]]:{{.*}} signature (1: 2), type i32, order 1
  for (int i = 1; i < n; i++) y[i] = x[i] + z[i] + 2 * y[i - 1];
}

/* ---- driver --------------------------------------------------------------- */

static unsigned long h;
static void mix(long v) { h = h * 1000003u ^ (unsigned long)v; }
static void mixd(double v) { union { double d; long l; } u = {v}; mix(u.l); }
static uint64_t st = 88172645463325252ull;
static uint64_t rnd(void) { st ^= st << 13; st ^= st >> 7; st ^= st << 17; return st; }
/* random non-zero */
static long rnz(long m) { long v; do v = (long)(rnd() % (uint64_t)(2 * m + 1)) - m; while (!v); return v; }

static float fx[N], fy[N], gx[H * W], gy[H * W], f2[2 * N];
static double dy[N];
static short sx[N], sy[N], tx[H * W], ty[H * W];
static unsigned short ux[N], uy[N];
static int8_t bx[N], by[N], img[H * W];
static uint8_t cx[N], cz[N];
static int ix[N], iy[N], sums[H * W];
static long ly[N];

#define DUMP(name, arr, cnt, conv) do { h = 0; for (int i_ = 0; i_ < (cnt); i_++) conv(arr[i_]); printf("%s %lx", name, h); } while (0)

int main(void) {
  for (int i = 0; i < N; i++) {
    fx[i] = (float)rnz(1000);
    sx[i] = (short)rnz(30000), ux[i] = (unsigned short)rnz(30000), bx[i] = (int8_t)rnz(100);
    cx[i] = (uint8_t)rnz(100), cz[i] = (uint8_t)rnz(100), ix[i] = (int)rnz(1 << 30);
  }
  for (int i = 0; i < 2 * N; i++) f2[i] = (float)rnz(1000);
  for (int i = 0; i < H * W; i++) gx[i] = (float)rnz(5000), tx[i] = (short)rnz(30000), img[i] = (int8_t)rnz(120);

  double d = dsum_f(fy, fx, N);
  DUMP("dsum_f", fy, N, mixd); printf(" %.17g\n", d);
  d = dfeed_f(fy, fx, -1.0, 12345678.0, N);
  DUMP("dfeed_f", fy, N, mixd); printf(" %.17g\n", d);
  /* a zero feedback: the call is not made (y_final would come from y) */
  d = dfeed_f(fy, fx, 0.0, 3.0, N);
  DUMP("dfeed_f0", fy, N, mixd); printf(" %.17g\n", d);
  dy[0] = 3;
  fdiff_d(dy, fx, N);
  DUMP("fdiff_d", dy, N, mixd); printf("\n");
  drows_f(gy, gx, H, W);
  DUMP("drows_f", gy, H * W, mixd); printf("\n");
  d = dback_f(fy, f2, N);
  DUMP("dback_f", fy, N, mixd); printf(" %.17g\n", d);
  fy[0] = 1;
  fback(fy, fx, N);
  DUMP("fback", fy, N, mixd); printf("\n");

  int s = isum16(sy, sx, N, 123456789);
  DUMP("isum16", sy, N, mix); printf(" %d\n", s);
  short ss = ssub16(sy, sx, N, -77);
  DUMP("ssub16", sy, N, mix); printf(" %d\n", ss);
  ssub16v(sy, sx, N);
  DUMP("ssub16v", sy, N, mix); printf("\n");
  unsigned short us = sord2(uy, ux, N);
  DUMP("sord2", uy, N, mix); printf(" %u\n", us);
  us = sphi16(uy, ix, N);
  DUMP("sphi16", uy, N, mix); printf(" %u\n", us);
  s = sphi16i(uy, ix, N);
  DUMP("sphi16i", uy, N, mix); printf(" %d\n", s);
  stwice(sy, bx, N);
  DUMP("stwice", sy, N, mix); printf("\n");
  s = iord2_8(by, bx, N);
  DUMP("iord2_8", by, N, mix); printf(" %d\n", s);
  long l = lsum32(iy, ix, N);
  DUMP("lsum32", iy, N, mix); printf(" %ld\n", l);
  frames_mul(ty, tx, H, W);
  DUMP("frames_mul", ty, H * W, mix); printf("\n");
  s = ssub16_wide(sy, sx, N);
  DUMP("ssub16_wide", sy, N, mix); printf(" %d\n", s);

  iy[0] = 11;
  in16(iy, sx, -5, N);
  DUMP("in16", iy, N, mix); printf("\n");
  iy[N - 1] = 9;
  back16(iy, sx, N);
  DUMP("back16", iy, N, mix); printf("\n");
  iy[0] = -3;
  in8fir(iy, cx, N);
  DUMP("in8fir", iy, N, mix); printf("\n");
  ly[0] = 1, ly[1] = -1;
  l = inu16(ly, ux, N);
  DUMP("inu16", ly, N, mix); printf(" %ld\n", l);
  rowsum8(sums, img, H, W);
  DUMP("rowsum8", sums, H * W, mix); printf("\n");
  iy[0] = 5;
  two8(iy, cx, (const int8_t *)cz, N);
  DUMP("two8", iy, N, mix); printf("\n");
  return 0;
}
// Every replaced loop called libplr once, in this order, with x and y held
// as the loop holds them (two8 materialized: no storage).
// CALLS: plr: (1: 1) f64 n=200003 {{.*}}: x f32, y f32 converted
// CALLS-NEXT: plr: (1: -1) f64 n=200003 {{.*}}: x f32, y f32 converted
// CALLS-NEXT: plr: (1, -1: -1) f64 n=200002 {{.*}}: x f32, y f64 converted
// CALLS-NEXT: plr: (1: 1) f64 67 x n=1001 {{.*}}: x f32, y f32 converted
// CALLS-NEXT: plr: (1: -1) f64 1 x n=200003 (x stride -2 dist 0, y stride -1 dist 0) {{.*}}: x f32, y f32 converted
// CALLS-NEXT: plr: (1: 1) i32 n=200003 {{.*}}: x i16, y i16 converted
// CALLS-NEXT: plr: (1: -3) i32 n=200003 {{.*}}: x i16, y i16 converted
// CALLS-NEXT: plr: (1: -3) i32 n=200003 {{.*}}: x u16, y i16 converted
// CALLS-NEXT: plr: (1: 5, -1) i32 n=200003 {{.*}}: x i16, y i16 converted
// CALLS-NEXT: plr: (65533, 2: -2, 3) i32 n=200001 {{.*}}: x i32, y i16 converted
// CALLS-NEXT: plr: (65533, 2: -2, 3) i32 n=200001 {{.*}}: x i32, y i16 converted
// CALLS-NEXT: plr: (-3, 3, -3: -2) i32 n=200001 {{.*}}: x i8, y i16 converted
// CALLS-NEXT: plr: (1: 2, -1) i32 n=200003 {{.*}}: x i8, y i8 converted
// CALLS-NEXT: plr: (1: 1) i64 n=200003 {{.*}}: x i32, y i32 converted
// CALLS-NEXT: plr: (1: -3) i32 67 x n=1001 {{.*}}: x u16, y i16 converted
// CALLS-NEXT: plr: (1: -5) i32 n=200002 {{.*}}: x i16, y i32 converted
// CALLS-NEXT: plr: (1: 3) i32 1 x n=200002 (x stride -1 dist 0, y stride -1 dist 0) {{.*}}: x i16, y i32 converted
// CALLS-NEXT: plr: (1, -1: 3) i32 n=200002 {{.*}}: x u8, y i32 converted
// CALLS-NEXT: plr: (1: 1, 1) i64 n=200001 {{.*}}: x u16, y i64 converted
// CALLS-NEXT: plr: (1: 1) i32 67 x n=1001 {{.*}}: x i8, y i32 converted
// CALLS-NEXT: plr: (1: 2) i32 n=200002
// CALLS-NOT: plr: (
