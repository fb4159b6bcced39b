/*
 * histories.c - where a call finds y[-j] and x[-m]: the values the loop
 * (or a cascade stage) starts from, derived ones for direct form II, and
 * per sequence of a nest, gathered into one buffer before the call.
 */
#include <stddef.h>

#include "rewrite.h"
#include "shape.h"

/* A short state's start as the recurrence reads it (a phi of y's stored
 * type, p->storage.y_held): sign-extended, which is the state modulo 2^w (any
 * extension is; leaves.c, delay_of). Other values pass through. */
static LLVMValueRef widen_state(LLVMBuilderRef b, const plr_plan *p, LLVMValueRef v) {
    if (p->storage.y_held && LLVMTypeOf(v) == p->storage.y_held && LLVMGetTypeKind(p->elem) == LLVMIntegerTypeKind &&
        LLVMGetTypeKind(p->storage.y_held) == LLVMIntegerTypeKind)
        return LLVMBuildSExt(b, v, p->elem, "plr.state.wide");
    return v;
}

/* The value y[-j] or x[-m] had before the first iteration: the incoming
 * value of the phi that carries it, or else memory. Memory is safe to read
 * whenever the loop itself reads that far back (y[i-J] or x[i-M] with
 * J >= j): it then reads every element between, before writing any. */
static LLVMValueRef state_history(LLVMBuilderRef b, const plr_plan *p, enum plr_leaf_kind kind, int d);

/* A leaf of `kind` that stage_history reads (x: the recurrence's stream;
 * y2: stage `stage`). */
static int history_leaf(const plr_plan *p, const plr_leaf *l, enum plr_leaf_kind kind, int stage) {
    return l->kind == kind && !(kind == PLR_LEAF_X && (!p->lin || l->stream != p->lin->xs)) &&
           !(kind == PLR_LEAF_Y2 && l->stage != stage);
}

/* Whether the loop reads y[-delay] (x[-delay]) from memory: a load that
 * reaches at least that far back. */
static int in_memory(const plr_plan *p, enum plr_leaf_kind kind, int stage, int delay) {
    for (unsigned i = 0; i < p->walk.nleaves; i++)
        if (history_leaf(p, &p->walk.leaves[i], kind, stage) && p->walk.leaves[i].from_memory &&
            p->walk.leaves[i].delay >= delay)
            return 1;
    return 0;
}

/* y[-delay] or x[-delay] as memory holds it before the loop. */
static LLVMValueRef memory_history(LLVMBuilderRef b, const plr_plan *p, enum plr_leaf_kind kind, int delay) {
    LLVMValueRef at = kind == PLR_LEAF_X ? x_elem(b, p, -(int64_t)delay) : y_elem(b, p, -(int64_t)delay);
    if (kind == PLR_LEAF_X)
        return widen_x(b, p, load_x(b, p, at, "plr.hist"));
    LLVMValueRef ld = LLVMBuildLoad2(b, p->elem, at, "plr.hist");
    LLVMSetAlignment(ld, user_align(p));
    return ld;
}

static LLVMValueRef phi_history(LLVMBuilderRef b, const plr_plan *p, const plr_leaf *l) {
    return l->kind == PLR_LEAF_X ? widen_x(b, p, l->init) : widen_state(b, p, l->init);
}

/* kind PLR_LEAF_Y2: the delays of cascade stage `stage`. */
static LLVMValueRef stage_history(LLVMBuilderRef b, const plr_plan *p, enum plr_leaf_kind kind, int stage, int delay) {
    if (p->shape->kind == PLR_SHAPE_STATE_OUTPUT)
        return state_history(b, p, kind, delay);
    /* (a cascade's first stage is never in memory: PLR_LEAF_Y are phis) */
    for (unsigned i = 0; i < p->walk.nleaves; i++) {
        const plr_leaf *l = &p->walk.leaves[i];
        if (history_leaf(p, l, kind, stage) && !l->from_memory && l->delay == delay)
            return phi_history(b, p, l);
    }
    if (in_memory(p, kind, stage, delay))
        return memory_history(b, p, kind, delay);
    /* Not reachable for a well-formed plan: phi chains are contiguous. */
    return p->is_fp ? LLVMConstReal(p->elem, 0.0) : LLVMConstInt(p->elem, 0, 0);
}

/* y[i-j] (x[i-m]) read both from a phi and from memory (`s = 4*s + x[i] -
 * y[i-1]` with s stored to y[i]), or from two phis (`xp` carried by hand
 * beside the x[i] GVN carries for x[i-1]): they agree from the j-th
 * iteration on, but before it the loop reads each source's own start,
 * where a call has one history (the first phi's, above). The phi leaf of
 * delay d from which another source of the same y[-d] differs: memory, or
 * a later phi leaf with another start (`other`: its index, -1 none). */
static int twin_phi(const plr_plan *p, unsigned i) {
    const plr_leaf *l = &p->walk.leaves[i];
    for (unsigned k = i + 1; k < p->walk.nleaves; k++) {
        const plr_leaf *o = &p->walk.leaves[k];
        if (history_leaf(p, o, l->kind, 0) && !o->from_memory && o->delay == l->delay && o->init != l->init)
            return (int)k;
    }
    return -1;
}

