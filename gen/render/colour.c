/* colour.c: CIEDE2000 and the print check of a CMYK build's colours (colour.h). */
#include "colour.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pdfx.h"
#include "template.h"
#include "util.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* ---- CIEDE2000 ---- */

static double deg(double rad)
{
	return rad * 180 / M_PI;
}

static double rad(double d)
{
	return d * M_PI / 180;
}

/* The hue angle of (a, b) in degrees, 0..360 (0 for the neutral axis). */
static double hue(double a, double b)
{
	if (a == 0 && b == 0)
		return 0;
	double h = deg(atan2(b, a));
	return h < 0 ? h + 360 : h;
}

double colour_de2000(const double lab1[3], const double lab2[3])
{
	double L1 = lab1[0], a1 = lab1[1], b1 = lab1[2];
	double L2 = lab2[0], a2 = lab2[1], b2 = lab2[2];
	/* a* stretched by G, which depends on the mean chroma */
	double cbar = (hypot(a1, b1) + hypot(a2, b2)) / 2;
	double c7 = pow(cbar, 7);
	double G = 0.5 * (1 - sqrt(c7 / (c7 + pow(25, 7))));
	double ap1 = (1 + G) * a1, ap2 = (1 + G) * a2;
	double cp1 = hypot(ap1, b1), cp2 = hypot(ap2, b2);
	double hp1 = hue(ap1, b1), hp2 = hue(ap2, b2);
	/* the differences */
	double dL = L2 - L1, dC = cp2 - cp1, dh = 0;
	if (cp1 * cp2 != 0) {
		dh = hp2 - hp1;
		if (dh > 180)
			dh -= 360;
		else if (dh < -180)
			dh += 360;
	}
	double dH = 2 * sqrt(cp1 * cp2) * sin(rad(dh / 2));
	/* the means */
	double Lbar = (L1 + L2) / 2, cpbar = (cp1 + cp2) / 2, hbar = hp1 + hp2;
	if (cp1 * cp2 != 0) {
		if (fabs(hp1 - hp2) <= 180)
			hbar = (hp1 + hp2) / 2;
		else
			hbar = (hp1 + hp2 + (hp1 + hp2 < 360 ? 360 : -360)) / 2;
	}
	double T = 1 - 0.17 * cos(rad(hbar - 30)) + 0.24 * cos(rad(2 * hbar)) +
		   0.32 * cos(rad(3 * hbar + 6)) - 0.20 * cos(rad(4 * hbar - 63));
	double l50 = (Lbar - 50) * (Lbar - 50);
	double SL = 1 + 0.015 * l50 / sqrt(20 + l50);
	double SC = 1 + 0.045 * cpbar;
	double SH = 1 + 0.015 * cpbar * T;
	double dtheta = 30 * exp(-((hbar - 275) / 25) * ((hbar - 275) / 25));
	double cp7 = pow(cpbar, 7);
	double RC = 2 * sqrt(cp7 / (cp7 + pow(25, 7)));
	double RT = -sin(rad(2 * dtheta)) * RC;
	double l = dL / SL, c = dC / SC, h = dH / SH;
	return sqrt(l * l + c * c + h * h + RT * c * h);
}

/* ---- the colours a build prints ---- */

struct noted {
	char hex[8];
	char *what;
	struct loc loc;
	bool located;
	long more;          /* further places of the same colour in the same file */
};

static struct {
	struct noted *v;
	size_t n, cap;
} notes;

static int hex_of(const char *text, char hex[8])
{
	struct tpl_color c;
	if (!text || tpl_parse_color(text, &c) != 0 || c.none || c.field)
		return -1;
	snprintf(hex, 8, "#%02x%02x%02x", (unsigned)lround(c.r * 255), (unsigned)lround(c.g * 255),
		 (unsigned)lround(c.b * 255));
	return 0;
}

static void note_hex(const char hex[8], const char *what, const struct loc *loc)
{
	/* the same colour again in the same file: counted with the first place */
	for (size_t i = 0; i < notes.n; i++) {
		struct noted *e = &notes.v[i];
		if (strcmp(e->hex, hex) != 0 || e->located != (loc != NULL))
			continue;
		if (!loc || (e->loc.file == loc->file &&
			     (e->loc.line != loc->line || e->loc.col != loc->col))) {
			e->more++;
			return;
		}
		if (e->loc.line == loc->line && e->loc.col == loc->col)
			return;
	}
	notes.v = xgrow(notes.v, &notes.cap, notes.n + 1, sizeof *notes.v);
	struct noted *e = &notes.v[notes.n++];
	memcpy(e->hex, hex, 8);
	e->what = xstrdup(what);
	e->located = loc != NULL;
	e->loc = loc ? *loc : (struct loc){0};
	e->more = 0;
}

void colour_note(const char *text, const char *what, const struct loc *loc)
{
	char hex[8];
	if (hex_of(text, hex) == 0)
		note_hex(hex, what, loc);
}

