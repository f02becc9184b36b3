/* games_check.c: `railyard check` for Take the Train, domino Trains, Train (52
 * cards) and Toy Train: options, the pack's view of each game, and the verdict.
 * The rules themselves are in take.c, domino.c, train52.c and toytrain.c. */
#include <errno.h>
#include "cli.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "diag.h"
#include "domino.h"
#include "games.h"
#include "json.h"
#include "take.h"
#include "toytrain.h"
#include "train52.h"
#include "trust.h"
#include "util.h"

static int one_pack(int argc, const char *usage)
{
	if (optind != argc - 1) {
		diag(SEV_ERROR, NULL, "check takes one pack file");
		cli_brief(usage);
		return -1;
	}
	return optind;
}

/* Print a verdict: the finding lines, each prefixed "not legal: " when illegal. */
static int verdict(bool legal, const struct buf *out, bool json)
{
	const char *s = out->s ? out->s : "";
	if (json) {
		printf("{\"legal\": %s, \"findings\": [", legal ? "true" : "false");
		for (bool first = true; *s; first = false) {
			size_t n = strcspn(s, "\n");
			char *line = xstrndup(s, n);
			fputs(first ? "" : ", ", stdout);
			json_str(stdout, line);
			free(line);
			s += n + (s[n] == '\n');
		}
		printf("]}\n");
		return legal ? EXIT_OK : EXIT_RULE;
	}
	while (*s) {
		size_t n = strcspn(s, "\n");
		if (!legal && strncmp(s, "legal", 5) != 0)
			fputs("not legal: ", stdout);
		printf("%.*s\n", (int)n, s);
		s += n + (s[n] == '\n');
	}
	return legal ? EXIT_OK : EXIT_RULE;
}

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
		status = verdict(true, &out, json);
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
	if (one_pack(argc, take_usage) < 0 || errors)
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
		status = verdict(take_turn(&g, line_arg ? &line : NULL, play, nplay, &out) >= 0, &out, json);
	else
		status = verdict(take_check_play(&g, line_arg ? &line : NULL, play, nplay, side, &out),
				 &out, json);
done:
	buf_free(&why);
	buf_free(&out);
	free(line_cards);
	free(play);
	deck_free(d);
	return status;
}

/* --- domino Trains ------------------------------------------------------------ */

static const char domino_usage[] =
	"usage: railyard check [OPTIONS] PACK.yaml     (game: domino-trains)\n\n"
	"Whether the pack's whole set of tiles, or a chosen subset, can be connected into a\n"
	"single train (every tile once, touching ends equal), and when not, why: the\n"
	"numbers on an odd number of tile ends (a train has two ends, so at most two\n"
	"numbers may be odd) and the tiles cut off from the rest.\n\n"
	"  -t, --tiles \"0-0 0-1 1-2 ...\"  check these tiles of the set instead\n\n"
	"Positions of the game (seeds/002, \"Basic Trains\"):\n"
	"      --hands \"H1; H2; ...\" the first turn: each seat's tiles (seat 1 first,\n"
	"                       clockwise): who plays the highest double first, and\n"
	"                       whether every seat has a double for its engine\n"
	"      --train TILES    the player's own train as laid, left to right\n"
	"      --others \"T1; T2\" the other players' trains, numbered 1, 2, ...\n"
	"  -p, --play TILES     a turn: the first tile on the own train, then at most\n"
	"                       one tile on each other train, written TILE@N\n"
	"  -S, --score N,N,...  the end of a hand: tiles left per seat (0: dominoed)\n"
	"      --points N,N,... the seats' points before the hand (the game is 120)\n"
	"  -j, --json           {\"single_train\", \"odd_numbers\", \"disconnected_tiles\", \"train\"}\n"
	"  -q, --quiet          no progress lines on stderr (as in every command)\n"
	"  -h, --help, -V, --version\n\n"
	"exit status: 0 a single train exists, 1 it does not, 2 invalid input.\n";

/* Parse a list of tiles of a double-dn set, each at most once. 0 or -1 (reported). */
static int domino_tiles(int dn, const char *opt, const char *arg, struct domino **tiles, size_t *n)
{
	size_t nw;
	char **w = games_words(arg, &nw);
	int bad = 0;
	*n = 0;
	*tiles = xcalloc(nw + 1, sizeof **tiles);
	bool *seen = xcalloc((size_t)(dn + 1) * (size_t)(dn + 1), sizeof *seen);
	for (size_t i = 0; i < nw; i++) {
		struct domino t;
		if (domino_parse(w[i], &t) != 0) {
			diag(SEV_ERROR, NULL, "%s: '%s' is not a tile (write it as 3-5)", opt, w[i]);
			bad++;
		} else if (t.high > dn) {
			diag(SEV_ERROR, NULL, "%s: %s is not in a double-%d set (numbers 0-%d)", opt, w[i], dn, dn);
			bad++;
		} else if (seen[t.low * (dn + 1) + t.high]) {
			diag(SEV_ERROR, NULL, "%s: %d-%d is given twice; the set has one", opt, t.low, t.high);
			bad++;
		} else {
			seen[t.low * (dn + 1) + t.high] = true;
			(*tiles)[(*n)++] = t;
		}
	}
	if (!nw) {
		diag(SEV_ERROR, NULL, "%s: no tiles", opt);
		bad++;
	}
	free(seen);
	games_words_free(w, nw);
	return bad ? -1 : 0;
}

