/* domino_sim.c: the engine that plays domino Trains (seeds/002, "Basic Trains")
 * for `railyard simulate`. A game is a match to rule target (120): hands dealt
 * by the pack's table with no boneyard; the highest double played first as its
 * holder's engine, then every other player's first turn an engine double (one
 * who has none blocks the hand: nobody scores, a new hand is dealt); then a
 * turn is one tile on the player's own train (or the turn is lost), then at
 * most one tile on each other player's train (rules: other-trains=one: one
 * tile in all); doubles in line; the player who
 * dominoes scores 5 points per tile left in the other hands. */
#include <stdlib.h>
#include <string.h>

#include "gsim.h"

#define MAXT 256            /* tiles: up to double-20 */

enum { C_HANDS, C_REDEALS, C_BLOCKED, C_OWN, C_OTHERS, C_LOST, C_POINTS };
static const char *const counters[] = {"hands", "redeals", "blocked_hands", "tiles_on_own_train",
				       "tiles_on_others_trains", "turns_lost", "points", NULL};
static const char *const counter_text[] = {"hands", "hands re-dealt (no engine double)",
					   "hands blocked later", "tiles on own train",
					   "tiles on others' trains", "turns lost", "points", NULL};

enum blocked_rule { BLOCKED_REDEAL, BLOCKED_FEWEST };

struct setup {
	int players, max_length, dn, ntiles, hand;
	enum gsim_policy policy[SIM_MAX_PLAYERS];
	uint8_t a[MAXT], b[MAXT];
	long target;
	enum blocked_rule blocked;
	bool one_other;   /* rules: other-trains=one: one car on the other trains in all */
};

struct state {
	const struct setup *s;
	uint8_t order[MAXT];
	uint8_t hand[SIM_MAX_PLAYERS][MAXT];
	int nhand[SIM_MAX_PLAYERS];
	int shows[SIM_MAX_PLAYERS][21];   /* tiles of the hand showing each number */
	int end[SIM_MAX_PLAYERS][2];
	long score[SIM_MAX_PLAYERS];
};

static void *setup_new(const struct gsim_params *p, char *err, size_t errlen)
{
	const struct deck *d = p->deck;
	const struct deck_group *set = NULL;
	for (size_t i = 0; i < d->ngroups; i++)
		if (d->groups[i].kind == DK_TILE)
			set = &d->groups[i];
	if (!set || set->double_n > 20) {
		snprintf(err, errlen, "the simulator plays domino sets up to double-20");
		return NULL;
	}
	struct setup *s = xcalloc(1, sizeof *s);
	s->players = p->players;
	s->max_length = p->max_length;
	memcpy(s->policy, p->policy, sizeof s->policy);
	s->dn = set->double_n;
	for (int x = 0; x <= s->dn; x++)
		for (int y = x; y <= s->dn; y++) {
			s->a[s->ntiles] = (uint8_t)x;
			s->b[s->ntiles++] = (uint8_t)y;
		}
	s->hand = (int)deck_hand_size(d, p->players, s->ntiles);
	if (s->hand <= 0 || (long)s->hand * p->players > s->ntiles) {
		snprintf(err, errlen, "the deal table has no hand for %d players", p->players);
		free(s);
		return NULL;
	}
	s->target = gsim_rule_int(p, "target");
	s->blocked = gsim_rule_eq(p, "blocked", "fewest") ? BLOCKED_FEWEST : BLOCKED_REDEAL;
	s->one_other = gsim_rule_eq(p, "other-trains", "one");
	return s;
}

static void rules_text(const void *sp, struct buf *out)
{
	const struct setup *s = sp;
	buf_printf(out, "double=%d hand=%d target=%ld blocked=%s", s->dn, s->hand, s->target,
		   s->blocked == BLOCKED_FEWEST ? "fewest" : "redeal");
	buf_printf(out, " other-trains=%s", s->one_other ? "one" : "one-each");
}

