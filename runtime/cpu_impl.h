/* Per-type chunk processing of the cpu backend (see cpu.c). */

/* The chunk's inputs (len of them) as one contiguous array: the sequence
 * itself at unit stride, else a private copy. */
static const PLR_A *PLR_FN(chunk_inputs)(const PLR_A *x, ptrdiff_t xs, size_t len, PLR_A *buf)
{
    if (xs == 1)
        return x;
    for (size_t i = 0; i < len; i++)
        buf[i] = x[plr_off(i, xs)];
    return buf;
}

/* A chunk of one sequence, in steps the two ways of cutting sequences
 * share: its inputs (contiguous; a private copy for other strides) and FIR
 * sums, its tiles solved from zero, the true states chained through them,
 * and the final values. */
typedef struct PLR_FN(chunk) {
    const PLR_A *x; /* len inputs */
    const PLR_A *t; /* len FIR sums (x itself when the FIR part is x) */
    PLR_A *y;       /* where the caller wants the outputs (stride ys) */
    PLR_A *yw;      /* where they are computed: y at unit stride, else a buffer */
    size_t len, ntiles;
    bool any_done;  /* a tile was solved serially (non-finite state) */
} PLR_FN(chunk);

static void PLR_FN(chunk_open)(cpu_worker *wk, PLR_FN(chunk) *ch, size_t s, size_t start, size_t len,
                               const PLR_A *hist)
{
    cpu_run *R = wk->run;
    const plr_problem *prob = R->prob;
    ch->len = len;
    ch->ntiles = (len + TILE - 1) / TILE;
    ch->y = (PLR_A *)prob->y + plr_off(s, prob->yd) + plr_off(start, prob->ys);
    ch->yw = prob->ys == 1 ? ch->y : (PLR_A *)wk->ybuf;
    ch->x = PLR_FN(chunk_inputs)((const PLR_A *)prob->x + plr_off(s, prob->xd) + plr_off(start, prob->xs),
                                 prob->xs, len, wk->xbuf);
    const bool x_private = ch->x == (const PLR_A *)wk->xbuf;
    if (R->direct_input && (x_private || !prob->in_place)) {
        ch->t = ch->x; /* nothing to compute, and y never overwrites these inputs */
    } else {
        PLR_FN(fir_block)(wk->tbuf, ch->x, len, hist, prob->p, &prob->a);
        ch->t = wk->tbuf;
    }
}

/* Phase 1: every tile from a zero state (the local solutions go to yw). */
static void PLR_FN(chunk_local)(cpu_worker *wk, PLR_FN(chunk) *ch)
{
    const plr_problem *prob = wk->run->prob;
    if (wk->run->int_running_sum) {
        /* y = t + y[-1] from zero, tile by tile: the vector scan of the
         * sweeps beats interleaved scalar tiles for an add-only chain */
        PLR_A *ends = wk->tile_ends;
        for (size_t tl = 0; tl < ch->ntiles; tl++) {
            const size_t off = tl * TILE, l = ch->len - off < TILE ? ch->len - off : TILE;
            PLR_A st = 0;
            PLR_FN(fused_prefix)(ch->t + off, 1, ch->yw + off, 1, l, 1, true, &st);
            ends[tl] = st;
        }
        return;
    }
    PLR_FN(dense) d;
    PLR_FN(make_dense)(&prob->b, &d);
    PLR_FN(solve_tiles)(ch->yw, ch->t, ch->len, TILE, NULL, wk->tile_ends, &prob->b, &d, prob->k);
}

/* Phase 2: the true state before each tile from sv, the state before the
 * chunk; sv becomes the state after its last full tile. A tile whose state
 * is not finite is solved serially from it instead. */
static void PLR_FN(chunk_chain)(cpu_worker *wk, PLR_FN(chunk) *ch, PLR_A *sv)
{
    const plr_problem *prob = wk->run->prob;
    const unsigned k = prob->k;
    PLR_A *ts = wk->tile_states, *ends = wk->tile_ends;
    PLR_FN(dense) d;
    PLR_FN(make_dense)(&prob->b, &d);
    ch->any_done = false;
    for (size_t tl = 0; tl < ch->ntiles; tl++) {
        size_t off = tl * TILE, l = ch->len - off < TILE ? ch->len - off : TILE;
        memcpy(ts + tl * k, sv, k * sizeof(PLR_A));
        wk->done[tl] = false;
        if (!PLR_FN(all_finite)(sv, k)) {
            PLR_FN(solve_serial)(ch->yw + off, ch->t + off, l, sv, &prob->b, &d, k);
            PLR_FN(next_state)(sv, sv, ch->yw + off, l, k);
            wk->done[tl] = ch->any_done = true;
        } else if (l == TILE) {
            PLR_FN(chain_state)(sv, sv, ends + tl * k, wk->run->f);
        }
        /* a short tile ends the sequence: no chunk follows it */
    }
}

/* Phase 3: the final values, while the chunk is still in cache (either
 * every tile solved again from its true state, or the local solution
 * corrected with the factor lists, whichever is cheaper for the
 * signature), copied out for other strides; fin, when not NULL, receives
 * the state after the chunk, read from its outputs. */
