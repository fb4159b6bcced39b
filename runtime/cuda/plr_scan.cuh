// Prefix sums, 2- and 3-tuple sums, 2nd- and 3rd-order prefix sums,
// first-order filters and two or three equal first-order stages
// (signatures (a0: 1), (a0: 0, 1), (a0: 0, 0, 1), (a0: 2, -1), (a0: 3, -3,
// 1), (a0: b), (a0: 2b, -b^2), (a0: 3b, -3b^2, b^3); no FIR history) on one
// forward array in device memory: a single-pass scan fed by the bulk copy
// engine (sm_90). Each is a form (Tuple, Binom, Geo, Pole): a small state
// that the kernel combines by shifts and sums.
//
// Persistent blocks, block b taking tiles b, b+G, ... A block holds S tiles
// in shared memory; one thread hands each tile to the copy engine
// (cp.async.bulk, completing on the stage's mbarrier) as soon as its stage
// is free, so the reads of the next S-D-1 tiles are always in flight. NW
// compute warps make a tile's aggregate (first pass: its state from zero,
// no outputs), publish it,
// and D tiles later, once the look-back warp has found that tile's carry-in,
// scan it again from shared memory and store it. Each warp reads its rows of
// 16-byte units lane after lane (conflict-free, and the stores coalesce);
// a row is scanned in the lane's unit, then across the warp by shuffles.
//
// The published state of a tile is a ScanTileState: per 32-bit piece of the
// value one 64-bit word {epoch << 2 | status, piece}, so a reader holds a
// value as soon as it sees the current tag in every word (no fence, no
// second round trip). LookBack is the warp's search for a tile's carry-in
// over windows of 32 predecessors, Q windows per round trip.
#pragma once

#include <cstdint>
#include <cstring>
#include <cuda_runtime.h>
#include <type_traits>
#include <utility>

#include "plr_kernels.h"
#include "plr_tile_state.cuh"

// PLR_SCAN_ZERO_DROP=1: a shift by a power that is zero (underflowed, or 0
// mod 2^w) drops the state instead of multiplying it (Geo, Pole; the
// library's until 2026-12-05). For a finite state the product is that zero
// already (for integers always), so the test changes only outputs past a
// non-finite input, where without it a NaN carries on as in the serial
// loop; it cost a compare and K selects a shift, 2-4 points of a copy on
// every filter (H200, bench/cuda/experiments/2026-12-05-gain-late run3).
#ifndef PLR_SCAN_ZERO_DROP
#define PLR_SCAN_ZERO_DROP 0
#endif

