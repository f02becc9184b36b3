/* kit_reference.c: the deck games' reference page (kit_reference.h). */
#include "kit_reference.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

#define REF_COLS 2

const char *kit_reference_default(const struct kit *d)
{
	static char name[128];
	snprintf(name, sizeof name, "templates/%s-reference.yaml", d->game);
	return name;
}

/* A field's values as written: "blue, green, magenta, orange"; a run of
 * numbers "1-12"; many values "A, B, ... Z". */
static void values_text(struct buf *b, const struct kit_field *f)
{
	if (f->n == 0)
		return;
	bool numbers = true;
	for (size_t i = 0; i < f->n && numbers; i++)
		numbers = strtol(f->values[i], NULL, 10) == strtol(f->values[0], NULL, 10) + (long)i &&
			  f->values[i][strspn(f->values[i], "0123456789")] == 0;
	if (numbers && f->n > 2) {
		buf_printf(b, "%s-%s", f->values[0], f->values[f->n - 1]);
		return;
	}
	for (size_t i = 0; i < f->n; i++) {
		if (f->n > 8 && i == 3) {
			buf_printf(b, ", ..., %s", f->values[f->n - 1]);
			return;
		}
		buf_printf(b, "%s%s", i ? ", " : "", f->values[i]);
	}
}

/* How many components group g holds (left out or not). */
static long group_count(const struct kit_group *g)
{
	if (g->kind == KIT_TILE)
		return (long)(g->double_n + 1) * (g->double_n + 2) / 2;
	if (g->kind == KIT_TOKEN)
		return g->count;
	if (g->rows) {   /* a card a row, each with its copies */
		long rows = 0;
		for (size_t r = 0; r < g->nrows; r++)
			rows += g->row_counts[r];
		return rows;
	}
	long n = g->count > 0 ? g->count : 1;
	for (size_t k = 0; k < g->nfields; k++) {
		if (g->fields[k].counts) {
			long sum = 0;
			for (size_t i = 0; i < g->fields[k].n; i++)
				sum += g->fields[k].counts[i];
			n *= sum;
		} else {
			n *= (long)g->fields[k].n;
		}
	}
	return n;
}

/* What group g holds, in words. */
static char *group_detail(const struct kit_group *g)
{
	struct buf b = {0};
	buf_add(&b, "", 0);
	if (g->kind == KIT_TILE) {
		buf_printf(&b, "a double-%d set: 0-0 to %d-%d, pips on every half", g->double_n,
			   g->double_n, g->double_n);
	} else if (g->rows) {
		const char *base = strrchr(g->rows, '/');
		buf_printf(&b, "%zu different, from %s; fields:", g->nrows, base ? base + 1 : g->rows);
		for (size_t k = 0; k < g->nfields; k++)
			buf_printf(&b, "%s %s", k ? "," : "", g->fields[k].name);
	} else if (g->kind == KIT_LETTER && g->nfields) {
		const struct kit_field *f = &g->fields[0];
		for (size_t i = 0; i < f->n; i++)
			buf_printf(&b, "%s%s\u00a0%ld", i ? "  " : "", f->values[i],
				   f->counts ? f->counts[i] : 1);
	} else {
		for (size_t k = 0; k < g->nfields; k++) {
			if (k)
				buf_puts(&b, " \u00d7 ");
			values_text(&b, &g->fields[k]);
		}
		if (g->nfields && g->count > 1)
			buf_printf(&b, ", %ld of each", g->count);
	}
	return b.s;
}

struct ref_user {
	const struct kit *d;
	size_t *shown;       /* the groups in cell order */
	size_t nshown;
	bool board;          /* a cell for the board after them */
};

static void board_cell(const struct kit *d, struct fields *f)
{
	const struct kit_board *bd = &d->board;
	fields_set(f, "label", "Board");
	fields_set(f, "count", "1");
	fields_set(f, "is-board", "1");
	fields_setf(f, "detail", "%d spaces, %s (%d) to %s (%d)", bd->spaces,
		    bd->start_label ? bd->start_label : "start", bd->start,
		    bd->finish_label ? bd->finish_label : "finish", bd->finish);
	struct buf b = {0};
	buf_add(&b, "", 0);
	for (size_t m = 0; m < bd->nmarks; m++) {
		const struct kit_mark *mk = &bd->marks[m];
		buf_printf(&b, "%s%s:", m ? "; " : "", mk->label ? mk->label : mk->name);
		for (size_t i = 0; i < mk->n; i++)
			buf_printf(&b, "%s%d", i ? ", " : " ", mk->spaces[i]);
	}
	fields_set(f, "note", b.s);
	buf_free(&b);
}

