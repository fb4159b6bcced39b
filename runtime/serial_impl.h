/* Per-type body of the serial backend (see serial.c). */
static void PLR_FN(serial_run)(const plr_problem *prob)
{
    PLR_A t[SERIAL_BLOCK];
    PLR_A state[PLR_MAX_ORDER], hist[PLR_MAX_FIR];
    PLR_FN(dense) d;
    PLR_FN(make_dense)(&prob->b, &d);
    memcpy(state, prob->state, prob->k * sizeof(PLR_A));
    memcpy(hist, prob->xhist, prob->p * sizeof(PLR_A));
    const PLR_A *x = prob->x;
    PLR_A *y = prob->y;
    for (size_t off = 0; off < prob->n; off += SERIAL_BLOCK) {
        size_t len = prob->n - off < SERIAL_BLOCK ? prob->n - off : SERIAL_BLOCK;
        PLR_FN(fir_block)(t, x + off, len, hist, prob->p, &prob->a);
        /* before y overwrites x when in place */
        PLR_FN(next_history)(hist, hist, x + off, len, prob->p);
        PLR_FN(solve_serial)(y + off, t, len, state, &prob->b, &d, prob->k);
        PLR_FN(next_state)(state, state, y + off, len, prob->k);
    }
}
