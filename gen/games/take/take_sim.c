/* take_sim.c: the engine that plays Take the Train (seeds/001) for `railyard
 * simulate`. A game is one round (or, with rule target=N, rounds until a total
 * reaches N): the deal and the fares shared evenly; the Station phase; turns
 * of one play each (a run to one end of one line, a Station with its run, an
 * End of Line, a Free Ride, the card a Free Ride stands in for, a Transfer and
 * its branch) or "Take the Train" (pay a fare, draw); the end when a hand
 * empties or a player runs out of fares, the others paying one fare a card.
 * The game is played as steps (gsim.h): every turn is a decision, taking the
 * Train the one move (a key of its own) of a seat with no play. The plays are the rules' own:
 * the table is take.h's struct take_table, and a player chooses among
 * take_moves (take_rules.c: every legal play, each judged by take_move_legal,
 * Free Rides and Transfer branches included), each keyed by what it lays and
 * where. With gsim_take_selfcheck on, every play on a Station's line is also
 * put to take_check_play as cards, as `railyard check` reads them, and the
 * refusals counted (tests/unit/test_gsim.c); gsim_take_watch hands every
 * position to a test (tests/unit/test_take.c). */
#include <stdlib.h>
#include <string.h>

#include "kit.h"
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

/* What the selfcheck counts while games are played (tests; one thread). */
struct tally {
	long refused;            /* plays take_check_play refused */
	long short_branches;     /* Transfers whose branch took less than its longest run */
};

struct setup {
	struct take_game g;
	struct gsim_seats seats;
	int nnum, ncards, hand, fares;
	uint8_t deck[256];
	long target;             /* rule target: 0 one round, else play to this total */
	long rounds;             /* rule rounds: 0 no limit, else the highest total after it */
	enum take_tie tie;       /* rule tie: a tie for the most fares in a round */
	bool selfcheck;
	struct tally *tally;     /* selfcheck: written while playing, through the const setup */
	gsim_take_watch_fn *watch;   /* tests: every position and the moves chosen among */
	void *watch_ctx;
};

/* A position: one flat block (no pointers), copied with memcpy. */
struct pos {
	uint8_t have[SIM_MAX_PLAYERS][TAKE_NIDS];   /* hands: counts per card id (take.h) */
	int nhand[SIM_MAX_PLAYERS];
	uint8_t shown[SIM_MAX_PLAYERS];  /* Free Rides every seat saw go into the hand (taken back) */
	long fares[SIM_MAX_PLAYERS], total[SIM_MAX_PLAYERS];
	uint8_t pile[256];       /* the Conductor's Hand: pile[top..npile-1], drawn from top */
	int npile, top;
	struct take_table tab;
	int round;               /* 0.. */
	int seat;                /* the seat to decide (or that last played) */
	int turns;               /* the game's length so far */
	int winner;              /* the game over: the seat that won, or -1 */
	bool over, stalled, timeout;
};

/* A worker's space: the rules' move list (moves, greedy, selfcheck). */
struct work {
	struct take_move m[MAXMOVES];
};

/* ---- setup ---- */

