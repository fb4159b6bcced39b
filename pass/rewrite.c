/*
 * rewrite.c - version the loop around a call to plr_run.
 *
 *   preheader:  n, &y[0], &x[0] (SCEV expansions)
 *               if (n >= min_n && x and y do not partially overlap) goto call
 *               else goto fallback
 *   plr.call:   build plr_signature and plr_data on the stack; unless the user
 *               set plr-min-n, if (!plr_pays(...)) goto fallback (libplr
 *               judges whether the call beats this loop); status = plr_run()
 *               if (status == PLR_OK) goto done else goto fallback
 *   plr.done:   values used after the loop, from y_final / y / saved x
 *               goto exit
 *   fallback:   the original loop, untouched
 *
 * plr_run writes nothing when it fails, so the fallback sees the memory the
 * loop would have seen.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/DebugInfo.h>

#include "callplan.h"
#include "plr_pass.h"

_Static_assert(sizeof(plr_type) == 4, "plr_type is stored as i32");
_Static_assert(sizeof(unsigned) == 4, "fir_len/order are stored as i32");
_Static_assert(sizeof(size_t) == 8 && sizeof(void *) == 8, "plr_data is laid out for LP64");
_Static_assert(sizeof(plr_coef) == 8, "coefficients are stored as 64-bit");
_Static_assert(sizeof(plr_layout) == 40 && sizeof(ptrdiff_t) == 8, "plr_layout is five 64-bit fields");

/* A call below this many elements costs more than it saves, whatever the
 * user asks for; it also keeps n-1-m >= 0 for every saved x value. */
#define PLR_HARD_MIN_N 64

void plr_rewrite_prepare(plr_plan *p) {
    plr_form_lcssa(p->ctx, p->loop);
    for (unsigned k = 1; p->chan && k < p->chan->count; k++)
        plr_rewrite_prepare(p->chan->sub[k]); /* its addresses and live-outs */
    if (p->nest) {
        /* Everything the call needs, computed before the nest. */
        plr_nest *nest = p->nest;
        LLVMValueRef term = LLVMGetBasicBlockTerminator(plr_loop_preheader(nest->outer));
        LLVMContextRef C = LLVMGetTypeContext(p->elem);
        LLVMTypeRef ptr = LLVMPointerTypeInContext(C, 0), i64 = LLVMInt64TypeInContext(C);
        p->n_v = plr_scev_expand(p->ctx, p->trip, i64, term);
        nest->count_v = plr_scev_expand(p->ctx, nest->count, i64, term);
        nest->y0_v = plr_scev_expand(p->ctx, nest->y0, ptr, term);
        nest->y_dist_v = plr_scev_expand(p->ctx, nest->y_dist, i64, term);
        nest->x0_v = plr_scev_expand(p->ctx, nest->x0, ptr, term);
        nest->x_dist_v = nest->x_dist ? plr_scev_expand(p->ctx, nest->x_dist, i64, term) : LLVMConstInt(i64, 0, 0);
        nest->step_v = p->step_s ? plr_scev_expand(p->ctx, p->step_s, i64, term) : NULL;
        for (unsigned i = 0; i < p->nrl; i++) {
            nest->rl_start_v[i] = plr_scev_expand(p->ctx, nest->rl_start[i], ptr, term);
            nest->rl_dist_v[i] = nest->rl_dist[i] ? plr_scev_expand(p->ctx, nest->rl_dist[i], i64, term)
                                                  : LLVMConstInt(i64, 0, 0);
        }
        plr_seq_history *hs[PLR_MAX_ORDER + PLR_MAX_FIR];
        unsigned nh = 0;
        for (unsigned j = 0; j < p->order; j++)
            hs[nh++] = &nest->y_hist[j];
        for (unsigned m = 0; m + 1 < p->fir_len; m++)
            hs[nh++] = &nest->x_hist[m];
        for (unsigned i = 0; i < nh; i++) {
            for (unsigned k = 0; hs[i]->kind == PLR_HIST_COMPUTED && k < hs[i]->nivs; k++) {
                LLVMTypeRef t = LLVMTypeOf(hs[i]->ivs[k]);
                int is_ptr = LLVMGetTypeKind(t) == LLVMPointerTypeKind;
                hs[i]->iv_start_v[k] = plr_scev_expand(p->ctx, hs[i]->iv_start[k], t, term);
                hs[i]->iv_step_v[k] = plr_scev_expand(p->ctx, hs[i]->iv_step[k], is_ptr ? i64 : t, term);
            }
            if (hs[i]->kind != PLR_HIST_GATHER)
                continue;
            hs[i]->start_v = plr_scev_expand(p->ctx, hs[i]->start, ptr, term);
            hs[i]->dist_v = hs[i]->dist ? plr_scev_expand(p->ctx, hs[i]->dist, i64, term) : LLVMConstInt(i64, 0, 0);
        }
        return;
    }
    LLVMValueRef term = LLVMGetBasicBlockTerminator(plr_loop_preheader(p->loop));
    LLVMContextRef C = LLVMGetTypeContext(p->elem);
    LLVMTypeRef ptr = LLVMPointerTypeInContext(C, 0);
    p->n_v = plr_scev_expand(p->ctx, p->trip, LLVMInt64TypeInContext(C), term);
    p->y_v = plr_scev_expand(p->ctx, p->y_start, ptr, term);
    p->x_v = p->in_place ? p->y_v : plr_scev_expand(p->ctx, p->x_start, ptr, term);
    for (unsigned i = 0; i < p->nrl; i++)
        p->rl_v[i] = plr_scev_expand(p->ctx, p->rl_start[i], ptr, term);
    for (unsigned i = 0; i < p->nliveouts; i++)
        if (p->liveouts[i].kind == PLR_LO_SCEV)
            p->liveouts[i].repl = plr_scev_expand(p->ctx, p->liveouts[i].scev, LLVMTypeOf(p->liveouts[i].v), term);
}

static LLVMValueRef emit_cn(LLVMBuilderRef b, const plr_plan *p, const plr_cn *c) {
    if (!c)
        return p->is_fp ? LLVMConstReal(p->elem, 0.0) : LLVMConstInt(p->elem, 0, 0);
    switch (c->kind) {
    case PLR_CN_CONST:
        return p->is_fp ? LLVMConstReal(p->elem, c->kf) : LLVMConstInt(p->elem, c->ki, 1);
    case PLR_CN_VALUE:
        return c->v;
    case PLR_CN_RELOAD: {
        /* the address is outside y (checked), so its value is the loop's */
        LLVMValueRef ld = LLVMBuildLoad2(b, p->elem, LLVMGetOperand(c->v, 0), "plr.coef.load");
        LLVMSetAlignment(ld, LLVMGetAlignment(c->v));
        return ld;
    }
    case PLR_CN_ADD: {
        LLVMValueRef l = emit_cn(b, p, c->l), r = emit_cn(b, p, c->r);
        return p->is_fp ? LLVMBuildFAdd(b, l, r, "plr.coef") : LLVMBuildAdd(b, l, r, "plr.coef");
    }
    case PLR_CN_MUL: {
        LLVMValueRef l = emit_cn(b, p, c->l), r = emit_cn(b, p, c->r);
        return p->is_fp ? LLVMBuildFMul(b, l, r, "plr.coef") : LLVMBuildMul(b, l, r, "plr.coef");
    }
    case PLR_CN_NEG: {
        LLVMValueRef l = emit_cn(b, p, c->l);
        return p->is_fp ? LLVMBuildFNeg(b, l, "plr.coef") : LLVMBuildNeg(b, l, "plr.coef");
    }
    }
    return NULL;
}

static LLVMValueRef byte_gep(LLVMBuilderRef b, LLVMValueRef base, LLVMValueRef off, const char *name) {
    LLVMContextRef C = LLVMGetTypeContext(LLVMTypeOf(base));
    return LLVMBuildGEP2(b, LLVMInt8TypeInContext(C), base, &off, 1, name);
}

static LLVMValueRef const_gep(LLVMBuilderRef b, LLVMValueRef base, int64_t off, const char *name) {
    LLVMContextRef C = LLVMGetTypeContext(LLVMTypeOf(base));
    return byte_gep(b, base, LLVMConstInt(LLVMInt64TypeInContext(C), (unsigned long long)off, 1), name);
}

/* Element idx of a sequence that starts at base and moves step bytes per
 * element (negative: backward). */
static LLVMValueRef elem_ptr(LLVMBuilderRef b, LLVMValueRef base, LLVMValueRef idx, int64_t step) {
    LLVMTypeRef i64 = LLVMTypeOf(idx);
    return byte_gep(b, base, LLVMBuildMul(b, idx, LLVMConstInt(i64, (unsigned long long)step, 1), ""), "");
}

/* The same with a step known at run time (an i64 of bytes). */
static LLVMValueRef elem_ptr_v(LLVMBuilderRef b, LLVMValueRef base, LLVMValueRef idx, LLVMValueRef step) {
    return byte_gep(b, base, LLVMBuildMul(b, idx, step, ""), "");
}

/* The bytes [lo, hi) that elements -h..n-1 of such a sequence occupy. */
static void footprint(LLVMBuilderRef b, LLVMValueRef base, LLVMValueRef n, int64_t step, int64_t h, unsigned size,
                      LLVMValueRef *lo, LLVMValueRef *hi) {
    LLVMTypeRef i64 = LLVMTypeOf(n);
    LLVMValueRef bi = LLVMBuildPtrToInt(b, base, i64, "");
    LLVMValueRef first = LLVMBuildAdd(b, bi, LLVMConstInt(i64, (unsigned long long)(-h * step), 1), "");
    LLVMValueRef lastoff = LLVMBuildMul(b, LLVMBuildSub(b, n, LLVMConstInt(i64, 1, 0), ""),
                                        LLVMConstInt(i64, (unsigned long long)step, 1), "");
    LLVMValueRef last = LLVMBuildAdd(b, bi, lastoff, "");
    LLVMValueRef sz = LLVMConstInt(i64, size, 0);
    *lo = step > 0 ? first : last;
    *hi = LLVMBuildAdd(b, step > 0 ? last : first, sz, "");
}

/* The alignment the loop's own accesses assume of the arrays: data may be
 * packed, so nothing stronger is claimed for accesses we add. */
static unsigned user_align(const plr_plan *p) {
    unsigned a = LLVMGetAlignment(p->store);
    for (unsigned i = 0; i < p->nleaves; i++)
        if (p->leaves[i].from_memory && LLVMGetAlignment(p->leaves[i].v) < a)
            a = LLVMGetAlignment(p->leaves[i].v);
    return a ? a : 1;
}

/* Every field stored here is naturally aligned within an 8-aligned object. */
static void store_at(LLVMBuilderRef b, LLVMValueRef v, LLVMValueRef base, int64_t off) {
    LLVMValueRef s = LLVMBuildStore(b, v, off ? const_gep(b, base, off, "") : base);
    LLVMTypeRef t = LLVMTypeOf(v);
    unsigned align = 8;
    if (LLVMGetTypeKind(t) == LLVMFloatTypeKind || (LLVMGetTypeKind(t) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) == 32))
        align = 4;
    LLVMSetAlignment(s, align);
}

/* The value y[-j] or x[-m] had before the first iteration: the incoming
 * value of the phi that carries it, or else memory. Memory is safe to read
 * whenever the loop itself reads that far back (y[i-J] or x[i-M] with
 * J >= j): it then reads every element between, before writing any. */
static LLVMValueRef state_history(LLVMBuilderRef b, const plr_plan *p, enum plr_leaf_kind kind, int d);

/* kind PLR_LEAF_Y2: the delays of cascade stage `stage`. */
static LLVMValueRef stage_history(LLVMBuilderRef b, const plr_plan *p, enum plr_leaf_kind kind, int stage, int delay) {
    if (p->state_out)
        return state_history(b, p, kind, delay);
    int mem = 0;
    for (unsigned i = 0; i < p->nleaves; i++) {
        const plr_leaf *l = &p->leaves[i];
        if (l->kind != kind || (kind == PLR_LEAF_X && l->stream != p->lin->xs) ||
            (kind == PLR_LEAF_Y2 && l->stage != stage))
            continue;
        /* (a cascade's first stage is never in memory: PLR_LEAF_Y are phis) */
        if (!l->from_memory && l->delay == delay)
            return l->init;
        if (l->from_memory && l->delay >= delay)
            mem = 1;
    }
    if (mem) {
        LLVMValueRef base = kind == PLR_LEAF_X ? p->x_v : p->y_v;
        int64_t step = kind == PLR_LEAF_X ? p->x_step : p->step;
        LLVMValueRef ld = LLVMBuildLoad2(b, p->elem, const_gep(b, base, -(int64_t)delay * step, ""), "plr.hist");
        LLVMSetAlignment(ld, user_align(p));
        return ld;
    }
    /* Not reachable for a well-formed plan: phi chains are contiguous. */
    return p->is_fp ? LLVMConstReal(p->elem, 0.0) : LLVMConstInt(p->elem, 0, 0);
}

static LLVMValueRef history(LLVMBuilderRef b, const plr_plan *p, enum plr_leaf_kind kind, int delay) {
    return stage_history(b, p, kind, 0, delay);
}

