/* itemfiles.c: faces.pdf, back.pdf, the sheets and the SVG files, drawn on this
 * thread (itemfiles.h); the sheets' layout from the edge check, the summary's
 * note of them. */
#include "itemfiles.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "impose.h"
#include "output.h"
#include "pdfx.h"
#include "progress.h"
#include "stage.h"

/* The item list of one sheets file (or of every item). */
struct group {
	struct build_ctx *c;
	struct worker *w;
	long *idx;
	long n;
	bool butted;      /* on a butted sheet: the unchecked mark inside the trim */
};

static void group_draw(void *user, cairo_t *cr, long k, int side)
{
	struct group *g = user;
	itemdraw_side_as(g->c, g->w, cr, g->idx ? g->idx[k] : k, side,
		     g->butted ? UNCHECKED_INSIDE : UNCHECKED_SLUG);
}

static void step(void *user, long done)
{
	(void)user;
	progress_step(done);
}

/* The item on a page in words, for messages about its ink. */
static void name_page(struct build_ctx *c, struct pdfw *pw, long i, int side)
{
	char who[160], *s;
	c->it.label(c->it.user, i, true, who, sizeof who);
	pdfw_item(pw, s = xasprintf("%s, %s", who, side ? "back" : "front"));
	free(s);
}

int itemfiles_faces(struct build_ctx *c, struct worker *w, const char *rel)
{
	char *path = build_path(c, rel);
	struct pdfw *pw = path ? pdfw_open(path) : NULL;
	free(path);
	if (!pw)
		return -1;
	/* DriveThruCards: one PDF, each card's back page followed by its front */
	bool drivethru = c->opts.preset == PRESET_DRIVETHRU && c->it.back;
	progress_cost((double)c->it.count * (drivethru ? 2 : 1) * MS_PAGE);
	progress_start(rel, c->it.count);
	for (long i = 0; i < c->it.count; i++) {
		const struct template *t = c->it.faces[c->it.face_of(c->it.user, i)];
		char label[160];
		c->it.label(c->it.user, i, false, label, sizeof label);
		double bl = t->bleed;
		for (int side = drivethru ? 1 : 0; side >= 0; side--) {
			const struct template *pt = side ? c->it.back : t;
			cairo_t *cr = pdfw_page(pw, pt->w + 2 * bl, pt->h + 2 * bl, bl, side ? "back" : label);
			if (pdfx_active())
				name_page(c, pw, i, side);
			itemdraw_side(c, w, cr, i, side);
			pdfw_end_page(pw);
			c->pages++;
		}
		progress_step(i + 1);
	}
	progress_end();
	c->report = false;
	return pdfw_close(pw);
}

int itemfiles_back(struct build_ctx *c, struct worker *w)
{
	const struct template *t = c->it.back;
	char *path = build_path(c, "back.pdf");
	struct pdfw *pw = path ? pdfw_open(path) : NULL;
	free(path);
	if (!pw)
		return -1;
	double bl = t->bleed;
	cairo_t *cr = pdfw_page(pw, t->w + 2 * bl, t->h + 2 * bl, bl, "back");
	itemdraw_side(c, w, cr, 0, 1);
	pdfw_end_page(pw);
	c->pages++;
	return pdfw_close(pw);
}

int itemfiles_sheet_papers(const struct build_ctx *c, const char *const **papers)
{
	static const char *const both[] = {"a4", "letter"};
	*papers = c->opts.npapers ? c->opts.papers : both;
	return c->opts.npapers ? c->opts.npapers : 2;
}

/* How many items of template t a sheet of pw x ph mm holds with gutters (*ng)
 * and butted (*nb). */
static void sheet_counts(const struct build_ctx *c, const struct template *t, double pw, double ph,
			 int *ng, int *nb)
{
	struct sheet_grid gg, gb;
	double bl = t->bleed;
	*ng = impose_fit(pw, ph, c->opts.margin, t->w, t->h, bl, &gg);
	*nb = impose_fit_butted(pw, ph, c->opts.margin, t->w, t->h, bl, &gb);
}

