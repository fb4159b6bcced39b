// Single-pass PLR kernel (Maleki & Burtscher, ASPLOS'18, sections 2-3).
//
// Chunks of M = BLK*ITEMS elements (BLK compute threads); persistent blocks,
// block b taking chunks b, b+G, b+2G, ... of a cooperative launch (all G
// blocks resident, so every chunk a block waits for is being worked on).
// Per chunk: read x once, apply the FIR taps, solve each thread's ITEMS
// elements from a zero carry (its "local carries" are the last k values),
// merge those summaries with the correction factors - inside a warp through
// shuffles, across warps through shared memory - publish the chunk's local
// carries with a flag, look back over windows of 32 predecessors for the
// nearest global carries, correct the intervening local carries with the
// factors, publish the chunk's global carries, then re-run each thread's
// ITEMS elements from its now exact carries and write y once.
//
// A "summary" of a span of L elements is the vector v[r] = y[L-1-r], r < k,
// computed as if the carries into the span were zero (v[r] = 0 for r >= L).
// Merging a preceding summary P into S (span length L) is
//   S'[r] = S[r] + sum_j F(j, L-1-r) * P[j],
// with F the n-nacci factor lists extended to negative indices by
// F(j, -1-j) = 1 (the carry itself). Only the lengths L = t*ITEMS,
// t = 0..BLK, occur, so the host passes exactly those factors as rows
// G[(j*k + r)*(BLK+1) + t] derived from the shared factor table.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <cuda_runtime.h>

