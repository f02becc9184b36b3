/* look.h: the pure helpers of the default look: the colour of each space letter
 * (shared by cards and placemats) and the numbers that read as another number
 * when turned 180 degrees. No I/O, no Cairo. */
#ifndef RAILYARD_LOOK_H
#define RAILYARD_LOOK_H

#include <stdbool.h>

/* The colour of space letter i (0 = A, 1 = B ...) as "#rrggbb": the Okabe-Ito
 * palette (orange, sky blue, bluish green, yellow, blue, vermillion, reddish
 * purple, black), repeating from the ninth letter on, where look_space_cue and
 * the letter printed on it tell them apart. i < 0 (a '*' or no letter): a
 * neutral grey. */
const char *look_space_colour(int i);
/* The second cue of space letter i, one per group of eight letters sharing the
 * palette: "" for A-H, "ring" for I-P, "bar" for Q-X, "dot" for Y-Z (the
 * templates draw a ring inside the chip, a bar under the letter, a dot in its
 * corner). */
const char *look_space_cue(int i);
/* The ink for text on look_space_colour(i): dark on the light colours, white on
 * the dark ones. */
const char *look_space_ink(int i);

/* The ink for text on a designer's colour hex ("#rrggbb"): dark or white,
 * whichever contrasts more (WCAG). */
const char *look_ink_on(const char *hex);

/* How the decimal number n reads turned 180 degrees: 0 1 8 read as themselves,
 * 6 and 9 as each other; -1 when some digit reads as no digit, or the turned
 * reading starts with 0 (n ends in 0). n >= 0. */
long look_turned(long n);
/* Whether n turned 180 degrees reads as a different number (6, 9, 16, 18, 19, 61,
 * 66, 68, 81, 86, 89, 91, 98, 99, 106 ...): such numbers carry an underline on
 * double-ended items. 69, 96, 88, 101 and 609 read as themselves and do not. */
bool look_ambiguous(long n);

#endif
