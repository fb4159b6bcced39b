/*
 * transposed.c - transposed states (direct form II transposed): the stored
 * value read as a linear form over phis that carry no delay, and how the
 * call starts when those states or the histories do not start from zero.
 */
#include "attempt.h"
#include "recognize.h"

static int is_zero_start(LLVMValueRef v) {
    return v && LLVMIsAConstant(v) && LLVMIsNull(v);
}

/* The call starts from histories y[-j], x[-m], and a transposed state's
 * value at iteration i is its form over them only from some iteration on
 * (the depth of its substitution, at most the number of such states);
 * before, it holds its own start. Both agree when every state and every
 * history starts from zero. Otherwise the first outputs are computed before
 * the call from the loop's own start, exactly as the loop computes them,
 * until every history the call needs is a real output or input: no division
 * (solving for equivalent histories would divide by the last coefficient).
 * A materialized input keeps its kind, with the peel. */
plr_reason plr_plan_transposed_start(plr_plan *p) {
    unsigned nlin = 0;
    for (unsigned i = 0; i < p->walk.nleaves; i++)
        nlin += p->walk.leaves[i].kind == PLR_LEAF_LIN;
    p->found.peel = 0;
    if (nlin == 0)
        return PLR_OK_CANDIDATE; /* the kind stays what the reading found */
    int materialized = plr_kind_is_materialized(p->found.kind);
    if (!materialized)
        p->found.kind = PLR_SHAPE_TRANSPOSED;
    if (nlin > PLR_MAX_ORDER)
        return PLR_R_ORDER;
    for (unsigned i = 0; i < p->walk.nleaves; i++) {
        const plr_leaf *l = &p->walk.leaves[i];
        int carried = l->kind == PLR_LEAF_LIN || (l->kind == PLR_LEAF_Y && l->delay > 0) ||
                      (l->kind == PLR_LEAF_X && l->stream == p->lin->xs && l->delay > 0);
        if (carried && (l->from_memory || !is_zero_start(l->init))) {
            if (!materialized)
                p->found.kind = PLR_SHAPE_TRANSPOSED_PEEL;
            p->found.peel = nlin; /* raised to the order and FIR length by the rewrite */
        }
    }
    return PLR_OK_CANDIDATE;
}

/* The stored value as a linear form that reads transposed states, on a
 * scratch plan (without any, another reason, not reported). */
static plr_reason read_transposed(plr_plan *p) {
    plr_classify_loads(p);
    walk w = {p, PLR_OK_CANDIDATE, NULL, 0, 0, 0, 0, 0};
    p->lin = plr_lin_of(&w, p->value);
    if (!p->lin)
        return w.why ? w.why : PLR_R_NONLINEAR;
    plr_reason r = plr_plan_transposed_start(p);
    if (r == PLR_OK_CANDIDATE && !plr_kind_is_transposed(p->found.kind))
        r = PLR_R_STATE;
    return r;
}

/* A transposed form is tried first: read as direct form II (a first-order
 * section is both), its coefficients would come out as sums that cancel,
 * b1 - b0*a1 + b0*a1, which round apart in floating point. */
int plr_transposed_first(plr_plan *p) {
    plr_attempt a = plr_attempt_run(p, read_transposed);
    if (a.outcome.why != PLR_OK_CANDIDATE)
        return 0;
    plr_attempt_adopt(p, &a);
    return 1;
}
