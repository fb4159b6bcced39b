// Kernel instantiations for unsigned arithmetic, one file per type so that the
// slow nvcc builds of the 6 targets run in parallel.
#include "plr_batch.cuh"
#include "plr_kernel.cuh"
#include "plr_kernels.h"

namespace plrk {
const void *kernel_u32(unsigned k, int blk)
{
    if (blk == 512) // orders 2..8 only (see block_for)
        return kernel_table<unsigned, ITEMS_SPEC_4B, 512, 2, false, ITEMS_GENERAL>(k);
    return kernel_table<unsigned, ITEMS_SPEC_4B, 256, 1, true, ITEMS_GENERAL>(k);
}
const void *batch_kernel_u32(unsigned k) { return batch_kernel_table<unsigned, B_ITEMS_4B>(k); }
const void *batch_rkernel_u32(unsigned k, bool lb, bool pf)
{
    return batch_rkernel_table<unsigned, B_ITEMS_4B>(k, lb, pf);
}
} // namespace plrk