/* The history of cascade stage s (delays of its state). */
static LLVMValueRef cascade_history(LLVMBuilderRef b, const plr_plan *p, int s, int delay) {
    return s == 0 ? history(b, p, PLR_LEAF_Y, delay) : stage_history(b, p, PLR_LEAF_Y2, s, delay);
}

/* Direct form II. With the state history s[-1..-K] (phi inputs) and
 * s[t] = 0 beyond, the equivalent single recurrence over x has
 *   y[-j] = sum_q gamma_q s[-j-q]
 *   x[-m] = (s[-m] - sum_j beta_j s[-m-j]) / alpha0
 * which reproduces the loop's outputs for every i >= 0 (both sides are the
 * same two-sided sequence filtered by the same transfer function). */
static LLVMValueRef state_at(const plr_plan *p, int t) {
    for (unsigned i = 0; i < p->nleaves; i++) {
        const plr_leaf *l = &p->leaves[i];
        if (l->kind == PLR_LEAF_Y && !l->from_memory && l->delay == t)
            return l->init;
    }
    return NULL; /* beyond the carried state: zero */
}

static LLVMValueRef fp_or_int(LLVMBuilderRef b, const plr_plan *p, int add, LLVMValueRef l, LLVMValueRef r) {
    if (p->is_fp)
        return add ? LLVMBuildFAdd(b, l, r, "plr.st") : LLVMBuildFMul(b, l, r, "plr.st");
    return add ? LLVMBuildAdd(b, l, r, "plr.st") : LLVMBuildMul(b, l, r, "plr.st");
}

static LLVMValueRef state_history(LLVMBuilderRef b, const plr_plan *p, enum plr_leaf_kind kind, int d) {
    LLVMValueRef acc = p->is_fp ? LLVMConstReal(p->elem, 0.0) : LLVMConstInt(p->elem, 0, 0);
    if (kind == PLR_LEAF_Y) {
        for (int q = 0; q <= PLR_MAX_ORDER; q++) {
            LLVMValueRef s = state_at(p, d + q);
            if (s && p->out_lin->b[q])
                acc = fp_or_int(b, p, 1, acc, fp_or_int(b, p, 0, emit_cn(b, p, p->out_lin->b[q]), s));
        }
        /* out = Gamma S + delta0 x: with the same derived x[-d] */
        if (p->out_x0)
            acc = fp_or_int(b, p, 1, acc, fp_or_int(b, p, 0, emit_cn(b, p, p->out_x0), state_history(b, p, PLR_LEAF_X, d)));
        return acc;
    }
    LLVMValueRef s = state_at(p, d);
    if (s)
        acc = s;
    for (int j = 1; j <= PLR_MAX_ORDER; j++) {
        LLVMValueRef t = state_at(p, d + j);
        if (t && p->state_lin->b[j]) {
            LLVMValueRef bt = fp_or_int(b, p, 0, emit_cn(b, p, p->state_lin->b[j]), t);
            acc = p->is_fp ? LLVMBuildFSub(b, acc, bt, "plr.st") : LLVMBuildSub(b, acc, bt, "plr.st");
        }
    }
    if (p->is_fp)
        acc = LLVMBuildFDiv(b, acc, emit_cn(b, p, p->state_lin->a[0]), "plr.st");
    return acc;
}

static LLVMValueRef widen(LLVMBuilderRef b, const plr_plan *p, LLVMValueRef v) {
    LLVMContextRef C = LLVMGetTypeContext(p->elem);
    switch (p->type) {
    case PLR_I32:
        return LLVMBuildSExt(b, v, LLVMInt64TypeInContext(C), "");
    case PLR_F32:
        return LLVMBuildFPExt(b, v, LLVMDoubleTypeInContext(C), "");
    default:
        return v;
    }
}

static LLVMValueRef entry_alloca(LLVMBuilderRef b, LLVMValueRef fn, LLVMTypeRef ty, const char *name) {
    LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(fn);
    LLVMPositionBuilderBefore(b, LLVMGetFirstInstruction(entry));
    LLVMValueRef a = LLVMBuildAlloca(b, ty, name);
    LLVMSetAlignment(a, 8);
    return a;
}

static LLVMValueRef runtime_fn(LLVMModuleRef mod, LLVMContextRef C, LLVMTypeRef *fty) {
    LLVMTypeRef ptr = LLVMPointerTypeInContext(C, 0);
    LLVMTypeRef params[2] = {ptr, ptr};
    *fty = LLVMFunctionType(LLVMInt32TypeInContext(C), params, 2, 0);
    LLVMValueRef fn = LLVMGetNamedFunction(mod, "plr_run");
    if (!fn)
        fn = LLVMAddFunction(mod, "plr_run", *fty);
    return fn;
}

/* if (plr_abi_vN != N) goto fallback, N being the PLR_ABI_VERSION of the
 * plr.h this pass lays plr_signature and plr_data out by. Only a libplr of
 * that layout defines the symbol, so another one fails at link time (or,
 * loaded in its place, declines here) instead of reading garbage. The load,
 * not just the address, keeps the reference: the address alone folds to
 * non-null. The builder continues in a new block before `before`. */
static void emit_abi_guard(LLVMBuilderRef b, LLVMModuleRef mod, LLVMBasicBlockRef before, LLVMBasicBlockRef fallback) {
    LLVMContextRef C = LLVMGetModuleContext(mod);
    LLVMTypeRef i32 = LLVMInt32TypeInContext(C);
    char name[32];
    snprintf(name, sizeof name, "plr_abi_v%d", PLR_ABI_VERSION);
    LLVMValueRef g = LLVMGetNamedGlobal(mod, name);
    if (!g) {
        g = LLVMAddGlobal(mod, i32, name);
        LLVMSetGlobalConstant(g, 1);
    }
    LLVMValueRef v = LLVMBuildLoad2(b, i32, g, "plr.abi");
    LLVMSetAlignment(v, 4);
    LLVMBasicBlockRef go = LLVMInsertBasicBlockInContext(C, before, "plr.call.abi");
    LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntEQ, v, LLVMConstInt(i32, PLR_ABI_VERSION, 0), ""), go, fallback);
    LLVMPositionBuilderAtEnd(b, go);
}

/* if (!plr_pays(sig, data, passes, stages, chain)) goto fallback; the builder
 * continues in a new block before `before` */
static void emit_pays_guard(LLVMBuilderRef b, LLVMValueRef pays, LLVMTypeRef fty, LLVMValueRef sig, LLVMValueRef data,
                            unsigned passes, unsigned stages, unsigned chain, LLVMBasicBlockRef before,
                            LLVMBasicBlockRef fallback) {
    LLVMContextRef C = LLVMGetTypeContext(LLVMTypeOf(sig));
    LLVMTypeRef i32 = LLVMInt32TypeInContext(C);
    LLVMValueRef args[5] = {sig, data, LLVMConstInt(i32, passes, 0), LLVMConstInt(i32, stages, 0),
                            LLVMConstInt(i32, chain, 0)};
    LLVMValueRef yes = LLVMBuildCall2(b, fty, pays, args, 5, "plr.pays");
    LLVMBasicBlockRef go = LLVMInsertBasicBlockInContext(C, before, "plr.call.go");
    LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntNE, yes, LLVMConstInt(i32, 0, 0), ""), go, fallback);
    LLVMPositionBuilderAtEnd(b, go);
}

/* Not a knob: plr_pays answers from what only the running program knows
 * (n, threads, a GPU, where the arrays live); the pass tells it the shape
 * of the loop it replaces. */
static LLVMValueRef pays_fn(LLVMModuleRef mod, LLVMContextRef C, LLVMTypeRef *fty) {
    LLVMTypeRef ptr = LLVMPointerTypeInContext(C, 0), i32 = LLVMInt32TypeInContext(C);
    LLVMTypeRef params[5] = {ptr, ptr, i32, i32, i32};
    *fty = LLVMFunctionType(i32, params, 5, 0);
    LLVMValueRef fn = LLVMGetNamedFunction(mod, "plr_pays");
    if (!fn)
        fn = LLVMAddFunction(mod, "plr_pays", *fty);
    return fn;
}

/* plr_run_many(sig, data, layout, options, report) and plr_pays_many(sig,
 * data, layout, passes, stages, chain, options, why, whylen), with NULL
 * options (the environment's), report and why. */
static LLVMValueRef run_many_fn(LLVMModuleRef mod, LLVMContextRef C, LLVMTypeRef *fty) {
    LLVMTypeRef ptr = LLVMPointerTypeInContext(C, 0);
    LLVMTypeRef params[5] = {ptr, ptr, ptr, ptr, ptr};
    *fty = LLVMFunctionType(LLVMInt32TypeInContext(C), params, 5, 0);
    LLVMValueRef fn = LLVMGetNamedFunction(mod, "plr_run_many");
    if (!fn)
        fn = LLVMAddFunction(mod, "plr_run_many", *fty);
    return fn;
}

static LLVMValueRef pays_many_fn(LLVMModuleRef mod, LLVMContextRef C, LLVMTypeRef *fty) {
    LLVMTypeRef ptr = LLVMPointerTypeInContext(C, 0), i32 = LLVMInt32TypeInContext(C);
    LLVMTypeRef params[9] = {ptr, ptr, ptr, i32, i32, i32, ptr, ptr, LLVMInt64TypeInContext(C)};
    *fty = LLVMFunctionType(i32, params, 9, 0);
    LLVMValueRef fn = LLVMGetNamedFunction(mod, "plr_pays_many");
    if (!fn)
        fn = LLVMAddFunction(mod, "plr_pays_many", *fty);
    return fn;
}

/* plr_pays_many's answer as emit_pays_guard's. */
static void emit_pays_many_guard(LLVMBuilderRef b, LLVMModuleRef mod, LLVMValueRef sig, LLVMValueRef data,
                                 LLVMValueRef layout, unsigned passes, unsigned stages, unsigned chain,
                                 LLVMBasicBlockRef before, LLVMBasicBlockRef fallback) {
    LLVMContextRef C = LLVMGetModuleContext(mod);
    LLVMTypeRef i32 = LLVMInt32TypeInContext(C), fty;
    LLVMValueRef null = LLVMConstPointerNull(LLVMPointerTypeInContext(C, 0));
    LLVMValueRef fn = pays_many_fn(mod, C, &fty);
    LLVMValueRef args[9] = {sig, data, layout, LLVMConstInt(i32, passes, 0), LLVMConstInt(i32, stages, 0),
                            LLVMConstInt(i32, chain, 0), null, null, LLVMConstInt(LLVMInt64TypeInContext(C), 0, 0)};
    LLVMValueRef yes = LLVMBuildCall2(b, fty, fn, args, 9, "plr.pays");
    LLVMBasicBlockRef go = LLVMInsertBasicBlockInContext(C, before, "plr.call.go");
    LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntNE, yes, LLVMConstInt(i32, 0, 0), ""), go, fallback);
    LLVMPositionBuilderAtEnd(b, go);
}

/* A plr_layout on the stack, its fields set to the given i64 values. */
static LLVMValueRef build_layout(LLVMBuilderRef b, LLVMValueRef fn, LLVMValueRef count, LLVMValueRef x_stride,
                                 LLVMValueRef x_dist, LLVMValueRef y_stride, LLVMValueRef y_dist) {
    LLVMContextRef C = LLVMGetTypeContext(LLVMTypeOf(count));
    LLVMBasicBlockRef at = LLVMGetInsertBlock(b);
    LLVMValueRef l = entry_alloca(b, fn, LLVMArrayType2(LLVMInt8TypeInContext(C), sizeof(plr_layout)), "plr.layout");
    LLVMPositionBuilderAtEnd(b, at);
    store_at(b, count, l, offsetof(plr_layout, count));
    store_at(b, x_stride, l, offsetof(plr_layout, x_stride));
    store_at(b, x_dist, l, offsetof(plr_layout, x_dist));
    store_at(b, y_stride, l, offsetof(plr_layout, y_stride));
    store_at(b, y_dist, l, offsetof(plr_layout, y_dist));
    return l;
}

static int is_chain_op(LLVMValueRef v) {
    switch (LLVMGetInstructionOpcode(v)) {
    case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMShl: case LLVMFAdd: case LLVMFSub:
    case LLVMFMul: case LLVMFNeg: case LLVMSDiv: case LLVMUDiv: case LLVMFDiv: case LLVMCall:
        return 1;
    default:
        return 0;
    }
}

/* Longest path of arithmetic from `src` to v through the loop's
 * instructions (not through other phis or loads), -1 if v does not depend
 * on src. memo holds one entry per instruction visited. */
typedef struct { LLVMValueRef v; int d; } chain_memo;
static int chain_from(const plr_plan *p, LLVMValueRef src, LLVMValueRef v, chain_memo *memo, unsigned *nmemo,
                      unsigned cap, int depth) {
    if (v == src)
        return 0;
    if (!LLVMIsAInstruction(v) || LLVMIsAPHINode(v) || LLVMIsALoadInst(v) || !plr_loop_contains(p->loop, v))
        return -1;
    for (unsigned i = 0; i < *nmemo; i++)
        if (memo[i].v == v)
            return memo[i].d;
    if (*nmemo >= cap || depth > 200)
        return -1;
    int best = -1, nops = LLVMGetNumOperands(v);
    for (int k = 0; k < nops; k++) {
        int d = chain_from(p, src, LLVMGetOperand(v, (unsigned)k), memo, nmemo, cap, depth + 1);
        if (d > best)
            best = d;
    }
    if (best >= 0)
        best += is_chain_op(v);
    memo[(*nmemo)++] = (chain_memo){v, best};
    return best;
}

