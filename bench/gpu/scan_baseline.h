// The "Scan" baseline of plr-eval (Blelloch's formulation, scan_op.h) run by
// cub::DeviceScan::InclusiveScan with our operator, for orders 1..SCAN_MAX_K:
//  - materialized, as the paper ran it: the (k x k matrix, k vector) pairs are
//    built in memory first (build), then scanned pairs -> pairs (scan), then
//    y is taken from the vector parts (extract);
//  - on the fly: a transform iterator builds each pair from x inside the scan
//    and a transform output iterator writes y directly (no pair arrays).
// Instantiated per element type in scan_u32.cu and scan_f32.cu.
#ifndef PLR_EVAL_SCAN_BASELINE_H
#define PLR_EVAL_SCAN_BASELINE_H

#include <cuda_runtime.h>
#include <stddef.h>

namespace plr_eval {

constexpr int SCAN_MAX_K = 3;

struct ScanJob {
    int k;           // 1..SCAN_MAX_K
    int p1;          // fir length, 1..SCAN_MAX_FIR
    double a[4];     // a0..ap (converted to the element type; integers exact)
    double b[4];     // b1..bk
    const void *x;   // n elements
    void *y;         // n elements
    size_t n;        // <= INT32_MAX (CUB is called with int item counts)
    void *pairs_in;  // materialized only: n pairs
    void *pairs_out; // materialized only: n pairs
    void *temp;      // CUB temp storage
    size_t temp_bytes;
    cudaStream_t stream;
};

// bytes of one pair (k*k + k elements of 4 bytes)
size_t scan_pair_bytes(int k);

// CUB temp storage for the materialized (fly = 0) or on-the-fly (fly = 1)
// scan of job.n items; sets *bytes.
cudaError_t scan_u32_temp(const ScanJob &job, int fly, size_t *bytes);
cudaError_t scan_f32_temp(const ScanJob &job, int fly, size_t *bytes);
// materialized: x -> pairs_in
cudaError_t scan_u32_build(const ScanJob &job);
cudaError_t scan_f32_build(const ScanJob &job);
// materialized: pairs_in -> pairs_out (the timed part in the paper)
cudaError_t scan_u32_scan(const ScanJob &job);
cudaError_t scan_f32_scan(const ScanJob &job);
// materialized: pairs_out -> y
cudaError_t scan_u32_extract(const ScanJob &job);
cudaError_t scan_f32_extract(const ScanJob &job);
// on the fly: x -> y
cudaError_t scan_u32_fly(const ScanJob &job);
cudaError_t scan_f32_fly(const ScanJob &job);

} // namespace plr_eval

#endif
