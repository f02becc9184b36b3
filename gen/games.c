/* games.c: `railyard list` for the other train games of the seeds (any `game:`
 * other than trains): loading a pack and its rules, the component list and deal
 * table. Their check is in GAME_check.c, their build in deck_build.c. */
#include "cli.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "diag.h"
#include "domino.h"
#include "games.h"
#include "train52.h"
#include "util.h"

int games_select_add(struct games_select *s, int c, char *name)
{
	if ((c == 'w' ? s->nwithout : s->nwith) >= GAMES_MAX_SELECT) {
		diag(SEV_ERROR, NULL, "too many --with/--without options (at most %d each)",
		     GAMES_MAX_SELECT);
		return -1;
	}
	if (c == 'w')
		s->without[s->nwithout++] = name;
	else
		s->with[s->nwith++] = name;
	return 0;
}

/* The game's rules of a loaded deck into *rules; d, or NULL (freed) on errors. */
static struct deck *with_rules(const struct game *g, struct deck *d, struct game_rules *rules)
{
	if (!d)
		return NULL;
	struct yread r = {.file = d->file};
	*rules = (struct game_rules){0};
	if (g->load_rules)
		g->load_rules(&r, d->rules, rules);
	if (r.errors) {
		deck_free(d);
		return NULL;
	}
	return d;
}

struct deck *games_load(const struct game *g, const char *path, const struct games_select *sel,
			struct game_rules *rules)
{
	static const struct games_select none;
	if (!sel)
		sel = &none;
	return with_rules(g, deck_load(path, sel->without, sel->nwithout, sel->with, sel->nwith), rules);
}

struct deck *games_load_doc(const struct game *g, struct ydoc *doc, const struct games_select *sel,
			    struct game_rules *rules)
{
	static const struct games_select none;
	if (!sel)
		sel = &none;
	return with_rules(g, deck_from_doc(doc, sel->without, sel->nwithout, sel->with, sel->nwith), rules);
}

char **games_words(const char *s, size_t *n)
{
	char **v = NULL;
	size_t cap = 0;
	*n = 0;
	while (*s) {
		while (*s == ' ' || *s == ',' || *s == '\t' || *s == '\n')
			s++;
		size_t len = strcspn(s, " ,\t\n");
		if (!len)
			break;
		v = xgrow(v, &cap, *n + 1, sizeof *v);
		v[(*n)++] = xstrndup(s, len);
		s += len;
	}
	return v;
}

