// One fixed element stored on every iteration beside the output (`*last =
// s`, `st->last = s`, a map of the state at the last index): the call
// writes y, then the replacement stores the last iteration's value once,
// read from y[n-1] before an output map replaces the state there. Where the
// element lies inside y or inside x (the loop then reads what it wrote),
// or inside the struct member the loop reads its coefficient from, the check
// before the call sends the loop to its original form: the results are
// still right, and no call is made. n = 0 leaves the element untouched.
// Integers exact, floats against long double.
// REQUIRES: pass
// RUN: %clang -O2 -ffast-math %s -lm -o %t.ref
// RUN: %t.ref > %t.ref.out
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -ffast-math -fpass-plugin=%plr-pass -Rpass=plr %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -lm -o %t.plr 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -ffast-math -fpass-plugin=%plr-pass -Rpass-missed=plr -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=MISSED --allow-empty
// RUN: env PLR_VERBOSE=1 %t.plr > %t.plr.out 2> %t.plr.err
// RUN: diff %t.ref.out %t.plr.out
// RUN: %FileCheck %s --check-prefix=CALLS < %t.plr.err
// RUN: env PLR_DEVICE=cpu PLR_THREADS=3 %t.plr > %t.cpu.out
// RUN: diff %t.ref.out %t.cpu.out
// RUN: env PLR_DEVICE=no-such-device %t.plr > %t.fail.out 2>/dev/null
// RUN: diff %t.ref.out %t.fail.out
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "Inputs/check.h"

#define N 100003

// MISSED-NOT: not replaced


__attribute__((noinline)) void last_f(float *y, const float *x, float *last, long n, float a) {
  float s = 0.5f;
  // REMARK-DAG: fixed-element.c:[[@LINE+1]]:{{.*}} type f32, order 1, one fixed element written on every iteration, stored once after the call with the last iteration's value; plan: check(x apart from y or exactly y, [[E:[^ ]+]] apart from x and y); ask(1 pass); call({{.*}}) x->y; store([[E]] = y[n-1])
  for (long i = 0; i < n; i++) {
    s = x[i] + a * s;
    y[i] = s;
    *last = s;
  }
}

// The state also returned (from y_final); 64-bit integers, exact.
__attribute__((noinline)) int64_t last_i(int64_t *y, const int64_t *x, int64_t *last, long n) {
  int64_t s = 7;
  // REMARK-DAG: fixed-element.c:[[@LINE+1]]:{{.*}} signature (1: 3), type i64, order 1, one fixed element written on every iteration, stored once after the call with the last iteration's value; plan: check(x apart from y or exactly y, [[E:[^ ]+]] apart from x and y); ask(1 pass); call(1: 3) x->y; store([[E]] = y[n-1])
  for (long i = 0; i < n; i++) {
    s = x[i] + 3 * s;
    y[i] = s;
    *last = s;
  }
  return s;
}

// Through a struct pointer that may point anywhere: the coefficient is
// reloaded every iteration (y's stores may write it), so it is checked too.
struct filt {
  float a;
  float last;
  long count;
};
__attribute__((noinline)) void last_member(struct filt *st, float *y, const float *x, long n) {
  float s = 0;
  // REMARK-DAG: fixed-element.c:[[@LINE+1]]:{{.*}} type f32, order 1, one fixed element written on every iteration, stored once after the call with the last iteration's value; plan: check(x apart from y or exactly y, other loads apart from y and [[M:.*]], [[M]] apart from x and y); ask(1 pass); call({{.*}}) x->y; store([[M]] = y[n-1])
  for (long i = 0; i < n; i++) {
    s = x[i] + st->a * s;
    y[i] = s;
    st->last = s;
  }
}

