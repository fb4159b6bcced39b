/*
 * callplan.h - what the replacement of one loop does, in order: the runtime
 * calls, the maps around them and the copy of the loop for side values,
 * with the checks and the plr_pays question that guard them.
 *
 * Built once, from a finished plr_plan and its shape (after legality, the
 * signature, the composition and nest decisions), by plr_plan_calls. The
 * rewrite lowers it step by step, the remarks spell it, and the pays
 * question takes its pass count from it: none of them derives the calls
 * from the plan's flags.
 */
#ifndef PLR_CALLPLAN_H
#define PLR_CALLPLAN_H

#include "plr_pass.h"
#include "shape.h"

typedef enum plr_step_kind {
    PLR_STEP_CALL, /* one plr_run or plr_run_many */
    PLR_STEP_MAP,  /* a loop (or straight-line code) of our own over y */
    PLR_STEP_SIDE, /* a copy of the loop without its store (PLR_LO_SIDE live-outs) */
    PLR_STEP_SIGNATURE, /* the signature read from the coefficient array (run-time order) */
    PLR_STEP_BUFFER, /* the state's buffer, which the call writes instead of y (plr_shape.state_buffer;
                        plr_step.only_where_y: where a map's load is y at run time) */
} plr_step_kind;

/* Where a call's signature comes from. */
typedef enum plr_call_form {
    PLR_FORM_LOOP,     /* plr_plan.lin: the loop's own recurrence, or a cascade's first stage */
    PLR_FORM_STAGE,    /* stages.lin[stage]: a later stage of a cascade */
    PLR_FORM_COMPOSED, /* the stages of an integer cascade multiplied out (stages.ck, stages.cf) */
    PLR_FORM_FOLDED,   /* stages.fold_lin: an output folded over stage fold_over - 1 (shape.h) */
    PLR_FORM_ARRAY,    /* the run-time order's: built by the PLR_STEP_SIGNATURE step before it */
} plr_call_form;

typedef enum plr_call_flow {
    PLR_FLOW_X_TO_Y,    /* reads x, writes y */
    PLR_FLOW_IN_PLACE,  /* reads and writes y (x is y, or y holds the previous stage) */
} plr_call_flow;

/* Where a call finds y[-j] and x[-m]. */
typedef enum plr_call_history {
    PLR_FROM_LOOP_START, /* the values the loop (its stages) starts from: phis or memory */
    PLR_FROM_ZERO,       /* every sequence of a nest from zero */
    PLR_FROM_GATHER,     /* gathered per sequence of a nest before the call */
    PLR_FROM_PROLOGUE,   /* real outputs and inputs, after a map computed the first outputs */
} plr_call_history;

/* A call's layout is the shape's (shape.h). */
typedef plr_shape_layout plr_call_layout;

typedef enum plr_map_kind {
    PLR_MAP_INPUT,    /* the input term t[i] into y before the calls (a clone without the y terms) */
    PLR_MAP_FIXED,    /* *z = g(y[n-1], ...) once after the calls: a fixed element the loop stores (outs[output]) */
    PLR_MAP_STORE,    /* z[i] = g(y[i], ...) after the calls: another array the loop stores (outs[output]) */
    PLR_MAP_OUTPUT,   /* y[i] = g(y[i], ...) after the calls (and the stores' maps): the output map */
    PLR_MAP_FIR,      /* y[i] = FIR of the last stage's state, after the calls */
    PLR_MAP_PEEL,     /* first outputs of transposed states from their start (stored once the call succeeds) */
    PLR_MAP_COMPOSED, /* first outputs of a composed cascade, stage by stage */
    PLR_MAP_FOLD,     /* first outputs of a folded output, from the stage in y */
} plr_map_kind;

