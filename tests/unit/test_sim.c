/* test_sim.c: the simulator's engine (gen/games/trains/trains_sim.h): random streams, the winning
 * test, inversions, invariants over whole games under every rule option, and
 * small packs whose answers are known by reasoning. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "diag.h"
#include "trains_rules.h"
#include "trains_position.h"
#include "trains_sim.h"
#include "util.h"

static struct pack *parse(const char *text)
{
	struct pack *p = pack_parse("test.yaml", text, strlen(text));
	assert_non_null(p);
	return p;
}

static struct sim_setup *setup_for(const struct pack *p, int players, const struct sim_rules *r,
				   enum sim_policy pol)
{
	enum sim_policy v[SIM_MAX_PLAYERS];
	for (int i = 0; i < SIM_MAX_PLAYERS; i++)
		v[i] = pol;
	char err[256];
	long upto = p->cards;
	for (size_t i = 0; i < p->nplayers; i++)
		if (p->players[i].players == players)
			upto = p->players[i].cards;
	struct sim_setup *s = sim_setup_new(p, players, upto, r, v, err, sizeof err);
	if (!s)
		fail_msg("setup: %s", err);
	return s;
}

static void test_rng(void **state)
{
	(void)state;
	struct rng a, b, c;
	rng_seed(&a, 42, 7);
	rng_seed(&b, 42, 7);
	rng_seed(&c, 42, 8);
	int differ = 0;
	for (int i = 0; i < 100; i++) {
		uint64_t x = rng_next(&a), y = rng_next(&b), z = rng_next(&c);
		assert_true(x == y);
		differ += x != z;
	}
	assert_true(differ > 95);
	/* below(n): in range, and every value comes up about equally often */
	long count[7] = {0};
	for (int i = 0; i < 70000; i++) {
		uint32_t v = rng_below(&a, 7);
		assert_true(v < 7);
		count[v]++;
	}
	for (int v = 0; v < 7; v++)
		assert_true(count[v] > 9500 && count[v] < 10500);
	assert_int_equal(rng_below(&a, 1), 0);
}

static const char census_seven[] =
	"pack: t\ntitle: T\ngame: trains\ncensus: 7\nabilities: [swap]\ncards: 84\n";

static void test_wins_line(void **state)
{
	(void)state;
	struct pack *p = parse(census_seven);
	struct sim_rules r;
	sim_rules_from_pack(p, &r);
	struct sim_setup *s = setup_for(p, 2, &r, POLICY_GREEDY);
	/* §1: 3-16-22-48-50-78-80 qualifies; the factory deal (descending) does not */
	assert_true(sim_sequence_wins(s, (int[]){3, 16, 22, 48, 50, 78, 80}));
	assert_false(sim_sequence_wins(s, (int[]){76, 70, 58, 51, 43, 22, 9}));
	/* §7: repeated numbers are not ascending */
	assert_false(sim_sequence_wins(s, (int[]){1, 2, 3, 4, 4, 6, 7}));
	/* §10: W may stand for a number on some card of the pack, strictly between */
	assert_true(sim_sequence_wins(s, (int[]){2, 6, 14, 38, 0, 56, 82}));
	assert_false(sim_sequence_wins(s, (int[]){2, 6, 14, 38, 0, 39, 82}));   /* W = 38½ */
	assert_false(sim_sequence_wins(s, (int[]){2, 6, 14, 38, 39, 84, 0}));   /* W = 85 */
	assert_true(sim_sequence_wins(s, (int[]){0, 0, 3, 38, 39, 83, 0}));     /* 1, 2, ..., 84 */
	assert_false(sim_sequence_wins(s, (int[]){0, 0, 2, 38, 39, 83, 84}));   /* needs 0 */
	sim_setup_free(s);
	r.win = WIN_NEVER_DESCENDING;
	s = setup_for(p, 2, &r, POLICY_GREEDY);
	assert_true(sim_sequence_wins(s, (int[]){1, 2, 3, 4, 4, 6, 7}));
	assert_false(sim_sequence_wins(s, (int[]){7, 6, 4, 4, 3, 2, 1}));
	/* one copy of each number: W cannot repeat a number the sequence shows */
	assert_false(sim_sequence_wins(s, (int[]){2, 6, 14, 38, 0, 39, 82}));
	assert_true(sim_sequence_wins(s, (int[]){2, 6, 14, 38, 0, 40, 82}));    /* W = 39 */
	assert_false(sim_sequence_wins(s, (int[]){2, 6, 14, 38, 39, 84, 0}));   /* the only 84 is shown */
	assert_true(sim_sequence_wins(s, (int[]){2, 6, 14, 38, 39, 83, 0}));    /* W = 84 */
	sim_setup_free(s);
	pack_free(p);
}

