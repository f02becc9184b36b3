/* take_rules.c: Take the Train's lines, End of Line, Free Ride and Transfer rules. */
#include "take.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ruleset.h"

/* The seed: "Play can then be to 100 or 250, or the highest total after a
 * number of rounds."; "the player with the most Fares left wins" (silent on a
 * tie for the most). */
const struct ruleset_key take_rule_keys[] = {
	{"target", NULL, 0, 100000, "0", "rounds until a player's total of fares reaches N; 0: one round"},
	{"rounds", NULL, 0, 1000, "0", "at most N rounds, then the highest total wins; 0: no limit"},
	{"tie", "none|shared|fewest-cards", 0, 0, "none",
	 "a tie for the most fares: no single winner, each tied player scores, or the fewest cards wins"},
	{NULL, NULL, 0, 0, NULL, NULL},
};

struct special {
	enum take_kind kind;
	const char *abbr, *name, *label;
};

static const struct special specials[] = {
	{TK_FREE_RIDE, "FR", "free-ride", "Free Ride"},
	{TK_END_OF_LINE, "EL", "end-of-line", "End of Line"},
	{TK_END_OF_LINE, "EOL", "end-of-line", "End of Line"},
	{TK_TRANSFER, "TR", "transfer", "Transfer"},
};

const char *take_card_name(const struct take_game *g, const struct take_card *c)
{
	static char s[96];
	switch (c->kind) {
	case TK_NUMBER:
		snprintf(s, sizeof s, "%s %d", g->colours[c->colour], c->number);
		break;
	case TK_STATION:
		snprintf(s, sizeof s, "%s Station", g->colours[c->colour]);
		break;
	default:
		for (size_t i = 0; i < sizeof specials / sizeof *specials; i++)
			if (specials[i].kind == c->kind)
				snprintf(s, sizeof s, "%s", specials[i].label);
		break;
	}
	return s;
}

/* The colour named by a unique prefix (case-insensitive), or -1. */
static int colour_of(const struct take_game *g, const char *s, size_t len)
{
	int found = -1;
	for (size_t i = 0; i < g->ncolours && len; i++)
		if (strlen(g->colours[i]) >= len && strncasecmp(g->colours[i], s, len) == 0) {
			if (strlen(g->colours[i]) == len)
				return (int)i;
			if (found >= 0)
				return -2;
			found = (int)i;
		}
	return found;
}

int take_parse_card(const struct take_game *g, const char *tok, struct take_card *c,
		    struct buf *why)
{
	for (size_t i = 0; i < sizeof specials / sizeof *specials; i++)
		if (strcasecmp(tok, specials[i].abbr) == 0 || strcasecmp(tok, specials[i].name) == 0) {
			*c = (struct take_card){specials[i].kind, -1, 0};
			return 0;
		}
	/* colour part: letters up to a digit or '-' */
	size_t len = 0;
	while (tok[len] && isalpha((unsigned char)tok[len]))
		len++;
	const char *rest = tok + len + (tok[len] == '-');
	bool station = false;
	size_t clen = len;
	if (!tok[len] && len > 1 && toupper((unsigned char)tok[len - 1]) == 'S') {
		/* "BS": colour B, station */
		clen = len - 1;
		station = true;
	} else if (strcasecmp(rest, "station") == 0 || strcasecmp(rest, "s") == 0) {
		station = true;
	}
	int col = colour_of(g, tok, clen);
	if (col < 0) {
		buf_printf(why, "'%s' is not a card: expected a colour (", tok);
		for (size_t i = 0; i < g->ncolours; i++)
			buf_printf(why, "%s%s", i ? ", " : "", g->colours[i]);
		buf_printf(why, ") and a number 1-%d or S for its Station, e.g. %c7, %cS; or FR, EL, TR",
			   g->high, toupper((unsigned char)g->colours[0][0]),
			   toupper((unsigned char)g->colours[0][0]));
		if (col == -2)
			buf_printf(why, " ('%.*s' names more than one colour)", (int)clen, tok);
		return -1;
	}
	if (station) {
		*c = (struct take_card){TK_STATION, col, 0};
		return 0;
	}
	long v;
	if (parse_int(rest, 1, g->high, &v) != 0) {
		buf_printf(why, "'%s': the number must be 1-%d (or S for the %s Station)", tok, g->high,
			   g->colours[col]);
		return -1;
	}
	*c = (struct take_card){TK_NUMBER, col, (int)v};
	return 0;
}

