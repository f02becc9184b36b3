/* trains_checkpos.c: `railyard check PACK --sequence/--grid [--apply ...]`: a position
 * (§5, §7, §8, §10, §11) and a move (§5, §6, §8, §9, §11), read from the
 * command line and analysed with trains_position.h. Problems in an option's text are
 * reported at its column ("--sequence:1:9"). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trains_check.h"
#include "json.h"
#include "trains_position.h"
#include "util.h"

/* One sequence (or grid) as written in an option. */
struct seq {
	const char *name, *text;     /* the option, and its value */
	int n;
	long v[MAX_SPACES];
	unsigned char frozen[MAX_SPACES];
	struct loc at[MAX_SPACES];   /* where each card is written */
};

static struct loc loc_in(const struct seq *s, const char *at)
{
	struct loc l = {s->name, 1, (unsigned)(at - s->text) + 1};
	return l;
}

/* The end of row `rows` (at c: '/' or the end) holding in_row cards: whether
 * it fits the layout. Returns 0 or 1 (reported). */
static int end_row(const struct pack *p, const struct seq *s, const char *c, int rows, int in_row, bool by_rows)
{
	const struct layout *lay = &p->layout;
	struct loc l = loc_in(s, c);
	if (lay->rows && by_rows && in_row != lay->cols) {
		diag(SEV_ERROR, &l, "row %d has %d card%s; this pack's grid has %d columns", rows, in_row,
		     in_row == 1 ? "" : "s", lay->cols);
		return 1;
	}
	if (!lay->rows && *c == '/') {
		diag(SEV_ERROR, &l, "'/' separates the rows of a grid, but this pack has a line of %d spaces",
		     lay->census);
		return 1;
	}
	return 0;
}

/* Parse cards separated by blanks, commas or '-'; rows of a grid by '/'. A card
 * is a number or W, optionally followed by '*' (frozen). Returns 0 or -1. */
static int parse_seq(const struct pack *p, struct seq *s)
{
	const struct layout *lay = &p->layout;
	int bad = 0, in_row = 0, rows = 0;
	bool by_rows = strchr(s->text, '/') != NULL;   /* else a grid is one list, row by row */
	diag_source(s->name, s->text, strlen(s->text));
	for (const char *c = s->text;; c++) {
		/* '-' separates cards (2-6-14), but before a number, not after one, it
		 * is a minus sign: "-1" is not card 1. */
		if (*c == '-' && c[1] >= '0' && c[1] <= '9' &&
		    (c == s->text || strchr(" \t,/", c[-1]))) {
			struct loc l = loc_in(s, c);
			size_t n = 1 + strspn(c + 1, "0123456789");
			diag(SEV_ERROR, &l, "card %.*s is not in the pack (cards 1-%ld; card numbers are positive)",
			     (int)n, c, p->cards);
			bad = 1;
			c += n - 1;
			continue;
		}
		if (*c == ' ' || *c == '\t' || *c == ',' || *c == '-')
			continue;
		if (*c == '/' || *c == '\0') {
			if (in_row || *c == '/')
				bad |= end_row(p, s, c, ++rows, in_row, by_rows);
			in_row = 0;
			if (*c == '\0')
				break;
			continue;
		}
		struct loc l = loc_in(s, c);
		long x;
		if (*c == 'W' || *c == 'w') {
			x = POS_WILD;
		} else if (*c >= '0' && *c <= '9') {
			char *end;
			x = strtol(c, &end, 10);
			if (x < 1 || x > p->cards) {
				diag(SEV_ERROR, &l, "card %.*s is not in the pack (cards 1-%ld)", (int)(end - c), c,
				     p->cards);
				bad = 1;
			}
			c = end - 1;
		} else {
			diag(SEV_ERROR, &l, "expected a card number or W%s", lay->rows ? ", or '/' between rows" : "");
			return -1;
		}
		if (s->n == MAX_SPACES) {
			diag(SEV_ERROR, &l, "too many cards");
			return -1;
		}
		s->at[s->n] = l;
		s->frozen[s->n] = c[1] == '*';
		if (c[1] == '*')
			c++;
		s->v[s->n++] = x;
		in_row++;
	}
	if (!bad && s->n != lay->census) {
		struct loc l = {s->name, 1, (unsigned)strlen(s->text) + 1};
		if (lay->rows)
			diag(SEV_ERROR, &l, "%d cards, but this pack's grid is %dx%d (%d cards)", s->n,
			     lay->rows, lay->cols, lay->census);
		else
			diag(SEV_ERROR, &l, "%d card%s, but this pack's census is %d", s->n, s->n == 1 ? "" : "s",
			     lay->census);
		bad = 1;
	}
	return bad ? -1 : 0;
}

/* The cards in play are physical cards: no number more often than the pack
 * holds it (copies, less missing ones), no more wilds than it has. */
