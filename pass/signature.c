/*
 * signature.c - from the linear form of the stored value to a plr_signature:
 * order k, FIR length p+1, which array is x, and the signature as text
 * "(a0, ..., ap: b1, ..., bk)" for remarks.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plr_pass.h"
#include "shape.h"

typedef plr_text buf;
#define put plr_put

/* Shortest decimal that reads back as the same float or double. */
static void put_fp(buf *b, double v, int is_float) {
    char tmp[40];
    for (int prec = 1; prec <= 17; prec++) {
        snprintf(tmp, sizeof tmp, "%.*g", prec, v);
        double back = strtod(tmp, NULL);
        if (is_float ? (float)back == (float)v : back == v)
            break;
    }
    put(b, "%s", tmp);
}

static int cn_negative_const(const plr_plan *p, const plr_cn *c) {
    return c && c->kind == PLR_CN_CONST && (p->is_fp ? c->kf < 0 : (int64_t)c->ki < 0);
}

/* A coefficient as the source would write it: "1 - alpha", not
 * "(-alpha + 1)". prec: binding strength of the context (see spell.c). */
static void put_cn(buf *b, const plr_plan *p, const plr_cn *c, int prec) {
    if (!c) {
        put(b, "0");
        return;
    }
    switch (c->kind) {
    case PLR_CN_CONST:
        if (cn_negative_const(p, c) && prec >= 3)
            put(b, "(");
        if (p->is_fp)
            put_fp(b, c->kf, p->type == PLR_F32);
        else
            put(b, "%lld", (long long)(int64_t)c->ki);
        if (cn_negative_const(p, c) && prec >= 3)
            put(b, ")");
        break;
    case PLR_CN_VALUE:
        plr_spell(b, p->ctx, c->v, prec);
        break;
    case PLR_CN_ADD: {
        /* a + -b is a - b; -a + b is b - a (exact in floating point too) */
        const plr_cn *l = c->l, *r = c->r;
        if (l && l->kind == PLR_CN_NEG && !(r && r->kind == PLR_CN_NEG)) {
            const plr_cn *tmp = l;
            l = r;
            r = tmp;
        }
        if (prec > 1)
            put(b, "(");
        put_cn(b, p, l, 1);
        if (r && r->kind == PLR_CN_NEG) {
            put(b, " - ");
            put_cn(b, p, r->l, 2);
        } else if (cn_negative_const(p, r)) {
            plr_cn pos = *r;
            pos.kf = -r->kf;
            pos.ki = 0 - r->ki;
            put(b, " - ");
            put_cn(b, p, &pos, 2);
        } else {
            put(b, " + ");
            put_cn(b, p, r, 2);
        }
        if (prec > 1)
            put(b, ")");
        break;
    }
    case PLR_CN_MUL: {
        /* the sign in front: 2*-a is -2*a */
        const plr_cn *l = c->l, *r = c->r;
        int neg = 0;
        if (l && l->kind == PLR_CN_NEG)
            l = l->l, neg ^= 1;
        if (r && r->kind == PLR_CN_NEG)
            r = r->l, neg ^= 1;
        int mine = neg ? 3 : 2;
        if (prec > mine)
            put(b, "(");
        put(b, neg ? "-" : "");
        put_cn(b, p, l, 2);
        put(b, "*");
        put_cn(b, p, r, 3);
        if (prec > mine)
            put(b, ")");
        break;
    }
    case PLR_CN_NEG:
        if (prec > 3)
            put(b, "(");
        put(b, "-");
        put_cn(b, p, c->l, 3);
        if (prec > 3)
            put(b, ")");
        break;
    case PLR_CN_RELOAD:
        plr_spell_load(b, p->ctx, c->v);
        break;
    }
}

void plr_spell_lin(plr_text *t, const plr_plan *p, const plr_lin *l, unsigned fir_len, unsigned order) {
    for (unsigned m = 0; m < fir_len; m++) {
        put(t, m ? ", " : "");
        put_cn(t, p, l->a[m], 0);
    }
    put(t, ":");
    for (unsigned j = 1; j <= order; j++) {
        put(t, j > 1 ? ", " : " ");
        put_cn(t, p, l->b[j], 0);
    }
}

