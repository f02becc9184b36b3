/* trains_policy.c: the players (trains_policy.h): the one-move judgement of
 * greedy and spoiler (a sequence's value, what a move gives the next seat
 * face up), the freeze, lookahead's futures played greedily, and the caches
 * that spare a worker judging a sequence again. */
#include <math.h>
#include <string.h>

#include "trains_moves.h"
#include "trains_policy.h"
#include "trains_seq.h"
#include "trains_table.h"

/* The objective (lower is better) of a move other than a draw for player m. */
static double judge(struct sim_worker *w, const struct view *vw, int m, const struct sim_move *mv)
{
	const struct sim_setup *s = w->s;
	double after[2];
	int who[2] = {mv->tgt, mv->tgt2};
	int nwho = mv->tgt2 != mv->tgt ? 2 : 1;
	if (mv->kind == OP_SWAP && nwho == 2) {
		struct sim_card *x = seq_of(w, mv->tgt), *y = seq_of(w, mv->tgt2);
		int c = s->census;
		after[0] = seq_value_replace(s, x, vw->sc[mv->tgt], mv->a, y[mv->b], vw->oldinv[mv->tgt * c + mv->a], w->tmp);
		after[1] = seq_value_replace(s, y, vw->sc[mv->tgt2], mv->b, x[mv->a], vw->oldinv[mv->tgt2 * c + mv->b],
					 w->tmp);
	} else if (mv->kind == OP_REMOVE) {
		/* The replacement is unknown: average over numbers spread over the pack. */
		const struct sim_card *q = seq_of(w, mv->tgt);
		double sum = 0, vs[SAMPLES];
		int wins = 0;
		seq_values_sampled(s, q, vw->sc[mv->tgt], mv->a, vw->oldinv[mv->tgt * s->census + mv->a], w->tmp, vs);
		for (int k = 0; k < SAMPLES; k++) {
			double v = vs[k];
			sum += mv->tgt == m ? seq_outcome(v) : v;
			wins += v < WIN_SCORE;
		}
		sum /= SAMPLES;
		if (mv->tgt == m)
			return sum;
		/* on an opponent: the harm done, and a heavy cost for each chance of
		 * completing their sequence */
		double d = sum - vw->value[mv->tgt];
		return vw->value[m] - (mv->tgt == vw->leader ? vw->lead_weight : 1e-3) * d + 2000.0 * wins / SAMPLES;
	} else if (mv->kind == OP_SWAP) {
		after[0] = seq_value_swap(s, seq_of(w, mv->tgt), vw->sc[mv->tgt], mv->a, mv->b,
				      &vw->oldinv[mv->tgt * s->census], w->tmp2);
	} else {
		struct sim_card *q = seq_of(w, mv->tgt);
		memcpy(w->tmp2, q, (size_t)s->census * sizeof *q);
		seq_cycle(w->tmp2, &s->ways[mv->op]);
		after[0] = seq_value(s, w->tmp2);
	}
	double obj = vw->value[m];
	bool self = false;
	for (int i = 0; i < nwho; i++) {
		int p = who[i];
		if (p == m) {
			obj += seq_outcome(after[i]) - vw->value[m];
			self = true;
		}
	}
	for (int i = 0; i < nwho; i++) {
		int p = who[i];
		if (p == m)
			continue;
		if (after[i] < WIN_SCORE && !(self && obj < -500))
			obj += 2000.0;
		obj -= (p == vw->leader ? vw->lead_weight : 1e-3) * (after[i] - vw->value[p]);
	}
	return obj;
}

/* What player p gains by using ability ab on their own sequence (a win: 1000),
 * kept until p's sequence changes. */
