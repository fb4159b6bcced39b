/*
 * legality.c - may this loop be replaced at all: shape, memory effects,
 * floating-point consent, and whether every value used after the loop can be
 * recovered from what the runtime returns.
 */
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Target.h>

#include "plr_pass.h"
#include "shape.h"

/* Loops larger than this are left alone: the walk is quadratic in the worst
 * case and real recurrences are a few dozen instructions. */
#define PLR_MAX_LOOP_INSTRUCTIONS 2000

/* Another channel's store, or an array stored by a map after the call:
 * allowed beside the output's. */
static int is_sibling(const plr_plan *p, LLVMValueRef store) {
    for (unsigned k = 0; k < p->nsiblings; k++)
        if (p->siblings[k] == store)
            return 1;
    for (unsigned k = 0; k < p->maps.nouts; k++)
        if (p->maps.outs[k].store == store)
            return 1;
    return 0;
}

/* The bytes of a type values are held in memory as (i8 .. i64, float,
 * double). */
unsigned plr_held_size(LLVMTypeRef t) {
    switch (LLVMGetTypeKind(t)) {
    case LLVMIntegerTypeKind: return (LLVMGetIntTypeWidth(t) + 7) / 8;
    case LLVMFloatTypeKind: return 4;
    default: return 8;
    }
}

/* plr_data's storage field for values held as t and read through ext
 * (LLVMZExt: the unsigned kind; stored values only need the width). */
plr_store plr_held_store(LLVMTypeRef t, LLVMOpcode ext) {
    if (LLVMGetTypeKind(t) == LLVMFloatTypeKind)
        return PLR_STORE_F32;
    if (LLVMGetTypeKind(t) == LLVMDoubleTypeKind)
        return PLR_STORE_F64;
    int u = ext == LLVMZExt;
    switch (LLVMGetIntTypeWidth(t)) {
    case 8: return u ? PLR_STORE_U8 : PLR_STORE_I8;
    case 16: return u ? PLR_STORE_U16 : PLR_STORE_I16;
    case 32: return u ? PLR_STORE_U32 : PLR_STORE_I32;
    default: return u ? PLR_STORE_U64 : PLR_STORE_I64;
    }
}

const char *plr_store_text(plr_store store) {
    static const char *const names[] = {"sig", "i8", "u8", "i16", "u16", "i32", "u32", "i64", "u64", "f32", "f64"};
    _Static_assert(sizeof names / sizeof *names == PLR_STORE_COUNT, "one name per plr_store");
    return (unsigned)store < PLR_STORE_COUNT ? names[store] : "?";
}

/* The stored value is a conversion, in the loop, of a wider value the
 * runtime can compute in and store converted: an i32 or i64 truncated to
 * 8, 16 or 32 bits (C's `(short)s` of an int state: the stored bits are
 * the state's modulo 2^w, which is what libplr's conversion stores), or a
 * double rounded to float (one rounding, the same as libplr's), or an
 * i32 or i64 converted to float or double (rounded once, as libplr
 * stores integer results into float storage). */
static int stored_through_conversion(plr_loop *loop, LLVMValueRef v) {
    if (!LLVMIsAInstruction(v) || !plr_loop_contains(loop, v))
        return 0;
    LLVMTypeRef to = LLVMTypeOf(v);
    LLVMTypeRef from = LLVMTypeOf(LLVMGetOperand(v, 0));
    switch (LLVMGetInstructionOpcode(v)) {
    case LLVMTrunc: {
        unsigned wf = LLVMGetIntTypeWidth(from), wt = LLVMGetIntTypeWidth(to);
        return (wf == 32 || wf == 64) && (wt == 8 || wt == 16 || wt == 32) && wt < wf;
    }
    case LLVMFPTrunc:
        return LLVMGetTypeKind(from) == LLVMDoubleTypeKind && LLVMGetTypeKind(to) == LLVMFloatTypeKind;
    case LLVMSIToFP:
    case LLVMUIToFP: {
        /* an integer state stored as float or double: each output rounded
         * once from the exact integer, as libplr stores it */
        if (LLVMGetTypeKind(from) != LLVMIntegerTypeKind)
            return 0;
        unsigned wf = LLVMGetIntTypeWidth(from);
        LLVMTypeKind k = LLVMGetTypeKind(to);
        return (wf == 32 || wf == 64) && (k == LLVMFloatTypeKind || k == LLVMDoubleTypeKind);
    }
    default:
        return 0;
    }
}

/* A load in the loop of a loop-invariant address that v is computed from
 * by widening, narrowing, or arithmetic with loop-invariant values (`c->n`,
 * `c->n - 1`, `c->n / 2`), if any. Whether the trip count can then be
 * computed from the value read once is SCEV's to say (bound.cpp). */