static size_t scratch_size(const void *s)
{
	(void)s;
	return sizeof(struct state);
}

static void take_out(struct state *st, int p, int k)
{
	int t = st->hand[p][k];
	st->shows[p][st->s->a[t]]--;
	if (st->s->b[t] != st->s->a[t])
		st->shows[p][st->s->b[t]]--;
	st->hand[p][k] = st->hand[p][--st->nhand[p]];
}

/* Tiles in p's hand that match the number v. */
static int matches(const struct state *st, int p, int v)
{
	return st->shows[p][v];
}

/* Lay tile k of p's hand on q's train at end e; the end shows the tile's other
 * number (a double keeps it: doubles are played in line). */
static void lay(struct state *st, int p, int k, int q, int e)
{
	int t = st->hand[p][k], v = st->end[q][e];
	st->end[q][e] = st->s->a[t] == v ? st->s->b[t] : st->s->a[t];
	take_out(st, p, k);
}

/* Choose a tile of p's hand for q's train: *k, *e; false when none fits. */
static bool pick(struct state *st, int p, int q, struct sim_rng *rng, int *k, int *e)
{
	const struct setup *s = st->s;
	int best = -1, ties = 0, bk = -1, be = -1;
	for (int i = 0; i < st->nhand[p]; i++)
		for (int j = 0; j < 2; j++) {
			int t = st->hand[p][i], v = st->end[q][j];
			if (s->a[t] != v && s->b[t] != v)
				continue;
			if (j == 1 && st->end[q][0] == st->end[q][1])
				continue;   /* the same end twice */
			int key = 0;
			if (s->policy[p] == GSIM_GREEDY) {
				int other = s->a[t] == v ? s->b[t] : s->a[t];
				if (q == p) {
					/* keep both ends of one's own train playable */
					key = matches(st, p, other) - (s->a[t] == other) + (other != st->end[q][!j]) * 2;
				} else {
					/* block: both ends of their train equal, and spare one's own ends */
					key = (other == st->end[q][!j]) * 4 -
					      (s->a[t] == st->end[p][0] || s->b[t] == st->end[p][0] ||
					       s->a[t] == st->end[p][1] || s->b[t] == st->end[p][1]) * 2;
				}
			}
			if (key > best) {
				best = key;
				ties = 1;
				bk = i;
				be = j;
			} else if (key == best && sim_rng_below(rng, (uint32_t)++ties) == 0) {
				bk = i;
				be = j;
			}
		}
	*k = bk;
	*e = be;
	return bk >= 0;
}

/* The engine double of p: the highest (the leader) or the one p prefers. */
static int engine_of(struct state *st, int p, bool highest, struct sim_rng *rng)
{
	const struct setup *s = st->s;
	int best = -1, bk = -1, ties = 0;
	for (int k = 0; k < st->nhand[p]; k++) {
		int t = st->hand[p][k];
		if (s->a[t] != s->b[t])
			continue;
		int key = highest ? s->a[t] : s->policy[p] == GSIM_GREEDY ? matches(st, p, s->a[t]) : 0;
		if (key > best) {
			best = key;
			bk = k;
			ties = 1;
		} else if (key == best && sim_rng_below(rng, (uint32_t)++ties) == 0) {
			bk = k;
		}
	}
	return bk;
}

/* Shuffle the set and deal each seat its hand, counting the ends it shows. */
static void hand_deal(struct state *st, struct sim_rng *rng)
{
	const struct setup *s = st->s;
	int P = s->players;
	for (int i = 0; i < s->ntiles; i++)
		st->order[i] = (uint8_t)i;
	gsim_shuffle_u8(st->order, (size_t)s->ntiles, rng);
	memset(st->shows, 0, sizeof st->shows);
	for (int p = 0; p < P; p++) {
		st->nhand[p] = s->hand;
		memcpy(st->hand[p], st->order + p * s->hand, (size_t)s->hand);
		for (int k = 0; k < s->hand; k++) {
			int t = st->hand[p][k];
			st->shows[p][s->a[t]]++;
			if (s->b[t] != s->a[t])
				st->shows[p][s->b[t]]++;
		}
	}
}

