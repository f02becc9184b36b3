/* stats.c: intervals, censored game length and verdicts for balance reports
 * (see stats.h). No I/O, no globals, no random numbers. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"

void stats_wilson(uint64_t k, uint64_t n, double *lo, double *hi)
{
	stats_wilson_z(k, n, STATS_Z95, lo, hi);
}

void stats_wilson_z(uint64_t k, uint64_t n, double z, double *lo, double *hi)
{
	if (n == 0) {
		*lo = 0;
		*hi = 1;
		return;
	}
	double p = (double)k / (double)n, nn = (double)n, z2 = z * z;
	double centre = (p + z2 / (2 * nn)) / (1 + z2 / nn);
	double half = z * sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn)) / (1 + z2 / nn);
	*lo = k == 0 || centre - half < 0 ? 0 : centre - half;
	*hi = k == n || centre + half > 1 ? 1 : centre + half;
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

double stats_normal_tail(double z)
{
	return 0.5 * erfc(z / sqrt(2.0));
}

/* Newton's method on the tail from sqrt(-2 ln a), which never overshoots far;
 * exact to about 1e-12. */
double stats_skill_rescaled(double share, int players)
{
	double fair = 1.0 / players;
	return (share - fair) / (1 - fair);
}

double stats_z_upper(double a)
{
	if (a == 0.5)
		return 0;
	if (a > 0.5)
		return a >= 1 ? -INFINITY : -stats_z_upper(1 - a);
	if (a <= 0)
		return INFINITY;
	double z = sqrt(-2 * log(a));
	for (int i = 0; i < 100; i++) {
		double step = (stats_normal_tail(z) - a) / (exp(-z * z / 2) / 2.5066282746310002);
		z += step;
		if (fabs(step) < 1e-13 * (1 + fabs(z)))
			break;
	}
	return z;
}

/* The Wilson upper bound at z lies below c exactly when n (c - k/n)^2 >
 * z^2 c (1 - c) with k/n < c: the score statistic's tail at c. */
double stats_below_p(uint64_t k, uint64_t n, double c)
{
	double ph = n ? (double)k / (double)n : 1;
	if (!n || c <= 0 || ph >= c)
		return 1;
	if (c >= 1)
		return 0;
	return stats_normal_tail((c - ph) * sqrt((double)n) / sqrt(c * (1 - c)));
}

/* The simultaneous level's z: one-sided 0.025 / seats. */
static double seat_z(int seats)
{
	return seats > 1 ? stats_z_upper(0.025 / seats) : STATS_Z95;
}

static uint64_t single_winner_games(const uint64_t *wins, int seats)
{
	uint64_t w = 0;
	for (int i = 0; i < seats; i++)
		w += wins[i];
	return w;
}

double stats_balance(const uint64_t *wins, int seats)
{
	uint64_t w = seats > 0 ? single_winner_games(wins, seats) : 0;
	if (!w)
		return 0;
	uint64_t least = wins[0];
	for (int i = 1; i < seats; i++)
		if (wins[i] < least)
			least = wins[i];
	return (double)seats * (double)least / (double)w;
}

void stats_seat_intervals(const uint64_t *wins, int seats, double *lo, double *hi)
{
	uint64_t w = single_winner_games(wins, seats);
	double z = seat_z(seats);
	for (int i = 0; i < seats; i++)
		stats_wilson_z(wins[i], w, z, &lo[i], &hi[i]);
}

/* N x the least of the seats' Wilson bounds at one-sided level b, the lower
 * bounds or the upper ones. */
static double least_bound(const uint64_t *wins, int seats, uint64_t n, double b, bool upper)
{
	double z = stats_z_upper(b), J = 1;
	for (int i = 0; i < seats; i++) {
		double lo, hi;
		stats_wilson_z(wins[i], n, z, &lo, &hi);
		J = fmin(J, seats * (upper ? hi : lo));
	}
	return J;
}

double stats_balance_lower(const uint64_t *wins, int seats, uint64_t n, double b)
{
	return least_bound(wins, seats, n, b, false);
}

double stats_balance_upper(const uint64_t *wins, int seats, uint64_t n, double b_seat)
{
	return least_bound(wins, seats, n, b_seat, true);
}

