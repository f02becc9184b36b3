/* commands.h: the commands main() runs without a game (new, serve,
 * --complete). Each takes the arguments after the command name (argv[0] is the
 * command) and returns an exit status (enum exit_status). Each prints its own
 * --help. A game's commands are entries of its struct game (game.h): its own,
 * declared in its header, and those every game shares, declared by the layer
 * that runs them (kit_games.h: the deck games' list, dump and build;
 * simulate.h, tune.h). */
#ifndef RAILYARD_COMMANDS_H
#define RAILYARD_COMMANDS_H

/* Any game: a starter folder (railyard new NAME [--game G]) */
int cmd_new(int argc, char **argv);       /* new.c */
/* Any pack: a live preview in a browser (railyard serve PACK; serve_cmd.c). run
 * is main's command runner: runs railyard's command argv[0] as main would. */
int cmd_serve(int argc, char **argv, int (*run)(int argc, char **argv));
/* railyard --complete WHAT: the bash completion's words (complete.c) */
int cmd_complete(int argc, char **argv);
/* The options of new and serve (opt.h), for main's --complete and did-you-mean. */
struct opt_table;
extern const struct opt_table new_cmd_options, serve_cmd_options;

#endif
