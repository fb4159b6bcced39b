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
    plrc_trace(PLRC_T_START);
    if (!plrc_available(why, whylen))
        return PLR_ERR_BAD_DEVICE;
    plrc_trace(PLRC_T_AVAILABLE);
    if (prob->k == 0 || prob->k > PLRC_MAXK || prob->p > PLRC_MAXP) {
        snprintf(why, whylen, "cuda: order %u / FIR history %u out of range", prob->k, prob->p);
        return PLR_ERR_BAD_ORDER;
    }
    const size_t count = prob->count;
    if (prob->n == 0) {
        /* nothing to compute; each sequence's state passes through */
        if (prob->finals)
            for (size_t s = 0; s < count; s++)
                memcpy(prob->finals + s * prob->k * prob->esize, plr_seq_state(prob, s),
                       prob->k * prob->esize);
        return PLR_OK;
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
    pp.count = count;
    pp.xs = prob->xs;
    pp.ys = prob->ys;
    pp.xd = prob->xd;
    pp.yd = prob->yd;
    if (pp.xs == 0 || pp.ys == 0) {
        snprintf(why, whylen, "cuda: zero stride");
        return PLR_ERR_BAD_LAYOUT;
    }
    pp.in_place = prob->in_place;
    pp.states = count > 1 ? prob->states : NULL;
    pp.hists = count > 1 ? prob->hists : NULL;
    pp.finals = prob->finals;

    pp.m = plrc_factor_len(&pp);
    plrc_trace(PLRC_T_FACTOR_LEN);
    plr_factors *f = NULL;
    if (pp.m) {
        f = plr_factors_get(prob, pp.m);
        if (!f) {
            snprintf(why, whylen, "cuda: no memory for the factor table");
            return PLR_ERR_NO_MEMORY;
        }
        pp.fac = f->fac;
        for (unsigned j = 0; j < prob->k; j++)
            pp.nonzero_len[j] = f->nonzero_len[j];
    }
    /* f32 carries merge in double, but factors rounded to f32 would bring
     * their own rounding, F * 2^-24, into every merge: where factors grow
     * (8-stage low-pass: 2.1e5) and the merge cancels, that alone exceeded
     * the documented bound by 100x. So the merges take f64 factors. */
    plr_factors *fd = NULL;
    if (f && prob->type == PLR_F32) {
        double bd[PLR_MAX_ORDER] = {0};
        for (unsigned q = 0; q < prob->b.count; q++) {
            float v;
            memcpy(&v, prob->b.coef[q], sizeof v);
            bd[prob->b.lag[q] - 1] = v;
        }
        fd = plr_factors_get_typed(PLR_F64, prob->k, bd, pp.m);
        if (!fd) {
            plr_factors_release(f);
            snprintf(why, whylen, "cuda: no memory for the factor table");
            return PLR_ERR_NO_MEMORY;
        }
        pp.fac_f64 = (const double *)fd->fac;
    }
    plrc_trace(PLRC_T_FACTORS);
    int rc = plrc_run(&pp, verbose, why, whylen);
    if (fd)
        plr_factors_release(fd);
    if (f)
        plr_factors_release(f);
    plrc_trace(PLRC_T_END);
    return rc == 0 ? PLR_OK : PLR_ERR_BAD_DEVICE;
}
