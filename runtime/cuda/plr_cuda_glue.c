/* C side of the CUDA backend: translates the internal plr_problem (whose
 * header C++ cannot include) into plrc_problem and fetches the factor table
 * from the shared cache, so there is one factor generator in libplr. */
#include "internal.h"
#include "plr_cuda_iface.h"

#include <stdio.h>
#include <string.h>

int plr_cuda_available(char *why, size_t whylen)
{
    return plrc_available(why, whylen);
}

static int arith_class(plr_type t)
{
    switch (t) {
    case PLR_I32:
    case PLR_U32: return PLRC_U32;
    case PLR_I64:
    case PLR_U64: return PLRC_U64;
    case PLR_F32: return PLRC_F32;
    case PLR_F64: return PLRC_F64;
    }
    return -1;
}

plr_status plr_backend_cuda(const plr_problem *prob, int verbose, char *why, size_t whylen)
{
    if (!plrc_available(why, whylen))
        return PLR_ERR_BAD_DEVICE;
    if (prob->n == 0)
        return PLR_OK;
    if (!plr_problem_is_flat(prob)) {
        snprintf(why, whylen, "cuda: this build runs one forward array per call only");
        return PLR_ERR_BAD_DEVICE;
    }
    if (prob->k == 0 || prob->k > PLRC_MAXK || prob->p > PLRC_MAXP) {
        snprintf(why, whylen, "cuda: order %u / FIR history %u out of range", prob->k, prob->p);
        return PLR_ERR_BAD_ORDER;
    }
    static plrc_problem zero_pp;
    plrc_problem pp = zero_pp;
    pp.cls = arith_class(prob->type);
    if (pp.cls < 0) {
        snprintf(why, whylen, "cuda: unknown type");
        return PLR_ERR_BAD_TYPE;
    }
    pp.esize = (unsigned)prob->esize;
    pp.k = prob->k;
    pp.p = prob->p;
    pp.na = prob->a.count;
    for (unsigned q = 0; q < prob->a.count; q++) {
        pp.alag[q] = prob->a.lag[q];
        memcpy(pp.acoef[q], prob->a.coef[q], prob->esize);
    }
    for (unsigned q = 0; q < prob->b.count; q++)
        memcpy(pp.bdense[prob->b.lag[q] - 1], prob->b.coef[q], prob->esize);
    for (unsigned j = 0; j < prob->k; j++)
        memcpy(pp.state[j], prob->state + j * prob->esize, prob->esize);
    for (unsigned j = 0; j < prob->p; j++)
        memcpy(pp.xhist[j], prob->xhist + j * prob->esize, prob->esize);
    pp.n = prob->n;
    pp.x = prob->x;
    pp.y = prob->y;

    pp.m = plrc_chunk_size(pp.cls, pp.k, pp.n);
    plr_factors *f = plr_factors_get(prob, pp.m);
    if (!f) {
        snprintf(why, whylen, "cuda: no memory for the factor table");
        return PLR_ERR_NO_MEMORY;
    }
    pp.fac = f->fac;
    for (unsigned j = 0; j < prob->k; j++)
        pp.nonzero_len[j] = f->nonzero_len[j];
    int rc = plrc_run(&pp, verbose, why, whylen);
    plr_factors_release(f);
    if (rc != 0)
        return PLR_ERR_BAD_DEVICE;
    if (prob->finals) {
        /* the state after the array: its last k outputs, nearest first,
         * the initial state behind them where n < k */
        const size_t es = prob->esize, have = prob->n < prob->k ? prob->n : prob->k;
        unsigned char last[PLR_MAX_ORDER * 8];
        const unsigned char *y = (const unsigned char *)prob->y + (prob->n - have) * es;
        if (plr_cuda_copy(last, y, have * es) != 0)
            memcpy(last, y, have * es);
        for (size_t j = 0; j < prob->k; j++)
            memcpy(prob->finals + j * es,
                   j < have ? last + (have - 1 - j) * es : prob->state + (j - have) * es, es);
    }
    return PLR_OK;
}
