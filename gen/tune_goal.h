/* tune_goal.h: what `railyard tune` optimizes (--objective) and requires
 * (--require), in one table (tune_goal.c): each measure with its estimate and
 * one-sided bounds at any level from the counts a variant has played
 * (gen/stats.h), so the race (tune.c) spends its error on them and the report
 * (tune_report.c) prints them. Knows no game.
 *
 * An objective's score is "higher is better" for the race and the Pareto
 * front: a measure to maximize (balance, completion) scores its worst count;
 * a measure with a target (length=T, first-seat's 0) scores minus its largest
 * distance from the target over the counts, reported as that distance. */
#ifndef RAILYARD_TUNE_GOAL_H
#define RAILYARD_TUNE_GOAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define TUNE_MAX_GOALS 6

struct tune_ctx;
struct tune_var;
struct tune_cell;

/* One measure tune can optimize or require, per player count. */
struct tune_goal_def {
	const char *name;             /* "balance": the word of --objective and --require */
	bool target;                  /* its objective is closeness to a target (else: the highest) */
	bool target_needed;           /* --objective NAME=T must name the target */
	double fair;                  /* the target when none is given (first-seat: 0) */
	const char *what;             /* one line for the report and the help */
	/* The measure at one count (players seats) into *est; with a > 0 its
	 * one-sided lower and upper bounds, each failing with probability at most
	 * a. NULL: not in this build (the table keeps its slot). */
	void (*cell)(const struct tune_ctx *c, const struct tune_cell *cl, int players, double a, double *est, double *lo,
		     double *hi);
};

/* An objective (--objective NAME[=T]) or a requirement (--require NAME=RANGE):
 * the range lo..hi (either open: -+INFINITY); an objective's target range. */
struct tune_goal {
	const struct tune_goal_def *def;
	double lo, hi;
	char *spec;                   /* as written: "length=30", "completion=0.9.." */
};

/* Parse --objective ARG (require false) or --require ARG into g; false after
 * reporting. */
bool tune_goal_parse(const char *arg, bool require, struct tune_goal *g);
/* --objective ARG (require false) or --require ARG added to c's goals or
 * reqs (an objective once each); false after reporting. */
bool tune_goal_add(struct tune_ctx *c, const char *arg, bool require);
/* The goals of c as a shard's header keeps them: "objective SPEC" lines, then
 * "require SPEC" lines, in order (a spec is one word of printable ASCII:
 * tune_goal_parse refuses any other). */
void tune_goal_write(FILE *f, const struct tune_ctx *c);
/* One such line (without its newline) added back to c: 1, 0 when it is not
 * such a line, -1 after reporting. */
int tune_goal_read(const char *line, struct tune_ctx *c);
/* Free what tune_goal_add put into c. */
void tune_goal_free(struct tune_ctx *c);
/* The names in this build, for the errors: "balance, completion, length=T, ...". */
const char *tune_goal_names(bool require);
/* What completing --objective (require false) or --require offers, one a line
 * on stdout: "length=" where a value must follow (railyard --complete). */
void tune_goal_complete(bool require);
/* Objective i's score of tv: the estimate, and one-sided bounds each failing
 * with probability at most a (a split over the counts and sides inside). */
void tune_goal_score(const struct tune_ctx *c, const struct tune_goal *g, const struct tune_var *tv, double a,
		     double *est, double *lo, double *hi);
/* The p-value that tv's score is below x: the least level at which its upper
 * bound falls below x (1 when it never does). */
double tune_goal_below_p(const struct tune_ctx *c, const struct tune_goal *g, const struct tune_var *tv, double x);
/* Requirement g at count k of tv with one-sided bounds at level a each:
 * +1 the interval lies inside the range, -1 wholly outside it, 0 it straddles
 * (undecided). */
int tune_goal_check(const struct tune_ctx *c, const struct tune_goal *g, const struct tune_var *tv, int k, double a);
/* The score in the report's words: a distance for a target (lower is
 * better), the measure itself otherwise; the interval swapped to match. */
void tune_goal_shown(const struct tune_goal *g, double est, double lo, double hi, double *s, double *slo,
		     double *shi);
/* The column head: "balance", "|length-30|". Written into out. */
void tune_goal_head(const struct tune_goal *g, char *out, size_t len);

#endif
