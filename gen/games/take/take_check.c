/* take_check.c: `railyard check` for Take the Train: options, the pack's view
 * of the game, and the verdict. The rules themselves are in take_rules.c. */
#include <errno.h>
#include "cli.h"
#include "opt.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "kit_games.h"
#include "take.h"
#include "trust.h"
#include "util.h"

/* --- Take the Train ---------------------------------------------------------- */

static const struct opt take_rows[] = {
	OPT_TEXT(
		"usage: railyard check [OPTIONS] PACK.yaml --play CARDS     (game: take-the-train)\n"
		"\n"
		"Whether a play may be made: a run of one colour to one end of a line, a Station\n"
		"opening a new line, an End of Line, a Free Ride or the card it stands in for, a\n"
		"Transfer. Cards: B7 (blue 7), BS (blue Station), FR, EL, TR; or blue-7,\n"
		"blue-station, free-ride, end-of-line, transfer. Separate cards with spaces.\n"
		"\n"),
	OPT("line", 'l', "CARDS",
		"the line on the table, left to right, the Station in the\n"
		"middle, the descending side (6..1) on its left and the\n"
		"ascending side (7..12) on its right: \"B4 B5 B6 BS B7 EL\";\n"
		"a Transfer's branch beyond the card at an end, heading\n"
		"away from the Station: \"O3 O4 O5 TR B5 B6 BS B7\""),
	OPT("play", 'p', "CARDS", "the cards played, in order"),
	OPT("hand", 'H', "CARDS",
		"instead of --play: the player's hand; says which cards\n"
		"it can play, or what the rules make the player do (no\n"
		"--line: the Station phase)"),
	OPT("score", 'S', "CARDS:FARES,...",
		"instead of --play: the end of a round, per seat\n"
		"the cards left in hand and the fares held (a seat with 0\n"
		"cards or 0 fares ended it); the others pay one fare per\n"
		"card, the most fares wins (a tie: rules: tie)"),
	OPT_VALUES("rule", 'r', "KEY=VALUE",
		"override a rule of the pack for this run:\n"
		"tie=none|shared|fewest-cards (repeatable)", "@rule"),
	OPT_VALUES("end", 'e', "left|right", "only this end of the line", "left right"),
	OPT("without", 'w', "NAME",
		"leave out an optional group (transfer); --with NAME puts it back"),
	OPT("json", 'j', NULL, "{\"legal\": true|false, \"findings\": [\"...\"]}"),
	OPT("quiet", OPT_QUIET, NULL, "no progress lines on stderr (as in every command)"),
	OPT("help", 'h', NULL, ""), OPT("version", 'V', NULL, ""),
	OPT_TEXT(
		"\n"
		"With none of --play, --hand, --score: whether the pack as printed can be played\n"
		"(a Station; without Transfers, a Station of every colour; a deal that fits).\n"
		"\n"
		"exit status: 0 legal (sound), 1 not legal (not sound), 2 invalid input.\n"),
	OPT("with", 'W', "NAME", NULL),   /* named in --without's help */
	OPT_END,
};

const struct opt_table take_check_options = {"check", 23, take_rows};

static int take_cards(const struct take_game *g, const char *opt, const char *s,
		      struct take_card **out, size_t *n)
{
	size_t nw;
	char **w = kit_games_words(s, &nw);
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
	kit_games_words_free(w, nw);
	if (nw > 120) {
		diag(SEV_ERROR, NULL, "%s: too many cards (%zu)", opt, nw);
		bad++;
	}
	return bad ? -1 : 0;
}

