/* domino_sim.c: the engine that plays domino Trains (seeds/002, "Basic Trains")
 * for `railyard simulate`. A game is a match to rule target (120): hands dealt
 * by the pack's table with no boneyard; the highest double played first as its
 * holder's engine, then every other player's first turn an engine double (one
 * who has none blocks the hand: nobody scores, a new hand is dealt); then a
 * turn is one tile on the player's own train (or the turn is lost), then at
 * most one tile on each other player's train (rules: other-trains=one: one
 * tile in all); doubles in line; the player who
 * dominoes scores 5 points per tile left in the other hands. After the engines
 * the leader adds the first car (rules: order=after-leader: the seat after it).
 * Every move is one of domino_legal_moves (domino_rules.c, the one legality). */
#include <stdlib.h>
#include <string.h>

#include "domino.h"
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
	enum domino_order order;
};

struct state {
	const struct setup *s;
	uint8_t order[MAXT];
	struct domino hand[SIM_MAX_PLAYERS][MAXT];
	int nhand[SIM_MAX_PLAYERS];
	int shows[SIM_MAX_PLAYERS][21];   /* tiles of the hand showing each number */
	struct domino_train tr[SIM_MAX_PLAYERS];
	struct domino_move moves[2 * MAXT];
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
	s->order = domino_order_of(ruleset_get(&p->pack_rules->set, "order"));
	return s;
}

static void rules_text(const void *sp, struct buf *out)
{
	const struct setup *s = sp;
	buf_printf(out, "double=%d hand=%d target=%ld blocked=%s", s->dn, s->hand, s->target,
		   s->blocked == BLOCKED_FEWEST ? "fewest" : "redeal");
	buf_printf(out, " other-trains=%s order=%s", s->one_other ? "one" : "one-each",
		   domino_order_name(s->order));
}

static size_t scratch_size(const void *s)
{
	(void)s;
	return sizeof(struct state);
}

static void take_out(struct state *st, int p, int k)
{
	struct domino t = st->hand[p][k];
	st->shows[p][t.low]--;
	if (t.high != t.low)
		st->shows[p][t.high]--;
	st->hand[p][k] = st->hand[p][--st->nhand[p]];
}

/* Tiles in p's hand that match the number v. */
static int matches(const struct state *st, int p, int v)
{
	return st->shows[p][v];
}

/* Make move m of p's turn t, taking the tile out of p's hand. */
static void lay(struct state *st, struct domino_turn *t, int p, struct domino_move m)
{
	domino_apply(t, m);
	take_out(st, p, m.hand_index);
}

/* How much p likes move m (the greedy player's key; 0 for the random one). */
static int like(const struct state *st, int p, struct domino_move m)
{
	if (st->s->policy[p] != GSIM_GREEDY)
		return 0;
	struct domino t = m.tile;
	const int *end = st->tr[m.train].end, *own = st->tr[p].end;
	int j = m.end;
	if (end[0] < 0)
		return matches(st, p, t.low);   /* an engine: the double with most tiles to follow */
	int v = end[j], other = t.low == v ? t.high : t.low;
	if (m.train == p)   /* keep both ends of one's own train playable */
		return matches(st, p, other) - (t.low == other) + (other != end[!j]) * 2;
	/* block: both ends of their train equal, and spare one's own ends */
	return (other == end[!j]) * 4 -
	       (t.low == own[0] || t.high == own[0] || t.low == own[1] || t.high == own[1]) * 2;
}

/* Choose one of p's legal moves on train q in turn t: *m; false when none, or
 * for another's train when the greedy player would rather not (every move
 * there would spend a tile that fits its own ends and block nobody). A car on
 * the own train is laid whenever one is legal ("each player must add"). */
static bool pick(struct state *st, const struct domino_turn *t, int p, int q, struct sim_rng *rng,
		 struct domino_move *m)
{
	size_t n = domino_legal_moves(t, st->hand[p], (size_t)st->nhand[p], q, st->moves);
	int best = -1, ties = 0;
	for (size_t i = 0; i < n; i++) {
		int key = like(st, p, st->moves[i]);
		if (key > best) {
			best = key;
			ties = 1;
			*m = st->moves[i];
		} else if (key == best && sim_rng_below(rng, (uint32_t)++ties) == 0) {
			*m = st->moves[i];
		}
	}
	return n > 0 && (q == p || best >= 0);
}

