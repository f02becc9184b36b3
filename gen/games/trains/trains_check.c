/* trains_check.c: `railyard check PACK`: the pack itself (§3-§7, §10, §11): every
 * ability present, blocks and player reductions balanced, an explicit table
 * against the rules and the computed one, a defective pack (--missing), and
 * whether the win rule can be met. Positions and moves are in trains_checkpos.c. */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include "cli.h"
#include "opt.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trains_check.h"
#include "json.h"
#include "trains_rules.h"
#include "util.h"

static const struct opt check_option_rows[] = {
	OPT_TEXT(
		"usage: railyard check [OPTIONS] PACK.yaml\n"
		"\n"
		"Check a pack against the rules of the seed page (§3-§11), or a position or a\n"
		"move in a game played with it.\n"
		"\n"
		"The pack (no --sequence or --grid): every ability present, each block of\n"
		"|abilities| cards and each 'players' reduction balanced, an explicit\n"
		"'assignment' table against the rules and the computed table, the win rule.\n"),
	OPT("missing", 'm', "LIST",
		"the pack is defective (§1): these cards are lost\n"
		"(numbers, ranges such as 17-20, W for a wild card)"),
	OPT_VALUES("rule", 'r', "KEY=VALUE",
		"override a rule of the pack for this run (the pack, a\n"
		"position and a move are checked under it):\n"
		"apply-to=self|anyone, swap-across=none|two-sequences|\n"
		"three-sequences, swap-within=true|false,\n"
		"win=ascending|never-descending, freeze-tokens=N,\n"
		"reshuffle=true|false, opening=face-down|face-up|none;\n"
		"repeatable", "@rule"),
	OPT_TEXT(
		"\n"
		"A position:\n"),
	OPT("sequence", 's', "CARDS",
		"a player's sequence, space A first: \"53 7 45 9 50 27 56\"\n"
		"(or 53-7-45...; W for a wild card; N* marks a frozen card)"),
	OPT("grid", 'g', "ROWS",
		"a grid position, rows separated by '/': \"9 8 7 / 6 5 4 / 3 2 1\""),
	OPT("frozen", 'f', "SPACES", "frozen spaces of the sequence (§11): A,G"),
	OPT_TEXT(
		"\n"
		"A move (with --sequence or --grid):\n"),
	OPT("apply", 'a', "CARD",
		"the ability to apply: a code (BD, \"B ↔ D\"), a card number\n"
		"(10), or both (10BD: the card must carry that ability)"),
	OPT("on", 'o', "CHOICE",
		"the player's choice for a discretionary ability (§8):\n"
		"spaces (AD,AF), a row or column letter (B), a direction\n"
		"(right, left, down, up); with --other, the space of the\n"
		"first sequence that takes part in the swap"),
	OPT("other", 'w', "CARDS",
		"swap with another player's sequence (§6); given twice, the\n"
		"player directs a swap between those two sequences"),
	OPT("draw", 'd', "N",
		"the card drawn to replace a removed one (default unknown: ?)"),
	OPT("opponent", 'O', NULL, "the sequence belongs to an opponent of the player (§5)"),
	OPT_TEXT(
		"\n"),
	OPT("json", 'j', NULL, "the report as JSON (keys in docs/trains.md)"),
	OPT("quiet", OPT_QUIET, NULL, "no progress lines on stderr (as in every command)"),
	OPT("help", 'h', NULL, "this help"),
	OPT("version", 'V', NULL, "the version"),
	OPT_TEXT(
		"\n"
		"exit status: 0 the pack or position is sound (a move: applied), 1 a rule is\n"
		"broken (a move: refused), 2 unreadable input or bad usage.\n"),
	OPT_END,
};

const struct opt_table trains_check_options = {"check", 23, check_option_rows};

/* Where in an option's text a problem is: column col of line 1 of "--name". */
static struct loc opt_loc(const char *name, const char *text, const char *at)
{
	struct loc l = {name, 1, (unsigned)(at - text) + 1};
	return l;
}

