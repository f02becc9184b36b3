/* The skill trace (skill.c) and the behaviour measures (gsim.c's totals,
 * gsim_behaviour) on three planted games played through steps, whose truth
 * is known by construction:
 *   - a lottery: a move changes nothing, the winner is drawn at the end, seat
 *     1 winning 70% of the games: the skill score's interval holds 0, for
 *     random against greedy, and for a level against itself (the seats must
 *     be rotated, or seat 1's advantage looks like skill);
 *   - a race: each seat adds the value of its move (0..3) to its score and
 *     the highest score wins: greedy (always 3) beats random unless random
 *     plays 3 every time, so the score is near 1;
 *   - dice: the race with a die (0..5) added to every move, so each deal
 *     plays out its own way (for the checks that the trace is the same on
 *     any threads and in any slices);
 *   - a script: two seats, six decisions with 1, 2, 3, 1, 2, 3 legal moves
 *     whose gains (2, 3, 2, 1, 0, 1, whatever the move) make the leader
 *     change three times, counted here by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#include <cmocka.h>

#include "gplay.h"
#include "gsim.h"
#include "skill.h"

enum planted { LOTTERY, RACE, SCRIPT, DICE };

struct setup {
	enum planted kind;
	struct gsim_seats seats;
};

#define TURNS 8   /* decisions a seat makes (the race, the lottery) */

struct pos {
	int decision, seat, winner;
	bool over;
	int score[SIM_MAX_PLAYERS];
};

static const int script_moves[6] = {1, 2, 3, 1, 2, 3};
static const int script_gain[6] = {2, 3, 2, 1, 0, 1};

static size_t pos_size(const void *s)
{
	(void)s;
	return sizeof(struct pos);
}

static size_t max_moves(const void *s)
{
	(void)s;
	return 4;
}

static const struct gsim_seats *seats_of(const void *s)
{
	return &((const struct setup *)s)->seats;
}

static int decisions_of(const struct setup *s)
{
	return s->kind == SCRIPT ? 6 : TURNS * s->seats.players;
}

static void start(const void *s, void *work, void *pos, struct rng *rng, struct gsim_outcome *o)
{
	(void)s, (void)work, (void)rng, (void)o;
	memset(pos, 0, sizeof(struct pos));
	((struct pos *)pos)->winner = -1;
}

static int turn(const void *s, const void *pos)
{
	(void)s;
	const struct pos *p = pos;
	return p->over ? -1 : p->seat;
}

static size_t moves(const void *s, void *work, const void *pos, uint64_t *keys)
{
	(void)work;
	const struct setup *S = s;
	const struct pos *p = pos;
	size_t n = S->kind == SCRIPT ? (size_t)script_moves[p->decision] : S->kind == LOTTERY ? 3 : 4;
	for (size_t i = 0; i < n; i++)
		keys[i] = i;
	return n;
}

/* greedy: the highest key (the race's best move); random: any. */
static size_t choose(const void *s, void *work, const void *pos, enum gsim_policy pol, const uint64_t *keys, size_t n,
		     struct rng *rng)
{
	(void)s, (void)work, (void)pos, (void)keys;
	return pol == GSIM_RANDOM ? rng_below(rng, (uint32_t)n) : n - 1;
}

static void apply(const void *s, void *work, void *pos, uint64_t key, struct rng *rng, struct gsim_outcome *o)
{
	(void)work, (void)o;
	const struct setup *S = s;
	struct pos *p = pos;
	int N = S->seats.players;
	p->score[p->seat] += S->kind == SCRIPT ? script_gain[p->decision] : S->kind == RACE ? (int)key : 0;
	if (S->kind == DICE)
		p->score[p->seat] += (int)key + (int)rng_below(rng, 6);
	p->decision++;
	p->seat = (p->seat + 1) % N;
	if (p->decision < decisions_of(S))
		return;
	p->over = true;
	if (S->kind == LOTTERY) {
		/* seat 1 wins 70% of the games, the others share the rest */
		uint32_t r = rng_below(rng, 1000);
		p->winner = r < 700 ? 0 : 1 + (int)(r % (uint32_t)(N - 1));
		return;
	}
	int best = 0, shared = 0;
	for (int i = 1; i < N; i++)
		if (p->score[i] > p->score[best])
			best = i, shared = 0;
		else if (p->score[i] == p->score[best])
			shared = 1;
	p->winner = shared ? -1 : best;
}

static void determinize(const void *s, void *work, void *pos, int seat, struct rng *rng)
{
	(void)s, (void)work, (void)pos, (void)seat, (void)rng;
}

