/* toy_rules.c: valid words of carriages and the locomotive's landing space;
 * the rules of one pack read from its deck model (toy_rules_from, toy_words_path). */
#include "toy.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "kit.h"
#include "diag.h"
#include "game.h"
#include "ruleset.h"
#include "trust.h"

/* Where the seed is silent: the letter mix (its 126 carriages have no table)
 * and how often a railway is broken. */
const struct ruleset_key toy_rule_keys[] = {
	{"letter-mix", "pack|frequency|even", 0, 0, "pack",
	 "the carriages: the pack's letters, rebuilt from the word list's letter frequency, or even"},
	{"broken-every", NULL, 0, 1000, "0", "a broken railway every N spaces; 0: the board's marks"},
	{NULL, NULL, 0, 0, NULL, NULL},
};

void toy_named_rules_from(const struct ruleset *rs, struct toy_named_rules *out)
{
	const char *mix = ruleset_get(rs, "letter-mix"), *every = ruleset_get(rs, "broken-every");
	out->mix = mix ? mix : "pack";
	out->broken_every = every ? strtol(every, NULL, 10) : 0;
}

/* The keys toy_pack_rules_load reads (the others are named rules, toy_rule_keys). */
static const char *const toy_pack_rule_keys[] = {"words", "min-letters", NULL};

void toy_pack_rules_load(struct yread *r, const struct ynode *rules, struct toy_pack_rules *out)
{
	*out = (struct toy_pack_rules){.min_letters = 4};
	for (size_t i = 0; rules && rules->kind == Y_MAP && i < rules->n; i++) {
		const struct ynode *v = rules->pairs[i].value;
		long n;
		/* the other keys are the named rules' (ruleset.h), which reports unknown ones */
		int k = -1;
		for (int j = 0; toy_pack_rule_keys[j]; j++)
			if (!strcmp(rules->pairs[i].key->str, toy_pack_rule_keys[j]))
				k = j;
		switch (k) {
		case 0:
			if ((out->words = yr_scalar(r, "words", v)) != NULL && (ynode_is_null(v) || !*out->words)) {
				yr_error(r, v, "'words' must name a word list file");
				out->words = NULL;
			}
			out->loc_words = yr_loc(r, v);
			break;
		case 1:
			if (yr_int(r, "min-letters", v, 1, 100, &n) == 0) {
				out->min_letters = (int)n;
				out->loc_min = yr_loc(r, v);
			}
			break;
		}
	}
}

int toy_words_load(const char *path, struct toy_words *w)
{
	memset(w, 0, sizeof *w);
	size_t len;
	w->text = read_file(path, 64u << 20, &len);
	if (!w->text)
		return -1;
	size_t cap = 0;
	char *s = w->text, *end = w->text + len;
	while (s < end) {
		char *nl = memchr(s, '\n', (size_t)(end - s));
		char *e = nl ? nl : end;
		if (e > s && e[-1] == '\r')
			e[-1] = '\0';
		*e = '\0';
		bool ok = *s != '\0';
		for (char *c = s; *c && ok; c++)
			ok = *c >= 'a' && *c <= 'z';
		if (ok) {
			w->words = xgrow(w->words, &cap, w->n + 1, sizeof *w->words);
			w->words[w->n++] = s;
		}
		s = e + 1;
	}
	return 0;
}

void toy_words_free(struct toy_words *w)
{
	free(w->text);
	free(w->words);
	memset(w, 0, sizeof *w);
}

static bool matches(const char *pattern, const char *word, char wild)
{
	for (; *pattern && *word; pattern++, word++)
		if (*pattern != wild && tolower((unsigned char)*pattern) != *word)
			return false;
	return !*pattern && !*word;
}

static bool is_used(const char *word, const char *const *used, size_t nused)
{
	for (size_t i = 0; i < nused; i++)
		if (strcasecmp(word, used[i]) == 0)
			return true;
	return false;
}

bool toy_alone(const struct toy_round *r)
{
	return r->alone || (r->finish > 0 && r->at + r->laid >= r->finish);
}

bool toy_driver_lays(const struct toy_round *r)
{
	return toy_alone(r) || r->laid < 2 || r->laid % 2 == 1;
}

/* Whether carriage m is face up. */
static inline bool face_up(const struct toy_round *r, struct toy_move m)
{
	return r->up[m.wild ? 26 : m.letter] > 0;
}

/* toy_legal, with whose turn it is (toy_driver_lays) given. */
static inline enum toy_refusal carriage_legal(const struct toy_round *r, bool driver_lays,
					      struct toy_move m)
{
	return r->over ? TOY_ROUND_OVER
	       : m.driver != driver_lays ? TOY_NOT_YOUR_TURN
	       : !face_up(r, m) ? TOY_NOT_UP : TOY_OK;
}

enum toy_refusal toy_legal(const struct toy_round *r, struct toy_move m)
{
	return carriage_legal(r, toy_driver_lays(r), m);
}