static LLVMValueRef bound_load(plr_loop *loop, LLVMValueRef v, unsigned depth) {
    if (!LLVMIsAInstruction(v) || !plr_loop_contains(loop, v) || depth > 4)
        return NULL;
    if (LLVMIsALoadInst(v))
        return plr_loop_is_invariant(loop, LLVMGetOperand(v, 0)) ? v : NULL;
    if (LLVMIsASExtInst(v) || LLVMIsAZExtInst(v) || LLVMIsATruncInst(v))
        return bound_load(loop, LLVMGetOperand(v, 0), depth + 1);
    switch (LLVMGetInstructionOpcode(v)) {
    case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMSDiv: case LLVMUDiv: case LLVMShl: case LLVMLShr:
    case LLVMAShr: case LLVMAnd:
        break;
    default:
        return NULL;
    }
    for (unsigned k = 0; k < 2; k++)
        if (plr_loop_is_invariant(loop, LLVMGetOperand(v, 1 - k)))
            return bound_load(loop, LLVMGetOperand(v, k), depth + 1);
    return NULL;
}

LLVMValueRef plr_bound_in_memory(plr_loop *loop) {
    LLVMBasicBlockRef latch = plr_loop_latch(loop);
    LLVMValueRef br = latch ? LLVMGetBasicBlockTerminator(latch) : NULL;
    if (!br || LLVMGetInstructionOpcode(br) != LLVMBr || !LLVMIsConditional(br))
        return NULL;
    LLVMValueRef cmp = LLVMGetCondition(br);
    if (!LLVMIsAICmpInst(cmp))
        return NULL;
    for (unsigned k = 0; k < 2; k++) {
        LLVMValueRef v = bound_load(loop, LLVMGetOperand(cmp, k), 0);
        if (v)
            return v;
    }
    return NULL;
}

/* The recurrence's element type t: its signature type, the bytes it is
 * held in (p->size), the narrow storage of an 8- or 16-bit one and the
 * type its histories are passed in. 0 for a type libplr has no
 * recurrence for. */
static int set_element(plr_plan *p, LLVMTypeRef t) {
    p->elem = t;
    p->is_fp = 0;
    p->storage.narrow = 0;
    switch (LLVMGetTypeKind(t)) {
    case LLVMIntegerTypeKind:
        /* Signed and unsigned wrap identically, so the signed type serves
         * both (the runtime computes modulo 2^bits either way). */
        if (LLVMGetIntTypeWidth(t) == 32)
            p->type = PLR_I32, p->size = 4;
        else if (LLVMGetIntTypeWidth(t) == 64)
            p->type = PLR_I64, p->size = 8;
        else if (LLVMGetIntTypeWidth(t) == 16)
            /* computed in i32, held as i16 (either signedness: only the
             * value modulo 2^16 is stored) */
            p->type = PLR_I32, p->size = 2, p->storage.narrow = PLR_STORE_I16;
        else if (LLVMGetIntTypeWidth(t) == 8)
            p->type = PLR_I32, p->size = 1, p->storage.narrow = PLR_STORE_I8;
        else
            return 0;
        break;
    case LLVMFloatTypeKind:
        p->type = PLR_F32, p->size = 4, p->is_fp = 1;
        break;
    case LLVMDoubleTypeKind:
        p->type = PLR_F64, p->size = 8, p->is_fp = 1;
        break;
    default:
        return 0;
    }
    p->storage.hist_elem = p->storage.narrow ? LLVMInt32TypeInContext(LLVMGetTypeContext(t)) : t;
    p->storage.hist_size = p->storage.narrow ? 4 : p->size;
    p->storage.y_store = p->storage.narrow;
    return 1;
}

int plr_state_type_fits(const plr_plan *p, LLVMTypeRef t) {
    switch (LLVMGetTypeKind(t)) {
    case LLVMIntegerTypeKind: {
        unsigned w = LLVMGetIntTypeWidth(t);
        if (w != 8 && w != 16 && w != 32 && w != 64)
            return 0;
        break;
    }
    case LLVMFloatTypeKind:
    case LLVMDoubleTypeKind:
        break;
    default:
        return 0;
    }
    /* each state in its output's slot: no wider than the output, and a
     * whole number of its own elements per step; or wider, in a buffer
     * at y's offsets scaled (whole elements of y per step, so that the
     * scaled offsets are whole states) */
    unsigned held = plr_held_size(t);
    return p->access.step % (int64_t)(held <= p->size ? held : p->size) == 0;
}

int plr_state_wider(const plr_plan *p) {
    return p->storage.state_held && p->storage.state_size > p->size;
}

