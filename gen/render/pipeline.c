/* pipeline.c: one build pipeline for every game (pipeline.h): the build's plan
 * and its progress, the outputs a home build or a preset asks for driven in
 * order (itemfiles.h on this thread, pngjobs.h on the worker threads, the
 * game's own files), CMYK and its proofs, manifest.csv, then the stage
 * published (stage.h). */
#include "pipeline.h"

#include <errno.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "budget.h"
#include "colour.h"
#include "diag.h"
#include "glog.h"
#include "image.h"
#include "itemdraw.h"
#include "itemfiles.h"
#include "output.h"
#include "pdfx.h"
#include "pngjobs.h"
#include "products.h"
#include "progress.h"
#include "stage.h"

static int write_manifest(struct build_ctx *c)
{
	struct buf s = {0};
	c->it.manifest(c, c->it.user, &s);
	return stage_write_text(c, "manifest.csv", &s);
}

/* The files of a home build: everything --only asks for. The SVG files come
 * first: Cairo numbers their groups from a counter every thread's drawing
 * advances. Then the PNG files (and contact.png) are written on worker threads
 * while this thread writes the sheets. */
static int write_home(struct build_ctx *c, struct worker *w)
{
	int only = c->opts.only, rc = 0;
	bool items = c->it.count > 0;
	if (!rc && (only & BO_FACES) && items)
		rc = itemfiles_faces(c, w, "faces.pdf");
	if (!rc && (only & BO_FACES) && c->it.back && items)
		rc = itemfiles_back(c, w);
	/* The PNGs (and contact.png) are drawn on the worker threads from here on,
	 * beside the SVGs, the large items and the sheets, so that both cores stay
	 * busy; faces.pdf's pass has reported the items' problems by now (otherwise
	 * pngjobs_begin's report pass does, before the threads start). */
	bool pngs = !rc && (only & BO_PNG) && items;
	bool contact = (only & BO_CONTACT) && items && c->it.nfaces == 1;
	struct png_pool pool;
	if (pngs)
		rc = pngjobs_begin(c, w, &pool, false, 300, false, contact);
	if (!rc && (only & BO_SVG) && items)
		rc = itemfiles_svgs(c, w, false);
	const char *const *papers;
	int npapers = itemfiles_sheet_papers(c, &papers);
	/* The large items on each paper asked for (default a4); the SVG once. */
	for (int i = 0; !rc && c->it.extra && i < (c->opts.npapers ? npapers : 1); i++) {
		c->large_paper = c->opts.npapers ? papers[i] : "a4";
		c->paper_suffix = c->opts.npapers > 1;
		if (i > 0)
			c->opts.only &= ~BO_SVG;
		rc = c->it.extra(c, c->it.user);
	}
	c->opts.only = only;
	c->large_paper = NULL;
	c->paper_suffix = false;
	c->nsheets_seen = 0;
	c->seam_known = xcalloc(c->it.nfaces + 1, 1);
	for (int i = 0; !rc && (only & BO_SHEETS) && items && i < npapers; i++)
		rc = itemfiles_sheets(c, w, papers[i]);
	free(c->seam_known);
	c->seam_known = NULL;
	if (pngs)
		rc = pngjobs_end(c, &pool, rc);
	else if (!rc && contact)
		rc = pngjobs_contact(c, w);
	return rc;
}

static int write_preset(struct build_ctx *c, struct worker *w)
{
	if (c->opts.preset == PRESET_DRIVETHRU)
		return itemfiles_faces(c, w, "drivethru.pdf");
	if (c->opts.preset == PRESET_PRESS) {
		int rc = c->it.count ? itemfiles_faces(c, w, "faces.pdf") : 0;
		rc = !rc && c->it.back && c->it.count ? itemfiles_back(c, w) : rc;
		/* every other component, each a page of its own with bleed (build_press) */
		int only = c->opts.only;
		c->opts.only = BO_PLACEMAT | BO_REFERENCE | BO_TOKENS | BO_BOARD | BO_SETUP;
		if (!rc && c->it.extra)
			rc = c->it.extra(c, c->it.user);
		c->opts.only = only;
		return rc;
	}
	bool copies = false;
	for (long i = 0; i < c->it.count && !copies; i++) {
		char name[128];
		copies = c->it.single(c->it.user, i, true, name, sizeof name) > 1;
	}
	struct png_pool pool;
	return pngjobs_end(c, &pool, pngjobs_begin(c, w, &pool, true, 300, copies, false));
}

/* --colour cmyk (the default of drivethru and press): Ghostscript checked and the
 * ink-limited profile made in the staging folder. 0, or -1 after reporting. */
