/*
 * callplan.c - the call plan of an accepted loop (callplan.h): built from
 * the plan's decisions, counted and spelled.
 */
#include <stdlib.h>
#include <string.h>

#include "callplan.h"
#include "recognize.h"
#include "runtime_order.h"

static plr_step *add_step(plr_call_plan *cp, plr_step_kind kind) {
    if (cp->nsteps == PLR_MAX_STEPS)
        abort(); /* PLR_MAX_STAGES calls, a map per stored array and at most six other steps */
    plr_step *s = &cp->steps[cp->nsteps++];
    *s = (plr_step){.kind = kind};
    return s;
}

static void add_map(plr_call_plan *cp, plr_map_kind map, unsigned outputs) {
    plr_step *s = add_step(cp, PLR_STEP_MAP);
    s->map = map;
    s->outputs = outputs;
}

static plr_step *add_call(plr_call_plan *cp, plr_call_form form, int stage, unsigned order, unsigned fir_len,
                          plr_call_flow flow, plr_call_history history, plr_call_layout layout) {
    plr_step *s = add_step(cp, PLR_STEP_CALL);
    s->form = form;
    s->stage = stage;
    s->order = order;
    s->fir_len = fir_len;
    s->flow = flow;
    s->history = history;
    s->layout = layout;
    return s;
}

/* Whether the call computes what the loop does with x exactly y: the loop
 * reads x[i] before it writes y[i], and no other element of x (an input
 * tap read from memory, x[i-1], would read the y[i-1] the loop wrote). */
static int in_place_as_the_loop(const plr_plan *p) {
    return p->access.x_mem_history == 0 && p->access.x_step == p->access.step;
}

static unsigned address_checks(const plr_plan *p) {
    const plr_shape *shape = p->shape;
    unsigned c = p->wrap ? PLR_CHECK_NO_WRAP : 0;
    if (shape->layout == PLR_LAYOUT_CHANNELS) /* the channels lie within one step: the runtime's overlap check suffices */
        return c;
    if (shape->layout == PLR_LAYOUT_NEST || shape->layout == PLR_LAYOUT_LANES) {
        c |= p->nest->y_elements ? PLR_CHECK_SEQ_HISTORY : 0;
        c |= p->access.nrl ? PLR_CHECK_LOADS_APART : 0;
        /* (the runtime's overlap check lets exactly in place through, which
         * a map reading x after the call cannot take) */
        c |= p->nest->x_elements || shape->maps_read_x ? PLR_CHECK_X_APART : 0;
        c |= plr_shape_is_cascade(shape) ? PLR_CHECK_X_NOT_Y : 0;
        c |= shape->stored_maps ? PLR_CHECK_STORES_APART : 0;
        return c;
    }
    c |= p->access.step_s ? PLR_CHECK_STRIDE : 0;
    if (!p->access.in_place) {
        c |= PLR_CHECK_X_APART;
        /* exactly in place reads x[i] before writing y[i]; not for a
         * cascade, whose first call leaves y holding the first stage, nor
         * with a side copy or a map reading x, whose loads of x are proved
         * to read memory the loop never writes by this very check */
        if (in_place_as_the_loop(p) && !plr_shape_is_cascade(shape) && !shape->live_side && !shape->maps_read_x)
            c |= PLR_CHECK_X_OR_SAME;
    }
    c |= p->access.nrl ? PLR_CHECK_LOADS_APART : 0;
    c |= shape->stored_maps ? PLR_CHECK_STORES_APART : 0;
    return c;
}

/* A recurrence of run-time order: its signature is read from the
 * coefficient array once the checks have passed (the order among them), and
 * plr_pays is asked with it, so the planner sees the order of this run. */
static void plan_runtime_order(plr_plan *p, plr_call_plan *cp) {
    cp->checks = PLR_CHECK_COEF_APART | PLR_CHECK_ORDER | (p->wrap ? PLR_CHECK_NO_WRAP : 0);
    if (!p->access.in_place)
        cp->checks |= PLR_CHECK_X_APART | PLR_CHECK_X_OR_SAME;
    add_step(cp, PLR_STEP_SIGNATURE);
    cp->ask_at = cp->nsteps;
    add_call(cp, PLR_FORM_ARRAY, 0, 0, 1, p->access.in_place ? PLR_FLOW_IN_PLACE : PLR_FLOW_X_TO_Y, PLR_FROM_LOOP_START,
             PLR_LAYOUT_UNIT);
    cp->passes = 1;
    cp->stages = 1;
}

/* Several recurrences: a call each, in the order channels.c chose, each
 * with the layout the recurrence alone would have; the checks are decided
 * with the pairs (plr_call_plan_feasible). */
