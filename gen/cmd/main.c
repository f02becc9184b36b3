/* main.c: railyard's entry point. Picks the command and runs it through the game
 * table (game.h) after one parse of the pack file; each command parses its own
 * options through cli.h. Exit statuses are enum exit_status (diag.h), documented
 * in the README and railyard(1); whatever the command, a lost write to standard
 * output makes it 3 (cli_finish). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "commands.h"
#include "diag.h"
#include "games.h"
#include "image.h"
#include "opt.h"
#include "sandbox.h"
#include "tune.h"
#include "util.h"
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
	{"tune", GAME_TUNE, "search a pack's variants for the fairest one (racing, with intervals)"},
	{"merge", GAME_NCMDS, "join the shards of one 'tune --shard' search into its report"},
};
#define NCOMMANDS (sizeof commands / sizeof *commands)

/* The game of the pack at path, read without a word (for the options of
 * --help and of a misspelt option), or NULL. */
static const struct game *game_of_file(const char *path)
{
	diag_set_quiet(1);
	struct ydoc *doc = ydoc_load(path);
	const struct game *g = doc ? game_of(doc) : NULL;
	ydoc_free(doc);
	diag_set_quiet(0);
	return g;
}

/* A command the pack's game g lacks: one error at its `game:`, naming the games
 * that have the command. */
static int not_for_game(const struct command *c, const struct game *g, const struct ydoc *doc)
{
	struct buf b = {0};
	size_t n = 0;
	for (const struct game *o; (o = game_at(n)); n++)
		if (o->run[c->kind])
			buf_printf(&b, "%s%s", b.len ? " or " : "", o->name);
	const struct ynode *at = doc && doc->root && doc->root->kind == Y_MAP
		? ymap_get(doc->root, "game") : NULL;
	if (!g->engine)
		diag(SEV_ERROR, at ? &at->loc : NULL, "game: %s has no rules engine, so there is nothing to "
		     "%s: its packs are built, listed and checked for their structure; %s plays game: %s "
		     "packs only", g->name, c->name, c->name, b.s ? b.s : "(none)");
	else
		diag(SEV_ERROR, at ? &at->loc : NULL, "%s plays game: %s packs only, not game: %s", c->name,
		     b.s ? b.s : "(none)", g->name);
	buf_free(&b);
	return EXIT_INPUT;
}

/* The command being run and its pack's game, for option_owners. */
static const struct command *running;
static const struct game *running_game;

/* The option table of game g's command c (its options[]), or of command cmd
 * without a game (new, serve, merge); NULL: g has no such command. */
static const struct opt_table *table_of(const char *cmd, const struct command *c, const struct game *g)
{
	if (c && c->kind == GAME_NCMDS)
		return &merge_options;
	if (c)
		return g->run[c->kind] ? g->options[c->kind] : NULL;
	return strcmp(cmd, "new") == 0 ? &new_cmd_options : strcmp(cmd, "serve") == 0 ? &serve_cmd_options : NULL;
}

/* cli_set_pack's hook: the games besides the pack's whose command has option
 * --name (their tables, table_of). */
static bool option_owners(const char *cmd, const char *name, struct buf *games)
{
	const char *found[16];
	size_t n = 0;
	const struct game *g;
	(void)cmd;
	for (size_t i = 0; (g = game_at(i)) && n < sizeof found / sizeof *found; i++) {
		if (g == running_game || !g->run[running->kind])
			continue;
		const struct opt_table *t = table_of(running->name, running, g);
		if (t && opt_find(t, name))
			found[n++] = g->name;
	}
	for (size_t i = 0; i < n; i++)
		buf_printf(games, "%s%s", i == 0 ? "" : i + 1 < n ? ", " : " or ", found[i]);
	return n > 0;
}

static const struct command *command_named(const char *name)
{
	for (size_t i = 0; i < NCOMMANDS; i++)
		if (strcmp(commands[i].name, name) == 0)
			return &commands[i];
	return NULL;
}

/* The game of pack (a file, or a folder's pack.yaml), or NULL. */
static const struct game *game_of_pack(const char *pack)
{
	struct stat st;
	char *in = stat(pack, &st) == 0 && S_ISDIR(st.st_mode) ? xasprintf("%s%spack.yaml", pack, path_sep(pack)) : NULL;
	const struct game *g = game_of_file(in ? in : pack);
	free(in);
	return g;
}

/* The options every command has besides its table's (cli_next). */
static const char *const common_options[] = {"quiet", "progress", "no-progress", "strict", NULL};

/* The tables of command cmd: the game's of pack, or every game's (each
 * once) without one; new, serve and merge have one. Returns the count. */
