// A materialized input term under a stored conversion or a map across
// types (opus's shapes):
// a double energy updated from two windows of float data and stored as
// float (pitch_analysis_core_FLP.c: the terms and the state in a buffer of
// doubles, the map rounds each state into y); an int accumulator of a
// constant step stored as short (CNG.c's NLSF reset), and of products of
// two taps stored as short and as signed char (the terms stored truncated
// into y: exact modulo 2^w, as the outputs are); bands.c's LCG noise (a
// constant term, the u32 state shifted into float: the terms in the state's
// type in the output's slots) and an int ramp shifted into short (a wider
// state: terms and states in its buffer). A char state kept in int under
// such a map is refused (Narrow). The state used after the
// loop through its low bits is taken; the whole int state used after the
// loop is refused (LiveOut: only its low bits would be right) and runs as
// written. Compiled without and with the plugin; outputs and returned
// values bit for bit the plain build's (the float data are integers, so
// every double is exact in any order), under auto, the threaded backend,
// the serial one, and with the runtime refusing; also built with
// -fassociative-math alone, where clang contracts e - b*b into
// llvm.fmuladd (the product part of the materialized term).
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
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -fassociative-math -fno-signed-zeros -fno-trapping-math -fpass-plugin=%plr-pass %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -o %t.assoc
// RUN: env PLR_VERBOSE=1 %t.assoc > %t.assoc.out 2> %t.assoc.err
// RUN: diff %t.ref.out %t.assoc.out
// RUN: %FileCheck %s --check-prefix=CALLS < %t.assoc.err
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define N 100003
#define PAD 200

/* opus silk/float/pitch_analysis_core_FLP.c, the energy of each lag */
__attribute__((noinline)) double energies(float *restrict out, const float *restrict b, int n, int len) {
  double e = 0.5; /* (opus adds 1e-3: a start that is no integer would make the state inexact) */
  out[0] = (float)e;
  // REMARK-DAG: materialized-converted.c:[[@LINE+1]]:{{.*}} signature (1: 1), type f64, order 1, input term materialized by a map, output an elementwise map of the state into f32; plan: ask(3 passes); buffer(the state, n elements: wider than the output); map(t -> state); call(1: 1) state->state in place; map(out = g(state))
  for (int i = 1; i < n; i++) {
    e -= b[len - i] * (double)b[len - i];
    e += b[-i] * (double)b[-i];
    out[i] = (float)e;
  }
  return e;
}

/* opus silk/CNG.c, silk_CNG_Reset: a constant step, stored as short */
__attribute__((noinline)) void nlsf_reset(short *restrict nlsf, int order, int step) {
  int acc = 0;
  // REMARK-DAG: materialized-converted.c:[[@LINE+1]]:{{.*}} signature (1: 1), type i32 (x i16, y i16), order 1, input term materialized by a map
  for (int i = 0; i < order; i++) { acc += step; nlsf[i] = acc; }
}

/* products of two taps, an order-2 state stored as short; the state
 * returned through its low 16 bits */
__attribute__((noinline)) short prod2(short *restrict y, const short *restrict x, int n) {
  int s1 = 5, s2 = -3;
  // REMARK-DAG: materialized-converted.c:[[@LINE+1]]:{{.*}} signature (1: 2, -1), type i32 (x i16, y i16), order 2, input term materialized by a map
  for (int i = 1; i < n; i++) { int s = x[i] * x[i - 1] + 2 * s1 - s2; s2 = s1; s1 = s; y[i] = (short)s; }
  return (short)s1;
}

/* into signed char, backward */
__attribute__((noinline)) void prod_back(signed char *restrict y, const short *restrict x, int n) {
  int s = 0;
  // REMARK-DAG: materialized-converted.c:[[@LINE+1]]:{{.*}} signature (1: -3), type i8 (computed in i32), order 1, layout: y stride -1, x stride -1 (backward), input term materialized by a map
  for (int i = n - 1; i >= 1; i--) { s = x[i] * x[i - 1] - 3 * s; y[i] = (signed char)s; }
}

/* the whole int state used after the loop: its high bits are not in y */
__attribute__((noinline)) int prod_whole(short *restrict y, const short *restrict x, int n) {
  int s = 0;
  // REMARK-DAG: materialized-converted.c:[[@LINE+1]]:{{.*}} recurrence not replaced: a value computed in the loop is used after it
  for (int i = 1; i < n; i++) { s += x[i] * x[i - 1]; y[i] = (short)s; }
  return s;
}

/* opus celt/bands.c's noise fill: an LCG (a constant input term) whose
 * state is shifted into float: the terms in the state's type in the
 * output's slots */
