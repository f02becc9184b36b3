/* test_legality.c: the property that the engine and the checker agree on legal
 * moves (issue 19). Random positions for every kind of every shipped trains
 * pack (and packs that use every kind), under every combination of the rules a
 * pack can state (apply-to, swap-across, swap-within, win, freeze-tokens,
 * wild cards): the moves the engine generates for one face-up card
 * (sim_worker_moves) and the moves the checker accepts (pos_apply, given the
 * player's choices and the sequences taking part) are the same set, compared
 * by the positions they lead to. The checker is asked about every way of the
 * ability on every target (own, each opponent, own with each other, each pair
 * of others, both ways round) and about random choices. Seeded, so every run
 * draws the same positions. */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "rng.h"
#include "trains_ability.h"
#include "trains_position.h"
#include "trains_rules.h"
#include "trains_sim.h"
#include "util.h"

#define DRAWN (-7L)      /* what a removal leaves: no card number */
#define MAX_SEATS 4
#define MAX_BOARDS 4096
#define BOARD (MAX_SEATS * MAX_SPACES)

/* A grid using every grid kind and every number scope. */
static const char all_grid[] =
	"pack: all-grid\ngame: trains\ngrid: [3, 4]\n"
	"abilities: [cross-swap, row-rotate, column-rotate, row-any-swap, column-any-swap,\n"
	"  pair-any-row, pair-any-column, rotate-any-row, rotate-any-column,\n"
	"  {kind: number, action: remove, pick: lowest, filter: even, in: row, code: LE},\n"
	"  {kind: number, action: exchange, in: column, code: XC},\n"
	"  {kind: number, action: remove, pick: highest, code: H}]\n"
	"cards: 200\n";
static const char either_grid[] =
	"pack: either-grid\ngame: trains\ngrid: [2, 3]\n"
	"abilities: [row-swap, column-swap, row-rotate-either, column-rotate-either,\n"
	"  row-any-remove, column-any-remove]\ncards: 60\n";
static const char line_numbers[] =
	"pack: line-numbers\ngame: trains\ncensus: 6\n"
	"abilities: [swap, remove, {kind: number, action: exchange, filter: odd, code: XO},\n"
	"  {kind: number, action: remove, pick: highest, filter: even, code: HE}]\ncards: 60\n";

/* A small deterministic generator (rng.h's splitmix64). */
static uint64_t rng_state;
static unsigned below(unsigned n)
{
	return (unsigned)(rng_splitmix64(&rng_state) % n);
}

/* One position: seats' numbers and frozen cards, the mover. */
struct world {
	const struct pack *p;
	const char *name;
	struct rules rules;
	int seats, n, mover;
	long v[MAX_SEATS][MAX_SPACES];
	unsigned char fz[MAX_SEATS][MAX_SPACES];
	/* the distinct positions each side reaches with the ability under test */
	long (*eb)[BOARD], (*cb)[BOARD];
	int ne, nc;
	long moves;   /* engine moves compared, over the whole test */
};

static int board_find(long (*boards)[BOARD], int nb, const long *b, int len)
{
	for (int i = 0; i < nb; i++)
		if (!memcmp(boards[i], b, (size_t)len * sizeof *b))
			return i;
	return -1;
}

static void board_add(long (*boards)[BOARD], int *nb, const long *b, int len)
{
	if (board_find(boards, *nb, b, len) >= 0)
		return;
	assert_true(*nb < MAX_BOARDS);
	memcpy(boards[*nb], b, (size_t)len * sizeof *b);
	++*nb;
}

static void describe(const struct world *w, const long *b, char *out, size_t size)
{
	size_t k = (size_t)snprintf(out, size, "seat %d moving, frozen", w->mover + 1);
	for (int q = 0; q < w->seats; q++)
		for (int i = 0; i < w->n; i++)
			if (w->fz[q][i] && k < size)
				k += (size_t)snprintf(out + k, size - k, " %d:%d", q + 1, i);
	for (int q = 0; q < w->seats && k < size; q++) {
		k += (size_t)snprintf(out + k, size - k, " |");
		for (int i = 0; i < w->n && k < size; i++)
			k += (size_t)snprintf(out + k, size - k, " %ld>%ld", w->v[q][i], b[q * w->n + i]);
	}
}

