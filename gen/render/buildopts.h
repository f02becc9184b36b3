/* buildopts.h: the options every game's build takes (--only, --paper, --preset,
 * --colour, the limits ...), their values' names, and their parser. */
#ifndef RAILYARD_BUILDOPTS_H
#define RAILYARD_BUILDOPTS_H

#include <stdbool.h>

#include "impose.h"
#include "opt.h"

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

#endif
