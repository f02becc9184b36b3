/* Domino Trains (seeds/002): set sizes, the hand-size table, and the single train
 * checked against the page and against a brute-force search. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "domino.h"
#include "rng.h"

static size_t full_set(int n, struct domino *out)
{
	size_t k = 0;
	for (int a = 0; a <= n; a++)
		for (int b = a; b <= n; b++)
			out[k++] = (struct domino){a, b};
	return k;
}

static void test_set_sizes(void **state)
{
	(void)state;
	struct domino t[200];
	/* The page: double six, nine and twelve sets; 28, 55, 91 tiles (the issue). */
	assert_int_equal(domino_set_size(6), 28);
	assert_int_equal(domino_set_size(9), 55);
	assert_int_equal(domino_set_size(12), 91);
	for (int n = 0; n <= 15; n++)
		assert_int_equal(domino_set_size(n), (long)full_set(n, t));
}

static void test_eleven_sixes(void **state)
{
	(void)state;
	/* "there are 11 sixes in a double nine set": count the ends showing 6. */
	struct domino t[100];
	size_t n = full_set(9, t);
	int sixes = 0;
	for (size_t i = 0; i < n; i++)
		sixes += (t[i].low == 6) + (t[i].high == 6);
	assert_int_equal(sixes, 11);
	assert_int_equal(domino_ends_per_number(9), 11);
}

static void test_hand_table(void **state)
{
	(void)state;
	/* The page's table for 4..10 players, read column by column. */
	static const long nine[] = {13, 11, 9, 7, 6, 6, 5};
	static const long twelve[] = {22, 18, 15, 13, 11, 10, 9};
	for (int p = 4; p <= 10; p++) {
		assert_int_equal(domino_hand_size(domino_set_size(9), p), nine[p - 4]);
		assert_int_equal(domino_hand_size(domino_set_size(12), p), twelve[p - 4]);
		/* no boneyard: what is left over is less than one more tile each */
		assert_true(domino_set_size(12) - twelve[p - 4] * p < p);
	}
}

static void test_parse(void **state)
{
	(void)state;
	struct domino d;
	assert_int_equal(domino_parse("3-5", &d), 0);
	assert_int_equal(d.low, 3);
	assert_int_equal(d.high, 5);
	assert_int_equal(domino_parse("12:0", &d), 0);
	assert_int_equal(d.low, 0);
	assert_int_equal(d.high, 12);
	assert_int_equal(domino_parse("3-", &d), -1);
	assert_int_equal(domino_parse("x-1", &d), -1);
	assert_int_equal(domino_parse("1-2-3", &d), -1);
}

/* The train in r uses every tile once and touching ends match. */
static void assert_train(const struct domino *t, size_t n, const struct domino_report *r)
{
	assert_int_equal(r->ntrain, n);
	int *used = calloc(n, sizeof *used);
	int prev = -1;
	for (size_t i = 0; i < n; i++) {
		const struct domino *x = &t[r->train[i]];
		assert_false(used[r->train[i]]);
		used[r->train[i]] = 1;
		int first = r->flip[i] ? x->high : x->low, second = r->flip[i] ? x->low : x->high;
		if (i)
			assert_int_equal(first, prev);
		prev = second;
	}
	free(used);
}

static void test_full_sets(void **state)
{
	(void)state;
	struct domino t[100];
	struct domino_report r;
	/* double six: every number on 8 ends (even): one closed train */
	size_t n = full_set(6, t);
	domino_analyse(t, n, 6, &r);
	assert_true(r.single_train);
	assert_int_equal(r.nodd, 0);
	assert_int_equal(r.ncut, 0);
	assert_train(t, n, &r);
	/* it begins with the highest double, the engine */
	assert_int_equal(t[r.train[0]].low, 6);
	assert_int_equal(t[r.train[0]].high, 6);
	domino_report_free(&r);
	/* double nine: every number on 11 ends: ten odd numbers, no single train */
	n = full_set(9, t);
	domino_analyse(t, n, 9, &r);
	assert_false(r.single_train);
	assert_int_equal(r.nodd, 10);
	assert_int_equal(r.ncut, 0);
	domino_report_free(&r);
	/* double twelve: 14 ends each: a single train */
	n = full_set(12, t);
	domino_analyse(t, n, 12, &r);
	assert_true(r.single_train);
	assert_train(t, n, &r);
	domino_report_free(&r);
}

