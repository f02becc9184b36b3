/* skill.h: the skill trace of a pack (`railyard simulate --skill`, and tune's
 * skill objective): a ladder of players (random, greedy, mcts at growing
 * budgets), each level set against the one below it, and how much the
 * stronger wins. It knows no game: it plays any engine of the game table
 * (gsim.h) from the pack's gsim_params.
 *
 * A step of levels weak < strong with N players plays every deal N times, the
 * stronger in seat 1, then 2, ... N and the weaker in every other seat, so
 * position cancels out. Its measure is the stronger's share of the games
 * with a single winner, against the lottery's 1/N, with its 95% Wilson
 * interval; rescaled, (share - 1/N) / (1 - 1/N), 0 is a lottery and 1 the
 * stronger always wins. The pack's skill score is that rescaled share of the
 * strongest level against the weakest (the trace's span: its own series of
 * games, unless the ladder has two levels), with its interval. */
#ifndef RAILYARD_SKILL_H
#define RAILYARD_SKILL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gsim.h"

#define SKILL_MAX_LEVELS 8
#define SKILL_LEVELS 4          /* the default ladder's length */
#define SKILL_BUDGET 64         /* the default ladder's first mcts budget, x4 a level */

/* A level of the ladder: a policy and, for GSIM_MCTS, its budget. */
struct skill_level {
	enum gsim_policy policy;
	int budget;
};

/* "random", "greedy", "spoiler", "lookahead" (the first npolicies) or
 * "mcts:N" (N 1..1000000; only when mcts is true) into *out: 0, or -1 with
 * the reason in err. */
int skill_parse_level(const char *s, int npolicies, bool mcts, struct skill_level *out, char *err, size_t errlen);
/* "WEAK,STRONG" (two levels, as skill_parse_level reads each) into out[0]
 * and out[1]: tune's --skill-levels. 0, or -1 with the reason in err. */
int skill_parse_pair(const char *s, int npolicies, bool mcts, struct skill_level *out, char *err, size_t errlen);
/* The level as skill_parse_level reads it ("mcts:64"). */
void skill_level_name(const struct skill_level *l, char *out, size_t len);
/* The default ladder of k levels into out: random, greedy, then mcts at
 * SKILL_BUDGET, 4x that, ... */
void skill_default_ladder(int k, struct skill_level *out);

/* One step: what the stronger level came to against the weaker. */
struct skill_step {
	struct skill_level weak, strong;
	uint64_t games;           /* every deal N times */
	uint64_t decided;         /* games with a single winner */
	uint64_t strong_wins;     /* of them, won by the stronger seat */
	uint64_t no_winner, unfinished;
	double share, lo, hi;     /* strong_wins / decided, Wilson 95% (NaN, [0, 1] when none) */
	double score, score_lo, score_hi;   /* the same rescaled: 0 = 1/N, 1 = always */
	double seconds;
};

struct skill_trace {
	int players, nsteps;
	uint64_t seed;
	struct skill_step step[SKILL_MAX_LEVELS - 1];   /* level i + 1 against level i */
	struct skill_step span;   /* the strongest against the weakest */
	double score, lo, hi;     /* span's rescaled share: the pack's skill score */
	double seconds;
};

/* What to play: the engine, the pack's params (players, max_length and what
 * the engine reads of the pack; policies and budgets are the ladder's), the
 * ladder (2..SKILL_MAX_LEVELS levels), games a step (rounded up to a multiple
 * of the players), the seed (the trace does not depend on threads), and
 * progress lines on stderr (progress.h) when progress is set. */
struct skill_run {
	const struct gsim_engine *eng;
	const struct gsim_params *params;
	const struct skill_level *levels;
	int nlevels;
	long games;
	uint64_t seed;
	int threads;
	bool progress;
	const char *label;        /* what the progress line names (the pack id) */
};

/* Play the trace into *out: 0, or -1 with the reason in err when the engine
 * refuses a step's seats. */
int skill_trace(const struct skill_run *r, struct skill_trace *out, char *err, size_t errlen);

/* The pieces, for a caller that plays a step in slices (tune's rounds and
 * shards): step i's seed from the run's (the span's is step SKILL_SPAN), so
 * a slice plays the deals skill_trace would; deals first..last-1 of a step
 * (each played once with the stronger in every seat) on this thread, added
 * into *st's counts (games, decided, strong_wins, no_winner, unfinished):
 * 0, or -1 with the reason in err when the engine refuses the seats; and the
 * share, its interval and their rescaling from *st's counts. Slices of
 * deals add up to the whole step, on any split. */
#define SKILL_SPAN SKILL_MAX_LEVELS
uint64_t skill_step_seed(uint64_t seed, int i);
int skill_play_range(const struct gsim_engine *e, const struct gsim_params *params, struct skill_level weak,
		     struct skill_level strong, uint64_t seed, long first, long last, struct skill_step *st, char *err,
		     size_t errlen);
void skill_step_measures(struct skill_step *st, int players);

#endif
