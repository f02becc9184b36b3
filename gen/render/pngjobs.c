/* pngjobs.c: the PNG files and contact.png on worker threads (pngjobs.h): the
 * jobs, the threads' canvases within PNG_CANVAS_MB, the images read once before
 * the threads start, the report pass that keeps the problems in order. */
#include "pngjobs.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "csv.h"
#include "diag.h"
#include "output.h"
#include "progress.h"
#include "stage.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* One image to write: item's side (0 face, 1 back), or contact.png (side 2). */
struct png_job {
	long item;
	int side;
	char *path;
};

#define SIDE_CONTACT 2


static const struct template *job_template(const struct build_ctx *c, const struct png_job *j)
{
	return j->side ? c->it.back : c->it.faces[c->it.face_of(c->it.user, j->item)];
}

static double canvas_bytes(cairo_surface_t *s)
{
	return s ? (double)cairo_image_surface_get_stride(s) * cairo_image_surface_get_height(s) : 0;
}

/* Give back the thread's canvas *s (NULL: none). */
static void canvas_put(struct png_pool *p, cairo_surface_t **s)
{
	if (!*s)
		return;
	pthread_mutex_lock(&p->mu);
	p->canvas -= canvas_bytes(*s);
	pthread_cond_broadcast(&p->canvas_cv);
	pthread_mutex_unlock(&p->mu);
	cairo_surface_destroy(*s);
	*s = NULL;
}

/* A canvas of pw x ph for this thread: *s when it has that size, else a new one
 * once the canvases held leave room for it (or none is held). */
static cairo_surface_t *canvas_get(struct png_pool *p, cairo_surface_t **s, int pw, int ph)
{
	if (*s && cairo_image_surface_get_width(*s) == pw && cairo_image_surface_get_height(*s) == ph)
		return *s;
	canvas_put(p, s);
	double need = (double)cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, pw) * ph;
	pthread_mutex_lock(&p->mu);
	while (p->canvas > 0 && p->canvas + need > PNG_CANVAS_MB * 1048576.0)
		pthread_cond_wait(&p->canvas_cv, &p->mu);
	p->canvas += need;
	pthread_mutex_unlock(&p->mu);
	*s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, pw, ph);
	if (canvas_bytes(*s) != need) {   /* not made (an error surface): nothing held */
		pthread_mutex_lock(&p->mu);
		p->canvas -= need - canvas_bytes(*s);
		pthread_cond_broadcast(&p->canvas_cv);
		pthread_mutex_unlock(&p->mu);
	}
	return *s;
}

/* Draw job j onto the thread's canvas, made or reused at its size: white, in
 * mm, the origin at the trim corner. */
static cairo_surface_t *job_draw(struct png_pool *p, struct worker *w, const struct png_job *j,
				 cairo_surface_t **sp)
{
	struct build_ctx *c = p->c;
	const struct template *t = job_template(c, j);
	double scale = p->dpi / 25.4;
	int pw = (int)lround((t->w + 2 * t->bleed) * scale), ph = (int)lround((t->h + 2 * t->bleed) * scale);
	cairo_surface_t *s = canvas_get(p, sp, pw, ph);
	cairo_t *cr = cairo_create(s);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	cairo_scale(cr, scale, scale);
	cairo_translate(cr, t->bleed, t->bleed);
	itemdraw_side(c, w, cr, j->item, j->side);
	cairo_destroy(cr);
	return s;
}

/* contact.png: every item, small, in one image of at most about 3000 px a side
 * (games with one face template); *dpi its resolution. */
static cairo_surface_t *contact_draw(struct build_ctx *c, struct worker *w, double *dpi)
{
	const struct template *t = c->it.faces[0];
	long n = c->it.count;
	double cw = t->w, ch = t->h;
	int cols = 1;
	while ((double)cols * cols * cw < (double)n * ch)
		cols++;
	if (cols > n)
		cols = (int)n;
	int rows = (int)((n + cols - 1) / cols);
	double gap = 2;  /* mm */
	double W = cols * (cw + gap) + gap, H = rows * (ch + gap) + gap;
	double scale = 150 / 25.4;       /* 150 dpi at most */
	if (W * scale > 3000)
		scale = 3000 / W;
	if (H * scale > 3000)
		scale = 3000 / H;
	int pw = (int)(W * scale + 0.5), ph = (int)(H * scale + 0.5);
	cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, pw < 1 ? 1 : pw, ph < 1 ? 1 : ph);
	cairo_t *cr = cairo_create(s);
	cairo_set_source_rgb(cr, 0.85, 0.85, 0.85);
	cairo_paint(cr);
	cairo_scale(cr, scale, scale);
	for (long i = 0; i < n; i++) {
		cairo_save(cr);
		cairo_translate(cr, gap + (double)(i % cols) * (cw + gap), gap + (double)(i / cols) * (ch + gap));
		/* The preview shows the item as cut: trim size, rounded corners. */
		double r = t->radius;
		if (r > 0) {
			cairo_new_sub_path(cr);
			cairo_arc(cr, cw - r, r, r, -M_PI / 2, 0);
			cairo_arc(cr, cw - r, ch - r, r, 0, M_PI / 2);
			cairo_arc(cr, r, ch - r, r, M_PI / 2, M_PI);
			cairo_arc(cr, r, r, r, M_PI, 3 * M_PI / 2);
			cairo_close_path(cr);
		} else {
			cairo_rectangle(cr, 0, 0, cw, ch);
		}
		cairo_clip(cr);
		itemdraw_side(c, w, cr, i, 0);
		cairo_restore(cr);
	}
	cairo_destroy(cr);
	*dpi = scale * 25.4;
	return s;
}

