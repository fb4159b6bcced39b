// Outputs that add the input to the state: a PI controller (integ += ki*e;
// u = kp*e + integ) and a leaky integrator with a feed-through. The output
// is one recurrence over e, (alpha0*Gamma + delta0*B) / B; the state, when
// used after the loop, is y[n-1] - delta0*e[n-1]. Integers exact, doubles
// against long double. In float the combined coefficients would round apart
// (kp + ki next to -kp): refused with that reason, the loop runs as written.
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
// REMARK-DAG: controller.c:[[@LINE+2]]:{{.*}} replaced linear recurrence with a call to plr_run: signature (1 + {{.*}}), type i32, order 1, output a linear function of the state
__attribute__((noinline)) int32_t pi_int(int32_t *u, const int32_t *e, long n, int32_t kp, int32_t integ) {
  for (long i = 0; i < n; i++) {
    integ += e[i];
    u[i] = kp * e[i] + integ;
  }
  return integ;
}
// REMARK-DAG: controller.c:[[@LINE+3]]:{{.*}} type f64, order 1, output a linear function of the state
__attribute__((noinline)) double leaky(double *u, const double *e, long n, double a, double c) {
  double s = 0.5;
  for (long i = 0; i < n; i++) {
    s = a * s + e[i];
    u[i] = s + c * e[i];
  }
  return s;
}
// REMARK-DAG: controller.c:[[@LINE+2]]:{{.*}} recurrence not replaced: the output adds the input to a float state
__attribute__((noinline)) float pi_float(float *u, const float *e, long n, float kp, float ki, float integ) {
  for (long i = 0; i < n; i++) {
    integ += ki * e[i];
    u[i] = kp * e[i] + integ;
  }
  return integ;
}
#define REF __attribute__((optnone, noinline))
REF static int32_t ref_pi_int(int32_t *u, const int32_t *e, long n, int32_t kp, int32_t integ) {
  for (long i = 0; i < n; i++)
    integ = (int32_t)((uint32_t)integ + (uint32_t)e[i]), u[i] = (int32_t)((uint32_t)kp * (uint32_t)e[i] + (uint32_t)integ);
  return integ;
}
REF static long double ref_leaky(long double *u, const double *e, long n, long double a, long double c) {
  long double s = 0.5;
  for (long i = 0; i < n; i++)
    s = a * s + e[i], u[i] = s + c * e[i];
  return s;
}
int main(void) {
  enum { N = 100003 };
  int32_t *e = malloc(N * sizeof *e), *u = malloc(N * sizeof *u), *ru = malloc(N * sizeof *ru);
  double *ed = malloc(N * sizeof *ed), *ud = malloc(N * sizeof *ud);
  long double *rd = malloc(N * sizeof *rd);
  float *ef = malloc(N * sizeof *ef), *uf = malloc(N * sizeof *uf);
  uint32_t r = 99;
  for (long i = 0; i < N; i++) {
    r = r * 1103515245u + 12345u;
    e[i] = (int32_t)(r >> 3) | 1, ed[i] = ((int)(r >> 9) % 2001 - 1000) / 997.0 + 0.001, ef[i] = (float)ed[i];
  }
  int32_t s1 = pi_int(u, e, N, 3, 7), rs1 = ref_pi_int(ru, e, N, 3, 7);
  long bad = 0;
  for (long i = 0; i < N; i++)
    bad += u[i] != ru[i];
  printf("pi_int %s (%ld wrong, state %s)\n", bad ? "BAD" : "ok", bad, s1 == rs1 ? "equal" : "DIFFERENT");
  double s2 = leaky(ud, ed, N, 0.9, 0.3);
  long double rs2 = ref_leaky(rd, ed, N, 0.9, 0.3), worst = fabsl(s2 - rs2);
  for (long i = 0; i < N; i++)
    worst = fmaxl(worst, fabsl(ud[i] - rd[i]));
  printf("leaky %s (max error %.2Lg)\n", worst < 1e-9L ? "ok" : "BAD", worst);
  float s3 = pi_float(uf, ef, N, 0.5f, 0.01f, 0.25f);
  printf("pi_float state %s\n", s3 == s3 ? "finite" : "BAD");
  return bad || s1 != rs1 || !(worst < 1e-9L);
}
// OK: pi_int ok (0 wrong, state equal)
// OK: leaky ok
// OK: pi_float state finite
// CALLS-COUNT-2: -> serial
