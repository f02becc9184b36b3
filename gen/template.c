/* template.c: the files in templates/ -> struct template, through ytree.h. */
#include "template.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "datapath.h"
#include "util.h"
#include "yread.h"
#include "ytree.h"

struct named_size {
	const char *name;
	double w, h;
};

static const struct named_size cards[] = {
	{"poker", 63.5, 88.9},        /* 2.5 x 3.5 in */
	{"euro-poker", 63.0, 88.0},
	{"bridge", 57.15, 88.9},      /* 2.25 x 3.5 in */
	{"mini", 44.45, 63.5},        /* 1.75 x 2.5 in */
	{"tarot", 69.85, 120.65},     /* 2.75 x 4.75 in */
};

static const struct named_size papers[] = {
	{"a4", 210.0, 297.0},
	{"letter", 215.9, 279.4},
	{"a3", 297.0, 420.0},
};

static int find_size(const struct named_size *v, size_t n, const char *name, double *w, double *h)
{
	for (size_t i = 0; i < n; i++)
		if (strcasecmp(v[i].name, name) == 0) {
			*w = v[i].w;
			*h = v[i].h;
			return 0;
		}
	return -1;
}

int card_size(const char *name, double *w, double *h)
{
	return find_size(cards, sizeof cards / sizeof *cards, name, w, h);
}

int paper_size(const char *name, double *w, double *h)
{
	return find_size(papers, sizeof papers / sizeof *papers, name, w, h);
}

int tpl_parse_len(const char *s, bool allow_pct, struct tpl_len *out)
{
	char *end;
	errno = 0;
	double v = strtod(s, &end);
	if (end == s || errno || v != v)
		return -1;
	while (*end == ' ')
		end++;
	out->pct = false;
	if (!*end || strcmp(end, "mm") == 0)
		;
	else if (strcmp(end, "cm") == 0)
		v *= 10;
	else if (strcmp(end, "in") == 0)
		v *= 25.4;
	else if (strcmp(end, "pt") == 0)
		v *= 25.4 / 72;
	else if (strcmp(end, "%") == 0 && allow_pct)
		out->pct = true;
	else
		return -1;
	if (v < -10000 || v > 10000)
		return -1;
	out->v = v;
	return 0;
}

static const struct {
	const char *name;
	unsigned rgb;
} colours[] = {
	{"black", 0x000000}, {"white", 0xffffff}, {"red", 0xc62828}, {"green", 0x2e7d32},
	{"blue", 0x1565c0}, {"yellow", 0xf9a825}, {"orange", 0xef6c00}, {"purple", 0x6a1b9a},
	{"brown", 0x6d4c41}, {"grey", 0x808080}, {"gray", 0x808080}, {"lightgrey", 0xd0d0d0},
	{"lightgray", 0xd0d0d0}, {"darkgrey", 0x404040}, {"darkgray", 0x404040},
	{"cream", 0xfff8e1}, {"pink", 0xd81b60}, {"cyan", 0x00838f},
};

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

int tpl_parse_color(const char *s, struct tpl_color *out)
{
	struct tpl_color c = {.a = 1};
	if (strcasecmp(s, "none") == 0 || strcasecmp(s, "transparent") == 0) {
		c.none = true;
		*out = c;
		return 0;
	}
	if (s[0] == '#') {
		size_t n = strlen(s + 1);
		int d[8];
		for (size_t i = 0; i < n && i < 8; i++)
			if ((d[i] = hexval((unsigned char)s[1 + i])) < 0)
				return -1;
		if (n == 3) {
			c.r = d[0] / 15.0, c.g = d[1] / 15.0, c.b = d[2] / 15.0;
		} else if (n == 6 || n == 8) {
			c.r = (d[0] * 16 + d[1]) / 255.0;
			c.g = (d[2] * 16 + d[3]) / 255.0;
			c.b = (d[4] * 16 + d[5]) / 255.0;
			if (n == 8)
				c.a = (d[6] * 16 + d[7]) / 255.0;
		} else {
			return -1;
		}
		*out = c;
		return 0;
	}
	for (size_t i = 0; i < sizeof colours / sizeof *colours; i++)
		if (strcasecmp(colours[i].name, s) == 0) {
			c.r = (colours[i].rgb >> 16) / 255.0;
			c.g = ((colours[i].rgb >> 8) & 0xff) / 255.0;
			c.b = (colours[i].rgb & 0xff) / 255.0;
			*out = c;
			return 0;
		}
	return -1;
}

