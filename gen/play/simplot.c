/* simplot.c: the simulate plot. One draw function onto a cairo_t; thin SVG, PDF
 * and PNG writers around it collect the bytes in memory and write the file in
 * one atomic step. */
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo.h>
#include <errno.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "simplot.h"
#include "output.h"
#include "util.h"

#define W 900.0
#define ROW 410.0      /* height of one player count's row of panels */
#define TOP 40.0       /* the title */
#define LEGEND 60.0

enum plot_format sim_plot_format(const char *path)
{
	const char *dot = strrchr(path, '.');
	if (!dot || strchr(dot, '/'))
		return PLOT_NONE;
	if (strcasecmp(dot, ".svg") == 0)
		return PLOT_SVG;
	if (strcasecmp(dot, ".pdf") == 0)
		return PLOT_PDF;
	if (strcasecmp(dot, ".png") == 0)
		return PLOT_PNG;
	return PLOT_NONE;
}

static const double colour[2][3] = {{0.16, 0.42, 0.70}, {0.90, 0.45, 0.10}};

/* A layout of s in DejaVu Sans at size px, at most maxw px wide (cut in the
 * middle with an ellipsis) when maxw > 0. Caller unrefs. */
static PangoLayout *layout_of(cairo_t *cr, double size, bool bold, const char *s, double maxw)
{
	PangoLayout *l = pango_cairo_create_layout(cr);
	PangoFontDescription *fd = pango_font_description_from_string("DejaVu Sans");
	pango_font_description_set_absolute_size(fd, size * PANGO_SCALE);
	if (bold)
		pango_font_description_set_weight(fd, PANGO_WEIGHT_BOLD);
	pango_layout_set_font_description(l, fd);
	pango_layout_set_text(l, s, -1);
	if (maxw > 0) {
		pango_layout_set_width(l, (int)(maxw * PANGO_SCALE));
		pango_layout_set_ellipsize(l, PANGO_ELLIPSIZE_MIDDLE);
	}
	pango_font_description_free(fd);
	return l;
}

/* The width of s drawn by text(), in px. */
static double text_width(cairo_t *cr, double size, bool bold, const char *s)
{
	PangoLayout *l = layout_of(cr, size, bold, s, 0);
	PangoRectangle ink, logical;
	pango_layout_get_pixel_extents(l, &ink, &logical);
	g_object_unref(l);
	return fmax(logical.width, ink.x + ink.width);
}

/* Text with its anchor at (x, y): align 0 left, 0.5 centre, 1 right; y is the
 * middle of the line; at most maxw px wide when maxw > 0. */
static void text_fit(cairo_t *cr, double x, double y, double size, double align, bool bold, const char *s,
		     double maxw)
{
	PangoLayout *l = layout_of(cr, size, bold, s, maxw);
	int w, h;
	pango_layout_get_size(l, &w, &h);
	cairo_move_to(cr, x - align * w / PANGO_SCALE, y - h / PANGO_SCALE / 2.0);
	pango_cairo_show_layout(cr, l);
	g_object_unref(l);
}

static void text(cairo_t *cr, double x, double y, double size, double align, bool bold, const char *s)
{
	text_fit(cr, x, y, size, align, bold, s, 0);
}

/* A round step for an axis covering 0..span with about n ticks. */
static double nice_step(double span, int n)
{
	double raw = span / n, mag = pow(10, floor(log10(raw)));
	double f = raw / mag;
	return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * mag;
}

static void axis_frame(cairo_t *cr, double x0, double y0, double x1, double y1)
{
	cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
	cairo_set_line_width(cr, 1);
	cairo_move_to(cr, x0, y0);
	cairo_line_to(cr, x0, y1);
	cairo_line_to(cr, x1, y1);
	cairo_stroke(cr);
}

/* The round of turn t: turns 1..N are round 1 (the setup is round 0). */
static int round_of(int t, int players)
{
	return (t + players - 1) / players;
}

