/*
 * leaves.c - what each load and header phi of a loop stands for: x[i-m] of
 * an input stream, y[i-j], an induction, a coefficient reloaded from an
 * invariant address, or a reason it is none of them. Loads are grouped into
 * streams (one array walked with one stride; the output is stream 0) by
 * whole numbers of steps between their start addresses.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "recognize.h"

int plr_is_header_phi(plr_loop *loop, LLVMValueRef v) {
    return LLVMIsAPHINode(v) && LLVMGetInstructionParent(v) == plr_loop_header(loop);
}

plr_leaf *plr_find_leaf(plr_plan *p, LLVMValueRef v) {
    for (unsigned i = 0; i < p->walk.nleaves; i++)
        if (p->walk.leaves[i].v == v)
            return &p->walk.leaves[i];
    return NULL;
}

plr_leaf *plr_new_leaf(plr_plan *p, LLVMValueRef v) {
    /* Capacity is reserved up front (one per load and header phi), so leaf
     * pointers stay valid across the recursive phi resolution. */
    if (p->walk.nleaves == p->walk.capleaves)
        abort();
    plr_leaf *l = &p->walk.leaves[p->walk.nleaves++];
    memset(l, 0, sizeof *l);
    l->v = v;
    return l;
}

void plr_bad(plr_leaf *l, plr_reason why) {
    l->kind = PLR_LEAF_BAD;
    l->why = why;
}

unsigned plr_add_stream(plr_plan *p, plr_scev *first, int64_t step) {
    unsigned n = p->access.nstreams + 1;
    plr_scev **r = realloc(p->access.stream_ref, n * sizeof *r);
    plr_scev **f = r ? realloc(p->access.stream_first, n * sizeof *f) : NULL;
    int64_t *m = f ? realloc(p->access.stream_max, n * sizeof *m) : NULL;
    int64_t *st = m ? realloc(p->access.stream_step, n * sizeof *st) : NULL;
    if (!st)
        abort();
    p->access.stream_ref = r;
    p->access.stream_first = f;
    p->access.stream_max = m;
    p->access.stream_step = st;
    r[p->access.nstreams] = first;
    f[p->access.nstreams] = first;
    m[p->access.nstreams] = 0;
    st[p->access.nstreams] = step;
    return p->access.nstreams++;
}

/* Room for one leaf per load and header phi of the loop, reserved up front
 * (leaf pointers stay valid while phis are resolved recursively). */
void plr_reserve_leaves(plr_plan *p) {
    unsigned nb = plr_loop_block_count(p->loop), count = 1;
    for (unsigned b = 0; b < nb; b++)
        for (LLVMValueRef i = LLVMGetFirstInstruction(plr_loop_block(p->loop, b)); i; i = LLVMGetNextInstruction(i))
            count += LLVMIsALoadInst(i) || LLVMIsAPHINode(i);
    p->walk.leaves = calloc(count, sizeof *p->walk.leaves);
    if (!p->walk.leaves)
        abort();
    p->walk.capleaves = count;
}

/* A cast that widens a value held narrower into the recurrence's type:
 * sext/zext into an integer elem, fpext float to double. */
int plr_widens(const plr_plan *p, LLVMValueRef cast) {
    if (LLVMTypeOf(cast) != p->elem)
        return 0;
    LLVMOpcode op = LLVMGetInstructionOpcode(cast);
    return LLVMGetTypeKind(p->elem) == LLVMDoubleTypeKind ? op == LLVMFPExt : op == LLVMSExt || op == LLVMZExt;
}

/* Whether values of type t can be held narrower than the recurrence's
 * type and widened into it (an int16 array into an int recurrence, float
 * data into double). */
static int held_narrower(const plr_plan *p, LLVMTypeRef t) {
    if (LLVMGetTypeKind(t) == LLVMIntegerTypeKind && LLVMGetTypeKind(p->elem) == LLVMIntegerTypeKind)
        return LLVMGetIntTypeWidth(t) < LLVMGetIntTypeWidth(p->elem) && LLVMGetIntTypeWidth(t) % 8 == 0;
    return LLVMGetTypeKind(t) == LLVMFloatTypeKind && LLVMGetTypeKind(p->elem) == LLVMDoubleTypeKind;
}

