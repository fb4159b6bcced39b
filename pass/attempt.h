/*
 * attempt.h - one recognizer's try at a loop, as a value.
 *
 * An attempt starts from the facts the structure check found (the base
 * plan: the loop, its store, the element type, the strides) and works in a
 * scratch plan of its own: the leaves, the memo of the linear walk, the
 * arena of coefficient trees and linear forms, the instruction a rejection
 * is about. It ends as an outcome; a failed attempt frees everything it
 * made, so the next one starts from the base again and nothing of the
 * failed one leaks into it.
 */
#ifndef PLR_ATTEMPT_H
#define PLR_ATTEMPT_H

#include "plr_pass.h"

/* What an attempt (or a loop's whole analysis) comes to. */
typedef struct plr_outcome {
    plr_reason why;   /* PLR_OK_CANDIDATE: recognized */
    LLVMValueRef at;  /* the instruction the reason is about (NULL: the loop itself) */
    /* The signature the attempt had spelled when it stopped ("": none), for
     * the rejection remark's "candidate (...)". */
    char taken_for[sizeof(((plr_plan *)0)->sig_text)];
    plr_type type; /* ... and its type (the plan that failed may be another's: a store tried alone) */
} plr_outcome;

/* The recognition steps an attempt runs on its scratch plan. */
typedef plr_reason (*plr_recognizer)(plr_plan *scratch);

typedef struct plr_attempt {
    plr_outcome outcome;
    plr_plan *plan; /* the scratch plan: what was recognized on success, NULL after a failure */
    /* What base lent the scratch plan (its channel siblings and foreign
     * values): base frees them, the attempt never does. */
    LLVMValueRef *lent_siblings, *lent_foreign;
} plr_attempt;

/* Runs recognize on a scratch copy of base, which must own no analysis
 * yet (leaves, arena, live-outs...): the structure check's facts, and
 * inputs such as the value to read. */
plr_attempt plr_attempt_run(const plr_plan *base, plr_recognizer recognize);
/* Frees the attempt's scratch plan, if it still has one. */
void plr_attempt_drop(plr_attempt *a);
/* A successful attempt's plan becomes *p (p being its base, or a plan an
 * earlier attempt from that base was adopted into, which is freed). */
void plr_attempt_adopt(plr_plan *p, plr_attempt *a);
/* The outcome of a plan's own analysis (the structure check, legality, or
 * a recognizer that runs on the plan itself). */
plr_outcome plr_outcome_of(const plr_plan *p, plr_reason why);

#endif /* PLR_ATTEMPT_H */
