// Warps per sequence for short unit-stride sequences (image rows of up to
// 4096 floats / 2048 doubles).
//
// The register-direct tile kernel (plr_batch.cuh) gives a row of 1920 floats
// 128 threads of 16 elements: its chain per tile is load, solve, in-warp
// scan, block barrier, cross-warp scan, block barrier, solve, store, and
// 1080 such rows fill less than one wave, so the whole call is one tile's
// latency (H100: 49% of a copy's kernel time, ncu 0.26 instructions issued
// per scheduler per cycle). Here G = 1, 2 or 4 warps own one sequence:
// thread s of the sequence takes positions [s*S, s*S + S) (S = NV vectors),
// and every warp stages its own spans in shared memory by coalesced 16-byte
// copies (a first version that loaded each lane's span straight into
// registers touched 32 lines per load instruction and ran 4096x2160 rows at
// 45% of a copy against the tile kernel's 68%). A first sweep writes the
// input terms over the inputs and solves them from a zero carry (thread 0
// from the sequence's state); every warp scans its lanes' summaries with
// five shuffles, all at once; after the one block barrier warp g takes the
// carry into it from the totals of the warps before it, and lane l the
// carry's effect over the l spans before its own; a second sweep solves the
// terms from the exact carry, and each warp writes its spans out coalesced.
// No look-back. In place is safe: every warp has staged its inputs, and read
// the inputs before its spans, before the barrier, and no output is written
// before it.
//
// Its parameters (WParams) are the batched kernels' that it reads: gp2[e]
// holds the factor rows of 2^e spans (F(j, 2^e S - 1 - r), e = 0..4), filled
// by the host for this S; tps is G. Both arrays must be BM_ROW (see
// batch_rmode) and run the same direction. The host chooses NV and G:
// wrow_geom (plr_cuda.cu).
#pragma once

#include "plr_batch.cuh"

