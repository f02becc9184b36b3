/* kit.h: the general component model of the other train games (any pack whose
 * `game:` is not `trains`): cards as the product of fields (colour x number),
 * named special cards with counts and optional flags, domino tile sets
 * (double-N), letter distributions with wild cards, tokens, a board of numbered
 * spaces with marked spaces, a deal table, and cards written as rows of data
 * (a CSV file, one card a row: any card game). One loader for all of them; the
 * rules of each game live in their own module (take.h, domino.h, train52.h,
 * toy.h) and read this model.
 *
 * The deck keeps its YAML tree (doc) so a game module can read the keys of its
 * own `rules:` mapping with their file:line:column. */
#ifndef RAILYARD_KIT_H
#define RAILYARD_KIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "data.h"
#include "palette.h"
#include "diag.h"
#include "ytree.h"

#define KIT_MAX_ITEMS   100000L   /* distinct faces after expanding products */
#define KIT_MAX_COUNT   100000L   /* copies of one face, tokens of one kind */
#define KIT_MAX_DOUBLE  30        /* domino sets up to double-30 */
#define KIT_MAX_SPACES  10000     /* board spaces */
#define KIT_MAX_PLAYERS 64

/* What a group of components is. */
enum kit_kind {
	KIT_CARD,    /* `cards:` entries: a product of fields, or a named special */
	KIT_TILE,    /* `tiles:` a double-N domino set; fields low, high */
	KIT_LETTER,  /* `letters:` a letter distribution; field letter */
	KIT_TOKEN,   /* `tokens:` counters printed as a sheet */
};

/* One field of a product: colour: [blue, green, ...] or number: {from: 1, to: 12}. */
struct kit_field {
	char *name;
	char **values;
	size_t n;
	long *counts;            /* KIT_LETTER: counts[i] copies of values[i]; else NULL */
	struct loc loc;
};

/* A group of components written as one entry of the pack. */
struct kit_group {
	enum kit_kind kind;
	char *name;              /* [a-z0-9-]+: what rules and --without name it by */
	char *label;             /* as printed ("Free Ride"), or NULL */
	struct loc loc;
	struct kit_field *fields;
	size_t nfields;
	long count;              /* copies of each face (tokens: how many) */
	bool optional;           /* may be left out (--without NAME) */
	bool included;           /* false when left out by the pack or --without */
	int double_n;            /* KIT_TILE: the set is double-N */
	char *wild;              /* KIT_LETTER: the wild letter ("?"), or NULL */
	char *face;              /* template path as written, or NULL */
	struct loc loc_face;
	/* KIT_CARD from `rows:` (a CSV or YAML file beside the pack, or a list):
	 * one face a row, fields[k].values[r] its column k (a column `count`
	 * gives its copies, not a field); NULL: a product or a named card. */
	char *rows;              /* the rows' file as found, or the pack's for a list */
	size_t nrows;
	long *row_counts;        /* copies of each row (0: left out) */
	size_t name_field;       /* the field naming each card: `name`, else the first */
};

/* One distinct face: a group and one value per field of the group. */
struct kit_item {
	size_t group;
	char **values;           /* values[i] is the group's fields[i] value */
	long count;              /* physical copies */
	char *name;              /* "blue 7", "blue Station", "Free Ride", "3-5", "Q" */
};

/* A mark on board spaces: broken: {label: Broken railway, spaces: [8, 15]}. */
struct kit_mark {
	char *name, *label;
	int *spaces;
	size_t n;
	struct loc loc;
};

struct kit_board {
	bool present;
	int spaces;              /* numbered 1..spaces */
	int start, finish;       /* space numbers */
	char *start_label, *finish_label;
	struct kit_mark *marks;
	size_t nmarks;
	char *face;              /* template, or NULL */
	struct loc loc, loc_face;
};

/* players lo..hi get `cards` each; cards 0 = the components are shared evenly. */
struct kit_deal {
	int lo, hi;
	long cards;
	struct loc loc;
};

/* appearance: {magenta: {ink: "#b0207d"}, hearts: {ink: red, symbol: "♥"}}: for any
 * field whose value is `value`, the build adds the field FIELD-ATTR (colour-ink). */
struct kit_look {
	char *value;
	char **attr, **text;
	size_t n;
	struct loc loc;
};

struct kit {
	char *file;
	struct ydoc *doc;        /* kept for game modules' `rules:` */
	const struct ynode *rules;  /* the `rules:` mapping, or NULL */
	char *id, *title, *game;
	struct loc loc, loc_game;
	struct kit_group *groups;
	size_t ngroups;
	struct kit_item *items; /* only groups that are included */
	size_t nitems;
	struct kit_board board;
	struct kit_deal *deals;
	size_t ndeals;
	char *deal_rest;         /* what the undealt components become, or NULL */
	char *back;              /* back template, or NULL */
	struct loc loc_back;
	char *setup;             /* setup sheet template, or NULL */
	struct loc loc_setup;
	char *reference;         /* reference page template, or NULL (the game's) */
	struct loc loc_reference;
	struct palette palette;  /* palette: (palette.h) */
	struct kit_look *looks;
	size_t nlooks;
	struct card_data data;   /* size:, fields:, data: keyed by item name (data.h) */
};

/* Load and validate a deck pack. without[0..nwithout-1] name optional groups to
 * leave out, with[] optional groups to put back (both checked: an unknown or
 * non-optional name is an error). Every problem is reported through diag();
 * returns NULL on any error. Caller frees with kit_free. */
struct kit *kit_load(const char *path, char *const *without, size_t nwithout, char *const *with,
		       size_t nwith);
/* The same from a parsed (perhaps edited) tree, which the deck takes over: it
 * is freed with the deck, or at once on NULL. */
struct kit *kit_from_doc(struct ydoc *doc, char *const *without, size_t nwithout, char *const *with,
			   size_t nwith);
/* The same from memory (tests); name is used in locations. */
struct kit *kit_parse(const char *name, const char *text, size_t len);
void kit_free(struct kit *d);

/* Rows of data (data.h) read as cards: the name column (`name`, else the
 * first but `count`), the count column or -1, and each row's copies (its
 * count, else dflt) in counts (caller frees). Every row without a name, a name
 * twice and a count that is not one is reported at its row; returns how many. */
struct kit_rows {
	int name, count;
	long *counts;
};
int kit_rows_read(const struct card_data *cd, long dflt, struct kit_rows *out);

/* The group named name, or NULL. */
const struct kit_group *kit_group_named(const struct kit *d, const char *name);
/* The index of field name in group g, or -1. */
int kit_field_index(const struct kit_group *g, const char *name);
/* Physical components of the included groups of a kind (tokens count too). */
long kit_count(const struct kit *d, enum kit_kind kind);
/* The deal entry for a number of players, or NULL. */
const struct kit_deal *kit_deal_for(const struct kit *d, int players);
/* Cards each for `players` from the deal table (shared evenly: total / players),
 * or -1 when the table has no such count. total is what is dealt from. */
long kit_hand_size(const struct kit *d, int players, long total);
/* The attribute attr of value (appearance), or NULL. */
const char *kit_look(const struct kit *d, const char *value, const char *attr);
/* The ink of value (a suit, a colour): the pack's palette's, else its
 * appearance's ink, or NULL. */
const char *kit_ink(const struct kit *d, const char *value);
/* The mark of a board space ("broken"), or NULL. */
const struct kit_mark *kit_space_mark(const struct kit *d, int space);

/* Stable plain-text dump: groups, items with counts, board, deal. */
void kit_dump(const struct kit *d, FILE *out);

#endif
