/* Toy Train's engine as steps (gsim.h, toy_sim.c), played with the
 * shipped pack and Debian's word list (skipped without it): every move key it
 * lists is one the game's one legality allows (toy_legal for a carriage, the
 * challenge and the pass by their rule), with every carriage toy_legal allows
 * for the letters it lists, and the challenge whenever it is allowed (random
 * and greedy challenge only when no carriage is listed); determinize keeps the whole position (nothing of
 * Toy Train is hidden: the carriages lie face up, the face-down ones are the
 * words laid); a position copied with memcpy plays on as the original; the
 * steps played here give what gsim_play gives. */
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
#include "game.h"
#include "games.h"
#include "kit_games.h"
#include "gplay.h"
#include "gsim.h"
#include "toy.h"

static struct game_rules pack_rules;
static struct kit *deck;

static int setup(void **state)
{
	(void)state;
	if (access("/usr/share/dict/words", R_OK) != 0)
		return 0;
	const struct game *g = game_find("toy-train");
	struct names_select sel = {0};
	deck = g ? kit_games_load(g, NULL, "packs/toy-train.yaml", &sel, &pack_rules) : NULL;
	return deck ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	if (deck)
		kit_free(deck);
	return 0;
}

static void *series(enum gsim_policy a, enum gsim_policy b, const char *rule, int max_length)
{
	static struct game_rules with;
	with = pack_rules;
	const char *rules[] = {rule};
	assert_true(ruleset_set_all(&with.set, rules, rule ? 1 : 0));
	struct gsim_params p = {.deck = deck, .pack_rules = &with, .players = 2, .max_length = max_length};
	p.policy[0] = a;
	p.policy[1] = b;
	char err[256];
	void *s = gsim_toy.setup_new(&p, err, sizeof err);
	assert_non_null(s);
	return s;
}

/* The engine's keys: a carriage (letter, 32 for the wild, the trie node above
 * bit 8), the challenge, the pass. */
#define CHALLENGE 64u
#define PASS 65u
static bool is_lay(uint64_t key)
{
	return key != CHALLENGE && key != PASS;
}

/* Whether key is legal at pos by the game's rules: a carriage toy_legal takes,
 * a challenge with carriages laid and the Engine-Driver not alone, a pass when
 * he is alone or nothing is laid. Fails the test otherwise. */
static void assert_legal(const struct toy_round *r, uint64_t key)
{
	if (key == CHALLENGE) {
		assert_true(r->laid > 0 && !toy_alone(r));
		return;
	}
	if (key == PASS) {
		assert_true(r->laid == 0 || toy_alone(r));
		return;
	}
	struct toy_move m = {(int)(key & 31), (key & 32) != 0, toy_driver_lays(r)};
	assert_true(m.letter < 26 && key >> 8 != 0 && (key & 0xc0) == 0);
	assert_int_equal(toy_legal(r, m), TOY_OK);
}

/* Play `games` games of setup s through its steps, checking every position;
 * the number of keys checked. */
