/* kit_list.h: `railyard list` and `railyard dump` for the games whose packs are
 * deck packs (kit.h: Take the Train, domino Trains, Train, Toy Train).
 * kit_list.c prints what every deck has (its components, board and deal
 * table, its named rules); each game's GAME_list.c adds what only that game has
 * (domino's tile ends, Train's rounds and piles, Toy Train's word list) through
 * a struct kit_list_game, a field of its struct game (game.h). */
#ifndef RAILYARD_KIT_LIST_H
#define RAILYARD_KIT_LIST_H

#include "kit.h"
#include "game.h"

/* What a game adds to the deck list; any member may be left NULL. */
struct kit_list_game {
	/* Lines after the components (before the board). */
	void (*components)(const struct kit *d, const struct game_rules *rules);
	/* Lines after the deal table: total is how many are dealt from (cards,
	 * else tiles, else letters). */
	void (*deal)(const struct kit *d, const struct game_rules *rules, long total);
	/* The dump's lines for the game's structured rule keys, after its named rules. */
	void (*dump_rules)(const struct game_rules *rules);
};

#endif
