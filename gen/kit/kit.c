/* kit.c: a deck pack's YAML tree -> the component model, every problem reported. */
#include "kit.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"
#include "yread.h"

struct loader {
	struct kit *d;
	struct yread yr;
	long values;   /* field values stored so far, every group's fields */
	size_t items_cap;   /* room in d->items (grown by doubling, not one a face) */
};

/* Whether the pack may store `more` field values besides those it has: all its
 * fields together hold at most KIT_MAX_ITEMS, checked before any is stored
 * (3,000 fields of {from: 1, to: 100000} once took 6 GB before a limit). */
static bool room_for(struct loader *ld, const struct ynode *at, long more)
{
	if (more > KIT_MAX_ITEMS - ld->values) {
		yr_error(&ld->yr, at, "the pack's fields have more than %ld values in all", KIT_MAX_ITEMS);
		return false;
	}
	ld->values += more;
	return true;
}

static int by_str(const void *a, const void *b)
{
	const struct ynode *x = *(const struct ynode *const *)a, *y = *(const struct ynode *const *)b;
	int c = strcmp(x->str, y->str);
	return c ? c : (x->loc.line != y->loc.line ? (x->loc.line < y->loc.line ? -1 : 1)
						   : (x->loc.col > y->loc.col) - (x->loc.col < y->loc.col));
}

/* Report keys of map that are not in known[] (NULL-terminated). */
static void only_keys(struct loader *ld, const struct ynode *map, const char *where,
		      const char *const *known)
{
	char *in = xasprintf(" in %s", where);
	yr_only_keys(&ld->yr, map, in, known);
	free(in);
}

static bool good_name(const char *s)
{
	if (!*s || *s == '-' || strlen(s) > 64)
		return false;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '-'))
			return false;
	return true;
}

static int get_name(struct loader *ld, const char *key, const struct ynode *n, char **out)
{
	if (yr_str(&ld->yr, key, n, true, out) != 0)
		return -1;
	if (!good_name(*out)) {
		yr_error(&ld->yr, n, "'%s' must be 1 to 64 of a-z, 0-9 and '-' (not starting with '-'), not '%s'",
		    key, *out);
		return -1;
	}
	return 0;
}

/* --- groups ---------------------------------------------------------------- */

/* p, an array of n elements of size elem, with room for one more: grown by
 * doubling (its room is the power of two at or above n, at least 4), not one
 * realloc an element (quadratic where realloc copies, as under the sanitizer:
 * 16,000 groups took 10 s and 490 MB there). */
static void *room_for_one(void *p, size_t n, size_t elem)
{
	if (n < 4 ? n == 0 : (n & (n - 1)) == 0)
		p = xrealloc(p, (n < 4 ? 4 : 2 * n) * elem);
	return p;
}

static struct kit_group *new_group(struct loader *ld, enum kit_kind kind, const struct ynode *n)
{
	struct kit *d = ld->d;
	d->groups = room_for_one(d->groups, d->ngroups, sizeof *d->groups);
	struct kit_group *g = &d->groups[d->ngroups++];
	memset(g, 0, sizeof *g);
	g->kind = kind;
	g->loc = n->loc;
	g->count = 1;
	g->included = true;
	return g;
}

static void add_field(struct kit_group *g, const char *name, struct loc loc)
{
	g->fields = room_for_one(g->fields, g->nfields, sizeof *g->fields);
	struct kit_field *f = &g->fields[g->nfields++];
	memset(f, 0, sizeof *f);
	f->name = xstrdup(name);
	f->loc = loc;
}

/* Room for n more values of f, made once (not one realloc a value). */
static void reserve(struct kit_field *f, size_t n)
{
	f->values = xrealloc(f->values, (f->n + n + 1) * sizeof *f->values);
}

/* Add v to f (reserved before). */
static void add_value(struct kit_field *f, const char *v)
{
	f->values[f->n++] = xstrdup(v);
}

/* A field's values: a list of scalars, or {from: A, to: B}. */
static void load_field(struct loader *ld, struct kit_group *g, const struct ynode *k,
		       const struct ynode *v)
{
	if (!good_name(k->str)) {
		yr_error(&ld->yr, k, "a field name must be a-z, 0-9 and '-', not '%s'", k->str);
		return;
	}
	for (size_t i = 0; i < g->nfields; i++)
		if (strcmp(g->fields[i].name, k->str) == 0)
			return; /* ytree already reported the duplicate key */
	add_field(g, k->str, k->loc);
	struct kit_field *f = &g->fields[g->nfields - 1];
	if (v->kind == Y_SEQ) {
		if (!room_for(ld, v, (long)v->n))
			return;
		reserve(f, v->n);
		const struct ynode **sorted = xcalloc(v->n + 1, sizeof *sorted);
		size_t ns = 0;
		for (size_t i = 0; i < v->n; i++) {
			const struct ynode *it = v->items[i];
			if (it->kind != Y_SCALAR || ynode_is_null(it)) {
				yr_error(&ld->yr, it, "the values of field '%s' must be strings or numbers, not %s",
				    k->str, ynode_what(it));
				continue;
			}
			sorted[ns++] = it;
			add_value(f, it->str);
		}
		/* a value listed twice, at its second place: sorted, not compared in pairs */
		qsort(sorted, ns, sizeof *sorted, by_str);
		for (size_t i = 1; i < ns; i++)
			if (strcmp(sorted[i - 1]->str, sorted[i]->str) == 0)
				yr_error(&ld->yr, sorted[i], "field '%s' lists '%s' twice", k->str, sorted[i]->str);
		free(sorted);
		if (v->n == 0)
			yr_error(&ld->yr, v, "field '%s' has no values", k->str);
		return;
	}
	if (v->kind == Y_MAP) {
		static const char *const known[] = {"from", "to", NULL};
		only_keys(ld, v, "a field range", known);
		const struct ynode *from = ymap_get(v, "from"), *to = ymap_get(v, "to");
		long a, b;
		if (!from || !to) {
			yr_error(&ld->yr, v, "a field range needs 'from' and 'to'");
			return;
		}
		if (yr_int(&ld->yr, "from", from, -KIT_MAX_ITEMS, KIT_MAX_ITEMS, &a) != 0 ||
		    yr_int(&ld->yr, "to", to, -KIT_MAX_ITEMS, KIT_MAX_ITEMS, &b) != 0)
			return;
		if (b < a || b - a >= KIT_MAX_ITEMS) {
			yr_error(&ld->yr, to, "'to' must be from %ld to %ld, not %ld", a, a + KIT_MAX_ITEMS - 1, b);
			return;
		}
		if (!room_for(ld, v, b - a + 1))
			return;
		reserve(f, (size_t)(b - a + 1));
		for (long x = a; x <= b; x++) {
			char s[24];
			snprintf(s, sizeof s, "%ld", x);
			add_value(f, s);
		}
		return;
	}
	yr_error(&ld->yr, v, "field '%s' must be a list of values or {from: N, to: M}, not %s", k->str,
	    ynode_what(v));
}

