/* verdict.c: simulate's shared report, text and JSON (see verdict.h). */
#include "verdict.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "json.h"

typedef unsigned long long ull;

void verdict_json_pair(struct jw *w, double lo, double hi)
{
	jw_array(w);
	jw_num(w, lo);
	jw_num(w, hi);
	jw_end(w);
}

void verdict_json_estimate(struct jw *w, const char *key, double v, double lo, double hi)
{
	char ci[64];
	snprintf(ci, sizeof ci, "%s_ci", key);
	jw_put_num(w, key, v);
	jw_key(w, ci);
	verdict_json_pair(w, lo, hi);
}

/* A quantile of length for the text: the value, or "> H" beyond the horizon. */
static const char *quantile(int t, int horizon, char *buf, size_t len)
{
	if (t < 0)
		snprintf(buf, len, "> %d", horizon);
	else
		snprintf(buf, len, "%d", t);
	return buf;
}

static void print_length(const struct verdict_side *x, const char *unit)
{
	const struct stats_length *L = &x->s->len;
	char b1[32], b2[32], b3[32], b4[32], b5[32];
	printf("length (%s, all games, unfinished ones censored at %d): median %s [%s, %s], "
	       "restricted mean %.2f [%.2f, %.2f], p10 %s, p90 %s\n", unit, L->horizon,
	       quantile(L->median, L->horizon, b1, sizeof b1), quantile(L->median_lo, L->horizon, b2, sizeof b2),
	       quantile(L->median_hi, L->horizon, b3, sizeof b3), L->rmst, L->rmst - STATS_Z95 * L->rmst_se,
	       L->rmst + STATS_Z95 * L->rmst_se, quantile(L->p10, L->horizon, b4, sizeof b4),
	       quantile(L->p90, L->horizon, b5, sizeof b5));
	const char *which = x->c->ties ? "ended" : "won";
	if (L->ended)
		printf("%s games: mean %.2f, sd %.2f, min %d, max %d %s\n", which, L->won_mean, L->won_sd, L->won_min,
		       L->won_max, unit);
	else
		printf("%s games: none\n", which);
}

void verdict_print_series(const struct verdict_side *x, double threshold, const char *unit)
{
	const struct stats_counts *c = x->c;
	const struct stats_series *s = x->s;
	printf("completion: %.4f [%.4f, %.4f] (%llu won, %llu timed out, %llu stalled", s->completion,
	       s->completion_lo, s->completion_hi, (ull)c->completed, (ull)stats_timeouts(c), (ull)c->stalled);
	if (c->ties)
		printf(", %llu with no single winner", (ull)c->no_winner);
	printf(")\n");
	if (s->stalls)
		printf("STALLS: completion %.4f is below %.2f: no verdict on its fairness or length\n", s->completion,
		       threshold);
	printf("win rate by seat, share of the %llu games with a single winner (simultaneous 95%% intervals):\n",
	       (ull)c->completed);
	for (int i = 0; i < c->seats; i++)
		printf("  seat %-2d %.4f  [%.4f, %.4f]  %llu wins\n", i + 1, s->win_rate[i], s->win_lo[i], s->win_hi[i],
		       (ull)c->wins[i]);
	printf("balance: %.4f [%.4f, %.4f] (%d x the least-winning seat's share of the games with a single "
	       "winner; 1: every seat wins 1/%d)\n", s->balance, s->balance_lo, s->balance_hi, c->seats, c->seats);
	printf("equal seats: p = %.4g (%s test that every seat wins 1/%d; below 0.05 the seats differ)\n", s->equal_p,
	       s->equal_exact ? "exact multinomial" : "chi-square", c->seats);
	if (c->ties)
		printf("no single winner: %.4f [%.4f, %.4f] (a tie or a blocked game: its own share of all games)\n",
		       s->no_winner, s->no_winner_lo, s->no_winner_hi);
	printf("intervals: 95%%, Wilson; balance's from %d x the seats' least lower bound (one-sided 2.5%%) to %d x "
	       "their least upper bound (one-sided 5%%/%d), at most 1\n", c->seats, c->seats, c->seats);
	print_length(x, unit);
}

