/*
 * linear.c - the walk that writes an in-loop value as a linear form over the
 * leaves (x[i-m], y[i-j], 1), with the floating-point consent check.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "recognize.h"

/* Does v depend on an earlier output (a y leaf), within this iteration? */
static int ydep(plr_plan *p, LLVMValueRef v, unsigned depth) {
    if (!LLVMIsAInstruction(v) || !plr_loop_contains(p->loop, v))
        return 0;
    if (depth > 64)
        return 1; /* give up conservatively */
    if (plr_is_header_phi(p->loop, v)) {
        const plr_leaf *l = plr_phi_leaf(p, v);
        return l->kind == PLR_LEAF_Y || l->kind == PLR_LEAF_BAD || (l->kind == PLR_LEAF_LIN && l->form->has_y);
    }
    if (LLVMIsALoadInst(v)) {
        const plr_leaf *l = plr_find_leaf(p, v);
        return l && l->kind == PLR_LEAF_Y;
    }
    int n = LLVMGetNumOperands(v);
    for (int i = 0; i < n; i++)
        if (ydep(p, LLVMGetOperand(v, i), depth + 1))
            return 1;
    return 0;
}

plr_lin *plr_lin_new(plr_plan *p) {
    plr_lin *l = plr_alloc(p, sizeof *l);
    l->xs = -1;
    return l;
}

static int lin_pure(const plr_lin *l) { return !l->has_x && !l->has_y && plr_cn_is_zero(l->s); }

int plr_lin_outputs_only(const plr_lin *l) {
    if (l->has_x || !plr_cn_is_zero(l->c) || !plr_cn_is_zero(l->s))
        return 0;
    for (int m = 0; m < PLR_MAX_FIR; m++)
        if (!plr_cn_is_zero(l->a[m]))
            return 0;
    return 1;
}

static plr_lin *fail(walk *w, plr_reason why, LLVMValueRef at) {
    if (w->why == PLR_OK_CANDIDATE) {
        w->why = why;
        w->at = at;
    }
    return NULL;
}

static plr_lin *lin_combine(walk *w, LLVMValueRef at, const plr_lin *a, const plr_lin *b, int negate_b) {
    plr_plan *p = w->p;
    if (a->has_x && b->has_x && a->xs != b->xs)
        return fail(w, PLR_R_INPUT, at);
    plr_lin *r = plr_lin_new(p);
    for (int m = 0; m < PLR_MAX_FIR; m++)
        r->a[m] = plr_cn_add(p, a->a[m], negate_b ? plr_cn_neg(p, b->a[m]) : b->a[m]);
    for (int j = 0; j <= PLR_MAX_ORDER; j++) /* b[0]: the state leaf of find_state_output */
        r->b[j] = plr_cn_add(p, a->b[j], negate_b ? plr_cn_neg(p, b->b[j]) : b->b[j]);
    r->c = plr_cn_add(p, a->c, negate_b ? plr_cn_neg(p, b->c) : b->c);
    r->s = plr_cn_add(p, a->s, negate_b ? plr_cn_neg(p, b->s) : b->s);
    r->self = a->self ? a->self : b->self;
    r->has_x = a->has_x || b->has_x;
    r->has_y = a->has_y || b->has_y;
    r->xs = a->has_x ? a->xs : b->xs;
    return r;
}

static plr_lin *lin_scale(plr_plan *p, const plr_lin *a, plr_cn *k) {
    plr_lin *r = plr_lin_new(p);
    for (int m = 0; m < PLR_MAX_FIR; m++)
        r->a[m] = plr_cn_mul(p, a->a[m], k);
    for (int j = 0; j <= PLR_MAX_ORDER; j++)
        r->b[j] = plr_cn_mul(p, a->b[j], k);
    r->c = plr_cn_mul(p, a->c, k);
    r->s = plr_cn_mul(p, a->s, k);
    r->self = a->self;
    r->has_x = a->has_x;
    r->has_y = a->has_y;
    r->xs = a->xs;
    return r;
}

