/* take_rules.c: Take the Train's lines, End of Line, Free Ride and Transfer rules. */
#include "take.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "game.h"
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

/* "blue 7", "blue Station", "Free Ride", ... into a static buffer. */
static const char *take_card_name(const struct take_game *g, const struct take_card *c)
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

/* ---- the table: the one statement of the rules of play ---- */

/* A finding into why, when the caller wants the words (say: its arguments are
 * not even computed when why is NULL, the engine's case). */
#define say(why, ...) ((why) ? buf_printf((why), __VA_ARGS__) : (void)0)

int take_number_id(const struct take_game *g, int colour, int number)
{
	return colour * g->high + number - 1;
}

int take_station_id(const struct take_game *g, int colour)
{
	return (int)g->ncolours * g->high + colour;
}

void take_table_init(struct take_table *t)
{
	memset(t, 0, sizeof *t);
	for (int c = 0; c < 64; c++)
		t->station_line[c] = -1;
}

static bool is_used(const struct take_table *t, int colour, int v)
{
	return (t->used[colour] >> v) & 1u;
}

/* Why an end takes no card at step k: */
enum block { B_NONE, B_CLOSED, B_WRAP, B_PAST, B_USED, B_AGAIN };

/* The number at step k beyond end `side` of l (k 0: the next card), or 0
 * with *why_not when that end cannot take it: closed, at 1 or high without the
 * other end closed, past the end of a branch, or the number already on the
 * table or laid at an earlier step of the same run, wrapped all the way round
 * (a line holds each number once). */
static int line_value(const struct take_game *g, const struct take_table *t, const struct take_tline *l, int side,
		      int k, enum block *why_not)
{
	enum block b = B_NONE;
	int v = 0;
	if (l->closed[side]) {
		b = B_CLOSED;
	} else if (l->branch) {
		v = l->bnext + k * l->dir;
		b = side || v < 1 || v > g->high ? B_PAST : B_NONE;
	} else {
		int kk = l->len[side] + k, natural = side == TAKE_LEFT ? g->split : g->high - g->split;
		/* an end stops at 1 or high unless the other end is closed: then it
		 * wraps around, until the line holds every number */
		if (kk >= natural && !l->closed[!side])
			b = B_WRAP;
		else if (k >= g->high)
			b = B_AGAIN;   /* the steps come round every high numbers */
		else
			v = take_step_value(g, side, (size_t)kk);
	}
	if (!b && is_used(t, l->colour, v))
		b = B_USED;
	if (why_not)
		*why_not = b;
	return b ? 0 : v;
}

static const char *side_word(const struct take_tline *l, int side)
{
	return l->branch ? "branch's" : side_name(side);
}

/* Does line l hold number v (its own cards, or Free Rides standing in)? */
static bool holds_number(const struct take_game *g, const struct take_tline *l, int v)
{
	if (l->branch)
		return false;
	for (int s = 0; s < 2; s++)
		for (int k = 0; k < l->len[s]; k++)
			if (take_step_value(g, s, (size_t)k) == v)
				return true;
	return false;
}

/* Free Rides on the table. */
static int free_rides_out(const struct take_table *t)
{
	int n = 0;
	for (int i = 0; i < t->nfr; i++)
		n += t->fr[i].on;
	return n;
}

/* The hand (or the pack, hand unknown) has `n` more of the special `id`. */
static bool have_special(const struct take_pos *p, int id, int n, struct buf *why)
{
	static const char *const names[] = {"Free Ride", "End of Line", "Transfer"};
	const struct take_game *g = p->g;
	long pack = id == TAKE_ID_FREE_RIDE ? g->free_rides : id == TAKE_ID_END_OF_LINE ? g->end_of_lines
											 : g->transfers;
	long out = id == TAKE_ID_FREE_RIDE ? free_rides_out(p->t) : id == TAKE_ID_END_OF_LINE ? p->t->end_of_lines
											    : p->t->transfers;
	const char *what = names[id - TAKE_ID_FREE_RIDE];
	if (p->hand ? p->hand[id] < n : out + n > pack) {
		if (p->hand)
			say(why, "the hand holds %d %s card%s; the play needs %d\n", p->hand[id], what,
			    p->hand[id] == 1 ? "" : "s", n);
		else if (!pack)
			say(why, "this pack has no %s cards (left out)\n", what);
		else
			say(why, "the pack has %ld %s card%s; this uses %ld\n", pack, what, pack == 1 ? "" : "s", out + n);
		return false;
	}
	return true;
}

