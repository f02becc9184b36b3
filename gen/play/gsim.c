/* gsim.c: small helpers the other games' engines share, and the totals of a
 * series (gsim.h). Playing an engine is gplay.c. */
#include "gsim.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"
#include "util.h"

void gsim_seats_from(const struct gsim_params *p, struct gsim_seats *out)
{
	memset(out, 0, sizeof *out);
	out->players = p->players;
	for (int i = 0; i < SIM_MAX_PLAYERS; i++) {
		out->policy[i] = p->policy[i];
		out->budget[i] = p->budget[i];
	}
	out->max_length = p->max_length;
}

void gsim_shuffle_u8(uint8_t *v, size_t n, struct rng *rng)
{
	for (size_t i = n; i > 1; i--) {
		size_t j = rng_below(rng, (uint32_t)i);
		uint8_t t = v[i - 1];
		v[i - 1] = v[j];
		v[j] = t;
	}
}

size_t gsim_redeal_u8(const int *count, int nids, uint8_t *pool, size_t cap, struct rng *rng)
{
	size_t n = 0;
	for (int id = 0; id < nids; id++)
		for (int k = 0; k < count[id] && n < cap; k++)
			pool[n++] = (uint8_t)id;
	gsim_shuffle_u8(pool, n, rng);
	return n;
}

void gsim_counts_init(struct gsim_counts *t, int horizon)
{
	memset(t, 0, sizeof *t);
	t->horizon = horizon;
	t->ended = xcalloc((size_t)horizon + 1, sizeof *t->ended);
}

void gsim_counts_free(struct gsim_counts *t)
{
	free(t->ended);
	t->ended = NULL;
}

void gsim_counts_add(struct gsim_counts *dst, const struct gsim_counts *src)
{
	dst->games += src->games;
	dst->completed += src->completed;
	dst->no_winner += src->no_winner;
	dst->stalled += src->stalled;
	for (int p = 0; p < SIM_MAX_PLAYERS; p++)
		dst->wins[p] += src->wins[p];
	for (int k = 0; k <= dst->horizon; k++)
		dst->ended[k] += src->ended[k];
	for (int c = 0; c < GSIM_MAX_COUNTERS; c++)
		dst->count[c] += src->count[c];
	dst->decisions += src->decisions;
	dst->real_choices += src->real_choices;
	dst->branching += src->branching;
	dst->lead_changes += src->lead_changes;
	dst->branching_sq += src->branching_sq;
	dst->branching_decisions += src->branching_decisions;
	dst->decisions_sq += src->decisions_sq;
	dst->lead_changes_sq += src->lead_changes_sq;
}

int gsim_counts_record(struct gsim_counts *t, const struct gsim_outcome *o)
{
	int kind = GSIM_UNFINISHED;
	t->games++;
	t->stalled += o->stalled && o->winner < 0;
	bool ended = o->length >= 0 && o->length <= t->horizon;
	if (ended && o->winner >= 0) {
		t->completed++;
		t->wins[o->winner]++;
		t->ended[o->length]++;
		kind = o->winner;
	} else if (ended && o->no_winner) {
		t->no_winner++;
		t->ended[o->length]++;
		kind = GSIM_NO_WINNER;
	}
	for (int c = 0; c < GSIM_MAX_COUNTERS; c++)
		t->count[c] += o->count[c];
	t->decisions += o->decisions;
	t->real_choices += o->real_choices;
	t->branching += o->branching;
	t->lead_changes += o->lead_changes;
	t->branching_sq += o->branching * o->branching;
	t->branching_decisions += o->branching * o->decisions;
	t->decisions_sq += o->decisions * o->decisions;
	t->lead_changes_sq += o->lead_changes * o->lead_changes;
	return kind;
}

void gsim_behaviour(const struct gsim_engine *e, const struct gsim_counts *t, struct gsim_behaviour *out)
{
	memset(out, 0, sizeof *out);
	double n = (double)t->games;
	out->drawishness = t->games ? (double)t->no_winner / n : 0;
	stats_wilson(t->no_winner, t->games, &out->draw_lo, &out->draw_hi);
	out->advantage_p1 = t->completed ? (double)t->wins[0] / (double)t->completed : 0;
	stats_wilson(t->wins[0], t->completed, &out->p1_lo, &out->p1_hi);
	out->measured = e->steps != NULL;
	if (!out->measured)
		return;
	double d = (double)t->decisions;
	out->decision_moves = t->decisions ? (double)t->real_choices / d : 0;
	stats_wilson(t->real_choices, t->decisions, &out->decision_lo, &out->decision_hi);
	out->lead_share = t->decisions ? (double)t->lead_changes / d : 0;
	stats_wilson(t->lead_changes, t->decisions, &out->lead_lo, &out->lead_hi);
	out->branching = t->decisions ? (double)t->branching / d : 0;
	out->lead_changes = t->games ? (double)t->lead_changes / n : 0;
	if (t->games < 2)
		return;
	/* B = sum b / sum d over the games; its variance from the residuals
	 * b_g - B d_g of the games (the ratio estimator, games as clusters) */
	double B = out->branching;
	double res = (double)t->branching_sq - 2 * B * (double)t->branching_decisions + B * B * (double)t->decisions_sq;
	out->branching_se = d > 0 && res > 0 ? sqrt(n / (n - 1) * res) / d : 0;
	double m = out->lead_changes, var = ((double)t->lead_changes_sq - n * m * m) / (n - 1);
	out->lead_changes_se = var > 0 ? sqrt(var / n) : 0;
}

void gsim_stats_counts(const struct gsim_engine *e, const struct gsim_counts *t, int seats,
		       struct stats_counts *out)
{
	*out = (struct stats_counts){.seats = seats, .ties = e->ties, .games = t->games, .completed = t->completed,
				     .no_winner = t->no_winner, .stalled = t->stalled, .wins = t->wins,
				     .horizon = t->horizon, .ended = t->ended};
}
