/* Unit tests for the assignment core: every table and figure of the seed page. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "trains_ability.h"
#include "diag.h"
#include "trains_rules.h"

static struct pack *load(const char *yaml)
{
	diag_set_quiet(1);
	struct pack *p = pack_parse("test.yaml", yaml, strlen(yaml));
	diag_set_quiet(0);
	return p;
}

static const char *code_of(const struct pack *p, long n)
{
	return p->abilities.v[p->by_number[n - 1]].code;
}

static const char *sym_of(const struct pack *p, long n)
{
	return p->abilities.v[p->by_number[n - 1]].symbolic;
}

/* A row of a page table: an ability and its cards, 0-terminated. */
struct row {
	const char *ability;
	long cards[6];
};

static void expect_table(const struct pack *p, const struct row *rows, size_t nrows)
{
	assert_int_equal(p->abilities.n, nrows);
	long seen = 0;
	for (size_t r = 0; r < nrows; r++)
		for (const long *c = rows[r].cards; *c; c++) {
			assert_string_equal(sym_of(p, *c), rows[r].ability);
			seen++;
		}
	assert_int_equal(seen, p->cards);
}

/* §3, pattern one, census seven, as printed. */
static void pattern_one_census_seven(void **state)
{
	(void)state;
	static const struct row page[] = {
		{"A ↔ B", {1, 22, 43, 64}}, {"B ↔ D", {8, 29, 50, 71}}, {"C ↔ G", {15, 36, 57, 78}},
		{"A ↔ C", {2, 23, 44, 65}}, {"B ↔ E", {9, 30, 51, 72}}, {"D ↔ E", {16, 37, 58, 79}},
		{"A ↔ D", {3, 24, 45, 66}}, {"B ↔ F", {10, 31, 52, 73}}, {"D ↔ F", {17, 38, 59, 80}},
		{"A ↔ E", {4, 25, 46, 67}}, {"B ↔ G", {11, 32, 53, 74}}, {"D ↔ G", {18, 39, 60, 81}},
		{"A ↔ F", {5, 26, 47, 68}}, {"C ↔ D", {12, 33, 54, 75}}, {"E ↔ F", {19, 40, 61, 82}},
		{"A ↔ G", {6, 27, 48, 69}}, {"C ↔ E", {13, 34, 55, 76}}, {"E ↔ G", {20, 41, 62, 83}},
		{"B ↔ C", {7, 28, 49, 70}}, {"C ↔ F", {14, 35, 56, 77}}, {"F ↔ G", {21, 42, 63, 84}},
	};
	struct pack *p = load("pack: p1\ngame: trains\ncensus: 7\nabilities: [swap]\ncards: 84\n");
	assert_non_null(p);
	expect_table(p, page, sizeof page / sizeof *page);
	/* Figure 3: the placemat loaded in descending order. */
	static const struct { long n; const char *code; } fig3[] = {
		{76, "CE"}, {70, "BC"}, {58, "DE"}, {51, "BE"}, {43, "AB"}, {22, "AB"}, {9, "BE"},
	};
	for (size_t i = 0; i < sizeof fig3 / sizeof *fig3; i++)
		assert_string_equal(code_of(p, fig3[i].n), fig3[i].code);
	/* "Each swap appears once in each quadrant": every block of 21 holds each once. */
	for (long q = 0; q < 4; q++) {
		long counts[21];
		memset(counts, 0, sizeof counts);
		for (long n = q * 21 + 1; n <= q * 21 + 21; n++)
			counts[p->by_number[n - 1]]++;
		for (int a = 0; a < 21; a++)
			assert_int_equal(counts[a], 1);
	}
	pack_free(p);
}

/* §3: "removing all the cards that specify space G in a swap (6, 11, 15, 18, 20, 21,
 * et cetera)" leaves a census-six game. */
