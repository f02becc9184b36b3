/* trains_sim.c: the core game's engine (trains_sim.h): its policies' names and
 * the rules a game is played by. The engine itself is trains_engine.c and
 * the modules on it (trains_engine.h). */
#include "trains_sim.h"

static const char *const policy_names[POLICY_COUNT] = {"random", "greedy", "spoiler", "lookahead"};

const char *sim_policy_name(enum sim_policy p)
{
	return p < POLICY_COUNT ? policy_names[p] : "?";
}

void sim_rules_from_pack(const struct pack *p, struct sim_rules *r)
{
	r->apply_to = p->rules.apply_to;
	r->swap_across = p->rules.swap_across;
	r->swap_within = p->rules.swap_within;
	r->win = p->rules.win;
	r->freeze_tokens = p->rules.freeze_tokens;
	r->reshuffle = p->rules.reshuffle;
	r->opening = p->rules.opening;
	r->max_turns = 1000;
}
