/*
 * nest.c - may the loop around an accepted recurrence loop go with it into
 * one plr_run_many?
 *
 * Real code runs its recurrences over image rows and columns, channels and
 * frames: an outer loop whose every iteration runs the recurrence loop over
 * one sequence. Each sequence alone is usually too short for a call to pay;
 * the nest as a whole is not. The nest is taken when the outer loop does
 * nothing else (no stores, calls or values used after it), runs the inner
 * loop on every iteration or on none (guards it tests with values from
 * before the nest), and moves the sequences' starts by a fixed distance.
 * What a sequence starts from (its state's phis' first values, elements
 * before its first) is zero, one value for all, or read per sequence before
 * the call (plr_seq_history).
 */
#include <stdlib.h>

#include "plr_pass.h"
#include "shape.h"

static int is_zero_constant(LLVMValueRef v) {
    return v && LLVMIsConstant(v) && LLVMIsNull(v);
}

/* Every plr_cn value is defined before the nest. */
static int cn_outside(const plr_cn *c, plr_loop *outer) {
    if (!c)
        return 1;
    if (c->kind == PLR_CN_RELOAD)
        return 0;
    if (c->kind == PLR_CN_VALUE && LLVMIsAInstruction(c->v) && plr_loop_contains(outer, c->v))
        return 0;
    return cn_outside(c->l, outer) && cn_outside(c->r, outer);
}

static int in_loop_block(plr_loop *loop, LLVMBasicBlockRef bb) {
    LLVMValueRef first = LLVMGetFirstInstruction(bb);
    return first && plr_loop_contains(loop, first);
}

/* The path through one iteration of the outer loop: from its header to the
 * recurrence loop's preheader, each conditional branch on the way tested on
 * a value from before the nest, its other side skipping straight to the
 * blocks after the recurrence loop; from the recurrence loop's exit to the
 * outer latch without a branch. */
static plr_nest_reason find_guards(plr_plan *p, plr_loop *outer, plr_nest *nest) {
    LLVMBasicBlockRef pre = plr_loop_preheader(p->loop), bb = plr_loop_header(outer);
    LLVMBasicBlockRef skip[PLR_MAX_NEST_GUARDS], after[16];
    unsigned nskip = 0, nafter = 0;
    for (unsigned steps = 0; bb != pre; steps++) {
        LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
        if (steps == 16 || !t || LLVMGetInstructionOpcode(t) != LLVMBr)
            return PLR_NEST_CONDITIONAL;
        if (!LLVMIsConditional(t)) {
            bb = LLVMGetSuccessor(t, 0);
            if (!in_loop_block(outer, bb))
                return PLR_NEST_CONDITIONAL;
            continue;
        }
        LLVMValueRef c = LLVMGetCondition(t);
        if ((LLVMIsAInstruction(c) && plr_loop_contains(outer, c)) || nest->nguards == PLR_MAX_NEST_GUARDS)
            return PLR_NEST_CONDITIONAL;
        int which = -1;
        for (unsigned s = 0; s < 2 && which < 0; s++) {
            LLVMBasicBlockRef succ = LLVMGetSuccessor(t, s);
            if (succ == pre || plr_block_dominates(p->ctx, succ, pre))
                which = (int)s;
        }
        if (which < 0)
            return PLR_NEST_CONDITIONAL;
        nest->guard[nest->nguards] = c;
        nest->guard_dir[nest->nguards++] = which == 0;
        skip[nskip++] = LLVMGetSuccessor(t, (unsigned)(1 - which));
        bb = LLVMGetSuccessor(t, (unsigned)which);
        if (!in_loop_block(outer, bb))
            return PLR_NEST_CONDITIONAL;
    }
    LLVMBasicBlockRef latch = plr_loop_latch(outer);
    for (bb = plr_loop_exit(p->loop);; bb = LLVMGetSuccessor(LLVMGetBasicBlockTerminator(bb), 0)) {
        if (nafter == 16 || !in_loop_block(outer, bb))
            return PLR_NEST_CONDITIONAL;
        after[nafter++] = bb;
        if (bb == latch)
            break;
        LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
        if (!t || LLVMGetInstructionOpcode(t) != LLVMBr || LLVMIsConditional(t))
            return PLR_NEST_CONDITIONAL;
    }
    for (unsigned s = 0; s < nskip; s++) {
        unsigned a = 0;
        while (a < nafter && after[a] != skip[s])
            a++;
        if (a == nafter)
            return PLR_NEST_CONDITIONAL;
    }
    return PLR_NEST_OK;
}