plr_reason plr_build_signature(plr_plan *p) {
    plr_lin *l = p->lin;
    if (!plr_cn_is_zero(l->c))
        return PLR_R_INPUT; /* an additive term of invariants: not x[i] */
    unsigned k = 0, f = 0;
    for (unsigned j = 1; j <= PLR_MAX_ORDER; j++)
        if (!plr_cn_is_zero(l->b[j]))
            k = j;
    for (unsigned m = 0; m < PLR_MAX_FIR; m++)
        if (!plr_cn_is_zero(l->a[m]))
            f = m + 1;
    if (k == 0)
        return PLR_R_NOT_RECURRENCE;
    if (f == 0)
        return PLR_R_NO_INPUT;
    p->order = k;
    p->fir_len = f;
    int materialized = plr_kind_is_materialized(p->found.kind);
    if (materialized) {
        p->access.in_place = 1; /* t is materialized in y itself */
        p->access.x_start = p->access.y_start;
        /* (or in the state's buffer, when the state is wider than y) */
        p->access.x_step = plr_state_step(p);
        p->access.x_mem_history = 0;
    } else if (l->xs == 0) {
        p->access.in_place = 1;
        p->access.x_start = p->access.y_start;
        p->access.x_step = p->access.step;
    } else {
        p->access.x_start = p->access.stream_ref[l->xs];
        p->access.x_step = p->access.stream_step[l->xs];
    }
    /* x's storage: the elements of its stream as held in memory and how
     * the recurrence widens them (one way for all of them) */
    p->storage.x_held = NULL;
    p->storage.x_ext = 0;
    p->storage.x_store = p->storage.narrow;
    p->storage.x_size = plr_held_size(p->elem); /* x read as the recurrence's values (i16 ones of a narrow loop) */
    if (materialized || l->xs == 0) {
        p->storage.x_store = p->storage.y_store; /* x is y (in place, or the term materialized in y) */
        p->storage.x_size = materialized ? p->storage.state_size : p->size; /* (the state's, where it is stored) */
    } else {
        int seen = 0;
        for (unsigned i = 0; i < p->walk.nleaves; i++) {
            const plr_leaf *lf = &p->walk.leaves[i];
            if (lf->kind != PLR_LEAF_X || lf->stream != l->xs || (lf->held && !lf->ext))
                continue; /* (a load held narrower that no walk widened: not read by the recurrence) */
            if (seen && (lf->held != p->storage.x_held || lf->ext != p->storage.x_ext)) {
                p->why_at = lf->v; /* one array read two ways */
                return PLR_R_TYPE;
            }
            seen = 1;
            p->storage.x_held = lf->held;
            p->storage.x_ext = lf->ext;
        }
        if (p->storage.x_held) {
            p->storage.x_store = plr_held_store(p->storage.x_held, p->storage.x_ext);
            p->storage.x_size = plr_held_size(p->storage.x_held);
        }
    }
    if (!materialized)
        p->access.x_mem_history = 0;
    /* An integer state stored truncated, its input term materialized: the
     * clone stores each term truncated as the loop stores the state, which
     * is the term modulo 2^w, all the call's ring arithmetic needs for the
     * outputs; the state after the loop is then right only modulo 2^w, as
     * for a state read through reductions (plr_check_liveouts). */
    if (materialized && p->storage.y_trunc && !p->is_fp)
        p->storage.reduced = 1;
    for (unsigned i = 0; i < p->walk.nleaves && !materialized; i++) {
        const plr_leaf *lf = &p->walk.leaves[i];
        if (lf->kind == PLR_LEAF_X && lf->stream == l->xs && lf->from_memory && lf->delay > p->access.x_mem_history)
            p->access.x_mem_history = lf->delay;
    }

    buf b = {p->sig_text, 0, sizeof p->sig_text};
    put(&b, "(");
    plr_spell_lin(&b, p, l, f, k);
    put(&b, ")");
    p->stages.order[0] = k;
    p->stages.fir[0] = f;
    for (int s = 1; s < p->stages.n; s++) {
        const plr_lin *l2 = p->stages.lin[s];
        unsigned k2 = 0, f2 = 0;
        for (unsigned j = 1; j <= PLR_MAX_ORDER; j++)
            if (!plr_cn_is_zero(l2->b[j]))
                k2 = j;
        for (unsigned m = 0; m < PLR_MAX_FIR; m++)
            if (!plr_cn_is_zero(l2->a[m]))
                f2 = m + 1;
        /* only the last stage may lack feedback (a FIR map) */
        if (f2 == 0 || (k2 == 0 && !(plr_kind_has_fir_tail(p->found.kind) && s == p->stages.n - 1)))
            return PLR_R_STATE;
        p->stages.order[s] = k2;
        p->stages.fir[s] = f2;
        put(&b, " then (");
        plr_spell_lin(&b, p, l2, f2, k2);
        put(&b, ")");
    }
    if (p->found.kind == PLR_SHAPE_FOLDED)
        put(&b, " (the last: the output over stage %u)", p->found.fold_over);
    return PLR_OK_CANDIDATE;
}

