/* domino.h: domino Trains (seeds/002): double-N sets, the derived hand sizes, and
 * whether a set of tiles can be laid as one single train. Pure: no I/O. */
#ifndef RAILYARD_DOMINO_H
#define RAILYARD_DOMINO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ruleset.h"
#include "util.h"

/* A tile; low <= high. */
struct domino {
	int low, high;
};

/* Tiles in a double-n set: (n+1)(n+2)/2 (28, 55, 91 for 6, 9, 12). */
long domino_set_size(int n);
/* Tile ends showing one number in a double-n set: n+2 (the double counts twice;
 * the page's "11 sixes in a double nine set"). */
int domino_ends_per_number(int n);
/* Tiles per hand for `players` with no boneyard: every hand the same size, the
 * leftover set aside, so tiles / players rounded down. */
long domino_hand_size(long tiles, int players);

/* Parse "3-5" (or "5-3", "3:5", "3|5") into *out with low <= high; 0 or -1. */
int domino_parse(const char *s, struct domino *out);

/* Why a set of tiles can or cannot be one train. A train is a line of all the
 * tiles, touching ends equal (a path through every tile once): it exists when the
 * tiles hang together and at most two numbers show on an odd number of ends. */
struct domino_report {
	bool single_train;
	int *odd;            /* numbers on an odd number of tile ends, ascending */
	size_t nodd;
	size_t *cut;         /* indices of tiles cut off from the largest connected group */
	size_t ncut;
	size_t *train;       /* when single_train: tile indices in train order */
	bool *flip;          /* flip[i]: tile train[i] is laid high end first */
	size_t ntrain;
};

/* Analyse tiles[0..n-1] (numbers 0..maxnum). Fills *r; free with
 * domino_report_free. */
void domino_analyse(const struct domino *tiles, size_t n, int maxnum, struct domino_report *r);
void domino_report_free(struct domino_report *r);

/* A player's train on the table: the numbers its two open ends show. */
struct domino_train {
	int end[2];
};

/* Read a train as laid, left to right ("6-6 6-3 3-1": each tile touching the
 * next with equal numbers, a double in line like any tile). 0, or -1 with a
 * reason in *why. */
int domino_train_read(const struct domino *tiles, size_t n, struct domino_train *t,
		      struct buf *why);

/* The one legality of domino Trains (seeds/002, "The Play"): the checker
 * validates with domino_legal and the engine plays what domino_legal_moves
 * lists. A turn in progress: every seat's train (a train with no engine yet
 * shows -1 at both ends), the mover's own, and what the turn has laid. */
#define DOMINO_MAX_TRAINS 64
struct domino_turn {
	struct domino_train *train;   /* train[0..ntrains-1], ntrains <= DOMINO_MAX_TRAINS */
	int ntrains, own;
	int cars;                     /* cars laid this turn */
	uint64_t laid;                /* bit k: train k has had its car this turn */
	bool engine_laid;             /* this turn put down the own engine */
	int highest;                  /* the double the leader's engine must be, or -1 */
	bool one_other;               /* rules: other-trains=one */
};

/* A move: tile laid on train at end (0 or 1; a double engine on the own train
 * without one). hand_index: its place in the hand domino_legal_moves was given. */
struct domino_move {
	struct domino tile;
	int train, end, hand_index;
};

enum domino_refusal {
	DOMINO_OK,
	DOMINO_OWN_FIRST,    /* "a player first adds a car to his own train" */
	DOMINO_OWN_ONCE,     /* one car a turn on the own train */
	DOMINO_ONE_IN_ALL,   /* rules: other-trains=one: the other trains have had their car */
	DOMINO_ONE_EACH,     /* "one and only one car" on each other train: it has had it */
	DOMINO_ENGINE_ONLY,  /* the first turn is the engine alone */
	DOMINO_ENGINE_DOUBLE,/* "in his first turn puts down a double" */
	DOMINO_HIGHEST,      /* "The highest double is played first" */
	DOMINO_NO_MATCH,     /* the tile does not show the end's number */
	DOMINO_SAME_END,     /* end 1 when both ends show one number: end 0 is that place */
};