/* Split "a; b; c" at semicolons into new strings. */
static char **split_semis(const char *s, size_t *n)
{
	char **v = NULL;
	size_t cap = 0;
	*n = 0;
	for (;;) {
		size_t len = strcspn(s, ";");
		v = xgrow(v, &cap, *n + 1, sizeof *v);
		v[(*n)++] = xstrndup(s, len);
		if (!s[len])
			return v;
		s += len + 1;
	}
}

/* A list of whole numbers 0..max, comma or space separated; count or -1. */
static int int_list(const char *opt, const char *arg, long max, long *out, int cap)
{
	size_t nw;
	char **w = games_words(arg, &nw);
	int n = (int)nw;
	for (size_t i = 0; i < nw && n >= 0; i++)
		if ((int)i >= cap || parse_int(w[i], 0, max, &out[i]) != 0)
			n = -1;
	games_words_free(w, nw);
	if (n <= 0)
		diag(SEV_ERROR, NULL, "%s: give 1 to %d whole numbers 0..%ld, not '%s'", opt, cap, max, arg);
	return n;
}

/* check --hands, --train/--play, --score: positions of Basic Trains. */
static int domino_position(int dn, const char *hands_arg, const char *train_arg,
			   const char *others_arg, const char *play_arg, const char *score_arg,
			   const char *points_arg, bool json)
{
	struct buf out = {0};
	bool legal = true;
	int status = EXIT_INPUT;
	if (hands_arg) {
		size_t ns;
		char **seats = split_semis(hands_arg, &ns);
		struct domino *hands[64] = {NULL};
		size_t nh[64] = {0};
		int bad = ns < 2 || ns > 64;
		if (bad)
			diag(SEV_ERROR, NULL, "--hands: 2 to 64 seats, separated by ';'");
		for (size_t i = 0; i < ns && !bad; i++)
			bad |= domino_tiles(dn, "--hands", seats[i], &hands[i], &nh[i]) != 0;
		/* a tile is in one hand only */
		for (size_t i = 0; i < ns && !bad; i++)
			for (size_t j = 0; j < i && !bad; j++)
				for (size_t a = 0; a < nh[i] && !bad; a++)
					for (size_t b = 0; b < nh[j]; b++)
						if (hands[i][a].low == hands[j][b].low && hands[i][a].high == hands[j][b].high) {
							diag(SEV_ERROR, NULL, "--hands: %d-%d is in seats %zu and %zu; the set has one",
							     hands[i][a].low, hands[i][a].high, j + 1, i + 1);
							bad = 1;
							break;
						}
		if (!bad) {
			int lead;
			int blocked = domino_first_turn((const struct domino *const *)hands, nh, (int)ns, &lead);
			if (lead >= 0 && blocked < 0) {
				int high = -1;
				for (size_t k = 0; k < nh[lead]; k++)
					if (hands[lead][k].low == hands[lead][k].high && hands[lead][k].low > high)
						high = hands[lead][k].low;
				buf_printf(&out, "seat %d holds the highest double, %d-%d, and plays it first as "
					   "its engine; play moves clockwise\n", lead + 1, high, high);
			}
			if (blocked >= 0) {
				legal = false;
				buf_printf(&out, "seat %d has no double for its engine: the game is blocked, "
					   "nobody scores and a new hand is dealt\n", blocked + 1);
			} else {
				buf_puts(&out, "legal: every seat has a double to put down as its engine\n");
			}
			status = EXIT_OK;
		}
		for (size_t i = 0; i < ns; i++) {
			free(hands[i]);
			free(seats[i]);
		}
		free(seats);
	} else if (train_arg) {
		struct domino *own = NULL, *play = NULL;
		size_t nown = 0, nplay = 0, nt = 0;
		struct domino_train trains[65];
		char **others = others_arg ? split_semis(others_arg, &nt) : NULL;
		struct buf why = {0};
		int bad = domino_tiles(dn, "--train", train_arg, &own, &nown) != 0;
		if (!bad && domino_train_read(own, nown, &trains[0], &why) != 0) {
			diag(SEV_ERROR, NULL, "--train: %s", why.s);
			bad = 1;
		}
		if (nt > 64) {
			diag(SEV_ERROR, NULL, "--others: at most 64 trains");
			bad = 1;
		}
		for (size_t i = 0; i < nt && !bad; i++) {
			struct domino *ot;
			size_t no;
			buf_free(&why);
			bad |= domino_tiles(dn, "--others", others[i], &ot, &no) != 0;
			if (!bad && domino_train_read(ot, no, &trains[i + 1], &why) != 0) {
				diag(SEV_ERROR, NULL, "--others: train %zu: %s", i + 1, why.s);
				bad = 1;
			}
			free(ot);
		}
		if (!play_arg && !bad) {
			diag(SEV_ERROR, NULL, "--train: give the tiles of the turn with --play");
			bad = 1;
		}
		/* --play "4-2 1-3@2": TILE[@N] */
		size_t nw = 0;
		char **w = play_arg && !bad ? games_words(play_arg, &nw) : NULL;
		int *where = xcalloc(nw + 1, sizeof *where);
		struct buf tiles = {0};
		for (size_t i = 0; i < nw && !bad; i++) {
			char *at = strchr(w[i], '@');
			long k = 0;
			if (at) {
				*at = '\0';
				if (parse_int(at + 1, 1, (long)nt, &k) != 0) {
					diag(SEV_ERROR, NULL, "--play: '%s': @N names one of the %zu --others trains",
					     at + 1, nt);
					bad = 1;
				}
			}
			where[i] = (int)k;
			buf_printf(&tiles, "%s ", w[i]);
		}
		if (!bad && nw)
			bad = domino_tiles(dn, "--play", tiles.s, &play, &nplay) != 0;
		buf_free(&tiles);
		struct buf done = {0};
		for (size_t i = 0; i < nplay && !bad; i++) {
			/* a tile on the table is not in a hand */
			struct domino *tt;
			size_t ntt;
			for (size_t k = 0; k <= nt && !bad; k++) {
				if (domino_tiles(dn, "--train", k ? others[k - 1] : train_arg, &tt, &ntt) != 0)
					bad = 1;
				for (size_t j = 0; j < ntt && !bad; j++)
					if (tt[j].low == play[i].low && tt[j].high == play[i].high) {
						diag(SEV_ERROR, NULL, "--play: %d-%d is already on %s; the set has one",
						     play[i].low, play[i].high, k ? "a train of --others" : "the own train");
						bad = 1;
					}
				free(tt);
			}
		}
		for (size_t i = 0; i < nplay && !bad && legal; i++) {
			struct domino_train *t = &trains[where[i]];
			int before[2] = {t->end[0], t->end[1]};
			if (i == 0 && where[0] != 0) {
				buf_puts(&out, "a player first adds a car to his own train; only then one tile "
					 "on other players' trains\n");
				legal = false;
			} else if (i > 0 && where[i] == 0) {
				buf_puts(&out, "one tile a turn goes on the player's own train\n");
				legal = false;
			} else if (i > 0) {
				for (size_t j = 1; j < i; j++)
					if (where[j] == where[i]) {
						buf_printf(&out, "one and only one car on each other train: train %d "
							   "already has one this turn\n", where[i]);
						legal = false;
					}
			}
			if (!legal)
				break;
			if (!domino_lay(t, play[i])) {
				buf_printf(&out, "%d-%d matches neither end of %s (%d and %d)\n", play[i].low,
					   play[i].high, where[i] ? "that train" : "the own train", before[0], before[1]);
				legal = false;
				break;
			}
			buf_printf(&done, "%d-%d on %s%.0d: its ends now show %d and %d%s\n", play[i].low,
				   play[i].high, where[i] ? "train " : "the own train", where[i], t->end[0],
				   t->end[1], play[i].low == play[i].high ? " (a double, in line)" : "");
		}
		if (legal && !bad)
			buf_printf(&out, "%slegal\n", done.s ? done.s : "");
		buf_free(&done);
		if (!bad)
			status = EXIT_OK;
		free(where);
		games_words_free(w, nw);
		for (size_t i = 0; i < nt; i++)
			free(others[i]);
		free(others);
		buf_free(&why);
		free(own);
		free(play);
	} else {
		long left[64], points[64] = {0};
		int n = int_list("--score", score_arg, 1000, left, 64), np = n;
		if (n > 0 && points_arg)
			np = int_list("--points", points_arg, 100000, points, 64);
		int out_seat = -1;
		for (int i = 0; i < n; i++)
			if (!left[i])
				out_seat = out_seat < 0 ? i : -2;
		if (n > 0 && np != n) {
			if (np > 0)
				diag(SEV_ERROR, NULL, "--points: one number per seat of --score (%d)", n);
		} else if (n > 0 && out_seat < 0) {
			diag(SEV_ERROR, NULL, "--score: play stops when one player has dominoed: exactly "
			     "one seat has 0 tiles left");
		} else if (n > 0) {
			long pts = 0;
			for (int i = 0; i < n; i++)
				pts += 5 * left[i];
			points[out_seat] += pts;
			buf_printf(&out, "legal: seat %d dominoed and scores %ld (5 points for each of the "
				   "%ld tiles left in the other hands): %ld in all\n", out_seat + 1, pts,
				   pts / 5, points[out_seat]);
			if (points[out_seat] >= 120)
				buf_printf(&out, "seat %d reaches 120 points and wins the game\n", out_seat + 1);
			status = EXIT_OK;
		}
	}
	if (status == EXIT_OK)
		status = verdict(legal, &out, json);
	buf_free(&out);
	return status;
}