static void *setup_new(const struct gsim_params *p, char *err, size_t errlen)
{
	const struct kit *d = p->deck;
	struct setup *s = xcalloc(1, sizeof *s);
	const struct kit_group *num = kit_group_named(d, "number");
	int ci = num ? kit_field_index(num, "colour") : -1, ni = num ? kit_field_index(num, "number") : -1;
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
	gsim_seats_from(p, &s->seats);
	s->nnum = (int)s->g.ncolours * s->g.high;
	const struct kit_group *st = kit_group_named(d, "station");
	const char *names[3] = {"free-ride", "end-of-line", "transfer"};
	long *cnt[3] = {&s->g.free_rides, &s->g.end_of_lines, &s->g.transfers};
	for (int i = 0; i < 3; i++) {
		const struct kit_group *g = kit_group_named(d, names[i]);
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
	s->hand = (int)kit_hand_size(d, p->players, s->ncards);
	if (s->hand <= 0 || (long)s->hand * p->players > s->ncards) {
		snprintf(err, errlen, "the deal table has no hand for %d players with %d cards",
			 p->players, s->ncards);
		free(s);
		return NULL;
	}
	const struct kit_group *fare = kit_group_named(d, "fare");
	s->fares = fare ? (int)fare->count : 100;
	struct take_rules tr;
	take_rules_from(&p->pack_rules->set, &tr);
	s->target = tr.target;
	s->rounds = tr.rounds;
	s->tie = tr.tie;
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
	buf_printf(out, "cards=%d transfers=%ld target=%ld rounds=%ld", s->ncards, s->g.transfers, s->target,
		   s->rounds);
	buf_printf(out, " tie=%s", s->tie == TAKE_TIE_SHARED ? "shared" : s->tie == TAKE_TIE_FEWEST_CARDS ? "fewest-cards" : "none");
}


/* ---- the plays: the rules' (take_moves, take_move_legal) ---- */

/* What player p sees. */
static struct take_pos pos_of(const struct setup *s, const struct pos *ps, int p)
{
	return (struct take_pos){&s->g, &ps->tab, ps->have[p]};
}

/* A move's key: every field of it, each naming a line, an end, a colour, a
 * run's length or a Free Ride slot on the table (never a hand's card). */
static uint64_t key_of(const struct take_move *m)
{
	return (uint64_t)m->kind | (uint64_t)m->line << 8 | (uint64_t)m->side << 16 | (uint64_t)m->colour << 24 |
	       (uint64_t)m->len << 32 | (uint64_t)m->free << 40;
}

/* Take the Train (pay a fare, draw): the one move of a seat with no play. */
#define TAKE_KEY ((uint64_t)TAKE_NKINDS)

static struct take_move move_of(uint64_t k)
{
	return (struct take_move){(unsigned char)k, (unsigned char)(k >> 8), (unsigned char)(k >> 16),
				  (unsigned char)(k >> 24), (unsigned char)(k >> 32), (unsigned short)(k >> 40)};
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

static void lay(const struct setup *s, struct pos *ps, int p, const struct take_move *m, struct gsim_outcome *o)
{
	take_move_apply(&s->g, &ps->tab, ps->have[p], m);
	ps->nhand[p] -= shed_of(m);
	for (int k = 0; k < m->len; k++) {
		o->count[C_FREE_RIDES] += m->free >> k & 1u;
		/* a Free Ride laid may be the one taken back: the hand still
		 * holds as many as it was seen to take back, less those laid */
		if ((m->free >> k & 1u) && ps->shown[p])
			ps->shown[p]--;
	}
	ps->shown[p] += m->kind == TAKE_REPLACE;
	o->count[C_REPLACED] += m->kind == TAKE_REPLACE;
	o->count[C_END_OF_LINES] += m->kind == TAKE_END_OF_LINE;
	o->count[C_TRANSFERS] += m->kind == TAKE_TRANSFER;
}

/* The checker's view of station line li: its numbers and Free Rides. */
static void as_take_line(const struct setup *s, const struct pos *ps, int li, struct take_line *tl)
{
	const struct take_tline *l = &ps->tab.line[li];
	memset(tl, 0, sizeof *tl);
	tl->colour = l->colour;
	for (int side = 0; side < 2; side++) {
		tl->len[side] = (size_t)l->len[side];
		tl->closed[side] = l->closed[side];
		for (int k = 0; k < l->len[side] && k < 64; k++) {
			int v = take_step_value(&s->g, side, (size_t)k);
			tl->value[side][k] = v;
			for (int i = 0; i < ps->tab.nfr; i++)
				tl->free[side][k] |= ps->tab.fr[i].on && ps->tab.fr[i].line == li && ps->tab.fr[i].value == v;
		}
	}
}

/* selfcheck: would the checker (take_check_play, reading cards as `railyard
 * check` does, on the one line the move is on) let move m be made? */
static bool checker_agrees(const struct setup *s, const struct pos *ps, const struct take_move *m)
{
	struct take_card play[24];
	struct take_line tl;
	int li = m->kind == TAKE_REPLACE ? ps->tab.fr[m->line].line : m->kind == TAKE_STATION ? -1 : m->line;
	if (li >= 0 && ps->tab.line[li].branch)
		return true;   /* a Transfer's branch is not a line the checker reads alone */
	if (li >= 0)
		as_take_line(s, ps, li, &tl);
	size_t n = take_move_cards(&s->g, &ps->tab, m, play);
	int side = m->kind == TAKE_RUN || m->kind == TAKE_END_OF_LINE || (m->kind == TAKE_STATION && m->len) ? m->side : -1;
	struct buf out = {0};
	bool ok = take_check_play(&s->g, li >= 0 ? &tl : NULL, play, n, side, &out);
	if (!ok)
		s->tally->refused++;
	buf_free(&out);
	return ok;
}

/* selfcheck: m is a Transfer whose branch is shorter than another listed. */
static bool short_branch(const struct take_move *m, const struct take_move *all, size_t n)
{
	for (size_t i = 0; m->kind == TAKE_TRANSFER && i < n; i++)
		if (all[i].kind == TAKE_TRANSFER && all[i].line == m->line && all[i].side == m->side &&
		    all[i].colour == m->colour && all[i].len > m->len)
			return true;
	return false;
}

static int rank_of(const struct take_move *m)
{
	return m->kind == TAKE_END_OF_LINE || m->kind == TAKE_REPLACE ? 0 : 1;
}

static bool draw(struct pos *ps, int p)
{
	if (ps->top >= ps->npile)
		return false;
	ps->have[p][ps->pile[ps->top++]]++;
	ps->nhand[p]++;
	return true;
}

/* Player p opens the first line with its Station of colour c. */
static void open_first(const struct setup *s, struct pos *ps, int p, int c)
{
	struct take_move m = {TAKE_STATION, 0, 0, (unsigned char)c, 0, 0};
	take_move_apply(&s->g, &ps->tab, ps->have[p], &m);
	ps->nhand[p]--;
}

/* The Station phase: from the dealer's left, a player with a Station plays it;
 * if nobody has one, players draw in turn until one is found. Returns the seat
 * that opened the first line, or -1 when none could be found. */
static int station_phase(const struct setup *s, struct pos *ps, int first, struct gsim_outcome *o)
{
	int P = s->seats.players;
	for (int i = 0; i < P; i++) {
		int p = (first + i) % P;
		for (int c = 0; c < (int)s->g.ncolours; c++)
			if (ps->have[p][take_station_id(&s->g, c)]) {
				open_first(s, ps, p, c);
				return p;
			}
	}
	for (int i = 0; ps->top < ps->npile; i++) {
		int p = (first + i) % P, id = ps->pile[ps->top];
		draw(ps, p);
		o->count[C_STATION_DRAWS]++;
		if (id >= s->nnum && id < s->nnum + (int)s->g.ncolours) {
			open_first(s, ps, p, id - s->nnum);
			return p;
		}
	}
	return -1;
}

/* Deal round ps->round (the dealer moving left each round) and play its
 * Station phase; false when no Station could be found: the round can never
 * start, and with rule target no total ever grows (the game is stalled). */
static bool deal_round(const struct setup *s, struct pos *ps, struct rng *rng, struct gsim_outcome *o)
{
	int P = s->seats.players, dealer = (P - 1 + ps->round) % P;
	o->count[C_ROUNDS]++;
	memset(ps->have, 0, sizeof ps->have);
	memset(ps->shown, 0, sizeof ps->shown);
	take_table_init(&ps->tab);
	memcpy(ps->pile, s->deck, (size_t)s->ncards);
	gsim_shuffle_u8(ps->pile, (size_t)s->ncards, rng);
	ps->npile = s->ncards;
	ps->top = 0;
	for (int p = 0; p < P; p++) {
		ps->nhand[p] = 0;
		ps->fares[p] = s->fares / P;
	}
	for (int k = 0; k < s->hand; k++)
		for (int p = 0; p < P; p++)
			draw(ps, (dealer + 1 + p) % P);
	int opener = station_phase(s, ps, (dealer + 1) % P, o);
	if (opener < 0) {
		ps->over = ps->stalled = true;
		ps->winner = -1;
		return false;
	}
	ps->seat = opener;
	return true;
}

/* The round over (a hand emptied, or a player out of fares): its fares into
 * the totals; then the game over, or the next round dealt. False when the
 * game is over. */
static bool end_round(const struct setup *s, struct pos *ps, struct rng *rng, struct gsim_outcome *o)
{
	int P = s->seats.players;
	long cards[SIM_MAX_PLAYERS], after[SIM_MAX_PLAYERS];
	for (int q = 0; q < P; q++)
		cards[q] = ps->nhand[q];
	int w = take_end(cards, ps->fares, P, s->tie, after);
	if (w >= 0)
		ps->total[w] += after[w];
	else if (s->tie == TAKE_TIE_SHARED) {
		long most = take_most(after, P);
		for (int q = 0; q < P; q++)
			ps->total[q] += after[q] == most ? after[q] : 0;
	}
	if (!s->target && !s->rounds) {
		ps->over = true;
		ps->winner = w;
		return false;
	}
	long best = -1;
	int bi = -1, tie = 0;
	for (int q = 0; q < P; q++)
		if (ps->total[q] > best) {
			best = ps->total[q];
			bi = q;
			tie = 0;
		} else if (ps->total[q] == best) {
			tie = 1;
		}
	/* "Play can then be to 100 or 250, or the highest total after a
	 * number of rounds." */
	if ((s->target && best >= s->target) || (s->rounds && ps->round + 1 >= s->rounds)) {
		ps->over = true;
		ps->winner = tie ? -1 : bi;
		return false;
	}
	ps->round++;
	return deal_round(s, ps, rng, o);
}

/* On from the seat that just played (its round over when ended): the next
 * seat's turn, or the game over. */
static void next_turn(const struct setup *s, struct pos *ps, bool ended, struct rng *rng,
		      struct gsim_outcome *o)
{
	if (ended && !end_round(s, ps, rng, o))
		return;
	ps->seat = (ps->seat + 1) % s->seats.players;
	if (++ps->turns > s->seats.max_length) {
		ps->over = ps->timeout = true;
		ps->winner = -1;
	}
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
	return MAXMOVES;
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
	const struct setup *s = sp;
	struct pos *ps = pp;
	memset(ps, 0, sizeof *ps);
	ps->winner = -1;
	(void)wp;
	if (deal_round(s, ps, rng, o))
		next_turn(s, ps, false, rng, o);
}

static int turn(const void *sp, const void *pp)
{
	(void)sp;
	const struct pos *ps = pp;
	return ps->over ? -1 : ps->seat;
}

static size_t moves(const void *sp, void *wp, const void *pp, uint64_t *keys)
{
	const struct setup *s = sp;
	const struct pos *ps = pp;
	struct work *w = wp;
	struct take_pos tp = pos_of(s, ps, ps->seat);
	size_t n = take_moves(&tp, w->m, MAXMOVES);
	if (s->watch)
		s->watch(s->watch_ctx, &tp, w->m, n);
	for (size_t i = 0; i < n; i++)
		keys[i] = key_of(&w->m[i]);
	if (!n)
		keys[n++] = TAKE_KEY;
	return n;
}

/* random: any legal play; greedy: the one that sheds the most cards (an End
 * of Line or a Free Ride taken back after a play of as many), ties at random. */
static size_t choose(const void *sp, void *wp, const void *pp, enum gsim_policy pol, const uint64_t *keys,
		     size_t n, struct rng *rng)
{
	(void)sp, (void)wp, (void)pp;
	if (n == 1 && keys[0] == TAKE_KEY)
		return 0;   /* no choice: the rules make the seat take the Train */
	if (pol == GSIM_RANDOM)
		return rng_below(rng, (uint32_t)n);
	size_t best = 0;
	int ties = 0, bkey = -1;
	for (size_t i = 0; i < n; i++) {
		struct take_move m = move_of(keys[i]);
		int key = shed_of(&m) * 2 + rank_of(&m);
		if (key > bkey) {
			best = i;
			bkey = key;
			ties = 1;
		} else if (key == bkey && rng_below(rng, (uint32_t)++ties) == 0) {
			best = i;
		}
	}
	return best;
}

static void apply(const void *sp, void *wp, void *pp, uint64_t key, struct rng *rng, struct gsim_outcome *o)
{
	const struct setup *s = sp;
	struct pos *ps = pp;
	struct work *w = wp;
	int p = ps->seat;
	if (key == TAKE_KEY) {
		/* Take the Train: pay one fare, draw if the Conductor's Hand has cards */
		ps->fares[p]--;
		o->count[C_FARES]++;
		o->count[C_DRAWS] += draw(ps, p);
		next_turn(s, ps, ps->fares[p] == 0, rng, o);
		return;
	}
	struct take_move m = move_of(key);
	if (s->selfcheck) {
		struct take_pos tp = pos_of(s, ps, p);
		checker_agrees(s, ps, &m);
		s->tally->short_branches += short_branch(&m, w->m, take_moves(&tp, w->m, MAXMOVES));
	}
	lay(s, ps, p, &m, o);
	next_turn(s, ps, ps->nhand[p] == 0, rng, o);
}

/* Seat sees its own hand, the table, how many cards every hand and the
 * Conductor's Hand hold and the Free Rides taken back into a hand (and not
 * laid since): the others' other cards and the pile's are dealt anew from
 * what is left of the round's deck (each round deals the whole deck anew). */
static void determinize(const void *sp, void *wp, void *pp, int seat, struct rng *rng)
{
	(void)wp;
	const struct setup *s = sp;
	struct pos *ps = pp;
	/* The unseen cards as a multiset, laid out in id order before the shuffle:
	 * how they lay before (the others' hands, the pile's order) must not show
	 * through in how they lie after. */
	int count[TAKE_NIDS] = {0};
	for (int q = 0; q < s->seats.players; q++)
		for (int id = 0; q != seat && id < TAKE_NIDS; id++)
			count[id] += ps->have[q][id] - (id == TAKE_ID_FREE_RIDE ? ps->shown[q] : 0);
	for (int i = ps->top; i < ps->npile; i++)
		count[ps->pile[i]]++;
	uint8_t pool[256];
	gsim_redeal_u8(count, TAKE_NIDS, pool, sizeof pool, rng);
	size_t k = 0;
	for (int q = 0; q < s->seats.players; q++) {
		if (q == seat)
			continue;
		memset(ps->have[q], 0, sizeof ps->have[q]);
		ps->have[q][TAKE_ID_FREE_RIDE] = ps->shown[q];
		for (int c = ps->shown[q]; c < ps->nhand[q]; c++)
			ps->have[q][pool[k++]]++;
	}
	for (int i = ps->top; i < ps->npile; i++)
		ps->pile[i] = pool[k++];
}

/* The fares each would hold if the round ended now (one paid a card left),
 * on top of the totals of the rounds before. */
static void standing(const void *sp, void *wp, const void *pp, double *score)
{
	(void)wp;
	const struct setup *s = sp;
	const struct pos *ps = pp;
	for (int p = 0; p < s->seats.players; p++)
		score[p] = (double)(ps->total[p] + ps->fares[p] - ps->nhand[p]);
}

static void result(const void *sp, const void *pp, struct gsim_outcome *o)
{
	(void)sp;
	const struct pos *ps = pp;
	o->winner = ps->over ? ps->winner : -1;
	o->length = ps->turns;
	o->stalled = ps->stalled;
	o->no_winner = ps->over && !ps->stalled && !ps->timeout && ps->winner < 0;
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

const struct gsim_engine gsim_take = {
	.game = TAKE_GAME,
	.ties = true,
	.unit = "turns",
	.min_players = 2,
	.max_players = 16,
	.counters = counters,
	.counter_text = counter_text,
	.setup_new = setup_new,
	.setup_free = setup_free,
	.rules_text = rules_text,
	.steps = &steps,
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

long gsim_take_refused(const void *setup)
{
	return ((const struct setup *)setup)->tally->refused;
}

long gsim_take_short_branches(const void *setup)
{
	return ((const struct setup *)setup)->tally->short_branches;
}

struct take_pos gsim_take_view(const void *setup, const void *pos, int seat, const unsigned char **pile,
			       size_t *npile, int *nhand)
{
	const struct setup *s = setup;
	const struct pos *ps = pos;
	*pile = ps->pile + ps->top;
	*npile = (size_t)(ps->npile - ps->top);
	for (int p = 0; p < s->seats.players; p++)
		nhand[p] = ps->nhand[p];
	return pos_of(s, ps, seat);
}

bool gsim_take_key_move(uint64_t key, struct take_move *m)
{
	*m = move_of(key);
	return key != TAKE_KEY;
}
