/* itemdraw.h: one side of one item of a build drawn onto any cairo_t, under the
 * watchdog's limit for an item, with the "unchecked" mark of a forced build. */
#ifndef RAILYARD_ITEMDRAW_H
#define RAILYARD_ITEMDRAW_H

#include <cairo.h>

#include "buildctx.h"
#include "draw.h"
#include "template.h"

/* A drawing thread's own: its drawer (Pango is per thread) and the fields it
 * fills, item after item. */
struct worker {
	struct drawer *dr;
	struct fields f;
};

/* Where an unsound forced build marks an item "unchecked": nowhere (the edge
 * check's drawing), in the slug above the trim (inside it when the item has too
 * little bleed), or inside the trim (on a butted sheet). */
enum { UNCHECKED_NONE, UNCHECKED_SLUG, UNCHECKED_INSIDE };

/* Item i's side (0 the face, 1 the back) onto cr, in mm with the origin at the
 * trim corner; its text problems reported when c->report (the back's never:
 * itemdraw_report_back). */
void itemdraw_side_as(struct build_ctx *c, struct worker *w, cairo_t *cr, long i, int side,
		      int unchecked);
/* The same, marked in the slug when the build is unsound. */
void itemdraw_side(struct build_ctx *c, struct worker *w, cairo_t *cr, long i, int side);

/* The back's problems (an unknown field, a text that does not fit), reported
 * once a build, from this thread, before any pass draws: whichever pass draws
 * the back first (faces.pdf draws none; PNG threads draw it concurrently)
 * would otherwise decide whether they are seen at all. */
void itemdraw_report_back(struct build_ctx *c, struct worker *w);

#endif