int games_check_domino(const struct game *game, int argc, char **argv)
{
	static const struct option longopts[] = {
		{"tiles", required_argument, NULL, 't'},
		{"hands", required_argument, NULL, 'H'},
		{"train", required_argument, NULL, 'T'},
		{"others", required_argument, NULL, 'O'},
		{"play", required_argument, NULL, 'p'},
		{"score", required_argument, NULL, 'S'},
		{"points", required_argument, NULL, 'P'},
		{"json", no_argument, NULL, 'j'},
		{"help", no_argument, NULL, 'h'},
		{"version", no_argument, NULL, 'V'},
		{NULL, 0, NULL, 0},
	};
	const char *tiles_arg = NULL, *hands_arg = NULL, *train_arg = NULL, *others_arg = NULL,
		   *play_arg = NULL, *score_arg = NULL, *points_arg = NULL;
	bool json = false;
	int c;
	optind = 1;
	while ((c = cli_next(argc, argv, longopts)) != -1) {
		switch (c) {
		case 't': tiles_arg = optarg; break;
		case 'H': hands_arg = optarg; break;
		case 'T': train_arg = optarg; break;
		case 'O': others_arg = optarg; break;
		case 'p': play_arg = optarg; break;
		case 'S': score_arg = optarg; break;
		case 'P': points_arg = optarg; break;
		case 'j': json = true; break;
		case 'h': fputs(domino_usage, stdout); return EXIT_OK;
		case 'V': return cli_version();
		default: cli_brief(domino_usage); return EXIT_INPUT;
		}
	}
	if (one_pack(argc, domino_usage) < 0)
		return EXIT_INPUT;
	struct game_rules rules;
	struct deck *d = games_load(game, argv[optind], NULL, &rules);
	if (!d)
		return EXIT_INPUT;
	const struct deck_group *set = NULL;
	for (size_t i = 0; i < d->ngroups; i++)
		if (d->groups[i].kind == DK_TILE)
			set = &d->groups[i];
	if (!set) {
		diag(SEV_ERROR, &d->loc, "a domino-trains pack needs 'tiles: {double: N}'");
		deck_free(d);
		return EXIT_INPUT;
	}
	int dn = set->double_n;
	size_t n = 0;
	struct domino *tiles;
	int bad = 0;
	if (hands_arg || train_arg || score_arg) {
		int st = domino_position(dn, hands_arg, train_arg, others_arg, play_arg, score_arg,
					 points_arg, json);
		deck_free(d);
		return st;
	}
	if (tiles_arg) {
		bad = domino_tiles(dn, "--tiles", tiles_arg, &tiles, &n);
	} else {
		tiles = xcalloc((size_t)domino_set_size(dn), sizeof *tiles);
		for (int a = 0; a <= dn; a++)
			for (int b = a; b <= dn; b++)
				tiles[n++] = (struct domino){a, b};
	}
	if (bad) {
		free(tiles);
		deck_free(d);
		return EXIT_INPUT;
	}
	struct domino_report r;
	domino_analyse(tiles, n, dn, &r);
	if (json) {
		printf("{\"tiles\": %zu, \"single_train\": %s, \"odd_numbers\": [", n,
		       r.single_train ? "true" : "false");
		for (size_t i = 0; i < r.nodd; i++)
			printf("%s%d", i ? ", " : "", r.odd[i]);
		printf("], \"disconnected_tiles\": [");
		for (size_t i = 0; i < r.ncut; i++)
			printf("%s\"%d-%d\"", i ? ", " : "", tiles[r.cut[i]].low, tiles[r.cut[i]].high);
		printf("], \"train\": [");
		for (size_t i = 0; i < r.ntrain; i++) {
			const struct domino *t = &tiles[r.train[i]];
			printf("%s\"%d-%d\"", i ? ", " : "", r.flip[i] ? t->high : t->low,
			       r.flip[i] ? t->low : t->high);
		}
		printf("]}\n");
	} else {
		printf("%zu tiles of a double-%d set: %s\n", n, dn,
		       r.single_train ? "a single train exists" : "no single train");
		if (r.nodd) {
			printf("numbers on an odd number of tile ends:");
			for (size_t i = 0; i < r.nodd; i++)
				printf(" %d", r.odd[i]);
			if (r.nodd > 2)
				printf(" (%zu; a train has two ends, so at most 2 may be odd)", r.nodd);
			else
				printf(" (the train runs from one to the other)");
			putchar('\n');
		}
		if (r.ncut) {
			printf("tiles cut off from the rest (%zu):", r.ncut);
			for (size_t i = 0; i < r.ncut; i++)
				printf(" %d-%d", tiles[r.cut[i]].low, tiles[r.cut[i]].high);
			putchar('\n');
		}
		if (r.single_train) {
			printf("train:");
			for (size_t i = 0; i < r.ntrain; i++) {
				const struct domino *t = &tiles[r.train[i]];
				printf(" %d-%d", r.flip[i] ? t->high : t->low, r.flip[i] ? t->low : t->high);
			}
			putchar('\n');
		}
	}
	int status = r.single_train ? EXIT_OK : EXIT_RULE;
	domino_report_free(&r);
	free(tiles);
	deck_free(d);
	return status;
}

