/* train52_sim.c: the engine that plays Train (52 cards, seeds/003) for `railyard
 * simulate`. Four rounds with the pack's piles (4, 3, 2, 1); 7 cards each, the
 * rest split into the piles. "Train is not played by turns": the engine plays
 * it as a stream of acts, each by a random player (rule order=random) or by
 * the seats in turn (order=rotation, seat 1 first each round). An act is one
 * play (central play, closing a pile with an A, the reopening sequence, the
 * beginning of a reopened pile, play on a reopened pile) or a draw from an open
 * pile. A Train (the whole hand, 2 and up, on a bare closing A) wins the round
 * and its point; a Trainwreck (every pile not closed empty) re-deals the round.
 * After the rounds the most points wins; a tie is broken by a round with four
 * piles between the tied players. The plays follow train52_rules.c's rules under the
 * same --rule readings (face-cards, ace, reopen); with gsim_train52_selfcheck on,
 * each is first put to t52_check and the refusals counted (tests/unit/test_gsim.c). */
#include <stdlib.h>
#include <string.h>

#include "gsim.h"
#include "train52.h"

#define MAXP 8
#define MAXACTS 256

enum { C_ROUNDS, C_WRECKS, C_VOID, C_DRAWS, C_CENTRAL, C_CLOSED, C_REOPEN, C_TIEBREAK };
static const char *const counters[] = {"rounds_won", "trainwrecks", "rounds_void", "draws",
				       "central_plays", "piles_closed", "reopening_cards",
				       "tie_breakers", NULL};
static const char *const counter_text[] = {"rounds won by a Train", "Trainwrecks",
					   "rounds void after too many Trainwrecks", "draws",
					   "central plays", "piles closed", "reopening cards",
					   "tie-breakers", NULL};

struct setup {
	int players, max_length, npiles[8], nrounds, wrecks;
	bool rotation;
	enum gsim_policy policy[SIM_MAX_PLAYERS];
	struct t52_rules rules;
	bool selfcheck;
};

enum pstate { P_OPEN, P_CLOSED, P_AWAIT, P_REOPENED };

struct pile {
	uint8_t stock[52];
	int n;                   /* cards left to draw: stock[0..n-1] */
	enum pstate state;
	int seq;                 /* P_CLOSED: cards of the reopening sequence laid */
	int top;                 /* P_REOPENED: the top card */
};

struct state {
	const struct setup *s;
	int cnt[SIM_MAX_PLAYERS][14];
	int nhand[SIM_MAX_PLAYERS];
	struct pile pile[MAXP];
	int np, central;         /* central: the top card, 0 before the beginning */
	uint8_t deck[52];
	int begun[MAXP][4];      /* P_REOPENED: the cards that began the pile */
	int nbegun[MAXP];
	long refused;            /* selfcheck: plays t52_check refused */
};

enum akind { A_SINGLE, A_DOUBLE, A_SANDWICH, A_DSANDWICH, A_CLOSE, A_SEQ, A_BEGIN2, A_BEGINDD,
	     A_TRAIN };

struct act {
	uint8_t kind, where, r1, r2;   /* where: 0 central, 1 + i pile i */
	int8_t shed;
};

static void *setup_new(const struct gsim_params *p, char *err, size_t errlen)
{
	const struct deck *d = p->deck;
	struct setup *s = xcalloc(1, sizeof *s);
	s->players = p->players;
	s->max_length = p->max_length;
	memcpy(s->policy, p->policy, sizeof s->policy);
	const struct t52_pack_rules *pr = &p->pack_rules->train52;
	for (size_t i = 0; i < pr->nrounds && s->nrounds < 8; i++)
		if (pr->piles[i] >= 1 && pr->piles[i] <= MAXP)
			s->npiles[s->nrounds++] = pr->piles[i];
	if (!s->nrounds) {
		s->nrounds = 4;
		for (int r = 0; r < 4; r++)
			s->npiles[r] = 4 - r;
	}
	if (deck_hand_size(d, p->players, 52) != 7) {
		snprintf(err, errlen, "the deal table has no hand of 7 for %d players (the seed: 3-4)",
			 p->players);
		free(s);
		return NULL;
	}
	s->rotation = gsim_rule_eq(p, "order", "rotation");
	s->wrecks = (int)gsim_rule_int(p, "wrecks");
	t52_rules_from(&p->pack_rules->set, &s->rules);
	return s;
}