int take_step_value(const struct take_game *g, int side, size_t k)
{
	long h = g->high, km = (long)(k % (size_t)g->high);
	if (side == TAKE_LEFT)
		return (int)(((g->split - 1 - km) % h + h) % h + 1);
	return (int)((g->split + km) % h + 1);
}

/* Steps a side has before it must wrap: split on the left, high-split on the right. */
static size_t natural_steps(const struct take_game *g, int side)
{
	return (size_t)(side == TAKE_LEFT ? g->split : g->high - g->split);
}

static const char *side_name(int side)
{
	return side == TAKE_LEFT ? "left (descending)" : "right (ascending)";
}

/* The cards beyond a Transfer at the end of side (on the table order: for the
 * left side the branch's cards come first, outermost first): another colour's
 * card of the end's number, then numbers heading away from the Station. The
 * number of problems, each in *why. */
static int parse_branch(const struct take_game *g, struct take_line *line, int side,
			const struct take_card *c, size_t n, struct buf *why)
{
	size_t k = line->len[side];
	if (!k || n == 0 || n > 16) {
		buf_printf(why, "a Transfer on the %s side goes beside the card at its end, followed by 1 to 16 "
			   "cards of another colour heading away from the Station (\"O4 O5 TR B5 B6 BS\")\n",
			   side_name(side));
		return 1;
	}
	int v = line->value[side][k - 1], step = side == TAKE_LEFT ? -1 : 1;
	for (size_t i = 0; i < n; i++, v += step) {
		const struct take_card *x = &c[side == TAKE_LEFT ? n - 1 - i : i];
		bool number = x->kind == TK_NUMBER;
		if (i == 0 && (!number || x->colour == line->colour || x->number != v)) {
			buf_printf(why, "a Transfer branches at %s %d with the %d of another colour, not %s\n",
				   g->colours[line->colour], v, v, take_card_name(g, x));
			return 1;
		}
		if (v < 1 || v > g->high || (i && x->kind != TK_FREE_RIDE &&
					     (!number || x->colour != c[side == TAKE_LEFT ? n - 1 : 0].colour ||
					      x->number != v))) {
			buf_printf(why, "the %s branch heads away from the Station: %d comes next, not %s\n",
				   g->colours[c[side == TAKE_LEFT ? n - 1 : 0].colour], v, take_card_name(g, x));
			return 1;
		}
		line->branch_value[side][i] = v;
		line->branch_free[side][i] = x->kind == TK_FREE_RIDE;
	}
	line->branch_colour[side] = c[side == TAKE_LEFT ? n - 1 : 0].colour;
	line->branch_len[side] = n;
	return 0;
}