static void test_inversions(void **state)
{
	(void)state;
	struct pack *p = parse(census_seven);
	struct sim_rules r;
	sim_rules_from_pack(p, &r);
	struct sim_setup *s = setup_for(p, 2, &r, POLICY_GREEDY);
	/* §5: Dora's sequence has 8 inversions (out of a maximum of 21) */
	assert_int_equal(sim_inversions(s, (int[]){53, 7, 45, 9, 50, 27, 56}), 8);
	assert_int_equal(sim_inversions(s, (int[]){70, 69, 68, 63, 34, 31, 20}), 21);
	assert_int_equal(sim_inversions(s, (int[]){3, 16, 22, 48, 50, 78, 80}), 0);
	/* a tie is an inversion when the rule is ascending, not when never-descending */
	assert_int_equal(sim_inversions(s, (int[]){1, 2, 3, 4, 4, 6, 7}), 1);
	/* wild cards take part in no inversion */
	assert_int_equal(sim_inversions(s, (int[]){0, 7, 6, 5, 4, 3, 0}), 10);
	sim_setup_free(s);
	r.win = WIN_NEVER_DESCENDING;
	s = setup_for(p, 2, &r, POLICY_GREEDY);
	assert_int_equal(sim_inversions(s, (int[]){1, 2, 3, 4, 4, 6, 7}), 0);
	sim_setup_free(s);
	pack_free(p);
}

static const char grid_pack[] =
	"pack: g\ntitle: G\ngame: trains\ngrid: [3, 3]\nabilities: [row-swap, column-swap, "
	"row-rotate-either, column-any-remove, rotate-any-row, pair-any-column,\n"
	"  {kind: number, action: remove, pick: lowest, filter: even, code: LE},\n"
	"  {kind: number, action: exchange, in: row, code: XR}]\n"
	"cards: 90\nwild: 3\nrules: {apply-to: anyone, freeze-tokens: 2}\n";

static void test_wins_grid(void **state)
{
	(void)state;
	struct pack *p = parse(grid_pack);
	struct sim_rules r;
	sim_rules_from_pack(p, &r);
	struct sim_setup *s = setup_for(p, 2, &r, POLICY_GREEDY);
	assert_true(sim_sequence_wins(s, (int[]){1, 2, 3, 4, 5, 6, 7, 8, 9}));
	/* rows ascending, columns ascending, but not row-major ascending: still a win */
	assert_true(sim_sequence_wins(s, (int[]){1, 2, 6, 3, 5, 7, 4, 8, 9}));
	assert_false(sim_sequence_wins(s, (int[]){1, 2, 3, 4, 5, 6, 7, 9, 8}));  /* row C */
	assert_false(sim_sequence_wins(s, (int[]){1, 5, 6, 2, 3, 7, 4, 8, 9}));  /* column E */
	/* a wild must exceed both its left and upper neighbours */
	assert_true(sim_sequence_wins(s, (int[]){1, 2, 3, 4, 0, 6, 7, 8, 9}));
	assert_false(sim_sequence_wins(s, (int[]){1, 5, 6, 2, 0, 7, 3, 6, 9}));  /* W > 5, < 6 */
	/* inversions count pairs sharing a row or a column only: the transposed deal */
	assert_int_equal(sim_inversions(s, (int[]){9, 8, 7, 6, 5, 4, 3, 2, 1}), 18);
	assert_int_equal(sim_inversions(s, (int[]){1, 2, 6, 3, 5, 7, 4, 8, 9}), 0);
	sim_setup_free(s);
	pack_free(p);
}

