/* colour.h: how far a colour moves on its way to print. CIEDE2000 (Sharma, Wu
 * and Dalal's formulation), and the check of a CMYK build's colours: every
 * colour of the pack's palette, its appearance's inks and its templates is taken
 * through the conversion pdfx.c makes (the same profiles) and back to sRGB; a
 * colour that moves more than COLOUR_WARN_DE is reported where it is written,
 * with the CMYK it prints with and the sRGB it comes back as.
 *
 * The games note their colours while they read the pack (colour_note...), the
 * build checks them once the CMYK profile is ready (colour_check) and forgets
 * them (colour_forget). */
#ifndef RAILYARD_COLOUR_H
#define RAILYARD_COLOUR_H

#include <stddef.h>

#include "diag.h"

#define COLOUR_WARN_DE 5.0   /* ΔE2000 a colour may move in print unreported */
#define COLOUR_INK_DE 3.0    /* what the shipped packs' inks keep within */

struct template;

/* CIEDE2000 colour difference of two CIELAB colours {L, a, b} (kL = kC = kH = 1). */
double colour_de2000(const double lab1[3], const double lab2[3]);

/* Where the pack gives palette name its colour, or NULL (palette_loc). */
typedef const struct loc *colour_where(const void *user, const char *name);

/* Note every colour of templates t[0..n) (NULL entries skipped): background,
 * elements, cells, the template's palette and maps. A colour a palette name
 * gives is located where where(user, name) says when it says so (the pack's
 * palette entry), else where the template writes it. */
void colour_note_templates(struct template *const *t, size_t n, colour_where *where,
			   const void *user);
/* Note one colour ("#rrggbb"), what it is in words ("the ink of blue"), written
 * at loc (NULL: nowhere in a file). */
void colour_note(const char *hex, const char *what, const struct loc *loc);

/* Once pdfx_begin succeeded: warn about every noted colour that moves more than
 * COLOUR_WARN_DE. RAILYARD_COLOUR_REPORT=1 (the tests) notes every colour's
 * difference too. Returns the number of warnings. */
int colour_check(void);
/* Forget the noted colours. */
void colour_forget(void);

#endif
