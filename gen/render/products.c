/* products.c: the card sizes a print-on-demand service sells, and the check of a
 * preset build's sizes against them (products.h). */
#include "products.h"

#include <math.h>

#include "diag.h"

/* The card sizes a print-on-demand service sells (trim, mm, portrait);
 * docs/print.md ("Sizes a service sells") cites where each list comes from. */
struct product {
	const char *name;
	double w, h;
};

static const struct product tgc_products[] = {
	{"poker", 63.5, 88.9}, {"bridge", 57.15, 88.9}, {"mini", 44.45, 63.5}, {"tarot", 69.85, 120.65},
	{"square", 63.5, 63.5}, {"large square", 88.9, 88.9}, {"domino", 44.45, 88.9},
	{"jumbo", 88.9, 146.05}, {NULL, 0, 0}};
static const struct product mpc_products[] = {
	{"poker", 63.5, 88.9}, {"bridge", 57.15, 88.9}, {"mini", 44.45, 63.5}, {"tarot", 69.85, 120.65},
	{"square", 63.5, 63.5}, {"jumbo", 88.9, 127.0}, {NULL, 0, 0}};
static const struct product dtc_products[] = {
	{"poker", 63.5, 88.9}, {"bridge", 57.15, 88.9}, {"mini", 44.45, 63.5}, {"tarot", 69.85, 120.65},
	{"square", 88.9, 88.9}, {NULL, 0, 0}};

/* How far w x h is from product p in either orientation (mm, the larger side's). */
static double product_off(const struct product *p, double w, double h)
{
	double a = fmax(fabs(w - p->w), fabs(h - p->h)), b = fmax(fabs(w - p->h), fabs(h - p->w));
	return fmin(a, b);
}

int products_check(const struct build_ctx *c)
{
	static const char *const service[] = {"", "The Game Crafter", "MakePlayingCards",
					      "DriveThruCards", ""};
	const struct product *list = c->opts.preset == PRESET_TGC	? tgc_products
				     : c->opts.preset == PRESET_MPC	? mpc_products
				     : c->opts.preset == PRESET_DRIVETHRU ? dtc_products
									  : NULL;
	int rc = 0;
	if (!list || !c->it.count)
		return 0;
	if (c->opts.preset == PRESET_DRIVETHRU && !c->it.back) {
		diag(SEV_ERROR, NULL, "--preset drivethru: %s has no back; DriveThruCards prints a back on every card (give the pack a back template, or use --preset press)",
		     c->id);
		rc = -1;
	}
	for (size_t f = 0; f < c->it.nfaces; f++) {
		const struct template *t = c->it.faces[f];
		const struct product *near = list;
		for (const struct product *p = list; p->name; p++)
			if (product_off(p, t->w, t->h) < product_off(near, t->w, t->h))
				near = p;
		if (product_off(near, t->w, t->h) <= 0.5)
			continue;
		diag(SEV_ERROR, &t->loc_size, "--preset %s: the %s are %.4g x %.4g mm, a size %s does not sell (nearest: %s, %.4g x %.4g mm)",
		     build_presets[c->opts.preset], c->it.nfaces > 1 ? c->it.face_names[f] : "items", t->w,
		     t->h, service[c->opts.preset], near->name, near->w, near->h);
		rc = -1;
	}
	return rc;
}