namespace plrk {

constexpr int W_WARPS = 4;  // warps per block where shared memory allows (G of them per sequence)
constexpr int W_MAXK = 4;   // orders 1..4 (rows live in gp2's 16 entries)
constexpr int W_MAXP = 4;   // FIR histories up to 4

// shared memory of one warp's row: spans PER elements apart, so that the 8
// lanes of a 16-byte access phase hit distinct banks (NV + 1 is odd)
__host__ __device__ constexpr unsigned wrow_bytes(unsigned nv)
{
    return 32u * (nv + 1u) * 16u;
}

// The kernel's parameters: what it reads of BParams, ~0.8 KB instead of
// 2.5 KB (a launch's cost grows with its parameters: 4.9 us against 3.8 us
// for an empty one on the H100 host, 2026-11-24).
template <class T> struct WParams {
    using Acc = typename acc_of<T>::type;
    const T *x;
    T *y;
    long long xs, xd, yd; // y runs in x's direction
    unsigned long long n, count;
    const T *st_in; // count*k, nearest first
    const T *hi_in; // count*p, oldest first
    T *st_out;
    unsigned tps;  // warps per sequence
    unsigned bnz;  // bit j: b[j] != 0
    unsigned anz;  // bit l: ad[l] != 0
    unsigned na;   // an input term at all
    unsigned zt;   // 1: the tap-checking body whatever the taps (PLR_CUDA_ZT=1)
    unsigned ones; // a prefix sum's factors (all ones)
    T b[W_MAXK];
    T ad[W_MAXP + 1]; // feed-forward coefficient by lag
    T a0;             // the input's coefficient without a FIR history
    Acc gp2[5][W_MAXK * W_MAXK];
};

// Unit u of a sequence (positions u*PER ..) sits in span u / NV at slot
// u % NV, staged in memory order; a backward array's units are then
// reversed in place, so that the sweeps read sequence order.
template <class T, int NV> __device__ __forceinline__ T *wrow_unit(T *row, unsigned u)
{
    constexpr int PER = 16 / (int)sizeof(T), RS = NV * PER + PER;
    return row + (u / NV) * RS + (u % NV) * PER;
}

template <class T> __device__ __forceinline__ uint4 wrow_flip(uint4 w)
{
    constexpr int PER = 16 / (int)sizeof(T);
    T m[PER], r[PER];
    memcpy(m, &w, 16);
#pragma unroll
    for (int z = 0; z < PER; z++)
        r[z] = m[PER - 1 - z];
    memcpy(&w, r, 16);
    return w;
}

// Unit q of lane `lane` of warp g: every warp stages, and later writes out,
// the units of its own spans (32 NV of them, lane by lane: coalesced), so
// that its lanes wait for each other only (a block barrier after the
// staging and one before the write-out held every warp of a block at the
// slowest: H100, 1080x1920 rows).
template <int NV> __device__ __forceinline__ unsigned wrow_own(unsigned g, int lane, int q)
{
    return g * 32u * NV + (unsigned)lane + 32u * q;
}

// whether unit u is one of lane `lane` of warp g's own
template <int NV> __device__ __forceinline__ bool wrow_owns(unsigned g, int lane, unsigned u)
{
    return u / (32u * NV) == g && u % 32u == (unsigned)lane;
}

// Issues the copies of sequence sq's inputs into row (warp g's own units);
// the caller commits and waits.
template <class T, int NV>
__device__ __forceinline__ void wrow_stage(const WParams<T> &P, T *row, unsigned long long sq, bool live, unsigned g,
                                           int lane)
{
    constexpr int PER = 16 / (int)sizeof(T);
    const unsigned long long n = P.n;
    const bool back = P.xs < 0;
    const T *xb = P.x + (long long)sq * P.xd;
    if (!live)
        return;
    // whole units in the loop; the one partial unit (n % PER elements, zeros
    // after them) apart, so that its element-wise code is not unrolled into
    // the loop (the kernel's code is fetched by every SM at every call: ~8%
    // of a 1080x1920 call's warps waited for instructions). Units past the
    // end are not staged: their lanes' results are never written and only
    // reach lanes and warps past the end.
    const unsigned full = (unsigned)(n / PER);
#pragma unroll
    for (int q = 0; q < NV; q++) {
        const unsigned u = wrow_own<NV>(g, lane, q);
        const unsigned long long e0 = (unsigned long long)u * PER;
        if (u < full)
            cp_async16(wrow_unit<T, NV>(row, u), back ? xb - (long long)e0 - (PER - 1) : xb + e0);
    }
    if (n % PER && wrow_owns<NV>(g, lane, full)) {
        T *dst = wrow_unit<T, NV>(row, full);
        const unsigned long long e0 = (unsigned long long)full * PER;
#pragma unroll
        for (int z = 0; z < PER; z++) {
            const unsigned long long i = e0 + z;
            const bool valid = i < n;
            cp_async_elem<T>(dst + (back ? PER - 1 - z : z), valid ? (back ? xb - (long long)i : xb + i) : xb,
                             valid);
        }
    }
}

// Lane 0 of warp g > 0: the pd inputs before its first span, read from memory
// (the previous warp stages them) and issued with the staging, before any
// wait; no output is written before every warp has passed the block barrier
// in wrow_seq, so in place they are still the inputs.
template <class T, int NV, int PD>
__device__ __forceinline__ void wrow_history(const WParams<T> &P, unsigned long long sq, bool live, unsigned g,
                                             int lane, T (&hx)[4])
{
    constexpr int S = NV * (16 / (int)sizeof(T));
#pragma unroll
    for (int d = 0; d < 4; d++)
        hx[d] = T(0);
    if (PD == 0 || !live || lane != 0 || g == 0)
        return;
    const T *xb = P.x + (long long)sq * P.xd;
    const bool back = P.xs < 0;
#pragma unroll
    for (int d = 1; d <= PD; d++) {
        // (a warp whose spans start past the end reads nothing)
        const unsigned long long i = (unsigned long long)g * 32 * S - d;
        if (i < P.n)
            hx[d - 1] = xb[back ? -(long long)i : (long long)i];
    }
}

// x = F x: the state a zero input leaves after the spans whose factor rows
// g holds, from state x
template <class Acc, int KM> __device__ __forceinline__ void wrow_apply(Acc (&x)[KM], const Acc *g, unsigned ones)
{
    Acc r[KM];
#pragma unroll
    for (int j = 0; j < KM; j++)
        r[j] = Acc(0);
    merge_p2<Acc, KM>(r, x, g, ones);
#pragma unroll
    for (int j = 0; j < KM; j++)
        x[j] = r[j];
}

// One sequence (G warps). The loops over a span's units stay loops: fully
// unrolled, the straight-line code of two sweeps outgrew the instruction
// cache (ncu: warps stalled 16 cycles per instruction on "no instruction",
// 1080x1920 rows at 33 us against the tile kernel's 16 us).
//
// ZT: some tap is zero (floats only), so every term is predicated on its tap
// (a zero tap contributes no term: 0 * Inf would be NaN), and the compiler
// reloads each coefficient from the constant bank under the predicate before
// every multiply-add (SASS of the biquad's kernel); taps all non-zero take
// the dense body, plain multiply-adds on registers (plr_warmup.cuh likewise).
template <class T, int KC, int NV, int PD, bool ZT>
__device__ __forceinline__ void wrow_seq(const WParams<T> &P, T *const row, unsigned long long sq, bool live,
                                         int lane, unsigned g, unsigned G, const T (&hx)[4],
                                         typename acc_of<T>::type (*carry_s)[W_MAXK])
{
    using Acc = typename acc_of<T>::type;
    constexpr int PER = 16 / (int)sizeof(T), S = NV * PER, RS = S + PER;
    const unsigned long long n = P.n;
    const unsigned k = KC, p = PD;
    const bool back = P.xs < 0;
    const unsigned s = g * 32u + (unsigned)lane; // this thread's span of the sequence
    auto unit_at = [&](unsigned u) { return wrow_unit<T, NV>(row, u); };
    auto flip = [](uint4 w) { return wrow_flip<T>(w); };
    // the copies wrow_stage issued have landed (the caller waited); a
    // backward sequence's units are reversed by the lane that staged them
    if (back && live) {
#pragma unroll
        for (int q = 0; q < NV; q++) {
            uint4 *at = reinterpret_cast<uint4 *>(unit_at(wrow_own<NV>(g, lane, q)));
            *at = flip(*at);
        }
    }
    __syncwarp(); // a span's units were staged by the lanes of its warp

    // the p inputs before the span (the end of the previous lane's span,
    // S >= 4 >= p; lane 0 of warp g > 0: hx, see wrow_history; thread 0: the
    // history) and thread 0's initial state, which makes every prefix below
    // exact; a warp past the last sequence reads nothing
    T xh0[4] = {T(0), T(0), T(0), T(0)};
    if (live) {
#pragma unroll
        for (int d = 1; d <= PD; d++)
            xh0[d - 1] = lane ? row[(s - 1) * RS + (S - d)]
                         : s    ? hx[d - 1]
                         : P.hi_in ? P.hi_in[sq * p + (p - d)]
                                   : T(0);
    }
    T st[KC];
#pragma unroll
    for (int j = 0; j < KC; j++)
        st[j] = s == 0 && live && P.st_in ? P.st_in[sq * k + j] : T(0);
    __syncwarp(); // every span's history is read before the first sweep overwrites a span

    // Coefficients in registers: read from the parameters inside the loops
    // they were reloaded every unit. Input terms and the solve keep the serial
    // loop's order of operations (as rfir and bsolve).
    T bc[KC], ac[PD + 1];
#pragma unroll
    for (int j = 0; j < KC; j++)
        bc[j] = P.b[j];
#pragma unroll
    for (int l = 0; l <= PD; l++)
        ac[l] = PD ? P.ad[l] : P.na ? P.a0 : T(0);
    const unsigned bnz = P.bnz, anz = P.anz;
    const bool na = P.na != 0;
    // Two sweeps over the span. The first turns each unit's inputs into its
    // input terms, written back over them (the FIR part is then computed
    // once: computed again in the second sweep it cost 4096x2160 biquad rows
    // a fifth of their time), and solves from the lane's start; the second
    // solves the terms from the exact carry into the outputs.
    T *const span = row + s * RS;
    auto solve = [&](T (&w)[KC], T (&tv)[PER]) {
#pragma unroll
        for (int i = 0; i < PER; i++) {
            T t = tv[i];
#pragma unroll
            for (int j = KC - 1; j >= 0; j--)
                if (!ZT || bnz >> j & 1u)
                    t = mac1(t, bc[j], w[j]);
#pragma unroll
            for (int j = KC - 1; j > 0; j--)
                w[j] = w[j - 1];
            w[0] = t;
            tv[i] = t;
        }
    };
    auto load_unit = [&](int v, T (&e)[PER]) {
        const uint4 q = *reinterpret_cast<const uint4 *>(span + v * PER);
        memcpy(e, &q, 16);
    };
    auto store_unit = [&](int v, const T (&e)[PER]) {
        uint4 q;
        memcpy(&q, e, 16);
        *reinterpret_cast<uint4 *>(span + v * PER) = q;
    };
    auto first_sweep = [&](T (&w)[KC]) {
        T xw[PD + PER]; // xw[PD + i]: the unit's input i; xw[PD - d]: d before it
#pragma unroll
        for (int d = 1; d <= PD; d++)
            xw[PD - d] = xh0[d - 1];
#pragma unroll 2
        for (int v = 0; v < NV; v++) {
            T e[PER], tv[PER];
            load_unit(v, e);
#pragma unroll
            for (int i = 0; i < PER; i++)
                xw[PD + i] = e[i];
#pragma unroll
            for (int i = 0; i < PER; i++) {
                T t;
                if (!ZT) { // (the first term a product: a multiply-add onto zero's rounding)
                    t = ac[0] * xw[PD + i];
#pragma unroll
                    for (int l = 1; l <= PD; l++)
                        t = mac1(t, ac[l], xw[PD + i - l]);
                } else if (PD == 0) {
                    t = na ? ac[0] * xw[i] : T(0);
                } else {
                    t = T(0);
#pragma unroll
                    for (int l = 0; l <= PD; l++)
                        if (anz >> l & 1u)
                            t = mac1(t, ac[l], xw[PD + i - l]);
                }
                tv[i] = t;
            }
            store_unit(v, tv);
            solve(w, tv);
#pragma unroll
            for (int d = PD; d >= 1; d--)
                xw[PD - d] = xw[PD + PER - d];
        }
    };
    auto second_sweep = [&](T (&w)[KC]) {
#pragma unroll 2
        for (int v = 0; v < NV; v++) {
            T tv[PER];
            load_unit(v, tv);
            solve(w, tv);
            store_unit(v, tv);
        }
    };

    Acc w[KC];
    {
        T wt[KC];
#pragma unroll
        for (int j = 0; j < KC; j++)
            wt[j] = st[j];
        if (live)
            first_sweep(wt);
#pragma unroll
        for (int j = 0; j < KC; j++)
            w[j] = Acc(wt[j]);
    }
    // Every warp scans its lanes' span summaries with five shuffles, all
    // warps at once (they took turns, a block barrier each: 4 warps of
    // 4-vector spans per 1920-float row lost to 2 of 8). Warp g then takes the
    // carry into it from the other warps' totals, C(g+1) = T(g) + F(32 spans)
    // C(g), and lane l adds that carry's effect over the l spans before its
    // own, F(l spans) C(g), by the binary digits of l.
#pragma unroll
    for (int e = 0; e < 5; e++) {
        const int d = 1 << e;
        Acc pv[KC];
#pragma unroll
        for (int j = 0; j < KC; j++)
            pv[j] = __shfl_up_sync(0xffffffffu, w[j], d);
        if (lane >= d)
            merge_p2<Acc, KC>(w, pv, &P.gp2[e][0], P.ones);
    }
    Acc C[KC];
#pragma unroll
    for (int j = 0; j < KC; j++)
        C[j] = Acc(0);
    if (G > 1) {
        if (lane == 31) {
#pragma unroll
            for (int j = 0; j < KC; j++)
                carry_s[g][j] = w[j];
        }
        __syncthreads();
        for (unsigned gg = 0; gg < g; gg++) {
            if (gg > 0) {
                wrow_apply<Acc, KC>(C, &P.gp2[4][0], P.ones); // 16 spans, twice
                wrow_apply<Acc, KC>(C, &P.gp2[4][0], P.ones);
            }
#pragma unroll
            for (int j = 0; j < KC; j++)
                C[j] += carry_s[gg][j];
        }
    }
    Acc v[KC];
#pragma unroll
    for (int j = 0; j < KC; j++)
        v[j] = C[j];
    if (g > 0) {
#pragma unroll
        for (int e = 0; e < 5; e++)
            if ((unsigned)lane >> e & 1u)
                wrow_apply<Acc, KC>(v, &P.gp2[e][0], P.ones);
    }
    T wt[KC];
#pragma unroll
    for (int j = 0; j < KC; j++) {
        const Acc prev = __shfl_up_sync(0xffffffffu, w[j], 1);
        wt[j] = g ? T((lane ? prev : Acc(0)) + v[j]) : lane ? T(prev) : st[j];
    }
    if (live)
        second_sweep(wt);
    __syncwarp();
    T *yb = P.y + (long long)sq * P.yd;
    const unsigned full = (unsigned)(n / PER);
#pragma unroll
    for (int q = 0; q < NV; q++) {
        const unsigned u = wrow_own<NV>(g, lane, q);
        const unsigned long long e0 = (unsigned long long)u * PER;
        if (live && u < full) {
            const uint4 w = *reinterpret_cast<const uint4 *>(unit_at(u));
            if (back)
                *reinterpret_cast<uint4 *>(yb - (long long)e0 - (PER - 1)) = flip(w);
            else
                *reinterpret_cast<uint4 *>(yb + e0) = w;
        }
    }
    if (live && n % PER && wrow_owns<NV>(g, lane, full)) {
        const T *src = unit_at(full);
        for (unsigned long long i = (unsigned long long)full * PER; i < n; i++)
            *(back ? yb - (long long)i : yb + i) = src[i % PER];
    }
    if (!P.st_out)
        return;
    __syncthreads(); // the last outputs may lie in another warp's spans
    if (live && s == 0) {
        // the last outputs, nearest first; entries before the sequence's
        // start (n < k) are its initial state
#pragma unroll
        for (int j = 0; j < KC; j++)
            if ((unsigned long long)j < n)
                P.st_out[sq * k + j] = row[(n - 1 - j) / S * RS + (n - 1 - j) % S];
#pragma unroll
        for (int i = 0; i < KC; i++)
            if (n + i < (unsigned long long)KC)
                P.st_out[sq * k + n + i] = st[i];
    }
}

// One block: W_WARPS / G sequences.
template <class T, int KC, int NV, int PD>
__global__ void __launch_bounds__(W_WARPS * 32) plr_wrow_kernel(const __grid_constant__ WParams<T> P)
{
    using Acc = typename acc_of<T>::type;
    extern __shared__ __align__(16) unsigned char w_smem[];
    __shared__ Acc carry_s[W_WARPS][W_MAXK]; // each warp's total
    constexpr int RS = NV * (16 / (int)sizeof(T)) + 16 / (int)sizeof(T);
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    const unsigned G = P.tps; // warps per sequence
    const unsigned rb = (unsigned)warp / G, g = (unsigned)warp - rb * G;
    const unsigned long long sq = (unsigned long long)blockIdx.x * ((blockDim.x >> 5) / G) + rb;
    // (a warp past the last sequence still meets every barrier)
    const bool live = sq < P.count;
    T *const row = reinterpret_cast<T *>(w_smem) + (size_t)rb * G * 32 * RS;
    wrow_stage<T, NV>(P, row, sq, live, g, lane);
    cp_async_commit();
    T hx[4];
    wrow_history<T, NV, PD>(P, sq, live, g, lane, hx);
    cp_async_wait<0>();
    bool zero_tap = false;
    if constexpr (is_float_t<T>::value)
        zero_tap = (P.bnz & ((1u << KC) - 1)) != (1u << KC) - 1 ||
                   (P.anz & ((2u << PD) - 1)) != (2u << PD) - 1 || P.zt;
    if (zero_tap)
        wrow_seq<T, KC, NV, PD, true>(P, row, sq, live, lane, g, G, hx, &carry_s[rb * G]);
    else
        wrow_seq<T, KC, NV, PD, false>(P, row, sq, live, lane, g, G, hx, &carry_s[rb * G]);
}

template <class T, int KC, int NV> const void *wrow_kernel_for_p(unsigned p)
{
    switch (p) {
    case 0: return reinterpret_cast<const void *>(&plr_wrow_kernel<T, KC, NV, 0>);
    case 1: return reinterpret_cast<const void *>(&plr_wrow_kernel<T, KC, NV, 1>);
    case 2: return reinterpret_cast<const void *>(&plr_wrow_kernel<T, KC, NV, 2>);
    case 3: return reinterpret_cast<const void *>(&plr_wrow_kernel<T, KC, NV, 3>);
    case 4: return reinterpret_cast<const void *>(&plr_wrow_kernel<T, KC, NV, 4>);
    default: return nullptr;
    }
}

// The FIR history is a template parameter dispatched here, not a switch in
// the kernel: with all five bodies in one kernel, the biquad's warps spent a
// quarter of their time waiting for instructions (ncu, 1080x1920 rows).
template <class T, int KC> const void *wrow_kernel_for_nv(unsigned nv, unsigned p)
{
    switch (nv) {
    case 2: return wrow_kernel_for_p<T, KC, 2>(p);
    case 4: return wrow_kernel_for_p<T, KC, 4>(p);
    case 8: return wrow_kernel_for_p<T, KC, 8>(p);
    default: return nullptr;
    }
}

// the kernel for order k (1..W_MAXK), nv vectors per lane (2, 4, 8) and FIR
// history p (0..W_MAXP)
template <class T> const void *wrow_kernel_table(unsigned k, unsigned nv, unsigned p)
{
    switch (k) {
    case 1: return wrow_kernel_for_nv<T, 1>(nv, p);
    case 2: return wrow_kernel_for_nv<T, 2>(nv, p);
    case 3: return wrow_kernel_for_nv<T, 3>(nv, p);
    case 4: return wrow_kernel_for_nv<T, 4>(nv, p);
    default: return nullptr;
    }
}

} // namespace plrk
