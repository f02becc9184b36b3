/* trains_rules.c: a pack file's YAML tree -> the pack model, with every problem reported. */
#include "trains_rules.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"
#include "yread.h"
#include "ytree.h"

struct loader {
	struct pack *p;
	struct yread yr;
	bool seen_layout, seen_abilities, seen_cards, seen_game;
	unsigned table_errors;  /* invalid assignment entries (check compares the rest) */
};

/* A loc in p's file at line, col. */
static struct loc pack_loc(const struct pack *p, unsigned line, unsigned col)
{
	struct loc l = {p->file, line, col};
	return l;
}

long pack_card_total(const struct pack *p)
{
	return p->cards * p->copies + p->wild;
}

long pack_card_at(const struct pack *p, long pos, int *ability)
{
	if (pos >= p->cards * p->copies) {
		*ability = -1;
		return 0;
	}
	long n = pos / p->copies + 1;
	*ability = p->by_number[n - 1];
	return n;
}

const char *apply_to_name(enum apply_to a)
{
	return a == APPLY_SELF ? "self" : "anyone";
}

const char *swap_across_name(enum swap_across s)
{
	return s == ACROSS_NONE ? "none" : s == ACROSS_TWO ? "two-sequences" : "three-sequences";
}

const char *win_rule_name(enum win_rule w)
{
	return w == WIN_ASCENDING ? "ascending" : "never-descending";
}

const char *opening_rule_name(enum opening_rule o)
{
	return o == OPENING_NONE ? "none" : o == OPENING_FACE_UP ? "face-up" : "face-down";
}

/* --- keys ------------------------------------------------------------------ */

static void load_id(struct loader *ld, const struct ynode *n)
{
	struct pack *p = ld->p;
	if (yr_str(&ld->yr, "pack", n, false, &p->id) != 0)
		return;
	p->loc_id = yr_loc(&ld->yr, n);
	size_t len = strlen(p->id);
	bool ok = len > 0 && len <= PACK_MAX_ID && p->id[0] != '-';
	for (size_t i = 0; ok && i < len; i++)
		ok = (p->id[i] >= 'a' && p->id[i] <= 'z') || isdigit((unsigned char)p->id[i]) ||
		     p->id[i] == '-';
	if (!ok)
		yr_error(&ld->yr, n, "'pack' must be 1 to %d of a-z, 0-9 and '-' (not starting with '-'), "
		    "since it names the output folder; got '%s'", PACK_MAX_ID, p->id);
}

static void load_grid(struct loader *ld, const struct ynode *n)
{
	struct pack *p = ld->p;
	long v[2];
	if (yr_want(&ld->yr, "grid", n, Y_SEQ) != 0)
		return;
	if (n->n != 2) {
		yr_error(&ld->yr, n, "'grid' must be [rows, columns], two numbers, not a list of %zu", n->n);
		return;
	}
	if (yr_int(&ld->yr, "grid", n->items[0], 1, MAX_GRID_LETTERS - 1, &v[0]) != 0 ||
	    yr_int(&ld->yr, "grid", n->items[1], 1, MAX_GRID_LETTERS - 1, &v[1]) != 0)
		return;
	if (v[0] + v[1] > MAX_GRID_LETTERS) {
		yr_error(&ld->yr, n, "a grid of %ld rows and %ld columns needs %ld letters; at most %d "
		    "(rows are lettered first, then columns)", v[0], v[1], v[0] + v[1], MAX_GRID_LETTERS);
		return;
	}
	if (v[0] * v[1] < 2) {
		yr_error(&ld->yr, n, "a grid needs at least two spaces");
		return;
	}
	p->layout.rows = (int)v[0];
	p->layout.cols = (int)v[1];
	p->layout.census = (int)(v[0] * v[1]);
}

static const char *const number_keys[] = {"kind", "action", "pick", "filter", "in", "code", "name", NULL};

