/* ruleset.c: a game's named rules with defaults and origins (ruleset.h). */
#include "ruleset.h"

#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "util.h"

void ruleset_init(struct ruleset *rs, const char *game, const struct ruleset_key *keys)
{
	memset(rs, 0, sizeof *rs);
	rs->game = game;
	rs->where = true;   /* the core game's reader turns it off: its messages name no game */
	rs->keys = keys;
	for (size_t i = 0; keys && keys[i].key && i < RULESET_MAX; i++, rs->n++)
		snprintf(rs->value[i], RULESET_VALUE, "%s", keys[i].def);
}

static int index_of(const struct ruleset *rs, const char *key, size_t len)
{
	for (size_t i = 0; i < rs->n; i++)
		if (strlen(rs->keys[i].key) == len && !strncmp(rs->keys[i].key, key, len))
			return (int)i;
	return -1;
}

void ruleset_others(struct ruleset *rs, const struct ruleset_other *other)
{
	rs->other = other;
}

/* The index of other rule key (len bytes), or -1. */
static int other_index(const struct ruleset *rs, const char *key, size_t len)
{
	for (int i = 0; rs->other && rs->other[i].key && i < RULESET_MAX; i++)
		if (strlen(rs->other[i].key) == len && !strncmp(rs->other[i].key, key, len))
			return i;
	return -1;
}

void ruleset_other_mark(struct ruleset *rs, const char *key, enum ruleset_from from)
{
	int i = other_index(rs, key, strlen(key));
	if (i >= 0)
		rs->other_from[i] = from;
}

enum ruleset_from ruleset_other_from(const struct ruleset *rs, const char *key)
{
	int i = other_index(rs, key, strlen(key));
	return i < 0 ? RULE_DEFAULT : rs->other_from[i];
}

static bool is_bool(const struct ruleset_key *k)
{
	return k->values && !strcmp(k->values, "true|false");
}

/* A --rule boolean in any of its spellings, as "true" or "false"; NULL if none. */
static const char *bool_word(const char *v)
{
	static const char *const yes[] = {"true", "yes", "on"}, *const no[] = {"false", "no", "off"};
	for (int i = 0; i < 3; i++) {
		if (!strcmp(v, yes[i]))
			return "true";
		if (!strcmp(v, no[i]))
			return "false";
	}
	return NULL;
}

/* The value v of a word rule as written in the table (an old name read as its
 * new one) into out; false when it is none of its words. */
static bool word_of(const struct ruleset_key *k, const char *v, char *out)
{
	size_t len = strlen(v);
	for (const char *w = k->values; *w; w += strcspn(w, "|"), w += *w == '|') {
		size_t n = strcspn(w, "|"), name = strcspn(w, "=|");
		if (name == len && !strncmp(w, v, len)) {
			const char *to = name < n ? w + name + 1 : w;
			snprintf(out, RULESET_VALUE, "%.*s", (int)(n - (size_t)(to - w)), to);
			return true;
		}
	}
	return false;
}

/* Whether v is a value of rule k: one of its words, or a whole number in range. */
static bool valid(const struct ruleset_key *k, const char *v)
{
	char word[RULESET_VALUE];
	if (!k->values) {
		long n;
		return parse_int(v, k->lo, k->hi, &n) == 0;
	}
	if (is_bool(k))
		return bool_word(v) != NULL;
	return word_of(k, v, word);
}

/* What a rule may be, in words: "random or rotation", "a whole number 0..1000". */
static void may_be(const struct ruleset_key *k, struct buf *b)
{
	if (!k->values) {
		buf_printf(b, "a whole number %ld..%ld", k->lo, k->hi);
		return;
	}
	for (const char *w = k->values; *w; w += strcspn(w, "|"), w += *w == '|') {
		size_t n = strcspn(w, "|");
		const char *next = w + n + (w[n] == '|');
		bool last = !w[n] || memchr(next, '=', strcspn(next, "|"));   /* the rest: old names */
		if (memchr(w, '=', n))
			break;
		buf_printf(b, "%s%.*s", w == k->values ? "" : last ? " or " : ", ", (int)n, w);
	}
}

