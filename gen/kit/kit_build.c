/* kit_build.c: `railyard build` for the games whose packs are deck packs
 * (kit_build.h): every component of the pack and its fields, handed to the
 * pipeline (pipeline.h) for faces, backs, sheets, SVG and PNG files; token sheets
 * and the reference. Each game's own files come from its GAME_build.c. */
#include <errno.h>
#include <limits.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>

#include "colour.h"
#include "csv.h"
#include "buildinput.h"
#include "cli.h"
#include "kit_build.h"
#include "kit.h"
#include "kit_reference.h"
#include "diag.h"
#include "draw.h"
#include "kit_games.h"
#include "look.h"
#include "names.h"
#include "opt.h"
#include "output.h"
#include "pipeline.h"
#include "quickref.h"
#include "stage.h"
#include "template.h"
#include "tokens.h"
#include "trust.h"
#include "util.h"

static const struct opt build_rows[] = {
	OPT_TEXT(
		"usage: railyard build [OPTIONS] PACK.yaml     (a pack whose game is not trains)\n"
		"\n"
		"Write the pack's print-ready files into out/PACK/ (or -o DIR: DIR/PACK/):\n"
		"  faces.pdf           every card, tile and carriage, one per page, trim + bleed\n"
		"  back.pdf            the back, one page (svg/back.svg, png/back.png)\n"
		"  sheets-a4.pdf       as many per page as fit, each with its bleed, crop marks,\n"
		"  sheets-letter.pdf   backs for duplex (one pair per face template:\n"
		"                      sheets-GROUP-a4.pdf ...)\n"
		"  tokens-a4.pdf       the tokens as cut-out sheets\n"
		"  board.pdf           the board at full size, tiled across pages when larger\n"
		"  setup.pdf           the setup sheet (Train: the piles of the four rounds)\n"
		"  reference.pdf       the components grouped with counts, a legend, the deal and\n"
		"                      a quick reference to cut out (templates/GAME-reference.yaml)\n"
		"  svg/NNN-NAME.svg    each distinct face in millimetres; svg/board.svg\n"
		"  png/NNN-NAME.png    each distinct face at 300 dpi with bleed; contact.png\n"
		"  manifest.csv        each distinct face: group, name, copies, its fields\n"
		"  files.txt           every file of the set\n"
		"\n"),
	OPT_MORE(build_options),
	OPT("without", 'w', "NAME", "leave out an optional group (--with NAME puts one back)"),
	OPT("with", 'W', "NAME", NULL),   /* named in --without's help */
	OPT("help", 'h', NULL, ""), OPT("version", 'V', NULL, ""),
	OPT_END,
};

const struct opt_table kit_build_options = {"build", 22, build_rows};

static void set_value_fields(struct kit_build *b, struct fields *f, const char *field,
			     const char *value)
{
	fields_set(f, field, value);
	/* A number that reads as another turned round: FIELD-ambiguous, for an underline. */
	if (*value && strspn(value, "0123456789") == strlen(value) && strlen(value) < 10 &&
	    look_ambiguous(strtol(value, NULL, 10))) {
		char *name = xasprintf("%s-ambiguous", field);
		fields_set(f, name, "1");
		free(name);
	}
	const struct kit *d = b->d;
	bool ink = false;
	for (size_t i = 0; i < d->nlooks; i++)
		if (!strcmp(d->looks[i].value, value))
			for (size_t j = 0; j < d->looks[i].n; j++) {
				char *name = xasprintf("%s-%s", field, d->looks[i].attr[j]);
				bool is_ink = !strcmp(d->looks[i].attr[j], "ink");
				const char *text = is_ink ? kit_ink(d, value) : d->looks[i].text[j];
				fields_set(f, name, text);
				ink |= is_ink;
				if (is_ink && !fields_get(f, "ink"))
					fields_set(f, "ink", text);
				free(name);
			}
	if (!ink) {
		char *name = xasprintf("%s-ink", field);
		fields_set(f, name, "black");
		free(name);
	}
}

/* The fields a component offers its template. */
static void item_fields(struct kit_build *b, size_t i, struct fields *f)
{
	const struct kit *d = b->d;
	const struct kit_item *it = &d->items[i];
	const struct kit_group *g = &d->groups[it->group];
	fields_clear(f);
	fields_set(f, "pack", d->id);
	fields_set(f, "title", d->title);
	fields_set(f, "name", it->name);
	fields_set(f, "group", g->name);
	fields_set(f, "label", g->label ? g->label : "");
	char *flag = xasprintf("is-%s", g->name);
	fields_set(f, flag, "1");
	free(flag);
	for (size_t k = 0; k < g->nfields; k++)
		set_value_fields(b, f, g->fields[k].name, it->values[k]);
	if (b->game->item_fields)
		b->game->item_fields(d, i, f);
	if (!fields_get(f, "ink"))
		fields_set(f, "ink", "black");
	data_fields(&d->data, f);
}

