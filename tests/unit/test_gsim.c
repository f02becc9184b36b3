/* The other games' engines: every Take the Train play the engine makes is one
 * take_check_play (the checker) accepts; a game is the same whichever worker
 * plays it; the engines refuse rules they do not know. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "kit.h"
#include "domino.h"
#include "game.h"
#include "games.h"
#include "kit_games.h"
#include "gplay.h"
#include "gsim.h"
#include "stats.h"
#include "take.h"
#include "train52.h"
#include "trains_rules.h"
#include "trains_sim.h"

static struct game_rules pack_rules;

/* Load a shipped pack as its game does, with the optional groups in `with`. */
static struct kit *load(const char *path, char **with, size_t nwith)
{
	struct names_select sel = {0};
	for (size_t i = 0; i < nwith; i++)
		sel.with[sel.nwith++] = with[i];
	struct kit *probe = kit_load(path, NULL, 0, NULL, 0);
	assert_non_null(probe);
	const struct game *g = game_find(probe->game);
	assert_non_null(g);
	kit_free(probe);
	struct kit *d = kit_games_load(g, NULL, path, &sel, &pack_rules);
	assert_non_null(d);
	return d;
}

/* Play `games` games of d with the engine, each seat `pol`; returns the
 * scratch-reported refusals (Take the Train) and fills wins. */
static long play_series(const struct gsim_engine *e, const struct kit *d, int players,
			enum gsim_policy pol, const char **rules, size_t nrules, int games,
			bool selfcheck, int *wins)
{
	struct game_rules with = pack_rules;
	assert_true(ruleset_set_all(&with.set, rules, nrules));
	struct gsim_params p = {.deck = d, .pack_rules = &with, .players = players, .max_length = 5000};
	for (int i = 0; i < players; i++)
		p.policy[i] = pol;
	char err[256];
	void *setup = e->setup_new(&p, err, sizeof err);
	assert_non_null(setup);
	if (selfcheck && e == &gsim_take)
		gsim_take_selfcheck(setup, true);
	if (selfcheck && e == &gsim_train52)
		gsim_train52_selfcheck(setup, true);
	void *scratch = gsim_scratch_new(e, setup);
	for (int g = 0; g < games; g++) {
		struct gsim_outcome o;
		gsim_play(e, setup, scratch, 7, (uint64_t)g, &o);
		if (wins)
			wins[g] = o.winner * 100000 + o.length;
	}
	long refused = !selfcheck ? 0 : e == &gsim_take ? gsim_take_refused(setup)
					       : gsim_train52_refused(setup);
	gsim_scratch_free(e, scratch);
	e->setup_free(setup);
	return refused;
}

static void test_take_plays_are_legal(void **state)
{
	(void)state;
	static char tr[] = "transfer";
	char *with[] = {tr};
	for (int t = 0; t < 2; t++) {
		struct kit *d = load("packs/take-the-train.yaml", with, (size_t)t);
		for (int pol = 0; pol < 2; pol++)
			for (int players = 2; players <= 7; players += 5)
				assert_int_equal(play_series(&gsim_take, d, players, (enum gsim_policy)pol, NULL,
							     0, 300, true, NULL), 0);
		kit_free(d);
	}
}

/* Transfers whose branch stopped short of its longest run, in `games` games
 * of policy pol (the engine's selfcheck counts them). */
static long short_branches(const struct kit *d, enum gsim_policy pol, int games)
{
	struct gsim_params p = {.deck = d, .pack_rules = &pack_rules, .players = 4, .max_length = 5000};
	for (int i = 0; i < 4; i++)
		p.policy[i] = pol;
	char err[256];
	void *setup = gsim_take.setup_new(&p, err, sizeof err);
	assert_non_null(setup);
	gsim_take_selfcheck(setup, true);
	void *scratch = gsim_scratch_new(&gsim_take, setup);
	for (int g = 0; g < games; g++) {
		struct gsim_outcome o;
		gsim_play(&gsim_take, setup, scratch, 7, (uint64_t)g, &o);
	}
	long n = gsim_take_short_branches(setup);
	assert_int_equal(gsim_take_refused(setup), 0);
	gsim_scratch_free(&gsim_take, scratch);
	gsim_take.setup_free(setup);
	return n;
}

/* railyard(1), POLICIES: random plays any legal play, a Transfer's branch
 * included (the Transfer and its card alone, or any run beyond); greedy always
 * lays the branch's longest run. */
static void test_take_random_transfer_branch(void **state)
{
	(void)state;
	static char tr[] = "transfer";
	char *with[] = {tr};
	struct kit *d = load("packs/take-the-train.yaml", with, 1);
	assert_true(short_branches(d, GSIM_RANDOM, 400) > 0);
	assert_int_equal(short_branches(d, GSIM_GREEDY, 400), 0);
	kit_free(d);
}

/* Every act of the Train engine is one train52_check_play accepts, under each reading. */
static void test_train52_plays_are_legal(void **state)
{
	(void)state;
	struct kit *d = load("packs/train-52.yaml", NULL, 0);
	const char *readings[][2] = {{"order=random", "ace=piles"}, {"reopen=second-ace", "face-cards=step"},
				     {"ace=low", "order=rotation"}};
	for (int r = 0; r < 3; r++)
		for (int pol = 0; pol < 2; pol++)
			assert_int_equal(play_series(&gsim_train52, d, 4, (enum gsim_policy)pol, readings[r], 2,
						     pol ? 200 : 40, true, NULL), 0);
	kit_free(d);
}

