// Host self-check of the Scan baseline's operator (scan_op.h), runs without a
// GPU: associativity on random pairs (exact for unsigned, tolerance for
// float/double), and scans of the element pairs - left fold, right fold and
// random bracketings - against the serial loop of the recurrence, for the
// Table 1 signatures of order <= 3 and random ones up to k = 4.
// Exit status 0 and "scan-op-test: N checks passed" when all hold.
#include "scan_op.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

using namespace plr_eval;

static int checks, failures;

static void expect(bool ok, const char *what, int k, const char *type)
{
    checks++;
    if (!ok) {
        failures++;
        if (failures < 20)
            fprintf(stderr, "FAIL: %s (k=%d, %s)\n", what, k, type);
    }
}

template <class T> static bool close(T a, T b, double tol)
{
    if (std::is_integral<T>::value)
        return a == b;
    double d = std::fabs((double)a - (double)b), s = std::fabs((double)a) + std::fabs((double)b);
    return d <= tol * (1.0 + s);
}

template <class T, int K> static bool pair_close(const Pair<T, K> &x, const Pair<T, K> &y, double tol)
{
    for (int i = 0; i < K; i++) {
        for (int j = 0; j < K; j++)
            if (!close(x.m[i][j], y.m[i][j], tol))
                return false;
        if (!close(x.v[i], y.v[i], tol))
            return false;
    }
    return true;
}

template <class T> static T rnd(std::mt19937_64 &g)
{
    if (std::is_integral<T>::value)
        return (T)g();
    return (T)(std::uniform_real_distribution<double>(-1.0, 1.0)(g));
}

// the serial loop, in the element type, unsigned wrap for integers
template <class T, int K> static std::vector<T> serial(const ScanCoefs<T, K> &c, const std::vector<T> &x)
{
    std::vector<T> y(x.size());
    for (size_t i = 0; i < x.size(); i++) {
        T s = T(0);
        for (int l = 0; l < c.p1; l++)
            if ((long long)i - l >= 0)
                s += c.a[l] * x[i - l];
        for (int j = 1; j <= K; j++)
            if ((long long)i - j >= 0)
                s += c.b[j - 1] * y[i - j];
        y[i] = s;
    }
    return y;
}

// combine e[lo..hi] with a random bracketing
template <class T, int K>
static Pair<T, K> tree(const std::vector<Pair<T, K>> &e, size_t lo, size_t hi, std::mt19937_64 &g)
{
    if (lo == hi)
        return e[lo];
    size_t mid = lo + g() % (hi - lo);
    return ScanOp<T, K>()(tree<T, K>(e, lo, mid, g), tree<T, K>(e, mid + 1, hi, g));
}

template <class T, int K> static void check_coefs(const ScanCoefs<T, K> &c, const char *type, double tol,
                                                  std::mt19937_64 &g)
{
    ScanOp<T, K> op;
    // associativity on random pairs (values kept small for floats)
    for (int r = 0; r < 200; r++) {
        Pair<T, K> p[3];
        for (auto &q : p) {
            for (int i = 0; i < K; i++) {
                for (int j = 0; j < K; j++)
                    q.m[i][j] = rnd<T>(g);
                q.v[i] = rnd<T>(g);
            }
        }
        expect(pair_close(op(op(p[0], p[1]), p[2]), op(p[0], op(p[1], p[2])), tol),
               "associativity on random pairs", K, type);
    }
    // scans of the element pairs vs the serial loop
    const size_t n = 300;
    std::vector<T> x(n);
    for (auto &v : x)
        v = std::is_integral<T>::value ? (T)(g() % 1000) : rnd<T>(g);
    std::vector<T> y = serial<T, K>(c, x);
    MakePair<T, K> mk{x.data(), c};
    std::vector<Pair<T, K>> e(n);
    for (size_t i = 0; i < n; i++)
        e[i] = mk((long long)i);
    // left fold = the inclusive scan's order
    Pair<T, K> acc = e[0];
    bool ok = close(TakeY<T, K>()(acc), y[0], tol);
    for (size_t i = 1; i < n; i++) {
        acc = op(acc, e[i]);
        ok = ok && close(TakeY<T, K>()(acc), y[i], tol);
    }
    expect(ok, "left-fold scan equals the serial loop", K, type);
    // right fold for each prefix end, and random bracketings
    for (size_t end : {size_t(0), size_t(1), size_t(K), size_t(37), n - 1}) {
        Pair<T, K> r = e[end];
        for (size_t i = end; i-- > 0;)
            r = op(e[i], r);
        expect(close(r.v[0], y[end], tol), "right-fold prefix equals the serial loop", K, type);
        for (int t = 0; t < 5; t++)
            expect(close(tree<T, K>(e, 0, end, g).v[0], y[end], tol),
                   "randomly bracketed prefix equals the serial loop", K, type);
    }
}

