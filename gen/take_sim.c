/* take_sim.c: the engine that plays Take the Train (seeds/001) for `railyard
 * simulate`. A game is one round (or, with rule target=N, rounds until a total
 * reaches N): the deal and the fares shared evenly; the Station phase; turns
 * of one play each (a run to one end of one line, a Station with its run, an
 * End of Line, a Free Ride, the card a Free Ride stands in for, a Transfer and
 * its branch) or "Take the Train" (pay a fare, draw); the end when a hand
 * empties or a player runs out of fares, the others paying one fare a card.
 * With gsim_take_selfcheck on, every play is first put to take_check_play (the
 * checker's rules) and the plays it refuses are counted (tests/unit/test_gsim.c). */
#include <stdlib.h>
#include <string.h>

#include "gsim.h"
#include "take.h"

#define MAXC 250            /* card ids: numbers, Stations, then the specials */
#define ID_FR 250
#define ID_EL 251
#define ID_TR 252
#define NID 253
#define MAXLINES 24
#define MAXMOVES 1024   /* random players see every run length: 24 lines x 2 ends x 12 */

enum { C_FARES, C_DRAWS, C_STATION_DRAWS, C_FREE_RIDES, C_REPLACED, C_END_OF_LINES, C_TRANSFERS,
       C_ROUNDS };
static const char *const counters[] = {"fares_paid", "cards_drawn", "station_phase_draws",
				       "free_rides_played", "free_rides_taken_back",
				       "end_of_lines_played", "transfers_played", "rounds", NULL};
static const char *const counter_text[] = {"fares paid", "cards drawn",
					   "cards drawn in the Station phase",
					   "Free Rides played", "Free Rides taken back",
					   "End of Lines played", "Transfers played", "rounds", NULL};

struct setup {
	struct take_game g;
	int players, max_length;
	enum gsim_policy policy[SIM_MAX_PLAYERS];
	int nnum, ncards, hand, fares;
	uint8_t deck[256];
	long target;             /* rule target: 0 one round, else play to this total */
	long rounds;             /* rule rounds: 0 no limit, else the highest total after it */
	enum take_tie tie;       /* rule tie: a tie for the most fares in a round */
	bool selfcheck;
};

struct line {
	int colour;
	bool branch;             /* a Transfer's branch: one side (0), running by dir */
	int dir, bnext;
	int len[2];
	bool closed[2];
};

struct fr_pos {
	int colour, value, line;
	bool on;
};

struct state {
	const struct setup *s;
	uint8_t have[SIM_MAX_PLAYERS][NID];
	int nhand[SIM_MAX_PLAYERS];
	long fares[SIM_MAX_PLAYERS], total[SIM_MAX_PLAYERS];
	uint8_t pile[256];
	int npile, top;
	struct line lines[MAXLINES];
	int nlines, station_line[64];
	uint64_t used[64];       /* per colour, bit v: that number is on the table */
	struct fr_pos fr[8];
	int nfr;
	long refused;            /* selfcheck: plays take_check_play refused */
	long short_branches;     /* selfcheck: Transfers whose branch took less than its longest run */
};

enum mtype { M_RUN, M_STATION, M_EL, M_REPLACE, M_TRANSFER };

struct move {
	enum mtype type;
	int line, side, colour, shed;
	int after;   /* a Transfer: 0 its branch takes the longest run, else 1 + the run's length */
};

/* ---- setup ---- */

