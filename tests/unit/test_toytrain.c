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

#include "toy.h"

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
	toy_check_word(&rules, &words, w, used, nused, at, res, &why);
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

/* ---- the one legality (toy_legal, toy_legal_moves, toy_legal_letters) ---- */

static uint64_t rng_state;
static unsigned below(unsigned n)
{
	uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return (unsigned)((z ^ (z >> 31)) % n);
}

/* The carriages the engine lays from (toy_legal_letters; toy_legal_moves
 * under a random set of letters, as a trie node's children) against every
 * candidate (each letter, as itself or the wild, by either player) judged by
 * toy_legal. */
static long compare_carriages(const struct toy_round *r)
{
	struct toy_move listed[52], some[52];
	size_t n = toy_legal_moves(r, TOY_ALL_LETTERS, listed), k = 0;
	uint32_t mask = (uint32_t)below(1u << 26), own, wild;
	size_t nsome = toy_legal_moves(r, mask, some), insome = 0;
	toy_legal_letters(r, &own, &wild);
	for (int l = 0; l < 26; l++)
		for (int w = 0; w < 2; w++)
			for (int d = 0; d < 2; d++) {
				struct toy_move m = {l, w, d};
				bool ok = toy_legal(r, m) == TOY_OK;
				bool in = false;
				for (size_t i = 0; i < n; i++)
					in |= listed[i].letter == l && listed[i].wild == w && listed[i].driver == d;
				if (ok != in)
					fail_msg("letter %c%s by the %s, %d laid (alone %d, at %d): toy_legal says %s, "
						 "toy_legal_moves %s", 'A' + l, w ? " (wild)" : "", d ? "Engine-Driver" : "Braker",
						 r->laid, r->alone, r->at, ok ? "legal" : "not", ok ? "omits it" : "lists it");
				k += ok;
				insome += ok && (mask >> l & 1);
				if (ok && w)
					assert_true(wild >> l & 1);
				if (ok && !w)
					assert_true(own >> l & 1);
			}
	assert_int_equal(k, n);
	assert_int_equal(insome, nsome);
	for (size_t i = 0; i < nsome; i++)
		assert_true(mask >> some[i].letter & 1);
	for (int l = 0; l < 26; l++) {
		bool drv = toy_driver_lays(r);
		assert_int_equal(own >> l & 1, toy_legal(r, (struct toy_move){l, false, drv}) == TOY_OK);
		assert_int_equal(wild >> l & 1, toy_legal(r, (struct toy_move){l, true, drv}) == TOY_OK);
	}
	return (long)n;
}

/* Rounds of random play from face-up carriages `all`, the locomotive at random
 * spaces (near FINISH too), comparing before every carriage. */
static long play_rounds(const long all[27], int rounds)
{
	struct toy_round r;
	memset(&r, 0, sizeof r);
	memcpy(r.up, all, sizeof r.up);
	long compared = 0;
	for (int round = 0; round < rounds; round++) {
		r.laid = 0;
		r.alone = r.over = false;
		r.finish = 50;
		r.at = 1 + (int)below(49);
		int stop = 1 + (int)below(9);
		for (;;) {
			compared += compare_carriages(&r);
			if (r.laid >= stop) {
				if (below(4) == 0 && !r.alone) {
					r.alone = true;   /* outcome 4: the Engine-Driver goes on alone */
					stop += 1 + (int)below(4);
					continue;
				}
				r.over = true;        /* a word: the round has ended */
				compared += compare_carriages(&r);
				break;
			}
			struct toy_move mv[52];
			size_t n = toy_legal_moves(&r, TOY_ALL_LETTERS, mv);
			if (!n)
				break;
			toy_apply(&r, mv[below((unsigned)n)]);
		}
		toy_turn_up(r.up, all);
	}
	return compared;
}

/* Property (issue 28): under every letter-mix toy_rule_keys offers, broken
 * railways by the board or every few spaces, and min-letters 3 to 5, the
 * carriages the engine lays from are exactly the ones toy_legal accepts. The
 * legality of a carriage does not read the board or min-letters: they vary
 * here so the combinations are all played. */