/* The run of len cards to end `side` of l (free: which are Free Rides). */
static bool run_ok(const struct take_pos *p, const struct take_tline *l, int side, int len, unsigned free,
		   struct buf *why)
{
	const struct take_game *g = p->g;
	const char *col = g->colours[l->colour];
	int nfr = 0;
	for (int k = 0; k < len; k++) {
		enum block b;
		int v = line_value(g, p->t, l, side, k, &b);
		if (b == B_CLOSED) {
			say(why, "the %s end is closed by an End of Line\n", side_name(side));
		} else if (b == B_WRAP) {
			say(why, "the %s end stops at %s %d (it wraps around only when the other end is closed by "
			    "an End of Line)\n", side_name(side), col, side == TAKE_LEFT ? 1 : g->high);
		} else if (b == B_PAST && l->branch) {
			say(why, "the %s branch ends at %d\n", col, l->bnext + (k - 1) * l->dir);
		} else if (b == B_AGAIN) {
			say(why, "there is only one %s %d: the play has laid it already\n", col,
			    take_step_value(g, side, (size_t)(l->len[side] + k)));
		} else if (b) {
			int w = b == B_PAST ? 0 : l->branch ? l->bnext + k * l->dir
						: take_step_value(g, side, (size_t)(l->len[side] + k));
			if (b == B_PAST || holds_number(g, l, w))
				say(why, "the %s line is complete: no card can follow on the %s end\n", col,
				    side_word(l, side));
			else
				say(why, "there is only one %s %d: it is already on the table\n", col, w);
		}
		if (b)
			return false;
		bool fr = free >> k & 1u;
		nfr += fr;
		if (!fr && p->hand && !p->hand[take_number_id(g, l->colour, v)]) {
			say(why, "the hand holds no %s %d\n", col, v);
			return false;
		}
	}
	return !nfr || have_special(p, TAKE_ID_FREE_RIDE, nfr, why);
}

/* "blue 7, Free Ride as blue 8 (wrapping around past 1)": the run in words. */
static void describe_run(const struct take_game *g, const struct take_table *t, const struct take_tline *l, int side,
			 int len, unsigned free, struct buf *out)
{
	const char *col = g->colours[l->colour];
	int natural = side == TAKE_LEFT ? g->split : g->high - g->split;
	for (int k = 0; k < len; k++) {
		int v = line_value(g, t, l, side, k, NULL);
		buf_printf(out, "%s%s%s %d", k ? ", " : "", free >> k & 1u ? "Free Ride as " : "", col, v);
		if (!l->branch && l->len[side] + k == natural)
			buf_printf(out, " (wrapping around past %d)", side == TAKE_LEFT ? 1 : g->high);
	}
}

/* A fresh line: a Station's of colour c, or a Transfer's branch of colour c
 * beside the v at end `side`. */
static struct take_tline fresh_line(int c, bool branch, int side, int v)
{
	int dir = side == TAKE_LEFT ? -1 : 1;
	struct take_tline l = {c, branch, branch ? dir : 0, branch ? v + dir : 0, {branch, 0}, {false, false}};
	return l;
}

/* Is the move's shape a move: its line, side, colour and length in range. */
static bool well_formed(const struct take_pos *p, const struct take_move *m, struct buf *why)
{
	const struct take_table *t = p->t;
	bool line = m->kind == TAKE_RUN || m->kind == TAKE_END_OF_LINE || m->kind == TAKE_TRANSFER;
	bool ok = m->kind < TAKE_NKINDS && m->side <= 1 && m->len <= 16 && !(m->free >> m->len) &&
		  (!line || (m->line < t->nlines && !(t->line[m->line].branch && m->side))) &&
		  (m->kind != TAKE_RUN || m->len >= 1) &&
		  (m->kind != TAKE_STATION || (m->colour < p->g->ncolours && (m->len || !m->side))) &&
		  (m->kind != TAKE_TRANSFER || m->colour < p->g->ncolours) &&
		  (m->kind != TAKE_REPLACE || (m->line < t->nfr && !m->side)) &&
		  (m->kind == TAKE_STATION || m->kind == TAKE_TRANSFER || m->colour == 0) &&
		  (line || m->kind == TAKE_REPLACE || m->line == 0) &&
		  (m->kind == TAKE_RUN || m->kind == TAKE_STATION || m->kind == TAKE_TRANSFER || !m->len);
	if (!ok)
		say(why, "not a play\n");
	return ok;
}

