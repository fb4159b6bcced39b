// Output maps across types: a state of one type mapped into an output of
// another (an int sum scaled into float; libsndfile's xi.c delta decoders,
// a char or short state shifted into short or int or scaled into float or
// double, the state returned after the loop; a backward int state scaled
// into double). The call stores each state in its output's slot, the map
// converts it there. Compiled without and with the plugin; outputs and
// returned states must be bit for bit the plain build's (integer states,
// the map the loop's own arithmetic) under auto, the threaded backend and
// the serial one, and with the runtime refusing (the loops as written).
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
// RUN: env PLR_DEVICE=no-such-device %t.plr > %t.fail.out 2>/dev/null
// RUN: diff %t.ref.out %t.fail.out
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define N 100003

__attribute__((noinline)) void gain_f(float *restrict y, const int *restrict x, float g, int n) {
  int s = 0;
  // REMARK-DAG: output-map-types.c:[[@LINE+1]]:{{.*}} signature (1: 1), type i32, order 1, output an elementwise map of the state into f32
  for (int i = 0; i < n; i++) { s += x[i]; y[i] = s * g; }
}

/* xi.c's decoders, as written there (the state kept in the caller's struct) */
typedef struct { int last_16; } XI;

__attribute__((noinline)) void dsc2f_array(XI *pxi, signed char *src, int count, float *dest, float normfact) {
  signed char last_val = pxi->last_16 >> 8;
  // REMARK-DAG: output-map-types.c:[[@LINE+1]]:{{.*}} signature (1: 1), type i8 (computed in i32), order 1, layout: y stride 4, x stride 1, output an elementwise map of the state into f32
  for (int k = 0; k < count; k++) { last_val += src[k]; dest[k] = last_val * normfact; }
  pxi->last_16 = last_val << 8;
}

__attribute__((noinline)) void dsc2d_array(XI *pxi, signed char *src, int count, double *dest, double normfact) {
  signed char last_val = pxi->last_16 >> 8;
  // REMARK-DAG: output-map-types.c:[[@LINE+1]]:{{.*}} signature (1: 1), type i8 (computed in i32), order 1, layout: y stride 8, x stride 1, output an elementwise map of the state into f64
  for (int k = 0; k < count; k++) { last_val += src[k]; dest[k] = last_val * normfact; }
  pxi->last_16 = last_val << 8;
}

__attribute__((noinline)) void dsc2s_array(XI *pxi, signed char *src, int count, short *dest) {
  signed char last_val = pxi->last_16 >> 8;
  // REMARK-DAG: output-map-types.c:[[@LINE+1]]:{{.*}} signature (1: 1), type i8 (computed in i32), order 1, layout: y stride 2, x stride 1, output an elementwise map of the state into i16
  for (int k = 0; k < count; k++) { last_val += src[k]; dest[k] = last_val << 8; }
  pxi->last_16 = last_val << 8;
}

__attribute__((noinline)) void dsc2i_array(XI *pxi, signed char *src, int count, int *dest) {
  signed char last_val = pxi->last_16 >> 8;
  // REMARK-DAG: output-map-types.c:[[@LINE+1]]:{{.*}} signature (1: 1), type i8 (computed in i32), order 1, layout: y stride 4, x stride 1, output an elementwise map of the state into i32
  for (int k = 0; k < count; k++) { last_val += src[k]; dest[k] = last_val << 24; }
  pxi->last_16 = last_val << 8;
}

__attribute__((noinline)) void dles2i_array(XI *pxi, short *src, int count, int *dest) {
  short last_val = pxi->last_16;
  // REMARK-DAG: output-map-types.c:[[@LINE+1]]:{{.*}} signature (1: 1), type i16 (computed in i32), order 1, layout: y stride 2, x stride 1, output an elementwise map of the state into i32
  for (int k = 0; k < count; k++) { last_val += src[k]; dest[k] = last_val << 16; }
  pxi->last_16 = last_val;
}