static void plan_separate(plr_plan *p, plr_call_plan *cp) {
    const plr_channels *ch = p->chan;
    cp->checks = p->wrap ? PLR_CHECK_NO_WRAP : 0;
    for (unsigned i = 0; i < ch->count; i++) {
        const plr_plan *q = ch->sub[ch->order[i]];
        int unit = q->access.step == (int64_t)q->size && q->access.x_step == (int64_t)q->storage.x_size;
        plr_step *s = add_call(cp, PLR_FORM_LOOP, 0, q->order, q->fir_len,
                               q->access.in_place ? PLR_FLOW_IN_PLACE : PLR_FLOW_X_TO_Y, PLR_FROM_LOOP_START,
                               unit ? PLR_LAYOUT_UNIT : PLR_LAYOUT_STRIDED);
        s->rec = ch->order[i];
    }
    cp->ask_at = 0;
    cp->passes = 1;
    cp->stages = 1;
}

/* A call below this many elements costs more than it saves, whatever the
 * user asks for; it also keeps n-1-m >= 0 for every saved x value. */
#define PLR_HARD_MIN_N 64

uint64_t plr_call_threshold(void) {
    uint64_t min_n = plr_min_n();
    return min_n < PLR_HARD_MIN_N ? PLR_HARD_MIN_N : min_n;
}

/* ---- whether the checks can pass ------------------------------------------ */

/* The bytes [lo, hi) elements -h..n-1 of a sequence occupy, relative to its
 * start (step bytes apart, negative: backward; 0: one element), as the
 * checks' footprints. */
typedef struct extent {
    int64_t lo, hi;
} extent;

static extent extent_of(int64_t n, int64_t step, int64_t h, int64_t size) {
    const int64_t first = -h * step, last = (n - 1) * step;
    return step > 0 ? (extent){first, last + size} : (extent){last, first + size};
}

/* Whether a sequence starting at `a` (extent ea) and one at `b` (eb) occupy
 * bytes in common at n, their starts a constant distance apart. The
 * footprints only grow with n, so bytes in common at the smallest n a call
 * takes are in common at every larger one. 0: apart, or the distance known
 * only at run time. */
static int always_meet(plr_plan *p, plr_scev *a, extent ea, plr_scev *b, extent eb) {
    int64_t d;
    if (!a || !b || !plr_scev_const_diff(p->ctx, a, b, &d))
        return 0;
    return ea.lo + d < eb.hi && eb.lo < ea.hi + d;
}

/* The deepest y[i-j] a plan reads from memory: what its call reads of y
 * before the first output. */
int64_t plr_y_history_in_memory(const plr_plan *p) {
    int64_t h = 0;
    for (unsigned i = 0; i < p->walk.nleaves; i++)
        if ((p->walk.leaves[i].kind == PLR_LEAF_Y || p->walk.leaves[i].kind == PLR_LEAF_Y2) &&
            p->walk.leaves[i].from_memory && p->walk.leaves[i].delay > h)
            h = p->walk.leaves[i].delay;
    return h;
}

/* Two sequences of one step whose elements lie at different offsets
 * within it (interleaved), their starts d bytes apart: they never meet. */
static int interleaved_apart(int64_t d, int64_t step_a, unsigned size_a, int64_t step_b, unsigned size_b) {
    if (step_a != step_b || step_a == 0)
        return 0;
    int64_t s = step_a < 0 ? -step_a : step_a, r = ((d % s) + s) % s;
    return r >= (int64_t)size_a && r + (int64_t)size_b <= s;
}

/* Several recurrences: each output against every other recurrence's
 * output and input (with the history it reads from memory), and each input
 * against its own output. Pairs proved apart (interleaved in one step) need
 * no check; pairs that meet at every trip count a call takes make the
 * replacement impossible (AlwaysOverlaps); the rest are checked before the
 * calls (p->chan->pairs). Exactly in place is let through for the call
 * made last alone. */
static plr_reason separate_feasible(plr_plan *p) {
    plr_channels *ch = p->chan;
    const unsigned m = ch->count, last = ch->order[m - 1];
    const uint64_t least = plr_call_threshold(), cap = UINT64_C(1) << 36;
    uint64_t nmin = (least + m - 1) / m; /* the threshold is on all calls' elements */
    const int64_t n = (int64_t)(nmin < 1 ? 1 : nmin < cap ? nmin : cap);
    ch->npairs = 0;
    for (unsigned w = 0; w < m; w++) {
        plr_plan *a = ch->sub[w];
        if (plr_histories_twice(a)) {
            p->why_at = a->store;
            return PLR_R_HISTORY_TWICE;
        }
        const extent ew = extent_of(n, a->access.step, 0, a->size);
        for (unsigned r = 0; r < m; r++)
            for (int rx = 0; rx <= 1; rx++) {
                plr_plan *q = ch->sub[r];
                if ((r == w && !rx) || (rx && q->access.in_place))
                    continue;
                if (!rx && r < w && !plr_y_history_in_memory(a) && !plr_y_history_in_memory(q))
                    continue; /* (the same two outputs, compared as r against w) */
                plr_scev *start = rx ? q->access.x_start : q->access.y_start;
                int64_t step = rx ? q->access.x_step : q->access.step,
                        h = rx ? q->access.x_mem_history : plr_y_history_in_memory(q), d;
                unsigned size = rx ? q->storage.x_size : q->size;
                const extent er = extent_of(n, step, h, size);
                if (plr_scev_const_diff(p->ctx, start, a->access.y_start, &d)) {
                    if (interleaved_apart(d, a->access.step, a->size, step, size))
                        continue;
                    if (r == w && d == 0 && step == a->access.step && w == last && in_place_as_the_loop(a))
                        continue; /* exactly in place, called last */
                    if (always_meet(p, start, er, a->access.y_start, ew)) {
                        p->why_at = r == w ? a->store : q->store;
                        return PLR_R_ALWAYS_OVERLAPS;
                    }
                }
                const int or_same = r == w && w == last && in_place_as_the_loop(a);
                ch->pairs[ch->npairs++] = (plr_rec_pair){w, r, rx, or_same};
                p->calls->checks |= r == w ? PLR_CHECK_X_APART : PLR_CHECK_RECS_APART;
                if (or_same)
                    p->calls->checks |= PLR_CHECK_X_OR_SAME;
            }
    }
    return PLR_OK_CANDIDATE;
}

