/* take_check.c: `railyard check` for Take the Train: options, the pack's view
 * of the game, and the verdict. The rules themselves are in take_rules.c. */
#include <errno.h>
#include "cli.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "diag.h"
#include "games.h"
#include "json.h"
#include "take.h"
#include "trust.h"
#include "util.h"

/* --- Take the Train ---------------------------------------------------------- */

static const char take_usage[] =
	"usage: railyard check [OPTIONS] PACK.yaml --play CARDS     (game: take-the-train)\n\n"
	"Whether a play may be made: a run of one colour to one end of a line, a Station\n"
	"opening a new line, an End of Line, a Free Ride or the card it stands in for, a\n"
	"Transfer. Cards: B7 (blue 7), BS (blue Station), FR, EL, TR; or blue-7,\n"
	"blue-station, free-ride, end-of-line, transfer. Separate cards with spaces.\n\n"
	"  -l, --line CARDS     the line on the table, left to right, the Station in the\n"
	"                       middle, the descending side (6..1) on its left and the\n"
	"                       ascending side (7..12) on its right: \"B4 B5 B6 BS B7 EL\"\n"
	"  -p, --play CARDS     the cards played, in order\n"
	"  -H, --hand CARDS     instead of --play: the player's hand; says which cards\n"
	"                       it can play, or what the rules make the player do (no\n"
	"                       --line: the Station phase)\n"
	"  -S, --score CARDS:FARES,...  instead of --play: the end of a round, per seat\n"
	"                       the cards left in hand and the fares held; the others pay\n"
	"                       one fare per card, the most fares wins\n"
	"  -e, --end left|right only this end of the line\n"
	"  -w, --without NAME   leave out an optional group (transfer); --with NAME puts it back\n"
	"  -j, --json           {\"legal\": true|false, \"findings\": [\"...\"]}\n"
	"  -q, --quiet          no progress lines on stderr (as in every command)\n"
	"  -h, --help, -V, --version\n\n"
	"exit status: 0 legal, 1 not legal, 2 invalid input.\n";

static int take_cards(const struct take_game *g, const char *opt, const char *s,
		      struct take_card **out, size_t *n)
{
	size_t nw;
	char **w = games_words(s, &nw);
	*out = xcalloc(nw + 1, sizeof **out);
	*n = nw;
	int bad = 0;
	for (size_t i = 0; i < nw; i++) {
		struct buf why = {0};
		if (take_parse_card(g, w[i], &(*out)[i], &why) != 0) {
			diag(SEV_ERROR, NULL, "%s: %s", opt, why.s);
			bad++;
		}
		buf_free(&why);
	}
	games_words_free(w, nw);
	if (nw > 120) {
		diag(SEV_ERROR, NULL, "%s: too many cards (%zu)", opt, nw);
		bad++;
	}
	return bad ? -1 : 0;
}

/* The game as the pack describes it: colours and numbers of the 'number' group. */
static int take_game_of(const struct deck *d, struct take_game *g)
{
	const struct deck_group *num = deck_group_named(d, "number");
	int ci = num ? deck_field_index(num, "colour") : -1;
	int ni = num ? deck_field_index(num, "number") : -1;
	if (ci < 0 || ni < 0) {
		diag(SEV_ERROR, &d->loc, "a take-the-train pack needs a 'number' card group whose "
		     "product has the fields 'colour' and 'number'");
		return -1;
	}
	const struct deck_field *nf = &num->fields[ni];
	for (size_t i = 0; i < nf->n; i++) {
		long v;
		if (parse_int(nf->values[i], 1, 60, &v) != 0 || v != (long)i + 1) {
			diag(SEV_ERROR, &nf->loc, "the numbers of a take-the-train pack run 1, 2, 3, ... "
			     "(at most 60); value %zu is '%s'", i + 1, nf->values[i]);
			return -1;
		}
	}
	if (nf->n < 2 || num->fields[ci].n > 64) {
		diag(SEV_ERROR, &nf->loc, "a take-the-train pack needs at least two numbers and at most "
		     "64 colours");
		return -1;
	}
	g->colours = (const char *const *)num->fields[ci].values;
	g->ncolours = num->fields[ci].n;
	g->high = (int)nf->n;
	g->split = g->high / 2;
	const char *names[3] = {"free-ride", "end-of-line", "transfer"};
	long *counts[3] = {&g->free_rides, &g->end_of_lines, &g->transfers};
	for (int i = 0; i < 3; i++) {
		const struct deck_group *sg = deck_group_named(d, names[i]);
		*counts[i] = sg && sg->included ? sg->count : 0;
	}
	return 0;
}

