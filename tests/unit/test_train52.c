/* Train, 52 cards (seeds/003): each rule from the page with its examples. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "train52.h"

static const char *const suits[] = {"spades", "hearts", "diamonds", "clubs"};

static size_t cards(const char *s, struct t52_card *out)
{
	char copy[256];
	size_t n = 0;
	snprintf(copy, sizeof copy, "%s", s ? s : "");
	for (char *t = strtok(copy, " "); t; t = strtok(NULL, " ")) {
		struct buf why = {0};
		if (t52_parse(t, suits, 4, &out[n++], &why) != 0)
			fail_msg("%s", why.s);
		buf_free(&why);
	}
	return n;
}

static int open_piles;
static struct t52_rules rules;

static bool legal(enum t52_area area, const char *on, const char *play, const char *hand)
{
	struct t52_card o[32], p[32], h[32];
	size_t no = cards(on, o), np = cards(play, p), nh = cards(hand, h);
	struct buf out = {0};
	bool ok = t52_check(&rules, area, o, no, p, np, h, nh, open_piles, &out);
	buf_free(&out);
	return ok;
}

#define central(on, play) legal(T52_CENTRAL, on, play, NULL)

static void test_parse(void **state)
{
	(void)state;
	struct t52_card c;
	struct buf why = {0};
	assert_int_equal(t52_parse("10H", suits, 4, &c, &why), 0);
	assert_int_equal(c.rank, 10);
	assert_int_equal(c.suit, 1);
	assert_int_equal(t52_parse("K♣", suits, 4, &c, &why), 0);
	assert_int_equal(c.rank, 13);
	assert_int_equal(c.suit, 3);
	assert_int_equal(t52_parse("a", suits, 4, &c, &why), 0);
	assert_int_equal(c.rank, 1);
	assert_int_equal(c.suit, -1);
	assert_int_equal(t52_parse("11", suits, 4, &c, &why), -1);
	assert_int_equal(t52_parse("QX", suits, 4, &c, &why), -1);
	buf_free(&why);
}

static void test_central(void **state)
{
	(void)state;
	/* "5 is in Central Play. A 6 or 7 may be played on it; a 4 may be played on it." */
	assert_true(central("5", "6"));
	assert_true(central("5", "7"));
	assert_true(central("5", "4"));
	assert_false(central("5", "3"));
	assert_false(central("5", "8"));
	assert_false(central("5", "5"));
	/* only the top card counts */
	assert_true(central("9 2 5", "6"));
	/* "On non-face cards (2, 3, 4, etc.)": by default a face card does not go
	 * down on its own, and an A only closes piles */
	assert_false(central("10", "J"));
	assert_false(central("Q", "K"));
	assert_false(central("2", "A"));
	assert_false(central("A", "A A"));
	assert_true(central("J", "10"));
	/* face-cards=step: J 11, Q 12, K 13; ace=low: A is 1 */
	rules.face_step = true;
	assert_true(central("10", "Q"));
	assert_true(central("Q", "K"));
	assert_false(central("K", "2"));
	rules.face_step = false;
	rules.ace_low = true;
	assert_true(central("2", "A"));
	rules.ace_low = false;
}

static void test_sandwiches(void **state)
{
	(void)state;
	/* "one card, a random card, a matching card to the first (Ex: J, 8, J). The
	 * bottom card of a Sandwich must follow the 1 or 2 higher/1 lower rule" */
	assert_true(central("10", "J 8 J"));
	assert_true(central("Q", "J 8 J"));
	assert_false(central("8", "J 8 J"));
	assert_false(central("10", "J 8 Q"));
	/* on both central and pile play */
	assert_true(legal(T52_PILE, "A 2 4 5 7 9 J K 2 3", "4 K 4", NULL));
	/* double sandwich: "J, 4, 4, J", central only */
	assert_true(central("10", "J 4 4 J"));
	assert_false(central("4", "J 4 4 J"));
	assert_false(legal(T52_PILE, "A 2 4 5 7 9 J K 2 3", "4 K K 4", NULL));
}

