/* Take the Train (seeds/001): lines, End of Line wrap-around, Free Ride,
 * Transfer, each from the page's rules and its examples. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "kit.h"
#include "game.h"
#include "games.h"
#include "kit_games.h"
#include "gplay.h"
#include "gsim.h"
#include "take.h"

static const char *const colours[] = {"blue", "green", "magenta", "orange"};
static const struct take_game game = {colours, 4, 12, 6, 2, 2, 2};

static size_t cards(const char *s, struct take_card *out)
{
	char copy[512];
	size_t n = 0;
	snprintf(copy, sizeof copy, "%s", s);
	for (char *t = strtok(copy, " "); t; t = strtok(NULL, " ")) {
		struct buf why = {0};
		int rc = take_parse_card(&game, t, &out[n++], &why);
		if (rc != 0)
			fail_msg("%s", why.s);
		buf_free(&why);
	}
	return n;
}

static struct take_line line_of(const char *s)
{
	struct take_card c[64];
	size_t n = cards(s, c);
	struct take_line l;
	struct buf why = {0};
	if (take_line_parse(&game, c, n, &l, &why) != 0)
		fail_msg("line %s: %s", s, why.s);
	buf_free(&why);
	return l;
}

/* Is play legal on line (NULL = none) at side? */
static bool legal(const char *line, const char *play, int side)
{
	struct take_card p[64];
	size_t n = cards(play, p);
	struct take_line l;
	if (line)
		l = line_of(line);
	struct buf out = {0};
	bool ok = take_check_play(&game, line ? &l : NULL, p, n, side, &out);
	buf_free(&out);
	return ok;
}

static void test_parse(void **state)
{
	(void)state;
	struct take_card c;
	struct buf why = {0};
	assert_int_equal(take_parse_card(&game, "B7", &c, &why), 0);
	assert_int_equal(c.kind, TK_NUMBER);
	assert_int_equal(c.colour, 0);
	assert_int_equal(c.number, 7);
	assert_int_equal(take_parse_card(&game, "magenta-12", &c, &why), 0);
	assert_int_equal(c.colour, 2);
	assert_int_equal(c.number, 12);
	assert_int_equal(take_parse_card(&game, "OS", &c, &why), 0);
	assert_int_equal(c.kind, TK_STATION);
	assert_int_equal(c.colour, 3);
	assert_int_equal(take_parse_card(&game, "green-station", &c, &why), 0);
	assert_int_equal(c.kind, TK_STATION);
	assert_int_equal(take_parse_card(&game, "free-ride", &c, &why), 0);
	assert_int_equal(c.kind, TK_FREE_RIDE);
	assert_int_equal(take_parse_card(&game, "EL", &c, &why), 0);
	assert_int_equal(c.kind, TK_END_OF_LINE);
	assert_int_equal(take_parse_card(&game, "B13", &c, &why), -1);
	assert_int_equal(take_parse_card(&game, "R5", &c, &why), -1);
	assert_int_equal(take_parse_card(&game, "B0", &c, &why), -1);
	buf_free(&why);
}

static void test_step_values(void **state)
{
	(void)state;
	/* descending from 6 to 1, then (wrapping) 12, 11, ...; ascending 7..12, 1, ... */
	static const int left[] = {6, 5, 4, 3, 2, 1, 12, 11, 10, 9, 8, 7};
	static const int right[] = {7, 8, 9, 10, 11, 12, 1, 2, 3, 4, 5, 6};
	for (size_t k = 0; k < 12; k++) {
		assert_int_equal(take_step_value(&game, TAKE_LEFT, k), left[k]);
		assert_int_equal(take_step_value(&game, TAKE_RIGHT, k), right[k]);
	}
}