/* ---- loading ---- */

/* Every reader reports through yread (file:line:column, "did you mean"), counts
 * the error in r->errors and keeps going, so one run lists every problem. */

static void load_len(struct yread *r, const struct ynode *v, const char *key, bool pct,
		     struct tpl_len *out)
{
	const char *s = yr_scalar(r, key, v);
	if (s && tpl_parse_len(s, pct, out) != 0)
		yr_error(r, v,
			 pct ? "'%s': '%s' is not a length (12mm, 0.5in, 10pt, 40%%; a number is mm)"
			     : "'%s': '%s' is not a length (12mm, 0.5in, 10pt; a number is mm)",
			 key, s);
}

static double load_mm(struct yread *r, const struct ynode *v, const char *key, double lo,
		      double hi)
{
	struct tpl_len l = {0};
	const char *s = yr_scalar(r, key, v);
	if (!s)
		return 0;
	if (tpl_parse_len(s, false, &l) != 0) {
		yr_error(r, v, "'%s': '%s' is not a length (12mm, 0.5in, 10pt; a number is mm)", key, s);
		return 0;
	}
	if (l.v < lo || l.v > hi) {
		yr_error(r, v, "'%s' must be %g..%g mm", key, lo, hi);
		return 0;
	}
	return l.v;
}

static bool load_bool(struct yread *r, const struct ynode *v, const char *key)
{
	bool b = false;
	yr_bool(r, key, v, &b);
	return b;
}

static void load_color(struct yread *r, const struct ynode *v, const char *key,
		       struct tpl_color *out)
{
	const char *s = yr_scalar(r, key, v);
	if (!s)
		return;
	size_t n = strlen(s);
	if (n > 2 && s[0] == '{' && s[n - 1] == '}') {
		free(out->field);
		*out = (struct tpl_color){.a = 1};
		out->field = xstrndup(s + 1, n - 2);
		out->loc = yr_loc(r, v);
		return;
	}
	if (tpl_parse_color(s, out) != 0)
		yr_error(r, v, "'%s': '%s' is not a colour (#rrggbb, a name such as black, or {field})",
			 key, s);
	out->loc = yr_loc(r, v);
}

static void load_box(struct yread *r, const struct ynode *v, const char *key, struct tpl_len *box)
{
	if (v->kind != Y_SEQ || v->n != 4) {
		yr_error(r, v, "'%s' must be a list of four lengths [%s]", key,
			 strcmp(key, "line") == 0 ? "x1, y1, x2, y2" : "x, y, width, height");
		return;
	}
	for (size_t i = 0; i < 4; i++)
		load_len(r, v->items[i], key, true, &box[i]);
}

static char *field_name(struct yread *r, const struct ynode *v, const char *key)
{
	const char *s = yr_scalar(r, key, v);
	if (!s)
		return NULL;
	if (!*s || strchr(s, '{') || strchr(s, ' ')) {
		yr_error(r, v, "'%s' names a field (such as code), not '%s'", key, s);
		return NULL;
	}
	return xstrdup(s);
}

/* A font size: a bare number is points, as in every word processor. */
static void load_font_size(struct yread *r, const struct ynode *v, double *out)
{
	const char *s = yr_scalar(r, "size", v);
	struct tpl_len l;
	char *end;
	if (!s)
		return;
	double pt = strtod(s, &end);
	if (end != s && !*end)
		l.v = pt * 25.4 / 72, l.pct = false;
	else if (tpl_parse_len(s, false, &l) != 0) {
		yr_error(r, v, "'size': '%s' is not a font size (such as 12pt or 4mm)", s);
		return;
	}
	if (l.v <= 0 || l.v > 500)
		yr_error(r, v, "'size' must be more than 0 and at most 500 mm");
	else
		*out = l.v;
}

