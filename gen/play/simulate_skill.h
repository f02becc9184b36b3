/* simulate_skill.h: `railyard simulate --skill` (simulate_skill.c): the
 * ladder --skill-levels asks for, the trace played through skill.h, and its
 * report as text, JSON and a plot. It knows no game and no simulate side:
 * simulate.c hands it what it needs of the loaded pack and the options. */
#ifndef RAILYARD_SIMULATE_SKILL_H
#define RAILYARD_SIMULATE_SKILL_H

#include <stdbool.h>
#include <stdint.h>

#include "gsim.h"
#include "ruleset.h"

struct skill_request {
	const char *path, *id, *title, *rules;   /* the pack, its rules in force as text */
	const struct ruleset *set;               /* where each rule came from */
	const struct gsim_engine *eng;
	const struct gsim_params *params;        /* the pack's, as its side made its setup */
	int npolicies;                           /* the built-in policies the game offers */
	const char *levels;                      /* --skill-levels, or NULL */
	long games;
	uint64_t seed;
	int threads;
	bool quiet, json;
	const char *plot;                        /* --plot FILE, or NULL */
};

/* Play and report the skill trace r asks for; the exit status (EXIT_INPUT
 * for a ladder or seats refused, reported; EXIT_OUTPUT when the report or
 * the plot cannot be written). */
int simulate_skill(const struct skill_request *r);

#endif
