/* test_tune_goal.c: the goals of gen/play/tune_report.c, tune's objectives and requirements: the
 * ranges they read, a variant's score over two player counts by hand (the
 * worst count, the largest distance from a target), bounds that widen as the
 * level falls and hold the estimate, the p-value at which the upper bound
 * crosses a mark, a requirement's three answers, and the goals' lines of a
 * shard's header read back. */
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
#include "stats.h"
#include "tune_report.h"
#include "tune_report.h"

#define H 200

static void test_parse(void **state)
{
	(void)state;
	struct tune_goal g;
	FILE *null = fopen("/dev/null", "w");
	assert_non_null(null);
	diag_set_stream(null);
	assert_true(tune_goal_parse("length=30", false, &g));
	assert_true(g.lo == 30 && g.hi == 30 && strcmp(g.spec, "length=30") == 0 && g.def->target);
	free(g.spec);
	assert_true(tune_goal_parse("length=20..40", false, &g));
	assert_true(g.lo == 20 && g.hi == 40);
	free(g.spec);
	assert_true(tune_goal_parse("first-seat", false, &g));
	assert_true(g.lo == 0 && g.hi == 0);
	free(g.spec);
	assert_true(tune_goal_parse("balance", false, &g));
	assert_true(!g.def->target && isinf(g.lo) && isinf(g.hi));
	free(g.spec);
	assert_true(tune_goal_parse("completion=0.9..", true, &g));
	assert_true(g.lo == 0.9 && isinf(g.hi) && g.hi > 0);
	free(g.spec);
	assert_true(tune_goal_parse("length=..40", true, &g));
	assert_true(isinf(g.lo) && g.lo < 0 && g.hi == 40);
	free(g.spec);
	/* refused: no target where one is needed, a target where none is taken,
	 * a single value as a range, an empty or open-both range; skill takes no
	 * target either */
	assert_false(tune_goal_parse("length", false, &g));
	assert_false(tune_goal_parse("balance=1", false, &g));
	assert_false(tune_goal_parse("length=30", true, &g));
	assert_false(tune_goal_parse("length=40..20", true, &g));
	assert_false(tune_goal_parse("length=..", true, &g));
	assert_false(tune_goal_parse("lenght=1..", true, &g));
	assert_false(tune_goal_parse("skill=0.5", false, &g));
	assert_false(tune_goal_parse("skill=0.5", true, &g));
	diag_set_stream(stderr);
	fclose(null);
}

/* Two counts, 3 and 4 players, n games each: seat 1 wins w1 of them, the
 * rest spread over the other seats; game lengths (turns) len3 and len4. */
struct fixture {
	struct tune_ctx c;
	struct tune_var v;
	uint64_t ended[2][H + 1];
};

static void fill(struct fixture *f, uint64_t n, uint64_t w1, int len3, int len4)
{
	memset(f, 0, sizeof *f);
	f->c.ncounts = 2;
	f->c.counts[0] = 3;
	f->c.counts[1] = 4;
	f->c.horizon = H;
	static char turns[] = "turns";
	f->c.unit = turns;
	f->c.nv = 1;
	f->c.v = &f->v;
	for (int k = 0; k < 2; k++) {
		struct tune_cell *cl = &f->v.cell[k];
		int N = f->c.counts[k];
		cl->games = cl->completed = n;
		cl->wins[0] = w1;
		for (int i = 1; i < N; i++)
			cl->wins[i] = (n - w1) / (uint64_t)(N - 1) + (i == 1 ? (n - w1) % (uint64_t)(N - 1) : 0);
		cl->ended = f->ended[k];
		/* lengths spread one turn either side of the centre */
		int centre = k ? len4 : len3;
		cl->ended[centre - 1] = n / 4;
		cl->ended[centre] = n / 2;
		cl->ended[centre + 1] = n - n / 4 - n / 2;
	}
	tune_measure(&f->c);
}