/* The element kinds, indexed by enum tpl_kind: each is also the key that makes one. */
static const char *const kind_names[] = {"text", "rect", "line", NULL};
#define KIND(k) (1u << (k))
#define ALL_KINDS (KIND(TE_TEXT) | KIND(TE_RECT) | KIND(TE_LINE))

/* Every key an element may have, and the kinds it applies to. */
enum elem_key {
	EK_TEXT, EK_RECT, EK_LINE, EK_BOX, EK_SIZE, EK_FONT, EK_WEIGHT, EK_STYLE, EK_ALIGN,
	EK_VALIGN, EK_ROTATE, EK_WRAP, EK_COLOR, EK_COLOUR, EK_FILL, EK_STROKE, EK_STROKE_WIDTH,
	EK_RADIUS, EK_IF, EK_UNLESS, EK_COUNT
};
static const char *const elem_key_names[] = {
	"text", "rect", "line", "box", "size", "font", "weight", "style", "align", "valign",
	"rotate", "wrap", "color", "colour", "fill", "stroke", "stroke-width", "radius", "if",
	"unless", NULL,
};
static const unsigned elem_key_kinds[EK_COUNT] = {
	[EK_TEXT] = ALL_KINDS, [EK_RECT] = ALL_KINDS, [EK_LINE] = ALL_KINDS,
	[EK_BOX] = KIND(TE_TEXT), [EK_SIZE] = KIND(TE_TEXT), [EK_FONT] = KIND(TE_TEXT),
	[EK_WEIGHT] = KIND(TE_TEXT), [EK_STYLE] = KIND(TE_TEXT), [EK_ALIGN] = KIND(TE_TEXT),
	[EK_VALIGN] = KIND(TE_TEXT), [EK_ROTATE] = KIND(TE_TEXT), [EK_WRAP] = KIND(TE_TEXT),
	[EK_COLOR] = KIND(TE_TEXT), [EK_COLOUR] = KIND(TE_TEXT), [EK_FILL] = KIND(TE_RECT),
	[EK_STROKE] = KIND(TE_RECT) | KIND(TE_LINE),
	[EK_STROKE_WIDTH] = KIND(TE_RECT) | KIND(TE_LINE), [EK_RADIUS] = KIND(TE_RECT),
	[EK_IF] = ALL_KINDS, [EK_UNLESS] = ALL_KINDS,
};

static int find_name(const char *const *names, const char *s)
{
	for (int i = 0; names[i]; i++)
		if (strcmp(names[i], s) == 0)
			return i;
	return -1;
}

/* Report a key an element of this kind does not take: a key of another kind
 * says which kinds take it; anything else gets yread's "did you mean" among
 * the keys this kind takes. Returns the key's index, or -1 when reported. */
static int elem_key(struct yread *r, const struct ynode *key, enum tpl_kind kind)
{
	int k = find_name(elem_key_names, key->str);
	if (k >= 0 && (elem_key_kinds[k] & KIND(kind)))
		return k;
	if (k >= 0) {
		struct buf b = {0};
		for (int i = 0; kind_names[i]; i++)
			if (elem_key_kinds[k] & KIND(i))
				buf_printf(&b, "%s%s", b.s ? " or " : "", kind_names[i]);
		yr_error(r, key, "'%s' does not apply to a %s element (only to %s)", key->str,
			 kind_names[kind], b.s);
		buf_free(&b);
		return -1;
	}
	const char *known[EK_COUNT + 1];
	size_t n = 0;
	for (int i = 0; i < EK_COUNT; i++)
		if (elem_key_kinds[i] & KIND(kind) && find_name(kind_names, elem_key_names[i]) < 0)
			known[n++] = elem_key_names[i];
	known[n] = NULL;
	char where[32];
	snprintf(where, sizeof where, " for a %s element", kind_names[kind]);
	yr_unknown_key(r, key, where, known);
	return -1;
}

