/*
 * outputs.c - the maps after the calls: the output map's g (out = g(state,
 * loads at i)) and the other arrays a loop stores besides y, each an
 * elementwise map of what y holds once the calls have run (docs/pass.md,
 * "Several outputs").
 *
 * The call writes the state into y; one map loop then computes, for each
 * i, z[i] = g_z(y[i], a[i], ...) for every other stored array z, and last
 * the output map of y itself. That is the loop's own arithmetic, cloned,
 * on the same values: exact (floats too) once the state is. It needs every
 * array a map reads to hold at index i, when the map runs, what it held
 * when the loop read it: apart from y (the call wrote y) and from every
 * stored array (the maps write them). The checks before the call see to
 * that; an array a constant distance from one the loop stores never could
 * be, and is refused here.
 */
#include <string.h>

#include "recognize.h"
#include "shape.h"

/* Which array the loop stores an address lies a constant distance from: 0
 * y, k + 1 outs[k] (those whose address is known), -1 none (another array,
 * or one only a check at run time can tell apart). */
static int stored_array(const plr_plan *p, plr_scev *start) {
    int64_t d;
    if (plr_scev_const_diff(p->ctx, start, p->access.y_start, &d))
        return 0;
    for (unsigned k = 0; k < p->maps.nouts; k++)
        if (p->maps.outs[k].start && plr_scev_const_diff(p->ctx, start, p->maps.outs[k].start, &d))
            return (int)k + 1;
    return -1;
}

/* Elements a map can load or store: integers of 8 to 64 bits, float, double. */
static int map_element(LLVMTypeRef t) {
    switch (LLVMGetTypeKind(t)) {
    case LLVMIntegerTypeKind: {
        unsigned w = LLVMGetIntTypeWidth(t);
        return w == 8 || w == 16 || w == 32 || w == 64;
    }
    case LLVMFloatTypeKind:
    case LLVMDoubleTypeKind:
        return 1;
    default:
        return 0;
    }
}

/* Whether a load of y reads y[i] itself (its own element, of y's size, at
 * y's step) before the loop stores y[i] in the same iteration: what the
 * original element held. The call then writes the state into a buffer and
 * the map reads y as the loop did (an in-place gain: out[i] = out[i]*g).
 * Another index of y would read what the map already replaced (i-1) or
 * depend on the order of the map's stores (rewrite.c keeps the loop's). */
static int y_read_before_store(const plr_plan *p, LLVMValueRef ld, plr_scev *start, int64_t step, int runtime) {
    int64_t d;
    /* (runtime: at y's own run-time stride, map_load) */
    if ((!runtime && step != p->access.step) || plr_held_size(LLVMTypeOf(ld)) != p->size ||
        !plr_scev_const_diff(p->ctx, start, p->access.y_start, &d) || d != 0)
        return 0;
    return plr_load_before_store(p, ld);
}

int plr_load_before_store(const plr_plan *p, LLVMValueRef ld) {
    LLVMBasicBlockRef lb = LLVMGetInstructionParent(ld), sb = LLVMGetInstructionParent(p->store);
    if (lb != sb)
        return plr_block_dominates(p->ctx, lb, sb);
    for (LLVMValueRef i = LLVMGetNextInstruction(ld); i; i = LLVMGetNextInstruction(i))
        if (i == p->store)
            return 1;
    return 0;
}

LLVMValueRef plr_y_map_load(const plr_plan *p) {
    for (unsigned k = 0; k < p->maps.nmload; k++)
        if (p->maps.mload[k].of_y)
            return p->maps.mload[k].load;
    return NULL;
}

int plr_is_y_map_load(const plr_plan *p, LLVMValueRef load) {
    for (unsigned k = 0; k < p->maps.nmload; k++)
        if (p->maps.mload[k].of_y && p->maps.mload[k].load == load)
            return 1;
    return 0;
}

/* A load a map reads: at the output's index (as many of its own elements
 * per iteration as y, or one fixed element), from no array the loop
 * stores. */