namespace plrk {

constexpr unsigned ST_HALO = 1, ST_LOCAL = 2, ST_GLOBAL = 3;
constexpr unsigned EPOCH_MASK = 0x3fffffffu; // flags hold epoch << 2 | status
constexpr int LB_WINDOWS = 32; // look-back reaches at most 32*32 chunks
#ifndef PLR_CUDA_LBW
#define PLR_CUDA_LBW 8 // carry words the look-back loads at once (see phase2)
#endif
// FIR histories up to this many inputs take the register path (FW kernels):
// each warp loads its own halo, taps come from registers and the lane before
constexpr int FIR_REG = 4;
#ifndef PLR_CUDA_LBQ
#define PLR_CUDA_LBQ 12 // windows of 32 chunks polled at once (one round trip): more
                        // than the resident chunks of an H100/H200 (18, twice that,
                        // measured slower: the poll's registers spill)
#endif

// Carries and merges of float recurrences run in double: a merge adds
// products F*C that can be far larger than the values (unstable or
// marginally stable signatures, e.g. higher-order prefix sums), and their
// rounding would otherwise be amplified by the recurrence.
template <class T> struct acc_of { using type = T; };
template <> struct acc_of<float> { using type = double; };

template <class T> struct Params {
    using Acc = typename acc_of<T>::type;
    const T *x;
    T *y;
    unsigned long long n;
    unsigned long long nchunks;
    unsigned k, p;
    unsigned na;
    unsigned alag[33];
    T acoef[33];
    T b[32];     // b[j]: coefficient of y[i-1-j]; zero where the term is absent
    T state[32]; // y[-1-j]
    T xhist[32]; // x[j-p]
    const T *state_dev; // when set (pipelined pieces), overrides state/xhist
    const T *xhist_dev;
    T *cout;            // when set: the last chunk stores its k global carries
                        // and its last p inputs here (for the next piece)
    const Acc *G;
    unsigned *flags;
    // a chunk's carries, each Acc split into 32-bit pieces stored as
    // {epoch, piece} 64-bit words: a reader that sees the current epoch in
    // every word has the whole value, with no fence on either side
    unsigned long long *carry_local;
    unsigned long long *carry_global;
    T *halo;
    const Acc *Tp;   // T^l, l = 0..32: carries through l whole chunks
    const Acc *Tbig; // T^(32w), w = 0..LB_WINDOWS-1
    unsigned epoch;
    unsigned exact;        // a chunk's local carries are already its global ones
    unsigned ones;         // every factor is 1 (k = 1, b = 1: prefix sums): no factor loads
    unsigned bnz;          // bit j: b[j] != 0 (decided once, not per element)
    unsigned ndep;         // warps [0, ndep) depend on the chunk's carry-in
    unsigned vec;          // x and y 16-byte aligned
    unsigned halo_from_aux; // in place with FIR history: predecessor x tail from aux
    unsigned lb_window;     // look-back loads multi-word carries window by window (before)
    unsigned lb_sleep;      // ns between look-back polls that found a predecessor unpublished
    // FIR taps by lag for the register path (kernels with FW > 0, p <= FW):
    // adense[l] multiplies x[i-l] where bit l of amask is set
    T adense[FIR_REG + 1];
    unsigned amask;
};

template <class T> struct is_float_t { static constexpr bool value = false; };
template <> struct is_float_t<float> { static constexpr bool value = true; };
template <> struct is_float_t<double> { static constexpr bool value = true; };

// acc + f*c, except that a zero factor contributes nothing at all: terms the
// serial loop does not have must not turn an Inf carry into NaN.
template <class T> __device__ __forceinline__ T mac(T acc, T f, T c)
{
    if constexpr (is_float_t<T>::value)
        return f != T(0) ? fma(f, c, acc) : acc;
    else
        return acc + f * c;
}

// acc + f*c for a coefficient known to be non-zero
template <class T> __device__ __forceinline__ T mac1(T acc, T f, T c)
{
    if constexpr (is_float_t<T>::value)
        return fma(f, c, acc);
    else
        return acc + f * c;
}

__device__ __forceinline__ unsigned ld_acquire(const unsigned *p)
{
    unsigned v;
    asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
    return v;
}

__device__ __forceinline__ void st_release(unsigned *p, unsigned v)
{
    asm volatile("st.release.gpu.global.u32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
}

template <class T> __device__ __forceinline__ T shfl_up(T v, int d)
{
    return __shfl_up_sync(0xffffffffu, v, d);
}
template <class T> __device__ __forceinline__ T shfl(T v, int l)
{
    return __shfl_sync(0xffffffffu, v, l);
}

// A factor from the read-only tables. The asm is volatile on purpose: the
// compiler would otherwise hoist every factor the persistent loop uses into
// registers (they are loop-invariant), which costs more occupancy than the
// L1 hits it saves.
__device__ __forceinline__ unsigned ld_fac(const unsigned *p)
{
    unsigned v;
    asm volatile("ld.global.nc.u32 %0, [%1];" : "=r"(v) : "l"(p));
    return v;
}
__device__ __forceinline__ unsigned long long ld_fac(const unsigned long long *p)
{
    unsigned long long v;
    asm volatile("ld.global.nc.u64 %0, [%1];" : "=l"(v) : "l"(p));
    return v;
}
__device__ __forceinline__ double ld_fac(const double *p)
{
    double v;
    asm volatile("ld.global.nc.f64 %0, [%1];" : "=d"(v) : "l"(p));
    return v;
}

// S[r] += sum_j G(j, r, row) * P[j], rows of length `rows` (BLK + 1); with
// `ones` (a constant factor list of ones) a plain sum, no factor loaded
template <class T, int KM>
__device__ __forceinline__ void merge(T (&S)[KM], const T (&P)[KM], const T *__restrict__ G,
                                     unsigned k, int row, int rows, unsigned ones)
{
    if (KM == 1 && ones) {
        S[0] += P[0];
        return;
    }
#pragma unroll(KM <= 8 ? KM : 1)
    for (int r = 0; r < KM; r++) {
        if (r >= (int)k)
            break;
        T acc = S[r];
#pragma unroll(KM <= 8 ? KM : 1)
        for (int j = 0; j < KM; j++) {
            if (j >= (int)k)
                break;
            acc = mac(acc, ld_fac(G + ((size_t)j * k + r) * rows + row), P[j]);
        }
        S[r] = acc;
    }
}

// Y = M X for a row-major k x k matrix M from the factor tables (Y may be X);
// the identity, with nothing loaded, when every factor is one (k = 1)
template <class T, int KM>
__device__ __forceinline__ void matvec(T (&Y)[KM], const T *__restrict__ M, const T (&X)[KM],
                                      unsigned k, unsigned ones)
{
    if (KM == 1 && ones) {
        Y[0] = X[0];
        return;
    }
    T Z[KM];
#pragma unroll(KM <= 8 ? KM : 1)
    for (int r = 0; r < KM; r++) {
        if (r >= (int)k)
            break;
        T sum = T(0);
#pragma unroll(KM <= 8 ? KM : 1)
        for (int j = 0; j < KM; j++) {
            if (j >= (int)k)
                break;
            sum = mac(sum, ld_fac(M + r * k + j), X[j]);
        }
        Z[r] = sum;
    }
#pragma unroll(KM <= 8 ? KM : 1)
    for (int r = 0; r < KM; r++) {
        if (r >= (int)k)
            break;
        Y[r] = Z[r];
    }
}

// Serial solve of ITEMS elements from window w (w[j] = y[-1-j]); leaves
// the span's summary in w and, if out is non-null, the values in out.
template <class V, int KM, int ITEMS, class T>
__device__ __forceinline__ void solve(V (&w)[KM], const V (&t)[ITEMS], const Params<T> &P,
                                      unsigned k, V *out)
{
#pragma unroll
    for (int i = 0; i < ITEMS; i++) {
        // the oldest terms first: only the last one waits for the element
        // just computed, so the serial chain is one multiply-add per element
        // rather than k
        V v = t[i];
#pragma unroll(KM <= 8 ? KM : 1)
        for (int jj = 0; jj < KM; jj++) {
            const int j = (KM <= 8 ? KM : (int)k) - 1 - jj;
            if (j < 0)
                break;
            // a zero coefficient contributes nothing at all (see mac)
            if (P.bnz >> j & 1u)
                v = mac1(v, V(P.b[j]), w[j]);
        }
#pragma unroll(KM <= 8 ? KM : 1)
        for (int j = (KM <= 8 ? KM : (int)k) - 1; j > 0; j--)
            w[j] = w[j - 1];
        w[0] = v;
        if (out)
            out[i] = v;
    }
}

// the tail chunk (or unaligned arrays): this thread's elements one by one
template <class T, int ITEMS>
__device__ __forceinline__ void store_items(const T (&v)[ITEMS], T *dst, long long avail)
{
#pragma unroll
    for (int i = 0; i < ITEMS; i++)
        if (i < avail)
            dst[i] = v[i];
}

// ---- the chunk pipeline ----------------------------------------------------
// Blocks are persistent: each keeps the next STAGES of its chunks of input in flight in shared memory (cp.async), so DRAM stays
// busy while the block waits at a barrier or in the look-back. Each warp
// loads and stores its own 32*ITEMS elements with coalesced 16-byte accesses
// and reads them back thread-contiguously from shared memory, so only the
// FIR taps (which read a neighbour warp's tail) need a block barrier.
// Five stages: one chunk being finished, one waiting for its carry-in, one
// in Phase 1, two in flight (DEPTH = 2 below) - 80 KiB a block of 256
// threads, two such blocks per SM on sm_80/sm_90; blocks of 512 hold one
// (H100, 2026-11-21: 4 stages at depth 1 gave 53% of copy for the prefix
// sum, 5 at depth 2 70%, 6 at depth 2 no more). sm_75 has 64 KiB of shared
// memory in all, so two stages there; the host uses stages_for(cc).
#ifndef PLR_CUDA_STAGES
#define PLR_CUDA_STAGES 5
#endif
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
constexpr int STAGES = 2;
#else
constexpr int STAGES = PLR_CUDA_STAGES;
#endif
inline int stages_for(int cc_major) { return cc_major < 8 ? 2 : PLR_CUDA_STAGES; }

// DEPTH: chunks between a chunk's Phase 1 and its final pass. With DEPTH
// look-back warps, each taking every DEPTH-th chunk of the block, a chunk's
// look-back has DEPTH chunks of the block's time to finish, and DEPTH
// look-backs of one block are under way at once. Needs STAGES >= DEPTH + 1
// (one being finished, DEPTH-1 waiting, one in Phase 1; more are in
// flight), so sm_75 with its two stages keeps 1.
#ifndef PLR_CUDA_DEPTH
#define PLR_CUDA_DEPTH 2
#endif
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
constexpr int DEPTH = 1;
#else
constexpr int DEPTH = PLR_CUDA_DEPTH;
#endif
static_assert(STAGES >= DEPTH + 1, "stages");
inline int depth_for(int cc_major) { return cc_major < 8 ? 1 : PLR_CUDA_DEPTH; }
#ifndef PLR_CUDA_MINB
#define PLR_CUDA_MINB 2
#endif

// A thread's ITEMS elements as 16-byte units (the same for any block size)
template <class T, int ITEMS> struct StageUnits {
    static constexpr int PER = 16 / (int)sizeof(T); // elements per 16-byte unit
    static constexpr int U = ITEMS / PER;            // units per thread
    static_assert(ITEMS % PER == 0 && (U == 1 || U == 2 || U == 4 || U == 8), "stage geometry");
};
// and a block's stage: one chunk
template <class T, int ITEMS, int BLK> struct StageGeom : StageUnits<T, ITEMS> {
    static constexpr int M = BLK * ITEMS;
    static constexpr int BYTES = M * (int)sizeof(T);
};

// Shared-memory slot of 16-byte unit u. Thread-contiguous reads put the U
// units of neighbouring lanes 16*U bytes apart, which for U > 1 lands
// several lanes of a quarter warp on the same banks; XOR-ing the unit index
// inside its aligned group of 8 spreads them (the group stays in place, so a
// warp's region is still its own).
template <int U> __device__ __forceinline__ int swz(int u) { return u ^ ((u >> 3) & (U - 1)); }

__device__ __forceinline__ void cp_async16(void *smem, const void *g)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    unsigned s = (unsigned)__cvta_generic_to_shared(smem);
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(s), "l"(g) : "memory");
#else
    *reinterpret_cast<uint4 *>(smem) = *reinterpret_cast<const uint4 *>(g);
#endif
}

