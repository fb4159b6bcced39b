// Higher orders in one pass: tiles chained by a decoupled look-back over
// their states (docs/cuda.md, "Higher orders in one pass").
//
// The three-pass kernels (plr_korder.cuh) read x twice, so they stop at 2/3
// of a copy's speed. Here a block keeps its tile in shared memory from the
// first pass to the last: x is read once, y written once.
// - A tile is NW warps' segments, each 32 rows of SUB consecutive elements;
//   lane l of warp w runs row 32w + l. A block copies its next tile into
//   its other buffer (cp.async) while it works on this one.
// - Pass 1: each lane runs its row from a zero state (ko_run: k
//   multiply-adds an element), the warp chains its lanes' end states through
//   A^SUB into its segment's end state from zero (ko_chain), and warp 0
//   chains the segments' through A^(32 SUB) into the tile's: its aggregate.
// - Warp 0 publishes the aggregate and finds the tile's carry-in by a
//   look-back over the predecessors' published states (ScanTileState): lane
//   l reads tile top-l and shifts its state to the end of tile top by
//   A^(l TILE), a k x k product with a matrix the host made; a window of
//   aggregates only is taken, and shifted by A^(32 TILE) once for each
//   window after it. Then it publishes the inclusive state (A^TILE cin +
//   aggregate) and the segments' carry-ins.
// - Pass 3: each warp chains its lanes' carry-ins from its segment's, each
//   lane runs its row again from its own, puts the outputs into the buffer,
//   and the warp stores its segment, coalesced.
// Work: 2k multiply-adds an element, and per row two hops of the lanes'
// chain (k multiply-adds each, in the carry type); per tile O(k^2 NW) for
// the segments' chain and O(k^2) a lane per look-back window. O(n k) in all.
// States, chains and the look-back run in the carry type (double for f32),
// the runs in the element type, as in the three-pass kernels.
//
// Non-finite inputs need no flag here: a tile's carry-in, a segment's and a
// lane's come only from the elements before it, so every output up to the
// first non-finite input is what it would be without it, and that one is
// NaN or Inf as in the serial loop (beyond it, as the other kernels).
#pragma once

#include "plr_kernels.h"
#include "plr_korder.cuh"
#include "plr_tile_state.cuh"

