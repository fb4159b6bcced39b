/*
 * guards.c - what stands between the original loop and a call: the
 * versioned region (check, call path, join, fallback), the footprints the
 * address checks compare, the ABI guard, and the plr_pays question with
 * the loop's own loop-carried chain.
 */
#include <stdio.h>

#include "rewrite.h"

/* The bytes [lo, hi) that elements -h..n-1 of a sequence occupy (from base,
 * step bytes apart; negative: backward). */
void footprint(LLVMBuilderRef b, LLVMValueRef base, LLVMValueRef n, int64_t step, int64_t h, unsigned size,
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

/* The same with the step an i64 value (a run-time stride: either sign). */
void footprint_v(LLVMBuilderRef b, LLVMValueRef base, LLVMValueRef n, LLVMValueRef step, int64_t h, unsigned size,
                 LLVMValueRef *lo, LLVMValueRef *hi) {
    if (LLVMIsAConstantInt(step)) {
        footprint(b, base, n, LLVMConstIntGetSExtValue(step), h, size, lo, hi);
        return;
    }
    LLVMTypeRef i64 = LLVMTypeOf(n);
    LLVMValueRef bi = LLVMBuildPtrToInt(b, base, i64, "");
    LLVMValueRef back =
        h ? LLVMBuildMul(b, LLVMConstInt(i64, (unsigned long long)-h, 1), step, "") : LLVMConstInt(i64, 0, 0);
    LLVMValueRef ahead = LLVMBuildMul(b, LLVMBuildSub(b, n, LLVMConstInt(i64, 1, 0), ""), step, "");
    *lo = LLVMBuildAdd(b, bi, emit_min(b, back, ahead, 0), "");
    *hi = LLVMBuildAdd(b, LLVMBuildAdd(b, bi, emit_min(b, back, ahead, 1), ""), LLVMConstInt(i64, size, 0), "");
}

/* Whether the byte ranges [alo, ahi) and [blo, bhi) do not meet. */
LLVMValueRef ranges_apart(LLVMBuilderRef b, LLVMValueRef alo, LLVMValueRef ahi, LLVMValueRef blo, LLVMValueRef bhi,
                          const char *name) {
    return LLVMBuildOr(b, LLVMBuildICmp(b, LLVMIntULE, ahi, blo, ""), LLVMBuildICmp(b, LLVMIntULE, bhi, alo, ""),
                       name);
}

/* if (plr_abi_vN != N) goto fallback, N being the PLR_ABI_VERSION of the
 * plr.h this pass lays plr_signature and plr_data out by. Only a libplr of
 * that layout defines the symbol, so another one fails at link time (or,
 * loaded in its place, declines here) instead of reading garbage. The load,
 * not just the address, keeps the reference: the address alone folds to
 * non-null. The builder continues in a new block before `before`. */
void emit_abi_guard(LLVMBuilderRef b, LLVMModuleRef mod, LLVMBasicBlockRef before, LLVMBasicBlockRef fallback) {
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
void emit_pays_guard(LLVMBuilderRef b, LLVMValueRef pays, LLVMTypeRef fty, LLVMValueRef sig, LLVMValueRef data,
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
LLVMValueRef pays_fn(LLVMModuleRef mod, LLVMContextRef C, LLVMTypeRef *fty) {
    LLVMTypeRef ptr = LLVMPointerTypeInContext(C, 0), i32 = LLVMInt32TypeInContext(C);
    LLVMTypeRef params[5] = {ptr, ptr, i32, i32, i32};
    *fty = LLVMFunctionType(i32, params, 5, 0);
    LLVMValueRef fn = LLVMGetNamedFunction(mod, "plr_pays");
    if (!fn)
        fn = LLVMAddFunction(mod, "plr_pays", *fty);
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
void emit_pays_many_guard(LLVMBuilderRef b, LLVMModuleRef mod, LLVMValueRef sig, LLVMValueRef data,
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
unsigned loop_chain_ops(const plr_plan *p) {
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
    for (unsigned i = 0; i < p->walk.nleaves; i++) {
        if (p->walk.leaves[i].kind != PLR_LEAF_Y || !p->walk.leaves[i].from_memory)
            continue;
        unsigned nmemo = 0;
        int d = chain_from(p, p->walk.leaves[i].v, stored, memo, &nmemo, CAP, 0);
        if (d > best)
            best = d;
    }
    return (unsigned)best;
}

/* The bytes [lo, hi) of elements -h..n-1 of sequences 0..count-1 that start
 * at base + s*dist and move step bytes per element (all i64, bytes). */
void nest_box(LLVMBuilderRef b, LLVMValueRef base, LLVMValueRef dist, LLVMValueRef count, LLVMValueRef step,
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

versioned version_at(LLVMBuilderRef b, plr_ctx *ctx, LLVMBasicBlockRef ph, const char *call,
                     const char *done) {
    LLVMValueRef fn = plr_ctx_function(ctx);
    LLVMContextRef C = LLVMGetModuleContext(LLVMGetGlobalParent(fn));
    LLVMTypeRef i8 = LLVMInt8TypeInContext(C);
    versioned v = {.check = ph};
    v.fallback = plr_split_before_terminator(ph);
    v.call = LLVMInsertBasicBlockInContext(C, v.fallback, call);
    v.done = LLVMInsertBasicBlockInContext(C, v.fallback, done);
    LLVMSetValueName2(LLVMBasicBlockAsValue(v.fallback), "plr.fallback", 12);
    v.sig = entry_alloca(b, fn, LLVMArrayType2(i8, sizeof(plr_signature)), "plr.sig");
    v.data = entry_alloca(b, fn, LLVMArrayType2(i8, sizeof(plr_data)), "plr.data");
    plr_ctx_note_call_path(ctx, v.call);
    return v;
}

