// A loop carrying several independent recurrences that no one call plan
// takes together (each with a map, a materialized input term, a transposed
// state, another type...) is split into a loop per recurrence, and each is
// replaced alone. opus's stereo de-emphasis (two channels from two arrays,
// each stored as a map of its value into one interleaved array) is the
// model; its input pointers are loaded from an array, so a check before the
// loop tests that no channel's stores meet the other's reads (called with
// one input inside the output, the loop runs as written). A store that
// combines two states is not split. Integers are compared bit for bit with
// the untransformed program, floats with a double reference, and an
// overlapping call (the loop as written in both builds) by its bits; both
// builds must print the same.
// REQUIRES: pass
// RUN: %clang -O2 -ffast-math %s -o %t.ref
// RUN: %t.ref > %t.ref.out
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -ffast-math -g -fpass-plugin=%plr-pass -Rpass=plr -Rpass-missed=plr -Rpass-analysis=plr %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -o %t.plr 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: env PLR_VERBOSE=1 %t.plr > %t.plr.out 2> %t.plr.err
// RUN: diff %t.ref.out %t.plr.out
// RUN: %FileCheck %s --check-prefix=CALLS < %t.plr.err
// The parallel backend, forced on these arrays.
// RUN: env PLR_MIN_PARALLEL_N=1 PLR_THREADS=3 %t.plr > %t.par.out
// RUN: diff %t.ref.out %t.par.out
#include <math.h>
#include <stdio.h>

#define N 3001
#define VERY_SMALL 1e-30f

/* opus 1.3.1 celt_decoder.c deemphasis_stereo_simple(), float build */
__attribute__((noinline)) void stereo(float *in[], float *pcm, int n, const float coef0, float *mem) {
  float *__restrict x0 = in[0];
  float *__restrict x1 = in[1];
  float m0 = mem[0], m1 = mem[1];
  // REMARK-DAG: distributed.c:[[@LINE+3]]:{{.*}} the loop's 2 independent recurrences (no state read by another's update, each one's stores apart from every access of the others (2 pairs of ranges checked before the loop, which runs as written where they overlap)) are split into 2 loops, one per recurrence, each analyzed alone
  // REMARK-DAG: distributed.c:[[@LINE+2]]:{{.*}} replaced linear recurrence with a call to plr_run_many: signature (1: coef0), type f32, order 1, layout: y stride 2, x stride 2, input term materialized by a map, transposed states: {{.*}}map(out = g(y))
  // REMARK-DAG: distributed.c:[[@LINE+1]]:{{.*}} replaced linear recurrence with a call to plr_run_many: signature (1: coef0), type f32, order 1, layout: y stride 2, x stride 2, input term materialized by a map, transposed states: {{.*}}map(out = g(y))
  for (int j = 0; j < n; j++) {
    float tmp0 = x0[j] + VERY_SMALL + m0;
    float tmp1 = x1[j] + VERY_SMALL + m1;
    m0 = coef0 * tmp0;
    m1 = coef0 * tmp1;
    pcm[2 * j] = tmp0 * (1 / 32768.f);
    pcm[2 * j + 1] = tmp1 * (1 / 32768.f);
  }
  mem[0] = m0;
  mem[1] = m1;
}

/* Three recurrences of two types into separate arrays: a wrapping int
 * sum with a constant beside its input and a map, an unsigned first-order
 * filter, a double running mean's sum; all three states used after it. */
__attribute__((noinline)) long three(const int *restrict a, const unsigned *restrict b, const double *restrict d,
                                     int *restrict ya, unsigned *restrict yb, double *restrict yd, int n, unsigned c) {
  int s = 1;
  unsigned u = 2;
  double m = 0.5;
  // REMARK-DAG: distributed.c:[[@LINE+4]]:{{.*}} the loop's 3 independent recurrences {{.*}} are split into 3 loops
  // REMARK-DAG: distributed.c:[[@LINE+3]]:{{.*}} signature (1: 1), type i32, order 1, input term materialized by a map, output an elementwise map of the state
  // REMARK-DAG: distributed.c:[[@LINE+2]]:{{.*}} signature (1: c), type i32, order 1
  // REMARK-DAG: distributed.c:[[@LINE+1]]:{{.*}} signature (1: 1), type f64, order 1
  for (int i = 0; i < n; i++) {
    s += a[i] + 7;
    u = c * u + b[i];
    m += d[i];
    ya[i] = s ^ (s >> 3);
    yb[i] = u;
    yd[i] = m / (i + 1);
  }
  return (long)s * 31 + u + (long)m;
}

