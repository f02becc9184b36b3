/* game.c: the table of games and the pick of a pack's game. */
#include "game.h"

#include <string.h>

#include "commands.h"
#include "domino.h"
#include "take.h"
#include "tune.h"
#include "util.h"

/* Trains' commands read their pack through trains_rules.c, which knows its game: each
 * entry only drops the game argument. */
#define TRAINS_CMD(name, cmd) \
	static int name(const struct game *g, int argc, char **argv) \
	{ \
		(void)g; \
		return cmd(argc, argv); \
	}
TRAINS_CMD(trains_list, cmd_list)
TRAINS_CMD(trains_check, cmd_check)
TRAINS_CMD(trains_build, cmd_build)
TRAINS_CMD(trains_dump, cmd_dump)

/* simulate is one command for every game (simulate.c); the core game's entry
 * is its own so that `railyard simulate --help`, which shows each distinct
 * entry's usage once, shows the options of both kinds of pack. */
static int trains_simulate(const struct game *g, int argc, char **argv)
{
	return cmd_simulate(g, argc, argv);
}

/* Each game's `rules:` reader: its named rules (ruleset.h), which also
 * reports every key the game does not know, then its structured keys. */
static void take_rules(struct yread *r, const struct ynode *rules, struct game_rules *out)
{
	ruleset_init(&out->set, GAME_TAKE, take_rule_keys);
	ruleset_load(r, rules, &out->set, NULL);
}

static void domino_rules(struct yread *r, const struct ynode *rules, struct game_rules *out)
{
	ruleset_init(&out->set, GAME_DOMINO, domino_rule_keys);
	ruleset_load(r, rules, &out->set, NULL);
}

static void train52_rules(struct yread *r, const struct ynode *rules, struct game_rules *out)
{
	ruleset_init(&out->set, GAME_TRAIN52, t52_rule_keys);
	ruleset_load(r, rules, &out->set, t52_pack_rule_keys);
	t52_pack_rules_load(r, rules, &out->train52);
}

static void toy_rules(struct yread *r, const struct ynode *rules, struct game_rules *out)
{
	ruleset_init(&out->set, GAME_TOY, toy_rule_keys);
	ruleset_load(r, rules, &out->set, toy_pack_rule_keys);
	toy_pack_rules_load(r, rules, &out->toy);
}


/* railyard tune: one entry (one usage) for every game; a deck game's variants
 * load through deck.c and play on its engine, the trains' through trains_tune.c. */
static int game_tune(const struct game *g, int argc, char **argv)
{
	return tune_run(strcmp(g->name, "trains") ? &deck_tune_engine : &trains_tune_engine, g, argc, argv);
}

#define OTHER_GAME_CMDS(check) \
	{[GAME_LIST] = deck_list, [GAME_CHECK] = check, [GAME_BUILD] = deck_build, \
	 [GAME_SIMULATE] = cmd_simulate, [GAME_TUNE] = game_tune, \
	 [GAME_DUMP] = deck_list_dump}

static const struct game games[] = {
	{"trains", NULL,
	 {[GAME_LIST] = trains_list, [GAME_CHECK] = trains_check, [GAME_BUILD] = trains_build,
	  [GAME_SIMULATE] = trains_simulate, [GAME_DUMP] = trains_dump, [GAME_TUNE] = game_tune}, NULL, NULL, &gsim_trains, &trains_sim_side},
	{GAME_TAKE, take_rules, OTHER_GAME_CMDS(games_check_take), &take_build_items, &take_list_items, &gsim_take, &deck_sim_side},
	{GAME_DOMINO, domino_rules, OTHER_GAME_CMDS(games_check_domino), &domino_build_items, &domino_list_items, &gsim_domino, &deck_sim_side},
	{GAME_TRAIN52, train52_rules, OTHER_GAME_CMDS(games_check_train52), &train52_build_items, &train52_list_items, &gsim_train52, &deck_sim_side},
	{GAME_TOY, toy_rules, OTHER_GAME_CMDS(games_check_toy), &toytrain_build_items, &toytrain_list_items, &gsim_toy, &deck_sim_side},
};

const struct game *game_find(const char *name)
{
	for (size_t i = 0; i < sizeof games / sizeof *games; i++)
		if (strcmp(games[i].name, name) == 0)
			return &games[i];
	return NULL;
}

const struct game *game_at(size_t i)
{
	return i < sizeof games / sizeof *games ? &games[i] : NULL;
}

const struct game *game_of(const struct ydoc *doc)
{
	const struct ynode *n = doc->root && doc->root->kind == Y_MAP ? ymap_get(doc->root, "game") : NULL;
	/* No game, or not a name: trains, whose loader says what is wrong. */
	if (!n || n->kind != Y_SCALAR)
		return &games[0];
	const struct game *g = game_find(n->str);
	if (g)
		return g;
	struct buf b = {0};
	for (size_t i = 0; i < sizeof games / sizeof *games; i++)
		buf_printf(&b, "%s%s", i ? ", " : "", games[i].name);
	struct yread r = {0};
	yr_error(&r, n, "unknown game '%s' (known: %s)", n->str, b.s);
	buf_free(&b);
	return NULL;
}
