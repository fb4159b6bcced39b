// Higher orders on one forward array in device memory: segments chained by
// their states, five launches, no look-back (docs/cuda.md, "Higher orders").
//
// The single-pass kernel (plr_kernel.cuh) merges summaries with k x k
// factor products in every thread; past order 8 its per-thread vectors
// leave the registers (0.1-0.3% of a copy). Here each element costs k
// multiply-adds in each of two passes, and k x k products happen once per
// sub-segment (a 32nd of a segment, at least 32 elements):
//
// - Each warp owns one segment; lane l owns the segment's l-th 32nd (its
//   sub-segment) and runs the recurrence through it serially, 32 elements a
//   step, from its own state: the warp loads the 32 rows of a step (one row
//   per sub-segment, coalesced) into shared memory and each lane reads its
//   row. No lane waits for another while it runs.
// - Pass 1 (OUT = false) runs every sub-segment from a zero state; the lanes'
//   end states UL (saved) are chained, s_l = u_l + A^sub s_{l-1} (lane j
//   computing component j; A the companion matrix), into the segment's end
//   state from a zero start, U. It also keeps the segment's last 32 inputs
//   (XH): in place, pass 3 overwrites them before the next segment's FIR
//   terms read them.
// - korder_chain, three launches of one warp per group of 32 segments (and
//   one warp over the groups), turns U into each segment's exact carry-in Sg.
// - Pass 3 (OUT = true) chains UL from Sg into each lane's carry-in, runs
//   every sub-segment again from it and writes y.
// x is read twice and y written once: at most 2/3 of a copy's speed, the
// price of no waits between blocks. States and chains run in the carry type
// (double for float recurrences, as the other kernels' merges do); the runs
// in the element type, like the serial loop.
#pragma once

#include "plr_kernel.cuh"

