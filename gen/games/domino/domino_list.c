/* domino_list.c: what domino Trains adds to `railyard list` (kit_list.h): on
 * how many tile ends each number shows. */
#include "kit_list.h"

#include <stdio.h>

#include "domino.h"

static void tile_ends(const struct kit *d, const struct game_rules *rules)
{
	(void)rules;
	const struct kit_group *tiles = NULL;
	for (size_t gi = 0; gi < d->ngroups; gi++)
		if (d->groups[gi].kind == KIT_TILE)
			tiles = &d->groups[gi];
	if (tiles)
		printf("each number shows on %d tile ends (%d tiles, the double counting twice)\n",
		       domino_ends_per_number(tiles->double_n), tiles->double_n + 1);
}

const struct kit_list_game domino_list_items = {.components = tile_ends};
