/* output.h: the one way railyard creates an output file.
 *
 * Every file is written to a temporary file beside its final name, created with an
 * unpredictable name, exclusively and never through a symbolic link, removed if
 * the process is interrupted (SIGINT, SIGTERM, SIGHUP), then flushed, synced and
 * renamed into place. A symbolic link at the final name is refused, never
 * followed, so a planted link cannot redirect a write outside the output folder. */
#ifndef RAILYARD_OUTPUT_H
#define RAILYARD_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include <cairo.h>

struct out_tmp {
	FILE *f;     /* the temporary file, open for reading and writing */
	char *path;  /* the final path */
	char *tmp;   /* the temporary file's path */
	int slot;    /* its place in the clean-up list, or -1 */
};

/* Create the temporary file for dir/final_name (dir NULL: final_name is the whole
 * path). Returns 0, or -1 after reporting (e.g. the folder is not writable, with
 * the reason, or the final name is a symbolic link); t is then empty. */
int out_tmp_open(const char *dir, const char *final_name, struct out_tmp *t);

/* Flush, sync, close and rename over the final path. Returns 0, or -1 after
 * reporting with the reason; the temporary file is removed either way. */
int out_tmp_commit(struct out_tmp *t);

/* Close and remove the temporary file; the final path is untouched. Accepts an
 * empty or already finished t. */
void out_tmp_abort(struct out_tmp *t);

/* Write data to path atomically through out_tmp_open: a temporary file in the
 * same folder, synced, then renamed over path. Returns 0, or -1 after reporting
 * the reason, with errno set and nothing left behind. */
int write_file_atomic(const char *path, const void *data, size_t len);

/* ---- limits of a build, checked before anything is written ---- */

#define OUT_MAX_ITEMS     10000L       /* printed items per build, by default */
#define OUT_MAX_ITEMS_CAP 1000000000L  /* the most --max-items allows */
#define OUT_PNG_MAX_PIXELS 100000000L  /* pixels of one PNG (and 32767 a side) */

struct loc;

/* --max-items N: 0 and *max set, or -1 after reporting. */
int out_parse_max_items(const char *arg, long *max);

/* Whether a PNG of w x h mm (trim) plus bleed at dpi stays within the pixel
 * limits; else reports at loc (what names the item) and returns -1. */
int out_check_png(double w, double h, double bleed, double dpi, const struct loc *loc,
		  const char *what);

/* ---- writers (draw.h draws, these write) ---- */

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