static void test_every_set(void **state)
{
	(void)state;
	/* each number shows on N+2 ends and the set hangs together: an odd N leaves all
	 * N+1 numbers odd, so a full set is one train when N is even, or N is 1 (0-0 0-1
	 * 1-1, from 0 to 1) */
	static struct domino t[600];
	for (int n = 0; n <= 30; n++) {
		size_t k = full_set(n, t);
		struct domino_report r;
		domino_analyse(t, k, n, &r);
		assert_int_equal(r.single_train, n % 2 == 0 || n == 1);
		assert_int_equal(r.nodd, n % 2 ? (size_t)n + 1 : 0);
		if (r.single_train)
			assert_train(t, k, &r);
		domino_report_free(&r);
	}
}

static void test_subsets(void **state)
{
	(void)state;
	struct domino_report r;
	/* two odd numbers: the train runs from one to the other */
	struct domino a[] = {{0, 1}, {1, 1}, {1, 2}, {2, 3}};
	domino_analyse(a, 4, 6, &r);
	assert_true(r.single_train);
	assert_int_equal(r.nodd, 2);
	assert_int_equal(r.odd[0], 0);
	assert_int_equal(r.odd[1], 3);
	assert_train(a, 4, &r);
	domino_report_free(&r);
	/* a double with nothing to join it is cut off */
	struct domino b[] = {{0, 1}, {1, 2}, {5, 5}};
	domino_analyse(b, 3, 6, &r);
	assert_false(r.single_train);
	assert_int_equal(r.ncut, 1);
	assert_int_equal(r.cut[0], 2);
	assert_int_equal(r.nodd, 2);
	domino_report_free(&r);
	/* a double-nine set without 0-1, 2-3, 4-5, 6-7: only 8 and 9 stay odd */
	struct domino c[60];
	size_t n = 0;
	for (int x = 0; x <= 9; x++)
		for (int y = x; y <= 9; y++)
			if (!(y == x + 1 && x % 2 == 0 && x < 8))
				c[n++] = (struct domino){x, y};
	assert_int_equal(n, 51);
	domino_analyse(c, n, 9, &r);
	assert_true(r.single_train);
	assert_int_equal(r.nodd, 2);
	assert_int_equal(r.odd[0], 8);
	assert_int_equal(r.odd[1], 9);
	assert_train(c, n, &r);
	domino_report_free(&r);
}

/* Brute force: can tiles[] (marked in used[]) be extended from end `end`? */
static bool search(const struct domino *t, size_t n, bool *used, size_t left, int end)
{
	if (!left)
		return true;
	for (size_t i = 0; i < n; i++) {
		if (used[i] || (t[i].low != end && t[i].high != end && end >= 0))
			continue;
		used[i] = true;
		bool ok;
		if (end < 0)
			ok = search(t, n, used, left - 1, t[i].high) || search(t, n, used, left - 1, t[i].low);
		else
			ok = search(t, n, used, left - 1, t[i].low == end ? t[i].high : t[i].low);
		used[i] = false;
		if (ok)
			return true;
	}
	return false;
}

static void test_against_brute_force(void **state)
{
	(void)state;
	struct domino all[15], pick[15];
	size_t n = full_set(4, all);
	unsigned seed = 12345;
	for (int round = 0; round < 400; round++) {
		size_t k = 0;
		for (size_t i = 0; i < n; i++) {
			seed = seed * 1103515245u + 12345u;
			if ((seed >> 16) % 3 == 0 && k < 9)
				pick[k++] = all[i];
		}
		if (!k)
			continue;
		bool used[15] = {false};
		bool brute = search(pick, k, used, k, -1);
		struct domino_report r;
		domino_analyse(pick, k, 4, &r);
		assert_int_equal(r.single_train, brute);
		if (r.single_train)
			assert_train(pick, k, &r);
		domino_report_free(&r);
	}
}

/* ---- the one legality (domino_legal, domino_legal_moves) ---------------- */

/* A small deterministic generator (rng.h's splitmix64). */
static uint64_t rng_state;
static unsigned below(unsigned n)
{
	return (unsigned)(rng_splitmix64(&rng_state) % n);
}

