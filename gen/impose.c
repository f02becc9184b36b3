/* impose.c: items on paper. Sheets: as many items as the paper holds inside its
 * printable margin, each with its full bleed, turned when that fits more, crop
 * marks at every trim line and duplex backs; one large item (placemat, board)
 * tiled across pages with overlap and alignment marks. Generic over "items of a
 * size drawn by a callback". */
#include "draw.h"

#include <math.h>
#include <stdio.h>

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

static const char note_100[] = "Print at 100% / actual size (no \"fit to page\")";

/* How many of w x h: floor((room + 0) / cell), at least 0. */
static int fit(double room, double cell)
{
	return cell > 0 && room >= cell ? (int)floor(room / cell + 1e-9) : 0;
}

int impose_fit(double pw, double ph, double margin, double w, double h, double bleed,
	       struct sheet_grid *g)
{
	double rw = pw - 2 * margin - 2 * MARK_ROOM, rh = ph - 2 * margin - 2 * MARK_ROOM - 2 * NOTE_ROOM;
	double cw = w + 2 * bleed, ch = h + 2 * bleed;
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

/* A mark line if it is not the one just drawn (items without bleed share cut lines). */
static void mark(cairo_t *cr, double x0, double y0, double x1, double y1)
{
	cairo_move_to(cr, x0, y0);
	cairo_line_to(cr, x1, y1);
}

/* Crop marks at every trim line, outside the grid's bleed edge. */
static void crop_marks(cairo_t *cr, const struct sheet_grid *g, double bleed)
{
	double gx1 = g->x0 + g->nx * g->cw, gy1 = g->y0 + g->ny * g->ch;
	cairo_save(cr);
	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_set_line_width(cr, MARK_WIDTH);
	double last = -1;
	for (int i = 0; i < g->nx; i++)
		for (int e = 0; e < 2; e++) {
			double x = g->x0 + i * g->cw + (e ? g->cw - bleed : bleed);
			if (fabs(x - last) < 1e-6)
				continue;
			last = x;
			mark(cr, x, g->y0 - MARK_GAP, x, g->y0 - MARK_ROOM);
			mark(cr, x, gy1 + MARK_GAP, x, gy1 + MARK_ROOM);
		}
	last = -1;
	for (int j = 0; j < g->ny; j++)
		for (int e = 0; e < 2; e++) {
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

/* The note line, centred below the grid's marks. */
static void sheet_note(cairo_t *cr, double pw, const struct sheet_grid *g, const char *text)
{
	cairo_text_extents_t ext;
	cairo_save(cr);
	cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, 2.6);
	cairo_text_extents(cr, text, &ext);
	cairo_set_source_rgb(cr, 0.25, 0.25, 0.25);
	cairo_move_to(cr, (pw - ext.x_advance) / 2, g->y0 + g->ny * g->ch + MARK_ROOM + 3.0);
	cairo_show_text(cr, text);
	cairo_restore(cr);
}

long impose_sheets(struct pdfw *w, double pw, double ph, double margin, enum duplex duplex,
		   const struct item_source *src, void (*progress)(void *user, long done),
		   void *puser)
{
	struct sheet_grid g;
	int per = impose_fit(pw, ph, margin, src->w, src->h, src->bleed, &g);
	if (per < 1)
		return -1;
	bool backs = src->backs && duplex != DUPLEX_NONE;
	char note[160];
	snprintf(note, sizeof note, "%s%s", note_100,
		 !backs ? "" : duplex == DUPLEX_LONG ? "; duplex: flip on long edge"
						     : "; duplex: flip on short edge");
	double theta = g.rotated ? M_PI / 2 : 0, b = src->bleed;
	long pages = 0;
	for (long first = 0; first < src->count; first += per) {
		long n = src->count - first < per ? src->count - first : per;
		for (int side = 0; side < (backs ? 2 : 1); side++) {
			cairo_t *cr = pdfw_page(w, pw, ph, 0, NULL);
			for (long k = 0; k < n; k++) {
				int r = (int)(k / g.nx), c = (int)(k % g.nx);
				double cx = g.x0 + (c + 0.5) * g.cw, cy = g.y0 + (r + 0.5) * g.ch, t = theta;
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
				cairo_rectangle(cr, cx - g.cw / 2, cy - g.ch / 2, g.cw, g.ch);
				cairo_clip(cr);
				cairo_translate(cr, cx, cy);
				cairo_rotate(cr, t);
				cairo_translate(cr, -src->w / 2, -src->h / 2);
				src->draw(src->user, cr, first + k, side);
				cairo_restore(cr);
			}
			crop_marks(cr, &g, b);
			if (!side)
				sheet_note(cr, pw, &g, note);
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

void impose_tiles(struct pdfw *w, double pw, double ph, double margin, double iw, double ih,
		  double overlap, const struct tile_seams *seams, item_draw_fn draw, void *user,
		  long index)
{
	/* The tile label sits in the tile margin, clear of the printable margin. */
	double tm = fmax(TILE_MARGIN, margin + 4);
	/* Portrait or landscape paper, whichever takes fewer pages. */
	static _Thread_local struct tiling a, b;
	tile_grid(&a, pw, ph, tm, iw, ih, overlap, seams);
	tile_grid(&b, ph, pw, tm, iw, ih, overlap, seams);
	const struct tiling *g = b.cols * b.rows < a.cols * a.rows ? &b : &a;
	int cols = g->cols, rows = g->rows;
	pw = g->pw;
	ph = g->ph;
	/* A single page: the item centred. Tiles: each page shows one window. */
	for (int r = 0; r < rows; r++)
		for (int c = 0; c < cols; c++) {
			cairo_t *cr = pdfw_page(w, pw, ph, 0, NULL);
			double tx = g->tx[c], ty = g->ty[r];   /* window origin in the item */
			double vw = g->ex[c] - tx, vh = g->ey[r] - ty;
			/* where the next tile's window starts, from this one's origin */
			double stepx = c + 1 < cols ? g->tx[c + 1] - tx : vw;
			double stepy = r + 1 < rows ? g->ty[r + 1] - ty : vh;
			double ox = cols == 1 ? (pw - iw) / 2 : tm;
			double oy = rows == 1 ? (ph - ih) / 2 : tm;
			cairo_save(cr);
			cairo_rectangle(cr, ox, oy, vw, vh);
			cairo_clip(cr);
			cairo_translate(cr, ox - tx, oy - ty);
			draw(user, cr, index, 0);
			cairo_restore(cr);
			if (cols * rows == 1) {
				pdfw_end_page(w);
				continue;
			}
			cairo_save(cr);
			cairo_set_line_width(cr, 0.15);
			cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
			/* The window's edge: cut here on every side that meets another tile. */
			double dash[] = {2.0, 1.5};
			cairo_set_dash(cr, dash, 2, 0);
			cairo_rectangle(cr, ox, oy, vw, vh);
			cairo_stroke(cr);
			cairo_set_dash(cr, NULL, 0, 0);
			/* Where the next tile's window starts: align its edge on this line. */
			if (c + 1 < cols) {
				cairo_move_to(cr, ox + stepx, oy);
				cairo_line_to(cr, ox + stepx, oy + vh);
			}
			if (r + 1 < rows) {
				cairo_move_to(cr, ox, oy + stepy);
				cairo_line_to(cr, ox + vw, oy + stepy);
			}
			cairo_stroke(cr);
			/* Alignment crosses in the middle of each shared overlap strip, at a
			 * quarter and three quarters of its length: the same points of the
			 * item on both tiles, to lay one over the other. */
			cairo_set_line_width(cr, 0.2);
			cairo_set_source_rgb(cr, 0, 0, 0);
			for (int k = 1; k <= 3; k += 2) {
				double fy = oy + vh * k / 4, fx = ox + vw * k / 4;
				if (c > 0)
					cross(cr, ox + overlap / 2, fy);
				if (c + 1 < cols)
					cross(cr, ox + stepx + overlap / 2, fy);
				if (r > 0)
					cross(cr, fx, oy + overlap / 2);
				if (r + 1 < rows)
					cross(cr, fx, oy + stepy + overlap / 2);
			}
			cairo_stroke(cr);
			char label[512];
			snprintf(label, sizeof label,
				 "row %d, column %d of %d x %d  -  overlap %.0f mm: trim along the dashed line, glue over the tiles to the left and above",
				 r + 1, c + 1, rows, cols, overlap);
			cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
					       CAIRO_FONT_WEIGHT_NORMAL);
			cairo_set_font_size(cr, 2.8);
			cairo_move_to(cr, tm, ph - tm + 3.2);
			cairo_show_text(cr, label);
			cairo_restore(cr);
			pdfw_end_page(w);
		}
}
