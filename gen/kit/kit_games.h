/* kit_games.h: the commands of the other games (kit_list.c, GAME_check.c,
 * kit_build.c) and what they share: loading a deck pack with --with/--without
 * and its rules, card lists. */
#ifndef RAILYARD_KIT_GAMES_H
#define RAILYARD_KIT_GAMES_H

#include <stdbool.h>
#include <stddef.h>

#include "kit.h"
#include "game.h"
#include "names.h"
#include "util.h"


/* Load a command's pack as a deck of game g: from pack, main's parse of it
 * (game.h: game_cmd), or when pack is NULL read from path; with sel's groups
 * (sel may be NULL), its `rules:` read through g into *rules; reports every
 * problem and returns NULL on any. */
struct kit *kit_games_load(const struct game *g, const struct ydoc *pack, const char *path,
			const struct names_select *sel, struct game_rules *rules);

/* The index of check's one pack argument (after getopt), or -1 after printing
 * an error and usage when there is not exactly one. */
struct opt_table;
int kit_games_check_one_pack(int argc, const struct opt_table *usage);
/* Print a check's findings (one per line of out, "not legal: " before each when
 * illegal; or JSON) and return EXIT_OK or EXIT_RULE. */
int kit_games_check_verdict(bool legal, const struct buf *out, bool json);

/* A game's pack-level check (its GAME_check.c, declared in its header; its
 * kit_build_game.sound): what the seed's rules make of the pack as printed,
 * before any position; each problem reported as an error at its location;
 * returns how many. Run by `check PACK` (no position) and by build before
 * anything is drawn (kit_build.h, buildinput.h: build_check_sound). notes:
 * also warn of each stated player count that cannot play (check). */
/* `check PACK` with no position: load path (sel may be NULL), apply the nrule
 * --rule overrides, run game's pack-level check and print its verdict; the
 * exit status. */
int kit_games_check_pack(const struct game *game, const struct ydoc *pack, const char *path,
		     const struct names_select *sel, const char *const *rule, size_t nrule);
/* The copies of group g's components in d (0 when g is NULL or left out). */
long kit_games_group_count(const struct kit *d, const struct kit_group *g);

/* Split a list of words separated by spaces or commas into a new array of new
 * strings (*n of them). Free with kit_games_words_free. */
char **kit_games_words(const char *s, size_t *n);
void kit_games_words_free(char **v, size_t n);

/* The commands every deck-pack game shares (every game but trains): list and
 * dump in kit_list.c, build in kit_build.c (with the game's build and list
 * fields), simulate in simulate.c (their side: kit_sim.c), tune in tune.c; each game adds its own
 * check (GAME_check.c). KIT_GAME_CMDS(check) is such a game's run[] (game.h). */
struct ydoc;
int kit_list(const struct game *game, const struct ydoc *pack, int argc, char **argv);
int kit_list_dump(const struct game *game, const struct ydoc *pack, int argc, char **argv);  /* list --dump */
int kit_build(const struct game *game, const struct ydoc *pack, int argc, char **argv);
int cmd_simulate(const struct game *game, const struct ydoc *pack, int argc, char **argv);
int cmd_tune(const struct game *game, const struct ydoc *pack, int argc, char **argv);
struct sim_side;
extern const struct sim_side kit_sim_side;   /* kit_sim.c */
#define KIT_GAME_CMDS(check) \
	{[GAME_LIST] = kit_list, [GAME_CHECK] = check, [GAME_BUILD] = kit_build, \
	 [GAME_SIMULATE] = cmd_simulate, [GAME_TUNE] = cmd_tune, [GAME_DUMP] = kit_list_dump}
/* KIT_GAME_OPTIONS(check) is such a game's options[]: the tables those
 * commands parse with (dump is list --dump: list's). */
struct opt_table;
extern const struct opt_table kit_list_options, kit_build_options, kit_simulate_options;
#define KIT_GAME_OPTIONS(check) \
	{[GAME_LIST] = &kit_list_options, [GAME_CHECK] = &(check), [GAME_BUILD] = &kit_build_options, \
	 [GAME_SIMULATE] = &kit_simulate_options, [GAME_TUNE] = &tune_options, [GAME_DUMP] = &kit_list_options}

#endif
