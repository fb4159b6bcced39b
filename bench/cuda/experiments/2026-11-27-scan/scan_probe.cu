// Prefix-sum kernel probe (issue 13), v2: the library's kernel
// (runtime/cuda/plr_scan.cuh) in several geometries, timed in one process
// against a device copy, CUB's InclusiveSum and libplr's call (whatever
// kernel it picks), every type; plus a stress of libplr's i32 prefix sum at
// sizes where run 1 saw a wrong result.
//
//   nvcc -std=c++17 -O3 -arch=sm_90 -I include -I runtime/cuda scan_probe.cu -L build-gpu/lib -lplr -o scan-probe
//   scan-probe [reps]
#include <cub/cub.cuh>
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "plr.h"
#include "plr_scan.cuh"

extern "C" void plrc_switches_changed(void); // libplr's: re-read PLR_CUDA_* switches

#define CK(x)                                                                                      \
    do {                                                                                           \
        cudaError_t e_ = (x);                                                                      \
        if (e_ != cudaSuccess) {                                                                   \
            fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_));     \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

using namespace plrk::scan;

static int g_sms;
static unsigned long long *g_state;
static size_t g_state_words;
static unsigned g_epoch;

__global__ void fill_inclusive(unsigned long long *w, size_t words, unsigned long long word)
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < words; i += (size_t)gridDim.x * blockDim.x)
        w[i] = word;
}

// nowait: every tile's state is an inclusive zero before the launch, so each
// look-back ends at its first poll without waiting (wrong sums; the timing
// is the kernel's ceiling with a look-back that never waits)
template <class T, class Gm> static void launch(const T *x, T *y, long long n, unsigned sleep_ns, bool nowait = false)
{
    using V = Sums<typename acc<T>::type, 1>;
    const unsigned long long tile = scan_tile<T, Gm>();
    const unsigned long long ntiles = (n + tile - 1) / tile;
    const size_t smem = scan_smem<T, Gm>();
    static int per_sm = -1;
    auto k = plrk::scan::plr_scan_kernel<T, Gm, 1>;
    if (per_sm < 0) {
        CK(cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
        CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, k, Gm::THREADS, smem));
        if (per_sm < 1) {
            fprintf(stderr, "geometry does not fit\n");
            exit(1);
        }
    }
    unsigned long long grid = (unsigned long long)g_sms * per_sm;
    if (grid > ntiles)
        grid = ntiles;
    if (++g_epoch >= EPOCH_LIMIT) {
        CK(cudaMemset(g_state, 0, g_state_words * 8));
        g_epoch = 1;
    }
    if (nowait) {
        const size_t words = ntiles * ScanTileState<V>::W;
        fill_inclusive<<<264, 256>>>(g_state, words, (unsigned long long)(g_epoch << 2 | ST_INC) << 32);
    }
    ScanParams<T, 1> P;
    memset(&P, 0, sizeof P);
    P.x = x;
    P.y = y;
    P.n = n;
    P.ntiles = ntiles;
    P.state.words = g_state;
    P.state.epoch = g_epoch;
    P.init = V::zero();
    P.gain = T(1);
    P.scaled = 0;
    P.sleep_ns = sleep_ns;
    k<<<(unsigned)grid, Gm::THREADS, smem>>>(P);
    CK(cudaGetLastError());
}

static double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

__global__ void copy16(const uint4 *__restrict__ a, uint4 *__restrict__ b, size_t n16)
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n16; i += (size_t)gridDim.x * blockDim.x)
        b[i] = a[i];
}

template <class T> static plr_type type_of();
template <> plr_type type_of<int>() { return PLR_I32; }
template <> plr_type type_of<long long>() { return PLR_I64; }
template <> plr_type type_of<float>() { return PLR_F32; }
template <> plr_type type_of<double>() { return PLR_F64; }
template <class T> static const char *tname();
template <> const char *tname<int>() { return "i32"; }
template <> const char *tname<long long>() { return "i64"; }
template <> const char *tname<float>() { return "f32"; }
template <> const char *tname<double>() { return "f64"; }
// the kernel's arithmetic type for T (integers: unsigned, as the backend)
template <class T> struct kt { using type = T; };
template <> struct kt<int> { using type = unsigned; };
template <> struct kt<long long> { using type = unsigned long long; };

