/* draw.c: templates onto any cairo_t (user space in millimetres), with Pango text.
 * Every Pango context has glyph-position rounding and hint metrics off, and is
 * never updated from the target surface, so a layout is the same on PDF, SVG
 * and PNG (same line breaks, same positions). */
#include "draw.h"

#include <fontconfig/fontconfig.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "image.h"
#include "util.h"
#include "watch.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* ---- fields ---- */

void fields_set(struct fields *f, const char *name, const char *value)
{
	for (size_t i = 0; i < f->n; i++)
		if (strcmp(f->v[i].name, name) == 0) {
			free(f->v[i].value);
			f->v[i].value = xstrdup(value);
			f->v[i].origin = NULL;
			return;
		}
	f->v = xgrow(f->v, &f->cap, f->n + 1, sizeof *f->v);
	f->v[f->n].name = xstrdup(name);
	f->v[f->n].value = xstrdup(value);
	f->v[f->n].origin = NULL;
	f->n++;
}

void fields_set_from(struct fields *f, const char *name, const char *value, const char *origin)
{
	fields_set(f, name, value);
	for (size_t i = f->n; i-- > 0;)
		if (strcmp(f->v[i].name, name) == 0) {
			f->v[i].origin = origin;
			return;
		}
}

void fields_setf(struct fields *f, const char *name, const char *fmt, ...)
{
	struct buf b = {0};
	va_list ap;
	va_start(ap, fmt);
	buf_vprintf(&b, fmt, ap);
	va_end(ap);
	fields_set(f, name, b.s ? b.s : "");
	buf_free(&b);
}

const char *fields_get(const struct fields *f, const char *name)
{
	for (size_t i = 0; f && i < f->n; i++)
		if (strcmp(f->v[i].name, name) == 0)
			return f->v[i].value;
	return NULL;
}

void fields_clear(struct fields *f)
{
	for (size_t i = 0; i < f->n; i++) {
		free(f->v[i].name);
		free(f->v[i].value);
	}
	f->n = 0;
}

void fields_free(struct fields *f)
{
	fields_clear(f);
	free(f->v);
	f->v = NULL;
	f->cap = 0;
}

static void add_escaped(struct buf *b, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&': buf_puts(b, "&amp;"); break;
		case '<': buf_puts(b, "&lt;"); break;
		case '>': buf_puts(b, "&gt;"); break;
		case '\'': buf_puts(b, "&apos;"); break;
		case '"': buf_puts(b, "&quot;"); break;
		default: buf_add(b, s, 1);
		}
	}
}

/* The value of a placeholder's name: "field", or "field|map" looked up in t's
 * maps; NULL when the field is unset or the map has no entry for its value. */
static const char *lookup(const struct template *t, const struct fields *f, const char *name)
{
	const char *bar = strchr(name, '|');
	if (!bar)
		return fields_get(f, name);
	char field[64];
	size_t n = (size_t)(bar - name);
	if (n >= sizeof field)
		return NULL;
	memcpy(field, name, n);
	field[n] = 0;
	const char *v = fields_get(f, field);
	return v && t ? tpl_map_lookup(t, bar + 1, v) : NULL;
}

static char *expand(const struct template *t, const struct fields *f, const char *text,
		    bool escape, const char **missing)
{
	struct buf b = {0};
	buf_add(&b, "", 0);
	for (const char *s = text; *s;) {
		if ((s[0] == '{' && s[1] == '{') || (s[0] == '}' && s[1] == '}')) {
			buf_add(&b, s, 1);
			s += 2;
			continue;
		}
		const char *close = s[0] == '{' ? strchr(s, '}') : NULL;
		if (!close) {
			const char *next = strpbrk(s + 1, "{}");
			size_t n = next ? (size_t)(next - s) : strlen(s);
			buf_add(&b, s, n);
			s += n;
			continue;
		}
		char name[64];
		size_t n = (size_t)(close - s - 1);
		if (n >= sizeof name)
			n = sizeof name - 1;
		memcpy(name, s + 1, n);
		name[n] = 0;
		const char *v = lookup(t, f, name);
		if (!v) {
			if (missing && !*missing)
				*missing = s + 1;  /* the name, up to its } */
			v = "";
		}
		if (escape)
			add_escaped(&b, v);
		else
			buf_puts(&b, v);
		s = close + 1;
	}
	return b.s;
}

char *fields_expand(const struct fields *f, const char *text, bool escape, const char **missing)
{
	return expand(NULL, f, text, escape, missing);
}

/* ---- the drawer ---- */

/* A warning about one template element (or colour), held until drawer_report so
 * that it is printed once with the number of items it concerns, not per card. */
enum { DW_MISSING, DW_MARKUP, DW_OVERFLOW, DW_GLYPH, DW_COLOUR, DW_INK, DW_SMALL, DW_CLASH };
struct dwarn {
	const void *key;        /* the element or colour it is about */
	int what;
	struct loc loc;         /* file owned (templates may be freed first) */
	char *first;            /* the message for the first item, naming it */
	long count;             /* items it happened on */
};

struct drawer {
	PangoFontMap *map;
	PangoContext *ctx;
	cairo_font_options_t *opts;
	long overflows;         /* texts that did not fit, over every item */
	struct dwarn *warns;
	size_t nwarns, capwarns;
	struct image_cache *images;
	struct text_entry *texts;  /* TEXT_CACHE slots, or NULL until the first text */
	struct turn_plan *turns;   /* per double-ended template drawn (turn_plan) */
	size_t nturns, capturns;
};

/* The turned copies a double-ended template need not draw (turn_plan). */
struct turn_plan {
	unsigned long serial;
	double W, H;
	bool *skip;                /* per element of t->elems */
};

/* ---- the text cache ---- */

/* A text laid out for its box: shown at (ox, oy) in the box, at scale k. */
struct text_fit {
	PangoLayout *lay;
	double ox, oy, k;
};

/* Texts already laid out, so that the turned copy on a double-ended card and the
 * texts that recur from item to item (chip letters, symbols, codes, names) are
 * shaped once: a slot per hash of (template version, element, box, text), the
 * newest text in a slot replacing the older. Only texts drawn without a problem
 * are kept (no missing field, bad markup, box of a glyph, overflow), so a hit has
 * nothing to report. Bounded: TEXT_CACHE layouts at most per drawer. */
#define TEXT_CACHE 256
struct text_entry {
	unsigned long serial;      /* the template's version (template.h), 0: empty */
	const struct tpl_elem *e;
	double W, H;
	char *markup;
	struct text_fit fit;
};

static void text_cache_clear(struct drawer *d)
{
	for (size_t i = 0; d->texts && i < TEXT_CACHE; i++) {
		struct text_entry *x = &d->texts[i];
		if (x->serial) {
			free(x->markup);
			g_object_unref(x->fit.lay);
		}
	}
	free(d->texts);
	d->texts = NULL;
}

static struct text_entry *text_slot(struct drawer *d, const struct template *t,
				    const struct tpl_elem *e, const char *markup)
{
	if (!d->texts)
		d->texts = xcalloc(TEXT_CACHE, sizeof *d->texts);
	uint64_t h = 1469598103934665603ULL ^ t->serial ^ ((uint64_t)(uintptr_t)e << 7);
	for (const unsigned char *p = (const unsigned char *)markup; *p; p++)
		h = (h ^ *p) * 1099511628211ULL;
	return &d->texts[(h ^ (h >> 29)) % TEXT_CACHE];
}

static bool text_hit(const struct text_entry *x, const struct template *t,
		     const struct tpl_elem *e, double W, double H, const char *markup)
{
	return x->serial == t->serial && x->e == e && x->W == W && x->H == H &&
	       strcmp(x->markup, markup) == 0;
}

static void text_keep(struct text_entry *x, const struct template *t, const struct tpl_elem *e,
		      double W, double H, char *markup, struct text_fit fit)
{
	if (x->serial) {
		free(x->markup);
		g_object_unref(x->fit.lay);
	}
	*x = (struct text_entry){t->serial, e, W, H, markup, fit};
}

static void drawer_setup(struct drawer *d)
{
	text_cache_clear(d);   /* its layouts belong to the old context */
	if (d->ctx)
		g_object_unref(d->ctx);
	if (d->map)
		g_object_unref(d->map);
	d->map = pango_cairo_font_map_new();
	d->ctx = pango_font_map_create_context(d->map);
	pango_cairo_context_set_font_options(d->ctx, d->opts);
	pango_context_set_round_glyph_positions(d->ctx, FALSE);
	/* Absolute font sizes in user units (mm): the resolution plays no part. */
	pango_cairo_context_set_resolution(d->ctx, 72);
	PangoLanguage *lang = pango_language_from_string("en");
	pango_context_set_language(d->ctx, lang);
	pango_context_set_base_dir(d->ctx, PANGO_DIRECTION_LTR);
}