/* The engine's own win test and inversion count agree with gen/games/trains/trains_position.c's on
 * sequences dealt from a real pack (two copies of 1..20 and four wild cards):
 * sorted, some with two cards swapped, under both win rules; on a grid without
 * wild cards (trains_position.c lets a grid's wild stand for different numbers in its
 * row and its column; the engine gives it one number). */
static void test_agrees_with_position(void **state)
{
	(void)state;
	static const char text[] = "pack: x\ntitle: X\ngame: trains\ncensus: 7\nabilities: [swap]\n"
				   "cards: 20\ncopies: 2\nwild: 4\n";
	struct pack *p = parse(text);
	struct pos_pack pk = {20, 2, NULL};
	struct rng rng;
	rng_seed(&rng, 11, 0);
	int deck[44], agree = 0, wins = 0;
	for (int k = 0; k < 40; k++)
		deck[k] = k / 2 + 1;
	for (int k = 40; k < 44; k++)
		deck[k] = 0;
	for (int rule = 0; rule < 2; rule++) {
		struct sim_rules r;
		sim_rules_from_pack(p, &r);
		r.win = rule ? WIN_NEVER_DESCENDING : WIN_ASCENDING;
		struct sim_setup *s = setup_for(p, 2, &r, POLICY_GREEDY);
		for (int t = 0; t < 20000; t++) {
			for (int i = 43; i > 0; i--) {
				int j = (int)rng_below(&rng, (uint32_t)i + 1), x = deck[i];
				deck[i] = deck[j];
				deck[j] = x;
			}
			int v[7], nw = 0, nn = 0, num[7];
			for (int i = 0; i < 7; i++) {
				if (deck[i])
					num[nn++] = deck[i];
				else
					nw++;
			}
			/* the numbers ascending, the wilds at random places among them */
			for (int i = 1; i < nn; i++)
				for (int j = i; j > 0 && num[j - 1] > num[j]; j--) {
					int x = num[j];
					num[j] = num[j - 1];
					num[j - 1] = x;
				}
			for (int i = 0, a = 0; i < 7; i++)
				v[i] = (nw && (7 - i == nw || rng_below(&rng, 3) == 0)) ? (nw--, 0) : num[a++];
			if (rng_below(&rng, 4) == 0) {
				int i = (int)rng_below(&rng, 7), j = (int)rng_below(&rng, 7), x = v[i];
				v[i] = v[j];
				v[j] = x;
			}
			long lv[7];
			for (int i = 0; i < 7; i++)
				lv[i] = v[i];
			bool mine = sim_sequence_wins(s, v);
			bool theirs = pos_wins(pos_order(lv, 7, &pk), r.win);
			if (mine != theirs)
				fail_msg("%s: %d %d %d %d %d %d %d: engine %d, trains_position.c %d",
					 win_rule_name(r.win), v[0], v[1], v[2], v[3], v[4], v[5], v[6], mine, theirs);
			agree++;
			wins += mine;
			/* inversions: trains_position.c counts v[i] > v[j]; the engine agrees
			 * under never-descending (under ascending it also counts ties) */
			if (rule)
				assert_int_equal(sim_inversions(s, v), pos_inversions(lv, 7, NULL, 0));
		}
		sim_setup_free(s);
	}
	assert_int_equal(agree, 40000);
	assert_true(wins > 5000);   /* the test saw plenty of winning sequences */
	pack_free(p);

	p = parse(grid_pack);
	struct sim_rules r;
	sim_rules_from_pack(p, &r);
	struct sim_setup *s = setup_for(p, 2, &r, POLICY_GREEDY);
	struct pos_pack gk = {90, 1, NULL};
	for (int t = 0; t < 20000; t++) {
		int v[9];
		long lv[9];
		for (int i = 0; i < 9; i++)
			lv[i] = v[i] = 1 + (int)rng_below(&rng, 12) + 4 * (i / 3 + i % 3);
		bool mine = sim_sequence_wins(s, v);
		assert_true(mine == pos_wins(pos_grid_order(lv, 3, 3, &gk), WIN_ASCENDING));
		wins += mine;
	}
	sim_setup_free(s);
	pack_free(p);
}

