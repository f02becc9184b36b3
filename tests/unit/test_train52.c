/* Train, 52 cards (seeds/003): each rule from the page with its examples. */
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
#include "train52.h"

static const char *const suits[] = {"spades", "hearts", "diamonds", "clubs"};

static size_t cards(const char *s, struct train52_card *out)
{
	char copy[256];
	size_t n = 0;
	snprintf(copy, sizeof copy, "%s", s ? s : "");
	for (char *t = strtok(copy, " "); t; t = strtok(NULL, " ")) {
		struct buf why = {0};
		if (train52_parse(t, suits, 4, &out[n++], &why) != 0)
			fail_msg("%s", why.s);
		buf_free(&why);
	}
	return n;
}

static int open_piles;
static struct train52_rules rules;

static bool legal(enum train52_area area, const char *on, const char *play, const char *hand)
{
	struct train52_card o[32], p[32], h[32];
	size_t no = cards(on, o), np = cards(play, p), nh = cards(hand, h);
	struct buf out = {0};
	bool ok = train52_check_play(&rules, area, o, no, p, np, h, nh, open_piles, &out);
	buf_free(&out);
	return ok;
}

#define central(on, play) legal(TRAIN52_CENTRAL, on, play, NULL)

static void test_parse(void **state)
{
	(void)state;
	struct train52_card c;
	struct buf why = {0};
	assert_int_equal(train52_parse("10H", suits, 4, &c, &why), 0);
	assert_int_equal(c.rank, 10);
	assert_int_equal(c.suit, 1);
	assert_int_equal(train52_parse("K♣", suits, 4, &c, &why), 0);
	assert_int_equal(c.rank, 13);
	assert_int_equal(c.suit, 3);
	assert_int_equal(train52_parse("a", suits, 4, &c, &why), 0);
	assert_int_equal(c.rank, 1);
	assert_int_equal(c.suit, -1);
	assert_int_equal(train52_parse("11", suits, 4, &c, &why), -1);
	assert_int_equal(train52_parse("QX", suits, 4, &c, &why), -1);
	buf_free(&why);
}

static void test_central(void **state)
{
	(void)state;
	/* "5 is in Central Play. A 6 or 7 may be played on it; a 4 may be played on it." */
	assert_true(central("5", "6"));
	assert_true(central("5", "7"));
	assert_true(central("5", "4"));
	assert_false(central("5", "3"));
	assert_false(central("5", "8"));
	assert_false(central("5", "5"));
	/* only the top card counts */
	assert_true(central("9 2 5", "6"));
	/* "On non-face cards (2, 3, 4, etc.)": by default a face card does not go
	 * down on its own, and an A only closes piles */
	assert_false(central("10", "J"));
	assert_false(central("Q", "K"));
	assert_false(central("2", "A"));
	assert_false(central("A", "A A"));
	assert_true(central("J", "10"));
	/* face-cards=step: J 11, Q 12, K 13; ace=low: A is 1 */
	rules.face_step = true;
	assert_true(central("10", "Q"));
	assert_true(central("Q", "K"));
	assert_false(central("K", "2"));
	rules.face_step = false;
	rules.ace_low = true;
	assert_true(central("2", "A"));
	rules.ace_low = false;
}

static void test_sandwiches(void **state)
{
	(void)state;
	/* "one card, a random card, a matching card to the first (Ex: J, 8, J). The
	 * bottom card of a Sandwich must follow the 1 or 2 higher/1 lower rule" */
	assert_true(central("10", "J 8 J"));
	assert_true(central("Q", "J 8 J"));
	assert_false(central("8", "J 8 J"));
	assert_false(central("10", "J 8 Q"));
	/* an A at the bottom is a card of central play only under ace=low */
	assert_false(central("2", "A 5 A"));
	assert_false(central("2", "A 5 5 A"));
	rules.ace_low = true;
	assert_true(central("2", "A 5 A"));
	assert_true(central("2", "A 5 5 A"));
	assert_true(central("A", "A A"));     /* a double A on an A */
	rules.ace_low = false;
	/* on both central and pile play */
	assert_true(legal(TRAIN52_PILE, "A 2 4 5 7 9 J K 2 3", "4 K 4", NULL));
	/* double sandwich: "J, 4, 4, J", central only */
	assert_true(central("10", "J 4 4 J"));
	assert_false(central("4", "J 4 4 J"));
	assert_false(legal(TRAIN52_PILE, "A 2 4 5 7 9 J K 2 3", "4 K K 4", NULL));
}