static void test_runs(void **state)
{
	(void)state;
	/* same colour, ascending from 7 or descending from 6, in order, one end */
	assert_true(legal("BS", "B7 B8 B9", -1));
	assert_true(legal("BS", "B6 B5", -1));
	assert_false(legal("BS", "B8", -1));          /* 7 first */
	assert_false(legal("BS", "B7 B9", -1));       /* in order */
	assert_false(legal("BS", "B6 B7", -1));       /* one end only */
	assert_false(legal("BS", "B5 B6", -1));       /* sequential order away from the Station */
	assert_false(legal("BS B7", "G8", -1));       /* same colour as the line */
	assert_true(legal("B6 BS B7", "B8", TAKE_RIGHT));
	assert_false(legal("B6 BS B7", "B8", TAKE_LEFT));
	/* no wrap-around without an End of Line */
	assert_false(legal("B1 B2 B3 B4 B5 B6 BS", "B12", -1));
	assert_true(legal("B1 B2 B3 B4 B5 B6 BS", "B7", -1));
	assert_false(legal("B1 B2 B3 B4 B5 B6 BS B7", "B12", TAKE_LEFT));
	/* a card exists once */
	assert_false(legal("B6 BS B7", "B7", -1));
}

static void test_end_of_line(void **state)
{
	(void)state;
	/* The page: an End of Line on the 8: the 9 becomes the last card of the line,
	 * the descending side wrapping from 1 to 12, 11, ... until the 9. */
	const char *l = "B1 B2 B3 B4 B5 B6 BS B7 B8 EL";
	assert_false(legal(l, "B9", -1));
	assert_true(legal(l, "B12", -1));
	assert_true(legal(l, "B12 B11 B10 B9", -1));
	assert_false(legal(l, "B12 B11 B9", -1));
	assert_false(legal("B9 B10 B11 B12 B1 B2 B3 B4 B5 B6 BS B7 B8 EL", "FR", -1));
	/* an End of Line goes on an open end, on its own */
	assert_true(legal("B6 BS B7 B8", "EL", TAKE_RIGHT));
	assert_false(legal("B6 BS B7 B8 EL", "EL", TAKE_RIGHT));
	assert_true(legal("B6 BS B7 B8 EL", "EL", TAKE_LEFT));
	assert_false(legal("B6 BS B7", "B8 EL", -1));
	/* the other way round: closed on the descending side, the ascending wraps to 1 */
	assert_true(legal("EL B4 B5 B6 BS B7 B8 B9 B10 B11 B12", "B1 B2 B3", -1));
	assert_false(legal("EL B4 B5 B6 BS B7 B8 B9 B10 B11 B12", "B1 B2 B3 B4", -1));
	/* a line may not show a wrap that no End of Line allows */
	struct take_card c[16];
	size_t n = cards("B12 B1 B2 B3 B4 B5 B6 BS", c);
	struct take_line line;
	struct buf why = {0};
	assert_int_equal(take_line_parse(&game, c, n, &line, &why), -1);
	buf_free(&why);
	n = cards("B6 EL BS", c);
	assert_int_equal(take_line_parse(&game, c, n, &line, &why), -1);
	buf_free(&why);
}

static void test_free_ride(void **state)
{
	(void)state;
	/* a Free Ride stands in for any one number card, not a Station */
	assert_true(legal("B6 BS B7", "FR B9", TAKE_RIGHT));
	assert_true(legal("B6 BS B7", "FR FR B10", TAKE_RIGHT));
	assert_false(legal("B6 BS B7", "FR FR FR", TAKE_RIGHT));  /* the pack has two */
	assert_false(legal("B6 BS B7", "FR B10", TAKE_RIGHT));
	/* the card it stands in for may replace it */
	assert_true(legal("FR B6 BS B7", "B5", -1));
	assert_true(legal("B6 BS FR", "B7", -1));
	assert_false(legal("B6 BS FR", "G7", -1));
	/* a Station with a Free Ride opening a new line */
	assert_true(legal(NULL, "GS FR G5", -1));
}

static void test_station(void **state)
{
	(void)state;
	assert_true(legal(NULL, "OS", -1));
	assert_true(legal(NULL, "OS O6 O5 O4", -1));
	assert_true(legal(NULL, "OS O7 O8", -1));
	assert_false(legal(NULL, "OS O6 O7", -1));
	assert_false(legal(NULL, "OS B6", -1));
	assert_false(legal(NULL, "O6", -1));               /* no line yet */
	assert_false(legal("BS B7", "BS", -1));            /* one Station per colour */
	assert_true(legal("BS B7", "MS M7", -1));
}