/* Largest prologue (outputs computed before the call, times the terms each
 * needs) worth emitting straight-line; beyond it the stages are called one
 * by one. */
#define PLR_MAX_PROLOGUE_TERMS 4096

void plr_plan_composition(plr_plan *p) {
    if (!plr_shape_is_cascade(p->shape) || p->is_fp || p->shape->kind == PLR_SHAPE_FOLDED)
        return; /* float: a product of sections is ill-conditioned (docs/pass.md) */
    if (!plr_unit_stride(p))
        return; /* its prologue reads x's history in place as one array: stage calls */
    for (unsigned i = 0; i < p->nliveouts; i++)
        if (p->liveouts[i].kind == PLR_LO_Y2 && p->liveouts[i].stage != p->stages.n - 1)
            return; /* an intermediate state is needed after the loop */
    unsigned k = 0, f = 1, terms = 0;
    for (int s = 0; s < p->stages.n; s++) {
        k += p->stages.order[s];
        f += p->stages.fir[s] - 1;
        terms += p->stages.order[s] + p->stages.fir[s];
    }
    /* the prologue's k + f - 1 outputs must leave at least one for the call
     * (n >= 64 always) */
    if (k == 0 || k > PLR_MAX_ORDER || f > PLR_MAX_FIR || k + f - 1 > 63 || (k + f - 1) * terms > PLR_MAX_PROLOGUE_TERMS)
        return;
    plr_shape_composed(p);
    p->stages.ck = k;
    p->stages.cf = f;
    /* With constant coefficients, the composed signature for the remark. */
    buf b = {p->sig_text, strlen(p->sig_text), sizeof p->sig_text};
    size_t at = b.len;
    put(&b, " = (");
    if (plr_spell_composed(&b, p))
        put(&b, ")");
    else
        p->sig_text[at] = '\0';
}

int plr_spell_composed(plr_text *t, const plr_plan *p) {
    for (int s = 0; s < p->stages.n; s++) {
        for (unsigned m = 0; m < p->stages.fir[s]; m++)
            if (!plr_cn_is_const(p->stages.lin[s]->a[m]))
                return 0;
        for (unsigned j = 1; j <= p->stages.order[s]; j++)
            if (!plr_cn_is_const(p->stages.lin[s]->b[j]))
                return 0;
    }
    uint64_t A[PLR_MAX_FIR] = {1}, B[PLR_MAX_ORDER + 1] = {1};
    unsigned da = 0, db = 0;
    for (int s = 0; s < p->stages.n; s++) {
        uint64_t nA[PLR_MAX_FIR] = {0}, nB[PLR_MAX_ORDER + 1] = {0};
        const plr_lin *l = p->stages.lin[s];
        for (unsigned i = 0; i <= da; i++)
            for (unsigned m = 0; m < p->stages.fir[s]; m++)
                nA[i + m] += A[i] * (l->a[m] ? l->a[m]->ki : 0);
        for (unsigned i = 0; i <= db; i++) {
            nB[i] += B[i];
            for (unsigned j = 1; j <= p->stages.order[s]; j++)
                nB[i + j] -= B[i] * (l->b[j] ? l->b[j]->ki : 0);
        }
        da += p->stages.fir[s] - 1;
        db += p->stages.order[s];
        memcpy(A, nA, sizeof A);
        memcpy(B, nB, sizeof B);
    }
    unsigned w = LLVMGetIntTypeWidth(p->elem);
    for (unsigned m = 0; m < p->stages.cf; m++) {
        int64_t v = w == 32 ? (int64_t)(int32_t)(uint32_t)A[m] : (int64_t)A[m];
        put(t, "%s%lld", m ? ", " : "", (long long)v);
    }
    put(t, ":");
    for (unsigned j = 1; j <= p->stages.ck; j++) {
        uint64_t nb = 0 - B[j];
        int64_t v = w == 32 ? (int64_t)(int32_t)(uint32_t)nb : (int64_t)nb;
        put(t, "%s%lld", j > 1 ? ", " : " ", (long long)v);
    }
    return 1;
}
