/* domino_check.c: `railyard check` for domino Trains: options, positions and
 * the verdict. The rules themselves are in domino_rules.c. */
#include <errno.h>
#include "cli.h"
#include "opt.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "kit_games.h"
#include "json.h"
#include "domino.h"
#include "trust.h"
#include "util.h"

/* --- domino Trains ------------------------------------------------------------ */

static const struct opt domino_rows[] = {
	OPT_TEXT(
		"usage: railyard check [OPTIONS] PACK.yaml     (game: domino-trains)\n"
		"\n"
		"Whether the pack's whole set of tiles, or a chosen subset, can be connected into a\n"
		"single train (every tile once, touching ends equal), and when not, why: the\n"
		"numbers on an odd number of tile ends (a train has two ends, so at most two\n"
		"numbers may be odd) and the tiles cut off from the rest.\n"
		"\n"),
	OPT("tiles", 't', "\"0-0 0-1", "1-2 ...\"  check these tiles of the set instead"),
	OPT_TEXT(
		"\n"
		"Positions of the game (seeds/002, \"Basic Trains\"):\n"),
	OPT("hands", 'H', "\"H1; H2; ...\"",
		"the first turn: each seat's tiles (seat 1 first,\n"
		"clockwise): who plays the highest double first,\n"
		"whether every seat has a double for its engine, and\n"
		"who adds the first car after the engines (rules: order)"),
	OPT("train", 'T', "TILES", "the player's own train as laid, left to right"),
	OPT("others", 'O', "\"T1; T2\"", "the other players' trains, numbered 1, 2, ..."),
	OPT("play", 'p', "TILES",
		"a turn: the first tile on the own train, then at most\n"
		"one tile on each other train (rules: other-trains),\n"
		"written TILE@N"),
	OPT("score", 'S', "N,N,...",
		"the end of a hand: tiles left per seat (0: dominoed; with\n"
		"nobody out, a blocked hand: rules: blocked=fewest)"),
	OPT("points", 'P', "N,N,...",
		"the seats' points before the hand (the game: rules: target, 120)"),
	OPT_VALUES("rule", 'r', "KEY=VALUE",
		"override a rule of the pack for this run: target=N,\n"
		"blocked=redeal|fewest, other-trains=one-each|one,\n"
		"order=clockwise|after-leader (repeatable)", "@rule"),
	OPT("json", 'j', NULL,
		"{\"single_train\", \"odd_numbers\", \"disconnected_tiles\", \"train\"}"),
	OPT("quiet", OPT_QUIET, NULL, "no progress lines on stderr (as in every command)"),
	OPT("help", 'h', NULL, ""), OPT("version", 'V', NULL, ""),
	OPT_TEXT(
		"\n"
		"Without --tiles or a position, the pack-level check runs too (the one build\n"
		"runs first): some player count of the deal must get hands and a double each\n"
		"for its engine; an error otherwise.\n"
		"\n"
		"exit status: 0 a single train exists, 1 it does not (or the pack is not\n"
		"sound), 2 invalid input.\n"),
	OPT_END,
};

const struct opt_table domino_check_options = {"check", 23, domino_rows};

/* Parse a list of tiles of a double-dn set, each at most once. 0 or -1 (reported). */
static int domino_tiles(int dn, const char *opt, const char *arg, struct domino **tiles, size_t *n)
{
	size_t nw;
	char **w = kit_games_words(arg, &nw);
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
	kit_games_words_free(w, nw);
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
	char **w = kit_games_words(arg, &nw);
	int n = (int)nw;
	for (size_t i = 0; i < nw && n >= 0; i++)
		if ((int)i >= cap || parse_int(w[i], 0, max, &out[i]) != 0)
			n = -1;
	kit_games_words_free(w, nw);
	if (n <= 0)
		diag(SEV_ERROR, NULL, "%s: give 1 to %d whole numbers 0..%ld, not '%s'", opt, cap, max, arg);
	return n;
}

/* check --hands, --train/--play, --score: positions of Basic Trains. */
/* The options of check for domino Trains. */
struct domino_opts {
	const char *tiles, *hands, *train, *others, *play, *score, *points;
	const char *rule[RULESET_MAX];   /* --rule KEY=VALUE, over the pack's rules: */
	size_t nrule;
	bool json;
};

