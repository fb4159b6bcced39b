/*
 * rewrite.h - the lowering of a call plan, shared by its files: rewrite.c
 * (a single loop, step by step), lower_nest.c, lower_channels.c, and the
 * parts they build from (emit.c, guards.c, histories.c, prologues.c,
 * maps.c). Internal to the rewrite.
 */
#ifndef PLR_REWRITE_H
#define PLR_REWRITE_H

#include <stdint.h>

#include "plr_pass.h"

/* A versioned region: the preheader (the check goes at its end), the call
 * path, the join after a successful call, and the fallback block that
 * branches to the original loop. */
typedef struct versioned {
    LLVMBasicBlockRef check, call, done, fallback;
    LLVMValueRef sig, data; /* plr_signature and plr_data, static allocas */
} versioned;

/* ---- emit.c: building blocks */
LLVMValueRef emit_cn(LLVMBuilderRef b, const plr_plan *p, const plr_cn *c);
LLVMValueRef byte_gep(LLVMBuilderRef b, LLVMValueRef base, LLVMValueRef off, const char *name);
LLVMValueRef const_gep(LLVMBuilderRef b, LLVMValueRef base, int64_t off, const char *name);
LLVMValueRef elem_ptr(LLVMBuilderRef b, LLVMValueRef base, LLVMValueRef idx, int64_t step);
LLVMValueRef elem_ptr_v(LLVMBuilderRef b, LLVMValueRef base, LLVMValueRef idx, LLVMValueRef step);
LLVMValueRef x_elem(LLVMBuilderRef b, const plr_plan *p, int64_t t);
LLVMValueRef y_elem(LLVMBuilderRef b, const plr_plan *p, int64_t t);
LLVMValueRef state_step_v(LLVMBuilderRef b, const plr_plan *p);
LLVMValueRef state_stride_v(LLVMBuilderRef b, const plr_plan *p, const char *name);
unsigned user_align(const plr_plan *p);
void store_at(LLVMBuilderRef b, LLVMValueRef v, LLVMValueRef base, int64_t off);
/* plr_data's x_store and y_store: the narrow storage of a loop computed in
 * a wider type (p->storage.narrow), or 0, the signature's type. Written wherever a
 * call's plr_data is filled (the alloca is not zeroed). */
void data_stores(LLVMBuilderRef b, const plr_plan *p, LLVMValueRef data);
/* A value of the loop's element type as the histories and final states
 * hold it (the signature's type: sign-extended for a narrow loop), and
 * back (truncated). */
LLVMValueRef to_hist(LLVMBuilderRef b, const plr_plan *p, LLVMValueRef v);
/* An element of x as held in memory (p->storage.x_held, narrower than the
 * recurrence: an int16 array of an int recurrence, float data of a double
 * one), and that value widened as the loop widens it (x_ext); other values
 * pass through. */
LLVMValueRef load_x(LLVMBuilderRef b, const plr_plan *p, LLVMValueRef at, const char *name);
LLVMValueRef widen_x(LLVMBuilderRef b, const plr_plan *p, LLVMValueRef v);
LLVMValueRef from_hist(LLVMBuilderRef b, const plr_plan *p, LLVMValueRef v);
LLVMValueRef fp_or_int(LLVMBuilderRef b, const plr_plan *p, int add, LLVMValueRef l, LLVMValueRef r);
LLVMValueRef entry_alloca(LLVMBuilderRef b, LLVMValueRef fn, LLVMTypeRef ty, const char *name);
LLVMValueRef runtime_fn(LLVMModuleRef mod, LLVMContextRef C, LLVMTypeRef *fty);
LLVMValueRef run_many_fn(LLVMModuleRef mod, LLVMContextRef C, LLVMTypeRef *fty);
LLVMValueRef build_layout(LLVMBuilderRef b, LLVMValueRef fn, LLVMValueRef count, LLVMValueRef x_stride,
                          LLVMValueRef x_dist, LLVMValueRef y_stride, LLVMValueRef y_dist);