/* --missing: numbers, ranges N-M, W; separated by commas or blanks. */
/* Cards lo..hi (in the pack) are missing once more: 0, or 1 after reporting at at
 * a card listed missing more often than the pack has copies of it. */
static int mark_missing(const struct pack *p, const struct loc *at, long lo, long hi,
			struct check_opts *o)
{
	for (long n = lo; n <= hi; n++) {
		if (o->missing[n - 1] >= p->copies) {
			diag(SEV_ERROR, at, "card %ld is listed missing more often than the pack's %d "
			     "cop%s", n, p->copies, p->copies == 1 ? "y" : "ies");
			return 1;
		}
		o->missing[n - 1]++;
		o->nmissing++;
	}
	return 0;
}

static int parse_missing(const struct pack *p, const char *text, struct check_opts *o)
{
	int bad = 0;
	diag_source("--missing", text, strlen(text));
	o->missing = xcalloc((size_t)p->cards, 1);
	if (!text[strspn(text, ", \t")]) {
		struct loc at = {"--missing", 1, 1};
		diag(SEV_ERROR, &at, "no card given; list card numbers, ranges such as 17-20, or W");
		return 1;
	}
	const char *s = text;
	while (*s) {
		if (*s == ',' || *s == ' ' || *s == '\t') {
			s++;
			continue;
		}
		const char *start = s;
		struct loc at = opt_loc("--missing", text, start);
		if (*s == 'W' || *s == 'w') {
			s++;
			if (++o->wild_missing > p->wild) {
				diag(SEV_ERROR, &at, "more wild cards missing than the pack's %d", p->wild);
				bad = 1;
			}
			continue;
		}
		char *end = (char *)s;
		errno = 0;
		long lo = *s >= '0' && *s <= '9' ? strtol(s, &end, 10) : 0, hi = lo;
		if (end == s) {
			diag(SEV_ERROR, &at, "expected a card number, a range such as 17-20, or W");
			bad = 1;
			while (*s && *s != ',' && *s != ' ')
				s++;
			continue;
		}
		s = end;
		if (*s == '-') {
			const char *h = s + 1;
			end = (char *)h;
			if (*h >= '0' && *h <= '9')
				hi = strtol(h, &end, 10);
			if (errno == ERANGE)
				lo = hi = LONG_MAX;   /* too large: reported as not in the pack */
			if (end == h) {
				diag(SEV_ERROR, &at, "expected a number after '-'");
				bad = 1;
				hi = lo;
			}
			s = end;
		}
		if (*s && *s != ',' && *s != ' ' && *s != '\t') {
			struct loc here = opt_loc("--missing", text, s);
			diag(SEV_ERROR, &here, "expected a comma between cards");
			bad = 1;
			while (*s && *s != ',' && *s != ' ')
				s++;
			continue;
		}
		if (lo < 1 || hi > p->cards || lo > hi) {
			/* As written: a number too large for a long must not become another. */
			if (strchr(start, '-') && strchr(start, '-') < s)
				diag(SEV_ERROR, &at, "%.*s is not a range of the pack's cards 1-%ld",
				     (int)(s - start), start, p->cards);
			else
				diag(SEV_ERROR, &at, "card %.*s is not in the pack (cards 1-%ld)",
				     (int)(s - start), start, p->cards);
			bad = 1;
			continue;
		}
		bad |= mark_missing(p, &at, lo, hi, o);
	}
	return bad;
}

/* How many cards of each ability cards 1..upto hold (copies counted, lost ones
 * not), into counts[k]; the least and the most into *lo and *hi. */
static void ability_tally(const struct pack *p, const unsigned char *missing, long upto,
			  long *counts, long *lo, long *hi)
{
	size_t k = p->abilities.n;
	memset(counts, 0, k * sizeof *counts);
	for (long n = 1; n <= upto; n++) {
		int a = p->by_number[n - 1];
		if (a >= 0)
			counts[a] += p->copies - (missing ? missing[n - 1] : 0);
	}
	*lo = *hi = k ? counts[0] : 0;
	for (size_t a = 1; a < k; a++) {
		if (counts[a] < *lo)
			*lo = counts[a];
		if (counts[a] > *hi)
			*hi = counts[a];
	}
}

