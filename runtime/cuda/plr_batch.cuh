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
    T ad[33];      // feed-forward coefficient by lag (zero where absent)
    unsigned anz;  // bit l: ad[l] != 0 (lags 0..31)
    // geometry (host: batch_geometry)
    unsigned seq, lseq; // sequences per tile, its log2
    unsigned tps;       // threads per sequence
    unsigned lL;        // log2 of L = tps*ITEMS
    unsigned rs;        // shared-memory row stride of a sequence (elements)
    unsigned lg;        // look-back lanes per sequence
    unsigned long long nseg, ngrp;
    unsigned x_lane_fast, y_lane_fast;
    unsigned long long ntiles;
    unsigned nbuf;      // 1: a block per tile; 2: persistent, the next tile loads while this one computes
    unsigned buf_bytes; // one buffer: the tile, then its halo at off_halo
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

// FIR history of PD values (PD = p): the span's inputs and the PD before
// it in registers, taps by lag unrolled, so each term is one multiply-add
// (the generic loop below costs an index computation and a branch per tap
// and halved the biquad's speed)
template <class T, int ITEMS, int PD>
__device__ __forceinline__ void bfir_fixed(T (&tv)[ITEMS], const T *row, const T *halo,
                                           const BParams<T> &P, unsigned u)
{
    T xw[ITEMS + PD]; // xw[j]: input at position u*ITEMS - PD + j
    const T *own = row + u * (ITEMS + 1);
#pragma unroll
    for (int i = 0; i < ITEMS; i++)
        xw[PD + i] = own[i];
#pragma unroll
    for (int d = 1; d <= PD; d++) // the previous span ends one pad element earlier
        xw[PD - d] = u ? own[-d - 1] : halo[PD - d];
#pragma unroll
    for (int i = 0; i < ITEMS; i++) {
        T acc = T(0);
#pragma unroll
        for (int l = 0; l <= PD; l++) // lag order, as the serial loop
            if (P.anz >> l & 1u)
                acc = mac1(acc, P.ad[l], xw[PD + i - l]);
        tv[i] = acc;
    }
}

// t[i] = sum_q a_q x[i - lag_q] over span u of a sequence's row of the
// tile, the p inputs before the segment coming from its halo
template <class T, int ITEMS>
__device__ __forceinline__ void bfir(T (&tv)[ITEMS], const T *row, const T *halo,
                                     const BParams<T> &P, unsigned u)
{
    switch (P.p) {
    case 1: bfir_fixed<T, ITEMS, 1>(tv, row, halo, P, u); return;
    case 2: bfir_fixed<T, ITEMS, 2>(tv, row, halo, P, u); return;
    case 3: bfir_fixed<T, ITEMS, 3>(tv, row, halo, P, u); return;
    case 4: bfir_fixed<T, ITEMS, 4>(tv, row, halo, P, u); return;
    default: break;
    }
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

// 32-bit relaxed load of the tag half of a tagged carry word (the look-back's
// poll needs only the tags; get_carry re-reads whole words)
__device__ __forceinline__ unsigned ld_tag(const unsigned long long *w)
{
    unsigned v;
    asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(reinterpret_cast<const char *>(w) + 4));
    return v;
}

// Starts loading tile `tile` (its x elements, and the FIR halo where that is
// plain x or the history) into one shared-memory buffer; zero fill outside
// the layout. Asynchronous on sm_80+ (cp.async), so it overlaps the
// computation of the block's current tile.
template <class T, int ITEMS>
__device__ __forceinline__ void btile_load(const BParams<T> &P, unsigned long long tile, T *tile_s,
                                           T *halo_s, int tid)
{
    const unsigned long long seg = tile / P.ngrp, grp = tile - seg * P.ngrp;
    const unsigned SEQ = P.seq, lseq = P.lseq, TPS = P.tps, lL = P.lL, RS = P.rs;
    const unsigned L = 1u << lL;
    const unsigned long long s0 = grp * SEQ, p0 = seg << lL;
    const unsigned nseq = (unsigned)(P.count - s0 < SEQ ? P.count - s0 : SEQ);
    const unsigned len = (unsigned)(P.n - p0 < L ? P.n - p0 : L);
    if (P.x_lane_fast) {
        // e = tid + BB*q: the sequence is fixed per thread, positions step by TPS
        const unsigned s = tid & (SEQ - 1);
        const unsigned i0 = (unsigned)tid >> lseq;
        const bool sv = s < nseq;
        const T *src = P.x + (long long)(s0 + (sv ? s : 0)) * P.xd + (long long)p0 * P.xs;
#pragma unroll
        for (int q = 0; q < ITEMS; q++) {
            const unsigned i = i0 + q * TPS;
            const bool valid = sv && i < len;
            cp_async_elem<T>(tile_s + s * RS + bslot<ITEMS>(i), src + (valid ? (long long)i * P.xs : 0), valid);
        }
    } else {
#pragma unroll
        for (int q = 0; q < ITEMS; q++) {
            const unsigned e = tid + q * BB;
            const unsigned s = e >> lL, i = e & (L - 1);
            const bool valid = s < nseq && i < len;
            const T *src = valid ? P.x + (long long)(s0 + s) * P.xd + (long long)(p0 + i) * P.xs : P.x;
            cp_async_elem<T>(tile_s + s * RS + bslot<ITEMS>(i), src, valid);
        }
    }
    if (P.p && !P.in_place_fir) {
        // the p inputs before the segment: x itself, or the history at the start
        const unsigned p = P.p;
        for (unsigned e = tid; e < SEQ * 32; e += BB) {
            const unsigned s = e >> 5, jj = e & 31;
            if (jj < p) {
                const T *src = P.x; // any valid address where nothing is read
                bool valid = s < nseq;
                if (valid && seg == 0) {
                    valid = P.hi_in != nullptr;
                    if (valid)
                        src = P.hi_in + (s0 + s) * p + jj;
                } else if (valid) {
                    src = P.x + (long long)(s0 + s) * P.xd + ((long long)p0 - p + jj) * P.xs;
                }
                cp_async_elem<T>(halo_s + e, src, valid);
            }
        }
    }
}

