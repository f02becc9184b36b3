/* games_build.c: `railyard build` for the other train games: every component of a
 * deck pack and its fields, handed to the pipeline (pipeline.h) for faces, backs,
 * sheets, SVG and PNG files; token sheets, a board tiled across pages, a setup
 * sheet and the reference are this game family's own files. */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>

#include "commands.h"
#include "datapath.h"
#include "deck.h"
#include "diag.h"
#include "draw.h"
#include "look.h"
#include "games.h"
#include "names.h"
#include "output.h"
#include "pipeline.h"
#include "template.h"
#include "trust.h"
#include "util.h"

static const char build_usage[] =
	"usage: railyard build [OPTIONS] PACK.yaml     (a pack whose game is not trains)\n\n"
	"Write the pack's print-ready files into out/PACK/ (or -o DIR: DIR/PACK/):\n"
	"  faces.pdf           every card, tile and carriage, one per page, trim + bleed\n"
	"  back.pdf            the back, one page (svg/back.svg, png/back.png)\n"
	"  sheets-a4.pdf       as many per page as fit, each with its bleed, crop marks,\n"
	"  sheets-letter.pdf   backs for duplex (one pair per face template:\n"
	"                      sheets-GROUP-a4.pdf ...)\n"
	"  tokens-a4.pdf       the tokens as cut-out sheets\n"
	"  board.pdf           the board at full size, tiled across pages when larger\n"
	"  setup.pdf           the setup sheet (Train: the piles of the four rounds)\n"
	"  reference.pdf       the components and the deal table on one page\n"
	"  svg/NNN-NAME.svg    each distinct face in millimetres; svg/board.svg\n"
	"  png/NNN-NAME.png    each distinct face at 300 dpi with bleed; contact.png\n"
	"  manifest.csv        each distinct face: group, name, copies, its fields\n"
	"  files.txt           every file of the set\n\n"
	"%s"
	"  -w, --without NAME  leave out an optional group (--with NAME puts one back)\n"
	"  -h, --help, -V, --version\n";

struct gbuild {
	struct deck *d;
	struct drawer *dr;
	struct fields f;           /* the board's, setup's and tokens' (main thread) */
	struct template **tpl;     /* per group: its face template, or NULL */
	struct template *back, *board, *setup;
	size_t *phys;              /* physical components (not tokens): item indices */
	long nphys;
	const struct template **faces;  /* the distinct face templates of phys */
	const char **face_names;        /* the group that names each */
	size_t nfaces;
	size_t *face_of;           /* per group: index into faces */
	bool board_reported;
	const struct t52_pack_rules *t52;  /* the setup sheet's piles per round (train-52) */
};

/* Pips 1..9 of a domino half, positions in a 3x3 grid read row by row. */
static const char *const pips[10] = {"", "5", "19", "159", "1379", "13579", "134679",
				     "1345679", "12346789", "123456789"};

static void set_value_fields(struct gbuild *b, struct fields *f, const char *field,
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
	const struct deck *d = b->d;
	bool ink = false;
	for (size_t i = 0; i < d->nlooks; i++)
		if (!strcmp(d->looks[i].value, value))
			for (size_t j = 0; j < d->looks[i].n; j++) {
				char *name = xasprintf("%s-%s", field, d->looks[i].attr[j]);
				fields_set(f, name, d->looks[i].text[j]);
				ink |= !strcmp(d->looks[i].attr[j], "ink");
				if (!strcmp(d->looks[i].attr[j], "ink") && !fields_get(f, "ink"))
					fields_set(f, "ink", d->looks[i].text[j]);
				free(name);
			}
	if (!ink) {
		char *name = xasprintf("%s-ink", field);
		fields_set(f, name, "black");
		free(name);
	}
}

