/* train52_sim.c: the engine that plays Train (52 cards, seeds/003) for `railyard
 * simulate`. Four rounds with the pack's piles (4, 3, 2, 1); 7 cards each, the
 * rest split into the piles. "Train is not played by turns": the engine plays
 * it as a stream of acts, each by a random player (rule order=random) or by
 * the seats in turn (order=rotation, seat 1 first each round). An act is one
 * play (central play, closing a pile with an A, the reopening sequence, the
 * beginning of a reopened pile, play on a reopened pile) or a draw from an open
 * pile. As steps (gsim.h), every act is a decision among the plays and the
 * draw (a key of its own), the act's seat drawn before it (order=random), the
 * deal and the beginning chance steps. A Train (the whole hand, 2 and up, on
 * a bare closing A) wins the round and its point; a Trainwreck (every pile
 * not closed empty) re-deals the round.
 * After the rounds the most points wins; a tie is broken by a round with four
 * piles between the tied players. The plays are the rules' own: the engine
 * chooses among train52_moves (train52_rules.c, every legal play of the position,
 * each judged by train52_move_legal) under the same --rule readings (face-cards,
 * ace, reopen); with gsim_train52_selfcheck on, each play is also put to
 * train52_check_play as cards, as `railyard check` reads them, and the refusals counted
 * (tests/unit/test_gsim.c); gsim_train52_watch hands every position to a test
 * (tests/unit/test_train52.c). */
#include <stdlib.h>
#include <string.h>

#include "kit.h"
#include "gsim.h"
#include "train52.h"

#define MAXP 8
#define MAXACTS TRAIN52_MAX_MOVES

enum { C_ROUNDS, C_WRECKS, C_VOID, C_DRAWS, C_CENTRAL, C_CLOSED, C_REOPEN, C_TIEBREAK };
static const char *const counters[] = {"rounds_won", "trainwrecks", "rounds_void", "draws",
				       "central_plays", "piles_closed", "reopening_cards",
				       "tie_breakers", NULL};
static const char *const counter_text[] = {"rounds won by a Train", "Trainwrecks",
					   "rounds void after too many Trainwrecks", "draws",
					   "central plays", "piles closed", "reopening cards",
					   "tie-breakers", NULL};

/* What the selfcheck counts while games are played (tests; one thread). */
struct tally {
	long refused;            /* plays train52_check_play refused */
};

struct setup {
	struct gsim_seats seats;
	int npiles[8], nrounds;
	struct train52_rules rules;   /* every named rule, order and wrecks too */
	bool selfcheck;
	struct tally *tally;     /* selfcheck: written while playing, through the const setup */
	gsim_train52_watch_fn *watch;   /* tests: every position and the moves chosen among */
	void *watch_ctx;
};

/* The cards each pile has left to draw (card[0..n-1], the top last); the
 * piles' states are the rules' table (struct train52_table). */
struct stock {
	uint8_t card[52];
	int n;
};

/* A position: one flat block (no pointers), copied with memcpy. */
struct pos {
	int cnt[SIM_MAX_PLAYERS][14];   /* hands: counts per rank */
	int nhand[SIM_MAX_PLAYERS];
	struct train52_table tab;
	struct stock stock[MAXP];
	int begun[MAXP][4];      /* TRAIN52_PILE_REOPENED: the cards that began the pile */
	int nbegun[MAXP];
	int points[SIM_MAX_PLAYERS];
	bool who[SIM_MAX_PLAYERS];      /* the seats of the round (a tie-breaker: the tied) */
	int seats[SIM_MAX_PLAYERS], ns; /* the same as a list */
	int round, wrecks;       /* the round (0..; past nrounds: tie-breakers), its Trainwrecks */
	int act;                 /* acts since the deal (order=rotation: whose) */
	int seat;                /* the seat to act */
	int acts;                /* the game's length so far */
	int winner;              /* the game over: the seat that won, or -1 */
	bool over, stalled, timeout;
};

/* A worker's space: the rules' move list. */
struct work {
	struct train52_move m[MAXACTS];
};

