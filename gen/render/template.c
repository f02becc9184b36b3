/* template.c: the files in templates/ -> struct template, through ytree.h. */
#include "template.h"

#include <errno.h>
#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include <pango/pango.h>

#include "datapath.h"
#include "trust.h"
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
	{"mini-euro", 44.0, 68.0},
	{"mini-american", 41.0, 63.0},
	{"square", 63.5, 63.5},      /* 2.5 x 2.5 in: The Game Crafter's and MakePlayingCards' square */
	{"large-square", 88.9, 88.9}, /* 3.5 x 3.5 in: TGC's large square, DriveThruCards' square */
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
	/* "12.5%+0.9mm": a percent and a length added to it */
	const char *pc = allow_pct ? strchr(s, '%') : NULL;
	if (pc && (pc[1] == '+' || pc[1] == '-')) {
		char head[32];
		size_t n = (size_t)(pc + 1 - s);
		struct tpl_len a, b;
		if (n >= sizeof head)
			return -1;
		memcpy(head, s, n);
		head[n] = 0;
		if (tpl_parse_len(head, true, &a) != 0 || tpl_parse_len(pc + 1, false, &b) != 0 || b.fixed)
			return -1;
		*out = a;
		out->off = b.v;
		return 0;
	}
	out->off = 0;
	/* Plain decimals only ("-1.5"): strtod would take 0x10, 1e3, inf and nan. */
	const char *d = s + (*s == '-' || *s == '+');
	size_t ip = strspn(d, "0123456789"), fp = 0;
	if (d[ip] == '.')
		fp = strspn(d + ip + 1, "0123456789");
	if (ip + fp == 0)
		return -1;
	char *end;
	errno = 0;
	double v = strtod(s, &end);
	if (end != d + ip + (d[ip] == '.') + fp || errno || v != v)
		return -1;
	while (*end == ' ')
		end++;
	out->pct = false;
	out->fixed = false;
	char unit[8];
	size_t ulen = strlen(end);
	if (ulen && end[ulen - 1] == '!') {
		/* "4mm!": a length kept as written when the card is resized */
		if (ulen > sizeof unit)
			return -1;
		memcpy(unit, end, ulen - 1);
		unit[ulen - 1] = 0;
		end = unit;
		out->fixed = true;
	}

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

const char *tpl_color_closest(const char *s)
{
	const char *names[sizeof colours / sizeof *colours + 1] = {0};
	for (size_t i = 0; i < sizeof colours / sizeof *colours; i++)
		names[i] = colours[i].name;
	return yr_closest(s, names);
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

static bool name_ok(const char *s);

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
	free(out->pal);
	out->pal = NULL;
	/* A name no colour has may be one of the template's palette: resolved once
	 * the whole template is read (resolve_palette). */
	if (tpl_parse_color(s, out) == 0)
		;
	else if (name_ok(s))
		out->pal = xstrdup(s), out->none = false;
	else
		yr_error(r, v, "'%s': '%s' is not a colour (#rrggbb, a name such as black, or {field})",
			 key, s);
	out->loc = yr_loc(r, v);
	out->key = key;
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
	/* "name" (set and not empty) or "name=value" (exactly that value). */
	if (!*s || *s == '=' || strchr(s, '{') || strcspn(s, " ") < strcspn(s, "=")) {
		yr_error(r, v, "'%s' names a field (such as code) or a field and its value (colour-shape=circle), not '%s'", key, s);
		return NULL;
	}
	return xstrdup(s);
}

/* if: / unless: one condition, or a list of them (if: all hold; unless: any),
 * kept one per line. */
static char *conditions(struct yread *r, const struct ynode *v, const char *key)
{
	if (v->kind != Y_SEQ)
		return field_name(r, v, key);
	if (v->n == 0) {
		yr_error(r, v, "'%s' needs a field, or a list of them", key);
		return NULL;
	}
	struct buf b = {0};
	for (size_t i = 0; i < v->n; i++) {
		char *one = field_name(r, v->items[i], key);
		if (one)
			buf_printf(&b, "%s%s", b.len ? "\n" : "", one);
		free(one);
	}
	return b.s;
}

/* A font size: a bare number is points, as in every word processor. */
static void load_font_size(struct yread *r, const struct ynode *v, double *out, bool *fixed)
{
	const char *s = yr_scalar(r, "size", v);
	struct tpl_len l;
	if (!s)
		return;
	/* Plain decimals only (tpl_parse_len): strtod took nan, inf and 0x10. */
	if (tpl_parse_len(s, false, &l) != 0) {
		yr_error(r, v, "'size': '%s' is not a font size (such as 12pt or 4mm)", s);
		return;
	}
	size_t n = strlen(s);
	if (n && s[n - 1] == '!')
		n--;   /* "12!": a bare number kept as written */
	if (n && ((s[n - 1] >= '0' && s[n - 1] <= '9') || s[n - 1] == '.'))
		l.v = l.v * 25.4 / 72;   /* a bare number: points, not mm */
	if (l.v <= 0 || l.v > 500)
		yr_error(r, v, "'size' must be more than 0 and at most 500 mm");
	else
		*out = l.v, *fixed = l.fixed;
}

/* The element kinds, indexed by enum tpl_kind: each is also the key that makes one. */
static const char *const kind_names[] = {"text", "rect", "line", "ellipse", "polygon", "image",
					 "pips", NULL};
#define KINDS "'text', 'rect', 'line', 'ellipse', 'polygon', 'image' or 'pips'"
#define KIND(k) (1u << (k))
#define ALL_KINDS (KIND(TE_TEXT) | KIND(TE_RECT) | KIND(TE_LINE) | KIND(TE_ELLIPSE) | \
		   KIND(TE_POLYGON) | KIND(TE_IMAGE) | KIND(TE_PIPS))
#define CLOSED (KIND(TE_RECT) | KIND(TE_ELLIPSE) | KIND(TE_POLYGON) | KIND(TE_PIPS))

/* Every key an element may have, and the kinds it applies to. */
enum elem_key {
	EK_TEXT, EK_RECT, EK_LINE, EK_BOX, EK_SIZE, EK_FONT, EK_WEIGHT, EK_STYLE, EK_ALIGN,
	EK_VALIGN, EK_ROTATE, EK_WRAP, EK_COLOR, EK_COLOUR, EK_FILL, EK_STROKE, EK_STROKE_WIDTH,
	EK_RADIUS, EK_IF, EK_UNLESS, EK_ELLIPSE, EK_POLYGON, EK_IMAGE, EK_FIT, EK_OPACITY, EK_PIPS,
	EK_ANCHOR, EK_COUNT
};
static const char *const elem_key_names[] = {
	"text", "rect", "line", "box", "size", "font", "weight", "style", "align", "valign",
	"rotate", "wrap", "color", "colour", "fill", "stroke", "stroke-width", "radius", "if",
	"unless", "ellipse", "polygon", "image", "fit", "opacity", "pips", "anchor", NULL,
};
static const unsigned elem_key_kinds[EK_COUNT] = {
	[EK_TEXT] = ALL_KINDS, [EK_RECT] = ALL_KINDS, [EK_LINE] = ALL_KINDS,
	[EK_ELLIPSE] = ALL_KINDS, [EK_POLYGON] = ALL_KINDS, [EK_IMAGE] = ALL_KINDS,
	[EK_PIPS] = ALL_KINDS, [EK_BOX] = KIND(TE_TEXT) | KIND(TE_IMAGE) | KIND(TE_PIPS), [EK_SIZE] = KIND(TE_TEXT), [EK_FONT] = KIND(TE_TEXT),
	[EK_WEIGHT] = KIND(TE_TEXT), [EK_STYLE] = KIND(TE_TEXT), [EK_ALIGN] = KIND(TE_TEXT),
	[EK_VALIGN] = KIND(TE_TEXT), [EK_ROTATE] = KIND(TE_TEXT), [EK_WRAP] = KIND(TE_TEXT),
	[EK_COLOR] = KIND(TE_TEXT), [EK_COLOUR] = KIND(TE_TEXT), [EK_FILL] = CLOSED,
	[EK_STROKE] = CLOSED | KIND(TE_LINE), [EK_STROKE_WIDTH] = CLOSED | KIND(TE_LINE),
	[EK_RADIUS] = KIND(TE_RECT), [EK_IF] = ALL_KINDS, [EK_UNLESS] = ALL_KINDS,
	[EK_FIT] = KIND(TE_IMAGE) | KIND(TE_TEXT), [EK_OPACITY] = ALL_KINDS,
	[EK_ANCHOR] = ALL_KINDS,
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
		yr_error(r, key, "'%s' does not apply to %s %s element (only to %s)", key->str,
			 kind == TE_IMAGE || kind == TE_ELLIPSE ? "an" : "a", kind_names[kind], b.s);
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
	snprintf(where, sizeof where, " for %s %s element",
		 kind == TE_IMAGE || kind == TE_ELLIPSE ? "an" : "a", kind_names[kind]);
	yr_unknown_key(r, key, where, known);
	return -1;
}

/* anchor: one word for both axes (centre, spread, stretch, auto), a side (left,
 * right, top, bottom: that axis only), two of them ("top-left", [spread, centre]:
 * across, then down). Sets out[0] (across) and out[1] (down). */
