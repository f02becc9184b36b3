/* train52.h: Train, the 52-card game (seeds/003): central play, pile play, closed
 * piles and their reopening sequence, sandwiches, doubles and the Train. Pure. */
#ifndef RAILYARD_TRAIN52_H
#define RAILYARD_TRAIN52_H

#include <stdbool.h>
#include <stddef.h>

#include "game.h"
#include "ruleset.h"
#include "util.h"
#include "yread.h"

/* A pack's `rules:` for Train. piles: the piles per round, e.g. [4, 3, 2, 1]:
 * 1..TRAIN52_MAX_ROUNDS rounds of 1..TRAIN52_MAX_PILES piles each. */
#define TRAIN52_MAX_ROUNDS 13
#define TRAIN52_MAX_PILES 13
struct train52_pack_rules {
	int piles[TRAIN52_MAX_ROUNDS];
	size_t nrounds;               /* 0: no piles given */
	struct loc loc_piles;
};

/* Train's own keys in a game_rules (game.h: own), which only Train reads:
 * TRAIN52_OWN(r) for r a struct game_rules pointer, const or not. */
_Static_assert(sizeof(struct train52_pack_rules) <= GAME_RULES_OWN, "game_rules.own holds struct train52_pack_rules");
#define TRAIN52_OWN(r) _Generic((r), \
	const struct game_rules *: (const struct train52_pack_rules *)(const void *)(r)->own.bytes, \
	default: (struct train52_pack_rules *)(void *)(r)->own.bytes)

/* A card: rank 1 (A) .. 13 (K); suit an index into the pack's suits or -1. */
struct train52_card {
	int rank, suit;
};

/* Where a play goes. */
enum train52_area {
	TRAIN52_START,    /* the beginning of a round: a 2 or two sets of doubles */
	TRAIN52_CENTRAL,  /* on the top card of the central area */
	TRAIN52_PILE,     /* on a pile: its face-up cards from the closing Ace (none: never closed) */
	TRAIN52_DRAWN,    /* nobody had a 2 or two sets of doubles; each drew a card: the first
		       * card put down begins */
};

/* Parse "7", "10H", "QS", "A♠", "K-clubs": rank A,2..10,J,Q,K and an optional suit
 * (a unique prefix of one of suits[], or a suit symbol). 0 or -1 with *why. */
int train52_parse(const char *tok, const char *const *suits, size_t nsuits, struct train52_card *c,
	      struct buf *why);

/* Where the seed is silent or ambiguous, the reading is a named rule (--rule);
 * zero-initialised means the defaults. */
struct train52_rules {
	/* face-cards=step: J, Q, K follow the 1-or-2-higher / 1-lower rule as 11, 12, 13
	 * when played singly. Default (doubles): that rule is "on non-face cards", so a
	 * face card goes down only in a double or a sandwich. */
	bool face_step;
	/* ace=low: an A is a card of central play (1, below the 2). Default (piles):
	 * an A only closes a pile and heads its reopening sequence. */
	bool ace_low;
	/* reopen=second-ace: the sequence A 2 4 ... K is laid on the closing A, so it
	 * needs a second A. Default (closing-ace): the closing A is the sequence's A. */
	bool second_ace;
	/* What only the engine plays by (the checker judges one play): order=rotation,
	 * the seats act in turn (default random: a random player acts next); wrecks,
	 * a round is void after that many Trainwrecks (0: re-deal without end; its
	 * default 3 comes through train52_rules_from, not zero-initialisation). */
	bool rotation;
	int wrecks;
};

/* The reopening sequence, played on a closed pile's closing A: A 2 4 5 7 9 J K. */
extern const int train52_reopen[8];

/* Whether on[] can be a pile's face-up cards: the closing A, the reopening
 * sequence on it in order, then (after the K) anything. 0, or -1 with *why. */
int train52_pile_valid(const struct train52_rules *r, const struct train52_card *on, size_t non,
		   struct buf *why);

/* ---- positions and moves: what the engine plays and the checker judges ---- */

/* A pile on the table: never closed (it may be drawn from), closed (its
 * reopening sequence under way), its sequence complete and awaiting a
 * beginning, or reopened (central play without doubles on its top card). */
enum train52_pile_state { TRAIN52_PILE_OPEN, TRAIN52_PILE_CLOSED, TRAIN52_PILE_AWAIT, TRAIN52_PILE_REOPENED };
struct train52_pile {
	enum train52_pile_state state;
	int seq;   /* TRAIN52_PILE_CLOSED: cards of the reopening sequence on it (train52_reopened) */
	int top;   /* TRAIN52_PILE_REOPENED: its top card's rank */
};
#define TRAIN52_MAX_TABLE_PILES 16
struct train52_table {
	int central;   /* the top card of central play; 0 before the round's beginning */
	int npiles;
	struct train52_pile pile[TRAIN52_MAX_TABLE_PILES];
};
/* What a player sees: the table and its hand as counts of each rank
 * (hand[1..13]); hand NULL when not known (the checker without --hand): then
 * the player is taken to hold the cards a move lays, and a Train to be the
 * whole hand. */
