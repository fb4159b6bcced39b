/*
 * driver.c - recognize -> legality -> signature -> rewrite over one function,
 * and the remarks that say what happened to each candidate loop.
 *
 * Every loop is analyzed before any is rewritten: the rewrite changes the
 * CFG, after which the dominator tree and loop info the analyses rely on
 * would be stale.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "attempt.h"
#include "callplan.h"
#include "plr_pass.h"
#include "runtime_order.h"
#include "shape.h"

static const char *type_name(plr_type t) {
    static const char *names[] = {"i32", "i64", "u32", "u64", "f32", "f64"};
    return (unsigned)t < PLR_TYPE_COUNT ? names[t] : "?";
}

/* The remark's type: the signature's, and how x and y are held when a
 * side is held otherwise ("i32 (x i16, y i16)", "f64 (y f32)"). */
static const char *held_type_text(const plr_plan *p, char *buf, size_t len) {
    if (p->storage.narrow == PLR_STORE_I16 && !p->storage.x_held)
        return "i16 (computed in i32)";
    if (p->storage.narrow == PLR_STORE_I8 && !p->storage.x_held)
        return "i8 (computed in i32)";
    if (!p->storage.x_store && !p->storage.y_store)
        return type_name(p->type);
    int both = p->storage.x_store && p->storage.y_store;
    snprintf(buf, len, "%s (%s%s%s%s%s)", type_name(p->type), p->storage.x_store ? "x " : "",
             p->storage.x_store ? plr_store_text(p->storage.x_store) : "", both ? ", " : "", p->storage.y_store ? "y " : "",
             p->storage.y_store ? plr_store_text(p->storage.y_store) : "");
    return buf;
}

static int retry_materialized(plr_reason r) {
    switch (r) {
    case PLR_R_INPUT:
    case PLR_R_NONLINEAR:
    case PLR_R_TYPE:
    case PLR_R_STRIDE:
    case PLR_R_TIME_VARYING:
    case PLR_R_NO_INPUT:
        return 1;
    default:
        return 0;
    }
}

/* The recognizers, each one attempt on a scratch plan (attempt.h). */

/* What follows every recognizer's reading of the loop (r): the signature,
 * the other stored arrays as maps of the output, the shape. */
static plr_reason recognized(plr_plan *s, plr_reason r) {
    if (r == PLR_OK_CANDIDATE)
        r = plr_build_signature(s);
    if (r == PLR_OK_CANDIDATE)
        r = plr_read_outputs(s);
    if (r == PLR_OK_CANDIDATE)
        plr_shape_recognized(s);
    return r;
}

/* The stored value as a linear recurrence: plain, behind an output map, a
 * direct form II, a cascade, transposed states (recognize.c). */
static plr_reason recognize_linear(plr_plan *s) {
    return recognized(s, plr_recognize(s));
}

/* The input term computed into y by a map first (any expression without y). */
static plr_reason recognize_materialized(plr_plan *s) {
    return recognized(s, plr_recognize_materialized(s));
}

/* A direct form II whose state is used after the loop: the state recurrence
 * itself is run (its final values are then in y) and the output FIR applied
 * by a map. Its live-outs decide, so they are part of the attempt. */
static plr_reason recognize_state_cascade(plr_plan *s) {
    plr_reason r = recognized(s, plr_recognize_cascade(s));
    if (r == PLR_OK_CANDIDATE)
        r = plr_register_reloads(s);
    if (r == PLR_OK_CANDIDATE)
        r = plr_check_liveouts(s);
    return r;
}

/* When an attempt and the retry after it both fail, the first reason is
 * the one reported (it is the more specific), with the signature the retry
 * had spelled when it stopped. */
static plr_outcome first_reason(plr_outcome first, const plr_outcome *retry) {
    memcpy(first.taken_for, retry->taken_for, sizeof first.taken_for);
    first.type = retry->type;
    return first;
}

/* A reason found once the recurrence itself was read, with its input term
 * materialized: about the other arrays the loop stores, or a transposed
 * state the materialization cannot take. It says more than what stopped
 * the earlier reading (the input term). */
static int found_after_reading(plr_reason r) {
    return r == PLR_R_OTHER_STORES || r == PLR_R_OUTPUT_INDEX || r == PLR_R_OUTPUT_OVERLAP ||
           r == PLR_R_TRANSPOSED_INPUT;
}

/* The output a map of the state's value before its update (and of other
 * arrays at its index), the state a plain recurrence, a materialized
 * input's or a cascade's last stage: what the map loop computes with that
 * value carried in a register. */
static int reads_state_before(const plr_plan *s) {
    return (s->found.kind == PLR_SHAPE_OUTPUT_MAP || s->found.kind == PLR_SHAPE_MATERIALIZED ||
            s->found.kind == PLR_SHAPE_CASCADE) &&
           plr_chain_before(s, s->maps.chain, s->maps.nchain) > 0;
}

/* The linear reading of base (b: with the output map allowed to read the
 * state before its update), else its input term materialized. */
static plr_attempt read_with(const plr_plan *b) {
    plr_attempt a = plr_attempt_run(b, recognize_linear);
    if (a.outcome.why != PLR_OK_CANDIDATE && retry_materialized(a.outcome.why)) {
        /* The input term is not a FIR of one array: materialize it. */
        plr_attempt m = plr_attempt_run(b, recognize_materialized);
        if (m.outcome.why == PLR_OK_CANDIDATE || found_after_reading(m.outcome.why))
            return m;
        a.outcome = first_reason(a.outcome, &m.outcome);
    }
    return a;
}

