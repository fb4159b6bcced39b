/*
 * maps.c - map steps over whole sequences: the input term written into y
 * by a clone of the loop, and the output map g applied after the calls (a
 * single sequence or every sequence of a nest).
 */
#include <stdlib.h>

#include "rewrite.h"
#include "shape.h"

/* A clone of `loop` (the recurrence loop, or the nest around it) that
 * stores each input term t[i]: every y leaf zero (the form is linear in
 * them) and, with an output map, the state's term rather than g of it. It
 * runs from the builder's block; the builder continues in a new block
 * before `before`. */
void emit_input_terms(LLVMBuilderRef b, const plr_plan *p, plr_loop *loop, LLVMBasicBlockRef before,
                      const char *name) {
    LLVMBasicBlockRef cont = LLVMInsertBasicBlockInContext(LLVMGetTypeContext(p->elem), before, name);
    plr_vmap *vm = plr_clone_loop(p->ctx, loop, LLVMGetInsertBlock(b), cont);
    LLVMBuildBr(b, plr_vmap_block(vm, plr_loop_header(loop)));
    if (p->shape->output_map)
        LLVMSetOperand(plr_vmap_get(vm, p->store), 0, plr_vmap_get(vm, p->value));
    LLVMValueRef zero = LLVMConstNull(p->elem);
    for (unsigned i = 0; i < p->nleaves; i++) {
        LLVMValueRef cl = p->leaves[i].kind == PLR_LEAF_Y ? plr_vmap_get(vm, p->leaves[i].v) : NULL;
        if (cl)
            LLVMReplaceAllUsesWith(cl, zero);
    }
    plr_vmap_free(vm);
    LLVMPositionBuilderAtEnd(b, cont);
}

/* y at `at` = g(y at `at`), g the loop's output map cloned (elementwise,
 * so vectorizable). */
void emit_output_map(LLVMBuilderRef b, const plr_plan *p, LLVMValueRef at) {
    LLVMValueRef st = LLVMBuildLoad2(b, p->elem, at, "plr.state");
    LLVMSetAlignment(st, user_align(p));
    LLVMValueRef *clones = malloc(p->nchain * sizeof *clones);
    if (!clones)
        abort();
    for (unsigned c = 0; c < p->nchain; c++) {
        LLVMValueRef cl = LLVMInstructionClone(p->chain[c]);
        LLVMInsertIntoBuilderWithName(b, cl, "plr.map");
        int nops = LLVMGetNumOperands(cl);
        for (int k = 0; k < nops; k++) {
            LLVMValueRef op = LLVMGetOperand(cl, (unsigned)k);
            if (op == p->value)
                LLVMSetOperand(cl, (unsigned)k, st);
            for (unsigned d = 0; d < c; d++)
                if (op == p->chain[d])
                    LLVMSetOperand(cl, (unsigned)k, clones[d]);
        }
        clones[c] = cl;
    }
    LLVMValueRef sto = LLVMBuildStore(b, clones[p->nchain - 1], at);
    LLVMSetAlignment(sto, user_align(p));
    free(clones);
}

/* The output map over every sequence of a nest: for s < count, i < n:
 * y0 + s*dist + i*step. Returns the block after it. */
LLVMBasicBlockRef emit_nest_map(LLVMBuilderRef b, const plr_plan *p, LLVMValueRef count, LLVMValueRef n,
                                LLVMValueRef step, LLVMBasicBlockRef before) {
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
    LLVMBuildBr(b, inner);
    LLVMPositionBuilderAtEnd(b, inner);
    LLVMValueRef i = LLVMBuildPhi(b, i64, "plr.i");
    emit_output_map(b, p, elem_ptr_v(b, row, i, step));
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