/* Operations on the loop's longest loop-carried chain: from each header phi
 * to its latch value, and from each reload of the output (y[i-j]) to the
 * stored value. What the loop costs per element when nothing else limits
 * it; the runtime's cost model weighs it (plr_pays). 0: none found. */
static unsigned loop_chain_ops(const plr_plan *p) {
    enum { CAP = 512 };
    chain_memo memo[CAP];
    LLVMBasicBlockRef header = plr_loop_header(p->loop), latch = plr_loop_latch(p->loop);
    int best = 0;
    for (LLVMValueRef phi = LLVMGetFirstInstruction(header); phi && LLVMIsAPHINode(phi);
         phi = LLVMGetNextInstruction(phi)) {
        LLVMValueRef next = plr_incoming_from(phi, latch);
        unsigned nmemo = 0;
        int d = next ? chain_from(p, phi, next, memo, &nmemo, CAP, 0) : -1;
        if (d > best)
            best = d;
    }
    LLVMValueRef stored = LLVMGetOperand(p->store, 0);
    for (unsigned i = 0; i < p->nleaves; i++) {
        if (p->leaves[i].kind != PLR_LEAF_Y || !p->leaves[i].from_memory)
            continue;
        unsigned nmemo = 0;
        int d = chain_from(p, p->leaves[i].v, stored, memo, &nmemo, CAP, 0);
        if (d > best)
            best = d;
    }
    return (unsigned)best;
}

/* The signature's fixed part: zeroed, then type, fir_len and order; the
 * coefficients follow with sig_coef. */
static void sig_begin(LLVMBuilderRef b, const plr_plan *p, LLVMValueRef sig, unsigned fir_len, unsigned order) {
    LLVMContextRef C = LLVMGetTypeContext(p->elem);
    LLVMTypeRef i8 = LLVMInt8TypeInContext(C), i32 = LLVMInt32TypeInContext(C), i64 = LLVMInt64TypeInContext(C);
    LLVMBuildMemSet(b, sig, LLVMConstInt(i8, 0, 0), LLVMConstInt(i64, sizeof(plr_signature), 0), 8);
    store_at(b, LLVMConstInt(i32, p->type, 0), sig, offsetof(plr_signature, type));
    store_at(b, LLVMConstInt(i32, fir_len, 0), sig, offsetof(plr_signature, fir_len));
    store_at(b, LLVMConstInt(i32, order, 0), sig, offsetof(plr_signature, order));
}

/* a[idx] (fir) or b[idx] (feedback) of the signature: v in the element type */
static void sig_coef(LLVMBuilderRef b, const plr_plan *p, LLVMValueRef sig, int feedback, unsigned idx,
                     LLVMValueRef v) {
    size_t at = (feedback ? offsetof(plr_signature, b) : offsetof(plr_signature, a)) + idx * sizeof(plr_coef);
    store_at(b, widen(b, p, v), sig, (int64_t)at);
}

/* A whole signature from a linear form: a[0..fir_len-1], b[1..order]. */
static void sig_from_lin(LLVMBuilderRef b, const plr_plan *p, LLVMValueRef sig, const plr_lin *l, unsigned fir_len,
                         unsigned order) {
    sig_begin(b, p, sig, fir_len, order);
    for (unsigned m = 0; m < fir_len; m++)
        sig_coef(b, p, sig, 0, m, emit_cn(b, p, l->a[m]));
    for (unsigned j = 1; j <= order; j++)
        sig_coef(b, p, sig, 1, j, emit_cn(b, p, l->b[j]));
}

/* Cascade: the values of stage s used after the loop, y[n-1-d], read while
 * y holds that stage (n >= 64 > d). */
static void load_stage_finals(LLVMBuilderRef b, plr_plan *p, int s, LLVMValueRef last) {
    LLVMTypeRef i64 = LLVMInt64TypeInContext(LLVMGetTypeContext(p->elem));
    for (unsigned i = 0; i < p->nliveouts; i++) {
        plr_liveout *lo = &p->liveouts[i];
        if (lo->kind != PLR_LO_Y2 || lo->stage != s)
            continue;
        LLVMValueRef idx = LLVMBuildSub(b, last, LLVMConstInt(i64, (unsigned)lo->delay, 0), "");
        LLVMValueRef at = byte_gep(b, p->y_v, LLVMBuildMul(b, idx, LLVMConstInt(i64, p->size, 0), ""), "");
        lo->repl = LLVMBuildLoad2(b, p->elem, at, "plr.final");
        LLVMSetAlignment(lo->repl, user_align(p));
    }
}

static int is_int_const(LLVMValueRef v, long long k) {
    return LLVMIsAConstantInt(v) && LLVMConstIntGetSExtValue(v) == k;
}

/* The first outputs of a loop with transposed states that do not start
 * from zero (p->peel), computed before the call as the loop computes them:
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
            r = LLVMBuildLoad2(b, p->elem, const_gep(b, p->x_v, (int64_t)tt * p->x_step, ""), "plr.peel.x");
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
static unsigned emit_transposed_start(LLVMBuilderRef b, plr_plan *p, unsigned i0, LLVMValueRef yinit,
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
        LLVMValueRef xv = LLVMBuildLoad2(b, p->elem, const_gep(b, p->x_v, (int64_t)(i0 - m) * p->x_step, ""), "plr.peel.x");
        LLVMSetAlignment(xv, user_align(p));
        store_at(b, xv, xhist, (int64_t)(p->fir_len - 1 - m) * p->size);
    }
    LLVMTypeRef i64 = LLVMTypeOf(n);
    store_at(b, LLVMBuildSub(b, n, LLVMConstInt(i64, i0, 0), ""), data, offsetof(plr_data, n));
    store_at(b, const_gep(b, p->x_v, (int64_t)i0 * p->x_step, ""), data, offsetof(plr_data, x));
    store_at(b, const_gep(b, p->y_v, (int64_t)i0 * p->step, ""), data, offsetof(plr_data, y));
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

/* A composed integer cascade (p->composed). The cascade's output obeys the
 * recurrence with numerator prod A_s and denominator prod B_s (exact in
 * wrapping arithmetic: polynomials over the ring of integers mod 2^w). It
 * holds between real values from index K + F - 1 on, so the first i0 = K + F
 * - 1 outputs are computed here stage by stage from the loop's own initial
 * state, stored, and the one call starts at i0 with y_init = those outputs
 * and x_history = x[i0-F+1..i0-1]. */
