/* main.c: railyard's entry point. Picks the command; each command parses its own
 * options. Exit statuses are enum exit_status (diag.h), documented in the README. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "diag.h"
#include "game.h"
#include "watch.h"
#include "ytree.h"

struct command {
	const char *name;
	enum game_cmd_kind kind;    /* the entry of the pack's game to run */
	const char *summary;
};

static const struct command commands[] = {
	{"list", GAME_LIST, "print the cards of a pack (which ability each number carries)"},
	{"build", GAME_BUILD, "write print-ready cards, backs, placemats and sheets"},
	{"check", GAME_CHECK, "check a pack, a position or a move against the rules"},
	{"simulate", GAME_SIMULATE, "play many games of a pack and report balance"},
	{"dump", GAME_DUMP, "print the loaded pack model (the debugging view)"},
};

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

/* Run a command through the game table: the pack file is parsed once, here, to
 * learn its game, and its tree handed on to the command's loader. */
static int run_command(const struct command *c, int argc, char **argv)
{
	const char *path = pack_argument(argc, argv);
	const struct game *g = game_find("trains");
	if (path) {
		struct ydoc *doc = ydoc_load(path);
		if (!doc)
			return EXIT_INPUT;
		g = game_of(doc);
		ydoc_keep(doc);
		if (!g)
			return EXIT_INPUT;
	}
	if (!g->run[c->kind]) {
		diag(SEV_ERROR, NULL, "%s: not available for game '%s' yet", c->name, g->name);
		return EXIT_INPUT;
	}
	return g->run[c->kind](g, argc, argv);
}

static int run_watched(void *user, int argc, char **argv)
{
	int status = run_command(user, argc, argv);
	ydoc_keep(NULL);  /* the next run reads the pack afresh */
	return status;
}

/* build --watch: the option is taken out and the build run again on every
 * change (watch.h). */
static int run_maybe_watched(const struct command *c, int argc, char **argv)
{
	int at = 0;
	for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++)
		if (strcmp(argv[i], "--watch") == 0)
			at = i;
	if (!at || strcmp(c->name, "build") != 0)
		return run_command(c, argc, argv);
	char **rest = calloc((size_t)argc, sizeof *rest);
	if (!rest)
		return EXIT_INPUT;
	int n = 0;
	for (int i = 0; i < argc; i++)
		if (i != at)
			rest[n++] = argv[i];
	int status = watch_run(run_watched, (void *)c, n, rest);
	free(rest);
	return status;
}

static void usage(FILE *f)
{
	fputs("usage: railyard COMMAND [OPTIONS] PACK.yaml\n"
	      "       railyard --help | --version\n\n"
	      "Turns YAML pack specifications into print-ready cards and checks packs and\n"
	      "game positions against the rules.\n\ncommands:\n", f);
	for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
		fprintf(f, "  %-9s %s\n", commands[i].name, commands[i].summary);
	fputs("\n'railyard COMMAND --help' describes each command.\n"
	      "exit status: 0 success, 1 a rule is broken (check), 2 invalid input or usage,\n"
	      "3 output could not be written.\n", f);
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		usage(stderr);
		return EXIT_INPUT;
	}
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
		usage(stdout);
		return EXIT_OK;
	}
	if (strcmp(argv[1], "--version") == 0) {
		printf("railyard %s\n", RAILYARD_VERSION);
		return EXIT_OK;
	}
	const char *name = argv[1];
	static char help_opt[] = "--help";
	char *help_argv[] = {argv[0], NULL, help_opt, NULL};
	if (strcmp(name, "help") == 0 && argc >= 3) {
		help_argv[1] = argv[2];
		argv = help_argv;
		argc = 3;
		name = argv[1];
	}
	for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
		if (strcmp(commands[i].name, name) == 0) {
			int status = run_maybe_watched(&commands[i], argc - 1, argv + 1);
			ydoc_keep(NULL);
			diag_reset();
			return status;
		}
	fprintf(stderr, "railyard: error: unknown command '%s'\n\n", name);
	usage(stderr);
	return EXIT_INPUT;
}
