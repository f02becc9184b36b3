/* trains_ability.c: the ordered abilities of a pattern, and card number -> ability. */
#include "trains_ability.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

static const struct ability_kind_info kinds[AK_COUNT] = {
	[AK_SWAP] = {"swap", false, KE_SWAP, 0, NULL},
	[AK_REMOVE] = {"remove", false, KE_REMOVE, 0, NULL},
	[AK_ROW_SWAP] = {"row-swap", true, KE_SWAP, 0, NULL},
	[AK_COLUMN_SWAP] = {"column-swap", true, KE_SWAP, 0, NULL},
	[AK_CROSS_SWAP] = {"cross-swap", true, KE_SWAP, 0, NULL},
	[AK_ROW_ROTATE] = {"row-rotate", true, KE_ROTATE, 0, NULL},
	[AK_COLUMN_ROTATE] = {"column-rotate", true, KE_ROTATE, 0, NULL},
	[AK_ROW_ANY_SWAP] = {"row-any-swap", true, KE_SWAP, KC_SPACES,
			     "--on with two spaces of its row (--on AD,AF)"},
	[AK_COLUMN_ANY_SWAP] = {"column-any-swap", true, KE_SWAP, KC_SPACES,
				"--on with two spaces of its column (--on AD,CD)"},
	[AK_PAIR_ANY_ROW] = {"pair-any-row", true, KE_SWAP, KC_LINE | KC_BY_SPACES | KC_ROW,
			     "--on with the row (--on B)"},
	[AK_PAIR_ANY_COLUMN] = {"pair-any-column", true, KE_SWAP, KC_LINE | KC_BY_SPACES,
				"--on with the column (--on E)"},
	[AK_ROTATE_ANY_ROW] = {"rotate-any-row", true, KE_ROTATE, KC_LINE | KC_ROW,
			       "--on with the row to rotate (--on B)"},
	[AK_ROTATE_ANY_COLUMN] = {"rotate-any-column", true, KE_ROTATE, KC_LINE,
				  "--on with the column to rotate (--on E)"},
	[AK_ROW_ROTATE_EITHER] = {"row-rotate-either", true, KE_ROTATE, KC_DIR | KC_ROW,
				  "--on right or --on left"},
	[AK_COLUMN_ROTATE_EITHER] = {"column-rotate-either", true, KE_ROTATE, KC_DIR,
				     "--on down or --on up"},
	[AK_ROW_ANY_REMOVE] = {"row-any-remove", true, KE_REMOVE, KC_SPACES,
			       "--on with the space of its row to remove (--on AE)"},
	[AK_COLUMN_ANY_REMOVE] = {"column-any-remove", true, KE_REMOVE, KC_SPACES,
				  "--on with the space of its column to remove (--on BE)"},
	[AK_NUMBER] = {"number", false, KE_NUMBER, 0, NULL},
};

const struct ability_kind_info *ability_kind_info(enum ability_kind k)
{
	return &kinds[(unsigned)k < AK_COUNT ? k : AK_NUMBER];
}

const char *ability_kind_name(enum ability_kind k)
{
	return (unsigned)k < AK_COUNT ? kinds[k].name : "?";
}

int ability_kind_parse(const char *name)
{
	for (int k = 0; k < AK_COUNT; k++)
		if (strcmp(kinds[k].name, name) == 0)
			return k;
	return -1;
}

bool ability_kind_grid_only(enum ability_kind k)
{
	return (unsigned)k < AK_COUNT && kinds[k].grid_only;
}

const char *space_name(const struct layout *lay, int s, char buf[3])
{
	if (lay->rows) {
		buf[0] = (char)('A' + s / lay->cols);
		buf[1] = (char)('A' + lay->rows + s % lay->cols);
		buf[2] = '\0';
	} else {
		buf[0] = (char)('A' + s);
		buf[1] = '\0';
	}
	return buf;
}

int space_parse(const struct layout *lay, const char *name)
{
	if (lay->rows) {
		if (strlen(name) != 2)
			return -1;
		int r = name[0] - 'A', c = name[1] - 'A' - lay->rows;
		if (r < 0 || r >= lay->rows || c < 0 || c >= lay->cols)
			return -1;
		return r * lay->cols + c;
	}
	if (strlen(name) != 1)
		return -1;
	int s = name[0] - 'A';
	return s >= 0 && s < lay->census ? s : -1;
}

