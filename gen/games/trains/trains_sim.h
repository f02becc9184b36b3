/* trains_sim.h: the game engine behind `railyard simulate`. Plays whole games of a
 * Game of Trains pack under its rules with simple player policies. Pure: no
 * I/O, no allocation while a game is played (a worker owns its scratch space),
 * and every game draws from its own random stream, so results do not depend
 * on which thread plays it. Its modules share this interface (trains_sim.c,
 * trains_engine.c, trains_seq.c, trains_moves.c, trains_totals.c,
 * trains_steps.c) and their insides (trains_engine.h).
 *
 * The game (factory rules as the issue states them, with the pack's rules):
 *   - each player is dealt `census` cards and arranges them descending (wild
 *     cards first); on a grid any arrangement whose rows and columns descend
 *     (§8), chosen by the player's policy;
 *   - a turn: optionally freeze one own card (freeze tokens, §11), then either
 *     draw the top card and put it in place of one own card (the replaced card
 *     goes face up), or take a face-up card, discard it and use its ability on
 *     oneself or (apply-to: anyone, §5) an opponent, or across two sequences
 *     (swap-across, §6), as pos_legal_moves (trains_position.h) lists the
 *     legal uses; two face-up cards with the same ability are both
 *     discarded; a card without an ability (wild, table gap) is discarded;
 *   - the opening, part of the setup before the first turn (factory rules):
 *     player k (1-based) draws k cards, keeps one in place of one of theirs,
 *     and the others go face down into the discards (rule `opening`: or face
 *     up, or no opening at all); the replaced card goes face up;
 *   - a removal (s → X) discards the removed card and fills the space from the
 *     draw pile; when the pile is empty the face-down discards are shuffled into
 *     a new one (rule `reshuffle`), face-up cards stay where they are;
 *   - after every move the mover, then each sequence the move touched, is tested:
 *     a sequence that is ascending (or never-descending, §7) wins; a wild card
 *     stands for the smallest number of the pack that fits (§10);
 *   - a game that reaches `max_turns` turns, or where nobody can move for a whole
 *     round, ends without a winner. */
#ifndef RAILYARD_TRAINS_SIM_H
#define RAILYARD_TRAINS_SIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rng.h"
#include "simstats.h"
#include "trains_rules.h"
#include "trains_position.h"


enum sim_policy { POLICY_RANDOM, POLICY_GREEDY, POLICY_SPOILER, POLICY_LOOKAHEAD, POLICY_COUNT };

/* "random", "greedy", "spoiler", "lookahead". */
const char *sim_policy_name(enum sim_policy p);

/* The rules a game is played by: the pack's, possibly overridden. */
struct sim_rules {
	enum apply_to apply_to;
	enum swap_across swap_across;
	bool swap_within;
	enum win_rule win;
	int freeze_tokens;
	bool reshuffle;
	enum opening_rule opening;
	int max_turns;     /* turns (one player's move each) before a timeout */
};

/* The pack's rules (its typed struct rules, the opening with them) and 1000
 * turns. */
void sim_rules_from_pack(const struct pack *p, struct sim_rules *r);

/* Everything fixed for a series of games: the cards, the concrete moves of every
 * ability, the layout tables, the seats' policies. Read-only once made, shared
 * by all workers. */
struct sim_setup;

/* Prepare games of pack p for `players` players using the numbered cards
 * 1..upto (each `copies` times) plus the pack's wild cards. policy[i] is seat i's
 * policy. Returns NULL and writes a reason into err when the game cannot be
 * played (too few cards). Caller frees with sim_setup_free; p must outlive it. */
struct sim_setup *sim_setup_new(const struct pack *p, int players, long upto,
				const struct sim_rules *rules, const enum sim_policy *policy,
				char *err, size_t errlen);
void sim_setup_free(struct sim_setup *s);
/* How many abilities (rows of sim_stats.used) and physical cards the setup has. */
size_t sim_setup_abilities(const struct sim_setup *s);
long sim_setup_cards(const struct sim_setup *s);
/* The totals of the core game's series (simstats.h), sized for setup s. */
void sim_stats_init(struct sim_stats *st, const struct sim_setup *s);

/* One thread's scratch space for playing games. */
struct sim_worker;
struct sim_worker *sim_worker_new(const struct sim_setup *s);
void sim_worker_free(struct sim_worker *w);

/* Keep a running account of the games played into log (NULL: stop): the deal,
 * each turn, the end. Lines end in newlines. */
struct buf;
void sim_worker_trace(struct sim_worker *w, struct buf *log);

/* Check the engine's invariants after every turn (for tests): each card of the
 * deck in exactly one place, face-up abilities distinct, frozen cards unmoved,
 * freeze tokens accounted for. sim_worker_broken counts the turns that failed. */
void sim_worker_selfcheck(struct sim_worker *w, bool on);
long sim_worker_broken(const struct sim_worker *w);

