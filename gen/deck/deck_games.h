/* deck_games.h: the commands of the other games (deck_list.c, GAME_check.c,
 * deck_build.c) and what they share: loading a deck pack with --with/--without
 * and its rules, card lists. */
#ifndef RAILYARD_GAMES_H
#define RAILYARD_GAMES_H

#include <stdbool.h>
#include <stddef.h>

#include "deck.h"
#include "game.h"
#include "util.h"

/* The optional groups a command leaves out (--without NAME) or puts in (--with
 * NAME). Zero-initialise; the names point into argv. */
#define DECK_GAMES_MAX_SELECT 32
struct deck_games_select {
	char *without[DECK_GAMES_MAX_SELECT], *with[DECK_GAMES_MAX_SELECT];
	size_t nwithout, nwith;
};
/* Record --without NAME (c == 'w') or --with NAME (any other c). Reports and
 * returns -1 when there are too many. */
int deck_games_select_add(struct deck_games_select *s, int c, char *name);

/* Load a command's pack as a deck of game g: from pack, main's parse of it
 * (game.h: game_cmd), or when pack is NULL read from path; with sel's groups
 * (sel may be NULL), its `rules:` read through g into *rules; reports every
 * problem and returns NULL on any. */
struct deck *deck_games_load(const struct game *g, const struct ydoc *pack, const char *path,
			const struct deck_games_select *sel, struct game_rules *rules);

/* The index of check's one pack argument (after getopt), or -1 after printing
 * an error and usage when there is not exactly one. */
struct opt_table;
int deck_games_check_one_pack(int argc, const struct opt_table *usage);
/* Print a check's findings (one per line of out, "not legal: " before each when
 * illegal; or JSON) and return EXIT_OK or EXIT_RULE. */
int deck_games_check_verdict(bool legal, const struct buf *out, bool json);

/* A game's pack-level check (its GAME_check.c, declared in its header; its
 * deck_build_game.sound): what the seed's rules make of the pack as printed,
 * before any position; each problem reported as an error at its location;
 * returns how many. Run by `check PACK` (no position) and by build before
 * anything is drawn (deck_build.h, pipeline.h: build_check_sound). notes:
 * also warn of each stated player count that cannot play (check). */
/* `check PACK` with no position: load path (sel may be NULL), apply the nrule
 * --rule overrides, run game's pack-level check and print its verdict; the
 * exit status. */
int deck_games_check_pack(const struct game *game, const struct ydoc *pack, const char *path,
		     const struct deck_games_select *sel, const char *const *rule, size_t nrule);
/* The copies of group g's components in d (0 when g is NULL or left out). */
long deck_games_group_count(const struct deck *d, const struct deck_group *g);

/* Split a list of words separated by spaces or commas into a new array of new
 * strings (*n of them). Free with deck_games_words_free. */
char **deck_games_words(const char *s, size_t *n);
void deck_games_words_free(char **v, size_t n);

#endif