static void PLR_FN(chunk_finish)(cpu_worker *wk, PLR_FN(chunk) *ch, PLR_A *fin)
{
    cpu_run *R = wk->run;
    const plr_problem *prob = R->prob;
    const unsigned k = prob->k;
    PLR_A *ts = wk->tile_states;
    PLR_FN(dense) d;
    PLR_FN(make_dense)(&prob->b, &d);
    if (R->resolve && !ch->any_done) {
        PLR_FN(solve_tiles)(ch->yw, ch->t, ch->len, TILE, ts, wk->tile_ends, &prob->b, &d, k);
    } else {
        for (size_t tl = 0; tl < ch->ntiles; tl++) {
            size_t off = tl * TILE, l = ch->len - off < TILE ? ch->len - off : TILE;
            if (wk->done[tl])
                continue;
            if (R->resolve)
                PLR_FN(solve_serial)(ch->yw + off, ch->t + off, l, ts + tl * k, &prob->b, &d, k);
            else if (!PLR_FN(all_zero)(ts + tl * k, k))
                PLR_FN(correct_tile)(ch->yw + off, l, R->f, ts + tl * k);
        }
    }
    if (fin) {
        size_t last = ch->ntiles - 1;
        PLR_FN(next_state)(fin, ts + last * k, ch->yw + last * TILE, ch->len - last * TILE, k);
    }
    if (ch->yw != ch->y)
        for (size_t i = 0; i < ch->len; i++)
            ch->y[plr_off(i, prob->ys)] = ch->yw[i];
}

/* A chunk whose incoming state st is known: the plain sweep where that is
 * cheaper (prefix sums), the tiles otherwise (float filters, whose sweep
 * waits on a multiply and an add per element). st becomes the state after
 * the chunk, hist its history. */
static void PLR_FN(chunk_known)(cpu_worker *wk, size_t s, size_t start, size_t len, PLR_A *st,
                                PLR_A *hist)
{
    cpu_run *R = wk->run;
    const plr_problem *prob = R->prob;
    if (R->sweep_known) {
        const PLR_A *x = PLR_FN(chunk_inputs)((const PLR_A *)prob->x + plr_off(s, prob->xd) +
                                                  plr_off(start, prob->xs),
                                              prob->xs, len, wk->xbuf);
        PLR_FN(seq_run)(prob, x, 1, (PLR_A *)prob->y + plr_off(s, prob->yd) + plr_off(start, prob->ys),
                        prob->ys, len, st, hist);
        return;
    }
    PLR_FN(chunk) ch;
    PLR_FN(chunk_open)(wk, &ch, s, start, len, hist);
    PLR_FN(next_history)(hist, hist, ch.x, len, prob->p);
    PLR_FN(chunk_local)(wk, &ch);
    PLR_A sv[PLR_MAX_ORDER];
    memcpy(sv, st, prob->k * sizeof(PLR_A));
    PLR_FN(chunk_chain)(wk, &ch, sv);
    PLR_FN(chunk_finish)(wk, &ch, st);
}

/* Whether x[0], x[xs], ... x[(len-1)*xs] are all finite (integers: yes):
 * exponent bits, OR-reduced, which vectorizes where a float test would
 * not. */
static bool PLR_FN(all_finite_strided)(const PLR_A *x, ptrdiff_t xs, size_t len)
{
#if PLR_FLOAT
    typedef PLR_CAT(PLR_SFX, bits) bits_t;
    const bits_t expo = sizeof(PLR_A) == 4 ? (bits_t)0x7f800000u : (bits_t)0x7ff0000000000000ull;
    bits_t any = 0;
    for (size_t i = 0; i < len; i++) {
        bits_t v;
        memcpy(&v, &x[plr_off(i, xs)], sizeof v);
        any |= (v & expo) == expo;
    }
    return !any;
#else
    (void)x;
    (void)xs;
    (void)len;
    return true;
#endif
}

/* Chunk c of sequence s in the pipeline (sequences cut into chunks). */
static void PLR_FN(seq_chunk)(cpu_worker *wk, size_t s, size_t c)
{
    cpu_run *R = wk->run;
    const plr_problem *prob = R->prob;
    const plr_work *w = R->work;
    const unsigned k = prob->k, p = prob->p;
    size_t start, len;
    const size_t it = item_span(R, s, c, &start, &len);
    const bool last = c + 1 == w->chunks;
    PLR_A *states = R->states, *xtails = R->xtails;

    /* the FIR part needs the previous chunk's last p inputs, which its
     * worker saved before it could overwrite them (in place) */
    const PLR_A *hist = plr_seq_hist(prob, s);
    if (p && c > 0) {
        plr_flag_wait(&R->flags[it - 1], FLAG_XTAIL);
        hist = xtails + (it - 1) * p;
    }
    if (p) {
        const PLR_A *x = PLR_FN(chunk_inputs)((const PLR_A *)prob->x + plr_off(s, prob->xd) +
                                                  plr_off(start, prob->xs),
                                              prob->xs, len, wk->xbuf);
        PLR_FN(next_history)(xtails + it * p, hist, x, len, p);
        plr_flag_set(&R->flags[it], FLAG_XTAIL);
    }

    /* the state before the chunk known already (the first chunk, or the
     * predecessor finished): nothing to wait for */
    if (c == 0 || plr_flag_test(&R->flags[it - 1], FLAG_STATE)) {
        PLR_A st[PLR_MAX_ORDER], hs[PLR_MAX_FIR];
        memcpy(st, c == 0 ? plr_seq_state(prob, s) : (const void *)(states + (it - 1) * k),
               k * sizeof(PLR_A));
        memcpy(hs, hist, p * sizeof(PLR_A));
        PLR_FN(chunk_known)(wk, s, start, len, st, hs);
        memcpy(states + it * k, st, k * sizeof(PLR_A));
        plr_flag_set(&R->flags[it], FLAG_STATE);
        if (last && prob->finals)
            memcpy((PLR_A *)prob->finals + s * k, st, k * sizeof(PLR_A));
        return;
    }

    PLR_FN(chunk) ch;
    PLR_FN(chunk_open)(wk, &ch, s, start, len, hist);
    PLR_FN(chunk_local)(wk, &ch);
    PLR_A sv[PLR_MAX_ORDER];
    plr_flag_wait(&R->flags[it - 1], FLAG_STATE);
    memcpy(sv, states + (it - 1) * k, k * sizeof(PLR_A));
    PLR_FN(chunk_chain)(wk, &ch, sv);
    memcpy(states + it * k, sv, k * sizeof(PLR_A)); /* the successor never waits for step 3 */
    plr_flag_set(&R->flags[it], FLAG_STATE);
    PLR_A fin[PLR_MAX_ORDER];
    PLR_FN(chunk_finish)(wk, &ch, last && prob->finals ? fin : NULL);
    if (last && prob->finals)
        memcpy((PLR_A *)prob->finals + s * k, fin, k * sizeof(PLR_A));
}