static double ability_gain(struct sim_worker *w, const struct view *vw, int p, int ab)
{
	const struct sim_setup *s = w->s;
	size_t at = (size_t)p * s->nab + (size_t)ab;
	if (w->gain_ok[at])
		return w->gain[at];
	int c = s->census;
	double best = 0, vs[SAMPLES];
	/* p's own uses, as the legality allows them (the pile aside: a valuation) */
	struct pos_view v = w->view;
	v.mover = p;
	v.refill = true;
	const struct sim_card *q = seq_of(w, p);
	for (size_t k = s->way_first[ab]; k < s->way_first[ab + 1]; k++) {
		const struct pos_way *o = &s->ways[k];
		if (o->effect != KE_SWAP && o->effect != KE_REMOVE)
			continue;   /* rotations and number abilities are not valued */
		struct pos_use u = {(int)(k - s->way_first[ab]), {p, p}, false};
		struct pos_move mv;
		if (pos_legal(o, NULL, &s->rules_pos, &v, &u, &mv) != POS_OK)
			continue;
		double after;
		if (o->effect == KE_SWAP) {
			after = seq_value_swap(s, q, vw->sc[p], mv.sp[0], mv.sp[1], &vw->oldinv[p * c], w->tmp2);
			after = seq_outcome(after);
		} else {
			seq_values_sampled(s, q, vw->sc[p], mv.sp[0], vw->oldinv[p * c + mv.sp[0]], w->tmp2, vs);
			after = 0;
			for (int i = 0; i < SAMPLES; i++)
				after += seq_outcome(vs[i]);
			after /= SAMPLES;
		}
		double gain = after < -500 ? 1000.0 : vw->value[p] - after;
		if (gain > best)
			best = gain;
	}
	w->gain[at] = best;
	w->gain_ok[at] = 1;
	return best;
}

/* The next seat has the first pick of a card laid face up: what it gains, as
 * m weighs that player. */
static double ability_gift(struct sim_worker *w, const struct view *vw, int m, int ab)
{
	int p = (m + 1) % w->s->players;
	if (p == m)
		return 0;
	return ability_gain(w, vw, p, ab) * fmax(p == vw->leader ? vw->lead_weight : 1e-3, vw->next_weight);
}

/* What laying card c face up gives the opponents: its ability's worth, or
 * minus that when the same ability already lies face up (both are discarded). */
static double card_gift(struct sim_worker *w, const struct view *vw, int m, struct sim_card c)
{
	if (c.ab < 0)
		return 0;
	double g = ability_gift(w, vw, m, c.ab);
	return w->face_at[c.ab] >= 0 ? -g : g;
}

/* The gift of each of m's cards, were it replaced by a draw (gift[census]). */
void policy_gifts(struct sim_worker *w, const struct view *vw, int m, double *gift)
{
	const struct sim_card *q = seq_of(w, m);
	for (int i = 0; i < w->s->census; i++) {
		gift[i] = 0;
		for (int j = 0; j < i; j++)
			if (q[j].ab == q[i].ab) {
				gift[i] = gift[j];
				goto next;
			}
		gift[i] = card_gift(w, vw, m, q[i]);
next:;
	}
}

/* The expected value of drawing: each sample number placed where it helps most,
 * counting what the replaced card, laid face up, gives the opponents (gift). */
static double judge_draw(struct sim_worker *w, const struct view *vw, int m, const double *gift)
{
	const struct sim_setup *s = w->s;
	const struct sim_card *q = seq_of(w, m);
	const unsigned char *fz = frozen_of(w, m);
	double best[SAMPLES], v[SAMPLES];
	for (int k = 0; k < SAMPLES; k++)
		best[k] = 1e300;
	for (int i = 0; i < s->census; i++) {
		if (fz[i])
			continue;
		seq_values_sampled(s, q, vw->sc[m], i, vw->oldinv[m * s->census + i], w->tmp, v);
		for (int k = 0; k < SAMPLES; k++) {
			double o = seq_outcome(v[k]) + gift[i];
			if (o < best[k])
				best[k] = o;
		}
	}
	double sum = 0;
	for (int k = 0; k < SAMPLES; k++)
		sum += best[k];
	return sum / SAMPLES;
}

