/* take_sim.c: the engine that plays Take the Train (seeds/001) for `railyard
 * simulate`. A game is one round (or, with rule target=N, rounds until a total
 * reaches N): the deal and the fares shared evenly; the Station phase; turns
 * of one play each (a run to one end of one line, a Station with its run, an
 * End of Line, a Free Ride, the card a Free Ride stands in for, a Transfer and
 * its branch) or "Take the Train" (pay a fare, draw); the end when a hand
 * empties or a player runs out of fares, the others paying one fare a card.
 * The plays are the rules' own: the table is take.h's struct take_table, and
 * a player chooses among take_moves (take_rules.c: every legal play, each
 * judged by take_move_legal, Free Rides and Transfer branches included). With
 * gsim_take_selfcheck on, every play on a Station's line is also put to
 * take_check_play as cards, as `railyard check` reads them, and the refusals
 * counted (tests/unit/test_gsim.c); gsim_take_watch hands every position to a
 * test (tests/unit/test_take.c). */
#include <stdlib.h>
#include <string.h>

#include "gsim.h"
#include "take.h"

#define MAXMOVES TAKE_MAX_MOVES

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
	gsim_take_watch_fn *watch;   /* tests: every position and the moves chosen among */
	void *watch_ctx;
};

struct state {
	const struct setup *s;
	uint8_t have[SIM_MAX_PLAYERS][TAKE_NIDS];   /* hands: counts per card id (take.h) */
	int nhand[SIM_MAX_PLAYERS];
	long fares[SIM_MAX_PLAYERS], total[SIM_MAX_PLAYERS];
	uint8_t pile[256];
	int npile, top;
	struct take_table tab;
	long refused;            /* selfcheck: plays take_check_play refused */
	long short_branches;     /* selfcheck: Transfers whose branch took less than its longest run */
};

/* ---- setup ---- */