unsigned plr_state_scale(const plr_plan *p) {
    return plr_state_wider(p) ? p->storage.state_size / p->size : 1;
}

int64_t plr_state_step(const plr_plan *p) {
    return p->access.step * (int64_t)plr_state_scale(p);
}

int64_t plr_state_stride(const plr_plan *p) {
    return plr_state_step(p) / (int64_t)p->storage.state_size;
}

int plr_retype_state(plr_plan *p, LLVMTypeRef t) {
    if (p->storage.y_trunc || !plr_state_type_fits(p, t))
        return 0;
    unsigned out = p->size;
    set_element(p, t);
    p->storage.state_held = t;
    p->storage.state_size = p->size;
    p->size = out;
    return 1;
}

int plr_retype_reduced(plr_plan *p, LLVMTypeRef t, unsigned w) {
    LLVMTypeRef held = LLVMIntTypeInContext(LLVMGetTypeContext(t), w);
    /* (only in the output's slots: a buffer of such low bits is not built) */
    if (p->storage.y_trunc || LLVMGetTypeKind(t) != LLVMIntegerTypeKind || LLVMGetIntTypeWidth(t) < 32 ||
        w / 8 > p->size || !plr_state_type_fits(p, held))
        return 0;
    unsigned out = p->size;
    set_element(p, t);
    p->storage.state_held = held;
    p->storage.state_size = w / 8;
    p->storage.state_reduced = 1;
    p->storage.y_store = plr_held_store(held, 0);
    p->size = out;
    return 1;
}

plr_reason plr_check_structure(plr_plan *p, int keep_conversion) {
    plr_loop *loop = p->loop;
    LLVMBasicBlockRef latch = plr_loop_latch(loop);
    if (!plr_loop_preheader(loop) || !latch || plr_loop_exiting(loop) != latch || !plr_loop_exit(loop) ||
        !plr_loop_has_dedicated_exits(loop))
        return PLR_R_SHAPE;
    /* The preheader must end in a plain branch to the header: that edge is
     * where the versioning check goes. */
    LLVMValueRef term = LLVMGetBasicBlockTerminator(plr_loop_preheader(loop));
    if (!term || LLVMGetInstructionOpcode(term) != LLVMBr || LLVMIsConditional(term))
        return PLR_R_SHAPE;

    unsigned nb = plr_loop_block_count(loop), count = 0;
    for (unsigned b = 0; b < nb; b++) {
        for (LLVMValueRef i = LLVMGetFirstInstruction(plr_loop_block(loop, b)); i;
             i = LLVMGetNextInstruction(i)) {
            if (++count > PLR_MAX_LOOP_INSTRUCTIONS) {
                p->why_at = NULL;
                return PLR_R_SIZE;
            }
            p->why_at = i;
            LLVMOpcode op = LLVMGetInstructionOpcode(i);
            if (op == LLVMAtomicRMW || op == LLVMAtomicCmpXchg || op == LLVMFence ||
                ((op == LLVMLoad || op == LLVMStore) && plr_inst_is_atomic_or_volatile(i)))
                return PLR_R_VOLATILE;
            if (op == LLVMStore && i != p->store && !is_sibling(p, i))
                return PLR_R_OTHER_STORES;
            if (op != LLVMStore && op != LLVMLoad && plr_inst_has_side_effects(i))
                return PLR_R_CALL;
        }
    }

    p->why_at = p->store;
    p->value = LLVMGetOperand(p->store, 0);
    p->storage.narrow = 0;
    p->storage.y_trunc = NULL;
    p->storage.y_held = p->storage.x_held = NULL;
    p->storage.x_ext = 0;
    p->storage.x_store = p->storage.y_store = 0;
    p->storage.reduced = 0;
    if (!keep_conversion && stored_through_conversion(loop, p->value)) {
        /* a state kept wider than the output: the recurrence is the wide
         * value, each output stored converted (docs/pass.md, "Mixed storage") */
        p->storage.y_trunc = p->value;
        p->storage.y_held = LLVMTypeOf(p->value);
        p->value = LLVMGetOperand(p->value, 0);
    }
    if (!set_element(p, LLVMTypeOf(p->value)))
        return PLR_R_TYPE;
    if (p->storage.y_trunc && LLVMGetInstructionOpcode(p->storage.y_trunc) == LLVMUIToFP)
        /* the state is converted as unsigned: libplr's conversion follows
         * the signature's type */
        p->type = p->type == PLR_I32 ? PLR_U32 : PLR_U64;
    if (p->storage.y_trunc) {
        p->size = plr_held_size(p->storage.y_held);
        p->storage.y_store = plr_held_store(p->storage.y_held, 0);
    }
    p->storage.state_held = NULL;
    p->storage.state_size = p->size;
    p->storage.state_reduced = 0;
    p->storage.x_size = p->size;
    if (plr_loop_is_invariant(loop, LLVMGetOperand(p->store, 1)))
        return PLR_R_FIXED_ELEMENT;
    if (!plr_scev_affine(p->ctx, loop, LLVMGetOperand(p->store, 1), &p->access.y_start, &p->access.step)) {
        plr_scev *addr = plr_scev_of(p->ctx, LLVMGetOperand(p->store, 1));
        if (!addr || !plr_scev_recurrence(p->ctx, loop, addr, &p->access.y_start, &p->access.step_s))
            return PLR_R_STRIDE;
        p->access.step = 0; /* a run-time stride: decided with the nest */
    }
    /* Any whole number of elements either way (plr_layout's strides); a
     * bound keeps n * step far from overflow in the checks. */
    if ((p->access.step == 0 && !p->access.step_s) || p->access.step % (int64_t)p->size != 0 ||
        p->access.step > PLR_MAX_STEP_BYTES || p->access.step < -PLR_MAX_STEP_BYTES)
        return PLR_R_STRIDE;
    if (!plr_block_dominates(p->ctx, LLVMGetInstructionParent(p->store), latch))
        return PLR_R_COND_STORE;
    plr_reason outputs = plr_check_outputs(p);
    if (outputs != PLR_OK_CANDIDATE)
        return outputs;
    p->access.trip = plr_scev_trip_count(p->ctx, loop);
    if (!p->access.trip) {
        /* (a bound the versioning in bound.cpp could not take: why) */
        p->why_at = plr_bound_in_memory(loop);
        return p->why_at ? plr_bound_refusal(p->ctx, loop) : PLR_R_TRIP_COUNT;
    }
    /* plr_signature/plr_data are laid out as this plugin was compiled. */
    LLVMModuleRef mod = LLVMGetGlobalParent(plr_ctx_function(p->ctx));
    if (LLVMPointerSize(LLVMGetModuleDataLayout(mod)) != sizeof(void *)) {
        p->why_at = NULL;
        return PLR_R_TARGET;
    }
    /* A call would bind to this module's own definition: libplr itself
     * (LTO, or built with the plugin), or a user function of that name. */
    static const char *const entries[] = {"plr_run", "plr_pays", "plr_run_many", "plr_pays_many"};
    for (unsigned k = 0; k < sizeof entries / sizeof *entries; k++) {
        LLVMValueRef fn = LLVMGetNamedFunction(mod, entries[k]);
        if (fn && !LLVMIsDeclaration(fn)) {
            p->why_at = fn;
            return PLR_R_DEFINES_RUNTIME;
        }
    }
    p->why_at = NULL;
    return PLR_OK_CANDIDATE;
}

