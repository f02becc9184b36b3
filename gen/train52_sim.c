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
 * piles between the tied players. The plays are the rules' own: the engine
 * chooses among t52_moves (train52_rules.c, every legal play of the position,
 * each judged by t52_move_legal) under the same --rule readings (face-cards,
 * ace, reopen); with gsim_train52_selfcheck on, each play is also put to
 * t52_check as cards, as `railyard check` reads them, and the refusals counted
 * (tests/unit/test_gsim.c); gsim_train52_watch hands every position to a test
 * (tests/unit/test_train52.c). */
#include <stdlib.h>
#include <string.h>

#include "gsim.h"
#include "train52.h"

#define MAXP 8
#define MAXACTS T52_MAX_MOVES

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
	gsim_train52_watch_fn *watch;   /* tests: every position and the moves chosen among */
	void *watch_ctx;
};

/* The cards each pile has left to draw (stock[0..n-1]); the piles' states
 * are the rules' table (struct t52_table). */
struct stock {
	uint8_t card[52];
	int n;
};

struct state {
	const struct setup *s;
	int cnt[SIM_MAX_PLAYERS][14];
	int nhand[SIM_MAX_PLAYERS];
	struct t52_table tab;
	struct stock stock[MAXP];
	uint8_t deck[52];
	int begun[MAXP][4];      /* T52_PILE_REOPENED: the cards that began the pile (selfcheck) */
	int nbegun[MAXP];
	long refused;            /* selfcheck: plays t52_check refused */
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

/* ---- the plays: the rules' (t52_moves, t52_move_legal) ---- */

static int open_piles(const struct state *st)
{
	int n = 0;
	for (int i = 0; i < st->tab.npiles; i++)
		n += st->tab.pile[i].state != T52_PILE_CLOSED;
	return n;
}

/* What player p sees. */
static struct t52_pos pos_of(const struct state *st, int p)
{
	return (struct t52_pos){&st->tab, st->cnt[p], st->nhand[p], open_piles(st)};
}

/* Every play player p can make now, into a[]. */
static int acts_of(const struct state *st, int p, struct t52_move *a)
{
	struct t52_pos pos = pos_of(st, p);
	size_t n = t52_moves(&st->s->rules, &pos, a, MAXACTS);
	if (st->s->watch)
		st->s->watch(st->s->watch_ctx, &st->s->rules, &pos, a, n);
	return (int)n;
}

static void take(struct state *st, int p, int r, int k)
{
	st->cnt[p][r] -= k;
	st->nhand[p] -= k;
}

/* Lay move m of player p; true when it won the round (a Train). */
static bool apply(struct state *st, int p, const struct t52_move *m, struct gsim_outcome *o)
{
	struct t52_pile *pl = m->where ? &st->tab.pile[m->where - 1] : NULL;
	int use[14];
	t52_move_cards(m, use);
	if (m->kind == T52_TRAIN)
		return true;
	for (int r = 1; r <= 13; r++)
		if (use[r])
			take(st, p, r, use[r]);
	switch ((enum t52_move_kind)m->kind) {
	case T52_CLOSE:
		pl->state = T52_PILE_CLOSED;
		pl->seq = t52_closed_seq(&st->s->rules);
		o->count[C_CLOSED]++;
		break;
	case T52_SEQUENCE:
		if (++pl->seq == 8)
			pl->state = T52_PILE_AWAIT;
		o->count[C_REOPEN]++;
		break;
	case T52_BEGIN_TWO:
	case T52_BEGIN_DOUBLES: {
		int top = m->kind == T52_BEGIN_TWO ? 2 : m->r2;
		if (!pl) {
			st->tab.central = top;
			break;
		}
		int w = m->where - 1;
		pl->state = T52_PILE_REOPENED;
		pl->top = top;
		st->nbegun[w] = m->kind == T52_BEGIN_TWO ? 1 : 4;
		st->begun[w][0] = m->kind == T52_BEGIN_TWO ? 2 : m->r1;
		st->begun[w][1] = m->r1;
		st->begun[w][2] = st->begun[w][3] = m->r2;
		break;
	}
	default:
		/* a single, double, sandwich or double sandwich: r1 on top */
		if (pl)
			pl->top = m->r1;
		else
			st->tab.central = m->r1;
		o->count[C_CENTRAL] += !pl;
		break;
	}
	return false;
}

/* selfcheck: would t52_check (the checker, reading cards as `railyard check`
 * does) allow move m? The pile's face-up cards and the play as cards. */
static bool checker_agrees(struct state *st, int p, const struct t52_move *m)
{
	const struct setup *s = st->s;
	struct t52_card on[32], play[16], hand[64];
	size_t non = 0, n = 0, nh = 0;
	enum t52_area area = T52_CENTRAL;
	if (m->where == 0 && !st->tab.central) {
		area = T52_START;
	} else if (m->where == 0) {
		on[non++] = (struct t52_card){st->tab.central, -1};
	} else {
		const struct t52_pile *pl = &st->tab.pile[m->where - 1];
		area = T52_PILE;
		if (pl->state != T52_PILE_OPEN) {
			/* the closing A, the sequence laid on it, the beginning, the top */
			on[non++] = (struct t52_card){1, -1};
			int seq = pl->state == T52_PILE_CLOSED ? pl->seq : 8;
			for (int k = t52_closed_seq(&s->rules); k < seq; k++)
				on[non++] = (struct t52_card){t52_reopen[k], -1};
			if (pl->state == T52_PILE_REOPENED) {
				for (int k = 0; k < st->nbegun[m->where - 1]; k++)
					on[non++] = (struct t52_card){st->begun[m->where - 1][k], -1};
				on[non++] = (struct t52_card){pl->top, -1};
			}
		}
	}
	int r1 = m->r1, r2 = m->r2;
	switch ((enum t52_move_kind)m->kind) {
	case T52_SINGLE: case T52_CLOSE: case T52_SEQUENCE: case T52_BEGIN_TWO:
		play[n++] = (struct t52_card){r1, -1};
		break;
	case T52_DOUBLE:
		play[n++] = (struct t52_card){r1, -1};
		play[n++] = (struct t52_card){r1, -1};
		break;
	case T52_SANDWICH:
		play[n++] = (struct t52_card){r1, -1};
		play[n++] = (struct t52_card){r2, -1};
		play[n++] = (struct t52_card){r1, -1};
		break;
	case T52_DOUBLE_SANDWICH: case T52_BEGIN_DOUBLES: {
		bool set = m->kind == T52_BEGIN_DOUBLES;
		play[n++] = (struct t52_card){r1, -1};
		play[n++] = (struct t52_card){set ? r1 : r2, -1};
		play[n++] = (struct t52_card){r2, -1};
		play[n++] = (struct t52_card){set ? r2 : r1, -1};
		break;
	}
	case T52_TRAIN:
		for (int r = 2; r <= r2; r++)
			play[n++] = (struct t52_card){r, -1};
		break;
	case T52_NKINDS:
		break;
	}
	for (int r = 1; r <= 13; r++)
		for (int k = 0; k < st->cnt[p][r] && nh < 64; k++)
			hand[nh++] = (struct t52_card){r, -1};
	struct buf out = {0};
	bool ok = t52_check(&s->rules, area, on, non, play, n, hand, nh, open_piles(st), &out);
	buf_free(&out);
	if (!ok)
		st->refused++;
	return ok;
}

/* Draw one card from a random open pile that has cards; false when none has. */
static bool draw(struct state *st, int p, struct sim_rng *rng)
{
	int can[MAXP], n = 0;
	for (int i = 0; i < st->tab.npiles; i++)
		if (st->tab.pile[i].state != T52_PILE_CLOSED && st->stock[i].n)
			can[n++] = i;
	if (!n)
		return false;
	struct stock *sk = &st->stock[can[sim_rng_below(rng, (uint32_t)n)]];
	st->cnt[p][sk->card[--sk->n]]++;
	st->nhand[p]++;
	return true;
}

/* Greedy: keep the run 2, 3, ..., m a Train needs; shed the rest. */
static int greedy_pick(const struct state *st, int p, const struct t52_move *a, int n, struct sim_rng *rng)
{
	const int *c = st->cnt[p];
	int m = 1;
	while (m < 13 && c[m + 1] >= 1)
		m++;
	int best = -1, bkey = 0, ties = 0;
	for (int i = 0; i < n; i++) {
		if (a[i].kind == T52_TRAIN)
			return i;
		int use[14];
		int shed = t52_move_cards(&a[i], use), r1 = a[i].r1, r2 = a[i].r2;
		/* clean: the cards it lays (of ranks r1 and r2) leave the run */
		if (use[r1] > c[r1] - (r1 >= 2 && r1 <= m) || use[r2] > c[r2] - (r2 >= 2 && r2 <= m))
			continue;
		int key = shed * 2 + (a[i].kind == T52_CLOSE);
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
	st->tab.npiles = npiles;
	int rest = 52 - k;
	for (int i = 0; i < npiles; i++) {
		struct stock *sk = &st->stock[i];
		sk->n = rest / npiles + (i < rest % npiles);
		memcpy(sk->card, st->deck + k, (size_t)sk->n);
		k += sk->n;
		st->tab.pile[i] = (struct t52_pile){T52_PILE_OPEN, 0, 0};
	}
	st->tab.central = 0;
}

/* The first legal beginning of kind k in central play for player p (two sets
 * of doubles: the lowest pair first, then the next), or kind T52_NKINDS. */
static struct t52_move first_beginning(const struct state *st, int p, enum t52_move_kind k)
{
	struct t52_pos pos = pos_of(st, p);
	struct t52_move m = {T52_BEGIN_TWO, 0, 2, 0};
	if (k == T52_BEGIN_TWO)
		return t52_move_legal(&st->s->rules, &pos, &m, NULL) ? m : (struct t52_move){T52_NKINDS, 0, 0, 0};
	for (int x = 1; x <= 13; x++)
		for (int y = x + 1; y <= 13 && st->cnt[p][x] >= 2; y++) {
			m = (struct t52_move){T52_BEGIN_DOUBLES, 0, (unsigned char)x, (unsigned char)y};
			if (t52_move_legal(&st->s->rules, &pos, &m, NULL))
				return m;
		}
	return (struct t52_move){T52_NKINDS, 0, 0, 0};
}

/* The beginning: a 2, else two sets of doubles, else each draws and the first
 * card put down begins. */
static void begin(struct state *st, const bool *who, int first, struct sim_rng *rng)
{
	const struct setup *s = st->s;
	int P = s->players, cand[SIM_MAX_PLAYERS], nc = 0;
	struct t52_move how[SIM_MAX_PLAYERS];
	/* "Every round must begin with any player who has a 2 laying it down": with
	 * order=random any of them, else the first in seat order; "If there are no
	 * 2s, then the game may begin with a player laying down two sets of Doubles" */
	for (int k = T52_BEGIN_TWO; k <= T52_BEGIN_DOUBLES && !nc; k++)
		for (int i = 0; i < P; i++) {
			int p = (first + i) % P;
			if (!who[p])
				continue;
			how[nc] = first_beginning(st, p, (enum t52_move_kind)k);
			if (how[nc].kind != T52_NKINDS)
				cand[nc++] = p;
		}
	if (nc) {
		int k = s->rotation ? 0 : (int)sim_rng_below(rng, (uint32_t)nc);
		struct gsim_outcome unused = {0};
		apply(st, cand[k], &how[k], &unused);
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
		st->tab.central = best;
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
	struct t52_move a[MAXACTS];
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
				checker_agrees(st, p, &a[pick]);
			if (pick >= 0) {
				if (apply(st, p, &a[pick], o)) {
					o->count[C_ROUNDS]++;
					return p;
				}
			} else if (draw(st, p, rng)) {
				o->count[C_DRAWS]++;
			} else if (n) {
				const struct t52_move *any = &a[sim_rng_below(rng, (uint32_t)n)];
				if (s->selfcheck)
					checker_agrees(st, p, any);
				if (apply(st, p, any, o)) {
					o->count[C_ROUNDS]++;
					return p;
				}
			}
			bool left = false;
			for (int i = 0; i < st->tab.npiles; i++)
				left |= st->tab.pile[i].state != T52_PILE_CLOSED && st->stock[i].n;
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
			if (s->npiles[0] == 1) {
				/* round 1's one pile stays open ("One deck must always
				 * remain open to play"), so no Train is ever played in a
				 * tie-breaker: the game can never end (check says so) */
				o->winner = -1;
				o->stalled = true;
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

void gsim_train52_watch(void *setup, gsim_train52_watch_fn *fn, void *ctx)
{
	((struct setup *)setup)->watch = fn;
	((struct setup *)setup)->watch_ctx = ctx;
}

long gsim_train52_refused(const void *scratch)
{
	return ((const struct state *)scratch)->refused;
}
