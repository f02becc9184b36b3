/* anydeck.c: `game: deck`, any card game: a deck pack (kit.h) of cards,
 * written as products, named cards or rows of a CSV, printed through the deck
 * build (kit_build.h) with no rules at all. Its check is the pack's structure
 * (the components and their counts, the templates, the fields every face
 * shows); it has no rules engine, so simulate and tune refuse its packs at
 * their `game:` line (main.c). Its one entry, anydeck_game, is registered in
 * games.c's table. Named anydeck, not deck: kit_*.c is the
 * layer every card game of railyard shares, this the game that is that layer
 * alone. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "opt.h"
#include "kit_build.h"
#include "kit_list.h"
#include "diag.h"
#include "kit_games.h"
#include "look.h"
#include "util.h"

/* Its name, the `game:` of its packs. */
#define ANYDECK_GAME "deck"

static void anydeck_rules(struct yread *r, const struct ynode *rules, struct game_rules *out)
{
	ruleset_init(&out->set, ANYDECK_GAME, NULL);
	if (rules && rules->kind == Y_MAP && rules->n)
		yr_error(r, rules->pairs[0].key, "game: deck has no rules engine, so its packs have no "
			 "'rules:' (a deck is printed and its structure checked; its rules are yours)");
}

/* ---- build and list ---- */

/* Card i's place in the pack (number, with number-ambiguous for a 6 or a 9
 * turned round), unless its own fields give one, and its copies. */
static void item_fields(const struct kit *d, size_t i, struct fields *f)
{
	if (!fields_get(f, "number")) {
		fields_setf(f, "number", "%zu", i + 1);
		if (look_ambiguous((long)i + 1))
			fields_set(f, "number-ambiguous", "1");
	}
	fields_setf(f, "copies", "%ld", d->items[i].count);
}

static const struct kit_build_game anydeck_build_items = {.item_fields = item_fields, .samples = true};

/* list: every card, one a line: its copies and its name. */
static void list_cards(const struct kit *d, const struct game_rules *rules)
{
	(void)rules;
	printf("\ncards, one a line (copies, name):\n");
	for (size_t i = 0; i < d->nitems; i++)
		printf("  %4ld  %s\n", d->items[i].count, d->items[i].name);
}

static const struct kit_list_game anydeck_list_items = {.components = list_cards};

/* ---- check ---- */

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

static const struct opt_table check_table = {"check", 22, check_rows};

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

static int anydeck_check(const struct game *g, const struct ydoc *pack, int argc, char **argv)
{
	struct names_select sel = {0};
	bool quiet = false;
	int c;
	optind = 1;
	while ((c = cli_next(argc, argv, &check_table)) != -1) {
		if (c == 'w' || c == 'W') {
			if (names_select_add(&sel, c, optarg) != 0)
				return EXIT_INPUT;
		} else if (c == 'q') {
			quiet = true;
		} else {
			return cli_usage(c, &check_table);
		}
	}
	if (kit_games_check_one_pack(argc, &check_table) < 0)
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

/* ---- the game ---- */

/* Printed and checked for its structure; no rules, so no engine, no tune
 * and no `--rule` keys: simulate and tune refuse its packs (main.c). Its
 * starter's cards are a CSV's rows (anydeck_new.c), not a shipped pack. */
const struct game anydeck_game = {
	.name = ANYDECK_GAME,
	.load_rules = anydeck_rules,
	.run = {[GAME_LIST] = kit_list, [GAME_CHECK] = anydeck_check, [GAME_BUILD] = kit_build,
		[GAME_DUMP] = kit_list_dump},
	.options = {[GAME_LIST] = &kit_list_options, [GAME_CHECK] = &check_table, [GAME_BUILD] = &kit_build_options,
		    [GAME_DUMP] = &kit_list_options},
	.build = &anydeck_build_items,
	.list = &anydeck_list_items,
	.starter = {NULL, "name", NULL, 0, true, NULL},
};