/* ---- two passes: blocks -------------------------------------------------
 * Each sequence cut into w->chunks blocks of w->chunk elements (a multiple
 * of TILE). Pass 1: every block's end state from a zero start (no output
 * written) and the inputs before it; between the passes the caller chains
 * the blocks' states (block_chain); pass 2: every block from its true
 * state. No block waits for another: two hand-overs per call instead of
 * one per chunk. */
static void PLR_FN(block_pass1)(cpu_worker *wk, size_t s, size_t b)
{
    cpu_run *R = wk->run;
    const plr_problem *prob = R->prob;
    const plr_work *w = R->work;
    const unsigned k = prob->k, p = prob->p;
    size_t start, len;
    const size_t it = item_span(R, s, b, &start, &len);
    PLR_A *hist = (PLR_A *)R->xtails + it * p; /* the p inputs before the block */
    if (b == 0) {
        memcpy(hist, plr_seq_hist(prob, s), p * sizeof(PLR_A));
    } else {
        const PLR_A *x = (const PLR_A *)prob->x + plr_off(s, prob->xd);
        for (unsigned j = 0; j < p; j++)
            hist[j] = x[plr_off(start - p + j, prob->xs)];
    }
    if (b + 1 == w->chunks)
        return; /* the last block's end state is nobody's start */
    PLR_A sv[PLR_MAX_ORDER] = {0}, hs[PLR_MAX_FIR];
    const PLR_A *x = (const PLR_A *)prob->x + plr_off(s, prob->xd);
    if (R->pass1_tail && R->pass1_tail < len &&
        PLR_FN(all_finite_strided)(x + plr_off(start, prob->xs), prob->xs, len - R->pass1_tail)) {
        /* the response has died out (its factors are exactly zero) within
         * the last pass1_tail elements: they alone make the end state (a NaN
         * or Inf before them would not die out, hence the check) */
        const size_t from = start + len - R->pass1_tail;
        for (unsigned j = 0; j < p; j++)
            hs[j] = x[plr_off(from - p + j, prob->xs)];
        PLR_FN(seq_run)(prob, x + plr_off(from, prob->xs), prob->xs, wk->ybuf, 1, R->pass1_tail, sv, hs);
        memcpy((PLR_A *)R->states + it * k, sv, k * sizeof(PLR_A));
        return;
    }
    if (R->pass1_sum) {
        /* a running sum's end state is the sum of its inputs (mod 2^w) */
        PLR_A a0, sum = 0;
        memcpy(&a0, prob->a.coef[0], sizeof a0);
        const PLR_A *xb = x + plr_off(start, prob->xs);
        if (prob->xs == 1)
            for (size_t i = 0; i < len; i++)
                sum += xb[i];
        else
            for (size_t i = 0; i < len; i++)
                sum += xb[plr_off(i, prob->xs)];
        ((PLR_A *)R->states)[it * k] = a0 * sum;
        return;
    }
    memcpy(hs, hist, p * sizeof(PLR_A));
    for (size_t off = 0; off < len; off += CHUNK) {
        PLR_FN(chunk) ch;
        const size_t l = len - off < CHUNK ? len - off : CHUNK;
        PLR_FN(chunk_open)(wk, &ch, s, start + off, l, hs);
        ch.yw = wk->ybuf; /* the local solution is thrown away */
        PLR_FN(next_history)(hs, hs, ch.x, l, p);
        PLR_FN(chunk_local)(wk, &ch);
        PLR_FN(chunk_chain)(wk, &ch, sv);
    }
    memcpy((PLR_A *)R->states + it * k, sv, k * sizeof(PLR_A));
}

