// An output map whose load may be the output array itself only when the
// program runs: ffmpeg's adaptive gain control (`mem = alpha*mem + g;
// out[i] = in[i]*mem`), which its AMR-NB and SIPR decoders call with
// out == in. The check takes that load apart from y or exactly y; where it
// is y the call writes the state into a buffer of its own and the map reads
// y as the loop found it, elsewhere the call writes y and allocates
// nothing. Overlapping by an offset, the loop runs as written. Also with a
// feedback input (x) beside the map's load, backward, at stride 2 and in
// integers. Floats against long double, integers exact; sizes that are not
// powers of two.
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
// RUN: %FileCheck %s --check-prefix=NOMEM < %t.nomem.err
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "Inputs/check.h"

#define N 50021

// ffmpeg's form: the input term a constant, materialized.
__attribute__((noinline)) float agc(float *out, const float *in, long n, float alpha, float g, float mem) {
  // REMARK-DAG: output-map-maybe-y.c:[[@LINE+1]]:{{.*}} input term materialized by a map, output an elementwise map of the state and of other arrays at its index; plan: check(other loads apart from y (a map's load: or exactly y)); ask(3 passes); buffer(where the map's load is y: the state, n elements; else y); map(t -> y); call({{.*}}) y->y in place; map(out = g(y, {{[a-z0-9]+}}))
  for (long i = 0; i < n; i++) {
    mem = alpha * mem + g;
    out[i] = in[i] * mem;
  }
  return mem;
}

// A gain smoothed toward a target (x), applied to another array.
__attribute__((noinline)) float smooth(float *out, const float *in, const float *target, long n, float a, float g) {
  // REMARK-DAG: output-map-maybe-y.c:[[@LINE+1]]:{{.*}} type f32, order 1, output an elementwise map of the state and of other arrays at its index; plan: check(x apart from y{{.*}}, other loads apart from y (a map's load: or exactly y)); ask(2 passes); buffer(where the map's load is y: the state, n elements; else y); call({{.*}}) x->y; map(out = g(y, {{[a-z0-9]+}}))
  for (long i = 0; i < n; i++) {
    g = a * g + (1 - a) * target[i];
    out[i] = in[i] * g;
  }
  return g;
}

// Backward: the anti-causal gain.
__attribute__((noinline)) void smooth_backward(float *out, const float *in, const float *target, long n, float a) {
  float g = 1;
  // REMARK-DAG: output-map-maybe-y.c:[[@LINE+1]]:{{.*}} call to plr_run_many: {{.*}} layout: y stride -1, x stride -1 (backward), output an elementwise map{{.*}}buffer(where the map's load is y: the state, n elements; else y)
  for (long i = n - 1; i >= 0; i--) {
    g = a * g + (1 - a) * target[i];
    out[i] = in[i] * g;
  }
}

// One channel of interleaved stereo, read and written at stride 2.
__attribute__((noinline)) void smooth_left(float *out, const float *in, const float *target, long n, float a) {
  float g = 0.5f;
  // REMARK-DAG: output-map-maybe-y.c:[[@LINE+1]]:{{.*}} call to plr_run_many: {{.*}} layout: y stride 2, x stride 1, output an elementwise map{{.*}}buffer(where the map's load is y: the state, n elements; else y)
  for (long i = 0; i < n; i++) {
    g = a * g + (1 - a) * target[i];
    out[2 * i] = in[2 * i] * g;
  }
}

// Integers: a running sum added to another array, exact.
__attribute__((noinline)) int32_t offset(int32_t *out, const int32_t *in, const int32_t *x, long n, int32_t s) {
  // REMARK-DAG: output-map-maybe-y.c:[[@LINE+1]]:{{.*}} signature (1: 1), type i32, order 1, output an elementwise map{{.*}}buffer(where the map's load is y: the state, n elements; else y)
  for (long i = 0; i < n; i++) {
    s += x[i];
    out[i] = 3 * in[i] + s;
  }
  return s;
}

// The load after the output's store (for another stored array): exactly y,
// it reads the state the loop has just stored, so only "apart" is taken.
__attribute__((noinline)) void after_store(float *out, float *z, const float *in, long n, float a) {
  float m = 0;
  // REMARK-DAG: output-map-maybe-y.c:[[@LINE+1]]:{{.*}} plan: check(other loads apart from y and {{[a-z0-9]+}}, {{[a-z0-9]+}} apart from y); ask(4 passes); map(t -> y); call({{.*}}) y->y in place; map({{[a-z0-9]+}} = g(y, {{[a-z0-9]+}})); map(out = g(y)) [
  for (long i = 0; i < n; i++) {
    m = a * m + 0.25f;
    out[i] = 2 * m;
    z[i] = in[i] * m;
  }
}

