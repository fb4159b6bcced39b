/*
 * recognize.c - find recurrence candidates and the shape of each: the plain
 * linear form, an output map, direct form II, a cascade, a materialized
 * input term. The pieces live beside it: leaves.c (what loads and phis stand
 * for), coefficients.c, linear.c (the linear walk), cascade.c, lanes.c.
 *
 * Leaves are the loop's loads (grouped into streams by constant distance
 * between their start addresses; the output array is stream 0) and its header
 * phis. A phi whose latch value is the stored value is y[i-1]; one whose latch
 * value is another such leaf is that leaf delayed by one more step. This one
 * rule covers values reloaded from y, carried in phis by LoopLoadElimination,
 * scalar accumulators, and rotated registers (y2 = y1; y1 = y).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "attempt.h"
#include "recognize.h"

/* ---- arena -------------------------------------------------------------- */

typedef struct chunk {
    struct chunk *next;
    size_t used, cap;
    _Alignas(16) unsigned char mem[];
} chunk;

void *plr_alloc(plr_plan *p, size_t size) {
    size = (size + 15) & ~(size_t)15;
    chunk *c = p->arena;
    if (!c || c->used + size > c->cap) {
        size_t cap = size > 65536 ? size : 65536;
        chunk *n = malloc(sizeof(chunk) + cap);
        if (!n)
            abort(); /* LLVM itself aborts on allocation failure too */
        n->next = c;
        n->used = 0;
        n->cap = cap;
        p->arena = c = n;
    }
    void *r = c->mem + c->used;
    c->used += size;
    memset(r, 0, size);
    return r;
}

void plr_plan_free(plr_plan *p) {
    for (chunk *c = p->arena; c;) {
        chunk *n = c->next;
        free(c);
        c = n;
    }
    free(p->leaves);
    free(p->memo_v);
    free(p->memo_l);
    free(p->liveouts);
    free(p->stream_ref);
    free(p->stream_max);
    free(p->stream_step);
    free(p->stream_first);
    free(p->chain);
    free(p->nest);
    free(p->siblings);
    free(p->foreign);
    plr_channels_free(p);
    memset(p, 0, sizeof *p);
}

/* ---- candidates ------------------------------------------------------------ */

/* Does v (inside the loop) depend on a non-induction header phi or on a load
 * of the stored array at an earlier index? Bounded depth-first search. */
static int feeds_back(plr_ctx *ctx, plr_loop *loop, LLVMValueRef v, plr_scev *ystart, int64_t ystep,
                      LLVMValueRef *seen, unsigned *nseen, unsigned cap) {
    if (!LLVMIsAInstruction(v) || !plr_loop_contains(loop, v))
        return 0;
    for (unsigned i = 0; i < *nseen; i++)
        if (seen[i] == v)
            return 0;
    if (*nseen == cap)
        return 0;
    seen[(*nseen)++] = v;
    if (plr_is_header_phi(loop, v)) {
        plr_scev *s;
        int64_t st;
        return !plr_scev_affine(ctx, loop, v, &s, &st);
    }
    if (LLVMIsALoadInst(v)) {
        plr_scev *s;
        int64_t st, d;
        if (ystart && plr_scev_affine(ctx, loop, LLVMGetOperand(v, 0), &s, &st) && st == ystep &&
            plr_scev_const_diff(ctx, s, ystart, &d) && (ystep > 0 ? d < 0 : d > 0))
            return 1;
        return 0;
    }
    int n = LLVMGetNumOperands(v);
    for (int i = 0; i < n; i++)
        if (feeds_back(ctx, loop, LLVMGetOperand(v, i), ystart, ystep, seen, nseen, cap))
            return 1;
    return 0;
}

int plr_is_candidate(plr_ctx *ctx, plr_loop *loop, LLVMValueRef *store) {
    LLVMValueRef seen[256];
    unsigned nb = plr_loop_block_count(loop);
    for (unsigned b = 0; b < nb; b++) {
        LLVMBasicBlockRef bb = plr_loop_block(loop, b);
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
            if (!LLVMIsAStoreInst(i))
                continue;
            plr_scev *ys = NULL;
            int64_t step = 0;
            if (!plr_scev_affine(ctx, loop, LLVMGetOperand(i, 1), &ys, &step))
                ys = NULL;
            unsigned nseen = 0;
            if (feeds_back(ctx, loop, LLVMGetOperand(i, 0), ys, step, seen, &nseen, 256)) {
                *store = i;
                return 1;
            }
        }
    }
    return 0;
}

