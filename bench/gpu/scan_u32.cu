// The Scan baseline for unsigned elements (see scan_baseline.h); one file per type
// so the two CUB instantiation sets compile in parallel.
#include "scan_baseline.cuh"

namespace plr_eval {

cudaError_t scan_u32_temp(const ScanJob &j, int fly, size_t *bytes) { PLR_EVAL_SCAN_DISPATCH(unsigned, temp(j, fly, bytes)); }
cudaError_t scan_u32_build(const ScanJob &j) { PLR_EVAL_SCAN_DISPATCH(unsigned, build(j)); }
cudaError_t scan_u32_scan(const ScanJob &j) { PLR_EVAL_SCAN_DISPATCH(unsigned, scan(j)); }
cudaError_t scan_u32_extract(const ScanJob &j) { PLR_EVAL_SCAN_DISPATCH(unsigned, extract(j)); }
cudaError_t scan_u32_fly(const ScanJob &j) { PLR_EVAL_SCAN_DISPATCH(unsigned, fly(j)); }

size_t scan_pair_bytes(int k) { return (size_t)(k * k + k) * 4; }

} // namespace plr_eval
