/* pngjobs.h: the PNG files of a build and contact.png, drawn on worker threads
 * beside this thread's other outputs, each thread with its own drawer and a
 * canvas from one memory budget. */
#ifndef RAILYARD_PNGJOBS_H
#define RAILYARD_PNGJOBS_H

#include <pthread.h>
#include <stdbool.h>

#include "buildctx.h"
#include "itemdraw.h"
#include "util.h"

/* The PNG threads' canvases together hold at most this much memory (one
 * canvas, however large, may always be drawn): more --jobs draw more small
 * items at once, never more large canvases than fit. */
#define PNG_CANVAS_MB 512

/* One image to write, and one PNG thread (pngjobs.c). */
struct png_job;
struct png_thread;

/* The images of a build and the threads writing them. Background threads start
 * early (pngjobs_begin) and write while this thread writes the PDF and SVG files;
 * this thread joins them when it is done (pngjobs_end). */
struct png_pool {
	struct build_ctx *c;
	struct png_job *jobs;
	long n, next, done;
	double dpi;
	pthread_mutex_t mu;
	long failed;          /* the job that failed first, or -1 */
	int err;              /* its errno */
	bool stop;            /* another output failed: take no more jobs */
	bool shown;           /* the png step's progress is on screen */
	pthread_t *th;
	struct png_thread *pt;
	int nt, made, started;
	struct buf q;         /* quantities.csv */
	bool quantities;
	/* The PNG canvases the threads hold, in bytes, against PNG_CANVAS_MB (one
	 * canvas may always be had, however large): memory does not grow with
	 * --jobs. canvas_cv: a canvas was given back. */
	double canvas;
	pthread_cond_t canvas_cv;
};

/* png/NAME.png for each single, and png/back.png (with quantities, quantities.csv
 * in pngjobs_end); contact.png too when contact. Starts writing them on the worker
 * threads. Returns 0, or -1 after reporting (pngjobs_end still frees). */
int pngjobs_begin(struct build_ctx *c, struct worker *w, struct png_pool *p, bool unique,
		  double dpi, bool quantities, bool contact);

/* This thread writes the images left (unless rc, the other outputs' result, is
 * a failure: then the threads stop), joins the threads, frees the pool. Returns
 * 0, or -1 after reporting. */
int pngjobs_end(struct build_ctx *c, struct png_pool *p, int rc);

/* contact.png alone, on this thread (no PNG files in the build). 0, or -1
 * after reporting. */
int pngjobs_contact(struct build_ctx *c, struct worker *w);

#endif