/* Whether s can be computed before the nest (where the rewrite computes
 * what the call needs: plr_rewrite_prepare): an unsigned division in it
 * by a value that may be zero read from the program's own division where
 * that is computed before the outer loop (a column stride w = C / D). */
static int expandable_before(plr_plan *p, plr_loop *outer, plr_scev *s) {
    LLVMBasicBlockRef pre = plr_loop_preheader(outer);
    return pre ? plr_scev_safe_to_expand_at(p->ctx, s, LLVMGetBasicBlockTerminator(pre))
               : plr_scev_safe_to_expand(p->ctx, s);
}

/* Sequence starts: {start,+,dist}<outer>, or the same for every sequence
 * (dist NULL: zero). */
static int spacing(plr_plan *p, plr_loop *outer, plr_scev *s, plr_scev **start, plr_scev **dist) {
    if (plr_scev_invariant(p->ctx, outer, s)) {
        *start = s;
        *dist = NULL;
        return expandable_before(p, outer, s);
    }
    return plr_scev_recurrence(p->ctx, outer, s, start, dist) && expandable_before(p, outer, *start) &&
           expandable_before(p, outer, *dist);
}

/* May the load ld in the outer loop be done before the call, for every
 * sequence? Yes for the element just before the sequence (`before`: marks
 * *elements, checked at run time), the sequence's own first output or input
 * (a replicated boundary, w1 = w2 = row[0]: read before anything in that
 * sequence is written, and no other sequence writes it, the runtime
 * refusing outputs that overlap), and memory the nest never writes. */
static int readable_before(plr_plan *p, LLVMValueRef ld, plr_scev *before, int *elements) {
    if (plr_inst_is_atomic_or_volatile(ld))
        return 0;
    plr_scev *addr = plr_scev_of(p->ctx, LLVMGetOperand(ld, 0));
    int64_t diff;
    if (addr && addr == before) {
        *elements = 1;
        return 1;
    }
    int own_first = addr && ((plr_scev_const_diff(p->ctx, addr, p->access.y_start, &diff) && diff == 0) ||
                             (plr_scev_const_diff(p->ctx, addr, p->access.x_start, &diff) && diff == 0));
    return own_first || !plr_may_alias_store(p->ctx, ld, p->store);
}

/* Add v and what it is computed from (inside the outer loop) to h's cone:
 * inductions of the outer loop, side-effect-free instructions outside the
 * recurrence loop, loads that are readable before the call. */
static int add_to_cone(plr_plan *p, plr_loop *outer, LLVMValueRef v, plr_seq_history *h, plr_scev *before,
                       int *elements) {
    if (!LLVMIsAInstruction(v) || !plr_loop_contains(outer, v))
        return 1;
    for (unsigned i = 0; i < h->ncone; i++)
        if (h->cone[i] == v)
            return 1;
    for (unsigned i = 0; i < h->nivs; i++)
        if (h->ivs[i] == v)
            return 1;
    if (LLVMIsAPHINode(v)) {
        plr_scev *st, *step, *s = plr_scev_of(p->ctx, v);
        if (h->nivs == PLR_MAX_HIST_IVS || LLVMGetInstructionParent(v) != plr_loop_header(outer) || !s ||
            !plr_scev_recurrence(p->ctx, outer, s, &st, &step) || !expandable_before(p, outer, st) ||
            !expandable_before(p, outer, step))
            return 0;
        h->ivs[h->nivs] = v;
        h->iv_start[h->nivs] = st;
        h->iv_step[h->nivs++] = step;
        return 1;
    }
    if (plr_loop_contains(p->loop, v) || plr_inst_has_side_effects(v) || plr_inst_is_atomic_or_volatile(v) ||
        LLVMIsAAllocaInst(v) || (LLVMIsALoadInst(v) && !readable_before(p, v, before, elements)))
        return 0;
    int n = LLVMGetNumOperands(v);
    for (int i = 0; i < n; i++)
        if (!add_to_cone(p, outer, LLVMGetOperand(v, i), h, before, elements))
            return 0;
    if (h->ncone == PLR_MAX_HIST_CONE)
        return 0;
    h->cone[h->ncone++] = v;
    return 1;
}