/* (llvm.fmuladd is what clang makes of a*b + c without -ffast-math, a
 * shift what InstCombine makes of 2*v.) */
static int is_sum_or_product(LLVMValueRef v) {
    switch (LLVMGetInstructionOpcode(v)) {
    case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMFAdd: case LLVMFSub: case LLVMFMul: case LLVMFNeg:
        return 1;
    case LLVMShl: /* 2*v */
        return LLVMIsAConstantInt(LLVMGetOperand(v, 1)) != NULL;
    case LLVMCall: {
        static unsigned fmuladd, fma;
        if (!fmuladd) {
            fmuladd = LLVMLookupIntrinsicID("llvm.fmuladd", 12);
            fma = LLVMLookupIntrinsicID("llvm.fma", 8);
        }
        LLVMValueRef callee = LLVMGetCalledValue(v);
        unsigned id = LLVMIsAFunction(callee) ? LLVMGetIntrinsicID(callee) : 0;
        return id && (id == fmuladd || id == fma);
    }
    default:
        return 0;
    }
}

/* Is v, within loop L, a sum of products (add, sub, mul and their float
 * forms) of loads, constants and values from outside L, that reads the
 * pointer value ptr (1), one that does not (0), or something else (-1: a
 * phi, a call, a shift, a division, a conversion...)? Loads are leaves.
 * Bounded depth-first search. */
static int sum_of_products(plr_loop *L, LLVMValueRef v, LLVMValueRef ptr, LLVMValueRef *seen, unsigned *nseen,
                           unsigned cap) {
    if (!LLVMIsAInstruction(v) || !plr_loop_contains(L, v))
        return 0;
    if (LLVMIsALoadInst(v))
        return ptr && LLVMGetOperand(v, 0) == ptr;
    if (!is_sum_or_product(v))
        return -1;
    for (unsigned i = 0; i < *nseen; i++)
        if (seen[i] == v)
            return 0;
    if (*nseen == cap)
        return -1;
    seen[(*nseen)++] = v;
    int any = 0;
    unsigned n = (unsigned)LLVMGetNumOperands(v);
    for (unsigned i = 0; i < n; i++) {
        int r = sum_of_products(L, LLVMGetOperand(v, i), ptr, seen, nseen, cap);
        if (r < 0)
            return -1;
        any |= r;
    }
    return any;
}

int plr_state_in_memory(plr_ctx *ctx, plr_loop *loop, LLVMValueRef *state, LLVMValueRef *out) {
    LLVMValueRef seen[256], stores[64];
    unsigned nstores = 0, nb = plr_loop_block_count(loop);
    for (unsigned b = 0; b < nb; b++)
        for (LLVMValueRef i = LLVMGetFirstInstruction(plr_loop_block(loop, b)); i; i = LLVMGetNextInstruction(i))
            if (LLVMIsAStoreInst(i) && nstores < 64)
                stores[nstores++] = i;
    /* the state: a linear function of its own value stored back */
    for (unsigned a = 0; a < nstores; a++) {
        LLVMValueRef ptr = LLVMGetOperand(stores[a], 1);
        unsigned nseen = 0;
        if (!plr_loop_is_invariant(loop, ptr) ||
            sum_of_products(loop, LLVMGetOperand(stores[a], 0), ptr, seen, &nseen, 256) != 1)
            continue;
        /* the output: an array advancing with the loop, stored a linear
         * function of the state */
        for (unsigned o = 0; o < nstores; o++) {
            plr_scev *start;
            int64_t step;
            nseen = 0;
            if (o != a && plr_scev_affine(ctx, loop, LLVMGetOperand(stores[o], 1), &start, &step) && step != 0 &&
                sum_of_products(loop, LLVMGetOperand(stores[o], 0), ptr, seen, &nseen, 256) == 1) {
                *state = stores[a];
                *out = stores[o];
                return 1;
            }
        }
    }
    return 0;
}

