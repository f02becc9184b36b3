/* trains_policy.h: the players of the core game's engine (trains_engine.h):
 * greedy's and spoiler's judgement of each move, lookahead's imagined
 * futures, random's dice; and the caches of the judgement a worker keeps
 * (each sequence's score and gains), also across a search's copies of one
 * position. */
#ifndef RAILYARD_TRAINS_POLICY_H
#define RAILYARD_TRAINS_POLICY_H

#include "trains_engine.h"

struct rng;

/* The position as seat m judges it under policy pol. */
struct view {
	double value[SIM_MAX_PLAYERS];   /* each sequence's value now */
	struct score sc[SIM_MAX_PLAYERS];
	const int *oldinv;               /* [p * census + i]: inversions at space i now */
	int leader;                      /* the opponent nearest to winning */
	double lead_weight;              /* spoiler: 1, greedy: a tie-breaker */
	double next_weight;              /* lookahead: what the next seat gains counts fully */
};

/* Make seat m's view (the caches recomputed for the sequences changed). */
void policy_view(struct sim_worker *w, int m, enum sim_policy pol, struct view *vw);
/* The gift of each of m's cards, were it replaced by a draw (gift[census]). */
void policy_gifts(struct sim_worker *w, const struct view *vw, int m, double *gift);
/* Seat m's freeze under pol (§11): a space, or -1. */
int policy_freeze(struct sim_worker *w, int m, enum sim_policy pol);
/* Policy pol's pick among w->moves (at least one) for seat m; the gifts of
 * m's cards into gift when the draw was judged (*gifts). */
size_t policy_pick(struct sim_worker *w, int m, enum sim_policy pol, double *gift, bool *gifts);
/* The worker of work bound to pos, stream rng, its caches kept only when
 * they are of this very position or of the snapshot's. */
struct sim_worker *policy_enter(const struct sim_setup *s, void *work, const void *pos, struct rng *rng);
/* Before w changes the position bound: keep the caches made for another
 * worker's position (a search's root). */
void policy_snap_keep(struct sim_worker *w);
/* The position bound has changed: stamp it as w's. */
void policy_restamp(struct sim_worker *w);

#endif
