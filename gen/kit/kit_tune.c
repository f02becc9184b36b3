/* kit_tune.c: the deck games (Take the Train, domino Trains, Train, Toy Train)
 * as `railyard tune` sees them (tune.h): a variant is a deck pack loaded from
 * its edited tree through kit.c and its game's `rules:` reader, its games are
 * played by the game's engine from games.c's table exactly as `railyard
 * simulate` plays them (greedy seats, game g from stream (seed, g)). Knows no
 * particular game. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "kit.h"
#include "game.h"
#include "gplay.h"
#include "gsim.h"
#include "tune.h"
#include "tune_skill.h"
#include "util.h"
#include "yread.h"

struct variant {
	const struct game *g;
	struct kit *deck;
	struct game_rules rules;
	enum gsim_policy policy;
	int budget;   /* mcts:N: N */
};

struct series {
	const struct variant *v;
	void *setup;
	struct gsim_params prm;   /* what setup was made from, for the skill games */
};

struct worker {
	const struct series *se;
	void *scratch;
};

static void *load(struct ydoc *doc, const void *game, const char *policy)
{
	const struct game *g = game;
	if (!g->engine) {
		diag(SEV_ERROR, NULL, "tune: game %s has no simulate engine", g->name);
		return NULL;
	}
	static const char *const names[] = {"random", "greedy", "mcts"};
	static const enum gsim_policy pols[] = {GSIM_RANDOM, GSIM_GREEDY, GSIM_MCTS};
	int budget = 0, k = policy ? cli_policy("--policy", policy, names, 3, &budget) : 1;
	if (k < 0)
		return NULL;
	enum gsim_policy pol = pols[k];
	struct kit *d = kit_from_doc(ydoc_clone(doc), NULL, 0, NULL, 0);
	if (!d)
		return NULL;
	struct variant *v = xcalloc(1, sizeof *v);
	struct yread r = {.file = d->file};
	if (g->load_rules)
		g->load_rules(&r, d->rules, &v->rules);
	if (r.errors) {
		kit_free(d);
		free(v);
		return NULL;
	}
	v->g = g;
	v->deck = d;
	v->policy = pol;
	v->budget = budget;
	return v;
}

static void variant_free(void *p)
{
	struct variant *v = p;
	if (!v)
		return;
	kit_free(v->deck);
	free(v);
}

/* The counts of the pack's deal table that the engine plays; without a
 * table, the engine's own counts when they are few. */
static int pack_counts(const void *p, int *counts, int max)
{
	const struct variant *v = p;
	const struct gsim_engine *e = v->g->engine;
	int n = 0;
	for (int k = e->min_players; k <= e->max_players && n < max; k++)
		if (kit_deal_for(v->deck, k))
			counts[n++] = k;
	/* no deal table (Toy Train): the counts the engine plays, when few */
	for (int k = e->min_players; !n && e->max_players - e->min_players < 4 && k <= e->max_players && k - e->min_players < max; k++)
		counts[k - e->min_players] = k;
	return n ? n : e->max_players - e->min_players < 4 ? e->max_players - e->min_players + 1 : 0;
}

static const char *unit_of(const void *p)
{
	const struct variant *v = p;
	return v->g->engine->unit;
}

static void *series_new(const void *p, int players, int max_length, char *err, size_t errlen)
{
	const struct variant *v = p;
	const struct gsim_engine *e = v->g->engine;
	if (players < e->min_players || players > e->max_players) {
		snprintf(err, errlen, "%s is played by %d to %d players", v->g->name, e->min_players, e->max_players);
		return NULL;
	}
	struct gsim_params prm = {.deck = v->deck, .pack_rules = &v->rules, .players = players,
				  .max_length = max_length};
	for (int i = 0; i < players; i++) {
		prm.policy[i] = v->policy;
		prm.budget[i] = v->budget;
	}
	void *setup = e->setup_new(&prm, err, errlen);
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
	se->v->g->engine->setup_free(se->setup);
	free(se);
}

static void *worker_new(const void *p)
{
	const struct series *se = p;
	struct worker *w = xcalloc(1, sizeof *w);
	w->se = se;
	w->scratch = gsim_scratch_new(se->v->g->engine, se->setup);
	return w;
}

static void worker_free(void *p)
{
	struct worker *w = p;
	gsim_scratch_free(w->se->v->g->engine, w->scratch);
	free(w);
}

static const struct gsim_engine *gsim_of(const void *p, const struct gsim_params **params)
{
	const struct series *se = p;
	*params = &se->prm;
	return se->v->g->engine;
}

static void play(void *p, uint64_t seed, uint64_t g, struct tune_outcome *o)
{
	struct worker *w = p;
	const struct gsim_engine *e = w->se->v->g->engine;
	struct gsim_outcome r;
	gsim_play(e, w->se->setup, w->scratch, seed, g, &r);
	o->winner = r.winner;
	o->length = r.length;
	o->stalled = r.no_winner || r.stalled;
}

const struct tune_engine kit_tune_engine = {
	.game = NULL,
	.unit = NULL,
	.max_length = 5000,
	.sim_only = NULL,
	.load = load,
	.free = variant_free,
	.pack_counts = pack_counts,
	.unit_of = unit_of,
	.series_new = series_new,
	.series_free = series_free,
	.worker_new = worker_new,
	.worker_free = worker_free,
	.play = play,
	.npolicies = 2,
	.gsim = gsim_of,
	.skill_levels = tune_skill_levels,
	.skill_play = tune_skill_play,
};