static void fill_group(void *user, int r, int c, struct fields *f)
{
	const struct ref_user *u = user;
	size_t k = (size_t)r * REF_COLS + (size_t)c;
	if (k == u->nshown && u->board) {
		board_cell(u->d, f);
		return;
	}
	if (k == u->nshown + (u->board ? 1 : 0)) {
		/* the last row's spare cell: a figure of play, where the template has one */
		fields_set(f, "spare", "1");
		return;
	}
	if (k >= u->nshown)
		return;
	const struct kit_group *g = &u->d->groups[u->shown[k]];
	static const char *const kinds[] = {"is-card", "is-tile", "is-letter", "is-token"};
	if (g->label) {
		fields_set(f, "label", g->label);
	} else {       /* "free-ride" -> "Free ride" */
		char *label = xstrdup(g->name);
		for (char *p = label; *p; p++)
			*p = *p == '-' ? ' ' : *p;
		if (*label >= 'a' && *label <= 'z')
			*label = (char)(*label - 'a' + 'A');
		fields_set(f, "label", label);
		free(label);
	}
	fields_set(f, "note", "");
	fields_setf(f, "count", "%ld", group_count(g));
	fields_set(f, kinds[g->kind], "1");
	char *flag = xasprintf("is-%s", g->name);
	fields_set(f, flag, "1");
	free(flag);
	char *detail = group_detail(g);
	fields_set(f, "detail", detail);
	free(detail);
	if (!g->included)
		fields_setf(f, "note", "left out of this set: build --with %s puts them in", g->name);
	else if (g->optional)
		fields_setf(f, "note", "optional: build --without %s leaves them out", g->name);
}

/* The deal, one line per range of player counts with the same hand. */
static char *deal_text(const struct kit *d)
{
	long total = 0;
	for (size_t i = 0; i < d->nitems; i++)
		if (d->groups[d->items[i].group].kind != KIT_TOKEN)
			total += d->items[i].count;
	struct buf b = {0};
	buf_add(&b, "", 0);
	for (int p = 1; p <= KIT_MAX_PLAYERS; p++) {
		long each = kit_hand_size(d, p, total);
		if (each < 0 || each * p > total)
			continue;
		int q = p;
		while (q < KIT_MAX_PLAYERS && kit_hand_size(d, q + 1, total) == each &&
		       each * (q + 1) <= total)
			q++;
		if (q > p)
			buf_printf(&b, "%s%d-%d players: %ld each", b.len ? "\n" : "", p, q, each);
		else
			buf_printf(&b, "%s%d players: %ld each", b.len ? "\n" : "", p, each);
		p = q;
	}
	return b.s;
}

static char *summary_text(const struct kit *d)
{
	static const char *const what[] = {"card", "tile", "carriage", "token"};
	struct buf b = {0};
	buf_add(&b, "", 0);
	for (int k = KIT_CARD; k <= KIT_TOKEN; k++) {
		long n = kit_count(d, (enum kit_kind)k);
		if (n > 0)
			buf_printf(&b, "%s%ld %s%s", b.len ? ", " : "", n, what[k], n == 1 ? "" : "s");
	}
	if (d->board.present)
		buf_printf(&b, "%sa board of %d spaces", b.len ? ", " : "", d->board.spaces);
	return b.s;
}

const char *kit_quickref_default(const struct kit *d)
{
	static char name[128];
	snprintf(name, sizeof name, "templates/%s-quickref.yaml", d->game);
	return name;
}

void kit_reference_fields(const struct kit *d, struct fields *f)
{
	fields_set(f, "title", d->title ? d->title : d->id);
	fields_set(f, "pack", d->id);
	fields_set(f, "game", d->game);
	char *s = summary_text(d);
	fields_set(f, "summary", s);
	free(s);
	s = deal_text(d);
	fields_set(f, "deal", *s ? s : "Nothing is dealt.");
	free(s);
	fields_set(f, "rest", d->deal_rest ? d->deal_rest : "");
	/* every appearance value's ink: ink-blue, ink-hearts; and the legend, from
	 * the pack's own values: legend1-value, legend1-ink, legend1-shape ... */
	int n = 0;
	for (size_t i = 0; i < d->nlooks; i++) {
		const struct kit_look *l = &d->looks[i];
		const char *ink = kit_ink(d, l->value);
		if (!ink)
			continue;
		char *name = xasprintf("ink-%s", l->value);
		fields_set(f, name, ink);
		free(name);
		n++;
		fields_setf(f, "legend-count", "%d", n);
		name = xasprintf("legend%d-value", n);
		fields_set(f, name, l->value);
		free(name);
		name = xasprintf("legend%d-ink", n);
		fields_set(f, name, ink);
		free(name);
		for (size_t j = 0; j < l->n; j++)
			if (strcmp(l->attr[j], "ink")) {
				name = xasprintf("legend%d-%s", n, l->attr[j]);
				fields_set(f, name, l->text[j]);
				free(name);
			}
	}
	data_fields(&d->data, f);
}

void kit_reference_draw(struct drawer *dr, cairo_t *cr, const struct template *t,
			 const struct kit *d, const struct fields *f)
{
	struct ref_user u = {d, xcalloc(d->ngroups + 1, sizeof *u.shown), 0, d->board.present};
	/* included groups first, then the optional ones left out */
	for (int pass = 0; pass < 2; pass++)
		for (size_t g = 0; g < d->ngroups; g++)
			if (d->groups[g].included == (pass == 0))
				u.shown[u.nshown++] = g;
	size_t cells = u.nshown + (u.board ? 1 : 0);
	struct cells c = {(int)((cells + REF_COLS - 1) / REF_COLS), REF_COLS, fill_group, &u, 0};
	draw_item(dr, cr, t, f, &c, "reference");
	free(u.shown);
}
