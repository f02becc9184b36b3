/* json.c: the JSON writer (json.h). */
#include "json.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static void str_n(FILE *out, const char *s, size_t n)
{
	fputc('"', out);
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == '"' || c == '\\')
			fprintf(out, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", out);
		else if (c == '\t')
			fputs("\\t", out);
		else if (c < 0x20)
			fprintf(out, "\\u%04x", c);
		else
			fputc(c, out);
	}
	fputc('"', out);
}

void json_str(FILE *out, const char *s)
{
	str_n(out, s, strlen(s));
}

void jw_init(struct jw *w, FILE *out)
{
	memset(w, 0, sizeof *w);
	w->out = out;
}

/* Before a member of the innermost container: its separator. */
static void member(struct jw *w)
{
	if (!w->depth)
		return;
	struct jw_level *l = &w->lv[w->depth - 1];
	fputs(l->empty ? l->first : w->sep ? w->sep : l->sep, w->out);
	l->empty = false;
	w->sep = NULL;
}

/* Before a value: the separator, unless it is a key's. */
static void value(struct jw *w)
{
	if (w->keyed)
		w->keyed = false;
	else
		member(w);
}

static void copy(char *to, const char *from)
{
	size_t n = strlen(from);
	if (n >= JW_MAX_SPACE)
		n = JW_MAX_SPACE - 1;
	memcpy(to, from, n);
	to[n] = 0;
}

void jw_open(struct jw *w, char bracket, const char *first, const char *sep, const char *last)
{
	value(w);
	if (w->depth >= JW_MAX_DEPTH)
		abort();   /* no report nests this deep: a programming error */
	struct jw_level *l = &w->lv[w->depth++];
	l->bracket = bracket;
	l->empty = true;
	copy(l->first, first);
	copy(l->sep, sep);
	copy(l->last, last);
	fputc(bracket, w->out);
}

void jw_object(struct jw *w)
{
	jw_open(w, '{', "", ", ", "");
}

void jw_array(struct jw *w)
{
	jw_open(w, '[', "", ", ", "");
}

static void open_at(struct jw *w, char bracket, const char *ind)
{
	char first[JW_MAX_SPACE], sep[JW_MAX_SPACE], last[JW_MAX_SPACE];
	snprintf(first, sizeof first, "\n%s  ", ind);
	snprintf(sep, sizeof sep, ",\n%s  ", ind);
	snprintf(last, sizeof last, "\n%s", ind);
	jw_open(w, bracket, first, sep, last);
}

void jw_object_at(struct jw *w, const char *ind)
{
	open_at(w, '{', ind);
}

void jw_array_at(struct jw *w, const char *ind)
{
	open_at(w, '[', ind);
}

void jw_end(struct jw *w)
{
	if (!w->depth)
		return;
	struct jw_level *l = &w->lv[--w->depth];
	if (!l->empty)
		fputs(l->last, w->out);
	fputc(l->bracket == '{' ? '}' : ']', w->out);
}

void jw_key(struct jw *w, const char *key)
{
	member(w);
	str_n(w->out, key, strlen(key));
	fputs(": ", w->out);
	w->keyed = true;
}

void jw_sep(struct jw *w, const char *sep)
{
	w->sep = sep;
}

void jw_str(struct jw *w, const char *s)
{
	if (!s) {
		jw_null(w);
		return;
	}
	value(w);
	str_n(w->out, s, strlen(s));
}

void jw_strn(struct jw *w, const char *s, size_t n)
{
	value(w);
	str_n(w->out, s, n);
}

void jw_int(struct jw *w, long long v)
{
	value(w);
	fprintf(w->out, "%lld", v);
}

void jw_uint(struct jw *w, unsigned long long v)
{
	value(w);
	fprintf(w->out, "%llu", v);
}

void jw_num(struct jw *w, double v)
{
	value(w);
	if (isfinite(v))
		fprintf(w->out, "%.6g", v);
	else
		fputs("null", w->out);
}

void jw_fixed(struct jw *w, double v, int decimals)
{
	value(w);
	fprintf(w->out, "%.*f", decimals, v);
}

void jw_bool(struct jw *w, bool v)
{
	value(w);
	fputs(v ? "true" : "false", w->out);
}

void jw_null(struct jw *w)
{
	value(w);
	fputs("null", w->out);
}

void jw_put_str(struct jw *w, const char *key, const char *s)
{
	jw_key(w, key);
	jw_str(w, s);
}

void jw_put_int(struct jw *w, const char *key, long long v)
{
	jw_key(w, key);
	jw_int(w, v);
}

void jw_put_uint(struct jw *w, const char *key, unsigned long long v)
{
	jw_key(w, key);
	jw_uint(w, v);
}

void jw_put_num(struct jw *w, const char *key, double v)
{
	jw_key(w, key);
	jw_num(w, v);
}

void jw_put_bool(struct jw *w, const char *key, bool v)
{
	jw_key(w, key);
	jw_bool(w, v);
}

void jw_raw(struct jw *w, const char *fmt, ...)
{
	value(w);
	va_list ap;
	va_start(ap, fmt);
	vfprintf(w->out, fmt, ap);
	va_end(ap);
}