static int check_supply(const struct pack *p, const struct check_opts *o, struct seq *seqs, int nseq)
{
	int bad = 0, wilds = 0;
	for (int i = 0; i < nseq; i++)
		for (int k = 0; k < seqs[i].n; k++) {
			long x = seqs[i].v[k];
			if (x == POS_WILD) {
				if (++wilds > p->wild - o->wild_missing) {
					diag(SEV_ERROR, &seqs[i].at[k], "%d wild card%s in play, but the pack has %d%s",
					     wilds, wilds == 1 ? "" : "s", p->wild - o->wild_missing, o->wild_missing ? " (some are missing)" : "");
					bad = 1;
				}
				continue;
			}
			if (x < 1 || x > p->cards)
				continue;
			int seen = 0;
			for (int j = 0; j <= i; j++)
				for (int m = 0; m < (j < i ? seqs[j].n : k + 1); m++)
					seen += seqs[j].v[m] == x;
			int held = p->copies - (o->missing ? o->missing[x - 1] : 0);
			if (seen > held) {
				if (held == 0)
					diag(SEV_ERROR, &seqs[i].at[k], "card %ld is missing from the pack (--missing)", x);
				else
					diag(SEV_ERROR, &seqs[i].at[k], "card %ld is in play %d times, but the pack "
					     "holds %d", x, seen, held);
				bad = 1;
			}
		}
	return bad;
}

/* --frozen A,G: mark spaces of the first sequence. */
static int parse_frozen(const struct pack *p, const char *text, struct seq *s)
{
	int bad = 0;
	diag_source("--frozen", text, strlen(text));
	const char *c = text;
	while (*c) {
		if (*c == ',' || *c == ' ') {
			c++;
			continue;
		}
		size_t len = strcspn(c, ", ");
		char name[8];
		struct loc l = {"--frozen", 1, (unsigned)(c - text) + 1};
		int sp = -1;
		if (len < sizeof name) {
			memcpy(name, c, len);
			name[len] = '\0';
			sp = space_parse(&p->layout, name);
		}
		if (sp < 0) {
			diag(SEV_ERROR, &l, "'%.*s' is not a space of this pack's placemat", (int)len, c);
			bad = 1;
		} else {
			s->frozen[sp] = 1;
		}
		c += len;
	}
	return bad;
}

/* §11: no more frozen cards than tokens. */
static void check_tokens(const struct pack *p, const struct seq *s)
{
	int n = 0;
	for (int k = 0; k < s->n; k++)
		n += s->frozen[k];
	if (n > p->rules.freeze_tokens) {
		struct loc l = {s->name, 1, 1};
		if (p->rules.freeze_tokens)
			diag(SEV_ERROR, &l, "%d frozen cards, but each player has %d freeze token%s (§11)", n,
			     p->rules.freeze_tokens, p->rules.freeze_tokens == 1 ? "" : "s");
		else
			diag(SEV_ERROR, &l, "%d frozen card%s, but the pack's rules give no freeze tokens (§11: "
			     "set rules: freeze-tokens)", n, n == 1 ? "" : "s");
	}
}

static const char *sname(const struct pack *p, int s, char buf[3])
{
	return space_name(&p->layout, s, buf);
}

static void put_card(long x, bool frozen)
{
	if (x == POS_WILD)
		printf("W");
	else if (x == POS_DRAWN)
		printf("?");
	else
		printf("%ld", x);
	if (frozen)
		printf("*");
}

static void json_card(struct jw *w, long x)
{
	if (x == POS_WILD)
		jw_str(w, "W");
	else if (x == POS_DRAWN)
		jw_null(w);
	else
		jw_int(w, x);
}

/* A pair of spaces, ["A", "B"]. */
static void json_pair(struct jw *w, const struct pack *p, const short pair[2])
{
	char n1[3], n2[3];
	jw_array(w);
	jw_str(w, sname(p, pair[0], n1));
	jw_str(w, sname(p, pair[1], n2));
	jw_end(w);
}

static const char *yn(bool b) { return b ? "yes" : "no"; }

/* The cards of the pack that carry ability a, into nums (at most max); returns
 * how many there are. */
static long cards_with(const struct pack *p, int a, long *nums, long max)
{
	long c = 0;
	for (long n = 1; n <= p->cards; n++)
		if (p->by_number[n - 1] == a) {
			if (c < max)
				nums[c] = n;
			c++;
		}
	return c;
}

struct analysis {
	struct pos_order order;
	bool wins, clean, valid_wilds;
	long inversions;
	short pairs[POS_MAX_PAIRS][2];
	int nswaps;
	short swaps[MAX_SPACES][2];
	bool swaps_win;        /* the swap list makes the sequence win (frozen cards stay) */
	long lo[MAX_CENSUS], hi[MAX_CENSUS];
	int best[3], nbest;    /* the pack's swaps that cut inversions most */
	long best_inv[3];
	char arrangements[POS_ARRANGEMENTS_DIGITS];
};