void sig_begin(LLVMBuilderRef b, const plr_plan *p, LLVMValueRef sig, unsigned fir_len, unsigned order);
void sig_coef(LLVMBuilderRef b, const plr_plan *p, LLVMValueRef sig, int feedback, unsigned idx,
              LLVMValueRef v);
void sig_from_lin(LLVMBuilderRef b, const plr_plan *p, LLVMValueRef sig, const plr_lin *l, unsigned fir_len,
                  unsigned order);
LLVMValueRef emit_abs(LLVMBuilderRef b, LLVMValueRef v);
LLVMValueRef emit_min(LLVMBuilderRef b, LLVMValueRef x, LLVMValueRef y, int max);
LLVMValueRef external_fn(LLVMModuleRef mod, const char *name, LLVMTypeRef ret, LLVMTypeRef param);

/* ---- guards.c: versioning, checks, the ABI and pays questions */
void footprint(LLVMBuilderRef b, LLVMValueRef base, LLVMValueRef n, int64_t step, int64_t h, unsigned size,
               LLVMValueRef *lo, LLVMValueRef *hi);
/* footprint with the step an i64 value (a run-time stride, either sign) */
void footprint_v(LLVMBuilderRef b, LLVMValueRef base, LLVMValueRef n, LLVMValueRef step, int64_t h, unsigned size,
                 LLVMValueRef *lo, LLVMValueRef *hi);
LLVMValueRef ranges_apart(LLVMBuilderRef b, LLVMValueRef alo, LLVMValueRef ahi, LLVMValueRef blo, LLVMValueRef bhi,
                          const char *name);
void emit_abi_guard(LLVMBuilderRef b, LLVMModuleRef mod, LLVMBasicBlockRef before, LLVMBasicBlockRef fallback);
void emit_pays_guard(LLVMBuilderRef b, LLVMValueRef pays, LLVMTypeRef fty, LLVMValueRef sig, LLVMValueRef data,
                     unsigned passes, unsigned stages, unsigned chain, LLVMBasicBlockRef before,
                     LLVMBasicBlockRef fallback);
LLVMValueRef pays_fn(LLVMModuleRef mod, LLVMContextRef C, LLVMTypeRef *fty);
void emit_pays_many_guard(LLVMBuilderRef b, LLVMModuleRef mod, LLVMValueRef sig, LLVMValueRef data,
                          LLVMValueRef layout, unsigned passes, unsigned stages, unsigned chain,
                          LLVMBasicBlockRef before, LLVMBasicBlockRef fallback);
unsigned loop_chain_ops(const plr_plan *p);
void nest_box(LLVMBuilderRef b, LLVMValueRef base, LLVMValueRef dist, LLVMValueRef count, LLVMValueRef step,
              LLVMValueRef n, int64_t h, unsigned size, LLVMValueRef *lo, LLVMValueRef *hi);
/* The region versioned at preheader ph. Everything the call path builds
 * is dominated by its first block (`call`): once the function's loops are
 * rewritten, the shim moves those blocks into a function of their own
 * (plr_ctx_note_call_path). */
versioned version_at(LLVMBuilderRef b, plr_ctx *ctx, LLVMBasicBlockRef ph, const char *call,
                     const char *done);

/* ---- histories.c: where calls find their histories */
LLVMValueRef history(LLVMBuilderRef b, const plr_plan *p, enum plr_leaf_kind kind, int delay);
/* The check that each y[-j] or x[-m] read both through a phi and from
 * memory holds the same bits in both (NULL: none is; plr_histories_twice). */
LLVMValueRef plr_emit_histories_agree(LLVMBuilderRef b, const plr_plan *p);
LLVMValueRef cascade_history(LLVMBuilderRef b, const plr_plan *p, int s, int delay);
LLVMValueRef emit_gather(LLVMBuilderRef b, const plr_plan *p, LLVMValueRef count, LLVMValueRef data,
                         LLVMBasicBlockRef fallback);