static int read_twice(const plr_plan *p, unsigned i) {
    const plr_leaf *l = &p->walk.leaves[i];
    if (l->from_memory || (l->kind != PLR_LEAF_Y && l->kind != PLR_LEAF_X) || !history_leaf(p, l, l->kind, 0))
        return 0;
    return in_memory(p, l->kind, 0, l->delay) || twin_phi(p, i) >= 0;
}

int plr_histories_twice(const plr_plan *p) {
    if (p->shape->kind == PLR_SHAPE_STATE_OUTPUT)
        return 0;
    for (unsigned i = 0; i < p->walk.nleaves; i++)
        if (read_twice(p, i))
            return 1;
    return 0;
}

/* The same bits (NaN payloads and signed zeros included: the call must
 * start from exactly what the loop reads). */
static LLVMValueRef same_bits(LLVMBuilderRef b, LLVMValueRef u, LLVMValueRef v) {
    LLVMTypeRef t = LLVMTypeOf(u);
    if (LLVMGetTypeKind(t) != LLVMIntegerTypeKind) {
        LLVMTypeRef it = LLVMIntTypeInContext(LLVMGetTypeContext(t), LLVMGetTypeKind(t) == LLVMFloatTypeKind ? 32 : 64);
        u = LLVMBuildBitCast(b, u, it, "");
        v = LLVMBuildBitCast(b, v, it, "");
    }
    return LLVMBuildICmp(b, LLVMIntEQ, u, v, "plr.hist.same");
}

LLVMValueRef plr_emit_histories_agree(LLVMBuilderRef b, const plr_plan *p) {
    if (!plr_histories_twice(p))
        return NULL;
    LLVMValueRef all = NULL;
    for (unsigned i = 0; i < p->walk.nleaves; i++) {
        const plr_leaf *l = &p->walk.leaves[i];
        if (!read_twice(p, i))
            continue;
        /* every phi of this delay against the next one, and (one of them
         * suffices) against memory */
        int k = twin_phi(p, i);
        LLVMValueRef same = k >= 0 ? same_bits(b, phi_history(b, p, l), phi_history(b, p, &p->walk.leaves[k]))
                                   : same_bits(b, phi_history(b, p, l), memory_history(b, p, l->kind, l->delay));
        all = all ? LLVMBuildAnd(b, all, same, "") : same;
    }
    return all;
}

LLVMValueRef history(LLVMBuilderRef b, const plr_plan *p, enum plr_leaf_kind kind, int delay) {
    return stage_history(b, p, kind, 0, delay);
}

/* The history of cascade stage s (delays of its state). */
LLVMValueRef cascade_history(LLVMBuilderRef b, const plr_plan *p, int s, int delay) {
    return s == 0 ? history(b, p, PLR_LEAF_Y, delay) : stage_history(b, p, PLR_LEAF_Y2, s, delay);
}

/* Direct form II. With the state history s[-1..-K] (phi inputs) and
 * s[t] = 0 beyond, the equivalent single recurrence over x has
 *   y[-j] = sum_q gamma_q s[-j-q]
 *   x[-m] = (s[-m] - sum_j beta_j s[-m-j]) / alpha0
 * which reproduces the loop's outputs for every i >= 0 (both sides are the
 * same two-sided sequence filtered by the same transfer function). */
static LLVMValueRef state_at(const plr_plan *p, int t) {
    for (unsigned i = 0; i < p->walk.nleaves; i++) {
        const plr_leaf *l = &p->walk.leaves[i];
        if (l->kind == PLR_LEAF_Y && !l->from_memory && l->delay == t)
            return l->init;
    }
    return NULL; /* beyond the carried state: zero */
}

static LLVMValueRef state_history(LLVMBuilderRef b, const plr_plan *p, enum plr_leaf_kind kind, int d) {
    LLVMValueRef acc = p->is_fp ? LLVMConstReal(p->elem, 0.0) : LLVMConstInt(p->elem, 0, 0);
    if (kind == PLR_LEAF_Y) {
        for (int q = 0; q <= PLR_MAX_ORDER; q++) {
            LLVMValueRef s = state_at(p, d + q);
            if (s && p->df2.out->b[q])
                acc = fp_or_int(b, p, 1, acc, fp_or_int(b, p, 0, emit_cn(b, p, p->df2.out->b[q]), s));
        }
        /* out = Gamma S + delta0 x: with the same derived x[-d] */
        if (p->df2.x0)
            acc = fp_or_int(b, p, 1, acc, fp_or_int(b, p, 0, emit_cn(b, p, p->df2.x0), state_history(b, p, PLR_LEAF_X, d)));
        return acc;
    }
    LLVMValueRef s = state_at(p, d);
    if (s)
        acc = s;
    for (int j = 1; j <= PLR_MAX_ORDER; j++) {
        LLVMValueRef t = state_at(p, d + j);
        if (t && p->df2.state->b[j]) {
            LLVMValueRef bt = fp_or_int(b, p, 0, emit_cn(b, p, p->df2.state->b[j]), t);
            acc = p->is_fp ? LLVMBuildFSub(b, acc, bt, "plr.st") : LLVMBuildSub(b, acc, bt, "plr.st");
        }
    }
    if (p->is_fp)
        acc = LLVMBuildFDiv(b, acc, emit_cn(b, p, p->df2.state->a[0]), "plr.st");
    return acc;
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
    case PLR_HIST_VALUE: return widen_state(b, p, h->v);
    case PLR_HIST_COMPUTED: return widen_state(b, p, history_computed(b, h, s));
    case PLR_HIST_GATHER: break;
    }
    LLVMValueRef ld = LLVMBuildLoad2(b, p->elem, elem_ptr_v(b, h->start_v, s, h->dist_v), "plr.seq.hist");
    LLVMSetAlignment(ld, h->align > 1 ? h->align : user_align(p));
    return ld;
}

