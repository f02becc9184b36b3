/* test_trains_steps.c: the core game played through its steps (gsim.h, as
 * trains_sim.h exports them): every move key a position lists is one the
 * checker's legality (pos_legal) allows, a freeze of an open space, or a draw
 * when there is a card to draw; determinize keeps everything the deciding seat
 * has seen (every sequence, frozen card, face-up card, seen discard, and the
 * cards of the pile and discards as a whole), lists the same keys and deals
 * the unseen cards from the stream alone, whatever their order before; and the
 * generic driver counts the behaviour measures. Random seats over several
 * packs and rules, seeded. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "kit.h"
#include "game.h"
#include "games.h"
#include "gplay.h"
#include "gsim.h"
#include "trains_position.h"
#include "trains_rules.h"
#include "trains_sim.h"
#include "util.h"

#define PLAYERS 3

/* A pack's ways of one ability, as pos_ways lists them. */
struct ways {
	struct pos_way v[4096];
	int n;
};

static void add_way(void *ctx, const struct pos_way *w)
{
	struct ways *ws = ctx;
	if (ws->n < 4096)
		ws->v[ws->n++] = *w;
}

struct world {
	const struct pack *p;
	const struct sim_setup *s;
	struct sim_rules r;
	int cards, census;
	struct sim_look a, b;   /* a position, and its determinized copy */
	long legal, draws, freezes, passes, determinized, reordered;
};

static void look_new(struct sim_look *l, int cards, int census, size_t nab)
{
	l->nums = xcalloc((size_t)PLAYERS * (size_t)census, sizeof *l->nums);
	l->frozen = xcalloc((size_t)PLAYERS * (size_t)census, 1);
	l->pile = xcalloc((size_t)cards, sizeof *l->pile);
	l->disc = xcalloc((size_t)cards, sizeof *l->disc);
	l->dhid = xcalloc((size_t)cards, 1);
	l->face = xcalloc(nab + 1, sizeof *l->face);
	l->face_ab = xcalloc(nab + 1, sizeof *l->face_ab);
}

static void look_free(struct sim_look *l)
{
	free(l->nums);
	free(l->frozen);
	free(l->pile);
	free(l->disc);
	free(l->dhid);
	free(l->face);
	free(l->face_ab);
}

/* Whether the checker allows the use a key names, moving the same cards. */
static bool checker_allows(struct world *w, const struct sim_look *l, const struct sim_key *k)
{
	const struct pack *p = w->p;
	const struct ability *a = &p->abilities.v[k->ab];
	const struct ability_spec *spec = a->kind == AK_NUMBER ? &p->specs[a->spec] : NULL;
	static struct ways ws;
	ws.n = 0;
	pos_ways(&p->layout, a, spec, add_way, &ws);
	if (k->way < 0 || k->way >= ws.n)
		return false;
	const int *num[PLAYERS];
	const unsigned char *fz[PLAYERS];
	for (int q = 0; q < PLAYERS; q++) {
		num[q] = &l->nums[q * w->census];
		fz[q] = &l->frozen[q * w->census];
	}
	struct pos_view v = {PLAYERS, w->census, l->seat, 1, num, fz, l->npile > 0 || w->r.reshuffle};
	for (int flip = 0; flip < 2; flip++) {
		struct pos_use u = {k->way, {k->seat[0], k->seat[1]}, flip};
		struct pos_move done;
		memset(&done, 0, sizeof done);
		if (pos_legal(&ws.v[k->way], spec, &p->rules, &v, &u, &done) != POS_OK)
			continue;
		bool same = done.n == k->move.n && done.remove == k->move.remove;
		for (int i = 0; same && i < done.n; i++)
			same = done.seq[i] == k->move.seq[i] && done.sp[i] == k->move.sp[i];
		if (same)
			return true;
	}
	return false;
}

/* Every key of the position l is legal. */
static void check_keys(struct world *w, const struct sim_look *l, const uint64_t *keys, size_t n)
{
	assert_true(n >= 1 && n <= sim_max_keys(w->s));
	assert_int_equal(l->seat, l->turns % PLAYERS);
	const unsigned char *fz = &l->frozen[l->seat * w->census];
	bool open = false;
	for (int i = 0; i < w->census; i++)
		open |= !fz[i];
	for (size_t i = 0; i < n; i++) {
		struct sim_key k;
		assert_true(sim_key_read(w->s, keys[i], &k));
		for (size_t j = 0; j < i; j++)
			assert_true(keys[j] != keys[i]);
		if (l->freeze) {
			assert_true(l->tokens[l->seat] > 0);
			if (k.type == SIM_KEY_FREEZE) {
				assert_true(k.space >= 0 && k.space < w->census && !fz[k.space]);
				w->freezes++;
			} else {
				assert_int_equal(k.type, SIM_KEY_NOFREEZE);
			}
			continue;
		}
		switch (k.type) {
		case SIM_KEY_DRAW:
			assert_true(open && (l->npile > 0 || (w->r.reshuffle && l->ndisc > 0)));
			w->draws++;
			break;
		case SIM_KEY_PASS:
			assert_int_equal(n, 1);
			w->passes++;
			break;
		case SIM_KEY_USE: {
			bool up = false;
			for (int f = 0; f < l->nface; f++)
				up |= l->face_ab[f] == (int)k.ab;
			if (!up)
				fail_msg("a use of ability %zu, which is not face up", k.ab);
			if (!checker_allows(w, l, &k))
				fail_msg("the checker refuses key %llx (ability %zu way %d, seats %d %d)",
					 (unsigned long long)keys[i], k.ab, k.way, k.seat[0], k.seat[1]);
			w->legal++;
			break;
		}
		default:
			fail_msg("key %llx is no move", (unsigned long long)keys[i]);
		}
	}
}