// the segment's local summary (cross-warp scan result) for sequence s of the
// tile: kept for the look-back and published at once (segment 0, which knows
// its carry-in, publishes global carries)
template <class T, int KM>
__device__ __forceinline__ void bpublish(const BParams<T> &P, unsigned long long tile,
                                         unsigned long long seg, bool last,
                                         unsigned long long s0, unsigned s,
                                         typename acc_of<T>::type (&E)[KM],
                                         typename acc_of<T>::type *A_s,
                                         typename acc_of<T>::type *C_s)
{
    using Acc = typename acc_of<T>::type;
    constexpr unsigned k = KM;
    bstore_acc<Acc, KM>(A_s + s * k, E);
    const unsigned long long slot = tile * P.seq + s;
    if (seg == 0) {
        Acc C[KM];
#pragma unroll
        for (int j = 0; j < KM; j++)
            C[j] = P.st_in ? Acc(P.st_in[(s0 + s) * k + j]) : Acc(0);
        bstore_acc<Acc, KM>(C_s + s * k, C);
        if (!last) {
            merge<Acc, KM>(E, C, P.G, k, (int)P.tps, B_ROWS, P.ones);
            put_carries<Acc, KM>(P.carry_global, slot, E, k, P.epoch);
        }
    } else if (!last) {
        put_carries<Acc, KM>(P.exact ? P.carry_global : P.carry_local, slot, E, k, P.epoch);
    }
}

// look-back windows polled at once (one round trip); 8 spilled registers in
// the hot loops of orders 1-2 (held to 64 registers for 4 blocks per SM)
constexpr int B_NQ = 4;

