/* The serial backend: the reference loop, block by block so that the FIR
 * part is a vectorizable map and in-place calls need no copy of x. */
#include "internal.h"

#include <math.h>
#include <string.h>

#define SERIAL_BLOCK 2048

#define PLR_PER_TYPE "serial_impl.h"
#include "for_each_type.h"

/* Estimated processor cycles per element of the serial loop: the longest of
 * its dependency chain (the multiply-add through y[i-1], or through the
 * nearest term present, shared among that many interleaved chains) and its
 * instruction throughput. */
double plr_serial_cycles_per_element(const plr_problem *prob)
{
    bool fp = plr_type_is_float(prob->type);
    double mul = 3.0, add = fp ? 3.0 : 1.0;
    double nt = (double)prob->b.count;
    double chain = (mul + nt * add) / (double)prob->b.lag[0];
    double throughput = nt + 1.0 + 0.5 * (double)prob->a.count;
    return chain > throughput ? chain : throughput;
}

plr_status plr_backend_serial(const plr_problem *prob)
{
    switch (prob->type) {
    case PLR_I32:
    case PLR_U32: serial_run_u32(prob); break;
    case PLR_I64:
    case PLR_U64: serial_run_u64(prob); break;
    case PLR_F32: serial_run_f32(prob); break;
    case PLR_F64: serial_run_f64(prob); break;
    }
    return PLR_OK;
}