struct reduction {
	int players;        /* 0 = the whole pack */
	long cards;
	long lo, hi;        /* cards per ability */
	struct loc loc;
};

/* Balanced (spread 0), within one (a warning), or not (an error). */
static void judge(const struct reduction *r, bool defective)
{
	if (r->hi - r->lo <= 0)
		return;
	char what[64];
	if (r->players)
		snprintf(what, sizeof what, "cards 1-%ld (for %d players)", r->cards, r->players);
	else
		snprintf(what, sizeof what, "cards 1-%ld (the whole pack)", r->cards);
	const char *why = defective ? "with the cards missing, " : "";
	if (r->hi - r->lo == 1)
		diag(SEV_WARNING, &r->loc, "%s%s are balanced only within one: %ld or %ld cards per ability",
		     why, what, r->lo, r->hi);
	else
		diag(SEV_ERROR, &r->loc, "%s%s are unbalanced: from %ld to %ld cards per ability%s", why, what,
		     r->lo, r->hi, defective ? "" : " (only multiples of the number of abilities balance)");
}

/* An explicit table (§3, §4): every number given once, every ability present
 * as often as the others, each block holding each ability once, and every
 * entry as the computed table has it. The loader already rejected abilities
 * the layout lacks and numbers beyond the pack. */
static void check_table(const struct pack *p)
{
	size_t k = p->abilities.n;
	long N = p->cards;
	struct loc *where = xcalloc((size_t)N, sizeof *where);   /* first mention of n */
	unsigned *times = xcalloc((size_t)N, sizeof *times);     /* mentions of n so far */
	long *count = xcalloc(k, sizeof *count);
	const struct ability *ab = p->abilities.v;
	for (size_t i = 0; i < p->ntable; i++) {
		const struct table_entry *e = &p->table[i];
		if (e->index < 0)
			continue;
		count[e->index] += (long)e->n;
		for (size_t j = 0; j < e->n; j++) {
			long n = e->numbers[j];
			if (n < 1 || n > N)
				continue;
			if (where[n - 1].file) {
				int first = p->by_number[n - 1];
				unsigned t = ++times[n - 1] + 1;
				char how[32];
				snprintf(how, sizeof how, t == 2 ? "twice" : "%u times", t);
				diag(SEV_ERROR, &e->number_locs[j], "card %ld is given %s: %s here, %s at line %u",
				     n, how, ab[e->index].symbolic, first >= 0 ? ab[first].symbolic : "?",
				     where[n - 1].line);
				continue;
			}
			where[n - 1] = e->number_locs[j];
			int want = ability_of_number(k, n);
			if (e->index != want)
				diag(SEV_ERROR, &e->number_locs[j], "card %ld should carry %s, not %s "
				     "(the computed table: card n carries ability (n-1) mod %zu)",
				     n, ab[want].symbolic, ab[e->index].symbolic, k);
		}
	}
	for (long n = 1; n <= N; n++)
		if (!where[n - 1].file)
			diag(SEV_ERROR, &p->loc_table, "card %ld is given no ability; it should carry %s",
			     n, ab[ability_of_number(k, n)].symbolic);
	/* How many cards each ability should have: N/k, or one more for the first
	 * N mod k abilities of the computed order. */
	for (size_t a = 0; a < k; a++) {
		long want = N / (long)k + ((long)a < N % (long)k);
		const struct table_entry *e = NULL;
		for (size_t i = 0; i < p->ntable && !e; i++)
			if (p->table[i].index == (int)a)
				e = &p->table[i];
		if (!e)
			diag(SEV_ERROR, &p->loc_table, "ability %s is missing; it should have %ld card%s",
			     ab[a].symbolic, want, want == 1 ? "" : "s");
		else if (count[a] < want)
			diag(SEV_ERROR, &e->loc, "%s has %ld card%s, %ld short of %ld", ab[a].symbolic,
			     count[a], count[a] == 1 ? "" : "s", want - count[a], want);
		else if (count[a] > want)
			diag(SEV_ERROR, &e->loc, "%s has %ld cards, %ld in excess of %ld", ab[a].symbolic,
			     count[a], count[a] - want, want);
	}
	/* Blocks: cards b*k+1 .. (b+1)*k hold each ability once. */
	long *seen = xcalloc(k, sizeof *seen);
	for (long b = 0; (b + 1) * (long)k <= N; b++) {
		for (size_t a = 0; a < k; a++)
			seen[a] = 0;
		for (long n = b * (long)k + 1; n <= (b + 1) * (long)k; n++) {
			int a = p->by_number[n - 1];
			if (a < 0)
				continue;
			if (seen[a])
				diag(SEV_ERROR, &where[n - 1], "block %ld (cards %ld-%ld) holds %s twice: "
				     "cards %ld and %ld", b + 1, b * (long)k + 1, (b + 1) * (long)k,
				     ab[a].symbolic, seen[a], n);
			else
				seen[a] = n;
		}
	}
	free(seen);
	free(count);
	free(times);
	free(where);
}