static plr_reason map_load(plr_plan *p, LLVMValueRef ld) {
    for (unsigned k = 0; k < p->maps.nmload; k++)
        if (p->maps.mload[k].load == ld)
            return PLR_OK_CANDIDATE;
    if (plr_inst_is_atomic_or_volatile(ld))
        return PLR_R_VOLATILE;
    LLVMTypeRef t = LLVMTypeOf(ld);
    if (!map_element(t))
        return PLR_R_TYPE;
    unsigned size = plr_held_size(t);
    plr_scev *start, *rstep;
    int64_t step = 0;
    int runtime = 0;
    if (p->access.step_s) {
        /* A column beside the output's: the same run-time stride (the same
         * SCEV), elements of y's size; or one fixed element. */
        plr_scev *addr = plr_scev_of(p->ctx, LLVMGetOperand(ld, 0));
        if (plr_loop_is_invariant(p->loop, LLVMGetOperand(ld, 0)))
            start = addr;
        else if (addr && plr_scev_recurrence(p->ctx, p->loop, addr, &start, &rstep) && rstep == p->access.step_s &&
                 size == p->size)
            runtime = 1;
        else
            return PLR_R_OUTPUT_INDEX;
        if (!start)
            return PLR_R_OUTPUT_INDEX;
    } else if (!plr_scev_address(p->ctx, p->loop, LLVMGetOperand(ld, 0), &start, &step) ||
               (step != 0 && step * (int64_t)p->size != p->access.step * (int64_t)size)) {
        return PLR_R_OUTPUT_INDEX;
    }
    int stored = stored_array(p, start);
    int of_y = stored == 0 && y_read_before_store(p, ld, start, step, runtime);
    if (stored == 0 && !of_y)
        return PLR_R_OUTPUT_OVERLAP; /* y at another index, or after the loop stored it */
    if (stored > 0)
        return PLR_R_OTHER_STORES; /* what another store writes: a recurrence of its own */
    if (p->maps.nmload == PLR_MAX_MAP_LOADS)
        return PLR_R_SIZE;
    p->maps.mload[p->maps.nmload++] =
        (plr_map_load){.load = ld, .start = start, .step = step, .runtime_step = runtime, .size = size, .of_y = of_y};
    return PLR_OK_CANDIDATE;
}

/* An induction a map reads: an integer header phi that SCEV reads as
 * {start,+,step} over this loop with a constant step, a start the rewrite
 * can compute before the loop. The map recomputes it from its index; the
 * loop's own arithmetic on it (i + 1, the conversion to double) is cloned
 * like the rest of g. */
static int map_induction(plr_plan *p, LLVMValueRef phi) {
    for (unsigned k = 0; k < p->maps.nmiv; k++)
        if (p->maps.miv[k].phi == phi)
            return 1;
    plr_scev *start;
    int64_t step;
    if (LLVMGetTypeKind(LLVMTypeOf(phi)) != LLVMIntegerTypeKind ||
        LLVMGetInstructionParent(phi) != plr_loop_header(p->loop) ||
        !plr_scev_affine(p->ctx, p->loop, phi, &start, &step) || !plr_scev_safe_to_expand(p->ctx, start) ||
        p->maps.nmiv == PLR_MAX_MAP_IVS)
        return 0;
    p->maps.miv[p->maps.nmiv++] = (plr_map_iv){.phi = phi, .start = start, .step = step};
    return 1;
}

/* A call a map can clone as it clones arithmetic: an intrinsic that
 * computes a value from its operands alone (no memory, no effect). */
static int elementwise_intrinsic(LLVMValueRef call) {
    static const char *const pure[] = {"llvm.fmuladd.", "llvm.fma.", "llvm.fabs.", "llvm.copysign.",
                                       "llvm.minnum.", "llvm.maxnum.", "llvm.smin.", "llvm.smax.",
                                       "llvm.umin.", "llvm.umax.", "llvm.abs."};
    LLVMValueRef fn = LLVMGetCalledValue(call);
    if (!fn || !LLVMIsAFunction(fn) || !LLVMGetIntrinsicID(fn))
        return 0;
    size_t len;
    const char *name = LLVMGetValueName2(fn, &len);
    for (unsigned k = 0; k < sizeof pure / sizeof *pure; k++)
        if (strncmp(name, pure[k], strlen(pure[k])) == 0)
            return 1;
    return 0;
}

/* A map's walk: what it collects, and the first load it could not take
 * (reported only if nothing else stops the map: a load of the output array
 * says less than a second state beside it). */
typedef struct map_walk {
    LLVMValueRef *out;
    unsigned n, cap;
    int loads;
    int before; /* g may read the state's earlier values, p->maps.before (a fixed element's) */
    plr_reason load_why;
    LLVMValueRef load_at;
} map_walk;