static void test_legal_moves_property(void **state)
{
	(void)state;
	const char *mixes = NULL;
	for (int k = 0; toy_rule_keys[k].key; k++)
		if (!strcmp(toy_rule_keys[k].key, "letter-mix"))
			mixes = toy_rule_keys[k].values;
	assert_non_null(mixes);
	char buf[64];
	snprintf(buf, sizeof buf, "%s", mixes);
	long compared = 0;
	int combos = 0;
	for (char *mix = strtok(buf, "|"); mix; mix = strtok(NULL, "|"))
		for (int every = 0; every <= 5; every += 5)
			for (int min = 3; min <= 5; min++) {
				long all[27];
				memcpy(all, rules.counts, sizeof all);
				if (strcmp(mix, "pack") != 0)
					assert_int_equal(toy_mix(mix, &words, min, 80, all), 0);
				all[26] = 2;
				rng_state = 28u + (unsigned)combos++;
				compared += play_rounds(all, 40);
			}
	assert_int_equal(combos, 18);
	assert_true(compared > 10000);
}

/* Each rule of toy_legal, toy_driver_lays, toy_alone, toy_word, toy_land and
 * toy_turn_up, one case each. */
static void test_legal_refusals(void **state)
{
	(void)state;
	struct toy_round r;
	memset(&r, 0, sizeof r);
	r.up['T' - 'A'] = 1;
	r.up[26] = 1;
	r.at = 1;
	r.finish = 50;
	struct toy_move t = {'T' - 'A', false, true};
	/* "The Engine-Driver will add two carriages at the beginning" */
	assert_int_equal(toy_legal(&r, (struct toy_move){'T' - 'A', false, false}), TOY_NOT_YOUR_TURN);
	assert_int_equal(toy_legal(&r, t), TOY_OK);
	toy_apply(&r, t);
	assert_int_equal(r.up['T' - 'A'], 0);
	/* no T face up; the wild may stand for it */
	assert_int_equal(toy_legal(&r, t), TOY_NOT_UP);
	assert_int_equal(toy_legal(&r, (struct toy_move){'T' - 'A', true, true}), TOY_OK);
	assert_true(toy_driver_lays(&r));            /* his second carriage */
	r.laid = 2;
	assert_false(toy_driver_lays(&r));           /* then the Braker's */
	r.laid = 3;
	assert_true(toy_driver_lays(&r));            /* and they alternate */
	r.laid = 4;
	r.alone = true;                              /* outcome 4: alone */
	assert_true(toy_alone(&r));
	assert_true(toy_driver_lays(&r));
	r.alone = false;
	r.at = 46;                                   /* a carriage on FINISH: alone */
	assert_true(toy_alone(&r));
	assert_true(toy_driver_lays(&r));
	r.at = 45;
	assert_false(toy_alone(&r));
	r.over = true;                               /* a word ends the round */
	assert_int_equal(toy_legal(&r, (struct toy_move){'T' - 'A', true, false}), TOY_ROUND_OVER);
	/* "at least four letters long", in the list, not used before */
	assert_int_equal(toy_word(4, 3, true, false), TOY_SHORT);
	assert_int_equal(toy_word(4, 4, false, false), TOY_NOT_A_WORD);
	assert_int_equal(toy_word(4, 4, true, true), TOY_USED);
	assert_int_equal(toy_word(4, 4, true, false), TOY_OK);
	/* the board: FINISH, a broken railway, a plain space */
	bool on_broken, finish;
	assert_int_equal(toy_land(&rules, 46, 4, &on_broken, &finish), 50);
	assert_true(finish);
	assert_int_equal(toy_land(&rules, 10, 5, &on_broken, &finish), 10);
	assert_true(on_broken);
	assert_false(finish);
	assert_int_equal(toy_land(&rules, 10, 4, &on_broken, &finish), 14);
	assert_false(on_broken);
	/* fewer than 10 face up: all turned up again */
	long up[27] = {0}, all[27];
	for (int i = 0; i < 27; i++)
		all[i] = 2;
	up[0] = 9;
	assert_true(toy_turn_up(up, all));
	assert_int_equal(up[5], 2);
	up[0] = 10;
	up[5] = 0;
	assert_false(toy_turn_up(up, all));
	assert_int_equal(up[5], 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_word_list),
		cmocka_unit_test(test_page_example),
		cmocka_unit_test(test_wild_and_used),
		cmocka_unit_test(test_board),
		cmocka_unit_test(test_mix),
		cmocka_unit_test(test_legal_moves_property),
		cmocka_unit_test(test_legal_refusals),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