static size_t tables_of(const char *cmd, const char *pack, const struct opt_table **out, size_t max)
{
	const struct command *c = command_named(cmd);
	if (!c && strcmp(cmd, "new") != 0 && strcmp(cmd, "serve") != 0)
		return 0;
	if (!c || c->kind == GAME_NCMDS) {
		out[0] = table_of(cmd, c, NULL);
		return out[0] != NULL;
	}
	const struct game *only = pack ? game_of_pack(pack) : NULL, *g;
	if (only && !only->run[c->kind])   /* as COMMAND PACK --help: every game's */
		only = NULL;
	size_t n = 0;
	for (size_t i = 0; (g = game_at(i)) && n < max; i++) {
		const struct opt_table *t = (!only || g == only) ? table_of(cmd, c, g) : NULL;
		for (size_t k = 0; t && k < n; k++)
			t = out[k] == t ? NULL : t;
		if (t)
			out[n++] = t;
	}
	return n;
}

/* The options of command cmd, every game's, for cli_known and cli_operand
 * (opt_set_known). */
static void know_options(const char *cmd)
{
	static const struct opt_table *t[16];
	opt_set_known(t, tables_of(cmd, NULL, t, sizeof t / sizeof *t));
}

/* railyard --complete options COMMAND [PACK]: the long options of the
 * command (of the pack's game, or of every game), one a line; --complete
 * value COMMAND OPTION [PACK]: what completes the option's value (opt.h's
 * values; nothing when it takes none). From the tables the parser uses. */
static int complete_options(int argc, char **argv)
{
	bool value = strcmp(argv[1], "value") == 0;
	if (argc < 3 + value) {
		diag(SEV_ERROR, NULL, "--complete %s COMMAND%s [PACK]", argv[1], value ? " OPTION" : "");
		return EXIT_INPUT;
	}
	const struct opt_table *t[16];
	size_t n = tables_of(argv[2], argc > 3 + value ? argv[3 + value] : NULL, t, 16);
	if (value) {
		const char *name = argv[3];
		name = name[0] == '-' && name[1] == '-' ? name + 2 : name[0] == '-' && name[1] ?
			opt_of_letter(name[1]) : NULL;
		for (size_t i = 0; name && i < n; i++) {
			const struct opt *o = opt_find(t[i], name);
			if (o && o->meta) {
				puts(o->values ? o->values : "@none");
				break;
			}
		}
		return EXIT_OK;
	}
	for (size_t i = 0; i < n; i++) {
		struct option o[128];
		size_t k = opt_longopts(t[i], o, sizeof o / sizeof *o);
		for (size_t j = 0; j < k; j++)
			printf("--%s\n", o[j].name);
	}
	for (size_t i = 0; n && common_options[i]; i++)
		printf("--%s\n", common_options[i]);
	return EXIT_OK;
}

/* cli_set_options_hook's hook: the game of pack and the options its command
 * cmd has (its table); the pack is then set for option_owners. */
static bool pack_options(const char *cmd, const char *pack, const char **names, size_t max, const char **game)
{
	const struct command *c = command_named(cmd);
	const struct game *g = c && c->kind != GAME_NCMDS ? game_of_pack(pack) : NULL;
	const struct opt_table *t = g ? table_of(cmd, c, g) : NULL;
	if (!t)
		return false;
	struct option o[128];
	size_t n = opt_longopts(t, o, sizeof o / sizeof *o), k = 0;
	for (size_t i = 0; i < n && k + 1 < max; i++)
		names[k++] = o[i].name;
	for (size_t i = 0; common_options[i] && k + 1 < max; i++)
		names[k++] = common_options[i];
	names[k] = NULL;
	running = c;
	running_game = g;
	cli_set_pack(pack, g->name, option_owners);
	*game = g->name;
	return true;
}

/* Run a command through the game table: the pack file (the command's first
 * operand, cli_operand) is parsed once, here, to learn its game, and its tree
 * handed to the command (game_cmd), freed after it. No pack: trains, whose
 * command says so. */
static int run_command(const struct command *c, int argc, char **argv)
{
	if (c->kind == GAME_NCMDS)   /* merge: shards, not a pack */
		return cmd_merge(argc, argv);
	know_options(c->name);
	if (!cli_known(argc, argv))
		return EXIT_INPUT;
	const char *path = cli_operand(argc, argv);
	const struct game *g = game_at(0);
	struct ydoc *doc = NULL;
	if (path) {
		doc = ydoc_load(path);
		if (!doc)
			return EXIT_INPUT;
		g = game_of(doc);
		if (!g) {
			ydoc_free(doc);
			return EXIT_INPUT;
		}
	}
	int status;
	if (!g->run[c->kind]) {
		status = not_for_game(c, g, doc);
	} else {
		running = c;
		running_game = g;
		cli_set_pack(path, g->name, path ? option_owners : NULL);
		status = g->run[c->kind](g, doc, argc, argv);
		cli_set_pack(NULL, NULL, NULL);
	}
	ydoc_free(doc);
	return status;
}

