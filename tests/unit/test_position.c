/* test_position.c: position analysis (gen/games/trains/trains_position.c) against the seed page's
 * worked examples and cases of our own. Expected values are worked out by hand
 * or, for the big numbers, by the hook length formula in exact arithmetic. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "trains_rules.h"
#include "trains_position.h"

static const struct pos_pack pack84 = {84, 1, NULL};

#define N(a) ((int)(sizeof a / sizeof *a))

/* §5: Dora's sequence has 8 inversions (out of a maximum of 21). */
static void test_dora_inversions(void **state)
{
	(void)state;
	long dora[] = {53, 7, 45, 9, 50, 27, 56};
	short pairs[POS_MAX_PAIRS][2];
	assert_int_equal(pos_inversions(dora, 7, pairs, POS_MAX_PAIRS), 8);
	/* 53 (A) is above 7, 45, 9, 50 and 27 (B-F); 45 (C) above 9, 27; 50 (E) above 27. */
	static const short want[8][2] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {0, 5}, {2, 3}, {2, 5}, {4, 5}};
	assert_memory_equal(pairs, want, sizeof want);
	long desc[] = {7, 6, 5, 4, 3, 2, 1};
	assert_int_equal(pos_inversions(desc, 7, NULL, 0), 21);
	long asc[] = {3, 16, 22, 48, 50, 78, 80};
	assert_int_equal(pos_inversions(asc, 7, NULL, 0), 0);
	/* Equal numbers are no inversion; wild cards take part in none. */
	long dup[] = {4, 4, 3, POS_WILD, 1};
	assert_int_equal(pos_inversions(dup, 5, NULL, 0), 5);
}

/* §5 figure 6: three swaps A ↔ G, B ↔ F, C ↔ E make the descending sequence ascend. */
static void test_figure6_swaps(void **state)
{
	(void)state;
	long fig6[] = {70, 69, 68, 63, 34, 31, 20};
	short sw[MAX_SPACES][2];
	int n = pos_min_swaps(fig6, 7, sw);
	assert_int_equal(n, 3);
	static const short want[3][2] = {{0, 6}, {1, 5}, {2, 4}};
	assert_memory_equal(sw, want, sizeof want);
	/* A 3-cycle needs two swaps; a sorted sequence none. */
	long cyc[] = {2, 3, 1};
	assert_int_equal(pos_min_swaps(cyc, 3, sw), 2);
	long ok[] = {1, 5, 9};
	assert_int_equal(pos_min_swaps(ok, 3, sw), 0);
	/* Applying the list sorts the sequence. */
	long dora[] = {53, 7, 45, 9, 50, 27, 56};
	n = pos_min_swaps(dora, 7, sw);
	for (int i = 0; i < n; i++) {
		long t = dora[sw[i][0]];
		dora[sw[i][0]] = dora[sw[i][1]];
		dora[sw[i][1]] = t;
	}
	assert_true(pos_order(dora, 7, &pack84).ascending);
	/* Dora, sorted 7 9 27 45 50 53 56: A's 53 belongs at F, F's 27 at C, C's 45
	 * at D, D's 9 at B, B's 7 at A: one 5-cycle, four swaps; E and G are in place. */
	assert_int_equal(n, 4);
}

/* Repeated numbers (§7): 2 2 1 1 needs two swaps. */
static void test_min_swaps_duplicates(void **state)
{
	(void)state;
	short sw[MAX_SPACES][2];
	long a[] = {2, 2, 1, 1};
	assert_int_equal(pos_min_swaps(a, 4, sw), 2);
	long b[] = {5, 1, 5, 3, 1};   /* sorted 1 1 3 5 5: A<->B, then C<->D... */
	int n = pos_min_swaps(b, 5, sw);
	for (int i = 0; i < n; i++) {
		long t = b[sw[i][0]];
		b[sw[i][0]] = b[sw[i][1]];
		b[sw[i][1]] = t;
	}
	assert_true(pos_order(b, 5, NULL).never_descending);
	assert_int_equal(n, 2);    /* {A,E} and {C,D} each place two cards */
	/* Wild cards stay in place. */
	long w[] = {9, POS_WILD, 1};
	assert_int_equal(pos_min_swaps(w, 3, sw), 1);
	assert_int_equal(sw[0][0], 0);
	assert_int_equal(sw[0][1], 2);
}