static bool same_move(struct domino_move a, struct domino_move b)
{
	return a.tile.low == b.tile.low && a.tile.high == b.tile.high && a.train == b.train &&
	       a.end == b.end;
}

static bool has_move(const struct domino_move *v, size_t n, struct domino_move m)
{
	for (size_t i = 0; i < n; i++)
		if (same_move(v[i], m))
			return true;
	return false;
}

#define MAXP 6
#define MAXH 100

/* The moves the engine chooses among (domino_legal_moves, as domino_sim.c
 * asks: on all trains and train by train) against every candidate (each tile
 * of the hand, on each train, at each end) judged by domino_legal. */
static long compare_moves(const struct domino_turn *t, const struct domino *hand, size_t nh)
{
	static struct domino_move listed[2 * MAXH * MAXP], one[2 * MAXH];
	size_t n = domino_legal_moves(t, hand, nh, -1, listed);
	size_t accepted = 0;
	for (int k = 0; k < t->ntrains; k++) {
		size_t nk = domino_legal_moves(t, hand, nh, k, one);
		size_t ink = 0;
		for (size_t i = 0; i < nk; i++)
			assert_true(one[i].train == k && has_move(listed, n, one[i]));
		for (size_t i = 0; i < nh; i++)
			for (int e = 0; e < 2; e++) {
				struct domino_move m = {hand[i], k, e, (int)i};
				bool ok = domino_legal(t, m) == DOMINO_OK;
				if (ok != has_move(listed, n, m))
					fail_msg("seat %d, train %d, tile %d-%d at end %d (ends %d, %d), %d cars: "
						 "domino_legal says %s, domino_legal_moves %s", t->own, k, m.tile.low,
						 m.tile.high, e, t->train[k].end[0], t->train[k].end[1], t->cars,
						 ok ? "legal" : "not", ok ? "omits it" : "lists it");
				accepted += ok;
				ink += ok;
			}
		assert_int_equal(ink, nk);
	}
	assert_int_equal(accepted, n);
	return (long)n;
}

/* The rules a pack may state (domino_rule_keys), as the play below reads them. */
struct combo {
	bool one_other, fewest;
	enum domino_order order;
};

/* Random play of whole hands under rules c, comparing at every decision. */
static long play_hands(int dn, int players, const struct combo *c, int hands)
{
	struct domino set[MAXH], hand[MAXP][MAXH];
	size_t n = full_set(dn, set), per = n / (size_t)players, nh[MAXP];
	struct domino_train tr[MAXP];
	long compared = 0;
	for (int h = 0; h < hands; h++) {
		for (size_t i = n - 1; i > 0; i--) {
			size_t j = below((unsigned)i + 1);
			struct domino x = set[i];
			set[i] = set[j];
			set[j] = x;
		}
		const struct domino *hp[MAXP];
		for (int p = 0; p < players; p++) {
			memcpy(hand[p], set + (size_t)p * per, per * sizeof *set);
			nh[p] = per;
			hp[p] = hand[p];
			tr[p].end[0] = tr[p].end[1] = -1;
		}
		int lead, high;
		int blocked = domino_first_turn(hp, nh, players, &lead, &high);
		if (lead < 0 || blocked >= 0)
			continue;
		int idle = 0, turns = 0;
		for (int i = 0; turns < 400; i++, turns++) {
			bool engines = i < players;
			int p = engines ? (lead + i) % players
					: (domino_first_car(lead, players, c->order) + i - players) % players;
			struct domino_turn t = {tr, players, p, 0, 0, false, i == 0 ? high : -1, c->one_other};
			static struct domino_move mv[2 * MAXH * MAXP];
			for (;;) {
				compared += compare_moves(&t, hand[p], nh[p]);
				size_t k = domino_legal_moves(&t, hand[p], nh[p], -1, mv);
				/* a car on the own train when there is one; the others at will */
				if (!k || (t.cars && below(3) == 0))
					break;
				struct domino_move m = mv[below((unsigned)k)];
				domino_apply(&t, m);
				hand[p][m.hand_index] = hand[p][--nh[p]];
				if (!nh[p])
					break;
			}
			if (engines)
				assert_int_equal(t.cars, 1);   /* every seat has its engine: not blocked */
			if (!nh[p])
				break;   /* dominoed */
			idle = t.cars ? 0 : idle + 1;
			if (idle == players) {
				int left[MAXP];
				for (int q = 0; q < players; q++)
					left[q] = (int)nh[q];
				if (c->fewest)
					assert_true(domino_fewest(left, players) >= 0);
				break;
			}
		}
	}
	return compared;
}

