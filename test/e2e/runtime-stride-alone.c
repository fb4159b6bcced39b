// A single loop whose stride is a run-time value (y[j*C], C a parameter)
// outside any nest: one plr_run_many over one sequence at that stride,
// whatever its value and sign. The check before the call tests that the
// stride is a non-zero whole number of elements no longer than a constant
// one may be, and compares the footprints (either direction); C = 0 and
// overlapping arrays run the loop as written. Through memory (y[(j-1)*C]),
// the state in a register with its value used after the loop, the input at
// unit stride beside the output's run-time one (one channel of interleaved
// output), backward in place, an output map of the state, a high-pass
// whose input is read back at the stride too, the state stored to a second
// array at the same stride (also in a nest over columns), an input term
// materialized into y first (x squared, without restrict: its range checked),
// an oscillator (no input), a double state stored into float, a second
// accumulator beside the recurrence, a biquad in direct form II and in
// transposed direct form II from zero and from saved states (its first two
// outputs computed before the call), one interleaved buffer's channel 1
// from its channel 0 (their lanes tested apart at run time), a stride that is
// a product of two run-time values, int indices; and the loop read back
// through memory inside a nest over columns at a run-time width (one call
// for the nest, forward and backward in place). Integers are compared bit
// for bit with the untransformed program, floats with a double reference.
// REQUIRES: pass
// RUN: %clang -O2 -ffast-math %s -o %t.ref
// RUN: %t.ref > %t.ref.out
// RUN: env PLR_PASS_MIN_N=64 %clang -O2 -ffast-math -g -fpass-plugin=%plr-pass -Rpass=plr -Rpass-missed=plr %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -o %t.plr 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: env PLR_VERBOSE=1 %t.plr > %t.plr.out 2> %t.plr.err
// RUN: diff %t.ref.out %t.plr.out
// RUN: %FileCheck %s --check-prefix=CALLS < %t.plr.err
// The parallel backend, forced on these arrays; the serial one.
// RUN: env PLR_MIN_PARALLEL_N=1 PLR_THREADS=3 %t.plr > %t.par.out
// RUN: diff %t.ref.out %t.par.out
// RUN: env PLR_BACKEND=serial %t.plr > %t.ser.out
// RUN: diff %t.ref.out %t.ser.out
#include <math.h>
#include <stdio.h>

#define N 3001

/* through memory, x and y at the same stride, any overlap left to the check */
__attribute__((noinline)) void ufilt(const unsigned *x, unsigned *y, int n, int C, unsigned a) {
  // REMARK-DAG: runtime-stride-alone.c:[[@LINE+1]]:{{.*}} call to plr_run_many: signature (1: a), type i32, order 1, layout: x and y stride a run-time value (either sign); plan: check(x apart from y or exactly y, the stride whole elements, not 0, at most 1048576 bytes); ask(1 pass); call(1: a) x->y, x and y stride a run-time value
  for (int j = 1; j < n; j++)
    y[j * C] = a * y[(j - 1) * C] + x[j * C];
}

/* one channel of an interleaved output from a mono input, the state in a
 * register, kept after the loop */
__attribute__((noinline)) void chan(const float *restrict x, float *restrict y, long n, long C, float a, float *mem) {
  float m = *mem;
  // REMARK-DAG: runtime-stride-alone.c:[[@LINE+1]]:{{.*}} call to plr_run_many: signature (1: a), type f32, order 1, layout: y stride a run-time value (either sign), x stride 1; plan: check(x apart from y, the stride whole elements, not 0, at most 1048576 bytes)
  for (long i = 0; i < n; i++) {
    m = x[i] + a * m;
    y[i * C] = m;
  }
  *mem = m;
}

/* the anti-causal pass, in place, second order through memory */
__attribute__((noinline)) void back(double *y, long n, long s, double a1, double a2) {
  // REMARK-DAG: runtime-stride-alone.c:[[@LINE+1]]:{{.*}} call to plr_run_many: signature (1: a1, a2), type f64, order 2, layout: x and y stride a run-time value (either sign); plan: check(the stride whole elements, not 0, at most 1048576 bytes); ask(1 pass); call(1: a1, a2) y->y in place
  for (long i = n - 3; i >= 0; i--)
    y[i * s] = y[i * s] + a1 * y[(i + 1) * s] + a2 * y[(i + 2) * s];
}

/* the stored value a map of the state (a gain), the state after the loop */
__attribute__((noinline)) float gain(const float *restrict x, float *restrict y, int n, int C, float a, float g) {
  float s = 0;
  // REMARK-DAG: runtime-stride-alone.c:[[@LINE+1]]:{{.*}} call to plr_run_many: signature (1: a), type f32, order 1, layout: x and y stride a run-time value (either sign), output an elementwise map of the state; plan: {{.*}}call(1: a) x->y, x and y stride a run-time value; map(out = g(y))
  for (int j = 0; j < n; j++) {
    s = a * s + x[j * C];
    y[j * C] = s * g;
  }
  return s;
}

