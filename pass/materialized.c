/*
 * materialized.c - the input term materialized: y[i] = t[i] + sum_j b_j
 * y[i-j] with t any expression without y (or none at all: a homogeneous
 * recurrence). A clone of the loop with the y terms zeroed writes t into y,
 * the runtime then runs (1: b) in place. Transposed states that are forms
 * of the outputs alone are y terms too (zeroed in the clone).
 */
#include "recognize.h"

plr_reason plr_recognize_materialized(plr_plan *p) {
    p->found.kind = PLR_SHAPE_MATERIALIZED;
    /* An output map survives materialization: the clone stores the state's
     * input term, the runtime the state, the map g(state) (a rolling sum
     * over a run-time window, divided by it). */
    plr_find_output_map(p, 1);
    plr_classify_loads(p);
    walk w = {p, PLR_OK_CANDIDATE, NULL, 0, 0, 1, 0, 0};
    plr_lin *l = plr_lin_of(&w, p->value);
    if (!l) {
        p->why_at = w.at;
        return w.why ? w.why : PLR_R_NONLINEAR;
    }
    /* Every other load must have a known address range: the map writes y
     * before the runtime runs, so nothing it reads may live in y. (Reloaded
     * coefficients are among them, so the list starts over.) */
    p->access.nrl = 0;
    unsigned nb = plr_loop_block_count(p->loop);
    for (unsigned bi = 0; bi < nb; bi++) {
        for (LLVMValueRef i = LLVMGetFirstInstruction(plr_loop_block(p->loop, bi)); i;
             i = LLVMGetNextInstruction(i)) {
            if (!LLVMIsALoadInst(i))
                continue;
            const plr_leaf *lf = plr_find_leaf(p, i);
            if ((lf && lf->kind == PLR_LEAF_Y) || plr_is_y_map_load(p, i))
                continue; /* (y[i] as the loop found it: the terms go to the state's buffer, y stays) */
            if (lf && lf->kind == PLR_LEAF_X && lf->stream == 0) {
                p->why_at = i; /* in place: the map would overwrite x before the fallback could read it */
                return PLR_R_INPUT;
            }
            /* Alias analysis may prove the load never reads y or another
             * stored array (restrict, distinct objects): no check needed,
             * whatever its address. */
            if (!plr_may_alias_written(p, i))
                continue;
            plr_scev *st, *rst, *addr = plr_scev_of(p->ctx, LLVMGetOperand(i, 0));
            int64_t step = 0;
            /* (or at y's run-time stride, a loop alone's: the range walks it) */
            int runtime = p->access.step_s && addr && plr_scev_recurrence(p->ctx, p->loop, addr, &st, &rst) &&
                          rst == p->access.step_s &&
                          plr_scev_safe_to_expand_at(p->ctx, st,
                                                     LLVMGetBasicBlockTerminator(plr_loop_preheader(p->loop)));
            if ((!runtime && !plr_scev_address(p->ctx, p->loop, LLVMGetOperand(i, 0), &st, &step)) ||
                p->access.nrl == 16) {
                p->why_at = i;
                return PLR_R_STRIDE;
            }
            p->access.rl_load[p->access.nrl] = i;
            p->access.rl_start[p->access.nrl] = st;
            p->access.rl_step[p->access.nrl] = step;
            p->access.rl_runtime[p->access.nrl] = runtime;
            p->access.rl_apart[p->access.nrl] = 0;
            p->access.rl_offset_known[p->access.nrl] = 0;
            LLVMTypeRef lt = LLVMTypeOf(i);
            switch (LLVMGetTypeKind(lt)) {
            case LLVMIntegerTypeKind: p->access.rl_size[p->access.nrl] = (LLVMGetIntTypeWidth(lt) + 7) / 8; break;
            case LLVMFloatTypeKind: p->access.rl_size[p->access.nrl] = 4; break;
            case LLVMDoubleTypeKind: p->access.rl_size[p->access.nrl] = 8; break;
            default: p->access.rl_size[p->access.nrl] = 64; break; /* generous for anything wider */
            }
            p->access.nrl++;
        }
    }
    /* No input at all (an oscillator, a Fibonacci count): the clone stores
     * zeros, which the runtime adds. */
    int m0 = 0;
    for (int m = 0; m < PLR_MAX_FIR; m++)
        m0 |= !plr_cn_is_zero(l->a[m]);
    if (!l->has_x && !m0 && plr_cn_is_zero(l->c))
        p->found.kind = PLR_SHAPE_HOMOGENEOUS;
    l->c = NULL; /* invariant addends are part of t */
    for (int m = 0; m < PLR_MAX_FIR; m++)
        l->a[m] = NULL;
    l->a[0] = plr_cn_one(p);
    l->has_x = 1;
    l->xs = PLR_XS_T;
    p->lin = l;
    /* Transposed states that are forms of the outputs alone (opus's
     * de-emphasis, `tmp = x[j] + VERY_SMALL + m; m = coef*tmp`): the clone
     * zeroes them with y's delays; from a start other than zero the first
     * outputs are computed before the call. */
    return plr_plan_transposed_start(p);
}
