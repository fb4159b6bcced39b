/*
 * runtime_order.c - recurrences of run-time order: LPC synthesis,
 *
 *     for (i = first; i < n; i++) {
 *         s = x[i];
 *         for (j = 1; j <= p; j++) s -= a[j] * y[i-j];
 *         y[i] = s;
 *     }
 *
 * The recurrence is carried by the outer loop, through the tap loop's loads
 * of y[i-j], not through phis, so the recognizer of innermost loops never
 * sees it: plr_runtime_order (recognize.c) finds the tap loop, and this file
 * reads the pair as one recurrence y[i] = x[i] + sign * sum_j c_j y[i-j] of
 * order p, whose coefficients are p elements of an array. The signature is
 * built at run time by plr_signature_from_array; the lowering is
 * lower_runtime_order.c.
 *
 * What is taken: the tap loop sums c*y into one accumulator (s += c*y,
 * s -= c*y, fmuladd) over j = 1..p (y[i-1] first), with c loaded from an
 * array at a constant stride of whole elements (a[j], a[j-1], a[p-j]) that
 * does not move with i; the accumulator starts from x[i] (or zero) and the
 * output is it, or x[i] plus or minus it; x is another array at unit stride
 * or y itself (in place); the outer loop runs forward at unit stride, stores
 * nothing else, and reaches the tap loop on every iteration or behind
 * branches on values from before it (clang's `p >= 1`), which become part of
 * the run-time check. The tap count must not change with i.
 */
#include <string.h>

#include "recognize.h"
#include "runtime_order.h"

/* Largest number of blocks of the outer loop walked for its paths. */
#define RTO_MAX_BLOCKS 64

/* A value of the outer loop around the taps as
 * cx*x[i] + gx*g*x[i] + gg*g2*g*x[i] + cs*S + hs*h*S, S the sum over the
 * taps of c_j*y[i-j], g the one gain on x[i] (plr_rto.gain), g2 one factor
 * on that (plr_rto.gain2: h*(g*x[i] - s)) and h the one factor on the sum
 * (plr_rto.sum_gain), all values from before the loop. */
typedef struct rto_form {
    int cx, gx, gg, cs, hs;
} rto_form;

typedef struct rto_walk {
    plr_plan *p;
    struct plr_rto *r;
    LLVMBasicBlockRef chain[RTO_MAX_BLOCKS]; /* from the tap loop's exit to the latch */
    unsigned nchain;
    LLVMValueRef update; /* the accumulator's latch value: the sum after the last tap */
    rto_form init;       /* the accumulator's start */
    int acc_sign;         /* +1: acc + c*y, -1: acc - c*y */
    plr_reason why;
    LLVMValueRef at;
} rto_walk;

static int block_in(plr_loop *L, LLVMBasicBlockRef bb) {
    return plr_loop_contains(L, LLVMGetFirstInstruction(bb));
}

static int fail(rto_walk *w, plr_reason why, LLVMValueRef at) {
    if (w->why == PLR_OK_CANDIDATE) {
        w->why = why;
        w->at = at;
    }
    return 0;
}

/* A floating-point operation on the way from the taps to the output: the
 * runtime adds the taps in its own order, so each needs reassoc (or the
 * loop the pragma's marker), as everywhere else in the pass. */
static void note_fp(rto_walk *w, LLVMValueRef v) {
    if (LLVMCanValueUseFastMathFlags(v) && !(LLVMGetFastMathFlags(v) & LLVMFastMathAllowReassoc))
        w->p->fp_no_consent = 1;
}

static unsigned intrinsic_of(LLVMValueRef v) {
    if (!LLVMIsACallInst(v))
        return 0;
    LLVMValueRef callee = LLVMGetCalledValue(v);
    return LLVMIsAFunction(callee) ? LLVMGetIntrinsicID(callee) : 0;
}

static int is_fmuladd(LLVMValueRef v) {
    static unsigned fmuladd, fma;
    if (!fmuladd) {
        fmuladd = LLVMLookupIntrinsicID("llvm.fmuladd", 12);
        fma = LLVMLookupIntrinsicID("llvm.fma", 8);
    }
    unsigned id = intrinsic_of(v);
    return id && (id == fmuladd || id == fma);
}

static int is_zero(LLVMValueRef v) {
    if (LLVMIsAConstantInt(v))
        return LLVMConstIntGetZExtValue(v) == 0;
    if (LLVMIsAConstantFP(v)) {
        LLVMBool lost;
        return LLVMConstRealGetDouble(v, &lost) == 0.0;
    }
    return 0;
}

/* v with its negations stripped: *sign flips for each fneg or 0 - v. */
static LLVMValueRef strip_neg(rto_walk *w, LLVMValueRef v, int *sign) {
    for (int k = 0; k < 4 && LLVMIsAInstruction(v); k++) {
        LLVMOpcode op = LLVMGetInstructionOpcode(v);
        if (op == LLVMFNeg) {
            note_fp(w, v);
            v = LLVMGetOperand(v, 0);
        } else if ((op == LLVMSub || op == LLVMFSub) && is_zero(LLVMGetOperand(v, 0))) {
            if (op == LLVMFSub)
                note_fp(w, v);
            v = LLVMGetOperand(v, 1);
        } else {
            break;
        }
        *sign = -*sign;
    }
    return v;
}

