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
/* The nest's rewrite in progress: what the lowerings of its steps share. */
typedef struct nest_lowering {
    plr_plan *p;
    const plr_call_plan *cp;
    LLVMBuilderRef b;
    LLVMContextRef C;
    LLVMValueRef fn;
    LLVMModuleRef mod;
    versioned vr;
    LLVMValueRef n, count, size;   /* i64: elements per sequence, sequences, bytes per element */
    LLVMValueRef ystep, xstep;     /* i64 bytes between elements (a run-time stride: the same value) */
    LLVMValueRef stride;           /* that run-time stride in elements; NULL: constant strides */
    LLVMValueRef layout;
    LLVMValueRef rt;               /* plr_run_many */
    LLVMTypeRef rt_ty;
    LLVMValueRef status;           /* the last call's; NULL before the first */
    LLVMValueRef buf;              /* the gathered histories, freed after the first call */
    int gathered, joined;
    int maps_done;                 /* the maps after the call are lowered (one loop nest) */
} nest_lowering;

/* The check, at the end of the outer loop's preheader. */
static void lower_nest_checks(nest_lowering *L) {
    plr_plan *p = L->p;
    plr_nest *nest = p->nest;
    LLVMBuilderRef b = L->b;
    LLVMTypeRef i64 = LLVMInt64TypeInContext(L->C);
    unsigned checks = L->cp->checks;
    LLVMValueRef n = L->n, count = L->count;
    LLVMInstructionEraseFromParent(LLVMGetBasicBlockTerminator(L->vr.check));
    LLVMPositionBuilderAtEnd(b, L->vr.check);
    LLVMValueRef ok = LLVMConstInt(LLVMInt1TypeInContext(L->C), 1, 0);
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
    uint64_t min_n = plr_call_threshold();
    LLVMValueRef total = LLVMBuildMul(b, n, count, "plr.total");
    ok = LLVMBuildAnd(b, ok, LLVMBuildICmp(b, LLVMIntUGE, total, LLVMConstInt(i64, min_n, 0), ""), "plr.big");
    LLVMValueRef size = L->size, zero = LLVMConstInt(i64, 0, 0);
    /* whole elements of each side's own storage (x may be held narrower) */
    LLVMValueRef xsize = LLVMConstInt(i64, p->storage.x_size, 0);
    LLVMValueRef dists[4] = {nest->y_dist_v, nest->x_dist_v, nest->step_v ? nest->step_v : zero,
                             nest->step_v ? nest->step_v : zero};
    LLVMValueRef sizes[4] = {size, xsize, size, xsize};
    for (unsigned d = 0; d < 4; d++)
        if (!LLVMIsConstant(dists[d]) && (d == 0 || dists[d] != dists[0] || sizes[d] != sizes[0]) &&
            (d != 3 || p->storage.x_size != p->storage.state_size))
            ok = LLVMBuildAnd(b, ok, LLVMBuildICmp(b, LLVMIntEQ, LLVMBuildSRem(b, dists[d], sizes[d], ""), zero, ""), "");
    if (checks & PLR_CHECK_SEQ_HISTORY) {
        /* y[-j] of every sequence is read before the call: no sequence may
         * write it. Sequences far enough apart (rows: the distance covers
         * n + order elements) or all within one step (columns side by side)
         * never do. (Both factors below 2^32 bytes: no wrap.) */
        LLVMValueRef d = emit_abs(b, nest->y_dist_v), st = emit_abs(b, L->ystep);
        LLVMValueRef lim32 = LLVMConstInt(i64, UINT64_C(1) << 32, 0);
        ok = LLVMBuildAnd(b, ok, LLVMBuildICmp(b, LLVMIntULT, d, lim32, ""), "");
        ok = LLVMBuildAnd(b, ok, LLVMBuildICmp(b, LLVMIntULT, st, lim32, ""), "");
        LLVMValueRef span = LLVMBuildMul(b, LLVMBuildAdd(b, n, LLVMConstInt(i64, p->order, 0), ""), st, "");
        LLVMValueRef rows = LLVMBuildICmp(b, LLVMIntUGE, d, span, "plr.apart.rows");
        LLVMValueRef lanes = LLVMBuildICmp(b, LLVMIntULT, LLVMBuildMul(b, d, LLVMBuildSub(b, count, one, ""), ""), st,
                                           "plr.apart.lanes");
        ok = LLVMBuildAnd(b, ok, LLVMBuildOr(b, rows, lanes, ""), "");
    }
    /* The boxes the replacement writes, over all sequences: y, then the
     * other stored arrays (the maps after the call). */
    LLVMValueRef wlo[1 + PLR_MAX_OUTPUTS], whi[1 + PLR_MAX_OUTPUTS];
    unsigned nw = 1 + p->maps.nouts;
    nest_box(b, nest->y0_v, nest->y_dist_v, count, L->ystep, n, 0, p->size, &wlo[0], &whi[0]);
    for (unsigned k = 0; k < p->maps.nouts; k++)
        nest_box(b, nest->out_start_v[k], nest->out_dist_v[k], count,
                 p->maps.outs[k].runtime_step ? L->ystep
                                              : LLVMConstInt(i64, (unsigned long long)p->maps.outs[k].step, 1),
                 n, 0, p->maps.outs[k].size, &wlo[k + 1], &whi[k + 1]);
    if (checks & PLR_CHECK_LOADS_APART) {
        /* The clone writes the input terms into y before the runtime runs,
         * and the maps after it read what the loop read: nothing those
         * loads read may lie in an array the replacement writes, in any
         * sequence. */
        for (unsigned i = 0; i < p->access.nrl; i++) {
            LLVMValueRef lo, hi;
            LLVMValueRef rstep =
                p->access.rl_runtime[i] ? L->ystep : LLVMConstInt(i64, (unsigned long long)p->access.rl_step[i], 1);
            nest_box(b, nest->rl_start_v[i], nest->rl_dist_v[i], count, rstep, n, 0, (unsigned)p->access.rl_size[i],
                     &lo, &hi);
            for (unsigned w = 0; w < nw; w++)
                ok = LLVMBuildAnd(b, ok, ranges_apart(b, lo, hi, wlo[w], whi[w], "plr.apart"), "");
        }
    }
    if (checks & PLR_CHECK_X_APART) {
        /* x[-m] too: x, its histories included, apart from y. */
        LLVMValueRef xlo, xhi, ylo, yhi;
        nest_box(b, nest->x0_v, nest->x_dist_v, count, L->xstep, n, (int64_t)p->fir_len - 1, p->storage.x_size, &xlo,
                 &xhi);
        nest_box(b, nest->y0_v, nest->y_dist_v, count, L->ystep, n, 0, p->size, &ylo, &yhi);
        ok = LLVMBuildAnd(b, ok, LLVMBuildOr(b, LLVMBuildICmp(b, LLVMIntSLE, xhi, ylo, ""),
                                             LLVMBuildICmp(b, LLVMIntSLE, yhi, xlo, ""), "plr.x.apart"), "");
    }
    if (checks & PLR_CHECK_STORES_APART) {
        /* The maps write each other array after the call has read x and y
         * (the elements before each sequence too) and written y. */
        LLVMValueRef xlo, xhi, ylo, yhi;
        nest_box(b, nest->x0_v, nest->x_dist_v, count, L->xstep, n, (int64_t)p->fir_len - 1, p->storage.x_size, &xlo,
                 &xhi);
        nest_box(b, nest->y0_v, nest->y_dist_v, count, L->ystep, n, (int64_t)p->order, p->size, &ylo, &yhi);
        for (unsigned k = 1; k < nw; k++) {
            ok = LLVMBuildAnd(b, ok, ranges_apart(b, wlo[k], whi[k], ylo, yhi, "plr.stores.apart"), "");
            ok = LLVMBuildAnd(b, ok, ranges_apart(b, wlo[k], whi[k], xlo, xhi, "plr.stores.apart"), "");
            for (unsigned j = 1; j < k; j++)
                ok = LLVMBuildAnd(b, ok, ranges_apart(b, wlo[k], whi[k], wlo[j], whi[j], "plr.stores.apart"), "");
        }
    }
    if (checks & PLR_CHECK_X_NOT_Y) /* later stages run in place over y: x must stay intact for the fallback */
        ok = LLVMBuildAnd(b, ok, LLVMBuildICmp(b, LLVMIntNE, nest->x0_v, nest->y0_v, ""), "");
    LLVMValueRef br = LLVMBuildCondBr(b, ok, L->vr.call, L->vr.fallback);
    if (checks & PLR_CHECK_NO_WRAP) /* (the same for every sequence: plr_check_nest) */
        plr_wrap_guard(p->ctx, p->wrap, br);
}

