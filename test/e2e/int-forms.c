// Integer recurrences in ordinary C, compiled without and with the plugin;
// the outputs must be identical (integer results are exact). PLR_VERBOSE
// shows that the replaced loops really called the runtime.
// REQUIRES: pass
// RUN: %clang -O2 %s -o %t.ref
// RUN: %t.ref > %t.ref.out
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -fpass-plugin=%plr-pass -Rpass=plr %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -o %t.plr 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: env PLR_VERBOSE=1 %t.plr > %t.plr.out 2> %t.plr.err
// RUN: diff %t.ref.out %t.plr.out
// RUN: %FileCheck %s --check-prefix=CALLS < %t.plr.err
// The runtime refusing (an unusable PLR_DEVICE) sends every call to the original loop.
// RUN: env PLR_DEVICE=no-such-device %t.plr > %t.fail.out 2>/dev/null
// RUN: diff %t.ref.out %t.fail.out
// At -O3 as well.
// RUN: env PLR_PASS_MIN_N=64 %clang -O3 -fpass-plugin=%plr-pass %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -o %t.o3
// RUN: %t.o3 > %t.o3.out
// RUN: diff %t.ref.out %t.o3.out
#include <stdint.h>
#include <stdio.h>

#define N 5000

__attribute__((noinline)) void prefix(int *y, const int *x, long n) {
  y[0] = x[0]; /* peeled first element: y[0] becomes y[-1] of the loop */
  // REMARK-DAG: int-forms.c:[[@LINE+1]]:{{.*}} signature (1: 1), type i32, order 1
  for (long i = 1; i < n; i++) y[i] = x[i] + y[i - 1];
}

__attribute__((noinline)) void order2(long *y, const long *x, int n) {
  // REMARK-DAG: int-forms.c:[[@LINE+1]]:{{.*}} signature (1: 2, -1), type i64, order 2
  for (int i = 2; i < n; i++) y[i] = x[i] + 2 * y[i - 1] - y[i - 2];
}

__attribute__((noinline)) int walk(int *out, const int *in, int n) {
  int acc = 0;
  // REMARK-DAG: int-forms.c:[[@LINE+1]]:{{.*}} signature (1: 1), type i32, order 1
  while (n--) *out++ = acc += *in++;
  return acc; /* final state */
}

__attribute__((noinline)) void inplace(unsigned *a, int n) {
  // REMARK-DAG: int-forms.c:[[@LINE+1]]:{{.*}} signature (1: 3), type i32, order 1
  for (int i = 1; i < n; i++) a[i] += a[i - 1] * 3u;
}

__attribute__((noinline)) void args(int *y, const int *x, int n, int c0, int c1, int b1, int b2) {
  /* x[-1], y[-1], y[-2] are read from before the first index: initial state */
  // REMARK-DAG: int-forms.c:[[@LINE+1]]:{{.*}} signature (arg4, arg5: arg6, arg7), type i32, order 2
  for (int i = 0; i < n; i++) y[i] = c0 * x[i] + c1 * x[i - 1] + b1 * y[i - 1] + b2 * y[i - 2];
}

__attribute__((noinline)) uint64_t horner(uint64_t *y, const uint64_t *x, long n) {
  uint64_t acc = 7;
  // REMARK-DAG: int-forms.c:[[@LINE+1]]:{{.*}} signature (1: 5), type i64, order 1
  for (long i = 0; i < n; i++) {
    acc = acc * 5 + x[i];
    y[i] = acc;
  }
  return acc;
}

__attribute__((noinline)) int pairs(int *y, const int *x, int n) {
  int a = 1, b = 2;
  // REMARK-DAG: int-forms.c:[[@LINE+1]]:{{.*}} signature (1: 0, 1), type i32, order 2
  for (int i = 0; i < n; i++) {
    int c = x[i] + a;
    a = b;
    b = c;
    y[i] = c;
  }
  return a - b;
}

static unsigned long h;
static void mix(long v) { h = h * 1000003u ^ (unsigned long)v; }

int main(void) {
  static int xi[N + 8], yi[N + 8];
  static long xl[N], yl[N];
  static unsigned u[N];
  static uint64_t xu[N], yu[N];
  uint32_t r = 12345;
  // The generator is a recurrence too: r into xi, then the maps (xi's of r, yi's of the counter).
  // REMARK-DAG: int-forms.c:[[@LINE+1]]:{{.*}} signature (1: 1103515245), type i32, order 1, input term materialized by a map, output an elementwise map of the state, one other array stored as an elementwise map of the output after the call, the loop's counter recomputed by the map from its index
  for (int i = 0; i < N + 8; i++) {
    r = r * 1103515245u + 12345u;
    xi[i] = (int)(r >> 8) % 1000 - 500;
    yi[i] = i;
  }
  for (int i = 0; i < N; i++) {
    xl[i] = (long)xi[i] * 1000003;
    u[i] = (unsigned)xi[i] * 2654435761u;
    xu[i] = (uint64_t)xi[i] << 20;
  }

  prefix(yi, xi, N);
  for (int i = 0; i < N; i++) mix(yi[i]);
  printf("prefix %lx\n", h);

  yl[0] = 1, yl[1] = -2;
  order2(yl, xl, N);
  for (int i = 0; i < N; i++) mix(yl[i]);
  printf("order2 %lx\n", h);

  int last = walk(yi, xi, N);
  for (int i = 0; i < N; i++) mix(yi[i]);
  printf("walk %lx %d\n", h, last);

  inplace(u, N);
  for (int i = 0; i < N; i++) mix(u[i]);
  printf("inplace %lx\n", h);

  args(yi + 4, xi + 4, N, 3, -2, 1, -1);
  for (int i = 0; i < N + 8; i++) mix(yi[i]);
  printf("args %lx\n", h);

  uint64_t hf = horner(yu, xu, N);
  for (int i = 0; i < N; i++) mix((long)yu[i]);
  printf("horner %lx %llx\n", h, (unsigned long long)hf);

  int d = pairs(yi, xi, N);
  for (int i = 0; i < N; i++) mix(yi[i]);
  printf("pairs %lx %d\n", h, d);

  /* fallbacks: too short; output overlapping the input */
  prefix(yi, xi, 10);
  for (int i = 0; i < 10; i++) mix(yi[i]);
  order2(xl + 3, xl, N - 3);
  for (int i = 0; i < N; i++) mix(xl[i]);
  args(xi + 1, xi, N, 1, 1, 1, 1);
  for (int i = 0; i < N; i++) mix(xi[i]);
  printf("fallback %lx\n", h);
  return 0;
}

// Seven replaced loops and the generator ran in the runtime; the fallbacks did not call it.
// CALLS-COUNT-8: n={{[0-9]+}}
// CALLS-NOT: n={{[0-9]+}}
