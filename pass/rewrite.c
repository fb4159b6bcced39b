/*
 * rewrite.c - the preparation of every accepted loop, and a single loop
 * versioned around its call plan, whose steps are lowered in order (nests
 * and channels: lower_nest.c, lower_channels.c).
 *
 *   preheader:  n, &y[0], &x[0] (SCEV expansions)
 *               if (n >= min_n && the plan's address checks hold) goto call
 *               else goto fallback
 *   plr.call:   build plr_signature and plr_data on the stack; unless the user
 *               set plr-min-n, if (!plr_pays(...)) goto fallback (libplr
 *               judges whether the call beats this loop); then the steps:
 *               side copy, maps, calls, each call's status checked
 *   plr.done:   maps after the calls; values used after the loop, from
 *               y_final / y / saved x; goto exit
 *   fallback:   the original loop, untouched
 *
 * plr_run writes nothing when it fails, so the fallback sees the memory the
 * loop would have seen.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <llvm-c/DebugInfo.h>

#include "callplan.h"
#include "plr_pass.h"
#include "rewrite.h"
#include "runtime_order.h"
#include "shape.h"

/* A start over the sequences of a nest and its distance (NULL: 0), before
 * `term`. */
static void expand_spacing(plr_plan *p, LLVMValueRef term, plr_scev *start, plr_scev *dist, LLVMValueRef *start_v,
                           LLVMValueRef *dist_v) {
    LLVMContextRef C = LLVMGetTypeContext(p->elem);
    LLVMTypeRef i64 = LLVMInt64TypeInContext(C);
    *start_v = plr_scev_expand(p->ctx, start, LLVMPointerTypeInContext(C, 0), term);
    *dist_v = dist ? plr_scev_expand(p->ctx, dist, i64, term) : LLVMConstInt(i64, 0, 0);
}

void plr_rewrite_prepare(plr_plan *p) {
    plr_form_lcssa(p->ctx, p->loop);
    if (p->shape->kind == PLR_SHAPE_RUNTIME_ORDER) {
        plr_rto_prepare(p);
        return;
    }
    for (unsigned k = 1; p->chan && k < p->chan->count; k++)
        plr_rewrite_prepare(p->chan->sub[k]); /* its addresses and live-outs */
    if (p->nest) {
        /* Everything the call needs, computed before the nest. */
        plr_nest *nest = p->nest;
        LLVMValueRef term = LLVMGetBasicBlockTerminator(plr_loop_preheader(nest->outer));
        LLVMContextRef C = LLVMGetTypeContext(p->elem);
        LLVMTypeRef ptr = LLVMPointerTypeInContext(C, 0), i64 = LLVMInt64TypeInContext(C);
        p->n_v = plr_scev_expand(p->ctx, p->access.trip, i64, term);
        nest->count_v = plr_scev_expand(p->ctx, nest->count, i64, term);
        nest->y0_v = plr_scev_expand(p->ctx, nest->y0, ptr, term);
        nest->y_dist_v = plr_scev_expand(p->ctx, nest->y_dist, i64, term);
        nest->x0_v = plr_scev_expand(p->ctx, nest->x0, ptr, term);
        nest->x_dist_v = nest->x_dist ? plr_scev_expand(p->ctx, nest->x_dist, i64, term) : LLVMConstInt(i64, 0, 0);
        nest->step_v = p->access.step_s ? plr_scev_expand(p->ctx, p->access.step_s, i64, term) : NULL;
        for (unsigned i = 0; i < p->access.nrl; i++)
            expand_spacing(p, term, nest->rl_start[i], nest->rl_dist[i], &nest->rl_start_v[i], &nest->rl_dist_v[i]);
        for (unsigned k = 0; k < p->maps.nmload; k++)
            expand_spacing(p, term, nest->ml_start[k], nest->ml_dist[k], &nest->ml_start_v[k], &nest->ml_dist_v[k]);
        for (unsigned k = 0; k < p->maps.nouts; k++)
            expand_spacing(p, term, nest->out_start[k], nest->out_dist[k], &nest->out_start_v[k], &nest->out_dist_v[k]);
        for (unsigned k = 0; k < p->maps.nmiv; k++) /* (every sequence's: nest.c) */
            p->maps.miv[k].start_v =
                plr_scev_expand(p->ctx, p->maps.miv[k].start, LLVMTypeOf(p->maps.miv[k].phi), term);
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
    p->n_v = plr_scev_expand(p->ctx, p->access.trip, LLVMInt64TypeInContext(C), term);
    p->y_v = plr_scev_expand(p->ctx, p->access.y_start, ptr, term);
    p->x_v = p->access.in_place ? p->y_v : plr_scev_expand(p->ctx, p->access.x_start, ptr, term);
    LLVMTypeRef i64 = LLVMInt64TypeInContext(C);
    p->y_step_v = p->access.step_s ? plr_scev_expand(p->ctx, p->access.step_s, i64, term)
                                   : LLVMConstInt(i64, (unsigned long long)p->access.step, 1);
    p->x_step_v = p->access.step_s && p->access.x_step == 0 ? p->y_step_v
                                                            : LLVMConstInt(i64, (unsigned long long)p->access.x_step, 1);
    for (unsigned i = 0; i < p->access.nrl; i++)
        p->access.rl_v[i] = plr_scev_expand(p->ctx, p->access.rl_start[i], ptr, term);
    for (unsigned k = 0; k < p->maps.nouts; k++)
        p->maps.outs[k].start_v = plr_scev_expand(p->ctx, p->maps.outs[k].start, ptr, term);
    for (unsigned k = 0; k < p->maps.nmload; k++)
        p->maps.mload[k].start_v = plr_scev_expand(p->ctx, p->maps.mload[k].start, ptr, term);
    for (unsigned k = 0; k < p->maps.nmiv; k++)
        p->maps.miv[k].start_v = plr_scev_expand(p->ctx, p->maps.miv[k].start, LLVMTypeOf(p->maps.miv[k].phi), term);
    for (unsigned i = 0; i < p->nliveouts; i++)
        if (p->liveouts[i].kind == PLR_LO_SCEV)
            p->liveouts[i].repl = plr_scev_expand(p->ctx, p->liveouts[i].scev, LLVMTypeOf(p->liveouts[i].v), term);
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
        LLVMValueRef at = elem_ptr_v(b, p->y_v, idx, p->y_step_v); /* (at y's stride: a constant, or run-time) */
        lo->repl = LLVMBuildLoad2(b, p->elem, at, "plr.final");
        LLVMSetAlignment(lo->repl, user_align(p));
    }
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
    LLVMValueRef stage_layout;         /* a strided cascade's later stages' (x is y); NULL until one */
    LLVMValueRef n, last;              /* last = n - 1, set by the first call */
    LLVMValueRef rt;                   /* plr_run */
    LLVMTypeRef rt_ty;
    LLVMValueRef ok;                   /* the last call succeeded; NULL before the first */
    int stage;                         /* the cascade stage y holds after the last call */
    int y_saved, x_saved;              /* the first call's history arrays are filled */
    int data_ready;                    /* its plr_data is complete (a composed prologue) */
    int joined;                        /* past the calls: in plr.done, or a map after it */
    int maps_done;                     /* the maps after the calls are lowered (one loop) */
    int fixed_done;                    /* the fixed elements are stored (straight-line, after the calls) */
    LLVMValueRef peeled[2 * PLR_MAX_ORDER + PLR_MAX_FIR];
    unsigned npeeled;
    /* Where the calls write the state, element 0: y, or a buffer (buffer:
     * the plr_scratch_alloc block, freed on both ways out; NULL: none). */
    LLVMValueRef state, buffer;
} lowering;

