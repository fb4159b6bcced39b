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

/* Chunk c of sequence s (the sequence family, cut into chunks). */
static void PLR_FN(seq_chunk)(cpu_worker *wk, size_t s, size_t c)
{
    cpu_run *R = wk->run;
    const plr_problem *prob = R->prob;
    const plr_work *w = R->work;
    const unsigned k = prob->k, p = prob->p;
    const size_t it = s * w->chunks + c, start = c * w->chunk;
    const size_t len = prob->n - start < w->chunk ? prob->n - start : w->chunk;
    const bool last = c + 1 == w->chunks;
    PLR_A *states = R->states, *xtails = R->xtails;
    PLR_A *y = (PLR_A *)prob->y + plr_off(s, prob->yd) + plr_off(start, prob->ys);
    const PLR_A *x = PLR_FN(chunk_inputs)((const PLR_A *)prob->x + plr_off(s, prob->xd) +
                                              plr_off(start, prob->xs),
                                          prob->xs, len, wk->xbuf);
    const bool x_private = x == (const PLR_A *)wk->xbuf;

    /* 1. inputs: the FIR part needs the previous chunk's last p inputs,
     * which its worker saved before it could overwrite them (in place) */
    const PLR_A *hist = plr_seq_hist(prob, s);
    if (p && c > 0) {
        plr_flag_wait(&R->flags[it - 1], FLAG_XTAIL);
        hist = xtails + (it - 1) * p;
    }
    if (p) {
        PLR_FN(next_history)(xtails + it * p, hist, x, len, p);
        plr_flag_set(&R->flags[it], FLAG_XTAIL);
    }

    /* the state before the chunk known already (the first chunk, or the
     * predecessor finished): the plain loop from it, nothing to correct */
    if (c == 0 || plr_flag_test(&R->flags[it - 1], FLAG_STATE)) {
        PLR_A st[PLR_MAX_ORDER], hs[PLR_MAX_FIR];
        memcpy(st, c == 0 ? plr_seq_state(prob, s) : (const void *)(states + (it - 1) * k),
               k * sizeof(PLR_A));
        memcpy(hs, hist, p * sizeof(PLR_A));
        PLR_FN(seq_run)(prob, x, 1, y, prob->ys, len, st, hs);
        memcpy(states + it * k, st, k * sizeof(PLR_A));
        plr_flag_set(&R->flags[it], FLAG_STATE);
        if (last && prob->finals)
            memcpy((PLR_A *)prob->finals + s * k, st, k * sizeof(PLR_A));
        return;
    }

    const plr_factors *f = R->f;
    const PLR_A *t = wk->tbuf;
    PLR_A *ts = wk->tile_states, *ends = wk->tile_ends;
    PLR_A *yw = prob->ys == 1 ? y : (PLR_A *)wk->ybuf; /* where the chunk is solved */
    PLR_FN(dense) d;
    PLR_FN(make_dense)(&prob->b, &d);
    if (R->direct_input && (x_private || !prob->in_place))
        t = x; /* t == x: nothing to compute, and y never overwrites these inputs */
    else
        PLR_FN(fir_block)(wk->tbuf, x, len, hist, p, &prob->a);

    /* 2. local solutions of the tiles */
    const size_t ntiles = (len + TILE - 1) / TILE;
    PLR_FN(solve_tiles)(yw, t, len, TILE, NULL, ends, &prob->b, &d, k);

    /* 3. the true state before each tile, then publish the chunk's */
    PLR_A sv[PLR_MAX_ORDER];
    plr_flag_wait(&R->flags[it - 1], FLAG_STATE);
    memcpy(sv, states + (it - 1) * k, k * sizeof(PLR_A));
    bool any_done = false;
    for (size_t tl = 0; tl < ntiles; tl++) {
        size_t off = tl * TILE, l = len - off < TILE ? len - off : TILE;
        memcpy(ts + tl * k, sv, k * sizeof(PLR_A));
        wk->done[tl] = false;
        if (!PLR_FN(all_finite)(sv, k)) {
            PLR_FN(solve_serial)(yw + off, t + off, l, sv, &prob->b, &d, k);
            PLR_FN(next_state)(sv, sv, yw + off, l, k);
            wk->done[tl] = any_done = true;
        } else if (l == TILE) {
            PLR_FN(chain_state)(sv, sv, ends + tl * k, f);
        }
        /* a short tile ends the sequence: its state is read from its
         * outputs below, and no chunk follows */
    }
    memcpy(states + it * k, sv, k * sizeof(PLR_A));
    plr_flag_set(&R->flags[it], FLAG_STATE);

    /* 4. the final values, while the chunk is still in cache: either solve
     * every tile again from its true state, or correct the local solution
     * with the factor lists, whichever is cheaper for this signature */
    if (R->resolve && !any_done) {
        PLR_FN(solve_tiles)(yw, t, len, TILE, ts, ends, &prob->b, &d, k);
    } else {
        for (size_t tl = 0; tl < ntiles; tl++) {
            size_t off = tl * TILE, l = len - off < TILE ? len - off : TILE;
            if (wk->done[tl])
                continue;
            if (R->resolve)
                PLR_FN(solve_serial)(yw + off, t + off, l, ts + tl * k, &prob->b, &d, k);
            else if (!PLR_FN(all_zero)(ts + tl * k, k))
                PLR_FN(correct_tile)(yw + off, l, f, ts + tl * k);
        }
    }
    if (last && prob->finals) {
        /* the state after the corrected chunk, read from its outputs */
        PLR_A fin[PLR_MAX_ORDER];
        PLR_FN(next_state)(fin, ts + (ntiles - 1) * k, yw + (ntiles - 1) * TILE,
                           len - (ntiles - 1) * TILE, k);
        memcpy((PLR_A *)prob->finals + s * k, fin, k * sizeof(PLR_A));
    }
    if (yw != y)
        for (size_t i = 0; i < len; i++)
            y[plr_off(i, prob->ys)] = yw[i];
}

/* Chunk c of lane group g (the lanes family, cut into chunks of rows).
 * States and histories are rows: v[j*L + l]. */
static void PLR_FN(lanes_chunk)(cpu_worker *wk, size_t g, size_t c)
{
    cpu_run *R = wk->run;
    const plr_problem *prob = R->prob;
    const plr_work *w = R->work;
    const unsigned k = prob->k, p = prob->p;
    const size_t G = w->group, s0 = g * G;
    const size_t L = prob->count - s0 < G ? prob->count - s0 : G;
    const size_t it = g * w->chunks + c, start = c * w->chunk;
    const size_t len = prob->n - start < w->chunk ? prob->n - start : w->chunk;
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
        PLR_FN(rows_from_seqs)(hs0, prob, s0, L, p, plr_seq_hist);
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
            PLR_FN(rows_from_seqs)(st, prob, s0, L, k, plr_seq_state);
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

/* Item for work that does not cut sequences: a whole group. */
static void PLR_FN(group_item)(cpu_worker *wk, size_t g, size_t c)
{
    (void)c;
    PLR_FN(group_run)(wk->run->prob, wk->run->work, g, wk->scratch);
}