/* The first call's signature, data (histories zero unless gathered) and
 * layout, before plr_pays_many reads them. */
static void open_nest_call(nest_lowering *L) {
    plr_plan *p = L->p;
    plr_nest *nest = p->nest;
    LLVMBuilderRef b = L->b;
    LLVMTypeRef i64 = LLVMInt64TypeInContext(L->C);
    LLVMValueRef data = L->vr.data;
    const plr_step *first = plr_call_plan_first(L->cp, PLR_STEP_CALL);
    sig_from_lin(b, p, L->vr.sig, p->lin, first->fir_len, first->order);
    LLVMValueRef null = LLVMConstPointerNull(LLVMPointerTypeInContext(L->C, 0));
    store_at(b, L->n, data, offsetof(plr_data, n));
    data_stores(b, p, data);
    store_at(b, nest->x0_v, data, offsetof(plr_data, x));
    store_at(b, nest->y0_v, data, offsetof(plr_data, y));
    store_at(b, null, data, offsetof(plr_data, x_history));
    store_at(b, null, data, offsetof(plr_data, y_init));
    store_at(b, null, data, offsetof(plr_data, y_final));
    /* (a run-time stride is x's too: recognize takes only streams that move like y) */
    L->stride = nest->step_v ? LLVMBuildExactSDiv(b, nest->step_v, L->size, "plr.stride") : NULL;
    LLVMValueRef xstride =
        !nest->step_v ? NULL
        : p->storage.x_size == p->size
            ? L->stride
            : LLVMBuildExactSDiv(b, nest->step_v, LLVMConstInt(i64, p->storage.x_size, 0), "plr.x.stride");
    L->layout = build_layout(
        b, L->fn, L->count,
        xstride ? xstride : LLVMConstInt(i64, (unsigned long long)(p->access.x_step / (int64_t)p->storage.x_size), 1),
        LLVMBuildExactSDiv(b, nest->x_dist_v, LLVMConstInt(LLVMInt64TypeInContext(L->C), p->storage.x_size, 0),
                           "plr.x.dist"),
        L->stride ? L->stride : LLVMConstInt(i64, (unsigned long long)plr_state_stride(p), 1),
        LLVMBuildExactSDiv(b, nest->y_dist_v, L->size, "plr.y.dist"));
}