static void test_transfer(void **state)
{
	(void)state;
	/* The page: magenta line, magenta 5 played; Transfer beside it, orange 5 on
	 * the other side; orange 4 to 1 follow away from the Station. */
	const char *l = "M5 M6 MS";
	assert_true(legal(l, "TR O5", -1));
	assert_true(legal(l, "TR O5 O4 O3 O2 O1", -1));
	assert_false(legal(l, "TR O5 O6", -1));     /* away from the Station */
	assert_false(legal(l, "TR O4", -1));        /* the same number as a card of the line */
	assert_false(legal(l, "TR M5", -1));        /* a different colour */
	struct take_game without = game;
	without.transfers = 0;
	struct take_card p[4];
	size_t n = cards("TR O5", p);
	struct take_line line = line_of(l);
	struct buf out = {0};
	assert_false(take_check_play(&without, &line, p, n, -1, &out));
	assert_non_null(strstr(out.s, "no Transfer"));
	buf_free(&out);
}

/* The rules of the table no play from a written line can reach: a Station
 * when every line is taken, an End of Line on a branch, a Free Ride taken back
 * or whose card the hand lacks, a Transfer whose card is on the table. */
static void test_table_rules(void **state)
{
	(void)state;
	struct take_table t;
	take_table_init(&t);
	unsigned char hand[TAKE_NIDS] = {0};
	struct take_pos p = {&game, &t, hand};
	/* a blue line B6 BS B7 with an orange branch O6 O5 beside the blue 6 */
	struct take_move open_blue = {TAKE_STATION, 0, TAKE_LEFT, 0, 1, 0};
	hand[take_station_id(&game, 0)] = 1;
	hand[take_number_id(&game, 0, 6)] = 1;
	assert_true(take_move_legal(&p, &open_blue, NULL));
	take_move_apply(&game, &t, hand, &open_blue);
	hand[take_number_id(&game, 0, 7)] = 1;
	struct take_move b7 = {TAKE_RUN, 0, TAKE_RIGHT, 0, 1, 0};
	take_move_apply(&game, &t, hand, &b7);
	hand[TAKE_ID_TRANSFER] = 1;
	hand[take_number_id(&game, 3, 6)] = 1;
	hand[take_number_id(&game, 3, 5)] = 1;
	struct take_move tr = {TAKE_TRANSFER, 0, TAKE_LEFT, 3, 1, 0};
	assert_true(take_move_legal(&p, &tr, NULL));
	take_move_apply(&game, &t, hand, &tr);
	assert_int_equal(t.nlines, 2);
	/* the orange 6 is on the table: a second Transfer cannot branch with it */
	hand[TAKE_ID_TRANSFER] = 1;
	hand[take_number_id(&game, 3, 6)] = 1;
	assert_false(take_move_legal(&p, &(struct take_move){TAKE_TRANSFER, 0, TAKE_LEFT, 3, 0, 0}, NULL));
	/* an End of Line goes on a Station's line, not on a branch */
	hand[TAKE_ID_END_OF_LINE] = 1;
	assert_true(take_move_legal(&p, &(struct take_move){TAKE_END_OF_LINE, 0, TAKE_LEFT, 0, 0, 0}, NULL));
	assert_false(take_move_legal(&p, &(struct take_move){TAKE_END_OF_LINE, 1, TAKE_LEFT, 0, 0, 0}, NULL));
	/* a Free Ride standing in for blue 8; taking it back needs the blue 8, once */
	hand[TAKE_ID_FREE_RIDE] = 1;
	struct take_move fr8 = {TAKE_RUN, 0, TAKE_RIGHT, 0, 1, 1};
	assert_true(take_move_legal(&p, &fr8, NULL));
	take_move_apply(&game, &t, hand, &fr8);
	struct take_move back = {TAKE_REPLACE, 0, 0, 0, 0, 0};
	assert_false(take_move_legal(&p, &back, NULL));
	hand[take_number_id(&game, 0, 8)] = 1;
	assert_true(take_move_legal(&p, &back, NULL));
	take_move_apply(&game, &t, hand, &back);
	assert_int_equal(hand[TAKE_ID_FREE_RIDE], 1);
	hand[take_number_id(&game, 0, 8)] = 1;
	assert_false(take_move_legal(&p, &back, NULL));
	/* no room for a Station's line beyond TAKE_MAX_LINES */
	hand[take_station_id(&game, 2)] = 1;
	struct take_move open_magenta = {TAKE_STATION, 0, 0, 2, 0, 0};
	assert_true(take_move_legal(&p, &open_magenta, NULL));
	t.nlines = TAKE_MAX_LINES;
	assert_false(take_move_legal(&p, &open_magenta, NULL));
}