/* Game g of a series is the same game on a fresh worker or after others. */
static void test_same_game_any_worker(void **state)
{
	(void)state;
	const char *packs[] = {"packs/take-the-train.yaml", "packs/domino-double-nine.yaml",
			       "packs/train-52.yaml"};
	const struct gsim_engine *engines[] = {&gsim_take, &gsim_domino, &gsim_train52};
	for (int i = 0; i < 3; i++) {
		struct kit *d = load(packs[i], NULL, 0);
		int a[40], b[40];
		play_series(engines[i], d, 4, GSIM_GREEDY, NULL, 0, 40, false, a);
		play_series(engines[i], d, 4, GSIM_GREEDY, NULL, 0, 40, false, b);
		assert_memory_equal(a, b, sizeof a);
		kit_free(d);
	}
}

/* The engine reads the named rules; a rule that is not one, or not one of
 * its values, never gets there (ruleset_set_all says so). */
static void test_unknown_rules(void **state)
{
	(void)state;
	struct kit *d = load("packs/train-52.yaml", NULL, 0);
	const char *bad[] = {"order=sideways"};
	struct game_rules r = pack_rules;
	diag_set_quiet(1);
	assert_false(ruleset_set_all(&r.set, bad, 1));
	diag_set_quiet(0);
	const char *good[] = {"order=rotation", "reopen=second-ace", "face-cards=step", "wrecks=0"};
	assert_true(ruleset_set_all(&r.set, good, 4));
	struct gsim_params p = {.deck = d, .pack_rules = &r, .players = 4, .max_length = 100};
	char err[256];
	void *s = gsim_train52.setup_new(&p, err, sizeof err);
	assert_non_null(s);
	struct buf b = {0};
	gsim_train52.rules_text(s, &b);
	assert_non_null(strstr(b.s, "order=rotation wrecks=0 face-cards=step ace=piles reopen=second-ace"));
	buf_free(&b);
	gsim_train52.setup_free(s);
	kit_free(d);
}

/* The core game through the table's engine: the same games, the same totals
 * as sim_play played directly (the path of simulate's trains report),
 * and every game that simulates has its engine in the table (deck, any card
 * game, has no rules: no engine, no simulate). */
static void test_trains_engine(void **state)
{
	(void)state;
	const struct gsim_engine *e = game_find("trains")->engine;
	assert_non_null(e);
	for (size_t i = 0; game_at(i); i++)
		assert_true(!game_at(i)->run[GAME_SIMULATE] == !game_at(i)->engine);
	struct pack *pk = pack_load("packs/pattern-two-census-seven.yaml");
	assert_non_null(pk);
	struct gsim_params p = {.pack = pk, .players = 3, .max_length = 1000,
				.policy = {GSIM_GREEDY, GSIM_GREEDY, GSIM_GREEDY}};
	char err[256];
	void *setup = e->setup_new(&p, err, sizeof err);
	assert_non_null(setup);
	void *scratch = gsim_scratch_new(e, setup);
	struct gsim_counts t;
	gsim_counts_init(&t, 1000);
	gsim_play_range(e, setup, scratch, 1, 0, 300, &t);
	gsim_scratch_free(e, scratch);
	e->setup_free(setup);

	struct sim_rules r;
	sim_rules_from_pack(pk, &r);
	enum sim_policy pol[3] = {POLICY_GREEDY, POLICY_GREEDY, POLICY_GREEDY};
	struct sim_setup *ss = sim_setup_new(pk, 3, pk->cards, &r, pol, err, sizeof err);
	assert_non_null(ss);
	struct sim_stats st;
	sim_stats_init(&st, ss);
	struct sim_worker *w = sim_worker_new(ss);
	for (uint64_t g = 0; g < 300; g++)
		sim_play(w, 1, g, &st);
	assert_int_equal(t.games, st.games);
	assert_int_equal(t.completed, st.completed);
	assert_int_equal(t.stalled, st.stalled);
	assert_memory_equal(t.wins, st.wins, 3 * sizeof *t.wins);
	assert_memory_equal(t.ended, st.length, 1001 * sizeof *t.ended);
	struct stats_counts c;
	gsim_stats_counts(e, &t, 3, &c);
	assert_false(c.ties);
	sim_worker_free(w);
	sim_stats_free(&st);
	sim_setup_free(ss);
	gsim_counts_free(&t);
	pack_free(pk);
}

/* gsim_redeal_u8: every copy of every id once (none past cap), and the same
 * deal from the same stream whatever the counts' ids lay like before. */
static void test_redeal(void **state)
{
	(void)state;
	const int count[5] = {2, 0, 1, 3, 1};
	uint8_t pool[16], again[16];
	struct rng r, r2;
	rng_seed(&r, 7, 1);
	rng_seed(&r2, 7, 1);
	assert_int_equal(gsim_redeal_u8(count, 5, pool, sizeof pool, &r), 7);
	int seen[5] = {0};
	for (int i = 0; i < 7; i++) {
		assert_true(pool[i] < 5);
		seen[pool[i]]++;
	}
	assert_memory_equal(seen, count, sizeof seen);
	memset(again, 9, sizeof again);
	assert_int_equal(gsim_redeal_u8(count, 5, again, sizeof again, &r2), 7);
	assert_memory_equal(pool, again, 7);
	assert_int_equal(again[7], 9);
	/* cap: no more than the pool holds */
	memset(again, 9, sizeof again);
	assert_int_equal(gsim_redeal_u8(count, 5, again, 4, &r2), 4);
	assert_int_equal(again[4], 9);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_take_plays_are_legal),
		cmocka_unit_test(test_take_random_transfer_branch),
		cmocka_unit_test(test_train52_plays_are_legal),
		cmocka_unit_test(test_same_game_any_worker),
		cmocka_unit_test(test_unknown_rules),
		cmocka_unit_test(test_trains_engine),
		cmocka_unit_test(test_redeal),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