/* A load that is no stream element whatever its address: of another type,
 * volatile, or from an invariant address (reloaded every iteration because
 * the store may change it: a coefficient, if the address is not in y, by
 * alias analysis or a check). Returns 1 when l is settled so. */
int plr_leaf_settled(plr_plan *p, plr_leaf *l) {
    int narrower = LLVMTypeOf(l->v) != p->elem;
    if (narrower && !held_narrower(p, LLVMTypeOf(l->v)))
        plr_bad(l, PLR_R_TYPE);
    else if (plr_inst_is_atomic_or_volatile(l->v))
        plr_bad(l, PLR_R_VOLATILE);
    else if (plr_loop_is_invariant(p->loop, LLVMGetOperand(l->v, 0)) && narrower)
        plr_bad(l, PLR_R_TYPE); /* a reloaded coefficient is read in the recurrence's type */
    else if (plr_loop_is_invariant(p->loop, LLVMGetOperand(l->v, 0)))
        l->kind = PLR_LEAF_INV;
    else
        return 0;
    return 1;
}

/* Classify every load of the loop: y[i-j] (stream 0), or x[i-m] of some
 * stream, or a reason it is neither. Two passes: the stream's reference (the
 * load with the largest address, m = 0) is known only after all are seen. */
void plr_classify_loads(plr_plan *p) {
    plr_loop *loop = p->loop;
    plr_add_stream(p, p->access.y_start, p->access.step);
    unsigned nb = plr_loop_block_count(loop);
    plr_reserve_leaves(p);
    for (unsigned b = 0; b < nb; b++) {
        for (LLVMValueRef i = LLVMGetFirstInstruction(plr_loop_block(loop, b)); i;
             i = LLVMGetNextInstruction(i)) {
            if (!LLVMIsALoadInst(i))
                continue;
            plr_leaf *l = plr_new_leaf(p, i);
            l->from_memory = 1;
            plr_scev *s;
            int64_t step, d;
            if (plr_leaf_settled(p, l))
                continue;
            /* A stream is one array walked with one stride (either
             * direction): its loads are a whole number of steps apart. */
            int rt_stream = -1; /* a stream walked at y's run-time stride it is rt_off steps into */
            int64_t rt_off = 0;
            if (p->access.step_s) {
                /* A run-time stride: a stream walked like y moves one
                 * element per iteration; its loads are whole strides apart
                 * (y[(i-j)*C], x[(i-m)*C]: starts j strides from the
                 * stream's first, compared as SCEVs); a stream at a
                 * constant stride beside it (x[i] beside y[i*C]) is read as
                 * usual. */
                plr_scev *addr = plr_scev_of(p->ctx, LLVMGetOperand(i, 0)), *st;
                if (addr && plr_scev_recurrence(p->ctx, loop, addr, &s, &st) && st == p->access.step_s) {
                    step = 0;
                    for (unsigned k = 0; k < p->access.nstreams && rt_stream < 0; k++)
                        for (int j = -PLR_MAX_FIR; j <= PLR_MAX_FIR && rt_stream < 0 && !p->access.stream_step[k]; j++)
                            if (plr_scev_const_diff(p->ctx, s, plr_scev_offset(p->ctx, p->access.stream_first[k], st, j),
                                                    &d) &&
                                d == 0) {
                                rt_stream = (int)k;
                                rt_off = j;
                            }
                } else if (!plr_scev_affine(p->ctx, loop, LLVMGetOperand(i, 0), &s, &step) || step == 0 ||
                           step % (int64_t)plr_held_size(LLVMTypeOf(i)) != 0) {
                    plr_bad(l, PLR_R_STRIDE);
                    continue;
                }
            } else if (!plr_scev_affine(p->ctx, loop, LLVMGetOperand(i, 0), &s, &step) || step == 0 ||
                       step % (int64_t)plr_held_size(LLVMTypeOf(i)) != 0) {
                plr_bad(l, PLR_R_STRIDE);
                continue;
            }
            /* The stream the load is a whole number of steps into; another
             * lane of an interleaved input array is a stream of its own (the
             * output's other lanes are not: those belong to no recurrence). */
            unsigned k;
            int lane_of_y = 0;
            if (rt_stream >= 0) { /* (offset in steps, refined below as any stream's) */
                l->kind = PLR_LEAF_X;
                l->stream = rt_stream;
                l->delay = (int)rt_off;
                if (rt_stream > 0 && rt_off > p->access.stream_max[rt_stream]) {
                    p->access.stream_max[rt_stream] = rt_off;
                    p->access.stream_ref[rt_stream] = s;
                }
                continue;
            }
            for (k = 0; k < p->access.nstreams; k++) {
                if (!plr_scev_const_diff(p->ctx, s, p->access.stream_first[k], &d))
                    continue;
                if (step == p->access.stream_step[k] && (step ? d % step == 0 : d == 0))
                    break;
                lane_of_y |= k == 0;
            }
            if (k == p->access.nstreams && lane_of_y) {
                plr_bad(l, PLR_R_STRIDE);
                continue;
            }
            if (k == p->access.nstreams) {
                k = plr_add_stream(p, s, step);
                d = 0;
            }
            l->kind = PLR_LEAF_X; /* refined below */
            l->stream = (int)k;
            l->delay = step ? (int)(d / step) : 0; /* temporarily: offset in steps */
            if (k > 0 && l->delay > p->access.stream_max[k]) {
                p->access.stream_max[k] = l->delay;
                p->access.stream_ref[k] = s;
            }
        }
    }
    for (unsigned i = 0; i < p->walk.nleaves; i++) {
        plr_leaf *l = &p->walk.leaves[i];
        if (l->kind != PLR_LEAF_X)
            continue;
        int64_t off = l->delay;
        if (LLVMTypeOf(l->v) != p->elem)
            l->held = LLVMTypeOf(l->v); /* read widened: plr_lin_of checks how */
        if (l->stream == 0 && l->held) {
            /* y's own elements read back narrower than the recurrence: the
             * loop computes from rounded or truncated outputs (float data
             * combined in double), not from its state */
            plr_bad(l, PLR_R_TYPE);
        } else if (l->stream == 0) {
            if (off > 0) {
                plr_bad(l, PLR_R_READ_AHEAD);
            } else if (off < 0 && plr_kind_is_cascade(p->found.kind)) {
                l->kind = PLR_LEAF_Y2; /* y holds the last stage */
                l->stage = p->stages.n - 1;
                l->delay = (int)-off;
                if (l->delay > PLR_MAX_ORDER)
                    plr_bad(l, PLR_R_ORDER);
            } else if (off < 0 && p->out) {
                plr_bad(l, PLR_R_STATE); /* holds g(state), not the state */
            } else if (off < 0) {
                l->kind = PLR_LEAF_Y;
                l->delay = (int)-off;
                if (l->delay > PLR_MAX_ORDER)
                    plr_bad(l, PLR_R_ORDER);
            } else {
                l->delay = 0; /* in place: x[i] is y[i] before the store */
            }
        } else {
            int64_t m = p->access.stream_max[l->stream] - off;
            l->delay = (int)m;
            if (m >= PLR_MAX_FIR)
                plr_bad(l, PLR_R_ORDER);
        }
    }
}

