/* impose.h: items on paper (impose.c): sheets of cards with crop marks and
 * duplex backs, butted or with gutters, and one large item (a board, a
 * placemat) tiled across pages; the edge check that says whether items suit a
 * butted sheet. */
#ifndef RAILYARD_IMPOSE_H
#define RAILYARD_IMPOSE_H

#include <stdbool.h>

#include <cairo.h>

#include "output.h"

/* count items of w x h mm (trim). draw(user, cr, i, side) draws item i (side 0 =
 * front, 1 = back) at the origin in mm; bleed mm of its artwork is shown. */
struct item_source {
	double w, h, bleed;
	long count;
	bool backs;          /* the items have backs */
	item_draw_fn draw;
	void *user;
	bool butted;         /* butted: shared cut lines, bleed only around the block */
};

/* How the backs meet the fronts: the sheet turned over its long edge, its short
 * edge, or no duplex (sheets hold fronts only). */
enum duplex { DUPLEX_LONG, DUPLEX_SHORT, DUPLEX_NONE };

/* A grid of nx x ny cells of cw x ch mm (turned a quarter when rotated), its
 * top-left corner at x0, y0 on the paper. Gutter: a cell is the item and its
 * bleed on every side. Butted: a cell is the item's trim, neighbours share their
 * cut lines, and only the block has bleed around it, bx mm left and right and by
 * mm above and below. */
struct sheet_grid {
	int nx, ny;
	bool rotated, butted;
	double cw, ch, x0, y0;
	double bx, by;
};

/* The most items of w x h (+ bleed) that fit paper pw x ph inside margin with room
 * for the crop marks and the note, upright or turned; fills g, returns nx * ny. */
int impose_fit(double pw, double ph, double margin, double w, double h, double bleed,
	       struct sheet_grid *g);
/* The same butted: the block's bleed (at most bleed, at least 1 mm when the item
 * has that much) and the crop marks outside it, all inside margin. */
int impose_fit_butted(double pw, double ph, double margin, double w, double h, double bleed,
		      struct sheet_grid *g);

/* Lay items on paper (pw x ph mm) as impose_fit says, at 100%, centred, every item
 * with its full bleed (a gutter of twice the bleed), crop marks at every trim line
 * inside the margin (src->butted: as impose_fit_butted says, each item's bleed
 * shown only where no item lies next to it, a mark at every shared cut line);
 * on a page partly filled, only at the cut lines that bound an item on it;
 * with backs and duplex, each front page is followed by its back
 * page, placed for the sheet turned over the long or short edge. A note line says
 * to print at 100% (and how to flip). progress (may be NULL) is called after each
 * sheet with items done. Returns the pages written, or -1 when no item fits. */
long impose_sheets(struct pdfw *w, double pw, double ph, double margin, enum duplex duplex,
		   const struct item_source *src, void (*progress)(void *user, long done),
		   void *puser);

/* Whether items suit a butted sheet: their edge strips (the bleed and EDGE_IN mm
 * inside the trim) look the same at every depth across the cut (one colour, or
 * lines running straight across it) and the same on every item and on opposite
 * edges, so a cut off the line shows the neighbour's edge, which looks the same.
 * edge_check_new(w, h, bleed) for items of that trim and bleed; for each item,
 * draw it on edge_check_begin's context (mm, origin at the trim's top left),
 * then edge_check_end(e, group) (group 0 the faces, 1 the backs, each compared
 * within its own group) is false when this item's edges break the rule. */
struct edge_check;
struct edge_check *edge_check_new(double w, double h, double bleed);
cairo_t *edge_check_begin(struct edge_check *e);
bool edge_check_end(struct edge_check *e, int group);
void edge_check_free(struct edge_check *e);

/* Print one item of w x h mm and bleed mm around it across pages of pw x ph mm
 * (a single page when it fits), each tile overlapping the next by overlap mm,
 * with alignment marks and a tile label below it ("row 1, column 2 of 1 x 3"),
 * crop marks at the item's trim outside its bleed, nothing within margin mm of
 * the paper's edge. seams (may be NULL) says where the tiles may meet (item mm):
 * each seam falls on one of them when one is within reach of a page. */
struct tile_seams {
	const double *x, *y;  /* item mm where a seam may run (between spaces), or NULL */
	size_t nx, ny;
};
void impose_tiles(struct pdfw *w, double pw, double ph, double margin, double iw, double ih,
		  double bleed, double overlap, const struct tile_seams *seams, item_draw_fn draw,
		  void *user, long index);
/* The pages impose_tiles would print the item on. */
int impose_tile_pages(double pw, double ph, double margin, double iw, double ih, double bleed,
		      double overlap, const struct tile_seams *seams);

#endif
