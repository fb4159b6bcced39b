// Several independent recurrences in one loop, a call each: two signatures over interleaved stereo
// (plr_run_many, one strided sequence each), two recurrences over separate arrays (plr_run each)
// in float and in 32-bit unsigned integers, one of them in place, three with histories in memory
// (one of order 2 with an input tap) the third strided. Against references written out:
// integers exact, floats against long double; random non-zero inputs at sizes 0, 1, 2, 3, 63, 64, 65,
// 1000, 100003. Arrays that alias (one recurrence's output the other's input, outputs overlapping,
// the first call exactly in place) fail the checks before the calls and run the original loop, which
// must still give the loop's answer (against the same loop compiled without optimization on a copy);
// exactly in place for the call made last is taken. A recurrence reading another's state is refused.
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
#include <string.h>
#define REF __attribute__((optnone, noinline))

// REMARK-DAG: separate-recurrences.c:[[@LINE+3]]:3: remark: replaced the loop's recurrences with one call each to plr_run_many: signature (1: {{.*}}) and (1: {{.*}}), type f32, order 1 and 1; 2 recurrences, one call each
__attribute__((noinline)) void stereo2(float *out, const float *in, long n, float a, float b, float *st) {
  float l = st[0], r = st[1];
  for (long i = 0; i < n; i++) {
    l = a * l + in[2 * i];
    r = b * r + in[2 * i + 1];
    out[2 * i] = l;
    out[2 * i + 1] = r;
  }
  st[0] = l, st[1] = r;
}
// REMARK-DAG: separate-recurrences.c:[[@LINE+3]]:3: remark: replaced the loop's recurrences with one call each to plr_run: signature (1: 0.9) and (1: 0.5), type f32, order 1 and 1
__attribute__((noinline)) void two(float *S1, const float *x, float *S2, const float *z, long n, float *f) {
  float s1 = f[0], s2 = f[1];
  for (long i = 0; i < n; i++) {
    s1 = 0.9f * s1 + x[i];
    S1[i] = s1;
    s2 = 0.5f * s2 + z[i];
    S2[i] = s2;
  }
  f[0] = s1, f[1] = s2;
}
// REMARK-DAG: separate-recurrences.c:[[@LINE+3]]:3: remark: replaced the loop's recurrences with one call each to plr_run: signature (1: 1) and (1: 3), type i32, order 1 and 1
__attribute__((noinline)) void two_int(uint32_t *A, const uint32_t *x, uint32_t *B, const uint32_t *z, long n) {
  uint32_t s1 = 7, s2 = 5;
  for (long i = 0; i < n; i++) {
    s1 = s1 + x[i];
    A[i] = s1;
    s2 = 3 * s2 + z[i];
    B[i] = s2;
  }
}
// One in place (y), called last.
// REMARK-DAG: separate-recurrences.c:[[@LINE+3]]:3: remark: replaced the loop's recurrences with one call each to plr_run: signature (1: 2) and (1: 1), type i32, order 1 and 1
__attribute__((noinline)) void in_place(uint32_t *y, uint32_t *B, const uint32_t *z, long n) {
  uint32_t s1 = 1, s2 = 2;
  for (long i = 0; i < n; i++) {
    s1 = 2 * s1 + y[i];
    y[i] = s1;
    s2 = s2 + z[i];
    B[i] = s2;
  }
}
// Three, with histories in memory (y and x), the third strided.
// REMARK-DAG: separate-recurrences.c:[[@LINE+2]]:3: remark: replaced the loop's recurrences with one call each to plr_run and plr_run_many: signature (1: 1), (1, 2: 3, 5) and (1: 7), type i32, order 1, 2 and 1; 3 recurrences, one call each
__attribute__((noinline)) void three(uint32_t *A, const uint32_t *x, uint32_t *B, const uint32_t *z, uint32_t *C, const uint32_t *w, long n) {
  for (long i = 2; i < n; i++) {
    A[i] = A[i - 1] + x[i];
    B[i] = 3 * B[i - 1] + 5 * B[i - 2] + z[i] + 2 * z[i - 1];
    C[2 * i] = 7 * C[2 * i - 2] + w[2 * i];
  }
}
REF static void ref_three(uint32_t *A, const uint32_t *x, uint32_t *B, const uint32_t *z, uint32_t *C, const uint32_t *w, long n) {
  for (long i = 2; i < n; i++)
    A[i] = A[i - 1] + x[i], B[i] = 3 * B[i - 1] + 5 * B[i - 2] + z[i] + 2 * z[i - 1], C[2 * i] = 7 * C[2 * i - 2] + w[2 * i];
}
// REMARK-DAG: separate-recurrences.c:[[@LINE+7]]:10: remark: recurrence not replaced: the loop stores several recurrences and one reads another's state
__attribute__((noinline)) void dependent(uint32_t *A, const uint32_t *x, uint32_t *B, long n) {
  uint32_t s1 = 0, s2 = 1;
  for (long i = 0; i < n; i++) {
    s1 = s1 + x[i];
    A[i] = s1;
    s2 = 3 * s2 + s1;
    B[i] = s2;
  }
}
// The call made last reads an input tap from memory (x0[i-1]): exactly in place the loop reads the
// y0[i-1] it wrote there, which a call over the original x cannot, so that case runs the loop.
// REMARK-DAG: separate-recurrences.c:[[@LINE+3]]:3: remark: replaced the loop's recurrences with one call each to plr_run: signature (1: 2) and (1, 1: -3), type i32, order 1 and 1
__attribute__((noinline)) void tapped(uint32_t *y1, const uint32_t *x1, uint32_t *y0, const uint32_t *x0, long n) {
  uint32_t s = 0;
  for (long i = 1; i < n; i++) {
    s = 2 * s + x1[i];
    y1[i] = s;
    y0[i] = x0[i] + x0[i - 1] - 3 * y0[i - 1];
  }
}
REF static void ref_tapped(uint32_t *y1, const uint32_t *x1, uint32_t *y0, const uint32_t *x0, long n) {
  uint32_t s = 0;
  for (long i = 1; i < n; i++)
    s = 2 * s + x1[i], y1[i] = s, y0[i] = x0[i] + x0[i - 1] - 3 * y0[i - 1];
}
REF static void ref_two_int(uint32_t *A, const uint32_t *x, uint32_t *B, const uint32_t *z, long n) {
  uint32_t s1 = 7, s2 = 5;
  for (long i = 0; i < n; i++)
    s1 = s1 + x[i], A[i] = s1, s2 = 3 * s2 + z[i], B[i] = s2;
}
REF static void ref_in_place(uint32_t *y, uint32_t *B, const uint32_t *z, long n) {
  uint32_t s1 = 1, s2 = 2;
  for (long i = 0; i < n; i++)
    s1 = 2 * s1 + y[i], y[i] = s1, s2 = s2 + z[i], B[i] = s2;
}
REF static void ref_dependent(uint32_t *A, const uint32_t *x, uint32_t *B, long n) {
  uint32_t s1 = 0, s2 = 1;
  for (long i = 0; i < n; i++)
    s1 = s1 + x[i], A[i] = s1, s2 = 3 * s2 + s1, B[i] = s2;
}

