/*
 * recognize.c - the linear reading of a candidate loop: the stored value (or
 * the state behind an output map) as a linear recurrence, trying first the
 * shapes that would otherwise be misread: transposed states (transposed.c),
 * direct form II (state_output.c), a cascade (cascade.c). The other
 * recognizers live beside it: materialized.c (the input term computed into
 * y first), lanes.c (carried by the outer loop), runtime_order.c; and the
 * pieces they share: candidates.c (which loops are candidates), leaves.c
 * (what loads and phis stand for), coefficients.c, linear.c (the linear
 * walk). Each is tried as an attempt on a scratch plan (attempt.h).
 *
 * Leaves are the loop's loads (grouped into streams by constant distance
 * between their start addresses; the output array is stream 0) and its header
 * phis. A phi whose latch value is the stored value is y[i-1]; one whose latch
 * value is another such leaf is that leaf delayed by one more step. This one
 * rule covers values reloaded from y, carried in phis by LoopLoadElimination,
 * scalar accumulators, and rotated registers (y2 = y1; y1 = y).
 */
#include <stdlib.h>
#include <string.h>

#include "recognize.h"

/* ---- the output map ----------------------------------------------------------- */

/* Post-order collection of the in-loop instructions between s and v;
 * fails on anything but pure arithmetic of s and loop invariants. */
static int map_chain(plr_plan *p, LLVMValueRef v, LLVMValueRef s, LLVMValueRef *out, unsigned *n, unsigned cap) {
    if (v == s || plr_loop_is_invariant(p->loop, v))
        return 1;
    if (!LLVMIsAInstruction(v) || !plr_loop_contains(p->loop, v))
        return 0;
    for (unsigned i = 0; i < *n; i++)
        if (out[i] == v)
            return 1;
    if (LLVMIsAPHINode(v) || LLVMIsALoadInst(v) || LLVMIsACallInst(v) || LLVMIsAStoreInst(v) ||
        plr_inst_has_side_effects(v) || *n == cap)
        return 0;
    int nops = LLVMGetNumOperands(v);
    for (int i = 0; i < nops; i++)
        if (!map_chain(p, LLVMGetOperand(v, i), s, out, n, cap))
            return 0;
    out[(*n)++] = v;
    return 1;
}

/* Is the stored value g(S) for the latch value S of one header phi, with g
 * elementwise? Then the recurrence is S and g becomes a map after the call. */
void plr_find_output_map(plr_plan *p) {
    LLVMValueRef v = p->value;
    if (!LLVMIsAInstruction(v) || !plr_loop_contains(p->loop, v) || LLVMIsAPHINode(v) || LLVMIsALoadInst(v))
        return;
    LLVMBasicBlockRef header = plr_loop_header(p->loop), latch = plr_loop_latch(p->loop);
    for (LLVMValueRef phi = LLVMGetFirstInstruction(header); phi && LLVMIsAPHINode(phi);
         phi = LLVMGetNextInstruction(phi)) {
        if (LLVMTypeOf(phi) != p->elem || LLVMCountIncoming(phi) != 2)
            continue;
        LLVMValueRef s = plr_incoming_from(phi, latch);
        if (!s || s == v)
            return; /* the stored value is itself carried: the plain form */
        plr_scev *st;
        int64_t step;
        if (!LLVMIsAInstruction(s) || !plr_loop_contains(p->loop, s) ||
            plr_scev_affine(p->ctx, p->loop, phi, &st, &step))
            continue;
        LLVMValueRef chain[64];
        unsigned n = 0;
        if (map_chain(p, v, s, chain, &n, 64) && n > 0) {
            p->chain = malloc(n * sizeof *p->chain);
            if (!p->chain)
                abort();
            memcpy(p->chain, chain, n * sizeof *chain);
            p->nchain = n;
            p->out = v;
            p->value = s;
            return;
        }
    }
}

/* Reloaded coefficients: each needs its address outside y, proved by alias
 * analysis or checked at run time. Called once the form is final. */