static void census_six_by_removal(void **state)
{
	(void)state;
	struct pack *p = load("pack: p1\ngame: trains\ncensus: 7\nabilities: [swap]\ncards: 84\n");
	assert_non_null(p);
	int g = space_parse(&p->layout, "G");
	assert_int_equal(g, 6);
	static const long page[] = {6, 11, 15, 18, 20, 21};
	long found[84], nf = 0;
	for (long n = 1; n <= 84; n++)
		if (ability_names_space(&p->layout, &p->abilities.v[p->by_number[n - 1]], g))
			found[nf++] = n;
	assert_int_equal(nf, 24); /* six swaps name G, four times each */
	for (size_t i = 0; i < 6; i++)
		assert_int_equal(found[i], page[i]);
	assert_int_equal(found[6], 27); /* the next quadrant starts again with A ↔ G */
	pack_free(p);
}

static void pattern_one_census_six(void **state)
{
	(void)state;
	static const struct row page[] = {
		{"A ↔ B", {1, 16, 31, 46}}, {"B ↔ C", {6, 21, 36, 51}}, {"C ↔ E", {11, 26, 41, 56}},
		{"A ↔ C", {2, 17, 32, 47}}, {"B ↔ D", {7, 22, 37, 52}}, {"C ↔ F", {12, 27, 42, 57}},
		{"A ↔ D", {3, 18, 33, 48}}, {"B ↔ E", {8, 23, 38, 53}}, {"D ↔ E", {13, 28, 43, 58}},
		{"A ↔ E", {4, 19, 34, 49}}, {"B ↔ F", {9, 24, 39, 54}}, {"D ↔ F", {14, 29, 44, 59}},
		{"A ↔ F", {5, 20, 35, 50}}, {"C ↔ D", {10, 25, 40, 55}}, {"E ↔ F", {15, 30, 45, 60}},
	};
	struct pack *p = load("pack: p1\ngame: trains\ncensus: 6\nabilities: [swap]\ncards: 60\n");
	assert_non_null(p);
	expect_table(p, page, sizeof page / sizeof *page);
	pack_free(p);
}

/* §4, pattern two. The page's table prints "B ↔ H 13, 41, 69" and has no B ↔ E: a
 * census-seven pack has no space H, and its rows B ↔ D 10 .. B ↔ H 13 are shifted by
 * one. The figures settle it: Beth's 12 BF and 40 BF, Carl's 68 BF and 69 BG are
 * the computed order, B ↔ E 11, B ↔ F 12, B ↔ G 13. We follow the figures. */
static void pattern_two_census_seven(void **state)
{
	(void)state;
	static const struct row corrected[] = {
		{"A → X", {1, 29, 57}}, {"B → X", {8, 36, 64}}, {"C ↔ D", {15, 43, 71}}, {"D ↔ G", {22, 50, 78}},
		{"A ↔ B", {2, 30, 58}}, {"B ↔ C", {9, 37, 65}}, {"C ↔ E", {16, 44, 72}}, {"E → X", {23, 51, 79}},
		{"A ↔ C", {3, 31, 59}}, {"B ↔ D", {10, 38, 66}}, {"C ↔ F", {17, 45, 73}}, {"E ↔ F", {24, 52, 80}},
		{"A ↔ D", {4, 32, 60}}, {"B ↔ E", {11, 39, 67}}, {"C ↔ G", {18, 46, 74}}, {"E ↔ G", {25, 53, 81}},
		{"A ↔ E", {5, 33, 61}}, {"B ↔ F", {12, 40, 68}}, {"D → X", {19, 47, 75}}, {"F → X", {26, 54, 82}},
		{"A ↔ F", {6, 34, 62}}, {"B ↔ G", {13, 41, 69}}, {"D ↔ E", {20, 48, 76}}, {"F ↔ G", {27, 55, 83}},
		{"A ↔ G", {7, 35, 63}}, {"C → X", {14, 42, 70}}, {"D ↔ F", {21, 49, 77}}, {"G → X", {28, 56, 84}},
	};
	struct pack *p = load("pack: p2\ngame: trains\ncensus: 7\nabilities: [remove, swap]\ncards: 84\n");
	assert_non_null(p);
	expect_table(p, corrected, sizeof corrected / sizeof *corrected);
	/* Every card shown in figures 5 and 6 (and the two drawn cards 57 AX, 10 BD). */
	static const struct { long n; const char *code; } fig[] = {
		{8, "BX"}, {64, "BX"}, {72, "CE"}, {62, "AF"}, {24, "EF"}, {3, "AC"}, {17, "CF"},   /* Andy */
		{46, "CG"}, {37, "BC"}, {5, "AE"}, {12, "BF"}, {42, "CX"}, {47, "DX"}, {40, "BF"},  /* Beth */
		{69, "BG"}, {63, "AG"}, {20, "DE"}, {31, "AC"}, {68, "BF"}, {70, "CX"}, {34, "AF"}, /* Carl */
		{53, "EG"}, {7, "AG"}, {45, "CF"}, {9, "BC"}, {50, "DG"}, {27, "FG"}, {56, "GX"},   /* Dora */
		{57, "AX"}, {10, "BD"},
	};
	for (size_t i = 0; i < sizeof fig / sizeof *fig; i++)
		assert_string_equal(code_of(p, fig[i].n), fig[i].code);
	/* The page's own table, as printed, disagrees with its figures at 11, 12, 13. */
	assert_string_not_equal(sym_of(p, 11), "B ↔ F");
	assert_string_not_equal(sym_of(p, 12), "B ↔ G");
	assert_int_equal(ability_find(&p->abilities, "B ↔ H"), -1);
	pack_free(p);
}

