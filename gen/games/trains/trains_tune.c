/* trains_tune.c: the Game of Trains as `railyard tune` sees it (tune.h): a
 * variant is a pack loaded from its edited tree through trains_rules.c, its games are
 * played by the game table's engine (gsim_trains, trains_steps.c's steps)
 * exactly as `railyard simulate` plays them (greedy seats unless --policy,
 * game g from stream (seed, g), 1000 turns), the pack's rules (rules.opening
 * too) as the pack gives them. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "game.h"
#include "gplay.h"
#include "gsim.h"
#include "trains_rules.h"
#include "trains_sim.h"
#include "tune.h"
#include "tune_skill.h"
#include "util.h"
#include "yread.h"

struct variant {
	struct pack *pack;
	enum gsim_policy policy;
	int budget;   /* mcts:N: N */
};

struct series {
	const struct variant *v;
	void *setup;
	struct gsim_params prm;   /* what setup was made from, for the skill games */  /* gsim_trains's */
};

static void *load(struct ydoc *doc, const void *game, const char *policy)
{
	(void)game;
	static const char *const names[] = {"random", "greedy", "spoiler", "lookahead", "mcts"};
	static const enum gsim_policy pols[] = {GSIM_RANDOM, GSIM_GREEDY, GSIM_SPOILER, GSIM_LOOKAHEAD, GSIM_MCTS};
	int budget = 0, k = policy ? cli_policy("--policy", policy, names, 5, &budget) : 1;
	struct pack *p = pack_from_doc(doc);
	if (!p || k < 0) {
		pack_free(p);
		return NULL;
	}
	struct variant *v = xcalloc(1, sizeof *v);
	v->pack = p;
	v->policy = pols[k];
	v->budget = budget;
	return v;
}

static void variant_free(void *p)
{
	struct variant *v = p;
	if (!v)
		return;
	pack_free(v->pack);
	free(v);
}

static int pack_counts(const void *p, int *counts, int max)
{
	const struct variant *v = p;
	int n = 0;
	for (size_t i = 0; i < v->pack->nplayers && n < max; i++)
		counts[n++] = v->pack->players[i].players;
	return n;
}

static void *series_new(const void *p, int players, int max_length, char *err, size_t errlen)
{
	const struct variant *v = p;
	if (players < 1 || players > SIM_MAX_PLAYERS) {
		snprintf(err, errlen, "%d players: the simulator plays 1..%d", players, SIM_MAX_PLAYERS);
		return NULL;
	}
	struct gsim_params prm = {.pack = v->pack, .players = players, .max_length = max_length};
	for (int i = 0; i < players; i++) {
		prm.policy[i] = v->policy;
		prm.budget[i] = v->budget;
	}
	void *setup = gsim_trains.setup_new(&prm, err, errlen);
	if (!setup)
		return NULL;
	struct series *se = xcalloc(1, sizeof *se);
	se->v = v;
	se->setup = setup;
	se->prm = prm;
	return se;
}

static void series_free(void *p)
{
	struct series *se = p;
	if (!se)
		return;
	gsim_trains.setup_free(se->setup);
	free(se);
}

/* A worker: its series and its scratch. */
struct worker {
	const struct series *se;
	void *scratch;
};

static void *worker_new(const void *p)
{
	const struct series *se = p;
	struct worker *w = xcalloc(1, sizeof *w);
	w->se = se;
	w->scratch = gsim_scratch_new(&gsim_trains, se->setup);
	return w;
}

static void worker_free(void *p)
{
	struct worker *w = p;
	gsim_scratch_free(&gsim_trains, w->scratch);
	free(w);
}

static const struct gsim_engine *gsim_of(const void *p, const struct gsim_params **params)
{
	const struct series *se = p;
	*params = &se->prm;
	return &gsim_trains;
}

static void play(void *p, uint64_t seed, uint64_t g, struct tune_outcome *o)
{
	struct worker *w = p;
	struct gsim_outcome r;
	gsim_play(&gsim_trains, w->se->setup, w->scratch, seed, g, &r);
	o->winner = r.winner;
	o->length = r.length;
	o->stalled = r.stalled;
}

const struct tune_engine trains_tune_engine = {
	.game = TRAINS_GAME,
	.unit = "turns",
	.max_length = 1000,
	.sim_only = NULL,
	.load = load,
	.free = variant_free,
	.unit_of = NULL,
	.pack_counts = pack_counts,
	.series_new = series_new,
	.series_free = series_free,
	.worker_new = worker_new,
	.worker_free = worker_free,
	.play = play,
	.npolicies = 4,
	.gsim = gsim_of,
	.skill_levels = tune_skill_levels,
	.skill_play = tune_skill_play,
};