static void PLR_FN(block_pass2)(cpu_worker *wk, size_t s, size_t b)
{
    cpu_run *R = wk->run;
    const plr_problem *prob = R->prob;
    const plr_work *w = R->work;
    const unsigned k = prob->k, p = prob->p;
    size_t start, len;
    const size_t it = item_span(R, s, b, &start, &len);
    PLR_A st[PLR_MAX_ORDER], hs[PLR_MAX_FIR];
    memcpy(st, (PLR_A *)R->starts + it * k, k * sizeof(PLR_A));
    memcpy(hs, (PLR_A *)R->xtails + it * p, p * sizeof(PLR_A));
    if (b >= R->tail_from[s])
        return; /* after a non-finite state: the caller runs these in order */
    if (R->stream_out) {
        PLR_FN(prefix_streamed)((const PLR_A *)prob->x + plr_off(s, prob->xd) + start,
                                (PLR_A *)prob->y + plr_off(s, prob->yd) + start, len, st);
        len = 0;
    }
    for (size_t off = 0; off < len; off += CHUNK) {
        const size_t l = len - off < CHUNK ? len - off : CHUNK;
        PLR_FN(chunk_known)(wk, s, start + off, l, st, hs);
    }
    memcpy((PLR_A *)R->states + it * k, st, k * sizeof(PLR_A)); /* the block's true end */
    if (b + 1 == w->chunks && prob->finals)
        memcpy((PLR_A *)prob->finals + s * k, st, k * sizeof(PLR_A));
}

/* After pass 2, on the caller: the blocks of each sequence from the first
 * whose start followed a non-finite state, in order from the true state,
 * so that NaN and Inf travel exactly as in the serial loop (M^q would turn
 * an Inf into NaN, or drop it where its factors underflowed). */
static void PLR_FN(block_tails)(cpu_worker *wk)
{
    cpu_run *R = wk->run;
    const plr_problem *prob = R->prob;
    const plr_work *w = R->work;
    const unsigned k = prob->k, p = prob->p;
    for (size_t s = 0; s < prob->count; s++) {
        const size_t b0 = R->tail_from[s];
        if (b0 >= w->chunks)
            continue;
        PLR_A st[PLR_MAX_ORDER], hs[PLR_MAX_FIR];
        memcpy(st, b0 ? (const void *)((PLR_A *)R->states + (s * w->chunks + b0 - 1) * k)
                      : plr_seq_state(prob, s),
               k * sizeof(PLR_A));
        memcpy(hs, (PLR_A *)R->xtails + (s * w->chunks + b0) * p, p * sizeof(PLR_A));
        for (size_t start = b0 * w->chunk; start < prob->n; start += CHUNK) {
            const size_t l = prob->n - start < CHUNK ? prob->n - start : CHUNK;
            PLR_FN(chunk_known)(wk, s, start, l, st, hs);
        }
        if (prob->finals)
            memcpy((PLR_A *)prob->finals + s * k, st, k * sizeof(PLR_A));
    }
}

/* y = M x with the terms whose factor is exactly zero left out (they are
 * absent in the serial loop; a NaN state must not reach other lanes). */
static void PLR_FN(matvec_skip)(PLR_A *out, const PLR_A *M, const PLR_A *v, unsigned k)
{
    for (unsigned r = 0; r < k; r++) {
        PLR_A acc = 0;
        bool any = false;
        for (unsigned j = 0; j < k; j++)
            if (M[r * k + j] != 0) {
                acc = any ? acc + M[r * k + j] * v[j] : M[r * k + j] * v[j];
                any = true;
            }
        out[r] = acc;
    }
}

static void PLR_FN(matmul)(PLR_A *out, const PLR_A *A, const PLR_A *B, unsigned k)
{
    PLR_A tmp[PLR_MAX_ORDER * PLR_MAX_ORDER];
    for (unsigned r = 0; r < k; r++)
        for (unsigned c = 0; c < k; c++) {
            PLR_A acc = 0;
            for (unsigned q = 0; q < k; q++)
                acc = acc + A[r * k + q] * B[q * k + c];
            tmp[r * k + c] = acc;
        }
    memcpy(out, tmp, (size_t)k * k * sizeof(PLR_A));
}

/* Between the passes: each block's true start from its predecessor's,
 * start[b+1] = M^(L/TILE) start[b] + end[b], M the tile-transfer matrix. */
static void PLR_FN(block_chain)(cpu_run *R)
{
    const plr_problem *prob = R->prob;
    const plr_work *w = R->work;
    const unsigned k = prob->k;
    const size_t m = R->f->m;
    const PLR_A *fac = R->f->fac;
    PLR_A M[PLR_MAX_ORDER * PLR_MAX_ORDER], P[PLR_MAX_ORDER * PLR_MAX_ORDER];
    for (unsigned r = 0; r < k; r++)
        for (unsigned j = 0; j < k; j++)
            M[r * k + j] = fac[(size_t)j * m + m - 1 - r];
    /* P = M^(chunk / TILE) by squaring */
    memset(P, 0, sizeof P);
    for (unsigned r = 0; r < k; r++)
        P[r * k + r] = 1;
    for (size_t e = w->chunk / TILE; e; e >>= 1) {
        if (e & 1)
            PLR_FN(matmul)(P, P, M, k);
        PLR_FN(matmul)(M, M, M, k);
    }
    for (size_t s = 0; s < prob->count; s++) {
        PLR_A st[PLR_MAX_ORDER], nx[PLR_MAX_ORDER];
        memcpy(st, plr_seq_state(prob, s), k * sizeof(PLR_A));
        R->tail_from[s] = w->chunks;
        for (size_t b = 0; b < w->chunks; b++) {
            const size_t it = s * w->chunks + b;
            if (!PLR_FN(all_finite)(st, k)) {
                R->tail_from[s] = b; /* block_tails runs the rest in order */
                break;
            }
            memcpy((PLR_A *)R->starts + it * k, st, k * sizeof(PLR_A));
            if (b + 1 == w->chunks)
                break;
            PLR_FN(matvec_skip)(nx, P, st, k);
            const PLR_A *e = (const PLR_A *)R->states + it * k;
            for (unsigned r = 0; r < k; r++)
                st[r] = nx[r] + e[r];
        }
    }
}