// one element, zero-filled when !valid (tail chunks, unaligned arrays)
template <class T> __device__ __forceinline__ void cp_async_elem(T *smem, const T *g, bool valid)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    unsigned s = (unsigned)__cvta_generic_to_shared(smem);
    asm volatile("cp.async.ca.shared.global [%0], [%1], %2, %3;" ::"r"(s), "l"(g), "n"(sizeof(T)),
                 "r"(valid ? (unsigned)sizeof(T) : 0u)
                 : "memory");
#else
    *smem = valid ? *g : T(0);
#endif
}

__device__ __forceinline__ void cp_async_commit()
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    asm volatile("cp.async.commit_group;" ::: "memory");
#endif
}

template <int N> __device__ __forceinline__ void cp_async_wait()
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    asm volatile("cp.async.wait_group %0;" ::"n"(N) : "memory");
#endif
}

// Warp `warp` starts loading its part of chunk g (g < 0: nothing, but the
// group is still committed so that every thread counts the same groups).
template <class T, int ITEMS, int BLK, int FW>
__device__ __noinline__ void stage_load(const Params<T> &P, unsigned char *buf, T *halo,
                                        T *whalo, long long g, int warp, int lane)
{
    using SG = StageGeom<T, ITEMS, BLK>;
    if (g >= 0) {
        if constexpr (FW > 0) {
            // the register path: each warp brings the FW inputs before its own
            // part (x, the history before the array, zeros before that), so no
            // warp ever reads another's part and no block barrier is needed
            if (lane < FW) {
                const long long gi = g * (long long)SG::M + warp * 32 * ITEMS - FW + lane;
                T *d = whalo + warp * FW + lane;
                if (gi >= 0) {
                    const bool valid = gi < (long long)P.n;
                    cp_async_elem<T>(d, valid ? P.x + gi : P.x, valid);
                } else {
                    const long long h = gi + (long long)P.p;
                    *d = h >= 0 ? (P.xhist_dev ? P.xhist_dev[h] : P.xhist[h]) : T(0);
                }
            }
        }
        // the FIR halo, the p inputs before the chunk, comes along when it is
        // plain x (chunk 0 takes x_history, in place takes the parked copy)
        if (FW == 0 && warp == 0 && lane < (int)P.p && !P.halo_from_aux) {
            const long long gi = g * (long long)SG::M - (long long)P.p + lane;
            if (gi >= 0)
                cp_async_elem<T>(halo + lane, P.x + gi, true);
        }
        const long long base = g * (long long)SG::M;
        const long long len = (long long)P.n - base < SG::M ? (long long)P.n - base : SG::M;
        const T *src = P.x + base;
        if (P.vec && len == SG::M) {
#pragma unroll
            for (int q = 0; q < SG::U; q++) {
                const int u = warp * 32 * SG::U + lane + 32 * q;
                cp_async16(buf + swz<SG::U>(u) * 16, reinterpret_cast<const uint4 *>(src) + u);
            }
        } else {
#pragma unroll 1
            for (int q = 0; q < ITEMS; q++) {
                const int e = warp * 32 * ITEMS + lane + 32 * q;
                T *dst = reinterpret_cast<T *>(buf + swz<SG::U>(e / SG::PER) * 16) + e % SG::PER;
                const bool valid = e < len;
                cp_async_elem<T>(dst, valid ? src + e : src, valid);
            }
        }
    }
    cp_async_commit();
}

template <class T, int ITEMS>
__device__ __forceinline__ T stage_at(const unsigned char *buf, long long i)
{
    using SG = StageUnits<T, ITEMS>;
    return reinterpret_cast<const T *>(buf + swz<SG::U>((int)(i / SG::PER)) * 16)[i % SG::PER];
}

// this thread's ITEMS inputs from its stage units, as 16-byte vectors
template <class T, int ITEMS>
__device__ __forceinline__ void load_items(T (&xv)[ITEMS], const unsigned char *buf, int tid)
{
    using SG = StageUnits<T, ITEMS>;
#pragma unroll
    for (int q = 0; q < SG::U; q++) {
        uint4 v = *reinterpret_cast<const uint4 *>(buf + swz<SG::U>(tid * SG::U + q) * 16);
        const T *e = reinterpret_cast<const T *>(&v);
#pragma unroll
        for (int z = 0; z < SG::PER; z++)
            xv[q * SG::PER + z] = e[z];
    }
}

// t[i] = sum_q a_q x[i - lag_q] over this thread's span, from the stage and
// (before the chunk) the halo holding the previous p inputs
template <class T, int ITEMS>
__device__ __forceinline__ void input_terms(T (&tv)[ITEMS], const unsigned char *buf, const T *halo,
                                            const Params<T> &P, int tid)
{
    if (P.p == 0) {
        // only a lag-0 tap can exist
        load_items<T, ITEMS>(tv, buf, tid);
#pragma unroll
        for (int i = 0; i < ITEMS; i++)
            tv[i] = P.na ? P.acoef[0] * tv[i] : T(0);
        return;
    }
    const long long my0 = (long long)tid * ITEMS;
#pragma unroll
    for (int i = 0; i < ITEMS; i++) {
        T acc = T(0);
        for (unsigned q = 0; q < P.na; q++) {
            const long long at = my0 + i - (long long)P.alag[q];
            acc = mac(acc, P.acoef[q], at >= 0 ? stage_at<T, ITEMS>(buf, at) : halo[P.p + at]);
        }
        tv[i] = acc;
    }
}

