// A loop alone at a run-time stride (y[i*C], C a parameter) whose state
// needs a buffer of its own: one plr_run_many at that stride writes the
// state into the buffer (as many bytes as y's footprint at that stride,
// scaled for a wider state), then the map writes y from it. An in-place
// gain (the map reads y[i*C] as the loop found it), a long long sum
// shifted into int (a state wider than its output, int indices), the gain's
// input terms computed into the buffer first (no input array), and a
// backward gain over a double array. Each at strides 1, 2, 3 and negative
// ones (from the array's end); C = 0 runs the loop as written (the check
// refuses the stride). Integers are compared bit for bit with the plain
// build, floats with a double reference; the same with the threaded and
// serial backends and with the runtime refusing (the loops as written,
// the buffer freed on that way too).
// REQUIRES: pass
// RUN: %clang -O2 -ffast-math %s -o %t.ref
// RUN: %t.ref > %t.ref.out
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -ffast-math -g -fpass-plugin=%plr-pass -Rpass=plr -Rpass-missed=plr %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -o %t.plr 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: env PLR_VERBOSE=1 %t.plr > %t.plr.out 2> %t.plr.err
// RUN: diff %t.ref.out %t.plr.out
// RUN: %FileCheck %s --check-prefix=CALLS < %t.plr.err
// RUN: env PLR_MIN_PARALLEL_N=1 PLR_THREADS=3 %t.plr > %t.par.out
// RUN: diff %t.ref.out %t.par.out
// RUN: env PLR_DEVICE=serial %t.plr > %t.ser.out
// RUN: diff %t.ref.out %t.ser.out
// RUN: env PLR_DEVICE=no-such-device %t.plr > %t.fail.out 2>/dev/null
// RUN: diff %t.ref.out %t.fail.out
#include <math.h>
#include <stdio.h>

#define N 2003

/* the map reads y[i*C] as it was: the state goes to a buffer */
__attribute__((noinline)) void gain(const float *restrict x, float *restrict y, long n, long C, float a) {
  float s = 0.5f;
  // REMARK-DAG: runtime-stride-buffer.c:[[@LINE+1]]:{{.*}} call to plr_run_many: signature (1: a), type f32, order 1, layout: x and y stride a run-time value (either sign), output an elementwise map of the state and of other arrays at its index; plan: check(x apart from y or exactly y, the stride whole elements, not 0, at most 1048576 bytes); ask(2 passes); buffer(the state, n elements: the map reads y as it was); call(1: a) x->state, x and y stride a run-time value; map(out = g(state, y))
  for (long i = 0; i < n; i++) {
    s = a * s + x[i * C];
    y[i * C] = s * y[i * C];
  }
}

/* a state wider than its output: its buffer twice y's footprint */
__attribute__((noinline)) long long lsum(int *restrict y, const int *restrict x, int n, int C) {
  long long s = 3;
  // REMARK-DAG: runtime-stride-buffer.c:[[@LINE+1]]:{{.*}} call to plr_run_many: signature (1: 1), type i64 (x i32), order 1, layout: x and y stride a run-time value (either sign), output an elementwise map of the state into i32; plan: check(x apart from y or exactly y, the stride whole elements, not 0, at most 1048576 bytes); ask(2 passes); buffer(the state, n elements: wider than the output); call(1: 1) x->state, x and y stride a run-time value; map(out = g(state))
  for (int i = 0; i < n; i++) {
    s += x[i * C];
    y[i * C] = (int)(s >> 2);
  }
  return s;
}

/* no input array: the input terms go into the buffer, the call runs there
 * in place, the map reads y as it was */
__attribute__((noinline)) void ramp(float *y, long n, long C, float a) {
  float s = 0;
  // REMARK-DAG: runtime-stride-buffer.c:[[@LINE+1]]:{{.*}} call to plr_run_many: signature (1: a), type f32, order 1, layout: x and y stride a run-time value (either sign), input term materialized by a map, output an elementwise map of the state and of other arrays at its index; plan: check(the stride whole elements, not 0, at most 1048576 bytes); ask(3 passes); buffer(the state, n elements: the map reads y as it was); map(t -> state); call(1: a) state->state in place, x and y stride a run-time value; map(out = g(state, y))
  for (long i = 0; i < n; i++) {
    s = a * s + 1.0f;
    y[i * C] = s * y[i * C];
  }
}

/* backward, written as a down-counting loop at stride C */
__attribute__((noinline)) void gain_back(const double *restrict x, double *restrict y, long n, long C, double a) {
  double s = -1.0;
  // REMARK-DAG: runtime-stride-buffer.c:[[@LINE+1]]:{{.*}} call to plr_run_many: signature (1: a), type f64, order 1, layout: x and y stride a run-time value (either sign), output an elementwise map of the state and of other arrays at its index; plan: {{.*}}buffer(the state, n elements: the map reads y as it was)
  for (long i = n - 1; i >= 0; i--) {
    s = a * s + x[i * C];
    y[i * C] = y[i * C] - s;
  }
}

/* the references, never replaced (optnone), in double over the walk */
__attribute__((optnone, noinline)) static void ref_gain(const float *x, double *r, long n, long C) {
  double s = 0.5;
  for (long i = 0; i < n; i++) {
    s = 0.75 * s + x[i * C];
    r[i * C] *= s;
  }
}

__attribute__((optnone, noinline)) static void ref_ramp(double *r, long n, long C) {
  double s = 0;
  for (long i = 0; i < n; i++) {
    s = 0.5 * s + 1.0;
    r[i * C] *= s;
  }
}

__attribute__((optnone, noinline)) static void ref_back(const double *x, double *r, long n, long C) {
  double s = -1.0;
  for (long i = n - 1; i >= 0; i--) {
    s = 0.875 * s + x[i * C];
    r[i * C] -= s;
  }
}