/* Chunk c of lane group g (the lanes family, cut into chunks of rows).
 * States and histories are rows: v[j*L + l]. */
static void PLR_FN(lanes_chunk)(cpu_worker *wk, size_t g, size_t c)
{
    cpu_run *R = wk->run;
    const plr_problem *prob = R->prob;
    const plr_work *w = R->work;
    const unsigned k = prob->k, p = prob->p;
    const size_t G = w->group, s0 = g * G, L = lanes_in_group(prob, w, g);
    size_t start, len;
    const size_t it = item_span(R, g, c, &start, &len);
    const bool last = c + 1 == w->chunks;
    PLR_A *states = (PLR_A *)R->states + it * G * k;
    const PLR_A *prev = c ? (const PLR_A *)R->states + (it - 1) * G * k : NULL;
    PLR_A *xtail = (PLR_A *)R->xtails + it * G * p;
    PLR_A *y = (PLR_A *)prob->y + plr_off(s0, prob->yd) + plr_off(start, prob->ys);
    const PLR_A *x = (const PLR_A *)prob->x + plr_off(s0, prob->xd) + plr_off(start, prob->xs);
    PLR_A *xb = wk->xbuf, *hs = wk->hs, *st = wk->st, *hs0 = wk->hs0;

    /* 1. the chunk's inputs, copied as rows (in place, y overwrites them),
     * and its last p input rows for the next chunk */
    for (size_t i = 0; i < len; i++) {
        const PLR_A *xr = x + plr_off(i, prob->xs);
        for (size_t l = 0; l < L; l++)
            xb[i * L + l] = xr[plr_off(l, prob->xd)];
    }
    if (c == 0) {
        PLR_FN(rows_from_seqs)(hs0, prob, s0, L, p, plr_seq_hist, prob->hists);
    } else if (p) {
        plr_flag_wait(&R->flags[it - 1], FLAG_XTAIL);
        memcpy(hs0, (PLR_A *)R->xtails + (it - 1) * G * p, (size_t)p * L * sizeof(PLR_A));
    }
    if (p) {
        for (unsigned m = 0; m < p; m++) {
            ptrdiff_t row = (ptrdiff_t)len - (ptrdiff_t)p + (ptrdiff_t)m;
            memcpy(xtail + (size_t)m * L, row >= 0 ? xb + (size_t)row * L : hs0 + (size_t)(p + row) * L,
                   L * sizeof(PLR_A));
        }
        plr_flag_set(&R->flags[it], FLAG_XTAIL);
    }
    PLR_FN(lane_rings) r;
    PLR_FN(rings_init)(&r, prob, L, wk->rings);

    /* the states before the chunk known already: the plain sweep from them */
    if (c == 0 || plr_flag_test(&R->flags[it - 1], FLAG_STATE)) {
        if (c == 0)
            PLR_FN(rows_from_seqs)(st, prob, s0, L, k, plr_seq_state, prob->states);
        else
            memcpy(st, prev, (size_t)k * L * sizeof(PLR_A));
        memcpy(hs, hs0, (size_t)p * L * sizeof(PLR_A));
        PLR_FN(rings_load)(&r, st, hs);
        PLR_FN(lanes_run)(prob, &r, xb, (ptrdiff_t)L, 1, y, prob->ys, prob->yd, len);
        PLR_FN(rings_store)(&r, states, hs);
        plr_flag_set(&R->flags[it], FLAG_STATE);
        if (last && prob->finals)
            PLR_FN(finals_from_rows)(prob, s0, L, states);
        return;
    }

    /* 2. local solution from zero states */
    memset(st, 0, (size_t)k * L * sizeof(PLR_A));
    memcpy(hs, hs0, (size_t)p * L * sizeof(PLR_A));
    PLR_FN(rings_load)(&r, st, hs);
    PLR_FN(lanes_run)(prob, &r, xb, (ptrdiff_t)L, 1, y, prob->ys, prob->yd, len);
    PLR_FN(rings_store)(&r, st, hs); /* st: each lane's local end state */

    /* 3. the true state after the chunk: e + M s, M[jo][j] = F_j(len-1-jo) */
    plr_flag_wait(&R->flags[it - 1], FLAG_STATE);
    const plr_factors *f = R->f;
    const PLR_A *fac = f->fac;
    bool finite = true;
    for (unsigned jo = 0; jo < k; jo++) {
        PLR_A *out = states + (size_t)jo * L;
        memcpy(out, st + (size_t)jo * L, L * sizeof(PLR_A));
        for (unsigned j = 0; j < k; j++) {
            ptrdiff_t i = (ptrdiff_t)len - 1 - (ptrdiff_t)jo;
            PLR_A m = i >= 0 ? fac[(size_t)j * f->m + (size_t)i] : (PLR_A)(i == -1 - (ptrdiff_t)j);
            if (m == 0)
                continue;
            const PLR_A *sj = prev + (size_t)j * L;
            for (size_t l = 0; l < L; l++)
                out[l] = out[l] + m * sj[l];
        }
    }
    if (!PLR_FN(all_finite)(prev, k * (unsigned)L))
        finite = false;
    if (!finite) {
        /* NaN or Inf coming in: the plain sweep from the true states, so
         * they land exactly where the serial loop puts them */
        memcpy(hs, hs0, (size_t)p * L * sizeof(PLR_A));
        PLR_FN(rings_load)(&r, prev, hs);
        PLR_FN(lanes_run)(prob, &r, xb, (ptrdiff_t)L, 1, y, prob->ys, prob->yd, len);
        PLR_FN(rings_store)(&r, states, hs);
    }
    plr_flag_set(&R->flags[it], FLAG_STATE);

    /* 4. corrections: y[l, i] += sum_j F_j(i) s_j[l] */
    if (finite) {
        for (size_t i = 0; i < len; i++) {
            PLR_A *yr = y + plr_off(i, prob->ys);
            for (unsigned j = 0; j < k; j++) {
                if (i >= f->nonzero_len[j])
                    continue;
                const PLR_A m = fac[(size_t)j * f->m + i], *sj = prev + (size_t)j * L;
                if (prob->yd == 1)
                    for (size_t l = 0; l < L; l++)
                        yr[l] = yr[l] + m * sj[l];
                else
                    for (size_t l = 0; l < L; l++)
                        yr[plr_off(l, prob->yd)] = yr[plr_off(l, prob->yd)] + m * sj[l];
            }
        }
    }
    if (last && prob->finals)
        PLR_FN(finals_from_rows)(prob, s0, L, states);
}