struct Timed {
    std::string name;
    std::function<void()> run;
    std::vector<double> ms;
    bool bad;
};

static void *g_x, *g_y, *g_ref, *g_cub_tmp;
static size_t g_cub_cap;

template <class T> static void run_type(const std::vector<long long> &sizes, int reps, bool geoms)
{
    using K = typename kt<T>::type;
    T *x = (T *)g_x, *y = (T *)g_y, *ref = (T *)g_ref;
    const size_t maxn = sizes.back();
    {
        std::vector<T> h(maxn);
        unsigned s = 777;
        for (size_t i = 0; i < maxn; i++) {
            s = s * 1664525u + 1013904223u;
            int v = (int)(s >> 8) % 2001 - 1000;
            h[i] = v ? T(v) : T(7);
            if (std::is_floating_point<T>::value)
                h[i] = T(v ? v : 7) / T(64);
        }
        CK(cudaMemcpy(x, h.data(), maxn * sizeof(T), cudaMemcpyHostToDevice));
    }
    plr_signature sig;
    char err[128];
    if (plr_signature_parse("(1: 1)", type_of<T>(), &sig, err, sizeof err) != PLR_OK) {
        fprintf(stderr, "parse: %s\n", err);
        exit(1);
    }
    plr_options opt;
    memset(&opt, 0, sizeof opt);
    opt.device = PLR_DEVICE_CUDA;

    for (long long n : sizes) {
        auto cub_run = [&]() {
            size_t b = 0;
            CK(cub::DeviceScan::InclusiveSum(nullptr, b, x, ref, n));
            if (b > g_cub_cap) {
                fprintf(stderr, "cub temp\n");
                exit(1);
            }
            CK(cub::DeviceScan::InclusiveSum(g_cub_tmp, b, x, ref, n));
        };
        auto plr_once = [&]() {
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
        std::vector<Timed> tv;
        const size_t n16 = (size_t)n * sizeof(T) / 16;
        tv.push_back({"copy", [&]() { copy16<<<g_sms * 8, 512>>>((const uint4 *)x, (uint4 *)y, n16); }, {}, false});
        tv.push_back({"cudaMemcpy", [&]() { CK(cudaMemcpyAsync(y, x, n * sizeof(T), cudaMemcpyDeviceToDevice)); }, {}, false});
        tv.push_back({"cub", cub_run, {}, false});
        // synchronous calls, as libplr's: each waits for its kernel
        tv.push_back({"cub+sync", [&]() { cub_run(); CK(cudaStreamSynchronize(0)); }, {}, false});
        tv.push_back({"libplr", plr_once, {}, false});
        tv.push_back({"libplr PLR_CUDA_SCAN=0", [&]() {
                          setenv("PLR_CUDA_SCAN", "0", 1);
                          plrc_switches_changed();
                          plr_once();
                          unsetenv("PLR_CUDA_SCAN");
                          plrc_switches_changed();
                      }, {}, false});
        tv.push_back({"scan 16x4 S6 D3 Q8", [&]() { launch<K, ScanGeom<16, 4, 6, 3, 8>>((const K *)x, (K *)y, n, 0); }, {}, false});
        tv.push_back({"scan nowait (wrong sums)", [&]() { launch<K, ScanDefault>((const K *)x, (K *)y, n, 0, true); }, {}, false});
        tv.push_back({"scan default+sync", [&]() { launch<K, ScanDefault>((const K *)x, (K *)y, n, 0); CK(cudaStreamSynchronize(0)); }, {}, false});
        if (geoms) {
            tv.push_back({"scan 16x4 S6 D2 Q8", [&]() { launch<K, ScanGeom<16, 4, 6, 2, 8>>((const K *)x, (K *)y, n, 0); }, {}, false});
            tv.push_back({"scan 16x4 S7 D3 Q8", [&]() { launch<K, ScanGeom<16, 4, 7, 3, 8>>((const K *)x, (K *)y, n, 0); }, {}, false});
            tv.push_back({"scan 16x4 S7 D4 Q8", [&]() { launch<K, ScanGeom<16, 4, 7, 4, 8>>((const K *)x, (K *)y, n, 0); }, {}, false});
            tv.push_back({"scan 16x4 S6 D3 Q16", [&]() { launch<K, ScanGeom<16, 4, 6, 3, 16>>((const K *)x, (K *)y, n, 0); }, {}, false});
            tv.push_back({"scan 16x4 S6 D3 Q4", [&]() { launch<K, ScanGeom<16, 4, 6, 3, 4>>((const K *)x, (K *)y, n, 0); }, {}, false});
            tv.push_back({"scan 16x4 S6 D3 Q8 sl32", [&]() { launch<K, ScanGeom<16, 4, 6, 3, 8>>((const K *)x, (K *)y, n, 32); }, {}, false});
            tv.push_back({"scan 8x4 S6 D3 Q8", [&]() { launch<K, ScanGeom<8, 4, 6, 3, 8>>((const K *)x, (K *)y, n, 0); }, {}, false});
            tv.push_back({"scan 24x4 S4 D2 Q8", [&]() { launch<K, ScanGeom<24, 4, 4, 2, 8>>((const K *)x, (K *)y, n, 0); }, {}, false});
            tv.push_back({"scan 16x8 S3 D1 Q8", [&]() { launch<K, ScanGeom<16, 8, 3, 1, 8>>((const K *)x, (K *)y, n, 0); }, {}, false});
        }
        // correctness: integers exactly against CUB; floats against a double
        // serial sum (relative to the running sum of |x|), every output written
        cub_run();
        CK(cudaDeviceSynchronize());
        std::vector<T> r(n), a(n), hx(n);
        CK(cudaMemcpy(r.data(), ref, n * sizeof(T), cudaMemcpyDeviceToHost));
        CK(cudaMemcpy(hx.data(), x, n * sizeof(T), cudaMemcpyDeviceToHost));
        for (size_t v = 2; v < tv.size(); v++) {
            CK(cudaMemset(y, 0x7b, n * sizeof(T) + 64));
            tv[v].run();
            CK(cudaDeviceSynchronize());
            CK(cudaMemcpy(a.data(), (v == 2 ? (T *)ref : y), n * sizeof(T), cudaMemcpyDeviceToHost));
            unsigned char tail[64];
            CK(cudaMemcpy(tail, (char *)y + n * sizeof(T), 64, cudaMemcpyDeviceToHost));
            bool ok = true;
            for (int i = 0; i < 64 && v != 2; i++)
                ok = ok && tail[i] == 0x7b;
            long long first = -1;
            if (std::is_floating_point<T>::value) {
                double s = 0, sa = 0;
                for (long long i = 0; i < n; i++) {
                    s += (double)hx[i];
                    sa += std::fabs((double)hx[i]);
                    const double tol = (sizeof(T) == 4 ? 1e-6 : 1e-14) * (sa + 1) * 4;
                    if (!(std::fabs((double)a[i] - s) <= tol)) {
                        first = i;
                        break;
                    }
                }
            } else {
                for (long long i = 0; i < n && first < 0; i++)
                    if (memcmp(&a[i], &r[i], sizeof(T)))
                        first = i;
            }
            if (first >= 0 || !ok) {
                fprintf(stderr, "MISMATCH %s %s n=%lld first at %lld%s\n", tname<T>(), tv[v].name.c_str(), n,
                        first, ok ? "" : " (wrote past n)");
                tv[v].bad = true;
            }
        }
        if (n < (1 << 20))
            continue;
        cudaEvent_t e0, e1;
        CK(cudaEventCreate(&e0));
        CK(cudaEventCreate(&e1));
        for (int rr = 0; rr < reps + 2; rr++)
            for (auto &t : tv) {
                CK(cudaEventRecord(e0));
                t.run();
                CK(cudaEventRecord(e1));
                CK(cudaEventSynchronize(e1));
                float ms;
                CK(cudaEventElapsedTime(&ms, e0, e1));
                if (rr >= 2)
                    t.ms.push_back(ms);
            }
        const double copy = std::min(median(tv[0].ms), median(tv[1].ms)), cub = median(tv[2].ms);
        for (auto &t : tv)
            printf("%s %-26s %12lld %9.4f %7.1f%% %7.1f%% %s\n", tname<T>(), t.name.c_str(), n, median(t.ms),
                   100 * copy / median(t.ms), 100 * cub / median(t.ms), t.bad ? "BAD" : "ok");
        fflush(stdout);
    }
}

// libplr's i32 prefix sum again and again where run 1 saw a wrong result
static void stress_libplr(int rounds)
{
    int *x = (int *)g_x, *y = (int *)g_y, *ref = (int *)g_ref;
    plr_signature sig;
    char err[128];
    plr_signature_parse("(1: 1)", PLR_I32, &sig, err, sizeof err);
    plr_options opt;
    memset(&opt, 0, sizeof opt);
    opt.device = PLR_DEVICE_CUDA;
    const long long sizes[] = {16789561, (1 << 24) + 1, 5000011, (1 << 22) + 3, 33554467, (1 << 24) + 12345 * 2};
    for (long long n : sizes) {
        size_t b = 0;
        CK(cub::DeviceScan::InclusiveSum(nullptr, b, x, ref, n));
        CK(cub::DeviceScan::InclusiveSum(g_cub_tmp, b, x, ref, n));
        std::vector<int> r(n), a(n);
        CK(cudaMemcpy(r.data(), ref, n * 4, cudaMemcpyDeviceToHost));
        int bad = 0;
        for (int k = 0; k < rounds; k++) {
            CK(cudaMemset(y, 0x7b, n * 4));
            plr_data d;
            memset(&d, 0, sizeof d);
            d.n = (size_t)n;
            d.x = x;
            d.y = y;
            plr_report rep;
            if (plr_run_with(&sig, &d, &opt, &rep) != PLR_OK) {
                fprintf(stderr, "plr failed: %s\n", rep.reason);
                exit(1);
            }
            CK(cudaMemcpy(a.data(), y, n * 4, cudaMemcpyDeviceToHost));
            long long first = -1, cnt = 0;
            for (long long i = 0; i < n; i++)
                if (a[i] != r[i]) {
                    if (first < 0)
                        first = i;
                    cnt++;
                }
            if (first >= 0) {
                bad++;
                if (bad <= 3)
                    printf("stress n=%lld round %d: %lld wrong from %lld (got %d want %d, diff %d; prev ok %d)\n", n,
                           k, cnt, first, a[first], r[first], a[first] - r[first],
                           first ? a[first - 1] == r[first - 1] : -1);
            }
        }
        printf("stress libplr i32 n=%lld: %d of %d rounds wrong\n", n, bad, rounds);
        fflush(stdout);
    }
}

int main(int argc, char **argv)
{
    const int reps = argc > 1 ? atoi(argv[1]) : 15;
    const char *which = argc > 2 ? argv[2] : "all";
    cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    g_sms = prop.multiProcessorCount;
    printf("device: %s, %d SMs\n", prop.name, g_sms);
    const size_t BYTES = ((size_t)1 << 32) + 256;
    CK(cudaMalloc(&g_x, BYTES));
    CK(cudaMalloc(&g_y, BYTES));
    CK(cudaMalloc(&g_ref, BYTES));
    g_state_words = ((size_t)1 << 20);
    CK(cudaMalloc(&g_state, g_state_words * 8));
    CK(cudaMemset(g_state, 0, g_state_words * 8));
    size_t b = 0;
    CK(cub::DeviceScan::InclusiveSum(nullptr, b, (double *)g_x, (double *)g_y, (long long)1 << 29));
    g_cub_cap = b * 2 + (1 << 20);
    CK(cudaMalloc(&g_cub_tmp, g_cub_cap));
    if (!strcmp(which, "all") || !strcmp(which, "stress"))
        stress_libplr(12);
    const std::vector<long long> s4 = {1000, 8191, 8193, 1 << 20, (1 << 20) + 37, 1 << 24, (1 << 24) + 12345, (long long)1 << 30};
    const std::vector<long long> s8 = {1000, 4097, 1 << 20, (1 << 24) + 12345, (long long)1 << 29};
    if (!strcmp(which, "all") || !strcmp(which, "i32"))
        run_type<int>(s4, reps, true);
    if (!strcmp(which, "all") || !strcmp(which, "types")) {
        run_type<float>(s4, reps, false);
        run_type<long long>(s8, reps, false);
        run_type<double>(s8, reps, false);
    }
    return 0;
}
