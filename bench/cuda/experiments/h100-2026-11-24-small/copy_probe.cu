// The batched bench's copy kernel alone, 1080x1920 floats, for ncu.
#include <cstdio>
#include <cuda_runtime.h>
__global__ void copy_kernel(const uint4 *__restrict__ src, uint4 *__restrict__ dst, size_t n16)
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n16; i += (size_t)gridDim.x * blockDim.x)
        dst[i] = src[i];
}
int main()
{
    const size_t bytes = (size_t)1080 * 1920 * 4;
    uint4 *a, *b;
    cudaMalloc(&a, bytes);
    cudaMalloc(&b, bytes);
    int sms;
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
    for (int i = 0; i < 5; i++)
        copy_kernel<<<sms * 8, 512>>>(a, b, bytes / 16);
    cudaDeviceSynchronize();
    printf("copy probe done\n");
    return 0;
}
