/*
 * prologues.c - map steps that compute a few first outputs in the call
 * path, so that the next call starts from real history: the peel of
 * transposed states, a composed cascade (with its composed signature), a
 * folded output.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "rewrite.h"

static int is_int_const(LLVMValueRef v, long long k) {
    return LLVMIsAConstantInt(v) && LLVMConstIntGetSExtValue(v) == k;
}

/* The first outputs of a loop with transposed states that do not start
 * from zero (the shape's peel), computed before the call as the loop computes them:
 * each value of iteration t is a copy of its instruction over the values of
 * iteration t, a header phi its start (t = 0) or its latch value of
 * iteration t-1, an input x[t-m] loaded (its history before 0), an output
 * y[t-j] one already computed. Nothing is stored before the call succeeds,
 * so an in-place loop's input is still intact for the fallback. */
typedef struct peeled {
    LLVMBuilderRef b;
    plr_plan *p;
    LLVMValueRef *key, *val;
    int *at;
    unsigned n, cap;
    LLVMValueRef out[2 * PLR_MAX_ORDER + PLR_MAX_FIR];
} peeled;

static LLVMValueRef peel_value(peeled *pl, LLVMValueRef v, int t) {
    plr_plan *p = pl->p;
    LLVMBuilderRef b = pl->b;
    if (!LLVMIsAInstruction(v) || !plr_loop_contains(p->loop, v))
        return v;
    for (unsigned i = 0; i < pl->n; i++)
        if (pl->key[i] == v && pl->at[i] == t)
            return pl->val[i];
    LLVMValueRef r;
    const plr_leaf *l = LLVMIsALoadInst(v) ? plr_leaf_of(p, v) : NULL;
    if (LLVMIsAPHINode(v) && LLVMGetInstructionParent(v) == plr_loop_header(p->loop)) {
        LLVMBasicBlockRef latch = plr_loop_latch(p->loop);
        LLVMValueRef start = NULL;
        for (unsigned i = 0; i < LLVMCountIncoming(v); i++)
            if (LLVMGetIncomingBlock(v, i) != latch)
                start = LLVMGetIncomingValue(v, i);
        r = t == 0 ? start : peel_value(pl, plr_incoming_from(v, latch), t - 1);
    } else if (l && l->kind == PLR_LEAF_X && l->stream == p->lin->xs) {
        int tt = t - l->delay;
        if (tt < 0) {
            r = history(b, p, PLR_LEAF_X, -tt);
        } else {
            r = LLVMBuildLoad2(b, p->elem, x_elem(b, p, tt), "plr.peel.x");
            LLVMSetAlignment(r, user_align(p));
        }
    } else if (l && l->kind == PLR_LEAF_Y) {
        int tt = t - l->delay;
        r = tt < 0 ? history(b, p, PLR_LEAF_Y, -tt) : pl->out[tt];
    } else {
        /* arithmetic of the recurrence, or a reloaded coefficient */
        r = LLVMInstructionClone(v);
        int nops = LLVMGetNumOperands(v);
        for (int k = 0; k < nops; k++)
            LLVMSetOperand(r, (unsigned)k, peel_value(pl, LLVMGetOperand(v, (unsigned)k), t));
        LLVMInsertIntoBuilderWithName(b, r, "plr.peel");
    }
    if (pl->n == pl->cap) {
        pl->cap = pl->cap ? 2 * pl->cap : 64;
        pl->key = realloc(pl->key, pl->cap * sizeof *pl->key);
        pl->val = realloc(pl->val, pl->cap * sizeof *pl->val);
        pl->at = realloc(pl->at, pl->cap * sizeof *pl->at);
        if (!pl->key || !pl->val || !pl->at)
            abort();
    }
    pl->key[pl->n] = v;
    pl->val[pl->n] = r;
    pl->at[pl->n++] = t;
    return r;
}

/* Computes the first i0 outputs into out[] (stored by the caller once the
 * call has succeeded; i0 covers the peel, the order and the FIR history)
 * and points the call at element i0, its histories the real outputs and
 * inputs before it. Returns i0. */