static plr_lin *lin_mul(walk *w, LLVMValueRef at, const plr_lin *a, const plr_lin *b) {
    if (lin_pure(a))
        return lin_scale(w->p, b, a->c);
    if (lin_pure(b))
        return lin_scale(w->p, a, b->c);
    if (!plr_cn_is_zero(a->s) || !plr_cn_is_zero(b->s))
        return fail(w, PLR_R_NONLINEAR, at); /* the state times a value of the loop */
    if (a->has_y && b->has_y)
        return fail(w, PLR_R_NONLINEAR, at);
    if (a->has_y || b->has_y)
        return fail(w, PLR_R_TIME_VARYING, at);
    if (a->xs == PLR_XS_S1 || b->xs == PLR_XS_S1)
        return fail(w, PLR_R_NONLINEAR, at); /* a product of an earlier stage's states */
    return fail(w, PLR_R_INPUT, at); /* x[i]*x[i]: not a FIR of x */
}

plr_lin *plr_lin_leaf(walk *w, LLVMValueRef v, plr_leaf *l) {
    plr_plan *p = w->p;
    if (p->stages.xsub && l->kind == PLR_LEAF_X && l->delay == 0 && l->stream == p->stages.xsub->xs &&
        (w->multi || w->stage == 1)) {
        /* x[i] where stage 0 is the input: its coefficient is collected in
         * the otherwise unused b[0] and resolved by resolve_x once the
         * form is complete (only the total coefficient can be divided).
         * has_x keeps it from counting as a constant in a product. */
        plr_lin *r = plr_lin_new(p);
        if (!w->multi || w->multi < 0 || w->multi == 1) {
            r->b[0] = plr_cn_one(p);
            r->has_x = 1;
            r->xs = PLR_XS_S1;
        }
        return r;
    }
    if (w->multi) {
        if (l->kind != PLR_LEAF_Y && l->kind != PLR_LEAF_Y2)
            return fail(w, l->kind == PLR_LEAF_X ? PLR_R_INPUT : l->why ? l->why : PLR_R_STATE, v);
        int ls = l->kind == PLR_LEAF_Y ? 0 : l->stage;
        if (ls == p->stages.n - 1)
            return fail(w, PLR_R_STATE, v); /* the output's own delay: feedback */
        plr_lin *r = plr_lin_new(p);
        if (w->multi < 0 || ls == w->multi - 1) {
            if (l->delay >= PLR_MAX_FIR)
                return fail(w, PLR_R_ORDER, v);
            r->a[l->delay] = plr_cn_one(p);
            r->has_x = 1;
            r->xs = PLR_XS_S1;
        }
        return r;
    }
    if (w->stage && (l->kind == PLR_LEAF_Y || l->kind == PLR_LEAF_Y2)) {
        int ls = l->kind == PLR_LEAF_Y ? 0 : l->stage;
        if (ls != w->stage && ls != w->stage - 1)
            return fail(w, PLR_R_STATE, v); /* not a cascade: reads another stage */
        plr_lin *r = plr_lin_new(p);
        if (ls == w->stage - 1) {
            if (l->delay >= PLR_MAX_FIR)
                return fail(w, PLR_R_ORDER, v);
            r->a[l->delay] = plr_cn_one(p);
            r->has_x = 1;
            r->xs = PLR_XS_S1;
        } else {
            r->b[l->delay] = plr_cn_one(p);
            r->has_y = 1;
        }
        return r;
    }
    /* (x read by a later stage: the stage's form then has x terms, which
     * walk_stages rejects, or a coefficient b[i] that lin_mul rejects) */
    if (!w->stage && l->kind == PLR_LEAF_Y2)
        return fail(w, PLR_R_STATE, v); /* the first stage reads a later one */
    switch (l->kind) {
    case PLR_LEAF_LIN:
        /* Not in a cascade's stages, which take their histories from
         * phis that carry delays (under a materialized input, leaves.c
         * admits forms of the outputs alone). */
        if (w->stage || w->multi || plr_kind_is_cascade(p->found.kind))
            return fail(w, PLR_R_STATE, v);
        return l->form;
    case PLR_LEAF_X: {
        plr_lin *r = plr_lin_new(p);
        r->a[l->delay] = plr_cn_one(p);
        r->has_x = 1;
        r->xs = l->stream;
        return r;
    }
    case PLR_LEAF_Y: {
        plr_lin *r = plr_lin_new(p);
        r->b[l->delay] = plr_cn_one(p);
        r->has_y = 1;
        return r;
    }
    case PLR_LEAF_IV:
        return fail(w, PLR_R_INPUT, v);
    default:
        return fail(w, l->why ? l->why : PLR_R_STATE, v);
    }
}