struct token_page {
	struct kit_build *b;
	size_t item;
	long first, count;
	int cols;
};

static void fill_token(void *user, int r, int c, struct fields *f)
{
	struct token_page *tp = user;
	long k = tp->first + (long)r * tp->cols + c;
	if (k >= tp->count)
		return;
	item_fields(tp->b, tp->item, f);
	fields_set(f, "token", "1");
	fields_setf(f, "number", "%ld", k + 1);
}

/* The token groups on cut-out sheets: the template's cells, as many as fit,
 * centred on the page (the note above them moves with them). */
static int write_tokens(struct build_ctx *bc, struct kit_build *b)
{
	const struct kit *d = b->d;
	const char *paper = build_paper(bc);
	double pw, ph;
	paper_size(paper, &pw, &ph);
	char *name = xasprintf("tokens-%s.pdf", paper);
	char *path = build_path(bc, name);
	free(name);
	if (!path)
		return -1;
	struct pdfw *w = NULL;
	int rc = 0;
	for (size_t i = 0; i < d->nitems && !rc; i++) {
		const struct kit_group *g = &d->groups[d->items[i].group];
		const struct template *t = b->tpl[d->items[i].group];
		if (g->kind != KIT_TOKEN || !t)
			continue;
		if (!w && !(w = pdfw_open(path))) {
			rc = -1;
			break;
		}
		const struct tpl_cells *c = &t->cells;
		int cols = (int)floor((pw - c->margin[1] - c->margin[3] + c->gap) / (c->w + c->gap));
		int rows = (int)floor((ph - c->margin[0] - c->margin[2] + c->gap) / (c->h + c->gap));
		if (cols < 1 || rows < 1) {
			diag(SEV_ERROR, NULL, "%s: a token does not fit on %s paper", t->file, paper);
			rc = -1;
			break;
		}
		if (c->margin[0] < bc->opts.margin || c->margin[1] < bc->opts.margin ||
		    c->margin[2] < bc->opts.margin || c->margin[3] < bc->opts.margin)
			diag(SEV_WARNING, NULL, "%s: the sheet's margins are inside the printer's %g mm",
			     t->file, bc->opts.margin);
		struct token_page tp = {b, i, 0, d->items[i].count, cols};
		struct cells cells = {rows, cols, fill_token, &tp, 0};
		/* the grid centred across the page and in the room below the note */
		double dx = (pw - cols * c->w - (cols - 1) * c->gap) / 2 - c->margin[3];
		double dy = (ph - c->margin[0] - c->margin[2] - rows * c->h - (rows - 1) * c->gap) / 2;
		for (; tp.first < tp.count; tp.first += (long)rows * cols) {
			cairo_t *cr = pdfw_page(w, pw, ph, 0, NULL);
			cairo_translate(cr, dx, dy);
			item_fields(b, i, &b->f);
			long last = tp.first + (long)rows * cols;
			fields_setf(&b->f, "sheet-note", "%s: %ld-%ld of %ld. Print at 100%%.",
				    d->items[i].name, tp.first + 1, last < tp.count ? last : tp.count, tp.count);
			draw_item(b->dr, cr, t, &b->f, &cells, tp.first == 0 ? d->items[i].name : NULL);
			pdfw_end_page(w);
		}
	}
	free(path);
	if (w)
		rc = rc ? (pdfw_abort(w), -1) : pdfw_close(w);
	return rc;
}

/* The quick reference at the size of the deck's cards (its first card group's;
 * its template's own, poker, when it has none or they are smaller than the
 * smallest playing card, as Toy Train's 28 mm locomotives). */
static void quickref_row(void *user, int r, int c, struct fields *f)
{
	(void)user;
	(void)c;
	fields_setf(f, "row", "%d", r + 1);
}