static void load_number_spec(struct loader *ld, const struct ynode *n, struct ability_spec *s)
{
	static const char *const actions[] = {"remove", "exchange"};
	static const char *const picks[] = {"lowest", "highest"};
	static const char *const filters[] = {"any", "even", "odd"};
	static const char *const scopes[] = {"sequence", "row", "column"};
	int v;
	s->kind = AK_NUMBER;
	for (size_t i = 0; i < n->n; i++) {
		const struct ynode *k = n->pairs[i].key, *val = n->pairs[i].value;
		if (strcmp(k->str, "kind") == 0) {
			if (val->kind != Y_SCALAR || strcmp(val->str, "number") != 0)
				yr_error(&ld->yr, val, "'kind' of an ability written as a mapping must be 'number'");
		} else if (strcmp(k->str, "action") == 0) {
			if ((v = yr_enum(&ld->yr, "action", val, actions, 2)) >= 0)
				s->action = (enum number_action)v;
		} else if (strcmp(k->str, "pick") == 0) {
			if ((v = yr_enum(&ld->yr, "pick", val, picks, 2)) >= 0)
				s->pick = (enum number_pick)v;
		} else if (strcmp(k->str, "filter") == 0) {
			if ((v = yr_enum(&ld->yr, "filter", val, filters, 3)) >= 0)
				s->filter = (enum number_filter)v;
		} else if (strcmp(k->str, "in") == 0) {
			if ((v = yr_enum(&ld->yr, "in", val, scopes, 3)) >= 0)
				s->scope = (enum number_scope)v;
		} else if (strcmp(k->str, "code") == 0) {
			if (yr_str(&ld->yr, "code", val, false, &s->code) == 0) {
				size_t len = strlen(s->code);
				bool ok = len >= 1 && len <= 6;
				for (size_t j = 0; ok && j < len; j++)
					ok = isalnum((unsigned char)s->code[j]) || strchr("*<>^+-=", s->code[j]);
				if (!ok)
					yr_error(&ld->yr, val, "'code' must be 1 to 6 letters, digits or * < > ^ + - =, "
					    "short enough for a card's corner; got '%s'", s->code);
			}
		} else if (strcmp(k->str, "name") == 0) {
			if (yr_str(&ld->yr, "name", val, false, &s->name) == 0 && strlen(s->name) > 60)
				yr_error(&ld->yr, val, "'name' must be at most 60 bytes, to fit on a card");
		} else {
			yr_unknown_key(&ld->yr, k, " in a number ability", number_keys);
		}
	}
	if (!s->code)
		yr_error(&ld->yr, n, "a number ability needs a 'code' (the letters printed on the card)");
	if (!s->name) {
		static const char *const fw[] = {"", "even-numbered ", "odd-numbered "};
		if (s->action == NUM_REMOVE)
			s->name = xasprintf("remove the %s %scard", picks[s->pick], fw[s->filter]);
		else
			s->name = xasprintf("swap the lowest and highest %scards", fw[s->filter]);
	}
}

static void load_abilities(struct loader *ld, const struct ynode *n)
{
	struct pack *p = ld->p;
	if (yr_want(&ld->yr, "abilities", n, Y_SEQ) != 0)
		return;
	p->loc_abilities = yr_loc(&ld->yr, n);
	if (n->n == 0) {
		yr_error(&ld->yr, n, "'abilities' must list at least one kind (swap, remove, ...)");
		return;
	}
	if (n->n > PACK_MAX_SPECS) {
		yr_error(&ld->yr, n, "'abilities' lists %zu kinds; at most %d", n->n, PACK_MAX_SPECS);
		return;
	}
	p->specs = xcalloc(n->n, sizeof *p->specs);
	for (size_t i = 0; i < n->n; i++) {
		const struct ynode *item = n->items[i];
		struct ability_spec *s = &p->specs[p->nspecs];
		s->loc = yr_loc(&ld->yr, item);
		if (item->kind == Y_MAP) {
			load_number_spec(ld, item, s);
		} else if (item->kind == Y_SCALAR) {
			int k = ability_kind_parse(item->str);
			if (k < 0 || k == AK_NUMBER) {
				struct buf b = {0};
				for (int j = 0; j < AK_NUMBER; j++)
					buf_printf(&b, "%s%s", j ? ", " : "", ability_kind_name((enum ability_kind)j));
				yr_error(&ld->yr, item, k == AK_NUMBER
				    ? "a number ability is written as a mapping (action, pick, filter, code)%s%s"
				    : "unknown ability kind '%s'; the kinds are %s, or a number ability",
				    k == AK_NUMBER ? "" : item->str, k == AK_NUMBER ? "" : b.s);
				buf_free(&b);
				continue;
			}
			s->kind = (enum ability_kind)k;
		} else {
			yr_error(&ld->yr, item, "an ability kind must be a name or a mapping, not %s", ynode_what(item));
			continue;
		}
		for (size_t j = 0; j < p->nspecs; j++)
			if (p->specs[j].kind == s->kind && s->kind != AK_NUMBER) {
				yr_error(&ld->yr, item, "ability kind '%s' listed twice (first at line %u, column %u)",
				    ability_kind_name(s->kind), p->specs[j].loc.line, p->specs[j].loc.col);
				break;
			}
		p->nspecs++;
	}
}