static int colour_begin(struct build_ctx *c)
{
	const struct build_opts *o = &c->opts;
	bool pdfs = o->preset == PRESET_DRIVETHRU || o->preset == PRESET_PRESS;
	bool cmyk = o->colour == COLOUR_CMYK || (o->colour == COLOUR_DEFAULT && pdfs);
	if (cmyk && (o->preset == PRESET_TGC || o->preset == PRESET_MPC)) {
		diag(SEV_ERROR, NULL, "--colour cmyk: the %s preset writes PNG images, which stay RGB",
		     o->preset == PRESET_TGC ? "tgc" : "mpc");
		return -1;
	}
	double ink = o->max_ink ? o->max_ink : o->preset == PRESET_DRIVETHRU ? 240 : 300;
	struct pdfx_opts x = {cmyk, o->icc, ink, budget_build_seconds()};
	if (o->proof && !cmyk) {
		diag(SEV_ERROR, NULL, "--proof shows how CMYK files print: it needs --colour cmyk (or --preset drivethru or press)");
		return -1;
	}
	int rc = pdfx_begin(&x, c->stage);
	/* the pack's and the templates' colours, noted as they were read, through
	 * the conversion */
	if (!rc && pdfx_active())
		colour_check();
	colour_forget();
	return rc;
}


/* Before a large build (ESTIMATE_FROM items or more) starts: what it will make,
 * from the sizes of a typical card (faces.pdf 2 KB a page, sheets 2 KB a card
 * on each paper, an SVG file 28 KB, a PNG file 62 KB). */
#define ESTIMATE_FROM 1000
static void estimate(const struct build_ctx *c)
{
	long n = c->it.count, pages = 0;
	double kb = 0;
	int only = c->opts.preset == PRESET_HOME ? c->opts.only : BO_PNG;
	const char *const *list;
	int papers = itemfiles_sheet_papers(c, &list);
	if (n < ESTIMATE_FROM || c->opts.quiet)
		return;
	if (only & BO_FACES) {
		pages += n;
		kb += 2.0 * (double)n;
	}
	if (only & BO_SHEETS) {
		pages += papers * 2 * ((n + 8) / 9);
		kb += 2.0 * papers * (double)n;
	}
	if (only & BO_SVG)
		kb += 28.0 * (double)n;
	if (only & BO_PNG)
		kb += 62.0 * (double)n;
	fprintf(stderr, "railyard: build: %ld items, about %ld PDF pages and %.0f MB of files "
		"(--only chooses fewer)\n", n, pages, kb / 1024 + 0.5);
}

/* A PDF of pages written: its drawing's step (draw: none when 0) and, in
 * CMYK, pdfx_convert's four and --proof's. */
static void plan_pdf(const struct build_ctx *c, int *steps, double *cost, double draw, long pages)
{
	*steps += draw > 0;
	*cost += draw;
	if (pdfx_active()) {
		*steps += c->opts.proof ? 5 : 4;
		*cost += pdfx_cost(pages, c->opts.proof);
	}
}

/* The steps that report progress and their cost: faces.pdf, each face
 * template's edge check, each sheets PDF, svg, png, and the four of each PDF
 * converted to CMYK (the placemats, boards and other large items are not
 * counted). */
static void plan_progress(const struct build_ctx *c)
{
	int only = c->opts.only, steps = 0;
	double cost = 0, n = (double)c->it.count;
	long count = c->it.count;
	bool back = c->it.back != NULL;
	if (c->opts.preset == PRESET_DRIVETHRU || c->opts.preset == PRESET_PRESS) {
		long pages = c->opts.preset == PRESET_DRIVETHRU && back ? 2 * count : count;
		plan_pdf(c, &steps, &cost, (double)pages * MS_PAGE, pages);
		if (c->opts.preset == PRESET_PRESS && back)
			plan_pdf(c, &steps, &cost, 0, 1);
	} else if (c->opts.preset != PRESET_HOME) {
		steps = 1;
		cost = n * MS_PNG;
	} else if (count) {
		if (only & BO_FACES)
			plan_pdf(c, &steps, &cost, n * MS_PAGE, count);
		if ((only & BO_FACES) && back)
			plan_pdf(c, &steps, &cost, 0, 1);
		const char *const *papers;
		int npapers = (only & BO_SHEETS) ? itemfiles_sheet_papers(c, &papers) : 0;
		double per_face = n / (double)(c->it.nfaces ? c->it.nfaces : 1);
		for (size_t f = 0; npapers && f < c->it.nfaces; f++) {
			bool edge = itemfiles_edge_checked(c, f);
			steps += edge;
			cost += edge ? per_face * MS_EDGE : 0;
			for (int i = 0; i < npapers; i++)
				plan_pdf(c, &steps, &cost, per_face * MS_SHEET, 2 * ((long)per_face + 8) / 9);
		}
		steps += !!(only & BO_SVG) + !!(only & BO_PNG);
		cost += ((only & BO_SVG) ? n * MS_SVG : 0) + ((only & BO_PNG) ? n * MS_PNG : 0);
	}
	progress_steps(steps);
	progress_plan(cost);
}