/* The engine's move, carried out by the test's own reading of it. */
static void engine_move(void *ctx, const struct pos_move *m)
{
	struct world *w = ctx;
	long b[BOARD];
	for (int q = 0; q < w->seats; q++)
		memcpy(b + q * w->n, w->v[q], (size_t)w->n * sizeof *b);
	if (m->remove) {
		b[m->seq[0] * w->n + m->sp[0]] = DRAWN;
	} else {
		/* a swap is a cycle of two: the card at sp[i] moves to sp[i+1] */
		long last = b[m->seq[m->n - 1] * w->n + m->sp[m->n - 1]];
		for (int i = m->n - 1; i > 0; i--)
			b[m->seq[i] * w->n + m->sp[i]] = b[m->seq[i - 1] * w->n + m->sp[i - 1]];
		b[m->seq[0] * w->n + m->sp[0]] = last;
	}
	board_add(w->eb, &w->ne, b, w->seats * w->n);
	w->moves++;
}

/* The checker: ability a with choice ch on the sequences seats[0..nseq-1]
 * (seats[0] the applier's, or with opponent an opponent's alone). */
static void checker_try(struct world *w, const struct ability *a, struct pos_choice ch, const int *seats,
			int nseq, bool opponent)
{
	long b[MAX_SEATS][MAX_SPACES];
	memcpy(b, w->v, sizeof b);
	struct pos_target t = {nseq, w->n, {NULL, NULL, NULL}, {NULL, NULL, NULL}, opponent};
	for (int i = 0; i < nseq; i++) {
		t.seq[i] = b[seats[i]];
		t.frozen[i] = w->fz[seats[i]];
	}
	const struct ability_spec *spec = a->kind == AK_NUMBER ? &w->p->specs[a->spec] : NULL;
	struct pos_move m;
	ch.draw = DRAWN;
	if (pos_apply(&w->p->layout, a, spec, &w->rules, &ch, &t, &m) != POS_OK)
		return;
	long flat[BOARD];
	for (int q = 0; q < w->seats; q++)
		memcpy(flat + q * w->n, b[q], (size_t)w->n * sizeof *flat);
	board_add(w->cb, &w->nc, flat, w->seats * w->n);
}

/* Ask the checker about choice ch on every target the command line can name. */
static void checker_targets(struct world *w, const struct ability *a, struct pos_choice ch)
{
	int m = w->mover;
	int seats[3] = {m, 0, 0};
	checker_try(w, a, ch, seats, 1, false);
	for (int x = 0; x < w->seats; x++) {
		if (x == m)
			continue;
		seats[0] = x;
		checker_try(w, a, ch, seats, 1, true);
		seats[0] = m;
		seats[1] = x;
		for (int f = 0; f < 2; f++) {
			ch.flip = f;
			checker_try(w, a, ch, seats, 2, false);
		}
		ch.flip = false;
		for (int y = 0; y < w->seats; y++) {
			if (y == m || y == x)
				continue;
			seats[1] = x;
			seats[2] = y;
			checker_try(w, a, ch, seats, 3, false);
		}
	}
}

/* The choice a player gives for way wy: its spaces, its line, its direction. */
static void way_choice(void *ctx, const struct pos_way *wy)
{
	struct world *w = ((void **)ctx)[0];
	const struct ability *a = ((void **)ctx)[1];
	const struct ability_kind_info *info = ability_kind_info(a->kind);
	struct pos_choice ch = {-1, 0, 0, {0, 0}, false, DRAWN};
	if (info->choose & KC_SPACES) {
		ch.nsp = wy->move.n;
		for (int i = 0; i < wy->move.n && i < 2; i++)
			ch.sp[i] = wy->move.sp[i];
	}
	if (info->choose & (KC_LINE | KC_DIR)) {
		ch.line = wy->line;
		ch.dir = wy->dir;
	}
	checker_targets(w, a, ch);
}

