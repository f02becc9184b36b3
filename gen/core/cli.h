/* cli.h: what every command shares on the command line: option parsing with one
 * meaning per short option, errors through diag, --version, and the exit status
 * when standard output could not be written. */
#ifndef RAILYARD_CLI_H
#define RAILYARD_CLI_H

#include <getopt.h>
#include <stddef.h>
#include <stdbool.h>
#include <stdint.h>

/* The next option of a command's arguments (argv[0] is the command name), like
 * getopt_long over the options of table t (opt.h; set optind = 1 before the
 * first call). Short options come from opt.c's letters (-o is --output wherever
 * a command has --output); a command accepts a short option only when it has
 * its long option. Every command has -q/--quiet (no progress or summary lines),
 * --progress and --no-progress (progress.h) and --strict (every warning an
 * error, diag.h); they are handled here, and a table's --quiet row is returned
 * to the command unless its val is OPT_QUIET. Returns the option's val (optarg set), -1 after the last option (optind is
 * the first operand), or '?' after reporting "COMMAND: unknown option '--frob'"
 * (with the nearest option, or the new name of a renamed one) or a missing value. */
struct opt_table;
int cli_next(int argc, char **argv, const struct opt_table *t);

/* The pack the command runs on and its game's name (main sets them once it
 * has read the pack), and owners: main's hook that puts the games whose
 * command cmd has option --name into games ("take-the-train or train-52"),
 * false when none has. An option cli_next does not know is then reported as
 * another game's: "check: '--line' is a take-the-train option; x.yaml is a
 * trains pack". */
struct buf;
void cli_set_pack(const char *path, const char *game,
		  bool (*owners)(const char *cmd, const char *name, struct buf *games));
/* That report, for an option a command refuses after parsing it (build
 * --numbers for a deck game's pack); games NULL: those owners names. */
/* For a did-you-mean that knows the pack's game before the command runs
 * (cli_known): main's hook puts the long options that the game of pack has
 * for command cmd into names (at most max, NULL-ended) and the game's name
 * into *game, and sets the pack (cli_set_pack); false when the pack's game is
 * not known. An unknown option then suggests the game's own options first,
 * and names another game's option as such. */
void cli_set_options_hook(bool (*hook)(const char *cmd, const char *pack, const char **names, size_t max,
				       const char **game));

/* Whether every long option among a command's arguments is one some command has
 * (the tables opt_set_known set); else false after "COMMAND: unknown option '--onyl' (did you
 * mean '--only'?)" and one usage line. Run before the pack is looked for, so a
 * misspelt option is reported as such, not its value taken for the pack. */
bool cli_known(int argc, char **argv);

/* The first operand of a command's arguments (argv[0] is the command): the pack
 * file, found as getopt_long would find it (an option's value is never taken for
 * it, whatever its name); NULL when there is none. Reports nothing. */
const char *cli_operand(int argc, char **argv);

/* The value of the first --name VALUE (or --name=VALUE, or its
 * short form) among a command's arguments, or NULL. Reports nothing. */
const char *cli_value(int argc, char **argv, const char *name);

/* Whether argv (a command's arguments) has --strict before "--" (main sets
 * it before the pack is read; cli_next takes it in every command too). */
bool cli_wants_strict(int argc, char **argv);

/* Whether argv (a command's arguments) asks for help: -h or --help before "--". */
bool cli_wants_help(int argc, char **argv);

/* After cli_next's last option: true when exactly one operand (the pack) is
 * left, else false after "CMD takes one pack file (see 'railyard CMD --help')". */
bool cli_one_pack(int argc, const char *cmd);

/* A command's option switch's last case: for -h t's usage on stdout and EXIT_OK,
 * for -V cli_version(), else (an option cli_next reported) cli_brief(t) and
 * EXIT_INPUT. */
int cli_usage(int c, const struct opt_table *t);

/* After a usage error: the first line of t's usage and where the rest is ("see
 * 'railyard help build'") on stderr. */
void cli_brief(const struct opt_table *t);

/* Print "railyard VERSION" on stdout; returns EXIT_OK. */
int cli_version(void);

/* Flush and close standard output; reports and returns EXIT_OUTPUT when anything
 * written to it was lost (a full disk, a closed pipe), otherwise status. Called once,
 * by main, after the command. */
int cli_finish(int status);

/* The typed values of the options several commands share; each reports a bad
 * value ("--seed must be a whole number 0..18446744073709551615, not 'x'") and
 * returns -1, else 0. */
/* -o DIR: the folder as given, without the slashes after it (print/ is print,
 * so that print/PACK is printed, not print//PACK); changed in place. */
char *cli_folder(char *arg);
/* --seed N: a whole decimal number 0..2^64-1. */
int cli_seed(const char *arg, uint64_t *seed);
/* --rule KEY=VALUE, given again and again: ARG kept as rules[*n] (room for max);
 * its key and value are read later, against the pack's game (ruleset_set_all). */
int cli_rule(const char *arg, const char **rules, size_t *n, size_t max);
/* --players LIST: player counts 1..max separated by commas (2,3,4), each once,
 * into counts[0..*n-1] (room for max). */
int cli_players(const char *arg, int max, int *counts, int *n);
/* --policy LIST: one policy for every seat, or one per seat separated by commas
 * (greedy,random), each one of names[0..nnames-1]: their indices into
 * policy[0..*n-1] (room for max). A name "mcts" among them takes a budget,
 * mcts:N (search iterations a move, 1..MCTS_MAX_BUDGET; mcts alone:
 * MCTS_DEFAULT_BUDGET) into budget[] (0 for the other policies). */
#define MCTS_DEFAULT_BUDGET 256
#define MCTS_MAX_BUDGET 65536
int cli_policies(const char *arg, const char *const *names, int nnames, int max, int *policy, int *budget,
		 int *n);
/* One policy name among names[0..nnames-1] (mcts[:N] as cli_policies reads
 * it): its index and *budget, or -1 (reported as `option`'s). */
int cli_policy(const char *option, const char *t, const char *const *names, int nnames, int *budget);
#endif
