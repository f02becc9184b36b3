/* seams.h: one large item of a cells template (a placemat, a board) tiled
 * across pages of the build's paper, its seams in the gaps between cells. */
#ifndef RAILYARD_SEAMS_H
#define RAILYARD_SEAMS_H

#include "buildctx.h"
#include "output.h"
#include "template.h"

/* rel (a PDF): one large item drawn from t (a cells template: rows x cols
 * spaces) tiled across pages of the build's paper (impose_tiles), the seams in
 * the gaps between spaces. Returns 0 or -1 after reporting. */
int build_tiled(struct build_ctx *c, const char *rel, const struct template *t, int rows, int cols,
		item_draw_fn draw, void *user);
/* The pages build_tiled would print the same item on. */
int build_tiled_pages(const struct build_ctx *c, const struct template *t, int rows, int cols);

#endif
