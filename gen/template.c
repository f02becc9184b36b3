/* template.c: the files in templates/ -> struct template, through ytree.h. */
#include "template.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "datapath.h"
#include "util.h"
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

struct tload {
	struct template *t;
	int errors;
};

/* Report an error and count it. */
#define ERR(ld, loc, ...) (diag(SEV_ERROR, (loc), __VA_ARGS__), (ld)->errors++)

static const char *scalar(struct tload *ld, const struct ynode *v, const char *key)
{
	if (v->kind != Y_SCALAR) {
		ERR(ld, &v->loc, "'%s' must be a string, not %s", key, ynode_what(v));
		return NULL;
	}
	return v->str;
}

static void load_len(struct tload *ld, const struct ynode *v, const char *key, bool pct,
		     struct tpl_len *out)
{
	const char *s = scalar(ld, v, key);
	if (s && tpl_parse_len(s, pct, out) != 0)
		ERR(ld, &v->loc,
		    pct ? "'%s': '%s' is not a length (12mm, 0.5in, 10pt, 40%%; a number is mm)"
			: "'%s': '%s' is not a length (12mm, 0.5in, 10pt; a number is mm)",
		    key, s);
}

static double load_mm(struct tload *ld, const struct ynode *v, const char *key, double lo,
		      double hi)
{
	struct tpl_len l = {0};
	const char *s = scalar(ld, v, key);
	if (!s)
		return 0;
	if (tpl_parse_len(s, false, &l) != 0) {
		ERR(ld, &v->loc, "'%s': '%s' is not a length (12mm, 0.5in, 10pt; a number is mm)", key, s);
		return 0;
	}
	if (l.v < lo || l.v > hi) {
		char range[64];
		snprintf(range, sizeof range, "%g..%g mm", lo, hi);
		ERR(ld, &v->loc, "'%s' must be %s", key, range);
		return 0;
	}
	return l.v;
}

static bool load_bool(struct tload *ld, const struct ynode *v, const char *key)
{
	bool b = false;
	if (ynode_bool(v, &b) != 0)
		ERR(ld, &v->loc, "'%s' must be true or false, not '%s'", key,
		    v->kind == Y_SCALAR ? v->str : ynode_what(v));
	return b;
}

static void load_color(struct tload *ld, const struct ynode *v, const char *key,
		       struct tpl_color *out)
{
	const char *s = scalar(ld, v, key);
	if (!s)
		return;
	size_t n = strlen(s);
	if (n > 2 && s[0] == '{' && s[n - 1] == '}') {
		free(out->field);
		*out = (struct tpl_color){.a = 1};
		out->field = xstrndup(s + 1, n - 2);
		out->loc = v->loc;
		return;
	}
	if (tpl_parse_color(s, out) != 0)
		ERR(ld, &v->loc, "'%s': '%s' is not a colour (#rrggbb, a name such as black, or {field})",
		    key, s);
	out->loc = v->loc;
}

static void load_box(struct tload *ld, const struct ynode *v, const char *key, struct tpl_len *box)
{
	if (v->kind != Y_SEQ || v->n != 4) {
		ERR(ld, &v->loc, "'%s' must be a list of four lengths [%s]", key,
		    strcmp(key, "line") == 0 ? "x1, y1, x2, y2" : "x, y, width, height");
		return;
	}
	for (size_t i = 0; i < 4; i++)
		load_len(ld, v->items[i], key, true, &box[i]);
}

static char *field_name(struct tload *ld, const struct ynode *v, const char *key)
{
	const char *s = scalar(ld, v, key);
	if (!s)
		return NULL;
	if (!*s || strchr(s, '{') || strchr(s, ' ')) {
		ERR(ld, &v->loc, "'%s' names a field (such as code), not '%s'", key, s);
		return NULL;
	}
	return xstrdup(s);
}

