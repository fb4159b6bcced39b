/*
 * check.h - what an end-to-end test needs besides its kernels: inputs made
 * the same way with and without the plugin, and the comparison of float
 * results with a long double reference.
 */
#ifndef PLR_E2E_CHECK_H
#define PLR_E2E_CHECK_H

#include <math.h>
#include <stdint.h>

/* xorshift: not a linear recurrence, so the inputs are made the same way
 * with and without the plugin (and by no call) */
static uint32_t check_rng = 2463534242u;
__attribute__((noinline, unused)) static uint32_t next(void) {
  check_rng ^= check_rng << 13, check_rng ^= check_rng >> 17, check_rng ^= check_rng << 5;
  return check_rng;
}
/* non-zero values in [-1, 1] */
static inline float unit(void) { return ((int)(next() % 2001) - 1000) / 1000.0f + 0.0005f; }

/* non-zero, in [-1000, 1000] */
static inline long small(void) {
  long v = (long)(next() % 2001) - 1000;
  return v ? v : 1;
}

/* an error relative to 1 + |reference| */
static inline long double rel(long double got, long double ref) { return fabsl(got - ref) / (1 + fabsl(ref)); }
/* the largest over n elements */
static inline long double worst(const float *got, const long double *ref, long n) {
  long double w = 0;
  for (long i = 0; i < n; i++)
    w = fmaxl(w, rel(got[i], ref[i]));
  return w;
}
static inline long double worst_d(const double *got, const long double *ref, long n) {
  long double w = 0;
  for (long i = 0; i < n; i++)
    w = fmaxl(w, rel(got[i], ref[i]));
  return w;
}
/* float results; doubles take a tighter bound (verdict_d) */
static inline const char *verdict(long double w) { return w <= 1e-4L ? "ok" : "BAD"; }
static inline const char *verdict_d(long double w) { return w <= 1e-10L ? "ok" : "BAD"; }
/* f[i] random, l[i] the same value */
static inline void fill(float *f, long double *l, long n) {
  for (long i = 0; i < n; i++)
    f[i] = unit(), l[i] = f[i];
}
/* a final state against the reference's */
static inline const char *state(float g, long double lg) { return verdict(fabsl(g - lg) / (1 + fabsl(lg))); }

/* elements differing between got and ref, each array of n, added to bad */
#define DIFF(bad, got, ref, n)                                                                                         \
    for (long i_ = 0; i_ < (n); i_++)                                                                                  \
    (bad) += (got)[i_] != (ref)[i_]

static inline unsigned long hash(const int32_t *v, long n) {
  unsigned long h = 0;
  for (long i = 0; i < n; i++)
    h = h * 1000003u ^ (uint32_t)v[i];
  return h;
}

#endif /* PLR_E2E_CHECK_H */