/* Element idx of the state where the calls leave it (y, or the state's
 * buffer: L->state), and of y itself; a run-time stride walks both. */
static LLVMValueRef state_at(const lowering *L, LLVMValueRef idx) {
    return elem_ptr_v(L->b, L->state, idx, state_step_v(L->b, L->p));
}

static LLVMValueRef y_at(const lowering *L, LLVMValueRef idx) {
    return elem_ptr_v(L->b, L->p->y_v, idx, L->p->y_step_v); /* (y_step_v: the constant step, or the run-time one) */
}

/* Whether a value used after the loop comes from y_final of a call whose
 * y is held converted (p->storage.y_trunc, or the state's low bits in the
 * output's slots: state_reduced) while the last feedback coefficient
 * may be zero at run time (not a non-zero constant). */
static int final_needs_last_coefficient(const plr_plan *p) {
    if (!p->storage.y_trunc && !p->storage.state_reduced)
        return 0;
    const plr_cn *c = p->lin->b[p->order];
    if (c && c->kind == PLR_CN_CONST && (p->is_fp ? c->kf != 0.0 : c->ki != 0))
        return 0;
    for (unsigned i = 0; i < p->nliveouts; i++)
        if (p->liveouts[i].kind == PLR_LO_Y || p->liveouts[i].kind == PLR_LO_LIN)
            return 1;
    return 0;
}

/* Whether elements of `size` bytes at y's run-time stride, `offset` bytes
 * from y's first, lie between y's elements for every pair of indices:
 * the offset modulo |stride| leaves room for y's element before it and
 * for this one before the next (one array's lanes: `buf[i*C]` read,
 * `buf[i*C + 1]` written). */
static LLVMValueRef lanes_apart(const lowering *L, int64_t offset, unsigned size) {
    LLVMBuilderRef b = L->b;
    LLVMTypeRef i64 = LLVMInt64TypeInContext(L->C);
    LLVMValueRef zero = LLVMConstInt(i64, 0, 0), one = LLVMConstInt(i64, 1, 0);
    LLVMValueRef st = emit_abs(b, L->p->y_step_v);
    /* (the stride check rejects 0; the division must not see it either) */
    st = LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntEQ, st, zero, ""), one, st, "");
    LLVMValueRef m = LLVMBuildSRem(b, LLVMConstInt(i64, (unsigned long long)offset, 1), st, "");
    m = LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntSLT, m, zero, ""), LLVMBuildAdd(b, m, st, ""), m, "plr.lane");
    LLVMValueRef after_y = LLVMBuildICmp(b, LLVMIntUGE, m, LLVMConstInt(i64, L->p->size, 0), "");
    LLVMValueRef before_next =
        LLVMBuildICmp(b, LLVMIntULE, LLVMBuildAdd(b, m, LLVMConstInt(i64, size, 0), ""), st, "");
    return LLVMBuildAnd(b, after_y, before_next, "plr.lanes.apart");
}