static void emit_composed(LLVMBuilderRef b, plr_plan *p, LLVMValueRef fn, LLVMValueRef sig, LLVMValueRef data,
                          LLVMValueRef n) {
    LLVMContextRef C = LLVMGetTypeContext(p->elem);
    LLVMTypeRef i64 = LLVMInt64TypeInContext(C);
    LLVMTypeRef ptr = LLVMPointerTypeInContext(C, 0);
    int N = p->cascade;
    unsigned K = p->ck, P = p->cf - 1, i0 = K + P, H = PLR_MAX_FIR + 1, W = H + i0;
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
        const plr_lin *l = p->stage_lin[s];
        for (unsigned m = 0; m < p->stage_fir[s]; m++)
            ca[s][m] = plr_cn_is_zero(l->a[m]) ? NULL : emit_cn(b, p, l->a[m]);
        for (unsigned j = 1; j <= p->stage_order[s]; j++)
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
            for (unsigned m = 0; m < p->stage_fir[s]; m++) {
                if (!ca[s][m])
                    continue;
                int tt = (int)t - (int)m;
                LLVMValueRef *slot = &v[(size_t)s * W + H + tt]; /* stage s-1 */
                if (!*slot)
                    *slot = s == 0 ? history(b, p, PLR_LEAF_X, -tt) : cascade_history(b, p, s - 1, -tt);
                acc = poly_term(b, acc, ca[s][m], *slot, 0);
            }
            for (unsigned j = 1; j <= p->stage_order[s]; j++) {
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
            for (unsigned m = 0; m < p->stage_fir[s]; m++)
                nA[i + m] = poly_term(b, nA[i + m], ca[s][m], A[i], 0);
        for (unsigned i = 0; i <= db; i++) {
            if (B[i])
                nB[i] = nB[i] ? LLVMBuildAdd(b, nB[i], B[i], "plr.cmp") : B[i];
            for (unsigned j = 1; j <= p->stage_order[s]; j++)
                nB[i + j] = poly_term(b, nB[i + j], cb[s][j], B[i], 1);
        }
        da += p->stage_fir[s] - 1;
        db += p->stage_order[s];
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

/* A folded output (p->fold): y holds stage j. Its first i0 = K + F - 1
 * outputs come from stages j+1..m and the output's FIR, computed here from
 * stage j in y and the loop's initial state; the rest from one call of the
 * folded recurrence in place (the next step), whose history is then real:
 * outputs y[i0-K..i0-1] and stage j's x[i0-F+1..i0-1], saved before they
 * are overwritten. Sets up that call's signature and data. */
static void emit_fold_prologue(LLVMBuilderRef b, plr_plan *p, LLVMValueRef fn, LLVMValueRef sig, LLVMValueRef data,
                               LLVMValueRef n) {
    LLVMContextRef C = LLVMGetTypeContext(p->elem);
    LLVMTypeRef i64 = LLVMInt64TypeInContext(C);
    LLVMTypeRef ptr = LLVMPointerTypeInContext(C, 0);
    int j = p->fold_j, m = p->cascade - 2, ns = m - j + 1;
    unsigned K = p->stage_order[m + 1], P = p->stage_fir[m + 1] - 1, i0 = K + P, H = PLR_MAX_FIR + 1, W = H + i0;
    LLVMBasicBlockRef here = LLVMGetInsertBlock(b);
    LLVMValueRef yinit = entry_alloca(b, fn, LLVMArrayType2(p->elem, K), "plr.yinit.fold");
    LLVMValueRef xhist = P ? entry_alloca(b, fn, LLVMArrayType2(p->elem, P), "plr.xhist.fold") : LLVMConstPointerNull(ptr);
    LLVMPositionBuilderAtEnd(b, here);
    /* v[(s - j) * W + H + t]: stage s at time t */
    LLVMValueRef *v = calloc((size_t)ns * W, sizeof *v);
    if (!v)
        abort();
    for (unsigned t = 0; t < i0; t++) {
        LLVMValueRef ld = LLVMBuildLoad2(b, p->elem, const_gep(b, p->y_v, (int64_t)t * p->size, ""), "plr.s");
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
            const plr_lin *l = p->stage_lin[r];
            LLVMValueRef acc = NULL;
            for (unsigned q = 0; q < p->stage_fir[r]; q++)
                if (!plr_cn_is_zero(l->a[q]))
                    acc = fterm(b, p, acc, emit_cn(b, p, l->a[q]), FOLD_AT(r - 1, (int)t - (int)q));
            for (unsigned k = 1; k <= p->stage_order[r]; k++)
                if (!plr_cn_is_zero(l->b[k]))
                    acc = fterm(b, p, acc, emit_cn(b, p, l->b[k]), FOLD_AT(r, (int)t - (int)k));
            v[(size_t)(r - j) * W + H + t] = acc ? acc : LLVMConstNull(p->elem);
        }
        LLVMValueRef acc = NULL;
        for (int s = j; s <= m; s++)
            for (unsigned q = 0; q < PLR_MAX_FIR; q++)
                if (!plr_cn_is_zero(p->fold_g[s]->a[q]))
                    acc = fterm(b, p, acc, emit_cn(b, p, p->fold_g[s]->a[q]), FOLD_AT(s, (int)t - (int)q));
        out[t] = acc ? acc : LLVMConstNull(p->elem);
    }
#undef FOLD_AT
    /* stage j's last P values before i0 (they are about to be overwritten) */
    for (unsigned q = 0; q < P; q++)
        store_at(b, v[H + i0 - P + q], xhist, (int64_t)q * p->size);
    for (unsigned t = 0; t < i0; t++) {
        LLVMValueRef st = LLVMBuildStore(b, out[t], const_gep(b, p->y_v, (int64_t)t * p->size, ""));
        LLVMSetAlignment(st, user_align(p));
    }
    for (unsigned k = 1; k <= K; k++)
        store_at(b, out[i0 - k], yinit, (int64_t)(K - k) * p->size);
    sig_from_lin(b, p, sig, p->fold_lin, P + 1, K);
    LLVMValueRef at = const_gep(b, p->y_v, (int64_t)i0 * p->size, "");
    store_at(b, LLVMBuildSub(b, n, LLVMConstInt(i64, i0, 0), ""), data, offsetof(plr_data, n));
    store_at(b, at, data, offsetof(plr_data, x));
    store_at(b, at, data, offsetof(plr_data, y));
    store_at(b, xhist, data, offsetof(plr_data, x_history));
    store_at(b, yinit, data, offsetof(plr_data, y_init));
    store_at(b, LLVMConstPointerNull(ptr), data, offsetof(plr_data, y_final));
    free(v);
    free(out);
}

static LLVMValueRef emit_abs(LLVMBuilderRef b, LLVMValueRef v) {
    LLVMValueRef neg = LLVMBuildICmp(b, LLVMIntSLT, v, LLVMConstNull(LLVMTypeOf(v)), "");
    return LLVMBuildSelect(b, neg, LLVMBuildNeg(b, v, ""), v, "");
}

static LLVMValueRef emit_min(LLVMBuilderRef b, LLVMValueRef x, LLVMValueRef y, int max) {
    return LLVMBuildSelect(b, LLVMBuildICmp(b, max ? LLVMIntSGT : LLVMIntSLT, x, y, ""), x, y, "");
}

/* The bytes [lo, hi) of elements -h..n-1 of sequences 0..count-1 that start
 * at base + s*dist and move step bytes per element (all i64, bytes). */
static void nest_box(LLVMBuilderRef b, LLVMValueRef base, LLVMValueRef dist, LLVMValueRef count, LLVMValueRef step,
                     LLVMValueRef n, int64_t h, unsigned size, LLVMValueRef *lo, LLVMValueRef *hi) {
    LLVMTypeRef i64 = LLVMTypeOf(n);
    LLVMValueRef zero = LLVMConstInt(i64, 0, 0), one = LLVMConstInt(i64, 1, 0);
    LLVMValueRef far = LLVMBuildMul(b, LLVMBuildSub(b, count, one, ""), dist, "");
    LLVMValueRef back = LLVMBuildMul(b, LLVMConstInt(i64, (unsigned long long)-h, 1), step, "");
    LLVMValueRef ahead = LLVMBuildMul(b, LLVMBuildSub(b, n, one, ""), step, "");
    LLVMValueRef bi = LLVMBuildPtrToInt(b, base, i64, "");
    *lo = LLVMBuildAdd(b, bi, LLVMBuildAdd(b, emit_min(b, zero, far, 0), emit_min(b, back, ahead, 0), ""), "");
    *hi = LLVMBuildAdd(b, bi, LLVMBuildAdd(b, emit_min(b, zero, far, 1), emit_min(b, back, ahead, 1), ""), "");
    *hi = LLVMBuildAdd(b, *hi, LLVMConstInt(i64, size, 0), "");
}

static LLVMValueRef libc_fn(LLVMModuleRef mod, const char *name, LLVMTypeRef ret, LLVMTypeRef param) {
    LLVMValueRef fn = LLVMGetNamedFunction(mod, name);
    return fn ? fn : LLVMAddFunction(mod, name, LLVMFunctionType(ret, &param, 1, 0));
}

/* The outer loop's computation of a sequence's starting value, repeated for
 * sequence s: its inductions at iteration s, then its instructions cloned
 * in order over them. */
static LLVMValueRef history_computed(LLVMBuilderRef b, const plr_seq_history *h, LLVMValueRef s) {
    LLVMValueRef from[PLR_MAX_HIST_CONE + PLR_MAX_HIST_IVS], to[PLR_MAX_HIST_CONE + PLR_MAX_HIST_IVS];
    unsigned n = 0;
    for (unsigned k = 0; k < h->nivs; k++) {
        LLVMTypeRef t = LLVMTypeOf(h->ivs[k]);
        LLVMValueRef at;
        if (LLVMGetTypeKind(t) == LLVMPointerTypeKind) {
            at = elem_ptr_v(b, h->iv_start_v[k], s, h->iv_step_v[k]);
        } else {
            LLVMValueRef sk = LLVMBuildIntCast2(b, s, t, 0, "");
            at = LLVMBuildAdd(b, h->iv_start_v[k], LLVMBuildMul(b, sk, h->iv_step_v[k], ""), "plr.seq.iv");
        }
        from[n] = h->ivs[k], to[n++] = at;
    }
    for (unsigned c = 0; c < h->ncone; c++) {
        LLVMValueRef cl = LLVMInstructionClone(h->cone[c]);
        LLVMInsertIntoBuilderWithName(b, cl, "plr.seq.init");
        int nops = LLVMGetNumOperands(cl);
        for (int k = 0; k < nops; k++)
            for (unsigned m = 0; m < n; m++)
                if (LLVMGetOperand(cl, (unsigned)k) == from[m]) {
                    LLVMSetOperand(cl, (unsigned)k, to[m]);
                    break;
                }
        from[n] = h->cone[c], to[n++] = cl;
    }
    for (unsigned m = 0; m < n; m++)
        if (from[m] == h->v)
            return to[m];
    return NULL; /* not reached: v is in its own cone */
}

/* Sequence s's value of one history (s an i64 in the gather loop). */
static LLVMValueRef history_value(LLVMBuilderRef b, const plr_plan *p, const plr_seq_history *h, LLVMValueRef s) {
    switch (h->kind) {
    case PLR_HIST_ZERO: return LLVMConstNull(p->elem);
    case PLR_HIST_VALUE: return h->v;
    case PLR_HIST_COMPUTED: return history_computed(b, h, s);
    case PLR_HIST_GATHER: break;
    }
    LLVMValueRef ld = LLVMBuildLoad2(b, p->elem, elem_ptr_v(b, h->start_v, s, h->dist_v), "plr.seq.hist");
    LLVMSetAlignment(ld, h->align > 1 ? h->align : user_align(p));
    return ld;
}

/* y_init and x_history for every sequence, in one buffer from malloc
 * (NULL: to the fallback), filled by a loop over the sequences; data's
 * pointers set. Returns the buffer, to be freed after the call. */
static LLVMValueRef emit_gather(LLVMBuilderRef b, const plr_plan *p, LLVMValueRef count, LLVMValueRef data,
                                LLVMBasicBlockRef fallback) {
    LLVMContextRef C = LLVMGetTypeContext(p->elem);
    LLVMModuleRef mod = LLVMGetGlobalParent(plr_ctx_function(p->ctx));
    LLVMTypeRef i64 = LLVMInt64TypeInContext(C), ptr = LLVMPointerTypeInContext(C, 0);
    const plr_nest *nest = p->nest;
    unsigned k = p->order, f1 = p->fir_len - 1;
    LLVMValueRef bytes = LLVMBuildMul(b, count, LLVMConstInt(i64, (k + f1) * p->size, 0), "");
    LLVMValueRef buf = LLVMBuildCall2(b, LLVMFunctionType(ptr, &i64, 1, 0), libc_fn(mod, "malloc", ptr, i64), &bytes, 1,
                                      "plr.hist.buf");
    LLVMBasicBlockRef body = LLVMInsertBasicBlockInContext(C, fallback, "plr.gather");
    LLVMBasicBlockRef after = LLVMInsertBasicBlockInContext(C, fallback, "plr.gather.done");
    LLVMBasicBlockRef entry = LLVMGetInsertBlock(b);
    LLVMBuildCondBr(b, LLVMBuildIsNull(b, buf, ""), fallback, body);
    LLVMPositionBuilderAtEnd(b, body);
    LLVMValueRef s = LLVMBuildPhi(b, i64, "plr.s");
    LLVMValueRef xb = byte_gep(b, buf, LLVMBuildMul(b, count, LLVMConstInt(i64, k * p->size, 0), ""), "");
    for (unsigned j = 1; j <= k; j++) {
        LLVMValueRef slot = LLVMBuildAdd(b, LLVMBuildMul(b, s, LLVMConstInt(i64, k, 0), ""), LLVMConstInt(i64, k - j, 0), "");
        LLVMValueRef st = LLVMBuildStore(b, history_value(b, p, &nest->y_hist[j - 1], s), elem_ptr(b, buf, slot, p->size));
        LLVMSetAlignment(st, p->size);
    }
    for (unsigned m = 1; m <= f1; m++) {
        LLVMValueRef slot = LLVMBuildAdd(b, LLVMBuildMul(b, s, LLVMConstInt(i64, f1, 0), ""), LLVMConstInt(i64, f1 - m, 0), "");
        LLVMValueRef st = LLVMBuildStore(b, history_value(b, p, &nest->x_hist[m - 1], s), elem_ptr(b, xb, slot, p->size));
        LLVMSetAlignment(st, p->size);
    }
    LLVMValueRef next = LLVMBuildAdd(b, s, LLVMConstInt(i64, 1, 0), "plr.s.next");
    LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntEQ, next, count, ""), after, body);
    LLVMValueRef in_v[2] = {LLVMConstInt(i64, 0, 0), next};
    LLVMBasicBlockRef in_b[2] = {entry, body};
    LLVMAddIncoming(s, in_v, in_b, 2);
    LLVMPositionBuilderAtEnd(b, after);
    store_at(b, buf, data, offsetof(plr_data, y_init));
    store_at(b, f1 ? byte_gep(b, buf, LLVMBuildMul(b, count, LLVMConstInt(i64, k * p->size, 0), ""), "")
                   : LLVMConstPointerNull(ptr),
             data, offsetof(plr_data, x_history));
    return buf;
}

/* A versioned region: the preheader (the check goes at its end), the call
 * path, the join after a successful call, and the fallback block that
 * branches to the original loop. */
typedef struct versioned {
    LLVMBasicBlockRef check, call, done, fallback;
    LLVMValueRef sig, data; /* plr_signature and plr_data, static allocas */
} versioned;

static versioned version_at(LLVMBuilderRef b, LLVMValueRef fn, LLVMBasicBlockRef ph, const char *call,
                            const char *done) {
    LLVMContextRef C = LLVMGetModuleContext(LLVMGetGlobalParent(fn));
    LLVMTypeRef i8 = LLVMInt8TypeInContext(C);
    versioned v = {.check = ph};
    v.fallback = plr_split_before_terminator(ph);
    v.call = LLVMInsertBasicBlockInContext(C, v.fallback, call);
    v.done = LLVMInsertBasicBlockInContext(C, v.fallback, done);
    LLVMSetValueName2(LLVMBasicBlockAsValue(v.fallback), "plr.fallback", 12);
    v.sig = entry_alloca(b, fn, LLVMArrayType2(i8, sizeof(plr_signature)), "plr.sig");
    v.data = entry_alloca(b, fn, LLVMArrayType2(i8, sizeof(plr_data)), "plr.data");
    return v;
}

/* The smallest trip count (of a loop, or of all sequences of a call) worth
 * a call: the user's or the default, never below the hard floor. */
static uint64_t call_threshold(void) {
    uint64_t min_n = plr_min_n();
    return min_n < PLR_HARD_MIN_N ? PLR_HARD_MIN_N : min_n;
}

/* A clone of `loop` (the recurrence loop, or the nest around it) that
 * stores each input term t[i]: every y leaf zero (the form is linear in
 * them) and, with an output map, the state's term rather than g of it. It
 * runs from the builder's block; the builder continues in a new block
 * before `before`. */
static void emit_input_terms(LLVMBuilderRef b, const plr_plan *p, plr_loop *loop, LLVMBasicBlockRef before,
                             const char *name) {
    LLVMBasicBlockRef cont = LLVMInsertBasicBlockInContext(LLVMGetTypeContext(p->elem), before, name);
    plr_vmap *vm = plr_clone_loop(p->ctx, loop, LLVMGetInsertBlock(b), cont);
    LLVMBuildBr(b, plr_vmap_block(vm, plr_loop_header(loop)));
    if (p->out)
        LLVMSetOperand(plr_vmap_get(vm, p->store), 0, plr_vmap_get(vm, p->value));
    LLVMValueRef zero = LLVMConstNull(p->elem);
    for (unsigned i = 0; i < p->nleaves; i++) {
        LLVMValueRef cl = p->leaves[i].kind == PLR_LEAF_Y ? plr_vmap_get(vm, p->leaves[i].v) : NULL;
        if (cl)
            LLVMReplaceAllUsesWith(cl, zero);
    }
    plr_vmap_free(vm);
    LLVMPositionBuilderAtEnd(b, cont);
}

/* y at `at` = g(y at `at`), g the loop's output map cloned (elementwise,
 * so vectorizable). */
static void emit_output_map(LLVMBuilderRef b, const plr_plan *p, LLVMValueRef at) {
    LLVMValueRef st = LLVMBuildLoad2(b, p->elem, at, "plr.state");
    LLVMSetAlignment(st, user_align(p));
    LLVMValueRef *clones = malloc(p->nchain * sizeof *clones);
    if (!clones)
        abort();
    for (unsigned c = 0; c < p->nchain; c++) {
        LLVMValueRef cl = LLVMInstructionClone(p->chain[c]);
        LLVMInsertIntoBuilderWithName(b, cl, "plr.map");
        int nops = LLVMGetNumOperands(cl);
        for (int k = 0; k < nops; k++) {
            LLVMValueRef op = LLVMGetOperand(cl, (unsigned)k);
            if (op == p->value)
                LLVMSetOperand(cl, (unsigned)k, st);
            for (unsigned d = 0; d < c; d++)
                if (op == p->chain[d])
                    LLVMSetOperand(cl, (unsigned)k, clones[d]);
        }
        clones[c] = cl;
    }
    LLVMValueRef sto = LLVMBuildStore(b, clones[p->nchain - 1], at);
    LLVMSetAlignment(sto, user_align(p));
    free(clones);
}