/* A fresh turn of seat p. */
static struct domino_turn turn_of(struct state *st, int p, int highest)
{
	return (struct domino_turn){st->tr, st->s->players, p, 0, 0, false, highest, st->s->one_other};
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
		st->tr[p].end[0] = st->tr[p].end[1] = -1;
		for (int k = 0; k < s->hand; k++) {
			int t = st->order[p * s->hand + k];
			st->hand[p][k] = (struct domino){s->a[t], s->b[t]};
			st->shows[p][s->a[t]]++;
			if (s->b[t] != s->a[t])
				st->shows[p][s->b[t]]++;
		}
	}
}

/* The engines, from the leader clockwise; the leader, or -1 when the hand
 * is blocked (re-dealt) before every seat has put its engine down. */
static int engines(struct state *st, struct sim_rng *rng, int *turns, struct gsim_outcome *o)
{
	int P = st->s->players, lead, high;
	const struct domino *hands[SIM_MAX_PLAYERS];
	size_t nh[SIM_MAX_PLAYERS];
	for (int p = 0; p < P; p++) {
		hands[p] = st->hand[p];
		nh[p] = (size_t)st->nhand[p];
	}
	/* "The highest double is played first and play moves clockwise." */
	domino_first_turn(hands, nh, P, &lead, &high);
	if (lead < 0) {
		++*turns;
		o->count[C_REDEALS]++;
		return -1;
	}
	for (int i = 0; i < P; i++) {
		int p = (lead + i) % P;
		struct domino_turn t = turn_of(st, p, i == 0 ? high : -1);
		struct domino_move m;
		++*turns;
		if (!pick(st, &t, p, p, rng, &m)) {
			/* "If someone cannot make this first play, the game is blocked, nobody
			 * scores and a new hand is dealt." */
			o->count[C_REDEALS]++;
			return -1;
		}
		lay(st, &t, p, m);
	}
	return lead;
}

/* One hand; the seat that dominoed (or scored a blocked hand), -2 for a
 * re-deal, -1 when the game ran out of turns. */
static int hand_play(struct state *st, struct sim_rng *rng, int *turns, struct gsim_outcome *o)
{
	const struct setup *s = st->s;
	int P = s->players;
	hand_deal(st, rng);
	int lead = engines(st, rng, turns, o);
	if (lead < 0)
		return -2;
	int idle = 0, first = domino_first_car(lead, P, s->order);
	for (int i = 0;; i++) {
		int p = (first + i) % P;
		struct domino_turn t = turn_of(st, p, -1);
		struct domino_move m;
		if (++*turns > s->max_length)
			return -1;
		if (!pick(st, &t, p, p, rng, &m)) {
			o->count[C_LOST]++;
			if (++idle < P)
				continue;
			o->count[C_BLOCKED]++;
			if (s->blocked == BLOCKED_REDEAL)
				return -2;
			return domino_fewest(st->nhand, P);
		}
		idle = 0;
		lay(st, &t, p, m);
		o->count[C_OWN]++;
		for (int j = 1; j < P && st->nhand[p]; j++) {
			int q = (p + j) % P;
			if (domino_placement(&t, q) != DOMINO_OK)
				continue;   /* that train takes no car this turn, whatever the tile */
			if (s->policy[p] == GSIM_RANDOM && sim_rng_below(rng, 2))
				continue;
			if (pick(st, &t, p, q, rng, &m)) {
				lay(st, &t, p, m);
				o->count[C_OTHERS]++;
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
		int w = hand_play(st, rng, &turns, o);
		if (turns > s->max_length) {
			o->winner = -1;
			o->length = turns;
			return;
		}
		if (w < 0)
			continue;
		/* "The winner gets 5 points for each tile left in the hands of the other
		 * players. The game is 120 points." */
		long pts = domino_hand_points(st->nhand, P, w);
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
