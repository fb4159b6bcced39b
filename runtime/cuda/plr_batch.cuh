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
//
// Two kernels run these tiles. plr_batch_kernel (above: the tile through
// shared memory) takes every layout. plr_batch_rkernel ("register-direct",
// below) keeps no tile in shared memory: each thread loads its own span
// straight into registers (16-byte vectors for unit strides, element by
// element with a pointer step where consecutive sequences are adjacent) and
// stores it straight back; it takes every layout with such an access for x
// and y, FIR histories up to 4 and not in place with a FIR history, which
// covers rows, columns, interleaved channels and backward arrays on device
// memory (host: launch_batch). Both share the scans, the publication and
// the look-back (bpublish, blookback). Where a segment's carries are exact
// (the factors across it zero, or decayed below 2^-40 / 2^-70 for f32 /
// f64: see get_brows) the look-back reads the predecessor's published
// summary and nothing else.
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
    unsigned xmode, ymode; // register-direct kernel: BM_LANE or BM_ROW (plr_batch_rkernel)
    unsigned lbmode;       // look-back: 0 as below, 1 the first kernel's (PLR_CUDA_LB=wide)
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
    // register-direct kernels, orders up to B_GP2K: the factor rows of the
    // spans 2^e, e = 0..8 (every in-warp and cross-warp merge, and the
    // segment's own row), in the kernel's parameters: gp2[e][j*k + r] =
    // G[(j*k + r)*B_ROWS + 2^e]. Constant-bank operands instead of loads on
    // the scans' critical path (PLR_CUDA_RK_FAC=0: the loads, for comparison)
    typename acc_of<T>::type gp2[9][16];
    unsigned use_gp2;
};
constexpr int B_GP2K = 4;

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

