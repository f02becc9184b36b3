/* trains_list.c: `railyard list` and `railyard dump`: the ability/number table of a pack. */
#include "cli.h"
#include "opt.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "trains_rules.h"
#include "util.h"

static const struct opt list_rows[] = {
	OPT_TEXT(
		"usage: railyard list [OPTIONS] PACK.yaml\n"
		"\n"
		"Print which ability each card number carries, as the seed page's tables do:\n"
		"each ability, then its card numbers.\n"
		"\n"),
	OPT("cards", 'c', NULL,
		"one line per physical card: NUMBER<TAB>CODE<TAB>SYMBOLIC\n"
		"(duplicates from 'copies' as many times as they exist, W for wilds)"),
	OPT("abilities", 'a', NULL,
		"the pattern's abilities in order: INDEX<TAB>CODE<TAB>SYMBOLIC<TAB>KIND"),
	OPT("json", 'j', NULL, "the cards as a JSON array of {number, code, ability}"),
	OPT("naming", 'n', "SPACE",
		"only cards whose ability names SPACE (e.g. G: the cards to take\n"
		"out of a census-seven pack for census six)"),
	OPT("players", 'p', "N",
		"only the cards used by N players (the pack's 'players' table)"),
	OPT("quiet", OPT_QUIET, NULL, "no progress lines on stderr (as in every command)"),
	OPT("help", 'h', NULL, "this help"),
	OPT("version", 'V', NULL, "the version"),
	OPT_END,
};

const struct opt_table trains_list_options = {"list", 21, list_rows};

struct list_opts {
	bool cards, abilities, json;
	int naming;        /* space index, or -1 */
	const char *naming_arg;
	long upto;         /* cards used */
	int players;
};

static bool keep(const struct pack *p, const struct list_opts *o, int a)
{
	if (o->naming < 0)
		return true;
	return a >= 0 && ability_names_space(&p->layout, &p->abilities.v[a], o->naming);
}

static void print_cards(const struct pack *p, const struct list_opts *o)
{
	long total = pack_card_total(p);
	struct jw w;
	jw_init(&w, stdout);
	if (o->json)
		jw_open(&w, '[', "\n  ", ",\n  ", "\n");
	for (long pos = 0; pos < total; pos++) {
		int a;
		long n = pack_card_at(p, pos, &a);
		if ((n && n > o->upto) || (!n && o->naming >= 0) || (n && !keep(p, o, a)))
			continue;
		const char *code = n ? (a >= 0 ? p->abilities.v[a].code : "-") : "W";
		const char *sym = n ? (a >= 0 ? p->abilities.v[a].symbolic : "(none)") : "wild";
		if (o->json) {
			jw_object(&w);
			jw_key(&w, "number");
			if (n)
				jw_int(&w, n);
			else
				jw_str(&w, "W");
			jw_put_str(&w, "code", code);
			jw_put_str(&w, "ability", sym);
			jw_end(&w);
		} else if (n) {
			printf("%ld\t%s\t%s\n", n, code, sym);
		} else {
			printf("W\tW\twild\n");
		}
	}
	if (o->json) {
		jw_end(&w);
		putchar('\n');
	}
}

/* Say which abilities hold one card more when upto is not a multiple of k. */
static void print_remainder(const struct pack *p, long upto, const char *what)
{
	size_t k = p->abilities.n;
	long *counts = xcalloc(k, sizeof *counts);
	ability_counts(p->by_number, upto, k, counts);
	long lo = counts[0], hi = counts[0];
	for (size_t a = 1; a < k; a++) {
		if (counts[a] < lo)
			lo = counts[a];
		if (counts[a] > hi)
			hi = counts[a];
	}
	if (lo != hi) {
		size_t more = 0;
		for (size_t a = 0; a < k; a++)
			more += counts[a] == hi;
		printf("note: %s (cards 1-%ld) %s %ld to %ld cards per ability; %zu get%s %ld:", what, upto,
		       p->has_table ? "has" : "has, by construction,", lo, hi, more, more == 1 ? "s" : "", hi);
		size_t shown = 0;
		for (size_t a = 0; a < k && shown < 12; a++)
			if (counts[a] == hi)
				printf("%s %s", shown++ ? "," : "", p->abilities.v[a].symbolic);
		if (more > shown)
			printf(", ... (%zu more)", more - shown);
		putchar('\n');
	}
	free(counts);
}