namespace plrk {
namespace scan {

// carries of f32 sums in double, as everywhere else in the backend
template <class T> struct acc { using type = T; };
template <> struct acc<float> { using type = double; };

// A form is a recurrence the scan kernel runs: a small linear state V =
// State<A, K> and two operations on it, step (one element in, its output
// out) and shift (the state L zero elements later). A segment of L elements
// maps a state s to shift(s, L) + local, local being its state from zero;
// so the states of segments combine by shifts and sums alone, and the tile
// states, the warp and lane scans and the look-back all read the same. A
// shift is apply(s, power(L)): the kernel makes the powers it needs again
// and again (a lane's, a warp's, a look-back lane's) once.
//
// A form may also say:
// - plain(PER): a unit of PER elements shifts nothing (shift(s, PER) == s),
//   so a lane's exclusive state is its inclusive one minus its unit's (for
//   integers only: over floats an Inf or NaN in the unit made the outputs
//   before it NaN, Inf - Inf, where the serial loop's are finite: cuda-test's
//   non-finite cases, 2026-12-05-gain-late run3);
// - partials(PER): a unit's outputs from zero are computed in the input
//   type (partials), its state (unit_of) and each output from a state
//   before the unit (out) from them: one conversion an element, where
//   stepping each element in the carry type costs three (the f32 prefix sum
//   fell from 92% to 86% of a copy that way).
template <class A, int K_> struct State {
    static constexpr int K = K_;
    A v[K];
};
// (the loops over K are unrolled without being told: K is 1, 2 or 3)
template <class V> __host__ __device__ V st_zero()
{
    V s;
    for (int c = 0; c < V::K; c++)
        s.v[c] = 0;
    return s;
}
template <class A, int K> __host__ __device__ State<A, K> st_scale(const State<A, K> &a, A g)
{
    State<A, K> s;
    for (int c = 0; c < K; c++)
        s.v[c] = a.v[c] * g;
    return s;
}
template <class A, int K> __host__ __device__ State<A, K> operator+(const State<A, K> &a, const State<A, K> &b)
{
    State<A, K> s;
    for (int c = 0; c < K; c++)
        s.v[c] = a.v[c] + b.v[c];
    return s;
}

// Tuple<A, C>: y[i] = x[i] + y[i-C] (C = 1: prefix sums). The state is the
// last C outputs, v[0] the sum the next element continues; a step adds and
// rotates, and a shift is a rotation by L mod C, free wherever C divides L.
template <class A, int C> struct Tuple {
    using V = State<A, C>;
    static constexpr int FIR = 0; // input taps beyond a0 this form takes
    static constexpr bool MIX = false; // whether it may take them as a mix of its stages (Pole, Geo)
    __host__ __device__ static constexpr bool plain(int per)
    {
        return per % C == 0 && !std::is_floating_point<A>::value;
    }
    __host__ __device__ static constexpr bool partials(int per) { return per % C == 0; }
    using Pow = int; // L mod C
    __host__ __device__ Pow power(long long L) const { return (int)(L % C); }
    __host__ __device__ V shift(const V &v, long long L) const { return apply(v, power(L)); }
    template <long long L> __device__ V shift_c(const V &v) const { return apply(v, (int)(L % C)); }
    __host__ __device__ V apply(const V &v, Pow r) const
    {
        V s = v;
        // (every index a constant: a rotation by a variable amount as selects)
        for (int q = 1; q < C; q++)
            if (r == q)
                for (int c = 0; c < C; c++)
                    s.v[c] = v.v[(c + q) % C];
        return s;
    }
    __host__ __device__ A step(V &v, A e) const
    {
        const A out = v.v[0] + e;
        for (int c = 0; c + 1 < C; c++)
            v.v[c] = v.v[c + 1];
        v.v[C - 1] = out;
        return out;
    }
    // each channel summed through the unit in the input type
    template <class T, int PER> __device__ void to_partials(T (&e)[PER]) const
    {
#pragma unroll
        for (int c = C; c < PER; c++)
            e[c] += e[c - C];
    }
    template <class T, int PER> __device__ V unit_of(const T (&r)[PER]) const
    {
        V s;
#pragma unroll
        for (int c = 0; c < C; c++)
            s.v[c] = r[PER - C + c];
        return s;
    }
    template <class T> __device__ A out(const V &before, int c, T r) const { return before.v[c % C] + A(r); }
};

// b^L from the table pw[i] = b^(2^i): the product over L's bits (a constant
// L folds to a few products, a variable one is N predicated ones)
template <class A, int N> __device__ __forceinline__ A power_of_bits(const A (&pw)[N], long long L)
{
    A f = A(1);
#pragma unroll
    for (int i = 0; i < N; i++)
        if ((L >> i) & 1)
            f *= pw[i];
    return f;
}

// k with 2^k = L, a power of two
__host__ __device__ constexpr int log2_of(long long L) { return L > 1 ? 1 + log2_of(L >> 1) : 0; }

// L(L+1)/2: for integers mod 2^w without the product overflowing first
template <class A> __host__ __device__ constexpr A tri(unsigned long long L)
{
    if constexpr (std::is_floating_point<A>::value)
        return A(L) * (A(L) + A(1)) * A(0.5);
    else
        return A(L % 2 ? L * ((L + 1) / 2) : (L / 2) * (L + 1));
}

// Binom<A, M>: the M-th order prefix sum y = S^M(x), signature (a0: 2, -1)
// or (a0: 3, -3, 1), with binomial taps. The state is the M running sums
// s1 = S(x), s2 = S(s1), s3 = S(s2) at the last element (v[M-1] the
// output); L zero elements later s2 gains L*s1 and s3 gains L*s2 +
// L(L+1)/2*s1. Exact modulo 2^32 or 2^64 for integers.
template <class A, int M> struct Binom {
    using V = State<A, M>;
    static constexpr int FIR = 0;
    static constexpr bool MIX = false;
    __host__ __device__ static constexpr bool plain(int) { return false; }
    __host__ __device__ static constexpr bool partials(int) { return false; }
    using Pow = long long; // L itself
    __host__ __device__ Pow power(long long L) const { return L; }
    __host__ __device__ V shift(const V &v, long long L) const { return apply(v, L); }
    __host__ __device__ V apply(const V &v, long long L) const
    {
        V s = v;
        const A l = A((unsigned long long)L);
        if constexpr (M == 3)
            s.v[2] = v.v[2] + l * v.v[1] + tri<A>((unsigned long long)L) * v.v[0];
        s.v[1] = v.v[1] + l * v.v[0];
        return s;
    }
    // (apply's sums in apply's order: in another, the 3rd-order i32 sum in
    // lanes ran 2 points slower, 2026-12-03-host-medians run3)
    template <long long L> __device__ V shift_c(const V &v) const
    {
        constexpr A l = A((unsigned long long)L), t = tri<A>((unsigned long long)L);
        V s = v;
        if constexpr (M == 3)
            s.v[2] = v.v[2] + l * v.v[1] + t * v.v[0];
        s.v[1] = v.v[1] + l * v.v[0];
        return s;
    }
    __host__ __device__ A step(V &v, A e) const
    {
        v.v[0] += e;
        for (int c = 1; c < M; c++)
            v.v[c] += v.v[c - 1];
        return v.v[M - 1];
    }
};

// Geo<T, A>: y[i] = x[i] + b*y[i-1], any b for integers (exact mod 2^w), |b|
// < 1 for floats (a first-order low-pass, an EMA), carried in A. The state
// is y; a shift multiplies it by b^L (power_of_bits), also where that power
// is zero (underflowed, or 0 mod 2^w): see PLR_SCAN_ZERO_DROP.
template <class T, class A_ = typename acc<T>::type> struct Geo {
    using A = A_;
    using V = State<A, 1>;
    static constexpr int FIR = 1; // the 1-stage high-pass: (a0, a1: b)
    // input taps after the recurrence (after, below), any type
    static constexpr bool MIX = true;
    static constexpr int POWS = 48;
    T b;            // the tap, as the loop multiplies by it
    A pw[POWS];     // b^(2^i)
    A pc[5];        // b^c, c = 0..4: within a unit
    A mc[2];        // MIX: y[i] = mc[0] s[i] + mc[1] s[i-1]
    __host__ __device__ static constexpr bool plain(int) { return false; }
    __host__ __device__ static constexpr bool partials(int) { return true; }
    using Pow = A; // b^L
    __device__ Pow power(long long L) const { return power_of_bits(pw, L); }
    __device__ V shift(const V &v, long long L) const { return apply(v, power(L)); }
    template <long long L> __device__ V shift_c(const V &v) const { return apply(v, power_of_bits(pw, L)); }
    __device__ V apply(const V &v, Pow f) const
    {
        V s;
        s.v[0] = PLR_SCAN_ZERO_DROP && f == A(0) ? A(0) : v.v[0] * f;
        return s;
    }
    __device__ A step(V &v, A e) const
    {
        v.v[0] = A(b) * v.v[0] + e;
        return v.v[0];
    }
    template <int PER> __device__ void to_partials(T (&e)[PER]) const
    {
#pragma unroll
        for (int c = 1; c < PER; c++)
            e[c] = b * e[c - 1] + e[c];
    }
    template <int PER> __device__ V unit_of(const T (&r)[PER]) const
    {
        V s;
        s.v[0] = r[PER - 1];
        return s;
    }
    __device__ A out(const V &before, int c, T r) const
    {
        return PLR_SCAN_ZERO_DROP && pc[c + 1] == A(0) ? A(r) : pc[c + 1] * before.v[0] + A(r);
    }
    // With an input tap, (a0 + a1 z^-1) / (1 - b z^-1) is the taps applied
    // to the low-pass s = x / (1 - b z^-1): y[i] = a0 s[i] + a1 s[i-1]. The
    // state, its carries and the first pass are the low-pass's; the taps
    // cost two multiply-adds an output in the last pass, need no halo and
    // read nothing before the tile (so in place too). Exact mod 2^w for
    // integers; for floats s's error is the low-pass's and the taps weigh it
    // by |a0| + |a1|, the scale of docs/runtime.md's bound (run_scan takes it
    // without histories: s[-1] = 0). A unit's outputs from the state before
    // it (s[-1] of its first element) and its partials r.
    template <int PER> __device__ void after(const V &before, const T (&r)[PER], A (&o)[PER]) const
    {
        A prev = before.v[0];
#pragma unroll
        for (int c = 0; c < PER; c++) {
            const A s = out(before, c, r[c]);
            o[c] = mc[0] * s + mc[1] * prev;
            prev = s;
        }
    }
};

// Pole<T, M>: M equal first-order stages, y = x / (1 - b z^-1)^M, whose
// signature is (a0: 2b, -b^2) or (a0: 3b, -3b^2, b^3) (the M-stage low-pass
// of the paper's Table 1): any b for integers (exact mod 2^w), |b| < 1 for
// floats. The state is the stages' outputs s1..sM at the last element (sM
// the output); L zero elements later stage m is b^L times Binom's shift of
// the same states: s2 + L s1, s3 + L s2 + L(L+1)/2 s1. A zero power
// multiplies as any other, as Geo's (PLR_SCAN_ZERO_DROP).
//
// A: the type the state is stepped and carried in (with_form says which).
template <class T, int M, class A_ = T> struct Pole {
    static_assert(M == 2 || M == 3, "two or three stages");
    using A = A_;
    using V = State<A, M>;
    static constexpr int FIR = M; // the M-stage high-pass: (a0 .. aM: ...)
    // floats may take input taps as a mix of the stages (mixed, below);
    // integers only through the kernel's taps (b^-1 need not exist mod 2^w)
    static constexpr bool MIX = std::is_floating_point<T>::value;
    static constexpr int POWS = 48;
    A b;        // the pole
    A pw[POWS]; // b^(2^i)
    // b^(2^i) times 2^i and times 2^i(2^i+1)/2 for i < POWC, the products
    // made in A as power() makes them: the powers of the kernel's constant
    // shifts (its warp scans, a lane's rows, a tile of rows: 2^13 at most)
    // as parameters, no registers (made in registers each step they cost
    // an I2F, products and spills). Only as many as those need: the
    // parameters 128-256 bytes larger rather than 384-768.
    static constexpr int POWC = 16;
    A pwl[POWC], pwt[POWC];
    A mc[M + 1]; // MIX: y = mc[0] x + sum_m mc[m] s_m
    __host__ __device__ static constexpr bool plain(int) { return false; }
    __host__ __device__ static constexpr bool partials(int) { return false; }
    // b^L and its products with the stages' weights L and L(L+1)/2 (in
    // that order no product overflows where the shifted state does not)
    struct Pow {
        A f, fl, ft;
    };
    __device__ Pow power(long long L) const
    {
        const A f = power_of_bits(pw, L);
        return Pow{f, f * A((unsigned long long)L), M == 3 ? f * tri<A>((unsigned long long)L) : A(0)};
    }
    __device__ V shift(const V &v, long long L) const { return apply(v, power(L)); }
    template <long long L> __device__ V shift_c(const V &v) const
    {
        if constexpr ((L & (L - 1)) == 0 && log2_of(L) < POWC) {
            constexpr int k = log2_of(L);
            return apply(v, Pow{pw[k], pwl[k], pwt[k]});
        } else {
            constexpr A l = A((unsigned long long)L), t = M == 3 ? tri<A>((unsigned long long)L) : A(0);
            const A f = power_of_bits(pw, L);
            return apply(v, Pow{f, f * l, f * t});
        }
    }
    __device__ V apply(const V &v, const Pow &p) const
    {
        if (PLR_SCAN_ZERO_DROP && p.f == A(0))
            return st_zero<V>();
        V s;
        s.v[0] = p.f * v.v[0];
        s.v[1] = p.f * v.v[1] + p.fl * v.v[0];
        if constexpr (M == 3)
            s.v[2] = p.f * v.v[2] + p.fl * v.v[1] + p.ft * v.v[0];
        return s;
    }
    __device__ A step(V &v, A e) const
    {
        v.v[0] = b * v.v[0] + e;
#pragma unroll
        for (int c = 1; c < M; c++)
            v.v[c] = b * v.v[c] + v.v[c - 1];
        return v.v[M - 1];
    }
    // With input taps A(z) of degree <= M the filter A(z) / (1 - b z^-1)^M
    // is, in partial fractions, c_M + sum_m c_(M-m) / (1 - b z^-1)^m: a
    // mix of x and the stages' outputs over x itself (s_m = x / (1 - b
    // z^-1)^m). The state and its carries are the low-pass's; the taps
    // cost M + 1 multiply-adds an output and nothing in the first pass,
    // no halo, no shuffle (scan_mix in plr_cuda.cu makes mc and decides
    // when their cancellation would cost accuracy).
    __device__ A mixed(const V &v, A e) const
    {
        A o = mc[0] * e;
#pragma unroll
        for (int c = 0; c < M; c++)
            o += mc[c + 1] * v.v[c];
        return o;
    }
};

template <class V> __device__ __forceinline__ V warp_sum1(V v)
{
    if constexpr (std::is_same<V, unsigned>::value) {
        return __reduce_add_sync(0xffffffffu, v);
    } else {
#pragma unroll
        for (int d = 16; d > 0; d >>= 1)
            v += __shfl_xor_sync(0xffffffffu, v, d);
        return v;
    }
}
// a state's values, each through op (a shuffle, a warp sum)
template <class R, class Op> __device__ __forceinline__ R each(const R &s, Op op)
{
    R o;
#pragma unroll
    for (int c = 0; c < R::K; c++)
        o.v[c] = op(s.v[c]);
    return o;
}
template <class R> __device__ __forceinline__ R warp_sum(const R &s)
{
    return each(s, [](auto v) { return warp_sum1(v); });
}
template <class R> __device__ __forceinline__ R shfl_up(const R &s, int d)
{
    return each(s, [d](auto v) { return __shfl_up_sync(0xffffffffu, v, d); });
}
template <class R> __device__ __forceinline__ R shfl(const R &s, int from)
{
    return each(s, [from](auto v) { return __shfl_sync(0xffffffffu, v, from); });
}
// A warp's inclusive scan of its lanes' segments, each SEG elements long.
// Every shift length is a constant (shift_c): nvcc leaves the conversion of
// a 64-bit integer constant to a float to run time, which put an I2F and
// the products after it into every step (ncu source counts,
// bench/cuda/experiments/2026-12-03-host-medians run2). R scans side by
// side, step by step (the rows of SCAN_ROWS).
template <long long SEG, int D = 1, class F, class V, int R>
__device__ __forceinline__ void warp_scans(const F &fm, V (&inc)[R], int lane)
{
#pragma unroll
    for (int j = 0; j < R; j++) {
        const V o = shfl_up(inc[j], D);
        if (lane >= D)
            inc[j] = fm.template shift_c<SEG * D>(o) + inc[j];
    }
    if constexpr (D < 16)
        warp_scans<SEG, 2 * D>(fm, inc, lane);
}

// One warp scan (R = 1 of the above)
template <long long SEG, class F, class V = typename F::V>
__device__ __forceinline__ V warp_scan(const F &fm, V inc, int lane)
{
    V one[1] = {inc};
    warp_scans<SEG>(fm, one, lane);
    return one[0];
}

// The carry-in of tile t >= 1 (the state after every tile before it), found
// by one warp. Lane l watches tile top-l-32q for q < Q, all Q loads issued
// before any is used; the nearest inclusive tile closes the sum once every
// tile after it has published its aggregate. Each state is shifted to the
// end of tile t-1 as it is taken, so windows add up in any order; windows
// that hold aggregates only are taken and left behind, so a tile never
// waits for more than the nearest unpublished predecessor.
template <class F, int Q> struct LookBack {
    using V = typename F::V;
    using Pow = typename F::Pow;
    // lane l's shifts from the end of a window's top tile: l + 32q tiles
    __device__ static void lane_powers(const F &fm, long long tile, int lane, Pow (&lp)[Q])
    {
#pragma unroll
        for (int q = 0; q < Q; q++)
            lp[q] = fm.power((lane + 32LL * q) * tile);
    }
    __device__ static V run(const F &fm, const Pow (&lp)[Q], const ScanTileState<V> &ts, long long t,
                            long long tile, int lane, unsigned sleep_ns)
    {
        V acc = st_zero<V>();
        long long top = t - 1;
        while (true) {
            unsigned st[Q];
            V val[Q];
            const Pow above = fm.power((t - 1 - top) * tile); // the window's top to tile t-1
#pragma unroll
            for (int q = 0; q < Q; q++) {
                const long long h = top - lane - 32 * q;
                // before tile 0: an inclusive zero (tile 0 itself is never
                // an aggregate, so this is reached only past its inclusive)
                const typename ScanTileState<V>::Seen s =
                    h >= 0 ? ts.peek(h) : typename ScanTileState<V>::Seen{ST_INC, st_zero<V>()};
                st[q] = s.status;
                val[q] = fm.apply(fm.apply(s.value, lp[q]), above);
            }
            V part = st_zero<V>();
            int took = 0;
            bool done = false, stop = false;
            // (no early exit: the loop stays unrolled and st/val in registers)
#pragma unroll
            for (int q = 0; q < Q; q++) {
                const unsigned inc = __ballot_sync(0xffffffffu, st[q] == ST_INC);
                const unsigned rdy = __ballot_sync(0xffffffffu, st[q] != 0);
                if (stop)
                    continue;
                if (inc) {
                    const unsigned d = __ffs(inc) - 1;
                    const unsigned need = d == 31 ? 0xffffffffu : (2u << d) - 1;
                    if ((rdy & need) == need) {
                        if ((unsigned)lane <= d)
                            part = part + val[q];
                        done = true;
                    }
                    stop = true;
                } else if (rdy != 0xffffffffu) {
                    stop = true;
                } else {
                    part = part + val[q];
                    took = q + 1;
                }
            }
            if (done || took) {
                // (without `done`, part holds exactly the windows taken)
                acc = acc + part;
                if (done)
                    break;
                top -= 32 * took;
            } else if (sleep_ns) {
                __nanosleep(sleep_ns);
            }
        }
        return warp_sum(acc);
    }
};

template <class T, class F> struct ScanParams {
    using V = typename F::V;
    const T *x;
    T *y;
    unsigned long long n, ntiles;
    ScanTileState<V> state;
    F form;
    V init;          // the state before element 0
    T gain;          // a0: y = S(gain*x)
    unsigned scaled; // gain != 1
    unsigned sleep_ns;
    // kernels with input taps (FP > 0): y = S(sum_m fir[m] x[i-m]), x[-1-m]
    // = xh[m]; taps past the problem's are zero
    T fir[4];
    T xh[3];
};

// Which 16-byte units of its warp's span a lane scans (ScanLayout in
// plr_kernels.h). SCAN_ROWS: R rows of 32 units, unit j*32 + l of each, a
// row scanned across the warp: R warp scans a tile. SCAN_LANES: R
// consecutive units, l*R .. l*R + R-1, scanned in the lane and then once
// across the warp: a quarter of the shuffles and shifts, which is what the
// forms with larger states pay for (docs/cuda.md, "Layouts of a tile"); its
// first pass, which needs only the warp's total, may read rows
// (PLR_SCAN_LANES_CHAINS). The
// lane reads them rotated, unit l*R + ((j + (l>>1)) & 3) at step j, so that
// the 8 lanes of a 128-byte phase of a 16-byte load hit 8 different bank
// groups, and puts its outputs back into the stage the same way; the warp
// then stores its span row by row, coalesced (stored from the lane, each
// store half a 32-byte sector, it ran at 61-68% of a copy where through
// the stage 85-92%: bench/cuda/experiments/2026-11-28-lanes).
//
// NW compute warps, R units per lane, S stages, D tiles between a tile's
// two passes, Q look-back windows per round trip; PF: when a tile is issued
// into its stage, the tile PF issues later is prefetched into L2 (0: none)
template <int NW_, int R_, int S_, int D_, int Q_, int LAY_ = SCAN_ROWS, int PF_ = 0> struct ScanGeom {
    static constexpr int NW = NW_, R = R_, S = S_, D = D_, Q = Q_, LAY = LAY_, PF = PF_;
    static constexpr int THREADS = NW * 32 + 32;
    static constexpr int UNITS = NW * 32 * R; // 16-byte units a tile
    static constexpr unsigned TILE_BYTES = UNITS * 16;
    static_assert(S >= D + 1, "a tile stays in its stage from its first pass to its last");
    static_assert(LAY == SCAN_ROWS || R == 4, "a lane's own units are read through a 4-way rotation");
};
// The library's geometries, by layout and input taps (FP). Rows: 32 KiB
// tiles, six stages (192 KiB: one block an SM), three tiles between the
// passes, four windows a poll (measured against 2/3 tiles between passes, 7
// stages, 2-16 windows, 8-24 warps, 64 KiB tiles:
// bench/cuda/experiments/2026-11-27-scan). Lanes without input taps: 24
// warps of 48 KiB tiles in four stages, two tiles between the passes: a
// lane's serial steps are latency-bound with 16 warps an SM (ncu: 0.8
// eligible warps a scheduler), and on an H200 the wider block runs the
// 2-/3-stage low-pass and the f64 EMA 4-7 points of a copy faster, where
// rows lose (the 3-tuple sum 7 points) and stay
// (bench/cuda/experiments/2026-11-28-matrix, run4 and run5). Lanes with
// input taps, theirs or as a mix of the stages, take it too (the 2-stage
// high-pass 75.1 against 70.1%: run5 there). Both prefetch the tile one
// issue ahead into L2 (PF 1): the stages hold about two tiles on their way
// and the compute warps waited for them at their barriers (ncu: barrier the
// largest stall, and without the barriers the same time as waits on the
// tiles); one tile more in L2 took the H200's i32 prefix sum from 82.6 to
// 94.0% of a copy, the 1-stage low-pass 80.7 to 89.4, the EMA f64 80.1 to
// 85.0; two or more ahead lose (rows two ahead 89.9%, three 76.5, four 69:
// prefetched tiles evicted before use; lanes two ahead below none)
// (bench/cuda/experiments/2026-12-01-scan).
#ifndef PLR_SCAN_MINB
#define PLR_SCAN_MINB 1 // blocks an SM the kernel's registers leave room for
#endif
// PLR_SCAN_NOBAR (an experiment, 2026-12-01): no block-wide barrier among
// the compute warps. A warp hands its tile total to warp 0 through an
// mbarrier (wtready) instead of waiting for every warp, and after its last
// pass counts itself out of the stage (s_done); the last warp out refills
// it. Warps then drift apart by up to the stages in flight instead of
// meeting twice a tile.
#ifndef PLR_SCAN_NOBAR
#define PLR_SCAN_NOBAR 0
#endif
// PLR_SCAN_LANES_CHAINS: how a SCAN_LANES first pass, which needs only the
// warp's total, steps its units. 0: each lane its R units in one chain of
// R*PER steps (lane_parts, as the last pass); 1: the lane's units from zero
// side by side, R chains of PER steps joined by constant shifts
// (lane_chains); 2 (the library's): without input taps, the units in rows'
// order (unit j*32 + lane) from zero side by side, joined as rows join
// them, with no rotation to undo (with the kernel's own input taps, whose
// units come with their halo, as 0: 1 was not measured on them and ran
// behind 0 on the f32 forms it was). On an H200 at 2^30
// 2 took the 2-/3-stage low-pass f32 from 81.9 / 70.8 to 82.8 / 72.6% of a
// copy, the 2-stage f64 70.1 to 73.6, the EMA f64 84.7 to 88.7, the 3rd-order
// i32 sum 81.9 to 84.7, level or ahead at 2^24; 1 ran level with 0 or below
// it but for f64 (bench/cuda/experiments/2026-12-03-lane-chains).
// PLR_SCAN_LANES_CHAINS_LAST=1: the last pass's lane total and head by
// lane_chains as well (mixed: the 2-stage and integer forms up to a point
// faster, the 3-stage f32 and EMA f64 1-2 points slower).
#ifndef PLR_SCAN_LANES_CHAINS
#define PLR_SCAN_LANES_CHAINS 2
#endif
#ifndef PLR_SCAN_LANES_CHAINS_LAST
#define PLR_SCAN_LANES_CHAINS_LAST 0
#endif
// PLR_SCAN_GAIN_LATE=1: the first pass, which needs only the warp's total,
// steps x as it is and multiplies the total by the gain (a0 != 1, e.g. a
// low-pass's (1-b)^M): the forms are linear, so K products a warp replace
// one an element. The last pass keeps gain*x: its outputs need it, and a
// SCAN_LANES lane total from x scaled after cost 2K products more (the
// 3-stage low-pass 0.7 points slower, 2026-12-05-gain-late run1). 0: the
// gain on every element in both passes (before).
#ifndef PLR_SCAN_GAIN_LATE
#define PLR_SCAN_GAIN_LATE 1
#endif
// PLR_SCAN_ABL_LAST (timing only: wrong outputs, never in a library that
// lands): what a SCAN_LANES last pass would gain if its lane's state before
// the lane came from elsewhere. 1: no lane total, head or warp scan (the
// outputs stepped from the warp's state shifted to the lane); 2: the lane's
// total and head stepped as now, the warp scan left out.
#ifndef PLR_SCAN_ABL_LAST
#define PLR_SCAN_ABL_LAST 0
#endif
// PLR_SCAN_ABL_FIRST=1 (timing only, as above): the rows-first first pass
// loads its units and only adds their elements (one add an element) in
// place of the form's steps and joins.
#ifndef PLR_SCAN_ABL_FIRST
#define PLR_SCAN_ABL_FIRST 0
#endif
// Each layout's stages (_S), tiles between the passes (_D) and prefetch
// distance (_PF, ScanGeom::PF), and the lanes' compute warps (_NW): the
// library's values, switches for experiments (build_variants.sh in
// bench/cuda/experiments/2026-12-01-scan).
#ifndef PLR_SCAN_ROWS_PF
#define PLR_SCAN_ROWS_PF 1
#endif
#ifndef PLR_SCAN_LANES_PF
#define PLR_SCAN_LANES_PF 1
#endif
#ifndef PLR_SCAN_ROWS_S
#define PLR_SCAN_ROWS_S 6
#endif
#ifndef PLR_SCAN_ROWS_D
#define PLR_SCAN_ROWS_D 3
#endif
#ifndef PLR_SCAN_LANES_NW
#define PLR_SCAN_LANES_NW 24 // lanes' compute warps (rows: 16)
#endif
#ifndef PLR_SCAN_LANES_S
#define PLR_SCAN_LANES_S 4
#endif
#ifndef PLR_SCAN_LANES_D
#define PLR_SCAN_LANES_D 2
#endif
#ifdef PLR_SCAN_NW
// an experiment's geometry for every kernel (2026-11-28-matrix; nvcc
// splits -D values at commas, hence one switch a parameter)
template <int LAY, int FP>
using ScanGeomOf = ScanGeom<PLR_SCAN_NW, PLR_SCAN_R, PLR_SCAN_S, PLR_SCAN_D, PLR_SCAN_Q, LAY,
                            LAY == SCAN_ROWS ? PLR_SCAN_ROWS_PF : PLR_SCAN_LANES_PF>;
#else
template <int LAY, int FP>
using ScanGeomOf = std::conditional_t<LAY == SCAN_LANES,
                       ScanGeom<PLR_SCAN_LANES_NW, 4, PLR_SCAN_LANES_S, PLR_SCAN_LANES_D, 4, SCAN_LANES, PLR_SCAN_LANES_PF>,
                       ScanGeom<16, 4, PLR_SCAN_ROWS_S, PLR_SCAN_ROWS_D, 4, LAY, PLR_SCAN_ROWS_PF>>;
#endif

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
__device__ __forceinline__ unsigned sa(const void *p) { return (unsigned)__cvta_generic_to_shared(p); }
__device__ __forceinline__ void mbar_init(unsigned long long *b, unsigned count)
{
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(sa(b)), "r"(count) : "memory");
}
__device__ __forceinline__ void mbar_expect_tx(unsigned long long *b, unsigned bytes)
{
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(sa(b)), "r"(bytes)
                 : "memory");
}
__device__ __forceinline__ void mbar_arrive(unsigned long long *b)
{
    asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(sa(b)) : "memory");
}
__device__ __forceinline__ void mbar_wait(unsigned long long *b, unsigned parity)
{
    unsigned ok = 0;
    while (!ok)
        asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2; "
                     "selp.u32 %0, 1, 0, p; }"
                     : "=r"(ok)
                     : "r"(sa(b)), "r"(parity)
                     : "memory");
}
__device__ __forceinline__ void bulk_load(void *dst, const void *src, unsigned bytes, unsigned long long *b)
{
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::"r"(
                     sa(dst)),
                 "l"(src), "r"(bytes), "r"(sa(b))
                 : "memory");
}
__device__ __forceinline__ void l2_prefetch(const void *src, unsigned bytes)
{
    if (bytes)
        asm volatile("cp.async.bulk.prefetch.L2.global [%0], %1;" ::"l"(src), "r"(bytes) : "memory");
}
__device__ __forceinline__ void compute_sync(int threads)
{
    asm volatile("bar.sync 1, %0;" ::"r"(threads) : "memory");
}
#endif