/* The reading of base that takes the output as a map of the state first,
 * the map allowed to read the state's earlier values too. */
static plr_attempt read_as_map(const plr_plan *base) {
    plr_plan b = *base;
    b.maps.output_reads_before = 1;
    return read_with(&b);
}

/* The linear reading of the base plan, else its input term materialized;
 * where both fail as a state that is no delayed copy of the output, one
 * that would round apart in float, or something not linear (a map that
 * also multiplies the state by an array), the output read as a map of
 * the state before its update (dc_reject's `y = x - m; m = c*x + (1-c)*m`).
 * That reading comes last so that it never displaces one that is one call
 * without a map. */
static plr_attempt read_recurrence(const plr_plan *base) {
    plr_attempt a = read_with(base);
    if (a.outcome.why != PLR_R_STATE && a.outcome.why != PLR_R_FLOAT_COMBINED && a.outcome.why != PLR_R_NONLINEAR)
        return a;
    plr_attempt m = read_as_map(base);
    if (m.outcome.why == PLR_OK_CANDIDATE && reads_state_before(m.plan)) {
        plr_attempt_drop(&a);
        return m;
    }
    plr_attempt_drop(&m);
    return a;
}

/* The output a map of the state that the call computes (with the input or
 * other arrays at its index). */
static int maps_state(const plr_plan *s) {
    return (s->found.kind == PLR_SHAPE_OUTPUT_MAP || s->found.kind == PLR_SHAPE_MATERIALIZED) && s->maps.nchain > 0;
}

/* A reading whose state is used after the loop but is stored nowhere (the
 * output one recurrence with the input fed through, `out = s + c*x`, s
 * before or after its update): the output read as a map of the state and
 * the input instead, so that the call computes the state itself and its
 * last values are there. p becomes that reading where it is one and its
 * live-outs are recovered. */
static plr_reason live_state_map(plr_plan *p, const plr_plan *base) {
    plr_attempt m = read_as_map(base);
    if (m.outcome.why != PLR_OK_CANDIDATE || !maps_state(m.plan)) {
        plr_attempt_drop(&m);
        return PLR_R_LIVE_OUT;
    }
    plr_attempt_adopt(p, &m);
    plr_reason r = plr_register_reloads(p);
    return r == PLR_OK_CANDIDATE ? plr_check_liveouts(p) : r;
}

/* Recognition, legality and the signature of one loop. On success p is the
 * recognized plan; on failure the outcome says why (and p holds whatever
 * the last stage that ran on it left, freed by the caller). */
static plr_outcome analyze(plr_plan *p) {
    plr_reason r = plr_check_structure(p, 0);
    if (r != PLR_OK_CANDIDATE)
        return plr_outcome_of(p, r);
    plr_plan base = *p; /* what every attempt starts from */
    plr_attempt a = read_recurrence(&base);
    /* (an output map over a state stored converted is refused, and so is
     * a materialized input under a float one: plr_check_narrow) */
    int refused_later = a.outcome.why == PLR_OK_CANDIDATE &&
                        (a.plan->maps.nchain > 0 || (a.plan->is_fp && plr_kind_is_materialized(a.plan->found.kind)));
    if ((a.outcome.why != PLR_OK_CANDIDATE || refused_later) && base.storage.y_trunc) {
        /* The conversion on the store read as a wider state failed (what
         * is converted is no recurrence: an int sum widened for a division
         * by a long, trunc(sdiv(sext(s), D))), or gave a plan the call
         * cannot take; read it as part of an output map of a state of the
         * stored type, or of its low bits (`(short)(s >> 1)` of a short
         * state kept in int), or of a wider state, whose buffer then takes
         * the materialized input terms too (`out[i] = (float)e` of a double
         * energy updated from two windows). The first outcome stands if
         * that fails too. */
        plr_plan kept = *p;
        if (plr_check_structure(&kept, 1) == PLR_OK_CANDIDATE) {
            plr_attempt k = read_recurrence(&kept);
            if (k.outcome.why == PLR_OK_CANDIDATE) {
                plr_attempt_drop(&a);
                a = k;
                base = kept;
            }
        }
    }
    if (a.outcome.why != PLR_OK_CANDIDATE)
        return a.outcome;
    plr_attempt_adopt(p, &a);
    r = plr_register_reloads(p);
    if (r == PLR_OK_CANDIDATE)
        r = plr_check_liveouts(p);
    if (r == PLR_R_LIVE_OUT && !maps_state(p)) {
        /* The state is stored nowhere: a direct form II's state run as a
         * cascade with a FIR map, else the output read as a map of the
         * state (the first reason reported where both fail). */
        plr_outcome live_out = plr_outcome_of(p, r);
        if (p->shape->kind == PLR_SHAPE_STATE_OUTPUT) {
            plr_attempt c = plr_attempt_run(&base, recognize_state_cascade);
            if (c.outcome.why == PLR_OK_CANDIDATE) {
                plr_attempt_adopt(p, &c);
                r = PLR_OK_CANDIDATE;
            } else {
                live_out = first_reason(live_out, &c.outcome);
            }
        }
        if (r != PLR_OK_CANDIDATE && live_state_map(p, &base) != PLR_OK_CANDIDATE)
            return live_out;
        r = PLR_OK_CANDIDATE;
    }
    if (r == PLR_OK_CANDIDATE)
        r = plr_check_layout(p);
    if (r == PLR_OK_CANDIDATE)
        r = plr_check_consent(p);
    if (r == PLR_OK_CANDIDATE)
        plr_plan_composition(p);
    if (r == PLR_OK_CANDIDATE && (p->storage.narrow || p->storage.y_trunc || p->storage.x_held || p->storage.state_held))
        r = plr_check_narrow(p);
    return plr_outcome_of(p, r);
}