/* Property (issue 28): under every combination of the rules domino_rule_keys
 * offers, in positions reached by random play of double-6, 9 and 12 sets for
 * 2 to 6 players, the moves domino_legal_moves lists (what the engine chooses
 * among) are exactly the candidates domino_legal accepts. */
static void test_legal_moves_property(void **state)
{
	(void)state;
	const char *values[8][8];
	const char *keys[8];
	int nval[8], nk = 0;
	static char words[8][128];
	for (int k = 0; domino_rule_keys[k].key; k++) {
		if (!domino_rule_keys[k].values)
			continue;
		snprintf(words[nk], sizeof words[nk], "%s", domino_rule_keys[k].values);
		keys[nk] = domino_rule_keys[k].key;
		nval[nk] = 0;
		for (char *w = strtok(words[nk], "|"); w; w = strtok(NULL, "|"))
			values[nk][nval[nk]++] = w;
		nk++;
	}
	int combos = 1;
	for (int k = 0; k < nk; k++)
		combos *= nval[k];
	assert_true(combos >= 8);   /* blocked, other-trains, order: two values each */
	long compared = 0;
	for (int ci = 0; ci < combos; ci++) {
		struct combo c = {false, false, DOMINO_CLOCKWISE};
		for (int k = 0, x = ci; k < nk; x /= nval[k], k++) {
			const char *v = values[k][x % nval[k]];
			if (!strcmp(keys[k], "other-trains"))
				c.one_other = !strcmp(v, "one");
			else if (!strcmp(keys[k], "blocked"))
				c.fewest = !strcmp(v, "fewest");
			else if (!strcmp(keys[k], "order"))
				c.order = !strcmp(v, "after-leader") ? DOMINO_AFTER_LEADER : DOMINO_CLOCKWISE;
			else
				fail_msg("a rule the test does not know: %s", keys[k]);
		}
		rng_state = 2026u + (unsigned)ci;
		for (int dn = 6; dn <= 12; dn += 3)
			for (int players = 2; players <= MAXP; players++)
				compared += play_hands(dn, players, &c, 6);
	}
	assert_true(compared > 10000);
}

/* Each rule of domino_legal, one case each: the refusal, and the move that
 * passes once the position no longer breaks it. */