/* --- Train (52 cards) ---------------------------------------------------------- */

static const char train52_usage[] =
	"usage: railyard check [OPTIONS] PACK.yaml --play CARDS     (game: train-52)\n\n"
	"Whether a play is legal: a card 1 or 2 higher or 1 lower; sandwiches (J 8 J) and\n"
	"double sandwiches (J 4 4 J); doubles on an equal value, kings on a 4, queens on a\n"
	"5, jacks on a 6; the reopening sequence A 2 4 5 7 9 J K on a closed pile; a Train\n"
	"(the whole hand, 2 and up by one, on a bare closing A). Cards: A, 2-10, J, Q, K,\n"
	"optionally with a suit (10H, QS, K♣); A counts 1, J 11, Q 12, K 13.\n\n"
	"      --start          the beginning of a round: a 2, or two sets of doubles\n"
	"  -D, --drawn          the beginning of a round where nobody had either: each\n"
	"                       drew a card, and the first card put down begins\n"
	"      --top CARDS      central play: the card on top (the last one given counts)\n"
	"      --pile           play on a pile; --top gives its face-up cards from the\n"
	"                       closing A (\"A A 2 4\": the closing A, then the sequence so\n"
	"                       far); no --top: a pile never closed\n"
	"  -p, --play CARDS     the cards played at once, in order (required)\n"
	"  -H, --hand CARDS     the player's whole hand (a Train must use all of it)\n"
	"      --open-piles N   piles open now (an A may not close the last open one)\n"
	"      --piles N,N,...  instead of --play: the cards left in each pile (a C after\n"
	"                       a number: the pile is closed): is it a Trainwreck?\n"
	"      --points N,N,... instead of --play: the seats' points after the rounds:\n"
	"                       the winner, or the tie-breaker's players\n"
	"  -r, --rule KEY=VALUE a reading of the seed (repeatable): face-cards=doubles\n"
	"                       (default: the step rule is for non-face cards) or step;\n"
	"                       ace=piles (default: an A only closes piles) or low;\n"
	"                       reopen=closing-ace (default: the closing A is the\n"
	"                       sequence's A) or second-ace\n"
	"  -j, --json           {\"legal\": true|false, \"findings\": [\"...\"]}\n"
	"  -q, --quiet          no progress lines on stderr (as in every command)\n"
	"  -h, --help, -V, --version\n\n"
	"exit status: 0 legal, 1 not legal, 2 invalid input.\n";

