/* deck.h: `game: deck`, any card game: a deck pack (kit.h) of cards, written as
 * products, named cards or rows of a CSV, printed through the kit's build
 * (kit_build.h) with no rules at all. Its check is the pack's structure (the
 * components and their counts, the templates, the fields every face shows); it
 * has no rules engine, so simulate and tune refuse its packs at their `game:`
 * line (main.c). Its parts, registered by deck_game.c, and what `railyard new
 * --game deck` writes (deck_new.c). */
#ifndef RAILYARD_DECK_H
#define RAILYARD_DECK_H

#include <stddef.h>

#include "data.h"
#include "kit.h"

/* Its name, the `game:` of its packs. */
#define DECK_GAME "deck"

/* ---- the game as a plug-in: its parts, registered by deck_game.c ---- */
struct game;
struct ydoc;
struct opt_table;
struct kit_build_game;
struct kit_list_game;
/* railyard check (deck_check.c): the structure only, and its options (opt.h;
 * the game's options[GAME_CHECK]). */
int deck_check(const struct game *g, const struct ydoc *pack, int argc, char **argv);
extern const struct opt_table deck_check_options;
/* What it adds to the kit's build and list (deck_build.c, deck_list.c). */
extern const struct kit_build_game deck_build_items;
extern const struct kit_list_game deck_list_items;

/* ---- railyard new --game deck [--cards FILE.csv] (deck_new.c; new.c writes
 * the folder): the cards read from the CSV (or a starter), and the texts of
 * the new pack, its face template and its README. ---- */
struct deck_new {
	char *csv;                 /* the CSV's text, copied as cards.csv */
	size_t len;
	struct card_data cd;       /* its rows */
	struct kit_rows rows;      /* the name and count columns, each row's copies */
	int text, kind, index;     /* the columns the face shows there, or -1 */
};

/* Read csv (NULL: the starter) into nd and check it as the pack's rows will be
 * (every bad line, a row without a name, a name twice, a bad count reported at
 * csv:LINE:COL), and pick the columns the face shows. 0, or -1 after reporting;
 * either way free with deck_new_free. */
int deck_new_read(struct deck_new *nd, const char *csv);
void deck_new_free(struct deck_new *nd);

/* The face template: shipped (templates/deck-face.yaml's text) with its fields
 * text, kind and index renamed to the CSV's columns, and a band colour per kind
 * (the first seven). Caller frees. */
char *deck_new_face(const struct deck_new *nd, const char *shipped);
/* pack.yaml and README.md for the folder (title, its pack id, from: the CSV
 * as named). Caller frees. */
char *deck_new_pack(const char *title, const char *id, const char *from);
char *deck_new_readme(const struct deck_new *nd, const char *title, const char *id, const char *from);

#endif