static void test_doubles(void **state)
{
	(void)state;
	assert_true(central("4", "K K"));
	assert_true(central("5", "Q Q"));
	assert_true(central("6", "J J"));
	assert_false(central("5", "K K"));
	assert_false(central("6", "Q Q"));
	assert_false(central("J", "J J"));
	/* number doubles on an equal value: "Double 4 on a 4" */
	assert_true(central("4", "4 4"));
	assert_false(central("5", "4 4"));
	assert_false(central("3", "4 4"));
	/* doubles only in central play */
	assert_false(legal(T52_PILE, "A 2 4 5 7 9 J K 2 4", "4 4", NULL));
	/* a set of doubles only at the beginning of a round */
	assert_true(legal(T52_START, NULL, "J J 4 4", NULL));
	assert_false(central("4", "J J 4 4"));
	assert_true(legal(T52_START, NULL, "2", NULL));
	assert_false(legal(T52_START, NULL, "3", NULL));
	/* "each player draws one card from any pile and play begins with the first
	 * player to put a card down" */
	assert_true(legal(T52_DRAWN, NULL, "3", NULL));
	assert_false(legal(T52_DRAWN, NULL, "3 4", NULL));
	assert_false(central("5", "6 6 6 6 6"));     /* more than four of a rank */
	assert_false(central("5", "6H 6H"));         /* the same card twice */
}

static void test_piles(void **state)
{
	(void)state;
	/* "An A may be played on a pile to close it" */
	assert_true(legal(T52_PILE, NULL, "A", NULL));
	/* "One deck must always remain open" */
	open_piles = 1;
	assert_false(legal(T52_PILE, NULL, "A", NULL));
	assert_false(legal(T52_PILE, "A 2 4 5 7 9 J K 2", "A", NULL));
	open_piles = 2;
	assert_true(legal(T52_PILE, NULL, "A", NULL));
	open_piles = 0;
	assert_false(legal(T52_PILE, NULL, "5", NULL));
	/* reopening: "placing cards on the closing A in this sequence: A, 2, 4, 5,
	 * 7, 9, J, K": by default the closing A is the sequence's A */
	assert_false(legal(T52_PILE, "A", "A", NULL));
	assert_true(legal(T52_PILE, "A", "2", NULL));
	assert_false(legal(T52_PILE, "A", "3", NULL));
	assert_true(legal(T52_PILE, "A 2", "4", NULL));
	assert_true(legal(T52_PILE, "A 2 4", "5 7", NULL));
	assert_false(legal(T52_PILE, "A 2 4 5", "9", NULL));
	assert_true(legal(T52_PILE, "A 2 4 5 7 9 J", "K", NULL));
	assert_false(legal(T52_PILE, "A 2 4 5 7 9 J K", "K", NULL));
	/* after the K: a 2 or two sets of doubles */
	assert_true(legal(T52_PILE, "A 2 4 5 7 9 J K", "2", NULL));
	assert_true(legal(T52_PILE, "A 2 4 5 7 9 J K", "Q Q 3 3", NULL));
	assert_false(legal(T52_PILE, "A 2 4 5 7 9 J K", "3", NULL));
	/* then central rules without doubles */
	assert_true(legal(T52_PILE, "A 2 4 5 7 9 J K 2", "4", NULL));
	assert_false(legal(T52_PILE, "A 2 4 5 7 9 J K 2", "5", NULL));
	/* reopen=second-ace: a second A on the closing one */
	rules.second_ace = true;
	assert_true(legal(T52_PILE, "A", "A", NULL));
	assert_false(legal(T52_PILE, "A", "2", NULL));
	assert_true(legal(T52_PILE, "A A", "2", NULL));
	assert_true(legal(T52_PILE, "A A 2 4 5 7 9 J K", "2", NULL));
	assert_true(legal(T52_PILE, "A A 2 4 5 7 9 J K 2", "4", NULL));
	rules.second_ace = false;
	struct t52_card on[8];
	size_t n = cards("A 2 5", on);
	struct buf why = {0};
	assert_int_equal(t52_pile_valid(&rules, on, n, &why), -1);
	buf_free(&why);
}

static void test_train(void **state)
{
	(void)state;
	/* "Ex: 2, 3, 4, 5, 6": all the hand, from 2, rising, on a bare closing A */
	assert_true(legal(T52_PILE, "A", "2 3 4 5 6", "6 5 4 3 2"));
	assert_false(legal(T52_PILE, "A", "2 3 4 5 6", "2 3 4 5 6 9"));
	assert_false(legal(T52_PILE, "A", "3 4 5 6", "3 4 5 6"));
	assert_false(legal(T52_PILE, "A", "2 3 5", "2 3 5"));
	assert_false(legal(T52_PILE, "A 2", "2 3 4", "2 3 4"));   /* not a bare A */
	assert_false(central("A", "2 3 4 5 6"));                   /* only in pile play */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse),
		cmocka_unit_test(test_central),
		cmocka_unit_test(test_sandwiches),
		cmocka_unit_test(test_doubles),
		cmocka_unit_test(test_piles),
		cmocka_unit_test(test_train),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
