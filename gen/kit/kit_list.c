/* kit_list.c: `railyard list` and `railyard dump` for the deck games: the
 * components, the board and the deal table of a pack, or its model and every
 * rule in force. It knows no game: what one game adds comes through its
 * struct kit_list_game (kit_list.h, GAME_list.c), a field of its struct game. */
#include "kit_list.h"

#include <stdio.h>
#include <stdlib.h>

#include "cli.h"
#include "opt.h"
#include "diag.h"
#include "kit_games.h"
#include "util.h"

static const struct opt list_rows[] = {
	OPT_TEXT(
		"usage: railyard list [OPTIONS] PACK.yaml     (a pack whose game is not trains)\n"
		"\n"
		"Print the components of a pack (cards, tiles, letters, tokens, board) and its\n"
		"deal table for every number of players.\n"
		"\n"),
	OPT("cards", 'c', NULL, "one line per distinct component: COUNT<TAB>NAME<TAB>GROUP"),
	OPT("dump", 'd', NULL,
		"the loaded model as stable plain text (the debugging view),\n"
		"with every rule in force and where it comes from\n"
		"(default, the pack's rules: FILE:LINE:COL, command line)"),
	OPT_VALUES("rule", 'r', "KEY=VALUE", "override a rule of the pack for this run (as simulate)", "@rule"),
	OPT("without", 'w', "NAME", "leave out an optional group (e.g. transfer); repeatable"),
	OPT("with", 'W', "NAME", "put back an optional group the pack leaves out"),
	OPT("quiet", OPT_QUIET, NULL, "no progress lines on stderr (as in every command)"),
	OPT("help", 'h', NULL, "this help"),
	OPT("version", 'V', NULL, "the version"),
	OPT_END,
};

const struct opt_table kit_list_options = {"list", 23, list_rows};

/* list's options. */
struct list_opts {
	bool cards, dump;
	struct names_select sel;
	const char *rule_args[RULESET_MAX];
	size_t nrule;
};

static const char *kind_word(enum kit_kind k, long n)
{
	switch (k) {
	case KIT_CARD: return n == 1 ? "card" : "cards";
	case KIT_TILE: return n == 1 ? "tile" : "tiles";
	case KIT_LETTER: return n == 1 ? "letter" : "letters";
	default: return n == 1 ? "token" : "tokens";
	}
}

/* Each group's copies in all, into total[0..ngroups), in one pass over the
 * items (a pass per group was quadratic in a large pack). */
static void group_totals(const struct kit *d, long *total)
{
	for (size_t i = 0; i < d->nitems; i++)
		total[d->items[i].group] += d->items[i].count;
}

/* What is dealt from: cards, else tiles, else letters. */
static enum kit_kind dealt_kind(const struct kit *d)
{
	if (kit_count(d, KIT_CARD))
		return KIT_CARD;
	if (kit_count(d, KIT_TILE))
		return KIT_TILE;
	return KIT_LETTER;
}

static void list_deal(const struct kit *d, const struct game_rules *rules, const struct kit_list_game *lg)
{
	if (!d->ndeals)
		return;
	enum kit_kind k = dealt_kind(d);
	long total = kit_count(d, k), tokens = kit_count(d, KIT_TOKEN);
	printf("\ndeal (%s each; the rest: %s)\n", kind_word(k, 2),
	       d->deal_rest ? d->deal_rest : "left over");
	printf("players  each  dealt  rest");
	if (tokens)
		printf("  tokens each  tokens left");
	putchar('\n');
	for (int p = 1; p <= KIT_MAX_PLAYERS; p++) {
		long each = kit_hand_size(d, p, total);
		if (each < 0)
			continue;
		long dealt = each * p;
		if (dealt > total) {
			printf("%-7d  %4ld  not enough %s (%ld for %ld)\n", p, each, kind_word(k, 2),
			       total, dealt);
			continue;
		}
		printf("%-7d  %4ld  %5ld  %4ld", p, each, dealt, total - dealt);
		if (tokens)
			printf("  %11ld  %11ld", tokens / p, tokens % p);
		putchar('\n');
	}
	if (lg->deal)
		lg->deal(d, rules, total);
}

/* One group's line: its name, count and what it is made of. */
static void list_group(const struct kit *d, size_t gi, long total)
{
	const struct kit_group *g = &d->groups[gi];
	printf("  %-12s %4ld  ", g->name, total);
	if (g->kind == KIT_TILE) {
		printf("double-%d: every pair of numbers 0-%d once", g->double_n, g->double_n);
	} else if (g->rows) {
		printf("%zu rows, a card a row; fields:", g->nrows);
		for (size_t f = 0; f < g->nfields; f++)
			printf("%s %s", f ? "," : "", g->fields[f].name);
	} else if (g->kind == KIT_LETTER) {
		for (size_t i = 0; i < g->fields[0].n; i++)
			printf("%s%s %ld", i ? ", " : "", g->fields[0].values[i], g->fields[0].counts[i]);
	} else {
		if (g->label)
			printf("%s", g->label);
		for (size_t f = 0; f < g->nfields; f++)
			printf("%s%s%s (%zu)", f ? " x " : "", !f && g->label ? ", " : "", g->fields[f].name,
			       g->fields[f].n);
		if (!g->label && !g->nfields)
			printf("%s", g->name);
		if (g->count > 1 && g->nfields)
			printf(", %ld of each", g->count);
	}
	if (g->optional)
		printf(g->included ? " (optional)" : " (optional, left out)");
	putchar('\n');
}