static void test_legal_refusals(void **state)
{
	(void)state;
	struct domino_train tr[3] = {{{6, 1}}, {{7, 2}}, {{5, 5}}};
	struct domino_turn t = {tr, 3, 0, 0, 0, false, -1, false};
	struct domino_move own = {{1, 4}, 0, 1, 0}, on1 = {{2, 8}, 1, 1, 0}, on2 = {{5, 0}, 2, 0, 0};
	/* "a player first adds a car to his own train" */
	assert_int_equal(domino_legal(&t, on1), DOMINO_OWN_FIRST);
	/* the tile must show the end's number */
	assert_int_equal(domino_legal(&t, (struct domino_move){{2, 5}, 0, 0, 0}), DOMINO_NO_MATCH);
	assert_int_equal(domino_legal(&t, (struct domino_move){{2, 5}, 0, 1, 0}), DOMINO_NO_MATCH);
	assert_int_equal(domino_legal(&t, own), DOMINO_OK);
	domino_apply(&t, own);
	assert_int_equal(tr[0].end[1], 4);
	/* one car a turn on the own train */
	assert_int_equal(domino_legal(&t, (struct domino_move){{4, 4}, 0, 1, 0}), DOMINO_OWN_ONCE);
	assert_int_equal(domino_legal(&t, on1), DOMINO_OK);
	domino_apply(&t, on1);
	/* "one and only one car" on each other train */
	assert_int_equal(domino_legal(&t, (struct domino_move){{8, 3}, 1, 1, 0}), DOMINO_ONE_EACH);
	/* both ends show 5: end 1 is the place end 0 is */
	assert_int_equal(domino_legal(&t, (struct domino_move){{5, 0}, 2, 1, 0}), DOMINO_SAME_END);
	assert_int_equal(domino_legal(&t, on2), DOMINO_OK);
	/* rules: other-trains=one: one car on the other trains in all */
	t.one_other = true;
	assert_int_equal(domino_legal(&t, on2), DOMINO_ONE_IN_ALL);
	t.one_other = false;
	domino_apply(&t, on2);
	assert_int_equal(tr[2].end[0], 0);
	assert_int_equal(tr[2].end[1], 5);   /* "in line": the other end keeps its 5 */
	/* the first turn: "puts down a double, called his engine"; the leader the highest */
	struct domino_train fresh[2] = {{{-1, -1}}, {{-1, -1}}};
	struct domino_turn f = {fresh, 2, 0, 0, 0, false, 9, false};
	assert_int_equal(domino_legal(&f, (struct domino_move){{3, 9}, 0, 0, 0}), DOMINO_ENGINE_DOUBLE);
	assert_int_equal(domino_legal(&f, (struct domino_move){{5, 5}, 0, 0, 0}), DOMINO_HIGHEST);
	assert_int_equal(domino_legal(&f, (struct domino_move){{9, 9}, 0, 1, 0}), DOMINO_SAME_END);
	assert_int_equal(domino_legal(&f, (struct domino_move){{9, 9}, 1, 0, 0}), DOMINO_OWN_FIRST);
	assert_int_equal(domino_legal(&f, (struct domino_move){{9, 9}, 0, 0, 0}), DOMINO_OK);
	domino_apply(&f, (struct domino_move){{9, 9}, 0, 0, 0});
	assert_int_equal(fresh[0].end[0], 9);
	assert_int_equal(fresh[0].end[1], 9);
	/* the first turn is the engine alone */
	fresh[1].end[0] = fresh[1].end[1] = 4;
	assert_int_equal(domino_legal(&f, (struct domino_move){{9, 4}, 1, 0, 0}), DOMINO_ENGINE_ONLY);
	f = (struct domino_turn){fresh, 2, 0, 0, 0, false, -1, false};
	fresh[0].end[0] = fresh[0].end[1] = -1;
	assert_int_equal(domino_legal(&f, (struct domino_move){{5, 5}, 0, 0, 0}), DOMINO_OK);
}

/* The first turn, the order after it, and the end of a hand. */
static void test_first_turn_and_order(void **state)
{
	(void)state;
	const struct domino h0[] = {{8, 8}, {1, 2}}, h1[] = {{5, 5}, {3, 4}}, h2[] = {{0, 1}, {2, 2}},
			    h3[] = {{6, 7}, {7, 9}};
	const struct domino *hands[] = {h0, h1, h2, h3};
	size_t nh[] = {2, 2, 2, 2};
	int lead, high;
	/* seat 4 has no double: blocked, re-dealt */
	assert_int_equal(domino_first_turn(hands, nh, 4, &lead, &high), 3);
	assert_int_equal(lead, 0);
	assert_int_equal(high, 8);
	assert_int_equal(domino_first_turn(hands, nh, 3, &lead, &high), -1);
	/* "The highest double is played first and play moves clockwise" */
	assert_int_equal(domino_first_car(2, 4, DOMINO_CLOCKWISE), 2);
	assert_int_equal(domino_first_car(2, 4, DOMINO_AFTER_LEADER), 3);
	assert_int_equal(domino_first_car(3, 4, DOMINO_AFTER_LEADER), 0);
	/* blocked: fewest: the fewest tiles, the first seat on a tie; 5 a tile of the others */
	const int left[] = {3, 1, 4, 1};
	assert_int_equal(domino_fewest(left, 4), 1);
	assert_int_equal(domino_hand_points(left, 4, 1), 5L * (3 + 4 + 1));
	const int out[] = {0, 3, 2, 5};
	assert_int_equal(domino_hand_points(out, 4, 0), 50);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_set_sizes),
		cmocka_unit_test(test_eleven_sixes),
		cmocka_unit_test(test_hand_table),
		cmocka_unit_test(test_parse),
		cmocka_unit_test(test_full_sets),
		cmocka_unit_test(test_every_set),
		cmocka_unit_test(test_subsets),
		cmocka_unit_test(test_against_brute_force),
		cmocka_unit_test(test_legal_moves_property),
		cmocka_unit_test(test_legal_refusals),
		cmocka_unit_test(test_first_turn_and_order),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
