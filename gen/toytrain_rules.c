/* toytrain_rules.c: valid words of carriages and the locomotive's landing space. */
#include "toytrain.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ruleset.h"

/* Where the seed is silent: the letter mix (its 126 carriages have no table)
 * and how often a railway is broken. */
const struct ruleset_key toy_rule_keys[] = {
	{"letter-mix", "pack|frequency|even", 0, 0, "pack",
	 "the carriages: the pack's letters, rebuilt from the word list's letter frequency, or even"},
	{"broken-every", NULL, 0, 1000, "0", "a broken railway every N spaces; 0: the board's marks"},
	{NULL, NULL, 0, 0, NULL, NULL},
};

const char *const toy_pack_rule_keys[] = {"words", "min-letters", NULL};

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

void toy_check(const struct toy_rules *r, const struct toy_words *w, const char *word,
	       const char *const *used, size_t nused, int at, struct toy_result *res,
	       struct buf *why)
{
	memset(res, 0, sizeof *res);
	size_t len = strlen(word);
	bool ok = true;
	res->from = at;
	if ((long)len < r->min_letters) {
		buf_printf(why, "'%s' has %zu letter%s; a word needs at least %d\n", word, len,
			   len == 1 ? "" : "s", r->min_letters);
		ok = false;
	}
	long need[27] = {0};
	bool bad = false;
	for (const char *c = word; *c; c++) {
		if (*c == r->wild)
			need[26]++;
		else if (isalpha((unsigned char)*c) && !(*c & 0x80))
			need[toupper((unsigned char)*c) - 'A']++;
		else
			bad = true;
	}
	if (bad) {
		buf_printf(why, "'%s': carriages carry the letters A-Z and the wild '%c' only\n", word,
			   r->wild);
		ok = false;
	}
	for (int i = 0; i < 27; i++)
		if (need[i] > r->counts[i]) {
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
		if (!res->nmatch) {
			buf_printf(why, "'%s' is not in the word list%s\n", word,
				   need[26] ? " (with any letters for the wild carriages)" : "");
			ok = false;
		} else if (!res->match) {
			buf_printf(why, "'%s' has already been used in this game\n", word);
			ok = false;
		}
	}
	res->valid = ok;
	res->land = at;
	if (!ok)
		return;
	long land = (long)at + (long)len;
	res->target = land;
	if (land >= r->finish) {
		res->finish = true;
		res->land = r->finish;
		return;
	}
	for (size_t i = 0; i < r->nbroken; i++)
		if (r->broken[i] == land)
			res->broken = true;
	res->land = res->broken ? at : (int)land;
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