/* Horizontal lines every ystep up to ymax over a plot area, labelled in per cent. */
static void percent_grid(cairo_t *cr, double x0, double y0, double x1, double y1, double ymax, double ystep)
{
	char lab[64];
	cairo_set_line_width(cr, 0.5);
	for (double v = 0; v <= ymax + ystep / 2; v += ystep) {
		double y = y1 - v / ymax * (y1 - y0);
		cairo_set_source_rgb(cr, 0.85, 0.85, 0.85);
		cairo_move_to(cr, x0, y);
		cairo_line_to(cr, x1, y);
		cairo_stroke(cr);
		cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
		snprintf(lab, sizeof lab, "%.0f%%", v * 100);
		text(cr, x0 - 6, y, 10, 1, false, lab);
	}
}

/* The length histogram's area and bins: rounds lo.. in nb bins of bw rounds. */
struct hist {
	double x0, x1, y0, y1;
	int lo, hi, bw, nb;
	double ymax;
	double share[2][64];   /* per series and bin: the share of all its games */
};

/* The rounds the histogram spans: from the shortest won game to the 99th
 * percentile of the longest series (hi < lo: no game was won). */
static void hist_span(struct hist *h, const struct sim_plot_series *s, int n, int players)
{
	h->lo = 1 << 30;
	h->hi = 0;
	for (int i = 0; i < n; i++)
		if (s[i].sum->completed) {
			if (round_of(s[i].sum->min, players) < h->lo)
				h->lo = round_of(s[i].sum->min, players);
			/* the longest games are a thin tail: stop at the 99th percentile */
			const struct sim_stats *st = s[i].stats;
			uint64_t rank = (st->completed * 99 + 99) / 100, cum = 0;
			int t = 0;
			for (; t <= st->max_turns; t++)
				if ((cum += st->length[t]) >= rank)
					break;
			if (round_of(t, players) > h->hi)
				h->hi = round_of(t, players);
		}
}

/* The bins and each series' share of its games in each, and the scale. */
static void hist_shares(struct hist *h, const struct sim_plot_series *s, int n, int players)
{
	h->bw = (int)ceil((h->hi - h->lo + 1) / 40.0);
	if (h->bw < 1)
		h->bw = 1;
	h->nb = (h->hi - h->lo) / h->bw + 1;
	h->ymax = 0;
	for (int i = 0; i < n; i++) {
		memset(h->share[i], 0, sizeof h->share[i]);
		const struct sim_stats *st = s[i].stats;
		if (!st->completed)
			continue;
		for (int t = 0; t <= st->max_turns; t++) {
			if (!st->length[t] || round_of(t, players) < h->lo)
				continue;
			int b = (round_of(t, players) - h->lo) / h->bw;
			if (b >= h->nb)
				b = h->nb - 1; /* the tail goes in the last bin */
			h->share[i][b] += (double)st->length[t] / (double)st->games;
		}
		for (int b = 0; b < h->nb; b++)
			h->ymax = fmax(h->ymax, h->share[i][b]);
	}
	if (h->ymax <= 0)
		h->ymax = 1;
}

/* The x ticks in rounds, and the medians over all games (none when fewer
 * than half of them end) as dashed lines. */
static void hist_marks(cairo_t *cr, const struct hist *h, const struct sim_plot_series *s, int n, int players)
{
	char lab[64];
	double span = h->nb * h->bw, xstep = nice_step(span, 8);
	cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
	for (double t = ceil(h->lo / xstep) * xstep; t <= h->lo + span; t += xstep) {
		double x = h->x0 + (t - h->lo) / span * (h->x1 - h->x0);
		cairo_move_to(cr, x, h->y1);
		cairo_line_to(cr, x, h->y1 + 4);
		cairo_stroke(cr);
		snprintf(lab, sizeof lab, "%.0f", t);
		text(cr, x, h->y1 + 13, 10, 0.5, false, lab);
	}
	for (int i = 0; i < n; i++) {
		if (s[i].median < 0 || round_of(s[i].median, players) >= h->lo + h->nb * h->bw)
			continue;
		double x = h->x0 + (round_of(s[i].median, players) + 0.5 - h->lo) / span * (h->x1 - h->x0);
		cairo_set_source_rgb(cr, colour[i][0] * 0.7, colour[i][1] * 0.7, colour[i][2] * 0.7);
		double dash[] = {4, 3};
		cairo_set_dash(cr, dash, 2, 0);
		cairo_set_line_width(cr, 1.5);
		cairo_move_to(cr, x, h->y0);
		cairo_line_to(cr, x, h->y1);
		cairo_stroke(cr);
		cairo_set_dash(cr, NULL, 0, 0);
	}
}