static void load_anchor(struct yread *r, const struct ynode *v, unsigned char out[2])
{
	static const char *const words[] = {"auto", "left", "right", "centre", "spread", "stretch",
					    "top", "bottom", "center", "middle", NULL};
	static const unsigned char value[] = {AN_AUTO, AN_START, AN_END, AN_CENTRE, AN_SPREAD,
					      AN_STRETCH, AN_START, AN_END, AN_CENTRE, AN_CENTRE};
	char buf[64];
	const char *w[3] = {0};
	size_t n = 0;
	if (v->kind == Y_SCALAR && strlen(v->str) < sizeof buf) {
		strcpy(buf, v->str);
		for (char *tok = strtok(buf, "- "); tok && n < 3; tok = strtok(NULL, "- "))
			w[n++] = tok;
	} else if (v->kind == Y_SEQ && v->n <= 2) {
		for (size_t i = 0; i < v->n; i++)
			if (v->items[i]->kind == Y_SCALAR)
				w[n++] = v->items[i]->str;
	}
	if (n < 1 || n > 2) {
		yr_error(r, v, "'anchor' must be one or two of left, right, top, bottom, centre, spread, stretch, auto (e.g. top-left, [spread, centre])");
		return;
	}
	int fixed = -1;  /* the axis a side word took */
	for (size_t i = 0; i < n; i++) {
		int k = find_name(words, w[i]);
		if (k < 0) {
			yr_error(r, v, "'anchor': unknown word '%s' (left, right, top, bottom, centre, spread, stretch, auto)",
				 w[i]);
			return;
		}
		int axis = k == 1 || k == 2 ? 0 : k == 6 || k == 7 ? 1 : -1;
		if (axis < 0 && n == 1) {
			out[0] = out[1] = value[k];
		} else {
			if (axis < 0)
				axis = fixed >= 0 ? 1 - fixed : (int)i;
			if (axis == fixed) {
				yr_error(r, v, "'anchor': two words for the same axis");
				return;
			}
			out[axis] = value[k];
			fixed = axis;
		}
	}
}

/* polygon: [x1, y1, x2, y2, ...]: at least three corners. */
static void load_points(struct yread *r, const struct ynode *v, struct tpl_elem *e)
{
	if (v->kind != Y_SEQ || v->n < 6 || v->n % 2 || v->n > 2 * TPL_MAX_POINTS) {
		yr_error(r, v, "'polygon' must be a list of 3 to %d corners [x1, y1, x2, y2, x3, y3, ...]",
			 TPL_MAX_POINTS);
		return;
	}
	e->points = xcalloc(v->n, sizeof *e->points);
	e->npoints = v->n;
	for (size_t i = 0; i < v->n; i++)
		load_len(r, v->items[i], "polygon", true, &e->points[i]);
}

/* image: PATH, relative to the template (or the pack), {field} allowed; the file
 * is found and read when the item is drawn (drawer_preload). */
static void load_image(struct yread *r, const struct ynode *v, struct tpl_elem *e)
{
	const char *s = yr_scalar(r, "image", v);
	if (!s)
		return;
	if (!*s) {
		yr_error(r, v, "'image' needs a path (a .png or .svg file beside the template)");
		return;
	}
	free(e->image);
	e->image = xstrdup(s);
}

/* A key of how a text is set: size, font, weight, style, align, valign, rotate,
 * wrap. */
static void load_type_key(struct yread *r, enum elem_key k, const struct ynode *v,
			  struct tpl_elem *e)
{
	static const char *const weights[] = {"normal", "bold"};
	static const char *const styles[] = {"normal", "italic"};
	static const char *const aligns[] = {"left", "center", "right"};
	static const char *const valigns[] = {"top", "middle", "bottom"};
	static const char *const rotations[] = {"0", "90", "180", "270"};
	const char *key = elem_key_names[k];
	int i;
	switch (k) {
	case EK_SIZE:
		load_font_size(r, v, &e->size, &e->size_fixed);
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
	default:
		break;
	}
}

/* fit: a text's none | shrink, an image's contain | cover | stretch. */
static void load_fit(struct yread *r, const struct ynode *v, struct tpl_elem *e)
{
	static const char *const fits[] = {"contain", "cover", "stretch"};
	static const char *const text_fits[] = {"none", "shrink"};
	const char *key = elem_key_names[EK_FIT];
	int i;
	if (e->kind == TE_TEXT) {
		if ((i = yr_enum(r, key, v, text_fits, 2)) >= 0)
			e->shrink = i == 1;
	} else if ((i = yr_enum(r, key, v, fits, 3)) >= 0) {
		e->fit = (enum tpl_fit)i;
	}
}

/* One key of an element. */
static void load_elem_key(struct yread *r, enum elem_key k, const struct ynode *v,
			  struct tpl_elem *e, bool *has_box, bool *has_stroke)
{
	const char *key = elem_key_names[k];
	switch (k) {
	case EK_TEXT:
	case EK_RECT:
	case EK_LINE:
	case EK_ELLIPSE:
	case EK_POLYGON:
	case EK_IMAGE:
	case EK_PIPS:
	case EK_COUNT:
		break;
	case EK_SIZE:
	case EK_FONT:
	case EK_WEIGHT:
	case EK_STYLE:
	case EK_ALIGN:
	case EK_VALIGN:
	case EK_ROTATE:
	case EK_WRAP:
		load_type_key(r, k, v, e);
		break;
	case EK_FIT:
		load_fit(r, v, e);
		break;
	case EK_OPACITY: {
		double o;
		if (ynode_double(v, &o) != 0 || !(o >= 0 && o <= 1))
			yr_error(r, v, "'opacity' must be a number from 0 (invisible) to 1 (solid)");
		else
			e->opacity = o;
		break;
	}
	case EK_BOX:
		load_box(r, v, key, e->box);
		*has_box = true;
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
		e->if_field = conditions(r, v, key);
		break;
	case EK_UNLESS:
		free(e->unless_field);
		e->unless_field = conditions(r, v, key);
		break;
	case EK_ANCHOR:
		load_anchor(r, v, e->anchor);
		break;
	}
}