/* l*r as +-c*y: the sign, 0 if it is not that product. */
static int product_sign(rto_walk *w, LLVMValueRef l, LLVMValueRef r) {
    int s = 1;
    l = strip_neg(w, l, &s);
    r = strip_neg(w, r, &s);
    if ((l == w->r->cload && r == w->r->yload) || (l == w->r->yload && r == w->r->cload))
        return s;
    return 0;
}

static int term_sign(rto_walk *w, LLVMValueRef t) {
    int s = 1;
    t = strip_neg(w, t, &s);
    if (!LLVMIsAInstruction(t) || !plr_loop_contains(w->r->taps, t))
        return 0;
    LLVMOpcode op = LLVMGetInstructionOpcode(t);
    if (op != LLVMMul && op != LLVMFMul)
        return 0;
    if (op == LLVMFMul)
        note_fp(w, t);
    return s * product_sign(w, LLVMGetOperand(t, 0), LLVMGetOperand(t, 1));
}

/* The accumulator's update: acc + c*y (+1), acc - c*y (-1), or 0. */
static int update_sign(rto_walk *w, LLVMValueRef u) {
    LLVMValueRef acc = w->r->acc;
    if (!LLVMIsAInstruction(u))
        return 0;
    if (is_fmuladd(u)) {
        note_fp(w, u);
        if (LLVMGetOperand(u, 2) != acc)
            return 0;
        return product_sign(w, LLVMGetOperand(u, 0), LLVMGetOperand(u, 1));
    }
    LLVMOpcode op = LLVMGetInstructionOpcode(u);
    LLVMValueRef l = LLVMGetOperand(u, 0), r = op == LLVMFNeg ? NULL : LLVMGetOperand(u, 1);
    switch (op) {
    case LLVMFAdd:
        note_fp(w, u);
        /* fall through */
    case LLVMAdd:
        return l == acc ? term_sign(w, r) : r == acc ? term_sign(w, l) : 0;
    case LLVMFSub:
        note_fp(w, u);
        /* fall through */
    case LLVMSub:
        return l == acc ? -term_sign(w, r) : 0;
    default:
        return 0;
    }
}

/* The block before `bb` on the chain from the tap loop's exit (NULL: bb is
 * not on it, or is its start). */
static LLVMBasicBlockRef chain_pred(const rto_walk *w, LLVMBasicBlockRef bb) {
    for (unsigned k = 1; k < w->nchain; k++)
        if (w->chain[k] == bb)
            return w->chain[k - 1];
    return NULL;
}

static int outer_form(rto_walk *w, LLVMValueRef v, rto_form *f, unsigned depth);

/* Is v the accumulator after the taps (through the LCSSA phi and the phis
 * that merge the way around the taps, negations aside)? Asked of a product
 * whose factors both move with i: when one is the sum, the other is a
 * factor on it that changes with i, which has its own reason. */
static int is_sum(rto_walk *w, LLVMValueRef v) {
    for (unsigned depth = 0; depth < 8 && v; depth++) {
        int sign = 1;
        v = strip_neg(w, v, &sign);
        if (v == w->update)
            return 1;
        if (!LLVMIsAPHINode(v) || !plr_loop_contains(w->p->loop, v))
            return 0;
        LLVMBasicBlockRef bb = LLVMGetInstructionParent(v), pred = chain_pred(w, bb);
        if (bb == plr_loop_exit(w->r->taps))
            v = plr_incoming_from(v, plr_loop_latch(w->r->taps));
        else
            v = pred ? plr_incoming_from(v, pred) : NULL;
    }
    return 0;
}

/* A product of two values that both move with i: not linear, or, on the
 * sum, a factor that is not one value for the whole loop. */
static int varying_product(rto_walk *w, LLVMValueRef at, LLVMValueRef a, LLVMValueRef b) {
    return fail(w, is_sum(w, a) || is_sum(w, b) ? PLR_R_RUNTIME_ORDER_GAIN : PLR_R_NONLINEAR, at);
}

/* f = k*o (k a value from before the loop, g*v or v*g, 2*v as
 * InstCombine's v << 1). On x[i] it is the gain, a FIR tap of length 1, the
 * signature's a0; on the sum (y[i] = x[i] - g*s) it scales every
 * coefficient, g*a[j], which the lowering applies to the signature read from
 * the array (exact for integers, whose arithmetic wraps; a reassociation for
 * floating point, under the same consent as the rest: the product's reassoc
 * is noted like every other operation's). k*(x[i] - s) is both. */