/* The output map over every sequence of a nest: for s < count, i < n:
 * y0 + s*dist + i*step. Returns the block after it. */
static LLVMBasicBlockRef emit_nest_map(LLVMBuilderRef b, const plr_plan *p, LLVMValueRef count, LLVMValueRef n,
                                       LLVMValueRef step, LLVMBasicBlockRef before) {
    const plr_nest *nest = p->nest;
    LLVMContextRef C = LLVMGetTypeContext(p->elem);
    LLVMTypeRef i64 = LLVMInt64TypeInContext(C);
    LLVMValueRef zero = LLVMConstInt(i64, 0, 0), one = LLVMConstInt(i64, 1, 0);
    LLVMBasicBlockRef entry = LLVMGetInsertBlock(b);
    LLVMBasicBlockRef outer = LLVMInsertBasicBlockInContext(C, before, "plr.map.seq");
    LLVMBasicBlockRef inner = LLVMInsertBasicBlockInContext(C, before, "plr.map");
    LLVMBasicBlockRef latch = LLVMInsertBasicBlockInContext(C, before, "plr.map.seq.next");
    LLVMBasicBlockRef after = LLVMInsertBasicBlockInContext(C, before, "plr.map.done");
    LLVMBuildBr(b, outer);
    LLVMPositionBuilderAtEnd(b, outer);
    LLVMValueRef sq = LLVMBuildPhi(b, i64, "plr.s");
    LLVMValueRef row = elem_ptr_v(b, nest->y0_v, sq, nest->y_dist_v);
    LLVMBuildBr(b, inner);
    LLVMPositionBuilderAtEnd(b, inner);
    LLVMValueRef i = LLVMBuildPhi(b, i64, "plr.i");
    emit_output_map(b, p, elem_ptr_v(b, row, i, step));
    LLVMValueRef inext = LLVMBuildAdd(b, i, one, "plr.i.next");
    LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntEQ, inext, n, ""), latch, inner);
    LLVMValueRef iv[2] = {zero, inext};
    LLVMBasicBlockRef ib[2] = {outer, inner};
    LLVMAddIncoming(i, iv, ib, 2);
    LLVMPositionBuilderAtEnd(b, latch);
    LLVMValueRef snext = LLVMBuildAdd(b, sq, one, "plr.s.next");
    LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntEQ, snext, count, ""), after, outer);
    LLVMValueRef sv[2] = {zero, snext};
    LLVMBasicBlockRef sb[2] = {entry, latch};
    LLVMAddIncoming(sq, sv, sb, 2);
    LLVMPositionBuilderAtEnd(b, after);
    return after;
}

/* The whole nest as one plr_run_many:
 *
 *   outer preheader: n, count, starts and distances (SCEV expansions)
 *                    if (the guards hold && n, count >= 1 && count*n >= min_n
 *                        && distances are whole elements) goto call
 *                    else goto fallback
 *   plr.call:        signature, data (zero histories), layout; unless the
 *                    user set plr-min-n, if (!plr_pays_many(...)) goto
 *                    fallback; if (plr_run_many(...) == PLR_OK) goto exit
 *   fallback:        the original nest
 *
 * The overlap of the sequences' inputs and outputs is the runtime's check
 * (PLR_ERR_OVERLAP writes nothing; the fallback runs): the loop reads no
 * element before a sequence's first (zero histories), so exactly in place
 * is the only overlap under which the nest and the call agree. */
static void rewrite_nest(plr_plan *p) {
    plr_nest *nest = p->nest;
    const plr_call_plan *cp = p->calls;
    LLVMContextRef C = LLVMGetTypeContext(p->elem);
    LLVMValueRef fn = plr_ctx_function(p->ctx);
    LLVMModuleRef mod = LLVMGetGlobalParent(fn);
    LLVMTypeRef i32 = LLVMInt32TypeInContext(C), i64 = LLVMInt64TypeInContext(C);
    LLVMTypeRef ptr = LLVMPointerTypeInContext(C, 0);
    LLVMBuilderRef b = LLVMCreateBuilderInContext(C);
    LLVMMetadataRef loc = LLVMInstructionGetDebugLoc(p->store);

    LLVMBasicBlockRef exit = plr_loop_exit(nest->outer), latch = plr_loop_latch(nest->outer);
    versioned vr = version_at(b, fn, plr_loop_preheader(nest->outer), "plr.nest.call", "plr.nest.done");
    LLVMBasicBlockRef ph = vr.check, fallback = vr.fallback, call = vr.call, done = vr.done;
    LLVMValueRef sig = vr.sig, data = vr.data;
    if (loc)
        LLVMSetCurrentDebugLocation2(b, loc);

    LLVMInstructionEraseFromParent(LLVMGetBasicBlockTerminator(ph));
    LLVMPositionBuilderAtEnd(b, ph);
    LLVMValueRef n = p->n_v, count = nest->count_v, ok = LLVMConstInt(LLVMInt1TypeInContext(C), 1, 0);
    for (unsigned g = 0; g < nest->nguards; g++) {
        LLVMValueRef c = nest->guard[g];
        ok = LLVMBuildAnd(b, ok, nest->guard_dir[g] ? c : LLVMBuildNot(b, c, ""), "plr.guard");
    }
    /* Both below 2^31: count * n cannot wrap. */
    LLVMValueRef lim = LLVMConstInt(i64, UINT64_C(1) << 31, 0), one = LLVMConstInt(i64, 1, 0);
    ok = LLVMBuildAnd(b, ok, LLVMBuildICmp(b, LLVMIntUGE, n, one, ""), "");
    ok = LLVMBuildAnd(b, ok, LLVMBuildICmp(b, LLVMIntULT, n, lim, ""), "");
    ok = LLVMBuildAnd(b, ok, LLVMBuildICmp(b, LLVMIntUGE, count, one, ""), "");
    ok = LLVMBuildAnd(b, ok, LLVMBuildICmp(b, LLVMIntULT, count, lim, ""), "");
    uint64_t min_n = call_threshold();
    LLVMValueRef total = LLVMBuildMul(b, n, count, "plr.total");
    ok = LLVMBuildAnd(b, ok, LLVMBuildICmp(b, LLVMIntUGE, total, LLVMConstInt(i64, min_n, 0), ""), "plr.big");
    LLVMValueRef size = LLVMConstInt(i64, p->size, 0), zero = LLVMConstInt(i64, 0, 0);
    LLVMValueRef dists[3] = {nest->y_dist_v, nest->x_dist_v, nest->step_v ? nest->step_v : zero};
    for (unsigned d = 0; d < 3; d++)
        if (!LLVMIsConstant(dists[d]) && (d == 0 || dists[d] != dists[0]))
            ok = LLVMBuildAnd(b, ok, LLVMBuildICmp(b, LLVMIntEQ, LLVMBuildSRem(b, dists[d], size, ""), zero, ""), "");
    LLVMValueRef ystep = nest->step_v ? nest->step_v : LLVMConstInt(i64, (unsigned long long)p->step, 1);
    LLVMValueRef xstep = nest->step_v ? nest->step_v : LLVMConstInt(i64, (unsigned long long)p->x_step, 1);
    if (cp->checks & PLR_CHECK_SEQ_HISTORY) {
        /* y[-j] of every sequence is read before the call: no sequence may
         * write it. Sequences far enough apart (rows: the distance covers
         * n + order elements) or all within one step (columns side by side)
         * never do. (Both factors below 2^32 bytes: no wrap.) */
        LLVMValueRef d = emit_abs(b, nest->y_dist_v), st = emit_abs(b, ystep);
        LLVMValueRef lim32 = LLVMConstInt(i64, UINT64_C(1) << 32, 0);
        ok = LLVMBuildAnd(b, ok, LLVMBuildICmp(b, LLVMIntULT, d, lim32, ""), "");
        ok = LLVMBuildAnd(b, ok, LLVMBuildICmp(b, LLVMIntULT, st, lim32, ""), "");
        LLVMValueRef span = LLVMBuildMul(b, LLVMBuildAdd(b, n, LLVMConstInt(i64, p->order, 0), ""), st, "");
        LLVMValueRef rows = LLVMBuildICmp(b, LLVMIntUGE, d, span, "plr.apart.rows");
        LLVMValueRef lanes = LLVMBuildICmp(b, LLVMIntULT, LLVMBuildMul(b, d, LLVMBuildSub(b, count, one, ""), ""), st,
                                           "plr.apart.lanes");
        ok = LLVMBuildAnd(b, ok, LLVMBuildOr(b, rows, lanes, ""), "");
    }
    if (cp->checks & PLR_CHECK_LOADS_APART) {
        /* The clone writes the input terms into y before the runtime runs:
         * nothing they read may lie in y, in any sequence. */
        LLVMValueRef ylo, yhi;
        nest_box(b, nest->y0_v, nest->y_dist_v, count, ystep, n, 0, p->size, &ylo, &yhi);
        for (unsigned i = 0; i < p->nrl; i++) {
            LLVMValueRef lo, hi;
            nest_box(b, nest->rl_start_v[i], nest->rl_dist_v[i], count,
                     LLVMConstInt(i64, (unsigned long long)p->rl_step[i], 1), n, 0, (unsigned)p->rl_size[i], &lo, &hi);
            ok = LLVMBuildAnd(b, ok, LLVMBuildOr(b, LLVMBuildICmp(b, LLVMIntSLE, hi, ylo, ""),
                                                 LLVMBuildICmp(b, LLVMIntSLE, yhi, lo, ""), "plr.apart"), "");
        }
    }
    if (cp->checks & PLR_CHECK_X_APART) {
        /* x[-m] too: x, its histories included, apart from y. */
        LLVMValueRef xlo, xhi, ylo, yhi;
        nest_box(b, nest->x0_v, nest->x_dist_v, count, xstep, n, (int64_t)p->fir_len - 1, p->size, &xlo, &xhi);
        nest_box(b, nest->y0_v, nest->y_dist_v, count, ystep, n, 0, p->size, &ylo, &yhi);
        ok = LLVMBuildAnd(b, ok, LLVMBuildOr(b, LLVMBuildICmp(b, LLVMIntSLE, xhi, ylo, ""),
                                             LLVMBuildICmp(b, LLVMIntSLE, yhi, xlo, ""), "plr.x.apart"), "");
    }
    if (cp->checks & PLR_CHECK_X_NOT_Y) /* later stages run in place over y: x must stay intact for the fallback */
        ok = LLVMBuildAnd(b, ok, LLVMBuildICmp(b, LLVMIntNE, nest->x0_v, nest->y0_v, ""), "");
    LLVMBuildCondBr(b, ok, call, fallback);

    LLVMPositionBuilderAtEnd(b, call);
    emit_abi_guard(b, mod, done, fallback);
    sig_from_lin(b, p, sig, p->lin, p->fir_len, p->order);
    LLVMValueRef null = LLVMConstPointerNull(ptr);
    store_at(b, n, data, offsetof(plr_data, n));
    store_at(b, nest->x0_v, data, offsetof(plr_data, x));
    store_at(b, nest->y0_v, data, offsetof(plr_data, y));
    store_at(b, null, data, offsetof(plr_data, x_history));
    store_at(b, null, data, offsetof(plr_data, y_init));
    store_at(b, null, data, offsetof(plr_data, y_final));
    /* (a run-time stride is x's too: recognize takes only streams that move like y) */
    LLVMValueRef stride = nest->step_v ? LLVMBuildExactSDiv(b, nest->step_v, size, "plr.stride") : NULL;
    LLVMValueRef layout = build_layout(
        b, fn, count, stride ? stride : LLVMConstInt(i64, (unsigned long long)(p->x_step / (int64_t)p->size), 1),
        LLVMBuildExactSDiv(b, nest->x_dist_v, size, "plr.x.dist"),
        stride ? stride : LLVMConstInt(i64, (unsigned long long)(p->step / (int64_t)p->size), 1),
        LLVMBuildExactSDiv(b, nest->y_dist_v, size, "plr.y.dist"));
    LLVMTypeRef fty = NULL;
    LLVMValueRef rt = NULL, status = NULL, buf = NULL;
    LLVMValueRef args[5] = {sig, data, layout, null, null};
    int gathered = 0, joined = 0;
    LLVMBasicBlockRef tail = done;
    for (unsigned i = 0; i < cp->nsteps; i++) {
        const plr_step *st = &cp->steps[i];
        if (i == cp->ask_at && !plr_min_n_given())
            emit_pays_many_guard(b, mod, sig, data, layout, cp->passes, cp->stages, loop_chain_ops(p), done, fallback);
        /* the sequences' histories, before a map writes y (they lie outside
         * every sequence) */
        int writes_y = st->kind == PLR_STEP_CALL || (st->kind == PLR_STEP_MAP && st->map == PLR_MAP_INPUT);
        if (!gathered && writes_y && plr_call_plan_first(cp, PLR_STEP_CALL)->history == PLR_FROM_GATHER)
            buf = emit_gather(b, p, count, data, fallback), gathered = 1;
        if (st->kind == PLR_STEP_MAP && st->map == PLR_MAP_INPUT) {
            emit_input_terms(b, p, nest->outer, fallback, "plr.nest.run"); /* for every sequence */
        } else if (st->kind == PLR_STEP_MAP && st->map == PLR_MAP_OUTPUT) {
            if (!joined)
                LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntEQ, status, LLVMConstInt(i32, PLR_OK, 0), ""), done, fallback);
            joined = 1;
            LLVMPositionBuilderAtEnd(b, done);
            tail = emit_nest_map(b, p, count, n, ystep, fallback);
        } else if (st->kind == PLR_STEP_CALL && !status) {
            rt = run_many_fn(mod, C, &fty);
            status = LLVMBuildCall2(b, fty, rt, args, 5, "plr.status");
            if (buf)
                LLVMBuildCall2(b, LLVMFunctionType(LLVMVoidTypeInContext(C), &ptr, 1, 0),
                               libc_fn(mod, "free", LLVMVoidTypeInContext(C), ptr), &buf, 1, "");
        } else if (st->kind == PLR_STEP_CALL) {
            /* A later stage of a cascade, over the previous one's output in
             * place, from zero states. If it fails, y holds an earlier stage
             * and x is intact: the fallback runs the whole nest again. */
            LLVMBasicBlockRef next = LLVMInsertBasicBlockInContext(C, done, "plr.nest.stage");
            LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntEQ, status, LLVMConstInt(i32, PLR_OK, 0), ""), next, fallback);
            LLVMPositionBuilderAtEnd(b, next);
            sig_from_lin(b, p, sig, p->stage_lin[st->stage], st->fir_len, st->order);
            if (st->stage == 1) { /* from now on x is y, laid out as y */
                store_at(b, nest->y0_v, data, offsetof(plr_data, x));
                store_at(b, stride ? stride : LLVMConstInt(i64, (unsigned long long)(p->step / (int64_t)p->size), 1),
                         layout, offsetof(plr_layout, x_stride));
                store_at(b, LLVMBuildExactSDiv(b, nest->y_dist_v, size, ""), layout, offsetof(plr_layout, x_dist));
            }
            status = LLVMBuildCall2(b, fty, rt, args, 5, "plr.status.stage");
        } else {
            abort(); /* nest.c takes no other step into a nest */
        }
    }
    if (!joined) {
        LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntEQ, status, LLVMConstInt(i32, PLR_OK, 0), ""), done, fallback);
        LLVMPositionBuilderAtEnd(b, done);
    }
    LLVMBuildBr(b, exit);
    /* Nothing computed in the nest is used after it: an exit phi carries a
     * value from before the nest. */
    for (LLVMValueRef phi = LLVMGetFirstInstruction(exit); phi && LLVMIsAPHINode(phi);
         phi = LLVMGetNextInstruction(phi)) {
        LLVMValueRef v = plr_incoming_from(phi, latch);
        if (!v)
            v = LLVMGetPoison(LLVMTypeOf(phi));
        LLVMAddIncoming(phi, &v, &tail, 1);
    }
    LLVMDisposeBuilder(b);
    plr_loop_add_marker(p->loop, "plr.versioned");
    plr_loop_add_marker(nest->outer, "plr.versioned");
}