static void test_score(void **state)
{
	(void)state;
	struct fixture *f = malloc(sizeof *f);
	/* 3 players: medians of 30 and 40 turns are 10 rounds each */
	fill(f, 4000, 1000, 30, 40);
	struct tune_goal len, bal, seat;
	assert_true(tune_goal_parse("length=12", false, &len));
	assert_true(tune_goal_parse("balance", false, &bal));
	assert_true(tune_goal_parse("first-seat", false, &seat));
	double e, lo, hi;
	tune_goal_score(&f->c, &len, &f->v, 0.025, &e, &lo, &hi);
	assert_true(fabs(e - -2) < 1e-12);                 /* the largest distance from 12 rounds */
	assert_true(lo <= e && e <= hi);
	/* balance: the worst count's; seat 1 wins 1/4 at both counts: 3/4 at 3
	 * players, 1 at 4 */
	tune_goal_score(&f->c, &bal, &f->v, 0.025, &e, &lo, &hi);
	assert_true(fabs(e - 0.75) < 1e-12 && lo < 0.75 && hi > 0.75 && hi < 0.85);
	/* seat 1's share less 1/N: -1/12 at 3 players, 0 at 4: distance 1/12 */
	tune_goal_score(&f->c, &seat, &f->v, 0.025, &e, &lo, &hi);
	assert_true(fabs(e - -1.0 / 12) < 1e-12 && lo < e && e < hi && hi < 0);
	/* by hand: the worst count's upper bound needs every count's (a / 2 each,
	 * split over the seats inside); the lower needs only the worst's */
	double a = 0.01;
	tune_goal_score(&f->c, &bal, &f->v, a, &e, &lo, &hi);
	const struct tune_cell *c3 = &f->v.cell[0], *c4 = &f->v.cell[1];
	assert_true(fabs(lo - fmin(stats_balance_lower(c3->wins, 3, 4000, a), stats_balance_lower(c4->wins, 4, 4000, a))) < 1e-12);
	assert_true(fabs(hi - fmin(stats_balance_upper(c3->wins, 3, 4000, a / 2 / 3),
				   fmin(1, stats_balance_upper(c4->wins, 4, 4000, a / 2 / 4)))) < 1e-12);
	/* a distance needs both sides of every count: a / 4 each; the 3-player
	 * count is the farther, 1/3 - 1/4 */
	double wl, wh;
	stats_wilson_z(1000, 4000, stats_z_upper(a / 4), &wl, &wh);
	tune_goal_score(&f->c, &seat, &f->v, a, &e, &lo, &hi);
	assert_true(fabs(lo - -(1.0 / 3 - wl)) < 1e-12 && fabs(hi - -(1.0 / 3 - wh)) < 1e-12);
	tune_goal_score(&f->c, &seat, &f->v, 0.025, &e, &lo, &hi);
	/* a smaller level: wider on both sides */
	double e2, lo2, hi2;
	tune_goal_score(&f->c, &seat, &f->v, 1e-6, &e2, &lo2, &hi2);
	assert_true(e2 == e && lo2 < lo && hi2 > hi);
	tune_goal_score(&f->c, &bal, &f->v, 0.025, &e, &lo, &hi);
	tune_goal_score(&f->c, &bal, &f->v, 1e-6, &e2, &lo2, &hi2);
	assert_true(e2 == e && lo2 < lo && hi2 > hi);
	/* the p-value that balance is below a mark: where its upper bound
	 * crosses it; 1 for a mark below the estimate */
	double p = tune_goal_below_p(&f->c, &bal, &f->v, 0.85);
	assert_true(p > 0 && p < 0.05);
	tune_goal_score(&f->c, &bal, &f->v, p * 1.01, &e, &lo, &hi);
	assert_true(hi < 0.85);
	tune_goal_score(&f->c, &bal, &f->v, p * 0.99, &e, &lo, &hi);
	assert_true(hi >= 0.85);
	assert_true(tune_goal_below_p(&f->c, &bal, &f->v, 0.7) == 1);
	free(len.spec);
	free(bal.spec);
	free(seat.spec);
	free(f);
}

/* skill: the skill games' share of the stronger rescaled as simulate --skill
 * rescales it (stats_skill_rescaled), the worst count's, Wilson bounds at the
 * level (the upper split over the counts as balance's) */