static void json_quantile(struct jw *w, int t)
{
	if (t < 0)
		jw_null(w);
	else
		jw_int(w, t);
}

static void json_length(struct jw *w, const struct stats_length *L)
{
	jw_object(w);
	jw_put_int(w, "censored_at", L->horizon);
	jw_key(w, "median");
	json_quantile(w, L->median);
	jw_key(w, "median_ci");
	jw_array(w);
	json_quantile(w, L->median_lo);
	json_quantile(w, L->median_hi);
	jw_end(w);
	double half = STATS_Z95 * L->rmst_se;
	verdict_json_estimate(w, "restricted_mean", L->rmst, L->rmst - half, L->rmst + half);
	jw_key(w, "p10");
	json_quantile(w, L->p10);
	jw_key(w, "p90");
	json_quantile(w, L->p90);
	jw_key(w, "won");
	if (!L->ended) {
		jw_null(w);
	} else {
		jw_object(w);
		jw_put_num(w, "mean", L->won_mean);
		jw_put_num(w, "sd", L->won_sd);
		jw_put_int(w, "min", L->won_min);
		jw_put_int(w, "max", L->won_max);
		jw_end(w);
	}
	jw_end(w);
}

static void json_seats(struct jw *w, const struct verdict_side *x)
{
	const struct stats_counts *c = x->c;
	const struct stats_series *s = x->s;
	jw_key(w, "wins");
	jw_array(w);
	for (int i = 0; i < c->seats; i++)
		jw_uint(w, c->wins[i]);
	jw_end(w);
	jw_key(w, "win_rate");
	jw_array(w);
	for (int i = 0; i < c->seats; i++)
		jw_num(w, s->win_rate[i]);
	jw_end(w);
	jw_key(w, "win_rate_ci");
	jw_array(w);
	for (int i = 0; i < c->seats; i++)
		verdict_json_pair(w, s->win_lo[i], s->win_hi[i]);
	jw_end(w);
	verdict_json_estimate(w, "balance", s->balance, s->balance_lo, s->balance_hi);
	jw_put_num(w, "equal_seats_p", s->equal_p);
	jw_put_str(w, "equal_seats_test", s->equal_exact ? "exact" : "chi-square");
}

void verdict_json_series(struct jw *w, const struct verdict_side *x)
{
	const struct stats_counts *c = x->c;
	const struct stats_series *s = x->s;
	jw_put_uint(w, "games", c->games);
	jw_put_uint(w, "completed", c->completed);
	jw_put_uint(w, "timeouts", stats_timeouts(c));
	jw_put_uint(w, "stalled", c->stalled);
	verdict_json_estimate(w, "completion", s->completion, s->completion_lo, s->completion_hi);
	jw_put_bool(w, "stalls", s->stalls);
	jw_put_uint(w, "no_single_winner", c->no_winner);
	jw_put_num(w, "no_single_winner_share", s->no_winner);
	jw_key(w, "no_single_winner_ci");
	verdict_json_pair(w, s->no_winner_lo, s->no_winner_hi);
	json_seats(w, x);
	jw_key(w, "length");
	json_length(w, &s->len);
}

/* ---- two series ---- */

static void stall_reason(const struct verdict_side *a, const struct verdict_side *b, const struct stats_comparison *c,
			 double threshold, char *why, size_t len)
{
	why[0] = 0;
	for (int i = 0; i < 2; i++) {
		const struct verdict_side *s = i ? b : a;
		size_t n = strlen(why);
		if (c->v.stalls[i])
			snprintf(why + n, len - n, "%s%s stalls (completion %.4f, below %.2f)", n ? "; " : "", s->id,
				 s->s->completion, threshold);
	}
}

