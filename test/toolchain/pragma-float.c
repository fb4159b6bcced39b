// The pragma is consent to reassociate: marked float and double loops are
// replaced without -ffast-math; the unmarked float loop is not. Results are
// checked against a long double reference, within the runtime's bound.
// REQUIRES: pass
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -fplugin=%plr-pragma -fpass-plugin=%plr-pass -Rpass=plr -Rpass-missed=plr %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -o %t 2>&1 | %FileCheck %s --implicit-check-not=warning:
// RUN: env PLR_VERBOSE=1 PLR_DEVICE=cpu PLR_THREADS=2 %t 2> %t.err | %FileCheck %s --check-prefix=OUT
// RUN: %FileCheck %s --check-prefix=CALLS < %t.err
// -Oz does not rotate loops; functions with a marked loop get it all the same.
// RUN: env PLR_PASS_MIN_N=64 %clang -Oz -fplugin=%plr-pragma -fpass-plugin=%plr-pass -Rpass=plr -c %s -o %t.oz.o 2>&1 | %FileCheck %s --check-prefix=OZ --implicit-check-not=warning:
// OZ-COUNT-2: remark: replaced
// OZ-NOT: remark: replaced
#include <math.h>
#include <stdio.h>

enum { N = 5000 };

static void ema_f(float *y, const float *x, int n, float a) {
  // CHECK-DAG: pragma-float.c:[[#@LINE+2]]:{{.*}} replaced {{.*}} type f32, order 1
#pragma plr recurrence
  for (int i = 1; i < n; i++)
    y[i] = a * x[i] + (1 - a) * y[i - 1];
}

static void lowpass_d(double *y, const double *x, int n) {
  // CHECK-DAG: pragma-float.c:[[#@LINE+2]]:{{.*}} replaced {{.*}} (0.04: 1.6, -0.64), type f64, order 2
#pragma plr recurrence
  for (int i = 2; i < n; i++)
    y[i] = 0.04 * x[i] + 1.6 * y[i - 1] - 0.64 * y[i - 2];
}

static void ema_unmarked(float *y, const float *x, int n, float a) {
  // CHECK-DAG: pragma-float.c:[[#@LINE+1]]:{{.*}} remark: floating-point recurrence {{.*}} not replaced
  for (int i = 1; i < n; i++)
    y[i] = a * x[i] + (1 - a) * y[i - 1];
}

int main(void) {
  static float x[N], y[N], z[N];
  static double xd[N], yd[N];
  static long double r[N], rd[N];
  for (int i = 0; i < N; i++)
    x[i] = (float)((i * 37) % 101) / 50.0f - 1.0f, xd[i] = x[i];
  y[0] = z[0] = x[0];
  yd[0] = yd[1] = 0;
  ema_f(y, x, N, 0.25f);
  ema_unmarked(z, x, N, 0.25f);
  lowpass_d(yd, xd, N);
  r[0] = x[0];
  rd[0] = rd[1] = 0;
  double ef = 0, ed = 0;
  for (int i = 1; i < N; i++) {
    r[i] = 0.25L * x[i] + 0.75L * r[i - 1];
    ef = fmax(ef, fabs((double)(y[i] - r[i])));
  }
  for (int i = 2; i < N; i++) {
    rd[i] = 0.04L * xd[i] + 1.6L * rd[i - 1] - 0.64L * rd[i - 2];
    ed = fmax(ed, fabs((double)(yd[i] - rd[i])));
  }
  // bound (2k+8)uH(T+BY) with H, T, Y small: a few hundred ulps at most
  printf("float %s, double %s\n", ef < 1e-4 ? "ok" : "WRONG", ed < 1e-12 ? "ok" : "WRONG");
  return 0;
}
// OUT: float ok, double ok
// CALLS-COUNT-2: n={{[0-9]+}}
// CALLS-NOT: n=