static void *setup_new(const struct gsim_params *p, char *err, size_t errlen)
{
	const struct deck *d = p->deck;
	struct setup *s = xcalloc(1, sizeof *s);
	const struct deck_group *num = deck_group_named(d, "number");
	int ci = num ? deck_field_index(num, "colour") : -1, ni = num ? deck_field_index(num, "number") : -1;
	if (ci < 0 || ni < 0 || num->fields[ci].n > 8 || num->fields[ni].n > 30 ||
	    num->fields[ci].n * num->fields[ni].n + num->fields[ci].n > MAXC) {
		snprintf(err, errlen, "the simulator plays take-the-train packs with a 'number' group of "
			 "colour (up to 8) x number (up to 30)");
		free(s);
		return NULL;
	}
	s->g.colours = (const char *const *)num->fields[ci].values;
	s->g.ncolours = num->fields[ci].n;
	s->g.high = (int)num->fields[ni].n;
	s->g.split = s->g.high / 2;
	s->players = p->players;
	s->max_length = p->max_length;
	memcpy(s->policy, p->policy, sizeof s->policy);
	s->nnum = (int)s->g.ncolours * s->g.high;
	const struct deck_group *st = deck_group_named(d, "station");
	const char *names[3] = {"free-ride", "end-of-line", "transfer"};
	long *cnt[3] = {&s->g.free_rides, &s->g.end_of_lines, &s->g.transfers};
	for (int i = 0; i < 3; i++) {
		const struct deck_group *g = deck_group_named(d, names[i]);
		*cnt[i] = g && g->included ? g->count : 0;
	}
	for (int i = 0; i < s->nnum; i++)
		s->deck[s->ncards++] = (uint8_t)i;
	if (st && st->included)
		for (size_t c = 0; c < s->g.ncolours; c++)
			s->deck[s->ncards++] = (uint8_t)(s->nnum + (int)c);
	uint8_t ids[3] = {ID_FR, ID_EL, ID_TR};
	for (int i = 0; i < 3; i++)
		for (long k = 0; k < *cnt[i] && s->ncards < 256 && k < 4; k++)
			s->deck[s->ncards++] = ids[i];
	s->hand = (int)deck_hand_size(d, p->players, s->ncards);
	if (s->hand <= 0 || (long)s->hand * p->players > s->ncards) {
		snprintf(err, errlen, "the deal table has no hand for %d players with %d cards",
			 p->players, s->ncards);
		free(s);
		return NULL;
	}
	const struct deck_group *fare = deck_group_named(d, "fare");
	s->fares = fare ? (int)fare->count : 100;
	s->target = gsim_rule_int(p, "target");
	s->rounds = gsim_rule_int(p, "rounds");
	s->tie = gsim_rule_eq(p, "tie", "shared") ? TAKE_TIE_SHARED
		 : gsim_rule_eq(p, "tie", "fewest-cards") ? TAKE_TIE_FEWEST_CARDS : TAKE_TIE_NONE;
	return s;
}

static void rules_text(const void *sp, struct buf *out)
{
	const struct setup *s = sp;
	buf_printf(out, "cards=%d transfers=%ld target=%ld rounds=%ld", s->ncards, s->g.transfers, s->target,
		   s->rounds);
	buf_printf(out, " tie=%s", s->tie == TAKE_TIE_SHARED ? "shared" : s->tie == TAKE_TIE_FEWEST_CARDS ? "fewest-cards" : "none");
}

static size_t scratch_size(const void *s)
{
	(void)s;
	return sizeof(struct state);
}

/* ---- the table ---- */

static int num_id(const struct setup *s, int colour, int v)
{
	return colour * s->g.high + v - 1;
}

static bool is_used(const struct state *st, int colour, int v)
{
	return (st->used[colour] >> v) & 1u;
}

/* The number the open end `side` of l takes next, or 0 when it takes none. */
static int next_value(const struct state *st, const struct line *l, int side)
{
	const struct take_game *g = &st->s->g;
	if (l->closed[side])
		return 0;
	if (l->branch) {
		int v = l->bnext;
		return side == 0 && v >= 1 && v <= g->high && !is_used(st, l->colour, v) ? v : 0;
	}
	int k = l->len[side];
	int natural = side == TAKE_LEFT ? g->split : g->high - g->split;
	if ((k >= natural && !l->closed[!side]) || k >= g->high)
		return 0;
	int v = take_step_value(g, side, (size_t)k);
	return is_used(st, l->colour, v) ? 0 : v;
}