// The register path of the input terms (FIR history p <= FW): the thread's
// ITEMS inputs from its own stage units, the FW before them from the lane
// before (its registers) or, for lane 0, the warp's own halo; the taps by
// lag, unrolled, a zero tap skipped as a whole (see mac).
template <class T, int ITEMS, int FW>
__device__ __forceinline__ void input_terms_reg(T (&tv)[ITEMS], const unsigned char *buf,
                                                const T *whalo, const Params<T> &P, int tid)
{
    static_assert(FW <= ITEMS, "the halo comes from one lane");
    T xv[ITEMS];
    load_items<T, ITEMS>(xv, buf, tid);
    const int lane = tid & 31;
    T h[FW]; // h[j] = x[my0 - FW + j]
#pragma unroll
    for (int j = 0; j < FW; j++) {
        const T v = shfl_up(xv[ITEMS - FW + j], 1);
        h[j] = lane ? v : whalo[j];
    }
#pragma unroll
    for (int i = 0; i < ITEMS; i++)
        tv[i] = T(0);
#pragma unroll
    for (int l = 0; l <= FW; l++) {
        if (P.amask >> l & 1u) {
            const T a = P.adense[l];
#pragma unroll
            for (int i = 0; i < ITEMS; i++)
                tv[i] = mac1(tv[i], a, i - l >= 0 ? xv[i - l] : h[FW + i - l]);
        }
    }
}

__device__ __forceinline__ unsigned long long ld_relaxed64(const unsigned long long *p)
{
    unsigned long long v;
    asm volatile("ld.relaxed.gpu.global.u64 %0, [%1];" : "=l"(v) : "l"(p));
    return v;
}
__device__ __forceinline__ void st_relaxed64(unsigned long long *p, unsigned long long v)
{
    asm volatile("st.relaxed.gpu.global.u64 [%0], %1;" ::"l"(p), "l"(v) : "memory");
}

// k carries of chunk h as tagged words (see Params::carry_local)
template <class Acc, int KM>
__device__ __forceinline__ void put_carries(unsigned long long *arr, long long h, const Acc (&V)[KM],
                                            unsigned k, unsigned tag)
{
    constexpr int W = sizeof(Acc) / 4;
    unsigned long long *dst = arr + (size_t)h * k * W;
#pragma unroll
    for (int j = 0; j < KM; j++) {
        if (j >= (int)k)
            break;
        unsigned pieces[W];
        memcpy(pieces, &V[j], sizeof(Acc));
#pragma unroll
        for (int w = 0; w < W; w++)
            st_relaxed64(dst + j * W + w, ((unsigned long long)tag << 32) | pieces[w]);
    }
}

// carry j of chunk h; spins until every piece carries the tag (the first
// piece was seen tagged already, the others are in flight)
template <class Acc>
__device__ __forceinline__ Acc get_carry(const unsigned long long *arr, long long h, unsigned j,
                                         unsigned k, unsigned tag)
{
    constexpr int W = sizeof(Acc) / 4;
    const unsigned long long *src = arr + ((size_t)h * k + j) * W;
    unsigned pieces[W];
    for (;;) {
        bool ok = true;
#pragma unroll
        for (int w = 0; w < W; w++) {
            unsigned long long v = ld_relaxed64(src + w);
            ok &= (unsigned)(v >> 32) == tag;
            pieces[w] = (unsigned)v;
        }
        if (ok)
            break;
        __nanosleep(32);
    }
    Acc a;
    memcpy(&a, pieces, sizeof(Acc));
    return a;
}


