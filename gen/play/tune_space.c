/* tune_space.c: the search space of `railyard tune` (the pack's `tune:` or
 * --vary), the variants as edited trees, their labels, and a variant written
 * back as a pack with the designer's comments kept. Knows no game. */
#define _GNU_SOURCE   /* open_memstream is POSIX 2008 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "json.h"
#include "tune.h"
#include "yread.h"

static void tune_flow(const struct ynode *n, struct buf *out);

/* ---- reading the space ---- */

/* "LO..HI" with whole numbers: true and the bounds. */
static bool is_range(const char *s, long *lo, long *hi)
{
	const char *dots = strstr(s, "..");
	if (!dots || dots == s)
		return false;
	char *a = xstrndup(s, (size_t)(dots - s));
	bool ok = parse_int(a, -1000000000L, 1000000000L, lo) == 0 &&
		  parse_int(dots + 2, -1000000000L, 1000000000L, hi) == 0;
	free(a);
	return ok;
}

/* A key path: names of [a-z0-9-] joined by dots, not naming tune, pack or game. */
static bool good_path(const char *p, char *why, size_t len)
{
	if (!*p || p[0] == '.' || p[strlen(p) - 1] == '.' || strstr(p, "..")) {
		snprintf(why, len, "a key is names joined by dots (wild, rules.opening, players.5)");
		return false;
	}
	for (const char *c = p; *c; c++)
		if (!(islower((unsigned char)*c) || isdigit((unsigned char)*c) || *c == '-' || *c == '.' || *c == '_')) {
			snprintf(why, len, "'%c' cannot be in a key (lowercase letters, digits, '-', '.')", *c);
			return false;
		}
	size_t first = strcspn(p, ".");
	static const char *const fixed[] = {"tune", "pack", "game"};
	for (size_t i = 0; i < 3; i++)
		if (strlen(fixed[i]) == first && strncmp(p, fixed[i], first) == 0) {
			snprintf(why, len, "'%s' cannot be varied", fixed[i]);
			return false;
		}
	return true;
}

static void add_value(struct tune_key *k, struct ynode *v)
{
	k->values = xrealloc(k->values, (k->n + 1) * sizeof *k->values);
	k->values[k->n++] = v;
}

/* LO..HI as scalars; false (reported at loc) when it is empty or too long. */
static bool add_range(struct tune_key *k, long lo, long hi, struct loc at, const char *what)
{
	if (hi < lo || hi - lo >= TUNE_MAX_VALUES) {
		diag(SEV_ERROR, &at, "%s: the range %ld..%ld must run upwards and hold at most %d values", what, lo,
		     hi, TUNE_MAX_VALUES);
		return false;
	}
	for (long x = lo; x <= hi; x++) {
		char t[32];
		snprintf(t, sizeof t, "%ld", x);
		add_value(k, ynode_new_scalar(t, true, at));
	}
	return true;
}

/* One entry of the pack's tune: mapping. */
static bool read_pack_key(struct tune_space *sp, struct yread *r, const struct ynode *key, const struct ynode *v)
{
	char why[160];
	if (!good_path(key->str, why, sizeof why)) {
		yr_error(r, key, "tune: '%s': %s", key->str, why);
		return false;
	}
	struct tune_key *k = &sp->keys[sp->nkeys++];
	k->path = xstrdup(key->str);
	long lo, hi;
	if (v->kind == Y_SCALAR && is_range(v->str, &lo, &hi)) {
		k->spec = xstrdup(v->str);
		struct loc at = yr_loc(r, v);
		return add_range(k, lo, hi, at, key->str);
	}
	if (v->kind != Y_SEQ) {
		yr_error(r, v, "tune: '%s' takes a list of values ([0, 1, 2]) or a range (\"0..3\"), not %s", key->str,
			 ynode_what(v));
		return false;
	}
	if (v->n == 0 || v->n > TUNE_MAX_VALUES) {
		yr_error(r, v, "tune: '%s' needs 1..%d values", key->str, TUNE_MAX_VALUES);
		return false;
	}
	for (size_t i = 0; i < v->n; i++)
		add_value(k, ynode_clone(v->items[i]));
	struct buf b = {0};
	tune_flow(v, &b);
	k->spec = b.s;
	return true;
}

