/* quickref.c: the landscape page of a reference and the quick reference at the
 * deck's card size: its rows fitted to the card, its crop marks (quickref.h). */
#include "quickref.h"

#include <math.h>
#include <stdlib.h>

#include "diag.h"
#include "stage.h"

/* The landscape page of the build's paper and how an AREA_W x AREA_H mm drawing
 * sits on it: centred, scaled down (never up) to stay clear of the margin. */
static void landscape_fit(const struct build_ctx *c, double area_w, double area_h, double *pw,
			  double *ph, double *scale)
{
	if (build_press(c)) {
		/* a press: the page is the area, trimmed, with bleed around it */
		*pw = area_w + 2 * TPL_DEFAULT_BLEED;
		*ph = area_h + 2 * TPL_DEFAULT_BLEED;
		*scale = 1;
		return;
	}
	paper_size(build_paper(c), pw, ph);
	if (*ph > *pw) {
		double t = *pw;
		*pw = *ph;
		*ph = t;
	}
	double m = c->opts.margin + 1;
	*scale = fmin(1, fmin((*pw - 2 * m) / area_w, (*ph - 2 * m) / area_h));
}

cairo_t *build_landscape_page(const struct build_ctx *c, struct pdfw *w, double area_w, double area_h)
{
	double pw, ph, scale;
	landscape_fit(c, area_w, area_h, &pw, &ph, &scale);
	cairo_t *cr = build_press(c) ? pdfw_page(w, pw, ph, TPL_DEFAULT_BLEED, "reference")
				     : pdfw_page(w, pw, ph, 0, NULL);
	cairo_translate(cr, (pw - scale * area_w) / 2, (ph - scale * area_h) / 2);
	cairo_scale(cr, scale, scale);
	return cr;
}

/* The quick reference's trim size: the deck's card. */
static void quickref_size(const struct quickref *q, double *w, double *h)
{
	*w = q->w > 0 ? q->w : q->t->w;
	*h = q->h > 0 ? q->h : q->t->h;
}

/* A card-sized template with rows (cells) at the card's size W x H: the card's
 * elements resized (the header band still to the bleed); the rows as tall as
 * designed, taller on a larger or a narrower card (its text takes more lines),
 * or less to share the room (*rh); their elements resized by one factor (text
 * kept at 6 pt at least): the width's ratio, less when their marks (chips,
 * labels) would not fit the row's height, more only as the rows grow. The
 * cells are left at the size the elements are laid out for; that factor is
 * returned (0 when there are no rows). */
static double quickref_rows(struct template *t, double W, double H, int rows, double *rh)
{
	double s = template_resize_card(t, W, H);
	if (rows <= 0)
		return 0;
	/* the gap scaled down with the card (the caller puts it back) */
	const double *m = t->cells.margin, gap = t->cells.gap *= fmin(s, 1);
	const double dw = t->design_w, dh = t->design_h, rw = W - m[1] - m[3];
	double tall = dh * fmax(s, 1) / fmin(1, rw / dw);
	*rh = fmax(0.5, fmin(tall, (H - m[0] - m[2] - (rows - 1) * gap) / rows));
	double g = fmin(rw / dw, fmax(1, *rh / dh));
	if (t->cells.mark_h > 0)
		g = fmin(g, *rh / t->cells.mark_h);
	if (fabs(rw - t->cells.w) > 1e-6 || fabs(dh * g - t->cells.h) > 1e-6)
		template_resize(t, rw, dh * g);
	return g;
}

/* A warning at the template's cells, once, when the rows do not fit the card:
 * a text overflowed (at 6 pt), or the marks went under half their size. */
static void quickref_warn(struct template *t, int rows, double f, int overflows, double W, double H)
{
	if (t->cells.warned || (f >= 0.5 && !overflows))
		return;
	t->cells.warned = true;
	diag(SEV_WARNING, &t->cells.loc,
	     "the quick reference's %d rows do not fit a %.1f x %.1f mm card: each row %.1f mm where %.1f mm is designed (%s); "
	     "fewer rows, or a larger card", rows, W, H, t->cells.h, t->design_h,
	     overflows ? "its text, kept at 6 pt, overflows" : "its marks under half their size");
}

/* Draw q with its trim's top-left corner at cr's origin, clipped to bleed mm
 * outside the trim. */