// element e (0..PER-1) of 16-byte unit u of a tile: from the stage where
// the copy engine brought it, else (the tail's last partial unit) from x
template <class T>
__device__ __forceinline__ T tail_elem(const T *stage, const T *x, long long base, long long e,
                                       long long in_stage, long long rem)
{
    return e < in_stage ? stage[e] : e < rem ? x[base + e] : T(0);
}

// a unit's state from zero
template <class F, class T, int PER> __device__ __forceinline__ typename F::V unit_state(const F &fm, const T (&e)[PER])
{
    using V = typename F::V;
    if constexpr (F::partials(PER)) {
        T r[PER];
#pragma unroll
        for (int c = 0; c < PER; c++)
            r[c] = e[c];
        fm.to_partials(r);
        return fm.unit_of(r);
    } else {
        V s = st_zero<V>();
#pragma unroll
        for (int c = 0; c < PER; c++)
            fm.step(s, e[c]);
        return s;
    }
}

// SCAN_LANES: a lane's R units as read (units rot..R-1, its tail, then
// 0..rot-1, its head), each part's state from zero; partial forms leave
// each unit's partials in e for the outputs
template <class F, class T, int R, int PER>
__device__ __forceinline__ void lane_parts(const F &fm, T (&e)[R][PER], int rot, const typename F::Pow &p_unit,
                                           typename F::V &head, typename F::V &tail)
{
    using V = typename F::V;
    using A = typename std::remove_cv<typename std::remove_reference<decltype(std::declval<V &>().v[0])>::type>::type;
    V s = st_zero<V>(), done = st_zero<V>();
#pragma unroll
    for (int j = 0; j < R; j++) {
        if (j > 0 && j == R - rot) {
            done = s;
            s = st_zero<V>();
        }
        if constexpr (F::partials(PER)) {
            fm.to_partials(e[j]);
            s = fm.apply(s, p_unit) + fm.unit_of(e[j]);
        } else {
#pragma unroll
            for (int c = 0; c < PER; c++)
                fm.step(s, A(e[j][c]));
        }
    }
    head = rot ? s : st_zero<V>();
    tail = rot ? done : s;
}