static void load_players(struct loader *ld, const struct ynode *n)
{
	struct pack *p = ld->p;
	if (yr_want(&ld->yr, "players", n, Y_MAP) != 0)
		return;
	p->players = xcalloc(n->n, sizeof *p->players);
	for (size_t i = 0; i < n->n; i++) {
		long pl, c;
		if (yr_int(&ld->yr, "players", n->pairs[i].key, 1, PACK_MAX_PLAYERS, &pl) != 0 ||
		    yr_int(&ld->yr, "players", n->pairs[i].value, 1, PACK_MAX_CARDS, &c) != 0)
			continue;
		struct players_entry *e = &p->players[p->nplayers++];
		e->players = (int)pl;
		e->cards = c;
		e->loc = yr_loc(&ld->yr, n->pairs[i].value);
	}
}

/* The seed's sections each rule reads are in man/railyard-pack.5. */
/* Each key's place in trains_rule_keys, by which rules_from_set reads it. */
enum { RK_APPLY_TO, RK_SWAP_ACROSS, RK_SWAP_WITHIN, RK_WIN, RK_FREEZE_TOKENS, RK_RESHUFFLE, RK_OPENING, RK_END };

const struct ruleset_key trains_rule_keys[] = {
	[RK_APPLY_TO] = {"apply-to", "self|anyone", 0, 0, "self", "abilities on one's own cards only, or on any player's"},
	[RK_SWAP_ACROSS] = {"swap-across", "none|two-sequences|three-sequences", 0, 0, "none",
			    "swaps between sequences of a placemat (pattern three)"},
	[RK_SWAP_WITHIN] = {"swap-within", "true|false", 0, 0, "true", "swaps inside one sequence"},
	[RK_WIN] = {"win", "ascending|never-descending", 0, 0, "ascending", "the winning order"},
	[RK_FREEZE_TOKENS] = {"freeze-tokens", NULL, 0, MAX_SPACES, "0", "freeze tokens per player"},
	[RK_RESHUFFLE] = {"reshuffle", "true|false", 0, 0, "true",
			  "the face-down discards become a new draw pile when it runs out (simulate)"},
	[RK_OPENING] = {"opening", "face-down|face-up|none|discard=face-down", 0, 0, "face-down",
			"at the setup player k draws k cards and keeps one, the others face down, face up, or no opening"},
	[RK_END] = {NULL, NULL, 0, 0, NULL, NULL},
};

static int word_index(const char *values, const char *v)
{
	int i = 0;
	for (const char *w = values; *w; w += strcspn(w, "|"), w += *w == '|', i++)
		if (strcspn(w, "|") == strlen(v) && !strncmp(w, v, strlen(v)))
			return i;
	return 0;
}

/* Key k's value in s (after --rule changes it). */
static const char *rule_value(const struct ruleset *s, int k)
{
	return ruleset_get(s, trains_rule_keys[k].key);
}

/* Key k's value in s as the index of its word in the key's values. */
static int rule_word(const struct ruleset *s, int k)
{
	return word_index(trains_rule_keys[k].values, rule_value(s, k));
}

/* Set the typed fields of r from its named rules (after --rule changes them). */
static void rules_from_set(struct rules *r)
{
	const struct ruleset *s = &r->set;
	r->apply_to = (enum apply_to)rule_word(s, RK_APPLY_TO);
	r->swap_across = (enum swap_across)rule_word(s, RK_SWAP_ACROSS);
	r->swap_within = !strcmp(rule_value(s, RK_SWAP_WITHIN), "true");
	r->win = (enum win_rule)rule_word(s, RK_WIN);
	r->freeze_tokens = (int)strtol(rule_value(s, RK_FREEZE_TOKENS), NULL, 10);
	r->reshuffle = !strcmp(rule_value(s, RK_RESHUFFLE), "true");
	/* the key's words for it, in order: face-down, face-up, none (discard, the
	 * old name, is stored as face-down) */
	static const enum opening_rule opening[] = {OPENING_FACE_DOWN, OPENING_FACE_UP, OPENING_NONE,
						    OPENING_FACE_DOWN};
	r->opening = opening[rule_word(s, RK_OPENING)];
	r->loc_freeze = s->loc[RK_FREEZE_TOKENS];
}