static void load_elem(struct yread *r, const struct ynode *m, struct tpl_elem *e)
{
	*e = (struct tpl_elem){.loc = yr_loc(r, m), .size = 4.0, .align = AL_CENTER,
			       .valign = AL_CENTER, .stroke_width = 0.25 * 25.4 / 72, .opacity = 1,
			       .inside = -1};
	e->color = (struct tpl_color){.a = 1};
	e->fill.none = true;
	e->stroke = (struct tpl_color){.a = 1};
	if (m->kind != Y_MAP) {
		yr_error(r, m, "an element must be a mapping with one of " KINDS ", not %s",
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
			struct loc at = yr_loc(r, v);
			if (s && !e->text) {
				e->text = xstrdup(s);
				e->loc_text = at;
				e->text_quoted = !v->plain;
			}
			if (s && template_check_markup(s, &at) != 0)
				r->errors++;
		} else if (kind == TE_POLYGON) {
			load_points(r, v, e);
		} else if (kind == TE_IMAGE) {
			load_image(r, v, e);
		} else if (kind == TE_PIPS) {
			const char *s = yr_scalar(r, k->str, v);
			if (s && !e->text)  /* text: and pips: together: an error below */
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
		yr_error(r, m, "an element needs exactly one of " KINDS "%s",
			 kinds ? " (it has several)" : "");
		return;
	}
	bool has_box = e->kind != TE_TEXT && e->kind != TE_IMAGE && e->kind != TE_PIPS;
	bool has_stroke = false;
	const struct ynode *color = NULL;  /* color and colour are one key */
	for (size_t i = 0; i < m->n; i++) {
		int k = elem_key(r, m->pairs[i].key, e->kind);
		if ((k == EK_COLOR || k == EK_COLOUR) && color) {
			yr_error(r, m->pairs[i].key, "'%s' repeats '%s' (two spellings of one key)",
				 m->pairs[i].key->str, color->str);
			continue;
		}
		if (k == EK_COLOR || k == EK_COLOUR)
			color = m->pairs[i].key;
		if (k >= 0)
			load_elem_key(r, (enum elem_key)k, m->pairs[i].value, e, &has_box, &has_stroke);
	}
	if (!has_box)
		yr_error(r, m, "%s element needs a 'box: [x, y, width, height]'",
			 e->kind == TE_TEXT ? "a text" : e->kind == TE_PIPS ? "a pips" : "an image");
	e->written_size = e->size;
	/* A shape with a fill and no stroke named is filled only. */
	if (e->kind != TE_LINE && !has_stroke && (!e->fill.none || e->fill.field))
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
	c->loc = yr_loc(r, v);
	bool w = false, h = false;
	for (size_t i = 0; i < v->n; i++) {
		const struct ynode *x = v->pairs[i].value;
		const char *s;
		switch (yr_key(r, v->pairs[i].key, " in 'cells'", cells_keys)) {
		case CK_SIZE:
			s = yr_scalar(r, "size", x);
			if (s && card_size(s, &c->w, &c->h) != 0)
				yr_error(r, x, "'size': unknown card size '%s' (poker, euro-poker, bridge, mini, mini-euro, mini-american, square, large-square, tarot)",
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
				 "'size': unknown size '%s' (poker, euro-poker, bridge, mini, mini-euro, mini-american, square, large-square, tarot, or [width, height])",
				 v->str);
	} else if (v->kind == Y_SEQ && v->n == 2) {
		t->w = load_mm(r, v->items[0], "size", 1, 5000);
		t->h = load_mm(r, v->items[1], "size", 1, 5000);
	} else {
		yr_error(r, v, "'size' must be a name such as poker or [width, height]");
	}
	t->has_size = true;
	t->loc_size = v->loc;
}

/* ---- Pango markup in text elements ---- */

#define MARKUP_MAX_MM 500.0    /* as the 'size' of a text element */
#define MARKUP_MAX_SCALE 8.0   /* <big> nested eleven times */

/* A length in Pango units (1/1024 pt) as mm. */
static double pango_mm(int v)
{
	return (double)v / PANGO_SCALE * 25.4 / 72;
}

/* The first attribute of attrs that railyard will not draw, described in why. */
static bool bad_attr(PangoAttribute *a, char *why, size_t n)
{
	double mm = 0, f = 1;
	const char *name = NULL;
	switch (a->klass->type) {
	case PANGO_ATTR_SIZE:
	case PANGO_ATTR_ABSOLUTE_SIZE:
		name = "size", mm = pango_mm(((PangoAttrSize *)a)->size);
		if (mm <= 0) {
			snprintf(why, n, "a text size must be more than 0");
			return true;
		}
		break;
	case PANGO_ATTR_FONT_DESC: {
		PangoFontDescription *d = ((PangoAttrFontDesc *)a)->desc;
		if (pango_font_description_get_set_fields(d) & PANGO_FONT_MASK_SIZE)
			name = "font size", mm = pango_mm(pango_font_description_get_size(d));
		break;
	}
	case PANGO_ATTR_RISE: name = "rise", mm = pango_mm(((PangoAttrInt *)a)->value); break;
	case PANGO_ATTR_LETTER_SPACING:
		name = "letter_spacing", mm = pango_mm(((PangoAttrInt *)a)->value);
		break;
	case PANGO_ATTR_ABSOLUTE_LINE_HEIGHT:
		name = "line_height", mm = pango_mm(((PangoAttrInt *)a)->value);
		break;
	case PANGO_ATTR_BASELINE_SHIFT:
		name = "baseline_shift", mm = pango_mm(((PangoAttrInt *)a)->value);
		break;
	case PANGO_ATTR_SCALE: name = "scale (<big>, <small>)", f = ((PangoAttrFloat *)a)->value; break;
	case PANGO_ATTR_LINE_HEIGHT: name = "line_height", f = ((PangoAttrFloat *)a)->value; break;
	default:
		return false;
	}
	if (fabs(mm) > MARKUP_MAX_MM) {
		snprintf(why, n, "its %s is %.0f mm; at most %.0f mm", name, fabs(mm), MARKUP_MAX_MM);
		return true;
	}
	if (f > MARKUP_MAX_SCALE || f < 1 / MARKUP_MAX_SCALE) {
		snprintf(why, n, "its %s is %g times; %g to %g", name, f, 1 / MARKUP_MAX_SCALE,
			 MARKUP_MAX_SCALE);
		return true;
	}
	return false;
}

/* A number no other template, nor an earlier size or palette of this one, has had. */
static unsigned long next_serial(void)
{
	static atomic_ulong serial;
	return atomic_fetch_add(&serial, 1) + 1;
}

int template_check_markup(const char *text, const struct loc *loc)
{
	if (!strpbrk(text, "<&"))
		return 0;
	/* A {field} inside a tag would let a pack's values set attributes that are
	 * never checked: sizes come from the template only. */
	bool in_tag = false;
	for (const char *c = text; *c; c++) {
		if (*c == '<')
			in_tag = true;
		else if (*c == '>')
			in_tag = false;
		else if (*c == '{' && in_tag) {
			diag(SEV_ERROR, loc, "text: a {field} cannot stand inside a markup tag (use the element's 'color' for an ink from a field)");
			return 1;
		}
	}
	PangoAttrList *attrs = NULL;
	GError *err = NULL;
	char *plain = NULL;
	if (!pango_parse_markup(text, -1, 0, &attrs, &plain, NULL, &err)) {
		diag(SEV_ERROR, loc, "text is not valid Pango markup: %s",
		     err ? err->message : "unknown error");
		if (err)
			g_error_free(err);
		return 1;
	}
	int bad = 0;
	char why[160];
	/* The text as drawn, character references (&#x202E;, &#769;) decoded: the
	 * same rules as the characters written out. */
	size_t at;
	const char *problem = plain ? text_problem(plain, strlen(plain), 0, &at, why, sizeof why) : NULL;
	if (problem) {
		diag(SEV_ERROR, loc, "text markup: the text it makes has %s (character %zu)", problem, at + 1);
		bad = 1;
	}
	g_free(plain);
	GSList *list = pango_attr_list_get_attributes(attrs);
	for (GSList *l = list; l && !bad; l = l->next)
		if (bad_attr(l->data, why, sizeof why)) {
			diag(SEV_ERROR, loc, "text markup: %s", why);
			bad = 1;
		}
	g_slist_free_full(list, (GDestroyNotify)pango_attribute_destroy);
	pango_attr_list_unref(attrs);
	return bad;
}

static double len_mm(const struct tpl_len *l, double whole)
{
	return l->pct ? l->v * whole / 100.0 + l->off : l->v;
}

/* The box of an element in mm, and whether it is content (text, image) that the
 * layout checks look at. */
static bool content_box(const struct tpl_elem *e, double W, double H, double b[4])
{
	if (e->kind != TE_TEXT && e->kind != TE_IMAGE)
		return false;
	b[0] = len_mm(&e->box[0], W);
	b[1] = len_mm(&e->box[1], H);
	b[2] = len_mm(&e->box[2], W);
	b[3] = len_mm(&e->box[3], H);
	return true;
}

/* Whether two elements are never drawn on the same card (if: x / unless: x). */
static bool exclusive(const struct tpl_elem *a, const struct tpl_elem *b)
{
	/* if: x=1 and if: x=2 */
	const char *ea = a->if_field ? strchr(a->if_field, '=') : NULL;
	const char *eb = b->if_field ? strchr(b->if_field, '=') : NULL;
	if (ea && eb && ea - a->if_field == eb - b->if_field &&
	    strncmp(a->if_field, b->if_field, (size_t)(ea - a->if_field)) == 0 && strcmp(ea, eb) != 0)
		return true;
	return (a->if_field && b->unless_field && strcmp(a->if_field, b->unless_field) == 0) ||
	       (a->unless_field && b->if_field && strcmp(a->unless_field, b->if_field) == 0);
}

/* The box of a shape in mm (rect, ellipse: its box; line: its ends, widened by
 * the stroke), and how thin it is: its smaller side, or a stroke's width for a
 * line or an outline. False for text, images, polygons and pips. */
static bool shape_box(const struct tpl_elem *e, double W, double H, double b[4], double *thin)
{
	if (e->kind != TE_RECT && e->kind != TE_LINE && e->kind != TE_ELLIPSE)
		return false;
	double x0 = len_mm(&e->box[0], W), y0 = len_mm(&e->box[1], H);
	double x1 = len_mm(&e->box[2], W), y1 = len_mm(&e->box[3], H);
	if (e->kind == TE_LINE) {
		double hw = e->stroke_width / 2;
		b[0] = fmin(x0, x1) - hw, b[1] = fmin(y0, y1) - hw;
		b[2] = fmax(x0, x1) + hw, b[3] = fmax(y0, y1) + hw;
		*thin = e->stroke_width;
		return !e->stroke.none || e->stroke.field;
	}
	b[0] = x0, b[1] = y0, b[2] = x0 + x1, b[3] = y0 + y1;
	bool filled = !e->fill.none || e->fill.field;
	*thin = filled ? fmin(x1, y1) : e->stroke_width;
	return filled || ((!e->stroke.none || e->stroke.field) && e->stroke_width > 0);
}

/* LOOK.md: nothing thin within 5 mm of the cut, and no edge of a shape within
 * 1 mm of it (a cut that drifts would show a sliver); whatever the template's
 * safe margin. A shape that runs past the trim into the bleed is fine there. */
static void check_cut(struct template *t, struct tpl_elem *e)
{
	const double W = t->w, H = t->h;
	double b[4], thin;
	if (e->layout_warned || !shape_box(e, W, H, b, &thin))
		return;
	/* each side of the shape, as a distance inside each edge of the trim */
	double in[4][2] = {{b[0], b[2]}, {b[1], b[3]}, {W - b[2], W - b[0]}, {H - b[3], H - b[1]}};
	static const char *const edge[4] = {"left", "top", "right", "bottom"};
	for (int k = 0; k < 8; k++) {
		double d = in[k / 2][k % 2];
		bool is_thin = thin < LOOK_THIN_MM && d > 1e-6 && d < LOOK_THIN_SAFE_MM;
		bool sliver = d > 1e-6 && d < LOOK_EDGE_MM;
		if (!is_thin && !sliver)
			continue;
		diag(SEV_WARNING, &e->loc, is_thin
		     ? "this %.2f mm thin %s lies %.2f mm inside the %s edge of the %.1f x %.1f mm card: nothing thin within %g mm of the cut (a drift of the cut shows)"
		     : "this %.2f mm %s has a side %.2f mm inside the %s edge of the %.1f x %.1f mm card, where the cut may fall: run it into the bleed or keep it %g mm inside",
		     thin, e->kind == TE_LINE ? "line" : e->kind == TE_ELLIPSE ? "ellipse" : "rect",
		     d, edge[k / 2], W, H, is_thin ? LOOK_THIN_SAFE_MM : LOOK_EDGE_MM);
		e->layout_warned = true;
		return;
	}
}

/* Each element's box now (mm): its design[] for the next resize. */
static bool extent(const struct tpl_elem *e, int axis, double W, double *lo, double *hi);
static void note_design(struct tpl_elem *v, size_t n, double W, double H)
{
	for (size_t i = 0; i < n; i++)
		for (int axis = 0; axis < 2; axis++) {
			double lo, hi;
			extent(&v[i], axis, axis ? H : W, &lo, &hi);
			v[i].design[axis] = lo;
			v[i].design[axis + 2] = hi - lo;
		}
}

/* Whether others may lie in e: a filled rect or ellipse (a chip, a disc), or a
 * text's box (the underline of a number). */
static bool holder(const struct tpl_elem *e)
{
	return ((e->kind == TE_RECT || e->kind == TE_ELLIPSE) && (!e->fill.none || e->fill.field)) ||
	       e->kind == TE_TEXT;
}

/* Whether box b lies in holder h (boxes x y w h, mm, within tol): in its box,
 * and for an ellipse with its centre inside it. */
bool template_lies_in(const struct tpl_elem *h, const double hb[4], const double b[4], double tol)
{
	if (b[0] < hb[0] - tol || b[1] < hb[1] - tol || b[0] + b[2] > hb[0] + hb[2] + tol ||
	    b[1] + b[3] > hb[1] + hb[3] + tol)
		return false;
	if (h->kind != TE_ELLIPSE)
		return true;
	double dx = (b[0] + b[2] / 2 - hb[0] - hb[2] / 2) / (hb[2] / 2 + tol);
	double dy = (b[1] + b[3] / 2 - hb[1] - hb[3] / 2) / (hb[3] / 2 + tol);
	return dx * dx + dy * dy <= 1;
}

/* At the design size: the holder each text or shape lies in (the last drawn
 * before it, never the whole card), into e->inside. */
static void find_holders_in(struct tpl_elem *v, size_t n, double W, double H)
{
	note_design(v, n, W, H);
	for (size_t i = 0; i < n; i++) {
		struct tpl_elem *e = &v[i];
		e->inside = -1;
		e->cue_mm = fmin(e->design[2], e->design[3]);
		if (e->kind == TE_LINE || e->kind == TE_IMAGE)
			continue;
		for (size_t j = i; j-- > 0;) {
			const struct tpl_elem *h = &v[j];
			const double *hb = h->design;
			/* a text's box holds marks (an underline), never another text */
			if (!holder(h) || (h->kind == TE_TEXT && e->kind == TE_TEXT) || exclusive(e, h) || (hb[0] <= 0 && hb[1] <= 0 && hb[0] + hb[2] >= W &&
							       hb[1] + hb[3] >= H))
				continue;
			if (template_lies_in(h, hb, e->design, 0.05)) {
				e->inside = (int)j;
				break;
			}
		}
	}
}

static void find_holders(struct template *t)
{
	find_holders_in(t->elems, t->nelems, t->w, t->h);
}

/* After a resize: an error at each text or shape that left its holder or
 * shrank to nothing; the number of them. */
static int check_holders(struct template *t)
{
	int errors = 0;
	const double W = t->w, H = t->h, dw = t->design_w, dh = t->design_h;
	/* the factor from the design size, as scale_elems takes it */
	double m = fmax(t->safe, LOOK_TEXT_SAFE_MM);
	m = dw > 2 * m && dh > 2 * m && W > 2 * m && H > 2 * m ? m : 0;
	double s = fmin((W - 2 * m) / (dw - 2 * m), (H - 2 * m) / (dh - 2 * m));
	for (size_t i = 0; i < t->nelems; i++) {
		struct tpl_elem *e = &t->elems[i];
		double b[4];
		for (int axis = 0; axis < 2; axis++) {
			double lo, hi;
			extent(e, axis, axis ? H : W, &lo, &hi);
			b[axis] = lo;
			b[axis + 2] = hi - lo;
		}
		const char *what = e->kind == TE_TEXT ? "text" : kind_names[e->kind];
		if (e->kind != TE_TEXT && e->kind != TE_LINE && e->kind != TE_IMAGE && e->cue_mm >= 0.5 &&
		    fmin(b[2], b[3]) < 0.5 * s * e->cue_mm) {
			diag(SEV_ERROR, &e->loc,
			     "this %s shrinks to %.2f x %.2f mm on the %.4g x %.4g mm card (its smaller side %.2f mm at the design size, %.4g x %.4g mm): the cue vanishes (give it an 'anchor:' or a size that does not stretch)",
			     what, b[2], b[3], W, H, e->cue_mm, t->design_w, t->design_h);
			errors++;
			continue;
		}
		if (e->inside < 0)
			continue;
		const struct tpl_elem *h = &t->elems[e->inside];
		double hb[4];
		for (int axis = 0; axis < 2; axis++) {
			double lo, hi;
			extent(h, axis, axis ? H : W, &lo, &hi);
			hb[axis] = lo;
			hb[axis + 2] = hi - lo;
		}
		if (template_lies_in(h, hb, b, 0.1))
			continue;
		diag(SEV_ERROR, &e->loc,
		     "on the %.4g x %.4g mm card this %s leaves the %s at line %u that holds it at the design size (%.4g x %.4g mm): it lies at [%.2f, %.2f, %.2f, %.2f] mm, the %s at [%.2f, %.2f, %.2f, %.2f] (give one of them an 'anchor:')",
		     W, H, what, kind_names[h->kind], h->loc.line, t->design_w, t->design_h, b[0], b[1],
		     b[2], b[3], kind_names[h->kind], hb[0], hb[1], hb[2], hb[3]);
		errors++;
	}
	return errors;
}

int template_check_layout(struct template *t)
{
	if (t->cells.on)
		return 0;
	int errors = 0;
	if (fabs(t->w - t->design_w) > 1e-6 || fabs(t->h - t->design_h) > 1e-6)
		errors = check_holders(t);
	const double eps = 1e-6, W = t->w, H = t->h;
	for (size_t i = 0; i < t->nelems; i++) {
		struct tpl_elem *e = &t->elems[i];
		double pt = e->size * 72 / 25.4;
		if (e->kind != TE_TEXT || e->size_warned || pt >= LOOK_MIN_TEXT_PT - 1e-6)
			continue;
		diag(SEV_WARNING, &e->loc, "this text is %.1f pt on the %.4g x %.4g mm card, under %g pt: too small to read at arm's length",
		     pt, W, H, LOOK_MIN_TEXT_PT);
		e->size_warned = true;
	}
	/* text at least LOOK_TEXT_SAFE_MM inside the trim, whatever the template says */
	double safe = fmax(t->safe, LOOK_TEXT_SAFE_MM);
	for (size_t i = 0; i < t->nelems; i++) {
		struct tpl_elem *e = &t->elems[i];
		double b[4];
		check_cut(t, e);
		if (e->layout_warned || !content_box(e, W, H, b))
			continue;
		/* an image's side at or past the trim is art into the bleed */
		double in[4] = {b[0], b[1], W - b[0] - b[2], H - b[1] - b[3]};
		bool reaches = false;
		for (int k = 0; k < 4; k++)
			reaches |= in[k] < safe - eps && (e->kind == TE_TEXT || in[k] > eps);
		if (reaches) {
			diag(SEV_WARNING, &e->loc,
			     "this %s box reaches into the %.1f mm safe margin of the %.1f x %.1f mm card, where the cut may fall",
			     e->kind == TE_TEXT ? "text" : "image", safe, W, H);
			e->layout_warned = true;
		}
	}
	if (!t->double_ended)
		return errors;
	/* The turned copy of f occupies [W - x - w, H - y - h, w, h]. */
	for (size_t i = 0; i < t->nelems; i++)
		for (size_t j = i; j < t->nelems; j++) {
			struct tpl_elem *e = &t->elems[i], *f = &t->elems[j];
			double a[4], b[4];
			if (e->layout_warned || f->layout_warned || !content_box(e, W, H, a) ||
			    !content_box(f, W, H, b) || exclusive(e, f))
				continue;
			double bx = W - b[0] - b[2], by = H - b[1] - b[3];
			double ox = fmin(a[0] + a[2], bx + b[2]) - fmax(a[0], bx);
			double oy = fmin(a[1] + a[3], by + b[3]) - fmax(a[1], by);
			if (ox <= 0.01 || oy <= 0.01)
				continue;
			if (i == j)
				diag(SEV_WARNING, &e->loc,
				     "on this double-ended %.1f x %.1f mm card, this box overlaps its own turned copy (by %.1f x %.1f mm)",
				     W, H, ox, oy);
			else
				diag(SEV_WARNING, &e->loc,
				     "on this double-ended %.1f x %.1f mm card, this box overlaps the turned copy of the element at line %u (by %.1f x %.1f mm)",
				     W, H, f->loc.line, ox, oy);
			e->layout_warned = f->layout_warned = true;
		}
	return errors;
}

/* ---- resizing: one scale factor, anchored elements ---- */

/* The extent of e on one axis (0 across, 1 down) at the card size W (that
 * axis's), in mm: a box's sides, a line's or polygon's points' bounds; false
 * when it has none in mm (written in percent). */
static bool extent(const struct tpl_elem *e, int axis, double W, double *lo, double *hi)
{
	if (e->kind == TE_LINE || e->kind == TE_POLYGON) {
		const struct tpl_len *p = e->kind == TE_LINE ? e->box : e->points;
		size_t n = e->kind == TE_LINE ? 4 : e->npoints;
		*lo = 1e300, *hi = -1e300;
		for (size_t k = (size_t)axis; k < n; k += 2) {
			if (p[k].pct)
				return false;
			*lo = fmin(*lo, p[k].v);
			*hi = fmax(*hi, p[k].v);
		}
		return *lo <= *hi;
	}
	const struct tpl_len *pos = &e->box[axis], *len = &e->box[axis + 2];
	if (pos->pct || len->pct) {
		*lo = len_mm(pos, W);
		*hi = *lo + len_mm(len, W);
		return false;
	}
	*lo = pos->v;
	*hi = pos->v + len->v;
	return true;
}

/* Whether e keeps its shape when resized (circles stay round): an ellipse, pips,
 * a rect rounded to a disc. */
static bool is_round(const struct tpl_elem *e)
{
	return e->kind == TE_ELLIPSE || e->kind == TE_PIPS ||
	       (e->kind == TE_RECT && 2.2 * e->radius >= fmin(e->box[2].v, e->box[3].v));
}

/* Where one axis of an element goes: x -> a + x * s (a uniform move), or its
 * ends each kept to its edge (stretch), or its centre following the card (spread). */
struct place {
	unsigned char how;    /* AN_START (uniform, offset a), AN_STRETCH, AN_SPREAD */
	double a;
	bool set;
};

struct resize {
	double W, W2, s, safe;
};

/* A distance d from the start edge, resized: what lies beyond the safe margin
 * keeps its distance from the margin times s; the margin and the bleed keep
 * their size, and what lies in them its distance. */
static double from_start(const struct resize *z, double d)
{
	return d >= z->safe ? z->safe + (d - z->safe) * z->s : d;
}

static double from_end(const struct resize *z, double x)
{
	return z->W2 - from_start(z, z->W - x);
}

/* The anchor an element finds for itself on one axis from its extent
 * [lo, hi]: AN_STRETCH (spans, or runs from the trim past the middle, or a text
 * box or frame from margin to margin), AN_START or AN_END (at a safe margin),
 * AN_CENTRE (round and margin to margin), else AN_AUTO (grouped). A rect
 * inset less than 15% from both edges (a frame, a well) stretches too. */
static unsigned char own_anchor(const struct resize *z, const struct tpl_elem *e, double lo,
				double hi)
{
	const double eps = 1e-6, tol = 0.5, W = z->W;
	bool round = is_round(e);
	if ((lo <= eps && hi >= W - eps) || (lo <= eps && hi > W / 2) || (hi >= W - eps && lo < W / 2))
		return round ? AN_CENTRE : AN_STRETCH;
	bool near_s = lo <= z->safe + tol, near_e = hi >= W - z->safe - tol;
	/* a frame or well inset less than 15% from both edges keeps both insets */
	if (e->kind == TE_RECT && !round && lo > eps && W - hi > eps && lo < 0.15 * W && W - hi < 0.15 * W)
		return AN_STRETCH;
	if (near_s && near_e)
		return round ? AN_CENTRE : AN_STRETCH;
	return near_s ? AN_START : near_e ? AN_END : AN_AUTO;
}

/* The gap between the design boxes of two elements (0 when they overlap). */
static double gap(const struct tpl_elem *a, const struct tpl_elem *b)
{
	double gx = fmax(a->design[0] - (b->design[0] + b->design[2]), b->design[0] - (a->design[0] + a->design[2]));
	double gy = fmax(a->design[1] - (b->design[1] + b->design[3]), b->design[1] - (a->design[1] + a->design[3]));
	return fmax(0, fmax(gx, gy));
}

static double move(const struct resize *z, const struct place *p, double x, double lo, double hi);

#define GROUP_GAP_MM 3.5   /* elements this close move as one */
#define MIDDLE_MM 3.0      /* a group this close to the middle stays centred */

/* Whether a and b are alike in a row along axis: the same kind and size, at the
 * same place across it. */
static bool alike(const struct tpl_elem *a, const struct tpl_elem *b, int axis)
{
	const double eps = 0.01;
	return a->kind == b->kind && fabs(a->design[2] - b->design[2]) < eps &&
	       fabs(a->design[3] - b->design[3]) < eps && fabs(a->design[1 - axis] - b->design[1 - axis]) < eps;
}

static int root_of(int *up, int i)
{
	while (up[i] != i)
		i = up[i] = up[up[i]];
	return i;
}

/* A row of three or more alike (the same kind and size, in line, over half the
 * card: sleepers, stripes) is a rhythm: it spreads over the card. */
static void spread_rows(const struct resize *z, const struct tpl_elem *v, size_t n, int axis,
			struct place *pl)
{
	for (size_t i = 0; i < n; i++) {
		if (pl[i].set)
			continue;
		size_t count = 0;
		double lo = 1e300, hi = -1e300;
		for (size_t j = 0; j < n; j++)
			if (!pl[j].set && alike(&v[i], &v[j], axis)) {
				count++;
				lo = fmin(lo, v[j].design[axis]);
				hi = fmax(hi, v[j].design[axis] + v[j].design[axis + 2]);
			}
		if (count < 3 || hi - lo < z->W / 2)
			continue;
		for (size_t j = 0; j < n; j++)
			if (!pl[j].set && alike(&v[i], &v[j], axis) && j != i)
				pl[j] = (struct place){.how = AN_SPREAD, .set = true};
		pl[i] = (struct place){.how = AN_SPREAD, .set = true};
	}
}

/* Beside a corner element (anchored on both axes) in its column or row: with
 * that corner (a chain of them too). */
static void join_corners(const struct tpl_elem *v, size_t n, const unsigned char *mode,
			 const unsigned char *other, struct place *pl)
{
	for (bool moved = true; moved;) {
		moved = false;
		for (size_t i = 0; i < n; i++) {
			if (pl[i].set)
				continue;
			for (size_t j = 0; j < n && !pl[i].set; j++) {
				bool corner = (mode[j] == AN_START || mode[j] == AN_END ||
					       (j != i && pl[j].set && mode[j] == AN_AUTO)) &&
					      (other[j] == AN_START || other[j] == AN_END);
				if (j == i || !pl[j].set || pl[j].how != AN_START || !corner ||
				    other[i] != other[j] || gap(&v[i], &v[j]) > GROUP_GAP_MM)
					continue;
				pl[i] = pl[j];
				moved = true;
			}
		}
	}
}

/* The rest: groups of elements within GROUP_GAP_MM of each other, each moved
 * as one (centred when it reaches the middle, else by its nearer edge). */
static void place_groups(const struct resize *z, const struct tpl_elem *v, size_t n, int axis,
			 struct place *pl)
{
	const double s = z->s;
	int up[TPL_MAX_ELEMENTS];
	for (size_t i = 0; i < n; i++)
		up[i] = (int)i;
	for (size_t i = 0; i < n; i++)
		for (size_t j = i + 1; j < n; j++)
			if (!pl[i].set && !pl[j].set && gap(&v[i], &v[j]) <= GROUP_GAP_MM)
				up[root_of(up, (int)j)] = root_of(up, (int)i);
	for (size_t i = 0; i < n; i++) {
		if (pl[i].set || root_of(up, (int)i) != (int)i)
			continue;
		double lo = 1e300, hi = -1e300;
		for (size_t j = 0; j < n; j++)
			if (!pl[j].set && root_of(up, (int)j) == (int)i) {
				lo = fmin(lo, v[j].design[axis]);
				hi = fmax(hi, v[j].design[axis] + v[j].design[axis + 2]);
			}
		double a;
		if (hi >= z->W / 2 - MIDDLE_MM && lo <= z->W / 2 + MIDDLE_MM)
			a = z->W2 / 2 - z->W / 2 * s;
		else if (hi < z->W / 2)
			a = from_start(z, lo) - lo * s;
		else
			a = from_end(z, hi) - hi * s;
		for (size_t j = 0; j < n; j++)
			if (!pl[j].set && root_of(up, (int)j) == (int)i)
				pl[j] = (struct place){.how = AN_START, .a = a, .set = true};
	}
}

/* What lies in a rect or ellipse (a letter on its chip, a hub in its wheel)
 * moves with it: its centre where the holder takes that point; so does one at
 * a margin when its holder stretches (the letter in a carriage's body). */
static void follow_holders(const struct resize *z, const struct tpl_elem *v, size_t n, int axis,
			   const unsigned char *mode, struct place *pl)
{
	for (size_t i = 0; i < n; i++) {
		int h = v[i].inside;
		if (h < 0 || (size_t)h >= n)
			continue;
		bool margin = (mode[i] == AN_START || mode[i] == AN_END) && v[i].anchor[axis] == AN_AUTO &&
			      pl[h].how != AN_START;
		if (mode[i] != AN_AUTO && !margin)
			continue;
		double lo = v[h].design[axis], hi = lo + v[h].design[axis + 2];
		double c = v[i].design[axis] + v[i].design[axis + 2] / 2;
		pl[i] = (struct place){.how = AN_START, .a = move(z, &pl[h], c, lo, hi) - c * z->s, .set = true};
	}
}

/* The place of every element of v on one axis. mode[i]: the anchor written or
 * found (own_anchor); other: the same across the other axis. */
static void place_axis(const struct resize *z, const struct tpl_elem *v, size_t n, int axis,
		       unsigned char *mode, const unsigned char *other, struct place *pl)
{
	const double s = z->s;
	for (size_t i = 0; i < n; i++) {
		double lo = v[i].design[axis], hi = lo + v[i].design[axis + 2];
		pl[i] = (struct place){.how = AN_START, .a = 0, .set = true};
		switch (mode[i]) {
		case AN_START: pl[i].a = from_start(z, lo) - lo * s; break;
		case AN_END: pl[i].a = from_end(z, hi) - hi * s; break;
		case AN_CENTRE: pl[i].a = z->W2 / 2 - z->W / 2 * s; break;
		case AN_SPREAD: pl[i].how = AN_SPREAD; break;
		case AN_STRETCH: pl[i].how = AN_STRETCH; break;
		default: pl[i].set = false; break;
		}
	}
	spread_rows(z, v, n, axis, pl);
	join_corners(v, n, mode, other, pl);
	place_groups(z, v, n, axis, pl);
	follow_holders(z, v, n, axis, mode, pl);
}

/* x at the design size -> its place; lo, hi: the element's design extent on
 * this axis (for a stretch or spread). */
static double move(const struct resize *z, const struct place *p, double x, double lo, double hi)
{
	if (p->how == AN_STRETCH) {
		double lo2 = from_start(z, lo), hi2 = from_end(z, hi);
		return hi > lo ? lo2 + (x - lo) * (hi2 - lo2) / (hi - lo) : lo2;
	}
	if (p->how == AN_SPREAD) {
		double c = (lo + hi) / 2;
		return c * z->W2 / z->W + (x - c) * z->s;
	}
	return p->a + x * z->s;
}

/* One axis of a box element placed. */
static void move_box(const struct resize *z, const struct place *p, struct tpl_len *pos,
		     struct tpl_len *len, double lo, double hi)
{
	if (pos->pct || len->pct) {
		/* a percent follows the card, its offset scales; a length in mm
		 * at a percent (50%-3.5mm, 7mm: a chip centred) scales too, a
		 * place in mm beside a percent length stays */
		pos->off *= pos->fixed ? 1 : z->s;
		len->off *= len->fixed ? 1 : z->s;
		if (pos->pct && !len->pct && !len->fixed)
			len->v *= z->s;
		return;
	}
	double x = move(z, p, lo, lo, hi), x2 = move(z, p, hi, lo, hi);
	if (!pos->fixed)
		pos->v = x;
	if (!len->fixed)
		len->v = x2 - x;
}

/* A rect at least LOOK_THIN_MM thick at the design size stays so (not thin
 * near the cut), about its centre. */
static void keep_thick(struct tpl_elem *e)
{
	for (int axis = 0; e->kind == TE_RECT && axis < 2; axis++) {
		struct tpl_len *pos = &e->box[axis], *len = &e->box[axis + 2];
		if (pos->pct || len->pct || len->fixed || len->v >= LOOK_THIN_MM ||
		    e->design[axis + 2] < LOOK_THIN_MM)
			continue;
		pos->v -= (LOOK_THIN_MM - len->v) / 2;
		len->v = LOOK_THIN_MM;
	}
}

/* Element i's font size times s, never under LOOK_MIN_TEXT_PT when it was at
 * least that; a text kept at the minimum has its box grow as much from its
 * aligned side, within the safe area and the shape holding it if it was. */
static void keep_min_text(struct tpl_elem *v, size_t i, double s, const struct resize *zx,
			  const struct resize *zy)
{
	struct tpl_elem *e = &v[i];
	const double min = LOOK_MIN_TEXT_PT * 25.4 / 72, safe = zx->safe;
	double k = e->size >= min - 1e-9 && e->size * s < min ? min / (e->size * s) : 1;
	e->size *= s * k;
	for (int axis = 0; k > 1 && e->kind == TE_TEXT && axis < 2; axis++) {
		struct tpl_len *pos = &e->box[axis], *len = &e->box[axis + 2];
		enum tpl_align al = axis ? e->valign : e->align;
		if (pos->pct || len->pct || len->fixed)
			continue;
		const struct resize *z = axis ? zy : zx;
		double grow = len->v * (k - 1), x0 = pos->v, x1 = pos->v + len->v;
		double lo = pos->v - (al == AL_START ? 0 : al == AL_END ? grow : grow / 2);
		double hi = lo + len->v + grow;
		if (x0 >= safe - 1e-6 && x1 <= z->W2 - safe + 1e-6)
			lo = fmax(lo, safe), hi = fmin(hi, z->W2 - safe);
		if (e->inside >= 0 && (size_t)e->inside < i) {
			const struct tpl_elem *h = &v[e->inside];
			double h0 = h->box[axis].v, h1 = h0 + h->box[axis + 2].v;
			if (!h->box[axis].pct && !h->box[axis + 2].pct && x0 >= h0 - 1e-6 && x1 <= h1 + 1e-6)
				lo = fmax(lo, h0), hi = fmin(hi, h1);
		}
		pos->v = fmin(lo, x0);
		len->v = fmax(hi, x1) - pos->v;
	}
}

/* The one factor of a resize from W x H to W2 x H2: the smaller of the two
 * ratios of the safe areas (the whole card's without one), so what lay inside
 * the margins stays inside. */
static double resize_factor(double W, double H, double W2, double H2, double safe)
{
	double m = safe > 0 && W > 2 * safe && H > 2 * safe && W2 > 2 * safe && H2 > 2 * safe ? safe : 0;
	return fmin((W2 - 2 * m) / (W - 2 * m), (H2 - 2 * m) / (H - 2 * m));
}

static void scale_elems(struct tpl_elem *v, size_t n, double W, double H, double W2, double H2,
			double safe, const unsigned char *dflt)
{
	if (!n)
		return;
	double s = resize_factor(W, H, W2, H2, safe);
	const struct resize zx = {W, W2, s, safe}, zy = {H, H2, s, safe};
	unsigned char *mode[2] = {xcalloc(n, 1), xcalloc(n, 1)};
	struct place *pl[2] = {xcalloc(n, sizeof *pl[0]), xcalloc(n, sizeof *pl[1])};
	for (size_t i = 0; i < n; i++)
		for (int axis = 0; axis < 2; axis++) {
			const struct resize *z = axis ? &zy : &zx;
			double lo, hi;
			unsigned char a = v[i].anchor[axis] ? v[i].anchor[axis] : dflt[axis];
			if (!extent(&v[i], axis, z->W, &lo, &hi))
				a = AN_STRETCH;  /* percents: they follow the card */
			else if (a == AN_AUTO)
				a = own_anchor(z, &v[i], lo, hi);
			mode[axis][i] = a;
		}
	place_axis(&zx, v, n, 0, mode[0], mode[1], pl[0]);
	place_axis(&zy, v, n, 1, mode[1], mode[0], pl[1]);
	for (size_t i = 0; i < n; i++) {
		struct tpl_elem *e = &v[i];
		if (e->kind == TE_LINE || e->kind == TE_POLYGON) {
			struct tpl_len *p = e->kind == TE_LINE ? e->box : e->points;
			size_t np = e->kind == TE_LINE ? 4 : e->npoints;
			for (size_t k = 0; k < np; k++) {
				int axis = (int)(k % 2);
				const struct resize *z = axis ? &zy : &zx;
				double lo = e->design[axis], hi = lo + e->design[axis + 2];
				if (p[k].pct)
					p[k].off *= p[k].fixed ? 1 : s;
				else if (!p[k].fixed)
					p[k].v = move(z, &pl[axis][i], p[k].v, lo, hi);
			}
		} else {
			for (int axis = 0; axis < 2; axis++)
				move_box(axis ? &zy : &zx, &pl[axis][i], &e->box[axis], &e->box[axis + 2],
					 e->design[axis], e->design[axis] + e->design[axis + 2]);
		}
		keep_thick(e);
		if (!e->size_fixed)
			keep_min_text(v, i, s, &zx, &zy);
		e->stroke_width *= s;
		e->radius *= s;
	}
	for (int axis = 0; axis < 2; axis++) {
		free(mode[axis]);
		free(pl[axis]);
	}
}

/* The arrangement for a w x h mm card: 0 the main one, else 1 + the index of
 * its layouts: the nearest in shape (the ratio of width to height), a
 * difference in size counting a quarter as much. */
static int layout_for(const struct template *t, double w, double h)
{
	int best = 0;
	double dbest = 1e300;
	for (size_t i = 0; i <= t->nlayouts; i++) {
		double lw = i ? t->layouts[i - 1].w : t->size_w, lh = i ? t->layouts[i - 1].h : t->size_h;
		if (lw <= 0 || lh <= 0 || w <= 0 || h <= 0)
			continue;
		double d = 4 * fabs(log((w / h) / (lw / lh))) + fabs(log(sqrt(w * h / (lw * lh))));
		if (d < dbest - 1e-9)
			best = (int)i, dbest = d;
	}
	return best;
}

/* Put the arrangement layout_for finds for w x h in t's elements, once:
 * the main one goes to its slot, at the size it has now. */
static void take_layout(struct template *t, double w, double h)
{
	int k = t->layout ? 0 : layout_for(t, w, h);
	if (k <= 0)
		return;
	struct tpl_layout *l = &t->layouts[k - 1], main = {t->w, t->h, t->elems, t->nelems, t->loc_size};
	t->elems = l->elems, t->nelems = l->nelems;
	t->w = t->design_w = l->w, t->h = t->design_h = l->h;
	*l = main;
	t->layout = k;
}

void template_resize(struct template *t, double w, double h)
{
	t->serial = next_serial();
	if (!t->cells.on)
		take_layout(t, w, h);
	if (t->cells.on) {
		if (t->cells.w > 0 && t->cells.h > 0) {
			note_design(t->cells.elems, t->cells.nelems, t->cells.w, t->cells.h);
			scale_elems(t->cells.elems, t->cells.nelems, t->cells.w, t->cells.h, w, h, 0, t->anchor);
		}
		t->cells.w = w;
		t->cells.h = h;
		return;
	}
	if (t->w > 0 && t->h > 0) {
		note_design(t->elems, t->nelems, t->w, t->h);
		scale_elems(t->elems, t->nelems, t->w, t->h, w, h, fmax(t->safe, LOOK_TEXT_SAFE_MM), t->anchor);
	}
	t->w = w;
	t->h = h;
}

/* The bottom of the lowest whole-card element that ends above y at the design
 * size (its design box), with where it ends now (*now); -1 when none does. */
static double header_bottom(const struct template *t, double y, double *now)
{
	double best = -1;
	for (size_t i = 0; i < t->nelems; i++) {
		const struct tpl_elem *e = &t->elems[i];
		double b = e->design[1] + e->design[3];
		if (e->kind == TE_LINE || e->kind == TE_POLYGON || e->box[1].pct || e->box[3].pct ||
		    b > y + 1e-6 || b <= best)
			continue;
		best = b;
		*now = e->box[1].v + e->box[3].v;
	}
	return best;
}

double template_resize_card(struct template *t, double w, double h)
{
	const double safe = fmax(t->safe, LOOK_TEXT_SAFE_MM), W = t->w, H = t->h;
	double s = resize_factor(t->size_w, t->size_h, w, h, safe);
	if (W <= 0 || H <= 0 || (fabs(W - w) < 1e-6 && fabs(H - h) < 1e-6))
		return s;
	t->serial = next_serial();
	note_design(t->elems, t->nelems, W, H);
	scale_elems(t->elems, t->nelems, W, H, w, h, safe, t->anchor);
	t->w = w;
	t->h = h;
	if (!t->cells.on)
		return s;
	/* the rows: their side and bottom margins (the safe area's) kept, their top
	 * as far under the header as it was, that gap scaled */
	double *m = t->cells.margin, now = 0, was = header_bottom(t, m[0], &now);
	m[0] = was >= 0 ? now + (m[0] - was) * s : m[0] * s;
	return s;
}

int template_cell_rows(const struct template *t)
{
	int rows = 0;
	for (size_t i = 0; i < t->cells.nelems; i++)
		for (const char *c = t->cells.elems[i].if_field; c; c = strchr(c, '\n')) {
			c += *c == '\n';
			if (!strncmp(c, "row=", 4)) {
				long n = strtol(c + 4, NULL, 10);
				rows = n > rows && n <= 100 ? (int)n : rows;
			}
		}
	return rows;
}

void template_set_pack(struct template *t, const char *pack_file)
{
	free(t->pack_file);
	t->pack_file = pack_file ? xstrdup(pack_file) : NULL;
}

const char *tpl_map_lookup(const struct template *t, const char *map, const char *key)
{
	for (size_t i = 0; i < t->nmaps; i++) {
		const struct tpl_map *m = &t->maps[i];
		if (strcmp(m->name, map) != 0)
			continue;
		const char *dflt = NULL;
		for (size_t j = 0; j < m->n; j++) {
			if (strcmp(m->keys[j], key) == 0)
				return m->values[j];
			if (strcmp(m->keys[j], "*") == 0)
				dflt = m->values[j];
		}
		return dflt;
	}
	return NULL;
}

static bool name_ok(const char *s)
{
	if (!*s)
		return false;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '-' || *s == '_'))
			return false;
	return true;
}