static bool station_move(const struct take_pos *p, const struct take_move *m, struct buf *why)
{
	const struct take_game *g = p->g;
	const char *col = g->colours[m->colour];
	if (p->t->station_line[m->colour] >= 0) {
		say(why, "there is one %s Station and it is already on the table\n", col);
		return false;
	}
	if (p->hand && !p->hand[take_station_id(g, m->colour)]) {
		say(why, "the hand holds no %s Station\n", col);
		return false;
	}
	if (p->t->nlines >= TAKE_MAX_LINES) {
		say(why, "no room for another line (%d)\n", TAKE_MAX_LINES);
		return false;
	}
	struct take_tline l = fresh_line(m->colour, false, 0, 0);
	if (!m->len) {
		say(why, "legal: opens a new %s line\n", col);
		return true;
	}
	if (!run_ok(p, &l, m->side, m->len, m->free, why))
		return false;
	if (why) {
		buf_printf(why, "opens a new %s line\nlegal on the %s end: ", col, side_name(m->side));
		describe_run(g, p->t, &l, m->side, m->len, m->free, why);
		buf_puts(why, "\n");
	}
	return true;
}

static bool end_of_line_move(const struct take_pos *p, const struct take_move *m, struct buf *why)
{
	const struct take_tline *l = &p->t->line[m->line];
	int s = m->side;
	if (l->branch) {
		say(why, "an End of Line goes on an end of a Station's line\n");
		return false;
	}
	if (l->closed[s]) {
		say(why, "the %s end is already closed\n", side_name(s));
		return false;
	}
	if (!have_special(p, TAKE_ID_END_OF_LINE, 1, why))
		return false;
	if (l->closed[!s])
		say(why, "legal on the %s end: the %s line is now closed at both ends\n", side_name(s),
		    p->g->colours[l->colour]);
	else
		say(why, "legal on the %s end: cards that would go there now wrap around the %s end, past %d\n",
		    side_name(s), side_name(!s), s == TAKE_LEFT ? p->g->high : 1);
	return true;
}

static bool replace_move(const struct take_pos *p, const struct take_move *m, struct buf *why)
{
	const struct take_free_ride *f = &p->t->fr[m->line];
	const struct take_game *g = p->g;
	if (!f->on) {
		say(why, "that Free Ride has been taken back\n");
		return false;
	}
	if (p->hand && !p->hand[take_number_id(g, f->colour, f->value)]) {
		say(why, "the hand holds no %s %d\n", g->colours[f->colour], f->value);
		return false;
	}
	say(why, "legal: %s %d replaces the Free Ride standing in for it; the player takes the Free Ride\n",
	    g->colours[f->colour], f->value);
	return true;
}

/* "The player plays the Transfer card next to the Magenta 5, then plays the
 * Orange 5 on the other side. Orange cards 4 to 1 can now be played off of the
 * 5 heading away from the station." */