struct pack_report {
	long lo, hi;                  /* cards per ability, whole pack */
	struct reduction *red;
	size_t nred;
	long *full, *now;             /* per ability: intact, and with missing cards */
	bool win_possible;
	long distinct;                /* different numbers still in the pack */
};

/* The per-player-count reductions, the missing cards and the short abilities. */
static void json_reductions(struct jw *w, const struct pack *p, const struct check_opts *o,
			    const struct pack_report *r)
{
	jw_key(w, "players");
	jw_array_at(w, "  ");
	for (size_t i = 0; i < r->nred; i++) {
		const struct reduction *d = &r->red[i];
		jw_object(w);
		jw_put_int(w, "players", d->players);
		jw_put_int(w, "cards", d->cards);
		jw_put_int(w, "min", d->lo);
		jw_put_int(w, "max", d->hi);
		jw_put_bool(w, "balanced", d->lo == d->hi);
		jw_end(w);
	}
	jw_end(w);
	jw_key(w, "missing");
	jw_array(w);
	for (long n = 1; o->missing && n <= p->cards; n++)
		for (int c = 0; c < o->missing[n - 1]; c++)
			jw_int(w, n);
	for (int k = 0; k < o->wild_missing; k++)
		jw_str(w, "W");
	jw_end(w);
	jw_key(w, "short");
	jw_array_at(w, "  ");
	for (size_t a = 0; a < p->abilities.n; a++) {
		if (r->now[a] == r->full[a])
			continue;
		jw_object(w);
		jw_put_str(w, "ability", p->abilities.v[a].symbolic);
		jw_put_str(w, "code", p->abilities.v[a].code);
		jw_put_int(w, "by", r->full[a] - r->now[a]);
		jw_put_int(w, "left", r->now[a]);
		jw_end(w);
	}
	jw_end(w);
}

static void print_json(const struct pack *p, const struct check_opts *o, const struct pack_report *r)
{
	struct jw w;
	jw_init(&w, stdout);
	jw_object_at(&w, "");
	jw_put_str(&w, "pack", p->id);
	jw_put_bool(&w, "sound", !diag_count(SEV_ERROR));
	jw_put_uint(&w, "errors", diag_count(SEV_ERROR));
	jw_put_uint(&w, "warnings", diag_count(SEV_WARNING));
	if (p->layout.rows) {
		jw_key(&w, "grid");
		jw_array(&w);
		jw_int(&w, p->layout.rows);
		jw_int(&w, p->layout.cols);
		jw_end(&w);
	} else {
		jw_put_int(&w, "census", p->layout.census);
	}
	jw_put_uint(&w, "abilities", p->abilities.n);
	jw_put_int(&w, "cards", p->cards);
	jw_put_int(&w, "copies", p->copies);
	jw_put_int(&w, "wild", p->wild);
	jw_put_str(&w, "table", p->has_table ? "explicit" : "computed");
	jw_key(&w, "per_ability");
	jw_object(&w);
	jw_put_int(&w, "min", r->lo);
	jw_put_int(&w, "max", r->hi);
	jw_end(&w);
	json_reductions(&w, p, o, r);
	jw_put_str(&w, "win", win_rule_name(p->rules.win));
	jw_put_bool(&w, "win_possible", r->win_possible);
	jw_end(&w);
	putchar('\n');
}