// Phase 2, run by a look-back warp: from the chunk's local carries (sA,
// already published by the compute warps) look back for the carry-in, publish
// the global carries, leave the carry-in in sC.
template <class T, int KC, int BLK>
__device__ __forceinline__ void phase2(const Params<T> &P, long long g,
                                    const typename acc_of<T>::type *sA,
                                    typename acc_of<T>::type *sC, int lane)
{
    constexpr int KM = KC > 0 ? KC : 32;
    using Acc = typename acc_of<T>::type;
    constexpr int W = sizeof(Acc) / 4;
    const unsigned k = KC > 0 ? (unsigned)KC : P.k;
    Acc A[KM];
#pragma unroll
    for (int j = 0; j < KM; j++)
        A[j] = j < (int)k ? sA[j] : Acc(0);
    Acc C[KM];
    const unsigned tag = P.epoch;
    if (g == 0) {
#pragma unroll
        for (int j = 0; j < KM; j++)
            C[j] = (j < (int)k) ? (P.state_dev ? P.state_dev[j] : P.state[j]) : Acc(0);
    } else {
        // (the local carries were published by the compute warps)
        // Decoupled look-back. Lane l watches chunks top-l-32q, q < LBQ:
        // LBQ windows of 32 predecessors polled at once (one round trip).
        // The nearest chunk with *global* carries (window qg, lane d) is
        // usable when every chunk after it has published local carries;
        // then each lane loads its chunks' carries X and contributes
        // sum_q T^(32q+l) X_q; a warp reduction sums the lanes. This is
        // O(c k^2) in parallel instead of a chain of dependent merges.
        // If all LBQ windows are local the look-back moves on (up to
        // LB_WINDOWS windows, 1024 chunks), so a chunk never spins while
        // the global front is merely far behind.
        constexpr int LBQ = PLR_CUDA_LBQ;
        Acc acc[KM];
#pragma unroll
        for (int j = 0; j < KM; j++)
            acc[j] = Acc(0);
        long long top = (long long)g - 1;
        for (int wb = 0;; wb += LBQ) {
            int qg;
            unsigned d;
            // order 1 with one-word carries: the polled words are the carries
            // themselves, so no second round trip for the values
            unsigned vg[KC == 1 && W == 1 ? LBQ : 1], vl[KC == 1 && W == 1 ? LBQ : 1];
            // exact carries: the nearest global is almost always in the first
            // window or two, so poll few first and widen only if they fail
            int nq = P.exact ? 2 : LBQ;
            while (true) {
                // the first word of each chunk's global and local carries, all
                // loads issued before any is used (one round trip)
                unsigned long long gw[LBQ], lw[LBQ];
                constexpr bool ONEWORD = KC == 1 && W == 1; // the first word is the carry
#pragma unroll
                for (int q = 0; q < LBQ; q++) {
                    const long long h = top - lane - 32 * q;
                    const bool want = h >= 0 && q < nq;
                    gw[q] = want ? ld_relaxed64(P.carry_global + (size_t)h * k * W) : 0ull;
                    lw[q] = want ? ld_relaxed64(P.carry_local + (size_t)h * k * W) : 0ull;
                }
                // the nearest window holding a global chunk, decided while
                // the ballots come in
                bool ok = false, blocked = false;
                qg = LBQ;
                d = 32;
#pragma unroll
                for (int q = 0; q < LBQ; q++) {
                    const long long h = top - lane - 32 * q;
                    unsigned st = 0;
                    if (q >= nq)
                        st = 0; // not polled: counts as unpublished
                    else if (h >= 0)
                        st = (unsigned)(gw[q] >> 32) == tag   ? ST_GLOBAL
                             : (unsigned)(lw[q] >> 32) == tag ? ST_LOCAL
                                                              : 0u;
                    else if (h == -1)
                        st = ST_GLOBAL; // the initial state acts as chunk -1's carries
                    const unsigned gm = __ballot_sync(0xffffffffu, st == ST_GLOBAL);
                    const unsigned lm = __ballot_sync(0xffffffffu, st >= ST_LOCAL);
                    if (ONEWORD) {
                        vg[q] = (unsigned)gw[q];
                        vl[q] = (unsigned)lw[q];
                    }
                    if (blocked || qg < LBQ)
                        continue;
                    if (gm) {
                        unsigned dd = __ffs(gm) - 1;
                        unsigned need = dd ? (0xffffffffu >> (32 - dd)) : 0u;
                        qg = q;
                        d = dd;
                        ok = (lm & need) == need;
                    } else if (lm != 0xffffffffu) {
                        blocked = true; // a chunk here has not published yet
                    }
                }
                if (qg < LBQ) {
                    if (ok)
                        break;
                } else if (!blocked && wb + LBQ < LB_WINDOWS) {
                    break; // all LBQ windows local: look further back
                }
                if (nq < LBQ) {
                    nq = LBQ; // widen at once, no sleep
                    continue;
                }
                if (P.lb_sleep)
                    __nanosleep(P.lb_sleep);
            }
            // this lane's contribution T^(32wb) T^lane sum_q T^(32q) X_q, the
            // sum in Horner form from the farthest window in: one k x k
            // product per window with T^32, then T^lane and T^(32wb) once
            Acc V[KM];
#pragma unroll
            for (int j = 0; j < KM; j++)
                V[j] = Acc(0);
            const Acc *T32 = P.Tp + (size_t)32 * k * k;
            const int qlast = qg < LBQ ? qg : LBQ - 1;
            // Carries of several words (orders above 1, f32 carries in double,
            // 8-byte types): the values of GQ windows are loaded at once, one
            // round trip per GQ windows instead of one per window; GQ keeps
            // the loaded words at PLR_CUDA_LBW (more spill the poll's
            // registers). A chain's nearest global carries are typically a
            // round of resident chunks back, 8 or more windows: before, as
            // many dependent round trips.
            constexpr int KW = (KC > 0 ? KC : 1) * W;
            constexpr int GQ = PLR_CUDA_LBW / KW > 0 ? PLR_CUDA_LBW / KW : 1;
            // Not for f32 orders >= 2: their stable filters have exact carries
            // (no look-back values at all) and the batch's registers made
            // those kernels spill (biquad 77 -> 67% of copy, H100).
            constexpr bool BATCHED = KC > 0 && !(KC == 1 && W == 1) && KW <= PLR_CUDA_LBW &&
                                     !(std::is_same<T, float>::value && KC >= 2);
            if (BATCHED && !P.lb_window) {
#pragma unroll 1
                for (int q0 = qlast; q0 >= 0; q0 -= GQ) {
                    unsigned long long raw[GQ][KM][W];
#pragma unroll
                    for (int gq = 0; gq < GQ; gq++) {
                        const int q = q0 - gq;
                        const long long h = top - lane - 32 * q;
                        const unsigned lim = q < qg ? 32u : d;
                        const bool use = q >= 0 && !(q == qg && (unsigned)lane > d) && h >= 0;
                        const unsigned long long *arr =
                            (unsigned)lane < lim ? P.carry_local : P.carry_global;
#pragma unroll
                        for (int j = 0; j < KM; j++)
#pragma unroll
                            for (int w = 0; w < W; w++)
                                raw[gq][j][w] = use && j < (int)k
                                                    ? ld_relaxed64(arr + ((size_t)h * k + j) * W + w)
                                                    : 0ull;
                    }
#pragma unroll
                    for (int gq = 0; gq < GQ; gq++) {
                        const int q = q0 - gq;
                        if (q < 0)
                            break;
                        if (q != qlast)
                            matvec<Acc, KM>(V, T32, V, k, P.ones); // V = T^32 V
                        const long long h = top - lane - 32 * q;
                        const unsigned lim = q < qg ? 32u : d;
                        if (q == qg && (unsigned)lane > d)
                            continue;
#pragma unroll
                        for (int j = 0; j < KM; j++) {
                            if (j >= (int)k)
                                break;
                            Acc v;
                            if (h < 0) {
                                v = Acc(P.state_dev ? P.state_dev[j] : P.state[j]);
                            } else {
                                bool ok = true;
                                unsigned pieces[W];
#pragma unroll
                                for (int w = 0; w < W; w++) {
                                    ok &= (unsigned)(raw[gq][j][w] >> 32) == tag;
                                    pieces[w] = (unsigned)raw[gq][j][w];
                                }
                                if (ok) // else a later piece is still in flight: wait for it
                                    memcpy(&v, pieces, sizeof v);
                                else
                                    v = get_carry<Acc>((unsigned)lane < lim ? P.carry_local : P.carry_global,
                                                       h, j, k, tag);
                            }
                            V[j] += v;
                        }
                    }
                }
            } else
#pragma unroll 1
            for (int q = qlast; q >= 0; q--) {
                if (q != qlast)
                    matvec<Acc, KM>(V, T32, V, k, P.ones); // V = T^32 V
                const long long h = top - lane - 32 * q;
                const unsigned lim = q < qg ? 32u : d; // lanes below lim: local
                if (q == qg && (unsigned)lane > d)
                    continue;
#pragma unroll
                for (int j = 0; j < KM; j++) {
                    Acc v = Acc(0);
                    if (j < (int)k) {
                        if constexpr (KC == 1 && W == 1) {
                            unsigned u = 0;
#pragma unroll
                            for (int qq = 0; qq < LBQ; qq++)
                                if (qq == q)
                                    u = (unsigned)lane < lim ? vl[qq] : vg[qq];
                            if (h < 0 && (unsigned)lane >= lim)
                                v = Acc(P.state_dev ? P.state_dev[j] : P.state[j]);
                            else
                                memcpy(&v, &u, sizeof v);
                        } else if ((unsigned)lane < lim)
                            v = get_carry<Acc>(P.carry_local, h, j, k, tag);
                        else
                            v = h < 0 ? Acc(P.state_dev ? P.state_dev[j] : P.state[j])
                                      : get_carry<Acc>(P.carry_global, h, j, k, tag);
                    }
                    V[j] += v;
                }
            }
            {
                // V = T^(32wb) T^lane V
                matvec<Acc, KM>(V, P.Tp + (size_t)lane * k * k, V, k, P.ones);
                matvec<Acc, KM>(V, P.Tbig + (size_t)wb * k * k, V, k, P.ones);
            }
#pragma unroll
            for (int o = 16; o > 0; o >>= 1) {
#pragma unroll
                for (int j = 0; j < KM; j++)
                    if (j < (int)k)
                        V[j] += __shfl_xor_sync(0xffffffffu, V[j], o);
            }
#pragma unroll
            for (int j = 0; j < KM; j++)
                acc[j] += V[j];
            if (qg < LBQ)
                break;
            top -= 32 * LBQ;
        }
#pragma unroll
        for (int j = 0; j < KM; j++)
            C[j] = acc[j];
    }
    if (g == 0 || !P.exact || (P.cout && g == (long long)P.nchunks - 1)) {
        Acc Gl[KM];
#pragma unroll
        for (int j = 0; j < KM; j++)
            Gl[j] = A[j];
        merge<Acc, KM>(Gl, C, P.G, k, BLK, BLK + 1, P.ones);
        if (lane == 0) {
            if (g == 0 || !P.exact)
                put_carries<Acc, KM>(P.carry_global, g, Gl, k, tag);
            if (P.cout && g == (long long)P.nchunks - 1)
                for (unsigned j = 0; j < k; j++)
                    P.cout[j] = T(Gl[j]);
        }
    }
    if (lane == 0) {
#pragma unroll
        for (int j = 0; j < KM; j++)
            sC[j] = C[j];
    }
}