// S += F(row 2^e) P from the parameter table (KM <= B_GP2K)
template <class Acc, int KM>
__device__ __forceinline__ void merge_p2(Acc (&S)[KM], const Acc (&Pv)[KM], const Acc *g, unsigned ones)
{
    if (KM == 1 && ones) {
        S[0] += Pv[0];
        return;
    }
#pragma unroll
    for (int r = 0; r < KM; r++) {
        Acc acc = S[r];
#pragma unroll
        for (int j = 0; j < KM; j++)
            acc = mac(acc, g[j * KM + r], Pv[j]);
        S[r] = acc;
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
            if (P.st_in) { // (a zero state adds nothing)
                if constexpr (KM <= B_GP2K) {
                    if (P.use_gp2)
                        merge_p2<Acc, KM>(E, C, &P.gp2[__ffs(P.tps) - 1][0], P.ones);
                    else
                        merge<Acc, KM>(E, C, P.G, k, (int)P.tps, B_ROWS, P.ones);
                } else {
                    merge<Acc, KM>(E, C, P.G, k, (int)P.tps, B_ROWS, P.ones);
                }
            }
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
        if (P.exact && P.lbmode == 0) {
            // M = 0: the carry into the segment is the previous segment's
            // summary, which it published as global carries at once. One
            // lane per sequence polls those words themselves (each carries
            // its tag): one round trip once they are out, one load per
            // sequence per poll (the windows below cost 2*LG*B_NQ, and 256
            // threads polling them for 8 sequences loaded the L2 enough to
            // hold interleaved channels at 26% of copy)
            if (l == 0) {
                const unsigned long long slot = ((seg - 1) * P.ngrp + grp) * SEQ + gs;
                const unsigned long long *src = P.carry_global + slot * k * W;
                unsigned pieces[KM * W];
                for (;;) {
                    unsigned long long wv[KM * W];
#pragma unroll
                    for (int e = 0; e < KM * W; e++)
                        wv[e] = ld_relaxed64(src + e);
                    bool ok = true;
#pragma unroll
                    for (int e = 0; e < KM * W; e++) {
                        ok &= (unsigned)(wv[e] >> 32) == tag;
                        pieces[e] = (unsigned)wv[e];
                    }
                    if (ok)
                        break;
                    __nanosleep(32);
                }
                Acc C[KM];
                memcpy(C, pieces, sizeof C);
                bstore_acc<Acc, KM>(C_s + gs * k, C);
            }
            return;
        }
        Acc acc[KM];
#pragma unroll
        for (int j = 0; j < KM; j++)
            acc[j] = Acc(0);
        // lane l watches segments top - l - LG*q, q < B_NQ; dist: how far
        // top lies behind the segment before ours. The first poll reads one
        // window (nq), the rest only when that one is all local.
        long long top = (long long)seg - 1;
        unsigned dist = 0;
        int nq = P.lbmode == 0 ? 1 : B_NQ;
        for (;;) {
            int qg = B_NQ;   // the nearest window holding global carries
            unsigned d = 0;  // and its nearest global lane
            for (;;) {
                unsigned gt[B_NQ], lt[B_NQ];
#pragma unroll
                for (int q = 0; q < B_NQ; q++) { // all loads before any use
                    const long long h = top - (long long)l - (long long)LG * q;
                    const unsigned long long slot = ((unsigned long long)h * P.ngrp + grp) * SEQ + gs;
                    const bool want = h >= 0 && q < nq;
                    gt[q] = want ? ld_tag(P.carry_global + slot * k * W) : 0u;
                    lt[q] = want ? ld_tag(P.carry_local + slot * k * W) : 0u;
                }
                bool ok = false, blocked = false;
                qg = B_NQ;
#pragma unroll
                for (int q = 0; q < B_NQ; q++) {
                    const long long h = top - (long long)l - (long long)LG * q;
                    // h < 0: the initial state, always there; windows not
                    // polled count as unpublished
                    const unsigned st = q >= nq     ? 0u
                                        : h < 0      ? ST_GLOBAL
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
                if (nq < B_NQ && qg == B_NQ) {
                    nq = B_NQ; // the first window is all local: poll them all, at once
                    continue;
                }
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

// ---- the register-direct tile kernel -------------------------------------
//
// The same tiles, scans and look-back as plr_batch_kernel, but no tile in
// shared memory: each thread loads its own span of ITEMS positions straight
// into registers, keeps its input terms there through the scans and the
// look-back, and stores its outputs straight from registers. Two ways to
// reach a span, chosen per array by the host (BParams::xmode / ymode):
//   BM_ROW   |stride| 1 and 16-byte aligned spans: ITEMS/PER 16-byte vector
//            loads and stores (reversed in registers for stride -1); the
//            four accesses of a thread fill each other's sectors in L1;
//   BM_LANE  element by element with a pointer step, for layouts whose
//            consecutive sequences are adjacent (columns, interleaved
//            channels): the lanes of a warp cover adjacent sequences, so
//            each access is coalesced across the warp.
// Against the shared-memory kernel this drops, per element, a 4-byte
// cp.async with 64-bit index arithmetic, two shared-memory reads (local and
// final pass), a shared-memory write and read on the way out and the 64-bit
// index arithmetic of the store; per tile, four block barriers and (when a
// sequence fits one segment) the ticket's atomic round trip. Used where the
// layout allows (host: batch_rkernel_ok): FIR histories up to 4, not in
// place with a FIR history (the next segment's halo would be overwritten).
constexpr unsigned BM_LANE = 0, BM_ROW = 1;

// a span of ITEMS elements from element pointer b (element i at b[i*st]);
// nv valid (the rest zero)
template <class T, int ITEMS>
__device__ __forceinline__ void rload(T (&v)[ITEMS], const T *b, long long st, unsigned mode, unsigned nv)
{
    constexpr int PER = 16 / (int)sizeof(T), U = ITEMS / PER;
    if (mode == BM_ROW && nv == ITEMS) {
        if (st > 0) {
            const uint4 *q4 = reinterpret_cast<const uint4 *>(b);
            uint4 w[U];
#pragma unroll
            for (int q = 0; q < U; q++)
                w[q] = q4[q];
#pragma unroll
            for (int q = 0; q < U; q++)
                memcpy(&v[q * PER], &w[q], 16);
        } else {
            // element i at b - i: the span's lowest address holds element ITEMS-1
            const uint4 *q4 = reinterpret_cast<const uint4 *>(b - (ITEMS - 1));
            uint4 w[U];
#pragma unroll
            for (int q = 0; q < U; q++)
                w[q] = q4[q];
#pragma unroll
            for (int q = 0; q < U; q++) {
                T e[PER];
                memcpy(e, &w[q], 16);
#pragma unroll
                for (int z = 0; z < PER; z++)
                    v[ITEMS - 1 - (q * PER + z)] = e[z];
            }
        }
    } else {
#pragma unroll
        for (int i = 0; i < ITEMS; i++)
            v[i] = (unsigned)i < nv ? b[i * st] : T(0);
    }
}

template <class T, int ITEMS>
__device__ __forceinline__ void rstore(T *b, long long st, unsigned mode, unsigned nv, const T (&v)[ITEMS])
{
    constexpr int PER = 16 / (int)sizeof(T), U = ITEMS / PER;
    if (mode == BM_ROW && nv == ITEMS) {
        if (st > 0) {
            uint4 *q4 = reinterpret_cast<uint4 *>(b);
#pragma unroll
            for (int q = 0; q < U; q++) {
                uint4 w;
                memcpy(&w, &v[q * PER], 16);
                q4[q] = w;
            }
        } else {
            uint4 *q4 = reinterpret_cast<uint4 *>(b - (ITEMS - 1));
#pragma unroll
            for (int q = 0; q < U; q++) {
                T e[PER];
#pragma unroll
                for (int z = 0; z < PER; z++)
                    e[z] = v[ITEMS - 1 - (q * PER + z)];
                uint4 w;
                memcpy(&w, e, 16);
                q4[q] = w;
            }
        }
    } else {
#pragma unroll
        for (int i = 0; i < ITEMS; i++)
            if ((unsigned)i < nv)
                b[i * st] = v[i];
    }
}

// input terms of a span from its inputs xr and the PD inputs before it
// (xh[d-1]: d positions before the span), taps unrolled by lag
template <class T, int ITEMS, int PD>
__device__ __forceinline__ void rfir_fixed(T (&tv)[ITEMS], const T (&xr)[ITEMS], const T (&xh)[4],
                                           const BParams<T> &P)
{
#pragma unroll
    for (int i = 0; i < ITEMS; i++) {
        T acc = T(0);
#pragma unroll
        for (int l = 0; l <= PD; l++) // lag order, as the serial loop
            if (P.anz >> l & 1u)
                acc = mac1(acc, P.ad[l], i - l >= 0 ? xr[i - l >= 0 ? i - l : 0] : xh[l - i - 1 >= 0 && l - i - 1 < 4 ? l - i - 1 : 0]);
        tv[i] = acc;
    }
}

template <class T, int ITEMS>
__device__ __forceinline__ void rfir(T (&tv)[ITEMS], const T (&xr)[ITEMS], const T (&xh)[4],
                                     const BParams<T> &P)
{
    switch (P.p) {
    case 1: rfir_fixed<T, ITEMS, 1>(tv, xr, xh, P); return;
    case 2: rfir_fixed<T, ITEMS, 2>(tv, xr, xh, P); return;
    case 3: rfir_fixed<T, ITEMS, 3>(tv, xr, xh, P); return;
    case 4: rfir_fixed<T, ITEMS, 4>(tv, xr, xh, P); return;
    default: break;
    }
    // p = 0: only a lag-0 tap can exist
    const T a0 = P.na ? P.acoef[0] : T(0);
#pragma unroll
    for (int i = 0; i < ITEMS; i++)
        tv[i] = P.na ? a0 * xr[i] : T(0);
}

// a thread's ITEMS values to (save) or from shared memory: 16-byte units,
// unit v of the block at swz(v) (conflict-free for a thread's consecutive
// units, see plr_kernel.cuh)
template <class T, int ITEMS>
__device__ __forceinline__ void rsave(T (&v)[ITEMS], unsigned char *buf, int tid, bool save)
{
    constexpr int PER = 16 / (int)sizeof(T), U = ITEMS / PER;
#pragma unroll
    for (int q = 0; q < U; q++) {
        uint4 *at = reinterpret_cast<uint4 *>(buf + swz<U>(tid * U + q) * 16);
        if (save) {
            uint4 w;
            memcpy(&w, &v[q * PER], 16);
            *at = w;
        } else {
            const uint4 w = *at;
            memcpy(&v[q * PER], &w, 16);
        }
    }
}

// Resident blocks of 256 per SM the registers are held to (MB: an explicit
// count, 0: these). Without a look-back, orders 1-2 fit 48 registers with
// no spills (5 blocks, so that 1080 rows of 1920 take one wave of 660
// tiles); the look-back's registers take 64 (4 blocks; a few spills).
#ifndef PLR_CUDA_RK_MINB
#define PLR_CUDA_RK_MINB 5
#endif
#ifndef PLR_CUDA_RK_MINB_LB
#define PLR_CUDA_RK_MINB_LB 4
#endif
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
constexpr int RK_MAXB = 4; // sm_75: 1024 threads per SM
#else
constexpr int RK_MAXB = 8;
#endif
template <int KC, bool LB> __host__ __device__ constexpr int rk_minb()
{
    return (KC <= 2 ? (LB ? PLR_CUDA_RK_MINB_LB : PLR_CUDA_RK_MINB) : KC <= 4 ? 3 : 2) < RK_MAXB
               ? (KC <= 2 ? (LB ? PLR_CUDA_RK_MINB_LB : PLR_CUDA_RK_MINB) : KC <= 4 ? 3 : 2)
               : RK_MAXB;
}

// a thread's place in a tile
struct RGeom {
    unsigned long long seg, grp, s0, p0, sq;
    unsigned nseq, len, s, u, ib, nv;
    bool sv, last;
    long long pos0; // the span's first position in its sequence
};
template <class T, int ITEMS>
__device__ __forceinline__ RGeom rgeom(const BParams<T> &P, unsigned long long tile, int tid)
{
    RGeom g;
    g.seg = tile / P.ngrp;
    g.grp = tile - g.seg * P.ngrp;
    const unsigned SEQ = P.seq, L = 1u << P.lL;
    g.s0 = g.grp * SEQ;
    g.p0 = g.seg << P.lL;
    g.nseq = (unsigned)(P.count - g.s0 < SEQ ? P.count - g.s0 : SEQ);
    g.len = (unsigned)(P.n - g.p0 < L ? P.n - g.p0 : L);
    g.last = g.seg + 1 == P.nseg;
    g.s = tid & (SEQ - 1);
    g.u = (unsigned)tid >> P.lseq;
    g.sv = g.s < g.nseq;
    g.ib = g.u * ITEMS;
    g.nv = !g.sv || g.ib >= g.len ? 0u : (g.len - g.ib < (unsigned)ITEMS ? g.len - g.ib : (unsigned)ITEMS);
    g.sq = g.s0 + (g.sv ? g.s : 0);
    g.pos0 = (long long)(g.p0 + g.ib);
    return g;
}

// Staging of a thread's span for the prefetching kernel: its ITEMS inputs
// then the (up to 4) inputs before it, in the thread's own slot of
// RSLOT<T>() bytes. A whole span of a BM_ROW array comes as 16-byte copies
// in memory order (reversed for stride -1), anything else element by
// element in sequence order.
template <class T> __host__ __device__ constexpr int rslot_bytes(int items)
{
    return (items * (int)sizeof(T) + 4 * (int)sizeof(T) + 15) / 16 * 16;
}
template <class T, int ITEMS>
__device__ __forceinline__ void rprefetch(const BParams<T> &P, unsigned long long tile,
                                          unsigned char *slot, int tid)
{
    const RGeom g = rgeom<T, ITEMS>(P, tile, tid);
    if (!g.nv)
        return;
    const T *xb = P.x + (long long)g.sq * P.xd + g.pos0 * P.xs;
    T *el = reinterpret_cast<T *>(slot);
    if (P.xmode == BM_ROW && g.nv == ITEMS) {
        constexpr int PER = 16 / (int)sizeof(T), U = ITEMS / PER;
        const T *lo = P.xs > 0 ? xb : xb - (ITEMS - 1);
#pragma unroll
        for (int q = 0; q < U; q++)
            cp_async16(slot + 16 * q, lo + q * PER);
    } else {
#pragma unroll
        for (int i = 0; i < ITEMS; i++) {
            const bool ok = (unsigned)i < g.nv;
            cp_async_elem<T>(el + i, ok ? xb + i * P.xs : P.x, ok);
        }
    }
    const unsigned p = P.p;
#pragma unroll
    for (int d = 1; d <= 4; d++) {
        if ((unsigned)d <= p) {
            const long long gp = g.pos0 - d;
            const T *src = gp >= 0 ? xb - (long long)d * P.xs
                           : P.hi_in ? P.hi_in + g.sq * p + (unsigned long long)((long long)p + gp)
                                     : nullptr;
            cp_async_elem<T>(el + ITEMS + d - 1, src ? src : P.x, src != nullptr);
        }
    }
}
template <class T, int ITEMS>
__device__ __forceinline__ void rfetch(T (&xr)[ITEMS], T (&xh)[4], const unsigned char *slot,
                                       const BParams<T> &P, const RGeom &g)
{
    constexpr int PER = 16 / (int)sizeof(T), U = ITEMS / PER;
#pragma unroll
    for (int d = 0; d < 4; d++)
        xh[d] = T(0);
    if (!g.nv) {
#pragma unroll
        for (int i = 0; i < ITEMS; i++)
            xr[i] = T(0);
        return;
    }
    const bool rev = P.xmode == BM_ROW && g.nv == ITEMS && P.xs < 0;
#pragma unroll
    for (int q = 0; q < U; q++) {
        const uint4 w = *reinterpret_cast<const uint4 *>(slot + 16 * q);
        T e[PER];
        memcpy(e, &w, 16);
#pragma unroll
        for (int z = 0; z < PER; z++) {
            if (rev)
                xr[ITEMS - 1 - (q * PER + z)] = e[z];
            else
                xr[q * PER + z] = e[z];
        }
    }
    if (P.p) {
        const T *el = reinterpret_cast<const T *>(slot);
#pragma unroll
        for (int d = 0; d < 4; d++)
            if ((unsigned)d < P.p)
                xh[d] = el[ITEMS + d];
    }
    // (unused trailing elements of a partial span were zero-filled)
}

// a thread's own factor row (a span count that varies by thread), loaded
// into registers ahead of its use, through the read-only path
template <class Acc, int KM>
__device__ __forceinline__ void frow_load(Acc (&f)[KM * KM], const Acc *G, unsigned row)
{
#pragma unroll
    for (int j = 0; j < KM; j++)
#pragma unroll
        for (int r = 0; r < KM; r++)
            f[j * KM + r] = __ldg(G + (size_t)(j * KM + r) * B_ROWS + row);
}
template <class Acc, int KM>
__device__ __forceinline__ void merge_f(Acc (&S)[KM], const Acc (&Pv)[KM], const Acc (&f)[KM * KM], unsigned ones)
{
    if (KM == 1 && ones) {
        S[0] += Pv[0];
        return;
    }
#pragma unroll
    for (int r = 0; r < KM; r++) {
        Acc acc = S[r];
#pragma unroll
        for (int j = 0; j < KM; j++)
            acc = mac(acc, f[j * KM + r], Pv[j]);
        S[r] = acc;
    }
}

// One tile of the register-direct kernels. PF: the inputs are staged in
// the thread's slot (prefetching kernel), else loaded here.
template <class T, int KC, int ITEMS, bool LB, bool PF>
__device__ __forceinline__ void rtile(const BParams<T> &P, unsigned long long tile,
                                      const unsigned char *slot, unsigned char *tv_s,
                                      typename acc_of<T>::type *ws_s,
                                      typename acc_of<T>::type *A_s,
                                      typename acc_of<T>::type *C_s, int tid)
{
    constexpr int KM = KC;
    constexpr unsigned k = KC;
    using Acc = typename acc_of<T>::type;
    const int lane = tid & 31, warp = tid >> 5;
    const RGeom rg = rgeom<T, ITEMS>(P, tile, tid);
    const unsigned long long seg = rg.seg, grp = rg.grp, s0 = rg.s0, p0 = rg.p0, sq = rg.sq;
    const unsigned SEQ = P.seq, lseq = P.lseq;
    const unsigned nseq = rg.nseq, len = rg.len, s = rg.s, u = rg.u, ib = rg.ib, nv = rg.nv;
    const bool sv = rg.sv, last = rg.last;
    const long long pos0 = rg.pos0;
    const unsigned p = P.p;
    const unsigned uw = (unsigned)lane >> lseq;       // span within the warp's part
    const unsigned UW = SEQ >= 32 ? 1u : 32u >> lseq; // spans of a sequence per warp

    // ---- inputs and their terms, in registers until the final pass
    T tv[ITEMS];
    {
        T xr[ITEMS];
        T xh[4] = {T(0), T(0), T(0), T(0)};
        if (PF) {
            rfetch<T, ITEMS>(xr, xh, slot, P, rg);
        } else {
            const T *xb = P.x + (long long)sq * P.xd + pos0 * P.xs;
            rload<T, ITEMS>(xr, xb, P.xs, P.xmode, nv);
            if (p && nv) {
#pragma unroll
                for (int d = 1; d <= 4; d++) {
                    if ((unsigned)d <= p) {
                        const long long gp = pos0 - d;
                        xh[d - 1] = gp >= 0 ? xb[-(long long)d * P.xs]
                                    : P.hi_in ? P.hi_in[sq * p + (unsigned long long)((long long)p + gp)]
                                              : T(0);
                    }
                }
            }
        }
        rfir<T, ITEMS>(tv, xr, xh, P);
    }
    if (p && last && P.hi_out) {
        // the sequence's last p inputs, for the next piece (x is intact: not
        // in place with a FIR history)
        for (unsigned e = tid; e < SEQ * p; e += BB) {
            const unsigned s2 = e / p, jj = e - s2 * p;
            if (s2 < nseq) {
                const long long gp = (long long)(p0 + len) - (long long)p + jj;
                P.hi_out[(s0 + s2) * p + jj] =
                    gp >= 0 ? P.x[(long long)(s0 + s2) * P.xd + gp * P.xs]
                    : P.hi_in ? P.hi_in[(s0 + s2) * p + (unsigned long long)((long long)p + gp)]
                              : T(0);
            }
        }
    }

    // ---- the thread's summary from a zero carry
    Acc w[KM];
    {
        T wt[KM];
#pragma unroll
        for (int j = 0; j < KM; j++)
            wt[j] = T(0);
        bsolve<T, KM, ITEMS>(wt, tv, P, nullptr);
#pragma unroll
        for (int j = 0; j < KM; j++)
            w[j] = Acc(wt[j]);
    }
    // With a look-back the input terms wait in shared memory (the
    // look-back's registers on top of them spilled), each thread its own 16
    // bytes per unit, swizzled as the single-array kernel's stage; the
    // prefetching kernel recomputes them from its staged inputs instead
    if (LB && !PF)
        rsave<T, ITEMS>(tv, tv_s, tid, true);
    // factor rows from the parameters (FP) or the table in global memory
    constexpr bool FPK = KM <= B_GP2K;
    const bool FP = FPK && P.use_gp2;
    // this thread's own rows (spans uw and u): requested before the
    // barrier that precedes their use, so that the wait covers their loads
    // (requested at the start, their registers spilled for order 2)
    Acc fuw[FPK ? KM * KM : 1], fu[FPK ? KM * KM : 1];
    // inside the warp: spans uw of the same sequence sit SEQ lanes apart
    if (FP) {
        if constexpr (FPK) {
#pragma unroll
            for (int e = 0; e < 5; e++) {
                const unsigned d = 1u << e;
                if (d < UW) {
                    Acc pv[KM];
#pragma unroll
                    for (int j = 0; j < KM; j++)
                        pv[j] = __shfl_up_sync(0xffffffffu, w[j], d * SEQ);
                    if (uw >= d)
                        merge_p2<Acc, KM>(w, pv, &P.gp2[e][0], P.ones);
                }
            }
        }
    } else {
        for (unsigned d = 1; d < UW; d <<= 1) {
            Acc pv[KM];
#pragma unroll
            for (int j = 0; j < KM; j++)
                pv[j] = __shfl_up_sync(0xffffffffu, w[j], d * SEQ);
            if (uw >= d)
                merge<Acc, KM>(w, pv, P.G, k, (int)d, B_ROWS, P.ones);
        }
    }
    Acc X[KM]; // exclusive: the spans before this one in the warp
#pragma unroll
    for (int j = 0; j < KM; j++) {
        Acc v = __shfl_up_sync(0xffffffffu, w[j], SEQ < 32 ? SEQ : 0);
        X[j] = uw ? v : Acc(0);
    }
    if (uw == UW - 1)
        bstore_acc<Acc, KM>(ws_s + (warp * SEQ + s) * k, w);
    if (FP) {
        if constexpr (FPK)
            frow_load<Acc, KM>(fuw, P.G, uw);
    }
    __syncthreads();
    const unsigned luw = SEQ >= 32 ? 0u : 5u - lseq; // log2 UW
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
            for (unsigned e = 0; e < 3; e++) {
                const unsigned d = 1u << e;
                Acc pv[KM];
#pragma unroll
                for (int j = 0; j < KM; j++)
                    pv[j] = __shfl_up_sync(0xffffffffu, S[j], d * SEQ);
                if (wv >= d) {
                    if (FP) {
                        if constexpr (FPK)
                            merge_p2<Acc, KM>(S, pv, &P.gp2[e + luw][0], P.ones);
                    } else {
                        merge<Acc, KM>(S, pv, P.G, k, (int)(d * UW), B_ROWS, P.ones);
                    }
                }
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
        Acc fw[FPK ? KM * KM : 1];
        if (FP) {
            if constexpr (FPK) {
#pragma unroll
                for (int q = 0; q < KM * KM; q++)
                    fw[q] = P.gp2[luw][q];
            }
        }
        Acc E[KM];
#pragma unroll
        for (int j = 0; j < KM; j++)
            E[j] = Acc(0);
        for (int wv = 0; wv < BWARPS; wv++) {
            Acc S[KM];
            Acc *slot = ws_s + (wv * SEQ + tid) * k;
            bload_acc<Acc, KM>(S, slot);
            bstore_acc<Acc, KM>(slot, E);
            if (FP) {
                if constexpr (FPK)
                    merge_f<Acc, KM>(S, E, fw, P.ones);
            } else {
                merge<Acc, KM>(S, E, P.G, k, (int)UW, B_ROWS, P.ones);
            }
#pragma unroll
            for (int j = 0; j < KM; j++)
                E[j] = S[j];
        }
        if ((unsigned)tid < nseq)
            bpublish<T, KM>(P, tile, seg, last, s0, tid, E, A_s, C_s);
    }
    if (!LB && FP) {
        if constexpr (FPK)
            frow_load<Acc, KM>(fu, P.G, u);
    }
    __syncthreads();
    {
        Acc E[KM];
        bload_acc<Acc, KM>(E, ws_s + (warp * SEQ + s) * k);
        if (FP) {
            if constexpr (FPK)
                merge_f<Acc, KM>(X, E, fuw, P.ones);
        } else {
            merge<Acc, KM>(X, E, P.G, k, (int)uw, B_ROWS, P.ones);
        }
    }

    // ---- the carry into the segment: decoupled look-back per sequence
    if (LB && seg > 0) {
        blookback<T, KC>(P, tile, seg, grp, s0, nseq, last, A_s, C_s, tid);
        __syncthreads();
    }
    if (LB && !PF) {
        rsave<T, ITEMS>(tv, tv_s, tid, false);
    } else if (LB) {
        T xr[ITEMS], xh[4];
        rfetch<T, ITEMS>(xr, xh, slot, P, rg);
        rfir<T, ITEMS>(tv, xr, xh, P);
    }

    // ---- re-run from the exact carry, straight out of registers
    T yv[ITEMS];
    {
        if (LB && FP) {
            if constexpr (FPK)
                frow_load<Acc, KM>(fu, P.G, u);
        }
        // (a sequence's first segment with no initial state has a zero carry)
        if (seg > 0 || P.st_in) {
            Acc C[KM];
            bload_acc<Acc, KM>(C, C_s + s * k);
            if (FP) {
                if constexpr (FPK)
                    merge_f<Acc, KM>(X, C, fu, P.ones);
            } else {
                merge<Acc, KM>(X, C, P.G, k, (int)u, B_ROWS, P.ones);
            }
        }
        T wt[KM];
#pragma unroll
        for (int j = 0; j < KM; j++)
            wt[j] = T(X[j]);
        bsolve<T, KM, ITEMS>(wt, tv, P, yv);
    }
    rstore<T, ITEMS>(P.y + (long long)sq * P.yd + pos0 * P.ys, P.ys, P.ymode, nv, yv);
    if (last && P.st_out && sv) {
        // the state after the sequence, nearest first; for a segment shorter
        // than k the older values are the carry into it. (Item by item: a
        // value picked by a run-time index put yv in local memory.)
#pragma unroll
        for (int i = 0; i < ITEMS; i++) {
            const int j = (int)len - 1 - (int)(ib + i);
            if (j >= 0 && j < KM)
                P.st_out[sq * k + j] = yv[i];
        }
        if (u == 0)
            for (unsigned j = len; j < k; j++)
                P.st_out[sq * k + j] = T(C_s[s * k + (j - len)]);
    }
}

// A block per tile, inputs loaded straight into registers.
template <class T, int KC, int ITEMS, bool LB>
__global__ void __launch_bounds__(BB, (rk_minb<KC, LB>()))
    plr_batch_rkernel(const __grid_constant__ BParams<T> P)
{
    using Acc = typename acc_of<T>::type;
    extern __shared__ __align__(16) unsigned char b_smem[];
    __shared__ unsigned long long s_tk;
    Acc *const ws_s = reinterpret_cast<Acc *>(b_smem + P.off_ws); // [warp][seq][k]
    Acc *const A_s = reinterpret_cast<Acc *>(b_smem + P.off_A);   // [seq][k]
    Acc *const C_s = reinterpret_cast<Acc *>(b_smem + P.off_C);   // [seq][k]
    unsigned char *const tv_s = b_smem + P.off_halo;              // LB: the input terms
    const int tid = threadIdx.x;
    // Sequences of one segment (LB false: the host launches that
    // instantiation only then) need no order at all; otherwise tiles go by
    // ticket (every predecessor started first).
    unsigned long long tile;
    if (!LB) {
        tile = blockIdx.x;
    } else {
        if (tid == 0)
            s_tk = atomicAdd(P.ticket, 1ull) - P.ticket_base;
        __syncthreads();
        tile = s_tk;
    }
    if (tile >= P.ntiles)
        return;
    rtile<T, KC, ITEMS, LB, false>(P, tile, nullptr, tv_s, ws_s, A_s, C_s, tid);
}

// Persistent blocks (as many as are resident) that stage the inputs of
// their next tile in shared memory (cp.async, each thread its own span and
// halo, so no barrier guards the staging) while they compute the current
// one. Without a look-back a block takes tiles blockIdx.x + i*gridDim.x;
// with one, tiles go by ticket, the next one taken before the current one
// is computed (every ticket below a block's is held by a running block that
// finishes it first: no wait can close a cycle).
template <class T, int KC, int ITEMS, bool LB>
__global__ void __launch_bounds__(BB, (rk_minb<KC, LB>()))
    plr_batch_pkernel(const __grid_constant__ BParams<T> P)
{
    using Acc = typename acc_of<T>::type;
    constexpr int SLOT = rslot_bytes<T>(ITEMS);
    extern __shared__ __align__(16) unsigned char b_smem[];
    __shared__ unsigned long long s_tk;
    Acc *const ws_s = reinterpret_cast<Acc *>(b_smem + P.off_ws);
    Acc *const A_s = reinterpret_cast<Acc *>(b_smem + P.off_A);
    Acc *const C_s = reinterpret_cast<Acc *>(b_smem + P.off_C);
    const int tid = threadIdx.x;
    auto slot = [&](int b) { return b_smem + P.off_halo + ((size_t)b * BB + tid) * SLOT; };
    unsigned long long cur;
    if (!LB) {
        cur = blockIdx.x;
    } else {
        if (tid == 0)
            s_tk = atomicAdd(P.ticket, 1ull) - P.ticket_base;
        __syncthreads();
        cur = s_tk;
    }
    if (cur >= P.ntiles)
        return;
    rprefetch<T, ITEMS>(P, cur, slot(0), tid);
    cp_async_commit();
    int b = 0;
    for (;;) {
        __syncthreads(); // the last tile's scan arrays and s_tk are free
        unsigned long long nxt;
        if (!LB) {
            nxt = cur + gridDim.x;
        } else {
            if (tid == 0)
                s_tk = atomicAdd(P.ticket, 1ull) - P.ticket_base;
            __syncthreads();
            nxt = s_tk;
        }
        if (nxt < P.ntiles)
            rprefetch<T, ITEMS>(P, nxt, slot(b ^ 1), tid);
        cp_async_commit();
        cp_async_wait<1>(); // this thread's part of the current tile has landed
        rtile<T, KC, ITEMS, LB, true>(P, cur, slot(b), nullptr, ws_s, A_s, C_s, tid);
        if (nxt >= P.ntiles)
            break;
        cur = nxt;
        b ^= 1;
    }
    cp_async_wait<0>();
}

// The persistent prefetching kernels lost to a block per tile everywhere
// they were measured (H100, 2026-11-24: rows 4096x2160 one-pole 52% against
// 65% of copy, biquad 49% / 61%; 1080x1920 rows 53% / 55%; with a
// look-back columns, interleaved and backward lost 1-11 points), so they
// are built only with -DPLR_CUDA_RK_PERSISTENT=1 (then PLR_CUDA_RK_PF picks
// them at run time).
#ifndef PLR_CUDA_RK_PERSISTENT
#define PLR_CUDA_RK_PERSISTENT 0
#endif
constexpr bool RK_PERSISTENT_BUILT = PLR_CUDA_RK_PERSISTENT != 0;

// the register-direct kernel for order k (1..8), nullptr otherwise; lb:
// the instantiation with tickets and the look-back (sequences of several
// segments); pf: the persistent prefetching one (where built)
template <class T, int ITEMS> const void *batch_rkernel_table(unsigned k, bool lb, bool pf)
{
#if PLR_CUDA_RK_PERSISTENT
#define PLR_RK_PF_CASE(K)                                                                          \
    if (pf)                                                                                        \
        return lb ? reinterpret_cast<const void *>(&plr_batch_pkernel<T, K, ITEMS, true>)          \
                  : reinterpret_cast<const void *>(&plr_batch_pkernel<T, K, ITEMS, false>);
#else
#define PLR_RK_PF_CASE(K) (void)pf;
#endif
#define PLR_RK_CASE(K)                                                                             \
    case K:                                                                                        \
        PLR_RK_PF_CASE(K)                                                                          \
        return lb ? reinterpret_cast<const void *>(&plr_batch_rkernel<T, K, ITEMS, true>)          \
                  : reinterpret_cast<const void *>(&plr_batch_rkernel<T, K, ITEMS, false>);
    switch (k) {
        PLR_RK_CASE(1)
        PLR_RK_CASE(2)
        PLR_RK_CASE(3)
        PLR_RK_CASE(4)
        PLR_RK_CASE(5)
        PLR_RK_CASE(6)
        PLR_RK_CASE(7)
        PLR_RK_CASE(8)
    default: return nullptr;
    }
#undef PLR_RK_CASE
#undef PLR_RK_PF_CASE
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

// Several sequences' finals, nearest first, read back from the outputs: the
// batched kernels take the entries older than their last segment from the
// carry, which is the same value only up to rounding; a caller that chains
// calls must get exactly the outputs it holds. Entries before the start
// (j >= n) stay as the kernel wrote them (the initial state).
template <class T> struct FinalsManyArgs {
    const T *y;
    long long ys, yd;
    unsigned long long n, count;
    unsigned k;
    T *out;
};

template <class T> __global__ void plr_finals_many_kernel(const __grid_constant__ FinalsManyArgs<T> A)
{
    const unsigned long long t = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= A.count * A.k)
        return;
    const unsigned long long s = t / A.k, j = t - s * A.k;
    if (j < A.n)
        A.out[t] = A.y[(long long)s * A.yd + (long long)(A.n - 1 - j) * A.ys];
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