static int cmp_int(const void *x, const void *y)
{
	int a = *(const int *)x, b = *(const int *)y;
	return (a > b) - (a < b);
}

/* The unseen cards of seat (pile and others' face-down discards), sorted. */
static int unseen(const struct sim_look *l, int seat, int *out)
{
	int n = 0;
	for (int i = 0; i < l->npile; i++)
		out[n++] = l->pile[i];
	for (int i = 0; i < l->ndisc; i++)
		if (l->dhid[i] && l->dhid[i] != seat + 1)
			out[n++] = l->disc[i];
	qsort(out, (size_t)n, sizeof *out, cmp_int);
	return n;
}

/* Determinize a copy of pos for the deciding seat: all it has seen stays. */
static void check_determinize(struct world *w, void *work, const void *pos, void *copy, struct rng *rng,
			      const uint64_t *keys, size_t n, uint64_t *keys2)
{
	const struct sim_setup *s = w->s;
	struct sim_look *a = &w->a, *b = &w->b;
	memcpy(copy, pos, sim_pos_size(s));
	struct rng again = *rng;
	sim_determinize(s, work, copy, a->seat, rng);
	sim_look(s, copy, b);
	/* no peeking: from another arrangement of the unseen cards (this one),
	 * the same stream deals them the same way */
	void *copy2 = xcalloc(1, sim_pos_size(s));
	memcpy(copy2, copy, sim_pos_size(s));
	sim_determinize(s, work, copy2, a->seat, &again);
	assert_memory_equal(copy, copy2, sim_pos_size(s));
	free(copy2);
	int sc = PLAYERS * w->census;
	assert_memory_equal(a->nums, b->nums, (size_t)sc * sizeof *a->nums);
	assert_memory_equal(a->frozen, b->frozen, (size_t)sc);
	assert_memory_equal(a->tokens, b->tokens, sizeof a->tokens);
	assert_int_equal(a->seat, b->seat);
	assert_int_equal(a->freeze, b->freeze);
	assert_int_equal(a->npile, b->npile);
	assert_int_equal(a->ndisc, b->ndisc);
	assert_int_equal(a->nface, b->nface);
	assert_memory_equal(a->face, b->face, (size_t)a->nface * sizeof *a->face);
	assert_memory_equal(a->face_ab, b->face_ab, (size_t)a->nface * sizeof *a->face_ab);
	assert_memory_equal(a->dhid, b->dhid, (size_t)a->ndisc);
	for (int i = 0; i < a->ndisc; i++)
		if (!a->dhid[i] || a->dhid[i] == a->seat + 1)
			assert_int_equal(a->disc[i], b->disc[i]);
	int *u = xcalloc((size_t)w->cards, sizeof *u), *v = xcalloc((size_t)w->cards, sizeof *v);
	int nu = unseen(a, a->seat, u), nv = unseen(b, a->seat, v);
	assert_int_equal(nu, nv);
	assert_memory_equal(u, v, (size_t)nu * sizeof *u);
	free(u);
	free(v);
	w->reordered += memcmp(a->pile, b->pile, (size_t)a->npile * sizeof *a->pile) != 0;
	w->determinized++;
	/* the same moves, by the same keys, whatever the unseen cards */
	size_t n2 = sim_moves(s, work, copy, keys2);
	assert_int_equal(n, n2);
	assert_memory_equal(keys, keys2, n * sizeof *keys);
}