template <class T, int K> static void check_random(const char *type, double tol, std::mt19937_64 &g, bool stable)
{
    for (int r = 0; r < 10; r++) {
        ScanCoefs<T, K> c;
        c.p1 = 1 + (int)(g() % SCAN_MAX_FIR);
        for (int l = 0; l < SCAN_MAX_FIR; l++)
            c.a[l] = rnd<T>(g);
        for (int j = 0; j < K; j++)
            c.b[j] = stable ? (T)(rnd<T>(g) * (0.45 / K)) : rnd<T>(g);
        check_coefs<T, K>(c, type, tol, g);
    }
}

template <class T, int K> static ScanCoefs<T, K> coefs(std::initializer_list<double> a, std::initializer_list<double> b)
{
    ScanCoefs<T, K> c;
    c.p1 = 0;
    for (double v : a)
        c.a[c.p1++] = (T)(std::is_integral<T>::value ? (T)(int64_t)v : (T)v);
    int j = 0;
    for (double v : b)
        c.b[j++] = std::is_integral<T>::value ? (T)(int64_t)v : (T)v;
    return c;
}

int main()
{
    std::mt19937_64 g(12345);
    // Table 1, integer (u32 wraps like the int32 loop)
    check_coefs<uint32_t, 1>(coefs<uint32_t, 1>({1}, {1}), "u32 (1: 1)", 0, g);
    check_coefs<uint32_t, 2>(coefs<uint32_t, 2>({1}, {0, 1}), "u32 (1: 0, 1)", 0, g);
    check_coefs<uint32_t, 3>(coefs<uint32_t, 3>({1}, {0, 0, 1}), "u32 (1: 0, 0, 1)", 0, g);
    check_coefs<uint32_t, 2>(coefs<uint32_t, 2>({1}, {2, -1}), "u32 (1: 2, -1)", 0, g);
    check_coefs<uint32_t, 3>(coefs<uint32_t, 3>({1}, {3, -3, 1}), "u32 (1: 3, -3, 1)", 0, g);
    // Table 1, float: in double (tight) and in float (the benchmark's type)
    check_coefs<double, 1>(coefs<double, 1>({0.2}, {0.8}), "f64 1-stage low-pass", 1e-12, g);
    check_coefs<double, 2>(coefs<double, 2>({0.04}, {1.6, -0.64}), "f64 2-stage low-pass", 1e-12, g);
    check_coefs<double, 3>(coefs<double, 3>({0.008}, {2.4, -1.92, 0.512}), "f64 3-stage low-pass", 1e-12, g);
    check_coefs<double, 1>(coefs<double, 1>({0.9, -0.9}, {0.8}), "f64 1-stage high-pass", 1e-12, g);
    check_coefs<double, 2>(coefs<double, 2>({0.81, -1.62, 0.81}, {1.6, -0.64}), "f64 2-stage high-pass", 1e-12, g);
    check_coefs<double, 3>(coefs<double, 3>({0.73, -2.19, 2.19, -0.73}, {2.4, -1.9, 0.5}), "f64 3-stage high-pass",
                           1e-9, g);
    check_coefs<float, 1>(coefs<float, 1>({0.2f}, {0.8f}), "f32 1-stage low-pass", 1e-4, g);
    check_coefs<float, 2>(coefs<float, 2>({0.04f}, {1.6f, -0.64f}), "f32 2-stage low-pass", 1e-4, g);
    check_coefs<float, 3>(coefs<float, 3>({0.73f, -2.19f, 2.19f, -0.73f}, {2.4f, -1.9f, 0.5f}),
                          "f32 3-stage high-pass", 1e-3, g);
    // random coefficients, k = 1..4
    check_random<uint32_t, 1>("u32 random", 0, g, false);
    check_random<uint32_t, 2>("u32 random", 0, g, false);
    check_random<uint32_t, 3>("u32 random", 0, g, false);
    check_random<uint32_t, 4>("u32 random", 0, g, false);
    check_random<double, 1>("f64 random stable", 1e-10, g, true);
    check_random<double, 2>("f64 random stable", 1e-10, g, true);
    check_random<double, 3>("f64 random stable", 1e-10, g, true);
    check_random<double, 4>("f64 random stable", 1e-10, g, true);
    // a non-associative operator must be caught: swap the order of M2 M1
    {
        Pair<uint32_t, 2> p[3];
        for (auto &q : p)
            for (int i = 0; i < 2; i++) {
                for (int j = 0; j < 2; j++)
                    q.m[i][j] = (uint32_t)g();
                q.v[i] = (uint32_t)g();
            }
        auto bad = [](const Pair<uint32_t, 2> &a, const Pair<uint32_t, 2> &b) { return ScanOp<uint32_t, 2>()(b, a); };
        // bad(bad(a,b),c) == bad(a,bad(b,c)) still holds for a reversed
        // associative operator; what must differ is the order: a.b != b.a
        expect(!pair_close(ScanOp<uint32_t, 2>()(p[0], p[1]), bad(p[0], p[1]), 0),
               "the operator is not commutative (the test can tell orders apart)", 2, "u32");
    }
    printf("scan-op-test: %d checks, %d failed\n", checks, failures);
    if (failures == 0)
        printf("scan-op-test: %d checks passed\n", checks);
    return failures ? 1 : 0;
}
