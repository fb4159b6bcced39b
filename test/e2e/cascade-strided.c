// Cascades (several recurrences in one loop, each over the one before) at
// a stride other than one element: one plr_run_many per stage, the first
// from x to y at the loop's strides, the later ones in place over y at y's
// stride; a FIR tail then walks y at that stride too. At a run-time stride
// (y[i*C], any sign; C = 0 runs as written), at a constant one (every other
// element), backward (the anti-causal pass), with x at unit stride beside y
// at a run-time one (one channel of an interleaved output), an integer
// cascade (stage calls: its composed form computes its first outputs at
// unit stride) with a stage's value used after the loop, a double EMA
// (its output folded over the first stage: its first outputs computed at
// y's stride before the folded call), and in nests (a
// column filter at a run-time width, rows of every other element). Before,
// each was refused ("replaced as one recurrence, not as a cascade") or
// versioned on C == 1. Integers are compared bit for bit with the plain
// build, floats with a double reference; also with the threaded and serial
// backends and with the runtime refusing (the loops as written).
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

/* two first-order low-passes in a row, x and y at a run-time stride */
__attribute__((noinline)) float casc(const float *restrict x, float *restrict y, long n, long C, float a, float b) {
  float s1 = 0.5f, s2 = -0.25f;
  // REMARK-DAG: cascade-strided.c:[[@LINE+1]]:{{.*}} call to plr_run_many: signature (1: a) then (1: b), type f32, order 1, layout: x and y stride a run-time value (either sign), a cascade of two recurrences (two calls); plan: check(x apart from y, the stride whole elements, not 0, at most 1048576 bytes); ask(2 passes, 2 stages); call(1: a) x->y, x and y stride a run-time value; call(1: b) y->y in place, x and y stride a run-time value
  for (long i = 0; i < n; i++) {
    s1 = a * s1 + x[i * C];
    s2 = b * s2 + s1;
    y[i * C] = s2;
  }
  return s1;
}

/* the same, then a first difference of the second stage (a FIR tail) */
__attribute__((noinline)) void casc_fir(const float *restrict x, float *restrict y, long n, long C, float a,
                                        float b) {
  float s1 = 0, s2 = 0, prev = 0;
  // REMARK-DAG: cascade-strided.c:[[@LINE+1]]:{{.*}} call to plr_run_many: signature (1: a) then (1: b) then (1, -1:), type f32, order 1, layout: x and y stride a run-time value (either sign), a cascade of three stages (two calls, then a FIR map); plan: {{.*}}call(1: b) y->y in place, x and y stride a run-time value; map(y = FIR(1, -1:) of y)
  for (long i = 0; i < n; i++) {
    s1 = a * s1 + x[i * C];
    s2 = b * s2 + s1;
    y[i * C] = s2 - prev;
    prev = s2;
  }
}

/* integers, x at unit stride, y at a run-time one; the first stage's last
 * value returned */
__attribute__((noinline)) int icasc(const int *restrict x, int *restrict y, long n, long C, int a) {
  int s1 = 7, s2 = 0;
  // REMARK-DAG: cascade-strided.c:[[@LINE+1]]:{{.*}} call to plr_run_many: signature (1: a) then (1: 3), type i32, order 1, layout: y stride a run-time value (either sign), x stride 1, a cascade of two recurrences (two calls); plan: check(x apart from y, the stride whole elements, not 0, at most 1048576 bytes); ask(2 passes, 2 stages); call(1: a) x->y, y stride a run-time value, x stride 1; call(1: 3) y->y in place, x and y stride a run-time value
  for (long i = 0; i < n; i++) {
    s1 = a * s1 + x[i];
    s2 = 3 * s2 + s1;
    y[i * C] = s2;
  }
  return s1;
}

/* a double EMA (2 e1 - e2): the output folded over the first stage, its
 * first two outputs computed before the folded call, at y's stride; x at
 * unit stride */
