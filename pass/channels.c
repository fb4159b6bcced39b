/*
 * channels.c - several recurrences in one loop, one per store (left and
 * right of interleaved stereo, the channels of a frame), as one
 * plr_run_many whose sequences are the channels.
 *
 * Every store of the loop is analyzed as its own plan, the others allowed
 * beside it (siblings) and their values not its live-outs (foreign). They
 * merge when all are plain recurrences (no cascade, map or materialized
 * input) of one type and one signature, their outputs and inputs evenly
 * spaced within one step (channel k at +k*dist), and no input is read from
 * memory before its first element.
 *
 * Otherwise, plain recurrences of one type (an input history in memory
 * allowed: each call's is read before the first) that read nothing of one
 * another (no store's value in another's cone: RecurrencesDependent) are
 * taken as several (separate): a call each, with its own signature and
 * layout, the arrays apart checked by the call plan (callplan.c) before the
 * first call, at most one in place and that one called last (a failed call
 * sends the original loop over inputs no call has written).
 */
#include <stdlib.h>
#include <string.h>

#include "plr_pass.h"
#include "shape.h"

/* Both zero, or the same tree. */
static int cn_equal(const plr_cn *a, const plr_cn *b) {
    if (plr_cn_is_zero(a) || plr_cn_is_zero(b))
        return plr_cn_is_zero(a) && plr_cn_is_zero(b);
    return plr_cn_same(a, b);
}

static int same_signature(const plr_plan *a, const plr_plan *b) {
    if (a->type != b->type || a->order != b->order || a->fir_len != b->fir_len)
        return 0;
    for (unsigned m = 0; m < a->fir_len; m++)
        if (!cn_equal(a->lin->a[m], b->lin->a[m]))
            return 0;
    for (unsigned j = 1; j <= a->order; j++)
        if (!cn_equal(a->lin->b[j], b->lin->b[j]))
            return 0;
    return 1;
}

/* A plain recurrence (its shape), and nothing the channels' one call
 * could not carry: values computed by a copy, reloads checked at run time,
 * a run-time stride, inputs read from memory before the loop. */
static int plain(const plr_plan *q) {
    return q->shape->kind == PLR_SHAPE_PLAIN && !q->has_side && !q->access.nrl && !q->access.step_s &&
           q->access.x_mem_history == 0;
}

/* The values a store's value depends on inside the loop, through the
 * phis that carry them (its cone). */
#define CONE_CAP 1024
typedef struct cone {
    LLVMValueRef v[CONE_CAP];
    unsigned n;
    int full;
} cone;

static int in_cone(const cone *c, LLVMValueRef v) {
    for (unsigned i = 0; i < c->n; i++)
        if (c->v[i] == v)
            return 1;
    return 0;
}

static void grow_cone(plr_loop *loop, cone *c, LLVMValueRef v) {
    if (!LLVMIsAInstruction(v) || !plr_loop_contains(loop, v) || in_cone(c, v))
        return;
    if (c->n == CONE_CAP) {
        c->full = 1;
        return;
    }
    c->v[c->n++] = v;
    if (LLVMIsAPHINode(v) && LLVMGetInstructionParent(v) == plr_loop_header(loop)) {
        LLVMValueRef next = plr_incoming_from(v, plr_loop_latch(loop));
        if (next)
            grow_cone(loop, c, next);
        return;
    }
    int n = LLVMGetNumOperands(v);
    for (int i = 0; i < n; i++)
        grow_cone(loop, c, LLVMGetOperand(v, i));
}

/* Store k's foreign values: those in another channel's cone, not in its own. */
static void set_foreign(plr_plan *q, const cone *cones, unsigned m, unsigned k) {
    unsigned cap = 0;
    for (unsigned j = 0; j < m; j++)
        cap += cones[j].n;
    q->foreign = calloc(cap ? cap : 1, sizeof *q->foreign);
    if (!q->foreign)
        abort();
    for (unsigned j = 0; j < m; j++)
        for (unsigned i = 0; j != k && i < cones[j].n; i++)
            if (!in_cone(&cones[k], cones[j].v[i]))
                q->foreign[q->nforeign++] = cones[j].v[i];
}

