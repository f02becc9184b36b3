/* image.h: pictures placed by templates (PNG through Cairo, SVG through librsvg).
 * Each file is read once per build and kept: a PNG as one image surface, an SVG
 * as one recording surface of its vector drawing, so every card that shows it
 * paints the same surface and a PDF embeds it once; the PNG threads share the
 * cache, so memory does not grow with --jobs. Before anything is decoded, a PNG's
 * header and an SVG's fence (imagecheck.h) bound its pixels: per image and per
 * build (every distinct image, the rasters an SVG names included). */
#ifndef RAILYARD_IMAGE_H
#define RAILYARD_IMAGE_H

#include <cairo.h>

#include "diag.h"
#include "template.h"

#define IMAGE_MAX_BYTES (32u << 20)  /* one image file */
#define IMAGE_MAX_PIXELS 50e6        /* decoded pixels of one image (--max-pixels) */
#define IMAGE_MAX_TOTAL  100e6       /* of every image of a build (--max-total-pixels) */
#define IMAGE_SVG_SECONDS 3          /* to draw one SVG (in a child process) */
#define IMAGE_SVG_MB      300        /* of memory it may add there */

/* The sandbox's work "svg" (sandbox.h), in a child process: parse the SVG
 * data (relative references beside path), draw it as load_svg will and replay
 * the drawing onto pixels; 0, or 1 with the reason in why. */
int image_probe_svg(const char *path, const void *data, size_t len, char *why, size_t n);

/* The sandbox's work "svg-out": draw the SVG data onto an SVG surface as
 * image_paint will for an SVG file (arg: the clip's size, the matrix, whether
 * in a group, then the file's path); 0, or 1 with the reason in why. */
int image_probe_svg_out(const char *arg, const void *data, size_t len, char *why, size_t n);

/* The limits, in pixels, for the images loaded from now on. */
void image_set_limits(double per_image, double per_build);

struct image;
struct image_cache;

/* Caller frees with image_cache_free (which frees every image it returned once
 * the last sharer has freed it). The cache is thread-safe. */
struct image_cache *image_cache_new(void);
/* c again, for another thread's drawer; free it with image_cache_free too. */
struct image_cache *image_cache_share(struct image_cache *c);
void image_cache_free(struct image_cache *c);

/* The picture rel names, resolved beside bases[0], else bases[1], ... under the
 * trust rule (path_inside): loaded on first use and kept. On failure, reports
 * once at loc (later calls for the same rel return NULL quietly) and returns
 * NULL. */
const struct image *image_find(struct image_cache *c, const char *const *bases, size_t nbases,
			       const char *rel, const struct loc *loc);

/* Paint im into the box [x, y, w, h] (user units) as fit says, at opacity 0..1:
 * contain shows all of it centred, cover fills the box and clips the rest,
 * stretch fills the box exactly. Onto an SVG file, an SVG is drawn by librsvg
 * at the card's scale: first in a child, under the limits of its first draw,
 * for each size and place; a refusal is reported at loc (once) and nothing is
 * painted. */
void image_paint(cairo_t *cr, const struct image *im, double x, double y, double w, double h,
		 enum tpl_fit fit, double opacity, const struct loc *loc);

/* How many paints image_paint has refused so far (process-wide, only ever
 * growing): a writer compares it before and after a file, and fails it. */
unsigned long image_refusals(void);

#endif