// PLR_SCAN_LANES_CHAINS: forms whose state one element e after zero is e in
// every value (b*0 + e is e for a finite pole: nvcc does not fold the
// product, which cost each chain of PER steps one step's arithmetic)
template <class F> struct starts_at_e : std::false_type {};
template <class T, int M, class A> struct starts_at_e<Pole<T, M, A>> : std::true_type {};
template <class A, int M> struct starts_at_e<Binom<A, M>> : std::true_type {};

// a unit's state from zero, partial forms' partials left in e (for the
// outputs of the last pass)
template <class F, class T, int PER>
__device__ __forceinline__ typename F::V unit_chain(const F &fm, T (&e)[PER])
{
    using V = typename F::V;
    if constexpr (F::partials(PER)) {
        fm.to_partials(e);
        return fm.unit_of(e);
    } else if constexpr (starts_at_e<F>::value) {
        V s;
#pragma unroll
        for (int c = 0; c < V::K; c++)
            s.v[c] = e[0];
#pragma unroll
        for (int c = 1; c < PER; c++)
            fm.step(s, e[c]);
        return s;
    } else {
        return unit_state(fm, e);
    }
}

template <class V> __device__ __forceinline__ V st_pick(bool c, const V &a, const V &b)
{
    V s;
#pragma unroll
    for (int k = 0; k < V::K; k++)
        s.v[k] = c ? a.v[k] : b.v[k];
    return s;
}

