/* palette.c: a pack's `palette:`: reading it, checking its names against the
 * build's templates and game, recolouring the templates, and the colour-vision
 * check of its colours (palette.h). */
#include "palette.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "colour.h"
#include "template.h"
#include "util.h"

static bool good_name(const char *s)
{
	if (s[0] >= 'A' && s[0] <= 'Z' && !s[1])
		return true;   /* a space letter */
	if (!*s || strlen(s) > 64)
		return false;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '-'))
			return false;
	return true;
}

/* The colour text as "#rrggbb", or -1 when it is none (or not opaque). */
static int normalise(const char *text, char out[8])
{
	struct tpl_color c;
	if (tpl_parse_color(text, &c) != 0 || c.none || c.a < 1)
		return -1;
	snprintf(out, 8, "#%02x%02x%02x", (unsigned)lround(c.r * 255), (unsigned)lround(c.g * 255),
		 (unsigned)lround(c.b * 255));
	return 0;
}

static void read_entry(struct yread *r, const struct ynode *k, const struct ynode *v,
		       struct palette *p)
{
	if (!good_name(k->str)) {
		yr_error(r, k, "a palette name is a space letter (A-Z) or a-z, 0-9 and '-', not '%s'",
			 k->str);
		return;
	}
	if (palette_get(p, k->str)) {
		yr_error(r, k, "'%s' is in the palette twice", k->str);
		return;
	}
	const char *text = yr_scalar(r, k->str, v);
	char hex[8];
	if (!text)
		return;
	struct tpl_color c;
	if (tpl_parse_color(text, &c) == 0 && (c.none || c.a < 1)) {
		yr_error(r, v, "palette '%s': '%s' is %s; a palette colour is opaque (#rrggbb, #rgb or a "
			 "name such as black)", k->str, text, c.none ? "no colour" : "translucent");
		return;
	}
	if (normalise(text, hex) != 0) {
		const char *best = tpl_color_closest(text);
		if (best)
			yr_error(r, v, "palette '%s': '%s' is not a colour (did you mean '%s'?)", k->str,
				 text, best);
		else
			yr_error(r, v, "palette '%s': '%s' is not a colour (#rrggbb, #rgb or a name such as black)",
				 k->str, text);
		return;
	}
	struct palette_entry *e = &p->v[p->n++];
	e->name = xstrdup(k->str);
	e->value = xstrdup(hex);
	e->loc = yr_loc(r, k);
	e->loc_value = yr_loc(r, v);
}

int palette_read(struct yread *r, const struct ynode *n, struct palette *p)
{
	unsigned before = r->errors;
	if (yr_want(r, "palette", n, Y_MAP) != 0)
		return -1;
	if (n->n > PALETTE_MAX) {
		yr_error(r, n, "'palette' names %zu colours, more than %d", n->n, PALETTE_MAX);
		return -1;
	}
	p->loc = yr_loc(r, n);
	p->v = xcalloc(n->n ? n->n : 1, sizeof *p->v);
	for (size_t i = 0; i < n->n; i++)
		read_entry(r, n->pairs[i].key, n->pairs[i].value, p);
	return r->errors == before ? 0 : -1;
}

const char *palette_get(const struct palette *p, const char *name)
{
	for (size_t i = 0; p && i < p->n; i++)
		if (strcmp(p->v[i].name, name) == 0)
			return p->v[i].value;
	return NULL;
}

static const struct loc *where(const void *user, const char *name)
{
	return palette_loc(user, name);
}

static const char *lookup(const void *user, const char *name)
{
	return palette_get(user, name);
}

/* Every name the build offers, NULL-terminated (the strings are borrowed). */
static const char **known_names(struct template *const *t, size_t nt, const char *const *extra,
				size_t nextra)
{
	size_t n = nextra;
	for (size_t i = 0; i < nt; i++)
		n += t[i] ? t[i]->palette.n : 0;
	const char **v = xcalloc(n + 1, sizeof *v);
	size_t k = 0;
	for (size_t i = 0; i < nextra; i++)
		v[k++] = extra[i];
	for (size_t i = 0; i < nt; i++)
		for (size_t j = 0; t[i] && j < t[i]->palette.n; j++)
			v[k++] = t[i]->palette.keys[j];
	return v;
}

static bool known(const char *const *v, const char *name)
{
	for (; *v; v++)
		if (strcmp(*v, name) == 0)
			return true;
	return false;
}

int palette_apply(const struct palette *p, struct template *const *t, size_t nt,
		  const char *const *extra, size_t nextra, bool all)
{
	if (!p || !p->n) {
		colour_note_templates(t, nt, where, p);
		return 0;
	}
	const char **v = known_names(t, nt, extra, nextra);
	int bad = 0;
	for (size_t i = 0; i < p->n; i++) {
		const struct palette_entry *e = &p->v[i];
		if (known(v, e->name) || !all)
			continue;
		const char *best = yr_closest(e->name, v);
		if (best) {
			diag(SEV_ERROR, &e->loc, "the palette's '%s' is no colour of this pack's templates or game (did you mean '%s'?)",
			     e->name, best);
		} else {
			struct buf b = {0};
			for (size_t j = 0; v[j]; j++)
				buf_printf(&b, "%s%s", j ? ", " : "", v[j]);
			diag(SEV_ERROR, &e->loc, "the palette's '%s' is no colour of this pack's templates or game (they are: %s)",
			     e->name, b.s ? b.s : "none");
			buf_free(&b);
		}
		bad = -1;
	}
	free(v);
	if (bad)
		return -1;
	for (size_t i = 0; i < nt; i++)
		if (t[i])
			template_recolour(t[i], lookup, p);
	colour_note_templates(t, nt, where, p);
	return 0;
}

