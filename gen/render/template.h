/* template.h: card, back, placemat and board layouts (the YAML files in templates/), loaded
 * through ytree.h. A template is data only: sizes in millimetres, elements placed
 * in millimetres or percent, text with {field} placeholders. draw.h draws it.
 *
 * How another game uses it: write templates/GAME-face.yaml whose text elements
 * name your own fields ("{colour}", "{rank}", "{letter}"; colours may be
 * "{colour}" too), load it with template_load, and for each item fill a
 * struct fields (draw.h) and call draw_item. A board or placemat is a template
 * with a `cells:` block: its size follows from the rows and columns you pass
 * in struct cells, and each cell's elements get that cell's fields.
 *
 * The format is documented in man/railyard-template.5 (one subsection per element
 * kind: add a new element's keys there).
 * docs/templates.md is the designer's guide to all of it (images, maps, data, sizes).
 */
#ifndef RAILYARD_TEMPLATE_H
#define RAILYARD_TEMPLATE_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"

#define TPL_DEFAULT_BLEED 3.175   /* mm: 1/8 inch */
#define TPL_MAX_ELEMENTS 256
#define TPL_MAX_POINTS 1000    /* corners of one polygon */
/* shared/LOOK.md's print facts, checked whatever a template declares: */
#define LOOK_TEXT_SAFE_MM 3.0  /* text and images at least this far inside the trim */
#define LOOK_THIN_MM 1.0       /* a shape thinner than this is thin (a line, a frame) */
#define LOOK_THIN_SAFE_MM 5.0  /* nothing thin within this of the trim */
#define LOOK_EDGE_MM 1.5       /* no edge of a shape this close inside the trim */
#define LOOK_INK_CLEAR_MM 1.0 /* the ink of text at least this inside the disc or
                                  rect that holds it (draw.c measures it) */
#define LOOK_MIN_TEXT_PT 6.0   /* text under this is reported (and resizing keeps text
                                  that was at least this at least this) */

/* A length as written: millimetres, or a percent of the enclosing width or height. */
struct tpl_len {
	double v;
	bool pct;
	bool fixed;           /* "4mm!": kept when the card is resized */
	double off;           /* "12.5%+0.9mm": millimetres added to a percent */
};

/* A colour: fixed RGBA, none, or the name of a field whose value is a colour. */
struct tpl_color {
	bool none;
	double r, g, b, a;
	char *field;          /* "{colour}" -> "colour"; resolved at draw time */
	char *pal;            /* "accent": a name of the template's palette, resolved
	                         into r g b a when loaded and by template_recolour */
	const char *key;      /* the key it was written under ("fill") */
	struct loc loc;
};

enum tpl_kind { TE_TEXT, TE_RECT, TE_LINE, TE_ELLIPSE, TE_POLYGON, TE_IMAGE, TE_PIPS };
enum tpl_fit { FIT_CONTAIN, FIT_COVER, FIT_STRETCH };
enum tpl_align { AL_START, AL_CENTER, AL_END };
/* How an element keeps its place on one axis when the card is resized
 * (template_resize): found from where it lies (AN_AUTO), or as written
 * ("anchor: [left, top]", "anchor: spread"). */
enum tpl_anchor { AN_AUTO, AN_START, AN_END, AN_CENTRE, AN_SPREAD, AN_STRETCH };

struct tpl_elem {
	enum tpl_kind kind;
	struct loc loc;
	struct tpl_len box[4];     /* text, rect: x y w h; line: x1 y1 x2 y2 */
	/* TE_TEXT */
	char *text;                /* with {field} placeholders and Pango markup; TE_PIPS:
	                              the count, as written ("{low}") */
	struct loc loc_text;       /* where the text's scalar starts */
	bool text_quoted;          /* written in quotes (its column is the quote's) */
	char *font;                /* family, or NULL = the template's */
	struct loc loc_font;
	double size;               /* mm (converted from pt when written so) */
	bool size_fixed;           /* "13pt!": kept when the card is resized */
	double written_size;       /* mm, as written: size / written_size is the factor
	                              its markup's lengths (letter_spacing, size, rise)
	                              scale by */
	bool bold, italic, wrap;
	bool shrink;               /* fit: shrink: smaller type rather than overflow */
	enum tpl_align align, valign;
	int rotate;                /* 0, 90, 180, 270 */
	struct tpl_color color;    /* text colour */
	/* TE_RECT, TE_LINE, TE_ELLIPSE, TE_POLYGON */
	struct tpl_color fill, stroke;
	double stroke_width;       /* mm */
	double radius;             /* mm, rect corners */
	struct tpl_len *points;    /* TE_POLYGON: x1 y1 x2 y2 ... (npoints lengths) */
	size_t npoints;
	/* TE_IMAGE (box: x y w h) */
	char *image;               /* path with {field} placeholders, as written */
	enum tpl_fit fit;
	double opacity;            /* 0..1, every kind */
	/* conditions */
	char *if_field, *unless_field;
	bool layout_warned;        /* safe area / turned copy already reported */
	/* resizing */
	unsigned char anchor[2];   /* enum tpl_anchor across and down, as written */
	int inside;                /* the filled rect or ellipse (or, for a shape, the
	                              text box) it lies in at the design size: an index
	                              into the same list, or -1 */
	double design[4];          /* its box at the design size, mm (x y w h; lines and
	                              polygons: their points' bounds) */
	double cue_mm;             /* its smaller side at the design size, mm */
	bool size_warned;          /* text under 6 pt already reported */
};