namespace plrk {

// NW warps a block, rows of SUB elements (whole steps of KO_M), NB tile
// buffers (2: the next tile is copied in while this one is worked on)
template <int NW_, int SUB_, int NB_> struct Ko1Geom {
    static constexpr int NW = NW_, SUB = SUB_, NB = NB_;
    static constexpr int THREADS = 32 * NW;
    static constexpr long long TILE = 32LL * NW * SUB;
    static_assert(SUB % KO_M == 0 && (NB == 1 || NB == 2), "rows of whole steps; one or two buffers");
};

template <class C, int K> struct KoState {
    C v[K];
};

template <class T> struct K1Params {
    using C = typename acc_of<T>::type;
    const T *x;
    T *y;
    unsigned long long n, ntiles;
    T a0;
    unsigned scaled; // a0 != 1
    T b[32];         // b[j]: coefficient of y[i-1-j], zero beyond the order (ko_run reads it)
    C init[32];      // y[-1-j]
    const C *Alane;  // K x K: the state after one row (A^SUB), row r component r
    const C *Awarp;  // the same after one segment (A^(32 SUB))
    const C *Alb;    // 33 of them: A^(d TILE), d = 0..32 (d = 0: the identity)
    unsigned long long *words; // the tiles' published states (ScanTileState)
    unsigned epoch;
    unsigned no_look_back; // a timing only (PLR_CUDA_KO1_NOLB): every carry-in zero, the outputs wrong
};

// shared memory: the tile buffers, each warp's lanes' chain (33 states),
// the segments' end states from zero and their carry-ins
template <class T, int K, class G> __host__ __device__ constexpr size_t korder1_smem()
{
    using C = typename acc_of<T>::type;
    return (size_t)G::NB * G::TILE * sizeof(T) + (size_t)G::NW * (33 * (K + 1) + 2 * K) * sizeof(C);
}

// The 16-byte unit u of row r in a tile buffer of rows of UPR units: moved
// within its aligned group of 8 by the row, so that the 8 lanes of a
// 128-byte phase meet 8 different bank groups both when they read the same
// unit of 8 consecutive rows (the runs) and 8 consecutive units of one row
// (the copies in and out).
template <int UPR> __device__ __forceinline__ int ko1_unit(int r, int u)
{
    static_assert(UPR % 8 == 0, "rows of whole groups of 8 units");
    return r * UPR + (u ^ (r & 7));
}

// the block's copy of tile t into buf (zeros past n)
template <class T, class G> __device__ __forceinline__ void ko1_load(const K1Params<T> &P, T *buf, long long t)
{
    constexpr int E = KO_E<T>, UPR = G::SUB / E, UNITS = (int)(G::TILE / E);
    const unsigned long long base = (unsigned long long)t * G::TILE;
#pragma unroll 4
    for (int g = threadIdx.x; g < UNITS; g += G::THREADS) {
        T *dst = buf + (size_t)ko1_unit<UPR>(g / UPR, g % UPR) * E;
        const unsigned long long e = base + (unsigned long long)g * E;
        if (e + E <= P.n) {
            cp_async16(dst, P.x + e);
        } else {
#pragma unroll
            for (int c = 0; c < E; c++)
                cp_async_elem(dst + c, e + c < P.n ? P.x + e + c : P.x, e + c < P.n);
        }
    }
}

// a lane's step s of its row (KO_M elements) out of the buffer, and back
template <class T, int UPR>
__device__ __forceinline__ void ko1_read(const T *buf, int row, int s, T (&v)[KO_M])
{
    constexpr int E = KO_E<T>;
#pragma unroll
    for (int q = 0; q < KO_M / E; q++) {
        const KoVec<T> o = *reinterpret_cast<const KoVec<T> *>(buf + (size_t)ko1_unit<UPR>(row, s * (KO_M / E) + q) * E);
#pragma unroll
        for (int c = 0; c < E; c++)
            v[q * E + c] = o.v[c];
    }
}
template <class T, int UPR> __device__ __forceinline__ void ko1_write(T *buf, int row, int s, const T (&v)[KO_M])
{
    constexpr int E = KO_E<T>;
#pragma unroll
    for (int q = 0; q < KO_M / E; q++) {
        KoVec<T> o;
#pragma unroll
        for (int c = 0; c < E; c++)
            o.v[c] = v[q * E + c];
        *reinterpret_cast<KoVec<T> *>(buf + (size_t)ko1_unit<UPR>(row, s * (KO_M / E) + q) * E) = o;
    }
}

// step s of a lane's row run from the state st (y[-1-j]): the outputs in
// v, st their last K
template <class T, int K, int UPR>
__device__ __forceinline__ void ko1_step(const K1Params<T> &P, const T *buf, int row, int s, T (&st)[K],
                                         T (&v)[KO_M])
{
    ko1_read<T, UPR>(buf, row, s, v);
    if (P.scaled)
#pragma unroll
        for (int i = 0; i < KO_M; i++)
            v[i] = P.a0 * v[i];
    ko_run<T, K>(P, v, st);
#pragma unroll
    for (int j = 0; j < K; j++)
        st[j] = v[KO_M - 1 - j];
}

// the warp's rows chained through A^SUB (ko_chain over cnt rows of S), the
// matrix row read for it alone (held across the tile it spilled)
template <class T, int K>
__device__ __forceinline__ void ko1_rows_chain(const K1Params<T> &P, typename acc_of<T>::type *S, int lane,
                                               unsigned cnt)
{
    typename acc_of<T>::type arow[K]; // row `lane` of A^SUB (lanes >= K: zeros)
    ko_row(P.Alane, lane, arow);
    __syncwarp();
    ko_chain<typename acc_of<T>::type, K>(S, arow, lane, cnt);
}

// warp w's segment of tile t from the buffer to y, 16 bytes a lane, coalesced
template <class T, class G>
__device__ __forceinline__ void ko1_store(const K1Params<T> &P, const T *buf, long long t, int w, int lane)
{
    constexpr int E = KO_E<T>, UPR = G::SUB / E;
    const unsigned long long base = (unsigned long long)t * G::TILE + (unsigned long long)w * 32 * G::SUB;
#pragma unroll 4
    for (int g = lane; g < 32 * UPR; g += 32) {
        const KoVec<T> o =
            *reinterpret_cast<const KoVec<T> *>(buf + (size_t)ko1_unit<UPR>(32 * w + g / UPR, g % UPR) * E);
        const unsigned long long e = base + (unsigned long long)g * E;
        if (e + E <= P.n) {
            *reinterpret_cast<KoVec<T> *>(P.y + e) = o;
        } else {
#pragma unroll
            for (int c = 0; c < E; c++)
                if (e + c < P.n)
                    P.y[e + c] = o.v[c];
        }
    }
}

// component `lane` of M s, for s held one component a lane (lanes >= K
// hold zero) and mrow row `lane` of M
template <class C, int K> __device__ __forceinline__ C ko1_matvec(const C (&mrow)[K], C s)
{
    C a0 = C(0), a1 = C(0);
#pragma unroll
    for (int i = 0; i < K; i += 2) {
        a0 = mac1(a0, mrow[i], __shfl_sync(0xffffffffu, s, i));
        a1 = mac1(a1, mrow[i + 1], __shfl_sync(0xffffffffu, s, i + 1));
    }
    return a0 + a1;
}

// a state held one component a lane, published by its K lanes together
template <class TS, class C>
__device__ __forceinline__ void ko1_publish(const TS &ts, long long t, unsigned st, C v, int lane, int K)
{
    constexpr int PW = (int)sizeof(C) / 4;
    if (lane < K) {
        unsigned piece[PW];
        memcpy(piece, &v, sizeof v);
#pragma unroll
        for (int p = 0; p < PW; p++)
            ts.publish_word(t, st, lane * PW + p, piece[p]);
    }
}

// The carry-in of tile t >= 1 (the state after every tile before it), one
// component a lane. Lane l reads tile top-l; the nearest inclusive tile
// closes the sum once every tile after it has its aggregate, and a window
// of aggregates only is taken and left behind. (Row by row, so that one
// row of a lane's matrix is in registers at a time: the whole of it, or
// the sum in every lane, spilled.)
template <class T, int K>
__device__ typename acc_of<T>::type ko1_look_back(const K1Params<T> &P,
                                                  const scan::ScanTileState<KoState<typename acc_of<T>::type, K>> &ts,
                                                  long long t, int lane)
{
    using C = typename acc_of<T>::type;
    using TS = scan::ScanTileState<KoState<C, K>>;
    const C *const Al = P.Alb + (size_t)lane * K * K, *const Awin = P.Alb + (size_t)32 * K * K;
    C mine = C(0);
    long long top = t - 1;
    int windows = 0;
    while (true) {
        const long long h = top - lane;
        typename TS::Seen s;
        if (h >= 0) {
            s = ts.peek(h);
        } else { // before tile 0: an inclusive zero
            s.status = scan::ST_INC;
#pragma unroll
            for (int r = 0; r < K; r++)
                s.value.v[r] = C(0);
        }
        const unsigned inc = __ballot_sync(0xffffffffu, s.status == scan::ST_INC);
        const unsigned rdy = __ballot_sync(0xffffffffu, s.status != 0);
        unsigned take;
        bool done;
        if (inc) {
            const unsigned d = __ffs(inc) - 1;
            take = d == 31 ? 0xffffffffu : (2u << d) - 1;
            if ((rdy & take) != take)
                continue; // a nearer tile has not published yet
            done = true;
        } else if (rdy == 0xffffffffu) {
            take = 0xffffffffu;
            done = false;
        } else {
            continue;
        }
        C v[K];
#pragma unroll
        for (int i = 0; i < K; i++)
            v[i] = take >> lane & 1u ? s.value.v[i] : C(0);
        // component r of the window's states shifted to the end of tile
        // top (lane l's by A^(l TILE)), summed over the lanes
        C wsum = C(0);
#pragma unroll 1
        for (int r = 0; r < K; r++) {
            C a = C(0);
#pragma unroll
            for (int i = 0; i < K; i++)
                a = mac1(a, Al[r * K + i], v[i]);
#pragma unroll
            for (int d = 16; d > 0; d >>= 1)
                a += __shfl_xor_sync(0xffffffffu, a, d);
            if (lane == r)
                wsum = a;
        }
        // ... and to the end of tile t-1: 32 tiles for each window left behind
        if (windows) {
            C wrow[K];
            ko_row(Awin, lane, wrow);
            for (int q = 0; q < windows; q++)
                wsum = ko1_matvec<C, K>(wrow, wsum);
        }
        mine += wsum;
        if (done)
            break;
        top -= 32;
        windows++;
    }
    return mine;
}

// (registers capped at 128: 16 warps an SM; beyond that only the look-back,
// one warp's, spills)
template <class T, int K, class G>
__global__ void __launch_bounds__(G::THREADS, 512 / G::THREADS) korder1_kernel(const K1Params<T> P)
{
    using C = typename acc_of<T>::type;
    using TS = scan::ScanTileState<KoState<C, K>>;
    constexpr int NW = G::NW, SUB = G::SUB, UPR = SUB / KO_E<T>, KS = K + 1, STEPS = SUB / KO_M;
    static_assert(K % 2 == 0 && K <= 32, "state widths 8, 16, 32");
    extern __shared__ __align__(16) unsigned char ko1_smem[];
    T *const bufs = reinterpret_cast<T *>(ko1_smem);
    C *const chains = reinterpret_cast<C *>(ko1_smem + (size_t)G::NB * G::TILE * sizeof(T));
    const int lane = threadIdx.x & 31, w = threadIdx.x >> 5, row = 32 * w + lane;
    C *const S = chains + w * 33 * KS;       // this warp's lanes' chain
    C *const WA = chains + NW * 33 * KS;     // the segments' end states from zero
    C *const WS = WA + NW * K;               // the segments' carry-ins
    const TS ts{P.words, P.epoch};
    const long long ntiles = (long long)P.ntiles, grid = gridDim.x;

    long long t = blockIdx.x;
    int b = 0;
    if (t < ntiles)
        ko1_load<T, G>(P, bufs, t);
    cp_async_commit();
    for (; t < ntiles; t += grid) {
        const long long tn = t + grid;
        T *const buf = bufs + (size_t)b * G::TILE;
        if constexpr (G::NB == 2) {
            if (tn < ntiles)
                ko1_load<T, G>(P, bufs + (size_t)(b ^ 1) * G::TILE, tn);
            cp_async_commit();
            cp_async_wait<1>();
        } else {
            cp_async_wait<0>();
        }
        __syncthreads();

        // pass 1: the row from zero, its end state u kept for pass 3
        T u[K];
#pragma unroll
        for (int j = 0; j < K; j++)
            u[j] = T(0);
#pragma unroll 1
        for (int s = 0; s < STEPS; s++) {
            T v[KO_M];
            ko1_step<T, K, UPR>(P, buf, row, s, u, v);
        }
        // the segment's end state from zero: the lanes' chained
#pragma unroll
        for (int r = 0; r < K; r++)
            S[(lane + 1) * KS + r] = C(u[r]);
        if (lane < K)
            S[lane] = C(0);
        ko1_rows_chain<T, K>(P, S, lane, 32);
        if (lane < K)
            WA[w * K + lane] = S[32 * KS + lane];
        __syncthreads();

        if (w == 0) {
            // the tile's aggregate, its carry-in, its inclusive state and
            // the segments' carry-ins, one component a lane
            C wrow[K], trow[K];
            ko_row(P.Awarp, lane, wrow);
            ko_row(P.Alb + (size_t)K * K, lane, trow);
            C agg = C(0);
#pragma unroll 1
            for (int q = 0; q < NW; q++)
                agg = (lane < K ? WA[q * K + lane] : C(0)) + ko1_matvec<C, K>(wrow, agg);
            C cin;
            if (t == 0) {
                cin = lane < K ? P.init[lane] : C(0);
            } else if (P.no_look_back) {
                cin = C(0);
            } else {
                ko1_publish(ts, t, scan::ST_AGG, agg, lane, K);
                cin = ko1_look_back<T, K>(P, ts, t, lane);
            }
            if (t + 1 < ntiles)
                ko1_publish(ts, t, scan::ST_INC, agg + ko1_matvec<C, K>(trow, cin), lane, K);
            C s = cin;
#pragma unroll 1
            for (int q = 0; q < NW; q++) {
                if (lane < K)
                    WS[q * K + lane] = s;
                if (q + 1 < NW)
                    s = (lane < K ? WA[q * K + lane] : C(0)) + ko1_matvec<C, K>(wrow, s);
            }
        }
        __syncthreads();

        // pass 3: the lanes' carry-ins from the segment's, the row again
        if (lane < K)
            S[lane] = WS[w * K + lane];
#pragma unroll
        for (int r = 0; r < K; r++)
            S[(lane + 1) * KS + r] = C(u[r]);
        ko1_rows_chain<T, K>(P, S, lane, 31);
        T st[K];
#pragma unroll
        for (int j = 0; j < K; j++)
            st[j] = T(S[lane * KS + j]);
#pragma unroll 1
        for (int s = 0; s < STEPS; s++) {
            T v[KO_M];
            ko1_step<T, K, UPR>(P, buf, row, s, st, v);
            ko1_write<T, UPR>(buf, row, s, v);
        }
        __syncwarp();
        ko1_store<T, G>(P, buf, t, w, lane);
        __syncthreads(); // the buffer and the chains free for the next tile
        if constexpr (G::NB == 2) {
            b ^= 1;
        } else {
            if (tn < ntiles)
                ko1_load<T, G>(P, bufs, tn);
            cp_async_commit();
        }
    }
    cp_async_wait<0>();
}

// The geometries the library may take (PLR_CUDA_KO1_GEOM=N picks one: a
// measuring switch); Ko1Kernel says what the host needs to launch it.
using Ko1G0 = Ko1Geom<4, 32, 2>;
using Ko1G1 = Ko1Geom<4, 64, 2>;
using Ko1G2 = Ko1Geom<8, 32, 2>;
using Ko1G3 = Ko1Geom<4, 64, 1>;
static_assert(KO1_GEOMS == 4, "the table below lists every geometry");

template <class T, int K, class G> Ko1Kernel korder1_kernel_of()
{
    return Ko1Kernel{reinterpret_cast<const void *>(&korder1_kernel<T, K, G>), korder1_smem<T, K, G>(), G::THREADS,
                     (unsigned long long)G::TILE, (unsigned)G::SUB};
}

template <class T> Ko1Kernel korder1_table(unsigned K, int geom)
{
    if (K != 8)
        return Ko1Kernel{};
    switch (geom) {
    case 0: return korder1_kernel_of<T, 8, Ko1G0>();
    case 1: return korder1_kernel_of<T, 8, Ko1G1>();
    case 2: return korder1_kernel_of<T, 8, Ko1G2>();
    case 3: return korder1_kernel_of<T, 8, Ko1G3>();
    default: return Ko1Kernel{};
    }
}

} // namespace plrk
