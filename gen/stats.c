/* stats.c: intervals, censored game length and verdicts for balance reports
 * (see stats.h). No I/O, no globals; the bootstrap's random stream is seeded
 * from the counts it resamples. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"

void stats_wilson(uint64_t k, uint64_t n, double *lo, double *hi)
{
	if (n == 0) {
		*lo = 0;
		*hi = 1;
		return;
	}
	const double z = STATS_Z95;
	double p = (double)k / (double)n, nn = (double)n, z2 = z * z;
	double centre = (p + z2 / (2 * nn)) / (1 + z2 / nn);
	double half = z * sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn)) / (1 + z2 / nn);
	*lo = centre - half < 0 ? 0 : centre - half;
	*hi = centre + half > 1 ? 1 : centre + half;
}

void stats_diff_proportions(uint64_t k1, uint64_t n1, uint64_t k2, uint64_t n2, double *lo, double *hi)
{
	double l1, u1, l2, u2;
	stats_wilson(k1, n1, &l1, &u1);
	stats_wilson(k2, n2, &l2, &u2);
	double p1 = n1 ? (double)k1 / (double)n1 : 0, p2 = n2 ? (double)k2 / (double)n2 : 0, d = p1 - p2;
	*lo = d - sqrt((p1 - l1) * (p1 - l1) + (u2 - p2) * (u2 - p2));
	*hi = d + sqrt((u1 - p1) * (u1 - p1) + (p2 - l2) * (p2 - l2));
}

double stats_balance(const uint64_t *wins, int seats, uint64_t games)
{
	if (!games || seats < 1)
		return 0;
	uint64_t least = wins[0];
	for (int i = 1; i < seats; i++)
		if (wins[i] < least)
			least = wins[i];
	return (double)seats * (double)least / (double)games;
}

/* ---- the bootstrap's stream: splitmix64 ---- */

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

static double normal(uint64_t *x)
{
	double u = uniform(x), v = uniform(x);
	return sqrt(-2 * log(u > 0 ? u : 0x1.0p-53)) * cos(6.283185307179586 * v);
}

/* Binomial(n, p): exact by inversion while the expected count of the rarer
 * outcome is small, else the normal approximation, rounded and clamped. */
static uint64_t binomial(uint64_t *x, uint64_t n, double p)
{
	if (n == 0 || p <= 0)
		return 0;
	if (p >= 1)
		return n;
	if (p > 0.5)
		return n - binomial(x, n, 1 - p);
	double nn = (double)n, mean = nn * p;
	if (mean < 40) {
		double u = uniform(x), prob = exp(nn * log1p(-p)), cdf = prob, r = p / (1 - p);
		uint64_t k = 0;
		while (u > cdf && k < n) {
			prob *= (nn - (double)k) / (double)(k + 1) * r;
			k++;
			cdf += prob;
			if (prob < 1e-300 && cdf < u)   /* rounding left the tail short */
				break;
		}
		return k;
	}
	double v = round(mean + sqrt(mean * (1 - p)) * normal(x));
	return v < 0 ? 0 : v > nn ? n : (uint64_t)v;
}

static uint64_t seed_of(const uint64_t *wins, int seats, uint64_t games)
{
	uint64_t h = 0x5EED0F5EA75ULL ^ games;
	for (int i = 0; i < seats; i++)
		h = (h ^ wins[i]) * 0x100000001B3ULL + (uint64_t)i;
	return h;
}