/* COMMAND --help: the options of every game that has the command, trains first,
 * each usage once (games sharing an entry share its usage); only those of game
 * `only` when it is not NULL and has the command (COMMAND PACK --help). */
static int command_help(const struct command *c, const struct game *only)
{
	if (c->kind == GAME_NCMDS) {
		static char help_opt[] = "--help";
		char *argv[] = {(char *)c->name, help_opt, NULL};
		return cmd_merge(2, argv);
	}
	static char help_opt[] = "--help";
	char *argv[] = {(char *)c->name, help_opt, NULL};
	game_cmd *shown[16];
	size_t nshown = 0;
	int status = EXIT_OK;
	const struct game *g;
	for (size_t i = 0; status == EXIT_OK && (g = game_at(i)); i++) {
		game_cmd *run = g->run[c->kind];
		bool seen = !run || (only && only->run[c->kind] && g != only);
		for (size_t k = 0; k < nshown && !seen; k++)
			seen = shown[k] == run;
		if (seen || nshown == sizeof shown / sizeof *shown)
			continue;
		if (nshown)
			putchar('\n');
		shown[nshown++] = run;
		status = run(g, NULL, 2, argv);
	}
	return status;
}

/* The arguments written for a pack named by its folder, freed after the command. */
static char *folder_args[2];

/* A pack named by its folder (the one `railyard new` writes): DIR stands for
 * DIR/pack.yaml. arg is argv[i] or its value (--compare=DIR); argv[i] is
 * replaced. false after reporting a folder that holds no pack.yaml. */
static bool pack_in_folder(char **argv, int i, const char *arg, char **owned)
{
	struct stat st;
	if (!arg || stat(arg, &st) != 0 || !S_ISDIR(st.st_mode))
		return true;
	size_t n = strlen(arg);
	while (n > 1 && arg[n - 1] == '/')
		n--;
	char *path = xasprintf("%.*s%.*s%spack.yaml", (int)(arg - argv[i]), argv[i], (int)n, arg,
			       n == 1 && arg[0] == '/' ? "" : "/");
	const char *file = path + (arg - argv[i]);
	if (stat(file, &st) != 0) {
		diag(SEV_ERROR, NULL, "%s is a folder without a pack.yaml (looked for %s: a pack is a .yaml "
		     "file, or the folder 'railyard new' writes, which holds one)", arg, file);
		free(path);
		return false;
	}
	free(*owned);
	*owned = path;
	argv[i] = path;
	return true;
}

/* The pack (the command's first operand) and simulate's --compare pack, each
 * a file or a folder holding pack.yaml. false after reporting. */
static bool pack_folders(int argc, char **argv)
{
	const char *pack = cli_operand(argc, argv), *other = cli_value(argc, argv, "compare");
	for (int i = 1; i < argc; i++) {
		size_t len = strlen(argv[i]);
		if (pack == argv[i] && !pack_in_folder(argv, i, pack, &folder_args[0]))
			return false;
		if (other && other >= argv[i] && other <= argv[i] + len &&
		    !pack_in_folder(argv, i, other, &folder_args[1]))
			return false;
	}
	return true;
}

static int run_watched(void *user, int argc, char **argv)
{
	return run_command(user, argc, argv);   /* each run parses the pack afresh */
}

/* build --watch: the option becomes --preview (the builds go to PACK.preview/,
 * the last full build stays) and the build runs again on every change (watch.h). */
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
	static char preview[] = "--preview";
	int n = 0;
	for (int i = 0; i < argc; i++)
		rest[n++] = i == at ? preview : argv[i];
	int status = watch_run(run_watched, (void *)c, n, rest);
	free(rest);
	return status;
}

/* serve's command runner (live.h): one command of the preview, as run() runs it. */
static int run_for_serve(int argc, char **argv)
{
	const struct command *c = NULL;
	for (size_t i = 0; i < NCOMMANDS && !c; i++)
		if (strcmp(commands[i].name, argv[0]) == 0)
			c = &commands[i];
	if (!c)
		return EXIT_INPUT;
	return run_command(c, argc, argv);
}

/* railyard serve (and help serve): a pack named by its folder stands for its
 * pack.yaml, as for the other commands. */