bool rules_override(struct pack *p, const char *const *kv, size_t n)
{
	if (!ruleset_set_all(&p->rules.set, kv, n))
		return false;
	rules_from_set(&p->rules);
	if (p->rules.freeze_tokens > p->layout.census) {
		diag(SEV_ERROR, NULL, "--rule freeze-tokens: expected 0..%d (the spaces a player has), not '%d'",
		     p->layout.census, p->rules.freeze_tokens);
		return false;
	}
	return true;
}

static void load_rules(struct loader *ld, const struct ynode *n)
{
	struct rules *r = &ld->p->rules;
	if (yr_want(&ld->yr, "rules", n, Y_MAP) != 0)
		return;
	r->loc = yr_loc(&ld->yr, n);
	ruleset_load(&ld->yr, n, &r->set, NULL);
	rules_from_set(r);
}

static void load_table(struct loader *ld, const struct ynode *n)
{
	struct pack *p = ld->p;
	if (yr_want(&ld->yr, "assignment", n, Y_MAP) != 0)
		return;
	p->has_table = true;
	p->loc_table = yr_loc(&ld->yr, n);
	p->table = xcalloc(n->n, sizeof *p->table);
	for (size_t i = 0; i < n->n; i++) {
		const struct ynode *k = n->pairs[i].key, *v = n->pairs[i].value;
		struct table_entry *e = &p->table[p->ntable++];
		e->ability = xstrdup(k->str);
		e->loc = yr_loc(&ld->yr, k);
		e->index = -1;
		const struct ynode *const *items = v->kind == Y_SEQ ? (const struct ynode *const *)v->items : &v;
		size_t count = v->kind == Y_SEQ ? v->n : 1;
		if (v->kind == Y_MAP) {
			yr_error(&ld->yr, v, "the cards of '%s' must be a list of numbers, not %s", k->str, ynode_what(v));
			continue;
		}
		e->numbers = xcalloc(count, sizeof *e->numbers);
		e->number_locs = xcalloc(count, sizeof *e->number_locs);
		for (size_t j = 0; j < count; j++) {
			long num;
			if (yr_int(&ld->yr, "assignment", items[j], 1, PACK_MAX_CARDS, &num) != 0)
				continue;
			e->numbers[e->n] = num;
			e->number_locs[e->n] = yr_loc(&ld->yr, items[j]);
			e->n++;
		}
	}
}

static void load_path(struct loader *ld, const char *key, const struct ynode *n, char **out,
		      struct loc *l)
{
	if (yr_str(&ld->yr, key, n, false, out) == 0)
		*l = yr_loc(&ld->yr, n);
}

static const char *const pack_keys[] = {
	"pack", "title", "game", "census", "grid", "abilities", "order", "cards", "players",
	"copies", "wild", "rules", "assignment", "face", "back", "placemat", "reference", "size",
	"fields", "data", "palette", "tune", NULL,
};

