/* train52_check.c: `railyard check` for Train (52 cards): options, plays,
 * the end of a round, and the verdict. The rules are in train52_rules.c. */
#include <errno.h>
#include "cli.h"
#include "opt.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "diag.h"
#include "kit_games.h"
#include "train52.h"
#include "trust.h"
#include "util.h"

/* --- Train (52 cards) ---------------------------------------------------------- */

static const struct opt train52_rows[] = {
	OPT_TEXT(
		"usage: railyard check [OPTIONS] PACK.yaml --play CARDS     (game: train-52)\n"
		"\n"
		"Whether a play is legal: a card 1 or 2 higher or 1 lower; sandwiches (J 8 J) and\n"
		"double sandwiches (J 4 4 J); doubles on an equal value, kings on a 4, queens on a\n"
		"5, jacks on a 6; the reopening sequence A 2 4 5 7 9 J K on a closed pile; a Train\n"
		"(the whole hand, 2 and up by one, on a bare closing A). Cards: A, 2-10, J, Q, K,\n"
		"optionally with a suit (10H, QS, K♣); A counts 1, J 11, Q 12, K 13.\n"
		"\n"),
	OPT("start", 's', NULL, "the beginning of a round: a 2, or two sets of doubles"),
	OPT("drawn", 'D', NULL,
		"the beginning of a round where nobody had either: each\n"
		"drew a card, and the first card put down begins"),
	OPT("top", 'o', "CARDS", "central play: the card on top (the last one given counts)"),
	OPT("pile", 'P', NULL,
		"play on a pile; --top gives its face-up cards from the\n"
		"closing A (\"A A 2 4\": the closing A, then the sequence so\n"
		"far); no --top: a pile never closed"),
	OPT("play", 'p', "CARDS", "the cards played at once, in order (required)"),
	OPT("hand", 'H', "CARDS",
		"the player's whole hand: the play comes from it, and a\n"
		"Train must use all of it"),
	OPT("open-piles", 'n', "N", "piles open now (an A may not close the last open one)"),
	OPT("piles", 'L', "N,N,...",
		"instead of --play: the cards left in each pile (a C after\n"
		"a number: the pile is closed): is it a Trainwreck?"),
	OPT("points", 'N', "N,N,...",
		"instead of --play: the seats' points after the rounds:\n"
		"the winner, or the tie-breaker's players"),
	OPT_VALUES("rule", 'r', "KEY=VALUE",
		"a reading of the seed (repeatable): face-cards=doubles\n"
		"(default: the step rule is for non-face cards) or step;\n"
		"ace=piles (default: an A only closes piles) or low;\n"
		"reopen=closing-ace (default: the closing A is the\n"
		"sequence's A) or second-ace", "@rule"),
	OPT("json", 'j', NULL, "{\"legal\": true|false, \"findings\": [\"...\"]}"),
	OPT("quiet", OPT_QUIET, NULL, "no progress lines on stderr (as in every command)"),
	OPT("help", 'h', NULL, ""), OPT("version", 'V', NULL, ""),
	OPT_TEXT(
		"\n"
		"With no play, --piles or --points: whether the pack as printed can be played\n"
		"(every rank A-K and no other; a deal of seven cards with piles left over).\n"
		"\n"
		"exit status: 0 legal (sound), 1 not legal (not sound), 2 invalid input.\n"),
	OPT_END,
};

const struct opt_table train52_check_options = {"check", 23, train52_rows};

static int train52_cards(const char *const *suits, size_t nsuits, const char *opt, const char *s,
		     struct train52_card **out, size_t *n)
{
	size_t nw;
	char **w = kit_games_words(s, &nw);
	*out = xcalloc(nw + 1, sizeof **out);
	*n = nw;
	int bad = 0;
	for (size_t i = 0; i < nw; i++) {
		struct buf why = {0};
		if (train52_parse(w[i], suits, nsuits, &(*out)[i], &why) != 0) {
			diag(SEV_ERROR, NULL, "%s: %s", opt, why.s);
			bad++;
		}
		buf_free(&why);
	}
	kit_games_words_free(w, nw);
	return bad ? -1 : 0;
}

