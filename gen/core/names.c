/* names.c: a command-line list of names as a bit mask. */
#include "names.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "util.h"

int parse_name_mask(const char *opt, const char *what, const char *arg,
		    const char *const *names, size_t n)
{
	int mask = 0;
	char *copy = xstrdup(arg), *save = NULL;
	struct buf all = {0};
	for (size_t i = 0; i < n; i++)
		buf_printf(&all, "%s%s", i ? ", " : "", names[i]);
	for (char *tok = strtok_r(copy, ", ", &save); tok; tok = strtok_r(NULL, ", ", &save)) {
		size_t i;
		for (i = 0; i < n && strcmp(tok, names[i]) != 0; i++)
			;
		if (i == n) {
			const char **known = xcalloc(n + 1, sizeof *known);
			memcpy(known, names, n * sizeof *known);
			const char *near = closest_word(tok, known);
			if (near)
				diag(SEV_ERROR, NULL, "%s: unknown %s '%s' (did you mean '%s'? %s)", opt, what, tok,
				     near, all.s);
			else
				diag(SEV_ERROR, NULL, "%s: unknown %s '%s' (%s)", opt, what, tok, all.s);
			free(known);
			mask = -1;
			break;
		}
		mask |= 1 << i;
	}
	if (mask == 0)
		diag(SEV_ERROR, NULL, "%s needs at least one %s (%s)", opt, what, all.s);
	free(copy);
	buf_free(&all);
	return mask > 0 ? mask : -1;
}

int parse_count(const char *opt, const char *arg, long lo, long hi, long *out)
{
	const char *why = NULL;
	const char *d = arg;
	if (*d == '+' || *d == '-')
		d++;
	size_t ndig = strspn(d, "0123456789");
	long v = 0;
	if (!*arg)
		why = "is empty";
	else if (ndig == 0 || d[ndig])
		why = "is not a whole number (digits 0-9 only)";
	else if (*arg == '-' && strspn(d, "0") != ndig && lo >= 0)
		why = "is negative";
	else if (parse_int(arg, LONG_MIN, LONG_MAX, &v) != 0)
		why = *arg == '-' ? "is too small" : "is too large";
	else if (v < lo || v > hi)
		why = v < lo ? "is too small" : "is too large";
	if (why) {
		diag(SEV_ERROR, NULL, "%s: '%s' %s; it must be %ld..%ld", opt, arg, why, lo, hi);
		return -1;
	}
	*out = v;
	return 0;
}

int names_select_add(struct names_select *s, int c, char *name)
{
	if ((c == 'w' ? s->nwithout : s->nwith) >= NAMES_MAX_SELECT) {
		diag(SEV_ERROR, NULL, "too many --with/--without options (at most %d each)",
		     NAMES_MAX_SELECT);
		return -1;
	}
	if (c == 'w')
		s->without[s->nwithout++] = name;
	else
		s->with[s->nwith++] = name;
	return 0;
}
