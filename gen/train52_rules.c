/* train52_rules.c: the rules of Train (52 cards). Ranks: A 1, 2..10, J 11, Q 12, K 13. */
#include "train52.h"

#include <ctype.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ruleset.h"

/* The seed's sentences each reading settles are in man/railyard-pack.5. */
const struct ruleset_key t52_rule_keys[] = {
	{"order", "random|rotation", 0, 0, "random",
	 "\"Train is not played by turns\": a random player acts next, or the seats in turn"},
	{"wrecks", NULL, 0, 1000, "3", "a round is void after N Trainwrecks; 0: re-deal without end"},
	{"face-cards", "doubles|step", 0, 0, "doubles",
	 "face cards go only as Doubles, or also by the 1-2 up, 1 down step"},
	{"ace", "piles|low", 0, 0, "piles", "an A only closes piles, or also plays as 1 in Central Play"},
	{"reopen", "closing-ace|second-ace", 0, 0, "closing-ace",
	 "a closed pile reopens on its closing A, or needs a second A"},
	{NULL, NULL, 0, 0, NULL, NULL},
};

const char *const t52_pack_rule_keys[] = {"piles", NULL};

void t52_pack_rules_load(struct yread *r, const struct ynode *rules, struct t52_pack_rules *out)
{
	*out = (struct t52_pack_rules){0};
	if (!rules || rules->kind != Y_MAP)
		return;
	for (size_t i = 0; i < rules->n; i++) {
		const struct ynode *v = rules->pairs[i].value;
		if (strcmp(rules->pairs[i].key->str, "piles") != 0)
			continue;   /* the named rules' (ruleset.h), which reports unknown keys */
		if (yr_want(r, "piles", v, Y_SEQ) != 0)
			continue;
		if (v->n < 1 || v->n > T52_MAX_ROUNDS) {
			yr_error(r, v, "'piles' must list 1 to %d rounds, not %zu", T52_MAX_ROUNDS, v->n);
			continue;
		}
		out->loc_piles = yr_loc(r, v);
		for (size_t k = 0; k < v->n; k++) {
			long n;
			if (yr_int(r, "piles", v->items[k], 1, T52_MAX_PILES, &n) == 0)
				out->piles[out->nrounds++] = (int)n;
		}
		if (out->nrounds != v->n)
			out->nrounds = 0;
	}
}

const int t52_reopen[8] = {1, 2, 4, 5, 7, 9, 11, 13};

static const char *const rank_names[14] = {"?", "A", "2", "3", "4", "5", "6", "7",
					   "8", "9", "10", "J", "Q", "K"};

const char *t52_rank_name(int rank)
{
	return rank >= 1 && rank <= 13 ? rank_names[rank] : "?";
}

int t52_parse(const char *tok, const char *const *suits, size_t nsuits, struct t52_card *c,
	      struct buf *why)
{
	int rank = 0;
	size_t len = 0;
	if (strncmp(tok, "10", 2) == 0) {
		rank = 10;
		len = 2;
	} else {
		char ch = (char)toupper((unsigned char)tok[0]);
		static const char ranks[] = "A23456789TJQK";
		const char *p = ch ? strchr(ranks, ch) : NULL;
		if (p) {
			rank = (int)(p - ranks) + 1;
			len = 1;
		}
	}
	if (!rank) {
		buf_printf(why, "'%s' is not a card: a rank A, 2-10, J, Q or K, then optionally a suit", tok);
		return -1;
	}
	const char *s = tok + len + (tok[len] == '-');
	c->rank = rank;
	c->suit = -1;
	if (!*s)
		return 0;
	static const char *const symbols[4][2] = {{"♠", "spades"}, {"♥", "hearts"},
						  {"♦", "diamonds"}, {"♣", "clubs"}};
	for (size_t i = 0; i < 4; i++)
		if (strcmp(s, symbols[i][0]) == 0)
			s = symbols[i][1];
	int found = -1;
	size_t sl = strlen(s);
	for (size_t i = 0; i < nsuits; i++)
		if (strncasecmp(suits[i], s, sl) == 0) {
			if (found >= 0) {
				found = -2;
				break;
			}
			found = (int)i;
		}
	if (found < 0) {
		buf_printf(why, "'%s': '%s' is not %s suit of this pack (", tok, s,
			   found == -2 ? "exactly one" : "a");
		for (size_t i = 0; i < nsuits; i++)
			buf_printf(why, "%s%s", i ? ", " : "", suits[i]);
		buf_puts(why, ")");
		return -1;
	}
	c->suit = found;
	return 0;
}

static const struct t52_rules defaults;

/* Central play: 1 or 2 higher, or 1 lower. */
static bool steps_ok(int top, int card)
{
	return card == top + 1 || card == top + 2 || card == top - 1;
}