static int read_pack_space(struct tune_space *sp, const struct ydoc *pack)
{
	const struct ynode *t = pack->root ? ymap_get(pack->root, "tune") : NULL;
	struct yread r = {0};
	if (!t) {
		struct loc whole = {pack->file, 0, 0};
		diag(SEV_ERROR, &whole, "no search space: give the pack a 'tune:' mapping (wild: \"0..3\", "
		     "copies: [1, 2]) or use --vary KEY=V1,V2,...");
		return -1;
	}
	if (yr_want(&r, "tune", t, Y_MAP) != 0)
		return -1;
	if (t->n == 0 || t->n > TUNE_MAX_KEYS) {
		yr_error(&r, t, "tune: give 1..%d keys to vary", TUNE_MAX_KEYS);
		return -1;
	}
	bool ok = true;
	for (size_t i = 0; i < t->n; i++)
		ok &= read_pack_key(sp, &r, t->pairs[i].key, t->pairs[i].value);
	return ok ? 0 : -1;
}

/* The values of --vary split at the commas outside brackets and quotes. */
static bool split_values(struct tune_space *sp, const char *s, struct tune_key *k, const char *arg)
{
	int depth = 0;
	char quote = 0;
	const char *start = s;
	for (const char *c = s;; c++) {
		if (quote) {
			if (*c == quote)
				quote = 0;
			else if (!*c)
				break;
			continue;
		}
		if (*c == '"' || *c == '\'')
			quote = *c;
		else if (*c == '[' || *c == '{')
			depth++;
		else if (*c == ']' || *c == '}')
			depth--;
		if ((*c == ',' && depth == 0) || !*c) {
			size_t n = (size_t)(c - start);
			if (!n) {
				diag(SEV_ERROR, NULL, "--vary %s: an empty value", arg);
				return false;
			}
			/* a range among the values: 1..3,5 is 1, 2, 3, 5 */
			char *seg = xstrndup(start, n);
			long lo, hi;
			bool range = is_range(seg, &lo, &hi);
			free(seg);
			if (range) {
				struct loc at = {NULL, 0, 0};
				if (!add_range(k, lo, hi, at, arg))
					return false;
				if (k->n > TUNE_MAX_VALUES) {
					diag(SEV_ERROR, NULL, "--vary %s: more than %d values", arg, TUNE_MAX_VALUES);
					return false;
				}
				start = c + 1;
				if (!*c)
					break;
				continue;
			}
			char *name = xasprintf("--vary %s", k->path);
			struct ydoc *d = ydoc_parse(name, start, n);
			free(name);
			if (!d)
				return false;
			if (!d->root || d->errors) {
				diag(SEV_ERROR, NULL, "--vary %s: '%.*s' is not a value", arg, (int)n, start);
				ydoc_free(d);
				return false;
			}
			if (k->n == TUNE_MAX_VALUES) {
				diag(SEV_ERROR, NULL, "--vary %s: more than %d values", arg, TUNE_MAX_VALUES);
				ydoc_free(d);
				return false;
			}
			add_value(k, ynode_clone(d->root));
			sp->docs = xrealloc(sp->docs, (sp->ndocs + 1) * sizeof *sp->docs);
			sp->docs[sp->ndocs++] = d;
			start = c + 1;
		}
		if (!*c)
			break;
	}
	if (quote || depth) {
		diag(SEV_ERROR, NULL, "--vary %s: an unclosed %s", arg, quote ? "quote" : "bracket");
		return false;
	}
	return true;
}

