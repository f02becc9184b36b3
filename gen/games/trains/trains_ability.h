/* trains_ability.h: the assignment core. Which abilities a pattern has, in which order,
 * and which ability each card number carries. Pure: no I/O, no Cairo, no YAML.
 *
 * Spaces are numbered 0..census-1. On a line they are named A, B, C...; on a grid
 * of R rows and C columns, rows are lettered first and columns after them (3x3:
 * rows A-C, columns D-F), and space r*C+c is named row letter + column letter
 * (AD .. CF), as on the seed page. */
#ifndef RAILYARD_TRAINS_ABILITY_H
#define RAILYARD_TRAINS_ABILITY_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"

#define MAX_CENSUS 26   /* spaces on a line: A..Z */
#define MAX_GRID_LETTERS 26 /* rows + columns of a grid */
#define MAX_SPACES 169  /* 13 x 13 */

struct layout {
	int census;     /* number of spaces */
	int rows, cols; /* a grid; both 0 for a line */
};

/* What one entry of a pack's `abilities` list asks for. */
enum ability_kind {
	AK_SWAP,                  /* swap: every pair of spaces, s ↔ t */
	AK_REMOVE,                /* remove: each space, s → X (replace from the draw pile) */
	/* grids: specific abilities (§8) */
	AK_ROW_SWAP,              /* row-swap: two given cards of one row */
	AK_COLUMN_SWAP,           /* column-swap: two given cards of one column */
	AK_CROSS_SWAP,            /* cross-swap: two given cards sharing neither row nor column */
	AK_ROW_ROTATE,            /* row-rotate: a given row, right or left */
	AK_COLUMN_ROTATE,         /* column-rotate: a given column, down or up */
	/* grids: discretionary abilities (§8) */
	AK_ROW_ANY_SWAP,          /* row-any-swap: any two cards of a given row */
	AK_COLUMN_ANY_SWAP,       /* column-any-swap: any two cards of a given column */
	AK_PAIR_ANY_ROW,          /* pair-any-row: given two columns, in a row of choice */
	AK_PAIR_ANY_COLUMN,       /* pair-any-column: given two rows, in a column of choice */
	AK_ROTATE_ANY_ROW,        /* rotate-any-row: given direction, a row of choice */
	AK_ROTATE_ANY_COLUMN,     /* rotate-any-column: given direction, a column of choice */
	AK_ROW_ROTATE_EITHER,     /* row-rotate-either: given row, direction of choice */
	AK_COLUMN_ROTATE_EITHER,  /* column-rotate-either: given column, direction of choice */
	AK_ROW_ANY_REMOVE,        /* row-any-remove: a card of choice from a given row */
	AK_COLUMN_ANY_REMOVE,     /* column-any-remove: a card of choice from a given column */
	/* §9: abilities that depend on the numbers on the cards */
	AK_NUMBER,
	AK_COUNT
};

/* What using an ability of a kind does to the cards. */
enum kind_effect {
	KE_SWAP,     /* two cards change places */
	KE_REMOVE,   /* a card is replaced from the draw pile */
	KE_ROTATE,   /* the cards of a row or column move one place round */
	KE_NUMBER,   /* §9: which cards depends on their numbers (spec's action) */
};

/* What the player chooses when using an ability (§8), as bits; 0 for the
 * specific abilities, which name everything themselves. */
#define KC_SPACES    1u  /* the spaces: two to swap, or one to remove */
#define KC_LINE      2u  /* a row or a column */
#define KC_DIR       4u  /* the direction of a rotation */
#define KC_BY_SPACES 8u  /* the line may be named by the two spaces the swap moves */
#define KC_ROW      16u  /* a line letter given with --on names a row (else a column) */

/* The kind table (trains_ability.c): one entry per kind. A new kind is an entry there,
 * its abilities in ability_list_build and its moves in pos_ways (trains_position.c),
 * which the checker and the simulator both use. */