static void print_table(const struct pack *p, const struct list_opts *o)
{
	size_t k = p->abilities.n;
	printf("%s\n", p->title);
	if (p->layout.rows)
		printf("%d abilities, cards 1-%ld, grid %dx%d", (int)k, o->upto, p->layout.rows, p->layout.cols);
	else
		printf("%d abilities, cards 1-%ld, census %d", (int)k, o->upto, p->layout.census);
	if (p->copies > 1)
		printf(", %d copies of each number", p->copies);
	if (p->wild)
		printf(", %d wild card%s", p->wild, p->wild == 1 ? "" : "s");
	putchar('\n');
	/* Column width: the widest symbolic form, counted in characters. */
	size_t w = 7;
	for (size_t a = 0; a < k; a++) {
		size_t chars = utf8_chars(p->abilities.v[a].symbolic);
		if (chars > w)
			w = chars;
	}
	printf("%-*s  cards\n", (int)w, "ability");
	/* Numbers per ability, gathered in one pass over the pack. */
	size_t *count = xcalloc(k, sizeof *count);
	for (long n = 1; n <= o->upto; n++)
		if (p->by_number[n - 1] >= 0)
			count[p->by_number[n - 1]]++;
	long **nums = xcalloc(k, sizeof *nums);
	size_t *fill = xcalloc(k, sizeof *fill);
	for (size_t a = 0; a < k; a++)
		nums[a] = xmalloc((count[a] ? count[a] : 1) * sizeof **nums);
	for (long n = 1; n <= o->upto; n++) {
		int a = p->by_number[n - 1];
		if (a >= 0)
			nums[a][fill[a]++] = n;
	}
	for (size_t a = 0; a < k; a++) {
		if (!keep(p, o, (int)a))
			continue;
		const char *sym = p->abilities.v[a].symbolic;
		printf("%s%*s  ", sym, (int)(w - utf8_chars(sym)), "");
		for (size_t i = 0; i < fill[a]; i++)
			printf("%s%ld", i ? ", " : "", nums[a][i]);
		if (!fill[a])
			fputs("(none)", stdout);
		putchar('\n');
	}
	for (size_t a = 0; a < k; a++)
		free(nums[a]);
	long gaps = 0;
	for (long n = 1; n <= o->upto; n++)
		gaps += p->by_number[n - 1] < 0;
	if (gaps)
		printf("note: %ld card%s carry no ability in the table (see 'railyard check')\n", gaps,
		       gaps == 1 ? "" : "s");
	free(nums);
	free(fill);
	free(count);
	if (o->naming >= 0)
		return;
	print_remainder(p, o->upto, o->players ? "this reduction" : "the pack");
	if (!o->players)
		for (size_t i = 0; i < p->nplayers; i++) {
			char what[64];
			snprintf(what, sizeof what, "the %d-player pack", p->players[i].players);
			print_remainder(p, p->players[i].cards, what);
		}
}

static void print_abilities(const struct pack *p)
{
	for (size_t a = 0; a < p->abilities.n; a++)
		printf("%zu\t%s\t%s\t%s\n", a + 1, p->abilities.v[a].code, p->abilities.v[a].symbolic,
		       ability_kind_name(p->abilities.v[a].kind));
}

/* Parse list's options into o (and *players); returns -1 to go on, or the exit
 * status (--help, --version, a bad option). *path is the pack file. */
static int parse_list_args(int argc, char **argv, struct list_opts *o, long *players,
			   const char **path)
{
	int c;
	optind = 1;
	while ((c = cli_next(argc, argv, &trains_list_options)) != -1) {
		switch (c) {
		case 'c': o->cards = true; break;
		case 'a': o->abilities = true; break;
		case 'j': o->json = true; break;
		case 'n': o->naming_arg = optarg; break;
		case 'p':
			if (parse_int(optarg, 1, PACK_MAX_PLAYERS, players) != 0) {
				diag(SEV_ERROR, NULL, "--players must be a number of players 1..%d, not '%s'",
				     PACK_MAX_PLAYERS, optarg);
				return EXIT_INPUT;
			}
			break;
		default: return cli_usage(c, &trains_list_options);
		}
	}
	if (!cli_one_pack(argc, "list"))
		return EXIT_INPUT;
	*path = argv[optind];
	return -1;
}

