/* gplay.h: playing a game of any engine (gsim.h): a worker's scratch, one
 * game from its seed, a range of a series into totals. Every engine is
 * played here through its steps, move by move, each seat by its policy (a
 * GSIM_MCTS seat by the search, mcts.h), counting the behaviour measures. Apart from gsim.c so that the engines'
 * shared module does not call back into the search that plays them. */
#ifndef RAILYARD_GPLAY_H
#define RAILYARD_GPLAY_H

#include <stdint.h>

#include "gsim.h"

/* A worker's scratch space for an engine's setup; free with
 * gsim_scratch_free. */
void *gsim_scratch_new(const struct gsim_engine *e, const void *setup);
void gsim_scratch_free(const struct gsim_engine *e, void *scratch);
/* The work space (steps->work_size bytes) in a scratch, for what the engine
 * gathers there (the core game's detail report); NULL when it has none. */
void *gsim_scratch_work(const struct gsim_engine *e, void *scratch);
/* Play game g of series seed with any engine into *o (zeroed here). */
void gsim_play(const struct gsim_engine *e, const void *setup, void *scratch, uint64_t seed, uint64_t g,
	       struct gsim_outcome *o);

/* Play games first..last-1 of the series `seed` (game g from its own stream,
 * so any split over threads gives the same totals) with an engine's setup, in
 * scratch (gsim_scratch_new's), adding into *t. Thread-safe per scratch and t. */
void gsim_play_range(const struct gsim_engine *e, const void *setup, void *scratch, uint64_t seed, long first,
		     long last, struct gsim_counts *t);

#endif
