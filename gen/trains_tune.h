/* trains_tune.h: the Game of Trains' engine for `railyard tune` (tune.h). */
#ifndef RAILYARD_TRAINS_TUNE_H
#define RAILYARD_TRAINS_TUNE_H

#include "tune.h"

extern const struct tune_engine trains_tune_engine;

#endif
