/*
 * candidates.c - which loops are recurrence candidates at all (a store fed
 * back from an earlier iteration), and the near misses the driver explains
 * or handles otherwise: a state kept in memory, an output index that may
 * wrap, and the tap loop of a recurrence of run-time order.
 */
#include "recognize.h"

/* The searches below: is v an instruction of the loop not visited yet (and
 * now visited)? The walks are bounded by the seen list's capacity. */
static int first_visit(plr_loop *loop, LLVMValueRef v, LLVMValueRef *seen, unsigned *nseen, unsigned cap) {
    if (!LLVMIsAInstruction(v) || !plr_loop_contains(loop, v))
        return 0;
    for (unsigned i = 0; i < *nseen; i++)
        if (seen[i] == v)
            return 0;
    if (*nseen == cap)
        return 0;
    seen[(*nseen)++] = v;
    return 1;
}

/* Where a store writes: y's element in the first iteration and its step an
 * iteration, a constant (step_s NULL) or a run-time value (step_s); start
 * NULL where SCEV cannot say. */
typedef struct {
    plr_scev *start;
    int64_t step;
    plr_scev *step_s;
} stored_at;

/* Does the load ld read the stored array at an earlier iteration's element:
 * at a constant step, anywhere behind the store; at a run-time step (the
 * direction known only at run time), a whole number of steps behind it,
 * up to PLR_MAX_ORDER (y[(j-1)*C] beside y[j*C]) */
static int reads_behind(plr_ctx *ctx, plr_loop *loop, LLVMValueRef ld, const stored_at *y) {
    if (!y->start)
        return 0;
    plr_scev *s;
    int64_t d;
    if (!y->step_s) {
        int64_t st;
        return plr_scev_affine(ctx, loop, LLVMGetOperand(ld, 0), &s, &st) && st == y->step &&
               plr_scev_const_diff(ctx, s, y->start, &d) && (y->step > 0 ? d < 0 : d > 0);
    }
    plr_scev *addr = plr_scev_of(ctx, LLVMGetOperand(ld, 0)), *st;
    /* (each k below builds SCEVs: asked only for the stored array itself
     * at a distance that is no constant, which whole run-time steps are
     * not; its own element read in place, the usual case, and another
     * array are none; opus's bands.c, rich in strided loops that scale in
     * place, took the pass twice as long without these tests) */
    if (addr && plr_scev_recurrence(ctx, loop, addr, &s, &st) && st == y->step_s &&
        plr_scev_may_be_steps_apart(ctx, s, y->start))
        for (int k = 1; k <= PLR_MAX_ORDER; k++)
            if (plr_scev_const_diff(ctx, s, plr_scev_offset(ctx, y->start, y->step_s, -k), &d) && d == 0)
                return 1;
    return 0;
}

/* Does v (inside the loop) depend on a non-induction header phi or on a load
 * of the stored array at an earlier iteration's element? Bounded depth-first
 * search. */
static int feeds_back(plr_ctx *ctx, plr_loop *loop, LLVMValueRef v, const stored_at *y, LLVMValueRef *seen,
                      unsigned *nseen, unsigned cap) {
    if (!first_visit(loop, v, seen, nseen, cap))
        return 0;
    if (plr_is_header_phi(loop, v)) {
        plr_scev *s;
        int64_t st;
        return !plr_scev_affine(ctx, loop, v, &s, &st);
    }
    if (LLVMIsALoadInst(v))
        return reads_behind(ctx, loop, v, y);
    int n = LLVMGetNumOperands(v);
    for (int i = 0; i < n; i++)
        if (feeds_back(ctx, loop, LLVMGetOperand(v, i), y, seen, nseen, cap))
            return 1;
    return 0;
}

/* A store at a run-time stride (y[j*C]) fed back through a load of the
 * array behind it, read where the stride is one element (y[(j-1)*C] is then
 * one element behind): the driver analyzes such a loop at that stride
 * (plr_stride_pin). */