/* form one iteration later: y[i-j] becomes y[i-j-1], x[i-m] x[i-m-1]. */
static plr_lin *lin_delayed(plr_plan *p, const plr_lin *f) {
    if (!plr_cn_is_zero(f->a[PLR_MAX_FIR - 1]) || !plr_cn_is_zero(f->b[PLR_MAX_ORDER]))
        return NULL;
    plr_lin *r = plr_lin_new(p);
    for (int m = PLR_MAX_FIR - 1; m > 0; m--)
        r->a[m] = f->a[m - 1];
    for (int j = PLR_MAX_ORDER; j > 0; j--)
        r->b[j] = f->b[j - 1];
    r->has_x = f->has_x;
    r->has_y = f->has_y;
    r->xs = f->xs;
    return r;
}

/* Whether a + b is the exact sum of the two constants (TwoSum's error
 * term is zero), in the element type. */
static int fp_sum_exact(const plr_plan *p, const plr_cn *a, const plr_cn *b) {
    if (!plr_cn_is_const(a) || !plr_cn_is_const(b))
        return 0;
    double x = a ? a->kf : 0.0, y = b ? b->kf : 0.0;
    if (LLVMGetTypeKind(p->elem) == LLVMFloatTypeKind) {
        double d = x + y; /* exact in double for two floats of close exponents */
        return (double)(float)d == d && d - x == y && d - y == x;
    }
    double d = x + y, yv = d - x;
    return (x - (d - yv)) + (y - yv) == 0.0;
}