__attribute__((noinline)) void dema(const double *restrict x, double *restrict y, long n, long C, double a) {
  double e1 = 0, e2 = 0;
  // REMARK-DAG: cascade-strided.c:[[@LINE+1]]:{{.*}} call to plr_run_many: signature (a: 1 - a) then (a: 1 - a) then (2 - a, -2*(1 - a): 1 - a) (the last: the output over stage 1), type f64, order 1, layout: y stride a run-time value (either sign), x stride 1, an output combining stages 1..2 of a cascade of 2, folded into one recurrence over stage 1 (two calls); plan: check(x apart from y, the stride whole elements, not 0, at most 1048576 bytes); ask(2 passes, 3 stages); call(a: 1 - a) x->y, y stride a run-time value, x stride 1; map(first 2 outputs from stage 1 in y); call(2 - a, -2*(1 - a): 1 - a) y->y in place, x and y stride a run-time value, after the first outputs
  for (long i = 0; i < n; i++) {
    e1 = e1 + a * (x[i] - e1);
    e2 = e2 + a * (e1 - e2);
    y[i * C] = 2 * e1 - e2;
  }
}

/* every other element, and backward, in double */
__attribute__((noinline)) void casc2(const double *restrict x, double *restrict y, long n, double a, double b) {
  double s1 = 0, s2 = 0;
  // REMARK-DAG: cascade-strided.c:[[@LINE+1]]:{{.*}} call to plr_run_many: signature (1: a) then (1: b), type f64, order 1, layout: y stride 2, x stride 2, a cascade of two recurrences (two calls); plan: check(x apart from y); ask(2 passes, 2 stages); call(1: a) x->y, y stride 2, x stride 2; call(1: b) y->y in place, y stride 2, x stride 2
  for (long i = 0; i < n; i++) {
    s1 = a * s1 + x[2 * i];
    s2 = b * s2 + s1;
    y[2 * i] = s2;
  }
}

__attribute__((noinline)) void casc_back(const double *restrict x, double *restrict y, long n, double a, double b) {
  double s1 = 1, s2 = 2;
  // REMARK-DAG: cascade-strided.c:[[@LINE+1]]:{{.*}} call to plr_run_many: signature (1: a) then (1: b), type f64, order 1, layout: y stride -1, x stride -1 (backward), a cascade of two recurrences (two calls)
  for (long i = n - 1; i >= 0; i--) {
    s1 = a * s1 + x[i];
    s2 = b * s2 + s1;
    y[i] = s2;
  }
}

/* a column filter at a run-time width: one call per stage for the nest */
__attribute__((noinline)) void cols(const float *restrict x, float *restrict y, long h, long w, float a, float b) {
  for (long c = 0; c < w; c++) {
    float s1 = 0, s2 = 0;
    // REMARK-DAG: cascade-strided.c:[[@LINE+1]]:{{.*}} replaced loop nest with one call per stage to plr_run_many: signature (1: a) then (1: b), type f32, order 1; one sequence per iteration of the outer loop, x and y stride a run-time value, a cascade of two recurrences (two calls)
    for (long i = 0; i < h; i++) {
      s1 = a * s1 + x[i * w + c];
      s2 = b * s2 + s1;
      y[i * w + c] = s2;
    }
  }
}

/* rows of every other element (a nest at a constant stride): one call per
 * stage for the nest */
__attribute__((noinline)) void rows2(const float *restrict x, float *restrict y, long h, long w, float a, float b) {
  for (long r = 0; r < h; r++) {
    float s1 = 0, s2 = 0;
    // REMARK-DAG: cascade-strided.c:[[@LINE+1]]:{{.*}} replaced loop nest with one call per stage to plr_run_many: signature (1: a) then (1: b), type f32, order 1; one sequence per iteration of the outer loop, y stride 2, x stride 2, a cascade of two recurrences (two calls)
    for (long i = 0; i < w; i++) {
      s1 = a * s1 + x[r * 2 * w + 2 * i];
      s2 = b * s2 + s1;
      y[r * 2 * w + 2 * i] = s2;
    }
  }
}