/* The fields a component offers its template. */
static void item_fields(struct gbuild *b, size_t i, struct fields *f)
{
	const struct deck *d = b->d;
	const struct deck_item *it = &d->items[i];
	const struct deck_group *g = &d->groups[it->group];
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
	if (g->kind == DK_TILE)
		for (size_t k = 0; k < 2; k++) {
			const char *half = g->fields[k].name;
			long v = strtol(it->values[k], NULL, 10);
			char name[32];
			if (v <= 9) {
				for (const char *p = pips[v]; *p; p++) {
					snprintf(name, sizeof name, "%s-p%c", half, *p);
					fields_set(f, name, "1");
				}
				snprintf(name, sizeof name, "%s-pips", half);
			} else {
				snprintf(name, sizeof name, "%s-numeral", half);
			}
			fields_set(f, name, "1");
		}
	if (g->kind == DK_LETTER)
		fields_set(f, "wild", g->wild && !strcmp(it->values[0], g->wild) ? "1" : "");
	if (!fields_get(f, "ink"))
		fields_set(f, "ink", "black");
	data_fields(&d->data, f);
}

struct token_page {
	struct gbuild *b;
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

/* The token groups on cut-out sheets: the template's cells, as many as fit. */
static int write_tokens(struct build_ctx *bc, struct gbuild *b)
{
	const struct deck *d = b->d;
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
		const struct deck_group *g = &d->groups[d->items[i].group];
		const struct template *t = b->tpl[d->items[i].group];
		if (g->kind != DK_TOKEN || !t)
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
		struct cells cells = {rows, cols, fill_token, &tp};
		for (; tp.first < tp.count; tp.first += (long)rows * cols) {
			cairo_t *cr = pdfw_page(w, pw, ph, 0, NULL);
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

/* The board: spaces 1..N in rows that turn at each end (a serpentine track). */
static void board_shape(const struct deck *d, int *rows, int *cols)
{
	*cols = (int)ceil(sqrt(2.0 * d->board.spaces));
	*rows = (d->board.spaces + *cols - 1) / *cols;
}

static void fill_space(void *user, int r, int c, struct fields *f)
{
	struct gbuild *b = user;
	const struct deck_board *bd = &b->d->board;
	int rows, cols;
	board_shape(b->d, &rows, &cols);
	int along = r % 2 ? cols - 1 - c : c;
	int space = r * cols + along + 1;
	if (space > bd->spaces)
		return;
	fields_set(f, "on", "1");
	fields_setf(f, "space", "%d", space);
	const char *label = space == bd->start ? bd->start_label : space == bd->finish ? bd->finish_label : NULL;
	fields_set(f, "label", label ? label : "");
	fields_set(f, "start", space == bd->start ? "1" : "");
	fields_set(f, "finish", space == bd->finish ? "1" : "");
	const struct deck_mark *m = deck_space_mark(b->d, space);
	fields_set(f, "mark", m ? (m->label ? m->label : m->name) : "");
	if (m)
		fields_set(f, m->name, "1");
	/* the way on: along the row, or down at its end */
	bool row_end = along == cols - 1;
	const char *arrow = space == bd->spaces ? "" : row_end ? "↓" : r % 2 ? "←" : "→";
	fields_set(f, "arrow", arrow);
}

static void draw_board(void *user, cairo_t *cr, long index, int side)
{
	struct gbuild *b = user;
	(void)index;
	(void)side;
	int rows, cols;
	board_shape(b->d, &rows, &cols);
	struct cells c = {rows, cols, fill_space, b};
	fields_clear(&b->f);
	fields_set(&b->f, "title", b->d->title);
	fields_set(&b->f, "pack", b->d->id);
	draw_item(b->dr, cr, b->board, &b->f, &c, b->board_reported ? NULL : "board");
	b->board_reported = true;
}

static int write_board(struct build_ctx *bc, struct gbuild *b)
{
	double iw, ih;
	int rows, cols;
	board_shape(b->d, &rows, &cols);
	template_size(b->board, rows, cols, &iw, &ih);
	return build_tiled(bc, "board.pdf", iw, ih, draw_board, b);
}

/* The setup sheet: a row per round (rules: piles, read by train52.c), a cell per pile. */
static long piles_in(const struct t52_pack_rules *t, size_t r)
{
	return r < t->nrounds ? t->piles[r] : 0;
}

static void fill_setup(void *user, int r, int c, struct fields *f)
{
	struct gbuild *b = user;
	const struct deck *d = b->d;
	long np = piles_in(b->t52, (size_t)r);
	long total = deck_count(d, DK_CARD);
	fields_setf(f, "round", "%d", r + 1);
	fields_setf(f, "piles", "%ld", np);
	fields_setf(f, "closed", "%ld", np ? np - 1 : 0);
	fields_setf(f, "piles-text", "%ld pile%s", np, np == 1 ? "" : "s");
	if (np > 1)
		fields_setf(f, "closed-text", "up to %ld closed", np - 1);
	else
		fields_set(f, "closed-text", "none may be closed");
	if (c == 0) {
		fields_set(f, "head", "1");
		return;
	}
	if (c > np)
		return;
	fields_setf(f, "pile", "%d", c);
	struct buf s = {0};
	for (size_t i = 0; i < d->ndeals; i++)
		for (int pl = d->deals[i].lo; pl <= d->deals[i].hi; pl++) {
			long each = deck_hand_size(d, pl, total);
			if (each < 0 || each * pl > total)
				continue;
			long rest = total - each * pl;
			buf_printf(&s, "%s%d players: %ld", s.len ? "\n" : "", pl,
				   rest / np + (c - 1 < rest % np));
		}
	fields_set(f, "sizes", s.s ? s.s : "");
	buf_free(&s);
}

static void setup_shape(const struct gbuild *b, int *rows, int *cols)
{
	*rows = (int)b->t52->nrounds;
	*cols = 1;
	for (size_t r = 0; r < b->t52->nrounds; r++)
		if (piles_in(b->t52, r) + 1 > *cols)
			*cols = (int)piles_in(b->t52, r) + 1;
}

static void draw_setup(void *user, cairo_t *cr, long index, int side)
{
	struct gbuild *b = user;
	(void)index;
	(void)side;
	int rows, cols;
	setup_shape(b, &rows, &cols);
	struct cells c = {rows, cols, fill_setup, b};
	fields_clear(&b->f);
	fields_set(&b->f, "title", b->d->title);
	fields_set(&b->f, "pack", b->d->id);
	const struct deck_deal *e = b->d->ndeals ? &b->d->deals[0] : NULL;
	if (e)
		fields_setf(&b->f, "deal", "%d-%d players, %ld cards each", e->lo, e->hi, e->cards);
	draw_item(b->dr, cr, b->setup, &b->f, &c, "setup sheet");
}

static int write_setup(struct build_ctx *bc, struct gbuild *b)
{
	double iw, ih;
	int rows, cols;
	setup_shape(b, &rows, &cols);
	template_size(b->setup, rows, cols, &iw, &ih);
	return build_tiled(bc, "setup.pdf", iw, ih, draw_setup, b);
}

static void add_row(char ***cells, size_t *rows, size_t *cap, const char *a, const char *b,
		    const char *c)
{
	*cells = xgrow(*cells, cap, (*rows + 1) * 3, sizeof **cells);
	(*cells)[*rows * 3] = xstrdup(a);
	(*cells)[*rows * 3 + 1] = xstrdup(b);
	(*cells)[*rows * 3 + 2] = xstrdup(c);
	(*rows)++;
}

/* reference.pdf: what the pack holds and how it is dealt, as `railyard list`. */
static int write_reference(struct build_ctx *bc, struct gbuild *b)
{
	const struct deck *d = b->d;
	double pw, ph;
	paper_size(build_paper(bc), &pw, &ph);
	char *path = build_path(bc, "reference.pdf");
	struct pdfw *w = path ? pdfw_open(path) : NULL;
	free(path);
	if (!w)
		return -1;
	cairo_t *cr = pdfw_page(w, pw, ph, 0, NULL);
	cairo_set_source_rgb(cr, 0, 0, 0);
	static const char font[] = "DejaVu Sans";
	struct fields t = {0};
	fields_set(&t, "t", d->title);
	fields_set(&t, "g", d->game);
	char *title = fields_expand(&t, "<b>{t}</b> ({g})", true, NULL);
	fields_free(&t);
	double y = 15 + draw_text(b->dr, cr, font, 6.0, false, title, 15, 15, pw - 30) + 5;
	free(title);
	char **cells = NULL;
	size_t rows = 0, cap = 0;
	add_row(&cells, &rows, &cap, "component", "what", "count");
	for (size_t i = 0; i < d->nitems; i++) {
		const struct deck_group *g = &d->groups[d->items[i].group];
		char n[24];
		snprintf(n, sizeof n, "%ld", d->items[i].count);
		add_row(&cells, &rows, &cap, g->label ? g->label : g->name, d->items[i].name, n);
	}
	y += draw_table(b->dr, cr, font, 3.4, (const char *const *)cells, rows, 3, 3, 15, y, pw - 30,
			(ph - y) * 0.65) + 6;
	for (size_t i = 0; i < rows * 3; i++)
		free(cells[i]);
	free(cells);
	cells = NULL;
	rows = cap = 0;
	long total = 0;
	for (size_t i = 0; i < d->nitems; i++)
		if (d->groups[d->items[i].group].kind != DK_TOKEN)
			total += d->items[i].count;
	add_row(&cells, &rows, &cap, "players", "each", "rest");
	for (int p = 1; p <= DECK_MAX_PLAYERS; p++) {
		long each = deck_hand_size(d, p, total);
		if (each < 0 || each * p > total)
			continue;
		char a[16], e[24], r[24];
		snprintf(a, sizeof a, "%d", p);
		snprintf(e, sizeof e, "%ld", each);
		snprintf(r, sizeof r, "%ld", total - each * p);
		add_row(&cells, &rows, &cap, a, e, r);
	}
	if (rows > 1) {
		char *head = xasprintf("The deal (the rest: %s)", d->deal_rest ? d->deal_rest : "left over");
		struct fields h = {0};
		fields_set(&h, "h", head);
		char *markup = fields_expand(&h, "<b>{h}</b>", true, NULL);
		fields_free(&h);
		free(head);
		y += draw_text(b->dr, cr, font, 4.0, false, markup, 15, y, pw - 30) + 2;
		free(markup);
		draw_table(b->dr, cr, font, 3.4, (const char *const *)cells, rows, 3, 1, 15, y, pw - 30,
			   ph - y - 12);
	}
	for (size_t i = 0; i < rows * 3; i++)
		free(cells[i]);
	free(cells);
	pdfw_end_page(w);
	return pdfw_close(w);
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
	struct gbuild *b = user;
	int only = bc->opts.only, rc = 0;
	if (!rc && (only & BO_TOKENS) && deck_count(b->d, DK_TOKEN))
		rc = write_tokens(bc, b);
	if (!rc && (only & (BO_BOARD | BO_PLACEMAT)) && b->board)
		rc = write_board(bc, b);
	if (!rc && (only & (BO_SETUP | BO_PLACEMAT)) && b->setup)
		rc = write_setup(bc, b);
	if (!rc && (only & BO_REFERENCE))
		rc = write_reference(bc, b);
	if (!rc && (only & BO_SVG) && b->board) {
		double iw, ih;
		int rows, cols;
		board_shape(b->d, &rows, &cols);
		template_size(b->board, rows, cols, &iw, &ih);
		char *path = build_path(bc, "svg/board.svg");
		rc = path ? svg_write(path, iw, ih, b->board->bleed, draw_board, b, 0) : -1;
		free(path);
	}
	return rc;
}

/* ---- the components, for the pipeline ---- */

static size_t comp_face(void *user, long k)
{
	const struct gbuild *b = user;
	return b->face_of[b->d->items[b->phys[k]].group];
}

static void comp_fields(void *user, long k, struct fields *f)
{
	item_fields(user, ((struct gbuild *)user)->phys[k], f);
}

static void comp_label(void *user, long k, bool who, char *buf, size_t n)
{
	const struct gbuild *b = user;
	(void)who;
	snprintf(buf, n, "%s", b->d->items[b->phys[k]].name);
}

/* NNN-NAME for the first copy of each component, standing for all its copies. */
static long comp_single(void *user, long k, bool unique, char *name, size_t n)
{
	const struct gbuild *b = user;
	(void)unique;
	size_t i = b->phys[k];
	if (k > 0 && b->phys[k - 1] == i)
		return 0;
	char *s = slug(b->d->items[i].name);
	snprintf(name, n, "%03zu-%s", i + 1, s);
	free(s);
	return b->d->items[i].count;
}

static void comp_back_fields(void *user, struct fields *f)
{
	const struct gbuild *b = user;
	fields_set(f, "pack", b->d->id);
	fields_set(f, "title", b->d->title);
	data_fields(&b->d->data, f);
}

static void comp_manifest(const struct build_ctx *bc, void *user, struct buf *s)
{
	const struct gbuild *b = user;
	const struct deck *d = b->d;
	(void)bc;
	buf_puts(s, "index,group,name,copies,fields\n");
	for (size_t i = 0; i < d->nitems; i++) {
		const struct deck_group *g = &d->groups[d->items[i].group];
		buf_printf(s, "%zu,%s,\"%s\",%ld,\"", i + 1, g->name, d->items[i].name,
			   d->items[i].count);
		for (size_t k = 0; k < g->nfields; k++)
			buf_printf(s, "%s%s=%s", k ? " " : "", g->fields[k].name, d->items[i].values[k]);
		buf_puts(s, "\"\n");
	}
}

static struct template *load_tpl(struct drawer *dr, const struct deck *d, const char *path,
				 const struct loc *loc, const char *what, bool cells)
{
	char *found = template_find(d->file, path, path);
	if (!found) {
		datapath_not_found(loc, what, path);
		return NULL;
	}
	char *safe = trust_path(found, loc, what, path);
	struct template *t = safe ? template_load(found) : NULL;
	if (t && drawer_check_fonts(dr, t) != 0) {
		template_free(t);
		t = NULL;
	}
	if (safe && !t)
		diag(SEV_NOTE, loc, "the %s template chosen here", what);
	free(safe);
	free(found);
	if (t && t->cells.on != cells) {
		diag(SEV_ERROR, loc, "the %s template %s needs %s", what, t->file,
		     cells ? "'cells' (one per space or token)" : "a 'size', not 'cells'");
		template_free(t);
		return NULL;
	}
	return t;
}

/* At most max printed components (every copy counted), else reported at the
 * group holding most of them. */
static int check_items(const struct deck *d, long max)
{
	double total = 0, most = -1;
	const struct loc *at = &d->loc;
	for (size_t g = 0; g < d->ngroups; g++) {
		const struct deck_group *gr = &d->groups[g];
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
	if (total <= (double)max)
		return 0;
	diag(SEV_ERROR, at, "the pack prints %.0f components, more than the %ld a build allows (--max-items N raises it)",
	     total, max);
	return -1;
}

/* The pack's size: (if any) for every card face and the back; then every image
 * the items show is read, so a missing one stops the build before anything is
 * written. Returns 0 or -1. */
static int fit_sizes(struct gbuild *b, struct template **owned, size_t nowned)
{
	const struct card_data *cd = &b->d->data;
	for (size_t i = 0; cd->has_size && i < nowned; i++)
		if (owned[i] && !owned[i]->cells.on)
			template_resize(owned[i], cd->w, cd->h);
	for (size_t i = 0; i < nowned; i++)
		if (owned[i])
			template_set_pack(owned[i], b->d->file);
	int rc = 0;
	for (size_t i = 0; i < b->d->nitems; i++) {
		const struct template *t = b->tpl[b->d->items[i].group];
		if (!t)
			continue;
		item_fields(b, i, &b->f);
		rc |= drawer_preload(b->dr, t, &b->f);
	}
	fields_clear(&b->f);
	fields_set(&b->f, "pack", b->d->id);
	fields_set(&b->f, "title", b->d->title);
	data_fields(cd, &b->f);
	for (size_t i = 0; i < nowned; i++)
		if (owned[i] && owned[i]->cells.on)
			rc |= drawer_preload(b->dr, owned[i], &b->f);
	if (b->back)
		rc |= drawer_preload(b->dr, b->back, &b->f);
	fields_clear(&b->f);
	return rc;
}

/* --with and --without. */
static int select_option(void *user, int c, char *arg)
{
	if (c != 'w' && c != 'W') {
		diag(SEV_ERROR, NULL, "unknown option (see 'railyard build --help')");
		return EXIT_INPUT;
	}
	return games_select_add(user, c, arg) != 0 ? EXIT_INPUT : -1;
}

int games_build(const struct game *game, int argc, char **argv)
{
	struct build_opts o;
	struct games_select sel = {0};
	int status = build_parse(argc, argv, &o, build_usage, select_option, &sel);
	if (status >= 0)
		return status;
	status = EXIT_OK;
	struct game_rules rules;
	struct deck *d = games_load(game, argv[optind], &sel, &rules);
	if (!d)
		return EXIT_INPUT;
	trust_set_pack(d->file);
	/* Bounded work and memory, refused before any template is read. */
	if (check_items(d, o.max_items) != 0) {
		deck_free(d);
		return EXIT_INPUT;
	}
	struct gbuild b = {.d = d, .t52 = &rules.train52};
	b.dr = drawer_new();
	b.tpl = xcalloc(d->ngroups + 1, sizeof *b.tpl);
	struct template **owned = xcalloc(d->ngroups + 4, sizeof *owned);
	/* the outputs of a home build (a preset draws the items and the back only) */
	int home = o.preset == PRESET_HOME ? o.only : 0;
	size_t nowned = 0;
	for (size_t g = 0; g < d->ngroups; g++) {
		const struct deck_group *gr = &d->groups[g];
		if (!gr->included)
			continue;
		if (!gr->face) {
			diag(SEV_ERROR, &gr->loc, "group '%s' names no 'face' template to draw it with",
			     gr->name);
			status = EXIT_INPUT;
			continue;
		}
		if (gr->kind == DK_TOKEN && !(home & BO_TOKENS))
			continue;  /* only the templates an output draws are loaded */
		for (size_t h = 0; h < g && !b.tpl[g]; h++)
			if (d->groups[h].face && !strcmp(d->groups[h].face, gr->face) &&
			    (d->groups[h].kind == DK_TOKEN) == (gr->kind == DK_TOKEN))
				b.tpl[g] = b.tpl[h];
		if (!b.tpl[g] && (b.tpl[g] = load_tpl(b.dr, d, gr->face, &gr->loc_face, "face",
						       gr->kind == DK_TOKEN)))
			owned[nowned++] = b.tpl[g];
		if (!b.tpl[g])
			status = EXIT_INPUT;
	}
	if (d->back && !(b.back = load_tpl(b.dr, d, d->back, &d->loc_back, "back", false)))
		status = EXIT_INPUT;
	if (d->board.present && d->board.face && (home & (BO_BOARD | BO_PLACEMAT | BO_SVG)) &&
	    !(b.board = load_tpl(b.dr, d, d->board.face, &d->board.loc_face, "board", true)))
		status = EXIT_INPUT;
	if (d->setup && (home & (BO_SETUP | BO_PLACEMAT)) && !(b.setup = load_tpl(b.dr, d, d->setup, &d->loc_setup, "setup", true)))
		status = EXIT_INPUT;
	if (d->setup && !rules.train52.nrounds) {
		diag(SEV_ERROR, &d->loc_setup, "a setup sheet needs 'rules: {piles: [4, 3, 2, 1]}'");
		status = EXIT_INPUT;
	}
	owned[nowned++] = b.back;
	owned[nowned++] = b.board;
	owned[nowned++] = b.setup;
	if (status == EXIT_OK && fit_sizes(&b, owned, nowned) != 0)
		status = EXIT_INPUT;
	if (status != EXIT_OK)
		goto done;
	b.phys = xcalloc((size_t)deck_count(d, DK_CARD) + (size_t)deck_count(d, DK_TILE) +
			 (size_t)deck_count(d, DK_LETTER) + 1, sizeof *b.phys);
	for (size_t i = 0; i < d->nitems; i++)
		if (d->groups[d->items[i].group].kind != DK_TOKEN)
			for (long k = 0; k < d->items[i].count; k++)
				b.phys[b.nphys++] = i;
	/* The distinct face templates of the cards, tiles and letters, each named by
	 * the first group drawn with it. */
	b.faces = xcalloc(d->ngroups + 1, sizeof *b.faces);
	b.face_names = xcalloc(d->ngroups + 1, sizeof *b.face_names);
	b.face_of = xcalloc(d->ngroups + 1, sizeof *b.face_of);
	for (size_t g = 0; g < d->ngroups; g++) {
		if (!b.tpl[g] || d->groups[g].kind == DK_TOKEN)
			continue;
		size_t f = 0;
		while (f < b.nfaces && b.faces[f] != b.tpl[g])
			f++;
		if (f == b.nfaces) {
			b.faces[b.nfaces] = b.tpl[g];
			b.face_names[b.nfaces++] = d->groups[g].name;
		}
		b.face_of[g] = f;
	}
	double bleed = build_bleed(&o);
	for (size_t i = 0; bleed >= 0 && i < nowned; i++)
		if (owned[i] && !owned[i]->cells.on)
			owned[i]->bleed = bleed;
	/* Every face drawn as a PNG stays within the pixel limits. */
	bool pngs = (o.only & (BO_PNG | BO_CONTACT)) || o.preset == PRESET_TGC || o.preset == PRESET_MPC;
	for (size_t i = 0; i < nowned && pngs; i++)
		if (owned[i] && !owned[i]->cells.on &&
		    out_check_png(owned[i]->w, owned[i]->h, owned[i]->bleed, 300, &owned[i]->loc_size,
				  owned[i] == b.back ? "the back" : "a face") != 0)
			status = EXIT_INPUT;
	if (status != EXIT_OK)
		goto done;
	struct build_ctx ctx = {.opts = o, .id = d->id, .dr = b.dr};
	ctx.it = (struct build_items){
		.count = b.nphys, .faces = b.faces, .nfaces = b.nfaces, .face_names = b.face_names,
		.back = b.back, .face_of = comp_face, .fields = comp_fields, .label = comp_label,
		.single = comp_single, .back_fields = comp_back_fields, .extra = write_extra,
		.manifest = comp_manifest, .user = &b,
	};
	status = build_run(&ctx);
done:
	for (size_t i = 0; i < nowned; i++)
		template_free(owned[i]);
	free(owned);
	free(b.tpl);
	free(b.phys);
	free(b.faces);
	free(b.face_names);
	free(b.face_of);
	fields_free(&b.f);
	drawer_free(b.dr);
	deck_free(d);
	return status;
}