/* The table's keys and other's, NULL-terminated, into names[]. */
static void known_keys(const struct ruleset *rs, const char *const *other, const char **names, size_t cap)
{
	size_t n = 0;
	for (size_t i = 0; i < rs->n && n + 1 < cap; i++)
		names[n++] = rs->keys[i].key;
	for (size_t i = 0; other && other[i] && n + 1 < cap; i++)
		names[n++] = other[i];
	names[n] = NULL;
}

/* Read the pack's value of rule k into out through yread's typed readers (their
 * located messages); false when it is not one of its values. */
static bool read_value(struct yread *r, const struct ruleset_key *k, const struct ynode *v, char *out)
{
	if (!k->values) {
		long n;
		if (yr_int(r, k->key, v, k->lo, k->hi, &n) != 0)
			return false;
		snprintf(out, RULESET_VALUE, "%ld", n);
		return true;
	}
	if (is_bool(k)) {
		bool b;
		if (yr_bool(r, k->key, v, &b) != 0)
			return false;
		snprintf(out, RULESET_VALUE, "%s", b ? "true" : "false");
		return true;
	}
	if (v->kind == Y_SCALAR && word_of(k, v->str, out))
		return true;
	char words[RULESET_MAX][RULESET_VALUE];
	const char *names[RULESET_MAX];
	int n = 0;
	for (const char *w = k->values; *w && n < RULESET_MAX && !memchr(w, '=', strcspn(w, "|"));
	     w += strcspn(w, "|"), w += *w == '|') {
		snprintf(words[n], RULESET_VALUE, "%.*s", (int)strcspn(w, "|"), w);
		names[n] = words[n];
		n++;
	}
	int e = yr_enum(r, k->key, v, names, n);
	if (e < 0)
		return false;
	snprintf(out, RULESET_VALUE, "%s", names[e]);
	return true;
}

static bool is_other(const char *key, const char *const *other)
{
	for (size_t i = 0; other && other[i]; i++)
		if (!strcmp(other[i], key))
			return true;
	return false;
}

void ruleset_load(struct yread *r, const struct ynode *rules, struct ruleset *rs, const char *const *other)
{
	if (!rules)
		return;
	if (yr_want(r, "rules", rules, Y_MAP) != 0)
		return;
	const char *names[2 * RULESET_MAX + 2];
	known_keys(rs, other, names, sizeof names / sizeof *names);
	char where[64];
	snprintf(where, sizeof where, " in 'rules'%s%s", rs->where ? " of " : "", rs->where ? rs->game : "");
	for (size_t i = 0; i < rules->n; i++) {
		const struct ynode *k = rules->pairs[i].key, *v = rules->pairs[i].value;
		int j = index_of(rs, k->str, strlen(k->str));
		if (j < 0) {
			if (!is_other(k->str, other))
				yr_unknown_key(r, k, where, names);
			continue;
		}
		if (!read_value(r, &rs->keys[j], v, rs->value[j]))
			continue;
		rs->from[j] = RULE_PACK;
		rs->loc[j] = yr_loc(r, v);
	}
}

/* The --rule error for an unknown key: the closest rule, or every rule. */
static void unknown_rule(const struct ruleset *rs, const char *kv, size_t klen)
{
	const char *names[2 * RULESET_MAX + 1], *others[RULESET_MAX + 1];
	size_t no = 0;
	for (; rs->other && rs->other[no].key && no < RULESET_MAX; no++)
		others[no] = rs->other[no].key;
	others[no] = NULL;
	known_keys(rs, others, names, sizeof names / sizeof *names);
	char *key = xstrndup(kv, klen);
	const char *best = yr_closest(key, names);
	struct buf b = {0};
	for (size_t i = 0; i < rs->n; i++) {
		buf_printf(&b, "%s%s=", i ? ", " : "", rs->keys[i].key);
		if (rs->keys[i].values)
			buf_puts(&b, rs->keys[i].values);
		else
			buf_puts(&b, "N");
	}
	for (size_t i = 0; i < no; i++)
		buf_printf(&b, ", %s=%s", rs->other[i].key, rs->other[i].what);
	if (best)
		diag(SEV_ERROR, NULL, "--rule %s: '%s' is not a rule of %s (did you mean '%s'?)", kv, key, rs->game,
		     best);
	else if (rs->n || no)
		diag(SEV_ERROR, NULL, "--rule %s: '%s' is not a rule of %s (its rules: %s)", kv, key, rs->game, b.s);
	else
		diag(SEV_ERROR, NULL, "--rule %s: %s has no rules to set", kv, rs->game);
	buf_free(&b);
	free(key);
}

