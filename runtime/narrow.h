/* A few adjacent lanes (interleaved channels, a narrow strip of columns)
 * advancing together, with the windows of the last K outputs and P inputs
 * of every lane in registers: per position one load of the lanes' inputs,
 * one store of their outputs, and a chain of one multiply-add per tap that
 * never goes through memory (the row-by-row lane sweep re-reads y[i-1] from
 * the row it has just stored, a store-to-load forward on the chain of every
 * position, and pays its per-row set-up for a handful of lanes).
 *
 * Included by sweeps.h once per element type and lane count, with PLR_NL
 * (2, 4, 8 or 16: a GCC/Clang vector of PLR_NL elements, split into the
 * target's registers). Computes exactly what the serial reference computes:
 * per lane the taps in lag order, absent taps no operation at all. */

/* Native 16-byte vectors (fewer bytes when all lanes take less): a wider
 * generic vector is kept in memory by GCC, which puts the chain back
 * through a store and a load. */
#define PLR_VB (PLR_NL * sizeof(PLR_A) < 16 ? PLR_NL * sizeof(PLR_A) : 16)
#define PLR_NV (PLR_NL * sizeof(PLR_A) / PLR_VB)
typedef PLR_A PLR_CAT(PLR_FN(narrow_vec), PLR_NL) __attribute__((vector_size(PLR_VB)));
#define PLR_V PLR_CAT(PLR_FN(narrow_vec), PLR_NL)

/* len positions from the windows w[j] = y[-1-j], h[j] = x[-1-j] (PLR_NV
 * vectors of lanes each), left holding the windows after them. K and P
 * are compile-time after inlining; amask bit j: input tap at lag j present,
 * bmask bit j: output tap at lag j+1 present. */
PLR_INLINE void PLR_CAT(PLR_FN(narrow_body), PLR_NL)(const PLR_A *x, ptrdiff_t xs, PLR_A *y,
                                                      ptrdiff_t ys, size_t len, PLR_V (*w)[PLR_NV],
                                                      PLR_V (*h)[PLR_NV], const PLR_A *ac,
                                                      unsigned amask, const PLR_A *bc,
                                                      unsigned bmask, const unsigned K,
                                                      const unsigned P)
{
    const PLR_V zero = {0};
    const PLR_V a0 = zero + ac[0], a1 = zero + ac[1], a2 = zero + ac[2];
    const PLR_V b1 = zero + bc[0], b2 = zero + bc[1], b3 = zero + bc[2];
    PLR_V w0[PLR_NV], w1[PLR_NV], w2[PLR_NV], h0[PLR_NV], h1[PLR_NV];
    for (unsigned v = 0; v < PLR_NV; v++) {
        w0[v] = w[0][v];
        w1[v] = K > 1 ? w[1][v] : zero;
        w2[v] = K > 2 ? w[2][v] : zero;
        h0[v] = P > 0 ? h[0][v] : zero;
        h1[v] = P > 1 ? h[1][v] : zero;
    }
    for (size_t i = 0; i < len; i++) {
        const PLR_A *xr = x + plr_off(i, xs);
        PLR_A *yr = y + plr_off(i, ys);
        for (unsigned v = 0; v < PLR_NV; v++) {
            PLR_V in;
            memcpy(&in, xr + v * (PLR_VB / sizeof(PLR_A)), sizeof in);
            PLR_V acc = a0 * in;
            if (P > 0 && (amask & 2u))
                acc = acc + a1 * h0[v];
            if (P > 1 && (amask & 4u))
                acc = acc + a2 * h1[v];
            if (bmask & 1u)
                acc = acc + b1 * w0[v];
            if (K > 1 && (bmask & 2u))
                acc = acc + b2 * w1[v];
            if (K > 2 && (bmask & 4u))
                acc = acc + b3 * w2[v];
            memcpy(yr + v * (PLR_VB / sizeof(PLR_A)), &acc, sizeof acc);
            w2[v] = w1[v];
            w1[v] = w0[v];
            w0[v] = acc;
            h1[v] = h0[v];
            h0[v] = in;
        }
    }
    for (unsigned v = 0; v < PLR_NV; v++) {
        w[0][v] = w0[v];
        if (K > 1)
            w[1][v] = w1[v];
        if (K > 2)
            w[2][v] = w2[v];
        if (P > 0)
            h[0][v] = h0[v];
        if (P > 1)
            h[1][v] = h1[v];
    }
}

/* One instance per (K, P) with K <= 3, P <= 2. wrows: the last k outputs
 * of the lanes, nearest first; hrows: the last p inputs, oldest first (as
 * rings_store leaves them and rings_load takes them). */
static void PLR_CAT(PLR_FN(narrow_run), PLR_NL)(const PLR_A *x, ptrdiff_t xs, PLR_A *y, ptrdiff_t ys,
                                                size_t len, PLR_A *wrows, PLR_A *hrows,
                                                const PLR_A *ac, unsigned amask, const PLR_A *bc,
                                                unsigned bmask, unsigned k, unsigned p)
{
    PLR_V w[3][PLR_NV], h[2][PLR_NV];
    memcpy(w, wrows, k * sizeof w[0]);
    for (unsigned j = 0; j < p && j < 2; j++) /* p <= 2 (plr_lanes_narrow); the bound for GCC */
        memcpy(h[j], hrows + (size_t)(p - 1 - j) * PLR_NL, sizeof h[j]);
#define PLR_NARROW_CASE(K, P)                                                                      \
    case K * 4 + P:                                                                                \
        PLR_CAT(PLR_FN(narrow_body), PLR_NL)(x, xs, y, ys, len, w, h, ac, amask, bc, bmask, K, P); \
        break
    switch (k * 4 + p) {
        PLR_NARROW_CASE(1, 0);
        PLR_NARROW_CASE(1, 1);
        PLR_NARROW_CASE(1, 2);
        PLR_NARROW_CASE(2, 0);
        PLR_NARROW_CASE(2, 1);
        PLR_NARROW_CASE(2, 2);
        PLR_NARROW_CASE(3, 0);
        PLR_NARROW_CASE(3, 1);
        PLR_NARROW_CASE(3, 2);
    }
#undef PLR_NARROW_CASE
    memcpy(wrows, w, k * sizeof w[0]);
    for (unsigned j = 0; j < p && j < 2; j++)
        memcpy(hrows + (size_t)(p - 1 - j) * PLR_NL, h[j], sizeof h[j]);
}
#undef PLR_V
#undef PLR_NV
#undef PLR_VB