/* "On non-face cards (2, 3, 4, etc.) can be played on a card only if the card
 * being played is 1 or 2 higher in value, or 1 lower" (seeds/003): which cards
 * that rule lets go down on their own. */
static bool single_ok(const struct t52_rules *r, int card)
{
	if (card == 1)
		return r->ace_low;
	return card <= 10 || r->face_step;
}

static void say_step(struct buf *out, const char *what, int top, int card)
{
	buf_printf(out, "%s %s on %s: a card goes 1 or 2 higher or 1 lower (on %s: ", what,
		   t52_rank_name(card), t52_rank_name(top), t52_rank_name(top));
	bool first = true;
	int opts[3] = {top - 1, top + 1, top + 2};
	for (int i = 0; i < 3; i++)
		if (opts[i] >= 1 && opts[i] <= 13) {
			buf_printf(out, "%s%s", first ? "" : ", ", t52_rank_name(opts[i]));
			first = false;
		}
	buf_puts(out, ")\n");
}

enum shape { SH_SINGLE, SH_DOUBLE, SH_SANDWICH, SH_DOUBLE_SANDWICH, SH_SET_OF_DOUBLES, SH_RUN, SH_OTHER };

static bool is_run_from_2(const struct t52_card *p, size_t n)
{
	if (n < 2 || p[0].rank != 2)
		return false;
	for (size_t i = 1; i < n; i++)
		if (p[i].rank != p[i - 1].rank + 1)
			return false;
	return true;
}

static enum shape shape_of(const struct t52_card *p, size_t n)
{
	if (n == 1)
		return SH_SINGLE;
	if (n == 2 && p[0].rank == p[1].rank)
		return SH_DOUBLE;
	if (n == 3 && p[0].rank == p[2].rank)
		return SH_SANDWICH;
	if (n == 4 && p[0].rank == p[3].rank && p[1].rank == p[2].rank)
		return SH_DOUBLE_SANDWICH;
	if (n == 4 && p[0].rank == p[1].rank && p[2].rank == p[3].rank)
		return SH_SET_OF_DOUBLES;
	return SH_OTHER;
}

/* A double of rank r on top: kings on a 4, queens on a 5, jacks on a 6; number
 * cards on their own value. */
static int double_target(int r)
{
	return r == 13 ? 4 : r == 12 ? 5 : r == 11 ? 6 : r;
}

static bool central(const struct t52_rules *r, int top, const struct t52_card *p, size_t n,
		    bool doubles, struct buf *out)
{
	const char *where = doubles ? "central play" : "a reopened pile";
	switch (shape_of(p, n)) {
	case SH_SINGLE:
		if (!single_ok(r, p[0].rank)) {
			if (p[0].rank == 1)
				buf_puts(out, "an A closes a pile; it is not a card of central play (rule "
					 "ace=piles; ace=low plays it as 1)\n");
			else
				buf_printf(out, "%s is a face card: the 1 or 2 higher / 1 lower rule is for "
					   "non-face cards, so it goes down only in a double or a sandwich "
					   "(rule face-cards=doubles; face-cards=step plays it as %d)\n",
					   t52_rank_name(p[0].rank), p[0].rank);
			return false;
		}
		if (!steps_ok(top, p[0].rank)) {
			say_step(out, "cannot play", top, p[0].rank);
			return false;
		}
		buf_printf(out, "legal: %s on %s\n", t52_rank_name(p[0].rank), t52_rank_name(top));
		return true;
	case SH_DOUBLE: {
		if (!doubles) {
			buf_puts(out, "doubles may be played only in central play\n");
			return false;
		}
		if (p[0].rank == 1 && !r->ace_low) {
			buf_puts(out, "a double A has no value to go on: an A only closes piles (rule "
				 "ace=piles)\n");
			return false;
		}
		int want = double_target(p[0].rank);
		if (top != want) {
			buf_printf(out, "double %s%s may only be played on %s %s, not on %s\n",
				   t52_rank_name(p[0].rank), p[0].rank > 10 ? "s" : "",
				   p[0].rank > 10 ? "a" : "an equal", t52_rank_name(want), t52_rank_name(top));
			return false;
		}
		buf_printf(out, "legal: a double %s on %s\n", t52_rank_name(p[0].rank), t52_rank_name(top));
		return true;
	}
	case SH_SANDWICH:
		if (p[0].rank == 1 && !r->ace_low) {
			buf_puts(out, "an A closes a pile; it is not a card of central play (rule ace=piles)\n");
			return false;
		}
		if (!steps_ok(top, p[0].rank)) {
			say_step(out, "the bottom card of a sandwich follows central play: cannot play",
				 top, p[0].rank);
			return false;
		}
		buf_printf(out, "legal: a sandwich %s %s %s on %s (%s)\n", t52_rank_name(p[0].rank),
			   t52_rank_name(p[1].rank), t52_rank_name(p[2].rank), t52_rank_name(top), where);
		return true;
	case SH_DOUBLE_SANDWICH:
		if (!doubles) {
			buf_puts(out, "a double sandwich may be played only in central play\n");
			return false;
		}
		if (!steps_ok(top, p[0].rank)) {
			say_step(out, "a double sandwich follows central play: cannot play", top, p[0].rank);
			return false;
		}
		buf_printf(out, "legal: a double sandwich %s %s %s %s on %s\n", t52_rank_name(p[0].rank),
			   t52_rank_name(p[1].rank), t52_rank_name(p[2].rank), t52_rank_name(p[3].rank),
			   t52_rank_name(top));
		return true;
	case SH_SET_OF_DOUBLES:
		buf_puts(out, "a set of doubles may only be used at the beginning of a round\n");
		return false;
	default:
		buf_printf(out, "%zu cards are not a play: one card, a double (two equal), a sandwich "
			   "(X, any, X) or a double sandwich (X, Y, Y, X)\n", n);
		return false;
	}
}

