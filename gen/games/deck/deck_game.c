/* deck_game.c: `game: deck`, any card game (deck.h), as one entry of
 * games.c's table: a rules reader that refuses `rules:`, its check
 * (deck_check.c), what it adds to the kit's build and list (deck_build.c,
 * deck_list.c), the commands the kit's games share and the starter of
 * `railyard new` (deck_new.c). */
#include "deck.h"
#include "game.h"
#include "kit_build.h"
#include "kit_games.h"
#include "kit_list.h"
#include "yread.h"

static void deck_rules(struct yread *r, const struct ynode *rules, struct game_rules *out)
{
	ruleset_init(&out->set, DECK_GAME, NULL);
	if (rules && rules->kind == Y_MAP && rules->n)
		yr_error(r, rules->pairs[0].key, "game: deck has no rules engine, so its packs have no "
			 "'rules:' (a deck is printed and its structure checked; its rules are yours)");
}

/* Printed and checked for its structure; no rules, so no engine, no tune
 * and no `--rule` keys: simulate and tune refuse its packs (main.c). Its
 * starter's cards are a CSV's rows (deck_new.c), not a shipped pack. */
const struct game deck_game = {
	.name = DECK_GAME,
	.load_rules = deck_rules,
	.run = {[GAME_LIST] = kit_list, [GAME_CHECK] = deck_check, [GAME_BUILD] = kit_build,
		[GAME_DUMP] = kit_list_dump},
	.options = {[GAME_LIST] = &kit_list_options, [GAME_CHECK] = &deck_check_options, [GAME_BUILD] = &kit_build_options,
		    [GAME_DUMP] = &kit_list_options},
	.build = &deck_build_items,
	.list = &deck_list_items,
	.starter = {NULL, "name", NULL, 0, true, NULL},
};
