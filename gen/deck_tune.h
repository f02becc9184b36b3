/* deck_tune.h: the deck games' engine for `railyard tune` (tune.h). */
#ifndef RAILYARD_DECK_TUNE_H
#define RAILYARD_DECK_TUNE_H

#include "tune.h"

struct game;
extern const struct tune_engine deck_tune_engine;
/* railyard tune on a deck pack (Take the Train, domino Trains, Train, Toy
 * Train): the game table's entry. */
int deck_tune(const struct game *g, int argc, char **argv);

#endif