typedef struct plr_step {
    plr_step_kind kind;
    /* PLR_STEP_CALL */
    plr_call_form form;
    int stage; /* the cascade stage y holds after the call (0 outside a cascade) */
    unsigned order, fir_len;
    plr_call_flow flow;
    plr_call_history history;
    plr_call_layout layout;
    /* PLR_STEP_MAP */
    plr_map_kind map;
    unsigned outputs; /* PLR_MAP_PEEL, _COMPOSED, _FOLD: how many first outputs it computes */
    unsigned output;  /* PLR_MAP_STORE, _FIXED: which of plr_plan.maps.outs */
    /* PLR_STEP_BUFFER: only where a load of plr_access.rl_or_y is y when the
     * program runs; elsewhere the call writes y itself (no allocation) */
    int only_where_y;
    /* several recurrences (PLR_LAYOUT_SEPARATE): whose call, an index of
     * plr_plan.chan->sub (0 elsewhere: the plan's own) */
    unsigned rec;
} plr_step;

/* Checks before the call path, on the addresses (bits of plr_call_plan.checks). */
enum plr_check {
    PLR_CHECK_X_APART = 1u << 0,       /* x (with its history) and y do not meet */
    PLR_CHECK_X_OR_SAME = 1u << 1,     /* ... or x is exactly y */
    PLR_CHECK_LOADS_APART = 1u << 2,   /* what other loads read lies outside y */
    PLR_CHECK_SEQ_HISTORY = 1u << 3,   /* no sequence of a nest writes another's history */
    PLR_CHECK_X_NOT_Y = 1u << 4,       /* x is not y (later stages run over y in place) */
    PLR_CHECK_COEF_APART = 1u << 5,    /* the coefficient array lies outside y (run-time order) */
    PLR_CHECK_ORDER = 1u << 6,         /* 1 <= the run-time order <= PLR_MAX_ORDER, the taps run */
    PLR_CHECK_STORES_APART = 1u << 7,  /* the other stored arrays apart from x, y and each other */
    PLR_CHECK_NO_WRAP = 1u << 8,       /* the narrow indices widened do not wrap, a pinned stride is 1 (plr_plan.wrap) */
    PLR_CHECK_RECS_APART = 1u << 9,    /* several recurrences: each output apart from the others' arrays */
    PLR_CHECK_STRIDE = 1u << 10,       /* a loop alone's run-time stride: whole elements, not 0, bounded */
};

#define PLR_MAX_STEPS (PLR_MAX_STAGES + PLR_MAX_OUTPUTS + 6)

typedef struct plr_call_plan {
    plr_step steps[PLR_MAX_STEPS];
    unsigned nsteps;
    unsigned checks;
    /* plr_pays (plr_pays_many when the first call is not PLR_LAYOUT_UNIT) is
     * asked before step ask_at: passes over the data the steps make, stages
     * the loop evaluates in its one pass. */
    unsigned ask_at, passes, stages;
} plr_call_plan;

/* The deepest y[i-j] a plan reads from memory (its call's y history). */
int64_t plr_y_history_in_memory(const plr_plan *p);
/* Builds p->calls from the finished plan and its shape (p->shape). */
void plr_plan_calls(plr_plan *p);
/* PLR_R_HISTORY_TWICE where a history read through a phi and from memory
 * would need a check per sequence (nests, channels, a run-time order);
 * PLR_R_ALWAYS_OVERLAPS where the address checks of p->calls compare an
 * array the loop reads with one the replacement writes, a constant distance
 * apart, whose footprints meet at every trip count a call would take: a
 * replacement whose guard never passes is no replacement. Else
 * PLR_OK_CANDIDATE (also where only the running program can tell). */
plr_reason plr_call_plan_feasible(plr_plan *p);
unsigned plr_call_plan_calls(const plr_call_plan *cp);
/* The first step of that kind, NULL if none. */
const plr_step *plr_call_plan_first(const plr_call_plan *cp, plr_step_kind kind);
/* The steps as text, for the remark's Plan argument. */
void plr_call_plan_spell(plr_text *t, const plr_plan *p, const plr_call_plan *cp);

#endif /* PLR_CALLPLAN_H */