static int gained(rto_walk *w, LLVMValueRef at, LLVMValueRef k, LLVMValueRef of, rto_form *f, unsigned depth) {
    struct plr_rto *r = w->r;
    rto_form o;
    if (!outer_form(w, of, &o, depth + 1))
        return 0;
    if (o.hs != 0 || (o.cs != 0 && r->sum_gain && r->sum_gain != k))
        return fail(w, PLR_R_RUNTIME_ORDER_GAIN, at); /* g*(h*s), g*s + h*s: a product of factors, not yet */
    if (o.gg != 0 || (o.cx != 0 && r->gain && r->gain != k) || (o.gx != 0 && r->gain2 && r->gain2 != k))
        return fail(w, PLR_R_RUNTIME_ORDER, at); /* three gains on x, two side by side: not yet */
    *f = (rto_form){.gx = o.cx, .gg = o.gx, .hs = o.cs};
    if (o.cx)
        r->gain = k;
    if (o.gx)
        r->gain2 = k; /* h*(g*x[i] - s): a0 = h*g */
    if (o.cs)
        r->sum_gain = k;
    return 1;
}

static int form_add(rto_walk *w, LLVMValueRef l, LLVMValueRef r, int sub, rto_form *f, unsigned depth) {
    rto_form a, b;
    if (!outer_form(w, l, &a, depth + 1) || !outer_form(w, r, &b, depth + 1))
        return 0;
    int s = sub ? -1 : 1;
    *f = (rto_form){a.cx + s * b.cx, a.gx + s * b.gx, a.gg + s * b.gg, a.cs + s * b.cs, a.hs + s * b.hs};
    return 1;
}

static int outer_form(rto_walk *w, LLVMValueRef v, rto_form *f, unsigned depth) {
    plr_plan *p = w->p;
    struct plr_rto *r = w->r;
    if (depth > 32)
        return fail(w, PLR_R_SIZE, v);
    if (v == r->xload) {
        *f = (rto_form){.cx = 1};
        return 1;
    }
    if (is_zero(v)) {
        *f = (rto_form){0};
        return 1;
    }
    if (v == w->update) {
        *f = w->init;
        f->cs += w->acc_sign;
        return 1;
    }
    if (!LLVMIsAInstruction(v) || !plr_loop_contains(p->loop, v))
        return fail(w, PLR_R_RUNTIME_ORDER, v); /* (an invariant term: not x[i]) */
    if (LLVMIsAPHINode(v)) {
        LLVMBasicBlockRef bb = LLVMGetInstructionParent(v);
        LLVMBasicBlockRef exit = plr_loop_exit(r->taps);
        LLVMValueRef in = NULL;
        if (bb == exit) /* LCSSA */
            in = plr_incoming_from(v, plr_loop_latch(r->taps));
        else if (chain_pred(w, bb))
            in = plr_incoming_from(v, chain_pred(w, bb)); /* the other ways in are dead under the guards */
        if (!in)
            return fail(w, PLR_R_RUNTIME_ORDER, v);
        return outer_form(w, in, f, depth + 1);
    }
    if (is_fmuladd(v)) {
        /* g*x[i] + c contracted (fast math): the product as below, plus c */
        note_fp(w, v);
        rto_form prod, c;
        LLVMValueRef a = LLVMGetOperand(v, 0), b = LLVMGetOperand(v, 1);
        int ia = plr_loop_is_invariant(p->loop, a), ib = plr_loop_is_invariant(p->loop, b);
        if (!ia && !ib)
            return varying_product(w, v, a, b);
        if (!gained(w, v, ia ? a : b, ia ? b : a, &prod, depth) || !outer_form(w, LLVMGetOperand(v, 2), &c, depth + 1))
            return 0;
        *f = (rto_form){prod.cx + c.cx, prod.gx + c.gx, prod.gg + c.gg, prod.cs + c.cs, prod.hs + c.hs};
        return 1;
    }
    LLVMOpcode op = LLVMGetInstructionOpcode(v);
    switch (op) {
    case LLVMFAdd:
    case LLVMFSub:
    case LLVMFNeg:
    case LLVMFMul:
        note_fp(w, v);
        break;
    default:
        break;
    }
    switch (op) {
    case LLVMAdd:
    case LLVMFAdd:
    case LLVMSub:
    case LLVMFSub:
        return form_add(w, LLVMGetOperand(v, 0), LLVMGetOperand(v, 1), op == LLVMSub || op == LLVMFSub, f, depth);
    case LLVMFNeg: {
        rto_form o;
        if (!outer_form(w, LLVMGetOperand(v, 0), &o, depth + 1))
            return 0;
        *f = (rto_form){-o.cx, -o.gx, -o.gg, -o.cs, -o.hs};
        return 1;
    }
    case LLVMMul:
    case LLVMFMul: {
        LLVMValueRef a = LLVMGetOperand(v, 0), b = LLVMGetOperand(v, 1);
        if (plr_loop_is_invariant(p->loop, a))
            return gained(w, v, a, b, f, depth);
        if (plr_loop_is_invariant(p->loop, b))
            return gained(w, v, b, a, f, depth);
        return varying_product(w, v, a, b);
    }
    case LLVMShl: {
        /* 2^k * v, as InstCombine writes a constant power of two; a
         * shift by a run-time amount is no gain */
        LLVMValueRef k = LLVMGetOperand(v, 1);
        unsigned bits = LLVMGetIntTypeWidth(LLVMTypeOf(v));
        if (!LLVMIsAConstantInt(k) || LLVMConstIntGetZExtValue(k) >= bits)
            return fail(w, PLR_R_NONLINEAR, v);
        LLVMValueRef pow2 = LLVMConstInt(LLVMTypeOf(v), 1ull << LLVMConstIntGetZExtValue(k), 0);
        return gained(w, v, pow2, LLVMGetOperand(v, 0), f, depth);
    }
    /* a rounding shift (fixed-point LPC), a division, a clamp: no order
     * makes that a linear recurrence */
    case LLVMLShr:
    case LLVMAShr:
    case LLVMSDiv:
    case LLVMUDiv:
    case LLVMFDiv:
    case LLVMSRem:
    case LLVMURem:
    case LLVMFRem:
    case LLVMSelect:
    case LLVMCall:
    case LLVMAnd:
    case LLVMOr:
    case LLVMXor:
        return fail(w, PLR_R_NONLINEAR, v);
    case LLVMSExt:
    case LLVMZExt:
    case LLVMTrunc:
    case LLVMFPExt:
    case LLVMFPTrunc:
    case LLVMSIToFP:
    case LLVMUIToFP:
    case LLVMFPToSI:
    case LLVMFPToUI:
        return fail(w, PLR_R_TYPE, v);
    default:
        return fail(w, PLR_R_RUNTIME_ORDER, v);
    }
}