/* maps: {NAME: {value: colour-or-path, ..., "*": default}, ...} */
static void load_maps(struct yread *r, const struct ynode *v, struct template *t)
{
	if (yr_want(r, "maps", v, Y_MAP) != 0)
		return;
	t->maps = xcalloc(v->n ? v->n : 1, sizeof *t->maps);
	for (size_t i = 0; i < v->n; i++) {
		const struct ynode *k = v->pairs[i].key, *tab = v->pairs[i].value;
		if (!name_ok(k->str)) {
			yr_error(r, k, "a map's name is a-z, 0-9 and '-', not '%s'", k->str);
			continue;
		}
		if (tab->kind != Y_MAP) {
			yr_error(r, tab, "map '%s' must be a mapping of values (A: \"#e69f00\"), not %s",
				 k->str, ynode_what(tab));
			continue;
		}
		struct tpl_map *m = &t->maps[t->nmaps++];
		m->name = xstrdup(k->str);
		m->loc = yr_loc(r, k);
		m->keys = xcalloc(tab->n ? tab->n : 1, sizeof *m->keys);
		m->values = xcalloc(tab->n ? tab->n : 1, sizeof *m->values);
		m->at = xcalloc(tab->n ? tab->n : 1, sizeof *m->at);
		for (size_t j = 0; j < tab->n; j++) {
			const char *val = yr_scalar(r, k->str, tab->pairs[j].value);
			if (!val)
				continue;
			m->at[m->n] = yr_loc(r, tab->pairs[j].value);
			m->keys[m->n] = xstrdup(tab->pairs[j].key->str);
			m->values[m->n++] = xstrdup(val);
		}
	}
}

