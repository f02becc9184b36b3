/* complete.c: `railyard --complete WHAT`, the words the bash completion offers,
 * printed one a line from the tables the option parsers use, so the two cannot
 * disagree: commands, and the values of --only, --preset, --duplex, --colour, --policy,
 * --rule [PACK] (the keys of PACK's game, a trains pack's without one, each
 * with its =) and --game; a command's options and what completes an option's
 * value come from its option tables (main.c: --complete options, --complete
 * value). Not in the usage: it is completion/railyard's interface. */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "diag.h"
#include "games.h"
#include "buildopts.h"
#include "ruleset.h"
#include "trains_sim.h"
#include "tune_report.h"

static void words(const char *const *v, const char *suffix)
{
	for (; *v; v++)
		printf("%s%s\n", *v, suffix);
}

/* --rule [PACK]: the rules of PACK's game (a trains pack's without one),
 * its named rules and those it reads itself (struct game), each with its =. A pack that
 * cannot be read offers nothing. */
static int rule_keys(const char *pack)
{
	const struct game *g = game_at(0);
	if (pack) {
		diag_set_quiet(1);
		struct ydoc *doc = ydoc_load(pack);
		g = doc ? game_of(doc) : NULL;
		ydoc_free(doc);
		diag_set_quiet(0);
	}
	for (const struct ruleset_key *k = g ? g->rule_keys : NULL; k && k->key; k++)
		printf("%s=\n", k->key);
	for (const struct ruleset_other *k = g ? g->rule_others : NULL; k && k->key; k++)
		printf("%s=\n", k->key);
	return EXIT_OK;
}

int cmd_complete(int argc, char **argv)
{
	static const char *const commands[] = {"list", "build", "check", "simulate", "tune",
					       "merge", "dump", "new", "serve", "help", NULL};
	const char *what = argc > 1 ? argv[1] : "";
	if (strcmp(what, "commands") == 0) {
		words(commands, "");
	} else if (strcmp(what, "--only") == 0) {
		for (size_t i = 0; i < sizeof build_out_names / sizeof *build_out_names; i++)
			puts(build_out_names[i]);
	} else if (strcmp(what, "--preset") == 0) {
		words(build_presets, "");
	} else if (strcmp(what, "--duplex") == 0) {
		words(build_duplexes, "");
	} else if (strcmp(what, "--layout") == 0) {
		words(build_layouts, "");
	} else if (strcmp(what, "--colour") == 0) {
		words(build_colours, "");
	} else if (strcmp(what, "--policy") == 0) {
		for (int i = 0; i < POLICY_COUNT; i++)
			puts(sim_policy_name((enum sim_policy)i));
		puts("mcts");   /* mcts:N too: cli_policies */
	} else if (strcmp(what, "--rule") == 0) {
		return rule_keys(argc > 2 ? argv[2] : NULL);
	} else if (strcmp(what, "--objective") == 0 || strcmp(what, "--require") == 0) {
		tune_goal_complete(strcmp(what, "--require") == 0);
	} else if (strcmp(what, "--game") == 0) {
		for (size_t i = 0; game_at(i); i++)
			puts(game_at(i)->name);
	} else {
		diag(SEV_ERROR, NULL, "--complete: commands, options COMMAND, value COMMAND OPTION, --only, --preset, "
		     "--duplex, --colour, --policy, --rule, --game, --objective or --require, not '%s'", what);
		return EXIT_INPUT;
	}
	return EXIT_OK;
}