/* Can `from` reach `to` inside the outer loop P without going round P's
 * back edge or entering the tap loop? */
static int reaches(plr_plan *p, struct plr_rto *r, LLVMBasicBlockRef from, LLVMBasicBlockRef to) {
    LLVMBasicBlockRef stack[RTO_MAX_BLOCKS], seen[RTO_MAX_BLOCKS];
    unsigned nstack = 0, nseen = 0;
    LLVMBasicBlockRef header = plr_loop_header(p->loop);
    stack[nstack++] = from;
    while (nstack) {
        LLVMBasicBlockRef bb = stack[--nstack];
        if (bb == to)
            return 1;
        if ((bb == header && bb != from) || !block_in(p->loop, bb) || block_in(r->taps, bb))
            continue;
        int dup = 0;
        for (unsigned k = 0; k < nseen; k++)
            dup |= seen[k] == bb;
        if (dup || nseen == RTO_MAX_BLOCKS)
            continue;
        seen[nseen++] = bb;
        LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
        for (unsigned s = 0, ns = LLVMGetNumSuccessors(term); s < ns && nstack < RTO_MAX_BLOCKS; s++)
            stack[nstack++] = LLVMGetSuccessor(term, s);
    }
    return 0;
}

/* The paths through the outer loop: from the tap loop's exit a chain of
 * plain branches to the latch; before the taps, branches either way to the
 * taps or on values from before the loop (guards, checked at run time). */
static int check_paths(rto_walk *w) {
    plr_plan *p = w->p;
    struct plr_rto *r = w->r;
    LLVMBasicBlockRef latch = plr_loop_latch(p->loop), tph = plr_loop_preheader(r->taps);
    LLVMBasicBlockRef bb = plr_loop_exit(r->taps);
    if (plr_loop_block_count(p->loop) > RTO_MAX_BLOCKS)
        return fail(w, PLR_R_SIZE, NULL);
    for (;;) {
        if (w->nchain == RTO_MAX_BLOCKS || !block_in(p->loop, bb) || block_in(r->taps, bb))
            return fail(w, PLR_R_RUNTIME_ORDER, LLVMGetBasicBlockTerminator(bb));
        w->chain[w->nchain++] = bb;
        if (bb == latch)
            break;
        LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
        if (LLVMGetInstructionOpcode(term) != LLVMBr || LLVMIsConditional(term))
            return fail(w, PLR_R_RUNTIME_ORDER, term); /* the output chosen after the taps */
        bb = LLVMGetSuccessor(term, 0);
    }
    LLVMBasicBlockRef header = plr_loop_header(p->loop);
    for (unsigned b = 0, nb = plr_loop_block_count(p->loop); b < nb; b++) {
        LLVMBasicBlockRef blk = plr_loop_block(p->loop, b);
        if (block_in(r->taps, blk) || chain_pred(w, blk) || blk == w->chain[0])
            continue;
        LLVMValueRef term = LLVMGetBasicBlockTerminator(blk);
        /* another loop beside the taps: a back edge outside them */
        for (unsigned s = 0, ns = LLVMGetNumSuccessors(term); s < ns; s++) {
            LLVMBasicBlockRef to = LLVMGetSuccessor(term, s);
            if (to != header && block_in(p->loop, to) && !block_in(r->taps, to) &&
                plr_block_dominates(p->ctx, to, blk))
                return fail(w, PLR_R_RUNTIME_ORDER, term);
        }
        if (!reaches(p, r, blk, tph))
            continue; /* a way around the taps, dead under the guards */
        if (LLVMGetInstructionOpcode(term) != LLVMBr)
            return fail(w, PLR_R_RUNTIME_ORDER, term);
        if (!LLVMIsConditional(term))
            continue;
        int r0 = reaches(p, r, LLVMGetSuccessor(term, 0), tph), r1 = reaches(p, r, LLVMGetSuccessor(term, 1), tph);
        if (r0 && r1)
            continue;
        LLVMValueRef cond = LLVMGetCondition(term);
        if (!plr_loop_is_invariant(p->loop, cond) || r->nguards == PLR_RTO_MAX_GUARDS)
            return fail(w, PLR_R_COND_STORE, term); /* the taps do not run on every iteration */
        r->guard[r->nguards] = cond;
        r->guard_dir[r->nguards++] = r0;
    }
    return 1;
}