struct ability_kind_info {
	const char *name;        /* in YAML: "swap", "row-rotate", ... */
	bool grid_only;          /* needs a grid layout */
	enum kind_effect effect;
	unsigned choose;         /* KC_* */
	const char *on_hint;     /* what `check --on` must say for it (choose != 0) */
};
/* The entry of kind k (k < AK_COUNT). */
const struct ability_kind_info *ability_kind_info(enum ability_kind k);

/* The YAML name of a kind ("swap", "row-rotate", ...), and back (-1 if unknown). */
const char *ability_kind_name(enum ability_kind k);
int ability_kind_parse(const char *name);
/* Whether a kind needs a grid layout. */
bool ability_kind_grid_only(enum ability_kind k);

/* §9 number-based abilities, parameterised so designers can invent them in YAML. */
enum number_action { NUM_REMOVE, NUM_EXCHANGE };   /* remove the pick; swap lowest and highest */
enum number_pick { PICK_LOWEST, PICK_HIGHEST };
enum number_filter { FILTER_ANY, FILTER_EVEN, FILTER_ODD };
enum number_scope { SCOPE_SEQUENCE, SCOPE_ROW, SCOPE_COLUMN };

/* One entry of the `abilities` list. */
struct ability_spec {
	enum ability_kind kind;
	struct loc loc;
	/* AK_NUMBER only */
	enum number_action action;
	enum number_pick pick;
	enum number_filter filter;
	enum number_scope scope;
	char *code;     /* designer's short code, e.g. "LE" */
	char *name;     /* e.g. "remove the lowest even-numbered card" */
};

/* One ability as printed on a card. */
struct ability {
	enum ability_kind kind;
	short spec;        /* index of the `abilities` entry it came from */
	short anchor;      /* first space it names (for `order: space`), or -1 */
	/* Specific abilities: the spaces moved. A swap is {s, t}; a removal {s}; a
	 * rotation is a cycle where the card at sp[i] moves to sp[i+1] (last to first). */
	unsigned char nsp;
	short sp[MAX_CENSUS];
	/* Discretionary and number abilities: the given row/column (0-based among
	 * rows or among columns), the second one for pair kinds, else -1. */
	short line, line2;
	signed char dir;   /* rotations: +1 right/down, -1 left/up, 0 either */
	char code[24];     /* short form on the card: AB, BX, A>, *DE ... */
	char symbolic[96]; /* long form: A ↔ B, B → X, AD → AE → AF → AD ... */
};

struct ability_list {
	struct ability *v;
	size_t n;
};

enum ability_order { ORDER_SPACE, ORDER_KIND };

/* The name of space s ("C", "BF"); buf needs 3 bytes. */
const char *space_name(const struct layout *lay, int s, char buf[3]);
/* Parse a space name; returns its index or -1. */
int space_parse(const struct layout *lay, const char *name);

/* Expand the specs into the pattern's ordered abilities.
 * ORDER_SPACE: grouped by the first space each names, specs in listed order within
 * a space (A → X, A ↔ B … A ↔ G, B → X, B ↔ C …: the page's pattern two);
 * ORDER_KIND: all abilities of the first spec, then the second... Caller frees
 * with ability_list_free. Kinds that need a grid yield nothing on a line. */
void ability_list_build(const struct layout *lay, const struct ability_spec *specs,
			size_t nspecs, enum ability_order order, struct ability_list *out);
void ability_list_free(struct ability_list *l);

/* Index of the ability whose code or symbolic form is text (spaces and, for
 * swaps and removals, the arrows ↔ → are optional), or -1. */
int ability_find(const struct ability_list *l, const char *text);

/* Whether ability a moves or names space s. */
bool ability_names_space(const struct layout *lay, const struct ability *a, int s);

/* The computed assignment: card number n (1-based) carries ability (n-1) mod k. */
static inline int ability_of_number(size_t nabilities, long number)
{
	return (int)((number - 1) % (long)nabilities);
}

/* How many of cards 1..upto carry each ability, into counts[k] (zeroed first).
 * by_number[n-1] is the ability index of card n, or -1 when none. */
void ability_counts(const int *by_number, long upto, size_t k, long *counts);

#endif