/* ---- two passes over blocks of lanes -----------------------------------
 * The lanes of group g cut into blocks of w->chunk rows. Pass 1: each
 * block's end state from zero states (outputs to scratch), and the p input
 * rows before it saved; the caller chains the blocks with the factor lists
 * over a block (lanes_chain); pass 2: each block from its true state,
 * straight from x to y. As for sequences, no item waits for another. */

/* x rows [from - p, from) of the group's lanes as history rows
 * (hs[m*L + l] = x[from - p + m] of lane l); rows before 0 from the
 * sequences' histories. */
static void PLR_FN(lanes_hist_rows)(PLR_A *hs, const plr_problem *prob, size_t s0, size_t L,
                                    size_t from, PLR_A *seq_hist)
{
    const unsigned p = prob->p;
    if (!p)
        return;
    bool have_seq = false;
    const PLR_A *x = (const PLR_A *)prob->x + plr_off(s0, prob->xd);
    for (unsigned m = 0; m < p; m++) {
        const ptrdiff_t row = (ptrdiff_t)from - (ptrdiff_t)p + (ptrdiff_t)m;
        if (row >= 0) {
            const PLR_A *xr = x + plr_off((size_t)row, prob->xs);
            for (size_t l = 0; l < L; l++)
                hs[(size_t)m * L + l] = xr[plr_off(l, prob->xd)];
        } else {
            if (!have_seq) {
                PLR_FN(rows_from_seqs)(seq_hist, prob, s0, L, p, plr_seq_hist, prob->hists);
                have_seq = true;
            }
            memcpy(hs + (size_t)m * L, seq_hist + (size_t)((ptrdiff_t)p + row) * L, L * sizeof(PLR_A));
        }
    }
}

static void PLR_FN(lanes_pass1)(cpu_worker *wk, size_t g, size_t c)
{
    cpu_run *R = wk->run;
    const plr_problem *prob = R->prob;
    const plr_work *w = R->work;
    const unsigned k = prob->k, p = prob->p;
    const size_t G = w->group, s0 = g * G, L = lanes_in_group(prob, w, g);
    size_t start, len;
    const size_t it = item_span(R, g, c, &start, &len);
    PLR_FN(lanes_hist_rows)((PLR_A *)R->xtails + it * G * p, prob, s0, L, start, wk->hs0);
    if (c + 1 == w->chunks)
        return; /* the last block's end state is nobody's start */
    /* where the response dies out within the block, its last rows alone
     * make the end state (non-finite inputs before them would not die out:
     * checked) */
    size_t from = 0;
    if (R->pass1_tail && R->pass1_tail + p < len) {
        from = len - R->pass1_tail;
        const PLR_A *x = (const PLR_A *)prob->x + plr_off(s0, prob->xd) + plr_off(start, prob->xs);
        /* row by row, one pass over the rows' memory (lane by lane would
         * read every cache line of interleaved channels L times) */
        if (prob->xd == 1 && prob->xs == (ptrdiff_t)L) { /* the rows are one array */
            if (!PLR_FN(all_finite_strided)(x, 1, from * L))
                from = 0;
        } else {
            for (size_t i = 0; i < from; i++)
                if (!PLR_FN(all_finite_strided)(x + plr_off(i, prob->xs), prob->xd, L)) {
                    from = 0;
                    break;
                }
        }
    }
    PLR_A *st = wk->st, *hs = wk->hs;
    memset(st, 0, (size_t)k * L * sizeof(PLR_A));
    if (from)
        PLR_FN(lanes_hist_rows)(hs, prob, s0, L, start + from, wk->hs0);
    else
        memcpy(hs, (PLR_A *)R->xtails + it * G * p, (size_t)p * L * sizeof(PLR_A));
    PLR_FN(lane_rings) r;
    PLR_FN(rings_init)(&r, prob, L, wk->rings);
    const size_t piece_rows = R->lane_piece_rows;
    for (size_t off = from; off < len; off += piece_rows) {
        const size_t rows = len - off < piece_rows ? len - off : piece_rows;
        const PLR_A *x = (const PLR_A *)prob->x + plr_off(s0, prob->xd) + plr_off(start + off, prob->xs);
        PLR_FN(rings_load)(&r, st, hs);
        PLR_FN(lanes_run)(prob, &r, x, prob->xs, prob->xd, wk->ybuf, (ptrdiff_t)L, 1, rows);
        PLR_FN(rings_store)(&r, st, hs);
    }
    memcpy((PLR_A *)R->states + it * G * k, st, (size_t)k * L * sizeof(PLR_A));
}

