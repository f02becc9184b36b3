/* Domino Trains (seeds/002): set sizes, the hand-size table, and the single train
 * checked against the page and against a brute-force search. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "domino.h"

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
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
