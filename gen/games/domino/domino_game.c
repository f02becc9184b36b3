/* domino_game.c: domino Trains as one entry of game.c's table: its rules reader
 * (domino_rules.c), check (domino_check.c), what it adds to the deck build and list
 * (domino_build.c, domino_list.c), its engine (domino_sim.c), the commands every deck
 * game shares, its `--rule` keys and the starter of `railyard new`. */
#include "kit_games.h"
#include "game.h"
#include "domino.h"
#include "tune.h"

const struct game domino_game = {
	.name = DOMINO_GAME,
	.load_rules = domino_rules_load,
	.run = KIT_GAME_CMDS(domino_check),
	.options = KIT_GAME_OPTIONS(domino_check_options),
	.build = &domino_build_items,
	.list = &domino_list_items,
	.engine = &gsim_domino,
	.sim = &kit_sim_side,
	.tune = &kit_tune_engine,
	.rule_keys = domino_rule_keys,
	.starter = {"domino-double-six.yaml", "name", "6-6", 4, true, "--tiles \"0-0 0-1 1-1\""},
};