/* Post-order collection of the in-loop instructions between `of` and v. */
static plr_reason map_chain(plr_plan *p, map_walk *w, LLVMValueRef v, LLVMValueRef of) {
    if (v == of || plr_loop_is_invariant(p->loop, v))
        return PLR_OK_CANDIDATE;
    if (!LLVMIsAInstruction(v) || !plr_loop_contains(p->loop, v))
        return PLR_R_OTHER_STORES;
    for (unsigned i = 0; i < w->n; i++)
        if (w->out[i] == v)
            return PLR_OK_CANDIDATE;
    if (w->n == w->cap)
        return PLR_R_SIZE;
    if (LLVMIsALoadInst(v)) {
        if (!w->loads) {
            p->why_at = v;
            return PLR_R_OTHER_STORES;
        }
        plr_reason r = map_load(p, v);
        if (r != PLR_OK_CANDIDATE && !w->load_why) {
            w->load_why = r;
            w->load_at = v;
        }
        w->out[w->n++] = v; /* cloned with its address at the map's index */
        return PLR_OK_CANDIDATE;
    }
    /* the state d iterations back: read from y's element d before */
    if (w->before && plr_state_before(p, v)) {
        w->out[w->n++] = v;
        return PLR_OK_CANDIDATE;
    }
    /* the induction (with the loads: the output map's first reading takes
     * neither, and leaves the state's other readings their turn) */
    if (LLVMIsAPHINode(v) && w->loads && map_induction(p, v)) {
        w->out[w->n++] = v; /* recomputed at the map's index */
        return PLR_OK_CANDIDATE;
    }
    /* another phi is another state, a call or a store an effect of its own
     * (but for the elementwise intrinsics: `g*s + c` is an fmuladd) */
    if (LLVMIsAPHINode(v) || (LLVMIsACallInst(v) && !elementwise_intrinsic(v)) || LLVMIsAStoreInst(v) ||
        plr_inst_has_side_effects(v)) {
        p->why_at = v;
        return PLR_R_OTHER_STORES;
    }
    int nops = LLVMGetNumOperands(v);
    for (int i = 0; i < nops; i++) {
        plr_reason r = map_chain(p, w, LLVMGetOperand(v, (unsigned)i), of);
        if (r != PLR_OK_CANDIDATE)
            return r;
    }
    w->out[w->n++] = v;
    return PLR_OK_CANDIDATE;
}

/* plr_read_map, with the state's earlier values (p->maps.before) read as such
 * if `before`. */
static plr_reason read_map(plr_plan *p, LLVMValueRef v, LLVMValueRef of, int before, int loads, LLVMValueRef *chain,
                           unsigned *n, unsigned cap) {
    unsigned nmload = p->maps.nmload, nmiv = p->maps.nmiv;
    map_walk w = {.out = chain, .cap = cap, .loads = loads, .before = before};
    plr_reason r = map_chain(p, &w, v, of);
    if (r == PLR_OK_CANDIDATE && w.load_why) {
        p->why_at = w.load_at;
        r = w.load_why;
    }
    if (r != PLR_OK_CANDIDATE) {
        p->maps.nmload = nmload; /* the loads and inductions of a map not taken */
        p->maps.nmiv = nmiv;
    }
    *n = w.n;
    return r;
}

plr_reason plr_read_map(plr_plan *p, LLVMValueRef v, LLVMValueRef of, int loads, LLVMValueRef *chain, unsigned *n,
                        unsigned cap) {
    return read_map(p, v, of, 0, loads, chain, n, cap);
}

unsigned plr_state_before(const plr_plan *p, LLVMValueRef v) {
    for (unsigned d = 0; d < p->maps.nbefore; d++)
        if (p->maps.before[d] == v)
            return d + 1;
    return 0;
}

unsigned plr_chain_before(const plr_plan *p, const LLVMValueRef *chain, unsigned n) {
    unsigned most = 0;
    for (unsigned c = 0; c < n; c++) {
        unsigned d = plr_state_before(p, chain[c]);
        most = d > most ? d : most;
    }
    return most;
}

/* The header phi whose value on the latch edge is v (and whose other
 * incoming value is from the preheader, into *init); NULL if none. */
static LLVMValueRef carried_copy(const plr_plan *p, LLVMValueRef v, LLVMValueRef *init) {
    LLVMBasicBlockRef latch = plr_loop_latch(p->loop), pre = plr_loop_preheader(p->loop);
    for (LLVMValueRef i = LLVMGetFirstInstruction(plr_loop_header(p->loop)); i && LLVMIsAPHINode(i);
         i = LLVMGetNextInstruction(i)) {
        *init = plr_incoming_from(i, pre);
        if (LLVMCountIncoming(i) == 2 && plr_incoming_from(i, latch) == v && *init)
            return i;
    }
    return NULL;
}

/* p->maps.before: the chain of header phis that carry the state one iteration
 * back, each the previous one's (y[i-1], y[i-2], ... of the recurrence as
 * the call writes y). */