static int cn_plain(const plr_cn *c) {
    return !c || (c->kind != PLR_CN_RELOAD && cn_plain(c->l) && cn_plain(c->r));
}

/* Reloaded coefficients would need their own address checks. */
static int lin_recoverable(const plr_lin *l) {
    if (!cn_plain(l->c) || !cn_plain(l->b[0]))
        return 0;
    for (int m = 0; m < PLR_MAX_FIR; m++)
        if (!cn_plain(l->a[m]))
            return 0;
    for (int j = 1; j <= PLR_MAX_ORDER; j++)
        if (!cn_plain(l->b[j]))
            return 0;
    return 1;
}

/* Whether a linear live-out reads only the states the call leaves in
 * y_final (y[n-1] .. y[n-order]): where y holds g(state) after an output
 * map, older states are gone. */
static int lin_within_final(const plr_plan *p, const plr_lin *l) {
    for (unsigned j = p->order; j <= PLR_MAX_ORDER; j++)
        if (!plr_cn_is_zero(l->b[j]))
            return 0;
    return 1;
}

/* May a copy of the loop without its store, run before the call, read what
 * this load reads? Only if the loop never writes there: alias analysis says
 * so, it is the input array (checked disjoint from y; exact in place is then
 * not taken), or its range is checked at run time like a materialized
 * input's. */
