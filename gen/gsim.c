/* gsim.c: small helpers the other games' engines share (gsim.h). */
#include "gsim.h"

#include <stdlib.h>
#include <string.h>

#include "stats.h"
#include "util.h"

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
	return e->scratch_new ? e->scratch_new(setup) : xcalloc(1, e->scratch_size(setup));
}

void gsim_scratch_free(const struct gsim_engine *e, void *scratch)
{
	if (e->scratch_free)
		e->scratch_free(scratch);
	else
		free(scratch);
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
	return kind;
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