/* The length histogram in whole rounds (so every bar holds every seat's
 * turns): share of each series' won games per bin. */
static void draw_lengths(cairo_t *cr, const struct sim_plot_series *s, int n, int players, double top)
{
	struct hist h = {.x0 = 70, .x1 = 470, .y0 = top + 40, .y1 = top + 320};
	hist_span(&h, s, n, players);
	char title[64];
	snprintf(title, sizeof title, "Game length, %d player%s (rounds; share of all games)", players,
		 players == 1 ? "" : "s");
	cairo_set_source_rgb(cr, 0, 0, 0);
	text(cr, (h.x0 + h.x1) / 2, top + 12, 14, 0.5, true, title);
	axis_frame(cr, h.x0, h.y0, h.x1, h.y1);
	if (h.hi < h.lo) {
		text(cr, (h.x0 + h.x1) / 2, (h.y0 + h.y1) / 2, 12, 0.5, false, "no game was won");
		return;
	}
	hist_shares(&h, s, n, players);
	double ystep = nice_step(h.ymax, 5);
	double ymax = ceil(h.ymax / ystep) * ystep;
	percent_grid(cr, h.x0, h.y0, h.x1, h.y1, ymax, ystep);
	double bwpx = (h.x1 - h.x0) / h.nb;
	for (int i = 0; i < n; i++)
		for (int b = 0; b < h.nb; b++) {
			double y = h.share[i][b] / ymax * (h.y1 - h.y0);
			cairo_set_source_rgba(cr, colour[i][0], colour[i][1], colour[i][2], n == 2 ? 0.5 : 0.8);
			cairo_rectangle(cr, h.x0 + b * bwpx + 0.5, h.y1 - y, bwpx - 1, y);
			cairo_fill(cr);
		}
	hist_marks(cr, &h, s, n, players);
}

/* Each seat's share of the games with a single winner with its simultaneous
 * 95% interval, and the even share 1/N. */
static void draw_seats(cairo_t *cr, const struct sim_plot_series *s, int n, int players, double top)
{
	const double x0 = 560, x1 = 870, y0 = top + 40, y1 = top + 320;
	char title[64];
	snprintf(title, sizeof title, "Win rate by seat, %d player%s", players, players == 1 ? "" : "s");
	cairo_set_source_rgb(cr, 0, 0, 0);
	text(cr, (x0 + x1) / 2, top + 12, 14, 0.5, true, title);
	double ymax = 0;
	for (int i = 0; i < n; i++)
		for (int p = 0; p < players; p++)
			ymax = fmax(ymax, s[i].sum->ci_hi[p]);
	ymax = fmax(ymax, 1.0 / players);
	double ystep = nice_step(ymax, 5);
	ymax = ceil(ymax / ystep + 1e-9) * ystep;
	char lab[64];
	percent_grid(cr, x0, y0, x1, y1, ymax, ystep);
	axis_frame(cr, x0, y0, x1, y1);
	double gw = (x1 - x0) / players, bw = gw * 0.7 / n;
	for (int p = 0; p < players; p++) {
		for (int i = 0; i < n; i++) {
			double x = x0 + p * gw + gw * 0.15 + i * bw;
			double h = s[i].sum->win_rate[p] / ymax * (y1 - y0);
			cairo_set_source_rgba(cr, colour[i][0], colour[i][1], colour[i][2], 0.8);
			cairo_rectangle(cr, x, y1 - h, bw - 1, h);
			cairo_fill(cr);
			double ylo = y1 - s[i].sum->ci_lo[p] / ymax * (y1 - y0);
			double yhi = y1 - s[i].sum->ci_hi[p] / ymax * (y1 - y0);
			double xc = x + (bw - 1) / 2;
			cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
			cairo_set_line_width(cr, 1.2);
			cairo_move_to(cr, xc, ylo);
			cairo_line_to(cr, xc, yhi);
			cairo_move_to(cr, xc - 4, ylo);
			cairo_line_to(cr, xc + 4, ylo);
			cairo_move_to(cr, xc - 4, yhi);
			cairo_line_to(cr, xc + 4, yhi);
			cairo_stroke(cr);
		}
		snprintf(lab, sizeof lab, "seat %d", p + 1);
		text(cr, x0 + (p + 0.5) * gw, y1 + 13, 10, 0.5, false, lab);
	}
	double y = y1 - (1.0 / players) / ymax * (y1 - y0);
	double dash[] = {6, 4};
	cairo_set_dash(cr, dash, 2, 0);
	cairo_set_source_rgb(cr, 0.75, 0.1, 0.1);
	cairo_set_line_width(cr, 1);
	cairo_move_to(cr, x0, y);
	cairo_line_to(cr, x1, y);
	cairo_stroke(cr);
	cairo_set_dash(cr, NULL, 0, 0);
	snprintf(lab, sizeof lab, "1/%d", players);
	text(cr, x1 + 4, y, 10, 0, false, lab);
}

