/* ruleset.h: a game's readings of its seed as named rules, one mechanism for
 * every game (it knows no game: each game hands it its table of keys). A rule
 * has a default; the pack's `rules:` may set it (located errors, "did you
 * mean"); `--rule KEY=VALUE` overrides it for one run; and every value keeps
 * where it came from, for `dump` and simulate's JSON. */
#ifndef RAILYARD_RULESET_H
#define RAILYARD_RULESET_H

#include <stdbool.h>
#include <stdio.h>

#include "diag.h"
#include "yread.h"
#include "ytree.h"

#define RULESET_MAX 16
#define RULESET_VALUE 32

/* One rule of a game's table (the table ends with a NULL key). */
struct ruleset_key {
	const char *key;
	const char *values;   /* the words it may be, "random|rotation"; NULL: a whole number;
			       * "old=new" among them: an old name still read as new */
	long lo, hi;          /* a whole number's range */
	const char *def;      /* the default, as written */
	const char *means;    /* one line: what it decides (docs, --help) */
};

enum ruleset_from { RULE_DEFAULT, RULE_PACK, RULE_COMMAND_LINE };

struct ruleset;
struct jw;
/* A rule a game reads itself beside its table, as more than one word (Train's
 * piles, a list; Toy Train's words, a file name): `--rule KEY=VALUE` states
 * it as it states the table's rules. set parses value into the game's rules
 * (rs is their `set` member) and returns true, or reports what is wrong with
 * kv and returns false. value is kept, not copied: a command-line argument. */
struct ruleset_other {
	const char *key;
	const char *what;   /* what VALUE is, for messages: "N,N,...", "FILE" */
	bool (*set)(struct ruleset *rs, const char *kv, const char *value);
};

struct ruleset {
	const char *game;
	bool where;                           /* name the game in "unknown key" messages (true) */
	const struct ruleset_key *keys;
	size_t n;
	char value[RULESET_MAX][RULESET_VALUE];
	enum ruleset_from from[RULESET_MAX];
	struct loc loc[RULESET_MAX];          /* RULE_PACK: where the pack sets it */
	const struct ruleset_other *other;    /* the game's other rules (NULL key ends), or NULL */
	enum ruleset_from other_from[RULESET_MAX];
};

/* Every rule of keys (NULL: none) at its default. */
void ruleset_init(struct ruleset *rs, const char *game, const struct ruleset_key *keys);

/* The rules the game reads itself beside the table (ruleset_load's other
 * keys), for --rule; each is where ruleset_other_from says, RULE_DEFAULT
 * until ruleset_other_mark or --rule says otherwise. */
void ruleset_others(struct ruleset *rs, const struct ruleset_other *other);
void ruleset_other_mark(struct ruleset *rs, const char *key, enum ruleset_from from);
/* Where other rule key's value comes from (RULE_DEFAULT for no such rule). */
enum ruleset_from ruleset_other_from(const struct ruleset *rs, const char *key);

/* Read the rules of the pack's `rules:` mapping (NULL: none) that are in the
 * table; a key that is neither in the table nor in other (the keys the game
 * reads itself, NULL-terminated, may be NULL) is reported as unknown with the
 * closest known key, a bad value at its location. */
void ruleset_load(struct yread *r, const struct ynode *rules, struct ruleset *rs, const char *const *other);

/* Override one rule from "KEY=VALUE" (--rule), of the table or another
 * (ruleset_others); false, reported with "did you mean" or the values it
 * may take, when it is not a rule or not a value. */
bool ruleset_set(struct ruleset *rs, const char *kv);

/* ruleset_set for each of n overrides; false when any is wrong (all reported). */
bool ruleset_set_all(struct ruleset *rs, const char *const *kv, size_t n);

/* The value of key, or NULL when the game has no such rule. */
const char *ruleset_get(const struct ruleset *rs, const char *key);

/* One line per rule for `dump`: "rule KEY=VALUE (default)" and so on. */
void ruleset_dump(const struct ruleset *rs, FILE *out);

/* The rules' origins as a JSON object {"KEY": "default"|"pack"|"command line"}
 * written by w, the other rules' after the table's. */
void ruleset_json_from(struct jw *w, const struct ruleset *rs);

#endif
