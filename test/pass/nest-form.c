// A loop replaced in a form that a call for the whole nest does not take
// yet (interleaved channels, separate recurrences, a run-time order) inside
// an outer loop: one call each time the loop runs, and an analysis remark
// at the loop names why the nest is not one call (NestForm). e2e
// forms-in-nests.c runs two of them.
// REQUIRES: pass
// RUN: %clang -O2 -ffast-math -fpass-plugin=%plr-pass -Rpass=plr -Rpass-analysis=plr -c %s -o /dev/null 2>&1 | %FileCheck %s
// RUN: %clang -O2 -ffast-math -fpass-plugin=%plr-pass -S -emit-llvm %s -o - | %FileCheck %s --check-prefix=IR

// IR-LABEL: define {{.*}} @stereo_frames.plr.call(
// IR: call i32 @plr_run_many(
void stereo_frames(int nf, int n, float a, const float *x, float *y) {
  for (int f = 0; f < nf; f++) {
    float l = 0, r = 0;
    // CHECK: nest-form.c:[[@LINE+2]]:{{.*}} replaced the loop's recurrences with one call to plr_run_many: {{.*}}2 interleaved channels
    // CHECK: nest-form.c:[[@LINE+1]]:{{.*}} the loop around it is not part of the call (one call per sequence): the loop is replaced as interleaved channels, separate recurrences or a recurrence of run-time order, forms a call for the whole nest does not take yet (one call each time the loop runs)
    for (int i = 0; i < n; i++) {
      l = a * l + x[2 * n * f + 2 * i];
      y[2 * n * f + 2 * i] = l;
      r = a * r + x[2 * n * f + 2 * i + 1];
      y[2 * n * f + 2 * i + 1] = r;
    }
  }
}

// Two recurrences of their own arrays, a call each, in each block.
void two_per_block(int nb, int n, const float *x0, const float *x1, float *y0, float *y1) {
  for (int b = 0; b < nb; b++) {
    float s = 0, t = 0;
    // CHECK: nest-form.c:[[@LINE+2]]:{{.*}} replaced the loop's recurrences with one call each
    // CHECK: nest-form.c:[[@LINE+1]]:{{.*}} the loop around it is not part of the call (one call per sequence): the loop is replaced as interleaved channels, separate recurrences
    for (int i = 0; i < n; i++) {
      s = 0.5f * s + x0[b * n + i];
      y0[b * n + i] = s;
      t = 0.25f * t + x1[b * n + i];
      y1[b * n + i] = t;
    }
  }
}

// An LPC synthesis filter of run-time order over frames.
void lpc_frames(int nf, int n, int p, const float *a, float *y) {
  for (int f = 0; f < nf; f++) {
    float *yf = y + f * (n + 32) + 32;
    // CHECK: nest-form.c:[[@LINE+2]]:{{.*}} replaced linear recurrence with a call to plr_run: {{.*}}order a run-time value
    // CHECK: nest-form.c:[[@LINE+1]]:{{.*}} the loop around it is not part of the call (one call per sequence): the loop is replaced as interleaved channels
    for (int i = 0; i < n; i++) {
      float s = yf[i];
      for (int j = 1; j <= p; j++)
        s -= a[j] * yf[i - j];
      yf[i] = s;
    }
  }
}

// Without a loop around it: no such remark.
// CHECK-NOT: the loop around it is not part of the call
void stereo(int n, float a, const float *x, float *y) {
  float l = 0, r = 0;
  for (int i = 0; i < n; i++) {
    l = a * l + x[2 * i];
    y[2 * i] = l;
    r = a * r + x[2 * i + 1];
    y[2 * i + 1] = r;
  }
}