void policy_view(struct sim_worker *w, int m, enum sim_policy pol, struct view *vw)
{
	const struct sim_setup *s = w->s;
	int N = s->players;
	vw->leader = -1;
	vw->oldinv = w->oldinv;
	for (int p = 0; p < N; p++) {
		if (w->dirty[p]) {
			const struct sim_card *q = seq_of(w, p);
			w->csc[p] = seq_score_inv(s, q, w->h->inv[p]);
			for (int i = 0; i < s->census; i++)
				w->oldinv[p * s->census + i] = seq_inv_at(s, q, i, q[i].num);
			w->cval[p] = seq_score_value(s, w->csc[p], q);
			w->dirty[p] = false;
			memset(&w->gain_ok[(size_t)p * s->nab], 0, s->nab);
		}
		vw->sc[p] = w->csc[p];
		vw->value[p] = w->cval[p];
	}
	for (int k = 1; k < N; k++) {
		int p = (m + k) % N;
		if (vw->leader < 0 || vw->value[p] < vw->value[vw->leader])
			vw->leader = p;
	}
	vw->lead_weight = pol == POLICY_GREEDY ? 1e-3 : 1.0;
	vw->next_weight = pol == POLICY_LOOKAHEAD ? 1.0 : 1e-3;
}

/* A non-random player's freeze (§11): the open card that is in no inversion and
 * nearest the number expected at its space, if near enough. */
int policy_freeze(struct sim_worker *w, int m, enum sim_policy pol)
{
	const struct sim_setup *s = w->s;
	const struct sim_card *q = seq_of(w, m);
	const unsigned char *fz = frozen_of(w, m);
	if (pol == POLICY_RANDOM)
		return rng_below(w->rng, 4) == 0 ? table_place_random(w, m) : -1;
	int best = -1;
	double bd = s->tol;
	for (int i = 0; i < s->census; i++) {
		if (fz[i] || !q[i].num || seq_inv_at(s, q, i, q[i].num))
			continue;
		double d = fabs(q[i].num - s->expect[i]);
		if (d <= bd) {
			bd = d;
			best = i;
		}
	}
	return best;
}

#define LOOK_CANDIDATES 4     /* the best moves by the greedy judgement, played forward */
#define LOOK_ROLLOUTS 24      /* imagined futures of each */
#define LOOK_ROUNDS 2         /* rounds each future lasts */

/* Keep move i (greedy objective v) among the LOOK_CANDIDATES best, sorted. */
static void look_keep(struct sim_worker *w, size_t i, double v)
{
	int k = w->nlook < LOOK_CANDIDATES ? w->nlook++ : LOOK_CANDIDATES;
	if (k == LOOK_CANDIDATES && v >= w->lookval[k - 1])
		return;
	if (k == LOOK_CANDIDATES)
		k--;
	while (k > 0 && w->lookval[k - 1] > v) {
		w->lookval[k] = w->lookval[k - 1];
		w->lookmv[k] = w->lookmv[k - 1];
		k--;
	}
	w->lookval[k] = v;
	w->lookmv[k] = i;
}

static int play_turn(struct sim_worker *w, int m, int *t1, int *t2);

/* Seat m's move mv, then LOOK_ROUNDS rounds of greedy play; how it ends for m:
 * 1 won, 0 lost, else by how m's disorder compares with the best opponent's. */
