/* gsim.h: the engines that play every game for `railyard simulate` and
 * `railyard tune` (GAME_sim.c for Take the Train, domino Trains, Train and Toy
 * Train; trains_gsim.c for the core game's engine, trains_sim.h), and what their one
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

#include "game.h"
#include "rng.h"
#include "util.h"

struct kit;

#define GSIM_MAX_COUNTERS 12

/* A seat's way of choosing among the legal plays. */
enum gsim_policy {
	GSIM_RANDOM,   /* any legal play, uniformly */
	GSIM_GREEDY,   /* the play that does the most for itself now (per game) */
	GSIM_SPOILER,  /* the core game only (trains_sim.h) */
	GSIM_LOOKAHEAD,
	GSIM_MCTS,     /* information-set Monte Carlo tree search (mcts.h), any game
			* with steps; its budget in gsim_seats.budget */
};

/* Who sits at the table of a series: every seat's policy and, for GSIM_MCTS,
 * its budget (search iterations a move). An engine with steps keeps one in its
 * setup (filled by gsim_seats_from) and hands it out through steps->seats. */
struct gsim_seats {
	int players;
	enum gsim_policy policy[SIM_MAX_PLAYERS];
	int budget[SIM_MAX_PLAYERS];
	int max_length;   /* a game longer than this (the engine's unit) is a timeout */
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
	/* The behaviour measures, counted by gsim_play for engines with steps:
	 * decisions (positions where a seat chose a move), those with more than
	 * one legal move, the legal moves summed over the decisions, and the times
	 * the leader (the one seat of highest standing) changed. */
	uint64_t decisions, real_choices, branching, lead_changes;
};

/* What the driver hands an engine when it prepares a series. */
struct pack;
struct gsim_params {
	const struct kit *deck;          /* the other games' pack */
	const struct pack *pack;         /* the core game's (deck NULL) */
	/* the pack's `rules:` as its game read them, --rule applied, checked already:
	 * the engine reads its named rules as its game's typed struct, filled from
	 * pack_rules->set by the game's GAME_rules_from (take_rules_from,
	 * train52_rules_from, ...), never a key by its name */
	const struct game_rules *pack_rules;
	int players;
	enum gsim_policy policy[SIM_MAX_PLAYERS];
	int budget[SIM_MAX_PLAYERS];     /* GSIM_MCTS seats: iterations a move */
	int max_length;                  /* a game longer than this is a timeout */
};

/* The seats of p (players, policies, budgets, max_length). */
void gsim_seats_from(const struct gsim_params *p, struct gsim_seats *out);

/* A game as positions and moves: what search (mcts.c) and the behaviour
 * measures need of an engine. gsim_play plays an engine with steps as
 *
 *     start(work, pos, rng, o);
 *     while ((seat = turn(pos)) >= 0) {
 *         n = moves(work, pos, keys);
 *         k = seat plays GSIM_MCTS ? mcts_choose(...) : keys[choose(work, pos, policy, keys, n, rng)];
 *         apply(work, pos, k, rng, o);
 *     }
 *     result(pos, o);
 *
 * A position is one flat block of pos_size bytes: pointers only into the
 * setup, arrays whose size the setup fixes inside the block (offsets, not
 * pointers), so copying a position is one memcpy and playing allocates
 * nothing. Every function is pure: all randomness from the rng handed in. */