static void rules_text(const void *sp, struct buf *out)
{
	const struct setup *s = sp;
	buf_printf(out, "order=%s wrecks=%d face-cards=%s ace=%s reopen=%s piles=",
		   s->rotation ? "rotation" : "random", s->wrecks, s->rules.face_step ? "step" : "doubles",
		   s->rules.ace_low ? "low" : "piles", s->rules.second_ace ? "second-ace" : "closing-ace");
	for (int r = 0; r < s->nrounds; r++)
		buf_printf(out, "%s%d", r ? "," : "", s->npiles[r]);
}

static size_t scratch_size(const void *s)
{
	(void)s;
	return sizeof(struct state);
}

/* ---- the rules, on rank counts ---- */

static bool steps(int top, int r)
{
	return r == top + 1 || r == top + 2 || r == top - 1;
}

static bool single_ok(const struct setup *s, int r)
{
	return r == 1 ? s->rules.ace_low : r <= 10 || s->rules.face_step;
}

static int double_target(int r)
{
	return r == 13 ? 4 : r == 12 ? 5 : r == 11 ? 6 : r;
}

static int seq_base(const struct setup *s)
{
	return s->rules.second_ace ? 0 : 1;   /* sequence cards already laid on a fresh close */
}

static int open_piles(const struct state *st)
{
	int n = 0;
	for (int i = 0; i < st->np; i++)
		n += st->pile[i].state != P_CLOSED;
	return n;
}

/* The middle of a sandwich with bottom r (*mid) and of a double sandwich
 * (*mid2): a card the run 2..m does not need, if any; 0 when none. */
static void middles(const int *c, int r, int m, int *mid, int *mid2)
{
	int spare1 = 0, spare2 = 0;
	*mid = *mid2 = 0;
	if (c[r] < 2)
		return;
	for (int b = 1; b <= 13; b++) {
		int have = c[b] - (b == r ? 2 : 0);
		int spare = have - (b >= 2 && b <= m ? 1 : 0);
		if (have >= 1 && (!*mid || (spare >= 1 && !spare1))) {
			*mid = b;
			spare1 = spare >= 1;
		}
		if (have >= 2 && (!*mid2 || (spare >= 2 && !spare2))) {
			*mid2 = b;
			spare2 = spare >= 2;
		}
	}
}