static void *setup_new(const struct gsim_params *p, char *err, size_t errlen)
{
	const struct kit *d = p->deck;
	struct setup *s = xcalloc(1, sizeof *s);
	gsim_seats_from(p, &s->seats);
	const struct train52_pack_rules *pr = TRAIN52_OWN(p->pack_rules);
	for (size_t i = 0; i < pr->nrounds && s->nrounds < 8; i++)
		if (pr->piles[i] >= 1 && pr->piles[i] <= MAXP)
			s->npiles[s->nrounds++] = pr->piles[i];
	if (!s->nrounds) {
		s->nrounds = 4;
		for (int r = 0; r < 4; r++)
			s->npiles[r] = 4 - r;
	}
	if (kit_hand_size(d, p->players, 52) != 7) {
		snprintf(err, errlen, "the deal table has no hand of 7 for %d players (the seed: 3-4)",
			 p->players);
		free(s);
		return NULL;
	}
	train52_rules_from(&p->pack_rules->set, &s->rules);
	s->tally = xcalloc(1, sizeof *s->tally);
	return s;
}

static void setup_free(void *sp)
{
	struct setup *s = sp;
	if (s)
		free(s->tally);
	free(s);
}

static void rules_text(const void *sp, struct buf *out)
{
	const struct setup *s = sp;
	buf_printf(out, "order=%s wrecks=%d face-cards=%s ace=%s reopen=%s piles=",
		   s->rules.rotation ? "rotation" : "random", s->rules.wrecks,
		   s->rules.face_step ? "step" : "doubles",
		   s->rules.ace_low ? "low" : "piles", s->rules.second_ace ? "second-ace" : "closing-ace");
	for (int r = 0; r < s->nrounds; r++)
		buf_printf(out, "%s%d", r ? "," : "", s->npiles[r]);
}


/* ---- the plays: the rules' (train52_moves, train52_move_legal) ---- */

/* A draw from an open pile: the key after the plays (no play's kind). */
#define DRAW_KEY ((uint64_t)TRAIN52_NKINDS)

static int open_piles(const struct pos *ps)
{
	int n = 0;
	for (int i = 0; i < ps->tab.npiles; i++)
		n += ps->tab.pile[i].state != TRAIN52_PILE_CLOSED;
	return n;
}

/* What player p sees. */
static struct train52_pos pos_of(const struct pos *ps, int p)
{
	return (struct train52_pos){&ps->tab, ps->cnt[p], ps->nhand[p], open_piles(ps)};
}

/* A play's key: its kind, where (central play or a pile) and its ranks. */
static uint64_t key_of(const struct train52_move *m)
{
	return (uint64_t)m->kind | (uint64_t)m->where << 8 | (uint64_t)m->r1 << 16 | (uint64_t)m->r2 << 24;
}

static struct train52_move move_of(uint64_t k)
{
	return (struct train52_move){(unsigned char)k, (unsigned char)(k >> 8), (unsigned char)(k >> 16),
				 (unsigned char)(k >> 24)};
}

static void take(struct pos *ps, int p, int r, int k)
{
	ps->cnt[p][r] -= k;
	ps->nhand[p] -= k;
}

/* Lay move m of player p; true when it won the round (a Train). */
static bool lay(const struct setup *s, struct pos *ps, int p, const struct train52_move *m, struct gsim_outcome *o)
{
	struct train52_pile *pl = m->where ? &ps->tab.pile[m->where - 1] : NULL;
	int use[14];
	train52_move_cards(m, use);
	if (m->kind == TRAIN52_TRAIN)
		return true;
	for (int r = 1; r <= 13; r++)
		if (use[r])
			take(ps, p, r, use[r]);
	switch ((enum train52_move_kind)m->kind) {
	case TRAIN52_CLOSE:
		pl->state = TRAIN52_PILE_CLOSED;
		pl->seq = train52_closed_seq(&s->rules);
		o->count[C_CLOSED]++;
		break;
	case TRAIN52_SEQUENCE:
		if (++pl->seq == 8)
			pl->state = TRAIN52_PILE_AWAIT;
		o->count[C_REOPEN]++;
		break;
	case TRAIN52_BEGIN_TWO:
	case TRAIN52_BEGIN_DOUBLES: {
		int top = m->kind == TRAIN52_BEGIN_TWO ? 2 : m->r2;
		if (!pl) {
			ps->tab.central = top;
			break;
		}
		int w = m->where - 1;
		pl->state = TRAIN52_PILE_REOPENED;
		pl->top = top;
		ps->nbegun[w] = m->kind == TRAIN52_BEGIN_TWO ? 1 : 4;
		ps->begun[w][0] = m->kind == TRAIN52_BEGIN_TWO ? 2 : m->r1;
		ps->begun[w][1] = m->r1;
		ps->begun[w][2] = ps->begun[w][3] = m->r2;
		break;
	}
	default:
		/* a single, double, sandwich or double sandwich: r1 on top */
		if (pl)
			pl->top = m->r1;
		else
			ps->tab.central = m->r1;
		o->count[C_CENTRAL] += !pl;
		break;
	}
	return false;
}

