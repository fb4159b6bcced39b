// Loops replaced in a form a call for the whole nest does not take yet,
// inside an outer loop (frames of interleaved stereo, frames of an LPC
// synthesis filter of run-time order): one call each time the loop runs,
// and a remark at each saying why the nest is not one call (NestForm). And
// the difference coders beside the delta decoders of audio formats
// (`cur = src[k] >> 8; dest[k] = cur - prev; prev = cur`): their carried
// value only delays a converted input, so they are no recurrence, and the
// remark says that (NotRecurrence), not the conversion it met first.
// Integers exact, floats against long double.
// REQUIRES: pass
// RUN: %clang -O2 -ffast-math %s -lm -o %t.ref
// RUN: %t.ref > %t.ref.out
// RUN: not grep BAD %t.ref.out
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -ffast-math -fpass-plugin=%plr-pass -Rpass=plr -Rpass-analysis=plr %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -lm -o %t.plr 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -ffast-math -fpass-plugin=%plr-pass -Rpass-missed=plr -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=MISSED
// RUN: env PLR_VERBOSE=1 %t.plr > %t.plr.out 2> %t.plr.err
// RUN: diff %t.ref.out %t.plr.out
// RUN: %FileCheck %s --check-prefix=CALLS < %t.plr.err
// RUN: env PLR_DEVICE=cpu PLR_THREADS=3 %t.plr > %t.cpu.out
// RUN: diff %t.ref.out %t.cpu.out
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

enum { FRAMES = 5, FN = 2003, P = 6, HIST = 8 };

__attribute__((noinline)) void stereo_frames(int nf, int n, float a, const float *x, float *y) {
  for (int f = 0; f < nf; f++) {
    float l = 0.25f, r = -0.5f;
    const float *xf = x + 2 * n * f;
    float *yf = y + 2 * n * f;
    // REMARK: forms-in-nests.c:[[@LINE+2]]:{{.*}} replaced the loop's recurrences with one call to plr_run_many: signature (1: {{[a-z0-9]+}}), type f32, order 1; 2 interleaved channels
    // REMARK: forms-in-nests.c:[[@LINE+1]]:{{.*}} the loop around it is not part of the call (one call per sequence): the loop is replaced as interleaved channels, separate recurrences or a recurrence of run-time order, forms a call for the whole nest does not take yet
    for (int i = 0; i < n; i++) {
      l = a * l + xf[2 * i];
      yf[2 * i] = l;
      r = a * r + xf[2 * i + 1];
      yf[2 * i + 1] = r;
    }
  }
}

// Each frame's HIST elements before it are its history (the previous
// frame's tail, or the zeros before the first).
__attribute__((noinline)) void lpc_frames(int nf, int n, int p, const int32_t *a, int32_t *y) {
  for (int f = 0; f < nf; f++) {
    int32_t *yf = y + HIST + f * n;
    // REMARK: forms-in-nests.c:[[@LINE+2]]:{{.*}} replaced linear recurrence with a call to plr_run: signature (1: -{{[a-z0-9]+}}[j] for j = 1..{{[a-z0-9]+}}), type i32, order {{[a-z0-9]+}}
    // REMARK: forms-in-nests.c:[[@LINE+1]]:{{.*}} the loop around it is not part of the call (one call per sequence): the loop is replaced as interleaved channels, separate recurrences or a recurrence of run-time order
    for (int i = 0; i < n; i++) {
      int32_t s = yf[i];
      for (int j = 1; j <= p; j++)
        s -= a[j] * yf[i - j];
      yf[i] = s;
    }
  }
}

__attribute__((noinline)) signed char delta8(signed char prev, const short *src, signed char *dest, int n) {
  // MISSED: forms-in-nests.c:[[@LINE+1]]:{{.*}} recurrence not replaced: the stored value does not depend on earlier outputs after simplification
  for (int k = 0; k < n; k++) {
    signed char cur = src[k] >> 8;
    dest[k] = cur - prev;
    prev = cur;
  }
  return prev;
}

__attribute__((noinline)) float delta_clip(const float *x, float *d, int n) {
  float prev = 0.0f;
  // MISSED: forms-in-nests.c:[[@LINE+1]]:{{.*}} recurrence not replaced: the stored value does not depend on earlier outputs after simplification
  for (int i = 0; i < n; i++) {
    float c = fabsf(x[i]) > 0.75f ? 0.75f : x[i];
    d[i] = c - prev;
    prev = c;
  }
  return prev;
}