/* Resolve --naming and --players against the loaded pack p; reports and returns
 * EXIT_INPUT when the pack lacks the space or the player count. */
static int resolve_filters(const struct pack *p, struct list_opts *o, long players)
{
	int status = EXIT_OK;
	o->upto = p->cards;
	if (o->naming_arg && (o->naming = space_parse(&p->layout, o->naming_arg)) < 0) {
		diag(SEV_ERROR, NULL, "--naming: '%s' is not a space of this pack", o->naming_arg);
		status = EXIT_INPUT;
	}
	if (players) {
		o->players = (int)players;
		size_t i;
		for (i = 0; i < p->nplayers && p->players[i].players != players; i++)
			;
		if (i == p->nplayers) {
			diag(SEV_ERROR, NULL, "--players %ld: the pack's 'players' table has no such count",
			     players);
			status = EXIT_INPUT;
		} else {
			o->upto = p->players[i].cards;
		}
	}
	return status;
}

int trains_list(const struct game *g, const struct ydoc *pack, int argc, char **argv)
{
	(void)g;
	struct list_opts o = {.naming = -1};
	long players = 0;
	const char *path = NULL;
	int status = parse_list_args(argc, argv, &o, &players, &path);
	if (status >= 0)
		return status;
	data_keys_warn(true);   /* a data row naming no card: the cards are listed to look it up */
	struct pack *p = pack_of(pack, path, false);
	data_keys_warn(false);
	if (!p)
		return EXIT_INPUT;
	status = resolve_filters(p, &o, players);
	if (status == EXIT_OK) {
		if (o.abilities)
			print_abilities(p);
		else if (o.cards || o.json)
			print_cards(p, &o);
		else
			print_table(p, &o);
	}
	pack_free(p);
	return status;
}

static const struct opt dump_rows[] = {
	OPT_TEXT(
		"usage: railyard dump [--rule KEY=VALUE ...] PACK.yaml\n"
		"\n"
		"Print the loaded pack model and its assignment as stable plain text: what railyard\n"
		"understood of the file (the debugging view), every rule in force with where it\n"
		"comes from (default, the pack's rules: FILE:LINE:COL, or command line). For a\n"
		"pack of another game, the same as 'railyard list --dump PACK.yaml'.\n"
		"\n"),
	OPT_VALUES("rule", 'r', "KEY=VALUE", "override a rule of the pack, as simulate does; repeatable", "@rule"),
	OPT("quiet", OPT_QUIET, NULL, "no progress lines on stderr (as in every command)"),
	OPT("help", 'h', NULL, ""), OPT("version", 'V', NULL, ""),
	OPT_END,
};

const struct opt_table trains_dump_options = {"dump", 24, dump_rows};

int trains_dump(const struct game *g, const struct ydoc *pack, int argc, char **argv)
{
	(void)g;
	const char *rules[RULESET_MAX];
	size_t nrules = 0;
	int c;
	optind = 1;
	while ((c = cli_next(argc, argv, &trains_dump_options)) != -1) {
		switch (c) {
		case 'r':
			if (cli_rule(optarg, rules, &nrules, RULESET_MAX))
				return EXIT_INPUT;
			break;
		default: return cli_usage(c, &trains_dump_options);
		}
	}
	if (optind != argc - 1) {
		diag(SEV_ERROR, NULL, "dump takes one pack file (see 'railyard help dump')");
		return EXIT_INPUT;
	}
	struct pack *p = pack_of(pack, argv[optind], false);
	if (!p)
		return EXIT_INPUT;
	bool ok = true;
	for (size_t i = 0; i < nrules; i++)
		ok &= ruleset_set(&p->rules.set, rules[i]);
	if (ok)
		pack_dump(p, stdout);
	pack_free(p);
	return ok ? EXIT_OK : EXIT_INPUT;
}