/* --score "0:20,3:18,5:25": the end of a round. */
static int take_score(const struct game *game, const char *path, const char *arg, bool json)
{
	struct game_rules rules;
	struct deck *d = games_load(game, path, NULL, &rules);
	if (!d)
		return EXIT_INPUT;
	deck_free(d);
	size_t nw;
	char **w = games_words(arg, &nw);
	long cards[64], fares[64], after[64];
	int bad = nw < 2 || nw > 64;
	if (bad)
		diag(SEV_ERROR, NULL, "--score: give 2 to 64 seats as CARDS:FARES, e.g. 0:20,3:18");
	for (size_t i = 0; i < nw && !bad; i++) {
		char *colon = strchr(w[i], ':');
		if (colon)
			*colon = '\0';
		if (!colon || parse_int(w[i], 0, 1000, &cards[i]) != 0 ||
		    parse_int(colon + 1, 0, 1000, &fares[i]) != 0) {
			diag(SEV_ERROR, NULL, "--score: seat %zu: write CARDS:FARES with whole numbers 0..1000",
			     i + 1);
			bad = 1;
		}
	}
	int status = EXIT_INPUT;
	if (!bad) {
		struct buf out = {0};
		int win = take_end(cards, fares, (int)nw, after);
		for (size_t i = 0; i < nw; i++)
			buf_printf(&out, "seat %zu: %ld card%s left, pays %ld, %ld fares left\n", i + 1,
				   cards[i], cards[i] == 1 ? "" : "s", fares[i] - after[i], after[i]);
		if (win >= 0)
			buf_printf(&out, "legal: seat %d wins the round with %ld fares, the round's score "
				   "(play to 100 or 250)\n", win + 1, after[win]);
		else
			buf_puts(&out, "legal: a tie for the most fares: the seed names no single winner\n");
		status = games_check_verdict(true, &out, json);
		buf_free(&out);
	}
	games_words_free(w, nw);
	return status;
}

int games_check_take(const struct game *game, int argc, char **argv)
{
	static const struct option longopts[] = {
		{"line", required_argument, NULL, 'l'},
		{"play", required_argument, NULL, 'p'},
		{"end", required_argument, NULL, 'e'},
		{"hand", required_argument, NULL, 'H'},
		{"score", required_argument, NULL, 'S'},
		{"json", no_argument, NULL, 'j'},
		{"without", required_argument, NULL, 'w'},
		{"with", required_argument, NULL, 'W'},
		{"help", no_argument, NULL, 'h'},
		{"version", no_argument, NULL, 'V'},
		{NULL, 0, NULL, 0},
	};
	const char *line_arg = NULL, *play_arg = NULL, *hand_arg = NULL, *score_arg = NULL;
	struct games_select sel = {0};
	int side = -1, c, errors = 0;
	bool json = false;
	optind = 1;
	while ((c = cli_next(argc, argv, longopts)) != -1) {
		switch (c) {
		case 'j': json = true; break;
		case 'H': hand_arg = optarg; break;
		case 'S': score_arg = optarg; break;
		case 'l': line_arg = optarg; break;
		case 'p': play_arg = optarg; break;
		case 'e':
			if (!strcmp(optarg, "left"))
				side = TAKE_LEFT;
			else if (!strcmp(optarg, "right"))
				side = TAKE_RIGHT;
			else {
				diag(SEV_ERROR, NULL, "--end must be left or right, not '%s'", optarg);
				errors++;
			}
			break;
		case 'w':
		case 'W':
			if (games_select_add(&sel, c, optarg) != 0)
				return EXIT_INPUT;
			break;
		case 'h': fputs(take_usage, stdout); return EXIT_OK;
		case 'V': return cli_version();
		default: cli_brief(take_usage); return EXIT_INPUT;
		}
	}
	if (!!play_arg + !!hand_arg + !!score_arg != 1) {
		diag(SEV_ERROR, NULL, "check: give one of --play (the cards played), --hand or --score "
		     "(see --help)");
		errors++;
	}
	if (games_check_one_pack(argc, take_usage) < 0 || errors)
		return EXIT_INPUT;
	if (score_arg)
		return take_score(game, argv[optind], score_arg, json);
	if (hand_arg)
		play_arg = hand_arg;
	struct game_rules rules;
	struct deck *d = games_load(game, argv[optind], &sel, &rules);
	if (!d)
		return EXIT_INPUT;
	struct take_game g;
	struct take_card *line_cards = NULL, *play = NULL;
	size_t nline = 0, nplay = 0;
	int status = EXIT_INPUT;
	struct take_line line;
	struct buf why = {0}, out = {0};
	if (take_game_of(d, &g) != 0)
		goto done;
	int bad = take_cards(&g, "--play", play_arg, &play, &nplay);
	if (line_arg)
		bad |= take_cards(&g, "--line", line_arg, &line_cards, &nline);
	if (bad)
		goto done;
	if (!nplay) {
		diag(SEV_ERROR, NULL, "--play: no cards");
		goto done;
	}
	if (line_arg && take_line_parse(&g, line_cards, nline, &line, &why) != 0) {
		const char *s = why.s;
		while (*s) {
			size_t n = strcspn(s, "\n");
			diag(SEV_ERROR, NULL, "--line: %.*s", (int)n, s);
			s += n + (s[n] == '\n');
		}
		goto done;
	}
	if (hand_arg)
		status = games_check_verdict(take_turn(&g, line_arg ? &line : NULL, play, nplay, &out) >= 0, &out, json);
	else
		status = games_check_verdict(take_check_play(&g, line_arg ? &line : NULL, play, nplay, side, &out),
				 &out, json);
done:
	buf_free(&why);
	buf_free(&out);
	free(line_cards);
	free(play);
	deck_free(d);
	return status;
}
