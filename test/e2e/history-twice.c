// The previous output (or input) read twice, through a variable carried from
// the previous iteration and from memory: `s = 4*s + x[i] - y[i-1]` with s
// stored to y[i], `xp` carried by hand beside x[i-1]. The two agree from the
// second iteration on; before it the loop reads the variable's start for
// one and memory for the other, where a call has one history. The pass
// checks before the call that both hold the same bits: they do when the
// variable starts from y[0] (the usual way such code is written), and the
// call runs; they do not when it starts from something else, and the
// original loop runs. Found by recfuzz (RECFUZZ_FORM=roll seed 7006, homog
// "both" kernels): the call used to take the variable's start for both.
// In a nest the check is not per row yet: the nest declines and each row's
// loop is replaced with its own check.
// REQUIRES: pass
// RUN: %clang -O2 -ffast-math %s -o %t.ref
// RUN: %t.ref > %t.ref.out
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -ffast-math -fpass-plugin=%plr-pass -Rpass=plr -Rpass-missed=plr %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -o %t.plr 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: env PLR_VERBOSE=1 %t.plr > %t.plr.out 2> %t.plr.err
// RUN: diff %t.ref.out %t.plr.out
// RUN: %FileCheck %s --check-prefix=CALLS < %t.plr.err
// RUN: env PLR_DEVICE=serial %t.plr > %t.serial.out
// RUN: diff %t.ref.out %t.serial.out
#include <stdio.h>

__attribute__((noinline)) void kern(unsigned *y, const unsigned *x, long n, unsigned s) {
  // REMARK: history-twice.c:[[@LINE+1]]:{{.*}} replaced linear recurrence
  for (long i = 1; i < n; i++) {
    s = 4 * s + x[i] - y[i - 1];
    y[i] = s;
  }
}

__attribute__((noinline)) void kernd(double *y, const double *x, long n, double s) {
  // REMARK: history-twice.c:[[@LINE+1]]:{{.*}} replaced linear recurrence
  for (long i = 1; i < n; i++) {
    s = 0.75 * s + x[i] - 0.5 * y[i - 1];
    y[i] = s;
  }
}

__attribute__((noinline)) void kx(unsigned *y, const unsigned *x, long n, unsigned xp) {
  // REMARK: history-twice.c:[[@LINE+1]]:{{.*}} replaced linear recurrence
  for (long i = 1; i < n; i++) {
    y[i] = 3 * y[i - 1] + 2 * xp + x[i - 1] + x[i];
    xp = x[i];
  }
}

/* rows of an image, each from its own first element */
__attribute__((noinline)) void rows(unsigned *img, const unsigned *x, int h, int w) {
  for (int r = 0; r < h; r++) {
    unsigned s = img[r * w];
    // REMARK: history-twice.c:[[@LINE+1]]:{{.*}} replaced linear recurrence
    for (int i = 1; i < w; i++) {
      s = 4 * s + x[r * w + i] - img[r * w + i - 1];
      img[r * w + i] = s;
    }
  }
}

// The starts that agree call libplr (three functions, then 7 rows, each a
// call of its own); the ones that do not, and nothing else, fall back.
// CALLS-COUNT-2: plr: (1: 3) i32 n=999
// CALLS: plr: (1: 0.25) f64 n=999
// CALLS: plr: (1, 3: 3) i32 n=999
// CALLS-COUNT-7: plr: (1: 3) i32 n=99
// CALLS-NOT: plr:

static unsigned hash(const unsigned *v, int n) {
  unsigned h = 2166136261u;
  for (int i = 0; i < n; i++) h = (h ^ v[i]) * 16777619u;
  return h;
}

int main(void) {
  enum { N = 1000 };
  static unsigned y[N], x[N], y2[N], x2[N], y3[N], img[7 * 100], xi[7 * 100];
  static double yd[N], xd[N];
  for (int i = 0; i < N; i++)
    x[i] = i % 7 + 1, y[i] = 100 + i, xd[i] = (i % 7) * 0.25, yd[i] = 1.0 + i, x2[i] = i % 5 + 2, y2[i] = 7 * i;
  for (int i = 0; i < 7 * 100; i++)
    xi[i] = i % 11, img[i] = 3 + i % 13;
  /* starts that differ from memory: the original loops run */
  kern(y, x, N, 5);
  kernd(yd, xd, N, 2.0);
  kx(y2, x2, N, 50);
  printf("differ: %u %u %08x / %.6f %.6f / %u %08x\n", y[1], y[2], hash(y, N), yd[1], yd[N - 1], y2[1], hash(y2, N));
  /* starts that agree: the calls run */
  for (int i = 0; i < N; i++) y3[i] = 100 + i;
  kern(y3, x, N, y3[0]);
  kern(y, x, N, y[0]);
  kernd(yd, xd, N, yd[0]);
  kx(y2, x2, N, x2[0]);
  rows(img, xi, 7, 100);
  printf("agree: %08x %08x %.9g %08x %08x\n", hash(y3, N), hash(y, N), yd[N - 1], hash(y2, N), hash(img, 700));
  return 0;
}