/* The game as the pack describes it: colours and numbers of the 'number' group. */
static int take_game_of(const struct kit *d, struct take_game *g)
{
	const struct kit_group *num = kit_group_named(d, "number");
	int ci = num ? kit_field_index(num, "colour") : -1;
	int ni = num ? kit_field_index(num, "number") : -1;
	if (ci < 0 || ni < 0) {
		diag(SEV_ERROR, &d->loc, "a take-the-train pack needs a 'number' card group whose "
		     "product has the fields 'colour' and 'number'");
		return -1;
	}
	const struct kit_field *nf = &num->fields[ni];
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
		const struct kit_group *sg = kit_group_named(d, names[i]);
		*counts[i] = sg && sg->included ? sg->count : 0;
	}
	return 0;
}

/* The options of check for Take the Train. */
struct take_opts {
	const char *line, *play, *hand, *score;
	const char *rule[RULESET_MAX];   /* --rule KEY=VALUE, over the pack's rules: */
	size_t nrule;
	struct names_select sel;
	int side;
	bool json, pack;
};

/* What the round's score goes to under rules: target and rounds. */
static void score_game(const struct ruleset *rs, int win, struct buf *out)
{
	struct take_rules tr;
	take_rules_from(rs, &tr);
	long target = tr.target, rounds = tr.rounds;
	if (!target && !rounds)
		buf_printf(out, "; the game is one round (rules: target=0, rounds=0): %s\n",
			   win >= 0 ? "it wins the game" : "no single winner");
	else if (target && rounds)
		buf_printf(out, "; the game goes on until a total reaches %ld fares (rules: target=%ld), "
			   "at most %ld round%s (rules: rounds=%ld)\n", target, target, rounds, rounds == 1 ? "" : "s",
			   rounds);
	else if (target)
		buf_printf(out, "; the game goes on until a total reaches %ld fares (rules: target=%ld)\n",
			   target, target);
	else
		buf_printf(out, "; the highest total after %ld round%s wins the game (rules: rounds=%ld)\n",
			   rounds, rounds == 1 ? "" : "s", rounds);
}

/* The round's end in words: the winner, or the tie under the rule; then what
 * the round's score goes to. */
static void score_verdict(const long *after, int n, const struct ruleset *rs, int win, struct buf *out)
{
	struct take_rules tr;
	take_rules_from(rs, &tr);
	enum take_tie tie = tr.tie;
	long most = take_most(after, n);
	int tied = 0;
	for (int i = 0; i < n; i++)
		tied += after[i] == most;
	if (win >= 0) {
		buf_printf(out, "legal: seat %d wins the round with %ld fares, the round's score%s", win + 1,
			   after[win], tied > 1 ? "; of the tied seats it has the fewest cards left "
						  "(rules: tie=fewest-cards)" : "");
		score_game(rs, win, out);
		return;
	}
	if (tie == TAKE_TIE_NONE) {
		buf_puts(out, "legal: a tie for the most fares: the seed names no single winner");
	} else if (tie == TAKE_TIE_FEWEST_CARDS) {
		buf_puts(out, "legal: a tie for the most fares and the fewest cards left: no single winner "
			 "(rules: tie=fewest-cards)");
	} else {
		buf_puts(out, "legal: a tie for the most fares: no single winner; seats");
		for (int i = 0; i < n; i++)
			if (after[i] == most)
				buf_printf(out, " %d", i + 1);
		buf_printf(out, " each score %ld (rules: tie=shared)", most);
	}
	score_game(rs, win, out);
}