#define REF __attribute__((optnone, noinline))
REF static void ref_stereo_frames(int nf, int n, long double a, const float *x, long double *y) {
  for (int f = 0; f < nf; f++) {
    long double l = 0.25L, r = -0.5L;
    for (int i = 0; i < n; i++) {
      l = a * l + x[2 * n * f + 2 * i];
      y[2 * n * f + 2 * i] = l;
      r = a * r + x[2 * n * f + 2 * i + 1];
      y[2 * n * f + 2 * i + 1] = r;
    }
  }
}
REF static void ref_lpc_frames(int nf, int n, int p, const int32_t *a, int32_t *y) {
  for (int f = 0; f < nf; f++)
    for (int i = 0; i < n; i++) {
      uint32_t s = (uint32_t)y[HIST + f * n + i];
      for (int j = 1; j <= p; j++)
        s -= (uint32_t)a[j] * (uint32_t)y[HIST + f * n + i - j];
      y[HIST + f * n + i] = (int32_t)s;
    }
}
REF static signed char ref_delta8(signed char prev, const short *src, signed char *dest, int n) {
  for (int k = 0; k < n; k++) {
    signed char cur = src[k] >> 8;
    dest[k] = cur - prev;
    prev = cur;
  }
  return prev;
}
REF static float ref_delta_clip(const float *x, float *d, int n) {
  float prev = 0.0f;
  for (int i = 0; i < n; i++) {
    float c = fabsf(x[i]) > 0.75f ? 0.75f : x[i];
    d[i] = c - prev;
    prev = c;
  }
  return prev;
}

static uint64_t state = 88172645463325252u;
static uint64_t next(void) {
  state ^= state << 13;
  state ^= state >> 7;
  state ^= state << 17;
  return state;
}
/* non-zero, in [-1, 1] */
static float unit(void) { return ((int)(next() % 2001) - 1000) / 1000.0f + 0.0005f; }

int main(void) {
  long total = 2L * FN * FRAMES;
  float *x = malloc(total * sizeof *x), *y = malloc(total * sizeof *y);
  long double *ry = malloc(total * sizeof *ry);
  for (long i = 0; i < total; i++)
    x[i] = unit();
  stereo_frames(FRAMES, FN, 0.875f, x, y);
  ref_stereo_frames(FRAMES, FN, 0.875f, x, ry);
  long double worst = 0;
  for (long i = 0; i < total; i++)
    worst = fmaxl(worst, fabsl(y[i] - ry[i]) / (1 + fabsl(ry[i])));
  printf("stereo_frames %s\n", worst < 1e-5L ? "ok" : "BAD");

  /* order P, small coefficients (the integers wrap alike either way) */
  int32_t a[P + 1];
  for (int j = 0; j <= P; j++)
    a[j] = (int32_t)(next() % 7) - 3 + (j == 1);
  long ylen = HIST + (long)FN * FRAMES;
  int32_t *yi = malloc(ylen * sizeof *yi), *ryi = malloc(ylen * sizeof *ryi);
  for (long i = 0; i < ylen; i++)
    yi[i] = ryi[i] = i < HIST ? 0 : (int32_t)(next() % 2001) - 1000;
  lpc_frames(FRAMES, FN, P, a, yi);
  ref_lpc_frames(FRAMES, FN, P, a, ryi);
  long bad = 0;
  for (long i = 0; i < ylen; i++)
    bad += yi[i] != ryi[i];
  printf("lpc_frames %s %d\n", bad ? "BAD" : "ok", yi[ylen - 1]);

  enum { D = 100003 };
  short *src = malloc(D * sizeof *src);
  signed char *d8 = malloc(D), *rd8 = malloc(D);
  for (long i = 0; i < D; i++)
    src[i] = (short)(next() % 65536 - 32768);
  signed char p8 = delta8(3, src, d8, D), rp8 = ref_delta8(3, src, rd8, D);
  bad = p8 != rp8;
  for (long i = 0; i < D; i++)
    bad += d8[i] != rd8[i];
  printf("delta8 %s %d\n", bad ? "BAD" : "ok", p8);

  float *xc = malloc(D * sizeof *xc), *dc = malloc(D * sizeof *dc), *rdc = malloc(D * sizeof *rdc);
  for (long i = 0; i < D; i++)
    xc[i] = unit();
  float pc = delta_clip(xc, dc, D), rpc = ref_delta_clip(xc, rdc, D);
  bad = pc != rpc;
  for (long i = 0; i < D; i++)
    bad += dc[i] != rdc[i];
  printf("delta_clip %s %g\n", bad ? "BAD" : "ok", pc);
  return 0;
}
// One call per frame for each of the two loops (5 + 5).
// CALLS-COUNT-10: n={{[0-9]+}}
// CALLS-NOT: n={{[0-9]+}}