__attribute__((noinline)) void dles2f_array(XI *pxi, short *src, int count, float *dest, float normfact) {
  short last_val = pxi->last_16;
  // REMARK-DAG: output-map-types.c:[[@LINE+1]]:{{.*}} signature (1: 1), type i16 (computed in i32), order 1, layout: y stride 2, x stride 1, output an elementwise map of the state into f32
  for (int k = 0; k < count; k++) { last_val += src[k]; dest[k] = last_val * normfact; }
  pxi->last_16 = last_val;
}

/* xi.c's own form: a short field takes the state as the map shifts it,
 * the same value as the last output (read back from y after the map) */
typedef struct { short last_16; } XI16;
static inline int32_t arith_shift_left(int32_t x, int shift) { return (int32_t)(((uint32_t)x) << shift); }
__attribute__((noinline)) void dsc2s_16(XI16 *pxi, signed char *src, int count, short *dest) {
  signed char last_val = pxi->last_16 >> 8;
  // REMARK-DAG: output-map-types.c:[[@LINE+1]]:{{.*}} signature (1: 1), type i8 (computed in i32), order 1, layout: y stride 2, x stride 1, output an elementwise map of the state into i16
  for (int k = 0; k < count; k++) { last_val += src[k]; dest[k] = arith_shift_left(last_val, 8); }
  pxi->last_16 = arith_shift_left(last_val, 8);
}

/* a long state scaled and offset into double: clang contracts g*s + c
 * into llvm.fmuladd (the default -ffp-contract=on), which the map clones */
__attribute__((noinline)) long affine_d(double *restrict y, const int *restrict x, int n) {
  long s1 = 3;
  // REMARK-DAG: output-map-types.c:[[@LINE+1]]:{{.*}} signature (1: 2), type i64 (x i32), order 1, output an elementwise map of the state into f64
  for (int i = 1; i < n; i++) { long s = x[i] + 2 * s1; s1 = s; y[i] = 0.001 * s + 1; }
  return s1;
}

/* backward: an int state in double slots (y stride -2 of its elements) */
__attribute__((noinline)) void back_gain(double *restrict y, const int *restrict x, double g, int n) {
  int s = 3;
  // REMARK-DAG: output-map-types.c:[[@LINE+1]]:{{.*}} signature (1: -1), type i32, order 1, layout: y stride -2, x stride -1 (backward), output an elementwise map of the state into f64
  for (int i = n - 1; i >= 0; i--) { s = x[i] - s; y[i] = g * s; }
}

/* rows of int sums scaled into float: one call for the nest, one map */
__attribute__((noinline)) void rows_gain(float *restrict y, const int *restrict x, float g, int h, int w) {
  for (int r = 0; r < h; r++) {
    int s = 0;
    // REMARK-DAG: output-map-types.c:[[@LINE+1]]:{{.*}} replaced loop nest with one call to plr_run_many: signature (1: 1), type i32, order 1; one sequence per iteration of the outer loop, y stride 1, x stride 1, output an elementwise map of the state into f32
    for (int c = 0; c < w; c++) { s += x[r * w + c]; y[r * w + c] = s * g; }
  }
}

/* the map reads y[i] as the loop found it: the state goes to a buffer */
__attribute__((noinline)) void inplace_gain(float *restrict y, const int *restrict x, int n) {
  int s = 0;
  // REMARK-DAG: output-map-types.c:[[@LINE+1]]:{{.*}} output an elementwise map of the state and of other arrays at its index into f32; plan: check(x apart from y or exactly y); ask(2 passes); buffer(the state, n elements: the map reads y as it was); call(1: 1) x->state
  for (int i = 0; i < n; i++) { s += x[i]; y[i] = y[i] * s; }
}

/* a char state clang keeps in an int register, re-extended (shl/ashr by
 * 24) before each use and never stored as char: computed in i32, its low
 * byte stored in the slot (y i8), which is all the map reads */
__attribute__((noinline)) void reduced(float *restrict y, const signed char *restrict x, float g, int n) {
  signed char s = 0;
  // REMARK-DAG: output-map-types.c:[[@LINE+1]]:{{.*}} signature (1: 1), type i32 (x u8, y i8), order 1, layout: y stride 4, x stride 1, output an elementwise map of the state into f32
  for (int i = 0; i < n; i++) { s += x[i]; y[i] = s * g; }
}

