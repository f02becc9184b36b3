/* image.c: PNG and SVG files -> cached Cairo surfaces, painted into boxes. */
#include "image.h"

#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <cairo-svg.h>
#include <librsvg/rsvg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "imagecheck.h"
#include "sandbox.h"
#include "util.h"
#include "watch.h"

/* The drawings of one SVG onto SVG files (at the card's scale, so filters work
 * on as many pixels as the card has, not as the image has): each size and
 * position first tried in a child (sandbox.h), keyed by what the child is
 * given. */
struct svg_out {
	pthread_mutex_t mu;        /* taken alone: no other lock is held with it */
	char *path, *data;         /* the file and its bytes, for the child */
	size_t len;
	struct svg_tried { char *arg; bool ok; } *v;
	size_t n, cap;
};

struct image {
	char *key;                 /* bases[0] "\n" rel */
	cairo_surface_t *surface;  /* NULL: could not be loaded (reported) */
	RsvgHandle *svg;           /* an SVG's handle, drawn afresh onto SVG files */
	double w, h;
	pthread_mutex_t *replay;   /* an SVG's recording surface replays under it */
	struct svg_out *out;       /* an SVG's drawings onto SVG files */
};

/* The locks, and their one order (checked by ThreadSanitizer: tests/tsan.sh):
 *   1. a cache's mu (image_find, share, free): held while a file is read,
 *      checked and first drawn in a child (sandbox_run, which takes no lock
 *      but its pthread_once); under it, only the leaf locks below.
 *   2. an SVG's replay (image_paint, a PNG thread painting its recording) and
 *      its out->mu (image_paint onto an SVG file, through a child's draw): each
 *      taken alone, never with 1 or with each other.
 *   3. leaves, taken last and held briefly: watch.c's list of inputs
 *      (watch_note), glog.c's captured library messages, cairo's and librsvg's
 *      own. No code holding a leaf calls back into this file.
 * A thread never waits for a child while a leaf is held, and a child is a new
 * process (no fork), so no lock is ever copied held. */

/* One cache per build, shared by the PNG threads: each file is read once. */
struct image_cache {
	struct image **v;          /* stable: threads keep the pointers */
	size_t n, cap;
	pthread_mutex_t mu;
	double pixels;             /* decoded so far, against the build's limit */
	int refs;
};

static atomic_ulong refusals;   /* drawings onto SVG files refused */

unsigned long image_refusals(void)
{
	return atomic_load(&refusals);
}

static double lim_pixels = IMAGE_MAX_PIXELS, lim_total = IMAGE_MAX_TOTAL;

void image_set_limits(double per_image, double per_build)
{
	lim_pixels = per_image;
	lim_total = per_build;
}

struct image_cache *image_cache_new(void)
{
	struct image_cache *c = xcalloc(1, sizeof(struct image_cache));
	pthread_mutex_init(&c->mu, NULL);
	c->refs = 1;
	return c;
}

struct image_cache *image_cache_share(struct image_cache *c)
{
	pthread_mutex_lock(&c->mu);
	c->refs++;
	pthread_mutex_unlock(&c->mu);
	return c;
}

