// Batched kernel: many sequences of one layout in one launch (issue 11).
//
// Element i of sequence s is x[s*xd + i*xs], y[s*yd + i*ys]. A tile is SEQ
// adjacent sequences x L positions (a "segment" of each). A block of BB
// threads takes one tile: TPS = BB/SEQ threads per sequence, ITEMS
// consecutive positions each, so L = TPS*ITEMS. Thread tid serves sequence
// tid % SEQ (lane-major: the lanes of a warp cover every sequence of the
// tile, so a tile of 32 columns is 32 lanes wide) at span tid / SEQ.
//
// 1. Load the tile into shared memory through the layout's address function,
//    in whichever order is coalesced: position-fastest for rows (|xs| small),
//    sequence-fastest for columns and interleaved channels (|xd| small).
// 2. FIR terms, then each thread solves its ITEMS elements from a zero carry;
//    its summary (last k values) is scanned over the TPS threads of the
//    sequence with the factor rows (inside a warp by shuffles at distance
//    SEQ, across the 8 warps by one thread per sequence), as in the
//    single-array kernel (plr_kernel.cuh, whose merge/matvec/carry helpers
//    this reuses).
// 3. The segment's summary is published at once (its "local carries"); the
//    carry into the segment comes from a decoupled look-back over the same
//    sequence's earlier segments: a group of LG lanes per sequence polls LG
//    predecessors at once and sums M^l X over them (M the carry map across a
//    segment), stopping at the nearest one whose global carries are out.
//    Tiles are numbered segment-major and taken from an atomic ticket, so
//    every predecessor of a tile was started before it: waiting is safe with
//    an ordinary launch.
// 4. Each thread re-runs its items from the exact carry; the tile goes back
//    through shared memory and out in the coalesced order of y's layout.
//
// Segment 0 starts from st_in/hi_in (per-sequence state and x history); the
// last segment writes st_out/hi_out (the state after the sequence and its
// last p inputs: the caller's finals, or the next piece's start when a long
// host sequence is streamed in pieces).
#pragma once

#include "plr_kernel.cuh"