void verdict_words(const struct verdict_side *a, const struct verdict_side *b, const struct stats_comparison *c,
		   double threshold, const char *unit, char *fair, char *fast, size_t len)
{
	const struct stats_diff *d = &c->balance, *m = &c->rmst;
	if (c->v.stalls[0] || c->v.stalls[1]) {
		char why[256];
		stall_reason(a, b, c, threshold, why, sizeof why);
		snprintf(fair, len, "no verdict: %s", why);
		snprintf(fast, len, "no verdict: %s", why);
		return;
	}
	if (c->v.fairer >= 0)
		snprintf(fair, len, "%s (balance %.4f vs %.4f, difference %+.4f [%+.4f, %+.4f])",
			 c->v.fairer ? b->id : a->id, d->a, d->b, d->d, d->lo, d->hi);
	else
		snprintf(fair, len, "neither (balance %.4f vs %.4f: the difference %+.4f [%+.4f, %+.4f] may be 0)",
			 d->a, d->b, d->d, d->lo, d->hi);
	if (c->v.faster >= 0)
		snprintf(fast, len, "%s (restricted mean %.2f vs %.2f %s, difference %+.2f [%+.2f, %+.2f])",
			 c->v.faster ? b->id : a->id, m->a, m->b, unit, m->d, m->lo, m->hi);
	else
		snprintf(fast, len, "neither (restricted mean %.2f vs %.2f %s: the difference %+.2f [%+.2f, "
			 "%+.2f] may be 0)", m->a, m->b, unit, m->d, m->lo, m->hi);
}

/* One row of the comparison: both values, the difference and its interval,
 * and which is better when the interval says so (or "differs" for a seat). */
static void diff_row(const char *what, const struct stats_diff *d, int digits, bool seat)
{
	char va[32], vb[32], dd[96];
	if (isnan(d->a))
		snprintf(va, sizeof va, "-");
	else
		snprintf(va, sizeof va, "%.*f", digits, d->a);
	if (isnan(d->b))
		snprintf(vb, sizeof vb, "-");
	else
		snprintf(vb, sizeof vb, "%.*f", digits, d->b);
	if (isnan(d->lo))
		snprintf(dd, sizeof dd, "-");
	else
		snprintf(dd, sizeof dd, "%+.*f [%+.*f, %+.*f]", digits, d->d, digits, d->lo, digits, d->hi);
	const char *mark = !d->better ? "" : seat ? "differs" : d->better > 0 ? "a better" : "b better";
	printf("  %-23s %-10s %-10s %-30s %s\n", what, va, vb, dd, mark);
}

void verdict_print_comparison(const struct verdict_side *a, const struct verdict_side *b,
			      const struct stats_comparison *c, double threshold, const char *unit,
			      const char *rules_differ, const char *besides)
{
	printf("\ncomparison, %d players: a = %s, b = %s\n", a->c->seats, a->id, b->id);
	printf("  %-23s %-10s %-10s %s\n", "", "a", "b",
	       c->paired ? "a - b [95% interval, games paired by seed]" : "a - b [95% interval]");
	diff_row("completion", &c->completion, 4, false);
	if (a->c->ties || b->c->ties)
		diff_row("no single winner", &c->no_winner, 4, false);
	diff_row("balance", &c->balance, 4, false);
	for (int i = 0; i < a->c->seats; i++) {
		char what[32];
		snprintf(what, sizeof what, "win rate, seat %d", i + 1);
		diff_row(what, &c->seat[i], 4, true);
	}
	diff_row("length, restricted mean", &c->rmst, 2, false);
	diff_row("length, median", &c->median, 1, false);
	char fair[512], fast[512];
	verdict_words(a, b, c, threshold, unit, fair, fast, sizeof fair);
	printf("completion: %.4f vs %.4f (a verdict needs at least %.2f each)\n", a->s->completion, b->s->completion,
	       threshold);
	printf("fairer: %s\nfaster: %s\n", fair, fast);
	if (c->v.fewer_ties >= 0) {
		const struct stats_diff *t = &c->no_winner;
		printf("fewer games without a single winner: %s (%.4f vs %.4f, difference %+.4f [%+.4f, %+.4f]; "
		       "balance counts only the games with one)\n", c->v.fewer_ties ? b->id : a->id, t->a, t->b, t->d,
		       t->lo, t->hi);
	}
	if (rules_differ[0] && besides)
		printf("note: the packs differ in rule%s %s as well as in %s\n",
		       strchr(rules_differ, ',') ? "s" : "", rules_differ, besides);
	else if (rules_differ[0])
		printf("note: the series differ in rule%s %s\n", strchr(rules_differ, ',') ? "s" : "", rules_differ);
}