__attribute__((noinline)) uint32_t lcg_noise(float *restrict X, int n, uint32_t seed) {
  // REMARK-DAG: materialized-converted.c:[[@LINE+1]]:{{.*}} signature (1: 1664525), type i32, order 1, input term materialized by a map, output an elementwise map of the state into f32; plan: ask(3 passes); map(t -> y); call(1: 1664525) y->y in place; map(out = g(y))
  for (int j = 0; j < n; j++) { seed = 1664525u * seed + 1013904223u; X[j] = (float)((int32_t)seed >> 20); }
  return seed;
}

/* a constant step, the int state shifted into short: wider, in a buffer */
__attribute__((noinline)) void ramp_shift(short *restrict out, int n, int step) {
  int a = 0;
  // REMARK-DAG: materialized-converted.c:[[@LINE+1]]:{{.*}} signature (1: 1), type i32, order 1, input term materialized by a map, output an elementwise map of the state into i16; plan: ask(3 passes); buffer(the state, n elements: wider than the output); map(t -> state)
  for (int i = 0; i < n; i++) { a += step; out[i] = (short)(a >> 3); }
}

/* a char state kept in int (its low byte in the slots) over a constant
 * term: the clone would store the whole int term, refused */
__attribute__((noinline)) void char_ramp(float *restrict out, int n, int step) {
  signed char c = 1;
  // REMARK-DAG: materialized-converted.c:[[@LINE+1]]:{{.*}} recurrence not replaced: a recurrence held in another type than it is computed in
  for (int i = 0; i < n; i++) { c = (signed char)(c * 3 + step); out[i] = c * 0.25f; }
}

static unsigned long h;
static void mix(long v) { h = h * 1000003u ^ (unsigned long)v; }
static void mixf(float v) { uint32_t u; memcpy(&u, &v, 4); mix(u); }
static uint64_t st = 88172645463325252ull;
static uint64_t rnd(void) { st ^= st << 13; st ^= st >> 7; st ^= st << 17; return st; }

static float fb[PAD + N + PAD], fy[N];
static short sx[N], sy[N];
static signed char cy[N];

#define DUMP(name, arr, cnt, conv) do { h = 0; for (int i_ = 0; i_ < (cnt); i_++) conv(arr[i_]); printf("%s %lx", name, h); } while (0)

int main(void) {
  for (int i = 0; i < PAD + N + PAD; i++) fb[i] = (float)((int)(rnd() % 2001) - 1000);
  for (int i = 0; i < N; i++) { sx[i] = (short)rnd(); if (!sx[i]) sx[i] = 7; }
  /* the windows: b[-i] reaches back n-1 elements, b[len - i] from len - 1 down */
  double e = energies(fy, fb + N, N, PAD);
  DUMP("energies", fy, N, mixf); printf(" %.17g\n", e);
  nlsf_reset(sy, N, 32767 / 17);
  DUMP("nlsf_reset", sy, N, mix); printf("\n");
  short r = prod2(sy, sx, N);
  DUMP("prod2", sy, N, mix); printf(" %d\n", r);
  prod_back(cy, sx, N);
  DUMP("prod_back", cy, N, mix); printf("\n");
  int w = prod_whole(sy, sx, N);
  DUMP("prod_whole", sy, N, mix); printf(" %d\n", w);
  uint32_t seed = lcg_noise(fy, N, 12345);
  DUMP("lcg_noise", fy, N, mixf); printf(" %u\n", seed);
  ramp_shift(sy, N, 1234567);
  DUMP("ramp_shift", sy, N, mix); printf("\n");
  char_ramp(fy, N, 7);
  DUMP("char_ramp", fy, N, mixf); printf("\n");
  /* short counts: as written (below the threshold) */
  nlsf_reset(sy, 16, 32767 / 17);
  DUMP("nlsf_reset16", sy, 16, mix); printf("\n");
  e = energies(fy, fb + N, 40, PAD);
  DUMP("energies40", fy, 40, mixf); printf(" %.17g\n", e);
  return 0;
}
// CALLS: plr: (1: 1) f64 n=100002
// CALLS-NEXT: plr: (1: 1) i32 n=100003 {{.*}}: x i16, y i16 converted
// CALLS-NEXT: plr: (1: 2, -1) i32 n=100002 {{.*}}: x i16, y i16 converted
// CALLS-NEXT: plr: (1: -3) i32 1 x n=100002 (x stride -1 dist 0, y stride -1 dist 0, in place) {{.*}}: x i8, y i8 converted
// CALLS-NEXT: plr: (1: 1664525) i32 n=100003
// CALLS-NEXT: plr: (1: 1) i32 n=100003
// CALLS-NOT: plr: (
