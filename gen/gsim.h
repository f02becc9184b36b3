/* gsim.h: the engines that play every game for `railyard simulate` and
 * `railyard tune` (GAME_sim.c for Take the Train, domino Trains, Train and Toy
 * Train; trains_gsim.c for the core game's trains_sim.c), and what their one
 * driver (simulate.c: threads, seeding, reports) shares with them: totals.
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
	GSIM_SPOILER,  /* the core game only (trains_sim.h) */
	GSIM_LOOKAHEAD,
};

/* What one game came to: the winner (seat 0..) or -1 (a timeout, or a tie or
 * block with no single winner: `no_winner`), its length in the engine's unit,
 * and the engine's counters (fares paid, tiles played, ...). */
struct gsim_outcome {
	int winner;
	int length;
	bool no_winner;
	bool stalled;              /* it could never end (the core game): censored */
	uint64_t count[GSIM_MAX_COUNTERS];
};

/* What the driver hands an engine when it prepares a series. */
struct pack;
struct gsim_params {
	const struct deck *deck;         /* the other games' pack */
	const struct pack *pack;         /* the core game's (deck NULL) */
	/* the pack's `rules:` as its game read them, --rule applied: the engine
	 * reads its named rules from pack_rules->set (ruleset_get), checked already */
	const struct game_rules *pack_rules;
	int players;
	enum gsim_policy policy[SIM_MAX_PLAYERS];
	int max_length;                  /* a game longer than this is a timeout */
};

struct gsim_engine {
	const char *game;                /* the deck's game: */
	const char *unit;                /* what length counts: "turns", "rounds" */
	bool ties;                       /* a game may end with no single winner */
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
	/* Or (the core game) play game g of series seed into *o; scratch made by
	 * scratch_new and freed by scratch_free instead of scratch_size bytes. */
	void (*play_game)(const void *setup, void *scratch, uint64_t seed, uint64_t g, struct gsim_outcome *o);
	void *(*scratch_new)(const void *setup);
	void (*scratch_free)(void *scratch);
};

/* A worker's scratch space for an engine's setup (either kind); free with
 * gsim_scratch_free. */
void *gsim_scratch_new(const struct gsim_engine *e, const void *setup);
void gsim_scratch_free(const struct gsim_engine *e, void *scratch);
/* Play game g of series seed with any engine into *o (zeroed here). */
void gsim_play(const struct gsim_engine *e, const void *setup, void *scratch, uint64_t seed, uint64_t g,
	       struct gsim_outcome *o);

/* gsim_take, gsim_domino, gsim_train52, gsim_toy: declared in game.h. */

/* A game's engine: game_find(name)->engine (game.h). */

/* The plain totals of a series of games: what stats.h's stats_counts reads.
 * ended[0..horizon] counts the games that ended (won, or with no single
 * winner) by length; a game still going past the horizon is a timeout. */
struct gsim_counts {
	int horizon;
	uint64_t games, completed, no_winner, stalled;
	uint64_t wins[SIM_MAX_PLAYERS];
	uint64_t *ended;
	uint64_t count[GSIM_MAX_COUNTERS];
};

/* Zeroed totals for a horizon (ended allocated); free with gsim_counts_free. */
void gsim_counts_init(struct gsim_counts *t, int horizon);
void gsim_counts_free(struct gsim_counts *t);
/* Add src's totals into dst (same horizon). */
void gsim_counts_add(struct gsim_counts *dst, const struct gsim_counts *src);

/* Add one game's outcome into *t; what it came to: the seat that won, or
 * GSIM_NO_WINNER (a tie, a block) or GSIM_UNFINISHED (a timeout, a stalled
 * game), for a joint table of two series (stats.h's stats_joint). */
#define GSIM_NO_WINNER (-1)
#define GSIM_UNFINISHED (-2)
int gsim_counts_record(struct gsim_counts *t, const struct gsim_outcome *o);

/* The totals as stats.h reads them (pointing into t): stats_series and
 * stats_compare turn them into the verdict. */
struct stats_counts;
void gsim_stats_counts(const struct gsim_engine *e, const struct gsim_counts *t, int seats,
		       struct stats_counts *out);

/* Play games first..last-1 of the series `seed` (game g from its own stream,
 * so any split over threads gives the same totals) with an engine's setup, in
 * scratch (scratch_size bytes), adding into *t. Thread-safe per scratch and t. */
void gsim_play_range(const struct gsim_engine *e, const void *setup, void *scratch, uint64_t seed, long first,
		     long last, struct gsim_counts *t);

/* The named rule key of the series as a whole number (its table bounds it). */
long gsim_rule_int(const struct gsim_params *p, const char *key);
/* Whether the named rule key of the series is value. */
bool gsim_rule_eq(const struct gsim_params *p, const char *key, const char *value);

/* Fisher-Yates shuffle of n bytes / ints from rng. */
void gsim_shuffle_u8(uint8_t *v, size_t n, struct sim_rng *rng);

/* For tests: put every play of the Take the Train engine to take_check_play
 * first; gsim_take_refused counts the plays it refused in a worker's scratch. */
void gsim_take_selfcheck(void *setup, bool on);
long gsim_take_refused(const void *scratch);
/* With selfcheck on: the Transfers whose branch took fewer cards than the
 * longest run it allowed (the random policy's other choices). */
long gsim_take_short_branches(const void *scratch);
/* The same for Train (52 cards) and t52_check. */
void gsim_train52_selfcheck(void *setup, bool on);
long gsim_train52_refused(const void *scratch);
/* For tests: hand every position the Take the Train engine decides in, and
 * the moves it chooses among (take_moves), to fn (NULL: none). */
struct take_pos;
struct take_move;
typedef void gsim_take_watch_fn(void *ctx, const struct take_pos *p, const struct take_move *moves, size_t n);
void gsim_take_watch(void *setup, gsim_take_watch_fn *fn, void *ctx);
/* For tests: hand every position the Train engine decides in, and the moves it
 * chooses among (t52_moves), to fn (NULL: none). */
struct t52_rules;
struct t52_pos;
struct t52_move;
typedef void gsim_train52_watch_fn(void *ctx, const struct t52_rules *r, const struct t52_pos *p,
				   const struct t52_move *moves, size_t n);
void gsim_train52_watch(void *setup, gsim_train52_watch_fn *fn, void *ctx);


#endif
