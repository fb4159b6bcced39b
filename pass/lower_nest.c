/*
 * lower_nest.c - the call plan of a loop nest lowered as plr_run_many over
 * its sequences (one call per stage of a cascade).
 */
#include <stddef.h>
#include <stdlib.h>

#include <llvm-c/DebugInfo.h>

#include "callplan.h"
#include "rewrite.h"

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
void rewrite_nest(plr_plan *p) {
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
