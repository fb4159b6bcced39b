// Kernel lookup shared by the instantiation files and the host code.
#pragma once

#include <cstddef>

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
constexpr unsigned MAX_SPEC_K = 8; // kernel_table (plr_kernel.cuh) lists 1..8

// the kernel for order k (0 or > MAX_SPEC_K: the general path) with blk
// compute threads, as block_for chooses them; fir_reg: the register path of
// FIR parts (histories up to FIR_REG, orders up to MAX_SPEC_K, not in place;
// nullptr where it does not exist)
const void *kernel_u32(unsigned k, int blk, bool fir_reg);
const void *kernel_u64(unsigned k, int blk, bool fir_reg);
const void *kernel_f32(unsigned k, int blk, bool fir_reg);
const void *kernel_f64(unsigned k, int blk, bool fir_reg);

// the batched tile kernel (plr_batch.cuh) for order k = 1..8, else nullptr;
// items per thread: 64 bytes, as above
constexpr int B_ITEMS_4B = 16;
constexpr int B_ITEMS_8B = 8;
const void *batch_kernel_u32(unsigned k);
const void *batch_kernel_u64(unsigned k);
const void *batch_kernel_f32(unsigned k);
const void *batch_kernel_f64(unsigned k);
// the register-direct variant (plr_batch_rkernel): same tiles, no tile in
// shared memory; lb: with tickets and the look-back (several segments); pf:
// persistent blocks staging their next tile (plr_batch_pkernel)
const void *batch_rkernel_u32(unsigned k, bool lb, bool pf);
const void *batch_rkernel_u64(unsigned k, bool lb, bool pf);
const void *batch_rkernel_f32(unsigned k, bool lb, bool pf);
const void *batch_rkernel_f64(unsigned k, bool lb, bool pf);

// the warp-per-sequence kernel (plr_wrow.cuh) for order k = 1..4, nv
// 16-byte vectors per lane (2, 4, 8) and FIR history p (0..4), else nullptr
const void *wrow_kernel_u32(unsigned k, unsigned nv, unsigned p);
const void *wrow_kernel_u64(unsigned k, unsigned nv, unsigned p);
const void *wrow_kernel_f32(unsigned k, unsigned nv, unsigned p);
const void *wrow_kernel_f64(unsigned k, unsigned nv, unsigned p);

// the warm-up kernel (plr_warmup.cuh) for order k = 1..4 and FIR history
// p = 0..4, else nullptr
const void *warmup_kernel_u32(unsigned k, unsigned p);
const void *warmup_kernel_u64(unsigned k, unsigned p);
const void *warmup_kernel_f32(unsigned k, unsigned p);
const void *warmup_kernel_f64(unsigned k, unsigned p);

// the higher-order kernels (plr_korder.cuh) for state width K = 8, 16, 32:
// which 0 the segments' zero-start pass, 1..3 the chain of segment states
// (its three levels), 4 the output pass; nullptr for another K
const void *korder_kernel_u32(unsigned K, int which);
const void *korder_kernel_u64(unsigned K, int which);
const void *korder_kernel_f32(unsigned K, int which);
const void *korder_kernel_f64(unsigned K, int which);

// the one-pass higher-order kernel (plr_korder1.cuh) for state width K (8
// only) and geometry geom (0..KO1_GEOMS-1); fn nullptr for another
struct Ko1Kernel {
    const void *fn = nullptr;
    size_t smem = 0;              // dynamic shared memory a block
    int threads = 0;
    unsigned long long tile = 0;  // elements a tile
    unsigned sub = 0;             // elements a row (a lane's run)
};
constexpr int KO1_GEOMS = 4;
Ko1Kernel korder1_kernel_u32(unsigned K, int geom);
Ko1Kernel korder1_kernel_u64(unsigned K, int geom);
Ko1Kernel korder1_kernel_f32(unsigned K, int geom);
Ko1Kernel korder1_kernel_f64(unsigned K, int geom);

