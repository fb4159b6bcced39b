/*
 * lower_channels.c - the call plan of interleaved channels lowered as one
 * plr_run_many over them, and that of several independent recurrences as a
 * call each (rewrite_separate).
 */
#include <stddef.h>
#include <stdlib.h>

#include <llvm-c/DebugInfo.h>

#include "callplan.h"
#include "rewrite.h"

/* Each recurrence's live-outs from its y_final (recurrence k's last output
 * is element last[k] of finals[k]), loaded in done, and the exit's phis
 * given them on the edge from done. */
static void final_values(LLVMBuilderRef b, plr_channels *ch, LLVMValueRef const *finals,
                         const int64_t *last, LLVMBasicBlockRef done, LLVMBasicBlockRef exit,
                         LLVMBasicBlockRef latch) {
    unsigned m = ch->count;
    LLVMPositionBuilderAtEnd(b, done);
    for (unsigned k = 0; k < m; k++) {
        plr_plan *q = ch->sub[k];
        for (unsigned i = 0; i < q->nliveouts; i++) {
            plr_liveout *lo = &q->liveouts[i];
            if (lo->kind != PLR_LO_Y)
                continue; /* PLR_LO_SCEV: expanded before the loop */
            LLVMValueRef at = const_gep(b, finals[k], (last[k] - lo->delay) * (int64_t)q->size, "");
            lo->repl = LLVMBuildLoad2(b, q->elem, at, "plr.final");
            LLVMSetAlignment(lo->repl, q->size);
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
        LLVMAddIncoming(phi, &v, &done, 1);
    }
}

/* Interleaved channels, each its own recurrence of one signature, as one
 * plr_run_many (count = channels, dist = their spacing): histories of every
 * channel into y_init/x_history blocks, every channel's last outputs from
 * y_final. Overlap of inputs and outputs is the runtime's check; the
 * channels lie within one step, so none writes another's history. */
void rewrite_channels(plr_plan *p) {
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
    versioned vr = version_at(b, p->ctx, plr_loop_preheader(p->loop), "plr.chan.call", "plr.chan.done");
    LLVMValueRef sig = vr.sig, data = vr.data;
    LLVMValueRef yinit = entry_alloca(b, fn, LLVMArrayType2(p->elem, m * K), "plr.yinit");
    LLVMValueRef yfinal = entry_alloca(b, fn, LLVMArrayType2(p->elem, m * K), "plr.yfinal");
    LLVMValueRef xhist = F1 ? entry_alloca(b, fn, LLVMArrayType2(p->elem, m * F1), "plr.xhist") : LLVMConstPointerNull(ptr);
    if (loc)
        LLVMSetCurrentDebugLocation2(b, loc);

    LLVMInstructionEraseFromParent(LLVMGetBasicBlockTerminator(vr.check));
    LLVMPositionBuilderAtEnd(b, vr.check);
    LLVMValueRef n = p->n_v;
    uint64_t min_n = plr_call_threshold();
    LLVMValueRef ok = LLVMBuildICmp(b, LLVMIntUGE, n, LLVMConstInt(i64, 1, 0), "");
    ok = LLVMBuildAnd(b, ok, LLVMBuildICmp(b, LLVMIntULT, n, LLVMConstInt(i64, UINT64_C(1) << 36, 0), ""), "");
    LLVMValueRef total = LLVMBuildMul(b, n, LLVMConstInt(i64, m, 0), "plr.total");
    ok = LLVMBuildAnd(b, ok, LLVMBuildICmp(b, LLVMIntUGE, total, LLVMConstInt(i64, min_n, 0), ""), "plr.big");
    LLVMValueRef br = LLVMBuildCondBr(b, ok, vr.call, vr.fallback);
    if (p->wrap)
        plr_wrap_guard(p->ctx, p->wrap, br);

    LLVMPositionBuilderAtEnd(b, vr.call);
    emit_abi_guard(b, mod, vr.done, vr.fallback);
    sig_from_lin(b, p, sig, p->lin, p->fir_len, K);
    store_at(b, n, data, offsetof(plr_data, n));
    data_stores(b, p, data);
    store_at(b, p->x_v, data, offsetof(plr_data, x));
    store_at(b, p->y_v, data, offsetof(plr_data, y));
    LLVMValueRef layout = build_layout(b, fn, LLVMConstInt(i64, m, 0),
                                       LLVMConstInt(i64, (unsigned long long)(p->access.x_step / (int64_t)p->size), 1),
                                       LLVMConstInt(i64, (unsigned long long)(ch->x_dist / (int64_t)p->size), 1),
                                       LLVMConstInt(i64, (unsigned long long)(p->access.step / (int64_t)p->size), 1),
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

    LLVMValueRef finals[PLR_MAX_CHANNELS];
    int64_t last[PLR_MAX_CHANNELS];
    for (unsigned k = 0; k < m; k++) {
        finals[k] = yfinal;
        last[k] = (int64_t)(k * K + K - 1);
    }
    final_values(b, ch, finals, last, vr.done, exit, latch);
    LLVMDisposeBuilder(b);
    plr_loop_add_marker(p->loop, "plr.versioned");
}

/* Where a sequence of a recurrence lies, for the checks before the calls. */
static void rec_footprint(LLVMBuilderRef b, const plr_plan *q, int x, LLVMValueRef n, LLVMValueRef *lo,
                          LLVMValueRef *hi) {
    if (x) {
        footprint(b, q->x_v, n, q->access.x_step, q->access.x_mem_history, q->storage.x_size, lo, hi);
        return;
    }
    footprint(b, q->y_v, n, q->access.step, plr_y_history_in_memory(q), q->size, lo, hi);
}

/* Several recurrences, a call each (plr_run, or plr_run_many with one
 * strided sequence), in the plan's order. Before the calls: n in range,
 * n times the count at least the threshold, the pairs of arrays left to
 * run time apart (each x from its own y, exactly in place for the last
 * call only; each y from the others' x and y); then every call's
 * signature, data and histories, whether each pays, and the calls. A
 * failed call goes to the original loop, which finds every input as it
 * was: no call writes another's input, and only the last may write its
 * own (in place), and on failure writes nothing. */
void rewrite_separate(plr_plan *p) {
    plr_channels *ch = p->chan;
    const plr_call_plan *cp = p->calls;
    unsigned m = ch->count;
    LLVMContextRef C = LLVMGetTypeContext(p->elem);
    LLVMValueRef fn = plr_ctx_function(p->ctx);
    LLVMModuleRef mod = LLVMGetGlobalParent(fn);
    LLVMTypeRef i8 = LLVMInt8TypeInContext(C), i32 = LLVMInt32TypeInContext(C), i64 = LLVMInt64TypeInContext(C);
    LLVMTypeRef ptr = LLVMPointerTypeInContext(C, 0);
    LLVMBuilderRef b = LLVMCreateBuilderInContext(C);
    LLVMMetadataRef loc = LLVMInstructionGetDebugLoc(p->store);
    LLVMBasicBlockRef exit = plr_loop_exit(p->loop), latch = plr_loop_latch(p->loop);
    versioned vr = version_at(b, p->ctx, plr_loop_preheader(p->loop), "plr.recs.call", "plr.recs.done");
    LLVMValueRef sig[PLR_MAX_CHANNELS], data[PLR_MAX_CHANNELS], yinit[PLR_MAX_CHANNELS], yfinal[PLR_MAX_CHANNELS];
    LLVMValueRef xhist[PLR_MAX_CHANNELS], layout[PLR_MAX_CHANNELS];
    for (unsigned k = 0; k < m; k++) {
        const plr_plan *q = ch->sub[k];
        sig[k] = k ? entry_alloca(b, fn, LLVMArrayType2(i8, sizeof(plr_signature)), "plr.sig") : vr.sig;
        data[k] = k ? entry_alloca(b, fn, LLVMArrayType2(i8, sizeof(plr_data)), "plr.data") : vr.data;
        yinit[k] = entry_alloca(b, fn, LLVMArrayType2(q->elem, q->order), "plr.yinit");
        yfinal[k] = entry_alloca(b, fn, LLVMArrayType2(q->elem, q->order), "plr.yfinal");
        xhist[k] = q->fir_len > 1 ? entry_alloca(b, fn, LLVMArrayType2(q->elem, q->fir_len - 1), "plr.xhist")
                                  : LLVMConstPointerNull(ptr);
    }
    if (loc)
        LLVMSetCurrentDebugLocation2(b, loc);

    /* ---- the checks */
    LLVMInstructionEraseFromParent(LLVMGetBasicBlockTerminator(vr.check));
    LLVMPositionBuilderAtEnd(b, vr.check);
    LLVMValueRef n = p->n_v;
    LLVMValueRef ok = LLVMBuildICmp(b, LLVMIntUGE, n, LLVMConstInt(i64, 1, 0), "");
    /* n < 2^36 keeps n * step from wrapping in the overlap tests */
    ok = LLVMBuildAnd(b, ok, LLVMBuildICmp(b, LLVMIntULT, n, LLVMConstInt(i64, UINT64_C(1) << 36, 0), ""), "");
    LLVMValueRef total = LLVMBuildMul(b, n, LLVMConstInt(i64, m, 0), "plr.total");
    ok = LLVMBuildAnd(b, ok, LLVMBuildICmp(b, LLVMIntUGE, total, LLVMConstInt(i64, plr_call_threshold(), 0), ""),
                      "plr.big");
    for (unsigned i = 0; i < ch->npairs; i++) {
        const plr_rec_pair *pr = &ch->pairs[i];
        const plr_plan *w = ch->sub[pr->w], *r = ch->sub[pr->r];
        LLVMValueRef wlo, whi, rlo, rhi;
        rec_footprint(b, w, 0, n, &wlo, &whi);
        rec_footprint(b, r, pr->r_x, n, &rlo, &rhi);
        LLVMValueRef apart = ranges_apart(b, wlo, whi, rlo, rhi, pr->w == pr->r ? "plr.disjoint" : "plr.recs.apart");
        if (pr->or_same) /* exactly in place, the last call */
            apart = LLVMBuildOr(b, apart,
                                LLVMBuildICmp(b, LLVMIntEQ, LLVMBuildPtrToInt(b, w->x_v, i64, ""),
                                              LLVMBuildPtrToInt(b, w->y_v, i64, ""), ""), "");
        ok = LLVMBuildAnd(b, ok, apart, "");
    }
    LLVMValueRef br = LLVMBuildCondBr(b, ok, vr.call, vr.fallback);
    if (p->wrap)
        plr_wrap_guard(p->ctx, p->wrap, br);

    /* ---- every call's signature, data and histories, then whether each
     * pays, before any call writes */
    LLVMPositionBuilderAtEnd(b, vr.call);
    emit_abi_guard(b, mod, vr.done, vr.fallback);
    for (unsigned i = 0; i < cp->nsteps; i++) {
        const plr_step *s = &cp->steps[i];
        const plr_plan *q = ch->sub[s->rec];
        unsigned k = s->rec;
        sig_from_lin(b, q, sig[k], q->lin, q->fir_len, q->order);
        store_at(b, n, data[k], offsetof(plr_data, n));
        data_stores(b, q, data[k]);
        store_at(b, q->x_v, data[k], offsetof(plr_data, x));
        store_at(b, q->y_v, data[k], offsetof(plr_data, y));
        for (unsigned j = 1; j <= q->order; j++)
            store_at(b, history(b, q, PLR_LEAF_Y, (int)j), yinit[k], (int64_t)(q->order - j) * q->size);
        for (unsigned mm = 1; mm < q->fir_len; mm++)
            store_at(b, history(b, q, PLR_LEAF_X, (int)mm), xhist[k], (int64_t)(q->fir_len - 1 - mm) * q->size);
        store_at(b, xhist[k], data[k], offsetof(plr_data, x_history));
        store_at(b, yinit[k], data[k], offsetof(plr_data, y_init));
        store_at(b, yfinal[k], data[k], offsetof(plr_data, y_final));
        layout[k] = NULL;
        if (s->layout == PLR_LAYOUT_STRIDED) {
            LLVMValueRef zero = LLVMConstInt(i64, 0, 0);
            layout[k] =
                build_layout(b, fn, LLVMConstInt(i64, 1, 0),
                             LLVMConstInt(i64, (unsigned long long)(q->access.x_step / (int64_t)q->storage.x_size), 1),
                             zero, LLVMConstInt(i64, (unsigned long long)(q->access.step / (int64_t)q->size), 1), zero);
        }
    }
    if (!plr_min_n_given()) {
        LLVMTypeRef pays_ty = NULL;
        LLVMValueRef pays = pays_fn(mod, C, &pays_ty);
        for (unsigned i = 0; i < cp->nsteps; i++) {
            unsigned k = cp->steps[i].rec;
            unsigned chain = loop_chain_ops(ch->sub[k]);
            if (layout[k])
                emit_pays_many_guard(b, mod, sig[k], data[k], layout[k], cp->passes, cp->stages, chain ? chain : 1,
                                     vr.done, vr.fallback);
            else
                emit_pays_guard(b, pays, pays_ty, sig[k], data[k], cp->passes, cp->stages, chain ? chain : 1,
                                vr.done, vr.fallback);
        }
    }
    for (unsigned i = 0; i < cp->nsteps; i++) {
        unsigned k = cp->steps[i].rec;
        LLVMValueRef status;
        if (layout[k]) {
            LLVMTypeRef fty;
            LLVMValueRef rt = run_many_fn(mod, C, &fty), null = LLVMConstPointerNull(ptr);
            LLVMValueRef args[5] = {sig[k], data[k], layout[k], null, null};
            status = LLVMBuildCall2(b, fty, rt, args, 5, "plr.status");
        } else {
            LLVMTypeRef fty;
            LLVMValueRef rt = runtime_fn(mod, C, &fty);
            LLVMValueRef args[2] = {sig[k], data[k]};
            status = LLVMBuildCall2(b, fty, rt, args, 2, "plr.status");
        }
        LLVMValueRef good = LLVMBuildICmp(b, LLVMIntEQ, status, LLVMConstInt(i32, PLR_OK, 0), "");
        LLVMBasicBlockRef next =
            i + 1 == cp->nsteps ? vr.done : LLVMInsertBasicBlockInContext(C, vr.done, "plr.recs.next");
        LLVMBuildCondBr(b, good, next, vr.fallback);
        if (next != vr.done)
            LLVMPositionBuilderAtEnd(b, next);
    }

    /* ---- each recurrence's final values from its y_final */
    int64_t final_at[PLR_MAX_CHANNELS];
    for (unsigned k = 0; k < m; k++)
        final_at[k] = (int64_t)ch->sub[k]->order - 1;
    final_values(b, ch, yfinal, final_at, vr.done, exit, latch);
    LLVMDisposeBuilder(b);
    plr_loop_add_marker(p->loop, "plr.versioned");
}
