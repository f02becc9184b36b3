/* floor.c: the bare Cairo + Pango loop railyard's renderer is measured against.
 * It draws the same card as templates/trains-face.yaml for a line-pattern pack
 * (pattern two: a swap A <-> B or a removal A -> X): the paper into the bleed,
 * the track (two rails, eleven sleepers), the corner index (number over code),
 * the large number, its underline when it reads as another number turned round,
 * and the ability as two colour chips with the symbol between them (or the
 * removal's outlined X), every text and chip twice for a double-ended card, in
 * the same fonts (Inter, Inter Display, JetBrains Mono, DejaVu Sans) and colours.
 * It is written the fastest way a careful person would: one PangoLayout per kind
 * of text made once and given each card's text, each text laid out once and shown
 * twice (the turned copy), the track drawn once (it is its own turned copy), no
 * templates, fields, conditions or checks. Each card is one page with its bleed;
 * the page boxes railyard adds (TrimBox, BleedBox) are not written, so the floor
 * does a little less than railyard. With PNGDIR, also each card at 300 dpi written
 * with libpng (level 1, SUB filter) on one thread, the floor of a default build's
 * PDF and PNG output; with "cairo" after it, the PNGs are written by
 * cairo_surface_write_to_png instead (to compare file sizes). OUT.pdf "-" writes
 * no PDF (the floor of PNG files alone).
 *
 *   floor CARDS.tsv OUT.pdf [PNGDIR [cairo]]   CARDS.tsv: `railyard list --cards` */
#include <math.h>
#include <pango/pangocairo.h>
#include <cairo-pdf.h>
#include <png.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MM (72.0 / 25.4)
#define PT (25.4 / 72)
#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* The kinds of text on a card, each with its layout made once. */
enum { T_INDEX, T_CODE, T_BIG, T_LONG, T_CHIP, T_CHIP2, T_SYMBOL, NTEXT };
static PangoLayout *lay[NTEXT];