struct drawer *drawer_new(void)
{
	struct drawer *d = xcalloc(1, sizeof *d);
	d->opts = cairo_font_options_create();
	cairo_font_options_set_hint_metrics(d->opts, CAIRO_HINT_METRICS_OFF);
	cairo_font_options_set_hint_style(d->opts, CAIRO_HINT_STYLE_NONE);
	cairo_font_options_set_antialias(d->opts, CAIRO_ANTIALIAS_GRAY);
	drawer_setup(d);
	d->images = image_cache_new();
	return d;
}

struct drawer *drawer_new_sharing(struct drawer *main)
{
	struct drawer *d = drawer_new();
	image_cache_free(d->images);
	d->images = image_cache_share(main->images);
	return d;
}

void drawer_report(struct drawer *d)
{
	for (size_t i = 0; i < d->nwarns; i++) {
		struct dwarn *w = &d->warns[i];
		if (w->count > 1)
			diag(SEV_WARNING, &w->loc, "%s; the same on %ld more item%s", w->first, w->count - 1,
			     w->count == 2 ? "" : "s");
		else
			diag(SEV_WARNING, &w->loc, "%s", w->first);
		free(w->first);
		free((char *)w->loc.file);
	}
	d->nwarns = 0;
}

void drawer_free(struct drawer *d)
{
	if (!d)
		return;
	drawer_report(d);
	free(d->warns);
	text_cache_clear(d);
	for (size_t i = 0; i < d->nturns; i++)
		free(d->turns[i].skip);
	free(d->turns);
	g_object_unref(d->ctx);
	g_object_unref(d->map);
	cairo_font_options_destroy(d->opts);
	image_cache_free(d->images);
	free(d);
}

/* Whether family resolves through fontconfig to a font of that family (or is a
 * generic name such as monospace). */
static bool family_found(const char *family)
{
	static const char *const generic[] = {"monospace", "sans", "sans-serif", "serif"};
	for (size_t i = 0; i < sizeof generic / sizeof *generic; i++)
		if (strcasecmp(family, generic[i]) == 0)
			return true;
	FcPattern *pat = FcPatternCreate();
	FcPatternAddString(pat, FC_FAMILY, (const FcChar8 *)family);
	FcConfigSubstitute(NULL, pat, FcMatchPattern);
	FcDefaultSubstitute(pat);
	FcResult res;
	FcPattern *match = FcFontMatch(NULL, pat, &res);
	bool ok = false;
	FcChar8 *got;
	for (int i = 0; match && FcPatternGetString(match, FC_FAMILY, i, &got) == FcResultMatch; i++)
		if (strcasecmp((const char *)got, family) == 0)
			ok = true;
	if (match)
		FcPatternDestroy(match);
	FcPatternDestroy(pat);
	return ok;
}

/* The families found so far (fontconfig answers in a few million instructions,
 * and a template names the same few on many elements): found stays found, as
 * fonts are only ever added. Bounded; past it, fontconfig is asked again. */
#define FOUND_MAX 32
static char *found[FOUND_MAX];
static size_t nfound;
static pthread_mutex_t found_lock = PTHREAD_MUTEX_INITIALIZER;

static bool family_known(const char *family)
{
	bool known = false;
	pthread_mutex_lock(&found_lock);
	for (size_t i = 0; i < nfound && !known; i++)
		known = strcmp(found[i], family) == 0;
	pthread_mutex_unlock(&found_lock);
	if (known || !family_found(family))
		return known;
	pthread_mutex_lock(&found_lock);
	if (nfound < FOUND_MAX)
		found[nfound++] = xstrdup(family);
	pthread_mutex_unlock(&found_lock);
	return true;
}

/* The installed family nearest to family, for "did you mean" (one that
 * differs in case only, else closest_word's), copied into out; false when
 * none is near. */
static bool near_family(const char *family, char *out, size_t len)
{
	FcPattern *pat = FcPatternCreate();
	FcObjectSet *os = FcObjectSetBuild(FC_FAMILY, (char *)NULL);
	FcFontSet *fs = pat && os ? FcFontList(NULL, pat, os) : NULL;
	const char **names = xcalloc(fs ? (size_t)fs->nfont + 1 : 1, sizeof *names);
	size_t n = 0;
	const char *near = NULL;
	for (int i = 0; fs && i < fs->nfont; i++) {
		FcChar8 *s;
		if (FcPatternGetString(fs->fonts[i], FC_FAMILY, 0, &s) == FcResultMatch) {
			names[n++] = (const char *)s;
			if (!near && strcasecmp((const char *)s, family) == 0)
				near = (const char *)s;
		}
	}
	if (!near)
		near = closest_word(family, names);
	if (near)
		snprintf(out, len, "%s", near);
	free(names);
	if (fs)
		FcFontSetDestroy(fs);
	if (os)
		FcObjectSetDestroy(os);
	if (pat)
		FcPatternDestroy(pat);
	return near != NULL;
}

static int check_family(const char *family, const struct loc *loc, const struct template *t)
{
	if (family_known(family))
		return 0;
	char near[128], hint[160] = "";
	if (near_family(family, near, sizeof near))
		snprintf(hint, sizeof hint, "; did you mean '%s'?", near);
	diag(SEV_ERROR, loc, "font '%s' not found through fontconfig%s%s%s (install it, or name a font file with 'font-file:'; 'fc-list : family' lists the installed families)",
	     family, t->font_file ? " nor in " : "", t->font_file ? t->font_file : "", hint);
	return -1;
}

int drawer_check_fonts(struct drawer *d, const struct template *t)
{
	int bad = 0;
	if (!FcInit()) {
		diag(SEV_ERROR, NULL, "fontconfig could not be initialised");
		return -1;
	}
	if (t->font_file) {
		if (!FcConfigAppFontAddFile(NULL, (const FcChar8 *)t->font_file)) {
			diag(SEV_ERROR, &t->loc_font_file, "'%s' is not a font file fontconfig can read",
			     t->font_file);
			return -1;
		}
		drawer_setup(d);  /* a new font map sees the added font */
	}
	bad |= check_family(t->font, &t->loc_font, t);
	for (size_t i = 0; i < t->nelems; i++)
		if (t->elems[i].font)
			bad |= check_family(t->elems[i].font, &t->elems[i].loc_font, t);
	for (size_t i = 0; i < t->cells.nelems; i++)
		if (t->cells.elems[i].font)
			bad |= check_family(t->cells.elems[i].font, &t->cells.elems[i].loc_font, t);
	for (size_t k = 0; k < t->nlayouts; k++)
		for (size_t i = 0; i < t->layouts[k].nelems; i++)
			if (t->layouts[k].elems[i].font)
				bad |= check_family(t->layouts[k].elems[i].font,
						    &t->layouts[k].elems[i].loc_font, t);
	return bad ? -1 : 0;
}

/* ---- drawing ---- */

struct elem_env {
	struct drawer *d;
	const struct template *t;
	const struct fields *f;
	const char *who;
	bool report;          /* report problems (not on the rotated second pass) */
	int overflows;
	double pad;           /* mm past the bleed that full-bleed fills cover: one
	                         pixel on an image surface, whose last column and
	                         row may be a part pixel */
	struct inked *inks;   /* the lines of text drawn on this item so far */
	size_t ninks, capinks;
	const struct tpl_elem *elems;  /* the list being drawn: the card's or a cell's */
	size_t nelems;
	double ox, oy;        /* where that list's origin lies on the item (a cell's corner) */
};

/* One line of text drawn on the item: its ink's box on the card (mm). */
struct inked {
	const struct tpl_elem *e;
	double r[4];          /* x0 y0 x1 y1 */
};

/* Note a problem with key (an element or a colour) on the item being drawn: the
 * first item's message is kept, later items only counted (see drawer_report). */
__attribute__((format(printf, 5, 6)))
static void note(struct elem_env *env, const void *key, int what, const struct loc *loc,
		 const char *fmt, ...)
{
	if (!env->report)
		return;
	struct drawer *d = env->d;
	for (size_t i = 0; i < d->nwarns; i++)
		if (d->warns[i].key == key && d->warns[i].what == what) {
			d->warns[i].count++;
			return;
		}
	d->warns = xgrow(d->warns, &d->capwarns, d->nwarns + 1, sizeof *d->warns);
	struct dwarn *w = &d->warns[d->nwarns++];
	struct buf b = {0};
	buf_printf(&b, "%s: ", env->who);
	va_list ap;
	va_start(ap, fmt);
	buf_vprintf(&b, fmt, ap);
	va_end(ap);
	*w = (struct dwarn){key, what, *loc, b.s, 1};
	w->loc.file = loc->file ? xstrdup(loc->file) : NULL;
}