/* Whether load r of the plan's other loads starts where y does (with y's
 * step and size: it is y, element for element). */
static LLVMValueRef load_is_y(const lowering *L, unsigned r) {
    LLVMTypeRef i64 = LLVMInt64TypeInContext(L->C);
    return LLVMBuildICmp(L->b, LLVMIntEQ, LLVMBuildPtrToInt(L->b, L->p->access.rl_v[r], i64, ""),
                         LLVMBuildPtrToInt(L->b, L->p->y_v, i64, ""), "plr.load.is.y");
}

/* ---- the check, in the preheader */
static void lower_checks(lowering *L) {
    plr_plan *p = L->p;
    LLVMBuilderRef b = L->b;
    LLVMTypeRef i64 = LLVMInt64TypeInContext(L->C);
    unsigned checks = L->cp->checks;
    LLVMInstructionEraseFromParent(LLVMGetBasicBlockTerminator(L->vr.check));
    LLVMPositionBuilderAtEnd(b, L->vr.check);
    uint64_t min_n = plr_call_threshold();
    LLVMValueRef n = L->n;
    LLVMValueRef ok = LLVMBuildICmp(b, LLVMIntUGE, n, LLVMConstInt(i64, min_n, 0), "plr.big");
    if (final_needs_last_coefficient(p)) {
        /* The state after the loop is read from y_final, which is the
         * backend's exact state only up to the effective order (the last
         * non-zero b at run time): older entries are read back from y, as
         * stored (rounded to float, truncated to short). b_k != 0 makes
         * every entry the state's. */
        LLVMValueRef bk = emit_cn(b, p, p->lin->b[p->order]);
        LLVMValueRef nz = p->is_fp ? LLVMBuildFCmp(b, LLVMRealUNE, bk, LLVMConstNull(p->elem), "plr.bk")
                                   : LLVMBuildICmp(b, LLVMIntNE, bk, LLVMConstNull(p->elem), "plr.bk");
        ok = LLVMBuildAnd(b, ok, nz, "");
    }
    /* n < 2^56 (2^36 when strided: steps are at most 2^20 bytes) keeps
     * n * step from wrapping in the overlap test. */
    int unit = plr_call_plan_first(L->cp, PLR_STEP_CALL)->layout == PLR_LAYOUT_UNIT;
    ok = LLVMBuildAnd(b, ok,
                      LLVMBuildICmp(b, LLVMIntULT, n, LLVMConstInt(i64, UINT64_C(1) << (unit ? 56 : 36), 0), ""), "");
    if (checks & PLR_CHECK_STRIDE) {
        /* A run-time stride: whole elements of y (and of x where x walks
         * it), not zero (every iteration's one element), and as bounded
         * as a constant one (0 < |step| <= PLR_MAX_STEP_BYTES). */
        LLVMValueRef st = p->y_step_v, zero = LLVMConstInt(i64, 0, 0);
        LLVMValueRef mag = emit_abs(b, st);
        ok = LLVMBuildAnd(b, ok, LLVMBuildICmp(b, LLVMIntNE, st, zero, ""), "");
        ok = LLVMBuildAnd(b, ok, LLVMBuildICmp(b, LLVMIntULE, mag, LLVMConstInt(i64, PLR_MAX_STEP_BYTES, 0), ""),
                          "plr.stride.ok");
        /* (the state's step: y's, scaled for a state wider than y in
         * its buffer, whose elements the call's stride counts) */
        int x_own = p->access.x_step == 0 && p->storage.x_size != p->storage.state_size;
        unsigned sizes[2] = {p->storage.state_size, x_own ? p->storage.x_size : 0};
        LLVMValueRef steps[2] = {state_step_v(b, p), st};
        for (unsigned k = 0; k < 2; k++)
            if (sizes[k])
                ok = LLVMBuildAnd(
                    b, ok,
                    LLVMBuildICmp(b, LLVMIntEQ, LLVMBuildSRem(b, steps[k], LLVMConstInt(i64, sizes[k], 0), ""), zero,
                                  ""),
                    "");
    }
    /* The arrays the replacement writes: y, then the other stored arrays. */
    LLVMValueRef wlo[1 + PLR_MAX_OUTPUTS], whi[1 + PLR_MAX_OUTPUTS];
    unsigned nw = 1 + p->maps.nouts;
    footprint_v(b, p->y_v, n, p->y_step_v, 0, p->size, &wlo[0], &whi[0]);
    for (unsigned k = 0; k < p->maps.nouts; k++)
        footprint_v(b, p->maps.outs[k].start_v, n,
                    p->maps.outs[k].runtime_step ? p->y_step_v
                                                 : LLVMConstInt(i64, (unsigned long long)p->maps.outs[k].step, 1),
                    0, p->maps.outs[k].size, &wlo[k + 1], &whi[k + 1]);
    LLVMValueRef xlo = NULL, xend = NULL;
    if (checks & (PLR_CHECK_X_APART | PLR_CHECK_STORES_APART))
        footprint_v(b, p->x_v, n, p->x_step_v, p->access.x_mem_history, p->storage.x_size, &xlo, &xend);
    /* A history read both through a phi and from memory: the call's one
     * history is the loop's only where both hold the same bits. */
    LLVMValueRef agree = plr_emit_histories_agree(b, p);
    if (agree)
        ok = LLVMBuildAnd(b, ok, agree, "");
    if (checks & PLR_CHECK_X_APART) {
        /* The loop reads x[-h..n-1] and writes y[0..n-1]: if those do not
         * meet, the loop's reads never see its own writes. */
        LLVMValueRef disjoint = ranges_apart(b, xlo, xend, wlo[0], whi[0], "plr.disjoint");
        /* Exactly in place reads x[i] before writing y[i]. */
        if (checks & PLR_CHECK_X_OR_SAME)
            disjoint = LLVMBuildOr(b, disjoint,
                                   LLVMBuildICmp(b, LLVMIntEQ, LLVMBuildPtrToInt(b, p->x_v, i64, ""),
                                                 LLVMBuildPtrToInt(b, p->y_v, i64, ""), ""), "");
        ok = LLVMBuildAnd(b, ok, disjoint, "");
    }
    if (checks & PLR_CHECK_LOADS_APART) {
        /* The map writes t into y[0..n-1] before the runtime runs, a
         * reloaded coefficient must not change, and the maps after the
         * calls read what the loop read: nothing those loads read may lie
         * in an array the replacement writes. */
        LLVMValueRef last0 = LLVMBuildSub(b, n, LLVMConstInt(i64, 1, 0), "");
        for (unsigned r = 0; r < p->access.nrl; r++) {
            LLVMValueRef lo, hi;
            if (p->access.rl_apart[r]) /* (interleaved with y: plr_call_plan_feasible) */
                continue;
            if (p->access.rl_runtime[r]) { /* (at y's run-time stride) */
                footprint_v(b, p->access.rl_v[r], n, p->y_step_v, 0, (unsigned)p->access.rl_size[r], &lo, &hi);
            } else {
                lo = LLVMBuildPtrToInt(b, p->access.rl_v[r], i64, "");
                /* iterations 0..n-1 read [lo, lo + (n-1)*step + size) */
                LLVMValueRef span = LLVMBuildMul(b, last0, LLVMConstInt(i64, (uint64_t)p->access.rl_step[r], 0), "");
                hi = LLVMBuildAdd(b, LLVMBuildAdd(b, lo, span, ""),
                                  LLVMConstInt(i64, (uint64_t)p->access.rl_size[r], 0), "");
                if (p->access.rl_step[r] < 0) { /* a map's load walking down: [lo + (n-1)*step, lo + size) */
                    hi = LLVMBuildAdd(b, lo, LLVMConstInt(i64, (uint64_t)p->access.rl_size[r], 0), "");
                    lo = LLVMBuildAdd(b, lo, span, "");
                }
            }
            for (unsigned w = 0; w < nw; w++) {
                LLVMValueRef apart = ranges_apart(b, lo, hi, wlo[w], whi[w], "plr.apart");
                if (w == 0 && p->access.rl_offset_known[r])
                    apart = LLVMBuildOr(b, apart, lanes_apart(L, p->access.rl_offset[r], (unsigned)p->access.rl_size[r]),
                                        "");
                if (w == 0 && p->access.rl_or_y[r]) /* (exactly y: the state to a buffer, lower_buffer) */
                    apart = LLVMBuildOr(b, apart, load_is_y(L, r), "plr.apart.or.y");
                ok = LLVMBuildAnd(b, ok, apart, "");
            }
        }
    }
    if (checks & PLR_CHECK_STORES_APART) {
        /* The maps write each other array after the call has read x and y
         * (its history too) and written y: none may be one of them, or
         * another such array. */
        LLVMValueRef ylo, yhi;
        footprint_v(b, p->y_v, n, p->y_step_v, plr_y_history_in_memory(p), p->size, &ylo, &yhi);
        for (unsigned k = 1; k < nw; k++) {
            ok = LLVMBuildAnd(b, ok, ranges_apart(b, wlo[k], whi[k], ylo, yhi, "plr.stores.apart"), "");
            if (!p->access.in_place)
                ok = LLVMBuildAnd(b, ok, ranges_apart(b, wlo[k], whi[k], xlo, xend, "plr.stores.apart"), "");
            for (unsigned j = 1; j < k; j++)
                ok = LLVMBuildAnd(b, ok, ranges_apart(b, wlo[k], whi[k], wlo[j], whi[j], "plr.stores.apart"), "");
        }
    }
    LLVMValueRef br = LLVMBuildCondBr(b, ok, L->vr.call, L->vr.fallback);
    if (checks & PLR_CHECK_NO_WRAP)
        plr_wrap_guard(p->ctx, p->wrap, br);
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
        data_stores(b, p, L->vr.data);
        store_at(b, p->x_v, L->vr.data, offsetof(plr_data, x));
        store_at(b, p->y_v, L->vr.data, offsetof(plr_data, y));
    }
    /* Strided or backward: one sequence of plr_run_many. */
    if (first->layout == PLR_LAYOUT_STRIDED) {
        LLVMValueRef zero = LLVMConstInt(i64, 0, 0);
        /* (a run-time stride: whole elements, checked) */
        LLVMValueRef xs =
            p->access.step_s && p->access.x_step == 0
                ? LLVMBuildExactSDiv(b, p->x_step_v, LLVMConstInt(i64, p->storage.x_size, 0), "plr.x.stride")
                : LLVMConstInt(i64, (unsigned long long)(p->access.x_step / (int64_t)p->storage.x_size), 1);
        LLVMValueRef ys = state_stride_v(b, p, "plr.stride");
        L->layout = build_layout(b, L->fn, LLVMConstInt(i64, 1, 0), xs, zero, ys, zero);
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
    erase_map_stores(vm, p);
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
        store_at(L->b, to_hist(L->b, p, history(L->b, p, PLR_LEAF_Y, (int)j)), L->yinit,
                 (int64_t)(p->order - j) * p->storage.hist_size);
    L->y_saved = 1;
}

