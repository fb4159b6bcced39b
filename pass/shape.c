/*
 * shape.c - the shape of an accepted plan (shape.h): the kind and the facts
 * the recognizers recorded (p->found), with the stages, calls and maps
 * counted from the plan's data; the layout and live-outs at acceptance.
 */
#include <stdio.h>
#include <stdlib.h>

#include "shape.h"

static plr_shape_layout layout_of(const plr_plan *p) {
    if (p->chan)
        return p->chan->separate ? PLR_LAYOUT_SEPARATE : PLR_LAYOUT_CHANNELS;
    if (p->nest)
        return p->shape->layout == PLR_LAYOUT_LANES ? PLR_LAYOUT_LANES : PLR_LAYOUT_NEST;
    if (plr_state_step(p) == (int64_t)p->storage.state_size && p->access.x_step == (int64_t)p->storage.x_size)
        return PLR_LAYOUT_UNIT;
    return PLR_LAYOUT_STRIDED;
}

int plr_shape_is_cascade(const plr_shape *s) {
    return plr_kind_is_cascade(s->kind);
}

const plr_shape *plr_shape_recognized(plr_plan *p) {
    plr_shape *s = plr_alloc(p, sizeof *s);
    s->kind = p->found.kind;
    s->layout = p->found.layout; /* lanes, known at recognition; the others settled at acceptance */
    s->fir_tail = plr_kind_has_fir_tail(s->kind);
    s->stages = plr_shape_is_cascade(s) ? (unsigned)p->stages.n : 1;
    /* The stage calls of a cascade run each stage over the previous one's
     * output in y; an output folded over stage fold_over stops them there, a
     * FIR tail is a map. */
    s->stage_calls = s->kind == PLR_SHAPE_FOLDED ? p->found.fold_over
                     : plr_shape_is_cascade(s)   ? (unsigned)p->stages.n - (unsigned)s->fir_tail
                                                 : 1;
    s->fold_over = s->kind == PLR_SHAPE_FOLDED ? p->found.fold_over : 0;
    s->output_map = p->maps.nchain > 0;
    s->map_into = p->storage.state_held && p->out ? plr_store_text(plr_held_store(LLVMTypeOf(p->out), 0)) : NULL;
    s->stored_maps = p->maps.nouts;
    s->map_loads = p->maps.nmload;
    for (unsigned k = 0; k < p->maps.nouts; k++)
        s->fixed_stores += p->maps.outs[k].fixed != 0;
    for (unsigned k = 0; k <= p->maps.nouts; k++) {
        const LLVMValueRef *chain = k < p->maps.nouts ? p->maps.outs[k].chain : p->maps.chain;
        unsigned n = k < p->maps.nouts ? p->maps.outs[k].nchain : p->maps.nchain, c = 0;
        while (c < n && (!LLVMIsAPHINode(chain[c]) || plr_state_before(p, chain[c]))) /* (no counter) */
            c++;
        s->counter_maps += c < n;
    }
    for (unsigned k = 0; k < p->maps.nmload; k++)
        s->maps_read_x |= p->maps.mload[k].of_x;
    s->state_buffer = plr_y_map_load(p) != NULL || plr_state_wider(p);
    for (unsigned c = 0; c < p->maps.nchain; c++)
        s->output_map_loads += LLVMIsALoadInst(p->maps.chain[c]) != NULL;
    s->peel = s->kind == PLR_SHAPE_TRANSPOSED_PEEL || plr_kind_is_materialized(s->kind) ? p->found.peel : 0;
    p->shape = s;
    return s;
}

const plr_shape *plr_shape_composed(plr_plan *p) {
    plr_shape *s = plr_alloc(p, sizeof *s);
    *s = *p->shape;
    s->kind = PLR_SHAPE_COMPOSED;
    s->stage_calls = 1; /* a composed cascade is one call */
    p->shape = s;
    return s;
}

const plr_shape *plr_shape_settle(plr_plan *p) {
    if (!p->shape)
        abort(); /* every accepted plan was recognized */
    plr_shape *s = plr_alloc(p, sizeof *s);
    *s = *p->shape;
    s->layout = layout_of(p);
    for (unsigned k = 0; k < p->nliveouts; k++) {
        switch (p->liveouts[k].kind) {
        case PLR_LO_Y:
        case PLR_LO_Y2:
            s->live_outputs++;
            break;
        case PLR_LO_X:
            s->live_inputs++;
            break;
        case PLR_LO_SCEV:
            s->live_inductions++;
            break;
        case PLR_LO_SIDE:
            s->live_side++;
            break;
        default:
            break;
        }
    }
    s->y_stride = plr_state_stride(p);
    s->x_stride = p->access.x_step / (int64_t)p->storage.x_size;
    s->runtime_stride = p->access.step_s != NULL;
    s->channels = p->chan ? p->chan->count : 0;
    s->channel_stride = p->chan && !p->chan->separate ? p->chan->y_dist / (int64_t)p->size : 0;
    s->in_place = p->access.in_place;
    p->shape = s;
    return s;
}

int plr_shape_is_single_call(const plr_shape *s) {
    return (s->kind == PLR_SHAPE_PLAIN || plr_kind_is_materialized(s->kind)) && !s->output_map && !s->stored_maps &&
           !s->peel;
}

