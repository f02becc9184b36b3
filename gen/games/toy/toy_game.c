/* toy_game.c: Toy Train as one entry of game.c's table: its rules reader
 * (toy_rules.c), check (toy_check.c), what it adds to the deck build and list
 * (toy_build.c, toy_list.c), its engine (toy_sim.c), the commands every deck
 * game shares, its `--rule` keys and the starter of `railyard new`. */
#include "kit_games.h"
#include "game.h"
#include "toy.h"
#include "tune.h"

const struct game toy_game = {
	.name = TOY_GAME,
	.load_rules = toy_rules_load,
	.run = KIT_GAME_CMDS(toy_check),
	.options = KIT_GAME_OPTIONS(toy_check_options),
	.build = &toy_build_items,
	.list = &toy_list_items,
	.engine = &gsim_toy,
	.sim = &kit_sim_side,
	.tune = &kit_tune_engine,
	.rule_keys = toy_rule_keys,
	.rule_others = toy_rule_others,
	.starter = {"toy-train.yaml", "name", "1 Locomotive", 2, false, "--word TONE"},
};