/* Every {field|map} in s names a map of t. */
static void check_map_refs(struct yread *r, const struct template *t, const char *s,
			   const struct loc *loc)
{
	for (const char *p = s ? strchr(s, '{') : NULL; p; p = strchr(p + 1, '{')) {
		if (p[1] == '{') {
			p++;
			continue;
		}
		size_t n = strcspn(p + 1, "}");
		const char *bar = memchr(p + 1, '|', n);
		if (!bar)
			continue;
		size_t mlen = n - (size_t)(bar - (p + 1)) - 1;
		bool found = false;
		for (size_t i = 0; i < t->nmaps && !found; i++)
			found = strlen(t->maps[i].name) == mlen &&
				strncmp(t->maps[i].name, bar + 1, mlen) == 0;
		if (!found) {
			struct buf names = {0};
			for (size_t i = 0; i < t->nmaps; i++)
				buf_printf(&names, "%s%s", i ? ", " : "", t->maps[i].name);
			diag(SEV_ERROR, loc, "'{%.*s}' names no map of this template (its maps: %s)", (int)n,
			     p + 1, names.s ? names.s : "none; add 'maps:'");
			r->errors++;
			buf_free(&names);
		}
	}
}

static void check_elem_maps(struct yread *r, const struct template *t, const struct tpl_elem *v,
			    size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const struct tpl_elem *e = &v[i];
		check_map_refs(r, t, e->text, &e->loc);
		check_map_refs(r, t, e->image, &e->loc);
		const struct tpl_color *c[] = {&e->color, &e->fill, &e->stroke};
		for (size_t k = 0; k < 3; k++)
			if (c[k]->field) {
				char *wrapped = xasprintf("{%s}", c[k]->field);
				check_map_refs(r, t, wrapped, &c[k]->loc);
				free(wrapped);
			}
	}
}

