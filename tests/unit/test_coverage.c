/* test_coverage.c: gen/play/stats.c's intervals hold the truth as often as they
 * say. Seeded multinomial series at a known balance (1, 0.96, 0.88) for 2..5
 * seats: with 20,000 single-winner games the 95% balance interval covers the
 * truth in 93-99% of 1,000 series per cell, and the equality test rejects
 * 2-8% of the series whose seats are truly equal; with 4,000 games (where at
 * 0.96 the least seat is only two standard errors below the others, and the
 * interval is conservative: 98.7-99.2% measured over 3,000 series) it covers
 * at least 93% of 1,000; and the paired differences of two correlated series
 * (common random numbers, as simulate --compare plays them) cover theirs; the
 * seats' win-rate intervals hold every seat at once in at least 95% of series. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "stats.h"

#define SERIES 400
#define GAMES 4000
#define BIG_SERIES 1000
#define BIG_GAMES 20000

static uint64_t next64(uint64_t *x)
{
	uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

static double uniform(uint64_t *x)
{
	return (double)(next64(x) >> 11) * 0x1.0p-53;
}

/* Binomial(n, p), exactly: inversion over the outcomes taken from the mode
 * outwards (any fixed order of the outcomes inverts exactly). */
static uint64_t binomial(uint64_t *x, uint64_t n, double p)
{
	if (n == 0 || p <= 0)
		return 0;
	if (p >= 1)
		return n;
	double nn = (double)n, r = p / (1 - p);
	uint64_t mode = (uint64_t)((nn + 1) * p);
	mode = mode > n ? n : mode;
	double k = (double)mode, pm = exp(lgamma(nn + 1) - lgamma(k + 1) - lgamma(nn - k + 1) + k * log(p) +
					   (nn - k) * log1p(-p));
	double u = uniform(x), acc = pm, pu = pm, pd = pm;
	uint64_t up = mode, dn = mode;
	if (u < acc)
		return mode;
	while (up < n || dn > 0) {
		if (up < n) {
			pu *= (nn - (double)up) / (double)(up + 1) * r;
			up++;
			if (u < (acc += pu))
				return up;
		}
		if (dn > 0) {
			pd *= (double)dn / (nn - (double)dn + 1) / r;
			dn--;
			if (u < (acc += pd))
				return dn;
		}
	}
	return mode;   /* rounding left u beyond the whole mass */
}

/* The outcome whose share in cum[] (cumulative, k outcomes) holds u. */
static int pick(const double *cum, int k, double u)
{
	int i = 0;
	while (i < k - 1 && u >= cum[i])
		i++;
	return i;
}

/* Seat shares at balance bal: the first seat wins bal / n, the others the rest
 * alike; cumulated into cum[n + 1] after a share tie of games without a
 * single winner. */
static void shares(int n, double bal, double tie, double *p, double *cum)
{
	p[0] = bal / n;
	for (int i = 1; i < n; i++)
		p[i] = (1 - p[0]) / (n - 1);
	double c = 0;
	for (int i = 0; i < n; i++)
		cum[i] = c += p[i] * (1 - tie);
	cum[n] = 1;
}

/* ---- one series: balance's interval and the equality test ---- */

struct cell {
	int n;
	double bal;
	int covered, rejected, below, above;
};

/* series series of games games each, drawn as one multinomial each. */
static void run_cell(struct cell *c, int series, uint64_t games, uint64_t seed)
{
	double p[STATS_MAX_SEATS], cum[STATS_MAX_SEATS + 1];
	shares(c->n, c->bal, 0, p, cum);
	uint64_t x = seed;
	for (int s = 0; s < series; s++) {
		uint64_t wins[STATS_MAX_SEATS] = {0}, left = games;
		double mass = 1;
		for (int i = 0; i < c->n; i++) {
			wins[i] = i == c->n - 1 ? left : binomial(&x, left, fmin(1, p[i] / mass));
			left -= wins[i];
			mass -= p[i];
		}
		double lo, hi, b = stats_balance(wins, c->n);
		stats_balance_interval(wins, c->n, &lo, &hi);
		assert_true(lo <= b && b <= hi);   /* the estimate always lies inside */
		c->covered += lo <= c->bal + 1e-12 && c->bal <= hi + 1e-12;
		c->below += hi < c->bal - 1e-12;
		c->above += lo > c->bal + 1e-12;
		bool exact;
		c->rejected += stats_equality_p(wins, c->n, &exact) < 0.05;
	}
}

