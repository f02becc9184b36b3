/* games_build.c: `railyard build` for the other train games: every component of a
 * deck pack drawn through its template (draw.h): faces, 3x3 sheets with backs,
 * token sheets, a board tiled across pages, a setup sheet, SVG and PNG files. */
#include <errno.h>
#include "cli.h"
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
#include "template.h"
#include "trust.h"
#include "util.h"

static const char build_usage[] =
	"usage: railyard build [OPTIONS] PACK.yaml     (a pack whose game is not trains)\n\n"
	"Write the pack's print-ready files into out/PACK/ (or -o DIR):\n"
	"  faces.pdf           every card, tile and carriage, one per page, trim + bleed\n"
	"  sheets-a4.pdf       3x3 per page at 100%, crop marks, backs for long-edge duplex\n"
	"  sheets-letter.pdf   (one pair per face template: sheets-GROUP-a4.pdf ...)\n"
	"  tokens-a4.pdf       the tokens as cut-out sheets\n"
	"  board.pdf           the board at full size, tiled across pages when larger\n"
	"  setup.pdf           the setup sheet (Train: the piles of the four rounds)\n"
	"  reference.pdf       the components and the deal table on one page\n"
	"  svg/NNN-NAME.svg    each distinct face in millimetres; svg/board.svg\n"
	"  png/NNN-NAME.png    each distinct face at 300 dpi with bleed\n"
	"  manifest.csv        each distinct face: group, name, copies, its fields\n\n"
	"  -o, --output DIR    write into DIR instead of out/PACK\n"
	"  -q, --quiet         no summary line (files, pages, seconds) on stderr\n"
	"      --only LIST     faces,sheets,tokens,board,setup,reference,svg,png (manifest\n"
	"                      always; placemat means board and setup)\n"
	"      --paper NAME    a4, letter or a3 only (default: sheets on a4 and letter, the\n"
	"                      rest on a4)\n"
	"  -w, --without NAME  leave out an optional group (--with NAME puts one back)\n"
	"      --max-items N   print at most N components (default 1000000)\n"
	"      --allow-path DIR  templates and fonts may also come from DIR\n"
	"      --watch         build again whenever the pack, a template, a data file or\n"
	"                      an image changes (Ctrl-C ends it)\n"
	"  -h, --help, -V, --version\n";

enum {
	OUT_FACES = 1, OUT_SHEETS = 2, OUT_TOKENS = 4, OUT_BOARD = 8, OUT_SETUP = 16,
	OUT_SVG = 32, OUT_PNG = 64, OUT_REFERENCE = 128, OUT_ALL = 255,
	OUT_PLACEMAT = OUT_BOARD | OUT_SETUP    /* the trains name for the large tiled items */
};
/* --only's names: bit i is out_names[i]; the last, placemat, is the trains name for
 * the large tiled items (board and setup). */
static const char *const out_names[] = {"faces", "sheets", "tokens", "board", "setup", "svg", "png",
					"reference", "placemat"};

