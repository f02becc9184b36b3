/* take_game.c: Take the Train as one entry of game.c's table: its rules reader
 * (take_rules.c), check (take_check.c), what it adds to the deck build and list
 * (take_build.c, take_list.c), its engine (take_sim.c), the commands every deck
 * game shares, its `--rule` keys and the starter of `railyard new`. */
#include "kit_games.h"
#include "game.h"
#include "take.h"
#include "tune.h"

const struct game take_game = {
	.name = TAKE_GAME,
	.load_rules = take_rules_load,
	.run = KIT_GAME_CMDS(take_check),
	.options = KIT_GAME_OPTIONS(take_check_options),
	.build = &take_build_items,
	.list = &take_list_items,
	.engine = &gsim_take,
	.sim = &kit_sim_side,
	.tune = &kit_tune_engine,
	.rule_keys = take_rule_keys,
	.starter = {"take-the-train.yaml", "name", "blue 1", 4, false, "--line \"B6 BS\" --hand \"B3 G4\""},
};