static void standing(const void *s, void *work, const void *pos, double *score)
{
	(void)work;
	const struct pos *p = pos;
	for (int i = 0; i < ((const struct setup *)s)->seats.players; i++)
		score[i] = p->score[i];
}

static void result(const void *s, const void *pos, struct gsim_outcome *o)
{
	const struct pos *p = pos;
	o->winner = p->winner;
	o->no_winner = p->winner < 0;
	o->length = decisions_of(s);
}

static const struct gsim_steps steps = {
	.pos_size = pos_size, .max_moves = max_moves, .seats = seats_of, .start = start, .turn = turn,
	.moves = moves, .choose = choose, .apply = apply, .determinize = determinize, .standing = standing,
	.result = result,
};

static void *setup_of(enum planted kind, const struct gsim_params *p)
{
	struct setup *s = calloc(1, sizeof *s);
	s->kind = kind;
	gsim_seats_from(p, &s->seats);
	return s;
}

static void *lottery_new(const struct gsim_params *p, char *err, size_t len)
{
	(void)err, (void)len;
	return setup_of(LOTTERY, p);
}

static void *race_new(const struct gsim_params *p, char *err, size_t len)
{
	(void)err, (void)len;
	return setup_of(RACE, p);
}

static void *script_new(const struct gsim_params *p, char *err, size_t len)
{
	(void)err, (void)len;
	return setup_of(SCRIPT, p);
}

static void *dice_new(const struct gsim_params *p, char *err, size_t len)
{
	(void)err, (void)len;
	return setup_of(DICE, p);
}

static const char *const no_counters[] = {NULL};

#define ENGINE(name, make) \
	static const struct gsim_engine name = {.game = #name, .unit = "turns", .ties = true, .min_players = 2, \
						 .max_players = 4, .counters = no_counters, \
						 .counter_text = no_counters, .setup_new = make, .setup_free = free, \
						 .steps = &steps}
ENGINE(lottery, lottery_new);
ENGINE(race, race_new);
ENGINE(script, script_new);
ENGINE(dice, dice_new);

static struct skill_trace trace_of(const struct gsim_engine *e, int players, const char *ladder, long games)
{
	struct skill_level levels[SKILL_MAX_LEVELS];
	int n = 0;
	char err[256], *copy = strdup(ladder), *save = NULL;
	for (char *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save))
		assert_int_equal(skill_parse_level(t, 2, true, &levels[n++], err, sizeof err), 0);
	free(copy);
	struct gsim_params p = {.players = players, .max_length = 1000};
	struct skill_run r = {.eng = e, .params = &p, .levels = levels, .nlevels = n, .games = games, .seed = 5,
			      .threads = 2};
	struct skill_trace tr;
	assert_int_equal(skill_trace(&r, &tr, err, sizeof err), 0);
	return tr;
}

/* Moves that change nothing: the score's interval holds 0, at 2 and 3
 * players, between random and greedy and between a level and itself. */
static void test_lottery_holds_zero(void **state)
{
	(void)state;
	static const char *const ladders[] = {"random,greedy", "greedy,greedy", "random,greedy,mcts:8"};
	for (int players = 2; players <= 3; players++)
		for (size_t l = 0; l < 3; l++) {
			struct skill_trace tr = trace_of(&lottery, players, ladders[l], 3000);
			assert_true(tr.lo <= 0 && 0 <= tr.hi);
			assert_true(tr.lo <= tr.score && tr.score <= tr.hi && fabs(tr.score) < 0.1);
			assert_true(fabs(tr.score - (tr.span.share - 1.0 / players) / (1 - 1.0 / players)) < 1e-12);
			/* every deal once with the stronger in each seat */
			assert_int_equal(tr.span.games % (uint64_t)players, 0);
			assert_int_equal(tr.span.games, tr.span.decided);
			for (int i = 0; i < tr.nsteps; i++)
				assert_true(tr.step[i].score_lo <= 0 && 0 <= tr.step[i].score_hi);
		}
}

/* The better move always wins (but for random playing 3 every time): the
 * score is near 1 and its interval above 0.95; the span of a longer ladder
 * is its own series. */