/* §7's table of examples, and the all-equal case. */
static void test_monotonic_table(void **state)
{
	(void)state;
	static const struct {
		long v[7];
		bool desc, never_asc, never_desc, asc;
	} rows[] = {
		{{7, 6, 5, 4, 3, 2, 1}, true, true, false, false},
		{{7, 6, 4, 4, 3, 2, 1}, false, true, false, false},
		{{1, 2, 3, 4, 4, 6, 7}, false, false, true, false},
		{{1, 2, 3, 4, 5, 6, 7}, false, false, true, true},
		{{5, 5, 5, 5, 5, 5, 5}, false, true, true, false},
		{{3, 1, 2, 4, 5, 6, 7}, false, false, false, false},
	};
	struct pos_pack two = {84, 7, NULL};
	for (int i = 0; i < N(rows); i++) {
		struct pos_order o = pos_order(rows[i].v, 7, &two);
		assert_int_equal(o.descending, rows[i].desc);
		assert_int_equal(o.never_ascending, rows[i].never_asc);
		assert_int_equal(o.never_descending, rows[i].never_desc);
		assert_int_equal(o.ascending, rows[i].asc);
		assert_int_equal(pos_wins(o, WIN_ASCENDING), rows[i].asc);
		assert_int_equal(pos_wins(o, WIN_NEVER_DESCENDING), rows[i].never_desc);
	}
}

/* §10, in an 84-card pack. */
static void test_wild_examples(void **state)
{
	(void)state;
	long good[] = {2, 6, 14, 38, POS_WILD, 56, 82};
	long half[] = {2, 6, 14, 38, POS_WILD, 39, 82};    /* W = 38½ */
	long over[] = {2, 6, 14, 38, 39, 84, POS_WILD};    /* W = 85 */
	assert_true(pos_order(good, 7, &pack84).ascending);
	assert_false(pos_order(half, 7, &pack84).ascending);
	assert_false(pos_order(over, 7, &pack84).ascending);
	assert_false(pos_clean(good, 7));
	long clean[] = {2, 6, 14, 38, 40, 56, 82};
	assert_true(pos_clean(clean, 7));
	/* Two wilds between 38 and 41 need two free numbers: 39 and 40. */
	long two[] = {2, 38, POS_WILD, POS_WILD, 41};
	assert_true(pos_order(two, 5, &pack84).ascending);
	long three[] = {2, 38, POS_WILD, POS_WILD, POS_WILD, 41};
	assert_false(pos_order(three, 6, &pack84).ascending);
	/* A number used elsewhere in the sequence is not free; a missing card neither. */
	long end[] = {1, 2, 83, POS_WILD};
	assert_true(pos_order(end, 4, &pack84).ascending);
	unsigned char missing[84] = {0};
	missing[83] = 1;                 /* card 84 lost */
	struct pos_pack lost = {84, 1, missing};
	assert_false(pos_order(end, 4, &lost).ascending);
	/* Never-descending with two copies: W may repeat a neighbour once more. */
	struct pos_pack twice = {84, 2, NULL};
	long nd[] = {5, POS_WILD, 5, 6};
	assert_false(pos_order(nd, 4, &twice).never_descending); /* W = 5, but both 5s are in use */
	long nd2[] = {5, POS_WILD, 6, 6};
	assert_true(pos_order(nd2, 4, &twice).never_descending); /* both 6s in use, W = 5 (its second copy) */
	long nd3[] = {5, POS_WILD, POS_WILD, 6};
	assert_true(pos_order(nd3, 4, &twice).never_descending);  /* W W = 5 6 */
	long nd4[] = {5, POS_WILD, POS_WILD, POS_WILD, 6};
	assert_false(pos_order(nd4, 5, &twice).never_descending); /* only one 5 and one 6 left */
	/* Descending with a wild: 9 W 7 holds (W = 8). */
	long d[] = {9, POS_WILD, 7};
	assert_true(pos_order(d, 3, &pack84).descending);
	long d2[] = {9, POS_WILD, 8};
	assert_false(pos_order(d2, 3, &pack84).descending);
}

static unsigned long long seed = 0x9E3779B97F4A7C15ULL;

