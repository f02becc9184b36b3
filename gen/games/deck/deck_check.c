/* deck_check.c: `railyard check` for a deck (game: deck): its structure only,
 * as a summary of its groups and one verdict line; every face and the back
 * drawn without output (kit_build_rehearse) for the fields they show. */
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"
#include "deck.h"
#include "diag.h"
#include "kit_build.h"
#include "kit_games.h"
#include "opt.h"
#include "util.h"

static const struct opt check_rows[] = {
	OPT_TEXT(
		"usage: railyard check [OPTIONS] PACK.yaml     (a pack whose game is deck)\n"
		"\n"
		"Check a deck pack's structure, without writing anything: its cards and their\n"
		"counts, its rows of data, its templates, and every field each face and the\n"
		"back show (a deck has no rules engine, so there are no rules to check). A\n"
		"summary, then one verdict line: ID: sound (N warnings), or not sound: N errors.\n"
		"\n"),
	OPT("without", 'w', "NAME", "leave out an optional group (--with NAME puts one back)"),
	OPT("quiet", 'q', NULL, "the verdict line only"),
	OPT("help", 'h', NULL, "this help"),
	OPT("version", 'V', NULL, "the version"),
	OPT_TEXT(
		"\n"
		"exit status: 0 sound (with --strict, 1 when there is any warning), 2 a problem\n"
		"of the pack, its rows or its templates (each at its file:line:column).\n"),
	OPT("with", 'W', "NAME", NULL),   /* named in --without's help */
	OPT_END,
};

const struct opt_table deck_check_options = {"check", 22, check_rows};

/* One line per group: its name, copies, and where its faces come from. */
static void check_summary(const struct kit *d)
{
	long total = 0;
	for (size_t i = 0; i < d->nitems; i++)
		total += d->items[i].count;
	printf("%s (deck): %ld component%s, %zu distinct face%s%s\n", d->title, total, total == 1 ? "" : "s",
	       d->nitems, d->nitems == 1 ? "" : "s", d->back ? ", one back" : ", no back");
	for (size_t g = 0; g < d->ngroups; g++) {
		const struct kit_group *gr = &d->groups[g];
		printf("  %-12s %5ld  ", gr->name, kit_games_group_count(d, gr));
		if (gr->rows)
			printf("%zu rows; fields:", gr->nrows);
		else
			printf("fields:");
		for (size_t k = 0; k < gr->nfields; k++)
			printf("%s %s", k ? "," : "", gr->fields[k].name);
		printf("%s%s; face %s\n", gr->nfields ? "" : " none", gr->included ? "" : " (left out)",
		       gr->face ? gr->face : "(none)");
	}
}

static void check_verdict(const char *id, unsigned errors, unsigned warnings)
{
	if (errors)
		printf("%s: not sound: %u error%s", id, errors, errors == 1 ? "" : "s");
	else if (warnings)
		printf("%s: sound, %u warning%s", id, warnings, warnings == 1 ? "" : "s");
	else
		printf("%s: sound", id);
	printf(" (structure only: game: deck has no rules engine)\n");
}

int deck_check(const struct game *g, const struct ydoc *pack, int argc, char **argv)
{
	struct names_select sel = {0};
	bool quiet = false;
	int c;
	optind = 1;
	while ((c = cli_next(argc, argv, &deck_check_options)) != -1) {
		if (c == 'w' || c == 'W') {
			if (names_select_add(&sel, c, optarg) != 0)
				return EXIT_INPUT;
		} else if (c == 'q') {
			quiet = true;
		} else {
			return cli_usage(c, &deck_check_options);
		}
	}
	if (kit_games_check_one_pack(argc, &deck_check_options) < 0)
		return EXIT_INPUT;
	unsigned errors = diag_count(SEV_ERROR), warnings = diag_count(SEV_WARNING);
	struct game_rules rules;
	struct kit *d = kit_games_load(g, pack, argv[optind], &sel, &rules);
	char *id = xstrdup(d ? d->id : argv[optind]);
	if (d && !quiet)
		check_summary(d);
	if (d)
		kit_build_rehearse(g, d, &rules);   /* takes d over */
	errors = diag_count(SEV_ERROR) - errors;
	warnings = diag_count(SEV_WARNING) - warnings;
	check_verdict(id, errors, warnings);
	free(id);
	return errors ? EXIT_INPUT : EXIT_OK;
}