static void print_text(const struct pack *p, const struct check_opts *o, const struct pack_report *r)
{
	size_t k = p->abilities.n;
	printf("%s: %s\n", p->id, p->title);
	if (p->layout.rows)
		printf("grid %dx%d", p->layout.rows, p->layout.cols);
	else
		printf("census %d", p->layout.census);
	printf(", %zu abilities, cards 1-%ld", k, p->cards);
	if (p->copies > 1)
		printf(" x %d copies", p->copies);
	if (p->wild)
		printf(", %d wild", p->wild);
	printf(", %s table\n", p->has_table ? "explicit" : "computed");
	if (r->lo == r->hi)
		printf("balance: every ability on %ld card%s", r->lo, r->lo == 1 ? "" : "s");
	else
		printf("balance: %ld to %ld cards per ability", r->lo, r->hi);
	if (p->cards % (long)k == 0)
		printf("; %ld block%s of %zu%s\n", p->cards / (long)k, p->cards / (long)k == 1 ? "" : "s", k,
		       p->has_table || o->missing ? "" : ", each holding every ability once");
	else
		printf("; %ld full block%s of %zu and %ld card%s over\n", p->cards / (long)k,
		       p->cards / (long)k == 1 ? "" : "s", k, p->cards % (long)k,
		       p->cards % (long)k == 1 ? "" : "s");
	for (size_t i = 0; i < r->nred; i++) {
		const struct reduction *d = &r->red[i];
		printf("players %d: cards 1-%ld, ", d->players, d->cards);
		if (d->lo == d->hi)
			printf("balanced (%ld per ability)\n", d->lo);
		else
			printf("%s (%ld to %ld per ability)\n", d->hi - d->lo == 1 ? "balanced within one" : "unbalanced",
			       d->lo, d->hi);
	}
	if (!p->has_table && p->wild == 0 && p->cards % (long)k == 0)
		printf("extends to %ld or %ld cards for more players (one or two more blocks)\n",
		       p->cards + (long)k, p->cards + 2 * (long)k);
	if (o->missing) {
		printf("missing: %ld card%s", o->nmissing, o->nmissing == 1 ? "" : "s");
		if (o->wild_missing)
			printf(" and %d wild", o->wild_missing);
		printf("\n");
		for (size_t a = 0; a < k; a++)
			if (r->now[a] != r->full[a])
				printf("  %s (%s) short by %ld: %ld left of %ld\n", p->abilities.v[a].symbolic,
				       p->abilities.v[a].code, r->full[a] - r->now[a], r->now[a], r->full[a]);
	}
	if (p->copies > 1)
		printf("copies: every number appears %d times (§7); %s\n", p->copies,
		       p->rules.win == WIN_NEVER_DESCENDING
			       ? "win: never-descending, so a winning sequence may repeat a number"
			       : "win: ascending, so a sequence that repeats a number never wins");
	printf("win: %s %s\n", win_rule_name(p->rules.win),
	       r->win_possible ? "can be met" : "cannot be met");
	unsigned e = diag_count(SEV_ERROR), w = diag_count(SEV_WARNING);
	if (e)
		printf("not sound: %u error%s", e, e == 1 ? "" : "s");
	else
		printf("sound");
	if (w)
		printf(", %u warning%s", w, w == 1 ? "" : "s");
	printf("\n");
}

/* §7: can the win rule be met at all? Ascending needs census different numbers
 * (or wilds); never-descending only census cards. Sets r->distinct and
 * r->win_possible, reporting when it cannot be met. */
