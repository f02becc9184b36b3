/* names.h: a command-line list of names as a bit mask (apart from util.h, which
 * reports nothing, so util does not depend on diag). */
#ifndef RAILYARD_NAMES_H
#define RAILYARD_NAMES_H

#include <stddef.h>

/* A command-line list of names ("faces,svg" or "faces svg") as a bit mask: bit i
 * for names[i]. An unknown or missing name is reported as "OPT: unknown WHAT
 * 'x' (names...)" and gives -1. */
int parse_name_mask(const char *opt, const char *what, const char *arg,
		    const char *const *names, size_t n);

#endif
