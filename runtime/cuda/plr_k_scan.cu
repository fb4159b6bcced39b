// The prefix-sum kernel (plr_scan.cuh) for each arithmetic class, in a file
// of its own: it builds in seconds, the other kernel files in minutes.
#include "plr_scan.cuh"
#include "plr_kernels.h"

namespace plrk {
namespace {
template <class T> ScanKernel scan_kernel_of()
{
    using Gm = scan::ScanDefault;
    return ScanKernel{reinterpret_cast<const void *>(&scan::plr_scan_kernel<T, Gm>), scan::scan_smem<T, Gm>(),
                      Gm::THREADS, scan::scan_tile<T, Gm>()};
}
} // namespace
ScanKernel scan_kernel_u32() { return scan_kernel_of<unsigned>(); }
ScanKernel scan_kernel_u64() { return scan_kernel_of<unsigned long long>(); }
ScanKernel scan_kernel_f32() { return scan_kernel_of<float>(); }
ScanKernel scan_kernel_f64() { return scan_kernel_of<double>(); }
} // namespace plrk