static void free_buffer(lowering *L) {
    LLVMTypeRef ptr = LLVMPointerTypeInContext(L->C, 0);
    LLVMValueRef fn = external_fn(L->mod, "plr_scratch_free", LLVMVoidTypeInContext(L->C), ptr);
    LLVMBuildCall2(L->b, LLVMGlobalGetValueType(fn), fn, &L->buffer, 1, "");
}

/* The state's buffer: as many bytes as y's footprint (a stride's gaps and
 * a backward walk included, so that the state's element i lies where y's
 * does, offset), times state_size / size for a state wider than its
 * output (plr_state_wider: the offsets scaled), from plr_scratch_alloc
 * (malloc that leaves errno alone: the loop it stands in for never set
 * it); none, and the loop runs as written. The call writes it instead of
 * y (and reads it, when a map put the input terms there); the maps read y
 * as the loop found it, or write the output there from the wider state. */
static void lower_buffer(lowering *L, const plr_step *s) {
    plr_plan *p = L->p;
    LLVMBuilderRef b = L->b;
    /* Only where a map's load is y (the check let it through as exactly
     * y): elsewhere the state is y's, as without a buffer. */
    LLVMValueRef is_y = NULL;
    for (unsigned r = 0; s->only_where_y && r < p->access.nrl; r++)
        if (p->access.rl_or_y[r]) {
            LLVMValueRef e = load_is_y(L, r);
            is_y = is_y ? LLVMBuildOr(b, is_y, e, "") : e;
        }
    if (s->only_where_y && !is_y)
        return; /* (every such load proved apart) */
    /* The function now frees memory and allocates it: what clang
     * inferred of it before (nofree, memory(argmem: ...)) no longer holds
     * (the call path's function copies the attributes left). */
    static const char *const dropped[] = {"nofree", "memory"};
    for (unsigned k = 0; k < sizeof dropped / sizeof *dropped; k++)
        LLVMRemoveEnumAttributeAtIndex(L->fn, LLVMAttributeFunctionIndex,
                                       LLVMGetEnumAttributeKindForName(dropped[k], strlen(dropped[k])));
    LLVMTypeRef i64 = LLVMInt64TypeInContext(L->C), ptr = LLVMPointerTypeInContext(L->C, 0);
    LLVMValueRef lo, hi;
    footprint_v(b, p->y_v, L->n, p->y_step_v, 0, p->size, &lo, &hi);
    LLVMValueRef fn = external_fn(L->mod, "plr_scratch_alloc", ptr, i64);
    LLVMValueRef scale = LLVMConstInt(i64, plr_state_scale(p), 0), bytes;
    if (plr_state_wider(p))
        bytes = LLVMBuildMul(b, LLVMBuildSub(b, hi, lo, ""), scale, "plr.state.bytes");
    else
        bytes = LLVMBuildSub(b, hi, lo, "plr.state.bytes");
    LLVMBasicBlockRef from = NULL, where = NULL;
    if (is_y) {
        from = LLVMGetInsertBlock(b);
        LLVMBasicBlockRef alloc = LLVMInsertBasicBlockInContext(L->C, L->vr.done, "plr.state.alloc");
        where = LLVMInsertBasicBlockInContext(L->C, L->vr.done, "plr.state.where");
        LLVMBuildCondBr(b, is_y, alloc, where);
        LLVMPositionBuilderAtEnd(b, alloc);
    }
    L->buffer = LLVMBuildCall2(b, LLVMGlobalGetValueType(fn), fn, &bytes, 1, "plr.state.buffer");
    LLVMBasicBlockRef have = LLVMInsertBasicBlockInContext(L->C, L->vr.done, "plr.call.buffered");
    LLVMBuildCondBr(b, LLVMBuildIsNull(b, L->buffer, ""), L->vr.fallback, have);
    LLVMPositionBuilderAtEnd(b, have);
    if (L->loc)
        LLVMSetCurrentDebugLocation2(b, L->loc);
    LLVMValueRef off = LLVMBuildSub(b, LLVMBuildPtrToInt(b, p->y_v, i64, ""), lo, "");
    L->state = byte_gep(b, L->buffer, plr_state_wider(p) ? LLVMBuildMul(b, off, scale, "") : off, "plr.state");
    if (is_y) {
        /* the buffer where the load is y, y itself elsewhere; freeing a
         * null buffer does nothing */
        LLVMBuildBr(b, where);
        LLVMPositionBuilderAtEnd(b, where);
        LLVMBasicBlockRef in_b[2] = {from, have};
        LLVMValueRef st = LLVMBuildPhi(b, LLVMTypeOf(L->state), "plr.state");
        LLVMValueRef sv[2] = {p->y_v, L->state};
        LLVMAddIncoming(st, sv, in_b, 2);
        LLVMValueRef bf = LLVMBuildPhi(b, LLVMTypeOf(L->buffer), "plr.state.buffer");
        LLVMValueRef bv[2] = {LLVMConstPointerNull(LLVMTypeOf(L->buffer)), L->buffer};
        LLVMAddIncoming(bf, bv, in_b, 2);
        L->state = st;
        L->buffer = bf;
    }
    store_at(b, L->state, L->vr.data, offsetof(plr_data, y));
    if (plr_shape_is_materialized(p->shape)) /* (the input terms go there too) */
        store_at(b, L->state, L->vr.data, offsetof(plr_data, x));
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
    /* (the state's buffer is freed on the way to the fallback too) */
    LLVMBasicBlockRef failed =
        L->buffer ? LLVMInsertBasicBlockInContext(L->C, L->vr.fallback, "plr.call.failed") : L->vr.fallback;
    LLVMBuildCondBr(b, L->ok, L->vr.done, failed);
    if (L->buffer) {
        LLVMPositionBuilderAtEnd(b, failed);
        free_buffer(L);
        LLVMBuildBr(b, L->vr.fallback);
    }
    /* (After a failed call with a materializing map, y holds t: harmless, the
     * fallback loop reads y only at indices it has already written, and
     * y[-k..-1], which the map did not touch.) */
    LLVMPositionBuilderAtEnd(b, L->vr.done);
    for (unsigned t = 0; t < L->npeeled; t++) {
        LLVMValueRef st = LLVMBuildStore(b, L->peeled[t], y_elem(b, p, t));
        LLVMSetAlignment(st, user_align(p));
    }
    if (plr_shape_is_cascade(p->shape))
        load_stage_finals(b, p, L->stage, L->last);
}