/* For tests that hold the engine to the checker: seat m's moves with an ability
 * (the draw left out) in the position given, the face-up cards being one card
 * of ability ab (< sim_setup_abilities): nums[p * census + i] the number at
 * space i of seat p (0 a wild card), frozen likewise (NULL: none), npile the
 * cards left in the draw pile. Calls fn with each move, in the engine's order,
 * as the cards it moves (sequences are seats; a removal has remove set).
 * Returns how many. The worker's game is lost. */
size_t sim_worker_moves(struct sim_worker *w, int m, size_t ab, const int *nums, const unsigned char *frozen,
			int npile, void (*fn)(void *ctx, const struct pos_move *mv), void *ctx);

/* What one game came to. */
struct sim_outcome {
	int winner;        /* seat 0.., or -1: timeout or stalled */
	int turns;
	bool stalled;
};

/* Play game number `game` of the series seeded by `seed` and add it to st (may be
 * NULL). The same (seed, game) always plays the same game. */
struct sim_outcome sim_play(struct sim_worker *w, uint64_t seed, uint64_t game, struct sim_stats *st);

/* The game as steps (gsim.h's struct gsim_steps; trains_gsim.c hands them
 * to the game table): a position is one block of sim_pos_size bytes (the
 * sequences, frozen flags, tokens, draw pile, discards, face-up cards, uses,
 * whose turn), a work space sim_work_size bytes, zeroed once (a worker with
 * its move lists, judgements, a lookahead's imagined position). sim_play
 * plays through these very steps. A turn is one decision, or two while the
 * seat has freeze tokens: freeze a card or not (§11), then its move (the
 * draw, whose card the seat's policy places as it is drawn; a use of a
 * face-up card; a pass when it cannot move). Keys name moves by their
 * ability's way, target seats and spaces, the same whatever the unseen cards
 * (the pile's order, the others' face-down discards: sim_determinize). */
size_t sim_pos_size(const struct sim_setup *s);
size_t sim_work_size(const struct sim_setup *s);
size_t sim_max_keys(const struct sim_setup *s);
struct rng;
void sim_start(const struct sim_setup *s, void *work, void *pos, struct rng *rng);
int sim_turn(const struct sim_setup *s, const void *pos);
size_t sim_moves(const struct sim_setup *s, void *work, const void *pos, uint64_t *keys);
size_t sim_choose(const struct sim_setup *s, void *work, const void *pos, enum sim_policy pol, const uint64_t *keys,
		  size_t n, struct rng *rng);
/* The search's default policy (gsim_steps.playout): greedy's choice, but a
 * draw judged (and its card then placed) without what the card it replaces
 * gives the next seat face up, the dearest part of greedy's judgement. */
size_t sim_playout(const struct sim_setup *s, void *work, const void *pos, const uint64_t *keys, size_t n,
		   struct rng *rng);
void sim_apply(const struct sim_setup *s, void *work, void *pos, uint64_t key, struct rng *rng);
void sim_determinize(const struct sim_setup *s, void *work, void *pos, int seat, struct rng *rng);
/* Minus each seat's inversions (pairs out of order): the leader is nearest a win. */
void sim_standing(const struct sim_setup *s, const void *pos, double *score);
struct sim_outcome sim_result(const struct sim_setup *s, const void *pos);
/* With detail on (before any work space is made), a work space adds the
 * totals of every game that ends in it into its own sim_stats, which
 * sim_work_stats returns (NULL with detail off). */
void sim_setup_detail(struct sim_setup *s, bool on);
const struct sim_stats *sim_work_stats(const struct sim_setup *s, void *work);

/* For tests: what a position holds, into caller-owned arrays (nums and
 * frozen [players * census], pile, disc and dhid [cards], face and face_ab
 * [abilities]): the deciding seat (-1: over) and whether it decides its
 * freeze, the sequences (0 a wild card), the face-up cards and their
 * abilities, the draw pile and discards (dhid[i]: disc[i] lies face down,
 * put there by seat dhid[i] - 1; 0 seen by all). */
struct sim_look {
	int seat, turns, npile, ndisc, nface;
	bool freeze;
	int tokens[SIM_MAX_PLAYERS];
	int *nums, *pile, *disc, *face, *face_ab;
	unsigned char *frozen, *dhid;
};
void sim_look(const struct sim_setup *s, const void *pos, struct sim_look *out);
/* For tests: what a move key names. A use: ability ab's way number `way` (in
 * pos_ways' order) on seat[0] (with seat[1] across), moving the cards of
 * move (as sim_worker_moves gives them). A freeze: the space. */
enum sim_key_type { SIM_KEY_NOFREEZE = 1, SIM_KEY_FREEZE, SIM_KEY_PASS, SIM_KEY_DRAW, SIM_KEY_USE };
struct sim_key {
	int type, space, way;
	size_t ab;
	int seat[2];
	struct pos_move move;
};
/* False when key names no move of the setup. */
bool sim_key_read(const struct sim_setup *s, uint64_t key, struct sim_key *out);

/* The building blocks, for tests. nums holds the numbers of one sequence in
 * space order (0 = wild). */
bool sim_sequence_wins(const struct sim_setup *s, const int *nums);
int sim_inversions(const struct sim_setup *s, const int *nums);

#endif
