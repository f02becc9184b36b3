/* gplay.c: playing a game of any engine (gplay.h). */
#include "gplay.h"

#include <stdlib.h>
#include <string.h>

#include "mcts.h"
#include "util.h"

/* A worker's scratch for an engine with steps: the position, its moves, the
 * searcher (when a seat plays GSIM_MCTS). */
struct steps_scratch {
	void *pos, *work;
	uint64_t *keys;
	double *score;
	struct mcts *mcts;
};

void *gsim_scratch_new(const struct gsim_engine *e, const void *setup)
{
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
	(void)e;
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
	(void)e;
	return scratch ? ((struct steps_scratch *)scratch)->work : NULL;
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
		       struct rng *rng, struct gsim_outcome *o)
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
	struct rng rng;
	rng_seed(&rng, seed, g);
	play_steps(e, setup, scratch, &rng, o);
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