/* Keep freed memory in the process: every PDF page's zlib state (Cairo compresses
 * each page) is freed at the top of the heap, and glibc's default trimming gave
 * it back and faulted it in again, page after page (84,000 faces: 950,000 minor
 * page faults, 3,000 with this). */
static void keep_memory(void)
{
#ifdef __GLIBC__
	mallopt(M_TRIM_THRESHOLD, 512 << 20);
	mallopt(M_MMAP_THRESHOLD, 32 << 20);
#endif
}

/* --proof: every PDF of the set (converted to CMYK) rendered as it prints into
 * proof/NAME-NNN.png, registered in the set. 0 or -1 after reporting. */
static int write_proofs(struct build_ctx *c)
{
	size_t n = c->nfiles;
	char *dir = xasprintf("%s/proof", c->stage);
	int rc = 0;
	if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
		diag(SEV_ERROR, NULL, "cannot create %s: %s", dir, strerror(errno));
		rc = -1;
	}
	for (size_t i = 0; i < n && !rc; i++) {
		const char *rel = c->files[i];
		size_t len = strlen(rel);
		if (len < 5 || strcmp(rel + len - 4, ".pdf") != 0)
			continue;
		char *base = xstrndup(rel, len - 4);
		for (char *p = base; *p; p++)
			if (*p == '/')
				*p = '-';
		char *pdf = xasprintf("%s/%s", c->stage, rel);
		char *pattern = xasprintf("%s/%s-%%03d.png", dir, base);
		rc = pdfx_proof(pdf, rel, pattern);
		/* register the pages Ghostscript wrote */
		for (int page = 1; !rc; page++) {
			char *name = xasprintf("proof/%s-%03d.png", base, page);
			char *full = xasprintf("%s/%s", c->stage, name);
			bool there = access(full, F_OK) == 0;
			if (there)
				free(build_path(c, name));
			free(name);
			free(full);
			if (!there)
				break;
		}
		free(pattern);
		free(pdf);
		free(base);
	}
	free(dir);
	return rc;
}

int build_run(struct build_ctx *c)
{
	keep_memory();
	unsigned long refused = image_refusals() + draw_refusals();
	estimate(c);
	glog_capture();
	budget_start();
	c->report = true;
	c->lock_fd = -1;
	c->nsheets_seen = 0;
	if (products_check(c) != 0) {
		budget_stop();   /* a --watch rebuild's limit counts from its own start */
		return EXIT_INPUT;
	}
	if (stage_open(c) != 0) {
		stage_close(c);
		budget_stop();
		free(c->dir);
		return EXIT_OUTPUT;
	}
	if (colour_begin(c) != 0) {
		stage_close(c);
		budget_stop();
		free(c->dir);
		free(c->stage);
		return EXIT_INPUT;
	}
	struct worker w = {c->dr, {0}};
	itemdraw_report_back(c, &w);
	plan_progress(c);
	int rc = c->opts.preset == PRESET_HOME ? write_home(c, &w) : write_preset(c, &w);
	if (!rc && image_refusals() + draw_refusals() != refused)
		rc = -1;   /* a text or image refused (reported): nothing is published */
	if (!rc && c->opts.proof && pdfx_active())
		rc = write_proofs(c);
	pdfx_end();
	if (!rc)
		rc = write_manifest(c);
	if (!rc && c->opts.only != BO_ALL && !c->opts.preview && c->opts.preset == PRESET_HOME)
		rc = stage_keep_rest(c);
	if (!rc)
		rc = stage_write_list(c);
	if (!rc)
		rc = stage_commit(c);
	/* The drawing's warnings, one per template element, then their total: all
	 * before the summary line, which ends the output. */
	drawer_report(c->dr);
	long over = drawer_overflows(c->dr);
	if (over > 20)
		diag(SEV_WARNING, NULL, "%ld texts did not fit their boxes in all (each element above "
		     "names its first)", over);
	if (!rc && !c->opts.quiet)
		output_tally_print(c->dir);
	fields_free(&w.f);
	stage_close(c);
	budget_stop();
	glog_summary();
	for (size_t i = 0; i < c->nfiles; i++)
		free(c->files[i]);
	free(c->files);
	free(c->dir);
	free(c->stage);
	if (!rc)
		return EXIT_OK;
	return pdfx_refused() ? EXIT_RULE : image_refusals() + draw_refusals() != refused ? EXIT_INPUT : EXIT_OUTPUT;
}