/* A map over y[0..n-1] in order, after the calls: opens its loop (blocks
 * `name` and `done_name`) and returns i; the caller emits the body and
 * closes it with close_map_loop. */
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

/* i + 1 == n leaves the loop for `after`. */
static void close_map_loop(lowering *L, LLVMValueRef i, LLVMBasicBlockRef body, LLVMBasicBlockRef after,
                           LLVMBasicBlockRef from) {
    LLVMBuilderRef b = L->b;
    LLVMTypeRef i64 = LLVMInt64TypeInContext(L->C);
    LLVMValueRef next = LLVMBuildAdd(b, i, LLVMConstInt(i64, 1, 0), "plr.i.next");
    LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntEQ, next, L->n, ""), after, body);
    LLVMValueRef in_v[2] = {LLVMConstInt(i64, 0, 0), next};
    LLVMBasicBlockRef in_b[2] = {from, body};
    LLVMAddIncoming(i, in_v, in_b, 2);
}

/* The last stage is a FIR of the state now in y: y[i] = sum_q g_q S[i-q],
 * in place and in order, S[i-q] carried in registers that start from the
 * state's history. */
static void lower_fir_map(lowering *L) {
    plr_plan *p = L->p;
    LLVMBuilderRef b = L->b;
    int s = p->stages.n - 1;
    const plr_lin *g = p->stages.lin[s];
    unsigned f = p->stages.fir[s];
    LLVMValueRef gv[PLR_MAX_FIR], init[PLR_MAX_FIR], reg[PLR_MAX_FIR];
    for (unsigned m = 0; m < f; m++)
        gv[m] = plr_cn_is_zero(g->a[m]) ? NULL : emit_cn(b, p, g->a[m]);
    for (unsigned m = 1; m < f; m++)
        init[m] = cascade_history(b, p, s - 1, (int)m);
    LLVMBasicBlockRef body, after, from;
    LLVMValueRef i = open_map_loop(L, "plr.fir", "plr.fir.done", &body, &after, &from);
    for (unsigned m = 1; m < f; m++)
        reg[m] = LLVMBuildPhi(b, p->elem, "plr.s");
    LLVMValueRef at = y_at(L, i);
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
    close_map_loop(L, i, body, after, from);
    LLVMBasicBlockRef in_b[2] = {from, body};
    for (unsigned m = 1; m < f; m++) {
        LLVMValueRef rv[2] = {init[m], reg[m - 1]};
        LLVMAddIncoming(reg[m], rv, in_b, 2);
    }
    LLVMPositionBuilderAtEnd(b, after);
    L->stage = s;
    load_stage_finals(b, p, s, L->last);
}

