/* tune.h: `railyard tune`, a search over a pack's variants for the fairest one,
 * and `railyard merge`, which joins the shards of one. Knows no game: a game
 * takes part through a struct tune_engine (trains: trains_tune.c).
 *
 * A variant is the pack's YAML tree with some keys set (tune_space.c), loaded
 * through the game's own loader. Variants are raced (tune.c): games go in
 * rounds to the variants and player counts still in question; a variant is
 * dropped as worse only with the race's family-wise error controlled (Holm
 * each round, the error spent over the rounds), or when it stalls or breaks a
 * constraint with confidence. Game g of every variant plays from
 * the same seed (common random numbers), so a variant's series is exactly
 * `simulate --seed S --games N` of that variant. */
#ifndef RAILYARD_TUNE_H
#define RAILYARD_TUNE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util.h"
#include "ytree.h"

struct gsim_engine;
struct gsim_params;

#define TUNE_MAX_KEYS      16
#define TUNE_MAX_VALUES    1000     /* values of one key */
#define TUNE_MAX_VARIANTS  4096

/* What one game came to: the winning seat or -1, its length in the engine's
 * unit, and whether it stalled (could never end). */
struct tune_outcome {
	int winner;
	int length;
	bool stalled;
};

/* A game as tune sees it. Every function but load is called from worker
 * threads on read-only variants and series; a worker is one thread's. */
struct tune_engine {
	const char *game;                 /* NULL: the pack's game: */
	const char *unit;                 /* what length counts: "turns"; NULL: unit_of */
	int max_length;                   /* default horizon: a longer game is a timeout */
	/* rules the pack cannot say yet: the writer leaves them as a comment */
	const char *const *sim_only;
	/* Load a variant from its edited tree through the game's loader; NULL
	 * after reporting every problem at its location. game: what the game
	 * table handed tune_run; policy: --policy or NULL. */
	void *(*load)(struct ydoc *doc, const void *game, const char *policy);
	void (*free)(void *variant);
	/* The unit of a variant's game length, when unit is NULL. */
	const char *(*unit_of)(const void *variant);
	/* The player counts the pack's own tables name (into counts, at most max). */
	int (*pack_counts)(const void *variant, int *counts, int max);
	/* A series at n players; NULL with a reason in err when it cannot be played. */
	void *(*series_new)(const void *variant, int players, int max_length, char *err, size_t errlen);
	void (*series_free)(void *series);
	void *(*worker_new)(const void *series);
	void (*worker_free)(void *worker);
	/* Play game g of the series seeded by seed into *o. */
	void (*play)(void *worker, uint64_t seed, uint64_t g, struct tune_outcome *o);
	/* The skill games (--objective skill, --require skill=...): the policies
	 * a level may name (skill_parse_level's npolicies), a series' engine of
	 * the game table with its params (the pack, players, max_length), and
	 * tune_skill.h's two functions, which play them through skill.h. */
	int npolicies;
	const struct gsim_engine *(*gsim)(const void *series, const struct gsim_params **params);
	int (*skill_levels)(const struct tune_engine *e, const char *spec, char **norm, char *err, size_t errlen);
	int (*skill_play)(const struct tune_engine *e, const void *series, const char *levels, uint64_t seed,
			  long first, long last, uint64_t *out, char *err, size_t errlen);
};

/* ---- the search space (tune_space.c) ---- */

struct tune_key {
	char *path;                 /* "wild", "rules.opening", "players.5" */
	struct ynode **values;      /* owned */
	size_t n;
	char *spec;                 /* as written, for the report: "0..3", "[1, 2]" */
};

struct tune_space {
	struct tune_key keys[TUNE_MAX_KEYS];
	size_t nkeys, nvariants;
	bool from_cli;              /* --vary, not the pack's tune: */
	struct ydoc **docs;         /* the parsed --vary values, which their nodes' locations name */
	size_t ndocs;
};

/* Read the space: the --vary arguments (KEY=V1,V2,... or KEY=LO..HI) when any,
 * else the pack's `tune:` mapping. Reports every problem; 0 or -1. */
int tune_space_read(struct tune_space *sp, const struct ydoc *pack, char *const *vary, size_t nvary);
void tune_space_free(struct tune_space *sp);
/* A new tree: base with variant v's keys set. Caller frees with ydoc_free. */
struct ydoc *tune_space_variant(const struct tune_space *sp, const struct ydoc *base, size_t v);
/* "wild=1 copies=2 rules.opening=face-up": every key (all) or only those whose
 * value differs from base's ("-" when none), appended to out. */
void tune_space_label(const struct tune_space *sp, const struct ydoc *base, size_t v, bool all,
		      struct buf *out);
/* Variant v's value of every key of sp, as one JSON object ({"wild": 2,
 * "rules.win": "ascending"}); the caller frees it. */
char *tune_keys_json(const struct tune_space *sp, size_t v);
/* The pack's text with variant v's keys set, comments kept where the edit
 * allows, after the header comment lines `comment` (each starting "# "); keys
 * in sim_only become comments. Returns 0, or -1 after reporting. */
int tune_space_write(const struct tune_space *sp, const struct ydoc *base, const char *text, size_t len,
		     size_t v, const char *comment, const char *const *sim_only, struct buf *out);

/* ---- the commands ---- */

/* The engines: the core game (trains_tune.c) and the deck games on their
 * game-table engines (kit_tune.c, whose game is the struct game). */
extern const struct tune_engine trains_tune_engine, kit_tune_engine;

/* railyard merge DIR... (argv[0] is "merge"), and its options (opt.h). */
int cmd_merge(int argc, char **argv);
struct opt_table;
extern const struct opt_table merge_options, tune_options;

/* railyard tune for every game with a tune engine (tune.c), through game->tune. */
struct game;
struct ydoc;
int cmd_tune(const struct game *game, const struct ydoc *pack, int argc, char **argv);

#endif