/* --score "0:20,3:18,5:25": the end of a round. */
static int take_score(const struct game *game, const struct ydoc *pack, const char *path,
		      const struct take_opts *o)
{
	struct game_rules rules;
	const char *arg = o->score;
	bool json = o->json;
	struct kit *d = kit_games_load(game, pack, path, NULL, &rules);
	if (!d)
		return EXIT_INPUT;
	kit_free(d);
	if (!ruleset_set_all(&rules.set, o->rule, o->nrule))
		return EXIT_INPUT;
	size_t nw;
	char **w = kit_games_words(arg, &nw);
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
	bool over = false;
	for (size_t i = 0; i < nw && !bad; i++)
		over |= cards[i] == 0 || fares[i] == 0;
	if (!bad && !over) {
		/* "The game is over when one player empties his hand of cards, or
		 * alternately if a player runs out of Fares." */
		diag(SEV_ERROR, NULL, "--score: the round ends when a player empties their hand or runs out of "
		     "fares: give a seat 0 cards or 0 fares (nobody wins before that)");
	} else if (!bad) {
		struct buf out = {0};
		struct take_rules tr;
		take_rules_from(&rules.set, &tr);
		int win = take_end(cards, fares, (int)nw, tr.tie, after);
		for (size_t i = 0; i < nw; i++)
			buf_printf(&out, "seat %zu: %ld card%s left, pays %ld, %ld fares left\n", i + 1,
				   cards[i], cards[i] == 1 ? "" : "s", fares[i] - after[i], after[i]);
		score_verdict(after, (int)nw, &rules.set, win, &out);
		status = kit_games_check_verdict(true, &out, json);
		buf_free(&out);
	}
	kit_games_words_free(w, nw);
	return status;
}

/* One option into *o; false (reported) when its value is wrong; *stop set to
 * the status to end with (help, version, usage). */
static bool take_option(int c, struct take_opts *o, int *stop)
{
	switch (c) {
	case 'j': o->json = true; return true;
	case 'H': o->hand = optarg; return true;
	case 'S': o->score = optarg; return true;
	case 'l': o->line = optarg; return true;
	case 'p': o->play = optarg; return true;
	case 'r': return cli_rule(optarg, o->rule, &o->nrule, RULESET_MAX) == 0;
	case 'e':
		if (!strcmp(optarg, "left") || !strcmp(optarg, "right")) {
			o->side = !strcmp(optarg, "left") ? TAKE_LEFT : TAKE_RIGHT;
			return true;
		}
		diag(SEV_ERROR, NULL, "--end must be left or right, not '%s'", optarg);
		return false;
	case 'w':
	case 'W':
		if (names_select_add(&o->sel, c, optarg) != 0)
			*stop = EXIT_INPUT;
		return true;
	case 'h': opt_help(stdout, &take_check_options); *stop = EXIT_OK; return true;
	case 'V': *stop = cli_version(); return true;
	default: cli_brief(&take_check_options); *stop = EXIT_INPUT; return true;
	}
}

/* The options into *o; -1 to go on, or the status to end with (reported). */
static int take_options(int argc, char **argv, struct take_opts *o)
{
	memset(o, 0, sizeof *o);
	o->side = -1;
	bool ok = true;
	int c, stop = -1;
	optind = 1;
	while ((c = cli_next(argc, argv, &take_check_options)) != -1) {
		ok &= take_option(c, o, &stop);
		if (stop >= 0)
			return stop;
	}
	if (!o->play && !o->hand && !o->score && !o->line && o->side < 0) {
		o->pack = true;   /* no position: the pack-level check */
	} else if (!!o->play + !!o->hand + !!o->score != 1) {
		diag(SEV_ERROR, NULL, "check: give one of --play (the cards played), --hand or --score "
		     "(see --help)");
		ok = false;
	}
	return kit_games_check_one_pack(argc, &take_check_options) < 0 || !ok ? EXIT_INPUT : -1;
}

/* --line into *line; false, every problem reported, when it is not a line. */
static bool take_read_line(const struct take_game *g, const struct take_card *cards, size_t n,
			   struct take_line *line)
{
	struct buf why = {0};
	bool ok = take_line_parse(g, cards, n, line, &why) == 0;
	for (const char *s = ok || !why.s ? "" : why.s; *s;) {
		size_t k = strcspn(s, "\n");
		diag(SEV_ERROR, NULL, "--line: %.*s", (int)k, s);
		s += k + (s[k] == '\n');
	}
	buf_free(&why);
	return ok;
}