/* Interleaved channels, each its own recurrence of one signature, as one
 * plr_run_many (count = channels, dist = their spacing): histories of every
 * channel into y_init/x_history blocks, every channel's last outputs from
 * y_final. Overlap of inputs and outputs is the runtime's check; the
 * channels lie within one step, so none writes another's history. */
static void rewrite_channels(plr_plan *p) {
    plr_channels *ch = p->chan;
    unsigned m = ch->count, K = p->order, F1 = p->fir_len - 1;
    LLVMContextRef C = LLVMGetTypeContext(p->elem);
    LLVMValueRef fn = plr_ctx_function(p->ctx);
    LLVMModuleRef mod = LLVMGetGlobalParent(fn);
    LLVMTypeRef i32 = LLVMInt32TypeInContext(C), i64 = LLVMInt64TypeInContext(C);
    LLVMTypeRef ptr = LLVMPointerTypeInContext(C, 0);
    LLVMBuilderRef b = LLVMCreateBuilderInContext(C);
    LLVMMetadataRef loc = LLVMInstructionGetDebugLoc(p->store);
    LLVMBasicBlockRef exit = plr_loop_exit(p->loop), latch = plr_loop_latch(p->loop);
    versioned vr = version_at(b, fn, plr_loop_preheader(p->loop), "plr.chan.call", "plr.chan.done");
    LLVMValueRef sig = vr.sig, data = vr.data;
    LLVMValueRef yinit = entry_alloca(b, fn, LLVMArrayType2(p->elem, m * K), "plr.yinit");
    LLVMValueRef yfinal = entry_alloca(b, fn, LLVMArrayType2(p->elem, m * K), "plr.yfinal");
    LLVMValueRef xhist = F1 ? entry_alloca(b, fn, LLVMArrayType2(p->elem, m * F1), "plr.xhist") : LLVMConstPointerNull(ptr);
    if (loc)
        LLVMSetCurrentDebugLocation2(b, loc);

    LLVMInstructionEraseFromParent(LLVMGetBasicBlockTerminator(vr.check));
    LLVMPositionBuilderAtEnd(b, vr.check);
    LLVMValueRef n = p->n_v;
    uint64_t min_n = call_threshold();
    LLVMValueRef ok = LLVMBuildICmp(b, LLVMIntUGE, n, LLVMConstInt(i64, 1, 0), "");
    ok = LLVMBuildAnd(b, ok, LLVMBuildICmp(b, LLVMIntULT, n, LLVMConstInt(i64, UINT64_C(1) << 36, 0), ""), "");
    LLVMValueRef total = LLVMBuildMul(b, n, LLVMConstInt(i64, m, 0), "plr.total");
    ok = LLVMBuildAnd(b, ok, LLVMBuildICmp(b, LLVMIntUGE, total, LLVMConstInt(i64, min_n, 0), ""), "plr.big");
    LLVMBuildCondBr(b, ok, vr.call, vr.fallback);

    LLVMPositionBuilderAtEnd(b, vr.call);
    emit_abi_guard(b, mod, vr.done, vr.fallback);
    sig_from_lin(b, p, sig, p->lin, p->fir_len, K);
    store_at(b, n, data, offsetof(plr_data, n));
    store_at(b, p->x_v, data, offsetof(plr_data, x));
    store_at(b, p->y_v, data, offsetof(plr_data, y));
    LLVMValueRef layout = build_layout(b, fn, LLVMConstInt(i64, m, 0),
                                       LLVMConstInt(i64, (unsigned long long)(p->x_step / (int64_t)p->size), 1),
                                       LLVMConstInt(i64, (unsigned long long)(ch->x_dist / (int64_t)p->size), 1),
                                       LLVMConstInt(i64, (unsigned long long)(p->step / (int64_t)p->size), 1),
                                       LLVMConstInt(i64, (unsigned long long)(ch->y_dist / (int64_t)p->size), 1));
    /* The loop runs its m chains side by side: per element, a chain's
     * latency shared m ways. */
    unsigned chain = (loop_chain_ops(p) + m - 1) / m;
    const plr_call_plan *cp = p->calls;
    LLVMValueRef status = NULL;
    for (unsigned i = 0; i < cp->nsteps; i++) {
        if (i == cp->ask_at && !plr_min_n_given())
            emit_pays_many_guard(b, mod, sig, data, layout, cp->passes, cp->stages, chain ? chain : 1, vr.done,
                                 vr.fallback);
        if (cp->steps[i].kind != PLR_STEP_CALL || status)
            abort(); /* channels.c merges plain recurrences only: one call */
        for (unsigned k = 0; k < m; k++) {
            const plr_plan *q = ch->sub[k];
            for (unsigned j = 1; j <= K; j++)
                store_at(b, history(b, q, PLR_LEAF_Y, (int)j), yinit, (int64_t)(k * K + K - j) * p->size);
            for (unsigned mm = 1; mm <= F1; mm++)
                store_at(b, history(b, q, PLR_LEAF_X, (int)mm), xhist, (int64_t)(k * F1 + F1 - mm) * p->size);
        }
        store_at(b, xhist, data, offsetof(plr_data, x_history));
        store_at(b, yinit, data, offsetof(plr_data, y_init));
        store_at(b, yfinal, data, offsetof(plr_data, y_final));
        LLVMTypeRef fty;
        LLVMValueRef rt = run_many_fn(mod, C, &fty), null = LLVMConstPointerNull(ptr);
        LLVMValueRef args[5] = {sig, data, layout, null, null};
        status = LLVMBuildCall2(b, fty, rt, args, 5, "plr.status");
    }
    LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntEQ, status, LLVMConstInt(i32, PLR_OK, 0), ""), vr.done, vr.fallback);

    LLVMPositionBuilderAtEnd(b, vr.done);
    for (unsigned k = 0; k < m; k++) {
        plr_plan *q = ch->sub[k];
        for (unsigned i = 0; i < q->nliveouts; i++) {
            plr_liveout *lo = &q->liveouts[i];
            if (lo->kind != PLR_LO_Y)
                continue; /* PLR_LO_SCEV: expanded before the loop */
            LLVMValueRef at = const_gep(b, yfinal, (int64_t)(k * K + K - 1 - (unsigned)lo->delay) * p->size, "");
            lo->repl = LLVMBuildLoad2(b, p->elem, at, "plr.final");
            LLVMSetAlignment(lo->repl, p->size);
        }
    }
    LLVMBuildBr(b, exit);
    for (LLVMValueRef phi = LLVMGetFirstInstruction(exit); phi && LLVMIsAPHINode(phi);
         phi = LLVMGetNextInstruction(phi)) {
        LLVMValueRef w = plr_incoming_from(phi, latch), v = w;
        for (unsigned k = 0; k < m; k++)
            for (unsigned i = 0; i < ch->sub[k]->nliveouts; i++)
                if (ch->sub[k]->liveouts[i].v == w)
                    v = ch->sub[k]->liveouts[i].repl;
        if (!v)
            v = LLVMGetPoison(LLVMTypeOf(phi));
        LLVMAddIncoming(phi, &v, &vr.done, 1);
    }
    LLVMDisposeBuilder(b);
    plr_loop_add_marker(p->loop, "plr.versioned");
}

/* The rewrite of a single loop in progress: what the lowerings of its
 * steps share. */
typedef struct lowering {
    plr_plan *p;
    const plr_call_plan *cp;
    LLVMBuilderRef b;
    LLVMContextRef C;
    LLVMValueRef fn;
    LLVMModuleRef mod;
    LLVMMetadataRef loc;
    versioned vr;
    LLVMValueRef yinit, yfinal, xhist; /* the first call's histories and final values */
    LLVMValueRef layout;               /* the first call's plr_layout; NULL: plr_run */
    LLVMValueRef n, last;              /* last = n - 1, set by the first call */
    LLVMValueRef rt;                   /* plr_run */
    LLVMTypeRef rt_ty;
    LLVMValueRef ok;                   /* the last call succeeded; NULL before the first */
    int stage;                         /* the cascade stage y holds after the last call */
    int y_saved, x_saved;              /* the first call's history arrays are filled */
    int data_ready;                    /* its plr_data is complete (a composed prologue) */
    int joined;                        /* past the calls: in plr.done, or a map after it */
    LLVMValueRef peeled[2 * PLR_MAX_ORDER + PLR_MAX_FIR];
    unsigned npeeled;
} lowering;

