/* test_game.c: the game table (gen/games/game.c), each game's `rules:` reader
 * (train52_rules.c, toy_rules.c, none for take and domino) and kit_games_load, which
 * reads a deck pack with its rules (gen/kit/kit_games.c), called directly. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "kit.h"
#include "diag.h"
#include "game.h"
#include "games.h"
#include "gsim.h"
#include "toy.h"
#include "train52.h"
#include "kit_games.h"
#include "opt.h"
#include "util.h"
#include "ytree.h"

static char *said;
static size_t said_len;
static FILE *said_stream;

static void capture(void)
{
	free(said);
	said = NULL;
	said_stream = open_memstream(&said, &said_len);
	diag_set_stream(said_stream);
	diag_set_excerpts(0);
}

static void release(void)
{
	fclose(said_stream);
	diag_set_stream(stderr);
	diag_set_excerpts(1);
	diag_reset();
}

static const char train52_pack[] =
	"pack: t52\n"
	"game: train-52\n"
	"cards:\n"
	"  - name: card\n"
	"    product:\n"
	"      suit: [hearts, spades]\n"
	"      rank: [A, 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K]\n"
	"deal: {hands: [{players: 2-4, cards: 5}]}\n"
	"rules:\n"
	"%s";

/* Load a train-52 pack whose rules: block is rules, through kit_games_load, the
 * parsed tree handed over as main hands a command its pack. */
static struct kit *load_t52(const char *rules, struct game_rules *out)
{
	char *text = xasprintf(train52_pack, rules);
	struct ydoc *doc = ydoc_parse("t52.yaml", text, strlen(text));
	free(text);
	assert_non_null(doc);
	const struct game *g = game_of(doc);
	assert_non_null(g);
	assert_string_equal(g->name, "train-52");
	capture();
	struct kit *d = kit_games_load(g, doc, "t52.yaml", NULL, out);
	release();
	ydoc_free(doc);   /* the deck keeps its own copy */
	return d;
}

static void test_table(void **state)
{
	(void)state;
	const char *names[] = {"trains", "take-the-train", "domino-trains", "train-52", "toy-train"};
	for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
		const struct game *g = game_find(names[i]);
		assert_non_null(g);
		assert_string_equal(g->name, names[i]);
		for (int c = 0; c < GAME_NCMDS; c++)
			if (c != GAME_SIMULATE)
				assert_non_null(g->run[c]);
		/* trains reads its rules in trains_rules.c; every other game through its entry */
		assert_true(!g->load_rules == !strcmp(names[i], "trains"));
	}
	assert_non_null(game_find("trains")->run[GAME_SIMULATE]);
	assert_null(game_find("chess"));
}

/* Every game names the option table of each command it runs, and only of
 * those (main reads options[] for --complete and the did-you-mean instead of
 * running the command): each the table of that command (its usage names it;
 * dump of a deck game is list --dump, list's table). */
static void test_options(void **state)
{
	(void)state;
	static const char *const cmds[GAME_NCMDS] = {[GAME_LIST] = "list", [GAME_CHECK] = "check",
		[GAME_BUILD] = "build", [GAME_SIMULATE] = "simulate", [GAME_DUMP] = "dump", [GAME_TUNE] = "tune"};
	const struct game *g;
	size_t n = 0;
	for (; (g = game_at(n)); n++)
		for (int k = 0; k < GAME_NCMDS; k++) {
			const struct opt_table *t = g->options[k];
			if (g->run[k] && !t)
				fail_msg("game %s runs %s but has no options[] table for it", g->name, cmds[k]);
			if (!g->run[k] && t)
				fail_msg("game %s has an options[] table for %s, which it does not run", g->name, cmds[k]);
			if (t && strcmp(t->cmd, cmds[k]) != 0 && !(k == GAME_DUMP && strcmp(t->cmd, "list") == 0))
				fail_msg("game %s: options[] of %s is the table of %s", g->name, cmds[k], t->cmd);
		}
	assert_true(n > 1);   /* trains and the deck games */
}

/* Every game with an engine plays through steps (gsim.h: one calling
 * convention): simulate's and tune's --policy mcts rely on it and no longer
 * check it at run time. */