static void test_race_near_one(void **state)
{
	(void)state;
	for (int players = 2; players <= 3; players++) {
		struct skill_trace tr = trace_of(&race, players, "random,greedy", 2000);
		assert_int_equal(tr.nsteps, 1);
		assert_true(tr.lo > 0.95);
		assert_true(tr.score > 0.99);
		assert_true(tr.span.share > 0.99);
	}
	struct skill_trace tr = trace_of(&race, 2, "random,greedy,greedy", 1000);
	assert_int_equal(tr.nsteps, 2);
	assert_true(tr.step[0].score > 0.99);
	/* greedy against greedy: every game tied, none with a single winner */
	assert_int_equal(tr.step[1].decided, 0);
	assert_int_equal(tr.step[1].no_winner, tr.step[1].games);
	assert_true(tr.span.score > 0.99);
}

/* The same trace on 1 thread and on 3. */
static void test_threads_alike(void **state)
{
	(void)state;
	struct skill_level levels[2] = {{GSIM_RANDOM, 0}, {GSIM_GREEDY, 0}};
	struct gsim_params p = {.players = 3, .max_length = 1000};
	struct skill_trace tr[2];
	char err[64];
	for (int k = 0; k < 2; k++) {
		struct skill_run r = {.eng = &dice, .params = &p, .levels = levels, .nlevels = 2, .games = 999,
				      .seed = 11, .threads = 1 + 2 * k};
		assert_int_equal(skill_trace(&r, &tr[k], err, sizeof err), 0);
	}
	assert_int_equal(tr[0].span.games, 999);
	/* not every deal alike: greedy wins most, not all, and not a fixed share */
	assert_true(tr[0].span.strong_wins > 333 && tr[0].span.strong_wins < tr[0].span.decided);
	assert_int_equal(tr[0].span.strong_wins, tr[1].span.strong_wins);
	assert_int_equal(tr[0].span.decided, tr[1].span.decided);
}

/* A step played in slices (tune's rounds and shards) is the trace's step:
 * the span's deals 0..332 split 0..100, 100..333 give its very counts. */
static void test_slices_add_up(void **state)
{
	(void)state;
	struct skill_level levels[3] = {{GSIM_RANDOM, 0}, {GSIM_GREEDY, 0}, {GSIM_MCTS, 4}};
	struct gsim_params p = {.players = 3, .max_length = 1000};
	struct skill_run r = {.eng = &dice, .params = &p, .levels = levels, .nlevels = 3, .games = 999, .seed = 8,
			      .threads = 2};
	struct skill_trace tr;
	char err[64];
	assert_int_equal(skill_trace(&r, &tr, err, sizeof err), 0);
	struct skill_step st;
	memset(&st, 0, sizeof st);
	uint64_t seed = skill_step_seed(8, SKILL_SPAN);
	assert_int_equal(skill_play_range(&dice, &p, levels[0], levels[2], seed, 0, 100, &st, err, sizeof err), 0);
	assert_int_equal(skill_play_range(&dice, &p, levels[0], levels[2], seed, 100, 333, &st, err, sizeof err), 0);
	skill_step_measures(&st, 3);
	assert_int_equal(st.games, tr.span.games);
	assert_int_equal(st.decided, tr.span.decided);
	assert_int_equal(st.strong_wins, tr.span.strong_wins);
	assert_true(st.score == tr.score && st.score_lo == tr.lo && st.score_hi == tr.hi);
	/* and the first step from its own seed */
	memset(&st, 0, sizeof st);
	seed = skill_step_seed(8, 0);
	assert_int_equal(skill_play_range(&dice, &p, levels[0], levels[1], seed, 0, 333, &st, err, sizeof err), 0);
	assert_int_equal(st.strong_wins, tr.step[0].strong_wins);
}

/* Levels read and named back; the default ladder. */
static void test_levels(void **state)
{
	(void)state;
	struct skill_level l;
	char err[256], name[32];
	assert_int_equal(skill_parse_level("mcts:256", 2, true, &l, err, sizeof err), 0);
	assert_int_equal(l.policy, GSIM_MCTS);
	assert_int_equal(l.budget, 256);
	skill_level_name(&l, name, sizeof name);
	assert_string_equal(name, "mcts:256");
	assert_int_equal(skill_parse_level("mcts:256", 2, false, &l, err, sizeof err), -1);
	assert_int_equal(skill_parse_level("mcts:0", 2, true, &l, err, sizeof err), -1);
	assert_int_equal(skill_parse_level("mcts:", 2, true, &l, err, sizeof err), -1);
	assert_int_equal(skill_parse_level("lookahead", 2, true, &l, err, sizeof err), -1);
	assert_int_equal(skill_parse_level("lookahead", 4, true, &l, err, sizeof err), 0);
	assert_int_equal(l.policy, GSIM_LOOKAHEAD);
	struct skill_level ladder[5];
	skill_default_ladder(5, ladder);
	assert_int_equal(ladder[0].policy, GSIM_RANDOM);
	assert_int_equal(ladder[1].policy, GSIM_GREEDY);
	assert_int_equal(ladder[2].budget, 64);
	assert_int_equal(ladder[3].budget, 256);
	assert_int_equal(ladder[4].budget, 1024);
}