#define REF __attribute__((optnone, noinline))
REF static long double ref_agc(long double *out, const long double *in, long n, long double alpha, long double g,
                               long double mem) {
  for (long i = 0; i < n; i++)
    mem = alpha * mem + g, out[i] = in[i] * mem;
  return mem;
}
REF static long double ref_smooth(long double *out, const long double *in, const long double *target, long n,
                                  long double a, long double g) {
  for (long i = 0; i < n; i++)
    g = a * g + (1 - a) * target[i], out[i] = in[i] * g;
  return g;
}
REF static void ref_backward(long double *out, const long double *in, const long double *target, long n,
                             long double a) {
  long double g = 1;
  for (long i = n - 1; i >= 0; i--)
    g = a * g + (1 - a) * target[i], out[i] = in[i] * g;
}
REF static void ref_left(long double *out, const long double *in, const long double *target, long n, long double a) {
  long double g = 0.5L;
  for (long i = 0; i < n; i++)
    g = a * g + (1 - a) * target[i], out[2 * i] = in[2 * i] * g;
}
REF static void ref_after_store(long double *out, long double *z, const long double *in, long n, long double a) {
  long double m = 0;
  for (long i = 0; i < n; i++)
    m = a * m + 0.25L, out[i] = 2 * m, z[i] = in[i] * m;
}
REF static int32_t ref_offset(int32_t *out, const int32_t *in, const int32_t *x, long n, int32_t s) {
  for (long i = 0; i < n; i++)
    s = (int32_t)((uint32_t)s + (uint32_t)x[i]), out[i] = (int32_t)(3u * (uint32_t)in[i] + (uint32_t)s);
  return s;
}

