/* deck_list.c: what a deck (game: deck) adds to `railyard list` (kit_list.h):
 * every card and its copies. */
#include <stdio.h>

#include "deck.h"
#include "kit_list.h"

/* list: every card, one a line: its copies and its name. */
static void list_cards(const struct kit *d, const struct game_rules *rules)
{
	(void)rules;
	printf("\ncards, one a line (copies, name):\n");
	for (size_t i = 0; i < d->nitems; i++)
		printf("  %4ld  %s\n", d->items[i].count, d->items[i].name);
}

const struct kit_list_game deck_list_items = {.components = list_cards};
