// device_api.cu - the four end-to-end recurrences called through the public
// API (include/plr.h) on data in every kind of memory, and the transfers
// they imply, timed in one run:
//
//   device         cudaMalloc x and y: computed in place on the GPU, no copies
//   managed        cudaMallocManaged, prefetched to the GPU once: the same
//   managed_host   cudaMallocManaged, prefetched back to the host before every
//                  call (untimed): the call pays the page migration
//   host_pageable  malloc arrays, PLR_DEVICE_CUDA: pipelined, staged copies
//   host_pinned    cudaMallocHost arrays, PLR_DEVICE_CUDA: pipelined copies
//   host_cpu       malloc arrays, PLR_DEVICE_CPU (all cores): the reference
//                  every other mode's output is checked against
//   copy_pageable  cudaMemcpy of x host->device plus y device->host, malloc
//   copy_pinned    the same bytes from and to pinned memory
//
// Every time is the host wall time of one call (plr_run_with returns after
// the GPU is done), median of E2E_REPS after one untimed warm-up call.
// bench/e2e/report.py derives the share of time spent in transfers.
//
// usage: device_api [--probe] [N ...]   (N as in e2e.h: 100000, 2^20, 2^16..2^28)
// E2E_CASES=prefix_sum,biquad,...  restricts the cases; E2E_MODES likewise.
// Output: case,type,signature,n,mode,reps,first_ms,median_ms,min_ms,max_ms,check,backend
#include "plr.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>
#include <string>
#include <vector>

