/*
 * attempt.c - scratch plans for recognizer attempts (attempt.h).
 */
#include <stdlib.h>
#include <string.h>

#include "attempt.h"

/* Frees what plan q owns, but not the siblings and foreign values it
 * shares with another plan (lent by a base, or handed on by adoption). */
static void free_unshared(plr_plan *q, LLVMValueRef *shared_siblings, LLVMValueRef *shared_foreign) {
    if (q->siblings == shared_siblings)
        q->siblings = NULL;
    if (q->foreign == shared_foreign)
        q->foreign = NULL;
    plr_plan_free(q);
}

plr_outcome plr_outcome_of(const plr_plan *p, plr_reason why) {
    plr_outcome o = {.why = why, .at = p->why_at, .type = p->type};
    memcpy(o.taken_for, p->sig_text, sizeof o.taken_for);
    return o;
}

/* Whether p owns memory that analysis made (a scratch copy would share it,
 * and free it with the attempt). */
static int owns_analysis(const plr_plan *p) {
    return p->arena || p->walk.leaves || p->walk.memo_v || p->walk.memo_l || p->liveouts || p->access.stream_ref ||
           p->maps.chain || p->nest || p->chan;
}

plr_attempt plr_attempt_run(const plr_plan *base, plr_recognizer recognize) {
    if (owns_analysis(base))
        abort(); /* attempts start from what the structure check found, never from another's analysis */
    plr_attempt a = {.lent_siblings = base->siblings, .lent_foreign = base->foreign};
    a.plan = malloc(sizeof *a.plan);
    if (!a.plan)
        abort();
    *a.plan = *base;
    a.outcome = plr_outcome_of(a.plan, recognize(a.plan));
    if (a.outcome.why != PLR_OK_CANDIDATE)
        plr_attempt_drop(&a);
    return a;
}

void plr_attempt_drop(plr_attempt *a) {
    if (!a->plan)
        return;
    free_unshared(a->plan, a->lent_siblings, a->lent_foreign);
    free(a->plan);
    a->plan = NULL;
}

void plr_attempt_adopt(plr_plan *p, plr_attempt *a) {
    plr_plan earlier = *p;
    *p = *a->plan;
    if (p->chan && p->chan->sub[0] == a->plan)
        p->chan->sub[0] = p; /* channel 0 is the merged plan itself, wherever it lives */
    free(a->plan);
    a->plan = NULL;
    free_unshared(&earlier, p->siblings, p->foreign);
}