void image_cache_free(struct image_cache *c)
{
	if (!c)
		return;
	pthread_mutex_lock(&c->mu);
	int left = --c->refs;
	pthread_mutex_unlock(&c->mu);
	if (left > 0)
		return;
	for (size_t i = 0; i < c->n; i++) {
		struct image *im = c->v[i];
		free(im->key);
		if (im->surface)
			cairo_surface_destroy(im->surface);
		if (im->svg)
			g_object_unref(im->svg);
		if (im->replay) {
			pthread_mutex_destroy(im->replay);
			free(im->replay);
		}
		if (im->out) {
			pthread_mutex_destroy(&im->out->mu);
			for (size_t k = 0; k < im->out->n; k++)
				free(im->out->v[k].arg);
			free(im->out->v);
			free(im->out->path);
			free(im->out->data);
			free(im->out);
		}
		free(im);
	}
	pthread_mutex_destroy(&c->mu);
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

/* Whether px more pixels fit the limits; else the reason, in msg. */
static const char *within(const struct image_cache *c, double px, const char *what, char *msg,
			  size_t msgsize)
{
	if (px > lim_pixels)
		snprintf(msg, msgsize, "%s, %.1f million pixels decoded, more than the %.1f million an "
			 "image may have (--max-pixels N raises it)", what, px / 1e6, lim_pixels / 1e6);
	else if (c->pixels + px > lim_total)
		snprintf(msg, msgsize, "%s: with it the build's images would decode to %.1f million "
			 "pixels, more than the %.1f million a build may have (--max-total-pixels N "
			 "raises it)", what, (c->pixels + px) / 1e6, lim_total / 1e6);
	else
		return NULL;
	return msg;
}

/* Load a PNG; its area is checked from the header before any pixel is allocated. */
static const char *load_png(struct image_cache *c, struct image *im, const char *data, size_t len,
			    char *msg, size_t msgsize)
{
	uint32_t w, h;
	if (imgcheck_header((const unsigned char *)data, len, &w, &h) != IMG_PNG)
		return "not a PNG file";
	if (!w || !h)
		return "a damaged PNG file (no valid IHDR header)";
	char what[64];
	snprintf(what, sizeof what, "a PNG of %u x %u pixels", w, h);
	if (within(c, (double)w * h, what, msg, msgsize))
		return msg;
	struct png_mem m = {(const unsigned char *)data, len, 0};
	cairo_surface_t *s = cairo_image_surface_create_from_png_stream(png_read, &m);
	cairo_status_t st = cairo_surface_status(s);
	if (st != CAIRO_STATUS_SUCCESS) {
		cairo_surface_destroy(s);
		if (st == CAIRO_STATUS_NO_MEMORY)
			return "out of memory while decoding it";
		snprintf(msg, msgsize, "a damaged PNG file (%s)", cairo_status_to_string(st));
		return msg;
	}
	c->pixels += (double)w * h;
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

/* The SVG's size and what its fence found, against the limits. */
static const char *svg_within(const struct image_cache *c, const struct svg_facts *f, double w,
			      double h, char *msg, size_t msgsize)
{
	char what[96];
	snprintf(what, sizeof what, "an SVG of %.0f x %.0f px", w, h);
	if (within(c, w * h, what, msg, msgsize))
		return msg;
	if (f->filters && w * h > SVG_FILTER_PIXELS) {
		snprintf(msg, msgsize, "%s with filters (line %u): a filtered SVG may have at most %.0f "
			 "million pixels", what, f->filter_line, SVG_FILTER_PIXELS / 1e6);
		return msg;
	}
	snprintf(what, sizeof what, "the rasters this SVG names");
	return within(c, f->rasters, what, msg, msgsize);
}

/* The child's handle on the SVG data, its size in w, hh; NULL with the reason. */
static RsvgHandle *probe_open(const char *path, const void *data, size_t len, double *w, double *hh,
			      char *why, size_t n)
{
	GError *err = NULL;
	GFile *base = g_file_new_for_path(path);
	GInputStream *in = g_memory_input_stream_new_from_data(data, (gssize)len, NULL);
	RsvgHandle *h = rsvg_handle_new_from_stream_sync(in, base, RSVG_HANDLE_FLAGS_NONE, NULL, &err);
	if (!h || !svg_size(h, w, hh)) {
		snprintf(why, n, "librsvg: %s", err ? err->message : "no size");
		return NULL;
	}
	return h;
}

int image_probe_svg(const char *path, const void *data, size_t len, char *why, size_t n)
{
	GError *err = NULL;
	double w = 0, hh = 0;
	RsvgHandle *h = probe_open(path, data, len, &w, &hh, why, n);
	if (!h)
		return 1;
	cairo_rectangle_t ext = {0, 0, w, hh};
	cairo_surface_t *rec = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &ext);
	cairo_t *cr = cairo_create(rec);
	RsvgRectangle vp = {0, 0, w, hh};
	gboolean ok = rsvg_handle_render_document(h, cr, &vp, &err);
	cairo_destroy(cr);
	if (!ok) {
		snprintf(why, n, "librsvg: %s", err ? err->message : "?");
		return 1;
	}
	/* and the drawing replayed onto pixels, as a PNG output will */
	double scale = 1024 / (w > hh ? w : hh);
	cairo_surface_t *px = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, (int)(w * scale) + 1,
							 (int)(hh * scale) + 1);
	cr = cairo_create(px);
	cairo_scale(cr, scale, scale);
	cairo_set_source_surface(cr, rec, 0, 0);
	cairo_paint(cr);
	cairo_destroy(cr);
	if (cairo_surface_status(px) != CAIRO_STATUS_SUCCESS) {
		snprintf(why, n, "cairo: %s", cairo_status_to_string(cairo_surface_status(px)));
		return 1;
	}
	return 0;   /* the process ends here: nothing to free */
}

