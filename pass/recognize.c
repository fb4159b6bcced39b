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

/* Whether u is a value of the loop's own arithmetic (no phi, no load). */
static int loop_arithmetic(const plr_plan *p, LLVMValueRef u) {
    return LLVMIsAInstruction(u) && plr_loop_contains(p->loop, u) && !LLVMIsAPHINode(u) && !LLVMIsALoadInst(u) &&
           LLVMTypeOf(u) == p->elem;
}

/* The loop value u when s is u scaled by a loop invariant: c*u, or as
 * InstCombine writes the constant factors -1 and 2^k, -u and u << k. A phi
 * carrying s then carries a scaled copy of u (opus's de-emphasis: `tmp =
 * x[j] + m; m = coef*tmp; y[j] = tmp*k`). NULL otherwise. */
static LLVMValueRef scaled_operand(const plr_plan *p, LLVMValueRef s) {
    LLVMOpcode op = LLVMGetInstructionOpcode(s);
    LLVMValueRef u;
    switch (op) {
    case LLVMFMul:
    case LLVMMul:
        for (unsigned k = 0; k < 2; k++) {
            LLVMValueRef c = LLVMGetOperand(s, 1 - k);
            u = LLVMGetOperand(s, k);
            if (loop_arithmetic(p, u) && !(LLVMIsAInstruction(c) && plr_loop_contains(p->loop, c)))
                return u;
        }
        return NULL;
    case LLVMFNeg:
        u = LLVMGetOperand(s, 0);
        return loop_arithmetic(p, u) ? u : NULL;
    case LLVMSub: /* 0 - u */
        u = LLVMGetOperand(s, 1);
        return LLVMIsAConstantInt(LLVMGetOperand(s, 0)) && LLVMIsNull(LLVMGetOperand(s, 0)) && loop_arithmetic(p, u)
                   ? u
                   : NULL;
    case LLVMShl: /* u << k */
        u = LLVMGetOperand(s, 0);
        return LLVMIsAConstantInt(LLVMGetOperand(s, 1)) && loop_arithmetic(p, u) ? u : NULL;
    default:
        return NULL;
    }
}

/* How many low bits of s the map's chain reads, 8 or 16, when every use
 * of s in it reads no more (a shift left dropping the rest, a truncation,
 * a mask within them: `(float)(signed char)s` of an int s); 0 otherwise. */
static unsigned chain_low_bits(LLVMValueRef s, const LLVMValueRef *chain, unsigned n) {
    if (LLVMGetTypeKind(LLVMTypeOf(s)) != LLVMIntegerTypeKind)
        return 0;
    unsigned W = LLVMGetIntTypeWidth(LLVMTypeOf(s)), most = 0;
    for (unsigned c = 0; c < n; c++) {
        int nops = LLVMGetNumOperands(chain[c]);
        for (int k = 0; k < nops; k++) {
            if (LLVMGetOperand(chain[c], (unsigned)k) != s)
                continue;
            LLVMValueRef v = chain[c], rhs = nops > 1 ? LLVMGetOperand(v, 1) : NULL;
            unsigned bits = W;
            /* (nuw: the loop's value fits unsigned, which the state read
             * back sign-extended need not; nsw holds for it too) */
            if (LLVMIsATruncInst(v) && !LLVMGetNUW(v))
                bits = LLVMGetIntTypeWidth(LLVMTypeOf(v));
            else if (k == 0 && rhs && LLVMIsAConstantInt(rhs) && LLVMGetInstructionOpcode(v) == LLVMShl &&
                     !LLVMGetNUW(v) && LLVMConstIntGetZExtValue(rhs) < W)
                bits = W - (unsigned)LLVMConstIntGetZExtValue(rhs);
            else if (k == 0 && rhs && LLVMIsAConstantInt(rhs) && LLVMGetInstructionOpcode(v) == LLVMAnd) {
                uint64_t m = LLVMConstIntGetZExtValue(rhs);
                bits = 0;
                while (bits < 64 && (m >> bits))
                    bits++;
            }
            if (bits > most)
                most = bits;
        }
    }
    return most <= 8 && W > 8 ? 8 : most <= 16 && W > 16 ? 16 : 0;
}

/* Whether v is computed from s in the loop (through its operands, not
 * through phis or memory; a walk of at most *budget instructions). */
