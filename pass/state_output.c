/*
 * state_output.c - direct form II: the stored value a linear function of a
 * state that is itself a recurrence driven by the input alone, read as one
 * recurrence of the output (its histories derived from the state's).
 */
#include "attempt.h"
#include "recognize.h"

/* Direct form II and the like: the stored value p->out is a linear function
 * of a state S = p->value (the latch value of a header phi) and S's delays,
 * and S is a recurrence driven by alpha0*x[i] alone. One phi's try, on a
 * scratch plan: PLR_R_FLOAT_COMBINED (at the output) when the form would be
 * one but for float rounding, another reason (not reported) when it is not
 * one at all. */
static plr_reason read_state_output(plr_plan *p) {
    LLVMValueRef s = p->value, v = p->out;
    plr_classify_loads(p);
    walk ws = {p, PLR_OK_CANDIDATE, NULL, 0, 0, 0, 0, 0};
    plr_lin *ls = plr_lin_of(&ws, s);
    if (!ls || !ls->has_y || !ls->has_x || !plr_cn_is_zero(ls->c) || plr_cn_is_zero(ls->a[0]))
        return PLR_R_STATE;
    int fir = 0;
    for (int m = 1; m < PLR_MAX_FIR; m++)
        fir |= !plr_cn_is_zero(ls->a[m]);
    /* Integer histories divide by alpha0; only 1 divides exactly. */
    if (fir || (!p->is_fp && !(ls->a[0]->kind == PLR_CN_CONST && ls->a[0]->ki == 1)))
        return PLR_R_STATE;
    walk wv = {p, PLR_OK_CANDIDATE, NULL, 0, 1, 0, 0, 0};
    plr_lin *lv = plr_lin_of(&wv, v);
    if (!lv || !plr_cn_is_zero(lv->c))
        return PLR_R_STATE;
    /* The output may add the current input (u = kp*e[i] + integ, a PI
     * controller): out = (alpha0*Gamma(z) + delta0*B(z)) / B(z) x. */
    int other_x = lv->has_x && lv->xs != ls->xs;
    for (int m = 1; m < PLR_MAX_FIR; m++)
        other_x |= !plr_cn_is_zero(lv->a[m]);
    if (other_x)
        return PLR_R_STATE;
    plr_cn *delta0 = lv->has_x ? lv->a[0] : NULL;
    if (delta0 && p->type == PLR_F32) {
        /* As one recurrence its coefficients alpha0*gamma0 + delta0 and
         * -delta0*beta round apart in float: a PI controller's kp + ki
         * next to -kp leaves ki off by float's rounding of kp, an error
         * that grows with n (1.8e-4 against 4.7e-7 at 10^5 steps). */
        p->why_at = v;
        return PLR_R_FLOAT_COMBINED;
    }
    plr_lin *l = plr_lin_new(p);
    for (int q = 0; q < PLR_MAX_FIR && q <= PLR_MAX_ORDER; q++) {
        l->a[q] = plr_cn_mul(p, lv->b[q], ls->a[0]);
        if (delta0 && q == 0)
            l->a[q] = plr_cn_add(p, l->a[q], delta0);
        else if (delta0 && !plr_cn_is_zero(ls->b[q]))
            l->a[q] = plr_cn_add(p, l->a[q], plr_cn_neg(p, plr_cn_mul(p, delta0, ls->b[q])));
    }
    for (int j = 1; j <= PLR_MAX_ORDER; j++)
        l->b[j] = ls->b[j];
    p->df2.x0 = delta0;
    l->has_x = l->has_y = 1;
    l->xs = ls->xs;
    p->lin = l;
    p->found.kind = PLR_SHAPE_STATE_OUTPUT;
    p->df2.state = ls;
    p->df2.out = lv;
    return PLR_OK_CANDIDATE;
}

/* Tried with each header phi that may carry the state. A try that fails
 * for float rounding alone leaves its reason behind as why stages that look
 * like a cascade are not one (stages.why). */
int plr_find_state_output(plr_plan *p) {
    LLVMValueRef v = p->value;
    if (!LLVMIsAInstruction(v) || !plr_loop_contains(p->loop, v) || LLVMIsAPHINode(v) || LLVMIsALoadInst(v))
        return 0;
    LLVMBasicBlockRef header = plr_loop_header(p->loop), latch = plr_loop_latch(p->loop);
    for (LLVMValueRef phi = LLVMGetFirstInstruction(header); phi && LLVMIsAPHINode(phi);
         phi = LLVMGetNextInstruction(phi)) {
        if (LLVMTypeOf(phi) != p->elem || LLVMCountIncoming(phi) != 2)
            continue;
        LLVMValueRef s = plr_incoming_from(phi, latch);
        if (!s || s == v)
            break; /* the stored value is itself carried: the plain form */
        plr_scev *st;
        int64_t step;
        if (!LLVMIsAInstruction(s) || !plr_loop_contains(p->loop, s) || LLVMIsAPHINode(s) ||
            plr_scev_affine(p->ctx, p->loop, phi, &st, &step))
            continue;
        plr_plan entry = *p;
        entry.value = s;
        entry.out = v;
        plr_attempt a = plr_attempt_run(&entry, read_state_output);
        if (a.outcome.why == PLR_OK_CANDIDATE) {
            plr_attempt_adopt(p, &a);
            return 1;
        }
        if (a.outcome.why == PLR_R_FLOAT_COMBINED) {
            p->stages.why = a.outcome.why;
            p->stages.at = a.outcome.at;
        }
    }
    return 0;
}