static cairo_status_t discard(void *closure, const unsigned char *data, unsigned int len)
{
	(void)closure;
	(void)data;
	(void)len;
	return CAIRO_STATUS_SUCCESS;
}

/* What an SVG output asks of librsvg where cr stands (the image's origin and
 * scale, the box clipped): the sandbox's argument for "svg-out", which also
 * keys the drawings tried. The clip's size in device units, the matrix from the
 * image to the clip's corner, whether it is drawn into a group (opacity), the
 * file. Caller frees. */
static char *out_arg(cairo_t *cr, const char *path, double opacity)
{
	cairo_matrix_t m;
	cairo_get_matrix(cr, &m);
	double x1, y1, x2, y2;
	cairo_save(cr);
	cairo_identity_matrix(cr);
	cairo_clip_extents(cr, &x1, &y1, &x2, &y2);
	cairo_restore(cr);
	return xasprintf("%.9g %.9g %.9g %.9g %.9g %.9g %.9g %.9g %d %s", x2 - x1, y2 - y1, m.xx, m.yx,
			 m.xy, m.yy, m.x0 - x1, m.y0 - y1, opacity < 1, path);
}

int image_probe_svg_out(const char *arg, const void *data, size_t len, char *why, size_t n)
{
	double cw, ch;
	cairo_matrix_t m;
	int group, at = 0;
	if (sscanf(arg, "%lf %lf %lf %lf %lf %lf %lf %lf %d %n", &cw, &ch, &m.xx, &m.yx, &m.xy, &m.yy,
		   &m.x0, &m.y0, &group, &at) != 9 || at == 0 || !(cw >= 0 && ch >= 0 && cw < 1e7 && ch < 1e7)) {
		snprintf(why, n, "a bad drawing request");
		return 1;
	}
	double w = 0, hh = 0;
	RsvgHandle *h = probe_open(arg + at, data, len, &w, &hh, why, n);
	if (!h)
		return 1;
	/* an SVG surface as svg_write makes (device units: the document's), the
	 * clip's corner at its origin */
	cairo_surface_t *s = cairo_svg_surface_create_for_stream(discard, NULL, cw, ch);
	cairo_svg_surface_set_document_unit(s, CAIRO_SVG_UNIT_MM);
	cairo_t *cr = cairo_create(s);
	cairo_rectangle(cr, 0, 0, cw, ch);
	cairo_clip(cr);
	cairo_set_matrix(cr, &m);
	if (group)
		cairo_push_group(cr);
	GError *err = NULL;
	RsvgRectangle vp = {0, 0, w, hh};
	gboolean ok = rsvg_handle_render_document(h, cr, &vp, &err);
	if (group) {
		cairo_pop_group_to_source(cr);
		cairo_paint_with_alpha(cr, 0.5);
	}
	cairo_destroy(cr);
	cairo_surface_finish(s);
	/* librsvg's other errors (a filter under a rotation is InvalidSize) are
	 * the parent's too: it draws what it can, as here */
	if (!ok && err && strstr(err->message, "NoMemory"))
		return SANDBOX_NO_MEMORY;
	if (cairo_surface_status(s) == CAIRO_STATUS_NO_MEMORY)
		return SANDBOX_NO_MEMORY;
	if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
		snprintf(why, n, "cairo: %s", cairo_status_to_string(cairo_surface_status(s)));
		return 1;
	}
	return 0;   /* the process ends here: nothing to free */
}

/* Whether librsvg may draw im where cr stands onto an SVG file: the first
 * time for this size and place, it draws it in a child under the same limits
 * as the first draw, and a refusal is reported at loc (once). */