static void test_balance_coverage(void **state)
{
	(void)state;
	const double truth[] = {1, 0.96, 0.88};
	int bad = 0;
	for (int big = 1; big >= 0; big--)
		for (int n = 2; n <= 5; n++)
			for (int t = 0; t < 3; t++) {
				struct cell c = {.n = n, .bal = truth[t]};
				int series = BIG_SERIES;
				run_cell(&c, series, big ? BIG_GAMES : GAMES, 1000 * (uint64_t)n + 10 * (uint64_t)t + big);
				double cover = (double)c.covered / series, reject = (double)c.rejected / series;
				printf("  %d games, balance %.2f, %d seats: covered %.3f (misses: %d above, %d below); "
				       "equality p < 0.05 in %.3f\n", big ? BIG_GAMES : GAMES, c.bal, n, cover, c.above,
				       c.below, reject);
				if (cover < 0.93 || (big && cover > 0.99)) {
					printf("  ^ coverage outside 0.93-%s\n", big ? "0.99" : "1");
					bad++;
				}
				if (t == 0 && (reject < 0.02 || reject > 0.08)) {
					printf("  ^ the equality test rejects a true equality outside 2-8%% of series\n");
					bad++;
				}
			}
	assert_int_equal(bad, 0);
}

/* ---- the seats' win rates, simultaneously ---- */

/* The seats' intervals are simultaneous: over 4,000 series of equal seats the
 * share of series where any seat's interval misses its rate stays at most 5%
 * (plus three standard errors of that share, 1%); 3,4 and 5 seats. One
 * seat's own 95% interval misses in about 1 - 0.95^seats of them, and a
 * correction at 0.05 / seats each side (twice the level) in about 9%. */
static void test_seat_coverage(void **state)
{
	(void)state;
	const int series = 4000;
	const double most = 0.05 + 3 * sqrt(0.05 * 0.95 / series);
	int bad = 0;
	for (int n = 3; n <= 5; n++) {
		double p[STATS_MAX_SEATS], cum[STATS_MAX_SEATS + 1];
		shares(n, 1, 0, p, cum);
		uint64_t x = 7000 + (uint64_t)n;
		int missed = 0;
		for (int s = 0; s < series; s++) {
			uint64_t wins[STATS_MAX_SEATS] = {0}, left = 1000;
			double mass = 1, lo[STATS_MAX_SEATS], hi[STATS_MAX_SEATS];
			for (int i = 0; i < n; i++) {
				wins[i] = i == n - 1 ? left : binomial(&x, left, fmin(1, p[i] / mass));
				left -= wins[i];
				mass -= p[i];
			}
			stats_seat_intervals(wins, n, lo, hi);
			bool miss = false;
			for (int i = 0; i < n; i++)
				miss |= p[i] < lo[i] - 1e-12 || p[i] > hi[i] + 1e-12;
			missed += miss;
		}
		printf("  %d equal seats, 1,000 games: some seat's interval misses in %.4f of %d series\n", n,
		       (double)missed / series, series);
		if ((double)missed / series > most) {
			printf("  ^ more than %.4f: the intervals are not simultaneous at 95%%\n", most);
			bad++;
		}
	}
	assert_int_equal(bad, 0);
}

/* ---- the equality test's values ---- */