// A map of the state and of another array at the last index, beside an
// array map; int32 exact.
__attribute__((noinline)) void last_map(int32_t *y, int32_t *env, int32_t *last, const int32_t *x, const int32_t *bias,
                                        long n) {
  int32_t s = 1;
  // REMARK-DAG: fixed-element.c:[[@LINE+1]]:{{.*}} signature (1: 3), type i32, order 1, one other array stored as an elementwise map of the output after the call, one fixed element written on every iteration, stored once after the call with the last iteration's value; plan: check(x apart from y or exactly y, other loads apart from y, [[Z:[a-z0-9]+]] and [[E:[^ ]+]], [[Z]] and [[E]] apart from x, y and each other); ask(2 passes); call(1: 3) x->y; store([[E]] = g(y, {{[a-z0-9]+}}) at n-1); map([[Z]] = g(y))
  for (long i = 0; i < n; i++) {
    s = 3 * s + x[i];
    y[i] = s;
    env[i] = s >> 2;
    *last = (s >> 3) + bias[i];
  }
}

// y stores a map of the state, the fixed element the state itself: it is
// read from y before the output map replaces it.
__attribute__((noinline)) void last_state(double *y, double *last, const double *x, long n, double a) {
  double s = 0;
  // REMARK-DAG: fixed-element.c:[[@LINE+1]]:{{.*}} type f64, order 1, output an elementwise map of the state, one fixed element written on every iteration, stored once after the call with the last iteration's value; plan: check(x apart from y or exactly y, [[E:[^ ]+]] apart from x and y); ask(2 passes); call({{.*}}) x->y; store([[E]] = y[n-1]); map(out = g(y))
  for (long i = 0; i < n; i++) {
    s = a * s + (1 - a) * x[i];
    y[i] = 2 * s + 1;
    *last = s;
  }
}

// Rows: each row's last state into last[r]. The nest is not one call (a
// fixed element per sequence); each row's loop is replaced with its store.
__attribute__((noinline)) void rows(long h, long w, int32_t *y, const int32_t *x, int32_t *last) {
  for (long r = 0; r < h; r++) {
    int32_t s = 0;
    // REMARK-DAG: fixed-element.c:[[@LINE+1]]:{{.*}} signature (1: 3), type i32, order 1, one fixed element written on every iteration, stored once after the call with the last iteration's value; plan: check(x apart from y or exactly y, [[L:.*]] apart from x and y); ask(1 pass); call(1: 3) x->y; store([[L]] = y[n-1])
    for (long c = 0; c < w; c++) {
      s = 3 * s + x[r * w + c];
      y[r * w + c] = s;
      last[r] = s;
    }
  }
}

// Values from before the loop: k stored once, 7 by the map loop (the state
// returned from the call's final values).
__attribute__((noinline)) int32_t flag_k(int32_t *y, int32_t *z, int32_t *flag, const int32_t *x, long n, int32_t k) {
  int32_t s = 0;
  // REMARK-DAG: fixed-element.c:[[@LINE+1]]:{{.*}} signature (1: 5), type i32, order 1, one other array stored as an elementwise map of the output after the call, one fixed element written on every iteration, stored once after the call with the last iteration's value; plan: check(x apart from y or exactly y, [[Z:[a-z0-9]+]] and [[F:[^ ]+]] apart from x, y and each other); ask(2 passes); call(1: 5) x->y; store([[F]] = {{[a-z0-9]+}}); map([[Z]] = 7)
  for (long i = 0; i < n; i++) {
    s = 5 * s + x[i];
    y[i] = s;
    z[i] = 7;
    *flag = k;
  }
  return s;
}

#define REF __attribute__((optnone, noinline))
/* last_f and last_member: the coefficient read from memory every
 * iteration, as last_member does (y may be over it) */