static bool out_allowed(cairo_t *cr, const struct image *im, double bw, double bh, double opacity,
			const struct loc *loc)
{
	struct svg_out *o = im->out;
	char *arg = out_arg(cr, o->path, opacity);
	pthread_mutex_lock(&o->mu);
	size_t i = 0;
	while (i < o->n && strcmp(o->v[i].arg, arg) != 0)
		i++;
	if (i == o->n) {
		struct sandbox_limits lim = {IMAGE_SVG_SECONDS, IMAGE_SVG_MB};
		char why[160];
		bool ok = sandbox_run("svg-out", arg, o->data, o->len, &lim, why, sizeof why) == 0;
		if (!ok)
			diag(SEV_ERROR, loc, "image '%s': an SVG that %s into an SVG file at the "
			     "scale of its %.4g x %.4g mm box", o->path, why, bw, bh);
		o->v = xgrow(o->v, &o->cap, o->n + 1, sizeof *o->v);
		o->v[o->n++] = (struct svg_tried){arg, ok};
		arg = NULL;
	}
	bool ok = o->v[i].ok;
	pthread_mutex_unlock(&o->mu);
	free(arg);
	if (!ok)
		atomic_fetch_add(&refusals, 1);
	return ok;
}

/* Load an SVG through the fence and record its drawing once, as vectors. */
static const char *load_svg(struct image_cache *c, struct image *im, const char *data, size_t len,
			    const char *path, char *msg, size_t msgsize)
{
	struct svg_facts facts;
	if (imgcheck_svg(data, len, path, lim_pixels, &facts, msg, msgsize) != 0)
		return msg;
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
	const char *bad = NULL;
	if (!svg_size(h, &w, &hh))
		bad = "an SVG with neither a width and height nor a viewBox";
	else
		bad = svg_within(c, &facts, w, hh, msg, msgsize);
	/* librsvg has loops and crashes no fence foresees: it draws a stranger's
	 * file first in a child process under limits (sandbox.h), the same bytes. */
	struct sandbox_limits lim = {IMAGE_SVG_SECONDS, IMAGE_SVG_MB};
	char why[160];
	if (!bad && sandbox_run("svg", path, data, len, &lim, why, sizeof why) != 0) {
		snprintf(msg, msgsize, "an SVG that %s", why);
		g_clear_error(&err);
		bad = msg;
	}
	if (bad) {
		g_object_unref(h);
		return bad;
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
	c->pixels += facts.rasters + (facts.filters ? w * hh : 0);
	im->surface = rec;
	im->svg = h;
	im->w = w;
	im->h = hh;
	im->replay = xmalloc(sizeof *im->replay);
	pthread_mutex_init(im->replay, NULL);
	im->out = xcalloc(1, sizeof *im->out);
	pthread_mutex_init(&im->out->mu, NULL);
	im->out->path = xstrdup(path);
	im->out->data = xmalloc(len ? len : 1);
	memcpy(im->out->data, data, len);
	im->out->len = len;
	return NULL;
}

/* For an image that is not there: the file beside the one asked for (rel, in
 * base_file's folder) whose name is nearest to it, as rel would name it, into
 * out; false when none is near. */
static bool near_file(const char *base_file, const char *rel, char *out, size_t len)
{
	const char *slash = strrchr(base_file, '/'), *rslash = strrchr(rel, '/');
	char *dir = xasprintf("%.*s%s%.*s", slash ? (int)(slash - base_file) : 1, slash ? base_file : ".",
			      rslash ? "/" : "", rslash ? (int)(rslash - rel) : 0, rel);
	DIR *d = opendir(dir);
	free(dir);
	if (!d)
		return false;
	char **names = NULL;
	size_t n = 0, cap = 0;
	for (struct dirent *e; (e = readdir(d)) && n < 4096;)
		if (e->d_name[0] != '.') {
			names = xgrow(names, &cap, n + 2, sizeof *names);
			names[n++] = xstrdup(e->d_name);
		}
	closedir(d);
	const char *near = NULL;
	if (names) {
		names[n] = NULL;
		near = closest_word(rslash ? rslash + 1 : rel, (const char *const *)names);
	}
	if (near)
		snprintf(out, len, "%.*s%s", rslash ? (int)(rslash - rel + 1) : 0, rel, near);
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return near != NULL;
}

/* Read and check the file of im (the cache is locked). */
static void image_load(struct image_cache *c, struct image *im, const char *const *bases,
		       size_t nbases, const char *rel, const struct loc *loc)
{
	const char *why = "no folder to look in";
	char *path = NULL;
	for (size_t i = 0; i < nbases && !path; i++)
		if (bases[i]) {
			watch_note_name(bases[i], rel);
			path = path_inside(bases[i], rel, &why);
		}
	if (!path) {
		char near[512] = "";
		for (size_t i = 0; i < nbases && !*near && strcmp(why, strerror(ENOENT)) == 0; i++)
			if (bases[i] && !near_file(bases[i], rel, near, sizeof near))
				*near = '\0';
		if (*near)
			diag(SEV_ERROR, loc, "image '%s': %s (did you mean '%s'?)", rel, why, near);
		else
			diag(SEV_ERROR, loc, "image '%s': %s", rel, why);
		return;
	}
	size_t len = 0;
	watch_note(path);
	char *data = read_file(path, IMAGE_MAX_BYTES, &len);
	char msg[400];
	const char *bad = NULL;
	if (!data)
		bad = errno == EFBIG ? "larger than 32 MB" : file_strerror(errno);
	else if (ends_with(path, ".png"))
		bad = load_png(c, im, data, len, msg, sizeof msg);
	else if (ends_with(path, ".svg"))
		bad = load_svg(c, im, data, len, path, msg, sizeof msg);
	else
		bad = "not a .png or .svg file";
	if (bad)
		diag(SEV_ERROR, loc, "image '%s': %s", path, bad);
	free(data);
	free(path);
}

const struct image *image_find(struct image_cache *c, const char *const *bases, size_t nbases,
			       const char *rel, const struct loc *loc)
{
	char *key = xasprintf("%s\n%s", nbases ? bases[0] : "", rel);
	pthread_mutex_lock(&c->mu);
	struct image *im = NULL;
	for (size_t i = 0; i < c->n && !im; i++)
		if (strcmp(c->v[i]->key, key) == 0)
			im = c->v[i];
	if (im) {
		free(key);
	} else {
		c->v = xgrow(c->v, &c->cap, c->n + 1, sizeof *c->v);
		im = c->v[c->n++] = xcalloc(1, sizeof *im);
		im->key = key;
		image_load(c, im, bases, nbases, rel, loc);
	}
	pthread_mutex_unlock(&c->mu);
	return im->surface ? im : NULL;
}

void image_paint(cairo_t *cr, const struct image *im, double x, double y, double w, double h,
		 enum tpl_fit fit, double opacity, const struct loc *loc)
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
		if (!out_allowed(cr, im, w, h, opacity, loc)) {
			cairo_restore(cr);
			return;
		}
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
	/* Threads share the image: onto an image surface (a PNG thread) a PNG is
	 * painted through a surface of its own over the same pixels, an SVG's
	 * recording replays under its lock. A PDF gets the shared surface itself, so
	 * it embeds the picture once. */
	cairo_surface_t *src = im->surface;
	bool image = cairo_surface_get_type(src) == CAIRO_SURFACE_TYPE_IMAGE;
	if (image && cairo_surface_get_type(cairo_get_target(cr)) == CAIRO_SURFACE_TYPE_IMAGE)
		src = cairo_image_surface_create_for_data(
			cairo_image_surface_get_data(src), cairo_image_surface_get_format(src),
			cairo_image_surface_get_width(src), cairo_image_surface_get_height(src),
			cairo_image_surface_get_stride(src));
	else
		cairo_surface_reference(src);
	if (im->replay)
		pthread_mutex_lock(im->replay);
	cairo_set_source_surface(cr, src, 0, 0);
	if (image)
		cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD);
	if (opacity >= 1)
		cairo_paint(cr);
	else
		cairo_paint_with_alpha(cr, opacity);
	cairo_restore(cr);
	if (im->replay)
		pthread_mutex_unlock(im->replay);
	cairo_surface_destroy(src);
}