/* Letters of row r and column c, as one-character strings. */
static char row_letter(const struct layout *lay, int r)
{
	(void)lay;
	return (char)('A' + r);
}

static char col_letter(const struct layout *lay, int c)
{
	return (char)('A' + lay->rows + c);
}

struct gen {
	const struct layout *lay;
	struct ability *v;
	size_t n, cap;
	short spec;
};

static struct ability *add(struct gen *g, enum ability_kind kind)
{
	g->v = xgrow(g->v, &g->cap, g->n + 1, sizeof *g->v);
	struct ability *a = &g->v[g->n++];
	memset(a, 0, sizeof *a);
	a->kind = kind;
	a->spec = g->spec;
	a->anchor = -1;
	a->line = a->line2 = -1;
	return a;
}

static void add_swap(struct gen *g, enum ability_kind kind, int s, int t)
{
	char n1[3], n2[3];
	struct ability *a = add(g, kind);
	a->nsp = 2;
	a->sp[0] = (short)s;
	a->sp[1] = (short)t;
	a->anchor = (short)(s < t ? s : t);
	space_name(g->lay, s, n1);
	space_name(g->lay, t, n2);
	snprintf(a->code, sizeof a->code, "%s%s", n1, n2);
	snprintf(a->symbolic, sizeof a->symbolic, "%s ↔ %s", n1, n2);
}

/* A rotation through the given spaces: the card at sp[i] moves to sp[i+1]. */
static void add_cycle(struct gen *g, enum ability_kind kind, const int *sp, int n,
		      int line, int dir, char letter, char mark)
{
	char nm[3];
	struct ability *a = add(g, kind);
	a->nsp = (unsigned char)n;
	a->line = (short)line;
	a->dir = (signed char)dir;
	struct buf b = {0};
	for (int i = 0; i < n; i++) {
		a->sp[i] = (short)sp[i];
		buf_printf(&b, "%s → ", space_name(g->lay, sp[i], nm));
	}
	buf_puts(&b, space_name(g->lay, sp[0], nm));
	a->anchor = (short)sp[0];
	snprintf(a->code, sizeof a->code, "%c%c", letter, mark);
	snprintf(a->symbolic, sizeof a->symbolic, "%s", b.s);
	buf_free(&b);
}

/* Unordered pairs of 0..n-1 in the page's cyclic order: distance 1 first
 * (0-1, 1-2, ..., (n-1)-0), then distance 2, ... For n = 3 this is the page's
 * AD ↔ AE, AE ↔ AF, AF ↔ AD. Returns the number of pairs written. */
static int cyclic_pairs(int n, int (*pairs)[2])
{
	int k = 0;
	if (n == 2) {
		pairs[0][0] = 0;
		pairs[0][1] = 1;
		return 1;
	}
	for (int d = 1; d <= n / 2; d++)
		for (int i = 0; i < n; i++) {
			if (2 * d == n && i >= n / 2)
				continue;
			pairs[k][0] = i;
			pairs[k][1] = (i + d) % n;
			k++;
		}
	return k;
}

/* The pairs of rows (pr) and of columns (pc) of a grid in the page's order. */
struct grid_pairs {
	int pr[MAX_GRID_LETTERS * MAX_GRID_LETTERS][2], pc[MAX_GRID_LETTERS * MAX_GRID_LETTERS][2];
	int npr, npc;
};

/* Swaps of two spaces: within a row, within a column, or across two rows. */
static void grid_swaps(struct gen *g, enum ability_kind kind, const struct grid_pairs *p)
{
	int R = g->lay->rows, C = g->lay->cols;
	switch (kind) {
	case AK_ROW_SWAP:
		for (int r = 0; r < R; r++)
			for (int i = 0; i < p->npc; i++)
				add_swap(g, kind, r * C + p->pc[i][0], r * C + p->pc[i][1]);
		break;
	case AK_COLUMN_SWAP:
		for (int c = 0; c < C; c++)
			for (int i = 0; i < p->npr; i++)
				add_swap(g, kind, p->pr[i][0] * C + c, p->pr[i][1] * C + c);
		break;
	default:  /* AK_CROSS_SWAP */
		for (int i = 0; i < p->npr; i++)
			for (int c = 0; c < C; c++)
				for (int k = 1; k < C; k++)
					add_swap(g, kind, p->pr[i][0] * C + c, p->pr[i][1] * C + (c + k) % C);
		break;
	}
}

