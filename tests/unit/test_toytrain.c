/* Toy Train (seeds/004): the page's example (TO, TOP, TONIGHT, TONE) with a small
 * word list written here, wild carriages, used words, letter counts, the board. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "toytrain.h"

static struct toy_words words;
static const int broken[] = {8, 15, 22, 29, 36, 43};
static struct toy_rules rules;

static int setup(void **state)
{
	(void)state;
	char path[] = "/tmp/railyard-toy-XXXXXX";
	int fd = mkstemp(path);
	if (fd < 0)
		return -1;
	static const char list[] = "Tony\nto\ntome\ntone\ntone's\ntonight\ntop\ntrain\r\nzebra\néclair\n";
	if (write(fd, list, sizeof list - 1) != (ssize_t)(sizeof list - 1))
		return -1;
	close(fd);
	int rc = toy_words_load(path, &words);
	unlink(path);
	memset(&rules, 0, sizeof rules);
	rules.min_letters = 4;
	rules.wild = '?';
	for (int i = 0; i < 26; i++)
		rules.counts[i] = 3;
	rules.counts['Q' - 'A'] = 1;
	rules.counts[26] = 2;
	rules.start = 1;
	rules.finish = 50;
	rules.broken = broken;
	rules.nbroken = 6;
	return rc;
}

static int teardown(void **state)
{
	(void)state;
	toy_words_free(&words);
	return 0;
}

static bool check(const char *w, const char *const *used, size_t nused, int at, struct toy_result *res)
{
	struct buf why = {0};
	toy_check(&rules, &words, w, used, nused, at, res, &why);
	buf_free(&why);
	return res->valid;
}

static void test_word_list(void **state)
{
	(void)state;
	/* only all-lowercase a-z entries: not Tony, tone's, éclair */
	assert_int_equal(words.n, 7);
	assert_string_equal(words.words[5], "train");  /* CRLF line end dropped */
}

static void test_page_example(void **state)
{
	(void)state;
	struct toy_result r;
	/* "a three-letter word doesn't count" */
	assert_false(check("TOP", NULL, 0, 1, &r));
	assert_int_equal(r.land, 1);
	toy_result_free(&r);
	/* TONE: "moving forward his locomotive by 4 spaces" */
	assert_true(check("TONE", NULL, 0, 1, &r));
	assert_int_equal(r.land, 5);
	assert_false(r.broken);
	toy_result_free(&r);
	/* TONIGHT from GO ends on the broken railway: the locomotive stays put */
	assert_true(check("TONIGHT", NULL, 0, 1, &r));
	assert_true(r.broken);
	assert_int_equal(r.target, 8);
	assert_int_equal(r.land, 1);
	toy_result_free(&r);
	/* not a word */
	assert_false(check("TONX", NULL, 0, 1, &r));
	toy_result_free(&r);
}

static void test_wild_and_used(void **state)
{
	(void)state;
	struct toy_result r;
	assert_true(check("TO?E", NULL, 0, 1, &r));
	assert_int_equal(r.nmatch, 2);              /* tome, tone */
	assert_string_equal(r.match, "tome");
	toy_result_free(&r);
	const char *used[] = {"TOME"};
	assert_true(check("TO?E", used, 1, 1, &r));
	assert_string_equal(r.match, "tone");
	toy_result_free(&r);
	const char *both[] = {"tome", "Tone"};
	assert_false(check("TO?E", both, 2, 1, &r));
	toy_result_free(&r);
	assert_false(check("T???", NULL, 0, 1, &r));   /* three wilds; the pack has two */
	toy_result_free(&r);
	assert_false(check("TO-E", NULL, 0, 1, &r));
	toy_result_free(&r);
}

static void test_board(void **state)
{
	(void)state;
	struct toy_result r;
	assert_true(check("TRAIN", NULL, 0, 10, &r));
	assert_int_equal(r.target, 15);                 /* space 15 is broken: stays */
	assert_int_equal(r.land, 10);
	assert_true(r.broken);
	toy_result_free(&r);
	assert_true(check("ZEBRA", NULL, 0, 40, &r));
	assert_int_equal(r.land, 45);
	toy_result_free(&r);
	assert_true(check("ZEBRA", NULL, 0, 46, &r));   /* a carriage on FINISH: wins */
	assert_true(r.finish);
	assert_int_equal(r.land, 50);
	toy_result_free(&r);
}

/* The pack's letter mix is toy_mix's "frequency" method over wamerican. */
static void test_mix(void **state)
{
	(void)state;
	static const long pack[26] = {9, 2, 5, 5, 14, 2, 4, 3, 10, 1, 1, 6, 3,
				      8, 7, 3, 1, 9, 11, 8, 4, 1, 1, 1, 2, 1};
	long counts[26], sum = 0;
	struct toy_words w;
	assert_int_equal(toy_mix("even", NULL, 4, 122, counts), 0);
	for (int i = 0; i < 26; i++)
		sum += counts[i];
	assert_int_equal(sum, 122);
	assert_int_equal(counts[0], 5);      /* 122 = 26 x 4 + 18: A..R get 5 */
	assert_int_equal(counts[17], 5);
	assert_int_equal(counts[18], 4);
	assert_int_equal(toy_mix("scrabble", NULL, 4, 122, counts), -1);
	if (toy_words_load("/usr/share/dict/words", &w) != 0)
		skip();
	assert_int_equal(toy_mix("frequency", &w, 4, 122, counts), 0);
	for (int i = 0; i < 26; i++)
		assert_int_equal(counts[i], pack[i]);
	toy_words_free(&w);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_word_list),
		cmocka_unit_test(test_page_example),
		cmocka_unit_test(test_wild_and_used),
		cmocka_unit_test(test_board),
		cmocka_unit_test(test_mix),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
