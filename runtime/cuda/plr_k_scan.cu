// The scan kernel (plr_scan.cuh) for each arithmetic class and form, in a
// file of its own: it builds in seconds, the other kernel files in minutes.
#include "plr_scan.cuh"
#include "plr_kernels.h"

namespace plrk {
namespace {
template <class T, class F, int LAY, int FP> ScanKernel scan_kernel_of()
{
    using Gm = scan::ScanGeomOf<LAY, FP>;
    return ScanKernel{reinterpret_cast<const void *>(&scan::plr_scan_kernel<T, Gm, F, FP>), scan::scan_smem<T, Gm>(),
                      Gm::THREADS, scan::scan_tile<T, Gm>()};
}
template <class T, class F, int FP> ScanKernel scan_kernel_lay(ScanLayout lay)
{
    return lay == SCAN_LANES ? scan_kernel_of<T, F, SCAN_LANES, FP>() : scan_kernel_of<T, F, SCAN_ROWS, FP>();
}
template <class T> ScanKernel scan_kernel_form(ScanForm form, ScanLayout lay, ScanTaps taps, bool in_float)
{
    if (form == SCAN_NONE || (taps != SCAN_NO_TAPS && !scan_fir_taps(form)))
        return ScanKernel{};
    return scan::with_form<T>(form, in_float, [lay, taps](auto tag) {
        using F = typename decltype(tag)::type;
        static_assert(F::FIR >= 0 && F::FIR <= 3, "input taps the kernel's halo reaches");
        if constexpr (F::FIR > 0) {
            if (taps == SCAN_TAPS)
                return scan_kernel_lay<T, F, F::FIR>(lay);
            if constexpr (F::MIX)
                if (taps == SCAN_MIX)
                    return scan_kernel_lay<T, F, -F::FIR>(lay);
        }
        return taps == SCAN_NO_TAPS ? scan_kernel_lay<T, F, 0>(lay) : ScanKernel{};
    });
}
} // namespace
ScanKernel scan_kernel_u32(ScanForm form, ScanLayout lay, ScanTaps taps)
{
    return scan_kernel_form<unsigned>(form, lay, taps, false);
}
ScanKernel scan_kernel_u64(ScanForm form, ScanLayout lay, ScanTaps taps)
{
    return scan_kernel_form<unsigned long long>(form, lay, taps, false);
}
ScanKernel scan_kernel_f32(ScanForm form, ScanLayout lay, ScanTaps taps, bool in_float)
{
    return scan_kernel_form<float>(form, lay, taps, in_float);
}
ScanKernel scan_kernel_f64(ScanForm form, ScanLayout lay, ScanTaps taps)
{
    return scan_kernel_form<double>(form, lay, taps, false);
}
} // namespace plrk