/* The tap loop: simple form, its induction and one accumulator, the
 * loads of the coefficient and of y[i-j]. */
static int read_taps(rto_walk *w, plr_scev *yat) {
    plr_plan *p = w->p;
    struct plr_rto *r = w->r;
    plr_loop *T = r->taps;
    LLVMBasicBlockRef tlatch = plr_loop_latch(T);
    if (!plr_loop_preheader(T) || !tlatch || plr_loop_exiting(T) != tlatch || !plr_loop_exit(T) ||
        !plr_loop_has_dedicated_exits(T))
        return fail(w, PLR_R_SHAPE, NULL);
    LLVMValueRef loads[2];
    unsigned nloads = 0;
    for (unsigned b = 0, nb = plr_loop_block_count(T); b < nb; b++)
        for (LLVMValueRef i = LLVMGetFirstInstruction(plr_loop_block(T, b)); i; i = LLVMGetNextInstruction(i)) {
            if (LLVMIsALoadInst(i)) {
                if (nloads == 2)
                    return fail(w, PLR_R_RUNTIME_ORDER, i);
                loads[nloads++] = i;
            }
        }
    for (unsigned k = 0; k < nloads; k++) {
        plr_scev *ls;
        int64_t lstep, d;
        if (!r->yload && plr_scev_affine(p->ctx, T, LLVMGetOperand(loads[k], 0), &ls, &lstep) &&
            lstep == -p->access.step && plr_scev_const_diff(p->ctx, ls, yat, &d) && d == -p->access.step) {
            r->yload = loads[k];
        } else if (!r->yload && plr_taps_walk_up(p->ctx, T, loads[k], yat, p->access.step)) {
            r->yload = loads[k]; /* from y[i-p] up to y[i-1]: the same sum, added the other way round */
            r->up = 1;
        } else {
            r->cload = loads[k];
        }
    }
    if (!r->yload || !r->cload) {
        LLVMModuleRef mod = LLVMGetGlobalParent(plr_ctx_function(p->ctx));
        for (unsigned k = 0; k < nloads; k++)
            if (plr_taps_wrapped(mod, loads[k], p->store))
                return fail(w, PLR_R_RUNTIME_ORDER_WRAP, loads[k]);
        return fail(w, PLR_R_RUNTIME_ORDER, nloads ? loads[0] : NULL);
    }
    /* the coefficients: c_j = *(coef_start + (j-1)*coef_step), one array
     * for every output */
    if (LLVMTypeOf(r->cload) != p->elem || LLVMTypeOf(r->yload) != p->elem)
        return fail(w, PLR_R_TYPE, LLVMTypeOf(r->cload) != p->elem ? r->cload : r->yload);
    if (plr_inst_is_atomic_or_volatile(r->cload) || plr_inst_is_atomic_or_volatile(r->yload))
        return fail(w, PLR_R_VOLATILE, r->cload);
    if (!plr_scev_affine(p->ctx, T, LLVMGetOperand(r->cload, 0), &r->coef_start, &r->coef_step) ||
        r->coef_step == 0 || r->coef_step % (int64_t)p->size != 0 || r->coef_step > ((int64_t)1 << 20) ||
        r->coef_step < -((int64_t)1 << 20))
        return fail(w, PLR_R_STRIDE, r->cload);
    if (!plr_scev_invariant(p->ctx, p->loop, r->coef_start)) {
        /* coefficients per output; with a count that moves with i too, a
         * row of a triangular matrix (ludcmp's substitutions) */
        plr_scev *count = plr_scev_trip_count(p->ctx, T);
        return fail(w, count && !plr_scev_invariant(p->ctx, p->loop, count) ? PLR_R_TRIANGULAR : PLR_R_TIME_VARYING,
                    r->cload);
    }
    int64_t d;
    if (plr_scev_const_diff(p->ctx, r->coef_start, p->access.y_start, &d))
        return fail(w, PLR_R_NONLINEAR, r->cload); /* the "coefficients" are outputs */
    if (!plr_scev_safe_to_expand(p->ctx, r->coef_start))
        return fail(w, PLR_R_RUNTIME_ORDER, r->cload);
    /* the order: the tap count, the same for every output */
    r->count = plr_scev_trip_count(p->ctx, T);
    if (!r->count)
        return fail(w, PLR_R_TRIP_COUNT, LLVMGetBasicBlockTerminator(tlatch));
    if (!plr_scev_invariant(p->ctx, p->loop, r->count))
        return fail(w, PLR_R_RUNTIME_ORDER_VARIES, LLVMGetBasicBlockTerminator(tlatch));
    if (!plr_scev_safe_to_expand(p->ctx, r->count))
        return fail(w, PLR_R_RUNTIME_ORDER, LLVMGetBasicBlockTerminator(tlatch));
    if (r->up) {
        /* The first tap read y[i-p]: y[i-j]'s coefficient is the one read
         * at tap p - j, so y[i-1]'s is the last one read, and the array is
         * walked the other way. */
        r->coef_start = plr_scev_offset(p->ctx, plr_scev_offset(p->ctx, r->coef_start, r->count, r->coef_step), NULL,
                                        -r->coef_step);
        r->coef_step = -r->coef_step;
        if (!plr_scev_safe_to_expand(p->ctx, r->coef_start))
            return fail(w, PLR_R_RUNTIME_ORDER, r->cload);
    }
    /* header phis: inductions and one accumulator */
    for (LLVMValueRef phi = LLVMGetFirstInstruction(plr_loop_header(T)); phi && LLVMIsAPHINode(phi);
         phi = LLVMGetNextInstruction(phi)) {
        plr_scev *s;
        int64_t st;
        if (plr_scev_affine(p->ctx, T, phi, &s, &st))
            continue;
        if (r->acc || LLVMTypeOf(phi) != p->elem)
            return fail(w, PLR_R_STATE, phi);
        r->acc = phi;
    }
    if (!r->acc)
        return fail(w, PLR_R_RUNTIME_ORDER, r->yload);
    w->update = plr_incoming_from(r->acc, tlatch);
    w->acc_sign = update_sign(w, w->update);
    if (!w->acc_sign)
        return fail(w, PLR_R_NONLINEAR, w->update);
    return 1;
}