static void draw(cairo_t *cr, const struct sim_plot_series *s, int n, int nrows, const int *players,
		 const char *const *note, double height)
{
	char lab[256];
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	cairo_set_source_rgb(cr, 0, 0, 0);
	if (n == 2)
		snprintf(lab, sizeof lab, "%s vs %s: %llu games each", s[0].label, s[1].label,
			 (unsigned long long)s[0].sum->games);
	else
		snprintf(lab, sizeof lab, "%s: %llu games", s[0].label, (unsigned long long)s[0].sum->games);
	text(cr, W / 2, 20, 16, 0.5, true, lab);
	for (int r = 0; r < nrows; r++) {
		double top = TOP + r * ROW;
		const struct sim_plot_series *row = &s[r * n];
		draw_lengths(cr, row, n, players[r], top);
		draw_seats(cr, row, n, players[r], top);
		/* legend: one line per series with its headline numbers */
		for (int i = 0; i < n; i++) {
			double y = top + ROW - 48 + (i - (n - 1)) * 18;
			cairo_set_source_rgba(cr, colour[i][0], colour[i][1], colour[i][2], 0.8);
			cairo_rectangle(cr, 70, y - 6, 12, 12);
			cairo_fill(cr);
			cairo_set_source_rgb(cr, 0, 0, 0);
			text(cr, 88, y, 11, 0, false, row[i].legend ? row[i].legend : row[i].label);
		}
		if (note && note[r]) {
			cairo_set_source_rgb(cr, 0, 0, 0);
			text(cr, 70, top + ROW - 18, 10, 0, true, note[r]);
		}
	}
	text(cr, 70, height - 14, 10, 0, false,
	     "Length in rounds (each seat's turn once): won games, share of all; dashed: median of all games; "
	     "last bar: the longest 1%. Red: an even share.");
}

static cairo_status_t to_buf(void *closure, const unsigned char *data, unsigned int len)
{
	buf_add(closure, (const char *)data, len);
	return CAIRO_STATUS_SUCCESS;
}

typedef void draw_fn(cairo_t *cr, const void *user, double height);

/* Draw through fn onto a width x H surface of path's format and write the
 * file atomically; 0, or -1 with a reason in err (empty when reported already). */
