/* trains_game.c: Game of Trains, the core game, as one entry of game.c's
 * table: its commands, its engine and simulate side, its tune engine, its
 * `--rule` keys and the starter of `railyard new`. Its `rules:` are part of
 * its pack model (trains_rules.c), so it has no rules reader of its own. */
#include "game.h"
#include "simulate.h"
#include "trains_rules.h"
#include "tune.h"

/* simulate is one command for every game (simulate.c); the core game's entry
 * is its own so that `railyard simulate --help`, which shows each distinct
 * entry's usage once, shows the options of both kinds of pack. */
static int trains_simulate(const struct game *g, const struct ydoc *pack, int argc, char **argv)
{
	return cmd_simulate(g, pack, argc, argv);
}

const struct game trains_game = {
	.name = TRAINS_GAME,
	.run = {[GAME_LIST] = trains_list, [GAME_CHECK] = trains_check, [GAME_BUILD] = trains_build,
		[GAME_SIMULATE] = trains_simulate, [GAME_DUMP] = trains_dump, [GAME_TUNE] = cmd_tune},
	.options = {[GAME_LIST] = &trains_list_options, [GAME_CHECK] = &trains_check_options,
		    [GAME_BUILD] = &trains_build_options, [GAME_SIMULATE] = &trains_simulate_options,
		    [GAME_DUMP] = &trains_dump_options, [GAME_TUNE] = &tune_options},
	.engine = &gsim_trains,
	.sim = &trains_sim_side,
	.tune = &trains_tune_engine,
	.rule_keys = trains_rule_keys,
	.starter = {"pattern-two-census-seven.yaml", "code", "AB", 4, true, "--sequence \"53 7 45 9 50 27 56\""},
};