static int feeds_back_at_unit_stride(plr_ctx *ctx, plr_loop *loop, LLVMValueRef store) {
    LLVMValueRef pin = plr_stride_pin_of_access(ctx, loop, store), seen[256];
    if (!pin)
        return 0;
    plr_stride_pin(ctx, pin);
    stored_at y = {NULL, 0, NULL};
    unsigned nseen = 0;
    int found = plr_scev_affine(ctx, loop, LLVMGetOperand(store, 1), &y.start, &y.step) &&
                feeds_back(ctx, loop, LLVMGetOperand(store, 0), &y, seen, &nseen, 256);
    plr_stride_pin(ctx, NULL);
    return found;
}

/* The same at the run-time stride itself, for a stride no one value makes
 * one element (y[j*(C/D)]: two values), which feeds_back_at_unit_stride
 * cannot read; the analysis then reads the loop at its run-time stride
 * (leaves.c: loads whole strides apart). */
static int feeds_back_at_its_stride(plr_ctx *ctx, plr_loop *loop, LLVMValueRef store) {
    plr_scev *addr = plr_scev_of(ctx, LLVMGetOperand(store, 1));
    stored_at y = {NULL, 0, NULL};
    int64_t constant;
    LLVMValueRef seen[256];
    unsigned nseen = 0;
    return addr && plr_scev_recurrence(ctx, loop, addr, &y.start, &y.step_s) &&
           !plr_scev_constant(y.step_s, &constant) &&
           feeds_back(ctx, loop, LLVMGetOperand(store, 0), &y, seen, &nseen, 256);
}

int plr_is_candidate(plr_ctx *ctx, plr_loop *loop, LLVMValueRef *store) {
    LLVMValueRef seen[256];
    unsigned nb = plr_loop_block_count(loop);
    for (unsigned b = 0; b < nb; b++) {
        LLVMBasicBlockRef bb = plr_loop_block(loop, b);
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
            if (!LLVMIsAStoreInst(i))
                continue;
            stored_at y = {NULL, 0, NULL};
            if (!plr_scev_affine(ctx, loop, LLVMGetOperand(i, 1), &y.start, &y.step))
                y.start = NULL;
            unsigned nseen = 0;
            if (feeds_back(ctx, loop, LLVMGetOperand(i, 0), &y, seen, &nseen, 256) ||
                feeds_back_at_unit_stride(ctx, loop, i) || feeds_back_at_its_stride(ctx, loop, i)) {
                *store = i;
                return 1;
            }
        }
    }
    return 0;
}

/* What v reads within one iteration (through operands, up to header
 * phis): which of the carried values phis[] (a bit each) and whether an
 * earlier element of the stored array. 0 where the walk cannot tell (it
 * outgrew its list, or met a load that may be the stored array's). */
static int reads_within(plr_ctx *ctx, plr_loop *loop, LLVMValueRef v, const LLVMValueRef *phis, unsigned nphis,
                        plr_scev *ystart, int64_t ystep, uint64_t *mask, int *yload, LLVMValueRef *seen,
                        unsigned *nseen, unsigned cap) {
    if (*nseen == cap)
        return 0;
    if (!first_visit(loop, v, seen, nseen, cap))
        return 1;
    if (plr_is_header_phi(loop, v)) {
        for (unsigned k = 0; k < nphis; k++)
            if (phis[k] == v)
                *mask |= UINT64_C(1) << k;
        return 1;
    }
    if (LLVMIsALoadInst(v)) {
        /* another array at an affine index is an input (as the analysis
         * reads it, its overlap a check's); the stored array at another
         * step, or any gather, may be fed back: the walk cannot tell */
        plr_scev *s;
        int64_t st, d;
        if (!plr_scev_affine(ctx, loop, LLVMGetOperand(v, 0), &s, &st))
            return 0;
        if (plr_scev_const_diff(ctx, s, ystart, &d)) {
            if (st != ystep)
                return 0;
            *yload |= ystep > 0 ? d < 0 : d > 0;
        }
        return 1;
    }
    int n = LLVMGetNumOperands(v);
    for (int i = 0; i < n; i++)
        if (!reads_within(ctx, loop, LLVMGetOperand(v, i), phis, nphis, ystart, ystep, mask, yload, seen, nseen, cap))
            return 0;
    return 1;
}

