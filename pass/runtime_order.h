/*
 * runtime_order.h - recurrences of run-time order (LPC synthesis): the
 * outer loop stores y[i], an inner loop over p taps sums a[j]*y[i-j].
 * What the recognizer (runtime_order.c) finds, the call plan spells and the
 * lowering (lower_runtime_order.c) emits. Internal to the pass.
 */
#ifndef PLR_RUNTIME_ORDER_H
#define PLR_RUNTIME_ORDER_H

#include "plr_pass.h"

#define PLR_RTO_MAX_GUARDS 4

/* y[i] = a0*x[i] + sign * h * sum_{j=1..count} c[(j-1)*coef_step] * y[i-j],
 * h the factor on the sum (sum_gain, or 1), the plan's loop being the outer
 * loop over i and `taps` the loop over j. */
struct plr_rto {
    plr_loop *taps;
    LLVMValueRef xload;       /* x[i] (in place: y[i] read before the store) */
    LLVMValueRef cload, yload; /* in the tap loop: the coefficient and y[i-j] */
    LLVMValueRef acc;         /* the tap loop's accumulator phi */
    int up;                   /* the taps walk y up from y[i-p] to y[i-1] (j from p down to 1) */
    int sign;                 /* +1: y[i] = a0*x[i] + sum, -1: a0*x[i] - sum */
    /* a0, x[i]'s coefficient (a FIR tap of length 1): gain_mult * gain,
     * gain a value from before the loop (y[i] = g*x[i] - s), or gain_mult
     * alone when gain is NULL (1 for the plain form) */
    LLVMValueRef gain;
    int gain_mult;
    /* a second factor on a0, y[i] = h*(g*x[i] - s): a0 = gain_mult*g*h
     * (NULL: none) */
    LLVMValueRef gain2;
    /* A factor on the sum, y[i] = x[i] - g*s: a value from before the loop
     * (NULL: none). Every coefficient is g times the array's; the lowering
     * multiplies the signature's b[1..p] by it after
     * plr_signature_from_array. */
    LLVMValueRef sum_gain;
    plr_scev *count;          /* the tap loop's trip count: the order p */
    plr_scev *coef_start;     /* &c[0], the coefficient of y[i-1] */
    int64_t coef_step;        /* bytes from the coefficient of y[i-j] to that of y[i-j-1] */
    /* Branches before the tap loop on values from before the outer loop:
     * the taps run only when guard[k] == guard_dir[k] (clang's `p >= 1`). */
    LLVMValueRef guard[PLR_RTO_MAX_GUARDS];
    int guard_dir[PLR_RTO_MAX_GUARDS];
    unsigned nguards;
    LLVMValueRef count_v, coef_v; /* expanded before the outer loop */
};

/* runtime_order.c: the tap loop `taps` (plr_runtime_order matched it) and
 * its parent, p->loop, as one recurrence; fills p->rto. */
plr_reason plr_analyze_runtime_order(plr_plan *p, plr_loop *taps);
/* The order as the source spells it ("p"), the coefficients ("-a[j]"),
 * x[i]'s coefficient a0 ("1", "g"). */
void plr_rto_spell_count(plr_text *t, const plr_plan *p);
void plr_rto_spell_coef(plr_text *t, const plr_plan *p);
void plr_rto_spell_gain(plr_text *t, const plr_plan *p);

/* lower_runtime_order.c */
void plr_rto_prepare(plr_plan *p);
void plr_rto_rewrite(plr_plan *p);

#endif /* PLR_RUNTIME_ORDER_H */
