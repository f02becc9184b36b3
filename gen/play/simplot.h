/* simplot.h: the plot of `railyard simulate --plot`: a histogram of game
 * lengths and each seat's share of the games with a single winner, with
 * simultaneous 95% intervals, for one pack or
 * two side by side. Drawn with Cairo and Pango onto any surface; the format
 * comes from the file name's extension. */
#ifndef RAILYARD_SIMPLOT_H
#define RAILYARD_SIMPLOT_H

#include <stddef.h>

#include "simstats.h"

enum plot_format { PLOT_NONE, PLOT_SVG, PLOT_PDF, PLOT_PNG };

/* The format named by path's extension (.svg, .pdf, .png, any case), or PLOT_NONE. */
enum plot_format sim_plot_format(const char *path);

struct sim_plot_series {
	const char *label;                 /* the pack id */
	const struct sim_stats *stats;
	const struct sim_summary *sum;
	const char *legend;                /* the headline numbers, one line */
	int median;                        /* turns, over all games; -1: beyond the horizon */
};

/* Draw npk (1 or 2) packs' series for each of nrows player counts (players[r])
 * and write the file at path atomically: one row per count, s[r * npk + j] is
 * pack j's series of row r, note[r] (NULL, or note NULL: none) up to two
 * lines under the row (the verdict). Returns 0, or -1 with a reason in err
 * (empty when a failure to write was reported already); nothing is left behind. */
int sim_plot_write(const char *path, const struct sim_plot_series *s, int npk, int nrows,
		   const int *players, const char *const *note, char *err, size_t errlen);

/* One row of an interval plot: a value and its interval on 0..1; kind 2 the
 * best, 1 a tie, 0 another eligible row, -1 the rest (grey). */
struct sim_plot_interval {
	const char *label;
	double value, lo, hi;
	int kind;
};

/* Draw one row per interval (railyard tune's balance per variant) and write
 * the file at path atomically, as sim_plot_write does. */
int sim_plot_intervals(const char *path, const char *title, const struct sim_plot_interval *rows, size_t n,
		       char *err, size_t errlen);

/* The skill trace (railyard simulate --skill): one column per step, the
 * stronger's share (value) with its interval on 0..1, the steps (kind 0)
 * joined, the span (kind 2) apart, a dashed line at the lottery's share
 * fair; written as sim_plot_write does. */
int sim_plot_skill(const char *path, const char *title, const struct sim_plot_interval *rows, size_t n, double fair,
		   char *err, size_t errlen);

/* One variant on a front plot: two objectives' values {estimate, lo, hi} (an
 * infinite bound is drawn to the edge); kind 2 the chosen, 1 the rest of the
 * front, 0 kept, -1 the rest (grey). */
struct sim_plot_point {
	const char *label;
	double x[3], y[3];
	int kind;
};

/* Draw the points of two objectives (x, y) with their interval crosses and
 * write the file at path atomically, as sim_plot_write does. */
int sim_plot_front(const char *path, const char *title, const char *xlabel, const char *ylabel,
		   const struct sim_plot_point *pts, size_t n, char *err, size_t errlen);

#endif