static long play_checked(const void *s, int games, bool check_flat)
{
	const struct gsim_steps *st = gsim_toy.steps;
	size_t size = st->pos_size(s), max = st->max_moves(s);
	uint8_t *pos = malloc(size), *copy = malloc(size), *kept = malloc(size);
	uint64_t *keys = calloc(max, sizeof *keys), *again = calloc(max, sizeof *again);
	const struct gsim_seats *seats = st->seats(s);
	long checked = 0;
	for (int g = 0; g < games; g++) {
		struct rng rng, other, fork;
		rng_seed(&rng, 29, (uint64_t)g);
		rng_seed(&other, 1029, (uint64_t)g);
		struct gsim_outcome o, f, ref;
		memset(&o, 0, sizeof o);
		st->start(s, NULL, pos, &rng, &o);
		int seat, ed = -1, decisions = 0;
		bool forked = false;
		while ((seat = st->turn(s, pos)) >= 0) {
			const struct toy_round *r = gsim_toy_round(pos);
			if (r->laid == 0 && !r->alone) {
				/* a round begins with its Engine-Driver; the roles switch */
				assert_true(ed < 0 || seat == !ed);
				ed = seat;
			}
			assert_int_equal(seat, toy_driver_lays(r) ? ed : !ed);
			size_t n = st->moves(s, NULL, pos, keys);
			assert_true(n >= 1 && n <= max);
			/* the challenge is listed whenever the rules allow it, last */
			bool may_challenge = r->laid > 0 && !toy_alone(r);
			assert_int_equal(keys[n - 1] == CHALLENGE, may_challenge);
			size_t lays = 0;
			for (size_t i = 0; i < n; i++) {
				assert_legal(r, keys[i]);
				checked++;
				if (!is_lay(keys[i]))
					continue;
				lays++;
				/* every carriage the rules allow for a listed letter is listed */
				struct toy_move all[52];
				size_t k = toy_legal_moves(r, 1u << (keys[i] & 31), all), same = 0;
				for (size_t j = 0; j < n; j++)
					same += is_lay(keys[j]) && (keys[j] & 31) == (keys[i] & 31);
				assert_int_equal(same, k);
			}
			/* a pass when there is nothing else, alone */
			assert_true(lays > 0 || may_challenge || (n == 1 && keys[0] == PASS));
			assert_true(keys[0] != PASS || n == 1);
			/* determinize: nothing hidden, so nothing moves; the keys stay */
			memcpy(copy, pos, size);
			st->determinize(s, NULL, copy, seat, &other);
			assert_memory_equal(copy, pos, size);
			assert_int_equal(st->moves(s, NULL, copy, again), n);
			assert_memory_equal(again, keys, n * sizeof *keys);
			if (check_flat && !forked && ++decisions == 40) {
				/* a copied position plays on as the original */
				memcpy(kept, pos, size);
				fork = rng;
				f = o;
				forked = true;
			}
			uint64_t key = keys[st->choose(s, NULL, pos, seats->policy[seat], keys, n, &rng)];
			/* random and greedy lay a carriage whenever one is listed */
			assert_true(is_lay(key) || lays == 0);
			st->apply(s, NULL, pos, key, &rng, &o);
		}
		st->result(s, pos, &o);
		if (forked) {
			while ((seat = st->turn(s, kept)) >= 0) {
				size_t n = st->moves(s, NULL, kept, keys);
				uint64_t key = keys[st->choose(s, NULL, kept, seats->policy[seat], keys, n, &fork)];
				st->apply(s, NULL, kept, key, &fork, &f);
			}
			st->result(s, kept, &f);
			assert_int_equal(f.winner, o.winner);
			assert_int_equal(f.length, o.length);
			assert_memory_equal(f.count, o.count, sizeof o.count);
		}
		/* the generic driver plays the same game */
		void *scratch = gsim_scratch_new(&gsim_toy, s);
		gsim_play(&gsim_toy, s, scratch, 29, (uint64_t)g, &ref);
		gsim_scratch_free(&gsim_toy, scratch);
		assert_int_equal(ref.winner, o.winner);
		assert_int_equal(ref.length, o.length);
		assert_memory_equal(ref.count, o.count, sizeof o.count);
		assert_true(ref.decisions > 0 && ref.branching >= ref.decisions);
	}
	free(pos);
	free(copy);
	free(kept);
	free(keys);
	free(again);
	return checked;
}

static void test_moves_legal(void **state)
{
	(void)state;
	if (!deck)
		skip();
	static const struct {
		enum gsim_policy a, b;
		const char *rule;
		int max_length;
	} cases[] = {
		{GSIM_RANDOM, GSIM_RANDOM, NULL, 400},
		{GSIM_GREEDY, GSIM_RANDOM, "letter-mix=even", 400},
		{GSIM_GREEDY, GSIM_GREEDY, "broken-every=5", 400},
		{GSIM_RANDOM, GSIM_GREEDY, NULL, 6},   /* timeouts */
	};
	long checked = 0;
	for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
		void *s = series(cases[c].a, cases[c].b, cases[c].rule, cases[c].max_length);
		checked += play_checked(s, 12, c < 3);
		gsim_toy.setup_free(s);
	}
	assert_true(checked > 10000);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_moves_legal),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