/* The runtime stored the state; the maps after the calls, in one loop over
 * y: each other stored array z[i] = g_z(y[i], ...), then the output map
 * y[i] = g(y[i], ...), with the g cloned from the loop (elementwise, so
 * vectorizable). steps: the plan's map steps from the first of them on. */
static void lower_output_maps(lowering *L, const plr_step *steps) {
    plr_plan *p = L->p;
    LLVMBuilderRef b = L->b;
    unsigned n = after_call_maps(steps, L->cp->steps + L->cp->nsteps);
    map_bases mb;
    loop_map_bases(p, &mb);
    LLVMBasicBlockRef body, after, from;
    LLVMValueRef i = open_map_loop(L, "plr.map", "plr.map.done", &body, &after, &from);
    /* The state's earlier values in registers, each the one before's last
     * value (the state's for d = 1) and at i = 0 its value from before
     * the loop: the output map may have replaced y[i-d] by index i. */
    mb.nbefore = maps_before(p, steps, n);
    for (unsigned d = 0; d < mb.nbefore; d++)
        mb.before[d] = LLVMBuildPhi(b, LLVMTypeOf(p->maps.before[d]), "plr.state.before");
    if (L->buffer)
        mb.y_out = p->y_v;
    LLVMValueRef state = emit_maps(b, p, steps, n, &mb, state_at(L, i), i);
    LLVMBasicBlockRef in_b[2] = {from, LLVMGetInsertBlock(b)};
    for (unsigned d = 0; d < mb.nbefore; d++) {
        LLVMValueRef in_v[2] = {p->maps.before_init[d], d ? mb.before[d - 1] : state};
        LLVMAddIncoming(mb.before[d], in_v, in_b, 2);
    }
    close_map_loop(L, i, body, after, from);
    LLVMPositionBuilderAtEnd(b, after);
    L->maps_done = 1;
}