static int plot_file(const char *path, double width, double H, draw_fn *fn, const void *user, char *err,
		     size_t errlen)
{
	enum plot_format fmt = sim_plot_format(path);
	struct buf out = {0};
	cairo_surface_t *sf;
	double scale = 1;
	switch (fmt) {
	case PLOT_SVG:
		sf = cairo_svg_surface_create_for_stream(to_buf, &out, width, H);
		break;
	case PLOT_PDF:
		sf = cairo_pdf_surface_create_for_stream(to_buf, &out, width, H);
		cairo_pdf_surface_set_metadata(sf, CAIRO_PDF_METADATA_TITLE, "railyard simulate");
		cairo_pdf_surface_set_metadata(sf, CAIRO_PDF_METADATA_CREATOR, "railyard");
		break;
	case PLOT_PNG:
		scale = 2;
		sf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)(width * scale), (int)(H * scale));
		break;
	default:
		snprintf(err, errlen, "the file name must end in .svg, .pdf or .png");
		return -1;
	}
	cairo_t *cr = cairo_create(sf);
	cairo_scale(cr, scale, scale);
	fn(cr, user, H);
	cairo_status_t st = cairo_status(cr);
	cairo_destroy(cr);
	if (fmt == PLOT_PNG && st == CAIRO_STATUS_SUCCESS)
		st = cairo_surface_write_to_png_stream(sf, to_buf, &out);
	cairo_surface_finish(sf);
	if (st == CAIRO_STATUS_SUCCESS)
		st = cairo_surface_status(sf);
	cairo_surface_destroy(sf);
	if (st != CAIRO_STATUS_SUCCESS) {
		snprintf(err, errlen, "drawing failed: %s", cairo_status_to_string(st));
		buf_free(&out);
		return -1;
	}
	if (write_file_atomic(path, out.s, out.len) != 0) {
		err[0] = 0;   /* reported, with the reason */
		buf_free(&out);
		return -1;
	}
	buf_free(&out);
	return 0;
}

struct series_plot {
	const struct sim_plot_series *s;
	int n, nrows;
	const int *players;
	const char *const *note;
};

static void draw_series(cairo_t *cr, const void *user, double height)
{
	const struct series_plot *p = user;
	draw(cr, p->s, p->n, p->nrows, p->players, p->note, height);
}

int sim_plot_write(const char *path, const struct sim_plot_series *s, int n, int nrows,
		   const int *players, const char *const *note, char *err, size_t errlen)
{
	struct series_plot p = {s, n, nrows, players, note};
	return plot_file(path, W, TOP + nrows * ROW + LEGEND / 2, draw_series, &p, err, errlen);
}

/* ---- intervals, one row each (railyard tune) ---- */

#define IROW 18.0
#define ILEFT 420.0    /* the least room for the labels */
#define ILABEL 1400.0  /* the most: a longer label is cut in the middle */
#define IPLOT 450.0    /* the axis and the right margin */

struct interval_plot {
	const char *title;
	const struct sim_plot_interval *rows;
	size_t n;
	double left, width;   /* the axis starts at left; the page is width wide */
};

static void draw_intervals(cairo_t *cr, const void *user, double height)
{
	const struct interval_plot *p = user;
	static const double ink[4][3] = {{0.6, 0.6, 0.6}, {0.35, 0.55, 0.8}, {0.55, 0.75, 0.95}, {0.16, 0.42, 0.70}};
	double x0 = p->left, x1 = p->width - 30, top = TOP + 20, bottom = height - 62;
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	cairo_set_source_rgb(cr, 0, 0, 0);
	text_fit(cr, p->width / 2, 20, 14, 0.5, true, p->title, p->width - 40);
	/* the axis: balance 0..1 */
	for (int t = 0; t <= 10; t++) {
		double x = x0 + (x1 - x0) * t / 10.0;
		cairo_set_source_rgb(cr, 0.9, 0.9, 0.9);
		cairo_set_line_width(cr, 0.5);
		cairo_move_to(cr, x, top - 6);
		cairo_line_to(cr, x, bottom);
		cairo_stroke(cr);
		char lab[16];
		snprintf(lab, sizeof lab, "%.1f", t / 10.0);
		cairo_set_source_rgb(cr, 0, 0, 0);
		text(cr, x, bottom + 10, 10, 0.5, false, lab);
	}
	text(cr, (x0 + x1) / 2, bottom + 26, 11, 0.5, false, "balance (1: every seat wins 1/N of the games with a single winner)");
	axis_frame(cr, x0, top - 6, x1, bottom);
	for (size_t i = 0; i < p->n; i++) {
		const struct sim_plot_interval *r = &p->rows[i];
		double y = top + IROW * (double)i + IROW / 2;
		int kind = r->kind < 0 ? 0 : r->kind + 1;
		cairo_set_source_rgb(cr, 0, 0, 0);
		text_fit(cr, x0 - 8, y, 10, 1, r->kind == 2, r->label, ILABEL);
		cairo_set_source_rgb(cr, ink[kind][0], ink[kind][1], ink[kind][2]);
		cairo_set_line_width(cr, kind >= 2 ? 3 : 1.5);
		cairo_move_to(cr, x0 + (x1 - x0) * fmax(0, r->lo), y);
		cairo_line_to(cr, x0 + (x1 - x0) * fmin(1, r->hi), y);
		cairo_stroke(cr);
		cairo_arc(cr, x0 + (x1 - x0) * fmin(1, fmax(0, r->value)), y, 3.5, 0, 6.283185307179586);
		cairo_fill(cr);
	}
	cairo_set_source_rgb(cr, 0, 0, 0);
	text(cr, 20, height - 12, 10, 0, false,
	     "dark blue: the best; light blue: ties (not shown worse than the best at the race's family-wise error); grey: worse, dropped, stalling");
}

int sim_plot_intervals(const char *path, const char *title, const struct sim_plot_interval *rows, size_t n,
		       char *err, size_t errlen)
{
	/* room for the widest label (measured as drawn, bold for the best) */
	cairo_surface_t *sf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1);
	cairo_t *cr = cairo_create(sf);
	double widest = 0;
	for (size_t i = 0; i < n; i++)
		widest = fmax(widest, text_width(cr, 10, rows[i].kind == 2, rows[i].label));
	cairo_destroy(cr);
	cairo_surface_destroy(sf);
	struct interval_plot p = {title, rows, n, 0, W};
	p.left = fmax(ILEFT, 20 + fmin(widest, ILABEL) + 8);
	p.width = fmax(W, p.left + IPLOT);
	return plot_file(path, p.width, TOP + 20 + IROW * (double)n + 82, draw_intervals, &p, err, errlen);
}

/* ---- the skill trace (railyard simulate --skill) ---- */

#define SKILL_H 420.0

struct skill_plot {
	const char *title;
	const struct sim_plot_interval *rows;
	size_t n;
	double fair;
};

static void draw_skill(cairo_t *cr, const void *user, double height)
{
	const struct skill_plot *p = user;
	double x0 = 90, x1 = W - 40, top = TOP + 20, bottom = height - 90;
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	cairo_set_source_rgb(cr, 0, 0, 0);
	text(cr, W / 2, 20, 14, 0.5, true, p->title);
	/* the axis: the stronger's share 0..1 */
	for (int t = 0; t <= 10; t++) {
		double y = bottom - (bottom - top) * t / 10.0;
		cairo_set_source_rgb(cr, 0.9, 0.9, 0.9);
		cairo_set_line_width(cr, 0.5);
		cairo_move_to(cr, x0, y);
		cairo_line_to(cr, x1, y);
		cairo_stroke(cr);
		char lab[16];
		snprintf(lab, sizeof lab, "%.1f", t / 10.0);
		cairo_set_source_rgb(cr, 0, 0, 0);
		text(cr, x0 - 8, y, 10, 1, false, lab);
	}
	axis_frame(cr, x0, top, x1, bottom);
	/* the lottery: 1/N */
	double yf = bottom - (bottom - top) * p->fair;
	double dash[] = {5, 4};
	cairo_set_source_rgb(cr, 0.85, 0.1, 0.1);
	cairo_set_line_width(cr, 1);
	cairo_set_dash(cr, dash, 2, 0);
	cairo_move_to(cr, x0, yf);
	cairo_line_to(cr, x1, yf);
	cairo_stroke(cr);
	cairo_set_dash(cr, NULL, 0, 0);
	double slot = (x1 - x0) / (double)(p->n ? p->n : 1);
	/* the steps joined into a trace; the span (kind 2) stands apart */
	cairo_set_source_rgb(cr, colour[0][0], colour[0][1], colour[0][2]);
	cairo_set_line_width(cr, 1.5);
	bool pen = false;
	for (size_t i = 0; i < p->n; i++) {
		const struct sim_plot_interval *r = &p->rows[i];
		if (r->kind == 2 || !isfinite(r->value))
			continue;
		double x = x0 + slot * ((double)i + 0.5), y = bottom - (bottom - top) * r->value;
		if (pen)
			cairo_line_to(cr, x, y);
		else
			cairo_move_to(cr, x, y);
		pen = true;
	}
	cairo_stroke(cr);
	for (size_t i = 0; i < p->n; i++) {
		const struct sim_plot_interval *r = &p->rows[i];
		double x = x0 + slot * ((double)i + 0.5);
		const double *ink = colour[r->kind == 2];
		cairo_set_source_rgb(cr, ink[0], ink[1], ink[2]);
		cairo_set_line_width(cr, 2);
		cairo_move_to(cr, x, bottom - (bottom - top) * fmax(0, r->lo));
		cairo_line_to(cr, x, bottom - (bottom - top) * fmin(1, r->hi));
		cairo_stroke(cr);
		if (isfinite(r->value)) {
			cairo_arc(cr, x, bottom - (bottom - top) * r->value, 4, 0, 6.283185307179586);
			cairo_fill(cr);
		}
		cairo_set_source_rgb(cr, 0, 0, 0);
		text(cr, x, bottom + 14, 10, 0.5, r->kind == 2, r->label);
	}
	cairo_set_source_rgb(cr, 0, 0, 0);
	text(cr, 20, (top + bottom) / 2, 11, 0, false, "share");
	text(cr, 20, height - 50, 10, 0, false,
	     "Each step: the stronger level's share of the games with a single winner against the level below, "
	     "seats rotated, with its 95% Wilson interval.");
	text(cr, 20, height - 32, 10, 0, false,
	     "Red dashed: the lottery's share 1/N (skill does not matter). Orange, apart: the strongest against "
	     "the weakest, the skill score's step.");
}

int sim_plot_skill(const char *path, const char *title, const struct sim_plot_interval *rows, size_t n, double fair,
		   char *err, size_t errlen)
{
	struct skill_plot p = {title, rows, n, fair};
	return plot_file(path, W, SKILL_H, draw_skill, &p, err, errlen);
}


/* ---- a Pareto front: two objectives, a cross of intervals each (railyard tune --objective) ---- */

#define FSIZE 560.0

struct front_plot {
	const char *title, *xlabel, *ylabel;
	const struct sim_plot_point *pts;
	size_t n;
};

/* The axis range of the finite values lo..hi of every point (one axis). */
static void front_range(const struct front_plot *p, bool y, double *lo, double *hi)
{
	*lo = INFINITY;
	*hi = -INFINITY;
	for (size_t i = 0; i < p->n; i++) {
		const double *v = y ? p->pts[i].y : p->pts[i].x;
		for (int j = 0; j < 3; j++)
			if (isfinite(v[j])) {
				*lo = fmin(*lo, v[j]);
				*hi = fmax(*hi, v[j]);
			}
	}
	if (!isfinite(*lo)) {
		*lo = 0;
		*hi = 1;
	}
	double pad = (*hi - *lo) * 0.05;
	if (pad <= 0)
		pad = fabs(*lo) > 0 ? fabs(*lo) * 0.05 : 0.5;
	*lo -= pad;
	*hi += pad;
}