/* y_init and x_history for every sequence (in the signature's type:
 * widened for a narrow loop), in one buffer from plr_scratch_alloc
 * (NULL: to the fallback; errno as the caller left it), filled by a loop over the sequences; data's
 * pointers set. Returns the buffer, to be freed after the call. */
LLVMValueRef emit_gather(LLVMBuilderRef b, const plr_plan *p, LLVMValueRef count, LLVMValueRef data,
                         LLVMBasicBlockRef fallback) {
    LLVMContextRef C = LLVMGetTypeContext(p->elem);
    LLVMModuleRef mod = LLVMGetGlobalParent(plr_ctx_function(p->ctx));
    LLVMTypeRef i64 = LLVMInt64TypeInContext(C), ptr = LLVMPointerTypeInContext(C, 0);
    const plr_nest *nest = p->nest;
    unsigned k = p->order, f1 = p->fir_len - 1;
    LLVMValueRef bytes = LLVMBuildMul(b, count, LLVMConstInt(i64, (k + f1) * p->storage.hist_size, 0), "");
    LLVMValueRef buf = LLVMBuildCall2(b, LLVMFunctionType(ptr, &i64, 1, 0), external_fn(mod, "plr_scratch_alloc", ptr, i64), &bytes, 1,
                                      "plr.hist.buf");
    LLVMBasicBlockRef body = LLVMInsertBasicBlockInContext(C, fallback, "plr.gather");
    LLVMBasicBlockRef after = LLVMInsertBasicBlockInContext(C, fallback, "plr.gather.done");
    LLVMBasicBlockRef entry = LLVMGetInsertBlock(b);
    LLVMBuildCondBr(b, LLVMBuildIsNull(b, buf, ""), fallback, body);
    LLVMPositionBuilderAtEnd(b, body);
    LLVMValueRef s = LLVMBuildPhi(b, i64, "plr.s");
    LLVMValueRef xb = byte_gep(b, buf, LLVMBuildMul(b, count, LLVMConstInt(i64, k * p->storage.hist_size, 0), ""), "");
    for (unsigned j = 1; j <= k; j++) {
        LLVMValueRef slot = LLVMBuildAdd(b, LLVMBuildMul(b, s, LLVMConstInt(i64, k, 0), ""), LLVMConstInt(i64, k - j, 0), "");
        LLVMValueRef st = LLVMBuildStore(b, to_hist(b, p, history_value(b, p, &nest->y_hist[j - 1], s)),
                                         elem_ptr(b, buf, slot, p->storage.hist_size));
        LLVMSetAlignment(st, p->storage.hist_size);
    }
    for (unsigned m = 1; m <= f1; m++) {
        LLVMValueRef slot = LLVMBuildAdd(b, LLVMBuildMul(b, s, LLVMConstInt(i64, f1, 0), ""), LLVMConstInt(i64, f1 - m, 0), "");
        LLVMValueRef st = LLVMBuildStore(b, to_hist(b, p, history_value(b, p, &nest->x_hist[m - 1], s)),
                                         elem_ptr(b, xb, slot, p->storage.hist_size));
        LLVMSetAlignment(st, p->storage.hist_size);
    }
    LLVMValueRef next = LLVMBuildAdd(b, s, LLVMConstInt(i64, 1, 0), "plr.s.next");
    LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntEQ, next, count, ""), after, body);
    LLVMValueRef in_v[2] = {LLVMConstInt(i64, 0, 0), next};
    LLVMBasicBlockRef in_b[2] = {entry, body};
    LLVMAddIncoming(s, in_v, in_b, 2);
    LLVMPositionBuilderAtEnd(b, after);
    store_at(b, buf, data, offsetof(plr_data, y_init));
    store_at(b,
             f1 ? byte_gep(b, buf, LLVMBuildMul(b, count, LLVMConstInt(i64, k * p->storage.hist_size, 0), ""), "")
                : LLVMConstPointerNull(ptr),
             data, offsetof(plr_data, x_history));
    return buf;
}