/* Not split: the second store combines both states (one group). */
__attribute__((noinline)) void joint(const int *restrict x, int *restrict y, int *restrict z, int n) {
  int s = 0, t = 0;
  // REMARK-DAG: distributed.c:[[@LINE+1]]:{{.*}} not replaced: the loop stores to memory other than the output array
  for (int i = 0; i < n; i++) {
    s += x[i];
    t = 3 * t + x[i];
    y[i] = s;
    z[i] = s - t;
  }
}

/* y and z may be one array (no restrict): split behind a check that the
 * two recurrences' stores are apart; called with z = y + 1 the check
 * fails and the loop runs as written. */
__attribute__((noinline)) void maybe(const int *restrict x, int *y, int *z, int n) {
  int s = 0, t = 0;
  // REMARK-DAG: distributed.c:[[@LINE+3]]:{{.*}} the loop's 2 independent recurrences {{.*}} (1 pair of ranges checked before the loop
  // REMARK-DAG: distributed.c:[[@LINE+2]]:{{.*}} signature (1: 1), type i32, order 1, output an elementwise map of the state
  // REMARK-DAG: distributed.c:[[@LINE+1]]:{{.*}} signature (1: 3), type i32, order 1, output an elementwise map of the state
  for (int i = 0; i < n; i++) {
    s += x[i];
    t = 3 * t + x[i];
    y[i] = s * 5;
    z[i] = t * 7;
  }
}

/* A recurrence beside a store of no recurrence at another index (z[2*i +
 * 1] = x[i] - 1: no map at the output's index): split, the recurrence's
 * copy replaced, the other store's loop as written after it; x, y and z
 * checked apart. Below the call threshold (PLR_PASS_MIN_N=64 here) the
 * loop as written, one pass. */
__attribute__((noinline)) void rec_copy(const int *x, int *y, int *z, long n) {
  int s = 5;
  // REMARK-DAG: distributed.c:[[@LINE+2]]:{{.*}} the loop's recurrence and its stores that read none (each one's stores apart from every access of the others (3 pairs of ranges checked before the loop, which runs as written where they overlap)) are split into 2 loops, one per recurrence and one for those stores, each analyzed alone (below 64 iterations, where no copy would call, the loop runs as written)
  // REMARK-DAG: distributed.c:[[@LINE+1]]:{{.*}} signature (1: 7), type i32, order 1; plan: check(x apart from y or exactly y)
  for (long i = 0; i < n; i++) {
    s = 7 * s + x[i];
    y[i] = s;
    z[2 * i + 1] = x[i] - 1;
  }
}

/* Two interleaved channels in place in one buffer, carried in registers:
 * split, a call each in place (a copy that falls back runs its own channel
 * only, which no call has touched). */
__attribute__((noinline)) void inplace2(float *buf, float a, float b, long n) {
  float l = 0, r = 0;
  // REMARK-DAG: distributed.c:[[@LINE+3]]:{{.*}} the loop's 2 independent recurrences {{.*}} are split into 2 loops
  // REMARK-DAG: distributed.c:[[@LINE+2]]:{{.*}} signature (1: a), type f32, order 1, layout: y stride 2, x stride 2; plan: ask(1 pass); call(1: a) y->y in place
  // REMARK-DAG: distributed.c:[[@LINE+1]]:{{.*}} signature (1: b), type f32, order 1, layout: y stride 2, x stride 2; plan: ask(1 pass); call(1: b) y->y in place
  for (long i = 0; i < n; i++) {
    l = a * l + buf[2 * i];
    r = b * r + buf[2 * i + 1];
    buf[2 * i] = l;
    buf[2 * i + 1] = r;
  }
}

static int close_to(double got, double want, double scale) { return fabs(got - want) <= 1e-4 * (scale + fabs(want)); }

static unsigned long hash(const void *v, size_t bytes, unsigned long h) {
  const unsigned char *p = v;
  for (size_t i = 0; i < bytes; i++)
    h = h * 1000003u ^ p[i];
  return h;
}