static void test_doubles(void **state)
{
	(void)state;
	assert_true(central("4", "K K"));
	assert_true(central("5", "Q Q"));
	assert_true(central("6", "J J"));
	assert_false(central("5", "K K"));
	assert_false(central("6", "Q Q"));
	assert_false(central("J", "J J"));
	/* number doubles on an equal value: "Double 4 on a 4" */
	assert_true(central("4", "4 4"));
	assert_false(central("5", "4 4"));
	assert_false(central("3", "4 4"));
	/* doubles only in central play */
	assert_false(legal(TRAIN52_PILE, "A 2 4 5 7 9 J K 2 4", "4 4", NULL));
	/* a set of doubles only at the beginning of a round */
	assert_true(legal(TRAIN52_START, NULL, "J J 4 4", NULL));
	assert_false(central("4", "J J 4 4"));
	assert_true(legal(TRAIN52_START, NULL, "2", NULL));
	assert_false(legal(TRAIN52_START, NULL, "3", NULL));
	/* "each player draws one card from any pile and play begins with the first
	 * player to put a card down" */
	assert_true(legal(TRAIN52_DRAWN, NULL, "3", NULL));
	assert_false(legal(TRAIN52_DRAWN, NULL, "3 4", NULL));
	assert_false(central("5", "6 6 6 6 6"));     /* more than four of a rank */
	assert_false(central("5", "6H 6H"));         /* the same card twice */
}

static void test_piles(void **state)
{
	(void)state;
	/* "An A may be played on a pile to close it" */
	assert_true(legal(TRAIN52_PILE, NULL, "A", NULL));
	/* "One deck must always remain open" */
	open_piles = 1;
	assert_false(legal(TRAIN52_PILE, NULL, "A", NULL));
	assert_false(legal(TRAIN52_PILE, "A 2 4 5 7 9 J K 2", "A", NULL));
	open_piles = 2;
	assert_true(legal(TRAIN52_PILE, NULL, "A", NULL));
	assert_true(legal(TRAIN52_PILE, "A 2 4 5 7 9 J K 2", "A", NULL));   /* closes again */
	open_piles = 0;
	assert_false(legal(TRAIN52_PILE, NULL, "5", NULL));
	/* reopening: "placing cards on the closing A in this sequence: A, 2, 4, 5,
	 * 7, 9, J, K": by default the closing A is the sequence's A */
	assert_false(legal(TRAIN52_PILE, "A", "A", NULL));
	assert_true(legal(TRAIN52_PILE, "A", "2", NULL));
	assert_false(legal(TRAIN52_PILE, "A", "3", NULL));
	assert_true(legal(TRAIN52_PILE, "A 2", "4", NULL));
	assert_true(legal(TRAIN52_PILE, "A 2 4", "5 7", NULL));
	assert_false(legal(TRAIN52_PILE, "A 2 4 5", "9", NULL));
	assert_true(legal(TRAIN52_PILE, "A 2 4 5 7 9 J", "K", NULL));
	assert_false(legal(TRAIN52_PILE, "A 2 4 5 7 9 J K", "K", NULL));
	assert_false(legal(TRAIN52_PILE, "A 2 4 5 7 9 J", "K 2", NULL));     /* the sequence ends with the K */
	assert_false(legal(TRAIN52_PILE, "A 2 4 5 7 9 J K 2", "2", NULL));   /* reopened: the step rule */
	assert_false(central("5", "A"));                                  /* an A closes piles */
	/* after the K: a 2 or two sets of doubles */
	assert_true(legal(TRAIN52_PILE, "A 2 4 5 7 9 J K", "2", NULL));
	assert_true(legal(TRAIN52_PILE, "A 2 4 5 7 9 J K", "Q Q 3 3", NULL));
	assert_false(legal(TRAIN52_PILE, "A 2 4 5 7 9 J K", "3", NULL));
	/* then central rules without doubles */
	assert_true(legal(TRAIN52_PILE, "A 2 4 5 7 9 J K 2", "4", NULL));
	assert_false(legal(TRAIN52_PILE, "A 2 4 5 7 9 J K 2", "5", NULL));
	/* reopen=second-ace: a second A on the closing one */
	rules.second_ace = true;
	assert_true(legal(TRAIN52_PILE, "A", "A", NULL));
	assert_false(legal(TRAIN52_PILE, "A", "2", NULL));
	assert_true(legal(TRAIN52_PILE, "A A", "2", NULL));
	assert_true(legal(TRAIN52_PILE, "A A 2 4 5 7 9 J K", "2", NULL));
	assert_true(legal(TRAIN52_PILE, "A A 2 4 5 7 9 J K 2", "4", NULL));
	rules.second_ace = false;
	struct train52_card on[8];
	size_t n = cards("A 2 5", on);
	struct buf why = {0};
	assert_int_equal(train52_pile_valid(&rules, on, n, &why), -1);
	buf_free(&why);
}

