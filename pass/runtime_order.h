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

/* y[i] = x[i] + sign * sum_{j=1..count} c[(j-1)*coef_step] * y[i-j], the
 * plan's loop being the outer loop over i and `taps` the loop over j. */
struct plr_rto {
    plr_loop *taps;
    LLVMValueRef xload;       /* x[i] (in place: y[i] read before the store) */
    LLVMValueRef cload, yload; /* in the tap loop: the coefficient and y[i-j] */
    LLVMValueRef acc;         /* the tap loop's accumulator phi */
    int sign;                 /* +1: y[i] = x[i] + sum, -1: x[i] - sum */
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
/* The order as the source spells it ("p"), and the coefficients ("-a[j]"). */
void plr_rto_spell_count(plr_text *t, const plr_plan *p);
void plr_rto_spell_coef(plr_text *t, const plr_plan *p);

/* lower_runtime_order.c */
void plr_rto_prepare(plr_plan *p);
void plr_rto_rewrite(plr_plan *p);

#endif /* PLR_RUNTIME_ORDER_H */