/* analyze, for channels.c and outputs.c, which analyze a store as a plan of
 * their own and read the reason's instruction and signature off it. */
static plr_reason analyze_plan(plr_plan *q) {
    plr_outcome o = analyze(q);
    q->why_at = o.at;
    memcpy(q->sig_text, o.taken_for, sizeof q->sig_text);
    return o.why;
}

/* Several stores: interleaved channels of one recurrence? */
static plr_reason recognize_channels(plr_plan *s) {
    return plr_analyze_channels(s, analyze_plan);
}

/* Several stores: one recurrence, the others maps of its output? */
static plr_reason recognize_outputs(plr_plan *s) {
    return plr_analyze_outputs(s, analyze_plan);
}

/* A loop that stores several arrays: interleaved channels or several
 * independent recurrences (a call each), else one recurrence whose output
 * the other stores are maps of. When neither: RecurrencesDependent, at the
 * reading store, where the stores are recurrences and one reads another's
 * state (before or after its update) or output (each attempt stops
 * elsewhere on it: the read state is no delayed copy of the reader's, the
 * reader kept in memory is no map); else the second's reason (about the
 * recurrence, or the store that is no map of it), unless it is that other
 * stores are no maps and the first's is about several recurrences (not
 * channels, or one reading another's state). */
static plr_outcome several_stores(plr_plan *p) {
    plr_attempt c = plr_attempt_run(p, recognize_channels);
    if (c.outcome.why == PLR_OK_CANDIDATE) {
        plr_attempt_adopt(p, &c);
        return c.outcome;
    }
    plr_attempt u = plr_attempt_run(p, recognize_outputs);
    if (u.outcome.why == PLR_OK_CANDIDATE) {
        plr_attempt_adopt(p, &u);
        return u.outcome;
    }
    LLVMValueRef reader = plr_recurrences_dependent(p->ctx, p->loop);
    if (reader) {
        plr_outcome d = c.outcome;
        d.why = PLR_R_RECURRENCES_DEPENDENT;
        d.at = reader;
        return d;
    }
    return u.outcome.why == PLR_R_OTHER_STORES &&
                   (c.outcome.why == PLR_R_CHANNELS || c.outcome.why == PLR_R_RECURRENCES_DEPENDENT)
               ? c.outcome
               : u.outcome;
}

/* A fresh plan for a loop and its store, before any analysis. */
static void plan_start(plr_plan *p, plr_ctx *ctx, plr_loop *loop, LLVMValueRef store) {
    memset(p, 0, sizeof *p);
    p->ctx = ctx;
    p->loop = loop;
    p->store = store;
}

/* A loop that is not the loop of a run-time order or of lanes: one
 * recurrence, or several stores read as channels or separate recurrences. */
static plr_outcome analyze_single(plr_plan *p) {
    plr_outcome o = analyze(p);
    if (o.why == PLR_R_OTHER_STORES)
        o = several_stores(p);
    if (o.why == PLR_OK_CANDIDATE && p->chan &&
        (p->storage.narrow || p->storage.y_trunc || p->storage.x_held || p->storage.state_held))
        o = plr_outcome_of(p, PLR_R_NARROW); /* each channel's histories are blocks of the element type */
    if (p->chan) /* (a loop of channels inside a nest: not yet one call for the nest) */
        p->nest_why = plr_loop_parent(p->loop) ? PLR_NEST_FORM : PLR_NEST_NONE;
    return o;
}

/* The one run-time stride other than y's (pin) that the loop's loads walk
 * at, one element where it is 1: x[j*D] beside y[j*C], as BLAS routines
 * take incx beside incy; NULL where there is none or more than one. */
static LLVMValueRef loads_own_stride(plr_ctx *ctx, plr_loop *loop, LLVMValueRef pin) {
    LLVMValueRef other = NULL;
    for (unsigned b = 0, nb = plr_loop_block_count(loop); b < nb; b++)
        for (LLVMValueRef i = LLVMGetFirstInstruction(plr_loop_block(loop, b)); i; i = LLVMGetNextInstruction(i)) {
            if (!LLVMIsALoadInst(i))
                continue;
            LLVMValueRef v = plr_stride_pin_of_access(ctx, loop, i);
            if (!v || v == pin || v == other)
                continue;
            if (other)
                return NULL;
            other = v;
        }
    return other;
}

/* A fresh plan of p's loop and store analyzed with one more run-time
 * stride read as one element (added to those pinned before). */
static plr_outcome analyze_pinned(plr_plan *q, const plr_plan *p, LLVMValueRef pin) {
    plan_start(q, p->ctx, p->loop, p->store);
    plr_wrap_begin(p->ctx, p->loop);
    plr_stride_pin(p->ctx, pin);
    return analyze_single(q);
}