static void json_diff(struct jw *w, const char *key, const struct stats_diff *d, const struct verdict_side *a,
		      const struct verdict_side *b, bool seat)
{
	if (key)
		jw_key(w, key);
	jw_object(w);
	jw_put_num(w, "a", d->a);
	jw_put_num(w, "b", d->b);
	jw_put_num(w, "difference", isnan(d->lo) ? NAN : d->d);
	jw_key(w, "ci");
	verdict_json_pair(w, d->lo, d->hi);
	if (seat) {
		jw_put_bool(w, "significant", d->better != 0);
	} else {
		jw_put_str(w, "better", d->better ? (d->better > 0 ? a->id : b->id) : NULL);
	}
	jw_end(w);
}

static void json_id_or_null(struct jw *w, const struct verdict_side *a, const struct verdict_side *b, int which)
{
	jw_str(w, which >= 0 ? (which ? b : a)->id : NULL);
}

static void json_differences(struct jw *w, const struct verdict_side *a, const struct verdict_side *b,
			     const struct stats_comparison *c)
{
	jw_key(w, "difference");
	jw_open(w, '{', "", ",\n    ", "");
	json_diff(w, "completion", &c->completion, a, b, false);
	json_diff(w, "no_single_winner", &c->no_winner, a, b, false);
	json_diff(w, "balance", &c->balance, a, b, false);
	jw_key(w, "win_rate");
	jw_array(w);
	for (int i = 0; i < a->c->seats; i++)
		json_diff(w, NULL, &c->seat[i], a, b, true);
	jw_end(w);
	json_diff(w, "length_restricted_mean", &c->rmst, a, b, false);
	json_diff(w, "length_median", &c->median, a, b, false);
	jw_end(w);
}

void verdict_json_comparison(struct jw *w, const struct verdict_side *a, const struct verdict_side *b,
			     const struct stats_comparison *c, double threshold, const char *rules_differ)
{
	json_differences(w, a, b, c);
	jw_key(w, "verdict");
	jw_object(w);
	jw_put_num(w, "threshold", threshold);
	jw_key(w, "completion");
	verdict_json_pair(w, a->s->completion, b->s->completion);
	jw_key(w, "stalls");
	jw_array(w);
	for (int i = 0; i < 2; i++)
		if (c->v.stalls[i])
			jw_str(w, (i ? b : a)->id);
	jw_end(w);
	jw_key(w, "fairer");
	json_id_or_null(w, a, b, c->v.fairer);
	jw_key(w, "faster");
	json_id_or_null(w, a, b, c->v.faster);
	jw_key(w, "fewer_no_single_winner");
	json_id_or_null(w, a, b, c->v.fewer_ties);
	jw_put_bool(w, "paired", c->paired);
	jw_key(w, "rules_differ");
	jw_array(w);
	for (const char *r = rules_differ; *r;) {
		size_t k = strcspn(r, ", ");
		if (k)
			jw_strn(w, r, k);
		r += k;
		r += strspn(r, ", ");
	}
	jw_end(w);
	jw_end(w);
}