/* the same for a short state halved into short (the conversion on the
 * store read as part of the map), and shifted into every other int */
__attribute__((noinline)) void halfsum16(short *restrict y, const short *restrict x, int n) {
  short s = 0;
  // REMARK-DAG: output-map-types.c:[[@LINE+1]]:{{.*}} signature (1: 1), type i32 (x u16, y i16), order 1, output an elementwise map of the state into i16
  for (int i = 0; i < n; i++) { s += x[i]; y[i] = (short)(s >> 1); }
}
__attribute__((noinline)) void stride_shift(int *restrict y, const short *restrict x, int n) {
  short s = 1;
  // REMARK-DAG: output-map-types.c:[[@LINE+1]]:{{.*}} signature (1: 1), type i32 (x u16, y i16), order 1, layout: y stride 4, x stride 1, output an elementwise map of the state into i32
  for (int i = 0; i < n; i++) { s += x[i]; y[2 * i] = s << 16; }
}

/* an int state returned whole, its low half mapped into short */
__attribute__((noinline)) int times3r(short *restrict y, const short *restrict x, int n) {
  int s = 0;
  // REMARK-DAG: output-map-types.c:[[@LINE+1]]:{{.*}} signature (1: 1), type i32 (x i16, y i16), order 1, output an elementwise map of the state into i16
  for (int i = 0; i < n; i++) { s += x[i]; y[i] = (short)(s * 3); }
  return s;
}

static unsigned long h;
static void mix(long v) { h = h * 1000003u ^ (unsigned long)v; }
static void mixf(float v) { uint32_t u; memcpy(&u, &v, 4); mix(u); }
static void mixd(double v) { uint64_t u; memcpy(&u, &v, 8); mix((long)u); }
static uint64_t st = 88172645463325252ull;
static uint64_t rnd(void) { st ^= st << 13; st ^= st >> 7; st ^= st << 17; return st; }

static float fy[N];
static double dy[N];
static int ix[N], iy[N], iy2[2 * N];
static signed char cx[N];
static short sx[N], sy[N];

#define DUMP(name, arr, cnt, conv) do { h = 0; for (int i_ = 0; i_ < (cnt); i_++) conv(arr[i_]); printf("%s %lx", name, h); } while (0)

