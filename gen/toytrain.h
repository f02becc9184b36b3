/* toytrain.h: Toy Train (seeds/004): words made of letter carriages, wild
 * carriages, a word list, and where the locomotive lands on the board. Pure except
 * for toy_words_load, which reads the word list. */
#ifndef RAILYARD_TOYTRAIN_H
#define RAILYARD_TOYTRAIN_H

#include <stdbool.h>
#include <stddef.h>

#include "ruleset.h"
#include "util.h"
#include "yread.h"

/* A pack's `rules:` for Toy Train: the word list and the shortest word; and
 * for the simulator, how the carriages are mixed and where broken railways are. */
struct toy_pack_rules {
	const char *words;        /* as written (points into the tree), or NULL */
	struct loc loc_words;
	int min_letters;          /* 4 unless given: 1..100 */
	struct loc loc_min;       /* where it is given (line 0: not given) */
};
/* The keys toy_pack_rules_load reads (the others are named rules, toy_rule_keys). */
extern const char *const toy_pack_rule_keys[];
/* Read rules' words and min-letters (NULL: none given) into *out; a bad value
 * is reported through r (unknown keys by ruleset_load). */
void toy_pack_rules_load(struct yread *r, const struct ynode *rules, struct toy_pack_rules *out);

/* A word list: the entries that are all lowercase a-z (proper nouns, possessives
 * and accented words cannot be made of the carriages), sorted as in the file. */
struct toy_words {
	char *text;           /* the file, words NUL-terminated in place */
	char **words;
	size_t n;
};

/* Read a word list, one word per line. 0, or -1 with errno set. Free with
 * toy_words_free. */
int toy_words_load(const char *path, struct toy_words *w);
void toy_words_free(struct toy_words *w);

/* The rules of one pack. */
struct toy_rules {
	int min_letters;          /* 4 */
	char wild;                /* '?' */
	long counts[27];          /* carriages face up per letter A..Z, [26] wild */
	int start, finish;        /* board spaces (GO, FINISH) */
	const int *broken;        /* broken-railway spaces */
	size_t nbroken;
};

struct toy_result {
	bool valid;
	size_t nmatch;            /* words of the list the carriages can spell */
	char *match;              /* the first one not already used, or NULL */
	int from, land;           /* the locomotive's space before and after */
	long target;              /* the space of the word's last carriage */
	bool broken, finish;      /* landed on a broken railway / reached FINISH */
};

/* Check a word made of carriages in order (letters, the wild character for a
 * wild), not one of used[0..nused-1], at the locomotive's space `at`. *why gets
 * one line per broken rule. */
void toy_check(const struct toy_rules *r, const struct toy_words *w, const char *word,
	       const char *const *used, size_t nused, int at, struct toy_result *res,
	       struct buf *why);
void toy_result_free(struct toy_result *res);

/* The letter mix of `lettered` carriages (the wild ones apart), by method:
 * "frequency" (the pack's: in proportion to how often each letter occurs in the
 * list's words of min_letters or more, rounded down, at least one of every
 * letter, the carriages left over to the largest remainders, ties to A first)
 * or "even" (the same number of every letter, the left-over ones to A, B, ...).
 * 0, or -1 for an unknown method. */
int toy_mix(const char *method, const struct toy_words *w, int min_letters, long lettered,
	    long counts[26]);

/* The named rules of Toy Train (ruleset.h), NULL-key terminated. */
extern const struct ruleset_key toy_rule_keys[];

#endif
