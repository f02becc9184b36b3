/* kit_reference.h: the reference page of the deck games (Take the Train,
 * dominoes, Train, Toy Train), drawn from templates/GAME-reference.yaml in the
 * trains reference's language: a header, the components grouped with their
 * counts (one template cell per group, and the board), the deal, and whatever
 * legend and cut-out quick reference the template draws. */
#ifndef RAILYARD_KIT_REFERENCE_H
#define RAILYARD_KIT_REFERENCE_H

#include <cairo.h>

#include "kit.h"
#include "draw.h"
#include "template.h"

/* The reference template's default file name for d's game:
 * "templates/GAME-reference.yaml", found as a pack's templates are (a static
 * buffer; not thread-safe). */
const char *kit_reference_default(const struct kit *d);

/* Draw the reference page of d with the cells template t and the fields f of
 * kit_reference_fields onto cr, whose user
 * space is millimetres with the origin at the top-left corner of a 279.4 x 210 mm
 * area (the smaller of A4 and letter, landscape). Whole-page fields: title, pack,
 * game, summary (what the pack holds), deal (one line per player count range,
 * "2-3 players: 13 each"; "Nothing is dealt."), rest (what the undealt components
 * become, or empty), and the
 * pack's fields:. Per cell, one group of components (and the board last): label,
 * count, detail (what it holds: "blue, green, magenta, orange × 1-12"), note
 * (an optional group left out, or the board's marks), is-GROUP and is-KIND (card,
 * tile, letter, token, board). */
void kit_reference_draw(struct drawer *dr, cairo_t *cr, const struct template *t,
			 const struct kit *d, const struct fields *f);
/* The reference page's whole-page fields above (the quick reference's too). */
void kit_reference_fields(const struct kit *d, struct fields *f);
/* The quick reference template's default: "templates/GAME-quickref.yaml". */
const char *kit_quickref_default(const struct kit *d);

#endif
