// A C++ filter object: a biquad class in transposed direct form II whose
// per-sample tick() updates its member states, called over a block. The
// states stay in memory (y may point into the object); the pass carries
// them in registers behind a run-time check and replaces the loop. Checked
// against a long double reference, whole and in blocks, double and float;
// an object inside its own output array runs the loop as written.
// REQUIRES: pass
// RUN: %clangxx -O2 -ffast-math %s -o %t.ref
// RUN: %t.ref > %t.ref.out
// RUN: env PLR_PASS_MIN_N=64 %clangxx -O2 -ffast-math -fpass-plugin=%plr-pass -Rpass=plr -Rpass-missed=plr %s -L%plr-libdir -lplr -Wl,-rpath,%plr-libdir -o %t.plr 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: env PLR_VERBOSE=1 %t.plr > %t.plr.out 2> %t.plr.err
// RUN: diff %t.ref.out %t.plr.out
// RUN: %FileCheck %s --check-prefix=CALLS < %t.plr.err
// RUN: %FileCheck %s --check-prefix=ALIAS < %t.plr.err
// RUN: env PLR_DEVICE=cpu PLR_THREADS=3 %t.plr > %t.cpu.out
// RUN: diff %t.ref.out %t.cpu.out
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

template <class T> class Biquad {
public:
  Biquad(T b0, T b1, T b2, T a1, T a2) : b0_(b0), b1_(b1), b2_(b2), a1_(a1), a2_(a2) {}
  T tick(T x) {
    T v = b0_ * x + z1_;
    z1_ = b1_ * x - a1_ * v + z2_;
    z2_ = b2_ * x - a2_ * v;
    return v;
  }
  __attribute__((noinline)) void process(T *y, const T *x, long n) {
    // REMARK-DAG: tdf2-member.cpp:[[@LINE+1]]:{{.*}} replaced linear recurrence with a call to plr_run: signature {{.*}} type f{{32|64}}, order 2, transposed states
    for (long i = 0; i < n; i++)
      y[i] = tick(x[i]);
  }
  T z1() const { return z1_; }
  T z2() const { return z2_; }

private:
  T b0_, b1_, b2_, a1_, a2_;
  T z1_ = 0, z2_ = 0;
};

static unsigned long rng = 424242;
static unsigned long next() { return rng = rng * 6364136223846793005ul + 1442695040888963407ul, rng >> 33; }
static bool near(double a, double b, double tol) { return std::fabs(a - b) <= tol * (1 + std::fabs(b)); }

template <class T> static bool check(const char *name, long n, double tol) {
  std::vector<T> x(n), y(n), yb(n);
  for (long i = 0; i < n; i++) {
    x[i] = T((long)(next() % 2001) - 1000) / T(1000);
    if (x[i] == 0) x[i] = T(0.5);
  }
  const T c[5] = {T(0.25), T(-0.3), T(0.15), T(-0.7), T(0.2)};
  Biquad<T> whole(c[0], c[1], c[2], c[3], c[4]), blocks = whole;
  whole.process(y.data(), x.data(), n);
  for (long at = 0, k = 0; at < n; k++) {
    long len = std::min(n - at, k % 2 ? 611L : 1000L);
    blocks.process(yb.data() + at, x.data() + at, len);
    at += len;
  }
  long double z1 = 0, z2 = 0;
  bool ok = true;
  for (long i = 0; i < n; i++) {
    long double v = c[0] * (long double)x[i] + z1;
    z1 = c[1] * (long double)x[i] - c[3] * v + z2;
    z2 = c[2] * (long double)x[i] - c[4] * v;
    ok &= near(y[i], (double)v, tol) && near(yb[i], (double)v, tol);
  }
  ok &= near(whole.z1(), (double)z1, tol) && near(blocks.z2(), (double)z2, tol);
  std::printf("%s %s\n", name, ok ? "ok" : "bad");
  return ok;
}

int main() {
  check<double>("double", 4099, 1e-10);
  check<float>("float", 3001, 1e-4);
  // the object inside its output: its coefficients overwritten on the way
  std::vector<double> buf(2000), x(2000);
  for (int i = 0; i < 2000; i++) x[i] = (double)((int)(next() % 201) - 100) / 64;
  auto *f = new (buf.data() + 100) Biquad<double>(0.25, 0.5, 0.25, 0.0, 0.0);
  std::fprintf(stderr, "inside: begin\n");
  f->process(buf.data(), x.data(), 2000);
  std::fprintf(stderr, "inside: end\n");
  double s = 0;
  for (double v : buf) s += std::fabs(v);
  std::printf("inside %.17g\n", s);
  return 0;
}
// (zero states, but loaded from the object: the first two outputs computed
// before the call)
// CALLS-DAG: plr: (0.25, -0.3, 0.15: 0.7, -0.2) f64 n=4097
// CALLS-DAG: plr: (0.25, -0.3, 0.15: 0.7, -0.2) f32 n=2999
// ALIAS: inside: begin
// ALIAS-NEXT: inside: end
