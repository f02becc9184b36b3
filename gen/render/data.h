/* data.h: what a pack adds to its cards' fields, for every game:
 *
 *   size: tarot                # the cards' size, overriding the templates'
 *   fields: {edition: First, designer: A. Smith}    # on every card (and back)
 *   data: cards.csv            # or cards.yaml, or an inline list of mappings
 *
 * A data file or list has one row per card (or per group of cards), keyed by a
 * column `number` or `code` (trains: a card number, or an ability code: every
 * card with it) or `name` (other games: the item's name, "blue 7"). Its columns
 * become fields of those cards; every card has every column (empty when no row
 * names it). CSV follows RFC 4180: a header line, commas, "quoted" fields with ""
 * for a quote, line breaks inside quotes. Files are found beside the pack under
 * the trust rule (path_inside). */
#ifndef RAILYARD_DATA_H
#define RAILYARD_DATA_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"
#include "yread.h"

#define DATA_MAX_ROWS    100000
#define DATA_MAX_COLUMNS 64
#define DATA_MAX_BYTES   (4u << 20)
#define DATA_MAX_CHARS   2000     /* characters of one value */

struct data_row {
	char **values;           /* one per column; values[key] is the key */
	struct loc loc;
};

struct card_data {
	char *file;              /* the data file as found (locations point here), or NULL */
	char **columns;
	size_t ncolumns;
	size_t key;              /* the key column */
	struct data_row *rows;
	size_t nrows, caprows;
	struct loc loc;          /* the pack's `data:` */
	char **names, **values;  /* `fields:` */
	size_t nfields;
	bool has_size;           /* `size:` */
	double w, h;             /* mm */
	struct loc loc_size;
};

struct fields;

/* Read the value of a pack's `data:` (a file name beside pack_file, or a list),
 * `fields:` and `size:` keys into d. Problems are reported through r; 0 or -1.
 * key_names: the key columns this game accepts, in order of preference. */
int data_read(struct yread *r, const struct ynode *n, const char *pack_file,
	      const char *const *key_names, struct card_data *d);
/* The same reading for a pack's own rows of cards (a deck group's `rows:`,
 * key names the pack's key in messages): every column kept, the rows in the
 * order written, no key column chosen. 0, or -1 after reporting. */
int data_read_rows(struct yread *r, const struct ynode *n, const char *pack_file, const char *key,
		   struct card_data *d);
int data_read_fields(struct yread *r, const struct ynode *n, struct card_data *d);
/* The CSV text[0..len) of the data file named file, as data_read reads it (the
 * fuzz target's way in); key_names NULL: as data_read_rows reads it, every row
 * in order and no key. Returns 0, or -1 after reporting. */
int data_read_csv(const char *file, const char *text, size_t len, const char *const *key_names,
		  struct card_data *d);
int data_read_size(struct yread *r, const struct ynode *n, struct card_data *d);

/* Report every row whose key names no card: exists(user, column, key) says
 * whether one does; name_at(user, i), the i-th name a key may be (NULL past
 * the last; name_at may be NULL), gives the "did you mean" (case folded: 'blue
 * station' finds 'blue Station'). Returns the number of such rows. */
int data_check_keys(const struct card_data *d, bool (*exists)(void *user, const char *column,
							       const char *key),
		    const char *(*name_at)(void *user, size_t i), void *user);
/* While on, data_check_keys reports such rows as warnings and counts none
 * (`list` lists the cards, so that their names can be looked up). */
void data_keys_warn(bool on);

/* Add d's fields to an item's fields f (already holding the item's own, among
 * them the key column): `fields:` where f has no such field yet, then every
 * column, empty or from the item's row. */
void data_fields(const struct card_data *d, struct fields *f);

/* The key column's name, or NULL when d has no rows. */
const char *data_key_name(const struct card_data *d);

void data_free(struct card_data *d);

#endif
