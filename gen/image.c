/* image.c: PNG and SVG files -> cached Cairo surfaces, painted into boxes. */
#include "image.h"

#include <errno.h>
#include <librsvg/rsvg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util.h"
#include "watch.h"

struct image {
	char *key;                 /* bases[0] "\n" rel */
	cairo_surface_t *surface;  /* NULL: could not be loaded (reported) */
	RsvgHandle *svg;           /* an SVG's handle, drawn afresh onto SVG files */
	double w, h;
};

struct image_cache {
	struct image *v;
	size_t n, cap;
};

struct image_cache *image_cache_new(void)
{
	return xcalloc(1, sizeof(struct image_cache));
}

void image_cache_free(struct image_cache *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < c->n; i++) {
		free(c->v[i].key);
		if (c->v[i].surface)
			cairo_surface_destroy(c->v[i].surface);
		if (c->v[i].svg)
			g_object_unref(c->v[i].svg);
	}
	free(c->v);
	free(c);
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n >= m && strcasecmp(s + n - m, suffix) == 0;
}

/* A PNG read from memory, for cairo_image_surface_create_from_png_stream. */
struct png_mem {
	const unsigned char *p;
	size_t len, at;
};

static cairo_status_t png_read(void *closure, unsigned char *data, unsigned int len)
{
	struct png_mem *m = closure;
	if (len > m->len - m->at)
		return CAIRO_STATUS_READ_ERROR;
	memcpy(data, m->p + m->at, len);
	m->at += len;
	return CAIRO_STATUS_SUCCESS;
}

static uint32_t be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* Load a PNG; its size is checked from the header before any pixel is allocated. */
static const char *load_png(struct image *im, const char *data, size_t len)
{
	static const unsigned char sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
	const unsigned char *u = (const unsigned char *)data;
	if (len < 24 || memcmp(u, sig, 8) != 0 || memcmp(u + 12, "IHDR", 4) != 0)
		return "not a PNG file";
	uint32_t w = be32(u + 16), h = be32(u + 20);
	if (w == 0 || h == 0 || w > IMAGE_MAX_SIDE || h > IMAGE_MAX_SIDE)
		return "a PNG larger than 20000 pixels a side";
	struct png_mem m = {u, len, 0};
	cairo_surface_t *s = cairo_image_surface_create_from_png_stream(png_read, &m);
	if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
		cairo_surface_destroy(s);
		return "a damaged PNG file";
	}
	im->surface = s;
	im->w = cairo_image_surface_get_width(s);
	im->h = cairo_image_surface_get_height(s);
	return NULL;
}

/* The size an SVG asks for: width and height in absolute units, else its viewBox. */
static bool svg_size(RsvgHandle *h, double *w, double *hh)
{
	if (rsvg_handle_get_intrinsic_size_in_pixels(h, w, hh) && *w > 0 && *hh > 0)
		return true;
	gboolean has_w, has_h, has_vb;
	RsvgLength lw, lh;
	RsvgRectangle vb;
	rsvg_handle_get_intrinsic_dimensions(h, &has_w, &lw, &has_h, &lh, &has_vb, &vb);
	if (has_vb && vb.width > 0 && vb.height > 0) {
		*w = vb.width;
		*hh = vb.height;
		return true;
	}
	return false;
}

/* Load an SVG and record its drawing once, as vectors. */
static const char *load_svg(struct image *im, const char *data, size_t len, const char *path,
			    char *msg, size_t msgsize)
{
	GError *err = NULL;
	GFile *base = g_file_new_for_path(path);
	GInputStream *in = g_memory_input_stream_new_from_data(data, (gssize)len, NULL);
	RsvgHandle *h = rsvg_handle_new_from_stream_sync(in, base, RSVG_HANDLE_FLAGS_NONE, NULL, &err);
	g_object_unref(in);
	g_object_unref(base);
	if (!h) {
		snprintf(msg, msgsize, "not an SVG librsvg can read (%s)", err ? err->message : "?");
		if (err)
			g_error_free(err);
		return msg;
	}
	double w = 0, hh = 0;
	if (!svg_size(h, &w, &hh)) {
		g_object_unref(h);
		return "an SVG with neither a width and height nor a viewBox";
	}
	if (w > IMAGE_MAX_SIDE || hh > IMAGE_MAX_SIDE) {
		g_object_unref(h);
		return "an SVG larger than 20000 px a side";
	}
	cairo_rectangle_t ext = {0, 0, w, hh};
	cairo_surface_t *rec = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &ext);
	cairo_t *cr = cairo_create(rec);
	RsvgRectangle vp = {0, 0, w, hh};
	gboolean ok = rsvg_handle_render_document(h, cr, &vp, &err);
	cairo_destroy(cr);
	if (!ok) {
		g_object_unref(h);
		snprintf(msg, msgsize, "librsvg could not draw it (%s)", err ? err->message : "?");
		if (err)
			g_error_free(err);
		cairo_surface_destroy(rec);
		return msg;
	}
	im->surface = rec;
	im->svg = h;
	im->w = w;
	im->h = hh;
	return NULL;
}