/* Fixed elements the loop stores on every iteration keep the last one's
 * value: g at index n-1 (n >= 1 on the call path), stored once, read from
 * y before an output map replaces the state there. */
static void lower_fixed_maps(lowering *L, const plr_step *steps) {
    plr_plan *p = L->p;
    map_bases mb;
    loop_map_bases(p, &mb);
    emit_maps(L->b, p, steps, fixed_maps(steps, L->cp->steps + L->cp->nsteps), &mb, state_at(L, L->last), L->last);
    L->fixed_done = 1;
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
        emit_input_terms(L->b, p, p->loop, L->vr.fallback, "plr.call.run", L->buffer ? L->state : NULL);
        break;
    case PLR_MAP_FOLD: {
        /* a new block after the last stage's call: y holds the stage folded over */
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
    case PLR_MAP_FIXED: /* (the first of them lowers them all) */
        join(L);
        if (!L->fixed_done)
            lower_fixed_maps(L, s);
        break;
    case PLR_MAP_STORE:
    case PLR_MAP_OUTPUT: /* (the first of them lowers them all, fused) */
        join(L);
        if (!L->maps_done)
            lower_output_maps(L, s);
        break;
    }
}

/* A call of the runtime with the signature and data set up: plr_run, or
 * plr_run_many over that layout; L->ok its success. */
static void run_call(lowering *L, LLVMValueRef layout, const char *name) {
    LLVMBuilderRef b = L->b;
    LLVMValueRef status;
    if (layout) {
        LLVMTypeRef mfty;
        LLVMValueRef mrt = run_many_fn(L->mod, L->C, &mfty), null = LLVMConstPointerNull(LLVMPointerTypeInContext(L->C, 0));
        LLVMValueRef margs[5] = {L->vr.sig, L->vr.data, layout, null, null};
        status = LLVMBuildCall2(b, mfty, mrt, margs, 5, name);
    } else {
        LLVMValueRef args[2] = {L->vr.sig, L->vr.data};
        status = LLVMBuildCall2(b, L->rt_ty, L->rt, args, 2, name);
    }
    L->ok = LLVMBuildICmp(b, LLVMIntEQ, status, LLVMConstInt(LLVMInt32TypeInContext(L->C), PLR_OK, 0), "");
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
        store_at(b, to_hist(b, p, history(b, p, PLR_LEAF_X, (int)m)), L->xhist,
                 (int64_t)(p->fir_len - 1 - m) * p->storage.hist_size);
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
        lo->repl = load_x(b, p, elem_ptr_v(b, p->x_v, idx, p->x_step_v), "plr.xlast");
        if (LLVMTypeOf(lo->v) != LLVMTypeOf(lo->repl)) /* the widened value (a phi carrying it), not the load */
            lo->repl = widen_x(b, p, lo->repl);
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
            LLVMValueRef xv = widen_x(b, p, load_x(b, p, elem_ptr_v(b, p->x_v, idx, p->x_step_v), "plr.xlast"));
            acc = fp_or_int(b, p, 1, acc, fp_or_int(b, p, 0, emit_cn(b, p, lo->lin->a[m]), xv));
        }
        lo->xpart = acc;
    }
    L->rt = runtime_fn(L->mod, L->C, &L->rt_ty);
    run_call(L, s->layout == PLR_LAYOUT_STRIDED ? L->layout : NULL, "plr.status");
}

/* A call in place over y after the first (a later stage of a cascade, a
 * folded output), with the signature and data its step set up: plr_run,
 * or, strided or backward, plr_run_many with x at y's stride (x is y). */