/* A single loop at a run-time stride (y[j*C]) that the first analysis did
 * not take (no nest takes it, or it failed), analyzed again where that
 * stride is one element, as LoopVectorize versions a symbolic stride: the
 * check before the call tests C == 1 and any other value runs the loop as
 * written. (A single loop's layout, checks and histories are built from
 * constant strides; the mono path of code written for C channels is what
 * this takes.) Where that fails too, a first analysis that had failed keeps
 * its reason, and one that had succeeded gives the second's. */
static plr_outcome analyze_at_unit_stride(plr_plan *p, plr_outcome first) {
    plr_ctx *ctx = p->ctx;
    LLVMValueRef pin = plr_stride_pin_of_access(ctx, p->loop, p->store);
    if (!pin)
        return first.why == PLR_OK_CANDIDATE ? plr_outcome_of(p, PLR_R_RUNTIME_STRIDE) : first;
    plr_plan q;
    plr_outcome o = analyze_pinned(&q, p, pin); /* (pins end once the plan is made: plr_run_on_function) */
    /* (x at a run-time stride of its own, which failed the analysis where
     * only y's is one element: both read as one element, both tested) */
    LLVMValueRef x_pin = o.why != PLR_OK_CANDIDATE ? loads_own_stride(ctx, p->loop, pin) : NULL;
    if (x_pin) {
        plr_plan qx;
        plr_outcome ox = analyze_pinned(&qx, p, x_pin);
        if (ox.why == PLR_OK_CANDIDATE) {
            plr_plan_free(&q);
            q = qx;
            o = ox;
            q.access.x_stride_pin = x_pin;
        } else { /* (the first reason stands, y's pin alone) */
            plr_plan_free(&qx);
            plr_stride_pin(ctx, NULL);
            plr_stride_pin(ctx, pin);
        }
    }
    q.access.stride_pin = pin;
    if (o.why == PLR_OK_CANDIDATE && !q.chan)
        plr_check_nest(&q);
    if (o.why == PLR_OK_CANDIDATE && q.access.step_s && !q.nest) /* another run-time stride besides */
        o = plr_outcome_of(&q, PLR_R_RUNTIME_STRIDE);
    if (o.why != PLR_OK_CANDIDATE && first.why != PLR_OK_CANDIDATE) {
        plr_plan_free(&q);
        return first;
    }
    plr_plan_free(p);
    *p = q;
    return o;
}

/* The missed remark of a loop not replaced, and the analysis remark that
 * names what it was taken for and the construct the reason is about. */
static void report_rejected(plr_ctx *ctx, plr_loop *loop, const plr_plan *p, plr_outcome o, LLVMValueRef store) {
    char msg[2048];
    plr_reason r = o.why;
    LLVMValueRef at_v = o.at;
    /* a conversion between float and double inside the recurrence: float
     * data combined in double, its own reason */
    if (r == PLR_R_TYPE && at_v && LLVMIsAInstruction(at_v) &&
        (LLVMGetInstructionOpcode(at_v) == LLVMFPExt || LLVMGetInstructionOpcode(at_v) == LLVMFPTrunc))
        r = PLR_R_FLOAT_IN_DOUBLE;
    const plr_reason_info *why = plr_reason_info_of(r);
    plr_remark_arg args[12];
    unsigned na = 0;
    if (r == PLR_R_FP_CONSENT) {
        args[na++] = (plr_remark_arg){NULL, "floating-point recurrence "};
        args[na++] = (plr_remark_arg){"Signature", o.taken_for};
        args[na++] = (plr_remark_arg){NULL, " ("};
        args[na++] = (plr_remark_arg){"Type", type_name(o.type)};
        args[na++] = (plr_remark_arg){NULL, ") not replaced: "};
        args[na++] = (plr_remark_arg){"Reason", why->message};
    } else {
        args[na++] = (plr_remark_arg){NULL, "recurrence not replaced: "};
        args[na++] = (plr_remark_arg){"Reason", why->message};
        if (r == PLR_R_LANES_NEST) {
            args[na++] = (plr_remark_arg){NULL, ": "};
            args[na++] = (plr_remark_arg){"NestReason", plr_nest_reason_text(p->nest_why)};
        }
        if (why->hint) {
            args[na++] = (plr_remark_arg){NULL, " ("};
            args[na++] = (plr_remark_arg){"Hint", why->hint};
            args[na++] = (plr_remark_arg){NULL, ")"};
        }
    }
    plr_remark_args_at(ctx, PLR_REMARK_MISSED, loop, at_v, why->name, args, na);
    plr_count(PLR_STAT_REJECTED);
    /* What the loop was taken for and what the reason is about, as
     * source constructs with their lines. */
    plr_text t = {msg, 0, sizeof msg};
    plr_put(&t, "candidate%s%s: ", o.taken_for[0] ? " " : "", o.taken_for);
    plr_describe(&t, ctx, store);
    if (at_v && at_v != store) {
        plr_put(&t, "; the reason concerns ");
        plr_describe(&t, ctx, at_v);
    }
    plr_remark(ctx, PLR_REMARK_ANALYSIS, loop, "Rejected", msg);
}

/* A recurrence carried by the outer loop: replaced with its nest or not at
 * all. */