REF static void ref_last_f(long double *y, const long double *x, const long double *a, long double *last, long n,
                           long double s) {
  for (long i = 0; i < n; i++)
    s = x[i] + *a * s, y[i] = s, *last = s;
}
REF static int64_t ref_last_i(int64_t *y, const int64_t *x, int64_t *last, long n) {
  uint64_t s = 7;
  for (long i = 0; i < n; i++)
    s = (uint64_t)x[i] + 3u * s, y[i] = (int64_t)s, *last = (int64_t)s;
  return (int64_t)s;
}
REF static void ref_last_map(int32_t *y, int32_t *env, int32_t *last, const int32_t *x, const int32_t *bias, long n) {
  int32_t s = 1;
  for (long i = 0; i < n; i++) {
    s = (int32_t)(3u * (uint32_t)s + (uint32_t)x[i]);
    y[i] = s, env[i] = s >> 2, *last = (int32_t)((uint32_t)(s >> 3) + (uint32_t)bias[i]);
  }
}
REF static void ref_last_state(long double *y, long double *last, const double *x, long n, long double a) {
  long double s = 0;
  for (long i = 0; i < n; i++)
    s = a * s + (1 - a) * x[i], y[i] = 2 * s + 1, *last = s;
}
REF static int32_t ref_flag_k(int32_t *y, int32_t *z, int32_t *flag, const int32_t *x, long n, int32_t k) {
  int32_t s = 0;
  for (long i = 0; i < n; i++)
    s = (int32_t)(5u * (uint32_t)s + (uint32_t)x[i]), y[i] = s, z[i] = 7, *flag = k;
  return s;
}
REF static void ref_rows(long h, long w, int32_t *y, const int32_t *x, int32_t *last) {
  for (long r = 0; r < h; r++) {
    int32_t s = 0;
    for (long c = 0; c < w; c++)
      s = (int32_t)(3u * (uint32_t)s + (uint32_t)x[r * w + c]), y[r * w + c] = s, last[r] = s;
  }
}

static const long sizes[] = {0, 1, 2, 63, 64, 65, 1000, N};
#define NSIZES (long)(sizeof sizes / sizeof *sizes)