static void advance(struct state *st, struct line *l, int side, int v)
{
	st->used[l->colour] |= 1ull << v;
	l->len[side]++;
	if (l->branch)
		l->bnext += l->dir;
}

/* Cards player p can lay on end `side` of l: number cards in sequence, a Free
 * Ride bridging a gap the next card closes (or standing alone when nothing else
 * goes there). Lays them when `lay`. */
static int run(struct state *st, int p, int li, int side, bool lay, struct take_card *rec, int max)
{
	struct line tmp = st->lines[li], *l = lay ? &st->lines[li] : &tmp;
	uint64_t saved = st->used[l->colour];
	int fr = st->have[p][ID_FR], n = 0;
	while (max <= 0 || n < max) {
		int v = next_value(st, l, side);
		if (!v)
			break;
		int id = num_id(st->s, l->colour, v);
		if (rec)
			rec[n] = (struct take_card){st->have[p][id] ? TK_NUMBER : TK_FREE_RIDE,
						    st->have[p][id] ? l->colour : -1, st->have[p][id] ? v : 0};
		if (st->have[p][id]) {
			if (lay) {
				st->have[p][id]--;
				st->nhand[p]--;
			}
		} else if (fr > 0) {
			/* the Free Ride stands in for v when the card after it is in hand,
			 * or as a play of its own */
			struct line peek = *l;
			uint64_t u = st->used[l->colour];
			advance(st, &peek, side, v);
			int w = next_value(st, &peek, side);
			st->used[l->colour] = u;
			if (n > 0 && !(w && st->have[p][num_id(st->s, l->colour, w)]))
				break;
			fr--;
			if (lay) {
				st->have[p][ID_FR]--;
				st->nhand[p]--;
				/* a slot of a Free Ride taken back, or a new one (at most
				 * 4 are in the pack, so 8 slots never run out) */
				int slot = 0;
				while (slot < st->nfr && st->fr[slot].on)
					slot++;
				if (slot == st->nfr)
					st->nfr++;
				st->fr[slot] = (struct fr_pos){l->colour, v, li, true};
			}
		} else {
			break;
		}
		advance(st, l, side, v);
		n++;
	}
	if (!lay)
		st->used[l->colour] = saved;
	return n;
}

/* The runs a player may lay at one end: greedy the longest only; random every
 * length from 1 (a run may stop anywhere but on a Free Ride standing in the
 * middle of it). Appends {type, li, side, colour, 1 + len or len} to m. */
static int runs_at(struct state *st, int p, int li, int side, enum mtype type, struct move *m, int n)
{
	struct take_card rec[72];
	int k = run(st, p, li, side, false, rec, 0), base = type == M_STATION;
	if (!k || n >= MAXMOVES)
		return n;
	if (st->s->policy[p] != GSIM_RANDOM) {
		m[n++] = (struct move){type, li, side, st->lines[li].colour, base + k, 0};
		return n;
	}
	for (int len = 1; len <= k && n < MAXMOVES; len++)
		if (len == 1 || rec[len - 1].kind != TK_FREE_RIDE)
			m[n++] = (struct move){type, li, side, st->lines[li].colour, base + len, 0};
	return n;
}

static int add_line(struct state *st, int colour, bool branch, int dir, int bnext)
{
	struct line *l = &st->lines[st->nlines];
	memset(l, 0, sizeof *l);
	l->colour = colour;
	l->branch = branch;
	l->dir = dir;
	l->bnext = bnext;
	return st->nlines++;
}

/* A fresh Station of colour c with its runs: greedy the longer side's (the
 * left on a tie; none when neither has one), random the Station alone or any
 * run on either side. */