/* The pack's swaps (within one sequence, frozen cards left alone) that leave
 * the fewest inversions, best first; only those that cut some. */
static void best_swaps(const struct pack *p, const struct seq *s, struct analysis *a)
{
	a->nbest = 0;
	for (size_t i = 0; i < p->abilities.n; i++) {
		const struct ability *ab = &p->abilities.v[i];
		if (ab->kind != AK_SWAP)
			continue;
		/* only what the rules allow here (swap-within, frozen cards: §6, §11) */
		long w[MAX_CENSUS];
		memcpy(w, s->v, (size_t)s->n * sizeof *w);
		struct pos_choice ch = {-1, 0, 0, {0, 0}, false, POS_DRAWN};
		struct pos_target t = {1, s->n, {w, NULL, NULL}, {s->frozen, NULL, NULL}, false};
		struct pos_move m;
		if (pos_apply(&p->layout, ab, NULL, &p->rules, &ch, &t, &m) != POS_OK)
			continue;
		long inv = pos_inversions(w, s->n, NULL, 0);
		if (inv >= a->inversions)
			continue;
		int k = a->nbest < 3 ? a->nbest++ : 3;
		for (; k > 0 && a->best_inv[k - 1] > inv; k--) {
			if (k < 3) {
				a->best[k] = a->best[k - 1];
				a->best_inv[k] = a->best_inv[k - 1];
			}
		}
		if (k < 3) {
			a->best[k] = (int)i;
			a->best_inv[k] = inv;
		}
	}
}

static void analyse(const struct pack *p, const struct pos_pack *pk, const struct seq *s, struct analysis *a)
{
	const struct layout *lay = &p->layout;
	bool strict = p->rules.win == WIN_ASCENDING;
	memset(a, 0, sizeof *a);
	a->clean = pos_clean(s->v, s->n);
	if (lay->rows) {
		a->order = pos_grid_order(s->v, lay->rows, lay->cols, pk);
		a->valid_wilds = true;
		for (int r = 0; r < lay->rows; r++)
			a->valid_wilds &= pos_wilds_valid(s->v + r * lay->cols, lay->cols, strict, pk);
		pos_arrangements(lay->rows, lay->cols, a->arrangements, sizeof a->arrangements);
	} else {
		a->order = pos_order(s->v, s->n, pk);
		a->valid_wilds = pos_wilds_valid(s->v, s->n, strict, pk);
		a->inversions = pos_inversions(s->v, s->n, a->pairs, POS_MAX_PAIRS);
		/* Frozen cards never move (§11): leave them out of the swaps. */
		long w[MAX_SPACES];
		for (int k = 0; k < s->n; k++)
			w[k] = s->frozen[k] ? POS_DRAWN : s->v[k];
		a->nswaps = pos_min_swaps(w, s->n, a->swaps);
		memcpy(w, s->v, (size_t)s->n * sizeof *w);
		for (int k = 0; k < a->nswaps; k++) {
			long t = w[a->swaps[k][0]];
			w[a->swaps[k][0]] = w[a->swaps[k][1]];
			w[a->swaps[k][1]] = t;
		}
		a->swaps_win = pos_wins(pos_order(w, s->n, pk), p->rules.win);
		for (int k = 0; k < s->n; k++)
			pos_range(pk, s->n, k, 0.25, 0.75, &a->lo[k], &a->hi[k]);
		best_swaps(p, s, a);
	}
	a->wins = pos_wins(a->order, p->rules.win);
}

static void print_seq_text(const struct pack *p, const struct seq *s)
{
	const struct layout *lay = &p->layout;
	if (!lay->rows) {
		for (int k = 0; k < s->n; k++) {
			printf("%s", k ? " " : "");
			put_card(s->v[k], s->frozen[k]);
		}
		printf("\n");
		return;
	}
	printf("   ");
	for (int c = 0; c < lay->cols; c++)
		printf(" %4c", 'A' + lay->rows + c);
	printf("\n");
	for (int r = 0; r < lay->rows; r++) {
		printf("  %c", 'A' + r);
		for (int c = 0; c < lay->cols; c++) {
			int k = r * lay->cols + c;
			char buf[24];
			if (s->v[k] > 0)
				snprintf(buf, sizeof buf, "%ld%s", s->v[k], s->frozen[k] ? "*" : "");
			else
				snprintf(buf, sizeof buf, "%s%s", s->v[k] == POS_WILD ? "W" : "?", s->frozen[k] ? "*" : "");
			printf(" %4s", buf);
		}
		printf("\n");
	}
}

/* The line's part of the analysis: the classes, inversions, swaps and the
 * cards that carry them, the usual ranges. */