/* Where sequence s finds the value of delay d of y (is_x: of x) before its
 * first element, as stage_history in rewrite.c reads it for one loop: the
 * first value of the phi that carries it, else memory when the loop itself
 * reads that far back. */
static plr_nest_reason history_source(plr_plan *p, plr_loop *outer, plr_nest *nest, int is_x, int d,
                                      plr_seq_history *h) {
    const plr_leaf *phi = NULL;
    int mem = 0;
    for (unsigned i = 0; i < p->walk.nleaves; i++) {
        const plr_leaf *l = &p->walk.leaves[i];
        if (is_x ? l->kind != PLR_LEAF_X || l->stream != p->lin->xs : l->kind != PLR_LEAF_Y)
            continue;
        if (!l->from_memory && l->delay == d)
            phi = l;
        if (l->from_memory && l->delay >= d)
            mem = 1;
    }
    /* The element d steps before the sequence's first, over the outer loop. */
    plr_scev *first = is_x ? p->access.x_start : p->access.y_start;
    int64_t step = is_x ? p->access.x_step : p->access.step;
    plr_scev *before = p->access.step_s ? plr_scev_offset(p->ctx, first, p->access.step_s, -d)
                                        : plr_scev_offset(p->ctx, first, NULL, -d * step);
    int *elements = is_x && !p->access.in_place ? &nest->x_elements : &nest->y_elements;
    h->align = 1;
    if (phi) {
        LLVMValueRef v = phi->init;
        if (is_zero_constant(v)) {
            h->kind = PLR_HIST_ZERO;
            return PLR_NEST_OK;
        }
        if (is_x && p->storage.x_held)
            return PLR_NEST_HISTORY; /* (the gather keeps x's values as the recurrence reads them: not yet) */
        if (!LLVMIsAInstruction(v) || !plr_loop_contains(outer, v)) {
            /* one value from before the nest (`s = 1`, an argument), the
             * same for every sequence: written into each one's history by
             * the gather loop (a nest without one starts them from zero) */
            h->kind = PLR_HIST_VALUE;
            h->v = v;
            nest->gathers = 1;
            return PLR_NEST_OK;
        }
        p->why_at = v;
        if (!LLVMIsALoadInst(v) || LLVMTypeOf(v) != p->elem || !readable_before(p, v, before, elements)) {
            /* computed in the outer loop (w1 = row[0] * k): repeated per
             * sequence in the gather loop, if it can be */
            h->kind = PLR_HIST_COMPUTED;
            h->v = v;
            if (!add_to_cone(p, outer, v, h, before, elements))
                return PLR_NEST_HISTORY;
            nest->gathers = 1;
            return PLR_NEST_OK;
        }
        plr_scev *addr = plr_scev_of(p->ctx, LLVMGetOperand(v, 0));
        h->align = LLVMGetAlignment(v);
        before = addr;
    } else if (!mem) {
        h->kind = PLR_HIST_ZERO; /* not reached: the phis of a state are contiguous */
        return PLR_NEST_OK;
    } else if (is_x && p->storage.x_held) {
        return PLR_NEST_HISTORY; /* (the gather loads elements of the recurrence's type) */
    } else {
        *elements = 1;
    }
    h->kind = PLR_HIST_GATHER;
    nest->gathers = 1;
    if (!spacing(p, outer, before, &h->start, &h->dist))
        return PLR_NEST_HISTORY;
    return PLR_NEST_OK;
}

