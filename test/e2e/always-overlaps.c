// An input read from the output's own array at another stride or offset,
// whose range meets the output's for every trip count a call would take: a
// check before the call could never pass, so the pass leaves such a loop
// alone (AlwaysOverlaps: half) instead of versioning it behind a guard that
// always falls back. Elements interleaved within one step (odd in, even
// out: odd_even) never meet and are replaced without a check (the runtime's
// element-exact test agrees); the same recurrence over separate arrays is
// replaced and calls libplr. Outputs equal plain clang's bit for bit.
// REQUIRES: pass
// RUN: %clang -O2 -ffast-math %s -o %t.ref
// RUN: %t.ref > %t.ref.out
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -ffast-math -fpass-plugin=%plr-pass -Rpass=plr -Rpass-missed=plr %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -o %t.plr 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: env PLR_VERBOSE=1 %t.plr > %t.plr.out 2> %t.plr.err
// RUN: diff %t.ref.out %t.plr.out
// RUN: %FileCheck %s --check-prefix=CALLS < %t.plr.err
#include <stdio.h>
#include <string.h>

__attribute__((noinline)) void odd_even(float *a, long n) {
  // REMARK: always-overlaps.c:[[@LINE+1]]:{{.*}} replaced linear recurrence with a call to plr_run_many: signature (1: 0.5), type f32, order 1, layout: y stride 2, x stride 2, input term materialized by a map; plan: ask(2 passes)
  for (long i = 1; i < n; i++) a[2 * i] = a[2 * i - 1] + 0.5f * a[2 * i - 2];
}

__attribute__((noinline)) void half(float *a, long n) {
  // REMARK: always-overlaps.c:[[@LINE+1]]:{{.*}} recurrence not replaced: an array the loop reads lies a constant distance from one it writes
  for (long i = 1; i < n; i++) a[i] = a[2 * i + 5] + 0.5f * a[i - 1];
}

__attribute__((noinline)) void apart(float *y, const float *x, long n) {
  // REMARK: always-overlaps.c:[[@LINE+1]]:{{.*}} replaced linear recurrence with a call to plr_run_many: signature (1: 0.5)
  for (long i = 1; i < n; i++) y[2 * i] = x[2 * i - 1] + 0.5f * y[2 * i - 2];
}

// the input generator's LCG (a constant term under a map into float, since
// 2026-12-04), then odd_even's call and apart's (half runs as written)
// CALLS: plr: (1: 1103515245) i32 n=6010
// CALLS-NEXT: plr: (1: 0.5) f32 1 x n=3000 (x stride 2 dist 0, y stride 2 dist 0, in place)
// CALLS-NEXT: plr: (1: 0.5) f32 1 x n=3000 (x stride 2 dist 0, y stride 2 dist 0)
// CALLS-NOT: plr:

static unsigned state = 12345u;
static float rnd(void) {
  state = state * 1103515245u + 12345u;
  return (float)((state >> 9) % 2001u) / 1000.0f - 1.0f + 1e-3f;
}

int main(void) {
  enum { N = 3001 };
  static float a[2 * N + 8], b[2 * N + 8], x[2 * N + 8], y[2 * N + 8];
  for (int i = 0; i < 2 * N + 8; i++) a[i] = b[i] = x[i] = y[i] = rnd();
  odd_even(a, N);
  half(b, N);
  apart(y, x, N);
  double s = 0;
  for (int i = 0; i < 2 * N + 8; i++) s += (double)a[i] + 2.0 * b[i] + 3.0 * y[i];
  unsigned h = 2166136261u;
  unsigned char bytes[sizeof a];
  memcpy(bytes, a, sizeof a);
  for (size_t i = 0; i < sizeof a; i++) h = (h ^ bytes[i]) * 16777619u;
  memcpy(bytes, b, sizeof b);
  for (size_t i = 0; i < sizeof b; i++) h = (h ^ bytes[i]) * 16777619u;
  printf("checksum %.9g hash %08x\n", s, h);
  return 0;
}
