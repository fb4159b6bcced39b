// Blelloch's formulation of a linear recurrence as a scan (the paper's "Scan"
// baseline): the state s_i = (y_i, y_{i-1}, ..., y_{i-k+1}) evolves as
//     s_i = C s_{i-1} + t_i e_0,  C the k x k companion matrix of b1..bk,
// so element i is the pair (C, t_i e_0), and pairs combine with
//     (M1, v1) . (M2, v2) = (M2 M1, M2 v1 + v2)      (earlier one first),
// which is associative. An inclusive scan from s_{-1} = 0 leaves s_i in the
// vector part, y_i = v[0]. t_i = sum_l a_l x[i-l] is the FIR (map) part with
// x[-l] = 0. Integer types wrap (unsigned), floats compute in their own type.
//
// Host and device code: the same operator is checked against the serial loop
// by scan_op_test.cpp on the build machine (no GPU needed).
#ifndef PLR_EVAL_SCAN_OP_H
#define PLR_EVAL_SCAN_OP_H

#include <stddef.h>

#if defined(__CUDA_ARCH__)
#define PLR_EVAL_UNROLL _Pragma("unroll")
#else
#define PLR_EVAL_UNROLL
#endif
#ifndef __CUDACC__
#ifndef __host__
#define __host__
#endif
#ifndef __device__
#define __device__
#endif
#endif

namespace plr_eval {

constexpr int SCAN_MAX_FIR = 4; // p+1 <= 4 covers every Table 1 signature

template <class T, int K> struct Pair {
    T m[K][K];
    T v[K];
};

template <class T, int K> struct ScanOp {
    __host__ __device__ Pair<T, K> operator()(const Pair<T, K> &a, const Pair<T, K> &b) const
    {
        Pair<T, K> r;
PLR_EVAL_UNROLL
        for (int i = 0; i < K; i++) {
PLR_EVAL_UNROLL
            for (int j = 0; j < K; j++) {
                T s = T(0);
PLR_EVAL_UNROLL
                for (int l = 0; l < K; l++)
                    s += b.m[i][l] * a.m[l][j];
                r.m[i][j] = s;
            }
            T s = b.v[i];
PLR_EVAL_UNROLL
            for (int l = 0; l < K; l++)
                s += b.m[i][l] * a.v[l];
            r.v[i] = s;
        }
        return r;
    }
};

// Coefficients of one recurrence in the element type.
template <class T, int K> struct ScanCoefs {
    T a[SCAN_MAX_FIR]; // a0..ap
    int p1;            // p+1
    T b[K];            // b1..bk
};

// Builds element i's pair from x (used to materialize the pairs, and as the
// transform of the on-the-fly variant).
template <class T, int K> struct MakePair {
    const T *x;
    ScanCoefs<T, K> c;
    __host__ __device__ Pair<T, K> operator()(long long i) const
    {
        Pair<T, K> e;
PLR_EVAL_UNROLL
        for (int r = 0; r < K; r++) {
PLR_EVAL_UNROLL
            for (int j = 0; j < K; j++)
                e.m[r][j] = r == 0 ? c.b[j] : (j == r - 1 ? T(1) : T(0));
            e.v[r] = T(0);
        }
        T t = T(0);
        for (int l = 0; l < c.p1; l++)
            if (i - l >= 0)
                t += c.a[l] * x[i - l];
        e.v[0] = t;
        return e;
    }
};

template <class T, int K> struct TakeY {
    __host__ __device__ T operator()(const Pair<T, K> &p) const { return p.v[0]; }
};

} // namespace plr_eval

#endif