/* Every sequence's histories, read once before anything writes y (they lie
 * outside every sequence). */
static void gather_once(nest_lowering *L) {
    if (L->gathered || plr_call_plan_first(L->cp, PLR_STEP_CALL)->history != PLR_FROM_GATHER)
        return;
    L->buf = emit_gather(L->b, L->p, L->count, L->vr.data, L->vr.fallback);
    L->gathered = 1;
}

static LLVMValueRef nest_call(nest_lowering *L, const char *name) {
    LLVMValueRef null = LLVMConstPointerNull(LLVMPointerTypeInContext(L->C, 0));
    LLVMValueRef args[5] = {L->vr.sig, L->vr.data, L->layout, null, null};
    return LLVMBuildCall2(L->b, L->rt_ty, L->rt, args, 5, name);
}

static LLVMValueRef nest_ok(nest_lowering *L) {
    return LLVMBuildICmp(L->b, LLVMIntEQ, L->status, LLVMConstInt(LLVMInt32TypeInContext(L->C), PLR_OK, 0), "");
}

static void lower_nest_first_call(nest_lowering *L) {
    LLVMTypeRef ptr = LLVMPointerTypeInContext(L->C, 0), void_ty = LLVMVoidTypeInContext(L->C);
    gather_once(L);
    L->rt = run_many_fn(L->mod, L->C, &L->rt_ty);
    L->status = nest_call(L, "plr.status");
    if (L->buf)
        LLVMBuildCall2(L->b, LLVMFunctionType(void_ty, &ptr, 1, 0), external_fn(L->mod, "plr_scratch_free", void_ty, ptr), &L->buf, 1,
                       "");
}

/* A later stage of a cascade, over the previous one's output in place,
 * from zero states. If it fails, y holds an earlier stage and x is intact:
 * the fallback runs the whole nest again. */
static void lower_nest_stage_call(nest_lowering *L, const plr_step *st) {
    plr_plan *p = L->p;
    LLVMBuilderRef b = L->b;
    LLVMTypeRef i64 = LLVMInt64TypeInContext(L->C);
    LLVMBasicBlockRef next = LLVMInsertBasicBlockInContext(L->C, L->vr.done, "plr.nest.stage");
    LLVMBuildCondBr(b, nest_ok(L), next, L->vr.fallback);
    LLVMPositionBuilderAtEnd(b, next);
    sig_from_lin(b, p, L->vr.sig, p->stages.lin[st->stage], st->fir_len, st->order);
    if (st->stage == 1) { /* from now on x is y, laid out as y */
        store_at(b, p->nest->y0_v, L->vr.data, offsetof(plr_data, x));
        store_at(b,
                 L->stride ? L->stride : LLVMConstInt(i64, (unsigned long long)plr_state_stride(p), 1),
                 L->layout, offsetof(plr_layout, x_stride));
        store_at(b, LLVMBuildExactSDiv(b, p->nest->y_dist_v, L->size, ""), L->layout, offsetof(plr_layout, x_dist));
    }
    L->status = nest_call(L, "plr.status.stage");
}