bool itemfiles_edge_checked(const struct build_ctx *c, size_t f)
{
	if (c->opts.layout != LAYOUT_AUTO)
		return c->opts.layout == LAYOUT_BUTTED;
	const char *const *papers;
	for (int i = 0, n = itemfiles_sheet_papers(c, &papers); i < n; i++) {
		double pw, ph;
		int ng, nb;
		paper_size(papers[i], &pw, &ph);
		sheet_counts(c, c->it.faces[f], pw, ph, &ng, &nb);
		if (nb > ng)
			return true;
	}
	return false;
}

/* Whether the group's items (of face template f) and the back suit a butted
 * sheet (draw.h's edge check), every item drawn: a progress step. */
static bool group_seamless(struct build_ctx *c, struct group *g, size_t f, bool backs)
{
	const struct template *t = c->it.faces[f];
	char what[96];
	snprintf(what, sizeof what, "edge check%s%s", c->it.nfaces > 1 ? " " : "",
		 c->it.nfaces > 1 ? c->it.face_names[f] : "");
	struct edge_check *e = edge_check_new(t->w, t->h, t->bleed);
	bool ok = true;
	progress_cost((double)g->n * MS_EDGE);
	progress_start(what, g->n);
	for (long k = 0; ok && k < g->n; k++) {
		cairo_t *cr = edge_check_begin(e);
		itemdraw_side_as(c, g->w, cr, g->idx[k], 0, UNCHECKED_NONE);
		ok = edge_check_end(e, 0);
		progress_step(k + 1);
	}
	progress_end();
	if (ok && backs && g->n) {
		cairo_t *cr = edge_check_begin(e);
		itemdraw_side_as(c, g->w, cr, g->idx[0], 1, UNCHECKED_NONE);
		ok = edge_check_end(e, 1);
	}
	edge_check_free(e);
	return ok;
}

static bool seamless(struct build_ctx *c, struct group *g, size_t f, bool backs)
{
	if (!c->seam_known[f])
		c->seam_known[f] = group_seamless(c, g, f, backs) ? 2 : 1;
	return c->seam_known[f] == 2;
}

/* The summary's note from the sheets seen: the layout once when every entry shares
 * it, each paper's own count ("9 a page on a4, 8 on letter"), papers of one
 * count and layout named together ("6 a page on a4 and letter"). */
static void sheets_note(const struct build_ctx *c)
{
	char note[192];
	int len = snprintf(note, sizeof note, "sheets");
	bool mixed = false;
	for (int i = 1; i < c->nsheets_seen; i++)
		mixed |= c->sheets_seen[i].butted != c->sheets_seen[0].butted;
	if (!mixed)
		len += snprintf(note + len, sizeof note - (size_t)len, " %s,",
				c->sheets_seen[0].butted ? "butted" : "gutter");
	bool done[8] = {false};
	for (int i = 0, k = 0; i < c->nsheets_seen && len < (int)sizeof note; i++) {
		if (done[i])
			continue;
		const struct sheet_seen *e = &c->sheets_seen[i];
		bool first = !k++;
		len += snprintf(note + len, sizeof note - (size_t)len, "%s%s%s %d%s on %s", first ? "" : ",",
				mixed ? " " : "", mixed ? (e->butted ? "butted" : "gutter") : "", e->n,
				first || mixed ? " a page" : "", e->paper);
		for (int j = i + 1; j < c->nsheets_seen && len < (int)sizeof note; j++)
			if (!done[j] && c->sheets_seen[j].n == e->n && c->sheets_seen[j].butted == e->butted) {
				done[j] = true;
				len += snprintf(note + len, sizeof note - (size_t)len, " and %s", c->sheets_seen[j].paper);
			}
	}
	output_tally_note(note);
}

/* The sheets' layout for one group on pw x ph paper (--layout; auto: butted when
 * it fits more and the edges allow it), named in the build's summary line. */
static bool sheet_butted(struct build_ctx *c, struct group *g, size_t f, bool backs, const char *paper,
			 double pw, double ph)
{
	const struct template *t = c->it.faces[f];
	int ng, nb;
	sheet_counts(c, t, pw, ph, &ng, &nb);
	bool butted = c->opts.layout == LAYOUT_BUTTED;
	if (c->opts.layout == LAYOUT_AUTO)
		butted = nb > ng && seamless(c, g, f, backs);
	else if (butted && !seamless(c, g, f, backs) && c->seam_known[f] == 1) {
		c->seam_known[f] = 3;
		diag(SEV_WARNING, NULL, "--layout butted: the edges of %s differ from item to item or "
		     "across the cut, so a cut off the line shows part of the neighbour", t->file);
	}
	struct sheet_seen e = {paper, butted ? nb : ng, butted};
	bool seen = false;
	for (int i = 0; i < c->nsheets_seen; i++)
		seen |= !strcmp(c->sheets_seen[i].paper, paper) && c->sheets_seen[i].n == e.n &&
			c->sheets_seen[i].butted == e.butted;
	if (!seen && c->nsheets_seen < (int)(sizeof c->sheets_seen / sizeof *c->sheets_seen))
		c->sheets_seen[c->nsheets_seen++] = e;
	sheets_note(c);
	return butted;
}

