// Where the caller's memory lives, for the API layer and the planner: the
// host must never dereference device memory, and small arrays the API reads
// or writes itself (history, initial and final state) may live there too.
#include <cuda_runtime.h>

#include <atomic>

#include <stddef.h>

extern "C" int plr_cuda_available(char *why, size_t whylen);

// 0: host memory (pageable or pinned), 1: managed, 2: device-only.
extern "C" int plr_cuda_memory_kind(const void *p)
{
    if (!p)
        return 0;
    // whether a device is usable does not change within a process; asked
    // once (the probe's answer is formatted text, twice per call otherwise)
    static std::atomic<int> usable{-1};
    int u = usable.load(std::memory_order_relaxed);
    if (u < 0) {
        char why[160];
        u = plr_cuda_available(why, sizeof why);
        usable.store(u, std::memory_order_relaxed);
    }
    if (!u) // no usable device: no device memory either
        return 0;
    cudaPointerAttributes a;
    if (cudaPointerGetAttributes(&a, p) != cudaSuccess) {
        cudaGetLastError(); // clear the sticky-free error of an unregistered host pointer
        return 0;
    }
    switch (a.type) {
    case cudaMemoryTypeDevice: return 2;
    case cudaMemoryTypeManaged: return 1;
    default: return 0;
    }
}

// Copies between any two places (cudaMemcpyDefault with unified addressing).
extern "C" int plr_cuda_copy(void *dst, const void *src, size_t bytes)
{
    if (bytes == 0)
        return 0;
    if (cudaMemcpy(dst, src, bytes, cudaMemcpyDefault) != cudaSuccess) {
        cudaGetLastError();
        return -1;
    }
    return 0;
}
