// Where the wall time of a small batched call goes (1080x1920 f32 rows):
// launch and synchronization mechanics of bare kernels in the shapes libplr
// uses, against the copy reference and libplr's own calls (public
// plr_run_many), all interleaved in one process, medians.
// Build: nvcc -O2 -arch=sm_90 -I include launch_probe.cu -L build/lib -lplr
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>
#include <string>
#include <vector>
#include "plr.h"

#define CK(x)                                                                                  \
    do {                                                                                       \
        cudaError_t e_ = (x);                                                                  \
        if (e_ != cudaSuccess) {                                                               \
            fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); \
            exit(2);                                                                           \
        }                                                                                      \
    } while (0)

static double now_s() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}
struct Big { char b[832]; const uint4 *src; uint4 *dst; size_t n16; };

__global__ void empty_kernel() {}
__global__ void empty_big(const __grid_constant__ Big P) { if (P.n16 == 12345) P.dst[0] = P.src[0]; }
__global__ void copy_kernel(const uint4 *__restrict__ src, uint4 *__restrict__ dst, size_t n16) {
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n16; i += (size_t)gridDim.x * blockDim.x)
        dst[i] = src[i];
}
// one row (480 uint4) per block of 128 threads, like the warps-per-row kernel's grid
__global__ void copy_rows(const __grid_constant__ Big P) {
    const size_t row = blockIdx.x, per = 480;
    for (size_t i = threadIdx.x; i < per; i += blockDim.x)
        P.dst[row * per + i] = P.src[row * per + i];
}
// the same through dynamic shared memory, one warp sync
__global__ void copy_rows_smem(const __grid_constant__ Big P) {
    extern __shared__ uint4 s[];
    const size_t row = blockIdx.x, per = 480;
    for (size_t i = threadIdx.x; i < per; i += blockDim.x)
        s[i] = P.src[row * per + i];
    __syncthreads();
    for (size_t i = threadIdx.x; i < per; i += blockDim.x)
        P.dst[row * per + i] = s[per - 1 - i];
}

static double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