static void test_equality(void **state)
{
	(void)state;
	bool exact;
	/* exact: 3 games to one of 2 seats: 2/8 of the splits are as unlikely */
	uint64_t three[2] = {3, 0};
	assert_true(fabs(stats_equality_p(three, 2, &exact) - 0.25) < 1e-12 && exact);
	uint64_t even[3] = {2, 2, 2};
	assert_true(fabs(stats_equality_p(even, 3, &exact) - 1) < 1e-9 && exact);
	/* exact against the sum over every split, in fractions (Python's): the
	 * splits as likely as the one seen count, though their log probabilities,
	 * summed in another order, differ in the last bits */
	const uint64_t split[][5] = {{5, 3, 1}, {9, 6, 3}, {7, 2, 0, 3}, {12, 9, 3, 0}, {6, 5, 4, 3, 2}};
	const int nseats[] = {3, 3, 4, 4, 5};
	const double want[] = {0.31931108062795305, 0.2428030000240901, 0.036948204040527344,
			       0.00039610094034969734, 0.709050283409539};
	for (size_t i = 0; i < sizeof want / sizeof *want; i++) {
		double pe = stats_equality_p(split[i], nseats[i], &exact);
		printf("  exact p of split %zu: %.15g (want %.15g)\n", i, pe, want[i]);
		assert_true(fabs(pe / want[i] - 1) < 1e-9 && exact);
	}
	/* chi-square: Q(1, x) = exp(-x); 3 df at 7.8147 is the 5% point */
	assert_true(fabs(stats_gamma_q(1, 2.5) - exp(-2.5)) < 1e-12);
	assert_true(fabs(stats_gamma_q(1.5, 7.814728 / 2) - 0.05) < 1e-6);
	assert_true(fabs(stats_gamma_q(5, 30) / (exp(-30) * 38731) - 1) < 1e-9 && stats_gamma_q(5, 0) == 1);
	/* the pooled domino seats: chi-square 3.7 on 3 df, p ~ 0.3 */
	uint64_t dom[4] = {10028, 9857, 9989, 10126};
	double p = stats_equality_p(dom, 4, &exact);
	assert_false(exact);
	assert_true(p > 0.25 && p < 0.35);
	/* exact for small counts rejects a truly equal split at most about 5% */
	uint64_t x = 77;
	int rejected = 0;
	for (int s = 0; s < SERIES; s++) {
		uint64_t w[3] = {0};
		for (int g = 0; g < 30; g++)
			w[next64(&x) % 3]++;
		rejected += stats_equality_p(w, 3, &exact) < 0.05;
		assert_true(exact);
	}
	printf("  exact test, 3 seats, 30 games: p < 0.05 in %.3f\n", (double)rejected / SERIES);
	assert_true(rejected >= 4 && rejected <= 32);
	assert_true(fabs(stats_z_upper(0.025) - STATS_Z95) < 1e-9);
}

/* ---- two paired series ---- */

struct pcell {
	int n;
	double bal_a, bal_b, tie_a, tie_b, same;   /* same: share of games whose draw is shared */
	int bal, tie, seat, comp, bal_above;
	int fairer;                                  /* series with a verdict on fairness */
	double width[2];                             /* seat 1's difference: paired, unpaired */
};