/* Whether a store's value can depend on an earlier iteration's result:
 * it reads an earlier element of its own array, or a carried value that
 * is a state (its update reads itself, through other carried values too)
 * or reads such an element. A carried value that only delays an input
 * (last = x[i]) is none. 1 where the walk cannot tell. */
static int store_reads_state(plr_ctx *ctx, plr_loop *loop, LLVMValueRef store, const LLVMValueRef *phis,
                             unsigned nphis) {
    plr_scev *ys;
    int64_t step;
    LLVMBasicBlockRef latch = plr_loop_latch(loop);
    if (!latch || !plr_scev_affine(ctx, loop, LLVMGetOperand(store, 1), &ys, &step))
        return 1;
    /* [nphis]: the stored value; [k]: phis[k]'s update */
    uint64_t reads[65] = {0};
    int yload[65] = {0};
    LLVMValueRef seen[256];
    for (unsigned k = 0; k <= nphis; k++) {
        LLVMValueRef v = k == nphis ? LLVMGetOperand(store, 0) : plr_incoming_from(phis[k], latch);
        unsigned nseen = 0;
        if (!v || !reads_within(ctx, loop, v, phis, nphis, ys, step, &reads[k], &yload[k], seen, &nseen, 256))
            return 1;
    }
    /* (the carried values each one reaches, iteration after iteration) */
    uint64_t reach[65];
    for (unsigned k = 0; k <= nphis; k++) {
        reach[k] = reads[k];
        for (uint64_t before = 0; before != reach[k];) {
            before = reach[k];
            for (unsigned j = 0; j < nphis; j++)
                if (reach[k] >> j & 1)
                    reach[k] |= reads[j];
        }
    }
    if (yload[nphis])
        return 1;
    for (unsigned j = 0; j < nphis; j++)
        if ((reach[nphis] >> j & 1) && (yload[j] || (reach[j] >> j & 1)))
            return 1;
    return 0;
}

int plr_loop_stores_read_state(plr_ctx *ctx, plr_loop *loop) {
    LLVMValueRef phis[64];
    unsigned nphis = 0;
    for (LLVMValueRef i = LLVMGetFirstInstruction(plr_loop_header(loop)); i && LLVMIsAPHINode(i);
         i = LLVMGetNextInstruction(i)) {
        plr_scev *s;
        int64_t st;
        if (plr_scev_affine(ctx, loop, i, &s, &st))
            continue; /* (an induction) */
        if (nphis == 64)
            return 1;
        phis[nphis++] = i;
    }
    for (unsigned b = 0, nb = plr_loop_block_count(loop); b < nb; b++)
        for (LLVMValueRef i = LLVMGetFirstInstruction(plr_loop_block(loop, b)); i; i = LLVMGetNextInstruction(i))
            if (LLVMIsAStoreInst(i) && store_reads_state(ctx, loop, i, phis, nphis))
                return 1;
    return 0;
}

/* the array a GEP (or a plain pointer) addresses: its base pointer */
static LLVMValueRef array_of(LLVMValueRef ptr) {
    return LLVMIsAGetElementPtrInst(ptr) ? LLVMGetOperand(ptr, 0) : ptr;
}

/* Does v (inside the loop) read array base through a load? Bounded
 * depth-first search, loads being leaves. */
static int reads_array(plr_loop *loop, LLVMValueRef v, LLVMValueRef base, LLVMValueRef *seen, unsigned *nseen,
                       unsigned cap) {
    if (!first_visit(loop, v, seen, nseen, cap))
        return 0;
    if (LLVMIsALoadInst(v))
        return array_of(LLVMGetOperand(v, 0)) == base;
    if (LLVMIsAPHINode(v))
        return 0;
    int n = LLVMGetNumOperands(v);
    for (int i = 0; i < n; i++)
        if (reads_array(loop, LLVMGetOperand(v, i), base, seen, nseen, cap))
            return 1;
    return 0;
}

