// Prefix sums, 2- and 3-tuple sums and 2nd- and 3rd-order prefix sums
// (signatures (a0: 1), (a0: 0, 1), (a0: 0, 0, 1), (a0: 2, -1), (a0: 3, -3,
// 1); no FIR history) on one forward array in device memory: a single-pass
// scan fed by the bulk copy engine (sm_90). Each is a small state type
// (Tuple, Binom) that the kernel combines by shifts and sums.
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

namespace plrk {
namespace scan {

constexpr unsigned ST_AGG = 1, ST_INC = 2;
constexpr unsigned EPOCH_LIMIT = 1u << 29; // epoch << 2 | status fits 32 bits

// carries of f32 sums in double, as everywhere else in the backend
template <class T> struct acc { using type = T; };
template <> struct acc<float> { using type = double; };

// The recurrences the scan kernel runs, each a small linear state with two
// operations: step (one element in, its output out) and shift (the state L
// zero elements later). A segment of L elements maps a state s to
// s.shift(L) + local, local being its state from zero; so states of
// segments combine by shifts and sums alone, and the tile states, the warp
// and lane scans and the look-back all read the same.
//
// Tuple<A, C>: y[i] = x[i] + y[i-C] (C = 1: prefix sums). The state is the
// last C outputs, v[0] the sum the next element continues; a step adds and
// rotates, and a shift is a rotation by L mod C, free wherever C divides L.
template <class A, int C> struct Tuple {
    static constexpr int K = C;
    A v[C];
    // a unit of PER elements leaves the channels where they were: the
    // lane's exclusive state is then its inclusive one minus its own unit's
    __host__ __device__ static constexpr bool plain(int per) { return per % C == 0; }
    __host__ __device__ Tuple shift(long long L) const
    {
        const int r = (int)(L % C);
        Tuple s = *this;
        // (every index a constant: a rotation by a variable amount as selects)
        for (int q = 1; q < C; q++)
            if (r == q)
                for (int c = 0; c < C; c++)
                    s.v[c] = v[(c + q) % C];
        return s;
    }
    __host__ __device__ A step(A e)
    {
        const A out = v[0] + e;
        for (int c = 0; c + 1 < C; c++)
            v[c] = v[c + 1];
        v[C - 1] = out;
        return out;
    }
};

// Binom<A, M>: the M-th order prefix sum y = S^M(x), signature (a0: 2, -1)
// or (a0: 3, -3, 1), with binomial taps. The state is the M running sums
// s1 = S(x), s2 = S(s1), s3 = S(s2) at the last element (v[M-1] the
// output); L zero elements later s2 gains L*s1 and s3 gains L*s2 +
// L(L+1)/2*s1. Exact modulo 2^32 or 2^64 for integers.
template <class A, int M> struct Binom {
    static constexpr int K = M;
    A v[M];
    __host__ __device__ static constexpr bool plain(int) { return false; }
    __host__ __device__ static A tri(unsigned long long L)
    {
        // L(L+1)/2 without the product overflowing
        return A(L % 2 ? L * ((L + 1) / 2) : (L / 2) * (L + 1));
    }
    __host__ __device__ Binom shift(long long L) const
    {
        Binom s = *this;
        const A l = A((unsigned long long)L);
        if constexpr (M == 3)
            s.v[2] = v[2] + l * v[1] + tri((unsigned long long)L) * v[0];
        s.v[1] = v[1] + l * v[0];
        return s;
    }
    __host__ __device__ A step(A e)
    {
        v[0] += e;
        for (int c = 1; c < M; c++)
            v[c] += v[c - 1];
        return v[M - 1];
    }
};

// the sums and differences every form shares (the loops over K are
// unrolled without being told: K is 1, 2 or 3)
template <class R> __host__ __device__ R rec_zero()
{
    R s;
    for (int c = 0; c < R::K; c++)
        s.v[c] = 0;
    return s;
}
template <class R> __host__ __device__ R rec_add(const R &a, const R &b)
{
    R s;
    for (int c = 0; c < R::K; c++)
        s.v[c] = a.v[c] + b.v[c];
    return s;
}
template <class R> __host__ __device__ R rec_sub(const R &a, const R &b)
{
    R s;
    for (int c = 0; c < R::K; c++)
        s.v[c] = a.v[c] - b.v[c];
    return s;
}

__device__ __forceinline__ unsigned long long ld_relaxed(const unsigned long long *p)
{
    unsigned long long v;
    asm volatile("ld.relaxed.gpu.global.u64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
    return v;
}
__device__ __forceinline__ void st_relaxed(unsigned long long *p, unsigned long long v)
{
    asm volatile("st.relaxed.gpu.global.u64 [%0], %1;" ::"l"(p), "l"(v) : "memory");
}

template <class V> struct ScanTileState {
    static constexpr int W = sizeof(V) / 4; // 32-bit pieces of a value
    static_assert(sizeof(V) % 4 == 0, "values of whole 32-bit pieces");
    unsigned long long *words;              // W words per tile
    unsigned epoch;

    __device__ unsigned tag(unsigned st) const { return epoch << 2 | st; }
    struct Seen {
        unsigned status; // 0: nothing of this launch yet, or a value half written
        V value;
    };
    __device__ void publish(long long t, unsigned st, V v) const
    {
        const unsigned long long hi = (unsigned long long)tag(st) << 32;
        unsigned piece[W];
        memcpy(piece, &v, sizeof v);
#pragma unroll
        for (int w = 0; w < W; w++)
            st_relaxed(words + t * W + w, hi | piece[w]);
    }
    __device__ Seen peek(long long t) const
    {
        unsigned long long wd[W];
#pragma unroll
        for (int w = 0; w < W; w++)
            wd[w] = ld_relaxed(words + t * W + w);
        unsigned piece[W];
        unsigned hi = (unsigned)(wd[0] >> 32);
#pragma unroll
        for (int w = 0; w < W; w++) {
            hi = (unsigned)(wd[w] >> 32) == hi ? hi : 0u;
            piece[w] = (unsigned)wd[w];
        }
        Seen s;
        memcpy(&s.value, piece, sizeof s.value);
        s.status = hi == tag(ST_INC) ? ST_INC : hi == tag(ST_AGG) ? ST_AGG : 0u;
        return s;
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
template <class R> __device__ __forceinline__ R warp_sum(R s)
{
#pragma unroll
    for (int c = 0; c < R::K; c++)
        s.v[c] = warp_sum1(s.v[c]);
    return s;
}
template <class R> __device__ __forceinline__ R shfl_up(const R &s, int d)
{
    R o;
#pragma unroll
    for (int c = 0; c < R::K; c++)
        o.v[c] = __shfl_up_sync(0xffffffffu, s.v[c], d);
    return o;
}
template <class R> __device__ __forceinline__ R shfl(const R &s, int from)
{
    R o;
#pragma unroll
    for (int c = 0; c < R::K; c++)
        o.v[c] = __shfl_sync(0xffffffffu, s.v[c], from);
    return o;
}
// a warp's inclusive scan of its lanes' segments, each SEG elements long
template <class R, long long SEG> __device__ __forceinline__ R warp_scan(R inc, int lane)
{
#pragma unroll
    for (int d = 1; d < 32; d <<= 1) {
        const R o = shfl_up(inc, d);
        if (lane >= d)
            inc = rec_add(o.shift(SEG * d), inc);
    }
    return inc;
}

// The carry-in of tile t >= 1 (the state after every tile before it), found
// by one warp. Lane l watches tile top-l-32q for q < Q, all Q loads issued
// before any is used; the nearest inclusive tile closes the sum once every
// tile after it has published its aggregate. Each state is shifted to the
// end of tile t-1 as it is taken, so windows add up in any order; windows
// that hold aggregates only are taken and left behind, so a tile never
// waits for more than the nearest unpublished predecessor.
template <class V, int Q> struct LookBack {
    __device__ static V run(const ScanTileState<V> &ts, long long t, long long tile, int lane, unsigned sleep_ns)
    {
        V acc = rec_zero<V>();
        long long top = t - 1;
        while (true) {
            unsigned st[Q];
            V val[Q];
#pragma unroll
            for (int q = 0; q < Q; q++) {
                const long long h = top - lane - 32 * q;
                // before tile 0: an inclusive zero (tile 0 itself is never
                // an aggregate, so this is reached only past its inclusive)
                const typename ScanTileState<V>::Seen s =
                    h >= 0 ? ts.peek(h) : typename ScanTileState<V>::Seen{ST_INC, rec_zero<V>()};
                st[q] = s.status;
                val[q] = s.value.shift((t - 1 - h) * tile);
            }
            V part = rec_zero<V>();
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
                            part = rec_add(part, val[q]);
                        done = true;
                    }
                    stop = true;
                } else if (rdy != 0xffffffffu) {
                    stop = true;
                } else {
                    part = rec_add(part, val[q]);
                    took = q + 1;
                }
            }
            if (done || took) {
                // (without `done`, part holds exactly the windows taken)
                acc = rec_add(acc, part);
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

template <class T, class R> struct ScanParams {
    const T *x;
    T *y;
    unsigned long long n, ntiles;
    ScanTileState<R> state;
    R init;          // the state before element 0
    T gain;          // a0: y = S(gain*x)
    unsigned scaled; // gain != 1
    unsigned sleep_ns;
};

// NW compute warps, R rows of 16-byte units per lane, S stages, D tiles
// between a tile's two passes, Q look-back windows per round trip
template <int NW_, int R_, int S_, int D_, int Q_> struct ScanGeom {
    static constexpr int NW = NW_, R = R_, S = S_, D = D_, Q = Q_;
    static constexpr int THREADS = NW * 32 + 32;
    static constexpr int UNITS = NW * 32 * R; // 16-byte units a tile
    static constexpr unsigned TILE_BYTES = UNITS * 16;
    static_assert(S >= D + 1, "a tile stays in its stage from its first pass to its last");
};
// The library's geometry: 32 KiB tiles, six stages (192 KiB: one block an
// SM), three tiles between the passes, four windows a poll (measured against
// 2/3 tiles between passes, 7 stages, 2-16 windows, 8-24 warps, 64 KiB tiles:
// bench/cuda/experiments/2026-11-27-scan)
using ScanDefault = ScanGeom<16, 4, 6, 3, 4>;

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

// A unit's state from zero. Where the unit leaves the channels where they
// were (V::plain), each channel is summed in the input type and carried
// once: fewer conversions, which bound f32 prefix sums (86% of a copy with
// every element stepped in double against 92%).
template <class V, class T, int PER> __device__ __forceinline__ V unit_state(const T (&e)[PER])
{
    V s = rec_zero<V>();
    if constexpr (V::plain(PER)) {
        T part[V::K];
#pragma unroll
        for (int c = 0; c < V::K; c++)
            part[c] = e[c];
#pragma unroll
        for (int c = V::K; c < PER; c++)
            part[c % V::K] += e[c];
#pragma unroll
        for (int c = 0; c < V::K; c++)
            s.v[c] = part[c];
    } else {
#pragma unroll
        for (int c = 0; c < PER; c++)
            s.step(e[c]);
    }
    return s;
}

template <class T, class Gm, class V>
__global__ void __launch_bounds__(Gm::THREADS, 1) plr_scan_kernel(const __grid_constant__ ScanParams<T, V> P)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    using A = typename acc<T>::type;
    constexpr int NW = Gm::NW, R = Gm::R, S = Gm::S, D = Gm::D;
    constexpr int PER = 16 / (int)sizeof(T);
    constexpr long long TILE = (long long)Gm::UNITS * PER;
    constexpr long long SPAN = 32LL * R * PER; // one warp's rows
    constexpr int NT = NW * 32;
    using Vec = typename std::conditional<sizeof(T) == 4, uint4, ulonglong2>::type;
    extern __shared__ __align__(128) unsigned char smem[];
    T *stage = reinterpret_cast<T *>(smem);
    __shared__ __align__(8) unsigned long long full[S], aggr[S], carry[S];
    __shared__ V s_wt[S][NW], s_wpre[S][NW], s_agg[S], s_car[S];

    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    const long long G = gridDim.x;
    const long long mine = ((long long)P.ntiles - (long long)blockIdx.x + G - 1) / G;
    const long long n = (long long)P.n;

    auto issue = [&](long long i) {
        const int slot = (int)(i % S);
        const long long base = ((long long)blockIdx.x + i * G) * TILE;
        const long long rem = n - base < TILE ? n - base : TILE;
        const unsigned bytes = (unsigned)(rem * (long long)sizeof(T)) & ~15u;
        mbar_expect_tx(&full[slot], bytes);
        // pieces of 8 KiB: the engine works on several at once
        for (unsigned off = 0; off < bytes; off += 8192)
            bulk_load(reinterpret_cast<unsigned char *>(stage + slot * TILE) + off,
                      reinterpret_cast<const unsigned char *>(P.x + base) + off,
                      bytes - off < 8192 ? bytes - off : 8192, &full[slot]);
    };
    // a lane's 16-byte unit of row j: its PER elements, times the gain
    auto load_unit = [&](const T *st, long long base, int j, bool whole, T (&e)[PER]) {
        const long long u = (long long)(warp * 32 * R + j * 32 + lane);
        if (whole) {
            const Vec v = reinterpret_cast<const Vec *>(st)[u];
            memcpy(e, &v, 16);
        } else {
            const long long rem = n - base, in_stage = (rem * (long long)sizeof(T) & ~15ll) / (long long)sizeof(T);
#pragma unroll
            for (int c = 0; c < PER; c++)
                e[c] = tail_elem(st, P.x, base, u * PER + c, in_stage, rem);
        }
        if (P.scaled)
#pragma unroll
            for (int c = 0; c < PER; c++)
                e[c] *= P.gain;
    };

    if (tid == 0) {
        for (int s = 0; s < S; s++) {
            mbar_init(&full[s], 1);
            mbar_init(&aggr[s], 1);
            mbar_init(&carry[s], 1);
        }
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    }
    __syncthreads();
    if (tid == 0)
        for (long long i = 0; i < S && i < mine; i++)
            issue(i);

    if (warp == NW) {
        // ---- the look-back warp: every tile of the block in turn
        for (long long i = 0; i < mine; i++) {
            const int slot = (int)(i % S);
            mbar_wait(&aggr[slot], (unsigned)(i / S) & 1u);
            const long long t = (long long)blockIdx.x + i * G;
            const V excl = t == 0 ? P.init : LookBack<V, Gm::Q>::run(P.state, t, TILE, lane, P.sleep_ns);
            if (lane == 0) {
                P.state.publish(t, ST_INC, rec_add(excl.shift(TILE), s_agg[slot]));
                s_car[slot] = excl;
                mbar_arrive(&carry[slot]);
            }
            __syncwarp();
        }
        return;
    }

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
            V sum = rec_zero<V>();
#pragma unroll
            for (int j = 0; j < R; j++) {
                T e[PER];
                load_unit(st, base, j, whole, e);
                sum = rec_add(sum.shift(32 * PER), unit_state<V>(e));
            }
            const V ws = warp_sum(sum.shift((long long)(31 - lane) * PER));
            if (lane == 0)
                s_wt[slot][warp] = ws;
            compute_sync(NT);
            if (warp == 0) {
                const V inc = warp_scan<V, SPAN>(lane < NW ? s_wt[slot][lane] : rec_zero<V>(), lane);
                const V ex = shfl_up(inc, 1);
                if (lane < NW)
                    s_wpre[slot][lane] = lane ? ex : rec_zero<V>();
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
            const T *st = stage + slot * TILE;
            // the state at the start of this warp's rows
            V c0 = rec_add(s_car[slot].shift(warp * SPAN), s_wpre[slot][warp]);
            const bool whole = base + TILE <= n;
            const long long rem = n - base;
            T e[R][PER];
            V inc[R];
#pragma unroll
            for (int j = 0; j < R; j++) {
                load_unit(st, base, j, whole, e[j]);
                if constexpr (V::plain(PER)) {
                    // each channel through the unit in the input type
#pragma unroll
                    for (int c = V::K; c < PER; c++)
                        e[j][c] += e[j][c - V::K];
#pragma unroll
                    for (int c = 0; c < V::K; c++)
                        inc[j].v[c] = e[j][PER - V::K + c];
                } else {
                    inc[j] = unit_state<V>(e[j]);
                }
            }
            // each row across the lanes, the rows interleaved
#pragma unroll
            for (int d = 1; d < 32; d <<= 1)
#pragma unroll
                for (int j = 0; j < R; j++) {
                    const V o = shfl_up(inc[j], d);
                    if (lane >= d)
                        inc[j] = rec_add(o.shift((long long)PER * d), inc[j]);
                }
#pragma unroll
            for (int j = 0; j < R; j++) {
                // the lane's state before its unit
                V ex;
                if constexpr (V::plain(PER)) {
#pragma unroll
                    for (int c = 0; c < V::K; c++)
                        ex.v[c] = inc[j].v[c] - e[j][PER - V::K + c];
                } else {
                    ex = shfl_up(inc[j], 1);
                    if (lane == 0)
                        ex = rec_zero<V>();
                }
                V off = rec_add(c0.shift((long long)lane * PER), ex);
                c0 = rec_add(c0.shift(32 * PER), shfl(inc[j], 31));
                T o[PER];
#pragma unroll
                for (int c = 0; c < PER; c++) {
                    if constexpr (V::plain(PER))
                        o[c] = T(off.v[c % V::K] + A(e[j][c]));
                    else
                        o[c] = T(off.step(A(e[j][c])));
                }
                const long long u = (long long)(warp * 32 * R + j * 32 + lane);
                if (whole) {
                    Vec ov;
                    memcpy(&ov, o, 16);
                    reinterpret_cast<Vec *>(P.y + base)[u] = ov;
                } else {
#pragma unroll
                    for (int c = 0; c < PER; c++)
                        if (u * PER + c < rem)
                            P.y[base + u * PER + c] = o[c];
                }
            }
            compute_sync(NT); // every compute thread is done with the stage
            if (tid == 0 && f + S < mine)
                issue(f + S);
        }
    }
#endif
}

template <class T, class Gm> constexpr size_t scan_smem() { return (size_t)Gm::S * Gm::TILE_BYTES; }
template <class T, class Gm> constexpr unsigned long long scan_tile() { return (unsigned long long)Gm::UNITS * (16 / sizeof(T)); }

} // namespace scan
} // namespace plrk