#define CK(x)                                                                                      \
    do {                                                                                           \
        cudaError_t e_ = (x);                                                                      \
        if (e_ != cudaSuccess) {                                                                   \
            fprintf(stderr, "device_api: %s: %s\n", #x, cudaGetErrorString(e_));                   \
            exit(2);                                                                               \
        }                                                                                          \
    } while (0)

namespace {

struct Case {
    const char *name;
    plr_type type;
    const char *sig; // the signature plr-cc derives from bench/e2e/<name>.c
};

// The same recurrences as the C programs (biquad: its struct's coefficients).
const Case CASES[] = {
    {"prefix_sum", PLR_I32, "(1: 1)"},
    {"biquad", PLR_F32, "(0.0674553, 0.1349105, 0.0674553: 1.1429805, -0.4128016)"},
    {"ema", PLR_F64, "(0.01: 0.99)"},
    {"fir_iir", PLR_F32, "(0.25, 0.25, 0.25, 0.25: 1.2, -0.5)"},
};

const char *MODES[] = {"host_cpu",    "device",      "managed",       "managed_host",
                       "host_pageable", "host_pinned", "copy_pageable", "copy_pinned"};

double now_ms()
{
    return std::chrono::duration<double, std::milli>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

long parse_one(const char *s)
{
    char *end;
    if (s[0] == '2' && s[1] == '^') {
        long e = strtol(s + 2, &end, 10);
        return (*end == 0 || *end == '.') && e >= 0 && e < 40 ? 1L << e : -1;
    }
    long v = strtol(s, &end, 10);
    return *end == 0 && v > 0 ? v : -1;
}

bool selected(const char *env, const char *name)
{
    const char *list = getenv(env);
    if (!list || !*list)
        return true;
    std::string l = std::string(",") + list + ",";
    return l.find(std::string(",") + name + ",") != std::string::npos;
}

int reps_for(long n)
{
    const char *r = getenv("E2E_REPS");
    if (r && atoi(r) > 0)
        return atoi(r);
    return n >= (1L << 24) ? 3 : 5;
}

struct Times {
    int reps = 0;
    double first = 0, median = 0, min = 0, max = 0;
};

// before() runs untimed ahead of every call (the warm-up included)
template <class Call, class Before> Times time_calls(long n, Call call, Before before)
{
    Times t;
    t.reps = reps_for(n);
    std::vector<double> v;
    before();
    double s = now_ms();
    call();
    t.first = now_ms() - s;
    for (int r = 0; r < t.reps; r++) {
        before();
        s = now_ms();
        call();
        v.push_back(now_ms() - s);
    }
    std::sort(v.begin(), v.end());
    int m = (int)v.size();
    t.median = m % 2 ? v[m / 2] : 0.5 * (v[m / 2 - 1] + v[m / 2]);
    t.min = v.front();
    t.max = v.back();
    return t;
}

// got (host copy) against the cpu backend's output: integers exactly, floats
// within a tolerance relative to the output's magnitude (both results are
// reassociated, each within the bound of docs/runtime.md). Above 2^24
// elements a strided sample and the last 4096 elements are compared.
const char *compare(plr_type type, const void *got, const void *want, size_t n)
{
    size_t stride = n > (1u << 24) ? 1021 : 1;
    auto idx_ok = [&](size_t i) -> bool {
        switch (type) {
        case PLR_I32: return ((const int *)got)[i] == ((const int *)want)[i];
        case PLR_F32: {
            double a = ((const float *)got)[i], b = ((const float *)want)[i];
            return std::fabs(a - b) <= 1e-4 * (1.0 + std::fabs(b));
        }
        default: {
            double a = ((const double *)got)[i], b = ((const double *)want)[i];
            return std::fabs(a - b) <= 1e-10 * (1.0 + std::fabs(b));
        }
        }
    };
    for (size_t i = 0; i < n; i += stride)
        if (!idx_ok(i))
            return "BAD";
    for (size_t i = n > 4096 ? n - 4096 : 0; i < n; i++)
        if (!idx_ok(i))
            return "BAD";
    return "ok";
}

void fill(plr_type type, void *x, size_t n, unsigned seed)
{
    unsigned r = seed;
    for (size_t i = 0; i < n; i++) {
        r = r * 1664525u + 1013904223u;
        int v = (int)((r >> 8) % 2001) - 1000;
        switch (type) {
        case PLR_I32: ((int *)x)[i] = v; break;
        case PLR_F32: ((float *)x)[i] = v * 0.001f; break;
        default: ((double *)x)[i] = 100.0 + v * 0.001; break;
        }
    }
}

} // namespace

int main(int argc, char **argv)
{
    int ndev = 0;
    cudaError_t e = cudaGetDeviceCount(&ndev);
    if (e != cudaSuccess || ndev == 0) {
        printf("device_api: no usable CUDA device (%s)\n",
               e != cudaSuccess ? cudaGetErrorString(e) : "no device");
        return 3;
    }
    cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    if (argc > 1 && strcmp(argv[1], "--probe") == 0) {
        printf("device_api: %s, %d SMs, %.1f GiB\n", prop.name, prop.multiProcessorCount,
               prop.totalGlobalMem / 1073741824.0);
        return 0;
    }
    std::vector<long> sizes;
    for (int a = 1; a < argc; a++) {
        const char *dots = strstr(argv[a], "..");
        long lo = parse_one(argv[a]), hi = dots ? parse_one(dots + 2) : lo;
        if (lo <= 0 || hi < lo) {
            fprintf(stderr, "device_api: bad size '%s'\n", argv[a]);
            return 2;
        }
        for (long n = lo; n <= hi; n = dots ? n * 2 : hi + 1)
            sizes.push_back(n);
    }
    if (sizes.empty())
        sizes.push_back(1L << 20);
    const long nmax = *std::max_element(sizes.begin(), sizes.end());
    const size_t cap = (size_t)nmax * 8; // bytes: room for the widest type

    int managed_ok = 0;
    CK(cudaDeviceGetAttribute(&managed_ok, cudaDevAttrConcurrentManagedAccess, 0));
    char *hx = (char *)malloc(cap), *hy = (char *)malloc(cap), *href = (char *)malloc(cap);
    if (!hx || !hy || !href) {
        fprintf(stderr, "device_api: out of host memory\n");
        return 2;
    }
    memset(hy, 0, cap);
    memset(href, 0, cap);
    void *px, *py, *dx, *dy, *mx, *my;
    CK(cudaMallocHost(&px, cap));
    CK(cudaMallocHost(&py, cap));
    CK(cudaMalloc(&dx, cap));
    CK(cudaMalloc(&dy, cap));
    CK(cudaMallocManaged(&mx, cap, cudaMemAttachGlobal));
    CK(cudaMallocManaged(&my, cap, cudaMemAttachGlobal));
    cudaMemLocation on_gpu = {}, on_host = {};
    on_gpu.type = cudaMemLocationTypeDevice;
    on_gpu.id = 0;
    on_host.type = cudaMemLocationTypeHost;
    on_host.id = 0;

    printf("case,type,signature,n,mode,reps,first_ms,median_ms,min_ms,max_ms,check,backend\n");
    fflush(stdout);
    int bad = 0;
    plr_options base;
    if (plr_options_from_env(&base) != PLR_OK) {
        fprintf(stderr, "device_api: unusable PLR_DEVICE/PLR_THREADS\n");
        return 2;
    }
    for (const Case &c : CASES) {
        if (!selected("E2E_CASES", c.name))
            continue;
        plr_signature sig;
        char err[200];
        if (plr_signature_parse(c.sig, c.type, &sig, err, sizeof err) != PLR_OK) {
            fprintf(stderr, "device_api: %s: %s\n", c.sig, err);
            return 2;
        }
        const size_t es = plr_type_size(c.type);
        fill(c.type, hx, nmax, 7);
        memcpy(px, hx, nmax * es);
        CK(cudaMemcpy(dx, hx, nmax * es, cudaMemcpyHostToDevice));
        memcpy(mx, hx, nmax * es);
        for (long n : sizes) {
            const size_t bytes = n * es;
            for (const char *mode : MODES) {
                if (!selected("E2E_MODES", mode))
                    continue;
                std::string m = mode;
                if (m == "managed_host" && !managed_ok)
                    continue; // no prefetch to the host without concurrent managed access
                plr_options o = base;
                o.verbose = 0;
                plr_report rep;
                memset(&rep, 0, sizeof rep);
                plr_status st = PLR_OK;
                const void *x = hx;
                void *y = hy;
                if (m == "host_cpu") {
                    o.device = PLR_DEVICE_CPU;
                    y = href;
                } else if (m == "device") {
                    x = dx, y = dy;
                } else if (m == "managed" || m == "managed_host") {
                    x = mx, y = my;
                    o.device = PLR_DEVICE_CUDA;
                } else if (m == "host_pageable") {
                    o.device = PLR_DEVICE_CUDA;
                } else if (m == "host_pinned") {
                    x = px, y = py;
                    o.device = PLR_DEVICE_CUDA;
                }
                plr_data d = {};
                d.n = n;
                d.x = x;
                d.y = y;
                Times t;
                if (m == "copy_pageable" || m == "copy_pinned") {
                    const void *src = m == "copy_pinned" ? px : hx;
                    void *dst = m == "copy_pinned" ? py : hy;
                    t = time_calls(
                        n,
                        [&] {
                            CK(cudaMemcpy(dx, src, bytes, cudaMemcpyHostToDevice));
                            CK(cudaMemcpy(dst, dy, bytes, cudaMemcpyDeviceToHost));
                        },
                        [] {});
                } else {
                    auto before = [&] {
                        if (m == "managed_host") {
                            CK(cudaMemPrefetchAsync(mx, bytes, on_host, 0, 0));
                            CK(cudaMemPrefetchAsync(my, bytes, on_host, 0, 0));
                            CK(cudaDeviceSynchronize());
                        } else if (m == "managed" && managed_ok) {
                            // resident on the GPU (a no-op after the first call)
                            CK(cudaMemPrefetchAsync(mx, bytes, on_gpu, 0, 0));
                            CK(cudaMemPrefetchAsync(my, bytes, on_gpu, 0, 0));
                            CK(cudaDeviceSynchronize());
                        }
                    };
                    t = time_calls(n, [&] { st = plr_run_with(&sig, &d, &o, &rep); }, before);
                }
                const char *check = "-";
                if (st != PLR_OK) {
                    check = "FAILED";
                } else if (m != "host_cpu" && m.compare(0, 5, "copy_") != 0) {
                    const void *got = y;
                    if (m != "host_pageable" && m != "host_pinned") {
                        CK(cudaMemcpy(hy, y, bytes, cudaMemcpyDefault));
                        got = hy;
                    }
                    check = compare(c.type, got, href, n);
                }
                if (strcmp(check, "ok") != 0 && strcmp(check, "-") != 0) {
                    bad = 1;
                    fprintf(stderr, "device_api: %s n=%ld %s: %s (%s)\n", c.name, n, mode, check,
                            st != PLR_OK ? plr_strerror(st) : "output differs from the cpu backend");
                }
                const char *backend = m.compare(0, 5, "copy_") == 0 ? "-" : plr_device_name(rep.device);
                printf("%s,%s,\"%s\",%ld,%s,%d,%.4f,%.4f,%.4f,%.4f,%s,%s\n", c.name,
                       plr_type_name(c.type), c.sig, n, mode, t.reps, t.first, t.median, t.min,
                       t.max, check, backend);
                fflush(stdout);
            }
        }
    }
    cudaFreeHost(px);
    cudaFreeHost(py);
    cudaFree(dx);
    cudaFree(dy);
    cudaFree(mx);
    cudaFree(my);
    free(hx);
    free(hy);
    free(href);
    return bad;
}