static long rnd(long n)
{
	seed ^= seed << 13;
	seed ^= seed >> 7;
	seed ^= seed << 17;
	return (long)(seed % (unsigned long long)n);
}

/* The §7 definitions taken literally: every card against every card on its right. */
static struct pos_order brute_order(const long *v, int n)
{
	struct pos_order o = {true, true, true, true};
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++) {
			o.ascending &= v[i] < v[j];
			o.never_descending &= v[i] <= v[j];
			o.descending &= v[i] > v[j];
			o.never_ascending &= v[i] >= v[j];
		}
	return o;
}

/* Random lines with many repeats (numbers 1..6): the classes, the inversion
 * count with and without pairs, and that the swap list sorts the line in no
 * more swaps than n minus the cycles of any stable sorting permutation. */
static void test_random_lines(void **state)
{
	(void)state;
	struct pos_pack pk = {6, 26, NULL};
	for (int trial = 0; trial < 20000; trial++) {
		int n = 2 + (int)rnd(9);
		long v[MAX_CENSUS];
		for (int i = 0; i < n; i++)
			v[i] = 1 + rnd(trial % 2 ? 6 : 40);
		pk.cards = trial % 2 ? 6 : 40;
		struct pos_order a = pos_order(v, n, &pk), b = brute_order(v, n);
		assert_memory_equal(&a, &b, sizeof a);
		long inv = 0;
		for (int i = 0; i < n; i++)
			for (int j = i + 1; j < n; j++)
				inv += v[i] > v[j];
		short pairs[POS_MAX_PAIRS][2], sw[MAX_SPACES][2];
		assert_int_equal(pos_inversions(v, n, NULL, 0), inv);
		assert_int_equal(pos_inversions(v, n, pairs, POS_MAX_PAIRS), inv);
		int k = pos_min_swaps(v, n, sw);
		/* Cycles of the stable sorting permutation: an upper bound n - cycles,
		 * exact when the numbers are distinct. */
		int idx[MAX_CENSUS], seen[MAX_CENSUS] = {0}, cycles = 0;
		for (int i = 0; i < n; i++)
			idx[i] = i;
		for (int i = 1; i < n; i++)
			for (int j = i; j > 0 && v[idx[j - 1]] > v[idx[j]]; j--) {
				int t = idx[j];
				idx[j] = idx[j - 1];
				idx[j - 1] = t;
			}
		for (int i = 0; i < n; i++) {
			if (seen[i])
				continue;
			cycles++;
			for (int j = i; !seen[j]; j = idx[j])
				seen[j] = 1;
		}
		bool distinct = true;
		for (int i = 0; i < n; i++)
			for (int j = i + 1; j < n; j++)
				distinct &= v[i] != v[j];
		if (distinct)
			assert_int_equal(k, n - cycles);
		else
			assert_true(k <= n - cycles);
		for (int i = 0; i < k; i++) {
			assert_true(sw[i][0] < sw[i][1]);
			long t = v[sw[i][0]];
			v[sw[i][0]] = v[sw[i][1]];
			v[sw[i][1]] = t;
		}
		assert_true(brute_order(v, n).never_descending);
	}
}

/* A wild card that stands for a number makes the same classes as that number. */
static void test_random_wilds(void **state)
{
	(void)state;
	struct pos_pack pk = {30, 1, NULL};
	for (int trial = 0; trial < 20000; trial++) {
		int n = 2 + (int)rnd(6);
		long v[MAX_CENSUS];
		for (int i = 0; i < n; i++)
			v[i] = 1 + rnd(30);
		int w = (int)rnd(n);
		v[w] = POS_WILD;
		/* Ascending with a wild iff some number of the pack not in use there
		 * makes it ascending. */
		bool any = false;
		for (long x = 1; x <= 30 && !any; x++) {
			bool free_ = true;
			for (int i = 0; i < n; i++)
				free_ &= v[i] != x;
			if (!free_)
				continue;
			v[w] = x;
			any = brute_order(v, n).ascending;
			v[w] = POS_WILD;
		}
		assert_int_equal(pos_order(v, n, &pk).ascending, any);
	}
}

