/* trains_moves.h: the moves of the core game's engine (trains_engine.h): the
 * legal ones, as trains_position.c's one legality gives them, and what each
 * does to the table. */
#ifndef RAILYARD_TRAINS_MOVES_H
#define RAILYARD_TRAINS_MOVES_H

#include "trains_engine.h"

/* Every legal move of seat m into w->moves: the draw first, then each
 * face-up card's uses. */
void moves_list(struct sim_worker *w, int m);
/* Carry out move *mvp of seat m (a draw's card placed by m's policy, with
 * gift as the draw's judgement had it, or NULL); the seats it touched into
 * *t1 and *t2. Returns the ability used, -1 for a draw. */
int moves_apply(struct sim_worker *w, int m, const struct sim_move *mvp, const double *gift, int *t1, int *t2);
/* Seat m freezes space f, if f >= 0 (§11). */
void moves_freeze(struct sim_worker *w, int m, int f);

#endif