/* palette: {accent: "#2A3550", ...}: names for colours, checked as colours. */
static void load_palette(struct yread *r, const struct ynode *v, struct template *t)
{
	if (yr_want(r, "palette", v, Y_MAP) != 0)
		return;
	struct tpl_map *m = &t->palette;
	m->name = xstrdup("palette");
	m->loc = yr_loc(r, v);
	m->keys = xcalloc(v->n + 1, sizeof *m->keys);   /* NULL-terminated: yr_closest */
	m->values = xcalloc(v->n ? v->n : 1, sizeof *m->values);
	m->at = xcalloc(v->n ? v->n : 1, sizeof *m->at);
	for (size_t j = 0; j < v->n; j++) {
		const struct ynode *k = v->pairs[j].key;
		const char *val = yr_scalar(r, k->str, v->pairs[j].value);
		struct tpl_color c;
		if (!name_ok(k->str) || tpl_parse_color(k->str, &c) == 0) {
			yr_error(r, k, "a palette name is a-z, 0-9 and '-' and no colour's name, not '%s'",
				 k->str);
			continue;
		}
		if (!val)
			continue;
		if (tpl_parse_color(val, &c) != 0 || c.none) {
			yr_error(r, v->pairs[j].value, "palette '%s': '%s' is not a colour (#rrggbb or a name such as black)",
				 k->str, val);
			continue;
		}
		m->at[m->n] = yr_loc(r, v->pairs[j].value);
		m->keys[m->n] = xstrdup(k->str);
		m->values[m->n++] = xstrdup(val);
	}
}