/* A line closed at one end wraps its other end all the way round, each
 * number once: with every green number and Free Rides in hand, the run from
 * the Station takes twelve cards, never a thirteenth (the green 7 again, or a
 * Free Ride standing in for it), and take_moves lists no longer run. */
static void test_wrap_once(void **state)
{
	(void)state;
	struct take_table t;
	take_table_init(&t);
	unsigned char hand[TAKE_NIDS] = {0};
	struct take_pos p = {&game, &t, hand};
	hand[take_station_id(&game, 1)] = 1;
	hand[TAKE_ID_END_OF_LINE] = 1;
	struct take_move open = {TAKE_STATION, 0, 0, 1, 0, 0}, close = {TAKE_END_OF_LINE, 0, TAKE_LEFT, 0, 0, 0};
	assert_true(take_move_legal(&p, &open, NULL));
	take_move_apply(&game, &t, hand, &open);
	assert_true(take_move_legal(&p, &close, NULL));
	take_move_apply(&game, &t, hand, &close);
	for (int v = 1; v <= 12; v++)
		hand[take_number_id(&game, 1, v)] = 1;
	hand[TAKE_ID_FREE_RIDE] = 2;
	assert_true(take_move_legal(&p, &(struct take_move){TAKE_RUN, 0, TAKE_RIGHT, 0, 12, 0}, NULL));
	struct buf why = {0};
	assert_false(take_move_legal(&p, &(struct take_move){TAKE_RUN, 0, TAKE_RIGHT, 0, 13, 0}, &why));
	assert_non_null(strstr(why.s, "only one green 7: the play has laid it already"));
	buf_free(&why);
	assert_false(take_move_legal(&p, &(struct take_move){TAKE_RUN, 0, TAKE_RIGHT, 0, 13, 1u << 12}, NULL));
	static struct take_move all[TAKE_MAX_MOVES];
	size_t n = take_moves(&p, all, TAKE_MAX_MOVES);
	int longest = 0;
	for (size_t i = 0; i < n; i++)
		longest = all[i].len > longest ? all[i].len : longest;
	assert_int_equal(longest, 12);
}

/* ---- the property: the engine's moves are the legality's ----------------- */

struct seen {
	long positions, checked, candidates, extra, missing, dup;
	long kinds[TAKE_NKINDS], free_rides, branch_runs;
};

/* Is m among moves[0..n-1]? */
static int count_in(const struct take_move *m, const struct take_move *moves, size_t n)
{
	int k = 0;
	for (size_t i = 0; i < n; i++)
		k += moves[i].kind == m->kind && moves[i].line == m->line && moves[i].side == m->side &&
		     moves[i].colour == m->colour && moves[i].len == m->len && moves[i].free == m->free;
	return k;
}

/* One candidate: legal exactly when listed. */
static void compare(struct seen *sn, const struct take_pos *p, struct take_move m, const struct take_move *moves,
		    size_t n)
{
	bool legal = take_move_legal(p, &m, NULL);
	int in = count_in(&m, moves, n);
	sn->candidates++;
	if (legal != (in > 0) && sn->extra + sn->missing < 5)
		print_message("kind %d line %d side %d colour %d len %d free %x: %s\n", m.kind, m.line, m.side, m.colour,
			      m.len, m.free, legal ? "legal, not listed" : "listed, not legal");
	sn->extra += in && !legal;
	sn->missing += legal && !in;
	sn->dup += in > 1;
}

/* Every run length and Free Ride pattern (up to one Free Ride more than the
 * hand holds) of move m. */
static void compare_runs(struct seen *sn, const struct take_pos *p, struct take_move m, int min,
			 const struct take_move *moves, size_t n)
{
	int most = p->hand[TAKE_ID_FREE_RIDE] + 1;
	for (int len = min; len <= 13; len++)
		for (unsigned f = 0; f < 1u << len; f++) {
			if (__builtin_popcount(f) > most)
				continue;
			m.len = (unsigned char)len;
			m.free = (unsigned short)f;
			compare(sn, p, m, moves, n);
		}
}

