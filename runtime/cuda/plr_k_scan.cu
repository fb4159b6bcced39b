// The scan kernel (plr_scan.cuh) for each arithmetic class and number of
// interleaved sums, in a file of its own: it builds in seconds, the other
// kernel files in minutes.
#include "plr_scan.cuh"
#include "plr_kernels.h"

namespace plrk {
namespace {
template <class T, int C> ScanKernel scan_kernel_of()
{
    using Gm = scan::ScanDefault;
    return ScanKernel{reinterpret_cast<const void *>(&scan::plr_scan_kernel<T, Gm, C>), scan::scan_smem<T, Gm>(),
                      Gm::THREADS, scan::scan_tile<T, Gm>()};
}
template <class T> ScanKernel scan_kernel_sums(unsigned sums)
{
    return sums == 1 ? scan_kernel_of<T, 1>() : sums == 2 ? scan_kernel_of<T, 2>() : ScanKernel{};
}
} // namespace
ScanKernel scan_kernel_u32(unsigned sums) { return scan_kernel_sums<unsigned>(sums); }
ScanKernel scan_kernel_u64(unsigned sums) { return scan_kernel_sums<unsigned long long>(sums); }
ScanKernel scan_kernel_f32(unsigned sums) { return scan_kernel_sums<float>(sums); }
ScanKernel scan_kernel_f64(unsigned sums) { return scan_kernel_sums<double>(sums); }
} // namespace plrk