/* What every nest needs of its outer loop: no value of the recurrence loop
 * used after it, coefficients from before the nest, simple form, no other
 * work, and the recurrence loop run on every iteration or on none. */
static plr_nest_reason outer_only_runs(plr_plan *p, plr_loop *outer, plr_nest *nest) {
    if (p->nliveouts)
        return PLR_NEST_LIVE_OUT;
    for (unsigned m = 0; m < PLR_MAX_FIR; m++)
        if (!cn_outside(p->lin->a[m], outer))
            return PLR_NEST_COEFFICIENT;
    for (unsigned j = 0; j <= PLR_MAX_ORDER; j++)
        if (!cn_outside(p->lin->b[j], outer))
            return PLR_NEST_COEFFICIENT;

    plr_simplify_loop(p->ctx, outer);
    LLVMBasicBlockRef oph = plr_loop_preheader(outer), latch = plr_loop_latch(outer);
    if (!oph || !latch || plr_loop_exiting(outer) != latch || !plr_loop_exit(outer) ||
        !plr_loop_has_dedicated_exits(outer))
        return PLR_NEST_SHAPE;
    LLVMValueRef term = LLVMGetBasicBlockTerminator(oph);
    if (!term || LLVMGetInstructionOpcode(term) != LLVMBr || LLVMIsConditional(term))
        return PLR_NEST_SHAPE;

    unsigned nb = plr_loop_block_count(outer);
    for (unsigned b = 0; b < nb; b++) {
        LLVMBasicBlockRef bb = plr_loop_block(outer, b);
        int inner = in_loop_block(p->loop, bb);
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
            if (!inner && (plr_inst_has_side_effects(i) || plr_inst_is_atomic_or_volatile(i))) {
                p->why_at = i;
                return PLR_NEST_OTHER_WORK;
            }
            for (LLVMUseRef u = LLVMGetFirstUse(i); u; u = LLVMGetNextUse(u)) {
                LLVMValueRef user = LLVMGetUser(u);
                if (!LLVMIsAInstruction(user) || !plr_loop_contains(outer, user)) {
                    p->why_at = i;
                    return PLR_NEST_LIVE_OUT;
                }
            }
        }
    }
    return find_guards(p, outer, nest);
}

/* Whether a map's operands, beyond the state and its own instructions, are
 * defined before the nest (a map cloned once for every sequence). */
static int chain_outside(plr_plan *p, plr_loop *outer, const LLVMValueRef *chain, unsigned n, LLVMValueRef state) {
    for (unsigned c = 0; c < n; c++) {
        if (LLVMIsALoadInst(chain[c]))
            continue; /* its address is a sequence's (spacing) */
        if (LLVMIsAPHINode(chain[c]))
            continue; /* the state d back or a counter: registers or recomputed, their starts checked */
        int nops = LLVMGetNumOperands(chain[c]);
        for (int k = 0; k < nops; k++) {
            LLVMValueRef op = LLVMGetOperand(chain[c], (unsigned)k);
            int own = op == state;
            for (unsigned d = 0; d < c && !own; d++)
                own = op == chain[d];
            if (!own && LLVMIsAInstruction(op) && plr_loop_contains(outer, op)) {
                p->why_at = chain[c];
                return 0;
            }
        }
    }
    return 1;
}

/* Reloaded coefficients (or a side copy's loads) among the ranges the check
 * keeps apart from y, besides the maps' loads, which go over the nest. */
static int reloads_besides_maps(const plr_plan *p) {
    for (unsigned i = 0; i < p->access.nrl; i++) {
        int map = 0;
        for (unsigned k = 0; k < p->maps.nmload && !map; k++)
            map = p->maps.mload[k].load == p->access.rl_load[i];
        if (!map)
            return 1;
    }
    return 0;
}

