/* palette.h: a pack's `palette:`, the designer's colours, for every game:
 *
 *   palette:
 *     A: "#e69f00"          # trains: a space letter's colour (cards, placemat, reference)
 *     accent: "#2a3550"     # a name of the templates' own palettes (accent, background...)
 *     blue: "#102ad6"       # other games: a value the pack's appearance gives an ink
 *
 * Names are checked against what the build's templates and the game offer when a
 * build starts (palette_apply); colours when the pack is read. */
#ifndef RAILYARD_PALETTE_H
#define RAILYARD_PALETTE_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"
#include "yread.h"

#define PALETTE_MAX 256
#define PALETTE_CVD_MIN 30.0  /* CIE76 apart under each simulated deficiency */

struct palette_entry {
	char *name, *value;      /* value: "#rrggbb" */
	struct loc loc, loc_value;
};

struct palette {
	struct palette_entry *v;
	size_t n;
	struct loc loc;
};

struct template;

/* Read a pack's `palette:` mapping into p (replacing nothing: call once). Names
 * are a space letter A-Z or a-z, 0-9 and '-'; values a colour (#rgb, #rrggbb or
 * a colour name), else a located error with the nearest colour name. 0 or -1. */
int palette_read(struct yread *r, const struct ynode *n, struct palette *p);
/* The colour ("#rrggbb") p gives name, or NULL. */
const char *palette_get(const struct palette *p, const char *name);
/* Where p gives name its colour (the value), or NULL. */
const struct loc *palette_loc(const struct palette *p, const char *name);
/* Check every name of p against the names the build offers: extra[0..nextra)
 * (the game's: space letters, suit values) and every template's palette names
 * (t[i] may be NULL), reporting each unknown one at its line with the nearest
 * known name (only when all: t[] holds every template the pack has, not only
 * those a partial build draws); then recolour every template
 * (template_recolour) and note its colours for the print check
 * (colour_note_templates). 0, or -1 after reporting. */
int palette_apply(const struct palette *p, struct template *const *t, size_t nt,
		  const char *const *extra, size_t nextra, bool all);
/* Warn, at the pack's palette entry, about each pair of colours[0..n) (names[i]
 * for messages) that the palette brings closer than PALETTE_CVD_MIN under a
 * simulated deficiency, where their defaults[] were not: what: "suits",
 * "spaces"; cue: the second cue the items still carry, for the message.
 * Returns the number of warnings. */
int palette_check_vision(const struct palette *p, const char *const *names,
			 const char *const *colours, const char *const *defaults, size_t n,
			 const char *what, const char *cue);
void palette_free(struct palette *p);

#endif