static plr_reason register_reloads(plr_plan *p, plr_cn *c) {
    if (!c)
        return PLR_OK_CANDIDATE;
    if (c->kind == PLR_CN_RELOAD) {
        if (!plr_may_alias_store(p->ctx, c->v, p->store))
            return PLR_OK_CANDIDATE;
        plr_scev *st;
        int64_t step;
        for (unsigned i = 0; i < p->nrl; i++)
            if (p->rl_load[i] == c->v)
                return PLR_OK_CANDIDATE;
        if (p->nrl == 16 || !plr_scev_address(p->ctx, p->loop, LLVMGetOperand(c->v, 0), &st, &step)) {
            p->why_at = c->v;
            return PLR_R_TIME_VARYING;
        }
        p->rl_load[p->nrl] = c->v;
        p->rl_start[p->nrl] = st;
        p->rl_step[p->nrl] = 0;
        p->rl_size[p->nrl] = p->size;
        p->nrl++;
        return PLR_OK_CANDIDATE;
    }
    plr_reason r = register_reloads(p, c->l);
    return r != PLR_OK_CANDIDATE ? r : register_reloads(p, c->r);
}

plr_reason plr_register_reloads(plr_plan *p) {
    const plr_lin *l = p->lin;
    plr_reason r = PLR_OK_CANDIDATE;
    for (int m = 0; m < PLR_MAX_FIR && r == PLR_OK_CANDIDATE; m++)
        r = register_reloads(p, l->a[m]);
    for (int j = 0; j <= PLR_MAX_ORDER && r == PLR_OK_CANDIDATE; j++)
        r = register_reloads(p, l->b[j]);
    if (r == PLR_OK_CANDIDATE && p->state_out)
        for (int j = 0; j <= PLR_MAX_ORDER && r == PLR_OK_CANDIDATE; j++)
            r = register_reloads(p, p->out_lin->b[j]);
    if (r == PLR_OK_CANDIDATE && p->state_out)
        r = register_reloads(p, p->state_lin->a[0]);
    for (int s = 1; s < p->cascade; s++) {
        for (int m = 0; m < PLR_MAX_FIR && r == PLR_OK_CANDIDATE; m++)
            r = register_reloads(p, p->stage_lin[s]->a[m]);
        for (int j = 0; j <= PLR_MAX_ORDER && r == PLR_OK_CANDIDATE; j++)
            r = register_reloads(p, p->stage_lin[s]->b[j]);
    }
    return r;
}

plr_reason plr_recognize(plr_plan *p) {
    plr_find_output_map(p);
    if (!p->out && plr_transposed_first(p))
        return PLR_OK_CANDIDATE;
    if (!p->out && plr_find_state_output(p))
        return PLR_OK_CANDIDATE;
    if (!p->out && plr_find_cascade(p, 1))
        return PLR_OK_CANDIDATE;
    plr_classify_loads(p);
    walk w = {p, PLR_OK_CANDIDATE, NULL, 0, 0, 0, 0, 0};
    p->lin = plr_lin_of(&w, p->value);
    if (!p->lin) {
        p->why_at = w.at;
        if (w.why == PLR_R_STATE && p->cascade_why) {
            /* coupled states that would be a cascade but for this */
            p->why_at = p->cascade_at;
            return p->cascade_why;
        }
        return w.why ? w.why : PLR_R_NONLINEAR;
    }
    return plr_plan_transposed_start(p);
}

plr_reason plr_recognize_cascade(plr_plan *p) {
    if (!plr_find_cascade(p, 1))
        return PLR_R_LIVE_OUT;
    return PLR_OK_CANDIDATE;
}

plr_lin *plr_lin_of_value(plr_plan *p, LLVMValueRef v) {
    if (p->out || p->tmap || p->cascade || p->state_out)
        return NULL;
    /* (the output itself is b[0]: y[n-1] for a value of the last iteration) */
    walk w = {p, PLR_OK_CANDIDATE, NULL, 0, 1, 0, 0, 0};
    plr_lin *l = plr_lin_of(&w, v);
    if (!l || (l->has_x && l->xs != p->lin->xs))
        return NULL;
    return l;
}

/* Leaf lookups for the later stages. */
const plr_leaf *plr_leaf_of(plr_plan *p, LLVMValueRef v) {
    if (plr_is_header_phi(p->loop, v))
        return plr_phi_leaf(p, v);
    return plr_find_leaf(p, v);
}