/* Whether the checks before the call keep what a load reads apart from y:
 * x's elements (x apart from y), the other loads the plan registered. */
static int checked_apart_from_y(const plr_plan *p, LLVMValueRef load) {
    const unsigned c = p->calls->checks;
    const plr_leaf *l = plr_find_leaf((plr_plan *)p, load);
    if ((c & PLR_CHECK_X_APART) && l && l->kind == PLR_LEAF_X && l->stream == p->lin->xs && l->stream > 0)
        return 1;
    for (unsigned i = 0; (c & PLR_CHECK_LOADS_APART) && i < p->access.nrl; i++)
        if (p->access.rl_load[i] == load)
            return 1;
    return 0;
}

/* With the state in a buffer, y keeps the loop's outputs, which a load of
 * y[i-1] (as an input tap, say) would have read back: every load of the
 * loop that may read y must be y[i] read before the store, or be checked
 * apart from y. NULL: so. */
static LLVMValueRef other_y_load(const plr_plan *p) {
    unsigned nb = plr_loop_block_count(p->loop);
    for (unsigned bi = 0; bi < nb; bi++)
        for (LLVMValueRef i = LLVMGetFirstInstruction(plr_loop_block(p->loop, bi)); i; i = LLVMGetNextInstruction(i))
            if (LLVMIsALoadInst(i) && plr_may_alias_store(p->ctx, i, p->store) && !plr_is_y_map_load(p, i) &&
                !checked_apart_from_y(p, i))
                return i;
    return NULL;
}

