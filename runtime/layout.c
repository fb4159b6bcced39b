/* Checking a plr_layout before anything is written: sizes, strides, the
 * address range each side touches, alignment, and overlap (between two
 * sequences' outputs, and between the inputs read and the outputs written).
 *
 * Overlap questions are answered exactly where the arithmetic allows: two
 * elements of a layout coincide when s*dist + i*stride = s'*dist + i'*stride
 * for distinct (s, i), (s', i') in range, a linear equation in bounded
 * integers solved with the extended Euclidean algorithm. */
#include "internal.h"

#include <stdio.h>
#include <string.h>

typedef __int128 wide; /* products of two 64-bit offsets stay exact */

static wide wabs(wide v)
{
    return v < 0 ? -v : v;
}

static wide floor_div(wide a, wide b) /* b != 0 */
{
    wide q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

static wide ceil_div(wide a, wide b)
{
    return -floor_div(-a, b);
}

/* g = gcd(a, b) >= 0 with a*u + b*v = g */
static wide ext_gcd(wide a, wide b, wide *u, wide *v)
{
    wide u0 = 1, v0 = 0, u1 = 0, v1 = 1;
    while (b != 0) {
        wide q = floor_div(a, b), t;
        t = a - q * b, a = b, b = t;
        t = u0 - q * u1, u0 = u1, u1 = t;
        t = v0 - q * v1, v0 = v1, v1 = t;
    }
    if (a < 0)
        a = -a, u0 = -u0, v0 = -v0;
    *u = u0;
    *v = v0;
    return a;
}

/* Tightens [*lo, *hi] to the t with lo0 <= base + t*step <= hi0. */
static void clamp_t(wide base, wide step, wide lo0, wide hi0, wide *lo, wide *hi)
{
    wide a, b;
    if (step > 0) {
        a = ceil_div(lo0 - base, step);
        b = floor_div(hi0 - base, step);
    } else {
        a = ceil_div(hi0 - base, step);
        b = floor_div(lo0 - base, step);
    }
    if (a > *lo)
        *lo = a;
    if (b < *hi)
        *hi = b;
}

/* Whether a*u + b*v = c has a solution with u in [u0, u1], v in [v0, v1]
 * (ranges non-empty, magnitudes below 2^62). */
static bool solvable(wide a, wide b, wide c, wide u0, wide u1, wide v0, wide v1)
{
    if (a == 0 && b == 0)
        return c == 0;
    if (a == 0 || b == 0) {
        wide m = a ? a : b, lo = a ? u0 : v0, hi = a ? u1 : v1;
        if (c % m != 0)
            return false;
        return c / m >= lo && c / m <= hi;
    }
    wide pu, pv, g = ext_gcd(a, b, &pu, &pv);
    if (c % g != 0)
        return false;
    /* one solution, moved near the range first so the products stay small */
    wide su = b / g, sv = -(a / g);
    wide f = c / g;
    pu = (pu % su) * (f % su) % su; /* pu*f mod su: another solution's u */
    pv = (c - a * pu) / b;
    wide lo = -((wide)1 << 100), hi = (wide)1 << 100;
    clamp_t(pu, su, u0, u1, &lo, &hi);
    clamp_t(pv, sv, v0, v1, &lo, &hi);
    return lo <= hi;
}

/* The lowest and highest element offsets one side touches. */
static void extent(size_t count, size_t n, ptrdiff_t stride, ptrdiff_t dist, wide *lo, wide *hi)
{
    wide ds = (wide)(count - 1) * dist, di = (wide)(n - 1) * stride;
    *lo = (ds < 0 ? ds : 0) + (di < 0 ? di : 0);
    *hi = (ds > 0 ? ds : 0) + (di > 0 ? di : 0);
}

/* Two distinct elements of one side at the same place: (ds, di) != 0 with
 * ds*dist + di*stride = 0, |ds| < count, |di| < n. All solutions are
 * multiples of (stride/g, -dist/g). */
static bool self_overlaps(size_t count, size_t n, ptrdiff_t stride, ptrdiff_t dist)
{
    if (count < 2)
        return false;
    if (dist == 0)
        return true;
    wide u, v, g = ext_gcd(wabs(dist), wabs(stride), &u, &v);
    return wabs(stride) / g <= (wide)count - 1 && wabs(dist) / g <= (wide)n - 1;
}

/* Some element of x (offsets s*xd + i*xs) equals some element of y
 * (D + s'*yd + i'*ys), all counted in elements. */
static bool sides_meet(size_t count, size_t n, wide D, ptrdiff_t xs, ptrdiff_t xd, ptrdiff_t ys,
                       ptrdiff_t yd, bool *undecided)
{
    const wide C = (wide)count - 1, N = (wide)n - 1;
    *undecided = false;
    if (xs == ys && xd == yd) /* (s-s')*xd + (i-i')*xs = D */
        return solvable(xd, xs, D, -C, C, -N, N);
    /* differing shapes: fix the pair of sequences (or of positions) and
     * solve the rest exactly, when there are at most 2^16 pairs */
    if (count <= 256) {
        for (size_t s = 0; s < count; s++)
            for (size_t t = 0; t < count; t++)
                /* i*xs - i'*ys = D + t*yd - s*xd */
                if (solvable(xs, -(wide)ys, D + (wide)t * yd - (wide)s * xd, 0, N, 0, N))
                    return true;
        return false;
    }
    if (n <= 256) {
        for (size_t i = 0; i < n; i++)
            for (size_t j = 0; j < n; j++)
                if (solvable(xd, -(wide)yd, D + (wide)j * ys - (wide)i * xs, 0, C, 0, C))
                    return true;
        return false;
    }
    *undecided = true;
    return true;
}

size_t plr_x_size(plr_type type, const plr_data *data)
{
    return plr_store_size(data->x_store, type);
}

size_t plr_y_size(plr_type type, const plr_data *data)
{
    return plr_store_size(data->y_store, type);
}

plr_status plr_layout_check(plr_type type, const plr_data *data, const plr_layout *L, bool *in_place,
                            char *why, size_t whylen)
{
    /* x and y may be held in storage types of different sizes (x_store,
     * y_store): each side is measured in its own elements; exact in place
     * and the element-wise overlap test need one size */
    const size_t xes = plr_x_size(type, data), yes = plr_y_size(type, data), n = data->n;
    const size_t es = xes > yes ? xes : yes;
    *in_place = false;
    if (L->count == 0) {
        snprintf(why, whylen, "layout: count is 0 (at least one sequence)");
        return PLR_ERR_BAD_LAYOUT;
    }
    size_t total;
    if (__builtin_mul_overflow(L->count, n, &total) || total > SIZE_MAX / es) {
        snprintf(why, whylen, "layout: count %zu x n %zu elements overflows size_t", L->count, n);
        return PLR_ERR_SIZE_OVERFLOW;
    }
    if (L->x_stride == 0 || L->y_stride == 0) {
        snprintf(why, whylen, "layout: %s_stride is 0", L->x_stride == 0 ? "x" : "y");
        return PLR_ERR_BAD_LAYOUT;
    }
    if (n == 0)
        return PLR_OK; /* nothing is read or written */
    if (!data->x || !data->y) {
        snprintf(why, whylen, "layout: %s is NULL", data->x ? "y" : "x");
        return PLR_ERR_NULL_POINTER;
    }
    /* every element type here is aligned to its size on the targets libplr
     * is built for (LP64) */
    if ((uintptr_t)data->x % xes || (uintptr_t)data->y % yes) {
        bool xbad = (uintptr_t)data->x % xes != 0;
        snprintf(why, whylen, "%s (%p) is not aligned to %zu bytes for %s elements", xbad ? "x" : "y",
                 xbad ? data->x : (void *)data->y, xbad ? xes : yes,
                 xbad ? (data->x_store ? plr_store_name(data->x_store) : plr_type_name(type))
                      : (data->y_store ? plr_store_name(data->y_store) : plr_type_name(type)));
        return PLR_ERR_MISALIGNED;
    }
    if (L->count == 1 && L->x_stride == 1 && L->y_stride == 1) {
        /* one forward array each (plr_run): the short way, same answers */
        uintptr_t xbytes = (uintptr_t)(n * xes), ybytes = (uintptr_t)(n * yes);
        uintptr_t xa = (uintptr_t)data->x, ya = (uintptr_t)data->y;
        if (xa > UINTPTR_MAX - xbytes || ya > UINTPTR_MAX - ybytes) {
            snprintf(why, whylen, "layout: the arrays reach beyond the address space");
            return PLR_ERR_BAD_LAYOUT;
        }
        if (xa == ya && xes == yes) {
            *in_place = true;
            return PLR_OK;
        }
        if (xa < ya + ybytes && ya < xa + xbytes) {
            snprintf(why, whylen, "layout: y overlaps x without being x (only y == x is allowed)");
            return PLR_ERR_OVERLAP;
        }
        return PLR_OK;
    }
    /* every offset must fit, and every address must exist */
    const size_t ses[2] = {xes, yes};
    wide lo[2], hi[2];
    const uintptr_t base[2] = {(uintptr_t)data->x, (uintptr_t)data->y};
    const ptrdiff_t stride[2] = {L->x_stride, L->y_stride}, dist[2] = {L->x_dist, L->y_dist};
    for (int side = 0; side < 2; side++) {
        const wide limit = (wide)PTRDIFF_MAX / (wide)ses[side];
        extent(L->count, n, stride[side], dist[side], &lo[side], &hi[side]);
        if (-lo[side] > limit || hi[side] > limit ||
            (wide)base[side] + lo[side] * (wide)ses[side] < 0 ||
            (wide)base[side] + (hi[side] + 1) * (wide)ses[side] - 1 > (wide)UINTPTR_MAX) {
            snprintf(why, whylen, "layout: %s's elements reach beyond the address space",
                     side ? "y" : "x");
            return PLR_ERR_BAD_LAYOUT;
        }
    }
    if (self_overlaps(L->count, n, L->y_stride, L->y_dist)) {
        snprintf(why, whylen, "layout: two sequences' outputs share elements (y_stride %td, y_dist %td)",
                 L->y_stride, L->y_dist);
        return PLR_ERR_OVERLAP;
    }
    if (data->x == data->y && xes == yes && L->x_stride == L->y_stride && L->x_dist == L->y_dist) {
        *in_place = true;
        return PLR_OK;
    }
    /* byte ranges apart: nothing shared */
    wide xlo = (wide)base[0] + lo[0] * (wide)xes, xhi = (wide)base[0] + (hi[0] + 1) * (wide)xes;
    wide ylo = (wide)base[1] + lo[1] * (wide)yes, yhi = (wide)base[1] + (hi[1] + 1) * (wide)yes;
    if (xhi <= ylo || yhi <= xlo)
        return PLR_OK;
    if (xes != yes) {
        snprintf(why, whylen, "layout: x (%zu-byte elements) and y (%zu-byte elements) share bytes "
                 "(in place needs one storage size)", xes, yes);
        return PLR_ERR_OVERLAP;
    }
    wide diff = (wide)base[1] - (wide)base[0];
    bool undecided = false, meet = true;
    if (diff % (wide)es == 0)
        meet = sides_meet(L->count, n, diff / (wide)es, L->x_stride, L->x_dist, L->y_stride,
                          L->y_dist, &undecided);
    else
        undecided = true; /* elements could straddle each other */
    if (meet) {
        snprintf(why, whylen,
                 undecided ? "layout: x and y interleave in one buffer with different shapes "
                             "(only identical layouts, in place, or disjoint elements are accepted)"
                           : "layout: the outputs overwrite inputs other than their own (only y == x "
                             "element for element is allowed)");
        return PLR_ERR_OVERLAP;
    }
    return PLR_OK;
}