/* Add to a[] every play player p can make now. */
static int acts_of(const struct state *st, int p, struct act *a)
{
	const struct setup *s = st->s;
	const int *c = st->cnt[p];
	int n = 0;
	/* a Train: the whole hand 2, 3, ... on a bare closing A */
	int m = 1;
	while (m < 13 && c[m + 1] == 1)
		m++;
	bool train = m >= 3 && st->nhand[p] == m - 1;
	for (int i = 0; i < st->np; i++) {
		const struct pile *pl = &st->pile[i];
		if (train && pl->state == P_CLOSED && pl->seq == seq_base(s))
			a[n++] = (struct act){A_TRAIN, (uint8_t)(1 + i), 2, (uint8_t)m, (int8_t)(m - 1)};
		if (c[1] && pl->state != P_CLOSED && pl->state != P_AWAIT && open_piles(st) > 1)
			a[n++] = (struct act){A_CLOSE, (uint8_t)(1 + i), 1, 0, 1};
		if (pl->state == P_CLOSED && pl->seq < 8 && c[t52_reopen[pl->seq]])
			a[n++] = (struct act){A_SEQ, (uint8_t)(1 + i), (uint8_t)t52_reopen[pl->seq], 0, 1};
		if (pl->state == P_AWAIT) {
			if (c[2])
				a[n++] = (struct act){A_BEGIN2, (uint8_t)(1 + i), 2, 0, 1};
			for (int x = 1; x <= 13; x++)
				for (int y = x + 1; y <= 13 && c[x] >= 2; y++)
					if (c[y] >= 2 && n < MAXACTS - 8)
						a[n++] = (struct act){A_BEGINDD, (uint8_t)(1 + i), (uint8_t)x, (uint8_t)y, 4};
		}
	}
	/* the middle of a sandwich with bottom r: a card the run from 2 does not
	 * need, if any (one sandwich per bottom card); the same for a double */
	int mid[14], mid2[14];
	memset(mid, -1, sizeof mid);
	/* central play and play on reopened piles: singles, sandwiches; doubles and
	 * double sandwiches only in central play */
	for (int w = 0; w <= st->np; w++) {
		int top = w == 0 ? st->central : st->pile[w - 1].state == P_REOPENED ? st->pile[w - 1].top : 0;
		if (!top)
			continue;
		for (int r = top > 2 ? top - 1 : 1; r <= top + 2 && r <= 13 && n < MAXACTS - 16; r++) {
			if (!c[r] || !steps(top, r) || (r == 1 && !s->rules.ace_low))
				continue;
			if (single_ok(s, r))
				a[n++] = (struct act){A_SINGLE, (uint8_t)w, (uint8_t)r, 0, 1};
			if (mid[r] < 0)
				middles(c, r, m, &mid[r], &mid2[r]);
			if (mid[r])
				a[n++] = (struct act){A_SANDWICH, (uint8_t)w, (uint8_t)r, (uint8_t)mid[r], 3};
			if (w == 0 && mid2[r])
				a[n++] = (struct act){A_DSANDWICH, 0, (uint8_t)r, (uint8_t)mid2[r], 4};
		}
		/* doubles: K K on a 4, Q Q on a 5, J J on a 6, a number on its own value */
		if (w == 0)
			for (int r = 1; r <= 13; r++)
				if (c[r] >= 2 && top == double_target(r) && (r != 1 || s->rules.ace_low))
					a[n++] = (struct act){A_DOUBLE, 0, (uint8_t)r, 0, 2};
	}
	return n;
}

static void take(struct state *st, int p, int r, int k)
{
	st->cnt[p][r] -= k;
	st->nhand[p] -= k;
}

/* Apply a; true when it won the round (a Train). */
static bool apply(struct state *st, int p, const struct act *a, struct gsim_outcome *o)
{
	struct pile *pl = a->where ? &st->pile[a->where - 1] : NULL;
	switch ((enum akind)a->kind) {
	case A_TRAIN:
		return true;
	case A_CLOSE:
		take(st, p, 1, 1);
		pl->state = P_CLOSED;
		pl->seq = seq_base(st->s);
		o->count[C_CLOSED]++;
		break;
	case A_SEQ:
		take(st, p, a->r1, 1);
		if (++pl->seq == 8)
			pl->state = P_AWAIT;
		o->count[C_REOPEN]++;
		break;
	case A_BEGIN2:
		take(st, p, 2, 1);
		pl->state = P_REOPENED;
		pl->top = 2;
		st->nbegun[a->where - 1] = 1;
		st->begun[a->where - 1][0] = 2;
		break;
	case A_BEGINDD:
		take(st, p, a->r1, 2);
		take(st, p, a->r2, 2);
		pl->state = P_REOPENED;
		pl->top = a->r2;
		st->nbegun[a->where - 1] = 4;
		st->begun[a->where - 1][0] = st->begun[a->where - 1][1] = a->r1;
		st->begun[a->where - 1][2] = st->begun[a->where - 1][3] = a->r2;
		break;
	case A_SINGLE:
	case A_DOUBLE:
	case A_SANDWICH:
	case A_DSANDWICH: {
		int k = a->kind == A_SINGLE ? 1 : 2;
		take(st, p, a->r1, k);
		if (a->kind == A_SANDWICH)
			take(st, p, a->r2, 1);
		if (a->kind == A_DSANDWICH)
			take(st, p, a->r2, 2);
		if (pl)
			pl->top = a->r1;
		else
			st->central = a->r1;
		o->count[C_CENTRAL] += !pl;
		break;
	}
	}
	return false;
}