plr_reason plr_call_plan_feasible(plr_plan *p) {
    const plr_shape_layout layout = p->shape->layout;
    /* The state's buffer is lowered for one sequence (unit, strided or
     * backward) whose one call writes it, before the maps: not for the
     * calls of a cascade or a prologue's first outputs stored into y, nor
     * over several sequences or recurrences. */
    if (p->shape->state_buffer &&
        ((layout != PLR_LAYOUT_UNIT && layout != PLR_LAYOUT_STRIDED) || plr_call_plan_calls(p->calls) != 1 ||
         (p->shape->kind != PLR_SHAPE_OUTPUT_MAP && !plr_shape_is_materialized(p->shape)))) {
        /* (a state wider than its output, no y load: a buffer or nothing) */
        LLVMValueRef y_load = plr_y_map_load(p);
        p->why_at = y_load ? y_load : p->store;
        return y_load ? PLR_R_OUTPUT_OVERLAP : PLR_R_NARROW;
    }
    if (p->shape->state_buffer && (p->why_at = other_y_load(p)) != NULL)
        return PLR_R_OUTPUT_OVERLAP;
    if (layout == PLR_LAYOUT_SEPARATE)
        return separate_feasible(p);
    /* the check that both sources of such a history agree is the single
     * sequence's (rewrite.c; a nest declines, nest.c, and leaves the loop
     * alone to it); lanes, channels and a run-time order read the phi's
     * start alone */
    if ((layout == PLR_LAYOUT_LANES || layout == PLR_LAYOUT_CHANNELS || p->shape->kind == PLR_SHAPE_RUNTIME_ORDER) &&
        plr_histories_twice(p)) {
        p->why_at = p->store;
        return PLR_R_HISTORY_TWICE;
    }
    /* nests and channels compare boxes over all their sequences (and the
     * runtime checks channels): decided when the program runs */
    if (layout == PLR_LAYOUT_NEST || layout == PLR_LAYOUT_LANES || layout == PLR_LAYOUT_CHANNELS)
        return PLR_OK_CANDIDATE;
    /* a run-time stride: the footprints too, and where a load lies a
     * constant distance from y at its stride, their lanes (rewrite.c) */
    if (p->access.step_s) {
        for (unsigned r = 0; r < p->access.nrl; r++)
            p->access.rl_offset_known[r] =
                p->access.rl_runtime[r] &&
                plr_scev_const_diff(p->ctx, p->access.rl_start[r], p->access.y_start, &p->access.rl_offset[r]);
        return PLR_OK_CANDIDATE;
    }
    int64_t d;
    if ((p->calls->checks & PLR_CHECK_X_APART) &&
        plr_scev_const_diff(p->ctx, p->access.x_start, p->access.y_start, &d) &&
        interleaved_apart(d, p->access.step, p->size, p->access.x_step, p->storage.x_size))
        /* x and y one array's elements at different offsets within one
         * step (odd in, even out: a[2*i] = a[2*i-1] + b*a[2*i-2]): they
         * never meet, which the runtime's element-exact test sees too;
         * their byte ranges always would */
        p->calls->checks &= ~(unsigned)(PLR_CHECK_X_APART | PLR_CHECK_X_OR_SAME);
    const unsigned checks = p->calls->checks;
    const uint64_t least = plr_call_threshold(), cap = UINT64_C(1) << 36; /* (the check's own bound) */
    const int64_t n = (int64_t)(least < cap ? least : cap);
    const extent ey = extent_of(n, p->access.step, 0, p->size);
    extent eo[PLR_MAX_OUTPUTS];
    for (unsigned k = 0; k < p->maps.nouts; k++)
        eo[k] = extent_of(n, p->maps.outs[k].step, 0, p->maps.outs[k].size);
    const extent ex = extent_of(n, p->access.x_step, p->access.x_mem_history, p->storage.x_size);
    const int same = (checks & PLR_CHECK_X_OR_SAME) &&
                     plr_scev_const_diff(p->ctx, p->access.x_start, p->access.y_start, &d) && d == 0;
    if ((checks & PLR_CHECK_X_APART) && !same && always_meet(p, p->access.x_start, ex, p->access.y_start, ey)) {
        p->why_at = p->store;
        return PLR_R_ALWAYS_OVERLAPS;
    }
    unsigned apart = 0;
    if (checks & PLR_CHECK_LOADS_APART)
        for (unsigned r = 0; r < p->access.nrl; r++) {
            /* (as x above: elements of y's array between y's) */
            p->access.rl_apart[r] = !p->maps.nouts && !p->access.rl_runtime[r] &&
                                    plr_scev_const_diff(p->ctx, p->access.rl_start[r], p->access.y_start, &d) &&
                                    interleaved_apart(d, p->access.step, p->size, p->access.rl_step[r],
                                                      (unsigned)p->access.rl_size[r]);
            if (p->access.rl_apart[r]) {
                p->access.rl_or_y[r] = 0; /* (never y either) */
                apart++;
                continue;
            }
            const extent er = extent_of(n, p->access.rl_step[r], 0, p->access.rl_size[r]);
            int meet = always_meet(p, p->access.rl_start[r], er, p->access.y_start, ey);
            for (unsigned k = 0; k < p->maps.nouts && !meet; k++)
                meet = always_meet(p, p->access.rl_start[r], er, p->maps.outs[k].start, eo[k]);
            if (meet) {
                p->why_at = p->access.rl_load[r];
                return PLR_R_ALWAYS_OVERLAPS;
            }
        }
    if (apart && apart == p->access.nrl) /* (nothing left to check) */
        p->calls->checks &= ~(unsigned)PLR_CHECK_LOADS_APART;
    if (checks & PLR_CHECK_STORES_APART)
        for (unsigned k = 0; k < p->maps.nouts; k++) {
            int meet = always_meet(p, p->maps.outs[k].start, eo[k], p->access.y_start, ey) ||
                       (!p->access.in_place && always_meet(p, p->maps.outs[k].start, eo[k], p->access.x_start, ex));
            for (unsigned j = 0; j < k && !meet; j++)
                meet = always_meet(p, p->maps.outs[k].start, eo[k], p->maps.outs[j].start, eo[j]);
            if (meet) {
                p->why_at = p->maps.outs[k].store;
                return PLR_R_ALWAYS_OVERLAPS;
            }
        }
    return PLR_OK_CANDIDATE;
}

/* Whether the plan could write the state to a buffer instead of y: one
 * sequence (unit, strided or backward), one call, whose state an output
 * map turns into y (plr_call_plan_feasible's condition for the buffer,
 * and the map it needs to reach y). */
static int buffer_fits(const plr_shape *shape) {
    return (shape->layout == PLR_LAYOUT_UNIT || shape->layout == PLR_LAYOUT_STRIDED) && shape->output_map &&
           (shape->kind == PLR_SHAPE_OUTPUT_MAP || plr_shape_is_materialized(shape)) && shape->stage_calls <= 1 &&
           !shape->peel && !shape->fir_tail && !shape->live_side;
}

/* A load a map reads that may be y itself when the program runs (ffmpeg's
 * gain control `out[i] = in[i]*mem`, called with out == in): its elements
 * y's own (size and step, from a start alias analysis cannot place), read
 * before the store. Where it is y, the map reads y as the loop found it,
 * and the call writes the state to a buffer. */
static int load_may_be_y(const plr_plan *p, unsigned r) {
    const plr_access *a = &p->access;
    int in_map = 0;
    for (unsigned k = 0; k < p->maps.nmload; k++)
        in_map |= p->maps.mload[k].load == a->rl_load[r];
    if (!in_map || a->rl_size[r] != (int64_t)p->size)
        return 0;
    if (a->rl_runtime[r] ? !a->step_s : a->step_s || a->rl_step[r] != a->step)
        return 0;
    return plr_load_before_store(p, a->rl_load[r]);
}

