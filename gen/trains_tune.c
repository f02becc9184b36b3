/* trains_tune.c: the Game of Trains as `railyard tune` sees it (tune.h): a
 * variant is a pack loaded from its edited tree through pack.c, its games are
 * played by the simulate engine (trains_sim.c) exactly as `railyard simulate`
 * plays them (greedy seats, game g from stream (seed, g), 1000 turns), the
 * pack's rules (rules.opening too) as the pack gives them. */
#include <stdlib.h>
#include <string.h>

#include "trains_rules.h"
#include "trains_sim.h"
#include "tune.h"
#include "util.h"
#include "yread.h"

struct variant {
	struct pack *pack;
	enum sim_policy policy;
};

struct series {
	const struct variant *v;
	struct sim_setup *setup;
};

static void *load(struct ydoc *doc, const void *game, const char *policy)
{
	(void)game;
	bool ok = true;
	int pol = policy ? sim_policy_parse(policy) : POLICY_GREEDY;
	if (policy && !strncmp(policy, "mcts", 4) && (!policy[4] || policy[4] == ':')) {
		diag(SEV_ERROR, NULL, "--policy mcts needs the game's engine as steps (positions and legal moves, "
		     "gsim.h); trains' has none yet");
		ok = false;
	} else if (pol < 0) {
		diag(SEV_ERROR, NULL, "--policy: unknown policy '%s'; the policies are random, greedy, spoiler, "
		     "lookahead", policy);
		ok = false;
	}
	struct pack *p = pack_from_doc(doc);
	if (!p || !ok) {
		pack_free(p);
		return NULL;
	}
	struct variant *v = xcalloc(1, sizeof *v);
	v->pack = p;
	v->policy = (enum sim_policy)pol;
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
	struct sim_rules r;
	sim_rules_from_pack(v->pack, &r);
	r.max_turns = max_length;
	long upto = v->pack->cards;
	for (size_t i = 0; i < v->pack->nplayers; i++)
		if (v->pack->players[i].players == players)
			upto = v->pack->players[i].cards;
	enum sim_policy pol[SIM_MAX_PLAYERS];
	for (int i = 0; i < SIM_MAX_PLAYERS; i++)
		pol[i] = v->policy;
	if (players < 1 || players > SIM_MAX_PLAYERS) {
		snprintf(err, errlen, "%d players: the simulator plays 1..%d", players, SIM_MAX_PLAYERS);
		return NULL;
	}
	struct sim_setup *s = sim_setup_new(v->pack, players, upto, &r, pol, err, errlen);
	if (!s)
		return NULL;
	struct series *se = xcalloc(1, sizeof *se);
	se->v = v;
	se->setup = s;
	return se;
}

static void series_free(void *p)
{
	struct series *se = p;
	if (!se)
		return;
	sim_setup_free(se->setup);
	free(se);
}

static void *worker_new(const void *p)
{
	const struct series *se = p;
	return sim_worker_new(se->setup);
}

static void worker_free(void *w)
{
	sim_worker_free(w);
}

static void play(void *w, uint64_t seed, uint64_t g, struct tune_outcome *o)
{
	struct sim_outcome r = sim_play(w, seed, g, NULL);
	o->winner = r.winner;
	o->length = r.turns;
	o->stalled = r.stalled;
}

const struct tune_engine trains_tune_engine = {
	.game = "trains",
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
};