int take_line_parse(const struct take_game *g, const struct take_card *cards, size_t n,
		    struct take_line *line, struct buf *why)
{
	memset(line, 0, sizeof *line);
	size_t st = n;
	int errors = 0;
	for (size_t i = 0; i < n; i++)
		if (cards[i].kind == TK_STATION) {
			if (st != n) {
				buf_printf(why, "a line has one Station; this one has %s and %s\n",
					   take_card_name(g, &cards[st]), take_card_name(g, &cards[i]));
				return -1;
			}
			st = i;
		}
	if (st == n) {
		buf_puts(why, "a line starts from a Station (e.g. BS); this one has none\n");
		return -1;
	}
	line->colour = cards[st].colour;
	/* Ends first: whether a side may wrap depends on the other side's End of Line. */
	for (int side = 0; side < 2; side++) {
		size_t count = side == TAKE_LEFT ? st : n - st - 1;
		for (size_t k = 0; k < count; k++) {
			const struct take_card *c = &cards[side == TAKE_LEFT ? st - 1 - k : st + 1 + k];
			if (c->kind != TK_END_OF_LINE)
				continue;
			if (k != count - 1) {
				buf_printf(why, "an End of Line must be the last card of its end of the line "
					   "(the %s side has cards beyond it)\n", side_name(side));
				errors++;
			}
			line->closed[side] = true;
		}
	}
	bool used[65] = {false};
	for (int side = 0; side < 2; side++) {
		size_t count = side == TAKE_LEFT ? st : n - st - 1;
		for (size_t k = 0; k < count; k++) {
			const struct take_card *c = &cards[side == TAKE_LEFT ? st - 1 - k : st + 1 + k];
			if (c->kind == TK_END_OF_LINE)
				break;
			if (c->kind == TK_TRANSFER) {
				const struct take_card *rest = side == TAKE_LEFT ? cards : c + 1;
				size_t nrest = count - k - 1;
				errors += parse_branch(g, line, side, rest, nrest, why);
				break;
			}
			int v = take_step_value(g, side, k);
			if (k >= natural_steps(g, side) && !line->closed[!side]) {
				buf_printf(why, "the %s side goes past %d, which it may only do when the "
					   "other end is closed by an End of Line\n", side_name(side),
					   side == TAKE_LEFT ? 1 : g->high);
				errors++;
				break;
			}
			if (k >= 64 || used[v]) {
				buf_printf(why, "the %s side runs into the other side: the line holds each "
					   "number once\n", side_name(side));
				errors++;
				break;
			}
			if (c->kind == TK_NUMBER && (c->colour != line->colour || c->number != v)) {
				buf_printf(why, "the %s side needs %s %d at step %zu from the Station, "
					   "not %s\n", side_name(side), g->colours[line->colour], v, k + 1,
					   take_card_name(g, c));
				errors++;
				break;
			}
			used[v] = true;
			line->value[side][k] = v;
			line->free[side][k] = c->kind == TK_FREE_RIDE;
			line->len[side] = k + 1;
		}
	}
	return errors ? -1 : 0;
}

static bool line_has(const struct take_line *l, int v, int *side, size_t *k)
{
	for (int s = 0; s < 2; s++)
		for (size_t i = 0; i < l->len[s]; i++)
			if (l->value[s][i] == v) {
				if (side)
					*side = s;
				if (k)
					*k = i;
				return true;
			}
	return false;
}

/* Lay play[0..n-1] (number cards and Free Rides) on one side; describe in *out. */
static bool try_side(const struct take_game *g, const struct take_line *l,
		     const struct take_card *play, size_t n, int side, struct buf *out)
{
	const char *col = g->colours[l->colour];
	if (l->closed[side]) {
		buf_printf(out, "the %s end is closed by an End of Line\n", side_name(side));
		return false;
	}
	bool used[65] = {false};
	for (int s = 0; s < 2; s++)
		for (size_t i = 0; i < l->len[s]; i++)
			used[l->value[s][i]] = true;
	size_t k = l->len[side];
	struct buf laid = {0};
	for (size_t i = 0; i < n; i++, k++) {
		int v = take_step_value(g, side, k);
		if (k >= natural_steps(g, side) && !l->closed[!side]) {
			buf_printf(out, "the %s end stops at %s %d (it wraps around only when the "
				   "other end is closed by an End of Line)\n", side_name(side), col,
				   side == TAKE_LEFT ? 1 : g->high);
			buf_free(&laid);
			return false;
		}
		if (k >= 64 || used[v]) {
			buf_printf(out, "the %s line is complete: no card can follow on the %s end\n", col,
				   side_name(side));
			buf_free(&laid);
			return false;
		}
		if (play[i].kind == TK_NUMBER && play[i].number != v) {
			buf_printf(out, "the %s end needs %s %d next%s, not %s %d\n", side_name(side), col,
				   v, i ? " in the run" : "", col, play[i].number);
			buf_free(&laid);
			return false;
		}
		used[v] = true;
		if (play[i].kind == TK_FREE_RIDE)
			buf_printf(&laid, "%sFree Ride as %s %d", i ? ", " : "", col, v);
		else
			buf_printf(&laid, "%s%s %d", i ? ", " : "", col, v);
		if (k + 1 > natural_steps(g, side) && k + 1 - natural_steps(g, side) == 1)
			buf_printf(&laid, " (wrapping around past %d)", side == TAKE_LEFT ? 1 : g->high);
	}
	buf_printf(out, "legal on the %s end: %s\n", side_name(side), laid.s);
	buf_free(&laid);
	return true;
}

