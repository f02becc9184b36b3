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
 * Every move is one of domino_legal_moves (domino_rules.c, the one legality).
 *
 * The engine is steps (gsim.h): a decision is a seat laying its engine, a car
 * on its own train (or, with none it can lay, the lost turn: the pass key),
 * or a car on one other train that may take one (or the pass key: those cars
 * are optional); a key names the tile (its place in the set) and where it
 * goes. Dealing, re-deals, blocked hands and scoring run inside apply. */
#include <stdlib.h>
#include <string.h>

#include "domino.h"
#include "kit.h"
#include "gsim.h"

#define MAXT 256            /* tiles: up to double-20 */
#define MAXN 21             /* numbers 0..20 */

enum { C_HANDS, C_REDEALS, C_BLOCKED, C_OWN, C_OTHERS, C_LOST, C_POINTS };
static const char *const counters[] = {"hands", "redeals", "blocked_hands", "tiles_on_own_train",
				       "tiles_on_others_trains", "turns_lost", "points", NULL};
static const char *const counter_text[] = {"hands", "hands re-dealt (no engine double)",
					   "hands blocked later", "tiles on own train",
					   "tiles on others' trains", "turns lost", "points", NULL};

enum blocked_rule { BLOCKED_REDEAL, BLOCKED_FEWEST };

struct setup {
	struct gsim_seats seats;
	int players, max_length, dn, ntiles, hand;
	uint8_t a[MAXT], b[MAXT];   /* tile k of the set is a[k]-b[k], a <= b */
	uint8_t id[MAXN][MAXN];     /* the set's index of tile low-high */
	long target;
	enum blocked_rule blocked;
	bool one_other;   /* rules: other-trains=one: one car on the other trains in all */
	enum domino_order order;
};

/* Where a game stands. The decisions (turn() >= 0): PH_ENGINE (seat lays its
 * engine), PH_OWN (a car on its own train, or the lost turn), PH_OTHER (a car
 * on train (seat + step) % players, or a pass). The others are the forced and
 * chance steps that advance() runs. */
enum phase {
	PH_ENGINE, PH_OWN, PH_OTHER, PH_OVER,   /* advance() stops at these: keep them first */
	PH_DEAL,          /* deal a new hand */
	PH_ENGINE_NEXT,   /* the engine of the seat `step` after the leader */
	PH_TURN_NEXT,     /* seat's turn begins */
	PH_OTHER_NEXT,    /* seat's next other train from `step` on */
	PH_HAND_END,      /* the hand is over: hand_winner, or -2 re-deal */
};

/* A position: one flat block, the hands after it (pos_size). */
struct pos {
	int phase, seat, step;
	int lead, high;              /* the hand's leader and its double */
	int idle;                    /* turns lost in a row */
	int turns, winner, hand_winner;
	int cars;                    /* seat's turn: cars laid, trains laid on, engine */
	uint64_t laid;
	bool engine_laid;
	long score[SIM_MAX_PLAYERS];
	int nhand[SIM_MAX_PLAYERS];
	uint32_t lacks[SIM_MAX_PLAYERS];   /* numbers a seat has shown it holds none of this hand */
	uint8_t shows[SIM_MAX_PLAYERS][MAXN];   /* tiles of the hand showing each number */
	struct domino_train tr[SIM_MAX_PLAYERS];
	uint64_t played[MAXT / 64];  /* tiles on the table this hand */
	struct domino hand[];        /* seat p's: hand[p * setup->hand ..], nhand[p] of them */
};

/* A worker's space: the legal moves of a decision. */
struct work {
	struct domino_move moves[2 * MAXT];
};

/* A key: the tile's place in the set, the train, the end; or the pass. */
#define KEY_PASS ((uint64_t)1 << 24)
static uint64_t key_of(const struct setup *s, struct domino_move m)
{
	return (uint64_t)s->id[m.tile.low][m.tile.high] | (uint64_t)m.train << 8 | (uint64_t)m.end << 16;
}

static struct domino_move move_of(const struct setup *s, uint64_t key)
{
	int k = (int)(key & 0xff);
	return (struct domino_move){{s->a[k], s->b[k]}, (int)(key >> 8 & 0xff), (int)(key >> 16 & 1), -1};
}

static struct domino *hand_of(const struct setup *s, struct pos *p, int seat)
{
	return p->hand + (size_t)seat * (size_t)s->hand;
}

static const struct domino *chand_of(const struct setup *s, const struct pos *p, int seat)
{
	return p->hand + (size_t)seat * (size_t)s->hand;
}