static int t52_cards(const char *const *suits, size_t nsuits, const char *opt, const char *s,
		     struct t52_card **out, size_t *n)
{
	size_t nw;
	char **w = games_words(s, &nw);
	*out = xcalloc(nw + 1, sizeof **out);
	*n = nw;
	int bad = 0;
	for (size_t i = 0; i < nw; i++) {
		struct buf why = {0};
		if (t52_parse(w[i], suits, nsuits, &(*out)[i], &why) != 0) {
			diag(SEV_ERROR, NULL, "%s: %s", opt, why.s);
			bad++;
		}
		buf_free(&why);
	}
	games_words_free(w, nw);
	return bad ? -1 : 0;
}

/* --piles and --points: Trainwrecks and the game's winner. */
static int t52_round_end(const struct game *game, const char *path, const char *piles_arg,
			 const char *points_arg, bool json)
{
	struct game_rules rules;
	struct deck *d = games_load(game, path, NULL, &rules);
	if (!d)
		return EXIT_INPUT;
	deck_free(d);
	struct buf out = {0};
	int status = EXIT_INPUT;
	bool legal = true;
	size_t nw;
	char **w = games_words(piles_arg ? piles_arg : points_arg, &nw);
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
		legal = !t52_trainwreck(v, closed, (int)nw);
		if (legal)
			buf_puts(&out, "legal: not a Trainwreck: an open pile still has cards to draw\n");
		else
			buf_puts(&out, "a Trainwreck: every pile that is not closed is empty; all cards are "
				 "thrown in and the hand is re-dealt, no player granted the round, the round "
				 "not advanced\n");
		status = EXIT_OK;
	} else {
		int win = t52_game_winner(v, (int)nw, tied);
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
		status = verdict(legal, &out, json);
	buf_free(&out);
	games_words_free(w, nw);
	return status;
}

int games_check_train52(const struct game *game, int argc, char **argv)
{
	static const struct option longopts[] = {
		{"start", no_argument, NULL, 's'},
		{"drawn", no_argument, NULL, 'D'},
		{"piles", required_argument, NULL, 'L'},
		{"points", required_argument, NULL, 'N'},
		{"rule", required_argument, NULL, 'r'},
		{"top", required_argument, NULL, 'o'},
		{"pile", no_argument, NULL, 'P'},
		{"play", required_argument, NULL, 'p'},
		{"hand", required_argument, NULL, 'H'},
		{"open-piles", required_argument, NULL, 'n'},
		{"json", no_argument, NULL, 'j'},
		{"help", no_argument, NULL, 'h'},
		{"version", no_argument, NULL, 'V'},
		{NULL, 0, NULL, 0},
	};
	const char *on_arg = NULL, *play_arg = NULL, *hand_arg = NULL;
	bool start = false, pile = false, json = false, drawn = false;
	const char *piles_arg = NULL, *points_arg = NULL;
	int c, errors = 0;
	long open_piles = 0;
	struct t52_rules rules = {0};
	optind = 1;
	while ((c = cli_next(argc, argv, longopts)) != -1) {
		switch (c) {
		case 'j': json = true; break;
		case 's': start = true; break;
		case 'D': start = drawn = true; break;
		case 'L': piles_arg = optarg; break;
		case 'N': points_arg = optarg; break;
		case 'r': {
			struct buf why = {0};
			if (t52_rule_set(&rules, optarg, &why) != 0) {
				diag(SEV_ERROR, NULL, "--rule: %s", why.s);
				errors++;
			}
			buf_free(&why);
			break;
		}
		case 'o': on_arg = optarg; break;
		case 'P': pile = true; break;
		case 'p': play_arg = optarg; break;
		case 'H': hand_arg = optarg; break;
		case 'n':
			if (parse_int(optarg, 1, 100, &open_piles) != 0) {
				diag(SEV_ERROR, NULL, "--open-piles must be a number of piles 1..100, not '%s'",
				     optarg);
				errors++;
			}
			break;
		case 'h': fputs(train52_usage, stdout); return EXIT_OK;
		case 'V': return cli_version();
		default: cli_brief(train52_usage); return EXIT_INPUT;
		}
	}
	if ((piles_arg || points_arg) && !errors && one_pack(argc, train52_usage) >= 0)
		return t52_round_end(game, argv[optind], piles_arg, points_arg, json);
	if (!play_arg) {
		diag(SEV_ERROR, NULL, "check: give the cards played with --play (see --help)");
		errors++;
	}
	if (start && (pile || on_arg)) {
		diag(SEV_ERROR, NULL, "--start is the beginning of a round: no --top or --pile");
		errors++;
	}
	if (!start && !pile && !on_arg) {
		diag(SEV_ERROR, NULL, "check: say where the play goes: --top CARD (central play), "
		     "--pile [--top ...], or --start");
		errors++;
	}
	if (one_pack(argc, train52_usage) < 0 || errors)
		return EXIT_INPUT;
	struct game_rules prules;
	struct deck *d = games_load(game, argv[optind], NULL, &prules);
	if (!d)
		return EXIT_INPUT;
	int status = EXIT_INPUT;
	struct t52_card *on = NULL, *play = NULL, *hand = NULL;
	size_t non = 0, nplay = 0, nhand = 0;
	const struct deck_group *g = NULL;
	for (size_t i = 0; i < d->ngroups && !g; i++)
		if (deck_field_index(&d->groups[i], "suit") >= 0 &&
		    deck_field_index(&d->groups[i], "rank") >= 0)
			g = &d->groups[i];
	if (!g || g->fields[deck_field_index(g, "rank")].n != 13) {
		diag(SEV_ERROR, &d->loc, "a train-52 pack needs a card group whose product has the "
		     "fields 'suit' and 'rank' (the 13 ranks A to K)");
		goto done;
	}
	const struct deck_field *suits = &g->fields[deck_field_index(g, "suit")];
	const char *const *sv = (const char *const *)suits->values;
	int bad = t52_cards(sv, suits->n, "--play", play_arg, &play, &nplay);
	if (on_arg)
		bad |= t52_cards(sv, suits->n, "--top", on_arg, &on, &non);
	if (hand_arg)
		bad |= t52_cards(sv, suits->n, "--hand", hand_arg, &hand, &nhand);
	if (bad)
		goto done;
	if (!nplay) {
		diag(SEV_ERROR, NULL, "--play: no cards");
		goto done;
	}
	struct buf out = {0};
	if (pile && t52_pile_valid(&rules, on, non, &out) != 0) {
		diag(SEV_ERROR, NULL, "--top: %s", out.s);
		buf_free(&out);
		goto done;
	}
	bool legal = t52_check(&rules, drawn ? T52_DRAWN : start ? T52_START : pile ? T52_PILE : T52_CENTRAL, on, non, play,
			       nplay, hand, nhand, (int)open_piles, &out);
	status = verdict(legal, &out, json);
	buf_free(&out);
done:
	free(on);
	free(play);
	free(hand);
	deck_free(d);
	return status;
}