int itemfiles_sheets(struct build_ctx *c, struct worker *w, const char *paper)
{
	double pw, ph;
	paper_size(paper, &pw, &ph);
	int rc = 0;
	struct group g = {c, w, xcalloc((size_t)c->it.count + 1, sizeof *g.idx), 0, false};
	for (size_t f = 0; f < c->it.nfaces && !rc; f++) {
		const struct template *t = c->it.faces[f];
		g.n = 0;
		for (long i = 0; i < c->it.count; i++)
			if (c->it.face_of(c->it.user, i) == f)
				g.idx[g.n++] = i;
		if (!g.n)
			continue;
		char *rel = c->it.nfaces > 1 ? xasprintf("sheets-%s-%s.pdf", c->it.face_names[f], paper)
					     : xasprintf("sheets-%s.pdf", paper);
		char *path = build_path(c, rel);
		struct pdfw *out = path ? pdfw_open(path) : NULL;
		free(path);
		if (!out) {
			free(rel);
			rc = -1;
			break;
		}
		const struct template *b = c->it.back;
		bool backs = b && fabs(b->w - t->w) < 0.01 && fabs(b->h - t->h) < 0.01;
		g.butted = sheet_butted(c, &g, f, backs && c->opts.duplex != DUPLEX_NONE, paper, pw, ph);
		struct item_source src = {t->w, t->h, t->bleed, g.n, backs, group_draw, &g, g.butted};
		progress_cost((double)g.n * MS_SHEET);
		progress_start(rel, g.n);
		long pages = impose_sheets(out, pw, ph, c->opts.margin, c->opts.duplex, &src, step, NULL);
		progress_end();
		if (pages < 0) {
			diag(SEV_ERROR, NULL, "%s: a %.1f x %.1f mm item does not fit on %s paper inside a %g mm margin",
			     t->file, t->w + 2 * src.bleed, t->h + 2 * src.bleed, paper, c->opts.margin);
			pdfw_abort(out);
			rc = -1;
		} else {
			c->pages += pages;
			rc = pdfw_close(out);
		}
		free(rel);
		if (c->report)   /* never written while the PNG threads read it */
			c->report = false;
	}
	free(g.idx);
	return rc;
}

static void single_draw(void *user, cairo_t *cr, long i, int side)
{
	struct group *g = user;
	itemdraw_side(g->c, g->w, cr, i, side);
}

static void back_draw(void *user, cairo_t *cr, long i, int side)
{
	(void)side;
	single_draw(user, cr, i, 1);
}

int itemfiles_svgs(struct build_ctx *c, struct worker *w, bool unique)
{
	struct group g = {c, w, NULL, 0, false};
	int rc = 0;
	progress_cost((double)c->it.count * MS_SVG);
	progress_start("svg", c->it.count);
	for (long i = 0; i < c->it.count && !rc; i++) {
		char name[128];
		if (c->it.single(c->it.user, i, unique, name, sizeof name) <= 0)
			continue;
		const struct template *t = c->it.faces[c->it.face_of(c->it.user, i)];
		char *rel = xasprintf("svg/%s.svg", name);
		char *path = build_path(c, rel);
		rc = path ? svg_write(path, t->w, t->h, t->bleed, single_draw, &g, i) : -1;
		free(path);
		free(rel);
		progress_step(i + 1);
	}
	progress_end();
	if (c->report)   /* never written while the PNG threads read it */
		c->report = false;
	if (!rc && c->it.back) {
		char *path = build_path(c, "svg/back.svg");
		const struct template *t = c->it.back;
		rc = path ? svg_write(path, t->w, t->h, t->bleed, back_draw, &g, -1) : -1;
		free(path);
	}
	return rc;
}
