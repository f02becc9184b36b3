/* main.c: railyard's entry point. Picks the command; each command parses its own
 * options through cli.h. Exit statuses are enum exit_status (diag.h), documented in
 * the README and railyard(1); whatever the command, a lost write to standard output
 * makes it 3 (cli_finish). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "diag.h"
#include "games.h"
#include "pack.h"
#include "ytree.h"

typedef int (*command_fn)(int argc, char **argv);

struct command {
	const char *name;
	command_fn run;             /* game: trains */
	command_fn run_other;       /* any other game, or NULL */
	const char *summary;
	command_fn other_help[4];   /* what prints each other game's --help, NULL-ended */
};

static const struct command commands[] = {
	{"list", cmd_list, games_list, "print the cards of a pack (which ability each number carries)",
	 {games_list}},
	{"build", cmd_build, games_build, "write print-ready cards, backs, placemats and sheets",
	 {games_build}},
	{"check", cmd_check, games_check, "check a pack, a position or a move against the rules",
	 {games_check_take, games_check_domino, games_check_train52, games_check_toy}},
	{"simulate", cmd_simulate, NULL, "play many games of a pack and report balance", {NULL}},
	{"dump", cmd_dump, games_dump, "print the loaded pack model (the debugging view)", {NULL}},
};
#define NCOMMANDS (sizeof commands / sizeof *commands)

/* The pack file among a command's arguments: the first one ending in .yaml or
 * .yml (option values such as --sequence "53 7" never do). */
static const char *pack_argument(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		size_t n = strlen(argv[i]);
		if ((n > 5 && strcmp(argv[i] + n - 5, ".yaml") == 0) ||
		    (n > 4 && strcmp(argv[i] + n - 4, ".yml") == 0))
			return argv[i];
	}
	return NULL;
}

/* For a command that plays only trains packs: report, at its `game:`, a pack of
 * another game. Returns whether it did. */
static bool refuse_other_game(const char *command, const char *path)
{
	diag_set_quiet(1);
	struct ydoc *doc = ydoc_load(path);
	diag_set_quiet(0);
	const struct ynode *g = doc ? ymap_get(doc->root, "game") : NULL;
	bool other = g && g->kind == Y_SCALAR && strcmp(g->str, "trains") != 0;
	if (other)
		diag(SEV_ERROR, &g->loc, "%s plays Game of Trains packs only (game: trains), not "
		     "game: %s", command, g->str);
	else
		diag_reset();
	ydoc_free(doc);
	return other;
}

/* Run a command, routed to the other-games module when its pack names a game
 * other than trains. */
static int run_command(const struct command *c, int argc, char **argv)
{
	const char *path = pack_argument(argc, argv);
	if (!c->run_other)
		return path && refuse_other_game(c->name, path) ? EXIT_INPUT : c->run(argc, argv);
	char *game = path ? pack_peek_game(path) : NULL;
	bool other = game && strcmp(game, "trains") != 0;
	free(game);
	return other ? c->run_other(argc, argv) : c->run(argc, argv);
}

/* COMMAND --help: the trains options, then one section per other game. */
static int command_help(const struct command *c)
{
	static char help_opt[] = "--help";
	char *argv[] = {(char *)c->name, help_opt, NULL};
	int status = c->run(2, argv);
	for (size_t i = 0; status == EXIT_OK && i < 4 && c->other_help[i]; i++) {
		putchar('\n');
		status = c->other_help[i](2, argv);
	}
	return status;
}

static void usage(FILE *f)
{
	fputs("usage: railyard COMMAND [OPTIONS] PACK.yaml\n"
	      "       railyard help [COMMAND] | --help | --version\n\n"
	      "Turns YAML pack specifications into print-ready cards and checks packs and\n"
	      "game positions against the rules.\n\ncommands:\n", f);
	for (size_t i = 0; i < NCOMMANDS; i++)
		fprintf(f, "  %-9s %s\n", commands[i].name, commands[i].summary);
	fputs("\n'railyard help COMMAND' (or 'railyard COMMAND --help') describes each command\n"
	      "and its options for every game; man railyard has it all.\n"
	      "exit status: 0 success, 1 a rule is broken (check), 2 invalid input or usage,\n"
	      "3 output could not be written.\n", f);
}

static const struct command *find_command(const char *name)
{
	for (size_t i = 0; i < NCOMMANDS; i++)
		if (strcmp(commands[i].name, name) == 0)
			return &commands[i];
	diag(SEV_ERROR, NULL, "unknown command '%s' (see 'railyard help')", name);
	return NULL;
}

static int run(int argc, char **argv)
{
	if (argc < 2) {
		usage(stderr);
		return EXIT_INPUT;
	}
	const char *name = argv[1];
	if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0 ||
	    (strcmp(name, "help") == 0 && argc == 2)) {
		usage(stdout);
		return EXIT_OK;
	}
	if (strcmp(name, "--version") == 0 || strcmp(name, "-V") == 0)
		return cli_version();
	if (strcmp(name, "help") == 0) {
		const struct command *c = find_command(argv[2]);
		return c ? command_help(c) : EXIT_INPUT;
	}
	const struct command *c = find_command(name);
	if (!c)
		return EXIT_INPUT;
	if (cli_wants_help(argc - 1, argv + 1))
		return command_help(c);
	int status = run_command(c, argc - 1, argv + 1);
	diag_reset();
	return status;
}

int main(int argc, char **argv)
{
	return cli_finish(run(argc, argv));
}
