/* yread.c: typed readers with diagnostics, for every YAML loader. */
#include "yread.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util.h"

struct loc yr_loc(const struct yread *r, const struct ynode *n)
{
	struct loc l = n->loc;
	/* the model's copy of the file name; a node from elsewhere (tune's
	 * --vary values) keeps its own */
	if (r->file && (!l.file || strcmp(l.file, r->file) == 0))
		l.file = r->file;
	return l;
}

void yr_error(struct yread *r, const struct ynode *n, const char *fmt, ...)
{
	struct buf b = {0};
	va_list ap;
	va_start(ap, fmt);
	buf_vprintf(&b, fmt, ap);
	va_end(ap);
	struct loc whole = {r->file, 0, 0};
	struct loc l = n ? yr_loc(r, n) : whole;
	diag(SEV_ERROR, &l, "%s", b.s ? b.s : "");
	buf_free(&b);
	r->errors++;
}

/* An optional sign, then one or more decimal digits and nothing else. */
static bool all_digits(const char *s)
{
	if (*s == '-' || *s == '+')
		s++;
	if (!*s)
		return false;
	for (; *s; s++)
		if (!isdigit((unsigned char)*s))
			return false;
	return true;
}

/* Why a scalar that looks like a number is not a plain whole number, or NULL. */
static const char *number_form(const char *s)
{
	const char *d = s + (*s == '-' || *s == '+');
	if (d[0] == '0' && (d[1] == 'x' || d[1] == 'X') && isxdigit((unsigned char)d[2]))
		return "hexadecimal";
	if (d[0] == '0' && (d[1] == 'o' || d[1] == 'O') && isdigit((unsigned char)d[2]))
		return "octal";
	if (!strcasecmp(d, ".inf") || !strcasecmp(d, ".nan"))
		return "not a finite number";
	size_t ip = strspn(d, "0123456789"), fp = 0;
	bool dot = d[ip] == '.';
	if (dot)
		fp = strspn(d + ip + 1, "0123456789");
	if (ip + fp == 0)
		return NULL;
	const char *e = d + ip + dot + fp;
	if ((*e == 'e' || *e == 'E') && e[1 + (e[1] == '-' || e[1] == '+')] >= '0' &&
	    e[1 + (e[1] == '-' || e[1] == '+')] <= '9')
		return "exponent notation";
	if (dot && !*e) {
		bool zeros = strspn(d + ip + 1, "0") == fp;
		return zeros ? "a decimal point" : "a fraction";
	}
	return NULL;
}

int yr_int(struct yread *r, const char *key, const struct ynode *n, long lo, long hi, long *out)
{
	long v;
	if (n->kind == Y_SCALAR && ynode_int(n, &v) != 0 && all_digits(n->str)) {
		/* Too many digits for a long: out of range, not "not a number". */
		yr_error(r, n, "'%s' must be %ld..%ld, not %.40s%s", key, lo, hi, n->str,
			 n->len > 40 ? "..." : "");
		return -1;
	}
	const char *form = n->kind == Y_SCALAR ? number_form(n->str) : NULL;
	if (form && ynode_int(n, &v) != 0) {
		yr_error(r, n, "'%s' must be a whole number in decimal digits, not %.40s (%s)", key,
			 n->str, form);
		return -1;
	}
	if (n->kind != Y_SCALAR || ynode_int(n, &v) != 0) {
		yr_error(r, n, "'%s' must be a whole number, not %s", key, ynode_what(n));
		return -1;
	}
	if (v < lo || v > hi) {
		yr_error(r, n, "'%s' must be %ld..%ld, not %ld", key, lo, hi, v);
		return -1;
	}
	*out = v;
	return 0;
}

const char *yr_scalar(struct yread *r, const char *key, const struct ynode *n)
{
	if (n->kind != Y_SCALAR) {
		yr_error(r, n, "'%s' must be a string, not %s", key, ynode_what(n));
		return NULL;
	}
	return n->str;
}

int yr_str(struct yread *r, const char *key, const struct ynode *n, bool nonempty, char **out)
{
	if (n->kind != Y_SCALAR || ynode_is_null(n) || (nonempty && n->len == 0)) {
		yr_error(r, n, "'%s' must be a string, not %s", key, ynode_what(n));
		return -1;
	}
	free(*out);
	*out = xstrndup(n->str, n->len);
	return 0;
}

int yr_enum(struct yread *r, const char *key, const struct ynode *n, const char *const *names,
	    int count)
{
	if (n->kind == Y_SCALAR)
		for (int i = 0; i < count; i++)
			if (strcmp(n->str, names[i]) == 0)
				return i;
	struct buf b = {0};
	for (int i = 0; i < count; i++)
		buf_printf(&b, "%s%s", i ? (i == count - 1 ? " or " : ", ") : "", names[i]);
	if (n->kind == Y_SCALAR)
		yr_error(r, n, "'%s' must be %s, not '%s'", key, b.s, n->str);
	else
		yr_error(r, n, "'%s' must be %s, not %s", key, b.s, ynode_what(n));
	buf_free(&b);
	return -1;
}

int yr_bool(struct yread *r, const char *key, const struct ynode *n, bool *out)
{
	double d;
	if (ynode_bool(n, out) != 0) {
		/* A word is quoted back ("not 'maybe'"); a number or a list is named. */
		if (n->kind == Y_SCALAR && !ynode_is_null(n) && !(n->plain && ynode_double(n, &d) == 0))
			yr_error(r, n, "'%s' must be true or false, not '%.40s%s'", key, n->str,
				 n->len > 40 ? "..." : "");
		else
			yr_error(r, n, "'%s' must be true or false, not %s", key, ynode_what(n));
		return -1;
	}
	return 0;
}

int yr_want(struct yread *r, const char *key, const struct ynode *n, enum ykind kind)
{
	if (n->kind == kind)
		return 0;
	yr_error(r, n, "'%s' must be %s, not %s", key, kind == Y_MAP ? "a mapping" : "a list",
		 ynode_what(n));
	return -1;
}

const char *yr_closest(const char *word, const char *const *known)
{
	return closest_word(word, known);
}

void yr_unknown_key(struct yread *r, const struct ynode *key, const char *where,
		    const char *const *known)
{
	const char *best = yr_closest(key->str, known);
	if (best) {
		yr_error(r, key, "unknown key '%s'%s (did you mean '%s'?)", key->str, where, best);
		return;
	}
	struct buf b = {0};
	for (size_t i = 0; known[i]; i++)
		buf_printf(&b, "%s%s", i ? ", " : "", known[i]);
	yr_error(r, key, "unknown key '%s'%s (expected one of: %s)", key->str, where, b.s ? b.s : "");
	buf_free(&b);
}

int yr_key(struct yread *r, const struct ynode *key, const char *where, const char *const *known)
{
	for (int i = 0; known[i]; i++)
		if (strcmp(known[i], key->str) == 0)
			return i;
	yr_unknown_key(r, key, where, known);
	return -1;
}

void yr_only_keys(struct yread *r, const struct ynode *map, const char *where,
		  const char *const *known)
{
	for (size_t i = 0; i < map->n; i++) {
		const char *k = map->pairs[i].key->str;
		size_t j;
		for (j = 0; known[j] && strcmp(known[j], k) != 0; j++)
			;
		if (!known[j])
			yr_unknown_key(r, map->pairs[i].key, where, known);
	}
}