static void run_pair(struct pcell *c, uint64_t seed)
{
	double pa[STATS_MAX_SEATS], pb[STATS_MAX_SEATS], ca[STATS_MAX_SEATS + 1], cb[STATS_MAX_SEATS + 1];
	shares(c->n, c->bal_a, c->tie_a, pa, ca);
	shares(c->n, c->bal_b, c->tie_b, pb, cb);
	uint64_t x = seed, ended[2] = {0};
	for (int s = 0; s < SERIES; s++) {
		uint64_t wa[STATS_MAX_SEATS] = {0}, wb[STATS_MAX_SEATS] = {0}, ta = 0, tb = 0;
		struct stats_joint jt;
		memset(&jt, 0, sizeof jt);
		for (int g = 0; g < GAMES; g++) {
			double u = uniform(&x), v = uniform(&x) < c->same ? u : uniform(&x);
			int i = pick(ca, c->n + 1, u), j = pick(cb, c->n + 1, v);
			if (i < c->n)
				wa[i]++;
			else
				ta++;
			if (j < c->n)
				wb[j]++;
			else
				tb++;
			jt.n[i][j]++;
		}
		struct stats_counts a = {.seats = c->n, .ties = true, .games = GAMES, .completed = GAMES - ta,
					 .no_winner = ta, .wins = wa, .ended = ended},
				    b = {.seats = c->n, .ties = true, .games = GAMES, .completed = GAMES - tb,
					 .no_winner = tb, .wins = wb, .ended = ended};
		ended[0] = GAMES;
		struct stats_series sa, sb;
		stats_series(&a, 0, &sa);
		stats_series(&b, 0, &sb);
		struct stats_comparison cmp;
		stats_compare(&a, &sa, &b, &sb, &jt, 0, &cmp);
		struct stats_comparison apart;
		stats_compare(&a, &sa, &b, &sb, NULL, 0, &apart);
		c->width[0] += cmp.seat[0].hi - cmp.seat[0].lo;
		c->width[1] += apart.seat[0].hi - apart.seat[0].lo;
		double d = c->bal_a - c->bal_b, e = c->tie_b - c->tie_a;
		c->bal += cmp.balance.lo <= d + 1e-12 && d <= cmp.balance.hi + 1e-12;
		c->bal_above += cmp.balance.lo > d + 1e-12;
		c->tie += cmp.no_winner.lo <= -e + 1e-12 && -e <= cmp.no_winner.hi + 1e-12;
		c->comp += cmp.completion.lo <= e + 1e-12 && e <= cmp.completion.hi + 1e-12;
		double ds = pa[0] - pb[0];
		c->seat += cmp.seat[0].lo <= ds + 1e-12 && ds <= cmp.seat[0].hi + 1e-12;
		c->fairer += cmp.v.fairer >= 0;
	}
}

static void test_paired_coverage(void **state)
{
	(void)state;
	struct pcell cells[] = {
		{.n = 2, .bal_a = 1, .bal_b = 1, .tie_a = 0.05, .tie_b = 0.05, .same = 0.6},
		{.n = 4, .bal_a = 1, .bal_b = 1, .tie_a = 0.05, .tie_b = 0.05, .same = 0.6},
		{.n = 2, .bal_a = 0.96, .bal_b = 1, .tie_a = 0.05, .tie_b = 0.02, .same = 0.6},
		{.n = 4, .bal_a = 0.96, .bal_b = 1, .tie_a = 0.05, .tie_b = 0.02, .same = 0.6},
		{.n = 3, .bal_a = 0.96, .bal_b = 1, .tie_a = 0.03, .tie_b = 0.03, .same = 0.9},
		{.n = 3, .bal_a = 0.88, .bal_b = 1, .tie_a = 0.03, .tie_b = 0.03, .same = 0.9},
	};
	int bad = 0;
	for (size_t k = 0; k < sizeof cells / sizeof *cells; k++) {
		struct pcell *c = &cells[k];
		run_pair(c, 5000 + k);
		printf("  paired %d seats, balance %.2f vs %.2f, shared draws %.1f: covered balance %.3f (%d above), "
		       "no single winner %.3f, completion %.3f, seat 1 %.3f; a verdict on fairness in %.3f\n", c->n,
		       c->bal_a, c->bal_b, c->same, (double)c->bal / SERIES, c->bal_above, (double)c->tie / SERIES,
		       (double)c->comp / SERIES, (double)c->seat / SERIES, (double)c->fairer / SERIES);
		printf("    seat 1's interval paired is %.2f of its width unpaired\n", c->width[0] / c->width[1]);
		/* pairing narrows the intervals of correlated series */
		if (c->width[0] > (c->same > 0.8 ? 0.5 : 0.8) * c->width[1]) {
			printf("  ^ pairing hardly narrows the interval\n");
			bad++;
		}
		/* a verdict on fairness: rare between equal balances, usual at 0.88 vs 1 */
		if (c->bal_a == c->bal_b && c->fairer > 0.05 * SERIES) {
			printf("  ^ equal balances called different in more than 5%%\n");
			bad++;
		}
		if (c->bal_b - c->bal_a >= 0.1 && c->fairer < 0.5 * SERIES) {
			printf("  ^ a balance 0.12 apart found in fewer than half the series\n");
			bad++;
		}
		int got[] = {c->bal, c->tie, c->comp, c->seat};
		for (int i = 0; i < 4; i++)
			if (got[i] < 0.93 * SERIES) {
				printf("  ^ a paired interval covers less than 93%%\n");
				bad++;
			}
	}
	assert_int_equal(bad, 0);
}

