/*
 * recognize.h - what the recognizer's files share (leaves, coefficient
 * trees, the linear walk, shapes); internal to recognize.c, candidates.c,
 * leaves.c, coefficients.c, linear.c, transposed.c, state_output.c,
 * materialized.c, cascade.c and lanes.c.
 */
#ifndef PLR_RECOGNIZE_H
#define PLR_RECOGNIZE_H

#include "plr_pass.h"

typedef struct walk {
    plr_plan *p;
    plr_reason why;
    LLVMValueRef at;
    unsigned depth;
    int s_leaf; /* p->value is the leaf "state at delay 0" (b[0]) */
    int opaque; /* values not involving y are an opaque input term */
    int stage;  /* cascade, stage s >= 1: stage s-1 and its delays are the
                   input, delays of stage s the feedback */
    int multi;  /* folded output: stage multi-1's values are the input, other
                   stages' count as zero; -1: every stage is the input */
} walk;

/* The input stream id of the previous stage's state in a cascade. */
#define PLR_XS_S1 (-3)

/* The input stream id of an opaque (materialized) input term. */
#define PLR_XS_T (-2)

/* Shapes the linear reading tries before the plain one (each its own
 * file): an output map g(state) (recognize.c), transposed states
 * (transposed.c), direct form II (state_output.c). */
void plr_find_output_map(plr_plan *p, int loads);
int plr_transposed_first(plr_plan *p);
plr_reason plr_plan_transposed_start(plr_plan *p);
int plr_find_state_output(plr_plan *p);
int plr_is_header_phi(plr_loop *loop, LLVMValueRef v);
plr_leaf *plr_find_leaf(plr_plan *p, LLVMValueRef v);
plr_leaf *plr_new_leaf(plr_plan *p, LLVMValueRef v);
void plr_bad(plr_leaf *l, plr_reason why);
unsigned plr_add_stream(plr_plan *p, plr_scev *first, int64_t step);
void plr_classify_loads(plr_plan *p);
void plr_reserve_leaves(plr_plan *p);
int plr_leaf_settled(plr_plan *p, plr_leaf *l);
int plr_widens(const plr_plan *p, LLVMValueRef cast);
plr_leaf *plr_phi_leaf(plr_plan *p, LLVMValueRef phi);
plr_cn *plr_cn_const_int(plr_plan *p, uint64_t v);
plr_cn *plr_cn_const_fp(plr_plan *p, double v);
plr_cn *plr_cn_value(plr_plan *p, LLVMValueRef v);
plr_cn *plr_cn_one(plr_plan *p);
plr_cn *plr_cn_add(plr_plan *p, plr_cn *l, plr_cn *r);
plr_cn *plr_cn_mul(plr_plan *p, plr_cn *l, plr_cn *r);
plr_cn *plr_cn_neg(plr_plan *p, plr_cn *l);
plr_cn *plr_cn_div_exact(plr_plan *p, plr_cn *c, const plr_cn *d);
plr_lin *plr_lin_new(plr_plan *p);
/* A form of the outputs y[i-j] alone: no input, constant or state term. */
int plr_lin_outputs_only(const plr_lin *l);
plr_lin *plr_lin_leaf(walk *w, LLVMValueRef v, plr_leaf *l);
plr_lin *plr_lin_of(walk *w, LLVMValueRef v);
plr_lin *plr_resolve_x(plr_plan *p, const plr_lin *l);
int plr_walk_stages(plr_plan *p, const LLVMValueRef *list, int n, int allow_tail, int skip_last);
int plr_find_cascade(plr_plan *p, int allow_tail);
/* The leaves and streams a walk classified, forgotten (before another
 * chain of stages is walked in the same plan). */
void plr_forget_walk(plr_plan *p);

#endif /* PLR_RECOGNIZE_H */