/* Play games of pack p with rule changes, random seats, through the steps. */
static void play_pack(const char *path, const char *rules, int games, struct world *tot)
{
	struct pack *p = pack_load(path);
	assert_non_null(p);
	if (strstr(rules, "anyone"))
		p->rules.apply_to = APPLY_ANYONE;
	if (strstr(rules, "across2"))
		p->rules.swap_across = ACROSS_TWO;
	if (strstr(rules, "across3"))
		p->rules.swap_across = ACROSS_THREE;
	if (strstr(rules, "freeze"))
		p->rules.freeze_tokens = 2;
	if (strstr(rules, "noreshuffle"))
		p->rules.reshuffle = false;
	struct world w = {.p = p, .census = p->layout.census};
	sim_rules_from_pack(p, &w.r);
	w.r.max_turns = 300;
	enum sim_policy pol[PLAYERS] = {POLICY_RANDOM, POLICY_RANDOM, POLICY_RANDOM};
	char err[256];
	struct sim_setup *s = sim_setup_new(p, PLAYERS, p->cards, &w.r, pol, err, sizeof err);
	if (!s)
		fail_msg("%s: %s", path, err);
	w.s = s;
	w.cards = (int)sim_setup_cards(s);
	look_new(&w.a, w.cards, w.census, sim_setup_abilities(s));
	look_new(&w.b, w.cards, w.census, sim_setup_abilities(s));
	void *work = xcalloc(1, sim_work_size(s)), *pos = xcalloc(1, sim_pos_size(s)), *copy = xcalloc(1, sim_pos_size(s));
	uint64_t *keys = xcalloc(sim_max_keys(s), sizeof *keys), *keys2 = xcalloc(sim_max_keys(s), sizeof *keys2);
	for (int g = 0; g < games; g++) {
		struct rng rng, drng;
		rng_seed(&rng, 29, (uint64_t)g);
		rng_seed(&drng, 92, (uint64_t)g);
		sim_start(s, work, pos, &rng);
		long d = 0;
		while (sim_turn(s, pos) >= 0) {
			size_t n = sim_moves(s, work, pos, keys);
			sim_look(s, pos, &w.a);
			check_keys(&w, &w.a, keys, n);
			if (d++ % 4 == 0)
				check_determinize(&w, work, pos, copy, &drng, keys, n, keys2);
			size_t k = sim_choose(s, work, pos, POLICY_RANDOM, keys, n, &rng);
			assert_true(k < n);
			sim_apply(s, work, pos, keys[k], &rng);
		}
		struct sim_outcome o = sim_result(s, pos);
		assert_true(o.turns <= w.r.max_turns);
	}
	tot->legal += w.legal;
	tot->draws += w.draws;
	tot->freezes += w.freezes;
	tot->passes += w.passes;
	tot->determinized += w.determinized;
	tot->reordered += w.reordered;
	free(keys);
	free(keys2);
	free(work);
	free(pos);
	free(copy);
	look_free(&w.a);
	look_free(&w.b);
	sim_setup_free(s);
	pack_free(p);
}

static void test_keys_legal_and_determinize(void **state)
{
	(void)state;
	struct world tot = {0};
	play_pack("packs/pattern-two-census-seven.yaml", "", 6, &tot);
	play_pack("packs/pattern-one-census-seven.yaml", "anyone across2 freeze", 6, &tot);
	play_pack("packs/grid-census-nine.yaml", "anyone across3 freeze", 4, &tot);
	play_pack("packs/pattern-one-wild.yaml", "anyone noreshuffle", 6, &tot);
	play_pack("packs/pattern-three-census-five.yaml", "anyone across2", 6, &tot);
	/* the games went through every kind of move, and the shuffles shuffled */
	assert_true(tot.legal > 1000);
	assert_true(tot.draws > 100);
	assert_true(tot.freezes > 10);
	assert_true(tot.determinized > 100);
	assert_true(tot.reordered > tot.determinized / 2);
}

/* The generic driver plays the engine's steps and counts the measures; a
 * game plays the same with any scratch. */
static void test_driver_measures(void **state)
{
	(void)state;
	const struct gsim_engine *e = game_find("trains")->engine;
	assert_non_null(e->steps);
	struct pack *pk = pack_load("packs/pattern-two-census-seven.yaml");
	assert_non_null(pk);
	struct gsim_params p = {.pack = pk, .players = 2, .max_length = 1000, .policy = {GSIM_RANDOM, GSIM_GREEDY}};
	char err[256];
	void *setup = e->setup_new(&p, err, sizeof err);
	assert_non_null(setup);
	void *s1 = gsim_scratch_new(e, setup), *s2 = gsim_scratch_new(e, setup);
	for (uint64_t g = 0; g < 20; g++) {
		struct gsim_outcome a, b;
		gsim_play(e, setup, s1, 5, g, &a);
		gsim_play(e, setup, s2, 5, 19 - g, &b);
		gsim_play(e, setup, s2, 5, g, &b);
		assert_memory_equal(&a, &b, sizeof a);
		assert_true(a.decisions >= (uint64_t)a.length);
		assert_true(a.real_choices <= a.decisions && a.real_choices > 0);
		assert_true(a.branching >= a.decisions + a.real_choices);
	}
	gsim_scratch_free(e, s1);
	gsim_scratch_free(e, s2);
	e->setup_free(setup);
	pack_free(pk);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_keys_legal_and_determinize),
		cmocka_unit_test(test_driver_measures),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