static int computed_from(const plr_plan *p, LLVMValueRef v, LLVMValueRef s, unsigned *budget) {
    if (v == s)
        return 1;
    if (!*budget || !LLVMIsAInstruction(v) || LLVMIsAPHINode(v) || LLVMIsALoadInst(v) ||
        !plr_loop_contains(p->loop, v))
        return 0;
    --*budget;
    int nops = LLVMGetNumOperands(v);
    for (int k = 0; k < nops; k++)
        if (computed_from(p, LLVMGetOperand(v, (unsigned)k), s, budget))
            return 1;
    return 0;
}

/* Whether the loop reads the state's phi reduced to its low w bits (C's
 * char or short state kept in an int register, re-extended by shl/ashr). */
static int reduced_in_loop(const plr_plan *p, LLVMValueRef phi, unsigned w) {
    unsigned W = LLVMGetIntTypeWidth(LLVMTypeOf(phi));
    for (LLVMUseRef u = LLVMGetFirstUse(phi); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (LLVMIsAInstruction(user) && plr_loop_contains(p->loop, user) &&
            LLVMGetInstructionOpcode(user) == LLVMShl && LLVMGetOperand(user, 0) == phi &&
            LLVMIsAConstantInt(LLVMGetOperand(user, 1)) && LLVMConstIntGetZExtValue(LLVMGetOperand(user, 1)) == W - w)
            return 1;
    }
    return 0;
}

/* Is the stored value g(S) for the latch value S of one header phi, with g
 * elementwise (outputs.c, plr_read_map)? Then the recurrence is S and g
 * becomes a map after the call. With `loads`, g may also read other arrays
 * at the output's index (a gain: out[i] = in[i]*g); a map that would but
 * for such a load (the output array itself, another index, more arrays than
 * a map reads) leaves its reason in maps.why. S may be of another type
 * than the output (`(float)s * g`): the recurrence is then S's
 * (plr_retype_state). */
void plr_find_output_map(plr_plan *p, int loads) {
    LLVMValueRef v = p->value;
    if (!LLVMIsAInstruction(v) || !plr_loop_contains(p->loop, v) || LLVMIsAPHINode(v) || LLVMIsALoadInst(v))
        return;
    LLVMBasicBlockRef header = plr_loop_header(p->loop), latch = plr_loop_latch(p->loop);
    for (LLVMValueRef phi = LLVMGetFirstInstruction(header); phi && LLVMIsAPHINode(phi);
         phi = LLVMGetNextInstruction(phi)) {
        /* (a state of another type: the map converts it, held in the
         * output's slot; plr_retype_state) */
        LLVMTypeRef t = LLVMTypeOf(phi);
        int reducible = LLVMGetTypeKind(t) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) >= 32;
        if (LLVMCountIncoming(phi) != 2 ||
            (t != p->elem && (p->storage.y_trunc || (!plr_state_type_fits(p, t) && !reducible))))
            continue;
        LLVMValueRef s = plr_incoming_from(phi, latch);
        if (!s || s == v)
            return; /* the stored value is itself carried: the plain form */
        unsigned budget = 64;
        if (t != p->elem && !computed_from(p, v, s, &budget))
            continue; /* (another type's value the output does not read: a counter, a flag) */
        plr_scev *st;
        int64_t step;
        if (!LLVMIsAInstruction(s) || !plr_loop_contains(p->loop, s) ||
            plr_scev_affine(p->ctx, p->loop, phi, &st, &step))
            continue;
        LLVMValueRef chain[64];
        unsigned n = 0;
        LLVMValueRef at = p->why_at;
        /* (where the attempt allows it, also the state's earlier values:
         * a float high-pass x[i] - s before its update) */
        plr_reason r = loads && p->maps.output_reads_before ? plr_read_output_map(p, v, s, loads, chain, &n, 64)
                                                            : plr_read_map(p, v, s, loads, chain, &n, 64);
        /* the phi carries c*u (or c*(d*u), -(c*u)), and the output is
         * g(u): the recurrence is u's, the phi a transposed state (c*u
         * delayed) */
        LLVMValueRef u = s;
        for (int depth = 0; r != PLR_OK_CANDIDATE && depth < 4 && (u = scaled_operand(p, u)); depth++) {
            n = 0;
            if (plr_read_map(p, v, u, loads, chain, &n, 64) == PLR_OK_CANDIDATE) {
                r = PLR_OK_CANDIDATE;
                s = u;
            }
        }
        if (r == PLR_OK_CANDIDATE && n > 0) {
            /* (a state whose low bits alone reach the output is stored so;
             * its reductions in the recurrence are then read as it: of
             * another type than the output always, of the output's when
             * the recurrence reduces it, which nothing else reads) */
            unsigned w = chain_low_bits(s, chain, n);
            int retype = LLVMTypeOf(s) != p->elem || (w && !p->storage.y_trunc && reduced_in_loop(p, phi, w));
            if (retype && !(w ? plr_retype_reduced(p, LLVMTypeOf(s), w) : plr_retype_state(p, LLVMTypeOf(s))))
                r = PLR_R_TYPE;
        }
        if (r == PLR_OK_CANDIDATE && n > 0) {
            p->maps.chain = malloc(n * sizeof *p->maps.chain);
            if (!p->maps.chain)
                abort();
            memcpy(p->maps.chain, chain, n * sizeof *chain);
            p->maps.nchain = n;
            p->out = v;
            p->value = s;
            if (p->found.kind == PLR_SHAPE_PLAIN)
                p->found.kind = PLR_SHAPE_OUTPUT_MAP; /* (a materialized input keeps its kind, with a map) */
            return;
        }
        if ((r == PLR_R_OUTPUT_INDEX || r == PLR_R_OUTPUT_OVERLAP || r == PLR_R_SIZE) && !p->maps.why) {
            p->maps.why = r;
            p->maps.at = p->why_at;
        }
        p->why_at = at;
    }
}