/* Whether a tile is in two hands (reported); hands[i][0..nh[i]-1]. */
static bool tile_twice(struct domino *const *hands, const size_t *nh, size_t ns)
{
	for (size_t i = 0; i < ns; i++)
		for (size_t j = 0; j < i; j++)
			for (size_t a = 0; a < nh[i]; a++)
				for (size_t b = 0; b < nh[j]; b++)
					if (hands[i][a].low == hands[j][b].low && hands[i][a].high == hands[j][b].high) {
						diag(SEV_ERROR, NULL, "--hands: %d-%d is in seats %zu and %zu; the set has one",
						     hands[i][a].low, hands[i][a].high, j + 1, i + 1);
						return true;
					}
	return false;
}

/* The first turn of a hand: who leads with the highest double, or who blocks. */
static void first_turn(struct domino *const *hands, const size_t *nh, size_t ns,
		       enum domino_order order, struct buf *out, bool *legal)
{
	int lead, high;
	int blocked = domino_first_turn((const struct domino *const *)hands, nh, (int)ns, &lead, &high);
	if (lead >= 0 && blocked < 0) {
		buf_printf(out, "seat %d holds the highest double, %d-%d, and plays it first as "
			   "its engine; play moves clockwise\n", lead + 1, high, high);
		buf_printf(out, "after the engines, seat %d adds the first car (rules: order=%s)\n",
			   domino_first_car(lead, (int)ns, order) + 1,
			   domino_order_name(order));
	}
	if (blocked >= 0) {
		*legal = false;
		buf_printf(out, "seat %d has no double for its engine: the game is blocked, "
			   "nobody scores and a new hand is dealt\n", blocked + 1);
	} else {
		buf_puts(out, "legal: every seat has a double to put down as its engine\n");
	}
}

/* --hands "A;B;...": can every seat put down its engine? */
static int domino_hands(int dn, const char *arg, enum domino_order order, struct buf *out,
			bool *legal)
{
	size_t ns;
	char **seats = split_semis(arg, &ns);
	struct domino *hands[64] = {NULL};
	size_t nh[64] = {0};
	int bad = ns < 2 || ns > 64;
	if (bad)
		diag(SEV_ERROR, NULL, "--hands: 2 to 64 seats, separated by ';'");
	for (size_t i = 0; i < ns && !bad; i++)
		bad |= domino_tiles(dn, "--hands", seats[i], &hands[i], &nh[i]) != 0;
	bad = bad || tile_twice(hands, nh, ns);
	if (!bad)
		first_turn(hands, nh, ns, order, out, legal);
	for (size_t i = 0; i < ns; i++) {
		free(hands[i]);
		free(seats[i]);
	}
	free(seats);
	return bad ? EXIT_INPUT : EXIT_OK;
}

/* A turn's position: the own train (trains[0]) and the others' (--others). */
struct turn_pos {
	struct domino_train trains[DOMINO_MAX_TRAINS];
	char **others;
	size_t nt;
	struct domino *play;
	int *where;          /* where[i]: 0 the own train, k the k-th of --others */
	size_t nplay;
	bool one_other;      /* rules: other-trains=one */
};

/* Read the trains of --train and --others into *t; false (reported) on errors. */
static bool read_trains(int dn, const struct domino_opts *o, struct turn_pos *t)
{
	struct domino *own = NULL;
	size_t nown = 0;
	struct buf why = {0};
	t->others = o->others ? split_semis(o->others, &t->nt) : NULL;
	bool ok = domino_tiles(dn, "--train", o->train, &own, &nown) == 0;
	if (ok && domino_train_read(own, nown, &t->trains[0], &why) != 0) {
		diag(SEV_ERROR, NULL, "--train: %s", why.s);
		ok = false;
	}
	free(own);
	if (t->nt > DOMINO_MAX_TRAINS - 1) {
		diag(SEV_ERROR, NULL, "--others: at most %d trains", DOMINO_MAX_TRAINS - 1);
		ok = false;
	}
	for (size_t i = 0; i < t->nt && ok; i++) {
		struct domino *ot;
		size_t no;
		buf_free(&why);
		ok = domino_tiles(dn, "--others", t->others[i], &ot, &no) == 0;
		if (ok && domino_train_read(ot, no, &t->trains[i + 1], &why) != 0) {
			diag(SEV_ERROR, NULL, "--others: train %zu: %s", i + 1, why.s);
			ok = false;
		}
		free(ot);
	}
	buf_free(&why);
	return ok;
}