void stats_balance_interval(const uint64_t *wins, int seats, double *lo, double *hi)
{
	uint64_t w = seats > 0 ? single_winner_games(wins, seats) : 0;
	if (!w) {
		*lo = *hi = 0;
		return;
	}
	/* lower: N x min of the seats' one-sided 0.025 lower bounds (it fails
	 * only when the truly least seat's does); upper: N x min of one-sided
	 * 0.05 / seats upper bounds (it fails when some seat's falls below the
	 * least share: at most 0.05 k / seats with k seats tied least, and then
	 * the lower end cannot fail unless all k do) */
	*lo = stats_balance_lower(wins, seats, w, 0.025);
	*hi = fmin(1, stats_balance_upper(wins, seats, w, seats > 1 ? 0.05 / seats : 0.025));
}

/* ---- all seats win alike: the exact multinomial test or chi-square ---- */

/* The regularized upper incomplete gamma Q(a, x): its series below a + 1,
 * Lentz's continued fraction above (both as in any numerical text). */
double stats_gamma_q(double a, double x)
{
	if (x <= 0)
		return 1;
	double lead = exp(a * log(x) - x - lgamma(a));
	if (x < a + 1) {
		double term = 1 / a, sum = term;
		for (int n = 1; n < 10000 && fabs(term) > fabs(sum) * 1e-16; n++) {
			term *= x / (a + n);
			sum += term;
		}
		return fmax(0, 1 - sum * lead);
	}
	const double tiny = 1e-300;
	double b = x + 1 - a, c = 1 / tiny, d = 1 / b, h = d;
	for (int n = 1; n < 10000; n++) {
		double an = -n * (n - a);
		b += 2;
		d = an * d + b;
		d = fabs(d) < tiny ? tiny : d;
		c = b + an / c;
		c = fabs(c) < tiny ? tiny : c;
		d = 1 / d;
		double step = d * c;
		h *= step;
		if (fabs(step - 1) < 1e-16)
			break;
	}
	return fmin(1, lead * h);
}

/* The number of ways w games fall to seats seats, C(w + seats - 1, seats - 1),
 * or more than limit. */
static uint64_t compositions(uint64_t w, int seats, uint64_t limit)
{
	double c = 1;
	for (int k = 1; k < seats; k++) {
		c = c * (double)(w + (uint64_t)k) / k;
		if (c > (double)limit)
			return limit + 1;
	}
	return (uint64_t)llround(c);
}

struct exact {
	const double *lf;    /* lf[k] = log k! */
	int seats;
	double base, cut, p; /* log w! - w log seats; the observed log probability */
};

/* Sum into e->p the probabilities no greater than the observed one over every
 * way to give left games to seats i.. (acc: the log factorials so far). */
static void exact_sum(struct exact *e, int i, uint64_t left, double acc)
{
	if (i == e->seats - 1) {
		double lp = e->base - acc - e->lf[left];
		if (lp <= e->cut)
			e->p += exp(lp);
		return;
	}
	for (uint64_t k = 0; k <= left; k++)
		exact_sum(e, i + 1, left - k, acc + e->lf[k]);
}