static void test_train(void **state)
{
	(void)state;
	/* "Ex: 2, 3, 4, 5, 6": all the hand, from 2, rising, on a bare closing A */
	assert_true(legal(TRAIN52_PILE, "A", "2 3 4 5 6", "6 5 4 3 2"));
	assert_false(legal(TRAIN52_PILE, "A", "2 3 4 5 6", "2 3 4 5 6 9"));
	assert_false(legal(TRAIN52_PILE, "A", "3 4 5 6", "3 4 5 6"));
	assert_false(legal(TRAIN52_PILE, "A", "2 3 5", "2 3 5"));
	assert_false(legal(TRAIN52_PILE, "A 2", "2 3 4", "2 3 4"));   /* not a bare A */
	assert_false(central("A", "2 3 4 5 6"));                   /* only in pile play */
	/* reopen=second-ace: the bare closing A still takes the Train */
	rules.second_ace = true;
	assert_true(legal(TRAIN52_PILE, "A", "2 3 4", "2 3 4"));
	assert_false(legal(TRAIN52_PILE, "A A", "2 3 4", "2 3 4"));
	rules.second_ace = false;
}

/* ---- the property: the engine's moves are the legality's ----------------- */

/* What the watch saw: positions compared, and mismatches. */
struct seen {
	long positions, checked, extra, missing, dup;
	long kinds[TRAIN52_NKINDS];
	long states[4];
};

/* Every position the engine decides in (one in `every`): the moves it chooses
 * among are exactly the candidates train52_move_legal accepts, asked one by one
 * over every move there is (kind x place x rank x rank). */
static void watch(void *ctx, const struct train52_rules *r, const struct train52_pos *p, const struct train52_move *moves,
		  size_t n)
{
	struct seen *sn = ctx;
	if (sn->positions++ % 3)
		return;
	sn->checked++;
	static unsigned char listed[TRAIN52_NKINDS][TRAIN52_MAX_TABLE_PILES + 1][14][14];
	memset(listed, 0, sizeof listed);
	for (size_t i = 0; i < n; i++) {
		const struct train52_move *m = &moves[i];
		assert_true(m->kind < TRAIN52_NKINDS && m->where <= p->t->npiles && m->r1 <= 13 && m->r2 <= 13);
		sn->dup += listed[m->kind][m->where][m->r1][m->r2]++ > 0;
		sn->kinds[m->kind]++;
	}
	for (int i = 0; i < p->t->npiles; i++)
		sn->states[p->t->pile[i].state]++;
	for (int k = 0; k < TRAIN52_NKINDS; k++)
		for (int w = 0; w <= p->t->npiles; w++)
			for (int a = 0; a <= 13; a++)
				for (int b = 0; b <= 13; b++) {
					struct train52_move m = {(unsigned char)k, (unsigned char)w, (unsigned char)a,
							     (unsigned char)b};
					bool legal = train52_move_legal(r, p, &m, NULL), in = listed[k][w][a][b];
					if (legal != in) {
						struct buf name = {0};
						train52_move_name(&m, &name);
						if (sn->extra + sn->missing < 5)
							print_message("%s: %s\n", name.s, legal ? "legal, not listed"
												: "listed, not legal");
						buf_free(&name);
					}
					sn->extra += in && !legal;
					sn->missing += legal && !in;
				}
}

/* Play `games` games of the shipped pack under rules[] (KEY=VALUE) and
 * `piles` (NULL: the pack's), three random seats and one greedy, every
 * decision watched. */
