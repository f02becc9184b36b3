/* mcts.c: information-set Monte Carlo tree search (mcts.h), as Cowling,
 * Powley and Whitehouse's single-observer ISMCTS: one tree for the deciding
 * seat, whose nodes are moves (a seat and a key, as the steps key them) and
 * hold the information sets of every determinization that reaches them.
 *
 * An iteration: copy the position, replace what the seat cannot see
 * (steps->determinize), walk down the tree choosing among the children whose
 * moves are legal in this determinization by UCB1 over their availability
 * (the visits to the parent in which the child could have been played, not
 * all the parent's visits), add one node for a move not yet tried, play on
 * with the game's own default policy (MCTS_PLAYOUT, or the engine's
 * steps->playout) for at most MCTS_CUT decisions (or the engine's
 * steps->playout_cut), and back up each seat's reward into the moves that seat made.
 * A position with one legal move (a forced pass, a lost turn) is played
 * through without a node. The move chosen is the root's most visited.
 *
 * A reward is 1 for the winner and 0 for the others; a playout cut short (or
 * a game over with no single winner) is valued from steps->standing: the
 * share of the other seats a seat stands above, half for each it ties. */
#include "mcts.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

/* The default policy of the playouts, and how many decisions they play
 * before they are valued from the standings. Measured on domino Trains
 * (double-nine, 4 players, one hand, mcts:64 in each seat in turn against
 * three greedy seats, 400-600 games): greedy playouts won 0.47 of the hands
 * at mcts:256 where random ones won 0.42, in about the same time (a greedy
 * hand is shorter); cuts of 10 to 1000 decisions and constants 0.4 to 1.0
 * were all within 0.35-0.40, the noise; 40 costs a third of a whole hand. */
#define MCTS_PLAYOUT GSIM_GREEDY
#define MCTS_CUT 40
/* UCB1's exploration constant for rewards in [0, 1]. */
#define MCTS_C 0.7

struct node {
	uint64_t key;      /* the move into this node */
	int seat;          /* who made it */
	int first, next;   /* first child, next sibling (-1: none) */
	uint32_t visits, avail;
	double reward;     /* the seat's rewards summed over the visits */
};

struct mcts {
	const struct gsim_engine *e;
	const struct gsim_steps *st;
	const void *setup;
	int players, max_budget;
	struct node *nodes;   /* max_budget + 1: the root and one node an iteration */
	int nnodes;
	void *pos, *work;
	uint64_t *keys;
	int *child;           /* child[i]: the node of keys[i] at this node, or -1 */
	int *path;            /* the nodes of this iteration, root first */
	double *score, *reward;
	struct gsim_outcome o;   /* the counters of imagined games: discarded */
};

struct mcts *mcts_new(const struct gsim_engine *e, const void *setup, int max_budget)
{
	const struct gsim_steps *st = e->steps;
	struct mcts *m = xcalloc(1, sizeof *m);
	m->e = e;
	m->st = st;
	m->setup = setup;
	m->players = st->seats(setup)->players;
	m->max_budget = max_budget < 1 ? 1 : max_budget;
	m->nodes = xcalloc((size_t)m->max_budget + 1, sizeof *m->nodes);
	m->pos = xcalloc(1, st->pos_size(setup));
	m->work = st->work_size ? xcalloc(1, st->work_size(setup)) : NULL;
	size_t mm = st->max_moves(setup);
	m->keys = xcalloc(mm, sizeof *m->keys);
	m->child = xcalloc(mm, sizeof *m->child);
	m->path = xcalloc((size_t)m->max_budget + 2, sizeof *m->path);
	m->score = xcalloc(SIM_MAX_PLAYERS, sizeof *m->score);
	m->reward = xcalloc(SIM_MAX_PLAYERS, sizeof *m->reward);
	return m;
}

void mcts_free(struct mcts *m)
{
	if (!m)
		return;
	free(m->nodes);
	free(m->pos);
	free(m->work);
	free(m->keys);
	free(m->child);
	free(m->path);
	free(m->score);
	free(m->reward);
	free(m);
}

static int node_add(struct mcts *m, int parent, int seat, uint64_t key)
{
	int k = m->nnodes++;
	m->nodes[k] = (struct node){key, seat, -1, -1, 0, 0, 0};
	if (parent >= 0) {
		m->nodes[k].next = m->nodes[parent].first;
		m->nodes[parent].first = k;
	}
	return k;
}

/* Every seat's reward at the end of a playout from pos. */
static void rewards(struct mcts *m)
{
	const struct gsim_steps *st = m->st;
	int P = m->players;
	if (st->turn(m->setup, m->pos) < 0) {
		struct gsim_outcome o;
		memset(&o, 0, sizeof o);
		st->result(m->setup, m->pos, &o);
		if (o.winner >= 0) {
			for (int p = 0; p < P; p++)
				m->reward[p] = p == o.winner;
			return;
		}
	}
	st->standing(m->setup, m->work, m->pos, m->score);
	for (int p = 0; p < P; p++) {
		double above = 0;
		for (int q = 0; q < P; q++)
			if (q != p)
				above += m->score[p] > m->score[q] ? 1 : m->score[p] == m->score[q] ? 0.5 : 0;
		m->reward[p] = P > 1 ? above / (P - 1) : 1;
	}
}