static void load_elem(struct tload *ld, const struct ynode *m, struct tpl_elem *e)
{
	*e = (struct tpl_elem){.loc = m->loc, .size = 4.0, .align = AL_CENTER, .valign = AL_CENTER,
			       .stroke_width = 0.25 * 25.4 / 72};
	e->color = (struct tpl_color){.a = 1};
	e->fill.none = true;
	e->stroke = (struct tpl_color){.a = 1};
	if (m->kind != Y_MAP) {
		ERR(ld, &m->loc, "an element must be a mapping with 'text', 'rect' or 'line', not %s",
		    ynode_what(m));
		return;
	}
	int kinds = 0;
	for (size_t i = 0; i < m->n; i++) {
		const char *k = m->pairs[i].key->str;
		const struct ynode *v = m->pairs[i].value;
		if (strcmp(k, "text") == 0) {
			kinds++;
			e->kind = TE_TEXT;
			const char *s = scalar(ld, v, k);
			if (s)
				e->text = xstrdup(s);
		} else if (strcmp(k, "rect") == 0) {
			kinds++;
			e->kind = TE_RECT;
			load_box(ld, v, k, e->box);
		} else if (strcmp(k, "line") == 0) {
			kinds++;
			e->kind = TE_LINE;
			load_box(ld, v, k, e->box);
		}
	}
	if (kinds != 1) {
		ERR(ld, &m->loc, "an element needs exactly one of 'text', 'rect' or 'line'%s",
		    kinds ? " (it has several)" : "");
		return;
	}
	bool has_box = e->kind != TE_TEXT, has_stroke = false;
	for (size_t i = 0; i < m->n; i++) {
		const char *k = m->pairs[i].key->str;
		const struct ynode *v = m->pairs[i].value;
		bool text = e->kind == TE_TEXT;
		if (strcmp(k, "text") == 0 || strcmp(k, "rect") == 0 || strcmp(k, "line") == 0) {
			continue;
		} else if (strcmp(k, "box") == 0 && text) {
			load_box(ld, v, k, e->box);
			has_box = true;
		} else if (strcmp(k, "size") == 0 && text) {
			/* Font sizes: a bare number is points, as in every word processor. */
			const char *s = scalar(ld, v, k);
			struct tpl_len l;
			char *end;
			if (!s)
				continue;
			double pt = strtod(s, &end);
			if (end != s && !*end)
				l.v = pt * 25.4 / 72, l.pct = false;
			else if (tpl_parse_len(s, false, &l) != 0) {
				ERR(ld, &v->loc, "'size': '%s' is not a font size (such as 12pt or 4mm)", s);
				continue;
			}
			if (l.v <= 0 || l.v > 500)
				ERR(ld, &v->loc, "'size' must be more than 0 and at most 500 mm");
			else
				e->size = l.v;
		} else if (strcmp(k, "font") == 0 && text) {
			const char *s = scalar(ld, v, k);
			if (s) {
				free(e->font);
				e->font = xstrdup(s);
				e->loc_font = v->loc;
			}
		} else if (strcmp(k, "weight") == 0 && text) {
			const char *s = scalar(ld, v, k);
			if (s && strcmp(s, "bold") == 0)
				e->bold = true;
			else if (s && strcmp(s, "normal") != 0)
				ERR(ld, &v->loc, "'weight' must be normal or bold, not '%s'", s);
		} else if (strcmp(k, "style") == 0 && text) {
			const char *s = scalar(ld, v, k);
			if (s && strcmp(s, "italic") == 0)
				e->italic = true;
			else if (s && strcmp(s, "normal") != 0)
				ERR(ld, &v->loc, "'style' must be normal or italic, not '%s'", s);
		} else if (strcmp(k, "align") == 0 && text) {
			const char *s = scalar(ld, v, k);
			if (!s)
				continue;
			if (strcmp(s, "left") == 0)
				e->align = AL_START;
			else if (strcmp(s, "center") == 0 || strcmp(s, "centre") == 0)
				e->align = AL_CENTER;
			else if (strcmp(s, "right") == 0)
				e->align = AL_END;
			else
				ERR(ld, &v->loc, "'align' must be left, center or right, not '%s'", s);
		} else if (strcmp(k, "valign") == 0 && text) {
			const char *s = scalar(ld, v, k);
			if (!s)
				continue;
			if (strcmp(s, "top") == 0)
				e->valign = AL_START;
			else if (strcmp(s, "middle") == 0 || strcmp(s, "center") == 0)
				e->valign = AL_CENTER;
			else if (strcmp(s, "bottom") == 0)
				e->valign = AL_END;
			else
				ERR(ld, &v->loc, "'valign' must be top, middle or bottom, not '%s'", s);
		} else if (strcmp(k, "rotate") == 0 && text) {
			long r;
			if (ynode_int(v, &r) != 0 || (r != 0 && r != 90 && r != 180 && r != 270))
				ERR(ld, &v->loc, "'rotate' must be 0, 90, 180 or 270");
			else
				e->rotate = (int)r;
		} else if (strcmp(k, "wrap") == 0 && text) {
			e->wrap = load_bool(ld, v, k);
		} else if ((strcmp(k, "color") == 0 || strcmp(k, "colour") == 0) && text) {
			load_color(ld, v, k, &e->color);
		} else if (strcmp(k, "fill") == 0 && e->kind == TE_RECT) {
			load_color(ld, v, k, &e->fill);
		} else if (strcmp(k, "stroke") == 0 && !text) {
			load_color(ld, v, k, &e->stroke);
			has_stroke = true;
		} else if (strcmp(k, "stroke-width") == 0 && !text) {
			e->stroke_width = load_mm(ld, v, k, 0, 50);
		} else if (strcmp(k, "radius") == 0 && e->kind == TE_RECT) {
			e->radius = load_mm(ld, v, k, 0, 1000);
		} else if (strcmp(k, "if") == 0) {
			e->if_field = field_name(ld, v, k);
		} else if (strcmp(k, "unless") == 0) {
			e->unless_field = field_name(ld, v, k);
		} else {
			ERR(ld, &m->pairs[i].key->loc, "unknown key '%s' for a %s element", k,
			    text ? "text" : e->kind == TE_RECT ? "rect" : "line");
		}
	}
	if (!has_box)
		ERR(ld, &m->loc, "a text element needs a 'box: [x, y, width, height]'");
	/* A rectangle with a fill and no stroke named is filled only. */
	if (e->kind == TE_RECT && !has_stroke && !e->fill.none)
		e->stroke.none = true;
}