static plr_reason merge(plr_plan *p, plr_plan **all_in, unsigned m, int64_t *ydist, int64_t *xdist) {
    plr_plan *all[PLR_MAX_CHANNELS]; /* sorted here; all_in only when merged */
    memcpy(all, all_in, m * sizeof *all);
    /* channel order: by output address */
    int64_t off[PLR_MAX_CHANNELS], xoff[PLR_MAX_CHANNELS];
    for (unsigned k = 0; k < m; k++) {
        if (!plain(all[k]) || !same_signature(all[0], all[k]) || all[k]->access.step != all[0]->access.step ||
            all[k]->access.x_step != all[0]->access.x_step || all[k]->access.in_place != all[0]->access.in_place) {
            p->why_at = all[k]->store;
            return PLR_R_CHANNELS;
        }
        if (!plr_scev_const_diff(p->ctx, all[k]->access.y_start, all[0]->access.y_start, &off[k]) ||
            !plr_scev_const_diff(p->ctx, all[k]->access.x_start, all[0]->access.x_start, &xoff[k])) {
            p->why_at = all[k]->store;
            return PLR_R_CHANNELS;
        }
    }
    for (unsigned a = 0; a < m; a++) /* selection sort: m is small */
        for (unsigned b = a + 1; b < m; b++)
            if (off[b] < off[a]) {
                int64_t t = off[a];
                off[a] = off[b], off[b] = t;
                t = xoff[a], xoff[a] = xoff[b], xoff[b] = t;
                plr_plan *q = all[a];
                all[a] = all[b], all[b] = q;
            }
    *ydist = off[1] - off[0];
    *xdist = xoff[1] - xoff[0];
    int64_t step = all[0]->access.step < 0 ? -all[0]->access.step : all[0]->access.step;
    int64_t xstep = all[0]->access.x_step < 0 ? -all[0]->access.x_step : all[0]->access.x_step;
    for (unsigned k = 1; k < m; k++)
        if (off[k] - off[0] != (int64_t)k * *ydist || xoff[k] - xoff[0] != (int64_t)k * *xdist)
            return PLR_R_CHANNELS;
    /* Whole elements apart, and all channels within one step: no channel
     * writes what another reads as its history or input. */
    if (*ydist <= 0 || *ydist % (int64_t)p->size || *xdist % (int64_t)p->size || *ydist * (m - 1) >= step ||
        (*xdist < 0 ? -*xdist : *xdist) * (int64_t)(m - 1) >= xstep)
        return PLR_R_CHANNELS;
    memcpy(all_in, all, m * sizeof *all);
    return PLR_OK_CANDIDATE;
}

/* Several plain recurrences of one type, a call each (separate): the
 * calls' order, the one in place (statically) last. */
static plr_reason separate(plr_plan *p, plr_plan **all, unsigned m, unsigned *order) {
    unsigned n = 0, in_place = m;
    for (unsigned k = 0; k < m; k++) {
        const plr_plan *q = all[k];
        p->why_at = q->store;
        /* (an input history in memory is read before any call, within the
         * input's footprint the checks compare) */
        if (q->shape->kind != PLR_SHAPE_PLAIN || q->has_side || q->access.nrl || q->access.step_s || q->maps.nouts ||
            q->shape->output_map || q->shape->stored_maps || q->type != p->type || q->elem != p->elem)
            return PLR_R_CHANNELS;
        if (q->storage.narrow || q->storage.y_trunc || q->storage.x_held || q->storage.state_held)
            return PLR_R_NARROW; /* (each call's histories are blocks of the element type) */
        if (q->access.in_place) {
            if (in_place != m)
                return PLR_R_CHANNELS; /* two calls in place: a failed second would leave the first's input written */
            in_place = k;
            continue;
        }
        order[n++] = k;
    }
    if (in_place != m)
        order[n++] = in_place;
    p->why_at = NULL;
    return PLR_OK_CANDIDATE;
}

/* Whether the store's value is carried to the next iteration through a
 * phi of the loop's header in its own cone: a recurrence, not a map. */
static int is_recurrence(plr_loop *loop, const cone *c, LLVMValueRef v) {
    for (unsigned i = 0; i < c->n; i++)
        if (LLVMIsAPHINode(c->v[i]) && LLVMGetInstructionParent(c->v[i]) == plr_loop_header(loop) &&
            plr_incoming_from(c->v[i], plr_loop_latch(loop)) == v)
            return 1;
    return 0;
}

/* Store s's address, {start,+,step}: 1 when the step is a constant other
 * than 0. */
static int store_address(plr_ctx *ctx, plr_loop *loop, LLVMValueRef s, plr_scev **start, int64_t *step) {
    return plr_scev_address(ctx, loop, LLVMGetOperand(s, 1), start, step) && *step != 0;
}

/* Whether a load of c reads what store s (address start + i*step) wrote:
 * on an earlier iteration (y[i-1], y[i-2]), or on this one (y[i]) after
 * the store, in its block. own: an earlier iteration only. */
