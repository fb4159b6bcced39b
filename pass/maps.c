/*
 * maps.c - map steps over whole sequences: the input term written into y
 * by a clone of the loop, and the maps after the calls (the other stored
 * arrays', then the output map g; over a single sequence or every sequence
 * of a nest; a fixed element's at the last index only).
 */
#include <stdlib.h>

#include "callplan.h"
#include "rewrite.h"
#include "shape.h"

/* A clone of the loop in the call path writes none of the other stored
 * arrays: the maps after the calls do. */
void erase_map_stores(plr_vmap *vm, const plr_plan *p) {
    for (unsigned k = 0; k < p->maps.nouts; k++)
        LLVMInstructionEraseFromParent(plr_vmap_get(vm, p->maps.outs[k].store));
}

/* A clone of `loop` (the recurrence loop, or the nest around it) that
 * stores each input term t[i]: every y leaf zero (the form is linear in
 * them) and, with an output map, the state's term rather than g of it. It
 * runs from the builder's block; the builder continues in a new block
 * before `before`. */
void emit_input_terms(LLVMBuilderRef b, const plr_plan *p, plr_loop *loop, LLVMBasicBlockRef before,
                      const char *name, LLVMValueRef state) {
    LLVMContextRef C = LLVMGetTypeContext(p->elem);
    LLVMBasicBlockRef cont = LLVMInsertBasicBlockInContext(C, before, name);
    plr_vmap *vm = plr_clone_loop(p->ctx, loop, LLVMGetInsertBlock(b), cont);
    LLVMBuildBr(b, plr_vmap_block(vm, plr_loop_header(loop)));
    LLVMValueRef st = plr_vmap_get(vm, p->store);
    if (p->shape->output_map)
        LLVMSetOperand(st, 0, plr_vmap_get(vm, p->value));
    if (state) {
        /* the same element of the state's buffer: its offset from y[0] */
        LLVMTypeRef i64 = LLVMInt64TypeInContext(C);
        LLVMPositionBuilderBefore(b, st);
        LLVMValueRef off = LLVMBuildSub(b, LLVMBuildPtrToInt(b, LLVMGetOperand(st, 1), i64, ""),
                                        LLVMBuildPtrToInt(b, p->y_v, i64, ""), "plr.state.off");
        if (plr_state_wider(p)) /* (the offsets scaled: plr_state_step) */
            off = LLVMBuildMul(b, off, LLVMConstInt(i64, plr_state_scale(p), 0), "");
        LLVMSetOperand(st, 1, byte_gep(b, state, off, "plr.state.at"));
    }
    erase_map_stores(vm, p);
    LLVMValueRef zero = LLVMConstNull(p->elem);
    for (unsigned i = 0; i < p->walk.nleaves; i++) {
        /* y's delays, and transposed states (forms of the outputs alone
         * under a materialized input, leaves.c) */
        enum plr_leaf_kind k = p->walk.leaves[i].kind;
        LLVMValueRef cl = k == PLR_LEAF_Y || k == PLR_LEAF_LIN ? plr_vmap_get(vm, p->walk.leaves[i].v) : NULL;
        if (cl)
            LLVMReplaceAllUsesWith(cl, zero);
    }
    plr_vmap_free(vm);
    LLVMPositionBuilderAtEnd(b, cont);
}

unsigned after_call_maps(const plr_step *steps, const plr_step *end) {
    unsigned n = 0;
    while (steps + n < end && steps[n].kind == PLR_STEP_MAP &&
           (steps[n].map == PLR_MAP_STORE || steps[n].map == PLR_MAP_OUTPUT))
        n++;
    return n;
}

unsigned fixed_maps(const plr_step *steps, const plr_step *end) {
    unsigned n = 0;
    while (steps + n < end && steps[n].kind == PLR_STEP_MAP && steps[n].map == PLR_MAP_FIXED)
        n++;
    return n;
}

void loop_map_bases(const plr_plan *p, map_bases *mb) {
    mb->step = p->access.step_s ? p->y_step_v : NULL; /* (a loop alone's run-time stride: y_step_v) */
    mb->nbefore = 0;
    mb->y_out = NULL;
    for (unsigned k = 0; k < p->maps.nmload; k++)
        mb->load[k] = p->maps.mload[k].start_v;
    for (unsigned k = 0; k < p->maps.nouts; k++)
        mb->out[k] = p->maps.outs[k].start_v;
}

/* Where a map's load finds its element i. */
static LLVMValueRef map_load_address(LLVMBuilderRef b, const plr_plan *p, const map_bases *mb, LLVMValueRef load,
                                     LLVMValueRef i) {
    for (unsigned k = 0; k < p->maps.nmload; k++)
        if (p->maps.mload[k].load == load)
            return p->maps.mload[k].runtime_step ? elem_ptr_v(b, mb->load[k], i, mb->step)
                   : p->maps.mload[k].step       ? elem_ptr(b, mb->load[k], i, p->maps.mload[k].step)
                                                 : mb->load[k];
    abort(); /* outputs.c registered every load a chain has */
}