static void win_possible(const struct pack *p, const struct check_opts *o, struct pack_report *r)
{
	long distinct = 0, cards = 0;
	for (long n = 1; n <= p->cards; n++) {
		long c = p->copies - (o->missing ? o->missing[n - 1] : 0);
		distinct += c > 0;
		cards += c;
	}
	long wild = p->wild - o->wild_missing;
	r->distinct = distinct;
	r->win_possible = p->rules.win == WIN_NEVER_DESCENDING ? cards + wild >= p->layout.census
							      : distinct + wild >= p->layout.census;
	if (!r->win_possible)
		diag(SEV_ERROR, &p->loc_cards, "win: %s cannot be met: a sequence needs %d %scards, the pack "
		     "has %ld", win_rule_name(p->rules.win), p->layout.census,
		     p->rules.win == WIN_ASCENDING ? "different " : "",
		     (p->rules.win == WIN_ASCENDING ? distinct : cards) + wild);
}

/* §5, §6: rules that contradict each other. */
static void check_rules(const struct pack *p)
{
	/* swap-within governs the swaps of two spaces a card names (pos_ways'
	 * `across`): the chosen-space swaps stay inside a sequence whatever it says */
	bool any_swap = false;
	for (size_t a = 0; a < p->abilities.n; a++) {
		const struct ability_kind_info *k = ability_kind_info(p->abilities.v[a].kind);
		any_swap |= k->effect == KE_SWAP && !k->choose;
	}
	if (p->rules.swap_across == ACROSS_THREE && p->rules.apply_to == APPLY_SELF)
		diag(SEV_WARNING, &p->rules.loc, "swap-across: three-sequences lets a player swap two "
		     "opponents' cards, but apply-to: self forbids applying abilities to opponents (§5, §6)");
	if (any_swap && !p->rules.swap_within && p->rules.swap_across == ACROSS_NONE)
		diag(SEV_ERROR, &p->rules.loc, "swap-within is false and swap-across is none, so no swap "
		     "of two named spaces can ever be used (§6)");
}

static int check_pack(const struct pack *p, const struct check_opts *o)
{
	size_t k = p->abilities.n;
	struct pack_report r = {0};
	if (k == 0) {
		diag(SEV_ERROR, &p->loc_abilities, "the pack has no abilities for this layout");
		return EXIT_RULE;
	}
	if (p->has_table)
		check_table(p);
	r.full = xcalloc(k, sizeof *r.full);
	r.now = xcalloc(k, sizeof *r.now);
	long lo, hi;
	ability_tally(p, NULL, p->cards, r.full, &lo, &hi);
	ability_tally(p, o->missing, p->cards, r.now, &r.lo, &r.hi);
	/* §3: every ability of the pattern on some card (a table says so itself). */
	size_t absent = 0;
	for (size_t a = 0; a < k && !p->has_table; a++)
		absent += r.full[a] == 0;
	if (absent)
		diag(SEV_ERROR, &p->loc_cards, "%zu of the pattern's %zu abilities are on no card (the first is "
		     "%s): the pack needs at least %zu cards", absent, k, p->abilities.v[k - absent].symbolic, k);
	struct reduction whole = {0, p->cards, r.lo, r.hi, p->loc_cards};
	if (!p->has_table || o->missing)
		judge(&whole, o->missing != NULL);
	/* Player reductions and the deal: each player needs census cards. */
	r.red = xcalloc(p->nplayers + 1, sizeof *r.red);
	long *tmp = xcalloc(k, sizeof *tmp);
	for (size_t i = 0; i < p->nplayers; i++) {
		const struct players_entry *e = &p->players[i];
		struct reduction *d = &r.red[r.nred++];
		d->players = e->players;
		d->cards = e->cards;
		d->loc = e->loc;
		ability_tally(p, o->missing, e->cards, tmp, &d->lo, &d->hi);
		judge(d, o->missing != NULL);
		long held = e->cards * p->copies + p->wild;
		long need = (long)e->players * p->layout.census;
		if (need >= held)
			diag(SEV_ERROR, &e->loc, "%d players need %ld cards for their sequences and more to draw "
			     "from, but cards 1-%ld are only %ld", e->players, need, e->cards, held);
	}
	free(tmp);
	win_possible(p, o, &r);
	check_rules(p);
	if (o->quiet)
		;
	else if (o->json)
		print_json(p, o, &r);
	else
		print_text(p, o, &r);
	free(r.red);
	free(r.full);
	free(r.now);
	return diag_count(SEV_ERROR) ? EXIT_RULE : EXIT_OK;
}

