// Output as an elementwise map of the state: the rolling-sum mean filter of
// Howes et al. (AECuTe), Listing 1. The runtime computes the running sum
// (signature (1, 0, 0, 0, 0, -1: 1)); the division is then applied as a map.
// REQUIRES: pass
// RUN: %clang -O2 -ffast-math %s -o %t.ref
// RUN: %t.ref > %t.ref.out
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -ffast-math -fpass-plugin=%plr-pass -Rpass=plr %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -o %t.plr 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: env PLR_VERBOSE=1 %t.plr > %t.plr.out 2> %t.plr.err
// RUN: diff %t.ref.out %t.plr.out
// RUN: %FileCheck %s --check-prefix=CALLS < %t.plr.err
#include <math.h>
#include <stdio.h>

#define D 5
#define N 10000

__attribute__((noinline)) void imean(int *O, const int *I, int n) {
  int sum = 0;
  for (int t = 0; t < D - 1; t++) sum += I[t];
  // REMARK-DAG: output-map.c:[[@LINE+1]]:{{.*}} signature (1, 0, 0, 0, 0, -1: 1), type i32, order 1, output an elementwise map of the state
  for (int t = 1; t < n; t++) {
    sum += I[t + D - 1] - I[t - 1];
    O[t] = sum / D;
  }
}

__attribute__((noinline)) float fmean(float *O, const float *I, int n) {
  float sum = 0, out = 0;
  for (int t = 0; t < D - 1; t++) sum += I[t];
  // REMARK-DAG: output-map.c:[[@LINE+1]]:{{.*}} signature (1, 0, 0, 0, 0, -1: 1), type f32, order 1, output an elementwise map of the state
  for (int t = 1; t < n; t++) {
    sum += I[t + D - 1] - I[t - 1];
    out = sum / D;
    O[t] = out;
  }
  return out + sum; /* both the mapped output and the state live after the loop */
}

int main(void) {
  static int ii[N + D], io[N];
  static float fi[N + D], fo[N];
  unsigned r = 99;
  for (int i = 0; i < N + D; i++) {
    r = r * 1103515245u + 12345u;
    ii[i] = (int)(r >> 10) % 1000;
    fi[i] = (float)ii[i] / 8;
  }
  imean(io, ii, N);
  unsigned long h = 0;
  for (int i = 0; i < N; i++) h = h * 1000003u ^ (unsigned)io[i];
  printf("imean %lx\n", h);
  float last = fmean(fo, fi, N);
  int ok = 1;
  double sum = 0;
  for (int t = 0; t < D - 1; t++) sum += fi[t];
  for (int t = 1; t < N; t++) {
    sum += (double)fi[t + D - 1] - fi[t - 1];
    ok &= fabs(fo[t] - sum / D) <= 1e-3 * (1 + fabs(sum / D));
  }
  ok &= fabs(last - (sum / D + sum)) <= 1e-3 * (1 + fabs(sum));
  printf("fmean %s\n", ok ? "ok" : "bad");
  return 0;
}

// CALLS-COUNT-2: n={{[0-9]+}}
