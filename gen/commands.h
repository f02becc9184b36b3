/* commands.h: the subcommands main() dispatches to. Each takes the arguments
 * after the command name (argv[0] is the command) and returns an exit status
 * (enum exit_status). Each prints its own --help. */
#ifndef RAILYARD_COMMANDS_H
#define RAILYARD_COMMANDS_H

/* Game of Trains variants (game: trains) */
int cmd_list(int argc, char **argv);      /* list.c */
int cmd_dump(int argc, char **argv);      /* list.c */
int cmd_build(int argc, char **argv);     /* build.c */
int cmd_check(int argc, char **argv);     /* check.c */
int cmd_simulate(int argc, char **argv);  /* simulate.c */

/* The other train games of the seeds have theirs in games.h; game.h's table
 * picks a pack's game's command. */

#endif