int main(int argc, char **argv) {
    const int reps = argc > 1 ? atoi(argv[1]) : 200;
    cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    const size_t rows = 1080, cols = 1920, elems = rows * cols, bytes = elems * 4, n16 = bytes / 16;
    const int sets = 12;
    std::vector<float *> xb(sets), yb(sets);
    for (int s = 0; s < sets; s++) {
        CK(cudaMalloc(&xb[s], bytes));
        CK(cudaMalloc(&yb[s], bytes));
        std::vector<float> h(elems);
        for (size_t i = 0; i < elems; i++) h[i] = (float)((i * 2654435761u + s) % 1000) / 1000.f - 0.5f;
        CK(cudaMemcpy(xb[s], h.data(), bytes, cudaMemcpyHostToDevice));
    }
    cudaStream_t ns;
    CK(cudaStreamCreateWithFlags(&ns, cudaStreamNonBlocking));
    CK(cudaFuncSetAttribute(copy_rows_smem, cudaFuncAttributeMaxDynamicSharedMemorySize, 200 * 1024));
    plr_signature one, biq;
    char why[256];
    if (plr_signature_parse("(0.2: 0.8)", PLR_F32, &one, why, sizeof why) ||
        plr_signature_parse("(0.2, 0.3, 0.1: 0.5, -0.2)", PLR_F32, &biq, why, sizeof why)) {
        fprintf(stderr, "sig: %s\n", why);
        return 2;
    }
    plr_options opt = {PLR_DEVICE_CUDA, 0, 0};
    plr_layout lay = {rows, 1, (ptrdiff_t)cols, 1, (ptrdiff_t)cols};
    // warm the clocks
    {
        const double t = now_s();
        while (now_s() - t < 0.3) {
            for (int i = 0; i < 20; i++) copy_kernel<<<prop.multiProcessorCount * 8, 512>>>((const uint4 *)xb[0], (uint4 *)yb[0], n16);
            CK(cudaDeviceSynchronize());
        }
    }
    struct V { const char *name; std::vector<double> t; };
    std::vector<V> vs = {{"empty<<<1,32>>> default stream, device sync", {}},
                         {"empty<<<1,32>>> own stream, stream sync", {}},
                         {"empty, 848-byte parameter, own stream", {}},
                         {"copy kernel (bench reference), default stream, device sync", {}},
                         {"copy kernel, own stream, stream sync", {}},
                         {"cudaMemcpyAsync D2D, own stream, stream sync", {}},
                         {"copy kernel, 848-byte parameter, rows grid 1080x128", {}},
                         {"copy rows through 10 KB dynamic shared memory", {}},
                         {"copy rows through 100 KB dynamic shared memory", {}},
                         {"plr_run_many one-pole rows", {}},
                         {"plr_run_many biquad rows", {}},
                         {"copy kernel, default stream, cudaStreamQuery spin", {}},
                         {"8 copy kernels back to back, per kernel", {}}};
    plr_status bad = PLR_OK;
    for (int r = 0; r < reps + 5; r++) {
        for (size_t v = 0; v < vs.size(); v++) {
            const int s = (int)((r * vs.size() + v) % sets);
            Big B;
            memset(&B, 0, sizeof B);
            B.src = (const uint4 *)xb[s];
            B.dst = (uint4 *)yb[s];
            B.n16 = n16;
            plr_data d;
            memset(&d, 0, sizeof d);
            d.n = cols;
            d.x = xb[s];
            d.y = yb[s];
            const double t0 = now_s();
            switch (v) {
            case 0: empty_kernel<<<1, 32>>>(); CK(cudaDeviceSynchronize()); break;
            case 1: empty_kernel<<<1, 32, 0, ns>>>(); CK(cudaStreamSynchronize(ns)); break;
            case 2: empty_big<<<1, 32, 0, ns>>>(B); CK(cudaStreamSynchronize(ns)); break;
            case 3: copy_kernel<<<prop.multiProcessorCount * 8, 512>>>(B.src, B.dst, n16); CK(cudaDeviceSynchronize()); break;
            case 4: copy_kernel<<<prop.multiProcessorCount * 8, 512, 0, ns>>>(B.src, B.dst, n16); CK(cudaStreamSynchronize(ns)); break;
            case 5: CK(cudaMemcpyAsync(B.dst, B.src, bytes, cudaMemcpyDeviceToDevice, ns)); CK(cudaStreamSynchronize(ns)); break;
            case 6: copy_rows<<<rows, 128, 0, ns>>>(B); CK(cudaStreamSynchronize(ns)); break;
            case 7: copy_rows_smem<<<rows, 128, 10240, ns>>>(B); CK(cudaStreamSynchronize(ns)); break;
            case 8: copy_rows_smem<<<rows, 128, 102400, ns>>>(B); CK(cudaStreamSynchronize(ns)); break;
            case 9: bad = plr_run_many(&one, &d, &lay, &opt, NULL); break;
            case 10: bad = plr_run_many(&biq, &d, &lay, &opt, NULL); break;
            case 11: copy_kernel<<<prop.multiProcessorCount * 8, 512>>>(B.src, B.dst, n16); while (cudaStreamQuery(0) == cudaErrorNotReady) {} break;
            case 12:
                for (int k = 0; k < 8; k++) {
                    const int s2 = (s + k) % sets;
                    copy_kernel<<<prop.multiProcessorCount * 8, 512>>>((const uint4 *)xb[s2], (uint4 *)yb[s2], n16);
                }
                CK(cudaDeviceSynchronize());
                break;
            }
            double t = now_s() - t0;
            if (v == 12) t /= 8;
            if (bad != PLR_OK) {
                fprintf(stderr, "plr_run_many: status %d\n", (int)bad);
                return 2;
            }
            if (r >= 5) vs[v].t.push_back(t);
        }
    }
    const double ref = median(vs[3].t);
    printf("%s, 1080x1920 f32, %d rounds interleaved (medians, us; %% = reference copy / it)\n", prop.name, reps);
    for (auto &v : vs)
        printf("  %-62s %8.2f  %6.1f%%\n", v.name, median(v.t) * 1e6, 100 * ref / median(v.t));
    return 0;
}
