/*
 * lower_runtime_order.c - a recurrence of run-time order (runtime_order.h)
 * replaced by one plr_run whose signature is read from the coefficient
 * array at run time:
 *
 *   preheader:  n, &y[first], &x[first], p (the tap count), &c[0]
 *               if (n >= min_n && n < 2^56 && the taps run (clang's p >= 1)
 *                   && 1 <= p <= PLR_MAX_ORDER
 *                   && (x[0..n-1] apart from y[0..n-1] || x == y)
 *                   && c[0..p-1] apart from y[0..n-1])        -> plr.call
 *               else                                          -> plr.fallback
 *   plr.call:   plr_signature_from_array(&sig, type, &c[0], stride, p, sign),
 *               not PLR_OK (all taps zero, a NaN) -> plr.fallback;
 *               a0 = g (a gain on the input, y[i] = g*x[i] - s) over its 1;
 *               b[j] *= h for j = 1..p (a factor on the sum, y[i] = x[i]
 *               - h*s: a loop over the taps, in the element type);
 *               plr_data: x, y, n, y_init = &y[first - p] (the outputs the
 *               loop's first iteration reads: before the array when the
 *               loop starts at 0, the first p outputs when it starts at p);
 *               plr_pays (unless the user set min_n), plr_run
 *   plr.done:   the loop's exit (nothing it computes is used after it)
 *   fallback:   the original loop nest, untouched
 *
 * The coefficients must lie outside the outputs written (else the loop
 * would read coefficients it has overwritten); the history y[first-p ..
 * first-1] is never written, so it may overlap anything read.
 */
#include <stddef.h>

#include <llvm-c/DebugInfo.h>

#include "callplan.h"
#include "rewrite.h"
#include "runtime_order.h"

void plr_rto_prepare(plr_plan *p) {
    struct plr_rto *r = p->rto;
    LLVMValueRef term = LLVMGetBasicBlockTerminator(plr_loop_preheader(p->loop));
    LLVMContextRef C = LLVMGetTypeContext(p->elem);
    LLVMTypeRef ptr = LLVMPointerTypeInContext(C, 0), i64 = LLVMInt64TypeInContext(C);
    p->n_v = plr_scev_expand(p->ctx, p->access.trip, i64, term);
    p->y_v = plr_scev_expand(p->ctx, p->access.y_start, ptr, term);
    p->x_v = p->access.in_place ? p->y_v : plr_scev_expand(p->ctx, p->access.x_start, ptr, term);
    r->count_v = plr_scev_expand(p->ctx, r->count, i64, term);
    r->coef_v = plr_scev_expand(p->ctx, r->coef_start, ptr, term);
}

/* plr_status plr_signature_from_array(plr_signature *, plr_type, const void *,
 * ptrdiff_t, unsigned, int) */
static LLVMValueRef from_array_fn(LLVMModuleRef mod, LLVMContextRef C, LLVMTypeRef *fty) {
    LLVMTypeRef ptr = LLVMPointerTypeInContext(C, 0), i32 = LLVMInt32TypeInContext(C);
    LLVMTypeRef params[6] = {ptr, i32, ptr, LLVMInt64TypeInContext(C), i32, i32};
    *fty = LLVMFunctionType(i32, params, 6, 0);
    LLVMValueRef fn = LLVMGetNamedFunction(mod, "plr_signature_from_array");
    if (!fn)
        fn = LLVMAddFunction(mod, "plr_signature_from_array", *fty);
    return fn;
}

/* [lo, hi) and [lo2, hi2) do not meet */
static LLVMValueRef apart(LLVMBuilderRef b, LLVMValueRef lo, LLVMValueRef hi, LLVMValueRef lo2, LLVMValueRef hi2,
                          const char *name) {
    return LLVMBuildOr(b, LLVMBuildICmp(b, LLVMIntULE, hi, lo2, ""), LLVMBuildICmp(b, LLVMIntULE, hi2, lo, ""),
                       name);
}

/* b[1..count] of the signature times h, the factor on the sum, in the
 * element type's arithmetic (integers wrap as the loop's g*s does; a float
 * coefficient is stored widened, exactly, so narrowing it back is exact):
 * a loop over the taps, from the insert block; the builder ends in the
 * block after it. */
