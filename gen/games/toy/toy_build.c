/* toy_build.c: what Toy Train adds to the deck build (kit_build.h): which
 * letter is the wild one, and the board of numbered spaces. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>

#include "toy.h"
#include "kit_build.h"
#include "kit_games.h"
#include "output.h"
#include "seams.h"
#include "stage.h"

/* A letter's `wild` field: "1" on the wild letter. */
static void toy_item_fields(const struct kit *d, size_t i, struct fields *f)
{
	const struct kit_item *it = &d->items[i];
	const struct kit_group *g = &d->groups[it->group];
	if (g->kind == KIT_LETTER)
		fields_set(f, "wild", g->wild && !strcmp(it->values[0], g->wild) ? "1" : "");
}

/* The board: spaces 1..N in rows that turn at each end (a serpentine track). */
static void board_shape(const struct kit *d, int *rows, int *cols)
{
	*cols = (int)ceil(sqrt(2.0 * d->board.spaces));
	*rows = (d->board.spaces + *cols - 1) / *cols;
}

static void fill_space(void *user, int r, int c, struct fields *f)
{
	struct kit_build *b = user;
	const struct kit_board *bd = &b->d->board;
	int rows, cols;
	board_shape(b->d, &rows, &cols);
	int along = r % 2 ? cols - 1 - c : c;
	int space = r * cols + along + 1;
	if (space > bd->spaces)
		return;
	fields_set(f, "on", "1");
	fields_setf(f, "space", "%d", space);
	const char *label = space == bd->start ? bd->start_label : space == bd->finish ? bd->finish_label : NULL;
	fields_set(f, "label", label ? label : "");
	fields_set(f, "start", space == bd->start ? "1" : "");
	fields_set(f, "finish", space == bd->finish ? "1" : "");
	const struct kit_mark *m = kit_space_mark(b->d, space);
	fields_set(f, "mark", m ? (m->label ? m->label : m->name) : "");
	if (m)
		fields_set(f, m->name, "1");
	/* the way on: along the row, or down at its end */
	bool row_end = along == cols - 1;
	const char *arrow = space == bd->spaces ? "" : row_end ? "↓" : r % 2 ? "←" : "→";
	fields_set(f, "arrow", arrow);
	/* the track's way in and out of the space (track-left, -right, -up, -down) */
	const char *in = space == 1 ? NULL : along == 0 ? "up" : r % 2 ? "right" : "left";
	const char *out = space == bd->spaces ? NULL : row_end ? "down" : r % 2 ? "left" : "right";
	for (int k = 0; k < 2; k++)
		if (k ? out : in) {
			char *name = xasprintf("track-%s", k ? out : in);
			fields_set(f, name, "1");
			free(name);
		}
}

/* The board drawn once as board.pdf and once as svg/board.svg; its texts that do
 * not fit are reported the first time. */
struct board_draw {
	struct kit_build *b;
	bool reported;
};

static void draw_board(void *user, cairo_t *cr, long index, int side)
{
	struct board_draw *bd = user;
	struct kit_build *b = bd->b;
	(void)index;
	(void)side;
	int rows, cols;
	board_shape(b->d, &rows, &cols);
	struct cells c = {rows, cols, fill_space, b, 0};
	fields_clear(&b->f);
	fields_set(&b->f, "title", b->d->title);
	fields_set(&b->f, "pack", b->d->id);
	draw_item(b->dr, cr, b->own[0], &b->f, &c, bd->reported ? NULL : "board");
	bd->reported = true;
}

static void board_size(const struct kit_build *b, double *iw, double *ih)
{
	int rows, cols;
	board_shape(b->d, &rows, &cols);
	template_size(b->own[0], rows, cols, iw, ih);
}

/* board.pdf, tiled across pages when larger. */
static int toy_extra(struct build_ctx *bc, struct kit_build *b)
{
	if (!b->own[0] || !(bc->opts.only & (BO_BOARD | BO_PLACEMAT)))
		return 0;
	int rows, cols;
	board_shape(b->d, &rows, &cols);
	struct board_draw bd = {b, false};
	return build_tiled(bc, "board.pdf", b->own[0], rows, cols, draw_board, &bd);
}

/* svg/board.svg. */
static int toy_extra_svg(struct build_ctx *bc, struct kit_build *b)
{
	if (!b->own[0])
		return 0;
	double iw, ih;
	board_size(b, &iw, &ih);
	/* reported already when board.pdf was drawn */
	struct board_draw bd = {b, (bc->opts.only & (BO_BOARD | BO_PLACEMAT)) != 0};
	char *path = build_path(bc, "svg/board.svg");
	int rc = path ? svg_write(path, iw, ih, b->own[0]->bleed, draw_board, &bd, 0) : -1;
	free(path);
	return rc;
}

static int toy_prepare(struct kit_build *b)
{
	const struct kit *d = b->d;
	if (d->board.present && d->board.face &&
	    !(b->own[0] = kit_build_template(b, d->board.face, &d->board.loc_face, "board", true)))
		return -1;
	return 0;
}

const struct kit_build_game toy_build_items = {
	.item_fields = toy_item_fields, .prepare = toy_prepare, .extra = toy_extra,
	.extra_svg = toy_extra_svg, .sound = toy_check_pack, .board = true,
};
