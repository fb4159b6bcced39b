// Outputs that add the input to the state: a PI controller (integ += ki*e;
// u = kp*e + integ) and a leaky integrator with a feed-through. The output
// is one recurrence over e, (alpha0*Gamma + delta0*B) / B; the state, when
// used after the loop, is y[n-1] - delta0*e[n-1]. Integers exact, doubles
// against long double. In float the combined coefficients would round apart
// (kp + ki next to -kp): the state is the call's (ki: 1) and the output a map
// after it, u[i] = kp*e[i] + y[i] (the map reads e, so e must lie apart from
// u). A controller that also logs its state (integ_log[i] = integ) is the
// same call into the log, with u the map: in integers and in float.
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
// REMARK-DAG: controller.c:[[@LINE+2]]:{{.*}} signature ([[KI:[a-z0-9]+]]: 1), type f32, order 1, output an elementwise map of the state and of other arrays at its index; plan: check(x apart from y); ask(2 passes); call([[KI]]: 1) x->y; map(out = g(y, {{[a-z0-9]+}}))
__attribute__((noinline)) float pi_float(float *u, const float *e, long n, float kp, float ki, float integ) {
  for (long i = 0; i < n; i++) {
    integ += ki * e[i];
    u[i] = kp * e[i] + integ;
  }
  return integ;
}
// REMARK-DAG: controller.c:[[@LINE+2]]:{{.*}} signature (1: 1), type i32, order 1, one other array stored as an elementwise map of the output after the call; plan: check(x apart from y, [[U:[a-z0-9]+]] apart from x and y); ask(2 passes); call(1: 1) x->y; map([[U]] = g(y, {{[a-z0-9]+}}))
__attribute__((noinline)) int32_t pi_log_int(int32_t *u, int32_t *integ_log, const int32_t *e, long n, int32_t kp, int32_t integ) {
  for (long i = 0; i < n; i++) {
    integ += e[i];
    u[i] = kp * e[i] + integ;
    integ_log[i] = integ;
  }
  return integ;
}
// REMARK-DAG: controller.c:[[@LINE+2]]:{{.*}} signature ({{[a-z0-9]+}}: 1), type f32, order 1, one other array stored as an elementwise map of the output after the call; plan: check(x apart from y, [[UF:[a-z0-9]+]] apart from x and y); ask(2 passes); call({{[a-z0-9]+}}: 1) x->y; map([[UF]] = g(y, {{[a-z0-9]+}}))
__attribute__((noinline)) float pi_log_float(float *u, float *integ_log, const float *e, long n, float kp, float ki, float integ) {
  for (long i = 0; i < n; i++) {
    integ += ki * e[i];
    u[i] = kp * e[i] + integ;
    integ_log[i] = integ;
  }
  return integ;
}
#define REF __attribute__((optnone, noinline))
REF static int32_t ref_pi_int(int32_t *u, const int32_t *e, long n, int32_t kp, int32_t integ) {
  for (long i = 0; i < n; i++)
    integ = (int32_t)((uint32_t)integ + (uint32_t)e[i]), u[i] = (int32_t)((uint32_t)kp * (uint32_t)e[i] + (uint32_t)integ);
  return integ;
}
REF static long double ref_pi_float(long double *u, long double *integ_log, const float *e, long n, long double kp,
                                   long double ki, long double integ) {
  for (long i = 0; i < n; i++)
    integ += ki * e[i], u[i] = kp * e[i] + integ, integ_log[i] = integ;
  return integ;
}
/* The largest error of a float output against its long double reference,
 * relative to 1 + |reference| (the tolerance of the project's float tests). */
static long double worst_f(const float *got, const long double *ref, long n) {
  long double w = 0;
  for (long i = 0; i < n; i++)
    w = fmaxl(w, fabsl(got[i] - ref[i]) / (1 + fabsl(ref[i])));
  return w;
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
  long double *rfu = malloc(N * sizeof *rfu), *rflog = malloc(N * sizeof *rflog);
  float s3 = pi_float(uf, ef, N, 0.5f, 0.01f, 0.25f);
  long double rs3 = ref_pi_float(rfu, rflog, ef, N, 0.5L, 0.01f, 0.25L);
  long double w3 = fmaxl(worst_f(uf, rfu, N), fabsl(s3 - rs3) / (1 + fabsl(rs3)));
  printf("pi_float %s\n", w3 <= 1e-3L ? "ok" : "BAD");
  /* with the state logged too; then e overlapping u by an offset: the loop runs */
  int32_t *lg = malloc(N * sizeof *lg);
  int32_t s4 = pi_log_int(u, lg, e, N, 3, 7), rs4 = ref_pi_int(ru, e, N, 3, 7);
  long bad4 = s4 != rs4;
  for (long i = 0; i < N; i++)
    bad4 += u[i] != ru[i] || lg[i] != (int32_t)((uint32_t)ru[i] - 3u * (uint32_t)e[i]);
  printf("pi_log_int %s\n", bad4 ? "BAD" : "ok");
  float *lgf = malloc(N * sizeof *lgf);
  float s5 = pi_log_float(uf, lgf, ef, N, 0.5f, 0.01f, 0.25f);
  long double w5 = fmaxl(fmaxl(worst_f(uf, rfu, N), worst_f(lgf, rflog, N)), fabsl(s5 - rs3) / (1 + fabsl(rs3)));
  printf("pi_log_float %s\n", w5 <= 1e-3L ? "ok" : "BAD");
  for (long i = 0; i < N; i++)
    ef[i] = (float)ed[i];
  float *uo = ef + 5; /* u[i] is e[i + 5]: the map would read what the maps wrote */
  rs3 = ref_pi_float(rfu, rflog, ef, N - 5, 0.5L, 0.01f, 0.25L);
  pi_log_float(uo, lgf, ef, N - 5, 0.5f, 0.01f, 0.25f);
  long double w6 = 0, e6 = 0.25L;
  for (long i = 0; i < N - 5; i++) {
    e6 += 0.01f * (i >= 5 ? (long double)uo[i - 5] : (long double)(float)ed[i]);
    w6 = fmaxl(w6, fabsl(lgf[i] - e6) / (1 + fabsl(e6)));
  }
  printf("pi_log_float overlapping %s\n", w6 <= 1e-3L ? "ok" : "BAD");
  return bad || s1 != rs1 || !(worst < 1e-9L) || !(w3 <= 1e-3L) || bad4 || !(w5 <= 1e-3L) || !(w6 <= 1e-3L);
}
// OK: pi_int ok (0 wrong, state equal)
// OK: leaky ok
// OK: pi_float ok
// OK: pi_log_int ok
// OK: pi_log_float ok
// OK: pi_log_float overlapping ok
// (main's generator loop, stored through maps into three arrays, is one of them)
// CALLS-COUNT-6: -> serial
// CALLS-NOT: -> serial
