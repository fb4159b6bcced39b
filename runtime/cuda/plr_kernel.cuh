// Single-pass PLR kernel (Maleki & Burtscher, ASPLOS'18, sections 2-3).
//
// One block per chunk of M = BLOCK*ITEMS elements, chunk ids from an atomic
// counter so that every chunk a block waits for is already running. Per
// chunk: read x once, apply the FIR taps, solve each thread's ITEMS
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
// t = 0..BLOCK, occur, so the host passes exactly those factors as rows
// G[(j*k + r)*(BLOCK+1) + t] derived from the shared factor table.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <cuda_runtime.h>

namespace plrk {

#ifndef PLR_CUDA_BLOCK
#define PLR_CUDA_BLOCK 256
#endif
constexpr int BLOCK = PLR_CUDA_BLOCK;
constexpr int NWARPS = BLOCK / 32;
constexpr int ROWS = BLOCK + 1;
constexpr unsigned ST_HALO = 1, ST_LOCAL = 2, ST_GLOBAL = 3;
constexpr unsigned EPOCH_MASK = 0x3fffffffu;
constexpr int LB_WINDOWS = 32; // look-back reaches at most 32*32 chunks

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
    Acc *carry_local;
    Acc *carry_global;
    T *halo;
    unsigned *counters;
    unsigned long long start; // chunk ids handed out by earlier launches
    const Acc *Tp;   // T^l, l = 0..32: carries through l whole chunks
    const Acc *Tbig; // T^(32w), w = 0..LB_WINDOWS-1
    unsigned epoch;
    unsigned exact;        // a chunk's local carries are already its global ones
    unsigned ndep;         // warps [0, ndep) depend on the chunk's carry-in
    unsigned vec;          // x and y 16-byte aligned
    unsigned halo_from_aux; // in place with FIR history: predecessor x tail from aux
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

// S[r] += sum_j G(j, r, row) * P[j]
template <class T, int KM>
__device__ __forceinline__ void merge(T (&S)[KM], const T (&P)[KM], const T *__restrict__ G,
                                     unsigned k, int row)
{
#pragma unroll(KM <= 8 ? KM : 1)
    for (int r = 0; r < KM; r++) {
        if (r >= (int)k)
            break;
        T acc = S[r];
#pragma unroll(KM <= 8 ? KM : 1)
        for (int j = 0; j < KM; j++) {
            if (j >= (int)k)
                break;
            acc = mac(acc, __ldg(G + ((size_t)j * k + r) * ROWS + row), P[j]);
        }
        S[r] = acc;
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
        V v = t[i];
#pragma unroll(KM <= 8 ? KM : 1)
        for (int j = 0; j < KM; j++) {
            if (j >= (int)k)
                break;
            v = mac(v, V(P.b[j]), w[j]);
        }
#pragma unroll(KM <= 8 ? KM : 1)
        for (int j = (KM <= 8 ? KM : (int)k) - 1; j > 0; j--)
            w[j] = w[j - 1];
        w[0] = v;
        if (out)
            out[i] = v;
    }
}

template <class T, int ITEMS> struct Vec {
    // 16-byte accesses when the whole span is in range and aligned
    static constexpr int PER = 16 / sizeof(T);
    static constexpr bool OK = ITEMS % PER == 0;
};

template <class T, int ITEMS>
__device__ __forceinline__ void load_items(T (&v)[ITEMS], const T *src, long long avail, bool vec)
{
    if constexpr (Vec<T, ITEMS>::OK) {
        if (vec && avail >= ITEMS) {
            const uint4 *s4 = reinterpret_cast<const uint4 *>(src);
#pragma unroll
            for (int q = 0; q < ITEMS / Vec<T, ITEMS>::PER; q++) {
                uint4 u = s4[q];
                const T *e = reinterpret_cast<const T *>(&u);
#pragma unroll
                for (int z = 0; z < Vec<T, ITEMS>::PER; z++)
                    v[q * Vec<T, ITEMS>::PER + z] = e[z];
            }
            return;
        }
    }
#pragma unroll
    for (int i = 0; i < ITEMS; i++)
        v[i] = i < avail ? src[i] : T(0);
}

template <class T, int ITEMS>
__device__ __forceinline__ void store_items(const T (&v)[ITEMS], T *dst, long long avail, bool vec)
{
    if constexpr (Vec<T, ITEMS>::OK) {
        if (vec && avail >= ITEMS) {
            uint4 *d4 = reinterpret_cast<uint4 *>(dst);
#pragma unroll
            for (int q = 0; q < ITEMS / Vec<T, ITEMS>::PER; q++) {
                uint4 u;
                T *e = reinterpret_cast<T *>(&u);
#pragma unroll
                for (int z = 0; z < Vec<T, ITEMS>::PER; z++)
                    e[z] = v[q * Vec<T, ITEMS>::PER + z];
                d4[q] = u;
            }
            return;
        }
    }
#pragma unroll
    for (int i = 0; i < ITEMS; i++)
        if (i < avail)
            dst[i] = v[i];
}

// KC: the order when specialized (1..8), 0 for the general path (k <= 32
// at run time; its arrays live in local memory, which is slower but right).
template <class T, int KC, int ITEMS>
// Low orders are capped at 48 registers (5 blocks per SM instead of 4: a
// few spilled bytes, ~5% faster on the H200, measured); higher orders would
// spill more. sm_75 holds at most 1024 threads per SM, so 4 there.
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
#define PLR_MINB_LOW 4
#else
#define PLR_MINB_LOW 5
#endif
__global__ void __launch_bounds__(BLOCK, (KC >= 1 && KC <= 3) ? PLR_MINB_LOW : 1) plr_kernel(const __grid_constant__ Params<T> P)
{
    constexpr int KM = KC > 0 ? KC : 32;
    using Acc = typename acc_of<T>::type;
    constexpr long long M = (long long)BLOCK * ITEMS;
    const unsigned k = KC > 0 ? (unsigned)KC : P.k;

    __shared__ unsigned long long s_chunk;
    __shared__ Acc s_warp[NWARPS][KM];
    __shared__ Acc s_C[KM];
    extern __shared__ __align__(16) unsigned char s_dyn[];

    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    if (tid == 0)
        s_chunk = atomicAdd(reinterpret_cast<unsigned long long *>(P.counters), 1ull) - P.start;
    __syncthreads();
    const unsigned long long g = s_chunk;
    const long long base = (long long)g * M;
    const long long len = (long long)P.n - base < M ? (long long)P.n - base : M;
    const long long my0 = (long long)tid * ITEMS; // offset of this thread's span
    const long long avail = len - my0;
    const bool vec = P.vec != 0;

    T xv[ITEMS];
    load_items<T, ITEMS>(xv, P.x + base + my0, avail, vec);

    const unsigned p = P.p;
    // In place with FIR history: our last p inputs are needed by the next
    // chunk, which may run after we overwrite them; park them in aux first.
    if (P.halo_from_aux && p && len == M) {
#pragma unroll
        for (int i = 0; i < ITEMS; i++) {
            long long pos = my0 + i;
            if (pos >= M - p)
                __stcg(P.halo + g * p + (pos - (M - p)), xv[i]);
        }
        __threadfence();
        __syncthreads();
        if (tid == 0)
            st_release(P.flags + g, (P.epoch << 2) | ST_HALO);
    }

    T tv[ITEMS];
    if (p == 0) {
        // only a lag-0 tap can exist
        if (P.na) {
#pragma unroll
            for (int i = 0; i < ITEMS; i++)
                tv[i] = P.acoef[0] * xv[i];
        } else {
#pragma unroll
            for (int i = 0; i < ITEMS; i++)
                tv[i] = T(0);
        }
    } else {
        T *tile = reinterpret_cast<T *>(s_dyn); // tile[p + i] = x[base + i]
#pragma unroll
        for (int i = 0; i < ITEMS; i++)
            tile[p + my0 + i] = xv[i];
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
                v = P.x[gi];
            }
            tile[tid] = v;
        }
        __syncthreads();
#pragma unroll
        for (int i = 0; i < ITEMS; i++) {
            T acc = T(0);
            for (unsigned q = 0; q < P.na; q++)
                acc = mac(acc, P.acoef[q], tile[p + my0 + i - P.alag[q]]);
            tv[i] = acc;
        }
    }

    // ---- Phase 1: thread summaries, merged in the warp, then across warps
    Acc w[KM];
    {
        T wt[KM];
#pragma unroll
        for (int j = 0; j < KM; j++)
            wt[j] = T(0);
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
            merge<Acc, KM>(w, pv, P.G, k, d);
    }
    Acc ex[KM]; // exclusive summary of the lanes before this one
