/* game.h: what a game is to the commands, as one plug-in: one `const struct
 * game` in its own folder (gen/games/GAME/GAME_game.c) holding everything it
 * brings, registered by one line of the table of games (games.h,
 * gen/games/games.c). Nothing here names a game: the layers below the games
 * (kit, play) use a game through this interface only. */
#ifndef RAILYARD_GAME_H
#define RAILYARD_GAME_H

#include <stdbool.h>
#include <stddef.h>

#include "ruleset.h"
#include "yread.h"
#include "ytree.h"

/* The `rules:` of the games whose rules are read outside trains_rules.c, each
 * filled by its own GAME_rules.c reader (trains' rules are part of struct pack):
 * the named rules of every game with their origins (set), and the structured
 * keys a game has beside them (Train's piles, Toy Train's words) in own, which
 * only that game reads (its GAME.h casts it, checking the size at compile
 * time). A value: copied with its struct, as the tune variants are. */
#define GAME_RULES_OWN 256
struct game_rules {
	struct ruleset set;
	union {
		long double align;
		void *ptr;
		unsigned char bytes[GAME_RULES_OWN];
	} own;
};

/* The game's rules whose `set` member rs is: for a ruleset_other's setter
 * (inline: a game's rules reader may not call into the table that names it). */
static inline struct game_rules *game_rules_of(struct ruleset *rs)
{
	return (struct game_rules *)(void *)((char *)rs - offsetof(struct game_rules, set));
}

/* What `railyard new --game G` starts from (new.c). */
struct game_starter {
	const char *pack;           /* the shipped pack copied; NULL: the cards of a CSV (deck_new.c) */
	const char *key, *example;  /* the data CSV's key column and a key its cards have */
	int players;                /* the players of the README's simulate line */
	bool check_pack;            /* check takes the pack alone */
	const char *check;          /* a play to check, for the README */
};

struct game;
struct opt_table;
struct gsim_engine;
struct tune_engine;
struct kit_build_game;
struct kit_list_game;
struct sim_side;
/* A command: the game its pack names, the pack file as main parsed it (its
 * first operand; NULL without one, as for --help: the command then reads
 * nothing, or the file it names), and the arguments after the command name
 * (argv[0] is the command); returns an exit status (enum exit_status). The
 * pack stays main's: a loader that keeps a tree takes a copy (ydoc_clone). */
typedef int game_cmd(const struct game *g, const struct ydoc *pack, int argc, char **argv);

enum game_cmd_kind { GAME_LIST, GAME_CHECK, GAME_BUILD, GAME_SIMULATE, GAME_DUMP, GAME_TUNE, GAME_NCMDS };

struct game {
	const char *name;
	/* Read the pack's `rules:` mapping (NULL: none) into out; every unknown key
	 * or bad value is reported through r. NULL: read elsewhere (trains). */
	void (*load_rules)(struct yread *r, const struct ynode *rules, struct game_rules *out);
	game_cmd *run[GAME_NCMDS];  /* NULL: the game has no such command yet */
	/* The option table (opt.h) each command of run parses with (cli_next):
	 * what --complete, the did-you-mean of a misspelt option and the options
	 * another game has read, without running the command. Set exactly where
	 * run is (tests/unit/test_game.c). */
	const struct opt_table *options[GAME_NCMDS];
	/* A deck-pack game: what its GAME_build.c adds to the deck build, and its
	 * GAME_list.c to the deck list and dump; NULL: trains. */
	const struct kit_build_game *build;
	const struct kit_list_game *list;
	/* The simulate engine (gsim.h): plays one game of a loaded pack (the
	 * core game's pack, or a deck with its game_rules) from a seed stream. */
	const struct gsim_engine *engine;
	/* What `railyard simulate` needs of its packs beyond the engine (simulate.h):
	 * options, loading, its part of the report. */
	const struct sim_side *sim;
	/* What `railyard tune` plays its variants with (tune.h), NULL: no tune. */
	const struct tune_engine *tune;
	/* The keys `--rule` takes: its named rules (the completion's words;
	 * NULL: none) and the others it reads itself (NULL: none). */
	const struct ruleset_key *rule_keys;
	const struct ruleset_other *rule_others;
	struct game_starter starter;
};

#endif
