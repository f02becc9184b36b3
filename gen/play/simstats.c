/* simstats.c: the totals of a series and their summary (simstats.h). */
#include "simstats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"
#include "util.h"

void sim_stats_new(struct sim_stats *st, int players, size_t nab, int max_turns)
{
	memset(st, 0, sizeof *st);
	st->players = players;
	st->nab = nab;
	st->max_turns = max_turns;
	st->length = xcalloc((size_t)max_turns + 1, sizeof *st->length);
	st->used = xcalloc(nab + 1, sizeof *st->used);
	st->used_by_winner = xcalloc(nab + 1, sizeof *st->used_by_winner);
	st->won_with = xcalloc(nab + 1, sizeof *st->won_with);
	st->games_used = xcalloc(nab + 1, sizeof *st->games_used);
}

void sim_stats_add(struct sim_stats *d, const struct sim_stats *x)
{
	d->games += x->games;
	d->completed += x->completed;
	d->stalled += x->stalled;
	d->turns += x->turns;
	for (int p = 0; p < SIM_MAX_PLAYERS; p++)
		d->wins[p] += x->wins[p];
	for (int t = 0; t <= d->max_turns; t++)
		d->length[t] += x->length[t];
	for (size_t a = 0; a < d->nab; a++) {
		d->used[a] += x->used[a];
		d->used_by_winner[a] += x->used_by_winner[a];
		d->won_with[a] += x->won_with[a];
		d->games_used[a] += x->games_used[a];
	}
	d->draws += x->draws;
	d->on_self += x->on_self;
	d->on_opponent += x->on_opponent;
	d->across += x->across;
	d->freezes += x->freezes;
	d->reshuffles += x->reshuffles;
	d->removals_self += x->removals_self;
	d->removals_opponent += x->removals_opponent;
}

void sim_stats_free(struct sim_stats *st)
{
	free(st->length);
	free(st->used);
	free(st->used_by_winner);
	free(st->won_with);
	free(st->games_used);
	memset(st, 0, sizeof *st);
}

/* ---- the summary ---- */

/* The smallest length t with at least rank games of length <= t. */
static int rank_length(const struct sim_stats *st, uint64_t rank)
{
	uint64_t cum = 0;
	for (int t = 0; t <= st->max_turns; t++) {
		cum += st->length[t];
		if (cum >= rank && cum)
			return t;
	}
	return st->max_turns;
}

void sim_summarize(const struct sim_stats *st, struct sim_summary *sum)
{
	memset(sum, 0, sizeof *sum);
	sum->games = st->games;
	sum->completed = st->completed;
	sum->completion = st->games ? (double)st->completed / (double)st->games : 0;
	double hi = 0, lo = 1;
	for (int p = 0; p < st->players; p++) {
		double r = st->games ? (double)st->wins[p] / (double)st->games : 0;
		sum->win_rate[p] = r;
		stats_wilson(st->wins[p], st->games, &sum->ci_lo[p], &sum->ci_hi[p]);
		hi = fmax(hi, r);
		lo = fmin(lo, r);
	}
	sum->balance = st->players ? 1 - (hi - lo) : 1;
	if (!st->completed)
		return;
	/* Integer sums first, so the mean does not depend on the order of games. */
	uint64_t s1 = 0;
	long double s2 = 0;
	for (int t = 0; t <= st->max_turns; t++) {
		s1 += st->length[t] * (uint64_t)t;
		s2 += (long double)st->length[t] * t * t;
	}
	double n = (double)st->completed;
	sum->mean = (double)s1 / n;
	double var = (double)(s2 / n) - sum->mean * sum->mean;
	sum->sd = st->completed > 1 && var > 0 ? sqrt(var * n / (n - 1)) : 0;
	sum->p10 = rank_length(st, (st->completed * 10 + 99) / 100);
	sum->p50 = rank_length(st, (st->completed * 50 + 99) / 100);
	sum->p90 = rank_length(st, (st->completed * 90 + 99) / 100);
	sum->min = rank_length(st, 1);
	sum->max = rank_length(st, st->completed);
}