static bool start(const struct t52_card *p, size_t n, const char *what, struct buf *out)
{
	if (n == 1 && p[0].rank == 2) {
		buf_printf(out, "legal: a 2 begins %s\n", what);
		return true;
	}
	if (shape_of(p, n) == SH_SET_OF_DOUBLES ||
	    (n == 4 && p[0].rank == p[3].rank && p[1].rank == p[2].rank && p[0].rank == p[1].rank)) {
		buf_printf(out, "legal: two sets of doubles (%s %s and %s %s) begin %s\n",
			   t52_rank_name(p[0].rank), t52_rank_name(p[1].rank), t52_rank_name(p[2].rank),
			   t52_rank_name(p[3].rank), what);
		return true;
	}
	buf_printf(out, "%s begins with a 2 or with two sets of doubles (e.g. J J 4 4)\n", what);
	return false;
}

static bool same_cards(const struct t52_card *a, size_t na, const struct t52_card *b, size_t nb)
{
	if (na != nb)
		return false;
	int ca[14] = {0};
	for (size_t i = 0; i < na; i++)
		ca[a[i].rank]++;
	for (size_t i = 0; i < nb; i++)
		ca[b[i].rank]--;
	for (int r = 0; r < 14; r++)
		if (ca[r])
			return false;
	return true;
}

/* The reopening sequence starts at on[base]: 0 when the closing A is its A
 * (the default), 1 when a second A goes on the closing one. */
static size_t seq_base(const struct t52_rules *r)
{
	return r->second_ace ? 1 : 0;
}

size_t t52_reopened(const struct t52_rules *r, const struct t52_card *on, size_t non)
{
	if (!r)
		r = &defaults;
	size_t base = seq_base(r), k = 0;
	while (base + k < non && k < 8 && on[base + k].rank == t52_reopen[k])
		k++;
	return k;
}

int t52_pile_valid(const struct t52_rules *r, const struct t52_card *on, size_t non,
		   struct buf *why)
{
	if (!r)
		r = &defaults;
	if (non == 0)
		return 0;
	if (on[0].rank != 1) {
		buf_printf(why, "a pile's face-up cards start with the A that closed it, not %s",
			   t52_rank_name(on[0].rank));
		return -1;
	}
	size_t base = seq_base(r), k = t52_reopened(r, on, non);
	if (base + k < non && k < 8) {
		buf_printf(why, "the reopening sequence %s goes A 2 4 5 7 9 J K; card %zu "
			   "is %s, not %s", r->second_ace ? "on the closing A" : "from the closing A",
			   base + k + 1, t52_rank_name(on[base + k].rank), t52_rank_name(t52_reopen[k]));
		return -1;
	}
	return 0;
}

static bool close_pile(int open_piles, const char *what, struct buf *out)
{
	if (open_piles == 1) {
		buf_puts(out, "one pile must always remain open, and this is the only open one\n");
		return false;
	}
	buf_printf(out, "legal: an A %s the pile%s\n", what,
		   open_piles ? "" : " (if another pile stays open)");
	return true;
}