static bool read_vary(struct tune_space *sp, const char *arg)
{
	const char *eq = strchr(arg, '=');
	char why[160];
	if (!eq || eq == arg || !eq[1]) {
		diag(SEV_ERROR, NULL, "--vary '%s': expected KEY=V1,V2,... or KEY=LO..HI (wild=0..3, "
		     "rules.opening=none,face-up)", arg);
		return false;
	}
	char *path = xstrndup(arg, (size_t)(eq - arg));
	if (!good_path(path, why, sizeof why)) {
		diag(SEV_ERROR, NULL, "--vary '%s': %s", arg, why);
		free(path);
		return false;
	}
	for (size_t i = 0; i < sp->nkeys; i++)
		if (strcmp(sp->keys[i].path, path) == 0) {
			diag(SEV_ERROR, NULL, "--vary: '%s' is given twice", path);
			free(path);
			return false;
		}
	if (sp->nkeys == TUNE_MAX_KEYS) {
		diag(SEV_ERROR, NULL, "--vary: at most %d keys", TUNE_MAX_KEYS);
		free(path);
		return false;
	}
	struct tune_key *k = &sp->keys[sp->nkeys++];
	k->path = path;
	k->spec = xstrdup(eq + 1);
	long lo, hi;
	struct loc at = {NULL, 0, 0};
	if (is_range(eq + 1, &lo, &hi))
		return add_range(k, lo, hi, at, arg);
	return split_values(sp, eq + 1, k, arg);
}

int tune_space_read(struct tune_space *sp, const struct ydoc *pack, char *const *vary, size_t nvary)
{
	memset(sp, 0, sizeof *sp);
	bool ok = true;
	if (nvary) {
		sp->from_cli = true;
		for (size_t i = 0; i < nvary; i++)
			ok &= read_vary(sp, vary[i]);
	} else {
		ok = read_pack_space(sp, pack) == 0;
	}
	if (!ok)
		return -1;
	sp->nvariants = 1;
	for (size_t k = 0; k < sp->nkeys; k++) {
		if (sp->nvariants * sp->keys[k].n > TUNE_MAX_VARIANTS) {
			diag(SEV_ERROR, NULL, "the space holds more than %d variants: vary fewer keys or values",
			     TUNE_MAX_VARIANTS);
			return -1;
		}
		sp->nvariants *= sp->keys[k].n;
	}
	return 0;
}

void tune_space_free(struct tune_space *sp)
{
	for (size_t k = 0; k < sp->nkeys; k++) {
		for (size_t i = 0; i < sp->keys[k].n; i++)
			ynode_free(sp->keys[k].values[i]);
		free(sp->keys[k].values);
		free(sp->keys[k].path);
		free(sp->keys[k].spec);
	}
	for (size_t i = 0; i < sp->ndocs; i++)
		ydoc_free(sp->docs[i]);
	free(sp->docs);
	memset(sp, 0, sizeof *sp);
}

/* Variant v's value index for key k (the first key varies slowest). */
static size_t tune_space_pick(const struct tune_space *sp, size_t v, size_t k)
{
	for (size_t j = sp->nkeys; j-- > k + 1;)
		v /= sp->keys[j].n;
	return v % sp->keys[k].n;
}

/* ---- variants ---- */

/* The node at path in tree root, or NULL. */
static const struct ynode *node_at(const struct ynode *root, const char *path)
{
	const struct ynode *n = root;
	char *copy = xstrdup(path), *save = NULL;
	for (char *seg = strtok_r(copy, ".", &save); seg && n; seg = strtok_r(NULL, ".", &save))
		n = ymap_get(n, seg);
	free(copy);
	return n;
}

/* Set path in the tree to a copy of value, making mappings on the way. */
static void set_path(struct ynode *root, const char *path, const struct ynode *value)
{
	struct ynode *n = root;
	char *copy = xstrdup(path), *save = NULL;
	char *seg = strtok_r(copy, ".", &save);
	for (char *next; (next = strtok_r(NULL, ".", &save)); seg = next) {
		struct ynode *child = (struct ynode *)ymap_get(n, seg);
		if (!child || child->kind != Y_MAP) {
			child = ynode_new_map(value->loc);
			ymap_set(n, ynode_new_scalar(seg, true, value->loc), child);
		}
		n = child;
	}
	ymap_set(n, ynode_new_scalar(seg, true, value->loc), ynode_clone(value));
	free(copy);
}

