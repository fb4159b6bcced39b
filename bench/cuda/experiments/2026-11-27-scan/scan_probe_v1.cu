// Prefix-sum kernel probe (issue 13): a bulk-copy-fed single-pass scan with a
// packed tile-state word and a warp look-back, timed in one process against a
// device copy, CUB's InclusiveSum and libplr's current CUDA kernel.
//
//   nvcc -std=c++17 -O3 -arch=sm_90 -I include scan_probe.cu -L build-gpu/lib -lplr -o scan-probe
//   scan-probe [reps]
//
// Every variant's output is compared with CUB's (exact, int32) before it is timed.
#include <cub/cub.cuh>
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "plr.h"

#define CK(x)                                                                                      \
    do {                                                                                           \
        cudaError_t e_ = (x);                                                                      \
        if (e_ != cudaSuccess) {                                                                   \
            fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_));     \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

namespace ts {

constexpr unsigned ST_AGG = 1, ST_INC = 2;

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
__device__ __forceinline__ void bulk_load(void *dst, const void *src, unsigned bytes,
                                          unsigned long long *b)
{
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::"r"(
                     sa(dst)),
                 "l"(src), "r"(bytes), "r"(sa(b))
                 : "memory");
}
__device__ __forceinline__ unsigned long long ld_relaxed64(const unsigned long long *p)
{
    unsigned long long v;
    asm volatile("ld.relaxed.gpu.global.u64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
    return v;
}
__device__ __forceinline__ void st_relaxed64(unsigned long long *p, unsigned long long v)
{
    asm volatile("st.relaxed.gpu.global.u64 [%0], %1;" ::"l"(p), "l"(v) : "memory");
}
__device__ __forceinline__ void bar_sync(int id, int count)
{
    asm volatile("bar.sync %0, %1;" ::"r"(id), "r"(count) : "memory");
}

// A tile's published state, one 64-bit word: {epoch << 2 | status, value}.
// A reader that sees the current epoch sees the value with it (one
// single-copy-atomic word: no fence, no second load).
struct TileState32 {
    unsigned long long *w;
    unsigned epoch;
    __device__ void publish(long long t, unsigned st, unsigned v) const
    {
        st_relaxed64(w + t, (unsigned long long)(epoch << 2 | st) << 32 | v);
    }
    __device__ unsigned status(unsigned long long word) const
    {
        const unsigned hi = (unsigned)(word >> 32);
        return hi == (epoch << 2 | ST_INC) ? ST_INC : hi == (epoch << 2 | ST_AGG) ? ST_AGG : 0u;
    }
};

// The look-back of one warp for tile t >= 1: the sum of every tile before t.
// Lane l polls tiles top-l-32q, q < Q, in one round trip; the nearest
// inclusive one ends it when every tile after it has its aggregate.
template <int Q>
__device__ unsigned lookback(const TileState32 &ts, long long t, int lane, unsigned sleep_ns)
{
    unsigned acc = 0;
    long long top = t - 1;
    while (true) {
        unsigned long long w[Q];
#pragma unroll
        for (int q = 0; q < Q; q++) {
            const long long h = top - lane - 32 * q;
            w[q] = h >= 0 ? ld_relaxed64(ts.w + h)
                          : (unsigned long long)(ts.epoch << 2 | ST_INC) << 32; // before tile 0: 0
        }
        unsigned part = 0;
        int took = 0;      // windows consumed whole (aggregates only)
        bool done = false; // an inclusive tile closed the sum
#pragma unroll
        for (int q = 0; q < Q; q++) {
            const unsigned st = ts.status(w[q]);
            const unsigned v = (unsigned)w[q];
            const unsigned inc = __ballot_sync(0xffffffffu, st == ST_INC);
            const unsigned rdy = __ballot_sync(0xffffffffu, st != 0);
            if (inc) {
                const unsigned d = __ffs(inc) - 1;
                const unsigned need = d == 31 ? 0xffffffffu : (2u << d) - 1;
                if ((rdy & need) == need) {
                    part += (unsigned)lane <= d ? v : 0u;
                    done = true;
                }
                break;
            }
            if (rdy != 0xffffffffu)
                break;
            part += v;
            took = q + 1;
        }
        if (done) {
            acc += part;
            break;
        }
        // windows wholly aggregates are kept; the rest polled again
        if (took) {
            // part holds exactly the first `took` windows here
            acc += part;
            top -= 32 * took;
        } else if (sleep_ns) {
            __nanosleep(sleep_ns);
        }
    }
    return __reduce_add_sync(0xffffffffu, acc);
}

// NW compute warps, R rows of 16-byte units per thread (tile = NW*32*R*4
// int32), S shared-memory stages, D tiles between a tile's first pass and
// its final one, Q windows per look-back poll. One extra warp looks back.
template <int NW, int R, int S, int D, int Q>
__global__ void __launch_bounds__(NW * 32 + 32, 1)
    scan_kernel(const int *__restrict__ x, int *__restrict__ y, long long n, long long ntiles,
                TileState32 ts, unsigned sleep_ns, int streaming)
{
    static_assert(S >= D + 1, "stages");
    constexpr int TILE = NW * 32 * R * 4;
    constexpr unsigned TILE_BYTES = TILE * 4;
    extern __shared__ __align__(128) unsigned char smem[];
    int *stage = reinterpret_cast<int *>(smem);
    __shared__ __align__(8) unsigned long long full[S], aggr[S], carry[S];
    __shared__ unsigned s_wt[S][NW], s_wpre[S][NW], s_agg[S], s_car[S];

    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    const long long G = gridDim.x;
    const long long mine = (ntiles - (long long)blockIdx.x + G - 1) / G;

    auto issue = [&](long long i) {
        const int slot = (int)(i % S);
        const long long t = (long long)blockIdx.x + i * G;
        const long long base = t * TILE;
        const long long rem = n - base < TILE ? n - base : TILE;
        const unsigned bytes = (unsigned)(rem * 4) & ~15u;
        mbar_expect_tx(&full[slot], bytes);
        for (unsigned off = 0; off < bytes; off += 8192) {
            const unsigned b = bytes - off < 8192 ? bytes - off : 8192;
            bulk_load(reinterpret_cast<unsigned char *>(stage + (size_t)slot * TILE) + off,
                      reinterpret_cast<const unsigned char *>(x + base) + off, b, &full[slot]);
        }
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
        for (long long i = 0; i < mine; i++) {
            const int slot = (int)(i % S);
            mbar_wait(&aggr[slot], (unsigned)(i / S) & 1u);
            const long long t = (long long)blockIdx.x + i * G;
            const unsigned a = s_agg[slot];
            unsigned excl = 0;
            if (t > 0)
                excl = lookback<Q>(ts, t, lane, sleep_ns);
            if (lane == 0) {
                ts.publish(t, ST_INC, excl + a);
                s_car[slot] = excl;
                mbar_arrive(&carry[slot]);
            }
            __syncwarp();
        }
        return;
    }

    constexpr int NT = NW * 32;
    for (long long i = 0; i < mine + D; i++) {
        if (i < mine) {
            const int slot = (int)(i % S);
            mbar_wait(&full[slot], (unsigned)(i / S) & 1u);
            const long long t = (long long)blockIdx.x + i * G;
            const long long base = t * TILE;
            const uint4 *st = reinterpret_cast<const uint4 *>(stage + (size_t)slot * TILE);
            unsigned sum = 0;
            if (base + TILE <= n) {
#pragma unroll
                for (int j = 0; j < R; j++) {
                    const uint4 v = st[warp * 32 * R + j * 32 + lane];
                    sum += v.x + v.y + v.z + v.w;
                }
            } else {
                const long long rem = n - base, in16 = (rem * 4 & ~15ll) / 4;
#pragma unroll
                for (int j = 0; j < R; j++)
#pragma unroll
                    for (int c = 0; c < 4; c++) {
                        const long long e = (long long)(warp * 32 * R + j * 32 + lane) * 4 + c;
                        sum += e < in16 ? (unsigned)stage[(size_t)slot * TILE + e]
                                        : e < rem ? (unsigned)x[base + e] : 0u;
                    }
            }
            const unsigned ws = __reduce_add_sync(0xffffffffu, sum);
            if (lane == 0)
                s_wt[slot][warp] = ws;
            bar_sync(1, NT);
            if (warp == 0) {
                const unsigned v = lane < NW ? s_wt[slot][lane] : 0u;
                unsigned inc = v;
#pragma unroll
                for (int d = 1; d < 32; d <<= 1) {
                    const unsigned o = __shfl_up_sync(0xffffffffu, inc, d);
                    if (lane >= d)
                        inc += o;
                }
                if (lane < NW)
                    s_wpre[slot][lane] = inc - v;
                __syncwarp(); // every lane's s_wpre before the hand-off below
                if (lane == NW - 1) {
                    s_agg[slot] = inc;
                    if (t > 0)
                        ts.publish(t, ST_AGG, inc);
                    mbar_arrive(&aggr[slot]);
                }
            }
        }
        if (i >= D) {
            const long long f = i - D;
            const int slot = (int)(f % S);
            mbar_wait(&carry[slot], (unsigned)(f / S) & 1u);
            const long long t = (long long)blockIdx.x + f * G;
            const long long base = t * TILE;
            unsigned c0 = s_car[slot] + s_wpre[slot][warp];
            const uint4 *st = reinterpret_cast<const uint4 *>(stage + (size_t)slot * TILE);
            const bool whole = base + TILE <= n;
            const long long rem = n - base, in16 = (rem * 4 & ~15ll) / 4;
            uint4 v[R];
#pragma unroll
            for (int j = 0; j < R; j++) {
                if (whole) {
                    v[j] = st[warp * 32 * R + j * 32 + lane];
                } else {
                    unsigned e4[4];
#pragma unroll
                    for (int c = 0; c < 4; c++) {
                        const long long e = (long long)(warp * 32 * R + j * 32 + lane) * 4 + c;
                        e4[c] = e < in16 ? (unsigned)stage[(size_t)slot * TILE + e]
                                         : e < rem ? (unsigned)x[base + e] : 0u;
                    }
                    v[j] = make_uint4(e4[0], e4[1], e4[2], e4[3]);
                }
                v[j].y += v[j].x;
                v[j].z += v[j].y;
                v[j].w += v[j].z;
            }
            unsigned inc[R];
#pragma unroll
            for (int j = 0; j < R; j++)
                inc[j] = v[j].w;
#pragma unroll
            for (int d = 1; d < 32; d <<= 1)
#pragma unroll
                for (int j = 0; j < R; j++) {
                    const unsigned o = __shfl_up_sync(0xffffffffu, inc[j], d);
                    if (lane >= d)
                        inc[j] += o;
                }
#pragma unroll
            for (int j = 0; j < R; j++) {
                const unsigned off = c0 + inc[j] - v[j].w;
                c0 += __shfl_sync(0xffffffffu, inc[j], 31);
                uint4 o = make_uint4(v[j].x + off, v[j].y + off, v[j].z + off, v[j].w + off);
                const long long u = (long long)(warp * 32 * R + j * 32 + lane);
                if (whole) {
                    uint4 *dst = reinterpret_cast<uint4 *>(y + base) + u;
                    if (streaming)
                        __stcs(dst, o);
                    else
                        *dst = o;
                } else {
                    const unsigned oo[4] = {o.x, o.y, o.z, o.w};
#pragma unroll
                    for (int c = 0; c < 4; c++)
                        if (u * 4 + c < rem)
                            y[base + u * 4 + c] = (int)oo[c];
                }
            }
            bar_sync(1, NT); // every compute thread is done with the stage
            if (tid == 0 && f + S < mine)
                issue(f + S);
        }
    }
}

} // namespace ts