/* Every position the engine decides in (one in 20): the moves it chooses
 * among are exactly the candidates take_move_legal accepts, asked one by one
 * over every move there is (kind x line x end x colour x length x Free Rides). */
static void watch(void *ctx, const struct take_pos *p, const struct take_move *moves, size_t n)
{
	struct seen *sn = ctx;
	for (size_t i = 0; i < n; i++) {
		sn->kinds[moves[i].kind]++;
		sn->free_rides += moves[i].free != 0;
		sn->branch_runs += moves[i].kind == TAKE_TRANSFER && moves[i].len;
	}
	if (sn->positions++ % 20)
		return;
	sn->checked++;
	const struct take_table *t = p->t;
	int nc = (int)p->g->ncolours;
	for (int li = 0; li <= t->nlines; li++)
		for (int s = 0; s < 2; s++) {
			compare_runs(sn, p, (struct take_move){TAKE_RUN, (unsigned char)li, (unsigned char)s, 0, 0, 0}, 1, moves, n);
			compare(sn, p, (struct take_move){TAKE_END_OF_LINE, (unsigned char)li, (unsigned char)s, 0, 0, 0}, moves, n);
			for (int c = 0; c <= nc; c++)
				compare_runs(sn, p, (struct take_move){TAKE_TRANSFER, (unsigned char)li, (unsigned char)s,
						 (unsigned char)c, 0, 0}, 0, moves, n);
			/* a colour where none belongs */
			compare(sn, p, (struct take_move){TAKE_RUN, (unsigned char)li, (unsigned char)s, 1, 1, 0}, moves, n);
		}
	for (int c = 0; c <= nc; c++)
		for (int s = 0; s < 2; s++)
			compare_runs(sn, p, (struct take_move){TAKE_STATION, 0, (unsigned char)s, (unsigned char)c, 0, 0}, 0,
				     moves, n);
	for (int i = 0; i <= t->nfr; i++)
		compare(sn, p, (struct take_move){TAKE_REPLACE, (unsigned char)i, 0, 0, 0, 0}, moves, n);
}

/* Play `games` games of the shipped pack (with its Transfers when transfers)
 * under rules[] (KEY=VALUE), three random seats and one greedy, every
 * decision watched. */
static void play_watched(const char **kv, size_t nkv, bool transfers, int games, struct seen *sn)
{
	static char tr[] = "transfer";
	struct kit *probe = kit_load("packs/take-the-train.yaml", NULL, 0, NULL, 0);
	assert_non_null(probe);
	const struct game *g = game_find(probe->game);
	kit_free(probe);
	struct game_rules pr;
	struct names_select sel = {0};
	if (transfers)
		sel.with[sel.nwith++] = tr;
	struct kit *d = kit_games_load(g, NULL, "packs/take-the-train.yaml", &sel, &pr);
	assert_non_null(d);
	assert_true(ruleset_set_all(&pr.set, kv, nkv));
	struct gsim_params gp = {.deck = d, .pack_rules = &pr, .players = 4, .max_length = 400};
	gp.policy[3] = GSIM_GREEDY;
	char err[256];
	void *setup = gsim_take.setup_new(&gp, err, sizeof err);
	assert_non_null(setup);
	gsim_take_watch(setup, watch, sn);
	void *scratch = gsim_scratch_new(&gsim_take, setup);
	for (int k = 0; k < games; k++) {
		struct gsim_outcome o;
		gsim_play(&gsim_take, setup, scratch, 13, (uint64_t)k, &o);
	}
	gsim_scratch_free(&gsim_take, scratch);
	gsim_take.setup_free(setup);
	kit_free(d);
}

/* Every rules: combination the pack offers (each value of tie; target and
 * rounds 0 and not), with and without the Transfers. */