static int reads_store(plr_ctx *ctx, plr_loop *loop, const cone *c, LLVMValueRef s, plr_scev *start, int64_t step,
                       int own) {
    for (unsigned i = 0; i < c->n; i++) {
        LLVMValueRef l = c->v[i];
        plr_scev *ls;
        int64_t lstep, diff;
        if (!LLVMIsALoadInst(l) || !plr_scev_address(ctx, loop, LLVMGetOperand(l, 0), &ls, &lstep) ||
            lstep != step || !plr_scev_const_diff(ctx, ls, start, &diff) || diff % step)
            continue;
        if (diff / step < 0)
            return 1;
        if (diff == 0 && !own && LLVMGetInstructionParent(l) == LLVMGetInstructionParent(s))
            for (LLVMValueRef n = LLVMGetNextInstruction(s); n; n = LLVMGetNextInstruction(n))
                if (n == l)
                    return 1;
    }
    return 0;
}

/* The loop's stores, in block order: their count, PLR_MAX_CHANNELS + 1
 * when there are more than that. */
static unsigned loop_stores(plr_loop *loop, LLVMValueRef stores[PLR_MAX_CHANNELS]) {
    unsigned m = 0, nb = plr_loop_block_count(loop);
    for (unsigned b = 0; b < nb; b++)
        for (LLVMValueRef i = LLVMGetFirstInstruction(plr_loop_block(loop, b)); i; i = LLVMGetNextInstruction(i))
            if (LLVMIsAStoreInst(i)) {
                if (m == PLR_MAX_CHANNELS)
                    return PLR_MAX_CHANNELS + 1;
                stores[m++] = i;
            }
    return m;
}

/* Each stored value's cone (to be freed), NULL when one outgrows a cone. */
static cone *store_cones(plr_loop *loop, const LLVMValueRef *stores, unsigned m) {
    cone *cones = calloc(m, sizeof *cones);
    if (!cones)
        abort();
    for (unsigned k = 0; k < m; k++) {
        grow_cone(loop, &cones[k], LLVMGetOperand(stores[k], 0));
        if (cones[k].full) {
            free(cones);
            return NULL;
        }
    }
    return cones;
}

/* A store whose recurrence reads another's state (its value, before or
 * after the update, in its cone), NULL when none: the recurrences are
 * neither channels nor separate. memory: recurrences kept in memory too
 * (their output of an earlier iteration read back), and outputs read back;
 * one value stored twice is then one recurrence with two outputs, no
 * dependence. Without memory (the channels attempt) such a value reads
 * itself: refused here rather than taken as two channels or two calls of
 * one recurrence, and left to the outputs attempt. The reader named where
 * several are (the remark's place), as each caller's remarks had it: with
 * memory the first store that reads another; else the first that reads the
 * first store read at all (the second of one value stored twice). */
static LLVMValueRef dependent_reader(plr_ctx *ctx, plr_loop *loop, const LLVMValueRef *stores, unsigned m,
                                     const cone *cones, int memory) {
    plr_scev *start[PLR_MAX_CHANNELS] = {0}; /* (read only where addr: for GCC's -Wmaybe-uninitialized) */
    int64_t step[PLR_MAX_CHANNELS] = {0};
    int addr[PLR_MAX_CHANNELS], rec[PLR_MAX_CHANNELS];
    for (unsigned k = 0; k < m; k++) {
        addr[k] = memory && store_address(ctx, loop, stores[k], &start[k], &step[k]);
        rec[k] = is_recurrence(loop, &cones[k], LLVMGetOperand(stores[k], 0)) ||
                 (addr[k] && reads_store(ctx, loop, &cones[k], stores[k], start[k], step[k], 1));
    }
    for (unsigned a = 0; a < m; a++)
        for (unsigned b = 0; b < m; b++) {
            const unsigned j = memory ? a : b, k = memory ? b : a; /* j reads k */
            LLVMValueRef vk = LLVMGetOperand(stores[k], 0);
            if (j != k && rec[j] && rec[k] && !(memory && vk == LLVMGetOperand(stores[j], 0)) &&
                (in_cone(&cones[j], vk) ||
                 (addr[k] && reads_store(ctx, loop, &cones[j], stores[k], start[k], step[k], 0))))
                return stores[j];
        }
    return NULL;
}

/* The loop's stores and their cones (*cones to be freed) when it has
 * several, up to PLR_MAX_CHANNELS: PLR_OK_CANDIDATE; else why not. */