static int registered(const plr_plan *p, LLVMValueRef load) {
    for (unsigned i = 0; i < p->access.nrl; i++)
        if (p->access.rl_load[i] == load)
            return 1;
    return 0;
}

/* A load whose range [start, start + (n-1)*step + size) the check keeps
 * apart from what the loop writes. */
static void register_range(plr_plan *p, LLVMValueRef load, plr_scev *start, int64_t step, int runtime,
                           int64_t size) {
    p->access.rl_load[p->access.nrl] = load;
    p->access.rl_start[p->access.nrl] = start;
    p->access.rl_step[p->access.nrl] = step;
    p->access.rl_runtime[p->access.nrl] = runtime;
    p->access.rl_apart[p->access.nrl] = 0;
    p->access.rl_offset_known[p->access.nrl] = 0;
    p->access.rl_size[p->access.nrl] = size;
    p->access.nrl++;
}

/* Reloaded coefficients: each needs its address outside y (and the other
 * stored arrays), proved by alias analysis or checked at run time. Called
 * once the form is final. */
static plr_reason register_reloads(plr_plan *p, plr_cn *c) {
    if (!c)
        return PLR_OK_CANDIDATE;
    if (c->kind == PLR_CN_RELOAD) {
        plr_scev *st;
        int64_t step;
        if (!plr_may_alias_written(p, c->v) || registered(p, c->v))
            return PLR_OK_CANDIDATE;
        if (p->access.nrl == 16 || !plr_scev_address(p->ctx, p->loop, LLVMGetOperand(c->v, 0), &st, &step)) {
            p->why_at = c->v;
            return PLR_R_TIME_VARYING;
        }
        register_range(p, c->v, st, 0, 0, p->size);
        return PLR_OK_CANDIDATE;
    }
    plr_reason r = register_reloads(p, c->l);
    return r != PLR_OK_CANDIDATE ? r : register_reloads(p, c->r);
}

/* What the maps read must still be there when they run: apart from y and
 * the arrays the maps write (x's elements are checked with x). */
static plr_reason register_map_loads(plr_plan *p) {
    for (unsigned k = 0; k < p->maps.nmload; k++) {
        const plr_map_load *m = &p->maps.mload[k];
        if (m->of_x || m->of_y || !plr_may_alias_written(p, m->load) || registered(p, m->load))
            continue;
        if (p->access.nrl == 16) {
            p->why_at = m->load;
            return PLR_R_SIZE;
        }
        register_range(p, m->load, m->start, m->step, m->runtime_step, m->size);
    }
    return PLR_OK_CANDIDATE;
}

