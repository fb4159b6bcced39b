// Kernel lookup shared by the instantiation files and the host code.
#pragma once

namespace plrk {
// items per thread: specialized orders 1..8 use 16 (4-byte types) or 8
// (8-byte types) so that each thread moves 64 bytes, four 16-byte loads;
// the general path keeps 4 because its per-thread vectors are 32 long.
#ifndef PLR_CUDA_ITEMS4
#define PLR_CUDA_ITEMS4 16
#endif
constexpr int ITEMS_SPEC_4B = PLR_CUDA_ITEMS4;
constexpr int ITEMS_SPEC_8B = 8;
constexpr int ITEMS_GENERAL = 4;
constexpr unsigned MAX_SPEC_K = 8;

const void *kernel_u32(unsigned k);
const void *kernel_u64(unsigned k);
const void *kernel_f32(unsigned k);
const void *kernel_f64(unsigned k);

inline int items_for(unsigned esize, unsigned k)
{
    if (k > MAX_SPEC_K)
        return ITEMS_GENERAL;
    return esize == 4 ? ITEMS_SPEC_4B : ITEMS_SPEC_8B;
}
} // namespace plrk