static int station_moves(struct state *st, int p, int c, struct move *m, int n)
{
	int li = add_line(st, c, false, 0, 0);
	if (st->s->policy[p] == GSIM_RANDOM) {
		m[n++] = (struct move){M_STATION, -1, TAKE_LEFT, c, 1, 0};
		n = runs_at(st, p, li, TAKE_LEFT, M_STATION, m, n);
		n = runs_at(st, p, li, TAKE_RIGHT, M_STATION, m, n);
	} else {
		int a = run(st, p, li, TAKE_LEFT, false, NULL, 0), b = run(st, p, li, TAKE_RIGHT, false, NULL, 0);
		m[n++] = (struct move){M_STATION, -1, a >= b ? TAKE_LEFT : TAKE_RIGHT, c, 1 + (a > b ? a : b), 0};
	}
	for (int i = n - 1; i >= 0 && m[i].type == M_STATION && m[i].colour == c && m[i].line == li; i--)
		m[i].line = -1;
	st->nlines--;
	return n;
}

/* The longest run player p could lay on the branch a Transfer of colour x
 * would open beside the v at end `side` (cards into rec); nothing changes. */
static int branch_run(struct state *st, int p, int side, int x, int v, struct take_card *rec)
{
	int dir = side == TAKE_LEFT ? -1 : 1;
	uint64_t saved = st->used[x];
	st->used[x] |= 1ull << v;
	int bi = add_line(st, x, true, dir, v + dir);
	st->lines[bi].len[0] = 1;
	int k = run(st, p, bi, 0, false, rec, 0);
	st->nlines--;
	st->used[x] = saved;
	return k;
}

/* A Transfer of colour x beside the v at end `side` of line li: greedy one
 * move (its branch then takes the longest run); random one per run the branch
 * allows, none (the Transfer and its card alone) to the longest, as runs_at. */
static int transfer_moves(struct state *st, int p, int li, int side, int x, int v, struct move *m, int n)
{
	m[n++] = (struct move){M_TRANSFER, li, side, x, 2, 0};
	if (st->s->policy[p] != GSIM_RANDOM)
		return n;
	m[n - 1].after = 1;
	struct take_card rec[72];
	int k = branch_run(st, p, side, x, v, rec);
	for (int len = 1; len <= k && n < MAXMOVES; len++)
		if (len == 1 || rec[len - 1].kind != TK_FREE_RIDE)
			m[n++] = (struct move){M_TRANSFER, li, side, x, 2 + len, 1 + len};
	return n;
}

static int moves_of(struct state *st, int p, struct move *m)
{
	const struct setup *s = st->s;
	int n = 0;
	for (int li = 0; li < st->nlines; li++) {
		struct line *l = &st->lines[li];
		for (int side = 0; side < 2; side++) {
			if (l->branch && side)
				continue;
			n = runs_at(st, p, li, side, M_RUN, m, n);
			if (st->have[p][ID_EL] && !l->closed[side] && !l->branch && n < MAXMOVES)
				m[n++] = (struct move){M_EL, li, side, l->colour, 1, 0};
			/* a Transfer beside the card at this open end */
			if (st->have[p][ID_TR] && !l->branch && !l->closed[side] && l->len[side] > 0) {
				int v = take_step_value(&s->g, side, (size_t)l->len[side] - 1);
				for (int x = 0; x < (int)s->g.ncolours && n < MAXMOVES; x++)
					if (x != l->colour && st->have[p][num_id(s, x, v)] && !is_used(st, x, v) &&
					    st->nlines < MAXLINES)
						n = transfer_moves(st, p, li, side, x, v, m, n);
			}
		}
	}
	for (int c = 0; c < (int)s->g.ncolours; c++)
		if (st->have[p][s->nnum + c] && st->station_line[c] < 0 && st->nlines < MAXLINES && n < MAXMOVES - 1)
			n = station_moves(st, p, c, m, n);
	for (int i = 0; i < st->nfr && n < MAXMOVES; i++)
		if (st->fr[i].on && st->have[p][num_id(s, st->fr[i].colour, st->fr[i].value)])
			m[n++] = (struct move){M_REPLACE, i, 0, st->fr[i].colour, 0, 0};
	return n;
}

