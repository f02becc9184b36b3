/* kit_games.c: what the deck games' commands share (kit_games.h): loading a pack with
 * its --with/--without groups and the rules its game reads, word lists. It
 * knows no game: the rules reader is a field of the game's struct game. */
#include "kit_games.h"

#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "util.h"

/* The game's rules of a loaded deck into *rules; d, or NULL (freed) on errors. */
static struct kit *with_rules(const struct game *g, struct kit *d, struct game_rules *rules)
{
	if (!d)
		return NULL;
	struct yread r = {.file = d->file};
	*rules = (struct game_rules){0};
	if (g->load_rules)
		g->load_rules(&r, d->rules, rules);
	if (r.errors) {
		kit_free(d);
		return NULL;
	}
	return d;
}

struct kit *kit_games_load(const struct game *g, const struct ydoc *pack, const char *path,
			const struct names_select *sel, struct game_rules *rules)
{
	static const struct names_select none;
	if (!sel)
		sel = &none;
	struct kit *d = pack ? kit_from_doc(ydoc_clone(pack), sel->without, sel->nwithout, sel->with, sel->nwith)
			      : kit_load(path, sel->without, sel->nwithout, sel->with, sel->nwith);
	return with_rules(g, d, rules);
}

char **kit_games_words(const char *s, size_t *n)
{
	char **v = NULL;
	size_t cap = 0;
	*n = 0;
	while (*s) {
		while (*s == ' ' || *s == ',' || *s == '\t' || *s == '\n')
			s++;
		size_t len = strcspn(s, " ,\t\n");
		if (!len)
			break;
		v = xgrow(v, &cap, *n + 1, sizeof *v);
		v[(*n)++] = xstrndup(s, len);
		s += len;
	}
	return v;
}

void kit_games_words_free(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}
