// Several recurrences in one loop, one per interleaved channel, with one
// signature: stereo one-pole filters with their states saved in a struct,
// four integer running sums from their histories in memory. One
// plr_run_many (count = channels). Different signatures per channel are
// one call each (separate-recurrences.c tests their results). Results
// against optnone references: integers exact, floats against long double.
// REQUIRES: pass
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -ffast-math -fpass-plugin=%plr-pass -Rpass=plr -Rpass-missed=plr %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -lm -o %t 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: env PLR_DEVICE=serial PLR_VERBOSE=1 %t > %t.out 2> %t.err
// RUN: %FileCheck %s --check-prefix=OK < %t.out
// RUN: %FileCheck %s --check-prefix=CALLS < %t.err
// RUN: env PLR_DEVICE=cpu PLR_THREADS=2 %t | %FileCheck %s --check-prefix=OK
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
typedef struct {
  float l, r;
} state;
// REMARK-DAG: channels.c:[[@LINE+3]]:{{.*}} replaced the loop's recurrences with one call to plr_run_many: signature (1: {{.*}}), type f32, order 1; 2 interleaved channels
__attribute__((noinline)) void stereo(float *out, const float *in, long frames, float a, state *st) {
  float l = st->l, r = st->r;
  for (long i = 0; i < frames; i++) {
    l = a * l + in[2 * i];
    r = a * r + in[2 * i + 1];
    out[2 * i] = l;
    out[2 * i + 1] = r;
  }
  st->l = l, st->r = r;
}
// REMARK-DAG: channels.c:[[@LINE+2]]:{{.*}} signature (1: 1), type i32, order 1; 4 interleaved channels, one recurrence each: y stride 4, x stride 4
__attribute__((noinline)) void quad(int32_t *y, const int32_t *x, long n) {
  for (long i = 1; i < n; i++) {
    y[4 * i] = x[4 * i] + y[4 * i - 4];
    y[4 * i + 1] = x[4 * i + 1] + y[4 * i - 3];
    y[4 * i + 2] = x[4 * i + 2] + y[4 * i - 2];
    y[4 * i + 3] = x[4 * i + 3] + y[4 * i - 1];
  }
}
// REMARK-DAG: channels.c:[[@LINE+3]]:3: remark: replaced the loop's recurrences with one call each to plr_run_many: signature (1: {{.*}}) and (1: {{.*}}), type f32, order 1 and 1; 2 recurrences, one call each
__attribute__((noinline)) void mixed(float *out, const float *in, long frames, float a, float b) {
  float l = 0, r = 0;
  for (long i = 0; i < frames; i++) {
    l = a * l + in[2 * i];
    r = b * r + in[2 * i + 1];
    out[2 * i] = l;
    out[2 * i + 1] = r;
  }
}
#define REF __attribute__((optnone, noinline))
REF static void ref_stereo(long double *out, const float *in, long frames, long double a, long double *l, long double *r) {
  for (long i = 0; i < frames; i++)
    *l = a * *l + in[2 * i], *r = a * *r + in[2 * i + 1], out[2 * i] = *l, out[2 * i + 1] = *r;
}
REF static void ref_quad(int32_t *y, const int32_t *x, long n) {
  for (long i = 1; i < n; i++)
    for (int c = 0; c < 4; c++)
      y[4 * i + c] = (int32_t)((uint32_t)x[4 * i + c] + (uint32_t)y[4 * i + c - 4]);
}
int main(void) {
  enum { N = 100001 };
  float *in = malloc(2 * N * sizeof *in), *out = malloc(2 * N * sizeof *out);
  long double *want = malloc(2 * N * sizeof *want);
  int32_t *x = malloc(4 * N * sizeof *x), *y = malloc(4 * N * sizeof *y), *w = malloc(4 * N * sizeof *w);
  uint32_t r = 7;
  for (long i = 0; i < 2 * N; i++)
    r = r * 1103515245u + 12345u, in[i] = (float)((int)(r >> 9) % 2001 - 1000) / 997.0f + 0.001f;
  for (long i = 0; i < 4 * N; i++)
    r = r * 1103515245u + 12345u, x[i] = (int32_t)(r >> 2) | 1, y[i] = w[i] = (int32_t)(r >> 7);
  state st = {0.5f, -0.25f};
  long double l = 0.5L, rr = -0.25L;
  stereo(out, in, N, 0.9f, &st);
  ref_stereo(want, in, N, 0.9f, &l, &rr);
  long double worst = fmaxl(fabsl(st.l - l), fabsl(st.r - rr));
  for (long i = 0; i < 2 * N; i++)
    worst = fmaxl(worst, fabsl(out[i] - want[i]));
  printf("stereo %s (max error %.2Lg)\n", worst < 1e-4L ? "ok" : "BAD", worst);
  quad(y, x, N);
  ref_quad(w, x, N);
  long bad = 0;
  for (long i = 0; i < 4 * N; i++)
    bad += y[i] != w[i];
  printf("quad %s (%ld wrong)\n", bad ? "BAD" : "ok", bad);
  mixed(out, in, N, 0.9f, 0.5f);
  printf("mixed ran\n");
  return bad || !(worst < 1e-4L);
}
// OK: stereo ok
// OK: quad ok
// OK: mixed ran
// CALLS: plr: (1: 0.9) f32 2 x n=100001 (x stride 2 dist 1, y stride 2 dist 1) -> serial
// CALLS: plr: (1: 1) i32 4 x n=100000 (x stride 4 dist 1, y stride 4 dist 1) -> serial
// CALLS: plr: (1: 0.9) f32 1 x n=100001 (x stride 2 dist 0, y stride 2 dist 0) -> serial
// CALLS: plr: (1: 0.5) f32 1 x n=100001 (x stride 2 dist 0, y stride 2 dist 0) -> serial
// CALLS-NOT: -> serial
