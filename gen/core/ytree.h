/* ytree.h: a YAML document as a small tree whose every node keeps its
 * file:line:column. The only module that talks to libyaml; everything that reads
 * YAML (packs, templates) walks this tree instead.
 *
 * Limits (beyond them a clear error, never a hang or an out-of-memory):
 * file size, scalar length, nesting depth, and the node count and text size after
 * aliases are expanded are the YT_MAX_* values below. */
#ifndef RAILYARD_YTREE_H
#define RAILYARD_YTREE_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"

#define YT_MAX_FILE   (4u << 20)   /* bytes in one YAML file */
#define YT_MAX_SCALAR (64u << 10)  /* bytes in one scalar */
#define YT_MAX_DEPTH  64           /* nested collections */
#define YT_MAX_NODES  200000       /* nodes, counting every alias expansion */
#define YT_MAX_TEXT   (16u << 20)  /* scalar bytes in all, counting alias expansions */

enum ykind { Y_SCALAR, Y_SEQ, Y_MAP };

struct ynode;
struct ypair {
	struct ynode *key, *value;
};

struct ynode {
	enum ykind kind;
	struct loc loc;
	/* Y_SCALAR */
	char *str;
	size_t len;
	bool plain;     /* unquoted: may be a number, boolean or null */
	/* Written inline: a plain or quoted scalar, or a collection in [ ] or { }
	 * (not a block collection, a | or > scalar, or an alias's copy). Its text
	 * then runs from loc to end_line:end_col (1-based, the end exclusive), so
	 * an edit can replace exactly it (tune --write). */
	bool flow;
	unsigned end_line, end_col;
	/* Y_SEQ: items; Y_MAP: pairs (keys are scalars, no duplicates) */
	struct ynode **items;
	struct ypair *pairs;
	size_t n;
};

struct ydoc {
	char *file;         /* the name used in locations */
	struct ynode *root; /* NULL for an empty document */
	unsigned errors;    /* problems already reported that left the tree usable
			       (a duplicate key is dropped, for one): the caller goes on
			       to report more, then fails */
};

/* Parse path into a tree. Every problem is reported through diag(); returns NULL
 * when the text is not YAML, and a tree with doc->errors > 0 when it is but has
 * problems such as duplicate keys. Caller frees with ydoc_free. The file's text is registered with
 * diag_source so later messages can quote it. */
struct ydoc *ydoc_load(const char *path);
/* The same from memory; name is used in locations. */
struct ydoc *ydoc_parse(const char *name, const char *text, size_t len);
void ydoc_free(struct ydoc *doc);

/* Trees edited in memory (tune's variants). ydoc_clone is a deep copy whose
 * nodes keep their lines and columns and name the clone's own copy of the file
 * name; a node's clone (ynode_clone) points at the original's file name, so the
 * original outlives it. Free with ydoc_free / ynode_free. */
struct ydoc *ydoc_clone(const struct ydoc *doc);
struct ynode *ynode_clone(const struct ynode *n);
void ynode_free(struct ynode *n);
/* New nodes at location at; the text is copied. */
struct ynode *ynode_new_scalar(const char *text, bool plain, struct loc at);
struct ynode *ynode_new_map(struct loc at);
/* Put key: value into map (a scalar key), replacing the value of an equal key;
 * map takes both nodes. */
void ymap_set(struct ynode *map, struct ynode *key, struct ynode *value);

/* The value of key in a mapping, or NULL. */
const struct ynode *ymap_get(const struct ynode *map, const char *key);
/* "a mapping", "a list", "a string"...: for messages. */
const char *ynode_what(const struct ynode *n);
/* A plain or quoted scalar holding an integer (no fraction); 0 or -1. No message. */
int ynode_int(const struct ynode *n, long *out);
/* A number with an optional fraction; 0 or -1. No message. */
int ynode_double(const struct ynode *n, double *out);
/* true/false/yes/no/on/off; 0 or -1. No message. */
int ynode_bool(const struct ynode *n, bool *out);
/* Plain null, ~ or empty. */
bool ynode_is_null(const struct ynode *n);

#endif