static int check_fp_consent(walk *w, LLVMValueRef inst) {
    if (LLVMCanValueUseFastMathFlags(inst) && !(LLVMGetFastMathFlags(inst) & LLVMFastMathAllowReassoc))
        w->p->fp_no_consent = 1;
    return 1;
}

/* A state kept in int and stored as short (`short s; s = (short)(x[i] -
 * 3*s); y[i] = s;`): clang keeps s in an i32 register and re-extends its
 * low bits before each use: `ashr(shl(s, W-w), W-w)`, `sext(trunc(s))`,
 * `and(s, 2^w-1)`, `zext(trunc(s))`. Each of these is congruent to s
 * modulo 2^w, and every operation of a linear form (+, -, *) commutes with
 * the reduction modulo 2^w, so reading the reduction as s itself changes
 * every value of the recurrence by a multiple of 2^w only; the outputs are
 * stored truncated to y's width w_y <= w, so they are bit for bit the
 * loop's (docs/pass.md, "Mixed storage"). The state after the loop is then
 * right only modulo 2^w: p->storage.reduced makes the live-out check require uses
 * that read no more (plr_check_liveouts). Returns the reduced value, or
 * NULL; *k: the reduction is that value times 2^k (InstCombine folds
 * `2*(short)s` into `ashr(shl(s, 16), 15)`). */
static LLVMValueRef reduced_operand(const plr_plan *p, LLVMValueRef v, unsigned *k) {
    *k = 0;
    LLVMTypeRef held = p->storage.y_trunc ? p->storage.y_held : p->storage.state_reduced ? p->storage.state_held : NULL;
    if (!held || LLVMGetTypeKind(p->elem) != LLVMIntegerTypeKind || LLVMGetTypeKind(held) != LLVMIntegerTypeKind ||
        !LLVMIsAInstruction(v))
        return NULL;
    unsigned W = LLVMGetIntTypeWidth(p->elem), wy = LLVMGetIntTypeWidth(held);
    LLVMOpcode op = LLVMGetInstructionOpcode(v);
    LLVMValueRef a = LLVMGetNumOperands(v) > 0 ? LLVMGetOperand(v, 0) : NULL;
    if ((op == LLVMAShr || op == LLVMLShr) && LLVMIsAConstantInt(LLVMGetOperand(v, 1)) && LLVMIsAInstruction(a) &&
        LLVMGetInstructionOpcode(a) == LLVMShl && LLVMIsAConstantInt(LLVMGetOperand(a, 1))) {
        /* shl by c leaves c zero bits, so shifting back by d <= c drops
         * none: the low W-c bits extended, times 2^(c-d) */
        unsigned long long c = LLVMConstIntGetZExtValue(LLVMGetOperand(a, 1));
        unsigned long long d = LLVMConstIntGetZExtValue(LLVMGetOperand(v, 1));
        if (c >= W || d > c || W - c < wy)
            return NULL;
        *k = (unsigned)(c - d);
        return LLVMGetOperand(a, 0);
    }
    if (op == LLVMAnd && LLVMIsAConstantInt(LLVMGetOperand(v, 1)) && wy < 64) {
        /* a & m keeps a's low wy bits when m's are all ones, or those
         * of them a can have set (a = b << k: `(s & 0xffff) * 4` is
         * `(s << 2) & 0x3fffc`) */
        unsigned long long m = LLVMConstIntGetZExtValue(LLVMGetOperand(v, 1)), zeros = 0;
        if (LLVMIsAInstruction(a) && LLVMGetInstructionOpcode(a) == LLVMShl && LLVMIsAConstantInt(LLVMGetOperand(a, 1)) &&
            LLVMConstIntGetZExtValue(LLVMGetOperand(a, 1)) < wy)
            zeros = (1ULL << LLVMConstIntGetZExtValue(LLVMGetOperand(a, 1))) - 1;
        unsigned long long low = (1ULL << wy) - 1;
        return ((m | zeros) & low) == low ? a : NULL;
    }
    if ((op == LLVMSExt || op == LLVMZExt) && LLVMTypeOf(v) == p->elem && LLVMIsAInstruction(a) &&
        LLVMGetInstructionOpcode(a) == LLVMTrunc && LLVMTypeOf(LLVMGetOperand(a, 0)) == p->elem &&
        LLVMGetIntTypeWidth(LLVMTypeOf(a)) >= wy)
        return LLVMGetOperand(a, 0);
    return NULL;
}