static void load_elems(struct tload *ld, const struct ynode *v, struct tpl_elem **out, size_t *n)
{
	if (v->kind != Y_SEQ) {
		ERR(ld, &v->loc, "'elements' must be a list, not %s", ynode_what(v));
		return;
	}
	if (v->n > TPL_MAX_ELEMENTS) {
		char lim[32];
		snprintf(lim, sizeof lim, "%d", TPL_MAX_ELEMENTS);
		ERR(ld, &v->loc, "too many elements (at most %s)", lim);
		return;
	}
	*out = xcalloc(v->n ? v->n : 1, sizeof **out);
	*n = v->n;
	for (size_t i = 0; i < v->n; i++)
		load_elem(ld, v->items[i], &(*out)[i]);
}

static void load_margin(struct tload *ld, const struct ynode *v, double m[4])
{
	if (v->kind == Y_SCALAR) {
		m[0] = m[1] = m[2] = m[3] = load_mm(ld, v, "margin", 0, 1000);
		return;
	}
	if (v->kind != Y_SEQ || v->n != 4) {
		ERR(ld, &v->loc, "'margin' must be a length or [top, right, bottom, left]");
		return;
	}
	for (size_t i = 0; i < 4; i++)
		m[i] = load_mm(ld, v->items[i], "margin", 0, 1000);
}

static void load_cells(struct tload *ld, const struct ynode *v, struct tpl_cells *c)
{
	if (v->kind != Y_MAP) {
		ERR(ld, &v->loc, "'cells' must be a mapping, not %s", ynode_what(v));
		return;
	}
	c->on = true;
	bool w = false, h = false;
	for (size_t i = 0; i < v->n; i++) {
		const char *k = v->pairs[i].key->str;
		const struct ynode *x = v->pairs[i].value;
		if (strcmp(k, "size") == 0) {
			const char *s = scalar(ld, x, k);
			if (s && card_size(s, &c->w, &c->h) != 0)
				ERR(ld, &x->loc, "'size': unknown card size '%s' (poker, euro-poker, bridge, mini, tarot)",
				    s);
			w = h = true;
		} else if (strcmp(k, "width") == 0) {
			c->w = load_mm(ld, x, k, 1, 2000);
			w = true;
		} else if (strcmp(k, "height") == 0) {
			c->h = load_mm(ld, x, k, 1, 2000);
			h = true;
		} else if (strcmp(k, "gap") == 0) {
			c->gap = load_mm(ld, x, k, 0, 1000);
		} else if (strcmp(k, "margin") == 0) {
			load_margin(ld, x, c->margin);
		} else if (strcmp(k, "elements") == 0) {
			load_elems(ld, x, &c->elems, &c->nelems);
		} else {
			ERR(ld, &v->pairs[i].key->loc, "unknown key '%s' in 'cells'", k);
		}
	}
	if (!w || !h)
		ERR(ld, &v->loc, "'cells' needs a 'size' or a 'width' and 'height'");
}