/* selfcheck: would train52_check_play (the checker, reading cards as `railyard check`
 * does) allow move m? The pile's face-up cards and the play as cards. */
static bool checker_agrees(const struct setup *s, const struct pos *ps, int p, const struct train52_move *m)
{
	struct train52_card on[32], play[16], hand[64];
	size_t non = 0, n = 0, nh = 0;
	enum train52_area area = TRAIN52_CENTRAL;
	if (m->where == 0 && !ps->tab.central) {
		area = TRAIN52_START;
	} else if (m->where == 0) {
		on[non++] = (struct train52_card){ps->tab.central, -1};
	} else {
		const struct train52_pile *pl = &ps->tab.pile[m->where - 1];
		area = TRAIN52_PILE;
		if (pl->state != TRAIN52_PILE_OPEN) {
			/* the closing A, the sequence laid on it, the beginning, the top */
			on[non++] = (struct train52_card){1, -1};
			int seq = pl->state == TRAIN52_PILE_CLOSED ? pl->seq : 8;
			for (int k = train52_closed_seq(&s->rules); k < seq; k++)
				on[non++] = (struct train52_card){train52_reopen[k], -1};
			if (pl->state == TRAIN52_PILE_REOPENED) {
				for (int k = 0; k < ps->nbegun[m->where - 1]; k++)
					on[non++] = (struct train52_card){ps->begun[m->where - 1][k], -1};
				on[non++] = (struct train52_card){pl->top, -1};
			}
		}
	}
	int r1 = m->r1, r2 = m->r2;
	switch ((enum train52_move_kind)m->kind) {
	case TRAIN52_SINGLE: case TRAIN52_CLOSE: case TRAIN52_SEQUENCE: case TRAIN52_BEGIN_TWO:
		play[n++] = (struct train52_card){r1, -1};
		break;
	case TRAIN52_DOUBLE:
		play[n++] = (struct train52_card){r1, -1};
		play[n++] = (struct train52_card){r1, -1};
		break;
	case TRAIN52_SANDWICH:
		play[n++] = (struct train52_card){r1, -1};
		play[n++] = (struct train52_card){r2, -1};
		play[n++] = (struct train52_card){r1, -1};
		break;
	case TRAIN52_DOUBLE_SANDWICH: case TRAIN52_BEGIN_DOUBLES: {
		bool set = m->kind == TRAIN52_BEGIN_DOUBLES;
		play[n++] = (struct train52_card){r1, -1};
		play[n++] = (struct train52_card){set ? r1 : r2, -1};
		play[n++] = (struct train52_card){r2, -1};
		play[n++] = (struct train52_card){set ? r2 : r1, -1};
		break;
	}
	case TRAIN52_TRAIN:
		for (int r = 2; r <= r2; r++)
			play[n++] = (struct train52_card){r, -1};
		break;
	case TRAIN52_NKINDS:
		break;
	}
	for (int r = 1; r <= 13; r++)
		for (int k = 0; k < ps->cnt[p][r] && nh < 64; k++)
			hand[nh++] = (struct train52_card){r, -1};
	struct buf out = {0};
	bool ok = train52_check_play(&s->rules, area, on, non, play, n, hand, nh, open_piles(ps), &out);
	buf_free(&out);
	if (!ok)
		s->tally->refused++;
	return ok;
}

