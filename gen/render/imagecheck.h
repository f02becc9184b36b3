/* imagecheck.h: what an image file would cost, read before anything decodes it.
 * Raster headers (PNG IHDR, JPEG SOF) give the pixels a decoder would allocate;
 * the SVG fence parses an SVG with libxml2 (no network, no entity loading, no
 * XInclude) and refuses what librsvg must never see: XInclude, external or
 * nested entities, stylesheets from files, references out of the image's folder,
 * rasters (files or data: URLs) over the pixel limit, deep or huge trees and
 * filters that would work on huge areas. Pure: no Cairo, no librsvg. */
#ifndef RAILYARD_IMAGECHECK_H
#define RAILYARD_IMAGECHECK_H

#include <stddef.h>
#include <stdint.h>

enum img_format { IMG_UNKNOWN, IMG_PNG, IMG_JPEG, IMG_OTHER };

/* The raster format data declares and its size in pixels (0 x 0 when the
 * header is damaged or, for JPEG, has no frame header). Reads at most n bytes. */
enum img_format imgcheck_header(const unsigned char *data, size_t n, uint32_t *w, uint32_t *h);

#define SVG_MAX_ELEMS   100000   /* elements of one SVG (and the SVGs it names) */
#define SVG_MAX_DEPTH   64       /* nesting of elements */
#define SVG_MAX_NEST    3        /* SVGs naming SVGs naming SVGs */
#define SVG_FILTER_PIXELS 16e6   /* a filtered SVG's area, and a filter region's */

/* What the fence found in an SVG it let through. */
struct svg_facts {
	long elems;
	long filters;          /* filter primitives (feGaussianBlur, ...) */
	unsigned filter_line;  /* the first one's line */
	double rasters;        /* pixels of every raster it names, summed */
};

/* Check the SVG text data[0..len) of the file at path (references are resolved
 * beside it under the trust rule; NULL: none may name a file). max_pixels bounds
 * each raster it names. Returns 0, or -1 with the reason (and its line) in why. */
int imgcheck_svg(const char *data, size_t len, const char *path, double max_pixels,
		 struct svg_facts *out, char *why, size_t n);

#endif