static void print_line_text(const struct pack *p, const struct seq *s, const struct analysis *a)
{
	char n1[3], n2[3];
	printf("order (§7): ascending %s, never-descending %s, descending %s, never-ascending %s\n",
	       yn(a->order.ascending), yn(a->order.never_descending), yn(a->order.descending),
	       yn(a->order.never_ascending));
	printf("wins (win: %s): %s\n", win_rule_name(p->rules.win), yn(a->wins));
	long maxinv = (long)s->n * (s->n - 1) / 2;
	printf("inversions (§5): %ld of %ld", a->inversions, maxinv);
	for (long k = 0; k < a->inversions && k < POS_MAX_PAIRS; k++)
		printf("%s%s-%s", k ? " " : ": ", sname(p, a->pairs[k][0], n1), sname(p, a->pairs[k][1], n2));
	printf("\n");
	printf("minimum swaps: %d", a->nswaps);
	for (int k = 0; k < a->nswaps; k++)
		printf("%s%s ↔ %s", k ? ", " : ": ", sname(p, a->swaps[k][0], n1), sname(p, a->swaps[k][1], n2));
	printf("\n");
	bool drawn = false;
	for (int k = 0; k < s->n; k++)
		drawn |= s->v[k] == POS_DRAWN;
	if (drawn)
		printf("  ? is the card drawn to replace the removed one (--draw N names it)\n");
	else if (!a->swaps_win)
		printf("  no swaps alone make it win: %s\n",
		       !a->valid_wilds ? "a wild card cannot stand for a number there"
				       : "the frozen cards are out of order (§11)");
	for (int k = 0; k < a->nswaps; k++) {
		char code[16];
		snprintf(code, sizeof code, "%s%s", sname(p, a->swaps[k][0], n1), sname(p, a->swaps[k][1], n2));
		int ab = ability_find(&p->abilities, code);
		printf("  %s ↔ %s: ", n1, n2);
		if (ab < 0) {
			printf("no card of this pack does it\n");
			continue;
		}
		long nums[8];
		long c = cards_with(p, ab, nums, 8);
		if (!c) {
			printf("no card of this pack does it\n");
			continue;
		}
		printf("card%s", c == 1 ? "" : "s");
		for (long i = 0; i < c && i < 8; i++)
			printf("%s%ld", i ? ", " : " ", nums[i]);
		if (c > 8)
			printf(", ... (%ld in all)", c);
		if (!p->rules.swap_within)
			printf(" (but swap-within is false: only across sequences, §6)");
		printf("\n");
	}
	for (int k = 0; k < a->nbest; k++)
		printf("%s%s %ld", k ? ", " : "best single swaps of the pack (inversions after): ",
		       p->abilities.v[a->best[k]].symbolic, a->best_inv[k]);
	if (a->nbest)
		printf("\n");
	printf("usual ranges (§5, the middle half of completed sequences):");
	for (int k = 0; k < s->n; k++)
		printf("%s%s %ld-%ld", k ? ", " : " ", sname(p, k, n1), a->lo[k], a->hi[k]);
	printf("\n");
	int out = 0;
	for (int k = 0; k < s->n; k++) {
		if (s->v[k] <= 0 || (s->v[k] >= a->lo[k] && s->v[k] <= a->hi[k]))
			continue;
		printf("%s%s %ld (%s)", out++ ? ", " : "  outside them: ", sname(p, k, n1), s->v[k],
		       s->v[k] < a->lo[k] ? "low" : "high");
	}
	if (out)
		printf("\n");
}

static void print_analysis_text(const struct pack *p, const struct seq *s, const struct analysis *a)
{
	const struct layout *lay = &p->layout;
	char n1[3];
	if (lay->rows) {
		bool nd = p->rules.win == WIN_NEVER_DESCENDING;
		printf("legal deal (§8, every row and column %s): %s\n", nd ? "never-ascending" : "descending",
		       yn(nd ? a->order.never_ascending : a->order.descending));
		printf("wins (win: %s, every row and column): %s\n", win_rule_name(p->rules.win), yn(a->wins));
		printf("arrangements: %s ways to arrange %d different cards so that every row and column "
		       "descends (§8)\n", a->arrangements, lay->census);
	} else {
		print_line_text(p, s, a);
	}
	int nw = 0, nf = 0;
	for (int k = 0; k < s->n; k++) {
		nw += s->v[k] == POS_WILD;
		nf += s->frozen[k];
	}
	if (nw)
		printf("wild cards (§10): %d, dirty; %s\n", nw,
		       a->valid_wilds ? "each can stand for a number of the pack not in use"
				      : "some cannot stand for any number of the pack not in use between its neighbours");
	else
		printf("wild cards (§10): none, clean\n");
	if (nf) {
		printf("frozen (§11):");
		for (int k = 0; k < s->n; k++)
			if (s->frozen[k])
				printf(" %s", sname(p, k, n1));
		printf("\n");
	}
}