void games_words_free(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

/* --- list ------------------------------------------------------------------ */

static const char list_usage[] =
	"usage: railyard list [OPTIONS] PACK.yaml     (a pack whose game is not trains)\n\n"
	"Print the components of a pack (cards, tiles, letters, tokens, board) and its\n"
	"deal table for every number of players.\n\n"
	"  -c, --cards          one line per distinct component: COUNT<TAB>NAME<TAB>GROUP\n"
	"  -d, --dump           the loaded model as stable plain text (the debugging view),\n"
	"                       with every rule in force and where it comes from\n"
	"                       (default, the pack's rules: FILE:LINE:COL, command line)\n"
	"  -r, --rule KEY=VALUE override a rule of the pack for this run (as simulate)\n"
	"  -w, --without NAME   leave out an optional group (e.g. transfer); repeatable\n"
	"      --with NAME      put back an optional group the pack leaves out\n"
	"  -q, --quiet          no progress lines on stderr (as in every command)\n"
	"  -h, --help           this help\n"
	"  -V, --version        the version\n";

static const char *kind_word(enum deck_kind k, long n)
{
	switch (k) {
	case DK_CARD: return n == 1 ? "card" : "cards";
	case DK_TILE: return n == 1 ? "tile" : "tiles";
	case DK_LETTER: return n == 1 ? "letter" : "letters";
	default: return n == 1 ? "token" : "tokens";
	}
}

static long group_total(const struct deck *d, size_t gi)
{
	long n = 0;
	for (size_t i = 0; i < d->nitems; i++)
		if (d->items[i].group == gi)
			n += d->items[i].count;
	return n;
}

/* What is dealt from: cards, else tiles, else letters. */
static enum deck_kind dealt_kind(const struct deck *d)
{
	if (deck_count(d, DK_CARD))
		return DK_CARD;
	if (deck_count(d, DK_TILE))
		return DK_TILE;
	return DK_LETTER;
}

static void list_deal(const struct deck *d, const struct game_rules *rules)
{
	if (!d->ndeals)
		return;
	enum deck_kind k = dealt_kind(d);
	long total = deck_count(d, k), tokens = deck_count(d, DK_TOKEN);
	const struct t52_pack_rules *t52 = &rules->train52;
	printf("\ndeal (%s each; the rest: %s)\n", kind_word(k, 2),
	       d->deal_rest ? d->deal_rest : "left over");
	printf("players  each  dealt  rest");
	if (tokens)
		printf("  tokens each  tokens left");
	putchar('\n');
	for (int p = 1; p <= DECK_MAX_PLAYERS; p++) {
		long each = deck_hand_size(d, p, total);
		if (each < 0)
			continue;
		long dealt = each * p;
		if (dealt > total) {
			printf("%-7d  %4ld  not enough %s (%ld for %ld)\n", p, each, kind_word(k, 2), total,
			       dealt);
			continue;
		}
		printf("%-7d  %4ld  %5ld  %4ld", p, each, dealt, total - dealt);
		if (tokens)
			printf("  %11ld  %11ld", tokens / p, tokens % p);
		putchar('\n');
	}
	if (t52->nrounds) {
		printf("\nrounds (the rest split into piles, one pile always open)\n");
		for (int p = 1; p <= DECK_MAX_PLAYERS; p++) {
			long each = deck_hand_size(d, p, total);
			if (each < 0 || each * p > total)
				continue;
			long rest = total - each * p;
			for (size_t r = 0; r < t52->nrounds; r++) {
				long np = t52->piles[r];
				printf("%d players, round %zu: %ld pile%s of", p, r + 1, np, np == 1 ? "" : "s");
				for (long i = 0; i < np; i++)
					printf("%s %ld", i ? "," : "", rest / np + (i < rest % np));
				printf("; up to %ld closed\n", np - 1);
			}
		}
	}
}

static void list_deck(const struct deck *d, const struct game_rules *rules)
{
	printf("%s (%s)\n", d->title, d->game);
	for (int k = DK_CARD; k <= DK_TOKEN; k++) {
		long n = deck_count(d, (enum deck_kind)k);
		bool any = false;
		for (size_t gi = 0; gi < d->ngroups; gi++)
			any |= d->groups[gi].kind == (enum deck_kind)k;
		if (!any)
			continue;
		printf("%s: %ld\n", kind_word((enum deck_kind)k, 2), n);
		for (size_t gi = 0; gi < d->ngroups; gi++) {
			const struct deck_group *g = &d->groups[gi];
			if (g->kind != (enum deck_kind)k)
				continue;
			printf("  %-12s %4ld  ", g->name, group_total(d, gi));
			if (g->kind == DK_TILE) {
				printf("double-%d: every pair of numbers 0-%d once", g->double_n, g->double_n);
			} else if (g->kind == DK_LETTER) {
				for (size_t i = 0; i < g->fields[0].n; i++)
					printf("%s%s %ld", i ? ", " : "", g->fields[0].values[i], g->fields[0].counts[i]);
			} else {
				if (g->label)
					printf("%s", g->label);
				for (size_t f = 0; f < g->nfields; f++)
					printf("%s%s%s (%zu)", f ? " x " : "", !f && g->label ? ", " : "",
					       g->fields[f].name, g->fields[f].n);
				if (!g->label && !g->nfields)
					printf("%s", g->name);
				if (g->count > 1 && g->nfields)
					printf(", %ld of each", g->count);
			}
			if (g->optional)
				printf(g->included ? " (optional)" : " (optional, left out)");
			putchar('\n');
		}
	}
	const struct deck_group *tiles = NULL;
	for (size_t gi = 0; gi < d->ngroups; gi++)
		if (d->groups[gi].kind == DK_TILE)
			tiles = &d->groups[gi];
	if (tiles)
		printf("each number shows on %d tile ends (%d tiles, the double counting twice)\n",
		       domino_ends_per_number(tiles->double_n), tiles->double_n + 1);
	if (d->board.present) {
		const struct deck_board *b = &d->board;
		printf("board: %d spaces, %s on space %d, %s on space %d\n", b->spaces,
		       b->start_label ? b->start_label : "start", b->start,
		       b->finish_label ? b->finish_label : "finish", b->finish);
		for (size_t i = 0; i < b->nmarks; i++) {
			printf("  %s:", b->marks[i].label ? b->marks[i].label : b->marks[i].name);
			for (size_t j = 0; j < b->marks[i].n; j++)
				printf(" %d", b->marks[i].spaces[j]);
			putchar('\n');
		}
	}
	list_deal(d, rules);
}

/* Every rule in force with its origin: the named rules, then the structured
 * keys of the games that have them. */
static void dump_rules(const struct game_rules *rules)
{
	ruleset_dump(&rules->set, stdout);
	const struct t52_pack_rules *t = &rules->train52;
	if (!strcmp(rules->set.game, GAME_TRAIN52)) {
		printf("rule piles=");
		for (size_t r = 0; r < (t->nrounds ? t->nrounds : 4); r++)
			printf("%s%d", r ? "," : "", t->nrounds ? t->piles[r] : 4 - (int)r);
		if (t->nrounds)
			printf(" (pack %s:%u:%u)\n", t->loc_piles.file, t->loc_piles.line, t->loc_piles.col);
		else
			printf(" (default)\n");
	}
	const struct toy_pack_rules *y = &rules->toy;
	if (!strcmp(rules->set.game, GAME_TOY)) {
		printf("rule min-letters=%d", y->min_letters);
		if (y->loc_min.line)
			printf(" (pack %s:%u:%u)\n", y->loc_min.file, y->loc_min.line, y->loc_min.col);
		else
			printf(" (default)\n");
		if (y->words)
			printf("rule words=%s (pack %s:%u:%u)\n", y->words, y->loc_words.file, y->loc_words.line,
			       y->loc_words.col);
	}
}

int games_list(const struct game *game, int argc, char **argv)
{
	static const struct option longopts[] = {
		{"cards", no_argument, NULL, 'c'},
		{"dump", no_argument, NULL, 'd'},
		{"rule", required_argument, NULL, 'r'},
		{"without", required_argument, NULL, 'w'},
		{"with", required_argument, NULL, 'W'},
		{"help", no_argument, NULL, 'h'},
		{"version", no_argument, NULL, 'V'},
		{NULL, 0, NULL, 0},
	};
	bool cards = false, dump = false;
	struct games_select sel = {0};
	const char *rule_args[RULESET_MAX];
	size_t nrule = 0;
	int c;
	optind = 1;
	while ((c = cli_next(argc, argv, longopts)) != -1) {
		switch (c) {
		case 'c': cards = true; break;
		case 'd': dump = true; break;
		case 'r':
			if (nrule == RULESET_MAX) {
				diag(SEV_ERROR, NULL, "--rule: at most %d", RULESET_MAX);
				return EXIT_INPUT;
			}
			rule_args[nrule++] = optarg;
			break;
		case 'w':
		case 'W':
			if (games_select_add(&sel, c, optarg) != 0)
				return EXIT_INPUT;
			break;
		default: return cli_usage(c, list_usage);
		}
	}
	if (!cli_one_pack(argc, "list"))
		return EXIT_INPUT;
	struct game_rules rules;
	struct deck *d = games_load(game, argv[optind], &sel, &rules);
	if (!d)
		return EXIT_INPUT;
	if (!ruleset_set_all(&rules.set, rule_args, nrule)) {
		deck_free(d);
		return EXIT_INPUT;
	}
	if (dump) {
		deck_dump(d, stdout);
		dump_rules(&rules);
	} else if (cards) {
		for (size_t i = 0; i < d->nitems; i++)
			printf("%ld\t%s\t%s\n", d->items[i].count, d->items[i].name,
			       d->groups[d->items[i].group].name);
	} else {
		list_deck(d, &rules);
	}
	deck_free(d);
	return EXIT_OK;
}

/* `railyard dump PACK`: the same as `railyard list --dump PACK`. */
int games_dump(const struct game *game, int argc, char **argv)
{
	static char dump_opt[] = "--dump";
	char **v = xcalloc((size_t)argc + 2, sizeof *v);
	v[0] = argv[0];
	v[1] = dump_opt;
	for (int i = 1; i < argc; i++)
		v[i + 1] = argv[i];
	int status = games_list(game, argc + 1, v);
	free(v);
	return status;
}
