/* quickref.h: a landscape page of the build's paper for a drawing (a reference
 * page), and the quick reference to cut out at the deck's card size, on such a
 * page with crop marks or alone in quickref.pdf. */
#ifndef RAILYARD_QUICKREF_H
#define RAILYARD_QUICKREF_H

#include <cairo.h>

#include "buildctx.h"
#include "draw.h"
#include "output.h"
#include "template.h"

/* A landscape page of the build's paper in W for a drawing laid out on AREA_W x
 * AREA_H mm: centred, and drawn smaller when it would reach into the printable
 * margin (letter is narrower than A4); on a press (build_press) the area itself,
 * trimmed, with TPL_DEFAULT_BLEED around it (TrimBox, BleedBox). The page's
 * context, or NULL. */
cairo_t *build_landscape_page(const struct build_ctx *c, struct pdfw *w, double area_w, double area_h);

/* A quick reference to cut out: t is a card-sized template (its `size:` the design,
 * drawn scaled uniformly to the deck's card, w x h mm, 0: t's own size), with f;
 * when t has `cells:`, rows are its rows (one column) sharing the height the
 * cells' top and bottom margins leave. */
struct quickref {
	struct template *t;
	const struct fields *f;
	const struct cells *rows;
	double w, h;
};
/* On a landscape page of build_landscape_page(c, w, area_w, area_h) (cr), q at
 * full size (never scaled with the page) with 2 mm of bleed and crop marks: its
 * top-left trim corner where the page's (x, y) lands, moved left to keep the
 * marks out of the margin; on a page of its own when it is larger than its
 * template's size (the room the page leaves) or does not fit (on a press not
 * at all then: quickref.pdf has it). */
void build_quickref_on_page(const struct build_ctx *c, struct pdfw *w, cairo_t *cr, struct drawer *dr,
			    const struct quickref *q, double area_w, double area_h, double x, double y);
/* quickref.pdf: q alone, one page with its template's bleed (TrimBox, BleedBox). */
int build_quickref_pdf(struct build_ctx *c, struct drawer *dr, const struct quickref *q);

#endif