/* The position's members of the analysis: the cards, frozen spaces, order, win. */
static void json_position(struct jw *w, const struct pack *p, const struct seq *s, const struct analysis *a)
{
	const struct layout *lay = &p->layout;
	char n1[3];
	jw_key(w, lay->rows ? "grid" : "sequence");
	jw_array(w);
	for (int k = 0; k < s->n; k++) {
		if (lay->rows && k % lay->cols == 0) {
			if (k)
				jw_end(w);
			jw_array(w);
		}
		json_card(w, s->v[k]);
	}
	if (lay->rows)
		jw_end(w);
	jw_end(w);
	jw_key(w, "frozen");
	jw_array(w);
	for (int k = 0; k < s->n; k++)
		if (s->frozen[k])
			jw_str(w, sname(p, k, n1));
	jw_end(w);
	static const char *const order[] = {"ascending", "never_descending", "descending", "never_ascending"};
	bool is[] = {a->order.ascending, a->order.never_descending, a->order.descending, a->order.never_ascending};
	for (int k = 0; k < 4; k++)
		jw_put_bool(w, order[k], is[k]);
	jw_put_str(w, "win", win_rule_name(p->rules.win));
	jw_put_bool(w, "wins", a->wins);
	jw_put_bool(w, "clean", a->clean);
	jw_put_bool(w, "valid_wilds", a->valid_wilds);
}

/* A sequence's swaps: the pairs out of order, the fewest swaps and their cards. */
static void json_swaps(struct jw *w, const struct pack *p, const struct analysis *a)
{
	char n1[3], n2[3];
	jw_put_int(w, "inversions", a->inversions);
	jw_key(w, "inversion_pairs");
	jw_array(w);
	for (long k = 0; k < a->inversions && k < POS_MAX_PAIRS; k++)
		json_pair(w, p, a->pairs[k]);
	jw_end(w);
	jw_put_int(w, "min_swaps", a->nswaps);
	jw_key(w, "swaps");
	jw_array(w);
	for (int k = 0; k < a->nswaps; k++)
		json_pair(w, p, a->swaps[k]);
	jw_end(w);
	jw_key(w, "swap_cards");
	jw_array(w);
	for (int k = 0; k < a->nswaps; k++) {
		char code[16];
		snprintf(code, sizeof code, "%s%s", sname(p, a->swaps[k][0], n1), sname(p, a->swaps[k][1], n2));
		int ab = ability_find(&p->abilities, code);
		long nums[64];
		long c = ab >= 0 ? cards_with(p, ab, nums, 64) : 0;
		jw_array(w);
		for (long i = 0; i < c && i < 64; i++)
			jw_int(w, nums[i]);
		jw_end(w);
	}
	jw_end(w);
	jw_put_bool(w, "swaps_win", a->swaps_win);
}

/* The analysis as members of the report's object. */
static void print_analysis_json(struct jw *w, const struct pack *p, const struct seq *s, const struct analysis *a)
{
	char n1[3];
	json_position(w, p, s, a);
	if (p->layout.rows) {
		bool nd = p->rules.win == WIN_NEVER_DESCENDING;
		jw_put_bool(w, "legal_deal", nd ? a->order.never_ascending : a->order.descending);
		jw_key(w, "arrangements");
		jw_raw(w, "%s", a->arrangements);
		return;
	}
	json_swaps(w, p, a);
	jw_key(w, "best_swaps");
	jw_array(w);
	for (int k = 0; k < a->nbest; k++) {
		jw_object(w);
		jw_put_str(w, "ability", p->abilities.v[a->best[k]].symbolic);
		jw_put_int(w, "inversions", a->best_inv[k]);
		jw_end(w);
	}
	jw_end(w);
	jw_key(w, "ranges");
	jw_array_at(w, "  ");
	for (int k = 0; k < s->n; k++) {
		jw_object(w);
		jw_put_str(w, "space", sname(p, k, n1));
		jw_put_int(w, "lo", a->lo[k]);
		jw_put_int(w, "hi", a->hi[k]);
		jw_key(w, "card");
		json_card(w, s->v[k]);
		jw_put_bool(w, "outside", s->v[k] > 0 && (s->v[k] < a->lo[k] || s->v[k] > a->hi[k]));
		jw_end(w);
	}
	jw_end(w);
}

/* --apply: a card number, a code, or both ("10BD", "10 BD"). Returns the
 * ability index or -1 (reported); *card is the number or 0. */