struct ydoc *tune_space_variant(const struct tune_space *sp, const struct ydoc *base, size_t v)
{
	struct ydoc *d = ydoc_clone(base);
	if (!d->root || d->root->kind != Y_MAP)
		return d;   /* the loader says what is wrong */
	for (size_t k = 0; k < sp->nkeys; k++)
		set_path(d->root, sp->keys[k].path, sp->keys[k].values[tune_space_pick(sp, v, k)]);
	return d;
}

static bool same_node(const struct ynode *a, const struct ynode *b)
{
	if (!a || !b)
		return a == b;
	struct buf x = {0}, y = {0};
	tune_flow(a, &x);
	tune_flow(b, &y);
	bool same = strcmp(x.s, y.s) == 0;
	buf_free(&x);
	buf_free(&y);
	return same;
}

void tune_space_label(const struct tune_space *sp, const struct ydoc *base, size_t v, bool all, struct buf *out)
{
	size_t start = out->len, shown = 0;
	for (size_t k = 0; k < sp->nkeys; k++) {
		const struct ynode *val = sp->keys[k].values[tune_space_pick(sp, v, k)];
		if (!all && base->root && same_node(node_at(base->root, sp->keys[k].path), val))
			continue;
		buf_printf(out, "%s%s=", shown++ ? " " : "", sp->keys[k].path);
		tune_flow(val, out);
	}
	if (out->len == start)
		buf_puts(out, "-");
}

/* ---- flow YAML and JSON ---- */

static bool plain_safe(const char *s)
{
	if (!*s || strchr("-?:,[]{}#&*!|>'\"%@`", s[0]) || isspace((unsigned char)s[0]))
		return *s && s[0] == '-' && s[1] && !isspace((unsigned char)s[1]) && !strpbrk(s, ",[]{}#:");
	if (isspace((unsigned char)s[strlen(s) - 1]))
		return false;
	return !strpbrk(s, ",[]{}#\n\t") && !strstr(s, ": ") && s[strlen(s) - 1] != ':';
}

static void quoted(const char *s, size_t n, struct buf *out)
{
	buf_puts(out, "\"");
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == '"' || c == '\\')
			buf_printf(out, "\\%c", c);
		else if (c == '\n')
			buf_puts(out, "\\n");
		else if (c == '\t')
			buf_puts(out, "\\t");
		else if (c < 0x20)
			buf_printf(out, "\\x%02x", c);
		else
			buf_add(out, (const char *)&s[i], 1);
	}
	buf_puts(out, "\"");
}

/* A node as one line of flow YAML, appended to out. */
static void tune_flow(const struct ynode *n, struct buf *out)
{
	if (n->kind == Y_SCALAR) {
		if (n->plain && plain_safe(n->str))
			buf_puts(out, n->str);
		else
			quoted(n->str, n->len, out);
	} else if (n->kind == Y_SEQ) {
		buf_puts(out, "[");
		for (size_t i = 0; i < n->n; i++) {
			buf_puts(out, i ? ", " : "");
			tune_flow(n->items[i], out);
		}
		buf_puts(out, "]");
	} else {
		buf_puts(out, "{");
		for (size_t i = 0; i < n->n; i++) {
			buf_puts(out, i ? ", " : "");
			tune_flow(n->pairs[i].key, out);
			buf_puts(out, ": ");
			tune_flow(n->pairs[i].value, out);
		}
		buf_puts(out, "}");
	}
}