static void find_state_before(plr_plan *p, LLVMValueRef state) {
    p->maps.nbefore = 0;
    for (LLVMValueRef v = state; p->maps.nbefore < PLR_MAX_BEFORE;) {
        LLVMValueRef init, phi = carried_copy(p, v, &init);
        if (!phi)
            break;
        p->maps.before[p->maps.nbefore] = phi;
        p->maps.before_init[p->maps.nbefore++] = init;
        v = phi;
    }
}

plr_reason plr_read_output_map(plr_plan *p, LLVMValueRef v, LLVMValueRef of, int loads, LLVMValueRef *chain,
                               unsigned *n, unsigned cap) {
    find_state_before(p, of);
    plr_reason r = read_map(p, v, of, 1, loads, chain, n, cap);
    if (r != PLR_OK_CANDIDATE)
        p->maps.nbefore = 0;
    return r;
}

LLVMValueRef plr_map_state(const plr_plan *p) {
    if (!p->maps.nchain)
        return LLVMGetOperand(p->store, 0);
    /* (under a map over a cascade, value is stage 0 and out the last) */
    return plr_kind_is_cascade(p->found.kind) ? p->out : p->value;
}

int plr_may_alias_written(const plr_plan *p, LLVMValueRef load) {
    if (plr_may_alias_store(p->ctx, load, p->store))
        return 1;
    for (unsigned k = 0; k < p->maps.nouts; k++)
        if (plr_may_alias_store(p->ctx, load, p->maps.outs[k].store))
            return 1;
    return 0;
}

plr_reason plr_check_outputs(plr_plan *p) {
    LLVMBasicBlockRef latch = plr_loop_latch(p->loop);
    for (unsigned k = 0; k < p->maps.nouts; k++)
        p->maps.outs[k].start = NULL; /* (stored_array compares with those already placed) */
    for (unsigned k = 0; k < p->maps.nouts; k++) {
        plr_output *o = &p->maps.outs[k];
        LLVMTypeRef t = LLVMTypeOf(LLVMGetOperand(o->store, 0));
        plr_scev *start;
        p->why_at = o->store;
        if (!plr_block_dominates(p->ctx, LLVMGetInstructionParent(o->store), latch))
            return PLR_R_COND_STORE;
        if (!map_element(t))
            return PLR_R_TYPE;
        o->size = plr_held_size(t);
        o->align = LLVMGetAlignment(o->store) ? LLVMGetAlignment(o->store) : 1;
        o->runtime_step = 0;
        /* One element every iteration: only the last value remains, which
         * the replacement stores once (a run-time stride is a nest's, and
         * a nest runs its maps over every element). */
        o->fixed = !p->access.step_s &&
                   plr_scev_address(p->ctx, p->loop, LLVMGetOperand(o->store, 1), &start, &o->step) && o->step == 0;
        if (o->fixed) {
            if (!plr_scev_safe_to_expand(p->ctx, start))
                return PLR_R_OUTPUT_INDEX;
        } else if (p->access.step_s) {
            /* another array at the output's run-time stride (the same
             * SCEV): its map walks it by that stride */
            plr_scev *addr = plr_scev_of(p->ctx, LLVMGetOperand(o->store, 1)), *ostep;
            if (!addr || !plr_scev_recurrence(p->ctx, p->loop, addr, &start, &ostep) || ostep != p->access.step_s ||
                !plr_scev_safe_to_expand(p->ctx, start))
                return PLR_R_OUTPUT_INDEX;
            o->step = 0;
            o->runtime_step = 1;
        } else if (!plr_scev_affine(p->ctx, p->loop, LLVMGetOperand(o->store, 1), &start, &o->step) ||
                   o->step * (int64_t)p->size != p->access.step * (int64_t)o->size) {
            return PLR_R_OUTPUT_INDEX;
        }
        if (stored_array(p, start) >= 0)
            return PLR_R_OTHER_STORES; /* elements of one array: interleaved channels, if anything */
        o->start = start;
    }
    return PLR_OK_CANDIDATE;
}