int main(void) {
  float *buf = malloc(2 * N * sizeof *buf), *src = malloc(2 * N * sizeof *src), *target = malloc(N * sizeof *target);
  long double *lbuf = malloc(2 * N * sizeof *lbuf), *lsrc = malloc(2 * N * sizeof *lsrc),
              *ltarget = malloc(N * sizeof *ltarget);
  fill(target, ltarget, N);

  /* out == in: the state in a buffer; errno as the caller left it */
  fill(buf, lbuf, N);
  errno = 12345;
  float m = agc(buf, buf, N, 0.95f, 0.05f, 0.5f);
  const int errno_kept = errno == 12345;
  long double lm = ref_agc(lbuf, lbuf, N, 0.95L, 0.05L, 0.5L);
  printf("agc in place %s (state %s, errno %s)\n", verdict(worst(buf, lbuf, N)), state(m, lm),
         errno_kept ? "kept" : "CHANGED");
  /* apart: the call writes y */
  fill(buf, lbuf, N), fill(src, lsrc, N);
  m = agc(buf, src, N - 7, 0.9f, 0.1f, -0.25f);
  lm = ref_agc(lbuf, lsrc, N - 7, 0.9L, 0.1L, -0.25L);
  printf("agc apart %s (state %s)\n", verdict(worst(buf, lbuf, N)), state(m, lm));
  /* out one element behind in: the loop as written */
  fill(buf, lbuf, N);
  m = agc(buf, buf + 1, N - 1, 0.9f, 0.1f, 0.75f);
  lm = ref_agc(lbuf, lbuf + 1, N - 1, 0.9L, 0.1L, 0.75L);
  printf("agc overlapping %s (state %s)\n", verdict(worst(buf, lbuf, N)), state(m, lm));

  fill(buf, lbuf, N);
  float g = smooth(buf, buf, target, N - 3, 0.8f, 0.25f);
  long double lg = ref_smooth(lbuf, lbuf, ltarget, N - 3, 0.8L, 0.25L);
  printf("smooth in place %s (state %s)\n", verdict(worst(buf, lbuf, N)), state(g, lg));
  fill(buf, lbuf, N), fill(src, lsrc, N);
  g = smooth(buf, src, target, N, 0.7f, -0.5f);
  lg = ref_smooth(lbuf, lsrc, ltarget, N, 0.7L, -0.5L);
  printf("smooth apart %s (state %s)\n", verdict(worst(buf, lbuf, N)), state(g, lg));
  /* all three one array: x exactly y, the map's load exactly y */
  fill(buf, lbuf, N);
  g = smooth(buf, buf, buf, N - 11, 0.6f, 0.5f);
  lg = ref_smooth(lbuf, lbuf, lbuf, N - 11, 0.6L, 0.5L);
  printf("smooth all one %s (state %s)\n", verdict(worst(buf, lbuf, N)), state(g, lg));

  fill(buf, lbuf, N);
  smooth_backward(buf, buf, target, N - 1, 0.8f);
  ref_backward(lbuf, lbuf, ltarget, N - 1, 0.8L);
  printf("smooth_backward in place %s\n", verdict(worst(buf, lbuf, N)));
  fill(buf, lbuf, N), fill(src, lsrc, N);
  smooth_backward(buf, src, target, N - 2, 0.85f);
  ref_backward(lbuf, lsrc, ltarget, N - 2, 0.85L);
  printf("smooth_backward apart %s\n", verdict(worst(buf, lbuf, N)));

  fill(buf, lbuf, 2 * N);
  smooth_left(buf, buf, target, N, 0.75f);
  ref_left(lbuf, lbuf, ltarget, N, 0.75L);
  printf("smooth_left in place %s\n", verdict(worst(buf, lbuf, 2 * N)));
  /* the other channel of the same array: in = out + 1, apart lane by lane
   * only at a run-time stride; here the ranges meet, the loop runs */
  fill(buf, lbuf, 2 * N);
  smooth_left(buf, buf + 1, target, N - 1, 0.75f);
  ref_left(lbuf, lbuf + 1, ltarget, N - 1, 0.75L);
  printf("smooth_left other channel %s\n", verdict(worst(buf, lbuf, 2 * N)));

  /* after_store: in is out (the loop as written), then apart */
  float *zf = malloc(N * sizeof *zf);
  long double *lz = malloc(N * sizeof *lz);
  fill(buf, lbuf, N), fill(zf, lz, N);
  after_store(buf, zf, buf, N - 4, 0.9f);
  ref_after_store(lbuf, lz, lbuf, N - 4, 0.9L);
  printf("after_store in is out %s %s\n", verdict(worst(buf, lbuf, N)), verdict(worst(zf, lz, N)));
  fill(buf, lbuf, N), fill(zf, lz, N), fill(src, lsrc, N);
  after_store(buf, zf, src, N - 4, 0.9f);
  ref_after_store(lbuf, lz, lsrc, N - 4, 0.9L);
  printf("after_store apart %s %s\n", verdict(worst(buf, lbuf, N)), verdict(worst(zf, lz, N)));

  int32_t *xi = malloc(N * sizeof *xi), *yi = malloc(N * sizeof *yi), *ri = malloc(N * sizeof *ri),
          *ii = malloc(N * sizeof *ii);
  for (long i = 0; i < N; i++)
    xi[i] = (int32_t)(next() >> 4) | 1, yi[i] = ri[i] = (int32_t)next();
  int32_t s = offset(yi, yi, xi, N, 11), rs = ref_offset(ri, ri, xi, N, 11);
  long bad = s != rs;
  for (long i = 0; i < N; i++)
    bad += yi[i] != ri[i];
  printf("offset in place %s %lx\n", bad ? "BAD" : "ok", hash(yi, N));
  for (long i = 0; i < N; i++)
    yi[i] = ri[i] = (int32_t)next(), ii[i] = (int32_t)next();
  s = offset(yi, ii, xi, N - 5, -3), rs = ref_offset(ri, ii, xi, N - 5, -3);
  bad = s != rs;
  for (long i = 0; i < N; i++)
    bad += yi[i] != ri[i];
  printf("offset apart %s %lx\n", bad ? "BAD" : "ok", hash(yi, N));
  return 0;
}
// Two agc, three smooth, two smooth_backward, one smooth_left, one
// after_store, two offset calls; not the overlapping agc, the other
// channel, nor after_store with in == out.
// CALLS-COUNT-11: n={{[0-9]+}}
// CALLS-NOT: n={{[0-9]+}}
// With every allocation failing, only the calls that need no buffer: the
// apart ones (agc, smooth, smooth_backward, after_store, offset).
// NOMEM-COUNT-5: n={{[0-9]+}}
// NOMEM-NOT: n={{[0-9]+}}
