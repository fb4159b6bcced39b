// Warm-up kernel: many adjacent sequences (image columns) of a signature
// whose carries decay, with no communication between threads at all.
//
// Where every factor F(j, i) of a signature is below the decay threshold
// for i >= D (2^-40 for f32, 2^-70 for f64, exactly zero for integers: the
// same test by which the tile kernels treat a segment's carries as exact,
// see get_brows), the state a span starts from is, to that bound, the state
// the recurrence reaches when run from zero over the D positions before it.
// So each thread takes one sequence and one span of S positions: it runs the
// recurrence over the D inputs before its span without storing (the
// warm-up), then over its span storing y. No shared memory, no barrier, no
// published carries, no look-back: the launch streams like a copy, its
// blocks' loads and stores overlapping, where the tile kernel's one wave of
// tiles loads, scans, looks back and stores in phases (the 1080x1920
// columns, bench/cuda/experiments/h100-2026-11-25-columns).
//
// The price is the warm-up's reads: D more inputs per span, which the
// spans before it in the same block have just read (L1, else L2), not DRAM.
// The host takes this kernel only where those reads measured cheaper than
// the tile kernel's carries (D <= S over image columns, D <= 4S over a few
// interleaved channels), the layout puts consecutive sequences next to
// each other (lanes coalesce), x and y are apart (a warm-up reads inputs
// the previous span's thread may already have overwritten in place) and
// the order and FIR history are at most 4 (plr_cuda.cu, warmup_geom).
//
// Thread t of a block serves sequence group*SEQW + t % SEQW and span
// spanblock*(BB/SEQW) + t / SEQW: the lanes of a warp cover SEQW adjacent
// sequences (a 128-byte line for SEQW 32 and f32) and 32/SEQW consecutive
// spans.
#pragma once

#include "plr_kernel.cuh"

