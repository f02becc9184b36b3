/* games.c: the table of games and the pick of a pack's game (games.h). */
#include "games.h"

#include <string.h>

#include "util.h"

/* Every game railyard knows, each defined in its own file; the core game first. */
extern const struct game trains_game, take_game, domino_game, train52_game, toy_game, deck_game;

static const struct game *const games[] = {
	&trains_game,      /* trains_game.c */
	&take_game,        /* take_game.c */
	&domino_game,      /* domino_game.c */
	&train52_game,     /* train52_game.c */
	&toy_game,         /* toy_game.c */
	&deck_game,        /* deck_game.c */
};
#define NGAMES (sizeof games / sizeof *games)

const struct game *game_find(const char *name)
{
	for (size_t i = 0; i < NGAMES; i++)
		if (strcmp(games[i]->name, name) == 0)
			return games[i];
	return NULL;
}

const struct game *game_at(size_t i)
{
	return i < NGAMES ? games[i] : NULL;
}

const struct game *game_of(const struct ydoc *doc)
{
	const struct ynode *n = doc->root && doc->root->kind == Y_MAP ? ymap_get(doc->root, "game") : NULL;
	/* No game, or not a name: trains, whose loader says what is wrong. */
	if (!n || n->kind != Y_SCALAR)
		return games[0];
	const struct game *g = game_find(n->str);
	if (g)
		return g;
	struct buf b = {0};
	const char *names[NGAMES + 1];
	for (size_t i = 0; i < NGAMES; i++) {
		buf_printf(&b, "%s%s", i ? ", " : "", games[i]->name);
		names[i] = games[i]->name;
	}
	names[NGAMES] = NULL;
	const char *near = closest_word(n->str, names);
	struct yread r = {0};
	if (near)
		yr_error(&r, n, "unknown game '%s' (did you mean '%s'? known: %s)", n->str, near, b.s);
	else
		yr_error(&r, n, "unknown game '%s' (known: %s)", n->str, b.s);
	buf_free(&b);
	return NULL;
}