static bool transfer_move(const struct take_pos *p, const struct take_move *m, struct buf *why)
{
	const struct take_game *g = p->g;
	const struct take_tline *l = &p->t->line[m->line];
	int s = m->side, x = m->colour;
	if (l->branch || !l->len[s] || l->closed[s]) {
		say(why, "a Transfer goes beside the card at an open end of a Station's line, so that the branch "
		    "can head away from the Station%s\n", l->closed[s] ? "; that end is closed off by an End of Line" : "");
		return false;
	}
	int v = take_step_value(g, s, (size_t)l->len[s] - 1);
	if (is_used(p->t, x, v)) {
		/* the line's own colour: its v is on the table, beside the Transfer */
		if (x == l->colour)
			say(why, "a Transfer branches off in a different colour; %s %d is the line's own colour\n",
			    g->colours[x], v);
		else
			say(why, "there is only one %s %d: it is already on the table\n", g->colours[x], v);
		return false;
	}
	if (p->hand && !p->hand[take_number_id(g, x, v)]) {
		say(why, "the hand holds no %s %d\n", g->colours[x], v);
		return false;
	}
	if (!have_special(p, TAKE_ID_TRANSFER, 1, why))
		return false;
	if (p->t->nlines >= TAKE_MAX_LINES) {
		say(why, "no room for another line (%d)\n", TAKE_MAX_LINES);
		return false;
	}
	struct take_tline b = fresh_line(x, true, s, v);
	if (m->len && !run_ok(p, &b, 0, m->len, m->free, why))
		return false;
	say(why, "legal: a Transfer beside %s %d, then %s %d", g->colours[l->colour], v, g->colours[x], v);
	if (m->len)
		say(why, " and %d more toward %d", m->len, s == TAKE_LEFT ? 1 : g->high);
	say(why, "\n");
	return true;
}

bool take_move_legal(const struct take_pos *p, const struct take_move *m, struct buf *why)
{
	if (!well_formed(p, m, why))
		return false;
	switch ((enum take_move_kind)m->kind) {
	case TAKE_STATION:
		return station_move(p, m, why);
	case TAKE_END_OF_LINE:
		return end_of_line_move(p, m, why);
	case TAKE_REPLACE:
		return replace_move(p, m, why);
	case TAKE_TRANSFER:
		return transfer_move(p, m, why);
	case TAKE_RUN: {
		const struct take_tline *l = &p->t->line[m->line];
		if (!run_ok(p, l, m->side, m->len, m->free, why))
			return false;
		if (why) {
			if (l->branch) {
				buf_printf(why, "legal: on the %s branch, toward %d\n", p->g->colours[l->colour],
					   l->dir < 0 ? 1 : p->g->high);
			} else {
				buf_printf(why, "legal on the %s end: ", side_name(m->side));
				describe_run(p->g, p->t, l, m->side, m->len, m->free, why);
				buf_puts(why, "\n");
			}
		}
		return true;
	}
	case TAKE_NKINDS:
		break;
	}
	return false;
}

/* Add m when it is legal. */
static size_t add(const struct take_pos *p, struct take_move m, struct take_move *out, size_t n, size_t max)
{
	if (n < max && take_move_legal(p, &m, NULL))
		out[n++] = m;
	return n;
}

/* Every run beyond end `side` of l the hand can lay, as move m with each
 * length and Free Rides: each card the number the hand holds or a Free Ride
 * (as many as it holds). */
static size_t runs(const struct take_pos *p, const struct take_tline *l, int side, struct take_move m,
		   struct take_move *out, size_t n, size_t max)
{
	const struct take_game *g = p->g;
	int frs = p->hand[TAKE_ID_FREE_RIDE], k = 0, vals[17];
	unsigned char choice[17];
	choice[0] = 0;
	m.free = 0;
	/* depth first over the steps: at each, the number card, then a Free Ride */
	while (k >= 0) {
		if (choice[k] == 0) {
			vals[k] = k < 16 ? line_value(g, p->t, l, side, k, NULL) : 0;
			if (k) {
				m.len = (unsigned char)k;
				n = add(p, m, out, n, max);
			}
		}
		unsigned char c = choice[k]++;
		bool go = false;
		if (c == 0 && vals[k] && p->hand[take_number_id(g, l->colour, vals[k])]) {
			go = true;
		} else if (c <= 1 && vals[k] && frs > 0) {
			choice[k] = 2;
			m.free |= (unsigned short)(1u << k);
			frs--;
			go = true;
		}
		if (go) {
			choice[++k] = 0;
			continue;
		}
		/* back up: give back the Free Ride of the step before */
		if (--k >= 0 && (m.free >> k & 1u)) {
			m.free &= (unsigned short)~(1u << k);
			frs++;
		}
	}
	return n;
}