static PangoLayout *make(PangoContext *ctx, const char *family, double pt, int bold)
{
	PangoLayout *l = pango_layout_new(ctx);
	PangoFontDescription *fd = pango_font_description_new();
	pango_font_description_set_family(fd, family);
	pango_font_description_set_absolute_size(fd, pt * PT * PANGO_SCALE);
	pango_font_description_set_weight(fd, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
	pango_layout_set_font_description(l, fd);
	pango_font_description_free(fd);
	return l;
}

/* A laid-out text: where it goes in its box (centred on its ink across unless
 * left-aligned; top, middle as asked) and at what scale (a long number shrinks). */
struct placed {
	PangoLayout *l;
	double x, y, k;
};

static struct placed place(int kind, const char *s, int markup, double bx, double by, double bw,
			   double bh, int left, int top, int shrink)
{
	PangoLayout *l = lay[kind];
	if (markup)
		pango_layout_set_markup(l, s, -1);
	else {
		pango_layout_set_attributes(l, NULL);  /* a markup text's underline */
		pango_layout_set_text(l, s, -1);
	}
	PangoRectangle ink, log;
	pango_layout_get_extents(l, &ink, &log);
	double k = 1, lw = (double)log.width / PANGO_SCALE, lh = (double)log.height / PANGO_SCALE;
	if (shrink && (lw > bw || lh > bh))
		k = fmin(bw / lw, bh / lh);
	double x = left ? -k * log.x / PANGO_SCALE
			: (bw - k * ink.width / PANGO_SCALE) / 2 - k * ink.x / PANGO_SCALE;
	double y = top ? 0 : (bh - k * lh) / 2;
	return (struct placed){l, bx + x, by + y, k};
}

static void show(cairo_t *cr, const struct placed *p)
{
	cairo_save(cr);
	cairo_translate(cr, p->x, p->y);
	cairo_scale(cr, p->k, p->k);
	cairo_move_to(cr, 0, 0);
	pango_cairo_show_layout(cr, p->l);
	cairo_restore(cr);
}

static void rrect(cairo_t *cr, double x, double y, double w, double h, double r)
{
	cairo_new_sub_path(cr);
	cairo_arc(cr, x + w - r, y + r, r, -M_PI / 2, 0);
	cairo_arc(cr, x + w - r, y + h - r, r, 0, M_PI / 2);
	cairo_arc(cr, x + r, y + h - r, r, M_PI / 2, M_PI);
	cairo_arc(cr, x + r, y + r, r, M_PI, 3 * M_PI / 2);
	cairo_close_path(cr);
}

static void hex(cairo_t *cr, unsigned v)
{
	cairo_set_source_rgb(cr, (v >> 16) / 255.0, ((v >> 8) & 255) / 255.0, (v & 255) / 255.0);
}

/* The Okabe-Ito colours of spaces A.., with dark ink on the first four. */
static const unsigned chip_fill[8] = {0xE69F00, 0x56B4E9, 0x009E73, 0xF0E442,
				      0x0072B2, 0xD55E00, 0xCC79A7, 0x000000};
#define ACCENT 0x1F2A44
#define GREY 0x6B6456

/* One card: the number, its code (AB, BX) and ability (A \u2194 B, A \u2192 X). */
static void card(cairo_t *cr, const char *num, const char *code, const char *ability)
{
	const double W = 63.5, H = 88.9, B = 3.175;
	hex(cr, 0xFBF7EE);
	cairo_rectangle(cr, -B, -B, W + 2 * B, H + 2 * B);
	cairo_fill(cr);
	hex(cr, ACCENT);
	cairo_set_line_width(cr, 0.9 * PT);
	cairo_move_to(cr, -4, 43.45);
	cairo_line_to(cr, 67.5, 43.45);
	cairo_move_to(cr, -4, 45.45);
	cairo_line_to(cr, 67.5, 45.45);
	cairo_stroke(cr);
	hex(cr, 0xB9AE96);
	for (int i = 0; i < 11; i++)
		cairo_rectangle(cr, 6.53 + i * 4.884, 42.45, 1.6, 4);
	cairo_fill(cr);

	long n = strtol(num, NULL, 10);
	int turned = 0;  /* reads as another number upside down */
	{
		static const signed char t[10] = {0, 1, -1, -1, -1, -1, 9, -1, 8, 6};
		long r = 0, m = n;
		int ok = m % 10 != 0;
		for (; ok && m > 0; m /= 10)
			ok = t[m % 10] >= 0 && (r = r * 10 + t[m % 10], 1);
		turned = ok && r != n;
	}
	char u[64];
	snprintf(u, sizeof u, "<span underline=\"single\">%s</span>", num);
	int lng = strlen(num) >= 3;
	struct placed p[8];
	int np = 0;
	p[np++] = place(T_INDEX, turned ? u : num, turned, 4, 4, 22, 9.4, 1, 1, 1);
	p[np++] = place(T_CODE, code, 0, 4, 13.7, 16, 4, 1, 0, 0);
	p[np++] = lng ? place(T_LONG, num, 0, 4, 10.5, 55.5, 17.5, 0, 1, 1)
		      : place(T_BIG, num, 0, 4, 4, 55.5, 26, 0, 1, 0);
	int a = code[0] - 'A', b = code[1] - 'A', target = code[1] == 'X';
	char la[2] = {code[0], 0}, lb[2] = {code[1], 0};
	const char *sym = strchr(ability, ' ');
	char sy[16] = "";
	if (sym)
		snprintf(sy, sizeof sy, "%.*s", (int)strcspn(sym + 1, " "), sym + 1);
	struct placed ca = place(T_CHIP, la, 0, 16.25, 31.5, 9, 9, 0, 0, 0);
	struct placed cs = place(T_SYMBOL, sy, 0, 25.25, 30.6, 13, 10.2, 0, 0, 0);
	struct placed cb = place(T_CHIP2, lb, 0, 38.25, 31.5, 9, 9, 0, 0, 0);
	for (int half = 0; half < 2; half++) {
		cairo_save(cr);
		if (half) {
			cairo_translate(cr, W, H);
			cairo_rotate(cr, M_PI);
		}
		hex(cr, ACCENT);
		for (int i = 0; i < np; i++) {
			if (i == 1)
				hex(cr, GREY);
			else if (i == 2)
				hex(cr, ACCENT);
			show(cr, &p[i]);
		}
		if (turned) {
			rrect(cr, 25.75, 27.6, 12, 1.6, 0.7);
			cairo_fill(cr);
		}
		hex(cr, chip_fill[a & 7]);
		rrect(cr, 16.25, 31.5, 9, 9, 2);
		cairo_fill(cr);
		hex(cr, (a & 7) < 4 ? 0x1B1B1B : 0xFFFFFF);
		show(cr, &ca);
		hex(cr, ACCENT);
		show(cr, &cs);
		if (target) {
			cairo_set_line_width(cr, 1.4 * PT);
			rrect(cr, 38.25 + 0.7 * PT, 31.5 + 0.7 * PT, 9 - 1.4 * PT, 9 - 1.4 * PT, 2);
			cairo_stroke(cr);
		} else {
			hex(cr, chip_fill[b & 7]);
			rrect(cr, 38.25, 31.5, 9, 9, 2);
			cairo_fill(cr);
			hex(cr, (b & 7) < 4 ? 0x1B1B1B : 0xFFFFFF);
		}
		show(cr, &cb);
		cairo_restore(cr);
	}
}

static int png_libpng(cairo_surface_t *s, const char *path)
{
	FILE *f = fopen(path, "wb");
	if (!f)
		return -1;
	png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
	png_infop info = png_create_info_struct(png);
	int w = cairo_image_surface_get_width(s), h = cairo_image_surface_get_height(s);
	unsigned char *row = malloc((size_t)w * 3);
	if (setjmp(png_jmpbuf(png))) {
		fclose(f);
		return -1;
	}
	png_init_io(png, f);
	png_set_compression_level(png, 1);
	png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_SUB);
	png_set_IHDR(png, info, (png_uint_32)w, (png_uint_32)h, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
		     PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
	png_write_info(png, info);
	cairo_surface_flush(s);
	const unsigned char *data = cairo_image_surface_get_data(s);
	for (int y = 0; y < h; y++) {
		const uint32_t *src = (const uint32_t *)(const void *)(data + (size_t)y * (size_t)cairo_image_surface_get_stride(s));
		for (int x = 0; x < w; x++) {
			row[3 * x] = (unsigned char)(src[x] >> 16);
			row[3 * x + 1] = (unsigned char)(src[x] >> 8);
			row[3 * x + 2] = (unsigned char)src[x];
		}
		png_write_row(png, row);
	}
	png_write_end(png, info);
	png_destroy_write_struct(&png, &info);
	free(row);
	return fclose(f);
}

int main(int argc, char **argv)
{
	if (argc < 3 || argc > 5) {
		fprintf(stderr, "usage: floor CARDS.tsv OUT.pdf [PNGDIR [cairo]]\n");
		return 2;
	}
	const char *pngdir = argc > 3 ? argv[3] : NULL;
	int use_cairo = argc > 4 && !strcmp(argv[4], "cairo");
	int bad = 0;
	FILE *in = fopen(argv[1], "r");
	if (!in) {
		perror(argv[1]);
		return 2;
	}
	const double bleed = 3.175, W = 63.5, H = 88.9;
	int pdf = strcmp(argv[2], "-") != 0;
	cairo_surface_t *s = pdf ? cairo_pdf_surface_create(argv[2], (W + 2 * bleed) * MM, (H + 2 * bleed) * MM)
				 : cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1);
	if (pdf)
		cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_CREATE_DATE, "2000-01-01T00:00:00Z");
	cairo_t *cr = cairo_create(s);
	PangoFontMap *map = pango_cairo_font_map_new();
	PangoContext *ctx = pango_font_map_create_context(map);
	cairo_font_options_t *o = cairo_font_options_create();
	cairo_font_options_set_hint_metrics(o, CAIRO_HINT_METRICS_OFF);
	cairo_font_options_set_hint_style(o, CAIRO_HINT_STYLE_NONE);
	pango_cairo_context_set_font_options(ctx, o);
	pango_context_set_round_glyph_positions(ctx, FALSE);
	lay[T_INDEX] = make(ctx, "Inter", 21, 1);
	lay[T_CODE] = make(ctx, "JetBrains Mono", 8, 1);
	lay[T_BIG] = make(ctx, "Inter Display", 60, 1);
	lay[T_LONG] = make(ctx, "Inter Display", 40, 1);
	lay[T_CHIP] = make(ctx, "Inter", 17, 1);
	lay[T_CHIP2] = make(ctx, "Inter", 17, 1);
	lay[T_SYMBOL] = make(ctx, "DejaVu Sans", 22, 0);
	char line[512];
	while (fgets(line, sizeof line, in)) {
		char *num = strtok(line, "\t\n"), *code = strtok(NULL, "\t\n"), *ab = strtok(NULL, "\t\n");
		if (!num || !code || !ab || strlen(code) != 2)
			continue;
		if (pdf) {
			cairo_identity_matrix(cr);
			cairo_scale(cr, MM, MM);
			cairo_translate(cr, bleed, bleed);
			card(cr, num, code, ab);
			cairo_show_page(cr);
		}
		if (!pngdir)
			continue;
		double sc = 300 / 25.4;
		cairo_surface_t *img = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)lround((W + 2 * bleed) * sc),
								  (int)lround((H + 2 * bleed) * sc));
		cairo_t *ic = cairo_create(img);
		cairo_scale(ic, sc, sc);
		cairo_translate(ic, bleed, bleed);
		card(ic, num, code, ab);
		cairo_destroy(ic);
		char path[4096];
		snprintf(path, sizeof path, "%s/card-%s.png", pngdir, num);
		bad |= use_cairo ? cairo_surface_write_to_png(img, path) != CAIRO_STATUS_SUCCESS
				 : png_libpng(img, path) != 0;
		cairo_surface_destroy(img);
	}
	fclose(in);
	cairo_destroy(cr);
	cairo_surface_finish(s);
	bad |= cairo_surface_status(s) != CAIRO_STATUS_SUCCESS;
	cairo_surface_destroy(s);
	cairo_font_options_destroy(o);
	for (int i = 0; i < NTEXT; i++)
		g_object_unref(lay[i]);
	g_object_unref(ctx);
	g_object_unref(map);
	return bad;
}