static void pattern_three_census_five(void **state)
{
	(void)state;
	static const struct row page[] = {
		{"A ↔ B", {1, 11, 21, 31, 41}}, {"B ↔ D", {6, 16, 26, 36, 46}},
		{"A ↔ C", {2, 12, 22, 32, 42}}, {"B ↔ E", {7, 17, 27, 37, 47}},
		{"A ↔ D", {3, 13, 23, 33, 43}}, {"C ↔ D", {8, 18, 28, 38, 48}},
		{"A ↔ E", {4, 14, 24, 34, 44}}, {"C ↔ E", {9, 19, 29, 39, 49}},
		{"B ↔ C", {5, 15, 25, 35, 45}}, {"D ↔ E", {10, 20, 30, 40, 50}},
	};
	struct pack *p = load("pack: p3\ngame: trains\ncensus: 5\nabilities: [swap]\ncards: 50\n"
			      "rules: {swap-across: two-sequences}\n");
	assert_non_null(p);
	expect_table(p, page, sizeof page / sizeof *page);
	pack_free(p);
}

static void expect_symbolic(const struct ability_list *l, size_t from, const char *const *want, size_t n)
{
	for (size_t i = 0; i < n; i++)
		assert_string_equal(l->v[from + i].symbolic, want[i]);
}

