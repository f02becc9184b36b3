/* tokens.c: token sheets (tokens.h): as many tokens as fit a page of the
 * build's paper, or under --preset press one token with bleed. */
#include "tokens.h"

#include <math.h>
#include <stdlib.h>

#include "diag.h"
#include "output.h"
#include "stage.h"

struct token_fill {
	const struct fields *f;
	long first, count;
	int cols;
};

static void token_cell(void *user, int r, int c, struct fields *f)
{
	const struct token_fill *tf = user;
	long k = tf->first + (long)r * tf->cols + c;
	if (k >= tf->count)
		return;
	for (size_t i = 0; tf->f && i < tf->f->n; i++)
		fields_set(f, tf->f->v[i].name, tf->f->v[i].value);
	fields_set(f, "token", "1");
	fields_setf(f, "number", "%ld", k + 1);
}

int build_tokens(struct build_ctx *c, const char *name, const char *label, const struct template *t,
		 long count, struct fields *f)
{
	const struct tpl_cells *cl = &t->cells;
	char *rel = build_press(c) ? xasprintf("tokens-%s.pdf", name) : xasprintf("tokens-%s.pdf", build_paper(c));
	char *path = build_path(c, rel);
	free(rel);
	struct pdfw *w = path ? pdfw_open(path) : NULL;
	free(path);
	if (!w)
		return -1;
	struct token_fill tf = {f, 0, count, 1};
	if (build_press(c)) {
		/* one token, its trim the cell, with bleed */
		double b = TPL_DEFAULT_BLEED;
		cairo_t *cr = pdfw_page(w, cl->w + 2 * b, cl->h + 2 * b, b, label);
		cairo_rectangle(cr, -b, -b, cl->w + 2 * b, cl->h + 2 * b);
		cairo_clip(cr);
		cairo_translate(cr, -cl->margin[3], -cl->margin[0]);
		fields_set(f, "sheet-note", "");
		tf.count = 1;
		struct cells one = {1, 1, token_cell, &tf, 0};
		draw_item(c->dr, cr, t, f, &one, label);
		pdfw_end_page(w);
		return pdfw_close(w);
	}
	double pw, ph;
	paper_size(build_paper(c), &pw, &ph);
	int cols = (int)floor((pw - cl->margin[1] - cl->margin[3] + cl->gap) / (cl->w + cl->gap));
	int rows = (int)floor((ph - cl->margin[0] - cl->margin[2] + cl->gap) / (cl->h + cl->gap));
	if (cols < 1 || rows < 1) {
		diag(SEV_ERROR, NULL, "%s: a token does not fit on %s paper", t->file, build_paper(c));
		pdfw_abort(w);
		return -1;
	}
	tf.cols = cols;
	fields_set(f, "sheet", "1");
	struct cells cells = {rows, cols, token_cell, &tf, 0};
	double dx = (pw - cols * cl->w - (cols - 1) * cl->gap) / 2 - cl->margin[3];
	double dy = (ph - cl->margin[0] - cl->margin[2] - rows * cl->h - (rows - 1) * cl->gap) / 2;
	for (; tf.first < count; tf.first += (long)rows * cols) {
		cairo_t *cr = pdfw_page(w, pw, ph, 0, NULL);
		cairo_translate(cr, dx, dy);
		long last = tf.first + (long)rows * cols;
		fields_setf(f, "sheet-note", "%s: %ld-%ld of %ld. Print at 100%%.", label, tf.first + 1,
			    last < count ? last : count, count);
		draw_item(c->dr, cr, t, f, &cells, tf.first == 0 ? label : NULL);
		pdfw_end_page(w);
	}
	return pdfw_close(w);
}