/* The loads that may be y at run time, marked (rl_or_y); whether any. */
static int mark_loads_or_y(plr_plan *p) {
    int any = 0;
    for (unsigned r = 0; r < p->access.nrl; r++)
        any |= p->access.rl_or_y[r] = load_may_be_y(p, r);
    return any;
}

void plr_plan_calls(plr_plan *p) {
    const plr_shape *shape = p->shape;
    plr_call_plan *cp = plr_alloc(p, sizeof *cp);
    for (unsigned r = 0; r < p->access.nrl; r++)
        p->access.rl_or_y[r] = 0;
    if (shape->kind == PLR_SHAPE_RUNTIME_ORDER) {
        plan_runtime_order(p, cp);
        p->calls = cp;
        return;
    }
    if (shape->layout == PLR_LAYOUT_SEPARATE) {
        plan_separate(p, cp);
        p->calls = cp;
        return;
    }
    plr_call_layout layout = shape->layout;
    int nest = layout == PLR_LAYOUT_NEST || layout == PLR_LAYOUT_LANES;
    plr_call_history start = !nest              ? PLR_FROM_LOOP_START
                             : p->nest->gathers ? PLR_FROM_GATHER
                                                : PLR_FROM_ZERO;
    cp->checks = address_checks(p);
    if (shape->live_side)
        add_step(cp, PLR_STEP_SIDE);
    if (shape->state_buffer)
        add_step(cp, PLR_STEP_BUFFER);
    else if ((cp->checks & PLR_CHECK_LOADS_APART) && buffer_fits(shape) && mark_loads_or_y(p))
        add_step(cp, PLR_STEP_BUFFER)->only_where_y = 1;
    if (shape->kind == PLR_SHAPE_COMPOSED) {
        add_map(cp, PLR_MAP_COMPOSED, p->stages.ck + p->stages.cf - 1);
        cp->ask_at = cp->nsteps; /* its signature is built by the prologue */
        add_call(cp, PLR_FORM_COMPOSED, (int)shape->stages - 1, p->stages.ck, p->stages.cf, PLR_FLOW_X_TO_Y,
                 PLR_FROM_PROLOGUE, layout);
    } else {
        plr_call_history h = start;
        /* (a materialized input comes with no cascade; its transposed
         * states' first outputs, if any, are computed after it has
         * overwritten y, from the loop's own loads) */
        if (shape->kind == PLR_SHAPE_MATERIALIZED || shape->kind == PLR_SHAPE_HOMOGENEOUS)
            add_map(cp, PLR_MAP_INPUT, 0);
        if (shape->peel) {
            unsigned i0 = shape->peel;
            if (i0 < p->order)
                i0 = p->order;
            if (i0 < p->fir_len - 1)
                i0 = p->fir_len - 1;
            add_map(cp, PLR_MAP_PEEL, i0);
            h = PLR_FROM_PROLOGUE;
        }
        add_call(cp, PLR_FORM_LOOP, 0, p->order, p->fir_len, p->access.in_place ? PLR_FLOW_IN_PLACE : PLR_FLOW_X_TO_Y,
                 h, layout);
        for (unsigned s = 1; s < shape->stage_calls; s++)
            add_call(cp, PLR_FORM_STAGE, (int)s, p->stages.order[s], p->stages.fir[s], PLR_FLOW_IN_PLACE, start,
                     layout);
    }
    if (shape->kind == PLR_SHAPE_FOLDED) {
        int last = (int)shape->stages - 1;
        unsigned k = p->stages.order[last], f = p->stages.fir[last];
        add_map(cp, PLR_MAP_FOLD, k + f - 1);
        add_call(cp, PLR_FORM_FOLDED, last, k, f, PLR_FLOW_IN_PLACE, PLR_FROM_PROLOGUE, layout);
    }
    if (shape->fir_tail && shape->kind != PLR_SHAPE_COMPOSED)
        add_map(cp, PLR_MAP_FIR, 0);
    /* The other stored arrays read the state from y, so they come before
     * the output map, which replaces it; the fixed elements first, as
     * straight-line code before the map loop. */
    for (int fixed = 1; fixed >= 0; fixed--)
        for (unsigned k = 0; k < shape->stored_maps; k++) {
            if (p->maps.outs[k].fixed != fixed)
                continue;
            plr_step *m = add_step(cp, PLR_STEP_MAP);
            m->map = fixed ? PLR_MAP_FIXED : PLR_MAP_STORE;
            m->output = k;
        }
    if (shape->output_map)
        add_map(cp, PLR_MAP_OUTPUT, 0);
    /* A pass: a call, a side copy, or a map over all of y (a prologue
     * touches only the first outputs, a fixed element the last). */
    for (unsigned i = 0; i < cp->nsteps; i++) {
        const plr_step *s = &cp->steps[i];
        int prologue = s->kind == PLR_STEP_MAP && (s->map == PLR_MAP_PEEL || s->map == PLR_MAP_COMPOSED ||
                                                   s->map == PLR_MAP_FOLD || s->map == PLR_MAP_FIXED);
        cp->passes += !prologue && s->kind != PLR_STEP_BUFFER;
    }
    cp->stages = shape->stages;
    p->calls = cp;
}