/* Draw one card from a random open pile that has cards; false when none has. */
static bool draw(struct pos *ps, int p, struct rng *rng)
{
	int can[MAXP], n = 0;
	for (int i = 0; i < ps->tab.npiles; i++)
		if (ps->tab.pile[i].state != TRAIN52_PILE_CLOSED && ps->stock[i].n)
			can[n++] = i;
	if (!n)
		return false;
	struct stock *sk = &ps->stock[can[rng_below(rng, (uint32_t)n)]];
	ps->cnt[p][sk->card[--sk->n]]++;
	ps->nhand[p]++;
	return true;
}

/* Greedy: keep the run 2, 3, ..., m a Train needs; shed the rest. The index
 * of the play among keys[0..n-1], or of the draw when no play is clean. */
static size_t greedy_pick(const int *c, const uint64_t *keys, size_t n, struct rng *rng)
{
	int m = 1;
	while (m < 13 && c[m + 1] >= 1)
		m++;
	size_t best = n, drawn = n;
	int bkey = 0, ties = 0;
	for (size_t i = 0; i < n; i++) {
		if (keys[i] == DRAW_KEY) {
			drawn = i;
			continue;
		}
		struct train52_move a = move_of(keys[i]);
		if (a.kind == TRAIN52_TRAIN)
			return i;
		int use[14];
		int shed = train52_move_cards(&a, use), r1 = a.r1, r2 = a.r2;
		/* clean: the cards it lays (of ranks r1 and r2) leave the run */
		if (use[r1] > c[r1] - (r1 >= 2 && r1 <= m) || use[r2] > c[r2] - (r2 >= 2 && r2 <= m))
			continue;
		int key = shed * 2 + (a.kind == TRAIN52_CLOSE);
		if (key > bkey) {
			bkey = key;
			best = i;
			ties = 1;
		} else if (key == bkey && rng_below(rng, (uint32_t)++ties) == 0) {
			best = i;
		}
	}
	return best < n ? best : drawn < n ? drawn : 0;
}

/* Deal a hand of the round to its seats; the piles from what is left. */
static void deal(const struct setup *s, struct pos *ps, int npiles, struct rng *rng)
{
	uint8_t deck[52];
	for (int i = 0; i < 52; i++)
		deck[i] = (uint8_t)(i % 13 + 1);
	gsim_shuffle_u8(deck, 52, rng);
	int k = 0;
	memset(ps->cnt, 0, sizeof ps->cnt);
	for (int p = 0; p < s->seats.players; p++) {
		ps->nhand[p] = 0;
		if (!ps->who[p])
			continue;
		for (int j = 0; j < 7; j++)
			ps->cnt[p][deck[k++]]++;
		ps->nhand[p] = 7;
	}
	ps->tab.npiles = npiles;
	int rest = 52 - k;
	for (int i = 0; i < npiles; i++) {
		struct stock *sk = &ps->stock[i];
		sk->n = rest / npiles + (i < rest % npiles);
		memcpy(sk->card, deck + k, (size_t)sk->n);
		k += sk->n;
		ps->tab.pile[i] = (struct train52_pile){TRAIN52_PILE_OPEN, 0, 0};
	}
	ps->tab.central = 0;
}

/* The first legal beginning of kind k in central play for player p (two sets
 * of doubles: the lowest pair first, then the next), or kind TRAIN52_NKINDS. */
static struct train52_move first_beginning(const struct setup *s, const struct pos *ps, int p, enum train52_move_kind k)
{
	struct train52_pos pos = pos_of(ps, p);
	struct train52_move m = {TRAIN52_BEGIN_TWO, 0, 2, 0};
	if (k == TRAIN52_BEGIN_TWO)
		return train52_move_legal(&s->rules, &pos, &m, NULL) ? m : (struct train52_move){TRAIN52_NKINDS, 0, 0, 0};
	for (int x = 1; x <= 13; x++)
		for (int y = x + 1; y <= 13 && ps->cnt[p][x] >= 2; y++) {
			m = (struct train52_move){TRAIN52_BEGIN_DOUBLES, 0, (unsigned char)x, (unsigned char)y};
			if (train52_move_legal(&s->rules, &pos, &m, NULL))
				return m;
		}
	return (struct train52_move){TRAIN52_NKINDS, 0, 0, 0};
}

