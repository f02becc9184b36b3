/* trains_tune.h: the Game of Trains' engine for `railyard tune` (tune.h). */
#ifndef RAILYARD_TRAINS_TUNE_H
#define RAILYARD_TRAINS_TUNE_H

#include "tune.h"

struct game;
extern const struct tune_engine trains_tune_engine;
/* railyard tune on a trains pack: the game table's entry. */
int trains_tune(const struct game *g, int argc, char **argv);

#endif