struct gbuild {
	struct deck *d;
	struct drawer *dr;
	struct fields f;
	char *dir;
	struct template **tpl;     /* per group: its face template, or NULL */
	struct template *back, *board, *setup;
	size_t *phys;              /* physical components (not tokens): item indices */
	long nphys;
	size_t *src;               /* the components of the sheet being imposed */
	long nsrc;
	const struct template *src_tpl;
	bool report;
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

static void draw_component(void *user, cairo_t *cr, long index, int side)
{
	struct gbuild *b = user;
	size_t i = b->src[index];
	char who[128];
	if (side) {
		fields_clear(&b->f);
		fields_set(&b->f, "pack", b->d->id);
		fields_set(&b->f, "title", b->d->title);
		data_fields(&b->d->data, &b->f);
		draw_item(b->dr, cr, b->back, &b->f, NULL, b->report && index == 0 ? "back" : NULL);
		return;
	}
	item_fields(b, i, &b->f);
	snprintf(who, sizeof who, "%s", b->d->items[i].name);
	draw_item(b->dr, cr, b->tpl[b->d->items[i].group], &b->f, NULL, b->report ? who : NULL);
}

static char *out_path(const struct gbuild *b, const char *name)
{
	return xasprintf("%s/%s", b->dir, name);
}

static int write_faces(struct gbuild *b)
{
	char *path = out_path(b, "faces.pdf");
	struct pdfw *w = pdfw_open(path);
	free(path);
	if (!w)
		return -1;
	b->src = b->phys;
	b->nsrc = b->nphys;
	progress_start("faces.pdf", b->nphys);
	for (long k = 0; k < b->nphys; k++) {
		const struct template *t = b->tpl[b->d->items[b->phys[k]].group];
		cairo_t *cr = pdfw_page(w, t->w + 2 * t->bleed, t->h + 2 * t->bleed, t->bleed,
					b->d->items[b->phys[k]].name);
		draw_component(b, cr, k, 0);
		pdfw_end_page(w);
		progress_step(k + 1);
	}
	progress_end();
	b->report = false;
	return pdfw_close(w);
}

/* One sheets file per face template and paper. */
static int write_sheets(struct gbuild *b, const char *paper)
{
	const struct deck *d = b->d;
	double pw, ph;
	paper_size(paper, &pw, &ph);
	size_t ntpl = 0;
	for (size_t g = 0; g < d->ngroups; g++) {
		bool first = b->tpl[g] && d->groups[g].kind != DK_TOKEN;
		for (size_t h = 0; h < g && first; h++)
			first = b->tpl[h] != b->tpl[g] || d->groups[h].kind == DK_TOKEN;
		ntpl += first;
	}
	int rc = 0;
	size_t *src = xcalloc((size_t)b->nphys + 1, sizeof *src);
	for (size_t g = 0; g < d->ngroups && !rc; g++) {
		const struct template *t = b->tpl[g];
		bool first = t && d->groups[g].kind != DK_TOKEN;
		for (size_t h = 0; h < g && first; h++)
			first = b->tpl[h] != t || d->groups[h].kind == DK_TOKEN;
		if (!first)
			continue;
		long n = 0;
		for (long k = 0; k < b->nphys; k++)
			if (b->tpl[d->items[b->phys[k]].group] == t)
				src[n++] = b->phys[k];
		b->src = src;
		b->nsrc = n;
		char *name = ntpl > 1 ? xasprintf("sheets-%s-%s.pdf", d->groups[g].name, paper)
				      : xasprintf("sheets-%s.pdf", paper);
		char *path = out_path(b, name);
		struct pdfw *w = pdfw_open(path);
		free(path);
		if (!w) {
			free(name);
			rc = -1;
			break;
		}
		bool backs = b->back && fabs(b->back->w - t->w) < 0.01 && fabs(b->back->h - t->h) < 0.01;
		struct item_source is = {t->w, t->h, t->bleed, n, backs, draw_component, b};
		progress_start(name, n);
		impose_sheets(w, pw, ph, &is, NULL, NULL);
		progress_end();
		free(name);
		rc = pdfw_close(w);
	}
	free(src);
	b->report = false;
	return rc;
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
static int write_tokens(struct gbuild *b, const char *paper)
{
	const struct deck *d = b->d;
	double pw, ph;
	paper_size(paper, &pw, &ph);
	char *name = xasprintf("tokens-%s.pdf", paper);
	char *path = out_path(b, name);
	free(name);
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
	draw_item(b->dr, cr, b->board, &b->f, &c, b->report ? "board" : NULL);
}

static int write_board(struct gbuild *b, const char *paper)
{
	double pw, ph, iw, ih;
	int rows, cols;
	paper_size(paper, &pw, &ph);
	board_shape(b->d, &rows, &cols);
	template_size(b->board, rows, cols, &iw, &ih);
	char *path = out_path(b, "board.pdf");
	struct pdfw *w = pdfw_open(path);
	free(path);
	if (!w)
		return -1;
	impose_tiles(w, pw, ph, iw, ih, 15.0, draw_board, b, 0);
	return pdfw_close(w);
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
	draw_item(b->dr, cr, b->setup, &b->f, &c, b->report ? "setup sheet" : NULL);
}

static int write_setup(struct gbuild *b, const char *paper)
{
	double pw, ph, iw, ih;
	int rows, cols;
	paper_size(paper, &pw, &ph);
	setup_shape(b, &rows, &cols);
	template_size(b->setup, rows, cols, &iw, &ih);
	char *path = out_path(b, "setup.pdf");
	struct pdfw *w = pdfw_open(path);
	free(path);
	if (!w)
		return -1;
	impose_tiles(w, pw, ph, iw, ih, 15.0, draw_setup, b, 0);
	return pdfw_close(w);
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
static int write_reference(struct gbuild *b, const char *paper)
{
	const struct deck *d = b->d;
	double pw, ph;
	paper_size(paper, &pw, &ph);
	char *path = out_path(b, "reference.pdf");
	struct pdfw *w = pdfw_open(path);
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

static int write_singles(struct gbuild *b, bool svg)
{
	const char *ext = svg ? "svg" : "png";
	char *sub = out_path(b, ext);
	if (out_subdir(sub) != 0) {
		free(sub);
		return -1;
	}
	const struct deck *d = b->d;
	size_t *one = xcalloc(1, sizeof *one);
	b->src = one;
	b->nsrc = 1;
	int rc = 0;
	for (size_t i = 0; i < d->nitems && !rc; i++) {
		const struct template *t = b->tpl[d->items[i].group];
		if (!t || t->cells.on)
			continue;
		one[0] = i;
		char *s = slug(d->items[i].name);
		char *path = xasprintf("%s/%03zu-%s.%s", sub, i + 1, s, ext);
		rc = svg ? svg_write(path, t->w, t->h, t->bleed, draw_component, b, 0)
			 : png_write(path, t->w, t->h, t->bleed, 300, draw_component, b, 0);
		free(path);
		free(s);
	}
	if (!rc && svg && b->board) {
		double iw, ih;
		int rows, cols;
		board_shape(d, &rows, &cols);
		template_size(b->board, rows, cols, &iw, &ih);
		char *path = xasprintf("%s/board.svg", sub);
		rc = svg_write(path, iw, ih, b->board->bleed, draw_board, b, 0);
		free(path);
	}
	free(one);
	free(sub);
	return rc;
}

static int write_manifest(struct gbuild *b)
{
	const struct deck *d = b->d;
	struct buf s = {0};
	buf_puts(&s, "index,group,name,copies,fields\n");
	for (size_t i = 0; i < d->nitems; i++) {
		const struct deck_group *g = &d->groups[d->items[i].group];
		buf_printf(&s, "%zu,%s,\"%s\",%ld,\"", i + 1, g->name, d->items[i].name,
			   d->items[i].count);
		for (size_t k = 0; k < g->nfields; k++)
			buf_printf(&s, "%s%s=%s", k ? " " : "", g->fields[k].name, d->items[i].values[k]);
		buf_puts(&s, "\"\n");
	}
	char *path = out_path(b, "manifest.csv");
	int rc = write_file_atomic(path, s.s, s.len);
	if (rc == 0)
		output_tally(0);
	free(path);
	buf_free(&s);
	return rc;
}

static struct template *load_tpl(struct drawer *dr, const struct deck *d, const char *path,
				 const struct loc *loc, const char *what, bool cells)
{
	char *found = template_find(d->file, path, path);
	if (!found) {
		diag(SEV_ERROR, loc, "cannot find the %s template '%s' (looked beside the pack, in its "
		     "parent folder, in the current folder and in %s)", what, path, datapath_describe());
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

static int parse_only(const char *arg)
{
	int mask = parse_name_mask("--only", "output", arg, out_names, sizeof out_names / sizeof *out_names);
	if (mask > 0 && (mask & 256))
		mask = (mask & ~256) | OUT_PLACEMAT;
	return mask;
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

int games_build(const struct game *game, int argc, char **argv)
{
	static const struct option longopts[] = {
		{"output", required_argument, NULL, 'o'},
		{"only", required_argument, NULL, 'O'},
		{"paper", required_argument, NULL, 'P'},
		{"without", required_argument, NULL, 'w'},
		{"with", required_argument, NULL, 'W'},
		{"max-items", required_argument, NULL, 'M'},
		{"allow-path", required_argument, NULL, 'A'},
		{"quiet", no_argument, NULL, 'q'},
		{"help", no_argument, NULL, 'h'},
		{"version", no_argument, NULL, 'V'},
		{NULL, 0, NULL, 0},
	};
	const char *dir = NULL, *paper = NULL;
	struct games_select sel = {0};
	int only = OUT_ALL, c, status = EXIT_OK;
	long max_items = OUT_MAX_ITEMS;
	bool quiet = false;
	output_tally_start();
	optind = 1;
	while ((c = cli_next(argc, argv, longopts)) != -1) {
		switch (c) {
		case 'o': dir = optarg; break;
		case 'q': quiet = true; break;
		case 'O':
			if ((only = parse_only(optarg)) < 0)
				status = EXIT_INPUT;
			break;
		case 'P': {
			double pw, ph;
			paper = optarg;
			if (paper_size(paper, &pw, &ph) != 0) {
				diag(SEV_ERROR, NULL, "--paper: unknown paper '%s' (a4, letter, a3)", paper);
				status = EXIT_INPUT;
			}
			break;
		}
		case 'w':
		case 'W':
			if (games_select_add(&sel, c, optarg) != 0)
				return EXIT_INPUT;
			break;
		case 'M':
			if (out_parse_max_items(optarg, &max_items) != 0)
				status = EXIT_INPUT;
			break;
		case 'A':
			if (trust_allow(optarg) != 0)
				status = EXIT_INPUT;
			break;
		case 'h': fputs(build_usage, stdout); return EXIT_OK;
		case 'V': return cli_version();
		default: fputs(build_usage, stderr); return EXIT_INPUT;
		}
	}
	if (optind != argc - 1) {
		diag(SEV_ERROR, NULL, "build takes one pack file (see 'railyard build --help')");
		return EXIT_INPUT;
	}
	if (status != EXIT_OK)
		return status;
	struct game_rules rules;
	struct deck *d = games_load(game, argv[optind], &sel, &rules);
	if (!d)
		return EXIT_INPUT;
	struct gbuild b = {.d = d, .report = true, .t52 = &rules.train52};
	trust_set_pack(d->file);
	/* Bounded work and memory, refused before any template is read. */
	if (check_items(d, max_items) != 0) {
		deck_free(d);
		return EXIT_INPUT;
	}
	b.dr = drawer_new();
	b.tpl = xcalloc(d->ngroups + 1, sizeof *b.tpl);
	struct template **owned = xcalloc(d->ngroups + 4, sizeof *owned);
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
	if (d->board.present && d->board.face &&
	    !(b.board = load_tpl(b.dr, d, d->board.face, &d->board.loc_face, "board", true)))
		status = EXIT_INPUT;
	if (d->setup && !(b.setup = load_tpl(b.dr, d, d->setup, &d->loc_setup, "setup", true)))
		status = EXIT_INPUT;
	if (d->setup && !rules.train52.nrounds) {
		diag(SEV_ERROR, &d->loc_setup, "a setup sheet needs 'rules: {piles: [4, 3, 2, 1]}'");
		status = EXIT_INPUT;
	}
	owned[nowned++] = b.back;
	owned[nowned++] = b.board;
	owned[nowned++] = b.setup;
	/* Every face drawn as a PNG stays within the pixel limits. */
	for (size_t i = 0; i < nowned && (only & OUT_PNG); i++)
		if (owned[i] && !owned[i]->cells.on && owned[i] != b.back &&
		    out_check_png(owned[i]->w, owned[i]->h, owned[i]->bleed, 300, &owned[i]->loc_size,
				  "a face") != 0)
			status = EXIT_INPUT;
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
	b.dir = dir ? xstrdup(dir) : xasprintf("out/%s", d->id);
	if (mkdir_p(b.dir) != 0) {
		diag(SEV_ERROR, NULL, "cannot create %s: %s", b.dir, strerror(errno));
		status = EXIT_OUTPUT;
		goto done;
	}
	const char *one = paper ? paper : "a4";
	int rc = 0;
	if (!rc && (only & OUT_FACES) && b.nphys)
		rc = write_faces(&b);
	if (!rc && (only & OUT_SHEETS) && b.nphys) {
		rc = write_sheets(&b, one);
		if (!rc && !paper)
			rc = write_sheets(&b, "letter");
	}
	if (!rc && (only & OUT_TOKENS) && deck_count(d, DK_TOKEN))
		rc = write_tokens(&b, one);
	if (!rc && (only & OUT_BOARD) && b.board)
		rc = write_board(&b, one);
	if (!rc && (only & OUT_SETUP) && b.setup)
		rc = write_setup(&b, one);
	if (!rc && (only & OUT_REFERENCE))
		rc = write_reference(&b, one);
	if (!rc && (only & OUT_SVG))
		rc = write_singles(&b, true);
	if (!rc && (only & OUT_PNG))
		rc = write_singles(&b, false);
	if (!rc)
		rc = write_manifest(&b);
	if (rc)
		status = EXIT_OUTPUT;
	else if (!quiet)
		output_tally_print(b.dir);
done:
	for (size_t i = 0; i < nowned; i++)
		template_free(owned[i]);
	free(owned);
	free(b.tpl);
	free(b.phys);
	free(b.dir);
	fields_free(&b.f);
	drawer_free(b.dr);
	deck_free(d);
	return status;
}