static double look_future(struct sim_worker *w, int m, const struct sim_move *mv, const double *gift)
{
	const struct sim_setup *s = w->s;
	int N = s->players, t1, t2;
	moves_apply(w, m, mv, gift, &t1, &t2);
	w->dirty[m] = w->dirty[t1] = w->dirty[t2] = true;
	int winner = seq_wins(s, seq_of(w, m)) ? m : t1 != m && seq_wins(s, seq_of(w, t1)) ? t1 :
		     t2 != m && seq_wins(s, seq_of(w, t2)) ? t2 : -1;
	for (int k = 1; winner < 0 && k <= LOOK_ROUNDS * N; k++) {
		int p = (m + k) % N;
		int ab = play_turn(w, p, &t1, &t2);
		w->dirty[p] = w->dirty[t1] = w->dirty[t2] = true;
		if (ab == -2)
			continue;
		if (seq_wins(s, seq_of(w, p)))
			winner = p;
		else if (t1 != p && seq_wins(s, seq_of(w, t1)))
			winner = t1;
		else if (t2 != p && t2 != t1 && seq_wins(s, seq_of(w, t2)))
			winner = t2;
	}
	if (winner >= 0)
		return winner == m;
	double mine = seq_value(s, seq_of(w, m)), theirs = 1e300;
	for (int p = 0; p < N; p++)
		if (p != m)
			theirs = fmin(theirs, seq_value(s, seq_of(w, p)));
	return 1 / (1 + exp(0.7 * (mine - theirs)));
}

/* Lookahead: play each of the best moves by the greedy judgement forward
 * LOOK_ROLLOUTS times, the unseen cards shuffled (the player does not know
 * the draw pile's order), and take the move whose futures end best; its index
 * in w->moves. The same imagined shuffles serve every move, so they are
 * compared on equal terms. The futures are played in the work space's
 * imagined position, each from a copy of the one bound. */
static size_t look_choose(struct sim_worker *w, int m, const double *gift)
{
	struct sim_move cand[LOOK_CANDIDATES];   /* the futures list moves of their own */
	size_t at[LOOK_CANDIDATES];
	int ncand = w->nlook;
	for (int k = 0; k < ncand; k++) {
		at[k] = w->lookmv[k];
		cand[k] = w->moves[at[k]];
	}
	uint64_t base = rng_next(w->rng);
	struct buf *log = w->log;
	struct rng *rng = w->rng, fr;
	void *pos = w->pos;
	w->log = NULL;
	w->rollout = true;
	w->rng = &fr;
	double best = -1;
	size_t pick = at[0];
	for (int k = 0; k < ncand; k++) {
		struct sim_move mv = cand[k];
		double sum = 0;
		for (int r = 0; r < LOOK_ROLLOUTS; r++) {
			memcpy(w->look_pos, pos, w->s->pos_size);
			engine_bind(w, w->look_pos);
			rng_seed(&fr, base, (uint64_t)r);
			table_shuffle(&fr, w->pile, w->h->npile);
			sum += look_future(w, m, &mv, gift);
			engine_bind(w, pos);
			for (int p = 0; p < w->s->players; p++)
				w->dirty[p] = true;
		}
		if (sum > best) {
			best = sum;
			pick = at[k];
		}
	}
	w->rng = rng;
	w->rollout = false;
	w->log = log;
	return pick;
}

/* Policy pol's pick among the moves listed (w->moves, at least one) for seat
 * m; the gifts of m's cards into gift (*gifts: judged, for the draw). */
size_t policy_pick(struct sim_worker *w, int m, enum sim_policy pol, double *gift, bool *gifts)
{
	size_t pick = 0;
	*gifts = false;
	w->nlook = 0;
	if (pol == POLICY_RANDOM)
		return rng_below(w->rng, (uint32_t)w->nmoves);
	struct view vw;
	policy_view(w, m, pol, &vw);
	double best = 1e300;
	for (size_t i = 0; i < w->nmoves; i++) {
		const struct sim_move *mv = &w->moves[i];
		double v;
		if (mv->face < 0) {
			if (w->nogift)
				memset(gift, 0, (size_t)w->s->census * sizeof *gift);
			else
				policy_gifts(w, &vw, m, gift);
			*gifts = true;
			v = judge_draw(w, &vw, m, gift);
		} else {
			v = judge(w, &vw, m, mv);
		}
		/* ties go to the ability: the draw is listed first */
		if (v < best || (v == best && w->moves[pick].face < 0)) {
			best = v;
			pick = i;
		}
		if (pol == POLICY_LOOKAHEAD)
			look_keep(w, i, v);
	}
	if (pol == POLICY_LOOKAHEAD && w->nlook > 1)
		pick = look_choose(w, m, *gifts ? gift : NULL);
	return pick;
}