/* A node as the next JSON value of w (plain numbers and booleans unquoted). */
static void tune_json_node(struct jw *w, const struct ynode *n)
{
	long l;
	bool b;
	if (n->kind == Y_SCALAR) {
		if (n->plain && ynode_int(n, &l) == 0)
			jw_int(w, l);
		else if (n->plain && ynode_bool(n, &b) == 0)
			jw_bool(w, b);
		else
			jw_str(w, n->str);
	} else if (n->kind == Y_SEQ) {
		jw_array(w);
		for (size_t i = 0; i < n->n; i++)
			tune_json_node(w, n->items[i]);
		jw_end(w);
	} else {
		jw_object(w);
		for (size_t i = 0; i < n->n; i++) {
			jw_key(w, n->pairs[i].key->str);
			tune_json_node(w, n->pairs[i].value);
		}
		jw_end(w);
	}
}

char *tune_keys_json(const struct tune_space *sp, size_t v)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	if (!f)
		abort();   /* out of memory */
	struct jw w;
	jw_init(&w, f);
	jw_object(&w);
	for (size_t k = 0; k < sp->nkeys; k++) {
		jw_key(&w, sp->keys[k].path);
		tune_json_node(&w, sp->keys[k].values[tune_space_pick(sp, v, k)]);
	}
	jw_end(&w);
	if (fclose(f) != 0)
		abort();
	return text;
}

/* ---- writing a variant back as a pack ---- */

/* The text as lines: offsets of each line's start (line 1 at [0]), and nl+1. */
struct lines {
	const char *text;
	size_t len, n, *start;
};

static void lines_index(struct lines *L, const char *text, size_t len)
{
	L->text = text;
	L->len = len;
	L->n = 0;
	L->start = xmalloc((len + 2) * sizeof *L->start);
	L->start[L->n++] = 0;
	for (size_t i = 0; i < len; i++)
		if (text[i] == '\n')
			L->start[L->n++] = i + 1;
	L->start[L->n] = len;   /* the end, as one line past the last */
}

/* Byte offset of 1-based line and column (in characters). */
static size_t offset_of(const struct lines *L, unsigned line, unsigned col)
{
	if (line < 1 || line > L->n)
		return L->len;
	size_t at = L->start[line - 1];
	for (unsigned c = 1; c < col && at < L->len && L->text[at] != '\n'; c++)
		for (at++; at < L->len && ((unsigned char)L->text[at] & 0xC0) == 0x80; at++)
			;
	return at;
}

static size_t line_end(const struct lines *L, unsigned line)
{
	size_t e = line < L->n ? L->start[line] - 1 : L->len;
	return e > L->len ? L->len : e;
}

/* The indentation of a line, or -1 when it holds nothing but blanks or a comment. */
static int indent_of(const struct lines *L, unsigned line)
{
	size_t a = L->start[line - 1], e = line_end(L, line);
	int n = 0;
	while (a + (size_t)n < e && L->text[a + (size_t)n] == ' ')
		n++;
	if (a + (size_t)n >= e || L->text[a + (size_t)n] == '#' || L->text[a + (size_t)n] == '\r')
		return -1;
	return n;
}

/* The last line of the entry whose key is at (line, col): the lines after it
 * indented deeper, or (a block list at the key's indentation) starting "- ". */
static unsigned entry_last(const struct lines *L, unsigned line, unsigned col)
{
	unsigned last = line;
	for (unsigned l = line + 1; l <= L->n && L->start[l - 1] < L->len; l++) {
		int ind = indent_of(L, l);
		if (ind < 0)
			continue;
		if (ind > (int)col - 1 || (ind == (int)col - 1 && L->text[L->start[l - 1] + (size_t)ind] == '-'))
			last = l;
		else
			break;
	}
	return last;
}

struct edit {
	size_t a, b;    /* replace text[a, b) */
	size_t order;   /* the key's place: edits at one spot go in key order */
	char *with;
};

static int cmp_edit(const void *x, const void *y)
{
	const struct edit *p = x, *q = y;
	if (p->a != q->a)
		return p->a < q->a ? 1 : -1;   /* from the end backwards */
	return p->order < q->order ? 1 : p->order > q->order ? -1 : 0;
}