static void scale_feedback(LLVMBuilderRef b, const plr_plan *p, LLVMValueRef sig, LLVMValueRef count,
                           LLVMValueRef h, LLVMBasicBlockRef before) {
    LLVMContextRef C = LLVMGetTypeContext(p->elem);
    LLVMTypeRef i64 = LLVMInt64TypeInContext(C);
    LLVMTypeRef wide = p->is_fp ? LLVMDoubleTypeInContext(C) : i64;
    LLVMValueRef one = LLVMConstInt(i64, 1, 0);
    LLVMBasicBlockRef entry = LLVMGetInsertBlock(b);
    LLVMBasicBlockRef body = LLVMInsertBasicBlockInContext(C, before, "plr.sig.scale");
    LLVMBasicBlockRef after = LLVMInsertBasicBlockInContext(C, before, "plr.sig.scaled");
    LLVMBuildBr(b, body);
    LLVMPositionBuilderAtEnd(b, body);
    LLVMValueRef j = LLVMBuildPhi(b, i64, "plr.j");
    LLVMValueRef off = LLVMBuildAdd(b, LLVMConstInt(i64, offsetof(plr_signature, b), 0),
                                    LLVMBuildMul(b, j, LLVMConstInt(i64, sizeof(plr_coef), 0), ""), "");
    LLVMValueRef at = byte_gep(b, sig, off, "plr.b.j");
    LLVMValueRef c = LLVMBuildLoad2(b, wide, at, "plr.b");
    LLVMSetAlignment(c, 8);
    LLVMValueRef scaled;
    if (p->is_fp) {
        if (wide != p->elem)
            c = LLVMBuildFPTrunc(b, c, p->elem, "");
        scaled = LLVMBuildFMul(b, c, h, "plr.b.scaled");
        if (wide != p->elem)
            scaled = LLVMBuildFPExt(b, scaled, wide, "");
    } else {
        if (wide != p->elem)
            c = LLVMBuildTrunc(b, c, p->elem, "");
        scaled = LLVMBuildMul(b, c, h, "plr.b.scaled");
        if (wide != p->elem)
            scaled = LLVMBuildSExt(b, scaled, wide, ""); /* as plr_signature_from_array stores an i32 */
    }
    LLVMSetAlignment(LLVMBuildStore(b, scaled, at), 8);
    LLVMValueRef next = LLVMBuildAdd(b, j, one, "plr.j.next");
    LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntUGT, next, count, ""), after, body);
    LLVMValueRef jv[2] = {one, next};
    LLVMBasicBlockRef jb[2] = {entry, body};
    LLVMAddIncoming(j, jv, jb, 2);
    LLVMPositionBuilderAtEnd(b, after);
}