/* Between the passes, on the caller: each block's true start from its
 * predecessor's, start[c+1] = end[c] + M start[c], M[jo][j] = F_j(len-1-jo)
 * (terms whose factor is exactly zero left out, as in the pipeline). A
 * start that is not finite sends the group's rest to lanes_tails. */
static void PLR_FN(lanes_chain)(cpu_run *R)
{
    const plr_problem *prob = R->prob;
    const plr_work *w = R->work;
    const unsigned k = prob->k;
    const size_t G = w->group, len = w->chunk;
    const plr_factors *f = R->f;
    const PLR_A *fac = f->fac;
    PLR_A *st = R->workers[0].st, *nx = R->workers[0].hs0;
    for (size_t g = 0; g < w->groups; g++) {
        const size_t s0 = g * G, L = lanes_in_group(prob, w, g);
        PLR_FN(rows_from_seqs)(st, prob, s0, L, k, plr_seq_state, prob->states);
        R->tail_from[g] = w->chunks;
        for (size_t c = 0; c < w->chunks; c++) {
            const size_t it = g * w->chunks + c;
            if (!PLR_FN(all_finite)(st, k * (unsigned)L)) {
                R->tail_from[g] = c;
                break;
            }
            memcpy((PLR_A *)R->starts + it * G * k, st, (size_t)k * L * sizeof(PLR_A));
            if (c + 1 == w->chunks)
                break;
            const PLR_A *e = (const PLR_A *)R->states + it * G * k;
            for (unsigned jo = 0; jo < k; jo++) {
                PLR_A *out = nx + (size_t)jo * L;
                memcpy(out, e + (size_t)jo * L, L * sizeof(PLR_A));
                for (unsigned j = 0; j < k; j++) {
                    const ptrdiff_t i = (ptrdiff_t)len - 1 - (ptrdiff_t)jo;
                    const PLR_A m = i >= 0 ? fac[(size_t)j * f->m + (size_t)i]
                                           : (PLR_A)(i == -1 - (ptrdiff_t)j);
                    if (m == 0)
                        continue;
                    const PLR_A *sj = st + (size_t)j * L;
                    for (size_t l = 0; l < L; l++)
                        out[l] = out[l] + m * sj[l];
                }
            }
            memcpy(st, nx, (size_t)k * L * sizeof(PLR_A));
        }
    }
}

/* Block c of group g from the state rows st and history rows hs (both
 * updated to the block's end), x to y. */
static void PLR_FN(lanes_block_known)(cpu_worker *wk, size_t g, size_t c, PLR_A *st, PLR_A *hs)
{
    cpu_run *R = wk->run;
    const plr_problem *prob = R->prob;
    const size_t G = R->work->group, s0 = g * G, L = lanes_in_group(prob, R->work, g);
    size_t start, len;
    (void)item_span(R, g, c, &start, &len);
    PLR_FN(lane_rings) r;
    PLR_FN(rings_init)(&r, prob, L, wk->rings);
    PLR_FN(rings_load)(&r, st, hs);
    PLR_FN(lanes_run)(prob, &r, (const PLR_A *)prob->x + plr_off(s0, prob->xd) + plr_off(start, prob->xs),
                      prob->xs, prob->xd, (PLR_A *)prob->y + plr_off(s0, prob->yd) + plr_off(start, prob->ys),
                      prob->ys, prob->yd, len);
    PLR_FN(rings_store)(&r, st, hs);
}

static void PLR_FN(lanes_pass2)(cpu_worker *wk, size_t g, size_t c)
{
    cpu_run *R = wk->run;
    const plr_problem *prob = R->prob;
    const plr_work *w = R->work;
    const unsigned k = prob->k, p = prob->p;
    const size_t G = w->group, s0 = g * G, L = lanes_in_group(prob, w, g);
    const size_t it = g * w->chunks + c;
    if (c >= R->tail_from[g])
        return; /* after a non-finite state: the caller runs these in order */
    PLR_A *st = wk->st, *hs = wk->hs;
    memcpy(st, (PLR_A *)R->starts + it * G * k, (size_t)k * L * sizeof(PLR_A));
    memcpy(hs, (PLR_A *)R->xtails + it * G * p, (size_t)p * L * sizeof(PLR_A));
    PLR_FN(lanes_block_known)(wk, g, c, st, hs);
    memcpy((PLR_A *)R->states + it * G * k, st, (size_t)k * L * sizeof(PLR_A)); /* the true end */
    if (c + 1 == w->chunks && prob->finals)
        PLR_FN(finals_from_rows)(prob, s0, L, st);
}

