/* pngenc.h: PNG files of Cairo images, encoded in memory (pngenc.c). */
#ifndef RAILYARD_PNGENC_H
#define RAILYARD_PNGENC_H

#include <cairo.h>
#include <stdbool.h>
#include <stddef.h>

/* A growing byte buffer; the caller frees data. */
struct png_buf {
	unsigned char *data;
	size_t len, cap;
};

/* Append the PNG file of the RGB24 image surface s to out: 8-bit RGB, sRGB with
 * gAMA and cHRM, pHYs of dpi when dpi > 0. The same image always gives the same
 * bytes. With scratch, s's pixels may be overwritten (the caller paints it anew
 * or destroys it), which saves a copy of the image. Thread-safe. */
void png_encode(cairo_surface_t *s, double dpi, bool scratch, struct png_buf *out);

#endif