size_t take_moves(const struct take_pos *p, struct take_move *out, size_t max)
{
	const struct take_game *g = p->g;
	const struct take_table *t = p->t;
	size_t n = 0;
	for (int li = 0; li < t->nlines; li++) {
		const struct take_tline *l = &t->line[li];
		for (int side = 0; side < (l->branch ? 1 : 2); side++) {
			n = runs(p, l, side, (struct take_move){TAKE_RUN, (unsigned char)li, (unsigned char)side, 0, 0, 0},
				 out, n, max);
			if (p->hand[TAKE_ID_END_OF_LINE])
				n = add(p, (struct take_move){TAKE_END_OF_LINE, (unsigned char)li, (unsigned char)side, 0, 0, 0},
					out, n, max);
			if (!p->hand[TAKE_ID_TRANSFER] || l->branch || !l->len[side])
				continue;
			int v = take_step_value(g, side, (size_t)l->len[side] - 1);
			for (int x = 0; x < (int)g->ncolours; x++) {
				if (!p->hand[take_number_id(g, x, v)])
					continue;
				struct take_move tm = {TAKE_TRANSFER, (unsigned char)li, (unsigned char)side, (unsigned char)x, 0, 0};
				n = add(p, tm, out, n, max);
				struct take_tline b = fresh_line(x, true, side, v);
				n = runs(p, &b, 0, tm, out, n, max);
			}
		}
	}
	for (int c = 0; c < (int)g->ncolours; c++) {
		if (!p->hand[take_station_id(g, c)])
			continue;
		n = add(p, (struct take_move){TAKE_STATION, 0, 0, (unsigned char)c, 0, 0}, out, n, max);
		struct take_tline l = fresh_line(c, false, 0, 0);
		for (int side = 0; side < 2; side++)
			n = runs(p, &l, side, (struct take_move){TAKE_STATION, 0, (unsigned char)side, (unsigned char)c, 0, 0},
				 out, n, max);
	}
	for (int i = 0; i < t->nfr; i++)
		n = add(p, (struct take_move){TAKE_REPLACE, (unsigned char)i, 0, 0, 0, 0}, out, n, max);
	return n;
}

/* The line a move lays its run on (a fresh one for a Station or a branch)
 * and the end it lays on. */
static struct take_tline move_line(const struct take_game *g, const struct take_table *t, const struct take_move *m,
				   int *side)
{
	*side = m->side;
	if (m->kind == TAKE_STATION)
		return fresh_line(m->colour, false, 0, 0);
	const struct take_tline *l = &t->line[m->line];
	if (m->kind != TAKE_TRANSFER)
		return *l;
	*side = 0;
	return fresh_line(m->colour, true, m->side, take_step_value(g, m->side, (size_t)l->len[m->side] - 1));
}

size_t take_move_cards(const struct take_game *g, const struct take_table *t, const struct take_move *m,
		       struct take_card *out)
{
	size_t n = 0;
	switch ((enum take_move_kind)m->kind) {
	case TAKE_END_OF_LINE:
		out[n++] = (struct take_card){TK_END_OF_LINE, -1, 0};
		return n;
	case TAKE_REPLACE:
		out[n++] = (struct take_card){TK_NUMBER, t->fr[m->line].colour, t->fr[m->line].value};
		return n;
	case TAKE_STATION:
		out[n++] = (struct take_card){TK_STATION, m->colour, 0};
		break;
	case TAKE_TRANSFER: {
		const struct take_tline *l = &t->line[m->line];
		out[n++] = (struct take_card){TK_TRANSFER, -1, 0};
		out[n++] = (struct take_card){TK_NUMBER, m->colour,
					      take_step_value(g, m->side, (size_t)l->len[m->side] - 1)};
		break;
	}
	default:
		break;
	}
	int side;
	struct take_tline l = move_line(g, t, m, &side);
	for (int k = 0; k < m->len; k++) {
		int v = line_value(g, t, &l, side, k, NULL);
		out[n++] = m->free >> k & 1u ? (struct take_card){TK_FREE_RIDE, -1, 0}
					     : (struct take_card){TK_NUMBER, l.colour, v};
	}
	return n;
}