/* A run on a line of its colour, on one end or either. */
static bool run_on(const struct take_game *g, const struct take_line *l,
		   const struct take_card *play, size_t n, int side, struct buf *out)
{
	struct buf tries[2] = {{0}, {0}};
	bool ok[2] = {false, false};
	for (int s = 0; s < 2; s++)
		if (side < 0 || side == s)
			ok[s] = try_side(g, l, play, n, s, &tries[s]);
	bool legal = ok[0] || ok[1];
	for (int s = 0; s < 2; s++)
		if (tries[s].s && (ok[s] || !legal))
			buf_puts(out, tries[s].s);
	if (ok[0] && ok[1])
		buf_puts(out, "the play fits either end; the player chooses one\n");
	buf_free(&tries[0]);
	buf_free(&tries[1]);
	return legal;
}

static bool transfer_play(const struct take_game *g, const struct take_line *l,
			  const struct take_card *play, size_t n, struct buf *out)
{
	if (n < 2 || play[1].kind != TK_NUMBER) {
		buf_puts(out, "a Transfer is played beside a number of the line, followed by the "
			 "card of the same number in another colour (e.g. TR O5)\n");
		return false;
	}
	const struct take_card *x = &play[1];
	if (x->colour == l->colour) {
		buf_printf(out, "a Transfer branches off in a different colour; %s is the line's own "
			   "colour\n", take_card_name(g, x));
		return false;
	}
	int side;
	size_t k;
	if (!line_has(l, x->number, &side, &k)) {
		buf_printf(out, "a Transfer needs %s %d on the line to branch from; it has not been "
			   "played\n", g->colours[l->colour], x->number);
		return false;
	}
	/* "Orange cards 4 to 1 can now be played off of the 5 heading away from the
	 * station" (seeds/001): the branch leaves from the card at an open end. */
	if (k + 1 != l->len[side] || l->closed[side]) {
		buf_printf(out, "a Transfer goes beside the card at an open end of the line, so that "
			   "the branch can head away from the Station; %s %d is %s\n",
			   g->colours[l->colour], x->number,
			   l->closed[side] ? "closed off by an End of Line" : "not at the end of its side");
		return false;
	}
	int step = side == TAKE_LEFT ? -1 : 1, v = x->number;
	for (size_t i = 2; i < n; i++) {
		v += step;
		if (v < 1 || v > g->high) {
			buf_printf(out, "the %s branch ends at %d\n", g->colours[x->colour], v - step);
			return false;
		}
		if (play[i].kind == TK_FREE_RIDE)
			continue;
		if (play[i].kind != TK_NUMBER || play[i].colour != x->colour || play[i].number != v) {
			buf_printf(out, "the %s branch runs away from the Station: %s %d comes next, not "
				   "%s\n", g->colours[x->colour], g->colours[x->colour], v,
				   take_card_name(g, &play[i]));
			return false;
		}
	}
	buf_printf(out, "legal: a Transfer beside %s %d, then %s %d", g->colours[l->colour],
		   x->number, g->colours[x->colour], x->number);
	if (n > 2)
		buf_printf(out, " and %zu more toward %d", n - 2, side == TAKE_LEFT ? 1 : g->high);
	buf_puts(out, "\n");
	return true;
}