size_t toy_legal_moves(const struct toy_round *r, uint32_t letters, struct toy_move *out)
{
	size_t n = 0;
	if (r->over)
		return 0;
	bool driver = toy_driver_lays(r);
	for (int l = 0; l < 26; l++)
		for (int w = 0; w < 2 && (letters >> l & 1); w++) {
			struct toy_move m = {l, w, driver};
			if (carriage_legal(r, driver, m) == TOY_OK)
				out[n++] = m;
		}
	return n;
}

void toy_legal_letters(const struct toy_round *r, uint32_t *own, uint32_t *wild)
{
	bool driver = toy_driver_lays(r);
	*own = *wild = 0;
	/* a refusal that is the same for every carriage (the round, the turn) */
	enum toy_refusal why = carriage_legal(r, driver, (struct toy_move){0, false, driver});
	if (why != TOY_OK && why != TOY_NOT_UP)
		return;
	uint32_t o = 0;
	for (int l = 0; l < 26; l++)
		o |= (uint32_t)face_up(r, (struct toy_move){l, false, driver}) << l;
	*own = o;
	*wild = face_up(r, (struct toy_move){0, true, driver}) ? TOY_ALL_LETTERS : 0;
}

void toy_apply(struct toy_round *r, struct toy_move m)
{
	r->up[m.wild ? 26 : m.letter]--;
	r->laid++;
}

enum toy_refusal toy_word(int min_letters, long len, bool listed, bool used)
{
	if (len < min_letters)
		return TOY_SHORT;
	if (!listed)
		return TOY_NOT_A_WORD;
	return used ? TOY_USED : TOY_OK;
}

int toy_land(const struct toy_rules *r, int at, long len, bool *broken, bool *finish)
{
	long land = (long)at + len;
	*broken = *finish = false;
	if (land >= r->finish) {
		*finish = true;
		return r->finish;
	}
	for (size_t i = 0; i < r->nbroken; i++)
		if (r->broken[i] == land)
			*broken = true;
	return *broken ? at : (int)land;
}

size_t toy_broken_every(int start, int finish, long every, int *out, size_t max)
{
	size_t n = 0;
	if (every <= 0)
		return 0;
	for (long k = (long)start + every; k < finish && n < max; k += every)
		out[n++] = (int)k;
	return n;
}

bool toy_turn_up(long up[27], const long all[27])
{
	long n = 0;
	for (int i = 0; i < 27; i++)
		n += up[i];
	if (n >= 10)
		return false;
	memcpy(up, all, 27 * sizeof *up);
	return true;
}

void toy_check_word(const struct toy_rules *r, const struct toy_words *w, const char *word,
	       const char *const *used, size_t nused, int at, struct toy_result *res,
	       struct buf *why)
{
	memset(res, 0, sizeof *res);
	size_t len = strlen(word);
	bool ok = true;
	res->from = at;
	if (toy_word(r->min_letters, (long)len, true, false) == TOY_SHORT) {
		buf_printf(why, "'%s' has %zu letter%s; a word needs at least %d\n", word, len,
			   len == 1 ? "" : "s", r->min_letters);
		ok = false;
	}
	/* the carriages laid in order, each face up when its turn comes (toy_legal) */
	struct toy_round round = {.at = at, .finish = r->finish};
	memcpy(round.up, r->counts, sizeof round.up);
	long need[27] = {0};
	bool bad = false, short_of[27] = {false};
	for (const char *c = word; *c; c++) {
		struct toy_move m = {0, *c == r->wild, toy_driver_lays(&round)};
		if (!m.wild && !(isalpha((unsigned char)*c) && !(*c & 0x80))) {
			bad = true;
			continue;
		}
		if (!m.wild)
			m.letter = toupper((unsigned char)*c) - 'A';
		int i = m.wild ? 26 : m.letter;
		need[i]++;
		if (toy_legal(&round, m) == TOY_NOT_UP)
			short_of[i] = true;
		else
			toy_apply(&round, m);
	}
	if (bad) {
		buf_printf(why, "'%s': carriages carry the letters A-Z and the wild '%c' only\n", word,
			   r->wild);
		ok = false;
	}
	for (int i = 0; i < 27; i++)
		if (short_of[i]) {
			if (i == 26)
				buf_printf(why, "the word uses %ld wild carriage%s; only %ld %s face up\n",
					   need[i], need[i] == 1 ? "" : "s", r->counts[i],
					   r->counts[i] == 1 ? "is" : "are");
			else
				buf_printf(why, "the word uses %ld %c carriage%s; only %ld %s face up\n", need[i],
					   'A' + i, need[i] == 1 ? "" : "s", r->counts[i],
					   r->counts[i] == 1 ? "is" : "are");
			ok = false;
		}
	if (!bad) {
		for (size_t i = 0; i < w->n; i++)
			if (matches(word, w->words[i], r->wild)) {
				res->nmatch++;
				if (!res->match && !is_used(w->words[i], used, nused))
					res->match = xstrdup(w->words[i]);
			}
		/* the list's rules (the length is judged above) */
		enum toy_refusal wr = toy_word(0, (long)len, res->nmatch > 0, !res->match);
		if (wr == TOY_NOT_A_WORD) {
			buf_printf(why, "'%s' is not in the word list%s\n", word,
				   need[26] ? " (with any letters for the wild carriages)" : "");
			ok = false;
		} else if (wr == TOY_USED) {
			buf_printf(why, "'%s' has already been used in this game\n", word);
			ok = false;
		}
	}
	res->valid = ok;
	res->land = at;
	if (!ok)
		return;
	res->target = (long)at + (long)len;
	res->land = toy_land(r, at, (long)len, &res->broken, &res->finish);
}