/* ---- the restricted mean length ---- */

/* Geometric game lengths (hazard h a turn, so P(length > t) = (1 - h)^t),
 * censored at the horizon H: the restricted mean is sum_{t<H} (1 - h)^t. */
static void lengths(uint64_t *x, double h, int H, uint64_t games, uint64_t *ended)
{
	memset(ended, 0, ((size_t)H + 1) * sizeof *ended);
	for (uint64_t g = 0; g < games; g++) {
		double t = 1 + floor(log1p(-uniform(x)) / log1p(-h));
		if (t <= H)
			ended[(int)t]++;
	}
}

/* Over 2,000 pairs of independent series (400 games each, hazards 0.10 and
 * 0.12, horizon 15: a fifth and a seventh of the games censored) the 95%
 * interval of one restricted mean (rmst +- 1.96 rmst_se) and that of the
 * difference (simulate --compare's) each cover the truth in at least 95% less
 * three standard errors of the share (93.5%). Measured: 0.955 and 0.950; with
 * the second series' error left out of the difference's, 0.830. */
static void test_rmst_coverage(void **state)
{
	(void)state;
	enum { H = 15, PAIRS = 2000, N = 400 };
	const double ha = 0.10, hb = 0.12, least = 0.95 - 3 * sqrt(0.05 * 0.95 / PAIRS);
	double ra = 0, rb = 0;
	for (int t = 0; t < H; t++) {
		ra += pow(1 - ha, t);
		rb += pow(1 - hb, t);
	}
	uint64_t x = 31337, ea[H + 1], eb[H + 1], wins[2] = {N / 2, N / 2};
	int one = 0, diff = 0;
	for (int s = 0; s < PAIRS; s++) {
		lengths(&x, ha, H, N, ea);
		lengths(&x, hb, H, N, eb);
		struct stats_counts a = {.seats = 2, .games = N, .completed = N, .wins = wins, .horizon = H, .ended = ea},
				    b = {.seats = 2, .games = N, .completed = N, .wins = wins, .horizon = H, .ended = eb};
		struct stats_series sa, sb;
		stats_series(&a, 0, &sa);
		stats_series(&b, 0, &sb);
		one += fabs(sa.len.rmst - ra) <= STATS_Z95 * sa.len.rmst_se;
		struct stats_comparison cmp;
		stats_compare(&a, &sa, &b, &sb, NULL, 0, &cmp);
		diff += cmp.rmst.lo <= ra - rb && ra - rb <= cmp.rmst.hi;
	}
	printf("  restricted mean %.3f vs %.3f, horizon %d, %d games: one series' interval covers %.4f, "
	       "the difference's %.4f of %d\n", ra, rb, H, N, (double)one / PAIRS, (double)diff / PAIRS, PAIRS);
	assert_true(one >= least * PAIRS);
	assert_true(diff >= least * PAIRS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_equality),
		cmocka_unit_test(test_balance_coverage),
		cmocka_unit_test(test_paired_coverage),
		cmocka_unit_test(test_seat_coverage),
		cmocka_unit_test(test_rmst_coverage),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
