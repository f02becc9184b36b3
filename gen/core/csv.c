/* csv.c: RFC 4180 CSV, written and read (csv.h). */
#include "csv.h"

#include <stdarg.h>
#include <string.h>

#include "diag.h"

/* ---- writing ---- */

void csv_cell(struct buf *s, const char *v)
{
	/* A spreadsheet runs a cell that starts with = + - @ (or a tab or CR) as a
	 * formula: a leading ' keeps it text. */
	bool formula = strchr("=+-@\t\r", *v) && *v;
	if (!formula && !v[strcspn(v, ",\"\r\n")]) {
		buf_puts(s, v);
		buf_puts(s, ",");
		return;
	}
	buf_puts(s, formula ? "\"'" : "\"");
	for (const char *q; (q = strchr(v, '"')); v = q + 1) {
		buf_add(s, v, (size_t)(q - v));
		buf_puts(s, "\"\"");
	}
	buf_puts(s, v);
	buf_puts(s, "\",");
}

void csv_cellf(struct buf *s, const char *fmt, ...)
{
	struct buf t = {0};
	va_list ap;
	va_start(ap, fmt);
	buf_vprintf(&t, fmt, ap);
	va_end(ap);
	csv_cell(s, t.s ? t.s : "");
	buf_free(&t);
}

void csv_end(struct buf *s)
{
	if (s->len && s->s[s->len - 1] == ',')
		s->s[s->len - 1] = '\n';
	else
		buf_puts(s, "\n");
}

/* ---- reading ---- */

void csv_reader_init(struct csv_reader *c, const char *file, const char *text, size_t len)
{
	*c = (struct csv_reader){file, text, text + len, 1, 1, {0}, 0};
	if (len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0)
		c->s += 3;  /* a byte-order mark */
}

void csv_reader_free(struct csv_reader *c)
{
	buf_free(&c->field);
}

void csv_error(struct csv_reader *c, unsigned line, unsigned col, const char *msg)
{
	struct loc l = {c->file, line, col};
	diag(SEV_ERROR, &l, "%s", msg);
	c->errors++;
}

bool csv_done(const struct csv_reader *c)
{
	return c->s >= c->end;
}

bool csv_at_break(const struct csv_reader *c)
{
	return c->s < c->end && (*c->s == '\n' || *c->s == '\r');
}

/* Step over one byte; a line ends at LF, CRLF or a lone CR. */
static void advance(struct csv_reader *c)
{
	if (*c->s == '\n' || (*c->s == '\r' && (c->s + 1 >= c->end || c->s[1] != '\n'))) {
		c->line++;
		c->col = 1;
	} else if ((*c->s & 0xc0) != 0x80) {
		c->col++;
	}
	c->s++;
}

/* A quoted field from its opening quote at line:col; 0, or -1 reported. */
static int quoted_field(struct csv_reader *c, unsigned line, unsigned col)
{
	advance(c);
	for (;;) {
		if (c->s >= c->end) {
			csv_error(c, line, col, "this quoted field is not closed (it runs to the end of the file)");
			return -1;
		}
		if (*c->s == '"') {
			if (c->s + 1 < c->end && c->s[1] == '"') {
				buf_add(&c->field, "\"", 1);
				advance(c);
				advance(c);
				continue;
			}
			advance(c);
			break;
		}
		if (*c->s != '\r')
			buf_add(&c->field, c->s, 1);
		else if (c->s + 1 >= c->end || c->s[1] != '\n')
			buf_add(&c->field, "\n", 1);
		advance(c);
	}
	if (c->s < c->end && *c->s != ',' && *c->s != '\n' && *c->s != '\r') {
		csv_error(c, c->line, c->col, "after a closing quote, a comma or the end of the line");
		return -1;
	}
	return 0;
}

int csv_field(struct csv_reader *c)
{
	c->field.len = 0;
	buf_add(&c->field, "", 0);
	if (c->s < c->end && *c->s == '"')
		return quoted_field(c, c->line, c->col);
	while (c->s < c->end && *c->s != ',' && *c->s != '\n' && *c->s != '\r') {
		if (*c->s == '"') {
			csv_error(c, c->line, c->col,
				  "a quote inside an unquoted field (quote the whole field, and write a quote in it as \"\")");
			return -1;
		}
		buf_add(&c->field, c->s, 1);
		advance(c);
	}
	return 0;
}

bool csv_next(struct csv_reader *c)
{
	if (c->s < c->end && *c->s == ',') {
		advance(c);
		return true;
	}
	if (c->s < c->end && *c->s == '\r')
		advance(c);
	if (c->s < c->end && *c->s == '\n')
		advance(c);
	return false;
}

void csv_skip_line(struct csv_reader *c)
{
	while (c->s < c->end && *c->s != '\n' && *c->s != '\r')
		advance(c);
	bool cr = c->s < c->end && *c->s == '\r';
	if (cr)
		advance(c);
	if (c->s < c->end && *c->s == '\n' && (!cr || c->s[-1] == '\r'))
		advance(c);
}
