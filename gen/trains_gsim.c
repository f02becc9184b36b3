/* trains_gsim.c: the core game's engine (trains_sim.c) in the game table's
 * engine shape (gsim.h), so that a caller that knows no game (tune, any
 * simulate driver) plays every game the same way. */
#include <stdlib.h>
#include <string.h>

#include "gsim.h"
#include "trains_rules.h"
#include "trains_sim.h"

struct setup {
	struct sim_setup *s;
	struct sim_rules rules;
	long upto;
};

static void *setup_new(const struct gsim_params *p, char *err, size_t errlen)
{
	const struct pack *pk = p->pack;
	if (!pk) {
		snprintf(err, errlen, "the core game's engine plays a trains pack");
		return NULL;
	}
	struct setup *s = xcalloc(1, sizeof *s);
	sim_rules_from_pack(pk, &s->rules);
	s->rules.max_turns = p->max_length;
	s->upto = pk->cards;
	for (size_t i = 0; i < pk->nplayers; i++)
		if (pk->players[i].players == p->players)
			s->upto = pk->players[i].cards;
	enum sim_policy pol[SIM_MAX_PLAYERS];
	for (int i = 0; i < p->players && i < SIM_MAX_PLAYERS; i++)
		pol[i] = p->policy[i] == GSIM_RANDOM ? POLICY_RANDOM : p->policy[i] == GSIM_SPOILER ? POLICY_SPOILER
			 : p->policy[i] == GSIM_LOOKAHEAD ? POLICY_LOOKAHEAD : POLICY_GREEDY;
	s->s = sim_setup_new(pk, p->players, s->upto, &s->rules, pol, err, errlen);
	if (!s->s) {
		free(s);
		return NULL;
	}
	return s;
}

static void setup_free(void *sp)
{
	struct setup *s = sp;
	if (s)
		sim_setup_free(s->s);
	free(s);
}

static void rules_text(const void *sp, struct buf *out)
{
	const struct setup *s = sp;
	buf_printf(out, "cards=%ld max-turns=%d", s->upto, s->rules.max_turns);
}

static void *scratch_new(const void *sp)
{
	const struct setup *s = sp;
	return sim_worker_new(s->s);
}

static void scratch_free(void *w)
{
	sim_worker_free(w);
}

static void play_game(const void *sp, void *scratch, uint64_t seed, uint64_t g, struct gsim_outcome *o)
{
	(void)sp;
	struct sim_outcome r = sim_play(scratch, seed, g, NULL);
	o->winner = r.winner;
	o->length = r.turns;
	o->stalled = r.stalled;
}

static const char *const no_counters[] = {NULL};

const struct gsim_engine gsim_trains = {
	.game = "trains",
	.ties = false,
	.unit = "turns",
	.min_players = 1,
	.max_players = SIM_MAX_PLAYERS,
	.counters = no_counters,
	.counter_text = no_counters,
	.setup_new = setup_new,
	.setup_free = setup_free,
	.rules_text = rules_text,
	.play_game = play_game,
	.scratch_new = scratch_new,
	.scratch_free = scratch_free,
};
