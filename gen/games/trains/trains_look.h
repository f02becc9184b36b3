/* trains_look.h: the fields the default Game of Trains templates draw with, so
 * that a card shows its ability's spaces in the colours of the placemat's spaces.
 * Colours come from look.h. */
#ifndef RAILYARD_TRAINS_LOOK_H
#define RAILYARD_TRAINS_LOOK_H

#include "trains_ability.h"
#include "draw.h"
#include "palette.h"

/* Set the fields of ability a's drawing in f: kind, symbol (↔ → ← ↓ ↑ ⇄ ⇅),
 * space1, space2 ... (the spaces it names), and the chips the default face
 * shows, chip1 symbol [chip2 | X]: chipK (a token: "B", "AD", "A*", "*"),
 * chipK-a, chipK-b (its letters), chipK-colour, chipK-ink, chipK-colour2,
 * chipK-ink2 (their colours and the text on them), chipK-cue, chipK-cue2 (the
 * letters' second cue beyond eight colours: look_space_cue), target ("X" on a removal),
 * and one of line-pair (one-letter chips), grid-pair (two-letter chips) or
 * grid-single (chip1 and the symbol only) set to "1". A number-based ability
 * gets kind and an empty symbol only. Colours: pal's space letters (A: "#..."),
 * else look.h's (pal may be NULL). */
void trainlook_ability(const struct layout *lay, const struct palette *pal, const struct ability *a,
		       struct fields *f);

/* Set a placemat space's fields in f: a and b (the letters of its name, b empty
 * on a line), colour, ink, colour2, ink2, cue, cue2 (as on the cards' chips), grid. */
void trainlook_space(const struct layout *lay, const struct palette *pal, const char *name,
		     struct fields *f);
/* Set colour-A .. colour-Z and ink-A .. ink-Z in f: every letter's colour and
 * the text on it, for a legend (the reference's quick-reference card). */
void trainlook_legend(const struct palette *pal, struct fields *f);

#endif