/* a column at a stride of two run-time values (width times depth) */
__attribute__((noinline)) void col2(const int *restrict x, int *restrict y, long h, long w, long d, int a) {
  int s = 7;
  // REMARK-DAG: runtime-stride-alone.c:[[@LINE+1]]:{{.*}} call to plr_run_many: signature (1: a), type i32, order 1, layout: x and y stride a run-time value (either sign)
  for (long i = 0; i < h; i++) {
    s = a * s + x[i * w * d];
    y[i * w * d] = s;
  }
}

/* a high-pass: the input's earlier element read back at the stride too */
__attribute__((noinline)) void hp(const float *restrict x, float *restrict y, long n, long C, float a) {
  // REMARK-DAG: runtime-stride-alone.c:[[@LINE+1]]:{{.*}} call to plr_run_many: signature (1, -1: a), type f32, order 1, layout: x and y stride a run-time value (either sign)
  for (long j = 1; j < n; j++)
    y[j * C] = x[j * C] - x[(j - 1) * C] + a * y[(j - 1) * C];
}

/* the state stored to a second array at the same stride, its last value kept */
__attribute__((noinline)) float twice(const float *restrict x, float *restrict y, float *restrict z, long n, long C,
                                      float a) {
  float s = 0, last = 0;
  // REMARK-DAG: runtime-stride-alone.c:[[@LINE+1]]:{{.*}} call to plr_run_many: signature (1: a), type f32, order 1, layout: x and y stride a run-time value (either sign), one other array stored as an elementwise map of the output after the call; plan: check(x apart from y or exactly y, the stride whole elements, not 0, at most 1048576 bytes, z apart from x and y)
  for (long j = 0; j < n; j++) {
    s = a * s + x[j * C];
    y[j * C] = s;
    z[j * C] = 2 * s;
    last = z[j * C];
  }
  return last;
}

/* ... and over every column of an image at a run-time width: one call */
__attribute__((noinline)) void cols_twice(const int *restrict x, int *restrict y, int *restrict z, long h, long w) {
  for (long c = 0; c < w; c++) {
    int s = 1;
    // REMARK-DAG: runtime-stride-alone.c:[[@LINE+1]]:{{.*}} replaced loop nest with one call to plr_run_many: signature (1: 5), type i32, order 1; one sequence per iteration of the outer loop, x and y stride a run-time value, one other array stored as an elementwise map of the output after the call; plan: check(z apart from x and y); ask(2 passes); call(1: 5) x->y, a sequence per outer iteration, histories gathered; map(z = g(y))
    for (long r = 0; r < h; r++) {
      s = 5 * s + x[r * w + c];
      y[r * w + c] = s;
      z[r * w + c] = s ^ 0x55;
    }
  }
}

/* an input term materialized into y first (x squared), x without restrict:
 * its range at the stride checked apart from y */
__attribute__((noinline)) void sqa(const float *x, float *y, long n, long C, float a) {
  float s = 0;
  // REMARK-DAG: runtime-stride-alone.c:[[@LINE+1]]:{{.*}} call to plr_run_many: signature (1: a), type f32, order 1, layout: x and y stride a run-time value (either sign), input term materialized by a map; plan: check(other loads apart from y, the stride whole elements, not 0, at most 1048576 bytes)
  for (long j = 0; j < n; j++) {
    s = a * s + x[j * C] * x[j * C];
    y[j * C] = s;
  }
}

/* an oscillator (no input: zeros written first), through memory */
__attribute__((noinline)) void osc(double *y, long n, long C, double c2) {
  // REMARK-DAG: runtime-stride-alone.c:[[@LINE+1]]:{{.*}} call to plr_run_many: signature (1: c2, -1), type f64, order 2, layout: x and y stride a run-time value (either sign), homogeneous
  for (long j = 2; j < n; j++)
    y[j * C] = c2 * y[(j - 1) * C] - y[(j - 2) * C];
}

/* a double state stored into float */
__attribute__((noinline)) void wide(const float *restrict x, float *restrict y, long n, long C, float a) {
  double s = 0;
  // REMARK-DAG: runtime-stride-alone.c:[[@LINE+1]]:{{.*}} call to plr_run_many: signature (1: (double)a), type f64 (x f32, y f32), order 1, layout: x and y stride a run-time value (either sign)
  for (long i = 0; i < n; i++) {
    s = a * s + x[i * C];
    y[i * C] = (float)s;
  }
}