/* --piles and --points: Trainwrecks and the game's winner. */
static int train52_round_end(const struct game *game, const struct ydoc *pack, const char *path, const char *piles_arg,
			 const char *points_arg, bool json)
{
	struct game_rules rules;
	struct kit *d = kit_games_load(game, pack, path, NULL, &rules);
	if (!d)
		return EXIT_INPUT;
	kit_free(d);
	struct buf out = {0};
	int status = EXIT_INPUT;
	bool legal = true;
	size_t nw;
	char **w = kit_games_words(piles_arg ? piles_arg : points_arg, &nw);
	int v[64];
	bool closed[64] = {false}, tied[64];
	bool bad = nw < 1 || nw > 64;
	for (size_t i = 0; i < nw && !bad; i++) {
		size_t len = strlen(w[i]);
		if (piles_arg && len > 1 && (w[i][len - 1] == 'C' || w[i][len - 1] == 'c')) {
			closed[i] = true;
			w[i][len - 1] = '\0';
		}
		long x;
		bad = parse_int(w[i], 0, 52, &x) != 0;
		v[i] = (int)x;
	}
	if (bad) {
		diag(SEV_ERROR, NULL, "%s: 1 to 64 whole numbers 0..52%s", piles_arg ? "--piles" : "--points",
		     piles_arg ? ", a C after a closed pile's (5,0C,0)" : "");
	} else if (piles_arg) {
		legal = !train52_trainwreck(v, closed, (int)nw);
		if (legal)
			buf_puts(&out, "legal: not a Trainwreck: an open pile still has cards to draw\n");
		else
			buf_puts(&out, "a Trainwreck: every pile that is not closed is empty; all cards are "
				 "thrown in and the hand is re-dealt, no player granted the round, the round "
				 "not advanced\n");
		status = EXIT_OK;
	} else {
		int win = train52_game_winner(v, (int)nw, tied);
		if (win >= 0) {
			buf_printf(&out, "legal: seat %d wins the game with %d point%s (one a round won)\n",
				   win + 1, v[win], v[win] == 1 ? "" : "s");
		} else {
			buf_puts(&out, "legal: a tie: a tie-breaker is set up as round 1, 7 cards dealt to "
				 "seats");
			for (size_t i = 0, k = 0; i < nw; i++)
				if (tied[i])
					buf_printf(&out, "%s %zu", k++ ? "," : "", i + 1);
			buf_puts(&out, "; the one who completes the round gets a point and wins\n");
		}
		status = EXIT_OK;
	}
	if (status == EXIT_OK)
		status = kit_games_check_verdict(legal, &out, json);
	buf_free(&out);
	kit_games_words_free(w, nw);
	return status;
}

/* The options of check for Train (52 cards). */
struct train52_opts {
	const char *on, *play, *hand, *piles, *points;
	const char *rule[RULESET_MAX];
	size_t nrule;
	bool start, pile, json, drawn, pack;
	long open_piles;
};

/* One option into *o; false (reported) when its value is wrong. */
static bool train52_option(int c, struct train52_opts *o)
{
	switch (c) {
	case 'j': o->json = true; return true;
	case 's': o->start = true; return true;
	case 'D': o->start = o->drawn = true; return true;
	case 'L': o->piles = optarg; return true;
	case 'N': o->points = optarg; return true;
	case 'o': o->on = optarg; return true;
	case 'P': o->pile = true; return true;
	case 'p': o->play = optarg; return true;
	case 'H': o->hand = optarg; return true;
	case 'r': return cli_rule(optarg, o->rule, &o->nrule, RULESET_MAX) == 0;
	default:
		if (parse_int(optarg, 1, 100, &o->open_piles) == 0)
			return true;
		diag(SEV_ERROR, NULL, "--open-piles must be a number of piles 1..100, not '%s'", optarg);
		return false;
	}
}

/* Where a play goes and what it is: the options a play needs; false reported. */
static bool train52_play_opts(const struct train52_opts *o)
{
	bool ok = true;
	if (!o->play) {
		diag(SEV_ERROR, NULL, "check: give the cards played with --play (see --help)");
		ok = false;
	}
	if (o->start && (o->pile || o->on)) {
		diag(SEV_ERROR, NULL, "--start is the beginning of a round: no --top or --pile");
		ok = false;
	}
	if (!o->start && !o->pile && !o->on) {
		diag(SEV_ERROR, NULL, "check: say where the play goes: --top CARD (central play), "
		     "--pile [--top ...], or --start");
		ok = false;
	}
	return ok;
}