unsigned plr_call_plan_calls(const plr_call_plan *cp) {
    unsigned n = 0;
    for (unsigned i = 0; i < cp->nsteps; i++)
        n += cp->steps[i].kind == PLR_STEP_CALL;
    return n;
}

const plr_step *plr_call_plan_first(const plr_call_plan *cp, plr_step_kind kind) {
    for (unsigned i = 0; i < cp->nsteps; i++)
        if (cp->steps[i].kind == kind)
            return &cp->steps[i];
    return NULL;
}

/* Where another store writes: its array, or the fixed element itself. */
static void spell_output(plr_text *t, const plr_plan *p, const plr_output *o) {
    if (o->fixed)
        plr_spell_stored(t, p->ctx, o->store);
    else
        plr_spell_array(t, p->ctx, o->store);
}

/* The other stored arrays: "z", "z and env", "z, env and *last". */
static void spell_stored(plr_text *t, const plr_plan *p) {
    for (unsigned k = 0; k < p->maps.nouts; k++) {
        plr_put(t, "%s", k == 0 ? "" : k + 1 == p->maps.nouts ? " and " : ", ");
        spell_output(t, p, &p->maps.outs[k]);
    }
}

static void spell_checks(plr_text *t, const plr_plan *p, unsigned c) {
    const char *sep = "check(";
    if (p->shape->layout == PLR_LAYOUT_SEPARATE) {
        if (c & PLR_CHECK_X_APART) {
            plr_put(t, "%sx apart from y%s", sep, c & PLR_CHECK_X_OR_SAME ? " (or exactly y for the last call)" : "");
            sep = ", ";
        }
        if (c & PLR_CHECK_RECS_APART) {
            plr_put(t, "%seach y apart from the other recurrences' x and y", sep);
            sep = ", ";
        }
        c &= ~(unsigned)(PLR_CHECK_X_APART | PLR_CHECK_X_OR_SAME | PLR_CHECK_RECS_APART);
        if (sep[0] == ',' && !c) {
            plr_put(t, "); ");
            return;
        }
    }
    if (c & PLR_CHECK_X_APART) {
        plr_put(t, "%sx apart from y%s", sep, c & PLR_CHECK_X_OR_SAME ? " or exactly y" : "");
        sep = ", ";
    }
    if (c & PLR_CHECK_LOADS_APART) {
        int or_y = 0;
        for (unsigned r = 0; r < p->access.nrl; r++)
            or_y |= p->access.rl_or_y[r];
        plr_put(t, "%sother loads apart from y%s", sep, or_y ? " (a map's load: or exactly y)" : "");
        if (p->maps.nouts) {
            plr_put(t, "%s", p->maps.nouts > 1 ? ", " : " and ");
            spell_stored(t, p);
        }
        sep = ", ";
    }
    if (c & PLR_CHECK_SEQ_HISTORY) {
        plr_put(t, "%sno sequence writes another's history", sep);
        sep = ", ";
    }
    if (c & PLR_CHECK_X_NOT_Y) {
        plr_put(t, "%sx is not y", sep);
        sep = ", ";
    }
    if (c & PLR_CHECK_COEF_APART) {
        plr_put(t, "%scoefficients apart from y", sep);
        sep = ", ";
    }
    if ((c & PLR_CHECK_NO_WRAP) && p->access.stride_pin) {
        plr_put(t, "%sthe stride%s ", sep, p->access.x_stride_pin ? "s" : "");
        plr_spell(t, p->ctx, p->access.stride_pin, 0);
        if (p->access.x_stride_pin) {
            plr_put(t, " and ");
            plr_spell(t, p->ctx, p->access.x_stride_pin, 0);
        }
        plr_put(t, p->access.x_stride_pin ? " are 1" : " is 1");
        sep = ", ";
    }
    if (c & PLR_CHECK_STRIDE) {
        plr_put(t, "%sthe stride whole elements, not 0, at most %lld bytes", sep, (long long)PLR_MAX_STEP_BYTES);
        sep = ", ";
    }
    if ((c & PLR_CHECK_NO_WRAP) && plr_wrap_no_wrap_count(p->wrap)) {
        plr_put(t, "%sno narrow index wraps", sep);
        sep = ", ";
    }
    if (c & PLR_CHECK_STORES_APART) {
        plr_put(t, "%s", sep);
        spell_stored(t, p);
        plr_put(t, " apart from %s",
                p->access.in_place && p->maps.nouts > 1 ? "y and each other"
                : p->access.in_place                    ? "y"
                : p->maps.nouts > 1                     ? "x, y and each other"
                                                        : "x and y");
        sep = ", ";
    }
    if (c & PLR_CHECK_ORDER) {
        plr_put(t, "%sthe taps run, 1 <= ", sep);
        plr_rto_spell_count(t, p);
        plr_put(t, " <= %d", PLR_MAX_ORDER);
        sep = ", ";
    }
    if (c)
        plr_put(t, "); ");
}