unsigned emit_transposed_start(LLVMBuilderRef b, plr_plan *p, unsigned i0, LLVMValueRef yinit,
                               LLVMValueRef xhist, LLVMValueRef data, LLVMValueRef n, LLVMValueRef *out) {
    peeled pl = {.b = b, .p = p};
    for (unsigned t = 0; t < i0; t++)
        pl.out[t] = out[t] = peel_value(&pl, p->value, (int)t);
    free(pl.key);
    free(pl.val);
    free(pl.at);
    for (unsigned j = 1; j <= p->order; j++)
        store_at(b, out[i0 - j], yinit, (int64_t)(p->order - j) * p->size);
    for (unsigned m = 1; m < p->fir_len; m++) {
        LLVMValueRef xv =
            LLVMBuildLoad2(b, p->elem, x_elem(b, p, (int64_t)i0 - m), "plr.peel.x");
        LLVMSetAlignment(xv, user_align(p));
        store_at(b, xv, xhist, (int64_t)(p->fir_len - 1 - m) * p->size);
    }
    LLVMTypeRef i64 = LLVMTypeOf(n);
    store_at(b, LLVMBuildSub(b, n, LLVMConstInt(i64, i0, 0), ""), data, offsetof(plr_data, n));
    data_stores(b, p, data);
    store_at(b, x_elem(b, p, i0), data, offsetof(plr_data, x));
    store_at(b, y_elem(b, p, i0), data, offsetof(plr_data, y));
    return i0;
}

/* acc +- c*v, NULL being zero; trivial products folded so that the
 * prologue stays readable (InstCombine would fold them later anyway). */
static LLVMValueRef poly_term(LLVMBuilderRef b, LLVMValueRef acc, LLVMValueRef c, LLVMValueRef v, int sub) {
    if (!c || !v || is_int_const(c, 0) || is_int_const(v, 0))
        return acc;
    LLVMValueRef t = is_int_const(c, 1) ? v : is_int_const(v, 1) ? c : LLVMBuildMul(b, c, v, "plr.cmp");
    if (!acc)
        return sub ? LLVMBuildNeg(b, t, "plr.cmp") : t;
    return sub ? LLVMBuildSub(b, acc, t, "plr.cmp") : LLVMBuildAdd(b, acc, t, "plr.cmp");
}

/* A composed integer cascade (kind PLR_SHAPE_COMPOSED). The cascade's output obeys the
 * recurrence with numerator prod A_s and denominator prod B_s (exact in
 * wrapping arithmetic: polynomials over the ring of integers mod 2^w). It
 * holds between real values from index K + F - 1 on, so the first i0 = K + F
 * - 1 outputs are computed here stage by stage from the loop's own initial
 * state, stored, and the one call starts at i0 with y_init = those outputs
 * and x_history = x[i0-F+1..i0-1]. */