static void load_face(struct loader *ld, struct kit_group *g, const struct ynode *v)
{
	if (yr_str(&ld->yr, "face", v, true, &g->face) == 0)
		g->loc_face = v->loc;
}

/* A new group of kind from mapping n, with the keys every group shares: 'name'
 * (default_name when absent, or an error in what when default_name is NULL),
 * 'label' and 'face'. */
static struct kit_group *open_group(struct loader *ld, const struct ynode *n, enum kit_kind kind,
				     const char *default_name, const char *what)
{
	struct kit_group *g = new_group(ld, kind, n);
	const struct ynode *v;
	if (default_name)
		g->name = xstrdup(default_name);
	if ((v = ymap_get(n, "name")))
		get_name(ld, "name", v, &g->name);
	else if (!default_name)
		yr_error(&ld->yr, n, "%s needs a 'name'", what);
	if ((v = ymap_get(n, "label")))
		yr_str(&ld->yr, "label", v, true, &g->label);
	if ((v = ymap_get(n, "face")))
		load_face(ld, g, v);
	return g;
}

/* --- cards as rows of data ---------------------------------------------------- */

static const struct card_data *sort_rows;  /* qsort has no user pointer */
static size_t sort_column;

static int by_row_name(const void *a, const void *b)
{
	const struct data_row *x = &sort_rows->rows[*(const size_t *)a];
	const struct data_row *y = &sort_rows->rows[*(const size_t *)b];
	int c = strcmp(x->values[sort_column], y->values[sort_column]);
	return c ? c : (x->loc.line > y->loc.line) - (x->loc.line < y->loc.line);
}

/* Every row of cd has a name in column col, and no two the same: each empty
 * or second one reported at its row. The problems found. */
static int check_row_names(const struct card_data *cd, size_t col)
{
	int bad = 0;
	size_t *idx = xcalloc(cd->nrows + 1, sizeof *idx);
	for (size_t r = 0; r < cd->nrows; r++) {
		idx[r] = r;
		if (!*cd->rows[r].values[col]) {
			diag(SEV_ERROR, &cd->rows[r].loc, "this row has no '%s': it names the card", cd->columns[col]);
			bad++;
		}
	}
	sort_rows = cd;
	sort_column = col;
	qsort(idx, cd->nrows, sizeof *idx, by_row_name);
	sort_rows = NULL;
	for (size_t r = 1; r < cd->nrows; r++) {
		const struct data_row *a = &cd->rows[idx[r - 1]], *b = &cd->rows[idx[r]];
		if (*b->values[col] && strcmp(a->values[col], b->values[col]) == 0) {
			diag(SEV_ERROR, &b->loc, "a second card named '%s' (the first is at line %u): each row "
			     "needs its own '%s'", b->values[col], a->loc.line, cd->columns[col]);
			bad++;
		}
	}
	free(idx);
	return bad;
}

int kit_rows_read(const struct card_data *cd, long dflt, struct kit_rows *out)
{
	out->name = out->count = -1;
	for (size_t c = 0; c < cd->ncolumns; c++)
		if (!strcmp(cd->columns[c], "count"))
			out->count = (int)c;
		else if (!strcmp(cd->columns[c], "name"))
			out->name = (int)c;
	for (size_t c = 0; c < cd->ncolumns && out->name < 0; c++)
		if ((int)c != out->count)
			out->name = (int)c;
	if (out->name < 0) {
		diag(SEV_ERROR, cd->file ? &(struct loc){cd->file, 1, 1} : &cd->loc,
		     "the rows have no column but 'count': a card needs a field, its name");
		return 1;
	}
	int bad = check_row_names(cd, (size_t)out->name);
	out->counts = xcalloc(cd->nrows + 1, sizeof *out->counts);
	for (size_t r = 0; r < cd->nrows; r++) {
		const char *c = out->count < 0 ? "" : cd->rows[r].values[out->count];
		out->counts[r] = dflt;
		if (*c && parse_int(c, 0, KIT_MAX_COUNT, &out->counts[r]) != 0) {
			diag(SEV_ERROR, &cd->rows[r].loc, "this row's count must be a whole number 0..%ld (its "
			     "copies), not '%s'", KIT_MAX_COUNT, c);
			bad++;
		}
	}
	return bad;
}

/* rows: cards.csv (or cards.yaml, or a list of mappings): one face a row, its
 * columns the group's fields (but `count`: the row's copies). */
static void load_rows(struct loader *ld, struct kit_group *g, const struct ynode *v)
{
	struct card_data cd = {0};
	unsigned before = ld->yr.errors;
	if (data_read_rows(&ld->yr, v, ld->d->file, "rows", &cd) == 0 && !cd.nrows)
		yr_error(&ld->yr, v, "'rows' holds no rows: a header line naming the fields, then a card a line");
	if (ld->yr.errors != before || !room_for(ld, v, (long)(cd.nrows * cd.ncolumns))) {
		data_free(&cd);
		return;
	}
	struct kit_rows dr;
	ld->yr.errors += (unsigned)kit_rows_read(&cd, g->count, &dr);
	g->row_counts = dr.counts;
	for (size_t c = 0; c < cd.ncolumns && dr.name >= 0; c++) {
		if ((int)c == dr.count)
			continue;
		if ((int)c == dr.name)
			g->name_field = g->nfields;
		add_field(g, cd.columns[c], v->loc);
		struct kit_field *f = &g->fields[g->nfields - 1];
		reserve(f, cd.nrows);
		for (size_t r = 0; r < cd.nrows; r++)
			add_value(f, cd.rows[r].values[c]);
	}
	g->nrows = cd.nrows;
	g->rows = xstrdup(cd.file ? cd.file : ld->d->file);
	data_free(&cd);
}

