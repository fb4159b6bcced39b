/*
 * reasons.c - why a loop, or the nest around it, is not replaced: one table
 * each, read by the remarks (name, message, hint) and the documentation.
 */
#include "plr_pass.h"

/* Remark names are what -fsave-optimization-record files carry as Name:
 * one per reason, so a reader of the YAML can count them. */
static const plr_reason_info reasons[PLR_REASON_COUNT] = {
    [PLR_OK_CANDIDATE] = {"Replaceable",
        "replaceable",
        NULL},
    [PLR_R_SHAPE] = {"LoopShape",
        "the loop is not in simple form (one preheader, one latch that is its only exit)",
        NULL},
    [PLR_R_TRIP_COUNT] = {"TripCount",
        "the trip count cannot be computed before the loop",
        "a loop bound computed before the loop is needed"},
    [PLR_R_OTHER_STORES] = {"OtherStores",
        "the loop stores to memory other than the output array a value that is not an elementwise map of the "
        "recurrence's output (a second recurrence, a state of its own, an array the loop also writes)",
        "taken: other arrays stored a function of the state, of the loop's counter and of other arrays at the "
        "same index (z[i] = s; env[i] = 0.5f*s + g[i]; mean[i] = s/(i + 1)), done as maps after the call; a loop "
        "that writes an unrelated second recurrence can be split in two"},
    [PLR_R_CALL] = {"Call",
        "the loop calls a function with side effects",
        "a call inside the loop (even to a pure function the compiler cannot see) keeps it serial"},
    [PLR_R_VOLATILE] = {"Volatile",
        "the loop has a volatile or atomic memory access",
        NULL},
    [PLR_R_COND_STORE] = {"ConditionalStore",
        "the output, or another array the loop stores, is not stored on every iteration",
        NULL},
    [PLR_R_STRIDE] = {"Stride",
        "an array is not accessed with a constant stride of whole elements",
        "strides of whole elements in either direction are taken; gathers and neighbouring elements of another channel are not"},
    [PLR_R_TYPE] = {"Type",
        "the element type is not an integer of 8 to 64 bits, float or double, or values are converted between "
        "types inside the recurrence",
        "taken: short/char recurrences that wrap, narrow or float inputs widened into an int or double recurrence, "
        "a wider state stored truncated or rounded; not: an output read back narrower than it is computed, a "
        "conversion between the state's uses"},
    [PLR_R_TIME_VARYING] = {"TimeVarying",
        "a coefficient changes from one iteration to the next (time-varying recurrence)",
        "coefficients must be the same on every iteration"},
    [PLR_R_NONLINEAR] = {"Nonlinear",
        "the recurrence is not linear",
        NULL},
    [PLR_R_INPUT] = {"InputTerm",
        "the input term is not a linear combination of elements of one array",
        NULL},
    [PLR_R_NO_INPUT] = {"NoInput",
        "the recurrence has no input term",
        NULL},
    [PLR_R_READ_AHEAD] = {"ReadAhead",
        "the loop reads elements of the output array ahead of the one it writes",
        NULL},
    [PLR_R_STATE] = {"State",
        "a loop-carried value is not a delayed copy of the output or the input",
        NULL},
    [PLR_R_ORDER] = {"Order",
        "the order or FIR length exceeds the runtime's limits",
        "the runtime takes orders and FIR lengths up to 32"},
    [PLR_R_LIVE_OUT] = {"LiveOut",
        "a value computed in the loop is used after it and cannot be recovered",
        NULL},
    [PLR_R_FP_CONSENT] = {"FPConsent",
        "parallel evaluation would reassociate floating-point operations; allow it for this loop with "
        "'#pragma plr recurrence', or for the whole file with -ffast-math or with -fassociative-math "
        "-fno-signed-zeros -fno-trapping-math together (clang ignores -fassociative-math alone)",
        NULL},
    [PLR_R_TARGET] = {"Target",
        "the target's ABI differs from the plr.h the pass was built with",
        NULL},
    [PLR_R_DEFINES_RUNTIME] = {"DefinesRuntime",
        "this file defines a function named like libplr's entry points (plr_run, plr_pays), which the "
        "replacement would call",
        NULL},
    [PLR_R_NOT_RECURRENCE] = {"NotRecurrence",
        "the stored value does not depend on earlier outputs after simplification",
        NULL},
    [PLR_R_SIZE] = {"Size",
        "the loop is too large to analyze",
        NULL},
    [PLR_R_CONDITIONING] = {"Conditioning",
        "the output combines three or more stages of a float cascade; folding them into one recurrence "
        "would give it a multiple pole, too sensitive to rounding in float (in double it is replaced)",
        NULL},
    [PLR_R_LANES_NEST] = {"LanesNest",
        "the recurrence is carried by the outer loop (the inner loop walks independent lanes), which is "
        "replaced only as one call for the whole nest, and this nest cannot be",
        NULL},
    [PLR_R_RUNTIME_STRIDE] = {"RuntimeStride",
        "the stride is a run-time value (a column of an image with a variable width); that is replaced "
        "as part of a loop nest the call covers whole, in a loop alone as one call at that stride where the "
        "stride can be computed before the loop (a division by a value that may be zero only where the "
        "program divides before the loop) and the loop is one "
        "recurrence (not channels, not a run-time order), or where one value makes it one element (y[j*C], "
        "versioned on C == 1), and this loop is none of these",
        NULL},
    [PLR_R_FLOAT_COMBINED] = {"FloatCombined",
        "the output adds the input to a float state's value before its update (y[i] = x[i] - s, as clang writes a "
        "high-pass x[i] minus a low-pass); as one recurrence its coefficients would round apart (kp + ki next to "
        "-kp in a PI controller), an error that grows with n",
        "in double, or for integers, it is replaced; so is an output computed from the updated state (s = a*s + "
        "b*x[i]; y[i] = c*x[i] + s), or from the state before its update and arrays at the output's index (y[i] "
        "= x[i] - s; s = a*s + b*x[i]), as a call and a map"},
    [PLR_R_CHANNELS] = {"Channels",
        "the loop stores several arrays or elements that are neither interleaved channels of one recurrence (the "
        "same signature, outputs and inputs evenly spaced within one step) nor independent plain recurrences of "
        "one type, each its own call (no cascade, map or materialized input, at most one in place)",
        "one recurrence per loop is taken, several with one signature over interleaved channels, or several plain "
        "recurrences that read nothing of one another, a call each; up to eight independent recurrences, in "
        "registers or in memory, whose stores are apart from one another's accesses are split into a loop each"},
    [PLR_R_FIXED_ELEMENT] = {"FixedElement",
        "the loop stores to one fixed element on every iteration (a reduction kept in memory: only its last value "
        "remains, nothing to run as a recurrence)",
        "a scalar accumulator stored after the loop lets the compiler vectorize the reduction"},
    [PLR_R_STATE_IN_MEMORY] = {"StateInMemory",
        "the recurrence's state is kept in memory (a struct member, a global or an array element) that the "
        "loop's stores to the output may also write, so it is not in a register",
        "copy the state to a local variable before the loop and back after it, or declare every pointer "
        "the loop goes through restrict"},
    [PLR_R_RUNTIME_ORDER] = {"RuntimeOrder",
        "the recurrence's order is a run-time value (an inner loop over the taps, as in LPC synthesis), in a "
        "form not taken: the tap loop must only add or subtract c[j]*y[i-j] for j = 1..p into one accumulator "
        "(c an array that does not move with i), and the outer loop only store x[i] plus or minus that sum",
        "with a constant tap count (up to 32) the inner loop is unrolled and the recurrence replaced"},
    [PLR_R_RUNTIME_ORDER_VARIES] = {"RuntimeOrderVaries",
        "the recurrence's order is a run-time value that changes from one output to the next (the tap loop's "
        "count depends on i, as in j <= i): no one signature describes it",
        "a tap count fixed before the loop is taken, up to 32 (the first outputs, with fewer taps, in a loop "
        "of their own)"},
    [PLR_R_NARROW] = {"Narrow",
        "a recurrence held in another type than it is computed in (8- or 16-bit elements, a state stored "
        "truncated or rounded, inputs widened) is replaced only as one plain call, or as one call and an "
        "output map of a state not stored converted (in a buffer of its own when wider than the output); not "
        "as a cascade, with transposed states or other arrays stored, or as interleaved channels",
        "split the loop into plain recurrences, or keep the data in int"},
    [PLR_R_TRIANGULAR] = {"TriangularSolve",
        "the sum over earlier outputs has a tap count and coefficients that both change with i (a row of a "
        "matrix, A[i][j] for j < i or j > i): a triangular solve (forward or back substitution, the latter "
        "also dividing by the diagonal), not a recurrence with constant coefficients",
        "taken: a tap loop whose count is fixed before the loop and whose coefficients do not move with i, "
        "as in LPC synthesis"},
    [PLR_R_OUTPUT_INDEX] = {"OutputIndex",
        "the loop stores another array, or computes its output from one, not at the output's index (another "
        "stride, the other direction, a gather): the maps after the call walk the output's index",
        "taken: other arrays stored and read at index i, as many elements per iteration as the output, and one "
        "fixed element stored on every iteration (*last = s), once after the call"},
    [PLR_R_OUTPUT_OVERLAP] = {"OutputOverlap",
        "an output map reads the output array itself other than as y[i] before the loop stores it (another "
        "index, after the store), or beside several calls, recurrences or sequences: the map would not read "
        "what the loop read",
        "taken: y[i] read before the store (a gain applied in place, out[i] *= g) with one call over one "
        "sequence, the state then written into a buffer of n elements; a separate output array needs none"},
    [PLR_R_ALWAYS_OVERLAPS] = {"AlwaysOverlaps",
        "an array the loop reads lies a constant distance from one it writes, within it for every trip count a "
        "call would take (the same array read at another stride or offset), so the check before the call could "
        "never pass (with several recurrences in one loop, also one's output within another's)",
        "the loop stays as it is; reading a copy of the input, or separate arrays, would be replaced"},
    [PLR_R_BOUND_IN_MEMORY] = {"BoundInMemory",
        "the trip count cannot be computed before the loop: its bound is read from memory on every iteration, "
        "memory the loop's stores may write (no restrict, and an element type they could write), and the loop "
        "cannot be versioned on a check that they miss it (a store whose address does not advance by a "
        "constant step, more than 8 such stores, or a recurrence carried by the outer loop)",
        "a copy of the bound in a local variable before the loop, or restrict on the output, lets it be computed"},
    [PLR_R_HISTORY_TWICE] = {"HistoryTwice",
        "an earlier output or input is read both from a variable carried from the previous iteration and from "
        "memory, which need not hold the same value when the loop starts; that is checked before the call for "
        "one sequence, not yet for lanes, channels or a run-time order",
        NULL},
    [PLR_R_BOUND_WRITTEN] = {"BoundWritten",
        "the loop's bound is read from memory on every iteration, and the loop's first store writes it (the "
        "bound is an element of an array the loop stores, or a field it stores): the trip count depends on "
        "the values stored",
        "a copy of the bound in a local variable before the loop, if that is what is meant, lets it be computed"},
    [PLR_R_RUNTIME_ORDER_GAIN] = {"RuntimeOrderGain",
        "the recurrence's order is a run-time value and the sum over the taps is multiplied by something other "
        "than one value fixed before the loop: a factor that changes with i (i*s), or several factors "
        "(s + g*s, g*(h*s), g*s + h*s), while each coefficient can be scaled by one factor only",
        "taken: one factor from before the loop on the sum (y[i] = x[i] - g*s, every a[j] scaled by g before the "
        "call) and a gain on the input (y[i] = g*x[i] - s); compute the combined factor once before the loop"},
    [PLR_R_RUNTIME_ORDER_WRAP] = {"RuntimeOrderWrap",
        "the recurrence's order is a run-time value and the taps read y[i - j] at an index computed in 32-bit "
        "unsigned arithmetic (unsigned i, j), which wraps around past zero instead of reaching before the array: "
        "not an address a fixed distance back from y[i] that the call could be given",
        "use int or 64-bit indices (long, size_t) for i and j"},
    [PLR_R_INDEX_WRAPS] = {"IndexWraps",
        "the output's index is a value narrower than 64 bits widened after arithmetic that may wrap (an int index against a "
        "64-bit bound, as in for (int i = n - 1; i > 0; i--) y[i-1] = ... y[i]), so its address is not a "
        "start plus a multiple of the iteration the call could be given",
        "give the index the bound's type (long, ptrdiff_t), or the bound the index's (int)"},
    [PLR_R_FLOAT_IN_DOUBLE] = {"FloatInDouble",
        "float data is combined in double precision and rounded to float between steps (a double constant such "
        "as 0.9 in float code?)",
        "with float constants (0.9f) it can be replaced; a state kept in a double variable and stored as float "
        "(s = a*s + x[i]; y[i] = (float)s;) is replaced too"},
    [PLR_R_RECURRENCES_DEPENDENT] = {"RecurrencesDependent",
        "the loop stores several recurrences and one reads another's state (its value, before or after the "
        "update): they are not independent, and one call each would not see the other's values",
        "independent recurrences in one loop are taken, a call each; a recurrence over another's output is a "
        "cascade when the stages store one array"},
    [PLR_R_TRANSPOSED_INPUT] = {"TransposedInput",
        "a transposed state reads the input (z1 = b1*x[i] - a1*v) beside an input term that is no FIR of one "
        "array (a constant, a second array): that term is computed into y first by a copy of the loop with the "
        "outputs and the states zeroed, which would drop the state's input part",
        "a state that is a multiple of the output alone (m = coef*tmp, opus's de-emphasis) is taken beside such "
        "a term; so is a transposed filter whose input is one array"},
};

