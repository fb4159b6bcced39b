/* The serial backend: every group of the work run whole, in order, with
 * the sweeps of sweeps.h (the reference loop, blocked so that the FIR part
 * is a vectorizable map; lanes advancing together where sequences are
 * adjacent in memory). */
#include "internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "for_each_type.h"

static bool coef_is_one(const plr_problem *prob, const unsigned char *coef)
{
    unsigned char one[8] = {0};
    plr_coef c = {.u = 1};
    if (plr_type_is_float(prob->type))
        c.f = 1.0;
    plr_coef_to_arith(prob->type, c, one);
    return memcmp(coef, one, prob->esize) == 0;
}

/* Estimated processor cycles per element of the serial loop: the longest of
 * its dependency chain (the multiply-add through y[i-1], or through the
 * nearest term present, shared among that many interleaved chains; a
 * coefficient of one is a plain add, as in prefix and tuple sums) and its
 * instruction throughput. */
double plr_serial_cycles_per_element(const plr_problem *prob)
{
    bool fp = plr_type_is_float(prob->type);
    double mul = coef_is_one(prob, prob->b.coef[0]) ? 0.0 : 3.0, add = fp ? 3.0 : 1.0;
    double nt = (double)prob->b.count;
    double chain = (mul + nt * add) / (double)prob->b.lag[0];
    double throughput = nt + 1.0 + 0.5 * (double)prob->a.count;
    return chain > throughput ? chain : throughput;
}

plr_status plr_backend_serial(const plr_problem *prob, const plr_work *work)
{
    void *scratch = NULL;
    size_t need = group_scratch_size_u32(prob, work); /* elements, whatever the type */
    if (need && !(scratch = malloc(need * prob->esize)))
        return PLR_ERR_NO_MEMORY;
    for (size_t g = 0; g < work->groups; g++) {
        switch (prob->type) {
        case PLR_I32:
        case PLR_U32: group_run_u32(prob, work, g, scratch); break;
        case PLR_I64:
        case PLR_U64: group_run_u64(prob, work, g, scratch); break;
        case PLR_F32: group_run_f32(prob, work, g, scratch); break;
        case PLR_F64: group_run_f64(prob, work, g, scratch); break;
        }
    }
    free(scratch);
    return PLR_OK;
}