/* §8: the sixteen categories on a 3x3 grid, in the page's order and counts. */
static void grid_categories(void **state)
{
	(void)state;
	struct layout lay = {9, 3, 3};
	static const struct { const char *kind; size_t count; } cats[] = {
		{"row-swap", 9}, {"column-swap", 9}, {"cross-swap", 18}, {"row-rotate", 6},
		{"column-rotate", 6}, {"remove", 9}, {"row-any-swap", 3}, {"column-any-swap", 3},
		{"pair-any-row", 3}, {"pair-any-column", 3}, {"rotate-any-row", 2},
		{"rotate-any-column", 2}, {"row-rotate-either", 3}, {"column-rotate-either", 3},
		{"row-any-remove", 3}, {"column-any-remove", 3},
	};
	for (size_t i = 0; i < sizeof cats / sizeof *cats; i++) {
		struct ability_spec spec = {.kind = (enum ability_kind)ability_kind_parse(cats[i].kind)};
		struct ability_list l;
		ability_list_build(&lay, &spec, 1, ORDER_KIND, &l);
		assert_int_equal(l.n, cats[i].count);
		if (i == 0) {
			static const char *const rows[] = {"AD ↔ AE", "AE ↔ AF", "AF ↔ AD", "BD ↔ BE"};
			expect_symbolic(&l, 0, rows, 4);
		} else if (i == 1) {
			static const char *const cols[] = {"AD ↔ BD", "BD ↔ CD", "CD ↔ AD", "AE ↔ BE"};
			expect_symbolic(&l, 0, cols, 4);
		} else if (i == 2) {
			static const char *const cross[] = {"AD ↔ BE", "AD ↔ BF", "AE ↔ BF", "AE ↔ BD",
				"AF ↔ BD", "AF ↔ BE", "BD ↔ CE", "BD ↔ CF", "BE ↔ CF", "BE ↔ CD", "BF ↔ CD",
				"BF ↔ CE", "CD ↔ AE", "CD ↔ AF", "CE ↔ AF", "CE ↔ AD", "CF ↔ AD", "CF ↔ AE"};
			expect_symbolic(&l, 0, cross, 18);
		} else if (i == 3) {
			static const char *const rot[] = {"AD → AE → AF → AD", "BD → BE → BF → BD",
				"CD → CE → CF → CD", "AF → AE → AD → AF", "BF → BE → BD → BF", "CF → CE → CD → CF"};
			expect_symbolic(&l, 0, rot, 6);
			/* The card at AD moves to AE when row A rotates right. */
			assert_int_equal(l.v[0].sp[0], 0);
			assert_int_equal(l.v[0].sp[1], 1);
		} else if (i == 4) {
			static const char *const rot[] = {"AD → BD → CD → AD", "AE → BE → CE → AE",
				"AF → BF → CF → AF", "CD → BD → AD → CD", "CE → BE → AE → CE", "CF → BF → AF → CF"};
			expect_symbolic(&l, 0, rot, 6);
		} else if (i == 5) {
			static const char *const rm[] = {"AD → X", "AE → X", "AF → X", "BD → X"};
			expect_symbolic(&l, 0, rm, 4);
		}
		/* Codes are distinct within a category. */
		for (size_t a = 0; a < l.n; a++)
			for (size_t b = a + 1; b < l.n; b++)
				assert_string_not_equal(l.v[a].code, l.v[b].code);
		ability_list_free(&l);
	}
}

/* The cyclic pair order generalises: a 4x4 grid has C(4,2) = 6 swaps per row, each
 * pair once, and cross swaps number C(R,2) * C * (C-1). */
static void grid_general(void **state)
{
	(void)state;
	struct layout lay = {16, 4, 4};
	struct ability_spec spec = {.kind = AK_ROW_SWAP};
	struct ability_list l;
	ability_list_build(&lay, &spec, 1, ORDER_KIND, &l);
	assert_int_equal(l.n, 4 * 6);
	for (size_t a = 0; a < l.n; a++)
		for (size_t b = a + 1; b < l.n; b++) {
			bool same = (l.v[a].sp[0] == l.v[b].sp[0] && l.v[a].sp[1] == l.v[b].sp[1]) ||
				    (l.v[a].sp[0] == l.v[b].sp[1] && l.v[a].sp[1] == l.v[b].sp[0]);
			assert_false(same);
		}
	ability_list_free(&l);
	spec.kind = AK_CROSS_SWAP;
	struct layout lay2 = {15, 3, 5};
	ability_list_build(&lay2, &spec, 1, ORDER_KIND, &l);
	assert_int_equal(l.n, 3 * 5 * 4);
	ability_list_free(&l);
	assert_int_equal(space_parse(&lay2, "AD"), 0);
	assert_int_equal(space_parse(&lay2, "CH"), 14);
	assert_int_equal(space_parse(&lay2, "AC"), -1); /* C is a row letter */
}

static void find_forms(void **state)
{
	(void)state;
	struct pack *p = load("pack: p2\ngame: trains\ncensus: 7\nabilities: [remove, swap]\ncards: 84\n");
	assert_non_null(p);
	int ab = ability_find(&p->abilities, "AB");
	assert_true(ab >= 0);
	assert_int_equal(ability_find(&p->abilities, "A ↔ B"), ab);
	assert_int_equal(ability_find(&p->abilities, "A↔B"), ab);
	assert_int_equal(ability_find(&p->abilities, "A <-> B"), ab);
	int bx = ability_find(&p->abilities, "BX");
	assert_true(bx >= 0);
	assert_int_equal(ability_find(&p->abilities, "B → X"), bx);
	assert_int_equal(ability_find(&p->abilities, "B -> X"), bx);
	assert_int_equal(ability_find(&p->abilities, "BA"), -1); /* the page writes A ↔ B */
	assert_int_equal(ability_find(&p->abilities, "AH"), -1);
	pack_free(p);
}