static void test_moves_are_the_legal_ones(void **state)
{
	(void)state;
	static const char *const tie[] = {"tie=none", "tie=shared", "tie=fewest-cards"};
	static const char *const target[] = {"target=0", "target=60"};
	static const char *const rounds[] = {"rounds=0", "rounds=2"};
	struct seen sn = {0};
	for (int i = 0; i < 24; i++) {
		const char *kv[3] = {tie[i % 3], target[i / 3 % 2], rounds[i / 6 % 2]};
		play_watched(kv, 3, i >= 12, 2, &sn);
	}
	print_message("%ld positions, %ld compared, %ld candidates\n", sn.positions, sn.checked, sn.candidates);
	assert_int_equal(sn.extra, 0);
	assert_int_equal(sn.missing, 0);
	assert_int_equal(sn.dup, 0);
	/* every kind of move came up, Free Rides and Transfer branches among them */
	for (int k = 0; k < TAKE_NKINDS; k++)
		assert_true(sn.kinds[k] > 0);
	assert_true(sn.free_rides > 0);
	assert_true(sn.branch_runs > 0);
}

/* The cards seat cannot see, counts per id into count[TAKE_NIDS]: the other
 * hands and the Conductor's Hand. */
static void unseen(const void *setup, const void *pos, int seat, int players, int *count)
{
	const unsigned char *pile;
	size_t npile;
	int nhand[SIM_MAX_PLAYERS];
	memset(count, 0, TAKE_NIDS * sizeof *count);
	for (int q = 0; q < players; q++) {
		struct take_pos v = gsim_take_view(setup, pos, q, &pile, &npile, nhand);
		for (int id = 0; q != seat && id < TAKE_NIDS; id++)
			count[id] += v.hand[id];
	}
	for (size_t i = 0; i < npile; i++)
		count[pile[i]]++;
}

/* The game through its steps (gsim.h), four random seats, its Transfers in:
 * every key the steps list is a play take_move_legal allows at the position
 * (taking the Train the one key of a seat with no play); determinize for the
 * deciding seat keeps its hand, the table, every hand's and the pile's count,
 * the standing, the unseen cards as a whole and the Free Rides a seat was
 * seen to take back into its hand, deals the rest anew (other hands change)
 * and leaves the seat's keys as they were. */