/* Whether train k may take a car now in turn t, whatever the tile (the
 * rules of domino_legal about where, not what). */
enum domino_refusal domino_placement(const struct domino_turn *t, int k);

/* Whether move m may be made now in turn t, and if not the first rule it breaks. */
enum domino_refusal domino_legal(const struct domino_turn *t, struct domino_move m);

/* Every legal move of the tiles hand[0..nhand-1] in turn t, on train `train`
 * (-1: on any), into out (room for 2 x nhand x trains); their number. Tile by
 * tile in hand order, end 0 before end 1, train by train when train is -1. */
size_t domino_legal_moves(const struct domino_turn *t, const struct domino *hand, size_t nhand,
			  int train, struct domino_move *out);

/* Carry out move m (domino_legal's) in t: the train's end shows the tile's
 * other number (a double keeps it: "Doubles are played in line; there are no
 * spinners"), or the engine goes down. */
void domino_apply(struct domino_turn *t, struct domino_move m);

/* The order of play after the engines (rules: order). */
enum domino_order {
	DOMINO_CLOCKWISE,      /* "play moves clockwise": the leader adds the first car */
	DOMINO_AFTER_LEADER,   /* the seat after the leader adds the first car, the leader last */
};
/* rules.order's value as the word. */
const char *domino_order_name(enum domino_order order);

/* Its named rules (domino_rule_keys) as values, read from a ruleset with the
 * pack's `rules:` and --rule applied (domino_rules_from): what the engine and
 * check read, never a key by its name. */
struct domino_rules {
	long target;          /* the points that win the game; 0: one hand */
	bool blocked_fewest;  /* a blocked hand: the fewest tiles scores (else a new hand) */
	bool one_other;       /* at most one car in all on the other trains (else one on each) */
	enum domino_order order;
};
struct ruleset;
void domino_rules_from(const struct ruleset *rs, struct domino_rules *out);
/* The seat that adds the first car once the engines are down, lead the seat of
 * the highest double. */
int domino_first_car(int lead, int players, enum domino_order order);

/* A hand that ends blocked under rules: blocked=fewest: the seat with the
 * fewest tiles left (left[0..players-1]) scores, the first from seat 1 on a tie. */
int domino_fewest(const int *left, int players);
/* What the seat that ends a hand scores: "5 points for each tile left in the
 * hands of the other players". */
long domino_hand_points(const int *left, int players, int winner);

/* The first turn (seeds/002, "The Play"): hands[p][0..nhand[p]-1] per seat.
 * *lead gets the seat holding the highest double and *high that double's
 * number (-1 when nobody holds one); returns the first seat, from the leader
 * clockwise, that cannot put down its engine (domino_legal), or -1 when every
 * seat can. */
int domino_first_turn(const struct domino *const *hands, const size_t *nhand, int players,
		      int *lead, int *high);

/* The named rules of domino Trains (ruleset.h), NULL-key terminated. */
extern const struct ruleset_key domino_rule_keys[];

/* Its name, the `game:` of its packs. */
#define DOMINO_GAME "domino-trains"

/* ---- domino Trains as a plug-in: its parts, registered by domino_game.c ---- */
struct game;
struct game_rules;
struct ydoc;
struct kit_build_game;
struct kit_list_game;
struct gsim_engine;
/* Read the pack's `rules:` (NULL: none) into out (domino_rules.c): the named rules,
 * every unknown key reported through r. */
void domino_rules_load(struct yread *r, const struct ynode *rules, struct game_rules *out);
/* Its pack-level check (kit_games.h says what it is). */
struct kit;
int domino_check_pack(const struct kit *d, const struct game_rules *rules, bool notes);
/* railyard check (domino_check.c) and its options (opt.h; the game's options[GAME_CHECK]). */
int domino_check(const struct game *game, const struct ydoc *pack, int argc, char **argv);
struct opt_table;
extern const struct opt_table domino_check_options;
/* What it adds to the deck build and list (domino_build.c, domino_list.c). */
extern const struct kit_build_game domino_build_items;
extern const struct kit_list_game domino_list_items;
/* Its engine for simulate and tune (domino_sim.c). */
extern const struct gsim_engine gsim_domino;

#endif