/* Play games with the invariants checked after every turn. */
static void play_checked(const struct pack *p, int players, const struct sim_rules *r,
			 enum sim_policy pol, int games)
{
	if (pol == POLICY_LOOKAHEAD && games > 3)
		games = 3;   /* each of its turns plays 96 imagined futures */
	struct sim_setup *s = setup_for(p, players, r, pol);
	struct sim_worker *w = sim_worker_new(s);
	sim_worker_selfcheck(w, true);
	struct sim_stats st;
	sim_stats_init(&st, s);
	for (int g = 0; g < games; g++) {
		struct sim_outcome o = sim_play(w, 99, (uint64_t)g, &st);
		assert_true(o.turns <= r->max_turns);
		assert_true(o.winner >= -1 && o.winner < players);
		if (o.winner < 0)
			assert_true(o.stalled || o.turns == r->max_turns);
	}
	if (sim_worker_broken(w))
		fail_msg("%s, %d players, %s: %ld turns broke an invariant", p->id, players,
			 sim_policy_name(pol), sim_worker_broken(w));
	assert_int_equal(st.games, (uint64_t)games);
	uint64_t wins = 0;
	for (int i = 0; i < players; i++)
		wins += st.wins[i];
	assert_int_equal(wins, st.completed);
	sim_stats_free(&st);
	sim_worker_free(w);
	sim_setup_free(s);
}

static void test_invariants(void **state)
{
	(void)state;
	static const char *const packs[] = {
		"packs/pattern-one-census-seven.yaml", "packs/pattern-two-census-seven.yaml",
		"packs/pattern-three-census-five.yaml", "packs/grid-census-nine.yaml",
		"packs/pattern-two-two-packs.yaml", "packs/pattern-one-wild.yaml",
	};
	for (size_t i = 0; i < sizeof packs / sizeof *packs; i++) {
		struct pack *p = pack_load(packs[i]);
		assert_non_null(p);
		struct sim_rules r;
		sim_rules_from_pack(p, &r);
		r.max_turns = 200;
		for (int pol = 0; pol < POLICY_COUNT; pol++)
			play_checked(p, 4, &r, (enum sim_policy)pol, 20);
		/* every rule option at once, the other way round */
		r.apply_to = r.apply_to == APPLY_SELF ? APPLY_ANYONE : APPLY_SELF;
		r.freeze_tokens = 3;
		r.swap_across = ACROSS_THREE;
		r.swap_within = false;
		r.reshuffle = false;
		r.opening = OPENING_NONE;
		for (int pol = 0; pol < POLICY_COUNT; pol++)
			play_checked(p, 3, &r, (enum sim_policy)pol, 20);
		r.swap_across = ACROSS_TWO;
		r.swap_within = true;
		r.reshuffle = true;
		r.win = WIN_NEVER_DESCENDING;
		play_checked(p, 2, &r, POLICY_SPOILER, 20);
		pack_free(p);
	}
	struct pack *p = parse(grid_pack);
	struct sim_rules r;
	sim_rules_from_pack(p, &r);
	r.max_turns = 300;
	for (int pol = 0; pol < POLICY_COUNT; pol++)
		play_checked(p, 4, &r, (enum sim_policy)pol, 30);
	pack_free(p);
}

/* A census-two pack with one ability (A ↔ B) and 7 cards for two greedy
 * players, the opening's rejected cards face up. At the setup seat 1 wins if the
 * card it draws lies outside its two; otherwise its sequence is descending and
 * the card it replaced lies face up. Seat 2 then wins (it draws two cards) if
 * either lies outside its two; otherwise one A ↔ B card is still face up (its
 * rejected card pairs off with seat 1's) and seat 1 swaps and wins on turn 1.
 * Count that over all 7! orders of the deck, then compare with the simulation. */