static void set_color(struct elem_env *env, cairo_t *cr, const struct tpl_color *c,
		      double opacity)
{
	struct tpl_color v = *c;
	if (c->field) {
		const char *s = lookup(env->t, env->f, c->field);
		if (!s || tpl_parse_color(s, &v) != 0) {
			note(env, c, DW_COLOUR, &c->loc, "field '%s' is %s%s%s, not a colour; black used",
			     c->field, s ? "'" : "not set", s ? s : "", s ? "'" : "");
			v = (struct tpl_color){.a = 1};
		}
	}
	cairo_set_source_rgba(cr, v.r, v.g, v.b, v.none ? 0 : v.a * opacity);
}

static bool color_none(const struct tpl_color *c)
{
	return c->none && !c->field;
}

static double resolve(const struct tpl_len *l, double whole)
{
	return l->pct ? l->v * whole / 100.0 + l->off : l->v;
}

static void rounded_rect(cairo_t *cr, double x, double y, double w, double h, double r)
{
	if (r <= 0) {
		cairo_rectangle(cr, x, y, w, h);
		return;
	}
	if (r > w / 2)
		r = w / 2;
	if (r > h / 2)
		r = h / 2;
	cairo_new_sub_path(cr);
	cairo_arc(cr, x + w - r, y + r, r, -M_PI / 2, 0);
	cairo_arc(cr, x + w - r, y + h - r, r, 0, M_PI / 2);
	cairo_arc(cr, x + r, y + h - r, r, M_PI / 2, M_PI);
	cairo_arc(cr, x + r, y + r, r, M_PI, 3 * M_PI / 2);
	cairo_close_path(cr);
}