/* selfcheck: would t52_check allow act a? */
static bool checker_agrees(struct state *st, const struct act *a)
{
	const struct setup *s = st->s;
	struct t52_card on[16], play[16], hand[64];
	size_t non = 0, n = 0, nh = 0;
	enum t52_area area = T52_CENTRAL;
	int open = open_piles(st);
	if (a->where == 0) {
		on[non++] = (struct t52_card){st->central, -1};
	} else {
		const struct pile *pl = &st->pile[a->where - 1];
		area = T52_PILE;
		if (pl->state != P_OPEN) {
			/* the closing A, the sequence laid on it, the beginning, the top */
			on[non++] = (struct t52_card){1, -1};
			int seq = pl->state == P_CLOSED ? pl->seq : 8;
			for (int k = seq_base(s); k < seq; k++)
				on[non++] = (struct t52_card){t52_reopen[k], -1};
			if (pl->state == P_REOPENED) {
				for (int k = 0; k < st->nbegun[a->where - 1]; k++)
					on[non++] = (struct t52_card){st->begun[a->where - 1][k], -1};
				if (pl->top != on[non - 1].rank || a->kind == A_CLOSE)
					on[non++] = (struct t52_card){pl->top, -1};
			}
		}
	}
	switch ((enum akind)a->kind) {
	case A_SINGLE: case A_CLOSE: case A_SEQ: case A_BEGIN2:
		play[n++] = (struct t52_card){a->r1, -1};
		break;
	case A_DOUBLE:
		play[n++] = (struct t52_card){a->r1, -1};
		play[n++] = (struct t52_card){a->r1, -1};
		break;
	case A_SANDWICH:
		play[n++] = (struct t52_card){a->r1, -1};
		play[n++] = (struct t52_card){a->r2, -1};
		play[n++] = (struct t52_card){a->r1, -1};
		break;
	case A_DSANDWICH: case A_BEGINDD: {
		int x = a->r1, y = a->r2;
		play[n++] = (struct t52_card){x, -1};
		play[n++] = (struct t52_card){a->kind == A_BEGINDD ? x : y, -1};
		play[n++] = (struct t52_card){a->kind == A_BEGINDD ? y : y, -1};
		play[n++] = (struct t52_card){a->kind == A_BEGINDD ? y : x, -1};
		break;
	}
	case A_TRAIN:
		for (int r = 2; r <= a->r2; r++)
			play[n++] = hand[nh++] = (struct t52_card){r, -1};
		break;
	}
	struct buf out = {0};
	bool ok = t52_check(&s->rules, area, on, non, play, n, nh ? hand : NULL, nh,
			    a->kind == A_CLOSE ? open : 0, &out);
	buf_free(&out);
	if (!ok)
		st->refused++;
	return ok;
}

/* Draw one card from a random open pile that has cards; false when none has. */
static bool draw(struct state *st, int p, struct sim_rng *rng)
{
	int can[MAXP], n = 0;
	for (int i = 0; i < st->np; i++)
		if (st->pile[i].state != P_CLOSED && st->pile[i].n)
			can[n++] = i;
	if (!n)
		return false;
	struct pile *pl = &st->pile[can[sim_rng_below(rng, (uint32_t)n)]];
	st->cnt[p][pl->stock[--pl->n]]++;
	st->nhand[p]++;
	return true;
}

