/* Per-type chunk processing of the cpu backend (see cpu.c). */
static void PLR_FN(cpu_chunk)(cpu_worker *w, size_t c)
{
    cpu_shared *sh = w->sh;
    const plr_problem *prob = sh->prob;
    const plr_factors *f = sh->f;
    const unsigned k = prob->k, p = prob->p;
    const size_t start = c * CHUNK;
    const size_t len = prob->n - start < CHUNK ? prob->n - start : CHUNK;
    const PLR_A *x = (const PLR_A *)prob->x + start;
    PLR_A *y = (PLR_A *)prob->y + start;
    const PLR_A *t = w->tbuf;
    PLR_A *states = w->tile_states, *ends = w->tile_ends;
    PLR_A *globals = (PLR_A *)sh->globals;
    PLR_A *xtails = (PLR_A *)sh->xtails;
    PLR_FN(dense) d;
    PLR_FN(make_dense)(&prob->b, &d);

    /* 1. inputs: the FIR part needs the previous chunk's last p inputs, which
     * its thread saved before it could overwrite them (in place) */
    const PLR_A *hist = (const PLR_A *)prob->xhist;
    if (p && c > 0) {
        wait_flag(&sh->flags[c - 1], FLAG_XTAIL);
        hist = xtails + (c - 1) * p;
    }
    if (p) {
        PLR_FN(next_history)(xtails + c * p, hist, x, len, p);
        atomic_fetch_or_explicit(&sh->flags[c], FLAG_XTAIL, memory_order_release);
    }
    if (sh->direct_input) {
        t = x; /* t == x: nothing to compute, and y never overwrites x */
    } else {
        PLR_FN(fir_block)(w->tbuf, x, len, hist, p, &prob->a);
    }

    /* 2. local solutions of the tiles */
    const size_t ntiles = (len + TILE - 1) / TILE;
    PLR_FN(solve_tiles)(y, t, len, TILE, NULL, ends, &prob->b, &d, k);

    /* 3. the true state before each tile, then publish the chunk's */
    PLR_A s[PLR_MAX_ORDER];
    if (c == 0) {
        memcpy(s, prob->state, k * sizeof(PLR_A));
    } else {
        wait_flag(&sh->flags[c - 1], FLAG_GLOBAL);
        memcpy(s, globals + (c - 1) * k, k * sizeof(PLR_A));
    }
    bool any_done = false;
    for (size_t tl = 0; tl < ntiles; tl++) {
        size_t off = tl * TILE, l = len - off < TILE ? len - off : TILE;
        memcpy(states + tl * k, s, k * sizeof(PLR_A));
        w->done[tl] = false;
        if (!PLR_FN(all_finite)(s, k)) {
            PLR_FN(solve_serial)(y + off, t + off, l, s, &prob->b, &d, k);
            PLR_FN(next_state)(s, s, y + off, l, k);
            w->done[tl] = any_done = true;
        } else if (l == TILE) {
            PLR_FN(chain_state)(s, s, ends + tl * k, f);
        }
    }
    memcpy(globals + c * k, s, k * sizeof(PLR_A));
    atomic_fetch_or_explicit(&sh->flags[c], FLAG_GLOBAL, memory_order_release);

    /* 4. the final values, while the chunk is still in cache: either solve
     * every tile again from its true state, or correct the local solution
     * with the factor lists, whichever is cheaper for this signature */
    if (sh->resolve && !any_done) {
        PLR_FN(solve_tiles)(y, t, len, TILE, states, ends, &prob->b, &d, k);
        return;
    }
    for (size_t tl = 0; tl < ntiles; tl++) {
        size_t off = tl * TILE, l = len - off < TILE ? len - off : TILE;
        if (w->done[tl])
            continue;
        if (sh->resolve)
            PLR_FN(solve_serial)(y + off, t + off, l, states + tl * k, &prob->b, &d, k);
        else if (!PLR_FN(all_zero)(states + tl * k, k))
            PLR_FN(correct_tile)(y + off, l, f, states + tl * k);
    }
}