/* A transposed state read by another one while it is itself being
 * resolved: InstCombine folded the output into the reader (`z2 = 2*x[i] +
 * 2*v + z3` over `v = -x[i] + z1` becomes `z2 = 2*z1 + z3`). When the
 * output is g*z1 + R with g = +-1, z1 = g*(y[i] - R) at every iteration
 * (the output is computed from the state's current value each time), so
 * z1 is that form over the current output (b[0]) and R: exact in
 * integers. Not in floating point, where the coefficients that meet
 * would be rounded apart (leaves.c, read_back_self). NULL if it is no
 * such state. */
static plr_lin *read_back_outer(walk *w, LLVMValueRef phi) {
    plr_plan *p = w->p;
    if (p->is_fp || !w->s_leaf || !p->walk.lin_self)
        return NULL;
    /* (the walk's memo entries carry phi as a term of its own: dropped) */
    unsigned nmemo = p->walk.nmemo;
    LLVMValueRef outer = p->walk.lin_self;
    p->walk.lin_self = phi;
    walk gw = {p, PLR_OK_CANDIDATE, NULL, 0, 0, 0, 0, 0};
    plr_lin *g = plr_lin_of(&gw, p->value);
    p->walk.lin_self = outer;
    p->walk.nmemo = nmemo;
    if (!g || g->self != phi || !plr_cn_is_const(g->s) || (g->s->ki != 1 && g->s->ki != UINT64_MAX) ||
        !plr_cn_is_zero(g->b[0]))
        return NULL;
    plr_lin *r = lin_scale(p, g, plr_cn_neg(p, g->s)); /* -g*(g*z1 + R) = -z1 - g*R */
    r->s = NULL;
    r->self = NULL;
    r->b[0] = g->s;
    r->has_y = 1;
    return r;
}