static void in_place_call(lowering *L, const char *name) {
    if (L->layout && !L->stage_layout) {
        LLVMTypeRef i64 = LLVMInt64TypeInContext(L->C);
        LLVMValueRef ys = state_stride_v(L->b, L->p, "plr.stage.stride"), zero = LLVMConstInt(i64, 0, 0);
        L->stage_layout = build_layout(L->b, L->fn, LLVMConstInt(i64, 1, 0), ys, zero, ys, zero);
    }
    run_call(L, L->stage_layout, name);
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
    sig_from_lin(b, p, L->vr.sig, p->stages.lin[s], f, k);
    store_at(b, p->y_v, L->vr.data, offsetof(plr_data, x));
    store_at(b, xhist2, L->vr.data, offsetof(plr_data, x_history));
    store_at(b, yinit2, L->vr.data, offsetof(plr_data, y_init));
    store_at(b, LLVMConstPointerNull(ptr), L->vr.data, offsetof(plr_data, y_final));
    snprintf(name, sizeof name, "plr.status%d", s + 1);
    in_place_call(L, name);
}

static void lower_call(lowering *L, const plr_step *s) {
    if (!L->ok) {
        lower_first_call(L, s);
    } else if (s->form == PLR_FORM_STAGE) {
        lower_stage_call(L, s);
    } else { /* PLR_FORM_FOLDED: its prologue set up the signature and data */
        in_place_call(L, "plr.status.fold");
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
        if (lo->kind == PLR_LO_Y && (unsigned)lo->delay < p->order) { /* y_final holds y[n-k..n-1] */
            LLVMValueRef at =
                const_gep(b, L->yfinal, (int64_t)(p->order - 1 - (unsigned)lo->delay) * p->storage.hist_size, "");
            LLVMValueRef v = LLVMBuildLoad2(b, p->storage.hist_elem, at, "plr.final");
            LLVMSetAlignment(v, p->storage.hist_size);
            lo->repl = from_hist(b, p, v);
            if (lo->cast)
                lo->repl = LLVMBuildCast(b, lo->cast, lo->repl, LLVMTypeOf(lo->v), "plr.final.cast");
            if (LLVMTypeOf(lo->v) != LLVMTypeOf(lo->repl)) /* a short state's phi: its low bits */
                lo->repl = LLVMBuildTrunc(b, lo->repl, LLVMTypeOf(lo->v), "plr.final.narrow");
        } else if (lo->kind == PLR_LO_OUT && lo->array > 0) {
            /* what a map stored last into another array */
            const plr_output *o = &p->maps.outs[lo->array - 1];
            LLVMValueRef at = o->runtime_step ? elem_ptr_v(b, o->start_v, L->last, p->y_step_v)
                                              : elem_ptr(b, o->start_v, L->last, o->step);
            lo->repl = LLVMBuildLoad2(b, LLVMTypeOf(lo->v), at, "plr.final");
            LLVMSetAlignment(lo->repl, o->align);
        } else {
            /* the output array (for an output map: g of the state, already
             * applied), or the state in its buffer */
            LLVMValueRef idx = LLVMBuildSub(b, L->last, LLVMConstInt(i64, (unsigned)lo->delay, 0), "");
            /* (the output's own type: a map across types stores another) */
            LLVMTypeRef t = lo->kind == PLR_LO_OUT ? LLVMTypeOf(lo->v) : p->elem;
            lo->repl = LLVMBuildLoad2(b, t, lo->kind == PLR_LO_Y ? state_at(L, idx) : y_at(L, idx), "plr.final");
            LLVMSetAlignment(lo->repl, user_align(p));
        }
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
                at = state_at(L, idx);
            }
            LLVMValueRef yv = LLVMBuildLoad2(b, p->elem, at, "plr.final");
            LLVMSetAlignment(yv, j < p->order ? p->size : user_align(p));
            acc = fp_or_int(b, p, 1, acc, fp_or_int(b, p, 0, emit_cn(b, p, lo->lin->b[j]), yv));
        }
        lo->repl = acc;
    }
    if (L->buffer)
        free_buffer(L);
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
    L.state = p->y_v;
    LLVMTypeRef ptr = LLVMPointerTypeInContext(L.C, 0);
    L.vr = version_at(L.b, p->ctx, plr_loop_preheader(p->loop), "plr.call", "plr.done");

    /* Stack objects live in the entry block so they are static allocas. */
    L.yinit = entry_alloca(L.b, L.fn, LLVMArrayType2(p->storage.hist_elem, p->order), "plr.yinit");
    L.yfinal = entry_alloca(L.b, L.fn, LLVMArrayType2(p->storage.hist_elem, p->order), "plr.yfinal");
    L.xhist = p->fir_len > 1
                  ? entry_alloca(L.b, L.fn, LLVMArrayType2(p->storage.hist_elem, p->fir_len - 1), "plr.xhist")
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
        case PLR_STEP_SIGNATURE: /* (a run-time order's plan: lower_runtime_order.c) */
            break;
        case PLR_STEP_BUFFER:
            lower_buffer(&L, s);
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
    const plr_shape *shape = p->shape;
    if (shape->kind == PLR_SHAPE_RUNTIME_ORDER)
        plr_rto_rewrite(p);
    else if (shape->layout == PLR_LAYOUT_NEST || shape->layout == PLR_LAYOUT_LANES)
        rewrite_nest(p);
    else if (shape->layout == PLR_LAYOUT_CHANNELS)
        rewrite_channels(p);
    else if (shape->layout == PLR_LAYOUT_SEPARATE)
        rewrite_separate(p);
    else
        rewrite_loop(p);
}