static void *setup_new(const struct gsim_params *p, char *err, size_t errlen)
{
	const struct deck *d = p->deck;
	struct setup *s = xcalloc(1, sizeof *s);
	const struct deck_group *num = deck_group_named(d, "number");
	int ci = num ? deck_field_index(num, "colour") : -1, ni = num ? deck_field_index(num, "number") : -1;
	if (ci < 0 || ni < 0 || num->fields[ci].n > 8 || num->fields[ni].n > 30 ||
	    num->fields[ci].n * num->fields[ni].n + num->fields[ci].n > TAKE_ID_FREE_RIDE) {
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
	uint8_t ids[3] = {TAKE_ID_FREE_RIDE, TAKE_ID_END_OF_LINE, TAKE_ID_TRANSFER};
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

/* ---- the plays: the rules' (take_moves, take_move_legal) ---- */

/* What player p sees. */
static struct take_pos pos_of(const struct state *st, int p)
{
	return (struct take_pos){&st->s->g, &st->tab, st->have[p]};
}

/* Every play player p can make now, into m[]. */
static int moves_of(struct state *st, int p, struct take_move *m)
{
	struct take_pos pos = pos_of(st, p);
	size_t n = take_moves(&pos, m, MAXMOVES);
	if (st->s->watch)
		st->s->watch(st->s->watch_ctx, &pos, m, n);
	return (int)n;
}

/* The cards m takes out of the hand (a Free Ride taken back: none, net). */
static int shed_of(const struct take_move *m)
{
	switch ((enum take_move_kind)m->kind) {
	case TAKE_RUN: return m->len;
	case TAKE_STATION: return 1 + m->len;
	case TAKE_END_OF_LINE: return 1;
	case TAKE_TRANSFER: return 2 + m->len;
	default: return 0;
	}
}

static void apply(struct state *st, int p, const struct take_move *m, struct gsim_outcome *o)
{
	take_move_apply(&st->s->g, &st->tab, st->have[p], m);
	st->nhand[p] -= shed_of(m);
	for (int k = 0; k < m->len; k++)
		o->count[C_FREE_RIDES] += m->free >> k & 1u;
	o->count[C_REPLACED] += m->kind == TAKE_REPLACE;
	o->count[C_END_OF_LINES] += m->kind == TAKE_END_OF_LINE;
	o->count[C_TRANSFERS] += m->kind == TAKE_TRANSFER;
}

/* The checker's view of station line li: its numbers and Free Rides. */
static void as_take_line(const struct state *st, int li, struct take_line *tl)
{
	const struct take_tline *l = &st->tab.line[li];
	memset(tl, 0, sizeof *tl);
	tl->colour = l->colour;
	for (int side = 0; side < 2; side++) {
		tl->len[side] = (size_t)l->len[side];
		tl->closed[side] = l->closed[side];
		for (int k = 0; k < l->len[side] && k < 64; k++) {
			int v = take_step_value(&st->s->g, side, (size_t)k);
			tl->value[side][k] = v;
			for (int i = 0; i < st->tab.nfr; i++)
				tl->free[side][k] |= st->tab.fr[i].on && st->tab.fr[i].line == li && st->tab.fr[i].value == v;
		}
	}
}

/* selfcheck: would the checker (take_check_play, reading cards as `railyard
 * check` does, on the one line the move is on) let move m be made? */
static bool checker_agrees(struct state *st, const struct take_move *m)
{
	const struct setup *s = st->s;
	struct take_card play[24];
	struct take_line tl;
	int li = m->kind == TAKE_REPLACE ? st->tab.fr[m->line].line : m->kind == TAKE_STATION ? -1 : m->line;
	if (li >= 0 && st->tab.line[li].branch)
		return true;   /* a Transfer's branch is not a line the checker reads alone */
	if (li >= 0)
		as_take_line(st, li, &tl);
	size_t n = take_move_cards(&s->g, &st->tab, m, play);
	int side = m->kind == TAKE_RUN || m->kind == TAKE_END_OF_LINE || (m->kind == TAKE_STATION && m->len) ? m->side : -1;
	struct buf out = {0};
	bool ok = take_check_play(&s->g, li >= 0 ? &tl : NULL, play, n, side, &out);
	if (!ok)
		st->refused++;
	buf_free(&out);
	return ok;
}

/* selfcheck: m is a Transfer whose branch is shorter than another listed. */
static bool short_branch(const struct take_move *m, const struct take_move *all, int n)
{
	for (int i = 0; m->kind == TAKE_TRANSFER && i < n; i++)
		if (all[i].kind == TAKE_TRANSFER && all[i].line == m->line && all[i].side == m->side &&
		    all[i].colour == m->colour && all[i].len > m->len)
			return true;
	return false;
}

static int rank_of(const struct take_move *m)
{
	return m->kind == TAKE_END_OF_LINE || m->kind == TAKE_REPLACE ? 0 : 1;
}

/* random: any legal play; greedy: the one that sheds the most cards (an End
 * of Line or a Free Ride taken back after a play of as many), ties at random. */
static const struct take_move *choose(const struct state *st, int p, const struct take_move *m, int n,
				      struct sim_rng *rng)
{
	if (st->s->policy[p] == GSIM_RANDOM)
		return &m[sim_rng_below(rng, (uint32_t)n)];
	int best = -1, ties = 0, bkey = -1;
	for (int i = 0; i < n; i++) {
		int key = shed_of(&m[i]) * 2 + rank_of(&m[i]);
		if (key > bkey) {
			best = i;
			bkey = key;
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

/* Player p opens the first line with its Station of colour c. */
static void open_first(struct state *st, int p, int c)
{
	struct take_move m = {TAKE_STATION, 0, 0, (unsigned char)c, 0, 0};
	take_move_apply(&st->s->g, &st->tab, st->have[p], &m);
	st->nhand[p]--;
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
			if (st->have[p][take_station_id(&s->g, c)]) {
				open_first(st, p, c);
				return p;
			}
	}
	for (int i = 0; st->top < st->npile; i++) {
		int p = (first + i) % P, id = st->pile[st->top];
		draw(st, p);
		o->count[C_STATION_DRAWS]++;
		if (id >= s->nnum && id < s->nnum + (int)s->g.ncolours) {
			open_first(st, p, id - s->nnum);
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
	take_table_init(&st->tab);
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
	struct take_move m[MAXMOVES];
	int p = opener, ended = 0;
	while (!ended) {
		p = (p + 1) % P;
		if (++*turns > s->max_length)
			return -1;
		int n = moves_of(st, p, m);
		if (n) {
			const struct take_move *mv = choose(st, p, m, n, rng);
			if (s->selfcheck) {
				checker_agrees(st, mv);
				st->short_branches += short_branch(mv, m, n);
			}
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

void gsim_take_watch(void *setup, gsim_take_watch_fn *fn, void *ctx)
{
	((struct setup *)setup)->watch = fn;
	((struct setup *)setup)->watch_ctx = ctx;
}

long gsim_take_refused(const void *scratch)
{
	return ((const struct state *)scratch)->refused;
}

long gsim_take_short_branches(const void *scratch)
{
	return ((const struct state *)scratch)->short_branches;
}