__global__ void copy16(const uint4 *__restrict__ a, uint4 *__restrict__ b, size_t n16)
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n16;
         i += (size_t)gridDim.x * blockDim.x)
        b[i] = a[i];
}

struct Variant {
    std::string name;
    void (*launch)(const int *, int *, long long, ts::TileState32 &, cudaStream_t, unsigned, int);
};

static int g_sms;
static unsigned long long *g_state;
static size_t g_state_words;

template <int NW, int R, int S, int D, int Q>
static void launch_scan(const int *x, int *y, long long n, ts::TileState32 &st, cudaStream_t s,
                        unsigned sleep_ns, int streaming)
{
    constexpr int TILE = NW * 32 * R * 4;
    const long long ntiles = (n + TILE - 1) / TILE;
    const size_t smem = (size_t)S * TILE * 4;
    static int blocks_per_sm = -1;
    auto k = ts::scan_kernel<NW, R, S, D, Q>;
    if (blocks_per_sm < 0) {
        CK(cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
        CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks_per_sm, k, NW * 32 + 32, smem));
        if (blocks_per_sm < 1) {
            fprintf(stderr, "variant does not fit\n");
            exit(1);
        }
    }
    long long grid = (long long)g_sms * blocks_per_sm;
    if (grid > ntiles)
        grid = ntiles;
    st.epoch++;
    if (st.epoch >= (1u << 29)) {
        CK(cudaMemset(g_state, 0, g_state_words * 8));
        st.epoch = 1;
    }
    k<<<(unsigned)grid, NW * 32 + 32, smem, s>>>(x, y, n, ntiles, st, sleep_ns, streaming);
    CK(cudaGetLastError());
}