static int side_load_ok(plr_plan *p, LLVMValueRef ld) {
    if (!plr_may_alias_written(p, ld))
        return 1;
    const plr_leaf *l = plr_leaf_of(p, ld);
    if (l && l->kind == PLR_LEAF_X && l->stream == p->lin->xs && l->stream > 0 && !p->access.in_place)
        return 1;
    plr_scev *st;
    int64_t step;
    for (unsigned i = 0; i < p->access.nrl; i++)
        if (p->access.rl_load[i] == ld)
            return 1;
    if (p->access.nrl == 16 || !plr_scev_address(p->ctx, p->loop, LLVMGetOperand(ld, 0), &st, &step) || step < 0)
        return 0;
    LLVMTypeRef lt = LLVMTypeOf(ld);
    int64_t size = 64; /* generous for anything wider */
    switch (LLVMGetTypeKind(lt)) {
    case LLVMIntegerTypeKind: size = (LLVMGetIntTypeWidth(lt) + 7) / 8; break;
    case LLVMFloatTypeKind: size = 4; break;
    case LLVMDoubleTypeKind: size = 8; break;
    default: break;
    }
    p->access.rl_load[p->access.nrl] = ld;
    p->access.rl_start[p->access.nrl] = st;
    p->access.rl_step[p->access.nrl] = step;
    p->access.rl_runtime[p->access.nrl] = 0;
    p->access.rl_apart[p->access.nrl] = 0;
    p->access.rl_offset_known[p->access.nrl] = 0;
    p->access.rl_size[p->access.nrl] = size;
    p->access.nrl++;
    return 1;
}

/* Does v depend only on the loop's inputs, not on its output (y leaves, the
 * stored value, cascade states)? Then the copy computes it exactly. */
static int side_ok(plr_plan *p, LLVMValueRef v, LLVMValueRef *seen, unsigned *nseen, unsigned cap) {
    if (!LLVMIsAInstruction(v) || !plr_loop_contains(p->loop, v))
        return 1;
    for (unsigned i = 0; i < *nseen; i++)
        if (seen[i] == v)
            return 1;
    if (*nseen == cap || v == p->value || v == p->out || v == p->store || plr_inst_has_side_effects(v))
        return 0;
    seen[(*nseen)++] = v;
    for (int s = 0; s < p->stages.n; s++)
        if (v == p->stages.v[s])
            return 0;
    if (LLVMIsALoadInst(v) || (LLVMIsAPHINode(v) && LLVMGetInstructionParent(v) == plr_loop_header(p->loop))) {
        const plr_leaf *l = plr_leaf_of(p, v);
        if (l && (l->kind == PLR_LEAF_Y || l->kind == PLR_LEAF_Y2))
            return 0;
        if (LLVMIsALoadInst(v) && !side_load_ok(p, v))
            return 0;
    }
    int n = LLVMGetNumOperands(v);
    for (int i = 0; i < n; i++)
        if (!side_ok(p, LLVMGetOperand(v, i), seen, nseen, cap))
            return 0;
    return 1;
}

static int side_liveout(plr_plan *p, LLVMValueRef v) {
    LLVMValueRef seen[512];
    unsigned nseen = 0, nrl = p->access.nrl;
    if (side_ok(p, v, seen, &nseen, 512))
        return 1;
    p->access.nrl = nrl; /* forget the range checks it registered */
    return 0;
}

/* Is the output the state itself plus, at most, a multiple of x[i]? */
static int state_is_output_minus_input(const plr_plan *p) {
    const plr_lin *g = p->df2.out;
    if (!g->b[0] || g->b[0]->kind != PLR_CN_CONST || (p->is_fp ? g->b[0]->kf != 1.0 : g->b[0]->ki != 1))
        return 0;
    for (int q = 1; q <= PLR_MAX_ORDER; q++)
        if (!plr_cn_is_zero(g->b[q]))
            return 0;
    return cn_plain(p->df2.x0);
}

static int low_bits_only(const plr_plan *p, LLVMValueRef v, unsigned w, int depth);

/* k + 1 when v is what the loop stores into outs[k] (0: none). */
static int stored_by_map(const plr_plan *p, LLVMValueRef v) {
    for (unsigned k = 0; k < p->maps.nouts; k++)
        if (LLVMGetOperand(p->maps.outs[k].store, 0) == v)
            return (int)k + 1;
    return 0;
}

