/* pipeline.h: one build pipeline for every game. A command (trains_build.c for the trains,
 * kit_build.c for the other games) fills a struct build_ctx: the outputs, the
 * paper, margin and duplex, the items and a fields callback per item; build_run
 * writes faces.pdf, back.pdf, the imposed sheets, the single SVG and PNG files,
 * the game's own files (extra callback) and the manifest, in a staging folder
 * beside PARENT/PACK that is then swapped in whole. */
#ifndef RAILYARD_PIPELINE_H
#define RAILYARD_PIPELINE_H

#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>

#include "data.h"
#include "draw.h"
#include "impose.h"
#include "opt.h"
#include "output.h"
#include "template.h"
#include "util.h"

/* --only names: bit i is build_out_names[i]. A name a game has nothing for writes
 * nothing. The backs go with faces (back.pdf), svg and png. */
enum {
	BO_FACES = 1, BO_SHEETS = 2, BO_PLACEMAT = 4, BO_REFERENCE = 8, BO_SVG = 16, BO_PNG = 32,
	BO_TOKENS = 64, BO_BOARD = 128, BO_SETUP = 256, BO_CONTACT = 512, BO_ALL = 1023
};
extern const char *const build_out_names[10];
/* The values of --duplex (enum duplex), --layout (enum sheet_layout), --preset
 * (enum preset) and --colour (rgb, cmyk), NULL-ended. */
extern const char *const build_duplexes[4];
extern const char *const build_layouts[4];
extern const char *const build_presets[6];
extern const char *const build_colours[3];

/* The options every game's build takes (opt.h's rows), to be among the rows
 * of each game's build table. */
extern const struct opt build_options[];

/* The getopt value of --numbers (trains_build.c's own option; build_parse hands it to
 * other). */
enum { BUILD_OPT_CARDS = 2000 };

enum preset { PRESET_HOME, PRESET_TGC, PRESET_MPC, PRESET_DRIVETHRU, PRESET_PRESS };

/* --layout: how the sheets lay items out (impose.c): butted when every item's
 * edges allow it, butted, or each item with its own bleed. */
enum sheet_layout { LAYOUT_AUTO, LAYOUT_BUTTED, LAYOUT_GUTTER };

/* --colour: the PDFs as Cairo draws them, or converted to CMYK PDF/X-1a (pdfx.h). */
enum colour { COLOUR_DEFAULT, COLOUR_RGB, COLOUR_CMYK };

/* The options every build shares (parsed by build_option). */
/* The PNG threads' canvases together hold at most this much memory (one
 * canvas, however large, may always be drawn): more --jobs draw more small
 * items at once, never more large canvases than fit. */
#define PNG_CANVAS_MB 512

struct build_opts {
	const char *parent;      /* -o: the set goes to PARENT/PACK (default out) */
	int only;                /* BO_* mask */
	const char *paper;       /* NULL: sheets on a4 and letter, the rest on a4 */
	const char *papers[3];   /* --paper's list (paper is its first) */
	int npapers;
	double margin;           /* printable margin of the paper, mm */
	enum duplex duplex;
	enum sheet_layout layout;
	double bleed;            /* mm, or -1: the templates' */
	enum preset preset;
	enum colour colour;      /* COLOUR_DEFAULT: the preset's (cmyk for drivethru, press) */
	const char *icc;         /* --icc: the CMYK output profile (NULL: pdfx.h's default) */
	double max_ink;          /* --max-ink, percent (0: the preset's, 240 or 300) */
	bool proof;              /* --proof: soft-proof PNGs of every CMYK PDF */
	int jobs;                /* PNG worker threads (0: the cores) */
	bool force;              /* build a pack check finds unsound */
	long max_items;          /* --max-items: at most this many printed items */
	double max_pixels;       /* --max-pixels, --max-total-pixels (image.h), in pixels */
	double max_total_pixels;
	double max_seconds;      /* --max-seconds, --max-item-seconds (0: budget.h's) */
	double max_item_seconds;
	bool quiet;              /* -q: no summary line */
	bool preview;            /* into PARENT/PACK.preview/: --preview, --watch, contact
				    alone, --numbers; the set in PARENT/PACK stays */
	bool unsound;            /* set by build_check_sound: unsound, built with --force;
				    every item gets the "unchecked" mark */
};

/* Defaults: only everything, margin 6 mm, long-edge duplex, template bleed. */
void build_opts_init(struct build_opts *o);

/* Parse build's options (argv[0] is the command) into o, printing usage (the
 * game's table, build_options among its rows) for --help. Options build_option does not know
 * go to other (NULL: bad usage), which returns -1 to go on or an exit status.
 * Returns -1 when the build should go on (argv[optind] is the pack file), else
 * the exit status to return now. */
struct opt_table;
int build_parse(int argc, char **argv, struct build_opts *o, const struct opt_table *usage,
		int (*other)(void *user, int c, char *arg), void *user);

/* ---- The input half, the same for every game: what a build reads and checks
 * before anything is written. ---- */

/* The template a build draws what with ("face", "back", "placemat"): the one the
 * pack names (as_written, at loc) or else the game's default (defname); looked
 * for beside the pack file, in its parent folder, the current folder, the
 * RAILYARD_PATH folders and the installed templates; read only from a trusted
 * folder (trust.h); every font it names present in dr. cells: it must have
 * 'cells' (one per space, ability or token), else a 'size'. Caller frees with
 * template_free; NULL after reporting. */
struct template *build_template(struct drawer *dr, const char *pack_file, const char *as_written,
				const struct loc *loc, const char *defname, const char *what, bool cells);