int main(void) {
  for (int i = 0; i < N; i++) {
    ix[i] = (int)(rnd() % 2000001) - 1000000, cx[i] = (signed char)rnd(), sx[i] = (short)rnd();
    if (!cx[i]) cx[i] = 1;
    if (!sx[i]) sx[i] = -1;
  }
  XI xi;
  gain_f(fy, ix, 0.37f, N);
  DUMP("gain_f", fy, N, mixf); printf("\n");
  xi.last_16 = 0x1234;
  dsc2f_array(&xi, cx, N, fy, 1.0f / 128);
  DUMP("dsc2f", fy, N, mixf); printf(" %d\n", xi.last_16);
  xi.last_16 = -0x3400;
  dsc2d_array(&xi, cx, N, dy, 1.0 / 128);
  DUMP("dsc2d", dy, N, mixd); printf(" %d\n", xi.last_16);
  xi.last_16 = 0x5678;
  dsc2s_array(&xi, cx, N, sy);
  DUMP("dsc2s", sy, N, mix); printf(" %d\n", xi.last_16);
  xi.last_16 = 0x7f00;
  dsc2i_array(&xi, cx, N, iy);
  DUMP("dsc2i", iy, N, mix); printf(" %d\n", xi.last_16);
  xi.last_16 = -5;
  dles2i_array(&xi, sx, N, iy);
  DUMP("dles2i", iy, N, mix); printf(" %d\n", xi.last_16);
  xi.last_16 = 77;
  dles2f_array(&xi, sx, N, fy, 1.0f / 32768);
  DUMP("dles2f", fy, N, mixf); printf(" %d\n", xi.last_16);
  XI16 x16 = {0x1200};
  dsc2s_16(&x16, cx, N, sy);
  DUMP("dsc2s_16", sy, N, mix); printf(" %d\n", x16.last_16);
  long ls = affine_d(dy, ix, 70001);
  DUMP("affine_d", dy, 70001, mixd); printf(" %ld\n", ls);
  /* a short count: the loops as written (below the threshold) */
  xi.last_16 = 0x100;
  dsc2f_array(&xi, cx, 40, fy, 0.5f);
  DUMP("dsc2f40", fy, 40, mixf); printf(" %d\n", xi.last_16);
  rows_gain(fy, ix, 0.125f, 97, 1031);
  DUMP("rows_gain", fy, 97 * 1031, mixf); printf("\n");
  for (int i = 0; i < N; i++) fy[i] = (float)(i % 97) - 48;
  inplace_gain(fy, ix, N);
  DUMP("inplace_gain", fy, N, mixf); printf("\n");
  back_gain(dy, ix, 0.3, N);
  DUMP("back_gain", dy, N, mixd); printf("\n");
  reduced(fy, cx, 0.25f, N);
  DUMP("reduced", fy, N, mixf); printf("\n");
  halfsum16(sy, sx, N);
  DUMP("halfsum16", sy, N, mix); printf("\n");
  stride_shift(iy2, sx, N);
  DUMP("stride_shift", iy2, 2 * N, mix); printf("\n");
  int r = times3r(sy, sx, N);
  DUMP("times3r", sy, N, mix); printf(" %d\n", r);
  return 0;
}
// Every replaced loop called libplr once, in this order: the state as its
// own type in the output's slots.
// CALLS: plr: (1: 1) i32 n=100003 ->
// CALLS-NEXT: plr: (1: 1) i32 1 x n=100003 (x stride 1 dist 0, y stride 4 dist 0) {{.*}}: x i8, y i8 converted
// CALLS-NEXT: plr: (1: 1) i32 1 x n=100003 (x stride 1 dist 0, y stride 8 dist 0) {{.*}}: x i8, y i8 converted
// CALLS-NEXT: plr: (1: 1) i32 1 x n=100003 (x stride 1 dist 0, y stride 2 dist 0) {{.*}}: x i8, y i8 converted
// CALLS-NEXT: plr: (1: 1) i32 1 x n=100003 (x stride 1 dist 0, y stride 4 dist 0) {{.*}}: x i8, y i8 converted
// CALLS-NEXT: plr: (1: 1) i32 1 x n=100003 (x stride 1 dist 0, y stride 2 dist 0) {{.*}}: x i16, y i16 converted
// CALLS-NEXT: plr: (1: 1) i32 1 x n=100003 (x stride 1 dist 0, y stride 2 dist 0) {{.*}}: x i16, y i16 converted
// CALLS-NEXT: plr: (1: 1) i32 1 x n=100003 (x stride 1 dist 0, y stride 2 dist 0) {{.*}}: x i8, y i8 converted
// CALLS-NEXT: plr: (1: 2) i64 n=70000 {{.*}}: x i32, y i64 converted
// CALLS-NEXT: plr: (1: 1) i32 97 x n=1031 (x stride 1 dist 1031, y stride 1 dist 1031)
// CALLS-NEXT: plr: (1: 1) i32 n=100003 ->
// CALLS-NEXT: plr: (1: -1) i32 1 x n=100003 (x stride -1 dist 0, y stride -2 dist 0)
// CALLS-NEXT: plr: (1: 1) i32 1 x n=100003 (x stride 1 dist 0, y stride 4 dist 0) {{.*}}: x u8, y i8 converted
// CALLS-NEXT: plr: (1: 1) i32 n=100003 {{.*}}: x u16, y i16 converted
// CALLS-NEXT: plr: (1: 1) i32 1 x n=100003 (x stride 1 dist 0, y stride 4 dist 0) {{.*}}: x u16, y i16 converted
// CALLS-NEXT: plr: (1: 1) i32 n=100003 {{.*}}: x i16, y i16 converted
// CALLS-NOT: plr: (