/* The pair of key seg in map (its key node's location), or NULL. */
static const struct ypair *pair_of(const struct ynode *map, const char *seg)
{
	for (size_t i = 0; map && map->kind == Y_MAP && i < map->n; i++)
		if (strcmp(map->pairs[i].key->str, seg) == 0)
			return &map->pairs[i];
	return NULL;
}

/* A node whose text is exactly loc..end: a flow collection or a scalar
 * written inline (not an empty plain value, whose marks point past it). */
static bool inline_text(const struct ynode *n)
{
	return n->flow && n->end_line && (n->kind != Y_SCALAR || n->len || !n->plain) &&
	       (n->end_line > n->loc.line || (n->end_line == n->loc.line && n->end_col > n->loc.col));
}

/* The end of the text before byte z with trailing blanks dropped. */
static size_t trimmed_end(const struct lines *L, size_t z)
{
	while (z > 0 && (L->text[z - 1] == ' ' || L->text[z - 1] == '\t' || L->text[z - 1] == '\r'))
		z--;
	return z;
}

/* The comment at the end of a line, from its '#' (outside quotes, after a
 * blank), as [*a, line end); false when the line has none after byte from. */
static bool line_comment(const struct lines *L, unsigned line, size_t from, size_t *a)
{
	size_t e = line_end(L, line);
	char quote = 0;
	for (size_t i = from; i < e; i++) {
		char c = L->text[i];
		if (quote) {
			if (c == quote)
				quote = 0;
		} else if (c == '"' || c == '\'') {
			quote = c;
		} else if (c == '#' && (i == from || L->text[i - 1] == ' ' || L->text[i - 1] == '\t')) {
			*a = i;
			return true;
		}
	}
	return false;
}

/* Replace the value of pair k (a block collection, a | or > scalar, an empty
 * value) by flow: the text from the key's end to the entry's last line becomes
 * ": FLOW", then every comment of those lines on a line of its own at its
 * line's indentation, in their order (inside a | or > scalar only the key
 * line's: the rest is text). */
static void replace_lines(const struct lines *L, const struct ypair *k, const char *flow, struct edit *e)
{
	unsigned line = k->key->loc.line, last = entry_last(L, line, k->key->loc.col);
	struct buf b = {0};
	size_t from = k->key->end_line ? offset_of(L, k->key->end_line, k->key->end_col)
				       : offset_of(L, line, k->key->loc.col) + strlen(k->key->str);
	e->a = from;
	e->b = line_end(L, last);
	buf_printf(&b, ": %s", flow);
	size_t c;
	if (line_comment(L, line, from, &c))
		buf_printf(&b, "  %.*s", (int)(trimmed_end(L, line_end(L, line)) - c), L->text + c);
	for (unsigned l = line + 1; l <= last && k->value->kind != Y_SCALAR; l++) {
		size_t a = L->start[l - 1], z = line_end(L, l), t = a;
		while (t < z && L->text[t] == ' ')
			t++;
		if (line_comment(L, l, t, &c))
			buf_printf(&b, "\n%*s%.*s", (int)(t - a), "", (int)(trimmed_end(L, z) - c), L->text + c);
	}
	e->with = b.s;
}

/* Insert every key of vmap that base mapping map lacks, in vmap's order:
 * before a flow mapping's '}' (after its last value), or as new lines after
 * the block entry whose last line is `after` (0: the end of the text), at the
 * mapping's indentation. Each missing key of one mapping gives this same edit. */
