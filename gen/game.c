/* game.c: the table of games and the pick of a pack's game. */
#include "game.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "commands.h"
#include "domino.h"
#include "take.h"
#include "trust.h"
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

/* The game's rules whose `set` member rs is (a ruleset_other's setter). */
static struct game_rules *rules_of(struct ruleset *rs)
{
	return (struct game_rules *)(void *)((char *)rs - offsetof(struct game_rules, set));
}

/* --rule piles=4,3,2,1: the piles of each round, as `rules: piles: [4, 3, 2, 1]`. */
static bool set_piles(struct ruleset *rs, const char *kv, const char *value)
{
	struct t52_pack_rules *t = &rules_of(rs)->train52, v = {0};
	for (const char *p = value;; p++) {
		size_t n = strcspn(p, ",");
		char num[16];
		long piles;
		snprintf(num, sizeof num, "%.*s", (int)(n < 15 ? n : 15), p);
		if (v.nrounds == T52_MAX_ROUNDS || n > 15 || parse_int(num, 1, T52_MAX_PILES, &piles) != 0) {
			diag(SEV_ERROR, NULL, "--rule %s: 'piles' must be 1 to %d numbers 1..%d separated by commas "
			     "(the piles of each round, such as 4,3,2,1)", kv, T52_MAX_ROUNDS, T52_MAX_PILES);
			return false;
		}
		v.piles[v.nrounds++] = (int)piles;
		p += n;
		if (!*p)
			break;
	}
	*t = v;
	return true;
}

static const struct ruleset_other t52_other[] = {
	{"piles", "N,N,...", set_piles},
	{NULL, NULL, NULL},
};

/* --rule min-letters=N: the shortest word. */
static bool set_min_letters(struct ruleset *rs, const char *kv, const char *value)
{
	long n;
	if (parse_int(value, 1, 100, &n) != 0) {
		diag(SEV_ERROR, NULL, "--rule %s: 'min-letters' must be a whole number 1..100, not '%s'", kv, value);
		return false;
	}
	struct toy_pack_rules *t = &rules_of(rs)->toy;
	t->min_letters = (int)n;
	t->loc_min = (struct loc){NULL, 0, 0};
	return true;
}

/* --rule words=FILE: the word list, read as the pack's `rules: words` is
 * (a name relative to the pack's folder); an absolute name's folder is
 * allowed as --allow-path allows one, the command line being the user's. */
static bool set_words(struct ruleset *rs, const char *kv, const char *value)
{
	if (!*value) {
		diag(SEV_ERROR, NULL, "--rule %s: 'words' must name a word list file", kv);
		return false;
	}
	if (value[0] == '/') {   /* a folder that is not there: the list's reading says so */
		const char *slash = strrchr(value, '/');
		char *dir = slash == value ? xstrdup("/") : xstrndup(value, (size_t)(slash - value));
		struct stat st;
		if (stat(dir, &st) == 0 && S_ISDIR(st.st_mode))
			trust_allow(dir);
		free(dir);
	}
	struct toy_pack_rules *t = &rules_of(rs)->toy;
	t->words = value;
	t->loc_words = (struct loc){NULL, 0, 0};
	return true;
}

static const struct ruleset_other toy_other[] = {
	{"words", "FILE", set_words},
	{"min-letters", "N", set_min_letters},
	{NULL, NULL, NULL},
};

static void train52_rules(struct yread *r, const struct ynode *rules, struct game_rules *out)
{
	ruleset_init(&out->set, GAME_TRAIN52, t52_rule_keys);
	ruleset_others(&out->set, t52_other);
	ruleset_load(r, rules, &out->set, t52_pack_rule_keys);
	t52_pack_rules_load(r, rules, &out->train52);
	if (out->train52.nrounds)
		ruleset_other_mark(&out->set, "piles", RULE_PACK);
}

static void toy_rules(struct yread *r, const struct ynode *rules, struct game_rules *out)
{
	ruleset_init(&out->set, GAME_TOY, toy_rule_keys);
	ruleset_others(&out->set, toy_other);
	ruleset_load(r, rules, &out->set, toy_pack_rule_keys);
	toy_pack_rules_load(r, rules, &out->toy);
	if (out->toy.words)
		ruleset_other_mark(&out->set, "words", RULE_PACK);
	if (out->toy.loc_min.line)
		ruleset_other_mark(&out->set, "min-letters", RULE_PACK);
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
	/* any card game: printed and checked for its structure; no rules, so no
	 * engine, and simulate and tune refuse its packs (main.c) */
	{GAME_DECK, anydeck_rules,
	 {[GAME_LIST] = deck_list, [GAME_CHECK] = anydeck_check, [GAME_BUILD] = deck_build,
	  [GAME_DUMP] = deck_list_dump}, &anydeck_build_items, &anydeck_list_items, NULL, NULL},
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
	const char *names[sizeof games / sizeof *games + 1];
	for (size_t i = 0; i < sizeof games / sizeof *games; i++) {
		buf_printf(&b, "%s%s", i ? ", " : "", games[i].name);
		names[i] = games[i].name;
	}
	names[sizeof games / sizeof *games] = NULL;
	const char *near = closest_word(n->str, names);
	struct yread r = {0};
	if (near)
		yr_error(&r, n, "unknown game '%s' (did you mean '%s'? known: %s)", n->str, near, b.s);
	else
		yr_error(&r, n, "unknown game '%s' (known: %s)", n->str, b.s);
	buf_free(&b);
	return NULL;
}