/* The beginning: a 2, else two sets of doubles, else each draws and the first
 * card put down begins. */
static void begin(const struct setup *s, struct pos *ps, struct rng *rng)
{
	int P = s->seats.players, first = ps->seats[0], cand[SIM_MAX_PLAYERS], nc = 0;
	struct train52_move how[SIM_MAX_PLAYERS];
	/* "Every round must begin with any player who has a 2 laying it down": with
	 * order=random any of them, else the first in seat order; "If there are no
	 * 2s, then the game may begin with a player laying down two sets of Doubles" */
	for (int k = TRAIN52_BEGIN_TWO; k <= TRAIN52_BEGIN_DOUBLES && !nc; k++)
		for (int i = 0; i < P; i++) {
			int p = (first + i) % P;
			if (!ps->who[p])
				continue;
			how[nc] = first_beginning(s, ps, p, (enum train52_move_kind)k);
			if (how[nc].kind != TRAIN52_NKINDS)
				cand[nc++] = p;
		}
	if (nc) {
		int k = s->rules.rotation ? 0 : (int)rng_below(rng, (uint32_t)nc);
		struct gsim_outcome unused = {0};
		lay(s, ps, cand[k], &how[k], &unused);
		return;
	}
	/* "each player draws one card from any pile and play begins with the first
	 * player to put a card down" */
	for (int p = 0; p < P; p++)
		if (ps->who[p]) {
			draw(ps, p, rng);
			cand[nc++] = p;
		}
	int p = cand[s->rules.rotation ? 0 : rng_below(rng, (uint32_t)nc)], best = 0;
	for (int r = 13; r >= 1; r--)
		if (ps->cnt[p][r] && (!best || r > 10 || r == 1))
			best = r;   /* a card the run from 2 needs least: a face card or an A */
	if (best) {
		take(ps, p, best, 1);
		ps->tab.central = best;
	}
}

/* Deal the round's hand anew and begin it; false when the round is void
 * (rule wrecks: too many Trainwrecks). */
static bool deal_hand(const struct setup *s, struct pos *ps, struct rng *rng, struct gsim_outcome *o)
{
	if (s->rules.wrecks && ps->wrecks >= s->rules.wrecks) {
		o->count[C_VOID]++;
		return false;
	}
	deal(s, ps, s->npiles[ps->round < s->nrounds ? ps->round : 0], rng);
	begin(s, ps, rng);
	ps->act = 0;
	return true;
}

/* Round ps->round (after the rounds, a tie-breaker between the tied, or the
 * game over), dealt; false when the game is over. A void round scores
 * nobody and the next is dealt. */
static bool new_round(const struct setup *s, struct pos *ps, struct rng *rng, struct gsim_outcome *o)
{
	int P = s->seats.players;
	for (;; ps->round++) {
		if (ps->round >= s->nrounds) {
			/* "Tie Breakers: A tie breaker is set up in the same fashion as Round 1.
			 * 7 cards are dealt the tied players" */
			int w = train52_game_winner(ps->points, P, ps->who);
			if (w >= 0) {
				ps->over = true;
				ps->winner = w;
				return false;
			}
			if (s->npiles[0] == 1) {
				/* round 1's one pile stays open ("One deck must always
				 * remain open to play"), so no Train is ever played in a
				 * tie-breaker: the game can never end (check says so) */
				ps->over = ps->stalled = true;
				return false;
			}
			o->count[C_TIEBREAK]++;
		}
		ps->ns = 0;
		for (int p = 0; p < P; p++)
			if (ps->who[p])
				ps->seats[ps->ns++] = p;
		ps->wrecks = 0;
		if (deal_hand(s, ps, rng, o))
			return true;
	}
}

/* The next act: its seat (order=rotation: the round's seats in turn, else
 * any at random), or the game over as a timeout. */
static void next_act(const struct setup *s, struct pos *ps, struct rng *rng)
{
	if (++ps->acts > s->seats.max_length) {
		ps->over = ps->timeout = true;
		ps->winner = -1;
		return;
	}
	ps->seat = s->rules.rotation ? ps->seats[ps->act % ps->ns]
				     : ps->seats[rng_below(rng, (uint32_t)ps->ns)];
}