int plr_runtime_order(plr_ctx *ctx, plr_loop *taps, plr_loop **outer, LLVMValueRef *out) {
    plr_loop *P = plr_loop_parent(taps);
    if (!P)
        return 0;
    plr_scev *trip = plr_scev_trip_count(ctx, taps);
    int64_t c;
    if (trip && plr_scev_constant(trip, &c))
        return 0; /* a constant count: unrolled, or a loop of its own kind */
    /* the output: the nest's only store (coefficients adapted as it runs, as
     * in ALAC's predictor, are another matter), by the parent outside the
     * tap loop, advancing with it */
    LLVMValueRef store = NULL;
    plr_scev *ys = NULL;
    int64_t ystep = 0;
    for (unsigned b = 0, nb = plr_loop_block_count(P); b < nb; b++)
        for (LLVMValueRef i = LLVMGetFirstInstruction(plr_loop_block(P, b)); i; i = LLVMGetNextInstruction(i))
            if (LLVMIsAStoreInst(i)) {
                if (store || plr_loop_contains(taps, i))
                    return 0;
                store = i;
            }
    if (!store || !plr_scev_affine(ctx, P, LLVMGetOperand(store, 1), &ys, &ystep) || ystep == 0)
        return 0;
    /* (whether the output is linear in the taps is runtime_order.c's to
     * say: a rounding shift of fixed-point code gets its reason there) */
    plr_scev *yat = plr_scev_of(ctx, LLVMGetOperand(store, 1)); /* y[i], i of the parent */
    if (!yat)
        return 0;
    /* a load in the tap loop walking that array the other way, from before y[i] */
    for (unsigned b = 0, nb = plr_loop_block_count(taps); b < nb; b++)
        for (LLVMValueRef i = LLVMGetFirstInstruction(plr_loop_block(taps, b)); i; i = LLVMGetNextInstruction(i)) {
            plr_scev *ls;
            int64_t lstep, d;
            if (LLVMIsALoadInst(i) && plr_scev_affine(ctx, taps, LLVMGetOperand(i, 0), &ls, &lstep) &&
                lstep == -ystep && plr_scev_const_diff(ctx, ls, yat, &d) && d != 0 && (d < 0) == (ystep > 0) &&
                d % ystep == 0 && (d < 0 ? -d : d) / (ystep < 0 ? -ystep : ystep) <= PLR_MAX_ORDER) {
                *outer = P;
                *out = store;
                return 1;
            }
        }
    return 0;
}

/* ---- leaves ------------------------------------------------------------------ */

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
static void find_output_map(plr_plan *p) {
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
    p->out_x0 = delta0;
    l->has_x = l->has_y = 1;
    l->xs = ls->xs;
    p->lin = l;
    p->state_out = 1;
    p->state_lin = ls;
    p->out_lin = lv;
    return PLR_OK_CANDIDATE;
}

/* Tried with each header phi that may carry the state. A try that fails
 * for float rounding alone leaves its reason behind as why stages that look
 * like a cascade are not one (cascade_why). */
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
            p->cascade_why = a.outcome.why;
            p->cascade_at = a.outcome.at;
        }
    }
    return 0;
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
 * (solving for equivalent histories would divide by the last coefficient). */