/* a second accumulator beside the recurrence (a copy of the loop without
 * its store computes it) */
__attribute__((noinline)) float energy(const float *restrict x, float *restrict y, long n, long C, float a) {
  float s = 0, t = 0;
  // REMARK-DAG: runtime-stride-alone.c:[[@LINE+1]]:{{.*}} call to plr_run_many: signature (1: a), type f32, order 1, layout: x and y stride a run-time value (either sign); plan: check(x apart from y, the stride whole elements, not 0, at most 1048576 bytes); ask(2 passes); side(copy of the loop without its store)
  for (long i = 0; i < n; i++) {
    s = a * s + x[i * C];
    y[i * C] = s;
    t += x[i * C] * x[i * C];
  }
  return t;
}

/* a biquad in direct form II (the output a FIR of the state, from saved
 * states) and in transposed direct form II from zero, over one channel */
__attribute__((noinline)) void df2(const float *restrict x, float *restrict y, long n, long C, float a1, float a2) {
  float w1 = 0.25f, w2 = -0.5f;
  // REMARK-DAG: runtime-stride-alone.c:[[@LINE+1]]:{{.*}} call to plr_run_many: signature (0.25, 0.5, 0.25: -a1, -a2), type f32, order 2, layout: x and y stride a run-time value (either sign), output a linear function of the state (direct form II)
  for (long i = 0; i < n; i++) {
    float w = x[i * C] - a1 * w1 - a2 * w2;
    y[i * C] = 0.25f * w + 0.5f * w1 + 0.25f * w2;
    w2 = w1;
    w1 = w;
  }
}

__attribute__((noinline)) void tdf2(const float *restrict x, float *restrict y, long n, long C) {
  float z1 = 0, z2 = 0;
  // REMARK-DAG: runtime-stride-alone.c:[[@LINE+1]]:{{.*}} call to plr_run_many: signature (0.2, 0.4, 0.2: 0.9, -0.4), type f32, order 2, layout: x and y stride a run-time value (either sign), transposed states (direct form II transposed), from zero
  for (long i = 0; i < n; i++) {
    float in = x[i * C];
    float out = 0.2f * in + z1;
    z1 = 0.4f * in + 0.9f * out + z2;
    z2 = 0.2f * in - 0.4f * out;
    y[i * C] = out;
  }
}

/* the same from saved states, written back: its first outputs computed
 * before the call from the states' start (opus's de-emphasis in stereo,
 * C = 2, has this form) */
__attribute__((noinline)) void tdf2s(const float *restrict x, float *restrict y, long n, long C, float *restrict st) {
  float z1 = st[0], z2 = st[1];
  // REMARK-DAG: runtime-stride-alone.c:[[@LINE+1]]:{{.*}} call to plr_run_many: signature (0.2, 0.4, 0.2: 0.9, -0.4), type f32, order 2, layout: x and y stride a run-time value (either sign), transposed states (direct form II transposed): the first outputs computed before the call from the states' start; plan: check(x apart from y or exactly y, the stride whole elements, not 0, at most 1048576 bytes); ask(1 pass); map(first 2 outputs from the states' start); call(0.2, 0.4, 0.2: 0.9, -0.4) x->y, x and y stride a run-time value, after the first outputs
  for (long i = 0; i < n; i++) {
    float in = x[i * C];
    float out = 0.2f * in + z1;
    z1 = 0.4f * in + 0.9f * out + z2;
    z2 = 0.2f * in - 0.4f * out;
    y[i * C] = out;
  }
  st[0] = z1;
  st[1] = z2;
}

__attribute__((optnone, noinline)) static void ref_df2(const float *x, double *r, long n, long C) {
  double w1 = 0.25, w2 = -0.5;
  for (long i = 0; i < n; i++) {
    double w = x[i * C] + 0.9 * w1 - 0.4 * w2;
    r[i] = 0.25 * w + 0.5 * w1 + 0.25 * w2;
    w2 = w1;
    w1 = w;
  }
}

__attribute__((optnone, noinline)) static void ref_tdf2(const float *x, double *r, long n, long C) {
  double z1 = 0, z2 = 0;
  for (long i = 0; i < n; i++) {
    double in = x[i * C], out = 0.2 * in + z1;
    z1 = 0.4 * in + 0.9 * out + z2;
    z2 = 0.2 * in - 0.4 * out;
    r[i] = out;
  }
}

__attribute__((optnone, noinline)) static void ref_tdf2s(const float *x, double *r, long n, long C, double *st) {
  double z1 = st[0], z2 = st[1];
  for (long i = 0; i < n; i++) {
    double in = x[i * C], out = 0.2 * in + z1;
    z1 = 0.4 * in + 0.9 * out + z2;
    z2 = 0.2 * in - 0.4 * out;
    r[i] = out;
  }
  st[0] = z1;
  st[1] = z2;
}

