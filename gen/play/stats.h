/* stats.h: the statistics behind a balance report, on plain counts so that any
 * game's simulator can report the same way (gen/play/simulate.c, every game).
 * Pure and deterministic: the same counts always give the same numbers, so
 * results do not depend on how many threads played the games.
 *
 * The measures:
 *   - completion: games with a single winner / games, with a Wilson interval;
 *   - balance: N times the smallest seat's share of the W games that have a
 *     single winner (ties, blocks and timeouts are measured apart): 1 when
 *     every seat wins 1/N of them, 0 when some seat never wins or no game has
 *     a single winner; comparable across N. Its 95% interval comes from the
 *     seats' Wilson bounds: lower N x min_i L_i (L_i the one-sided 97.5% lower
 *     bound of seat i's share), upper min(1, N x min_j U_j) (U_j one-sided at
 *     0.025 / N, Bonferroni over the seats); the estimate always lies inside;
 *   - seat shares of the W games, with simultaneous (Bonferroni) 95% Wilson
 *     intervals, and the p-value of "every seat wins alike" (the exact
 *     multinomial test while the ways to split W games over the seats are at
 *     most STATS_EXACT_MAX, else chi-square with N - 1 degrees of freedom);
 *   - length: Kaplan-Meier over all games, a game without a winner censored
 *     where it stopped; the restricted mean (mean of min(length, horizon)) with
 *     its standard error, and the median and other quantiles with intervals
 *     (none when fewer than that share of games ever end);
 *   - differences between two series: an interval on each, and a verdict only
 *     when the interval excludes 0 and both series complete often enough.
 *     Series played from the same seed are paired game by game (common random
 *     numbers): a joint table of both outcomes of every game gives each
 *     difference's interval by Newcombe's square-and-add (his method 10 for
 *     paired proportions), the correlation of the two estimates taken from
 *     the joint table. */
#ifndef RAILYARD_STATS_H
#define RAILYARD_STATS_H

#include <stdbool.h>
#include <stdint.h>

#define STATS_Z95 1.959963984540054
#define STATS_EXACT_MAX 200000     /* most splits the exact equality test enumerates */
#define STATS_COMPLETION 0.95      /* default threshold below which a series stalls */

/* The 95% Wilson score interval of k successes in n trials ([0, 1] when n is 0);
 * with z given: z standard errors each side. */
void stats_wilson(uint64_t k, uint64_t n, double *lo, double *hi);
void stats_wilson_z(uint64_t k, uint64_t n, double z, double *lo, double *hi);
/* P(Z > z) for a standard normal Z. */
double stats_normal_tail(double z);
/* The z that a standard normal exceeds with probability a (+-infinity at 0
 * and 1). */
double stats_z_upper(double a);
/* A share of the games with a single winner at N players rescaled to a skill
 * score: (share - 1/N) / (1 - 1/N), 0 the lottery, 1 always (the one rescaling
 * of simulate --skill's trace, skill.h, and of tune's skill objective). */
double stats_skill_rescaled(double share, int players);
/* The one-sided score test's p-value that a share is below c, from k of n:
 * the level at which the Wilson upper bound of k/n falls below c (1 when k/n
 * is at least c or n is 0). */
double stats_below_p(uint64_t k, uint64_t n, double c);
/* The regularized upper incomplete gamma function Q(a, x) (chi-square's tail:
 * Q(df / 2, x2 / 2)). */
double stats_gamma_q(double a, double x);

/* Newcombe's hybrid score interval (95%) for k1/n1 - k2/n2 (independent). */
void stats_diff_proportions(uint64_t k1, uint64_t n1, uint64_t k2, uint64_t n2, double *lo, double *hi);

/* N * min over seats of wins[i] / W, W the sum of wins (0 when W is 0). */
double stats_balance(const uint64_t *wins, int seats);
/* Its 95% interval from the seats' Wilson bounds (see above); [0, 0] when W is 0:
 * stats_balance_lower at 0.025 and stats_balance_upper at 0.05 / seats, capped at 1. */
void stats_balance_interval(const uint64_t *wins, int seats, double *lo, double *hi);
/* The one-sided bounds of N x the least of the seats' shares of n games, at
 * any level (tune's race spends its error over rounds and comparisons):
 *   - lower at level b: N x the least of every seat's Wilson lower bound at
 *     b; it fails only if the truly least-winning seat's bound does, so with
 *     probability at most b;
 *   - upper with every seat's Wilson upper bound at b_seat: it fails only if
 *     some seat's does, so with probability at most seats x b_seat (give
 *     b / seats for level b, Bonferroni). Neither is capped at 1. */
double stats_balance_lower(const uint64_t *wins, int seats, uint64_t n, double b);
double stats_balance_upper(const uint64_t *wins, int seats, uint64_t n, double b_seat);
/* Every seat's share of W with simultaneous 95% Wilson intervals (each at
 * 0.05 / seats) into lo[seats], hi[seats]. */
void stats_seat_intervals(const uint64_t *wins, int seats, double *lo, double *hi);
/* The p-value of "every seat wins 1/N of the W games": exact (*exact set)
 * while the splits of W over the seats are at most STATS_EXACT_MAX, else
 * Pearson's chi-square; 1 when W is 0 or seats < 2. */
double stats_equality_p(const uint64_t *wins, int seats, bool *exact);