/* v & (2^k - 1), 0 < k < 64 */
static int is_low_mask(LLVMValueRef v) {
    if (!LLVMIsAInstruction(v) || LLVMGetInstructionOpcode(v) != LLVMAnd)
        return 0;
    LLVMValueRef m = LLVMGetOperand(v, 1);
    if (!LLVMIsAConstantInt(m))
        return 0;
    unsigned long long c = LLVMConstIntGetZExtValue(m);
    return c && c != ~0ull && (c & (c + 1)) == 0;
}

/* Whether the loop reads array `base` at the stride store i writes it, not
 * the element it writes or one ahead, both read as recurrences where their
 * narrow indices do not wrap: what a wider index would make a recurrence
 * (and not, say, a tree reduction reading two elements for each it writes,
 * or an update of each element in place). */
static int reads_at_store_stride(plr_ctx *ctx, plr_loop *loop, LLVMValueRef i, LLVMValueRef base) {
    plr_wrap_begin(ctx, loop);
    plr_scev *s;
    int64_t step;
    int found = 0;
    if (plr_scev_affine(ctx, loop, LLVMGetOperand(i, 1), &s, &step) && step != 0)
        for (unsigned b = 0, nb = plr_loop_block_count(loop); b < nb && !found; b++)
            for (LLVMValueRef l = LLVMGetFirstInstruction(plr_loop_block(loop, b)); l && !found;
                 l = LLVMGetNextInstruction(l)) {
                plr_scev *ls;
                int64_t lstep;
                LLVMValueRef p = LLVMIsALoadInst(l) ? LLVMGetOperand(l, 0) : NULL;
                int64_t d;
                /* (behind the store by a constant, or by a run-time amount:
                 * another row of a recurrence the outer loop carries) */
                found = p && LLVMIsAGetElementPtrInst(p) && LLVMGetOperand(p, 0) == base &&
                        plr_scev_affine(ctx, loop, p, &ls, &lstep) && lstep == step &&
                        !(plr_scev_const_diff(ctx, ls, s, &d) && (step > 0 ? d >= 0 : d <= 0));
            }
    plr_wrap_begin(ctx, NULL);
    return found;
}

int plr_index_may_wrap(plr_ctx *ctx, plr_loop *loop, LLVMValueRef *store) {
    LLVMValueRef seen[256];
    for (unsigned b = 0, nb = plr_loop_block_count(loop); b < nb; b++)
        for (LLVMValueRef i = LLVMGetFirstInstruction(plr_loop_block(loop, b)); i; i = LLVMGetNextInstruction(i)) {
            if (!LLVMIsAStoreInst(i))
                continue;
            LLVMValueRef ptr = LLVMGetOperand(i, 1);
            plr_scev *s;
            int64_t step;
            if (!LLVMIsAGetElementPtrInst(ptr) || plr_scev_affine(ctx, loop, ptr, &s, &step))
                continue;
            /* the last index: a narrower integer widened (or, as InstCombine
             * writes a zero extension of a 64-bit sum, masked to its low bits) */
            LLVMValueRef idx = LLVMGetOperand(ptr, (unsigned)LLVMGetNumOperands(ptr) - 1);
            if (!LLVMIsASExtInst(idx) && !LLVMIsAZExtInst(idx) && !is_low_mask(idx))
                continue;
            /* ... of a value that does advance with the loop (not an index
             * read from memory, as a histogram's) */
            plr_scev *is;
            int64_t istep;
            if (!plr_scev_affine(ctx, loop, LLVMGetOperand(idx, 0), &is, &istep) || istep == 0)
                continue;
            unsigned nseen = 0;
            if (reads_array(loop, LLVMGetOperand(i, 0), LLVMGetOperand(ptr, 0), seen, &nseen, 256) &&
                reads_at_store_stride(ctx, loop, i, LLVMGetOperand(ptr, 0))) {
                *store = i;
                return 1;
            }
        }
    return 0;
}

/* (llvm.fmuladd is what clang makes of a*b + c without -ffast-math, a
 * shift what InstCombine makes of 2*v.) */