const struct loc *palette_loc(const struct palette *p, const char *name)
{
	for (size_t i = 0; p && i < p->n; i++)
		if (strcmp(p->v[i].name, name) == 0)
			return &p->v[i].loc_value;
	return NULL;
}

/* ---- colour vision ---- */

static double linear(double c)
{
	return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

static double lab_f(double t)
{
	return t > 0.008856 ? cbrt(t) : 7.787 * t + 16.0 / 116;
}

/* The colour hex under deficiency m, in CIE Lab (D65). */
static void simulated_lab(const char *hex, const double m[3][3], double lab[3])
{
	struct tpl_color c = {0};
	tpl_parse_color(hex, &c);
	double in[3] = {linear(c.r), linear(c.g), linear(c.b)}, s[3];
	for (int i = 0; i < 3; i++) {
		s[i] = m[i][0] * in[0] + m[i][1] * in[1] + m[i][2] * in[2];
		s[i] = s[i] < 0 ? 0 : s[i] > 1 ? 1 : s[i];
	}
	double x = 0.4124 * s[0] + 0.3576 * s[1] + 0.1805 * s[2];
	double y = 0.2126 * s[0] + 0.7152 * s[1] + 0.0722 * s[2];
	double z = 0.0193 * s[0] + 0.1192 * s[1] + 0.9505 * s[2];
	double fx = lab_f(x / 0.95047), fy = lab_f(y), fz = lab_f(z / 1.08883);
	lab[0] = 116 * fy - 16;
	lab[1] = 500 * (fx - fy);
	lab[2] = 200 * (fy - fz);
}

/* The smallest CIE76 difference between colours a and b ("#rrggbb") under
 * simulated protanopia, deuteranopia and tritanopia (Machado et al. 2009,
 * severity 1), and in *which the deficiency's name. */
static double palette_cvd_delta(const char *a, const char *b, const char **which)
{
	/* Machado, Oliveira and Fernandes (2009), severity 1, on linear RGB (as
	 * tests/cli/look.py measures the printed cards). */
	static const double cvd[3][3][3] = {
		{{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216},
		 {-0.003882, -0.048116, 1.051998}},
		{{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413},
		 {-0.011820, 0.042940, 0.968881}},
		{{1.255528, -0.076749, -0.178779}, {-0.078411, 0.930809, 0.147602},
		 {0.004733, 0.691367, 0.303900}},
	};
	static const char *const names[] = {"protanopia", "deuteranopia", "tritanopia"};
	double best = HUGE_VAL;
	for (int k = 0; k < 3; k++) {
		double la[3], lb[3];
		simulated_lab(a, cvd[k], la);
		simulated_lab(b, cvd[k], lb);
		double d = sqrt((la[0] - lb[0]) * (la[0] - lb[0]) + (la[1] - lb[1]) * (la[1] - lb[1]) +
				(la[2] - lb[2]) * (la[2] - lb[2]));
		if (d < best) {
			best = d;
			if (which)
				*which = names[k];
		}
	}
	return best;
}

static const struct palette_entry *entry(const struct palette *p, const char *name)
{
	for (size_t i = 0; p && i < p->n; i++)
		if (strcmp(p->v[i].name, name) == 0)
			return &p->v[i];
	return NULL;
}

int palette_check_vision(const struct palette *p, const char *const *names,
			 const char *const *colours, const char *const *defaults, size_t n,
			 const char *what, const char *cue)
{
	int warned = 0;
	for (size_t i = 0; i < n; i++)
		for (size_t j = i + 1; j < n; j++) {
			const struct palette_entry *e = entry(p, names[j]);
			if (!e)
				e = entry(p, names[i]);
			if (!e)
				continue;
			const char *which = NULL;
			double d = palette_cvd_delta(colours[i], colours[j], &which);
			if (d >= PALETTE_CVD_MIN ||
			    palette_cvd_delta(defaults[i], defaults[j], NULL) < PALETTE_CVD_MIN)
				continue;
			diag(SEV_WARNING, &e->loc_value, "the %s %s (%s) and %s (%s) are %.0f apart under simulated %s (%.0f wanted: CIE76); %s",
			     what, names[i], colours[i], names[j], colours[j], d, which, PALETTE_CVD_MIN, cue);
			warned++;
		}
	return warned;
}

void palette_free(struct palette *p)
{
	for (size_t i = 0; i < p->n; i++) {
		free(p->v[i].name);
		free(p->v[i].value);
	}
	free(p->v);
	p->v = NULL;
	p->n = 0;
}