/* Mark in m->child which of keys[0..n-1] node's children (of seat) are. */
static void children_of(struct mcts *m, int node, int seat, size_t n)
{
	for (size_t i = 0; i < n; i++)
		m->child[i] = -1;
	for (int c = m->nodes[node].first; c >= 0; c = m->nodes[c].next) {
		if (m->nodes[c].seat != seat)
			continue;
		for (size_t i = 0; i < n; i++)
			if (m->keys[i] == m->nodes[c].key) {
				m->child[i] = c;
				break;
			}
	}
}

/* One iteration from root position root for seat. */
static void iterate(struct mcts *m, const void *root, int seat, struct rng *rng)
{
	const struct gsim_steps *st = m->st;
	const void *setup = m->setup;
	memcpy(m->pos, root, st->pos_size(setup));
	st->determinize(setup, m->work, m->pos, seat, rng);
	int node = 0, depth = 0, who;
	m->path[depth++] = 0;
	/* selection and expansion */
	while ((who = st->turn(setup, m->pos)) >= 0) {
		size_t n = st->moves(setup, m->work, m->pos, m->keys);
		if (n == 1) {
			st->apply(setup, m->work, m->pos, m->keys[0], rng, &m->o);
			continue;
		}
		children_of(m, node, who, n);
		size_t untried = 0;
		for (size_t i = 0; i < n; i++) {
			untried += m->child[i] < 0;
			if (m->child[i] >= 0)
				m->nodes[m->child[i]].avail++;
		}
		if (untried && m->nnodes <= m->max_budget) {
			size_t u = rng_below(rng, (uint32_t)untried), i = 0;
			for (;; i++)
				if (m->child[i] < 0 && u-- == 0)
					break;
			node = node_add(m, node, who, m->keys[i]);
			m->nodes[node].avail = 1;
			m->path[depth++] = node;
			st->apply(setup, m->work, m->pos, m->keys[i], rng, &m->o);
			break;
		}
		if (untried)   /* the pool is full: play on from here */
			break;
		int best = -1;
		double best_v = -1;
		for (size_t i = 0; i < n; i++) {
			const struct node *c = &m->nodes[m->child[i]];
			double v = c->reward / c->visits + MCTS_C * sqrt(log((double)c->avail) / c->visits);
			if (v > best_v) {
				best_v = v;
				best = m->child[i];
			}
		}
		node = best;
		m->path[depth++] = node;
		st->apply(setup, m->work, m->pos, m->nodes[node].key, rng, &m->o);
	}
	/* playout */
	int cut = st->playout_cut > 0 ? st->playout_cut : MCTS_CUT;
	for (int d = 0; d < cut && (who = st->turn(setup, m->pos)) >= 0; d++) {
		size_t n = st->moves(setup, m->work, m->pos, m->keys);
		size_t i = st->playout ? st->playout(setup, m->work, m->pos, m->keys, n, rng)
				       : st->choose(setup, m->work, m->pos, MCTS_PLAYOUT, m->keys, n, rng);
		st->apply(setup, m->work, m->pos, m->keys[i], rng, &m->o);
	}
	rewards(m);
	/* back-propagation: each move scored for the seat that made it */
	for (int k = 1; k < depth; k++) {
		struct node *x = &m->nodes[m->path[k]];
		x->visits++;
		x->reward += m->reward[x->seat];
	}
	m->nodes[0].visits++;
}

uint64_t mcts_choose(struct mcts *m, const void *pos, int seat, int budget, struct rng *rng)
{
	const struct gsim_steps *st = m->st;
	size_t n = st->moves(m->setup, m->work, pos, m->keys);
	if (n == 1)
		return m->keys[0];
	if (budget > m->max_budget)
		budget = m->max_budget;
	m->nnodes = 0;
	node_add(m, -1, seat, 0);
	for (int it = 0; it < budget; it++)
		iterate(m, pos, seat, rng);
	/* the root's most visited move among the legal ones (the seat's own
	 * moves do not depend on what it cannot see: all of them) */
	n = st->moves(m->setup, m->work, pos, m->keys);
	children_of(m, 0, seat, n);
	size_t best = 0;
	for (size_t i = 1; i < n; i++) {
		if (m->child[i] < 0)
			continue;
		const struct node *c = &m->nodes[m->child[i]], *b = m->child[best] < 0 ? NULL : &m->nodes[m->child[best]];
		if (!b || c->visits > b->visits || (c->visits == b->visits && c->reward > b->reward))
			best = i;
	}
	return m->keys[best];
}
