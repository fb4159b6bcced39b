/*
 * cascade.c - several recurrences in one loop, each over the previous
 * stage's state: stage walks, composition of integer cascades into one
 * recurrence, and outputs folded over several stages.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "recognize.h"

static int lin_const_free(const plr_lin *l) { return plr_cn_is_zero(l->c); }

static int cpoly_deg(plr_cn *const *c, int cap);

/* A form over stage 0 with c*x[i] collected in b[0] (lin_leaf): a copy
 * with x[i] = (S0[i] - sum_j b_j S0[i-j]) / a0 substituted, exact in
 * integers (ring operations on c = q*a0). NULL if c is not a multiple of
 * a0 or the FIR over S0 grows past the runtime's limit. */
plr_lin *plr_resolve_x(plr_plan *p, const plr_lin *l) {
    if (!l || plr_cn_is_zero(l->b[0]))
        return (plr_lin *)l;
    plr_cn *q = plr_cn_div_exact(p, l->b[0], p->stages.xsub->a[0]);
    if (!q)
        return NULL;
    plr_lin *r = plr_lin_new(p);
    *r = *l;
    r->b[0] = NULL;
    r->a[0] = plr_cn_add(p, r->a[0], q);
    for (int j = 1; j <= PLR_MAX_ORDER; j++) {
        if (plr_cn_is_zero(p->stages.xsub->b[j]))
            continue;
        if (j >= PLR_MAX_FIR)
            return NULL;
        r->a[j] = plr_cn_add(p, r->a[j], plr_cn_neg(p, plr_cn_mul(p, q, p->stages.xsub->b[j])));
    }
    r->has_x = 1;
    r->xs = PLR_XS_S1;
    return r;
}

/* The cascade search walks one chain of stages after another in the same
 * plan: before the next chain (and when none is a cascade), the leaves and
 * streams classified for the last one are forgotten. */
void plr_forget_walk(plr_plan *p) {
    free(p->walk.leaves);
    free(p->access.stream_ref);
    free(p->access.stream_first);
    free(p->access.stream_max);
    free(p->access.stream_step);
    p->walk.leaves = NULL;
    p->access.stream_ref = p->access.stream_first = NULL;
    p->access.stream_max = p->access.stream_step = NULL;
    p->walk.nleaves = p->walk.capleaves = p->access.nstreams = p->walk.nmemo = 0;
    p->fp_no_consent = 0;
}

/* Walk every stage of the cascade p->stages.v[0..n-1] (the leaves are
 * classified for exactly these stages). Returns 0 if each is a recurrence
 * over the one before it (stage 0 over x); 1 if only stage 0 is not (it reads
 * yet another state: look for that one); 2 otherwise. */