/* Whether a tile of the play already lies on a train (reported). */
static bool played_already(int dn, const struct domino_opts *o, const struct turn_pos *t)
{
	for (size_t k = 0; k <= t->nt; k++) {
		struct domino *tt;
		size_t ntt;
		if (domino_tiles(dn, "--train", k ? t->others[k - 1] : o->train, &tt, &ntt) != 0)
			return true;
		for (size_t i = 0; i < t->nplay; i++)
			for (size_t j = 0; j < ntt; j++)
				if (tt[j].low == t->play[i].low && tt[j].high == t->play[i].high) {
					diag(SEV_ERROR, NULL, "--play: %d-%d is already on %s; the set has one",
					     t->play[i].low, t->play[i].high, k ? "a train of --others" : "the own train");
					free(tt);
					return true;
				}
		free(tt);
	}
	return false;
}

/* --play "4-2 1-3@2": TILE[@N] into t->play and t->where; false (reported). */
static bool read_play(int dn, const struct domino_opts *o, struct turn_pos *t)
{
	if (!o->play) {
		diag(SEV_ERROR, NULL, "--train: give the tiles of the turn with --play");
		return false;
	}
	size_t nw = 0;
	char **w = kit_games_words(o->play, &nw);
	t->where = xcalloc(nw + 1, sizeof *t->where);
	struct buf tiles = {0};
	bool ok = true;
	for (size_t i = 0; i < nw && ok; i++) {
		char *at = strchr(w[i], '@');
		long k = 0;
		if (at) {
			*at = '\0';
			if (parse_int(at + 1, 1, (long)t->nt, &k) != 0) {
				diag(SEV_ERROR, NULL, "--play: '%s': @N names one of the %zu --others trains", at + 1, t->nt);
				ok = false;
			}
		}
		t->where[i] = (int)k;
		buf_printf(&tiles, "%s ", w[i]);
	}
	if (ok && nw)
		ok = domino_tiles(dn, "--play", tiles.s, &t->play, &t->nplay) == 0;
	buf_free(&tiles);
	kit_games_words_free(w, nw);
	return ok && !played_already(dn, o, t);
}

/* Why move m of the turn t is not legal (domino_legal's refusal r). */
static void refusal(enum domino_refusal r, struct domino_move m, const struct domino_train *tr,
		    struct buf *out)
{
	switch (r) {
	case DOMINO_OWN_FIRST:
		buf_puts(out, "a player first adds a car to his own train; only then one tile "
			 "on other players' trains\n");
		break;
	case DOMINO_OWN_ONCE:
		buf_puts(out, "one tile a turn goes on the player's own train\n");
		break;
	case DOMINO_ONE_IN_ALL:
		buf_puts(out, "one and only one car on the other trains in all (rules: other-trains=one): "
			 "this turn has laid it\n");
		break;
	case DOMINO_ONE_EACH:
		buf_printf(out, "one and only one car on each other train: train %d already has one "
			   "this turn\n", m.train);
		break;
	default:
		buf_printf(out, "%d-%d matches neither end of %s (%d and %d)\n", m.tile.low, m.tile.high,
			   m.train ? "that train" : "the own train", tr->end[0], tr->end[1]);
		break;
	}
}

/* Lay the turn's tiles in order, each at the first end domino_legal takes;
 * the findings into *out. */
static void lay_turn(struct turn_pos *t, struct buf *out, bool *legal)
{
	struct buf done = {0};
	struct domino_turn turn = {t->trains, (int)t->nt + 1, 0, 0, 0, false, -1, t->one_other};
	for (size_t i = 0; i < t->nplay && *legal; i++) {
		struct domino_train *tr = &t->trains[t->where[i]];
		const struct domino *p = &t->play[i];
		struct domino_move m = {*p, t->where[i], 0, (int)i};
		enum domino_refusal r = domino_legal(&turn, m);
		if (r == DOMINO_NO_MATCH) {
			m.end = 1;
			enum domino_refusal r1 = domino_legal(&turn, m);
			r = r1 == DOMINO_SAME_END ? r : r1;
		}
		if (r != DOMINO_OK) {
			refusal(r, m, tr, out);
			*legal = false;
		} else {
			domino_apply(&turn, m);
			buf_printf(&done, "%d-%d on %s%.0d: its ends now show %d and %d%s\n", p->low, p->high,
				   t->where[i] ? "train " : "the own train", t->where[i], tr->end[0], tr->end[1],
				   p->low == p->high ? " (a double, in line)" : "");
		}
	}
	if (*legal)
		buf_printf(out, "%slegal\n", done.s ? done.s : "");
	buf_free(&done);
}

