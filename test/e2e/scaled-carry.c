// A carried value that is the state scaled (opus's CELT de-emphasis: `tmp =
// x[j] + m; m = coef*tmp; y[j] = tmp*k`): the stored value is a map of tmp,
// and the phi carries coef*tmp, a transposed state. The call computes tmp
// (signature (1: coef)) after the first output, which the loop's own
// operations compute from m's start; a map then scales tmp in place, and m
// after the loop is coef times the last tmp. Blocks carry m from one call to
// the next as the codec does. A transposed state that reads the input beside
// a constant in the input term is refused (TransposedInput), and so is a
// gain applied in place beside the first outputs (OutputOverlap). Integers
// (wrapping unsigned) must be bit-identical to the untransformed program;
// floats are checked against a double reference of the same filter.
// REQUIRES: pass
// RUN: %clang -O2 -ffast-math %s -o %t.ref
// RUN: %t.ref > %t.ref.out
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -ffast-math -fpass-plugin=%plr-pass -Rpass=plr -Rpass-missed=plr %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -o %t.plr 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: env PLR_VERBOSE=1 %t.plr > %t.plr.out 2> %t.plr.err
// RUN: diff %t.ref.out %t.plr.out
// RUN: %FileCheck %s --check-prefix=CALLS < %t.plr.err
// The parallel backend, forced on these arrays.
// RUN: env PLR_MIN_PARALLEL_N=1 PLR_THREADS=3 %t.plr > %t.par.out
// RUN: diff %t.ref.out %t.par.out
#include <math.h>
#include <stdio.h>

#define N 5003

__attribute__((noinline)) void deemph(const float *restrict x, float *restrict y, int n, float coef, float *mem) {
  float m = *mem;
  // REMARK-DAG: scaled-carry.c:[[@LINE+1]]:{{.*}} signature (1: arg4), type f32, order 1, transposed states (direct form II transposed): the first outputs computed before the call from the states' start, output an elementwise map of the state; plan: {{.*}}; map(first 1 outputs from the states' start); call(1: arg4) x->y, after the first outputs; map(out = g(y))
  for (int j = 0; j < n; j++) {
    float tmp = x[j] + m;
    m = coef * tmp;
    y[j] = tmp * (1 / 32768.); /* in double, as opus's SCALEOUT */
  }
  *mem = m;
}

__attribute__((noinline)) unsigned udeemph(const unsigned *restrict x, unsigned *restrict y, int n, unsigned c,
                                           unsigned m) {
  // REMARK-DAG: scaled-carry.c:[[@LINE+1]]:{{.*}} signature (1: arg4), type i32, order 1, transposed states
  for (int j = 0; j < n; j++) {
    unsigned t = x[j] + m;
    y[j] = t >> 3;
    m = t * c;
  }
  return m;
}

/* opus's own loops (celt_decoder.c, deemphasis): VERY_SMALL added to the
 * input makes the input term x[j] + c, computed into y first (the clone
 * zeroes m with y's delays); the first output is then computed from m's
 * start after that map, the call runs in place. */
#define VERY_SMALL 1e-30f
__attribute__((noinline)) void deemph_small(const float *restrict x, float *restrict y, int n, float coef,
                                            float *mem) {
  float m = *mem;
  // REMARK-DAG: scaled-carry.c:[[@LINE+1]]:{{.*}} signature (1: arg4), type f32, order 1, input term materialized by a map, transposed states: the first outputs computed before the call from the states' start, output an elementwise map of the state; plan: ask(3 passes); map(t -> y); map(first 1 outputs from the states' start); call(1: arg4) y->y in place, after the first outputs; map(out = g(y))
  for (int j = 0; j < n; j++) {
    float tmp = x[j] + VERY_SMALL + m;
    m = coef * tmp;
    y[j] = tmp * (1 / 32768.);
  }
  *mem = m;
}

/* its downsampling branch: tmp itself stored, into a scratch buffer */
__attribute__((noinline)) void deemph_scratch(const float *restrict x, float *restrict scratch, int n, float coef,
                                              float *mem) {
  float m = *mem;
  // REMARK-DAG: scaled-carry.c:[[@LINE+1]]:{{.*}} signature (1: arg4), type f32, order 1, input term materialized by a map, transposed states: the first outputs computed before the call from the states' start; plan:
  for (int j = 0; j < n; j++) {
    float tmp = x[j] + VERY_SMALL + m;
    m = coef * tmp;
    scratch[j] = tmp;
  }
  *mem = m;
}

/* the same in integers, exact: a constant and a second array in the input
 * term, the state from zero (no first outputs), m returned */
