/* mcts.c: information-set Monte Carlo tree search (mcts.h). Scaffolding: the
 * search itself is being written; until then a searcher plays the game's
 * greedy choice. */
#include "mcts.h"

#include <stdlib.h>

#include "util.h"

struct mcts {
	const struct gsim_engine *e;
	const void *setup;
	uint64_t *keys;
	void *work;
};

struct mcts *mcts_new(const struct gsim_engine *e, const void *setup, int max_budget)
{
	(void)max_budget;
	struct mcts *m = xcalloc(1, sizeof *m);
	m->e = e;
	m->setup = setup;
	m->keys = xcalloc(e->steps->max_moves(setup), sizeof *m->keys);
	m->work = e->steps->work_size ? xcalloc(1, e->steps->work_size(setup)) : NULL;
	return m;
}

void mcts_free(struct mcts *m)
{
	if (!m)
		return;
	free(m->keys);
	free(m->work);
	free(m);
}

uint64_t mcts_choose(struct mcts *m, const void *pos, int seat, int budget, struct sim_rng *rng)
{
	(void)seat;
	(void)budget;
	const struct gsim_steps *st = m->e->steps;
	size_t n = st->moves(m->setup, m->work, pos, m->keys);
	return m->keys[st->choose(m->setup, m->work, pos, GSIM_GREEDY, m->keys, n, rng)];
}