/* One key of a text, rect or line element. */
static void load_elem_key(struct yread *r, enum elem_key k, const struct ynode *v,
			  struct tpl_elem *e, bool *has_box, bool *has_stroke)
{
	static const char *const weights[] = {"normal", "bold"};
	static const char *const styles[] = {"normal", "italic"};
	static const char *const aligns[] = {"left", "center", "right"};
	static const char *const valigns[] = {"top", "middle", "bottom"};
	static const char *const rotations[] = {"0", "90", "180", "270"};
	const char *key = elem_key_names[k];
	int i;
	switch (k) {
	case EK_TEXT:
	case EK_RECT:
	case EK_LINE:
	case EK_COUNT:
		break;
	case EK_BOX:
		load_box(r, v, key, e->box);
		*has_box = true;
		break;
	case EK_SIZE:
		load_font_size(r, v, &e->size);
		break;
	case EK_FONT:
		if (yr_str(r, key, v, false, &e->font) == 0)
			e->loc_font = yr_loc(r, v);
		break;
	case EK_WEIGHT:
		if ((i = yr_enum(r, key, v, weights, 2)) >= 0)
			e->bold = i == 1;
		break;
	case EK_STYLE:
		if ((i = yr_enum(r, key, v, styles, 2)) >= 0)
			e->italic = i == 1;
		break;
	case EK_ALIGN:
		/* "centre" is accepted too, though not listed. */
		i = v->kind == Y_SCALAR && strcmp(v->str, "centre") == 0 ? 1 : yr_enum(r, key, v, aligns, 3);
		if (i >= 0)
			e->align = (enum tpl_align)i;
		break;
	case EK_VALIGN:
		i = v->kind == Y_SCALAR && strcmp(v->str, "center") == 0 ? 1 : yr_enum(r, key, v, valigns, 3);
		if (i >= 0)
			e->valign = (enum tpl_align)i;
		break;
	case EK_ROTATE:
		if ((i = yr_enum(r, key, v, rotations, 4)) >= 0)
			e->rotate = 90 * i;
		break;
	case EK_WRAP:
		e->wrap = load_bool(r, v, key);
		break;
	case EK_COLOR:
	case EK_COLOUR:
		load_color(r, v, key, &e->color);
		break;
	case EK_FILL:
		load_color(r, v, key, &e->fill);
		break;
	case EK_STROKE:
		load_color(r, v, key, &e->stroke);
		*has_stroke = true;
		break;
	case EK_STROKE_WIDTH:
		e->stroke_width = load_mm(r, v, key, 0, 50);
		break;
	case EK_RADIUS:
		e->radius = load_mm(r, v, key, 0, 1000);
		break;
	case EK_IF:
		free(e->if_field);
		e->if_field = field_name(r, v, key);
		break;
	case EK_UNLESS:
		free(e->unless_field);
		e->unless_field = field_name(r, v, key);
		break;
	}
}

static void load_elem(struct yread *r, const struct ynode *m, struct tpl_elem *e)
{
	*e = (struct tpl_elem){.loc = yr_loc(r, m), .size = 4.0, .align = AL_CENTER,
			       .valign = AL_CENTER, .stroke_width = 0.25 * 25.4 / 72};
	e->color = (struct tpl_color){.a = 1};
	e->fill.none = true;
	e->stroke = (struct tpl_color){.a = 1};
	if (m->kind != Y_MAP) {
		yr_error(r, m, "an element must be a mapping with 'text', 'rect' or 'line', not %s",
			 ynode_what(m));
		return;
	}
	int kinds = 0;
	for (size_t i = 0; i < m->n; i++) {
		const struct ynode *k = m->pairs[i].key, *v = m->pairs[i].value;
		int kind = find_name(kind_names, k->str);
		if (kind < 0)
			continue;
		kinds++;
		e->kind = (enum tpl_kind)kind;
		if (kind == TE_TEXT) {
			const char *s = yr_scalar(r, k->str, v);
			if (s)
				e->text = xstrdup(s);
		} else {
			load_box(r, v, k->str, e->box);
		}
	}
	if (kinds != 1) {
		/* With no kind, a misspelt one ("txt") is the likely cause: say so. */
		for (size_t i = 0; i < m->n && !kinds; i++)
			if (find_name(elem_key_names, m->pairs[i].key->str) < 0)
				yr_unknown_key(r, m->pairs[i].key, " for an element", kind_names);
		yr_error(r, m, "an element needs exactly one of 'text', 'rect' or 'line'%s",
			 kinds ? " (it has several)" : "");
		return;
	}
	bool has_box = e->kind != TE_TEXT, has_stroke = false;
	for (size_t i = 0; i < m->n; i++) {
		int k = elem_key(r, m->pairs[i].key, e->kind);
		if (k >= 0)
			load_elem_key(r, (enum elem_key)k, m->pairs[i].value, e, &has_box, &has_stroke);
	}
	if (!has_box)
		yr_error(r, m, "a text element needs a 'box: [x, y, width, height]'");
	/* A rectangle with a fill and no stroke named is filled only. */
	if (e->kind == TE_RECT && !has_stroke && !e->fill.none)
		e->stroke.none = true;
}