/* A colour of a template: pal is the palette name it was written as (or
 * NULL); the pack's palette entry of that name locates it when there is one. */
struct pack_where {
	colour_where *where;
	const void *user;
};

static void note_tpl(const struct tpl_color *c, const char *pal, const struct loc *at,
		     const struct pack_where *p, const char *key)
{
	if (c->none || c->field || c->a <= 0)
		return;
	char hex[8], what[160];
	snprintf(hex, 8, "#%02x%02x%02x", (unsigned)lround(c->r * 255), (unsigned)lround(c->g * 255),
		 (unsigned)lround(c->b * 255));
	const struct loc *set = pal && p->where ? p->where(p->user, pal) : NULL;
	if (set) {
		snprintf(what, sizeof what, "the palette's %s", pal);
		note_hex(hex, what, set);
		return;
	}
	if (pal)
		snprintf(what, sizeof what, "the template's palette colour %s", pal);
	else
		snprintf(what, sizeof what, "the template's %s colour",
			 !key ? "" : strcmp(key, "color") == 0 ? "text" : key);
	note_hex(hex, what, at);
}

static void note_elems(const struct tpl_elem *e, size_t n, const struct pack_where *p)
{
	for (size_t i = 0; i < n; i++) {
		const struct tpl_color *c[] = {&e[i].color, &e[i].fill, &e[i].stroke};
		for (int k = 0; k < 3; k++)
			if (e[i].kind == TE_TEXT ? k == 0 : k > 0)
				note_tpl(c[k], c[k]->pal, &c[k]->loc, p, c[k]->key ? c[k]->key : "element");
	}
}

void colour_note_templates(struct template *const *t, size_t n, colour_where *where,
			   const void *user)
{
	const struct pack_where pw = {where, user}, *p = &pw;
	for (size_t i = 0; i < n; i++) {
		const struct template *tp = t[i];
		if (!tp)
			continue;
		/* the template's palette first: its line names the colour */
		for (size_t j = 0; j < tp->palette.n; j++) {
			struct tpl_color c;
			if (tpl_parse_color(tp->palette.values[j], &c) == 0)
				note_tpl(&c, tp->palette.keys[j],
					 tp->palette.at ? &tp->palette.at[j] : &tp->palette.loc, p, NULL);
		}
		note_tpl(&tp->background, tp->background.pal, &tp->background.loc, p, "background");
		note_elems(tp->elems, tp->nelems, p);
		note_elems(tp->cells.elems, tp->cells.nelems, p);
		for (size_t m = 0; m < tp->nmaps; m++)
			for (size_t j = 0; j < tp->maps[m].n; j++) {
				struct tpl_color c;
				if (tpl_parse_color(tp->maps[m].values[j], &c) == 0)
					note_tpl(&c, tp->maps[m].pal ? tp->maps[m].pal[j] : NULL,
						 tp->maps[m].at ? &tp->maps[m].at[j] : &tp->maps[m].loc,
						 p, tp->maps[m].name);
			}
	}
}

int colour_check(void)
{
	int warned = 0;
	bool all = getenv("RAILYARD_COLOUR_REPORT") != NULL;
	for (size_t i = 0; i < notes.n; i++) {
		const struct noted *e = &notes.v[i];
		struct tpl_color c;
		tpl_parse_color(e->hex, &c);
		double rgb[3] = {c.r, c.g, c.b}, cmyk[4], a[3], b[3], back[3];
		if (pdfx_print_colour(rgb, cmyk, a, b, back) != 0)
			break;
		double de = colour_de2000(a, b);
		char more[64] = "";
		if (e->more)
			snprintf(more, sizeof more, " (and %ld more place%s in this file)", e->more,
				 e->more > 1 ? "s" : "");
		if (de > COLOUR_WARN_DE) {
			diag(SEV_WARNING, e->located ? &e->loc : NULL,
			     "%s %s%s prints as C%.0f M%.0f Y%.0f K%.0f, which comes back as #%02x%02x%02x: "
			     "it moves %.1f (CIEDE2000; more than %g is visible), outside the CMYK profile's gamut",
			     e->what, e->hex, more, cmyk[0], cmyk[1], cmyk[2], cmyk[3],
			     (unsigned)lround(back[0] * 255), (unsigned)lround(back[1] * 255),
			     (unsigned)lround(back[2] * 255), de, COLOUR_WARN_DE);
			warned++;
		} else if (all) {
			diag(SEV_NOTE, e->located ? &e->loc : NULL,
			     "%s %s prints as C%.0f M%.0f Y%.0f K%.0f: moves %.2f", e->what, e->hex,
			     cmyk[0], cmyk[1], cmyk[2], cmyk[3], de);
		}
	}
	return warned;
}

void colour_forget(void)
{
	for (size_t i = 0; i < notes.n; i++)
		free(notes.v[i].what);
	free(notes.v);
	notes.v = NULL;
	notes.n = notes.cap = 0;
}
