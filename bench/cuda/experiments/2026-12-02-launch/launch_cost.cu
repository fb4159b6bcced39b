// Host cost of one kernel launch by stream kind and parameter size (H200):
// what part of a small plr call's ~5.7 us in cudaLaunchKernel (host trace,
// 2026-12-02-matrix) is the stream the backend launches on (a blocking
// stream, which orders it after the caller's legacy-stream work), and what
// part the size of its __grid_constant__ parameters or its opt-in shared
// memory. Per case: the median over 2000 calls of the cudaLaunchKernel call
// alone and of launch + cudaStreamSynchronize, the queue empty before each.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cuda_runtime.h>
#include <vector>

struct Small {
    int v;
};
struct Big {
    int v[512]; // 2 KiB, about the scan kernel's ScanParams
};
__global__ void k_small(const __grid_constant__ Small p)
{
    if (p.v == 12345 && threadIdx.x == 1023)
        printf("x");
}
__global__ void k_big(const __grid_constant__ Big p)
{
    if (p.v[0] == 12345 && threadIdx.x == 1023)
        printf("x");
}
__global__ void k_smem(const __grid_constant__ Big p)
{
    extern __shared__ int sm[];
    if (p.v[0] == 12345)
        sm[threadIdx.x] = 1;
}

static double now() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

static void run(const char *what, const void *fn, void **args, size_t smem, cudaStream_t s)
{
    std::vector<double> tl, tw;
    for (int r = 0; r < 2100; r++) {
        cudaStreamSynchronize(s);
        cudaDeviceSynchronize();
        double t0 = now();
        cudaLaunchKernel(fn, dim3(132), dim3(256), args, smem, s);
        double t1 = now();
        cudaStreamSynchronize(s);
        double t2 = now();
        if (r >= 100) {
            tl.push_back(t1 - t0);
            tw.push_back(t2 - t0);
        }
    }
    std::sort(tl.begin(), tl.end());
    std::sort(tw.begin(), tw.end());
    printf("%-44s launch %6.2f us  launch+sync %6.2f us  (err %s)\n", what, tl[tl.size() / 2] * 1e6,
           tw[tw.size() / 2] * 1e6, cudaGetErrorString(cudaGetLastError()));
}

int main()
{
    cudaFree(0);
    cudaFuncSetAttribute(k_smem, cudaFuncAttributeMaxDynamicSharedMemorySize, 200 * 1024);
    cudaStream_t blocking, nonblocking;
    cudaStreamCreateWithFlags(&blocking, cudaStreamDefault);
    cudaStreamCreateWithFlags(&nonblocking, cudaStreamNonBlocking);
    Small ps{1};
    static Big pb{};
    void *as[] = {&ps}, *ab[] = {&pb};
    struct {
        const char *name;
        cudaStream_t s;
    } ss[] = {{"legacy default stream", cudaStreamLegacy},
              {"blocking stream", blocking},
              {"non-blocking stream", nonblocking},
              {"per-thread default stream", cudaStreamPerThread}};
    for (int round = 0; round < 2; round++)
        for (auto &s : ss) {
            char w[96];
            snprintf(w, sizeof w, "%s, 4 B params", s.name);
            run(w, (const void *)k_small, as, 0, s.s);
            snprintf(w, sizeof w, "%s, 2 KiB params", s.name);
            run(w, (const void *)k_big, ab, 0, s.s);
            snprintf(w, sizeof w, "%s, 2 KiB params, 200 KiB smem", s.name);
            run(w, (const void *)k_smem, ab, 200 * 1024, s.s);
        }
    return 0;
}