/* Whether v reads, within the iteration, another transposed state than
 * self (z2 in `z1 = z2 + (b1 - b0)*x[i] - z1`). */
static int reads_other_state(plr_plan *p, LLVMValueRef v, LLVMValueRef self, unsigned depth) {
    if (!LLVMIsAInstruction(v) || !plr_loop_contains(p->loop, v) || depth > 64)
        return 0;
    if (plr_is_header_phi(p->loop, v)) {
        const plr_leaf *l = v == self ? NULL : plr_find_leaf(p, v);
        return l && l->kind == PLR_LEAF_LIN;
    }
    int n = LLVMGetNumOperands(v);
    for (int i = 0; i < n; i++)
        if (reads_other_state(p, LLVMGetOperand(v, i), self, depth + 1))
            return 1;
    return 0;
}

/* A state that InstCombine folded into itself. With a coefficient of +-1
 * on the output, `v = b0*x[i] + z1; z1 = b1*x[i] - v + z2` becomes `z1 =
 * z2 + (b1 - b0)*x[i] - z1`: the latch form f has a term of the state
 * itself (f->s). The output at iteration i is g*z1 + R (R over inputs,
 * delays and other states, walked with the state as a term of its own):
 * when g is +-1, z1 = g*(y[i] - R) at every iteration, from the first on
 * (the output is computed from the state's current value each time), so
 * the substitution is exact in integers. In floating point the loop's
 * coefficients may come apart where a coefficient of f and one of R add
 * up (`-(b0 - b1) + b0` for b1, with `b0 - b1` hoisted by InstCombine):
 * that is taken only when both are constants whose sum is exact; a sum of
 * values would be rounded apart from the b1 the loop implies (as `ki -
 * kp` would in a float PI controller, docs/pass.md), so the state stays
 * refused. Returns the form without the state's term, or NULL. */
static plr_lin *read_back_self(plr_plan *p, plr_leaf *l, LLVMValueRef next, plr_lin *f) {
    /* Only the first state of a TDF2 of order >= 2 (it reads the next
     * state). A lone state that reaches itself is another shape, taken as
     * it was before: an output that adds the input to the state (`integ
     * += ki*e; u = kp*e + integ`, refused in float) or a cascade (`u = u +
     * x[i]; v = 3*v + u`), and so is a first-order TDF2 folded into that
     * form. */
    if (!reads_other_state(p, next, l->v, 0))
        return NULL;
    walk w = {p, PLR_OK_CANDIDATE, NULL, 0, 0, 0, 0, 0};
    plr_lin *g = plr_lin_of(&w, p->value);
    if (l->kind == PLR_LEAF_BAD || !g || g->self != l->v || !plr_cn_is_const(g->s) || plr_cn_is_zero(g->s) ||
        !plr_cn_is_zero(g->b[0]))
        return NULL;
    int unit = p->is_fp ? fabs(g->s->kf) == 1.0 : (g->s->ki == 1 || g->s->ki == UINT64_MAX);
    if (!unit || (f->has_x && g->has_x && f->xs != g->xs))
        return NULL;
    plr_cn *k = plr_cn_mul(p, f->s, g->s); /* 1/g == g */
    plr_lin *rest = plr_lin_new(p);
    for (int m = 0; m < PLR_MAX_FIR; m++)
        rest->a[m] = plr_cn_neg(p, plr_cn_mul(p, g->a[m], k));
    for (int j = 0; j <= PLR_MAX_ORDER; j++)
        rest->b[j] = plr_cn_neg(p, plr_cn_mul(p, g->b[j], k));
    rest->b[0] = k;
    rest->c = plr_cn_neg(p, plr_cn_mul(p, g->c, k));
    if (p->is_fp) {
        for (int m = 0; m < PLR_MAX_FIR; m++)
            if (!plr_cn_is_zero(f->a[m]) && !plr_cn_is_zero(rest->a[m]) && !fp_sum_exact(p, f->a[m], rest->a[m]))
                return NULL;
        for (int j = 0; j <= PLR_MAX_ORDER; j++)
            if (!plr_cn_is_zero(f->b[j]) && !plr_cn_is_zero(rest->b[j]) && !fp_sum_exact(p, f->b[j], rest->b[j]))
                return NULL;
    }
    plr_lin *r = plr_lin_new(p);
    for (int m = 0; m < PLR_MAX_FIR; m++)
        r->a[m] = plr_cn_add(p, f->a[m], rest->a[m]);
    for (int j = 0; j <= PLR_MAX_ORDER; j++)
        r->b[j] = plr_cn_add(p, f->b[j], rest->b[j]);
    r->c = plr_cn_add(p, f->c, rest->c);
    r->has_x = f->has_x || g->has_x;
    r->has_y = 1;
    r->xs = f->has_x ? f->xs : g->xs;
    return r;
}

