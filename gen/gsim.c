/* gsim.c: small helpers the other games' engines share (gsim.h). */
#include "gsim.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mcts.h"
#include "stats.h"
#include "util.h"

/* A worker's scratch for an engine with steps: the position, its moves, the
 * searcher (when a seat plays GSIM_MCTS). */
struct steps_scratch {
	void *pos, *work;
	uint64_t *keys;
	double *score;
	struct mcts *mcts;
};

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

long gsim_rule_int(const struct gsim_params *p, const char *key)
{
	const char *v = ruleset_get(&p->pack_rules->set, key);
	return v ? strtol(v, NULL, 10) : 0;
}

bool gsim_rule_eq(const struct gsim_params *p, const char *key, const char *value)
{
	const char *v = ruleset_get(&p->pack_rules->set, key);
	return v && !strcmp(v, value);
}

void gsim_shuffle_u8(uint8_t *v, size_t n, struct sim_rng *rng)
{
	for (size_t i = n; i > 1; i--) {
		size_t j = sim_rng_below(rng, (uint32_t)i);
		uint8_t t = v[i - 1];
		v[i - 1] = v[j];
		v[j] = t;
	}
}

void *gsim_scratch_new(const struct gsim_engine *e, const void *setup)
{
	if (!e->steps)
		return e->scratch_new ? e->scratch_new(setup) : xcalloc(1, e->scratch_size(setup));
	const struct gsim_steps *st = e->steps;
	const struct gsim_seats *seats = st->seats(setup);
	struct steps_scratch *sc = xcalloc(1, sizeof *sc);
	sc->pos = xcalloc(1, st->pos_size(setup));
	sc->work = st->work_size ? xcalloc(1, st->work_size(setup)) : NULL;
	sc->keys = xcalloc(st->max_moves(setup), sizeof *sc->keys);
	sc->score = xcalloc(SIM_MAX_PLAYERS, sizeof *sc->score);
	int budget = 0;
	for (int i = 0; i < seats->players; i++)
		if (seats->policy[i] == GSIM_MCTS && seats->budget[i] > budget)
			budget = seats->budget[i];
	if (budget > 0)
		sc->mcts = mcts_new(e, setup, budget);
	return sc;
}

void gsim_scratch_free(const struct gsim_engine *e, void *scratch)
{
	if (!e->steps) {
		if (e->scratch_free)
			e->scratch_free(scratch);
		else
			free(scratch);
		return;
	}
	struct steps_scratch *sc = scratch;
	if (!sc)
		return;
	if (sc->mcts)
		mcts_free(sc->mcts);
	free(sc->pos);
	free(sc->work);
	free(sc->keys);
	free(sc->score);
	free(sc);
}

void *gsim_scratch_work(const struct gsim_engine *e, void *scratch)
{
	return e->steps && scratch ? ((struct steps_scratch *)scratch)->work : NULL;
}

/* The one seat of highest standing at pos, or -1 when two share it. */
static int leader(const struct gsim_steps *st, const void *setup, void *work, const void *pos, int players,
		  double *score)
{
	st->standing(setup, work, pos, score);
	int lead = 0, shared = 0;
	for (int p = 1; p < players; p++)
		if (score[p] > score[lead])
			lead = p, shared = 0;
		else if (score[p] == score[lead])
			shared = 1;
	return shared ? -1 : lead;
}

/* Play one game of an engine with steps, counting the behaviour measures. */
static void play_steps(const struct gsim_engine *e, const void *setup, struct steps_scratch *sc,
		       struct sim_rng *rng, struct gsim_outcome *o)
{
	const struct gsim_steps *st = e->steps;
	const struct gsim_seats *seats = st->seats(setup);
	void *pos = sc->pos, *work = sc->work;
	st->start(setup, work, pos, rng, o);
	int lead = leader(st, setup, work, pos, seats->players, sc->score), seat;
	while ((seat = st->turn(setup, pos)) >= 0) {
		size_t n = st->moves(setup, work, pos, sc->keys);
		o->decisions++;
		o->real_choices += n > 1;
		o->branching += n;
		uint64_t key;
		if (seats->policy[seat] == GSIM_MCTS && n > 1)
			key = mcts_choose(sc->mcts, pos, seat, seats->budget[seat], rng);
		else
			key = sc->keys[st->choose(setup, work, pos, seats->policy[seat], sc->keys, n, rng)];
		st->apply(setup, work, pos, key, rng, o);
		int now = leader(st, setup, work, pos, seats->players, sc->score);
		if (now >= 0) {
			o->lead_changes += lead >= 0 && now != lead;
			lead = now;
		}
	}
	st->result(setup, pos, o);
}

void gsim_play(const struct gsim_engine *e, const void *setup, void *scratch, uint64_t seed, uint64_t g,
	       struct gsim_outcome *o)
{
	memset(o, 0, sizeof *o);
	if (e->play_game) {
		e->play_game(setup, scratch, seed, g, o);
		return;
	}
	struct sim_rng rng;
	sim_rng_seed(&rng, seed, g);
	if (e->steps)
		play_steps(e, setup, scratch, &rng, o);
	else
		e->play(setup, scratch, &rng, o);
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

void gsim_play_range(const struct gsim_engine *e, const void *setup, void *scratch, uint64_t seed, long first,
		     long last, struct gsim_counts *t)
{
	for (long g = first; g < last; g++) {
		struct gsim_outcome o;
		gsim_play(e, setup, scratch, seed, (uint64_t)g, &o);
		gsim_counts_record(t, &o);
	}
}

void gsim_stats_counts(const struct gsim_engine *e, const struct gsim_counts *t, int seats,
		       struct stats_counts *out)
{
	*out = (struct stats_counts){.seats = seats, .ties = e->ties, .games = t->games, .completed = t->completed,
				     .no_winner = t->no_winner, .stalled = t->stalled, .wins = t->wins,
				     .horizon = t->horizon, .ended = t->ended};
}
