/* The default look's helpers: which numbers read as another number turned 180
 * degrees (checked against an independent, string-based reading for 1..999 and
 * against the list written out by hand for 1..99), and the space palette. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "look.h"

/* Turn the printed digits of n a half-turn as a reader sees them: read the
 * string backwards, each glyph upside down. "" when a glyph is no digit. */
static void turned_text(long n, char *out, size_t cap)
{
	char s[32];
	snprintf(s, sizeof s, "%ld", n);
	size_t len = strlen(s), k = 0;
	for (size_t i = len; i-- > 0 && k + 1 < cap;) {
		const char *from = "01689", *to = "01986";
		const char *p = strchr(from, s[i]);
		if (!p) {
			out[0] = 0;
			return;
		}
		out[k++] = to[p - from];
	}
	out[k] = 0;
}

/* Ambiguous by the independent reading: the turned text is a number as one
 * would print it (no leading zero) and a different one. */
static bool ambiguous_by_text(long n)
{
	char t[32], s[32];
	turned_text(n, t, sizeof t);
	snprintf(s, sizeof s, "%ld", n);
	return t[0] && t[0] != '0' && strcmp(t, s) != 0;
}

static void test_one_to_999(void **state)
{
	(void)state;
	long count = 0;
	for (long n = 1; n <= 999; n++) {
		if (look_ambiguous(n) != ambiguous_by_text(n))
			fail_msg("%ld: look_ambiguous says %d", n, look_ambiguous(n));
		count += look_ambiguous(n);
		if (look_ambiguous(n)) {
			/* The turned reading is itself ambiguous and turns back. */
			long t = look_turned(n);
			assert_true(look_ambiguous(t));
			assert_int_equal(look_turned(t), n);
		}
	}
	/* 1 digit: 6 9; 2 digits: 4 x 4 - 4 self-turning (11 69 88 96) = 12;
	 * 3 digits: 4 x 5 x 4 = 80 less the 12 self-turning (4 ends x 3 middles) = 68. */
	assert_int_equal(count, 2 + 12 + 68);
}

static void test_by_hand(void **state)
{
	(void)state;
	static const long expect[] = {6, 9, 16, 18, 19, 61, 66, 68, 81, 86, 89, 91, 98, 99};
	size_t k = 0;
	for (long n = 1; n <= 99; n++)
		if (look_ambiguous(n)) {
			assert_true(k < sizeof expect / sizeof *expect);
			assert_int_equal(n, expect[k++]);
		}
	assert_int_equal(k, sizeof expect / sizeof *expect);
	/* Reading as themselves, or as no number. */
	static const long plain[] = {1, 8, 10, 11, 60, 69, 88, 90, 96, 101, 609, 808, 906, 7, 12};
	for (size_t i = 0; i < sizeof plain / sizeof *plain; i++)
		assert_false(look_ambiguous(plain[i]));
	assert_int_equal(look_turned(16), 91);
	assert_int_equal(look_turned(106), 901);
	assert_int_equal(look_turned(60), -1);
	assert_int_equal(look_turned(12), -1);
}

static void test_palette(void **state)
{
	(void)state;
	/* Okabe-Ito, in the order of LOOK.md; the ninth letter repeats the first. */
	assert_string_equal(look_space_colour(0), "#E69F00");
	assert_string_equal(look_space_colour(3), "#F0E442");
	assert_string_equal(look_space_colour(8), look_space_colour(0));
	/* Dark text on yellow and sky blue, white on blue, vermillion and purple. */
	assert_string_equal(look_space_ink(3), "#1B1B1B");
	assert_string_equal(look_space_ink(1), "#1B1B1B");
	assert_string_equal(look_space_ink(4), "#FFFFFF");
	assert_string_equal(look_space_ink(5), "#FFFFFF");
	assert_string_equal(look_space_ink(6), "#FFFFFF");
	for (int i = 0; i < 7; i++)
		for (int j = 0; j < i; j++)
			assert_string_not_equal(look_space_colour(i), look_space_colour(j));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_one_to_999),
		cmocka_unit_test(test_by_hand),
		cmocka_unit_test(test_palette),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