/* Lay len cards of the run on end `side` of line li (on the table). */
static void lay_run(const struct take_game *g, struct take_table *t, unsigned char *hand, int li, int side, int len,
		    unsigned free)
{
	struct take_tline *l = &t->line[li];
	for (int k = 0; k < len; k++) {
		int v = line_value(g, t, l, side, 0, NULL);
		if (free >> k & 1u) {
			if (hand)
				hand[TAKE_ID_FREE_RIDE]--;
			/* a slot of a Free Ride taken back, or a new one */
			int slot = 0;
			while (slot < t->nfr && t->fr[slot].on)
				slot++;
			if (slot == t->nfr && t->nfr < 8)
				t->nfr++;
			t->fr[slot] = (struct take_free_ride){l->colour, v, li, true};
		} else if (hand) {
			hand[take_number_id(g, l->colour, v)]--;
		}
		t->used[l->colour] |= 1ull << v;
		l->len[side]++;
		if (l->branch)
			l->bnext += l->dir;
	}
}

static int new_line(struct take_table *t, struct take_tline l)
{
	t->line[t->nlines] = l;
	return t->nlines++;
}

void take_move_apply(const struct take_game *g, struct take_table *t, unsigned char *hand, const struct take_move *m)
{
	switch ((enum take_move_kind)m->kind) {
	case TAKE_RUN:
		lay_run(g, t, hand, m->line, m->side, m->len, m->free);
		break;
	case TAKE_STATION: {
		if (hand)
			hand[take_station_id(g, m->colour)]--;
		int li = new_line(t, fresh_line(m->colour, false, 0, 0));
		t->station_line[m->colour] = li;
		lay_run(g, t, hand, li, m->side, m->len, m->free);
		break;
	}
	case TAKE_END_OF_LINE:
		if (hand)
			hand[TAKE_ID_END_OF_LINE]--;
		t->line[m->line].closed[m->side] = true;
		t->end_of_lines++;
		break;
	case TAKE_REPLACE: {
		struct take_free_ride *f = &t->fr[m->line];
		if (hand) {
			hand[take_number_id(g, f->colour, f->value)]--;
			hand[TAKE_ID_FREE_RIDE]++;
		}
		f->on = false;
		break;
	}
	case TAKE_TRANSFER: {
		const struct take_tline *l = &t->line[m->line];
		int v = take_step_value(g, m->side, (size_t)l->len[m->side] - 1);
		if (hand) {
			hand[TAKE_ID_TRANSFER]--;
			hand[take_number_id(g, m->colour, v)]--;
		}
		t->used[m->colour] |= 1ull << v;
		t->transfers++;
		int li = new_line(t, fresh_line(m->colour, true, m->side, v));
		lay_run(g, t, hand, li, 0, m->len, m->free);
		break;
	}
	case TAKE_NKINDS:
		break;
	}
}

/* ---- the checker's view: one line, as written, and a play of cards ---- */

/* The table a checked line makes: its Station's line (line 0) and the branch
 * beyond each end. */
static void table_of_line(const struct take_line *tl, struct take_table *t)
{
	take_table_init(t);
	if (!tl)
		return;
	t->line[0] = (struct take_tline){tl->colour, false, 0, 0, {(int)tl->len[0], (int)tl->len[1]},
					 {tl->closed[0], tl->closed[1]}};
	t->nlines = 1;
	t->station_line[tl->colour] = 0;
	t->end_of_lines = tl->closed[0] + tl->closed[1];
	for (int s = 0; s < 2; s++)
		for (size_t k = 0; k < tl->len[s]; k++) {
			t->used[tl->colour] |= 1ull << tl->value[s][k];
			if (tl->free[s][k] && t->nfr < 8)
				t->fr[t->nfr++] = (struct take_free_ride){tl->colour, tl->value[s][k], 0, true};
		}
	for (int s = 0; s < 2; s++) {
		size_t n = tl->branch_len[s];
		if (!n)
			continue;
		int dir = s == TAKE_LEFT ? -1 : 1, c = tl->branch_colour[s];
		t->line[t->nlines] = (struct take_tline){c, true, dir, tl->branch_value[s][n - 1] + dir, {(int)n, 0},
							 {false, false}};
		for (size_t k = 0; k < n; k++) {
			t->used[c] |= 1ull << tl->branch_value[s][k];
			if (tl->branch_free[s][k] && t->nfr < 8)
				t->fr[t->nfr++] = (struct take_free_ride){c, tl->branch_value[s][k], t->nlines, true};
		}
		t->nlines++;
		t->transfers++;
	}
}

