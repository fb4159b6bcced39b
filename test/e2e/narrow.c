// Narrow types: int16/uint16/int8 recurrences that wrap (clang computes
// `(short)(x[i] + y[i-1])` in i16; libplr in i32 from widened values,
// truncated on the store: x_store = y_store = i16), int16 audio frames and
// uint8 image rows as nests, a short state clang keeps in int (re-extended
// before each use) across a nest's rows, narrow inputs widened into an int
// recurrence (read as held: x_store = u8), and a double state stored as float
// without consent to reassociate (refused; with it: mixed.c). Compiled
// without and with the plugin; outputs must be identical (integers are
// exact), also on the threaded backend.
// REQUIRES: pass
// RUN: %clang -O2 %s -o %t.ref
// RUN: %t.ref > %t.ref.out
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -fpass-plugin=%plr-pass -Rpass=plr -Rpass-missed=plr %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -o %t.plr 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: env PLR_VERBOSE=1 %t.plr > %t.plr.out 2> %t.plr.err
// RUN: diff %t.ref.out %t.plr.out
// RUN: %FileCheck %s --check-prefix=CALLS < %t.plr.err
// RUN: env PLR_DEVICE=cpu PLR_THREADS=3 PLR_VERBOSE=1 %t.plr > %t.cpu.out 2> %t.cpu.err
// RUN: diff %t.ref.out %t.cpu.out
// RUN: %FileCheck %s --check-prefix=CPU < %t.cpu.err
// The runtime refusing sends every call to the original loop.
// RUN: env PLR_DEVICE=no-such-device %t.plr > %t.fail.out 2>/dev/null
// RUN: diff %t.ref.out %t.fail.out
#include <stdint.h>
#include <stdio.h>

#define N 200003
#define W 1001
#define H 67

__attribute__((noinline)) void prefix16(short *restrict y, const short *restrict x, int n) {
  // REMARK-DAG: narrow.c:[[@LINE+1]]:{{.*}} signature (1: 1), type i16 (computed in i32), order 1
  for (int i = 1; i < n; i++) y[i] = (short)(x[i] + y[i - 1]);
}

/* order 2 with a multiplication, unsigned, in place */
__attribute__((noinline)) void second16(unsigned short *a, int n) {
  // REMARK-DAG: narrow.c:[[@LINE+1]]:{{.*}} signature (1: 3, -7), type i16 (computed in i32), order 2
  for (int i = 2; i < n; i++) a[i] = (unsigned short)(a[i] + 3 * a[i - 1] - 7 * a[i - 2]);
}

/* a state in an int, stored truncated, its last value returned truncated:
 * clang keeps the whole state in i16 */
__attribute__((noinline)) short acc16(short *restrict y, const short *restrict x, int n, short s0) {
  short s = s0;
  // REMARK-DAG: narrow.c:[[@LINE+1]]:{{.*}} signature (1: 1), type i16 (computed in i32), order 1
  for (int i = 0; i < n; i++) { s += x[i]; y[i] = s; }
  return s;
}

/* a FIR tap and a coefficient from a variable, int8 */
__attribute__((noinline)) void fir8(int8_t *restrict y, const int8_t *restrict x, int8_t c, int n) {
  // REMARK-DAG: narrow.c:[[@LINE+1]]:{{.*}} signature (1, -1: {{c|arg3}}), type i8 (computed in i32), order 1
  for (int i = 1; i < n; i++) y[i] = (int8_t)(x[i] - x[i - 1] + c * y[i - 1]);
}

/* rows of int16 audio frames, each a running sum from its first sample:
 * one call, the histories gathered per row and widened */
__attribute__((noinline)) void frames(short *restrict y, const short *restrict x, int h, int w) {
  for (int r = 0; r < h; r++)
    // REMARK-DAG: narrow.c:[[@LINE+1]]:{{.*}} replaced loop nest with one call to plr_run_many: signature (1: 1), type i16 (computed in i32)
    for (int c = 1; c < w; c++) y[r * w + c] = (short)(x[r * w + c] + y[r * w + c - 1]);
}

/* a state in a register across a nest's rows, which clang keeps in int,
 * sign-extended in place (shl/ashr by 16), truncated on the store: read as
 * an i32 recurrence stored as i16 (equal modulo 2^16) */
__attribute__((noinline)) void frames_mul(short *restrict y, const short *restrict x, int h, int w) {
  for (int r = 0; r < h; r++) {
    short s = 0;
    // REMARK-DAG: narrow.c:[[@LINE+1]]:{{.*}} replaced loop nest with one call to plr_run_many: signature (1: -3), type i32 (x u16, y i16)
    for (int c = 0; c < w; c++) { s = (short)(x[r * w + c] - 3 * s); y[r * w + c] = s; }
  }
}

/* rows of int16 starting from each row's own first output (gathered, widened) */
__attribute__((noinline)) void rows_from_first(short *y, int h, int w) {
  for (int r = 0; r < h; r++)
    // REMARK-DAG: narrow.c:[[@LINE+1]]:{{.*}} replaced loop nest with one call to plr_run_many: signature (1: 2), type i16 (computed in i32)
    for (int c = 1; c < w; c++) y[r * w + c] = (short)(y[r * w + c] + 2 * y[r * w + c - 1]);
}