/* §8: 42 arrangements for 3x3, and other sizes by the hook length formula. */
static void test_arrangements(void **state)
{
	(void)state;
	char buf[POS_ARRANGEMENTS_DIGITS];
	static const struct {
		int r, c;
		const char *want;
	} cases[] = {
		{3, 3, "42"}, {2, 2, "2"}, {2, 3, "5"}, {3, 4, "462"}, {4, 4, "24024"},
		{1, 20, "1"}, {2, 12, "208012"},
		{13, 13, "3800285136472110360530530834624791762825283832175029086126192249021655726759"
			 "6315700648494710820765237927077922712453144000000"},
	};
	for (int i = 0; i < N(cases); i++) {
		assert_true(pos_arrangements(cases[i].r, cases[i].c, buf, sizeof buf));
		assert_string_equal(buf, cases[i].want);
	}
	assert_false(pos_arrangements(14, 13, buf, sizeof buf));
}

static void test_grid_order(void **state)
{
	(void)state;
	long deal[] = {9, 8, 7, 6, 5, 4, 3, 2, 1};
	struct pos_order o = pos_grid_order(deal, 3, 3, &pack84);
	assert_true(o.descending);
	assert_false(o.ascending);
	long win[] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
	assert_true(pos_grid_order(win, 3, 3, &pack84).ascending);
	/* Rows descend but the middle column does not. */
	long bad[] = {9, 5, 1, 8, 7, 2, 6, 4, 3};
	o = pos_grid_order(bad, 3, 3, &pack84);
	assert_false(o.descending);
	/* 2x3 Young tableau, transposed order: still legal. */
	long t[] = {6, 4, 3, 5, 2, 1};
	assert_true(pos_grid_order(t, 2, 3, &pack84).descending);
}

/* §5: central half of each space's order statistic, 84 cards, census 7
 * (worked out with exact fractions). */
static void test_ranges(void **state)
{
	(void)state;
	static const long want[7][2] = {{4, 15}, {12, 29}, {22, 41}, {33, 52}, {44, 63}, {56, 73}, {70, 81}};
	for (int s = 0; s < 7; s++) {
		long lo, hi;
		pos_range(&pack84, 7, s, 0.25, 0.75, &lo, &hi);
		assert_int_equal(lo, want[s][0]);
		assert_int_equal(hi, want[s][1]);
	}
	/* Two copies of 84 (168 cards) and census six of 60, by exact fractions. */
	struct pos_pack two = {84, 2, NULL}, six = {60, 1, NULL};
	static const long want2[7][2] = {{4, 15}, {12, 29}, {22, 41}, {33, 52}, {44, 63}, {56, 73}, {70, 81}};
	static const long want6[6][2] = {{3, 12}, {10, 23}, {19, 33}, {28, 42}, {38, 51}, {49, 58}};
	for (int s = 0; s < 7; s++) {
		long lo, hi;
		pos_range(&two, 7, s, 0.25, 0.75, &lo, &hi);
		assert_int_equal(lo, want2[s][0]);
		assert_int_equal(hi, want2[s][1]);
		if (s < 6) {
			pos_range(&six, 6, s, 0.25, 0.75, &lo, &hi);
			assert_int_equal(lo, want6[s][0]);
			assert_int_equal(hi, want6[s][1]);
		}
	}
	/* Symmetry in a 60-card, census-six pack: A mirrors F. */
	struct pos_pack p60 = {60, 1, NULL};
	long alo, ahi, flo, fhi;
	pos_range(&p60, 6, 0, 0.25, 0.75, &alo, &ahi);
	pos_range(&p60, 6, 5, 0.25, 0.75, &flo, &fhi);
	assert_true(alo + fhi == 61 || alo + fhi == 62);
	assert_true(ahi + flo >= 60 && ahi + flo <= 62);
}

static struct pack *load(const char *yaml)
{
	struct pack *p = pack_parse("test.yaml", yaml, strlen(yaml));
	assert_non_null(p);
	return p;
}

static const char pattern_two[] =
	"pack: t\ngame: trains\ncensus: 7\nabilities: [remove, swap]\ncards: 84\n";

static int find(const struct pack *p, const char *code)
{
	int a = ability_find(&p->abilities, code);
	assert_true(a >= 0);
	return a;
}

