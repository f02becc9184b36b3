/* games.h: the table of games (games.c): every game's struct game (game.h),
 * one line each, and the lookup. main parses a pack file once, finds its
 * `game:` here and runs the command through the game's entry. */
#ifndef RAILYARD_GAMES_H
#define RAILYARD_GAMES_H

#include <stddef.h>

#include "game.h"
#include "ytree.h"

/* The game named name, or NULL. */
const struct game *game_find(const char *name);
/* The i-th game of the table, or NULL past the last. The first, game_at(0),
 * is the core game: a pack without `game:` and a command without a pack. */
const struct game *game_at(size_t i);
/* The game of a parsed pack file: its `game:` (trains when it has none), or NULL
 * after reporting an unknown game at its location. */
const struct game *game_of(const struct ydoc *doc);

#endif
