// An output map that reads the output array itself at its own index, before
// the loop stores it: a gain applied in place (buf[i] *= g), a gain ramp to
// a constant target, an envelope that follows the signal it then scales, an
// integer offset added in place, the same backward and over one channel of
// interleaved stereo. The call writes the state into a buffer of its own
// (plr_scratch_alloc'd, freed on both ways out), the map then reads y as the
// loop found it and stores g into y; with no buffer (PLR_TEST_SCRATCH_FAIL=1:
// every allocation fails) the loop runs as written and errno stays as the
// caller left it. Floats against long double, integers exact. A
// loop that also reads y[i-1] (which the loop itself has already replaced)
// keeps its loop: the map would read the old value.
// REQUIRES: pass
// RUN: %clang -O2 -ffast-math %s -lm -o %t.ref
// RUN: %t.ref > %t.ref.out
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -ffast-math -fpass-plugin=%plr-pass -Rpass=plr -Rpass-missed=plr %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -lm -o %t.plr 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: env PLR_VERBOSE=1 %t.plr > %t.plr.out 2> %t.plr.err
// RUN: diff %t.ref.out %t.plr.out
// RUN: %FileCheck %s --check-prefix=CALLS < %t.plr.err
// RUN: env PLR_DEVICE=cpu PLR_THREADS=3 %t.plr > %t.cpu.out
// RUN: diff %t.ref.out %t.cpu.out
// RUN: env PLR_DEVICE=no-such-device %t.plr > %t.fail.out 2>/dev/null
// RUN: diff %t.ref.out %t.fail.out
// RUN: env PLR_TEST_SCRATCH_FAIL=1 PLR_VERBOSE=1 %t.plr > %t.nomem.out 2> %t.nomem.err
// RUN: diff %t.ref.out %t.nomem.out
// RUN: not grep -q "n=[0-9]" %t.nomem.err
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "Inputs/check.h"

#define N 100003

__attribute__((noinline)) float gain_in_place(float *buf, const float *target, long n, float a, float g) {
  // REMARK-DAG: output-map-in-place.c:[[@LINE+1]]:{{.*}} type f32, order 1, output an elementwise map of the state and of other arrays at its index; plan: check(x apart from y or exactly y); ask(2 passes); buffer(the state, n elements: the map reads y as it was); call({{.*}}) x->state; map(out = g(state, {{[a-z0-9]+}}))
  for (long i = 0; i < n; i++) {
    g = a * g + (1 - a) * target[i];
    buf[i] *= g;
  }
  return g;
}

// A ramp toward a constant target: the input term (1-a)*target is
// materialized into the state's buffer, y is left alone until the map.
__attribute__((noinline)) void ramp(float *buf, long n, float a, float target) {
  float g = 0;
  // REMARK-DAG: output-map-in-place.c:[[@LINE+1]]:{{.*}} input term materialized by a map, output an elementwise map of the state and of other arrays at its index; plan: ask(3 passes); buffer(the state, n elements: the map reads y as it was); map(t -> state); call({{.*}}) state->state in place; map(out = g(state, {{[a-z0-9]+}}))
  for (long i = 0; i < n; i++) {
    g = a * g + (1 - a) * target;
    buf[i] = buf[i] * g;
  }
}

// An envelope of the signal it then shapes: the input term reads y[i] too
// (materialized from y as the loop found it).
__attribute__((noinline)) float follow(float *buf, long n, float a) {
  float env = 0;
  // REMARK-DAG: output-map-in-place.c:[[@LINE+1]]:{{.*}} input term materialized by a map, output an elementwise map of the state and of other arrays at its index; plan: ask(3 passes); buffer(the state, n elements: the map reads y as it was); map(t -> state)
  for (long i = 0; i < n; i++) {
    env = a * env + (1 - a) * fabsf(buf[i]);
    buf[i] = buf[i] - 0.5f * env;
  }
  return env;
}

// Integers: a running sum added to y in place, exact.
__attribute__((noinline)) int32_t offset_in_place(int32_t *y, const int32_t *x, long n, int32_t s) {
  // REMARK-DAG: output-map-in-place.c:[[@LINE+1]]:{{.*}} signature (1: 1), type i32, order 1, output an elementwise map of the state and of other arrays at its index; plan: check(x apart from y{{.*}}); ask(2 passes); buffer(the state, n elements: the map reads y as it was); call(1: 1) x->state; map(out = g(state, {{[a-z0-9]+}}))
  for (long i = 0; i < n; i++) {
    s += x[i];
    y[i] = 3 * y[i] + s;
  }
  return s;
}