namespace plrk {

constexpr int KO_M = 32;     // elements a lane runs per step; >= every K
constexpr int KO_WARPS = 4;  // warps per block (each its own segment)
constexpr int KO_G = 32;     // segments per group of the chain

template <class T> struct KParams {
    using C = typename acc_of<T>::type;
    const T *x;
    T *y;
    unsigned long long n;
    unsigned long long seg_len; // elements per segment, a multiple of 32*KO_M
    unsigned nseg;
    unsigned na;                // feed-forward taps: acoef[q] multiplies x[i - alag[q]]
    unsigned alag[33];
    T acoef[33];
    T b[32];    // b[j]: coefficient of y[i-1-j], zero beyond the order
    T xhist[32]; // x[j-p], j < p (oldest first)
    unsigned p;
    C init[32];  // y[-1-j]
    const C *Alane; // K x K, row r: component r of the state after one sub-segment (seg_len/32)
    const C *Aseg; // K x K: the same over one segment
    const C *Agrp; // K x K: the same over a group of KO_G segments
    C *V;          // ngrp x K: each group's end state from a zero start
    C *W;          // ngrp x K: each group's exact carry-in
    unsigned ngrp;
    unsigned vec;  // x and y 16-byte aligned: tiles move in 16-byte vectors
    // with vec: the next step's loads issued before this step's arithmetic
    // (0: after it, PLR_CUDA_KO_PREFETCH=0, a measuring switch)
    unsigned prefetch;
    // with vec: pass 3 stores each lane's row of outputs from its registers
    // (1, PLR_CUDA_KO_DIRECT=1) or through the step's buffer, coalesced (0)
    unsigned direct;
    C *U;          // nseg x K: each segment's end state from a zero start
    C *UL;         // nseg x 32 x K: each sub-segment's end state from a zero start
    C *Sg;         // nseg x K: each segment's exact carry-in
    T *XH;         // nseg x KO_M: each segment's last KO_M inputs
    unsigned *flag; // bit 0: a non-finite input; pass 3 then writes nothing
};

// shared memory per warp: two buffers of 32 rows of 32 inputs (a step's and
// the one before), padded to 33 (conflict-free columns); the 33 state rows
// of the lanes' chain share the space (used before the first step and after
// the last)
template <class T, int K> __host__ __device__ constexpr size_t korder_warp_bytes()
{
    using C = typename acc_of<T>::type;
    constexpr size_t rows = 2 * 32 * (KO_M + 1) * sizeof(T), states = 33 * (K + 1) * sizeof(C);
    return ((rows > states ? rows : states) + 15) & ~size_t(15);
}

// 16-byte vectors of the tile's loads and stores
template <class T> constexpr int KO_E = 16 / sizeof(T);
template <class T> constexpr int KO_NV = 32 * KO_M / (32 * KO_E<T>);
template <class T> struct alignas(16) KoVec {
    T v[KO_E<T>];
};

template <class T> __device__ __forceinline__ bool ko_finite(T v)
{
    if constexpr (is_float_t<T>::value)
        return isfinite(v);
    else
        return true;
}

// t_i = sum_q acoef[q] x[i - alag[q]] for the lane's step: its 32 inputs in
// row `row`, the 32 before them in `prev` (lags up to 32)
template <class T>
__device__ __forceinline__ void ko_fir(const KParams<T> &P, const T *row, const T *prev, T (&v)[KO_M])
{
    if (P.na == 1 && P.alag[0] == 0) {
        const T a = P.acoef[0];
#pragma unroll
        for (int i = 0; i < KO_M; i++)
            v[i] = a * row[i];
        return;
    }
#pragma unroll
    for (int i = 0; i < KO_M; i++)
        v[i] = T(0);
    for (unsigned q = 0; q < P.na; q++) {
        const int lag = (int)P.alag[q];
        const T a = P.acoef[q];
#pragma unroll
        for (int i = 0; i < KO_M; i++) {
            const int s = i - lag;
            v[i] = mac1(v[i], a, s >= 0 ? row[s] : prev[KO_M + s]);
        }
    }
}

// the recurrence over the step's 32 elements: v holds t on entry, y on
// return; carry[j] is y[-1-j]; P.b the feedback taps (KParams, K1Params)
template <class T, int K, class KP>
__device__ __forceinline__ void ko_run(const KP &P, T (&v)[KO_M], const T (&carry)[K])
{
#pragma unroll
    for (int i = 0; i < KO_M; i++) {
        T acc = v[i];
        // farthest tap first: only the last multiply-add waits for y[i-1]
#pragma unroll
        for (int j = K - 1; j >= 0; j--) {
            if (i - 1 - j >= 0)
                acc = mac1(acc, P.b[j], v[i - 1 - j]);
            else
                acc = mac1(acc, P.b[j], carry[j - i]);
        }
        v[i] = acc;
    }
}

// s_i = in_i + A s_{i-1}, i = 1..cnt, component `lane` of each: row 0 of st
// holds s_0, rows 1..cnt the inputs, replaced by the states (rows KS apart)
template <class C, int K>
__device__ __forceinline__ void ko_chain(C *st, const C (&arow)[K], int lane, unsigned cnt)
{
    constexpr int KS = K + 1;
    for (unsigned i = 0; i < cnt; i++) {
        const C *sp = st + i * KS;
        C a0 = lane < K ? sp[KS + lane] : C(0), a1 = C(0);
#pragma unroll
        for (int j = 0; j < K; j += 2) {
            a0 = mac1(a0, arow[j], sp[j]);
            a1 = mac1(a1, arow[j + 1], sp[j + 1]);
        }
        if (lane < K)
            st[(i + 1) * KS + lane] = a0 + a1;
        __syncwarp();
    }
}

template <class C, int K> __device__ __forceinline__ void ko_row(const C *A, int lane, C (&arow)[K])
{
#pragma unroll
    for (int j = 0; j < K; j++)
        arow[j] = lane < K ? A[lane * K + j] : C(0);
}

// A step's 32 rows of 32 inputs in 16-byte vectors, all in flight at
// once: row r of the step starting t elements into each sub-segment
template <class T>
__device__ __forceinline__ void ko_load_step(const KParams<T> &P, KoVec<T> (&buf)[KO_NV<T>], int lane,
                                             unsigned long long s0, unsigned long long sub, unsigned long long t,
                                             unsigned long long s1)
{
    constexpr int E = KO_E<T>, LPR = 32 / E; // lanes per row
#pragma unroll
    for (int q = 0; q < KO_NV<T>; q++) {
        const int r = q * (32 / LPR) + lane / LPR, c0 = (lane % LPR) * E;
        const unsigned long long e = s0 + r * sub + t + c0;
        if (e + E <= s1)
            buf[q] = *reinterpret_cast<const KoVec<T> *>(P.x + e);
        else
#pragma unroll
            for (int c = 0; c < E; c++)
                buf[q].v[c] = e + c < s1 ? P.x[e + c] : T(0);
    }
}

// A 16-byte vector of outputs into y[e..], element by element where it
// reaches past the segment's end s1
template <class T>
__device__ __forceinline__ void ko_store_vec(const KParams<T> &P, const KoVec<T> &o, unsigned long long e,
                                             unsigned long long s1)
{
    constexpr int E = KO_E<T>;
    if (e + E <= s1)
        *reinterpret_cast<KoVec<T> *>(P.y + e) = o;
    else
#pragma unroll
        for (int c = 0; c < E; c++)
            if (e + c < s1)
                P.y[e + c] = o.v[c];
}

// One warp per segment; lane l runs the segment's l-th 32nd (its
// sub-segment) from its own state, 32 elements a step: the warp loads the
// 32 rows of a step coalesced into shared memory, each lane reads its row.
template <class T, int K, bool OUT>
__global__ void __launch_bounds__(32 * KO_WARPS) korder_pass(const KParams<T> P)
{
    using C = typename acc_of<T>::type;
    constexpr int M = KO_M, R = KO_M + 1, KS = K + 1;
    extern __shared__ __align__(16) unsigned char ko_smem[];
    const int lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    const unsigned seg = blockIdx.x * KO_WARPS + w;
    if (seg >= P.nseg)
        return; // the whole warp: no block barrier below
    if (OUT && (*(volatile const unsigned *)P.flag & 1u))
        return;
    // two buffers of 32 rows (this step's inputs, the step before's), and
    // the states of the lanes' chain over them (before and after the steps)
    T *xs = reinterpret_cast<T *>(ko_smem + (size_t)w * korder_warp_bytes<T, K>());
    C *S = reinterpret_cast<C *>(xs);
    const unsigned long long sub = P.seg_len / 32, s0 = (unsigned long long)seg * P.seg_len;
    const unsigned long long s1 = s0 + P.seg_len < P.n ? s0 + P.seg_len : P.n;
    const bool fir = !(P.na == 1 && P.alag[0] == 0);

    T st[K]; // y[-1-j] before the lane's next element
    if (OUT) {
        // the lanes' carry-ins: the segment's, then through each sub-segment
        C arow[K];
        ko_row(P.Alane, lane, arow);
        if (lane < K)
            S[lane] = P.Sg[(size_t)seg * K + lane];
        for (unsigned q = lane; q < 32u * K; q += 32)
            S[(1 + q / K) * KS + q % K] = P.UL[(size_t)seg * 32 * K + q];
        __syncwarp();
        ko_chain<C, K>(S, arow, lane, 31);
#pragma unroll
        for (int j = 0; j < K; j++)
            st[j] = T(S[lane * KS + j]);
    } else {
#pragma unroll
        for (int j = 0; j < K; j++)
            st[j] = T(0);
    }
    __syncwarp();
    if (fir) {
        // the 32 inputs before each sub-segment, in the second buffer: the
        // segment before's (kept by pass 1, since pass 3 may have overwritten
        // them in place), or the x history
        T *prev = xs + 32 * R;
        for (int r = 0; r < 32; r++) {
            T v;
            if (r > 0)
                v = s0 + r * sub - 32 + lane < P.n ? P.x[s0 + r * sub - 32 + lane] : T(0);
            else if (seg > 0)
                v = OUT ? P.XH[(size_t)(seg - 1) * M + lane] : P.x[s0 - 32 + lane];
            else
                v = lane >= M - (int)P.p ? P.xhist[lane - (M - (int)P.p)] : T(0);
            prev[r * R + lane] = v;
        }
        __syncwarp();
    }
    bool bad = false;
    unsigned step = 0;
    // With P.prefetch, buf holds the step's inputs on entry to it, loaded
    // while the step before ran its arithmetic: each warp's loads stay in
    // flight through its compute instead of stalling it once a step (ncu,
    // H200, order 8 at 2^26: the second pass at 15.5 cycles an issued
    // instruction and 58% of the DRAM's throughput without).
    KoVec<T> buf[KO_NV<T>];
    if (P.vec && P.prefetch)
        ko_load_step(P, buf, lane, s0, sub, 0, s1);
    for (unsigned long long t = 0; t < sub; t += 32, step++) {
        T *cur = xs + (step & 1) * 32 * R, *prev = xs + (~step & 1) * 32 * R;
        if (P.vec) {
            // all of the step's loads in flight at once, 16 bytes a lane each
            constexpr int E = KO_E<T>, LPR = 32 / E; // lanes per row
            if (!P.prefetch)
                ko_load_step(P, buf, lane, s0, sub, t, s1);
#pragma unroll
            for (int q = 0; q < KO_NV<T>; q++) {
                const int r = q * (32 / LPR) + lane / LPR, c0 = (lane % LPR) * E;
#pragma unroll
                for (int c = 0; c < E; c++) {
                    if (!OUT)
                        bad |= !ko_finite(buf[q].v[c]);
                    cur[r * R + c0 + c] = buf[q].v[c];
                }
            }
            if (P.prefetch && t + 32 < sub)
                ko_load_step(P, buf, lane, s0, sub, t + 32, s1);
        } else {
#pragma unroll 8
            for (int r = 0; r < 32; r++) {
                const unsigned long long e = s0 + r * sub + t + lane;
                const T v = e < s1 ? P.x[e] : T(0);
                if (!OUT)
                    bad |= !ko_finite(v);
                cur[r * R + lane] = v;
            }
        }
        __syncwarp();
        T v[M];
        ko_fir(P, cur + lane * R, prev + lane * R, v);
        ko_run<T, K>(P, v, st);
#pragma unroll
        for (int j = 0; j < K; j++)
            st[j] = v[M - 1 - j];
        if (OUT && P.vec && P.direct) {
            // each lane its own row of outputs from its registers, 16 bytes
            // a store: no transposition, no barrier (a row is 32 aligned
            // elements: seg_len and sub are multiples of 32)
            constexpr int E = KO_E<T>;
            const unsigned long long e0 = s0 + (unsigned long long)lane * sub + t;
#pragma unroll
            for (int q = 0; q < M / E; q++) {
                KoVec<T> o;
#pragma unroll
                for (int c = 0; c < E; c++)
                    o.v[c] = v[q * E + c];
                ko_store_vec(P, o, e0 + (unsigned long long)q * E, s1);
            }
        } else if (OUT) {
            // the outputs through the buffer the step before used
            __syncwarp();
#pragma unroll
            for (int i = 0; i < M; i++)
                prev[lane * R + i] = v[i];
            __syncwarp();
            if (P.vec) {
                constexpr int E = KO_E<T>, LPR = 32 / E;
#pragma unroll
                for (int q = 0; q < KO_NV<T>; q++) {
                    const int r = q * (32 / LPR) + lane / LPR, c0 = (lane % LPR) * E;
                    KoVec<T> o;
#pragma unroll
                    for (int c = 0; c < E; c++)
                        o.v[c] = prev[r * R + c0 + c];
                    ko_store_vec(P, o, s0 + r * sub + t + c0, s1);
                }
            } else {
#pragma unroll 8
                for (int r = 0; r < 32; r++) {
                    const unsigned long long e = s0 + r * sub + t + lane;
                    if (e < s1)
                        P.y[e] = prev[r * R + lane];
                }
            }
        }
        __syncwarp();
    }
    if (!OUT) {
        if (__any_sync(0xffffffffu, bad) && lane == 0)
            atomicOr(P.flag, 1u);
        // the segment's last 32 inputs (the last step's row 31), then its end
        // state from a zero start: the lanes' states chained
        if (seg + 1 < P.nseg)
            P.XH[(size_t)seg * M + lane] = xs[((step - 1) & 1) * 32 * R + 31 * R + lane];
        __syncwarp();
#pragma unroll
        for (int r = 0; r < K; r++) {
            S[(lane + 1) * KS + r] = C(st[r]);
            P.UL[((size_t)seg * 32 + lane) * K + r] = C(st[r]);
        }
        if (lane < K)
            S[lane] = C(0);
        C arow[K];
        ko_row(P.Alane, lane, arow);
        __syncwarp();
        ko_chain<C, K>(S, arow, lane, 32);
        if (seg + 1 < P.nseg && lane < K)
            P.U[(size_t)seg * K + lane] = S[32 * KS + lane];
    }
}

// The chain of segment states in three launches, one warp per group of
// KO_G segments (the states of a group first staged in shared memory, so
// that a step waits for arithmetic, not for a load):
// LEVEL 0: each group's end state from a zero start, V_g;
// LEVEL 1: one warp, the groups' carry-ins W_0 = init, W_{g+1} = V_g + A^(G L) W_g;
// LEVEL 2: each group's segments from W_g: Sg = its carry-in, then U + A^L Sg.
template <class T, int K, int LEVEL> __global__ void korder_chain(const KParams<T> P)
{
    using C = typename acc_of<T>::type;
    constexpr int KS = K + 1;
    __shared__ C st[(KO_G + 1) * KS];
    const int lane = threadIdx.x;
    const C *A = LEVEL == 1 ? P.Agrp : P.Aseg;
    C arow[K];
    ko_row(A, lane, arow);
    const unsigned total = LEVEL == 1 ? P.ngrp : P.nseg;
    // LEVEL 1 walks every group in rounds of KO_G; the others their own group
    const unsigned first = LEVEL == 1 ? 0 : blockIdx.x * KO_G;
    const unsigned last = LEVEL == 1 ? total : (first + KO_G < total ? first + KO_G : total);
    const C *in = LEVEL == 1 ? P.V : P.U;
    C *out = LEVEL == 1 ? P.W : P.Sg;
    if (lane < K)
        st[lane] = LEVEL == 0 ? C(0) : LEVEL == 1 ? P.init[lane] : P.W[(size_t)blockIdx.x * K + lane];
    for (unsigned r0 = first; r0 < last; r0 += KO_G) {
        const unsigned cnt = last - r0 < (unsigned)KO_G ? last - r0 : (unsigned)KO_G;
        for (unsigned q = lane; q < cnt * K; q += 32)
            st[(1 + q / K) * KS + q % K] = in[(size_t)r0 * K + q];
        __syncwarp();
        ko_chain<C, K>(st, arow, lane, cnt);
        // rows 0..cnt-1: the carries into items r0.. (LEVEL 0 needs only the end)
        if (LEVEL != 0)
            for (unsigned q = lane; q < cnt * K; q += 32)
                out[(size_t)r0 * K + q] = st[(q / K) * KS + q % K];
        __syncwarp();
        if (lane < K)
            st[lane] = st[cnt * KS + lane];
        __syncwarp();
    }
    if (LEVEL == 0 && lane < K)
        P.V[(size_t)blockIdx.x * K + lane] = st[lane];
}

template <class T, int K> const void *korder_kernel_of(int which)
{
    switch (which) {
    case 0: return reinterpret_cast<const void *>(&korder_pass<T, K, false>);
    case 1: return reinterpret_cast<const void *>(&korder_chain<T, K, 0>);
    case 2: return reinterpret_cast<const void *>(&korder_chain<T, K, 1>);
    case 3: return reinterpret_cast<const void *>(&korder_chain<T, K, 2>);
    default: return reinterpret_cast<const void *>(&korder_pass<T, K, true>);
    }
}

// which: 0 pass 1, 1..3 the chain's levels, 4 pass 3; K 8, 16 or 32
template <class T> const void *korder_table(unsigned K, int which)
{
    switch (K) {
    case 8: return korder_kernel_of<T, 8>(which);
    case 16: return korder_kernel_of<T, 16>(which);
    case 32: return korder_kernel_of<T, 32>(which);
    default: return nullptr;
    }
}

} // namespace plrk