int plr_shape_is_materialized(const plr_shape *s) {
    return plr_kind_is_materialized(s->kind);
}

int plr_shape_needs_per_sequence_plan(const plr_shape *s) {
    if (s->peel)
        return 1;
    switch (s->kind) {
    case PLR_SHAPE_STATE_OUTPUT:
    case PLR_SHAPE_TRANSPOSED_PEEL:
    case PLR_SHAPE_COMPOSED:
    case PLR_SHAPE_FOLDED:
    case PLR_SHAPE_STATE_FIR:
    case PLR_SHAPE_CASCADE_FIR:
        return 1;
    default:
        return 0;
    }
}

/* Small counts as words ("two calls"), larger ones as numbers. */
static const char *count_text(unsigned n, char *buf, size_t len) {
    static const char *words[] = {"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"};
    if (n < 10)
        return words[n];
    snprintf(buf, len, "%u", n);
    return buf;
}

/* The output map's words, where the shape has one. */
static void spell_output_map(plr_text *t, const plr_shape *s) {
    if (s->output_map)
        plr_put(t, ", output an elementwise map of the state%s%s%s",
                s->output_map_loads ? " and of other arrays at its index" : "", s->map_into ? " into " : "",
                s->map_into ? s->map_into : "");
}

void plr_shape_spell_form(plr_text *t, const plr_shape *s, unsigned calls, unsigned composed_order,
                          unsigned composed_fir) {
    char stages_buf[16], calls_buf[16];
    const char *nst = count_text(s->stages, stages_buf, sizeof stages_buf);
    const char *ncl = count_text(calls, calls_buf, sizeof calls_buf);
    const char *plural = calls == 1 ? "" : "s";
    switch (s->kind) {
    case PLR_SHAPE_PLAIN:
        break;
    case PLR_SHAPE_RUNTIME_ORDER:
        plr_put(t, ", order a run-time value (an inner loop over the taps): the signature read from the "
                   "coefficient array before the call");
        break;
    case PLR_SHAPE_FOLDED:
        plr_put(t, ", an output combining stages %u..%u of a cascade of %u, folded into one recurrence over stage %u "
                   "(%s call%s)",
                s->fold_over, s->stages - 1, s->stages - 1, s->fold_over, ncl, plural);
        break;
    case PLR_SHAPE_COMPOSED:
        plr_put(t, ", a cascade of %s %s composed into one recurrence of order %u, FIR length %u (one call)", nst,
                s->fir_tail ? "stages" : "recurrences", composed_order, composed_fir);
        break;
    case PLR_SHAPE_STATE_FIR:
        plr_put(t, ", output a FIR of the state (direct form II): one call, then a map");
        break;
    case PLR_SHAPE_CASCADE_FIR:
        plr_put(t, ", a cascade of %s stages (%s call%s, then a FIR map)", nst, ncl, plural);
        break;
    case PLR_SHAPE_CASCADE:
        plr_put(t, ", a cascade of %s recurrences (%s calls)", nst, ncl);
        spell_output_map(t, s); /* (of the last stage) */
        break;
    case PLR_SHAPE_HOMOGENEOUS:
        plr_put(t, ", homogeneous (no input term: zeros are written first, the runtime adds them)");
        break;
    case PLR_SHAPE_MATERIALIZED:
        plr_put(t, ", input term materialized by a map");
        if (s->peel)
            plr_put(t, ", transposed states: the first outputs computed before the call from the states' start");
        spell_output_map(t, s);
        break;
    case PLR_SHAPE_STATE_OUTPUT:
        plr_put(t, ", output a linear function of the state (direct form II)");
        break;
    case PLR_SHAPE_TRANSPOSED_PEEL:
    case PLR_SHAPE_TRANSPOSED:
        plr_put(t, ", transposed states (direct form II transposed)%s",
                s->kind == PLR_SHAPE_TRANSPOSED ? ", from zero"
                                                : ": the first outputs computed before the call from the states' start");
        spell_output_map(t, s); /* (a scaled carry: the states are multiples of the value the output maps) */
        break;
    case PLR_SHAPE_OUTPUT_MAP:
        spell_output_map(t, s);
        break;
    }
    unsigned arrays = s->stored_maps - s->fixed_stores;
    if (arrays) {
        char outs_buf[16];
        int one = arrays == 1;
        plr_put(t, ", %s other array%s stored as %selementwise map%s of the output after the call%s",
                count_text(arrays, outs_buf, sizeof outs_buf), one ? "" : "s", one ? "an " : "", one ? "" : "s",
                plural);
    }
    if (s->fixed_stores) {
        char fixed_buf[16];
        int one = s->fixed_stores == 1;
        plr_put(t, ", %s fixed element%s written on every iteration, stored once after the call%s with the last "
                   "iteration's value",
                count_text(s->fixed_stores, fixed_buf, sizeof fixed_buf), one ? "" : "s", plural);
    }
    if (s->counter_maps)
        plr_put(t, ", the loop's counter recomputed by the map%s from its index", s->counter_maps > 1 ? "s" : "");
}