/* Where the calls leave the states, as the plan names it: y, or the
 * state's buffer (plr_shape.state_buffer) they write instead. */
static const char *state_home(const plr_plan *p) {
    return p->shape->state_buffer ? "state" : "y";
}

static void spell_call(plr_text *t, const plr_plan *p, const plr_step *s) {
    plr_put(t, "call(");
    switch (s->form) {
    case PLR_FORM_LOOP:
        plr_spell_lin(t, p, p->lin, s->fir_len, s->order);
        break;
    case PLR_FORM_STAGE:
        plr_spell_lin(t, p, p->stages.lin[s->stage], s->fir_len, s->order);
        break;
    case PLR_FORM_FOLDED:
        plr_spell_lin(t, p, p->stages.fold_lin, s->fir_len, s->order);
        break;
    case PLR_FORM_COMPOSED:
        if (!plr_spell_composed(t, p))
            plr_put(t, "%u stages composed: order %u, FIR length %u", p->shape->stages, s->order, s->fir_len);
        break;
    case PLR_FORM_ARRAY:
        plr_rto_spell_gain(t, p);
        plr_put(t, ": b[1..");
        plr_rto_spell_count(t, p);
        plr_put(t, "]");
        break;
    }
    const char *y = state_home(p);
    if (s->flow == PLR_FLOW_IN_PLACE)
        plr_put(t, ") %s->%s in place", y, y);
    else
        plr_put(t, ") x->%s", y);
    switch (s->layout) {
    case PLR_LAYOUT_UNIT:
        break;
    case PLR_LAYOUT_STRIDED: {
        /* (in place: a cascade's later stage, a folded output read y at
         * y's stride) */
        int x_is_y = s->flow == PLR_FLOW_IN_PLACE;
        if (p->access.step_s && (p->access.x_step == 0 || x_is_y))
            plr_put(t, ", x and y stride a run-time value");
        else if (p->access.step_s)
            plr_put(t, ", y stride a run-time value, x stride %lld",
                    (long long)(p->access.x_step / (int64_t)p->storage.x_size));
        else
            plr_put(t, ", y stride %lld, x stride %lld", (long long)plr_state_stride(p),
                    x_is_y ? (long long)plr_state_stride(p)
                           : (long long)(p->access.x_step / (int64_t)p->storage.x_size));
        break;
    }
    case PLR_LAYOUT_NEST:
        plr_put(t, ", a sequence per outer iteration");
        break;
    case PLR_LAYOUT_LANES:
        plr_put(t, ", a sequence per lane");
        break;
    case PLR_LAYOUT_CHANNELS:
        plr_put(t, ", %u channels", p->shape->channels);
        break;
    case PLR_LAYOUT_SEPARATE:
        break;
    }
    switch (s->history) {
    case PLR_FROM_LOOP_START:
        if (s->form == PLR_FORM_ARRAY) {
            plr_put(t, ", history y[-");
            plr_rto_spell_count(t, p);
            plr_put(t, "..-1] from memory");
        }
        break;
    case PLR_FROM_ZERO:
        plr_put(t, ", from zero");
        break;
    case PLR_FROM_GATHER:
        plr_put(t, ", histories gathered");
        break;
    case PLR_FROM_PROLOGUE:
        plr_put(t, ", after the first outputs");
        break;
    }
}

/* "g(y, in)": what a map reads, the state in y and the arrays of its
 * loads (each named once); the state's earlier values as y[at-d]
 * (at: "n-1" for a fixed element, "i" for an array). */
static void spell_map_args(plr_text *t, const plr_plan *p, const LLVMValueRef *chain, unsigned n, int state,
                           const char *at) {
    char names[PLR_MAX_MAP_LOADS][64];
    unsigned nnames = 0;
    const char *y = state_home(p);
    plr_put(t, "g(%s", !state ? "" : y);
    for (unsigned c = 0; c < n; c++) {
        if (!LLVMIsALoadInst(chain[c]) || nnames == PLR_MAX_MAP_LOADS)
            continue;
        plr_text name = {names[nnames], 0, sizeof names[nnames]};
        names[nnames][0] = '\0';
        plr_spell_array(&name, p->ctx, chain[c]);
        unsigned k = 0;
        while (k < nnames && strcmp(names[k], names[nnames]) != 0)
            k++;
        if (k < nnames)
            continue;
        plr_put(t, "%s%s", state || nnames ? ", " : "", names[nnames]);
        nnames++;
    }
    int any = state || nnames;
    for (unsigned c = 0; c < n; c++)
        if (LLVMIsAPHINode(chain[c])) { /* an induction (outputs.c), or the state before the update */
            plr_put(t, "%s", any ? ", " : "");
            if (plr_state_before(p, chain[c]) && at[0] == 'n')
                plr_put(t, "%s[n-%u]", y, plr_state_before(p, chain[c]) + 1);
            else if (plr_state_before(p, chain[c]))
                plr_put(t, "%s[%s-%u]", y, at, plr_state_before(p, chain[c]));
            else
                plr_spell(t, p->ctx, chain[c], 1);
            any = 1;
        }
    plr_put(t, ")");
}