static void load_key(struct loader *ld, const struct ynode *k, const struct ynode *v)
{
	struct pack *p = ld->p;
	const char *key = k->str;
	long l;
	if (strcmp(key, "census") == 0 || strcmp(key, "grid") == 0)
		ld->seen_layout = true;
	else if (strcmp(key, "abilities") == 0)
		ld->seen_abilities = true;
	else if (strcmp(key, "cards") == 0)
		ld->seen_cards = true;
	else if (strcmp(key, "game") == 0)
		ld->seen_game = true;
	if (strcmp(key, "pack") == 0) {
		load_id(ld, v);
	} else if (strcmp(key, "title") == 0) {
		if (yr_str(&ld->yr, key, v, false, &p->title) == 0)
			p->loc_title = yr_loc(&ld->yr, v);
	} else if (strcmp(key, "game") == 0) {
		static const char *const games[] = {"trains"};
		if (yr_enum(&ld->yr, key, v, games, 1) >= 0)
			yr_str(&ld->yr, key, v, false, &p->game);
		p->loc_game = yr_loc(&ld->yr, v);
	} else if (strcmp(key, "census") == 0) {
		p->loc_layout = yr_loc(&ld->yr, k);
		if (yr_int(&ld->yr, key, v, 2, MAX_CENSUS, &l) == 0)
			p->layout.census = (int)l;
	} else if (strcmp(key, "grid") == 0) {
		p->loc_layout = yr_loc(&ld->yr, k);
		load_grid(ld, v);
	} else if (strcmp(key, "abilities") == 0) {
		load_abilities(ld, v);
	} else if (strcmp(key, "order") == 0) {
		static const char *const orders[] = {"space", "kind"};
		int e = yr_enum(&ld->yr, key, v, orders, 2);
		if (e >= 0)
			p->order = (enum ability_order)e;
	} else if (strcmp(key, "cards") == 0) {
		p->loc_cards = yr_loc(&ld->yr, v);
		if (yr_int(&ld->yr, key, v, 1, PACK_MAX_CARDS, &l) == 0)
			p->cards = l;
	} else if (strcmp(key, "players") == 0) {
		load_players(ld, v);
	} else if (strcmp(key, "copies") == 0) {
		p->loc_copies = yr_loc(&ld->yr, v);
		if (yr_int(&ld->yr, key, v, 1, PACK_MAX_COPIES, &l) == 0)
			p->copies = (int)l;
	} else if (strcmp(key, "wild") == 0) {
		p->loc_wild = yr_loc(&ld->yr, v);
		if (yr_int(&ld->yr, key, v, 0, PACK_MAX_WILD, &l) == 0)
			p->wild = (int)l;
	} else if (strcmp(key, "rules") == 0) {
		load_rules(ld, v);
	} else if (strcmp(key, "assignment") == 0) {
		load_table(ld, v);
		p->loc_table = yr_loc(&ld->yr, k);  /* the key: what a missing row is missing from */
	} else if (strcmp(key, "face") == 0) {
		load_path(ld, key, v, &p->face, &p->loc_face);
	} else if (strcmp(key, "back") == 0) {
		load_path(ld, key, v, &p->back, &p->loc_back);
	} else if (strcmp(key, "placemat") == 0) {
		load_path(ld, key, v, &p->placemat, &p->loc_placemat);
	} else if (strcmp(key, "reference") == 0) {
		load_path(ld, key, v, &p->reference, &p->loc_reference);
	} else if (strcmp(key, "palette") == 0) {
		palette_read(&ld->yr, v, &p->palette);
	} else if (strcmp(key, "size") == 0) {
		data_read_size(&ld->yr, v, &p->data);
	} else if (strcmp(key, "fields") == 0) {
		data_read_fields(&ld->yr, v, &p->data);
	} else if (strcmp(key, "tune") == 0) {
		/* the search space of `railyard tune`, read there */
	} else if (strcmp(key, "data") == 0) {
		static const char *const keys[] = {"number", "code", NULL};
		data_read(&ld->yr, v, p->file, keys, &p->data);
	} else {
		yr_unknown_key(&ld->yr, k, "", pack_keys);
	}
}

/* --- after the keys: what depends on several of them ----------------------- */

static void missing(struct loader *ld, const char *what)
{
	struct loc whole = {ld->p->file, 0, 0};
	diag(SEV_ERROR, &whole, "missing required key %s", what);
	ld->yr.errors++;
}

/* Explain why a table key names no ability: a space the layout lacks, or a kind
 * the pack does not list. */
static void unknown_table_ability(struct loader *ld, const struct table_entry *e)
{
	struct pack *p = ld->p;
	const struct layout *lay = &p->layout;
	char letters[MAX_CENSUS + 1];
	size_t nl = 0;
	for (const char *s = e->ability; *s && nl < MAX_CENSUS; s++)
		if (*s >= 'A' && *s <= 'Z')
			letters[nl++] = *s;
	letters[nl] = '\0';
	int highest = lay->rows ? lay->rows + lay->cols : lay->census;
	for (size_t i = 0; i < nl; i++)
		if (letters[i] != 'X' && letters[i] - 'A' >= highest) {
			struct buf b = {0};
			/* What the computed table puts on these numbers. */
			for (size_t j = 0; j < e->n && j < 8; j++) {
				int a = ability_of_number(p->abilities.n, e->numbers[j]);
				buf_printf(&b, "%s%ld is %s", j ? ", " : "", e->numbers[j], p->abilities.v[a].symbolic);
			}
			if (lay->rows)
				diag(SEV_ERROR, &e->loc, "'%s' names %c, which a %dx%d grid does not have "
				     "(rows A..%c, columns %c..%c)%s%s", e->ability, letters[i], lay->rows,
				     lay->cols, 'A' + lay->rows - 1, 'A' + lay->rows, 'A' + highest - 1,
				     b.s ? "; computed: " : "", b.s ? b.s : "");
			else
				diag(SEV_ERROR, &e->loc, "'%s' names space %c, which census %d does not have "
				     "(spaces A..%c)%s%s", e->ability, letters[i], lay->census,
				     'A' + lay->census - 1, b.s ? "; computed: " : "", b.s ? b.s : "");
			buf_free(&b);
			ld->table_errors++;
			return;
		}
	diag(SEV_ERROR, &e->loc, "'%s' is not one of this pack's %zu abilities "
	     "(see 'railyard list --abilities')", e->ability, p->abilities.n);
	ld->table_errors++;
}