/* maps: {space-colour: {A: "#e69f00", B: ..., "*": grey}}: {space1|space-colour}
 * is the entry for the value of field space1 ("*": any other value). */
struct tpl_map {
	char *name;
	char **keys, **values;
	char **pal;                /* per value: the palette name it was written as
	                              (values[j] then holds its colour), or NULL */
	struct loc *at;            /* per value: where it is written (NULL: loc) */
	size_t n;
	struct loc loc;
};

struct tpl_cells {
	bool on;
	double w, h, gap;          /* mm */
	double margin[4];          /* top right bottom left, mm */
	struct tpl_elem *elems;
	size_t nelems;
	struct loc loc;            /* where 'cells:' is written */
	bool warned;               /* rows that do not fit reported */
	double mark_h;             /* a card with rows: its rows' tallest shape (a chip,
	                              a label), mm at the design size */
};

/* layouts: another arrangement of the elements, designed at its own size (a
 * square card's), used instead when the card is nearer that shape. */
struct tpl_layout {
	double w, h;               /* the size it is designed at, mm */
	struct tpl_elem *elems;
	size_t nelems;
	struct loc loc;
};

struct template {
	char *file;                /* the path it was loaded from (locations point here) */
	double w, h;               /* trim size, mm (for a cells template: one cell grid is
	                              added by template_size) */
	bool has_size;
	double bleed, safe, radius;
	bool double_ended;
	bool fallback;             /* other fonts may show what the font lacks */
	char *font;                /* default family */
	char *font_file;           /* resolved path, or NULL */
	struct loc loc_font, loc_font_file, loc_size;
	struct tpl_color background;
	struct tpl_elem *elems;
	size_t nelems;
	struct tpl_cells cells;
	struct tpl_map *maps;
	size_t nmaps;
	struct tpl_map palette;    /* palette: {accent: "#2A3550"}: colour names its
	                              colours and maps may use, a pack may change */
	double design_w, design_h; /* the size as written (cells: one cell), before
	                              template_resize */
	double size_w, size_h;     /* the size: as written (cells: the whole card's),
	                              kept through every resize */
	unsigned char anchor[2];   /* the elements' default anchor ("anchor:" at the top) */
	struct tpl_layout *layouts; /* other arrangements (layouts:), nlayouts of them;
	                              template_resize swaps the nearest one in */
	size_t nlayouts;
	int layout;                /* the arrangement in elems: 0 the main one, else
	                              layouts[layout - 1]'s (which then holds the main) */
	char *pack_file;           /* images not beside the template are looked for
	                              beside this pack (template_set_pack), or NULL */
	unsigned long serial;      /* new at every load, resize and recolour, never
	                              reused: what draw.c's caches know this version by */
};

/* Load a template. Every problem is reported through diag() with file:line:column;
 * returns NULL on any error. Caller frees with template_free. */
struct template *template_load(const char *path);
/* The same from memory; name is used in locations and to resolve font-file. */
struct template *template_parse(const char *name, const char *text, size_t len);
void template_free(struct template *t);

/* The trim size in mm of an item drawn from t: its size, or for a cells template
 * with rows x cols cells, the cells plus gaps and margins. */
void template_size(const struct template *t, int rows, int cols, double *w, double *h);