static plr_reason plan_transposed_start(plr_plan *p) {
    unsigned nlin = 0;
    for (unsigned i = 0; i < p->nleaves; i++)
        nlin += p->leaves[i].kind == PLR_LEAF_LIN;
    p->transposed = nlin > 0;
    p->peel = 0;
    if (!p->transposed)
        return PLR_OK_CANDIDATE;
    if (nlin > PLR_MAX_ORDER)
        return PLR_R_ORDER;
    for (unsigned i = 0; i < p->nleaves; i++) {
        const plr_leaf *l = &p->leaves[i];
        int carried = l->kind == PLR_LEAF_LIN || (l->kind == PLR_LEAF_Y && l->delay > 0) ||
                      (l->kind == PLR_LEAF_X && l->stream == p->lin->xs && l->delay > 0);
        if (carried && (l->from_memory || !is_zero_start(l->init)))
            p->peel = nlin; /* raised to the order and FIR length by the rewrite */
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
    plr_reason r = plan_transposed_start(p);
    if (r == PLR_OK_CANDIDATE && !p->transposed)
        r = PLR_R_STATE;
    return r;
}

/* A transposed form is tried first: read as direct form II (a first-order
 * section is both), its coefficients would come out as sums that cancel,
 * b1 - b0*a1 + b0*a1, which round apart in floating point. */
static int transposed_first(plr_plan *p) {
    plr_attempt a = plr_attempt_run(p, read_transposed);
    if (a.outcome.why != PLR_OK_CANDIDATE)
        return 0;
    plr_attempt_adopt(p, &a);
    return 1;
}

plr_reason plr_recognize(plr_plan *p) {
    find_output_map(p);
    if (!p->out && transposed_first(p))
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
    return plan_transposed_start(p);
}

plr_reason plr_recognize_materialized(plr_plan *p) {
    p->tmap = 1;
    /* An output map survives materialization: the clone stores the state's
     * input term, the runtime the state, the map g(state) (a rolling sum
     * over a run-time window, divided by it). */
    find_output_map(p);
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
    p->nrl = 0;
    unsigned nb = plr_loop_block_count(p->loop);
    for (unsigned bi = 0; bi < nb; bi++) {
        for (LLVMValueRef i = LLVMGetFirstInstruction(plr_loop_block(p->loop, bi)); i;
             i = LLVMGetNextInstruction(i)) {
            if (!LLVMIsALoadInst(i))
                continue;
            const plr_leaf *lf = plr_find_leaf(p, i);
            if (lf && lf->kind == PLR_LEAF_Y)
                continue;
            if (lf && lf->kind == PLR_LEAF_X && lf->stream == 0) {
                p->why_at = i; /* in place: the map would overwrite x before the fallback could read it */
                return PLR_R_INPUT;
            }
            /* Alias analysis may prove the load never reads y (restrict,
             * distinct objects): no check needed, whatever its address. */
            if (!plr_may_alias_store(p->ctx, i, p->store))
                continue;
            plr_scev *st;
            int64_t step;
            if (!plr_scev_address(p->ctx, p->loop, LLVMGetOperand(i, 0), &st, &step) || step < 0 || p->nrl == 16) {
                p->why_at = i;
                return PLR_R_STRIDE;
            }
            p->rl_load[p->nrl] = i;
            p->rl_start[p->nrl] = st;
            p->rl_step[p->nrl] = step;
            LLVMTypeRef lt = LLVMTypeOf(i);
            switch (LLVMGetTypeKind(lt)) {
            case LLVMIntegerTypeKind: p->rl_size[p->nrl] = (LLVMGetIntTypeWidth(lt) + 7) / 8; break;
            case LLVMFloatTypeKind: p->rl_size[p->nrl] = 4; break;
            case LLVMDoubleTypeKind: p->rl_size[p->nrl] = 8; break;
            default: p->rl_size[p->nrl] = 64; break; /* generous for anything wider */
            }
            p->nrl++;
        }
    }
    /* No input at all (an oscillator, a Fibonacci count): the clone stores
     * zeros, which the runtime adds. */
    int m0 = 0;
    for (int m = 0; m < PLR_MAX_FIR; m++)
        m0 |= !plr_cn_is_zero(l->a[m]);
    p->homogeneous = !l->has_x && !m0 && plr_cn_is_zero(l->c);
    l->c = NULL; /* invariant addends are part of t */
    for (int m = 0; m < PLR_MAX_FIR; m++)
        l->a[m] = NULL;
    l->a[0] = plr_cn_one(p);
    l->has_x = 1;
    l->xs = PLR_XS_T;
    p->lin = l;
    return PLR_OK_CANDIDATE;
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

/* ---- recurrences carried by the outer loop (lanes) --------------------------
 * y[i][j] = a*y[i-1][j] + x[i][j] with j the inner loop: the inner loop walks
 * independent lanes, the outer loop carries the recurrence. Addresses are
 * {{A,+,P}<outer>,+,s}<inner>; a delay is a whole number of outer steps P
 * between the As of two accesses with the same P and s. */