/* Job j drawn and saved (s: the thread's reusable surface). 0, or -1 with errno. */
static int job_run(struct png_pool *p, struct worker *w, const struct png_job *j, cairo_surface_t **s)
{
	if (j->side != SIDE_CONTACT)
		return png_save(job_draw(p, w, j, s), j->path, p->dpi);
	double dpi;
	cairo_surface_t *cs = contact_draw(p->c, w, &dpi);
	int rc = png_save(cs, j->path, dpi), e = errno;
	cairo_surface_destroy(cs);
	errno = e;
	return rc;
}

/* One PNG thread: the pool and the thread's own drawer. */
struct png_thread {
	struct png_pool *p;
	struct drawer *dr;
};

static void *png_worker(void *arg)
{
	struct png_thread *t = arg;
	struct png_pool *p = t->p;
	/* Pango is not thread-safe across one font map: each worker has its own
	 * drawer, sharing the main drawer's images (image.c paints them safely from
	 * several threads). It draws with no name, so it notes no warnings (the
	 * first pass did). */
	struct worker w = {t->dr, {0}};
	cairo_surface_t *s = NULL;
	for (;;) {
		pthread_mutex_lock(&p->mu);
		long k = p->failed >= 0 || p->stop || p->next >= p->n ? -1 : p->next++;
		pthread_mutex_unlock(&p->mu);
		if (k < 0)
			break;
		int rc = job_run(p, &w, &p->jobs[k], &s), e = errno;
		pthread_mutex_lock(&p->mu);
		if (rc == 0)
			output_tally(0);
		if (rc != 0 && (p->failed < 0 || k < p->failed)) {
			p->failed = k;
			p->err = e;
		}
		++p->done;
		if (p->shown)
			progress_step(p->done);
		pthread_mutex_unlock(&p->mu);
	}
	canvas_put(p, &s);
	fields_free(&w.f);
	return NULL;
}

static bool has_images(const struct template *t)
{
	for (size_t i = 0; t && i < t->nelems; i++)
		if (t->elems[i].kind == TE_IMAGE)
			return true;
	return false;
}

/* Read every image the items and the back show into the main drawer, whose
 * images the PNG threads share (drawer_new_sharing): once, whatever --jobs is.
 * Returns 0, or -1 after reporting (an image that could be read before is gone). */
static int preload_images(struct build_ctx *c, struct fields *f)
{
	int rc = 0;
	bool any = false;
	for (size_t k = 0; k < c->it.nfaces; k++)
		any |= has_images(c->it.faces[k]);
	for (long i = 0; any && i < c->it.count; i++) {
		const struct template *t = c->it.faces[c->it.face_of(c->it.user, i)];
		if (!has_images(t))
			continue;
		fields_clear(f);
		c->it.fields(c->it.user, i, f);
		rc |= drawer_preload(c->dr, t, f);
	}
	if (has_images(c->it.back)) {
		fields_clear(f);
		c->it.back_fields(c->it.user, f);
		rc |= drawer_preload(c->dr, c->it.back, f);
	}
	return rc;
}

static int build_jobs(const struct build_ctx *c)
{
	if (c->opts.jobs > 0)
		return c->opts.jobs;
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n < 1 ? 1 : n > 64 ? 64 : (int)n;
}

/* Text overflows are reported once, in order, from this thread: when no earlier
 * pass has drawn the items, a pass onto a 1 x 1 surface does. */
static void report_pass(struct build_ctx *c, struct worker *w, const struct png_job *jobs, long n)
{
	if (!c->report)
		return;
	cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1);
	for (long k = 0; k < n; k++) {
		if (jobs[k].side == SIDE_CONTACT)
			continue;
		cairo_t *cr = cairo_create(s);
		itemdraw_side(c, w, cr, jobs[k].item, jobs[k].side);
		cairo_destroy(cr);
	}
	cairo_surface_destroy(s);
	c->report = false;
}

