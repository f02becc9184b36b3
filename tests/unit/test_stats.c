/* test_stats.c: gen/play/stats.c: intervals with known values, the balance and its
 * interval, censored length by hand, and verdicts that refuse stalling packs
 * (test_coverage.c: how often the intervals hold the truth). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "stats.h"

static void test_wilson_newcombe(void **state)
{
	(void)state;
	double lo, hi;
	stats_wilson(50, 100, &lo, &hi);
	assert_true(fabs(lo - 0.4038) < 1e-4 && fabs(hi - 0.5962) < 1e-4);
	stats_wilson(0, 0, &lo, &hi);
	assert_true(lo == 0 && hi == 1);
	/* Newcombe (1998), example (a): 56/70 - 48/80 = 0.2, [0.0524, 0.3339] */
	stats_diff_proportions(56, 70, 48, 80, &lo, &hi);
	assert_true(fabs(lo - 0.0524) < 1e-4 && fabs(hi - 0.3339) < 1e-4);
}

static void test_balance(void **state)
{
	(void)state;
	uint64_t even[4] = {250, 250, 250, 250}, skew[4] = {400, 200, 200, 200};
	uint64_t half[4] = {100, 100, 100, 100}, none[4] = {0, 0, 0, 0};
	assert_true(stats_balance(even, 4) == 1.0);
	assert_true(fabs(stats_balance(skew, 4) - 0.8) < 1e-12);
	/* over the games with a single winner only: fewer of them, evenly spread */
	assert_true(stats_balance(half, 4) == 1.0);
	assert_true(stats_balance(none, 4) == 0.0);
	/* comparable across player counts: a fair game scores 1 at any N */
	uint64_t two[2] = {500, 500};
	assert_true(stats_balance(two, 2) == 1.0);
	/* the interval holds the estimate, is capped at 1, narrows with n */
	double lo, hi, lo3, hi3;
	stats_balance_interval(skew, 4, &lo, &hi);
	assert_true(lo < 0.8 && 0.8 < hi && lo > 0.6 && hi < 0.95);
	/* by hand: the least seat's one-sided 2.5% Wilson bound, x 4 */
	double l, u;
	stats_wilson(200, 1000, &l, &u);
	assert_true(fabs(lo - 4 * l) < 1e-12);
	stats_wilson_z(200, 1000, stats_z_upper(0.05 / 4), &l, &u);
	assert_true(fabs(hi - 4 * u) < 1e-12);
	stats_balance_interval(even, 4, &lo, &hi);
	assert_true(lo < 1 && hi == 1);
	uint64_t big[4] = {40000, 20000, 20000, 20000};
	stats_balance_interval(big, 4, &lo3, &hi3);
	assert_true(hi3 - lo3 < (0.95 - 0.6) / 5 && lo3 < 0.8 && hi3 > 0.8);
	stats_balance_interval(none, 4, &lo, &hi);
	assert_true(lo == 0 && hi == 0);
	/* the seats' simultaneous intervals are wider than one seat's own */
	double slo[4], shi[4];
	stats_seat_intervals(skew, 4, slo, shi);
	stats_wilson(400, 1000, &l, &u);
	assert_true(slo[0] < l && shi[0] > u && slo[0] < 0.4 && shi[0] > 0.4);
}

static void test_length(void **state)
{
	(void)state;
	uint64_t ended[21] = {0}, cens[21] = {0};
	for (int t = 1; t <= 10; t++)
		ended[t] = 1;
	struct stats_length L;
	stats_length(ended, cens, 20, &L);
	assert_true(fabs(L.rmst - 5.5) < 1e-12);
	assert_int_equal(L.median, 5);
	assert_int_equal(L.p10, 1);
	assert_int_equal(L.p90, 9);
	assert_true(fabs(L.won_mean - 5.5) < 1e-12 && fabs(L.won_sd - sqrt(82.5 / 9)) < 1e-9);
	assert_int_equal(L.won_min, 1);
	assert_int_equal(L.won_max, 10);
	/* without censoring the restricted mean's error is the sample's (n - 1 vs n) */
	assert_true(fabs(L.rmst_se - sqrt(8.25 / 10)) < 1e-9);
	/* ten more games never end: censored at the horizon, not dropped */
	cens[20] = 10;
	stats_length(ended, cens, 20, &L);
	assert_true(fabs(L.rmst - 12.75) < 1e-12);   /* mean of min(length, 20) */
	assert_int_equal(L.median, 10);
	assert_int_equal(L.p90, -1);                  /* 90% of games never end */
	assert_true(fabs(L.won_mean - 5.5) < 1e-12);
	/* no game ends: no median, the restricted mean is the horizon */
	memset(ended, 0, sizeof ended);
	stats_length(ended, cens, 20, &L);
	assert_int_equal(L.median, -1);
	assert_true(L.rmst == 20.0 && L.rmst_se == 0.0);
	assert_int_equal(L.ended, 0);
}

/* tune's median bounds at any level: stats_length's at 95%, wider at a smaller
 * level, the censored games counted at the horizon */
