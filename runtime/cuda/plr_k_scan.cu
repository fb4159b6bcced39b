// The scan kernel (plr_scan.cuh) for each arithmetic class and form, in a
// file of its own: it builds in seconds, the other kernel files in minutes.
#include "plr_scan.cuh"
#include "plr_kernels.h"

namespace plrk {
namespace {
template <class T, class F> ScanKernel scan_kernel_of()
{
    using Gm = scan::ScanDefault;
    return ScanKernel{reinterpret_cast<const void *>(&scan::plr_scan_kernel<T, Gm, F>), scan::scan_smem<T, Gm>(),
                      Gm::THREADS, scan::scan_tile<T, Gm>()};
}
template <class T> ScanKernel scan_kernel_form(ScanForm form, bool in_float)
{
    if (form == SCAN_NONE)
        return ScanKernel{};
    return scan::with_form<T>(form, in_float,
                              [](auto tag) { return scan_kernel_of<T, typename decltype(tag)::type>(); });
}
} // namespace
ScanKernel scan_kernel_u32(ScanForm form) { return scan_kernel_form<unsigned>(form, false); }
ScanKernel scan_kernel_u64(ScanForm form) { return scan_kernel_form<unsigned long long>(form, false); }
ScanKernel scan_kernel_f32(ScanForm form, bool in_float) { return scan_kernel_form<float>(form, in_float); }
ScanKernel scan_kernel_f64(ScanForm form) { return scan_kernel_form<double>(form, false); }
} // namespace plrk