static void resolve(struct loader *ld)
{
	struct pack *p = ld->p;
	ability_list_build(&p->layout, p->specs, p->nspecs, p->order, &p->abilities);
	/* A kind can give nothing on a grid too (row kinds when rows have one space):
	 * a pack with no abilities at all would have no card to print. */
	for (size_t i = 0; i < p->nspecs; i++) {
		bool any = false;
		for (size_t a = 0; a < p->abilities.n && !any; a++)
			any = (size_t)p->abilities.v[a].spec == i;
		if (!any && p->layout.rows)
			diag(SEV_ERROR, &p->specs[i].loc, "ability kind '%s' gives no ability on a %dx%d "
			     "grid (its rows have %d space%s, its columns %d)",
			     ability_kind_name(p->specs[i].kind), p->layout.rows, p->layout.cols,
			     p->layout.cols, p->layout.cols == 1 ? "" : "s", p->layout.rows);
		else if (!any)
			diag(SEV_ERROR, &p->specs[i].loc, "ability kind '%s' gives no ability on a line "
			     "of %d spaces", ability_kind_name(p->specs[i].kind), p->layout.census);
		ld->yr.errors += !any;
	}
	/* Two abilities with one code could not be told apart on the table. */
	for (size_t a = 0; a < p->abilities.n; a++)
		for (size_t b = a + 1; b < p->abilities.n; b++)
			if (strcmp(p->abilities.v[a].code, p->abilities.v[b].code) == 0 &&
			    p->abilities.v[a].spec != p->abilities.v[b].spec) {
				diag(SEV_ERROR, &p->specs[p->abilities.v[b].spec].loc,
				     "ability %s (code %s) is given again by this kind (first by line %u)",
				     p->abilities.v[b].symbolic, p->abilities.v[b].code,
				     p->specs[p->abilities.v[a].spec].loc.line);
				ld->yr.errors++;
				return;
			}
	if (ld->yr.errors || p->abilities.n == 0)
		return;

	p->by_number = xmalloc((size_t)p->cards * sizeof *p->by_number);
	if (!p->has_table) {
		for (long n = 1; n <= p->cards; n++)
			p->by_number[n - 1] = ability_of_number(p->abilities.n, n);
		return;
	}
	for (long n = 0; n < p->cards; n++)
		p->by_number[n] = -1;
	/* first[a]: the table entry that first names ability a (linear, however long
	 * the table). */
	size_t *first = xmalloc(p->abilities.n * sizeof *first);
	for (size_t a = 0; a < p->abilities.n; a++)
		first[a] = SIZE_MAX;
	for (size_t i = 0; i < p->ntable; i++) {
		struct table_entry *e = &p->table[i];
		e->index = ability_find(&p->abilities, e->ability);
		if (e->index < 0) {
			unknown_table_ability(ld, e);
			continue;
		}
		if (first[e->index] != SIZE_MAX) {
			diag(SEV_ERROR, &e->loc, "ability %s is given twice in 'assignment' "
			     "(first at line %u)", p->abilities.v[e->index].symbolic,
			     p->table[first[e->index]].loc.line);
			ld->table_errors++;
		} else {
			first[e->index] = i;
		}
		for (size_t j = 0; j < e->n; j++) {
			long num = e->numbers[j];
			if (num > p->cards) {
				diag(SEV_ERROR, &e->number_locs[j], "card %ld is beyond the pack's %ld cards",
				     num, p->cards);
				ld->table_errors++;
			} else if (p->by_number[num - 1] < 0) {
				p->by_number[num - 1] = e->index; /* the first one wins; check reports the rest */
			}
		}
	}
	free(first);
}