static void compare(struct world *w, size_t ai)
{
	const struct ability *a = &w->p->abilities.v[ai];
	char why[2048];
	for (int i = 0; i < w->ne; i++)
		if (board_find(w->cb, w->nc, w->eb[i], w->seats * w->n) < 0) {
			describe(w, w->eb[i], why, sizeof why);
			fail_msg("%s: %s: the engine makes a move the checker refuses: %s", w->name, a->symbolic, why);
		}
	for (int i = 0; i < w->nc; i++)
		if (board_find(w->eb, w->ne, w->cb[i], w->seats * w->n) < 0) {
			describe(w, w->cb[i], why, sizeof why);
			fail_msg("%s: %s: the checker accepts a move the engine never makes: %s", w->name, a->symbolic,
				 why);
		}
}

/* One random position of pack p under rules r with `seats` players. */
static void deal(struct world *w, long cards, int copies, int wild, int tokens)
{
	static long deck[4096];
	long nd = 0;
	for (long x = 1; x <= cards; x++)
		for (int c = 0; c < copies && nd < 4096; c++)
			deck[nd++] = x;
	for (int k = 0; k < wild && nd < 4096; k++)
		deck[nd++] = 0;
	for (int q = 0; q < w->seats; q++)
		for (int i = 0; i < w->n; i++) {
			long k = (long)below((unsigned)nd);
			w->v[q][i] = deck[k];
			deck[k] = deck[--nd];
			w->fz[q][i] = tokens && below(7) == 0;
		}
	w->mover = (int)below((unsigned)w->seats);
}

static void play_position(struct world *w, struct sim_worker *wk)
{
	const struct pack *p = w->p;
	int nums[BOARD];
	unsigned char fz[BOARD];
	for (int q = 0; q < w->seats; q++)
		for (int i = 0; i < w->n; i++) {
			nums[q * w->n + i] = (int)w->v[q][i];
			fz[q * w->n + i] = w->fz[q][i];
		}
	for (size_t ai = 0; ai < p->abilities.n; ai++) {
		const struct ability *a = &p->abilities.v[ai];
		w->ne = w->nc = 0;
		sim_worker_moves(wk, w->mover, ai, nums, fz, 10, engine_move, w);
		void *ctx[2] = {w, (void *)a};
		const struct ability_spec *spec = a->kind == AK_NUMBER ? &p->specs[a->spec] : NULL;
		pos_ways(&p->layout, a, spec, way_choice, ctx);
		/* and a few choices at random, most of them no way of the ability */
		for (int k = 0; k < 4; k++) {
			struct pos_choice ch = {(int)below(6) - 1, (int)below(3) - 1, (int)below(3), {0, 0}, false, DRAWN};
			ch.sp[0] = (short)below((unsigned)w->n);
			ch.sp[1] = (short)below((unsigned)w->n);
			checker_targets(w, a, ch);
		}
		compare(w, ai);
	}
}

/* Every combination of the rules: apply-to x swap-across x swap-within x
 * freeze-tokens x wild cards x win (which decides no move, but is a rule). */
static void walk_pack(struct pack *p, const char *name, long *moves, bool *seen)
{
	static long eb[MAX_BOARDS][BOARD], cb[MAX_BOARDS][BOARD];
	int wild0 = p->wild;
	for (int combo = 0; combo < 96; combo++) {
		struct world w = {.p = p, .name = name, .eb = eb, .cb = cb, .n = p->layout.census};
		w.rules = p->rules;
		w.rules.apply_to = combo % 2 ? APPLY_ANYONE : APPLY_SELF;
		w.rules.swap_across = (enum swap_across)(combo / 2 % 3);
		w.rules.swap_within = combo / 6 % 2 == 0;
		w.rules.freeze_tokens = combo / 12 % 2 ? 2 : 0;
		p->wild = combo / 24 % 2 ? 3 : 0;
		w.rules.win = combo / 48 ? WIN_NEVER_DESCENDING : WIN_ASCENDING;
		p->rules = w.rules;
		struct sim_rules r;
		sim_rules_from_pack(p, &r);
		w.seats = 1 + (int)below(MAX_SEATS);
		enum sim_policy pol[SIM_MAX_PLAYERS] = {0};
		char err[256];
		struct sim_setup *s = sim_setup_new(p, w.seats, p->cards, &r, pol, err, sizeof err);
		if (!s)
			fail_msg("%s: %s", name, err);
		struct sim_worker *wk = sim_worker_new(s);
		for (int k = 0; k < 2; k++) {
			deal(&w, p->cards, p->copies, p->wild, w.rules.freeze_tokens);
			play_position(&w, wk);
		}
		*moves += w.moves;
		sim_worker_free(wk);
		sim_setup_free(s);
	}
	p->wild = wild0;
	for (size_t a = 0; a < p->abilities.n; a++)
		seen[p->abilities.v[a].kind] = true;
}

