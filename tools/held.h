/* Values held in a storage type (plr_data.x_store / y_store) for the plr
 * command: converted as C converts them, independently of libplr's own
 * conversions, so that `plr run --x-store/--y-store` checks those. */
#ifndef PLR_HELD_H
#define PLR_HELD_H

#include "plr.h"

/* Whether values of the signature's type can be held as store: integers
 * as integers, floats as floats, and an integer recurrence's outputs also
 * as float (rounded; libplr takes those as y, not as x). */
int held_allowed(plr_store store, plr_type type, int output);
/* One value of the signature's type at src into store's representation at
 * dst (integers modulo 2^w, f64 to f32 and integers to float rounded), and back (integers sign-
 * or zero-extended by the storage's signedness, f32 to f64 exactly). */
void held_from_sig(plr_store store, plr_type type, const void *src, void *dst);
void held_to_sig(plr_store store, plr_type type, const void *src, void *dst);
/* A value held as store (float storage only), as long double. */
long double held_float(plr_store store, plr_type type, const void *src);

#endif