static void play_watched(const char **kv, size_t nkv, const char *piles, int games, struct seen *sn)
{
	struct kit *probe = kit_load("packs/train-52.yaml", NULL, 0, NULL, 0);
	assert_non_null(probe);
	const struct game *g = game_find(probe->game);
	kit_free(probe);
	struct game_rules pr;
	struct names_select sel = {0};
	struct kit *d = kit_games_load(g, NULL, "packs/train-52.yaml", &sel, &pr);
	assert_non_null(d);
	assert_true(ruleset_set_all(&pr.set, kv, nkv));
	if (piles) {
		TRAIN52_OWN(&pr)->nrounds = 0;
		for (const char *c = piles; *c; c++)
			if (*c >= '1' && *c <= '9')
				TRAIN52_OWN(&pr)->piles[TRAIN52_OWN(&pr)->nrounds++] = *c - '0';
	}
	struct gsim_params gp = {.deck = d, .pack_rules = &pr, .players = 4, .max_length = 600};
	gp.policy[3] = GSIM_GREEDY;
	char err[256];
	void *setup = gsim_train52.setup_new(&gp, err, sizeof err);
	assert_non_null(setup);
	gsim_train52_watch(setup, watch, sn);
	void *scratch = gsim_scratch_new(&gsim_train52, setup);
	for (int k = 0; k < games; k++) {
		struct gsim_outcome o;
		gsim_play(&gsim_train52, setup, scratch, 11, (uint64_t)k, &o);
	}
	gsim_scratch_free(&gsim_train52, scratch);
	gsim_train52.setup_free(setup);
	kit_free(d);
}

/* Every rules: combination the pack offers (each value of face-cards, ace,
 * reopen and order; wrecks 0 and 1; piles as shipped and two others). */
static void test_moves_are_the_legal_ones(void **state)
{
	(void)state;
	static const char *const face[] = {"face-cards=doubles", "face-cards=step"};
	static const char *const ace[] = {"ace=piles", "ace=low"};
	static const char *const reopen[] = {"reopen=closing-ace", "reopen=second-ace"};
	static const char *const order[] = {"order=random", "order=rotation"};
	static const char *const wrecks[] = {"wrecks=1", "wrecks=0", "wrecks=3"};
	static const char *const piles[] = {NULL, "[2]", "[1, 5]"};
	struct seen sn = {0};
	for (int i = 0; i < 16; i++) {
		const char *kv[5] = {face[i & 1], ace[i >> 1 & 1], reopen[i >> 2 & 1], order[i >> 3 & 1],
				     wrecks[i % 3]};
		/* piles on another cycle than wrecks, so that every wrecks value meets
		 * every piles value over the 16 combinations */
		play_watched(kv, 5, piles[i / 3 % 3], 3, &sn);
	}
	print_message("%ld positions, %ld compared\n", sn.positions, sn.checked);
	assert_int_equal(sn.extra, 0);
	assert_int_equal(sn.missing, 0);
	assert_int_equal(sn.dup, 0);
	/* every kind of move and every state of a pile came up */
	for (int k = 0; k < TRAIN52_NKINDS; k++)
		assert_true(sn.kinds[k] > 0);
	for (int k = 0; k < 4; k++)
		assert_true(sn.states[k] > 0);
}

/* The cards seat cannot see, counts per rank into count[14]: the other
 * hands and the piles' undrawn cards. */
static void unseen(const void *setup, const void *pos, int seat, int players, int *count)
{
	int left[TRAIN52_MAX_TABLE_PILES], stock[14];
	memset(count, 0, 14 * sizeof *count);
	for (int q = 0; q < players; q++) {
		struct train52_pos v = gsim_train52_view(setup, pos, q, stock, left);
		for (int r = 1; q != seat && r <= 13; r++)
			count[r] += v.hand[r];
	}
	for (int r = 1; r <= 13; r++)
		count[r] += stock[r];
}

/* The game through its steps (gsim.h), four random seats: every key the
 * steps list is a play train52_move_legal allows at the position, and the draw,
 * once, last; determinize for the deciding seat keeps its hand, the table,
 * every hand's and pile's count, the standing and the unseen cards as a
 * whole, deals them anew (other hands change) and leaves the seat's keys as
 * they were. */