/* The components, kind by kind, each with its groups. */
static void list_components(const struct kit *d)
{
	long *total = xcalloc(d->ngroups + 1, sizeof *total);
	group_totals(d, total);
	for (int k = KIT_CARD; k <= KIT_TOKEN; k++) {
		bool any = false;
		for (size_t gi = 0; gi < d->ngroups; gi++)
			any |= d->groups[gi].kind == (enum kit_kind)k;
		if (!any)
			continue;
		printf("%s: %ld\n", kind_word((enum kit_kind)k, 2), kit_count(d, (enum kit_kind)k));
		for (size_t gi = 0; gi < d->ngroups; gi++)
			if (d->groups[gi].kind == (enum kit_kind)k)
				list_group(d, gi, total[gi]);
	}
	free(total);
}

static void list_board(const struct kit_board *b)
{
	printf("board: %d spaces, %s on space %d, %s on space %d\n", b->spaces,
	       b->start_label ? b->start_label : "start", b->start, b->finish_label ? b->finish_label : "finish",
	       b->finish);
	for (size_t i = 0; i < b->nmarks; i++) {
		printf("  %s:", b->marks[i].label ? b->marks[i].label : b->marks[i].name);
		for (size_t j = 0; j < b->marks[i].n; j++)
			printf(" %d", b->marks[i].spaces[j]);
		putchar('\n');
	}
}

static void list_deck(const struct kit *d, const struct game_rules *rules, const struct kit_list_game *lg)
{
	printf("%s (%s)\n", d->title, d->game);
	list_components(d);
	if (lg->components)
		lg->components(d, rules);
	if (d->board.present)
		list_board(&d->board);
	list_deal(d, rules, lg);
}

/* One option into *o; -1 to go on, or the status to end with (reported). */
static int list_option(int c, struct list_opts *o)
{
	switch (c) {
	case 'c': o->cards = true; return -1;
	case 'd': o->dump = true; return -1;
	case 'r':
		return cli_rule(optarg, o->rule_args, &o->nrule, RULESET_MAX) ? EXIT_INPUT : -1;
	case 'w':
	case 'W': return names_select_add(&o->sel, c, optarg) != 0 ? EXIT_INPUT : -1;
	default: return cli_usage(c, &kit_list_options);
	}
}

/* The options into *o; -1 to go on, or the status to end with (reported). */
static int list_options(int argc, char **argv, struct list_opts *o)
{
	*o = (struct list_opts){0};
	int c, status;
	optind = 1;
	while ((c = cli_next(argc, argv, &kit_list_options)) != -1)
		if ((status = list_option(c, o)) >= 0)
			return status;
	return cli_one_pack(argc, "list") ? -1 : EXIT_INPUT;
}

int kit_list(const struct game *game, const struct ydoc *pack, int argc, char **argv)
{
	struct list_opts o;
	int status = list_options(argc, argv, &o);
	if (status >= 0)
		return status;
	static const struct kit_list_game nothing;
	const struct kit_list_game *lg = game->list ? game->list : &nothing;
	struct game_rules rules;
	data_keys_warn(true);   /* a data row naming no card: the names are listed to look it up */
	struct kit *d = kit_games_load(game, pack, argv[optind], &o.sel, &rules);
	data_keys_warn(false);
	if (!d)
		return EXIT_INPUT;
	if (!ruleset_set_all(&rules.set, o.rule_args, o.nrule)) {
		kit_free(d);
		return EXIT_INPUT;
	}
	if (o.dump) {
		kit_dump(d, stdout);
		ruleset_dump(&rules.set, stdout);
		if (lg->dump_rules)
			lg->dump_rules(&rules);
	} else if (o.cards) {
		for (size_t i = 0; i < d->nitems; i++)
			printf("%ld\t%s\t%s\n", d->items[i].count, d->items[i].name, d->groups[d->items[i].group].name);
	} else {
		list_deck(d, &rules, lg);
	}
	kit_free(d);
	return EXIT_OK;
}

/* `railyard dump PACK`: the same as `railyard list --dump PACK`. */
int kit_list_dump(const struct game *game, const struct ydoc *pack, int argc, char **argv)
{
	static char dump_opt[] = "--dump";
	char **v = xcalloc((size_t)argc + 2, sizeof *v);
	v[0] = argv[0];
	v[1] = dump_opt;
	for (int i = 1; i < argc; i++)
		v[i + 1] = argv[i];
	int status = kit_list(game, pack, argc + 1, v);
	free(v);
	return status;
}