static const plr_reason_info nest_reasons[PLR_NEST_REASON_COUNT] = {
    [PLR_NEST_OK] = {"NestTaken",
        "one call for the whole nest", NULL},
    [PLR_NEST_NONE] = {"NoNest",
        "the loop is not inside another loop", NULL},
    [PLR_NEST_SHAPE] = {"NestShape",
        "the outer loop is not in simple form (one preheader, one latch that is its only exit)", NULL},
    [PLR_NEST_OTHER_WORK] = {"NestOtherWork",
        "the outer loop does other work (stores, calls or other loops with side effects)", NULL},
    [PLR_NEST_CONDITIONAL] = {"NestConditional",
        "the recurrence loop does not run on every iteration of the outer loop (a condition that changes "
        "from one sequence to the next)", NULL},
    [PLR_NEST_TRIP_COUNT] = {"NestTripCount",
        "the outer loop's trip count cannot be computed, or the recurrence loop's changes with it", NULL},
    [PLR_NEST_SPACING] = {"NestSpacing",
        "the sequences do not start a fixed distance apart in memory", NULL},
    [PLR_NEST_COEFFICIENT] = {"NestCoefficient",
        "a coefficient changes from one sequence to the next", NULL},
    [PLR_NEST_HISTORY] = {"NestHistory",
        "what a sequence starts from cannot be read before the call (a state carried from the previous "
        "sequence, or computed in the outer loop)", NULL},
    [PLR_NEST_LIVE_OUT] = {"NestLiveOut",
        "a value computed in the nest is used after it", NULL},
    [PLR_NEST_PLAN] = {"NestPlan",
        "the recurrence needs more than one call or a map per sequence (a cascade with stages read from "
        "memory or under an output map, an output map that reads per-sequence values or the loop's counter, a "
        "fixed element stored beside the output, a second accumulator, an output map reading the output "
        "itself, whose state goes to a buffer)", NULL},
    [PLR_NEST_BEFORE] = {"NestStateBefore",
        "a map reads the state's value from an earlier iteration, which at a sequence's first indices is the "
        "value it had before the recurrence loop, computed per sequence (the recurrence loop alone is replaced)",
        "a value the same for every sequence (a constant, or one computed before the nest) is taken"},
    [PLR_NEST_FORM] = {"NestForm",
        "the loop is replaced as interleaved channels, separate recurrences or a recurrence of run-time order, "
        "forms a call for the whole nest does not take yet (one call each time the loop runs)",
        NULL},
    [PLR_NEST_WRAP] = {"NestWrap",
        "an index of the recurrence loop is a narrower value widened, affine only where it does not wrap, "
        "and whether it wraps changes from one sequence to the next (the check before a nest tests it once)",
        "give the index the bound's type (long, ptrdiff_t)"},
};

const plr_reason_info *plr_reason_info_of(plr_reason r) {
    static const plr_reason_info unknown = {"Unknown", "unknown", NULL};
    return (unsigned)r < PLR_REASON_COUNT && reasons[r].name ? &reasons[r] : &unknown;
}

const plr_reason_info *plr_nest_reason_info_of(plr_nest_reason r) {
    static const plr_reason_info unknown = {"Unknown", "unknown", NULL};
    return (unsigned)r < PLR_NEST_REASON_COUNT && nest_reasons[r].name ? &nest_reasons[r] : &unknown;
}

const char *plr_reason_text(plr_reason r) {
    return plr_reason_info_of(r)->message;
}

const char *plr_nest_reason_text(plr_nest_reason r) {
    return plr_nest_reason_info_of(r)->message;
}