int main(void) {
  /* one buffer for y, the element and x, so that they can meet */
  float *buf = malloc((2 * N + 64) * sizeof *buf);
  long double *lbuf = malloc((2 * N + 64) * sizeof *lbuf);
  float *x = malloc(N * sizeof *x);
  long double *lx = malloc(N * sizeof *lx);
  for (long i = 0; i < N; i++)
    x[i] = unit(), lx[i] = x[i];
  const long double a9 = 0.9L, a75 = 0.75L;

  for (long k = 0; k < NSIZES; k++) {
    long n = sizes[k];
    for (long i = 0; i < 2 * N + 64; i++)
      buf[i] = unit(), lbuf[i] = buf[i];
    float last = 99.0f;
    long double rlast = 99.0L;
    last_f(buf, x, &last, n, 0.9f);
    ref_last_f(lbuf, lx, &a9, &rlast, n, 0.5L);
    printf("last_f n=%ld %s\n", n, verdict(fmaxl(worst(buf, lbuf, n), rel(last, rlast))));
  }
  /* the element inside y (every iteration after the fifth writes y[5]
   * through it), just past y (apart: the call runs), inside x (the loop
   * reads x[7] after writing it): the loop runs as written where they
   * meet */
  long offsets[] = {5, N, N + 8 + 7};
  for (int k = 0; k < 3; k++) {
    float *xs = buf + N + 8;
    long double *lxs = lbuf + N + 8;
    for (long i = 0; i < 2 * N + 64; i++)
      buf[i] = unit(), lbuf[i] = buf[i];
    last_f(buf, xs, buf + offsets[k], N - 16, 0.9f);
    ref_last_f(lbuf, lxs, &a9, lbuf + offsets[k], N - 16, 0.5L);
    printf("last_f element at %ld %s\n", offsets[k], verdict(worst(buf, lbuf, 2 * N + 64)));
  }

  int64_t *x64 = malloc(N * sizeof *x64), *y64 = malloc((N + 8) * sizeof *y64), *ry64 = malloc((N + 8) * sizeof *ry64);
  for (long i = 0; i < N; i++)
    x64[i] = (int64_t)next() << 9 | 1;
  for (long k = 0; k < NSIZES; k++) {
    long n = sizes[k];
    for (long i = 0; i < N + 8; i++)
      y64[i] = ry64[i] = (int64_t)next();
    int64_t last = -5, rlast = -5;
    int64_t s = last_i(y64, x64, &last, n), rs = ref_last_i(ry64, x64, &rlast, n);
    long bad = s != rs || last != rlast;
    for (long i = 0; i < N + 8; i++)
      bad += y64[i] != ry64[i];
    printf("last_i n=%ld %s %lld\n", n, bad ? "BAD" : "ok", (long long)last);
  }
  /* the element is y[5]: the loop runs as written */
  {
    for (long i = 0; i < N + 8; i++)
      y64[i] = ry64[i] = (int64_t)next();
    int64_t s = last_i(y64, x64, y64 + 5, N), rs = ref_last_i(ry64, x64, ry64 + 5, N);
    long bad = s != rs;
    for (long i = 0; i < N + 8; i++)
      bad += y64[i] != ry64[i];
    printf("last_i element in y %s\n", bad ? "BAD" : "ok");
  }

  struct filt st = {0.75f, 42.0f, 3};
  for (long k = 0; k < NSIZES; k++) {
    long n = sizes[k];
    for (long i = 0; i < N; i++)
      buf[i] = unit(), lbuf[i] = buf[i];
    st.last = 42.0f;
    long double rlast = 42.0L;
    last_member(&st, buf, x, n);
    ref_last_f(lbuf, lx, &a75, &rlast, n, 0);
    printf("last_member n=%ld %s %ld\n", n, verdict(fmaxl(worst(buf, lbuf, n), rel(st.last, rlast))), st.count);
  }
  /* y over the struct's coefficient: y[0] is st->a, so the loop's later
   * iterations read the coefficient it wrote: it runs as written */
  {
    float *ys = malloc((N + 8) * sizeof *ys);
    long double *lys = malloc((N + 8) * sizeof *lys);
    for (long i = 0; i < N + 8; i++)
      ys[i] = unit(), lys[i] = ys[i];
    struct filt *alias = (struct filt *)ys;
    ys[0] = 0.5f, lys[0] = 0.5L;
    last_member(alias, ys, x, 1000);
    ref_last_f(lys, lx, lys, lys + 1, 1000, 0);
    printf("last_member over y %s\n", verdict(worst(ys, lys, N + 8)));
    free(ys);
    free(lys);
  }

  int32_t *xi = malloc(N * sizeof *xi), *bias = malloc(N * sizeof *bias);
  int32_t *yi = malloc((N + 8) * sizeof *yi), *env = malloc(N * sizeof *env);
  int32_t *ryi = malloc((N + 8) * sizeof *ryi), *renv = malloc(N * sizeof *renv);
  for (long i = 0; i < N; i++)
    xi[i] = (int32_t)(next() >> 3) | 1, bias[i] = ((int32_t)(next() % 201) - 100) | 1;
  for (long k = 0; k < NSIZES; k++) {
    long n = sizes[k];
    int32_t last = 17, rlast = 17;
    last_map(yi, env, &last, xi, bias, n);
    ref_last_map(ryi, renv, &rlast, xi, bias, n);
    long bad = last != rlast;
    for (long i = 0; i < n; i++)
      bad += yi[i] != ryi[i] || env[i] != renv[i];
    printf("last_map n=%ld %s %d\n", n, bad ? "BAD" : "ok", last);
  }
  /* the element is bias[n-1], which the map reads: the loop runs as written */
  {
    int32_t *b2 = malloc(N * sizeof *b2), *rb2 = malloc(N * sizeof *rb2);
    for (long i = 0; i < N; i++)
      b2[i] = rb2[i] = bias[i];
    last_map(yi, env, b2 + N - 1, xi, b2, N);
    ref_last_map(ryi, renv, rb2 + N - 1, xi, rb2, N);
    long bad = 0;
    for (long i = 0; i < N; i++)
      bad += yi[i] != ryi[i] || env[i] != renv[i] || b2[i] != rb2[i];
    printf("last_map element in bias %s\n", bad ? "BAD" : "ok");
    free(b2);
    free(rb2);
  }

  double *xd = malloc(N * sizeof *xd), *yd = malloc((N + 8) * sizeof *yd);
  long double *ryd = malloc((N + 8) * sizeof *ryd);
  for (long i = 0; i < N; i++)
    xd[i] = unit();
  for (long k = 0; k < NSIZES; k++) {
    long n = sizes[k];
    double last = -1;
    long double rlast = -1, w = 0;
    last_state(yd, &last, xd, n, 0.875);
    ref_last_state(ryd, &rlast, xd, n, 0.875L);
    for (long i = 0; i < n; i++)
      w = fmaxl(w, rel(yd[i], ryd[i]));
    printf("last_state n=%ld %s\n", n, w + rel(last, rlast) < 1e-9L ? "ok" : "BAD");
  }
  /* the element is y[3] */
  {
    for (long i = 0; i < N + 8; i++)
      yd[i] = unit(), ryd[i] = yd[i];
    last_state(yd, yd + 3, xd, N, 0.875);
    ref_last_state(ryd, ryd + 3, xd, N, 0.875L);
    long double w = 0;
    for (long i = 0; i < N + 8; i++)
      w = fmaxl(w, rel(yd[i], ryd[i]));
    printf("last_state element in y %s\n", w < 1e-9L ? "ok" : "BAD");
  }

  for (long k = 0; k < NSIZES; k++) {
    long n = sizes[k];
    int32_t flag = -3, rflag = -3;
    for (long i = 0; i < N + 8; i++)
      yi[i] = ryi[i] = (int32_t)next();
    int32_t *zi = malloc(N * sizeof *zi), *rzi = malloc(N * sizeof *rzi);
    for (long i = 0; i < N; i++)
      zi[i] = rzi[i] = (int32_t)next();
    int32_t s = flag_k(yi, zi, &flag, xi, n, 11), rs = ref_flag_k(ryi, rzi, &rflag, xi, n, 11);
    long bad = s != rs || flag != rflag;
    for (long i = 0; i < N; i++)
      bad += yi[i] != ryi[i] || zi[i] != rzi[i];
    printf("flag_k n=%ld %s %d\n", n, bad ? "BAD" : "ok", flag);
    free(zi);
    free(rzi);
  }

  /* 37 rows of 2701, the last states into last[]; then last inside y */
  enum { H = 37, W = 2701 };
  int32_t *yy = malloc(H * W * sizeof *yy), *ryy = malloc(H * W * sizeof *ryy);
  int32_t lasts[H], rlasts[H];
  rows(H, W, yy, xi, lasts);
  ref_rows(H, W, ryy, xi, rlasts);
  long bad = 0;
  for (long i = 0; i < H * W; i++)
    bad += yy[i] != ryy[i];
  for (long r = 0; r < H; r++)
    bad += lasts[r] != rlasts[r];
  printf("rows %s %d\n", bad ? "BAD" : "ok", lasts[H - 1]);
  rows(H, W, yy, xi, yy + 2 * W + 5);
  ref_rows(H, W, ryy, xi, ryy + 2 * W + 5);
  bad = 0;
  for (long i = 0; i < H * W; i++)
    bad += yy[i] != ryy[i];
  printf("rows last inside y %s\n", bad ? "BAD" : "ok");
  return 0;
}
// last_f at 64, 65, 1000 and N, and with the element just past y (5);
// last_i, last_member, last_map, last_state and flag_k at the four sizes
// (20); the 37 rows, then again with last[] inside row 2: every row but
// row 2 (36).
// CALLS-COUNT-98: n={{[0-9]+}}
// CALLS-NOT: n={{[0-9]+}}
