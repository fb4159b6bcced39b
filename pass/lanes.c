/*
 * lanes.c - recurrences carried by the outer loop while the inner loop walks
 * independent lanes (y[i][j] = a*y[i-1][j] + x[i][j], j inner): addresses
 * {{A,+,P}<outer>,+,s}<inner>, a delay being a whole number of outer steps.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "recognize.h"

/* The address of access v as {{A,+,P}<outer>,+,s}<inner>. */
static int lanes_address(plr_ctx *ctx, plr_loop *inner, plr_loop *outer, LLVMValueRef ptr, plr_scev **a,
                         plr_scev **pitch, plr_scev **s) {
    plr_scev *addr = plr_scev_of(ctx, ptr), *start;
    return addr && plr_scev_recurrence(ctx, inner, addr, &start, s) && plr_scev_recurrence(ctx, outer, start, a, pitch);
}

/* d with a == base + d*pitch, |d| <= bound; 0 and *ok = 0 if none. */
static int same_address(plr_ctx *ctx, plr_scev *a, plr_scev *b) {
    int64_t diff;
    return a == b || (plr_scev_const_diff(ctx, a, b, &diff) && diff == 0);
}

static int steps_between(plr_ctx *ctx, plr_scev *a, plr_scev *base, plr_scev *pitch, int bound, int *ok) {
    for (int d = 0; d <= bound; d++) {
        if (same_address(ctx, plr_scev_offset(ctx, base, pitch, -d), a))
            return *ok = 1, -d;
        if (d && same_address(ctx, plr_scev_offset(ctx, base, pitch, d), a))
            return *ok = 1, d;
    }
    *ok = 0;
    return 0;
}

int plr_is_lanes_candidate(plr_ctx *ctx, plr_loop *loop, LLVMValueRef *store) {
    plr_loop *outer = plr_loop_parent(loop);
    if (!outer)
        return 0;
    unsigned nb = plr_loop_block_count(loop);
    LLVMValueRef st = NULL;
    for (unsigned b = 0; b < nb; b++)
        for (LLVMValueRef i = LLVMGetFirstInstruction(plr_loop_block(loop, b)); i; i = LLVMGetNextInstruction(i))
            if (LLVMIsAStoreInst(i)) {
                if (st)
                    return 0;
                st = i;
            }
    plr_scev *ya, *yp, *ys;
    if (!st || !lanes_address(ctx, loop, outer, LLVMGetOperand(st, 1), &ya, &yp, &ys))
        return 0;
    for (unsigned b = 0; b < nb; b++)
        for (LLVMValueRef i = LLVMGetFirstInstruction(plr_loop_block(loop, b)); i; i = LLVMGetNextInstruction(i)) {
            plr_scev *a, *pitch, *s;
            int ok;
            if (LLVMIsALoadInst(i) && lanes_address(ctx, loop, outer, LLVMGetOperand(i, 0), &a, &pitch, &s) &&
                pitch == yp && s == ys && steps_between(ctx, a, ya, yp, PLR_MAX_ORDER, &ok) < 0 && ok) {
                *store = st;
                return 1;
            }
        }
    return 0;
}