static void *setup_new(const struct gsim_params *p, char *err, size_t errlen)
{
	const struct kit *d = p->deck;
	const struct kit_group *set = NULL;
	for (size_t i = 0; i < d->ngroups; i++)
		if (d->groups[i].kind == KIT_TILE)
			set = &d->groups[i];
	if (!set || set->double_n > 20) {
		snprintf(err, errlen, "the simulator plays domino sets up to double-20");
		return NULL;
	}
	struct setup *s = xcalloc(1, sizeof *s);
	gsim_seats_from(p, &s->seats);
	s->players = p->players;
	s->max_length = p->max_length;
	s->dn = set->double_n;
	for (int x = 0; x <= s->dn; x++)
		for (int y = x; y <= s->dn; y++) {
			s->id[x][y] = s->id[y][x] = (uint8_t)s->ntiles;
			s->a[s->ntiles] = (uint8_t)x;
			s->b[s->ntiles++] = (uint8_t)y;
		}
	s->hand = (int)kit_hand_size(d, p->players, s->ntiles);
	if (s->hand <= 0 || (long)s->hand * p->players > s->ntiles) {
		snprintf(err, errlen, "the deal table has no hand for %d players", p->players);
		free(s);
		return NULL;
	}
	struct domino_rules dr;
	domino_rules_from(&p->pack_rules->set, &dr);
	s->target = dr.target;
	s->blocked = dr.blocked_fewest ? BLOCKED_FEWEST : BLOCKED_REDEAL;
	s->one_other = dr.one_other;
	s->order = dr.order;
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

static size_t pos_size(const void *sp)
{
	const struct setup *s = sp;
	return sizeof(struct pos) + (size_t)s->players * (size_t)s->hand * sizeof(struct domino);
}

static size_t max_moves(const void *sp)
{
	const struct setup *s = sp;
	return 2 * (size_t)s->hand + 1;
}

static size_t work_size(const void *sp)
{
	(void)sp;
	return sizeof(struct work);
}

static const struct gsim_seats *seats_of(const void *sp)
{
	const struct setup *s = sp;
	return &s->seats;
}

/* The turn in progress at p, as the one legality reads it. */
static struct domino_turn turn_of(const struct setup *s, const struct pos *p)
{
	int highest = p->phase == PH_ENGINE && p->step == 0 ? p->high : -1;
	return (struct domino_turn){(struct domino_train *)p->tr, s->players, p->seat, p->cars, p->laid,
				    p->engine_laid, highest, s->one_other};
}

/* The train the decision at p lays on. */
static int train_of(const struct setup *s, const struct pos *p)
{
	return p->phase == PH_OTHER ? (p->seat + p->step) % s->players : p->seat;
}

/* The legal moves of the decision at p into w->moves. */
static size_t legal(const struct setup *s, struct work *w, const struct pos *p)
{
	struct domino_turn t = turn_of(s, p);
	return domino_legal_moves(&t, chand_of(s, p, p->seat), (size_t)p->nhand[p->seat], train_of(s, p), w->moves);
}

static void take_out(const struct setup *s, struct pos *p, int seat, int k)
{
	struct domino *h = hand_of(s, p, seat), t = h[k];
	p->shows[seat][t.low]--;
	if (t.high != t.low)
		p->shows[seat][t.high]--;
	h[k] = h[--p->nhand[seat]];
}

/* How much seat p likes move m (the greedy player's key; 0 for the others). */
static int like(const struct pos *st, int p, enum gsim_policy pol, struct domino_move m)
{
	if (pol != GSIM_GREEDY)
		return 0;
	struct domino t = m.tile;
	const int *end = st->tr[m.train].end, *own = st->tr[p].end;
	int j = m.end;
	if (end[0] < 0)
		return st->shows[p][t.low];   /* an engine: the double with most tiles to follow */
	int v = end[j], other = t.low == v ? t.high : t.low;
	if (m.train == p)   /* keep both ends of one's own train playable */
		return st->shows[p][other] - (t.low == other) + (other != end[!j]) * 2;
	/* block: both ends of their train equal, and spare one's own ends */
	return (other == end[!j]) * 4 -
	       (t.low == own[0] || t.high == own[0] || t.low == own[1] || t.high == own[1]) * 2;
}

/* Shuffle the set and deal each seat its hand, counting the ends it shows. */
static void hand_deal(const struct setup *s, struct pos *st, struct rng *rng)
{
	uint8_t order[MAXT];
	int P = s->players;
	for (int i = 0; i < s->ntiles; i++)
		order[i] = (uint8_t)i;
	gsim_shuffle_u8(order, (size_t)s->ntiles, rng);
	memset(st->shows, 0, sizeof st->shows);
	memset(st->played, 0, sizeof st->played);
	memset(st->lacks, 0, sizeof st->lacks);
	for (int p = 0; p < P; p++) {
		struct domino *h = hand_of(s, st, p);
		st->nhand[p] = s->hand;
		st->tr[p].end[0] = st->tr[p].end[1] = -1;
		for (int k = 0; k < s->hand; k++) {
			int t = order[p * s->hand + k];
			h[k] = (struct domino){s->a[t], s->b[t]};
			st->shows[p][s->a[t]]++;
			if (s->b[t] != s->a[t])
				st->shows[p][s->b[t]]++;
		}
	}
}

/* A fresh turn of seat p at p->phase. */
static void turn_begin(struct pos *st, int seat, int phase)
{
	st->seat = seat;
	st->phase = phase;
	st->cars = 0;
	st->laid = 0;
	st->engine_laid = false;
}

/* PH_DEAL: deal a hand and find its leader; then its engines, or a re-deal. */
static void deal_step(const struct setup *s, struct pos *st, struct rng *rng, struct gsim_outcome *o)
{
	int P = s->players;
	o->count[C_HANDS]++;
	hand_deal(s, st, rng);
	const struct domino *hands[SIM_MAX_PLAYERS];
	size_t nh[SIM_MAX_PLAYERS];
	for (int p = 0; p < P; p++) {
		hands[p] = hand_of(s, st, p);
		nh[p] = (size_t)st->nhand[p];
	}
	/* "The highest double is played first and play moves clockwise." */
	domino_first_turn(hands, nh, P, &st->lead, &st->high);
	if (st->lead < 0) {
		st->turns++;
		o->count[C_REDEALS]++;
		st->hand_winner = -2;
		st->phase = PH_HAND_END;
		return;
	}
	st->step = 0;
	st->phase = PH_ENGINE_NEXT;
}

/* PH_HAND_END: a timeout, or the hand scored (the game won), or a new hand. */
static void hand_end_step(const struct setup *s, struct pos *st, struct gsim_outcome *o)
{
	int hw = st->hand_winner;
	if (st->turns > s->max_length) {
		st->winner = -1;
		st->phase = PH_OVER;
		return;
	}
	st->phase = PH_DEAL;
	if (hw < 0)
		return;
	/* "The winner gets 5 points for each tile left in the hands of the
	 * other players. The game is 120 points." */
	long pts = domino_hand_points(st->nhand, s->players, hw);
	st->score[hw] += pts;
	o->count[C_POINTS] += (uint64_t)pts;
	if (st->score[hw] >= s->target) {
		st->winner = hw;
		st->phase = PH_OVER;
	}
}

/* Run the forced and chance steps from st to the next decision (PH_ENGINE,
 * PH_OWN, PH_OTHER) or the end (PH_OVER). */
static void advance(const struct setup *s, struct work *w, struct pos *st, struct rng *rng,
		    struct gsim_outcome *o)
{
	int P = s->players;
	while (st->phase > PH_OVER) {
		switch (st->phase) {
		case PH_DEAL:
			deal_step(s, st, rng, o);
			break;
		case PH_ENGINE_NEXT:
			if (st->step == P) {
				st->idle = 0;
				st->seat = domino_first_car(st->lead, P, s->order);
				st->phase = PH_TURN_NEXT;
				break;
			}
			st->turns++;
			turn_begin(st, (st->lead + st->step) % P, PH_ENGINE);
			if (legal(s, w, st))
				break;
			/* "If someone cannot make this first play, the game is blocked,
			 * nobody scores and a new hand is dealt." */
			o->count[C_REDEALS]++;
			st->hand_winner = -2;
			st->phase = PH_HAND_END;
			break;
		case PH_TURN_NEXT:
			if (++st->turns > s->max_length) {
				st->winner = -1;
				st->phase = PH_OVER;
			} else {
				turn_begin(st, st->seat, PH_OWN);
			}
			break;
		case PH_OTHER_NEXT: {
			struct domino_turn t = turn_of(s, st);
			while (st->step < P && st->nhand[st->seat] &&
			       domino_placement(&t, (st->seat + st->step) % P) != DOMINO_OK)
				st->step++;
			if (st->step < P && st->nhand[st->seat]) {
				st->phase = PH_OTHER;
			} else if (!st->nhand[st->seat]) {
				st->hand_winner = st->seat;
				st->phase = PH_HAND_END;
			} else {
				st->seat = (st->seat + 1) % P;
				st->phase = PH_TURN_NEXT;
			}
			break;
		}
		default:   /* PH_HAND_END */
			hand_end_step(s, st, o);
			break;
		}
	}
}

static void start(const void *sp, void *work, void *pos, struct rng *rng, struct gsim_outcome *o)
{
	const struct setup *s = sp;
	struct pos *st = pos;
	memset(st, 0, pos_size(s));
	st->winner = -1;
	st->phase = PH_DEAL;
	advance(s, work, st, rng, o);
}

static int turn(const void *sp, const void *pos)
{
	(void)sp;
	const struct pos *st = pos;
	return st->phase == PH_OVER ? -1 : st->seat;
}

static size_t moves(const void *sp, void *work, const void *pos, uint64_t *keys)
{
	const struct setup *s = sp;
	struct work *w = work;
	const struct pos *st = pos;
	size_t n = legal(s, w, st);
	for (size_t i = 0; i < n; i++)
		keys[i] = key_of(s, w->moves[i]);
	/* the cars on the other trains are optional; with no car for the own
	 * train the turn is lost */
	if (st->phase == PH_OTHER || (st->phase == PH_OWN && !n))
		keys[n++] = KEY_PASS;
	return n;
}

/* The random player lays a car on another train half the time, any legal
 * one; the greedy player the move it likes most (the first drawn among
 * equals), passing on another train when every car there would cost it more
 * than it hurts (like < 0). A car on the own train is laid whenever one is
 * legal ("each player must add"). */
static size_t choose(const void *sp, void *work, const void *pos, enum gsim_policy pol, const uint64_t *keys,
		     size_t n, struct rng *rng)
{
	(void)work;
	const struct setup *s = sp;
	const struct pos *st = pos;
	bool pass = n && keys[n - 1] == KEY_PASS;
	size_t tiles = n - pass, pick = 0;
	if (st->phase == PH_OTHER && pol == GSIM_RANDOM && rng_below(rng, 2))
		return n - 1;
	int best = -1, ties = 0;
	for (size_t i = 0; i < tiles; i++) {
		int key = like(st, st->seat, pol, move_of(s, keys[i]));
		if (key > best) {
			best = key;
			ties = 1;
			pick = i;
		} else if (key == best && rng_below(rng, (uint32_t)++ties) == 0) {
			pick = i;
		}
	}
	if (!tiles || (pass && best < 0))
		return n - 1;
	return pick;
}

static void apply(const void *sp, void *work, void *pos, uint64_t key, struct rng *rng, struct gsim_outcome *o)
{
	const struct setup *s = sp;
	struct pos *st = pos;
	int P = s->players;
	if (key == KEY_PASS && st->phase == PH_OTHER) {
		st->step++;
		st->phase = PH_OTHER_NEXT;
		advance(s, work, st, rng, o);
		return;
	}
	if (key == KEY_PASS) {
		/* PH_OWN: the turn is lost, for all to see: no tile of the seat's
		 * hand shows either end of its train (and none will: no boneyard) */
		o->count[C_LOST]++;
		for (int e = 0; e < 2; e++)
			if (st->tr[st->seat].end[e] >= 0)
				st->lacks[st->seat] |= (uint32_t)1 << st->tr[st->seat].end[e];
		if (++st->idle < P) {
			st->seat = (st->seat + 1) % P;
			st->phase = PH_TURN_NEXT;
		} else {
			o->count[C_BLOCKED]++;
			st->hand_winner = s->blocked == BLOCKED_REDEAL ? -2 : domino_fewest(st->nhand, P);
			st->phase = PH_HAND_END;
		}
		advance(s, work, st, rng, o);
		return;
	}
	struct domino_move m = move_of(s, key);
	struct domino_turn t = turn_of(s, st);
	domino_apply(&t, m);
	st->cars = t.cars;
	st->laid = t.laid;
	st->engine_laid = t.engine_laid;
	const struct domino *h = hand_of(s, st, st->seat);
	int k = 0;
	while (h[k].low != m.tile.low || h[k].high != m.tile.high)
		k++;
	take_out(s, st, st->seat, k);
	int id = s->id[m.tile.low][m.tile.high];
	st->played[id / 64] |= (uint64_t)1 << (id % 64);
	if (st->phase == PH_ENGINE) {
		st->step++;
		st->phase = PH_ENGINE_NEXT;
	} else if (st->phase == PH_OWN) {
		st->idle = 0;
		o->count[C_OWN]++;
		st->step = 1;
		st->phase = PH_OTHER_NEXT;
	} else {
		o->count[C_OTHERS]++;
		st->step++;
		st->phase = PH_OTHER_NEXT;
	}
	advance(s, work, st, rng, o);
}

/* Whether seat p may hold tile t for all anyone has seen: not a double above
 * the leader's (the highest dealt), no number p has shown it lacks. */
static bool may_hold(const struct setup *s, const struct pos *st, int p, int t)
{
	if (s->a[t] == s->b[t] && s->a[t] > st->high)
		return false;
	return !((st->lacks[p] >> s->a[t] | st->lacks[p] >> s->b[t]) & 1);
}

/* Deal the shuffled pool[0..n-1] to the seats but `seat`, each its count,
 * those that have shown what they lack first, each the first tiles of the
 * pool it may hold (any tile when `any`); false when some seat runs short. */
static bool deal_pool(const struct setup *s, struct pos *st, int seat, const uint8_t *pool, size_t n, bool any)
{
	bool used[MAXT] = {false};
	for (int pass = 0; pass < 2; pass++)
		for (int p = 0; p < s->players; p++) {
			if (p == seat || (st->lacks[p] != 0) == pass)
				continue;
			struct domino *h = hand_of(s, st, p);
			memset(st->shows[p], 0, sizeof st->shows[p]);
			size_t i = 0;
			for (int k = 0; k < st->nhand[p]; k++) {
				while (i < n && (used[i] || !(any || may_hold(s, st, p, pool[i]))))
					i++;
				if (i == n)
					return false;
				int t = pool[i];
				used[i] = true;
				h[k] = (struct domino){s->a[t], s->b[t]};
				st->shows[p][s->a[t]]++;
				if (s->b[t] != s->a[t])
					st->shows[p][s->b[t]]++;
			}
		}
	return true;
}

/* Seat sees its own hand, the trains, the tiles played, how many tiles every
 * hand holds, the leader's double (none higher was dealt to a hand) and the
 * turns lost (that seat holds no tile showing its train's ends); the other
 * hands and the tiles set aside are shuffled together and dealt back, each
 * hand keeping its count, as all that allows (after 8 shuffles that do not,
 * ignoring it). What it reads of pos and draws from rng does not depend on
 * the cards the seat cannot see. */
static void determinize(const void *sp, void *work, void *pos, int seat, struct rng *rng)
{
	(void)work;
	const struct setup *s = sp;
	struct pos *st = pos;
	bool known[MAXT];
	for (int i = 0; i < s->ntiles; i++)
		known[i] = st->played[i / 64] >> (i % 64) & 1;
	const struct domino *own = chand_of(s, st, seat);
	for (int k = 0; k < st->nhand[seat]; k++)
		known[s->id[own[k].low][own[k].high]] = true;
	int count[MAXT];
	for (int i = 0; i < s->ntiles; i++)
		count[i] = !known[i];
	uint8_t pool[MAXT];
	size_t n = gsim_redeal_u8(count, s->ntiles, pool, sizeof pool, rng);
	for (int attempt = 0; attempt < 8; attempt++) {
		if (attempt)
			gsim_shuffle_u8(pool, n, rng);
		if (deal_pool(s, st, seat, pool, n, false))
			return;
	}
	deal_pool(s, st, seat, pool, n, true);
}

/* Match points, then the fewer tiles left (less than the 5 points a tile). */
static void standing(const void *sp, void *work, const void *pos, double *score)
{
	(void)work;
	const struct setup *s = sp;
	const struct pos *st = pos;
	for (int p = 0; p < s->players; p++)
		score[p] = (double)st->score[p] + (double)(s->hand - st->nhand[p]) / (s->hand + 1);
}

static void result(const void *sp, const void *pos, struct gsim_outcome *o)
{
	(void)sp;
	const struct pos *st = pos;
	o->winner = st->winner;
	o->length = st->turns;
}

static const struct gsim_steps steps = {
	.pos_size = pos_size,
	.max_moves = max_moves,
	.work_size = work_size,
	.seats = seats_of,
	.start = start,
	.turn = turn,
	.moves = moves,
	.choose = choose,
	.apply = apply,
	.determinize = determinize,
	.standing = standing,
	.result = result,
};

const struct gsim_engine gsim_domino = {
	.game = DOMINO_GAME,
	.ties = true,
	.unit = "turns",
	.min_players = 2,
	.max_players = 16,
	.counters = counters,
	.counter_text = counter_text,
	.setup_new = setup_new,
	.setup_free = free,
	.rules_text = rules_text,
	.steps = &steps,
};
