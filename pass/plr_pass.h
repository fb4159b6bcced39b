/*
 * plr_pass.h - internal interface of libPLRPass.
 *
 * The pass core (recognize -> attempt -> shape -> legality -> call plan ->
 * rewrite, driven by driver.c: docs/pass.md, "Architecture") is C11 over
 * the LLVM C API. What the C API lacks
 * (loop structure, ScalarEvolution, dominance, remarks, loop metadata) is
 * reached through the small C functions declared in the first half of this
 * file and implemented by the C++17 shim (shim.cpp).
 */
#ifndef PLR_PASS_H
#define PLR_PASS_H

#include <stddef.h>
#include <stdint.h>

#include <llvm-c/Core.h>

#include "plr.h"
#include "shape.h" /* the shape's types: the plan holds the one being recognized */

#ifdef __cplusplus
extern "C" {
#endif

/* ---- shim: analyses of one function ------------------------------------ */

typedef struct plr_ctx plr_ctx;   /* one function and its analyses */
typedef struct plr_loop plr_loop; /* an llvm::Loop */
typedef struct plr_scev plr_scev; /* an llvm::SCEV */

LLVMValueRef plr_ctx_function(plr_ctx *ctx);
/* Innermost loops of the function, in program order. */
unsigned plr_ctx_loop_count(plr_ctx *ctx);
plr_loop *plr_ctx_loop(plr_ctx *ctx, unsigned i);
/* The first block of a call path, which dominates every block of it: after
 * the pass, those blocks become a function of their own (outline.cpp), so
 * that a call that declines pays nothing for them. */
void plr_ctx_note_call_path(plr_ctx *ctx, LLVMBasicBlockRef call);

LLVMBasicBlockRef plr_loop_header(plr_loop *loop);
plr_loop *plr_loop_parent(plr_loop *loop); /* NULL: an outermost loop */
LLVMBasicBlockRef plr_loop_preheader(plr_loop *loop); /* NULL if none */
LLVMBasicBlockRef plr_loop_latch(plr_loop *loop);     /* NULL if several */
/* The value a phi receives from block (NULL if none). */
static inline LLVMValueRef plr_incoming_from(LLVMValueRef phi, LLVMBasicBlockRef block) {
    LLVMValueRef v = NULL;
    for (unsigned i = 0; i < LLVMCountIncoming(phi); i++)
        if (LLVMGetIncomingBlock(phi, i) == block)
            v = LLVMGetIncomingValue(phi, i);
    return v;
}
LLVMBasicBlockRef plr_loop_exiting(plr_loop *loop);   /* NULL if several */
LLVMBasicBlockRef plr_loop_exit(plr_loop *loop);      /* NULL if several */
int plr_loop_has_dedicated_exits(plr_loop *loop);
unsigned plr_loop_block_count(plr_loop *loop);
LLVMBasicBlockRef plr_loop_block(plr_loop *loop, unsigned i);
int plr_loop_contains(plr_loop *loop, LLVMValueRef inst);
int plr_loop_is_invariant(plr_loop *loop, LLVMValueRef v);
/* Whether the loop's llvm.loop metadata has an operand whose first element
 * is the string `name` (how the pragma plugin marks a loop). */
int plr_loop_has_marker(plr_loop *loop, const char *name);
void plr_loop_add_marker(plr_loop *loop, const char *name);
int plr_block_dominates(plr_ctx *ctx, LLVMBasicBlockRef a, LLVMBasicBlockRef b);
/* mayHaveSideEffects(), ignoring assume-like intrinsics (dbg, lifetime...). */
int plr_inst_has_side_effects(LLVMValueRef inst);
int plr_inst_is_atomic_or_volatile(LLVMValueRef inst);
/* Alias analysis: can the load read memory the store writes, on any
 * iteration (the store's extent is taken as unknown)? */
int plr_may_alias_store(plr_ctx *ctx, LLVMValueRef load, LLVMValueRef store);

/* SCEV of (backedge-taken count zero-extended to i64) + 1, NULL if unknown. */
plr_scev *plr_scev_trip_count(plr_ctx *ctx, plr_loop *loop);
/* If v (a pointer or integer) is {start,+,step}<loop> with a constant step,
 * store start and step (bytes for pointers) and return 1. */
int plr_scev_affine(plr_ctx *ctx, plr_loop *loop, LLVMValueRef v, plr_scev **start, int64_t *step);
/* Like plr_scev_affine, but a loop-invariant address gives step 0. */
int plr_scev_address(plr_ctx *ctx, plr_loop *loop, LLVMValueRef ptr, plr_scev **start, int64_t *step);
/* s is {start,+,step}<loop> with step invariant in loop (not necessarily a
 * constant): store both and return 1. */
int plr_scev_recurrence(plr_ctx *ctx, plr_loop *loop, plr_scev *s, plr_scev **start, plr_scev **step);
int plr_scev_invariant(plr_ctx *ctx, plr_loop *loop, plr_scev *s);
plr_scev *plr_scev_of(plr_ctx *ctx, LLVMValueRef v); /* NULL: not SCEVable */
/* Addresses affine only where a narrower index does not wrap: read so for
 * the loop plr_wrap_begin names, under predicates collected on the way
 * (plr_wrap_pending); an accepted plan takes them (plr_wrap_take) and its
 * check tests them before the call (plr_wrap_guard, on the check's
 * conditional branch to the call). */
typedef struct plr_wrap plr_wrap;
void plr_wrap_begin(plr_ctx *ctx, plr_loop *loop);
unsigned plr_wrap_pending(plr_ctx *ctx);
plr_wrap *plr_wrap_take(plr_ctx *ctx); /* NULL: none */
void plr_wrap_free(plr_wrap *w);
void plr_wrap_guard(plr_ctx *ctx, const plr_wrap *w, LLVMValueRef br);
/* whether every pending predicate says the same on every iteration of
 * outer (then the check before a nest tests them once for all sequences) */
int plr_wrap_invariant_in(plr_ctx *ctx, plr_loop *outer);
/* the predicates of w that are no-wrap predicates (not a stride's pin) */
unsigned plr_wrap_no_wrap_count(const plr_wrap *w);
/* A run-time stride read as one element (LoopVectorize's symbolic strides):
 * the value v such that the access's (a load's or a store's) address moves
 * by +-1 element where v is 1 (C in y[j*C]); NULL: none. plr_stride_pin(ctx,
 * v) reads every SCEV after it with v = 1, beside the values pinned before,
 * and adds v == 1 to the predicates an accepted plan takes (plr_wrap_take),
 * which its check tests; plr_stride_pin(ctx, NULL) ends them all. */
LLVMValueRef plr_stride_pin_of_access(plr_ctx *ctx, plr_loop *loop, LLVMValueRef access);
void plr_stride_pin(plr_ctx *ctx, LLVMValueRef v);
/* base + k*step (step NULL: base + k), for addresses a whole number of
 * steps from another. */
plr_scev *plr_scev_offset(plr_ctx *ctx, plr_scev *base, plr_scev *step, int64_t k);
int plr_scev_constant(plr_scev *s, int64_t *value);
int plr_scev_safe_to_expand(plr_ctx *ctx, plr_scev *s);
/* Whether s can be computed at `before` without adding a division the
 * program may not execute: safe to expand, or made so by reading each
 * unsigned division by a value that may be zero from an instruction of the
 * program that computes it and dominates `before` (plr_scev_expand reads
 * it there). */
int plr_scev_safe_to_expand_at(plr_ctx *ctx, plr_scev *s, LLVMValueRef before);
/* a - b as a constant, if it is one. */
int plr_scev_const_diff(plr_ctx *ctx, plr_scev *a, plr_scev *b, int64_t *diff);
/* Whether two addresses may lie a number of run-time steps apart: one base
 * pointer (SCEV's getPointerBase), their difference no constant. A cheap
 * test, without side effects (no wrap predicates), before differences that
 * build SCEVs. */
int plr_scev_may_be_steps_apart(plr_ctx *ctx, plr_scev *a, plr_scev *b);
/* The value v has after the loop, when SCEV can express it without the loop. */
plr_scev *plr_scev_exit_value(plr_ctx *ctx, plr_loop *loop, LLVMValueRef v);
LLVMValueRef plr_scev_expand(plr_ctx *ctx, plr_scev *s, LLVMTypeRef ty, LLVMValueRef before);

/* Give the loop a preheader and dedicated exits (updates the analyses). */
void plr_simplify_loop(plr_ctx *ctx, plr_loop *loop);
/* Put the loop in LCSSA form (adds phis in exit blocks; no CFG change). */
void plr_form_lcssa(plr_ctx *ctx, plr_loop *loop);
/* Whether the loop's stores fall into groups the split could take apart
 * (distribute.cpp's cheap test, before an analysis of the whole loop). */
int plr_loop_splits_into_groups(plr_ctx *ctx, plr_loop *loop);
/* Clone the loop's blocks (before exit_to): the clone is entered from
 * `from` (its header phis take the preheader's values) and leaves to
 * exit_to. The map answers which clone an original value or block has. */
typedef struct plr_vmap plr_vmap;
plr_vmap *plr_clone_loop(plr_ctx *ctx, plr_loop *loop, LLVMBasicBlockRef from, LLVMBasicBlockRef exit_to);
LLVMValueRef plr_vmap_get(plr_vmap *m, LLVMValueRef v);
LLVMBasicBlockRef plr_vmap_block(plr_vmap *m, LLVMBasicBlockRef b);
void plr_vmap_free(plr_vmap *m);
/* Split bb before its terminator; returns the new block holding it. */
LLVMBasicBlockRef plr_split_before_terminator(LLVMBasicBlockRef bb);

/* dinames.cpp: source names from debug info (0: none), for remarks. */
/* The variable or parameter v is, copied into buf. */
size_t plr_di_name(LLVMValueRef v, char *buf, size_t len);
/* The member of base's pointee (a struct, by its debug type) holding `size`
 * bytes at byte `off`: "b0", "s.x", "c[2]". */
size_t plr_di_member(LLVMValueRef base, int64_t off, unsigned size, char *buf, size_t len);
/* ptr as base + index*scale + off (index NULL when ptr has none). */
LLVMValueRef plr_addr_split(LLVMModuleRef mod, LLVMValueRef ptr, int64_t *off, LLVMValueRef *index, int64_t *scale);

enum plr_remark_kind { PLR_REMARK_PASSED, PLR_REMARK_MISSED, PLR_REMARK_ANALYSIS };
void plr_remark(plr_ctx *ctx, enum plr_remark_kind kind, plr_loop *loop, const char *name,
                const char *msg);
/* A remark made of pieces: text (key NULL) and named values, which print
 * as their text and go into -fsave-optimization-record files as fields
 * (Signature, Type, Order, Layout, Reason, ...). */
typedef struct plr_remark_arg {
    const char *key, *value;
} plr_remark_arg;
void plr_remark_args(plr_ctx *ctx, enum plr_remark_kind kind, plr_loop *loop, const char *name,
                     const plr_remark_arg *args, unsigned nargs);
/* The same about instruction at (a rejection's): located at at when it has
 * a source location, else at the loop's start like the others; a remark
 * moved off the loop's start ends "; in the loop at line L, column C", the
 * argument Loop, whose DebugLoc -fsave-optimization-record files carry. */
void plr_remark_args_at(plr_ctx *ctx, enum plr_remark_kind kind, plr_loop *loop, LLVMValueRef at, const char *name,
                        const plr_remark_arg *args, unsigned nargs);
/* Counters behind -stats (STATISTIC, DEBUG_TYPE "plr"). */
enum plr_stat { PLR_STAT_CANDIDATES, PLR_STAT_REPLACED, PLR_STAT_NESTS, PLR_STAT_LANES, PLR_STAT_REJECTED };
void plr_count(enum plr_stat s);

/* Smallest trip count worth a runtime call (-plr-min-n, env PLR_PASS_MIN_N). */
uint64_t plr_min_n(void);
/* Whether the user set it: their threshold then replaces the runtime's
 * judgement (plr_pays), which decides when it is left at its default. */
int plr_min_n_given(void);
/* The smallest trip count (of a loop, or of all sequences of a call) worth
 * a call: the user's or the default, never below the hard floor
 * (callplan.c). */
uint64_t plr_call_threshold(void);

/* ---- core ---------------------------------------------------------------- */

/* Text that grows into a fixed buffer and stops at its end. */
typedef struct plr_text {
    char *s;
    size_t len, cap;
} plr_text;
void plr_put(plr_text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* spell.c: values as a reader of the source would write them. prec is
 * the binding strength of the context (0: none, 1: + -, 2: * /, 3: unary),
 * for parentheses. Names come from debug info, else the IR's names, else
 * argN (the function's N-th parameter); never an IR register. */
void plr_spell(plr_text *t, plr_ctx *ctx, LLVMValueRef v, int prec);
/* What the load reads: "alpha", "f->b0", "y[i - 1]", "*p". */
void plr_spell_load(plr_text *t, plr_ctx *ctx, LLVMValueRef load);
/* What the store writes, the same way: "*last", "st->last". */
void plr_spell_stored(plr_text *t, plr_ctx *ctx, LLVMValueRef store);
/* An instruction as a source construct with its line: "the call to
 * 'printf' (line 13, column 5)". */
void plr_describe(plr_text *t, plr_ctx *ctx, LLVMValueRef inst);
/* The array a load or store goes through, as the source names it ("out",
 * "f->buf"). */
void plr_spell_array(plr_text *t, plr_ctx *ctx, LLVMValueRef access);

/* Runs the pass over ctx's function; returns 1 if the IR changed. */
int plr_run_on_function(plr_ctx *ctx);

/* Why a loop is not replaced. PLR_OK_CANDIDATE: it is. */
typedef enum plr_reason {
    PLR_OK_CANDIDATE = 0,
    PLR_R_SHAPE,         /* no preheader, several latches or exits */
    PLR_R_TRIP_COUNT,    /* trip count not computable */
    PLR_R_OTHER_STORES,  /* more than one store */
    PLR_R_CALL,          /* call with side effects */
    PLR_R_VOLATILE,      /* volatile or atomic access */
    PLR_R_COND_STORE,    /* store not executed on every iteration */
    PLR_R_STRIDE,        /* non-unit stride */
    PLR_R_TYPE,          /* element type or conversion */
    PLR_R_TIME_VARYING,  /* coefficient changes with i */
    PLR_R_NONLINEAR,     /* product of recurrence values, division, select... */
    PLR_R_INPUT,         /* t[i] is not a FIR of one input array */
    PLR_R_NO_INPUT,      /* no input term at all */
    PLR_R_READ_AHEAD,    /* reads y[i+j] */
    PLR_R_STATE,         /* loop-carried value that is not a delayed copy */
    PLR_R_ORDER,         /* order or FIR length beyond the runtime's limits */
    PLR_R_LIVE_OUT,      /* value used after the loop cannot be recovered */
    PLR_R_FP_CONSENT,    /* floating point without reassociation allowed */
    PLR_R_TARGET,        /* ABI of the target differs from plr.h as compiled */
    PLR_R_DEFINES_RUNTIME, /* the module defines plr_run or plr_pays itself */
    PLR_R_NOT_RECURRENCE,/* after simplification the value does not feed back */
    PLR_R_SIZE,          /* loop too large to analyze */
    PLR_R_CONDITIONING,  /* float output over several stages: a multiple pole */
    PLR_R_FIXED_ELEMENT, /* stores one fixed element every iteration: a reduction in memory */
    PLR_R_FLOAT_COMBINED,/* float output adding the input to a state: coefficients would round apart */
    PLR_R_CHANNELS,      /* several stores that are neither channels of one recurrence nor plain recurrences apart */
    PLR_R_RUNTIME_STRIDE,/* a stride known only at run time, outside a nest that could take it */
    PLR_R_LANES_NEST,    /* carried by the outer loop, whose nest cannot be one call */
    PLR_R_STATE_IN_MEMORY, /* the state lives in memory that the output's stores may write */
    PLR_R_RUNTIME_ORDER, /* the taps are an inner loop with a run-time count (LPC synthesis) */
    PLR_R_RUNTIME_ORDER_VARIES, /* ... whose count changes from one output to the next */
    PLR_R_NARROW,        /* 8- or 16-bit elements in a shape other than one plain call */
    PLR_R_TRIANGULAR,    /* taps whose count and coefficients both move with i: a triangular solve */
    PLR_R_OUTPUT_INDEX,  /* another array stored, or read by a map, not at the output's index */
    PLR_R_OUTPUT_OVERLAP,/* a map reads the output array itself (in place) */
    PLR_R_ALWAYS_OVERLAPS, /* the checks before the call could never pass: an array read within one written */
    PLR_R_BOUND_IN_MEMORY, /* the loop bound is read from memory on every iteration (the stores may write it) */
    PLR_R_HISTORY_TWICE, /* an earlier output read through a phi and from memory, in a nest or channels */
    PLR_R_BOUND_WRITTEN, /* the bound read from memory is written by the loop's first store */
    PLR_R_RUNTIME_ORDER_GAIN, /* run-time order: a factor on the sum over the taps (y[i] = x[i] - g*s) */
    PLR_R_RUNTIME_ORDER_WRAP, /* run-time order: y[i - j] indexed in 32-bit unsigned arithmetic, which wraps */
    PLR_R_INDEX_WRAPS,   /* the output's index is a narrow value whose arithmetic may wrap (no affine address) */
    PLR_R_FLOAT_IN_DOUBLE, /* float data combined in double and rounded to float between steps (0.9 in float code) */
    PLR_R_RECURRENCES_DEPENDENT, /* several recurrences, one reading another's state */
    PLR_R_TRANSPOSED_INPUT, /* a transposed state reading the input beside a materialized input term */
    PLR_REASON_COUNT
} plr_reason;
const char *plr_reason_text(plr_reason r);
/* reasons.c: the diagnostics as data: a remark name, the message, and a
 * hint (NULL: none) for each reason. */
typedef struct plr_reason_info {
    const char *name, *message, *hint;
} plr_reason_info;
const plr_reason_info *plr_reason_info_of(plr_reason r);

/* Most stages of a cascade in one loop (each stage is one runtime call). */
#define PLR_MAX_STAGES 16
/* Largest stride taken, in bytes (a row of 128k doubles; checked at run
 * time where it is a run-time value). */
#define PLR_MAX_STEP_BYTES ((int64_t)1 << 20)

/* A coefficient: an expression of loop-invariant values, folded when constant. */
typedef struct plr_cn {
    enum { PLR_CN_CONST, PLR_CN_VALUE, PLR_CN_ADD, PLR_CN_MUL, PLR_CN_NEG, PLR_CN_RELOAD } kind;
    uint64_t ki; /* integer constant (two's complement, sign-extended) */
    double kf;   /* float constant (float values are stored exactly) */
    LLVMValueRef v;
    struct plr_cn *l, *r;
} plr_cn;

/* A linear form over the leaves x[i-m] (a), y[i-j] (b) and 1 (c). */
typedef struct plr_lin {
    plr_cn *a[PLR_MAX_FIR];
    plr_cn *b[PLR_MAX_ORDER + 1];
    plr_cn *c;
    int has_x, has_y;
    int xs; /* the input stream of the x terms, -1 for none */
    /* Only while a transposed state is resolved (leaves.c,
     * transposed_state): the coefficient of that state itself at iteration
     * i (`self`, its phi), read back through the output before the form
     * leaves the walk. NULL elsewhere. */
    plr_cn *s;
    LLVMValueRef self;
} plr_lin;

/* PLR_LEAF_INV: a load from a loop-invariant address, repeated every
 * iteration only because the store might change it. */
/* PLR_LEAF_Y2: in a cascade, a delay of the state of stage `stage` >= 1
 * (the last stage is the stored output; PLR_LEAF_Y is then a delay of the
 * first stage's state). */
/* PLR_LEAF_LIN: a transposed state (direct form II transposed: z1 = b1*x[i]
 * - a1*y[i] + z2): a header phi whose latch value is a linear form over the
 * current output, inputs and other such states, never itself (nilpotent).
 * Its value at iteration i is `form` over y[i-j] and x[i-m], exact from
 * iteration `delay` on (the depth of the substitution); before that it
 * still holds its own start. */
enum plr_leaf_kind { PLR_LEAF_NONE, PLR_LEAF_X, PLR_LEAF_Y, PLR_LEAF_IV, PLR_LEAF_BAD, PLR_LEAF_INV, PLR_LEAF_Y2,
                     PLR_LEAF_LIN };

/* What one in-loop value (load or header phi) stands for. */
typedef struct plr_leaf {
    LLVMValueRef v;
    enum plr_leaf_kind kind;
    int delay;           /* m for x[i-m], j for y[i-j] */
    int stream;          /* PLR_LEAF_X: which input stream */
    int from_memory;     /* a load, not a phi */
    LLVMValueRef init;   /* phi: the value before the first iteration */
    plr_reason why;      /* PLR_LEAF_BAD */
    int stage;           /* PLR_LEAF_Y2: which cascade stage (>= 1) */
    int state;           /* resolution in progress (cycle detection) */
    struct plr_lin *form; /* PLR_LEAF_LIN */
    /* PLR_LEAF_X held narrower than the recurrence's type (an int16 array
     * sign-extended into an int recurrence, float data into double): the
     * load's type and the extension (LLVMSExt, LLVMZExt, LLVMFPExt) every
     * use reads it through; 0 when read as it is. */
    LLVMTypeRef held;
    LLVMOpcode ext;
} plr_leaf;

/* Whether some y[-j] or x[-m] is read both through a phi and from memory
 * (histories.c): the two sources must then agree when the call starts. */
struct plr_plan;
int plr_histories_twice(const struct plr_plan *p);

/* A value used after the loop and where the replaced loop finds it. */
typedef struct plr_liveout {
    LLVMValueRef v;
    /* PLR_LO_SIDE: independent of the output (a second accumulator, a
     * reduction): computed by a copy of the loop without its store. */
    enum { PLR_LO_Y, PLR_LO_X, PLR_LO_SCEV, PLR_LO_OUT, PLR_LO_Y2, PLR_LO_LIN, PLR_LO_SIDE } kind;
    int delay;
    int stage;            /* PLR_LO_Y2: which cascade stage */
    plr_scev *scev;
    struct plr_lin *lin;  /* PLR_LO_LIN: a linear form of the final x and y */
    LLVMValueRef xpart;   /* its x and constant part, read before the call */
    int array;         /* PLR_LO_OUT: 0 the output, k + 1 the array of outs[k] */
    LLVMOpcode cast;   /* PLR_LO_Y: 0, or the state's value converted so (an output map's sext) */
    LLVMValueRef repl; /* set by rewrite */
} plr_liveout;

/* The most other stored arrays, and loads the maps after the calls read
 * (docs/pass.md, "Several outputs"). */
#define PLR_MAX_OUTPUTS 8
#define PLR_MAX_MAP_LOADS 16
#define PLR_MAX_MAP_IVS 4
/* The most iterations back a fixed element may read the state from (y[n-1-d]). */
#define PLR_MAX_BEFORE 8

/* Why the loop around a recurrence loop is not replaced with it by one
 * plr_run_many (the recurrence loop alone may still be). */
typedef enum plr_nest_reason {
    PLR_NEST_OK = 0,
    PLR_NEST_NONE,       /* no enclosing loop */
    PLR_NEST_SHAPE,      /* the outer loop is not in simple form */
    PLR_NEST_OTHER_WORK, /* it stores, calls or loops besides the recurrence */
    PLR_NEST_CONDITIONAL,/* the recurrence loop does not run on every iteration */
    PLR_NEST_TRIP_COUNT, /* the outer trip count, or the inner one varies with it */
    PLR_NEST_SPACING,    /* sequences are not evenly spaced in memory */
    PLR_NEST_COEFFICIENT,/* a coefficient changes from one sequence to the next */
    PLR_NEST_HISTORY,    /* a sequence's starting state cannot be read before the call */
    PLR_NEST_LIVE_OUT,   /* a value of the nest is used after it */
    PLR_NEST_PLAN,       /* the recurrence needs more than one call (cascade, maps) */
    PLR_NEST_WRAP,       /* an index is affine only where it does not wrap, which varies per sequence */
    PLR_NEST_BEFORE,     /* a map reads the state's earlier value, whose initial one varies per sequence */
    PLR_NEST_FORM,       /* channels, separate recurrences or a run-time order: one call per loop */
    PLR_NEST_REASON_COUNT
} plr_nest_reason;
const char *plr_nest_reason_text(plr_nest_reason r);
const struct plr_reason_info *plr_nest_reason_info_of(plr_nest_reason r);

/* Where a nest finds a value one sequence starts from (y[-j] or x[-m]):
 * zero, one value for every sequence (defined before the nest), or a load
 * at start + s*dist bytes for sequence s (the element before the
 * sequence's first, or what a load in the outer loop reads). */
/* PLR_HIST_COMPUTED: v computed in the outer loop from its inductions
 * (ivs, {iv_start,+,iv_step}<outer>), values from before the nest and
 * loads that may be read before the call; the gather loop repeats cone (v's
 * instructions, operands first) for each sequence. */
#define PLR_MAX_HIST_CONE 32
#define PLR_MAX_HIST_IVS 4
typedef struct plr_seq_history {
    enum { PLR_HIST_ZERO, PLR_HIST_VALUE, PLR_HIST_GATHER, PLR_HIST_COMPUTED } kind;
    LLVMValueRef v;
    plr_scev *start, *dist;
    unsigned align;
    LLVMValueRef start_v, dist_v; /* expanded */
    LLVMValueRef cone[PLR_MAX_HIST_CONE];
    unsigned ncone;
    LLVMValueRef ivs[PLR_MAX_HIST_IVS];
    plr_scev *iv_start[PLR_MAX_HIST_IVS], *iv_step[PLR_MAX_HIST_IVS];
    LLVMValueRef iv_start_v[PLR_MAX_HIST_IVS], iv_step_v[PLR_MAX_HIST_IVS]; /* expanded */
    unsigned nivs;
} plr_seq_history;

/* A recurrence loop inside an outer loop over independent sequences: the
 * whole nest becomes one plr_run_many. Sequence s starts at y0 + s*y_dist
 * (bytes; likewise x). guards: branch conditions, defined before the nest,
 * that must equal guard_dir for the recurrence loop to run at all. */
#define PLR_MAX_NEST_GUARDS 4
typedef struct plr_nest {
    plr_loop *outer;
    plr_scev *count, *y0, *x0, *y_dist, *x_dist;
    LLVMValueRef guard[PLR_MAX_NEST_GUARDS];
    int guard_dir[PLR_MAX_NEST_GUARDS];
    unsigned nguards;
    LLVMValueRef count_v, y0_v, x0_v, y_dist_v, x_dist_v; /* expanded */
    LLVMValueRef step_v; /* the run-time stride in bytes (plr_plan.access.step_s) */
    /* Histories, oldest last: y_hist[j-1] is y[-j], x_hist[m-1] x[-m]. */
    plr_seq_history y_hist[PLR_MAX_ORDER], x_hist[PLR_MAX_FIR - 1];
    int gathers;     /* some history is not zero: y_init/x_history are filled per sequence */
    int y_elements;  /* some history is an element of y just before its sequence */
    int x_elements;  /* some is an element of x (not y) just before its sequence */
    /* A materialized input (kind PLR_SHAPE_MATERIALIZED): the loads the clone reads, over
     * the nest ({start,+,dist}<outer>, NULL dist: the same for every
     * sequence), must lie apart from y. */
    plr_scev *rl_start[16], *rl_dist[16];
    LLVMValueRef rl_start_v[16], rl_dist_v[16];
    /* The maps after the call, over every sequence: where each map load
     * (plr_plan.maps.mload) and each other stored array (plr_plan.maps.outs) starts
     * in sequence s, start + s*dist (NULL dist: the same for every one). */
    plr_scev *ml_start[PLR_MAX_MAP_LOADS], *ml_dist[PLR_MAX_MAP_LOADS];
    LLVMValueRef ml_start_v[PLR_MAX_MAP_LOADS], ml_dist_v[PLR_MAX_MAP_LOADS];
    plr_scev *out_start[PLR_MAX_OUTPUTS], *out_dist[PLR_MAX_OUTPUTS];
    LLVMValueRef out_start_v[PLR_MAX_OUTPUTS], out_dist_v[PLR_MAX_OUTPUTS];
} plr_nest;

/* Elementwise maps after the calls (docs/pass.md, "Several outputs"): the
 * output map g of the stored value (out = g(state)) and every array the
 * loop stores besides y read the state at index i from y once the calls
 * have written it, loop invariants, and loads of other arrays at the same
 * index (a gain, the input x). */

/* A load a map reads: element i lies at start + i*step bytes (step 0: the
 * same element every time, a value the output's stores might change), or
 * with runtime_step at start + i*(y's run-time stride), a column of an
 * image beside the output's column (only ever in a nest). */
typedef struct plr_map_load {
    LLVMValueRef load;
    plr_scev *start;
    int64_t step;
    int runtime_step;
    unsigned size;
    int of_x; /* an element of the recurrence's input x (checked apart from y with it) */
    /* y[i] itself, read before the loop stores it (out[i] = out[i]*g): the
     * call then writes the state into a buffer, and the map reads y as it
     * was (plr_y_map_load) */
    int of_y;
    LLVMValueRef start_v; /* expanded */
} plr_map_load;

/* An induction a map reads (the counter of a running mean, sum/(i+1)): an
 * integer header phi {start,+,step}<loop>, which the map after the calls
 * recomputes at its index as start + i*step (in the phi's width: exact,
 * wrapping as the loop's counter wraps). */
typedef struct plr_map_iv {
    LLVMValueRef phi;
    plr_scev *start;
    int64_t step;
    LLVMValueRef start_v; /* expanded */
} plr_map_iv;

/* Another array the loop stores, z[i] = g(y[i], loads at i): g's
 * instructions in dependency order (nchain 0: the state itself). fixed:
 * one element stored on every iteration (`*last = s`), of which only the
 * last iteration's value remains: stored once after the calls, g at index
 * n-1 (step 0). */
typedef struct plr_output {
    LLVMValueRef store;
    LLVMValueRef *chain;
    unsigned nchain;
    int reads_state; /* g reads y (else only loads and invariants) */
    int reads_before; /* g reads the state's earlier values (p->maps.before) */
    int fixed;
    plr_scev *start; /* element i at start + i*step bytes (as many of its elements per iteration as y) */
    int64_t step;
    int runtime_step; /* element i at start + i*(y's run-time stride): step is 0 */
    unsigned size, align;
    LLVMValueRef start_v; /* expanded */
} plr_output;

/* How a plan's elements are held in memory beside the type the recurrence
 * is computed in (plr_plan's elem): a narrow loop computed wider, a state
 * stored converted, an input read widened. Its own type because these are
 * facts about the types, not about the kind (any kind may have them): the
 * walk and the signature set them, the checks and the lowering read them. */
typedef struct plr_storage {
    /* A loop over int8/int16 elements (clang narrows `(short)(x[i] +
     * y[i-1])` to i16 arithmetic): computed by the runtime in i32 (the
     * signature's type) from the widened elements and truncated on the
     * store, exact because reduction modulo 2^16 is a ring homomorphism
     * (docs/pass.md, "Narrow types"). narrow: x's and y's plr_store (0:
     * not narrow); hist_elem, hist_size: the type of y_init / x_history /
     * y_final (elem, or i32). */
    plr_store narrow;
    LLVMTypeRef hist_elem;
    unsigned hist_size;
    /* Mixed storage (docs/pass.md, the section of that name): the recurrence computed
     * in elem (i32, i64, double), its output stored through a conversion
     * (`trunc` to a narrower int, `fptrunc` double to float: y_trunc, y_held
     * the stored type; the plan's size is then y's storage) and/or its input read
     * from narrower storage widened by `sext`/`zext`/`fpext` (x_held,
     * x_ext). x_store, y_store: plr_data's fields (0: elem); x_size: bytes
     * per x element as held. reduced: the state's y leaves are read
     * through a reduction to y's width (`shl`/`ashr`, `sext(trunc)`,
     * `and`): exact only modulo 2^w, so the live-outs must be too. */
    LLVMValueRef y_trunc;
    LLVMTypeRef y_held, x_held;
    LLVMOpcode x_ext;
    plr_store x_store, y_store;
    unsigned x_size;
    int reduced;
    /* An output map across types (`out[i] = (float)s * g` of an int
     * state, `(short)(c << 8)` of a char one; plr_find_output_map):
     * state_held is the state's type, which the call computes and stores,
     * each state in its output's slot of y (at the output's step, in
     * elements of state_size bytes), where the map reads it and writes
     * the output over it; the plan's size stays the output's. NULL, and
     * state_size the plan's size, otherwise. */
    LLVMTypeRef state_held;
    unsigned state_size;
    /* The map reads only the state's low bits (`(float)(signed char)s` of
     * a char state clang keeps in an int register): the state is computed
     * in elem, stored in the slot as state_held (i8, i16), and its
     * reductions to those bits are read as the state (linear.c,
     * reduced_operand: exact modulo 2^w, as for y_trunc). */
    int state_reduced;
} plr_storage;

/* The stages of a cascade and what is made of them: a folded output, a
 * composition, stage 0 substituted for x[i]. Its own type because it is the
 * data of one family of kinds: the cascade's walk (cascade.c) finds the
 * stages, the signature sizes them (order, fir; a composition's ck, cf),
 * and only the kinds of a cascade (shape.h's plr_kind_is_cascade, the
 * folded and composed kinds) have them for the live-out check and the
 * lowering's stage loop to read.
 *
 * Cascade (the kinds plr_kind_is_cascade names) of n >= 2 recurrences, 0
 * for any other kind (and the stages a cascade's walk is trying while it
 * runs): stage 0 (value = S0, lin) is a recurrence over x, stage s a
 * recurrence over stage s-1 and its delays (lin[s]); the last stage is the
 * stored out. None but the last is stored. One call per stage: x -> y
 * holding S0, then y -> y in place. A last stage without feedback (a FIR of
 * the previous state, direct form II with its state kept) is a map loop:
 * the kinds PLR_SHAPE_STATE_FIR and PLR_SHAPE_CASCADE_FIR. v[s]: stage s's
 * value; order[s], fir[s]: its order and FIR length. */
typedef struct plr_stages {
    int n;
    LLVMValueRef v[PLR_MAX_STAGES];
    plr_lin *lin[PLR_MAX_STAGES];
    unsigned order[PLR_MAX_STAGES], fir[PLR_MAX_STAGES];
    /* Integer cascades without intermediate state used after the loop are
     * composed into one recurrence (the shape's kind becomes
     * PLR_SHAPE_COMPOSED): numerator and denominator polynomials
     * multiplied (order ck = sum of the orders, FIR length cf); the first
     * ck + cf - 1 outputs are computed in the call path, the rest by one
     * call whose histories are those real outputs and inputs. */
    unsigned ck, cf;
    /* Folded output (kind PLR_SHAPE_FOLDED; DEMA y = 2*e1 - e2): the
     * stored value, never carried and without feedback, reads several
     * stages j..m of the cascade v[0..m] (v[m+1] is it). Stages j+1..m and
     * the output are folded into one recurrence over stage j (fold_lin);
     * after the calls for stages 0..j its first outputs are computed in the
     * call path, then one call does the rest with that real history. j + 1
     * is the shape's fold_over, which the fold records in found. */
    plr_lin *fold_g[PLR_MAX_STAGES]; /* the output's FIR over each stage */
    plr_lin *fold_lin;
    /* Stage 0 when it is a0*x[i] + sum_j b_j S0[i-j] (one tap): stage 1, or
     * an output folded over stage 0, may then read x[i] besides S0 (what
     * InstCombine makes of `3*v0 + 3*z1` with v0 = a*x[i] - z1 + ...), and
     * c*x[i] is rewritten as (c/a0)(S0[i] - sum_j b_j S0[i-j]). */
    plr_lin *xsub;
    plr_reason why;  /* why stages that looked like a cascade are not one */
    LLVMValueRef at; /* the instruction that reason is about */
} plr_stages;

/* Where a plan's data lies and how it is walked: y's and x's starts, the
 * trip count, the strides, the input streams the loads are grouped into,
 * and the address ranges of the other loads a materialized input reads.
 * Its own type because it is the layout, whatever the kind: the leaves'
 * walk, the signature and the structure checks find it (a nest rewrites it
 * for the whole nest), the overlap and bounds checks and the lowering
 * (addresses, histories) read it. */
typedef struct plr_access {
    plr_scev *y_start, *x_start, *trip;
    int64_t step;      /* bytes between consecutive elements of y (negative: backward) */
    int64_t x_step;    /* the same for the input stream (lin->xs) */
    /* A stride known only at run time (a column of an image whose width is
     * a variable): step and x_step are 0 and every stream moves by step_s
     * bytes per element. Taken as part of a nest, or, a single loop, where
     * the stride is one element (stride_pin). */
    plr_scev *step_s;
    /* The value a single loop's run-time stride was read with as 1 (the
     * check tests it; NULL: none): C in y[j*C]; and x's own, where it has
     * another (D in x[j*D], BLAS's incx beside incy; NULL: none). */
    LLVMValueRef stride_pin, x_stride_pin;
    /* input streams: loads grouped by constant distance; stream 0 is y */
    plr_scev **stream_ref; /* start of the stream's largest-offset load */
    int64_t *stream_max;   /* that offset relative to the first member, in steps */
    int64_t *stream_step;  /* bytes between consecutive elements of the stream */
    plr_scev **stream_first;
    unsigned nstreams;
    int in_place;      /* x is y (statically): layout data, any kind's; the settled shape's in_place */
    int x_mem_history; /* largest m of an x load from memory */
    /* Materialized input (kind PLR_SHAPE_MATERIALIZED, recorded when its
     * recognizer starts): y[i] = t[i] + sum_j b_j y[i-j] with t any
     * expression not involving y. A clone of the loop with the y terms
     * zeroed writes t into y; the runtime then runs (1: b) in place.
     * rl_*: every other load's address range, checked against y. */
    unsigned nrl;
    plr_scev *rl_start[16];
    int64_t rl_step[16], rl_size[16];
    int rl_runtime[16]; /* the range walks y's run-time stride (step_s), not rl_step */
    int rl_apart[16];   /* proved apart from y (interleaved in y's step): no check (plr_call_plan_feasible) */
    /* a map's load that may be y itself: apart from y or exactly y, and
     * where it is y the state goes to a buffer (plr_plan_calls; cleared
     * where it is proved apart, plr_call_plan_feasible) */
    int rl_or_y[16];
    /* at y's run-time stride a constant rl_offset bytes from y's start
     * (one array, another lane): apart where that offset, modulo the
     * stride, falls between y's elements (tested at run time) */
    int rl_offset_known[16];
    int64_t rl_offset[16];
    LLVMValueRef rl_v[16];
    LLVMValueRef rl_load[16];
} plr_access;

/* What a plan stores besides the state the runtime computes, each written
 * by a map loop after the calls: the output map's g, the other stored
 * arrays, the loads and induction variables the maps read, the state's
 * earlier values a fixed element reads. Its own type because the maps are
 * one job from end to end, whatever recurrence the calls compute:
 * recognize.c and outputs.c find them, the call plan's address checks and
 * the map loops (maps.c) use them.
 *
 * Output map: the loop stores out = g(value), value being the state a
 * header phi carries (O[t] = sum / D). chain: g's instructions, in
 * dependency order; the runtime computes value, a map loop applies g. */
typedef struct plr_outmaps {
    LLVMValueRef *chain;
    unsigned nchain;
    /* Several outputs: the other stores of the loop (set before the
     * analysis, outs[k].store), each replaced by a map after the calls
     * (its chain read with the form); the loads the maps read (the output
     * map's too). why: why a map of the state was not taken (a load of
     * the output array, at another index), reported when the plain reading
     * fails too; at: the instruction it is about. */
    plr_output outs[PLR_MAX_OUTPUTS];
    unsigned nouts;
    plr_map_load mload[PLR_MAX_MAP_LOADS];
    unsigned nmload;
    plr_map_iv miv[PLR_MAX_MAP_IVS];
    unsigned nmiv;
    /* The state's earlier values, which a fixed element's g may read (clang
     * folds `*last = x[i] - s` after `s += x[i]` into -s_prev): header
     * phis, before[d-1] the state d iterations back (its latch value the
     * state for d = 1, else before[d-2]), before_init[d-1] its value from
     * the preheader. At the last index that is y[n-1-d], or an initial
     * value when n <= d. */
    LLVMValueRef before[PLR_MAX_BEFORE], before_init[PLR_MAX_BEFORE];
    unsigned nbefore;
    /* An attempt's input: the output map (with loads) may read them too
     * (a float high-pass x[i] - s before its update; tried only once the
     * loop's other readings failed: driver.c) */
    int output_reads_before;
    plr_reason why;
    LLVMValueRef at;
} plr_outmaps;

/* What the linear walk of a loop's values finds and remembers: the leaves
 * (each load and header phi it reached, classified), its memo, the
 * transposed state it is resolving. Its own type because it is one
 * analysis's working set: leaves.c and linear.c fill it, a cascade's search
 * forgets it between chains of stages (cascade.c), an attempt starts
 * without it (attempt.c) and plr_plan_free releases it; after the walk
 * only the leaves are read (the histories, the guards, the alignment). */
typedef struct plr_walk {
    plr_leaf *leaves;
    unsigned nleaves, capleaves;
    /* memo of the linear walk */
    LLVMValueRef *memo_v;
    plr_lin **memo_l;
    unsigned nmemo, capmemo;
    /* The transposed state being resolved (leaves.c, transposed_state):
     * the walk reads its phi as plr_lin's s, not as a cycle. */
    LLVMValueRef lin_self;
} plr_walk;

/* Direct form II (kind PLR_SHAPE_STATE_OUTPUT, state_output.c): out =
 * sum_q gamma_q S[i-q] (+ delta0*x[i]) and S = alpha0 x[i] + sum_j beta_j
 * S[i-j]. Then out itself is the recurrence (gamma*alpha0 : beta), whose
 * histories are derived from S's (histories.c). */
typedef struct plr_df2 {
    plr_lin *state; /* S: alpha0 as a[0], beta as b */
    plr_lin *out;   /* out over S: gamma_q as b[q] */
    plr_cn *x0;     /* delta0 (NULL: out adds no x[i]) */
} plr_df2;

/* Everything known about one loop, filled stage by stage. The fields that
 * serve one job together are the small types above (storage, maps, stages,
 * access, walk), held by value: a copy of a plan (an attempt's) copies
 * them with it, and plr_plan_free frees what they own. */
typedef struct plr_plan {
    plr_ctx *ctx;
    plr_loop *loop;
    LLVMTypeRef elem;  /* i8, i16, i32, i64, float, double: the stored values' type */
    plr_type type;
    unsigned size;     /* bytes per element */
    plr_storage storage; /* how the elements are held beside the type they are computed in */
    int is_fp;
    LLVMValueRef store, value; /* the one store y[i] = value */
    /* The stored value when it is not the state itself (NULL: it is):
     * an output map's out = g(value), a cascade's last stage, direct form
     * II's output. */
    LLVMValueRef out;
    plr_outmaps maps; /* the maps after the calls: the output map's g, the other stored arrays */
    plr_df2 df2;       /* direct form II's state and output (kind PLR_SHAPE_STATE_OUTPUT) */
    plr_stages stages; /* a cascade's stages, its folded output, its composition */
    int has_side;      /* some live-out is PLR_LO_SIDE */
    plr_access access; /* where y and x lie, the strides, the input streams */
    plr_walk walk;     /* the linear walk's leaves and memo */
    plr_lin *lin;      /* the stored value as a linear form */
    int fp_no_consent, marker;
    unsigned order, fir_len;
    LLVMValueRef n_v, y_v, x_v; /* expanded in the preheader */
    /* i64 bytes from one element of y (x) to the next: the constant step,
     * or a single loop's run-time stride expanded (plr_runtime_stride_alone) */
    LLVMValueRef y_step_v, x_step_v;
    plr_liveout *liveouts;
    unsigned nliveouts;
    /* arena for plr_cn / plr_lin */
    void *arena;
    LLVMValueRef why_at; /* instruction the rejection is about */
    plr_nest *nest;      /* the whole nest is one call; NULL: this loop alone */
    plr_wrap *wrap;      /* the no-wrap predicates the check tests (NULL: none) */
    /* The recurrence runs along the outer loop and this loop walks lanes
     * (y[i][j] = a*y[i-1][j] + x[i][j], j inner): delays are whole outer
     * steps (lanes_pitch bytes); a lane moves lanes_*_lane bytes. Only as a
     * nest. The lanes' recognizer records the layout PLR_LAYOUT_LANES in
     * found. */
    plr_scev *lanes_pitch, *lanes_y_lane, *lanes_x_lane;
    /* Channels: several stores in one loop, each its own recurrence with the
     * same signature (left and right of interleaved audio). siblings: the
     * other channels' stores, allowed beside this one; foreign: their
     * values, not this plan's live-outs. chan: on the merged plan (channel
     * 0, the lowest address), the others and their spacing. */
    LLVMValueRef *siblings, *foreign;
    unsigned nsiblings, nforeign;
    struct plr_channels *chan;
    plr_nest_reason nest_why;
    char sig_text[512];
    /* The plain form reading transposed states (PLR_LEAF_LIN), phis that
     * carry no delay, is the kind PLR_SHAPE_TRANSPOSED, or
     * PLR_SHAPE_TRANSPOSED_PEEL with the number of first outputs the call
     * path computes itself in found.peel; a materialized input term that is
     * none at all, PLR_SHAPE_HOMOGENEOUS. */
    /* shape.h: what the recognizer running on this plan found, recorded as
     * it finds it: the kind (plain until a recognizer says otherwise), the
     * stage a folded output is folded over, a peel, a layout known at
     * recognition (lanes). plr_shape_recognized
     * copies it into shape, the read-only value every later step reads
     * (after a composition or the settling at acceptance, a newer one). */
    plr_shape found;
    const struct plr_shape *shape;
    struct plr_call_plan *calls; /* callplan.c: what the rewrite does, once the plan is accepted */
    /* A recurrence of run-time order (runtime_order.h): loop is the outer
     * loop over i, the taps an inner loop over j. NULL: any other shape. */
    struct plr_rto *rto;
} plr_plan;

/* plan.c */
void *plr_alloc(plr_plan *p, size_t size); /* zeroed, freed with the plan */
void plr_plan_free(plr_plan *p);

/* candidates.c: is this loop a recurrence candidate at all; recognize.c
 * and the files beside it: its linear form. */
int plr_is_candidate(plr_ctx *ctx, plr_loop *loop, LLVMValueRef *store);
/* Whether any of the loop's stores can depend on an earlier iteration's
 * result (an earlier element of its array, a carried value whose update
 * reads itself): a candidate whose carried values only delay its inputs
 * (out[i] = x[i] - last; last = x[i]) is no recurrence. 1 where unsure. */
int plr_loop_stores_read_state(plr_ctx *ctx, plr_loop *loop);
/* A recurrence whose state is kept in memory: a store to a loop-invariant
 * address of a value computed from a load of that address, beside a store
 * to an array that advances with the loop (the output). The compiler did
 * not keep the state in a register because the output's stores may write
 * it. *state: the state's store, *out: the output's. */
int plr_state_in_memory(plr_ctx *ctx, plr_loop *loop, LLVMValueRef *state, LLVMValueRef *out);
/* candidates.c: a store that reads its own array but whose address SCEV
 * cannot make affine because its index is a narrower integer widened after
 * arithmetic that may wrap (int i against a long bound: y[i-1] = ... y[i]);
 * 1 and that store, or 0. */
int plr_index_may_wrap(plr_ctx *ctx, plr_loop *loop, LLVMValueRef *store);
/* driver.c: a loop that is no candidate as it stands, but whose state is
 * kept in memory: worth carrying it in registers behind a run-time check
 * (promote.cpp) and looking again. */
int plr_state_promotion_wanted(plr_ctx *ctx, plr_loop *loop);
/* Whether the loop is a candidate whose analysis finds several stores that
 * no call plan takes together (several recurrences with maps, materialized
 * inputs, transposed states...): worth splitting into a loop per recurrence
 * (distribute.cpp), each then analyzed alone. */
int plr_distribution_wanted(plr_ctx *ctx, plr_loop *loop);
/* legality.c: the load in the loop, from a loop-invariant address, of the
 * bound the latch's exit test compares (`i < c->n`, also `i < c->n - 1`,
 * `i < c->n / 2`), if any: a bound LICM left in memory because a store may
 * write it. */
LLVMValueRef plr_bound_in_memory(plr_loop *loop);
/* driver.c: that load, for a loop worth versioning on it (bound.cpp): a
 * candidate, or a state kept in memory, whose trip count cannot be computed
 * because of it; NULL otherwise. */
LLVMValueRef plr_bound_versioning_wanted(plr_ctx *ctx, plr_loop *loop);
/* shim.cpp: why the versioning on a bound in memory was not done for this
 * loop (PLR_R_BOUND_IN_MEMORY when it was not tried). */
plr_reason plr_bound_refusal(plr_ctx *ctx, plr_loop *loop);
/* A recurrence of run-time order: the innermost loop `taps` walks the
 * output backwards from just before the element its parent loop stores
 * (y[i-1], y[i-2], ... for y[i]; or forward up to y[i-1], or at an index
 * that wraps in 32 bits, which runtime_order.c refuses with its reason),
 * with a trip count not known when compiling. *outer: the parent, *out:
 * its store of the output. */
int plr_runtime_order(plr_ctx *ctx, plr_loop *taps, plr_loop **outer, LLVMValueRef *out);
/* A tap load that walks the output forward from y[i-p] to y[i-1] (taps
 * summed from p down to 1): the load's address at the first tap plus the
 * tap count times the step is yat, y[i]. */
int plr_taps_walk_up(plr_ctx *ctx, plr_loop *taps, LLVMValueRef load, plr_scev *yat, int64_t ystep);
/* A tap load of the output array (the same base as `store`) at an index
 * computed in 32 bits and widened (`zext`, `and 0xffffffff`: y[i - j]
 * with unsigned i, j), which SCEV cannot read as an address. */
int plr_taps_wrapped(LLVMModuleRef mod, LLVMValueRef load, LLVMValueRef store);
plr_reason plr_recognize(plr_plan *p);
/* A store fed by the same array a whole number of outer iterations back
 * (the recurrence is carried by the outer loop), and its linear form. */
int plr_is_lanes_candidate(plr_ctx *ctx, plr_loop *loop, LLVMValueRef *store);
plr_reason plr_recognize_lanes(plr_plan *p);
/* Each of these runs on a fresh scratch plan (attempt.h), as the structure
 * check left it. Second try when the input term is not a FIR of one array. */
plr_reason plr_recognize_materialized(plr_plan *p);
/* Third try, when a direct form II's state is used after the loop: the same
 * loop as a cascade whose last stage is a FIR of the state. */
plr_reason plr_recognize_cascade(plr_plan *p);
const plr_leaf *plr_leaf_of(plr_plan *p, LLVMValueRef v); /* NULL: not a leaf */
/* The linear form of an in-loop value (plain form only), NULL if none. */
plr_lin *plr_lin_of_value(plr_plan *p, LLVMValueRef v);
/* Address checks for coefficients reloaded inside the loop, and for the
 * loads the maps read. */
plr_reason plr_register_reloads(plr_plan *p);
/* outputs.c: the maps after the calls. plr_read_map: v as an elementwise
 * map of `of` (NULL: of nothing) and of loads at the output's index
 * (loads 0: none), its instructions into chain (dependency order, at most
 * cap). plr_check_outputs (structure): where outs[k] stores. plr_read_outputs
 * (once the form and signature are known): each other store as a map of
 * what y holds after the calls. */
plr_reason plr_read_map(plr_plan *p, LLVMValueRef v, LLVMValueRef of, int loads, LLVMValueRef *chain, unsigned *n,
                        unsigned cap);
/* plr_read_map of the output's value v over the state `of`, which may also
 * read the state's earlier values (p->maps.before, found from `of`: a
 * high-pass x[i] - s with s before its update). */
plr_reason plr_read_output_map(plr_plan *p, LLVMValueRef v, LLVMValueRef of, int loads, LLVMValueRef *chain,
                               unsigned *n, unsigned cap);
plr_reason plr_check_outputs(plr_plan *p);
plr_reason plr_read_outputs(plr_plan *p);
/* A map's load of y[i] as the loop found it (plr_map_load.of_y): the first
 * (NULL: none), and whether `load` is one. */
LLVMValueRef plr_y_map_load(const plr_plan *p);
int plr_is_y_map_load(const plr_plan *p, LLVMValueRef load);
/* Whether every iteration runs `ld` before the output's store: what it
 * reads of y[i] is then what the loop found there. */
int plr_load_before_store(const plr_plan *p, LLVMValueRef ld);
/* d if v is p->maps.before[d-1], the state d iterations back; else 0. */
unsigned plr_state_before(const plr_plan *p, LLVMValueRef v);
/* The most iterations back a map's chain reads the state (0: never). */
unsigned plr_chain_before(const plr_plan *p, const LLVMValueRef *chain, unsigned n);
/* The value y[i] holds when the maps run: the state under an output map,
 * else the stored value. */
LLVMValueRef plr_map_state(const plr_plan *p);
/* May the load read what the loop writes: y, or an array of outs? */
int plr_may_alias_written(const plr_plan *p, LLVMValueRef load);
/* A loop with several stores read as one recurrence whose output the
 * others are maps of: each store is tried as y (analyze), one whose
 * stored value is the state first. */
plr_reason plr_analyze_outputs(plr_plan *p, plr_reason (*analyze)(plr_plan *));
/* legality.c: structure, memory effects, consent, live-outs. */
/* keep_conversion: read a conversion on the store as part of the stored
 * value (an output map of a state of the stored type: an int sum divided
 * by a long, trunc(sdiv(sext(s), D))), not as a wider state: the second
 * reading driver.c tries when the first fails. */
plr_reason plr_check_structure(plr_plan *p, int keep_conversion);
/* The recurrence's element becomes t, a state of another type than the
 * stored output's (an output map across types: plr_storage.state_held).
 * 0, nothing changed, if t can be held neither in the output's slots nor
 * in a buffer of its own (plr_state_wider). */
int plr_retype_state(plr_plan *p, LLVMTypeRef t);
/* Whether a state of type t could be held in the output's slots, or,
 * wider than the output, in a buffer of its own. */
int plr_state_type_fits(const plr_plan *p, LLVMTypeRef t);
/* A state wider than its output (a double state mapped into float, a long
 * one into int): the call writes it into a buffer of its own
 * (plr_shape.state_buffer), its element i where y's element i lies
 * relative to y's footprint, the offsets scaled by state_size / size, so
 * that a stride's gaps and a backward walk carry over. */
int plr_state_wider(const plr_plan *p);
/* The factor y's offsets are scaled by where the call writes the state
 * (state_size / size for a wider state, else 1); the bytes from one state
 * to the next there (y's step, scaled); and that step in the state's
 * elements (the call's y stride). */
unsigned plr_state_scale(const plr_plan *p);
int64_t plr_state_step(const plr_plan *p);
/* y and x one element of their own apart, the state in y's slots: a
 * constant unit stride. */
int plr_unit_stride(const plr_plan *p);
int64_t plr_state_stride(const plr_plan *p);
/* plr_retype_state for a state of type t (i32, i64) of which the map
 * reads only the low w bits (8, 16): stored in the slots as iw
 * (plr_storage.state_reduced). */
int plr_retype_reduced(plr_plan *p, LLVMTypeRef t, unsigned w);
plr_reason plr_check_liveouts(plr_plan *p);
plr_reason plr_check_consent(plr_plan *p);
/* A loop over 8- or 16-bit elements: only the shapes whose histories the
 * rewrite widens (one plain call, in a nest without gathered histories). */
plr_reason plr_check_narrow(plr_plan *p);
/* Bytes of a type as held in memory, and plr_data's storage kind for it
 * read through ext (LLVMZExt: unsigned). */
unsigned plr_held_size(LLVMTypeRef t);
plr_store plr_held_store(LLVMTypeRef t, LLVMOpcode ext);
/* A storage's name in remarks ("i8", "u16", "f32"; "sig" for 0). */
const char *plr_store_text(plr_store store);
/* signature.c: order, FIR length, text. */
plr_reason plr_build_signature(plr_plan *p);
/* A linear form's coefficients as the signature spells them, without the
 * parentheses: "a0, ..., ap: b1, ..., bk". */
void plr_spell_lin(plr_text *t, const plr_plan *p, const plr_lin *l, unsigned fir_len, unsigned order);
/* A composed cascade's signature the same way, when its coefficients are
 * constants (returns 0, spelling nothing, otherwise). */
int plr_spell_composed(plr_text *t, const plr_plan *p);
/* Decide whether a cascade is composed into one call (after the live-outs). */
void plr_plan_composition(plr_plan *p);
int plr_cn_is_const(const plr_cn *c);
/* The same tree up to the order of sums and products. */
int plr_cn_same(const plr_cn *a, const plr_cn *b);
int plr_cn_is_zero(const plr_cn *c);
/* channels.c: a loop storing several interleaved recurrences with one
 * signature as one plr_run_many (count = the channels). */
#define PLR_MAX_CHANNELS 16
/* Two arrays of several recurrences compared before their calls: sub w's
 * output against sub r's output (r_x 0) or input (r_x 1), or, w == r, a
 * recurrence's input against its own output; or_same: exactly in place
 * also passes (the call made last, x and y of one step). */
typedef struct plr_rec_pair {
    unsigned w, r;
    int r_x, or_same;
} plr_rec_pair;
typedef struct plr_channels {
    unsigned count;
    plr_plan *sub[PLR_MAX_CHANNELS]; /* sub[0] is the merged plan itself */
    int64_t y_dist, x_dist;          /* bytes between consecutive channels */
    /* Several recurrences (separate): one call each, not one plr_run_many;
     * sub[0] is the plan itself, the others in the loop's store order. The
     * calls run in `order` (the one in place, if any, last); pairs: the
     * comparisons left to run time (callplan.c). */
    int separate;
    unsigned order[PLR_MAX_CHANNELS];
    plr_rec_pair pairs[PLR_MAX_CHANNELS * (2 * PLR_MAX_CHANNELS - 1)];
    unsigned npairs;
} plr_channels;
/* When the candidate store has siblings: analyze every store; fills
 * p->chan (p becomes channel 0) or returns why not. */
plr_reason plr_analyze_channels(plr_plan *p, plr_reason (*analyze)(plr_plan *));
/* The store of a recurrence that reads another's state or its output in
 * memory, where the loop stores several recurrences (NULL: none). */
LLVMValueRef plr_recurrences_dependent(plr_ctx *ctx, plr_loop *loop);
void plr_channels_free(plr_plan *p);

/* nest.c: may the loop around this (accepted) loop go with it into one
 * plr_run_many? Fills p->nest, or p->nest_why. */
void plr_check_nest(plr_plan *p);
/* The same for a lanes plan, which is replaced as a nest or not at all. */
void plr_check_lanes_nest(plr_plan *p);
/* layout: strides and direction the rewrite supports for this plan. */
plr_reason plr_check_layout(plr_plan *p);
/* Whether a loop alone (no nest takes it) whose y walks a run-time stride
 * is lowered as one plr_run_many at that stride (one per stage of a
 * cascade): PLR_OK_CANDIDATE, or why not (PLR_R_RUNTIME_STRIDE; the
 * stride is then tried as one element). */
plr_reason plr_runtime_stride_alone(plr_plan *p);
/* rewrite.c */
void plr_rewrite_prepare(plr_plan *p); /* LCSSA + expansions, no CFG change */
void plr_rewrite(plr_plan *p);

#ifdef __cplusplus
}
#endif
#endif /* PLR_PASS_H */