/* Rotations of one row or one column, each way. */
static void grid_rotations(struct gen *g, enum ability_kind kind)
{
	const struct layout *lay = g->lay;
	int R = lay->rows, C = lay->cols;
	int cyc[MAX_CENSUS];
	for (int dir = 1; dir >= -1; dir -= 2) {
		if (kind == AK_ROW_ROTATE) {
			for (int r = 0; r < R; r++) {
				for (int c = 0; c < C; c++)
					cyc[c] = r * C + (dir > 0 ? c : C - 1 - c);
				add_cycle(g, kind, cyc, C, r, dir, row_letter(lay, r), dir > 0 ? '>' : '<');
			}
		} else {
			for (int c = 0; c < C; c++) {
				for (int r = 0; r < R; r++)
					cyc[r] = (dir > 0 ? r : R - 1 - r) * C + c;
				add_cycle(g, kind, cyc, R, c, dir, col_letter(lay, c), dir > 0 ? 'v' : '^');
			}
		}
	}
}

/* Any two spaces of a row (or column) swapped, or any one removed. */
static void grid_any_in_line(struct gen *g, enum ability_kind kind)
{
	const struct layout *lay = g->lay;
	bool row = kind == AK_ROW_ANY_SWAP || kind == AK_ROW_ANY_REMOVE;
	bool rm = kind == AK_ROW_ANY_REMOVE || kind == AK_COLUMN_ANY_REMOVE;
	for (int l = 0; l < (row ? lay->rows : lay->cols); l++) {
		struct ability *a = add(g, kind);
		a->line = (short)l;
		char L = row ? row_letter(lay, l) : col_letter(lay, l);
		if (row) {
			snprintf(a->code, sizeof a->code, rm ? "%c*X" : "%c*", L);
			if (rm)
				snprintf(a->symbolic, sizeof a->symbolic, "%c* → X", L);
			else
				snprintf(a->symbolic, sizeof a->symbolic, "%c* ↔ %c*", L, L);
		} else {
			snprintf(a->code, sizeof a->code, rm ? "*%cX" : "*%c", L);
			if (rm)
				snprintf(a->symbolic, sizeof a->symbolic, "*%c → X", L);
			else
				snprintf(a->symbolic, sizeof a->symbolic, "*%c ↔ *%c", L, L);
		}
	}
}

/* Two whole columns (AK_PAIR_ANY_ROW: the same pair in any row) or rows swapped. */
static void grid_line_pairs(struct gen *g, enum ability_kind kind, const struct grid_pairs *p)
{
	const struct layout *lay = g->lay;
	bool row = kind == AK_PAIR_ANY_ROW;
	for (int i = 0; i < (row ? p->npc : p->npr); i++) {
		struct ability *a = add(g, kind);
		const int *pair = row ? p->pc[i] : p->pr[i];
		a->line = (short)pair[0];
		a->line2 = (short)pair[1];
		if (row) {
			char L1 = col_letter(lay, pair[0]), L2 = col_letter(lay, pair[1]);
			snprintf(a->code, sizeof a->code, "*%c%c", L1, L2);
			snprintf(a->symbolic, sizeof a->symbolic, "*%c ↔ *%c", L1, L2);
		} else {
			char L1 = row_letter(lay, pair[0]), L2 = row_letter(lay, pair[1]);
			snprintf(a->code, sizeof a->code, "%c%c*", L1, L2);
			snprintf(a->symbolic, sizeof a->symbolic, "%c* ↔ %c*", L1, L2);
		}
	}
}

/* A rotation of any one row (or column), each way. */
static void grid_rotate_any(struct gen *g, enum ability_kind kind)
{
	const struct layout *lay = g->lay;
	for (int dir = 1; dir >= -1; dir -= 2) {
		bool row = kind == AK_ROTATE_ANY_ROW;
		int n = row ? lay->cols : lay->rows;
		struct ability *a = add(g, kind);
		a->dir = (signed char)dir;
		snprintf(a->code, sizeof a->code, "*%c", row ? (dir > 0 ? '>' : '<') : (dir > 0 ? 'v' : '^'));
		struct buf b = {0};
		for (int i = 0; i <= n; i++) {
			int k = dir > 0 ? i % n : (n - 1 - i % n);
			if (row)
				buf_printf(&b, "%s*%c", i ? " → " : "", col_letter(lay, k));
			else
				buf_printf(&b, "%s%c*", i ? " → " : "", row_letter(lay, k));
		}
		snprintf(a->symbolic, sizeof a->symbolic, "%s", b.s);
		buf_free(&b);
	}
}