static int parse_apply(const struct pack *p, const char *text, long *card)
{
	diag_source("--apply", text, strlen(text));
	struct loc l = {"--apply", 1, 1};
	const char *c = text;
	*card = 0;
	while (*c == ' ')
		c++;
	if (*c >= '0' && *c <= '9') {
		char *end;
		errno = 0;
		*card = strtol(c, &end, 10);
		if (errno || *card < 1 || *card > p->cards) {
			/* As written: a number too large for a long must not become another. */
			diag(SEV_ERROR, &l, "card %.*s is not in the pack (cards 1-%ld)", (int)(end - c), c,
			     p->cards);
			return -1;
		}
		c = end;
		while (*c == ' ')
			c++;
	}
	if (*c == '\0') {
		if (!*card) {
			diag(SEV_ERROR, &l, "give an ability code (BD) or a card number (10)");
			return -1;
		}
		int a = p->by_number[*card - 1];
		if (a < 0)
			diag(SEV_ERROR, &l, "card %ld carries no ability in this pack's table", *card);
		return a;
	}
	int a = ability_find(&p->abilities, c);
	struct loc lc = {"--apply", 1, (unsigned)(c - text) + 1};
	if (a < 0) {
		diag(SEV_ERROR, &lc, "'%s' is not an ability of this pack (railyard list --abilities "
		     "shows them)", c);
		return -1;
	}
	if (*card && p->by_number[*card - 1] != a) {
		int b = p->by_number[*card - 1];
		diag(SEV_ERROR, &lc, "card %ld carries %s, not %s", *card, b >= 0 ? p->abilities.v[b].symbolic : "nothing",
		     p->abilities.v[a].symbolic);
		return -1;
	}
	return a;
}

/* --on: spaces, line letters and directions. */
static int parse_choice(const struct pack *p, const struct ability *ab, const char *text, struct pos_choice *ch)
{
	const struct layout *lay = &p->layout;
	int bad = 0;
	diag_source("--on", text, strlen(text));
	for (const char *c = text; *c;) {
		if (*c == ',' || *c == ' ') {
			c++;
			continue;
		}
		size_t len = strcspn(c, ", ");
		struct loc l = {"--on", 1, (unsigned)(c - text) + 1};
		char w[16];
		snprintf(w, sizeof w, "%.*s", (int)(len < 15 ? len : 15), c);
		c += len;
		static const char *const dirs[] = {"right", "left", "down", "up"};
		int d = -1;
		for (int i = 0; i < 4; i++)
			if (strcmp(w, dirs[i]) == 0)
				d = i;
		if (d >= 0) {
			ch->dir = d % 2 == 0 ? 1 : -1;
			continue;
		}
		if (lay->rows && len == 1 && w[0] >= 'A' && w[0] < 'A' + lay->rows + lay->cols) {
			int i = w[0] - 'A';
			bool row = i < lay->rows;
			bool wants_row = ability_kind_info(ab->kind)->choose & KC_ROW;
			if (row != wants_row) {
				diag(SEV_ERROR, &l, "%s is a %s; %s needs a %s", w, row ? "row" : "column",
				     ab->symbolic, wants_row ? "row" : "column");
				bad = 1;
				continue;
			}
			ch->line = row ? i : i - lay->rows;
			continue;
		}
		int sp = space_parse(lay, w);
		if (sp < 0 || ch->nsp == 2) {
			diag(SEV_ERROR, &l, sp < 0 ? "'%s' is not a space, a row or column letter, or a direction"
					     : "'%s': at most two spaces can be chosen", w);
			bad = 1;
			continue;
		}
		ch->sp[ch->nsp++] = (short)sp;
	}
	return bad;
}

/* What --on must say for a discretionary ability. */
static const char *choice_hint(const struct ability *ab)
{
	const char *hint = ability_kind_info(ab->kind)->on_hint;
	return hint ? hint : "a valid --on";
}

static void describe_move(const struct pack *p, const struct pos_move *m, const struct seq *seqs, int nseq)
{
	char n1[3];
	for (int i = 0; i < m->n; i++) {
		const struct seq *s = &seqs[m->seq[i]];   /* pos_apply's sequences: 0 the applier's */
		printf("%s", i ? (m->n == 2 ? " ↔ " : " → ") : "");
		if (nseq > 1)
			printf("%s ", s->name);
		printf("%s ", sname(p, m->sp[i], n1));
		put_card(s->v[m->sp[i]], false);
	}
	if (m->remove)
		printf(" → X");
}

/* --draw N or W: the card drawn to replace a removed one, which the pack must
 * still have out of play. Returns 0 or -1 (reported). */
