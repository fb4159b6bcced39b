// Kernel instantiations for unsigned long long arithmetic, one file per type so that the
// slow nvcc builds of the 6 targets run in parallel.
#include "plr_kernel.cuh"
#include "plr_kernels.h"

namespace plrk {
const void *kernel_u64(unsigned k, int blk)
{
    using T = unsigned long long;
    if (blk != 256)
        return nullptr;
    switch (k) {
    case 1: return reinterpret_cast<const void *>(&plr_kernel<T, 1, ITEMS_SPEC_8B, 256>);
    case 2: return reinterpret_cast<const void *>(&plr_kernel<T, 2, ITEMS_SPEC_8B, 256>);
    case 3: return reinterpret_cast<const void *>(&plr_kernel<T, 3, ITEMS_SPEC_8B, 256>);
    case 4: return reinterpret_cast<const void *>(&plr_kernel<T, 4, ITEMS_SPEC_8B, 256>);
    case 5: return reinterpret_cast<const void *>(&plr_kernel<T, 5, ITEMS_SPEC_8B, 256>);
    case 6: return reinterpret_cast<const void *>(&plr_kernel<T, 6, ITEMS_SPEC_8B, 256>);
    case 7: return reinterpret_cast<const void *>(&plr_kernel<T, 7, ITEMS_SPEC_8B, 256>);
    case 8: return reinterpret_cast<const void *>(&plr_kernel<T, 8, ITEMS_SPEC_8B, 256>);
    default: return reinterpret_cast<const void *>(&plr_kernel<T, 0, ITEMS_GENERAL, 256>);
    }
}
} // namespace plrk