bool ruleset_set(struct ruleset *rs, const char *kv)
{
	const char *eq = strchr(kv, '=');
	if (!eq) {
		diag(SEV_ERROR, NULL, "--rule %s: KEY=VALUE, such as %s=%s", kv, rs->n ? rs->keys[0].key : "key",
		     rs->n ? rs->keys[0].def : "value");
		return false;
	}
	int j = index_of(rs, kv, (size_t)(eq - kv)), o = j < 0 ? other_index(rs, kv, (size_t)(eq - kv)) : -1;
	if (o >= 0) {
		if (!rs->other[o].set(rs, kv, eq + 1))
			return false;
		rs->other_from[o] = RULE_COMMAND_LINE;
		return true;
	}
	if (j < 0) {
		unknown_rule(rs, kv, (size_t)(eq - kv));
		return false;
	}
	const struct ruleset_key *key = &rs->keys[j];
	if (!valid(key, eq + 1) || strlen(eq + 1) >= RULESET_VALUE) {
		struct buf b = {0};
		may_be(key, &b);
		diag(SEV_ERROR, NULL, "--rule %s: '%s' must be %s, not '%s'", kv, key->key, b.s, eq + 1);
		buf_free(&b);
		return false;
	}
	if (is_bool(key))
		snprintf(rs->value[j], RULESET_VALUE, "%s", bool_word(eq + 1));
	else if (key->values)
		word_of(key, eq + 1, rs->value[j]);
	else
		snprintf(rs->value[j], RULESET_VALUE, "%s", eq + 1);
	rs->from[j] = RULE_COMMAND_LINE;
	return true;
}

bool ruleset_set_all(struct ruleset *rs, const char *const *kv, size_t n)
{
	bool ok = true;
	for (size_t i = 0; i < n; i++)
		ok &= ruleset_set(rs, kv[i]);
	return ok;
}

const char *ruleset_get(const struct ruleset *rs, const char *key)
{
	int j = index_of(rs, key, strlen(key));
	return j < 0 ? NULL : rs->value[j];
}

/* Where a value came from in words: "default", "pack FILE:L:C", "command line". */
static void ruleset_from_text(const struct ruleset *rs, size_t i, char *out, size_t len)
{
	const struct loc *l = &rs->loc[i];
	switch (rs->from[i]) {
	case RULE_DEFAULT: snprintf(out, len, "default"); break;
	case RULE_PACK: snprintf(out, len, "pack %s:%u:%u", l->file ? l->file : "", l->line, l->col); break;
	case RULE_COMMAND_LINE: snprintf(out, len, "command line"); break;
	}
}

void ruleset_dump(const struct ruleset *rs, FILE *out)
{
	for (size_t i = 0; i < rs->n; i++) {
		char from[600];
		ruleset_from_text(rs, i, from, sizeof from);
		fprintf(out, "rule %s=%s (%s)\n", rs->keys[i].key, rs->value[i], from);
	}
}

void ruleset_json_from(struct jw *w, const struct ruleset *rs)
{
	static const char *const names[] = {"default", "pack", "command line"};
	jw_object(w);
	for (size_t i = 0; i < rs->n; i++)
		jw_put_str(w, rs->keys[i].key, names[rs->from[i]]);
	for (size_t i = 0; rs->other && rs->other[i].key && i < RULESET_MAX; i++) {
		jw_put_str(w, rs->other[i].key, names[rs->other_from[i]]);
	}
	jw_end(w);
}
