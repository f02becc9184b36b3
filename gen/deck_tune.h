/* deck_tune.h: the deck games' engine for `railyard tune` (tune.h). */
#ifndef RAILYARD_DECK_TUNE_H
#define RAILYARD_DECK_TUNE_H

#include "tune.h"

extern const struct tune_engine deck_tune_engine;

#endif