static plr_nest_reason check(plr_plan *p, plr_nest *nest) {
    plr_loop *outer = plr_loop_parent(p->loop);
    if (!outer)
        return PLR_NEST_NONE;
    p->why_at = NULL;
    /* A materialized input term is one more pass over the nest (a clone of
     * it writes the terms); the rest needs maps or calls per sequence. */
    /* A cascade is one call per stage over the whole nest, each stage from a
     * zero state (its phis start at 0), stages after the first in place. */
    /* Transposed states from zero give every sequence zero histories;
     * from anything else, its first outputs would have to be computed per
     * sequence (the shape's peel). */
    const plr_shape *shape = p->shape;
    int cascade = plr_shape_is_cascade(shape), materialized = plr_shape_is_materialized(shape);
    /* (a state buffer, too: one per sequence, or one for the nest's
     * footprint, is not built; each sequence's loop takes its own) */
    if (p->has_side || plr_shape_needs_per_sequence_plan(shape) || shape->state_buffer ||
        (reloads_besides_maps(p) && !materialized) ||
        (cascade && (materialized || shape->stored_maps || p->access.in_place)))
        return PLR_NEST_PLAN;
    /* a history read through a phi and from memory is checked to agree
     * for one loop (rewrite.c), not per sequence: the loop alone, then */
    if (plr_histories_twice(p))
        return PLR_NEST_HISTORY;
    for (unsigned i = 0; cascade && i < p->walk.nleaves; i++) {
        const plr_leaf *l = &p->walk.leaves[i];
        if (l->kind == PLR_LEAF_Y2 && l->delay > 0 && (l->from_memory || !is_zero_constant(l->init))) {
            p->why_at = l->v;
            return PLR_NEST_HISTORY;
        }
    }
    /* The maps applied after the call to every sequence: their operands
     * must be the same for all (defined before the nest), their loads and
     * stores a fixed distance apart from one sequence to the next. */
    LLVMValueRef state = plr_map_state(p);
    /* A fixed element is stored once after a single loop's call, from its
     * last index; a map's induction is recomputed from its start, which
     * per sequence would be each sequence's own unless it is the same for
     * all (the loop alone is replaced, each call with its store). */
    for (unsigned k = 0; k < p->maps.nouts; k++)
        if (p->maps.outs[k].fixed) {
            p->why_at = p->maps.outs[k].store;
            return PLR_NEST_PLAN;
        }
    /* (a counter the same for every sequence, `c` from 0 in each row: the
     * nest's map loop recomputes it from its index within the sequence) */
    for (unsigned k = 0; k < p->maps.nmiv; k++)
        if (!plr_scev_invariant(p->ctx, outer, p->maps.miv[k].start) ||
            !expandable_before(p, outer, p->maps.miv[k].start)) {
            p->why_at = p->maps.miv[k].phi;
            return PLR_NEST_PLAN;
        }
    /* y[i-d] is per sequence: the nest's map loop carries it in registers,
     * which at a sequence's first indices start from the phis' values on
     * entry to the recurrence loop; one value for every sequence (a
     * constant, or defined before the nest), not each sequence's own. */
    unsigned deepest = 0;
    LLVMValueRef reader = NULL;
    for (unsigned k = 0; k < p->maps.nouts; k++) {
        unsigned d = plr_chain_before(p, p->maps.outs[k].chain, p->maps.outs[k].nchain);
        if (d > deepest) {
            deepest = d;
            reader = p->maps.outs[k].store;
        }
    }
    unsigned by_output = plr_chain_before(p, p->maps.chain, p->maps.nchain);
    if (by_output > deepest) {
        deepest = by_output;
        reader = p->store;
    }
    for (unsigned d = 0; d < deepest; d++) {
        LLVMValueRef init = p->maps.before_init[d];
        if (LLVMIsAInstruction(init) && plr_loop_contains(outer, init)) {
            p->why_at = reader;
            return PLR_NEST_BEFORE;
        }
    }
    if (!chain_outside(p, outer, p->maps.chain, p->maps.nchain, state))
        return PLR_NEST_PLAN;
    for (unsigned k = 0; k < p->maps.nouts; k++)
        if (!chain_outside(p, outer, p->maps.outs[k].chain, p->maps.outs[k].nchain, state))
            return PLR_NEST_PLAN;
    for (unsigned k = 0; k < p->maps.nmload; k++)
        if (!spacing(p, outer, p->maps.mload[k].start, &nest->ml_start[k], &nest->ml_dist[k])) {
            p->why_at = p->maps.mload[k].load;
            return PLR_NEST_SPACING;
        }
    for (unsigned k = 0; k < p->maps.nouts; k++)
        if (!spacing(p, outer, p->maps.outs[k].start, &nest->out_start[k], &nest->out_dist[k])) {
            p->why_at = p->maps.outs[k].store;
            return PLR_NEST_SPACING;
        }
    /* A state the outer loop carries from one sequence to the next (its
     * last value is then also used after the inner loop). */
    for (unsigned i = 0; i < p->walk.nleaves; i++) {
        const plr_leaf *l = &p->walk.leaves[i];
        if (!l->from_memory && l->delay > 0 && l->init && LLVMIsAPHINode(l->init) &&
            LLVMGetInstructionParent(l->init) == plr_loop_header(outer)) {
            p->why_at = l->init;
            return PLR_NEST_HISTORY;
        }
    }
    plr_nest_reason r = outer_only_runs(p, outer, nest);
    if (r != PLR_NEST_OK)
        return r;
    nest->count = plr_scev_trip_count(p->ctx, outer);

    if (!nest->count || !plr_scev_invariant(p->ctx, outer, p->access.trip) ||
        !expandable_before(p, outer, p->access.trip) || !expandable_before(p, outer, nest->count))
        return PLR_NEST_TRIP_COUNT;
    if (!spacing(p, outer, p->access.y_start, &nest->y0, &nest->y_dist) || !nest->y_dist)
        return PLR_NEST_SPACING;
    if (p->access.in_place) {
        nest->x0 = nest->y0;
        nest->x_dist = nest->y_dist;
    } else if (!spacing(p, outer, p->access.x_start, &nest->x0, &nest->x_dist)) {
        return PLR_NEST_SPACING;
    }
    /* (a nest's run-time stride is x's too: x at a constant stride beside
     * it, x[j] beside y[j*C], is a loop alone's) */
    if (p->access.step_s &&
        (!plr_scev_invariant(p->ctx, outer, p->access.step_s) || !expandable_before(p, outer, p->access.step_s) ||
         p->access.x_step != 0))
        return PLR_NEST_SPACING;
    for (unsigned i = 0; i < p->access.nrl; i++)
        if (!spacing(p, outer, p->access.rl_start[i], &nest->rl_start[i], &nest->rl_dist[i])) {
            p->why_at = p->access.rl_load[i];
            return PLR_NEST_SPACING;
        }
    for (unsigned j = 1; j <= p->order; j++)
        if ((r = history_source(p, outer, nest, 0, (int)j, &nest->y_hist[j - 1])) != PLR_NEST_OK)
            return r;
    for (unsigned m = 1; m < p->fir_len; m++)
        if ((r = history_source(p, outer, nest, 1, (int)m, &nest->x_hist[m - 1])) != PLR_NEST_OK)
            return r;
    if (nest->y_elements && !p->access.step_s && p->access.step > 0) {
        /* Rows that follow each other with no gap (y[r*w + c] for c = 0..w-1
         * reading y[r*w + c - 1]): each row starts from the previous row's
         * last output, one long sequence. The check before the call would
         * never pass; say so instead of versioning. */
        plr_scev *gap = plr_scev_offset(p->ctx, nest->y_dist, p->access.trip, -p->access.step);
        int64_t g;
        if (plr_scev_constant(gap, &g) && g < (int64_t)p->order * p->access.step) {
            p->why_at = p->store;
            return PLR_NEST_HISTORY;
        }
    }
    if (plr_shape_is_cascade(p->shape) && nest->gathers)
        return PLR_NEST_HISTORY; /* the first stage's state read per sequence: not with later stages */
    nest->outer = outer;
    return PLR_NEST_OK;
}