/* The outer loop's other loads: x[i] (or y[i] in place), nothing else. */
static int read_input(rto_walk *w) {
    plr_plan *p = w->p;
    struct plr_rto *r = w->r;
    LLVMBasicBlockRef header = plr_loop_header(p->loop);
    for (unsigned b = 0, nb = plr_loop_block_count(p->loop); b < nb; b++) {
        LLVMBasicBlockRef bb = plr_loop_block(p->loop, b);
        if (block_in(r->taps, bb))
            continue;
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
            if (LLVMIsAPHINode(i) && bb == header) {
                plr_scev *s;
                int64_t st;
                if (!plr_scev_affine(p->ctx, p->loop, i, &s, &st))
                    return fail(w, PLR_R_STATE, i); /* a value carried from output to output */
                continue;
            }
            if (!LLVMIsALoadInst(i))
                continue;
            plr_scev *s;
            int64_t st, d;
            if (r->xload || !plr_scev_affine(p->ctx, p->loop, LLVMGetOperand(i, 0), &s, &st) || st != p->access.step)
                return fail(w, PLR_R_INPUT, i);
            if (LLVMTypeOf(i) != p->elem)
                return fail(w, PLR_R_TYPE, i);
            if (plr_scev_const_diff(p->ctx, s, p->access.y_start, &d)) {
                if (d != 0)
                    return fail(w, d > 0 ? PLR_R_READ_AHEAD : PLR_R_INPUT, i);
                p->access.in_place = 1;
            }
            r->xload = i;
            p->access.x_start = s;
            p->access.x_step = st;
        }
    }
    if (!r->xload)
        return fail(w, PLR_R_NO_INPUT, p->store);
    return 1;
}

/* Nothing the outer loop computes may be used after it: the call computes
 * only y. */
static int check_liveouts(rto_walk *w) {
    plr_loop *P = w->p->loop;
    for (unsigned b = 0, nb = plr_loop_block_count(P); b < nb; b++)
        for (LLVMValueRef i = LLVMGetFirstInstruction(plr_loop_block(P, b)); i; i = LLVMGetNextInstruction(i))
            for (LLVMUseRef u = LLVMGetFirstUse(i); u; u = LLVMGetNextUse(u)) {
                LLVMValueRef user = LLVMGetUser(u);
                if (LLVMIsAInstruction(user) && !plr_loop_contains(P, user))
                    return fail(w, PLR_R_LIVE_OUT, i);
            }
    return 1;
}