static void test_census_two(void **state)
{
	(void)state;
	static const char text[] = "pack: two\ntitle: Two\ngame: trains\ncensus: 2\nabilities: [swap]\n"
				   "cards: 7\nplayers: {2: 7}\n";
	int v[7] = {1, 2, 3, 4, 5, 6, 7};
	long total = 0, seat1 = 0, turn1 = 0;
	/* Heap's algorithm over the 5040 orders */
	int c[7] = {0};
	for (int i = 0;;) {
		int lo1 = v[0] < v[1] ? v[0] : v[1], hi1 = v[0] ^ v[1] ^ lo1;
		int lo2 = v[2] < v[3] ? v[2] : v[3], hi2 = v[2] ^ v[3] ^ lo2;
		bool w1 = v[4] < lo1 || v[4] > hi1;
		bool w2 = v[5] < lo2 || v[5] > hi2 || v[6] < lo2 || v[6] > hi2;
		total++;
		seat1 += w1 || !w2;
		turn1 += w1 || w2;
		while (i < 7 && c[i] >= i) {
			c[i] = 0;
			i++;
		}
		if (i == 7)
			break;
		int j = i % 2 ? c[i] : 0, t = v[j];
		v[j] = v[i];
		v[i] = t;
		c[i]++;
		i = 0;
	}
	assert_int_equal(total, 5040);
	double exact = (double)seat1 / (double)total, exact1 = (double)turn1 / (double)total;

	struct pack *p = parse(text);
	struct sim_rules r;
	sim_rules_from_pack(p, &r);
	r.opening = OPENING_FACE_UP;
	struct sim_setup *s = setup_for(p, 2, &r, POLICY_GREEDY);
	struct sim_worker *w = sim_worker_new(s);
	struct sim_stats st;
	sim_stats_init(&st, s);
	const int n = 20000;
	for (int g = 0; g < n; g++)
		sim_play(w, 5, (uint64_t)g, &st);
	assert_int_equal(st.completed, (uint64_t)n);
	/* every game ends at the setup (turn 0, the openings) or on turn 1 */
	for (int t = 2; t <= st.max_turns; t++)
		assert_int_equal(st.length[t], 0);
	double rate = (double)st.wins[0] / n, rate1 = (double)st.length[0] / n;
	double se = sqrt(exact * (1 - exact) / n), se1 = sqrt(exact1 * (1 - exact1) / n);
	if (fabs(rate - exact) > 4 * se || fabs(rate1 - exact1) > 4 * se1)
		fail_msg("seat 1 wins %.4f (exact %.4f), on turn 1 %.4f (exact %.4f)", rate, exact, rate1, exact1);
	/* every game won on turn 1 is seat 1's swap */
	assert_int_equal(st.length[1], st.won_with[0]);
	struct sim_summary sum;
	sim_summarize(&st, &sum);
	assert_true(fabs(sum.balance - (1 - fabs(sum.win_rate[0] - sum.win_rate[1]))) < 1e-12);
	assert_true(sum.completion == 1.0);
	sim_stats_free(&st);
	sim_worker_free(w);
	sim_setup_free(s);
	pack_free(p);
}

/* Every card is a 1 (one number, twenty copies) and duplicates may win: every
 * deal is already never-descending, and seat 1, tested first, wins every game
 * before anyone moves. Seat 1 cannot lose, so balance is 0. Under `ascending`
 * nobody can ever win: every game times out. */