/* An induction of the loop at map index i (the loop's i-th iteration):
 * start + i*step in the phi's width, which wraps as the loop's counter
 * does. */
static LLVMValueRef map_induction_at(LLVMBuilderRef b, const plr_plan *p, LLVMValueRef phi, LLVMValueRef i) {
    for (unsigned k = 0; k < p->maps.nmiv; k++) {
        const plr_map_iv *m = &p->maps.miv[k];
        if (m->phi != phi)
            continue;
        LLVMTypeRef t = LLVMTypeOf(phi);
        LLVMValueRef at = LLVMGetIntTypeWidth(t) < 64 ? LLVMBuildTrunc(b, i, t, "") : i;
        LLVMValueRef off = LLVMBuildMul(b, at, LLVMConstInt(t, (unsigned long long)m->step, 1), "");
        return LLVMBuildAdd(b, m->start_v, off, "plr.map.iv");
    }
    abort(); /* outputs.c registered every induction a chain has */
}

/* The state d iterations back at map index i (a fixed element's, i =
 * n-1; plr_plan.maps.before): y[i-d], or for i < d the phi's value on entry,
 * before_init[d-1-i]. The load then reads y[i] instead (written by the
 * call), not used: y[i-d] may not exist. */
static LLVMValueRef state_before_at(LLVMBuilderRef b, const plr_plan *p, unsigned d, LLVMValueRef yat,
                                    LLVMValueRef i) {
    LLVMTypeRef i64 = LLVMTypeOf(i);
    LLVMValueRef early = LLVMBuildICmp(b, LLVMIntULT, i, LLVMConstInt(i64, d, 0), "");
    /* (the state's step, at a loop alone's run-time stride too; a nest's
     * map never reads back) */
    LLVMValueRef dist = LLVMBuildMul(b, LLVMConstInt(i64, (unsigned long long)-(int64_t)d, 1), state_step_v(b, p), "");
    LLVMValueRef back = LLVMBuildSelect(b, early, LLVMConstInt(i64, 0, 0), dist, "");
    LLVMValueRef v =
        LLVMBuildLoad2(b, LLVMTypeOf(p->maps.before[d - 1]), byte_gep(b, yat, back, ""), "plr.state.before");
    LLVMSetAlignment(v, user_align(p));
    for (unsigned j = 0; j < d; j++)
        v = LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntEQ, i, LLVMConstInt(i64, j, 0), ""),
                            p->maps.before_init[d - 1 - j], v, "plr.state.before");
    return v;
}

/* g cloned from the loop at map index i: `of` read as `state`, each load
 * reading its element i, each induction its value at i, each of the
 * state's earlier values (a fixed element's) from y before yat. Returns
 * g's value. */
static LLVMValueRef clone_chain(LLVMBuilderRef b, const plr_plan *p, const map_bases *mb, const LLVMValueRef *chain,
                                unsigned n, LLVMValueRef of, LLVMValueRef state, LLVMValueRef yat, LLVMValueRef i) {
    if (!n)
        return state;
    LLVMValueRef *clones = malloc(n * sizeof *clones);
    if (!clones)
        abort();
    for (unsigned c = 0; c < n; c++) {
        if (LLVMIsAPHINode(chain[c])) {
            unsigned d = plr_state_before(p, chain[c]);
            if (d && d <= mb->nbefore)
                clones[c] = mb->before[d - 1];
            else
                clones[c] = d ? state_before_at(b, p, d, yat, i) : map_induction_at(b, p, chain[c], i);
            continue;
        }
        LLVMValueRef at = LLVMIsALoadInst(chain[c]) ? map_load_address(b, p, mb, chain[c], i) : NULL;
        LLVMValueRef cl = LLVMInstructionClone(chain[c]);
        LLVMInsertIntoBuilderWithName(b, cl, "plr.map");
        int nops = LLVMGetNumOperands(cl);
        for (int k = 0; k < nops; k++) {
            LLVMValueRef op = LLVMGetOperand(cl, (unsigned)k);
            if (op == of)
                LLVMSetOperand(cl, (unsigned)k, state);
            for (unsigned d = 0; d < c; d++)
                if (op == chain[d])
                    LLVMSetOperand(cl, (unsigned)k, clones[d]);
        }
        if (at)
            LLVMSetOperand(cl, 0, at);
        clones[c] = cl;
    }
    LLVMValueRef v = clones[n - 1];
    free(clones);
    return v;
}