static plr_reason stores_and_cones(plr_loop *loop, LLVMValueRef stores[PLR_MAX_CHANNELS], unsigned *m, cone **cones) {
    *m = loop_stores(loop, stores);
    if (*m < 2 || *m > PLR_MAX_CHANNELS)
        return PLR_R_OTHER_STORES;
    *cones = store_cones(loop, stores, *m);
    return *cones ? PLR_OK_CANDIDATE : PLR_R_SIZE;
}

LLVMValueRef plr_recurrences_dependent(plr_ctx *ctx, plr_loop *loop) {
    LLVMValueRef stores[PLR_MAX_CHANNELS];
    unsigned m;
    cone *cones = NULL;
    if (stores_and_cones(loop, stores, &m, &cones) != PLR_OK_CANDIDATE)
        return NULL;
    LLVMValueRef at = dependent_reader(ctx, loop, stores, m, cones, 1);
    free(cones);
    return at;
}

plr_reason plr_analyze_channels(plr_plan *p, plr_reason (*analyze)(plr_plan *)) {
    plr_loop *loop = p->loop;
    LLVMValueRef stores[PLR_MAX_CHANNELS];
    unsigned m;
    cone *cones = NULL;
    const plr_reason several = stores_and_cones(loop, stores, &m, &cones);
    if (several != PLR_OK_CANDIDATE)
        return several;
    LLVMValueRef reader = dependent_reader(p->ctx, loop, stores, m, cones, 0);
    if (reader) {
        free(cones);
        p->why_at = reader;
        return PLR_R_RECURRENCES_DEPENDENT;
    }
    plr_plan *all[PLR_MAX_CHANNELS];
    plr_reason r = PLR_OK_CANDIDATE;
    unsigned made = 0;
    for (unsigned k = 0; k < m && r == PLR_OK_CANDIDATE; k++) {
        plr_plan *q = p;
        if (k == 0) {
            plr_ctx *ctx = p->ctx;
            plr_plan_free(p); /* the first analysis, stopped by the siblings */
            p->ctx = ctx;
            p->loop = loop;
        } else {
            q = calloc(1, sizeof *q);
            if (!q)
                abort();
            q->ctx = p->ctx;
            q->loop = loop;
        }
        all[made++] = q;
        q->store = stores[k];
        q->siblings = malloc((m - 1) * sizeof *q->siblings);
        if (!q->siblings)
            abort();
        for (unsigned j = 0; j < m; j++)
            if (j != k)
                q->siblings[q->nsiblings++] = stores[j];
        set_foreign(q, cones, m, k);
        r = analyze(q);
        /* the call returns every channel's last outputs (y_final) */
        for (unsigned i = 0; i < q->nliveouts && r == PLR_OK_CANDIDATE; i++) {
            int kind = q->liveouts[i].kind;
            if (!(kind == PLR_LO_SCEV || (kind == PLR_LO_Y && (unsigned)q->liveouts[i].delay < q->order))) {
                q->why_at = q->liveouts[i].v;
                r = PLR_R_LIVE_OUT;
            }
        }
        if (r != PLR_OK_CANDIDATE && q != p)
            p->why_at = q->why_at;
    }
    free(cones);
    int64_t ydist = 0, xdist = 0;
    unsigned order[PLR_MAX_CHANNELS];
    int apart = 0;
    if (r == PLR_OK_CANDIDATE && merge(p, all, m, &ydist, &xdist) != PLR_OK_CANDIDATE) {
        r = separate(p, all, m, order);
        apart = r == PLR_OK_CANDIDATE;
    }
    if (r != PLR_OK_CANDIDATE) {
        for (unsigned k = 1; k < made; k++)
            if (all[k] != p) {
                plr_plan_free(all[k]);
                free(all[k]);
            }
        return r;
    }
    /* all[0] is the lowest channel: make it the merged plan (p) */
    if (!apart && all[0] != p) {
        unsigned k = 1;
        while (all[k] != p)
            k++;
        plr_plan t = *p;
        *p = *all[0];
        *all[0] = t;
        all[k] = all[0];
        all[0] = p;
    }
    plr_channels *c = calloc(1, sizeof *c);
    if (!c)
        abort();
    c->count = m;
    memcpy(c->sub, all, m * sizeof *all);
    c->y_dist = ydist;
    c->x_dist = xdist;
    c->separate = apart;
    if (apart)
        memcpy(c->order, order, m * sizeof *order);
    p->chan = c;
    return PLR_OK_CANDIDATE;
}

void plr_channels_free(plr_plan *p) {
    plr_channels *c = p->chan;
    if (!c)
        return;
    for (unsigned k = 1; k < c->count; k++) {
        plr_plan_free(c->sub[k]);
        free(c->sub[k]);
    }
    free(c);
    p->chan = NULL;
}
