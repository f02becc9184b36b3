/* trains_rules.h: the pack model. A pack specification (packs/x.yaml) loaded into memory;
 * every item keeps the file:line:column it came from, so later stages (check,
 * build) can still point into the YAML. The model owns all its strings. */
#ifndef RAILYARD_TRAINS_RULES_H
#define RAILYARD_TRAINS_RULES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "ruleset.h"
#include "trains_ability.h"
#include "data.h"
#include "palette.h"
#include "diag.h"

#define PACK_MAX_ID     64
#define PACK_MAX_CARDS  10000000L  /* numbered cards */
#define PACK_MAX_COPIES 100
#define PACK_MAX_WILD   1000
#define PACK_MAX_PLAYERS 64
#define PACK_MAX_SPECS  64         /* entries in `abilities` */

enum apply_to { APPLY_SELF, APPLY_ANYONE };                        /* §5 */
enum swap_across { ACROSS_NONE, ACROSS_TWO, ACROSS_THREE };        /* §6 */
enum win_rule { WIN_ASCENDING, WIN_NEVER_DESCENDING };             /* §7 */
/* The opening, at setup (simulate): none; player k draws k cards and keeps
 * one, the others going face up beside the pile, or face down into the
 * discards (the factory rules). */
enum opening_rule { OPENING_NONE, OPENING_FACE_UP, OPENING_FACE_DOWN };

struct rules {
	enum apply_to apply_to;
	enum swap_across swap_across;
	bool swap_within;      /* §6: swaps inside one sequence still allowed */
	enum win_rule win;
	int freeze_tokens;     /* §11: tokens per player */
	struct loc loc_freeze; /* where freeze-tokens was given */
	bool reshuffle;        /* discards become the new draw pile when it runs out */
	enum opening_rule opening;
	struct loc loc;
	/* every named rule with its origin (ruleset.h): the fields above are read
	 * from it */
	struct ruleset set;
};

/* The named rules of the core game, NULL-key terminated. */
extern const struct ruleset_key trains_rule_keys[];

/* --rule KEY=VALUE (n of them) over pack p's rules, its typed fields set
 * again; false when one is not a rule, not a value, or more freeze tokens
 * than a player has spaces (every one reported). */
struct pack;
bool rules_override(struct pack *p, const char *const *kv, size_t n);

/* players: N cards used by P players (the page's 1-42 for two, 1-63 for three). */
struct players_entry {
	int players;
	long cards;
	struct loc loc;
};

/* One row of an explicit `assignment` table, as written. */
struct table_entry {
	char *ability;         /* as written: "AB", "A ↔ B", "B → X" */
	struct loc loc;
	int index;             /* the pack ability it names, or -1 */
	long *numbers;
	struct loc *number_locs;
	size_t n;
};

struct pack {
	char *file;            /* the path as given; every loc.file points here */
	struct loc loc;        /* the top mapping */
	char *id, *title, *game;
	struct loc loc_id, loc_title, loc_game, loc_layout, loc_abilities, loc_cards;
	struct loc loc_copies, loc_wild;
	struct layout layout;
	struct ability_spec *specs;
	size_t nspecs;
	enum ability_order order;
	long cards;            /* numbered 1..cards */
	int copies;            /* whole packs combined (§7) */
	int wild;              /* wild cards (§10) */
	struct players_entry *players;
	size_t nplayers;
	struct rules rules;
	struct table_entry *table;  /* explicit assignment, when has_table */
	size_t ntable;
	bool has_table;
	struct loc loc_table;       /* the 'assignment' key */
	unsigned table_invalid;     /* entries reported invalid (pack_of lenient only) */
	char *face, *back, *placemat, *reference;  /* template paths as written, or NULL */
	struct loc loc_face, loc_back, loc_placemat, loc_reference;
	struct card_data data;         /* size:, fields:, data: (data.h) */
	struct palette palette;        /* palette: (palette.h) */

	/* Derived on load. */
	struct ability_list abilities;
	int *by_number;        /* by_number[n-1]: ability of card n, or -1 (table gap) */
};

/* Load and validate a pack file. Every problem is reported through diag(), with
 * file:line:column; returns NULL if there was any error. Caller frees with
 * pack_free. */
struct pack *pack_load(const char *path);
/* The same from a parsed (possibly edited) tree; the tree stays the caller's. */
struct ydoc;
struct pack *pack_from_doc(const struct ydoc *doc);
/* A command's pack: from doc, main's parse of it (game.h: game_cmd), or when
 * doc is NULL read from path. lenient: a pack whose assignment table has
 * invalid entries (a space the layout lacks, a card beyond the pack, an ability
 * twice; each reported) is kept, with p->table_invalid counting them and those
 * entries' index -1 or their numbers unassigned, so that check can still
 * compare every other entry. */
struct pack *pack_of(const struct ydoc *doc, const char *path, bool lenient);
/* The same from memory (for tests and fuzzing); name is used in locations. */
struct pack *pack_parse(const char *name, const char *text, size_t len);
void pack_free(struct pack *p);

/* The physical cards of the pack, in print order: every number 1..cards, each
 * `copies` times in a row (1, 1, 2, 2, ... for two copies), then the wild cards. */
long pack_card_total(const struct pack *p);
/* The card at position pos (0-based): its number (0 for a wild card) and ability
 * index (-1 for a wild card or a table gap). */
long pack_card_at(const struct pack *p, long pos, int *ability);

/* Names for the enums, as written in YAML. */
const char *apply_to_name(enum apply_to a);
const char *swap_across_name(enum swap_across s);
const char *win_rule_name(enum win_rule w);
/* "none", "face-up", "face-down". */
const char *opening_rule_name(enum opening_rule o);

/* Write a stable, sorted plain-text dump of the model and its assignment: the
 * debugging view and the basis of golden tests. */
void pack_dump(const struct pack *p, FILE *out);

/* ---- Game of Trains as a plug-in: its parts, registered by trains_game.c ---- */
/* Its name, the `game:` of its packs. */
#define TRAINS_GAME "trains"
/* Its commands (game.h: game_cmd): list and dump (trains_list.c), build
 * (trains_build.c), check (trains_check.c); each reads its pack through pack_of. */
struct game;
int trains_list(const struct game *g, const struct ydoc *pack, int argc, char **argv);
int trains_dump(const struct game *g, const struct ydoc *pack, int argc, char **argv);
int trains_build(const struct game *g, const struct ydoc *pack, int argc, char **argv);
int trains_check(const struct game *g, const struct ydoc *pack, int argc, char **argv);
/* Their options (opt.h), and simulate's (trains_gsim.c): trains_game's options[]. */
struct opt_table;
extern const struct opt_table trains_list_options, trains_dump_options, trains_build_options, trains_check_options,
	trains_simulate_options;
/* Its engine for simulate and tune and its side of simulate (trains_gsim.c,
 * on trains_sim.h's engine). */
struct gsim_engine;
struct sim_side;
extern const struct gsim_engine gsim_trains;
extern const struct sim_side trains_sim_side;

#endif