static enum pos_refusal apply1(struct pack *p, int a, long *v, const unsigned char *frozen,
			       bool opponent, long draw)
{
	struct pos_choice ch = {-1, 0, 0, {0, 0}, false, draw};
	struct pos_target t = {1, p->layout.census, {v, NULL, NULL}, {frozen, NULL, NULL}, opponent};
	struct pos_move m;
	return pos_apply(&p->layout, &p->abilities.v[a], NULL, &p->rules, &ch, &t, &m);
}

/* §5: Beth's 10 BD swaps 37 and 12; Carl's 57 AX replaces his 69. */
static void test_beth_and_carl(void **state)
{
	(void)state;
	struct pack *p = load(pattern_two);
	assert_int_equal(p->by_number[10 - 1], find(p, "BD"));
	assert_int_equal(p->by_number[57 - 1], find(p, "AX"));
	long beth[] = {46, 37, 5, 12, 42, 47, 40};
	assert_int_equal(pos_inversions(beth, 7, NULL, 0), 9);
	assert_int_equal(apply1(p, p->by_number[9], beth, NULL, false, POS_DRAWN), POS_OK);
	static const long after[] = {46, 12, 5, 37, 42, 47, 40};
	assert_memory_equal(beth, after, sizeof after);
	assert_int_equal(pos_inversions(beth, 7, NULL, 0), 8);   /* closer to ascending */
	long carl[] = {69, 63, 20, 31, 68, 70, 34};
	assert_int_equal(apply1(p, p->by_number[56], carl, NULL, false, 12), POS_OK);
	assert_int_equal(carl[0], 12);
	assert_int_equal(carl[1], 63);
	pack_free(p);
}

/* §11 frozen cards, §5 apply-to self, §6 swaps across sequences. */
static void test_refusals(void **state)
{
	(void)state;
	struct pack *p = load(pattern_two);
	long v[] = {7, 6, 5, 4, 3, 2, 1};
	unsigned char frozen[7] = {1, 0, 0, 0, 0, 0, 0};
	assert_int_equal(apply1(p, find(p, "AG"), v, frozen, false, 0), POS_FROZEN);
	assert_int_equal(v[0], 7);                /* nothing changed */
	assert_int_equal(apply1(p, find(p, "BG"), v, frozen, false, 0), POS_OK);
	assert_int_equal(v[1], 1);
	/* The factory rules (the defaults): apply-to self; swap-across none. */
	assert_int_equal(p->rules.apply_to, APPLY_SELF);
	assert_int_equal(apply1(p, find(p, "CD"), v, NULL, true, 0), POS_SELF);
	p->rules.apply_to = APPLY_ANYONE;
	assert_int_equal(apply1(p, find(p, "CD"), v, NULL, true, 0), POS_OK);
	long w[] = {10, 20, 30, 40, 50, 60, 70};
	long x[] = {1, 2, 3, 4, 5, 6, 7};
	long y[] = {11, 12, 13, 14, 15, 16, 17};
	struct pos_choice ch = {-1, 0, 0, {0, 0}, false, POS_DRAWN};
	struct pos_target t = {2, 7, {w, x, NULL}, {NULL, NULL, NULL}, false};
	struct pos_move m;
	const struct ability *bd = &p->abilities.v[find(p, "BD")];
	assert_int_equal(pos_apply(&p->layout, bd, NULL, &p->rules, &ch, &t, &m), POS_ACROSS_NONE);
	p->rules.swap_across = ACROSS_TWO;
	assert_int_equal(pos_apply(&p->layout, bd, NULL, &p->rules, &ch, &t, &m), POS_OK);
	assert_int_equal(w[1], 4);   /* Earl's B with Fran's D */
	assert_int_equal(x[3], 20);
	ch.flip = true;              /* or Earl's D with Fran's B */
	assert_int_equal(pos_apply(&p->layout, bd, NULL, &p->rules, &ch, &t, &m), POS_OK);
	assert_int_equal(w[3], 2);
	assert_int_equal(x[1], 40);
	struct pos_target t3 = {3, 7, {w, x, y}, {NULL, NULL, NULL}, false};
	assert_int_equal(pos_apply(&p->layout, bd, NULL, &p->rules, &ch, &t3, &m), POS_ACROSS_TWO);
	p->rules.swap_across = ACROSS_THREE;
	p->rules.apply_to = APPLY_ANYONE;
	ch.flip = false;
	assert_int_equal(pos_apply(&p->layout, bd, NULL, &p->rules, &ch, &t3, &m), POS_OK);
	assert_int_equal(x[1], 14);  /* Fran's B with Gary's D; Earl untouched */
	assert_int_equal(y[3], 40);
	assert_int_equal(w[1], 4);
	/* A removal cannot span sequences. */
	assert_int_equal(pos_apply(&p->layout, &p->abilities.v[find(p, "AX")], NULL, &p->rules, &ch, &t, &m),
			 POS_NOT_SWAP);
	pack_free(p);
}