/* ---- the check, in the preheader */
static void lower_checks(lowering *L) {
    plr_plan *p = L->p;
    LLVMBuilderRef b = L->b;
    LLVMTypeRef i64 = LLVMInt64TypeInContext(L->C);
    unsigned checks = L->cp->checks;
    LLVMInstructionEraseFromParent(LLVMGetBasicBlockTerminator(L->vr.check));
    LLVMPositionBuilderAtEnd(b, L->vr.check);
    uint64_t min_n = call_threshold();
    LLVMValueRef n = L->n;
    LLVMValueRef ok = LLVMBuildICmp(b, LLVMIntUGE, n, LLVMConstInt(i64, min_n, 0), "plr.big");
    /* n < 2^56 (2^36 when strided: steps are at most 2^20 bytes) keeps
     * n * step from wrapping in the overlap test. */
    int unit = plr_call_plan_first(L->cp, PLR_STEP_CALL)->layout == PLR_LAYOUT_UNIT;
    ok = LLVMBuildAnd(b, ok,
                      LLVMBuildICmp(b, LLVMIntULT, n, LLVMConstInt(i64, UINT64_C(1) << (unit ? 56 : 36), 0), ""), "");
    LLVMValueRef yi, yend;
    footprint(b, p->y_v, n, p->step, 0, p->size, &yi, &yend);
    if (checks & PLR_CHECK_X_APART) {
        LLVMValueRef xlo, xend;
        footprint(b, p->x_v, n, p->x_step, p->x_mem_history, p->size, &xlo, &xend);
        /* The loop reads x[-h..n-1] and writes y[0..n-1]: if those do not
         * meet, the loop's reads never see its own writes. */
        LLVMValueRef disjoint = LLVMBuildOr(b, LLVMBuildICmp(b, LLVMIntULE, xend, yi, ""),
                                            LLVMBuildICmp(b, LLVMIntULE, yend, xlo, ""), "plr.disjoint");
        /* Exactly in place reads x[i] before writing y[i]. */
        if (checks & PLR_CHECK_X_OR_SAME)
            disjoint = LLVMBuildOr(b, disjoint,
                                   LLVMBuildICmp(b, LLVMIntEQ, LLVMBuildPtrToInt(b, p->x_v, i64, ""),
                                                 LLVMBuildPtrToInt(b, p->y_v, i64, ""), ""), "");
        ok = LLVMBuildAnd(b, ok, disjoint, "");
    }
    if (checks & PLR_CHECK_LOADS_APART) {
        /* The map writes t into y[0..n-1] before the runtime runs, and a
         * reloaded coefficient must not change: nothing those loads read
         * may lie in y. */
        LLVMValueRef last0 = LLVMBuildSub(b, n, LLVMConstInt(i64, 1, 0), "");
        for (unsigned r = 0; r < p->nrl; r++) {
            LLVMValueRef lo = LLVMBuildPtrToInt(b, p->rl_v[r], i64, "");
            /* iterations 0..n-1 read [lo, lo + (n-1)*step + size) */
            LLVMValueRef span = LLVMBuildMul(b, last0, LLVMConstInt(i64, (uint64_t)p->rl_step[r], 0), "");
            LLVMValueRef hi = LLVMBuildAdd(b, LLVMBuildAdd(b, lo, span, ""), LLVMConstInt(i64, (uint64_t)p->rl_size[r], 0), "");
            LLVMValueRef apart = LLVMBuildOr(b, LLVMBuildICmp(b, LLVMIntULE, hi, yi, ""),
                                             LLVMBuildICmp(b, LLVMIntULE, yend, lo, ""), "plr.apart");
            ok = LLVMBuildAnd(b, ok, apart, "");
        }
    }
    LLVMBuildCondBr(b, ok, L->vr.call, L->vr.fallback);
}

/* The first call's signature and data, before plr_pays reads them (a
 * composed prologue builds its own). */
static void open_first_call(lowering *L) {
    plr_plan *p = L->p;
    LLVMBuilderRef b = L->b;
    LLVMTypeRef i64 = LLVMInt64TypeInContext(L->C);
    const plr_step *first = plr_call_plan_first(L->cp, PLR_STEP_CALL);
    if (first->form == PLR_FORM_LOOP) {
        sig_from_lin(b, p, L->vr.sig, p->lin, first->fir_len, first->order);
        store_at(b, L->n, L->vr.data, offsetof(plr_data, n));
        store_at(b, p->x_v, L->vr.data, offsetof(plr_data, x));
        store_at(b, p->y_v, L->vr.data, offsetof(plr_data, y));
    }
    /* Strided or backward: one sequence of plr_run_many. */
    if (first->layout == PLR_LAYOUT_STRIDED) {
        LLVMValueRef zero = LLVMConstInt(i64, 0, 0);
        L->layout = build_layout(b, L->fn, LLVMConstInt(i64, 1, 0),
                                 LLVMConstInt(i64, (unsigned long long)(p->x_step / (int64_t)p->size), 1), zero,
                                 LLVMConstInt(i64, (unsigned long long)(p->step / (int64_t)p->size), 1), zero);
    }
}

/* plr_pays (plr_pays_many with a layout) with the plan's passes and
 * stages, before the step that needs the answer. */
static void lower_ask(lowering *L, LLVMValueRef pays, LLVMTypeRef pays_ty) {
    unsigned chain = loop_chain_ops(L->p);
    if (L->layout)
        emit_pays_many_guard(L->b, L->mod, L->vr.sig, L->vr.data, L->layout, L->cp->passes, L->cp->stages, chain,
                             L->vr.done, L->vr.fallback);
    else
        emit_pays_guard(L->b, pays, pays_ty, L->vr.sig, L->vr.data, L->cp->passes, L->cp->stages, chain, L->vr.done,
                        L->vr.fallback);
}

/* Values that do not depend on the output (a second accumulator): a copy of
 * the loop without its store computes them, before a call or a map writes
 * y. Nothing they read is written by the loop (checked), so the copy sees
 * what the loop would. */
static void lower_side(lowering *L) {
    plr_plan *p = L->p;
    LLVMBuilderRef b = L->b;
    LLVMBasicBlockRef cont = LLVMInsertBasicBlockInContext(L->C, L->vr.fallback, "plr.side.done");
    plr_vmap *vm = plr_clone_loop(p->ctx, p->loop, LLVMGetInsertBlock(b), cont);
    LLVMBuildBr(b, plr_vmap_block(vm, plr_loop_header(p->loop)));
    LLVMInstructionEraseFromParent(plr_vmap_get(vm, p->store));
    LLVMBasicBlockRef clatch = plr_vmap_block(vm, plr_loop_latch(p->loop));
    LLVMPositionBuilderAtEnd(b, cont);
    for (unsigned i = 0; i < p->nliveouts; i++) {
        plr_liveout *lo = &p->liveouts[i];
        if (lo->kind != PLR_LO_SIDE)
            continue;
        LLVMValueRef cv = plr_vmap_get(vm, lo->v);
        lo->repl = LLVMBuildPhi(b, LLVMTypeOf(cv), "plr.side"); /* LCSSA for the copy */
        LLVMAddIncoming(lo->repl, &cv, &clatch, 1);
    }
    plr_vmap_free(vm);
}

/* The first call's y history: y_init[k-j] = y[-j] (oldest first). */
static void save_y_history(lowering *L) {
    plr_plan *p = L->p;
    for (unsigned j = 1; j <= p->order; j++)
        store_at(L->b, history(L->b, p, PLR_LEAF_Y, (int)j), L->yinit, (int64_t)(p->order - j) * p->size);
    L->y_saved = 1;
}

/* Leaves the calls: a failed last call goes to the fallback, a successful
 * one to plr.done, where the peeled outputs are stored and the values of
 * the stage y now holds are read. */
static void join(lowering *L) {
    plr_plan *p = L->p;
    LLVMBuilderRef b = L->b;
    if (L->joined)
        return;
    L->joined = 1;
    LLVMBuildCondBr(b, L->ok, L->vr.done, L->vr.fallback);
    /* (After a failed call with a materializing map, y holds t: harmless, the
     * fallback loop reads y only at indices it has already written, and
     * y[-k..-1], which the map did not touch.) */
    LLVMPositionBuilderAtEnd(b, L->vr.done);
    for (unsigned t = 0; t < L->npeeled; t++) {
        LLVMValueRef st = LLVMBuildStore(b, L->peeled[t], const_gep(b, p->y_v, (int64_t)t * p->step, ""));
        LLVMSetAlignment(st, user_align(p));
    }
    if (p->cascade)
        load_stage_finals(b, p, L->stage, L->last);
}

/* A map over y[0..n-1] in order, after the calls: body(i) is emitted into
 * a loop plr.<name> over i; the builder continues after it. */
static LLVMValueRef open_map_loop(lowering *L, const char *name, const char *done_name, LLVMBasicBlockRef *body,
                                  LLVMBasicBlockRef *after, LLVMBasicBlockRef *from) {
    LLVMBuilderRef b = L->b;
    *from = LLVMGetInsertBlock(b);
    *body = LLVMInsertBasicBlockInContext(L->C, L->vr.fallback, name);
    *after = LLVMInsertBasicBlockInContext(L->C, L->vr.fallback, done_name);
    LLVMBuildBr(b, *body);
    LLVMPositionBuilderAtEnd(b, *body);
    return LLVMBuildPhi(b, LLVMInt64TypeInContext(L->C), "plr.i");
}

static void close_map_loop(lowering *L, LLVMValueRef i, LLVMBasicBlockRef body, LLVMBasicBlockRef after,
                           LLVMBasicBlockRef from, LLVMValueRef *next_out) {
    LLVMBuilderRef b = L->b;
    LLVMTypeRef i64 = LLVMInt64TypeInContext(L->C);
    LLVMValueRef next = LLVMBuildAdd(b, i, LLVMConstInt(i64, 1, 0), "plr.i.next");
    LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntEQ, next, L->n, ""), after, body);
    LLVMValueRef in_v[2] = {LLVMConstInt(i64, 0, 0), next};
    LLVMBasicBlockRef in_b[2] = {from, body};
    LLVMAddIncoming(i, in_v, in_b, 2);
    if (next_out)
        *next_out = next;
}

/* The last stage is a FIR of the state now in y: y[i] = sum_q g_q S[i-q],
 * in place and in order, S[i-q] carried in registers that start from the
 * state's history. */
static void lower_fir_map(lowering *L) {
    plr_plan *p = L->p;
    LLVMBuilderRef b = L->b;
    int s = p->cascade - 1;
    const plr_lin *g = p->stage_lin[s];
    unsigned f = p->stage_fir[s];
    LLVMValueRef gv[PLR_MAX_FIR], init[PLR_MAX_FIR], reg[PLR_MAX_FIR];
    for (unsigned m = 0; m < f; m++)
        gv[m] = plr_cn_is_zero(g->a[m]) ? NULL : emit_cn(b, p, g->a[m]);
    for (unsigned m = 1; m < f; m++)
        init[m] = cascade_history(b, p, s - 1, (int)m);
    LLVMBasicBlockRef body, after, from;
    LLVMValueRef i = open_map_loop(L, "plr.fir", "plr.fir.done", &body, &after, &from), next;
    for (unsigned m = 1; m < f; m++)
        reg[m] = LLVMBuildPhi(b, p->elem, "plr.s");
    LLVMValueRef at = LLVMBuildGEP2(b, p->elem, p->y_v, &i, 1, "");
    reg[0] = LLVMBuildLoad2(b, p->elem, at, "plr.state");
    LLVMSetAlignment(reg[0], user_align(p));
    LLVMValueRef acc = NULL;
    for (unsigned m = 0; m < f; m++) {
        if (!gv[m])
            continue;
        LLVMValueRef t = fp_or_int(b, p, 0, gv[m], reg[m]);
        acc = acc ? fp_or_int(b, p, 1, acc, t) : t;
    }
    LLVMValueRef sto = LLVMBuildStore(b, acc, at);
    LLVMSetAlignment(sto, user_align(p));
    close_map_loop(L, i, body, after, from, &next);
    LLVMBasicBlockRef in_b[2] = {from, body};
    for (unsigned m = 1; m < f; m++) {
        LLVMValueRef rv[2] = {init[m], reg[m - 1]};
        LLVMAddIncoming(reg[m], rv, in_b, 2);
    }
    LLVMPositionBuilderAtEnd(b, after);
    L->stage = s;
    load_stage_finals(b, p, s, L->last);
}

/* The runtime stored the state; the output map y[i] = g(y[i]) with g
 * cloned from the loop (elementwise, so vectorizable). */
static void lower_output_map(lowering *L) {
    plr_plan *p = L->p;
    LLVMBuilderRef b = L->b;
    LLVMBasicBlockRef body, after, from;
    LLVMValueRef i = open_map_loop(L, "plr.map", "plr.map.done", &body, &after, &from);
    emit_output_map(b, p, L->layout ? elem_ptr(b, p->y_v, i, p->step) : LLVMBuildGEP2(b, p->elem, p->y_v, &i, 1, ""));
    close_map_loop(L, i, body, after, from, NULL);
    LLVMPositionBuilderAtEnd(b, after);
}

static void lower_map(lowering *L, const plr_step *s) {
    plr_plan *p = L->p;
    switch (s->map) {
    case PLR_MAP_COMPOSED:
        emit_composed(L->b, p, L->fn, L->vr.sig, L->vr.data, L->n);
        L->y_saved = L->x_saved = L->data_ready = 1;
        break;
    case PLR_MAP_PEEL:
        L->npeeled = emit_transposed_start(L->b, p, s->outputs, L->yinit, L->xhist, L->vr.data, L->n, L->peeled);
        L->y_saved = L->x_saved = 1;
        break;
    case PLR_MAP_INPUT:
        /* the call's y history first: the map is about to overwrite y[0..] */
        if (!L->y_saved)
            save_y_history(L);
        emit_input_terms(L->b, p, p->loop, L->vr.fallback, "plr.call.run");
        break;
    case PLR_MAP_FOLD: {
        /* a new block after the last stage's call: y holds stage fold_j */
        LLVMBasicBlockRef fb = LLVMInsertBasicBlockInContext(L->C, L->vr.done, "plr.fold");
        LLVMBuildCondBr(L->b, L->ok, fb, L->vr.fallback);
        LLVMPositionBuilderAtEnd(L->b, fb);
        if (L->loc)
            LLVMSetCurrentDebugLocation2(L->b, L->loc);
        load_stage_finals(L->b, p, L->stage, L->last);
        emit_fold_prologue(L->b, p, L->fn, L->vr.sig, L->vr.data, L->n);
        break;
    }
    case PLR_MAP_FIR:
        join(L);
        lower_fir_map(L);
        break;
    case PLR_MAP_OUTPUT:
        join(L);
        lower_output_map(L);
        break;
    }
}