static plr_reason add_liveout(plr_plan *p, LLVMValueRef v) {
    for (unsigned i = 0; i < p->nliveouts; i++)
        if (p->liveouts[i].v == v)
            return PLR_OK_CANDIDATE;
    for (unsigned i = 0; i < p->nforeign; i++)
        if (p->foreign[i] == v)
            return PLR_OK_CANDIDATE; /* another channel's */
    plr_liveout lo = {.v = v};
    const plr_leaf *l = NULL;
    const plr_shape *shape = p->shape;
    int state_output = shape->kind == PLR_SHAPE_STATE_OUTPUT;
    if (state_output && v == p->out) {
        lo.kind = PLR_LO_Y; /* the runtime computes out itself */
        lo.delay = 0;
    } else if (state_output && v == p->value && state_is_output_minus_input(p)) {
        /* out = S + delta0*x[i]: the last state is y[n-1] - delta0*x[n-1] */
        plr_lin *lin = plr_alloc(p, sizeof *lin);
        lin->b[0] = plr_alloc(p, sizeof *lin->b[0]);
        lin->b[0]->kind = PLR_CN_CONST;
        lin->b[0]->ki = 1;
        lin->b[0]->kf = 1.0;
        if (p->df2.x0) {
            lin->a[0] = plr_alloc(p, sizeof *lin->a[0]);
            lin->a[0]->kind = PLR_CN_NEG;
            lin->a[0]->l = p->df2.x0;
        }
        lo.kind = PLR_LO_LIN;
        lo.lin = lin;
    } else if (state_output && (v == p->value || ((l = plr_leaf_of(p, v)) && l->kind == PLR_LEAF_Y))) {
        p->why_at = v; /* the state is never materialized */
        return PLR_R_LIVE_OUT;
    } else if (plr_shape_is_cascade(shape)) {
        /* every stage's last values: read from y after that stage's call */
        lo.kind = PLR_LO_Y2;
        lo.stage = -1;
        for (int st = 0; st < p->stages.n; st++)
            if (v == p->stages.v[st])
                lo.stage = st, lo.delay = 0;
        if (lo.stage < 0 && (l = plr_leaf_of(p, v)) && (l->kind == PLR_LEAF_Y || l->kind == PLR_LEAF_Y2))
            lo.stage = l->kind == PLR_LEAF_Y ? 0 : l->stage, lo.delay = l->delay;
        if (shape->kind == PLR_SHAPE_FOLDED && lo.stage >= (int)shape->fold_over && lo.stage < p->stages.n - 1) {
            p->why_at = v; /* a folded stage is never computed */
            return PLR_R_LIVE_OUT;
        }
        if (lo.stage < 0) {
            if (l && l->kind == PLR_LEAF_X && l->stream == p->lin->xs) {
                lo.kind = PLR_LO_X;
                lo.delay = l->delay;
            } else if ((lo.scev = plr_scev_exit_value(p->ctx, p->loop, v))) {
                lo.kind = PLR_LO_SCEV;
            } else if (side_liveout(p, v)) {
                lo.kind = PLR_LO_SIDE;
                p->has_side = 1;
            } else {
                p->why_at = v;
                return PLR_R_LIVE_OUT;
            }
        }
    } else if (p->out && v == p->out) {
        lo.kind = PLR_LO_OUT;
    } else if ((lo.array = stored_by_map(p, v))) {
        lo.kind = PLR_LO_OUT; /* read back from that array after the maps */
    } else if (v == p->value) {
        lo.kind = PLR_LO_Y;
        lo.delay = 0;
    } else if (shape->output_map && LLVMIsACastInst(v) && LLVMGetOperand(v, 0) == p->value &&
               LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMPointerTypeKind) {
        /* the state converted on its way into the map (`(int)c` of a char
         * state, used after the loop as `c << 8`): the last state, so */
        lo.kind = PLR_LO_Y;
        lo.delay = 0;
        lo.cast = LLVMGetInstructionOpcode(v);
    } else if ((l = plr_leaf_of(p, v)) && l->kind == PLR_LEAF_Y) {
        lo.kind = PLR_LO_Y;
        lo.delay = l->delay;
        if ((shape->output_map || plr_shape_is_cascade(shape)) && (unsigned)lo.delay >= p->order) {
            /* the output array holds g(state): older states are gone */
            p->why_at = v;
            return PLR_R_LIVE_OUT;
        }
    } else if (l && l->kind == PLR_LEAF_X && l->stream == p->lin->xs) {
        lo.kind = PLR_LO_X;
        lo.delay = l->delay;
    } else if ((lo.scev = plr_scev_exit_value(p->ctx, p->loop, v))) {
        lo.kind = PLR_LO_SCEV;
    } else if ((lo.lin = plr_lin_of_value(p, v)) && lin_recoverable(lo.lin) &&
               (!shape->output_map || lin_within_final(p, lo.lin))) {
        /* e.g. p = 3*y[i-1] returned: 3*y[n-2], from what the call leaves */
        lo.kind = PLR_LO_LIN;
    } else if (side_liveout(p, v)) {
        lo.kind = PLR_LO_SIDE;
        p->has_side = 1;
    } else {
        p->why_at = v;
        return PLR_R_LIVE_OUT;
    }
    if ((p->storage.y_trunc || p->storage.state_reduced) && (lo.kind == PLR_LO_Y || lo.kind == PLR_LO_LIN)) {
        /* y holds the outputs converted (or the state's low bits): only
         * the state in y_final is the loop's; with the state's uses
         * reduced (p->storage.reduced) only its low bits are */
        LLVMTypeRef held = p->storage.y_trunc ? p->storage.y_held : p->storage.state_held;
        if ((lo.kind == PLR_LO_Y && (unsigned)lo.delay >= p->order) ||
            (p->storage.reduced && LLVMTypeOf(v) != held && !low_bits_only(p, v, LLVMGetIntTypeWidth(held), 0))) {
            p->why_at = v;
            return PLR_R_LIVE_OUT;
        }
    }
    plr_liveout *n = realloc(p->liveouts, (p->nliveouts + 1) * sizeof *n);
    if (!n)
        abort();
    p->liveouts = n;
    p->liveouts[p->nliveouts++] = lo;
    return PLR_OK_CANDIDATE;
}