/* one interleaved buffer, channel 1 from channel 0 (one array's lanes at a
 * run-time channel count C): the input's lane tested apart from the
 * output's at run time; C = 1 (the same elements) runs as written */
__attribute__((noinline)) void chmix(float *buf, long n, long C, float a) {
  // REMARK-DAG: runtime-stride-alone.c:[[@LINE+1]]:{{.*}} call to plr_run_many: signature (1: a), type f32, order 1, layout: x and y stride a run-time value (either sign), input term materialized by a map; plan: check(other loads apart from y, the stride whole elements, not 0, at most 1048576 bytes)
  for (long i = 1; i < n; i++)
    buf[i * C + 1] = buf[i * C] + a * buf[(i - 1) * C + 1];
}

__attribute__((optnone, noinline)) static void ref_chmix(double *buf, long n, long C, double a) {
  for (long i = 1; i < n; i++)
    buf[i * C + 1] = buf[i * C] + a * buf[(i - 1) * C + 1];
}

/* the same read back inside a nest over columns at a run-time width: the
 * nest is one call, a sequence per column, forward and backward in place */
__attribute__((noinline)) void cols(float *restrict y, const float *restrict x, long h, long w, float a) {
  for (long c = 0; c < w; c++)
    // REMARK-DAG: runtime-stride-alone.c:[[@LINE+1]]:{{.*}} replaced loop nest with one call to plr_run_many: signature (1: a), type f32, order 1; one sequence per iteration of the outer loop, x and y stride a run-time value
    for (long i = 1; i < h; i++)
      y[i * w + c] = x[i * w + c] + a * y[(i - 1) * w + c];
}

__attribute__((noinline)) void cols_back(float *y, long h, long w, float a) {
  for (long c = 0; c < w; c++)
    // REMARK-DAG: runtime-stride-alone.c:[[@LINE+1]]:{{.*}} replaced loop nest with one call to plr_run_many: signature (1: a), type f32, order 1; one sequence per iteration of the outer loop, x and y stride a run-time value; plan: check(no sequence writes another's history); ask(1 pass); call(1: a) y->y in place
    for (long i = h - 2; i >= 0; i--)
      y[i * w + c] = y[i * w + c] + a * y[(i + 1) * w + c];
}

/* the references of the loops above, never replaced (optnone) */
__attribute__((optnone, noinline)) static void ref_back(double *r, long n) {
  for (long i = n - 3; i >= 0; i--)
    r[i] = r[i] + 0.5 * r[i + 1] - 0.25 * r[i + 2];
}

__attribute__((optnone, noinline)) static void ref_cols(double *r, const float *x, long h, long w) {
  for (long c = 0; c < w; c++)
    for (long i = 1; i < h; i++)
      r[i * w + c] = x[i * w + c] + 0.5 * r[(i - 1) * w + c];
  for (long c = 0; c < w; c++)
    for (long i = h - 2; i >= 0; i--)
      r[i * w + c] = r[i * w + c] - 0.75 * r[(i + 1) * w + c];
}

static int close_to(double got, double want, double scale) { return fabs(got - want) <= 1e-4 * (scale + fabs(want)); }

/* y[i*C] against ref[i], i < n, at the scale of the largest reference */
static int near_ref(const float *y, long C, const double *ref, long n) {
  double scale = 0;
  int ok = 1;
  for (long i = 0; i < n; i++)
    scale = fmax(scale, fabs(ref[i]));
  for (long i = 0; i < n; i++)
    ok &= close_to(y[i * C], ref[i], scale);
  return ok;
}

static unsigned long hash_u(const unsigned *v, long n, unsigned long h) {
  for (long i = 0; i < n; i++)
    h = h * 1000003u ^ v[i];
  return h;
}

static float fx[4 * N], fy[4 * N];
static double dy[4 * N];
static unsigned ux[4 * N], uy[4 * N];
static int ix[4 * N], iy[4 * N];