/* --- Toy Train ------------------------------------------------------------------ */

static const char toy_usage[] =
	"usage: railyard check [OPTIONS] PACK.yaml --word WORD     (game: toy-train)\n\n"
	"Whether the carriages played, in order, make a valid word: at least the pack's\n"
	"min-letters (4), in the pack's word list, not already used in the game, within\n"
	"the pack's letter counts, '?' (the wild carriage) standing for any letter; and\n"
	"where the Engine-Driver's locomotive lands on the board.\n\n"
	"      --word WORD      the carriages in order, e.g. TONE or TO?E (required)\n"
	"      --at SPACE       the locomotive's space (default: the board's start, GO)\n"
	"  -u, --used WORDS     words already used in this game (spaces or commas)\n"
	"      --spent LETTERS  carriages of earlier rounds, face down and out of play\n"
	"                       (all turned up again when fewer than 10 stay face up)\n"
	"      --words FILE     the word list (default: the pack's rules: words)\n"
	"      --challenge braker|driver  --word is the carriages so far and this player\n"
	"                       challenges the other, who names --answer (or nothing):\n"
	"                       which of the page's four outcomes follows\n"
	"  -A, --answer WORD    the word the challenged player names\n"
	"      --next           whose carriage comes next after --word in a round\n"
	"      --allow-path DIR the pack's word list may also come from DIR\n"
	"  -j, --json           {\"valid\", \"word\", \"as\", \"reasons\", \"from\", \"to\", \"broken\",\n"
	"                       \"finish\"}\n"
	"  -q, --quiet          no progress lines on stderr (as in every command)\n"
	"  -h, --help, -V, --version\n\n"
	"exit status: 0 a valid word, 1 not valid, 2 invalid input.\n";

/* Take the face-down carriages of earlier rounds out of r's counts; when fewer
 * than 10 would stay face up, all are turned face up again (the page). */
static int toy_spend(struct toy_rules *r, const char *spent)
{
	long left[27], up = 0;
	memcpy(left, r->counts, sizeof left);
	for (const char *c = spent; *c; c++) {
		int i = *c == r->wild ? 26 : (*c >= 'a' && *c <= 'z') ? *c - 'a' :
			(*c >= 'A' && *c <= 'Z') ? *c - 'A' : -1;
		if (*c == ' ' || *c == ',')
			continue;
		if (i < 0) {
			diag(SEV_ERROR, NULL, "--spent: '%c' is not a carriage (A-Z or '%c')", *c, r->wild);
			return -1;
		}
		if (--left[i] < 0) {
			diag(SEV_ERROR, NULL, "--spent: more %c carriages than the pack has (%ld)",
			     i == 26 ? r->wild : 'A' + i, r->counts[i]);
			return -1;
		}
	}
	for (int i = 0; i < 27; i++)
		up += left[i];
	if (up < 10) {
		diag(SEV_NOTE, NULL, "%ld carriages face up, fewer than 10: the face-down ones are "
		     "turned up again", up);
		return 0;
	}
	memcpy(r->counts, left, sizeof left);
	return 0;
}

char *games_toy_words_path(const struct deck *d, const struct toy_pack_rules *tr, const char *opt,
			   struct loc *loc)
{
	if (opt)
		return xstrdup(opt);
	if (!tr->words) {
		struct loc rl = d->rules ? d->rules->loc : d->loc;
		rl.file = d->file;
		diag(SEV_ERROR, &rl,
		     "a toy-train pack names its word list in 'rules: {words: FILE}' (or give --words)");
		return NULL;
	}
	*loc = tr->loc_words;
	/* A file the pack names: only from a trusted folder (the pack's, the
	 * template folders, /usr/share/dict), and only a regular file. */
	trust_set_pack(d->file);
	return trust_resolve(d->file, tr->words, &tr->loc_words, "words");
}