__attribute__((noinline)) unsigned usmall(const unsigned *restrict x, const unsigned *restrict g,
                                          unsigned *restrict y, int n, unsigned c) {
  unsigned m = 0;
  // REMARK-DAG: scaled-carry.c:[[@LINE+1]]:{{.*}} signature (1: arg5), type i32, order 1, input term materialized by a map, output an elementwise map of the state; plan: ask(3 passes); map(t -> y); call(1: arg5) y->y in place; map(out = g(y))
  for (int j = 0; j < n; j++) {
    unsigned t = x[j] * g[j] + 12345u + m;
    y[j] = t ^ (t >> 7);
    m = c * t;
  }
  return m;
}

/* The state carried twice, as itself (s = v) and scaled (z = c*v), the
 * output a map of it: a delay and a transposed state of one recurrence,
 * (1: a + c), both states returned. */
__attribute__((noinline)) unsigned mixu(const unsigned *restrict x, unsigned *restrict out, int n, unsigned a,
                                        unsigned c, unsigned *st) {
  unsigned s = st[0], z = st[1];
  // REMARK-DAG: scaled-carry.c:[[@LINE+1]]:{{.*}} signature (1: arg4 + arg5), type i32, order 1, transposed states (direct form II transposed): the first outputs computed before the call from the states' start, output an elementwise map of the state
  for (int i = 0; i < n; i++) {
    unsigned v = x[i] + a * s + z;
    z = c * v;
    s = v;
    out[i] = v ^ (v >> 5);
  }
  st[0] = s;
  st[1] = z;
  return s * 3 + z;
}

/* Refused (TransposedInput): a transposed state that reads the input
 * beside a constant in the input term; the loop runs as written. */
__attribute__((noinline)) void tdf2_const(const float *restrict x, float *restrict y, int n, float b1, float a1,
                                          float *s) {
  float z1 = *s;
  // REMARK-DAG: scaled-carry.c:[[@LINE+1]]:{{.*}} not replaced: a transposed state reads the input (z1 = b1*x[i] - a1*v) beside an input term that is no FIR of one array
  for (int i = 0; i < n; i++) {
    float v = x[i] + 0.5f + z1;
    z1 = b1 * x[i] - a1 * v;
    y[i] = v;
  }
  *s = z1;
}

/* Refused (OutputOverlap): a gain applied in place over a scaled carry
 * whose state starts from memory; the map would read y[i] as the loop
 * found it from a buffer the first outputs are not computed into. */
__attribute__((noinline)) void gain_inplace(const float *restrict x, float *restrict y, int n, float c,
                                            float *mem) {
  float m = *mem;
  // REMARK-DAG: scaled-carry.c:[[@LINE+4]]:{{.*}} not replaced: an output map reads the output array itself other than as y[i] before the loop stores it
  for (int j = 0; j < n; j++) {
    float tmp = x[j] + m;
    m = c * tmp;
    y[j] = y[j] * tmp;
  }
  *mem = m;
}

/* Second order, both states scaled copies of the output (an all-pole
 * transposed form), the output stored scaled. */
__attribute__((noinline)) void allpole(const float *restrict x, float *restrict out, int n, float a1, float a2,
                                       float *z) {
  float z1 = z[0], z2 = z[1];
  // REMARK-DAG: scaled-carry.c:[[@LINE+1]]:{{.*}} signature (1: arg4, arg5), type f32, order 2, transposed states {{.*}}map(out = g(y))
  for (int j = 0; j < n; j++) {
    float v = x[j] + z1;
    z1 = a1 * v + z2;
    z2 = a2 * v;
    out[j] = 0.25f * v;
  }
  z[0] = z1;
  z[1] = z2;
}

static int close_to(double got, double want, double scale) {
  return fabs(got - want) <= 1e-4 * (scale + fabs(want));
}

