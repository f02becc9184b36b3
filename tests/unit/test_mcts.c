/* mcts: over every game whose engine has steps (the game table, so a game
 * converted later is covered): every move the search returns is one the
 * steps list at that position, determinizing keeps the deciding seat's moves,
 * and the search reads nothing the seat cannot see (the same choices when
 * only the hidden cards change); on domino Trains it beats greedy clearly. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "kit.h"
#include "diag.h"
#include "game.h"
#include "games.h"
#include "kit_games.h"
#include "gplay.h"
#include "gsim.h"
#include "mcts.h"
#include "simulate.h"
#include "stats.h"

/* A shipped pack of every game (a game missing here fails the tests). */
static const struct {
	const char *game, *path;
} packs[] = {
	{"trains", "packs/pattern-two-census-seven.yaml"}, {"take-the-train", "packs/take-the-train.yaml"},
	{"domino-trains", "packs/domino-double-nine.yaml"}, {"train-52", "packs/train-52.yaml"},
	{"toy-train", "packs/toy-train.yaml"},
};

/* A series of g's shipped pack as simulate loads it, with seats policy and
 * budget (the first count of 4, 3, 2 its deal table plays): se. */
static void series_load(const struct game *g, struct sim_series *se, const enum gsim_policy *policy,
			const int *budget, long max_length)
{
	const char *path = NULL;
	for (size_t i = 0; i < sizeof packs / sizeof *packs; i++)
		if (!strcmp(packs[i].game, g->name))
			path = packs[i].path;
	assert_non_null(path);
	static struct sim_opts o;
	memset(&o, 0, sizeof o);
	o.max_length = max_length;
	diag_set_quiet(1);
	void *pack = g->sim->load_pack(path, NULL, 0, g, &o);
	assert_non_null(pack);
	for (int players = 4; players >= 2; players--) {
		memset(se, 0, sizeof *se);
		se->path = path;
		se->pack = pack;
		se->players = players;
		se->eng = g->engine;
		for (int i = 0; i < players; i++) {
			se->policy[i] = policy[i];
			se->budget[i] = budget[i];
		}
		if (g->sim->load(se, g, &o))
			break;
		g->sim->release(se);
		se->setup = NULL;
	}
	diag_set_quiet(0);
	assert_non_null(se->setup);
}

static void series_release(const struct game *g, struct sim_series *se)
{
	g->sim->release(se);
	g->sim->free_pack(se->pack);
}

static bool listed(uint64_t key, const uint64_t *keys, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (keys[i] == key)
			return true;
	return false;
}

static int key_cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

/* A game's worker: a position, its copy, the moves, the searcher. */
struct table {
	const struct gsim_steps *st;
	const void *setup;
	size_t size;
	void *pos, *copy, *work;
	uint64_t *keys, *keys2, *keys3;
	struct mcts *m;
};

static void table_new(struct table *t, const struct gsim_engine *e, const void *setup, int budget)
{
	t->st = e->steps;
	t->setup = setup;
	t->size = t->st->pos_size(setup);
	t->pos = calloc(1, t->size);
	t->copy = calloc(1, t->size);
	t->work = t->st->work_size ? calloc(1, t->st->work_size(setup)) : NULL;
	t->keys = calloc(t->st->max_moves(setup), sizeof *t->keys);
	t->keys2 = calloc(t->st->max_moves(setup), sizeof *t->keys2);
	t->keys3 = calloc(t->st->max_moves(setup), sizeof *t->keys3);
	t->m = mcts_new(e, setup, budget);
}

static void table_free(struct table *t)
{
	mcts_free(t->m);
	free(t->pos);
	free(t->copy);
	free(t->work);
	free(t->keys);
	free(t->keys2);
	free(t->keys3);
}

/* Every key mcts returns is one of the steps' moves at that position, the
 * position is left as it was, and determinizing for the deciding seat
 * leaves it the same moves (a key names what the seat can see). */