/* Greedy: keep the run 2, 3, ..., m a Train needs; shed the rest. */
static int greedy_pick(const struct state *st, int p, const struct act *a, int n, struct sim_rng *rng)
{
	const int *c = st->cnt[p];
	int m = 1;
	while (m < 13 && c[m + 1] >= 1)
		m++;
	int best = -1, bkey = 0, ties = 0;
	for (int i = 0; i < n; i++) {
		if (a[i].kind == A_TRAIN)
			return i;
		int use[14] = {0};
		switch ((enum akind)a[i].kind) {
		case A_CLOSE: use[1] = 1; break;
		case A_SEQ: case A_BEGIN2: case A_SINGLE: use[a[i].r1] = 1; break;
		case A_DOUBLE: use[a[i].r1] = 2; break;
		case A_SANDWICH: use[a[i].r1] += 2; use[a[i].r2] += 1; break;
		case A_DSANDWICH: case A_BEGINDD: use[a[i].r1] += 2; use[a[i].r2] += 2; break;
		default: break;
		}
		bool clean = true;
		for (int r = 1; r <= 13; r++)
			if (use[r] > c[r] - (r >= 2 && r <= m ? 1 : 0))
				clean = false;
		if (!clean)
			continue;
		int key = a[i].shed * 2 + (a[i].kind == A_CLOSE);
		if (key > bkey) {
			bkey = key;
			best = i;
			ties = 1;
		} else if (key == bkey && sim_rng_below(rng, (uint32_t)++ties) == 0) {
			best = i;
		}
	}
	return best;
}

/* Deal a round to the players in `who`; the piles from what is left. */
static void deal(struct state *st, const bool *who, int npiles, struct sim_rng *rng)
{
	const struct setup *s = st->s;
	for (int i = 0; i < 52; i++)
		st->deck[i] = (uint8_t)(i % 13 + 1);
	gsim_shuffle_u8(st->deck, 52, rng);
	int k = 0;
	memset(st->cnt, 0, sizeof st->cnt);
	for (int p = 0; p < s->players; p++) {
		st->nhand[p] = 0;
		if (!who[p])
			continue;
		for (int j = 0; j < 7; j++)
			st->cnt[p][st->deck[k++]]++;
		st->nhand[p] = 7;
	}
	st->np = npiles;
	int rest = 52 - k;
	for (int i = 0; i < npiles; i++) {
		struct pile *pl = &st->pile[i];
		pl->n = rest / npiles + (i < rest % npiles);
		memcpy(pl->stock, st->deck + k, (size_t)pl->n);
		k += pl->n;
		pl->state = P_OPEN;
		pl->seq = pl->top = 0;
	}
	st->central = 0;
}

/* The beginning: a 2, else two sets of doubles, else each draws and the first
 * card put down begins. */
static void begin(struct state *st, const bool *who, int first, struct sim_rng *rng)
{
	const struct setup *s = st->s;
	int P = s->players, cand[SIM_MAX_PLAYERS], nc = 0;
	/* "Every round must begin with any player who has a 2 laying it down": with
	 * order=random any of them, else the first in seat order */
	for (int i = 0; i < P; i++) {
		int p = (first + i) % P;
		if (who[p] && st->cnt[p][2])
			cand[nc++] = p;
	}
	if (nc) {
		int p = cand[s->rotation ? 0 : sim_rng_below(rng, (uint32_t)nc)];
		take(st, p, 2, 1);
		st->central = 2;
		return;
	}
	int pairs[SIM_MAX_PLAYERS][2];
	for (int i = 0; i < P; i++) {
		int p = (first + i) % P, x = 0;
		if (!who[p])
			continue;
		for (int r = 1; r <= 13; r++)
			if (st->cnt[p][r] >= 2) {
				if (!x) {
					x = r;
					continue;
				}
				pairs[nc][0] = x;
				pairs[nc][1] = r;
				cand[nc++] = p;
				break;
			}
	}
	if (nc) {
		int k = s->rotation ? 0 : (int)sim_rng_below(rng, (uint32_t)nc), p = cand[k];
		take(st, p, pairs[k][0], 2);
		take(st, p, pairs[k][1], 2);
		st->central = pairs[k][1];
		return;
	}
	/* "each player draws one card from any pile and play begins with the first
	 * player to put a card down" */
	for (int p = 0; p < P; p++)
		if (who[p]) {
			draw(st, p, rng);
			cand[nc++] = p;
		}
	int p = cand[s->rotation ? 0 : sim_rng_below(rng, (uint32_t)nc)], best = 0;
	for (int r = 13; r >= 1; r--)
		if (st->cnt[p][r] && (!best || r > 10 || r == 1))
			best = r;   /* a card the run from 2 needs least: a face card or an A */
	if (best) {
		take(st, p, best, 1);
		st->central = best;
	}
}