static plr_lin *lin_compute(walk *w, LLVMValueRef v) {
    plr_plan *p = w->p;
    if (LLVMTypeOf(v) != p->elem)
        return fail(w, PLR_R_TYPE, v);
    if (plr_loop_is_invariant(p->loop, v)) {
        plr_lin *r = plr_lin_new(p);
        r->c = plr_cn_value(p, v);
        return r;
    }
    if (LLVMIsALoadInst(v)) {
        plr_leaf *l = plr_find_leaf(p, v);
        if (l && l->kind == PLR_LEAF_INV) {
            plr_lin *r = plr_lin_new(p);
            r->c = plr_alloc(p, sizeof *r->c);
            r->c->kind = PLR_CN_RELOAD;
            r->c->v = v;
            return r;
        }
    }
    if (w->opaque && LLVMIsAInstruction(v) && !ydep(p, v, 0)) {
        plr_lin *r = plr_lin_new(p);
        r->a[0] = plr_cn_one(p); /* a placeholder: the map computes t itself */
        r->has_x = 1;
        r->xs = PLR_XS_T;
        return r;
    }
    if (!LLVMIsAInstruction(v))
        return fail(w, PLR_R_NONLINEAR, v);
    if (LLVMIsALoadInst(v)) {
        plr_leaf *l = plr_find_leaf(p, v);
        return l ? plr_lin_leaf(w, v, l) : fail(w, PLR_R_STRIDE, v);
    }
    if (LLVMIsAPHINode(v)) {
        if (!plr_is_header_phi(p->loop, v))
            return fail(w, PLR_R_NONLINEAR, v); /* a value chosen by control flow */
        if (v == p->walk.lin_self) {
            /* the transposed state being resolved reaches itself: a term
             * of its own, read back through the output afterwards */
            plr_lin *r = plr_lin_new(p);
            r->s = plr_cn_one(p);
            r->self = v;
            return r;
        }
        plr_leaf *l = plr_find_leaf(p, v);
        plr_lin *back = l && l->state == 1 ? read_back_outer(w, v) : NULL;
        if (back)
            return back;
        l = plr_phi_leaf(p, v);
        return plr_lin_leaf(w, v, l);
    }
    if (LLVMIsACastInst(v) && plr_widens(p, v) &&
        (LLVMIsALoadInst(LLVMGetOperand(v, 0)) || plr_is_header_phi(p->loop, LLVMGetOperand(v, 0)))) {
        /* an element held narrower, widened into the recurrence: x[i-m] of
         * an int16 or float array, loaded or carried as it is held (its
         * stream's storage, plr_build_signature) */
        LLVMValueRef e = LLVMGetOperand(v, 0);
        plr_leaf *l = LLVMIsALoadInst(e) ? plr_find_leaf(p, e) : plr_phi_leaf(p, e);
        if (!l)
            return fail(w, PLR_R_STRIDE, v);
        if (l->kind == PLR_LEAF_X) {
            LLVMOpcode ext = LLVMGetInstructionOpcode(v);
            if (l->held != LLVMTypeOf(e))
                return fail(w, PLR_R_TYPE, v); /* (a leaf not classified as held) */
            if (l->ext && l->ext != ext)
                return fail(w, PLR_R_TYPE, v); /* read both signed and unsigned */
            l->ext = ext;
        }
        if (l->kind == PLR_LEAF_Y && l->held)
            p->storage.reduced = 1; /* a short state's phi extended: the state modulo 2^w */
        return plr_lin_leaf(w, v, l);
    }
    unsigned k;
    LLVMValueRef r = reduced_operand(p, v, &k);
    if (r) {
        /* (short)s re-extended: the same value modulo 2^w (above) */
        p->storage.reduced = 1;
        plr_lin *a = plr_lin_of(w, r);
        return a && k ? lin_scale(p, a, plr_cn_const_int(p, UINT64_C(1) << k)) : a;
    }
    LLVMOpcode op = LLVMGetInstructionOpcode(v);
    plr_lin *a, *b;
    switch (op) {
    case LLVMAdd:
    case LLVMSub:
    case LLVMFAdd:
    case LLVMFSub:
        if (op == LLVMFAdd || op == LLVMFSub)
            check_fp_consent(w, v);
        if (!(a = plr_lin_of(w, LLVMGetOperand(v, 0))) || !(b = plr_lin_of(w, LLVMGetOperand(v, 1))))
            return NULL;
        return lin_combine(w, v, a, b, op == LLVMSub || op == LLVMFSub);
    case LLVMMul:
    case LLVMFMul:
        if (op == LLVMFMul)
            check_fp_consent(w, v);
        if (!(a = plr_lin_of(w, LLVMGetOperand(v, 0))) || !(b = plr_lin_of(w, LLVMGetOperand(v, 1))))
            return NULL;
        return lin_mul(w, v, a, b);
    case LLVMShl: {
        LLVMValueRef amt = LLVMGetOperand(v, 1);
        if (!LLVMIsAConstantInt(amt))
            return fail(w, PLR_R_NONLINEAR, v);
        unsigned long long s = LLVMConstIntGetZExtValue(amt);
        if (s >= LLVMGetIntTypeWidth(p->elem))
            return fail(w, PLR_R_NONLINEAR, v);
        if (!(a = plr_lin_of(w, LLVMGetOperand(v, 0))))
            return NULL;
        return lin_scale(p, a, plr_cn_const_int(p, UINT64_C(1) << s));
    }
    case LLVMFNeg:
        check_fp_consent(w, v);
        if (!(a = plr_lin_of(w, LLVMGetOperand(v, 0))))
            return NULL;
        return lin_scale(p, a, plr_cn_const_fp(p, -1.0));
    case LLVMCall: {
        LLVMValueRef callee = LLVMGetCalledValue(v);
        unsigned id = LLVMIsAFunction(callee) ? LLVMGetIntrinsicID(callee) : 0;
        static unsigned fmuladd, fma;
        if (!fmuladd) {
            fmuladd = LLVMLookupIntrinsicID("llvm.fmuladd", 12);
            fma = LLVMLookupIntrinsicID("llvm.fma", 8);
        }
        if (!id || (id != fmuladd && id != fma))
            return fail(w, plr_inst_has_side_effects(v) ? PLR_R_CALL : PLR_R_NONLINEAR, v);
        check_fp_consent(w, v);
        plr_lin *c, *ab;
        if (!(c = plr_lin_of(w, LLVMGetOperand(v, 2))))
            return NULL;
        if (w->opaque && !ydep(p, LLVMGetOperand(v, 0), 0) && !ydep(p, LLVMGetOperand(v, 1), 0)) {
            /* a product of values without y beside the state (`e - b*b`
             * contracted): part of the materialized term, as the fmul
             * would be */
            ab = plr_lin_new(p);
            ab->a[0] = plr_cn_one(p);
            ab->has_x = 1;
            ab->xs = PLR_XS_T;
        } else if (!(a = plr_lin_of(w, LLVMGetOperand(v, 0))) || !(b = plr_lin_of(w, LLVMGetOperand(v, 1))) ||
                   !(ab = lin_mul(w, v, a, b))) {
            return NULL;
        }
        return lin_combine(w, v, ab, c, 0);
    }
    default:
        if (LLVMIsACastInst(v))
            return fail(w, PLR_R_TYPE, v);
        return fail(w, PLR_R_NONLINEAR, v);
    }
}