// SCAN_LANES with PLR_SCAN_LANES_CHAINS: lane_parts's total and head from
// the lane's four units stepped from zero side by side (four independent
// chains of PER steps where lane_parts has one of 4*PER), put back in the
// lane's order (e[j] holds unit (j + rot) & 3: two selects a value) and
// joined by constant shifts, two levels deep
template <class F, class T, int PER>
__device__ __forceinline__ void lane_chains(const F &fm, T (&e)[4][PER], int rot, typename F::V &head,
                                            typename F::V &total)
{
    using V = typename F::V;
    V u[4], w[4];
#pragma unroll
    for (int j = 0; j < 4; j++)
        u[j] = unit_chain(fm, e[j]);
#pragma unroll
    for (int k = 0; k < 4; k++)
        w[k] = st_pick(rot & 1, u[(k + 3) & 3], u[k]);
#pragma unroll
    for (int k = 0; k < 4; k++)
        u[k] = st_pick(rot & 2, w[(k + 2) & 3], w[k]); // unit k
    const V a = fm.template shift_c<PER>(u[0]) + u[1], b = fm.template shift_c<PER>(u[2]) + u[3];
    total = fm.template shift_c<2 * PER>(a) + b;
    // units 0 .. rot-1 (only the last pass asks: the first leaves it dead)
    const V h3 = fm.template shift_c<PER>(a) + u[2];
    head = st_pick(rot == 1, u[0], st_pick(rot == 2, a, st_pick(rot == 3, h3, st_zero<V>())));
}

// the type a state's values are kept and stepped in
template <class V> using value_of = typename std::remove_cv<
    typename std::remove_reference<decltype(std::declval<V &>().v[0])>::type>::type;