/* ---- prologues.c: first outputs in the call path */
unsigned emit_transposed_start(LLVMBuilderRef b, plr_plan *p, unsigned i0, LLVMValueRef yinit,
                               LLVMValueRef xhist, LLVMValueRef data, LLVMValueRef n, LLVMValueRef *out);
void emit_composed(LLVMBuilderRef b, plr_plan *p, LLVMValueRef fn, LLVMValueRef sig, LLVMValueRef data,
                   LLVMValueRef n);
void emit_fold_prologue(LLVMBuilderRef b, plr_plan *p, LLVMValueRef fn, LLVMValueRef sig, LLVMValueRef data,
                        LLVMValueRef n);

/* ---- maps.c: maps over whole sequences */
struct plr_step;
void erase_map_stores(plr_vmap *vm, const plr_plan *p);
/* state: where the terms go instead of y (the state's buffer, at y's
 * element 0; NULL: y) */
void emit_input_terms(LLVMBuilderRef b, const plr_plan *p, plr_loop *loop, LLVMBasicBlockRef before,
                      const char *name, LLVMValueRef state);
/* Where the sequence a map walks starts in each array its loads read
 * (plr_plan.maps.mload) and in each other stored array (plr_plan.maps.outs); for a
 * single loop, their starts (loop_map_bases). */
typedef struct map_bases {
    LLVMValueRef load[PLR_MAX_MAP_LOADS], out[PLR_MAX_OUTPUTS];
    LLVMValueRef step; /* y's run-time stride in bytes, for loads that walk it (NULL: none) */
    /* The map loop's registers for the state's earlier values, before[d-1]
     * the state at i-d (a phi: y[i-d] may be replaced by an output map
     * before index i); nbefore 0: none, read from y instead. */
    LLVMValueRef before[PLR_MAX_BEFORE];
    unsigned nbefore;
    /* Where the output map stores y[i] when the state lies in a buffer (y's
     * element 0, at y's step); NULL: over the state, at yat. */
    LLVMValueRef y_out;
} map_bases;
void loop_map_bases(const plr_plan *p, map_bases *mb);
/* The maps after the calls at index i, fused: y[i] (at yat) read once, then
 * each step's store (PLR_MAP_STORE: z[i] = g_z(y[i], ...); PLR_MAP_FIXED,
 * at i = n-1: *z = g_z(y[i], ...); PLR_MAP_OUTPUT, last: y[i] = g(y[i],
 * ...)). Returns y[i] as read before the output map (NULL: not read). */
LLVMValueRef emit_maps(LLVMBuilderRef b, const plr_plan *p, const struct plr_step *steps, unsigned n,
                       const map_bases *mb, LLVMValueRef yat, LLVMValueRef i);
/* The most iterations back the maps of steps[0..n) read the state from
 * (0: they do not). */
unsigned maps_before(const plr_plan *p, const struct plr_step *steps, unsigned n);
LLVMBasicBlockRef emit_nest_map(LLVMBuilderRef b, const plr_plan *p, const struct plr_step *steps, unsigned nsteps,
                                LLVMValueRef count, LLVMValueRef n, LLVMValueRef step, LLVMBasicBlockRef before);
/* How many map steps after the calls (PLR_MAP_STORE, PLR_MAP_OUTPUT) follow
 * one another from `steps` on, before `end`: one loop lowers them. */
unsigned after_call_maps(const struct plr_step *steps, const struct plr_step *end);
/* How many PLR_MAP_FIXED steps follow one another from `steps` on: one
 * read of y[n-1] serves them. */
unsigned fixed_maps(const struct plr_step *steps, const struct plr_step *end);

/* ---- lower_nest.c */
void rewrite_nest(plr_plan *p);

/* ---- lower_channels.c */
void rewrite_channels(plr_plan *p);
void rewrite_separate(plr_plan *p);

#endif /* PLR_REWRITE_H */