int main(void) {
  static float x0[N], x1[N], pcm[2 * N];
  static int a[N], ya[N], yz[N + 1];
  static unsigned b[N], yb[N];
  static double d[N], yd[N];
  unsigned r = 5;
  for (int i = 0; i < N; i++) {
    r = r * 1103515245u + 12345u;
    x0[i] = (float)((int)(r >> 8) % 20001 - 10000);
    x1[i] = (float)((int)(r >> 13) % 2001 - 1000);
    a[i] = (int)(r >> 4);
    b[i] = r | 1;
    d[i] = (double)((int)(r >> 10) % 1001) / 8;
  }
  /* blocks of 960 and a short one, the states carried */
  float mem[2] = {10.0f, -20.0f};
  double dm[2] = {10.0, -20.0}, scale = 0;
  int ok = 1;
  for (int bl = 0; bl < N; bl += 960) {
    int n = N - bl < 960 ? N - bl : 960;
    float *in[2] = {x0 + bl, x1 + bl};
    stereo(in, pcm + 2 * bl, n, 0.85f, mem);
    for (int c = 0; c < 2; c++)
      for (int j = 0; j < n; j++) {
        double t = (double)in[c][j] + 1e-30 + dm[c];
        dm[c] = 0.85 * t;
        scale = fmax(scale, fabs(t / 32768));
        ok &= close_to(pcm[2 * (bl + j) + c], t / 32768, scale);
      }
    for (int c = 0; c < 2; c++)
      ok &= close_to(mem[c], dm[c], scale * 32768);
  }
  printf("stereo %s\n", ok ? "ok" : "bad");
  /* the right channel read from the output itself: the check fails */
  for (int i = 0; i < 2 * N; i++)
    pcm[i] = (float)(i % 17);
  float *in2[2] = {x0, pcm + 7};
  stereo(in2, pcm, N / 2, 0.5f, mem);
  printf("stereo overlap %lx\n", hash(pcm, sizeof pcm, hash(mem, sizeof mem, 9)));
  /* two channels in place in pcm */
  for (int i = 0; i < 2 * N; i++)
    pcm[i] = (float)((i * 37) % 101 - 50);
  inplace2(pcm, 0.5f, -0.75f, N);
  double l = 0, rr = 0;
  ok = 1;
  scale = 0;
  for (int i = 0; i < N; i++) {
    l = 0.5 * l + (double)((2 * i * 37) % 101 - 50);
    rr = -0.75 * rr + (double)(((2 * i + 1) * 37) % 101 - 50);
    scale = fmax(scale, fmax(fabs(l), fabs(rr)));
    ok &= close_to(pcm[2 * i], l, scale) && close_to(pcm[2 * i + 1], rr, scale);
  }
  printf("inplace2 %s\n", ok ? "ok" : "bad");
  /* (d holds multiples of 1/8: the double sums are exact either way) */
  long t3 = three(a, b, d, ya, yb, yd, N, 2654435761u);
  unsigned long h = hash(ya, sizeof ya, 1);
  h = hash(yb, sizeof yb, h);
  printf("three %ld %lx", t3, h);
  double yd_sum = 0;
  for (int i = 0; i < N; i++)
    yd_sum += yd[i] * (i + 1);
  printf(" %.17g\n", yd_sum);
  joint(a, ya, yz, N);
  printf("joint %lx\n", hash(yz, sizeof yz, hash(ya, sizeof ya, 3)));
  for (int i = 0; i <= N; i++)
    yz[i] = i;
  maybe(a, yz, yz + 1, N);
  printf("maybe %lx\n", hash(yz, sizeof yz, 5));
  maybe(a, ya, yz, N);
  printf("maybe apart %lx\n", hash(yz, sizeof yz, hash(ya, sizeof ya, 7)));
  /* rec_copy: apart; short (the loop as written); z over y (the check
   * fails, as written) */
  static int zc[2 * N + 2];
  rec_copy(a, ya, zc, N);
  printf("rec_copy %lx\n", hash(zc, sizeof zc, hash(ya, sizeof ya, 11)));
  rec_copy(a + 7, ya, zc, 40);
  printf("rec_copy short %lx\n", hash(zc, sizeof zc, hash(ya, sizeof ya, 13)));
  for (int i = 0; i < N; i++)
    ya[i] = i;
  rec_copy(a, ya + 1, ya, N / 2 - 1);
  printf("rec_copy overlap %lx\n", hash(ya, sizeof ya, 17));
  return 0;
}

// main's own input loop (a generator with maps); the stereo blocks: two
// calls each (one per channel), the first output computed before the call
// (n - 1); none for the overlapping call; inplace2's two; three's three
// calls; maybe's two when its arrays are apart; rec_copy's one when long
// and apart.
// CALLS: plr: (1: 1103515245) i32 n=3001
// CALLS-COUNT-6: plr: (1: 0.85) f32 1 x n=959
// CALLS-COUNT-2: plr: (1: 0.85) f32 1 x n=120
// CALLS-NEXT: plr: (1: 0.5) f32 1 x n=3001 (x stride 2 dist 0, y stride 2 dist 0, in place)
// CALLS-NEXT: plr: (1: -0.75) f32 1 x n=3001 (x stride 2 dist 0, y stride 2 dist 0, in place)
// CALLS-NEXT: plr: (1: 1) i32 n=3001
// CALLS-NEXT: plr: (1: -1640531535) i32 n=3001
// CALLS-NEXT: plr: (1: 1) f64 n=3001
// CALLS-NEXT: plr: (1: 1) i32 n=3001
// CALLS-NEXT: plr: (1: 3) i32 n=3001
// CALLS-NEXT: plr: (1: 7) i32 n=3001
// CALLS-NOT: plr: (