static void apply(struct state *st, int p, const struct move *m, struct gsim_outcome *o)
{
	const struct setup *s = st->s;
	switch (m->type) {
	case M_RUN: {
		int before = st->have[p][ID_FR];
		run(st, p, m->line, m->side, true, NULL, m->shed);
		o->count[C_FREE_RIDES] += (uint64_t)(before - st->have[p][ID_FR]);
		break;
	}
	case M_STATION: {
		st->have[p][s->nnum + m->colour]--;
		st->nhand[p]--;
		int li = add_line(st, m->colour, false, 0, 0);
		st->station_line[m->colour] = li;
		int before = st->have[p][ID_FR];
		if (m->shed > 1)
			run(st, p, li, m->side, true, NULL, m->shed - 1);
		o->count[C_FREE_RIDES] += (uint64_t)(before - st->have[p][ID_FR]);
		break;
	}
	case M_EL:
		st->have[p][ID_EL]--;
		st->nhand[p]--;
		st->lines[m->line].closed[m->side] = true;
		o->count[C_END_OF_LINES]++;
		break;
	case M_REPLACE: {
		struct fr_pos *f = &st->fr[m->line];
		st->have[p][num_id(s, f->colour, f->value)]--;
		st->have[p][ID_FR]++;
		f->on = false;
		o->count[C_REPLACED]++;
		break;
	}
	case M_TRANSFER: {
		const struct line *l = &st->lines[m->line];
		int v = take_step_value(&s->g, m->side, (size_t)l->len[m->side] - 1);
		int dir = m->side == TAKE_LEFT ? -1 : 1;
		st->have[p][ID_TR]--;
		st->have[p][num_id(s, m->colour, v)]--;
		st->nhand[p] -= 2;
		st->used[m->colour] |= 1ull << v;
		int li = add_line(st, m->colour, true, dir, v + dir);
		st->lines[li].len[0] = 1;
		int before = st->have[p][ID_FR];
		if (m->after != 1)   /* 1: the Transfer and its card alone */
			run(st, p, li, 0, true, NULL, m->after > 1 ? m->after - 1 : 0);
		o->count[C_FREE_RIDES] += (uint64_t)(before - st->have[p][ID_FR]);
		o->count[C_TRANSFERS]++;
		break;
	}
	}
}

/* The checker's view of station line li: its numbers and Free Rides. */
static void as_take_line(const struct state *st, int li, struct take_line *tl)
{
	const struct line *l = &st->lines[li];
	memset(tl, 0, sizeof *tl);
	tl->colour = l->colour;
	for (int side = 0; side < 2; side++) {
		tl->len[side] = (size_t)l->len[side];
		tl->closed[side] = l->closed[side];
		for (int k = 0; k < l->len[side] && k < 64; k++) {
			int v = take_step_value(&st->s->g, side, (size_t)k);
			tl->value[side][k] = v;
			for (int i = 0; i < st->nfr; i++)
				tl->free[side][k] |= st->fr[i].on && st->fr[i].line == li && st->fr[i].value == v;
		}
	}
}