/* A transposed state (z1 = b1*x[i] - a1*y[i] + z2): the latch value walked
 * as a linear form with the output itself a leaf (b[0]) and other
 * transposed states substituted, then delayed by one iteration. A state
 * that reaches itself through others (a rotation, a feedback) is no such
 * state: cycle detection in plr_phi_leaf marks it. One that reaches itself
 * directly is one InstCombine folded (read_back_self). */
static void transposed_state(plr_plan *p, plr_leaf *l, LLVMValueRef next) {
    if (!LLVMIsAInstruction(next) || !plr_loop_contains(p->loop, next) || plr_kind_is_cascade(p->found.kind)) {
        plr_bad(l, PLR_R_STATE);
        return;
    }
    /* The walk's memo entries may read the output as b[0], or the state
     * itself as a term; the enclosing walk may be of another kind, so they
     * are not kept. */
    unsigned nmemo = p->walk.nmemo;
    LLVMValueRef outer = p->walk.lin_self;
    p->walk.lin_self = l->v;
    walk w = {p, PLR_OK_CANDIDATE, NULL, 0, 1, 0, 0, 0};
    plr_lin *f = plr_lin_of(&w, next);
    if (f && !plr_cn_is_zero(f->s))
        f = read_back_self(p, l, next, f);
    p->walk.lin_self = outer;
    p->walk.nmemo = nmemo;
    if (l->kind == PLR_LEAF_BAD || !f || !plr_cn_is_zero(f->c) || !(f = lin_delayed(p, f))) {
        plr_bad(l, PLR_R_STATE);
        return;
    }
    if (plr_kind_is_materialized(p->found.kind) && !plr_lin_outputs_only(f)) {
        /* the clone that computes the input term zeroes the state: only a
         * form of the outputs alone may be dropped there (`m = coef*tmp`) */
        plr_bad(l, PLR_R_TRANSPOSED_INPUT);
        return;
    }
    l->kind = PLR_LEAF_LIN;
    l->form = f;
}

