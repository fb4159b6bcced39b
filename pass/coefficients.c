/*
 * coefficients.c - coefficient trees (plr_cn): constants folded in the
 * element type, loop-invariant values, sums, products and negations, and
 * the exact division the cascade rewrites need.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "recognize.h"

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

plr_cn *plr_cn_const_int(plr_plan *p, uint64_t v) {
    plr_cn *c = plr_alloc(p, sizeof *c);
    c->kind = PLR_CN_CONST;
    c->ki = wrap_int(p, v);
    return c;
}

plr_cn *plr_cn_const_fp(plr_plan *p, double v) {
    plr_cn *c = plr_alloc(p, sizeof *c);
    c->kind = PLR_CN_CONST;
    c->kf = round_fp(p, v);
    return c;
}

plr_cn *plr_cn_value(plr_plan *p, LLVMValueRef v) {
    if (LLVMIsAConstantInt(v))
        return plr_cn_const_int(p, (uint64_t)LLVMConstIntGetSExtValue(v));
    if (LLVMIsAConstantFP(v)) {
        LLVMBool loses;
        return plr_cn_const_fp(p, LLVMConstRealGetDouble(v, &loses));
    }
    plr_cn *c = plr_alloc(p, sizeof *c);
    c->kind = PLR_CN_VALUE;
    c->v = v;
    return c;
}

plr_cn *plr_cn_one(plr_plan *p) { return p->is_fp ? plr_cn_const_fp(p, 1.0) : plr_cn_const_int(p, 1); }

static plr_cn *cn_bin(plr_plan *p, int kind, plr_cn *l, plr_cn *r) {
    if (l->kind == PLR_CN_CONST && r->kind == PLR_CN_CONST) {
        if (p->is_fp)
            return plr_cn_const_fp(p, kind == PLR_CN_ADD ? l->kf + r->kf : l->kf * r->kf);
        return plr_cn_const_int(p, kind == PLR_CN_ADD ? l->ki + r->ki : l->ki * r->ki);
    }
    plr_cn *c = plr_alloc(p, sizeof *c);
    c->kind = kind;
    c->l = l;
    c->r = r;
    return c;
}

/* NULL is zero throughout. */
plr_cn *plr_cn_add(plr_plan *p, plr_cn *l, plr_cn *r) {
    if (!l)
        return r;
    if (!r)
        return l;
    return cn_bin(p, PLR_CN_ADD, l, r);
}

static int cn_is_one(const plr_plan *p, const plr_cn *c) {
    return c->kind == PLR_CN_CONST && (p->is_fp ? c->kf == 1.0 : c->ki == 1);
}

plr_cn *plr_cn_mul(plr_plan *p, plr_cn *l, plr_cn *r) {
    if (!l || !r)
        return NULL;
    if (cn_is_one(p, l))
        return r;
    if (cn_is_one(p, r))
        return l;
    /* x * -1 is exact in both integer and floating point */
    if (l->kind == PLR_CN_CONST && (p->is_fp ? l->kf == -1.0 : l->ki == UINT64_MAX))
        return plr_cn_neg(p, r);
    if (r->kind == PLR_CN_CONST && (p->is_fp ? r->kf == -1.0 : r->ki == UINT64_MAX))
        return plr_cn_neg(p, l);
    return cn_bin(p, PLR_CN_MUL, l, r);
}

plr_cn *plr_cn_neg(plr_plan *p, plr_cn *l) {
    if (!l)
        return NULL;
    if (l->kind == PLR_CN_CONST)
        return p->is_fp ? plr_cn_const_fp(p, -l->kf) : plr_cn_const_int(p, 0 - l->ki);
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

int plr_cn_same(const plr_cn *a, const plr_cn *b) {
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
        return plr_cn_same(a->l, b->l);
    default:
        return (plr_cn_same(a->l, b->l) && plr_cn_same(a->r, b->r)) || (plr_cn_same(a->l, b->r) && plr_cn_same(a->r, b->l));
    }
}

/* c / d where the quotient is exact as a coefficient tree: d a factor of
 * c, or both integer constants with d dividing c (so q*d == c in the
 * wrapping type too), or floating-point constants. NULL: not found. An
 * integer quotient must be exact, since the call computes q*(a0*x[i])
 * where the loop computed c*x[i]; for floats the loop's consent to
 * reassociate covers the one rounding of a constant quotient. */
plr_cn *plr_cn_div_exact(plr_plan *p, plr_cn *c, const plr_cn *d) {
    if (!c || !d || plr_cn_is_zero(d))
        return NULL;
    if (plr_cn_same(c, d))
        return plr_cn_one(p);
    if (d->kind == PLR_CN_CONST) {
        if (p->is_fp ? d->kf == 1.0 : d->ki == 1)
            return c;
        if (p->is_fp ? d->kf == -1.0 : d->ki == UINT64_MAX)
            return plr_cn_neg(p, c);
        if (c->kind == PLR_CN_CONST) {
            if (p->is_fp)
                return plr_cn_const_fp(p, c->kf / d->kf);
            int64_t cv = (int64_t)c->ki, dv = (int64_t)d->ki;
            return cv % dv == 0 ? plr_cn_const_int(p, (uint64_t)(cv / dv)) : NULL;
        }
    }
    if (d->kind == PLR_CN_NEG) {
        plr_cn *q = plr_cn_div_exact(p, c, d->l);
        return q ? plr_cn_neg(p, q) : NULL;
    }
    plr_cn *q;
    switch (c->kind) {
    case PLR_CN_MUL:
        if ((q = plr_cn_div_exact(p, c->l, d)))
            return plr_cn_mul(p, q, c->r);
        return (q = plr_cn_div_exact(p, c->r, d)) ? plr_cn_mul(p, c->l, q) : NULL;
    case PLR_CN_NEG:
        return (q = plr_cn_div_exact(p, c->l, d)) ? plr_cn_neg(p, q) : NULL;
    case PLR_CN_ADD: {
        plr_cn *r = plr_cn_div_exact(p, c->r, d);
        q = r ? plr_cn_div_exact(p, c->l, d) : NULL;
        return q ? plr_cn_add(p, q, r) : NULL;
    }
    default:
        return NULL;
    }
}

/* ---- linear forms ------------------------------------------------------------------ */
