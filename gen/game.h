/* game.h: the table of games. Per game: its name, how its `rules:` are read, and
 * its commands. main parses a pack file once, finds its `game:` here and runs the
 * command through the entry; adding a game, or a command (say `simulate`) to a
 * game, is one entry or one field. */
#ifndef RAILYARD_GAME_H
#define RAILYARD_GAME_H

#include "ruleset.h"
#include "toytrain.h"
#include "train52.h"
#include "yread.h"
#include "ytree.h"

/* The games railyard knows besides trains. */
#define GAME_TAKE    "take-the-train"
#define GAME_DOMINO  "domino-trains"
#define GAME_TRAIN52 "train-52"
#define GAME_TOY     "toy-train"
#define GAME_DECK    "deck"        /* any card game: no rules (anydeck.c) */

/* The `rules:` of the games whose rules are read outside trains_rules.c, each
 * filled by its own module's reader (trains' rules are part of struct pack):
 * the named rules of every game with their origins (set), and the structured
 * keys some games have beside them (Train's piles, Toy Train's words). */
struct game_rules {
	struct ruleset set;
	struct t52_pack_rules train52;
	struct toy_pack_rules toy;
};

struct game;
struct gsim_engine;
struct deck_build_game;
struct deck_list_game;
struct sim_side;
/* A command: the arguments after the command name (argv[0] is the command) and
 * the game its pack names; returns an exit status (enum exit_status). */
typedef int game_cmd(const struct game *g, int argc, char **argv);

enum game_cmd_kind { GAME_LIST, GAME_CHECK, GAME_BUILD, GAME_SIMULATE, GAME_DUMP, GAME_TUNE, GAME_NCMDS };

struct game {
	const char *name;
	/* Read the pack's `rules:` mapping (NULL: none) into out; every unknown key
	 * or bad value is reported through r. NULL: read elsewhere (trains). */
	void (*load_rules)(struct yread *r, const struct ynode *rules, struct game_rules *out);
	game_cmd *run[GAME_NCMDS];  /* NULL: the game has no such command yet */
	/* A deck-pack game: what its GAME_build.c adds to the deck build, and its
	 * GAME_list.c to the deck list and dump; NULL: trains. */
	const struct deck_build_game *build;
	const struct deck_list_game *list;
	/* The simulate engine (gsim.h): plays one game of a loaded pack (the
	 * core game's pack, or a deck with its game_rules) from a seed stream. */
	const struct gsim_engine *engine;
	/* What `railyard simulate` needs of its packs beyond the engine (simulate.h):
	 * options, loading, its part of the report. */
	const struct sim_side *sim;
};

/* The game named name, or NULL. */
const struct game *game_find(const char *name);
/* The i-th game of the table (trains first), or NULL past the last. */
const struct game *game_at(size_t i);
/* The game of a parsed pack file: its `game:` (trains when it has none), or NULL
 * after reporting an unknown game at its location. */
const struct game *game_of(const struct ydoc *doc);
/* The simulate engines of every game (gsim.h: the type; GAME_sim.c, and
 * trains_gsim.c for the core game's trains_sim.c). */
extern const struct gsim_engine gsim_trains, gsim_take, gsim_domino, gsim_train52, gsim_toy;

#endif