/* A rotation of one row (or column) either way, the player's choice. */
static void grid_rotate_either(struct gen *g, enum ability_kind kind)
{
	const struct layout *lay = g->lay;
	int R = lay->rows, C = lay->cols;
	bool row = kind == AK_ROW_ROTATE_EITHER;
	for (int l = 0; l < (row ? R : C); l++) {
		struct ability *a = add(g, kind);
		a->line = (short)l;
		char nm[3];
		struct buf b = {0};
		for (int i = 0; i < (row ? C : R); i++)
			buf_printf(&b, "%s%s", i ? (row ? " ⇄ " : " ⇅ ") : "",
				   space_name(lay, row ? l * C + i : i * C + l, nm));
		snprintf(a->code, sizeof a->code, row ? "%c<>" : "%c^v", row ? row_letter(lay, l) : col_letter(lay, l));
		snprintf(a->symbolic, sizeof a->symbolic, "%s", b.s);
		buf_free(&b);
	}
}

static void gen_grid(struct gen *g, const struct ability_spec *spec)
{
	struct grid_pairs p;
	p.npr = cyclic_pairs(g->lay->rows, p.pr);
	p.npc = cyclic_pairs(g->lay->cols, p.pc);
	switch (spec->kind) {
	case AK_ROW_SWAP:
	case AK_COLUMN_SWAP:
	case AK_CROSS_SWAP: grid_swaps(g, spec->kind, &p); break;
	case AK_ROW_ROTATE:
	case AK_COLUMN_ROTATE: grid_rotations(g, spec->kind); break;
	case AK_ROW_ANY_SWAP:
	case AK_ROW_ANY_REMOVE:
	case AK_COLUMN_ANY_SWAP:
	case AK_COLUMN_ANY_REMOVE: grid_any_in_line(g, spec->kind); break;
	case AK_PAIR_ANY_ROW:
	case AK_PAIR_ANY_COLUMN: grid_line_pairs(g, spec->kind, &p); break;
	case AK_ROTATE_ANY_ROW:
	case AK_ROTATE_ANY_COLUMN: grid_rotate_any(g, spec->kind); break;
	case AK_ROW_ROTATE_EITHER:
	case AK_COLUMN_ROTATE_EITHER: grid_rotate_either(g, spec->kind); break;
	default: break;
	}
}

static void gen_number(struct gen *g, const struct ability_spec *spec)
{
	const struct layout *lay = g->lay;
	int lines = spec->scope == SCOPE_ROW ? lay->rows : spec->scope == SCOPE_COLUMN ? lay->cols : 1;
	for (int l = 0; l < lines; l++) {
		struct ability *a = add(g, AK_NUMBER);
		if (spec->scope == SCOPE_SEQUENCE) {
			snprintf(a->code, sizeof a->code, "%s", spec->code);
			snprintf(a->symbolic, sizeof a->symbolic, "%s", spec->name);
			continue;
		}
		bool row = spec->scope == SCOPE_ROW;
		char L = row ? row_letter(lay, l) : col_letter(lay, l);
		a->line = (short)l;
		snprintf(a->code, sizeof a->code, "%s%c", spec->code, L);
		snprintf(a->symbolic, sizeof a->symbolic, "%s in %s %c", spec->name, row ? "row" : "column", L);
	}
}

/* Sort key for ORDER_SPACE: anchor space, then spec, then generation order
 * (qsort is not stable, so the position is part of the key). */
struct order_key {
	int anchor, spec;
	size_t pos;
};

static int by_anchor(const void *pa, const void *pb)
{
	const struct order_key *a = pa, *b = pb;
	if (a->anchor != b->anchor)
		return a->anchor < b->anchor ? -1 : 1;
	if (a->spec != b->spec)
		return a->spec < b->spec ? -1 : 1;
	return a->pos < b->pos ? -1 : a->pos > b->pos;
}