plr_reason plr_register_reloads(plr_plan *p) {
    const plr_lin *l = p->lin;
    plr_reason r = PLR_OK_CANDIDATE;
    for (int m = 0; m < PLR_MAX_FIR && r == PLR_OK_CANDIDATE; m++)
        r = register_reloads(p, l->a[m]);
    for (int j = 0; j <= PLR_MAX_ORDER && r == PLR_OK_CANDIDATE; j++)
        r = register_reloads(p, l->b[j]);
    int state_output = p->found.kind == PLR_SHAPE_STATE_OUTPUT;
    if (r == PLR_OK_CANDIDATE && state_output)
        for (int j = 0; j <= PLR_MAX_ORDER && r == PLR_OK_CANDIDATE; j++)
            r = register_reloads(p, p->df2.out->b[j]);
    if (r == PLR_OK_CANDIDATE && state_output)
        r = register_reloads(p, p->df2.state->a[0]);
    for (int s = 1; s < p->stages.n; s++) {
        for (int m = 0; m < PLR_MAX_FIR && r == PLR_OK_CANDIDATE; m++)
            r = register_reloads(p, p->stages.lin[s]->a[m]);
        for (int j = 0; j <= PLR_MAX_ORDER && r == PLR_OK_CANDIDATE; j++)
            r = register_reloads(p, p->stages.lin[s]->b[j]);
    }
    return r == PLR_OK_CANDIDATE ? register_map_loads(p) : r;
}

/* An output map whose state is the last stage of a cascade (`y = x - g2`
 * of a two-stage low-pass, a gain on it, or g2 before its update where the
 * attempt allows it): the stage calls leave that stage in y, and the map
 * loop reads it there. Stages only (no FIR tail, no output reading several
 * stages). p is left as it was where it is none. */
static int cascade_under_map(plr_plan *p) {
    LLVMValueRef out = p->out, of = p->value;
    plr_shape_kind kind = p->found.kind;
    p->out = NULL;
    if (plr_find_cascade(p, 0)) {
        if (p->found.kind == PLR_SHAPE_CASCADE && p->out == of)
            return 1;
        /* (another cascade than the map's stages: none of its results is
         * kept; the walk's leaves are forgotten below) */
    }
    plr_forget_walk(p);
    p->value = of;
    p->out = out;
    p->found.kind = kind;
    p->stages.n = 0;
    p->stages.xsub = NULL;
    p->lin = NULL;
    return 0;
}

plr_reason plr_recognize(plr_plan *p) {
    /* (an attempt that reads the output as a map of the state before its
     * update takes only that reading: the others were tried before it) */
    plr_find_output_map(p, p->maps.output_reads_before);
    if (!p->out && plr_transposed_first(p))
        return PLR_OK_CANDIDATE;
    if (!p->out && plr_find_state_output(p))
        return PLR_OK_CANDIDATE;
    if (!p->out && plr_find_cascade(p, 1))
        return PLR_OK_CANDIDATE;
    /* A map that reads other arrays only now: a direct form II whose output
     * adds the input (u = kp*e[i] + integ) is one call as read above, one
     * call and a map as read here (which a float one needs). */
    if (!p->out)
        plr_find_output_map(p, 1);
    plr_classify_loads(p);
    walk w = {p, PLR_OK_CANDIDATE, NULL, 0, 0, 0, 0, 0};
    p->lin = plr_lin_of(&w, p->value);
    if (!p->lin && w.why == PLR_R_STATE && p->out && cascade_under_map(p))
        return PLR_OK_CANDIDATE;
    if (!p->lin) {
        p->why_at = w.at;
        if (p->maps.why) {
            /* the stored value is a map of a state but for what it reads */
            p->why_at = p->maps.at;
            return p->maps.why;
        }
        if (w.why == PLR_R_STATE && p->stages.why) {
            /* coupled states that would be a cascade but for this */
            p->why_at = p->stages.at;
            return p->stages.why;
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
    if (plr_kind_is_cascade(p->found.kind) || p->found.kind == PLR_SHAPE_STATE_OUTPUT)
        return NULL;
    /* (the output itself is b[0]: y[n-1] for a value of the last iteration) */
    walk w = {p, PLR_OK_CANDIDATE, NULL, 0, 1, 0, 0, 0};
    plr_lin *l = plr_lin_of(&w, v);
    /* (a materialized input's stream is y itself, overwritten by the call:
     * no input part then) */
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
