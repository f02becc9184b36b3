/* domino.h: domino Trains (seeds/002): double-N sets, the derived hand sizes, and
 * whether a set of tiles can be laid as one single train. Pure: no I/O. */
#ifndef RAILYARD_DOMINO_H
#define RAILYARD_DOMINO_H

#include <stdbool.h>
#include <stddef.h>

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

/* Lay tile on t: it must show a number of one end, which then shows the tile's
 * other number (a double keeps it: "Doubles are played in line; there are no
 * spinners"). false when it matches neither end. */
bool domino_lay(struct domino_train *t, struct domino tile);

/* The first turn (seeds/002, "The Play"): hands[p][0..nhand[p]-1] per seat.
 * *lead gets the seat holding the highest double (-1 when nobody holds one);
 * returns the first seat, from the leader clockwise, with no double to put
 * down as its engine, or -1 when every seat has one. */
int domino_first_turn(const struct domino *const *hands, const size_t *nhand, int players,
		      int *lead);

/* The named rules of domino Trains (ruleset.h), NULL-key terminated. */
extern const struct ruleset_key domino_rule_keys[];

#endif
