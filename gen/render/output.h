/* output.h: the one way railyard creates an output file.
 *
 * Every file is written to a temporary file beside its final name, created with an
 * unpredictable name, exclusively and never through a symbolic link, removed if
 * the process is interrupted (SIGINT, SIGTERM, SIGHUP), then flushed, synced and
 * renamed into place. A symbolic link at the final name is refused, never
 * followed, so a planted link cannot redirect a write outside the output folder. */
#ifndef RAILYARD_OUTPUT_H
#define RAILYARD_OUTPUT_H

#include <stddef.h>
#include <stdio.h>

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

#endif