static void test_skill(void **state)
{
	(void)state;
	struct fixture *f = malloc(sizeof *f);
	fill(f, 4000, 1000, 30, 40);
	struct tune_goal sk;
	assert_true(tune_goal_parse("skill", false, &sk));
	assert_true(!sk.def->target);
	double e, lo, hi;
	tune_goal_score(&f->c, &sk, &f->v, 0.025, &e, &lo, &hi);
	assert_true(e == 0 && lo < 0 && hi > 0);          /* no skill game: the lottery, unknown */
	/* 3 players: the stronger wins 150 of 300 (0.25 rescaled); 4: 200 of 400 (1/3) */
	f->v.cell[0].sk_games = 330;
	f->v.cell[0].sk_decided = 300;
	f->v.cell[0].sk_wins = 150;
	f->v.cell[1].sk_games = f->v.cell[1].sk_decided = 400;
	f->v.cell[1].sk_wins = 200;
	double a = 0.01, wl, wh, wl4, wh4;
	tune_goal_score(&f->c, &sk, &f->v, a, &e, &lo, &hi);
	assert_true(fabs(e - 0.25) < 1e-12);
	stats_wilson_z(150, 300, stats_z_upper(a), &wl, &wh);
	assert_true(fabs(lo - stats_skill_rescaled(wl, 3)) < 1e-12 && fabs(stats_skill_rescaled(wl, 3) - (wl - 1.0 / 3) * 1.5) < 1e-12);
	stats_wilson_z(150, 300, stats_z_upper(a / 2), &wl, &wh);
	stats_wilson_z(200, 400, stats_z_upper(a / 2), &wl4, &wh4);
	assert_true(fabs(hi - fmin(stats_skill_rescaled(wh, 3), stats_skill_rescaled(wh4, 4))) < 1e-12);
	/* as a requirement at one count */
	struct tune_goal req;
	assert_true(tune_goal_parse("skill=0.1..", true, &req));
	assert_int_equal(tune_goal_check(&f->c, &req, &f->v, 1, 0.025), 1);
	f->v.cell[1].sk_wins = 100;                        /* 1/4: the lottery */
	assert_int_equal(tune_goal_check(&f->c, &req, &f->v, 1, 0.025), -1);
	free(sk.spec);
	free(req.spec);
	free(f);
}

static void test_check(void **state)
{
	(void)state;
	struct fixture *f = malloc(sizeof *f);
	fill(f, 4000, 1000, 30, 40);   /* 10 rounds at both counts */
	struct tune_goal in, out, across;
	assert_true(tune_goal_parse("length=8..12", true, &in));
	assert_true(tune_goal_parse("length=20..", true, &out));
	assert_true(tune_goal_parse("length=..10", true, &across));
	for (int k = 0; k < 2; k++) {
		assert_int_equal(tune_goal_check(&f->c, &in, &f->v, k, 0.025), 1);
		assert_int_equal(tune_goal_check(&f->c, &out, &f->v, k, 0.025), -1);
	}
	/* at 4 players, 49% of games end at 39 turns, 2% at 40, 49% at 41: the
	 * median is 10 rounds, its interval one turn either side: ..10 straddles */
	f->ended[1][39] = 1960;
	f->ended[1][40] = 80;
	f->ended[1][41] = 1960;
	tune_measure(&f->c);
	assert_int_equal(tune_goal_check(&f->c, &in, &f->v, 1, 0.025), 1);
	assert_int_equal(tune_goal_check(&f->c, &across, &f->v, 1, 0.025), 0);
	free(in.spec);
	free(out.spec);
	free(across.spec);
	free(f);
}

/* A shard's header lines give merge the same goals back, in order. */
static void test_shard_lines(void **state)
{
	(void)state;
	struct tune_ctx a, b;
	memset(&a, 0, sizeof a);
	memset(&b, 0, sizeof b);
	assert_true(tune_goal_add(&a, "length=20..40", false));
	assert_true(tune_goal_add(&a, "balance", false));
	assert_true(tune_goal_add(&a, "completion=0.9..", true));
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	tune_goal_write(f, &a);
	fclose(f);
	assert_string_equal(text, "objective length=20..40\nobjective balance\nrequire completion=0.9..\n");
	for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n"))
		assert_int_equal(tune_goal_read(line, &b), 1);
	assert_int_equal(tune_goal_read("variant 1 0", &b), 0);
	assert_true(b.ngoals == 2 && b.nreqs == 1);
	assert_true(b.goals[0].def == a.goals[0].def && b.goals[0].lo == 20 && b.goals[0].hi == 40);
	assert_string_equal(b.reqs[0].spec, "completion=0.9..");
	FILE *null = fopen("/dev/null", "w");
	assert_non_null(null);
	diag_set_stream(null);
	assert_int_equal(tune_goal_read("objective balance", &b), -1);   /* twice */
	assert_int_equal(tune_goal_read("require length= 30..", &b), -1); /* a blank */
	diag_set_stream(stderr);
	fclose(null);
	free(text);
	tune_goal_free(&a);
	tune_goal_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse),
		cmocka_unit_test(test_score),
		cmocka_unit_test(test_skill),
		cmocka_unit_test(test_check),
		cmocka_unit_test(test_shard_lines),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