double stats_equality_p(const uint64_t *wins, int seats, bool *exact)
{
	uint64_t w = seats > 0 ? single_winner_games(wins, seats) : 0;
	*exact = false;
	if (seats < 2 || !w)
		return 1;
	if (compositions(w, seats, STATS_EXACT_MAX) <= STATS_EXACT_MAX) {
		double *lf = malloc(((size_t)w + 1) * sizeof *lf);
		if (lf) {
			lf[0] = 0;
			for (uint64_t k = 1; k <= w; k++)
				lf[k] = lf[k - 1] + log((double)k);
			struct exact e = {.lf = lf, .seats = seats, .base = lf[w] - (double)w * log(seats)};
			double obs = e.base;
			for (int i = 0; i < seats; i++)
				obs -= lf[wins[i]];
			e.cut = obs + 1e-7 * fabs(obs) + 1e-9;   /* ties in probability count */
			exact_sum(&e, 0, w, 0);
			free(lf);
			*exact = true;
			return fmin(1, e.p);
		}
	}
	double expect = (double)w / seats, x2 = 0;
	for (int i = 0; i < seats; i++)
		x2 += ((double)wins[i] - expect) * ((double)wins[i] - expect) / expect;
	return stats_gamma_q((seats - 1) / 2.0, x2 / 2);
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

int stats_median_bound(const uint64_t *ended, uint64_t games, int horizon, double z, bool upper)
{
	uint64_t risk = games;
	double S = 1, green = 0;
	for (int t = 0; t < horizon && risk; t++) {
		uint64_t d = ended[t];
		if (d) {
			S *= 1 - (double)d / (double)risk;
			if (risk > d)
				green += (double)d / ((double)risk * (double)(risk - d));
		}
		double se = S * sqrt(green);
		if (S <= 0.5 + (upper ? -z : z) * se + 1e-12)
			return t;
		risk -= d;
	}
	return -1;
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

/* The restricted means' difference (normal, independent series). */
static void stats_diff_rmst(const struct stats_length *a, const struct stats_length *b, struct stats_diff *x)
{
	double d = a->rmst - b->rmst, se = sqrt(a->rmst_se * a->rmst_se + b->rmst_se * b->rmst_se);
	stats_diff_set(x, a->rmst, b->rmst, d - STATS_Z95 * se, d + STATS_Z95 * se, false);
}

/* The medians' difference, standard errors taken from each median's interval
 * (Price and Bonett); unknown (NaN) when a median lies beyond the horizon. */
static void stats_diff_median(const struct stats_length *a, const struct stats_length *b, struct stats_diff *x)
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
		   const struct stats_diff *length, const struct stats_diff *no_winner, struct stats_verdict *v)
{
	v->stalls[0] = completion_a < threshold;
	v->stalls[1] = completion_b < threshold;
	v->fairer = v->faster = v->fewer_ties = -1;
	if (v->stalls[0] || v->stalls[1])
		return;
	if (balance->better)
		v->fairer = balance->better > 0 ? 0 : 1;
	if (length->better)
		v->faster = length->better > 0 ? 0 : 1;
	if (no_winner && no_winner->better)
		v->fewer_ties = no_winner->better > 0 ? 0 : 1;
}

uint64_t stats_timeouts(const struct stats_counts *c)
{
	return c->games - c->completed - c->no_winner - c->stalled;
}

void stats_series(const struct stats_counts *c, double threshold, struct stats_series *out)
{
	memset(out, 0, sizeof *out);
	double n = (double)c->games;
	int seats = c->seats < STATS_MAX_SEATS ? c->seats : STATS_MAX_SEATS;
	out->completion = c->games ? (double)c->completed / n : 0;
	stats_wilson(c->completed, c->games, &out->completion_lo, &out->completion_hi);
	out->stalls = out->completion < threshold;
	uint64_t w = single_winner_games(c->wins, seats);
	for (int i = 0; i < seats; i++)
		out->win_rate[i] = w ? (double)c->wins[i] / (double)w : 0;
	stats_seat_intervals(c->wins, seats, out->win_lo, out->win_hi);
	out->balance = stats_balance(c->wins, seats);
	stats_balance_interval(c->wins, seats, &out->balance_lo, &out->balance_hi);
	out->equal_p = stats_equality_p(c->wins, seats, &out->equal_exact);
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

/* ---- two series, paired ---- */

void stats_joint_add(struct stats_joint *dst, const struct stats_joint *src)
{
	for (int i = 0; i < STATS_OUTCOMES; i++)
		for (int j = 0; j < STATS_OUTCOMES; j++)
			dst->n[i][j] += src->n[i][j];
}

/* The correlation of two estimates over the paired games, each linearised as
 * a sum over games of a score of the game's outcome (xa[i] for the first
 * series' outcome i, xb[j] for the second's; each sums to 0 over its series):
 * sum n[i][j] xa[i] xb[j] / sqrt(sum xa^2 . sum xb^2). 0 without a table. */
static double joint_corr(const struct stats_joint *jt, int outcomes, const double *xa, const double *xb)
{
	if (!jt)
		return 0;
	double ab = 0, aa = 0, bb = 0;
	for (int i = 0; i < outcomes; i++)
		for (int j = 0; j < outcomes; j++) {
			double n = (double)jt->n[i][j];
			ab += n * xa[i] * xb[j];
			aa += n * xa[i] * xa[i];
			bb += n * xb[j] * xb[j];
		}
	return aa > 0 && bb > 0 ? ab / sqrt(aa * bb) : 0;
}

/* Scores of a share: of all games, the outcomes in[] (1) against p; of the
 * games with a single winner, seat `seat` against p. */
static void score_share(double *x, int seats, const bool *in, double p)
{
	for (int i = 0; i < seats + 2; i++)
		x[i] = (in[i] ? 1 : 0) - p;
}

static void score_seat(double *x, int seats, int seat, double p)
{
	for (int i = 0; i < seats + 2; i++)
		x[i] = (i == seat ? 1 : 0) - (i < seats ? p : 0);
}

/* Newcombe's square-and-add for a - b from each side's interval, the two
 * estimates correlated phi (his method 10 when they are paired proportions). */
static void paired_diff(struct stats_diff *x, double a, double la, double ua, double b, double lb, double ub,
			double phi, bool higher_better)
{
	double da = a - la, ea = ua - a, db = b - lb, eb = ub - b;
	double lo = a - b - sqrt(fmax(0, da * da - 2 * phi * da * eb + eb * eb));
	double hi = a - b + sqrt(fmax(0, ea * ea - 2 * phi * ea * db + db * db));
	stats_diff_set(x, a, b, lo, hi, higher_better);
}

void stats_compare(const struct stats_counts *a, const struct stats_series *sa, const struct stats_counts *b,
		   const struct stats_series *sb, const struct stats_joint *joint, double threshold,
		   struct stats_comparison *out)
{
	memset(out, 0, sizeof *out);
	out->paired = joint != NULL;
	int seats = a->seats < b->seats ? a->seats : b->seats;
	seats = seats < STATS_MAX_SEATS ? seats : STATS_MAX_SEATS;
	int k = seats + 2;
	double xa[STATS_OUTCOMES], xb[STATS_OUTCOMES];
	bool in[STATS_OUTCOMES] = {false};
	for (int i = 0; i < seats; i++)
		in[i] = true;
	score_share(xa, seats, in, sa->completion);
	score_share(xb, seats, in, sb->completion);
	paired_diff(&out->completion, sa->completion, sa->completion_lo, sa->completion_hi, sb->completion,
		    sb->completion_lo, sb->completion_hi, joint_corr(joint, k, xa, xb), true);
	memset(in, 0, sizeof in);
	in[STATS_NO_WINNER(seats)] = true;
	score_share(xa, seats, in, sa->no_winner);
	score_share(xb, seats, in, sb->no_winner);
	paired_diff(&out->no_winner, sa->no_winner, sa->no_winner_lo, sa->no_winner_hi, sb->no_winner,
		    sb->no_winner_lo, sb->no_winner_hi, joint_corr(joint, k, xa, xb), false);
	for (int i = 0; i < seats; i++) {
		score_seat(xa, seats, i, sa->win_rate[i]);
		score_seat(xb, seats, i, sb->win_rate[i]);
		paired_diff(&out->seat[i], sa->win_rate[i], sa->win_lo[i], sa->win_hi[i], sb->win_rate[i], sb->win_lo[i],
			    sb->win_hi[i], joint_corr(joint, k, xa, xb), true);
	}
	/* balance: from each side's bounds, a's lower less b's upper and a's upper
	 * less b's lower (the minimum's bias is one-sided, so its errors add) */
	stats_diff_set(&out->balance, sa->balance, sb->balance, sa->balance_lo - sb->balance_hi,
		       sa->balance_hi - sb->balance_lo, true);
	stats_diff_rmst(&sa->len, &sb->len, &out->rmst);
	stats_diff_median(&sa->len, &sb->len, &out->median);
	stats_verdict(sa->completion, sb->completion, threshold, &out->balance, &out->rmst, &out->no_winner,
		      &out->v);
}