int main(void) {
  unsigned r = 17;
  for (int i = 0; i < 4 * N; i++) {
    r = r * 1103515245u + 12345u;
    ux[i] = r | 1;
    ix[i] = (int)(r >> 3);
    fx[i] = (float)((int)(r >> 8) % 20001 - 10000) / 64.0f;
  }
  /* strides 1, 3, -1, -2 (called), 0 (as written: one element) */
  int strides[5] = {1, 3, -1, -2, 0};
  for (int k = 0; k < 5; k++) {
    int C = strides[k], n = C == 0 ? 50 : N;
    unsigned *y = C < 0 ? uy + 4 * N - 1 : uy;
    const unsigned *x = C < 0 ? ux + 4 * N - 1 : ux;
    for (int i = 0; i < 4 * N; i++)
      uy[i] = ux[(i * 7) % (4 * N)];
    ufilt(x, y, n, C, 2654435761u);
    printf("ufilt C=%d %lx\n", C, hash_u(uy, 4 * N, 5));
  }
  /* in place (x is y) at stride 2: exactly y, called */
  for (int i = 0; i < 4 * N; i++)
    uy[i] = ux[i];
  ufilt(uy, uy, N, 2, 3u);
  printf("ufilt in place %lx\n", hash_u(uy, 4 * N, 5));
  /* x interleaved with y (odd elements in, even out): the footprints
   * meet, the loop runs as written */
  for (int i = 0; i < 4 * N; i++)
    uy[i] = ux[i];
  ufilt(uy + 1, uy, N, 2, 5u);
  printf("ufilt interleaved %lx\n", hash_u(uy, 4 * N, 5));

  /* one channel of 1, 2 and 3 interleaved, and written backward */
  long chans[4] = {1, 2, 3, -2};
  for (int k = 0; k < 4; k++) {
    long C = chans[k];
    float *y = C < 0 ? fy + 4 * N - 1 : fy;
    for (int i = 0; i < 4 * N; i++)
      fy[i] = -1.0f;
    float mem = 3.5f;
    chan(fx, y, N, C, 0.9f, &mem);
    double m = 3.5, scale = 0;
    int ok = 1;
    for (long i = 0; i < N; i++) {
      m = fx[i] + 0.9 * m;
      scale = fmax(scale, fabs(m));
      ok &= close_to(y[i * C], m, scale);
    }
    /* the other channels untouched */
    for (int i = 0; i < 4 * N; i++) {
      long off = (long)(&fy[i] - y);
      if (off % C != 0 || off / C < 0 || off / C >= N)
        ok &= fy[i] == -1.0f;
    }
    ok &= close_to(mem, m, scale);
    printf("chan C=%ld %s\n", C, ok ? "ok" : "bad");
  }

  long bs[3] = {1, 3, -2};
  for (int k = 0; k < 3; k++) {
    long s = bs[k];
    double *y = s < 0 ? dy + 4 * N - 1 : dy;
    for (int i = 0; i < 4 * N; i++)
      dy[i] = fx[i];
    double ref[N];
    for (long i = 0; i < N; i++)
      ref[i] = y[i * s];
    back(y, N, s, 0.5, -0.25);
    ref_back(ref, N);
    double scale = 0;
    int ok = 1;
    for (long i = 0; i < N; i++)
      scale = fmax(scale, fabs(ref[i]));
    for (long i = 0; i < N; i++)
      ok &= close_to(y[i * s], ref[i], scale);
    printf("back s=%ld %s\n", s, ok ? "ok" : "bad");
  }

  int gs[3] = {1, 4, -3};
  for (int k = 0; k < 3; k++) {
    int C = gs[k];
    float *y = C < 0 ? fy + 4 * N - 1 : fy;
    const float *x = C < 0 ? fx + 4 * N - 1 : fx;
    float last = gain(x, y, 2000, C, 0.75f, 0.125f);
    double s = 0, scale = 0;
    int ok = 1;
    for (int j = 0; j < 2000; j++) {
      s = 0.75 * s + x[j * C];
      scale = fmax(scale, fabs(s));
      ok &= close_to(y[j * C], s * 0.125, scale);
    }
    ok &= close_to(last, s, scale);
    printf("gain C=%d %s\n", C, ok ? "ok" : "bad");
  }

  long hs[3] = {1, 2, -3};
  for (int k = 0; k < 3; k++) {
    long C = hs[k];
    float *y = C < 0 ? fy + 4 * N - 1 : fy;
    const float *x = C < 0 ? fx + 4 * N - 1 : fx;
    for (int i = 0; i < 4 * N; i++)
      fy[i] = fx[(i * 3) % (4 * N)];
    double prev = y[0];
    hp(x, y, N, C, 0.95f);
    double scale = 0;
    int ok = 1;
    for (long j = 1; j < N; j++) {
      prev = (double)x[j * C] - x[(j - 1) * C] + 0.95 * prev;
      scale = fmax(scale, fabs(prev));
      ok &= close_to(y[j * C], prev, scale);
    }
    printf("hp C=%ld %s\n", C, ok ? "ok" : "bad");
  }

  long ts[3] = {1, 2, -3};
  for (int k = 0; k < 3; k++) {
    long C = ts[k];
    float *y = C < 0 ? fy + 4 * N - 1 : fy;
    float *z = C < 0 ? (float *)dy + 4 * N - 1 : (float *)dy;
    const float *x = C < 0 ? fx + 4 * N - 1 : fx;
    float last = twice(x, y, z, 1000, C, -0.5f);
    double s = 0, scale = 0;
    int ok = 1;
    for (long j = 0; j < 1000; j++) {
      s = -0.5 * s + x[j * C];
      scale = fmax(scale, fabs(s));
      ok &= close_to(y[j * C], s, scale) && close_to(z[j * C], 2 * s, scale);
    }
    ok &= close_to(last, 2 * s, scale);
    printf("twice C=%ld %s\n", C, ok ? "ok" : "bad");
  }
  for (int i = 0; i < 4 * N; i++)
    iy[i] = ix[(i * 11) % (4 * N)];
  cols_twice(ix, iy, (int *)uy, 50, 41);
  printf("cols_twice %lx %lx\n", hash_u((unsigned *)iy, 50 * 41, 17), hash_u(uy, 50 * 41, 19));

  /* sqa: apart (called at 2 and -2), x interleaved with y (as written) */
  for (int k = 0; k < 3; k++) {
    long C = k == 1 ? -2 : 2;
    float *y = C < 0 ? fy + 4 * N - 1 : fy;
    const float *x = k == 2 ? fy + 1 : C < 0 ? fx + 4 * N - 1 : fx;
    for (int i = 0; i < 4 * N; i++)
      fy[i] = fx[(i * 13) % (4 * N)] / 8.0f;
    double xs[1500];
    for (long j = 0; j < 1500; j++)
      xs[j] = x[j * C];
    sqa(x, y, 1500, C, 0.25f);
    double s = 0, scale = 0;
    int ok = 1;
    for (long j = 0; j < 1500; j++) {
      s = 0.25 * s + xs[j] * xs[j];
      scale = fmax(scale, fabs(s));
      ok &= close_to(y[j * C], s, scale);
    }
    printf("sqa C=%ld%s %s\n", C, k == 2 ? " interleaved" : "", ok ? "ok" : "bad");
  }
  /* osc at 1, 3, -2 */
  long os[3] = {1, 3, -2};
  for (int k = 0; k < 3; k++) {
    long C = os[k];
    double *y = C < 0 ? dy + 4 * N - 1 : dy;
    y[0] = 1.0;
    y[C] = 0.5;
    osc(y, 1200, C, 1.9);
    double a0 = 1.0, a1 = 0.5;
    int ok = 1;
    for (long j = 2; j < 1200; j++) {
      double v = 1.9 * a1 - a0;
      ok &= close_to(y[j * C], v, 20.0);
      a0 = a1;
      a1 = v;
    }
    printf("osc C=%ld %s\n", C, ok ? "ok" : "bad");
  }
  /* wide at 1, 2, -5 */
  long ws[3] = {1, 2, -5};
  for (int k = 0; k < 3; k++) {
    long C = ws[k];
    float *y = C < 0 ? fy + 4 * N - 1 : fy;
    const float *x = C < 0 ? fx + 4 * N - 1 : fx;
    wide(x, y, 2000, C, 0.99f);
    double s = 0;
    int ok = 1;
    for (long i = 0; i < 2000; i++) {
      s = (double)0.99f * s + x[i * C];
      ok &= y[i * C] == (float)s || close_to(y[i * C], s, fabs(s));
    }
    printf("wide C=%ld %s\n", C, ok ? "ok" : "bad");
  }

  long es[2] = {3, -2};
  for (int k = 0; k < 2; k++) {
    long C = es[k];
    float *y = C < 0 ? fy + 4 * N - 1 : fy;
    const float *x = C < 0 ? fx + 4 * N - 1 : fx;
    float t = energy(x, y, 1300, C, 0.5f);
    double s = 0, tt = 0, scale = 0;
    int ok = 1;
    for (long i = 0; i < 1300; i++) {
      s = 0.5 * s + x[i * C];
      tt += (double)x[i * C] * x[i * C];
      scale = fmax(scale, fabs(s));
      ok &= close_to(y[i * C], s, scale);
    }
    ok &= close_to(t, tt, tt);
    printf("energy C=%ld %s\n", C, ok ? "ok" : "bad");
  }

  long bs2[3] = {1, 2, -3};
  for (int k = 0; k < 3; k++) {
    long C = bs2[k];
    float *y = C < 0 ? fy + 4 * N - 1 : fy;
    const float *x = C < 0 ? fx + 4 * N - 1 : fx;
    static double r2[N];
    int ok = 1;
    for (int form = 0; form < 3; form++) {
      float st[2] = {300.0f, -120.0f};
      double dst[2] = {300.0, -120.0};
      if (form == 0) {
        df2(x, y, 2500, C, -0.9f, 0.4f);
        ref_df2(x, r2, 2500, C);
      } else if (form == 1) {
        tdf2(x, y, 2500, C);
        ref_tdf2(x, r2, 2500, C);
      } else {
        tdf2s(x, y, 2500, C, st);
        ref_tdf2s(x, r2, 2500, C, dst);
        ok &= close_to(st[0], dst[0], fabs(r2[2499]) + 1e3) && close_to(st[1], dst[1], fabs(r2[2499]) + 1e3);
      }
      ok &= near_ref(y, C, r2, 2500);
    }
    printf("biquads C=%ld %s\n", C, ok ? "ok" : "bad");
  }

  long ms[4] = {2, 3, 1, -2};
  for (int k = 0; k < 4; k++) {
    long C = ms[k];
    float *buf = C < 0 ? fy + 4 * N - 2 : fy;
    static double rb[4 * N];
    for (int i = 0; i < 4 * N; i++)
      rb[i] = fy[i] = fx[(i * 7) % (4 * N)];
    double *rbuf = C < 0 ? rb + 4 * N - 2 : rb;
    chmix(buf, 1800, C, 0.5f);
    ref_chmix(rbuf, 1800, C, 0.5);
    int ok = near_ref(fy, 1, rb, 4 * N);
    printf("chmix C=%ld %s\n", C, ok ? "ok" : "bad");
  }

  long wd[3][2] = {{1, 1}, {3, 2}, {-2, 2}};
  for (int k = 0; k < 3; k++) {
    long w = wd[k][0], d = wd[k][1];
    int *y = w < 0 ? iy + 4 * N - 1 : iy;
    const int *x = w < 0 ? ix + 4 * N - 1 : ix;
    for (int i = 0; i < 4 * N; i++)
      iy[i] = -i;
    col2(x, y, 600, w, d, 1664525);
    printf("col2 w=%ld d=%ld %lx\n", w, d, hash_u((unsigned *)iy, 4 * N, 13));
  }
  /* 40 rows of 37 columns, then the backward pass in place */
  {
    long h = 40, w = 37;
    static double ref[40 * 37];
    for (int i = 0; i < h * w; i++)
      ref[i] = fy[i] = fx[(i * 5) % (4 * N)];
    cols(fy, fx, h, w, 0.5f);
    ref_cols(ref, fx, h, w);
    cols_back(fy, h, w, -0.75f);
    int ok = near_ref(fy, 1, ref, h * w);
    printf("cols %s\n", ok ? "ok" : "bad");
  }
  return 0;
}

