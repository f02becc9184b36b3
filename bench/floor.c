/* floor.c: the bare Cairo + Pango loop railyard's renderer is measured against.
 * It draws the same cards as templates/trains-face.yaml (frame, corner index,
 * large number and code, all twice for a double-ended card) straight onto a PDF
 * surface, one card per page with bleed, with no templates, fields or page boxes;
 * with PNGDIR, also each card at 300 dpi written with libpng (level 1, SUB filter)
 * on one thread, the floor of a default build's PDF and PNG output; with "cairo"
 * after it, the PNGs are written by cairo_surface_write_to_png instead (to compare
 * file sizes). OUT.pdf "-" writes no PDF (the floor of PNG files alone).
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
#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

static PangoContext *ctx;

static void text(cairo_t *cr, const char *s, double size_pt, int bold, double x, double y,
		 double w, double h, int center)
{
	PangoLayout *lay = pango_layout_new(ctx);
	PangoFontDescription *fd = pango_font_description_from_string("DejaVu Sans Mono");
	pango_font_description_set_absolute_size(fd, size_pt * 25.4 / 72 * PANGO_SCALE);
	pango_font_description_set_weight(fd, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
	pango_layout_set_font_description(lay, fd);
	pango_font_description_free(fd);
	pango_layout_set_text(lay, s, -1);
	PangoRectangle log;
	pango_layout_get_extents(lay, NULL, &log);
	double lw = (double)log.width / PANGO_SCALE, lh = (double)log.height / PANGO_SCALE;
	cairo_move_to(cr, center ? x + (w - lw) / 2 : x, y + (h - lh) / 2);
	pango_cairo_show_layout(cr, lay);
	g_object_unref(lay);
}

static void half(cairo_t *cr, const char *num, const char *code)
{
	const double W = 63.5, H = 88.9;
	cairo_new_sub_path(cr);
	cairo_arc(cr, 3.5 + 56.5 - 2.5, 3.5 + 2.5, 2.5, -M_PI / 2, 0);
	cairo_arc(cr, 3.5 + 56.5 - 2.5, 3.5 + 81.9 - 2.5, 2.5, 0, M_PI / 2);
	cairo_arc(cr, 3.5 + 2.5, 3.5 + 81.9 - 2.5, 2.5, M_PI / 2, M_PI);
	cairo_arc(cr, 3.5 + 2.5, 3.5 + 2.5, 2.5, M_PI, 3 * M_PI / 2);
	cairo_close_path(cr);
	cairo_set_line_width(cr, 0.5 * 25.4 / 72);
	cairo_set_source_rgb(cr, 0.62, 0.62, 0.62);
	cairo_stroke(cr);
	cairo_set_source_rgb(cr, 0, 0, 0);
	text(cr, num, 13, 1, 5, 5, 18, 6, 0);
	text(cr, code, 10, 0, 5, 11, 18, 5, 0);
	text(cr, num, 48, 1, 0.08 * W, 0.13 * H, 0.84 * W, 0.23 * H, 1);
	text(cr, code, 28, 0, 0.08 * W, 0.36 * H, 0.84 * W, 0.13 * H, 1);
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

static void card(cairo_t *cr, const char *num, const char *code, double bleed, double W, double H)
{
	cairo_translate(cr, bleed, bleed);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_rectangle(cr, -bleed, -bleed, W + 2 * bleed, H + 2 * bleed);
	cairo_fill(cr);
	half(cr, num, code);
	cairo_save(cr);
	cairo_translate(cr, W, H);
	cairo_rotate(cr, M_PI);
	half(cr, num, code);
	cairo_restore(cr);
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
	ctx = pango_font_map_create_context(map);
	cairo_font_options_t *o = cairo_font_options_create();
	cairo_font_options_set_hint_metrics(o, CAIRO_HINT_METRICS_OFF);
	cairo_font_options_set_hint_style(o, CAIRO_HINT_STYLE_NONE);
	pango_cairo_context_set_font_options(ctx, o);
	pango_context_set_round_glyph_positions(ctx, FALSE);
	char line[512];
	while (fgets(line, sizeof line, in)) {
		char *num = strtok(line, "\t\n"), *code = strtok(NULL, "\t\n");
		if (!num || !code)
			continue;
		if (pdf) {
			cairo_identity_matrix(cr);
			cairo_scale(cr, MM, MM);
			card(cr, num, code, bleed, W, H);
			cairo_show_page(cr);
		}
		if (!pngdir)
			continue;
		double sc = 300 / 25.4;
		cairo_surface_t *img = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)lround((W + 2 * bleed) * sc),
								  (int)lround((H + 2 * bleed) * sc));
		cairo_t *ic = cairo_create(img);
		cairo_scale(ic, sc, sc);
		card(ic, num, code, bleed, W, H);
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
	g_object_unref(ctx);
	g_object_unref(map);
	return bad;
}