int games_toy_rules(const struct deck *d, const struct toy_pack_rules *tr, struct toy_rules *r)
{
	memset(r, 0, sizeof *r);
	r->min_letters = 4;
	r->wild = '?';
	const struct deck_group *lg = NULL;
	for (size_t i = 0; i < d->ngroups; i++)
		if (d->groups[i].kind == DK_LETTER)
			lg = &d->groups[i];
	if (!lg || !d->board.present) {
		diag(SEV_ERROR, &d->loc, "a toy-train pack needs 'letters' and a 'board'");
		return -1;
	}
	if (lg->wild && strlen(lg->wild) != 1) {
		diag(SEV_ERROR, &d->loc, "the wild carriage must be one character, not '%s'", lg->wild);
		return -1;
	}
	if (lg->wild)
		r->wild = lg->wild[0];
	for (size_t i = 0; i < lg->fields[0].n; i++) {
		const char *l = lg->fields[0].values[i];
		if (lg->wild && !strcmp(l, lg->wild))
			r->counts[26] = lg->fields[0].counts[i];
		else if (strlen(l) == 1 && l[0] >= 'A' && l[0] <= 'Z')
			r->counts[l[0] - 'A'] = lg->fields[0].counts[i];
		else if (strlen(l) == 1 && l[0] >= 'a' && l[0] <= 'z')
			r->counts[l[0] - 'a'] = lg->fields[0].counts[i];
		else {
			diag(SEV_ERROR, &lg->loc, "toy-train letters are A-Z and the wild; not '%s'", l);
			return -1;
		}
	}
	r->min_letters = tr->min_letters;
	r->start = d->board.start;
	r->finish = d->board.finish;
	for (size_t i = 0; i < d->board.nmarks; i++)
		if (!strcmp(d->board.marks[i].name, "broken")) {
			r->broken = d->board.marks[i].spaces;
			r->nbroken = d->board.marks[i].n;
		}
	return 0;
}

/* --challenge: the page's four outcomes. The challenged player answers with a
 * valid word that begins with the carriages laid, or does not. */
static int toy_challenge_verdict(const struct toy_rules *r, const struct toy_words *w,
				 const char *laid, const char *answer, const char *const *used,
				 size_t nused, int at, bool braker_challenges, bool json)
{
	struct buf out = {0}, why = {0};
	struct toy_result res = {0};
	bool answered = false;
	if (answer) {
		size_t n = strlen(laid);
		bool begins = strlen(answer) >= n;
		for (size_t i = 0; i < n && begins; i++)
			begins = laid[i] == r->wild || (laid[i] | 0x20) == (answer[i] | 0x20);
		toy_check(r, w, answer, used, nused, at, &res, &why);
		if (!begins)
			buf_printf(&out, "%s does not begin with the carriages laid, %s, in that order\n",
				   answer, laid);
		else if (!res.valid)
			buf_printf(&out, "%s is not a valid word: %s", answer, why.s ? why.s : "\n");
		answered = begins && res.valid;
	}
	const char *who = braker_challenges ? "the Engine-Driver" : "the Braker";
	if (answered) {
		buf_printf(&out, "legal: outcome %d: %s names %s, so the Engine-Driver advances as for "
			   "a word%s\n", braker_challenges ? 1 : 3, who, answer,
			   res.finish ? ": it reaches FINISH and wins" : res.broken ?
			   ": it ends on a broken railway, the locomotive stays put" : "");
		if (!res.finish && !res.broken)
			buf_printf(&out, "the locomotive moves from space %d to space %d\n", at, res.land);
	} else if (braker_challenges) {
		buf_printf(&out, "outcome 2: %s names no valid word: the turn ends and the "
			   "Engine-Driver's locomotive stays put\n", who);
	} else {
		buf_printf(&out, "outcome 4: %s names no valid word: the Engine-Driver may replace the "
			   "last carriage (%c) and go on adding carriages alone; a valid word advances "
			   "him, otherwise his turn is over\n", who, laid[0] ? laid[strlen(laid) - 1] : '-');
	}
	int status = verdict(answered, &out, json);
	toy_result_free(&res);
	buf_free(&out);
	buf_free(&why);
	return status;
}