// Named barriers. 0 is __syncthreads (setup only); 1 joins the compute
// warps; BAR_A + i hands chunk i's local carries to its look-back warp and
// BAR_C + i hands its carry-in back, i = the block's chunk count mod NPAR.
// NPAR = 2 * DEPTH ids each, so that a barrier is never re-armed before its
// previous phase completed: the compute warps arrive at BAR_A for chunk
// i + NPAR in step i + NPAR, after waiting in step i + DEPTH at BAR_C for
// chunk i, where the look-back warp arrives only after its wait at BAR_A
// for chunk i; and BAR_C for chunk i + NPAR is armed only after that BAR_A.
constexpr int NPAR = 2 * DEPTH;
constexpr int BAR_COMPUTE = 1, BAR_A = 2, BAR_C = 2 + NPAR;
static_assert(BAR_C + NPAR <= 16, "named barriers");
// threads of a block: BLK compute threads + the look-back warps
inline int threads_for(int cc_major, int blk) { return blk + 32 * depth_for(cc_major); }

__device__ __forceinline__ void bar_sync(int id, int count)
{
    asm volatile("bar.sync %0, %1;" ::"r"(id), "r"(count) : "memory");
}
__device__ __forceinline__ void bar_arrive(int id, int count)
{
    asm volatile("bar.arrive %0, %1;" ::"r"(id), "r"(count) : "memory");
}


// KC: the order when specialized (1..8), 0 for the general path (k <= 32
// at run time; its arrays live in local memory, which is slower but right).
//
// Warp roles. Warps 0..NWARPS-1 compute: for the block's chunk i they run
// Phase 1 (local solve and the in-block merges), hand the chunk's local
// carries to a look-back warp, and only then finish chunk i-DEPTH with the
// carry-in a look-back warp has found for it meanwhile. The DEPTH look-back
// warps (the last ones) run Phase 2, look-back warp w for chunks w, w+DEPTH,
// ... So the look-back's memory round trips overlap DEPTH chunks of
// computation instead of stalling the block, which (profiled on an H200) is
// where three quarters of the time went before.
// Low orders are held to the registers of PLR_CUDA_MINB blocks per SM: orders
// 1-3, and order 4 of 4-byte types (f32 order 4: 31 -> 34% of copy, H100, 2^30,
// spilling 32 bytes; orders 5-8 spill 80-860 bytes and lose: 7-stage low-pass
// 16 -> 13%). (Blocks of 512 compute threads fill an SM alone: no minimum to keep.)
#ifndef PLR_CUDA_MINB_MAXK
#define PLR_CUDA_MINB_MAXK 3 // orders held to PLR_CUDA_MINB blocks per SM
#endif
#ifndef PLR_CUDA_MINB_MAXK4
#define PLR_CUDA_MINB_MAXK4 4 // the same for 4-byte types
#endif
#define PLR_KERNEL_BOUNDS                                                                          \
    __launch_bounds__(BLK + 32 * DEPTH,                                                            \
                      (BLK <= 256 && KC >= 1 &&                                                    \
                       (KC <= PLR_CUDA_MINB_MAXK || (sizeof(T) == 4 && KC <= PLR_CUDA_MINB_MAXK4)))  \
                          ? PLR_CUDA_MINB                                                          \
                          : 1)
