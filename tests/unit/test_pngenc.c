#define _GNU_SOURCE /* memmem */
/* Unit tests for pngenc.c: every image decodes (libpng) to exactly the pixels drawn,
 * whatever path the encoder takes (runs, libdeflate NONE or SUB), and twice the
 * same image gives the same bytes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <png.h>

#include "pngenc.h"

/* Decode buf with libpng and compare every pixel with s's (the unused byte of
 * Cairo's xRGB ignored). */
static void expect_pixels(cairo_surface_t *s, const struct png_buf *b)
{
	png_image im;
	memset(&im, 0, sizeof im);
	im.version = PNG_IMAGE_VERSION;
	assert_true(png_image_begin_read_from_memory(&im, b->data, b->len));
	int w = cairo_image_surface_get_width(s), h = cairo_image_surface_get_height(s);
	assert_int_equal(im.width, w);
	assert_int_equal(im.height, h);
	im.format = PNG_FORMAT_RGB;
	unsigned char *px = malloc(PNG_IMAGE_SIZE(im));
	assert_true(png_image_finish_read(&im, NULL, px, 0, NULL));
	assert_int_equal(im.warning_or_error, 0);
	const unsigned char *d = cairo_image_surface_get_data(s);
	int stride = cairo_image_surface_get_stride(s);
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++) {
			uint32_t v = ((const uint32_t *)(const void *)(d + (size_t)y * (size_t)stride))[x];
			const unsigned char *p = px + ((size_t)y * (size_t)w + (size_t)x) * 3;
			if (p[0] != (unsigned char)(v >> 16) || p[1] != (unsigned char)(v >> 8) ||
			    p[2] != (unsigned char)v)
				fail_msg("pixel %d,%d of %dx%d differs", x, y, w, h);
		}
	free(px);
}

/* Encode twice (the same bytes), decode, compare; returns the file size. */
static size_t roundtrip(cairo_surface_t *s, double dpi)
{
	struct png_buf a = {0}, b = {0};
	png_encode(s, dpi, false, &a);
	png_encode(s, dpi, false, &b);
	assert_int_equal(a.len, b.len);
	assert_memory_equal(a.data, b.data, a.len);
	assert_non_null(memmem(a.data, a.len, "sRGB", 4));
	assert_true(!!memmem(a.data, a.len, "pHYs", 4) == (dpi > 0));
	expect_pixels(s, &a);
	/* scratch: the same bytes from a copy whose pixels the encoder may overwrite */
	int w = cairo_image_surface_get_width(s), h = cairo_image_surface_get_height(s);
	cairo_surface_t *copy = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
	cairo_t *cr = cairo_create(copy);
	cairo_set_source_surface(cr, s, 0, 0);
	cairo_paint(cr);
	cairo_destroy(cr);
	struct png_buf c = {0};
	png_encode(copy, dpi, true, &c);
	assert_int_equal(a.len, c.len);
	assert_memory_equal(a.data, c.data, a.len);
	cairo_surface_destroy(copy);
	free(c.data);
	size_t n = a.len;
	free(a.data);
	free(b.data);
	return n;
}

/* A card-like picture: flat colours, anti-aliased shapes and text. */
static cairo_surface_t *card(int w, int h)
{
	cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
	cairo_t *cr = cairo_create(s);
	cairo_set_source_rgb(cr, 0.98, 0.96, 0.92);
	cairo_paint(cr);
	cairo_set_source_rgb(cr, 0.9, 0.6, 0.0);
	cairo_arc(cr, w * 0.3, h * 0.4, w * 0.15, 0, 6.283);
	cairo_fill(cr);
	cairo_set_source_rgb(cr, 0.12, 0.17, 0.28);
	cairo_set_line_width(cr, 3.3);
	cairo_rectangle(cr, w * 0.1, h * 0.1, w * 0.8, h * 0.8);
	cairo_stroke(cr);
	cairo_set_font_size(cr, h * 0.2);
	cairo_move_to(cr, w * 0.4, h * 0.7);
	cairo_show_text(cr, "17 AX");
	cairo_destroy(cr);
	return s;
}

static void test_card(void **state)
{
	(void)state;
	cairo_surface_t *s = card(825, 1125);
	size_t n = roundtrip(s, 300);
	assert_true(n < 825 * 1125 * 3 / 32);   /* the run matcher's stream is kept */
	cairo_surface_destroy(s);
}

/* Noise and a gradient: the libdeflate paths. */
static void test_noise_gradient(void **state)
{
	(void)state;
	cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 301, 203);
	uint32_t r = 12345;
	unsigned char *d = cairo_image_surface_get_data(s);
	for (int y = 0; y < 203; y++)
		for (int x = 0; x < 301; x++) {
			r = r * 1103515245u + 12345u;
			((uint32_t *)(void *)(d + y * cairo_image_surface_get_stride(s)))[x] = r >> 4;
		}
	cairo_surface_mark_dirty(s);
	roundtrip(s, 0);
	cairo_surface_destroy(s);
	s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 640, 480);
	cairo_t *cr = cairo_create(s);
	cairo_pattern_t *g = cairo_pattern_create_linear(0, 0, 640, 480);
	cairo_pattern_add_color_stop_rgb(g, 0, 1, 0, 0);
	cairo_pattern_add_color_stop_rgb(g, 1, 0, 0.3, 1);
	cairo_set_source(cr, g);
	cairo_paint(cr);
	cairo_pattern_destroy(g);
	cairo_destroy(cr);
	roundtrip(s, 72);
	cairo_surface_destroy(s);
}

/* Edge sizes: one pixel, one row, one column, rows whose match ends 1 byte past
 * a 258-byte piece (86 and 172 px), and rows too long for deflate's window. */
static void test_sizes(void **state)
{
	(void)state;
	static const int sz[][2] = {{1, 1}, {1, 40}, {50, 1}, {86, 30}, {172, 9}, {11000, 4}, {3, 3}};
	for (size_t i = 0; i < sizeof sz / sizeof sz[0]; i++) {
		cairo_surface_t *s = card(sz[i][0], sz[i][1]);
		roundtrip(s, 300);
		cairo_surface_destroy(s);
	}
	cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 86, 30);
	roundtrip(s, 300);   /* all black: every row one match */
	cairo_surface_destroy(s);
}

/* The unused byte of Cairo's xRGB pixels does not reach the file. */
static void test_unused_byte(void **state)
{
	(void)state;
	cairo_surface_t *s = card(120, 80);
	unsigned char *d = cairo_image_surface_get_data(s);
	struct png_buf a = {0}, b = {0};
	png_encode(s, 0, false, &a);
	for (int y = 0; y < 80; y++) {
		uint32_t *row = (uint32_t *)(void *)(d + y * cairo_image_surface_get_stride(s));
		for (int x = 0; x < 120; x++)
			row[x] = (row[x] & 0xffffffu) | (uint32_t)((x * 7 + y) & 255) << 24;
	}
	cairo_surface_mark_dirty(s);
	png_encode(s, 0, false, &b);
	assert_int_equal(a.len, b.len);
	assert_memory_equal(a.data, b.data, a.len);
	free(a.data);
	free(b.data);
	cairo_surface_destroy(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_card),
		cmocka_unit_test(test_noise_gradient),
		cmocka_unit_test(test_sizes),
		cmocka_unit_test(test_unused_byte),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