/* The leaf a latch value stands for, one step later. */
static void delay_of(plr_plan *p, plr_leaf *l, LLVMValueRef next) {
    if (next == p->value) {
        l->kind = PLR_LEAF_Y;
        l->delay = 1;
        return;
    }
    if (p->storage.y_trunc && next == p->storage.y_trunc && LLVMTypeOf(l->v) == p->storage.y_held &&
        LLVMGetTypeKind(p->elem) == LLVMIntegerTypeKind && LLVMGetTypeKind(p->storage.y_held) == LLVMIntegerTypeKind) {
        /* a short state carried as it is stored (a phi of the truncated
         * value), extended where it is used: y[i-1] modulo 2^w, read as
         * the reduced state (linear.c, reduced_operand). Not for float: a
         * state rounded every step is not the double recurrence, and an
         * integer state read back from its float is not the integer. */
        l->kind = PLR_LEAF_Y;
        l->delay = 1;
        l->held = p->storage.y_held;
        return;
    }
    for (int s = 1; s < p->stages.n; s++)
        if (next == p->stages.v[s]) {
            l->kind = PLR_LEAF_Y2;
            l->stage = s;
            l->delay = 1;
            return;
        }
    plr_leaf *src = NULL;
    LLVMOpcode ext = 0;
    if (LLVMIsACastInst(next) && plr_loop_contains(p->loop, next) && LLVMIsALoadInst(LLVMGetOperand(next, 0))) {
        /* x[i] widened, carried to the next iteration (x[i-1] in a phi) */
        ext = LLVMGetInstructionOpcode(next);
        src = plr_find_leaf(p, LLVMGetOperand(next, 0));
        if (src && (src->kind != PLR_LEAF_X || !src->held || !plr_widens(p, next) || (src->ext && src->ext != ext))) {
            plr_bad(l, PLR_R_TYPE);
            return;
        }
        if (src)
            src->ext = ext;
    } else if (plr_is_header_phi(p->loop, next)) {
        src = plr_find_leaf(p, next);
        if (src && src->state == 1 && p->walk.lin_self && !p->is_fp) {
            /* a copy of a transposed state that is being resolved, which
             * InstCombine left when the input terms cancelled (`z4 = 2*x[i]
             * + v` over `v = -2*x[i] + z1` is `z4 = z1`): not a delay of a
             * leaf but that state read back through the output, as a
             * linear form (linear.c, read_back_outer) */
            transposed_state(p, l, next);
            return;
        }
        src = plr_phi_leaf(p, next);
    }
    else if (LLVMIsALoadInst(next) && plr_loop_contains(p->loop, next))
        src = plr_find_leaf(p, next);
    if (!src) {
        transposed_state(p, l, next);
        return;
    }
    if (src->kind == PLR_LEAF_LIN) {
        l->kind = PLR_LEAF_LIN; /* a delayed copy of a transposed state */
        if (!(l->form = lin_delayed(p, src->form)))
            plr_bad(l, PLR_R_ORDER);
        return;
    }
    if (src->kind == PLR_LEAF_INV) {
        plr_bad(l, PLR_R_STATE);
        return;
    }
    if (src->kind == PLR_LEAF_BAD || src->kind == PLR_LEAF_IV) {
        plr_bad(l, src->kind == PLR_LEAF_IV ? PLR_R_INPUT : src->why);
        return;
    }
    if (LLVMTypeOf(l->v) != p->elem &&
        ((src->kind != PLR_LEAF_X && src->kind != PLR_LEAF_Y) || LLVMTypeOf(l->v) != src->held)) {
        /* a phi of a narrower type carries only an element as held (x[i-1]
         * of an int8 array, a short state's older value), widened where it
         * is used */
        plr_bad(l, PLR_R_TYPE);
        return;
    }
    l->kind = src->kind;
    l->stream = src->stream;
    l->stage = src->stage;
    l->delay = src->delay + 1;
    l->held = src->held;
    l->ext = ext ? ext : src->ext;
    if (!ext && LLVMTypeOf(l->v) == src->held)
        l->ext = 0; /* (its widening is recorded where it is used) */
    if (((l->kind == PLR_LEAF_Y || l->kind == PLR_LEAF_Y2) && l->delay > PLR_MAX_ORDER) ||
        (l->kind == PLR_LEAF_X && l->delay >= PLR_MAX_FIR))
        plr_bad(l, PLR_R_ORDER);
}

plr_leaf *plr_phi_leaf(plr_plan *p, LLVMValueRef phi) {
    plr_leaf *l = plr_find_leaf(p, phi);
    if (l) {
        if (l->state == 1)
            plr_bad(l, PLR_R_STATE); /* a cycle of copies: a rotation, not a delay */
        return l;
    }
    l = plr_new_leaf(p, phi);
    plr_scev *s;
    int64_t st;
    if (plr_scev_affine(p->ctx, p->loop, phi, &s, &st)) {
        l->kind = PLR_LEAF_IV;
        return l;
    }
    if (LLVMTypeOf(phi) != p->elem && !held_narrower(p, LLVMTypeOf(phi))) {
        plr_bad(l, PLR_R_TYPE);
        return l;
    }
    LLVMBasicBlockRef latch = plr_loop_latch(p->loop);
    LLVMValueRef next = NULL, init = NULL;
    unsigned n = LLVMCountIncoming(phi);
    for (unsigned i = 0; i < n; i++) {
        if (LLVMGetIncomingBlock(phi, i) == latch)
            next = LLVMGetIncomingValue(phi, i);
        else
            init = LLVMGetIncomingValue(phi, i);
    }
    if (!next || !init || n != 2) {
        plr_bad(l, PLR_R_SHAPE);
        return l;
    }
    l->init = init;
    l->state = 1;
    delay_of(p, l, next);
    l->state = 2;
    if (l->kind == PLR_LEAF_Y && l->delay == 0)
        plr_bad(l, PLR_R_STATE);
    return l;
}

/* ---- coefficients ------------------------------------------------------------- */
