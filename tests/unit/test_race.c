/* test_race.c: the race's bounds (gen/play/stats.c): the normal quantile against known values, Wilson
 * bounds at any z against tabulated values, the score p-value as the Wilson bound's
 * inverse, and the coverage of a balance's one-sided bounds on seeded
 * multinomial series where they are hardest (every seat equal, and near it):
 * each misses the truth at most at its level. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "stats.h"

static void test_quantile(void **state)
{
	(void)state;
	assert_true(fabs(stats_z_upper(0.025) - 1.959963984540054) < 1e-10);
	assert_true(fabs(stats_z_upper(0.001) - 3.090232306167814) < 1e-10);
	assert_true(fabs(stats_z_upper(1e-9) - 5.997807015007686) < 1e-9);
	assert_true(fabs(stats_z_upper(0.975) + 1.959963984540054) < 1e-10);
	assert_true(stats_z_upper(0.5) == 0);
	assert_true(isinf(stats_z_upper(0)) && stats_z_upper(0) > 0);
	for (double p = 1e-12; p < 0.5; p *= 3)
		assert_true(fabs(stats_normal_tail(stats_z_upper(p)) / p - 1) < 1e-9);
}

static void test_wilson(void **state)
{
	(void)state;
	uint64_t ks[] = {0, 1, 40, 50, 99, 100}, n = 100;
	/* the 95% Wilson intervals of k in 100, as tabulated (to 4 places) */
	const double want[][2] = {{0, 0.0370}, {0.0018, 0.0545}, {0.3094, 0.4980}, {0.4038, 0.5962},
				  {0.9455, 0.9982}, {0.9630, 1}};
	for (size_t i = 0; i < sizeof ks / sizeof *ks; i++) {
		double lo, hi;
		stats_wilson_z(ks[i], n, STATS_Z95, &lo, &hi);
		assert_true(fabs(lo - want[i][0]) < 6e-5 && fabs(hi - want[i][1]) < 6e-5);
		/* the score p-value at the upper bound is the bound's level */
		if (ks[i] < n) {
			double z = stats_z_upper(0.003);
			stats_wilson_z(ks[i], n, z, &lo, &hi);
			assert_true(fabs(stats_below_p(ks[i], n, hi) - 0.003) < 1e-9);
			assert_true(stats_below_p(ks[i], n, hi * 1.01) < 0.003);
			assert_true(stats_below_p(ks[i], n, hi * 0.99) > 0.003);
		}
	}
	double lo, hi;
	stats_wilson_z(0, 0, 3, &lo, &hi);
	assert_true(lo == 0 && hi == 1);
	assert_true(stats_below_p(5, 10, 0.5) == 1 && stats_below_p(0, 0, 0.5) == 1);
}

static uint64_t next(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* Of `series` series of n games won by seat i with probability p[i], how many
 * times the lower bound at b lies above the truth, and the upper bound (b split
 * over the seats) below it. */
static void misses(const double *p, int seats, uint64_t n, int series, double b, int *over, int *under)
{
	uint64_t s = 0x9e3779b97f4a7c15ULL;
	double truth = 1;
	for (int i = 0; i < seats; i++)
		truth = fmin(truth, seats * p[i]);
	*over = *under = 0;
	for (int r = 0; r < series; r++) {
		uint64_t wins[8] = {0};
		for (uint64_t g = 0; g < n; g++) {
			double u = (double)(next(&s) >> 11) / 9007199254740992.0, acc = 0;
			int i = 0;
			while (i < seats - 1 && u >= (acc += p[i]))
				i++;
			wins[i]++;
		}
		*over += stats_balance_lower(wins, seats, n, b) > truth;
		*under += stats_balance_upper(wins, seats, n, b / seats) < truth;
	}
}

static void test_coverage(void **state)
{
	(void)state;
	/* 4,000 series each: a miss rate of 5% gives 200 +- 14 */
	const int series = 4000;
	const double b = 0.05, most = series * b + 3 * sqrt(series * b * (1 - b));
	double even[4] = {0.25, 0.25, 0.25, 0.25}, near[4] = {0.24, 0.2533333, 0.2533333, 0.2533334};
	double three[3] = {1.0 / 3, 1.0 / 3, 1.0 / 3};
	int over, under;
	misses(even, 4, 400, series, b, &over, &under);
	assert_true(over <= most && under <= most);
	misses(near, 4, 400, series, b, &over, &under);
	assert_true(over <= most && under <= most);
	misses(three, 3, 300, series, b, &over, &under);
	assert_true(over <= most && under <= most);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_quantile),
		cmocka_unit_test(test_wilson),
		cmocka_unit_test(test_coverage),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
