/*
 * recognize.c - find recurrence candidates and express the stored value as a
 * linear form over x[i-m], y[i-j] and 1.
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

#include "plr_pass.h"

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

static int is_header_phi(plr_loop *loop, LLVMValueRef v) {
    return LLVMIsAPHINode(v) && LLVMGetInstructionParent(v) == plr_loop_header(loop);
}

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
    if (is_header_phi(loop, v)) {
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

/* ---- leaves ------------------------------------------------------------------ */

static plr_leaf *find_leaf(plr_plan *p, LLVMValueRef v) {
    for (unsigned i = 0; i < p->nleaves; i++)
        if (p->leaves[i].v == v)
            return &p->leaves[i];
    return NULL;
}

static plr_leaf *new_leaf(plr_plan *p, LLVMValueRef v) {
    /* Capacity is reserved up front (one per load and header phi), so leaf
     * pointers stay valid across the recursive phi resolution. */
    if (p->nleaves == p->capleaves)
        abort();
    plr_leaf *l = &p->leaves[p->nleaves++];
    memset(l, 0, sizeof *l);
    l->v = v;
    return l;
}

static void bad(plr_leaf *l, plr_reason why) {
    l->kind = PLR_LEAF_BAD;
    l->why = why;
}

static unsigned add_stream(plr_plan *p, plr_scev *first, int64_t step) {
    unsigned n = p->nstreams + 1;
    plr_scev **r = realloc(p->stream_ref, n * sizeof *r);
    plr_scev **f = r ? realloc(p->stream_first, n * sizeof *f) : NULL;
    int64_t *m = f ? realloc(p->stream_max, n * sizeof *m) : NULL;
    int64_t *st = m ? realloc(p->stream_step, n * sizeof *st) : NULL;
    if (!st)
        abort();
    p->stream_ref = r;
    p->stream_first = f;
    p->stream_max = m;
    p->stream_step = st;
    r[p->nstreams] = first;
    f[p->nstreams] = first;
    m[p->nstreams] = 0;
    st[p->nstreams] = step;
    return p->nstreams++;
}

/* Classify every load of the loop: y[i-j] (stream 0), or x[i-m] of some
 * stream, or a reason it is neither. Two passes: the stream's reference (the
 * load with the largest address, m = 0) is known only after all are seen. */
static void classify_loads(plr_plan *p) {
    plr_loop *loop = p->loop;
    add_stream(p, p->y_start, p->step);
    unsigned nb = plr_loop_block_count(loop), count = 1;
    for (unsigned b = 0; b < nb; b++)
        for (LLVMValueRef i = LLVMGetFirstInstruction(plr_loop_block(loop, b)); i;
             i = LLVMGetNextInstruction(i))
            count += LLVMIsALoadInst(i) || LLVMIsAPHINode(i);
    p->leaves = calloc(count, sizeof *p->leaves);
    if (!p->leaves)
        abort();
    p->capleaves = count;
    for (unsigned b = 0; b < nb; b++) {
        for (LLVMValueRef i = LLVMGetFirstInstruction(plr_loop_block(loop, b)); i;
             i = LLVMGetNextInstruction(i)) {
            if (!LLVMIsALoadInst(i))
                continue;
            plr_leaf *l = new_leaf(p, i);
            l->from_memory = 1;
            plr_scev *s;
            int64_t step, d;
            if (LLVMTypeOf(i) != p->elem) {
                bad(l, PLR_R_TYPE);
                continue;
            }
            if (plr_inst_is_atomic_or_volatile(i)) {
                bad(l, PLR_R_VOLATILE);
                continue;
            }
            if (plr_loop_is_invariant(loop, LLVMGetOperand(i, 0))) {
                /* Reloaded every iteration because the store may change it:
                 * a coefficient, if the address is not in y (AA or a check). */
                l->kind = PLR_LEAF_INV;
                continue;
            }
            /* A stream is one array walked with one stride (either
             * direction): its loads are a whole number of steps apart. */
            if (p->step_s) {
                /* A run-time stride: a stream is one element per iteration
                 * (its delays come from phis), walked like y. */
                plr_scev *addr = plr_scev_of(p->ctx, LLVMGetOperand(i, 0)), *st;
                if (!addr || !plr_scev_recurrence(p->ctx, loop, addr, &s, &st) || st != p->step_s) {
                    bad(l, PLR_R_STRIDE);
                    continue;
                }
                step = 0;
            } else if (!plr_scev_affine(p->ctx, loop, LLVMGetOperand(i, 0), &s, &step) || step == 0 ||
                       step % (int64_t)p->size != 0) {
                bad(l, PLR_R_STRIDE);
                continue;
            }
            /* The stream the load is a whole number of steps into; another
             * lane of an interleaved input array is a stream of its own (the
             * output's other lanes are not: those belong to no recurrence). */
            unsigned k;
            int lane_of_y = 0;
            for (k = 0; k < p->nstreams; k++) {
                if (!plr_scev_const_diff(p->ctx, s, p->stream_first[k], &d))
                    continue;
                if (step == p->stream_step[k] && (step ? d % step == 0 : d == 0))
                    break;
                lane_of_y |= k == 0;
            }
            if (k == p->nstreams && lane_of_y) {
                bad(l, PLR_R_STRIDE);
                continue;
            }
            if (k == p->nstreams) {
                k = add_stream(p, s, step);
                d = 0;
            }
            l->kind = PLR_LEAF_X; /* refined below */
            l->stream = (int)k;
            l->delay = step ? (int)(d / step) : 0; /* temporarily: offset in steps */
            if (k > 0 && l->delay > p->stream_max[k]) {
                p->stream_max[k] = l->delay;
                p->stream_ref[k] = s;
            }
        }
    }
    for (unsigned i = 0; i < p->nleaves; i++) {
        plr_leaf *l = &p->leaves[i];
        if (l->kind != PLR_LEAF_X)
            continue;
        int64_t off = l->delay;
        if (l->stream == 0) {
            if (off > 0) {
                bad(l, PLR_R_READ_AHEAD);
            } else if (off < 0 && p->cascade) {
                l->kind = PLR_LEAF_Y2; /* y holds the last stage */
                l->stage = p->cascade - 1;
                l->delay = (int)-off;
                if (l->delay > PLR_MAX_ORDER)
                    bad(l, PLR_R_ORDER);
            } else if (off < 0 && p->out) {
                bad(l, PLR_R_STATE); /* holds g(state), not the state */
            } else if (off < 0) {
                l->kind = PLR_LEAF_Y;
                l->delay = (int)-off;
                if (l->delay > PLR_MAX_ORDER)
                    bad(l, PLR_R_ORDER);
            } else {
                l->delay = 0; /* in place: x[i] is y[i] before the store */
            }
        } else {
            int64_t m = p->stream_max[l->stream] - off;
            l->delay = (int)m;
            if (m >= PLR_MAX_FIR)
                bad(l, PLR_R_ORDER);
        }
    }
}

static plr_leaf *phi_leaf(plr_plan *p, LLVMValueRef phi);