/* The script's measures against the counts made by hand: 6 decisions, 4 with
 * more than one move, 12 moves, and the leader 0 (2-0), 1 (2-3), 0 (4-3),
 * none (4-4 twice: the last leader stands), 1 (4-5): 3 changes. */
static void test_script_measures(void **state)
{
	(void)state;
	struct gsim_params p = {.players = 2, .max_length = 1000, .policy = {GSIM_RANDOM, GSIM_RANDOM}};
	char err[64];
	void *setup = script.setup_new(&p, err, sizeof err);
	void *scratch = gsim_scratch_new(&script, setup);
	struct gsim_counts t;
	gsim_counts_init(&t, 1000);
	for (uint64_t g = 0; g < 3; g++) {
		struct gsim_outcome o;
		gsim_play(&script, setup, scratch, 1, g, &o);
		assert_int_equal(o.decisions, 6);
		assert_int_equal(o.real_choices, 4);
		assert_int_equal(o.branching, 12);
		assert_int_equal(o.lead_changes, 3);
		assert_int_equal(o.winner, 1);
		gsim_counts_record(&t, &o);
	}
	struct gsim_counts sum;
	gsim_counts_init(&sum, 1000);
	gsim_counts_add(&sum, &t);
	struct gsim_behaviour b;
	gsim_behaviour(&script, &sum, &b);
	assert_true(b.measured);
	assert_int_equal(sum.decisions, 18);
	assert_true(fabs(b.decision_moves - 4.0 / 6) < 1e-12);
	assert_true(b.decision_lo < b.decision_moves && b.decision_moves < b.decision_hi);
	assert_true(fabs(b.branching - 2) < 1e-12);
	assert_true(fabs(b.branching_se) < 1e-9);   /* every game alike */
	assert_true(fabs(b.lead_changes - 3) < 1e-12);
	assert_true(fabs(b.lead_changes_se) < 1e-9);
	assert_true(fabs(b.lead_share - 0.5) < 1e-12);
	assert_true(fabs(b.advantage_p1) < 1e-12);   /* seat 2 wins every game */
	assert_true(fabs(b.drawishness) < 1e-12);
	/* an engine without steps: not measured */
	struct gsim_engine plain = script;
	plain.steps = NULL;
	gsim_behaviour(&plain, &sum, &b);
	assert_false(b.measured);
	gsim_counts_free(&t);
	gsim_counts_free(&sum);
	gsim_scratch_free(&script, scratch);
	free(setup);
}

/* The branching SE of games that differ: the race's games have 4 moves at
 * every decision (SE 0); the lead changes' SE from games that differ, checked
 * against the formula on two games counted by hand. */
static void test_standard_errors(void **state)
{
	(void)state;
	struct gsim_counts t;
	gsim_counts_init(&t, 10);
	struct gsim_outcome a = {.winner = 0, .length = 1, .decisions = 2, .branching = 4, .lead_changes = 1};
	struct gsim_outcome b = {.winner = 1, .length = 1, .decisions = 4, .branching = 12, .lead_changes = 3};
	gsim_counts_record(&t, &a);
	gsim_counts_record(&t, &b);
	struct gsim_behaviour m;
	gsim_behaviour(&script, &t, &m);
	/* B = 16 / 6; residuals 4 - 2B = -4/3, 12 - 4B = 4/3; SE = sqrt(2 * 32/9) / 6 */
	assert_true(fabs(m.branching - 16.0 / 6) < 1e-12);
	assert_true(fabs(m.branching_se - sqrt(2 * 32.0 / 9) / 6) < 1e-12);
	/* lead changes 1 and 3: mean 2, sd sqrt(2), SE 1 */
	assert_true(fabs(m.lead_changes - 2) < 1e-12);
	assert_true(fabs(m.lead_changes_se - 1) < 1e-12);
	assert_true(fabs(m.advantage_p1 - 0.5) < 1e-12);
	gsim_counts_free(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lottery_holds_zero), cmocka_unit_test(test_race_near_one),
		cmocka_unit_test(test_threads_alike),      cmocka_unit_test(test_slices_add_up),
		cmocka_unit_test(test_levels),
		cmocka_unit_test(test_script_measures),    cmocka_unit_test(test_standard_errors),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