/* Past the calls: a failure goes to the fallback, success to plr.nest.done. */
static void nest_join(nest_lowering *L) {
    if (L->joined)
        return;
    L->joined = 1;
    LLVMBuildCondBr(L->b, nest_ok(L), L->vr.done, L->vr.fallback);
    LLVMPositionBuilderAtEnd(L->b, L->vr.done);
}

static void lower_nest_map(nest_lowering *L, const plr_step *st) {
    switch (st->map) {
    case PLR_MAP_INPUT: /* for every sequence */
        gather_once(L);
        emit_input_terms(L->b, L->p, L->p->nest->outer, L->vr.fallback, "plr.nest.run", NULL);
        break;
    case PLR_MAP_STORE:
    case PLR_MAP_OUTPUT: /* (the first of them lowers them all, fused) */
        nest_join(L);
        if (!L->maps_done)
            emit_nest_map(L->b, L->p, st, after_call_maps(st, L->cp->steps + L->cp->nsteps), L->count, L->n,
                          L->ystep, L->vr.fallback);
        L->maps_done = 1;
        break;
    default:
        abort(); /* nest.c takes no other map into a nest */
    }
}

void rewrite_nest(plr_plan *p) {
    plr_nest *nest = p->nest;
    nest_lowering L = {.p = p, .cp = p->calls};
    L.C = LLVMGetTypeContext(p->elem);
    L.fn = plr_ctx_function(p->ctx);
    L.mod = LLVMGetGlobalParent(L.fn);
    L.b = LLVMCreateBuilderInContext(L.C);
    LLVMTypeRef i64 = LLVMInt64TypeInContext(L.C);
    LLVMMetadataRef loc = LLVMInstructionGetDebugLoc(p->store);
    L.vr = version_at(L.b, p->ctx, plr_loop_preheader(nest->outer), "plr.nest.call", "plr.nest.done");
    if (loc)
        LLVMSetCurrentDebugLocation2(L.b, loc);
    L.n = p->n_v;
    L.count = nest->count_v;
    L.size = LLVMConstInt(i64, p->storage.state_size, 0); /* (y's elements as the call holds them) */
    L.ystep = nest->step_v ? nest->step_v : LLVMConstInt(i64, (unsigned long long)p->access.step, 1);
    L.xstep = nest->step_v ? nest->step_v : LLVMConstInt(i64, (unsigned long long)p->access.x_step, 1);
    lower_nest_checks(&L);

    LLVMPositionBuilderAtEnd(L.b, L.vr.call);
    emit_abi_guard(L.b, L.mod, L.vr.done, L.vr.fallback);
    open_nest_call(&L);
    for (unsigned i = 0; i < L.cp->nsteps; i++) {
        const plr_step *st = &L.cp->steps[i];
        if (i == L.cp->ask_at && !plr_min_n_given())
            emit_pays_many_guard(L.b, L.mod, L.vr.sig, L.vr.data, L.layout, L.cp->passes, L.cp->stages,
                                 loop_chain_ops(p), L.vr.done, L.vr.fallback);
        if (st->kind == PLR_STEP_MAP)
            lower_nest_map(&L, st);
        else if (st->kind == PLR_STEP_CALL && !L.status)
            lower_nest_first_call(&L);
        else if (st->kind == PLR_STEP_CALL)
            lower_nest_stage_call(&L, st);
        else
            abort(); /* a side copy: nest.c does not take the nest */
    }
    nest_join(&L);
    LLVMBasicBlockRef exit = plr_loop_exit(nest->outer), latch = plr_loop_latch(nest->outer);
    LLVMBasicBlockRef tail = LLVMGetInsertBlock(L.b);
    LLVMBuildBr(L.b, exit);
    /* Nothing computed in the nest is used after it: an exit phi carries a
     * value from before the nest. */
    for (LLVMValueRef phi = LLVMGetFirstInstruction(exit); phi && LLVMIsAPHINode(phi);
         phi = LLVMGetNextInstruction(phi)) {
        LLVMValueRef v = plr_incoming_from(phi, latch);
        if (!v)
            v = LLVMGetPoison(LLVMTypeOf(phi));
        LLVMAddIncoming(phi, &v, &tail, 1);
    }
    LLVMDisposeBuilder(L.b);
    plr_loop_add_marker(p->loop, "plr.versioned");
    plr_loop_add_marker(nest->outer, "plr.versioned");
}
