/* trains_steps.c: the core game's engine as steps (trains_sim.h: start,
 * moves, choose, apply, determinize; gsim.h's shape): a turn's decisions and
 * their move keys, the end of a turn and of a game; sim_play plays a game
 * through the same steps. */
#include <string.h>

#include "trains_moves.h"
#include "trains_policy.h"
#include "trains_seq.h"
#include "trains_table.h"
#include "trains_totals.h"
#include "util.h"

/* The trace of a turn of seat m (ab as moves_apply returned it, -2 a pass;
 * t1 and t2 the seats it touched): the sequences it changed, the face-up
 * cards, the piles. */
static void log_turn(struct sim_worker *w, int m, int ab, int t1, int t2)
{
	const struct sim_setup *s = w->s;
	if (ab == -2)
		buf_puts(w->log, "  cannot move\n");
	table_log_seq(w, m);
	if (t1 != m)
		table_log_seq(w, t1);
	if (t2 != m && t2 != t1)
		table_log_seq(w, t2);
	buf_printf(w->log, "  face up:");
	for (int f = 0; f < w->h->nface; f++)
		buf_printf(w->log, " %d%s", w->face[f].num, s->pack->abilities.v[w->face[f].ab].code);
	buf_printf(w->log, "; draw pile %d, discards %d\n", w->h->npile, w->h->ndisc);
}

static struct sim_outcome outcome_of(const struct sim_pos *h)
{
	return (struct sim_outcome){h->winner, h->turns, h->stalled};
}

/* On to the next decision after the setup or a turn: the next seat's turn
 * (its freeze first while it has tokens), or the end of the game, whose
 * totals a work space with the setup's detail gathers. */
static void advance(struct sim_worker *w)
{
	const struct sim_setup *s = w->s;
	struct sim_pos *h = w->h;
	if (h->winner >= 0 || h->stalled || h->turns >= s->rules.max_turns) {
		h->seat = -1;
		if (w->gather) {
			struct sim_outcome out = outcome_of(h);
			totals_add(w, &out, h->winner >= 0 ? h->last_ab : -1, &w->st);
		}
		return;
	}
	int m = h->turns % s->players;
	if (w->log)
		buf_printf(w->log, "turn %d, seat %d (%s)\n", h->turns + 1, m + 1, sim_policy_name(s->policy[m]));
	h->seat = m;
	h->phase = h->tokens[m] > 0 ? PH_FREEZE : PH_MOVE;
}

/* Seat m's turn is over (ab as moves_apply returns it, -2 a pass; t1 and t2
 * the seats it touched): count it, check it, find a winner or a stall, go on. */
static void end_turn(struct sim_worker *w, int m, int ab, int t1, int t2)
{
	const struct sim_setup *s = w->s;
	struct sim_pos *h = w->h;
	int N = s->players;
	h->turns++;
	w->dirty[m] = w->dirty[t1] = w->dirty[t2] = true;
	if (w->selfcheck)
		w->broken += !table_consistent(w);
	if (w->log)
		log_turn(w, m, ab, t1, t2);
	if (ab == -2) {
		if (++h->passes >= N)
			h->stalled = true;
	} else {
		h->passes = 0;
		if (seq_wins(s, seq_of(w, m)))
			h->winner = m;
		else if (t1 != m && seq_wins(s, seq_of(w, t1)))
			h->winner = t1;
		else if (t2 != m && t2 != t1 && seq_wins(s, seq_of(w, t2)))
			h->winner = t2;
		if (h->winner >= 0 && h->winner == m)
			h->last_ab = ab;
	}
	advance(w);
}

/* A move key: what it is in the top byte; a use's kind, target seats,
 * spaces (+1) and way below it. The same whatever the unseen cards. */
enum { K_NOFREEZE = SIM_KEY_NOFREEZE, K_FREEZE = SIM_KEY_FREEZE, K_PASS = SIM_KEY_PASS, K_DRAW = SIM_KEY_DRAW,
       K_USE = SIM_KEY_USE };
#define KEY(t) ((uint64_t)(t) << 56)
#define KEY_TYPE(k) ((int)((k) >> 56))

static uint64_t move_key(const struct sim_move *mv)
{
	if (mv->face < 0)
		return KEY(K_DRAW);
	return KEY(K_USE) | (uint64_t)mv->kind << 54 | (uint64_t)(unsigned char)mv->tgt << 50 |
	       (uint64_t)(unsigned char)mv->tgt2 << 46 | (uint64_t)(mv->a + 1) << 38 | (uint64_t)(mv->b + 1) << 30 |
	       (uint64_t)mv->op;
}

