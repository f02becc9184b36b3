/* names.h: command-line lists of names and numbers, reported (apart from util.h, which
 * reports nothing, so util does not depend on diag). */
#ifndef RAILYARD_NAMES_H
#define RAILYARD_NAMES_H

#include <stddef.h>

/* A command-line list of names ("faces,svg" or "faces svg") as a bit mask: bit i
 * for names[i]. An unknown or missing name is reported as "OPT: unknown WHAT
 * 'x' (names...)" and gives -1. */
int parse_name_mask(const char *opt, const char *what, const char *arg,
		    const char *const *names, size_t n);

/* A command-line number for option opt: a whole decimal number in [lo, hi], or
 * -1 after a precise report ("--max-items: '1e6' is not a whole number (digits
 * 0-9 only); it must be 1..1000000000", "... is too large", "... is negative"). */
int parse_count(const char *opt, const char *arg, long lo, long hi, long *out);

/* The optional groups of a deck pack a command leaves out (--without NAME) or puts in (--with
 * NAME). Zero-initialise; the names point into argv. */
#define NAMES_MAX_SELECT 32
struct names_select {
	char *without[NAMES_MAX_SELECT], *with[NAMES_MAX_SELECT];
	size_t nwithout, nwith;
};
/* Record --without NAME (c == 'w') or --with NAME (any other c). Reports and
 * returns -1 when there are too many. */
int names_select_add(struct names_select *s, int c, char *name);

#endif
