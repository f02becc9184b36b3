/* deck_build.c: what a deck (game: deck) adds to the kit's build
 * (kit_build.h): each card's number and copies, and its cards spread on the
 * reference page. */
#include "deck.h"
#include "kit_build.h"
#include "look.h"

/* Card i's place in the pack (number, with number-ambiguous for a 6 or a 9
 * turned round), unless its own fields give one, and its copies. */
static void item_fields(const struct kit *d, size_t i, struct fields *f)
{
	if (!fields_get(f, "number")) {
		fields_setf(f, "number", "%zu", i + 1);
		if (look_ambiguous((long)i + 1))
			fields_set(f, "number-ambiguous", "1");
	}
	fields_setf(f, "copies", "%ld", d->items[i].count);
}

const struct kit_build_game deck_build_items = {.item_fields = item_fields, .samples = true};