/* The move a key names at the position bound (seat m's). */
static struct sim_move key_move(const struct sim_worker *w, int m, uint64_t k)
{
	if (KEY_TYPE(k) != K_USE)
		return (struct sim_move){-1, -1, (signed char)m, (signed char)m, 0, -1, -1};
	int op = (int)(k & 0x3fffffff);
	return (struct sim_move){(short)w->face_at[w->s->way_ab[op]], op, (signed char)(k >> 50 & 15),
				 (signed char)(k >> 46 & 15), (unsigned char)(k >> 54 & 3),
				 (short)((int)(k >> 38 & 255) - 1), (short)((int)(k >> 30 & 255) - 1)};
}

void sim_start(const struct sim_setup *s, void *work, void *pos, struct rng *rng)
{
	struct sim_worker *w = policy_enter(s, work, pos, rng);
	struct sim_pos *h = w->h;
	int N = s->players;
	memset(h, 0, sizeof *h);
	h->winner = h->last_ab = -1;
	table_deal(w);
	if (w->log)
		for (int p = 0; p < N; p++)
			table_log_seq(w, p);
	for (int p = 0; p < N && h->winner < 0; p++)
		if (seq_wins(s, seq_of(w, p)))
			h->winner = p;
	if (w->selfcheck) {
		memset(w->snapfz, 0, (size_t)N * (size_t)s->census);
		w->broken += !table_consistent(w);
	}
	for (int p = 0; p < N && h->winner < 0 && s->rules.opening != OPENING_NONE; p++) {
		if (!table_can_draw(w) || !table_open_space(w, p))
			continue;
		if (w->log)
			buf_printf(w->log, "setup, seat %d (%s)\n", p + 1, sim_policy_name(s->policy[p]));
		table_opening(w, p, p + 1);
		w->dirty[p] = true;
		if (w->selfcheck)
			w->broken += !table_consistent(w);
		if (w->log)
			table_log_seq(w, p);
		if (seq_wins(s, seq_of(w, p)))
			h->winner = p;
	}
	for (int p = 0; p < N; p++)
		w->dirty[p] = true;
	policy_restamp(w);
	advance(w);
}

int sim_turn(const struct sim_setup *s, const void *pos)
{
	(void)s;
	return ((const struct sim_pos *)pos)->seat;
}

size_t sim_moves(const struct sim_setup *s, void *work, const void *pos, uint64_t *keys)
{
	struct sim_worker *w = policy_enter(s, work, pos, NULL);
	int m = w->h->seat;
	size_t n = 0;
	if (w->h->phase == PH_FREEZE) {
		const unsigned char *fz = frozen_of(w, m);
		keys[n++] = KEY(K_NOFREEZE);
		for (int i = 0; i < s->census; i++)
			if (!fz[i])
				keys[n++] = KEY(K_FREEZE) | (uint64_t)i;
		return n;
	}
	moves_list(w, m);
	w->moves_stamp = w->h->stamp;
	w->moves_owner = w->h->owner;
	for (size_t i = 0; i < w->nmoves; i++)
		keys[n++] = move_key(&w->moves[i]);
	if (!n)
		keys[n++] = KEY(K_PASS);
	return n;
}

size_t sim_playout(const struct sim_setup *s, void *work, const void *pos, const uint64_t *keys, size_t n,
		   struct rng *rng)
{
	struct sim_worker *w = engine_worker_at(s, work);
	w->nogift = true;
	size_t i = sim_choose(s, work, pos, POLICY_GREEDY, keys, n, rng);
	w->nogift = false;
	return i;
}