static void test_mcts_moves_are_legal(void **state)
{
	(void)state;
	int tried = 0;
	for (size_t i = 0; game_at(i); i++) {
		const struct game *g = game_at(i);
		if (!g->engine || !g->engine->steps)
			continue;
		tried++;
		enum gsim_policy pol[SIM_MAX_PLAYERS];
		int budget[SIM_MAX_PLAYERS];
		for (int p = 0; p < SIM_MAX_PLAYERS; p++) {
			pol[p] = p == 1 ? GSIM_GREEDY : GSIM_MCTS;
			budget[p] = 8 + 8 * p;
		}
		struct sim_series se;
		series_load(g, &se, pol, budget, 300);
		const struct gsim_seats *seats = g->engine->steps->seats(se.setup);
		struct table t;
		table_new(&t, g->engine, se.setup, 40);
		long searched = 0;
		for (uint64_t game = 0; game < 3; game++) {
			struct rng rng, other;
			rng_seed(&rng, 5, game);
			rng_seed(&other, 6, game);
			struct gsim_outcome o;
			memset(&o, 0, sizeof o);
			t.st->start(t.setup, t.work, t.pos, &rng, &o);
			int seat;
			while ((seat = t.st->turn(t.setup, t.pos)) >= 0) {
				size_t n = t.st->moves(t.setup, t.work, t.pos, t.keys);
				assert_true(n >= 1);
				memcpy(t.copy, t.pos, t.size);
				t.st->determinize(t.setup, t.work, t.copy, seat, &other);
				assert_int_equal(t.st->turn(t.setup, t.copy), seat);
				size_t n2 = t.st->moves(t.setup, t.work, t.copy, t.keys2);
				assert_int_equal(n2, n);
				memcpy(t.keys3, t.keys, n * sizeof *t.keys);
				qsort(t.keys3, n, sizeof *t.keys, key_cmp);
				qsort(t.keys2, n, sizeof *t.keys, key_cmp);
				assert_memory_equal(t.keys3, t.keys2, n * sizeof *t.keys);
				uint64_t key;
				if (seats->policy[seat] == GSIM_MCTS && n > 1) {
					memcpy(t.copy, t.pos, t.size);
					key = mcts_choose(t.m, t.pos, seat, seats->budget[seat], &rng);
					assert_memory_equal(t.copy, t.pos, t.size);
					if (!listed(key, t.keys, n))
						fail_msg("%s: mcts chose key %llx, not one of the %zu moves", g->name,
							 (unsigned long long)key, n);
					searched++;
				} else {
					key = t.keys[t.st->choose(t.setup, t.work, t.pos, seats->policy[seat], t.keys, n, &rng)];
				}
				t.st->apply(t.setup, t.work, t.pos, key, &rng, &o);
			}
		}
		assert_true(searched >= 3);
		table_free(&t);
		series_release(g, &se);
	}
	assert_true(tried >= 1);
}

/* No peeking: at positions some way into a game, the same search from the
 * same stream chooses the same moves whether the cards the seat cannot see
 * are as dealt or dealt again (determinize erases them). */
