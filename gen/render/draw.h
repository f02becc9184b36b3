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

#endif