/* Play seat m's whole turn (a lookahead's imagined futures); returns the
 * ability used (-1: a draw, -2: no move). The sequences touched are *t1 and
 * *t2. */
static int play_turn(struct sim_worker *w, int m, int *t1, int *t2)
{
	enum sim_policy pol = policy_of(w, m);
	*t1 = *t2 = m;
	if (w->h->tokens[m] > 0)
		moves_freeze(w, m, policy_freeze(w, m, pol));
	moves_list(w, m);
	if (w->nmoves == 0)
		return -2;
	double gift[MAX_SPACES];
	bool gifts;
	size_t pick = policy_pick(w, m, pol, gift, &gifts);
	struct sim_move mv = w->moves[pick];
	return moves_apply(w, m, &mv, gifts ? gift : NULL, t1, t2);
}

/* Copy the caches into the snapshot (keep) or back from it: each cache
 * beside its snapshot copy, one table for both directions. */
static void snap_copy(struct sim_worker *w, bool keep)
{
	const struct sim_setup *s = w->s;
	size_t N = (size_t)s->players, sc = N * (size_t)s->census, pn = N * s->nab;
	const struct { void *cur, *snap; size_t size; } part[] = {
		{w->csc, w->ssc, N * sizeof *w->ssc},
		{w->cval, w->sval, N * sizeof *w->sval},
		{w->dirty, w->sdirty, N * sizeof *w->sdirty},
		{w->oldinv, w->soldinv, sc * sizeof *w->soldinv},
		{w->gain, w->sgain, pn * sizeof *w->sgain},
		{w->gain_ok, w->sgain_ok, pn * sizeof *w->sgain_ok},
	};
	for (size_t i = 0; i < sizeof part / sizeof *part; i++)
		if (keep)
			memcpy(part[i].snap, part[i].cur, part[i].size);
		else
			memcpy(part[i].cur, part[i].snap, part[i].size);
}

/* The worker of a work space, bound to pos, its caches kept only when they
 * are of this very position (a copy of the one they were made for), or of
 * the snapshot's position (policy_snap_keep). */
struct sim_worker *policy_enter(const struct sim_setup *s, void *work, const void *pos, struct rng *rng)
{
	struct sim_worker *w = engine_worker_at(s, work);
	engine_bind(w, (void *)(uintptr_t)pos);
	w->rng = rng;
	if (w->h->stamp != w->cache_stamp || w->h->owner != w->cache_owner) {
		if (w->snap_owner && w->h->stamp == w->snap_stamp && w->h->owner == w->snap_owner)
			snap_copy(w, false);
		else
			for (int p = 0; p < s->players; p++)
				w->dirty[p] = true;
		w->cache_stamp = w->h->stamp;
		w->cache_owner = w->h->owner;
	}
	return w;
}

/* Before the worker changes the position bound: when it is another worker's
 * (a search's root), keep the caches made for it (struct sim_worker). */
void policy_snap_keep(struct sim_worker *w)
{
	if (w->h->owner == (uintptr_t)w || !w->h->owner)
		return;
	snap_copy(w, true);
	w->snap_stamp = w->h->stamp;
	w->snap_owner = w->h->owner;
}

/* The position bound has changed (its changed sequences marked dirty). */
void policy_restamp(struct sim_worker *w)
{
	w->h->stamp = w->cache_stamp = ++w->stamps;
	w->h->owner = w->cache_owner = (uintptr_t)w;
}
