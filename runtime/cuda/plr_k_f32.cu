// Kernel instantiations for float arithmetic, one file per type so that the
// slow nvcc builds of the 6 targets run in parallel.
#include "plr_batch.cuh"
#include "plr_wrow.cuh"
#include "plr_warmup.cuh"
#include "plr_kernel.cuh"
#include "plr_korder.cuh"
#include "plr_kernels.h"

namespace plrk {
const void *kernel_f32(unsigned k, int blk, bool fir_reg)
{
    if (blk != 256)
        return nullptr;
    if (fir_reg)
        return kernel_table<float, ITEMS_SPEC_4B, 256, 1, false, ITEMS_GENERAL, FIR_REG>(k);
    return kernel_table<float, ITEMS_SPEC_4B, 256, 1, true, ITEMS_GENERAL>(k);
}
const void *batch_kernel_f32(unsigned k) { return batch_kernel_table<float, B_ITEMS_4B>(k); }
const void *batch_rkernel_f32(unsigned k, bool lb, bool pf)
{
    return batch_rkernel_table<float, B_ITEMS_4B>(k, lb, pf);
}
const void *wrow_kernel_f32(unsigned k, unsigned nv, unsigned p) { return wrow_kernel_table<float>(k, nv, p); }
const void *warmup_kernel_f32(unsigned k, unsigned p) { return warmup_kernel_table<float>(k, p); }
const void *korder_kernel_f32(unsigned K, int which) { return korder_table<float>(K, which); }
} // namespace plrk