// Backward: the buffer mirrors y's footprint, walked down.
__attribute__((noinline)) void gain_backward(float *buf, const float *target, long n, float a) {
  float g = 1;
  // REMARK-DAG: output-map-in-place.c:[[@LINE+1]]:{{.*}} call to plr_run_many: {{.*}} type f32, order 1, layout: y stride -1, x stride -1 (backward), output an elementwise map of the state and of other arrays at its index; plan: {{.*}}buffer(the state, n elements: the map reads y as it was); call({{.*}}) x->state, y stride -1, x stride -1; map(out = g(state, {{[a-z0-9]+}}))
  for (long i = n - 1; i >= 0; i--) {
    g = a * g + (1 - a) * target[i];
    buf[i] *= g;
  }
}

// The left channel of interleaved stereo: stride 2, the right channel
// untouched (the buffer has y's gaps; nothing writes them).
__attribute__((noinline)) void gain_left(float *lr, const float *target, long n, float a) {
  float g = 0.5f;
  // REMARK-DAG: output-map-in-place.c:[[@LINE+1]]:{{.*}} call to plr_run_many: {{.*}} type f32, order 1, layout: y stride 2, x stride 1, output an elementwise map of the state and of other arrays at its index; plan: {{.*}}buffer(the state, n elements: the map reads y as it was)
  for (long i = 0; i < n; i++) {
    g = a * g + (1 - a) * target[i];
    lr[2 * i] *= g;
  }
}

// The state also fed by y[i-1], which the loop has already replaced by its
// output: a buffer would leave the map reading the old value. Not taken.
__attribute__((noinline)) void reads_back(float *buf, long n, float a) {
  float g = 0;
  for (long i = 1; i < n; i++) {
    // REMARK-DAG: output-map-in-place.c:[[@LINE+1]]:{{.*}} recurrence not replaced: an array the loop reads lies a constant distance from one it writes
    g = a * g + 0.125f * buf[i - 1];
    buf[i] *= g;
  }
}

#define REF __attribute__((optnone, noinline))
REF static long double ref_gain(long double *buf, const long double *target, long n, long double a, long double g) {
  for (long i = 0; i < n; i++)
    g = a * g + (1 - a) * target[i], buf[i] *= g;
  return g;
}
REF static void ref_ramp(long double *buf, long n, long double a, long double target) {
  long double g = 0;
  for (long i = 0; i < n; i++)
    g = a * g + (1 - a) * target, buf[i] *= g;
}
REF static long double ref_follow(long double *buf, long n, long double a) {
  long double env = 0;
  for (long i = 0; i < n; i++)
    env = a * env + (1 - a) * fabsl(buf[i]), buf[i] -= 0.5L * env;
  return env;
}
REF static int32_t ref_offset(int32_t *y, const int32_t *x, long n, int32_t s) {
  for (long i = 0; i < n; i++)
    s = (int32_t)((uint32_t)s + (uint32_t)x[i]), y[i] = (int32_t)(3u * (uint32_t)y[i] + (uint32_t)s);
  return s;
}
REF static void ref_backward(long double *buf, const long double *target, long n, long double a) {
  long double g = 1;
  for (long i = n - 1; i >= 0; i--)
    g = a * g + (1 - a) * target[i], buf[i] *= g;
}
REF static void ref_left(long double *lr, const long double *target, long n, long double a) {
  long double g = 0.5L;
  for (long i = 0; i < n; i++)
    g = a * g + (1 - a) * target[i], lr[2 * i] *= g;
}
REF static void ref_reads_back(long double *buf, long n, long double a) {
  long double g = 0;
  for (long i = 1; i < n; i++)
    g = a * g + 0.125L * buf[i - 1], buf[i] *= g;
}