static bool pile(const struct t52_rules *r, const struct t52_card *on, size_t non,
		 const struct t52_card *p, size_t n, const struct t52_card *hand, size_t nhand,
		 int open_piles, struct buf *out)
{
	if (non == 0) {
		if (n == 1 && p[0].rank == 1)
			return close_pile(open_piles, "closes", out);
		buf_puts(out, "an open pile that was never closed takes only an A, which closes it\n");
		return false;
	}
	if (t52_pile_valid(r, on, non, out) != 0) {
		buf_puts(out, "\n");
		return false;
	}
	size_t k = t52_reopened(r, on, non), seq_end = seq_base(r) + 8;
	if (k < 8) {
		/* closed: the next cards of the sequence, or a Train on a bare Ace */
		if (non == 1 && is_run_from_2(p, n) && !(n == 1)) {
			if (nhand && !same_cards(p, n, hand, nhand)) {
				buf_puts(out, "a Train must use all the cards in the player's hand\n");
				return false;
			}
			buf_printf(out, "legal: a Train 2 to %s on the bare A: it ends the round and wins it%s\n",
				   t52_rank_name(p[n - 1].rank),
				   nhand ? "" : " (if these are all the cards in the hand: give --hand to check)");
			return true;
		}
		for (size_t i = 0; i < n; i++)
			if (k + i >= 8 || p[i].rank != t52_reopen[k + i]) {
				if (k + i >= 8)
					buf_puts(out, "the reopening sequence ends with the K\n");
				else
					buf_printf(out, "the pile is closed: the reopening sequence A 2 4 5 7 9 J K "
						   "needs %s next, not %s\n", t52_rank_name(t52_reopen[k + i]),
						   t52_rank_name(p[i].rank));
				if (non == 1 && p[0].rank == 2)
					buf_puts(out, "(a Train is 2 and up by one, the whole hand: 2 3 4 ...)\n");
				return false;
			}
		buf_printf(out, "legal: continues the reopening sequence%s\n",
			   k + n == 8 ? "; the K completes it: the pile now needs a 2 or two sets of "
					"doubles" : "");
		return true;
	}
	/* reopened: after the K, a beginning; then central play without doubles */
	if (non == seq_end)
		return start(p, n, "play on the reopened pile", out);
	if (n == 1 && p[0].rank == 1)
		return close_pile(open_piles, "closes again", out);
	return central(r, on[non - 1].rank, p, n, false, out);
}

bool t52_check(const struct t52_rules *r, enum t52_area area, const struct t52_card *on, size_t non,
	       const struct t52_card *play, size_t n, const struct t52_card *hand, size_t nhand,
	       int open_piles, struct buf *out)
{
	if (n == 0) {
		buf_puts(out, "the play has no cards\n");
		return false;
	}
	int count[14] = {0};
	for (size_t i = 0; i < n; i++)
		if (++count[play[i].rank] > 4) {
			buf_printf(out, "a deck has four %ss; the play uses more\n", t52_rank_name(play[i].rank));
			return false;
		}
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < i; j++)
			if (play[i].suit >= 0 && play[i].rank == play[j].rank && play[i].suit == play[j].suit) {
				buf_printf(out, "the play uses the same card (%s) twice\n", t52_rank_name(play[i].rank));
				return false;
			}
	if (!r)
		r = &defaults;
	switch (area) {
	case T52_START:
		return start(play, n, "a round", out);
	case T52_DRAWN:
		/* "If no player has two sets of Doubles, each player draws one card from
		 * any pile and play begins with the first player to put a card down." */
		if (n != 1) {
			buf_puts(out, "after the draw, play begins with the first player to put a card "
				 "down: one card\n");
			return false;
		}
		buf_printf(out, "legal: %s put down first begins the round\n", t52_rank_name(play[0].rank));
		return true;
	case T52_CENTRAL:
		if (!non) {
			buf_puts(out, "central play needs the top card (--top)\n");
			return false;
		}
		if (is_run_from_2(play, n) && shape_of(play, n) == SH_OTHER) {
			buf_puts(out, "a Train may be played only on a closed pile with a bare A\n");
			return false;
		}
		return central(r, on[non - 1].rank, play, n, true, out);
	case T52_PILE:
		return pile(r, on, non, play, n, hand, nhand, open_piles, out);
	}
	return false;
}

void t52_rules_from(const struct ruleset *rs, struct t52_rules *r)
{
	const char *v;
	r->face_step = (v = ruleset_get(rs, "face-cards")) && !strcmp(v, "step");
	r->ace_low = (v = ruleset_get(rs, "ace")) && !strcmp(v, "low");
	r->second_ace = (v = ruleset_get(rs, "reopen")) && !strcmp(v, "second-ace");
}

bool t52_trainwreck(const int *left, const bool *closed, int npiles)
{
	for (int i = 0; i < npiles; i++)
		if (!closed[i] && left[i] > 0)
			return false;
	return true;
}

int t52_game_winner(const int *points, int players, bool *tied)
{
	int best = -1, n = 0, w = -1;
	for (int p = 0; p < players; p++)
		if (points[p] > best) {
			best = points[p];
			n = 1;
			w = p;
		} else if (points[p] == best) {
			n++;
		}
	for (int p = 0; p < players; p++)
		tied[p] = n > 1 && points[p] == best;
	return n == 1 ? w : -1;
}