static void spell_map(plr_text *t, const plr_plan *p, const plr_step *s) {
    switch (s->map) {
    case PLR_MAP_INPUT:
        plr_put(t, "map(%s -> %s)", p->shape->kind == PLR_SHAPE_HOMOGENEOUS ? "0" : "t",
                state_home(p));
        break;
    case PLR_MAP_FIXED: {
        const plr_output *o = &p->maps.outs[s->output];
        plr_put(t, "store(");
        spell_output(t, p, o);
        plr_put(t, " = ");
        if (o->nchain == 1 && plr_state_before(p, o->chain[0])) { /* (an earlier state as it is) */
            plr_put(t, "%s[n-%u]", state_home(p), plr_state_before(p, o->chain[0]) + 1);
        } else if (o->nchain) {
            spell_map_args(t, p, o->chain, o->nchain, o->reads_state, "n");
            plr_put(t, " at n-1");
        } else if (o->reads_state) {
            plr_put(t, "%s[n-1]", state_home(p));
        } else {
            plr_spell(t, p->ctx, LLVMGetOperand(o->store, 0), 0);
        }
        plr_put(t, ")");
        break;
    }
    case PLR_MAP_STORE: {
        const plr_output *o = &p->maps.outs[s->output];
        plr_put(t, "map(");
        plr_spell_array(t, p->ctx, o->store);
        plr_put(t, " = ");
        if (o->nchain == 1 && plr_state_before(p, o->chain[0])) /* (an earlier state as it is) */
            plr_put(t, "%s[i-%u]", state_home(p), plr_state_before(p, o->chain[0]));
        else if (o->nchain)
            spell_map_args(t, p, o->chain, o->nchain, o->reads_state, "i");
        else if (o->reads_state)
            plr_put(t, "%s", state_home(p));
        else /* a value from before the loop */
            plr_spell(t, p->ctx, LLVMGetOperand(o->store, 0), 0);
        plr_put(t, ")");
        break;
    }
    case PLR_MAP_OUTPUT:
        plr_put(t, "map(out = ");
        spell_map_args(t, p, p->maps.chain, p->maps.nchain, 1, "i");
        plr_put(t, ")");
        break;
    case PLR_MAP_FIR: {
        int last = (int)p->shape->stages - 1;
        plr_put(t, "map(y = FIR(");
        plr_spell_lin(t, p, p->stages.lin[last], p->stages.fir[last], 0);
        plr_put(t, ") of y)");
        break;
    }
    case PLR_MAP_PEEL:
        plr_put(t, "map(first %u outputs from the states' start)", s->outputs);
        break;
    case PLR_MAP_COMPOSED:
        plr_put(t, "map(first %u outputs, stage by stage)", s->outputs);
        break;
    case PLR_MAP_FOLD:
        plr_put(t, "map(first %u outputs from stage %u in y)", s->outputs, p->shape->fold_over);
        break;
    }
}

void plr_call_plan_spell(plr_text *t, const plr_plan *p, const plr_call_plan *cp) {
    spell_checks(t, p, cp->checks);
    for (unsigned i = 0; i <= cp->nsteps; i++) {
        if (i == cp->ask_at) {
            plr_put(t, "%sask(%u pass%s%s", i ? "; " : "", cp->passes, cp->passes == 1 ? "" : "es",
                    p->shape->layout == PLR_LAYOUT_SEPARATE ? ", for each call" : "");
            if (cp->stages > 1)
                plr_put(t, ", %u stages", cp->stages);
            plr_put(t, ")");
        }
        if (i == cp->nsteps)
            break;
        const plr_step *s = &cp->steps[i];
        plr_put(t, "%s", i || cp->ask_at == 0 ? "; " : "");
        switch (s->kind) {
        case PLR_STEP_CALL:
            spell_call(t, p->shape->layout == PLR_LAYOUT_SEPARATE ? p->chan->sub[s->rec] : p, s);
            break;
        case PLR_STEP_MAP:
            spell_map(t, p, s);
            break;
        case PLR_STEP_SIDE:
            plr_put(t, "side(copy of the loop without its store)");
            break;
        case PLR_STEP_BUFFER:
            plr_put(t, plr_state_wider(p) ? "buffer(the state, n elements: wider than the output)"
                       : s->only_where_y ? "buffer(where the map's load is y: the state, n elements; else y)"
                                         : "buffer(the state, n elements: the map reads y as it was)");
            break;
        case PLR_STEP_SIGNATURE:
            plr_put(t, "signature(from the array: b[j] = ");
            plr_rto_spell_coef(t, p);
            plr_put(t, ", j = 1..");
            plr_rto_spell_count(t, p);
            if (p->rto->gain || p->rto->gain_mult != 1) {
                plr_put(t, "; a0 = ");
                plr_rto_spell_gain(t, p);
            }
            plr_put(t, ")");
            break;
        }
    }
}