/* Run a nest check on a fresh plr_nest: keep it in p->nest when it passes,
 * the reason in p->nest_why either way. */
static void take_nest(plr_plan *p, plr_nest_reason (*check_fn)(plr_plan *, plr_nest *)) {
    plr_nest *nest = calloc(1, sizeof *nest);
    if (!nest)
        abort();
    LLVMValueRef at = p->why_at;
    p->nest_why = check_fn(p, nest);
    if (p->nest_why == PLR_NEST_OK) {
        p->nest = nest;
        return;
    }
    free(nest);
    if (p->nest_why == PLR_NEST_NONE)
        p->why_at = at;
}

void plr_check_nest(plr_plan *p) {
    take_nest(p, check);
    if (p->nest && plr_wrap_pending(p->ctx) && !plr_wrap_invariant_in(p->ctx, p->nest->outer)) {
        /* the no-wrap predicates are the recurrence loop's: tested before
         * the nest, they must say the same for every sequence */
        free(p->nest);
        p->nest = NULL;
        p->nest_why = PLR_NEST_WRAP;
    }
}

/* A lanes plan (plr_recognize_lanes): the outer loop is the sequence, the
 * recurrence loop walks count = its trip count lanes. Histories are the
 * rows before the first, read from memory. */
static plr_nest_reason check_lanes(plr_plan *p, plr_nest *nest) {
    plr_loop *outer = plr_loop_parent(p->loop);
    plr_nest_reason r = outer_only_runs(p, outer, nest);
    if (r != PLR_NEST_OK)
        return r;
    plr_scev *n = plr_scev_trip_count(p->ctx, outer);
    if (!n || !plr_scev_invariant(p->ctx, outer, p->access.trip) || !expandable_before(p, outer, p->access.trip) ||
        !expandable_before(p, outer, n))
        return PLR_NEST_TRIP_COUNT;
    nest->count = p->access.trip; /* lanes */
    p->access.trip = n;           /* elements of each: the outer loop's iterations */
    nest->y0 = p->access.stream_first[0];
    nest->y_dist = p->lanes_y_lane;
    nest->x0 = p->access.in_place ? nest->y0 : p->access.stream_ref[p->lin->xs];
    nest->x_dist = p->lanes_x_lane;
    plr_scev *all[5] = {nest->y0, nest->y_dist, nest->x0, nest->x_dist, p->lanes_pitch};
    for (unsigned i = 0; i < 5; i++)
        if (!expandable_before(p, outer, all[i]))
            return PLR_NEST_SPACING;
    int64_t pitch;
    if (plr_scev_constant(p->lanes_pitch, &pitch) && pitch != 0 && pitch % (int64_t)p->size == 0) {
        p->access.step = p->access.x_step = pitch;
    } else {
        p->access.step = p->access.x_step = 0;
        p->access.step_s = p->lanes_pitch;
    }
    for (unsigned j = 1; j <= p->order; j++) {
        plr_seq_history *h = &nest->y_hist[j - 1];
        h->kind = PLR_HIST_GATHER;
        h->start = plr_scev_offset(p->ctx, nest->y0, p->lanes_pitch, -(int64_t)j);
        h->dist = nest->y_dist;
        h->align = 1;
        nest->gathers = nest->y_elements = 1;
    }
    for (unsigned m = 1; m < p->fir_len; m++) {
        plr_seq_history *h = &nest->x_hist[m - 1];
        h->kind = PLR_HIST_GATHER;
        h->start = plr_scev_offset(p->ctx, nest->x0, p->lanes_pitch, -(int64_t)m);
        h->dist = nest->x_dist;
        h->align = 1;
        nest->gathers = 1;
        *(p->access.in_place ? &nest->y_elements : &nest->x_elements) = 1;
    }
    for (unsigned j = 0; j < p->order; j++)
        if (!expandable_before(p, outer, nest->y_hist[j].start))
            return PLR_NEST_SPACING;
    for (unsigned m = 0; m + 1 < p->fir_len; m++)
        if (!expandable_before(p, outer, nest->x_hist[m].start))
            return PLR_NEST_SPACING;
    nest->outer = outer;
    return PLR_NEST_OK;
}

void plr_check_lanes_nest(plr_plan *p) {
    take_nest(p, check_lanes);
}
