/* mcts.h: the strong player of every game, written once: information-set
 * Monte Carlo tree search with determinization over an engine's steps
 * (gsim.h). Each iteration samples the cards the deciding seat cannot see
 * (steps->determinize), walks and grows one tree of moves keyed as the steps
 * key them, plays the position out with the game's fast default policy and
 * backs the result up. It reads nothing the seat could not know, draws every
 * random number from the stream it is handed (so a series stays the same on
 * any number of threads) and allocates nothing while it plays: its tree and
 * positions are made once for the largest budget. */
#ifndef RAILYARD_MCTS_H
#define RAILYARD_MCTS_H

#include <stdint.h>

#include "gsim.h"

struct mcts;

/* A searcher for the engine's setup, for budgets up to max_budget iterations
 * a move. Free with mcts_free. */
struct mcts *mcts_new(const struct gsim_engine *e, const void *setup, int max_budget);
void mcts_free(struct mcts *m);

/* Seat's move at pos (turn(pos) == seat; pos is not changed) after budget
 * iterations from rng: one of the keys steps->moves lists at pos. */
uint64_t mcts_choose(struct mcts *m, const void *pos, int seat, int budget, struct rng *rng);

#endif