/* After pass 2, on the caller: each group's blocks from the first whose
 * start was not finite, in order from the true state (NaN and Inf land
 * where the serial loop puts them). */
static void PLR_FN(lanes_tails)(cpu_worker *wk)
{
    cpu_run *R = wk->run;
    const plr_problem *prob = R->prob;
    const plr_work *w = R->work;
    const unsigned k = prob->k, p = prob->p;
    const size_t G = w->group;
    for (size_t g = 0; g < w->groups; g++) {
        const size_t b0 = R->tail_from[g];
        if (b0 >= w->chunks)
            continue;
        const size_t s0 = g * G, L = lanes_in_group(prob, w, g);
        PLR_A *st = wk->st, *hs = wk->hs;
        if (b0)
            memcpy(st, (PLR_A *)R->states + (g * w->chunks + b0 - 1) * G * k, (size_t)k * L * sizeof(PLR_A));
        else
            PLR_FN(rows_from_seqs)(st, prob, s0, L, k, plr_seq_state, prob->states);
        memcpy(hs, (PLR_A *)R->xtails + (g * w->chunks + b0) * G * p, (size_t)p * L * sizeof(PLR_A));
        for (size_t c = b0; c < w->chunks; c++)
            PLR_FN(lanes_block_known)(wk, g, c, st, hs);
        if (prob->finals)
            PLR_FN(finals_from_rows)(prob, s0, L, st);
    }
}

/* ---- one pass with look-back: integer running sums ----------------------
 * Chunk c of sequence s (unit strides, y[i] = x[i] + y[i-1]): its inputs'
 * sum, published at once (FLAG_SUM); the carry into it, the sums of the
 * chunks before it back to one whose inclusive prefix is published
 * (FLAG_PREFIX; the first chunk's is the sequence's initial state plus its
 * sum); its own inclusive prefix, published; then the scan from the carry,
 * over inputs that the sum has just brought into this core's cache. A
 * predecessor whose sum is late is summed here again (its inputs are read,
 * never written: not in place), so no chunk sleeps on another; in place, its
 * owner may already be writing over those inputs, and the chunk waits. */
static PLR_A PLR_FN(sum_of)(const PLR_A *x, size_t len)
{
    PLR_A sum = 0;
    for (size_t i = 0; i < len; i++)
        sum += x[i];
    return sum;
}

static void PLR_FN(scan_chunk)(cpu_worker *wk, size_t s, size_t c)
{
    cpu_run *R = wk->run;
    const plr_problem *prob = R->prob;
    const size_t chunk = R->work->chunk;
    size_t start, len;
    const size_t it = item_span(R, s, c, &start, &len);
    const PLR_A *x = (const PLR_A *)prob->x + plr_off(s, prob->xd);
    PLR_A *y = (PLR_A *)prob->y + plr_off(s, prob->yd) + start;
    PLR_A *sums = R->states, *prefix = R->starts;
    const PLR_A sum = PLR_FN(sum_of)(x + start, len);
    PLR_A carry = 0;
    if (c > 0) {
        sums[it] = sum;
        plr_flag_set(&R->flags[it], FLAG_SUM);
    }
    size_t j = c;
    while (j > 0) {
        const size_t ij = it - (c - --j);
        atomic_uint *fl = &R->flags[ij];
        unsigned v = plr_flag_spin_any(fl, FLAG_SUM | FLAG_PREFIX, LOOKBACK_SPIN_NS);
        if (!(v & (FLAG_SUM | FLAG_PREFIX)) && prob->in_place) {
            plr_flag_wait(fl, FLAG_SUM);
            v = atomic_load_explicit(fl, memory_order_acquire);
        }
        if (v & FLAG_PREFIX) {
            carry += prefix[ij];
            break;
        }
        carry += v & FLAG_SUM ? sums[ij] : PLR_FN(sum_of)(x + j * chunk, chunk);
        if (j == 0) { /* back at the sequence's start: its initial state */
            PLR_A init;
            memcpy(&init, plr_seq_state(prob, s), sizeof init);
            carry += init;
        }
    }
    if (c == 0) {
        memcpy(&carry, plr_seq_state(prob, s), sizeof carry);
        sums[it] = sum; /* (later chunks wrote theirs before their look-back) */
    }
    prefix[it] = carry + sum;
    plr_flag_set(&R->flags[it], FLAG_SUM | FLAG_PREFIX); /* the first chunk's sum with it */
    if (R->stream_out)
        PLR_FN(prefix_streamed)(x + start, y, len, &carry);
    else
        PLR_FN(fused_prefix)(x + start, 1, y, 1, len, 1, true, &carry);
    if (c + 1 == R->work->chunks && prob->finals)
        memcpy((PLR_A *)prob->finals + s, &carry, sizeof carry);
}

/* Item for work that does not cut sequences: a whole group. */
static void PLR_FN(group_item)(cpu_worker *wk, size_t g, size_t c)
{
    (void)c;
    PLR_FN(group_run)(wk->run->prob, wk->run->work, g, wk->scratch);
}
