/*
 * shape.h - what was recognized in a loop: the kind of recurrence, its
 * stages and outputs, the live-outs and the layout of its sequences.
 *
 * The recognizers record its kind (and a peel, and the lanes' layout) in
 * the plan's found as they find it; it becomes a read-only value when
 * recognition succeeds, its layout is added when the plan is accepted
 * (after the nest and channel decisions); each step is a new value. Legality, the nest and channel checks, the remarks,
 * the call plan and the rewrite's dispatch ask the shape what the loop is
 * instead of re-deriving it from combinations of the plan's flags. The
 * plan keeps the data (linear forms, stages, histories) that the lowering
 * reads.
 */
#ifndef PLR_SHAPE_H
#define PLR_SHAPE_H

#include <stdint.h>

/* (the types come first: plr_pass.h includes this header before the plan,
 * which holds the shape a recognizer is building) */
struct plr_plan;
struct plr_text;

#ifdef __cplusplus
extern "C" {
#endif

/* The form of the recurrence, most specific first (one loop has one). */
typedef enum plr_shape_kind {
    PLR_SHAPE_PLAIN,          /* y[i] = sum_m a_m x[i-m] + sum_j b_j y[i-j] */
    PLR_SHAPE_OUTPUT_MAP,     /* the stored value is g(state) elementwise: the state's call, then a map */
    PLR_SHAPE_MATERIALIZED,   /* the input term is any expression without y, computed into y by a map */
    PLR_SHAPE_HOMOGENEOUS,    /* no input term at all: zeros written first, the runtime adds them */
    PLR_SHAPE_STATE_OUTPUT,   /* direct form II: the output a linear function of the state, one recurrence */
    PLR_SHAPE_TRANSPOSED,     /* transposed states (direct form II transposed) that start from zero */
    PLR_SHAPE_TRANSPOSED_PEEL,/* ... that do not: the first outputs computed before the call */
    PLR_SHAPE_CASCADE,        /* stages of recurrences, one call each */
    PLR_SHAPE_STATE_FIR,      /* direct form II with its state kept: the state's call, then a FIR map */
    PLR_SHAPE_CASCADE_FIR,    /* a cascade whose last stage is a FIR of the one before: calls, then a map */
    PLR_SHAPE_COMPOSED,       /* an integer cascade multiplied out into one recurrence (one call) */
    PLR_SHAPE_FOLDED,         /* an output combining several stages, folded into one recurrence */
    PLR_SHAPE_RUNTIME_ORDER,  /* taps an inner loop of run-time count: the signature read at run time */
} plr_shape_kind;

/* Stages of recurrences, one call each, or composed or folded into fewer. */
static inline int plr_kind_is_cascade(plr_shape_kind k) {
    return k == PLR_SHAPE_CASCADE || k == PLR_SHAPE_STATE_FIR || k == PLR_SHAPE_CASCADE_FIR ||
           k == PLR_SHAPE_COMPOSED || k == PLR_SHAPE_FOLDED;
}
/* The input term computed into y by a map first (homogeneous included). */
static inline int plr_kind_is_materialized(plr_shape_kind k) {
    return k == PLR_SHAPE_MATERIALIZED || k == PLR_SHAPE_HOMOGENEOUS;
}
/* A cascade whose last stage is a FIR of the one before, applied by a map. */
static inline int plr_kind_has_fir_tail(plr_shape_kind k) {
    return k == PLR_SHAPE_STATE_FIR || k == PLR_SHAPE_CASCADE_FIR;
}
/* The plain form over transposed states, from zero or with a peel. */
static inline int plr_kind_is_transposed(plr_shape_kind k) {
    return k == PLR_SHAPE_TRANSPOSED || k == PLR_SHAPE_TRANSPOSED_PEEL;
}

/* Where the call's sequences lie. */
typedef enum plr_shape_layout {
    PLR_LAYOUT_UNIT,     /* plr_run over one contiguous sequence */
    PLR_LAYOUT_STRIDED,  /* plr_run_many, one sequence with element strides (negative: backward) */
    PLR_LAYOUT_NEST,     /* plr_run_many, a sequence per iteration of the outer loop */
    PLR_LAYOUT_LANES,    /* plr_run_many, a sequence per iteration of the inner loop (carried by the outer) */
    PLR_LAYOUT_CHANNELS, /* plr_run_many, a sequence per interleaved channel */
    PLR_LAYOUT_SEPARATE, /* several recurrences, a call each (plr_run, or plr_run_many when strided) */
} plr_shape_layout;

typedef struct plr_shape {
    plr_shape_kind kind;
    plr_shape_layout layout;
    /* Stages: recurrences the loop evaluates in one pass (a cascade's, else
     * 1); the calls over them in order, up to the one a folded output is
     * folded over (a composed cascade: 1); fold_over, for a folded output,
     * the stage (from 1) it is folded over. */
    unsigned stages, stage_calls, fold_over;
    /* Outputs: the stored value is g(state), applied by a map after the
     * calls; the last stage is a FIR of the one before (no feedback),
     * applied by a map after the calls unless composed into the one call. */
    int output_map, fir_tail;
    /* The maps after the calls (several outputs): arrays stored besides y,
     * each a map of what y holds; loads of other arrays the maps read (the
     * output map's too, output_map_loads of them), some of them elements
     * of the input x. */
    unsigned stored_maps, map_loads, output_map_loads;
    int maps_read_x;
    /* The output map converts the state into another type (its name:
     * "f32", "i16"; NULL when the map keeps the state's type). */
    const char *map_into;
    /* A map reads y[i] as the loop found it (an in-place gain, out[i] =
     * out[i]*g): the calls write the state into a buffer of their own, the
     * output map stores into y. */
    int state_buffer;
    /* Of the stored_maps, fixed elements (stored once, the last value);
     * maps (the output map among them) that read a counter of the loop,
     * recomputed from their index. */
    unsigned fixed_stores, counter_maps;
    /* Transposed states not from zero: at least this many first outputs are
     * computed before the call. */
    unsigned peel;
    /* Live-outs, by where the replacement finds them: the output (y and the
     * stages' states), the input, induction values, and values computed by
     * a copy of the loop without its store. */
    unsigned live_outputs, live_inputs, live_inductions, live_side;
    /* Layout: strides in elements (negative: backward; both 0 with a
     * stride known only at run time), and the channels' count and spacing. */
    int64_t y_stride, x_stride;
    int runtime_stride;
    unsigned channels;
    int64_t channel_stride;
    int in_place; /* x is y */
} plr_shape;

/* The shape is built in two steps, each a new read-only value allocated
 * with the plan (p->shape points to the latest):
 * plr_shape_recognized, when a recognizer succeeds: the kind, peel and
 * layout the recognizer recorded in p->found, and the facts counted from
 * the plan's data (stages, stage calls, fold, output map, FIR tail, maps);
 * legality, the nest and the channels read these;
 * plr_shape_composed, when a cascade is composed into one recurrence
 * (plr_plan_composition): the same shape, of kind PLR_SHAPE_COMPOSED;
 * plr_shape_settle, when the plan is accepted: the layout (but lanes,
 * recorded when recognized), the live-outs' counts, strides and channels
 * added. */
const plr_shape *plr_shape_recognized(struct plr_plan *p);
const plr_shape *plr_shape_composed(struct plr_plan *p);
const plr_shape *plr_shape_settle(struct plr_plan *p);
/* One call over one sequence of the recurrence as written, or as
 * materialized, with no map after it. */
int plr_shape_is_single_call(const plr_shape *s);
/* The input term computed into y by a map first (homogeneous included). */
int plr_shape_is_materialized(const plr_shape *s);
/* Calls or maps that would be needed per sequence of a nest (a state
 * output, a peeled start, a composed or folded prologue, a FIR tail). */
int plr_shape_needs_per_sequence_plan(const plr_shape *s);
/* Whether the loop is evaluated as several stages (one call each, composed
 * or folded). */
int plr_shape_is_cascade(const plr_shape *s);
/* The form as the remark's "Form" argument words it ("" for a plain
 * recurrence); calls: how many runtime calls the call plan makes, composed
 * the composed call's order and FIR length. */
void plr_shape_spell_form(struct plr_text *t, const plr_shape *s, unsigned calls, unsigned composed_order,
                          unsigned composed_fir);

#ifdef __cplusplus
}
#endif

#include "plr_pass.h" /* (for the files that use the shape: the plan, after the types) */

#endif /* PLR_SHAPE_H */