/* The first call: its histories (unless a map stored them), the values
 * used after the loop that an in-place call would overwrite, the call. */
static void lower_first_call(lowering *L, const plr_step *s) {
    plr_plan *p = L->p;
    LLVMBuilderRef b = L->b;
    LLVMTypeRef i64 = LLVMInt64TypeInContext(L->C);
    if (!L->y_saved)
        save_y_history(L);
    /* History arrays are oldest first: x_history[p-m] = x[-m]. */
    for (unsigned m = 1; !L->x_saved && m < p->fir_len; m++)
        store_at(b, history(b, p, PLR_LEAF_X, (int)m), L->xhist, (int64_t)(p->fir_len - 1 - m) * p->size);
    if (!L->data_ready) {
        store_at(b, L->xhist, L->vr.data, offsetof(plr_data, x_history));
        store_at(b, L->yinit, L->vr.data, offsetof(plr_data, y_init));
        store_at(b, L->yfinal, L->vr.data, offsetof(plr_data, y_final));
    }
    /* x values used after the loop must be read before an in-place call
     * overwrites them. */
    LLVMValueRef last = L->last = LLVMBuildSub(b, L->n, LLVMConstInt(i64, 1, 0), "plr.last");
    for (unsigned i = 0; i < p->nliveouts; i++) {
        plr_liveout *lo = &p->liveouts[i];
        if (lo->kind != PLR_LO_X)
            continue;
        LLVMValueRef idx = LLVMBuildSub(b, last, LLVMConstInt(i64, (unsigned)lo->delay, 0), "");
        lo->repl = LLVMBuildLoad2(b, p->elem, elem_ptr(b, p->x_v, idx, p->x_step), "plr.xlast");
        LLVMSetAlignment(lo->repl, user_align(p));
    }
    /* Linear live-outs: their x and constant part now, before an in-place
     * call overwrites x; the y part after it. */
    for (unsigned i = 0; i < p->nliveouts; i++) {
        plr_liveout *lo = &p->liveouts[i];
        if (lo->kind != PLR_LO_LIN)
            continue;
        LLVMValueRef acc = lo->lin->c ? emit_cn(b, p, lo->lin->c) : LLVMConstNull(p->elem);
        for (unsigned m = 0; m < PLR_MAX_FIR; m++) {
            if (plr_cn_is_zero(lo->lin->a[m]))
                continue;
            LLVMValueRef idx = LLVMBuildSub(b, last, LLVMConstInt(i64, m, 0), "");
            LLVMValueRef xv = LLVMBuildLoad2(b, p->elem, elem_ptr(b, p->x_v, idx, p->x_step), "plr.xlast");
            LLVMSetAlignment(xv, user_align(p));
            acc = fp_or_int(b, p, 1, acc, fp_or_int(b, p, 0, emit_cn(b, p, lo->lin->a[m]), xv));
        }
        lo->xpart = acc;
    }
    L->rt = runtime_fn(L->mod, L->C, &L->rt_ty);
    LLVMValueRef status;
    if (s->layout == PLR_LAYOUT_STRIDED) {
        LLVMTypeRef mfty;
        LLVMValueRef mrt = run_many_fn(L->mod, L->C, &mfty), null = LLVMConstPointerNull(LLVMPointerTypeInContext(L->C, 0));
        LLVMValueRef margs[5] = {L->vr.sig, L->vr.data, L->layout, null, null};
        status = LLVMBuildCall2(b, mfty, mrt, margs, 5, "plr.status");
    } else {
        LLVMValueRef args[2] = {L->vr.sig, L->vr.data};
        status = LLVMBuildCall2(b, L->rt_ty, L->rt, args, 2, "plr.status");
    }
    L->ok = LLVMBuildICmp(b, LLVMIntEQ, status, LLVMConstInt(LLVMInt32TypeInContext(L->C), PLR_OK, 0), "");
}

/* A later stage of a cascade, in place over the previous stage's output. If
 * it fails, y holds an earlier stage: the fallback reads y only where it has
 * already written it, and x (disjoint from y) is intact. The previous
 * stage's values used after the loop are read from y first. */
static void lower_stage_call(lowering *L, const plr_step *st) {
    plr_plan *p = L->p;
    LLVMBuilderRef b = L->b;
    LLVMTypeRef ptr = LLVMPointerTypeInContext(L->C, 0);
    int s = st->stage;
    char name[32];
    snprintf(name, sizeof name, "plr.call%d", s + 1);
    LLVMBasicBlockRef next = LLVMInsertBasicBlockInContext(L->C, L->vr.done, name);
    LLVMBuildCondBr(b, L->ok, next, L->vr.fallback);
    unsigned k = st->order, f = st->fir_len;
    LLVMValueRef yinit2 = entry_alloca(b, L->fn, LLVMArrayType2(p->elem, k), "plr.yinit.stage");
    LLVMValueRef xhist2 = f > 1 ? entry_alloca(b, L->fn, LLVMArrayType2(p->elem, f - 1), "plr.xhist.stage")
                                : LLVMConstPointerNull(ptr);
    LLVMPositionBuilderAtEnd(b, next);
    if (L->loc)
        LLVMSetCurrentDebugLocation2(b, L->loc);
    load_stage_finals(b, p, L->stage, L->last);
    for (unsigned j = 1; j <= k; j++)
        store_at(b, cascade_history(b, p, s, (int)j), yinit2, (int64_t)(k - j) * p->size);
    for (unsigned m = 1; m < f; m++) /* the previous stage's own history: its phis */
        store_at(b, cascade_history(b, p, s - 1, (int)m), xhist2, (int64_t)(f - 1 - m) * p->size);
    sig_from_lin(b, p, L->vr.sig, p->stage_lin[s], f, k);
    store_at(b, p->y_v, L->vr.data, offsetof(plr_data, x));
    store_at(b, xhist2, L->vr.data, offsetof(plr_data, x_history));
    store_at(b, yinit2, L->vr.data, offsetof(plr_data, y_init));
    store_at(b, LLVMConstPointerNull(ptr), L->vr.data, offsetof(plr_data, y_final));
    snprintf(name, sizeof name, "plr.status%d", s + 1);
    LLVMValueRef args[2] = {L->vr.sig, L->vr.data};
    LLVMValueRef status = LLVMBuildCall2(b, L->rt_ty, L->rt, args, 2, name);
    L->ok = LLVMBuildICmp(b, LLVMIntEQ, status, LLVMConstInt(LLVMInt32TypeInContext(L->C), PLR_OK, 0), "");
}

static void lower_call(lowering *L, const plr_step *s) {
    if (!L->ok) {
        lower_first_call(L, s);
    } else if (s->form == PLR_FORM_STAGE) {
        lower_stage_call(L, s);
    } else { /* PLR_FORM_FOLDED: its prologue set up the signature and data */
        LLVMValueRef args[2] = {L->vr.sig, L->vr.data};
        LLVMValueRef status = LLVMBuildCall2(L->b, L->rt_ty, L->rt, args, 2, "plr.status.fold");
        L->ok = LLVMBuildICmp(L->b, LLVMIntEQ, status, LLVMConstInt(LLVMInt32TypeInContext(L->C), PLR_OK, 0), "");
    }
    L->stage = s->stage;
}

/* After the last step: the values used after the loop, and the exit. */
static void finish(lowering *L) {
    plr_plan *p = L->p;
    LLVMBuilderRef b = L->b;
    LLVMTypeRef i64 = LLVMInt64TypeInContext(L->C);
    join(L);
    for (unsigned i = 0; i < p->nliveouts; i++) {
        plr_liveout *lo = &p->liveouts[i];
        if (lo->kind != PLR_LO_Y && lo->kind != PLR_LO_OUT)
            continue;
        LLVMValueRef at;
        if (lo->kind == PLR_LO_Y && (unsigned)lo->delay < p->order) { /* y_final holds y[n-k..n-1] */
            at = const_gep(b, L->yfinal, (int64_t)(p->order - 1 - (unsigned)lo->delay) * p->size, "");
        } else {
            /* the output array (for an output map: g of the state, already applied) */
            LLVMValueRef idx = LLVMBuildSub(b, L->last, LLVMConstInt(i64, (unsigned)lo->delay, 0), "");
            at = elem_ptr(b, p->y_v, idx, p->step);
        }
        lo->repl = LLVMBuildLoad2(b, p->elem, at, "plr.final");
        int own = lo->kind == PLR_LO_Y && (unsigned)lo->delay < p->order;
        LLVMSetAlignment(lo->repl, own ? p->size : user_align(p));
    }
    for (unsigned i = 0; i < p->nliveouts; i++) {
        plr_liveout *lo = &p->liveouts[i];
        if (lo->kind != PLR_LO_LIN)
            continue;
        LLVMValueRef acc = lo->xpart;
        for (unsigned j = 0; j <= PLR_MAX_ORDER; j++) {
            if (plr_cn_is_zero(lo->lin->b[j]))
                continue;
            LLVMValueRef at;
            if (j < p->order) {
                at = const_gep(b, L->yfinal, (int64_t)(p->order - 1 - j) * p->size, "");
            } else {
                LLVMValueRef idx = LLVMBuildSub(b, L->last, LLVMConstInt(i64, j, 0), "");
                at = elem_ptr(b, p->y_v, idx, p->step);
            }
            LLVMValueRef yv = LLVMBuildLoad2(b, p->elem, at, "plr.final");
            LLVMSetAlignment(yv, j < p->order ? p->size : user_align(p));
            acc = fp_or_int(b, p, 1, acc, fp_or_int(b, p, 0, emit_cn(b, p, lo->lin->b[j]), yv));
        }
        lo->repl = acc;
    }
    LLVMBasicBlockRef exit = plr_loop_exit(p->loop), latch = plr_loop_latch(p->loop), tail = LLVMGetInsertBlock(b);
    LLVMBuildBr(b, exit);
    for (LLVMValueRef phi = LLVMGetFirstInstruction(exit); phi && LLVMIsAPHINode(phi);
         phi = LLVMGetNextInstruction(phi)) {
        LLVMValueRef w = plr_incoming_from(phi, latch);
        LLVMValueRef v = w;
        for (unsigned i = 0; i < p->nliveouts; i++)
            if (p->liveouts[i].v == w)
                v = p->liveouts[i].repl;
        if (!v)
            v = LLVMGetPoison(LLVMTypeOf(phi));
        LLVMAddIncoming(phi, &v, &tail, 1);
    }
}

/* One loop, versioned around the call plan's steps, lowered in order. */
static void rewrite_loop(plr_plan *p) {
    lowering L = {.p = p, .cp = p->calls};
    L.C = LLVMGetTypeContext(p->elem);
    L.fn = plr_ctx_function(p->ctx);
    L.mod = LLVMGetGlobalParent(L.fn);
    L.b = LLVMCreateBuilderInContext(L.C);
    L.loc = LLVMInstructionGetDebugLoc(p->store);
    L.n = p->n_v;
    LLVMTypeRef ptr = LLVMPointerTypeInContext(L.C, 0);
    L.vr = version_at(L.b, L.fn, plr_loop_preheader(p->loop), "plr.call", "plr.done");

    /* Stack objects live in the entry block so they are static allocas. */
    L.yinit = entry_alloca(L.b, L.fn, LLVMArrayType2(p->elem, p->order), "plr.yinit");
    L.yfinal = entry_alloca(L.b, L.fn, LLVMArrayType2(p->elem, p->order), "plr.yfinal");
    L.xhist = p->fir_len > 1 ? entry_alloca(L.b, L.fn, LLVMArrayType2(p->elem, p->fir_len - 1), "plr.xhist")
                             : LLVMConstPointerNull(ptr);
    if (L.loc)
        LLVMSetCurrentDebugLocation2(L.b, L.loc);
    lower_checks(&L);

    /* ---- the call path: whether it pays is asked before any step does
     * work the fallback would redo (a composed prologue's outputs are
     * final, so a fallback after it finds nothing wrong) */
    LLVMPositionBuilderAtEnd(L.b, L.vr.call);
    emit_abi_guard(L.b, L.mod, L.vr.done, L.vr.fallback);
    LLVMTypeRef pays_ty = NULL;
    int ask = !plr_min_n_given();
    LLVMValueRef pays = ask ? pays_fn(L.mod, L.C, &pays_ty) : NULL;
    open_first_call(&L);
    for (unsigned i = 0; i < L.cp->nsteps; i++) {
        const plr_step *s = &L.cp->steps[i];
        if (ask && i == L.cp->ask_at)
            lower_ask(&L, pays, pays_ty);
        switch (s->kind) {
        case PLR_STEP_SIDE:
            lower_side(&L);
            break;
        case PLR_STEP_MAP:
            lower_map(&L, s);
            break;
        case PLR_STEP_CALL:
            lower_call(&L, s);
            break;
        }
    }
    finish(&L);
    LLVMDisposeBuilder(L.b);
    /* The fallback is a recurrence too; a second run of the pass (say, at
     * link time) must leave it alone. */
    plr_loop_add_marker(p->loop, "plr.versioned");
}

void plr_rewrite(plr_plan *p) {
    if (p->nest)
        rewrite_nest(p);
    else if (p->chan)
        rewrite_channels(p);
    else
        rewrite_loop(p);
}