static void load_size(struct tload *ld, const struct ynode *v, struct template *t)
{
	if (v->kind == Y_SCALAR) {
		if (card_size(v->str, &t->w, &t->h) != 0)
			ERR(ld, &v->loc,
			    "'size': unknown size '%s' (poker, euro-poker, bridge, mini, tarot, or [width, height])",
			    v->str);
	} else if (v->kind == Y_SEQ && v->n == 2) {
		t->w = load_mm(ld, v->items[0], "size", 1, 5000);
		t->h = load_mm(ld, v->items[1], "size", 1, 5000);
	} else {
		ERR(ld, &v->loc, "'size' must be a name such as poker or [width, height]");
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

static struct template *load_tree(struct ydoc *doc)
{
	struct template *t = xcalloc(1, sizeof *t);
	struct tload ld = {.t = t};
	/* Every loc in the tree points at doc->file: the template keeps that string. */
	t->file = doc->file;
	doc->file = NULL;
	t->bleed = TPL_DEFAULT_BLEED;
	t->safe = 3;
	t->font = xstrdup("DejaVu Sans Mono");
	t->background = (struct tpl_color){.r = 1, .g = 1, .b = 1, .a = 1};
	const struct ynode *root = doc->root;
	struct loc whole = {t->file, 0, 0};
	if (!root || root->kind != Y_MAP) {
		ERR(&ld, root ? &root->loc : &whole, "a template must be a mapping (size, elements, ...)");
		template_free(t);
		return NULL;
	}
	for (size_t i = 0; i < root->n; i++) {
		const char *k = root->pairs[i].key->str;
		const struct ynode *v = root->pairs[i].value;
		if (strcmp(k, "template") == 0 || strcmp(k, "title") == 0) {
			scalar(&ld, v, k);
		} else if (strcmp(k, "size") == 0) {
			load_size(&ld, v, t);
		} else if (strcmp(k, "bleed") == 0) {
			t->bleed = load_mm(&ld, v, k, 0, 25);
		} else if (strcmp(k, "safe") == 0) {
			t->safe = load_mm(&ld, v, k, 0, 100);
		} else if (strcmp(k, "corner-radius") == 0) {
			t->radius = load_mm(&ld, v, k, 0, 100);
		} else if (strcmp(k, "double-ended") == 0) {
			t->double_ended = load_bool(&ld, v, k);
		} else if (strcmp(k, "font") == 0) {
			const char *s = scalar(&ld, v, k);
			if (s) {
				free(t->font);
				t->font = xstrdup(s);
				t->loc_font = v->loc;
			}
		} else if (strcmp(k, "font-file") == 0) {
			const char *s = scalar(&ld, v, k);
			if (s) {
				t->font_file = resolve_beside(t->file, s);
				t->loc_font_file = v->loc;
				if (access(t->font_file, R_OK) != 0)
					ERR(&ld, &v->loc, "'font-file': cannot read '%s': %s", t->font_file,
					    strerror(errno));
			}
		} else if (strcmp(k, "background") == 0) {
			load_color(&ld, v, k, &t->background);
		} else if (strcmp(k, "cells") == 0) {
			load_cells(&ld, v, &t->cells);
		} else if (strcmp(k, "elements") == 0) {
			load_elems(&ld, v, &t->elems, &t->nelems);
		} else {
			ERR(&ld, &root->pairs[i].key->loc,
			    "unknown key '%s' (size, bleed, safe, corner-radius, double-ended, font, font-file, background, cells, elements)",
			    k);
		}
	}
	if (!t->loc_font.file)
		t->loc_font = root->loc;
	if (!t->has_size && !t->cells.on)
		ERR(&ld, &root->loc, "a template needs a 'size' (or 'cells' for a board or placemat)");
	if (ld.errors) {
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