/* The Free Rides of play[0..n-1] as a move's bits. */
static unsigned short free_bits(const struct take_card *play, size_t n)
{
	unsigned short f = 0;
	for (size_t i = 0; i < n && i < 16; i++)
		if (play[i].kind == TK_FREE_RIDE)
			f |= (unsigned short)(1u << i);
	return f;
}

/* Are play[0..] the cards move m lays beyond its end (its run)? Where a number
 * differs, why not into *out; where the end takes no card, take_move_legal says. */
static bool run_matches(const struct take_pos *p, const struct take_move *m, const struct take_card *play,
			struct buf *out)
{
	const struct take_game *g = p->g;
	int side;
	struct take_tline l = move_line(g, p->t, m, &side);
	const char *col = g->colours[l.colour];
	for (int k = 0; k < m->len; k++) {
		int v = line_value(g, p->t, &l, side, k, NULL);
		const struct take_card *c = &play[k];
		if (!v)
			return true;
		if (c->kind != TK_NUMBER || (c->colour == l.colour && c->number == v))
			continue;
		if (!l.branch)
			buf_printf(out, "the %s end needs %s %d next%s, not %s\n", side_name(side), col, v,
				   k ? " in the run" : "", take_card_name(g, c));
		else if (k == 0 && m->kind == TAKE_RUN)
			buf_printf(out, "%s cannot be played until the %s Station is played: only the %s branch's next "
				   "card (%s %d) goes on before it\n", take_card_name(g, c), col, col, col, v);
		else
			buf_printf(out, "the %s branch heads away from the Station: %s %d comes next, not %s\n", col, col,
				   v, take_card_name(g, c));
		return false;
	}
	return true;
}

/* Move m (its run: play[0..]) on one end, or on either end (sides: -1): the
 * ends where it is legal, or why on each. */