/* Balance by construction: any prefix is balanced within one, and the abilities
 * holding one more are the first ones of the order. */
static void reductions(void **state)
{
	(void)state;
	struct pack *p = load("pack: p2\ngame: trains\ncensus: 7\nabilities: [remove, swap]\ncards: 86\n"
			      "players: {2: 56, 5: 86}\n");
	assert_non_null(p);
	long counts[28];
	ability_counts(p->by_number, 56, 28, counts);
	for (int a = 0; a < 28; a++)
		assert_int_equal(counts[a], 2);
	ability_counts(p->by_number, 86, 28, counts);
	for (int a = 0; a < 28; a++)
		assert_int_equal(counts[a], a < 2 ? 4 : 3);
	pack_free(p);
}

static void copies_and_wilds(void **state)
{
	(void)state;
	struct pack *p = load("pack: p\ngame: trains\ncensus: 3\nabilities: [swap]\ncards: 6\n"
			      "copies: 2\nwild: 1\n");
	assert_non_null(p);
	assert_int_equal(pack_card_total(p), 13);
	int a;
	assert_int_equal(pack_card_at(p, 0, &a), 1);
	assert_int_equal(pack_card_at(p, 1, &a), 1);
	assert_int_equal(pack_card_at(p, 2, &a), 2);
	assert_int_equal(pack_card_at(p, 11, &a), 6);
	assert_int_equal(pack_card_at(p, 12, &a), 0);
	assert_int_equal(a, -1);
	pack_free(p);
}

static void number_abilities(void **state)
{
	(void)state;
	struct pack *p = load("pack: g\ngame: trains\ngrid: [3, 3]\ncards: 12\nabilities:\n"
			      "  - {action: remove, pick: lowest, filter: even, code: LE}\n"
			      "  - {action: remove, pick: highest, in: row, code: H}\n");
	assert_non_null(p);
	assert_int_equal(p->abilities.n, 4);
	assert_string_equal(p->abilities.v[0].symbolic, "remove the lowest even-numbered card");
	assert_string_equal(p->abilities.v[0].code, "LE");
	assert_string_equal(p->abilities.v[3].symbolic, "remove the highest card in row C");
	assert_string_equal(p->abilities.v[3].code, "HC");
	pack_free(p);
}

/* Census 24 and up have a space X: A ↔ X is AX, so A → X is written Ax. */
static void census_with_space_x(void **state)
{
	(void)state;
	struct pack *p = load("pack: big\ngame: trains\ncensus: 26\nabilities: [remove, swap]\ncards: 351\n");
	assert_non_null(p);
	assert_int_equal(p->abilities.n, 26 + 325);
	for (size_t a = 0; a < p->abilities.n; a++)
		for (size_t b = a + 1; b < p->abilities.n; b++)
			assert_string_not_equal(p->abilities.v[a].code, p->abilities.v[b].code);
	int ax = ability_find(&p->abilities, "AX"), rm = ability_find(&p->abilities, "A → X");
	assert_true(ax >= 0 && rm >= 0 && ax != rm);
	assert_string_equal(p->abilities.v[ax].symbolic, "A ↔ X");
	assert_string_equal(p->abilities.v[rm].code, "Ax");
	pack_free(p);
	p = load("pack: small\ngame: trains\ncensus: 23\nabilities: [remove]\ncards: 23\n");
	assert_non_null(p);
	assert_string_equal(p->abilities.v[0].code, "AX");
	pack_free(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(pattern_one_census_seven),
		cmocka_unit_test(census_six_by_removal),
		cmocka_unit_test(pattern_one_census_six),
		cmocka_unit_test(pattern_two_census_seven),
		cmocka_unit_test(pattern_three_census_five),
		cmocka_unit_test(grid_categories),
		cmocka_unit_test(grid_general),
		cmocka_unit_test(find_forms),
		cmocka_unit_test(reductions),
		cmocka_unit_test(copies_and_wilds),
		cmocka_unit_test(number_abilities),
		cmocka_unit_test(census_with_space_x),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