/* ... its rows, when its cells name them (if: row=N), filled through *rows. */
static struct quickref quickref_of(const struct kit_build *b, const struct fields *f, struct cells *rows)
{
	*rows = (struct cells){template_cell_rows(b->quickref), 1, quickref_row, NULL, 0};
	struct quickref q = {b->quickref, f, rows->rows > 0 ? rows : NULL, 0, 0};
	for (size_t g = 0; g < b->d->ngroups; g++)
		if (b->d->groups[g].included && b->d->groups[g].kind == KIT_CARD && b->tpl[g] &&
		    !b->tpl[g]->cells.on && fmin(b->tpl[g]->w, b->tpl[g]->h) >= 40) {
			q.w = b->tpl[g]->w;
			q.h = b->tpl[g]->h;
			break;
		}
	return q;
}

/* --preset press: each token group one token with bleed (tokens-NAME.pdf). */
static int write_token_pages(struct build_ctx *bc, struct kit_build *b)
{
	const struct kit *d = b->d;
	int rc = 0;
	for (size_t i = 0; i < d->nitems && !rc; i++) {
		const struct kit_group *g = &d->groups[d->items[i].group];
		const struct template *t = b->tpl[d->items[i].group];
		if (g->kind != KIT_TOKEN || !t)
			continue;
		fields_clear(&b->f);
		item_fields(b, i, &b->f);
		rc = build_tokens(bc, g->name, d->items[i].name, t, d->items[i].count, &b->f);
	}
	return rc;
}

/* The generic reference page (game: deck, its shipped template): when the
 * components take one row of cells, the band under them (y 72-126 mm of the
 * page, x 8-198 mm) shows some of the pack's cards, each drawn at the band's
 * height with a thin edge ("samples" tells the template to head the band). */
#define SAMPLE_TOP 72.0
#define SAMPLE_BOTTOM 126.0
#define SAMPLE_LEFT 8.0
#define SAMPLE_RIGHT 198.0
#define SAMPLE_GAP 5.0

/* The card template of item i that a sample can show, or NULL. */
static const struct template *sample_face(const struct kit_build *b, size_t i)
{
	const struct kit_group *g = &b->d->groups[b->d->items[i].group];
	const struct template *t = b->tpl[b->d->items[i].group];
	if (g->kind != KIT_CARD || !g->included || !t || t->cells.on || t->w <= 0 || t->h <= 0)
		return NULL;
	return t;
}

/* The items to show, spread across the pack (not its first few, which are
 * often alike), as many as fit the band, into pick (room for nitems);
 * their number. */
static size_t sample_pick(const struct kit_build *b, size_t *pick)
{
	const struct kit *d = b->d;
	size_t cells = d->ngroups + (d->board.present ? 1 : 0), e = 0;
	if (d->reference || !b->game->samples || cells > 2)
		return 0;
	size_t *elig = xcalloc(d->nitems + 1, sizeof *elig);
	for (size_t i = 0; i < d->nitems; i++)
		if (sample_face(b, i))
			elig[e++] = i;
	size_t n = e < 12 ? e : 12;
	for (; n > 0; n--) {
		double x = SAMPLE_LEFT - SAMPLE_GAP, hh = SAMPLE_BOTTOM - SAMPLE_TOP;
		for (size_t j = 0; j < n; j++) {
			pick[j] = elig[j * e / n];
			const struct template *t = sample_face(b, pick[j]);
			x += SAMPLE_GAP + t->w * hh / t->h;
		}
		if (x <= SAMPLE_RIGHT + 1e-6)
			break;
	}
	free(elig);
	return n;
}

/* Draw the n items of pick in the band, left to right. */
static void reference_samples(struct kit_build *b, cairo_t *cr, const size_t *pick, size_t n)
{
	struct fields f = {0};
	double x = SAMPLE_LEFT, hh = SAMPLE_BOTTOM - SAMPLE_TOP;
	for (size_t j = 0; j < n; j++) {
		const struct template *t = sample_face(b, pick[j]);
		double k = hh / t->h, w = t->w * k;
		item_fields(b, pick[j], &f);
		cairo_save(cr);
		cairo_translate(cr, x, SAMPLE_TOP);
		cairo_rectangle(cr, 0, 0, w, hh);
		cairo_clip(cr);
		cairo_save(cr);
		cairo_scale(cr, k, k);
		draw_item(b->dr, cr, t, &f, NULL, NULL);
		cairo_restore(cr);
		cairo_rectangle(cr, 0, 0, w, hh);
		cairo_set_source_rgb(cr, 0.70, 0.67, 0.60);
		cairo_set_line_width(cr, 0.25);
		cairo_stroke(cr);
		cairo_restore(cr);
		x += w + SAMPLE_GAP;
	}
	fields_free(&f);
}