/* A play of a branch's colour: it continues the branch away from the Station,
 * or it waits for its Station ("Any cards that would normally lie between the
 * Station and the number at which the Transfer was played, as well as anything
 * to the other side of the Station, cannot be played until the Station is
 * played."). */
static bool branch_play(const struct take_game *g, const struct take_line *l, int b,
			const struct take_card *play, size_t n, struct buf *out)
{
	const char *col = g->colours[l->branch_colour[b]];
	int step = b == TAKE_LEFT ? -1 : 1, v = l->branch_value[b][l->branch_len[b] - 1];
	for (size_t i = 0; i < n; i++) {
		v += step;
		bool next = v >= 1 && v <= g->high &&
			    (play[i].kind == TK_FREE_RIDE ||
			     (play[i].kind == TK_NUMBER && play[i].colour == l->branch_colour[b] && play[i].number == v));
		if (next)
			continue;
		if (i == 0 && play[0].kind == TK_NUMBER)
			buf_printf(out, "%s cannot be played until the %s Station is played: only the %s "
				   "branch's next card (%s %d) goes on before it\n", take_card_name(g, &play[0]), col, col,
				   col, l->branch_value[b][l->branch_len[b] - 1] + step);
		else
			buf_printf(out, "the %s branch heads away from the Station: %s %d comes next, not %s\n", col,
				   col, v, take_card_name(g, &play[i]));
		return false;
	}
	buf_printf(out, "legal: on the %s branch, toward %d\n", col, b == TAKE_LEFT ? 1 : g->high);
	return true;
}

/* Only as many of each card as the pack holds, counting the line's: false,
 * with the finding in *out, when the play would need more. */
static bool within_pack(const struct take_game *g, const struct take_line *line, const struct take_card *play,
			size_t n, struct buf *out)
{
	long fr = 0, el = 0, tr = 0;
	uint8_t seen[64][65];   /* 1: on the table, 2: in the play */
	memset(seen, 0, sizeof seen);
	for (int s = 0; line && s < 2; s++) {
		for (size_t i = 0; i < line->len[s]; i++)
			if (line->free[s][i])
				fr++;
			else
				seen[line->colour][line->value[s][i]] = 1;
		el += line->closed[s];
		tr += line->branch_len[s] > 0;
		for (size_t i = 0; i < line->branch_len[s]; i++)
			if (line->branch_free[s][i])
				fr++;
			else if (line->branch_colour[s] < 64)
				seen[line->branch_colour[s]][line->branch_value[s][i]] = 1;
	}
	for (size_t i = 0; i < n; i++) {
		const struct take_card *c = &play[i];
		fr += c->kind == TK_FREE_RIDE;
		el += c->kind == TK_END_OF_LINE;
		tr += c->kind == TK_TRANSFER;
		if (c->kind == TK_NUMBER && c->colour < 64) {
			if (seen[c->colour][c->number]) {
				buf_printf(out, "there is only one %s: it is already %s\n", take_card_name(g, c),
					   seen[c->colour][c->number] == 1 ? "on the table" : "in the play");
				return false;
			}
			seen[c->colour][c->number] = 2;
		}
	}
	struct { long have, pack; const char *what; } counts[] = {
		{fr, g->free_rides, "Free Ride"}, {el, g->end_of_lines, "End of Line"},
		{tr, g->transfers, "Transfer"},
	};
	for (size_t i = 0; i < 3; i++)
		if (counts[i].have > counts[i].pack) {
			if (counts[i].pack == 0)
				buf_printf(out, "this pack has no %s cards (left out)\n", counts[i].what);
			else
				buf_printf(out, "the pack has %ld %s card%s; this uses %ld\n", counts[i].pack,
					   counts[i].what, counts[i].pack == 1 ? "" : "s", counts[i].have);
			return false;
		}
	return true;
}