static PangoLayout *make_layout(struct drawer *d, const char *family, double size, bool bold,
				bool italic)
{
	PangoLayout *lay = pango_layout_new(d->ctx);
	PangoFontDescription *fd = pango_font_description_new();
	pango_font_description_set_family(fd, family);
	pango_font_description_set_absolute_size(fd, size * PANGO_SCALE);
	pango_font_description_set_weight(fd, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
	pango_font_description_set_style(fd, italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL);
	pango_layout_set_font_description(lay, fd);
	pango_font_description_free(fd);
	return lay;
}

/* Where in the template the placeholder at name (a pointer into e->text, just
 * after its '{') was written: its line and column when the text is one line
 * of the file (a double-quoted scalar counts its escapes), else the element. */
static struct loc placeholder_loc(const struct tpl_elem *e, const char *name)
{
	if (e->kind != TE_TEXT || !e->text || !e->loc_text.line || name <= e->text ||
	    name > e->text + strlen(e->text))
		return e->loc;
	struct loc at = e->loc_text;
	at.col += e->text_quoted ? 1 : 0;
	for (const char *p = e->text; p < name - 1; p++) {
		unsigned char c = (unsigned char)*p;
		if (c == '\n' && !e->text_quoted)
			return e->loc;   /* a block scalar: its lines are not the file's */
		if (e->text_quoted && (c == '"' || c == '\\' || c == '\n' || c == '\t'))
			at.col++;        /* written as an escape: two characters */
		if ((c & 0xC0) != 0x80)
			at.col++;
	}
	return at;
}

/* A placeholder names a field this item does not have (most likely a typo, or a
 * template meant for another game). */
static void warn_missing(struct elem_env *env, const struct tpl_elem *e, const char *name)
{
	int n = (int)strcspn(name, "}"), fn = (int)strcspn(name, "|}");
	char field[64];
	snprintf(field, sizeof field, "%.*s", fn, name);
	const char *v = fn < n ? fields_get(env->f, field) : NULL;
	if (v) {
		note(env, e, DW_MISSING, &e->loc,
		     "map '%.*s' has no entry for '%s' (nor a \"*\" entry); it is left empty", n - fn - 1,
		     name + fn + 1, v);
		return;
	}
	struct buf known = {0};
	const struct field *best = NULL;
	size_t bd = 3;
	for (size_t i = 0; env->f && i < env->f->n; i++) {
		buf_printf(&known, "%s%s", i ? ", " : "", env->f->v[i].name);
		size_t dist = str_distance(field, env->f->v[i].name);
		if (dist < bd || (dist == bd && best && !best->origin && env->f->v[i].origin)) {
			bd = dist;
			best = &env->f->v[i];
		}
	}
	struct loc at = placeholder_loc(e, name);
	if (best && best->origin)
		note(env, e, DW_MISSING, &at, "no field '%s' (did you mean '%s', a column of %s?); it is left empty",
		     field, best->name, best->origin);
	else if (best)
		note(env, e, DW_MISSING, &at, "no field '%s' (did you mean '%s'?); it is left empty",
		     field, best->name);
	else
		note(env, e, DW_MISSING, &at, "no field '%s' (this item has: %s); it is left empty",
		     field, known.s ? known.s : "none");
	buf_free(&known);
}

/* Characters of lay that no font shows (drawn as boxes): how many, and the first
 * few as "'🚂' U+1F682" into out. */
static int unknown_glyphs(PangoLayout *lay, struct buf *out)
{
	int n = pango_layout_get_unknown_glyphs_count(lay);
	if (n <= 0)
		return 0;
	PangoLayoutIter *it = pango_layout_get_iter(lay);
	int listed = 0;
	do {
		PangoLayoutRun *run = pango_layout_iter_get_run_readonly(it);
		for (int g = 0; run && g < run->glyphs->num_glyphs && listed < 4; g++) {
			PangoGlyph id = run->glyphs->glyphs[g].glyph;
			if (!(id & PANGO_GLYPH_UNKNOWN_FLAG))
				continue;
			gunichar wc = id & ~PANGO_GLYPH_UNKNOWN_FLAG;
			char utf8[8] = {0};
			g_unichar_to_utf8(wc, utf8);
			buf_printf(out, "%s'%s' U+%04X", listed ? ", " : "", utf8, (unsigned)wc);
			listed++;
		}
	} while (pango_layout_iter_next_run(it));
	pango_layout_iter_free(it);
	return n;
}

/* fit: shrink: the scale (at most 1) at which lay fits bw x bh mm; a wrapped
 * text is re-wrapped to the wider line the smaller type allows. */
static double shrink_to_fit(PangoLayout *lay, bool wrap, double bw, double bh)
{
	double k = 1;
	for (int i = 0; i < 16; i++) {
		PangoRectangle log;
		pango_layout_get_extents(lay, NULL, &log);
		double lw = k * log.width / PANGO_SCALE, lh = k * log.height / PANGO_SCALE;
		if ((lw <= bw + 0.005 && lh <= bh + 0.005) || k < 0.05)
			break;
		k *= fmin(1, fmin(bw / lw, bh / lh)) * (wrap ? 0.97 : 0.999);
		if (wrap)
			pango_layout_set_width(lay, (int)(bw / k * PANGO_SCALE));
	}
	return k;
}

/* Scale every length a markup's attributes set (a span's size, letter_spacing,
 * rise, line height, baseline shift) by f: a text resized with its card keeps
 * its spacing in proportion, as its font size does. */
static gboolean scale_attr(PangoAttribute *a, gpointer data)
{
	double f = *(const double *)data;
	switch (a->klass->type) {
	case PANGO_ATTR_SIZE:
	case PANGO_ATTR_ABSOLUTE_SIZE:
		((PangoAttrSize *)a)->size = (int)lround(((PangoAttrSize *)a)->size * f);
		break;
	case PANGO_ATTR_FONT_DESC: {
		PangoFontDescription *d = ((PangoAttrFontDesc *)a)->desc;
		if (pango_font_description_get_set_fields(d) & PANGO_FONT_MASK_SIZE) {
			int v = (int)lround(pango_font_description_get_size(d) * f);
			if (pango_font_description_get_size_is_absolute(d))
				pango_font_description_set_absolute_size(d, v);
			else
				pango_font_description_set_size(d, v);
		}
		break;
	}
	case PANGO_ATTR_LETTER_SPACING:
	case PANGO_ATTR_RISE:
	case PANGO_ATTR_ABSOLUTE_LINE_HEIGHT:
		((PangoAttrInt *)a)->value = (int)lround(((PangoAttrInt *)a)->value * f);
		break;
	case PANGO_ATTR_BASELINE_SHIFT:
		/* small values name a shift (superscript, subscript), not a length */
		if (abs(((PangoAttrInt *)a)->value) > 1024)
			((PangoAttrInt *)a)->value = (int)lround(((PangoAttrInt *)a)->value * f);
		break;
	default:
		break;
	}
	return FALSE;
}

static void scale_markup(PangoAttrList *al, double f)
{
	PangoAttrList *none = pango_attr_list_filter(al, scale_attr, &f);
	if (none)
		pango_attr_list_unref(none);
}

/* Give lay the text markup (checked: bad markup is drawn as plain text and
 * reported); false when it was bad. */
static bool set_markup(struct elem_env *env, const struct tpl_elem *e, PangoLayout *lay,
		       const char *markup)
{
	GError *gerr = NULL;
	if (!strpbrk(markup, "<&")) {
		/* No markup at all (the common case): skip the markup parser. */
		pango_layout_set_text(lay, markup, -1);
		return true;
	}
	double f = e->written_size > 0 ? e->size / e->written_size : 1;
	if (fabs(f - 1) > 1e-9) {
		PangoAttrList *al = NULL;
		char *plain = NULL;
		if (pango_parse_markup(markup, -1, 0, &al, &plain, NULL, &gerr)) {
			scale_markup(al, f);
			pango_layout_set_text(lay, plain, -1);
			pango_layout_set_attributes(lay, al);
			pango_attr_list_unref(al);
			g_free(plain);
			return true;
		}
	} else if (pango_parse_markup(markup, -1, 0, NULL, NULL, NULL, &gerr)) {
		pango_layout_set_markup(lay, markup, -1);
		return true;
	}
	note(env, e, DW_MARKUP, &e->loc, "text is not valid Pango markup (%s); drawn as plain text",
	     gerr ? gerr->message : "?");
	if (gerr)
		g_error_free(gerr);
	char *plain = expand(env->t, env->f, e->text, false, NULL);
	pango_layout_set_text(lay, plain, -1);
	free(plain);
	return false;
}

/* Report the characters of lay that no font shows; false when there are some. */
static bool glyphs_found(struct elem_env *env, const struct tpl_elem *e, PangoLayout *lay)
{
	if (pango_layout_get_unknown_glyphs_count(lay) <= 0)
		return true;
	if (!env->report)
		return false;
	struct buf chars = {0};
	int n = unknown_glyphs(lay, &chars);
	const char *plain = pango_layout_get_text(lay);  /* without the markup */
	if (env->t->fallback)
		note(env, e, DW_GLYPH, &e->loc,
		     "text '%s': no installed font can show %d character%s (%s); they print as boxes",
		     plain, n, n == 1 ? "" : "s", chars.s);
	else
		note(env, e, DW_GLYPH, &e->loc,
		     "text '%s': font '%s' cannot show %d character%s (%s); they print as boxes (use a font that has them, or 'fallback: true' in the template to let other fonts show them)",
		     plain, e->font ? e->font : env->t->font, n, n == 1 ? "" : "s", chars.s);
	buf_free(&chars);
	return false;
}

/* Lay out the text markup (expanded) of e for its box of bw x bh mm (as the text
 * sees it: a quarter turn swaps them) into fit; false when there was a problem
 * (reported when env->report). */
static bool lay_out_text(struct elem_env *env, const struct tpl_elem *e, const char *markup,
			 double bw, double bh, struct text_fit *fit)
{
	PangoLayout *lay = make_layout(env->d, e->font ? e->font : env->t->font, e->size, e->bold,
				       e->italic);
	bool clean = set_markup(env, e, lay, markup);
	if (!env->t->fallback) {
		/* Only the font asked for (or a markup span's): what it lacks shows as a box
		 * and is reported, rather than coming silently from another font. */
		PangoAttrList *al = pango_layout_get_attributes(lay);
		al = al ? pango_attr_list_copy(al) : pango_attr_list_new();
		pango_attr_list_insert_before(al, pango_attr_fallback_new(FALSE));
		pango_layout_set_attributes(lay, al);
		pango_attr_list_unref(al);
	}
	clean &= glyphs_found(env, e, lay);
	/* Lines of a text of several lines align as the box says. */
	pango_layout_set_alignment(lay, e->align == AL_START ? PANGO_ALIGN_LEFT
				   : e->align == AL_END ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_CENTER);
	if (e->wrap) {
		pango_layout_set_width(lay, (int)(bw * PANGO_SCALE));
		pango_layout_set_wrap(lay, PANGO_WRAP_WORD_CHAR);
	}
	double k = e->shrink ? shrink_to_fit(lay, e->wrap, bw, bh) : 1;
	double pt = k * e->size * PT_PER_MM;
	if (k < 1 && pt < LOOK_MIN_TEXT_PT - 0.05 && e->size * PT_PER_MM >= LOOK_MIN_TEXT_PT - 1e-6) {
		/* written at 6 pt or more (under: template_check_layout says so) */
		clean = false;
		note(env, e, DW_SMALL, &e->loc,
		     "text '%s' shrinks to %.1f pt to fit its %.1f x %.1f mm box (fit: shrink), under %g pt: too small to read at arm's length (a larger box, or fewer words)",
		     pango_layout_get_text(lay), pt, bw, bh, LOOK_MIN_TEXT_PT);
	}
	PangoRectangle ink, log;
	pango_layout_get_extents(lay, &ink, &log);
	double lw = k * log.width / PANGO_SCALE, lh = k * log.height / PANGO_SCALE;
	double lx = k * log.x / PANGO_SCALE;
	const double eps = 0.01;
	if (lw > bw + eps || lh > bh + eps) {
		clean = false;
		if (env->report) {
			env->overflows++;
			env->d->overflows++;
			note(env, e, DW_OVERFLOW, &e->loc,
			     "text '%s' does not fit its box (it needs %.1f x %.1f mm, the box is %.1f x %.1f mm)",
			     pango_layout_get_text(lay), lw, lh, bw, bh);
		}
	}
	*fit = (struct text_fit){.lay = lay, .k = k};
	if (e->wrap)
		fit->ox = 0;
	else
		/* Centred on its ink, not its advance: side bearings and a letter
		 * spacing's trailing space would move it off centre (and off its
		 * turned copy on a double-ended card). */
		fit->ox = e->align == AL_START ? -lx : e->align == AL_END ? bw - lw - lx
			  : (bw - k * ink.width / PANGO_SCALE) / 2 - k * ink.x / PANGO_SCALE;
	fit->oy = e->valign == AL_START ? 0 : e->valign == AL_END ? bh - lh : (bh - lh) / 2;
	return clean;
}

static atomic_ulong text_refusals;

unsigned long draw_refusals(void)
{
	return atomic_load(&text_refusals);
}

static bool elem_shown(const struct tpl_elem *e, const struct fields *f);

/* ---- inked text against its holder ---- */

/* How far the point (px, py) mm lies inside holder h drawn at hb = [x, y, w, h]
 * mm, less in mm (a stroke's width) all round (negative: outside): a disc's
 * edge is its ellipse (exact for a circle), a rect's its sides and rounded
 * corners; a side at the trim never limits (the rect runs into the bleed). */
static double depth_in(const struct tpl_elem *h, const double hb[4], double in, double W,
		       double H, double px, double py)
{
	if (h->kind == TE_ELLIPSE) {
		double rx = hb[2] / 2 - in, ry = hb[3] / 2 - in;
		if (rx <= 0 || ry <= 0)
			return -1;
		double dx = (px - hb[0] - hb[2] / 2) / rx, dy = (py - hb[1] - hb[3] / 2) / ry;
		return (1 - sqrt(dx * dx + dy * dy)) * fmin(rx, ry);
	}
	const double far = 1e9, eps = 1e-6;
	double l = hb[0] <= eps ? far : px - hb[0] - in, t = hb[1] <= eps ? far : py - hb[1] - in;
	double r = hb[0] + hb[2] >= W - eps ? far : hb[0] + hb[2] - in - px;
	double b = hb[1] + hb[3] >= H - eps ? far : hb[1] + hb[3] - in - py;
	double dx = fmin(l, r), dy = fmin(t, b);
	double rad = fmin(fmax(h->radius - in, 0), fmin(hb[2], hb[3]) / 2 - in);
	if (dx < rad && dy < rad && dx > 0 && dy > 0)
		return rad - hypot(rad - dx, rad - dy);
	return fmin(dx, dy);
}

/* Where a point (u, v) of a text box bx = [x, y, w, h] turned by rot lies on the card. */
static void box_to_card(int rot, const double bx[4], double u, double v, double *px, double *py)
{
	switch (rot) {
	case 90: *px = bx[0] + bx[2] - v, *py = bx[1] + u; break;
	case 180: *px = bx[0] + bx[2] - u, *py = bx[1] + bx[3] - v; break;
	case 270: *px = bx[0] + v, *py = bx[1] + bx[3] - u; break;
	default: *px = bx[0] + u, *py = bx[1] + v; break;
	}
}

/* Whether h, drawn before e and on this item (in the same list: the card's or
 * a cell's, W x H mm), holds e: a filled or outlined rect or ellipse (not the
 * whole card or cell) whose box held e's at the design size (an ellipse: with
 * e's centre inside it). */
static bool holds(const struct elem_env *env, const struct tpl_elem *h, const struct tpl_elem *e,
		  double W, double H)
{
	const double tol = 0.05, *hb = h->design, *b = e->design;
	double x = resolve(&h->box[0], W), y = resolve(&h->box[1], H);
	bool whole = x <= tol && y <= tol && x + resolve(&h->box[2], W) >= W - tol &&
		     y + resolve(&h->box[3], H) >= H - tol;
	bool stroked = !color_none(&h->stroke) && h->stroke_width > 0;
	if ((h->kind != TE_RECT && h->kind != TE_ELLIPSE) || (color_none(&h->fill) && !stroked) ||
	    whole || !elem_shown(h, env->f))
		return false;
	if (env->elems != env->t->elems) {
		/* a cell's: as laid out in the cell (its design boxes are the card's) */
		const double now[4] = {x, y, resolve(&h->box[2], W), resolve(&h->box[3], H)};
		const double eb[4] = {resolve(&e->box[0], W), resolve(&e->box[1], H), resolve(&e->box[2], W),
				      resolve(&e->box[3], H)};
		return template_lies_in(h, now, eb, tol);
	}
	return template_lies_in(h, hb, b, tol);
}

/* The least depth of fit's ink (every glyph's box, each line as wrapped) in h
 * (depth_in), and the line [*from, *from + *len) of the text where it is. */
static double ink_depth(const struct text_fit *fit, int rot, const double bx[4],
			const struct tpl_elem *h, double W, double H, int *from, int *len)
{
	double hb[4] = {resolve(&h->box[0], W), resolve(&h->box[1], H), resolve(&h->box[2], W),
			resolve(&h->box[3], H)};
	double in = !color_none(&h->stroke) && h->stroke_width > 0 ? h->stroke_width : 0;
	double worst = INFINITY;
	PangoLayoutIter *it = pango_layout_get_iter(fit->lay);
	do {
		PangoRectangle ink;
		pango_layout_iter_get_cluster_extents(it, &ink, NULL);
		if (ink.width <= 0 || ink.height <= 0)
			continue;
		for (int c = 0; c < 4; c++) {
			double u = fit->ox + fit->k * (ink.x + (c & 1 ? ink.width : 0)) / PANGO_SCALE;
			double v = fit->oy + fit->k * (ink.y + (c & 2 ? ink.height : 0)) / PANGO_SCALE;
			double px, py;
			box_to_card(rot, bx, u, v, &px, &py);
			double dep = depth_in(h, hb, in, W, H, px, py);
			if (dep < worst) {
				PangoLayoutLine *ln = pango_layout_iter_get_line_readonly(it);
				worst = dep, *from = ln->start_index, *len = ln->length;
			}
		}
	} while (pango_layout_iter_next_cluster(it));
	pango_layout_iter_free(it);
	return worst;
}

/* The text of e laid out as fit in its box bx (card mm) against every filled
 * or outlined rect or ellipse that holds it (holds): every glyph's ink at
 * least LOOK_INK_CLEAR_MM inside each one's shape (an outline's inner edge),
 * else a note at e naming the line that comes closest; false then. */
static bool ink_inside(struct elem_env *env, const struct tpl_elem *e, const struct text_fit *fit,
		       const double bx[4], double W, double H)
{
	/* a card's or a cell's elements; a card with cells (a page laid out
	 * around its cells) only in its cells */
	if (!env->elems || e < env->elems || e >= env->elems + env->nelems ||
	    (env->elems == env->t->elems && env->t->cells.on))
		return true;
	double worst = INFINITY;
	int from = 0, len = 0;
	const struct tpl_elem *at = NULL;
	for (const struct tpl_elem *h = e; h-- > env->elems;) {
		int f0 = 0, n0 = 0;
		if (!holds(env, h, e, W, H))
			continue;
		double dep = ink_depth(fit, e->rotate, bx, h, W, H, &f0, &n0);
		if (dep < worst)
			worst = dep, at = h, from = f0, len = n0;
	}
	if (!at || worst >= LOOK_INK_CLEAR_MM - 1e-6)
		return true;
	const char *s = pango_layout_get_text(fit->lay);
	len = len > 0 && s[from + len - 1] == '\n' ? len - 1 : len;
	bool line = color_none(&at->fill);
	note(env, e, DW_INK, &e->loc,
	     "on the %.4g x %.4g mm card the ink of '%.*s' comes %s %.2f mm %s the %s of the %s at line %u that holds it: keep every letter %g mm inside (a smaller size, fewer words a line, or more room)",
	     W, H, len, s + from, worst < 0 ? "out" : "within", fabs(worst), worst < 0 ? "past" : "of",
	     line ? "outline" : "edge", at->kind == TE_ELLIPSE ? "ellipse" : "rect", at->loc.line,
	     LOOK_INK_CLEAR_MM);
	return false;
}

/* Each line of fit's ink (box bx, turned by e->rotate, in the card or cell
 * being drawn, W x H mm, whose corner lies at env->ox, oy on the item) against the
 * lines of the other texts drawn on this item, its cells' too: boxes closer
 * than CLASH_GAP_MM both ways (a header grown to 6 pt into the title under it)
 * is a note at e naming the line and the other text's line in the template;
 * then its lines join them. */
#define CLASH_GAP_MM 0.3   /* the least gap between two texts' ink */
static void ink_clash(struct elem_env *env, const struct tpl_elem *e, const struct text_fit *fit,
		      const double bx[4], double W, double H)
{
	if (!env->report)
		return;
	PangoLayoutIter *it = pango_layout_get_iter(fit->lay);
	const char *s = pango_layout_get_text(fit->lay);
	do {
		PangoRectangle ink;
		pango_layout_iter_get_line_extents(it, &ink, NULL);
		if (ink.width <= 0 || ink.height <= 0)
			continue;
		double r[4], x[2], y[2];
		for (int c = 0; c < 2; c++)
			box_to_card(e->rotate, bx, fit->ox + fit->k * (ink.x + c * ink.width) / PANGO_SCALE,
				    fit->oy + fit->k * (ink.y + c * ink.height) / PANGO_SCALE, &x[c], &y[c]);
		r[0] = env->ox + fmin(x[0], x[1]), r[1] = env->oy + fmin(y[0], y[1]);
		r[2] = env->ox + fmax(x[0], x[1]), r[3] = env->oy + fmax(y[0], y[1]);
		for (size_t i = 0; i < env->ninks; i++) {
			const struct inked *o = &env->inks[i];
			if (o->e == e || fmin(r[2], o->r[2]) - fmax(r[0], o->r[0]) <= -CLASH_GAP_MM ||
			    fmin(r[3], o->r[3]) - fmax(r[1], o->r[1]) <= -CLASH_GAP_MM)
				continue;
			PangoLayoutLine *ln = pango_layout_iter_get_line_readonly(it);
			int n = ln->length > 0 && s[ln->start_index + ln->length - 1] == '\n' ? ln->length - 1 : ln->length;
			double ox = fmin(r[2], o->r[2]) - fmax(r[0], o->r[0]);
			double oy = fmin(r[3], o->r[3]) - fmax(r[1], o->r[1]);
			note(env, e, DW_CLASH, &e->loc,
			     "on the %.4g x %.4g mm card the ink of '%.*s' %s the text at line %u (%.2f mm %s): keep %g mm between texts",
			     W, H, n, s + ln->start_index, ox > 0 && oy > 0 ? "runs into" : "comes close to",
			     o->e->loc.line, ox > 0 && oy > 0 ? fmin(ox, oy) : -fmin(ox, oy),
			     ox > 0 && oy > 0 ? "into it" : "apart", CLASH_GAP_MM);
			break;
		}
		env->inks = xgrow(env->inks, &env->capinks, env->ninks + 1, sizeof *env->inks);
		env->inks[env->ninks++] = (struct inked){e, {r[0], r[1], r[2], r[3]}};
	} while (pango_layout_iter_next_line(it));
	pango_layout_iter_free(it);
}

static void draw_text_elem(struct elem_env *env, cairo_t *cr, const struct tpl_elem *e, double W,
			   double H)
{
	double x = resolve(&e->box[0], W), y = resolve(&e->box[1], H);
	double w = resolve(&e->box[2], W), h = resolve(&e->box[3], H);
	const char *missing = NULL;
	char *markup = expand(env->t, env->f, e->text, true, &missing);
	if (missing && env->report)
		warn_missing(env, e, missing);
	if (!*markup) {
		free(markup);
		return;
	}
	size_t len = strlen(markup);
	if (len > DRAW_MAX_TEXT) {
		/* bounded before layout: Pango's time grows with the text (2.8 MB
		 * took 1.8 s and 300 MB an item, each pass) */
		atomic_fetch_add(&text_refusals, 1);
		if (env->report)
			diag(SEV_ERROR, &e->loc, "%s: the text is %zu bytes once its fields are filled in, more "
			     "than the %d a text element may hold; not drawn", env->who, len, DRAW_MAX_TEXT);
		free(markup);
		return;
	}
	struct text_entry *slot = text_slot(env->d, env->t, e, markup);
	struct text_fit fit;
	bool kept = false;
	if (slot->serial && text_hit(slot, env->t, e, W, H, markup)) {
		fit = slot->fit;
		kept = true;
	} else {
		bool quarter = e->rotate == 90 || e->rotate == 270;
		const double bx[4] = {x, y, w, h};
		if (lay_out_text(env, e, markup, quarter ? h : w, quarter ? w : h, &fit) &&
		    ink_inside(env, e, &fit, bx, W, H) && !missing) {
			text_keep(slot, env->t, e, W, H, markup, fit);
			markup = NULL;
			kept = true;
		}
	}
	if (env->elems && e >= env->elems && e < env->elems + env->nelems)
		ink_clash(env, e, &fit, (const double[4]){x, y, w, h},
			  env->elems == env->t->elems && env->t->w > 0 ? env->t->w : W,
			  env->elems == env->t->elems && env->t->h > 0 ? env->t->h : H);
	cairo_save(cr);
	cairo_translate(cr, x, y);
	switch (e->rotate) {
	case 90: cairo_translate(cr, w, 0); cairo_rotate(cr, M_PI / 2); break;
	case 180: cairo_translate(cr, w, h); cairo_rotate(cr, M_PI); break;
	case 270: cairo_translate(cr, 0, h); cairo_rotate(cr, -M_PI / 2); break;
	default: break;
	}
	cairo_translate(cr, fit.ox, fit.oy);
	cairo_scale(cr, fit.k, fit.k);
	cairo_move_to(cr, 0, 0);
	set_color(env, cr, &e->color, e->opacity);
	pango_cairo_show_layout(cr, fit.lay);
	cairo_restore(cr);
	if (!kept)
		g_object_unref(fit.lay);
	free(markup);
}

/* Whether every placeholder of text has a nonempty value. */
static bool all_set(const struct template *t, const struct fields *f, const char *text)
{
	for (const char *p = strchr(text, '{'); p; p = strchr(p + 1, '{')) {
		if (p[1] == '{') {
			p++;
			continue;
		}
		size_t n = strcspn(p + 1, "}");
		char name[64];
		if (n >= sizeof name)
			return false;
		memcpy(name, p + 1, n);
		name[n] = 0;
		const char *v = lookup(t, f, name);
		if (!v || !*v)
			return false;
	}
	return true;
}

/* The picture of an image element for this item's fields, or NULL: reported,
 * or nothing to show (a placeholder of its path is empty: no art for this item). */
static const struct image *elem_image(struct drawer *d, const struct template *t,
				      const struct tpl_elem *e, const struct fields *f,
				      const char **missing)
{
	char *rel = expand(t, f, e->image, false, missing);
	const struct image *im = NULL;
	if (*rel && all_set(t, f, e->image)) {
		const char *bases[] = {t->file, t->pack_file};
		im = image_find(d->images, bases, t->pack_file ? 2 : 1, rel, &e->loc);
	}
	free(rel);
	return im;
}

/* Fill (and stroke) the current path of a closed shape, keeping the path. */
static void paint_shape(struct elem_env *env, cairo_t *cr, const struct tpl_elem *e)
{
	if (!color_none(&e->fill)) {
		set_color(env, cr, &e->fill, e->opacity);
		cairo_fill_preserve(cr);
	}
	if (!color_none(&e->stroke) && e->stroke_width > 0) {
		cairo_set_line_width(cr, e->stroke_width);
		cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
		set_color(env, cr, &e->stroke, e->opacity);
		cairo_stroke_preserve(cr);
	}
	cairo_new_path(cr);
}

static void draw_shape(struct elem_env *env, cairo_t *cr, const struct tpl_elem *e, double W,
		       double H)
{
	if (e->kind == TE_POLYGON) {
		for (size_t k = 0; k + 1 < e->npoints; k += 2) {
			double x = resolve(&e->points[k], W), y = resolve(&e->points[k + 1], H);
			if (k == 0)
				cairo_move_to(cr, x, y);
			else
				cairo_line_to(cr, x, y);
		}
		cairo_close_path(cr);
		paint_shape(env, cr, e);
		return;
	}
	/* An ellipse in its box; the stroke stays inside it as a rect's does. */
	double x = resolve(&e->box[0], W), y = resolve(&e->box[1], H);
	double w = resolve(&e->box[2], W), h = resolve(&e->box[3], H);
	double in = color_none(&e->stroke) ? 0 : e->stroke_width / 2;
	double rx = w / 2 - in, ry = h / 2 - in;
	if (rx <= 0 || ry <= 0)
		return;
	cairo_save(cr);
	cairo_translate(cr, x + w / 2, y + h / 2);
	cairo_scale(cr, rx, ry);
	cairo_new_path(cr);
	cairo_arc(cr, 0, 0, 1, 0, 2 * M_PI);
	cairo_restore(cr);
	paint_shape(env, cr, e);
}

/* The pips of a count 0..18 (a domino half): the classic 3 x 3 patterns to nine,
 * 3 x 4 for ten and twelve, 3 x 5 for the odd counts to fifteen and for
 * fourteen, 3 x 6 to eighteen; each a mask of grid cells, row by row. Every
 * pattern but seventeen's is the same turned 180 degrees. */
static const struct {
	int cols, rows;
	unsigned long mask;
} pip_patterns[] = {
	{3, 3, 0x00000}, {3, 3, 0x00010}, {3, 3, 0x00101}, {3, 3, 0x00111}, {3, 3, 0x00145},
	{3, 3, 0x00155}, {3, 3, 0x0016d}, {3, 3, 0x0017d}, {3, 3, 0x001ef}, {3, 3, 0x001ff},
	{3, 4, 0x00bfd}, {3, 5, 0x05bed}, {3, 4, 0x00fff}, {3, 5, 0x05ffd}, {3, 5, 0x07f7f},
	{3, 5, 0x07fff}, {3, 6, 0x2fffd}, {3, 6, 0x2ffff}, {3, 6, 0x3ffff},
};
#define MAX_PIPS ((long)(sizeof pip_patterns / sizeof pip_patterns[0]) - 1)
_Static_assert(sizeof pip_patterns / sizeof pip_patterns[0] == DRAW_MAX_PIPS + 1,
	       "a pattern for every count to DRAW_MAX_PIPS");

/* pips: "{low}": the count's pattern, its pips as large as the grid allows. */
static void draw_pips(struct elem_env *env, cairo_t *cr, const struct tpl_elem *e, double W,
		      double H)
{
	const char *missing = NULL;
	char *s = fields_expand(env->f, e->text, false, &missing);
	char *end;
	long n = strtol(s, &end, 10);
	if (missing && env->report)
		warn_missing(env, e, missing);
	if (end == s || *end || n < 0 || n > MAX_PIPS) {
		if (env->report && *s)
			note(env, e, DW_COLOUR, &e->loc, "pips '%s' is not a count from 0 to %ld", s,
			     MAX_PIPS);
		free(s);
		return;
	}
	free(s);
	double x = resolve(&e->box[0], W), y = resolve(&e->box[1], H);
	double w = resolve(&e->box[2], W), h = resolve(&e->box[3], H);
	int cols = pip_patterns[n].cols, rows = pip_patterns[n].rows;
	double cw = w / cols, ch = h / rows, r = 0.36 * fmin(cw, ch);
	for (int k = 0; k < cols * rows; k++) {
		if (!(pip_patterns[n].mask >> k & 1))
			continue;
		cairo_new_sub_path(cr);
		cairo_arc(cr, x + (k % cols + 0.5) * cw, y + (k / cols + 0.5) * ch, r, 0, 2 * M_PI);
	}
	paint_shape(env, cr, e);
}

static void draw_image_elem(struct elem_env *env, cairo_t *cr, const struct tpl_elem *e,
			    double W, double H)
{
	const char *missing = NULL;
	const struct image *im = elem_image(env->d, env->t, e, env->f, &missing);
	if (missing && env->report)
		warn_missing(env, e, missing);
	if (im)
		image_paint(cr, im, resolve(&e->box[0], W), resolve(&e->box[1], H),
			    resolve(&e->box[2], W), resolve(&e->box[3], H), e->fit, e->opacity, &e->loc);
}

/* Whether the condition cond ("name": set and not empty; "name=value": exactly
 * value) holds for f; cond ends at its end or at a newline. */
static bool cond_holds(const struct fields *f, const char *cond)
{
	size_t len = strcspn(cond, "\n");
	const char *eq = memchr(cond, '=', len);
	char name[128];
	size_t n = eq ? (size_t)(eq - cond) : len;
	if (n >= sizeof name)
		return false;
	memcpy(name, cond, n);
	name[n] = 0;
	const char *s = fields_get(f, name);
	if (!eq)
		return s && *s;
	size_t vlen = len - n - 1;
	s = s ? s : "";
	return strlen(s) == vlen && memcmp(s, eq + 1, vlen) == 0;
}

/* Whether any (any = true) or every condition of the list conds (one a line) holds. */
static bool conds_hold(const struct fields *f, const char *conds, bool any)
{
	for (const char *c = conds;; c++) {
		if (cond_holds(f, c) == any)
			return any;
		if (!(c = strchr(c, '\n')))
			return !any;
	}
}

/* Whether e is drawn for an item with fields f. */
static bool elem_shown(const struct tpl_elem *e, const struct fields *f)
{
	if (e->if_field && !conds_hold(f, e->if_field, false))
		return false;
	if (e->unless_field && conds_hold(f, e->unless_field, true))
		return false;
	return true;
}

static void draw_elem(struct elem_env *env, cairo_t *cr, const struct tpl_elem *e, double W,
		      double H, double bleed)
{
	if (e->kind == TE_TEXT) {
		draw_text_elem(env, cr, e, W, H);
		return;
	}
	if (e->kind == TE_IMAGE) {
		draw_image_elem(env, cr, e, W, H);
		return;
	}
	if (e->kind == TE_PIPS) {
		draw_pips(env, cr, e, W, H);
		return;
	}
	if (e->kind == TE_ELLIPSE || e->kind == TE_POLYGON) {
		draw_shape(env, cr, e, W, H);
		return;
	}
	double a = resolve(&e->box[0], W), b = resolve(&e->box[1], H);
	double c = resolve(&e->box[2], W), dd = resolve(&e->box[3], H);
	if (e->kind == TE_LINE) {
		if (color_none(&e->stroke) || e->stroke_width <= 0)
			return;
		cairo_move_to(cr, a, b);
		cairo_line_to(cr, c, dd);
		cairo_set_line_width(cr, e->stroke_width);
		set_color(env, cr, &e->stroke, e->opacity);
		cairo_stroke(cr);
		return;
	}
	/* A filled rectangle touching an edge of the trim runs into the bleed. */
	double x = a, y = b, w = c, h = dd;
	if (!color_none(&e->fill) && bleed > 0) {
		const double eps = 1e-6;
		double out = bleed + env->pad;
		if (x <= eps) {
			w += x + out;
			x = -out;
		}
		if (y <= eps) {
			h += y + out;
			y = -out;
		}
		if (x + w >= W - eps)
			w = W + out - x;
		if (y + h >= H - eps)
			h = H + out - y;
	}
	if (!color_none(&e->fill)) {
		rounded_rect(cr, x, y, w, h, x < 0 || y < 0 ? 0 : e->radius);
		set_color(env, cr, &e->fill, e->opacity);
		cairo_fill(cr);
	}
	if (!color_none(&e->stroke) && e->stroke_width > 0) {
		rounded_rect(cr, a + e->stroke_width / 2, b + e->stroke_width / 2,
			     c - e->stroke_width, dd - e->stroke_width, e->radius);
		cairo_set_line_width(cr, e->stroke_width);
		set_color(env, cr, &e->stroke, e->opacity);
		cairo_stroke(cr);
	}
}

/* ---- the turned copies a double-ended card need not draw ---- */

/* Which elements' turned copies may be left out, for one template version and
 * size: a plain opaque shape (rect or line, no condition, no field colour) whose
 * copy turned 180 degrees coincides with a shape of the same paint that is
 * always drawn too (the track across the middle of a trains card: rail 1 turned
 * is rail 2, sleeper 1 turned is sleeper 11), so that drawing the copy would
 * paint the same pixels again. The partner's own copy lands on the first shape:
 * leaving it out too changes nothing when no element drawn between the two (nor
 * its copy) reaches the first shape's box, which is checked. */
struct shape_box {
	double x0, y0, x1, y1;
};

static bool plain_paint(const struct tpl_elem *e)
{
	if (e->if_field || e->unless_field || e->opacity < 1 || e->fill.field || e->stroke.field)
		return false;
	if (e->kind == TE_LINE)
		return !e->stroke.none && e->stroke.a >= 1;
	return e->kind == TE_RECT && (e->fill.none || e->fill.a >= 1) &&
	       (e->stroke.none || e->stroke_width <= 0 || e->stroke.a >= 1);
}

static bool same_colour(const struct tpl_color *a, const struct tpl_color *b)
{
	return a->none == b->none && (a->none || (a->r == b->r && a->g == b->g && a->b == b->b));
}

/* Whether f is e turned 180 degrees in a W x H item, painted the same. */
static bool turned_twin(const struct tpl_elem *e, const struct tpl_elem *f, double W, double H)
{
	if (f->kind != e->kind || !plain_paint(f) || !same_colour(&e->fill, &f->fill) ||
	    !same_colour(&e->stroke, &f->stroke) || e->stroke_width != f->stroke_width ||
	    e->radius != f->radius)
		return false;
	double a[4], b[4];
	for (int k = 0; k < 4; k++) {
		a[k] = resolve(&e->box[k], k % 2 ? H : W);
		b[k] = resolve(&f->box[k], k % 2 ? H : W);
	}
	const double eps = 1e-6;
	if (e->kind == TE_LINE) {
		bool same = fabs(b[0] - (W - a[0])) < eps && fabs(b[1] - (H - a[1])) < eps &&
			    fabs(b[2] - (W - a[2])) < eps && fabs(b[3] - (H - a[3])) < eps;
		bool back = fabs(b[2] - (W - a[0])) < eps && fabs(b[3] - (H - a[1])) < eps &&
			    fabs(b[0] - (W - a[2])) < eps && fabs(b[1] - (H - a[3])) < eps;
		return same || back;
	}
	return fabs(b[0] - (W - a[0] - a[2])) < eps && fabs(b[1] - (H - a[1] - a[3])) < eps &&
	       fabs(b[2] - a[2]) < eps && fabs(b[3] - a[3]) < eps;
}

/* Where e may paint, generously (text and images past their box by 3 mm, strokes
 * by their width), and that box turned. */
static struct shape_box elem_reach(const struct tpl_elem *e, double W, double H, bool turned)
{
	double v[4];
	for (int k = 0; k < 4; k++)
		v[k] = resolve(&e->box[k], k % 2 ? H : W);
	struct shape_box r;
	if (e->kind == TE_LINE || e->kind == TE_POLYGON || e->kind == TE_PIPS) {
		r = e->kind == TE_LINE ? (struct shape_box){fmin(v[0], v[2]), fmin(v[1], v[3]),
							     fmax(v[0], v[2]), fmax(v[1], v[3])}
				       : (struct shape_box){-1e9, -1e9, 1e9, 1e9};
	} else {
		r = (struct shape_box){v[0], v[1], v[0] + v[2], v[1] + v[3]};
		if (e->kind == TE_RECT && !color_none(&e->fill)) {
			/* a fill touching the trim runs into the bleed (draw_elem) */
			r.x0 = r.x0 <= 1e-6 ? -1e9 : r.x0;
			r.y0 = r.y0 <= 1e-6 ? -1e9 : r.y0;
			r.x1 = r.x1 >= W - 1e-6 ? 1e9 : r.x1;
			r.y1 = r.y1 >= H - 1e-6 ? 1e9 : r.y1;
		}
	}
	double m = e->kind == TE_RECT || e->kind == TE_LINE || e->kind == TE_ELLIPSE
		   ? e->stroke_width + 1e-3 : 3;
	r = (struct shape_box){r.x0 - m, r.y0 - m, r.x1 + m, r.y1 + m};
	if (turned)
		r = (struct shape_box){W - r.x1, H - r.y1, W - r.x0, H - r.y0};
	return r;
}

static bool boxes_meet(struct shape_box a, struct shape_box b)
{
	return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

/* Whether anything drawn after element i and before element j (or j's copy, which
 * lands on i) reaches i's box. */
static bool covered_between(const struct template *t, size_t i, size_t j, double W, double H)
{
	struct shape_box at = elem_reach(&t->elems[i], W, H, false);
	for (size_t k = i + 1; k < j; k++)
		if (boxes_meet(at, elem_reach(&t->elems[k], W, H, false)) ||
		    boxes_meet(at, elem_reach(&t->elems[k], W, H, true)))
			return true;
	return false;
}

static const bool *turn_plan(struct drawer *d, const struct template *t, double W, double H)
{
	for (size_t i = 0; i < d->nturns; i++)
		if (d->turns[i].serial == t->serial && d->turns[i].W == W && d->turns[i].H == H)
			return d->turns[i].skip;
	if (d->nturns == 8) {       /* bounded: start again */
		for (size_t i = 0; i < d->nturns; i++)
			free(d->turns[i].skip);
		d->nturns = 0;
	}
	d->turns = xgrow(d->turns, &d->capturns, d->nturns + 1, sizeof *d->turns);
	bool *skip = xcalloc(t->nelems ? t->nelems : 1, sizeof *skip);
	d->turns[d->nturns++] = (struct turn_plan){t->serial, W, H, skip};
	for (size_t i = 0; i < t->nelems; i++) {
		if (skip[i] || !plain_paint(&t->elems[i]))
			continue;
		for (size_t j = i; j < t->nelems; j++)
			if (turned_twin(&t->elems[i], &t->elems[j], W, H) &&
			    (j == i || !covered_between(t, i, j, W, H))) {
				skip[i] = skip[j] = true;
				break;
			}
	}
	return skip;
}

/* Draw the elements v in order; twice: each is followed by its copy turned 180
 * degrees about the centre (a double-ended card), so a shape under the middle
 * lies under both copies of what is drawn on it; skip_turned (turn_plan) says
 * which copies are already there. NULL: drawn once. */
static void draw_elems(struct elem_env *env, cairo_t *cr, const struct tpl_elem *v, size_t n,
		       double W, double H, double bleed, const bool *skip_turned)
{
	env->elems = v;
	env->nelems = n;
	for (size_t i = 0; i < n; i++) {
		const struct tpl_elem *e = &v[i];
		if (!elem_shown(e, env->f))
			continue;
		draw_elem(env, cr, e, W, H, bleed);
		if (!skip_turned || skip_turned[i])
			continue;
		cairo_save(cr);
		cairo_translate(cr, W, H);
		cairo_rotate(cr, M_PI);
		bool report = env->report;
		env->report = false;
		draw_elem(env, cr, e, W, H, bleed);
		env->report = report;
		cairo_restore(cr);
	}
}

int draw_item(struct drawer *d, cairo_t *cr, const struct template *t, const struct fields *f,
	      const struct cells *cells, const char *who)
{
	struct elem_env env = {.d = d, .t = t, .f = f, .who = who ? who : "item", .report = who != NULL};
	watch_drawn(t->file);   /* railyard serve: what this part's pictures depend on */
	double W, H;
	template_size(t, cells ? cells->rows : 1, cells ? cells->cols : 1, &W, &H);
	if (t->bleed > 0 && cairo_surface_get_type(cairo_get_target(cr)) == CAIRO_SURFACE_TYPE_IMAGE) {
		double dx = 1, dy = 1;
		cairo_device_to_user_distance(cr, &dx, &dy);
		env.pad = fmax(fabs(dx), fabs(dy));
	}
	cairo_save(cr);
	if (!color_none(&t->background)) {
		double out = t->bleed + env.pad;
		cairo_rectangle(cr, -out, -out, W + 2 * out, H + 2 * out);
		set_color(&env, cr, &t->background, 1);
		cairo_fill(cr);
	}
	draw_elems(&env, cr, t->elems, t->nelems, W, H, t->bleed,
		   t->double_ended ? turn_plan(d, t, W, H) : NULL);
	if (t->cells.on && cells && cells->fill) {
		struct fields cf = {0};
		struct elem_env cenv = env;
		cenv.f = &cf;
		for (int r = 0; r < cells->rows; r++)
			for (int c = 0; c < cells->cols; c++) {
				if (cells->count && r * cells->cols + c >= cells->count)
					break;
				fields_clear(&cf);
				cells->fill(cells->user, r, c, &cf);
				/* Whole-item fields are visible in every cell too. */
				for (size_t i = 0; f && i < f->n; i++)
					if (!fields_get(&cf, f->v[i].name))
						fields_set(&cf, f->v[i].name, f->v[i].value);
				cenv.ox = t->cells.margin[3] + c * (t->cells.w + t->cells.gap);
				cenv.oy = t->cells.margin[0] + r * (t->cells.h + t->cells.gap);
				cairo_save(cr);
				cairo_translate(cr, cenv.ox, cenv.oy);
				draw_elems(&cenv, cr, t->cells.elems, t->cells.nelems, t->cells.w,
					   t->cells.h, 0, NULL);
				cairo_restore(cr);
			}
		env.overflows += cenv.overflows;
		/* the cells' lines joined the card's (and may have moved them) */
		env.inks = cenv.inks;
		fields_free(&cf);
	}
	cairo_restore(cr);
	free(env.inks);
	return env.overflows;
}

int drawer_preload(struct drawer *d, const struct template *t, const struct fields *f)
{
	int bad = 0;
	for (int part = 0; part < 2; part++) {
		const struct tpl_elem *v = part ? t->cells.elems : t->elems;
		size_t n = part ? t->cells.nelems : t->nelems;
		for (size_t i = 0; i < n; i++) {
			const struct tpl_elem *e = &v[i];
			/* Cell images with placeholders need each cell's fields: drawn later. */
			if (e->kind != TE_IMAGE || (part && strchr(e->image, '{')) || !elem_shown(e, f))
				continue;
			const char *missing = NULL;
			if (all_set(t, f, e->image) && !elem_image(d, t, e, f, &missing))
				bad = -1;
		}
	}
	return bad;
}

long drawer_overflows(const struct drawer *d)
{
	return d->overflows;
}

static double text_width(PangoLayout *lay, const char *s)
{
	PangoRectangle log;
	pango_layout_set_text(lay, s, -1);
	pango_layout_get_extents(lay, NULL, &log);
	return (double)log.width / PANGO_SCALE;
}

double draw_table(struct drawer *d, cairo_t *cr, const char *family, double size,
		  const char *const *cellv, size_t rows, size_t ncols, int max_groups, double x,
		  double y, double w, double h)
{
	if (rows == 0 || ncols == 0)
		return 0;
	double *colw = xcalloc(ncols, sizeof *colw);
	size_t body = rows - 1, groups = 1, per = body;
	double lineh = 0, gw = 0, gap = 0;
	/* Shrink the type until the table fits the box, down to a floor. */
	for (;;) {
		PangoLayout *lay = make_layout(d, family, size, false, false);
		PangoLayout *bl = make_layout(d, family, size, true, false);
		for (size_t c = 0; c < ncols; c++)
			colw[c] = text_width(bl, cellv[c]);
		for (size_t r = 1; r < rows; r++)
			for (size_t c = 0; c < ncols; c++) {
				double tw = text_width(lay, cellv[r * ncols + c]);
				if (tw > colw[c])
					colw[c] = tw;
			}
		PangoRectangle log;
		pango_layout_set_text(lay, "Ag", -1);
		pango_layout_get_extents(lay, NULL, &log);
		lineh = (double)log.height / PANGO_SCALE * 1.15;
		g_object_unref(lay);
		g_object_unref(bl);
		gap = size * 1.5;
		gw = 0;
		for (size_t c = 0; c < ncols; c++)
			gw += colw[c] + (c + 1 < ncols ? size : 0);
		groups = (size_t)((w + gap) / (gw + gap));
		if (max_groups > 0 && groups > (size_t)max_groups)
			groups = (size_t)max_groups;
		if (groups < 1)
			groups = 1;
		if (groups > body && body > 0)
			groups = body;
		per = body ? (body + groups - 1) / groups : 0;
		if (((double)(per + 1) * lineh <= h && gw <= w) || size < 1.2)
			break;
		size *= 0.9;
	}
	PangoLayout *lay = make_layout(d, family, size, false, false);
	PangoLayout *bl = make_layout(d, family, size, true, false);
	for (size_t g = 0; g < groups; g++) {
		double gx = x + (double)g * (gw + gap);
		double cx = gx;
		for (size_t c = 0; c < ncols; c++) {
			pango_layout_set_text(bl, cellv[c], -1);
			cairo_move_to(cr, cx, y);
			pango_cairo_show_layout(cr, bl);
			for (size_t i = 0; i < per; i++) {
				size_t r = 1 + g * per + i;
				if (r >= rows)
					break;
				pango_layout_set_text(lay, cellv[r * ncols + c], -1);
				cairo_move_to(cr, cx, y + (double)(i + 1) * lineh);
				pango_cairo_show_layout(cr, lay);
			}
			cx += colw[c] + size;
		}
	}
	g_object_unref(lay);
	g_object_unref(bl);
	free(colw);
	return (double)(per + 1) * lineh;
}
