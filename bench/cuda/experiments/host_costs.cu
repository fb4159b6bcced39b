// Host-side costs of the CUDA API calls one libplr call makes (issue 11: the
// 1080x1920 image's call costs ~8.8 us over its kernel, a copy ~6 us).
// Build and run on the GPU machine: nvcc -O2 -o host_costs host_costs.cu && ./host_costs
#include <chrono>
#include <cstdio>
#include <cuda_runtime.h>
#include <vector>
#include <algorithm>

struct Big { char b[2048]; };
struct Small { void *p; long long n; };
__global__ void k_big(const __grid_constant__ Big b) { if (threadIdx.x == 9999) printf("%d", b.b[0]); }
__global__ void k_small(Small s) { if (threadIdx.x == 9999) printf("%p", s.p); }

static double now() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }
template <class F> double med_us(F f, int reps = 2000)
{
    std::vector<double> t;
    for (int i = 0; i < reps; i++) {
        double a = now();
        f();
        t.push_back(now() - a);
    }
    std::sort(t.begin(), t.end());
    return t[t.size() / 2] * 1e6;
}
int main()
{
    float *d;
    cudaMalloc(&d, 1 << 24);
    cudaStream_t s;
    cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    cudaEvent_t e0, e1;
    cudaEventCreate(&e0);
    cudaEventCreate(&e1);
    Big b{};
    Small sm{d, 1};
    cudaPointerAttributes a;
    k_small<<<1, 32, 0, s>>>(sm);
    cudaStreamSynchronize(s);
    printf("cudaPointerGetAttributes            %.2f us\n", med_us([&] { cudaPointerGetAttributes(&a, d); }));
    printf("launch 2 KB params + sync           %.2f us\n", med_us([&] { void *args[] = {&b}; cudaLaunchKernel((const void *)k_big, dim3(270), dim3(128), args, 0, s); cudaStreamSynchronize(s); }));
    printf("launch 16 B params + sync           %.2f us\n", med_us([&] { void *args[] = {&sm}; cudaLaunchKernel((const void *)k_small, dim3(270), dim3(128), args, 0, s); cudaStreamSynchronize(s); }));
    printf("launch 2 KB params, no sync         %.2f us\n", med_us([&] { void *args[] = {&b}; cudaLaunchKernel((const void *)k_big, dim3(270), dim3(128), args, 0, s); }, 200));
    cudaStreamSynchronize(s);
    printf("launch 16 B params, no sync         %.2f us\n", med_us([&] { void *args[] = {&sm}; cudaLaunchKernel((const void *)k_small, dim3(270), dim3(128), args, 0, s); }, 200));
    cudaStreamSynchronize(s);
    printf("2 event records + launch + sync + elapsed %.2f us\n", med_us([&] { cudaEventRecord(e0, s); void *args[] = {&sm}; cudaLaunchKernel((const void *)k_small, dim3(270), dim3(128), args, 0, s); cudaEventRecord(e1, s); cudaStreamSynchronize(s); float ms; cudaEventElapsedTime(&ms, e0, e1); }));
    printf("cudaGetLastError                    %.2f us\n", med_us([&] { cudaGetLastError(); }));
    int dev;
    printf("cudaGetDevice                       %.2f us\n", med_us([&] { cudaGetDevice(&dev); }));
    printf("cudaFuncGetAttributes               %.2f us\n", med_us([&] { cudaFuncAttributes fa; cudaFuncGetAttributes(&fa, (const void *)k_small); }));
    return 0;
}