/* The play (or the hand's turn) on the line: its exit status. */
static int take_play(const struct take_game *g, const struct take_opts *o)
{
	struct take_card *line_cards = NULL, *play = NULL;
	size_t nline = 0, nplay = 0;
	struct take_line line;
	struct buf out = {0};
	int status = EXIT_INPUT;
	int bad = take_cards(g, o->hand ? "--hand" : "--play", o->hand ? o->hand : o->play, &play, &nplay);
	if (o->line)
		bad |= take_cards(g, "--line", o->line, &line_cards, &nline);
	if (!bad && !nplay)
		diag(SEV_ERROR, NULL, "--play: no cards");
	if (!bad && nplay && (!o->line || take_read_line(g, line_cards, nline, &line))) {
		const struct take_line *l = o->line ? &line : NULL;
		bool legal = o->hand ? take_turn(g, l, play, nplay, &out) >= 0
				     : take_check_play(g, l, play, nplay, o->side, &out);
		status = kit_games_check_verdict(legal, &out, o->json);
	}
	buf_free(&out);
	free(line_cards);
	free(play);
	return status;
}

int take_check(const struct game *game, const struct ydoc *pack, int argc, char **argv)
{
	struct take_opts o;
	int status = take_options(argc, argv, &o);
	if (status >= 0)
		return status;
	if (o.pack)
		return kit_games_check_pack(game, pack, argv[optind], &o.sel, o.rule, o.nrule);
	if (o.score)
		return take_score(game, pack, argv[optind], &o);
	struct game_rules rules;
	struct kit *d = kit_games_load(game, pack, argv[optind], &o.sel, &rules);
	if (!d)
		return EXIT_INPUT;
	if (!ruleset_set_all(&rules.set, o.rule, o.nrule)) {
		kit_free(d);
		return EXIT_INPUT;
	}
	struct take_game g;
	status = take_game_of(d, &g) == 0 ? take_play(&g, &o) : EXIT_INPUT;
	kit_free(d);
	return status;
}

/* Whether some player count of the deal gets its hands from `cards`; with
 * notes, a warning for each that does not. */
static bool take_some_deal(const struct kit *d, long cards, bool notes)
{
	bool some = !d->ndeals;
	for (size_t i = 0; i < d->ndeals; i++) {
		int bad[2] = {0, 0};
		long need = 0;
		for (int p = d->deals[i].lo; p <= d->deals[i].hi && p > 0; p++) {
			long hand = d->deals[i].cards ? d->deals[i].cards : cards / p;
			bool ok = hand >= 1 && hand * p <= cards;
			some |= ok;
			if (!ok) {
				bad[0] = bad[0] ? bad[0] : p;
				bad[1] = p;
				need = hand * p;
			}
		}
		char r[32];
		snprintf(r, sizeof r, bad[0] == bad[1] ? "%d" : "%d-%d", bad[0], bad[1]);
		if (notes && bad[0])
			diag(SEV_WARNING, &d->deals[i].loc, "%s players: the hands need %s%ld cards, the pack has "
			     "%ld: that cannot be dealt", r, bad[0] == bad[1] ? "" : "up to ", need, cards);
	}
	return some;
}

/* Without Transfers a line opens only with its Station: every colour of the
 * numbers needs one. Returns the errors reported. */
static int take_station_colours(const struct kit *d, const struct kit_group *num,
				const struct kit_group *st)
{
	int ci = kit_field_index(num, "colour"), si = kit_field_index(st, "colour"), errors = 0;
	for (size_t c = 0; ci >= 0 && si >= 0 && c < num->fields[ci].n; c++) {
		const char *colour = num->fields[ci].values[c];
		bool found = false;
		for (size_t i = 0; i < d->nitems && !found; i++)
			found = &d->groups[d->items[i].group] == st && !strcmp(d->items[i].values[si], colour);
		if (!found) {
			diag(SEV_ERROR, &st->loc, "no %s Station: the %s numbers can never be played (\"If a "
			     "player has another Station card, he may play it ... to open a new line\"; no "
			     "Transfer in the pack branches into %s)", colour, colour, colour);
			errors++;
		}
	}
	return errors;
}

