/* impose.c: items on paper. 3x3 sheets with crop marks and long-edge duplex
 * backs; one large item (placemat, board) tiled across pages with overlap and
 * alignment marks. Generic over "items of a size drawn by a callback". */
#include "draw.h"

#include <math.h>
#include <stdio.h>

#include "util.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

#define SHEET_MARGIN 2.0   /* mm of paper left beyond the crop marks (letter: 3 rows fit) */
#define MARK_GAP 1.0       /* mm between the grid and a crop mark */
#define MARK_LEN 3.0       /* mm, crop mark length */
#define MARK_WIDTH (0.25 * MM_PER_PT)
#define TILE_MARGIN 10.0   /* mm of paper left unprinted around a tile */

static const char note_100[] = "Print at 100% / actual size (no \"fit to page\"); duplex: flip on long edge";

static void crop_marks(cairo_t *cr, double x0, double y0, int nx, int ny, double w, double h)
{
	double x1 = x0 + nx * w, y1 = y0 + ny * h;
	cairo_save(cr);
	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_set_line_width(cr, MARK_WIDTH);
	for (int i = 0; i <= nx; i++) {
		double x = x0 + i * w;
		cairo_move_to(cr, x, y0 - MARK_GAP);
		cairo_line_to(cr, x, y0 - MARK_GAP - MARK_LEN);
		cairo_move_to(cr, x, y1 + MARK_GAP);
		cairo_line_to(cr, x, y1 + MARK_GAP + MARK_LEN);
	}
	for (int j = 0; j <= ny; j++) {
		double y = y0 + j * h;
		cairo_move_to(cr, x0 - MARK_GAP, y);
		cairo_line_to(cr, x0 - MARK_GAP - MARK_LEN, y);
		cairo_move_to(cr, x1 + MARK_GAP, y);
		cairo_line_to(cr, x1 + MARK_GAP + MARK_LEN, y);
	}
	cairo_stroke(cr);
	cairo_restore(cr);
}

/* The note in the widest margin: below the grid, or up the left side. */
static void sheet_note(cairo_t *cr, double pw, double ph, double x0, double y0, double gw,
		       double gh, const char *text)
{
	(void)gw;
	double below = ph - (y0 + gh), left = x0;
	cairo_text_extents_t ext;
	cairo_save(cr);
	cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, 2.6);
	cairo_text_extents(cr, text, &ext);
	cairo_set_source_rgb(cr, 0.25, 0.25, 0.25);
	if (below >= 9.5) {
		cairo_move_to(cr, (pw - ext.x_advance) / 2, y0 + gh + MARK_GAP + MARK_LEN + 3.5);
	} else {
		cairo_translate(cr, left - MARK_GAP - MARK_LEN - 2.0, (ph + ext.x_advance) / 2);
		cairo_rotate(cr, -M_PI / 2);
		cairo_move_to(cr, 0, 0);
	}
	cairo_show_text(cr, text);
	cairo_restore(cr);
}

void impose_sheets(struct pdfw *w, double pw, double ph, const struct item_source *src,
		   void (*progress)(void *user, long done), void *puser)
{
	double room = SHEET_MARGIN + MARK_GAP + MARK_LEN;
	int nx = (int)floor((pw - 2 * room) / src->w), ny = (int)floor((ph - 2 * room) / src->h);
	if (nx > 3)
		nx = 3;
	if (ny > 3)
		ny = 3;
	if (nx < 1)
		nx = 1;
	if (ny < 1)
		ny = 1;
	int per = nx * ny;
	double gw = nx * src->w, gh = ny * src->h;
	double x0 = (pw - gw) / 2, y0 = (ph - gh) / 2;
	for (long first = 0; first < src->count; first += per) {
		long n = src->count - first < per ? src->count - first : per;
		for (int side = 0; side < (src->backs ? 2 : 1); side++) {
			cairo_t *cr = pdfw_page(w, pw, ph, 0, NULL);
			for (long k = 0; k < n; k++) {
				int r = (int)(k / nx), c = (int)(k % nx);
				/* Long-edge duplex turns the sheet about its vertical axis:
				 * column c of the front is column nx-1-c of the back. */
				if (side)
					c = nx - 1 - c;
				cairo_save(cr);
				cairo_translate(cr, x0 + c * src->w, y0 + r * src->h);
				cairo_rectangle(cr, 0, 0, src->w, src->h);
				cairo_clip(cr);
				src->draw(src->user, cr, first + k, side);
				cairo_restore(cr);
			}
			crop_marks(cr, x0, y0, nx, ny, src->w, src->h);
			if (!side)
				sheet_note(cr, pw, ph, x0, y0, gw, gh, note_100);
			pdfw_end_page(w);
		}
		if (progress)
			progress(puser, first + n);
	}
}

static void tile_grid(double pw, double ph, double iw, double ih, double overlap, int *cols,
		      int *rows)
{
	double uw = pw - 2 * TILE_MARGIN, uh = ph - 2 * TILE_MARGIN;
	*cols = iw <= uw ? 1 : (int)ceil((iw - overlap) / (uw - overlap));
	*rows = ih <= uh ? 1 : (int)ceil((ih - overlap) / (uh - overlap));
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

void impose_tiles(struct pdfw *w, double pw, double ph, double iw, double ih, double overlap,
		  item_draw_fn draw, void *user, long index)
{
	int cols, rows, lc, lr;
	/* Portrait or landscape paper, whichever takes fewer pages. */
	tile_grid(pw, ph, iw, ih, overlap, &cols, &rows);
	tile_grid(ph, pw, iw, ih, overlap, &lc, &lr);
	if (lc * lr < cols * rows) {
		double t = pw;
		pw = ph;
		ph = t;
		cols = lc;
		rows = lr;
	}
	double uw = pw - 2 * TILE_MARGIN, uh = ph - 2 * TILE_MARGIN;
	double stepx = uw - overlap, stepy = uh - overlap;
	/* A single page: the item centred. Tiles: each page shows one window. */
	for (int r = 0; r < rows; r++)
		for (int c = 0; c < cols; c++) {
			cairo_t *cr = pdfw_page(w, pw, ph, 0, NULL);
			double tx = c * stepx, ty = r * stepy;   /* window origin in the item */
			double vw = cols == 1 ? iw : fmin(uw, iw - tx), vh = rows == 1 ? ih : fmin(uh, ih - ty);
			double ox = cols == 1 ? (pw - iw) / 2 : TILE_MARGIN;
			double oy = rows == 1 ? (ph - ih) / 2 : TILE_MARGIN;
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
				 "row %d, column %d of %d x %d  -  overlap %.0f mm: trim along the dashed line, glue over the neighbour",
				 r + 1, c + 1, rows, cols, overlap);
			cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
					       CAIRO_FONT_WEIGHT_NORMAL);
			cairo_set_font_size(cr, 2.8);
			cairo_move_to(cr, TILE_MARGIN, ph - TILE_MARGIN / 2);
			cairo_show_text(cr, label);
			cairo_restore(cr);
			pdfw_end_page(w);
		}
}