/* One round among `who`: the winner, or -1 (void), or -2 (timeout). */
static int round_play(struct state *st, const bool *who, int npiles, struct sim_rng *rng,
		      int *acts, struct gsim_outcome *o)
{
	const struct setup *s = st->s;
	int P = s->players, seats[SIM_MAX_PLAYERS], ns = 0;
	for (int p = 0; p < P; p++)
		if (who[p])
			seats[ns++] = p;
	struct act a[MAXACTS];
	for (int wrecks = 0;; wrecks++) {
		if (s->wrecks && wrecks >= s->wrecks) {
			o->count[C_VOID]++;
			return -1;
		}
		deal(st, who, npiles, rng);
		begin(st, who, seats[0], rng);
		for (int turn = 0;; turn++) {
			if (++*acts > s->max_length)
				return -2;
			int p = s->rotation ? seats[turn % ns] : seats[sim_rng_below(rng, (uint32_t)ns)];
			int n = acts_of(st, p, a), pick = -1;
			if (s->policy[p] == GSIM_GREEDY) {
				pick = greedy_pick(st, p, a, n, rng);
			} else {
				/* random: any play, or a draw, uniformly */
				int k = (int)sim_rng_below(rng, (uint32_t)n + 1);
				pick = k < n ? k : -1;
			}
			if (pick >= 0 && s->selfcheck)
				checker_agrees(st, &a[pick]);
			if (pick >= 0) {
				if (apply(st, p, &a[pick], o)) {
					o->count[C_ROUNDS]++;
					return p;
				}
			} else if (draw(st, p, rng)) {
				o->count[C_DRAWS]++;
			} else if (n) {
				const struct act *any = &a[sim_rng_below(rng, (uint32_t)n)];
				if (s->selfcheck)
					checker_agrees(st, any);
				apply(st, p, any, o);
			}
			bool left = false;
			for (int i = 0; i < st->np; i++)
				left |= st->pile[i].state != P_CLOSED && st->pile[i].n;
			if (left)
				continue;
			/* "A Trainwreck does occur when all piles that are not closed are
			 * depleted of cards": the hand is re-dealt, no point, same round */
			o->count[C_WRECKS]++;
			break;
		}
	}
}

static void play(const void *sp, void *scratch, struct sim_rng *rng, struct gsim_outcome *o)
{
	const struct setup *s = sp;
	struct state *st = scratch;
	st->s = s;
	int P = s->players, acts = 0, points[SIM_MAX_PLAYERS] = {0};
	bool who[SIM_MAX_PLAYERS];
	for (int p = 0; p < P; p++)
		who[p] = true;
	for (int r = 0;; r++) {
		if (r >= s->nrounds) {
			/* "Tie Breakers: A tie breaker is set up in the same fashion as Round 1.
			 * 7 cards are dealt the tied players" */
			int w = t52_game_winner(points, P, who);
			if (w >= 0) {
				o->winner = w;
				o->length = acts;
				return;
			}
			o->count[C_TIEBREAK]++;
		}
		int w = round_play(st, who, s->npiles[r < s->nrounds ? r : 0], rng, &acts, o);
		if (w == -2) {
			o->winner = -1;
			o->length = acts;
			return;
		}
		if (w >= 0)
			points[w]++;
	}
}

const struct gsim_engine gsim_train52 = {
	.game = "train-52",
	.ties = true,
	.unit = "acts",
	.min_players = 2,
	.max_players = 7,
	.counters = counters,
	.counter_text = counter_text,
	.setup_new = setup_new,
	.setup_free = free,
	.rules_text = rules_text,
	.scratch_size = scratch_size,
	.play = play,
};

void gsim_train52_selfcheck(void *setup, bool on)
{
	((struct setup *)setup)->selfcheck = on;
}

long gsim_train52_refused(const void *scratch)
{
	return ((const struct state *)scratch)->refused;
}