int check_pack_errors(const struct pack *p)
{
	struct check_opts o = {.quiet = true};
	unsigned before = diag_count(SEV_ERROR);
	diag_set_quiet(1);
	check_pack(p, &o);
	diag_set_quiet(0);
	unsigned errors = diag_count(SEV_ERROR) - before;
	if (errors)
		check_pack(p, &o);   /* again, to print every message */
	return (int)errors;
}

/* check's options into o (--missing's text into *missing, parsed once the pack
 * is read): -1 to go on (argv[optind] is the pack), else the exit status. */
static int parse_opts(int argc, char **argv, struct check_opts *o, const char **missing)
{
	int c;
	optind = 1;
	while ((c = cli_next(argc, argv, &trains_check_options)) != -1) {
		switch (c) {
		case 's':
		case 'g':
			if (o->sequence) {
				diag(SEV_ERROR, NULL, "give one --sequence or --grid");
				return EXIT_INPUT;
			}
			o->sequence = optarg;
			o->grid = c == 'g';
			break;
		case 'f': o->frozen = optarg; break;
		case 'm': *missing = optarg; break;
		case 'a': o->apply = optarg; break;
		case 'o': o->on = optarg; break;
		case 'w':
			if (o->nwith == 2) {
				diag(SEV_ERROR, NULL, "--other can be given at most twice (a swap involves two sequences)");
				return EXIT_INPUT;
			}
			o->with[o->nwith++] = optarg;
			break;
		case 'd': o->draw = optarg; break;
		case 'O': o->opponent = true; break;
		case 'r':
			if (cli_rule(optarg, o->rule, &o->nrule, RULESET_MAX))
				return EXIT_INPUT;
			break;
		case 'j': o->json = true; break;
		default: return cli_usage(c, &trains_check_options);
		}
	}
	if (optind != argc - 1) {
		diag(SEV_ERROR, NULL, optind >= argc ? "no pack file given" : "give exactly one pack file");
		cli_brief(&trains_check_options);
		return EXIT_INPUT;
	}
	if (!o->sequence && (o->frozen || o->apply || o->on || o->nwith || o->draw || o->opponent)) {
		diag(SEV_ERROR, NULL, "--frozen, --apply, --on, --other, --draw and --opponent need a "
		     "--sequence or --grid");
		return EXIT_INPUT;
	}
	if (!o->apply && (o->on || o->nwith || o->draw || o->opponent)) {
		diag(SEV_ERROR, NULL, "--on, --other, --draw and --opponent describe a move: give --apply");
		return EXIT_INPUT;
	}
	return -1;
}

int trains_check(const struct game *g, const struct ydoc *pack, int argc, char **argv)
{
	(void)g;
	struct check_opts o = {0};
	const char *missing = NULL;
	int status = parse_opts(argc, argv, &o, &missing);
	if (status >= 0)
		return status;
	/* The pack itself is checked even when its table has invalid entries: every
	 * other entry and every missing ability is still compared (exit 2). */
	struct pack *p = pack_of(pack, argv[optind], !o.sequence);
	if (!p)
		return EXIT_INPUT;
	if (!rules_override(p, o.rule, o.nrule))
		status = EXIT_INPUT;
	else if (missing && parse_missing(p, missing, &o))
		status = EXIT_INPUT;
	else if (o.sequence)
		status = check_position(p, &o);
	else
		status = check_pack(p, &o);
	if (p->table_invalid)
		status = EXIT_INPUT;
	free(o.missing);
	pack_free(p);
	return status;
}