/* The leaf a latch value stands for, one step later. */
static void delay_of(plr_plan *p, plr_leaf *l, LLVMValueRef next) {
    if (next == p->value) {
        l->kind = PLR_LEAF_Y;
        l->delay = 1;
        return;
    }
    for (int s = 1; s < p->cascade; s++)
        if (next == p->stage_v[s]) {
            l->kind = PLR_LEAF_Y2;
            l->stage = s;
            l->delay = 1;
            return;
        }
    plr_leaf *src = NULL;
    if (is_header_phi(p->loop, next))
        src = phi_leaf(p, next);
    else if (LLVMIsALoadInst(next) && plr_loop_contains(p->loop, next))
        src = find_leaf(p, next);
    if (!src) {
        bad(l, PLR_R_STATE);
        return;
    }
    if (src->kind == PLR_LEAF_INV) {
        bad(l, PLR_R_STATE);
        return;
    }
    if (src->kind == PLR_LEAF_BAD || src->kind == PLR_LEAF_IV) {
        bad(l, src->kind == PLR_LEAF_IV ? PLR_R_INPUT : src->why);
        return;
    }
    l->kind = src->kind;
    l->stream = src->stream;
    l->stage = src->stage;
    l->delay = src->delay + 1;
    if (((l->kind == PLR_LEAF_Y || l->kind == PLR_LEAF_Y2) && l->delay > PLR_MAX_ORDER) ||
        (l->kind == PLR_LEAF_X && l->delay >= PLR_MAX_FIR))
        bad(l, PLR_R_ORDER);
}

static plr_leaf *phi_leaf(plr_plan *p, LLVMValueRef phi) {
    plr_leaf *l = find_leaf(p, phi);
    if (l) {
        if (l->state == 1)
            bad(l, PLR_R_STATE); /* a cycle of copies: a rotation, not a delay */
        return l;
    }
    l = new_leaf(p, phi);
    plr_scev *s;
    int64_t st;
    if (plr_scev_affine(p->ctx, p->loop, phi, &s, &st)) {
        l->kind = PLR_LEAF_IV;
        return l;
    }
    if (LLVMTypeOf(phi) != p->elem) {
        bad(l, PLR_R_TYPE);
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
        bad(l, PLR_R_SHAPE);
        return l;
    }
    l->init = init;
    l->state = 1;
    delay_of(p, l, next);
    l->state = 2;
    if (l->kind == PLR_LEAF_Y && l->delay == 0)
        bad(l, PLR_R_STATE);
    return l;
}

/* ---- coefficients ------------------------------------------------------------- */

static uint64_t wrap_int(const plr_plan *p, uint64_t v) {
    unsigned w = LLVMGetIntTypeWidth(p->elem);
    if (w >= 64)
        return v;
    uint64_t m = (UINT64_C(1) << w) - 1;
    v &= m;
    if (v >> (w - 1))
        v |= ~m; /* keep sign-extended so that printing as int64 is right */
    return v;
}

static double round_fp(const plr_plan *p, double v) {
    return LLVMGetTypeKind(p->elem) == LLVMFloatTypeKind ? (double)(float)v : v;
}

static plr_cn *cn_const_int(plr_plan *p, uint64_t v) {
    plr_cn *c = plr_alloc(p, sizeof *c);
    c->kind = PLR_CN_CONST;
    c->ki = wrap_int(p, v);
    return c;
}

static plr_cn *cn_const_fp(plr_plan *p, double v) {
    plr_cn *c = plr_alloc(p, sizeof *c);
    c->kind = PLR_CN_CONST;
    c->kf = round_fp(p, v);
    return c;
}

static plr_cn *cn_value(plr_plan *p, LLVMValueRef v) {
    if (LLVMIsAConstantInt(v))
        return cn_const_int(p, (uint64_t)LLVMConstIntGetSExtValue(v));
    if (LLVMIsAConstantFP(v)) {
        LLVMBool loses;
        return cn_const_fp(p, LLVMConstRealGetDouble(v, &loses));
    }
    plr_cn *c = plr_alloc(p, sizeof *c);
    c->kind = PLR_CN_VALUE;
    c->v = v;
    return c;
}

static plr_cn *cn_one(plr_plan *p) { return p->is_fp ? cn_const_fp(p, 1.0) : cn_const_int(p, 1); }

static plr_cn *cn_bin(plr_plan *p, int kind, plr_cn *l, plr_cn *r) {
    if (l->kind == PLR_CN_CONST && r->kind == PLR_CN_CONST) {
        if (p->is_fp)
            return cn_const_fp(p, kind == PLR_CN_ADD ? l->kf + r->kf : l->kf * r->kf);
        return cn_const_int(p, kind == PLR_CN_ADD ? l->ki + r->ki : l->ki * r->ki);
    }
    plr_cn *c = plr_alloc(p, sizeof *c);
    c->kind = kind;
    c->l = l;
    c->r = r;
    return c;
}

/* NULL is zero throughout. */
static plr_cn *cn_add(plr_plan *p, plr_cn *l, plr_cn *r) {
    if (!l)
        return r;
    if (!r)
        return l;
    return cn_bin(p, PLR_CN_ADD, l, r);
}

static int cn_is_one(const plr_plan *p, const plr_cn *c) {
    return c->kind == PLR_CN_CONST && (p->is_fp ? c->kf == 1.0 : c->ki == 1);
}

static plr_cn *cn_neg(plr_plan *p, plr_cn *l);

static plr_cn *cn_mul(plr_plan *p, plr_cn *l, plr_cn *r) {
    if (!l || !r)
        return NULL;
    if (cn_is_one(p, l))
        return r;
    if (cn_is_one(p, r))
        return l;
    /* x * -1 is exact in both integer and floating point */
    if (l->kind == PLR_CN_CONST && (p->is_fp ? l->kf == -1.0 : l->ki == UINT64_MAX))
        return cn_neg(p, r);
    if (r->kind == PLR_CN_CONST && (p->is_fp ? r->kf == -1.0 : r->ki == UINT64_MAX))
        return cn_neg(p, l);
    return cn_bin(p, PLR_CN_MUL, l, r);
}

static plr_cn *cn_neg(plr_plan *p, plr_cn *l) {
    if (!l)
        return NULL;
    if (l->kind == PLR_CN_CONST)
        return p->is_fp ? cn_const_fp(p, -l->kf) : cn_const_int(p, 0 - l->ki);
    if (l->kind == PLR_CN_NEG)
        return l->l;
    plr_cn *c = plr_alloc(p, sizeof *c);
    c->kind = PLR_CN_NEG;
    c->l = l;
    return c;
}

int plr_cn_is_const(const plr_cn *c) { return !c || c->kind == PLR_CN_CONST; }

int plr_cn_is_zero(const plr_cn *c) {
    /* -0.0 counts as zero too: the term is absent from the signature. */
    return !c || (c->kind == PLR_CN_CONST && c->ki == 0 && c->kf == 0.0);
}

static int cn_same(const plr_cn *a, const plr_cn *b) {
    if (a == b)
        return 1;
    if (!a || !b || a->kind != b->kind)
        return 0;
    switch (a->kind) {
    case PLR_CN_CONST:
        return a->ki == b->ki && a->kf == b->kf;
    case PLR_CN_VALUE:
    case PLR_CN_RELOAD:
        return a->v == b->v;
    case PLR_CN_NEG:
        return cn_same(a->l, b->l);
    default:
        return (cn_same(a->l, b->l) && cn_same(a->r, b->r)) || (cn_same(a->l, b->r) && cn_same(a->r, b->l));
    }
}