plr_reason plr_analyze_runtime_order(plr_plan *p, plr_loop *taps) {
    struct plr_rto *r = plr_alloc(p, sizeof *r);
    r->taps = taps;
    p->rto = r;
    p->found.kind = PLR_SHAPE_RUNTIME_ORDER; /* (the shape is taken at acceptance: the analysis is one piece) */
    /* (the tap loop's outer loop is the recurrence's own; one around that,
     * frames of a codec, is not yet part of the call) */
    p->nest_why = plr_loop_parent(p->loop) ? PLR_NEST_FORM : PLR_NEST_NONE;
    p->fir_len = 1;
    rto_walk w = {.p = p, .r = r};
    plr_reason why = plr_check_structure(p, 0);
    if (why != PLR_OK_CANDIDATE)
        return why;
    /* the replacement also calls plr_signature_from_array */
    LLVMModuleRef mod = LLVMGetGlobalParent(plr_ctx_function(p->ctx));
    LLVMValueRef own = LLVMGetNamedFunction(mod, "plr_signature_from_array");
    if (own && !LLVMIsDeclaration(own)) {
        p->why_at = own;
        return PLR_R_DEFINES_RUNTIME;
    }
    plr_scev *yat = plr_scev_of(p->ctx, LLVMGetOperand(p->store, 1));
    /* forward at unit stride: y[i-j] is then y_init from memory. A loop
     * that runs otherwise is refused for its taps first when they rule it
     * out anyway (a back substitution runs backward, but what makes it no
     * recurrence is its triangular taps): the deeper reason, not the first
     * one met. */
    if (p->access.step != (int64_t)p->size) {
        if (yat && !read_taps(&w, yat) &&
            (w.why == PLR_R_TRIANGULAR || w.why == PLR_R_TIME_VARYING || w.why == PLR_R_RUNTIME_ORDER_VARIES)) {
            p->why_at = w.at;
            return w.why;
        }
        p->why_at = p->store;
        return PLR_R_STRIDE;
    }
    rto_form out = {0};
    if (yat && read_taps(&w, yat) && check_paths(&w) && read_input(&w) && check_liveouts(&w)) {
        LLVMValueRef init = plr_incoming_from(r->acc, plr_loop_preheader(taps));
        if (init && outer_form(&w, init, &w.init, 0) && outer_form(&w, LLVMGetOperand(p->store, 0), &out, 0)) {
            if (w.init.cs != 0 || w.init.hs != 0 || (out.cs == 0 && out.hs == 0))
                fail(&w, PLR_R_NOT_RECURRENCE, p->store);
            else if (out.cx == 0 && out.gx == 0 && out.gg == 0)
                fail(&w, PLR_R_NO_INPUT, p->store);
            else if (out.hs != 0 && (out.cs != 0 || (out.hs != 1 && out.hs != -1)))
                fail(&w, PLR_R_RUNTIME_ORDER_GAIN, p->store); /* s + g*s, g*s + g*s: a factor 1 + g, 2*g, not yet */
            else if (out.cs != 0 && out.cs != 1 && out.cs != -1)
                fail(&w, PLR_R_RUNTIME_ORDER, p->store); /* a multiple of the sum: x[i] - s - s */
            else if (!!out.cx + !!out.gx + !!out.gg > 1)
                fail(&w, PLR_R_RUNTIME_ORDER, p->store); /* x[i] + g*x[i]: a0 = 1 + g, not yet */
        }
    } else if (!yat) {
        fail(&w, PLR_R_STRIDE, p->store);
    }
    r->sign = out.cs ? out.cs : out.hs;
    r->gain_mult = out.gg ? out.gg : out.gx ? out.gx : out.cx;
    if (!out.gx && !out.gg)
        r->gain = NULL;
    if (!out.gg)
        r->gain2 = NULL;
    if (!out.hs)
        r->sum_gain = NULL;
    if (w.why == PLR_OK_CANDIDATE) {
        plr_text t = {p->sig_text, 0, sizeof p->sig_text};
        plr_put(&t, "(");
        plr_rto_spell_gain(&t, p);
        plr_put(&t, ": ");
        plr_rto_spell_coef(&t, p);
        plr_put(&t, " for j = 1..");
        plr_rto_spell_count(&t, p);
        plr_put(&t, ")");
        p->marker = plr_loop_has_marker(p->loop, "plr.recurrence") || plr_loop_has_marker(taps, "plr.recurrence");
        if (p->is_fp && p->fp_no_consent && !p->marker)
            fail(&w, PLR_R_FP_CONSENT, NULL);
    }
    p->why_at = w.at;
    return w.why;
}

void plr_rto_spell_gain(plr_text *t, const plr_plan *p) {
    const struct plr_rto *r = p->rto;
    if (!r->gain) {
        plr_put(t, "%d", r->gain_mult);
        return;
    }
    if (r->gain_mult == -1)
        plr_put(t, "-");
    else if (r->gain_mult != 1)
        plr_put(t, "%d*", r->gain_mult);
    if (r->gain2) {
        plr_spell(t, p->ctx, r->gain2, 2);
        plr_put(t, "*");
    }
    plr_spell(t, p->ctx, r->gain, r->gain_mult == 1 && !r->gain2 ? 0 : r->gain_mult == -1 && !r->gain2 ? 3 : 2);
}

