/* The component model: products, specials, optional groups, tiles, letters,
 * tokens, boards and deal tables; bad input reported at file:line:column. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "kit.h"

static char *errors;
static size_t errors_len;
static FILE *err_stream;

static struct kit *parse(const char *text)
{
	free(errors);
	errors = NULL;
	err_stream = open_memstream(&errors, &errors_len);
	diag_set_stream(err_stream);
	diag_set_excerpts(0);
	struct kit *d = kit_parse("t.yaml", text, strlen(text));
	fclose(err_stream);
	diag_set_stream(stderr);
	diag_reset();
	return d;
}

static const char take[] =
	"pack: t\n"
	"game: take-the-train\n"
	"cards:\n"
	"  - name: number\n"
	"    product:\n"
	"      colour: [blue, green, magenta, orange]\n"
	"      number: {from: 1, to: 12}\n"
	"  - {name: station, label: Station, product: {colour: [blue, green, magenta, orange]}}\n"
	"  - {name: free-ride, label: Free Ride, count: 2}\n"
	"  - {name: end-of-line, label: End of Line, count: 2}\n"
	"  - {name: transfer, label: Transfer, count: 2, optional: true}\n"
	"tokens:\n"
	"  - {name: fare, count: 100}\n"
	"deal:\n"
	"  hands:\n"
	"    - {players: 2-3, cards: 13}\n"
	"    - {players: 4-7, cards: 8}\n";

static void test_products(void **state)
{
	(void)state;
	struct kit *d = parse(take);
	assert_non_null(d);
	/* 48 + 4 + 2 + 2 + 2 = 58 cards (the page's deck) and 100 fares */
	assert_int_equal(kit_count(d, KIT_CARD), 58);
	assert_int_equal(kit_count(d, KIT_TOKEN), 100);
	/* the last field varies fastest */
	assert_string_equal(d->items[0].name, "blue 1");
	assert_string_equal(d->items[12].name, "green 1");
	assert_string_equal(d->items[48].name, "blue Station");
	assert_string_equal(d->items[52].name, "Free Ride");
	assert_int_equal(d->items[52].count, 2);
	/* the deal table: 13 for 2 or 3, 8 for 4 or more */
	assert_int_equal(kit_hand_size(d, 3, 58), 13);
	assert_int_equal(kit_hand_size(d, 4, 58), 8);
	assert_int_equal(kit_hand_size(d, 1, 58), -1);
	kit_free(d);
}

static void test_optional(void **state)
{
	(void)state;
	static char transfer[] = "transfer", station[] = "station";
	char *without[] = {transfer};
	FILE *f = fopen("/tmp/railyard-test-deck.yaml", "w");
	assert_non_null(f);
	fputs(take, f);
	fclose(f);
	struct kit *d = kit_load("/tmp/railyard-test-deck.yaml", without, 1, NULL, 0);
	assert_non_null(d);
	assert_int_equal(kit_count(d, KIT_CARD), 56);
	assert_false(kit_group_named(d, "transfer")->included);
	kit_free(d);
	char *bad[] = {station};   /* not optional */
	diag_set_quiet(1);
	assert_null(kit_load("/tmp/railyard-test-deck.yaml", bad, 1, NULL, 0));
	diag_set_quiet(0);
	diag_reset();
	remove("/tmp/railyard-test-deck.yaml");
}

static void test_tiles_letters_board(void **state)
{
	(void)state;
	struct kit *d = parse("pack: x\ngame: toy-train\ntiles: {double: 9}\n"
			       "letters: {total: 7, wild: '?', counts: {A: 3, B: 2, '?': 2}}\n"
			       "board: {spaces: 50, start: {space: 1, label: GO},\n"
			       "        marks: {broken: {spaces: [8, 15]}}}\n"
			       "deal: {hands: [{players: 4-10, cards: even}]}\n");
	assert_non_null(d);
	assert_int_equal(kit_count(d, KIT_TILE), 55);
	assert_int_equal(kit_count(d, KIT_LETTER), 7);
	assert_int_equal(d->board.finish, 50);
	assert_non_null(kit_space_mark(d, 15));
	assert_null(kit_space_mark(d, 16));
	assert_int_equal(kit_hand_size(d, 4, 55), 13);
	assert_int_equal(kit_hand_size(d, 10, 55), 5);
	kit_free(d);
}

static void test_errors(void **state)
{
	(void)state;
	/* every problem, each at its line and column */
	struct kit *d = parse("pack: Bad Id\n"
			       "game: x\n"
			       "cards:\n"
			       "  - {name: a, product: {n: [1, 1]}, colour: red}\n"
			       "letters: {total: 5, counts: {A: 3}}\n"
			       "board: {spaces: 10, marks: {broken: {spaces: [10, 11]}}}\n"
			       "deal: {hands: [{players: 2-3, cards: 5}, {players: 3, cards: 4}]}\n"
			       "colour: blue\n");
	assert_null(d);
	assert_non_null(strstr(errors, "t.yaml:1:7: error: 'pack' must be"));
	assert_non_null(strstr(errors, "t.yaml:4:32: error: field 'n' lists '1' twice"));
	assert_non_null(strstr(errors, "t.yaml:4:37: error: unknown key 'colour'"));
	assert_non_null(strstr(errors, "t.yaml:5:18: error: 'total' says 5, but the counts add up to 3"));
	assert_non_null(strstr(errors, "t.yaml:6:47: error: space 10 is the board's finish"));
	assert_non_null(strstr(errors, "t.yaml:6:51: error: 'spaces' must be 1..10, not 11"));
	assert_non_null(strstr(errors, "t.yaml:7:52: error: players 3 overlap an earlier 'hands' entry (2-3)"));
	assert_non_null(strstr(errors, "t.yaml:8:1: error: unknown key 'colour'"));
}

static int cleanup(void **state)
{
	(void)state;
	free(errors);
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_products),
		cmocka_unit_test(test_optional),
		cmocka_unit_test(test_tiles_letters_board),
		cmocka_unit_test(test_errors),
	};
	return cmocka_run_group_tests(tests, NULL, cleanup);
}