static void load_elems(struct yread *r, const struct ynode *v, struct tpl_elem **out, size_t *n)
{
	if (yr_want(r, "elements", v, Y_SEQ) != 0)
		return;
	if (v->n > TPL_MAX_ELEMENTS) {
		yr_error(r, v, "too many elements (at most %d)", TPL_MAX_ELEMENTS);
		return;
	}
	*out = xcalloc(v->n ? v->n : 1, sizeof **out);
	*n = v->n;
	for (size_t i = 0; i < v->n; i++)
		load_elem(r, v->items[i], &(*out)[i]);
}

static void load_margin(struct yread *r, const struct ynode *v, double m[4])
{
	if (v->kind == Y_SCALAR) {
		m[0] = m[1] = m[2] = m[3] = load_mm(r, v, "margin", 0, 1000);
		return;
	}
	if (v->kind != Y_SEQ || v->n != 4) {
		yr_error(r, v, "'margin' must be a length or [top, right, bottom, left]");
		return;
	}
	for (size_t i = 0; i < 4; i++)
		m[i] = load_mm(r, v->items[i], "margin", 0, 1000);
}

enum cells_key { CK_SIZE, CK_WIDTH, CK_HEIGHT, CK_GAP, CK_MARGIN, CK_ELEMENTS };
static const char *const cells_keys[] = {"size", "width", "height", "gap", "margin", "elements", NULL};

static void load_cells(struct yread *r, const struct ynode *v, struct tpl_cells *c)
{
	if (yr_want(r, "cells", v, Y_MAP) != 0)
		return;
	c->on = true;
	bool w = false, h = false;
	for (size_t i = 0; i < v->n; i++) {
		const struct ynode *x = v->pairs[i].value;
		const char *s;
		switch (yr_key(r, v->pairs[i].key, " in 'cells'", cells_keys)) {
		case CK_SIZE:
			s = yr_scalar(r, "size", x);
			if (s && card_size(s, &c->w, &c->h) != 0)
				yr_error(r, x, "'size': unknown card size '%s' (poker, euro-poker, bridge, mini, tarot)",
					 s);
			w = h = true;
			break;
		case CK_WIDTH:
			c->w = load_mm(r, x, "width", 1, 2000);
			w = true;
			break;
		case CK_HEIGHT:
			c->h = load_mm(r, x, "height", 1, 2000);
			h = true;
			break;
		case CK_GAP:
			c->gap = load_mm(r, x, "gap", 0, 1000);
			break;
		case CK_MARGIN:
			load_margin(r, x, c->margin);
			break;
		case CK_ELEMENTS:
			load_elems(r, x, &c->elems, &c->nelems);
			break;
		}
	}
	if (!w || !h)
		yr_error(r, v, "'cells' needs a 'size' or a 'width' and 'height'");
}

static void load_size(struct yread *r, const struct ynode *v, struct template *t)
{
	if (v->kind == Y_SCALAR) {
		if (card_size(v->str, &t->w, &t->h) != 0)
			yr_error(r, v,
				 "'size': unknown size '%s' (poker, euro-poker, bridge, mini, tarot, or [width, height])",
				 v->str);
	} else if (v->kind == Y_SEQ && v->n == 2) {
		t->w = load_mm(r, v->items[0], "size", 1, 5000);
		t->h = load_mm(r, v->items[1], "size", 1, 5000);
	} else {
		yr_error(r, v, "'size' must be a name such as poker or [width, height]");
	}
	t->has_size = true;
}