static void lower_check(LLVMBuilderRef b, plr_plan *p, const versioned *vr) {
    struct plr_rto *r = p->rto;
    LLVMContextRef C = LLVMGetTypeContext(p->elem);
    LLVMTypeRef i64 = LLVMInt64TypeInContext(C);
    unsigned checks = p->calls->checks;
    LLVMInstructionEraseFromParent(LLVMGetBasicBlockTerminator(vr->check));
    LLVMPositionBuilderAtEnd(b, vr->check);
    LLVMValueRef n = p->n_v, one = LLVMConstInt(i64, 1, 0);
    LLVMValueRef ok = LLVMBuildICmp(b, LLVMIntUGE, n, LLVMConstInt(i64, plr_call_threshold(), 0), "plr.big");
    /* n < 2^56 keeps n * size from wrapping in the overlap tests */
    ok = LLVMBuildAnd(b, ok, LLVMBuildICmp(b, LLVMIntULT, n, LLVMConstInt(i64, UINT64_C(1) << 56, 0), ""), "");
    /* The taps run on every iteration (else y[i] = x[i], no recurrence),
     * and their count is an order the runtime takes (p - 1 < 32 also
     * excludes p = 0, and the meaningless count of a loop not entered). */
    for (unsigned k = 0; k < r->nguards; k++)
        ok = LLVMBuildAnd(b, ok, r->guard_dir[k] ? r->guard[k] : LLVMBuildNot(b, r->guard[k], ""), "plr.taps");
    if (checks & PLR_CHECK_ORDER) {
        LLVMValueRef pm1 = LLVMBuildSub(b, r->count_v, one, "");
        ok = LLVMBuildAnd(b, ok, LLVMBuildICmp(b, LLVMIntULT, pm1, LLVMConstInt(i64, PLR_MAX_ORDER, 0), ""),
                          "plr.order");
    }
    LLVMValueRef yi, yend;
    footprint(b, p->y_v, n, p->access.step, 0, p->size, &yi, &yend);
    if (checks & PLR_CHECK_X_APART) {
        LLVMValueRef xlo, xend;
        footprint(b, p->x_v, n, p->access.x_step, 0, p->size, &xlo, &xend);
        LLVMValueRef disjoint = apart(b, xlo, xend, yi, yend, "plr.disjoint");
        if (checks & PLR_CHECK_X_OR_SAME) /* exactly in place reads x[i] before writing y[i] */
            disjoint = LLVMBuildOr(b, disjoint,
                                   LLVMBuildICmp(b, LLVMIntEQ, LLVMBuildPtrToInt(b, p->x_v, i64, ""),
                                                 LLVMBuildPtrToInt(b, p->y_v, i64, ""), ""), "");
        ok = LLVMBuildAnd(b, ok, disjoint, "");
    }
    if (checks & PLR_CHECK_COEF_APART) {
        /* c[0], c[s], ..., c[(p-1)s]: either direction */
        LLVMValueRef c0 = LLVMBuildPtrToInt(b, r->coef_v, i64, "");
        LLVMValueRef span = LLVMBuildMul(b, LLVMBuildSub(b, r->count_v, one, ""),
                                         LLVMConstInt(i64, (unsigned long long)r->coef_step, 1), "");
        LLVMValueRef zero = LLVMConstInt(i64, 0, 0);
        LLVMValueRef lo = LLVMBuildAdd(b, c0, emit_min(b, zero, span, 0), "");
        LLVMValueRef hi = LLVMBuildAdd(b, LLVMBuildAdd(b, c0, emit_min(b, zero, span, 1), ""),
                                       LLVMConstInt(i64, p->size, 0), "");
        ok = LLVMBuildAnd(b, ok, apart(b, lo, hi, yi, yend, "plr.coef.apart"), "");
    }
    LLVMValueRef br = LLVMBuildCondBr(b, ok, vr->call, vr->fallback);
    if (checks & PLR_CHECK_NO_WRAP)
        plr_wrap_guard(p->ctx, p->wrap, br);
}