/* c / d where the quotient is exact as a coefficient tree: d a factor of
 * c, or both integer constants with d dividing c (so q*d == c in the
 * wrapping type too), or floating-point constants. NULL: not found. An
 * integer quotient must be exact, since the call computes q*(a0*x[i])
 * where the loop computed c*x[i]; for floats the loop's consent to
 * reassociate covers the one rounding of a constant quotient. */
static plr_cn *cn_div_exact(plr_plan *p, plr_cn *c, const plr_cn *d) {
    if (!c || !d || plr_cn_is_zero(d))
        return NULL;
    if (cn_same(c, d))
        return cn_one(p);
    if (d->kind == PLR_CN_CONST) {
        if (p->is_fp ? d->kf == 1.0 : d->ki == 1)
            return c;
        if (p->is_fp ? d->kf == -1.0 : d->ki == UINT64_MAX)
            return cn_neg(p, c);
        if (c->kind == PLR_CN_CONST) {
            if (p->is_fp)
                return cn_const_fp(p, c->kf / d->kf);
            int64_t cv = (int64_t)c->ki, dv = (int64_t)d->ki;
            return cv % dv == 0 ? cn_const_int(p, (uint64_t)(cv / dv)) : NULL;
        }
    }
    if (d->kind == PLR_CN_NEG) {
        plr_cn *q = cn_div_exact(p, c, d->l);
        return q ? cn_neg(p, q) : NULL;
    }
    plr_cn *q;
    switch (c->kind) {
    case PLR_CN_MUL:
        if ((q = cn_div_exact(p, c->l, d)))
            return cn_mul(p, q, c->r);
        return (q = cn_div_exact(p, c->r, d)) ? cn_mul(p, c->l, q) : NULL;
    case PLR_CN_NEG:
        return (q = cn_div_exact(p, c->l, d)) ? cn_neg(p, q) : NULL;
    case PLR_CN_ADD: {
        plr_cn *r = cn_div_exact(p, c->r, d);
        q = r ? cn_div_exact(p, c->l, d) : NULL;
        return q ? cn_add(p, q, r) : NULL;
    }
    default:
        return NULL;
    }
}

/* ---- linear forms ------------------------------------------------------------------ */

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

/* Does v depend on an earlier output (a y leaf), within this iteration? */
static int ydep(plr_plan *p, LLVMValueRef v, unsigned depth) {
    if (!LLVMIsAInstruction(v) || !plr_loop_contains(p->loop, v))
        return 0;
    if (depth > 64)
        return 1; /* give up conservatively */
    if (is_header_phi(p->loop, v)) {
        const plr_leaf *l = phi_leaf(p, v);
        return l->kind == PLR_LEAF_Y || l->kind == PLR_LEAF_BAD;
    }
    if (LLVMIsALoadInst(v)) {
        const plr_leaf *l = find_leaf(p, v);
        return l && l->kind == PLR_LEAF_Y;
    }
    int n = LLVMGetNumOperands(v);
    for (int i = 0; i < n; i++)
        if (ydep(p, LLVMGetOperand(v, i), depth + 1))
            return 1;
    return 0;
}

static plr_lin *lin_new(plr_plan *p) {
    plr_lin *l = plr_alloc(p, sizeof *l);
    l->xs = -1;
    return l;
}

static int lin_pure(const plr_lin *l) { return !l->has_x && !l->has_y; }

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
    plr_lin *r = lin_new(p);
    for (int m = 0; m < PLR_MAX_FIR; m++)
        r->a[m] = cn_add(p, a->a[m], negate_b ? cn_neg(p, b->a[m]) : b->a[m]);
    for (int j = 0; j <= PLR_MAX_ORDER; j++) /* b[0]: the state leaf of find_state_output */
        r->b[j] = cn_add(p, a->b[j], negate_b ? cn_neg(p, b->b[j]) : b->b[j]);
    r->c = cn_add(p, a->c, negate_b ? cn_neg(p, b->c) : b->c);
    r->has_x = a->has_x || b->has_x;
    r->has_y = a->has_y || b->has_y;
    r->xs = a->has_x ? a->xs : b->xs;
    return r;
}

static plr_lin *lin_scale(plr_plan *p, const plr_lin *a, plr_cn *k) {
    plr_lin *r = lin_new(p);
    for (int m = 0; m < PLR_MAX_FIR; m++)
        r->a[m] = cn_mul(p, a->a[m], k);
    for (int j = 0; j <= PLR_MAX_ORDER; j++)
        r->b[j] = cn_mul(p, a->b[j], k);
    r->c = cn_mul(p, a->c, k);
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
    if (a->has_y && b->has_y)
        return fail(w, PLR_R_NONLINEAR, at);
    if (a->has_y || b->has_y)
        return fail(w, PLR_R_TIME_VARYING, at);
    if (a->xs == PLR_XS_S1 || b->xs == PLR_XS_S1)
        return fail(w, PLR_R_NONLINEAR, at); /* a product of an earlier stage's states */
    return fail(w, PLR_R_INPUT, at); /* x[i]*x[i]: not a FIR of x */
}

static plr_lin *lin_of(walk *w, LLVMValueRef v);