static char *resolve_beside(const char *file, const char *rel)
{
	if (rel[0] == '/')
		return xstrdup(rel);
	const char *slash = strrchr(file, '/');
	if (!slash)
		return xstrdup(rel);
	return xasprintf("%.*s/%s", (int)(slash - file), file, rel);
}

static double len_mm(const struct tpl_len *l, double whole)
{
	return l->pct ? l->v * whole / 100.0 : l->v;
}

/* Text outside the safe area may be cut off by the guillotine: warn, at the
 * element. */
static void check_safe(const struct template *t)
{
	if (t->cells.on || t->safe <= 0)
		return;
	const double eps = 1e-6;
	for (size_t i = 0; i < t->nelems; i++) {
		const struct tpl_elem *e = &t->elems[i];
		if (e->kind != TE_TEXT)
			continue;
		double x = len_mm(&e->box[0], t->w), y = len_mm(&e->box[1], t->h);
		double w = len_mm(&e->box[2], t->w), h = len_mm(&e->box[3], t->h);
		if (x < t->safe - eps || y < t->safe - eps || x + w > t->w - t->safe + eps ||
		    y + h > t->h - t->safe + eps)
			diag(SEV_WARNING, &e->loc,
			     "this text box reaches into the %.1f mm safe margin, where the cut may fall",
			     t->safe);
	}
}

enum root_key {
	RK_TEMPLATE, RK_TITLE, RK_SIZE, RK_BLEED, RK_SAFE, RK_CORNER_RADIUS, RK_DOUBLE_ENDED,
	RK_FALLBACK, RK_FONT, RK_FONT_FILE, RK_BACKGROUND, RK_CELLS, RK_ELEMENTS
};
static const char *const root_keys[] = {
	"template", "title", "size", "bleed", "safe", "corner-radius", "double-ended", "fallback", "font",
	"font-file", "background", "cells", "elements", NULL,
};

/* One top-level key of a template. */
static void load_root_key(struct yread *r, const struct ynode *k, const struct ynode *v,
			  struct template *t)
{
	const char *s;
	switch (yr_key(r, k, "", root_keys)) {
	case RK_TEMPLATE:
	case RK_TITLE:
		yr_scalar(r, k->str, v);
		break;
	case RK_SIZE:
		load_size(r, v, t);
		break;
	case RK_BLEED:
		t->bleed = load_mm(r, v, "bleed", 0, 25);
		break;
	case RK_SAFE:
		t->safe = load_mm(r, v, "safe", 0, 100);
		break;
	case RK_CORNER_RADIUS:
		t->radius = load_mm(r, v, "corner-radius", 0, 100);
		break;
	case RK_DOUBLE_ENDED:
		t->double_ended = load_bool(r, v, "double-ended");
		break;
	case RK_FALLBACK:
		t->fallback = load_bool(r, v, "fallback");
		break;
	case RK_FONT:
		if (yr_str(r, "font", v, false, &t->font) == 0)
			t->loc_font = yr_loc(r, v);
		break;
	case RK_FONT_FILE:
		if ((s = yr_scalar(r, "font-file", v)) != NULL) {
			free(t->font_file);
			t->font_file = resolve_beside(t->file, s);
			t->loc_font_file = yr_loc(r, v);
			if (access(t->font_file, R_OK) != 0)
				yr_error(r, v, "'font-file': cannot read '%s': %s", t->font_file,
					 strerror(errno));
		}
		break;
	case RK_BACKGROUND:
		load_color(r, v, "background", &t->background);
		break;
	case RK_CELLS:
		load_cells(r, v, &t->cells);
		break;
	case RK_ELEMENTS:
		load_elems(r, v, &t->elems, &t->nelems);
		break;
	}
}