static void load_card_group(struct loader *ld, const struct ynode *n, enum kit_kind kind)
{
	const char *what = kind == KIT_TOKEN ? "a 'tokens' entry" : "a 'cards' entry";
	if (n->kind != Y_MAP) {
		yr_error(&ld->yr, n, "%s must be a mapping (name, product or count, ...), not %s", what,
		    ynode_what(n));
		return;
	}
	static const char *const card_keys[] = {"name", "label", "product", "rows", "count", "optional",
						"face", NULL};
	static const char *const token_keys[] = {"name", "label", "count", "face", NULL};
	only_keys(ld, n, what, kind == KIT_TOKEN ? token_keys : card_keys);
	struct kit_group *g = open_group(ld, n, kind, NULL, what);
	const struct ynode *v;
	if ((v = ymap_get(n, "count")))
		yr_int(&ld->yr, "count", v, 1, KIT_MAX_COUNT, &g->count);
	else if (kind == KIT_TOKEN)
		yr_error(&ld->yr, n, "a 'tokens' entry needs a 'count'");
	if ((v = ymap_get(n, "optional")))
		yr_bool(&ld->yr, "optional", v, &g->optional);
	if (kind == KIT_CARD && (v = ymap_get(n, "rows"))) {
		if (ymap_get(n, "product"))
			yr_error(&ld->yr, v, "a 'cards' entry takes 'rows' (a card a row) or 'product', not both");
		else
			load_rows(ld, g, v);
	}
	if (kind == KIT_CARD && (v = ymap_get(n, "product")) && yr_want(&ld->yr, "product", v, Y_MAP) == 0) {
		if (v->n == 0)
			yr_error(&ld->yr, v, "'product' names no fields");
		long faces = 1;
		for (size_t i = 0; i < v->n; i++) {
			size_t had = g->nfields;
			load_field(ld, g, v->pairs[i].key, v->pairs[i].value);
			if (g->nfields == had || !g->fields[had].n)
				continue;
			/* the faces the product makes, bounded field by field */
			if ((long)g->fields[had].n > KIT_MAX_ITEMS / faces) {
				yr_error(&ld->yr, v->pairs[i].key, "this product makes more than %ld faces",
				    KIT_MAX_ITEMS);
				break;
			}
			faces *= (long)g->fields[had].n;
		}
	}
}

static void load_tiles(struct loader *ld, const struct ynode *n)
{
	if (yr_want(&ld->yr, "tiles", n, Y_MAP) != 0)
		return;
	static const char *const known[] = {"name", "label", "double", "face", NULL};
	only_keys(ld, n, "'tiles'", known);
	struct kit_group *g = open_group(ld, n, KIT_TILE, "tile", NULL);
	const struct ynode *v;
	long dn = 0;
	if (!(v = ymap_get(n, "double")))
		yr_error(&ld->yr, n, "'tiles' needs 'double': the highest number of the set (6, 9, 12, ...)");
	else if (yr_int(&ld->yr, "double", v, 0, KIT_MAX_DOUBLE, &dn) != 0)
		return;
	g->double_n = (int)dn;
	add_field(g, "low", n->loc);
	add_field(g, "high", n->loc);
}

static void load_letters(struct loader *ld, const struct ynode *n)
{
	if (yr_want(&ld->yr, "letters", n, Y_MAP) != 0)
		return;
	static const char *const known[] = {"name", "label", "total", "wild", "counts", "face", NULL};
	only_keys(ld, n, "'letters'", known);
	struct kit_group *g = open_group(ld, n, KIT_LETTER, "letter", NULL);
	const struct ynode *v;
	if ((v = ymap_get(n, "wild")))
		yr_str(&ld->yr, "wild", v, true, &g->wild);
	add_field(g, "letter", n->loc);
	struct kit_field *f = &g->fields[0];
	const struct ynode *c = ymap_get(n, "counts");
	if (!c) {
		yr_error(&ld->yr, n, "'letters' needs 'counts': {A: 9, B: 2, ...}");
		return;
	}
	if (yr_want(&ld->yr, "counts", c, Y_MAP) != 0)
		return;
	long sum = 0;
	if (!room_for(ld, c, (long)c->n))
		return;
	reserve(f, c->n);
	f->counts = xcalloc(c->n ? c->n : 1, sizeof *f->counts);
	for (size_t i = 0; i < c->n; i++) {
		const struct ynode *k = c->pairs[i].key;
		long cnt;
		if (yr_int(&ld->yr, k->str, c->pairs[i].value, 0, KIT_MAX_COUNT, &cnt) != 0)
			continue;
		f->counts[f->n] = cnt;
		add_value(f, k->str);
		sum += cnt;
	}
	if (g->wild && !ymap_get(c, g->wild))
		yr_error(&ld->yr, ymap_get(n, "wild"), "the wild letter '%s' has no count in 'counts'", g->wild);
	if ((v = ymap_get(n, "total"))) {
		long total;
		if (yr_int(&ld->yr, "total", v, 1, KIT_MAX_ITEMS * KIT_MAX_COUNT, &total) == 0 && total != sum)
			yr_error(&ld->yr, v, "'total' says %ld, but the counts add up to %ld", total, sum);
	}
}

/* "4", 4, "2-3", "4-7": a range of player counts. */
static int get_players(struct loader *ld, const struct ynode *n, int *lo, int *hi)
{
	if (n->kind == Y_SCALAR) {
		long a, b;
		const char *dash = strchr(n->str, '-');
		if (!dash && parse_int(n->str, 1, KIT_MAX_PLAYERS, &a) == 0) {
			*lo = *hi = (int)a;
			return 0;
		}
		if (dash && dash != n->str) {
			char *first = xstrndup(n->str, (size_t)(dash - n->str));
			int ok = parse_int(first, 1, KIT_MAX_PLAYERS, &a) == 0 &&
				 parse_int(dash + 1, 1, KIT_MAX_PLAYERS, &b) == 0 && a <= b;
			free(first);
			if (ok) {
				*lo = (int)a;
				*hi = (int)b;
				return 0;
			}
		}
	}
	yr_error(&ld->yr, n, "'players' must be a count 1..%d or a range such as 2-3, not %s",
	    KIT_MAX_PLAYERS, n->kind == Y_SCALAR ? n->str : ynode_what(n));
	return -1;
}