/* After an act (won: a Train): the round's point, or a Trainwreck's re-deal,
 * then the next act. */
static void go_on(const struct setup *s, struct pos *ps, bool won, struct rng *rng, struct gsim_outcome *o)
{
	if (won) {
		o->count[C_ROUNDS]++;
		ps->points[ps->seat]++;
		ps->round++;
		if (!new_round(s, ps, rng, o))
			return;
	} else {
		bool left = false;
		for (int i = 0; i < ps->tab.npiles; i++)
			left |= ps->tab.pile[i].state != TRAIN52_PILE_CLOSED && ps->stock[i].n;
		if (left) {
			ps->act++;
		} else {
			/* "A Trainwreck does occur when all piles that are not closed are
			 * depleted of cards": the hand is re-dealt, no point, same round */
			o->count[C_WRECKS]++;
			ps->wrecks++;
			if (!deal_hand(s, ps, rng, o)) {
				ps->round++;
				if (!new_round(s, ps, rng, o))
					return;
			}
		}
	}
	next_act(s, ps, rng);
}

/* ---- the steps (gsim.h) ---- */

static size_t pos_size(const void *sp)
{
	(void)sp;
	return sizeof(struct pos);
}

static size_t max_moves(const void *sp)
{
	(void)sp;
	return MAXACTS + 1;
}

static size_t work_size(const void *sp)
{
	(void)sp;
	return sizeof(struct work);
}

static const struct gsim_seats *seats(const void *sp)
{
	return &((const struct setup *)sp)->seats;
}

static void start(const void *sp, void *wp, void *pp, struct rng *rng, struct gsim_outcome *o)
{
	(void)wp;
	const struct setup *s = sp;
	struct pos *ps = pp;
	memset(ps, 0, sizeof *ps);
	ps->winner = -1;
	for (int p = 0; p < s->seats.players; p++)
		ps->who[p] = true;
	if (new_round(s, ps, rng, o))
		next_act(s, ps, rng);
}

static int turn(const void *sp, const void *pp)
{
	(void)sp;
	const struct pos *ps = pp;
	return ps->over ? -1 : ps->seat;
}

/* The plays (train52_moves) and, last, the draw: always a key, as the random
 * policy draws as often as it makes any one play. */
static size_t moves(const void *sp, void *wp, const void *pp, uint64_t *keys)
{
	const struct setup *s = sp;
	const struct pos *ps = pp;
	struct work *w = wp;
	struct train52_pos tp = pos_of(ps, ps->seat);
	size_t n = train52_moves(&s->rules, &tp, w->m, MAXACTS);
	if (s->watch)
		s->watch(s->watch_ctx, &s->rules, &tp, w->m, n);
	for (size_t i = 0; i < n; i++)
		keys[i] = key_of(&w->m[i]);
	keys[n] = DRAW_KEY;
	return n + 1;
}

/* random: any play, or the draw, uniformly; greedy: greedy_pick. */
static size_t choose(const void *sp, void *wp, const void *pp, enum gsim_policy pol, const uint64_t *keys,
		     size_t n, struct rng *rng)
{
	(void)sp, (void)wp;
	const struct pos *ps = pp;
	if (pol == GSIM_RANDOM)
		return rng_below(rng, (uint32_t)n);
	return greedy_pick(ps->cnt[ps->seat], keys, n, rng);
}

static void apply(const void *sp, void *wp, void *pp, uint64_t key, struct rng *rng, struct gsim_outcome *o)
{
	const struct setup *s = sp;
	struct pos *ps = pp;
	struct work *w = wp;
	int p = ps->seat;
	bool won = false;
	if (key != DRAW_KEY) {
		struct train52_move m = move_of(key);
		if (s->selfcheck)
			checker_agrees(s, ps, p, &m);
		won = lay(s, ps, p, &m, o);
	} else if (draw(ps, p, rng)) {
		o->count[C_DRAWS]++;
	} else {
		/* no pile to draw from (only at a round's first act): any play */
		struct train52_pos tp = pos_of(ps, p);
		size_t n = train52_moves(&s->rules, &tp, w->m, MAXACTS);
		if (n) {
			const struct train52_move *any = &w->m[rng_below(rng, (uint32_t)n)];
			if (s->selfcheck)
				checker_agrees(s, ps, p, any);
			won = lay(s, ps, p, any, o);
		}
	}
	go_on(s, ps, won, rng, o);
}