inline int items_for(unsigned esize, unsigned k)
{
    if (k > MAX_SPEC_K)
        return ITEMS_GENERAL;
    return esize == 4 ? ITEMS_SPEC_4B : ITEMS_SPEC_8B;
}

// Compute threads per block. Integer recurrences of orders 2..8 never have
// exact local carries, so every chunk waits on the look-back chain, which
// advances by the look-back window (12 x 32 chunks) per round trip: blocks
// of 512 threads make chunks twice as long and put half as many of them in
// each round of resident chunks, so the window reaches back three rounds
// instead of one and a half (H100, 2026-11-21, n = 2^30: 2-tuple and 2nd-order
// prefix sums 51% -> 67% of copy, 3rd-order 38% -> 52%, order 8 11% -> 19%).
// Order 1 gains nothing at 2^30 and loses at 2^20, and float filters, whose
// decaying carries are mostly exact, run faster with two blocks of 256 per
// SM (1-stage low-pass 90% against 80%). sm_75's shared memory holds two
// 16 KiB stages only, so 256 there.
inline int block_for(bool u32, unsigned k, int cc_major)
{
    return (u32 && k >= 2 && k <= MAX_SPEC_K && cc_major >= 8) ? 512 : 256;
}

// the recurrences the scan kernel (plr_scan.cuh, sm_90 and newer) runs
enum ScanForm {
    SCAN_NONE,
    SCAN_SUM,     // (a0: 1)
    SCAN_TUPLE2,  // (a0: 0, 1)
    SCAN_TUPLE3,  // (a0: 0, 0, 1)
    SCAN_ORDER2,  // (a0: 2, -1)
    SCAN_ORDER3,  // (a0: 3, -3, 1)
    SCAN_GEO,     // (a0: b): any b for integers, |b| < 1 for floats
    SCAN_POLE2,   // (a0: 2b, -b^2): two equal first-order stages, as SCAN_GEO
    SCAN_POLE3,   // (a0: 3b, -3b^2, b^3): three of them
};
// which units of a tile each lane of the scan kernel scans (plr_scan.cuh,
// ScanGeom): rows across the warp, or a lane's own consecutive units
enum ScanLayout {
    SCAN_ROWS,
    SCAN_LANES,
};
// how a scan kernel takes input taps beyond a0 (as many as the form's
// order, scan_fir_taps): none, made by the kernel from x, or (equal stages
// over floats) as a mix of the stages' outputs (plr_scan.cuh, Pole::mixed)
enum ScanTaps {
    SCAN_NO_TAPS,
    SCAN_TAPS,
    SCAN_MIX,
};
// the scan kernel of an arithmetic class, form, layout and way of taking
// input taps: its dynamic shared memory, threads a block and tile length;
// fn nullptr for SCAN_NONE or a way the form does not have
struct ScanKernel {
    const void *fn;
    size_t smem;
    int threads;
    unsigned long long tile;
};
ScanKernel scan_kernel_u32(ScanForm form, ScanLayout lay, ScanTaps taps);
ScanKernel scan_kernel_u64(ScanForm form, ScanLayout lay, ScanTaps taps);
// in_float: a first-order filter or equal stages carried in float, not
// double (plrk::scan::with_form)
ScanKernel scan_kernel_f32(ScanForm form, ScanLayout lay, ScanTaps taps, bool in_float);
ScanKernel scan_kernel_f64(ScanForm form, ScanLayout lay, ScanTaps taps);
// the input taps x[i-1] .. x[i-m] a form's kernel with taps takes: the
// M-stage high-pass's (1 - z^-1)^M, for first-order filters and equal stages
constexpr unsigned scan_fir_taps(ScanForm form)
{
    return form == SCAN_GEO ? 1 : form == SCAN_POLE2 ? 2 : form == SCAN_POLE3 ? 3 : 0;
}
} // namespace plrk