static const char *palette_value(const struct template *t, const char *name)
{
	for (size_t i = 0; i < t->palette.n; i++)
		if (strcmp(t->palette.keys[i], name) == 0)
			return t->palette.values[i];
	return NULL;
}

/* A colour written as a palette name gets that colour, or is reported (r given). */
static void resolve_color(struct yread *r, const struct template *t, struct tpl_color *c)
{
	if (!c->pal)
		return;
	const char *v = palette_value(t, c->pal);
	if (v) {
		struct loc loc = c->loc;
		const char *key = c->key;
		char *pal = c->pal;
		tpl_parse_color(v, c);
		c->pal = pal, c->loc = loc, c->key = key;
		return;
	}
	if (!r)
		return;
	const char *best = t->palette.keys ? yr_closest(c->pal, (const char *const *)t->palette.keys) : NULL;
	if (!best && (best = tpl_color_closest(c->pal)))
		diag(SEV_ERROR, &c->loc, "'%s': '%s' is not a colour (did you mean '%s'?)", c->key, c->pal,
		     best);
	else if (best)
		diag(SEV_ERROR, &c->loc, "'%s': '%s' is not a colour nor a name of this template's palette (did you mean '%s'?)",
		     c->key, c->pal, best);
	else
		diag(SEV_ERROR, &c->loc, "'%s': '%s' is not a colour (#rrggbb, a name such as black, {field}, or a name of the template's 'palette:')",
		     c->key, c->pal);
	r->errors++;
}