/* A Station, alone or with a run of its colour on a fresh line. */
static bool station_play(const struct take_game *g, const struct take_line *line, const struct take_card *play,
			 size_t n, int side, struct buf *out)
{
	if (line && line->colour == play[0].colour) {
		buf_printf(out, "there is one %s and it is already on the table\n", take_card_name(g, &play[0]));
		return false;
	}
	struct take_line fresh;
	memset(&fresh, 0, sizeof fresh);
	fresh.colour = play[0].colour;
	if (n == 1) {
		buf_printf(out, "legal: opens a new %s line\n", g->colours[fresh.colour]);
		return true;
	}
	for (size_t i = 1; i < n; i++)
		if (play[i].kind == TK_NUMBER && play[i].colour != fresh.colour) {
			buf_printf(out, "a Station opens a line of its own colour: %s is not %s\n",
				   take_card_name(g, &play[i]), g->colours[fresh.colour]);
			return false;
		}
	buf_printf(out, "opens a new %s line\n", g->colours[fresh.colour]);
	return run_on(g, &fresh, play + 1, n - 1, side, out);
}

/* An End of Line, played on its own, at one open end or either. */
static bool end_of_line_play(const struct take_game *g, const struct take_line *line, size_t n, int side,
			     struct buf *out)
{
	if (n > 1) {
		buf_puts(out, "an End of Line is played on its own\n");
		return false;
	}
	bool ok = false;
	for (int s = 0; s < 2; s++) {
		if (side >= 0 && side != s)
			continue;
		if (line->closed[s]) {
			buf_printf(out, "the %s end is already closed\n", side_name(s));
			continue;
		}
		ok = true;
		if (line->closed[!s])
			buf_printf(out, "legal on the %s end: the %s line is now closed at both ends\n", side_name(s),
				   g->colours[line->colour]);
		else
			buf_printf(out, "legal on the %s end: cards that would go there now wrap around the %s end, "
				   "past %d\n", side_name(s), side_name(!s), s == TAKE_LEFT ? g->high : 1);
	}
	return ok;
}

bool take_check_play(const struct take_game *g, const struct take_line *line,
		     const struct take_card *play, size_t n, int side, struct buf *out)
{
	if (n == 0) {
		buf_puts(out, "the play has no cards\n");
		return false;
	}
	if (!within_pack(g, line, play, n, out))
		return false;
	for (size_t i = 1; i < n; i++)
		if (play[i].kind == TK_STATION || play[i].kind == TK_END_OF_LINE ||
		    play[i].kind == TK_TRANSFER) {
			buf_printf(out, "%s can only start a play%s\n", take_card_name(g, &play[i]),
				   play[i].kind == TK_END_OF_LINE ? " (an End of Line is played on its own)"
								  : "");
			return false;
		}
	if (play[0].kind == TK_STATION)
		return station_play(g, line, play, n, side, out);
	if (!line) {
		buf_puts(out, "no line is on the table (give --line): without one, a play must start "
			 "with a Station\n");
		return false;
	}
	if (play[0].kind == TK_TRANSFER)
		return transfer_play(g, line, play, n, out);
	if (play[0].kind == TK_END_OF_LINE)
		return end_of_line_play(g, line, n, side, out);
	for (int b = 0; b < 2; b++)
		if (line->branch_len[b] && play[0].kind == TK_NUMBER && play[0].colour == line->branch_colour[b])
			return branch_play(g, line, b, play, n, out);
	for (size_t i = 0; i < n; i++)
		if (play[i].kind == TK_NUMBER && play[i].colour != line->colour) {
			buf_printf(out, "%s cannot go on the %s line: a run is all one colour\n",
				   take_card_name(g, &play[i]), g->colours[line->colour]);
			return false;
		}
	int s;
	size_t k;
	if (n == 1 && play[0].kind == TK_NUMBER && line_has(line, play[0].number, &s, &k) &&
	    line->free[s][k]) {
		buf_printf(out, "legal: %s replaces the Free Ride standing in for it; the player takes "
			   "the Free Ride\n", take_card_name(g, &play[0]));
		return true;
	}
	return run_on(g, line, play, n, side, out);
}