/* Start the pool's threads but one (this thread is the last, in pngjobs_end).
 * Returns 0, or -1 after reporting. */
static int pool_start(struct build_ctx *c, struct worker *w, struct png_pool *p)
{
	report_pass(c, w, p->jobs, p->n);
	pthread_mutex_init(&p->mu, NULL);
	pthread_cond_init(&p->canvas_cv, NULL);
	p->failed = -1;
	int nt = build_jobs(c);
	if (nt > p->n)
		nt = p->n < 1 ? 1 : (int)p->n;
	p->nt = nt;
	p->th = xcalloc((size_t)nt, sizeof *p->th);
	p->pt = xcalloc((size_t)nt, sizeof *p->pt);
	/* Fonts and Pango are per thread; the images are shared. */
	if (preload_images(c, &w->f) != 0)
		return -1;
	for (; p->made < nt; p->made++)
		p->pt[p->made] = (struct png_thread){p, drawer_new_sharing(c->dr)};
	for (int i = 1; i < nt; i++)
		if (pthread_create(&p->th[i], NULL, png_worker, &p->pt[i]) == 0)
			p->started = i;
		else
			break;
	return 0;
}

int pngjobs_begin(struct build_ctx *c, struct worker *w, struct png_pool *p, bool unique,
		  double dpi, bool quantities, bool contact)
{
	*p = (struct png_pool){.c = c, .dpi = dpi, .quantities = quantities, .failed = -1};
	csv_cell(&p->q, "file");
	csv_cell(&p->q, "count");
	csv_end(&p->q);
	p->jobs = xcalloc((size_t)c->it.count + 3, sizeof *p->jobs);
	/* contact.png first: the longest job should not be the last one */
	if (contact) {
		p->jobs[p->n] = (struct png_job){0, SIDE_CONTACT, build_path(c, "contact.png")};
		if (!p->jobs[p->n++].path)
			return -1;
	}
	for (long i = 0; i < c->it.count; i++) {
		char name[128];
		long copies = c->it.single(c->it.user, i, unique, name, sizeof name);
		if (copies <= 0)
			continue;
		char *rel = xasprintf("png/%s.png", name);
		csv_cell(&p->q, rel);
		csv_cellf(&p->q, "%ld", copies);
		csv_end(&p->q);
		p->jobs[p->n] = (struct png_job){i, 0, build_path(c, rel)};
		free(rel);
		if (!p->jobs[p->n++].path)
			return -1;
	}
	if (c->it.back) {
		csv_cell(&p->q, "png/back.png");
		csv_cellf(&p->q, "%ld", c->it.count);
		csv_end(&p->q);
		p->jobs[p->n] = (struct png_job){0, 1, build_path(c, "png/back.png")};
		if (!p->jobs[p->n++].path)
			return -1;
	}
	return pool_start(c, w, p);
}

int pngjobs_end(struct build_ctx *c, struct png_pool *p, int rc)
{
	if (p->made == p->nt && p->nt > 0) {
		pthread_mutex_lock(&p->mu);
		p->stop = rc != 0;
		progress_cost((double)p->n * MS_PNG);
		progress_start("png", p->n);
		progress_step(p->done);
		p->shown = true;
		pthread_mutex_unlock(&p->mu);
		png_worker(&p->pt[0]);
		for (int i = 1; i <= p->started; i++)
			pthread_join(p->th[i], NULL);
		progress_end();
		pthread_mutex_destroy(&p->mu);
		pthread_cond_destroy(&p->canvas_cv);
	} else if (!rc) {
		rc = -1;
	}
	for (int i = 0; i < p->made; i++)
		drawer_free(p->pt[i].dr);
	free(p->pt);
	free(p->th);
	if (!rc && p->failed >= 0) {
		diag(SEV_ERROR, NULL, "cannot write %s: %s", p->jobs[p->failed].path, strerror(p->err));
		rc = -1;
	}
	for (long k = 0; k < p->n; k++)
		free(p->jobs[k].path);
	free(p->jobs);
	if (!rc && p->quantities)
		rc = stage_write_text(c, "quantities.csv", &p->q);
	buf_free(&p->q);
	return rc;
}

int pngjobs_contact(struct build_ctx *c, struct worker *w)
{
	double dpi;
	cairo_surface_t *s = contact_draw(c, w, &dpi);
	char *path = build_path(c, "contact.png");
	int rc = path ? png_save(s, path, dpi) : -1;
	if (path && rc)
		diag(SEV_ERROR, NULL, "cannot write %s: %s", path, strerror(errno));
	else if (!rc)
		output_tally(0);
	cairo_surface_destroy(s);
	free(path);
	return rc;
}
