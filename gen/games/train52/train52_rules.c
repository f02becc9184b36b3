/* train52_rules.c: the rules of Train (52 cards). Ranks: A 1, 2..10, J 11, Q 12, K 13. */
#include "train52.h"

#include <ctype.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "game.h"
#include "ruleset.h"

/* The seed's sentences each reading settles are in man/railyard-pack.5. */
const struct ruleset_key train52_rule_keys[] = {
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

/* The keys train52_pack_rules_load reads (the others are named rules, train52_rule_keys). */
static const char *const train52_pack_rule_keys[] = {"piles", NULL};

/* Read rules' piles (NULL: none given) into *out; a bad value is reported
 * through r (unknown keys by ruleset_load). */
static void train52_pack_rules_load(struct yread *r, const struct ynode *rules, struct train52_pack_rules *out)
{
	*out = (struct train52_pack_rules){0};
	if (!rules || rules->kind != Y_MAP)
		return;
	for (size_t i = 0; i < rules->n; i++) {
		const struct ynode *v = rules->pairs[i].value;
		if (strcmp(rules->pairs[i].key->str, "piles") != 0)
			continue;   /* the named rules' (ruleset.h), which reports unknown keys */
		if (yr_want(r, "piles", v, Y_SEQ) != 0)
			continue;
		if (v->n < 1 || v->n > TRAIN52_MAX_ROUNDS) {
			yr_error(r, v, "'piles' must list 1 to %d rounds, not %zu", TRAIN52_MAX_ROUNDS, v->n);
			continue;
		}
		out->loc_piles = yr_loc(r, v);
		for (size_t k = 0; k < v->n; k++) {
			long n;
			if (yr_int(r, "piles", v->items[k], 1, TRAIN52_MAX_PILES, &n) == 0)
				out->piles[out->nrounds++] = (int)n;
		}
		if (out->nrounds != v->n)
			out->nrounds = 0;
	}
}

const int train52_reopen[8] = {1, 2, 4, 5, 7, 9, 11, 13};

static const char *const rank_names[14] = {"?", "A", "2", "3", "4", "5", "6", "7",
					   "8", "9", "10", "J", "Q", "K"};

/* "A", "10", "J", ...: a rank's name. */
static const char *train52_rank_name(int rank)
{
	return rank >= 1 && rank <= 13 ? rank_names[rank] : "?";
}

int train52_parse(const char *tok, const char *const *suits, size_t nsuits, struct train52_card *c,
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

static const struct train52_rules defaults;

/* Central play: 1 or 2 higher, or 1 lower. */
static bool steps_ok(int top, int card)
{
	return card == top + 1 || card == top + 2 || card == top - 1;
}

/* "On non-face cards (2, 3, 4, etc.) can be played on a card only if the card
 * being played is 1 or 2 higher in value, or 1 lower" (seeds/003): which cards
 * that rule lets go down on their own. */
static bool single_ok(const struct train52_rules *r, int card)
{
	if (card == 1)
		return r->ace_low;
	return card <= 10 || r->face_step;
}

static void say_step(struct buf *out, const char *what, int top, int card)
{
	if (!out)
		return;
	buf_printf(out, "%s %s on %s: a card goes 1 or 2 higher or 1 lower (on %s: ", what,
		   train52_rank_name(card), train52_rank_name(top), train52_rank_name(top));
	bool first = true;
	int opts[3] = {top - 1, top + 1, top + 2};
	for (int i = 0; i < 3; i++)
		if (opts[i] >= 1 && opts[i] <= 13) {
			buf_printf(out, "%s%s", first ? "" : ", ", train52_rank_name(opts[i]));
			first = false;
		}
	buf_puts(out, ")\n");
}

/* A finding into why, when the caller wants the words (say: its arguments
 * are not even computed when why is NULL, the engine's case). */
#define say(why, ...) ((why) ? buf_printf((why), __VA_ARGS__) : (void)0)

/* A double of rank r on top: kings on a 4, queens on a 5, jacks on a 6; number
 * cards on their own value. */
static int double_target(int r)
{
	return r == 13 ? 4 : r == 12 ? 5 : r == 11 ? 6 : r;
}

/* The reopening sequence starts at on[base]: 0 when the closing A is its A
 * (the default), 1 when a second A goes on the closing one. */
static size_t seq_base(const struct train52_rules *r)
{
	return r->second_ace ? 1 : 0;
}

int train52_closed_seq(const struct train52_rules *r)
{
	return 1 - (int)seq_base(r ? r : &defaults);
}

int train52_move_cards(const struct train52_move *m, int *use)
{
	memset(use, 0, 14 * sizeof *use);
	int r1 = m->r1 <= 13 ? m->r1 : 0, r2 = m->r2 <= 13 ? m->r2 : 0;
	switch ((enum train52_move_kind)m->kind) {
	case TRAIN52_SINGLE: case TRAIN52_CLOSE: case TRAIN52_SEQUENCE: case TRAIN52_BEGIN_TWO:
		use[r1]++;
		return 1;
	case TRAIN52_DOUBLE:
		use[r1] += 2;
		return 2;
	case TRAIN52_SANDWICH:
		use[r1] += 2;
		use[r2]++;
		return 3;
	case TRAIN52_DOUBLE_SANDWICH: case TRAIN52_BEGIN_DOUBLES:
		use[r1] += 2;
		use[r2] += 2;
		return 4;
	case TRAIN52_TRAIN:
		for (int k = 2; k <= r2; k++)
			use[k]++;
		return r2 >= 2 ? r2 - 1 : 0;
	case TRAIN52_NKINDS:
		break;
	}
	return 0;
}

void train52_move_name(const struct train52_move *m, struct buf *out)
{
	static const char *const kinds[] = {"", "double", "sandwich", "double sandwich", "close", "sequence",
					    "beginning", "beginning with two sets of doubles", "Train"};
	int use[14];
	train52_move_cards(m, use);
	buf_printf(out, "%s%s%s %s", m->kind < TRAIN52_NKINDS ? kinds[m->kind] : "?",
		   m->kind == TRAIN52_SINGLE ? "" : " ", train52_rank_name(m->r1), m->r2 ? train52_rank_name(m->r2) : "");
	if (m->where)
		buf_printf(out, " on pile %d", m->where);
	else
		buf_puts(out, " on central play");
}

/* The bottom card of a play on top: an A is a card of central play only
 * under ace=low. */
static bool bottom_ok(const struct train52_rules *r, int card, struct buf *why)
{
	if (card != 1 || r->ace_low)
		return true;
	say(why, "an A closes a pile; it is not a card of central play (rule ace=piles; ace=low plays it as 1)\n");
	return false;
}

/* A single, double, sandwich or double sandwich on top (central: central play,
 * where doubles go; else a reopened pile). */
static bool play_on(const struct train52_rules *r, int top, const struct train52_move *m, bool central, struct buf *why)
{
	const char *where = central ? "central play" : "a reopened pile";
	int a = m->r1, b = m->r2;
	switch ((enum train52_move_kind)m->kind) {
	case TRAIN52_SINGLE:
		if (!single_ok(r, a)) {
			if (a == 1)
				bottom_ok(r, a, why);
			else
				say(why, "%s is a face card: the 1 or 2 higher / 1 lower rule is for non-face cards, "
				    "so it goes down only in a double or a sandwich (rule face-cards=doubles; "
				    "face-cards=step plays it as %d)\n", train52_rank_name(a), a);
			return false;
		}
		if (!steps_ok(top, a)) {
			say_step(why, "cannot play", top, a);
			return false;
		}
		say(why, "legal: %s on %s\n", train52_rank_name(a), train52_rank_name(top));
		return true;
	case TRAIN52_DOUBLE: {
		if (!central) {
			say(why, "doubles may be played only in central play\n");
			return false;
		}
		if (a == 1 && !r->ace_low) {
			say(why, "a double A has no value to go on: an A only closes piles (rule ace=piles)\n");
			return false;
		}
		int want = double_target(a);
		if (top != want) {
			say(why, "double %s%s may only be played on %s %s, not on %s\n", train52_rank_name(a),
			    a > 10 ? "s" : "", a > 10 ? "a" : "an equal", train52_rank_name(want), train52_rank_name(top));
			return false;
		}
		say(why, "legal: a double %s on %s\n", train52_rank_name(a), train52_rank_name(top));
		return true;
	}
	case TRAIN52_SANDWICH:
		if (!bottom_ok(r, a, why))
			return false;
		if (!steps_ok(top, a)) {
			say_step(why, "the bottom card of a sandwich follows central play: cannot play", top, a);
			return false;
		}
		say(why, "legal: a sandwich %s %s %s on %s (%s)\n", train52_rank_name(a), train52_rank_name(b),
		    train52_rank_name(a), train52_rank_name(top), where);
		return true;
	case TRAIN52_DOUBLE_SANDWICH:
		if (!central) {
			say(why, "a double sandwich may be played only in central play\n");
			return false;
		}
		if (!bottom_ok(r, a, why))
			return false;
		if (!steps_ok(top, a)) {
			say_step(why, "a double sandwich follows central play: cannot play", top, a);
			return false;
		}
		say(why, "legal: a double sandwich %s %s %s %s on %s\n", train52_rank_name(a), train52_rank_name(b),
		    train52_rank_name(b), train52_rank_name(a), train52_rank_name(top));
		return true;
	case TRAIN52_BEGIN_DOUBLES:
		say(why, "a set of doubles may only be used at the beginning of a round\n");
		return false;
	case TRAIN52_TRAIN:
		say(why, "a Train may be played only on a closed pile with a bare A\n");
		return false;
	default:
		/* a 2 that begins, an A that closes, a card of the reopening sequence */
		say(why, "%s goes on %s only by the step rule: an A closes a pile, the reopening sequence goes "
		    "on a closed one, a 2 begins a round or a reopened pile\n", train52_rank_name(a), where);
		return false;
	}
}

/* The beginning of a round (central play before its first card) or of a
 * reopened pile (after the K): "a 2 or two sets of Doubles". */
static bool begin_move(const struct train52_move *m, const char *what, struct buf *why)
{
	if (m->kind == TRAIN52_BEGIN_TWO && m->r1 == 2) {
		say(why, "legal: a 2 begins %s\n", what);
		return true;
	}
	if (m->kind == TRAIN52_BEGIN_DOUBLES) {
		say(why, "legal: two sets of doubles (%s %s and %s %s) begin %s\n", train52_rank_name(m->r1),
		    train52_rank_name(m->r1), train52_rank_name(m->r2), train52_rank_name(m->r2), what);
		return true;
	}
	say(why, "%s begins with a 2 or with two sets of doubles (e.g. J J 4 4)\n", what);
	return false;
}

/* "One deck must always remain open to play". */
static bool close_pile(int open_piles, const char *what, struct buf *why)
{
	if (open_piles == 1) {
		say(why, "one pile must always remain open, and this is the only open one\n");
		return false;
	}
	say(why, "legal: an A %s the pile%s\n", what, open_piles ? "" : " (if another pile stays open)");
	return true;
}

/* A Train: "on a closed pile with only a bare Ace", "all the cards in the
 * player's hand", "increase ... in order", "begin with a 2". */
static bool train_move(const struct train52_rules *r, const struct train52_pos *p, const struct train52_pile *pl,
		       const struct train52_move *m, struct buf *why)
{
	if (m->r1 != 2 || m->r2 < 3) {
		say(why, "a Train is 2 and up by one: at least 2 3\n");
		return false;
	}
	if (pl->seq != train52_closed_seq(r)) {
		say(why, "a Train may be played only on a closed pile with a bare A\n");
		return false;
	}
	if (p->hand && p->nhand != m->r2 - 1) {
		say(why, "a Train must use all the cards in the player's hand\n");
		return false;
	}
	say(why, "legal: a Train 2 to %s on the bare A: it ends the round and wins it%s\n", train52_rank_name(m->r2),
	    p->hand ? "" : " (if these are all the cards in the hand: give --hand to check)");
	return true;
}

/* A move on pile pl. */
static bool pile_move(const struct train52_rules *r, const struct train52_pos *p, const struct train52_pile *pl,
		      const struct train52_move *m, struct buf *why)
{
	switch (pl->state) {
	case TRAIN52_PILE_OPEN:
		if (m->kind == TRAIN52_CLOSE && m->r1 == 1)
			return close_pile(p->open_piles, "closes", why);
		say(why, "an open pile that was never closed takes only an A, which closes it\n");
		return false;
	case TRAIN52_PILE_CLOSED:
		if (m->kind == TRAIN52_TRAIN)
			return train_move(r, p, pl, m, why);
		if (pl->seq >= 8) {   /* not a closed pile: its sequence is complete */
			say(why, "the reopening sequence ends with the K\n");
			return false;
		}
		if (m->kind != TRAIN52_SEQUENCE || m->r1 != train52_reopen[pl->seq]) {
			say(why, "the pile is closed: the reopening sequence A 2 4 5 7 9 J K needs %s next, not %s\n",
			    train52_rank_name(train52_reopen[pl->seq]), train52_rank_name(m->r1));
			return false;
		}
		say(why, "legal: continues the reopening sequence%s\n", pl->seq == 7 ? "; the K completes it: the "
		    "pile now needs a 2 or two sets of doubles" : "");
		return true;
	case TRAIN52_PILE_AWAIT:
		return begin_move(m, "play on the reopened pile", why);
	case TRAIN52_PILE_REOPENED:
		if (m->kind == TRAIN52_CLOSE && m->r1 == 1)
			return close_pile(p->open_piles, "closes again", why);
		return play_on(r, pl->top, m, false, why);
	}
	return false;
}

/* Is m a move at all: a kind, a place on the table, ranks 1-13 where it has them. */
static bool well_formed(const struct train52_pos *p, const struct train52_move *m, struct buf *why)
{
	bool two = m->kind == TRAIN52_SANDWICH || m->kind == TRAIN52_DOUBLE_SANDWICH || m->kind == TRAIN52_BEGIN_DOUBLES ||
		   m->kind == TRAIN52_TRAIN;
	if (m->kind >= TRAIN52_NKINDS || m->where > p->t->npiles || m->r1 < 1 || m->r1 > 13 || m->r2 > 13 ||
	    (two ? m->r2 < 1 : m->r2 != 0)) {
		say(why, "not a play\n");
		return false;
	}
	return true;
}

/* Does the hand hold the cards m lays? */
static bool holds(const int *hand, const struct train52_move *m, struct buf *why)
{
	int k = 0, need = 0;
	if (m->kind == TRAIN52_TRAIN) {
		for (k = 2; k <= m->r2 && hand[k] >= 1; k++)
			;
		need = 1;
		if (k > m->r2)
			return true;
	} else {
		/* the cards of r1, then of r2 (per kind: single, double, sandwich, four) */
		static const unsigned char n1[TRAIN52_NKINDS] = {1, 2, 2, 2, 1, 1, 1, 2, 0};
		static const unsigned char n2[TRAIN52_NKINDS] = {0, 0, 1, 2, 0, 0, 0, 2, 0};
		int a = n1[m->kind] + (m->r2 == m->r1 ? n2[m->kind] : 0), b = n2[m->kind];
		if (hand[m->r1] < a) {
			k = m->r1;
			need = a;
		} else if (m->r2 != m->r1 && hand[m->r2] < b) {
			k = m->r2;
			need = b;
		} else {
			return true;
		}
	}
	say(why, "the hand holds %d %s%s; the play needs %d\n", hand[k], train52_rank_name(k), hand[k] == 1 ? "" : "s",
	    need);
	return false;
}

bool train52_move_legal(const struct train52_rules *r, const struct train52_pos *p, const struct train52_move *m,
		    struct buf *why)
{
	if (!r)
		r = &defaults;
	if (!well_formed(p, m, why))
		return false;
	if (p->hand && !holds(p->hand, m, why))
		return false;
	if (m->where)
		return pile_move(r, p, &p->t->pile[m->where - 1], m, why);
	/* central play */
	int top = p->t->central;
	if (!top)
		return begin_move(m, "a round", why);
	return play_on(r, top, m, true, why);
}

/* Add m to out when it is legal. */
static size_t add(const struct train52_rules *r, const struct train52_pos *p, struct train52_move m, struct train52_move *out,
		  size_t n, size_t max)
{
	if (n < max && train52_move_legal(r, p, &m, NULL))
		out[n++] = m;
	return n;
}

/* The plays on top at place w: singles and sandwiches whose bottom card
 * steps from top, double sandwiches and doubles in central play. */
static size_t moves_on(const struct train52_rules *r, const struct train52_pos *p, int w, int top, struct train52_move *out,
		       size_t n, size_t max)
{
	const int *c = p->hand;
	/* (pruned by the rules' own predicates; train52_move_legal still judges each) */
	for (int a = top > 1 ? top - 1 : 1; a <= top + 2 && a <= 13; a++) {
		if (!c[a] || !steps_ok(top, a) || !bottom_ok(r, a, NULL))
			continue;
		n = add(r, p, (struct train52_move){TRAIN52_SINGLE, (unsigned char)w, (unsigned char)a, 0}, out, n, max);
		/* the middle of a sandwich: any card left once the two ends are out */
		for (int b = 1; b <= 13 && c[a] >= 2; b++) {
			int spare = c[b] - (b == a ? 2 : 0);
			if (spare >= 1)
				n = add(r, p, (struct train52_move){TRAIN52_SANDWICH, (unsigned char)w, (unsigned char)a,
								(unsigned char)b}, out, n, max);
			if (spare >= 2 && !w)
				n = add(r, p, (struct train52_move){TRAIN52_DOUBLE_SANDWICH, 0, (unsigned char)a, (unsigned char)b},
					out, n, max);
		}
	}
	for (int a = 1; a <= 13 && !w; a++)
		if (c[a] >= 2 && double_target(a) == top)
			n = add(r, p, (struct train52_move){TRAIN52_DOUBLE, 0, (unsigned char)a, 0}, out, n, max);
	return n;
}

/* The beginnings at place w: a 2, two sets of doubles in either order. */
static size_t beginnings(const struct train52_rules *r, const struct train52_pos *p, int w, struct train52_move *out,
			 size_t n, size_t max)
{
	const int *c = p->hand;
	if (c[2])
		n = add(r, p, (struct train52_move){TRAIN52_BEGIN_TWO, (unsigned char)w, 2, 0}, out, n, max);
	for (int a = 1; a <= 13; a++)
		for (int b = 1; b <= 13 && c[a] >= 2; b++)
			if (c[b] - (b == a ? 2 : 0) >= 2)
				n = add(r, p, (struct train52_move){TRAIN52_BEGIN_DOUBLES, (unsigned char)w, (unsigned char)a,
								(unsigned char)b}, out, n, max);
	return n;
}

size_t train52_moves(const struct train52_rules *r, const struct train52_pos *p, struct train52_move *out, size_t max)
{
	if (!r)
		r = &defaults;
	const struct train52_table *t = p->t;
	size_t n = 0;
	/* the only Train the hand can be: 2 up to nhand + 1 */
	int train = p->nhand + 1;
	for (int w = 0; w <= t->npiles; w++) {
		const struct train52_pile *pl = w ? &t->pile[w - 1] : NULL;
		if (!pl) {
			n = t->central ? moves_on(r, p, 0, t->central, out, n, max) : beginnings(r, p, 0, out, n, max);
			continue;
		}
		switch (pl->state) {
		case TRAIN52_PILE_OPEN:
		case TRAIN52_PILE_REOPENED:
			if (p->hand[1])
				n = add(r, p, (struct train52_move){TRAIN52_CLOSE, (unsigned char)w, 1, 0}, out, n, max);
			if (pl->state == TRAIN52_PILE_REOPENED)
				n = moves_on(r, p, w, pl->top, out, n, max);
			break;
		case TRAIN52_PILE_CLOSED:
			if (train >= 3 && train <= 13)
				n = add(r, p, (struct train52_move){TRAIN52_TRAIN, (unsigned char)w, 2, (unsigned char)train}, out,
					n, max);
			if (pl->seq < 8)
				n = add(r, p, (struct train52_move){TRAIN52_SEQUENCE, (unsigned char)w,
								(unsigned char)train52_reopen[pl->seq], 0}, out, n, max);
			break;
		case TRAIN52_PILE_AWAIT:
			n = beginnings(r, p, w, out, n, max);
			break;
		}
	}
	return n;
}

enum shape { SH_SINGLE, SH_DOUBLE, SH_SANDWICH, SH_DOUBLE_SANDWICH, SH_SET_OF_DOUBLES, SH_OTHER };

static bool is_run_from_2(const struct train52_card *p, size_t n)
{
	if (n < 2 || p[0].rank != 2)
		return false;
	for (size_t i = 1; i < n; i++)
		if (p[i].rank != p[i - 1].rank + 1)
			return false;
	return true;
}

static enum shape shape_of(const struct train52_card *p, size_t n)
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

/* How many cards of the reopening sequence on[] holds, counting the closing A
 * under the default rules (1..8; 0 under reopen=second-ace with only the closing A). */
static size_t train52_reopened(const struct train52_rules *r, const struct train52_card *on, size_t non)
{
	if (!r)
		r = &defaults;
	size_t base = seq_base(r), k = 0;
	while (base + k < non && k < 8 && on[base + k].rank == train52_reopen[k])
		k++;
	return k;
}

int train52_pile_valid(const struct train52_rules *r, const struct train52_card *on, size_t non,
		   struct buf *why)
{
	if (!r)
		r = &defaults;
	if (non == 0)
		return 0;
	if (on[0].rank != 1) {
		buf_printf(why, "a pile's face-up cards start with the A that closed it, not %s",
			   train52_rank_name(on[0].rank));
		return -1;
	}
	size_t base = seq_base(r), k = train52_reopened(r, on, non);
	if (base + k < non && k < 8) {
		buf_printf(why, "the reopening sequence %s goes A 2 4 5 7 9 J K; card %zu "
			   "is %s, not %s", r->second_ace ? "on the closing A" : "from the closing A",
			   base + k + 1, train52_rank_name(on[base + k].rank), train52_rank_name(train52_reopen[k]));
		return -1;
	}
	return 0;
}

/* The pile whose face-up cards are on[0..non-1] (valid: train52_pile_valid). */
static struct train52_pile pile_of(const struct train52_rules *r, const struct train52_card *on, size_t non)
{
	size_t k = train52_reopened(r, on, non), end = seq_base(r) + 8;
	if (!non)
		return (struct train52_pile){TRAIN52_PILE_OPEN, 0, 0};
	if (k < 8)
		return (struct train52_pile){TRAIN52_PILE_CLOSED, (int)k, 0};
	if (non == end)
		return (struct train52_pile){TRAIN52_PILE_AWAIT, 8, 0};
	return (struct train52_pile){TRAIN52_PILE_REOPENED, 8, on[non - 1].rank};
}

/* The move play[0..n-1] makes at a place where begin says whether a round or
 * a reopened pile begins there, closed whether it is a closed pile, open
 * whether an A closes it. false, with why, when the cards are no play. */
static bool move_of(const struct train52_card *p, size_t n, int where, bool begin, bool closed, bool open,
		    struct train52_move *m, struct buf *why)
{
	unsigned char w = (unsigned char)where, a = (unsigned char)p[0].rank, b = n > 1 ? (unsigned char)p[1].rank : 0;
	enum shape sh = shape_of(p, n);
	if (is_run_from_2(p, n) && sh == SH_OTHER) {
		*m = (struct train52_move){TRAIN52_TRAIN, w, 2, (unsigned char)p[n - 1].rank};
		return true;
	}
	if (sh == SH_SINGLE)
		*m = (struct train52_move){begin && a == 2 ? TRAIN52_BEGIN_TWO : closed ? TRAIN52_SEQUENCE
				       : open && a == 1 ? TRAIN52_CLOSE : TRAIN52_SINGLE, w, a, 0};
	else if (sh == SH_DOUBLE)
		*m = (struct train52_move){TRAIN52_DOUBLE, w, a, 0};
	else if (sh == SH_SANDWICH)
		*m = (struct train52_move){TRAIN52_SANDWICH, w, a, b};
	else if (n == 4 && p[0].rank == p[1].rank && p[2].rank == p[3].rank && (begin || sh != SH_DOUBLE_SANDWICH))
		*m = (struct train52_move){TRAIN52_BEGIN_DOUBLES, w, a, (unsigned char)p[2].rank};
	else if (sh == SH_DOUBLE_SANDWICH)
		*m = (struct train52_move){TRAIN52_DOUBLE_SANDWICH, w, a, b};
	else if (begin)
		return begin_move(&(struct train52_move){TRAIN52_NKINDS, w, a, 0}, where ? "play on the reopened pile"
				  : "a round", why);
	else {
		say(why, "%zu cards are not a play: one card, a double (two equal), a sandwich (X, any, X) or a "
		    "double sandwich (X, Y, Y, X)\n", n);
		return false;
	}
	return true;
}

/* Several cards of the reopening sequence at once on a closed pile: each in
 * turn is train52_move_legal's. */
static bool sequence_play(const struct train52_rules *r, struct train52_pos *p, struct train52_table *t,
			  const struct train52_card *play, size_t n, bool bare, struct buf *out)
{
	struct train52_pile *pl = &t->pile[0];
	for (size_t i = 0; i < n; i++) {
		struct train52_move m = {TRAIN52_SEQUENCE, 1, (unsigned char)play[i].rank, 0};
		struct buf why = {0};
		if (!train52_move_legal(r, p, &m, &why)) {
			buf_puts(out, why.s);
			if (bare && play[0].rank == 2)
				buf_puts(out, "(a Train is 2 and up by one, the whole hand: 2 3 4 ...)\n");
			buf_free(&why);
			return false;
		}
		buf_free(&why);
		pl->seq++;
	}
	buf_printf(out, "legal: continues the reopening sequence%s\n",
		   pl->seq == 8 ? "; the K completes it: the pile now needs a 2 or two sets of doubles" : "");
	return true;
}

bool train52_check_play(const struct train52_rules *r, enum train52_area area, const struct train52_card *on, size_t non,
	       const struct train52_card *play, size_t n, const struct train52_card *hand, size_t nhand,
	       int open_piles, struct buf *out)
{
	if (n == 0) {
		buf_puts(out, "the play has no cards\n");
		return false;
	}
	int count[14] = {0};
	for (size_t i = 0; i < n; i++)
		if (++count[play[i].rank] > 4) {
			buf_printf(out, "a deck has four %ss; the play uses more\n", train52_rank_name(play[i].rank));
			return false;
		}
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < i; j++)
			if (play[i].suit >= 0 && play[i].rank == play[j].rank && play[i].suit == play[j].suit) {
				buf_printf(out, "the play uses the same card (%s) twice\n", train52_rank_name(play[i].rank));
				return false;
			}
	if (!r)
		r = &defaults;
	if (area == TRAIN52_DRAWN) {
		/* "If no player has two sets of Doubles, each player draws one card from
		 * any pile and play begins with the first player to put a card down." */
		if (n != 1) {
			buf_puts(out, "after the draw, play begins with the first player to put a card "
				 "down: one card\n");
			return false;
		}
		buf_printf(out, "legal: %s put down first begins the round\n", train52_rank_name(play[0].rank));
		return true;
	}
	int held[14] = {0};
	for (size_t i = 0; i < nhand; i++)
		held[hand[i].rank]++;
	struct train52_table t = {0};
	struct train52_pos p = {&t, nhand ? held : NULL, (int)nhand, open_piles};
	int where = 0;
	if (area == TRAIN52_CENTRAL) {
		if (!non) {
			buf_puts(out, "central play needs the top card (--top)\n");
			return false;
		}
		t.central = on[non - 1].rank;
	} else if (area == TRAIN52_PILE) {
		if (train52_pile_valid(r, on, non, out) != 0) {
			buf_puts(out, "\n");
			return false;
		}
		t.npiles = 1;
		t.pile[0] = pile_of(r, on, non);
		where = 1;
	}
	const struct train52_pile *pl = where ? &t.pile[0] : NULL;
	bool begin = pl ? pl->state == TRAIN52_PILE_AWAIT : !t.central;
	bool closed = pl && pl->state == TRAIN52_PILE_CLOSED;
	bool open = pl && (pl->state == TRAIN52_PILE_OPEN || pl->state == TRAIN52_PILE_REOPENED);
	if (closed && n > 1 && !(is_run_from_2(play, n) && shape_of(play, n) == SH_OTHER))
		return sequence_play(r, &p, &t, play, n, non == 1, out);
	struct train52_move m;
	if (!move_of(play, n, where, begin, closed, open, &m, out))
		return false;
	bool ok = train52_move_legal(r, &p, &m, out);
	if (!ok && closed && non == 1 && play[0].rank == 2 && m.kind == TRAIN52_SEQUENCE)
		buf_puts(out, "(a Train is 2 and up by one, the whole hand: 2 3 4 ...)\n");
	return ok;
}

void train52_rules_from(const struct ruleset *rs, struct train52_rules *r)
{
	const char *v;
	r->face_step = (v = ruleset_get(rs, "face-cards")) && !strcmp(v, "step");
	r->ace_low = (v = ruleset_get(rs, "ace")) && !strcmp(v, "low");
	r->second_ace = (v = ruleset_get(rs, "reopen")) && !strcmp(v, "second-ace");
	r->rotation = (v = ruleset_get(rs, "order")) && !strcmp(v, "rotation");
	r->wrecks = (v = ruleset_get(rs, "wrecks")) ? (int)strtol(v, NULL, 10) : 0;
}

bool train52_trainwreck(const int *left, const bool *closed, int npiles)
{
	for (int i = 0; i < npiles; i++)
		if (!closed[i] && left[i] > 0)
			return false;
	return true;
}

int train52_game_winner(const int *points, int players, bool *tied)
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

/* --rule piles=4,3,2,1: the piles of each round, as `rules: piles: [4, 3, 2, 1]`. */
static bool set_piles(struct ruleset *rs, const char *kv, const char *value)
{
	struct train52_pack_rules *t = TRAIN52_OWN(game_rules_of(rs)), v = {0};
	for (const char *p = value;; p++) {
		size_t n = strcspn(p, ",");
		char num[16];
		long piles;
		snprintf(num, sizeof num, "%.*s", (int)(n < 15 ? n : 15), p);
		if (v.nrounds == TRAIN52_MAX_ROUNDS || n > 15 || parse_int(num, 1, TRAIN52_MAX_PILES, &piles) != 0) {
			diag(SEV_ERROR, NULL, "--rule %s: 'piles' must be 1 to %d numbers 1..%d separated by commas "
			     "(the piles of each round, such as 4,3,2,1)", kv, TRAIN52_MAX_ROUNDS, TRAIN52_MAX_PILES);
			return false;
		}
		v.piles[v.nrounds++] = (int)piles;
		p += n;
		if (!*p)
			break;
	}
	*t = v;
	return true;
}

const struct ruleset_other train52_rule_others[] = {
	{"piles", "N,N,...", set_piles},
	{NULL, NULL, NULL},
};

/* train52.h */
void train52_rules_load(struct yread *r, const struct ynode *rules, struct game_rules *out)
{
	ruleset_init(&out->set, TRAIN52_GAME, train52_rule_keys);
	ruleset_others(&out->set, train52_rule_others);
	ruleset_load(r, rules, &out->set, train52_pack_rule_keys);
	train52_pack_rules_load(r, rules, TRAIN52_OWN(out));
	if (TRAIN52_OWN(out)->nrounds)
		ruleset_other_mark(&out->set, "piles", RULE_PACK);
}