namespace plrk {

constexpr int BB = 256;          // threads per tile
constexpr int BWARPS = BB / 32;
constexpr int B_ROWS = BB + 1;   // factor rows t = 0..BB: spans of t*ITEMS
constexpr unsigned B_LB_REACH = 1024; // look-back exponents stay below this (Tbig)

template <class T> struct BParams {
    using Acc = typename acc_of<T>::type;
    const T *x;
    T *y;
    long long xs, xd, ys, yd;
    unsigned long long n;     // positions per sequence in this launch
    unsigned long long count; // sequences in this launch
    unsigned k, p, na;
    unsigned alag[33];
    T acoef[33];
    T b[32];
    unsigned bnz;
    // geometry (host: batch_geometry)
    unsigned seq, lseq; // sequences per tile, its log2
    unsigned tps;       // threads per sequence
    unsigned lL;        // log2 of L = tps*ITEMS
    unsigned rs;        // shared-memory row stride of a sequence (elements)
    unsigned lg;        // look-back lanes per sequence
    unsigned long long nseg, ngrp;
    unsigned x_lane_fast, y_lane_fast;
    unsigned off_halo, off_ws, off_A, off_C; // dynamic shared-memory offsets (bytes)
    // per-sequence boundaries, device memory, arithmetic type; NULL: zeros / not wanted
    const T *st_in; // count*k, nearest first
    const T *hi_in; // count*p, oldest first
    T *st_out;
    T *hi_out;
    // auxiliary
    unsigned long long *ticket;
    unsigned long long ticket_base;
    unsigned *flags;                 // per tile: parked inputs are out (in place with FIR)
    unsigned long long *carry_local; // per (tile, sequence of the tile): tagged words
    unsigned long long *carry_global;
    T *park;                         // per (tile, sequence): its last p inputs
    unsigned in_place_fir;
    const Acc *G;    // G[(j*k + r)*B_ROWS + t] = F(j, t*ITEMS - 1 - r)
    const Acc *Tp;   // M^l, l = 0..32 (k*k each, row-major)
    const Acc *Tbig; // M^(32w), w < LB_WINDOWS
    unsigned epoch;
    unsigned exact;  // M = 0: a segment's local carries are its global ones
    unsigned ones;   // every factor is one (the prefix sum): merges are sums
};

// Shared-memory slot of position i of a sequence: one pad element after
// every thread's span, so that lanes reading their spans item by item hit
// distinct banks (the host picks the row stride to extend this across the
// sequences of a warp; see batch_geometry).
template <int ITEMS> __device__ __forceinline__ unsigned bslot(unsigned i)
{
    return i + i / ITEMS;
}

template <class T, int KM, int ITEMS>
__device__ __forceinline__ void bsolve(T (&w)[KM], const T (&t)[ITEMS], const BParams<T> &P,
                                       T *out)
{
#pragma unroll
    for (int i = 0; i < ITEMS; i++) {
        T v = t[i];
#pragma unroll
        for (int j = KM - 1; j >= 0; j--)
            if (P.bnz >> j & 1u)
                v = mac1(v, P.b[j], w[j]);
#pragma unroll
        for (int j = KM - 1; j > 0; j--)
            w[j] = w[j - 1];
        w[0] = v;
        if (out)
            out[i] = v;
    }
}

// t[i] = sum_q a_q x[i - lag_q] over span u of a sequence's row of the
// tile, the p inputs before the segment coming from its halo
template <class T, int ITEMS>
__device__ __forceinline__ void bfir(T (&tv)[ITEMS], const T *row, const T *halo,
                                     const BParams<T> &P, unsigned u)
{
    if (P.p == 0) {
        // only a lag-0 tap can exist
        const T a0 = P.na ? P.acoef[0] : T(0);
#pragma unroll
        for (int i = 0; i < ITEMS; i++)
            tv[i] = P.na ? a0 * row[u * (ITEMS + 1) + i] : T(0);
        return;
    }
    const T *hl = halo + P.p;
#pragma unroll
    for (int i = 0; i < ITEMS; i++) {
        T acc = T(0);
        for (unsigned q = 0; q < P.na; q++) {
            const int at = (int)(u * ITEMS + i) - (int)P.alag[q];
            acc = mac(acc, P.acoef[q], at >= 0 ? row[bslot<ITEMS>(at)] : hl[at]);
        }
        tv[i] = acc;
    }
}

template <class Acc, int KM>
__device__ __forceinline__ void bload_acc(Acc (&v)[KM], const Acc *src)
{
#pragma unroll
    for (int j = 0; j < KM; j++)
        v[j] = src[j];
}
template <class Acc, int KM> __device__ __forceinline__ void bstore_acc(Acc *dst, const Acc (&v)[KM])
{
#pragma unroll
    for (int j = 0; j < KM; j++)
        dst[j] = v[j];
}

template <class T, int KC, int ITEMS>
__global__ void __launch_bounds__(BB, (KC <= 2 ? 4 : KC <= 4 ? 3 : 2)) plr_batch_kernel(const __grid_constant__ BParams<T> P)
{
    constexpr int KM = KC;
    constexpr unsigned k = KC;
    using Acc = typename acc_of<T>::type;
    constexpr int W = sizeof(Acc) / 4; // 32-bit pieces of a carry
    extern __shared__ __align__(16) unsigned char b_smem[];
    __shared__ unsigned long long s_tile;
    T *const tile_s = reinterpret_cast<T *>(b_smem);
    T *const halo_s = reinterpret_cast<T *>(b_smem + P.off_halo);
    Acc *const ws_s = reinterpret_cast<Acc *>(b_smem + P.off_ws); // [warp][seq][k]
    Acc *const A_s = reinterpret_cast<Acc *>(b_smem + P.off_A);   // [seq][k]
    Acc *const C_s = reinterpret_cast<Acc *>(b_smem + P.off_C);   // [seq][k]

    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    if (tid == 0)
        s_tile = atomicAdd(P.ticket, 1ull) - P.ticket_base;
    __syncthreads();
    const unsigned long long tile = s_tile;
    const unsigned long long seg = tile / P.ngrp, grp = tile - seg * P.ngrp;
    const unsigned SEQ = P.seq, lseq = P.lseq, TPS = P.tps, lL = P.lL, RS = P.rs;
    const unsigned L = 1u << lL;
    const unsigned long long s0 = grp * SEQ;
    const unsigned nseq = (unsigned)(P.count - s0 < SEQ ? P.count - s0 : SEQ);
    const unsigned long long p0 = seg << lL;
    const unsigned len = (unsigned)(P.n - p0 < L ? P.n - p0 : L);
    const bool last = seg + 1 == P.nseg;
    const unsigned p = P.p;

    // ---- 1. load
    {
        T v[ITEMS];
        if (P.x_lane_fast) {
            // e = tid + BB*q: the sequence is fixed per thread, positions step by TPS
            const unsigned s = tid & (SEQ - 1);
            const unsigned i0 = (unsigned)tid >> lseq;
            const bool sv = s < nseq;
            const T *src = P.x + (long long)(s0 + s) * P.xd + (long long)(p0 + i0) * P.xs;
            const long long step = (long long)TPS * P.xs;
#pragma unroll
            for (int q = 0; q < ITEMS; q++) {
                const unsigned i = i0 + q * TPS;
                v[q] = (sv && i < len) ? src[q * step] : T(0);
            }
#pragma unroll
            for (int q = 0; q < ITEMS; q++)
                tile_s[s * RS + bslot<ITEMS>(i0 + q * TPS)] = v[q];
        } else {
#pragma unroll
            for (int q = 0; q < ITEMS; q++) {
                const unsigned e = tid + q * BB;
                const unsigned s = e >> lL, i = e & (L - 1);
                v[q] = (s < nseq && i < len)
                           ? P.x[(long long)(s0 + s) * P.xd + (long long)(p0 + i) * P.xs]
                           : T(0);
            }
#pragma unroll
            for (int q = 0; q < ITEMS; q++) {
                const unsigned e = tid + q * BB;
                tile_s[(e >> lL) * RS + bslot<ITEMS>(e & (L - 1))] = v[q];
            }
        }
        if (p && !P.in_place_fir) {
            // the p inputs before the segment: x itself, or the history at the start
            for (unsigned e = tid; e < SEQ * 32; e += BB) {
                const unsigned s = e >> 5, jj = e & 31;
                if (jj < p) {
                    T h = T(0); // zeros for the tile's unused sequences
                    if (s >= nseq)
                        ;
                    else if (seg == 0)
                        h = P.hi_in ? P.hi_in[(s0 + s) * p + jj] : T(0);
                    else
                        h = P.x[(long long)(s0 + s) * P.xd + ((long long)p0 - p + jj) * P.xs];
                    halo_s[e] = h;
                }
            }
        }
    }
    __syncthreads();
    if (p && P.in_place_fir) {
        // In place with FIR history: the next segment needs our last p inputs,
        // which our own store will overwrite; park them first. Ours come from
        // the predecessor's parked copy (it runs ahead of us: lower ticket).
        if (!last) {
            for (unsigned e = tid; e < SEQ * 32; e += BB) {
                const unsigned s = e >> 5, jj = e & 31;
                if (s < nseq && jj < p)
                    __stcg(P.park + (tile * SEQ + s) * p + jj,
                           tile_s[s * RS + bslot<ITEMS>(L - p + jj)]);
            }
            __threadfence();
        }
        __syncthreads();
        if (tid == 0) {
            if (!last)
                st_release(P.flags + tile, (P.epoch << 2) | ST_HALO);
            if (seg > 0) {
                const unsigned want = (P.epoch << 2) | ST_HALO;
                const unsigned *fl = P.flags + (tile - P.ngrp);
                while (true) {
                    unsigned f = ld_acquire(fl);
                    if ((f >> 2) == P.epoch && f >= want)
                        break;
                    __nanosleep(32);
                }
            }
        }
        __syncthreads();
        for (unsigned e = tid; e < SEQ * 32; e += BB) {
            const unsigned s = e >> 5, jj = e & 31;
            if (jj < p)
                halo_s[e] = s >= nseq ? T(0)
                            : seg == 0 ? (P.hi_in ? P.hi_in[(s0 + s) * p + jj] : T(0))
                                     : __ldcg(P.park + ((tile - P.ngrp) * SEQ + s) * p + jj);
        }
        __syncthreads();
    }
    if (p && last && P.hi_out) {
        // the sequence's last p inputs, for the next piece (tile x and halo
        // are both still in place)
        for (unsigned e = tid; e < SEQ * 32; e += BB) {
            const unsigned s = e >> 5, jj = e & 31;
            if (s < nseq && jj < p) {
                const int at = (int)len - (int)p + (int)jj;
                P.hi_out[(s0 + s) * p + jj] =
                    at >= 0 ? tile_s[s * RS + bslot<ITEMS>(at)] : halo_s[s * 32 + p + at];
            }
        }
    }

    // ---- 2. FIR terms and the thread's summary from a zero carry
    const unsigned s = tid & (SEQ - 1);
    const unsigned u = (unsigned)tid >> lseq;           // span within the sequence
    const unsigned uw = (unsigned)lane >> lseq;         // span within the warp's part
    const unsigned UW = SEQ >= 32 ? 1u : 32u >> lseq;   // spans of a sequence per warp
    Acc w[KM];
    {
        T tv[ITEMS];
        bfir<T, ITEMS>(tv, tile_s + s * RS, halo_s + s * 32, P, u);
        T wt[KM];
#pragma unroll
        for (int j = 0; j < KM; j++)
            wt[j] = T(0);
        bsolve<T, KM, ITEMS>(wt, tv, P, nullptr);
#pragma unroll
        for (int j = 0; j < KM; j++)
            w[j] = Acc(wt[j]);
    }
    // inside the warp: spans uw of the same sequence sit SEQ lanes apart
    for (unsigned d = 1; d < UW; d <<= 1) {
        Acc pv[KM];
#pragma unroll
        for (int j = 0; j < KM; j++)
            pv[j] = __shfl_up_sync(0xffffffffu, w[j], d * SEQ);
        if (uw >= d)
            merge<Acc, KM>(w, pv, P.G, k, (int)d, B_ROWS, P.ones);
    }
    Acc X[KM]; // exclusive: the spans before this one in the warp
#pragma unroll
    for (int j = 0; j < KM; j++) {
        Acc v = __shfl_up_sync(0xffffffffu, w[j], SEQ < 32 ? SEQ : 0);
        X[j] = uw ? v : Acc(0);
    }
    if (uw == UW - 1)
        bstore_acc<Acc, KM>(ws_s + (warp * SEQ + s) * k, w);
    __syncthreads();
    if ((unsigned)tid < SEQ) {
        // across the warps, one thread per sequence: exclusive prefixes in
        // place, the segment's summary (local carries) at the end
        Acc E[KM];
#pragma unroll
        for (int j = 0; j < KM; j++)
            E[j] = Acc(0);
        for (int wv = 0; wv < BWARPS; wv++) {
            Acc S[KM];
            Acc *slot = ws_s + (wv * SEQ + tid) * k;
            bload_acc<Acc, KM>(S, slot);
            bstore_acc<Acc, KM>(slot, E);
            merge<Acc, KM>(S, E, P.G, k, (int)UW, B_ROWS, P.ones);
#pragma unroll
            for (int j = 0; j < KM; j++)
                E[j] = S[j];
        }
        bstore_acc<Acc, KM>(A_s + tid * k, E);
        if ((unsigned)tid < nseq) {
            const unsigned long long slot = tile * SEQ + tid;
            if (seg == 0) {
                Acc C[KM];
#pragma unroll
                for (int j = 0; j < KM; j++)
                    C[j] = P.st_in ? Acc(P.st_in[(s0 + tid) * k + j]) : Acc(0);
                bstore_acc<Acc, KM>(C_s + tid * k, C);
                if (!last) {
                    merge<Acc, KM>(E, C, P.G, k, (int)TPS, B_ROWS, P.ones);
                    put_carries<Acc, KM>(P.carry_global, slot, E, k, P.epoch);
                }
            } else if (!last) {
                put_carries<Acc, KM>(P.exact ? P.carry_global : P.carry_local, slot, E, k,
                                     P.epoch);
            }
        }
    }
    __syncthreads();
    {
        Acc E[KM];
        bload_acc<Acc, KM>(E, ws_s + (warp * SEQ + s) * k);
        merge<Acc, KM>(X, E, P.G, k, (int)uw, B_ROWS, P.ones);
    }

    // ---- 3. the carry into the segment: decoupled look-back per sequence
    if (seg > 0) {
        const unsigned LG = P.lg;
        const unsigned gs = (unsigned)tid / LG; // the sequence this group serves
        const unsigned l = (unsigned)tid & (LG - 1);
        if (gs < nseq) {
            const unsigned gbase = (unsigned)lane & ~(LG - 1);
            const unsigned gmask = (LG == 32 ? 0xffffffffu : ((1u << LG) - 1u)) << gbase;
            const unsigned full = LG == 32 ? 0xffffffffu : ((1u << LG) - 1u);
            const unsigned tag = P.epoch;
            Acc acc[KM];
#pragma unroll
            for (int j = 0; j < KM; j++)
                acc[j] = Acc(0);
            long long top = (long long)seg - 1;
            unsigned dist = 0;
            for (;;) {
                const long long h = top - (long long)l;
                const unsigned long long slot = ((unsigned long long)h * P.ngrp + grp) * SEQ + gs;
                unsigned d = 0;
                bool found = false;
                for (;;) {
                    unsigned st = ST_GLOBAL; // h < 0: the initial state, always there
                    if (h >= 0) {
                        const unsigned long long gw = ld_relaxed64(P.carry_global + slot * k * W);
                        const unsigned long long lw = ld_relaxed64(P.carry_local + slot * k * W);
                        st = (unsigned)(gw >> 32) == tag   ? ST_GLOBAL
                             : (unsigned)(lw >> 32) == tag ? ST_LOCAL
                                                           : 0u;
                    }
                    const unsigned gm = __ballot_sync(gmask, st == ST_GLOBAL) >> gbase & full;
                    const unsigned lm = __ballot_sync(gmask, st >= ST_LOCAL) >> gbase & full;
                    if (gm) {
                        d = __ffs(gm) - 1;
                        const unsigned need = d ? (0xffffffffu >> (32 - d)) : 0u;
                        if ((lm & need) == need) {
                            found = true;
                            break;
                        }
                    } else if (lm == full && dist + 2 * LG <= B_LB_REACH) {
                        break; // all local: take them and look further back
                    }
                    __nanosleep(32);
                }
                Acc V[KM];
#pragma unroll
                for (int j = 0; j < KM; j++)
                    V[j] = Acc(0);
                if (!found || l <= d) {
                    Acc Xl[KM];
#pragma unroll
                    for (int j = 0; j < KM; j++) {
                        if (found && l == d)
                            Xl[j] = h >= 0 ? get_carry<Acc>(P.carry_global, (long long)slot, j, k, tag)
                                    : P.st_in ? Acc(P.st_in[(s0 + gs) * k + j])
                                              : Acc(0);
                        else
                            Xl[j] = get_carry<Acc>(P.carry_local, (long long)slot, j, k, tag);
                    }
                    matvec<Acc, KM>(V, P.Tp + (size_t)l * k * k, Xl, k, P.ones);
                }
                for (unsigned o = LG >> 1; o > 0; o >>= 1) {
#pragma unroll
                    for (int j = 0; j < KM; j++)
                        V[j] += __shfl_xor_sync(gmask, V[j], o);
                }
                if (dist) {
                    matvec<Acc, KM>(V, P.Tp + (size_t)(dist & 31) * k * k, V, k, P.ones);
                    matvec<Acc, KM>(V, P.Tbig + (size_t)(dist >> 5) * k * k, V, k, P.ones);
                }
#pragma unroll
                for (int j = 0; j < KM; j++)
                    acc[j] += V[j];
                if (found)
                    break;
                top -= LG;
                dist += LG;
            }
            if (l == 0) {
                bstore_acc<Acc, KM>(C_s + gs * k, acc);
                if (!last && !P.exact) {
                    Acc Gl[KM];
                    bload_acc<Acc, KM>(Gl, A_s + gs * k);
                    merge<Acc, KM>(Gl, acc, P.G, k, (int)TPS, B_ROWS, P.ones);
                    put_carries<Acc, KM>(P.carry_global, tile * SEQ + gs, Gl, k, tag);
                }
            }
        }
        __syncthreads();
    }

    // ---- 4. re-run from the exact carry, store through the tile
    T yv[ITEMS];
    {
        Acc C[KM];
        bload_acc<Acc, KM>(C, C_s + s * k);
        merge<Acc, KM>(X, C, P.G, k, (int)u, B_ROWS, P.ones);
        T wt[KM];
#pragma unroll
        for (int j = 0; j < KM; j++)
            wt[j] = T(X[j]);
        // the input terms again rather than kept in registers through the
        // look-back (16 registers: a block per SM)
        T tv[ITEMS];
        bfir<T, ITEMS>(tv, tile_s + s * RS, halo_s + s * 32, P, u);
        bsolve<T, KM, ITEMS>(wt, tv, P, yv);
    }
    __syncthreads(); // every FIR read of the tile is done: y may take its place
#pragma unroll
    for (int i = 0; i < ITEMS; i++)
        tile_s[s * RS + u * (ITEMS + 1) + i] = yv[i];
    __syncthreads();
    if (P.y_lane_fast) {
        const unsigned so = tid & (SEQ - 1);
        const unsigned i0 = (unsigned)tid >> lseq;
        if (so < nseq) {
            T *dst = P.y + (long long)(s0 + so) * P.yd + (long long)(p0 + i0) * P.ys;
            const long long step = (long long)TPS * P.ys;
#pragma unroll
            for (int q = 0; q < ITEMS; q++) {
                const unsigned i = i0 + q * TPS;
                if (i < len)
                    dst[q * step] = tile_s[so * RS + bslot<ITEMS>(i)];
            }
        }
    } else {
#pragma unroll
        for (int q = 0; q < ITEMS; q++) {
            const unsigned e = tid + q * BB;
            const unsigned so = e >> lL, i = e & (L - 1);
            if (so < nseq && i < len)
                P.y[(long long)(s0 + so) * P.yd + (long long)(p0 + i) * P.ys] =
                    tile_s[so * RS + bslot<ITEMS>(i)];
        }
    }
    if (last && P.st_out) {
        // the state after the sequence, nearest first; for a segment shorter
        // than k the older values are the carry into it (the serial loop's
        // window: the initial state itself when the whole sequence is short)
        for (unsigned e = tid; e < SEQ * k; e += BB) {
            const unsigned so = e / k, j = e - so * k;
            if (so < nseq)
                P.st_out[(s0 + so) * k + j] = j < len ? tile_s[so * RS + bslot<ITEMS>(len - 1 - j)]
                                                      : T(C_s[so * k + j - len]);
        }
    }
}

// One thread per sequence running the serial loop: for orders above 8 (the
// tile kernel is specialized for 1..8), very short sequences (a tile would
// be mostly idle threads), and float signatures whose factors grow too fast
// for the merges. Parallel across sequences only. Operations and rounding
// as the CPU serial backend (add_mul_rn: same bits). The last p inputs are
// kept in a ring so that in-place calls read x before it is overwritten.
template <class T> __global__ void __launch_bounds__(128) plr_seq_kernel(const __grid_constant__ BParams<T> P)
{
    const unsigned long long s = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;
    if (s >= P.count)
        return;
    constexpr int RING = 64; // > max FIR history (32), a power of two
    const unsigned k = P.k, p = P.p;
    const T *x = P.x + (long long)s * P.xd;
    T *y = P.y + (long long)s * P.yd;
    T wv[32], xr[RING];
    for (unsigned j = 0; j < k; j++)
        wv[j] = P.st_in ? P.st_in[s * k + j] : T(0);
    for (unsigned j = 0; j < p; j++) // history position j - p
        xr[(j - p) & (RING - 1)] = P.hi_in ? P.hi_in[s * p + j] : T(0);
    for (unsigned long long i = 0; i < P.n; i++) {
        xr[i & (RING - 1)] = x[(long long)i * P.xs];
        T acc = T(0);
        for (unsigned q = 0; q < P.na; q++) {
            const T xv = xr[(i - P.alag[q]) & (RING - 1)];
            acc = q == 0 ? mul_rn(P.acoef[q], xv) : add_mul_rn(acc, P.acoef[q], xv);
        }
        for (unsigned j = 0; j < k; j++)
            acc = add_mul_rn(acc, P.b[j], wv[j]);
        for (unsigned j = k - 1; j > 0; j--)
            wv[j] = wv[j - 1];
        wv[0] = acc;
        y[(long long)i * P.ys] = acc;
    }
    if (P.st_out)
        for (unsigned j = 0; j < k; j++)
            P.st_out[s * k + j] = wv[j];
    if (P.hi_out)
        for (unsigned j = 0; j < p; j++)
            P.hi_out[s * p + j] = xr[(P.n - p + j) & (RING - 1)];
}

// Strided copies for a single strided sequence run through the single-array
// kernel (orders above 8): packed[i] = src[i*stride] and back.
template <class T>
__global__ void plr_gather_kernel(T *__restrict__ dst, const T *__restrict__ src, long long stride,
                                  unsigned long long n)
{
    for (unsigned long long i = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; i < n;
         i += (unsigned long long)gridDim.x * blockDim.x)
        dst[i] = src[(long long)i * stride];
}
template <class T>
__global__ void plr_scatter_kernel(T *__restrict__ dst, const T *__restrict__ src, long long stride,
                                   unsigned long long n)
{
    for (unsigned long long i = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; i < n;
         i += (unsigned long long)gridDim.x * blockDim.x)
        dst[(long long)i * stride] = src[i];
}

// The state after one sequence of the single-array paths, nearest first:
// y[n-1-j], or the initial state where n <= j.
template <class T> struct FinalsArgs {
    const T *y;
    long long ys;
    unsigned long long n;
    unsigned k;
    T state[32];
    T *out;
};
template <class T> __global__ void plr_finals_kernel(const __grid_constant__ FinalsArgs<T> A)
{
    const unsigned j = threadIdx.x;
    if (j < A.k)
        A.out[j] = j < A.n ? A.y[(long long)(A.n - 1 - j) * A.ys] : A.state[j - A.n];
}

// the tile kernel for order k (1..8), nullptr otherwise
template <class T, int ITEMS> const void *batch_kernel_table(unsigned k)
{
    switch (k) {
    case 1: return reinterpret_cast<const void *>(&plr_batch_kernel<T, 1, ITEMS>);
    case 2: return reinterpret_cast<const void *>(&plr_batch_kernel<T, 2, ITEMS>);
    case 3: return reinterpret_cast<const void *>(&plr_batch_kernel<T, 3, ITEMS>);
    case 4: return reinterpret_cast<const void *>(&plr_batch_kernel<T, 4, ITEMS>);
    case 5: return reinterpret_cast<const void *>(&plr_batch_kernel<T, 5, ITEMS>);
    case 6: return reinterpret_cast<const void *>(&plr_batch_kernel<T, 6, ITEMS>);
    case 7: return reinterpret_cast<const void *>(&plr_batch_kernel<T, 7, ITEMS>);
    case 8: return reinterpret_cast<const void *>(&plr_batch_kernel<T, 8, ITEMS>);
    default: return nullptr;
    }
}

} // namespace plrk