static void test_engine_equals_checker(void **state)
{
	(void)state;
	rng_state = 19;
	bool seen[AK_COUNT] = {false};
	long moves = 0;
	int packs = 0;
	DIR *d = opendir("packs");
	assert_non_null(d);
	for (struct dirent *e; (e = readdir(d));) {
		size_t len = strlen(e->d_name);
		if (len < 6 || strcmp(e->d_name + len - 5, ".yaml"))
			continue;
		char *path = xasprintf("packs/%s", e->d_name);
		char *text = read_file(path, 1 << 20, &len);
		assert_non_null(text);
		if (strstr(text, "\ngame: trains")) {
			struct pack *p = pack_load(path);
			assert_non_null(p);
			walk_pack(p, path, &moves, seen);
			pack_free(p);
			packs++;
		}
		free(text);
		free(path);
	}
	closedir(d);
	assert_true(packs >= 7);
	const char *texts[] = {all_grid, either_grid, line_numbers};
	for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
		struct pack *p = pack_parse("kinds.yaml", texts[i], strlen(texts[i]));
		assert_non_null(p);
		walk_pack(p, p->id, &moves, seen);
		pack_free(p);
	}
	for (int k = 0; k < AK_COUNT; k++)
		if (!seen[k])
			fail_msg("kind %s is not walked", ability_kind_name((enum ability_kind)k));
	/* the property is not empty: the engine moved, and so did the checker */
	print_message("%d packs, %ld engine moves compared\n", packs + 3, moves);
	assert_true(moves > 10000);
}

/* With the draw pile empty and no reshuffle, a removal cannot be filled: the
 * engine offers none, and pos_legal names the rule. */
static void test_empty_pile(void **state)
{
	(void)state;
	struct pack *p = pack_parse("kinds.yaml", line_numbers, strlen(line_numbers));
	assert_non_null(p);
	p->rules.reshuffle = false;
	struct sim_rules r;
	sim_rules_from_pack(p, &r);
	enum sim_policy pol[SIM_MAX_PLAYERS] = {0};
	char err[256];
	struct sim_setup *s = sim_setup_new(p, 2, p->cards, &r, pol, err, sizeof err);
	assert_non_null(s);
	struct sim_worker *wk = sim_worker_new(s);
	static long eb[MAX_BOARDS][BOARD];
	struct world w = {.p = p, .seats = 2, .n = 6, .eb = eb};
	int nums[12] = {9, 8, 7, 6, 5, 4, 12, 11, 10, 3, 2, 1};
	for (size_t ai = 0; ai < p->abilities.n; ai++) {
		bool removal = p->abilities.v[ai].kind == AK_REMOVE ||
			       (p->abilities.v[ai].kind == AK_NUMBER && p->specs[p->abilities.v[ai].spec].action == NUM_REMOVE);
		size_t full = sim_worker_moves(wk, 0, ai, nums, NULL, 5, engine_move, &w);
		size_t empty = sim_worker_moves(wk, 0, ai, nums, NULL, 0, engine_move, &w);
		assert_true(full > 0);
		assert_int_equal(empty, removal ? 0 : full);
	}
	struct pos_way way;
	memset(&way, 0, sizeof way);
	way.move.n = 1;
	way.move.remove = true;
	way.effect = KE_REMOVE;
	const int *np[1] = {nums};
	struct pos_view v = {1, 6, 0, 1, np, NULL, false};
	struct pos_use u = {0, {0, 0}, false};
	struct pos_move m;
	assert_int_equal(pos_legal(&way, NULL, &p->rules, &v, &u, &m), POS_NO_DRAW);
	v.refill = true;
	assert_int_equal(pos_legal(&way, NULL, &p->rules, &v, &u, &m), POS_OK);
	sim_worker_free(wk);
	sim_setup_free(s);
	pack_free(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_engine_equals_checker),
		cmocka_unit_test(test_empty_pile),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