static void insert_pairs(const struct lines *L, const struct ynode *map, const struct ynode *vmap, unsigned after,
			 struct edit *e)
{
	struct buf b = {0};
	bool flow = map->kind == Y_MAP && inline_text(map);
	unsigned col = map->n ? map->pairs[0].key->loc.col : 1;
	e->a = after ? line_end(L, after) : L->len;
	if (flow) {
		const struct ynode *lastv = map->n ? map->pairs[map->n - 1].value : NULL;
		if (lastv && inline_text(lastv))
			e->a = offset_of(L, lastv->end_line, lastv->end_col);
		else
			e->a = offset_of(L, map->end_line, map->end_col) - 1;   /* at the '}' */
	}
	e->b = e->a;
	bool at_end = !flow && e->a >= L->len, first = true;
	for (size_t i = 0; i < vmap->n; i++) {
		const struct ypair *p = &vmap->pairs[i];
		if (pair_of(map, p->key->str))
			continue;
		if (flow)
			buf_puts(&b, map->n || !first ? ", " : "");
		else if (!at_end || !first || (L->len && L->text[L->len - 1] != '\n'))
			buf_puts(&b, "\n");
		if (!flow)
			buf_printf(&b, "%*s", (int)col - 1, "");
		buf_printf(&b, "%s: ", p->key->str);
		tune_flow(p->value, &b);
		first = false;
	}
	if (at_end)
		buf_puts(&b, "\n");
	e->with = b.s ? b.s : xstrdup("");
}

/* The edit that makes base's text say variant's value at path, or false when
 * the value is the same. The deepest existing part of path is found in base:
 * a value there is replaced (in place when written inline, by its marks, so
 * the line's comment stays; else its lines), or the missing part is inserted
 * into the deepest mapping that has the rest. */
static bool edit_for(const struct lines *L, const struct ynode *base, const struct ynode *variant,
		     const char *path, struct edit *e)
{
	char *copy = xstrdup(path), *save = NULL;
	const struct ynode *map = base, *vmap = variant, *vn = NULL;
	const struct ypair *found = NULL;
	char *seg = strtok_r(copy, ".", &save);
	while (seg) {
		const struct ypair *p = pair_of(map, seg);
		if (!p)
			break;
		found = p;
		vn = ymap_get(vmap, seg);
		seg = strtok_r(NULL, ".", &save);
		if (!seg || p->value->kind != Y_MAP)
			break;
		map = p->value;
		vmap = vn;
	}
	bool edit = true;
	if (found && (!seg || found->value->kind != Y_MAP)) {
		struct buf b = {0};
		tune_flow(vn, &b);
		if (same_node(found->value, vn)) {
			edit = false;
			buf_free(&b);
		} else if (inline_text(found->value)) {
			e->a = offset_of(L, found->value->loc.line, found->value->loc.col);
			e->b = offset_of(L, found->value->end_line, found->value->end_col);
			e->with = b.s;
		} else {
			replace_lines(L, found, b.s, e);
			buf_free(&b);
		}
	} else {
		unsigned after = found ? entry_last(L, found->key->loc.line, found->key->loc.col) : 0;
		insert_pairs(L, map, vmap, after, e);
	}
	free(copy);
	return edit;
}

static bool sim_only_key(const char *path, const char *const *sim_only)
{
	for (size_t i = 0; sim_only && sim_only[i]; i++)
		if (strcmp(path, sim_only[i]) == 0)
			return true;
	return false;
}

/* Key j's path is a part of key k's (rules of rules.win): k's edit is j's. */
static bool path_within(const char *k, const char *j)
{
	size_t n = strlen(j);
	return strncmp(k, j, n) == 0 && k[n] == '.';
}

/* The edits for the keys written (not sim_only, not inside another key);
 * whole: each at its first part (the whole top-level entry). Returns the count. */
static size_t make_edits(const struct tune_space *sp, const struct lines *L, const struct ydoc *base,
			 const struct ydoc *var, const char *const *sim_only, bool whole, struct edit *ed)
{
	size_t ne = 0;
	for (size_t k = 0; k < sp->nkeys; k++) {
		const char *path = sp->keys[k].path;
		bool skip = sim_only_key(path, sim_only);
		size_t first = strcspn(path, ".");
		for (size_t j = 0; j < sp->nkeys && !skip; j++) {
			const char *o = sp->keys[j].path;
			if (j == k || sim_only_key(o, sim_only))
				continue;
			if (whole)
				skip = j < k && strncmp(o, path, first) == 0 && (o[first] == '.' || !o[first]);
			else
				skip = path_within(path, o);
		}
		if (skip)
			continue;
		char *at = whole ? xstrndup(path, first) : xstrdup(path);
		ed[ne].order = k;
		if (edit_for(L, base->root, var->root, at, &ed[ne]))
			ne++;
		free(at);
	}
	return ne;
}