#pragma unroll
    for (int j = 0; j < KM; j++) {
        Acc v = shfl_up(w[j], 1);
        ex[j] = lane ? v : Acc(0);
    }
    if (lane == 31) {
#pragma unroll
        for (int j = 0; j < KM; j++)
            s_warp[warp][j] = w[j];
    }
    __syncthreads();

    Acc A[KM]; // chunk summary (its local carries), valid in warp 0
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
                merge<Acc, KM>(a, pv, P.G, k, d * 32);
        }
        Acc e[KM];
#pragma unroll
        for (int j = 0; j < KM; j++) {
            Acc v = shfl_up(a[j], 1);
            e[j] = lane ? v : Acc(0);
            A[j] = shfl(a[j], NWARPS - 1);
        }
        __syncwarp();
        if (lane < NWARPS) {
#pragma unroll
            for (int j = 0; j < KM; j++)
                s_warp[lane][j] = e[j];
        }
    }
    __syncthreads();

    // this thread's carries if the chunk's carry-in were zero
    Acc X[KM];
#pragma unroll
    for (int j = 0; j < KM; j++)
        X[j] = ex[j];
    {
        Acc E[KM];
#pragma unroll
        for (int j = 0; j < KM; j++)
            E[j] = s_warp[warp][j];
        merge<Acc, KM>(X, E, P.G, k, lane);
    }

    // ---- Phase 2: publish, look back, publish global carries
    if (warp == 0) {
        Acc C[KM];
        const unsigned tag = P.epoch << 2;
        if (g == 0) {
#pragma unroll
            for (int j = 0; j < KM; j++)
                C[j] = (j < (int)k) ? (P.state_dev ? P.state_dev[j] : P.state[j]) : Acc(0);
        } else {
            if (lane == 0) {
                Acc *dst = P.exact ? P.carry_global : P.carry_local;
                for (unsigned j = 0; j < k; j++)
                    __stcg(dst + g * k + j, A[j]);
                st_release(P.flags + g, tag | (P.exact ? ST_GLOBAL : ST_LOCAL));
            }
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
            constexpr int LBQ = 4;
            Acc acc[KM];
#pragma unroll
            for (int j = 0; j < KM; j++)
                acc[j] = Acc(0);
            long long top = (long long)g - 1;
            for (int wb = 0;; wb += LBQ) {
                int qg;
                unsigned d;
                while (true) {
                    unsigned gmq[LBQ], lmq[LBQ];
#pragma unroll
                    for (int q = 0; q < LBQ; q++) {
                        const long long h = top - lane - 32 * q;
                        unsigned st = 0;
                        if (h >= 0) {
                            unsigned f = ld_acquire(P.flags + h);
                            st = (f >> 2) == P.epoch ? (f & 3u) : 0u;
                        } else if (h == -1) {
                            st = ST_GLOBAL; // the initial state acts as chunk -1's carries
                        }
                        gmq[q] = __ballot_sync(0xffffffffu, st == ST_GLOBAL);
                        lmq[q] = __ballot_sync(0xffffffffu, st >= ST_LOCAL);
                    }
                    bool ok = false, blocked = false;
                    qg = LBQ;
                    d = 32;
#pragma unroll
                    for (int q = 0; q < LBQ; q++) {
                        if (blocked || qg < LBQ)
                            continue;
                        if (gmq[q]) {
                            unsigned dd = __ffs(gmq[q]) - 1;
                            unsigned need = dd ? (0xffffffffu >> (32 - dd)) : 0u;
                            qg = q;
                            d = dd;
                            ok = (lmq[q] & need) == need;
                        } else if (lmq[q] != 0xffffffffu) {
                            blocked = true; // a chunk here has not published yet
                        }
                    }
                    if (qg < LBQ) {
                        if (ok)
                            break;
                    } else if (!blocked && wb + LBQ < LB_WINDOWS) {
                        break; // all LBQ windows local: look further back
                    }
                    __nanosleep(64);
                }
                // this lane's contribution: sum_q T^(32(wb+q)) T^lane X_q
                Acc V[KM];
#pragma unroll
                for (int j = 0; j < KM; j++)
                    V[j] = Acc(0);
                const Acc *Tl = P.Tp + (size_t)lane * k * k;
#pragma unroll
                for (int q = 0; q < LBQ; q++) {
                    if (q > qg)
                        break;
                    const long long h = top - lane - 32 * q;
                    const unsigned lim = q < qg ? 32u : d; // lanes below lim: local
                    if (q == qg && (unsigned)lane > d)
                        continue;
                    Acc X[KM];
#pragma unroll
                    for (int j = 0; j < KM; j++) {
                        Acc v = Acc(0);
                        if (j < (int)k) {
                            if ((unsigned)lane < lim)
                                v = __ldcg(P.carry_local + h * k + j);
                            else
                                v = h < 0 ? Acc(P.state_dev ? P.state_dev[j] : P.state[j])
                                          : __ldcg(P.carry_global + h * k + j);
                        }
                        X[j] = v;
                    }
                    Acc Y[KM];
#pragma unroll(KM <= 8 ? KM : 1)
                    for (int r = 0; r < KM; r++) {
                        if (r >= (int)k)
                            break;
                        Acc sum = Acc(0);
#pragma unroll(KM <= 8 ? KM : 1)
                        for (int j = 0; j < KM; j++) {
                            if (j >= (int)k)
                                break;
                            sum = mac(sum, __ldg(Tl + r * k + j), X[j]);
                        }
                        Y[r] = sum;
                    }
                    const Acc *Tw = P.Tbig + (size_t)(wb + q) * k * k;
#pragma unroll(KM <= 8 ? KM : 1)
                    for (int r = 0; r < KM; r++) {
                        if (r >= (int)k)
                            break;
                        Acc sum = V[r];
#pragma unroll(KM <= 8 ? KM : 1)
                        for (int j = 0; j < KM; j++) {
                            if (j >= (int)k)
                                break;
                            sum = mac(sum, __ldg(Tw + r * k + j), Y[j]);
                        }
                        V[r] = sum;
                    }
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
        if (g == 0 || !P.exact || (P.cout && g == P.nchunks - 1)) {
            Acc Gl[KM];
#pragma unroll
            for (int j = 0; j < KM; j++)
                Gl[j] = A[j];
            merge<Acc, KM>(Gl, C, P.G, k, BLOCK);
            if (lane == 0) {
                if (g == 0 || !P.exact) {
                    for (unsigned j = 0; j < k; j++)
                        __stcg(P.carry_global + g * k + j, Gl[j]);
                    st_release(P.flags + g, tag | ST_GLOBAL);
                }
                if (P.cout && g == P.nchunks - 1)
                    for (unsigned j = 0; j < k; j++)
                        P.cout[j] = T(Gl[j]);
            }
        }
        if (lane == 0) {
#pragma unroll
            for (int j = 0; j < KM; j++)
                s_C[j] = C[j];
        }
    }
    if (warp < (int)P.ndep) {
        // only the warps the carry-in can reach wait for the look-back
        asm volatile("bar.sync 1, %0;" ::"r"(P.ndep * 32) : "memory");
        Acc C[KM];
#pragma unroll
        for (int j = 0; j < KM; j++)
            C[j] = s_C[j];
        merge<Acc, KM>(X, C, P.G, k, tid);
    }

    // The final pass runs in Acc: for f32 each output is then rounded once,
    // from exact-ish carries, instead of the float recurrence amplifying the
    // rounding of a carry the way a long serial float loop would.
    T yv[ITEMS];
    {
        Acc ta[ITEMS], ya[ITEMS];
#pragma unroll
        for (int i = 0; i < ITEMS; i++)
            ta[i] = Acc(tv[i]);
        solve<Acc, KM, ITEMS>(X, ta, P, k, ya);
#pragma unroll
        for (int i = 0; i < ITEMS; i++)
            yv[i] = T(ya[i]);
    }
    store_items<T, ITEMS>(yv, P.y + base + my0, avail, vec);

    if (P.cout && g == P.nchunks - 1 && tid < (int)p && len >= (long long)p) {
        // the next piece's FIR history: our last p inputs, re-read rather
        // than kept in registers across the look-back (x is not y here)
        P.cout[k + tid] = P.x[base + len - p + tid];
    }

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
