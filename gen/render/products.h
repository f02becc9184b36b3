/* products.h: the card sizes the print-on-demand presets' services sell. */
#ifndef RAILYARD_PRODUCTS_H
#define RAILYARD_PRODUCTS_H

#include "buildctx.h"

/* Under --preset tgc, mpc or drivethru: every face size of the build is one the
 * service sells (within 0.5 mm), and drivethru's items have a back; else each is
 * reported (a size with the nearest product). 0, or -1 after reporting. */
int products_check(const struct build_ctx *c);

#endif