static int parse_draw(const struct pack *p, const struct check_opts *o, const struct seq *seqs, int nseq,
		      long *draw)
{
	diag_source("--draw", o->draw, strlen(o->draw));
	struct loc l = {"--draw", 1, 1};
	char *end;
	if (o->draw[0] == 'W' || o->draw[0] == 'w') {
		*draw = POS_WILD;
	} else {
		*draw = strtol(o->draw, &end, 10);
		if (end == o->draw || *end || *draw < 1 || *draw > p->cards) {
			diag(SEV_ERROR, &l, "expected a card number 1-%ld or W", p->cards);
			return -1;
		}
	}
	int in_play = 0;
	for (int i = 0; i < nseq; i++)
		for (int k = 0; k < seqs[i].n; k++)
			in_play += seqs[i].v[k] == *draw;
	int held = *draw == POS_WILD ? p->wild - o->wild_missing
				     : p->copies - (o->missing ? o->missing[*draw - 1] : 0);
	if (in_play < held)
		return 0;
	if (*draw == POS_WILD)
		diag(SEV_ERROR, &l, "no wild card is left to draw (the pack has %d)", held);
	else
		diag(SEV_ERROR, &l, "card %ld cannot be drawn: the pack holds %d and %d %s in play", *draw, held,
		     in_play, in_play == 1 ? "is" : "are");
	return -1;
}

/* With --other, --on names the first sequence's space in the swap: which way
 * round it goes. Returns 0 or -1 (reported). */
static int with_space(const struct pack *p, const struct ability *ab, int nseq, struct pos_choice *ch)
{
	if (nseq < 2 || ch->nsp != 1 || ab->nsp != 2)
		return 0;
	if (ch->sp[0] == ab->sp[1]) {
		ch->flip = true;
	} else if (ch->sp[0] != ab->sp[0]) {
		char n1[3], n2[3];
		struct loc l = {"--on", 1, 1};
		diag(SEV_ERROR, &l, "%s swaps %s or %s of the first sequence with the other's", ab->symbolic,
		     sname(p, ab->sp[0], n1), sname(p, ab->sp[1], n2));
		return -1;
	}
	ch->nsp = 0;
	return 0;
}

/* A refused move: the rule it breaks, as an error and in the report. Returns
 * the exit status (1, or 2 for a missing choice). */
static int report_refusal(const struct pack *p, const struct check_opts *o, const struct ability *ab,
			  const char *label, enum pos_refusal r, const struct pos_move *m,
			  const struct seq *seqs, int nseq)
{
	struct loc l = {"--apply", 1, 1};
	char n1[3];
	if (r == POS_FROZEN) {
		const struct seq *s = &seqs[m->seq[m->blocked]];
		diag(SEV_ERROR, &l, "%s cannot be applied: card %ld at %s%s%s is frozen; %s", label,
		     s->v[m->sp[m->blocked]], sname(p, m->sp[m->blocked], n1), nseq > 1 ? " of " : "",
		     nseq > 1 ? s->name : "", pos_refusal_text(r));
	} else if (r == POS_CHOICE) {
		diag(SEV_ERROR, &l, "%s is discretionary (§8): give %s", label, choice_hint(ab));
		return EXIT_INPUT;
	} else {
		diag(SEV_ERROR, &l, "%s cannot be applied: %s", label, pos_refusal_text(r));
	}
	if (o->json) {
		struct jw w;
		jw_init(&w, stdout);
		jw_object_at(&w, "");
		jw_put_bool(&w, "applied", false);
		jw_put_str(&w, "ability", ab->symbolic);
		jw_put_str(&w, "refused", pos_refusal_text(r));
		jw_end(&w);
		putchar('\n');
	} else {
		printf("refused: %s: %s\n", label, pos_refusal_text(r));
	}
	return EXIT_RULE;
}

static void print_applied_json(const struct pack *p, const struct pos_pack *pk, const struct ability *ab,
			       long card, struct seq *seqs, int nseq, struct analysis *an)
{
	struct jw w;
	jw_init(&w, stdout);
	jw_object_at(&w, "");
	jw_put_bool(&w, "applied", true);
	jw_put_str(&w, "ability", ab->symbolic);
	jw_put_str(&w, "code", ab->code);
	jw_key(&w, "card");
	if (card)
		jw_int(&w, card);
	else
		jw_null(&w);
	jw_key(&w, "result");
	jw_array(&w);
	for (int i = 0; i < nseq; i++) {
		jw_array(&w);
		for (int k = 0; k < seqs[i].n; k++)
			json_card(&w, seqs[i].v[k]);
		jw_end(&w);
	}
	jw_end(&w);
	struct seq *main_seq = &seqs[nseq == 3 ? 1 : 0];
	analyse(p, pk, main_seq, an);
	print_analysis_json(&w, p, main_seq, an);
	jw_end(&w);
	putchar('\n');
}

