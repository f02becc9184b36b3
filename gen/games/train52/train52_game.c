/* train52_game.c: Train (52 cards) as one entry of game.c's table: its rules reader
 * (train52_rules.c), check (train52_check.c), what it adds to the deck build and list
 * (train52_build.c, train52_list.c), its engine (train52_sim.c), the commands every deck
 * game shares, its `--rule` keys and the starter of `railyard new`. */
#include "kit_games.h"
#include "game.h"
#include "train52.h"
#include "tune.h"

const struct game train52_game = {
	.name = TRAIN52_GAME,
	.load_rules = train52_rules_load,
	.run = KIT_GAME_CMDS(train52_check),
	.options = KIT_GAME_OPTIONS(train52_check_options),
	.build = &train52_build_items,
	.list = &train52_list_items,
	.engine = &gsim_train52,
	.sim = &kit_sim_side,
	.tune = &kit_tune_engine,
	.rule_keys = train52_rule_keys,
	.rule_others = train52_rule_others,
	.starter = {"train-52.yaml", "name", "hearts 7", 4, false, "--top 10 --play \"J 4 4 J\""},
};