static void test_cannot_lose(void **state)
{
	(void)state;
	static const char text[] = "pack: ones\ntitle: Ones\ngame: trains\ncensus: 3\nabilities: [swap]\n"
				   "cards: 1\ncopies: 20\nrules: {win: never-descending}\n";
	struct pack *p = parse(text);
	struct sim_rules r;
	sim_rules_from_pack(p, &r);
	r.max_turns = 50;
	struct sim_setup *s = setup_for(p, 3, &r, POLICY_GREEDY);
	struct sim_worker *w = sim_worker_new(s);
	struct sim_stats st;
	sim_stats_init(&st, s);
	for (int g = 0; g < 100; g++)
		sim_play(w, 1, (uint64_t)g, &st);
	struct sim_summary sum;
	sim_summarize(&st, &sum);
	assert_int_equal(st.wins[0], 100);
	assert_int_equal(st.length[0], 100);
	assert_true(sum.balance == 0.0);
	assert_true(sum.win_rate[0] == 1.0 && sum.win_rate[1] == 0.0);
	sim_stats_free(&st);
	sim_worker_free(w);
	sim_setup_free(s);

	r.win = WIN_ASCENDING;
	s = setup_for(p, 3, &r, POLICY_GREEDY);
	w = sim_worker_new(s);
	sim_stats_init(&st, s);
	for (int g = 0; g < 20; g++)
		sim_play(w, 1, (uint64_t)g, &st);
	assert_int_equal(st.completed, 0);
	assert_int_equal(st.turns, 20 * 50);
	sim_stats_free(&st);
	sim_worker_free(w);
	sim_setup_free(s);
	pack_free(p);
}

/* The same (seed, game) plays the same game on any worker, in any order. */
static void test_deterministic(void **state)
{
	(void)state;
	struct pack *p = pack_load("packs/pattern-two-census-seven.yaml");
	assert_non_null(p);
	struct sim_rules r;
	sim_rules_from_pack(p, &r);
	struct sim_setup *s = setup_for(p, 4, &r, POLICY_SPOILER);
	struct sim_worker *a = sim_worker_new(s), *b = sim_worker_new(s);
	struct buf la = {0}, lb = {0};
	sim_play(a, 3, 17, NULL);           /* a has played another game first */
	sim_worker_trace(a, &la);
	sim_worker_trace(b, &lb);
	struct sim_outcome x = sim_play(a, 3, 5, NULL), y = sim_play(b, 3, 5, NULL);
	assert_int_equal(x.winner, y.winner);
	assert_int_equal(x.turns, y.turns);
	assert_non_null(la.s);
	assert_string_equal(la.s, lb.s);
	/* another seed plays another game */
	buf_free(&lb);
	lb = (struct buf){0};
	sim_play(b, 4, 5, NULL);
	assert_string_not_equal(la.s, lb.s);
	buf_free(&la);
	buf_free(&lb);
	sim_worker_free(a);
	sim_worker_free(b);
	sim_setup_free(s);
	pack_free(p);
}

static void test_summary(void **state)
{
	(void)state;
	/* percentiles and moments from a hand-made histogram: lengths 1..10 once each */
	struct sim_stats st;
	memset(&st, 0, sizeof st);
	st.players = 2;
	st.max_turns = 20;
	uint64_t length[21] = {0};
	for (int t = 1; t <= 10; t++)
		length[t] = 1;
	st.length = length;
	st.games = 12;
	st.completed = 10;
	st.wins[0] = 6;
	st.wins[1] = 4;
	struct sim_summary s;
	sim_summarize(&st, &s);
	assert_true(fabs(s.mean - 5.5) < 1e-12);
	assert_true(fabs(s.sd - sqrt(82.5 / 9)) < 1e-9);  /* sample sd of 1..10 */
	assert_int_equal(s.p10, 1);
	assert_int_equal(s.p50, 5);
	assert_int_equal(s.p90, 9);
	assert_int_equal(s.min, 1);
	assert_int_equal(s.max, 10);
	assert_true(fabs(s.completion - 10.0 / 12) < 1e-12);
	assert_true(fabs(s.balance - (1 - 2.0 / 12)) < 1e-12);
	assert_true(fabs(s.ci_lo[0] - 0.2538) < 1e-4 && fabs(s.ci_hi[0] - 0.7462) < 1e-4);
}

/* Issue 14: greedy players use removals on their own sequence when they pay (a
 * draw lays the replaced card face up for the next seat; a removal does not).
 * Four greedy players of pattern two, 400 games. */