const struct image *image_find(struct image_cache *c, const char *const *bases, size_t nbases,
			       const char *rel, const struct loc *loc)
{
	char *key = xasprintf("%s\n%s", nbases ? bases[0] : "", rel);
	for (size_t i = 0; i < c->n; i++)
		if (strcmp(c->v[i].key, key) == 0) {
			free(key);
			return c->v[i].surface ? &c->v[i] : NULL;
		}
	c->v = xgrow(c->v, &c->cap, c->n + 1, sizeof *c->v);
	struct image *im = &c->v[c->n++];
	*im = (struct image){.key = key};
	const char *why = "no folder to look in";
	char *path = NULL;
	for (size_t i = 0; i < nbases && !path; i++)
		if (bases[i])
			path = path_inside(bases[i], rel, &why);
	if (!path) {
		diag(SEV_ERROR, loc, "image '%s': %s", rel, why);
		return NULL;
	}
	size_t len = 0;
	watch_note(path);
	char *data = read_file(path, IMAGE_MAX_BYTES, &len);
	char msg[300];
	const char *bad = NULL;
	if (!data)
		bad = errno == EFBIG ? "larger than 32 MB" : strerror(errno);
	else if (ends_with(path, ".png"))
		bad = load_png(im, data, len);
	else if (ends_with(path, ".svg"))
		bad = load_svg(im, data, len, path, msg, sizeof msg);
	else
		bad = "not a .png or .svg file";
	if (bad)
		diag(SEV_ERROR, loc, "image '%s': %s", path, bad);
	free(data);
	free(path);
	return im->surface ? im : NULL;
}

void image_size(const struct image *im, double *w, double *h)
{
	*w = im->w;
	*h = im->h;
}

void image_paint(cairo_t *cr, const struct image *im, double x, double y, double w, double h,
		 enum tpl_fit fit, double opacity)
{
	if (w <= 0 || h <= 0 || im->w <= 0 || im->h <= 0)
		return;
	double sx = w / im->w, sy = h / im->h;
	if (fit == FIT_CONTAIN)
		sx = sy = sx < sy ? sx : sy;
	else if (fit == FIT_COVER)
		sx = sy = sx > sy ? sx : sy;
	cairo_save(cr);
	cairo_rectangle(cr, x, y, w, h);
	cairo_clip(cr);
	cairo_translate(cr, x + (w - im->w * sx) / 2, y + (h - im->h * sy) / 2);
	cairo_scale(cr, sx, sy);
	/* An SVG file gets the drawing itself: cairo 1.16's SVG surface leaks a
	 * recording surface painted as a source (one file per card: nothing to share). */
	if (im->svg && cairo_surface_get_type(cairo_get_target(cr)) == CAIRO_SURFACE_TYPE_SVG) {
		RsvgRectangle vp = {0, 0, im->w, im->h};
		if (opacity < 1)
			cairo_push_group(cr);
		rsvg_handle_render_document(im->svg, cr, &vp, NULL);
		if (opacity < 1) {
			cairo_pop_group_to_source(cr);
			cairo_paint_with_alpha(cr, opacity);
		}
		cairo_restore(cr);
		return;
	}
	cairo_set_source_surface(cr, im->surface, 0, 0);
	if (cairo_surface_get_type(im->surface) == CAIRO_SURFACE_TYPE_IMAGE)
		cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD);
	if (opacity >= 1)
		cairo_paint(cr);
	else
		cairo_paint_with_alpha(cr, opacity);
	cairo_restore(cr);
}