/* Game length from two histograms over 0..horizon: ended[t] games won at turn
 * t, censored[t] games that stopped at t without a winner (a timeout at the
 * horizon, or a game that can never end, counted at the horizon). */
struct stats_length {
	uint64_t games, ended;
	int horizon;
	double rmst, rmst_se;      /* restricted mean: mean of min(length, horizon) */
	int median, median_lo, median_hi;   /* -1: beyond the horizon (fewer than half end) */
	int p10, p90;              /* -1: beyond the horizon */
	/* the games that ended: mean, sd, min, max (0 when none) */
	double won_mean, won_sd;
	int won_min, won_max;
};

void stats_length(const uint64_t *ended, const uint64_t *censored, int horizon, struct stats_length *out);
/* One bound of the median of stats_length at z standard errors (Greenwood):
 * the lower (upper false) is the first t at which S(t) <= 0.5 + z se(t), the
 * upper the first at which S(t) <= 0.5 - z se(t); -1 when there is none before
 * the horizon. games counts every game: those not in ended are censored at
 * the horizon (tune's cells). At z = STATS_Z95 they are stats_length's median_lo, median_hi;
 * a one-sided bound at level a takes z = stats_z_upper(a) (tune's race). */
int stats_median_bound(const uint64_t *ended, uint64_t games, int horizon, double z, bool upper);

/* The difference a - b of one metric with its 95% interval; better is +1 when
 * the interval shows a is better, -1 when b is, 0 when it holds 0 (or is
 * unknown: lo/hi NaN). */
struct stats_diff {
	double a, b, d, lo, hi;
	int better;
};

void stats_diff_set(struct stats_diff *x, double a, double b, double lo, double hi, bool higher_better);

/* The verdict on two series: which is fairer (balance among the games with
 * a single winner), which faster (restricted mean length) and which has
 * fewer games without a single winner (ties, blocks), each 0 (a), 1 (b) or -1
 * (neither: the difference is within chance); a series whose completion is
 * below the threshold stalls and is never fairer or faster (stalls[i] set,
 * every verdict -1). no_winner may be NULL (fewer_ties -1). */
struct stats_verdict {
	bool stalls[2];
	int fairer, faster, fewer_ties;
};

void stats_verdict(double completion_a, double completion_b, double threshold, const struct stats_diff *balance,
		   const struct stats_diff *length, const struct stats_diff *no_winner, struct stats_verdict *v);

/* ---- one series and two compared, from plain counts: what every game's
 * simulate (and tune) hands over, whatever the game ---- */

#define STATS_MAX_SEATS 16

/* What a series of games came to. Every game is one of: won by a single seat
 * (completed), ended without a single winner (a tie, a blocked game: no_winner,
 * only where the game allows it: ties), could never end (stalled), or stopped
 * at the horizon (a timeout: the rest). */
struct stats_counts {
	int seats;
	bool ties;                 /* the game can end without a single winner */
	uint64_t games, completed, no_winner, stalled;
	const uint64_t *wins;      /* [seats] */
	int horizon;               /* length at which an unfinished game is censored */
	const uint64_t *ended;     /* [horizon + 1] games that ended (won or not) by length */
};

/* The measures of one series: completion with its Wilson interval and whether
 * it stalls (below the threshold), each seat's share of the games with a
 * single winner (simultaneous intervals), balance with its interval, the
 * equality test's p-value, the share of all games without a single winner
 * with its interval, and the length over all games (unfinished ones censored
 * at the horizon). */
struct stats_series {
	double completion, completion_lo, completion_hi;
	bool stalls;
	double win_rate[STATS_MAX_SEATS], win_lo[STATS_MAX_SEATS], win_hi[STATS_MAX_SEATS];
	double balance, balance_lo, balance_hi;
	double equal_p;            /* p-value of "every seat wins alike" */
	bool equal_exact;          /* from the exact multinomial test, else chi-square */
	double no_winner, no_winner_lo, no_winner_hi;
	struct stats_length len;
};

void stats_series(const struct stats_counts *c, double threshold, struct stats_series *out);
/* Timed-out games: those neither won, ended without a winner nor stalled. */
uint64_t stats_timeouts(const struct stats_counts *c);

/* Two series played game by game from the same seeds: how many games ended
 * with outcome i in the first and j in the second, n[i][j], an outcome being
 * a seat (0..seats-1), STATS_NO_WINNER(seats) (no single winner: a tie or a
 * block) or STATS_UNFINISHED(seats) (a timeout, a stalled game). Additive:
 * the tables of threads sum to the series'. */
#define STATS_OUTCOMES (STATS_MAX_SEATS + 2)
#define STATS_NO_WINNER(seats) (seats)
#define STATS_UNFINISHED(seats) ((seats) + 1)
struct stats_joint {
	uint64_t n[STATS_OUTCOMES][STATS_OUTCOMES];
};

void stats_joint_add(struct stats_joint *dst, const struct stats_joint *src);

/* Two series of the same seats compared: every measure's difference with its
 * interval (paired through joint when it is not NULL, else as independent
 * series), and the verdict (stats_verdict). */
struct stats_comparison {
	struct stats_diff completion, no_winner, balance, seat[STATS_MAX_SEATS], rmst, median;
	bool paired;
	struct stats_verdict v;
};

void stats_compare(const struct stats_counts *a, const struct stats_series *sa, const struct stats_counts *b,
		   const struct stats_series *sb, const struct stats_joint *joint, double threshold,
		   struct stats_comparison *out);

#endif