static void resolve_elems(struct yread *r, const struct template *t, struct tpl_elem *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		resolve_color(r, t, &v[i].color);
		resolve_color(r, t, &v[i].fill);
		resolve_color(r, t, &v[i].stroke);
	}
}

/* Every colour and map value written as a palette name takes its colour. */
static void resolve_palette(struct yread *r, struct template *t)
{
	resolve_elems(r, t, t->elems, t->nelems);
	resolve_elems(r, t, t->cells.elems, t->cells.nelems);
	for (size_t i = 0; i < t->nlayouts; i++)
		resolve_elems(r, t, t->layouts[i].elems, t->layouts[i].nelems);
	resolve_color(r, t, &t->background);
	for (size_t i = 0; i < t->nmaps; i++) {
		struct tpl_map *m = &t->maps[i];
		for (size_t j = 0; j < m->n; j++) {
			const char *name = m->pal && m->pal[j] ? m->pal[j] : m->values[j];
			const char *v = palette_value(t, name);
			if (!v)
				continue;
			if (!m->pal)
				m->pal = xcalloc(m->n, sizeof *m->pal);
			if (!m->pal[j]) {
				m->pal[j] = m->values[j];
				m->values[j] = NULL;
			}
			free(m->values[j]);
			m->values[j] = xstrdup(v);
		}
	}
}

void template_recolour(struct template *t, const char *(*lookup)(const void *user, const char *name),
		       const void *user)
{
	t->serial = next_serial();
	bool changed = false;
	for (size_t i = 0; i < t->palette.n; i++) {
		const char *v = lookup(user, t->palette.keys[i]);
		if (v && strcmp(v, t->palette.values[i]) != 0) {
			free(t->palette.values[i]);
			t->palette.values[i] = xstrdup(v);
			changed = true;
		}
	}
	if (changed)
		resolve_palette(NULL, t);
}

static void free_elems(struct tpl_elem *v, size_t n);

/* layouts: [{size: square, elements: [...]}, ...]: other arrangements. */
static void load_layouts(struct yread *r, const struct ynode *v, struct template *t)
{
	static const char *const keys[] = {"size", "elements", NULL};
	if (yr_want(r, "layouts", v, Y_SEQ) != 0 || t->layouts)
		return;
	t->layouts = xcalloc(v->n ? v->n : 1, sizeof *t->layouts);
	for (size_t i = 0; i < v->n; i++) {
		const struct ynode *m = v->items[i];
		struct tpl_layout *l = &t->layouts[t->nlayouts];
		if (yr_want(r, "a layout", m, Y_MAP) != 0)
			continue;
		struct template sz = {0};
		bool elems = false;
		for (size_t j = 0; j < m->n; j++) {
			const struct ynode *k = m->pairs[j].key, *x = m->pairs[j].value;
			int key = yr_key(r, k, " of a layout", keys);
			if (key == 0)
				load_size(r, x, &sz);
			else if (key == 1 && !elems)
				load_elems(r, x, &l->elems, &l->nelems), elems = true;
		}
		if (!sz.has_size || !elems) {
			yr_error(r, m, "a layout needs a 'size' and its 'elements'");
			free_elems(l->elems, l->nelems);
			*l = (struct tpl_layout){0};
			continue;
		}
		l->w = sz.w, l->h = sz.h, l->loc = yr_loc(r, m);
		t->nlayouts++;
	}
}

enum root_key {
	RK_TEMPLATE, RK_TITLE, RK_SIZE, RK_BLEED, RK_SAFE, RK_CORNER_RADIUS, RK_DOUBLE_ENDED,
	RK_FALLBACK, RK_FONT, RK_FONT_FILE, RK_BACKGROUND, RK_CELLS, RK_ELEMENTS, RK_MAPS,
	RK_PALETTE, RK_ANCHOR, RK_LAYOUTS
};
static const char *const root_keys[] = {
	"template", "title", "size", "bleed", "safe", "corner-radius", "double-ended", "fallback",
	"font", "font-file", "background", "cells", "elements", "maps", "palette", "anchor", "layouts",
	NULL,
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
			/* Only a regular file under a trusted folder: a folder would
			 * have fontconfig scan it (and hang on a FIFO inside). */
			t->loc_font_file = yr_loc(r, v);
			t->font_file = trust_resolve(t->file, s, &t->loc_font_file, "font-file");
			if (!t->font_file)
				r->errors++;
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
	case RK_MAPS:
		load_maps(r, v, t);
		break;
	case RK_PALETTE:
		load_palette(r, v, t);
		break;
	case RK_ANCHOR:
		load_anchor(r, v, t->anchor);
		break;
	case RK_LAYOUTS:
		load_layouts(r, v, t);
		break;
	}
}

static struct template *load_tree(struct ydoc *doc)
{
	struct template *t = xcalloc(1, sizeof *t);
	t->serial = next_serial();
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
	check_elem_maps(&r, t, t->elems, t->nelems);
	check_elem_maps(&r, t, t->cells.elems, t->cells.nelems);
	for (size_t i = 0; i < t->nlayouts; i++)
		check_elem_maps(&r, t, t->layouts[i].elems, t->layouts[i].nelems);
	if (t->nlayouts && t->cells.on)
		yr_error(&r, root, "'layouts' are for a card (a 'size'), not a template with 'cells'");
	resolve_palette(&r, t);
	if (t->background.field) {
		char *wrapped = xasprintf("{%s}", t->background.field);
		check_map_refs(&r, t, wrapped, &t->background.loc);
		free(wrapped);
	}
	if (r.errors) {
		template_free(t);
		return NULL;
	}
	t->design_w = t->cells.on ? t->cells.w : t->w;
	t->design_h = t->cells.on ? t->cells.h : t->h;
	t->size_w = t->w;
	t->size_h = t->h;
	if (!t->cells.on) {
		find_holders(t);
		for (size_t i = 0; i < t->nlayouts; i++)
			find_holders_in(t->layouts[i].elems, t->layouts[i].nelems, t->layouts[i].w,
					t->layouts[i].h);
	} else if (t->has_size && t->cells.w > 0 && t->cells.h > 0) {
		/* a card with rows (a quick reference): both resized (template_resize_card) */
		find_holders(t);
		find_holders_in(t->cells.elems, t->cells.nelems, t->cells.w, t->cells.h);
		for (size_t i = 0; i < t->cells.nelems; i++) {
			const struct tpl_elem *e = &t->cells.elems[i];
			if (e->kind != TE_TEXT && e->kind != TE_LINE && e->kind != TE_POLYGON && !e->box[3].pct)
				t->cells.mark_h = fmax(t->cells.mark_h, e->box[3].v);
		}
	}
	return t;
}

/* The template of doc, or NULL when reading it (the YAML reader's checks of
 * every string included: control, bidi and combining characters, duplicate
 * keys) reported any error: an error fails the build, as in a pack. */
static struct template *load_doc(struct ydoc *doc, unsigned errors_before)
{
	if (!doc)
		return NULL;
	struct template *t = load_tree(doc);
	ydoc_free(doc);
	if (t && diag_count(SEV_ERROR) > errors_before) {
		template_free(t);
		return NULL;
	}
	return t;
}

struct template *template_load(const char *path)
{
	unsigned before = diag_count(SEV_ERROR);
	return load_doc(ydoc_load(path), before);
}

struct template *template_parse(const char *name, const char *text, size_t len)
{
	unsigned before = diag_count(SEV_ERROR);
	return load_doc(ydoc_parse(name, text, len), before);
}

static void free_elems(struct tpl_elem *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(v[i].text);
		free(v[i].font);
		free(v[i].color.field);
		free(v[i].fill.field);
		free(v[i].stroke.field);
		free(v[i].color.pal);
		free(v[i].fill.pal);
		free(v[i].stroke.pal);
		free(v[i].if_field);
		free(v[i].unless_field);
		free(v[i].points);
		free(v[i].image);
	}
	free(v);
}

static void free_map(struct tpl_map *m)
{
	for (size_t j = 0; j < m->n; j++) {
		free(m->keys[j]);
		free(m->values[j]);
		if (m->pal)
			free(m->pal[j]);
	}
	free(m->keys);
	free(m->values);
	free(m->pal);
	free(m->at);
	free(m->name);
}

void template_free(struct template *t)
{
	if (!t)
		return;
	free(t->file);
	free(t->font);
	free(t->font_file);
	free(t->background.field);
	free(t->background.pal);
	free_elems(t->elems, t->nelems);
	free_elems(t->cells.elems, t->cells.nelems);
	for (size_t i = 0; i < t->nlayouts; i++)
		free_elems(t->layouts[i].elems, t->layouts[i].nelems);
	free(t->layouts);
	for (size_t i = 0; i < t->nmaps; i++)
		free_map(&t->maps[i]);
	free(t->maps);
	free_map(&t->palette);
	free(t->pack_file);
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