/* Where the pack sets a named rule (NULL: the default or the command line). */
static const struct loc *take_rule_loc(const struct ruleset *rs, const char *key)
{
	for (size_t i = 0; i < rs->n; i++)
		if (!strcmp(rs->keys[i].key, key))
			return rs->from[i] == RULE_PACK ? &rs->loc[i] : NULL;
	return NULL;
}

/* rules: target against the fares: "the Train Fares are split evenly" and a
 * round's winner scores the fares left, never more than its share, so N
 * players reach target T in no fewer than T / (fares / N) rounds. A share of
 * 0 never reaches it: the game never ends (an error when no player count of
 * the deal can); within rules: rounds it may never be reached, and the rounds
 * always decide (a warning). Returns the errors reported. */
static int take_check_target(const struct kit *d, const struct ruleset *rs, bool notes)
{
	struct take_rules tr;
	take_rules_from(rs, &tr);
	long target = tr.target, rounds = tr.rounds;
	if (target <= 0)
		return 0;
	const struct kit_group *fare = kit_group_named(d, "fare");
	long fares = fare ? fare->count : 100;
	int lo = 2, hi = 2, never = 0, moot = 0, counts = 0;
	for (size_t i = 0; i < d->ndeals; i++) {
		lo = i ? (d->deals[i].lo < lo ? d->deals[i].lo : lo) : d->deals[i].lo;
		hi = i ? (d->deals[i].hi > hi ? d->deals[i].hi : hi) : d->deals[i].hi;
	}
	for (int p = lo > 0 ? lo : 1; p <= hi; p++, counts++) {
		long share = fares / p;
		never += share == 0;
		moot += share > 0 && rounds > 0 && rounds * share < target;
	}
	const struct loc *at = take_rule_loc(rs, "target");
	if (never == counts) {
		diag(SEV_ERROR, at ? at : &d->loc, "target: %ld fares can never be reached: %ld fare%s split "
		     "evenly leave%s each of %d%s players none to win a round with, and the game never ends",
		     target, fares, fares == 1 ? "" : "s", fares == 1 ? "s" : "", lo, lo == hi ? "" : " or more");
		return 1;
	}
	if (notes && never)
		diag(SEV_WARNING, at ? at : &d->loc, "target: %ld fares split among %d or more players leave "
		     "each none to win a round with: at that count the game never ends", fares, (int)(fares + 1));
	if (notes && moot == counts - never)
		diag(SEV_WARNING, at ? at : &d->loc, "target: %ld fares are never reached in %ld round%s (a round "
		     "scores at most the winner's share, %ld fares with %d players): rules: rounds always decides",
		     target, rounds, rounds == 1 ? "" : "s", fares / lo, lo);
	return 0;
}

/* kit_games.h */
int take_check_pack(const struct kit *d, const struct game_rules *rules, bool notes)
{
	const struct kit_group *num = kit_group_named(d, "number"), *st = kit_group_named(d, "station");
	int errors = 0;
	if (!kit_games_group_count(d, st)) {
		diag(SEV_ERROR, st ? &st->loc : &d->loc, "no Station card: the game never starts (\"If no "
		     "player has a station, players draw in turn until one is found\")");
		errors++;
	} else if (num && num->included && !kit_games_group_count(d, kit_group_named(d, "transfer"))) {
		errors += take_station_colours(d, num, st);
	}
	long cards = kit_count(d, KIT_CARD);
	if (!take_some_deal(d, cards, notes)) {
		diag(SEV_ERROR, &d->deals[0].loc, "no player count of the deal gets its hands from the "
		     "%ld cards (\"13 cards each for 2 or 3 players, 8 for 4 or more\")", cards);
		errors++;
	}
	return errors + take_check_target(d, &rules->set, notes);
}