/* The options into *o; -1 to go on, or the status to end with (reported). */
static int train52_options(int argc, char **argv, struct train52_opts *o)
{
	memset(o, 0, sizeof *o);
	bool ok = true;
	int c;
	optind = 1;
	while ((c = cli_next(argc, argv, &train52_check_options)) != -1) {
		if (c == 'h') {
			opt_help(stdout, &train52_check_options);
			return EXIT_OK;
		}
		if (c == 'V')
			return cli_version();
		if (!strchr("jsDLNoPpHrn", c) || c == 0) {
			cli_brief(&train52_check_options);
			return EXIT_INPUT;
		}
		ok &= train52_option(c, o);
	}
	o->pack = !o->piles && !o->points && !o->play && !o->hand && !o->on && !o->start && !o->pile;
	if (!o->piles && !o->points && !o->pack)
		ok &= train52_play_opts(o);
	return kit_games_check_one_pack(argc, &train52_check_options) < 0 || !ok ? EXIT_INPUT : -1;
}

/* The pack's card group of suit x rank (13 ranks), or NULL reported. */
static const struct kit_group *train52_group(const struct kit *d)
{
	const struct kit_group *g = NULL;
	for (size_t i = 0; i < d->ngroups && !g; i++)
		if (kit_field_index(&d->groups[i], "suit") >= 0 && kit_field_index(&d->groups[i], "rank") >= 0)
			g = &d->groups[i];
	if (!g || g->fields[kit_field_index(g, "rank")].n != 13) {
		diag(SEV_ERROR, &d->loc, "a train-52 pack needs a card group whose product has the "
		     "fields 'suit' and 'rank' (the 13 ranks A to K)");
		return NULL;
	}
	return g;
}

/* The play against the rules: its exit status. */
static int train52_play(const struct kit_group *g, const struct train52_rules *rules, const struct train52_opts *o)
{
	const struct kit_field *suits = &g->fields[kit_field_index(g, "suit")];
	const char *const *sv = (const char *const *)suits->values;
	struct train52_card *on = NULL, *play = NULL, *hand = NULL;
	size_t non = 0, nplay = 0, nhand = 0;
	int status = EXIT_INPUT;
	int bad = train52_cards(sv, suits->n, "--play", o->play, &play, &nplay);
	if (o->on)
		bad |= train52_cards(sv, suits->n, "--top", o->on, &on, &non);
	if (o->hand)
		bad |= train52_cards(sv, suits->n, "--hand", o->hand, &hand, &nhand);
	if (!bad && !nplay)
		diag(SEV_ERROR, NULL, "--play: no cards");
	struct buf out = {0};
	if (!bad && nplay && o->pile && train52_pile_valid(rules, on, non, &out) != 0) {
		diag(SEV_ERROR, NULL, "--top: %s", out.s);
	} else if (!bad && nplay) {
		enum train52_area area = o->drawn ? TRAIN52_DRAWN : o->start ? TRAIN52_START : o->pile ? TRAIN52_PILE : TRAIN52_CENTRAL;
		bool legal = train52_check_play(rules, area, on, non, play, nplay, hand, nhand, (int)o->open_piles, &out);
		status = kit_games_check_verdict(legal, &out, o->json);
	}
	buf_free(&out);
	free(on);
	free(play);
	free(hand);
	return status;
}

int train52_check(const struct game *game, const struct ydoc *pack, int argc, char **argv)
{
	struct train52_opts o;
	int status = train52_options(argc, argv, &o);
	if (status >= 0)
		return status;
	if (o.pack)
		return kit_games_check_pack(game, pack, argv[optind], NULL, o.rule, o.nrule);
	if (o.piles || o.points)
		return train52_round_end(game, pack, argv[optind], o.piles, o.points, o.json);
	struct game_rules prules;
	struct kit *d = kit_games_load(game, pack, argv[optind], NULL, &prules);
	if (!d)
		return EXIT_INPUT;
	status = EXIT_INPUT;
	const struct kit_group *g = train52_group(d);
	if (g && ruleset_set_all(&prules.set, o.rule, o.nrule)) {
		struct train52_rules rules = {0};
		train52_rules_from(&prules.set, &rules);
		status = train52_play(g, &rules, &o);
	}
	kit_free(d);
	return status;
}