void emit_composed(LLVMBuilderRef b, plr_plan *p, LLVMValueRef fn, LLVMValueRef sig, LLVMValueRef data,
                   LLVMValueRef n) {
    LLVMContextRef C = LLVMGetTypeContext(p->elem);
    LLVMTypeRef i64 = LLVMInt64TypeInContext(C);
    LLVMTypeRef ptr = LLVMPointerTypeInContext(C, 0);
    int N = p->stages.n;
    unsigned K = p->stages.ck, P = p->stages.cf - 1, i0 = K + P, H = PLR_MAX_FIR + 1, W = H + i0;
    LLVMBasicBlockRef here = LLVMGetInsertBlock(b);
    LLVMValueRef yinit = entry_alloca(b, fn, LLVMArrayType2(p->elem, K), "plr.yinit");
    LLVMPositionBuilderAtEnd(b, here);
    /* v[(s + 1) * W + H + t]: stage s (-1: x) at time t; NULL until known */
    LLVMValueRef *v = calloc((size_t)(N + 1) * W, sizeof *v);
    LLVMValueRef (*ca)[PLR_MAX_FIR] = calloc((size_t)N, sizeof *ca);
    LLVMValueRef (*cb)[PLR_MAX_ORDER + 1] = calloc((size_t)N, sizeof *cb);
    if (!v || !ca || !cb)
        abort();
    for (int s = 0; s < N; s++) {
        const plr_lin *l = p->stages.lin[s];
        for (unsigned m = 0; m < p->stages.fir[s]; m++)
            ca[s][m] = plr_cn_is_zero(l->a[m]) ? NULL : emit_cn(b, p, l->a[m]);
        for (unsigned j = 1; j <= p->stages.order[s]; j++)
            cb[s][j] = plr_cn_is_zero(l->b[j]) ? NULL : emit_cn(b, p, l->b[j]);
    }
    for (unsigned t = 0; t < i0; t++) {
        LLVMValueRef ld = LLVMBuildLoad2(b, p->elem, const_gep(b, p->x_v, (int64_t)t * p->size, ""), "plr.x");
        LLVMSetAlignment(ld, user_align(p));
        v[H + t] = ld;
    }
    for (unsigned t = 0; t < i0; t++) {
        for (int s = 0; s < N; s++) {
            LLVMValueRef acc = NULL;
            for (unsigned m = 0; m < p->stages.fir[s]; m++) {
                if (!ca[s][m])
                    continue;
                int tt = (int)t - (int)m;
                LLVMValueRef *slot = &v[(size_t)s * W + H + tt]; /* stage s-1 */
                if (!*slot)
                    *slot = s == 0 ? history(b, p, PLR_LEAF_X, -tt) : cascade_history(b, p, s - 1, -tt);
                acc = poly_term(b, acc, ca[s][m], *slot, 0);
            }
            for (unsigned j = 1; j <= p->stages.order[s]; j++) {
                if (!cb[s][j])
                    continue;
                int tt = (int)t - (int)j;
                LLVMValueRef *slot = &v[(size_t)(s + 1) * W + H + tt];
                if (!*slot)
                    *slot = cascade_history(b, p, s, -tt);
                acc = poly_term(b, acc, cb[s][j], *slot, 0);
            }
            v[(size_t)(s + 1) * W + H + t] = acc ? acc : LLVMConstNull(p->elem);
        }
        LLVMValueRef out = v[(size_t)N * W + H + t];
        LLVMValueRef st = LLVMBuildStore(b, out, const_gep(b, p->y_v, (int64_t)t * p->size, ""));
        LLVMSetAlignment(st, user_align(p));
    }
    for (unsigned j = 1; j <= K; j++)
        store_at(b, v[(size_t)N * W + H + i0 - j], yinit, (int64_t)(K - j) * p->size);
    /* numerator A = prod A_s, denominator B = prod (1 - sum_j b_sj z^j) */
    LLVMValueRef A[PLR_MAX_FIR] = {LLVMConstInt(p->elem, 1, 0)}, B[PLR_MAX_ORDER + 1] = {LLVMConstInt(p->elem, 1, 0)};
    unsigned da = 0, db = 0;
    for (int s = 0; s < N; s++) {
        LLVMValueRef nA[PLR_MAX_FIR] = {0}, nB[PLR_MAX_ORDER + 1] = {0};
        for (unsigned i = 0; i <= da; i++)
            for (unsigned m = 0; m < p->stages.fir[s]; m++)
                nA[i + m] = poly_term(b, nA[i + m], ca[s][m], A[i], 0);
        for (unsigned i = 0; i <= db; i++) {
            if (B[i])
                nB[i] = nB[i] ? LLVMBuildAdd(b, nB[i], B[i], "plr.cmp") : B[i];
            for (unsigned j = 1; j <= p->stages.order[s]; j++)
                nB[i + j] = poly_term(b, nB[i + j], cb[s][j], B[i], 1);
        }
        da += p->stages.fir[s] - 1;
        db += p->stages.order[s];
        memcpy(A, nA, sizeof A);
        memcpy(B, nB, sizeof B);
    }
    LLVMValueRef zero = LLVMConstNull(p->elem);
    sig_begin(b, p, sig, P + 1, K);
    for (unsigned m = 0; m <= P; m++)
        sig_coef(b, p, sig, 0, m, A[m] ? A[m] : zero);
    for (unsigned j = 1; j <= K; j++)
        sig_coef(b, p, sig, 1, j, B[j] ? LLVMBuildNeg(b, B[j], "plr.cmp") : zero);
    store_at(b, LLVMBuildSub(b, n, LLVMConstInt(i64, i0, 0), ""), data, offsetof(plr_data, n));
    data_stores(b, p, data);
    store_at(b, const_gep(b, p->x_v, (int64_t)i0 * p->size, ""), data, offsetof(plr_data, x));
    store_at(b, const_gep(b, p->y_v, (int64_t)i0 * p->size, ""), data, offsetof(plr_data, y));
    store_at(b, P ? const_gep(b, p->x_v, (int64_t)(i0 - P) * p->size, "") : LLVMConstPointerNull(ptr), data,
             offsetof(plr_data, x_history));
    store_at(b, yinit, data, offsetof(plr_data, y_init));
    store_at(b, LLVMConstPointerNull(ptr), data, offsetof(plr_data, y_final));
    free(v);
    free(ca);
    free(cb);
}

/* acc + c*v in the element type; NULL is zero. */
static LLVMValueRef fterm(LLVMBuilderRef b, const plr_plan *p, LLVMValueRef acc, LLVMValueRef c, LLVMValueRef v) {
    if (!c || !v)
        return acc;
    LLVMValueRef t = fp_or_int(b, p, 0, c, v);
    return acc ? fp_or_int(b, p, 1, acc, t) : t;
}

/* A folded output (kind PLR_SHAPE_FOLDED): y holds stage j. Its first i0 = K + F - 1
 * outputs come from stages j+1..m and the output's FIR, computed here from
 * stage j in y and the loop's initial state; the rest from one call of the
 * folded recurrence in place (the next step), whose history is then real:
 * outputs y[i0-K..i0-1] and stage j's x[i0-F+1..i0-1], saved before they
 * are overwritten. Sets up that call's signature and data. y at its stride
 * (y_elem; the call's layout then: rewrite.c, in_place_call). */
