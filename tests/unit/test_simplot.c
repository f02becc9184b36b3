/* test_simplot.c: the plot of `railyard simulate --plot` (gen/play/simplot.c): the
 * format from the file name, and the data path from game totals to the drawn
 * histogram bars, read back from the PNG's pixels; a failed write leaves
 * nothing behind. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cairo.h>
#include <cmocka.h>

#include "trains_sim.h"
#include "simplot.h"
#include "util.h"

static void test_format(void **state)
{
	(void)state;
	assert_int_equal(sim_plot_format("out/a.svg"), PLOT_SVG);
	assert_int_equal(sim_plot_format("A.PDF"), PLOT_PDF);
	assert_int_equal(sim_plot_format("x.Png"), PLOT_PNG);
	assert_int_equal(sim_plot_format("x.jpeg"), PLOT_NONE);
	assert_int_equal(sim_plot_format("svg"), PLOT_NONE);
	assert_int_equal(sim_plot_format(""), PLOT_NONE);
}

/* Totals of 100 two-player games: lengths[t] games won in t turns. */
static void fill(struct sim_stats *st, uint64_t *length, int max_turns, const int *turns,
		 const uint64_t *games, int n)
{
	memset(st, 0, sizeof *st);
	memset(length, 0, (size_t)(max_turns + 1) * sizeof *length);
	st->players = 2;
	st->max_turns = max_turns;
	st->length = length;
	st->games = 100;
	for (int i = 0; i < n; i++) {
		length[turns[i]] += games[i];
		st->completed += games[i];
		st->wins[i % 2] += games[i];
		st->turns += games[i] * (uint64_t)turns[i];
	}
}

static int plot(const char *path, const struct sim_stats *st, const struct sim_summary *sum, char *err)
{
	struct sim_plot_series s = {"test-pack", st, sum, NULL, -1};
	int players = 2;
	return sim_plot_write(path, &s, 1, 1, &players, NULL, err, 256);
}

/* Pixels of the first series' bar colour in the length histogram's panel, and
 * in *runs the number of separate bars (runs of columns holding such pixels). */
static long bar_pixels(const char *png, int *runs)
{
	cairo_surface_t *sf = cairo_image_surface_create_from_png(png);
	assert_int_equal(cairo_surface_status(sf), CAIRO_STATUS_SUCCESS);
	cairo_surface_flush(sf);
	const unsigned char *data = cairo_image_surface_get_data(sf);
	int stride = cairo_image_surface_get_stride(sf), h = cairo_image_surface_get_height(sf);
	long count = 0;
	bool was = false;
	*runs = 0;
	/* the panel: x 70..470, y 80..360 at scale 2 */
	for (int x = 150; x < 930; x++) {
		bool any = false;
		for (int y = 170; y < 710 && y < h; y++) {
			const unsigned char *p = data + y * stride + x * 4;  /* B G R x */
			int b = p[0], g = p[1], r = p[2];
			/* 80% of (0.16, 0.42, 0.70) over white: about (84, 138, 194) */
			bool hit = abs(r - 84) < 20 && abs(g - 138) < 20 && abs(b - 194) < 20;
			count += hit;
			any |= hit;
		}
		*runs += any && !was;
		was = any;
	}
	cairo_surface_destroy(sf);
	return count;
}

static void test_bars(void **state)
{
	(void)state;
	char dir[] = "/tmp/railyard-plot.XXXXXX", err[256];
	assert_non_null(mkdtemp(dir));
	char *one = xasprintf("%s/one.png", dir), *two = xasprintf("%s/two.png", dir),
	     *none = xasprintf("%s/none.png", dir);
	uint64_t length[61];
	struct sim_stats st;
	struct sim_summary sum;

	/* every won game the same length: one bar */
	int t1[] = {30};
	uint64_t g1[] = {80};
	fill(&st, length, 60, t1, g1, 1);
	sim_summarize(&st, &sum);
	assert_int_equal(sum.completed, 80);
	assert_int_equal(plot(one, &st, &sum, err), 0);
	int runs;
	assert_true(bar_pixels(one, &runs) > 500);
	assert_int_equal(runs, 1);

	/* half at 30 turns and half at 50 (rounds 15 and 25): two bars, apart */
	int t2[] = {30, 50};
	uint64_t g2[] = {40, 40};
	fill(&st, length, 60, t2, g2, 2);
	sim_summarize(&st, &sum);
	assert_int_equal(plot(two, &st, &sum, err), 0);
	assert_true(bar_pixels(two, &runs) > 100);
	assert_int_equal(runs, 2);

	/* no game won: no bars at all */
	fill(&st, length, 60, t1, g1, 0);
	sim_summarize(&st, &sum);
	assert_int_equal(sum.completed, 0);
	assert_int_equal(plot(none, &st, &sum, err), 0);
	assert_int_equal(bar_pixels(none, &runs), 0);
	assert_int_equal(runs, 0);

	/* a bad name or folder: an error, and no file */
	char *bad = xasprintf("%s/plot.gif", dir), *nodir = xasprintf("%s/no/such/plot.svg", dir);
	assert_int_equal(plot(bad, &st, &sum, err), -1);
	assert_non_null(strstr(err, ".svg, .pdf or .png"));
	assert_int_not_equal(access(bad, F_OK), 0);
	assert_int_equal(plot(nodir, &st, &sum, err), -1);
	assert_int_not_equal(access(nodir, F_OK), 0);

	unlink(one);
	unlink(two);
	unlink(none);
	rmdir(dir);
	free(one);
	free(two);
	free(none);
	free(bad);
	free(nodir);
}

