/* itemdraw.c: one side of one item of a build (itemdraw.h): its fields from the
 * game's callbacks, the watchdog told which item is drawing, the "unchecked"
 * mark of an unsound build forced through. */
#include "itemdraw.h"

#include <math.h>
#include <stdio.h>

#include "budget.h"

/* "unchecked" in red in the slug above the trim (in the bleed, cut away), or
 * small inside the top left corner of an item without bleed or (inside) on a
 * butted sheet, whose slug goes with the neighbour's edge. */
static void mark_unchecked(cairo_t *cr, const struct template *t, bool inside)
{
	double size = fmin(2.0, fmax(1.2, t->bleed * 0.6));
	cairo_save(cr);
	cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
	cairo_set_font_size(cr, size);
	cairo_set_source_rgb(cr, 0.8, 0.1, 0.1);
	if (inside)
		cairo_move_to(cr, 3.0, 2.0 + size);
	else
		cairo_move_to(cr, 1.0, t->bleed >= 1.5 ? -(t->bleed - size) / 2 - 0.15 : size + 0.5);
	cairo_show_text(cr, "unchecked (railyard build --force)");
	cairo_restore(cr);
}

/* This thread now draws item i's side: the watchdog's limit for one item. */
static void budget_side(struct build_ctx *c, long i, int side)
{
	char name[96];
	const struct template *t = side ? c->it.back : c->it.faces[c->it.face_of(c->it.user, i)];
	if (side)
		snprintf(name, sizeof name, "the back");
	else
		c->it.label(c->it.user, i, true, name, sizeof name);
	budget_item(name, t ? t->file : NULL);
}

void itemdraw_side_as(struct build_ctx *c, struct worker *w, cairo_t *cr, long i, int side,
			 int unchecked)
{
	budget_side(c, i, side);
	if (side) {
		fields_clear(&w->f);
		c->it.back_fields(c->it.user, &w->f);
		draw_item(w->dr, cr, c->it.back, &w->f, NULL, NULL);   /* reported by itemdraw_report_back */
		budget_idle();
		return;
	}
	fields_clear(&w->f);
	c->it.fields(c->it.user, i, &w->f);
	char who[160];
	if (c->report)
		c->it.label(c->it.user, i, true, who, sizeof who);
	const struct template *t = c->it.faces[c->it.face_of(c->it.user, i)];
	draw_item(w->dr, cr, t, &w->f, NULL, c->report ? who : NULL);
	if (c->opts.unsound && unchecked != UNCHECKED_NONE)
		mark_unchecked(cr, t, unchecked == UNCHECKED_INSIDE);
	budget_idle();
}

void itemdraw_side(struct build_ctx *c, struct worker *w, cairo_t *cr, long i, int side)
{
	itemdraw_side_as(c, w, cr, i, side, UNCHECKED_SLUG);
}

void itemdraw_report_back(struct build_ctx *c, struct worker *w)
{
	if (!c->it.back)
		return;
	cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1);
	cairo_t *cr = cairo_create(s);
	fields_clear(&w->f);
	c->it.back_fields(c->it.user, &w->f);
	draw_item(w->dr, cr, c->it.back, &w->f, NULL, "back");
	cairo_destroy(cr);
	cairo_surface_destroy(s);
}