static void finish(struct loader *ld, const struct ynode *root)
{
	struct pack *p = ld->p;
	if (!ymap_get(root, "pack"))
		missing(ld, "'pack' (the pack's id, which names its output folder)");
	if (!ld->seen_game)
		missing(ld, "'game' (for example 'game: trains')");
	if (!ld->seen_layout)
		missing(ld, "'census' (the number of spaces) or 'grid' ([rows, columns])");
	if (!ld->seen_abilities)
		missing(ld, "'abilities' (for example [swap] or [remove, swap])");
	if (!ld->seen_cards)
		missing(ld, "'cards' (how many numbered cards)");
	if (p->layout.rows && !ymap_get(root, "order"))
		p->order = ORDER_KIND;
	for (size_t i = 0; i < p->nspecs; i++)
		if (ability_kind_grid_only(p->specs[i].kind) && p->layout.census && !p->layout.rows) {
			diag(SEV_ERROR, &p->specs[i].loc, "ability kind '%s' needs a grid ('grid: [rows, "
			     "columns]'), and this pack is a line of %d spaces",
			     ability_kind_name(p->specs[i].kind), p->layout.census);
			ld->yr.errors++;
		}
	for (size_t i = 0; i < p->nspecs; i++)
		if (p->specs[i].kind == AK_NUMBER && p->specs[i].scope != SCOPE_SEQUENCE &&
		    p->layout.census && !p->layout.rows) {
			diag(SEV_ERROR, &p->specs[i].loc, "a number ability 'in: %s' needs a grid pack",
			     p->specs[i].scope == SCOPE_ROW ? "row" : "column");
			ld->yr.errors++;
		}
	if (!p->title && p->id)
		p->title = xstrdup(p->id);
	for (size_t i = 0; i < p->nplayers; i++) {
		for (size_t j = 0; j < i; j++)
			if (p->players[j].players == p->players[i].players) {
				diag(SEV_ERROR, &p->players[i].loc, "player count %d is given twice",
				     p->players[i].players);
				ld->yr.errors++;
			}
		if (p->cards && p->players[i].cards > p->cards) {
			diag(SEV_ERROR, &p->players[i].loc, "%d players use cards 1-%ld, but the pack has "
			     "only %ld cards (raise 'cards' to %ld to print the extension)",
			     p->players[i].players, p->players[i].cards, p->cards, p->players[i].cards);
			ld->yr.errors++;
		}
	}
	if (p->rules.freeze_tokens > p->layout.census && p->layout.census) {
		diag(SEV_ERROR, &p->rules.loc_freeze, "'freeze-tokens' is %d, more than the %d spaces a player has",
		     p->rules.freeze_tokens, p->layout.census);
		ld->yr.errors++;
	}
	if (!ld->yr.errors)
		resolve(ld);
}

/* Whether a data row's key (a card number or an ability code) names a card. */
static bool card_exists(void *user, const char *column, const char *key)
{
	const struct pack *p = user;
	long n;
	if (strcmp(column, "number") == 0)
		return parse_int(key, 1, p->cards, &n) == 0;
	for (size_t a = 0; a < p->abilities.n; a++)
		if (strcmp(p->abilities.v[a].code, key) == 0)
			return true;
	return false;
}

/* data_check_keys' names: the abilities' codes. */
static const char *code_at(void *user, size_t i)
{
	const struct pack *p = user;
	const char *column = data_key_name(&p->data);
	return column && strcmp(column, "number") != 0 && i < p->abilities.n ? p->abilities.v[i].code : NULL;
}

static struct pack *load_tree(const struct ydoc *doc, bool lenient)
{
	struct pack *p = xcalloc(1, sizeof *p);
	struct loader ld = {.p = p};
	p->file = xstrdup(doc->file);
	ld.yr.file = p->file;
	p->loc = pack_loc(p, 1, 1);
	p->copies = 1;
	ruleset_init(&p->rules.set, TRAINS_GAME, trains_rule_keys);
	p->rules.set.where = false;   /* the core game's messages name no game */
	rules_from_set(&p->rules);
	p->order = ORDER_SPACE;
	const struct ynode *root = doc->root;
	if (!root) {
		p->loc.line = 0;
		diag(SEV_ERROR, &p->loc, "the pack is empty: expected a mapping with 'pack', 'game', "
		     "'census', 'abilities' and 'cards'");
		pack_free(p);
		return NULL;
	}
	if (root->kind != Y_MAP) {
		yr_error(&ld.yr, root, "a pack must be a mapping of keys ('pack: ...', 'census: ...'), not %s",
		    ynode_what(root));
		pack_free(p);
		return NULL;
	}
	p->loc = yr_loc(&ld.yr, root);
	ld.yr.errors = doc->errors;
	for (size_t i = 0; i < root->n; i++)
		load_key(&ld, root->pairs[i].key, root->pairs[i].value);
	if (ymap_get(root, "grid") && ymap_get(root, "census"))
		yr_error(&ld.yr, ymap_get(root, "census"), "give 'census' or 'grid', not both");
	finish(&ld, root);
	if (p->abilities.n)
		ld.yr.errors += (unsigned)data_check_keys(&p->data, card_exists, code_at, p);
	if (ld.yr.errors || (ld.table_errors && !lenient)) {
		pack_free(p);
		return NULL;
	}
	p->table_invalid = ld.table_errors;
	return p;
}

