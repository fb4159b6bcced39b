// A recurrence whose state lives in memory (a struct member, a global) that
// the output's stores may write: the compiler keeps it there. The pass
// carries it in registers in a copy of the loop taken when a run-time check
// finds the arrays apart from it, and replaces that copy; when they overlap
// (the struct inside the output) the loop runs as written. With an unknown
// call in the loop (it may change the state) nothing can be promoted: the
// pass says so with the remedy. The same filter with the state copied to a
// local variable is replaced as always. Outputs equal the plain build's.
// REQUIRES: pass
// RUN: %clang -O2 -ffast-math %s -o %t.ref
// RUN: %t.ref > %t.ref.out
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -ffast-math -g -fpass-plugin=%plr-pass -Rpass=plr -Rpass-missed=plr %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -o %t.plr 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -ffast-math -g -fpass-plugin=%plr-pass -Rpass-analysis=plr -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=ANALYSIS
// RUN: env PLR_VERBOSE=1 %t.plr > %t.plr.out 2> %t.plr.err
// RUN: diff %t.ref.out %t.plr.out
// RUN: %FileCheck %s --check-prefix=CALLS < %t.plr.err
// RUN: env PLR_DEVICE=cpu PLR_THREADS=3 %t.plr > %t.cpu.out
// RUN: diff %t.ref.out %t.cpu.out
#include <stdio.h>
#include <stdlib.h>

#define N 20000

typedef struct {
  double state, alpha;
} ema_t;

__attribute__((noinline)) void ema_member(ema_t *e, double *out, const double *in, long n) {
  // REMARK-DAG: state-in-memory.c:[[@LINE+2]]:{{.*}} replaced linear recurrence {{.*}} type f64, order 1
  // ANALYSIS-DAG: state-in-memory.c:[[@LINE+1]]:{{.*}} the state kept in memory is carried in registers in a copy of the loop
  for (long i = 0; i < n; i++) {
    e->state += e->alpha * (in[i] - e->state);
    out[i] = e->state;
  }
}

static double tapped_sum;
__attribute__((noinline)) void tap(double v) { tapped_sum += v; }

__attribute__((noinline)) void ema_tapped(ema_t *e, double *out, const double *in, long n) {
  // REMARK-DAG: state-in-memory.c:[[@LINE+2]]:14: remark: recurrence not replaced: the recurrence's state is kept in memory {{.*}}(copy the state to a local variable{{.*}}; in the loop at line [[#@LINE+1]], column 3
  for (long i = 0; i < n; i++) {
    e->state += e->alpha * (in[i] - e->state);
    out[i] = e->state;
    tap(out[i]);
  }
}

__attribute__((noinline)) void ema_local(ema_t *e, double *out, const double *in, long n) {
  double s = e->state, a = e->alpha;
  // REMARK-DAG: state-in-memory.c:[[@LINE+1]]:{{.*}} replaced linear recurrence {{.*}} type f64, order 1
  for (long i = 0; i < n; i++) {
    s += a * (in[i] - s);
    out[i] = s;
  }
  e->state = s;
}

float level;

__attribute__((noinline)) void leaky_global(float *y, const float *x, int n) {
  // REMARK-DAG: state-in-memory.c:[[@LINE+1]]:{{.*}} replaced linear recurrence {{.*}} signature (1: 0.75), type f32, order 1
  for (int i = 0; i < n; i++) {
    level = 0.75f * level + x[i];
    y[i] = level;
  }
}

int main(void) {
  double *in = malloc(N * sizeof *in), *out = malloc(N * sizeof *out);
  float *x = malloc(N * sizeof *x), *y = malloc(N * sizeof *y);
  unsigned r = 7;
  for (long i = 0; i < N; i++) {
    r = r * 1103515245u + 12345u;
    in[i] = (double)(r >> 8) / (1 << 24) - 0.5;
    x[i] = (float)in[i];
  }
  ema_t e = {0.25, 0.125};
  ema_member(&e, out, in, N);
  printf("member %.12g %.12g %.12g\n", out[N / 2], out[N - 1], e.state);
  // the state inside the output: out[5] is the state and out[6] the
  // coefficient, which the store of out[6] changes on the way
  out[5] = 0.25, out[6] = 0.125;
  ema_member((ema_t *)(out + 5), out, in, N);
  printf("aliased %.12g %.12g %.12g\n", out[4], out[N / 3], out[N - 1]);
  e.state = 0.5;
  ema_tapped(&e, out, in, N);
  printf("tapped %.12g %.12g %.12g %.12g\n", out[N / 2], out[N - 1], e.state, tapped_sum);
  e.state = 0.25;
  ema_local(&e, out, in, N);
  printf("local %.12g %.12g %.12g\n", out[N / 2], out[N - 1], e.state);
  level = 1.0f;
  leaky_global(y, x, N);
  printf("global %.6g %.6g %.6g\n", y[N / 2], y[N - 1], level);
  free(in), free(out), free(x), free(y);
  return 0;
}
// main's input generator first (an LCG mapped into double and float, in
// the doubles' slots: a
// materialized constant term under a map across types, since 2026-12-04);
// the member and the global replaced, the aliased member and the tapped
// loop not calling: three calls.
// CALLS: plr: (1: 1103515245) i32 1 x n=20000 (x stride 2 dist 0, y stride 2 dist 0, in place)
// CALLS-COUNT-3: plr: (
// CALLS-NOT: plr: (
