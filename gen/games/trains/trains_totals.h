/* trains_totals.h: a game of the core game's engine (trains_engine.h) counted
 * into a series' totals (simstats.h). */
#ifndef RAILYARD_TRAINS_TOTALS_H
#define RAILYARD_TRAINS_TOTALS_H

#include "trains_engine.h"

/* Add one game's outcome (won with ability last_ab, -1: none) and the
 * position's counts into *st. */
void totals_add(const struct sim_worker *w, const struct sim_outcome *out, int last_ab, struct sim_stats *st);

#endif