static void build_quickref_draw(struct drawer *dr, cairo_t *cr, const struct quickref *q, double bleed)
{
	struct template *t = q->t;
	double W, H;
	quickref_size(q, &W, &H);
	int rows = q->rows ? q->rows->rows : 0;
	/* the bottom margin and the gap are this drawing's (template_resize_card
	 * sets the top for good) */
	double bottom = t->cells.margin[2], gap = t->cells.gap, f = 0, s = 1;
	double laid = t->cells.h;
	if (t->cells.on && t->has_size) {
		double rh = 0;
		f = quickref_rows(t, W, H, rows, &rh);
		laid = t->cells.h;
		if (rows > 0)
			t->cells.h = rh;
		/* the rows from the top, the card's bottom below them */
		t->cells.margin[2] = H - t->cells.margin[0] - (rows > 0 ? rows * t->cells.h + (rows - 1) * t->cells.gap : 0);
	} else {
		/* a card resized with the deck (build_fit), else scaled as a whole */
		s = fmin(W / t->w, H / t->h);
	}
	cairo_save(cr);
	cairo_rectangle(cr, -bleed, -bleed, W + 2 * bleed, H + 2 * bleed);
	cairo_clip(cr);
	if (!t->background.field && !t->background.none) {
		cairo_set_source_rgba(cr, t->background.r, t->background.g, t->background.b, t->background.a);
		cairo_paint(cr);
	}
	cairo_translate(cr, (W - s * t->w) / 2, 0);
	cairo_scale(cr, s, s);
	struct cells none = {1, 1, NULL, NULL, 0};
	int over = draw_item(dr, cr, t, q->f, q->rows && rows ? q->rows : &none, "the quick reference");
	cairo_restore(cr);
	t->cells.margin[2] = bottom;
	t->cells.gap = gap;
	if (t->cells.on && t->has_size && rows > 0) {
		quickref_warn(t, rows, f, over, W, H);
		t->cells.h = laid;
	}
}

/* Crop marks at the corners of a w x h trim at (x, y), from 2.5 to 5.5 mm outside it. */
static void crop_marks(cairo_t *cr, double x, double y, double w, double h)
{
	cairo_save(cr);
	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_set_line_width(cr, 0.3 * 25.4 / 72);
	for (int i = 0; i < 4; i++) {
		double cx = x + (i & 1 ? w : 0), cy = y + (i & 2 ? h : 0);
		double sx = i & 1 ? 1 : -1, sy = i & 2 ? 1 : -1;
		cairo_move_to(cr, cx + sx * 2.5, cy);
		cairo_line_to(cr, cx + sx * 5.5, cy);
		cairo_move_to(cr, cx, cy + sy * 2.5);
		cairo_line_to(cr, cx, cy + sy * 5.5);
	}
	cairo_stroke(cr);
	cairo_restore(cr);
}

void build_quickref_on_page(const struct build_ctx *c, struct pdfw *w, cairo_t *cr, struct drawer *dr,
			    const struct quickref *q, double area_w, double area_h, double x, double y)
{
	double pw, ph, scale, W, H;
	landscape_fit(c, area_w, area_h, &pw, &ph, &scale);
	quickref_size(q, &W, &H);
	double m = build_press(c) ? 0 : c->opts.margin, ox = (pw - scale * area_w) / 2, oy = (ph - scale * area_h) / 2;
	double px = fmin(ox + x * scale, pw - m - 5.5 - W), py = oy + y * scale;
	if (W > q->t->size_w + 0.5 || H > q->t->size_h + 0.5 || py + H + 5.5 > ph - m) {
		/* a card larger than the room the page leaves it (its template's
		 * size): a page of its own; on a press, quickref.pdf alone */
		if (build_press(c))
			return;
		pdfw_end_page(w);
		cr = pdfw_page(w, pw, ph, 0, NULL);
		px = (pw - W) / 2;
		py = (ph - H) / 2;
	}
	cairo_save(cr);
	cairo_identity_matrix(cr);
	cairo_scale(cr, PT_PER_MM, PT_PER_MM);
	cairo_translate(cr, px, py);
	build_quickref_draw(dr, cr, q, 2);
	crop_marks(cr, 0, 0, W, H);
	cairo_restore(cr);
}

int build_quickref_pdf(struct build_ctx *c, struct drawer *dr, const struct quickref *q)
{
	char *path = build_path(c, "quickref.pdf");
	struct pdfw *w = path ? pdfw_open(path) : NULL;
	free(path);
	if (!w)
		return -1;
	double W, H, b = q->t->bleed > 0 ? q->t->bleed : TPL_DEFAULT_BLEED;
	quickref_size(q, &W, &H);
	cairo_t *cr = pdfw_page(w, W + 2 * b, H + 2 * b, b, "quick reference");
	build_quickref_draw(dr, cr, q, b);
	pdfw_end_page(w);
	return pdfw_close(w);
}