// The generator (an LCG), then the calls in order; C = 0 and the interleaved
// arrays run as written.
// CALLS: plr: (1: 1103515245) i32 n=12004
// CALLS-NEXT: plr: (1: -1640531535) i32 n=3000
// CALLS-NEXT: plr: (1: -1640531535) i32 1 x n=3000 (x stride 3 dist 0, y stride 3 dist 0)
// CALLS-NEXT: plr: (1: -1640531535) i32 1 x n=3000 (x stride -1 dist 0, y stride -1 dist 0)
// CALLS-NEXT: plr: (1: -1640531535) i32 1 x n=3000 (x stride -2 dist 0, y stride -2 dist 0)
// CALLS-NEXT: plr: (1: 3) i32 1 x n=3000 (x stride 2 dist 0, y stride 2 dist 0, in place)
// CALLS-NEXT: plr: (1: 0.9) f32 n=3001
// CALLS-NEXT: plr: (1: 0.9) f32 1 x n=3001 (x stride 1 dist 0, y stride 2 dist 0)
// CALLS-NEXT: plr: (1: 0.9) f32 1 x n=3001 (x stride 1 dist 0, y stride 3 dist 0)
// CALLS-NEXT: plr: (1: 0.9) f32 1 x n=3001 (x stride 1 dist 0, y stride -2 dist 0)
// CALLS-NEXT: plr: (1: 0.5, -0.25) f64 1 x n=2999 (x stride -1 dist 0, y stride -1 dist 0, in place)
// CALLS-NEXT: plr: (1: 0.5, -0.25) f64 1 x n=2999 (x stride -3 dist 0, y stride -3 dist 0, in place)
// CALLS-NEXT: plr: (1: 0.5, -0.25) f64 1 x n=2999 (x stride 2 dist 0, y stride 2 dist 0, in place)
// CALLS-NEXT: plr: (1: 0.75) f32 n=2000
// CALLS-NEXT: plr: (1: 0.75) f32 1 x n=2000 (x stride 4 dist 0, y stride 4 dist 0)
// CALLS-NEXT: plr: (1: 0.75) f32 1 x n=2000 (x stride -3 dist 0, y stride -3 dist 0)
// CALLS-NEXT: plr: (1, -1: 0.95) f32 n=3000
// CALLS-NEXT: plr: (1, -1: 0.95) f32 1 x n=3000 (x stride 2 dist 0, y stride 2 dist 0)
// CALLS-NEXT: plr: (1, -1: 0.95) f32 1 x n=3000 (x stride -3 dist 0, y stride -3 dist 0)
// CALLS-NEXT: plr: (1: -0.5) f32 n=1000
// CALLS-NEXT: plr: (1: -0.5) f32 1 x n=1000 (x stride 2 dist 0, y stride 2 dist 0)
// CALLS-NEXT: plr: (1: -0.5) f32 1 x n=1000 (x stride -3 dist 0, y stride -3 dist 0)
// CALLS-NEXT: plr: (1: 5) i32 41 x n=50 (x stride 41 dist 1, y stride 41 dist 1)
// CALLS-NEXT: plr: (1: 0.25) f32 1 x n=1500 (x stride 2 dist 0, y stride 2 dist 0, in place)
// CALLS-NEXT: plr: (1: 0.25) f32 1 x n=1500 (x stride -2 dist 0, y stride -2 dist 0, in place)
// CALLS-NEXT: plr: (1: 1.9, -1) f64 n=1198
// CALLS-NEXT: plr: (1: 1.9, -1) f64 1 x n=1198 (x stride 3 dist 0, y stride 3 dist 0, in place)
// CALLS-NEXT: plr: (1: 1.9, -1) f64 1 x n=1198 (x stride -2 dist 0, y stride -2 dist 0, in place)
// CALLS-NEXT: plr: (1: 0.9900000095367432) f64 n=2000
// CALLS-NEXT: plr: (1: 0.9900000095367432) f64 1 x n=2000 (x stride 2 dist 0, y stride 2 dist 0)
// CALLS-NEXT: plr: (1: 0.9900000095367432) f64 1 x n=2000 (x stride -5 dist 0, y stride -5 dist 0)
// CALLS-NEXT: plr: (1: 0.5) f32 1 x n=1300 (x stride 3 dist 0, y stride 3 dist 0)
// CALLS-NEXT: plr: (1: 0.5) f32 1 x n=1300 (x stride -2 dist 0, y stride -2 dist 0)
// CALLS-NEXT: plr: (0.25, 0.5, 0.25: 0.9, -0.4) f32 n=2500
// CALLS-NEXT: plr: (0.2, 0.4, 0.2: 0.9, -0.4) f32 n=2500
// CALLS-NEXT: plr: (0.2, 0.4, 0.2: 0.9, -0.4) f32 n=2498
// CALLS-NEXT: plr: (0.25, 0.5, 0.25: 0.9, -0.4) f32 1 x n=2500 (x stride 2 dist 0, y stride 2 dist 0)
// CALLS-NEXT: plr: (0.2, 0.4, 0.2: 0.9, -0.4) f32 1 x n=2500 (x stride 2 dist 0, y stride 2 dist 0)
// CALLS-NEXT: plr: (0.2, 0.4, 0.2: 0.9, -0.4) f32 1 x n=2498 (x stride 2 dist 0, y stride 2 dist 0)
// CALLS-NEXT: plr: (0.25, 0.5, 0.25: 0.9, -0.4) f32 1 x n=2500 (x stride -3 dist 0, y stride -3 dist 0)
// CALLS-NEXT: plr: (0.2, 0.4, 0.2: 0.9, -0.4) f32 1 x n=2500 (x stride -3 dist 0, y stride -3 dist 0)
// CALLS-NEXT: plr: (0.2, 0.4, 0.2: 0.9, -0.4) f32 1 x n=2498 (x stride -3 dist 0, y stride -3 dist 0)
// CALLS-NEXT: plr: (1: 0.5) f32 1 x n=1799 (x stride 2 dist 0, y stride 2 dist 0, in place)
// CALLS-NEXT: plr: (1: 0.5) f32 1 x n=1799 (x stride 3 dist 0, y stride 3 dist 0, in place)
// CALLS-NEXT: plr: (1: 0.5) f32 1 x n=1799 (x stride -2 dist 0, y stride -2 dist 0, in place)
// CALLS-NEXT: plr: (1: 1664525) i32 n=600
// CALLS-NEXT: plr: (1: 1664525) i32 1 x n=600 (x stride 6 dist 0, y stride 6 dist 0)
// CALLS-NEXT: plr: (1: 1664525) i32 1 x n=600 (x stride -4 dist 0, y stride -4 dist 0)
// CALLS-NEXT: plr: (1: 0.5) f32 37 x n=39 (x stride 37 dist 1, y stride 37 dist 1)
// CALLS-NEXT: plr: (1: -0.75) f32 37 x n=39 (x stride -37 dist 1, y stride -37 dist 1, in place)
// CALLS-NOT: plr: (
