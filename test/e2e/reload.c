// Coefficients that the loop reloads on every iteration, because the output
// store might change them (a struct passed by pointer, no restrict): they
// are coefficients as long as their addresses are outside the output, which
// the versioning check tests. Writing the output over the struct itself must
// fall back to the original loop.
// REQUIRES: pass
// RUN: %clang -O2 -ffast-math %s -o %t.ref
// RUN: %t.ref > %t.ref.out
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -ffast-math -fpass-plugin=%plr-pass -Rpass=plr %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -o %t.plr 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: env PLR_VERBOSE=1 %t.plr > %t.plr.out 2> %t.plr.err
// RUN: diff %t.ref.out %t.plr.out
// RUN: %FileCheck %s --check-prefix=CALLS < %t.plr.err
#include <math.h>
#include <stdio.h>

struct biquad { float b0, b1, b2, a1, a2, x1, x2, y1, y2; };

__attribute__((noinline)) void biquad_df1(struct biquad *f, float *y, const float *x, long n) {
  float x1 = f->x1, x2 = f->x2, y1 = f->y1, y2 = f->y2;
  // REMARK: reload.c:[[@LINE+1]]:{{.*}} signature (*arg1, arg1[1], arg1[2]: -arg1[3], -arg1[4]), type f32, order 2
  for (long i = 0; i < n; i++) {
    float xn = x[i];
    float yn = f->b0 * xn + f->b1 * x1 + f->b2 * x2 - f->a1 * y1 - f->a2 * y2;
    x2 = x1, x1 = xn, y2 = y1, y1 = yn;
    y[i] = yn;
  }
  f->x1 = x1, f->x2 = x2, f->y1 = y1, f->y2 = y2;
}

int main(void) {
  static float x[5000], y[5000];
  for (int i = 0; i < 5000; i++) x[i] = (i * 37 % 101 - 50) / 50.0f;
  struct biquad f = {0.2f, 0.4f, 0.2f, -0.6f, 0.2f, 0.1f, 0.2f, 0.3f, 0.4f};
  biquad_df1(&f, y, x, 5000);
  double x1 = 0.1f, x2 = 0.2f, y1 = 0.3f, y2 = 0.4f, worst = 0;
  for (int i = 0; i < 5000; i++) {
    double yn = 0.2f * x[i] + 0.4f * x1 + 0.2f * x2 - -0.6f * y1 - 0.2f * y2;
    x2 = x1, x1 = x[i], y2 = y1, y1 = yn;
    worst = fmax(worst, fabs(yn - y[i]));
  }
  printf("separate %s\n", worst < 1e-4 && fabs(f.y1 - y1) < 1e-4 && f.x1 == x[4999] ? "ok" : "bad");

  /* the output runs over the struct: coefficients change as the loop runs */
  static float buf[200];
  struct biquad *g = (struct biquad *)buf;
  *g = (struct biquad){0.2f, 0.4f, 0.2f, -0.6f, 0.2f, 0, 0, 0, 0};
  biquad_df1(g, buf + 2, x, 100);
  long bits = 0;
  for (int i = 0; i < 102; i++) bits = bits * 31 + (long)(buf[i] * 1024);
  printf("aliased %ld\n", bits);
  return 0;
}

// CALLS-COUNT-1: n={{[0-9]+}}
// CALLS-NOT: n={{[0-9]+}}