/* reference.pdf: the game's reference template (kit_reference.h) on a
 * landscape page, the 279.4 x 210 mm it is laid out for centred on the paper
 * (a little smaller on letter, clear of the printable margin). */
static int write_reference(struct build_ctx *bc, struct kit_build *b)
{
	char *path = build_path(bc, "reference.pdf");
	struct pdfw *w = path ? pdfw_open(path) : NULL;
	free(path);
	if (!w)
		return -1;
	cairo_t *cr = build_landscape_page(bc, w, 279.4, 210);
	struct fields f = {0};
	kit_reference_fields(b->d, &f);
	size_t *pick = xcalloc(b->d->nitems + 1, sizeof *pick), n = sample_pick(b, pick);
	if (n)
		fields_set(&f, "samples", "1");
	kit_reference_draw(b->dr, cr, b->reference, b->d, &f);
	reference_samples(b, cr, pick, n);
	free(pick);
	struct cells rows;
	struct quickref q = quickref_of(b, &f, &rows);
	build_quickref_on_page(bc, w, cr, b->dr, &q, 279.4, 210, 207.9, 38.0);
	fields_free(&f);
	pdfw_end_page(w);
	return pdfw_close(w);
}

/* quickref.pdf (--preset press): the quick reference alone, with bleed. */
static int write_quickref(struct build_ctx *bc, struct kit_build *b)
{
	struct fields f = {0};
	kit_reference_fields(b->d, &f);
	struct cells rows;
	struct quickref q = quickref_of(b, &f, &rows);
	int rc = build_quickref_pdf(bc, b->dr, &q);
	fields_free(&f);
	return rc;
}