/* Bounded work and memory: n printed items (every copy counted; what: "cards",
 * "components") within --max-items, else reported at `at` (NULL: none). 0 or -1. */
int build_check_items(const struct build_opts *o, double n, const char *what, const struct loc *at);

/* A pack `railyard check` finds errors (> 0) in is not built, unless --force (a
 * prototype: then a warning, and o->unsound set); errors -1 (a file the check needs refused or
 * missing, reported) is bad input. Returns EXIT_OK, or EXIT_RULE or EXIT_INPUT
 * after reporting. */
int build_check_sound(struct build_opts *o, const char *pack_file, int errors);

/* Which of the home set's files (BO_* mask) the build writes: --only's at home,
 * none for a preset (its files are the service's own). */
int build_home_outputs(const struct build_opts *o);

/* Fit the item templates t[0..n-1] (NULL entries and 'cells' templates skipped)
 * to the pack and the options: the pack's `size:` (cd), its folder for images
 * (pack_file), the bleed of --bleed or the preset; then, when PNG files are
 * written, each within the pixel limits at 300 dpi, named "the back" when it is
 * back, else item ("a card"). Every 'cells' template gets the pack's folder too.
 * Returns 0, or -1 after reporting. */
int build_fit(const struct build_opts *o, const struct card_data *cd, const char *pack_file,
	      struct template *const *t, size_t n, const struct template *back, const char *item);

struct build_ctx;

/* How a game describes its items. Items are the physical components 0..count-1 in
 * print order (copies repeated). Every callback may be called from several threads
 * at once with different f: it must only read user. */
struct build_items {
	long count;
	const struct template *const *faces;  /* the distinct face templates */
	size_t nfaces;
	const char *const *face_names;        /* sheets-NAME-PAPER.pdf when nfaces > 1 */
	const struct template *back;          /* NULL: no backs */
	size_t (*face_of)(void *user, long i);          /* index into faces */
	void (*fields)(void *user, long i, struct fields *f);
	/* Page label of item i, or (who) its name in messages. */
	void (*label)(void *user, long i, bool who, char *buf, size_t n);
	/* Item i's own SVG/PNG file: returns how many physical items it stands for
	 * and writes its base name ("card-001"), or returns 0 for none. unique: one
	 * file per distinct face (copies counted), else the game's usual files. */
	long (*single)(void *user, long i, bool unique, char *name, size_t n);
	/* Back fields (pack, title). */
	void (*back_fields)(void *user, struct fields *f);
	/* The game's own files (placemat, reference, board...), for c->opts.only. */
	int (*extra)(struct build_ctx *c, void *user);
	/* manifest.csv: the header and one row per item or face. */
	void (*manifest)(const struct build_ctx *c, void *user, struct buf *csv);
	void *user;
};

struct build_ctx {
	struct build_opts opts;
	const char *id;           /* pack id: names the folder */
	struct drawer *dr;        /* the main thread's drawer */
	struct build_items it;
	/* set by build_run */
	char *dir, *stage;        /* the final folder, the staging folder beside it */
	char **files;             /* relative paths written, in order */
	size_t nfiles, capfiles;
	bool report;              /* report text overflows on the next pass */
	const char *large_paper;  /* the paper of the large items being written */
	bool paper_suffix;        /* their names end in -PAPER (--paper a4,letter) */
	long pages;
	/* the state of one build_run (a --watch rebuild starts afresh) */
	int lock_fd;              /* the set's lock file, held to the end, or -1 */
	struct sheet_seen {       /* the sheets written so far, one entry per layout,
				     count and paper, for the summary line: "sheets
				     butted, 9 a page on a4, 8 on letter" */
		const char *paper;
		int n;
		bool butted;
	} sheets_seen[8];
	int nsheets_seen;
	signed char *seam_known;  /* per face template: 0 not looked at, 1 no, 2 seamless,
				     3 no and said so */
};

/* Write the output set: returns an exit status (0, or 3 after reporting). */
int build_run(struct build_ctx *c);

/* The staging path of a file of the set (rel: "placemat.pdf", "svg/board.svg"),
 * registered in files.txt, its folder created. Caller frees. NULL after reporting. */
char *build_path(struct build_ctx *c, const char *rel);

/* rel (a PDF): one large item drawn from t (a cells template: rows x cols
 * spaces) tiled across pages of the build's paper (impose_tiles), the seams in
 * the gaps between spaces. Returns 0 or -1 after reporting. */
int build_tiled(struct build_ctx *c, const char *rel, const struct template *t, int rows, int cols,
		item_draw_fn draw, void *user);
/* The pages build_tiled would print the same item on. */
int build_tiled_pages(const struct build_ctx *c, const struct template *t, int rows, int cols);

/* The two papers of the sheets (the --paper one or a4 and letter) and the one of
 * the other files. */
const char *build_paper(const struct build_ctx *c);

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
/* --preset press: every component is its own single-page file with bleed (the
 * games' extra callbacks ask this: placemat, board and setup untiled, the quick
 * reference and each token alone). */
bool build_press(const struct build_ctx *c);
/* Tokens drawn from t (a `cells:` template, a cell per token) with f (each cell
 * gets token, number; a home sheet sheet and sheet-note): count of them on
 * cut-out sheets of the build's paper (tokens-PAPER.pdf), or under --preset
 * press one token with bleed (tokens-NAME.pdf). label names them. 0, or -1
 * after reporting. */
int build_tokens(struct build_ctx *c, const char *name, const char *label, const struct template *t,
		 long count, struct fields *f);

#endif