void ability_list_build(const struct layout *lay, const struct ability_spec *specs,
			size_t nspecs, enum ability_order order, struct ability_list *out)
{
	struct gen g = {lay, NULL, 0, 0, 0};
	for (size_t i = 0; i < nspecs; i++) {
		const struct ability_spec *spec = &specs[i];
		g.spec = (short)i;
		switch (spec->kind) {
		case AK_SWAP:
			for (int s = 0; s < lay->census; s++)
				for (int t = s + 1; t < lay->census; t++)
					add_swap(&g, AK_SWAP, s, t);
			break;
		case AK_REMOVE:
			for (int s = 0; s < lay->census; s++) {
				char nm[3];
				struct ability *a = add(&g, AK_REMOVE);
				a->nsp = 1;
				a->sp[0] = (short)s;
				a->anchor = (short)s;
				space_name(lay, s, nm);
				/* From census 24 on, X is a space too (A ↔ X is "AX"), so the
				 * removal is written with a lower-case x there. */
				bool x_is_space = !lay->rows && lay->census > 'X' - 'A';
				snprintf(a->code, sizeof a->code, x_is_space ? "%sx" : "%sX", nm);
				snprintf(a->symbolic, sizeof a->symbolic, "%s → X", nm);
			}
			break;
		case AK_NUMBER:
			gen_number(&g, spec);
			break;
		default:
			if (lay->rows)
				gen_grid(&g, spec);
			break;
		}
	}
	if (order == ORDER_SPACE && g.n > 1) {
		struct order_key *keys = xmalloc(g.n * sizeof *keys);
		for (size_t i = 0; i < g.n; i++) {
			keys[i].anchor = g.v[i].anchor < 0 ? MAX_SPACES : g.v[i].anchor;
			keys[i].spec = g.v[i].spec;
			keys[i].pos = i;
		}
		qsort(keys, g.n, sizeof *keys, by_anchor);
		struct ability *sorted = xmalloc(g.n * sizeof *sorted);
		for (size_t i = 0; i < g.n; i++)
			sorted[i] = g.v[keys[i].pos];
		free(keys);
		free(g.v);
		g.v = sorted;
	}
	out->v = g.v;
	out->n = g.n;
}

void ability_list_free(struct ability_list *l)
{
	free(l->v);
	l->v = NULL;
	l->n = 0;
}

/* Copy s without whitespace, with ASCII arrows "<->" and "->" turned into ↔ and →. */
static void squash(const char *s, char *out, size_t cap)
{
	size_t o = 0;
	while (*s && o + 4 < cap) {
		if (*s == ' ' || *s == '\t') {
			s++;
		} else if (strncmp(s, "<->", 3) == 0) {
			memcpy(out + o, "↔", 3);
			o += 3;
			s += 3;
		} else if (strncmp(s, "->", 2) == 0) {
			memcpy(out + o, "→", 3);
			o += 3;
			s += 2;
		} else {
			out[o++] = *s++;
		}
	}
	out[o] = '\0';
}

int ability_find(const struct ability_list *l, const char *text)
{
	char key[256], form[256];
	squash(text, key, sizeof key);
	for (size_t i = 0; i < l->n; i++) {
		squash(l->v[i].code, form, sizeof form);
		if (strcmp(key, form) == 0)
			return (int)i;
		squash(l->v[i].symbolic, form, sizeof form);
		if (strcmp(key, form) == 0)
			return (int)i;
	}
	return -1;
}

bool ability_names_space(const struct layout *lay, const struct ability *a, int s)
{
	for (int i = 0; i < a->nsp; i++)
		if (a->sp[i] == s)
			return true;
	if (!lay->rows || a->line < 0)
		return false;
	int r = s / lay->cols, c = s % lay->cols;
	switch (a->kind) {
	case AK_ROW_ANY_SWAP:
	case AK_ROW_ANY_REMOVE:
	case AK_ROW_ROTATE_EITHER:
		return r == a->line;
	case AK_COLUMN_ANY_SWAP:
	case AK_COLUMN_ANY_REMOVE:
	case AK_COLUMN_ROTATE_EITHER:
		return c == a->line;
	case AK_PAIR_ANY_ROW:
		return c == a->line || c == a->line2;
	case AK_PAIR_ANY_COLUMN:
		return r == a->line || r == a->line2;
	default:
		return false;
	}
}

void ability_counts(const int *by_number, long upto, size_t k, long *counts)
{
	memset(counts, 0, k * sizeof *counts);
	for (long n = 0; n < upto; n++)
		if (by_number[n] >= 0 && (size_t)by_number[n] < k)
			counts[by_number[n]]++;
}
