/* buildctx.h: the build context every module of the build shares. A command
 * (trains_build.c for the trains, deck_build.c for the other games) fills a
 * struct build_ctx: the options, the items and a fields callback per item;
 * pipeline.h's build_run writes the set from it. */
#ifndef RAILYARD_BUILDCTX_H
#define RAILYARD_BUILDCTX_H

#include <stdbool.h>
#include <stddef.h>

#include "buildopts.h"
#include "draw.h"
#include "template.h"
#include "util.h"

/* What the build's steps cost, for its whole ETA (progress_plan), in ms on
 * the machine pdfx.h's PDFX_MS_* were measured on: an item's page drawn into
 * a PDF, an item's edge check, an item imposed on sheets, written as an SVG,
 * as a PNG (on the threads, beside the rest). */
#define MS_PAGE 2.0
#define MS_EDGE 3.0
#define MS_SHEET 7.0
#define MS_SVG 12.0
#define MS_PNG 6.0

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

/* The paper being written: the large item's (placemat, board) while one is,
 * else --paper's, else a4. */
const char *build_paper(const struct build_ctx *c);
/* --preset press: every component is its own single-page file with bleed (the
 * games' extra callbacks ask this: placemat, board and setup untiled, the quick
 * reference and each token alone). */
bool build_press(const struct build_ctx *c);

#endif