static plr_reason analyze_lanes(plr_plan *p) {
    plr_reason r = plr_check_structure(p, 0);
    if (r == PLR_OK_CANDIDATE && p->storage.y_trunc) {
        /* the lanes read their history back from y: a state stored
         * narrower or rounded is the stored value, not the wide one */
        p->why_at = p->storage.y_trunc;
        r = PLR_R_TYPE;
    }
    if (r == PLR_OK_CANDIDATE)
        r = plr_recognize_lanes(p);
    if (r == PLR_OK_CANDIDATE)
        r = plr_build_signature(p);
    if (r == PLR_OK_CANDIDATE)
        plr_shape_recognized(p);
    if (r == PLR_OK_CANDIDATE)
        r = plr_check_liveouts(p);
    if (r == PLR_OK_CANDIDATE)
        r = plr_check_consent(p);
    if (r == PLR_OK_CANDIDATE) {
        plr_check_lanes_nest(p);
        if (!p->nest)
            r = PLR_R_LANES_NEST;
    }
    return r;
}

/* A loop the candidate scan passed over, with a reason worth telling (the
 * user can change the code): the reason and its hint, then the stores it is
 * about (state NULL: none) as source constructs. */
static void report_noncandidate(plr_ctx *ctx, plr_loop *loop, plr_reason r, LLVMValueRef state,
                                LLVMValueRef out) {
    const plr_reason_info *why = plr_reason_info_of(r);
    plr_remark_arg args[] = {{NULL, "recurrence not replaced: "},
                             {"Reason", why->message},
                             {NULL, " ("},
                             {"Hint", why->hint},
                             {NULL, ")"}};
    plr_remark_args_at(ctx, PLR_REMARK_MISSED, loop, state ? state : out, why->name, args,
                       sizeof args / sizeof args[0]);
    plr_count(PLR_STAT_REJECTED);
    char msg[1024];
    plr_text t = {msg, 0, sizeof msg};
    if (state) {
        plr_put(&t, "the state: ");
        plr_describe(&t, ctx, state);
        plr_put(&t, "; ");
    }
    plr_put(&t, "the output: ");
    plr_describe(&t, ctx, out);
    plr_remark(ctx, PLR_REMARK_ANALYSIS, loop, "Rejected", msg);
}

/* Why a loop that is no candidate is not one, where the user can help: its
 * state lives in memory (move it into a local variable), or its output's
 * index may wrap (give it the bound's type). */
static void report_why_not_candidate(plr_ctx *ctx, plr_loop *loop) {
    LLVMValueRef state, out;
    /* (the addresses as they are: a narrow index that is affine only under
     * a no-wrap predicate, and still no candidate, is what IndexWraps
     * names) */
    plr_wrap_begin(ctx, NULL);
    if (plr_state_in_memory(ctx, loop, &state, &out))
        report_noncandidate(ctx, loop, PLR_R_STATE_IN_MEMORY, state, out);
    else if (plr_index_may_wrap(ctx, loop, &out))
        report_noncandidate(ctx, loop, PLR_R_INDEX_WRAPS, NULL, out);
}

/* The tap loop of a recurrence of run-time order: the loop that carries it
 * (its parent, already versioned or not) is analyzed in its place, and the
 * remarks go on it. */
static int runtime_order_taps(plr_ctx *ctx, plr_loop *loop, LLVMValueRef *store) {
    LLVMValueRef state, out;
    plr_loop *outer = plr_loop_parent(loop);
    /* (the loop carrying the recurrence is the one analyzed and replaced:
     * its addresses may be read under no-wrap predicates) */
    if (outer)
        plr_wrap_begin(ctx, outer);
    return !plr_state_in_memory(ctx, loop, &state, &out) && plr_runtime_order(ctx, loop, &outer, store) &&
           !plr_loop_has_marker(outer, "plr.versioned");
}

/* (Both ask the candidate test as the analysis will: addresses read under
 * no-wrap predicates where a narrow index needs them, dropped after.) */
int plr_state_promotion_wanted(plr_ctx *ctx, plr_loop *loop) {
    LLVMValueRef store, state, out;
    plr_wrap_begin(ctx, loop);
    int wanted = !plr_loop_has_marker(loop, "plr.versioned") && !plr_loop_has_marker(loop, "plr.promoted") &&
                 !plr_is_candidate(ctx, loop, &store) && !plr_is_lanes_candidate(ctx, loop, &store) &&
                 plr_state_in_memory(ctx, loop, &state, &out);
    plr_wrap_begin(ctx, NULL);
    return wanted;
}

int plr_distribution_wanted(plr_ctx *ctx, plr_loop *loop) {
    static const char *const marks[] = {"plr.versioned", "plr.promoted", "plr.bound", "plr.distributed"};
    for (unsigned i = 0; i < sizeof marks / sizeof *marks; i++)
        if (plr_loop_has_marker(loop, marks[i]))
            return 0;
    /* (two stores at least, before an analysis of the whole loop: two
     * recurrences in registers, in memory, or one of each) */
    unsigned stores = 0;
    for (unsigned b = 0, nb = plr_loop_block_count(loop); b < nb; b++)
        for (LLVMValueRef i = LLVMGetFirstInstruction(plr_loop_block(loop, b)); i; i = LLVMGetNextInstruction(i))
            stores += LLVMIsAStoreInst(i) != NULL;
    if (stores < 2)
        return 0;
    LLVMValueRef store;
    int wanted = 0;
    plr_wrap_begin(ctx, loop);
    if (plr_is_candidate(ctx, loop, &store)) {
        plr_simplify_loop(ctx, loop); /* (as before the analysis proper; analyses stay valid) */
        /* (a loop the split could not take is not analyzed twice) */
        if (plr_loop_splits_into_groups(ctx, loop)) {
            plr_wrap_begin(ctx, loop);
            plr_plan p;
            plan_start(&p, ctx, loop, store);
            plr_outcome o = analyze_single(&p);
            wanted = o.why == PLR_R_OTHER_STORES || o.why == PLR_R_OUTPUT_INDEX || o.why == PLR_R_CHANNELS ||
                     o.why == PLR_R_RECURRENCES_DEPENDENT;
            plr_plan_free(&p);
        }
    }
    plr_wrap_begin(ctx, NULL);
    return wanted;
}