template <class T, int KC, int ITEMS, int BLK, int FW>
__global__ void PLR_KERNEL_BOUNDS plr_kernel(const __grid_constant__ Params<T> P)
{
    constexpr int KM = KC > 0 ? KC : 32;
    constexpr int NWARPS = BLK / 32, ROWS = BLK + 1;
    constexpr int HANDOFF = BLK + 32; // threads at a BAR_A: compute + one look-back warp
    using Acc = typename acc_of<T>::type;
    using SG = StageGeom<T, ITEMS, BLK>;
    constexpr long long M = SG::M;
    constexpr int U = SG::U, PER = SG::PER;
    const unsigned k = KC > 0 ? (unsigned)KC : P.k;

    __shared__ Acc s_warp[NWARPS][KM];
    __shared__ Acc s_A[NPAR][KM]; // by the block's chunk count mod NPAR
    __shared__ Acc s_C[NPAR][KM];
    __shared__ T s_halo[STAGES][32];
    __shared__ T s_whalo[STAGES][NWARPS * (FW > 0 ? FW : 1)]; // the register path's halos
    extern __shared__ __align__(16) unsigned char s_dyn[];

    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    // Block b owns chunks b, b + G, b + 2G, ... (G blocks, all resident: the
    // launch is cooperative). Knowing its chunks in advance is what lets a
    // block prefetch STAGES of them; taking ids from a counter instead would
    // hand one block consecutive chunks, which then wait on each other.
    const long long G = gridDim.x;
    const long long nchunks = (long long)P.nchunks;
    const long long mine = (nchunks - (long long)blockIdx.x + G - 1) / G; // >= 1: grid <= nchunks
    const int cdep = (int)(P.ndep * 32 + 32); // threads at a carry-in barrier

    if (warp >= NWARPS) {
        // ---- a look-back warp: Phase 2 for every DEPTH-th chunk of the block
        for (long long i = warp - NWARPS; i < mine; i += DEPTH) {
            const int par = (int)(i % NPAR);
            bar_sync(BAR_A + par, HANDOFF);
            phase2<T, KC, BLK>(P, blockIdx.x + i * G, s_A[par], s_C[par], lane);
            __syncwarp();
            bar_arrive(BAR_C + par, cdep);
        }
    } else {
        for (int s = 0; s < STAGES; s++) {
            const long long g = blockIdx.x + s * G;
            stage_load<T, ITEMS, BLK, FW>(P, s_dyn + s * SG::BYTES, s_halo[s], s_whalo[s],
                                          g < nchunks ? g : -1, warp, lane);
        }

        const unsigned p = P.p;
        const long long my0 = (long long)tid * ITEMS; // offset of this thread's span
        // Xq[d]: carries of this thread's span in the chunk d+1 before the
        // current one, from a zero carry-in
        Acc Xq[DEPTH][KM];
        for (long long i = 0; i < mine + DEPTH; i++) {
            Acc X[KM] = {}; // this chunk's, joining the queue at the end of the step
            if (i < mine) {
                const long long g = blockIdx.x + i * G;
                const int s = (int)(i % STAGES), par = (int)(i % NPAR);
                unsigned char *buf = s_dyn + s * SG::BYTES;
                const long long base = g * M;
                const long long len = (long long)P.n - base < M ? (long long)P.n - base : M;

                // chunk i's stage: groups committed so far are STAGES plus one
                // refill per finished chunk (all but the last DEPTH), so at
                // most STAGES-1-DEPTH newer ones may still be in flight
                cp_async_wait<STAGES - 1 - DEPTH>();
                __syncwarp();
                T *const halo = s_halo[s];
                if (FW == 0 && p) {
                    // In place with FIR history: our last p inputs are needed by
                    // the next chunk, which may run after we overwrite them; park.
                    const bool park = P.halo_from_aux && len == M;
                    bar_sync(BAR_COMPUTE, BLK); // every warp's part has landed (the FIR
                                                  // taps and the parked tail read them)
                    if (park) {
                        if (tid < (int)p)
                            __stcg(P.halo + g * p + tid, stage_at<T, ITEMS>(buf, M - p + tid));
                        __threadfence();
                    }
                    if (tid < (int)p) {
                        long long gi = base - (long long)p + tid;
                        T v;
                        if (gi < 0) {
                            v = P.xhist_dev ? P.xhist_dev[gi + p] : P.xhist[gi + p];
                        } else if (P.halo_from_aux) {
                            const unsigned want = (P.epoch << 2) | ST_HALO;
                            const unsigned *fl = P.flags + (g - 1);
                            while (true) {
                                unsigned f = ld_acquire(fl);
                                if ((f >> 2) == P.epoch && f >= want)
                                    break;
                                __nanosleep(20);
                            }
                            v = __ldcg(P.halo + (g - 1) * p + tid);
                        } else {
                            v = halo[tid]; // prefetched with the stage
                        }
                        halo[tid] = v;
                    }
                    bar_sync(BAR_COMPUTE, BLK); // the halo is in place
                    if (park && tid == 0)
                        st_release(P.flags + g, (P.epoch << 2) | ST_HALO);
                }

                // ---- Phase 1: thread summaries, merged in the warp, then across warps
                Acc w[KM];
                {
                    T wt[KM];
#pragma unroll
                    for (int j = 0; j < KM; j++)
                        wt[j] = T(0);
                    T tv[ITEMS];
                    if constexpr (FW > 0)
                        input_terms_reg<T, ITEMS, FW>(tv, buf, s_whalo[s] + warp * FW, P, tid);
                    else
                        input_terms<T, ITEMS>(tv, buf, halo, P, tid);
                    solve<T, KM, ITEMS>(wt, tv, P, k, nullptr);
#pragma unroll
                    for (int j = 0; j < KM; j++)
                        w[j] = Acc(wt[j]);
                }
#pragma unroll
                for (int d = 1; d < 32; d <<= 1) {
                    Acc pv[KM];
#pragma unroll
                    for (int j = 0; j < KM; j++)
                        pv[j] = shfl_up(w[j], d);
                    if (lane >= d)
                        merge<Acc, KM>(w, pv, P.G, k, d, ROWS, P.ones);
                }
#pragma unroll
                for (int j = 0; j < KM; j++) { // exclusive: the lanes before this one
                    Acc v = shfl_up(w[j], 1);
                    X[j] = lane ? v : Acc(0);
                }
                if (lane == 31) {
#pragma unroll
                    for (int j = 0; j < KM; j++)
                        s_warp[warp][j] = w[j];
                }
                bar_sync(BAR_COMPUTE, BLK);
                if (warp == 0) {
                    Acc a[KM];
#pragma unroll
                    for (int j = 0; j < KM; j++)
                        a[j] = lane < NWARPS ? s_warp[lane][j] : Acc(0);
#pragma unroll
                    for (int d = 1; d < NWARPS; d <<= 1) {
                        Acc pv[KM];
#pragma unroll
                        for (int j = 0; j < KM; j++)
                            pv[j] = shfl_up(a[j], d);
                        if (lane >= d && lane < NWARPS)
                            merge<Acc, KM>(a, pv, P.G, k, d * 32, ROWS, P.ones);
                    }
                    Acc e[KM], A[KM];
#pragma unroll
                    for (int j = 0; j < KM; j++) {
                        Acc v = shfl_up(a[j], 1);
                        e[j] = lane ? v : Acc(0);
                        // the chunk's summary, its local carries, for the look-back warp
                        A[j] = shfl(a[j], NWARPS - 1);
                    }
                    if (lane == 0) {
#pragma unroll
                        for (int j = 0; j < KM; j++)
                            s_A[par][j] = A[j];
                        // published here rather than by the look-back warp, which
                        // may still be busy with an earlier chunk: successors
                        // must not wait for that. Exact carries go out as global.
                        if (g != 0)
                            put_carries<Acc, KM>(P.exact ? P.carry_global : P.carry_local, g, A, k,
                                                 P.epoch);
                    }
                    __syncwarp();
                    if (lane < NWARPS) {
#pragma unroll
                        for (int j = 0; j < KM; j++)
                            s_warp[lane][j] = e[j];
                    }
                }
                bar_sync(BAR_COMPUTE, BLK);
                {
                    Acc E[KM];
#pragma unroll
                    for (int j = 0; j < KM; j++)
                        E[j] = s_warp[warp][j];
                    merge<Acc, KM>(X, E, P.G, k, lane, ROWS, P.ones);
                }
                bar_arrive(BAR_A + par, HANDOFF);
            }

            if (i >= DEPTH) {
                // ---- finish chunk i - DEPTH, whose carry-in is known by now
                const long long ip = i - DEPTH;
                const long long gp = blockIdx.x + ip * G;
                const int sp = (int)(ip % STAGES), pp = (int)(ip % NPAR);
                unsigned char *buf = s_dyn + sp * SG::BYTES;
                const long long base = gp * M;
                const long long len = (long long)P.n - base < M ? (long long)P.n - base : M;
                const long long avail = len - my0;
                Acc Xp[KM];
#pragma unroll
                for (int j = 0; j < KM; j++)
                    Xp[j] = Xq[DEPTH - 1][j];
                if (warp < (int)P.ndep) {
                    // only the warps the carry-in can reach wait for it
                    bar_sync(BAR_C + pp, cdep);
                    Acc C[KM];
#pragma unroll
                    for (int j = 0; j < KM; j++)
                        C[j] = s_C[pp][j];
                    merge<Acc, KM>(Xp, C, P.G, k, tid, ROWS, P.ones);
                }
                // The final pass runs in T, from the carries rounded once: each
                // value then takes at most k+1 roundings plus the carry's, as
                // in the serial loop, within the documented bound (running it
                // in double for f32 cost two conversions per element).
                T yv[ITEMS];
                {
                    // the input terms again, from the stage: keeping them in
                    // registers for a chunk would cost a block per SM
                    T tv[ITEMS], wt[KM];
                    if constexpr (FW > 0)
                        input_terms_reg<T, ITEMS, FW>(tv, buf, s_whalo[sp] + warp * FW, P, tid);
                    else
                        input_terms<T, ITEMS>(tv, buf, s_halo[sp], P, tid);
#pragma unroll
                    for (int j = 0; j < KM; j++)
                        wt[j] = T(Xp[j]);
                    solve<T, KM, ITEMS>(wt, tv, P, k, yv);
                }
                if (FW == 0 && p)
                    bar_sync(BAR_COMPUTE, BLK); // FIR taps read other warps' parts
                else
                    __syncwarp();
                if (P.vec && len == M) {
                    // back through the stage (where x was) so the warp writes its
                    // region with coalesced 16-byte stores
#pragma unroll
                    for (int q = 0; q < U; q++) {
                        uint4 v;
                        T *e = reinterpret_cast<T *>(&v);
#pragma unroll
                        for (int z = 0; z < PER; z++)
                            e[z] = yv[q * PER + z];
                        *reinterpret_cast<uint4 *>(buf + swz<U>(tid * U + q) * 16) = v;
                    }
                    __syncwarp();
                    uint4 *dst = reinterpret_cast<uint4 *>(P.y + base);
#pragma unroll
                    for (int q = 0; q < U; q++) {
                        const int u = warp * 32 * U + lane + 32 * q;
                        dst[u] = *reinterpret_cast<const uint4 *>(buf + swz<U>(u) * 16);
                    }
                } else {
                    store_items<T, ITEMS>(yv, P.y + base + my0, avail);
                }
                if (P.cout && gp == nchunks - 1 && tid < (int)p && len >= (long long)p) {
                    // the next piece's FIR history: our last p inputs, re-read rather
                    // than kept in registers (x is not y here)
                    P.cout[k + tid] = P.x[base + len - p + tid];
                }
                __syncwarp(); // the warp's stage reads are done: refill it
                const long long refill = gp + STAGES * G;
                stage_load<T, ITEMS, BLK, FW>(P, buf, s_halo[sp], s_whalo[sp], refill < nchunks ? refill : -1,
                                              warp, lane);
            }
#pragma unroll
            for (int d = DEPTH - 1; d >= 0; d--)
#pragma unroll
                for (int j = 0; j < KM; j++)
                    Xq[d][j] = d ? Xq[d - 1][j] : X[j];
        }
        cp_async_wait<0>();
    }
}