/* The count as the source bounds it: the tap loop leaves when its
 * induction, started at s0, reaches the bound B (clang's `j <= p` gives
 * B = p + 1 from s0 = 1): B - s0 taps, spelled from B's operands. */
void plr_rto_spell_count(plr_text *t, const plr_plan *p) {
    plr_loop *T = p->rto->taps;
    LLVMValueRef br = LLVMGetBasicBlockTerminator(plr_loop_latch(T));
    LLVMValueRef cmp = LLVMIsConditional(br) ? LLVMGetCondition(br) : NULL;
    if (!cmp || !LLVMIsAICmpInst(cmp) ||
        (LLVMGetICmpPredicate(cmp) != LLVMIntEQ && LLVMGetICmpPredicate(cmp) != LLVMIntNE)) {
        plr_put(t, "p");
        return;
    }
    LLVMValueRef bound = LLVMGetOperand(cmp, 1), next = LLVMGetOperand(cmp, 0);
    if (!plr_loop_is_invariant(T, bound)) {
        bound = LLVMGetOperand(cmp, 0);
        next = LLVMGetOperand(cmp, 1);
    }
    /* the induction: next = iv + 1, iv's start a constant */
    long long s0 = 0;
    int known = 0;
    if (LLVMIsAInstruction(next) && LLVMGetInstructionOpcode(next) == LLVMAdd) {
        LLVMValueRef iv = LLVMGetOperand(next, 0);
        if (LLVMIsAPHINode(iv)) {
            LLVMValueRef st = plr_incoming_from(iv, plr_loop_preheader(T));
            if (st && LLVMIsAConstantInt(st)) {
                s0 = LLVMConstIntGetSExtValue(st);
                known = 1;
            }
        }
    }
    while (LLVMIsAInstruction(bound) && (LLVMGetInstructionOpcode(bound) == LLVMZExt ||
                                         LLVMGetInstructionOpcode(bound) == LLVMSExt))
        bound = LLVMGetOperand(bound, 0);
    long long k = -s0;
    if (LLVMIsAInstruction(bound) && LLVMGetInstructionOpcode(bound) == LLVMAdd &&
        LLVMIsAConstantInt(LLVMGetOperand(bound, 1))) {
        k += LLVMConstIntGetSExtValue(LLVMGetOperand(bound, 1));
        bound = LLVMGetOperand(bound, 0);
    }
    if (!known || !plr_loop_is_invariant(p->loop, bound)) {
        plr_put(t, "p");
        return;
    }
    plr_spell(t, p->ctx, bound, k ? 1 : 0);
    if (k)
        plr_put(t, " %c %lld", k > 0 ? '+' : '-', k > 0 ? k : -k);
}

/* The coefficient of y[i-j] in terms of j: the load's address is
 * base + iv*scale + off with iv the tap loop's induction (start s0, step
 * +-1), so tap j = 1, 2, ... reads base[s0 + (j-1)*step + off/size], spelled
 * "a[j]", "a[j - 1]"; anything else as the load reads (its IR index). */
void plr_rto_spell_coef(plr_text *t, const plr_plan *p) {
    const struct plr_rto *r = p->rto;
    plr_put(t, "%s", r->sign < 0 ? "-" : "");
    if (r->sum_gain) {
        plr_spell(t, p->ctx, r->sum_gain, 2);
        plr_put(t, "*");
    }
    LLVMModuleRef mod = LLVMGetGlobalParent(plr_ctx_function(p->ctx));
    int64_t off, scale, s0, step;
    LLVMValueRef index;
    plr_scev *start;
    LLVMValueRef base = plr_addr_split(mod, LLVMGetOperand(r->cload, 0), &off, &index, &scale);
    int known = base && index && plr_is_header_phi(r->taps, index) && scale == (int64_t)p->size &&
                off % (int64_t)p->size == 0 && plr_scev_affine(p->ctx, r->taps, index, &start, &step) &&
                (step == 1 || step == -1);
    if (known && r->up) {
        /* taps from p down: the induction starts at p + d (d constant) and
         * counts down, so tap j reads index j + d */
        int64_t d;
        known = step == -1 && plr_scev_const_diff(p->ctx, start, r->count, &d);
        if (known) {
            long long k = (long long)(d + off / (int64_t)p->size);
            plr_spell(t, p->ctx, base, 3);
            plr_put(t, "[j");
            if (k)
                plr_put(t, " %c %lld", k > 0 ? '+' : '-', k > 0 ? k : -k);
            plr_put(t, "]");
            return;
        }
    }
    if (known && !r->up && plr_scev_constant(start, &s0)) {
        long long k = (long long)(s0 - step + off / (int64_t)p->size);
        plr_spell(t, p->ctx, base, 3);
        plr_put(t, "[%sj", step < 0 ? "-" : "");
        if (k)
            plr_put(t, " %c %lld", k > 0 ? '+' : '-', k > 0 ? k : -k);
        plr_put(t, "]");
        return;
    }
    plr_spell_load(t, p->ctx, r->cload);
}