// The look-back of one tile (segment seg > 0): a group of LG lanes per
// sequence.
template <class T, int KC>
__device__ __forceinline__ void blookback(const BParams<T> &P, unsigned long long tile,
                                       unsigned long long seg, unsigned long long grp,
                                       unsigned long long s0, unsigned nseq, bool last,
                                       typename acc_of<T>::type *A_s,
                                       typename acc_of<T>::type *C_s, int tid)
{
    constexpr int KM = KC;
    constexpr unsigned k = KC;
    using Acc = typename acc_of<T>::type;
    constexpr int W = sizeof(Acc) / 4; // 32-bit pieces of a carry
    const int lane = tid & 31;
    const unsigned SEQ = P.seq, TPS = P.tps;
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
        // lane l watches segments top - l - LG*q, q < B_NQ; dist: how far
        // top lies behind the segment before ours
        long long top = (long long)seg - 1;
        unsigned dist = 0;
        for (;;) {
            int qg = B_NQ;   // the nearest window holding global carries
            unsigned d = 0;  // and its nearest global lane
            for (;;) {
                unsigned gt[B_NQ], lt[B_NQ];
#pragma unroll
                for (int q = 0; q < B_NQ; q++) { // all loads before any use
                    const long long h = top - (long long)l - (long long)LG * q;
                    const unsigned long long slot = ((unsigned long long)h * P.ngrp + grp) * SEQ + gs;
                    gt[q] = h >= 0 ? ld_tag(P.carry_global + slot * k * W) : 0u;
                    lt[q] = h >= 0 ? ld_tag(P.carry_local + slot * k * W) : 0u;
                }
                bool ok = false, blocked = false;
                qg = B_NQ;
#pragma unroll
                for (int q = 0; q < B_NQ; q++) {
                    const long long h = top - (long long)l - (long long)LG * q;
                    // h < 0: the initial state, always there
                    const unsigned st = h < 0 ? ST_GLOBAL
                                        : gt[q] == tag ? ST_GLOBAL
                                        : lt[q] == tag ? ST_LOCAL
                                                       : 0u;
                    const unsigned gm = __ballot_sync(gmask, st == ST_GLOBAL) >> gbase & full;
                    const unsigned lm = __ballot_sync(gmask, st >= ST_LOCAL) >> gbase & full;
                    if (blocked || qg < B_NQ)
                        continue;
                    if (gm) {
                        qg = q;
                        d = __ffs(gm) - 1;
                        const unsigned need = d ? (0xffffffffu >> (32 - d)) : 0u;
                        ok = (lm & need) == need;
                    } else if (lm != full) {
                        blocked = true; // a segment here has not published yet
                    }
                }
                if (qg < B_NQ ? ok : (!blocked && dist + 2u * LG * B_NQ <= B_LB_REACH))
                    break;
                __nanosleep(32);
            }
            // this lane's part sum_q M^(LG*q) X_q in Horner form from the
            // farthest window in, then M^l, the group's sum, and M^dist
            Acc V[KM];
#pragma unroll
            for (int j = 0; j < KM; j++)
                V[j] = Acc(0);
            const int qlast = qg < B_NQ ? qg : B_NQ - 1;
            for (int q = qlast; q >= 0; q--) {
                if (q != qlast)
                    matvec<Acc, KM>(V, P.Tp + (size_t)LG * k * k, V, k, P.ones);
                if (q == qg && l > d)
                    continue;
                const long long h = top - (long long)l - (long long)LG * q;
                const unsigned long long slot = ((unsigned long long)h * P.ngrp + grp) * SEQ + gs;
#pragma unroll
                for (int j = 0; j < KM; j++) {
                    Acc v;
                    if (q == qg && l == d)
                        v = h >= 0 ? get_carry<Acc>(P.carry_global, (long long)slot, j, k, tag)
                            : P.st_in ? Acc(P.st_in[(s0 + gs) * k + j])
                                      : Acc(0);
                    else
                        v = get_carry<Acc>(P.carry_local, (long long)slot, j, k, tag);
                    V[j] += v;
                }
            }
            matvec<Acc, KM>(V, P.Tp + (size_t)l * k * k, V, k, P.ones);
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
            if (qg < B_NQ)
                break;
            top -= (long long)LG * B_NQ;
            dist += LG * B_NQ;
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
}

// One tile: the block's buffers already hold its x (btile_load, waited for).
template <class T, int KC, int ITEMS>
__device__ __forceinline__ void btile_run(const BParams<T> &P, unsigned long long tile, T *tile_s,
                                          T *halo_s, typename acc_of<T>::type *ws_s,
                                          typename acc_of<T>::type *A_s,
                                          typename acc_of<T>::type *C_s, int tid)
{
    constexpr int KM = KC;
    constexpr unsigned k = KC;
    using Acc = typename acc_of<T>::type;
    const int lane = tid & 31, warp = tid >> 5;
    const unsigned long long seg = tile / P.ngrp, grp = tile - seg * P.ngrp;
    const unsigned SEQ = P.seq, lseq = P.lseq, TPS = P.tps, lL = P.lL, RS = P.rs;
    const unsigned L = 1u << lL;
    const unsigned long long s0 = grp * SEQ;
    const unsigned nseq = (unsigned)(P.count - s0 < SEQ ? P.count - s0 : SEQ);
    const unsigned long long p0 = seg << lL;
    const unsigned len = (unsigned)(P.n - p0 < L ? P.n - p0 : L);
    const bool last = seg + 1 == P.nseg;
    const unsigned p = P.p;

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

    // ---- FIR terms and the thread's summary from a zero carry
    const unsigned s = tid & (SEQ - 1);
    const unsigned u = (unsigned)tid >> lseq;         // span within the sequence
    const unsigned uw = (unsigned)lane >> lseq;       // span within the warp's part
    const unsigned UW = SEQ >= 32 ? 1u : 32u >> lseq; // spans of a sequence per warp
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
    if (SEQ <= 4) {
        // across the 8 warps in one warp: lane = warp*SEQ + sequence, a
        // Kogge-Stone scan in 3 steps instead of 8 dependent merges
        if (warp == 0) {
            const unsigned wv = (unsigned)lane >> lseq, s2 = lane & (SEQ - 1);
            const bool in = (unsigned)lane < BWARPS * SEQ;
            Acc S[KM];
#pragma unroll
            for (int j = 0; j < KM; j++)
                S[j] = in ? ws_s[(wv * SEQ + s2) * k + j] : Acc(0);
#pragma unroll
            for (unsigned d = 1; d < BWARPS; d <<= 1) {
                Acc pv[KM];
#pragma unroll
                for (int j = 0; j < KM; j++)
                    pv[j] = __shfl_up_sync(0xffffffffu, S[j], d * SEQ);
                if (wv >= d)
                    merge<Acc, KM>(S, pv, P.G, k, (int)(d * UW), B_ROWS, P.ones);
            }
            Acc E[KM];
#pragma unroll
            for (int j = 0; j < KM; j++) {
                Acc v = __shfl_up_sync(0xffffffffu, S[j], SEQ);
                E[j] = wv ? v : Acc(0);
            }
            if (in)
                bstore_acc<Acc, KM>(ws_s + (wv * SEQ + s2) * k, E);
            if (wv == BWARPS - 1 && s2 < nseq)
                bpublish<T, KM>(P, tile, seg, last, s0, s2, S, A_s, C_s);
        }
    } else if ((unsigned)tid < SEQ) {
        // one thread per sequence: exclusive prefixes in place, the
        // segment's summary (local carries) at the end
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
        if ((unsigned)tid < nseq)
            bpublish<T, KM>(P, tile, seg, last, s0, tid, E, A_s, C_s);
    }
    __syncthreads();
    {
        Acc E[KM];
        bload_acc<Acc, KM>(E, ws_s + (warp * SEQ + s) * k);
        merge<Acc, KM>(X, E, P.G, k, (int)uw, B_ROWS, P.ones);
    }

    // ---- the carry into the segment: decoupled look-back per sequence
    if (seg > 0) {
        blookback<T, KC>(P, tile, seg, grp, s0, nseq, last, A_s, C_s, tid);
        __syncthreads();
    }

    // ---- re-run from the exact carry, store through the tile
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

// A block per tile, its ticket taken first (nbuf 1, the default); or, with
// PLR_CUDA_PREFETCH=1 (nbuf 2), persistent blocks that load their next tile
// while the current one computes: that measured faster only where no
// sequence spans many segments (see the comment below and docs/cuda.md).
template <class T, int KC, int ITEMS>
__global__ void __launch_bounds__(BB, (KC <= 2 ? 4 : KC <= 4 ? 3 : 2)) plr_batch_kernel(const __grid_constant__ BParams<T> P)
{
    using Acc = typename acc_of<T>::type;
    extern __shared__ __align__(16) unsigned char b_smem[];
    __shared__ unsigned long long s_tk;
    Acc *const ws_s = reinterpret_cast<Acc *>(b_smem + P.off_ws); // [warp][seq][k]
    Acc *const A_s = reinterpret_cast<Acc *>(b_smem + P.off_A);   // [seq][k]
    Acc *const C_s = reinterpret_cast<Acc *>(b_smem + P.off_C);   // [seq][k]
    const int tid = threadIdx.x;
    auto tile_buf = [&](int b) { return reinterpret_cast<T *>(b_smem + b * P.buf_bytes); };
    auto halo_buf = [&](int b) { return reinterpret_cast<T *>(b_smem + b * P.buf_bytes + P.off_halo); };

    if (tid == 0)
        s_tk = atomicAdd(P.ticket, 1ull) - P.ticket_base;
    __syncthreads();
    unsigned long long cur = s_tk;
    if (cur >= P.ntiles)
        return;
    int b = 0;
    btile_load<T, ITEMS>(P, cur, tile_buf(0), halo_buf(0), tid);
    cp_async_commit();
    // nbuf 1: one tile per block (the default; the grid has a block per
    // tile). A persistent block holds its next ticket while the current tile
    // waits in its look-back, and that tile's successors then wait for the
    // whole block: 16 interleaved channels of 2^22 ran at 19% of copy that
    // way against 58% one tile per block (H100, 2026-11-24). One call site
    // of btile_run: two doubled its spills.
    for (;;) {
        unsigned long long nxt = P.ntiles; // none
        if (P.nbuf == 2) {
            __syncthreads(); // s_tk read by all; the other buffer's last tile is stored
            if (tid == 0)
                s_tk = atomicAdd(P.ticket, 1ull) - P.ticket_base;
            __syncthreads();
            nxt = s_tk;
            if (nxt < P.ntiles)
                btile_load<T, ITEMS>(P, nxt, tile_buf(b ^ 1), halo_buf(b ^ 1), tid);
            cp_async_commit();
            cp_async_wait<1>();
        } else {
            cp_async_wait<0>();
        }
        __syncthreads(); // the current tile has landed for every thread
        btile_run<T, KC, ITEMS>(P, cur, tile_buf(b), halo_buf(b), ws_s, A_s, C_s, tid);
        if (nxt >= P.ntiles)
            break;
        b ^= 1;
        cur = nxt;
    }
    cp_async_wait<0>();
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