plr_reason plr_recognize_lanes(plr_plan *p) {
    plr_loop *loop = p->loop, *outer = plr_loop_parent(loop);
    plr_scev *ya, *yp, *ys;
    p->found.layout = PLR_LAYOUT_LANES; /* replaced with its nest or not at all */
    p->why_at = p->store;
    if (!lanes_address(p->ctx, loop, outer, LLVMGetOperand(p->store, 1), &ya, &yp, &ys))
        return PLR_R_STRIDE;
    /* No state carried from lane to lane: the inner loop's only phis are
     * inductions. */
    for (LLVMValueRef i = LLVMGetFirstInstruction(plr_loop_header(loop)); i && LLVMIsAPHINode(i);
         i = LLVMGetNextInstruction(i)) {
        plr_scev *s;
        int64_t st;
        if (!plr_scev_affine(p->ctx, loop, i, &s, &st)) {
            p->why_at = i;
            return PLR_R_STATE;
        }
    }
    unsigned nb = plr_loop_block_count(loop), count;
    plr_reserve_leaves(p);
    count = p->walk.capleaves;
    plr_add_stream(p, ya, 0);
    plr_scev **pitch_of = calloc(count + 1, sizeof *pitch_of), **lane_of = calloc(count + 1, sizeof *lane_of);
    if (!pitch_of || !lane_of)
        abort();
    pitch_of[0] = yp, lane_of[0] = ys;
    for (unsigned b = 0; b < nb; b++) {
        for (LLVMValueRef i = LLVMGetFirstInstruction(plr_loop_block(loop, b)); i; i = LLVMGetNextInstruction(i)) {
            if (!LLVMIsALoadInst(i))
                continue;
            plr_leaf *l = plr_new_leaf(p, i);
            l->from_memory = 1;
            plr_scev *a, *pitch, *s;
            int ok = 0, off = 0;
            if (plr_leaf_settled(p, l))
                continue;
            if (LLVMTypeOf(i) != p->elem) {
                plr_bad(l, PLR_R_TYPE); /* (elements held narrower: not in lanes yet) */
                continue;
            }
            if (!lanes_address(p->ctx, loop, outer, LLVMGetOperand(i, 0), &a, &pitch, &s)) {
                plr_bad(l, PLR_R_STRIDE);
                continue;
            }
            unsigned k;
            for (k = 0; k < p->access.nstreams; k++) {
                if (pitch_of[k] != pitch || lane_of[k] != s)
                    continue;
                off = steps_between(p->ctx, a, p->access.stream_first[k], pitch, k ? PLR_MAX_FIR : PLR_MAX_ORDER, &ok);
                if (ok)
                    break;
            }
            if (k == p->access.nstreams) {
                /* y's array elsewhere than a whole number of rows away: a
                 * neighbouring lane, which the lanes are independent of */
                int neighbour = 0;
                for (int d = 0; d <= PLR_MAX_ORDER && !neighbour && pitch == yp; d++) {
                    int64_t dd;
                    neighbour = plr_scev_const_diff(p->ctx, a, plr_scev_offset(p->ctx, ya, yp, -d), &dd);
                }
                if (neighbour) {
                    p->why_at = i;
                    plr_bad(l, PLR_R_STRIDE);
                    continue;
                }
                k = plr_add_stream(p, a, 0);
                pitch_of[k] = pitch, lane_of[k] = s;
                off = 0;
            }
            l->kind = PLR_LEAF_X;
            l->stream = (int)k;
            l->delay = off;
            if (k > 0 && off > p->access.stream_max[k]) {
                p->access.stream_max[k] = off;
                p->access.stream_ref[k] = a;
            }
        }
    }
    for (unsigned i = 0; i < p->walk.nleaves; i++) {
        plr_leaf *l = &p->walk.leaves[i];
        if (l->kind != PLR_LEAF_X)
            continue;
        if (l->stream == 0) {
            if (l->delay > 0)
                plr_bad(l, PLR_R_READ_AHEAD);
            else if (l->delay < 0)
                l->kind = PLR_LEAF_Y, l->delay = -l->delay;
        } else {
            l->delay = (int)(p->access.stream_max[l->stream] - l->delay);
            if (l->delay >= PLR_MAX_FIR)
                plr_bad(l, PLR_R_ORDER);
        }
    }
    walk w = {p, PLR_OK_CANDIDATE, NULL, 0, 0, 0, 0, 0};
    p->lin = plr_lin_of(&w, p->value);
    plr_reason r = PLR_OK_CANDIDATE;
    if (!p->lin) {
        p->why_at = w.at;
        r = w.why ? w.why : PLR_R_NONLINEAR;
    } else if (p->lin->xs > 0 && (pitch_of[p->lin->xs] != yp)) {
        p->why_at = p->store; /* x rows a different distance apart than y's */
        r = PLR_R_STRIDE;
    } else {
        /* The sequence is the outer loop's: its stride is the row pitch. */
        p->lanes_pitch = yp;
        p->lanes_y_lane = ys;
        p->lanes_x_lane = p->lin->xs > 0 ? lane_of[p->lin->xs] : ys;
    }
    free(pitch_of);
    free(lane_of);
    return r;
}