int games_check_toy(const struct game *game, int argc, char **argv)
{
	static const struct option longopts[] = {
		{"word", required_argument, NULL, 'w'},
		{"at", required_argument, NULL, 'a'},
		{"used", required_argument, NULL, 'u'},
		{"spent", required_argument, NULL, 's'},
		{"json", no_argument, NULL, 'j'},
		{"words", required_argument, NULL, 'L'},
		{"challenge", required_argument, NULL, 'c'},
		{"answer", required_argument, NULL, 'A'},
		{"next", no_argument, NULL, 'n'},
		{"allow-path", required_argument, NULL, 'T'},
		{"help", no_argument, NULL, 'h'},
		{"version", no_argument, NULL, 'V'},
		{NULL, 0, NULL, 0},
	};
	const char *word = NULL, *at_arg = NULL, *used_arg = NULL, *list_arg = NULL, *spent = NULL;
	int c;
	optind = 1;
	bool json = false;
	const char *challenge = NULL, *answer = NULL;
	bool next = false;
	while ((c = cli_next(argc, argv, longopts)) != -1) {
		switch (c) {
		case 'j': json = true; break;
		case 'w': word = optarg; break;
		case 'a': at_arg = optarg; break;
		case 'u': used_arg = optarg; break;
		case 's': spent = optarg; break;
		case 'L': list_arg = optarg; break;
		case 'c': challenge = optarg; break;
		case 'A': answer = optarg; break;
		case 'n': next = true; break;
		case 'T':
			if (trust_allow(optarg) != 0)
				return EXIT_INPUT;
			break;
		case 'h': fputs(toy_usage, stdout); return EXIT_OK;
		case 'V': return cli_version();
		default: cli_brief(toy_usage); return EXIT_INPUT;
		}
	}
	if (!word) {
		diag(SEV_ERROR, NULL, "check: give the carriages played with --word (see --help)");
		return EXIT_INPUT;
	}
	if (challenge && strcmp(challenge, "braker") && strcmp(challenge, "driver")) {
		diag(SEV_ERROR, NULL, "--challenge: braker or driver (who challenges), not '%s'", challenge);
		return EXIT_INPUT;
	}
	if (answer && !challenge) {
		diag(SEV_ERROR, NULL, "--answer is the challenged player's word: give --challenge");
		return EXIT_INPUT;
	}
	if (one_pack(argc, toy_usage) < 0)
		return EXIT_INPUT;
	if (next) {
		/* "The Engine-Driver will add two carriages at the beginning of the game,
		 * before the Braker may add one of his choice"; then they alternate. */
		size_t k = strlen(word);
		bool driver = k < 2 || k % 2 == 1;
		printf("%zu carriage%s laid: carriage %zu is the %s's\n", k, k == 1 ? "" : "s", k + 1,
		       driver ? "Engine-Driver" : "Braker");
		return EXIT_OK;
	}
	struct game_rules rules;
	struct deck *d = games_load(game, argv[optind], NULL, &rules);
	if (!d)
		return EXIT_INPUT;
	int status = EXIT_INPUT;
	struct toy_rules r;
	char *path = NULL;
	struct toy_words w = {0};
	struct loc wloc = {NULL, 0, 0};
	if (games_toy_rules(d, &rules.toy, &r) != 0)
		goto done;
	if (spent && toy_spend(&r, spent) != 0)
		goto done;
	int at = r.start;
	if (at_arg) {
		long a;
		if (parse_int(at_arg, 1, d->board.finish - 1, &a) != 0) {
			diag(SEV_ERROR, NULL, "--at must be a space 1..%d (before FINISH), not '%s'",
			     d->board.finish - 1, at_arg);
			goto done;
		}
		at = (int)a;
	}
	if (!(path = games_toy_words_path(d, &rules.toy, list_arg, &wloc)))
		goto done;
	if (toy_words_load(path, &w) != 0) {
		diag(SEV_ERROR, wloc.file ? &wloc : NULL, "cannot read the word list %s: %s%s", path,
		     file_strerror(errno), errno == ENOENT ? " (Debian: apt-get install wamerican)" : "");
		goto done;
	}
	size_t nused = 0;
	char **used = used_arg ? games_words(used_arg, &nused) : NULL;
	struct toy_result res;
	struct buf why = {0};
	if (challenge) {
		status = toy_challenge_verdict(&r, &w, word, answer, (const char *const *)used, nused, at,
					       !strcmp(challenge, "braker"), json);
		games_words_free(used, nused);
		goto done;
	}
	toy_check(&r, &w, word, (const char *const *)used, nused, at, &res, &why);
	const char *from = at == r.start && d->board.start_label ? d->board.start_label : NULL;
	status = res.valid ? EXIT_OK : EXIT_RULE;
	if (json) {
		printf("{\"valid\": %s, \"word\": ", res.valid ? "true" : "false");
		json_str(stdout, word);
		printf(", \"as\": ");
		if (res.valid)
			json_str(stdout, res.match);
		else
			fputs("null", stdout);
		printf(", \"reasons\": [");
		for (const char *s = why.s ? why.s : ""; *s;) {
			size_t n = strcspn(s, "\n");
			char *line = xstrndup(s, n);
			fputs(s == why.s ? "" : ", ", stdout);
			json_str(stdout, line);
			free(line);
			s += n + (s[n] == '\n');
		}
		printf("], \"from\": %d, \"to\": %d, \"broken\": %s, \"finish\": %s}\n", at, res.land,
		       res.broken ? "true" : "false", res.finish ? "true" : "false");
	} else if (!res.valid) {
		const char *s = why.s;
		while (*s) {
			size_t n = strcspn(s, "\n");
			printf("not valid: %.*s\n", (int)n, s);
			s += n + (s[n] == '\n');
		}
		if ((long)at + (long)strlen(word) >= r.finish)
			printf("a carriage reaches FINISH but the carriages make no valid word: the "
			       "Engine-Driver's turn ends without advancing and the game continues\n");
		if (from)
			printf("the locomotive stays on %s (space %d)\n", from, at);
		else
			printf("the locomotive stays on space %d\n", at);
	} else {
		printf("valid: %s", word);
		if (strchr(word, r.wild))
			printf(" (as %s)", res.match);
		printf(", %zu letters\n", strlen(word));
		if (res.finish)
			printf("a carriage reaches %s (space %d), where the Engine-Driver may add all the "
			       "carriages he wants: a valid word wins the game\n",
			       d->board.finish_label ? d->board.finish_label : "the finish", r.finish);
		else if (res.broken)
			printf("the last carriage is on space %ld, a broken railway: the locomotive stays on "
			       "space %d\n", res.target, at);
		else
			printf("the locomotive moves %zu spaces, from space %d to space %d\n", strlen(word), at,
			       res.land);
	}
	buf_free(&why);
	toy_result_free(&res);
	games_words_free(used, nused);
done:
	toy_words_free(&w);
	free(path);
	deck_free(d);
	return status;
}