static void test_engines_have_steps(void **state)
{
	(void)state;
	const struct game *g;
	for (size_t i = 0; (g = game_at(i)); i++)
		if (g->engine && !g->engine->steps)
			fail_msg("game %s: its engine has no steps", g->name);
}

static void test_game_of(void **state)
{
	(void)state;
	const char *text = "pack: x\ngame: take-the-train\n";
	struct ydoc *doc = ydoc_parse("g.yaml", text, strlen(text));
	assert_string_equal(game_of(doc)->name, "take-the-train");
	ydoc_free(doc);
	/* no game (or not a name): trains, whose loader says what is wrong */
	text = "pack: x\ncensus: 5\n";
	doc = ydoc_parse("g.yaml", text, strlen(text));
	assert_string_equal(game_of(doc)->name, "trains");
	ydoc_free(doc);
	text = "pack: x\ngame: chess\n";
	doc = ydoc_parse("g.yaml", text, strlen(text));
	capture();
	assert_null(game_of(doc));
	release();
	ydoc_free(doc);
	assert_non_null(strstr(said, "g.yaml:2:7: error: unknown game 'chess' (known: trains, take-the-train, "
				     "domino-trains, train-52, toy-train, deck)"));
}

/* Run command kind of the pack in text, parsed under the name of a file that
 * does not exist, as main hands a command its pack (game_cmd); its output to
 * /dev/null. The exit status. */
static int run_on_tree(enum game_cmd_kind kind, const char *text)
{
	struct ydoc *doc = ydoc_parse("not-on-disk.yaml", text, strlen(text));
	assert_non_null(doc);
	const struct game *g = game_of(doc);
	assert_non_null(g);
	char cmd[] = "x", pack[] = "not-on-disk.yaml";
	char *argv[] = {cmd, pack, NULL};
	fflush(stdout);
	FILE *saved = stdout;
	stdout = fopen("/dev/null", "w");
	capture();
	int status = g->run[kind](g, doc, 2, argv);
	release();
	fclose(stdout);
	stdout = saved;
	ydoc_free(doc);
	return status;
}

/* A command reads its pack from the tree main parsed, not from the file
 * (issue 33: the pack passed in the command's signature): every game's list
 * and check of a pack that is not on disk. */
static void test_command_takes_tree(void **state)
{
	(void)state;
	char *text = xasprintf(train52_pack, "  piles: [4, 3, 2, 1]\n");
	assert_int_equal(run_on_tree(GAME_LIST, text), EXIT_OK);
	assert_int_equal(run_on_tree(GAME_DUMP, text), EXIT_OK);
	free(text);
	const char *packs[] = {"packs/pattern-one-census-seven.yaml", "packs/domino-double-six.yaml"};
	for (size_t i = 0; i < sizeof packs / sizeof *packs; i++) {
		size_t len;
		char *t = read_file(packs[i], 1u << 20, &len);
		assert_non_null(t);
		assert_int_equal(run_on_tree(GAME_LIST, t), EXIT_OK);
		assert_int_equal(run_on_tree(GAME_CHECK, t), EXIT_OK);
		free(t);
	}
}

static void test_t52_piles(void **state)
{
	(void)state;
	struct game_rules r;
	struct kit *d = load_t52("  piles: [4, 3, 2, 1]\n", &r);
	assert_non_null(d);
	assert_int_equal(TRAIN52_OWN(&r)->nrounds, 4);
	assert_int_equal(TRAIN52_OWN(&r)->piles[0], 4);
	assert_int_equal(TRAIN52_OWN(&r)->piles[3], 1);
	assert_int_equal(TRAIN52_OWN(&r)->loc_piles.line, 10);
	kit_free(d);

	/* beyond the limit, and a misspelt key: both located, nothing loaded */
	assert_null(load_t52("  piles: [4, 3, 200, 1]\n  pilez: 3\n", &r));
	assert_non_null(strstr(said, "t52.yaml:10:17: error: 'piles' must be 1..13, not 200\n"));
	assert_non_null(strstr(said, "t52.yaml:11:3: error: unknown key 'pilez' in 'rules' of train-52 "
				     "(did you mean 'piles'?)\n"));
	assert_null(load_t52("  piles: 4\n", &r));
	assert_non_null(strstr(said, "'piles' must be a list, not a whole number"));
	assert_null(load_t52("  piles: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]\n", &r));
	assert_non_null(strstr(said, "'piles' must list 1 to 13 rounds, not 14"));
}

