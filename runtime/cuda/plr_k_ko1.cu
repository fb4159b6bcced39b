// The one-pass higher-order kernel (plr_korder1.cuh) for each arithmetic
// class, in a file of its own: it builds in seconds.
#include "plr_korder1.cuh"
#include "plr_kernels.h"

namespace plrk {
Ko1Kernel korder1_kernel_u32(unsigned K, int geom) { return korder1_table<unsigned>(K, geom); }
Ko1Kernel korder1_kernel_u64(unsigned K, int geom) { return korder1_table<unsigned long long>(K, geom); }
Ko1Kernel korder1_kernel_f32(unsigned K, int geom) { return korder1_table<float>(K, geom); }
Ko1Kernel korder1_kernel_f64(unsigned K, int geom) { return korder1_table<double>(K, geom); }
} // namespace plrk