static void load_deal(struct loader *ld, const struct ynode *n)
{
	struct kit *d = ld->d;
	if (yr_want(&ld->yr, "deal", n, Y_MAP) != 0)
		return;
	static const char *const known[] = {"hands", "rest", NULL};
	only_keys(ld, n, "'deal'", known);
	const struct ynode *v;
	if ((v = ymap_get(n, "rest")))
		yr_str(&ld->yr, "rest", v, true, &d->deal_rest);
	if (!(v = ymap_get(n, "hands"))) {
		yr_error(&ld->yr, n, "'deal' needs 'hands': a list of {players: 2-3, cards: 13}");
		return;
	}
	if (yr_want(&ld->yr, "hands", v, Y_SEQ) != 0)
		return;
	d->deals = xcalloc(v->n ? v->n : 1, sizeof *d->deals);
	for (size_t i = 0; i < v->n; i++) {
		const struct ynode *e = v->items[i];
		if (e->kind != Y_MAP) {
			yr_error(&ld->yr, e, "a 'hands' entry must be {players: N or N-M, cards: N or even}, not %s",
			    ynode_what(e));
			continue;
		}
		static const char *const ekeys[] = {"players", "cards", NULL};
		only_keys(ld, e, "a 'hands' entry", ekeys);
		const struct ynode *p = ymap_get(e, "players"), *c = ymap_get(e, "cards");
		struct kit_deal de = {0, 0, 0, e->loc};
		if (!p || !c) {
			yr_error(&ld->yr, e, "a 'hands' entry needs 'players' and 'cards'");
			continue;
		}
		if (get_players(ld, p, &de.lo, &de.hi) != 0)
			continue;
		if (c->kind == Y_SCALAR && strcmp(c->str, "even") == 0)
			de.cards = 0;
		else if (yr_int(&ld->yr, "cards", c, 1, KIT_MAX_ITEMS, &de.cards) != 0)
			continue;
		for (size_t j = 0; j < d->ndeals; j++)
			if (de.lo <= d->deals[j].hi && d->deals[j].lo <= de.hi) {
				yr_error(&ld->yr, p, "players %s overlap an earlier 'hands' entry (%d-%d)", p->str,
				    d->deals[j].lo, d->deals[j].hi);
				break;
			}
		d->deals[d->ndeals++] = de;
	}
}

/* One mark's spaces: on the board, not its start or finish, marked once. */
static void load_mark_spaces(struct loader *ld, struct kit_mark *mk, const struct ynode *s)
{
	struct kit_board *b = &ld->d->board;
	mk->spaces = xcalloc(s->n ? s->n : 1, sizeof *mk->spaces);
	for (size_t j = 0; j < s->n; j++) {
		long x;
		if (yr_int(&ld->yr, "spaces", s->items[j], 1, b->spaces ? b->spaces : 1, &x) != 0)
			continue;
		if (x == b->start || x == b->finish) {
			yr_error(&ld->yr, s->items[j], "space %ld is the board's %s; it cannot be marked", x,
			    x == b->start ? "start" : "finish");
			continue;
		}
		bool dup = false;
		for (size_t q = 0; q < b->nmarks; q++)
			for (size_t r = 0; r < b->marks[q].n; r++)
				dup |= b->marks[q].spaces[r] == x;
		if (dup) {
			yr_error(&ld->yr, s->items[j], "space %ld is marked twice", x);
			continue;
		}
		mk->spaces[mk->n++] = (int)x;
	}
}

/* marks: {broken: {label: Broken railway, spaces: [8, 15]}, ...} */
static void load_marks(struct loader *ld, const struct ynode *v)
{
	struct kit_board *b = &ld->d->board;
	if (yr_want(&ld->yr, "marks", v, Y_MAP) != 0)
		return;
	b->marks = xcalloc(v->n ? v->n : 1, sizeof *b->marks);
	for (size_t i = 0; i < v->n; i++) {
		const struct ynode *k = v->pairs[i].key, *m = v->pairs[i].value;
		if (!good_name(k->str)) {
			yr_error(&ld->yr, k, "a mark's name must be a-z, 0-9 and '-', not '%s'", k->str);
			continue;
		}
		if (yr_want(&ld->yr, k->str, m, Y_MAP) != 0)
			continue;
		static const char *const mkeys[] = {"label", "spaces", NULL};
		only_keys(ld, m, "a board mark", mkeys);
		struct kit_mark *mk = &b->marks[b->nmarks++];
		mk->name = xstrdup(k->str);
		mk->loc = k->loc;
		const struct ynode *l = ymap_get(m, "label"), *s = ymap_get(m, "spaces");
		if (l)
			yr_str(&ld->yr, "label", l, true, &mk->label);
		if (!s)
			yr_error(&ld->yr, m, "mark '%s' needs 'spaces': a list of space numbers", k->str);
		else if (yr_want(&ld->yr, "spaces", s, Y_SEQ) == 0)
			load_mark_spaces(ld, mk, s);
	}
}

static void load_board(struct loader *ld, const struct ynode *n)
{
	struct kit_board *b = &ld->d->board;
	if (yr_want(&ld->yr, "board", n, Y_MAP) != 0)
		return;
	static const char *const known[] = {"spaces", "start", "finish", "marks", "face", NULL};
	only_keys(ld, n, "'board'", known);
	b->present = true;
	b->loc = n->loc;
	const struct ynode *v;
	long spaces = 0;
	if (!(v = ymap_get(n, "spaces")))
		yr_error(&ld->yr, n, "'board' needs 'spaces': how many numbered spaces");
	else if (yr_int(&ld->yr, "spaces", v, 2, KIT_MAX_SPACES, &spaces) != 0)
		return;
	b->spaces = (int)spaces;
	b->start = 1;
	b->finish = b->spaces;
	if ((v = ymap_get(n, "face")) && yr_str(&ld->yr, "face", v, true, &b->face) == 0)
		b->loc_face = v->loc;
	static const char *const end_keys[] = {"space", "label", NULL};
	const char *ends[2] = {"start", "finish"};
	for (int e = 0; e < 2; e++) {
		if (!(v = ymap_get(n, ends[e])))
			continue;
		if (yr_want(&ld->yr, ends[e], v, Y_MAP) != 0)
			continue;
		only_keys(ld, v, ends[e], end_keys);
		const struct ynode *s = ymap_get(v, "space"), *l = ymap_get(v, "label");
		long x;
		if (s && yr_int(&ld->yr, "space", s, 1, b->spaces ? b->spaces : 1, &x) == 0)
			*(e ? &b->finish : &b->start) = (int)x;
		if (l)
			yr_str(&ld->yr, "label", l, true, e ? &b->finish_label : &b->start_label);
	}
	if (b->start >= b->finish)
		yr_error(&ld->yr, n, "the board's start (space %d) must come before its finish (space %d)",
		    b->start, b->finish);
	if ((v = ymap_get(n, "marks")))
		load_marks(ld, v);
}