int take_turn(const struct take_game *g, const struct take_line *line,
	      const struct take_card *hand, size_t n, struct buf *out)
{
	int plays = 0;
	if (!line) {
		/* "a player checks to see if they have a Station card. If so, they play it
		 * to start the first line. If not, their turn passes (they do NOT need to
		 * pay a Fare at this time)." */
		for (size_t i = 0; i < n; i++)
			if (hand[i].kind == TK_STATION) {
				buf_printf(out, "legal: the Station phase: %s starts the first line\n",
					   take_card_name(g, &hand[i]));
				plays++;
			}
		if (!plays)
			buf_puts(out, "the Station phase: no Station, so the turn passes without paying a "
				 "fare; if no player has a Station, players draw in turn until one is found\n");
		return plays;
	}
	for (size_t i = 0; i < n; i++) {
		struct take_card play[2] = {hand[i], {TK_NUMBER, -1, 0}};
		size_t np = 1;
		if (hand[i].kind == TK_TRANSFER) {
			/* a Transfer needs a number of another colour from the same hand */
			for (size_t j = 0; j < n; j++)
				if (hand[j].kind == TK_NUMBER && hand[j].colour != line->colour) {
					play[1] = hand[j];
					struct buf why = {0};
					if (take_check_play(g, line, play, 2, -1, &why)) {
						buf_printf(out, "legal: Transfer and %s\n", take_card_name(g, &hand[j]));
						plays++;
					}
					buf_free(&why);
				}
			continue;
		}
		struct buf why = {0};
		if (take_check_play(g, line, play, np, -1, &why)) {
			buf_printf(out, "legal: %s\n", take_card_name(g, &hand[i]));
			plays++;
		}
		buf_free(&why);
	}
	if (!plays)
		buf_puts(out, "no play: the player must Take the Train: pay one fare to the Conductor's "
			 "Pot and draw a card from the Conductor's Hand (when it is empty, still pay)\n");
	return plays;
}

enum take_tie take_tie_of(const char *word)
{
	return !word ? TAKE_TIE_NONE : !strcmp(word, "shared") ? TAKE_TIE_SHARED
		: !strcmp(word, "fewest-cards") ? TAKE_TIE_FEWEST_CARDS : TAKE_TIE_NONE;
}

/* Among the seats tied at after[best], the one with the fewest cards left
 * before paying; -1 when two share the fewest too. */
static int fewest_cards(const long *cards, const long *after, int players, int best)
{
	int w = -1;
	bool tie = false;
	for (int i = 0; i < players; i++) {
		if (after[i] != after[best])
			continue;
		if (w < 0 || cards[i] < cards[w]) {
			w = i;
			tie = false;
		} else if (cards[i] == cards[w]) {
			tie = true;
		}
	}
	return tie ? -1 : w;
}

int take_end(const long *cards, const long *fares, int players, enum take_tie rule, long *after)
{
	/* "All other players pay one Fare to the pot for each card, and the player
	 * with the most Fares left wins." */
	int best = -1;
	bool tie = false;
	for (int i = 0; i < players; i++) {
		long pay = cards[i] < fares[i] ? cards[i] : fares[i];
		after[i] = fares[i] - (pay > 0 ? pay : 0);
		if (best < 0 || after[i] > after[best]) {
			best = i;
			tie = false;
		} else if (after[i] == after[best]) {
			tie = true;
		}
	}
	if (tie && rule == TAKE_TIE_FEWEST_CARDS)
		return fewest_cards(cards, after, players, best);
	return tie ? -1 : best;
}

long take_most(const long *after, int players)
{
	long most = 0;
	for (int i = 0; i < players; i++)
		most = after[i] > most ? after[i] : most;
	return most;
}
