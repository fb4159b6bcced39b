/* An independent reference for checking libplr: the recurrence straight
 * from the signature, integers exactly (mod 2^w), floats in long double. */
#ifndef PLR_REFERENCE_H
#define PLR_REFERENCE_H

#include "plr.h"

/* Integer types: out receives n values of the element type, bit-exact.
 * Float types: out receives n long double values.
 * Returns 0 on success, -1 on allocation failure. */
int ref_solve(const plr_signature *sig, const plr_data *data, void *out);

/* Error bound for float results (docs/runtime.md):
 *   |y_i - y*_i| <= (2k + 8) * u * H * (T + B * Y)
 * u: unit roundoff of the type, H = sum_{i<n} |h_i| with h the impulse
 * response of (1: b), T = max|t_i|, B = sum|b_j|, Y = max|y*_i| (the
 * largest initial-state magnitude included). */
long double ref_error_bound(const plr_signature *sig, const plr_data *data, const long double *ystar);

/* Element i of an array of the signature's type, as long double. */
long double ref_value(plr_type type, const void *arr, size_t i);

#endif
