/* diag.c: diagnostics with file:line:column and a quoted source line. */
#include "diag.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

struct source {
	char *file, *text;
	size_t len;
	size_t *lines;   /* lines[i]: offset of line i + 1; built on the first excerpt */
	size_t nlines;
};

static struct source *sources;
static size_t nsources, capsources;
static unsigned counts[3];
static FILE *stream;
static int excerpts = 1;
static int quiet;
static int strict;              /* --strict: a warning is printed and counted as an error */
static unsigned long promoted;  /* the warnings --strict made errors */
static void (*hook)(void *user, enum severity sev, const struct loc *loc, const char *msg);
static void *hook_user;

static const char *const sevname[] = {"note", "warning", "error"};

/* Each input (a file, or "" for the command line) shows at most DIAG_MAX_SHOWN
 * errors and warnings; the rest are counted and summed up by diag_reset. */
#define DIAG_MAX_SHOWN 100

struct input {
	char *file;
	unsigned long shown, hidden;
};
static struct input *inputs;
static size_t ninputs, capinputs;
static int last_hidden;  /* the last error or warning was hidden: so are its notes */

static struct input *input_of(const char *file)
{
	if (!file)
		file = "";
	for (size_t i = ninputs; i-- > 0;)
		if (strcmp(inputs[i].file, file) == 0)
			return &inputs[i];
	inputs = xgrow(inputs, &capinputs, ninputs + 1, sizeof *inputs);
	inputs[ninputs] = (struct input){xstrdup(file), 0, 0};
	return &inputs[ninputs++];
}

void diag_set_stream(FILE *f)
{
	stream = f;
}

void diag_set_quiet(int on)
{
	quiet = on;
}

void diag_set_hook(void (*fn)(void *user, enum severity sev, const struct loc *loc, const char *msg),
		   void *user)
{
	hook = fn;
	hook_user = user;
}

void diag_set_excerpts(int on)
{
	excerpts = on;
}

void diag_set_strict(int on)
{
	strict = on;
}

unsigned long diag_strict_errors(void)
{
	return promoted;
}

void diag_note_alone(void)
{
	last_hidden = 0;
}

void diag_source(const char *file, const char *text, size_t len)
{
	sources = xgrow(sources, &capsources, nsources + 1, sizeof *sources);
	sources[nsources].file = xstrdup(file);
	sources[nsources].text = xstrndup(text, len);
	sources[nsources].len = len;
	sources[nsources].lines = NULL;
	sources[nsources].nlines = 0;
	nsources++;
}

static struct source *find_source(const char *file)
{
	for (size_t i = nsources; i-- > 0;)
		if (strcmp(sources[i].file, file) == 0)
			return &sources[i];
	return NULL;
}

/* Index the starts of s's lines once, so that quoting a line costs the same for
 * the 100,000th message as for the first. */
static void index_lines(struct source *s)
{
	size_t cap = 0;
	const char *p = s->text, *end = s->text + s->len;
	for (;;) {
		s->lines = xgrow(s->lines, &cap, s->nlines + 1, sizeof *s->lines);
		s->lines[s->nlines++] = (size_t)(p - s->text);
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			break;
		p = nl + 1;
	}
}

/* The length of the valid UTF-8 sequence of two to four bytes at s (at most n
 * bytes available), or 0. */
static size_t utf8_len(const char *s, size_t n)
{
	unsigned char c = (unsigned char)s[0];
	size_t len = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3
		   : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
	if (len == 0 || len > n)
		return 0;
	for (size_t i = 1; i < len; i++)
		if (((unsigned char)s[i] & 0xC0) != 0x80)
			return 0;
	return len;
}

/* The code point of the three-byte sequence at s when it is a bidi control or an
 * invisible character (text_problem's list), which a terminal would obey or hide;
 * else 0. */
static unsigned hidden_char(const char *s, size_t len)
{
	if (len != 3)
		return 0;
	const unsigned char *u = (const unsigned char *)s;
	unsigned cp = (u[0] & 0x0fu) << 12 | (u[1] & 0x3fu) << 6 | (u[2] & 0x3fu);
	bool hide = cp == 0x200b || cp == 0x200e || cp == 0x200f || (cp >= 0x2028 && cp <= 0x202e) ||
		    cp == 0x2060 || (cp >= 0x2066 && cp <= 0x2069) || cp == 0xfeff;
	return hide ? cp : 0;
}

/* Print the source line of loc and a caret under its column. Tabs are kept so the
 * caret lines up in a terminal; control bytes are shown as '?'. */
