/* yread.h: typed readers over a ytree, shared by every loader (packs, decks).
 * Each reader checks one node, reports its own error through diag() at the
 * node's file:line:column, counts it in r->errors, and returns -1; 0 on success.
 * Loaders keep going after an error so every problem in a file is reported. */
#ifndef RAILYARD_YREAD_H
#define RAILYARD_YREAD_H

#include <stdbool.h>
#include <stddef.h>

#include "ytree.h"

struct yread {
	const char *file;   /* when set, locations name this string (owned by the
			       model, so they outlive the tree); else the tree's */
	unsigned errors;
};

/* The location of n, with r->file substituted when n comes from that file. */
struct loc yr_loc(const struct yread *r, const struct ynode *n);
/* Report an error at n (or at the whole file when n is NULL). */
void yr_error(struct yread *r, const struct ynode *n, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* A whole number in [lo, hi]. */
int yr_int(struct yread *r, const char *key, const struct ynode *n, long lo, long hi, long *out);
/* The text of a scalar (any scalar, empty or null included), or NULL after
 * reporting "'key' must be a string". The text belongs to the tree. */
const char *yr_scalar(struct yread *r, const char *key, const struct ynode *n);
/* A string; nonempty when required. *out is replaced (the old value freed). */
int yr_str(struct yread *r, const char *key, const struct ynode *n, bool nonempty, char **out);
/* One of names[0..count-1]: returns its index, or -1. */
int yr_enum(struct yread *r, const char *key, const struct ynode *n, const char *const *names,
	    int count);
int yr_bool(struct yread *r, const char *key, const struct ynode *n, bool *out);
/* n is of the given kind (Y_MAP or Y_SEQ). */
int yr_want(struct yread *r, const char *key, const struct ynode *n, enum ykind kind);
/* Report every key of map not in known[] (NULL-terminated), suggesting the
 * nearest known key when one is close, else listing them. where: " in 'rules'". */
void yr_only_keys(struct yread *r, const struct ynode *map, const char *where,
		  const char *const *known);
/* The known word closest to word (fewer than 3 edits), or NULL. */
const char *yr_closest(const char *word, const char *const *known);
/* The index of key's text in known[] (NULL-terminated); else reports it as
 * yr_unknown_key does and returns -1. For a switch over a mapping's keys. */
int yr_key(struct yread *r, const struct ynode *key, const char *where, const char *const *known);
/* Report one unknown key the same way. */
void yr_unknown_key(struct yread *r, const struct ynode *key, const char *where,
		    const char *const *known);

#endif