struct pack *pack_parse(const char *name, const char *text, size_t len)
{
	struct ydoc *doc = ydoc_parse(name, text, len);
	if (!doc)
		return NULL;
	struct pack *p = load_tree(doc, false);
	ydoc_free(doc);
	return p;
}

struct pack *pack_from_doc(const struct ydoc *doc)
{
	return load_tree(doc, false);
}

static struct pack *pack_load_check(const char *path);

struct pack *pack_of(const struct ydoc *doc, const char *path, bool lenient)
{
	if (doc)
		return load_tree(doc, lenient);
	return lenient ? pack_load_check(path) : pack_load(path);
}

struct pack *pack_load(const char *path)
{
	struct ydoc *doc = ydoc_load(path);
	if (!doc)
		return NULL;
	struct pack *p = load_tree(doc, false);
	ydoc_free(doc);
	return p;
}

static struct pack *pack_load_check(const char *path)
{
	struct ydoc *doc = ydoc_load(path);
	if (!doc)
		return NULL;
	struct pack *p = load_tree(doc, true);
	ydoc_free(doc);
	return p;
}

void pack_free(struct pack *p)
{
	if (!p)
		return;
	for (size_t i = 0; i < p->nspecs; i++) {
		free(p->specs[i].code);
		free(p->specs[i].name);
	}
	free(p->specs);
	data_free(&p->data);
	palette_free(&p->palette);
	for (size_t i = 0; i < p->ntable; i++) {
		free(p->table[i].ability);
		free(p->table[i].numbers);
		free(p->table[i].number_locs);
	}
	free(p->table);
	free(p->players);
	ability_list_free(&p->abilities);
	free(p->by_number);
	free(p->id);
	free(p->title);
	free(p->game);
	free(p->face);
	free(p->back);
	free(p->placemat);
	free(p->reference);
	free(p->file);
	free(p);
}

void pack_dump(const struct pack *p, FILE *out)
{
	char nm[3];
	fprintf(out, "pack %s\ntitle %s\ngame %s\n", p->id, p->title, p->game);
	if (p->layout.rows)
		fprintf(out, "grid %d x %d (rows A-%c, columns %c-%c)\n", p->layout.rows, p->layout.cols,
			'A' + p->layout.rows - 1, 'A' + p->layout.rows, 'A' + p->layout.rows + p->layout.cols - 1);
	else
		fprintf(out, "census %d (spaces A-%s)\n", p->layout.census,
			space_name(&p->layout, p->layout.census - 1, nm));
	fprintf(out, "cards %ld\ncopies %d\nwild %d\norder %s\n", p->cards, p->copies, p->wild,
		p->order == ORDER_SPACE ? "space" : "kind");
	for (size_t i = 0; i < p->nplayers; i++)
		fprintf(out, "players %d: cards 1-%ld\n", p->players[i].players, p->players[i].cards);
	ruleset_dump(&p->rules.set, out);
	fprintf(out, "templates face=%s back=%s placemat=%s\n", p->face ? p->face : "(default)",
		p->back ? p->back : "(default)", p->placemat ? p->placemat : "(default)");
	fprintf(out, "abilities %zu (%s)\n", p->abilities.n, p->has_table ? "explicit table" : "computed");
	for (size_t a = 0; a < p->abilities.n; a++)
		fprintf(out, "  %zu %s %s [%s]\n", a, p->abilities.v[a].code, p->abilities.v[a].symbolic,
			ability_kind_name(p->abilities.v[a].kind));
	for (long n = 1; n <= p->cards; n++) {
		int a = p->by_number[n - 1];
		fprintf(out, "card %ld %s\n", n, a < 0 ? "-" : p->abilities.v[a].code);
	}
}