static int serve(int argc, char **argv)
{
	if (cli_wants_help(argc, argv))
		return cmd_serve(argc, argv, run_for_serve);
	know_options("serve");
	if (!pack_folders(argc, argv))
		return EXIT_INPUT;
	int status = cmd_serve(argc, argv, run_for_serve);
	for (size_t i = 0; i < sizeof folder_args / sizeof *folder_args; i++) {
		free(folder_args[i]);
		folder_args[i] = NULL;
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
	fprintf(f, "  %-9s %s\n", "new", "write a starter folder for a new design (railyard new NAME)");
	fprintf(f, "  %-9s %s\n", "serve", "show the pack in a browser, redrawn as it is edited");
	fputs("\n'railyard help COMMAND' (or 'railyard COMMAND --help') describes each command\n"
	      "and its options for every game; man railyard has it all. Every command takes\n"
	      "-q (no progress or summary lines), --progress (progress lines from the start,\n"
	      "also into a log), --no-progress and --strict (every warning an error: exit 1).\n"
	      "exit status: 0 success, 1 a rule is broken (check) or a warning under --strict,\n"
	      "2 invalid input or usage, 3 output could not be written.\n", f);
}

static const struct command *find_command(const char *name)
{
	const char *names[NCOMMANDS + 4] = {"help", "new", "serve"};
	for (size_t i = 0; i < NCOMMANDS; i++) {
		if (strcmp(commands[i].name, name) == 0)
			return &commands[i];
		names[i + 3] = commands[i].name;
	}
	const char *best = closest_word(name, names);
	if (best)
		diag(SEV_ERROR, NULL, "unknown command '%s' (did you mean '%s'? see 'railyard help')",
		     name, best);
	else
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
	if (strcmp(name, "--complete") == 0 && argc > 2 && (!strcmp(argv[2], "options") || !strcmp(argv[2], "value")))
		return complete_options(argc - 1, argv + 1);
	if (strcmp(name, "--complete") == 0)
		return cmd_complete(argc - 1, argv + 1);
	if (strcmp(name, "new") == 0 || (strcmp(name, "help") == 0 && strcmp(argv[2], "new") == 0)) {
		static char help[] = "--help";
		char *args[] = {argv[2], help, NULL};
		return strcmp(name, "new") == 0 ? cmd_new(argc - 1, argv + 1) : cmd_new(2, args);
	}
	if (strcmp(name, "serve") == 0 || (strcmp(name, "help") == 0 && strcmp(argv[2], "serve") == 0)) {
		static char help[] = "--help";
		char *args[] = {argv[2], help, NULL};
		return strcmp(name, "serve") == 0 ? serve(argc - 1, argv + 1) : serve(2, args);
	}
	if (strcmp(name, "help") == 0) {
		const struct command *c = find_command(argv[2]);
		return c ? command_help(c, NULL) : EXIT_INPUT;
	}
	const struct command *c = find_command(name);
	if (!c)
		return EXIT_INPUT;
	know_options(c->name);
	if (cli_wants_help(argc - 1, argv + 1)) {   /* with a pack: its game's options */
		const char *pack = c->kind == GAME_NCMDS ? NULL : cli_operand(argc - 1, argv + 1);
		struct stat st;
		char *in = pack && stat(pack, &st) == 0 && S_ISDIR(st.st_mode) ? xasprintf("%s%spack.yaml", pack, path_sep(pack))
										: NULL;
		const struct game *g = pack ? game_of_file(in ? in : pack) : NULL;
		free(in);
		return command_help(c, g);
	}
	cli_set_options_hook(pack_options);
	if (c->kind != GAME_NCMDS && (!cli_known(argc - 1, argv + 1) || !pack_folders(argc - 1, argv + 1)))
		return EXIT_INPUT;
	diag_set_strict(cli_wants_strict(argc - 1, argv + 1));
	int status = run_maybe_watched(c, argc - 1, argv + 1);
	unsigned long strict = diag_strict_errors();
	if (strict && status == EXIT_OK) {   /* --strict: a warning fails the command */
		diag_note_alone();
		diag(SEV_NOTE, NULL, "--strict: %lu warning%s counted as error%s", strict, strict == 1 ? "" : "s",
		     strict == 1 ? "" : "s");
		status = EXIT_RULE;
	}
	for (size_t i = 0; i < sizeof folder_args / sizeof *folder_args; i++) {
		free(folder_args[i]);
		folder_args[i] = NULL;
	}
	diag_reset();
	return status;
}

int main(int argc, char **argv)
{
	static const struct sandbox_mode modes[] = {{"svg", image_probe_svg}, {"svg-out", image_probe_svg_out},
						       {NULL, NULL}};
	sandbox_child(argc, argv, modes);   /* a sandbox's child does its work and ends there */
	return cli_finish(run(argc, argv));
}