unsigned maps_before(const plr_plan *p, const plr_step *steps, unsigned n) {
    unsigned most = 0;
    for (unsigned s = 0; s < n; s++) {
        const plr_output *o = steps[s].map == PLR_MAP_OUTPUT ? NULL : &p->maps.outs[steps[s].output];
        unsigned d = o ? plr_chain_before(p, o->chain, o->nchain) : plr_chain_before(p, p->maps.chain, p->maps.nchain);
        most = d > most ? d : most;
    }
    return most;
}

LLVMValueRef emit_maps(LLVMBuilderRef b, const plr_plan *p, const plr_step *steps, unsigned n, const map_bases *mb,
                       LLVMValueRef yat, LLVMValueRef i) {
    LLVMValueRef of = plr_map_state(p), state = NULL;
    int reads = mb->nbefore > 0; /* (the registers take y[i] on) */
    for (unsigned s = 0; s < n; s++)
        reads |= steps[s].map == PLR_MAP_OUTPUT || p->maps.outs[steps[s].output].reads_state;
    if (reads) { /* (z[i] = 2*x[i] does not) */
        /* (the state's low bits only, when that is all g reads of it) */
        LLVMTypeRef held = p->storage.state_reduced ? p->storage.state_held : LLVMTypeOf(of);
        state = LLVMBuildLoad2(b, held, yat, "plr.state");
        LLVMSetAlignment(state, user_align(p));
        if (held != LLVMTypeOf(of))
            state = LLVMBuildSExt(b, state, LLVMTypeOf(of), "plr.state.wide");
    }
    for (unsigned s = 0; s < n; s++) {
        if (steps[s].map == PLR_MAP_STORE || steps[s].map == PLR_MAP_FIXED) {
            const plr_output *o = &p->maps.outs[steps[s].output];
            /* no chain: the state itself, or a value from before the loop
             * (z[i] = 7, *flag = k) */
            LLVMValueRef v = o->nchain || o->reads_state ? clone_chain(b, p, mb, o->chain, o->nchain, of, state, yat, i)
                                                         : LLVMGetOperand(o->store, 0);
            LLVMValueRef at = o->fixed          ? mb->out[steps[s].output]
                              : o->runtime_step ? elem_ptr_v(b, mb->out[steps[s].output], i, mb->step)
                                                : elem_ptr(b, mb->out[steps[s].output], i, o->step);
            LLVMSetAlignment(LLVMBuildStore(b, v, at), o->align);
        } else { /* PLR_MAP_OUTPUT, last: it replaces the state */
            LLVMValueRef v = clone_chain(b, p, mb, p->maps.chain, p->maps.nchain, of, state, yat, i);
            LLVMValueRef out = mb->y_out ? elem_ptr_v(b, mb->y_out, i, p->y_step_v) : yat;
            LLVMSetAlignment(LLVMBuildStore(b, v, out), user_align(p));
        }
    }
    return state;
}

/* The maps over every sequence of a nest: for s < count, i < n: y0 +
 * s*dist + i*step, each other array and load from its own start + s*dist.
 * Returns the block after it. */
LLVMBasicBlockRef emit_nest_map(LLVMBuilderRef b, const plr_plan *p, const plr_step *steps, unsigned nsteps,
                                LLVMValueRef count, LLVMValueRef n, LLVMValueRef step, LLVMBasicBlockRef before) {
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
    map_bases mb = {.step = step};
    for (unsigned k = 0; k < p->maps.nmload; k++)
        mb.load[k] = elem_ptr_v(b, nest->ml_start_v[k], sq, nest->ml_dist_v[k]);
    for (unsigned k = 0; k < p->maps.nouts; k++)
        mb.out[k] = elem_ptr_v(b, nest->out_start_v[k], sq, nest->out_dist_v[k]);
    LLVMBuildBr(b, inner);
    LLVMPositionBuilderAtEnd(b, inner);
    LLVMValueRef i = LLVMBuildPhi(b, i64, "plr.i");
    /* The state's earlier values in registers, restarted at each
     * sequence from the value before the recurrence loop, which is every
     * sequence's (nest.c) */
    mb.nbefore = maps_before(p, steps, nsteps);
    for (unsigned d = 0; d < mb.nbefore; d++)
        mb.before[d] = LLVMBuildPhi(b, LLVMTypeOf(p->maps.before[d]), "plr.state.before");
    LLVMValueRef state = emit_maps(b, p, steps, nsteps, &mb, elem_ptr_v(b, row, i, step), i);
    for (unsigned d = 0; d < mb.nbefore; d++) {
        LLVMValueRef in_v[2] = {p->maps.before_init[d], d ? mb.before[d - 1] : state};
        LLVMBasicBlockRef in_b[2] = {outer, LLVMGetInsertBlock(b)};
        LLVMAddIncoming(mb.before[d], in_v, in_b, 2);
    }
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