static void excerpt(FILE *f, const struct loc *loc)
{
	struct source *s = find_source(loc->file);
	if (!s)
		return;
	if (!s->lines)
		index_lines(s);
	if (loc->line > s->nlines)
		return;
	const char *p = s->text + s->lines[loc->line - 1], *end = s->text + s->len;
	const char *eol = memchr(p, '\n', (size_t)(end - p));
	if (!eol)
		eol = end;
	/* libyaml counts columns in characters: find the column's byte. */
	const char *at = p;
	for (unsigned col = 1; at < eol && col < loc->col; at++)
		col += ((unsigned char)*at & 0xC0) != 0x80;
	while (at < eol && ((unsigned char)*at & 0xC0) == 0x80)
		at++;
	/* Show at most 160 bytes; far along a long line, a window around the column
	 * (a flow list of 100,000 items is one line). */
	const char *from = p;
	if (at - p > 120) {
		from = at - 60;
		while (from < at && ((unsigned char)*from & 0xC0) == 0x80)
			from++;
	}
	size_t n = (size_t)(eol - from);
	if (n > 160)
		n = 160;
	const char *more = from > p ? "..." : "";
	fprintf(f, "%5u | %s", loc->line, more);
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)from[i];
		if (c < 0x80) {
			fputc(c == '\t' || (c >= 0x20 && c != 0x7f) ? c : '?', f);
			continue;
		}
		/* Only whole UTF-8 sequences reach the terminal; a bad lead byte shows as
		 * '?', stray continuation bytes not at all (the caret skips them too). */
		size_t len = utf8_len(from + i, n - i);
		if (len && hidden_char(from + i, len)) {
			fputc('?', f);
			i += len - 1;
		} else if (len) {
			fwrite(from + i, 1, len, f);
			i += len - 1;
		} else if ((c & 0xC0) != 0x80) {
			fputc('?', f);
		}
	}
	fprintf(f, "\n      | %s", from > p ? "   " : "");
	for (const char *q = from; q < at; q++)
		if (((unsigned char)*q & 0xC0) != 0x80)
			fputc(*q == '\t' ? '\t' : ' ', f);
	fputs("^\n", f);
}

/* Write s with every control character (C0, DEL, C1) escaped as \xNN or \u00NN and
 * every byte that is not UTF-8 as \xNN: text from a file or the command line
 * cannot move the cursor, change colours or ring the bell. */
static void put_escaped(FILE *f, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c < 0x80) {
			if (c < 0x20 || c == 0x7f)
				fprintf(f, "\\x%02x", c);
			else
				fputc(c, f);
			continue;
		}
		size_t len = utf8_len(s + i, n - i);
		if (len == 2 && c == 0xC2 && (unsigned char)s[i + 1] < 0xA0) {
			fprintf(f, "\\u%04x", (unsigned char)s[i + 1]);   /* C1 */
			i++;
		} else if (len && hidden_char(s + i, len)) {
			fprintf(f, "\\u%04x", hidden_char(s + i, len));
			i += len - 1;
		} else if (len) {
			fwrite(s + i, 1, len, f);
			i += len - 1;
		} else {
			fprintf(f, "\\x%02x", c);
		}
	}
}

void diag(enum severity sev, const struct loc *loc, const char *fmt, ...)
{
	FILE *f = stream ? stream : stderr;
	counts[sev]++;
	if (quiet)
		return;
	if (sev == SEV_NOTE) {
		if (last_hidden)
			return;
	} else {
		struct input *in = input_of(loc ? loc->file : NULL);
		last_hidden = in->shown >= DIAG_MAX_SHOWN;
		if (last_hidden) {
			in->hidden++;
			promoted += sev == SEV_WARNING && strict;
			return;
		}
		in->shown++;
	}
	fputs("railyard: ", f);
	if (loc && loc->file) {
		put_escaped(f, loc->file, strlen(loc->file));
		if (loc->line)
			fprintf(f, ":%u:%u", loc->line, loc->col);
		fputs(": ", f);
	}
	if (sev == SEV_WARNING && strict) {
		promoted++;
		fputs("error (--strict): ", f);
	} else {
		fprintf(f, "%s: ", sevname[sev]);
	}
	struct buf msg = {0};
	va_list ap;
	va_start(ap, fmt);
	buf_vprintf(&msg, fmt, ap);
	va_end(ap);
	if (msg.s)
		put_escaped(f, msg.s, msg.len);
	if (hook)
		hook(hook_user, sev == SEV_WARNING && strict ? SEV_ERROR : sev, loc, msg.s ? msg.s : "");
	buf_free(&msg);
	fputc('\n', f);
	if (excerpts && loc && loc->file && loc->line)
		excerpt(f, loc);
}

unsigned diag_count(enum severity sev)
{
	return counts[sev];
}

void diag_reset(void)
{
	FILE *f = stream ? stream : stderr;
	for (size_t i = 0; i < ninputs; i++) {
		if (inputs[i].hidden) {
			fputs("railyard: ", f);
			if (inputs[i].file[0]) {
				put_escaped(f, inputs[i].file, strlen(inputs[i].file));
				fputs(": ", f);
			}
			fprintf(f, "note: and %lu more errors and warnings (only the first %d of each input are shown)\n",
				inputs[i].hidden, DIAG_MAX_SHOWN);
		}
		free(inputs[i].file);
	}
	free(inputs);
	inputs = NULL;
	ninputs = capinputs = 0;
	last_hidden = 0;
	for (size_t i = 0; i < nsources; i++) {
		free(sources[i].file);
		free(sources[i].text);
		free(sources[i].lines);
	}
	free(sources);
	sources = NULL;
	nsources = capsources = 0;
	memset(counts, 0, sizeof counts);
	promoted = 0;
}

void diag_put_escaped(FILE *f, const char *s)
{
	put_escaped(f, s, strlen(s));
}