static plr_lin *lin_leaf(walk *w, LLVMValueRef v, plr_leaf *l) {
    plr_plan *p = w->p;
    if (p->xsub && l->kind == PLR_LEAF_X && l->delay == 0 && l->stream == p->xsub->xs &&
        (w->multi || w->stage == 1)) {
        /* x[i] where stage 0 is the input: its coefficient is collected in
         * the otherwise unused b[0] and resolved by resolve_x once the
         * form is complete (only the total coefficient can be divided).
         * has_x keeps it from counting as a constant in a product. */
        plr_lin *r = lin_new(p);
        if (!w->multi || w->multi < 0 || w->multi == 1) {
            r->b[0] = cn_one(p);
            r->has_x = 1;
            r->xs = PLR_XS_S1;
        }
        return r;
    }
    if (w->multi) {
        if (l->kind != PLR_LEAF_Y && l->kind != PLR_LEAF_Y2)
            return fail(w, l->kind == PLR_LEAF_X ? PLR_R_INPUT : l->why ? l->why : PLR_R_STATE, v);
        int ls = l->kind == PLR_LEAF_Y ? 0 : l->stage;
        if (ls == p->cascade - 1)
            return fail(w, PLR_R_STATE, v); /* the output's own delay: feedback */
        plr_lin *r = lin_new(p);
        if (w->multi < 0 || ls == w->multi - 1) {
            if (l->delay >= PLR_MAX_FIR)
                return fail(w, PLR_R_ORDER, v);
            r->a[l->delay] = cn_one(p);
            r->has_x = 1;
            r->xs = PLR_XS_S1;
        }
        return r;
    }
    if (w->stage && (l->kind == PLR_LEAF_Y || l->kind == PLR_LEAF_Y2)) {
        int ls = l->kind == PLR_LEAF_Y ? 0 : l->stage;
        if (ls != w->stage && ls != w->stage - 1)
            return fail(w, PLR_R_STATE, v); /* not a cascade: reads another stage */
        plr_lin *r = lin_new(p);
        if (ls == w->stage - 1) {
            if (l->delay >= PLR_MAX_FIR)
                return fail(w, PLR_R_ORDER, v);
            r->a[l->delay] = cn_one(p);
            r->has_x = 1;
            r->xs = PLR_XS_S1;
        } else {
            r->b[l->delay] = cn_one(p);
            r->has_y = 1;
        }
        return r;
    }
    /* (x read by a later stage: the stage's form then has x terms, which
     * walk_stages rejects, or a coefficient b[i] that lin_mul rejects) */
    if (!w->stage && l->kind == PLR_LEAF_Y2)
        return fail(w, PLR_R_STATE, v); /* the first stage reads a later one */
    switch (l->kind) {
    case PLR_LEAF_X: {
        plr_lin *r = lin_new(p);
        r->a[l->delay] = cn_one(p);
        r->has_x = 1;
        r->xs = l->stream;
        return r;
    }
    case PLR_LEAF_Y: {
        plr_lin *r = lin_new(p);
        r->b[l->delay] = cn_one(p);
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

static plr_lin *lin_compute(walk *w, LLVMValueRef v) {
    plr_plan *p = w->p;
    if (LLVMTypeOf(v) != p->elem)
        return fail(w, PLR_R_TYPE, v);
    if (plr_loop_is_invariant(p->loop, v)) {
        plr_lin *r = lin_new(p);
        r->c = cn_value(p, v);
        return r;
    }
    if (LLVMIsALoadInst(v)) {
        plr_leaf *l = find_leaf(p, v);
        if (l && l->kind == PLR_LEAF_INV) {
            plr_lin *r = lin_new(p);
            r->c = plr_alloc(p, sizeof *r->c);
            r->c->kind = PLR_CN_RELOAD;
            r->c->v = v;
            return r;
        }
    }
    if (w->opaque && LLVMIsAInstruction(v) && !ydep(p, v, 0)) {
        plr_lin *r = lin_new(p);
        r->a[0] = cn_one(p); /* a placeholder: the map computes t itself */
        r->has_x = 1;
        r->xs = PLR_XS_T;
        return r;
    }
    if (!LLVMIsAInstruction(v))
        return fail(w, PLR_R_NONLINEAR, v);
    if (LLVMIsALoadInst(v)) {
        plr_leaf *l = find_leaf(p, v);
        return l ? lin_leaf(w, v, l) : fail(w, PLR_R_STRIDE, v);
    }
    if (LLVMIsAPHINode(v)) {
        if (!is_header_phi(p->loop, v))
            return fail(w, PLR_R_NONLINEAR, v); /* a value chosen by control flow */
        plr_leaf *l = phi_leaf(p, v);
        return lin_leaf(w, v, l);
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
        if (!(a = lin_of(w, LLVMGetOperand(v, 0))) || !(b = lin_of(w, LLVMGetOperand(v, 1))))
            return NULL;
        return lin_combine(w, v, a, b, op == LLVMSub || op == LLVMFSub);
    case LLVMMul:
    case LLVMFMul:
        if (op == LLVMFMul)
            check_fp_consent(w, v);
        if (!(a = lin_of(w, LLVMGetOperand(v, 0))) || !(b = lin_of(w, LLVMGetOperand(v, 1))))
            return NULL;
        return lin_mul(w, v, a, b);
    case LLVMShl: {
        LLVMValueRef amt = LLVMGetOperand(v, 1);
        if (!LLVMIsAConstantInt(amt))
            return fail(w, PLR_R_NONLINEAR, v);
        unsigned long long s = LLVMConstIntGetZExtValue(amt);
        if (s >= LLVMGetIntTypeWidth(p->elem))
            return fail(w, PLR_R_NONLINEAR, v);
        if (!(a = lin_of(w, LLVMGetOperand(v, 0))))
            return NULL;
        return lin_scale(p, a, cn_const_int(p, UINT64_C(1) << s));
    }
    case LLVMFNeg:
        check_fp_consent(w, v);
        if (!(a = lin_of(w, LLVMGetOperand(v, 0))))
            return NULL;
        return lin_scale(p, a, cn_const_fp(p, -1.0));
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
        plr_lin *c;
        if (!(a = lin_of(w, LLVMGetOperand(v, 0))) || !(b = lin_of(w, LLVMGetOperand(v, 1))) ||
            !(c = lin_of(w, LLVMGetOperand(v, 2))))
            return NULL;
        plr_lin *ab = lin_mul(w, v, a, b);
        return ab ? lin_combine(w, v, ab, c, 0) : NULL;
    }
    default:
        if (LLVMIsACastInst(v))
            return fail(w, PLR_R_TYPE, v);
        return fail(w, PLR_R_NONLINEAR, v);
    }
}

static plr_lin *lin_of(walk *w, LLVMValueRef v) {
    plr_plan *p = w->p;
    for (int t = 0; w->multi && t < p->cascade - 1; t++)
        if (v == p->stage_v[t]) {
            plr_lin *r = lin_new(p);
            if (w->multi < 0 || t == w->multi - 1) {
                r->a[0] = cn_one(p);
                r->has_x = 1;
                r->xs = PLR_XS_S1;
            }
            return r;
        }
    if (w->stage && v == p->stage_v[w->stage - 1]) {
        plr_lin *r = lin_new(p);
        r->a[0] = cn_one(p);
        r->has_x = 1;
        r->xs = PLR_XS_S1;
        return r;
    }
    if (w->s_leaf && v == p->value) {
        plr_lin *r = lin_new(p);
        r->b[0] = cn_one(p);
        r->has_y = 1;
        return r;
    }
    for (unsigned i = 0; i < p->nmemo; i++)
        if (p->memo_v[i] == v)
            return p->memo_l[i];
    if (++w->depth > 400)
        return fail(w, PLR_R_SIZE, v);
    plr_lin *r = lin_compute(w, v);
    w->depth--;
    if (!r)
        return NULL;
    if (p->nmemo == p->capmemo) {
        unsigned cap = p->capmemo ? 2 * p->capmemo : 64;
        LLVMValueRef *nv = realloc(p->memo_v, cap * sizeof *nv);
        plr_lin **nl = nv ? realloc(p->memo_l, cap * sizeof *nl) : NULL;
        if (!nl)
            abort();
        p->memo_v = nv;
        p->memo_l = nl;
        p->capmemo = cap;
    }
    p->memo_v[p->nmemo] = v;
    p->memo_l[p->nmemo++] = r;
    return r;
}

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

static void reset_analysis(plr_plan *p) {
    free(p->leaves);
    free(p->stream_ref);
    free(p->stream_first);
    free(p->stream_max);
    free(p->stream_step);
    p->leaves = NULL;
    p->stream_ref = p->stream_first = NULL;
    p->stream_max = p->stream_step = NULL;
    p->nleaves = p->capleaves = p->nstreams = p->nmemo = 0;
    p->fp_no_consent = 0;
}

/* Direct form II and the like: the stored value is a linear function of a
 * state S (the latch value of a header phi) and S's delays, and S is a
 * recurrence driven by alpha0*x[i] alone. Tried with each such phi. */
static int find_state_output(plr_plan *p) {
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
        reset_analysis(p);
        p->value = s;
        p->out = v;
        classify_loads(p);
        walk ws = {p, PLR_OK_CANDIDATE, NULL, 0, 0, 0, 0, 0};
        plr_lin *ls = lin_of(&ws, s);
        if (!ls || !ls->has_y || !ls->has_x || !plr_cn_is_zero(ls->c) || plr_cn_is_zero(ls->a[0]))
            continue;
        int fir = 0;
        for (int m = 1; m < PLR_MAX_FIR; m++)
            fir |= !plr_cn_is_zero(ls->a[m]);
        /* Integer histories divide by alpha0; only 1 divides exactly. */
        if (fir || (!p->is_fp && !(ls->a[0]->kind == PLR_CN_CONST && ls->a[0]->ki == 1)))
            continue;
        walk wv = {p, PLR_OK_CANDIDATE, NULL, 0, 1, 0, 0, 0};
        plr_lin *lv = lin_of(&wv, v);
        if (!lv || !plr_cn_is_zero(lv->c))
            continue;
        /* The output may add the current input (u = kp*e[i] + integ, a PI
         * controller): out = (alpha0*Gamma(z) + delta0*B(z)) / B(z) x. */
        int other_x = lv->has_x && lv->xs != ls->xs;
        for (int m = 1; m < PLR_MAX_FIR; m++)
            other_x |= !plr_cn_is_zero(lv->a[m]);
        if (other_x)
            continue;
        plr_cn *delta0 = lv->has_x ? lv->a[0] : NULL;
        if (delta0 && p->type == PLR_F32) {
            /* As one recurrence its coefficients alpha0*gamma0 + delta0 and
             * -delta0*beta round apart in float: a PI controller's kp + ki
             * next to -kp leaves ki off by float's rounding of kp, an error
             * that grows with n (1.8e-4 against 4.7e-7 at 10^5 steps). */
            p->cascade_why = PLR_R_FLOAT_COMBINED;
            p->cascade_at = v;
            continue;
        }
        plr_lin *l = lin_new(p);
        for (int q = 0; q < PLR_MAX_FIR && q <= PLR_MAX_ORDER; q++) {
            l->a[q] = cn_mul(p, lv->b[q], ls->a[0]);
            if (delta0 && q == 0)
                l->a[q] = cn_add(p, l->a[q], delta0);
            else if (delta0 && !plr_cn_is_zero(ls->b[q]))
                l->a[q] = cn_add(p, l->a[q], cn_neg(p, cn_mul(p, delta0, ls->b[q])));
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
        return 1;
    }
    reset_analysis(p);
    p->value = v;
    p->out = NULL;
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

static int lin_const_free(const plr_lin *l) { return plr_cn_is_zero(l->c); }

static int cpoly_deg(plr_cn *const *c, int cap);

/* A form over stage 0 with c*x[i] collected in b[0] (lin_leaf): a copy
 * with x[i] = (S0[i] - sum_j b_j S0[i-j]) / a0 substituted, exact in
 * integers (ring operations on c = q*a0). NULL if c is not a multiple of
 * a0 or the FIR over S0 grows past the runtime's limit. */
static plr_lin *resolve_x(plr_plan *p, const plr_lin *l) {
    if (!l || plr_cn_is_zero(l->b[0]))
        return (plr_lin *)l;
    plr_cn *q = cn_div_exact(p, l->b[0], p->xsub->a[0]);
    if (!q)
        return NULL;
    plr_lin *r = lin_new(p);
    *r = *l;
    r->b[0] = NULL;
    r->a[0] = cn_add(p, r->a[0], q);
    for (int j = 1; j <= PLR_MAX_ORDER; j++) {
        if (plr_cn_is_zero(p->xsub->b[j]))
            continue;
        if (j >= PLR_MAX_FIR)
            return NULL;
        r->a[j] = cn_add(p, r->a[j], cn_neg(p, cn_mul(p, q, p->xsub->b[j])));
    }
    r->has_x = 1;
    r->xs = PLR_XS_S1;
    return r;
}

/* Walk every stage of the cascade p->stage_v[0..n-1] (the leaves are
 * classified for exactly these stages). Returns 0 if each is a recurrence
 * over the one before it (stage 0 over x); 1 if only stage 0 is not (it reads
 * yet another state: look for that one); 2 otherwise. */
static int walk_stages(plr_plan *p, const LLVMValueRef *list, int n, int allow_tail, int skip_last) {
    reset_analysis(p);
    p->cascade = n;
    for (int s = 0; s < n; s++)
        p->stage_v[s] = list[s];
    p->value = list[0];
    p->out = list[n - 1];
    p->fir_tail = 0;
    p->xsub = NULL;
    classify_loads(p);
    if (n >= 2) {
        /* stage 0 first: whether a later x[i] can be rewritten over it */
        p->nmemo = 0;
        walk w0 = {p, PLR_OK_CANDIDATE, NULL, 0, 0, 0, 0, 0};
        plr_lin *l0 = lin_of(&w0, list[0]);
        if (l0 && l0->has_x && l0->has_y && l0->xs > 0 && lin_const_free(l0) && cpoly_deg(l0->a, PLR_MAX_FIR) == 0)
            p->xsub = l0;
        /* In float, S0[i] - sum_j b_j S0[i-j] loses the bits S0 has above
         * x: fine for a contracting stage 0 (|S0| within a fixed multiple
         * of |x|), not for an integrator whose sum outgrows x. */
        double mass = 0;
        for (int j = 1; p->xsub && p->is_fp && j <= PLR_MAX_ORDER; j++) {
            if (!plr_cn_is_const(l0->b[j]))
                p->xsub = NULL;
            else if (l0->b[j])
                mass += fabs(l0->b[j]->kf);
        }
        if (p->is_fp && mass >= 1)
            p->xsub = NULL;
    }
    for (int s = n - 1; s >= 0; s--) {
        if (skip_last && s == n - 1)
            continue;
        p->nmemo = 0; /* the same values mean other things to each stage */
        walk w = {p, PLR_OK_CANDIDATE, NULL, 0, 0, 0, s, 0};
        plr_lin *l = lin_of(&w, list[s]);
        /* only a stage that reads stage 0 itself is its successor; one
         * that reads x alone (an EMA beside a sum of x) is not */
        if (s == 1 && p->xsub && l && !plr_cn_is_zero(l->b[0]) && cpoly_deg(l->a, PLR_MAX_FIR) < 0)
            l = NULL;
        if (s == 1 && p->xsub)
            l = resolve_x(p, l);
        int tail = allow_tail && s == n - 1 && s > 0;
        if (!l && (w.why == PLR_R_NONLINEAR || w.why == PLR_R_TIME_VARYING) && !p->cascade_why) {
            /* the clearest reason a cascade is not one: not linear-time-invariant */
            p->cascade_why = w.why;
            p->cascade_at = w.at;
        }
        if (!l || !l->has_x || !lin_const_free(l) || (s == 0 && l->xs <= 0) || (s > 0 && l->xs != PLR_XS_S1) ||
            (!l->has_y && !tail))
            return s == 0 && n > 1 ? 1 : 2;
        if (!l->has_y) {
            /* no feedback: a FIR of the previous state, applied by a map */
            for (int j = 0; j <= PLR_MAX_ORDER; j++)
                if (!plr_cn_is_zero(l->b[j]))
                    return 2;
            p->fir_tail = 1;
        }
        p->stage_lin[s] = l;
    }
    p->lin = p->stage_lin[0];
    return 0;
}

/* The cascade ending in v, found backwards (see find_cascade): its stages
 * in out[0..n-1] (v last) and the walk's results left in p; 0 if none. */
static int chain_to(plr_plan *p, LLVMValueRef v, const LLVMValueRef *cand, int ncand, int allow_tail,
                    LLVMValueRef *out) {
    LLVMValueRef list[PLR_MAX_STAGES + 1];
    int n = 1;
    list[PLR_MAX_STAGES] = v; /* the chain grows downwards: list[PLR_MAX_STAGES - n + 1 ..] */
    while (n < PLR_MAX_STAGES) {
        LLVMValueRef next = NULL;
        for (int c = 0; c < ncand; c++) {
            LLVMValueRef *chain = &list[PLR_MAX_STAGES - n + 1];
            int in = 0;
            for (int k = 0; k < n; k++)
                in |= chain[k] == cand[c];
            if (in)
                continue;
            chain[-1] = cand[c];
            int r = walk_stages(p, chain - 1, n + 1, allow_tail, 0);
            if (r == 0) {
                memcpy(out, chain - 1, (size_t)(n + 1) * sizeof *out);
                return n + 1;
            }
            if (r == 1 && !next)
                next = cand[c];
        }
        if (!next)
            break;
        list[PLR_MAX_STAGES - n] = next;
        n++;
    }
    return 0;
}

/* Degree of a coefficient polynomial (-1: zero). */
static int cpoly_deg(plr_cn *const *c, int cap) {
    int d = -1;
    for (int i = 0; i < cap; i++)
        if (!plr_cn_is_zero(c[i]))
            d = i;
    return d;
}

#define PLR_CPOLY (PLR_MAX_FIR + PLR_MAX_ORDER + 1)

/* r = a * b (NULL coefficients are zero); 0 if the degree exceeds cap. */
static int cpoly_mul(plr_plan *p, plr_cn **r, plr_cn *const *a, plr_cn *const *b) {
    plr_cn *t[PLR_CPOLY] = {0};
    int da = cpoly_deg(a, PLR_CPOLY), db = cpoly_deg(b, PLR_CPOLY);
    if (da >= 0 && db >= 0) {
        if (da + db >= PLR_CPOLY)
            return 0;
        for (int i = 0; i <= da; i++)
            for (int k = 0; k <= db; k++)
                if (!plr_cn_is_zero(a[i]) && !plr_cn_is_zero(b[k]))
                    t[i + k] = cn_add(p, t[i + k], cn_mul(p, a[i], b[k]));
    }
    memcpy(r, t, sizeof t);
    return 1;
}

/* The stored value reads stages j..m of the cascade list[0..m] (DEMA
 * y = 2*e1 - e2, TEMA): fold stages j+1..m into it. With the output's FIR
 * G_s over stage s, stage r's numerator A_r and denominator B_r:
 *   y = N/D S_j,  D = prod_{r=j+1..m} B_r,
 *   N = sum_{s=j..m} G_s prod_{r=j+1..s} A_r prod_{r=s+1..m} B_r. */
static int try_fold(plr_plan *p, const LLVMValueRef *list, int n) {
    if (walk_stages(p, list, n, 0, 1) != 0)
        return 0;
    LLVMValueRef v = list[n - 1];
    int m = n - 2;
    p->nmemo = 0;
    walk wall = {p, PLR_OK_CANDIDATE, NULL, 0, 0, 0, 0, -1}; /* linear in all of them at all? */
    plr_lin *l = lin_of(&wall, v);
    if (!l || !l->has_x || l->has_y || !lin_const_free(l))
        return 0;
    int j = -1;
    for (int t = 0; t <= m; t++) {
        p->nmemo = 0;
        walk w = {p, PLR_OK_CANDIDATE, NULL, 0, 0, 0, 0, t + 1};
        plr_lin *g = lin_of(&w, v);
        if (t == 0 && p->xsub)
            g = resolve_x(p, g); /* x[i] counts as stage 0 */
        if (!g)
            return 0;
        p->fold_g[t] = g;
        if (j < 0 && cpoly_deg(g->a, PLR_MAX_FIR) >= 0)
            j = t;
    }
    p->nmemo = 0;
    if (j < 0 || j == m || cpoly_deg(p->fold_g[m]->a, PLR_MAX_FIR) < 0)
        return 0; /* reads only one stage: a cascade with a FIR tail */
    if (p->type == PLR_F32 && m - j > 1) {
        /* a float product of sections is ill-conditioned (docs/pass.md) */
        p->cascade_why = PLR_R_CONDITIONING;
        p->cascade_at = v;
        return 0;
    }
    plr_cn *N[PLR_CPOLY] = {0}, *D[PLR_CPOLY] = {0}, *A[PLR_MAX_STAGES][PLR_CPOLY], *B[PLR_MAX_STAGES][PLR_CPOLY];
    for (int r = j + 1; r <= m; r++) {
        memset(A[r], 0, sizeof A[r]);
        memset(B[r], 0, sizeof B[r]);
        for (int q = 0; q < PLR_MAX_FIR; q++)
            A[r][q] = p->stage_lin[r]->a[q];
        B[r][0] = cn_one(p);
        for (int k = 1; k <= PLR_MAX_ORDER; k++)
            B[r][k] = cn_neg(p, p->stage_lin[r]->b[k]);
    }
    D[0] = cn_one(p);
    for (int r = j + 1; r <= m; r++)
        if (!cpoly_mul(p, D, D, B[r]))
            return 0;
    for (int s = j; s <= m; s++) {
        plr_cn *t[PLR_CPOLY] = {0};
        for (int q = 0; q < PLR_MAX_FIR; q++)
            t[q] = p->fold_g[s]->a[q];
        for (int r = j + 1; r <= s; r++)
            if (!cpoly_mul(p, t, t, A[r]))
                return 0;
        for (int r = s + 1; r <= m; r++)
            if (!cpoly_mul(p, t, t, B[r]))
                return 0;
        for (int q = 0; q < PLR_CPOLY; q++)
            N[q] = cn_add(p, N[q], t[q]);
    }
    int dn = cpoly_deg(N, PLR_CPOLY), dd = cpoly_deg(D, PLR_CPOLY);
    if (dn < 0 || dd < 1 || dn >= PLR_MAX_FIR || dd > PLR_MAX_ORDER || dn + dd > 63)
        return 0;
    plr_lin *f = lin_new(p);
    for (int q = 0; q <= dn; q++)
        f->a[q] = N[q];
    for (int k = 1; k <= dd; k++)
        f->b[k] = cn_neg(p, D[k]);
    f->has_x = f->has_y = 1;
    f->xs = PLR_XS_S1;
    p->fold = 1;
    p->fold_j = j;
    p->fold_lin = f;
    p->stage_lin[n - 1] = f;
    p->fir_tail = 0;
    p->lin = p->stage_lin[0];
    return 1;
}

/* Which candidate states (their values or the header phis carrying them)
 * does v read within one iteration? Marks reads[], returns how many. */
static int states_read(plr_plan *p, LLVMValueRef v, const LLVMValueRef *cand, int ncand, int *reads,
                       LLVMValueRef *seen, unsigned *nseen, unsigned cap) {
    if (!LLVMIsAInstruction(v) || !plr_loop_contains(p->loop, v) || *nseen == cap)
        return 0;
    for (unsigned i = 0; i < *nseen; i++)
        if (seen[i] == v)
            return 0;
    seen[(*nseen)++] = v;
    int n = 0;
    for (int c = 0; c < ncand; c++)
        if (cand[c] == v) {
            n += !reads[c];
            reads[c] = 1;
            return n;
        }
    if (is_header_phi(p->loop, v)) {
        LLVMValueRef next = plr_incoming_from(v, plr_loop_latch(p->loop));
        return next ? states_read(p, next, cand, ncand, reads, seen, nseen, cap) : 0;
    }
    int nops = LLVMGetNumOperands(v);
    for (int i = 0; i < nops; i++)
        n += states_read(p, LLVMGetOperand(v, i), cand, ncand, reads, seen, nseen, cap);
    return n;
}

/* A cascade in one loop (two biquads, an EMA of an EMA, integrators
 * u += x[i]; v += u; w += v): the stored V is a recurrence over a state S
 * (the latch value of a header phi, never stored) and its delays, S over
 * another, ..., the first over x. Found from V backwards: a state S is V's
 * input if V walks with S as its input; if S in turn does not walk over x,
 * S's own input is looked for the same way. With allow_tail, V may also be a
 * FIR of its input without feedback (direct form II with its state kept). */
static int find_cascade(plr_plan *p, int allow_tail) {
    LLVMValueRef v = p->value;
    if (!LLVMIsAInstruction(v) || !plr_loop_contains(p->loop, v) || LLVMIsAPHINode(v) || LLVMIsALoadInst(v))
        return 0;
    LLVMBasicBlockRef header = plr_loop_header(p->loop), latch = plr_loop_latch(p->loop);
    LLVMValueRef cand[64] = {0};
    int ncand = 0;
    for (LLVMValueRef phi = LLVMGetFirstInstruction(header); phi && LLVMIsAPHINode(phi) && ncand < 64;
         phi = LLVMGetNextInstruction(phi)) {
        if (LLVMTypeOf(phi) != p->elem || LLVMCountIncoming(phi) != 2)
            continue;
        LLVMValueRef s = plr_incoming_from(phi, latch);
        plr_scev *st;
        int64_t step;
        if (!s || s == v || !LLVMIsAInstruction(s) || !plr_loop_contains(p->loop, s) || LLVMIsAPHINode(s) ||
            LLVMIsALoadInst(s) || plr_scev_affine(p->ctx, p->loop, phi, &st, &step))
            continue;
        int dup = 0;
        for (int c = 0; c < ncand; c++)
            dup |= cand[c] == s;
        if (!dup)
            cand[ncand++] = s;
    }
    LLVMValueRef chain[PLR_MAX_STAGES + 1];
    if (chain_to(p, v, cand, ncand, allow_tail, chain))
        return 1;
    /* The output reads several stages (DEMA): a chain ending at one of them.
     * Only states the output reads are tried, and only if it reads two. */
    int reads[64] = {0}, nreads = 0;
    if (allow_tail) {
        LLVMValueRef seen[256];
        unsigned nseen = 0;
        nreads = states_read(p, v, cand, ncand, reads, seen, &nseen, 256);
    }
    for (int c = 0; nreads >= 2 && c < ncand; c++) {
        if (!reads[c])
            continue;
        int n = chain_to(p, cand[c], cand, ncand, 0, chain);
        if (n >= 2 && n < PLR_MAX_STAGES) {
            chain[n] = v;
            if (try_fold(p, chain, n + 1))
                return 1;
        }
    }
    reset_analysis(p);
    p->value = v;
    p->out = NULL;
    p->cascade = 0;
    p->fir_tail = 0;
    p->fold = 0;
    p->xsub = NULL;
    p->lin = NULL;
    return 0;
}

plr_reason plr_recognize(plr_plan *p) {
    find_output_map(p);
    if (!p->out && find_state_output(p))
        return PLR_OK_CANDIDATE;
    if (!p->out && find_cascade(p, 1))
        return PLR_OK_CANDIDATE;
    classify_loads(p);
    walk w = {p, PLR_OK_CANDIDATE, NULL, 0, 0, 0, 0, 0};
    p->lin = lin_of(&w, p->value);
    if (!p->lin) {
        p->why_at = w.at;
        if (w.why == PLR_R_STATE && p->cascade_why) {
            /* coupled states that would be a cascade but for this */
            p->why_at = p->cascade_at;
            return p->cascade_why;
        }
        return w.why ? w.why : PLR_R_NONLINEAR;
    }
    return PLR_OK_CANDIDATE;
}

plr_reason plr_recognize_materialized(plr_plan *p) {
    reset_analysis(p);
    free(p->chain);
    p->chain = NULL;
    p->nchain = 0;
    p->value = LLVMGetOperand(p->store, 0);
    p->out = NULL;
    p->state_out = 0;
    p->cascade = 0;
    p->fir_tail = 0;
    p->lin = NULL;
    p->tmap = 1;
    /* An output map survives materialization: the clone stores the state's
     * input term, the runtime the state, the map g(state) (a rolling sum
     * over a run-time window, divided by it). */
    find_output_map(p);
    classify_loads(p);
    walk w = {p, PLR_OK_CANDIDATE, NULL, 0, 0, 1, 0, 0};
    plr_lin *l = lin_of(&w, p->value);
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
            const plr_leaf *lf = find_leaf(p, i);
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
    l->a[0] = cn_one(p);
    l->has_x = 1;
    l->xs = PLR_XS_T;
    p->lin = l;
    return PLR_OK_CANDIDATE;
}

plr_reason plr_recognize_cascade(plr_plan *p) {
    reset_analysis(p);
    free(p->chain);
    p->chain = NULL;
    p->nchain = 0;
    free(p->liveouts);
    p->liveouts = NULL;
    p->nliveouts = 0;
    p->nrl = 0;
    p->value = LLVMGetOperand(p->store, 0);
    p->out = NULL;
    p->state_out = 0;
    p->state_lin = p->out_lin = NULL;
    p->out_x0 = NULL;
    p->lin = NULL;
    p->sig_text[0] = '\0';
    if (!find_cascade(p, 1))
        return PLR_R_LIVE_OUT;
    return PLR_OK_CANDIDATE;
}

plr_lin *plr_lin_of_value(plr_plan *p, LLVMValueRef v) {
    if (p->out || p->tmap || p->cascade || p->state_out)
        return NULL;
    walk w = {p, PLR_OK_CANDIDATE, NULL, 0, 0, 0, 0, 0};
    plr_lin *l = lin_of(&w, v);
    if (!l || (l->has_x && l->xs != p->lin->xs))
        return NULL;
    return l;
}

/* Leaf lookups for the later stages. */
const plr_leaf *plr_leaf_of(plr_plan *p, LLVMValueRef v) {
    if (is_header_phi(p->loop, v))
        return phi_leaf(p, v);
    return find_leaf(p, v);
}

/* ---- recurrences carried by the outer loop (lanes) --------------------------
 * y[i][j] = a*y[i-1][j] + x[i][j] with j the inner loop: the inner loop walks
 * independent lanes, the outer loop carries the recurrence. Addresses are
 * {{A,+,P}<outer>,+,s}<inner>; a delay is a whole number of outer steps P
 * between the As of two accesses with the same P and s. */

/* The address of access v as {{A,+,P}<outer>,+,s}<inner>. */
static int lanes_address(plr_ctx *ctx, plr_loop *inner, plr_loop *outer, LLVMValueRef ptr, plr_scev **a,
                         plr_scev **pitch, plr_scev **s) {
    plr_scev *addr = plr_scev_of(ctx, ptr), *start;
    return addr && plr_scev_recurrence(ctx, inner, addr, &start, s) && plr_scev_recurrence(ctx, outer, start, a, pitch);
}

/* d with a == base + d*pitch, |d| <= bound; 0 and *ok = 0 if none. */
static int same_address(plr_ctx *ctx, plr_scev *a, plr_scev *b) {
    int64_t diff;
    return a == b || (plr_scev_const_diff(ctx, a, b, &diff) && diff == 0);
}

static int steps_between(plr_ctx *ctx, plr_scev *a, plr_scev *base, plr_scev *pitch, int bound, int *ok) {
    for (int d = 0; d <= bound; d++) {
        if (same_address(ctx, plr_scev_offset(ctx, base, pitch, -d), a))
            return *ok = 1, -d;
        if (d && same_address(ctx, plr_scev_offset(ctx, base, pitch, d), a))
            return *ok = 1, d;
    }
    *ok = 0;
    return 0;
}

int plr_is_lanes_candidate(plr_ctx *ctx, plr_loop *loop, LLVMValueRef *store) {
    plr_loop *outer = plr_loop_parent(loop);
    if (!outer)
        return 0;
    unsigned nb = plr_loop_block_count(loop);
    LLVMValueRef st = NULL;
    for (unsigned b = 0; b < nb; b++)
        for (LLVMValueRef i = LLVMGetFirstInstruction(plr_loop_block(loop, b)); i; i = LLVMGetNextInstruction(i))
            if (LLVMIsAStoreInst(i)) {
                if (st)
                    return 0;
                st = i;
            }
    plr_scev *ya, *yp, *ys;
    if (!st || !lanes_address(ctx, loop, outer, LLVMGetOperand(st, 1), &ya, &yp, &ys))
        return 0;
    for (unsigned b = 0; b < nb; b++)
        for (LLVMValueRef i = LLVMGetFirstInstruction(plr_loop_block(loop, b)); i; i = LLVMGetNextInstruction(i)) {
            plr_scev *a, *pitch, *s;
            int ok;
            if (LLVMIsALoadInst(i) && lanes_address(ctx, loop, outer, LLVMGetOperand(i, 0), &a, &pitch, &s) &&
                pitch == yp && s == ys && steps_between(ctx, a, ya, yp, PLR_MAX_ORDER, &ok) < 0 && ok) {
                *store = st;
                return 1;
            }
        }
    return 0;
}

plr_reason plr_recognize_lanes(plr_plan *p) {
    plr_loop *loop = p->loop, *outer = plr_loop_parent(loop);
    plr_scev *ya, *yp, *ys;
    p->why_at = p->store;
    if (!lanes_address(p->ctx, loop, outer, LLVMGetOperand(p->store, 1), &ya, &yp, &ys))
        return PLR_R_STRIDE;
    /* No state carried from lane to lane: the inner loop's only phis are
     * inductions. */
    for (LLVMValueRef i = LLVMGetFirstInstruction(plr_loop_header(loop)); i && LLVMIsAPHINode(i);
         i = LLVMGetNextInstruction(i)) {
        plr_scev *s;
        int64_t st;
        if (!plr_scev_affine(p->ctx, loop, i, &s, &st)) {
            p->why_at = i;
            return PLR_R_STATE;
        }
    }
    unsigned nb = plr_loop_block_count(loop), count = 1;
    for (unsigned b = 0; b < nb; b++)
        for (LLVMValueRef i = LLVMGetFirstInstruction(plr_loop_block(loop, b)); i; i = LLVMGetNextInstruction(i))
            count += LLVMIsALoadInst(i) || LLVMIsAPHINode(i);
    p->leaves = calloc(count, sizeof *p->leaves);
    if (!p->leaves)
        abort();
    p->capleaves = count;
    add_stream(p, ya, 0);
    plr_scev **pitch_of = calloc(count + 1, sizeof *pitch_of), **lane_of = calloc(count + 1, sizeof *lane_of);
    if (!pitch_of || !lane_of)
        abort();
    pitch_of[0] = yp, lane_of[0] = ys;
    for (unsigned b = 0; b < nb; b++) {
        for (LLVMValueRef i = LLVMGetFirstInstruction(plr_loop_block(loop, b)); i; i = LLVMGetNextInstruction(i)) {
            if (!LLVMIsALoadInst(i))
                continue;
            plr_leaf *l = new_leaf(p, i);
            l->from_memory = 1;
            plr_scev *a, *pitch, *s;
            int ok = 0, off = 0;
            if (LLVMTypeOf(i) != p->elem) {
                bad(l, PLR_R_TYPE);
                continue;
            }
            if (plr_inst_is_atomic_or_volatile(i)) {
                bad(l, PLR_R_VOLATILE);
                continue;
            }
            if (plr_loop_is_invariant(loop, LLVMGetOperand(i, 0))) {
                l->kind = PLR_LEAF_INV;
                continue;
            }
            if (!lanes_address(p->ctx, loop, outer, LLVMGetOperand(i, 0), &a, &pitch, &s)) {
                bad(l, PLR_R_STRIDE);
                continue;
            }
            unsigned k;
            for (k = 0; k < p->nstreams; k++) {
                if (pitch_of[k] != pitch || lane_of[k] != s)
                    continue;
                off = steps_between(p->ctx, a, p->stream_first[k], pitch, k ? PLR_MAX_FIR : PLR_MAX_ORDER, &ok);
                if (ok)
                    break;
            }
            if (k == p->nstreams) {
                /* y's array elsewhere than a whole number of rows away: a
                 * neighbouring lane, which the lanes are independent of */
                int neighbour = 0;
                for (int d = 0; d <= PLR_MAX_ORDER && !neighbour && pitch == yp; d++) {
                    int64_t dd;
                    neighbour = plr_scev_const_diff(p->ctx, a, plr_scev_offset(p->ctx, ya, yp, -d), &dd);
                }
                if (neighbour) {
                    p->why_at = i;
                    bad(l, PLR_R_STRIDE);
                    continue;
                }
                k = add_stream(p, a, 0);
                pitch_of[k] = pitch, lane_of[k] = s;
                off = 0;
            }
            l->kind = PLR_LEAF_X;
            l->stream = (int)k;
            l->delay = off;
            if (k > 0 && off > p->stream_max[k]) {
                p->stream_max[k] = off;
                p->stream_ref[k] = a;
            }
        }
    }
    for (unsigned i = 0; i < p->nleaves; i++) {
        plr_leaf *l = &p->leaves[i];
        if (l->kind != PLR_LEAF_X)
            continue;
        if (l->stream == 0) {
            if (l->delay > 0)
                bad(l, PLR_R_READ_AHEAD);
            else if (l->delay < 0)
                l->kind = PLR_LEAF_Y, l->delay = -l->delay;
        } else {
            l->delay = (int)(p->stream_max[l->stream] - l->delay);
            if (l->delay >= PLR_MAX_FIR)
                bad(l, PLR_R_ORDER);
        }
    }
    walk w = {p, PLR_OK_CANDIDATE, NULL, 0, 0, 0, 0, 0};
    p->lin = lin_of(&w, p->value);
    plr_reason r = PLR_OK_CANDIDATE;
    if (!p->lin) {
        p->why_at = w.at;
        r = w.why ? w.why : PLR_R_NONLINEAR;
    } else if (p->lin->xs > 0 && (pitch_of[p->lin->xs] != yp)) {
        p->why_at = p->store; /* x rows a different distance apart than y's */
        r = PLR_R_STRIDE;
    } else {
        /* The sequence is the outer loop's: its stride is the row pitch. */
        p->lanes_pitch = yp;
        p->lanes_y_lane = ys;
        p->lanes_x_lane = p->lin->xs > 0 ? lane_of[p->lin->xs] : ys;
    }
    free(pitch_of);
    free(lane_of);
    return r;
}