LLVMValueRef plr_bound_versioning_wanted(plr_ctx *ctx, plr_loop *loop) {
    LLVMValueRef store, state, out, bound = NULL;
    plr_wrap_begin(ctx, loop);
    if (!plr_loop_has_marker(loop, "plr.versioned") && !plr_loop_has_marker(loop, "plr.promoted") &&
        !plr_loop_has_marker(loop, "plr.bound") && !plr_scev_trip_count(ctx, loop) &&
        (plr_is_candidate(ctx, loop, &store) || plr_state_in_memory(ctx, loop, &state, &out)))
        bound = plr_bound_in_memory(loop);
    plr_wrap_begin(ctx, NULL);
    return bound;
}

int plr_run_on_function(plr_ctx *ctx) {
    unsigned nloops = plr_ctx_loop_count(ctx), nplans = 0;
    plr_plan *plans = calloc(nloops ? nloops : 1, sizeof *plans);
    if (!plans)
        abort();
    char msg[1024];
    for (unsigned i = 0; i < nloops; i++) {
        plr_loop *loop = plr_ctx_loop(ctx, i);
        LLVMValueRef store;
        plr_loop *taps = NULL;
        int lanes = 0;
        plr_stride_pin(ctx, NULL);
        if (plr_loop_has_marker(loop, "plr.versioned"))
            continue;
        plr_wrap_begin(ctx, loop);
        if (!plr_is_candidate(ctx, loop, &store)) {
            if (runtime_order_taps(ctx, loop, &store)) {
                taps = loop;
                loop = plr_loop_parent(taps);
            } else if (!plr_is_lanes_candidate(ctx, loop, &store)) {
                report_why_not_candidate(ctx, loop);
                continue;
            } else {
                lanes = 1;
            }
        }
        plr_simplify_loop(ctx, loop);
        plr_wrap_begin(ctx, loop); /* (the analysis reads the addresses again) */
        plr_plan *p = &plans[nplans];
        plan_start(p, ctx, loop, store);
        plr_count(PLR_STAT_CANDIDATES);
        plr_outcome o = taps    ? plr_outcome_of(p, plr_analyze_runtime_order(p, taps))
                        : lanes ? plr_outcome_of(p, analyze_lanes(p))
                                : analyze_single(p);
        if (o.why == PLR_OK_CANDIDATE && !lanes && !p->chan && !taps)
            plr_check_nest(p);
        /* (a run-time stride no nest takes: one call at that stride, or,
         * for the other forms, the stride read as one element) */
        int stride_alone = o.why == PLR_OK_CANDIDATE && p->access.step_s && !p->nest &&
                           plr_runtime_stride_alone(p) == PLR_OK_CANDIDATE;
        if (!lanes && !taps && (o.why != PLR_OK_CANDIDATE || (p->access.step_s && !p->nest && !stride_alone)))
            o = analyze_at_unit_stride(p, o);
        /* no-wrap predicates are the recurrence loop's: not yet tested by the
         * lowering of lanes, whose check is before the loop around it */
        if (o.why == PLR_OK_CANDIDATE && plr_wrap_pending(ctx) && lanes)
            o = plr_outcome_of(p, PLR_R_INDEX_WRAPS);
        if (o.why == PLR_OK_CANDIDATE)
            p->wrap = plr_wrap_take(ctx);
        /* a conversion or a nonlinear step met on the way says less than
         * that nothing the loop stores is fed back at all (a difference of
         * converted inputs, out[i] = (char)x[i] - last; last = (char)x[i]) */
        if ((o.why == PLR_R_TYPE || o.why == PLR_R_NONLINEAR) && !lanes && !taps &&
            !plr_loop_stores_read_state(ctx, loop)) {
            o.why = PLR_R_NOT_RECURRENCE;
            o.at = NULL;
        }
        if (o.why != PLR_OK_CANDIDATE) {
            report_rejected(ctx, loop, p, o, store);
            plr_plan_free(p);
            continue;
        }
        if (taps)
            plr_shape_recognized(p); /* the run-time order: recognized as a whole by its analysis */
        plr_shape_settle(p);
        plr_plan_calls(p);
        plr_reason never = plr_call_plan_feasible(p);
        if (never != PLR_OK_CANDIDATE) {
            report_rejected(ctx, loop, p, plr_outcome_of(p, never), store);
            plr_plan_free(p);
            continue;
        }
        nplans++;
    }
    plr_stride_pin(ctx, NULL);
    for (unsigned i = 0; i < nplans; i++)
        plr_rewrite_prepare(&plans[i]);
    for (unsigned i = 0; i < nplans; i++) {
        plr_plan *p = &plans[i];
        plr_rewrite(p);
        const plr_shape *shape = p->shape;
        const plr_call_plan *cp = p->calls;
        const plr_step *first_call = plr_call_plan_first(cp, PLR_STEP_CALL);
        plr_call_layout layout = first_call->layout;
        char form_text[256] = "";
        plr_text ft = {form_text, 0, sizeof form_text};
        plr_shape_spell_form(&ft, shape, plr_call_plan_calls(cp), first_call->order, first_call->fir_len);
        int64_t ys = shape->y_stride, xs = shape->x_stride;
        char layout_text[160] = "", order_text[16], strides[160];
        snprintf(order_text, sizeof order_text, "%u", p->order);
        if (shape->kind == PLR_SHAPE_RUNTIME_ORDER) {
            plr_text ot = {order_text, 0, sizeof order_text};
            plr_rto_spell_count(&ot, p);
        }
        plr_remark_arg args[20];
        unsigned na = 0;
        int nest = shape->layout == PLR_LAYOUT_NEST || shape->layout == PLR_LAYOUT_LANES;
        char sigs_text[1024];
        const char *signature = p->sig_text;
        if (shape->layout == PLR_LAYOUT_SEPARATE) {
            /* every recurrence's signature and order, in the loop's store order */
            plr_text st = {sigs_text, 0, sizeof sigs_text}, ot = {order_text, 0, sizeof order_text};
            order_text[0] = '\0';
            for (unsigned k = 0; k < p->chan->count; k++) {
                const char *sep = k == 0 ? "" : k + 1 == p->chan->count ? " and " : ", ";
                plr_put(&st, "%s%s", sep, p->chan->sub[k]->sig_text);
                plr_put(&ot, "%s%u", sep, p->chan->sub[k]->order);
            }
            signature = sigs_text;
            snprintf(strides, sizeof strides, "%u recurrences, one call each", shape->channels);
            args[na++] = (plr_remark_arg){NULL, "replaced the loop's recurrences with one call each to "};
        } else if (shape->layout == PLR_LAYOUT_CHANNELS) {
            snprintf(strides, sizeof strides, "%u interleaved channels, one recurrence each: y stride %lld, x stride "
                     "%lld, channels %lld apart", shape->channels, (long long)ys, (long long)xs,
                     (long long)shape->channel_stride);
            args[na++] = (plr_remark_arg){NULL, "replaced the loop's recurrences with one call to "};
        } else if (nest) {
            if (shape->layout == PLR_LAYOUT_LANES && shape->runtime_stride)
                snprintf(strides, sizeof strides, "carried by the outer loop: one sequence per iteration of the inner "
                         "loop (a lane), stride a run-time value");
            else if (shape->layout == PLR_LAYOUT_LANES)
                snprintf(strides, sizeof strides, "carried by the outer loop: one sequence per iteration of the inner "
                         "loop (a lane), stride %lld", (long long)ys);
            else if (shape->runtime_stride)
                snprintf(strides, sizeof strides, "one sequence per iteration of the outer loop, x and y stride a "
                         "run-time value");
            else
                snprintf(strides, sizeof strides, "one sequence per iteration of the outer loop, y stride %lld, x "
                         "stride %lld%s", (long long)ys, (long long)xs, ys < 0 ? " (backward)" : "");
            args[na++] = (plr_remark_arg){NULL, plr_call_plan_calls(cp) > 1 ? "replaced loop nest with one call per stage to "
                                                                            : "replaced loop nest with one call to "};
        } else {
            if (shape->runtime_stride && !xs)
                snprintf(layout_text, sizeof layout_text, "x and y stride a run-time value (either sign)");
            else if (shape->runtime_stride)
                snprintf(layout_text, sizeof layout_text, "y stride a run-time value (either sign), x stride %lld",
                         (long long)xs);
            else if (ys != 1 || xs != 1)
                snprintf(layout_text, sizeof layout_text, "y stride %lld, x stride %lld%s", (long long)ys,
                         (long long)xs, ys < 0 ? " (backward)" : "");
            if (p->access.stride_pin) {
                plr_text lt = {layout_text, strlen(layout_text), sizeof layout_text};
                if (p->access.x_stride_pin) {
                    plr_put(&lt, "%sy's and x's strides run-time values, taken where they are one element (",
                            lt.len ? "; " : "");
                    plr_spell(&lt, ctx, p->access.stride_pin, 0);
                    plr_put(&lt, " == 1 and ");
                    plr_spell(&lt, ctx, p->access.x_stride_pin, 0);
                } else {
                    plr_put(&lt, "%sthe stride a run-time value, taken where it is one element (", lt.len ? "; " : "");
                    plr_spell(&lt, ctx, p->access.stride_pin, 0);
                }
                plr_put(&lt, " == 1; else the loop runs as written)");
            }
            args[na++] = (plr_remark_arg){NULL, "replaced linear recurrence with a call to "};
        }
        const char *callee = layout == PLR_LAYOUT_UNIT ? "plr_run" : "plr_run_many";
        for (unsigned i = 0; shape->layout == PLR_LAYOUT_SEPARATE && i < cp->nsteps; i++)
            if (cp->steps[i].layout != layout)
                callee = "plr_run and plr_run_many";
        args[na++] = (plr_remark_arg){"Callee", callee};
        args[na++] = (plr_remark_arg){NULL, ": signature "};
        args[na++] = (plr_remark_arg){"Signature", signature};
        args[na++] = (plr_remark_arg){NULL, ", type "};
        char held_text[48];
        args[na++] = (plr_remark_arg){"Type", held_type_text(p, held_text, sizeof held_text)};
        args[na++] = (plr_remark_arg){NULL, ", order "};
        args[na++] = (plr_remark_arg){"Order", order_text};
        if (nest || shape->layout == PLR_LAYOUT_CHANNELS || shape->layout == PLR_LAYOUT_SEPARATE) {
            args[na++] = (plr_remark_arg){NULL, "; "};
            args[na++] = (plr_remark_arg){"Layout", strides};
        } else if (layout_text[0]) {
            args[na++] = (plr_remark_arg){NULL, ", layout: "};
            args[na++] = (plr_remark_arg){"Layout", layout_text};
        }
        if (form_text[0])
            args[na++] = (plr_remark_arg){"Form", form_text};
        char plan_text[4096];
        plr_text pt = {plan_text, 0, sizeof plan_text};
        plr_call_plan_spell(&pt, p, cp);
        args[na++] = (plr_remark_arg){NULL, "; plan: "};
        args[na++] = (plr_remark_arg){"Plan", plan_text};
        plr_remark_args(ctx, PLR_REMARK_PASSED, p->loop, nest ? "ReplacedNest" : "Replaced", args, na);
        plr_count(PLR_STAT_REPLACED);
        if (nest)
            plr_count(shape->layout == PLR_LAYOUT_LANES ? PLR_STAT_LANES : PLR_STAT_NESTS);
        if (plr_loop_has_marker(p->loop, "plr.promoted"))
            plr_remark(ctx, PLR_REMARK_ANALYSIS, p->loop, "StatePromoted",
                       "the state kept in memory is carried in registers in a copy of the loop, taken when a "
                       "check before it finds that the loop's arrays overlap none of the fixed addresses it "
                       "reads and writes (else the loop runs as written)");
        if (plr_loop_has_marker(p->loop, "plr.bound"))
            plr_remark(ctx, PLR_REMARK_ANALYSIS, p->loop, "BoundHoisted",
                       "the loop's bound, read from memory on every iteration, is read once before a copy of the "
                       "loop, taken when a check before it finds the bound outside the bytes the loop's stores "
                       "write (else the loop runs as written)");
        if (!nest && p->nest_why != PLR_NEST_NONE) {
            const plr_reason_info *nw = plr_nest_reason_info_of(p->nest_why);
            plr_remark_arg nargs[2] = {{NULL, "the loop around it is not part of the call (one call per sequence): "},
                                       {"NestReason", nw->message}};
            plr_remark_args(ctx, PLR_REMARK_ANALYSIS, p->loop, nw->name, nargs, 2);
        }
        char arrays[300];
        plr_text at = {arrays, 0, sizeof arrays};
        plr_put(&at, "y is '");
        plr_spell_array(&at, ctx, p->store);
        const plr_leaf *xl = NULL;
        for (unsigned k = 0; p->lin && k < p->walk.nleaves && !xl; k++)
            if (p->walk.leaves[k].kind == PLR_LEAF_X && p->walk.leaves[k].from_memory &&
                p->walk.leaves[k].stream == p->lin->xs)
                xl = &p->walk.leaves[k];
        int runtime_order = shape->kind == PLR_SHAPE_RUNTIME_ORDER;
        int materialized = shape->kind == PLR_SHAPE_MATERIALIZED || shape->kind == PLR_SHAPE_HOMOGENEOUS;
        if (runtime_order && !shape->in_place) {
            plr_put(&at, "', x is '");
            plr_spell_array(&at, ctx, p->rto->xload);
            plr_put(&at, "' (a separate array), coefficients '");
            plr_spell_array(&at, ctx, p->rto->cload);
            plr_put(&at, "'");
        } else if (runtime_order) {
            plr_put(&at, "', x is y (in place), coefficients '");
            plr_spell_array(&at, ctx, p->rto->cload);
            plr_put(&at, "'");
        } else if (shape->in_place || !xl) {
            plr_put(&at, "', x is %s", materialized ? "y (the input term is computed into it first)" : "y (in place)");
        } else {
            plr_put(&at, "', x is '");
            plr_spell_array(&at, ctx, xl->v);
            plr_put(&at, "' (a separate array)");
        }
        char xhist[48] = "no input history from memory";
        if (p->access.x_mem_history > 0)
            snprintf(xhist, sizeof xhist, "input history from memory up to x[-%d]", p->access.x_mem_history);
        snprintf(msg, sizeof msg,
                 "%s; FIR length %u; %s; %s; live after the loop: "
                 "%u output, %u input, %u induction values, %u computed by a copy of the loop without its store",
                 arrays, p->fir_len, xhist,
                 p->is_fp ? (p->marker ? "floating point allowed by '#pragma plr recurrence'"
                                       : "floating point with reassociation allowed")
                          : "integer (wrapping arithmetic, exact)",
                 shape->live_outputs, shape->live_inputs, shape->live_inductions, shape->live_side);
        plr_remark(ctx, PLR_REMARK_ANALYSIS, p->loop, "Details", msg);
        plr_plan_free(p);
    }
    free(plans);
    return nplans > 0;
}
