/* draw.h: one drawing module for every surface. draw_item draws a card face,
 * back, placemat or board from a template onto ANY cairo_t whose user space is
 * millimetres; thin writers (PDF, SVG, PNG) set that up; imposition lays items out
 * on paper (3x3 sheets with crop marks and duplex backs) or tiles one large item
 * across pages. Nothing here knows the Game of Trains: trains_build.c fills the fields.
 *
 * How another game uses it (e.g. colour x number cards):
 *
 *     struct template *face = template_load("templates/take-face.yaml");
 *     struct drawer *d = drawer_new();
 *     if (!face || drawer_check_fonts(d, face) != 0) ...exit 2...
 *     // one page per card:
 *     struct pdfw *w = pdfw_open("out/x/faces.pdf");
 *     for each card i:
 *         struct fields f = {0};
 *         fields_set(&f, "colour", "red"); fields_set(&f, "rank", "7");
 *         cairo_t *cr = pdfw_page(w, face->w + 2 * face->bleed, face->h + 2 * face->bleed,
 *                                 face->bleed, "7");
 *         draw_item(d, cr, face, &f, NULL, "card 7");   // origin = trim corner
 *         pdfw_end_page(w);
 *         fields_free(&f);
 *     pdfw_close(w);   // TrimBox/BleedBox added, renamed into place
 *
 * For 3x3 sheets give impose_sheets a callback that draws item i (front or back);
 * for a board, use a template with `cells:`, pass struct cells with a per-cell
 * fields callback, and impose_tiles to print it across pages. */
#ifndef RAILYARD_DRAW_H
#define RAILYARD_DRAW_H

#include <stdbool.h>
#include <stddef.h>

#include <cairo.h>

#include "template.h"

#define MM_PER_PT (25.4 / 72.0)
#define DRAW_MAX_PIPS 18   /* a pips element's largest count (3 x 6 pips) */
#define DRAW_MAX_TEXT 16384   /* bytes of a text element, its fields filled in */
#define PT_PER_MM (72.0 / 25.4)

/* ---- fields: the text of one item, name -> value ---- */

struct field {
	char *name, *value;
	const char *origin;  /* where a value came from ("cards.csv": a column of the
	                        pack's data), for messages; borrowed, or NULL */
};
/* Zero-initialise; free with fields_free. Set copies both strings and replaces an
 * earlier value of the same name. */
struct fields {
	struct field *v;
	size_t n, cap;
};
void fields_set(struct fields *f, const char *name, const char *value);
/* fields_set, noting that the field comes from origin (a data file's name,
 * which must outlive f): "did you mean" names it. */