void toy_result_free(struct toy_result *res)
{
	free(res->match);
	res->match = NULL;
}

/* Give the `left` carriages to the largest remainders (rem[i]), ties to A first. */
static void largest_remainders(long counts[26], const double rem[26], long left)
{
	bool given[26] = {false};
	for (; left > 0; left--) {
		int best = -1;
		for (int i = 0; i < 26; i++)
			if (!given[i] && (best < 0 || rem[i] > rem[best]))
				best = i;
		if (best < 0)
			break;
		given[best] = true;
		counts[best]++;
	}
}

int toy_mix(const char *method, const struct toy_words *w, int min_letters, long lettered,
	    long counts[26])
{
	double rem[26] = {0};
	long sum = 0;
	if (!strcmp(method, "even")) {
		for (int i = 0; i < 26; i++) {
			counts[i] = lettered / 26;
			rem[i] = 26 - i;
		}
		largest_remainders(counts, rem, lettered % 26);
		return 0;
	}
	if (strcmp(method, "frequency") != 0)
		return -1;
	unsigned long long occ[26] = {0}, all = 0;
	for (size_t i = 0; i < w->n; i++) {
		if ((long)strlen(w->words[i]) < min_letters)
			continue;
		for (const char *c = w->words[i]; *c; c++) {
			occ[*c - 'a']++;
			all++;
		}
	}
	for (int i = 0; i < 26; i++) {
		double share = all ? (double)lettered * (double)occ[i] / (double)all : 0;
		counts[i] = (long)share;
		rem[i] = share - (double)counts[i];
		if (counts[i] < 1) {
			counts[i] = 1;
			rem[i] = -1;
		}
		sum += counts[i];
	}
	largest_remainders(counts, rem, lettered - sum);
	return 0;
}

/* ---- the rules of one pack (its deck model and read rules:) ---- */

char *toy_words_path(const struct kit *d, const struct toy_pack_rules *tr, const char *opt, struct loc *loc)
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

int toy_rules_from(const struct kit *d, const struct toy_pack_rules *tr, struct toy_rules *r)
{
	memset(r, 0, sizeof *r);
	r->min_letters = 4;
	r->wild = '?';
	const struct kit_group *lg = NULL;
	for (size_t i = 0; i < d->ngroups; i++)
		if (d->groups[i].kind == KIT_LETTER)
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

/* --rule min-letters=N: the shortest word. */
static bool set_min_letters(struct ruleset *rs, const char *kv, const char *value)
{
	long n;
	if (parse_int(value, 1, 100, &n) != 0) {
		diag(SEV_ERROR, NULL, "--rule %s: 'min-letters' must be a whole number 1..100, not '%s'", kv, value);
		return false;
	}
	struct toy_pack_rules *t = TOY_OWN(game_rules_of(rs));
	t->min_letters = (int)n;
	t->loc_min = (struct loc){NULL, 0, 0};
	return true;
}

/* --rule words=FILE: the word list, read as the pack's `rules: words` is
 * (a name relative to the pack's folder); an absolute name's folder is
 * allowed as --allow-path allows one, the command line being the user's. */
static bool set_words(struct ruleset *rs, const char *kv, const char *value)
{
	if (!*value) {
		diag(SEV_ERROR, NULL, "--rule %s: 'words' must name a word list file", kv);
		return false;
	}
	if (value[0] == '/') {   /* a folder that is not there: the list's reading says so */
		const char *slash = strrchr(value, '/');
		char *dir = slash == value ? xstrdup("/") : xstrndup(value, (size_t)(slash - value));
		struct stat st;
		if (stat(dir, &st) == 0 && S_ISDIR(st.st_mode))
			trust_allow(dir);
		free(dir);
	}
	struct toy_pack_rules *t = TOY_OWN(game_rules_of(rs));
	t->words = value;
	t->loc_words = (struct loc){NULL, 0, 0};
	return true;
}

const struct ruleset_other toy_rule_others[] = {
	{"words", "FILE", set_words},
	{"min-letters", "N", set_min_letters},
	{NULL, NULL, NULL},
};

/* toy.h */
void toy_rules_load(struct yread *r, const struct ynode *rules, struct game_rules *out)
{
	ruleset_init(&out->set, TOY_GAME, toy_rule_keys);
	ruleset_others(&out->set, toy_rule_others);
	ruleset_load(r, rules, &out->set, toy_pack_rule_keys);
	toy_pack_rules_load(r, rules, TOY_OWN(out));
	if (TOY_OWN(out)->words)
		ruleset_other_mark(&out->set, "words", RULE_PACK);
	if (TOY_OWN(out)->loc_min.line)
		ruleset_other_mark(&out->set, "min-letters", RULE_PACK);
}