int plr_walk_stages(plr_plan *p, const LLVMValueRef *list, int n, int allow_tail, int skip_last) {
    plr_forget_walk(p);
    p->stages.n = n;
    for (int s = 0; s < n; s++)
        p->stages.v[s] = list[s];
    p->value = list[0];
    p->out = list[n - 1];
    p->found.kind = PLR_SHAPE_CASCADE;
    p->stages.xsub = NULL;
    plr_classify_loads(p);
    if (n >= 2) {
        /* stage 0 first: whether a later x[i] can be rewritten over it */
        p->walk.nmemo = 0;
        walk w0 = {p, PLR_OK_CANDIDATE, NULL, 0, 0, 0, 0, 0};
        plr_lin *l0 = plr_lin_of(&w0, list[0]);
        if (l0 && l0->has_x && l0->has_y && l0->xs > 0 && lin_const_free(l0) && cpoly_deg(l0->a, PLR_MAX_FIR) == 0)
            p->stages.xsub = l0;
        /* In float, S0[i] - sum_j b_j S0[i-j] loses the bits S0 has above
         * x: fine for a contracting stage 0 (|S0| within a fixed multiple
         * of |x|), not for an integrator whose sum outgrows x. */
        double mass = 0;
        for (int j = 1; p->stages.xsub && p->is_fp && j <= PLR_MAX_ORDER; j++) {
            if (!plr_cn_is_const(l0->b[j]))
                p->stages.xsub = NULL;
            else if (l0->b[j])
                mass += fabs(l0->b[j]->kf);
        }
        if (p->is_fp && mass >= 1)
            p->stages.xsub = NULL;
    }
    for (int s = n - 1; s >= 0; s--) {
        if (skip_last && s == n - 1)
            continue;
        p->walk.nmemo = 0; /* the same values mean other things to each stage */
        walk w = {p, PLR_OK_CANDIDATE, NULL, 0, 0, 0, s, 0};
        plr_lin *l = plr_lin_of(&w, list[s]);
        /* only a stage that reads stage 0 itself is its successor; one
         * that reads x alone (an EMA beside a sum of x) is not */
        if (s == 1 && p->stages.xsub && l && !plr_cn_is_zero(l->b[0]) && cpoly_deg(l->a, PLR_MAX_FIR) < 0)
            l = NULL;
        if (s == 1 && p->stages.xsub)
            l = plr_resolve_x(p, l);
        int tail = allow_tail && s == n - 1 && s > 0;
        if (!l && (w.why == PLR_R_NONLINEAR || w.why == PLR_R_TIME_VARYING) && !p->stages.why) {
            /* the clearest reason a cascade is not one: not linear-time-invariant */
            p->stages.why = w.why;
            p->stages.at = w.at;
        }
        if (!l || !l->has_x || !lin_const_free(l) || (s == 0 && l->xs <= 0) || (s > 0 && l->xs != PLR_XS_S1) ||
            (!l->has_y && !tail))
            return s == 0 && n > 1 ? 1 : 2;
        if (!l->has_y) {
            /* no feedback: a FIR of the previous state, applied by a map */
            for (int j = 0; j <= PLR_MAX_ORDER; j++)
                if (!plr_cn_is_zero(l->b[j]))
                    return 2;
            p->found.kind = n == 2 ? PLR_SHAPE_STATE_FIR : PLR_SHAPE_CASCADE_FIR;
        }
        p->stages.lin[s] = l;
    }
    p->lin = p->stages.lin[0];
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
            int r = plr_walk_stages(p, chain - 1, n + 1, allow_tail, 0);
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
                    t[i + k] = plr_cn_add(p, t[i + k], plr_cn_mul(p, a[i], b[k]));
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
    if (plr_walk_stages(p, list, n, 0, 1) != 0)
        return 0;
    LLVMValueRef v = list[n - 1];
    int m = n - 2;
    p->walk.nmemo = 0;
    walk wall = {p, PLR_OK_CANDIDATE, NULL, 0, 0, 0, 0, -1}; /* linear in all of them at all? */
    plr_lin *l = plr_lin_of(&wall, v);
    if (!l || !l->has_x || l->has_y || !lin_const_free(l))
        return 0;
    int j = -1;
    for (int t = 0; t <= m; t++) {
        p->walk.nmemo = 0;
        walk w = {p, PLR_OK_CANDIDATE, NULL, 0, 0, 0, 0, t + 1};
        plr_lin *g = plr_lin_of(&w, v);
        if (t == 0 && p->stages.xsub)
            g = plr_resolve_x(p, g); /* x[i] counts as stage 0 */
        if (!g)
            return 0;
        p->stages.fold_g[t] = g;
        if (j < 0 && cpoly_deg(g->a, PLR_MAX_FIR) >= 0)
            j = t;
    }
    p->walk.nmemo = 0;
    if (j < 0 || j == m || cpoly_deg(p->stages.fold_g[m]->a, PLR_MAX_FIR) < 0)
        return 0; /* reads only one stage: a cascade with a FIR tail */
    if (p->type == PLR_F32 && m - j > 1) {
        /* a float product of sections is ill-conditioned (docs/pass.md) */
        p->stages.why = PLR_R_CONDITIONING;
        p->stages.at = v;
        return 0;
    }
    plr_cn *N[PLR_CPOLY] = {0}, *D[PLR_CPOLY] = {0}, *A[PLR_MAX_STAGES][PLR_CPOLY], *B[PLR_MAX_STAGES][PLR_CPOLY];
    for (int r = j + 1; r <= m; r++) {
        memset(A[r], 0, sizeof A[r]);
        memset(B[r], 0, sizeof B[r]);
        for (int q = 0; q < PLR_MAX_FIR; q++)
            A[r][q] = p->stages.lin[r]->a[q];
        B[r][0] = plr_cn_one(p);
        for (int k = 1; k <= PLR_MAX_ORDER; k++)
            B[r][k] = plr_cn_neg(p, p->stages.lin[r]->b[k]);
    }
    D[0] = plr_cn_one(p);
    for (int r = j + 1; r <= m; r++)
        if (!cpoly_mul(p, D, D, B[r]))
            return 0;
    for (int s = j; s <= m; s++) {
        plr_cn *t[PLR_CPOLY] = {0};
        for (int q = 0; q < PLR_MAX_FIR; q++)
            t[q] = p->stages.fold_g[s]->a[q];
        for (int r = j + 1; r <= s; r++)
            if (!cpoly_mul(p, t, t, A[r]))
                return 0;
        for (int r = s + 1; r <= m; r++)
            if (!cpoly_mul(p, t, t, B[r]))
                return 0;
        for (int q = 0; q < PLR_CPOLY; q++)
            N[q] = plr_cn_add(p, N[q], t[q]);
    }
    int dn = cpoly_deg(N, PLR_CPOLY), dd = cpoly_deg(D, PLR_CPOLY);
    if (dn < 0 || dd < 1 || dn >= PLR_MAX_FIR || dd > PLR_MAX_ORDER || dn + dd > 63)
        return 0;
    plr_lin *f = plr_lin_new(p);
    for (int q = 0; q <= dn; q++)
        f->a[q] = N[q];
    for (int k = 1; k <= dd; k++)
        f->b[k] = plr_cn_neg(p, D[k]);
    f->has_x = f->has_y = 1;
    f->xs = PLR_XS_S1;
    p->found.kind = PLR_SHAPE_FOLDED;
    p->found.fold_over = (unsigned)j + 1; /* the stages from 1 */
    p->stages.fold_lin = f;
    p->stages.lin[n - 1] = f;
    p->lin = p->stages.lin[0];
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
    if (plr_is_header_phi(p->loop, v)) {
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
int plr_find_cascade(plr_plan *p, int allow_tail) {
    LLVMValueRef v = p->value;
    plr_shape_kind entry_kind = p->found.kind; /* each walk records the kind it tries */
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
    plr_forget_walk(p);
    p->value = v;
    p->out = NULL;
    p->stages.n = 0;
    p->found.kind = entry_kind;
    p->stages.xsub = NULL;
    p->lin = NULL;
    return 0;
}