/* One hand; the seat that dominoed (or scored a blocked hand), -1 for none. */
static int hand_play(struct state *st, int dealer, struct sim_rng *rng, int *turns,
		     struct gsim_outcome *o)
{
	const struct setup *s = st->s;
	int P = s->players;
	hand_deal(st, rng);
	/* "The highest double is played first and play moves clockwise." */
	int lead = -1, high = -1;
	for (int p = 0; p < P; p++) {
		int k = engine_of(st, p, true, rng);
		if (k >= 0 && s->a[st->hand[p][k]] > high) {
			high = s->a[st->hand[p][k]];
			lead = p;
		}
	}
	(void)dealer;
	if (lead < 0) {
		++*turns;
		o->count[C_REDEALS]++;
		return -2;
	}
	for (int i = 0; i < P; i++) {
		int p = (lead + i) % P, k = engine_of(st, p, i == 0, rng);
		++*turns;
		if (k < 0) {
			/* "If someone cannot make this first play, the game is blocked, nobody
			 * scores and a new hand is dealt." */
			o->count[C_REDEALS]++;
			return -2;
		}
		st->end[p][0] = st->end[p][1] = s->a[st->hand[p][k]];
		take_out(st, p, k);
	}
	int idle = 0;
	for (int i = 1;; i++) {
		int p = (lead + i) % P, k, e;
		if (++*turns > s->max_length)
			return -1;
		if (!pick(st, p, p, rng, &k, &e)) {
			o->count[C_LOST]++;
			if (++idle < P)
				continue;
			o->count[C_BLOCKED]++;
			if (s->blocked == BLOCKED_REDEAL)
				return -2;
			int best = 0;
			for (int q = 1; q < P; q++)
				if (st->nhand[q] < st->nhand[best])
					best = q;
			return best;
		}
		idle = 0;
		lay(st, p, k, p, e);
		o->count[C_OWN]++;
		for (int j = 1; j < P && st->nhand[p]; j++) {
			int q = (p + j) % P;
			if (s->policy[p] == GSIM_RANDOM && sim_rng_below(rng, 2))
				continue;
			if (pick(st, p, q, rng, &k, &e)) {
				lay(st, p, k, q, e);
				o->count[C_OTHERS]++;
				if (s->one_other)
					break;   /* "one and only one car" in all */
			}
		}
		if (!st->nhand[p])
			return p;
	}
}

static void play(const void *sp, void *scratch, struct sim_rng *rng, struct gsim_outcome *o)
{
	const struct setup *s = sp;
	struct state *st = scratch;
	st->s = s;
	memset(st->score, 0, sizeof st->score);
	int turns = 0, P = s->players;
	for (int h = 0;; h++) {
		o->count[C_HANDS]++;
		int w = hand_play(st, h % P, rng, &turns, o);
		if (turns > s->max_length) {
			o->winner = -1;
			o->length = turns;
			return;
		}
		if (w < 0)
			continue;
		/* "The winner gets 5 points for each tile left in the hands of the other
		 * players. The game is 120 points." */
		long pts = 0;
		for (int q = 0; q < P; q++)
			if (q != w)
				pts += 5L * st->nhand[q];
		st->score[w] += pts;
		o->count[C_POINTS] += (uint64_t)pts;
		if (st->score[w] >= s->target) {
			o->winner = w;
			o->length = turns;
			return;
		}
	}
}

const struct gsim_engine gsim_domino = {
	.game = "domino-trains",
	.ties = true,
	.unit = "turns",
	.min_players = 2,
	.max_players = 16,
	.counters = counters,
	.counter_text = counter_text,
	.setup_new = setup_new,
	.setup_free = free,
	.rules_text = rules_text,
	.scratch_size = scratch_size,
	.play = play,
};