/* Issue 14: lengths are binned per round, so four players' games of 21, 22, 23
 * and 24 turns (round 6: every seat's turn in it) make one bar, not a sawtooth
 * of four. */
static void test_rounds(void **state)
{
	(void)state;
	char dir[] = "/tmp/railyard-plot.XXXXXX", err[256];
	assert_non_null(mkdtemp(dir));
	char *path = xasprintf("%s/rounds.png", dir);
	uint64_t length[61];
	struct sim_stats st;
	struct sim_summary sum;
	int t[] = {21, 22, 23, 24};
	uint64_t g[] = {20, 30, 20, 30};
	fill(&st, length, 60, t, g, 4);
	st.players = 4;
	sim_summarize(&st, &sum);
	struct sim_plot_series s = {"test-pack", &st, &sum, NULL, 22};
	int players = 4, runs;
	assert_int_equal(sim_plot_write(path, &s, 1, 1, &players, NULL, err, sizeof err), 0);
	assert_true(bar_pixels(path, &runs) > 500);
	assert_int_equal(runs, 1);
	unlink(path);
	rmdir(dir);
	free(path);
}

/* Pixels near (cx, cy) (plot units; the PNG is at scale 2) of colour rgb. */
static long near_pixels(const char *png, double cx, double cy, int r, int g, int b)
{
	cairo_surface_t *sf = cairo_image_surface_create_from_png(png);
	assert_int_equal(cairo_surface_status(sf), CAIRO_STATUS_SUCCESS);
	cairo_surface_flush(sf);
	const unsigned char *data = cairo_image_surface_get_data(sf);
	int stride = cairo_image_surface_get_stride(sf), w = cairo_image_surface_get_width(sf),
	    h = cairo_image_surface_get_height(sf);
	long count = 0;
	for (int y = (int)(2 * cy) - 12; y <= (int)(2 * cy) + 12; y++)
		for (int x = (int)(2 * cx) - 12; x <= (int)(2 * cx) + 12; x++) {
			if (x < 0 || y < 0 || x >= w || y >= h)
				continue;
			const unsigned char *p = data + y * stride + x * 4;
			count += abs(p[2] - r) < 12 && abs(p[1] - g) < 12 && abs(p[0] - b) < 12;
		}
	cairo_surface_destroy(sf);
	return count;
}

/* tune's front: each variant at its two objectives, the chosen dark blue, the
 * dropped grey, an infinite bound drawn to the edge. */
static void test_front(void **state)
{
	(void)state;
	char dir[] = "/tmp/railyard-plot.XXXXXX", err[256];
	assert_non_null(mkdtemp(dir));
	char *path = xasprintf("%s/front.png", dir);
	struct sim_plot_point pts[] = {
		{"#1", {0, 0, 0.02}, {0, 0, 0.02}, -1},
		{"#2", {1, 0.98, 1}, {1, 0.98, INFINITY}, 2},
	};
	assert_int_equal(sim_plot_front(path, "front", "x", "y", pts, 2, err, sizeof err), 0);
	/* the axes pad 5% of 0..1: x 90..860 and y 620..60 map -0.05..1.05 */
	double x0 = 90 + 770 * (0.05 / 1.1), x1 = 90 + 770 * (1.05 / 1.1);
	double y0 = 620 - 560 * (0.05 / 1.1), y1 = 620 - 560 * (1.05 / 1.1);
	assert_true(near_pixels(path, x1, y1, 41, 107, 179) > 20);   /* the chosen at (1, 1) */
	assert_true(near_pixels(path, x0, y0, 153, 153, 153) > 20);  /* the grey at (0, 0) */
	assert_int_equal(near_pixels(path, x0, y0, 41, 107, 179), 0);
	unlink(path);
	rmdir(dir);
	free(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_format),
		cmocka_unit_test(test_bars),
		cmocka_unit_test(test_rounds),
		cmocka_unit_test(test_front),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