static double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

int main(int argc, char **argv)
{
    int reps = argc > 1 ? atoi(argv[1]) : 15;
    cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    g_sms = prop.multiProcessorCount;
    printf("device: %s, %d SMs\n", prop.name, g_sms);

    const size_t NMAX = (size_t)1 << 30;
    int *x, *y, *ref;
    CK(cudaMalloc(&x, NMAX * 4 + 64));
    CK(cudaMalloc(&y, NMAX * 4 + 64));
    CK(cudaMalloc(&ref, NMAX * 4 + 64));
    g_state_words = NMAX / 1024 + 64;
    CK(cudaMalloc(&g_state, g_state_words * 8));
    CK(cudaMemset(g_state, 0, g_state_words * 8));
    {
        std::vector<int> h(NMAX);
        unsigned s = 12345;
        for (size_t i = 0; i < NMAX; i++) {
            s = s * 1664525u + 1013904223u;
            h[i] = (int)(s >> 8) % 2001 - 1000;
            if (h[i] == 0)
                h[i] = 7;
        }
        CK(cudaMemcpy(x, h.data(), NMAX * 4, cudaMemcpyHostToDevice));
    }
    cudaStream_t stream = 0;
    ts::TileState32 st{g_state, 0};

    std::vector<Variant> vars = {
        {"t16x4 S6 D2 Q4", launch_scan<16, 4, 6, 2, 4>},
        {"t16x4 S6 D2 Q8", launch_scan<16, 4, 6, 2, 8>},
        {"t16x4 S6 D3 Q8", launch_scan<16, 4, 6, 3, 8>},
        {"t16x8 S3 D1 Q8", launch_scan<16, 8, 3, 1, 8>},
        {"t8x4 S6 D2 Q8", launch_scan<8, 4, 6, 2, 8>},
        {"t8x4 S3 D1 Q8", launch_scan<8, 4, 3, 1, 8>},
        {"t16x2 S6 D2 Q8", launch_scan<16, 2, 6, 2, 8>},
    };

    plr_signature sig;
    char err[128];
    if (plr_signature_parse("(1: 1)", PLR_I32, &sig, err, sizeof err) != PLR_OK) {
        fprintf(stderr, "parse: %s\n", err);
        return 1;
    }
    plr_options opt;
    memset(&opt, 0, sizeof opt);
    opt.device = PLR_DEVICE_CUDA;

    void *cub_tmp = nullptr;
    size_t cub_bytes = 0;
    CK(cub::DeviceScan::InclusiveSum(cub_tmp, cub_bytes, x, y, (long long)NMAX));
    CK(cudaMalloc(&cub_tmp, cub_bytes + 1024));
    size_t cub_cap = cub_bytes + 1024;

    const long long sizes[] = {1000, 4097, 1 << 20, (1 << 20) + 37, 1 << 24, (1 << 24) + 12345,
                               (long long)1 << 30};
    printf("%-22s %12s %10s %8s %8s %8s\n", "variant", "n", "ms", "%copy", "%cub", "check");
    for (long long n : sizes) {
        auto cub_run = [&]() {
            size_t b = 0;
            CK(cub::DeviceScan::InclusiveSum(nullptr, b, x, ref, n));
            if (b > cub_cap) {
                fprintf(stderr, "cub temp\n");
                exit(1);
            }
            CK(cub::DeviceScan::InclusiveSum(cub_tmp, b, x, ref, n));
        };
        cub_run();
        CK(cudaDeviceSynchronize());
        // correctness of every variant against CUB, with a poisoned output
        std::vector<std::string> bad;
        auto check = [&](const std::string &name, auto &&run) {
            CK(cudaMemset(y, 0x7b, n * 4 + 64));
            run();
            CK(cudaDeviceSynchronize());
            std::vector<int> a(n), b(n);
            CK(cudaMemcpy(a.data(), y, n * 4, cudaMemcpyDeviceToHost));
            CK(cudaMemcpy(b.data(), ref, n * 4, cudaMemcpyDeviceToHost));
            unsigned char tail[64];
            CK(cudaMemcpy(tail, (char *)y + n * 4, 64, cudaMemcpyDeviceToHost));
            bool ok = memcmp(a.data(), b.data(), n * 4) == 0;
            for (int i = 0; i < 64; i++)
                ok = ok && tail[i] == 0x7b;
            if (!ok) {
                size_t i = 0;
                while (i < (size_t)n && a[i] == b[i])
                    i++;
                fprintf(stderr, "MISMATCH %s n=%lld first at %zu\n", name.c_str(), n, i);
                bad.push_back(name);
            }
            return ok;
        };
        auto plr_run_once = [&]() {
            plr_data d;
            memset(&d, 0, sizeof d);
            d.n = (size_t)n;
            d.x = x;
            d.y = y;
            plr_report rep;
            plr_status s = plr_run_with(&sig, &d, &opt, &rep);
            if (s != PLR_OK || rep.device != PLR_DEVICE_CUDA) {
                fprintf(stderr, "plr: %d %s\n", (int)s, rep.reason);
                exit(1);
            }
        };
        check("plr", plr_run_once);
        for (auto &v : vars)
            for (int str = 0; str < 2; str++)
                check(v.name + (str ? " cs" : ""), [&]() { v.launch(x, y, n, st, stream, 0, str); });
        if (n < (1 << 20))
            continue;
        // timing: rounds interleave every variant (events, medians)
        cudaEvent_t e0, e1;
        CK(cudaEventCreate(&e0));
        CK(cudaEventCreate(&e1));
        struct Timed {
            std::string name;
            std::function<void()> run;
            std::vector<double> ms;
        };
        std::vector<Timed> tv;
        const size_t n16 = (size_t)n / 4;
        tv.push_back({"copy", [&]() { copy16<<<g_sms * 8, 512>>>((const uint4 *)x, (uint4 *)y, n16); }, {}});
        tv.push_back({"cudaMemcpy", [&]() { CK(cudaMemcpyAsync(y, x, n * 4, cudaMemcpyDeviceToDevice)); }, {}});
        tv.push_back({"cub", cub_run, {}});
        tv.push_back({"plr (libplr)", plr_run_once, {}});
        for (auto &v : vars) {
            tv.push_back({v.name, [&]() { v.launch(x, y, n, st, stream, 0, 0); }, {}});
            tv.push_back({v.name + " cs", [&]() { v.launch(x, y, n, st, stream, 0, 1); }, {}});
        }
        for (int r = 0; r < reps + 2; r++)
            for (auto &t : tv) {
                CK(cudaEventRecord(e0));
                t.run();
                CK(cudaEventRecord(e1));
                CK(cudaEventSynchronize(e1));
                float ms;
                CK(cudaEventElapsedTime(&ms, e0, e1));
                if (r >= 2)
                    t.ms.push_back(ms);
            }
        double copy = std::min(median(tv[0].ms), median(tv[1].ms));
        double cub = median(tv[2].ms);
        for (auto &t : tv) {
            double m = median(t.ms);
            bool isbad = std::find(bad.begin(), bad.end(), t.name) != bad.end();
            printf("%-22s %12lld %10.4f %7.1f%% %7.1f%% %8s\n", t.name.c_str(), n, m, 100 * copy / m,
                   100 * cub / m, isbad ? "BAD" : "ok");
        }
        fflush(stdout);
    }
    return 0;
}