/* --train ... --play ...: one turn's tiles. */
static int domino_turn(int dn, const struct domino_opts *o, bool one_other, struct buf *out, bool *legal)
{
	struct turn_pos t;
	memset(&t, 0, sizeof t);
	t.one_other = one_other;
	bool ok = read_trains(dn, o, &t) && read_play(dn, o, &t);
	if (ok)
		lay_turn(&t, out, legal);
	free(t.where);
	for (size_t i = 0; i < t.nt; i++)
		free(t.others[i]);
	free(t.others);
	free(t.play);
	return ok ? EXIT_OK : EXIT_INPUT;
}

/* --score N,N,... [--points N,N,...]: the end of a hand, against the game's
 * target (rules: target): one seat dominoed, or under rules: blocked=fewest a
 * blocked hand (nobody out), which the seat with the fewest tiles scores. */
static int domino_score(const struct domino_opts *o, long target, bool fewest, struct buf *out)
{
	long left[64], points[64] = {0};
	int n = int_list("--score", o->score, 1000, left, 64), np = n;
	if (n > 0 && o->points)
		np = int_list("--points", o->points, 100000, points, 64);
	int out_seat = -1, tiles[64];
	for (int i = 0; i < n; i++) {
		tiles[i] = (int)left[i];
		if (!left[i])
			out_seat = out_seat < 0 ? i : -2;
	}
	if (n <= 0)
		return EXIT_INPUT;
	if (np != n) {
		if (np > 0)
			diag(SEV_ERROR, NULL, "--points: one number per seat of --score (%d)", n);
		return EXIT_INPUT;
	}
	if (out_seat == -2 || (out_seat < 0 && !fewest)) {
		diag(SEV_ERROR, NULL, "--score: play stops when one player has dominoed: exactly "
		     "one seat has 0 tiles left%s", out_seat < 0 ? " (or, under rules: blocked=fewest, "
		     "when the hand is blocked)" : "");
		return EXIT_INPUT;
	}
	bool blocked = out_seat < 0;
	if (blocked)
		out_seat = domino_fewest(tiles, n);
	long pts = domino_hand_points(tiles, n, out_seat);
	points[out_seat] += pts;
	if (blocked)
		buf_printf(out, "legal: the hand is blocked and seat %d, with the fewest tiles (%d), scores "
			   "it (rules: blocked=fewest): %ld (5 points for each of the %ld tiles left in the "
			   "other hands): %ld in all\n", out_seat + 1, tiles[out_seat], pts, pts / 5,
			   points[out_seat]);
	else
		buf_printf(out, "legal: seat %d dominoed and scores %ld (5 points for each of the "
			   "%ld tiles left in the other hands): %ld in all\n", out_seat + 1, pts, pts / 5,
			   points[out_seat]);
	if (target && points[out_seat] >= target)
		buf_printf(out, "seat %d reaches %ld points and wins the game\n", out_seat + 1, target);
	return EXIT_OK;
}

/* A position: --hands, --train with --play, or --score, under the rules rs. */
static int domino_position(int dn, const struct domino_opts *o, const struct ruleset *rs)
{
	struct buf out = {0};
	bool legal = true;
	struct domino_rules dr;
	domino_rules_from(rs, &dr);
	int status = o->hands ? domino_hands(dn, o->hands, dr.order, &out, &legal)
		     : o->train ? domino_turn(dn, o, dr.one_other, &out, &legal)
				: domino_score(o, dr.target, dr.blocked_fewest, &out);
	if (status == EXIT_OK)
		status = kit_games_check_verdict(legal, &out, o->json);
	buf_free(&out);
	return status;
}