void fields_set_from(struct fields *f, const char *name, const char *value, const char *origin);
void fields_setf(struct fields *f, const char *name, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* The value of name, or NULL. */
const char *fields_get(const struct fields *f, const char *name);
/* Forget every value but keep the memory (for reuse in a loop). */
void fields_clear(struct fields *f);
void fields_free(struct fields *f);

/* Expand {name} placeholders in text from f ({name|map} needs a template: it
 * expands as missing here; draw_item looks it up in the template's maps); {{ and }} are literal braces. When
 * escape is set, values are escaped for Pango markup. Unknown names expand to "" and
 * set *missing (if non-NULL and still NULL) to the first one seen: a pointer into
 * text at the name, which ends at the next }. Caller frees. */
char *fields_expand(const struct fields *f, const char *text, bool escape, const char **missing);

/* ---- the drawer ---- */

/* Pango state shared by every draw call (font map, context, layout cache). Not
 * thread-safe; one per thread. drawer_free releases it. */
struct drawer;
struct drawer *drawer_new(void);
void drawer_free(struct drawer *d);
/* A drawer for another thread that shares main's images (read once, kept once). */
struct drawer *drawer_new_sharing(struct drawer *main);

/* Find and read every image t shows for an item with fields f (each file once
 * per drawer: later items reuse it). Problems are reported at the element;
 * returns 0 or -1. Call it for every item before writing anything, so a missing
 * file stops the build before any output is replaced. */
int drawer_preload(struct drawer *d, const struct template *t, const struct fields *f);

/* Check that every font t names resolves through fontconfig to a font of that
 * family (no silent fallback), registering t's font-file first. Problems are
 * reported at the template's file:line:column; returns 0 or -1. */
int drawer_check_fonts(struct drawer *d, const struct template *t);

/* How many texts did not fit their boxes so far, over every item drawn. */
long drawer_overflows(const struct drawer *d);
/* How many texts the drawers have refused so far, over DRAW_MAX_TEXT (process-
 * wide, only ever growing; each reported at its element on the pass that
 * reports): a build compares it before and after, and fails. */
unsigned long draw_refusals(void);
/* Print the warnings held since the last report: one per template element (a
 * text that did not fit, characters its font cannot show, a field that is not a
 * colour, a missing field, bad markup), naming the first item and counting the
 * others. drawer_free reports what is left. */
void drawer_report(struct drawer *d);

/* Per-cell fields of a cells template (boards, placemats). */
struct cells {
	int rows, cols;
	/* Fill f (already cleared) for the cell at row r, column c. */
	void (*fill)(void *user, int r, int c, struct fields *f);
	void *user;
	int count;   /* the cells drawn, row by row (0: every cell) */
};

/* Draw one item of template t with fields f onto cr, whose user space is
 * millimetres with the origin at the item's trim top-left corner. Background and
 * full-bleed rectangles extend t->bleed beyond the trim. cells is needed for a
 * cells template, else NULL. who names the item in messages ("card 12"): text that
 * does not fit its box, or has characters its font cannot show, is noted against
 * its element for drawer_report, naming who (who NULL: nothing is noted, for the
 * second and later outputs of one item).
 * Returns the number of such overflows. */
int draw_item(struct drawer *d, cairo_t *cr, const struct template *t, const struct fields *f,
	      const struct cells *cells, const char *who);

/* Draw a table of rows x ncols strings (row 0 = header) in the given font family
 * and size (mm), flowed into as many column groups as fit the box [x, y, w, h] mm
 * (at most max_groups, 0 = no limit), as the seed page prints its ability tables;
 * the type shrinks until the table fits. Returns the height used, in mm. */
double draw_table(struct drawer *d, cairo_t *cr, const char *family, double size,
		  const char *const *cellv, size_t rows, size_t ncols, int max_groups, double x,
		  double y, double w, double h);

/* ---- writers ---- */

/* A PDF being written page by page to a temporary file beside path; pdfw_close
 * post-processes it (TrimBox, BleedBox, page labels, fixed dates) and renames it
 * into place, so an interrupted build leaves the previous file intact. */
struct pdfw;
struct pdfw *pdfw_open(const char *path);
/* Begin a page of w x h mm; bleed (mm) is the distance from the page edge to the
 * trim box (0 = no trim/bleed boxes); label is the page label (NULL = none).
 * Returns a cairo_t scaled to mm with the origin at the trim corner (page corner
 * + bleed). Valid until pdfw_end_page. */
cairo_t *pdfw_page(struct pdfw *w, double wmm, double hmm, double bleed, const char *label);
void pdfw_end_page(struct pdfw *w);
/* The item on the current page in words ("card 6, back"), for messages about it. */
void pdfw_item(struct pdfw *w, const char *item);
/* Finish: returns 0, or -1 after reporting (the temporary file is removed). */
int pdfw_close(struct pdfw *w);
/* Abandon: remove the temporary file. */
void pdfw_abort(struct pdfw *w);

/* A screen for every PDF page (railyard serve): while a hook is set, each page
 * pdfw_page begins is drawn at dpi onto an image of its trim (the bleed cut
 * away) instead of into the PDF, whose page stays blank, and pdfw_end_page
 * hands it to fn with the PDF's file name (no folder), the page's index, label
 * and item (NULL when none). fn borrows the surface. Set from one thread
 * between builds; fn NULL ends it. */
struct pdfw_shot {
	const char *file, *label, *item;
	size_t page;
	cairo_surface_t *image;
};
void pdfw_set_screen(double dpi, void (*fn)(void *user, const struct pdfw_shot *shot), void *user);
/* Whether pages go to a screen: then a large item is drawn whole on one page,
 * not tiled across the paper (build_tiled). */
bool pdfw_screen(void);

/* The draw callback of the single-item writers: draw at the origin (trim corner),
 * in mm. */
typedef void (*item_draw_fn)(void *user, cairo_t *cr, long index, int side);

/* Write one item of w x h mm (trim) plus bleed on every side as an SVG in mm units,
 * atomically. Return 0, or -1 after reporting. */
int svg_write(const char *path, double w, double h, double bleed, item_draw_fn draw, void *user,
	      long index);

/* Write an RGB24 image surface as a PNG (png_encode: sRGB, pHYs of dpi when
 * dpi > 0; s's pixels are overwritten, to be painted anew or destroyed) to path, created exclusively (never through a symbolic link): for
 * a file in a private staging folder. Thread-safe. Returns 0, or -1 with errno set
 * and path removed. */
int png_save(cairo_surface_t *s, const char *path, double dpi);

/* Call fn (async-signal-safe) when SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGUSR1 or
 * SIGALRM ends the program, before the temporary files are removed. */
void output_on_signal(void (*fn)(void));
/* What a signal does before the program dies: fn, then every temporary file
 * removed (async-signal-safe; for a build that must stop at once). */
void output_cleanup(void);

/* ---- imposition ---- */

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

/* Build's summary line: output_tally_start() when a build starts; each file written by
 * pdfw_close and svg_write counts itself, output_tally(0) counts another (the
 * manifest, a PNG); output_tally_note(s) sets a note to end it (the sheets' layout);
 * output_tally_print(dir) prints on stderr
 * "railyard: build: N files, P PDF pages in DIR/ (S s)[; NOTE]". */
void output_tally_start(void);
void output_tally(unsigned long pages);
void output_tally_note(const char *note);
void output_tally_print(const char *dir);

#endif