/* selfcheck: would the checker let player p make move m? */
static bool checker_agrees(struct state *st, int p, const struct move *m)
{
	const struct setup *s = st->s;
	struct take_card play[72];
	struct take_line tl;
	size_t n = 0;
	int side = m->side;
	if (m->line >= 0 && m->type != M_REPLACE) {
		if (st->lines[m->line].branch)
			return true;   /* a Transfer's branch is not a line the checker reads */
		as_take_line(st, m->line, &tl);
	}
	switch (m->type) {
	case M_RUN:
		n = (size_t)run(st, p, m->line, m->side, false, play, m->shed);
		break;
	case M_STATION: {
		play[n++] = (struct take_card){TK_STATION, m->colour, 0};
		int li = add_line(st, m->colour, false, 0, 0);
		if (m->shed > 1)
			n += (size_t)run(st, p, li, side, false, play + 1, m->shed - 1);
		st->nlines--;
		if (m->shed == 1)
			side = -1;
		break;
	}
	case M_EL:
		play[n++] = (struct take_card){TK_END_OF_LINE, -1, 0};
		break;
	case M_TRANSFER: {
		const struct line *l = &st->lines[m->line];
		int v = take_step_value(&s->g, m->side, (size_t)l->len[m->side] - 1);
		play[n++] = (struct take_card){TK_TRANSFER, -1, 0};
		play[n++] = (struct take_card){TK_NUMBER, m->colour, v};
		struct take_card rec[72];
		st->short_branches += m->after && m->after - 1 < branch_run(st, p, m->side, m->colour, v, rec);
		side = -1;
		break;
	}
	case M_REPLACE: {
		const struct fr_pos *f = &st->fr[m->line];
		if (st->lines[f->line].branch)
			return true;   /* a Free Ride on a branch */
		as_take_line(st, f->line, &tl);
		play[n++] = (struct take_card){TK_NUMBER, f->colour, f->value};
		side = -1;
		break;
	}
	}
	struct buf out = {0};
	bool ok = take_check_play(&s->g, m->type == M_STATION ? NULL : &tl, play, n, side, &out);
	if (!ok)
		st->refused++;
	buf_free(&out);
	return ok;
}

static int rank_of(enum mtype t)
{
	return t == M_EL || t == M_REPLACE ? 0 : 1;
}

static const struct move *choose(const struct state *st, int p, const struct move *m, int n,
				 struct sim_rng *rng)
{
	if (st->s->policy[p] == GSIM_RANDOM)
		return &m[sim_rng_below(rng, (uint32_t)n)];
	int best = -1, ties = 0;
	for (int i = 0; i < n; i++) {
		int key = m[i].shed * 2 + rank_of(m[i].type);
		int bkey = best < 0 ? -1 : m[best].shed * 2 + rank_of(m[best].type);
		if (key > bkey) {
			best = i;
			ties = 1;
		} else if (key == bkey && sim_rng_below(rng, (uint32_t)++ties) == 0) {
			best = i;
		}
	}
	return &m[best];
}

static bool draw(struct state *st, int p)
{
	if (st->top >= st->npile)
		return false;
	st->have[p][st->pile[st->top++]]++;
	st->nhand[p]++;
	return true;
}

/* The Station phase: from the dealer's left, a player with a Station plays it;
 * if nobody has one, players draw in turn until one is found. Returns the seat
 * that opened the first line, or -1 when none could be found. */
static int station_phase(struct state *st, int first, struct gsim_outcome *o)
{
	const struct setup *s = st->s;
	int P = s->players;
	for (int i = 0; i < P; i++) {
		int p = (first + i) % P;
		for (int c = 0; c < (int)s->g.ncolours; c++)
			if (st->have[p][s->nnum + c]) {
				st->have[p][s->nnum + c]--;
				st->nhand[p]--;
				st->station_line[c] = add_line(st, c, false, 0, 0);
				return p;
			}
	}
	for (int i = 0; st->top < st->npile; i++) {
		int p = (first + i) % P, id = st->pile[st->top];
		draw(st, p);
		o->count[C_STATION_DRAWS]++;
		if (id >= s->nnum && id < s->nnum + (int)s->g.ncolours) {
			st->have[p][id]--;
			st->nhand[p]--;
			st->station_line[id - s->nnum] = add_line(st, id - s->nnum, false, 0, 0);
			return p;
		}
	}
	return -1;
}

/* One round from dealer `dealer`; the winner's seat, -1 (no single winner or
 * a timeout) or -2 (no Station anywhere: the round can never start); *turns grows. */