static void print_applied_text(const struct pack *p, const struct check_opts *o, const struct pos_pack *pk,
			       const char *label, const struct pos_move *m, const struct seq *before,
			       struct seq *seqs, int nseq, struct analysis *an)
{
	printf("apply %s to %s\n", label,
	       nseq == 1 ? (o->opponent ? "an opponent's sequence" : "the player's own sequence")
			 : nseq == 2 ? "the player's and another sequence (§6)" : "two other players' sequences (§6)");
	printf("moved: ");
	describe_move(p, m, before, nseq);
	printf("\n");
	for (int i = 0; i < nseq; i++) {
		printf("%s before:%s", seqs[i].name, p->layout.rows ? "\n" : " ");
		print_seq_text(p, &before[i]);
		printf("%s after:%s", seqs[i].name, p->layout.rows ? "\n" : "  ");
		print_seq_text(p, &seqs[i]);
	}
	struct seq *main_seq = &seqs[nseq == 3 ? 1 : 0];
	analyse(p, pk, main_seq, an);
	printf("%s after the move:\n", main_seq->name);
	print_analysis_text(p, main_seq, an);
}

/* --apply: the move read from the options, judged by pos_apply (the one
 * legality), and reported. */
static int apply_move(const struct pack *p, const struct check_opts *o, const struct pos_pack *pk,
		      struct seq *seqs, int nseq)
{
	long card;
	int a = parse_apply(p, o->apply, &card);
	if (a < 0)
		return EXIT_INPUT;
	const struct ability *ab = &p->abilities.v[a];
	struct pos_choice ch = {-1, 0, 0, {0, 0}, false, POS_DRAWN};
	if (o->on && parse_choice(p, ab, o->on, &ch))
		return EXIT_INPUT;
	if ((o->draw && parse_draw(p, o, seqs, nseq, &ch.draw)) || with_space(p, ab, nseq, &ch))
		return EXIT_INPUT;
	struct pos_target t = {nseq, seqs[0].n, {NULL, NULL, NULL}, {NULL, NULL, NULL}, o->opponent};
	struct seq before[3];
	for (int i = 0; i < nseq; i++) {
		before[i] = seqs[i];
		t.seq[i] = seqs[i].v;
		t.frozen[i] = seqs[i].frozen;
	}
	struct pos_move m;
	const struct ability_spec *spec = ab->kind == AK_NUMBER ? &p->specs[ab->spec] : NULL;
	enum pos_refusal r = pos_apply(&p->layout, ab, spec, &p->rules, &ch, &t, &m);
	char label[160];
	if (card)
		snprintf(label, sizeof label, "card %ld (%s)", card, ab->symbolic);
	else
		snprintf(label, sizeof label, "%s", ab->symbolic);
	if (r != POS_OK)
		return report_refusal(p, o, ab, label, r, &m, seqs, nseq);
	struct analysis *an = xmalloc(sizeof *an);
	if (o->json)
		print_applied_json(p, pk, ab, card, seqs, nseq, an);
	else
		print_applied_text(p, o, pk, label, &m, before, seqs, nseq, an);
	free(an);
	return EXIT_OK;
}

int check_position(const struct pack *p, const struct check_opts *o)
{
	if (o->grid && !p->layout.rows) {
		diag(SEV_ERROR, NULL, "--grid needs a grid pack; %s has a line of %d spaces (use --sequence)",
		     p->file, p->layout.census);
		return EXIT_INPUT;
	}
	struct seq *seqs = xcalloc(3, sizeof *seqs);
	int nseq = 1 + o->nwith;
	seqs[0].name = o->grid ? "--grid" : "--sequence";
	seqs[0].text = o->sequence;
	static const char *const with_names[] = {"--other", "--other#2"};
	for (int i = 0; i < o->nwith; i++) {
		seqs[1 + i].name = with_names[i];
		seqs[1 + i].text = o->with[i];
	}
	int bad = 0;
	for (int i = 0; i < nseq; i++)
		bad |= parse_seq(p, &seqs[i]) != 0;
	if (!bad && o->frozen)
		bad |= parse_frozen(p, o->frozen, &seqs[0]);
	bad |= check_supply(p, o, seqs, nseq);
	if (bad) {
		free(seqs);
		return EXIT_INPUT;
	}
	for (int i = 0; i < nseq; i++)
		check_tokens(p, &seqs[i]);
	struct pos_pack pk = {p->cards, p->copies, o->missing};
	int status;
	if (o->apply) {
		status = apply_move(p, o, &pk, seqs, nseq);
	} else {
		struct analysis *an = xmalloc(sizeof *an);
		analyse(p, &pk, &seqs[0], an);
		if (o->json) {
			struct jw w;
			jw_init(&w, stdout);
			jw_object_at(&w, "");
			print_analysis_json(&w, p, &seqs[0], an);
			jw_end(&w);
			putchar('\n');
		} else {
			printf("%s:%s", seqs[0].name, p->layout.rows ? "\n" : " ");
			print_seq_text(p, &seqs[0]);
			print_analysis_text(p, &seqs[0], an);
		}
		free(an);
		status = EXIT_OK;
	}
	if (status == EXIT_OK && diag_count(SEV_ERROR))
		status = EXIT_RULE;
	free(seqs);
	return status;
}