struct gsim_steps {
	/* Bytes of one position; the most moves a position can list; bytes of a
	 * worker's work space (NULL: none), handed to every step below as `work`:
	 * buffers a step needs (a greedy judgement's tables, a lookahead's
	 * imagined positions, a trace log), never part of the position. */
	size_t (*pos_size)(const void *setup);
	size_t (*max_moves)(const void *setup);
	size_t (*work_size)(const void *setup);
	/* The seats of the series (the setup's gsim_seats). */
	const struct gsim_seats *(*seats)(const void *setup);
	/* Deal a new game into pos (pos_size bytes, contents undefined) from rng
	 * and play on to the first decision, or the end. */
	void (*start)(const void *setup, void *work, void *pos, struct rng *rng, struct gsim_outcome *o);
	/* The seat to decide at pos, or -1 when the game is over (won, no single
	 * winner, or past seats->max_length: a timeout). */
	int (*turn)(const void *setup, const void *pos);
	/* The legal moves of the deciding seat, from the game's one legality,
	 * into keys (at most max_moves; at least one while turn >= 0: a pass or a
	 * lost turn is a move). A key names a move the same way whatever the cards
	 * the seat cannot see (a tile, a card and where it goes, not a hand index),
	 * so the positions of one information set share their keys. */
	size_t (*moves)(const void *setup, void *work, const void *pos, uint64_t *keys);
	/* The choice of a built-in policy (GSIM_RANDOM, GSIM_GREEDY, ...) among
	 * keys[0..n-1], an index, drawing from rng; also the search's fast default
	 * policy for its playouts. */
	size_t (*choose)(const void *setup, void *work, const void *pos, enum gsim_policy pol, const uint64_t *keys,
			 size_t n, struct rng *rng);
	/* Play the move key (one of moves()) at pos, then the chance and forced
	 * steps up to the next decision or the end (a new hand dealt, a card
	 * drawn, a seat with no choice), adding the engine's counters into o. */
	void (*apply)(const void *setup, void *work, void *pos, uint64_t key, struct rng *rng,
		      struct gsim_outcome *o);
	/* Replace everything seat cannot see (the others' hidden cards, the order
	 * of the draw pile and the undealt cards) with a random arrangement
	 * consistent with all the seat has seen: after it, nothing of pos but
	 * what seat knows carries over from before. */
	void (*determinize)(const void *setup, void *work, void *pos, int seat, struct rng *rng);
	/* How every seat stands (higher is better; the game's own measure: points,
	 * inversions left, cards left), into score[0..players-1]: the leader for
	 * the lead-change measure, and the value of a playout cut short. */
	void (*standing)(const void *setup, void *work, const void *pos, double *score);
	/* The game over (turn() < 0): winner, no_winner and length into o. */
	void (*result)(const void *setup, const void *pos, struct gsim_outcome *o);
	/* The decisions a search's playout plays by the default policy before
	 * standing values it; 0: the search's own default (mcts.c). A game whose
	 * default policy is dear and whose standing is near its outcome (the core
	 * game) plays its playouts short. */
	int playout_cut;
	/* The search's default policy for its playouts, an index into keys as
	 * choose's; NULL: choose with GSIM_GREEDY. */
	size_t (*playout)(const void *setup, void *work, const void *pos, const uint64_t *keys, size_t n,
			  struct rng *rng);
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
	/* The game as steps, the one way every engine plays: gsim_play (gplay.h)
	 * plays a game of it in a worker's scratch made by gsim_scratch_new. */
	const struct gsim_steps *steps;
};

/* A game's engine: its struct game's engine field (game.h), declared in the
 * game's own header (gsim_take in take.h, ...). */

/* The plain totals of a series of games: what stats.h's stats_counts reads.
 * ended[0..horizon] counts the games that ended (won, or with no single
 * winner) by length; a game still going past the horizon is a timeout. */
struct gsim_counts {
	int horizon;
	uint64_t games, completed, no_winner, stalled;
	uint64_t wins[SIM_MAX_PLAYERS];
	uint64_t *ended;
	uint64_t count[GSIM_MAX_COUNTERS];
	/* The behaviour measures' totals (gsim_outcome's, over the games; 0 for
	 * an engine without steps) and the sums of per-game products their
	 * standard errors need, each game a cluster of decisions. */
	uint64_t decisions, real_choices, branching, lead_changes;
	uint64_t branching_sq, branching_decisions, decisions_sq, lead_changes_sq;
};

