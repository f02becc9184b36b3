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

/* The optional groups a command leaves out (--without NAME) or puts in (--with
 * NAME). Zero-initialise; the names point into argv. */
#define GAMES_MAX_SELECT 32
struct games_select {
	char *without[GAMES_MAX_SELECT], *with[GAMES_MAX_SELECT];
	size_t nwithout, nwith;
};
/* Record --without NAME (c == 'w') or --with NAME (any other c). Reports and
 * returns -1 when there are too many. */
int games_select_add(struct games_select *s, int c, char *name);

/* Load path as a deck, with sel's groups (sel may be NULL), and make sure its
 * game is one of the four; reports and returns NULL otherwise. */
struct deck *games_load(const char *path, const struct games_select *sel);

/* Split a list of words separated by spaces or commas into a new array of new
 * strings (*n of them). Free with games_words_free. */
char **games_words(const char *s, size_t *n);
void games_words_free(char **v, size_t n);

struct toy_rules;
/* Toy Train's rules from a pack (letters, min-letters, the board); 0, or -1
 * reported. The broken spaces point into d. */
int games_toy_rules(const struct deck *d, struct toy_rules *r);
/* The word list's path: opt when given, else the pack's rules: words, relative
 * to the pack's folder; NULL reported. *loc gets where the pack names it. */
char *games_toy_words_path(const struct deck *d, const char *opt, struct loc *loc);

int games_check_take(int argc, char **argv);
int games_check_domino(int argc, char **argv);
int games_check_train52(int argc, char **argv);
int games_check_toy(int argc, char **argv);

#endif
