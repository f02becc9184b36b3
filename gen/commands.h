/* commands.h: the subcommands main() dispatches to. Each takes the arguments
 * after the command name (argv[0] is the command) and returns an exit status
 * (enum exit_status). Each prints its own --help. */
#ifndef RAILYARD_COMMANDS_H
#define RAILYARD_COMMANDS_H

/* Game of Trains variants (game: trains) */
int cmd_list(int argc, char **argv);      /* trains_list.c */
int cmd_dump(int argc, char **argv);      /* trains_list.c */
int cmd_build(int argc, char **argv);     /* trains_build.c */
int cmd_check(int argc, char **argv);     /* trains_check.c */

/* Any game: a starter folder (railyard new NAME [--game G]) */
int cmd_new(int argc, char **argv);       /* new.c */
/* Any pack: a live preview in a browser (railyard serve PACK; serve_cmd.c). run
 * is main's command runner: runs railyard's command argv[0] as main would. */
int cmd_serve(int argc, char **argv, int (*run)(int argc, char **argv));
/* railyard --complete WHAT: the bash completion's words (complete.c) */
int cmd_complete(int argc, char **argv);

/* The other train games of the seeds (any other `game:`): list and dump in
 * deck_list.c, build in deck_build.c (with each game's GAME_list.c and
 * GAME_build.c), check in GAME_check.c. game.c's table picks a pack's game's
 * command and passes its entry. */
struct game;
int deck_list(const struct game *game, int argc, char **argv);
int deck_list_dump(const struct game *game, int argc, char **argv);  /* list --dump */
int deck_build(const struct game *game, int argc, char **argv);
int games_check_take(const struct game *game, int argc, char **argv);
int games_check_domino(const struct game *game, int argc, char **argv);
int games_check_train52(const struct game *game, int argc, char **argv);
int games_check_toy(const struct game *game, int argc, char **argv);
/* game: deck, any card game (anydeck.c): no rules, so no `rules:` (its reader
 * refuses one), and a check of the pack's structure only; simulate and tune
 * refuse its packs at their `game:` (main.c: a game without an engine). */
struct yread;
struct ynode;
struct game_rules;
void anydeck_rules(struct yread *r, const struct ynode *rules, struct game_rules *out);
int anydeck_check(const struct game *game, int argc, char **argv);

/* Every game: railyard simulate (simulate.c), through the game's engine and
 * its side (simulate.h): the core game's in trains_gsim.c, the deck games' in
 * deck_sim.c. */
int cmd_simulate(const struct game *game, int argc, char **argv);
struct sim_side;
extern const struct sim_side trains_sim_side, deck_sim_side;

/* What each game adds to deck_build (deck_build.h), in its GAME_build.c. */
struct deck_build_game;
extern const struct deck_build_game take_build_items, domino_build_items, train52_build_items,
	toytrain_build_items, anydeck_build_items;
/* And to deck_list (deck_list.h), in its GAME_list.c. */
struct deck_list_game;
extern const struct deck_list_game take_list_items, domino_list_items, train52_list_items,
	toytrain_list_items, anydeck_list_items;

#endif
