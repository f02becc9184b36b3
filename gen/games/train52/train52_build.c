/* train52_build.c: what Train (the 52-card game) adds to the deck build
 * (kit_build.h): the setup sheet, a row per round and a cell per pile. */
#include <stdlib.h>

#include <cairo.h>

#include "train52.h"
#include "kit_build.h"
#include "kit_games.h"
#include "diag.h"
#include "seams.h"
#include "util.h"

/* The setup sheet: a row per round (rules: piles, read by train52_rules.c), a cell
 * per pile and one for the central area they lie around. */
static long piles_in(const struct train52_pack_rules *t, size_t r)
{
	return r < t->nrounds ? t->piles[r] : 0;
}

static void fill_setup(void *user, int r, int c, struct fields *f)
{
	struct kit_build *b = user;
	const struct kit *d = b->d;
	long np = piles_in(TRAIN52_OWN(b->rules), (size_t)r);
	long total = kit_count(d, KIT_CARD);
	fields_setf(f, "round", "%d", r + 1);
	fields_setf(f, "piles", "%ld", np);
	fields_setf(f, "closed", "%ld", np ? np - 1 : 0);
	fields_setf(f, "piles-text", "%ld pile%s", np, np == 1 ? "" : "s");
	if (np > 1)
		fields_setf(f, "closed-text", "up to %ld closed", np - 1);
	else
		fields_set(f, "closed-text", "none may be closed");
	if (c == 0) {
		fields_set(f, "head", "1");
		return;
	}
	/* the piles around the central area: half of them before it, half after */
	long centre = 1 + (np + 1) / 2;
	if (np && c == centre) {
		fields_set(f, "central", "1");
		return;
	}
	if (c > centre)
		c--;
	if (c > np)
		return;
	fields_setf(f, "pile", "%d", c);
	struct buf s = {0};
	for (size_t i = 0; i < d->ndeals; i++)
		for (int pl = d->deals[i].lo; pl <= d->deals[i].hi; pl++) {
			long each = kit_hand_size(d, pl, total);
			if (each < 0 || each * pl > total)
				continue;
			long rest = total - each * pl;
			buf_printf(&s, "%s%d players: %ld", s.len ? "\n" : "", pl,
				   rest / np + (c - 1 < rest % np));
		}
	fields_set(f, "sizes", s.s ? s.s : "");
	buf_free(&s);
}

static void setup_shape(const struct kit_build *b, int *rows, int *cols)
{
	*rows = (int)TRAIN52_OWN(b->rules)->nrounds;
	*cols = 1;
	for (size_t r = 0; r < TRAIN52_OWN(b->rules)->nrounds; r++)
		if (piles_in(TRAIN52_OWN(b->rules), r) + 2 > *cols)
			*cols = (int)piles_in(TRAIN52_OWN(b->rules), r) + 2;   /* the head, the central area */
}

static void draw_setup(void *user, cairo_t *cr, long index, int side)
{
	struct kit_build *b = user;
	(void)index;
	(void)side;
	int rows, cols;
	setup_shape(b, &rows, &cols);
	struct cells c = {rows, cols, fill_setup, b, 0};
	fields_clear(&b->f);
	fields_set(&b->f, "title", b->d->title);
	fields_set(&b->f, "pack", b->d->id);
	const struct kit_deal *e = b->d->ndeals ? &b->d->deals[0] : NULL;
	if (e)
		fields_setf(&b->f, "deal", "%d-%d players, %ld cards each", e->lo, e->hi, e->cards);
	draw_item(b->dr, cr, b->own[0], &b->f, &c, "setup sheet");
}

/* setup.pdf, tiled across pages when larger, when --only asks for it. */
static int train52_extra(struct build_ctx *bc, struct kit_build *b)
{
	if (!b->own[0] || !(bc->opts.only & (BO_SETUP | BO_PLACEMAT)))
		return 0;
	int rows, cols;
	setup_shape(b, &rows, &cols);
	return build_tiled(bc, "setup.pdf", b->own[0], rows, cols, draw_setup, b);
}

static int train52_prepare(struct kit_build *b)
{
	const struct kit *d = b->d;
	int rc = 0;
	if (d->setup && !(b->own[0] = kit_build_template(b, d->setup, &d->loc_setup, "setup", true)))
		rc = -1;
	if (d->setup && !TRAIN52_OWN(b->rules)->nrounds) {
		diag(SEV_ERROR, &d->loc_setup, "a setup sheet needs 'rules: {piles: [4, 3, 2, 1]}'");
		rc = -1;
	}
	return rc;
}

const struct kit_build_game train52_build_items = {
	.prepare = train52_prepare, .extra = train52_extra, .sound = train52_check_pack, .setup = true,
};