size_t sim_choose(const struct sim_setup *s, void *work, const void *pos, enum sim_policy pol, const uint64_t *keys,
		  size_t n, struct rng *rng)
{
	struct sim_worker *w = policy_enter(s, work, pos, rng);
	int m = w->h->seat;
	if (w->h->phase == PH_FREEZE) {
		int f = policy_freeze(w, m, pol);
		for (size_t i = 1; f >= 0 && i < n; i++)
			if (keys[i] == (KEY(K_FREEZE) | (uint64_t)f))
				return i;
		return 0;
	}
	if (KEY_TYPE(keys[0]) == K_PASS)
		return 0;
	if (pol == POLICY_RANDOM)   /* policy_pick's choice, without the moves */
		return rng_below(rng, (uint32_t)n);
	/* the moves as sim_moves listed them, unless another position's since */
	bool listed = w->moves_stamp == w->h->stamp && w->moves_owner == w->h->owner && w->nmoves == n &&
		      keys[0] == move_key(&w->moves[0]) && keys[n - 1] == move_key(&w->moves[n - 1]);
	if (!listed) {
		w->nmoves = 0;
		for (size_t i = 0; i < n && i < w->cap; i++)
			w->moves[w->nmoves++] = key_move(w, m, keys[i]);
	}
	bool gifts;
	size_t pick = policy_pick(w, m, pol, w->gift, &gifts);
	/* the futures of a lookahead have listed moves of their own */
	w->moves_stamp = 0;
	w->moves_owner = 0;
	w->gift_stamp = gifts ? w->h->stamp : 0;
	w->gift_owner = gifts ? w->h->owner : 0;
	w->gift_pol = pol;
	return pick;
}

void sim_apply(const struct sim_setup *s, void *work, void *pos, uint64_t key, struct rng *rng)
{
	struct sim_worker *w = policy_enter(s, work, pos, rng);
	struct sim_pos *h = w->h;
	int m = h->seat, t = KEY_TYPE(key);
	if (h->phase == PH_FREEZE) {
		policy_snap_keep(w);
		moves_freeze(w, m, t == K_FREEZE ? (int)(key & 0xff) : -1);
		w->dirty[m] = true;
		h->phase = PH_MOVE;
		policy_restamp(w);
		return;
	}
	int t1 = m, t2 = m, ab = -2;
	if (t != K_PASS) {
		struct sim_move mv = key_move(w, m, key);
		double gift[MAX_SPACES];
		const double *g = NULL;
		enum sim_policy pol = policy_of(w, m);
		if (t == K_DRAW && pol != POLICY_RANDOM) {
			/* where the card goes: as the seat's judgement of the draw had it */
			if (w->gift_stamp == h->stamp && w->gift_owner == h->owner && w->gift_pol == (int)pol) {
				g = w->gift;
			} else {
				struct view vw;
				policy_view(w, m, pol, &vw);
				policy_gifts(w, &vw, m, gift);
				g = gift;
			}
		}
		policy_snap_keep(w);
		ab = moves_apply(w, m, &mv, g, &t1, &t2);
	}
	end_turn(w, m, ab, t1, t2);
	policy_restamp(w);
}

/* The unseen cards (the draw pile and the others' face-down discards) put in
 * order, then shuffled: the arrangement depends on what seat has seen and
 * the stream alone, not on the arrangement before (no peeking). */
void sim_determinize(const struct sim_setup *s, void *work, void *pos, int seat, struct rng *rng)
{
	struct sim_worker *w = policy_enter(s, work, pos, rng);
	struct sim_pos *h = w->h;
	/* gathered into the imagined position's pile (room for every card) */
	struct sim_card *buf = (struct sim_card *)(void *)((char *)w->look_pos + s->off_pile);
	int k = h->npile;
	memcpy(buf, w->pile, (size_t)h->npile * sizeof *buf);
	for (int i = 0; i < h->ndisc; i++)
		if (w->dhid[i] && w->dhid[i] != seat + 1)
			buf[k++] = w->disc[i];
	/* in order of number, then ability, by insertion: a few dozen cards,
	 * where qsort's calls through a pointer were a tenth of a search */
	for (int i = 1; i < k; i++) {
		struct sim_card c = buf[i];
		int j = i;
		for (; j > 0 && (buf[j - 1].num > c.num || (buf[j - 1].num == c.num && buf[j - 1].ab > c.ab)); j--)
			buf[j] = buf[j - 1];
		buf[j] = c;
	}
	table_shuffle(rng, buf, k);
	memcpy(w->pile, buf, (size_t)h->npile * sizeof *buf);
	k = h->npile;
	for (int i = 0; i < h->ndisc; i++)
		if (w->dhid[i] && w->dhid[i] != seat + 1)
			w->disc[i] = buf[k++];
}

void sim_standing(const struct sim_setup *s, const void *pos, double *score)
{
	const struct sim_pos *h = pos;
	for (int p = 0; p < s->players; p++)
		score[p] = -(double)h->inv[p];
}

