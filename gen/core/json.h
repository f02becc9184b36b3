/* json.h: the one JSON writer of every --json report. A struct jw writes one
 * document to a FILE: containers opened and ended, keys, values; it puts the
 * commas, the quotes and the escapes, so no report threads JSON through printf.
 * A container lays its members out inline ({"a": 1, "b": 2}), one a line under
 * an indent, or in any shape a report has promised (jw_open). */
#ifndef RAILYARD_JSON_H
#define RAILYARD_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define JW_MAX_DEPTH 16
#define JW_MAX_SPACE 48   /* characters of one layout string */

struct jw_level {
	char bracket;                 /* '{' or '[' */
	bool empty;                   /* nothing in it yet */
	char first[JW_MAX_SPACE];     /* before its first member */
	char sep[JW_MAX_SPACE];       /* between members */
	char last[JW_MAX_SPACE];      /* after its last member, before the bracket */
};

struct jw {
	FILE *out;
	int depth;
	bool keyed;                   /* a key was written; its value comes next */
	const char *sep;              /* the next member's separator, once (jw_sep), or NULL */
	struct jw_level lv[JW_MAX_DEPTH];
};

/* Start a document on out (nothing written yet). */
void jw_init(struct jw *w, FILE *out);

/* Open an object or an array as the next value: inline ({"a": 1, "b": 2}). */
void jw_object(struct jw *w);
void jw_array(struct jw *w);
/* The same, one member a line, indented ind and two spaces; the closing bracket
 * on its own line at ind. */
void jw_object_at(struct jw *w, const char *ind);
void jw_array_at(struct jw *w, const char *ind);
/* Open bracket ('{' or '[') with first written before its first member, sep
 * between members and last after the last one (an empty one is just the
 * brackets). The strings are copied (at most JW_MAX_SPACE - 1 characters). */
void jw_open(struct jw *w, char bracket, const char *first, const char *sep, const char *last);
/* Close the innermost open container. */
void jw_end(struct jw *w);

/* The next member's key, in an object. */
void jw_key(struct jw *w, const char *key);
/* The next member (not the first) follows sep (a string that outlives the
 * call) instead of its container's separator: a report's one line break. */
void jw_sep(struct jw *w, const char *sep);

/* Values: the next array member, a key's value, or the document. */
void jw_str(struct jw *w, const char *s);              /* NULL: null */
void jw_strn(struct jw *w, const char *s, size_t n);   /* s[0..n), no NUL needed */
void jw_int(struct jw *w, long long v);
void jw_uint(struct jw *w, unsigned long long v);
void jw_num(struct jw *w, double v);                   /* %.6g; null when not finite */
void jw_fixed(struct jw *w, double v, int decimals);   /* %.*f */
void jw_bool(struct jw *w, bool v);
void jw_null(struct jw *w);
/* A member: its key and its value, as jw_key and the value's function. */
void jw_put_str(struct jw *w, const char *key, const char *s);
void jw_put_int(struct jw *w, const char *key, long long v);
void jw_put_uint(struct jw *w, const char *key, unsigned long long v);
void jw_put_num(struct jw *w, const char *key, double v);
void jw_put_bool(struct jw *w, const char *key, bool v);

/* A value already formatted as JSON (a number in a report's own format). */
void jw_raw(struct jw *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Write s as a JSON string literal, quotes included (what jw_str writes). */
void json_str(FILE *out, const char *s);

#endif