// The kernel for order k with BLK compute threads: specialized for orders
// KMIN..8 (plr_kernels.h's MAX_SPEC_K), the general path (ITEMS_GEN items)
// for any other k when WITH_GENERAL, else nullptr. One table for the
// per-type instantiation files.
template <class T, int ITEMS, int BLK, int KMIN, bool WITH_GENERAL, int ITEMS_GEN, int FW = 0>
const void *kernel_table(unsigned k)
{
#define PLR_KERNEL_CASE(K)                                                                         \
    case K:                                                                                        \
        if constexpr (K >= KMIN)                                                                   \
            return reinterpret_cast<const void *>(&plr_kernel<T, K, ITEMS, BLK, FW>);              \
        else                                                                                       \
            return nullptr;
    switch (k) {
        PLR_KERNEL_CASE(1)
        PLR_KERNEL_CASE(2)
        PLR_KERNEL_CASE(3)
        PLR_KERNEL_CASE(4)
        PLR_KERNEL_CASE(5)
        PLR_KERNEL_CASE(6)
        PLR_KERNEL_CASE(7)
        PLR_KERNEL_CASE(8)
    default:
        if constexpr (WITH_GENERAL && FW == 0)
            return reinterpret_cast<const void *>(&plr_kernel<T, 0, ITEMS_GEN, BLK, 0>);
        else
            return nullptr;
    }
#undef PLR_KERNEL_CASE
}

// The serial loop on one GPU thread, for data in device memory whose
// signature the parallel kernel declines (float factors that overflow or
// grow too fast to merge within the documented bound): device memory has
// no CPU to fall back to, and this computes exactly what the serial loop
// does, only slowly. The last p inputs are kept in a ring so that in-place
// calls read x before it is overwritten.
// acc + f*c rounded twice, as the serial C loop (built without contraction)
// computes it, so this path gives the CPU serial backend's exact bits.
template <class T> __device__ __forceinline__ T add_mul_rn(T acc, T f, T c)
{
    if constexpr (std::is_same<T, float>::value)
        return f != 0.0f ? __fadd_rn(acc, __fmul_rn(f, c)) : acc;
    else if constexpr (std::is_same<T, double>::value)
        return f != 0.0 ? __dadd_rn(acc, __dmul_rn(f, c)) : acc;
    else
        return acc + f * c;
}
template <class T> __device__ __forceinline__ T mul_rn(T f, T c)
{
    if constexpr (std::is_same<T, float>::value)
        return __fmul_rn(f, c);
    else if constexpr (std::is_same<T, double>::value)
        return __dmul_rn(f, c);
    else
        return f * c;
}

template <class T> __global__ void plr_serial_kernel(const __grid_constant__ Params<T> P)
{
    if (threadIdx.x != 0 || blockIdx.x != 0)
        return;
    constexpr int RING = 64; // > PLR max FIR history (32), a power of two
    T xr[RING];
    for (unsigned long long i = 0; i < P.n; i++) {
        xr[i % RING] = P.x[i];
        T acc = T(0);
        for (unsigned q = 0; q < P.na; q++) {
            long long li = (long long)i - P.alag[q];
            T xv = li >= 0 ? xr[li % RING] : P.xhist[li + P.p];
            acc = q == 0 ? mul_rn(P.acoef[q], xv) : add_mul_rn(acc, P.acoef[q], xv);
        }
        for (unsigned j = 0; j < P.k; j++) {
            long long li = (long long)i - 1 - j;
            T yv = li >= 0 ? P.y[li] : P.state[-1 - li];
            acc = add_mul_rn(acc, P.b[j], yv);
        }
        P.y[i] = acc;
    }
}

} // namespace plrk