/* every element of the array, at the scale of the largest reference */
static int near_all(const float *f, const double *d, const double *ref, long n) {
  double scale = 0;
  int ok = 1;
  for (long i = 0; i < n; i++)
    scale = fmax(scale, fabs(ref[i]));
  for (long i = 0; i < n; i++)
    ok &= fabs((f ? f[i] : d[i]) - ref[i]) <= 1e-4 * (scale + fabs(ref[i]));
  return ok;
}

static unsigned long hash_i(const int *v, long n, unsigned long h) {
  for (long i = 0; i < n; i++)
    h = h * 1000003u ^ (unsigned)v[i];
  return h;
}

int main(void) {
  static float fx[4 * N], fy[4 * N];
  static double dx[4 * N], dy[4 * N], ref[4 * N];
  static int ix[4 * N], iy[4 * N];
  unsigned r = 7;
  for (int i = 0; i < 4 * N; i++) {
    r = r * 1103515245u + 12345u;
    fx[i] = (float)((int)(r >> 9) % 2001 - 1000) / 64;
    dx[i] = (double)((int)(r >> 7) % 4001 - 2000) / 8;
    ix[i] = (int)(r >> 3) - (1 << 27);
  }
  long strides[6] = {1, 2, 3, -1, -3, 0};
  for (int k = 0; k < 6; k++) {
    long C = strides[k], n = C == 0 ? 4 : 1300;
    long first = C < 0 ? 4 * N - 1 : 0; /* element 0 of the walk */
    /* y's elements off the walk must stay as they are */
    for (int i = 0; i < 4 * N; i++)
      ref[i] = fy[i] = (float)(i % 13) - 6;
    gain(fx + first, fy + first, n, C, 0.75f);
    ref_gain(fx + first, ref + first, n, C);
    printf("gain C=%ld %s\n", C, near_all(fy, NULL, ref, 4 * N) ? "ok" : "bad");

    for (int i = 0; i < 4 * N; i++)
      iy[i] = -i;
    long long t = lsum(iy + first, ix + first, (int)n, (int)C);
    printf("lsum C=%ld %lld %lx\n", C, t, hash_i(iy, 4 * N, 3));

    for (int i = 0; i < 4 * N; i++)
      ref[i] = fy[i] = (float)(i % 7) + 1;
    ramp(fy + first, n, C, 0.5f);
    ref_ramp(ref + first, n, C);
    printf("ramp C=%ld %s\n", C, near_all(fy, NULL, ref, 4 * N) ? "ok" : "bad");

    for (int i = 0; i < 4 * N; i++)
      ref[i] = dy[i] = (double)(i % 11);
    gain_back(dx + first, dy + first, n, C, 0.875);
    ref_back(dx + first, ref + first, n, C);
    printf("gain_back C=%ld %s\n", C, near_all(NULL, dy, ref, 4 * N) ? "ok" : "bad");
  }
  return 0;
}

// The generator (an LCG), then four calls at each stride but 0 (the loops as
// written there), in order.
// CALLS: plr: (1: 1103515245) i32 n=8012
// CALLS-NEXT: plr: (1: 0.75) f32 n=1300
// CALLS-NEXT: plr: (1: 1) i64 n=1300
// CALLS-NEXT: plr: (1: 0.5) f32 n=1300
// CALLS-NEXT: plr: (1: 0.875) f64 1 x n=1300 (x stride -1 dist 0, y stride -1 dist 0)
// CALLS-NEXT: plr: (1: 0.75) f32 1 x n=1300 (x stride 2 dist 0, y stride 2 dist 0)
// CALLS-NEXT: plr: (1: 1) i64 1 x n=1300 (x stride 2 dist 0, y stride 2 dist 0)
// CALLS-NEXT: plr: (1: 0.5) f32 1 x n=1300 (x stride 2 dist 0, y stride 2 dist 0, in place)
// CALLS-NEXT: plr: (1: 0.875) f64 1 x n=1300 (x stride -2 dist 0, y stride -2 dist 0)
// CALLS-NEXT: plr: (1: 0.75) f32 1 x n=1300 (x stride 3 dist 0, y stride 3 dist 0)
// CALLS-NEXT: plr: (1: 1) i64 1 x n=1300 (x stride 3 dist 0, y stride 3 dist 0)
// CALLS-NEXT: plr: (1: 0.5) f32 1 x n=1300 (x stride 3 dist 0, y stride 3 dist 0, in place)
// CALLS-NEXT: plr: (1: 0.875) f64 1 x n=1300 (x stride -3 dist 0, y stride -3 dist 0)
// CALLS-NEXT: plr: (1: 0.75) f32 1 x n=1300 (x stride -1 dist 0, y stride -1 dist 0)
// CALLS-NEXT: plr: (1: 1) i64 1 x n=1300 (x stride -1 dist 0, y stride -1 dist 0)
// CALLS-NEXT: plr: (1: 0.5) f32 1 x n=1300 (x stride -1 dist 0, y stride -1 dist 0, in place)
// CALLS-NEXT: plr: (1: 0.875) f64 n=1300
// CALLS-NEXT: plr: (1: 0.75) f32 1 x n=1300 (x stride -3 dist 0, y stride -3 dist 0)
// CALLS-NEXT: plr: (1: 1) i64 1 x n=1300 (x stride -3 dist 0, y stride -3 dist 0)
// CALLS-NEXT: plr: (1: 0.5) f32 1 x n=1300 (x stride -3 dist 0, y stride -3 dist 0, in place)
// CALLS-NEXT: plr: (1: 0.875) f64 1 x n=1300 (x stride 3 dist 0, y stride 3 dist 0)
// CALLS-NOT: plr: (