int main(void) {
  float *buf = malloc(2 * N * sizeof *buf), *target = malloc(N * sizeof *target);
  long double *lbuf = malloc(2 * N * sizeof *lbuf), *ltarget = malloc(N * sizeof *ltarget);
  fill(target, ltarget, N);

  fill(buf, lbuf, N);
  errno = 12345; /* the loop leaves it alone; so must the call and its buffer */
  float g = gain_in_place(buf, target, N, 0.9f, 0.5f);
  const int errno_kept = errno == 12345;
  long double lg = ref_gain(lbuf, ltarget, N, 0.9L, 0.5L);
  printf("gain_in_place %s (state %s, errno %s)\n", verdict(worst(buf, lbuf, N)), verdict(fabsl(g - lg) / (1 + fabsl(lg))),
         errno_kept ? "kept" : "CHANGED");
  /* x is y itself (the gain's target is the signal): the call reads y, the
   * map reads it too, both as the loop found it */
  fill(buf, lbuf, N);
  g = gain_in_place(buf, buf, N - 5, 0.8f, 0.25f);
  lg = ref_gain(lbuf, lbuf, N - 5, 0.8L, 0.25L);
  printf("gain_in_place x is y %s (state %s)\n", verdict(worst(buf, lbuf, N)), verdict(fabsl(g - lg) / (1 + fabsl(lg))));

  fill(buf, lbuf, N);
  ramp(buf, N, 0.99f, 0.75f);
  ref_ramp(lbuf, N, 0.99L, 0.75L);
  printf("ramp %s\n", verdict(worst(buf, lbuf, N)));

  fill(buf, lbuf, N);
  float e = follow(buf, N - 2, 0.95f);
  long double le = ref_follow(lbuf, N - 2, 0.95L);
  printf("follow %s (state %s)\n", verdict(worst(buf, lbuf, N)), verdict(fabsl(e - le) / (1 + fabsl(le))));

  fill(buf, lbuf, N);
  gain_backward(buf, target, N - 1, 0.8f);
  ref_backward(lbuf, ltarget, N - 1, 0.8L);
  printf("gain_backward %s\n", verdict(worst(buf, lbuf, N)));

  fill(buf, lbuf, 2 * N);
  gain_left(buf, target, N, 0.75f);
  ref_left(lbuf, ltarget, N, 0.75L);
  printf("gain_left %s\n", verdict(worst(buf, lbuf, 2 * N)));

  fill(buf, lbuf, N);
  reads_back(buf, N, 0.5f);
  ref_reads_back(lbuf, N, 0.5L);
  printf("reads_back %s\n", verdict(worst(buf, lbuf, N)));

  int32_t *xi = malloc(N * sizeof *xi), *yi = malloc(N * sizeof *yi), *ri = malloc(N * sizeof *ri);
  for (long i = 0; i < N; i++)
    xi[i] = (int32_t)(next() >> 4) | 1, yi[i] = ri[i] = (int32_t)next();
  int32_t s = offset_in_place(yi, xi, N, 11), rs = ref_offset(ri, xi, N, 11);
  long bad = s != rs;
  for (long i = 0; i < N; i++)
    bad += yi[i] != ri[i];
  printf("offset_in_place %s %lx\n", bad ? "BAD" : "ok", hash(yi, N));
  /* x is y: both read as the loop found them */
  for (long i = 0; i < N; i++)
    yi[i] = ri[i] = (int32_t)next();
  s = offset_in_place(yi, yi, N - 3, -7), rs = ref_offset(ri, ri, N - 3, -7);
  bad = s != rs;
  for (long i = 0; i < N; i++)
    bad += yi[i] != ri[i];
  printf("offset_in_place x is y %s %lx\n", bad ? "BAD" : "ok", hash(yi, N));
  /* x overlapping y by an offset (x = y + 1): the loop runs as written */
  for (long i = 0; i < N; i++)
    yi[i] = ri[i] = (int32_t)next();
  s = offset_in_place(yi, yi + 1, N - 3, 5), rs = ref_offset(ri, ri + 1, N - 3, 5);
  bad = s != rs;
  for (long i = 0; i < N; i++)
    bad += yi[i] != ri[i];
  printf("offset_in_place overlapping %s %lx\n", bad ? "BAD" : "ok", hash(yi, N));
  return 0;
}
// gain_in_place twice, ramp, follow, gain_backward, gain_left, offset_in_place
// twice; not reads_back, nor the overlapping offset.
// CALLS-COUNT-8: n={{[0-9]+}}
// CALLS-NOT: n={{[0-9]+}}
