// The Scan baseline for float elements (see scan_baseline.h); one file per type
// so the two CUB instantiation sets compile in parallel.
#include "scan_baseline.cuh"

namespace plr_eval {

cudaError_t scan_f32_temp(const ScanJob &j, int fly, size_t *bytes) { PLR_EVAL_SCAN_DISPATCH(float, temp(j, fly, bytes)); }
cudaError_t scan_f32_build(const ScanJob &j) { PLR_EVAL_SCAN_DISPATCH(float, build(j)); }
cudaError_t scan_f32_scan(const ScanJob &j) { PLR_EVAL_SCAN_DISPATCH(float, scan(j)); }
cudaError_t scan_f32_extract(const ScanJob &j) { PLR_EVAL_SCAN_DISPATCH(float, extract(j)); }
cudaError_t scan_f32_fly(const ScanJob &j) { PLR_EVAL_SCAN_DISPATCH(float, fly(j)); }

} // namespace plr_eval
