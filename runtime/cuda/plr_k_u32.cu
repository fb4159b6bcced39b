// Kernel instantiations for unsigned arithmetic, one file per type so that the
// slow nvcc builds of the 6 targets run in parallel.
#include "plr_batch.cuh"
#include "plr_wrow.cuh"
#include "plr_warmup.cuh"
#include "plr_kernel.cuh"
#include "plr_korder.cuh"
#include "plr_kernels.h"

namespace plrk {
const void *kernel_u32(unsigned k, int blk, bool fir_reg)
{
    if (blk == 512) // orders 2..8 only (see block_for)
        return fir_reg ? kernel_table<unsigned, ITEMS_SPEC_4B, 512, 2, false, ITEMS_GENERAL, FIR_REG>(k)
                       : kernel_table<unsigned, ITEMS_SPEC_4B, 512, 2, false, ITEMS_GENERAL>(k);
    if (fir_reg) // 256 threads: order 1 (sm_75 takes the stage path for the others)
        return k == 1 ? reinterpret_cast<const void *>(&plr_kernel<unsigned, 1, ITEMS_SPEC_4B, 256, FIR_REG>)
                      : nullptr;
    return kernel_table<unsigned, ITEMS_SPEC_4B, 256, 1, true, ITEMS_GENERAL>(k);
}
const void *batch_kernel_u32(unsigned k) { return batch_kernel_table<unsigned, B_ITEMS_4B>(k); }
const void *batch_rkernel_u32(unsigned k, bool lb, bool pf)
{
    return batch_rkernel_table<unsigned, B_ITEMS_4B>(k, lb, pf);
}
const void *wrow_kernel_u32(unsigned k, unsigned nv, unsigned p) { return wrow_kernel_table<unsigned>(k, nv, p); }
const void *warmup_kernel_u32(unsigned k, unsigned p) { return warmup_kernel_table<unsigned>(k, p); }
const void *korder_kernel_u32(unsigned K, int which) { return korder_table<unsigned>(K, which); }
} // namespace plrk