static void test_self_removals(void **state)
{
	(void)state;
	struct pack *p = pack_load("packs/pattern-two-census-seven.yaml");
	assert_non_null(p);
	struct sim_rules r;
	sim_rules_from_pack(p, &r);
	struct sim_setup *s = setup_for(p, 4, &r, POLICY_GREEDY);
	struct sim_worker *w = sim_worker_new(s);
	struct sim_stats st;
	sim_stats_init(&st, s);
	for (int g = 0; g < 400; g++)
		sim_play(w, 1, (uint64_t)g, &st);
	uint64_t removals = 0;
	for (size_t a = 0; a < p->abilities.n; a++)
		if (p->abilities.v[a].kind == AK_REMOVE)
			removals += st.used[a];
	assert_true(st.removals_self > 0);
	assert_int_equal(st.removals_self + st.removals_opponent, removals);
	/* games_used counts each game once: never more than the games, nor the uses */
	for (size_t a = 0; a < p->abilities.n; a++)
		assert_true(st.games_used[a] <= st.games && st.games_used[a] <= st.used[a]);
	sim_stats_free(&st);
	sim_worker_free(w);
	sim_setup_free(s);
	pack_free(p);
}

/* §8: a grid deal is arranged by the player in any way whose rows and columns
 * descend; random players take varied ways, all legal. */
static void test_grid_arrangements(void **state)
{
	(void)state;
	struct pack *p = parse("pack: g\ntitle: G\ngame: trains\ngrid: [3, 3]\nabilities: [row-swap]\ncards: 90\n");
	struct sim_rules r;
	sim_rules_from_pack(p, &r);
	r.max_turns = 1;
	struct sim_setup *s = setup_for(p, 2, &r, POLICY_RANDOM);
	struct sim_worker *w = sim_worker_new(s);
	int other = 0;
	for (int g = 0; g < 30; g++) {
		struct buf log = {0};
		sim_worker_trace(w, &log);
		sim_play(w, 1, (uint64_t)g, NULL);
		sim_worker_trace(w, NULL);
		int v[9];
		const char *line = strstr(log.s, "  seat 1:");
		assert_non_null(line);
		assert_int_equal(sscanf(line, "  seat 1: %d %d %d / %d %d %d / %d %d %d", &v[0], &v[1], &v[2], &v[3],
					&v[4], &v[5], &v[6], &v[7], &v[8]), 9);
		bool row_major = true;
		for (int i = 0; i < 9; i++) {
			if (i % 3)
				assert_true(v[i - 1] > v[i]);   /* rows descend */
			if (i >= 3)
				assert_true(v[i - 3] > v[i]);   /* columns descend */
			if (i)
				row_major &= v[i - 1] > v[i];
		}
		other += !row_major;
		buf_free(&log);
	}
	assert_true(other >= 10);   /* 41 of the 42 ways are not row by row */
	sim_worker_free(w);
	sim_setup_free(s);
	pack_free(p);
}

/* What the setup of one game of p under r leaves: the cards the openings drew
 * (off the pile beyond the deal) and those lying face down in the discards. */
static void setup_leaves(const struct pack *p, const struct sim_rules *r, int *drawn, int *hidden)
{
	struct sim_setup *s = setup_for(p, 2, r, POLICY_GREEDY);
	size_t cards = (size_t)sim_setup_cards(s), nab = sim_setup_abilities(s), sc = 2 * (size_t)p->layout.census;
	void *work = xcalloc(1, sim_work_size(s)), *pos = xcalloc(1, sim_pos_size(s));
	struct sim_look l = {0};
	l.nums = xcalloc(sc, sizeof *l.nums);
	l.frozen = xcalloc(sc, 1);
	l.pile = xcalloc(cards, sizeof *l.pile);
	l.disc = xcalloc(cards, sizeof *l.disc);
	l.dhid = xcalloc(cards, 1);
	l.face = xcalloc(nab + 1, sizeof *l.face);
	l.face_ab = xcalloc(nab + 1, sizeof *l.face_ab);
	struct rng rng;
	rng_seed(&rng, 3, 1);
	sim_start(s, work, pos, &rng);
	sim_look(s, pos, &l);
	assert_int_equal(l.turns, 0);
	*drawn = (int)cards - (int)sc - l.npile;
	*hidden = 0;
	for (int i = 0; i < l.ndisc; i++)
		*hidden += l.dhid[i] != 0;
	free(l.nums);
	free(l.frozen);
	free(l.pile);
	free(l.disc);
	free(l.dhid);
	free(l.face);
	free(l.face_ab);
	free(work);
	free(pos);
	sim_setup_free(s);
}