/* Seat sees its own hand, the table and how many cards every hand and every
 * pile holds: the others' hands and the piles are dealt anew from the cards
 * not seen played (each hand of a round deals the whole pack anew). */
static void determinize(const void *sp, void *wp, void *pp, int seat, struct rng *rng)
{
	(void)wp;
	const struct setup *s = sp;
	struct pos *ps = pp;
	/* The unseen ranks as a multiset, laid out in rank order before the
	 * shuffle: how they lay before (the piles' order) must not show through. */
	int count[14] = {0};
	for (int q = 0; q < s->seats.players; q++)
		for (int r = 1; q != seat && r <= 13; r++)
			count[r] += ps->cnt[q][r];
	for (int i = 0; i < ps->tab.npiles; i++)
		for (int k = 0; k < ps->stock[i].n; k++)
			count[ps->stock[i].card[k]]++;
	uint8_t pool[64];
	gsim_redeal_u8(count, 14, pool, sizeof pool, rng);   /* count[0] is 0: no rank 0 */
	size_t k = 0;
	for (int q = 0; q < s->seats.players; q++) {
		if (q == seat)
			continue;
		memset(ps->cnt[q], 0, sizeof ps->cnt[q]);
		for (int c = 0; c < ps->nhand[q]; c++)
			ps->cnt[q][pool[k++]]++;
	}
	for (int i = 0; i < ps->tab.npiles; i++)
		for (int c = 0; c < ps->stock[i].n; c++)
			ps->stock[i].card[c] = pool[k++];
}

/* Rounds won first, then the fewer cards in hand. */
static void standing(const void *sp, void *wp, const void *pp, double *score)
{
	(void)wp;
	const struct setup *s = sp;
	const struct pos *ps = pp;
	for (int p = 0; p < s->seats.players; p++)
		score[p] = ps->points[p] * 100.0 - ps->nhand[p];
}

static void result(const void *sp, const void *pp, struct gsim_outcome *o)
{
	(void)sp;
	const struct pos *ps = pp;
	o->winner = ps->over ? ps->winner : -1;
	o->length = ps->acts;
	o->stalled = ps->stalled;
}

static const struct gsim_steps steps = {
	.pos_size = pos_size,
	.max_moves = max_moves,
	.work_size = work_size,
	.seats = seats,
	.start = start,
	.turn = turn,
	.moves = moves,
	.choose = choose,
	.apply = apply,
	.determinize = determinize,
	.standing = standing,
	.result = result,
};

const struct gsim_engine gsim_train52 = {
	.game = TRAIN52_GAME,
	.ties = true,
	.unit = "acts",
	.min_players = 2,
	.max_players = 7,
	.counters = counters,
	.counter_text = counter_text,
	.setup_new = setup_new,
	.setup_free = setup_free,
	.rules_text = rules_text,
	.steps = &steps,
};

void gsim_train52_selfcheck(void *setup, bool on)
{
	((struct setup *)setup)->selfcheck = on;
}

void gsim_train52_watch(void *setup, gsim_train52_watch_fn *fn, void *ctx)
{
	((struct setup *)setup)->watch = fn;
	((struct setup *)setup)->watch_ctx = ctx;
}

long gsim_train52_refused(const void *setup)
{
	return ((const struct setup *)setup)->tally->refused;
}

struct train52_pos gsim_train52_view(const void *setup, const void *pos, int seat, int *stock, int *left)
{
	(void)setup;
	const struct pos *ps = pos;
	memset(stock, 0, 14 * sizeof *stock);
	for (int i = 0; i < ps->tab.npiles; i++) {
		left[i] = ps->stock[i].n;
		for (int k = 0; k < ps->stock[i].n; k++)
			stock[ps->stock[i].card[k]]++;
	}
	return pos_of(ps, seat);
}

bool gsim_train52_key_move(uint64_t key, struct train52_move *m)
{
	*m = move_of(key);
	return key != DRAW_KEY;
}