static void test_steps(void **state)
{
	(void)state;
	struct kit *probe = kit_load("packs/train-52.yaml", NULL, 0, NULL, 0);
	assert_non_null(probe);
	const struct game *g = game_find(probe->game);
	kit_free(probe);
	struct game_rules pr;
	struct names_select sel = {0};
	struct kit *d = kit_games_load(g, NULL, "packs/train-52.yaml", &sel, &pr);
	assert_non_null(d);
	struct train52_rules r52;
	train52_rules_from(&pr.set, &r52);
	enum { P = 4 };
	struct gsim_params gp = {.deck = d, .pack_rules = &pr, .players = P, .max_length = 600};
	char err[256];
	void *setup = gsim_train52.setup_new(&gp, err, sizeof err);
	assert_non_null(setup);
	const struct gsim_steps *st = gsim_train52.steps;
	assert_non_null(st);
	void *pos = calloc(1, st->pos_size(setup)), *copy = calloc(1, st->pos_size(setup));
	void *work = calloc(1, st->work_size(setup));
	uint64_t *keys = calloc(st->max_moves(setup), sizeof *keys), *again = calloc(st->max_moves(setup), sizeof *again);
	long decisions = 0, illegal = 0, draws = 0, determinized = 0, lost = 0, dealt_anew = 0, keys_moved = 0;
	for (int k = 0; k < 6; k++) {
		struct rng rng, other;
		rng_seed(&rng, 29, (uint64_t)k);
		rng_seed(&other, 31, (uint64_t)k);
		struct gsim_outcome o = {0};
		st->start(setup, work, pos, &rng, &o);
		int seat;
		while ((seat = st->turn(setup, pos)) >= 0) {
			size_t n = st->moves(setup, work, pos, keys);
			assert_true(n >= 1 && n <= st->max_moves(setup));
			int stock[14], left[TRAIN52_MAX_TABLE_PILES];
			struct train52_pos v = gsim_train52_view(setup, pos, seat, stock, left);
			for (size_t i = 0; i < n; i++) {
				struct train52_move m;
				if (!gsim_train52_key_move(keys[i], &m)) {
					draws++;
					illegal += i != n - 1;
				} else {
					illegal += !train52_move_legal(&r52, &v, &m, NULL);
				}
			}
			illegal += gsim_train52_key_move(keys[n - 1], &(struct train52_move){0});
			if (decisions++ % 11 == 0) {
				determinized++;
				memcpy(copy, pos, st->pos_size(setup));
				st->determinize(setup, work, copy, seat, &other);
				int stock2[14], left2[TRAIN52_MAX_TABLE_PILES], before[14], after[14];
				double s1[SIM_MAX_PLAYERS], s2[SIM_MAX_PLAYERS];
				struct train52_pos w = gsim_train52_view(setup, copy, seat, stock2, left2);
				unseen(setup, pos, seat, P, before);
				unseen(setup, copy, seat, P, after);
				st->standing(setup, work, pos, s1);
				st->standing(setup, work, copy, s2);
				bool kept = !memcmp(v.hand, w.hand, 14 * sizeof *v.hand) && !memcmp(v.t, w.t, sizeof *v.t) &&
					    !memcmp(left, left2, (size_t)v.t->npiles * sizeof *left) &&
					    !memcmp(before, after, sizeof before) && !memcmp(s1, s2, P * sizeof *s1);
				bool anew = false;
				for (int q = 0; q < P; q++) {
					struct train52_pos a = gsim_train52_view(setup, pos, q, stock, left);
					struct train52_pos b = gsim_train52_view(setup, copy, q, stock2, left2);
					kept &= a.nhand == b.nhand;
					anew |= q != seat && memcmp(a.hand, b.hand, 14 * sizeof *a.hand) != 0;
				}
				lost += !kept;
				dealt_anew += anew;
				keys_moved += st->moves(setup, work, copy, again) != n ||
					      memcmp(keys, again, n * sizeof *keys) != 0;
			}
			size_t c = st->choose(setup, work, pos, GSIM_RANDOM, keys, n, &rng);
			assert_true(c < n);
			st->apply(setup, work, pos, keys[c], &rng, &o);
		}
		st->result(setup, pos, &o);
		assert_true(o.length > 0);
	}
	print_message("%ld decisions, %ld determinized, %ld dealt anew\n", decisions, determinized, dealt_anew);
	assert_int_equal(illegal, 0);
	assert_int_equal(draws, decisions);
	assert_int_equal(lost, 0);
	assert_int_equal(keys_moved, 0);
	assert_true(dealt_anew > determinized / 2);
	free(pos);
	free(copy);
	free(work);
	free(keys);
	free(again);
	gsim_train52.setup_free(setup);
	kit_free(d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse),
		cmocka_unit_test(test_central),
		cmocka_unit_test(test_sandwiches),
		cmocka_unit_test(test_doubles),
		cmocka_unit_test(test_piles),
		cmocka_unit_test(test_train),
		cmocka_unit_test(test_moves_are_the_legal_ones),
		cmocka_unit_test(test_steps),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