/* the references, never replaced (optnone), in double over the walk */
__attribute__((optnone, noinline)) static double ref_casc(const float *x, double *r, long n, long C, int fir,
                                                          double s1, double s2) {
  double prev = 0;
  for (long i = 0; i < n; i++) {
    s1 = 0.75 * s1 + x[i * C];
    s2 = 0.5 * s2 + s1;
    r[i * C] = fir ? s2 - prev : s2;
    prev = s2;
  }
  return s1;
}

__attribute__((optnone, noinline)) static void ref_casc_d(const double *x, double *r, long n, long C, double s1,
                                                          double s2) {
  for (long i = 0; i < n; i++) {
    s1 = 0.875 * s1 + x[i * C];
    s2 = -0.5 * s2 + s1;
    r[i * C] = s2;
  }
}

__attribute__((optnone, noinline)) static void ref_dema(const double *x, double *r, long n, long C) {
  double e1 = 0, e2 = 0;
  for (long i = 0; i < n; i++) {
    e1 = e1 + 0.125 * (x[i] - e1);
    e2 = e2 + 0.125 * (e1 - e2);
    r[i * C] = 2 * e1 - e2;
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
  unsigned r = 5;
  for (int i = 0; i < 4 * N; i++) {
    r = r * 1103515245u + 12345u;
    fx[i] = (float)((int)(r >> 9) % 2001 - 1000) / 64;
    dx[i] = (double)((int)(r >> 7) % 4001 - 2000) / 8;
    ix[i] = (int)(r >> 3) - (1 << 27);
  }
  long strides[6] = {1, 2, 3, -1, -2, 0};
  for (int k = 0; k < 6; k++) {
    long C = strides[k], n = C == 0 ? 5 : 1500;
    long first = C < 0 ? 4 * N - 1 : 0; /* element 0 of the walk */
    for (int fir = 0; fir < 2; fir++) {
      for (int i = 0; i < 4 * N; i++)
        ref[i] = fy[i] = (float)(i % 13) - 6;
      double s1;
      if (fir) {
        casc_fir(fx + first, fy + first, n, C, 0.75f, 0.5f);
        s1 = ref_casc(fx + first, ref + first, n, C, 1, 0, 0);
      } else {
        float t = casc(fx + first, fy + first, n, C, 0.75f, 0.5f);
        s1 = ref_casc(fx + first, ref + first, n, C, 0, 0.5, -0.25);
        if (fabs(t - s1) > 1e-4 * (fabs(s1) + 100))
          printf("casc C=%ld: s1 %g, want %g\n", C, t, s1);
      }
      printf("%s C=%ld %s\n", fir ? "casc_fir" : "casc", C, near_all(fy, NULL, ref, 4 * N) ? "ok" : "bad");
    }
    for (int i = 0; i < 4 * N; i++)
      ref[i] = dy[i] = i % 3;
    dema(dx, dy + first, n, C, 0.125);
    ref_dema(dx, ref + first, n, C);
    printf("dema C=%ld %s\n", C, near_all(NULL, dy, ref, 4 * N) ? "ok" : "bad");
    for (int i = 0; i < 4 * N; i++)
      iy[i] = -i;
    int t = icasc(ix, iy + first, n, C, 1664525);
    printf("icasc C=%ld %d %lx\n", C, t, hash_i(iy, 4 * N, 3));
  }
  for (int i = 0; i < 4 * N; i++)
    ref[i] = dy[i] = i % 5;
  casc2(dx, dy, 1900, 0.875, -0.5);
  ref_casc_d(dx, ref, 1900, 2, 0, 0);
  printf("casc2 %s\n", near_all(NULL, dy, ref, 4 * N) ? "ok" : "bad");
  casc_back(dx, dy, 1900, 0.875, -0.5);
  ref_casc_d(dx + 1899, ref + 1899, 1900, -1, 1, 2);
  printf("casc_back %s\n", near_all(NULL, dy, ref, 4 * N) ? "ok" : "bad");
  /* 45 rows of 37 columns */
  {
    long h = 45, w = 37;
    for (int i = 0; i < 4 * N; i++)
      ref[i] = fy[i] = -1;
    cols(fx, fy, h, w, 0.75f, 0.5f);
    for (long c = 0; c < w; c++)
      ref_casc(fx + c, ref + c, h, w, 0, 0, 0);
    printf("cols %s\n", near_all(fy, NULL, ref, 4 * N) ? "ok" : "bad");
    /* 13 rows of 300 at every other element */
    for (int i = 0; i < 4 * N; i++)
      ref[i] = fy[i] = 3;
    rows2(fx, fy, 13, 300, 0.75f, 0.5f);
    for (long q = 0; q < 13; q++)
      ref_casc(fx + q * 600, ref + q * 600, 300, 2, 0, 0, 0);
    printf("rows2 %s\n", near_all(fy, NULL, ref, 4 * N) ? "ok" : "bad");
  }
  return 0;
}

// The generator (an LCG), then at each stride but 0 (the loops as written
// there) two calls each for casc, casc_fir, dema and icasc; casc2, casc_back, cols, rows2.
// CALLS: plr: (1: 1103515245) i32 n=8012
// CALLS-NEXT: plr: (1: 0.75) f32 n=1500
// CALLS-NEXT: plr: (1: 0.5) f32 n=1500
// CALLS-NEXT: plr: (1: 0.75) f32 n=1500
// CALLS-NEXT: plr: (1: 0.5) f32 n=1500
// CALLS-NEXT: plr: (0.125: 0.875) f64 n=1500
// CALLS-NEXT: plr: (1.875, -1.75: 0.875) f64 n=1498
// CALLS-NEXT: plr: (1: 1664525) i32 n=1500
// CALLS-NEXT: plr: (1: 3) i32 n=1500
// CALLS-NEXT: plr: (1: 0.75) f32 1 x n=1500 (x stride 2 dist 0, y stride 2 dist 0)
// CALLS-NEXT: plr: (1: 0.5) f32 1 x n=1500 (x stride 2 dist 0, y stride 2 dist 0, in place)
// CALLS-NEXT: plr: (1: 0.75) f32 1 x n=1500 (x stride 2 dist 0, y stride 2 dist 0)
// CALLS-NEXT: plr: (1: 0.5) f32 1 x n=1500 (x stride 2 dist 0, y stride 2 dist 0, in place)
// CALLS-NEXT: plr: (0.125: 0.875) f64 1 x n=1500 (x stride 1 dist 0, y stride 2 dist 0)
// CALLS-NEXT: plr: (1.875, -1.75: 0.875) f64 1 x n=1498 (x stride 2 dist 0, y stride 2 dist 0, in place)
// CALLS-NEXT: plr: (1: 1664525) i32 1 x n=1500 (x stride 1 dist 0, y stride 2 dist 0)
// CALLS-NEXT: plr: (1: 3) i32 1 x n=1500 (x stride 2 dist 0, y stride 2 dist 0, in place)
// CALLS-NEXT: plr: (1: 0.75) f32 1 x n=1500 (x stride 3 dist 0, y stride 3 dist 0)
// CALLS-NEXT: plr: (1: 0.5) f32 1 x n=1500 (x stride 3 dist 0, y stride 3 dist 0, in place)
// CALLS-NEXT: plr: (1: 0.75) f32 1 x n=1500 (x stride 3 dist 0, y stride 3 dist 0)
// CALLS-NEXT: plr: (1: 0.5) f32 1 x n=1500 (x stride 3 dist 0, y stride 3 dist 0, in place)
// CALLS-NEXT: plr: (0.125: 0.875) f64 1 x n=1500 (x stride 1 dist 0, y stride 3 dist 0)
// CALLS-NEXT: plr: (1.875, -1.75: 0.875) f64 1 x n=1498 (x stride 3 dist 0, y stride 3 dist 0, in place)
// CALLS-NEXT: plr: (1: 1664525) i32 1 x n=1500 (x stride 1 dist 0, y stride 3 dist 0)
// CALLS-NEXT: plr: (1: 3) i32 1 x n=1500 (x stride 3 dist 0, y stride 3 dist 0, in place)
// CALLS-NEXT: plr: (1: 0.75) f32 1 x n=1500 (x stride -1 dist 0, y stride -1 dist 0)
// CALLS-NEXT: plr: (1: 0.5) f32 1 x n=1500 (x stride -1 dist 0, y stride -1 dist 0, in place)
// CALLS-NEXT: plr: (1: 0.75) f32 1 x n=1500 (x stride -1 dist 0, y stride -1 dist 0)
// CALLS-NEXT: plr: (1: 0.5) f32 1 x n=1500 (x stride -1 dist 0, y stride -1 dist 0, in place)
// CALLS-NEXT: plr: (0.125: 0.875) f64 1 x n=1500 (x stride 1 dist 0, y stride -1 dist 0)
// CALLS-NEXT: plr: (1.875, -1.75: 0.875) f64 1 x n=1498 (x stride -1 dist 0, y stride -1 dist 0, in place)
// CALLS-NEXT: plr: (1: 1664525) i32 1 x n=1500 (x stride 1 dist 0, y stride -1 dist 0)
// CALLS-NEXT: plr: (1: 3) i32 1 x n=1500 (x stride -1 dist 0, y stride -1 dist 0, in place)
// CALLS-NEXT: plr: (1: 0.75) f32 1 x n=1500 (x stride -2 dist 0, y stride -2 dist 0)
// CALLS-NEXT: plr: (1: 0.5) f32 1 x n=1500 (x stride -2 dist 0, y stride -2 dist 0, in place)
// CALLS-NEXT: plr: (1: 0.75) f32 1 x n=1500 (x stride -2 dist 0, y stride -2 dist 0)
// CALLS-NEXT: plr: (1: 0.5) f32 1 x n=1500 (x stride -2 dist 0, y stride -2 dist 0, in place)
// CALLS-NEXT: plr: (0.125: 0.875) f64 1 x n=1500 (x stride 1 dist 0, y stride -2 dist 0)
// CALLS-NEXT: plr: (1.875, -1.75: 0.875) f64 1 x n=1498 (x stride -2 dist 0, y stride -2 dist 0, in place)
// CALLS-NEXT: plr: (1: 1664525) i32 1 x n=1500 (x stride 1 dist 0, y stride -2 dist 0)
// CALLS-NEXT: plr: (1: 3) i32 1 x n=1500 (x stride -2 dist 0, y stride -2 dist 0, in place)
// CALLS-NEXT: plr: (1: 0.875) f64 1 x n=1900 (x stride 2 dist 0, y stride 2 dist 0)
// CALLS-NEXT: plr: (1: -0.5) f64 1 x n=1900 (x stride 2 dist 0, y stride 2 dist 0, in place)
// CALLS-NEXT: plr: (1: 0.875) f64 1 x n=1900 (x stride -1 dist 0, y stride -1 dist 0)
// CALLS-NEXT: plr: (1: -0.5) f64 1 x n=1900 (x stride -1 dist 0, y stride -1 dist 0, in place)
// CALLS-NEXT: plr: (1: 0.75) f32 37 x n=45 (x stride 37 dist 1, y stride 37 dist 1)
// CALLS-NEXT: plr: (1: 0.5) f32 37 x n=45 (x stride 37 dist 1, y stride 37 dist 1, in place)
// CALLS-NEXT: plr: (1: 0.75) f32 13 x n=300 (x stride 2 dist 600, y stride 2 dist 600)
// CALLS-NEXT: plr: (1: 0.5) f32 13 x n=300 (x stride 2 dist 600, y stride 2 dist 600, in place)
// CALLS-NOT: plr: (