/* uint8 image rows widened into int row sums (an integral image's first pass) */
__attribute__((noinline)) void rowsum8(int *restrict y, const uint8_t *restrict x, int h, int w) {
  for (int r = 0; r < h; r++) {
    int s = 0;
    // REMARK-DAG: narrow.c:[[@LINE+1]]:{{.*}} replaced loop nest with one call to plr_run_many: signature (1: 1), type i32 (x u8), order 1; {{.*}}; plan: ask(1 pass); call
    for (int c = 0; c < w; c++) { s += x[r * w + c]; y[r * w + c] = s; }
  }
}

/* a double state stored rounded to float, without -ffast-math: floating
 * point without consent (replaced with it: mixed.c) */
__attribute__((noinline)) void smooth_fd(float *restrict y, const float *restrict x, double a, int n) {
  double s = 0;
  // REMARK-DAG: narrow.c:[[@LINE+1]]:{{.*}} floating-point recurrence (1: {{a|arg3}}) (f64) not replaced
  for (int i = 0; i < n; i++) { s = a * s + x[i]; y[i] = (float)s; }
}

static unsigned long h;
static void mix(long v) { h = h * 1000003u ^ (unsigned long)v; }
static uint64_t st = 88172645463325252ull;
static uint64_t rnd(void) { st ^= st << 13; st ^= st >> 7; st ^= st << 17; return st; }

static short xs[N], ys[N];
static unsigned short us[N];
static int8_t x8[N], y8[N];
static short fx[H * W], fy[H * W];
static uint8_t img[H * W];
static int sums[H * W];
static float ff[N], fo[N];

int main(void) {
  for (int i = 0; i < N; i++) {
    xs[i] = (short)rnd(), us[i] = (unsigned short)rnd(), x8[i] = (int8_t)rnd();
    ff[i] = (float)(rnd() % 2001) / 1000.0f - 1.0f;
  }
  for (int i = 0; i < H * W; i++) fx[i] = (short)rnd(), img[i] = (uint8_t)rnd();
  ys[0] = (short)rnd();
  prefix16(ys, xs, N);
  h = 0;
  for (int i = 0; i < N; i++) mix(ys[i]);
  printf("prefix16 %lx\n", h);
  second16(us, N);
  h = 0;
  for (int i = 0; i < N; i++) mix(us[i]);
  printf("second16 %lx\n", h);
  short last = acc16(ys, xs, N, -1234);
  h = 0;
  for (int i = 0; i < N; i++) mix(ys[i]);
  printf("acc16 %lx %d\n", h, last);
  y8[0] = 5;
  fir8(y8, x8, (int8_t)-3, N);
  h = 0;
  for (int i = 0; i < N; i++) mix(y8[i]);
  printf("fir8 %lx\n", h);
  for (int r = 0; r < H; r++) fy[r * W] = fx[r * W];
  frames(fy, fx, H, W);
  h = 0;
  for (int i = 0; i < H * W; i++) mix(fy[i]);
  printf("frames %lx\n", h);
  frames_mul(fy, fx, H, W);
  h = 0;
  for (int i = 0; i < H * W; i++) mix(fy[i]);
  printf("frames_mul %lx\n", h);
  rows_from_first(fx, H, W);
  h = 0;
  for (int i = 0; i < H * W; i++) mix(fx[i]);
  printf("rows_from_first %lx\n", h);
  rowsum8(sums, img, H, W);
  h = 0;
  for (int i = 0; i < H * W; i++) mix(sums[i]);
  printf("rowsum8 %lx\n", h);
  smooth_fd(fo, ff, 0.75, N);
  h = 0;
  for (int i = 0; i < N; i++) mix((long)(fo[i] * 1e6f));
  printf("smooth_fd %lx\n", h);
  return 0;
}
// Every replaced loop called libplr, converting the narrow arrays.
// CALLS-COUNT-4: i32 n={{[0-9]+}} -> {{serial|cpu}}{{.*}}: x i{{8|16}}, y i{{8|16}} converted
// CALLS: i32 67 x n=1000 ({{.*}}) -> {{serial|cpu}}{{.*}}: x i16, y i16 converted
// CALLS-NEXT: (1: -3) i32 67 x n=1001 ({{.*}}) -> {{serial|cpu}}{{.*}}: x u16, y i16 converted
// CALLS-NEXT: i32 67 x n=1000 ({{.*}}) -> {{serial|cpu}}{{.*}}: x i16, y i16 converted
// CALLS-NEXT: (1: 1) i32 67 x n=1001 ({{.*}}) -> {{serial|cpu}}{{.*}}: x u8, y i32 converted
// CALLS-NOT: plr: (
// CPU-COUNT-4: i32 n={{[0-9]+}} -> cpu ({{[0-9]}} threads): x i{{8|16}}, y i{{8|16}} converted in 1 piece{{.*}}requested: device cpu
// CPU-COUNT-4: i32 67 x n={{1000|1001}} ({{.*}}) -> cpu ({{[0-9]}} threads): x {{[iu]}}{{8|16}}, y i{{16|32}} converted