static void load_appearance(struct loader *ld, const struct ynode *n)
{
	struct kit *d = ld->d;
	if (yr_want(&ld->yr, "appearance", n, Y_MAP) != 0)
		return;
	d->looks = xcalloc(n->n ? n->n : 1, sizeof *d->looks);
	for (size_t i = 0; i < n->n; i++) {
		const struct ynode *k = n->pairs[i].key, *v = n->pairs[i].value;
		if (yr_want(&ld->yr, k->str, v, Y_MAP) != 0)
			continue;
		struct kit_look *l = &d->looks[d->nlooks++];
		l->value = xstrdup(k->str);
		l->loc = k->loc;
		l->attr = xcalloc(v->n ? v->n : 1, sizeof *l->attr);
		l->text = xcalloc(v->n ? v->n : 1, sizeof *l->text);
		for (size_t j = 0; j < v->n; j++) {
			const struct ynode *a = v->pairs[j].key, *t = v->pairs[j].value;
			if (!good_name(a->str)) {
				yr_error(&ld->yr, a, "an appearance attribute must be a-z, 0-9 and '-', not '%s'", a->str);
				continue;
			}
			char *text = NULL;
			if (yr_str(&ld->yr, a->str, t, true, &text) != 0)
				continue;
			l->attr[l->n] = xstrdup(a->str);
			l->text[l->n++] = text;
		}
	}
}

const char *kit_look(const struct kit *d, const char *value, const char *attr)
{
	for (size_t i = 0; i < d->nlooks; i++)
		if (strcmp(d->looks[i].value, value) == 0)
			for (size_t j = 0; j < d->looks[i].n; j++)
				if (strcmp(d->looks[i].attr[j], attr) == 0)
					return d->looks[i].text[j];
	return NULL;
}

const char *kit_ink(const struct kit *d, const char *value)
{
	const char *c = palette_get(&d->palette, value);
	return c ? c : kit_look(d, value, "ink");
}

/* --- expansion -------------------------------------------------------------- */

static void add_item(struct loader *ld, size_t group, char **values, long count, char *name)
{
	struct kit *d = ld->d;
	d->items = xgrow(d->items, &ld->items_cap, d->nitems + 1, sizeof *d->items);
	struct kit_item *it = &d->items[d->nitems++];
	it->group = group;
	it->values = values;
	it->count = count;
	it->name = name;
}

/* A rows group's faces: a row each, in the order written (rows of no copies
 * left out). 0, or -1 reported past the most faces. */
static int expand_rows(struct loader *ld, size_t gi)
{
	struct kit *d = ld->d;
	const struct kit_group *g = &d->groups[gi];
	if ((long)g->nrows > KIT_MAX_ITEMS - (long)d->nitems) {
		diag(SEV_ERROR, &g->loc, "with this group the pack has more than %ld faces", KIT_MAX_ITEMS);
		ld->yr.errors++;
		return -1;
	}
	for (size_t r = 0; r < g->nrows; r++) {
		if (!g->row_counts[r])
			continue;
		char **v = xcalloc(g->nfields + 1, sizeof *v);
		for (size_t k = 0; k < g->nfields; k++)
			v[k] = xstrdup(g->fields[k].values[r]);
		add_item(ld, gi, v, g->row_counts[r], xstrdup(v[g->name_field]));
	}
	return 0;
}

/* Every included group's faces, in the order written; products vary the last
 * field fastest (colour x number: blue 1, blue 2, ... orange 12). */
static void expand(struct loader *ld)
{
	struct kit *d = ld->d;
	for (size_t gi = 0; gi < d->ngroups; gi++) {
		struct kit_group *g = &d->groups[gi];
		if (!g->included)
			continue;
		if (g->kind == KIT_TILE) {
			for (int a = 0; a <= g->double_n; a++)
				for (int b = a; b <= g->double_n; b++) {
					char **v = xcalloc(2, sizeof *v);
					v[0] = xasprintf("%d", a);
					v[1] = xasprintf("%d", b);
					add_item(ld, gi, v, 1, xasprintf("%d-%d", a, b));
				}
			continue;
		}
		if (g->kind == KIT_LETTER) {
			struct kit_field *f = &g->fields[0];
			for (size_t i = 0; i < f->n; i++) {
				long cnt = f->counts[i];
				if (!cnt)
					continue;
				char **v = xcalloc(1, sizeof *v);
				v[0] = xstrdup(f->values[i]);
				add_item(ld, gi, v, cnt, xstrdup(f->values[i]));
			}
			continue;
		}
		if (g->rows) {
			if (expand_rows(ld, gi) != 0)
				return;
			continue;
		}
		long total = 1;
		for (size_t i = 0; i < g->nfields; i++) {
			total *= (long)g->fields[i].n;
			if (total > KIT_MAX_ITEMS - (long)d->nitems) {
				diag(SEV_ERROR, &g->loc, "with this group the pack has more than %ld faces",
				     KIT_MAX_ITEMS);
				ld->yr.errors++;
				return;
			}
		}
		for (long k = 0; k < total; k++) {
			char **v = xcalloc(g->nfields ? g->nfields : 1, sizeof *v);
			long rem = k;
			for (size_t i = g->nfields; i-- > 0;) {
				v[i] = xstrdup(g->fields[i].values[rem % (long)g->fields[i].n]);
				rem /= (long)g->fields[i].n;
			}
			struct buf nm = {0};
			for (size_t i = 0; i < g->nfields; i++)
				buf_printf(&nm, "%s%s", i ? " " : "", v[i]);
			if (g->label || !g->nfields)
				buf_printf(&nm, "%s%s", g->nfields ? " " : "", g->label ? g->label : g->name);
			add_item(ld, gi, v, g->count, nm.s);
		}
	}
}

/* The groups by name (then by position), for lookups in log n: a lookup per
 * name in a list of every group was quadratic in a large pack. */