/* The whole set (or --tiles): can it make a single train? */
static void print_single_train(const struct domino *tiles, size_t n, int dn, const struct domino_report *r,
			       bool json)
{
	if (json) {
		struct jw w;
		char tile[32];
		jw_init(&w, stdout);
		jw_object(&w);
		jw_put_uint(&w, "tiles", n);
		jw_put_bool(&w, "single_train", r->single_train);
		jw_key(&w, "odd_numbers");
		jw_array(&w);
		for (size_t i = 0; i < r->nodd; i++)
			jw_int(&w, r->odd[i]);
		jw_end(&w);
		jw_key(&w, "disconnected_tiles");
		jw_array(&w);
		for (size_t i = 0; i < r->ncut; i++) {
			snprintf(tile, sizeof tile, "%d-%d", tiles[r->cut[i]].low, tiles[r->cut[i]].high);
			jw_str(&w, tile);
		}
		jw_end(&w);
		jw_key(&w, "train");
		jw_array(&w);
		for (size_t i = 0; i < r->ntrain; i++) {
			const struct domino *t = &tiles[r->train[i]];
			snprintf(tile, sizeof tile, "%d-%d", r->flip[i] ? t->high : t->low, r->flip[i] ? t->low : t->high);
			jw_str(&w, tile);
		}
		jw_end(&w);
		jw_end(&w);
		putchar('\n');
		return;
	}
	printf("%zu tiles of a double-%d set: %s\n", n, dn, r->single_train ? "a single train exists" : "no single train");
	if (r->nodd) {
		printf("numbers on an odd number of tile ends:");
		for (size_t i = 0; i < r->nodd; i++)
			printf(" %d", r->odd[i]);
		if (r->nodd > 2)
			printf(" (%zu; a train has two ends, so at most 2 may be odd)", r->nodd);
		else
			printf(" (the train runs from one to the other)");
		putchar('\n');
	}
	if (r->ncut) {
		printf("tiles cut off from the rest (%zu):", r->ncut);
		for (size_t i = 0; i < r->ncut; i++)
			printf(" %d-%d", tiles[r->cut[i]].low, tiles[r->cut[i]].high);
		putchar('\n');
	}
	if (r->single_train) {
		printf("train:");
		for (size_t i = 0; i < r->ntrain; i++) {
			const struct domino *t = &tiles[r->train[i]];
			printf(" %d-%d", r->flip[i] ? t->high : t->low, r->flip[i] ? t->low : t->high);
		}
		putchar('\n');
	}
}

/* The single-train question for the set or --tiles. */
static int domino_set(int dn, const struct domino_opts *o)
{
	size_t n = 0;
	struct domino *tiles;
	if (o->tiles) {
		if (domino_tiles(dn, "--tiles", o->tiles, &tiles, &n) != 0) {
			free(tiles);
			return EXIT_INPUT;
		}
	} else {
		tiles = xcalloc((size_t)domino_set_size(dn), sizeof *tiles);
		for (int a = 0; a <= dn; a++)
			for (int b = a; b <= dn; b++)
				tiles[n++] = (struct domino){a, b};
	}
	struct domino_report r;
	domino_analyse(tiles, n, dn, &r);
	print_single_train(tiles, n, dn, &r, o->json);
	int status = r.single_train ? EXIT_OK : EXIT_RULE;
	domino_report_free(&r);
	free(tiles);
	return status;
}

/* The options into *o; -1 to go on, or the status to end with. */
static int domino_options(int argc, char **argv, struct domino_opts *o)
{
	memset(o, 0, sizeof *o);
	int c;
	optind = 1;
	while ((c = cli_next(argc, argv, &domino_check_options)) != -1) {
		switch (c) {
		case 't': o->tiles = optarg; break;
		case 'H': o->hands = optarg; break;
		case 'T': o->train = optarg; break;
		case 'O': o->others = optarg; break;
		case 'p': o->play = optarg; break;
		case 'S': o->score = optarg; break;
		case 'P': o->points = optarg; break;
		case 'j': o->json = true; break;
		case 'r':
			if (cli_rule(optarg, o->rule, &o->nrule, RULESET_MAX))
				return EXIT_INPUT;
			break;
		case 'h': opt_help(stdout, &domino_check_options); return EXIT_OK;
		case 'V': return cli_version();
		default: cli_brief(&domino_check_options); return EXIT_INPUT;
		}
	}
	return kit_games_check_one_pack(argc, &domino_check_options) < 0 ? EXIT_INPUT : -1;
}