// FP_ > 0: input taps x[i-1] .. x[i-FP_] besides x[i], made by the
// kernel; FP_ < 0: -FP_ of them as a mix of the form's stages (Pole::mixed)
// or after the recurrence (Geo::after): the kernel reads x alone, FP = 0:
// no taps, halo or gain
template <class T, class Gm, class F, int FP_>
__global__ void __launch_bounds__(Gm::THREADS, PLR_SCAN_MINB) plr_scan_kernel(const __grid_constant__ ScanParams<T, F> P)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    using V = typename F::V;
    using A = value_of<V>;
    const F &fm = P.form;
    constexpr bool MIX = FP_ < 0;
    static_assert(!MIX || F::MIX, "a form that mixes its stages");
    constexpr int FP = FP_ > 0 ? FP_ : 0;
    // an element's output, stepping the state
    auto out_step = [&](V &st, A e) -> T {
        if constexpr (MIX && !F::partials(16 / (int)sizeof(T))) { // (partial forms mix in after)
            fm.step(st, e);
            return T(fm.mixed(st, e));
        } else {
            return T(fm.step(st, e));
        }
    };
    constexpr int NW = Gm::NW, R = Gm::R, S = Gm::S, D = Gm::D;
    constexpr int PER = 16 / (int)sizeof(T);
    constexpr long long TILE = (long long)Gm::UNITS * PER;
    constexpr long long SPAN = 32LL * R * PER; // one warp's rows
    constexpr int NT = NW * 32;
    using Vec = typename std::conditional<sizeof(T) == 4, uint4, ulonglong2>::type;
    extern __shared__ __align__(128) unsigned char smem[];
    T *stage = reinterpret_cast<T *>(smem);
    __shared__ __align__(8) unsigned long long full[S], aggr[S], carry[S];
    // PLR_SCAN_NOBAR: every warp's tile total written; the warps out of a stage
    // (one unused word each without the switch)
    constexpr int SNB = PLR_SCAN_NOBAR ? S : 1;
    __shared__ __align__(8) unsigned long long wtready[SNB];
    __shared__ unsigned s_done[SNB];
    __shared__ V s_wt[S][NW], s_wpre[S][NW], s_agg[S], s_car[S];
    // input taps (FP > 0): the units before each warp's span (load_unit)
    constexpr int NB = FP > 0 ? (FP + PER - 1) / PER : 1;
    __shared__ __align__(16) T s_halo[S][NW][FP > 0 ? NB * PER : 1];

    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    const long long G = gridDim.x;
    const long long mine = ((long long)P.ntiles - (long long)blockIdx.x + G - 1) / G;
    const long long n = (long long)P.n;
    // the elements of a tile at base the copy engine staged (whole 16-byte
    // units); tail_elem reads the rest of a last tile from x
    auto in_stage_of = [&](long long base) {
        return ((n - base) * (long long)sizeof(T) & ~15ll) / (long long)sizeof(T);
    };

    // the first element of the block's tile i
    auto base_of = [&](long long i) { return ((long long)blockIdx.x + i * G) * TILE; };
    // the bytes of the tile at base the copy engine moves (whole 16-byte units)
    auto bytes_of = [&](long long base) {
        const long long rem = n - base < TILE ? n - base : TILE;
        return (unsigned)(rem * (long long)sizeof(T)) & ~15u;
    };
    auto issue = [&](long long i) {
        const int slot = (int)(i % S);
        const long long base = base_of(i);
        const unsigned bytes = bytes_of(base);
        if constexpr (Gm::PF > 0) {
            // the tile PF issues later, into L2 now: more bytes on their
            // way than the stages hold
            const long long ip = i + Gm::PF;
            if (ip >= S && ip < mine) {
                const long long bp = base_of(ip);
                const unsigned pbytes = bytes_of(bp);
                l2_prefetch(P.x + bp, pbytes);
            }
        }
        if constexpr (FP > 0) {
            // warp 0's halo: the previous tile's last units, or x's history
            constexpr unsigned HB = NB * 16;
            if (base > 0) {
                mbar_expect_tx(&full[slot], bytes + HB);
                bulk_load(&s_halo[slot][0][0], P.x + base - NB * PER, HB, &full[slot]);
            } else {
#pragma unroll
                for (int c = 0; c < NB * PER; c++)
                    s_halo[slot][0][c] = NB * PER - 1 - c < 3 ? P.xh[NB * PER - 1 - c] : T(0);
                mbar_expect_tx(&full[slot], bytes);
            }
        } else {
            mbar_expect_tx(&full[slot], bytes);
        }
        // pieces of 8 KiB: the engine works on several at once
        for (unsigned off = 0; off < bytes; off += 8192)
            bulk_load(reinterpret_cast<unsigned char *>(stage + slot * TILE) + off,
                      reinterpret_cast<const unsigned char *>(P.x + base) + off,
                      bytes - off < 8192 ? bytes - off : 8192, &full[slot]);
    };
    constexpr bool LANES = Gm::LAY != SCAN_ROWS;
    // the first pass's elements without the gain, its warp total times it
    // (the gain is load_unit's only without input taps)
    constexpr bool GAIN_ON_TOTAL = PLR_SCAN_GAIN_LATE != 0 && FP == 0;
    const int rot = (lane >> 1) & 3; // SCAN_LANES: the lane's rotation
    // the 16-byte unit of the tile a lane takes at step j (ScanGeom)
    auto unit_at = [&](int j) -> long long {
        if constexpr (LANES)
            return (long long)(warp * 32 * R + lane * R + ((j + rot) & (R - 1)));
        else
            return (long long)(warp * 32 * R + j * 32 + lane);
    };
    // Input taps (FP > 0) reach NB units before a unit. Those before a
    // warp's span come from its halo, s_halo[slot][warp]: for warp 0 the
    // previous tile's last units (brought with the tile by the copy engine;
    // for tile 0 x's history); in SCAN_LANES for the others the units before
    // the span, copied out of the stage in the first pass (in the last pass
    // the previous warp may have put its outputs there already), while in
    // rows they read the stage, which keeps x. A load from x for them
    // instead put a dependent global load in every warp's path (the 1-stage
    // high-pass at 70% of a copy against 87% single-pass).
    // 16-byte unit u of the tile as x holds it (u >= -NB relative to the
    // warp's span: halo holds the units before it)
    auto raw_unit = [&](const T *st, long long base, long long u, bool whole, const T *halo, T (&e)[PER]) {
        const long long first = (long long)warp * 32 * R;
        // (without input taps every unit is the warp's own)
        if (FP > 0 && u < first && (LANES || warp == 0)) {
#pragma unroll
            for (int c = 0; c < PER; c++)
                e[c] = halo[(u - first + NB) * PER + c];
        } else if (whole) {
            const Vec v = reinterpret_cast<const Vec *>(st)[u];
            memcpy(e, &v, 16);
        } else {
            const long long rem = n - base, in_stage = in_stage_of(base);
#pragma unroll
            for (int c = 0; c < PER; c++)
                e[c] = tail_elem(st, P.x, base, u * PER + c, in_stage, rem);
        }
    };
    // unit u's input terms: x times the gain, or with input taps their sum
    // (the units before it read whole: a 16-byte load of the neighbour is
    // as conflict-free as the unit's own, where single elements 64 bytes
    // apart would meet in 16 banks)
    auto load_unit = [&](const T *st, long long base, long long u, bool whole, const T *halo, T (&e)[PER],
                         bool gained) {
        raw_unit(st, base, u, whole, halo, e);
        if constexpr (FP > 0) {
            T h[NB * PER]; // the NB units before it, oldest first
#pragma unroll
            for (int b = 0; b < NB; b++) {
                T r[PER];
                raw_unit(st, base, u - NB + b, whole, halo, r);
#pragma unroll
                for (int c = 0; c < PER; c++)
                    h[b * PER + c] = r[c];
            }
            T t[PER];
#pragma unroll
            for (int c = 0; c < PER; c++) {
                t[c] = P.fir[0] * e[c];
#pragma unroll
                for (int m = 1; m <= FP; m++)
                    t[c] += P.fir[m] * (c - m >= 0 ? e[c - m] : h[NB * PER + c - m]);
            }
#pragma unroll
            for (int c = 0; c < PER; c++)
                e[c] = t[c];
        } else if (gained && P.scaled) {
#pragma unroll
            for (int c = 0; c < PER; c++)
                e[c] *= P.gain;
        }
    };
    // A lane's R units' input terms (unit_at(0..R-1)). With input taps the
    // FP elements a unit's taps reach before it are in registers already:
    // the lane's own units (SCAN_LANES: they are consecutive), or the
    // neighbour's, taken by one shuffle a value (the lane before, or for
    // lane 0 lane 31 a row earlier: SCAN_ROWS); only a warp's first unit
    // reads its halo. load_unit's two 16-byte stage loads a unit cost the
    // 2-stage high-pass 73.2% of a copy against the low-pass's 89.9% (H100,
    // bench/cuda/experiments/2026-11-28-lanes run3). SCAN_ROWS reaches one
    // unit back this way (FP <= PER); a 3-stage high-pass over 8-byte
    // elements in rows keeps load_unit.
    constexpr bool REG_TAPS = FP > 0 && (LANES || FP <= PER);
    // element i of the FP before the warp's span: its halo's, or in rows
    // (whose stage keeps x) past warp 0 the stage's
    auto before_span = [&](const T *st, long long base, bool whole, const T *halo, int i) -> T {
        constexpr int HE = NB * PER;
        if (LANES || warp == 0)
            return halo[HE - FP + i];
        const long long e0 = (long long)warp * 32 * R * PER - FP + i;
        if (whole)
            return st[e0];
        const long long rem = n - base, in_stage = in_stage_of(base);
        return tail_elem(st, P.x, base, e0, in_stage, rem);
    };
    auto load_units = [&](const T *st, long long base, bool whole, const T *halo, T (&e)[R][PER], bool gained) {
        if constexpr (!REG_TAPS) {
#pragma unroll
            for (int j = 0; j < R; j++)
                load_unit(st, base, unit_at(j), whole, halo, e[j], gained);
        } else {
#pragma unroll
            for (int j = 0; j < R; j++)
                raw_unit(st, base, unit_at(j), whole, halo, e[j]);
            T tp[R][PER];
            if constexpr (LANES) {
                // the FP elements before the lane's unit 0: the last ones of
                // the lane before (its units R-1, R-2 as read rotated), or
                // for lane 0 the halo
                T h[FP];
#pragma unroll
                for (int i = 0; i < FP; i++) {
                    const int pos = R * PER - FP + i, uu = pos / PER, cc = pos % PER;
                    T v = e[0][cc];
#pragma unroll
                    for (int j = 1; j < R; j++)
                        if (((j + rot) & (R - 1)) == uu)
                            v = e[j][cc];
                    const T up = __shfl_up_sync(0xffffffffu, v, 1);
                    h[i] = lane ? up : before_span(st, base, whole, halo, i);
                }
#pragma unroll
                for (int j = 0; j < R; j++) {
                    const int kk = (j + rot) & (R - 1); // the unit e[j] holds
#pragma unroll
                    for (int c = 0; c < PER; c++) {
                        T t = P.fir[0] * e[j][c];
#pragma unroll
                        for (int m = 1; m <= FP; m++) {
                            T v;
                            if (c - m >= 0) {
                                v = e[j][c - m];
                            } else {
                                // d elements before the unit: g units back
                                // (held at j - g), else before the lane
                                const int d = m - c, g = 1 + (d - 1) / PER, ci = PER - 1 - (d - 1) % PER;
                                const T in_lane = e[(j - g) & (R - 1)][ci];
                                T before = h[FP - d];
                                if (g == 2 && kk == 1)
                                    before = h[(FP + PER - d) % FP];
                                v = kk >= g ? in_lane : before;
                            }
                            t += P.fir[m] * v;
                        }
                        tp[j][c] = t;
                    }
                }
            } else {
                // the unit before unit j*32 + l is the lane before's unit
                // at step j, or for lane 0 lane 31's at step j - 1
                T r[R][FP];
#pragma unroll
                for (int j = 0; j < R; j++)
#pragma unroll
                    for (int i = 0; i < FP; i++)
                        r[j][i] = __shfl_sync(0xffffffffu, e[j][PER - FP + i], (lane + 31) & 31);
#pragma unroll
                for (int j = 0; j < R; j++) {
                    T h[FP];
#pragma unroll
                    for (int i = 0; i < FP; i++)
                        h[i] = lane ? r[j][i] : j > 0 ? r[j > 0 ? j - 1 : 0][i] : before_span(st, base, whole, halo, i);
#pragma unroll
                    for (int c = 0; c < PER; c++) {
                        T t = P.fir[0] * e[j][c];
#pragma unroll
                        for (int m = 1; m <= FP; m++)
                            t += P.fir[m] * (c - m >= 0 ? e[j][c - m] : h[FP - (m - c)]);
                        tp[j][c] = t;
                    }
                }
            }
#pragma unroll
            for (int j = 0; j < R; j++)
#pragma unroll
                for (int c = 0; c < PER; c++)
                    e[j][c] = tp[j][c];
        }
    };
    // the first pass's copy of the units before warp w's span (w > 0)
    auto copy_halo = [&](const T *st, long long base, bool whole, T *halo) {
        if (lane == 0) {
            const long long rem = n - base, in_stage = in_stage_of(base);
            const long long e0 = ((long long)warp * 32 * R - NB) * PER;
#pragma unroll
            for (int c = 0; c < NB * PER; c++)
                halo[c] = whole ? st[e0 + c] : tail_elem(st, P.x, base, e0 + c, in_stage, rem);
        }
        __syncwarp();
    };

    if (tid == 0) {
        for (int s = 0; s < S; s++) {
            mbar_init(&full[s], 1);
            mbar_init(&aggr[s], 1);
            mbar_init(&carry[s], 1);
            if constexpr (PLR_SCAN_NOBAR) {
                mbar_init(&wtready[s], NW);
                s_done[s] = 0;
            }
        }
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    }
    __syncthreads();
    if (tid == 0)
        for (long long i = 0; i < S && i < mine; i++)
            issue(i);

    if (warp == NW) {
        // ---- the look-back warp: every tile of the block in turn
        typename F::Pow lp[Gm::Q];
        LookBack<F, Gm::Q>::lane_powers(fm, TILE, lane, lp);
        for (long long i = 0; i < mine; i++) {
            const int slot = (int)(i % S);
            mbar_wait(&aggr[slot], (unsigned)(i / S) & 1u);
            const long long t = (long long)blockIdx.x + i * G;
            const V excl = t == 0 ? P.init : LookBack<F, Gm::Q>::run(fm, lp, P.state, t, TILE, lane, P.sleep_ns);
            if (lane == 0) {
                P.state.publish(t, ST_INC, fm.template shift_c<TILE>(excl) + s_agg[slot]);
                s_car[slot] = excl;
                mbar_arrive(&carry[slot]);
            }
            __syncwarp();
        }
        return;
    }

    // the compute threads' shifts that depend on who they are, made once:
    // the end of a lane's unit to the end of its warp's row, the tile's
    // start to the warp's rows, the row's start to the lane's unit
    // (SCAN_LANES: a lane's segment is its R units, and the shifts over
    // its rotated parts are made once as well)
    constexpr long long LSEG = LANES ? (long long)R * PER : PER;
    // (PLR_SCAN_LANES_CHAINS 2: in the first pass a lane sums a unit of each row)
    constexpr bool ROWS_FIRST = LANES && PLR_SCAN_LANES_CHAINS == 2 && FP == 0;
    static_assert(!ROWS_FIRST || R == 4, "the rows' first pass joins four units");
    const typename F::Pow to_end = fm.power((long long)(31 - lane) * (ROWS_FIRST ? PER : LSEG)),
                          to_warp = fm.power(warp * SPAN), to_lane = fm.power((long long)lane * LSEG),
                          p_unit = fm.power(PER), p_rot = fm.power((long long)rot * PER),
                          p_tail = fm.power((long long)(R - rot) * PER);
    for (long long i = 0; i < mine + D; i++) {
        if (i < mine) {
            // ---- first pass of tile i: its aggregate
            const int slot = (int)(i % S);
            mbar_wait(&full[slot], (unsigned)(i / S) & 1u);
            const long long t = (long long)blockIdx.x + i * G, base = t * TILE;
            const T *st = stage + slot * TILE;
            const bool whole = base + TILE <= n;
            // a lane's rows are 32 units apart: each shifted to the end of
            // the last, then every lane's to the end of the warp's rows
            const T *halo = s_halo[slot][warp];
            if constexpr (FP > 0 && LANES)
                if (warp > 0)
                    copy_halo(st, base, whole, s_halo[slot][warp]);
            V sum = st_zero<V>();
            if constexpr (ROWS_FIRST) {
                V u[R];
#pragma unroll
                for (int j = 0; j < R; j++) {
                    T e[PER];
                    load_unit(st, base, (long long)(warp * 32 * R + j * 32 + lane), whole, halo, e, !GAIN_ON_TOTAL);
                    if constexpr (PLR_SCAN_ABL_FIRST) {
#pragma unroll
                        for (int c = 0; c < PER; c++)
                            sum.v[0] += A(e[c]);
                    } else {
                        u[j] = unit_chain(fm, e);
                    }
                }
                if constexpr (!PLR_SCAN_ABL_FIRST) {
                    const V a = fm.template shift_c<32 * PER>(u[0]) + u[1],
                            b = fm.template shift_c<32 * PER>(u[2]) + u[3];
                    sum = fm.template shift_c<64 * PER>(a) + b;
                }
            } else if constexpr (LANES || REG_TAPS) {
                T e[R][PER];
                load_units(st, base, whole, halo, e, !GAIN_ON_TOTAL);
                if constexpr (LANES && PLR_SCAN_LANES_CHAINS == 1) {
                    V head;
                    lane_chains(fm, e, rot, head, sum);
                } else if constexpr (LANES) {
                    V head, tail;
                    lane_parts(fm, e, rot, p_unit, head, tail);
                    sum = fm.apply(head, p_tail) + tail;
                } else {
#pragma unroll
                    for (int j = 0; j < R; j++)
                        sum = fm.template shift_c<32 * PER>(sum) + unit_state(fm, e[j]);
                }
            } else {
                // (a unit at a time: the rows' first pass without taps as
                // it was measured)
#pragma unroll
                for (int j = 0; j < R; j++) {
                    T e[PER];
                    load_unit(st, base, unit_at(j), whole, halo, e, !GAIN_ON_TOTAL);
                    sum = fm.template shift_c<32 * PER>(sum) + unit_state(fm, e);
                }
            }
            const V ws = warp_sum(fm.apply(sum, to_end));
            if (lane == 0)
                s_wt[slot][warp] = GAIN_ON_TOTAL && P.scaled ? st_scale(ws, A(P.gain)) : ws;
            if constexpr (PLR_SCAN_NOBAR) {
                if (lane == 0)
                    mbar_arrive(&wtready[slot]);
                if (warp == 0)
                    mbar_wait(&wtready[slot], (unsigned)(i / S) & 1u);
            } else {
                compute_sync(NT);
            }
            if (warp == 0) {
                const V inc = warp_scan<SPAN>(fm, lane < NW ? s_wt[slot][lane] : st_zero<V>(), lane);
                const V ex = shfl_up(inc, 1);
                if (lane < NW)
                    s_wpre[slot][lane] = lane ? ex : st_zero<V>();
                __syncwarp(); // every lane's prefix before the hand-off
                if (lane == NW - 1) {
                    s_agg[slot] = inc;
                    if (t > 0)
                        P.state.publish(t, ST_AGG, inc);
                    mbar_arrive(&aggr[slot]);
                }
            }
        }
        if (i >= D) {
            // ---- last pass of tile f = i - D, with its carry-in
            const long long f = i - D;
            const int slot = (int)(f % S);
            mbar_wait(&carry[slot], (unsigned)(f / S) & 1u);
            // Warp 0 wrote this tile's warp prefixes after its first pass's
            // barrier; the next first pass's barrier orders them before these
            // reads, but the block's last tile has none after it. The
            // mbarriers through the look-back warp order them as well, but
            // transitively, which racecheck does not follow.
            if (f == mine - 1)
                compute_sync(NT);
            const long long t = (long long)blockIdx.x + f * G, base = t * TILE;
            T *st = stage + slot * TILE;
            // the state at the start of this warp's span
            V c0 = fm.apply(s_car[slot], to_warp) + s_wpre[slot][warp];
            const bool whole = base + TILE <= n;
            const long long rem = n - base;
            const T *halo = s_halo[slot][warp];
            // a unit's outputs to y, or (SCAN_LANES) back to the stage
            auto put_unit = [&](long long u, const T (&o)[PER], bool to_stage) {
                if (to_stage) {
                    Vec ov;
                    memcpy(&ov, o, 16);
                    reinterpret_cast<Vec *>(st)[u] = ov;
                } else if (whole) {
                    Vec ov;
                    memcpy(&ov, o, 16);
                    reinterpret_cast<Vec *>(P.y + base)[u] = ov;
                } else {
#pragma unroll
                    for (int c = 0; c < PER; c++)
                        if (u * PER + c < rem)
                            P.y[base + u * PER + c] = o[c];
                }
            };
            T e[R][PER];
            if constexpr (LANES || REG_TAPS)
                load_units(st, base, whole, halo, e, true);
            if constexpr (LANES) {
                V head, total;
                if constexpr (PLR_SCAN_ABL_LAST == 1) {
                    head = total = st_zero<V>();
                } else if constexpr (PLR_SCAN_LANES_CHAINS_LAST) {
                    lane_chains(fm, e, rot, head, total);
                } else {
                    V tail;
                    lane_parts(fm, e, rot, p_unit, head, tail);
                    total = fm.apply(head, p_tail) + tail;
                }
                const V inc = PLR_SCAN_ABL_LAST ? total : warp_scan<(long long)R * PER>(fm, total, lane);
                V ex;
                if constexpr (PLR_SCAN_ABL_LAST) {
                    ex = st_zero<V>();
                } else if constexpr (F::plain(R * PER) && F::partials(PER)) {
#pragma unroll
                    for (int c = 0; c < V::K; c++)
                        ex.v[c] = inc.v[c] - total.v[c];
                } else {
                    ex = shfl_up(inc, 1);
                    if (lane == 0)
                        ex = st_zero<V>();
                }
                // the state before the lane's unit 0, and before its unit rot
                const V before0 = fm.apply(c0, to_lane) + ex;
                V s = fm.apply(before0, p_rot) + head;
                __syncwarp(); // every lane's units read before any is overwritten
#pragma unroll
                for (int j = 0; j < R; j++) {
                    if (j > 0 && j == R - rot)
                        s = before0;
                    T o[PER];
                    if constexpr (F::partials(PER)) {
                        if constexpr (MIX) {
                            A m[PER];
                            fm.after(s, e[j], m);
#pragma unroll
                            for (int c = 0; c < PER; c++)
                                o[c] = T(m[c]);
                        } else {
#pragma unroll
                            for (int c = 0; c < PER; c++)
                                o[c] = T(fm.out(s, c, e[j][c]));
                        }
                        s = fm.apply(s, p_unit) + fm.unit_of(e[j]);
                    } else {
#pragma unroll
                        for (int c = 0; c < PER; c++)
                            o[c] = out_step(s, A(e[j][c]));
                    }
                    put_unit(unit_at(j), o, true);
                }
                {
                    __syncwarp();
                    // row by row from the stage: coalesced stores
#pragma unroll
                    for (int j = 0; j < R; j++) {
                        const long long u = (long long)(warp * 32 * R + j * 32 + lane);
                        T o[PER];
                        const Vec v = reinterpret_cast<const Vec *>(st)[u];
                        memcpy(o, &v, 16);
                        put_unit(u, o, false);
                    }
                    // the copy engine (the async proxy) refills what these
                    // threads wrote (the generic proxy)
                    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
                }
            } else {
                V inc[R];
#pragma unroll
                for (int j = 0; j < R; j++) {
                    if constexpr (!REG_TAPS) // (each unit as it is used, as measured)
                        load_unit(st, base, unit_at(j), whole, halo, e[j], true);
                    if constexpr (F::partials(PER)) {
                        fm.to_partials(e[j]);
                        inc[j] = fm.unit_of(e[j]);
                    } else {
                        inc[j] = unit_state(fm, e[j]);
                    }
                }
                // each row across the lanes, the rows interleaved
                warp_scans<PER>(fm, inc, lane);
#pragma unroll
                for (int j = 0; j < R; j++) {
                    // the lane's state before its unit
                    V ex;
                    if constexpr (F::plain(PER) && F::partials(PER)) {
                        const V u = fm.unit_of(e[j]);
#pragma unroll
                        for (int c = 0; c < V::K; c++)
                            ex.v[c] = inc[j].v[c] - u.v[c];
                    } else {
                        ex = shfl_up(inc[j], 1);
                        if (lane == 0)
                            ex = st_zero<V>();
                    }
                    V off = fm.apply(c0, to_lane) + ex;
                    c0 = fm.template shift_c<32 * PER>(c0) + shfl(inc[j], 31);
                    T o[PER];
                    if constexpr (MIX && F::partials(PER)) {
                        A m[PER];
                        fm.after(off, e[j], m);
#pragma unroll
                        for (int c = 0; c < PER; c++)
                            o[c] = T(m[c]);
                    } else {
#pragma unroll
                        for (int c = 0; c < PER; c++) {
                            if constexpr (F::partials(PER))
                                o[c] = T(fm.out(off, c, e[j][c]));
                            else
                                o[c] = out_step(off, A(e[j][c]));
                        }
                    }
                    put_unit(unit_at(j), o, false);
                }
            }
            if constexpr (PLR_SCAN_NOBAR) {
                // the last warp done with the stage refills it
                __syncwarp();
                if (lane == 0) {
                    __threadfence_block();
                    if (atomicAdd(&s_done[slot], 1u) == (unsigned)NW - 1) {
                        __threadfence_block();
                        s_done[slot] = 0;
                        if (f + S < mine)
                            issue(f + S);
                    }
                }
            } else {
                compute_sync(NT); // every compute thread is done with the stage
                if (tid == 0 && f + S < mine)
                    issue(f + S);
            }
        }
    }
