/* commands.h: the subcommands main() dispatches to. Each takes the arguments
 * after the command name (argv[0] is the command) and returns an exit status
 * (enum exit_status). Each prints its own --help. */
#ifndef RAILYARD_COMMANDS_H
#define RAILYARD_COMMANDS_H

/* Any game: a starter folder (railyard new NAME [--game G]) */
int cmd_new(int argc, char **argv);       /* new.c */
/* Any pack: a live preview in a browser (railyard serve PACK; serve_cmd.c). run
 * is main's command runner: runs railyard's command argv[0] as main would. */
int cmd_serve(int argc, char **argv, int (*run)(int argc, char **argv));
/* railyard --complete WHAT: the bash completion's words (complete.c) */
int cmd_complete(int argc, char **argv);

/* The commands every deck-pack game shares (every game but trains): list and
 * dump in deck_list.c, build in deck_build.c (with the game's build and list
 * fields), simulate in simulate.c, tune in tune.c; each game adds its own
 * check (GAME_check.c). DECK_GAME_CMDS(check) is such a game's run[] (game.h). */
struct game;
struct ydoc;
int deck_list(const struct game *game, const struct ydoc *pack, int argc, char **argv);
int deck_list_dump(const struct game *game, const struct ydoc *pack, int argc, char **argv);  /* list --dump */
int deck_build(const struct game *game, const struct ydoc *pack, int argc, char **argv);
#define DECK_GAME_CMDS(check) \
	{[GAME_LIST] = deck_list, [GAME_CHECK] = check, [GAME_BUILD] = deck_build, \
	 [GAME_SIMULATE] = cmd_simulate, [GAME_TUNE] = cmd_tune, [GAME_DUMP] = deck_list_dump}

/* Every game: railyard simulate (simulate.c), through the game's engine and
 * its side (simulate.h): the deck games' in deck_sim.c, the core game's its
 * own. */
int cmd_simulate(const struct game *game, const struct ydoc *pack, int argc, char **argv);
struct sim_side;
extern const struct sim_side deck_sim_side;
/* Every game with a tune engine: railyard tune (tune.c) through game->tune. */
int cmd_tune(const struct game *game, const struct ydoc *pack, int argc, char **argv);

/* What each deck game adds to deck_build (deck_build.h) and deck_list
 * (deck_list.h) is a field of its struct game (game.h). */

#endif