static int is_sum_or_product(LLVMValueRef v) {
    switch (LLVMGetInstructionOpcode(v)) {
    case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMFAdd: case LLVMFSub: case LLVMFMul: case LLVMFNeg:
        return 1;
    case LLVMShl: /* 2*v */
        return LLVMIsAConstantInt(LLVMGetOperand(v, 1)) != NULL;
    case LLVMCall: {
        static unsigned fmuladd, fma;
        if (!fmuladd) {
            fmuladd = LLVMLookupIntrinsicID("llvm.fmuladd", 12);
            fma = LLVMLookupIntrinsicID("llvm.fma", 8);
        }
        LLVMValueRef callee = LLVMGetCalledValue(v);
        unsigned id = LLVMIsAFunction(callee) ? LLVMGetIntrinsicID(callee) : 0;
        return id && (id == fmuladd || id == fma);
    }
    default:
        return 0;
    }
}

/* Is v, within loop L, a sum of products (add, sub, mul and their float
 * forms) of loads, constants and values from outside L, that reads the
 * pointer value ptr (1), one that does not (0), or something else (-1: a
 * phi, a call, a shift, a division, a conversion...)? Loads are leaves.
 * Bounded depth-first search. */
static int sum_of_products(plr_loop *L, LLVMValueRef v, LLVMValueRef ptr, LLVMValueRef *seen, unsigned *nseen,
                           unsigned cap) {
    if (!LLVMIsAInstruction(v) || !plr_loop_contains(L, v))
        return 0;
    if (LLVMIsALoadInst(v))
        return ptr && LLVMGetOperand(v, 0) == ptr;
    if (!is_sum_or_product(v))
        return -1;
    for (unsigned i = 0; i < *nseen; i++)
        if (seen[i] == v)
            return 0;
    if (*nseen == cap)
        return -1;
    seen[(*nseen)++] = v;
    int any = 0;
    unsigned n = (unsigned)LLVMGetNumOperands(v);
    for (unsigned i = 0; i < n; i++) {
        int r = sum_of_products(L, LLVMGetOperand(v, i), ptr, seen, nseen, cap);
        if (r < 0)
            return -1;
        any |= r;
    }
    return any;
}

int plr_state_in_memory(plr_ctx *ctx, plr_loop *loop, LLVMValueRef *state, LLVMValueRef *out) {
    LLVMValueRef seen[256], stores[64];
    unsigned nstores = 0, nb = plr_loop_block_count(loop);
    for (unsigned b = 0; b < nb; b++)
        for (LLVMValueRef i = LLVMGetFirstInstruction(plr_loop_block(loop, b)); i; i = LLVMGetNextInstruction(i))
            if (LLVMIsAStoreInst(i) && nstores < 64)
                stores[nstores++] = i;
    /* the state: a linear function of its own value stored back */
    for (unsigned a = 0; a < nstores; a++) {
        LLVMValueRef ptr = LLVMGetOperand(stores[a], 1);
        unsigned nseen = 0;
        if (!plr_loop_is_invariant(loop, ptr) ||
            sum_of_products(loop, LLVMGetOperand(stores[a], 0), ptr, seen, &nseen, 256) != 1)
            continue;
        /* the output: an array advancing with the loop, stored a linear
         * function of the state */
        for (unsigned o = 0; o < nstores; o++) {
            plr_scev *start;
            int64_t step;
            nseen = 0;
            if (o != a && plr_scev_affine(ctx, loop, LLVMGetOperand(stores[o], 1), &start, &step) && step != 0 &&
                sum_of_products(loop, LLVMGetOperand(stores[o], 0), ptr, seen, &nseen, 256) == 1) {
                *state = stores[a];
                *out = stores[o];
                return 1;
            }
        }
    }
    return 0;
}