/* --rule states the rules a game reads itself (ruleset_other): Train's piles,
 * over the pack's, a copy of the rules keeping them; a bad list refused whole. */
static void test_rule_piles(void **state)
{
	(void)state;
	struct game_rules r;
	struct kit *d = load_t52("  piles: [4, 3, 2, 1]\n", &r);
	assert_non_null(d);
	assert_int_equal(ruleset_other_from(&r.set, "piles"), RULE_PACK);
	struct game_rules copy = r;   /* the setter finds the rules from their `set` */
	assert_true(ruleset_set(&copy.set, "piles=2,13"));
	assert_int_equal(TRAIN52_OWN(&copy)->nrounds, 2);
	assert_int_equal(TRAIN52_OWN(&copy)->piles[0], 2);
	assert_int_equal(TRAIN52_OWN(&copy)->piles[1], 13);
	assert_int_equal(ruleset_other_from(&copy.set, "piles"), RULE_COMMAND_LINE);
	assert_int_equal(TRAIN52_OWN(&r)->nrounds, 4);
	capture();
	assert_false(ruleset_set(&copy.set, "piles=2,,1"));
	assert_false(ruleset_set(&copy.set, "piles=14"));
	assert_false(ruleset_set(&copy.set, "piles=1,1,1,1,1,1,1,1,1,1,1,1,1,1"));
	assert_false(ruleset_set(&copy.set, "piles="));
	fflush(said_stream);
	assert_non_null(strstr(said, "--rule piles=14: 'piles' must be 1 to 13 numbers 1..13"));
	release();
	assert_int_equal(TRAIN52_OWN(&copy)->nrounds, 2);   /* unchanged by the refused ones */
	kit_free(d);
}

static struct yread reader;

static const struct ynode *rules_of(struct ydoc **doc, const char *text)
{
	*doc = ydoc_parse("r.yaml", text, strlen(text));
	assert_non_null(*doc);
	reader = (struct yread){0};
	return ymap_get((*doc)->root, "rules");
}

static void test_toy_rules(void **state)
{
	(void)state;
	struct ydoc *doc;
	struct toy_pack_rules t;
	struct game_rules g;
	const struct game *toy = game_find("toy-train");
	toy_pack_rules_load(&reader, NULL, &t);
	assert_int_equal(t.min_letters, 4);
	assert_null(t.words);
	const struct ynode *r = rules_of(&doc, "rules: {words: w.txt, min-letters: 5}\n");
	toy->load_rules(&reader, r, &g);
	assert_int_equal(reader.errors, 0);
	assert_string_equal(TOY_OWN(&g)->words, "w.txt");
	assert_int_equal(TOY_OWN(&g)->min_letters, 5);
	assert_string_equal(ruleset_get(&g.set, "letter-mix"), "pack");
	assert_string_equal(ruleset_get(&g.set, "broken-every"), "0");
	assert_int_equal(g.set.from[0], RULE_DEFAULT);
	ydoc_free(doc);
	r = rules_of(&doc, "rules: {letter-mix: even, broken-every: 7}\n");
	toy->load_rules(&reader, r, &g);
	assert_int_equal(reader.errors, 0);
	assert_string_equal(ruleset_get(&g.set, "letter-mix"), "even");
	assert_string_equal(ruleset_get(&g.set, "broken-every"), "7");
	assert_int_equal(g.set.from[1], RULE_PACK);
	assert_int_equal(g.set.loc[1].col, 41);   /* 1-based, as diagnostics */
	/* --rule overrides the pack for one run */
	const char *over[] = {"broken-every=3"};
	assert_true(ruleset_set_all(&g.set, over, 1));
	assert_string_equal(ruleset_get(&g.set, "broken-every"), "3");
	assert_int_equal(g.set.from[1], RULE_COMMAND_LINE);
	ydoc_free(doc);
	r = rules_of(&doc, "rules: {letter-mix: random, broken-every: -1}\n");
	capture();
	toy->load_rules(&reader, r, &g);
	release();
	assert_int_equal(reader.errors, 2);
	assert_non_null(strstr(said, "'letter-mix' must be pack, frequency or even, not 'random'"));
	assert_non_null(strstr(said, "'broken-every' must be 0..1000, not -1"));
	ydoc_free(doc);
	r = rules_of(&doc, "rules:\n  min-letters: 0\n  word: w.txt\n");
	capture();
	toy->load_rules(&reader, r, &g);
	release();
	assert_int_equal(reader.errors, 2);
	assert_int_equal(TOY_OWN(&g)->min_letters, 4);
	assert_non_null(strstr(said, "r.yaml:2:16: error: 'min-letters' must be 1..100, not 0\n"));
	assert_non_null(strstr(said, "r.yaml:3:3: error: unknown key 'word' in 'rules' of toy-train "
				     "(did you mean 'words'?)\n"));
	ydoc_free(doc);
	/* an unknown --rule: "did you mean" too */
	const char *bad[] = {"leter-mix=even"};
	capture();
	assert_false(ruleset_set_all(&g.set, bad, 1));
	release();
	assert_non_null(strstr(said, "--rule leter-mix=even: 'leter-mix' is not a rule of toy-train "
				     "(did you mean 'letter-mix'?)"));
}