struct train52_pos {
	const struct train52_table *t;
	const int *hand;
	int nhand;
	int open_piles;   /* piles not closed (an A may not close the last); 0: not known */
};

/* One play. where: 0 central play, 1 + i pile i. r1: the card (the bottom of a
 * sandwich, the first double of a set); r2: a sandwich's middle, the second
 * double of a set (r1 <= r2), the top of a Train (2 .. r2). */
enum train52_move_kind {
	TRAIN52_SINGLE, TRAIN52_DOUBLE, TRAIN52_SANDWICH, TRAIN52_DOUBLE_SANDWICH, TRAIN52_CLOSE, TRAIN52_SEQUENCE,
	TRAIN52_BEGIN_TWO, TRAIN52_BEGIN_DOUBLES, TRAIN52_TRAIN, TRAIN52_NKINDS
};
struct train52_move {
	unsigned char kind, where, r1, r2;
};
/* More than the legal plays of any position (train52_moves never drops one). */
#define TRAIN52_MAX_MOVES 4096

/* The cards move m lays, as counts per rank into use[14] (zeroed here); the
 * number of cards. */
int train52_move_cards(const struct train52_move *m, int *use);
/* "2", "J 8 J on central play", ...: the move in words into *out. */
void train52_move_name(const struct train52_move *m, struct buf *out);

/* Is move m legal in position p under rules r (NULL: the defaults)? why (may
 * be NULL) gets what it does, or why not, one line each. The one statement of
 * the rules of play: the engine plays what train52_moves lists with it, the
 * checker (train52_check_play) judges a play with it. */
bool train52_move_legal(const struct train52_rules *r, const struct train52_pos *p, const struct train52_move *m,
		    struct buf *why);
/* Every legal move of position p (hand known) into out[0..max-1]: the
 * candidates train52_move_legal could pass, each put to it. Returns how many. */
size_t train52_moves(const struct train52_rules *r, const struct train52_pos *p, struct train52_move *out, size_t max);
/* The sequence count of a pile its A has just closed: 1 (the closing A is the
 * sequence's A) or 0 (reopen=second-ace). */
int train52_closed_seq(const struct train52_rules *r);

/* Is play[0..n-1] legal on area with on[0..non-1] (central: the top card last;
 * pile: its face-up cards)? hand[0..nhand-1], when nhand, is the player's whole
 * hand (a Train must use all of it). open_piles, when not 0, is how many piles are
 * open (an A may not close the last one). r NULL: the default rules. *out gets
 * what the play is, or why not. */
bool train52_check_play(const struct train52_rules *r, enum train52_area area, const struct train52_card *on, size_t non,
	       const struct train52_card *play, size_t n, const struct train52_card *hand, size_t nhand,
	       int open_piles, struct buf *out);

/* "A Trainwreck does occur when all piles that are not closed are depleted of
 * cards": left[i] cards to draw in pile i, closed[i] whether it is closed. */
bool train52_trainwreck(const int *left, const bool *closed, int npiles);

/* After the rounds: the seat with the most points (one a round won), or -1 when
 * seats tie; tied[i] then marks the seats that play the tie-breaker round. */
int train52_game_winner(const int *points, int players, bool *tied);

/* The named rules (train52_rule_keys) of a rule set into *r: what the engine and
 * the checker read, never a key by its name. */
void train52_rules_from(const struct ruleset *rs, struct train52_rules *r);

/* The named rules of Train (52 cards) (ruleset.h), NULL-key terminated. */
extern const struct ruleset_key train52_rule_keys[];
/* The keys --rule takes beside the named ones (ruleset.h), NULL-key terminated. */
extern const struct ruleset_other train52_rule_others[];

/* Its name, the `game:` of its packs. */
#define TRAIN52_GAME "train-52"

/* ---- Train (52 cards) as a plug-in: its parts, registered by train52_game.c ---- */
struct game;
struct game_rules;
struct ydoc;
struct kit_build_game;
struct kit_list_game;
struct gsim_engine;
/* Read the pack's `rules:` (NULL: none) into out (train52_rules.c): the named rules,
 * every unknown key reported through r, then the structured keys. */
void train52_rules_load(struct yread *r, const struct ynode *rules, struct game_rules *out);
/* Its pack-level check (kit_games.h says what it is). */
struct kit;
int train52_check_pack(const struct kit *d, const struct game_rules *rules, bool notes);
/* railyard check (train52_check.c) and its options (opt.h; the game's options[GAME_CHECK]). */
int train52_check(const struct game *game, const struct ydoc *pack, int argc, char **argv);
struct opt_table;
extern const struct opt_table train52_check_options;
/* What it adds to the deck build and list (train52_build.c, train52_list.c). */
extern const struct kit_build_game train52_build_items;
extern const struct kit_list_game train52_list_items;
/* Its engine for simulate and tune (train52_sim.c). */
extern const struct gsim_engine gsim_train52;

#endif