/* Whether every use of v after the loop reads at most its low w bits
 * (through LCSSA phis, a truncation to w bits or fewer, a mask within
 * them or a shift left that drops the rest: `return s;` of a short
 * state). */
static int low_bits_only(const plr_plan *p, LLVMValueRef v, unsigned w, int depth) {
    for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (LLVMIsAInstruction(user) && plr_loop_contains(p->loop, user))
            continue;
        if (LLVMIsAPHINode(user) && depth < 4 && low_bits_only(p, user, w, depth + 1))
            continue;
        if (LLVMIsATruncInst(user) && LLVMGetIntTypeWidth(LLVMTypeOf(user)) <= w)
            continue;
        if (LLVMIsAInstruction(user) && LLVMGetInstructionOpcode(user) == LLVMAnd &&
            LLVMIsAConstantInt(LLVMGetOperand(user, 1)) && w < 64 &&
            LLVMConstIntGetZExtValue(LLVMGetOperand(user, 1)) < (UINT64_C(1) << w))
            continue; /* `& 0xffff`: an unsigned short returned as int */
        if (LLVMIsAInstruction(user) && LLVMGetInstructionOpcode(user) == LLVMShl &&
            LLVMIsAConstantInt(LLVMGetOperand(user, 1)) && LLVMGetOperand(user, 0) == v &&
            LLVMConstIntGetZExtValue(LLVMGetOperand(user, 1)) + w >= LLVMGetIntTypeWidth(LLVMTypeOf(v)))
            continue; /* `shl` by 16 (then `ashr`): a short returned as int, its low bits only */
        return 0;
    }
    return 1;
}

plr_reason plr_check_liveouts(plr_plan *p) {
    plr_loop *loop = p->loop;
    unsigned nb = plr_loop_block_count(loop);
    for (unsigned b = 0; b < nb; b++) {
        for (LLVMValueRef i = LLVMGetFirstInstruction(plr_loop_block(loop, b)); i;
             i = LLVMGetNextInstruction(i)) {
            for (LLVMUseRef u = LLVMGetFirstUse(i); u; u = LLVMGetNextUse(u)) {
                LLVMValueRef user = LLVMGetUser(u);
                if (LLVMIsAInstruction(user) && plr_loop_contains(loop, user))
                    continue;
                plr_reason r = add_liveout(p, i);
                if (r != PLR_OK_CANDIDATE)
                    return r;
                break;
            }
        }
    }
    return PLR_OK_CANDIDATE;
}

plr_reason plr_check_layout(plr_plan *p) {
    /* y at a run-time stride: a nest takes it (plr_check_nest), or a loop
     * alone (plr_runtime_stride_alone); x moves with y (x_step 0) or at a
     * constant stride of its own. Every shape walks any stride (a
     * cascade's composed form is then not made: plr_plan_composition). */
    if (p->access.step_s && p->access.x_step == 0)
        return PLR_OK_CANDIDATE;
    if (p->access.x_step == 0 || p->access.x_step % (int64_t)p->storage.x_size != 0 ||
        p->access.x_step > PLR_MAX_STEP_BYTES || p->access.x_step < -PLR_MAX_STEP_BYTES)
        return PLR_R_STRIDE;
    return PLR_OK_CANDIDATE;
}

int plr_unit_stride(const plr_plan *p) {
    return !p->access.step_s && plr_state_step(p) == (int64_t)p->storage.state_size &&
           p->access.x_step == (int64_t)p->storage.x_size;
}