struct named {
	const char *name;
	size_t i;
};

static int by_name(const void *a, const void *b)
{
	const struct named *x = a, *y = b;
	int c = strcmp(x->name, y->name);
	return c ? c : (x->i > y->i) - (x->i < y->i);
}

/* The named groups of d, sorted; their number in *n. Caller frees. */
static struct named *groups_by_name(const struct kit *d, size_t *n)
{
	struct named *v = xcalloc(d->ngroups + 1, sizeof *v);
	*n = 0;
	for (size_t i = 0; i < d->ngroups; i++)
		if (d->groups[i].name)
			v[(*n)++] = (struct named){d->groups[i].name, i};
	qsort(v, *n, sizeof *v, by_name);
	return v;
}

/* The first group named name (as kit_group_named), from the index. */
static struct kit_group *group_in(struct kit *d, const struct named *v, size_t n, const char *name)
{
	size_t lo = 0, hi = n;
	while (lo < hi) {   /* the first entry not below name */
		size_t mid = lo + (hi - lo) / 2;
		if (strcmp(v[mid].name, name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && strcmp(v[lo].name, name) == 0 ? &d->groups[v[lo].i] : NULL;
}

/* Apply the pack's `without:` and the command line's with/without. */
static void select_optional(struct loader *ld, const struct ynode *pack_without, char *const *without,
			    size_t nwithout, char *const *with, size_t nwith)
{
	struct kit *d = ld->d;
	size_t nnamed;
	struct named *named = groups_by_name(d, &nnamed);
	if (pack_without && yr_want(&ld->yr, "without", pack_without, Y_SEQ) == 0)
		for (size_t i = 0; i < pack_without->n; i++) {
			const struct ynode *it = pack_without->items[i];
			struct kit_group *g = it->kind == Y_SCALAR ? group_in(d, named, nnamed, it->str) : NULL;
			if (!g)
				yr_error(&ld->yr, it, "'without' names no group of this pack: %s",
				    it->kind == Y_SCALAR ? it->str : ynode_what(it));
			else if (!g->optional)
				yr_error(&ld->yr, it, "'%s' is not marked 'optional: true', so it cannot be left out",
				    g->name);
			else
				g->included = false;
		}
	for (int pass = 0; pass < 2; pass++) {
		char *const *names = pass ? with : without;
		size_t n = pass ? nwith : nwithout;
		for (size_t i = 0; i < n; i++) {
			struct kit_group *g = group_in(d, named, nnamed, names[i]);
			if (!g || !g->optional) {
				struct buf b = {0};
				for (size_t j = 0; j < d->ngroups; j++)
					if (d->groups[j].optional)
						buf_printf(&b, "%s%s", b.len ? ", " : "", d->groups[j].name);
				diag(SEV_ERROR, NULL, "--%s %s: %s (optional groups of this pack: %s)",
				     pass ? "with" : "without", names[i],
				     g ? "that group is not optional" : "no such group",
				     b.len ? b.s : "none");
				buf_free(&b);
				ld->yr.errors++;
				continue;
			}
			g->included = pass == 1;
		}
	}
	free(named);
}

static void load_root(struct loader *ld, const struct ynode *root, char *const *without,
		      size_t nwithout, char *const *with, size_t nwith)
{
	struct kit *d = ld->d;
	static const char *const known[] = {"pack", "title", "game", "cards", "tiles", "letters",
					    "tokens", "board", "deal", "back", "setup", "appearance",
					    "without", "rules", "size", "fields", "data", "tune",
					    "reference", "palette", NULL};
	/* tune: the balance search's, read by `railyard tune` */
	only_keys(ld, root, "a pack of game components", known);
	const struct ynode *v;
	if (!(v = ymap_get(root, "pack")))
		yr_error(&ld->yr, root, "the pack needs 'pack': its id (names the output folder)");
	else
		get_name(ld, "pack", v, &d->id);
	if ((v = ymap_get(root, "title")))
		yr_str(&ld->yr, "title", v, true, &d->title);
	if (!(v = ymap_get(root, "game")))
		yr_error(&ld->yr, root, "the pack needs 'game'");
	else if (get_name(ld, "game", v, &d->game) == 0)
		d->loc_game = v->loc;
	if ((v = ymap_get(root, "cards")) && yr_want(&ld->yr, "cards", v, Y_SEQ) == 0)
		for (size_t i = 0; i < v->n; i++)
			load_card_group(ld, v->items[i], KIT_CARD);
	if ((v = ymap_get(root, "tiles")))
		load_tiles(ld, v);
	if ((v = ymap_get(root, "letters")))
		load_letters(ld, v);
	if ((v = ymap_get(root, "tokens")) && yr_want(&ld->yr, "tokens", v, Y_SEQ) == 0)
		for (size_t i = 0; i < v->n; i++)
			load_card_group(ld, v->items[i], KIT_TOKEN);
	if ((v = ymap_get(root, "board")))
		load_board(ld, v);
	if ((v = ymap_get(root, "deal")))
		load_deal(ld, v);
	if ((v = ymap_get(root, "back")) && yr_str(&ld->yr, "back", v, true, &d->back) == 0)
		d->loc_back = v->loc;
	if ((v = ymap_get(root, "setup")) && yr_str(&ld->yr, "setup", v, true, &d->setup) == 0)
		d->loc_setup = v->loc;
	if ((v = ymap_get(root, "reference")) &&
	    yr_str(&ld->yr, "reference", v, true, &d->reference) == 0)
		d->loc_reference = v->loc;
	if ((v = ymap_get(root, "appearance")))
		load_appearance(ld, v);
	if ((v = ymap_get(root, "palette")))
		palette_read(&ld->yr, v, &d->palette);
	if ((v = ymap_get(root, "size")))
		data_read_size(&ld->yr, v, &d->data);
	if ((v = ymap_get(root, "fields")))
		data_read_fields(&ld->yr, v, &d->data);
	if ((v = ymap_get(root, "data"))) {
		static const char *const keys[] = {"name", NULL};
		data_read(&ld->yr, v, d->file, keys, &d->data);
	}
	if ((v = ymap_get(root, "rules")) && yr_want(&ld->yr, "rules", v, Y_MAP) == 0)
		d->rules = v;
	/* a name again: at each later group, the first one's line */
	size_t nnamed;
	struct named *named = groups_by_name(d, &nnamed);
	size_t *first = xcalloc(d->ngroups + 1, sizeof *first);
	for (size_t k = 0; k < d->ngroups; k++)
		first[k] = k;
	for (size_t k = 1; k < nnamed; k++)
		if (strcmp(named[k].name, named[k - 1].name) == 0)
			first[named[k].i] = first[named[k - 1].i];
	for (size_t i = 0; i < d->ngroups; i++)
		if (first[i] != i) {
			diag(SEV_ERROR, &d->groups[i].loc, "a group named '%s' is already defined at line %u",
			     d->groups[i].name, d->groups[first[i]].loc.line);
			ld->yr.errors++;
		}
	free(first);
	free(named);
	if (!d->ngroups && !d->board.present)
		yr_error(&ld->yr, root, "the pack describes no components: give 'cards', 'tiles', 'letters', "
		    "'tokens' or 'board'");
	select_optional(ld, ymap_get(root, "without"), without, nwithout, with, nwith);
}

/* Whether the first len bytes of key are one of the values v[0..n) (sorted). */
static bool has_value(const char *const *v, size_t n, const char *key, size_t len)
{
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strncmp(key, v[mid], len);
		if (c == 0 && v[mid][len])
			c = -1;   /* key's bytes are a prefix of the value: key sorts first */
		if (c == 0)
			return true;
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return false;
}

typedef const char **sorted_values;

/* Whether key is the name expand gives an item of group g: one value of each
 * field from the i-th on (sorted[i]: field i's values sorted), then the label
 * (or name) if it has one, spaced. A value ends where the key has a space or
 * ends: each such end is looked up (values may hold spaces). */
static bool group_names(const struct kit_group *g, const sorted_values *sorted, size_t i, const char *key)
{
	if (i == g->nfields) {
		if (!g->label && g->nfields)
			return !*key;
		const char *tail = g->label ? g->label : g->name;
		if (g->nfields && *key++ != ' ')
			return false;
		return tail && strcmp(key, tail) == 0;
	}
	if (i > 0 && *key++ != ' ')
		return false;
	for (size_t e = 0;; e++) {
		if ((key[e] == ' ' || !key[e]) && has_value(sorted[i], g->fields[i].n, key, e) &&
		    group_names(g, sorted, i + 1, key + e))
			return true;
		if (!key[e])
			return false;
	}
}

/* What item_named looks a key up in: the items' names sorted, and the values
 * of each field of the groups left out, sorted (a pass over every item for
 * each data row was quadratic in a large pack). */
struct name_index {
	const struct kit *d;
	const char **items;
	sorted_values **values;       /* [group][field], NULL for a group included */
};

static int by_cstr(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static void name_index_make(struct name_index *x, const struct kit *d)
{
	x->d = d;
	x->items = xcalloc(d->nitems + 1, sizeof *x->items);
	for (size_t i = 0; i < d->nitems; i++)
		x->items[i] = d->items[i].name;
	qsort(x->items, d->nitems, sizeof *x->items, by_cstr);
	x->values = xcalloc(d->ngroups + 1, sizeof *x->values);   /* NULL: included */
	for (size_t g = 0; g < d->ngroups; g++) {
		const struct kit_group *gr = &d->groups[g];
		if (gr->included || gr->rows)
			continue;
		x->values[g] = xcalloc(gr->nfields + 1, sizeof **x->values);
		for (size_t f = 0; f < gr->nfields; f++) {
			const char **v = xcalloc(gr->fields[f].n + 1, sizeof *v);
			for (size_t k = 0; k < gr->fields[f].n; k++)
				v[k] = gr->fields[f].values[k];
			qsort(v, gr->fields[f].n, sizeof *v, by_cstr);
			x->values[g][f] = v;
		}
	}
}

static void name_index_free(struct name_index *x)
{
	for (size_t g = 0; g < x->d->ngroups; g++) {
		for (size_t f = 0; x->values[g] && f < x->d->groups[g].nfields; f++)
			free(x->values[g][f]);
		free(x->values[g]);
	}
	free(x->values);
	free(x->items);
}

/* Whether a data row's key names an item of the deck ("blue 7"), counting the
 * groups left out (their items are not expanded). */
static bool item_named(void *user, const char *column, const char *key)
{
	const struct name_index *x = user;
	const struct kit *d = x->d;
	(void)column;
	if (bsearch(&key, x->items, d->nitems, sizeof *x->items, by_cstr))
		return true;
	for (size_t g = 0; g < d->ngroups; g++) {
		const struct kit_group *gr = &d->groups[g];
		if (gr->rows && !gr->included) {
			for (size_t r = 0; r < gr->nrows; r++)
				if (!strcmp(gr->fields[gr->name_field].values[r], key))
					return true;
		} else if (x->values[g] && group_names(gr, x->values[g], 0, key)) {
			return true;
		}
	}
	return false;
}

/* data_check_keys' names: the items'. */
static const char *item_name_at(void *user, size_t i)
{
	const struct kit *d = ((const struct name_index *)user)->d;
	return i < d->nitems ? d->items[i].name : NULL;
}

static struct kit *load_doc(struct ydoc *doc, char *const *without, size_t nwithout, char *const *with,
			     size_t nwith)
{
	struct kit *d = xcalloc(1, sizeof *d);
	struct loader ld = {.d = d};
	d->doc = doc;
	d->file = xstrdup(doc->file);
	ld.yr.file = d->file;
	ld.yr.errors = doc->errors; /* duplicate keys and the like, already reported */
	d->loc = (struct loc){doc->file, 1, 1};
	if (!doc->root || doc->root->kind != Y_MAP) {
		diag(SEV_ERROR, doc->root ? &doc->root->loc : &d->loc,
		     "a pack must be a mapping of keys ('pack: ...', 'game: ...'), not %s",
		     doc->root ? ynode_what(doc->root) : "an empty file");
		kit_free(d);
		return NULL;
	}
	d->loc = doc->root->loc;
	load_root(&ld, doc->root, without, nwithout, with, nwith);
	if (!ld.yr.errors)
		expand(&ld);
	if (!ld.yr.errors) {
		struct name_index x;
		name_index_make(&x, d);
		ld.yr.errors += (unsigned)data_check_keys(&d->data, item_named, item_name_at, &x);
		name_index_free(&x);
	}
	if (ld.yr.errors) {
		kit_free(d);
		return NULL;
	}
	if (!d->title)
		d->title = xstrdup(d->id);
	return d;
}

struct kit *kit_load(const char *path, char *const *without, size_t nwithout, char *const *with,
		       size_t nwith)
{
	struct ydoc *doc = ydoc_load(path);
	return doc ? load_doc(doc, without, nwithout, with, nwith) : NULL;
}

struct kit *kit_from_doc(struct ydoc *doc, char *const *without, size_t nwithout, char *const *with,
			   size_t nwith)
{
	return load_doc(doc, without, nwithout, with, nwith);
}

struct kit *kit_parse(const char *name, const char *text, size_t len)
{
	struct ydoc *doc = ydoc_parse(name, text, len);
	return doc ? load_doc(doc, NULL, 0, NULL, 0) : NULL;
}

void kit_free(struct kit *d)
{
	if (!d)
		return;
	data_free(&d->data);
	for (size_t i = 0; i < d->ngroups; i++) {
		struct kit_group *g = &d->groups[i];
		for (size_t j = 0; j < g->nfields; j++) {
			for (size_t k = 0; k < g->fields[j].n; k++)
				free(g->fields[j].values[k]);
			free(g->fields[j].values);
			free(g->fields[j].counts);
			free(g->fields[j].name);
		}
		free(g->fields);
		free(g->name);
		free(g->label);
		free(g->wild);
		free(g->face);
		free(g->rows);
		free(g->row_counts);
	}
	for (size_t i = 0; i < d->nitems; i++) {
		for (size_t k = 0; k < d->groups[d->items[i].group].nfields; k++)
			free(d->items[i].values[k]);
		free(d->items[i].values);
		free(d->items[i].name);
	}
	free(d->groups);
	free(d->items);
	for (size_t i = 0; i < d->board.nmarks; i++) {
		free(d->board.marks[i].name);
		free(d->board.marks[i].label);
		free(d->board.marks[i].spaces);
	}
	free(d->board.marks);
	free(d->board.start_label);
	free(d->board.finish_label);
	free(d->board.face);
	free(d->deals);
	free(d->deal_rest);
	free(d->back);
	free(d->reference);
	palette_free(&d->palette);
	free(d->setup);
	for (size_t i = 0; i < d->nlooks; i++) {
		for (size_t j = 0; j < d->looks[i].n; j++) {
			free(d->looks[i].attr[j]);
			free(d->looks[i].text[j]);
		}
		free(d->looks[i].attr);
		free(d->looks[i].text);
		free(d->looks[i].value);
	}
	free(d->looks);
	free(d->id);
	free(d->title);
	free(d->game);
	free(d->file);
	ydoc_free(d->doc);
	free(d);
}

const struct kit_group *kit_group_named(const struct kit *d, const char *name)
{
	for (size_t i = 0; i < d->ngroups; i++)
		if (d->groups[i].name && strcmp(d->groups[i].name, name) == 0)
			return &d->groups[i];
	return NULL;
}

int kit_field_index(const struct kit_group *g, const char *name)
{
	for (size_t i = 0; i < g->nfields; i++)
		if (strcmp(g->fields[i].name, name) == 0)
			return (int)i;
	return -1;
}

long kit_count(const struct kit *d, enum kit_kind kind)
{
	long n = 0;
	for (size_t i = 0; i < d->nitems; i++)
		if (d->groups[d->items[i].group].kind == kind)
			n += d->items[i].count;
	return n;
}

const struct kit_deal *kit_deal_for(const struct kit *d, int players)
{
	for (size_t i = 0; i < d->ndeals; i++)
		if (players >= d->deals[i].lo && players <= d->deals[i].hi)
			return &d->deals[i];
	return NULL;
}

long kit_hand_size(const struct kit *d, int players, long total)
{
	const struct kit_deal *e = kit_deal_for(d, players);
	if (!e || players <= 0)
		return -1;
	return e->cards ? e->cards : total / players;
}

const struct kit_mark *kit_space_mark(const struct kit *d, int space)
{
	for (size_t i = 0; i < d->board.nmarks; i++)
		for (size_t j = 0; j < d->board.marks[i].n; j++)
			if (d->board.marks[i].spaces[j] == space)
				return &d->board.marks[i];
	return NULL;
}

static const char *kind_name(enum kit_kind k)
{
	return k == KIT_CARD ? "cards" : k == KIT_TILE ? "tiles" : k == KIT_LETTER ? "letters" : "tokens";
}

void kit_dump(const struct kit *d, FILE *out)
{
	fprintf(out, "pack %s\ntitle %s\ngame %s\n", d->id, d->title, d->game);
	for (size_t i = 0; i < d->ngroups; i++) {
		const struct kit_group *g = &d->groups[i];
		long n = 0;
		for (size_t j = 0; j < d->nitems; j++)
			if (d->items[j].group == i)
				n += d->items[j].count;
		fprintf(out, "group %s (%s)%s%s: %ld\n", g->name, kind_name(g->kind),
			g->optional ? " optional" : "", g->included ? "" : " left out", n);
		for (size_t j = 0; j < g->nfields; j++)
			fprintf(out, "  field %s: %zu values\n", g->fields[j].name,
				g->kind == KIT_TILE ? (size_t)g->double_n + 1 : g->fields[j].n);
		if (g->face)
			fprintf(out, "  face %s\n", g->face);
	}
	for (size_t i = 0; i < d->nitems; i++)
		fprintf(out, "item %s x%ld\n", d->items[i].name, d->items[i].count);
	if (d->board.present) {
		fprintf(out, "board %d spaces, start %d, finish %d\n", d->board.spaces, d->board.start,
			d->board.finish);
		for (size_t i = 0; i < d->board.nmarks; i++) {
			fprintf(out, "  mark %s:", d->board.marks[i].name);
			for (size_t j = 0; j < d->board.marks[i].n; j++)
				fprintf(out, " %d", d->board.marks[i].spaces[j]);
			fputc('\n', out);
		}
	}
	for (size_t i = 0; i < d->ndeals; i++) {
		if (d->deals[i].cards)
			fprintf(out, "deal %d-%d: %ld each\n", d->deals[i].lo, d->deals[i].hi, d->deals[i].cards);
		else
			fprintf(out, "deal %d-%d: shared evenly\n", d->deals[i].lo, d->deals[i].hi);
	}
}