plr_lin *plr_lin_of(walk *w, LLVMValueRef v) {
    plr_plan *p = w->p;
    for (int t = 0; w->multi && t < p->stages.n - 1; t++)
        if (v == p->stages.v[t]) {
            plr_lin *r = plr_lin_new(p);
            if (w->multi < 0 || t == w->multi - 1) {
                r->a[0] = plr_cn_one(p);
                r->has_x = 1;
                r->xs = PLR_XS_S1;
            }
            return r;
        }
    if (w->stage && v == p->stages.v[w->stage - 1]) {
        plr_lin *r = plr_lin_new(p);
        r->a[0] = plr_cn_one(p);
        r->has_x = 1;
        r->xs = PLR_XS_S1;
        return r;
    }
    if (w->s_leaf && v == p->value) {
        plr_lin *r = plr_lin_new(p);
        r->b[0] = plr_cn_one(p);
        r->has_y = 1;
        return r;
    }
    for (unsigned i = 0; i < p->walk.nmemo; i++)
        if (p->walk.memo_v[i] == v) {
            /* a form with a term of a state resolved further out: this
             * state reaches that one, which reaches this one (a cycle) */
            if (!plr_cn_is_zero(p->walk.memo_l[i]->s) && p->walk.memo_l[i]->self != p->walk.lin_self)
                return fail(w, PLR_R_STATE, v);
            return p->walk.memo_l[i];
        }
    if (++w->depth > 400)
        return fail(w, PLR_R_SIZE, v);
    plr_lin *r = lin_compute(w, v);
    w->depth--;
    if (!r)
        return NULL;
    if (p->walk.nmemo == p->walk.capmemo) {
        unsigned cap = p->walk.capmemo ? 2 * p->walk.capmemo : 64;
        LLVMValueRef *nv = realloc(p->walk.memo_v, cap * sizeof *nv);
        plr_lin **nl = nv ? realloc(p->walk.memo_l, cap * sizeof *nl) : NULL;
        if (!nl)
            abort();
        p->walk.memo_v = nv;
        p->walk.memo_l = nl;
        p->walk.capmemo = cap;
    }
    p->walk.memo_v[p->walk.nmemo] = v;
    p->walk.memo_l[p->walk.nmemo++] = r;
    return r;
}