void emit_fold_prologue(LLVMBuilderRef b, plr_plan *p, LLVMValueRef fn, LLVMValueRef sig, LLVMValueRef data,
                        LLVMValueRef n) {
    LLVMContextRef C = LLVMGetTypeContext(p->elem);
    LLVMTypeRef i64 = LLVMInt64TypeInContext(C);
    LLVMTypeRef ptr = LLVMPointerTypeInContext(C, 0);
    int j = (int)p->shape->fold_over - 1, m = p->stages.n - 2, ns = m - j + 1;
    unsigned K = p->stages.order[m + 1], P = p->stages.fir[m + 1] - 1, i0 = K + P, H = PLR_MAX_FIR + 1, W = H + i0;
    LLVMBasicBlockRef here = LLVMGetInsertBlock(b);
    LLVMValueRef yinit = entry_alloca(b, fn, LLVMArrayType2(p->elem, K), "plr.yinit.fold");
    LLVMValueRef xhist = P ? entry_alloca(b, fn, LLVMArrayType2(p->elem, P), "plr.xhist.fold") : LLVMConstPointerNull(ptr);
    LLVMPositionBuilderAtEnd(b, here);
    /* v[(s - j) * W + H + t]: stage s at time t */
    LLVMValueRef *v = calloc((size_t)ns * W, sizeof *v);
    if (!v)
        abort();
    for (unsigned t = 0; t < i0; t++) {
        LLVMValueRef ld = LLVMBuildLoad2(b, p->elem, y_elem(b, p, t), "plr.s");
        LLVMSetAlignment(ld, user_align(p));
        v[H + t] = ld;
    }
#define FOLD_AT(s, tt)                                                                                    \
    (v[(size_t)((s) - j) * W + H + (tt)]                                                                  \
         ? v[(size_t)((s) - j) * W + H + (tt)]                                                            \
         : (v[(size_t)((s) - j) * W + H + (tt)] = cascade_history(b, p, (s), -(tt))))
    LLVMValueRef *out = calloc(i0, sizeof *out);
    if (!out)
        abort();
    for (unsigned t = 0; t < i0; t++) {
        for (int r = j + 1; r <= m; r++) {
            const plr_lin *l = p->stages.lin[r];
            LLVMValueRef acc = NULL;
            for (unsigned q = 0; q < p->stages.fir[r]; q++)
                if (!plr_cn_is_zero(l->a[q]))
                    acc = fterm(b, p, acc, emit_cn(b, p, l->a[q]), FOLD_AT(r - 1, (int)t - (int)q));
            for (unsigned k = 1; k <= p->stages.order[r]; k++)
                if (!plr_cn_is_zero(l->b[k]))
                    acc = fterm(b, p, acc, emit_cn(b, p, l->b[k]), FOLD_AT(r, (int)t - (int)k));
            v[(size_t)(r - j) * W + H + t] = acc ? acc : LLVMConstNull(p->elem);
        }
        LLVMValueRef acc = NULL;
        for (int s = j; s <= m; s++)
            for (unsigned q = 0; q < PLR_MAX_FIR; q++)
                if (!plr_cn_is_zero(p->stages.fold_g[s]->a[q]))
                    acc = fterm(b, p, acc, emit_cn(b, p, p->stages.fold_g[s]->a[q]), FOLD_AT(s, (int)t - (int)q));
        out[t] = acc ? acc : LLVMConstNull(p->elem);
    }
#undef FOLD_AT
    /* stage j's last P values before i0 (they are about to be overwritten) */
    for (unsigned q = 0; q < P; q++)
        store_at(b, v[H + i0 - P + q], xhist, (int64_t)q * p->size);
    for (unsigned t = 0; t < i0; t++) {
        LLVMValueRef st = LLVMBuildStore(b, out[t], y_elem(b, p, t));
        LLVMSetAlignment(st, user_align(p));
    }
    for (unsigned k = 1; k <= K; k++)
        store_at(b, out[i0 - k], yinit, (int64_t)(K - k) * p->size);
    sig_from_lin(b, p, sig, p->stages.fold_lin, P + 1, K);
    LLVMValueRef at = y_elem(b, p, i0);
    store_at(b, LLVMBuildSub(b, n, LLVMConstInt(i64, i0, 0), ""), data, offsetof(plr_data, n));
    data_stores(b, p, data);
    store_at(b, at, data, offsetof(plr_data, x));
    store_at(b, at, data, offsetof(plr_data, y));
    store_at(b, xhist, data, offsetof(plr_data, x_history));
    store_at(b, yinit, data, offsetof(plr_data, y_init));
    store_at(b, LLVMConstPointerNull(ptr), data, offsetof(plr_data, y_final));
    free(v);
    free(out);
}