static void test_no_rules(void **state)
{
	(void)state;
	struct ydoc *doc;
	struct game_rules out;
	const struct ynode *r = rules_of(&doc, "rules: {reshuffle: true, jokers: 2}\n");
	capture();
	game_find("domino-trains")->load_rules(&reader, r, &out);
	release();
	assert_int_equal(reader.errors, 2);
	assert_non_null(strstr(said, "r.yaml:1:9: error: unknown key 'reshuffle' in 'rules'"));
	assert_non_null(strstr(said, "r.yaml:1:26: error: unknown key 'jokers' in 'rules'"));
	ydoc_free(doc);
}

/* The shipped packs load through their game's entry, with their rules. */
static void test_shipped_packs(void **state)
{
	(void)state;
	const char *packs[] = {"packs/train-52.yaml", "packs/toy-train.yaml", "packs/take-the-train.yaml",
			       "packs/domino-double-six.yaml"};
	for (size_t i = 0; i < sizeof packs / sizeof *packs; i++) {
		struct ydoc *doc = ydoc_load(packs[i]);
		assert_non_null(doc);
		const struct game *g = game_of(doc);
		assert_non_null(g);
		struct game_rules r;
		struct kit *d = kit_games_load(g, doc, packs[i], NULL, &r);
		assert_non_null(d);
		assert_string_equal(d->game, g->name);
		if (!strcmp(g->name, "train-52"))
			assert_int_equal(TRAIN52_OWN(&r)->nrounds, 4);
		if (!strcmp(g->name, "toy-train"))
			assert_int_equal(TOY_OWN(&r)->min_letters, 4);
		kit_free(d);
		ydoc_free(doc);
		diag_reset();
	}
}

static void test_words(void **state)
{
	(void)state;
	size_t n;
	char **v = kit_games_words(" tone, TONE\tnote ,,", &n);
	assert_int_equal(n, 3);
	assert_string_equal(v[0], "tone");
	assert_string_equal(v[1], "TONE");
	assert_string_equal(v[2], "note");
	kit_games_words_free(v, n);
	v = kit_games_words(" , ", &n);
	assert_int_equal(n, 0);
	kit_games_words_free(v, n);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_table),
		cmocka_unit_test(test_options),
		cmocka_unit_test(test_engines_have_steps),
		cmocka_unit_test(test_game_of),
		cmocka_unit_test(test_command_takes_tree),
		cmocka_unit_test(test_t52_piles),
		cmocka_unit_test(test_rule_piles),
		cmocka_unit_test(test_toy_rules),
		cmocka_unit_test(test_no_rules),
		cmocka_unit_test(test_shipped_packs),
		cmocka_unit_test(test_words),
	};
	int rc = cmocka_run_group_tests(tests, NULL, NULL);
	free(said);
	return rc;
}