void plr_rto_rewrite(plr_plan *p) {
    struct plr_rto *r = p->rto;
    const plr_call_plan *cp = p->calls;
    LLVMContextRef C = LLVMGetTypeContext(p->elem);
    LLVMValueRef fn = plr_ctx_function(p->ctx);
    LLVMModuleRef mod = LLVMGetGlobalParent(fn);
    LLVMBuilderRef b = LLVMCreateBuilderInContext(C);
    LLVMTypeRef i32 = LLVMInt32TypeInContext(C), i64 = LLVMInt64TypeInContext(C);
    LLVMTypeRef ptr = LLVMPointerTypeInContext(C, 0);
    LLVMMetadataRef loc = LLVMInstructionGetDebugLoc(p->store);
    versioned vr = version_at(b, p->ctx, plr_loop_preheader(p->loop), "plr.call", "plr.done");
    if (loc)
        LLVMSetCurrentDebugLocation2(b, loc);
    lower_check(b, p, &vr);

    LLVMPositionBuilderAtEnd(b, vr.call);
    emit_abi_guard(b, mod, vr.done, vr.fallback);
    /* the signature, from the array as the loop would read it */
    LLVMTypeRef sfty;
    LLVMValueRef sfn = from_array_fn(mod, C, &sfty);
    LLVMValueRef count = LLVMBuildTrunc(b, r->count_v, i32, "plr.order");
    LLVMValueRef sargs[6] = {vr.sig, LLVMConstInt(i32, p->type, 0), r->coef_v,
                             LLVMConstInt(i64, (unsigned long long)(r->coef_step / (int64_t)p->size), 1), count,
                             LLVMConstInt(i32, (unsigned long long)(long long)r->sign, 1)};
    LLVMValueRef sst = LLVMBuildCall2(b, sfty, sfn, sargs, 6, "plr.sig.status");
    LLVMBasicBlockRef built = LLVMInsertBasicBlockInContext(C, vr.done, "plr.call.sig");
    LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntEQ, sst, LLVMConstInt(i32, PLR_OK, 0), ""), built, vr.fallback);
    LLVMPositionBuilderAtEnd(b, built);
    /* every coefficient times the factor on the sum; a signature this
     * makes invalid (g = 0: all taps zero; an infinite product) is plr_run's
     * error, and the loop runs */
    if (r->sum_gain)
        scale_feedback(b, p, vr.sig, r->count_v, r->sum_gain, vr.done);
    if (r->gain || r->gain_mult != 1) {
        /* a0, x[i]'s coefficient (plr_signature_from_array wrote 1) */
        LLVMValueRef a0;
        if (p->is_fp) {
            LLVMValueRef m = LLVMConstReal(p->elem, r->gain_mult);
            a0 = !r->gain ? m : r->gain_mult == 1 ? r->gain : LLVMBuildFMul(b, m, r->gain, "plr.a0");
            if (r->gain2)
                a0 = LLVMBuildFMul(b, r->gain2, a0, "plr.a0");
        } else {
            LLVMValueRef m = LLVMConstInt(p->elem, (unsigned long long)(long long)r->gain_mult, 1);
            a0 = !r->gain ? m : r->gain_mult == 1 ? r->gain : LLVMBuildMul(b, m, r->gain, "plr.a0");
            if (r->gain2)
                a0 = LLVMBuildMul(b, r->gain2, a0, "plr.a0");
        }
        sig_coef(b, p, vr.sig, 0, 0, a0);
    }
    /* y_init: y[-p..-1] of the sequence, in memory just before it */
    LLVMValueRef back = LLVMBuildMul(b, r->count_v, LLVMConstInt(i64, (unsigned long long)-(int64_t)p->size, 1), "");
    LLVMValueRef yinit = byte_gep(b, p->y_v, back, "plr.yinit");
    store_at(b, p->n_v, vr.data, offsetof(plr_data, n));
    store_at(b, p->x_v, vr.data, offsetof(plr_data, x));
    store_at(b, p->y_v, vr.data, offsetof(plr_data, y));
    store_at(b, LLVMConstPointerNull(ptr), vr.data, offsetof(plr_data, x_history));
    store_at(b, yinit, vr.data, offsetof(plr_data, y_init));
    store_at(b, LLVMConstPointerNull(ptr), vr.data, offsetof(plr_data, y_final));
    data_stores(b, p, vr.data); /* (the signature's type: p->storage.narrow is 0 here) */
    if (!plr_min_n_given()) {
        /* asked with the signature of this run: its order is p (chain 0:
         * the loop's chain grows with p, the planner takes it from sig) */
        LLVMTypeRef pty;
        LLVMValueRef pays = pays_fn(mod, C, &pty);
        emit_pays_guard(b, pays, pty, vr.sig, vr.data, cp->passes, cp->stages, 0, vr.done, vr.fallback);
    }
    LLVMTypeRef rty;
    LLVMValueRef rt = runtime_fn(mod, C, &rty);
    LLVMValueRef args[2] = {vr.sig, vr.data};
    LLVMValueRef status = LLVMBuildCall2(b, rty, rt, args, 2, "plr.status");
    LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntEQ, status, LLVMConstInt(i32, PLR_OK, 0), ""), vr.done,
                    vr.fallback);

    /* plr.done: the exit; the exit's phis take what they take from the
     * latch, values from before the loop (nothing of the loop is live) */
    LLVMPositionBuilderAtEnd(b, vr.done);
    LLVMBasicBlockRef exit = plr_loop_exit(p->loop), latch = plr_loop_latch(p->loop);
    LLVMBuildBr(b, exit);
    for (LLVMValueRef phi = LLVMGetFirstInstruction(exit); phi && LLVMIsAPHINode(phi);
         phi = LLVMGetNextInstruction(phi)) {
        LLVMValueRef v = plr_incoming_from(phi, latch);
        if (!v || (LLVMIsAInstruction(v) && plr_loop_contains(p->loop, v)))
            v = LLVMGetPoison(LLVMTypeOf(phi));
        LLVMAddIncoming(phi, &v, &vr.done, 1);
    }
    LLVMDisposeBuilder(b);
    plr_loop_add_marker(p->loop, "plr.versioned");
}