/* The two rules of pos_legal no other test would miss (issue 28): §6
 * swap-within false refuses a swap inside one sequence, and §5 apply-to self
 * refuses a three-sequence swap between two opponents. Each case is the
 * refusal, then the same move allowed once the rule is lifted. */
static void test_within_and_self(void **state)
{
	(void)state;
	struct pack *p = load(pattern_two);
	const struct ability *bd = &p->abilities.v[find(p, "BD")];
	struct pos_choice ch = {-1, 0, 0, {0, 0}, false, POS_DRAWN};
	struct pos_move m;
	long v[] = {7, 6, 5, 4, 3, 2, 1};
	struct pos_target t1 = {1, 7, {v, NULL, NULL}, {NULL, NULL, NULL}, false};
	p->rules.swap_across = ACROSS_TWO;
	p->rules.swap_within = false;
	assert_int_equal(pos_apply(&p->layout, bd, NULL, &p->rules, &ch, &t1, &m), POS_WITHIN);
	assert_int_equal(v[1], 6);   /* nothing changed */
	/* a removal is no swap: swap-within does not touch it */
	assert_int_equal(apply1(p, find(p, "AX"), v, NULL, false, 12), POS_OK);
	p->rules.swap_within = true;
	assert_int_equal(pos_apply(&p->layout, bd, NULL, &p->rules, &ch, &t1, &m), POS_OK);
	assert_int_equal(v[1], 4);
	long w[] = {10, 20, 30, 40, 50, 60, 70};
	long x[] = {1, 2, 3, 4, 5, 6, 7};
	long y[] = {11, 12, 13, 14, 15, 16, 17};
	struct pos_target t3 = {3, 7, {w, x, y}, {NULL, NULL, NULL}, false};
	p->rules.swap_across = ACROSS_THREE;
	p->rules.apply_to = APPLY_SELF;
	assert_int_equal(pos_apply(&p->layout, bd, NULL, &p->rules, &ch, &t3, &m), POS_SELF);
	assert_int_equal(x[1], 2);   /* nothing changed */
	assert_int_equal(y[3], 14);
	/* the same rule through pos_legal: a use naming two opponents' sequences */
	struct pos_way way;
	memset(&way, 0, sizeof way);
	way.move.n = 2;
	way.move.sp[0] = 1;
	way.move.sp[1] = 3;
	way.across = true;
	int a[7], b[7], c[7];
	for (int i = 0; i < 7; i++)
		a[i] = (int)w[i], b[i] = (int)x[i], c[i] = (int)y[i];
	const int *np[3] = {a, b, c};
	struct pos_view pv = {3, 7, 0, 1, np, NULL, true};
	struct pos_use u = {0, {1, 2}, false};
	assert_int_equal(pos_legal(&way, NULL, &p->rules, &pv, &u, &m), POS_SELF);
	u.seq[0] = 0;                /* the mover's own with an opponent's */
	assert_int_equal(pos_legal(&way, NULL, &p->rules, &pv, &u, &m), POS_OK);
	p->rules.apply_to = APPLY_ANYONE;
	u.seq[0] = 1;
	assert_int_equal(pos_legal(&way, NULL, &p->rules, &pv, &u, &m), POS_OK);
	assert_int_equal(pos_apply(&p->layout, bd, NULL, &p->rules, &ch, &t3, &m), POS_OK);
	assert_int_equal(x[1], 14);
	pack_free(p);
}

/* §9: an exchange needs two qualifying cards; with one, there is nothing to
 * exchange it with. */
