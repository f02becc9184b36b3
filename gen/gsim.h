/* gsim.h: the engines that play the other train games of the seeds for
 * `railyard simulate` (Take the Train, domino Trains, Train, Toy Train), and
 * the one driver they share (games_sim.c: threads, seeding, totals, reports).
 *
 * An engine is pure: it reads a setup made once from the pack (read-only,
 * shared by every thread), plays one whole game in a worker's scratch space
 * without allocating, and draws every random number from the stream it is
 * handed, so game g of a series plays the same on any thread. */
#ifndef RAILYARD_GSIM_H
#define RAILYARD_GSIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "deck.h"
#include "game.h"
#include "trains_sim.h"
#include "util.h"

#define GSIM_MAX_COUNTERS 12

/* A seat's way of choosing among the legal plays. */
enum gsim_policy {
	GSIM_RANDOM,   /* any legal play, uniformly */
	GSIM_GREEDY,   /* the play that does the most for itself now (per game) */
};

/* What one game came to: the winner (seat 0..) or -1 (a timeout, or a tie or
 * block with no winner: `stalled`), its length in the engine's unit, and the
 * engine's counters (fares paid, tiles played, ...). */
struct gsim_outcome {
	int winner;
	int length;
	bool stalled;
	uint64_t count[GSIM_MAX_COUNTERS];
};

/* What the driver hands an engine when it prepares a series. */
struct gsim_params {
	const struct deck *deck;
	const struct game_rules *pack_rules;  /* the pack's `rules:` as its game read them */
	int players;
	enum gsim_policy policy[SIM_MAX_PLAYERS];
	int max_length;                  /* a game longer than this is a timeout */
	const char *const *rules;        /* --rule KEY=VALUE, in order */
	size_t nrules;
};

struct gsim_engine {
	const char *game;                /* the deck's game: */
	const char *unit;                /* what length counts: "turns", "rounds" */
	int min_players, max_players;
	const char *const *counters;     /* JSON keys of count[], NULL-terminated */
	const char *const *counter_text; /* the same in words, for the text report */
	/* Make the setup for a series; NULL with a reason in err when the pack or a
	 * rule does not allow it. Free with setup_free. */
	void *(*setup_new)(const struct gsim_params *p, char *err, size_t errlen);
	void (*setup_free)(void *setup);
	/* The rules in force as "key=value ..." (every option the engine reads). */
	void (*rules_text)(const void *setup, struct buf *out);
	/* Bytes of one worker's scratch space (zeroed once, reused for every game). */
	size_t (*scratch_size)(const void *setup);
	/* Play one game from rng into *o (zeroed by the caller). */
	void (*play)(const void *setup, void *scratch, struct sim_rng *rng, struct gsim_outcome *o);
};

extern const struct gsim_engine gsim_take, gsim_domino, gsim_train52, gsim_toy;

/* The engine of a game name, or NULL. */
const struct gsim_engine *gsim_engine_for(const char *game);

/* Split "key=value" into key (up to the '=') and value; true when it is key. */
bool gsim_rule_is(const char *kv, const char *key, const char **value);

/* Fisher-Yates shuffle of n bytes / ints from rng. */
void gsim_shuffle_u8(uint8_t *v, size_t n, struct sim_rng *rng);

/* For tests: put every play of the Take the Train engine to take_check_play
 * first; gsim_take_refused counts the plays it refused in a worker's scratch. */
void gsim_take_selfcheck(void *setup, bool on);
long gsim_take_refused(const void *scratch);
/* The same for Train (52 cards) and t52_check. */
void gsim_train52_selfcheck(void *setup, bool on);
long gsim_train52_refused(const void *scratch);


#endif