struct sim_outcome sim_result(const struct sim_setup *s, const void *pos)
{
	(void)s;
	return outcome_of(pos);
}

void sim_look(const struct sim_setup *s, const void *pos, struct sim_look *out)
{
	const struct sim_pos *h = pos;
	const char *b = pos;
	const struct sim_card *pile = (const void *)(b + s->off_pile), *disc = (const void *)(b + s->off_disc);
	const struct sim_card *face = (const void *)(b + s->off_face), *seq = (const void *)(b + s->off_seq);
	const unsigned char *dhid = (const unsigned char *)(b + s->off_dhid), *fz = (const unsigned char *)(b + s->off_frozen);
	out->seat = h->seat;
	out->freeze = h->seat >= 0 && h->phase == PH_FREEZE;
	out->turns = h->turns;
	out->npile = h->npile;
	out->ndisc = h->ndisc;
	out->nface = h->nface;
	memcpy(out->tokens, h->tokens, sizeof out->tokens);
	for (int i = 0; i < h->npile; i++)
		out->pile[i] = pile[i].num;
	for (int i = 0; i < h->ndisc; i++) {
		out->disc[i] = disc[i].num;
		out->dhid[i] = dhid[i];
	}
	for (int i = 0; i < h->nface; i++) {
		out->face[i] = face[i].num;
		out->face_ab[i] = face[i].ab;
	}
	for (int i = 0; i < s->players * s->census; i++) {
		out->nums[i] = seq[i].num;
		out->frozen[i] = fz[i];
	}
}

bool sim_key_read(const struct sim_setup *s, uint64_t key, struct sim_key *out)
{
	memset(out, 0, sizeof *out);
	out->type = KEY_TYPE(key);
	out->space = out->type == K_FREEZE ? (int)(key & 0xff) : -1;
	if (out->type != K_USE)
		return out->type >= K_NOFREEZE && out->type <= K_DRAW;
	size_t op = (size_t)(key & 0x3fffffff);
	if (op >= s->nways)
		return false;
	out->ab = (size_t)s->way_ab[op];
	out->way = (int)(op - s->way_first[out->ab]);
	out->seat[0] = (int)(key >> 50 & 15);
	out->seat[1] = (int)(key >> 46 & 15);
	int kind = (int)(key >> 54 & 3);
	struct pos_move *pm = &out->move;
	pm->blocked = -1;
	pm->seq[0] = (signed char)out->seat[0];
	pm->seq[1] = (signed char)out->seat[1];
	pm->sp[0] = (short)((int)(key >> 38 & 255) - 1);
	pm->sp[1] = (short)((int)(key >> 30 & 255) - 1);
	pm->n = kind == OP_SWAP ? 2 : 1;
	pm->remove = kind == OP_REMOVE;
	if (kind == OP_CYCLE) {
		const struct pos_way *o = &s->ways[op];
		pm->n = o->move.n;
		for (int i = 0; i < pm->n; i++) {
			pm->seq[i] = (signed char)out->seat[0];
			pm->sp[i] = o->move.sp[i];
		}
	}
	return true;
}

struct sim_outcome sim_play(struct sim_worker *w, uint64_t seed, uint64_t game, struct sim_stats *st)
{
	const struct sim_setup *s = w->s;
	struct rng rng;
	rng_seed(&rng, seed, game);
	if (w->log)
		buf_printf(w->log, "game %llu, seed %llu: the deal\n", (unsigned long long)game,
			   (unsigned long long)seed);
	void *pos = w->own_pos;
	sim_start(s, w, pos, &rng);
	int seat;
	while ((seat = sim_turn(s, pos)) >= 0) {
		size_t n = sim_moves(s, w, pos, w->keys);
		size_t k = sim_choose(s, w, pos, s->policy[seat], w->keys, n, &rng);
		sim_apply(s, w, pos, w->keys[k], &rng);
	}
	struct sim_outcome out = sim_result(s, pos);
	if (w->log) {
		if (out.winner >= 0)
			buf_printf(w->log, "seat %d wins after %d turns\n", out.winner + 1, out.turns);
		else
			buf_printf(w->log, "no winner after %d turns%s\n", out.turns, out.stalled ? " (stalled)" : "");
	}
	if (st)
		totals_add(w, &out, out.winner >= 0 ? w->h->last_ab : -1, st);
	return out;
}