/* rules: piles: a round of one pile can never be won: "One deck must always
 * remain open to play", so its only pile is never closed, and "A Train Play can
 * only ever be used on a closed pile" ("the only way to win a round"). No
 * round won: an error; round 1 alone (the tie-breaker's setup): a warning.
 * Returns the errors reported. */
static int train52_check_piles(const struct train52_pack_rules *pr)
{
	size_t one = 0;
	for (size_t i = 0; i < pr->nrounds; i++)
		one += pr->piles[i] == 1;
	if (pr->nrounds && one == pr->nrounds) {
		diag(SEV_ERROR, &pr->loc_piles, "piles: every round has one pile, which must stay open (\"One deck "
		     "must always remain open to play\"): no pile is ever closed, so no Train is ever played (\"A "
		     "Train Play can only ever be used on a closed pile\", \"the only way to win a round\"): no "
		     "round and no tie-breaker can be won, and the game never ends");
		return 1;
	}
	if (pr->nrounds && pr->piles[0] == 1)
		diag(SEV_WARNING, &pr->loc_piles, "piles: round 1 has one pile, so a tie-breaker (\"set up in the "
		     "same fashion as Round 1\") can never be won: a tie after the rounds never ends");
	return 0;
}

/* kit_games.h: the deck the rules name ("52-card deck (no Jokers)"): every rank
 * A, 2..10, J, Q, K (the A closes piles and a Train "must always begin with a
 * 2"; a closed pile reopens with "A, 2, 4, 5, 7, 9, J, K"), no other, and a
 * deal of "seven cards" with the first round's piles left to draw from. */
int train52_check_pack(const struct kit *d, const struct game_rules *rules, bool notes)
{
	static const char *const ranks[] = {"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"};
	const struct kit_group *g = kit_group_named(d, "card");
	int ri = g ? kit_field_index(g, "rank") : -1, errors = 0;
	if (ri < 0) {
		diag(SEV_ERROR, g ? &g->loc : &d->loc, "a train-52 pack needs a 'card' group with a 'rank' field "
		     "(A, 2 ... 10, J, Q, K)");
		return 1;
	}
	const struct kit_field *f = &g->fields[ri];
	struct buf missing = {0};
	for (size_t r = 0; r < 13; r++) {
		size_t k = 0;
		while (k < f->n && strcasecmp(f->values[k], ranks[r]) != 0)
			k++;
		if (k == f->n)
			buf_printf(&missing, "%s%s", missing.s ? ", " : "", ranks[r]);
	}
	if (missing.s) {
		diag(SEV_ERROR, &f->loc, "the rules need every rank of a 52-card deck; missing: %s", missing.s);
		errors++;
	}
	buf_free(&missing);
	for (size_t k = 0; k < f->n; k++) {
		size_t r = 0;
		while (r < 13 && strcasecmp(f->values[k], ranks[r]) != 0)
			r++;
		if (r == 13) {
			diag(SEV_ERROR, &f->loc, "'%s' is not a rank of the rules (A, 2 ... 10, J, Q, K; \"no Jokers\")",
			     f->values[k]);
			errors++;
		}
	}
	long cards = kit_count(d, KIT_CARD);
	int piles = TRAIN52_OWN(rules)->nrounds ? TRAIN52_OWN(rules)->piles[0] : 4;
	bool some = !d->ndeals;
	for (size_t i = 0; i < d->ndeals; i++)
		for (int p = d->deals[i].lo; p <= d->deals[i].hi; p++) {
			bool ok = kit_hand_size(d, p, cards) == 7 && 7L * p + piles <= cards;
			some |= ok;
			if (!ok && notes)
				diag(SEV_WARNING, &d->deals[i].loc, "%d players: not seven cards each with %d pile%s "
				     "left over from %ld cards: that count cannot play", p, piles, piles == 1 ? "" : "s", cards);
		}
	if (!some) {
		diag(SEV_ERROR, &d->deals[0].loc, "no player count of the deal gets \"seven cards\" each with "
		     "%d pile%s of the first round left to draw from (%ld cards)", piles, piles == 1 ? "" : "s", cards);
		errors++;
	}
	return errors + train52_check_piles(TRAIN52_OWN(rules));
}