static bool either_end(const struct take_pos *p, struct take_move m, const struct take_card *play, int sides,
		       struct buf *out)
{
	struct buf tries[2] = {{0}, {0}};
	bool ok[2] = {false, false};
	for (int s = 0; s < 2; s++)
		if (sides < 0 || sides == s) {
			m.side = (unsigned char)s;
			ok[s] = run_matches(p, &m, play, &tries[s]) && take_move_legal(p, &m, &tries[s]);
		}
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

/* A Station, alone or with a run of its colour on a fresh line. */
static bool station_check(const struct take_pos *p, const struct take_card *play, size_t n, int side,
			  struct buf *out)
{
	const struct take_game *g = p->g;
	for (size_t i = 1; i < n; i++)
		if (play[i].kind == TK_NUMBER && play[i].colour != play[0].colour) {
			buf_printf(out, "a Station opens a line of its own colour: %s is not %s\n",
				   take_card_name(g, &play[i]), g->colours[play[0].colour]);
			return false;
		}
	struct take_move m = {TAKE_STATION, 0, 0, (unsigned char)play[0].colour, (unsigned char)(n - 1),
			      free_bits(play + 1, n - 1)};
	if (n == 1)
		return take_move_legal(p, &m, out);
	return either_end(p, m, play + 1, side, out);
}

static bool transfer_check(const struct take_pos *p, const struct take_card *play, size_t n, struct buf *out)
{
	const struct take_game *g = p->g;
	const struct take_tline *l = &p->t->line[0];
	if (n < 2 || play[1].kind != TK_NUMBER) {
		buf_puts(out, "a Transfer is played beside a number of the line, followed by the "
			 "card of the same number in another colour (e.g. TR O5)\n");
		return false;
	}
	const struct take_card *x = &play[1];
	int side = -1;
	for (int s = 0; s < 2; s++)
		if (l->len[s] && take_step_value(g, s, (size_t)l->len[s] - 1) == x->number)
			side = s;
	if (side < 0) {
		if (holds_number(g, l, x->number))
			buf_printf(out, "a Transfer goes beside the card at an open end of the line, so that the branch "
				   "can head away from the Station; %s %d is not at the end of its side\n",
				   g->colours[l->colour], x->number);
		else
			buf_printf(out, "a Transfer needs %s %d on the line to branch from; it has not been played\n",
				   g->colours[l->colour], x->number);
		return false;
	}
	struct take_move m = {TAKE_TRANSFER, 0, (unsigned char)side, (unsigned char)x->colour,
			      (unsigned char)(n - 2), free_bits(play + 2, n - 2)};
	return run_matches(p, &m, play + 2, out) && take_move_legal(p, &m, out);
}

bool take_check_play(const struct take_game *g, const struct take_line *line,
		     const struct take_card *play, size_t n, int side, struct buf *out)
{
	if (n == 0) {
		buf_puts(out, "the play has no cards\n");
		return false;
	}
	if (n > 16 + 2) {
		buf_puts(out, "a play has at most 18 cards\n");
		return false;
	}
	for (size_t i = 1; i < n; i++)
		if (play[i].kind == TK_STATION || play[i].kind == TK_END_OF_LINE ||
		    play[i].kind == TK_TRANSFER) {
			buf_printf(out, "%s can only start a play%s\n", take_card_name(g, &play[i]),
				   play[i].kind == TK_END_OF_LINE ? " (an End of Line is played on its own)"
								  : "");
			return false;
		}
	struct take_table t;
	table_of_line(line, &t);
	struct take_pos p = {g, &t, NULL};
	/* the line itself: no more Free Rides, End of Lines, Transfers than the pack has */
	for (int id = TAKE_ID_FREE_RIDE; id <= TAKE_ID_TRANSFER; id++)
		if (!have_special(&p, id, 0, out))
			return false;
	if (play[0].kind == TK_STATION)
		return station_check(&p, play, n, side, out);
	if (!line) {
		buf_puts(out, "no line is on the table (give --line): without one, a play must start "
			 "with a Station\n");
		return false;
	}
	if (play[0].kind == TK_TRANSFER)
		return transfer_check(&p, play, n, out);
	if (play[0].kind == TK_END_OF_LINE) {
		if (n > 1) {
			buf_puts(out, "an End of Line is played on its own\n");
			return false;
		}
		bool ok = false;
		for (int s = 0; s < 2; s++)
			if (side < 0 || side == s)
				ok |= take_move_legal(&p, &(struct take_move){TAKE_END_OF_LINE, 0, (unsigned char)s, 0, 0, 0},
						      out);
		return ok;
	}
	struct take_move m = {TAKE_RUN, 0, 0, 0, (unsigned char)n, free_bits(play, n)};
	for (int li = 1; li < t.nlines; li++)
		if (play[0].kind == TK_NUMBER && play[0].colour == t.line[li].colour) {
			m.line = (unsigned char)li;
			return run_matches(&p, &m, play, out) && take_move_legal(&p, &m, out);
		}
	for (size_t i = 0; i < n; i++)
		if (play[i].kind == TK_NUMBER && play[i].colour != line->colour) {
			buf_printf(out, "%s cannot go on the %s line: a run is all one colour\n",
				   take_card_name(g, &play[i]), g->colours[line->colour]);
			return false;
		}
	for (int i = 0; i < t.nfr; i++)
		if (n == 1 && play[0].kind == TK_NUMBER && t.fr[i].on && t.fr[i].colour == play[0].colour &&
		    t.fr[i].value == play[0].number)
			return take_move_legal(&p, &(struct take_move){TAKE_REPLACE, (unsigned char)i, 0, 0, 0, 0}, out);
	return either_end(&p, m, play, side, out);
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

/* The tie rule named by word (a value of rules: tie; NULL: none). */
static enum take_tie take_tie_of(const char *word)
{
	return !word ? TAKE_TIE_NONE : !strcmp(word, "shared") ? TAKE_TIE_SHARED
		: !strcmp(word, "fewest-cards") ? TAKE_TIE_FEWEST_CARDS : TAKE_TIE_NONE;
}

void take_rules_from(const struct ruleset *rs, struct take_rules *out)
{
	const char *t = ruleset_get(rs, "target"), *r = ruleset_get(rs, "rounds");
	out->target = t ? strtol(t, NULL, 10) : 0;
	out->rounds = r ? strtol(r, NULL, 10) : 0;
	out->tie = take_tie_of(ruleset_get(rs, "tie"));
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

/* take.h */
void take_rules_load(struct yread *r, const struct ynode *rules, struct game_rules *out)
{
	ruleset_init(&out->set, TAKE_GAME, take_rule_keys);
	ruleset_load(r, rules, &out->set, NULL);
}