static uint32_t rng = 12345;
static uint32_t next(void) { return rng = rng * 1103515245u + 12345u; }
static float rnd(void) { return (float)((int)(next() >> 9) % 2001 - 1000) / 997.0f + 0.001f; } /* never 0 */
static long failures;
static void report(const char *what, long n, long bad) {
  if (bad) {
    printf("%s n=%ld BAD (%ld wrong)\n", what, n, bad);
    failures++;
  }
}

int main(void) {
  static const long sizes[] = {0, 1, 2, 3, 63, 64, 65, 1000, 100003};
  enum { MAX = 100003 };
  float *in = malloc(2 * MAX * sizeof *in), *out = malloc(2 * MAX * sizeof *out);
  float *x = malloc(MAX * sizeof *x), *z = malloc(MAX * sizeof *z);
  float *S1 = malloc(MAX * sizeof *S1), *S2 = malloc(MAX * sizeof *S2);
  uint32_t *ux = malloc(MAX * sizeof *ux), *uz = malloc(MAX * sizeof *uz);
  uint32_t *A = malloc(MAX * sizeof *A), *B = malloc(MAX * sizeof *B);
  uint32_t *wA = malloc(MAX * sizeof *wA), *wB = malloc(MAX * sizeof *wB);
  uint32_t *buf = malloc((8 * MAX + 16) * sizeof *buf), *wbuf = malloc((8 * MAX + 16) * sizeof *wbuf);
  for (unsigned si = 0; si < sizeof sizes / sizeof *sizes; si++) {
    const long n = sizes[si];
    for (long i = 0; i < 2 * n; i++)
      in[i] = rnd();
    for (long i = 0; i < n; i++)
      x[i] = rnd(), z[i] = rnd(), ux[i] = next() | 1, uz[i] = next() | 1;
    /* two signatures, interleaved */
    {
      float st[2] = {0.5f, -0.25f};
      long double l = 0.5L, r = -0.25L, worst = 0;
      const long double a = 0.9f, b = -0.7f;
      stereo2(out, in, n, 0.9f, -0.7f, st);
      for (long i = 0; i < n; i++) {
        l = a * l + in[2 * i], r = b * r + in[2 * i + 1];
        worst = fmaxl(worst, fmaxl(fabsl(out[2 * i] - l), fabsl(out[2 * i + 1] - r)));
      }
      worst = fmaxl(worst, fmaxl(fabsl(st[0] - l), fabsl(st[1] - r)));
      report("stereo2", n, !(worst < 1e-4L));
    }
    /* separate arrays, float: two one-poles */
    {
      float f[2] = {0.25f, 1.5f};
      long double s1 = 0.25L, s2 = 1.5L, worst = 0;
      two(S1, x, S2, z, n, f);
      for (long i = 0; i < n; i++) {
        s1 = (long double)0.9f * s1 + x[i], s2 = 0.5L * s2 + z[i];
        worst = fmaxl(worst, fmaxl(fabsl(S1[i] - s1), fabsl(S2[i] - s2)));
      }
      worst = fmaxl(worst, fmaxl(fabsl(f[0] - s1), fabsl(f[1] - s2)));
      report("two", n, !(worst < 1e-4L));
    }
    /* separate arrays, integers: exact */
    {
      long bad = 0;
      two_int(A, ux, B, uz, n);
      ref_two_int(wA, ux, wB, uz, n);
      for (long i = 0; i < n; i++)
        bad += (A[i] != wA[i]) + (B[i] != wB[i]);
      report("two_int", n, bad);
      memcpy(A, ux, n * sizeof *A), memcpy(wA, ux, n * sizeof *A);
      in_place(A, B, uz, n);
      ref_in_place(wA, wB, uz, n);
      for (long i = 0; i < n; i++)
        bad += (A[i] != wA[i]) + (B[i] != wB[i]);
      report("in_place", n, bad);
      dependent(A, ux, B, n);
      ref_dependent(wA, ux, wB, n);
      for (long i = 0; i < n; i++)
        bad += (A[i] != wA[i]) + (B[i] != wB[i]);
      report("dependent", n, bad);
    }
    /* three over one buffer: apart (taken), C exactly w (the last call in place: taken), B over A,
     * z is A, w over C (fall back) */
    {
      long span = 8 * n + 16;
      long cases[][6] = {{0, n, 2 * n, 3 * n, 4 * n, 6 * n + 4},
                         {0, n, 2 * n, 3 * n, 4 * n, 4 * n},
                         {0, n, 1, 3 * n, 4 * n, 6 * n + 4},
                         {0, n, 2 * n, 0, 4 * n, 6 * n + 4},
                         {0, n, 2 * n, 3 * n, 4 * n, 4 * n + 2}};
      for (unsigned c = 0; c < sizeof cases / sizeof *cases && span <= 8 * MAX + 16; c++) {
        for (long i = 0; i < span; i++)
          buf[i] = wbuf[i] = next() | 1;
        const long *o = cases[c];
        three(buf + o[0], buf + o[1], buf + o[2], buf + o[3], buf + o[4], buf + o[5], n);
        ref_three(wbuf + o[0], wbuf + o[1], wbuf + o[2], wbuf + o[3], wbuf + o[4], wbuf + o[5], n);
        long bad = 0;
        for (long i = 0; i < span; i++)
          bad += buf[i] != wbuf[i];
        report("three", n, bad);
      }
    }
    /* aliasing: the same calls on one buffer, against the reference on a copy */
    {
      for (long i = 0; i < 3 * n + 8 && i < 3 * MAX; i++)
        buf[i] = next() | 1;
      struct {
        const char *what;
        long a, x, b, z; /* offsets into buf */
      } cases[] = {
          {"B is x", 0, n, n, 2 * n},          /* the second's output the first's input: falls back */
          {"B over A", 0, n, 5, 2 * n},        /* the outputs overlap: falls back */
          {"A is x", 0, 0, n, 2 * n},          /* the first call exactly in place: falls back */
          {"z is B", 0, n, 2 * n, 2 * n},      /* the last call exactly in place: taken */
          {"z over A", 0, n, 2 * n, 3},        /* the second's input inside the first's output: falls back */
      };
      for (unsigned c = 0; c < sizeof cases / sizeof *cases; c++) {
        long span = 3 * n + 8 < 3 * MAX ? 3 * n + 8 : 3 * MAX;
        if (n + cases[c].b > span || n + cases[c].z > span)
          continue;
        memcpy(wbuf, buf, span * sizeof *buf);
        uint32_t *keep = malloc(span * sizeof *keep);
        memcpy(keep, buf, span * sizeof *buf);
        two_int(buf + cases[c].a, buf + cases[c].x, buf + cases[c].b, buf + cases[c].z, n);
        ref_two_int(wbuf + cases[c].a, wbuf + cases[c].x, wbuf + cases[c].b, wbuf + cases[c].z, n);
        long bad = 0;
        for (long i = 0; i < span; i++)
          bad += buf[i] != wbuf[i];
        report(cases[c].what, n, bad);
        memcpy(buf, keep, span * sizeof *buf);
        free(keep);
      }
    }
    /* the tapped recurrence called last: apart (taken), exactly in place (runs the loop) */
    {
      long cases[][4] = {{0, n, 2 * n, 3 * n}, {0, n, 2 * n, 2 * n}}; /* y1, x1, y0, x0 */
      for (unsigned c = 0; c < 2; c++) {
        for (long i = 0; i < 4 * n + 8; i++)
          buf[i] = next() | 1;
        memcpy(wbuf, buf, (4 * n + 8) * sizeof *buf);
        const long *o = cases[c];
        tapped(buf + o[0], buf + o[1], buf + o[2], buf + o[3], n);
        ref_tapped(wbuf + o[0], wbuf + o[1], wbuf + o[2], wbuf + o[3], n);
        long bad = 0;
        for (long i = 0; i < 4 * n + 8; i++)
          bad += buf[i] != wbuf[i];
        report(c ? "tapped in place" : "tapped", n, bad);
      }
    }
  }
  printf("%s (%ld failures)\n", failures ? "BAD" : "all ok", failures);
  return failures != 0;
}
// OK-NOT: BAD
// OK: all ok (0 failures)
// The calls at n = 100003 (and the random numbers' loops filling the aliasing cases' buffers): none
// for the aliasing cases that fall back, a call each for the last call exactly in place, none for the
// tapped recurrence in place.
// CALLS: plr: (1: 0.9) f32 1 x n=100003 (x stride 2 dist 0, y stride 2 dist 0) -> serial
// CALLS-NEXT: plr: (1: -0.7) f32 1 x n=100003 (x stride 2 dist 0, y stride 2 dist 0) -> serial
// CALLS-NEXT: plr: (1: 0.9) f32 n=100003 -> serial
// CALLS-NEXT: plr: (1: 0.5) f32 n=100003 -> serial
// CALLS-NEXT: plr: (1: 1) i32 n=100003 -> serial
// CALLS-NEXT: plr: (1: 3) i32 n=100003 -> serial
// CALLS-NEXT: plr: (1: 1) i32 n=100003 -> serial
// CALLS-NEXT: plr: (1: 2) i32 n=100003 -> serial
// CALLS-NEXT: plr: (1: 1103515245) i32 n=800040 -> serial
// CALLS-NEXT: plr: (1: 1) i32 n=100001 -> serial
// CALLS-NEXT: plr: (1, 2: 3, 5) i32 n=100001 -> serial
// CALLS-NEXT: plr: (1: 7) i32 1 x n=100001 (x stride 2 dist 0, y stride 2 dist 0) -> serial
// CALLS-NEXT: plr: (1: 1103515245) i32 n=800040 -> serial
// CALLS-NEXT: plr: (1: 1) i32 n=100001 -> serial
// CALLS-NEXT: plr: (1, 2: 3, 5) i32 n=100001 -> serial
// CALLS-NEXT: plr: (1: 7) i32 1 x n=100001 (x stride 2 dist 0, y stride 2 dist 0, in place) -> serial
// CALLS-NEXT: plr: (1: 1103515245) i32 n=800040 -> serial
// CALLS-NEXT: plr: (1: 1103515245) i32 n=800040 -> serial
// CALLS-NEXT: plr: (1: 1103515245) i32 n=800040 -> serial
// CALLS-NEXT: plr: (1: 1103515245) i32 n=300009 -> serial
// CALLS-NEXT: plr: (1: 1) i32 n=100003 -> serial
// CALLS-NEXT: plr: (1: 3) i32 n=100003 -> serial
// CALLS-NEXT: plr: (1: 1103515245) i32 n=400020 -> serial
// CALLS-NEXT: plr: (1: 2) i32 n=100002 -> serial
// CALLS-NEXT: plr: (1, 1: -3) i32 n=100002 -> serial
// CALLS-NEXT: plr: (1: 1103515245) i32 n=400020 -> serial
// CALLS-NOT: plr:
