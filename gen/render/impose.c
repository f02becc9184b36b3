/* impose.c: items on paper. Sheets: as many items as the paper holds inside its
 * printable margin, butted (shared cut lines, bleed around the block) or each with
 * its full bleed, turned when that fits more, crop marks at every cut line that
 * bounds an item on the page (a partial last page marks its own), duplex
 * backs, and in the margin a scale bar, the note and registration targets; the
 * edge check that says whether items suit a butted sheet; one large item
 * (placemat, board) tiled across pages with overlap, crop marks and alignment
 * marks. Generic over "items of a size drawn by a callback". */
#include "draw.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "impose.h"
#include "output.h"
#include "util.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

#define MARK_GAP 0.5       /* mm between an item's bleed edge and a crop mark */
#define MARK_LEN 3.0       /* mm, crop mark length */
#define MARK_ROOM (MARK_GAP + MARK_LEN)
#define MARK_WIDTH (0.25 * MM_PER_PT)
#define NOTE_ROOM 4.0      /* mm below the marks for the note line (and above, to centre) */
#define TILE_MARGIN 10.0   /* mm of paper left unprinted around a tile */
#define TILE_BLEED_ROOM 4.0 /* mm more of it around a tile with bleed (its crop marks) */
#define BUTT_MARK 3.5      /* mm, a butted block's crop mark at most */
#define BUTT_MARK_MIN 2.0  /* mm, and at least */
#define BUTT_BLEED 2.0     /* mm of bleed around a butted block at most (its edges
			      are alike 1.5 mm either side of the cut) */
#define BUTT_BLEED_MIN 1.0 /* mm of it at least (a cut drifts about 1 mm) */
#define BUTT_HAIR 0.1      /* mm a butted item runs over its shared cut lines */

static const char note_100[] = "Print at 100% / actual size (no \"fit to page\")";

/* How many of w x h: floor((room + 0) / cell), at least 0. */
static int fit(double room, double cell)
{
	return cell > 0 && room >= cell ? (int)floor(room / cell + 1e-9) : 0;
}

/* The grid of cells cw x ch (upright) that fits rw x rh, turned a quarter when
 * that holds more, centred on pw x ph paper. */
static int grid_fit(double pw, double ph, double rw, double rh, double cw, double ch,
		    struct sheet_grid *g)
{
	int nx = fit(rw, cw), ny = fit(rh, ch), rx = fit(rw, ch), ry = fit(rh, cw);
	g->rotated = rx * ry > nx * ny;
	g->nx = g->rotated ? rx : nx;
	g->ny = g->rotated ? ry : ny;
	g->cw = g->rotated ? ch : cw;
	g->ch = g->rotated ? cw : ch;
	g->x0 = (pw - g->nx * g->cw) / 2;
	g->y0 = (ph - g->ny * g->ch) / 2;
	return g->nx * g->ny;
}

int impose_fit(double pw, double ph, double margin, double w, double h, double bleed,
	       struct sheet_grid *g)
{
	double rw = pw - 2 * margin - 2 * MARK_ROOM, rh = ph - 2 * margin - 2 * MARK_ROOM - 2 * NOTE_ROOM;
	g->butted = false;
	g->bx = g->by = bleed;
	return grid_fit(pw, ph, rw, rh, w + 2 * bleed, h + 2 * bleed, g);
}

/* What a butted block needs beyond its trim on every side inside the margin:
 * its bleed (BUTT_BLEED_MIN, or the item's when less), then a crop mark of
 * BUTT_MARK_MIN outside it. */
static double butt_need(double bleed)
{
	return fmin(bleed, BUTT_BLEED_MIN) + MARK_GAP + BUTT_MARK_MIN;
}

/* The block's bleed on a side room mm from the paper's edge: the item's (at
 * most BUTT_BLEED), less what a crop mark outside it needs before the margin. */
static double block_bleed(double room, double margin, double bleed)
{
	return fmax(0, fmin(fmin(bleed, BUTT_BLEED), room - margin - MARK_GAP - BUTT_MARK_MIN));
}

int impose_fit_butted(double pw, double ph, double margin, double w, double h, double bleed,
		      struct sheet_grid *g)
{
	double need = margin + butt_need(bleed);
	int n = grid_fit(pw, ph, pw - 2 * need, ph - 2 * need, w, h, g);
	g->butted = true;
	g->bx = block_bleed(g->x0, margin, bleed);
	g->by = block_bleed(g->y0, margin, bleed);
	return n;
}

static void mark(cairo_t *cr, double x0, double y0, double x1, double y1)
{
	cairo_move_to(cr, x0, y0);
	cairo_line_to(cr, x1, y1);
}

/* Which columns and rows of a page hold items: the front's first n cells, row
 * by row; the back's where the sheet turned over brings them. */
struct page_fill {
	int cols, rows;        /* on the front: columns 0..cols-1, rows 0..rows-1 */
	bool flip_x, flip_y;   /* the back: columns (long edge) or rows (short) mirrored */
};

static struct page_fill page_fill(const struct sheet_grid *g, long n, int side, enum duplex duplex)
{
	return (struct page_fill){n < g->nx ? (int)n : g->nx, (int)((n + g->nx - 1) / g->nx),
				  side && duplex == DUPLEX_LONG, side && duplex != DUPLEX_LONG};
}

/* Whether column (xaxis) or row i of the page holds an item; false outside the grid. */
static bool filled(const struct sheet_grid *g, const struct page_fill *f, bool xaxis, int i)
{
	int n = xaxis ? g->nx : g->ny;
	if (i < 0 || i >= n)
		return false;
	if (xaxis ? f->flip_x : f->flip_y)
		i = n - 1 - i;
	return i < (xaxis ? f->cols : f->rows);
}

/* Gutter: crop marks at the trim lines of every column and row that holds an
 * item, outside the grid's bleed edge. */
static void crop_marks(cairo_t *cr, const struct sheet_grid *g, const struct page_fill *f, double bleed)
{
	double gx1 = g->x0 + g->nx * g->cw, gy1 = g->y0 + g->ny * g->ch;
	cairo_save(cr);
	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_set_line_width(cr, MARK_WIDTH);
	double last = -1;   /* items without bleed share cut lines: one mark each */
	for (int i = 0; i < g->nx; i++)
		for (int e = 0; e < 2 && filled(g, f, true, i); e++) {
			double x = g->x0 + i * g->cw + (e ? g->cw - bleed : bleed);
			if (fabs(x - last) < 1e-6)
				continue;
			last = x;
			mark(cr, x, g->y0 - MARK_GAP, x, g->y0 - MARK_ROOM);
			mark(cr, x, gy1 + MARK_GAP, x, gy1 + MARK_ROOM);
		}
	last = -1;
	for (int j = 0; j < g->ny; j++)
		for (int e = 0; e < 2 && filled(g, f, false, j); e++) {
			double y = g->y0 + j * g->ch + (e ? g->ch - bleed : bleed);
			if (fabs(y - last) < 1e-6)
				continue;
			last = y;
			mark(cr, g->x0 - MARK_GAP, y, g->x0 - MARK_ROOM, y);
			mark(cr, gx1 + MARK_GAP, y, gx1 + MARK_ROOM, y);
		}
	cairo_stroke(cr);
	cairo_restore(cr);
}

/* Where a butted block's marks start and end, outward from its trim on a side
 * with bleed b and room mm to the paper's edge: MARK_GAP beyond the block's
 * bleed (on white paper, never over the inks a cut may leave), to the margin,
 * at most BUTT_MARK long. False when less than BUTT_MARK_MIN fits. */
static bool butt_span(double b, double room, double margin, double *from, double *to)
{
	*from = b + MARK_GAP;
	*to = fmin(*from + BUTT_MARK, room - margin);
	return *to - *from >= BUTT_MARK_MIN - 1e-6;
}

/* Butted: a mark at every cut line that bounds an item on the page, outside the
 * block on both ends. */
static void butt_marks(cairo_t *cr, const struct sheet_grid *g, const struct page_fill *f,
		       double margin)
{
	double gx1 = g->x0 + g->nx * g->cw, gy1 = g->y0 + g->ny * g->ch, a, b;
	cairo_save(cr);
	cairo_new_path(cr);
	if (butt_span(g->by, g->y0, margin, &a, &b))
		for (int i = 0; i <= g->nx; i++) {
			if (!filled(g, f, true, i - 1) && !filled(g, f, true, i))
				continue;
			double x = g->x0 + i * g->cw;
			mark(cr, x, g->y0 - a, x, g->y0 - b);
			mark(cr, x, gy1 + a, x, gy1 + b);
		}
	if (butt_span(g->bx, g->x0, margin, &a, &b))
		for (int j = 0; j <= g->ny; j++) {
			if (!filled(g, f, false, j - 1) && !filled(g, f, false, j))
				continue;
			double y = g->y0 + j * g->ch;
			mark(cr, g->x0 - a, y, g->x0 - b, y);
			mark(cr, gx1 + a, y, gx1 + b, y);
		}
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_set_line_width(cr, MARK_WIDTH);
	cairo_stroke(cr);
	cairo_restore(cr);
}

/* ---- the sheet's margin: the note, the scale bar, the registration targets ----
 * They go where the paper is free: beyond the crop marks along each side of the
 * block, or between two marks; never nearer the paper's edge than the margin,
 * never over the block's bleed. */

#define SCALE_LEN 50.0     /* mm, the scale bar */
#define SCALE_DEPTH 2.5    /* mm */
#define TARGET 5.0         /* mm, a registration target at most */
#define TARGET_MIN 3.0
#define NOTE_SIZE 2.4      /* mm, the note's type */
#define MAX_REGIONS 128

/* A free strip of paper along one side of the block: len mm along the side,
 * depth mm across, from (x, y); vertical when it runs up and down. [lo, hi] is
 * the part still free. */
struct region {
	double x, y, len, depth, lo, hi;
	bool vertical, outer;   /* outer: beyond the marks, the whole side */
	int side;               /* 0 bottom, 1 top, 2 right, 3 left */
};

struct margin_plan {
	struct region r[MAX_REGIONS];
	int n;
};

static void add_region(struct margin_plan *p, int side, bool outer, double x, double y, double len,
		       double depth)
{
	if (p->n < MAX_REGIONS && len >= 5 && depth >= 2)
		p->r[p->n++] = (struct region){x, y, len, depth, 0, len, side >= 2, outer, side};
}

/* The cut lines along one axis of the grid (n cells of size cell from x0): every
 * shared line (butted) or both trim lines of every cell (gutter). */
static int cut_lines(const struct sheet_grid *g, bool xaxis, double bleed, double *v)
{
	int n = xaxis ? g->nx : g->ny, k = 0;
	double x0 = xaxis ? g->x0 : g->y0, cell = xaxis ? g->cw : g->ch;
	for (int i = 0; i < n; i++) {
		if (g->butted) {
			v[k++] = x0 + i * cell;
			if (i + 1 == n)
				v[k++] = x0 + n * cell;
		} else {
			v[k++] = x0 + i * cell + bleed;
			v[k++] = x0 + (i + 1) * cell - bleed;
		}
	}
	return k;
}

/* The free strips on one side of the block: side 0 bottom, 1 top, 2 right, 3 left.
 * edge: the block's outer edge (its bleed) on that side, page mm; marks: how far
 * beyond it the crop marks reach; room: from there to the margin. Beyond the
 * marks, one strip from the first cut line to the last; between the marks, the
 * depth of the marks (or all the room when there is none beyond them). */
static void side_regions(struct margin_plan *p, int side, double edge, double marks, double room,
			 const double *cuts, int ncuts)
{
	bool vertical = side >= 2, far = side == 0 || side == 2;
	double out = room - marks - 0.5, in = out >= 2 ? marks - 0.5 : room - 0.5;
	double lo = cuts[0], hi = cuts[ncuts - 1];
	double at = far ? edge + marks + 0.5 : edge - marks - 0.5 - out;
	if (vertical)
		add_region(p, side, true, at, lo, hi - lo, out);
	else
		add_region(p, side, true, lo, at, hi - lo, out);
	at = far ? edge + 0.5 : edge - 0.5 - in;
	for (int i = 0; i + 1 < ncuts; i++) {
		double a = cuts[i] + 1.0, b = cuts[i + 1] - 1.0;
		if (vertical)
			add_region(p, side, false, at, a, b - a, in);
		else
			add_region(p, side, false, a, at, b - a, in);
	}
}

/* The free strips around the grid on pw x ph paper. */
static void plan_regions(struct margin_plan *p, const struct sheet_grid *g, double pw, double ph,
			 double margin, double bleed)
{
	double lim = margin;
	double bx = g->butted ? g->bx : 0, by = g->butted ? g->by : 0;
	double gx0 = g->x0 - bx, gx1 = g->x0 + g->nx * g->cw + bx;
	double gy0 = g->y0 - by, gy1 = g->y0 + g->ny * g->ch + by;
	double mx = MARK_ROOM, my = MARK_ROOM, a, b;
	if (g->butted) {
		mx = butt_span(g->bx, g->x0, margin, &a, &b) ? fmax(0, b - g->bx) : 0;
		my = butt_span(g->by, g->y0, margin, &a, &b) ? fmax(0, b - g->by) : 0;
	}
	double xs[2 * MAX_REGIONS], ys[2 * MAX_REGIONS];
	p->n = 0;
	if (g->nx >= MAX_REGIONS || g->ny >= MAX_REGIONS)
		return;
	int nx = cut_lines(g, true, bleed, xs), ny = cut_lines(g, false, bleed, ys);
	side_regions(p, 0, gy1, my, ph - lim - gy1, xs, nx);
	side_regions(p, 1, gy0, my, gy0 - lim, xs, nx);
	side_regions(p, 2, gx1, mx, pw - lim - gx1, ys, ny);
	side_regions(p, 3, gx0, mx, gx0 - lim, ys, ny);
}

static bool fits(const struct region *r, double len, double depth)
{
	return r->hi - r->lo >= len && r->depth >= depth;
}

/* Take len x depth mm of region r from its low end or (high) its high end: the
 * rectangle's corner and direction. */
static void take_in(struct region *r, double len, double depth, bool high, double *x, double *y,
		    bool *vertical)
{
	double along = high ? r->hi - len : r->lo, across = (r->depth - depth) / 2;
	if (high)
		r->hi -= len + 2;
	else
		r->lo += len + 2;
	*vertical = r->vertical;
	*x = r->vertical ? r->x + across : r->x + along;
	*y = r->vertical ? r->y + along : r->y + across;
}

/* The same from the first region that has room. */
static bool take(struct margin_plan *p, double len, double depth, double *x, double *y, bool *vertical)
{
	for (int i = 0; i < p->n; i++)
		if (fits(&p->r[i], len, depth)) {
			take_in(&p->r[i], len, depth, false, x, y, vertical);
			return true;
		}
	return false;
}

/* Text at the rectangle (x, y) len long (reading up the page when vertical). */
static void margin_text(cairo_t *cr, const char *text, double x, double y, double len, double depth,
			bool vertical)
{
	cairo_save(cr);
	cairo_translate(cr, x, y);
	if (vertical) {
		cairo_translate(cr, 0, len);
		cairo_rotate(cr, -M_PI / 2);
	}
	cairo_move_to(cr, 0, depth * 0.78);
	cairo_show_text(cr, text);
	cairo_restore(cr);
}

static double text_len(cairo_t *cr, const char *text)
{
	cairo_text_extents_t ext;
	cairo_text_extents(cr, text, &ext);
	return ext.x_advance;
}

/* The note where it fits whole, else in pieces (split at "; "). */
static void place_note(cairo_t *cr, struct margin_plan *p, const char *note)
{
	double len = text_len(cr, note), x, y;
	bool v;
	if (take(p, len, NOTE_SIZE, &x, &y, &v)) {
		margin_text(cr, note, x, y, len, NOTE_SIZE, v);
		return;
	}
	char buf[256];
	snprintf(buf, sizeof buf, "%s", note);
	for (char *part = buf, *next; part; part = next) {
		next = strstr(part, "; ");
		if (next) {
			*next = 0;
			next += 2;
		}
		len = text_len(cr, part);
		if (take(p, len, NOTE_SIZE, &x, &y, &v))
			margin_text(cr, part, x, y, len, NOTE_SIZE, v);
	}
}

/* The scale bar: SCALE_LEN mm in five blocks, black and white, and its length. */
static void place_scale(cairo_t *cr, struct margin_plan *p)
{
	const char *label = "50 mm";
	double tl = text_len(cr, label), x, y;
	bool v;
	if (!take(p, SCALE_LEN + 1.5 + tl, SCALE_DEPTH, &x, &y, &v))
		return;
	cairo_save(cr);
	cairo_translate(cr, x, y);
	if (v) {
		cairo_translate(cr, 0, SCALE_LEN + 1.5 + tl);
		cairo_rotate(cr, -M_PI / 2);
	}
	cairo_set_source_rgb(cr, 0, 0, 0);
	for (int k = 0; k < 5; k += 2)
		cairo_rectangle(cr, k * SCALE_LEN / 5, 0, SCALE_LEN / 5, SCALE_DEPTH);
	cairo_fill(cr);
	cairo_set_line_width(cr, MARK_WIDTH);
	cairo_rectangle(cr, MARK_WIDTH / 2, MARK_WIDTH / 2, SCALE_LEN - MARK_WIDTH, SCALE_DEPTH - MARK_WIDTH);
	cairo_stroke(cr);
	cairo_restore(cr);
	cairo_save(cr);
	cairo_set_source_rgb(cr, 0.25, 0.25, 0.25);
	if (v)
		margin_text(cr, label, x + (SCALE_DEPTH - NOTE_SIZE) / 2, y, tl, NOTE_SIZE, true);
	else
		margin_text(cr, label, x + SCALE_LEN + 1.5, y + (SCALE_DEPTH - NOTE_SIZE) / 2, tl,
			    NOTE_SIZE, false);
	cairo_restore(cr);
}

/* A registration target of size d centred on (x, y): a ring and a cross. */
static void target(cairo_t *cr, double x, double y, double d)
{
	cairo_save(cr);
	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_set_line_width(cr, MARK_WIDTH);
	cairo_move_to(cr, x - d / 2, y);
	cairo_line_to(cr, x + d / 2, y);
	cairo_move_to(cr, x, y - d / 2);
	cairo_line_to(cr, x, y + d / 2);
	cairo_new_sub_path(cr);
	cairo_arc(cr, x, y, d * 0.3, 0, 2 * M_PI);
	cairo_stroke(cr);
	cairo_restore(cr);
}

/* Two registration targets at the two ends of one side (top first, then bottom,
 * right, left): their centres in t[0..3], their size; false when none fit. */
static bool place_targets(struct margin_plan *p, double t[4], double *size)
{
	static const int order[] = {1, 0, 2, 3};
	for (int o = 0; o < 4; o++)
		for (double d = TARGET; d >= TARGET_MIN; d -= 0.5) {
			int first = -1, last = -1;
			for (int i = 0; i < p->n; i++)
				if (p->r[i].side == order[o] && fits(&p->r[i], d, d)) {
					last = i;
					first = first < 0 ? i : first;
				}
			if (first < 0 || (first == last && !fits(&p->r[first], 3 * d, d)))
				continue;
			bool v;
			take_in(&p->r[first], d, d, false, &t[0], &t[1], &v);
			take_in(&p->r[last], d, d, true, &t[2], &t[3], &v);
			for (int k = 0; k < 4; k++)
				t[k] += d / 2;
			*size = d;
			return true;
		}
	return false;
}

/* What goes in the sheet's margin, planned once for every page. */
struct sheet_extras {
	struct margin_plan plan;
	double t[4], tsize;      /* the registration targets' centres on the front */
	bool targets;
};

/* The front's margin: the note, the targets and the scale bar; the back's: the
 * targets where turning the sheet over brings the front's. */
static void sheet_margin(cairo_t *cr, const struct sheet_grid *g, double pw, double ph,
			 double margin, double bleed, const char *note, int side, enum duplex duplex)
{
	struct sheet_extras *x = xcalloc(1, sizeof *x);
	cairo_save(cr);
	cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, NOTE_SIZE);
	cairo_set_source_rgb(cr, 0.25, 0.25, 0.25);
	plan_regions(&x->plan, g, pw, ph, margin, bleed);
	x->targets = duplex != DUPLEX_NONE && place_targets(&x->plan, x->t, &x->tsize);
	if (!side) {
		place_scale(cr, &x->plan);
		place_note(cr, &x->plan, note);
	}
	for (int k = 0; x->targets && k < 2; k++) {
		double tx = x->t[2 * k], ty = x->t[2 * k + 1];
		if (side && duplex == DUPLEX_LONG)
			tx = pw - tx;
		else if (side)
			ty = ph - ty;
		target(cr, tx, ty, x->tsize);
	}
	cairo_restore(cr);
	free(x);
}

/* The rectangle a cell shows on the page, (cx, cy) its centre: gutter, the cell;
 * butted, the trim and the bleed on each side no item lies against (the block's
 * bleed at its edges, the item's own where a neighbouring cell is empty), and a
 * hair over the shared cut lines so no seam shows between neighbours. Front page
 * cell r, c; the page's side mirrors the sides for the back. */
static void cell_clip(cairo_t *cr, const struct sheet_grid *g, double bleed, int r, int c, long n,
		      double cx, double cy, int side, enum duplex duplex)
{
	double x0 = cx - g->cw / 2, y0 = cy - g->ch / 2, x1 = x0 + g->cw, y1 = y0 + g->ch;
	if (g->butted) {
		long k = (long)r * g->nx + c;
		double l = c == 0 ? g->bx : BUTT_HAIR;
		double rt = c + 1 == g->nx ? g->bx : k + 1 < n ? BUTT_HAIR : bleed;
		double t = r == 0 ? g->by : BUTT_HAIR;
		double bt = r + 1 == g->ny ? g->by : k + g->nx < n ? BUTT_HAIR : bleed;
		double sw;
		if (side && duplex == DUPLEX_LONG)
			sw = l, l = rt, rt = sw;
		else if (side)
			sw = t, t = bt, bt = sw;
		x0 -= l;
		x1 += rt;
		y0 -= t;
		y1 += bt;
	}
	cairo_rectangle(cr, x0, y0, x1 - x0, y1 - y0);
	cairo_clip(cr);
}

/* One page of a sheet: items first..first+n-1, the front or (side 1) the back. */
static void sheet_page(cairo_t *cr, const struct sheet_grid *g, double pw, double ph,
		       double margin, enum duplex duplex, const struct item_source *src, long first, long n, int side)
{
	double theta = g->rotated ? M_PI / 2 : 0;
	for (long k = 0; k < n; k++) {
		int r = (int)(k / g->nx), c = (int)(k % g->nx);
		double cx = g->x0 + (c + 0.5) * g->cw, cy = g->y0 + (r + 0.5) * g->ch, t = theta;
		/* The back of the item at (cx, cy) is where the sheet turned over
		 * brings it: long edge mirrors x, short edge mirrors y; the
		 * turn about the item's own upright axis gives the angle. */
		if (side && duplex == DUPLEX_LONG) {
			cx = pw - cx;
			t = -theta;
		} else if (side) {
			cy = ph - cy;
			t = M_PI - theta;
		}
		cairo_save(cr);
		cell_clip(cr, g, src->bleed, r, c, n, cx, cy, side, duplex);
		cairo_translate(cr, cx, cy);
		cairo_rotate(cr, t);
		cairo_translate(cr, -src->w / 2, -src->h / 2);
		src->draw(src->user, cr, first + k, side);
		cairo_restore(cr);
	}
	struct page_fill f = page_fill(g, n, side, duplex);
	if (g->butted)
		butt_marks(cr, g, &f, margin);
	else
		crop_marks(cr, g, &f, src->bleed);
}

long impose_sheets(struct pdfw *w, double pw, double ph, double margin, enum duplex duplex,
		   const struct item_source *src, void (*progress)(void *user, long done),
		   void *puser)
{
	struct sheet_grid g;
	int per = src->butted ? impose_fit_butted(pw, ph, margin, src->w, src->h, src->bleed, &g)
			      : impose_fit(pw, ph, margin, src->w, src->h, src->bleed, &g);
	if (per < 1)
		return -1;
	bool backs = src->backs && duplex != DUPLEX_NONE;
	char note[160];
	snprintf(note, sizeof note, "%s%s", note_100,
		 !backs ? "" : duplex == DUPLEX_LONG ? "; duplex: flip on long edge"
						     : "; duplex: flip on short edge");
	long pages = 0;
	for (long first = 0; first < src->count; first += per) {
		long n = src->count - first < per ? src->count - first : per;
		for (int side = 0; side < (backs ? 2 : 1); side++) {
			cairo_t *cr = pdfw_page(w, pw, ph, 0, NULL);
			sheet_page(cr, &g, pw, ph, margin, duplex, src, first, n, side);
			sheet_margin(cr, &g, pw, ph, margin, src->bleed, note, side,
				     backs ? duplex : DUPLEX_NONE);
			pdfw_end_page(w);
			pages++;
		}
		if (progress)
			progress(puser, first + n);
	}
	return pages;
}

enum { MAX_TILES = 64 };

/* The tiles along one side of len mm, use mm printable per page: tile k shows
 * [t[k], e[k]]; the next one starts (its cut edge, the visible seam) overlap mm
 * before e[k], on the farthest of the safe positions in reach when there is one
 * (the gaps between spaces), else as far as the page allows. Returns the count. */
static int tile_cuts(double len, double use, double overlap, const double *safe, size_t ns,
		     double *t, double *e)
{
	int n = 0;
	double at = 0;
	while (n < MAX_TILES) {
		t[n] = at;
		if (len - at <= use || use <= 2 * overlap) {
			e[n++] = len;
			break;
		}
		double seam = at + use - overlap, best = -1;
		for (size_t i = 0; i < ns; i++)
			if (safe[i] > at + overlap && safe[i] <= seam && safe[i] > best)
				best = safe[i];
		if (best > 0)
			seam = best;
		e[n++] = seam + overlap;
		at = seam;
	}
	return n;
}

struct tiling {
	double pw, ph;
	int cols, rows;
	double tx[MAX_TILES], ex[MAX_TILES], ty[MAX_TILES], ey[MAX_TILES];
};

static void tile_grid(struct tiling *g, double pw, double ph, double tm, double iw, double ih,
		      double overlap, const struct tile_seams *s)
{
	g->pw = pw;
	g->ph = ph;
	g->cols = tile_cuts(iw, pw - 2 * tm, overlap, s ? s->x : NULL, s ? s->nx : 0, g->tx, g->ex);
	g->rows = tile_cuts(ih, ph - 2 * tm, overlap, s ? s->y : NULL, s ? s->ny : 0, g->ty, g->ey);
}

static void cross(cairo_t *cr, double x, double y)
{
	cairo_move_to(cr, x - 3, y);
	cairo_line_to(cr, x + 3, y);
	cairo_move_to(cr, x, y - 3);
	cairo_line_to(cr, x, y + 3);
	cairo_new_sub_path(cr);
	cairo_arc(cr, x, y, 1.5, 0, 2 * M_PI);
}

/* One tile on its page: the window (ox, oy, vw, vh) onto the item (bleed
 * included), the tile at column c of cols and row r of rows. */
struct tile_page {
	double ox, oy, vw, vh, stepx, stepy;
	int r, c, rows, cols;
};

/* Crop marks at the item's trim on the window's outer sides (those no other
 * tile meets), outside the window. */
static void tile_trim_marks(cairo_t *cr, const struct tile_page *t, double bleed)
{
	double x0 = t->ox, y0 = t->oy, x1 = t->ox + t->vw, y1 = t->oy + t->vh;
	cairo_save(cr);
	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_set_line_width(cr, MARK_WIDTH);
	double xs[2] = {t->c == 0 ? x0 + bleed : -1, t->c + 1 == t->cols ? x1 - bleed : -1};
	double ys[2] = {t->r == 0 ? y0 + bleed : -1, t->r + 1 == t->rows ? y1 - bleed : -1};
	for (int k = 0; k < 2; k++) {
		if (xs[k] >= 0) {
			mark(cr, xs[k], y0 - MARK_GAP, xs[k], y0 - MARK_ROOM);
			mark(cr, xs[k], y1 + MARK_GAP, xs[k], y1 + MARK_ROOM);
		}
		if (ys[k] >= 0) {
			mark(cr, x0 - MARK_GAP, ys[k], x0 - MARK_ROOM, ys[k]);
			mark(cr, x1 + MARK_GAP, ys[k], x1 + MARK_ROOM, ys[k]);
		}
	}
	cairo_stroke(cr);
	cairo_restore(cr);
}

/* The seams of a tile that meets others: its cut edges dashed, the line the
 * next tile's edge lies on, the alignment crosses, and the label below it. */
static void tile_seam_marks(cairo_t *cr, const struct tile_page *t, double bleed, double overlap)
{
	double ox = t->ox, oy = t->oy, vw = t->vw, vh = t->vh;
	cairo_save(cr);
	cairo_set_line_width(cr, 0.15);
	cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
	/* The window's edges that meet another tile: cut here. */
	double dash[] = {2.0, 1.5};
	cairo_set_dash(cr, dash, 2, 0);
	if (t->c > 0)
		mark(cr, ox, oy, ox, oy + vh);
	if (t->c + 1 < t->cols)
		mark(cr, ox + vw, oy, ox + vw, oy + vh);
	if (t->r > 0)
		mark(cr, ox, oy, ox + vw, oy);
	if (t->r + 1 < t->rows)
		mark(cr, ox, oy + vh, ox + vw, oy + vh);
	cairo_stroke(cr);
	cairo_set_dash(cr, NULL, 0, 0);
	/* Where the next tile's window starts: align its edge on this line. */
	if (t->c + 1 < t->cols)
		mark(cr, ox + t->stepx, oy, ox + t->stepx, oy + vh);
	if (t->r + 1 < t->rows)
		mark(cr, ox, oy + t->stepy, ox + vw, oy + t->stepy);
	cairo_stroke(cr);
	/* Alignment crosses in the middle of each overlap strip this tile lends to
	 * the next one (the glued area under it, covered once the next tile lies
	 * on it), at a quarter and three quarters of its length; never on the
	 * strip a tile lays over the one before, which stays visible on the
	 * finished item. */
	cairo_set_line_width(cr, 0.2);
	cairo_set_source_rgb(cr, 0, 0, 0);
	for (int k = 1; k <= 3; k += 2) {
		if (t->c + 1 < t->cols)
			cross(cr, ox + t->stepx + overlap / 2, oy + vh * k / 4);
		if (t->r + 1 < t->rows)
			cross(cr, ox + vw * k / 4, oy + t->stepy + overlap / 2);
	}
	cairo_stroke(cr);
	/* The label below the window, clear of its bleed and below its crop marks. */
	char label[512];
	snprintf(label, sizeof label,
		 "row %d, column %d of %d x %d  -  overlap %.0f mm: trim along the dashed line, glue over the tiles to the left and above",
		 t->r + 1, t->c + 1, t->rows, t->cols, overlap);
	cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, 2.8);
	cairo_move_to(cr, ox + (t->c == 0 && bleed > 0 ? bleed + 3 : 0),
		      oy + vh + (bleed > 0 ? MARK_ROOM + 0.5 : 0) + 2.8);
	cairo_show_text(cr, label);
	cairo_restore(cr);
}

/* The seams moved into the coordinates of the item with its bleed (caller frees). */
static double *shift(const double *v, size_t n, double by)
{
	double *out = xcalloc(n + 1, sizeof *out);
	for (size_t i = 0; i < n; i++)
		out[i] = v[i] + by;
	return out;
}

/* The tile margin: the label sits in it, clear of the printable margin; with
 * bleed, the crop marks outside it take more. */
static double tile_margin(double margin, double bleed)
{
	return fmax(TILE_MARGIN, margin + 4) + (bleed > 0 ? TILE_BLEED_ROOM : 0);
}

/* The tiles of an item iw x ih (bleed around it) on portrait (a) or landscape (b)
 * paper, whichever takes fewer pages: that one. */
static const struct tiling *tile_plan(struct tiling *a, struct tiling *b, double pw, double ph,
				      double margin, double iw, double ih, double bleed,
				      double overlap, const struct tile_seams *seams)
{
	double tm = tile_margin(margin, bleed), bw = iw + 2 * bleed, bh = ih + 2 * bleed;
	struct tile_seams s = {NULL, NULL, 0, 0};
	if (seams)
		s = (struct tile_seams){shift(seams->x, seams->nx, bleed), shift(seams->y, seams->ny, bleed),
					seams->nx, seams->ny};
	tile_grid(a, pw, ph, tm, bw, bh, overlap, &s);
	tile_grid(b, ph, pw, tm, bw, bh, overlap, &s);
	free((void *)s.x);
	free((void *)s.y);
	return b->cols * b->rows < a->cols * a->rows ? b : a;
}

int impose_tile_pages(double pw, double ph, double margin, double iw, double ih, double bleed,
		      double overlap, const struct tile_seams *seams)
{
	struct tiling *t = xcalloc(2, sizeof *t);
	const struct tiling *g = tile_plan(&t[0], &t[1], pw, ph, margin, iw, ih, bleed, overlap, seams);
	int n = g->cols * g->rows;
	free(t);
	return n;
}

void impose_tiles(struct pdfw *w, double pw, double ph, double margin, double iw, double ih,
		  double bleed, double overlap, const struct tile_seams *seams, item_draw_fn draw,
		  void *user, long index)
{
	double tm = tile_margin(margin, bleed), bw = iw + 2 * bleed, bh = ih + 2 * bleed;
	static _Thread_local struct tiling a, b;
	const struct tiling *g = tile_plan(&a, &b, pw, ph, margin, iw, ih, bleed, overlap, seams);
	pw = g->pw;
	ph = g->ph;
	/* A single page: the item centred. Tiles: each page shows one window. */
	for (int r = 0; r < g->rows; r++)
		for (int c = 0; c < g->cols; c++) {
			cairo_t *cr = pdfw_page(w, pw, ph, 0, NULL);
			double tx = g->tx[c], ty = g->ty[r];   /* window origin, bleed included */
			struct tile_page t = {g->cols == 1 ? (pw - bw) / 2 : tm, g->rows == 1 ? (ph - bh) / 2 : tm,
					      g->ex[c] - tx, g->ey[r] - ty, 0, 0, r, c, g->rows, g->cols};
			/* where the next tile's window starts, from this one's origin */
			t.stepx = c + 1 < g->cols ? g->tx[c + 1] - tx : t.vw;
			t.stepy = r + 1 < g->rows ? g->ty[r + 1] - ty : t.vh;
			cairo_save(cr);
			cairo_rectangle(cr, t.ox, t.oy, t.vw, t.vh);
			cairo_clip(cr);
			cairo_translate(cr, t.ox - tx + bleed, t.oy - ty + bleed);
			draw(user, cr, index, 0);
			cairo_restore(cr);
			if (bleed > 0)
				tile_trim_marks(cr, &t, bleed);
			if (g->cols * g->rows > 1)
				tile_seam_marks(cr, &t, bleed, overlap);
			pdfw_end_page(w);
		}
}

/* ---- the edge check of butted sheets ---- */

#define EDGE_PX 6.0   /* px per mm */
#define EDGE_IN 1.5   /* mm each side of the trim: a cut that drifts this far shows
			 the neighbour's edge where its own bleed would be */
#define EDGE_TOL 6    /* per channel, of 255 */

struct edge_check {
	cairo_surface_t *s;
	cairo_t *cr;
	double w, h, bleed;
	int W, H;                 /* px */
	uint32_t *ref[2][2];      /* per group (faces, backs): the first item's columns
				     across the left and right edges, rows across top and bottom */
	int len[2];
	bool ok;
};

static int px(double mm)
{
	return (int)lround(mm * EDGE_PX);
}

struct edge_check *edge_check_new(double w, double h, double bleed)
{
	struct edge_check *e = xcalloc(1, sizeof *e);
	e->w = w;
	e->h = h;
	e->bleed = bleed;
	e->W = px(w + 2 * bleed);
	e->H = px(h + 2 * bleed);
	e->s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, e->W, e->H);
	e->ok = cairo_surface_status(e->s) == CAIRO_STATUS_SUCCESS;
	e->len[0] = e->H;
	e->len[1] = e->W;
	for (int g = 0; g < 2; g++)
		for (int k = 0; k < 2; k++)
			e->ref[g][k] = NULL;
	return e;
}

cairo_t *edge_check_begin(struct edge_check *e)
{
	cairo_t *cr = e->cr = cairo_create(e->s);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	cairo_scale(cr, EDGE_PX, EDGE_PX);
	cairo_translate(cr, e->bleed, e->bleed);
	/* the strips, two pixels wider on both sides than what is looked at */
	double b = e->bleed + 2 / EDGE_PX, in = EDGE_IN + 2 / EDGE_PX, d = b + in;
	cairo_rectangle(cr, -b, -b, d, e->h + 2 * b);
	cairo_rectangle(cr, e->w - in, -b, d, e->h + 2 * b);
	cairo_rectangle(cr, -b, -b, e->w + 2 * b, d);
	cairo_rectangle(cr, -b, e->h - in, e->w + 2 * b, d);
	cairo_clip(cr);
	return cr;
}

static bool near_px(uint32_t a, uint32_t b)
{
	for (int sh = 0; sh < 24; sh += 8) {
		int d = (int)((a >> sh) & 255) - (int)((b >> sh) & 255);
		if (d > EDGE_TOL || d < -EDGE_TOL)
			return false;
	}
	return true;
}

/* Pixel (x, y) of the surface, or across: (y, x). */
static uint32_t at(const unsigned char *data, int stride, bool across, int a, int b)
{
	int x = across ? b : a, y = across ? a : b;
	return ((const uint32_t *)(const void *)(data + (size_t)y * (size_t)stride))[x];
}

/* Edge strips along one axis (vertical: left and right, else top and bottom):
 * every line across a strip one colour, the two edges' profiles the same and the
 * same as ref (filled from the first item). */
static bool edge_axis(struct edge_check *e, const unsigned char *data, int stride, bool vertical,
		      uint32_t **ref)
{
	double b = e->bleed, len = vertical ? e->h : e->w, across = vertical ? e->w : e->h;
	int n = vertical ? e->H : e->W, o = px(b - fmin(b, EDGE_IN));
	int near1 = px(b + EDGE_IN), far0 = px(b + across - EDGE_IN), far1 = px(b + across + fmin(b, EDGE_IN));
	int from = px(b + EDGE_IN), to = px(b + len - EDGE_IN);
	bool fresh = !*ref;
	if (fresh)
		*ref = xcalloc((size_t)n, sizeof **ref);
	for (int i = from; i < to; i++) {
		uint32_t l = at(data, stride, !vertical, o, i), r = at(data, stride, !vertical, far1 - 1, i);
		for (int k = o; k < near1; k++)
			if (!near_px(at(data, stride, !vertical, k, i), l))
				return false;
		for (int k = far0; k < far1; k++)
			if (!near_px(at(data, stride, !vertical, k, i), r))
				return false;
		if (!near_px(l, r))
			return false;
		if (fresh)
			(*ref)[i] = l;
		else if (!near_px((*ref)[i], l))
			return false;
	}
	return true;
}

bool edge_check_end(struct edge_check *e, int group)
{
	cairo_destroy(e->cr);
	e->cr = NULL;
	if (!e->ok)
		return false;
	cairo_surface_flush(e->s);
	const unsigned char *data = cairo_image_surface_get_data(e->s);
	int stride = cairo_image_surface_get_stride(e->s);
	return edge_axis(e, data, stride, true, &e->ref[group][0]) &&
	       edge_axis(e, data, stride, false, &e->ref[group][1]);
}

void edge_check_free(struct edge_check *e)
{
	if (!e)
		return;
	for (int g = 0; g < 2; g++)
		for (int k = 0; k < 2; k++)
			free(e->ref[g][k]);
	cairo_surface_destroy(e->s);
	free(e);
}
