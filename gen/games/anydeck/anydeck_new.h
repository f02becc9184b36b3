/* anydeck_new.h: the deck part of `railyard new --game deck [--cards FILE.csv]`
 * (new.c writes the folder): the cards read from the CSV (or a starter), and
 * the texts of the new pack, its face template and its README. */
#ifndef RAILYARD_ANYDECK_NEW_H
#define RAILYARD_ANYDECK_NEW_H

#include <stddef.h>

#include "data.h"
#include "kit.h"

struct new_deck {
	char *csv;                 /* the CSV's text, copied as cards.csv */
	size_t len;
	struct card_data cd;       /* its rows */
	struct kit_rows rows;     /* the name and count columns, each row's copies */
	int text, kind, index;     /* the columns the face shows there, or -1 */
};

/* Read csv (NULL: the starter) into nd and check it as the pack's rows will be
 * (every bad line, a row without a name, a name twice, a bad count reported at
 * csv:LINE:COL), and pick the columns the face shows. 0, or -1 after reporting;
 * either way free with new_deck_free. */
int new_deck_read(struct new_deck *nd, const char *csv);
void new_deck_free(struct new_deck *nd);

/* The face template: shipped (templates/deck-face.yaml's text) with its fields
 * text, kind and index renamed to the CSV's columns, and a band colour per kind
 * (the first seven). Caller frees. */
char *new_deck_face(const struct new_deck *nd, const char *shipped);
/* pack.yaml and README.md for the folder (title, its pack id, from: the CSV
 * as named). Caller frees. */
char *new_deck_pack(const char *title, const char *id, const char *from);
char *new_deck_readme(const struct new_deck *nd, const char *title, const char *id, const char *from);

#endif