void stats_balance_replicates(const uint64_t *wins, int seats, uint64_t games, double *out)
{
	uint64_t x = seed_of(wins, seats, games), sim[64];
	if (seats > 64)
		seats = 64;
	for (int b = 0; b < STATS_BOOT; b++) {
		uint64_t left = games, mass = games;
		for (int i = 0; i < seats; i++) {
			uint64_t k = mass ? binomial(&x, left, (double)wins[i] / (double)mass) : 0;
			sim[i] = k;
			left -= k;
			mass -= wins[i];
		}
		out[b] = stats_balance(sim, seats, games);
	}
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* The 2.5% and 97.5% percentiles of v[n] (sorted in place). */
static void percentiles(double *v, int n, double *lo, double *hi)
{
	qsort(v, (size_t)n, sizeof *v, cmp_double);
	*lo = v[(int)lround(0.025 * (n - 1))];
	*hi = v[(int)lround(0.975 * (n - 1))];
}

void stats_balance_interval(const uint64_t *wins, int seats, uint64_t games, double *lo, double *hi)
{
	double *v = malloc(STATS_BOOT * sizeof *v);
	if (!v) {
		*lo = *hi = NAN;
		return;
	}
	stats_balance_replicates(wins, seats, games, v);
	percentiles(v, STATS_BOOT, lo, hi);
	free(v);
}

void stats_diff_balance(const uint64_t *wa, uint64_t ga, const uint64_t *wb, uint64_t gb, int seats,
			struct stats_diff *x)
{
	double *va = malloc(2 * STATS_BOOT * sizeof *va);
	double a = stats_balance(wa, seats, ga), b = stats_balance(wb, seats, gb), lo = NAN, hi = NAN;
	if (va) {
		double *vb = va + STATS_BOOT;
		stats_balance_replicates(wa, seats, ga, va);
		stats_balance_replicates(wb, seats, gb, vb);
		for (int i = 0; i < STATS_BOOT; i++)
			va[i] -= vb[i];
		percentiles(va, STATS_BOOT, &lo, &hi);
		free(va);
	}
	stats_diff_set(x, a, b, lo, hi, true);
}

/* ---- censored length ---- */

void stats_length(const uint64_t *ended, const uint64_t *censored, int horizon, struct stats_length *out)
{
	memset(out, 0, sizeof *out);
	out->horizon = horizon;
	out->median = out->median_lo = out->median_hi = out->p10 = out->p90 = -1;
	uint64_t games = 0, won = 0;
	long double s1 = 0, s2 = 0;
	for (int t = 0; t <= horizon; t++) {
		games += ended[t] + censored[t];
		won += ended[t];
		s1 += (long double)ended[t] * t;
		s2 += (long double)ended[t] * t * t;
		if (ended[t])
			out->won_max = t;
	}
	out->games = games;
	out->ended = won;
	if (won) {
		double n = (double)won;
		out->won_mean = (double)(s1 / n);
		double var = (double)(s2 / n) - out->won_mean * out->won_mean;
		out->won_sd = won > 1 && var > 0 ? sqrt(var * n / (n - 1)) : 0;
		for (int t = 0; t <= horizon; t++)
			if (ended[t]) {
				out->won_min = t;
				break;
			}
	}
	if (!games)
		return;
	/* S(t) = P(length > t); Greenwood's sum for its variance; the restricted
	 * mean is the sum of S(t) over 0..horizon-1 */
	double S = 1, green = 0, rmst = 0;
	uint64_t risk = games;
	double *surv = malloc(((size_t)horizon + 1) * sizeof *surv);
	double *gw = malloc(((size_t)horizon + 1) * sizeof *gw);
	if (!surv || !gw) {
		free(surv);
		free(gw);
		out->rmst = out->rmst_se = NAN;
		return;
	}
	const double z = STATS_Z95;
	for (int t = 0; t <= horizon; t++) {
		uint64_t d = ended[t];
		if (risk && d) {
			S *= 1 - (double)d / (double)risk;
			if (risk > d)
				green += (double)d / ((double)risk * (double)(risk - d));
		}
		surv[t] = S;
		gw[t] = d && risk > d ? (double)d / ((double)risk * (double)(risk - d)) : 0;
		double se = S * sqrt(green);
		if (t < horizon) {
			rmst += S;
			if (out->p10 < 0 && S <= 0.9 + 1e-12)
				out->p10 = t;
			if (out->median < 0 && S <= 0.5 + 1e-12)
				out->median = t;
			if (out->p90 < 0 && S <= 0.1 + 1e-12)
				out->p90 = t;
			if (out->median_lo < 0 && S <= 0.5 + z * se + 1e-12)
				out->median_lo = t;
			if (out->median_hi < 0 && S <= 0.5 - z * se + 1e-12)
				out->median_hi = t;
		}
		risk -= d + censored[t];
	}
	out->rmst = rmst;
	/* Var(rmst) = sum over event times j of A_j^2 d_j / (n_j (n_j - d_j)),
	 * A_j the area under S from j to the horizon */
	double area = 0, var = 0;
	for (int t = horizon - 1; t >= 0; t--) {
		area += surv[t];
		var += area * area * gw[t];
	}
	out->rmst_se = sqrt(var);
	free(surv);
	free(gw);
}

/* ---- differences and verdicts ---- */

void stats_diff_set(struct stats_diff *x, double a, double b, double lo, double hi, bool higher_better)
{
	x->a = a;
	x->b = b;
	x->d = a - b;
	x->lo = lo;
	x->hi = hi;
	x->better = 0;
	if (isnan(lo) || isnan(hi))
		return;
	if (lo > 0)
		x->better = higher_better ? 1 : -1;
	else if (hi < 0)
		x->better = higher_better ? -1 : 1;
}

void stats_diff_rmst(const struct stats_length *a, const struct stats_length *b, struct stats_diff *x)
{
	double d = a->rmst - b->rmst, se = sqrt(a->rmst_se * a->rmst_se + b->rmst_se * b->rmst_se);
	stats_diff_set(x, a->rmst, b->rmst, d - STATS_Z95 * se, d + STATS_Z95 * se, false);
}

void stats_diff_median(const struct stats_length *a, const struct stats_length *b, struct stats_diff *x)
{
	if (a->median < 0 || b->median < 0 || a->median_hi < 0 || b->median_hi < 0) {
		stats_diff_set(x, a->median < 0 ? NAN : a->median, b->median < 0 ? NAN : b->median, NAN, NAN, false);
		return;
	}
	double sa = (a->median_hi - a->median_lo) / (2 * STATS_Z95);
	double sb = (b->median_hi - b->median_lo) / (2 * STATS_Z95);
	double d = (double)(a->median - b->median), h = STATS_Z95 * sqrt(sa * sa + sb * sb);
	stats_diff_set(x, a->median, b->median, d - h, d + h, false);
}

void stats_verdict(double completion_a, double completion_b, double threshold, const struct stats_diff *balance,
		   const struct stats_diff *length, struct stats_verdict *v)
{
	v->stalls[0] = completion_a < threshold;
	v->stalls[1] = completion_b < threshold;
	v->fairer = v->faster = -1;
	if (v->stalls[0] || v->stalls[1])
		return;
	if (balance->better)
		v->fairer = balance->better > 0 ? 0 : 1;
	if (length->better)
		v->faster = length->better > 0 ? 0 : 1;
}

uint64_t stats_timeouts(const struct stats_counts *c)
{
	return c->games - c->completed - c->no_winner - c->stalled;
}

void stats_series(const struct stats_counts *c, double threshold, struct stats_series *out)
{
	memset(out, 0, sizeof *out);
	double n = (double)c->games;
	out->completion = c->games ? (double)c->completed / n : 0;
	stats_wilson(c->completed, c->games, &out->completion_lo, &out->completion_hi);
	out->stalls = out->completion < threshold;
	for (int i = 0; i < c->seats && i < STATS_MAX_SEATS; i++) {
		out->win_rate[i] = c->games ? (double)c->wins[i] / n : 0;
		stats_wilson(c->wins[i], c->games, &out->win_lo[i], &out->win_hi[i]);
	}
	out->balance = stats_balance(c->wins, c->seats, c->games);
	stats_balance_interval(c->wins, c->seats, c->games, &out->balance_lo, &out->balance_hi);
	out->no_winner = c->games ? (double)c->no_winner / n : 0;
	stats_wilson(c->no_winner, c->games, &out->no_winner_lo, &out->no_winner_hi);
	/* every game that did not end is censored at the horizon */
	uint64_t *censored = calloc((size_t)c->horizon + 1, sizeof *censored), ended = 0;
	if (!censored)
		abort();
	for (int t = 0; t <= c->horizon; t++)
		ended += c->ended[t];
	censored[c->horizon] = c->games - ended;
	stats_length(c->ended, censored, c->horizon, &out->len);
	free(censored);
}

void stats_compare(const struct stats_counts *a, const struct stats_series *sa, const struct stats_counts *b,
		   const struct stats_series *sb, double threshold, struct stats_comparison *out)
{
	double lo, hi;
	memset(out, 0, sizeof *out);
	stats_diff_proportions(a->completed, a->games, b->completed, b->games, &lo, &hi);
	stats_diff_set(&out->completion, sa->completion, sb->completion, lo, hi, true);
	stats_diff_proportions(a->no_winner, a->games, b->no_winner, b->games, &lo, &hi);
	stats_diff_set(&out->no_winner, sa->no_winner, sb->no_winner, lo, hi, false);
	stats_diff_balance(a->wins, a->games, b->wins, b->games, a->seats, &out->balance);
	for (int i = 0; i < a->seats && i < STATS_MAX_SEATS; i++) {
		stats_diff_proportions(a->wins[i], a->games, b->wins[i], b->games, &lo, &hi);
		stats_diff_set(&out->seat[i], sa->win_rate[i], sb->win_rate[i], lo, hi, true);
	}
	stats_diff_rmst(&sa->len, &sb->len, &out->rmst);
	stats_diff_median(&sa->len, &sb->len, &out->median);
	stats_verdict(sa->completion, sb->completion, threshold, &out->balance, &out->rmst, &out->v);
}
