/* buildinput.h: the input half of a build, the same for every game: what a
 * build reads and checks before anything is written (the templates, the
 * pack's size, the bleed, the item and pixel limits, the pre-build check). */
#ifndef RAILYARD_BUILDINPUT_H
#define RAILYARD_BUILDINPUT_H

#include <stdbool.h>
#include <stddef.h>

#include "buildopts.h"
#include "data.h"
#include "draw.h"
#include "template.h"

/* The template a build draws what with ("face", "back", "placemat"): the one the
 * pack names (as_written, at loc) or else the game's default (defname); looked
 * for beside the pack file, in its parent folder, the current folder, the
 * RAILYARD_PATH folders and the installed templates; read only from a trusted
 * folder (trust.h); every font it names present in dr. cells: it must have
 * 'cells' (one per space, ability or token), else a 'size'. Caller frees with
 * template_free; NULL after reporting. */
struct template *build_template(struct drawer *dr, const char *pack_file, const char *as_written,
				const struct loc *loc, const char *defname, const char *what, bool cells);

/* Bounded work and memory: n printed items (every copy counted; what: "cards",
 * "components") within --max-items, else reported at `at` (NULL: none). 0 or -1. */
int build_check_items(const struct build_opts *o, double n, const char *what, const struct loc *at);

/* A pack `railyard check` finds errors (> 0) in is not built, unless --force (a
 * prototype: then a warning, and o->unsound set); errors -1 (a file the check needs refused or
 * missing, reported) is bad input. Returns EXIT_OK, or EXIT_RULE or EXIT_INPUT
 * after reporting. */
int build_check_sound(struct build_opts *o, const char *pack_file, int errors);

/* Which of the home set's files (BO_* mask) the build writes: --only's at home,
 * none for a preset (its files are the service's own). */
int build_home_outputs(const struct build_opts *o);

/* Fit the item templates t[0..n-1] (NULL entries and 'cells' templates skipped)
 * to the pack and the options: the pack's `size:` (cd), its folder for images
 * (pack_file), the bleed of --bleed or the preset; then, when PNG files are
 * written, each within the pixel limits at 300 dpi, named "the back" when it is
 * back, else item ("a card"). Every 'cells' template gets the pack's folder too.
 * Returns 0, or -1 after reporting. */
int build_fit(const struct build_opts *o, const struct card_data *cd, const char *pack_file,
	      struct template *const *t, size_t n, const struct template *back, const char *item);

#endif
