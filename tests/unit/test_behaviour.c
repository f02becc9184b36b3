/* The behaviour measures of every game whose engine plays through steps,
 * counted again outside the driver: a few short games of a shipped pack are
 * walked decision by decision through the engine's steps, drawing from the
 * game's stream exactly as gsim_play does, and counted here: a decision for
 * every position a seat chooses at, a real choice when its legal moves are
 * more than one, the moves listed (for Take the Train and Train also by the
 * game's one legality, take_moves and train52_moves, through the engines' watch
 * hooks), and the leader (the one seat of highest standing; none while two
 * share it) changing from one seat to another. The counts must be
 * gsim_play's. A game whose engine has no steps yet is left out (noted). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "kit.h"
#include "game.h"
#include "games.h"
#include "kit_games.h"
#include "gplay.h"
#include "gsim.h"
#include "take.h"
#include "train52.h"
#include "trains_rules.h"

/* The moves the last watch call listed through the game's legality (take,
 * train-52), or -1 before any. */
static long listed = -1;

static void take_watch(void *ctx, const struct take_pos *p, const struct take_move *moves, size_t n)
{
	(void)ctx, (void)p, (void)moves;
	listed = n ? (long)n : 1;   /* 0 plays: "take the Train", the one key */
}

static void train52_watch(void *ctx, const struct train52_rules *r, const struct train52_pos *p,
			  const struct train52_move *moves, size_t n)
{
	(void)ctx, (void)r, (void)p, (void)moves;
	listed = (long)n + 1;   /* the plays, and the draw */
}

/* The one seat of highest standing, or -1 while two share it: written again
 * here, not gsim.c's. */
static int leader_of(const double *score, int players)
{
	int best = -1;
	double top = 0;
	for (int p = 0; p < players; p++)
		if (best < 0 || score[p] > top) {
			best = p;
			top = score[p];
		}
	for (int p = 0; p < players; p++)
		if (p != best && score[p] == top)
			return -1;
	return best;
}

struct counts {
	uint64_t decisions, real_choices, branching, lead_changes;
};

/* Walk game g of seed through the steps as gsim_play does (same draws), counting. */
static void walk(const struct gsim_engine *e, const void *setup, uint64_t seed, uint64_t g, bool watched,
		 struct counts *c)
{
	const struct gsim_steps *st = e->steps;
	const struct gsim_seats *seats = st->seats(setup);
	void *pos = calloc(1, st->pos_size(setup));
	void *work = st->work_size ? calloc(1, st->work_size(setup)) : NULL;
	uint64_t *keys = calloc(st->max_moves(setup), sizeof *keys);
	double score[SIM_MAX_PLAYERS];
	struct gsim_outcome o;
	memset(&o, 0, sizeof o);
	memset(c, 0, sizeof *c);
	struct rng rng;
	rng_seed(&rng, seed, g);
	st->start(setup, work, pos, &rng, &o);
	st->standing(setup, work, pos, score);
	int lead = leader_of(score, seats->players), seat;
	while ((seat = st->turn(setup, pos)) >= 0) {
		listed = -1;
		size_t n = st->moves(setup, work, pos, keys);
		if (watched)
			assert_int_equal(listed, (long)n);
		c->decisions++;
		if (n > 1)
			c->real_choices++;
		c->branching += n;
		uint64_t key = keys[st->choose(setup, work, pos, seats->policy[seat], keys, n, &rng)];
		st->apply(setup, work, pos, key, &rng, &o);
		st->standing(setup, work, pos, score);
		int now = leader_of(score, seats->players);
		if (now >= 0 && lead >= 0 && now != lead)
			c->lead_changes++;
		if (now >= 0)
			lead = now;
	}
	free(pos);
	free(work);
	free(keys);
}

/* A few games of a setup, walked and played: the same counts. */
static int check_setup(const struct gsim_engine *e, void *setup)
{
	bool watched = e == &gsim_take || e == &gsim_train52;
	if (e == &gsim_take)
		gsim_take_watch(setup, take_watch, NULL);
	if (e == &gsim_train52)
		gsim_train52_watch(setup, train52_watch, NULL);
	void *scratch = gsim_scratch_new(e, setup);
	uint64_t decisions = 0;
	for (uint64_t g = 0; g < 3; g++) {
		struct counts c;
		walk(e, setup, 3, g, watched, &c);
		struct gsim_outcome o;
		gsim_play(e, setup, scratch, 3, g, &o);
		assert_int_equal(o.decisions, c.decisions);
		assert_int_equal(o.real_choices, c.real_choices);
		assert_int_equal(o.branching, c.branching);
		assert_int_equal(o.lead_changes, c.lead_changes);
		decisions += c.decisions;
	}
	/* the games had decisions, and a choice at some */
	assert_true(decisions > 0);
	gsim_scratch_free(e, scratch);
	return 1;
}

/* A shipped deck pack of its game, played by players seats of policy. */
static int check_deck(const char *path, int players, enum gsim_policy pol)
{
	struct kit *probe = kit_load(path, NULL, 0, NULL, 0);
	assert_non_null(probe);
	const struct game *g = game_find(probe->game);
	kit_free(probe);
	assert_non_null(g);
	const struct gsim_engine *e = g->engine;
	if (!e->steps) {
		printf("# %s: its engine has no steps yet: not measured, left out\n", g->name);
		return 0;
	}
	struct names_select sel = {0};
	static struct game_rules rules;   /* large: not on the stack */
	struct kit *d = kit_games_load(g, NULL, path, &sel, &rules);
	assert_non_null(d);
	struct gsim_params p = {.deck = d, .pack_rules = &rules, .players = players, .max_length = 5000};
	for (int i = 0; i < players; i++)
		p.policy[i] = i % 2 ? pol : GSIM_RANDOM;
	char err[256];
	void *setup = e->setup_new(&p, err, sizeof err);
	assert_non_null(setup);
	int n = check_setup(e, setup);
	e->setup_free(setup);
	kit_free(d);
	return n;
}

static void test_deck_games(void **state)
{
	(void)state;
	int n = 0;
	for (int k = 0; k < 2; k++) {
		enum gsim_policy pol = k ? GSIM_GREEDY : GSIM_RANDOM;
		n += check_deck("packs/take-the-train.yaml", 3, pol);
		n += check_deck("packs/domino-double-six.yaml", 4, pol);
		n += check_deck("packs/train-52.yaml", 4, pol);
		n += check_deck("packs/toy-train.yaml", 2, pol);
	}
	printf("# %d deck series counted again\n", n);
}

static void test_trains(void **state)
{
	(void)state;
	if (!gsim_trains.steps) {
		printf("# trains: its engine has no steps yet: not measured, left out\n");
		return;
	}
	struct pack *pk = pack_load("packs/pattern-two-census-seven.yaml");
	assert_non_null(pk);
	struct gsim_params p = {.pack = pk, .players = 2, .max_length = 1000, .policy = {GSIM_RANDOM, GSIM_GREEDY}};
	char err[256];
	void *setup = gsim_trains.setup_new(&p, err, sizeof err);
	assert_non_null(setup);
	check_setup(&gsim_trains, setup);
	gsim_trains.setup_free(setup);
	pack_free(pk);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_deck_games),
		cmocka_unit_test(test_trains),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