static void test_exchange_needs_two(void **state)
{
	(void)state;
	struct pack *p = load("pack: x\ngame: trains\ncensus: 6\n"
			      "abilities: [swap, {kind: number, action: exchange, filter: odd, code: XO}]\n"
			      "cards: 60\n");
	int a = find(p, "XO");
	const struct ability_spec *spec = &p->specs[p->abilities.v[a].spec];
	long v[] = {8, 6, 9, 4, 2, 10};
	struct pos_choice ch = {-1, 0, 0, {0, 0}, false, POS_DRAWN};
	struct pos_target t = {1, 6, {v, NULL, NULL}, {NULL, NULL, NULL}, false};
	struct pos_move m;
	assert_int_equal(pos_apply(&p->layout, &p->abilities.v[a], spec, &p->rules, &ch, &t, &m),
			 POS_IMPOSSIBLE);
	v[5] = 3;                    /* a second odd card: the lowest and highest trade places */
	assert_int_equal(pos_apply(&p->layout, &p->abilities.v[a], spec, &p->rules, &ch, &t, &m), POS_OK);
	assert_int_equal(v[2], 3);
	assert_int_equal(v[5], 9);
	pack_free(p);
}

/* §8 grid abilities and §9 number-based ones. */
static void test_grid_and_number(void **state)
{
	(void)state;
	struct pack *p = load("pack: g\ngame: trains\ngrid: [3, 3]\n"
			      "abilities: [row-rotate-either, column-any-remove,\n"
			      "  {kind: number, action: remove, pick: lowest, filter: even, code: LE,"
			      " name: remove the lowest even-numbered card}]\ncards: 70\n");
	long g[] = {9, 8, 7, 6, 5, 4, 3, 2, 1};
	struct pos_choice ch = {-1, 1, 0, {0, 0}, false, POS_DRAWN};
	struct pos_target t = {1, 9, {g, NULL, NULL}, {NULL, NULL, NULL}, false};
	struct pos_move m;
	int a = find(p, "A<>");
	assert_int_equal(pos_apply(&p->layout, &p->abilities.v[a], NULL, &p->rules, &ch, &t, &m), POS_OK);
	assert_int_equal(g[0], 7);   /* rotating right: AF's card comes round to AD */
	assert_int_equal(g[1], 9);
	assert_int_equal(g[2], 8);
	ch.dir = 0;
	assert_int_equal(pos_apply(&p->layout, &p->abilities.v[a], NULL, &p->rules, &ch, &t, &m), POS_CHOICE);
	a = find(p, "*EX");
	ch.nsp = 1;
	ch.sp[0] = 3;                /* BD is not in column E */
	assert_int_equal(pos_apply(&p->layout, &p->abilities.v[a], NULL, &p->rules, &ch, &t, &m), POS_CHOICE);
	ch.sp[0] = 4;
	ch.draw = 33;
	assert_int_equal(pos_apply(&p->layout, &p->abilities.v[a], NULL, &p->rules, &ch, &t, &m), POS_OK);
	assert_int_equal(g[4], 33);
	a = find(p, "LE");
	const struct ability_spec *spec = &p->specs[p->abilities.v[a].spec];
	long odd[] = {9, 7, 5, 3, 1, 11, 13, 15, 17};
	t.seq[0] = odd;
	assert_int_equal(pos_apply(&p->layout, &p->abilities.v[a], spec, &p->rules, &ch, &t, &m), POS_IMPOSSIBLE);
	odd[6] = 40;
	odd[2] = 12;
	assert_int_equal(pos_apply(&p->layout, &p->abilities.v[a], spec, &p->rules, &ch, &t, &m), POS_OK);
	assert_int_equal(odd[2], 33);  /* 12 was the lowest even card */
	assert_int_equal(odd[6], 40);
	pack_free(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dora_inversions),
		cmocka_unit_test(test_figure6_swaps),
		cmocka_unit_test(test_min_swaps_duplicates),
		cmocka_unit_test(test_monotonic_table),
		cmocka_unit_test(test_wild_examples),
		cmocka_unit_test(test_random_lines),
		cmocka_unit_test(test_random_wilds),
		cmocka_unit_test(test_arrangements),
		cmocka_unit_test(test_grid_order),
		cmocka_unit_test(test_ranges),
		cmocka_unit_test(test_beth_and_carl),
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_within_and_self),
		cmocka_unit_test(test_exchange_needs_two),
		cmocka_unit_test(test_grid_and_number),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