namespace plrk {

constexpr int HB = 256; // threads per block
// positions per step of a thread: the loads it has in flight while it solves
// the step before. 4-byte types 32 (H200, 2026-11-27, the dense body: the
// 1080x1920 columns' biquad 73% of a copy against 69% with 16, 4096x2160 and
// 16 interleaved channels within 2 points; 126 registers), 8-byte types 16
// (with the predicated body on an H100: 16 and 32 within noise, 64 spilled).
// PLR_CUDA_WU_HU4 sets the 4-byte step at build time, to measure.
#ifndef PLR_CUDA_WU_HU4
#define PLR_CUDA_WU_HU4 32
#endif
template <class T> __host__ __device__ constexpr int hu_of() { return sizeof(T) == 4 ? PLR_CUDA_WU_HU4 : 16; }

template <class T> struct HParams {
    const T *x;
    T *y;
    long long xs, xd, ys, yd;
    unsigned long long n, count;
    unsigned p;       // FIR history (0..4; the kernel's PD)
    T b[4];           // feedback, b[j] on y[i-1-j] (zero beyond the order)
    T ad[5];          // feed-forward coefficient by lag 0..4
    unsigned anz;     // bit l: ad[l] != 0
    unsigned zt;      // 1: the body that checks every tap, whatever they are
                      // (PLR_CUDA_ZT=1, to measure the dense body against it)
    unsigned span;    // S: positions per thread's span, a multiple of HU
    unsigned warm;    // D rounded up to a multiple of HU
    unsigned lseqw;   // log2 of SEQW, the sequences a warp's lanes cover
    unsigned ngrp;    // groups of SEQW sequences
    const T *st_in;   // count*k, nearest first; NULL: zeros
    const T *hi_in;   // count*p, oldest first; NULL: zeros
    T *st_out;        // count*k; NULL: not wanted
    unsigned k;
};

// A parameter's value as an opaque register: without it the compiler
// reloads the coefficients from the constant bank at every use (a predicated
// LDC before each multiply-add: 17% of the instructions in a profile)
__device__ __forceinline__ float in_register(float v)
{
    asm volatile("" : "+f"(v));
    return v;
}
__device__ __forceinline__ double in_register(double v)
{
    asm volatile("" : "+d"(v));
    return v;
}
__device__ __forceinline__ unsigned in_register(unsigned v)
{
    asm volatile("" : "+r"(v));
    return v;
}
__device__ __forceinline__ unsigned long long in_register(unsigned long long v)
{
    asm volatile("" : "+l"(v));
    return v;
}

// K: the order, PD: the FIR history (lags 0..PD), both compile-time: the
// coefficients live in registers and a step issues only the terms it has
// (a profile of the first version, with them read from the parameters in
// every step: 23% of its instructions were constant-bank loads and a third
// of its multiply-adds were predicated off)
//
// ZT: some tap is zero (floats only). A zero tap must contribute no term
// (0 * Inf is NaN where the serial loop has no product), so each term is
// then predicated on its tap, and the compiler sinks the coefficient's load
// under the predicate: a constant-bank load before every multiply-add (SASS
// of the 1080x1920 biquad's kernel). Filters whose taps are all non-zero,
// the usual case, take the dense body: plain multiply-adds on registers.
template <class T, int K, int PD, bool ZT>
__device__ __forceinline__ void warmup_body(const HParams<T> &P)
{
    constexpr int HU = hu_of<T>();
    const unsigned tid = threadIdx.x;
    const unsigned SEQW = 1u << P.lseqw;
    const unsigned grp = blockIdx.x % P.ngrp, sb = blockIdx.x / P.ngrp;
    const unsigned long long s = (unsigned long long)grp * SEQW + (tid & (SEQW - 1));
    const unsigned long long sp = (unsigned long long)sb * (HB >> P.lseqw) + (tid >> P.lseqw);
    const unsigned long long pos0 = sp * P.span;
    if (s >= P.count || pos0 >= P.n)
        return;
    const unsigned long long end = P.n - pos0 < P.span ? P.n : pos0 + P.span;
    const unsigned long long start = pos0 >= P.warm ? pos0 - P.warm : 0;
    const T *xb = P.x + (long long)s * P.xd;
    T *yb = P.y + (long long)s * P.yd;

    // the coefficients, in registers; a zero tap is no term at all (a term
    // the serial loop does not have must not turn an Inf input into NaN)
    T ad[PD + 1], b[K];
    bool adz[PD + 1], bz[K];
#pragma unroll
    for (int l = 0; l <= PD; l++) {
        ad[l] = in_register(P.ad[l]);
        adz[l] = !(P.anz >> l & 1u);
    }
#pragma unroll
    for (int j = 0; j < K; j++) {
        b[j] = in_register(P.b[j]);
        bz[j] = b[j] == T(0);
    }

    // the state before `start` (y[start-1-j]) and the x window before it
    T w[K];
    T win[PD + 1]; // in a step: win[l] = x[i-l]
#pragma unroll
    for (int j = 0; j < K; j++)
        w[j] = (start == 0 && P.st_in) ? P.st_in[s * K + j] : T(0);
    win[PD] = T(0);
#pragma unroll
    for (int d = 1; d <= PD; d++) {
        // (a step shifts the window before it takes its input: x[start-d]
        // waits in win[d-1])
        const long long gp = (long long)start - d;
        win[d - 1] = gp >= 0 ? xb[gp * P.xs]
                     : P.hi_in ? P.hi_in[s * PD + (unsigned long long)((long long)PD + gp)]
                               : T(0);
    }

    // one step: position i's input in win[0]
    auto step = [&](T xi) -> T {
#pragma unroll
        for (int l = PD; l > 0; l--)
            win[l] = win[l - 1];
        win[0] = xi;
        // lag order, as the serial loop; the first term a product (the
        // same rounding as a multiply-add onto zero)
        T v;
        if constexpr (ZT) {
            v = T(0);
#pragma unroll
            for (int l = 0; l <= PD; l++)
                v = adz[l] ? v : mac1(v, ad[l], win[l]);
#pragma unroll
            for (int j = K - 1; j >= 0; j--)
                v = bz[j] ? v : mac1(v, b[j], w[j]);
        } else {
            v = ad[0] * win[0];
#pragma unroll
            for (int l = 1; l <= PD; l++)
                v = mac1(v, ad[l], win[l]);
#pragma unroll
            for (int j = K - 1; j >= 0; j--)
                v = mac1(v, b[j], w[j]);
        }
#pragma unroll
        for (int j = K - 1; j > 0; j--)
            w[j] = w[j - 1];
        w[0] = v;
        return v;
    };

    // Steps of HU positions from `start` (a multiple of HU, as pos0 is),
    // the next step's inputs loaded before this one is solved, so that a
    // thread keeps HU loads in flight through its whole run; outputs stored
    // from pos0 on (the warm-up before it stores nothing). Pointers advance
    // by the stride: no 64-bit multiply per access.
    const long long xs = P.xs, ys = P.ys;
    const T *xq = xb + (long long)start * xs; // the next input to load
    T *yq = yb + (long long)pos0 * ys;         // the next output to store
    const unsigned long long whole = start + (end - start) / HU * HU;
    unsigned long long i = start;
    // two staging buffers taken in turn (no register rotation between steps)
    T ra[HU], rb[HU];
    auto load = [&](T(&r)[HU]) {
#pragma unroll
        for (int u = 0; u < HU; u++, xq += xs)
            r[u] = *xq;
    };
    auto solve = [&](const T(&r)[HU], unsigned long long at) {
        if (at >= pos0) {
#pragma unroll
            for (int u = 0; u < HU; u++, yq += ys)
                *yq = step(r[u]);
        } else {
#pragma unroll
            for (int u = 0; u < HU; u++)
                step(r[u]);
        }
    };
    if (i < whole)
        load(ra);
    while (i < whole) {
        if (i + HU < whole)
            load(rb);
        solve(ra, i);
        i += HU;
        if (i >= whole)
            break;
        if (i + HU < whole)
            load(ra);
        solve(rb, i);
        i += HU;
    }
    T xr[HU];
    if (i < end) {
        // the sequence's last, partial step (a span's: the warm-up before
        // pos0 is whole steps)
#pragma unroll
        for (int u = 0; u < HU; u++, xq += xs)
            xr[u] = i + u < end ? *xq : T(0);
#pragma unroll
        for (int u = 0; u < HU; u++, yq += ys)
            if (i + u < end)
                *yq = step(xr[u]);
    }
    // the sequence's last span: its state after the last position (with
    // n < K the older entries are the initial state's, shifted in by the
    // steps)
    if (end == P.n && P.st_out) {
#pragma unroll
        for (int j = 0; j < K; j++)
            P.st_out[s * K + j] = w[j];
    }
}

template <class T, int K, int PD>
__global__ void __launch_bounds__(HB) plr_warmup_kernel(const __grid_constant__ HParams<T> P)
{
    bool zero_tap = false;
    if constexpr (is_float_t<T>::value) {
        zero_tap = (P.anz & ((2u << PD) - 1)) != (2u << PD) - 1 || P.zt;
#pragma unroll
        for (int j = 0; j < K; j++)
            zero_tap = zero_tap || P.b[j] == T(0);
    }
    if (zero_tap)
        warmup_body<T, K, PD, true>(P);
    else
        warmup_body<T, K, PD, false>(P);
}

template <class T, int K> const void *warmup_kernel_table_k(unsigned p)
{
    switch (p) {
    case 0: return reinterpret_cast<const void *>(&plr_warmup_kernel<T, K, 0>);
    case 1: return reinterpret_cast<const void *>(&plr_warmup_kernel<T, K, 1>);
    case 2: return reinterpret_cast<const void *>(&plr_warmup_kernel<T, K, 2>);
    case 3: return reinterpret_cast<const void *>(&plr_warmup_kernel<T, K, 3>);
    case 4: return reinterpret_cast<const void *>(&plr_warmup_kernel<T, K, 4>);
    default: return nullptr;
    }
}
// the kernel for order k = 1..4 and FIR history p = 0..4, else nullptr
template <class T> const void *warmup_kernel_table(unsigned k, unsigned p)
{
    switch (k) {
    case 1: return warmup_kernel_table_k<T, 1>(p);
    case 2: return warmup_kernel_table_k<T, 2>(p);
    case 3: return warmup_kernel_table_k<T, 3>(p);
    case 4: return warmup_kernel_table_k<T, 4>(p);
    default: return nullptr;
    }
}

} // namespace plrk