static void test_median_bound(void **state)
{
	(void)state;
	uint64_t ended[201] = {0}, cens[201] = {0};
	for (int t = 10; t < 60; t++)
		ended[t] = (uint64_t)(3 + t % 7);
	cens[200] = 40;
	uint64_t games = 40;
	for (int t = 0; t <= 200; t++)
		games += ended[t];
	struct stats_length L;
	stats_length(ended, cens, 200, &L);
	assert_int_equal(stats_median_bound(ended, games, 200, STATS_Z95, false), L.median_lo);
	assert_int_equal(stats_median_bound(ended, games, 200, STATS_Z95, true), L.median_hi);
	assert_int_equal(stats_median_bound(ended, games, 200, 0, false), L.median);
	assert_true(L.median_lo < L.median && L.median < L.median_hi);
	double z = stats_z_upper(1e-6);
	assert_true(stats_median_bound(ended, games, 200, z, false) < L.median_lo);
	assert_true(stats_median_bound(ended, games, 200, z, true) > L.median_hi);
	/* fewer than half end: no upper bound before the horizon */
	assert_int_equal(stats_median_bound(ended, games * 3, 200, STATS_Z95, true), -1);
}

static void test_verdict(void **state)
{
	(void)state;
	struct stats_diff bal, len;
	struct stats_verdict v;
	stats_diff_set(&bal, 0.9, 0.84, 0.02, 0.10, true);
	stats_diff_set(&len, 20.3, 25.5, -6.0, -4.0, false);
	assert_int_equal(bal.better, 1);
	assert_int_equal(len.better, 1);
	stats_verdict(0.99, 0.999, STATS_COMPLETION, &bal, &len, NULL, &v);
	assert_int_equal(v.fairer, 0);
	assert_int_equal(v.faster, 0);
	assert_false(v.stalls[0] || v.stalls[1]);
	/* a pack that stalls is never fairer or faster, whatever the numbers say */
	stats_verdict(0.414, 0.999, STATS_COMPLETION, &bal, &len, NULL, &v);
	assert_true(v.stalls[0] && !v.stalls[1]);
	assert_int_equal(v.fairer, -1);
	assert_int_equal(v.faster, -1);
	/* within chance: no verdict */
	stats_diff_set(&bal, 0.9, 0.89, -0.02, 0.04, true);
	stats_verdict(0.99, 0.99, STATS_COMPLETION, &bal, &len, NULL, &v);
	assert_int_equal(v.fairer, -1);
	/* unknown intervals never decide */
	stats_diff_set(&len, 3, 4, NAN, NAN, false);
	assert_int_equal(len.better, 0);
}

/* A series from plain counts: ties are their own share, timeouts censored at
 * the horizon, a series under the threshold stalls; a compare of a stalling
 * series gives no verdict. */
static void test_series(void **state)
{
	(void)state;
	uint64_t wins[3] = {30, 30, 20}, ended[11] = {0};
	ended[5] = 80 + 10;   /* 80 won and 10 ties, all at length 5; 10 timeouts */
	struct stats_counts c = {.seats = 3, .ties = true, .games = 100, .completed = 80, .no_winner = 10,
				 .wins = wins, .horizon = 10, .ended = ended};
	struct stats_series s;
	stats_series(&c, 0.95, &s);
	assert_int_equal(stats_timeouts(&c), 10);
	assert_true(s.stalls);
	assert_true(fabs(s.completion - 0.8) < 1e-12);
	assert_true(s.completion_lo < 0.8 && s.completion_hi > 0.8);
	assert_true(fabs(s.balance - 0.75) < 1e-12);       /* 3 x 20 / 80: the single-winner games */
	assert_true(s.balance_lo <= 0.75 && s.balance_hi >= 0.75);
	assert_true(fabs(s.win_rate[0] - 0.375) < 1e-12);
	assert_true(s.equal_p > 0.05 && s.equal_p < 1);
	assert_true(fabs(s.no_winner - 0.1) < 1e-12);
	assert_true(s.no_winner_lo < 0.1 && s.no_winner_hi > 0.1);
	assert_int_equal(s.len.ended, 90);                 /* the timeouts are censored */
	assert_int_equal(s.len.median, 5);
	stats_series(&c, 0.5, &s);
	assert_false(s.stalls);
	uint64_t none[3] = {0}, ended0[11] = {0};
	ended0[0] = 100;
	struct stats_counts z = {.seats = 3, .ties = true, .games = 100, .no_winner = 100, .wins = none,
				 .horizon = 10, .ended = ended0};
	struct stats_series sz, sc;
	stats_series(&z, 0.5, &sz);
	assert_true(sz.stalls);
	assert_true(sz.balance == 0 && sz.balance_hi == 0);   /* nobody wins: 0, never 1 */
	stats_series(&c, 0.5, &sc);
	struct stats_comparison cmp;
	stats_compare(&c, &sc, &z, &sz, NULL, 0.5, &cmp);
	assert_false(cmp.v.stalls[0]);
	assert_true(cmp.v.stalls[1]);
	assert_int_equal(cmp.v.fairer, -1);
	assert_int_equal(cmp.v.faster, -1);
	assert_int_equal(cmp.v.fewer_ties, -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_wilson_newcombe),
		cmocka_unit_test(test_balance),
		cmocka_unit_test(test_length),
		cmocka_unit_test(test_median_bound),
		cmocka_unit_test(test_verdict),
		cmocka_unit_test(test_series),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