int main(void) {
  static float x[N], y[N];
  static unsigned ux[N], uy[N];
  unsigned r = 7;
  for (int i = 0; i < N; i++) {
    r = r * 1103515245u + 12345u;
    ux[i] = r;
    x[i] = (float)((int)(r >> 8) % 20001 - 10000);
  }
  /* de-emphasis in blocks of 1000 and one of 3, m carried */
  float mem = 123.0f;
  double dm = 123.0, scale = 0;
  int ok = 1;
  for (int b = 0; b < N; b += 1000) {
    int n = N - b < 1000 ? N - b : 1000;
    deemph(x + b, y + b, n, 0.85f, &mem);
    for (int j = 0; j < n; j++) {
      double t = x[b + j] + dm;
      dm = 0.85 * t;
      scale = fmax(scale, fabs(t / 32768));
      ok &= close_to(y[b + j], t / 32768, scale);
    }
    ok &= close_to(mem, dm, scale * 32768);
  }
  printf("deemph %s\n", ok ? "ok" : "bad");
  unsigned um = 99;
  for (int b = 0; b < N; b += 2500) {
    int n = N - b < 2500 ? N - b : 2500;
    um = udeemph(ux + b, uy + b, n, 2654435761u, um);
  }
  unsigned long h = um;
  for (int i = 0; i < N; i++)
    h = h * 1000003u ^ uy[i];
  printf("udeemph %lx\n", h);
  /* the VERY_SMALL variants, in blocks as the codec calls them */
  static float x2[N], y2[N];
  mem = -77.0f;
  float mem2 = -77.0f;
  dm = -77.0;
  ok = 1;
  scale = 0;
  for (int b = 0; b < N; b += 960) {
    int n = N - b < 960 ? N - b : 960;
    deemph_small(x + b, y + b, n, 0.85f, &mem);
    deemph_scratch(x + b, y2 + b, n, 0.85f, &mem2);
    for (int j = 0; j < n; j++) {
      double t = (double)x[b + j] + 1e-30 + dm;
      dm = 0.85 * t;
      scale = fmax(scale, fabs(t));
      ok &= close_to(y[b + j], t / 32768, scale / 32768) && close_to(y2[b + j], t, scale);
    }
    ok &= close_to(mem, dm, scale) && close_to(mem2, dm, scale);
  }
  printf("deemph_small %s\n", ok ? "ok" : "bad");
  for (int i = 0; i < N; i++)
    x2[i] = (float)(ux[i] % 7);
  h = usmall(ux, (const unsigned *)x2, uy, N, 2246822519u);
  for (int i = 0; i < N; i++)
    h = h * 1000003u ^ uy[i];
  printf("usmall %lx\n", h);
  unsigned ust[2] = {7, 9};
  h = mixu(ux, uy, N, 3, 0x9e3779b9u, ust);
  for (int i = 0; i < N; i++)
    h = h * 1000003u ^ uy[i];
  printf("mixu %lx %x %x\n", h, ust[0], ust[1]);
  mem = 1.0f;
  tdf2_const(x, y, N, 0.3f, -0.6f, &mem);
  dm = 1.0;
  ok = 1;
  scale = 0;
  for (int j = 0; j < N; j++) {
    double v = (double)x[j] + 0.5 + dm;
    dm = 0.3 * x[j] + 0.6 * v;
    scale = fmax(scale, fabs(v));
    ok &= close_to(y[j], v, scale);
  }
  ok &= close_to(mem, dm, scale);
  printf("tdf2_const %s\n", ok ? "ok" : "bad");
  for (int i = 0; i < N; i++)
    y[i] = x2[i];
  mem = 3.0f;
  gain_inplace(x, y, N, 0.7f, &mem);
  dm = 3.0;
  ok = 1;
  scale = 0;
  for (int j = 0; j < N; j++) {
    double t = (double)x[j] + dm;
    dm = 0.7 * t;
    scale = fmax(scale, fabs(x2[j] * t));
    ok &= close_to(y[j], x2[j] * t, scale);
  }
  ok &= close_to(mem, dm, scale);
  printf("gain_inplace %s\n", ok ? "ok" : "bad");
  float z[2] = {3.0f, -2.0f};
  allpole(x, y, N, 1.2f, -0.5f, z);
  double v, z1 = 3.0, z2 = -2.0;
  ok = 1;
  scale = 0;
  for (int j = 0; j < N; j++) {
    v = x[j] + z1;
    z1 = 1.2 * v + z2;
    z2 = -0.5 * v;
    scale = fmax(scale, fabs(v));
    ok &= close_to(y[j], 0.25 * v, scale);
  }
  ok &= close_to(z[0], z1, scale) && close_to(z[1], z2, scale);
  printf("allpole %s\n", ok ? "ok" : "bad");
  return 0;
}

// CALLS-COUNT-5: plr: (1: 0.85) f32 n=999
// CALLS-COUNT-2: plr: (1: -1640531535) i32 n=2499
// CALLS-COUNT-10: plr: (1: 0.85) f32 n=959
// CALLS-NEXT: plr: (1: 0.85) f32 n=202
// CALLS-NEXT: plr: (1: 0.85) f32 n=202
// CALLS: plr: (1: -2048144777) i32 n=5003
// CALLS-NEXT: plr: (1: -1640531524) i32 n=5002
// CALLS-DAG: plr: (1: 1.2, -0.5) f32 n=5001