plr_reason plr_runtime_stride_alone(plr_plan *p) {
    const plr_shape *s = p->shape;
    if (!p->access.step_s || p->nest || p->chan || !s)
        return PLR_R_RUNTIME_STRIDE;
    /* Every shape of one recurrence is lowered at a run-time stride: other
     * stored arrays at y's run-time stride (outputs.c), the output map, a
     * materialized input (the loop's clone computes its terms into y at
     * the loop's own addresses), the first outputs computed before the
     * call (x_elem, y_elem), the state's buffer (its footprint and steps as
     * values: state_step_v), a cascade's stage calls, FIR tail and folded
     * output (never composed there: plr_plan_composition); not a run-time
     * order, whose taps walk y at unit stride. */
    if (s->kind == PLR_SHAPE_RUNTIME_ORDER)
        return PLR_R_RUNTIME_STRIDE;
    /* The stride and the first elements are computed before the loop
     * (plr_rewrite_prepare). An unsigned division by a value that may be
     * zero in them (y[i * (C / D)]) is read from the program's own
     * division where that dominates the preheader: the program divides
     * there whenever the loop runs, so the rewrite adds no division; one
     * only inside the loop (or nowhere) would be a division the program
     * may never execute (the loop not run, or the division on a branch of
     * it). */
    LLVMValueRef before = LLVMGetBasicBlockTerminator(plr_loop_preheader(p->loop));
    if (!plr_scev_safe_to_expand_at(p->ctx, p->access.step_s, before) ||
        !plr_scev_safe_to_expand_at(p->ctx, p->access.y_start, before) ||
        (!p->access.in_place && p->access.x_start && !plr_scev_safe_to_expand_at(p->ctx, p->access.x_start, before)))
        return PLR_R_RUNTIME_STRIDE;
    for (unsigned i = 0; i < p->access.nrl; i++)
        if (!plr_scev_safe_to_expand_at(p->ctx, p->access.rl_start[i], before))
            return PLR_R_RUNTIME_STRIDE;
    return PLR_OK_CANDIDATE;
}

plr_reason plr_check_consent(plr_plan *p) {
    plr_loop *outer = plr_loop_parent(p->loop);
    p->marker = plr_loop_has_marker(p->loop, "plr.recurrence") ||
                (p->shape->layout == PLR_LAYOUT_LANES && outer && plr_loop_has_marker(outer, "plr.recurrence"));
    if (p->is_fp && p->fp_no_consent && !p->marker)
        return PLR_R_FP_CONSENT;
    return PLR_OK_CANDIDATE;
}

/* A narrow loop (p->storage.narrow) goes to the runtime as one call whose
 * histories and final values the rewrite widens and truncates; the other
 * shapes keep values of the element type in their own buffers (a cascade's
 * stage histories, a composed or peeled prologue's outputs, an output map
 * over the state) and are not taken. */
plr_reason plr_check_narrow(plr_plan *p) {
    const plr_shape *s = p->shape;
    /* An output map over a narrow state, or across types, reads the state
     * as the call stored it (in its own type, in y or the output's slot)
     * and stores the output over it: one call and the map. Not over a
     * state held converted (y_trunc: its wide value is not what y
     * holds), nor with x read from y (in the output's type). */
    /* A state of another type than the output, held as itself (in the
     * output's slots or, wider, in a buffer): what the loop computes,
     * bit for bit, not only its low bits (state_reduced, or a state read
     * through reductions: storage.reduced). */
    int exact = p->storage.state_held && !p->storage.state_reduced && !p->storage.reduced;
    /* With a materialized input under such a map, the input terms go
     * where the state goes, in the state's type (rewrite.c, lower_buffer;
     * maps.c, emit_input_terms), and the call runs there in place. */
    int one_map = s->output_map && !s->peel && !p->storage.y_trunc &&
                  ((s->kind == PLR_SHAPE_OUTPUT_MAP && !p->access.in_place) ||
                   (plr_kind_is_materialized(s->kind) && exact));
    /* Other arrays stored beside it read the state where the call left
     * it, in its own type, before the output map replaces it (maps.c,
     * emit_maps): the loop's own values only when the state is exact. */
    if (s->stored_maps && !exact)
        one_map = 0;
    if (p->storage.state_held && !one_map) {
        p->why_at = p->store;
        return PLR_R_NARROW;
    }
    if (!plr_shape_is_single_call(s) && !one_map)
        return PLR_R_NARROW;
    /* A materializing clone stores the input term converted to y's
     * storage: for an integer, the term modulo 2^w, which is exact (the
     * live-outs checked modulo 2^w: plr_build_signature); for a float,
     * rounded, not the term itself (the driver's second reading takes the
     * conversion into a map of the wider state, whose buffer holds the
     * terms). */
    if (p->storage.y_trunc && p->is_fp && plr_shape_is_materialized(p->shape))
        return PLR_R_NARROW;
    return PLR_OK_CANDIDATE;
}
