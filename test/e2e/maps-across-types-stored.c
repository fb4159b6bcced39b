// An output map across types beside other stored arrays: a char state
// scaled into float and shifted into short (the state in the float's
// slots, the short map reading it there before the float map replaces
// it), an int state into double beside a short array and a fixed element
// (*last = s, stored once from the last state), a double state into float
// (wider: in a buffer) beside a double array of its earlier value. A char
// state kept in int beside another array stays refused (Narrow). Compiled
// without and with the plugin; every output, fixed element and returned
// state bit for bit the plain build's (integer states; float data that are
// integers, so every double is exact) under auto, the threaded backend,
// the serial one, and with the runtime refusing.
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
// RUN: env PLR_DEVICE=no-such-device %t.plr > %t.fail.out 2>/dev/null
// RUN: diff %t.ref.out %t.fail.out
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define N 100003

__attribute__((noinline)) signed char char_two(float *restrict y, short *restrict z, const signed char *restrict x, int n) {
  signed char c = 3;
  // REMARK-DAG: maps-across-types-stored.c:[[@LINE+1]]:{{.*}} signature (1: 1), type i8 (computed in i32), order 1, layout: y stride 4, x stride 1, output an elementwise map of the state into f32, one other array stored as an elementwise map of the output after the call
  for (int i = 0; i < n; i++) { c += x[i]; y[i] = c * 0.5f; z[i] = c << 4; }
  return c;
}

__attribute__((noinline)) void int_two(double *restrict y, short *restrict z, const int *restrict x, int n, int *last) {
  int s = 1;
  // REMARK-DAG: maps-across-types-stored.c:[[@LINE+1]]:{{.*}} signature (1: -3), type i32, order 1, layout: y stride 2, x stride 1, output an elementwise map of the state into f64, one other array stored as an elementwise map of the output after the call
  for (int i = 0; i < n; i++) { s = x[i] - 3 * s; y[i] = s * 0.25; z[i] = (short)(s >> 2); *last = s; }
}

__attribute__((noinline)) void wide_two(float *restrict y, double *restrict z, const float *restrict x, int n) {
  double s = 0;
  // REMARK-DAG: maps-across-types-stored.c:[[@LINE+1]]:{{.*}} signature (1: 1), type f64 (x f32), order 1, output an elementwise map of the state into f32, one other array stored as an elementwise map of the output after the call; plan: {{.*}}buffer(the state, n elements: wider than the output); call(1: 1) x->state; map(arg2 = state[i-1]); map(out = g(state))
  for (int i = 0; i < n; i++) { s += x[i]; y[i] = (float)(s * 0.125); z[i] = s - x[i]; }
}

__attribute__((noinline)) void reduced_two(float *restrict y, int *restrict z, const signed char *restrict x, float g, int n) {
  signed char s = 0;
  // REMARK-DAG: maps-across-types-stored.c:[[@LINE+1]]:{{.*}} recurrence not replaced: a recurrence held in another type than it is computed in
  for (int i = 0; i < n; i++) { s += x[i]; y[i] = s * g; z[i] = s * 1000; }
}

static float fy[N], fx[N];
static int ix[N], iz[N], last;
static short sz[N];
static signed char cx[N];
static double dy[N], dz[N];
static unsigned long h;
static void mix(long v) { h = h * 1000003u ^ (unsigned long)v; }
static void mixf(float v) { uint32_t u; memcpy(&u, &v, 4); mix(u); }
static void mixd(double v) { uint64_t u; memcpy(&u, &v, 8); mix((long)u); }
static uint64_t st = 88172645463325252ull;
static uint64_t rnd(void) { st ^= st << 13; st ^= st >> 7; st ^= st << 17; return st; }

int main(void) {
  for (int i = 0; i < N; i++) {
    uint64_t r = rnd();
    ix[i] = (int)(r % 4000001) - 2000000;
    cx[i] = (signed char)r;
    fx[i] = (float)((int)(r % 2001) - 1000);
  }
  int c = char_two(fy, sz, cx, N);
  h = 0; for (int i = 0; i < N; i++) { mixf(fy[i]); mix(sz[i]); } printf("char_two %lx %d\n", h, c);
  int_two(dy, sz, ix, N, &last);
  h = 0; for (int i = 0; i < N; i++) { mixd(dy[i]); mix(sz[i]); } printf("int_two %lx %d\n", h, last);
  wide_two(fy, dz, fx, N);
  h = 0; for (int i = 0; i < N; i++) { mixf(fy[i]); mixd(dz[i]); } printf("wide_two %lx\n", h);
  reduced_two(fy, iz, cx, 0.75f, N);
  h = 0; for (int i = 0; i < N; i++) { mixf(fy[i]); mix(iz[i]); } printf("reduced_two %lx\n", h);
  /* a short count: as written */
  int_two(dy, sz, ix, 40, &last);
  h = 0; for (int i = 0; i < 40; i++) { mixd(dy[i]); mix(sz[i]); } printf("int_two40 %lx %d\n", h, last);
  return 0;
}
// CALLS: plr: (1: 1) i32 1 x n=100003 (x stride 1 dist 0, y stride 4 dist 0) {{.*}}: x i8, y i8 converted
// CALLS-NEXT: plr: (1: -3) i32 1 x n=100003 (x stride 1 dist 0, y stride 2 dist 0)
// CALLS-NEXT: plr: (1: 1) f64 n=100003 {{.*}}: x f32
// CALLS-NOT: plr: (