/* The pack's rule `opening` reaches the engine as a typed field (trains_rules.c
 * reads it once into struct rules; sim_rules_from_pack copies it), from the
 * pack and from --rule, and the setup plays it: seat 1 draws one card, seat 2
 * two, seat 2's rejected card lies face down only under face-down. */
static void test_opening_rule(void **state)
{
	(void)state;
	static const struct {
		const char *word;
		enum opening_rule want;
		int drawn, hidden;
	} cases[] = {
		{"none", OPENING_NONE, 0, 0},
		{"face-up", OPENING_FACE_UP, 3, 0},
		{"face-down", OPENING_FACE_DOWN, 3, 1},
		{"discard", OPENING_FACE_DOWN, 3, 1},
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		char text[256];
		snprintf(text, sizeof text, "%srules: {opening: %s}\n", census_seven, cases[i].word);
		struct pack *p = parse(text);
		assert_int_equal(p->rules.opening, cases[i].want);
		struct sim_rules r;
		sim_rules_from_pack(p, &r);
		assert_int_equal(r.opening, cases[i].want);
		int drawn, hidden;
		setup_leaves(p, &r, &drawn, &hidden);
		if (drawn != cases[i].drawn || hidden != cases[i].hidden)
			fail_msg("opening %s: %d drawn, %d face down (expected %d, %d)", cases[i].word, drawn, hidden,
				 cases[i].drawn, cases[i].hidden);
		pack_free(p);
	}
	/* the default, face down, and --rule over it */
	struct pack *p = parse(census_seven);
	assert_int_equal(p->rules.opening, OPENING_FACE_DOWN);
	const char *const kv[] = {"opening=none"};
	assert_true(rules_override(p, kv, 1));
	assert_int_equal(p->rules.opening, OPENING_NONE);
	struct sim_rules r;
	sim_rules_from_pack(p, &r);
	assert_int_equal(r.opening, OPENING_NONE);
	pack_free(p);
}

static void test_too_few_cards(void **state)
{
	(void)state;
	struct pack *p = parse("pack: few\ntitle: F\ngame: trains\ncensus: 7\nabilities: [swap]\ncards: 21\n");
	struct sim_rules r;
	sim_rules_from_pack(p, &r);
	enum sim_policy pol[4] = {POLICY_GREEDY, POLICY_GREEDY, POLICY_GREEDY, POLICY_GREEDY};
	char err[256] = "";
	assert_null(sim_setup_new(p, 3, 21, &r, pol, err, sizeof err));
	assert_non_null(strstr(err, "22 cards"));
	struct sim_setup *s = sim_setup_new(p, 2, 21, &r, pol, err, sizeof err);
	assert_non_null(s);
	sim_setup_free(s);
	pack_free(p);
}

int main(void)
{
	diag_set_stream(stderr);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rng),
		cmocka_unit_test(test_wins_line),
		cmocka_unit_test(test_inversions),
		cmocka_unit_test(test_wins_grid),
		cmocka_unit_test(test_agrees_with_position),
		cmocka_unit_test(test_invariants),
		cmocka_unit_test(test_census_two),
		cmocka_unit_test(test_cannot_lose),
		cmocka_unit_test(test_deterministic),
		cmocka_unit_test(test_summary),
		cmocka_unit_test(test_too_few_cards),
		cmocka_unit_test(test_opening_rule),
		cmocka_unit_test(test_self_removals),
		cmocka_unit_test(test_grid_arrangements),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