plr_reason plr_read_outputs(plr_plan *p) {
    LLVMValueRef state = plr_map_state(p);
    /* A map may read the state's earlier values: a fixed element's from
     * y[n-1-d] before any map, an array's from registers the map loop
     * carries (an output map replaces y[i-d] before index i; rewrite.c),
     * not in a nest (nest.c). */
    find_state_before(p, state);
    for (unsigned k = 0; k < p->maps.nouts; k++) {
        plr_output *o = &p->maps.outs[k];
        LLVMValueRef chain[64];
        unsigned n;
        p->why_at = o->store;
        plr_reason r = read_map(p, LLVMGetOperand(o->store, 0), state, 1, 1, chain, &n, 64);
        if (r != PLR_OK_CANDIDATE)
            return r;
        o->chain = plr_alloc(p, (n ? n : 1) * sizeof *o->chain);
        memcpy(o->chain, chain, n * sizeof *chain);
        o->nchain = n;
        o->reads_state = LLVMGetOperand(o->store, 0) == state;
        o->reads_before = plr_chain_before(p, chain, n) != 0;
        for (unsigned c = 0; c < n && !o->reads_state; c++)
            if (!LLVMIsAPHINode(chain[c])) /* (a phi's operands are not read: it is recomputed or loaded) */
                for (int i = 0; i < LLVMGetNumOperands(chain[c]) && !o->reads_state; i++)
                    o->reads_state = LLVMGetOperand(chain[c], (unsigned)i) == state;
    }
    /* Elements of x itself are read within x's footprint, which the check
     * keeps apart from y together with x (an exactly in-place call would
     * overwrite them before the map reads them: not taken then). */
    for (unsigned k = 0; k < p->maps.nmload; k++) {
        const plr_leaf *l = plr_find_leaf(p, p->maps.mload[k].load);
        p->maps.mload[k].of_x = !plr_kind_is_materialized(p->found.kind) && !p->access.in_place && l &&
                                l->kind == PLR_LEAF_X && l->stream == p->lin->xs;
    }
    p->why_at = NULL;
    return PLR_OK_CANDIDATE;
}

plr_reason plr_analyze_outputs(plr_plan *p, plr_reason (*analyze)(plr_plan *)) {
    plr_ctx *ctx = p->ctx;
    plr_loop *loop = p->loop;
    LLVMValueRef stores[PLR_MAX_OUTPUTS + 1];
    unsigned m = 0, nb = plr_loop_block_count(loop);
    stores[m++] = p->store; /* the candidate first: its reason is the one reported */
    for (unsigned b = 0; b < nb; b++)
        for (LLVMValueRef i = LLVMGetFirstInstruction(plr_loop_block(loop, b)); i; i = LLVMGetNextInstruction(i))
            if (LLVMIsAStoreInst(i) && i != p->store) {
                if (m == PLR_MAX_OUTPUTS + 1)
                    return PLR_R_OTHER_STORES;
                stores[m++] = i;
            }
    if (m < 2)
        return PLR_R_OTHER_STORES;
    /* The call writes the state into y: best into an array that stores it
     * as it is (no map of its own after the call), so a store taken only
     * with an output map waits for the second round. */
    int with_map[PLR_MAX_OUTPUTS + 1] = {0};
    plr_reason first = PLR_R_OTHER_STORES;
    LLVMValueRef first_at = NULL;
    char first_sig[sizeof p->sig_text] = "";
    plr_type first_type = p->type;
    for (int round = 0; round < 2; round++) {
        for (unsigned k = 0; k < m; k++) {
            if (round == 1 && !with_map[k])
                continue;
            plr_plan_free(p);
            p->ctx = ctx;
            p->loop = loop;
            p->store = stores[k];
            for (unsigned j = 0; j < m; j++)
                if (j != k)
                    p->maps.outs[p->maps.nouts++].store = stores[j];
            plr_reason r = analyze(p);
            if (r == PLR_OK_CANDIDATE && (round == 1 || p->maps.nchain == 0))
                return PLR_OK_CANDIDATE;
            with_map[k] = r == PLR_OK_CANDIDATE;
            /* A fixed element as the candidate says only that it is one:
             * once another store was read as the recurrence, what stopped
             * it with its other stores says more (an element reading a
             * state of its own, stored on some iterations only, an array
             * not at the output's index, narrow storage beside a map). */
            int after_fixed = k > 0 && first == PLR_R_FIXED_ELEMENT &&
                              (r == PLR_R_OTHER_STORES || r == PLR_R_COND_STORE || r == PLR_R_OUTPUT_INDEX ||
                               r == PLR_R_OUTPUT_OVERLAP || r == PLR_R_NARROW);
            if (round == 0 && (k == 0 || after_fixed)) {
                first = r;
                first_at = p->why_at;
                memcpy(first_sig, p->sig_text, sizeof first_sig);
                first_type = p->type;
            }
        }
    }
    plr_plan_free(p);
    p->ctx = ctx;
    p->loop = loop;
    p->store = stores[0];
    p->why_at = first_at;
    memcpy(p->sig_text, first_sig, sizeof p->sig_text);
    p->type = first_type; /* (the reason's signature and type are the first store's plan's) */
    return first;
}