static void test_mcts_does_not_peek(void **state)
{
	(void)state;
	for (size_t i = 0; game_at(i); i++) {
		const struct game *g = game_at(i);
		if (!g->engine || !g->engine->steps)
			continue;
		enum gsim_policy pol[SIM_MAX_PLAYERS];
		int budget[SIM_MAX_PLAYERS];
		for (int p = 0; p < SIM_MAX_PLAYERS; p++) {
			pol[p] = GSIM_GREEDY;
			budget[p] = 0;
		}
		struct sim_series se;
		series_load(g, &se, pol, budget, 1000);
		struct table t;
		table_new(&t, g->engine, se.setup, 48);
		int compared = 0, differ = 0, hidden = 0;
		for (uint64_t game = 0; game < 4; game++) {
			struct rng rng;
			rng_seed(&rng, 9, game);
			struct gsim_outcome o;
			memset(&o, 0, sizeof o);
			t.st->start(t.setup, t.work, t.pos, &rng, &o);
			int seat, choices = 0;
			/* the greedy game up to its 4th real choice */
			while ((seat = t.st->turn(t.setup, t.pos)) >= 0) {
				size_t n = t.st->moves(t.setup, t.work, t.pos, t.keys);
				if (n > 1 && ++choices == 4)
					break;
				size_t k = t.st->choose(t.setup, t.work, t.pos, GSIM_GREEDY, t.keys, n, &rng);
				t.st->apply(t.setup, t.work, t.pos, t.keys[k], &rng, &o);
			}
			if (seat < 0)
				continue;
			/* the hidden cards dealt again, the seat's view the same */
			struct rng deal;
			rng_seed(&deal, 77, game);
			memcpy(t.copy, t.pos, t.size);
			t.st->determinize(t.setup, t.work, t.copy, seat, &deal);
			hidden += memcmp(t.copy, t.pos, t.size) != 0;
			uint64_t first = 0;
			for (uint64_t s = 0; s < 12; s++) {
				struct rng a, b;
				rng_seed(&a, 1000 + s, game);
				rng_seed(&b, 1000 + s, game);
				uint64_t ka = mcts_choose(t.m, t.pos, seat, 48, &a);
				uint64_t kb = mcts_choose(t.m, t.copy, seat, 48, &b);
				if (ka != kb)
					fail_msg("%s game %llu: the search chose %llx, and %llx once the unseen cards "
						 "changed", g->name, (unsigned long long)game, (unsigned long long)ka,
						 (unsigned long long)kb);
				differ += s && ka != first;
				first = s ? first : ka;
				compared++;
			}
		}
		assert_true(compared >= 24);
		if (!strcmp(g->name, "domino-trains")) {
			assert_true(hidden >= 2);   /* the test changed something */
			assert_true(differ >= 1);   /* and the search is not one fixed answer */
		}
		table_free(&t);
		series_release(g, &se);
	}
}

/* mcts:256 beats greedy clearly at domino Trains, 2 players (a double-six set,
 * 9 tiles a hand: 10 set aside unseen), one hand a game, seats rotated. */
static void test_mcts_beats_greedy(void **state)
{
	(void)state;
	static const char yaml[] = "pack: two\ntitle: two\ngame: domino-trains\n"
				   "tiles:\n  double: 6\n  face: t.yaml\nback: b.yaml\n"
				   "deal:\n  hands:\n    - {players: 2, cards: 9}\n";
	const struct game *g = game_find("domino-trains");
	struct game_rules rules;
	memset(&rules, 0, sizeof rules);
	char dir[] = "/tmp/railyard-mcts.XXXXXX";
	assert_non_null(mkdtemp(dir));
	char path[64];
	snprintf(path, sizeof path, "%s/two.yaml", dir);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(yaml, f);
	assert_int_equal(fclose(f), 0);
	struct kit *d = kit_games_load(g, NULL, path, NULL, &rules);
	unlink(path);
	rmdir(dir);
	assert_non_null(d);
	const char *one_hand[] = {"target=0"};
	assert_true(ruleset_set_all(&rules.set, one_hand, 1));
	const struct gsim_engine *e = g->engine;
	long wins = 0, decided = 0, games = 60;
	for (int mseat = 0; mseat < 2; mseat++) {
		struct gsim_params p = {.deck = d, .pack_rules = &rules, .players = 2, .max_length = 5000};
		p.policy[mseat] = GSIM_MCTS;
		p.budget[mseat] = 256;
		p.policy[!mseat] = GSIM_GREEDY;
		char err[256];
		void *setup = e->setup_new(&p, err, sizeof err);
		assert_non_null(setup);
		void *scratch = gsim_scratch_new(e, setup);
		for (long game = 0; game < games; game++) {
			struct gsim_outcome o;
			gsim_play(e, setup, scratch, 31 + (uint64_t)mseat, (uint64_t)game, &o);
			decided += o.winner >= 0;
			wins += o.winner == mseat;
		}
		gsim_scratch_free(e, scratch);
		e->setup_free(setup);
	}
	double lo, hi;
	stats_wilson((uint64_t)wins, (uint64_t)decided, &lo, &hi);
	print_message("mcts:256 against greedy: %ld of %ld hands, %.3f [%.3f, %.3f]\n", wins, decided,
		      (double)wins / (double)decided, lo, hi);
	assert_true(decided >= 2 * games - 2);
	assert_true(lo > 0.55);
	kit_free(d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mcts_moves_are_legal),
		cmocka_unit_test(test_mcts_does_not_peek),
		cmocka_unit_test(test_mcts_beats_greedy),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