int plr_runtime_order(plr_ctx *ctx, plr_loop *taps, plr_loop **outer, LLVMValueRef *out) {
    plr_loop *P = plr_loop_parent(taps);
    if (!P)
        return 0;
    plr_scev *trip = plr_scev_trip_count(ctx, taps);
    int64_t c;
    if (trip && plr_scev_constant(trip, &c))
        return 0; /* a constant count: unrolled, or a loop of its own kind */
    /* the output: the nest's only store (coefficients adapted as it runs, as
     * in ALAC's predictor, are another matter), by the parent outside the
     * tap loop, advancing with it */
    LLVMValueRef store = NULL;
    plr_scev *ys = NULL;
    int64_t ystep = 0;
    for (unsigned b = 0, nb = plr_loop_block_count(P); b < nb; b++)
        for (LLVMValueRef i = LLVMGetFirstInstruction(plr_loop_block(P, b)); i; i = LLVMGetNextInstruction(i))
            if (LLVMIsAStoreInst(i)) {
                if (store || plr_loop_contains(taps, i))
                    return 0;
                store = i;
            }
    if (!store || !plr_scev_affine(ctx, P, LLVMGetOperand(store, 1), &ys, &ystep) || ystep == 0)
        return 0;
    /* (whether the output is linear in the taps is runtime_order.c's to
     * say: a rounding shift of fixed-point code gets its reason there) */
    plr_scev *yat = plr_scev_of(ctx, LLVMGetOperand(store, 1)); /* y[i], i of the parent */
    if (!yat)
        return 0;
    /* a load in the tap loop walking that array the other way, from before
     * y[i]; or the same way up to y[i-1] (taps from p down to 1); or at an
     * index that wraps (runtime_order.c says why that is not taken) */
    LLVMModuleRef mod = LLVMGetGlobalParent(plr_ctx_function(ctx));
    for (unsigned b = 0, nb = plr_loop_block_count(taps); b < nb; b++)
        for (LLVMValueRef i = LLVMGetFirstInstruction(plr_loop_block(taps, b)); i; i = LLVMGetNextInstruction(i)) {
            plr_scev *ls;
            int64_t lstep, d;
            if (!LLVMIsALoadInst(i))
                continue;
            if ((plr_scev_affine(ctx, taps, LLVMGetOperand(i, 0), &ls, &lstep) && lstep == -ystep &&
                 plr_scev_const_diff(ctx, ls, yat, &d) && d != 0 && (d < 0) == (ystep > 0) && d % ystep == 0 &&
                 (d < 0 ? -d : d) / (ystep < 0 ? -ystep : ystep) <= PLR_MAX_ORDER) ||
                plr_taps_walk_up(ctx, taps, i, yat, ystep) || plr_taps_wrapped(mod, i, store)) {
                *outer = P;
                *out = store;
                return 1;
            }
        }
    return 0;
}

int plr_taps_walk_up(plr_ctx *ctx, plr_loop *taps, LLVMValueRef load, plr_scev *yat, int64_t ystep) {
    plr_scev *ls, *count = plr_scev_trip_count(ctx, taps);
    int64_t lstep, d;
    return count && plr_scev_affine(ctx, taps, LLVMGetOperand(load, 0), &ls, &lstep) && lstep == ystep &&
           plr_scev_const_diff(ctx, plr_scev_offset(ctx, ls, count, ystep), yat, &d) && d == 0;
}

/* v is a 32-bit value widened to 64 bits without its sign: zext, or the
 * mask InstCombine writes for zext(trunc). */
static int widened_u32(LLVMValueRef v) {
    if (!LLVMIsAInstruction(v) || LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMIntegerTypeKind ||
        LLVMGetIntTypeWidth(LLVMTypeOf(v)) != 64)
        return 0;
    if (LLVMIsAZExtInst(v))
        return LLVMGetIntTypeWidth(LLVMTypeOf(LLVMGetOperand(v, 0))) == 32;
    LLVMValueRef m = LLVMGetOperand(v, 1);
    return LLVMGetInstructionOpcode(v) == LLVMAnd && LLVMIsAConstantInt(m) &&
           LLVMConstIntGetZExtValue(m) == UINT64_C(0xffffffff);
}

int plr_taps_wrapped(LLVMModuleRef mod, LLVMValueRef load, LLVMValueRef store) {
    int64_t off, scale, soff, sscale;
    LLVMValueRef index, sindex;
    LLVMValueRef base = plr_addr_split(mod, LLVMGetOperand(load, 0), &off, &index, &scale);
    LLVMValueRef sbase = plr_addr_split(mod, LLVMGetOperand(store, 1), &soff, &sindex, &sscale);
    return base && base == sbase && index && scale == sscale && widened_u32(index);
}
