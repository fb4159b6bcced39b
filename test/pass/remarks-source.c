// Remarks in the words of the source. With -g the signature names the
// parameters, variables and struct members the coefficients come from;
// without it the names the IR keeps (argN for a parameter, a field as an
// element of its pointer), never an IR register or a byte offset. The
// same with and without -ffast-math (which changes the IR: 1 - alpha
// becomes -alpha + 1).
// REQUIRES: pass
// RUN: %clang -O2 -g -fplugin=%plr-pragma -fpass-plugin=%plr-pass -Rpass=plr -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefixes=G,GSTRICT --implicit-check-not=%%
// RUN: %clang -O2 -g -ffast-math -fplugin=%plr-pragma -fpass-plugin=%plr-pass -Rpass=plr -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=G --implicit-check-not=%%
// RUN: %clang -O2 -fplugin=%plr-pragma -fpass-plugin=%plr-pass -Rpass=plr -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefixes=NOG,NOGSTRICT --implicit-check-not=%%
// RUN: %clang -O2 -ffast-math -fplugin=%plr-pragma -fpass-plugin=%plr-pass -Rpass=plr -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=NOG --implicit-check-not=%%
//
// -Rpass-missed: for floating point, the flags that do allow it.
// RUN: %clang -O2 -fassociative-math -fpass-plugin=%plr-pass -Rpass-missed=plr -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=CONSENT
// RUN: %clang -O2 -fassociative-math -fno-signed-zeros -fno-trapping-math -fpass-plugin=%plr-pass -Rpass=plr -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=ALLOWED
//
// -Rpass-analysis: source constructs and their lines, no IR.
// RUN: %clang -O2 -fpass-plugin=%plr-pass -Rpass-analysis=plr -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=ANALYSIS --implicit-check-not=%% --implicit-check-not="ptr "
// RUN: %clang -O2 -g -fpass-plugin=%plr-pass -Rpass-analysis=plr -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=ANALYSISG --implicit-check-not=%% --implicit-check-not="ptr "
#include <stdio.h>

typedef struct {
  float b0, b1, b2, a1, a2;
} biquad;

void ema(float *y, const float *x, int n, float alpha) {
  // G: remarks-source.c:[[@LINE+3]]:3: remark: replaced {{.*}} signature (alpha: 1 - alpha), type f32, order 1
  // NOG: remarks-source.c:[[@LINE+2]]:3: remark: replaced {{.*}} signature (arg4: 1 - arg4), type f32, order 1
#pragma plr recurrence
  for (int i = 1; i < n; i++)
    y[i] = alpha * x[i] + (1 - alpha) * y[i - 1];
}

void filter(const biquad *f, float *y, const float *x, int n) {
  // G: remarks-source.c:[[@LINE+3]]:3: remark: replaced {{.*}} signature (f->b0, f->b1, f->b2: -f->a1, -f->a2), type f32, order 2
  // NOG: remarks-source.c:[[@LINE+2]]:3: remark: replaced {{.*}} signature (*arg1, arg1[1], arg1[2]: -arg1[3], -arg1[4]), type f32, order 2
#pragma plr recurrence
  for (int i = 2; i < n; i++)
    y[i] = f->b0 * x[i] + f->b1 * x[i - 1] + f->b2 * x[i - 2] - f->a1 * y[i - 1] - f->a2 * y[i - 2];
}

struct stage {
  int id;
  struct {
    double gain, pole[2];
  } c;
};

void nested(const struct stage *s, double *y, const double *x, int n) {
  // G: remarks-source.c:[[@LINE+3]]:3: remark: replaced {{.*}} signature (s->c.gain: s->c.pole[0], s->c.pole[1]), type f64, order 2
  // NOG: remarks-source.c:[[@LINE+2]]:3: remark: replaced {{.*}} signature (arg1[1]: arg1[2], arg1[3]), type f64, order 2
#pragma plr recurrence
  for (int i = 2; i < n; i++)
    y[i] = s->c.gain * x[i] + s->c.pole[0] * y[i - 1] + s->c.pole[1] * y[i - 2];
}

#ifndef __FAST_MATH__ // (-ffast-math folds alpha into the loop body, which is not linear then)
void smoothing(float *y, const float *x, int n) {
  float alpha = 2.0f / (n + 1);
  // GSTRICT: remarks-source.c:[[@LINE+3]]:3: remark: replaced {{.*}} signature (alpha: 1 - alpha), type f32, order 1
  // NOGSTRICT: remarks-source.c:[[@LINE+2]]:3: remark: replaced {{.*}} signature (2/(float)(arg3 + 1): 1 - 2/(float)(arg3 + 1)), type f32, order 1
#pragma plr recurrence
  for (int i = 1; i < n; i++)
    y[i] = alpha * x[i] + (1 - alpha) * y[i - 1];
}
#endif

void fp(double *y, const double *x, int n, double a) {
  // CONSENT: remarks-source.c:[[@LINE+2]]:3: remark: floating-point recurrence (1: arg4) (f64) not replaced: parallel evaluation would reassociate floating-point operations; allow it for this loop with '#pragma plr recurrence', or for the whole file with -ffast-math or with -fassociative-math -fno-signed-zeros -fno-trapping-math together (clang ignores -fassociative-math alone)
  // ALLOWED: remarks-source.c:[[@LINE+1]]:3: remark: replaced {{.*}} signature (1: arg4), type f64
  for (int i = 1; i < n; i++)
    y[i] = x[i] + a * y[i - 1];
}

void noisy(long *y, const long *x, int n) {
  // ANALYSIS: remarks-source.c:[[@LINE+2]]:3: remark: candidate: the store to arg1[i] (line [[#@LINE+3]], column 10); the reason concerns the call to 'puts' (line [[#@LINE+5]], column 7)
  // ANALYSISG: remarks-source.c:[[@LINE+1]]:3: remark: candidate: the store to y[i] (line [[#@LINE+2]], column 10); the reason concerns the call to 'puts' (line [[#@LINE+4]], column 7)
  for (int i = 1; i < n; i++) {
    y[i] = x[i] + y[i - 1];
    if (y[i] > 100)
      printf("big\n");
  }
}

void square(long *y, const long *x, int n) {
  // ANALYSIS: remarks-source.c:[[@LINE+2]]:3: remark: candidate: the store to arg1[i] (line [[#@LINE+3]], column 10); the reason concerns the multiplication 'arg1[i - 1]*arg1[i - 1]' (line [[#@LINE+3]], column 28)
  // ANALYSISG: remarks-source.c:[[@LINE+1]]:3: remark: candidate: the store to y[i] (line [[#@LINE+2]], column 10); the reason concerns the multiplication 'y[i - 1]*y[i - 1]' (line [[#@LINE+2]], column 28)
  for (int i = 1; i < n; i++)
    y[i] = x[i] + y[i - 1] * y[i - 1];
}

void prefix(long *out, const long *in, int n) {
  // ANALYSIS: remarks-source.c:[[@LINE+2]]:3: remark: y is 'arg1', x is 'arg2' (a separate array); FIR length 1
  // ANALYSISG: remarks-source.c:[[@LINE+1]]:3: remark: y is 'out', x is 'in' (a separate array); FIR length 1
  for (int i = 1; i < n; i++)
    out[i] = in[i] + out[i - 1];
}