#endif
}

// The form type of each ScanForm (not SCAN_NONE) for input type T, handed
// to fn as FormTag<F>: the one place the codes meet their forms. Tuple and
// higher-order sums carry f32 in double (their roundings add up along the
// array and through the orders); a decaying
// filter (Geo, Pole: |b| < 1 for floats) forgets a carry's rounding within
// a few tiles, so it may carry f32 in float (in_float): no conversion an
// element and half the shuffles. Which is faster is measured
// (docs/cuda.md, "Prefix sums": forms). A prefix sum may too (in_float for
// SCAN_SUM): it adds as the serial loop does, with fewer roundings along
// the array than the loop's one an element.
template <class F> struct FormTag {
    using type = F;
};
template <class T, class Fn> auto with_form(ScanForm form, bool in_float, Fn &&fn)
{
    using A = typename acc<T>::type;
    switch (form) {
    case SCAN_SUM: return in_float ? fn(FormTag<Tuple<T, 1>>{}) : fn(FormTag<Tuple<A, 1>>{});
    case SCAN_TUPLE2: return fn(FormTag<Tuple<A, 2>>{});
    case SCAN_TUPLE3: return fn(FormTag<Tuple<A, 3>>{});
    case SCAN_ORDER2: return fn(FormTag<Binom<A, 2>>{});
    case SCAN_ORDER3: return fn(FormTag<Binom<A, 3>>{});
    case SCAN_POLE2: return in_float ? fn(FormTag<Pole<T, 2, T>>{}) : fn(FormTag<Pole<T, 2, A>>{});
    case SCAN_POLE3: return in_float ? fn(FormTag<Pole<T, 3, T>>{}) : fn(FormTag<Pole<T, 3, A>>{});
    default: return in_float ? fn(FormTag<Geo<T, T>>{}) : fn(FormTag<Geo<T, A>>{});
    }
}

template <class T, class Gm> constexpr size_t scan_smem() { return (size_t)Gm::S * Gm::TILE_BYTES; }
template <class T, class Gm> constexpr unsigned long long scan_tile() { return (unsigned long long)Gm::UNITS * (16 / sizeof(T)); }

} // namespace scan
} // namespace plrk