static void draw_front(cairo_t *cr, const void *user, double height)
{
	const struct front_plot *p = user;
	static const double ink[4][3] = {{0.6, 0.6, 0.6}, {0.55, 0.75, 0.95}, {0.35, 0.55, 0.8}, {0.16, 0.42, 0.70}};
	double x0 = 90, x1 = W - 40, y0 = TOP + 20, y1 = height - 70;
	double xa, xb, ya, yb;
	front_range(p, false, &xa, &xb);
	front_range(p, true, &ya, &yb);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	cairo_set_source_rgb(cr, 0, 0, 0);
	text(cr, W / 2, 20, 14, 0.5, true, p->title);
#define FX(v) (x0 + (x1 - x0) * ((fmin(fmax(v, xa), xb) - xa) / (xb - xa)))
#define FY(v) (y1 - (y1 - y0) * ((fmin(fmax(v, ya), yb) - ya) / (yb - ya)))
	for (int axis = 0; axis < 2; axis++) {
		double a = axis ? ya : xa, b = axis ? yb : xb, step = nice_step(b - a, 8);
		for (double t = ceil(a / step) * step; t <= b + 1e-9 * step; t += step) {
			char lab[32];
			snprintf(lab, sizeof lab, "%g", fabs(t) < 1e-12 * step ? 0 : t);
			cairo_set_source_rgb(cr, 0.9, 0.9, 0.9);
			cairo_set_line_width(cr, 0.5);
			if (axis) {
				cairo_move_to(cr, x0, FY(t));
				cairo_line_to(cr, x1, FY(t));
			} else {
				cairo_move_to(cr, FX(t), y0);
				cairo_line_to(cr, FX(t), y1);
			}
			cairo_stroke(cr);
			cairo_set_source_rgb(cr, 0, 0, 0);
			if (axis)
				text(cr, x0 - 6, FY(t), 10, 1, false, lab);
			else
				text(cr, FX(t), y1 + 10, 10, 0.5, false, lab);
		}
	}
	text(cr, (x0 + x1) / 2, y1 + 28, 11, 0.5, false, p->xlabel);
	cairo_save(cr);
	cairo_translate(cr, 22, (y0 + y1) / 2);
	cairo_rotate(cr, -1.5707963267948966);
	text(cr, 0, 0, 11, 0.5, false, p->ylabel);
	cairo_restore(cr);
	axis_frame(cr, x0, y0, x1, y1);
	/* the grey first, the front over them */
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < p->n; i++) {
			const struct sim_plot_point *q = &p->pts[i];
			int kind = q->kind < 0 ? 0 : q->kind + 1;
			if ((kind >= 2) != (pass == 1))
				continue;
			cairo_set_source_rgb(cr, ink[kind][0], ink[kind][1], ink[kind][2]);
			cairo_set_line_width(cr, kind >= 2 ? 2 : 1);
			cairo_move_to(cr, FX(q->x[1]), FY(q->y[0]));
			cairo_line_to(cr, FX(q->x[2]), FY(q->y[0]));
			cairo_move_to(cr, FX(q->x[0]), FY(q->y[1]));
			cairo_line_to(cr, FX(q->x[0]), FY(q->y[2]));
			cairo_stroke(cr);
			cairo_arc(cr, FX(q->x[0]), FY(q->y[0]), kind == 3 ? 5 : 3.5, 0, 6.283185307179586);
			cairo_fill(cr);
			cairo_set_source_rgb(cr, 0, 0, 0);
			text(cr, FX(q->x[0]) + 6, FY(q->y[0]) - 8, 9, 0, kind == 3, q->label);
		}
#undef FX
#undef FY
	cairo_set_source_rgb(cr, 0, 0, 0);
	text(cr, 20, height - 30, 10, 0, false,
	     "each variant at its estimates with its 95% intervals; dark blue: the chosen variant; mid blue: the rest of the front;");
	text(cr, 20, height - 14, 10, 0, false,
	     "light blue: kept, off the front (not shown dominated); grey: dominated, failing a requirement, stalling");
}

int sim_plot_front(const char *path, const char *title, const char *xlabel, const char *ylabel,
		   const struct sim_plot_point *pts, size_t n, char *err, size_t errlen)
{
	struct front_plot p = {title, xlabel, ylabel, pts, n};
	return plot_file(path, W, TOP + 20 + FSIZE + 70, draw_front, &p, err, errlen);
}