static void test_steps(void **state)
{
	(void)state;
	static char tr[] = "transfer";
	static struct take_move tmp[TAKE_MAX_MOVES];
	struct kit *probe = kit_load("packs/take-the-train.yaml", NULL, 0, NULL, 0);
	assert_non_null(probe);
	const struct game *g = game_find(probe->game);
	kit_free(probe);
	struct game_rules pr;
	struct names_select sel = {0};
	sel.with[sel.nwith++] = tr;
	struct kit *d = kit_games_load(g, NULL, "packs/take-the-train.yaml", &sel, &pr);
	assert_non_null(d);
	enum { P = 4 };
	struct gsim_params gp = {.deck = d, .pack_rules = &pr, .players = P, .max_length = 400};
	char err[256];
	void *setup = gsim_take.setup_new(&gp, err, sizeof err);
	assert_non_null(setup);
	const struct gsim_steps *st = gsim_take.steps;
	assert_non_null(st);
	void *pos = calloc(1, st->pos_size(setup)), *copy = calloc(1, st->pos_size(setup));
	void *work = calloc(1, st->work_size(setup));
	uint64_t *keys = calloc(st->max_moves(setup), sizeof *keys), *again = calloc(st->max_moves(setup), sizeof *again);
	long decisions = 0, illegal = 0, takes = 0, determinized = 0, lost = 0, dealt_anew = 0, keys_moved = 0;
	long taken_back = 0, forgot = 0;
	int ri = 0;
	while (strcmp(gsim_take.counters[ri], "rounds"))
		ri++;
	for (int k = 0; k < 12; k++) {
		struct rng rng, other;
		rng_seed(&rng, 29, (uint64_t)k);
		rng_seed(&other, 31, (uint64_t)k);
		struct gsim_outcome o = {0};
		st->start(setup, work, pos, &rng, &o);
		/* the Free Rides each seat was seen to take back, not laid since */
		int known[P] = {0};
		uint64_t rounds = o.count[ri];
		int seat;
		while ((seat = st->turn(setup, pos)) >= 0) {
			size_t n = st->moves(setup, work, pos, keys);
			assert_true(n >= 1 && n <= st->max_moves(setup));
			const unsigned char *pile;
			size_t npile;
			int nhand[SIM_MAX_PLAYERS] = {0};
			struct take_pos v = gsim_take_view(setup, pos, seat, &pile, &npile, nhand);
			for (size_t i = 0; i < n; i++) {
				struct take_move m;
				if (!gsim_take_key_move(keys[i], &m)) {
					takes++;
					illegal += n != 1 || take_moves(&v, tmp, TAKE_MAX_MOVES) != 0;
				} else {
					illegal += !take_move_legal(&v, &m, NULL);
				}
			}
			if (decisions++ % 5 == 0) {
				determinized++;
				memcpy(copy, pos, st->pos_size(setup));
				st->determinize(setup, work, copy, seat, &other);
				const unsigned char *pile2;
				size_t npile2;
				int nhand2[SIM_MAX_PLAYERS] = {0}, before[TAKE_NIDS], after[TAKE_NIDS];
				double s1[SIM_MAX_PLAYERS], s2[SIM_MAX_PLAYERS];
				struct take_pos w = gsim_take_view(setup, copy, seat, &pile2, &npile2, nhand2);
				unseen(setup, pos, seat, P, before);
				unseen(setup, copy, seat, P, after);
				st->standing(setup, work, pos, s1);
				st->standing(setup, work, copy, s2);
				bool kept = !memcmp(v.hand, w.hand, TAKE_NIDS) && !memcmp(v.t, w.t, sizeof *v.t) &&
					    npile == npile2 && !memcmp(nhand, nhand2, sizeof nhand) &&
					    !memcmp(before, after, sizeof before) && !memcmp(s1, s2, P * sizeof *s1);
				lost += !kept;
				bool anew = false;
				for (int q = 0; q < P; q++) {
					struct take_pos a = gsim_take_view(setup, pos, q, &pile, &npile, nhand);
					struct take_pos b = gsim_take_view(setup, copy, q, &pile2, &npile2, nhand2);
					anew |= q != seat && memcmp(a.hand, b.hand, TAKE_NIDS) != 0;
					forgot += b.hand[TAKE_ID_FREE_RIDE] < known[q];
				}
				dealt_anew += anew;
				keys_moved += st->moves(setup, work, copy, again) != n ||
					      memcmp(keys, again, n * sizeof *keys) != 0;
			}
			size_t c = st->choose(setup, work, pos, GSIM_RANDOM, keys, n, &rng);
			assert_true(c < n);
			st->apply(setup, work, pos, keys[c], &rng, &o);
			struct take_move m;
			if (o.count[ri] != rounds) {
				memset(known, 0, sizeof known);   /* a new deal */
				rounds = o.count[ri];
			} else if (gsim_take_key_move(keys[c], &m)) {
				for (int i = 0; i < m.len; i++)
					known[seat] -= (m.free >> i & 1u) && known[seat];
				known[seat] += m.kind == TAKE_REPLACE;
				taken_back += m.kind == TAKE_REPLACE;
			}
		}
		st->result(setup, pos, &o);
		assert_true(o.length > 0);
	}
	print_message("%ld decisions, %ld Trains taken, %ld Free Rides taken back, %ld determinized, %ld dealt anew\n",
		      decisions, takes, taken_back, determinized, dealt_anew);
	assert_int_equal(forgot, 0);
	assert_true(taken_back > 0);
	assert_int_equal(illegal, 0);
	assert_int_equal(lost, 0);
	assert_int_equal(keys_moved, 0);
	assert_true(takes > 0);
	assert_true(dealt_anew > determinized / 2);
	free(pos);
	free(copy);
	free(work);
	free(keys);
	free(again);
	gsim_take.setup_free(setup);
	kit_free(d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse),
		cmocka_unit_test(test_step_values),
		cmocka_unit_test(test_runs),
		cmocka_unit_test(test_end_of_line),
		cmocka_unit_test(test_free_ride),
		cmocka_unit_test(test_station),
		cmocka_unit_test(test_transfer),
		cmocka_unit_test(test_table_rules),
		cmocka_unit_test(test_wrap_once),
		cmocka_unit_test(test_moves_are_the_legal_ones),
		cmocka_unit_test(test_steps),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