static struct template *load_tree(struct ydoc *doc)
{
	struct template *t = xcalloc(1, sizeof *t);
	/* Every loc in the tree points at doc->file: the template keeps that string. */
	t->file = doc->file;
	doc->file = NULL;
	struct yread r = {.file = t->file};
	t->bleed = TPL_DEFAULT_BLEED;
	t->safe = 3;
	t->font = xstrdup("DejaVu Sans Mono");
	t->background = (struct tpl_color){.r = 1, .g = 1, .b = 1, .a = 1};
	const struct ynode *root = doc->root;
	if (!root || root->kind != Y_MAP) {
		yr_error(&r, root, "a template must be a mapping (size, elements, ...)");
		template_free(t);
		return NULL;
	}
	for (size_t i = 0; i < root->n; i++)
		load_root_key(&r, root->pairs[i].key, root->pairs[i].value, t);
	if (!t->loc_font.file)
		t->loc_font = yr_loc(&r, root);
	if (!t->has_size && !t->cells.on)
		yr_error(&r, root, "a template needs a 'size' (or 'cells' for a board or placemat)");
	if (r.errors) {
		template_free(t);
		return NULL;
	}
	check_safe(t);
	return t;
}

struct template *template_load(const char *path)
{
	struct ydoc *doc = ydoc_load(path);
	if (!doc)
		return NULL;
	struct template *t = load_tree(doc);
	ydoc_free(doc);
	return t;
}

struct template *template_parse(const char *name, const char *text, size_t len)
{
	struct ydoc *doc = ydoc_parse(name, text, len);
	if (!doc)
		return NULL;
	struct template *t = load_tree(doc);
	ydoc_free(doc);
	return t;
}

static void free_elems(struct tpl_elem *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(v[i].text);
		free(v[i].font);
		free(v[i].color.field);
		free(v[i].fill.field);
		free(v[i].stroke.field);
		free(v[i].if_field);
		free(v[i].unless_field);
	}
	free(v);
}

void template_free(struct template *t)
{
	if (!t)
		return;
	free(t->file);
	free(t->font);
	free(t->font_file);
	free(t->background.field);
	free_elems(t->elems, t->nelems);
	free_elems(t->cells.elems, t->cells.nelems);
	free(t);
}

void template_size(const struct template *t, int rows, int cols, double *w, double *h)
{
	if (!t->cells.on) {
		*w = t->w;
		*h = t->h;
		return;
	}
	const struct tpl_cells *c = &t->cells;
	if (rows < 1)
		rows = 1;
	if (cols < 1)
		cols = 1;
	*w = c->margin[3] + c->margin[1] + cols * c->w + (cols - 1) * c->gap;
	*h = c->margin[0] + c->margin[2] + rows * c->h + (rows - 1) * c->gap;
}

char *template_find(const char *pack_file, const char *path, const char *defname)
{
	char *rel = path ? xstrdup(path) : xasprintf("templates/%s", defname);
	char *dir;
	const char *slash = pack_file ? strrchr(pack_file, '/') : NULL;
	dir = slash ? xstrndup(pack_file, (size_t)(slash - pack_file)) : xstrdup(".");
	const char *const *data = datapath_dirs();
	size_t ndata = 0;
	while (data[ndata])
		ndata++;
	char **cand = xcalloc(3 + 2 * ndata, sizeof *cand);
	size_t n = 0;
	if (rel[0] == '/') {
		cand[n++] = xstrdup(rel);
	} else {
		cand[n++] = xasprintf("%s/%s", dir, rel);
		cand[n++] = xasprintf("%s/../%s", dir, rel);
		cand[n++] = xstrdup(rel);
		const char *base = strrchr(rel, '/');
		for (size_t i = 0; i < ndata; i++) {  /* as written, then by file name */
			if (base)
				cand[n++] = xasprintf("%s/%s", data[i], rel);
			cand[n++] = xasprintf("%s/%s", data[i], base ? base + 1 : rel);
		}
	}
	char *found = NULL;
	for (size_t i = 0; i < n; i++) {
		if (!found && access(cand[i], R_OK) == 0)
			found = cand[i];
		else
			free(cand[i]);
	}
	free(cand);
	free(dir);
	free(rel);
	return found;
}