int domino_check(const struct game *game, const struct ydoc *pack, int argc, char **argv)
{
	struct domino_opts o;
	int status = domino_options(argc, argv, &o);
	if (status >= 0)
		return status;
	struct game_rules rules;
	struct kit *d = kit_games_load(game, pack, argv[optind], NULL, &rules);
	if (!d)
		return EXIT_INPUT;
	const struct kit_group *set = NULL;
	for (size_t i = 0; i < d->ngroups; i++)
		if (d->groups[i].kind == KIT_TILE)
			set = &d->groups[i];
	if (!set) {
		diag(SEV_ERROR, &d->loc, "a domino-trains pack needs 'tiles: {double: N}'");
		kit_free(d);
		return EXIT_INPUT;
	}
	if (!ruleset_set_all(&rules.set, o.rule, o.nrule))
		status = EXIT_INPUT;
	else if (o.hands || o.train || o.score)
		status = domino_position(set->double_n, &o, &rules.set);
	else if ((status = domino_set(set->double_n, &o)) != EXIT_INPUT && !o.tiles && domino_check_pack(d, &rules, true))
		status = EXIT_RULE;   /* the pack-level check (the same as build's) */
	kit_free(d);
	return status;
}

/* kit_games.h */
int domino_check_pack(const struct kit *d, const struct game_rules *rules, bool notes)
{
	(void)rules;
	const struct kit_group *set = NULL;
	for (size_t i = 0; i < d->ngroups; i++)
		if (d->groups[i].kind == KIT_TILE)
			set = &d->groups[i];
	if (!set) {
		diag(SEV_ERROR, &d->loc, "a domino-trains pack needs 'tiles: {double: N}'");
		return 1;
	}
	long tiles = 0, doubles = 0;
	for (size_t i = 0; i < d->nitems; i++) {
		struct domino t;
		if (&d->groups[d->items[i].group] != set || domino_parse(d->items[i].name, &t) != 0)
			continue;
		tiles += d->items[i].count;
		doubles += t.low == t.high ? d->items[i].count : 0;
	}
	/* "Each player in his first turn puts down a double ... If someone cannot
	 * make this first play, the game is blocked": a count with more players
	 * than doubles re-deals without end. An error when no count can play. */
	bool some = !d->ndeals;
	int lo = 0, hi = 0;
	for (size_t i = 0; i < d->ndeals; i++) {
		int bad[2][2] = {{0, 0}, {0, 0}};   /* the counts not dealt, and without engines */
		for (int p = d->deals[i].lo; p <= d->deals[i].hi && p > 0; p++) {
			long hand = d->deals[i].cards ? d->deals[i].cards : tiles / p;
			int why = hand < 1 || hand * p > tiles ? 0 : doubles < p ? 1 : -1;
			some |= why < 0;
			lo = lo && lo < p ? lo : p;
			hi = hi > p ? hi : p;
			if (why >= 0) {
				bad[why][0] = bad[why][0] ? bad[why][0] : p;
				bad[why][1] = p;
			}
		}
		char r[2][32];
		for (int k = 0; k < 2; k++)
			snprintf(r[k], sizeof r[k], bad[k][0] == bad[k][1] ? "%d" : "%d-%d", bad[k][0], bad[k][1]);
		if (notes && bad[0][0])
			diag(SEV_WARNING, &d->deals[i].loc, "%s players: the hands need more tiles than the %ld of the "
			     "set: that cannot be dealt", r[0], tiles);
		if (notes && bad[1][0])
			diag(SEV_WARNING, &d->deals[i].loc, "%s players: %ld doubles are too few for an engine each: "
			     "every hand is blocked and re-dealt (\"If someone cannot make this first play ...\"), so "
			     "that never plays", r[1], doubles);
	}
	if (!some)
		diag(SEV_ERROR, &d->deals[0].loc, "no player count of the deal can play a hand: every player "
		     "needs a hand and a double for an engine (\"Each player in his first turn puts down a "
		     "double\"), and %ld tiles with %ld doubles serve none of %d-%d players", tiles, doubles, lo, hi);
	return !some;
}
