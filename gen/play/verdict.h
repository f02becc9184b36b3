/* verdict.h: the part of `railyard simulate`'s report that every game shares,
 * printed from stats.h's plain counts and measures (it knows no game): one
 * series' completion, STALLS, seat shares, balance, games without a single
 * winner and censored length; two series' differences and the verdict on
 * which is fairer and which faster; the same as text and as JSON. */
#ifndef RAILYARD_VERDICT_H
#define RAILYARD_VERDICT_H

#include <stddef.h>

struct jw;

#include "stats.h"

/* One series as the report names it. */
struct verdict_side {
	const char *id;                 /* the pack id, with what --compare-* changed */
	const struct stats_counts *c;
	const struct stats_series *s;
};

/* The lines from "completion:" to the length of the games that ended; unit is
 * what length counts ("turns", "acts", "rounds"). */
void verdict_print_series(const struct verdict_side *x, double threshold, const char *unit);

/* The same as members of the JSON object w is writing ("games" .. "length"). */
void verdict_json_series(struct jw *w, const struct verdict_side *x);

/* The verdicts in words: which is fairer, which faster, or why none. */
void verdict_words(const struct verdict_side *a, const struct verdict_side *b, const struct stats_comparison *c,
		   double threshold, const char *unit, char *fair, char *fast, size_t len);

/* The comparison block of the text report; rules_differ names the rules the
 * series differ in ("" when none), besides what else they differ in ("the
 * pattern"; NULL: say only the rules). */
void verdict_print_comparison(const struct verdict_side *a, const struct verdict_side *b,
			      const struct stats_comparison *c, double threshold, const char *unit,
			      const char *rules_differ, const char *besides);

/* The "difference" and "verdict" members of the JSON object w is writing;
 * rules_differ is comma-separated ("" when none). */
void verdict_json_comparison(struct jw *w, const struct verdict_side *a, const struct verdict_side *b,
			     const struct stats_comparison *c, double threshold, const char *rules_differ);

/* An interval as a JSON array [lo, hi] (jw_num each: null when not finite). */
void verdict_json_pair(struct jw *w, double lo, double hi);
/* An estimate and its interval as two members: "key": v, "key_ci": [lo, hi]
 * (key at most 60 characters). */
void verdict_json_estimate(struct jw *w, const char *key, double v, double lo, double hi);

#endif