/* "blue 7" -> "blue-7"; "?" -> "wild". */
static char *slug(const char *name)
{
	struct buf s = {0};
	buf_add(&s, "", 0);
	for (const char *p = name; *p; p++) {
		char ch = *p;
		if (ch >= 'A' && ch <= 'Z')
			ch = (char)(ch - 'A' + 'a');
		if ((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9'))
			buf_add(&s, &ch, 1);
		else if (s.len && s.s[s.len - 1] != '-')
			buf_add(&s, "-", 1);
	}
	while (s.len && s.s[s.len - 1] == '-')
		s.s[--s.len] = 0;
	if (!s.len)
		buf_puts(&s, "wild");
	return s.s;
}

static int write_extra(struct build_ctx *bc, void *user)
{
	struct kit_build *b = user;
	int only = bc->opts.only, rc = 0;
	if (!rc && (only & BO_TOKENS) && kit_count(b->d, KIT_TOKEN))
		rc = build_press(bc) ? write_token_pages(bc, b) : write_tokens(bc, b);
	if (!rc && b->game->extra)
		rc = b->game->extra(bc, b);
	if (!rc && (only & BO_REFERENCE))
		rc = build_press(bc) ? write_quickref(bc, b) : 0;
	/* the reference page too: on a press, its area trimmed with bleed */
	if (!rc && (only & BO_REFERENCE))
		rc = write_reference(bc, b);
	if (!rc && (only & BO_SVG) && b->game->extra_svg)
		rc = b->game->extra_svg(bc, b);
	return rc;
}

/* ---- the components, for the pipeline ---- */

static size_t comp_face(void *user, long k)
{
	const struct kit_build *b = user;
	return b->face_of[b->d->items[b->phys[k]].group];
}

static void comp_fields(void *user, long k, struct fields *f)
{
	item_fields(user, ((struct kit_build *)user)->phys[k], f);
}

static void comp_label(void *user, long k, bool who, char *buf, size_t n)
{
	const struct kit_build *b = user;
	(void)who;
	snprintf(buf, n, "%s", b->d->items[b->phys[k]].name);
}

/* NNN-NAME for the first copy of each component, standing for all its copies. */
static long comp_single(void *user, long k, bool unique, char *name, size_t n)
{
	const struct kit_build *b = user;
	(void)unique;
	size_t i = b->phys[k];
	if (k > 0 && b->phys[k - 1] == i)
		return 0;
	char *s = slug(b->d->items[i].name);
	snprintf(name, n, "%03zu-%s", i + 1, s);
	free(s);
	return b->d->items[i].count;
}

/* The fields every sheet of the pack offers: pack, title and the pack's data. */
static void kit_build_pack_fields(const struct kit_build *b, struct fields *f)
{
	fields_set(f, "pack", b->d->id);
	fields_set(f, "title", b->d->title);
	data_fields(&b->d->data, f);
}

static void comp_back_fields(void *user, struct fields *f)
{
	kit_build_pack_fields(user, f);
}

static void comp_manifest(const struct build_ctx *bc, void *user, struct buf *s)
{
	const struct kit_build *b = user;
	const struct kit *d = b->d;
	(void)bc;
	static const char *const head[] = {"index", "group", "name", "copies", "fields"};
	for (size_t k = 0; k < sizeof head / sizeof *head; k++)
		csv_cell(s, head[k]);
	csv_end(s);
	struct buf f = {0};
	for (size_t i = 0; i < d->nitems; i++) {
		const struct kit_group *g = &d->groups[d->items[i].group];
		csv_cellf(s, "%zu", i + 1);
		csv_cell(s, g->name);
		csv_cell(s, d->items[i].name);
		csv_cellf(s, "%ld", d->items[i].count);
		f.len = 0;
		buf_add(&f, "", 0);
		for (size_t k = 0; k < g->nfields; k++)
			buf_printf(&f, "%s%s=%s", k ? " " : "", g->fields[k].name, d->items[i].values[k]);
		csv_cell(s, f.s);
		csv_end(s);
	}
	buf_free(&f);
}

struct template *kit_build_template(struct kit_build *b, const char *path, const struct loc *loc,
				     const char *what, bool cells)
{
	return build_template(b->dr, b->d->file, path, loc, path, what, cells);
}

/* At most --max-items printed components (every copy counted), else reported at
 * the group holding most of them. */
static int check_items(const struct kit *d, const struct build_opts *o)
{
	double total = 0, most = -1;
	const struct loc *at = &d->loc;
	for (size_t g = 0; g < d->ngroups; g++) {
		const struct kit_group *gr = &d->groups[g];
		if (!gr->included)
			continue;
		double n = 0;
		for (size_t i = 0; i < d->nitems; i++)
			if (d->items[i].group == g)
				n += (double)d->items[i].count;
		total += n;
		if (n > most) {
			most = n;
			at = &gr->loc;
		}
	}
	return build_check_items(o, total, "components", at);
}

/* Every image the items show is read, so a missing one stops the build before
 * anything is written. Returns 0 or -1. */
static int preload(struct kit_build *b)
{
	int rc = 0;
	for (size_t i = 0; i < b->d->nitems; i++) {
		const struct template *t = b->tpl[b->d->items[i].group];
		if (!t)
			continue;
		item_fields(b, i, &b->f);
		rc |= drawer_preload(b->dr, t, &b->f);
	}
	fields_clear(&b->f);
	kit_build_pack_fields(b, &b->f);
	for (size_t i = 0; i < b->nowned; i++)
		if (b->owned[i] && b->owned[i]->cells.on)
			rc |= drawer_preload(b->dr, b->owned[i], &b->f);
	if (b->back)
		rc |= drawer_preload(b->dr, b->back, &b->f);
	fields_clear(&b->f);
	return rc;
}

/* --with and --without. */
static int select_option(void *user, int c, char *arg)
{
	return names_select_add(user, c, arg) != 0 ? EXIT_INPUT : -1;
}

/* The pack's palette: its names checked (the appearance's values, the
 * templates' palette names), every template recoloured, and the values' inks
 * (suits, colours) checked under colour-vision deficiencies. */
static int apply_palette(struct kit_build *b)
{
	const struct kit *d = b->d;
	const char **names = xcalloc(d->nlooks + 1, sizeof *names);
	const char **inks = xcalloc(d->nlooks + 1, sizeof *inks);
	const char **defaults = xcalloc(d->nlooks + 1, sizeof *defaults);
	size_t n = 0;
	for (size_t i = 0; i < d->nlooks; i++) {
		const char *dflt = kit_look(d, d->looks[i].value, "ink");
		struct tpl_color c;
		if (!dflt || tpl_parse_color(dflt, &c) != 0)
			continue;
		names[n] = d->looks[i].value;
		inks[n] = kit_ink(d, names[n]);
		const struct loc *at = palette_loc(&d->palette, names[n]);
		char what[96];
		snprintf(what, sizeof what, "the ink of %s", names[n]);
		colour_note(inks[n], what, at ? at : &d->looks[i].loc);
		defaults[n++] = dflt;
	}
	int rc = palette_apply(&d->palette, b->owned, b->nowned, names, n, true);
	if (rc == 0)
		palette_check_vision(&d->palette, names, inks, defaults, n, "inks",
				     "a shape or symbol must tell them apart");
	free(names);
	free(inks);
	free(defaults);
	return rc;
}

/* Whether name (a colour's field, "colour-ink" or "colour-ink|map") is FIELD-attr. */
static bool names_attr(const char *name, const char *attr)
{
	size_t n = strcspn(name, "|"), a = strlen(attr);
	return name && n > a + 1 && name[n - a - 1] == '-' && !strncmp(name + n - a, attr, a);
}

/* Whether an element of t shows FIELD-attr's value (a placeholder "{x-attr}" in
 * its text or image, a colour field x-attr), and into vals ("\nv" each) the
 * values its conditions "x-attr=v" draw. */
static bool look_drawn(const struct template *t, const char *attr, struct buf *vals)
{
	if (!t)
		return false;
	char *ph = xasprintf("-%s}", attr), *pm = xasprintf("-%s|", attr), *eq = xasprintf("-%s=", attr);
	bool any = false;
	for (int part = 0; part < 2; part++) {
		const struct tpl_elem *v = part ? t->cells.elems : t->elems;
		size_t n = part ? t->cells.nelems : t->nelems;
		for (size_t i = 0; i < n; i++) {
			const struct tpl_elem *e = &v[i];
			const char *texts[] = {e->text, e->image};
			for (size_t k = 0; k < 2; k++)
				any |= texts[k] && (strstr(texts[k], ph) || strstr(texts[k], pm));
			const char *cols[] = {e->color.field, e->fill.field, e->stroke.field};
			for (size_t k = 0; k < 3; k++)
				any |= cols[k] && names_attr(cols[k], attr);
			for (const char *c = e->if_field; c && (c = strstr(c, eq)); c++) {
				const char *val = c + strlen(eq);
				buf_printf(vals, "\n%.*s", (int)strcspn(val, "\n"), val);
			}
		}
	}
	free(ph);
	free(pm);
	free(eq);
	return any;
}

/* Every appearance attribute (but ink) is drawn: some face template shows its
 * value, or draws the given value under a condition; else an error at the
 * appearance entry naming the values the faces draw. 0, or -1. */
static int check_appearance(const struct kit_build *b)
{
	const struct kit *d = b->d;
	int rc = 0;
	for (size_t i = 0; i < d->nlooks; i++) {
		const struct kit_look *l = &d->looks[i];
		for (size_t j = 0; j < l->n; j++) {
			if (!strcmp(l->attr[j], "ink"))
				continue;
			struct buf vals = {0};
			buf_add(&vals, "", 0);
			bool any = false;
			/* the components' faces show it (a legend drawing it is not enough) */
			for (size_t g = 0; g < d->ngroups; g++)
				if (d->groups[g].included)
					any |= look_drawn(b->tpl[g], l->attr[j], &vals);
			buf_puts(&vals, "\n");
			char *want = xasprintf("\n%s\n", l->text[j]);
			if (!any && !strstr(vals.s, want)) {
				/* the values drawn, each once, in the order the templates have them */
				struct buf seen = {0}, list = {0};
				buf_add(&seen, "\n", 1);
				for (char *v = vals.s; *v == '\n' && v[1]; v += strcspn(v + 1, "\n") + 1) {
					int len = (int)strcspn(v + 1, "\n");
					char *one = xasprintf("\n%.*s\n", len, v + 1);
					if (!strstr(seen.s, one)) {
						buf_puts(&seen, one + 1);
						buf_printf(&list, "%s%.*s", list.len ? ", " : "", len, v + 1);
					}
					free(one);
				}
				buf_free(&seen);
				if (list.len)
					diag(SEV_ERROR, &l->loc, "%s: %s '%s' is drawn by no template of this pack (they draw %s %s)",
					     l->value, l->attr[j], l->text[j], l->attr[j], list.s);
				else
					diag(SEV_ERROR, &l->loc, "%s: %s '%s': no template of this pack draws a %s",
					     l->value, l->attr[j], l->text[j], l->attr[j]);
				buf_free(&list);
				rc = -1;
			}
			free(want);
			buf_free(&vals);
		}
	}
	return rc;
}

/* Each included group's face template (groups naming the same file share one),
 * the back and the game's own: EXIT_OK, or EXIT_INPUT after reporting. */
static int load_templates(struct kit_build *b)
{
	const struct kit *d = b->d;
	int status = EXIT_OK;
	for (size_t g = 0; g < d->ngroups; g++) {
		const struct kit_group *gr = &d->groups[g];
		if (!gr->included)
			continue;
		if (!gr->face) {
			diag(SEV_ERROR, &gr->loc, "group '%s' names no 'face' template to draw it with",
			     gr->name);
			status = EXIT_INPUT;
			continue;
		}
		for (size_t h = 0; h < g && !b->tpl[g]; h++)
			if (d->groups[h].face && !strcmp(d->groups[h].face, gr->face) &&
			    (d->groups[h].kind == KIT_TOKEN) == (gr->kind == KIT_TOKEN))
				b->tpl[g] = b->tpl[h];
		if (!b->tpl[g] && (b->tpl[g] = kit_build_template(b, gr->face, &gr->loc_face, "face",
								  gr->kind == KIT_TOKEN)))
			b->owned[b->nowned++] = b->tpl[g];
		if (!b->tpl[g])
			status = EXIT_INPUT;
	}
	if (d->back && !(b->back = kit_build_template(b, d->back, &d->loc_back, "back", false)))
		status = EXIT_INPUT;
	if (d->board.present && d->board.face && !b->game->board) {
		diag(SEV_ERROR, &d->board.loc_face, "a %s pack has no board to draw", d->game);
		status = EXIT_INPUT;
	}
	if (d->setup && !b->game->setup) {
		diag(SEV_ERROR, &d->loc_setup, "a %s pack has no setup sheet to draw", d->game);
		status = EXIT_INPUT;
	}
	if (b->game->prepare && b->game->prepare(b) != 0)
		status = EXIT_INPUT;
	if (!(b->reference = kit_build_template(b, d->reference ? d->reference :
						 kit_reference_default(d), d->reference ?
						 &d->loc_reference : NULL, "reference", true)))
		status = EXIT_INPUT;
	/* a card of rows (cells) at a size: build_quickref_draw lays them out */
	if (!(b->quickref = kit_build_template(b, kit_quickref_default(d), NULL, "quick reference", true)))
		status = EXIT_INPUT;
	else if (!b->quickref->has_size) {
		diag(SEV_ERROR, &b->quickref->loc_size, "%s: a quick reference needs a 'size' (the card it is designed at)",
		     b->quickref->file);
		status = EXIT_INPUT;
	}
	b->owned[b->nowned++] = b->back;
	b->owned[b->nowned++] = b->reference;
	b->owned[b->nowned++] = b->quickref;
	for (size_t i = 0; i < KIT_BUILD_MAX_OWN; i++)
		b->owned[b->nowned++] = b->own[i];
	if (status == EXIT_OK && apply_palette(b) != 0)
		status = EXIT_INPUT;
	if (status == EXIT_OK && check_appearance(b) != 0)
		status = EXIT_INPUT;
	return status;
}

/* The physical components in print order, and the distinct face templates of the
 * cards, tiles and letters, each named by the first group drawn with it. */
static void index_faces(struct kit_build *b)
{
	const struct kit *d = b->d;
	b->phys = xcalloc((size_t)kit_count(d, KIT_CARD) + (size_t)kit_count(d, KIT_TILE) +
			  (size_t)kit_count(d, KIT_LETTER) + 1, sizeof *b->phys);
	for (size_t i = 0; i < d->nitems; i++)
		if (d->groups[d->items[i].group].kind != KIT_TOKEN)
			for (long k = 0; k < d->items[i].count; k++)
				b->phys[b->nphys++] = i;
	b->faces = xcalloc(d->ngroups + 1, sizeof *b->faces);
	b->face_names = xcalloc(d->ngroups + 1, sizeof *b->face_names);
	b->face_of = xcalloc(d->ngroups + 1, sizeof *b->face_of);
	for (size_t g = 0; g < d->ngroups; g++) {
		if (!b->tpl[g] || d->groups[g].kind == KIT_TOKEN)
			continue;
		size_t f = 0;
		while (f < b->nfaces && b->faces[f] != b->tpl[g])
			f++;
		if (f == b->nfaces) {
			b->faces[b->nfaces] = b->tpl[g];
			b->face_names[b->nfaces++] = d->groups[g].name;
		}
		b->face_of[g] = f;
	}
}

static void kit_build_free(struct kit_build *b)
{
	for (size_t i = 0; i < b->nowned; i++)
		template_free(b->owned[i]);
	free(b->owned);
	free(b->tpl);
	free(b->phys);
	free(b->faces);
	free(b->face_names);
	free(b->face_of);
	fields_free(&b->f);
	drawer_free(b->dr);
	kit_free(b->d);
}

/* A token's cell: the token's fields (user). */
static void fill_same(void *user, int r, int c, struct fields *f)
{
	const struct fields *from = user;
	(void)r;
	(void)c;
	for (size_t i = 0; i < from->n; i++)
		fields_set(f, from->v[i].name, from->v[i].value);
	fields_set(f, "token", "1");
	fields_set(f, "number", "1");
}

/* Draw every distinct face of b (tokens once each) and its back onto a
 * recording surface; the faces drawn, or -1 when a text was refused. */
static long rehearse_draw(struct kit_build *b)
{
	unsigned long refused = draw_refusals();
	cairo_surface_t *s = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, NULL);
	cairo_t *cr = cairo_create(s);
	long faces = 0;
	for (size_t i = 0; i < b->d->nitems; i++) {
		const struct template *t = b->tpl[b->d->items[i].group];
		if (!t)
			continue;
		item_fields(b, i, &b->f);
		struct cells one = {1, 1, fill_same, &b->f, 1};
		cairo_save(cr);
		draw_item(b->dr, cr, t, &b->f, t->cells.on ? &one : NULL, b->d->items[i].name);
		cairo_restore(cr);
		faces++;
	}
	if (b->back) {
		fields_clear(&b->f);
		kit_build_pack_fields(b, &b->f);
		draw_item(b->dr, cr, b->back, &b->f, NULL, "the back");
	}
	cairo_destroy(cr);
	cairo_surface_destroy(s);
	drawer_report(b->dr);
	return draw_refusals() == refused ? faces : -1;
}

int kit_build_rehearse(const struct game *game, struct kit *d, const struct game_rules *rules)
{
	struct build_opts o;
	build_opts_init(&o);
	trust_set_pack(d->file);
	struct kit_build b = {.d = d, .game = game->build, .rules = rules};
	b.dr = drawer_new();
	b.tpl = xcalloc(d->ngroups + 1, sizeof *b.tpl);
	b.owned = xcalloc(d->ngroups + 3 + KIT_BUILD_MAX_OWN, sizeof *b.owned);
	long faces = -1;
	if (load_templates(&b) == EXIT_OK &&
	    (build_fit(&o, &d->data, d->file, b.owned, b.nowned, b.back, "a face") | preload(&b)) == 0)
		faces = rehearse_draw(&b);
	kit_build_free(&b);
	return faces > INT_MAX ? INT_MAX : (int)faces;
}

int kit_build(const struct game *game, const struct ydoc *pack, int argc, char **argv)
{
	struct build_opts o;
	struct names_select sel = {0};
	int status = build_parse(argc, argv, &o, &kit_build_options, select_option, &sel);
	if (status >= 0)
		return status;
	struct game_rules rules;
	struct kit *d = kit_games_load(game, pack, argv[optind], &sel, &rules);
	if (!d)
		return EXIT_INPUT;
	trust_set_pack(d->file);
	/* Bounded work and memory, refused before any template is read. */
	if (check_items(d, &o) != 0) {
		kit_free(d);
		return EXIT_INPUT;
	}
	/* The pack-level check, as trains packs get it: unsound is not built
	 * without --force, and then every item is marked "unchecked". */
	status = build_check_sound(&o, d->file, game->build->sound ? game->build->sound(d, &rules, false) : 0);
	if (status != EXIT_OK) {
		kit_free(d);
		return status;
	}
	struct kit_build b = {.d = d, .game = game->build, .rules = &rules};
	b.dr = drawer_new();
	b.tpl = xcalloc(d->ngroups + 1, sizeof *b.tpl);
	b.owned = xcalloc(d->ngroups + 3 + KIT_BUILD_MAX_OWN, sizeof *b.owned);
	status = load_templates(&b);
	if (status == EXIT_OK) {
		int rc = build_fit(&o, &d->data, d->file, b.owned, b.nowned, b.back, "a face");
		if ((rc | preload(&b)) != 0)
			status = EXIT_INPUT;
	}
	if (status == EXIT_OK)
		index_faces(&b);
	if (status == EXIT_OK) {
		struct build_ctx ctx = {.opts = o, .id = d->id, .dr = b.dr};
		ctx.it = (struct build_items){
			.count = b.nphys, .faces = b.faces, .nfaces = b.nfaces, .face_names = b.face_names,
			.back = b.back, .face_of = comp_face, .fields = comp_fields, .label = comp_label,
			.single = comp_single, .back_fields = comp_back_fields, .extra = write_extra,
			.manifest = comp_manifest, .user = &b,
		};
		status = build_run(&ctx);
	}
	kit_build_free(&b);
	return status;
}
