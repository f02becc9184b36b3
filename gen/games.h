/* games.h: shared by the other-games commands (games.c, games_check.c,
 * games_build.c): loading a deck pack with --with/--without, card lists. */
#ifndef RAILYARD_GAMES_H
#define RAILYARD_GAMES_H

#include <stddef.h>

#include "deck.h"

/* The games railyard knows besides trains. */
#define GAME_TAKE    "take-the-train"
#define GAME_DOMINO  "domino-trains"
#define GAME_TRAIN52 "train-52"
#define GAME_TOY     "toy-train"

/* Load path as a deck and make sure its game is one of the four; reports and
 * returns NULL otherwise. */
struct deck *games_load(const char *path, char **without, size_t nwithout, char **with,
			size_t nwith);

/* Split a list of words separated by spaces or commas into a new array of new
 * strings (*n of them). Free with games_words_free. */
char **games_words(const char *s, size_t *n);
void games_words_free(char **v, size_t n);

int games_check_take(int argc, char **argv);
int games_check_domino(int argc, char **argv);
int games_check_train52(int argc, char **argv);
int games_check_toy(int argc, char **argv);

#endif
