/* tune_skill.h: the skill games of `railyard tune` (--objective skill,
 * --require skill=RANGE), played through skill.h for any game whose tune
 * engine gives its game-table engine (tune.h: struct tune_engine's gsim).
 * The engines (trains_tune.c, kit_tune.c) hand these to tune.c as their
 * skill_levels and skill_play, so tune.c, which the game table names, does
 * not call into the engines' side. */
#ifndef RAILYARD_TUNE_SKILL_H
#define RAILYARD_TUNE_SKILL_H

#include <stddef.h>
#include <stdint.h>

#include "tune.h"

/* --skill-levels WEAK,STRONG for engine e (its npolicies, mcts:N) into *norm,
 * named as the report and the shards name them ("greedy,mcts:64"; a new
 * string, the caller frees it): 0, or -1 with the reason in err. */
int tune_skill_levels(const struct tune_engine *e, const char *spec, char **norm, char *err, size_t errlen);
/* Deals first..last-1 of the step WEAK against STRONG (levels as *norm
 * above) of series, each played once with the stronger in every seat, from
 * the seed simulate --skill's first step takes from seed; out[0], out[1],
 * out[2] += the games, those with a single winner, the stronger's wins.
 * 0, or -1 with the reason in err when the engine refuses the seats (first ==
 * last: only that check). */
int tune_skill_play(const struct tune_engine *e, const void *series, const char *levels, uint64_t seed, long first,
		    long last, uint64_t *out, char *err, size_t errlen);

#endif