/* text with the edits made (each freed; one of equal edits made once); false
 * when two overlap. */
static bool apply_edits(const char *text, size_t len, struct edit *ed, size_t ne, struct buf *body)
{
	for (size_t i = 0; i < ne; i++)
		for (size_t j = i + 1; j < ne; j++)
			if (ed[j].a == ed[i].a && ed[j].b == ed[i].b && strcmp(ed[j].with, ed[i].with) == 0) {
				free(ed[j].with);
				ed[j--] = ed[--ne];
			}
	qsort(ed, ne, sizeof *ed, cmp_edit);
	bool ok = true;
	for (size_t i = 0; i + 1 < ne; i++)
		ok &= ed[i + 1].b <= ed[i].a;
	buf_add(body, text, len);
	for (size_t i = 0; i < ne; i++) {
		if (ok) {
			struct buf t = {0};
			buf_add(&t, body->s, ed[i].a);
			buf_puts(&t, ed[i].with);
			buf_add(&t, body->s + ed[i].b, body->len - ed[i].b);
			buf_free(body);
			*body = t;
		}
		free(ed[i].with);
	}
	return ok;
}

/* Whether text loads as the tree want (compared as flow YAML). */
static bool says(const char *name, const struct buf *text, const struct ydoc *want)
{
	diag_set_quiet(1);
	struct ydoc *d = ydoc_parse(name, text->s ? text->s : "", text->len);
	diag_set_quiet(0);
	bool same = d && !d->errors && d->root && want->root && same_node(d->root, want->root);
	ydoc_free(d);
	return same;
}

int tune_space_write(const struct tune_space *sp, const struct ydoc *base, const char *text, size_t len,
		     size_t v, const char *comment, const char *const *sim_only, struct buf *out)
{
	struct ydoc *var = tune_space_variant(sp, base, v), *want = ydoc_clone(base);
	for (size_t k = 0; want->root && want->root->kind == Y_MAP && k < sp->nkeys; k++)
		if (!sim_only_key(sp->keys[k].path, sim_only))
			set_path(want->root, sp->keys[k].path, sp->keys[k].values[tune_space_pick(sp, v, k)]);
	struct lines L;
	lines_index(&L, text, len);
	struct edit ed[TUNE_MAX_KEYS];
	buf_puts(out, comment);
	for (size_t k = 0; k < sp->nkeys; k++) {
		const char *path = sp->keys[k].path;
		if (!sim_only_key(path, sim_only))
			continue;
		buf_printf(out, "# %s: ", path);
		tune_flow(sp->keys[k].values[tune_space_pick(sp, v, k)], out);
		buf_printf(out, " (a rule packs cannot give yet: add --rule %s=", strrchr(path, '.') ? strrchr(path, '.') + 1 : path);
		tune_flow(sp->keys[k].values[tune_space_pick(sp, v, k)], out);
		buf_puts(out, " to simulate)\n");
	}
	/* edits in place; should they not give the variant (an alias or a merge
	 * key in the way), whole top-level entries rewritten as flow YAML */
	struct buf body = {0};
	bool ok = false;
	for (int whole = 0; whole < 2 && !ok; whole++) {
		buf_free(&body);
		size_t ne = base->root && base->root->kind == Y_MAP ? make_edits(sp, &L, base, var, sim_only, whole, ed) : 0;
		ok = apply_edits(text, len, ed, ne, &body) && says("tune --write", &body, want);
	}
	if (!ok)
		diag(SEV_ERROR, NULL, "--write: the chosen variant cannot be written into the pack's text "
		     "(a bug: please report it)");
	buf_add(out, body.s ? body.s : "", body.len);
	buf_free(&body);
	free(L.start);
	ydoc_free(var);
	ydoc_free(want);
	return ok ? 0 : -1;
}
