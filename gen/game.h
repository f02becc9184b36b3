/* game.h: the table of games. Per game: its name, how its `rules:` are read, and
 * its commands. main parses a pack file once, finds its `game:` here and runs the
 * command through the entry; adding a game, or a command (say `simulate`) to a
 * game, is one entry or one field. */
#ifndef RAILYARD_GAME_H
#define RAILYARD_GAME_H

#include "toytrain.h"
#include "train52.h"
#include "yread.h"
#include "ytree.h"

/* The games railyard knows besides trains. */
#define GAME_TAKE    "take-the-train"
#define GAME_DOMINO  "domino-trains"
#define GAME_TRAIN52 "train-52"
#define GAME_TOY     "toy-train"

/* The `rules:` of the games whose rules are read outside trains_rules.c, each filled by
 * its own module's reader (trains' rules are part of struct pack). */
struct game_rules {
	struct t52_pack_rules train52;
	struct toy_pack_rules toy;
};

struct game;
struct deck_build_game;
/* A command: the arguments after the command name (argv[0] is the command) and
 * the game its pack names; returns an exit status (enum exit_status). */
typedef int game_cmd(const struct game *g, int argc, char **argv);

enum game_cmd_kind { GAME_LIST, GAME_CHECK, GAME_BUILD, GAME_SIMULATE, GAME_DUMP, GAME_NCMDS };

struct game {
	const char *name;
	/* Read the pack's `rules:` mapping (NULL: none) into out; every unknown key
	 * or bad value is reported through r. NULL: read elsewhere (trains). */
	void (*load_rules)(struct yread *r, const struct ynode *rules, struct game_rules *out);
	game_cmd *run[GAME_NCMDS];  /* NULL: the game has no such command yet */
	/* A deck-pack game: what its GAME_build.c adds to the deck build; NULL: trains. */
	const struct deck_build_game *build;
};

/* The game named name, or NULL. */
const struct game *game_find(const char *name);
/* The i-th game of the table (trains first), or NULL past the last. */
const struct game *game_at(size_t i);
/* The game of a parsed pack file: its `game:` (trains when it has none), or NULL
 * after reporting an unknown game at its location. */
const struct game *game_of(const struct ydoc *doc);
/* A `rules:` reader for a game that has no rules keys: each key is unknown. */
void game_no_rules(struct yread *r, const struct ynode *rules, struct game_rules *out);

#endif