/* The behaviour measures of a series (Ludii's), from its totals: measured
 * only for an engine with steps (gsim_play counts them); the others' are
 * not measured (false), never 0.
 *   - decision moves: the share of decisions with more than one legal move
 *     (Wilson 95%, the decisions taken as independent trials);
 *   - branching: the mean number of legal moves a decision, with its
 *     standard error (a ratio estimate over the games as clusters);
 *   - lead changes: how often the leader (the one seat of highest standing)
 *     changed, a game (mean, SE) and as a share of decisions (Wilson 95%);
 *   - drawishness: the share of games without a single winner (Wilson 95%);
 *   - advantage P1: the first seat's share of the games with a single winner
 *     (Wilson 95%). */
struct gsim_behaviour {
	bool measured;
	double decision_moves, decision_lo, decision_hi;
	double branching, branching_se;
	double lead_changes, lead_changes_se, lead_share, lead_lo, lead_hi;
	double drawishness, draw_lo, draw_hi;
	double advantage_p1, p1_lo, p1_hi;
};

void gsim_behaviour(const struct gsim_engine *e, const struct gsim_counts *t, struct gsim_behaviour *out);

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

/* Fisher-Yates shuffle of n bytes / ints from rng. */
void gsim_shuffle_u8(uint8_t *v, size_t n, struct rng *rng);
/* A determinization's new deal of what a seat cannot see: count[id] copies
 * of each id 0..nids-1 laid out in id order into pool (at most cap), so that
 * how they lay before cannot show through, then shuffled from rng; returns
 * how many. The caller deals pool back into the hands and piles. */
size_t gsim_redeal_u8(const int *count, int nids, uint8_t *pool, size_t cap, struct rng *rng);

/* For tests: put every play of the Take the Train engine to take_check_play
 * first; gsim_take_refused counts the plays it refused, in every game played
 * with the setup since it was made (one thread: the count is not locked). */
void gsim_take_selfcheck(void *setup, bool on);
long gsim_take_refused(const void *setup);
/* With selfcheck on: the Transfers whose branch took fewer cards than the
 * longest run it allowed (the random policy's other choices). */
long gsim_take_short_branches(const void *setup);
/* The same for Train (52 cards) and train52_check_play. */
void gsim_train52_selfcheck(void *setup, bool on);
long gsim_train52_refused(const void *setup);
/* For tests: hand every position the Take the Train engine decides in, and
 * the moves it chooses among (take_moves), to fn (NULL: none). */
struct take_pos;
struct take_move;
typedef void gsim_take_watch_fn(void *ctx, const struct take_pos *p, const struct take_move *moves, size_t n);
void gsim_take_watch(void *setup, gsim_take_watch_fn *fn, void *ctx);
/* For tests: hand every position the Train engine decides in, and the moves it
 * chooses among (train52_moves), to fn (NULL: none). */
struct train52_rules;
struct train52_pos;
struct train52_move;
typedef void gsim_train52_watch_fn(void *ctx, const struct train52_rules *r, const struct train52_pos *p,
				   const struct train52_move *moves, size_t n);
void gsim_train52_watch(void *setup, gsim_train52_watch_fn *fn, void *ctx);
/* For tests of the steps: a Take the Train position as the rules see it
 * (the table and seat's hand, pointing into pos), the Conductor's Hand's
 * undrawn cards (*pile, *npile; ids as a hand's) and every seat's card count
 * into nhand[]; a key as the move it names (false: taking the Train). */
struct take_pos gsim_take_view(const void *setup, const void *pos, int seat, const unsigned char **pile,
			       size_t *npile, int *nhand);
bool gsim_take_key_move(uint64_t key, struct take_move *m);
/* The same for Train: seat's view; the piles' undrawn cards as counts per
 * rank into stock[14] and each pile's count into left[] (the table's npiles);
 * a key as the play it names (false: the draw). */
struct train52_pos gsim_train52_view(const void *setup, const void *pos, int seat, int *stock, int *left);
bool gsim_train52_key_move(uint64_t key, struct train52_move *m);


#endif