/* Give t a new trim size w x h mm (a cells template: each cell's size; the
 * placemat's spaces follow the card). The composition scales as a whole by one
 * factor, the smaller of the two ratios of the safe areas (the card less its
 * safe margins), so circles stay round and nothing stretches one way only. On
 * each axis an element is anchored (its "anchor:", else found from where it
 * lies): one that spans the card, or runs from the trim past the middle, or a
 * text box or frame from margin to margin, stretches with it (its insets
 * scaled); one at the safe margin keeps its distance to that edge; three or more
 * alike in a row spread; one next to a corner element (same column or row,
 * within 3.5 mm) moves with that corner; the rest form groups of elements within
 * 3.5 mm of each other, and a group reaching the middle stays centred, any other
 * keeps its distance to the nearer edge, every member moved alike; what lies in
 * a filled rect or ellipse or a text's box moves with it. Font sizes (never
 * under 6 pt when they were at least that), strokes and radii scale by the
 * factor; a rect at least 1 mm thick stays so; percents follow the card;
 * lengths written "4mm!" stay.
 * The layout is checked by the caller (template_check_layout). */
void template_resize(struct template *t, double w, double h);

/* Give a card-sized template t (a "size:" and maybe "cells:" rows: a quick
 * reference) the card size w x h mm: its whole-card elements resized as
 * template_resize resizes a card's (the header band that spans the card still
 * spans it), and the top of its cells, when it has them, as far under the
 * header as at the design size, that gap scaled; the rows' own size and
 * elements are the caller's (they depend on how many there are: template_resize
 * on the cells, as wide as the card less their side margins). Returns the factor
 * from the size as written (size_w x size_h) to w x h. */
double template_resize_card(struct template *t, double w, double h);
/* The rows a card-sized template's cells name themselves: the largest N of an
 * "if: row=N" condition of a cell element (0: none; the builder gives them). */
int template_cell_rows(const struct template *t);

/* Whether box b lies in holder h whose box is hb (boxes x y w h, mm, within
 * tol): in hb, and for an ellipse with b's centre inside the ellipse. */
bool template_lies_in(const struct tpl_elem *h, const double hb[4], const double b[4], double tol);

/* Look for the images t names beside pack_file too (after t's own folder). The
 * string is copied. */
void template_set_pack(struct template *t, const char *pack_file);

/* Warn, at the element, about text or an image that leaves the safe area (the
 * template's, at least LOOK_TEXT_SAFE_MM), a thin shape within LOOK_THIN_SAFE_MM
 * of the trim or a shape's edge within LOOK_EDGE_MM of it, text under
 * LOOK_MIN_TEXT_PT, and on a double-ended card about one that overlaps the
 * turned copy of another; once per element however often it is called. After a
 * resize, an error at the element when text or a shape leaves what it lies in
 * at the design size (e->inside), or a shape shrinks to nothing. Sizes named are
 * t's present size. Returns the number of errors. The build calls it once the
 * pack's size is applied (template_load does not). */
int template_check_layout(struct template *t);

/* Give t's palette the colours a pack sets: for each name of t's palette that
 * lookup(user, name) gives a colour for ("#rrggbb", already checked), that colour
 * replaces the template's, in every element, the background and the maps that
 * use the name. */
void template_recolour(struct template *t, const char *(*lookup)(const void *user, const char *name),
		       const void *user);

/* The value maps[map][key] of t (or its "*" entry), NULL when there is none. */
const char *tpl_map_lookup(const struct template *t, const char *map, const char *key);

/* Find a template: path as written in a pack (NULL = templates/DEFNAME), looked for
 * relative to the pack file's folder, then its parent folder, then the current
 * folder, then each data folder of datapath_dirs() (datapath.h), the path as written
 * and then by file name. Returns a new
 * string (caller frees) or NULL when none exists (nothing reported). */
char *template_find(const char *pack_file, const char *path, const char *defname);

/* Check the Pango markup of a text element's text: it parses, holds no {field}
 * inside a tag, and every size, rise, spacing and scale it sets is within the
 * 500 mm text limit (scales 1/8..8). Reports at loc; returns 0, or 1 on a problem. */
int template_check_markup(const char *text, const struct loc *loc);

/* Parse a length ("12mm", "0.5in", "10pt", "40%", "40%+2mm", 12 = mm); -1 if malformed.
 * allow_pct: whether % is accepted. */
int tpl_parse_len(const char *s, bool allow_pct, struct tpl_len *out);
/* Parse a fixed colour (#rgb, #rrggbb, #rrggbbaa, a name, none); -1 if unknown. */
int tpl_parse_color(const char *s, struct tpl_color *out);
/* The colour name closest to s (a misspelling), or NULL. */
const char *tpl_color_closest(const char *s);

/* Named paper and card sizes, in mm; -1 if unknown. */
int paper_size(const char *name, double *w, double *h);
int card_size(const char *name, double *w, double *h);

#endif