static int round_play(struct state *st, int dealer, struct sim_rng *rng, int *turns,
		      struct gsim_outcome *o)
{
	const struct setup *s = st->s;
	int P = s->players;
	memset(st->have, 0, sizeof st->have);
	memset(st->used, 0, sizeof st->used);
	st->nlines = st->nfr = 0;
	for (int c = 0; c < 64; c++)
		st->station_line[c] = -1;
	memcpy(st->pile, s->deck, (size_t)s->ncards);
	gsim_shuffle_u8(st->pile, (size_t)s->ncards, rng);
	st->npile = s->ncards;
	st->top = 0;
	for (int p = 0; p < P; p++) {
		st->nhand[p] = 0;
		st->fares[p] = s->fares / P;
	}
	for (int k = 0; k < s->hand; k++)
		for (int p = 0; p < P; p++)
			draw(st, (dealer + 1 + p) % P);
	int opener = station_phase(st, (dealer + 1) % P, o);
	if (opener < 0)
		return -2;
	struct move m[MAXMOVES];
	int p = opener, ended = 0;
	while (!ended) {
		p = (p + 1) % P;
		if (++*turns > s->max_length)
			return -1;
		int n = moves_of(st, p, m);
		if (n) {
			const struct move *mv = choose(st, p, m, n, rng);
			if (s->selfcheck)
				checker_agrees(st, p, mv);
			apply(st, p, mv, o);
			if (st->nhand[p] == 0)
				ended = 1;
		} else {
			/* Take the Train: pay one fare, draw if the Conductor's Hand has cards */
			st->fares[p]--;
			o->count[C_FARES]++;
			o->count[C_DRAWS] += draw(st, p);
			if (st->fares[p] == 0)
				ended = 1;
		}
	}
	long cards[SIM_MAX_PLAYERS], after[SIM_MAX_PLAYERS];
	for (int q = 0; q < P; q++)
		cards[q] = st->nhand[q];
	int w = take_end(cards, st->fares, P, s->tie, after);
	if (w >= 0)
		st->total[w] += after[w];
	else if (s->tie == TAKE_TIE_SHARED) {
		long most = take_most(after, P);
		for (int q = 0; q < P; q++)
			st->total[q] += after[q] == most ? after[q] : 0;
	}
	return w;
}

static void play(const void *sp, void *scratch, struct sim_rng *rng, struct gsim_outcome *o)
{
	const struct setup *s = sp;
	struct state *st = scratch;
	st->s = s;
	memset(st->total, 0, sizeof st->total);
	int turns = 0, P = s->players, w = -1;
	for (int r = 0;; r++) {
		o->count[C_ROUNDS]++;
		w = round_play(st, (P - 1 + r) % P, rng, &turns, o);
		if (w == -2) {
			/* no Station in the pack: no round ever starts, and with rule
			 * target no total ever grows: the game is stalled, not a tie */
			o->winner = -1;
			o->stalled = true;
			o->length = turns;
			return;
		}
		if (turns > s->max_length) {
			o->winner = -1;
			o->length = turns;
			return;
		}
		if (!s->target && !s->rounds)
			break;
		long best = -1;
		int bi = -1, tie = 0;
		for (int q = 0; q < P; q++)
			if (st->total[q] > best) {
				best = st->total[q];
				bi = q;
				tie = 0;
			} else if (st->total[q] == best) {
				tie = 1;
			}
		/* "Play can then be to 100 or 250, or the highest total after a
		 * number of rounds." */
		if ((s->target && best >= s->target) || (s->rounds && r + 1 >= s->rounds)) {
			w = tie ? -1 : bi;
			break;
		}
	}
	o->winner = w;
	o->no_winner = w < 0;
	o->length = turns;
}

const struct gsim_engine gsim_take = {
	.game = "take-the-train",
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

void gsim_take_selfcheck(void *setup, bool on)
{
	((struct setup *)setup)->selfcheck = on;
}

long gsim_take_refused(const void *scratch)
{
	return ((const struct state *)scratch)->refused;
}

long gsim_take_short_branches(const void *scratch)
{
	return ((const struct state *)scratch)->short_branches;
}
