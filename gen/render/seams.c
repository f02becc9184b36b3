/* seams.c: the tiles of a cells template (seams.h): where their seams may run,
 * the pages they take, the tiled PDF (untiled on a press or a screen). */
#include "seams.h"

#include <math.h>
#include <stdlib.h>

#include "impose.h"
#include "stage.h"

/* Where a tile seam may run between n cells of size cell from start: in every
 * gap, at most at from the next cell (the middle of a narrower gap). Above a row
 * it runs 1 mm over the spaces, under the letter chips the gap holds. */
#define TILE_OVERLAP 15.0   /* mm each tile lies over the next */

static double *gap_seams(double start, double cell, double gap, int n, double at)
{
	double *v = xcalloc((size_t)(n > 1 ? n - 1 : 1), sizeof *v);
	for (int i = 0; i + 1 < n; i++)
		v[i] = start + (i + 1) * (cell + gap) - fmin(gap / 2, at);
	return v;
}

/* Where the tiles of a cells template of rows x cols may meet (the caller frees x and y). */
static struct tile_seams cell_seams(const struct template *t, int rows, int cols)
{
	const struct tpl_cells *cl = &t->cells;
	struct tile_seams s = {NULL, NULL, 0, 0};
	if (cl->on) {
		s = (struct tile_seams){gap_seams(cl->margin[3], cl->w, cl->gap, cols, cl->gap),
					gap_seams(cl->margin[0], cl->h, cl->gap, rows, 1.0),
					(size_t)(cols - 1), (size_t)(rows - 1)};
	}
	return s;
}

int build_tiled_pages(const struct build_ctx *c, const struct template *t, int rows, int cols)
{
	double pw, ph, iw, ih;
	paper_size(build_paper(c), &pw, &ph);
	template_size(t, rows, cols, &iw, &ih);
	struct tile_seams s = cell_seams(t, rows, cols);
	int n = impose_tile_pages(pw, ph, c->opts.margin, iw, ih, t->bleed, TILE_OVERLAP, &s);
	free((void *)s.x);
	free((void *)s.y);
	return n;
}

int build_tiled(struct build_ctx *c, const char *rel, const struct template *t, int rows, int cols,
		item_draw_fn draw, void *user)
{
	double pw, ph, iw, ih;
	paper_size(build_paper(c), &pw, &ph);
	template_size(t, rows, cols, &iw, &ih);
	char *path = build_path(c, rel);
	struct pdfw *w = path ? pdfw_open(path) : NULL;
	free(path);
	if (!w)
		return -1;
	if (build_press(c) || pdfw_screen()) {
		/* one page, the whole item with bleed: a press prints it untiled, a
		 * screen shows it whole */
		double b = t->bleed > 0 ? t->bleed : TPL_DEFAULT_BLEED;
		cairo_t *cr = pdfw_page(w, iw + 2 * b, ih + 2 * b, b, NULL);
		draw(user, cr, 0, 0);
		pdfw_end_page(w);
		return pdfw_close(w);
	}
	struct tile_seams s = cell_seams(t, rows, cols);
	impose_tiles(w, pw, ph, c->opts.margin, iw, ih, t->bleed, TILE_OVERLAP, &s, draw, user, 0);
	free((void *)s.x);
	free((void *)s.y);
	return pdfw_close(w);
}
