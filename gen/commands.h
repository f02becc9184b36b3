/* commands.h: the subcommands main() dispatches to. Each takes the arguments
 * after the command name (argv[0] is the command) and returns an exit status
 * (enum exit_status). Each prints its own --help. */
#ifndef RAILYARD_COMMANDS_H
#define RAILYARD_COMMANDS_H

int cmd_list(int argc, char **argv);
int cmd_dump(int argc, char **argv);

#endif
